"""Helpers for scripted Heroes of Land, Air & Sea battles: hand-written states, labelled moves."""

from __future__ import annotations

from typing import Any

import pytest
from combatzoo.envs.land_air_sea.config import LandAirSeaConfig
from combatzoo.envs.land_air_sea.rules import LandAirSeaEngine

from tests.scripting import Script


def side(faction: str = "Humans", army: dict[str, int] | None = None,
         structures: dict[str, int] | None = None, ore: int = 0, mana: int = 0, food: int = 0,
         vp: int = 0, spellbook: list[str] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"faction": faction, "army": army or {}, "structures": structures or {},
                           "resources": {"ore": ore, "mana": mana, "food": food}, "vp": vp}
    if spellbook is not None:
        out["spellbook"] = spellbook
    return out


@pytest.fixture
def engine() -> LandAirSeaEngine:
    return LandAirSeaEngine(LandAirSeaConfig(num_battles=1))


def battle(engine: LandAirSeaEngine, p0: dict[str, Any], p1: dict[str, Any], attacker: int = 0,
           phase: str = "tactic", num_battles: int = 1) -> Script:
    """A state at the start of ``phase`` of battle 1 (spells declined if phase is tactic)."""
    data: dict[str, Any] = {"players": [p0, p1], "num_battles": num_battles,
                            "attackers": [attacker] * num_battles, "phase": phase}
    if phase == "tactic":
        data["spell"] = ["", ""]
    return Script(engine, engine.from_json(data))
