"""Card packs: the cards and decks a Spellfire game is played with (issue 4).

Two sources give the same :class:`Pack`:

- :func:`load_builtin_pack`: ``data/pack.json``, shipped with the project so that everything runs
  on a fresh machine. It holds card *facts* (set, number, name, type, world, level, attributes,
  uses, mark) and powers written in the project's effect vocabulary, never card text; it is
  written by ``scripts/build_spellfire_pack.py`` from the CrossFire database plus a hand-written
  table of effects.
- :func:`load_crossfire_pack`: a CrossFire folder the user names (``crossfire.py``), every card
  compiled by ``compiler.py`` and every sample deck under ``Decks/``.

Decks are card keys (``"1st/94"``) in deck order with repeats kept; a dungeon is left out (it
does not count toward the deck size, RULES.md §1 "Card data").
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from .cards import Card, CardType, Power

BUILTIN_PACK_PATH = Path(__file__).parent / "data" / "pack.json"
"""The built-in pack file."""

PACK_FORMAT_VERSION = 1


@dataclass(frozen=True)
class Pack:
    """Cards by key and decks by title.

    ``decks`` maps a deck title to its card keys in deck order (repeats kept, dungeon left out);
    every key is in ``cards``.
    """

    cards: Mapping[str, Card]  # "1st/94" -> Card
    decks: Mapping[str, tuple[str, ...]]  # deck title -> card keys
    source: str  # "built-in" or the CrossFire folder

    def deck_cards(self, title: str) -> list[Card]:
        """The cards of deck ``title`` in deck order; ``ValueError`` names the known titles."""
        try:
            keys = self.decks[title]
        except KeyError:
            raise ValueError(
                f"unknown Spellfire deck {title!r} in the {self.source} pack; known: "
                f"{sorted(self.decks)}") from None
        return [self.cards[k] for k in keys]

    def without_unmodelled(self) -> Pack:
        """The same pack with every card whose power is not modelled left out of the decks.

        Such cards still exist in ``cards`` (a state may name them); only the decks shrink. An
        unmodelled card otherwise plays with its level or bonus alone.
        """
        decks = {title: tuple(k for k in keys if self.cards[k].power is not Power.UNMODELLED)
                 for title, keys in self.decks.items()}
        return Pack(cards=self.cards, decks=MappingProxyType(decks), source=self.source)

    def to_json(self, provenance: str = "") -> dict[str, Any]:
        """The pack file format (``data/pack.json``): cards as :meth:`Card.to_json` rows."""
        out: dict[str, Any] = {"version": PACK_FORMAT_VERSION}
        if provenance:
            out["provenance"] = provenance
        out["cards"] = [self.cards[k].to_json() for k in sorted(self.cards, key=_key_order)]
        out["decks"] = [{"title": t, "cards": list(keys)} for t, keys in self.decks.items()]
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any], source: str) -> Pack:
        """Read a pack file; errors name the file, the card or deck, and the field."""
        if not isinstance(data, Mapping):
            raise ValueError(f"{source}: expected a JSON object")
        if data.get("version", PACK_FORMAT_VERSION) != PACK_FORMAT_VERSION:
            raise ValueError(f"{source}: version {data.get('version')!r}, expected "
                             f"{PACK_FORMAT_VERSION}")
        cards: dict[str, Card] = {}
        for i, row in enumerate(data.get("cards", [])):
            if not isinstance(row, dict):
                raise ValueError(f"{source}: cards[{i}]: expected an object")
            try:
                card = Card.from_json(row)
            except ValueError as exc:
                raise ValueError(f"{source}: cards[{i}]: {exc}") from None
            if card.key in cards:
                raise ValueError(f"{source}: cards[{i}]: card {card.key} listed twice")
            cards[card.key] = card
        decks: dict[str, tuple[str, ...]] = {}
        for i, row in enumerate(data.get("decks", [])):
            where = f"{source}: decks[{i}]"
            if not isinstance(row, dict) or "title" not in row or "cards" not in row:
                raise ValueError(f"{where}: expected an object with 'title' and 'cards'")
            title = str(row["title"])
            if title in decks:
                raise ValueError(f"{where}: deck {title!r} listed twice")
            keys = tuple(str(k) for k in row["cards"])
            missing = sorted({k for k in keys if k not in cards})
            if missing:
                raise ValueError(f"{where} ({title!r}): cards not in the pack: {missing}")
            decks[title] = keys
        return cls(cards=MappingProxyType(cards), decks=MappingProxyType(decks), source=source)


def _key_order(key: str) -> tuple[str, int]:
    set_id, _, number = key.partition("/")
    return (set_id, int(number) if number.isdigit() else 0)


@lru_cache(maxsize=1)
def load_builtin_pack() -> Pack:
    """The built-in pack (``data/pack.json``), read once."""
    try:
        data = json.loads(BUILTIN_PACK_PATH.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ValueError(f"{BUILTIN_PACK_PATH}: cannot read the built-in pack: {exc}") from None
    return Pack.from_json(data, "built-in")


def load_pack_file(path: str | Path) -> Pack:
    """A pack file written by :meth:`Pack.to_json` (the built-in one or a user's own)."""
    file = Path(path)
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ValueError(f"{file}: cannot read the pack: {exc}") from None
    return Pack.from_json(data, str(file))


def load_crossfire_pack(folder: str | Path | None = None, *, modelled_only: bool = False) -> Pack:
    """Every card of a CrossFire folder, compiled to effects, and every sample deck.

    ``folder`` defaults to ``$COMBATZOO_CROSSFIRE``. Deck titles that repeat (the same deck in
    two formats) get their format id appended: ``"Battle Mages (110)"``. ``modelled_only`` leaves
    cards whose power is not modelled out of the decks.
    """
    from . import crossfire
    from .compiler import card_from_record
    from .reprints import english_originals, in_english

    db = crossfire.read_database(folder)
    originals = english_originals(db)  # a translated card plays as its English original
    cards = {key: replace(card_from_record(in_english(rec, originals)), name=rec.name)
             for key, rec in db.records.items() if not rec.is_placeholder}
    raw_decks = crossfire.read_decks(db.folder)
    titles = [d.title.strip() for d in raw_decks]
    decks: dict[str, tuple[str, ...]] = {}
    for deck, title in zip(raw_decks, titles, strict=True):
        if titles.count(title) > 1:
            title = f"{title} ({deck.format_id})"
        keys = tuple(k for k in deck.cards
                     if k in cards and cards[k].type is not CardType.DUNGEON)
        n = 2
        base = title
        while title in decks:
            title = f"{base} #{n}"
            n += 1
        decks[title] = keys
    pack = Pack(cards=MappingProxyType(cards), decks=MappingProxyType(decks),
                source=str(db.folder))
    return pack.without_unmodelled() if modelled_only else pack


def with_cards(pack: Pack, cards: Mapping[str, Card]) -> Pack:
    """``pack`` with some cards replaced (same keys); used by the pack builder's overrides."""
    merged = dict(pack.cards)
    merged.update(cards)
    return replace(pack, cards=MappingProxyType(merged))
