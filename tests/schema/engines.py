"""Engines of every system and mode, and states reached by seeded random play (issue 16)."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator
from typing import Any

import numpy as np
from combatzoo.envs.core.engine import Engine
from combatzoo.envs.land_air_sea.env import make_engine as land_air_sea
from combatzoo.envs.solium_infernum.env import make_engine as solium_infernum
from combatzoo.envs.spellfire.battle.env import make_engine as spellfire
from combatzoo.envs.spellfire.game.env import make_engine as spellfire_game

SETUPS: dict[str, tuple[Any, dict[str, Any]]] = {
    "land_air_sea": (land_air_sea, {}),
    "land_air_sea_random": (land_air_sea, {"attacker": "random", "factions": "random"}),
    "solium_map": (solium_infernum, {"mode": "map"}),
    "solium_battle": (solium_infernum, {"mode": "battle"}),
    "spellfire_battle": (spellfire, {}),
    "spellfire_practice": (spellfire, {"pack": "practice"}),
    "spellfire_game": (spellfire_game, {}),
}
"""Every system and mode whose states the schema tests read and write."""

SYSTEM = {"land_air_sea": "land_air_sea", "land_air_sea_random": "land_air_sea",
          "solium_map": "solium_infernum", "solium_battle": "solium_infernum",
          "spellfire_battle": "spellfire", "spellfire_practice": "spellfire",
          "spellfire_game": "spellfire_game"}


@functools.cache
def engine(name: str) -> Engine[Any]:
    make, options = SETUPS[name]
    return make(**options)  # type: ignore[no-any-return]


def random_states(eng: Engine[Any], seed: int, limit: int = 400) -> Iterator[Any]:
    """The states of one seeded random game, from the deal to the end (at most ``limit``
    steps): every player to act picks a legal action at random."""
    rng = random.Random(seed)
    state = eng.new_game(np.random.default_rng(seed))
    yield state
    for _ in range(limit):
        if eng.is_over(state):
            return
        actions = {p: rng.choice(eng.legal_actions(state, p)) for p in eng.to_act(state)}
        eng.apply(state, actions)
        yield state
