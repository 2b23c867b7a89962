"""Helpers for scripted Solium Infernum games: hand-written states, moves given by label."""

from __future__ import annotations

from typing import Any

import pytest
from combatzoo.envs.solium_infernum.config import SoliumInfernumConfig
from combatzoo.envs.solium_infernum.rules import SoliumEngine

from tests.scripting import Script as BaseScript


class Script(BaseScript):
    """Scripted moves, plus the record of the last battle."""

    @property
    def record(self) -> dict[str, Any]:
        assert self.state.last_battle is not None, "no battle has been resolved"
        return self.state.last_battle


def legion(kind: str, x: int, y: int, hp: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": kind, "at": [x, y]}
    if hp is not None:
        out["hp"] = hp
    return out


def side(legions: list[dict[str, Any]], tribute: int = 0,
         hand: dict[str, int] | None = None) -> dict[str, Any]:
    return {"legions": legions, "tribute": tribute, "hand": hand or {}}


def map_state(engine: SoliumEngine, p0: dict[str, Any], p1: dict[str, Any],
              places: list[dict[str, Any]] | None = None, width: int = 5, height: int = 5,
              current: int = 0, turns: int = 30, turn: int = 0) -> Script:
    """A map state at the start of ``current``'s order (no income is added: turn already begun)."""
    data = {"mode": "map", "width": width, "height": height, "turns": turns, "turn": turn,
            "current": current, "phase": "order", "players": [p0, p1],
            "places": places or []}
    return Script(engine, engine.from_json(data))


def place(kind: str, x: int, y: int, owner: int | None = None,
          hp: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": kind, "at": [x, y], "owner": owner}
    if hp is not None:
        out["hp"] = hp
    return out


def battle(setup: dict[str, Any]) -> Script:
    """A battle-mode engine and state from a ``battle_setup``."""
    engine = SoliumEngine(SoliumInfernumConfig(mode="battle", battle_setup=setup))
    import numpy as np

    return Script(engine, engine.new_game(np.random.default_rng(0)))


@pytest.fixture
def engine() -> SoliumEngine:
    return SoliumEngine()


DONE = "Done attaching cards"
