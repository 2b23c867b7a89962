"""The tables of Heroes of Land, Air & Sea: units, tactic cards, combat spells, factions.

Loaded from the JSON files in ``data/``, each row marked with where its numbers come from. A user
with the printed cards can pass their own files (``tables_dir=``) with the same fields.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.errors import StateError
from ..core.jsonio import table_rows

DATA_DIR = Path(__file__).parent / "data"
RESOURCES: tuple[str, ...] = ("ore", "mana", "food")
ROLES = ("any", "attacker", "defender")
PIECE_CLASSES = ("unit", "hero", "vessel", "structure")


@dataclass(frozen=True)
class Ability:
    """A strength bonus of a hero, vessel or structure (RULES.md §2: ability bonuses)."""

    bonus: int
    when: str = "always"
    """``always``, ``attacking`` or ``defending``."""
    per_unit: str | None = None
    """If set, the bonus is per unit of this kind in the army, capped at ``max``."""
    max: int | None = None


@dataclass(frozen=True)
class UnitType:
    name: str
    piece_class: str
    strength: int
    abilities: tuple[Ability, ...]
    source: str

    @property
    def sacrificeable(self) -> bool:
        """Only units may be sacrificed; vessels and structures may not (RULES.md §2), nor
        heroes (decided here: a hero is not a unit of the army's rank and file)."""
        return self.piece_class == "unit"


@dataclass(frozen=True)
class Cost:
    resource: str
    amount: int


@dataclass(frozen=True)
class TacticCard:
    name: str
    bonus: int
    cost: Cost
    vp: int
    role: str
    needs_non_serf: bool
    cancels: tuple[str, ...]
    bonus_vs: dict[str, int]
    recruit_unit: str | None
    recruit_count: int
    recruit_if_outnumbered: int
    source: str


@dataclass(frozen=True)
class Spell:
    name: str
    effect: str
    role: str
    cost: Cost
    amount: int = 0
    unit: str | None = None
    max: int = 0
    source: str = ""


@dataclass(frozen=True)
class Faction:
    name: str
    army: dict[str, int]
    structures: dict[str, int]
    spellbook: tuple[str, ...]
    source: str


@dataclass(frozen=True)
class Tables:
    """Every table of the system, indexed by name, in file order."""

    units: dict[str, UnitType]
    cards: dict[str, TacticCard]
    spells: dict[str, Spell]
    factions: dict[str, Faction]
    card_names: tuple[str, ...] = field(init=False)
    spell_names: tuple[str, ...] = field(init=False)
    sacrificeable: tuple[str, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "card_names", tuple(self.cards))
        object.__setattr__(self, "spell_names", tuple(self.spells))
        object.__setattr__(self, "sacrificeable",
                           tuple(n for n, u in self.units.items() if u.sacrificeable))


def _cost(row: dict[str, Any], where: str) -> Cost:
    cost = row.get("cost")
    if not isinstance(cost, dict) or cost.get("resource") not in RESOURCES:
        raise StateError(f"{where}.cost",
                         f"expected {{resource: one of {list(RESOURCES)}, amount}}")
    amount = cost.get("amount")
    if not isinstance(amount, int) or amount < 0:
        raise StateError(f"{where}.cost.amount", "expected a non-negative integer")
    return Cost(cost["resource"], amount)


def _check(cond: bool, where: str, problem: str) -> None:
    if not cond:
        raise StateError(where, problem)


def load_tables(tables_dir: str | Path | None = None) -> Tables:
    """Read and cross-check the four tables (from ``data/`` unless another folder is given)."""
    folder = Path(tables_dir) if tables_dir is not None else DATA_DIR
    units = _load_units(folder)
    cards = _load_cards(folder, units)
    spells = _load_spells(folder)
    factions = _load_factions(folder, units, spells)
    return Tables(units, cards, spells, factions)


def _load_units(folder: Path) -> dict[str, UnitType]:
    units: dict[str, UnitType] = {}
    for i, row in enumerate(table_rows(folder / "units.json", "units")):
        where = f"units.json units[{i}]"
        _check(row.get("class") in PIECE_CLASSES, f"{where}.class", f"one of {PIECE_CLASSES}")
        _check(isinstance(row.get("strength"), int) and row["strength"] >= 0,
               f"{where}.strength", "a non-negative integer")
        abilities = []
        for j, ab in enumerate(row.get("abilities", [])):
            _check(ab.get("when", "always") in ("always", "attacking", "defending"),
                   f"{where}.abilities[{j}].when", "always, attacking or defending")
            abilities.append(Ability(int(ab["bonus"]), ab.get("when", "always"),
                                     ab.get("per_unit"), ab.get("max")))
        units[row["name"]] = UnitType(row["name"], row["class"], row["strength"],
                                      tuple(abilities), row.get("source", ""))
    _check("Serf" in units, "units.json", "must define Serf (tactic-card restrictions name it)")
    return units


def _load_cards(folder: Path, units: dict[str, UnitType]) -> dict[str, TacticCard]:
    cards: dict[str, TacticCard] = {}
    for i, row in enumerate(table_rows(folder / "tactic_cards.json", "cards")):
        where = f"tactic_cards.json cards[{i}]"
        _check(row.get("role") in ROLES, f"{where}.role", f"one of {ROLES}")
        recruit = row.get("recruit") or {}
        if recruit:
            _check(recruit.get("unit") in units, f"{where}.recruit.unit", "a unit in units.json")
        cards[row["name"]] = TacticCard(
            name=row["name"], bonus=int(row["bonus"]), cost=_cost(row, where), vp=int(row["vp"]),
            role=row["role"], needs_non_serf=bool(row.get("needs_non_serf", False)),
            cancels=tuple(row.get("cancels", [])), bonus_vs=dict(row.get("bonus_vs", {})),
            recruit_unit=recruit.get("unit"), recruit_count=int(recruit.get("count", 0)),
            recruit_if_outnumbered=int(recruit.get("count_if_outnumbered",
                                                   recruit.get("count", 0))),
            source=row.get("source", ""))
    _check(len(cards) == 7, "tactic_cards.json",
           f"a hand is 7 Tactic Cards (seed 003), found {len(cards)}")
    for card in cards.values():
        for other in (*card.cancels, *card.bonus_vs):
            _check(other in cards, f"tactic_cards.json {card.name}",
                   f"names unknown card {other!r}")
    return cards


def _load_spells(folder: Path) -> dict[str, Spell]:
    spells: dict[str, Spell] = {}
    for i, row in enumerate(table_rows(folder / "spells.json", "spells")):
        where = f"spells.json spells[{i}]"
        _check(row.get("effect") in ("bonus", "per_unit", "destroy_unit", "dispel"),
               f"{where}.effect", "bonus, per_unit, destroy_unit or dispel")
        _check(row.get("role", "any") in ROLES, f"{where}.role", f"one of {ROLES}")
        spells[row["name"]] = Spell(
            name=row["name"], effect=row["effect"], role=row.get("role", "any"),
            cost=_cost(row, where), amount=int(row.get("amount", row.get("bonus", 0))),
            unit=row.get("unit"), max=int(row.get("max", row.get("max_strength", 0))),
            source=row.get("source", ""))
    return spells


def _load_factions(folder: Path, units: dict[str, UnitType],
                   spells: dict[str, Spell]) -> dict[str, Faction]:
    factions: dict[str, Faction] = {}
    for i, row in enumerate(table_rows(folder / "factions.json", "factions")):
        where = f"factions.json factions[{i}]"
        for name in (*row.get("army", {}), *row.get("structures", {})):
            _check(name in units, where, f"unknown unit {name!r}")
        for name in row.get("spellbook", []):
            _check(name in spells, where, f"unknown spell {name!r}")
        factions[row["name"]] = Faction(row["name"], dict(row["army"]),
                                        dict(row.get("structures", {})),
                                        tuple(row.get("spellbook", [])), row.get("source", ""))
    return factions
