"""Campaign settings of the Heroes of Land, Air & Sea env (every option of ``env(**config)``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import StateError
from ..core.options import option_values
from .data import RESOURCES, Tables

ATTACKER_RULES = ("alternate", "random", "player_0", "player_1")


@dataclass(frozen=True)
class LandAirSeaConfig:
    """One campaign: several battles between the same two armies, so that spending now versus
    saving for later matters. Every default is designed here (RULES.md §2 [decided])."""

    factions: tuple[str, str] | str = "random"
    """The two factions, or ``"random"`` to draw both (seeded) at each reset. Random by default
    so that bots meet every match-up and deterministic bots do not replay one game."""
    armies: tuple[Mapping[str, int] | None, Mapping[str, int] | None] = (None, None)
    """Each player's starting army as ``{unit: count}``; ``None`` takes the faction's default."""
    structures: tuple[Mapping[str, int] | None, Mapping[str, int] | None] = (None, None)
    """Each player's home structures (they fight when that player defends); ``None``: default."""
    start_resources: Mapping[str, int] = field(
        default_factory=lambda: {"ore": 4, "mana": 6, "food": 4})
    """Ore / Mana / Food each player starts with."""
    income: Mapping[str, int] = field(default_factory=lambda: {"ore": 2, "mana": 3, "food": 2})
    """Resources each player gains between battles."""
    reinforcements: Mapping[str, int] = field(default_factory=lambda: {"Serf": 1})
    """Units that join each army between battles."""
    num_battles: int = 4
    """Battles in the campaign (an episode)."""
    attacker: str = "random"
    """Who attacks each battle: ``random`` (seeded, the default), ``alternate`` (player_0
    first), ``player_0`` or ``player_1``."""
    attack_vp: int = 1
    """VP the attacker gains for starting a battle (RULES.md §2 [src])."""
    victory_vp: int = 2
    """VP for winning a battle ([decided]: the seed gives VP only through cards; a campaign needs
    a reason to win battles beyond keeping units alive)."""
    army_cap: int = 9
    """Most pieces of one kind an army may hold (recruits beyond it are lost)."""
    tables_dir: str | None = None
    """Folder with replacement tables (units / tactic_cards / spells / factions JSON)."""

    @classmethod
    def from_kwargs(cls, **kwargs: Any) -> LandAirSeaConfig:
        """Build from keyword options; an unknown option is an error naming it."""
        return cls(**option_values(cls, kwargs, "land_air_sea",
                                   ("factions", "armies", "structures")))

    def validate(self, tables: Tables) -> None:
        """Check every option against the tables; the error names the option."""
        self._check_factions(tables)
        for key in ("armies", "structures"):
            self._check_pieces(key, tables)
        self._check_faction_armies(tables)
        for key in ("start_resources", "income"):
            _check_resources(key, getattr(self, key))
        self._check_reinforcements(tables)
        if not isinstance(self.num_battles, int) or not 1 <= self.num_battles <= 50:
            raise StateError("num_battles", f"must be 1..50, got {self.num_battles!r}")
        if self.attacker not in ATTACKER_RULES:
            raise StateError("attacker", f"unknown value {self.attacker!r}; expected one of "
                                         f"{list(ATTACKER_RULES)}")
        if not isinstance(self.army_cap, int) or self.army_cap < 1:
            raise StateError("army_cap", "must be a positive integer")

    def _check_factions(self, tables: Tables) -> None:
        if isinstance(self.factions, str):
            if self.factions != "random":
                raise StateError("factions", "expected two faction names or 'random'")
            return
        if len(self.factions) != 2:
            raise StateError("factions", f"expected two factions, got {len(self.factions)}")
        for i, name in enumerate(self.factions):
            if name not in tables.factions:
                raise StateError(f"factions[{i}]", f"unknown faction {name!r}; known: "
                                                    f"{sorted(tables.factions)}")

    def _check_pieces(self, key: str, tables: Tables) -> None:
        """``armies`` or ``structures``: a pair of ``{unit: count}`` (or ``None``)."""
        pair = getattr(self, key)
        if len(pair) != 2:
            raise StateError(key, "expected one entry per player (two)")
        for i, pieces in enumerate(pair):
            if pieces is None:
                continue
            for name, count in pieces.items():
                if name not in tables.units:
                    raise StateError(f"{key}[{i}].{name}", f"unknown unit; known: "
                                                           f"{sorted(tables.units)}")
                if not isinstance(count, int) or not 0 <= count <= self.army_cap:
                    raise StateError(f"{key}[{i}].{name}", f"count must be 0..{self.army_cap}")

    def _check_faction_armies(self, tables: Tables) -> None:
        """A faction's own army must fit the cap too (it is used when armies[p] is None)."""
        candidates = (sorted(tables.factions) if isinstance(self.factions, str)
                      else list(self.factions))
        for p, army in enumerate(self.armies):
            if army is not None:
                continue
            for name in candidates:
                for unit, count in tables.factions[name].army.items():
                    if count > self.army_cap:
                        raise StateError("army_cap", f"{self.army_cap} is below the {count} x "
                                                     f"{unit} of faction {name} (player_{p})")

    def _check_reinforcements(self, tables: Tables) -> None:
        for name, count in self.reinforcements.items():
            if name not in tables.units or tables.units[name].piece_class not in ("unit", "hero",
                                                                                   "vessel"):
                raise StateError(f"reinforcements.{name}", "unknown unit (structures are not "
                                                           "reinforcements)")
            if not isinstance(count, int) or count < 0:
                raise StateError(f"reinforcements.{name}", "must be a non-negative integer")


def _check_resources(key: str, mapping: Mapping[str, int]) -> None:
    """``start_resources`` or ``income``: known resources, non-negative integer amounts."""
    for res in mapping:
        if res not in RESOURCES:
            raise StateError(f"{key}.{res}", f"unknown resource; known: {list(RESOURCES)}")
    for res, amount in mapping.items():
        if not isinstance(amount, int) or amount < 0:
            raise StateError(f"{key}.{res}", "must be a non-negative integer")
