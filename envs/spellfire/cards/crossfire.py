"""The CrossFire importer: card records, sample decks and deck formats (RULES.md §1 "Card data").

CrossFire (GPL, the public ``spellfire/CrossFire`` repository) keeps the whole Spellfire card pool
as Tcl files. This module reads a CrossFire folder the user names (``folder=`` or the
``COMBATZOO_CROSSFIRE`` environment variable):

- ``DataBase/*.tcl``: one list per set, ``{title} {record} {record} ...``; a record has 13 fields
  (set, number, level/bonus, type, world, avatar flag, name, text, rarity, blueline, attribute ids,
  uses codes, weight). Four files (BR, DE, FRN, POR) are Latin-1.
- ``Decks/**.cfd``: ``set tempDeckTitle {...}``, ``set tempDeckSize 551ES`` (the format id),
  ``set tempDeck { {1st 375} {1st 264} ... }``; a dungeon may be in the list and does not count
  toward the deck size.
- ``Formats/**.cff``: totals (``All``, ``Avatars``, ``Chase``, ``Champions``, ``Levels``) and
  per-type, per-set, per-world, per-rarity and per-last-digit ``min max copies`` rows.

Files are evaluated by a *safe* Tcl interpreter (``interp create -safe``, from the standard
library's ``tkinter.Tcl``), and the lists are split by Tcl itself, so braces, quotes and
backslashes in card text come out exactly as CrossFire reads them. Card text stays in memory: the
project never writes it anywhere (DESIGN.md "Data and provenance").
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from .cards import CHAMPION_TYPES, CardType, parse_level

CROSSFIRE_ENV = "COMBATZOO_CROSSFIRE"
"""Environment variable naming the CrossFire folder when no folder is given."""

#: The last regular (non-chase) card number of each set, from CrossFire's own set table
#: (``Scripts/Common.tcl``, ``cardSetInfo``: the last of ``numLimits``). A higher number is a
#: chase card, counted by a format's ``Chase`` total.
SET_MAX: dict[str, int] = {
    "NO": 400, "1st": 440, "2nd": 420, "3rd": 400, "4th": 520, "PR": 3, "RL": 100, "DL": 100,
    "FR": 100, "AR": 100, "PO": 100, "UD": 100, "RR": 100, "BR": 100, "DR": 100, "NS": 100,
    "DU": 100, "IQ": 99, "MI": 99, "CH": 72, "CQ": 81, "FRN": 400, "DE": 400, "IT": 400,
    "POR": 400, "SP": 400,
}

#: CrossFire's type names as format files spell them (``Formats/*.cff``, ``tempDeckFormatLimits``).
TYPE_NAMES: dict[CardType, str] = {
    CardType.ALLY: "Ally", CardType.ARTIFACT: "Artifact",
    CardType.BLOOD_ABILITY: "Blood Ability", CardType.CLERIC_SPELL: "Cleric Spell",
    CardType.CLERIC: "Cleric", CardType.EVENT: "Event", CardType.HERO: "Hero",
    CardType.HOLDING: "Holding", CardType.MAGICAL_ITEM: "Magical Item",
    CardType.MONSTER: "Monster", CardType.PSIONIC_POWER: "Psionic Power",
    CardType.PSIONICIST: "Psionicist", CardType.REALM: "Realm", CardType.REGENT: "Regent",
    CardType.RULE: "Rule", CardType.THIEF: "Thief", CardType.THIEF_ABILITY: "Thief Ability",
    CardType.UNARMED_COMBAT: "Unarmed Combat", CardType.WIZARD_SPELL: "Wizard Spell",
    CardType.WIZARD: "Wizard", CardType.DUNGEON: "Dungeon",
}


class CrossFireError(ValueError):
    """A CrossFire folder or file that cannot be read; the message names the file."""


# --------------------------------------------------------------------------------------------
# The folder


def crossfire_folder(folder: str | Path | None = None) -> Path:
    """The CrossFire folder: ``folder`` if given, else ``$COMBATZOO_CROSSFIRE``.

    Raises :class:`CrossFireError` naming both ways when neither is set, or when the folder has
    no ``DataBase/`` subfolder.
    """
    if folder is None or str(folder) == "":
        env = os.environ.get(CROSSFIRE_ENV, "")
        if not env:
            raise CrossFireError(
                f"no CrossFire folder: pass one (--crossfire DIR / folder=...) or set "
                f"{CROSSFIRE_ENV}=DIR (the folder holding DataBase/, Decks/, Formats/)")
        folder = env
    path = Path(folder).expanduser()
    if not (path / "DataBase").is_dir():
        raise CrossFireError(
            f"{path}: not a CrossFire folder (no DataBase/ inside); pass the folder holding "
            f"DataBase/, Decks/ and Formats/ (--crossfire DIR / folder=... or {CROSSFIRE_ENV})")
    return path


# --------------------------------------------------------------------------------------------
# Tcl


class _Tcl:
    """A safe Tcl interpreter (no file, exec or socket commands) for CrossFire's data files."""

    def __init__(self) -> None:
        import tkinter  # standard library; imported here so importing this module stays cheap

        self._tcl = tkinter.Tcl()
        self._slave = "cfsafe"
        self._tcl.call("interp", "create", "-safe", self._slave)

    def eval(self, script: str) -> str:
        return str(self._tcl.call("interp", "eval", self._slave, script))

    def reset(self) -> None:
        self._tcl.call("interp", "delete", self._slave)
        self._tcl.call("interp", "create", "-safe", self._slave)

    def split(self, value: Any) -> tuple[str, ...]:
        return tuple(str(x) for x in self._tcl.splitlist(value))

    def var(self, name: str, default: str | None = None) -> str:
        if self.eval(f"info exists {{{name}}}") != "1":
            if default is not None:
                return default
            raise KeyError(name)
        return self.eval(f"set {{{name}}}")


