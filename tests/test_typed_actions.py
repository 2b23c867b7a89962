"""Typed actions over every registered system (issue 12 item 3, DESIGN.md "Actions").

Every action id decodes to a typed value (kind + arguments) and the JSON view's ``legal`` list
carries them; the heuristic bots decide from kinds and arguments, never from label text. The
rewording test words every label differently (the codec's static labels and the engine's
state-dependent ``action_label``) and checks that the bots still play the very same moves.
"""

from __future__ import annotations

import zlib
from typing import Any

import numpy as np
import pytest
from combatzoo.agents import make_agent
from combatzoo.envs import list_envs, make_engine
from combatzoo.envs.core.codec import ActionCodec, CoreKind
from combatzoo.envs.core.engine import Engine

SYSTEMS = list_envs()
GAMES_PER_SYSTEM = 4
MAX_DECISIONS = 5000


def _engines(engine: Engine[Any]) -> list[Engine[Any]]:
    """The engine and every engine it holds (the whole Spellfire game holds a battle engine)."""
    return [engine] + [v for v in vars(engine).values() if isinstance(v, Engine)]


def _reworded(text: str) -> str:
    """A wording that shares nothing with the original but stays unique per label."""
    return f"~{zlib.crc32(text.encode()):08x}~"


def reword(engine: Engine[Any]) -> None:
    """Give ``engine`` (and the engines it holds) new labels for every action."""
    for e in _engines(engine):
        codec: ActionCodec = e.codec
        codec.labels = tuple(_reworded(x) for x in codec.labels)
        codec._ids = {label: i for i, label in enumerate(codec.labels)}
        original = e.action_label

        def action_label(action: int, state: Any = None, player: int | None = None,
                         _original: Any = original) -> str:
            return _reworded(_original(action, state, player))

        e.action_label = action_label  # type: ignore[method-assign]


def play(system: str, seed: int, reworded: bool) -> tuple[list[dict[int, int]], list[str]]:
    """Heuristic (seat 0) against heuristic (seat 1) from ``seed``: the joint actions taken and
    the first legal label each bot was shown."""
    engine = make_engine(system)
    if reworded:
        reword(engine)
    state = engine.new_game(np.random.default_rng(seed))
    bots = [make_agent(system, "heuristic"), make_agent(system, "heuristic")]
    for i, bot in enumerate(bots):
        bot.reset(seed=seed + i)
    moves: list[dict[int, int]] = []
    shown: list[str] = []
    while not engine.is_over(state) and len(moves) < MAX_DECISIONS:
        joint: dict[int, int] = {}
        for p in engine.to_act(state):
            bot = bots[p]
            view = engine.view(state, p) if bot.needs_view else None
            if view is not None and view["legal"]:
                shown.append(view["legal"][0]["label"])
            obs = engine.observe(state, p) if getattr(bot, "needs_observation", True) else None
            joint[p] = bot.act(obs, engine.legal_mask(state, p), view)  # type: ignore[arg-type]
        engine.apply(state, joint)
        moves.append(joint)
    return moves, shown


@pytest.mark.parametrize("system", SYSTEMS)
def test_no_untyped_actions(system: str) -> None:
    engine = make_engine(system)
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


@pytest.mark.parametrize("system", SYSTEMS)
def test_bots_play_the_same_moves_when_every_label_is_reworded(system: str) -> None:
    for seed in range(GAMES_PER_SYSTEM):
        plain, plain_shown = play(system, seed, reworded=False)
        moved, moved_shown = play(system, seed, reworded=True)
        # The rewording reached what the bots were shown (else this test proves nothing).
        assert plain_shown and all(s.startswith("~") for s in moved_shown)
        assert not any(s.startswith("~") for s in plain_shown)
        assert moved == plain, f"{system} seed {seed}: the bots chose differently"
