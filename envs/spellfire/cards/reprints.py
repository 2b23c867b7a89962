"""Language editions as reprints: a translated card plays (and is counted) as its English original.

CrossFire keeps five language editions of the same 425-card printing (RULES.md §1 "Card data"):
German (``DE``), French (``FRN``) and Portuguese (``POR``) with translated text, Italian (``IT``)
and Spanish (``SP``) with the English text. The five share one numbering, so the English text of a
translated card is the ``IT`` card with the same number. The compiler reads English, so a
translated card is compiled from that text; its own name, number and set stay.

A pair is accepted only when the two records agree on every fact that is not words: type, level,
attribute ids and rarity. Checked on the CrossFire data (tests/spellfire/cards/test_reprints.py):
all 425 German cards pair up; 405 of the French and the Portuguese ones do. The other 20 (the same
numbers in both, e.g. 68, 85, 97) are other cards than the Italian one of that number (type, level
or attributes differ): cards those two editions printed in its place. They keep their own text,
so they count as not modelled unless the compiler finds no power in it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from .crossfire import Database, Record

TRANSLATED_SETS: tuple[str, ...] = ("DE", "FRN", "POR")
"""Language editions whose card text CrossFire stores translated."""

ENGLISH_PRINTING = "IT"
"""The language edition stored with the English text, numbered like the translated ones."""


def _same_card(a: Record, b: Record) -> bool:
    """The facts that do not depend on the language agree."""
    return (a.type, a.level, a.attributes, a.rarity) == (b.type, b.level, b.attributes, b.rarity)


def english_originals(db: Database) -> dict[str, Record]:
    """Key of each translated card -> the record holding its English text (only cards that pair
    up; an edition-only card is absent)."""
    originals: dict[str, Record] = {}
    for set_id in TRANSLATED_SETS:
        for rec in db.by_set(set_id):
            if rec.is_placeholder:
                continue
            english = db.records.get(f"{ENGLISH_PRINTING}/{rec.number}")
            if english is not None and _same_card(rec, english):
                originals[rec.key] = english
    return originals


def in_english(record: Record, originals: Mapping[str, Record]) -> Record:
    """``record`` with the English name, text and blue line of its original, for the compiler
    (a text names its own card: "Zhentil Keep can defend itself ..."); the record itself when it
    has none (an English card, or a card only its edition printed). Set and number stay."""
    english = originals.get(record.key)
    if english is None:
        return record
    return replace(record, name=english.name, text=english.text, blueline=english.blueline)
