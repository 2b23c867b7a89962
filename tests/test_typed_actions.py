"""Typed actions over every registered system (issue 12 item 3, DESIGN.md "Actions").

Every action id decodes to a typed value (kind + arguments) and the JSON view's ``legal`` list
carries them; the heuristic bots decide from kinds and arguments, never from label text. The
rewording test gives every action another action's label (the codec's static labels and the
engine's state-dependent ``action_label``) and checks that the bots still play the very same
moves, against random in both seats and against themselves.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from combatzoo.agents import make_agent
from combatzoo.envs import list_envs, make_engine
from combatzoo.envs.core.codec import CoreKind

from tests.scripting import bot_games, held_engines, reword_labels

SYSTEMS = list_envs()
MODES = [(s, {}) for s in SYSTEMS] + [("solium_infernum", {"mode": "battle"})]
SEEDS = range(8)


@pytest.mark.parametrize("system", SYSTEMS)
def test_no_untyped_actions(system: str) -> None:
    for engine in held_engines(make_engine(system)):
        untyped = [i for i, a in enumerate(engine.codec.actions) if a.kind is CoreKind.UNTYPED]
        assert not untyped, f"{system}: ids {untyped[:10]} have no typed kind"
        assert engine.codec.actions[0].kind is CoreKind.NOOP
        kinds = {a.kind for a in engine.codec.actions[1:]}
        assert len(kinds) >= 2, f"{system}: one kind for every action is no typing"


@pytest.mark.parametrize("system", SYSTEMS)
def test_legal_entries_carry_kind_and_args(system: str) -> None:
    engine = make_engine(system)
    state = engine.new_game(np.random.default_rng(3))
    for p in engine.to_act(state):
        view = engine.view(state, p)
        assert view["legal"], f"{system}: player {p} must act but its view lists no move"
        for entry in view["legal"]:
            typed = engine.decode_action(entry["id"])
            assert entry["kind"] == typed.kind.value
            assert entry["args"] == dict(typed.args)
            assert engine.codec.encode(typed) == entry["id"]


def _pairings(system: str) -> list[Any]:
    """Heuristic against random in both seats, and against itself."""
    def h() -> Any:
        return make_agent(system, "heuristic")

    def r() -> Any:
        return make_agent(system, "random")

    return [lambda seed: [h(), r()], lambda seed: [r(), h()], lambda seed: [h(), h()]]


@pytest.mark.parametrize(("system", "options"), MODES,
                         ids=[f"{s}-{o.get('mode', 'default')}" for s, o in MODES])
def test_bots_play_the_same_moves_when_every_label_is_reworded(
        system: str, options: dict[str, Any]) -> None:
    plain = make_engine(system, **options)
    moved = make_engine(system, **options)
    reword_labels(moved)
    probe = moved.new_game(np.random.default_rng(0))
    p = moved.to_act(probe)[0]
    # The rewording reached what the bots are shown (else this test proves nothing).
    shown = moved.view(probe, p)["legal"]
    assert any(e["label"] != plain.action_label(e["id"], probe, p) for e in shown)
    for pairing in _pairings(system):
        before = bot_games(plain, pairing, SEEDS)
        assert bot_games(moved, pairing, SEEDS) == before, f"{system}: the bots chose differently"
        assert all(before)  # every game was played, none empty
