"""The Spellfire engines' kept derived values change no game (issue 14).

The battle and the whole-game engines keep what they derive from a state (legal actions, the
round's sides and totals, the attacker's candidates, hand limits, observations) in the state's
cache until the state changes, and the speed work of issue 14 leans on them. Here each seeded
random game is played twice by two engines: once as the engines play it, once with every
derived value dropped before each question (so each answer is worked out from the state as it
is). Both plays must list the same legal actions, see the same observations, log the same events
and reach the same states and returns: a value kept past a change of the state would show up as
a difference.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import combatzoo.envs
import numpy as np
import pytest

CROSSFIRE = (Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "crossfire").resolve()
"""The CrossFire folder of the project's machines (its decks and card texts; never copied)."""
_HAS_CROSSFIRE = (CROSSFIRE / "DataBase").is_dir()
_NEEDS_CROSSFIRE = pytest.mark.skipif(not _HAS_CROSSFIRE,
                                      reason=f"CrossFire data not found at {CROSSFIRE}")

CASES = [
    pytest.param("spellfire", {}, 200, id="spellfire-builtin-200"),
    pytest.param("spellfire_game", {}, 12, id="spellfire_game-builtin-12"),
    pytest.param("spellfire", {"crossfire": str(CROSSFIRE)}, 200, marks=_NEEDS_CROSSFIRE,
                 id="spellfire-crossfire-200"),
    pytest.param("spellfire_game", {"crossfire": str(CROSSFIRE)}, 12, marks=_NEEDS_CROSSFIRE,
                 id="spellfire_game-crossfire-12"),
    pytest.param("spellfire_game", {}, 200, marks=pytest.mark.slow,
                 id="spellfire_game-builtin-200"),
    pytest.param("spellfire_game", {"crossfire": str(CROSSFIRE)}, 200,
                 marks=[_NEEDS_CROSSFIRE, pytest.mark.slow], id="spellfire_game-crossfire-200"),
]
"""System, engine options and number of seeded games: battles are short (about three
decisions), a whole game runs to over a hundred decisions (200 of them: the slow marker). The
CrossFire decks bring cards the built-in pack lacks (issue 14: the realm gates, the bars and
the card list's reach keep values their powers read)."""


def _drop_derived(engine: Any, state: Any) -> None:
    """Forget every value derived from ``state``, the card list's too (so that a value the
    engines wrongly keep across a change, ``context.KEPT``, shows as well)."""
    state.cache.clear()
    if hasattr(state, "table"):  # the whole game: its own cache, and the table's
        state.table.cache.clear()


def _play(engine: Any, seed: int, fresh: bool) -> list[Any]:
    """One seeded random game as a record of everything a player or a log could see."""
    state = engine.new_game(np.random.default_rng(seed))
    rng = random.Random(seed)
    record: list[Any] = [engine.to_json(state)]
    while not engine.is_over(state):
        chosen = {}
        for p in engine.to_act(state):
            if fresh:
                _drop_derived(engine, state)
            legal = engine.legal_actions(state, p)
            if fresh:
                _drop_derived(engine, state)
            seen = engine.observe(state, p)
            record.append((p, legal, seen.tobytes()))
            chosen[p] = legal[rng.randrange(len(legal))]
        if fresh:  # the step starts from a state with nothing derived (no legality check)
            _drop_derived(engine, state)
            events = engine.apply_trusted(state, chosen)
        else:
            events = engine.apply(state, chosen)
        record.append([e.to_json() for e in events])
        record.append(engine.to_json(state))
    record.append(engine.returns(state))
    record += [engine.observe(state, p).tobytes() for p in range(2)]
    return record


@pytest.mark.parametrize(("name", "options", "games"), CASES)
def test_kept_values_play_the_same_games(name: str, options: dict[str, Any],
                                         games: int) -> None:
    # One engine per way of playing, for every seed (a CrossFire pack takes seconds to load);
    # each engine's own caches (card facts, decks, the dealer's pairs) serve only its plays.
    kept_engine = combatzoo.envs.make_engine(name, **options)
    fresh_engine = combatzoo.envs.make_engine(name, **options)
    decisions = 0
    outcomes = set()
    for seed in range(games):
        kept = _play(kept_engine, seed, fresh=False)
        assert kept == _play(fresh_engine, seed, fresh=True), f"{name} seed {seed}"
        decisions += sum(1 for r in kept if isinstance(r, tuple))
        outcomes.add(tuple(kept[-3]))
    # The games reached decisions and endings of both kinds: the comparison saw real play.
    assert decisions > 2 * games
    assert {(1.0, -1.0), (-1.0, 1.0)} <= outcomes
