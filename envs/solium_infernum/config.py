"""Settings of the Solium Infernum env (every option of ``env(**config)``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core.errors import StateError
from ..core.options import option_values
from .data import Tables

MODES = ("map", "battle")
LEGION_RULES = ("preset", "random")
MAX_LEGIONS = 6
"""Legion slots per player: the action space has one "Order legion k" id per slot."""


@dataclass(frozen=True)
class SoliumInfernumConfig:
    """One episode's settings. Every default is designed here (RULES.md §3 [decided]): the seed
    covers a single battle, so the map game around it is ours and kept small for training."""

    mode: str = "map"
    """``map``: players alternate orders on a small map; ``battle``: one battle, then the end."""
    map: str = "duel_5x5"
    """Map preset from ``maps.json`` (``duel_5x5``, ``skirmish_4x4``, ``front_6x5``)."""
    turns: int | None = None
    """Orders in an episode, both players together (``None``: the preset's)."""
    legions: str = "preset"
    """``preset``: the map's legions; ``random``: a seeded random legion type on each starting
    canton."""
    start_tribute: int = 4
    """Tribute each player starts with."""
    income: int = 2
    """Tribute a player gains at the start of each of its turns."""
    hand_size: int = 3
    """Combat cards drawn at the start."""
    hand_limit: int = 5
    """A player draws one card at the start of its turn only while it holds fewer."""
    heal: int = 1
    """Hit points each of a player's legions and Places recovers at the start of its turn."""
    battle_setup: Mapping[str, Any] | None = None
    """``mode="battle"`` only: a given set-up instead of a random one (see the docs page)."""
    tables_dir: str | None = None
    """Folder with replacement tables (legions / places / combat_cards / maps JSON)."""

    @classmethod
    def from_kwargs(cls, **kwargs: Any) -> SoliumInfernumConfig:
        """Build from keyword options; an unknown option is an error naming it."""
        return cls(**option_values(cls, kwargs, "solium_infernum"))

    def validate(self, tables: Tables) -> None:
        """Check every option against the tables; the error names the option."""
        if self.mode not in MODES:
            raise StateError("mode", f"unknown value {self.mode!r}; expected one of {list(MODES)}")
        if self.map not in tables.maps:
            raise StateError("map", f"unknown map {self.map!r}; known: {list(tables.maps)}")
        preset = tables.maps[self.map]
        if any(len(side) > MAX_LEGIONS for side in preset.legions):
            raise StateError("map", f"a player may start with at most {MAX_LEGIONS} legions")
        if self.turns is not None and (not _is_int(self.turns) or not 2 <= self.turns <= 400):
            raise StateError("turns", f"must be None or 2..400, got {self.turns!r}")
        if self.legions not in LEGION_RULES:
            raise StateError("legions", f"unknown value {self.legions!r}; expected one of "
                                        f"{list(LEGION_RULES)}")
        for key, hi in (("start_tribute", 99), ("income", 20), ("hand_size", 10),
                        ("hand_limit", 10), ("heal", 20)):
            value = getattr(self, key)
            if not _is_int(value) or not 0 <= value <= hi:
                raise StateError(key, f"must be an integer 0..{hi}, got {value!r}")
        if self.battle_setup is not None:
            if self.mode != "battle":
                raise StateError("battle_setup", "only with mode='battle'")
            if not isinstance(self.battle_setup, Mapping):
                raise StateError("battle_setup", "expected an object")

    def num_turns(self, tables: Tables) -> int:
        """Orders in an episode."""
        return self.turns if self.turns is not None else tables.maps[self.map].turns


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