def _read_text(path: Path) -> str:
    """A data file's text: UTF-8 when it decodes, else Latin-1 (BR, DE, FRN, POR)."""
    raw = path.read_bytes()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def _eval_file(tcl: _Tcl, path: Path) -> None:
    tcl.reset()
    tcl.eval("namespace eval CrossFire {}")
    try:
        tcl.eval(_read_text(path))
    except Exception as exc:  # tkinter.TclError; the message names the file
        raise CrossFireError(f"{path}: not a readable CrossFire Tcl file: {exc}") from None


# --------------------------------------------------------------------------------------------
# Card records


@dataclass(frozen=True, slots=True)
class Record:
    """One CrossFire card record, the 13 fields as CrossFire stores them (text in memory only)."""

    set_id: str
    number: int
    level: str  # the raw level/bonus field: "6", "5/7", "+3", "-2", "?" or ""
    type: CardType
    world: int
    avatar: bool
    name: str
    text: str
    rarity: str
    blueline: str
    attributes: tuple[int, ...]
    uses: tuple[str, ...]
    weight: str

    @property
    def key(self) -> str:
        return f"{self.set_id}/{self.number}"

    @property
    def is_placeholder(self) -> bool:
        """CrossFire's "(no card)" rows (type 0) that keep numbering gap-free."""
        return self.type is CardType.NONE

    @property
    def is_chase(self) -> bool:
        return self.number > SET_MAX.get(self.set_id, 10**9)


def _record(fields: tuple[str, ...], where: str) -> Record:
    if len(fields) != 13:
        raise CrossFireError(f"{where}: expected 13 fields, got {len(fields)}")
    (set_id, number, level, type_code, world, avatar, name, text, rarity, blueline, attrs,
     uses, weight) = fields
    try:
        parse_level(level)  # validated here; the card model parses it again
        return Record(
            set_id=set_id.strip(), number=int(number), level=level.strip(),
            type=CardType(int(type_code)), world=int(world), avatar=avatar.strip() == "1",
            name=name, text=text, rarity=rarity.strip(), blueline=blueline,
            attributes=tuple(int(a) for a in attrs.split()),
            uses=tuple(u for u in uses.split()), weight=weight.strip())
    except ValueError as exc:
        raise CrossFireError(f"{where} ({name!r}): {exc}") from None


@dataclass(frozen=True)
class Database:
    """Every record of a CrossFire folder, by key ``"set/number"``; ``sets`` keeps file order."""

    folder: Path
    records: Mapping[str, Record]
    set_titles: Mapping[str, str]  # "1st" -> "First Edition"

    def by_set(self, set_id: str) -> list[Record]:
        return [r for r in self.records.values() if r.set_id == set_id]

    def get(self, key: str) -> Record:
        """The record ``key`` (``"1st/94"``); ``KeyError`` names the key."""
        try:
            return self.records[key]
        except KeyError:
            raise KeyError(f"no CrossFire card {key!r} in {self.folder}") from None


