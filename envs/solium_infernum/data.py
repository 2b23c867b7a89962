"""The tables of Solium Infernum legion combat: legions, Places of Power, combat cards, maps.

Loaded from the JSON files in ``data/``, each row marked with where its numbers come from (seed
004, a public rules page, or "designed" here). A user with the printed values can pass a folder of
their own files (``tables_dir=``) with the same fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.errors import StateError
from ..core.jsonio import table_rows

DATA_DIR = Path(__file__).parent / "data"

STATS: tuple[str, ...] = ("ranged", "melee", "infernal")
"""The three combat stats, in the default phase order (seed 004: Ranged, Melee, Infernal)."""
PHASE_NAMES: tuple[str, ...] = ("Ranged", "Melee", "Infernal")

EXTRA_ABILITIES: tuple[str, ...] = tuple(f"{p} Twice" for p in PHASE_NAMES)
"""Abilities that add a phase right after the phase of the same type (seed 004)."""
REORDER_ABILITIES: tuple[str, ...] = tuple(f"{p} {w}" for w in ("First", "Last")
                                           for p in PHASE_NAMES)
"""Abilities that move one phase to the front or the back (seed 004)."""
ABILITIES: tuple[str, ...] = EXTRA_ABILITIES + REORDER_ABILITIES
ELEMENT_KINDS: tuple[str, ...] = ("raise", "lower", "hp", "order")


@dataclass(frozen=True)
class LegionType:
    name: str
    level: int
    stats: tuple[int, int, int]
    """Ranged, Melee, Infernal."""
    hp: int
    move: int
    abilities: tuple[str, ...]
    source: str


@dataclass(frozen=True)
class PlaceType:
    name: str
    level: int
    stats: tuple[int, int, int]
    hp: int
    source: str


@dataclass(frozen=True)
class Element:
    """One element of a combat card (RULES.md §3)."""

    kind: str
    amount: int = 0
    stat: int = -1
    """Index into :data:`STATS` for ``lower``; -1 otherwise (``raise`` picks it when attached)."""
    ability: str = ""
    """For ``order``: an ability name from :data:`ABILITIES`."""


@dataclass(frozen=True)
class CombatCard:
    name: str
    cost: int
    """Tribute paid when the card is revealed."""
    copies: int
    elements: tuple[Element, ...]
    source: str

    @property
    def raises(self) -> bool:
        """Whether the card raises a stat the player picks (it then has one action per stat)."""
        return any(e.kind == "raise" for e in self.elements)


@dataclass(frozen=True)
class MapPreset:
    name: str
    width: int
    height: int
    turns: int
    legions: tuple[tuple[tuple[str, int, int], ...], tuple[tuple[str, int, int], ...]]
    """Per player: (legion type, x, y) of each starting legion."""
    places: tuple[tuple[str, int, int, int | None], ...]
    """(place type, x, y, owner or None for neutral)."""
    source: str


@dataclass(frozen=True)
class Tables:
    """Every table of the system, indexed by name, in file order."""

    legions: dict[str, LegionType]
    places: dict[str, PlaceType]
    cards: dict[str, CombatCard]
    maps: dict[str, MapPreset]


def _int(row: dict[str, Any], key: str, where: str, lo: int, hi: int) -> int:
    value = row.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise StateError(f"{where}.{key}", f"expected an integer {lo}..{hi}, got {value!r}")
    return value


def _name(row: dict[str, Any], where: str, seen: dict[str, Any]) -> str:
    name = row.get("name")
    if not isinstance(name, str) or not name:
        raise StateError(f"{where}.name", "expected a non-empty string")
    if name in seen:
        raise StateError(f"{where}.name", f"{name!r} is defined twice")
    return name


def _stats(row: dict[str, Any], where: str) -> tuple[int, int, int]:
    a, b, c = (_int(row, s, where, 0, 20) for s in STATS)
    return a, b, c


def _xy(value: Any, where: str, preset: dict[str, Any]) -> tuple[int, int]:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise StateError(where, f"expected [x, y], got {value!r}")
    x, y = value
    if not (0 <= x < preset["width"] and 0 <= y < preset["height"]):
        raise StateError(where, f"[{x}, {y}] is off the {preset['width']} x "
                                f"{preset['height']} map")
    return x, y


def load_tables(tables_dir: str | Path | None = None) -> Tables:
    """Read and cross-check the four tables (from ``data/`` unless another folder is given)."""
    folder = Path(tables_dir) if tables_dir is not None else DATA_DIR
    legions = _load_legions(folder)
    places = _load_places(folder)
    cards = _load_cards(folder)
    maps = _load_maps(folder, legions, places)
    return Tables(legions, places, cards, maps)


def _load_legions(folder: Path) -> dict[str, LegionType]:
    legions: dict[str, LegionType] = {}
    for i, row in enumerate(table_rows(folder / "legions.json", "legions")):
        where = f"legions.json legions[{i}]"
        name = _name(row, where, legions)
        abilities = row.get("abilities", [])
        for j, ab in enumerate(abilities):
            if ab not in ABILITIES:
                raise StateError(f"{where}.abilities[{j}]", f"unknown ability {ab!r}; known: "
                                                            f"{list(ABILITIES)}")
        legions[name] = LegionType(name, _int(row, "level", where, 1, 12), _stats(row, where),
                                   _int(row, "hp", where, 1, 99), _int(row, "move", where, 1, 6),
                                   tuple(abilities), str(row.get("source", "")))
    return legions


def _load_places(folder: Path) -> dict[str, PlaceType]:
    places: dict[str, PlaceType] = {}
    for i, row in enumerate(table_rows(folder / "places.json", "places")):
        where = f"places.json places[{i}]"
        name = _name(row, where, places)
        places[name] = PlaceType(name, _int(row, "level", where, 0, 12), _stats(row, where),
                                 _int(row, "hp", where, 1, 99), str(row.get("source", "")))
    return places


def _load_cards(folder: Path) -> dict[str, CombatCard]:
    cards: dict[str, CombatCard] = {}
    for i, row in enumerate(table_rows(folder / "combat_cards.json", "cards")):
        where = f"combat_cards.json cards[{i}]"
        name = _name(row, where, cards)
        raw = row.get("elements")
        if not isinstance(raw, list) or not 1 <= len(raw) <= 3:
            raise StateError(f"{where}.elements", "a card has one to three elements "
                                                  "(RULES.md §3)")
        elements = [_element(el, f"{where}.elements[{j}]") for j, el in enumerate(raw)]
        if sum(e.kind == "raise" for e in elements) > 1:
            raise StateError(f"{where}.elements", "at most one 'raise' element per card "
                                                  "([decided]: one stat choice per card)")
        cards[name] = CombatCard(name, _int(row, "cost", where, 0, 20),
                                 _int(row, "copies", where, 0, 8), tuple(elements),
                                 str(row.get("source", "")))
    if not cards:
        raise StateError("combat_cards.json", "at least one card is needed")
    return cards


def _element(el: Any, at: str) -> Element:
    """One element of a card row (RULES.md §3): raise, lower a stat, hit points, or order."""
    kind = el.get("kind") if isinstance(el, dict) else None
    if kind not in ELEMENT_KINDS:
        raise StateError(f"{at}.kind", f"expected one of {list(ELEMENT_KINDS)}")
    if kind == "order":
        if el.get("ability") not in ABILITIES:
            raise StateError(f"{at}.ability", f"expected one of {list(ABILITIES)}")
        return Element("order", ability=el["ability"])
    if kind == "lower":
        if el.get("stat") not in STATS:
            raise StateError(f"{at}.stat", f"expected one of {list(STATS)}")
        return Element("lower", _int(el, "amount", at, 1, 20), STATS.index(el["stat"]))
    return Element(kind, _int(el, "amount", at, 1, 20))


def _load_maps(folder: Path, legions: dict[str, LegionType],
               places: dict[str, PlaceType]) -> dict[str, MapPreset]:
    maps: dict[str, MapPreset] = {}
    for i, row in enumerate(table_rows(folder / "maps.json", "maps")):
        where = f"maps.json maps[{i}]"
        name = _name(row, where, maps)
        width, height = _int(row, "width", where, 2, 12), _int(row, "height", where, 2, 12)
        geometry = {"width": width, "height": height}
        per_player = _map_legions(row, where, geometry, legions)
        place_rows = _map_places(row, where, geometry, places)
        maps[name] = MapPreset(name, width, height, _int(row, "turns", where, 2, 400),
                               (per_player[0], per_player[1]), tuple(place_rows),
                               str(row.get("source", "")))
    return maps


def _map_legions(row: dict[str, Any], where: str, geometry: dict[str, Any],
                 legions: dict[str, LegionType]) -> list[tuple[tuple[str, int, int], ...]]:
    """The starting legions of a map, per player: at most one legion per canton."""
    sides = row.get("legions")
    if not isinstance(sides, list) or len(sides) != 2:
        raise StateError(f"{where}.legions", "expected one list of legions per player (two)")
    taken: set[tuple[int, int]] = set()
    per_player: list[tuple[tuple[str, int, int], ...]] = []
    for p, side in enumerate(sides):
        out = []
        for j, entry in enumerate(side):
            at = f"{where}.legions[{p}][{j}]"
            if entry.get("legion") not in legions:
                raise StateError(f"{at}.legion", f"unknown legion {entry.get('legion')!r}; "
                                                 f"known: {list(legions)}")
            x, y = _xy(entry.get("at"), f"{at}.at", geometry)
            if (x, y) in taken:
                raise StateError(f"{at}.at", "a canton holds at most one legion")
            taken.add((x, y))
            out.append((entry["legion"], x, y))
        per_player.append(tuple(out))
    return per_player


def _map_places(row: dict[str, Any], where: str, geometry: dict[str, Any],
                places: dict[str, PlaceType]) -> list[tuple[str, int, int, int | None]]:
    """The Places of Power of a map: at most one per canton, owned by 0, 1 or nobody."""
    place_rows = []
    spots: set[tuple[int, int]] = set()
    for j, entry in enumerate(row.get("places", [])):
        at = f"{where}.places[{j}]"
        if entry.get("place") not in places:
            raise StateError(f"{at}.place", f"unknown place {entry.get('place')!r}; known: "
                                            f"{list(places)}")
        x, y = _xy(entry.get("at"), f"{at}.at", geometry)
        if (x, y) in spots:
            raise StateError(f"{at}.at", "a canton holds at most one Place of Power")
        spots.add((x, y))
        owner = entry.get("owner")
        if owner not in (None, 0, 1):
            raise StateError(f"{at}.owner", "expected 0, 1 or null (neutral)")
        place_rows.append((entry["place"], x, y, owner))
    return place_rows
