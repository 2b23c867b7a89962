"""Helpers for scripted Heroes of Land, Air & Sea battles: hand-written states, labelled moves."""

from __future__ import annotations

from typing import Any

import pytest
from combatzoo.envs.core.engine import Event
from combatzoo.envs.land_air_sea.config import LandAirSeaConfig
from combatzoo.envs.land_air_sea.rules import LandAirSeaEngine
from combatzoo.envs.land_air_sea.state import LandAirSeaState


class Script:
    """Drives an engine with action labels, one joint step at a time, collecting events."""

    def __init__(self, engine: LandAirSeaEngine, state: LandAirSeaState) -> None:
        self.engine = engine
        self.state = state
        self.events: list[Event] = []

    def step(self, **moves: str) -> list[Event]:
        """``step(player_0="Tactic: Charge", player_1="Tactic: First Strike")``."""
        actions = {int(agent[-1]): self.engine.codec.id_of(label) for agent, label in moves.items()}
        events = self.engine.apply(self.state, actions)
        self.events += events
        return events

    def kinds(self) -> list[str]:
        return [e.kind for e in self.events]

    def find(self, kind: str) -> list[Event]:
        return [e for e in self.events if e.kind == kind]

    def legal_labels(self, player: int) -> list[str]:
        return [self.engine.codec.label(a) for a in self.engine.legal_actions(self.state, player)]


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