def read_set_file(path: Path, tcl: _Tcl | None = None) -> tuple[str, list[Record]]:
    """One ``DataBase/*.tcl`` file: its title and its records (placeholders included)."""
    tcl = tcl or _Tcl()
    _eval_file(tcl, path)
    try:
        items = tcl.split(tcl.var("CrossFire::cardDataBase"))
    except KeyError:
        raise CrossFireError(f"{path}: does not set CrossFire::cardDataBase") from None
    if not items:
        raise CrossFireError(f"{path}: empty card list")
    title, rows = items[0], items[1:]
    records = [_record(tcl.split(row), f"{path.name} record {i + 1}") for i, row in
               enumerate(rows)]
    return title, records


def read_database(folder: str | Path | None = None) -> Database:
    """Every ``DataBase/*.tcl`` of the CrossFire folder (see :func:`crossfire_folder`)."""
    path = crossfire_folder(folder)
    return _read_database_cached(path.resolve())


@lru_cache(maxsize=4)
def _read_database_cached(path: Path) -> Database:
    tcl = _Tcl()
    records: dict[str, Record] = {}
    titles: dict[str, str] = {}
    for file in sorted((path / "DataBase").glob("*.tcl")):
        title, recs = read_set_file(file, tcl)
        for rec in recs:
            records[rec.key] = rec
            titles.setdefault(rec.set_id, title)
    if not records:
        raise CrossFireError(f"{path / 'DataBase'}: no *.tcl card files")
    return Database(folder=path, records=records, set_titles=titles)


# --------------------------------------------------------------------------------------------
# Decks


@dataclass(frozen=True)
class Deck:
    """A ``.cfd`` deck: its title, its format id and its card keys in file order.

    ``cards`` keeps repeats and includes a dungeon if the file lists one; :meth:`playing_cards`
    leaves dungeons out (they do not count toward the deck size).
    """

    title: str
    format_id: str
    cards: tuple[str, ...]
    path: Path | None = None

    def playing_cards(self, records: Mapping[str, Record]) -> tuple[str, ...]:
        return tuple(k for k in self.cards
                     if k not in records or records[k].type is not CardType.DUNGEON)


def read_deck(path: str | Path, tcl: _Tcl | None = None) -> Deck:
    """One ``.cfd`` file. Errors name the file and the missing variable."""
    file = Path(path)
    tcl = tcl or _Tcl()
    _eval_file(tcl, file)
    try:
        raw = tcl.var("tempDeck")
    except KeyError:
        raise CrossFireError(f"{file}: no tempDeck list") from None
    cards: list[str] = []
    for item in tcl.split(raw):
        parts = tcl.split(item)
        if len(parts) != 2:
            raise CrossFireError(f"{file}: tempDeck entry {item!r}: expected {{SET NUMBER}}")
        try:
            cards.append(f"{parts[0]}/{int(parts[1])}")
        except ValueError:
            raise CrossFireError(f"{file}: tempDeck entry {item!r}: bad card number") from None
    title = tcl.var("tempDeckTitle", "") or file.stem
    return Deck(title=title, format_id=tcl.var("tempDeckSize", "").strip(), cards=tuple(cards),
                path=file)


def read_decks(folder: str | Path | None = None) -> list[Deck]:
    """Every ``.cfd`` under ``Decks/`` (recursively), sorted by path."""
    path = crossfire_folder(folder)
    tcl = _Tcl()
    return [read_deck(f, tcl) for f in sorted((path / "Decks").rglob("*.cfd"))]


# --------------------------------------------------------------------------------------------
# Formats


@dataclass(frozen=True, slots=True)
class Limit:
    """``min max copies`` of one row of a format table (copies: how many of one card)."""

    min: int
    max: int
    copies: int = 1


@dataclass(frozen=True)
class Format:
    """A ``.cff`` deck format (CrossFire's DeckIt! rules, ``Scripts/EditorU.tcl``)."""

    format_id: str
    title: str
    totals: Mapping[str, Limit]  # All, Avatars, Chase, Champions, Levels (copies unused)
    types: Mapping[str, Limit]  # by CrossFire type name ("Realm", "Magical Item", ...)
    sets: Mapping[str, Limit] = field(default_factory=dict)
    worlds: Mapping[str, Limit] = field(default_factory=dict)  # world code as text, or FAN
    rarities: Mapping[str, Limit] = field(default_factory=dict)
    digits: Mapping[str, Limit] = field(default_factory=dict)  # last digit of the card number
    banned: tuple[str, ...] = ()
    allowed: tuple[str, ...] = ()


