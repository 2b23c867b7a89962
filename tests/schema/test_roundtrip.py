"""Issue 16: the schema refuses nothing the engines write. Every state of seeded random games
of every system and mode reads back equal to itself (and writes the same JSON again)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from combatzoo.envs.schemas import MODELS
from combatzoo.envs.spellfire.battle.state import SpellfireState
from combatzoo.envs.spellfire.game.state import GameState

from .engines import SETUPS, SYSTEM, engine, random_states

STATES = 300
"""States read back per setup (from as many seeded games as it takes)."""


def comparable(state: Any) -> Any:
    """``state`` without Spellfire's empty attachment lists: a champion whose items were all
    discarded may keep ``attached[c] == []``, which the JSON writes as no attachments (the
    same thing in the game)."""
    table = state.table if isinstance(state, GameState) else state
    if not isinstance(table, SpellfireState):
        return state
    out = state.copy()
    for side in (out.table if isinstance(out, GameState) else out).players:
        side.attached = {c: items for c, items in side.attached.items() if items}
    return out


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_every_reached_state_reads_back_equal(name: str) -> None:
    eng = engine(name)
    count = seed = 0
    while count < STATES:
        for state in random_states(eng, seed):
            data = json.loads(json.dumps(eng.to_json(state)))
            back = eng.from_json(data)
            assert comparable(back) == comparable(state)
            assert eng.to_json(back) == data
            count += 1
        seed += 1


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_the_published_model_takes_what_the_engine_writes(name: str) -> None:
    # The whole-game engine checks its schema in two parts (turn, then table): the published
    # model, whole, must take the same states.
    eng = engine(name)
    model = MODELS[SYSTEM[name]][0]
    for state in random_states(eng, seed=1, limit=60):
        model.model_validate(eng.to_json(state))