def _table(tcl: _Tcl, name: str, path: Path, width: int) -> dict[str, Limit]:
    raw = tcl.var(name, "")
    words = tcl.split(raw)
    if len(words) % width:
        raise CrossFireError(f"{path}: {name}: expected rows of {width} values")
    out: dict[str, Limit] = {}
    for i in range(0, len(words), width):
        row = words[i:i + width]
        try:
            nums = [int(x) for x in row[1:]]
        except ValueError:
            raise CrossFireError(f"{path}: {name} row {row!r}: expected numbers") from None
        out[row[0]] = Limit(nums[0], nums[1], nums[2] if width == 4 else 1)
    return out


def read_format(path: str | Path, tcl: _Tcl | None = None) -> Format:
    """One ``.cff`` file; its id is the file name without ``.cff`` (``551ES``)."""
    file = Path(path)
    tcl = tcl or _Tcl()
    _eval_file(tcl, file)
    return Format(
        format_id=file.stem, title=tcl.var("tempDeckFormatTitle", file.stem).strip(),
        totals=_table(tcl, "tempDeckFormatTotal", file, 3),
        types=_table(tcl, "tempDeckFormatLimits", file, 4),
        sets=_table(tcl, "tempDeckFormatSet", file, 4),
        worlds=_table(tcl, "tempDeckFormatWorld", file, 4),
        rarities=_table(tcl, "tempDeckFormatRarity", file, 4),
        digits=_table(tcl, "tempDeckFormatDigit", file, 4),
        banned=tcl.split(tcl.var("tempDeckFormatBanned", "")),
        allowed=tcl.split(tcl.var("tempDeckFormatAllowed", "")))


def read_formats(folder: str | Path | None = None) -> dict[str, Format]:
    """Every ``.cff`` under ``Formats/``, by format id."""
    path = crossfire_folder(folder)
    tcl = _Tcl()
    return {f.stem: read_format(f, tcl) for f in sorted((path / "Formats").rglob("*.cff"))}


_LIMIT_RE = re.compile(r"Limit ([a-z0-9]+) per deck", re.IGNORECASE)
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def _card_id(rec: Record) -> str:
    """CrossFire's short id as format banned/allowed lists write it (``1st/094``)."""
    if rec.is_chase:
        return f"{rec.set_id}c/{rec.number - SET_MAX[rec.set_id]:02d}"
    return f"{rec.set_id}/{rec.number:03d}"


def _copies_allowed(rec: Record, fmt: Format) -> int | None:
    """How many copies of ``rec`` the format allows (``None``: no limit).

    As CrossFire's ``Editor::CheckMultipleCards``: "No limit per deck." in the text or blueline
    lifts the limit; "Limit N per deck." sets it; otherwise the most generous of the type, set,
    world and rarity rows' copies column applies.
    """
    text = f"{rec.blueline} {rec.text}"
    if re.search(r"No limit per deck", text, re.IGNORECASE):
        return None
    m = _LIMIT_RE.search(text)
    if m:
        word = m.group(1).lower()
        stated = _NUMBER_WORDS.get(word) or (int(word) if word.isdigit() else 1)
        if stated != 1:
            return stated
    copies = [1]
    for table, key in ((fmt.types, TYPE_NAMES.get(rec.type, "")), (fmt.sets, rec.set_id),
                       (fmt.worlds, str(rec.world)), (fmt.rarities, rec.rarity)):
        if key in table:
            copies.append(table[key].copies)
    allowed = max(copies)
    if m:  # "Limit one per deck." caps whatever the tables allow
        allowed = 1
    return allowed


def _champion_level(rec: Record) -> int:
    lf = parse_level(rec.level)
    return lf.level or 0


def check_deck(deck: Deck | Iterable[str], fmt: Format, records: Mapping[str, Record]
               ) -> list[str]:
    """Every way ``deck`` breaks ``fmt`` (an empty list: the deck is legal).

    The checks follow CrossFire's DeckIt! editor (``Editor::AddCardToDeck``,
    ``Editor::CheckMultipleCards``, ``Editor::CalcLevelTotal``): unknown and placeholder cards,
    banned cards, copies of one card (same type and name), the deck size without dungeons, the
    per-type, per-set, per-world, per-rarity and per-last-digit min/max, chase cards, the number
    of champions and the champion level total (the highest ``Avatars`` avatars are free).
    """
    keys = tuple(deck.cards) if isinstance(deck, Deck) else tuple(deck)
    problems: list[str] = []
    recs = _known_records(keys, records, problems)
    problems += [f"{rec.key} {rec.name}: banned in {fmt.format_id}"
                 for rec in recs if _card_id(rec) in fmt.banned]
    _check_copies(recs, fmt, problems)
    _check_totals(recs, fmt, problems)
    allowed_ids = set(fmt.allowed)
    for table, label, key_of in _TALLIES:
        _tally(recs, getattr(fmt, table), label, key_of, allowed_ids, fmt, problems)
    return problems


def _known_records(keys: Iterable[str], records: Mapping[str, Record],
                   problems: list[str]) -> list[Record]:
    """The records of ``keys``; unknown keys and placeholders are reported in ``problems``."""
    recs: list[Record] = []
    for key in keys:
        rec = records.get(key)
        if rec is None:
            problems.append(f"{key}: no such card in the database")
        elif rec.is_placeholder:
            problems.append(f"{key}: a '(no card)' placeholder, not a card")
        else:
            recs.append(rec)
    return recs


def _check_copies(recs: list[Record], fmt: Format, problems: list[str]) -> None:
    """Copies of one card (same type and name) beyond what the format allows."""
    same: Counter[tuple[int, str]] = Counter((int(r.type), r.name) for r in recs)
    seen: set[tuple[int, str]] = set()
    for rec in recs:
        ident = (int(rec.type), rec.name)
        if ident in seen:
            continue
        seen.add(ident)
        limit = _copies_allowed(rec, fmt)
        if limit is not None and same[ident] > limit:
            problems.append(f"{rec.key} {rec.name}: {same[ident]} copies, {fmt.format_id} allows "
                            f"{limit}")


def _check_totals(recs: list[Record], fmt: Format, problems: list[str]) -> None:
    """The format's totals: deck size without dungeons, champions, chase cards, level total."""
    playing = [r for r in recs if r.type is not CardType.DUNGEON]
    champions = [r for r in recs if r.type in CHAMPION_TYPES]
    counts: dict[str, int] = {"All": len(playing), "Champions": len(champions),
                              "Chase": sum(r.is_chase for r in recs)}
    avatar_levels = sorted((_champion_level(r) for r in champions if r.avatar), reverse=True)
    free = fmt.totals["Avatars"].max if "Avatars" in fmt.totals else 0
    counts["Levels"] = (sum(_champion_level(r) for r in champions if not r.avatar)
                        + sum(avatar_levels[free:]))
    for name, total in fmt.totals.items():
        # "Avatars" is how many avatars are free of the level total, not a count to check.
        if name in counts:
            _min_max(problems, f"total {name}", counts[name], total, fmt)


_TALLIES: tuple[tuple[str, str, Any], ...] = (
    ("types", "type", lambda r: TYPE_NAMES.get(r.type, str(int(r.type)))),
    ("sets", "set", lambda r: r.set_id),
    ("worlds", "world", lambda r: str(r.world)),
    ("rarities", "rarity", lambda r: r.rarity),
    ("digits", "last digit", lambda r: str(r.number)[-1]),
)
"""The format's per-key min/max tables: (``Format`` field, label, key of a record)."""


def _tally(recs: list[Record], table: Mapping[str, Limit], label: str, key_of: Any,
           allowed_ids: set[str], fmt: Format, problems: list[str]) -> None:
    """One per-key min/max table; a key the format bans (max 0) may still hold cards the
    format's allowed list names."""
    if not table:
        return
    qty: Counter[str] = Counter(key_of(r) for r in recs)
    for key, limit in table.items():
        if key == "FAN":
            continue
        n = qty.get(key, 0)
        if n > limit.max and limit.max == 0 and any(
                f"type:{int(r.type)}" in allowed_ids or _card_id(r) in allowed_ids
                for r in recs if key_of(r) == key):
            continue
        _min_max(problems, f"{label} {key}", n, limit, fmt)


def _min_max(problems: list[str], label: str, qty: int, limit: Limit, fmt: Format) -> None:
    if qty < limit.min or qty > limit.max:
        problems.append(f"{label}: {qty}, {fmt.format_id} wants {limit.min}-{limit.max}")
