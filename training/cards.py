"""``combatzoo cards``: the Spellfire card layer from the command line.

- ``combatzoo cards coverage --crossfire DIR [--set 1st] [--json FILE]``: per card set, how many
  cards have their combat-relevant power modelled in the effect vocabulary, how many truly have
  none, how many are not modelled yet, and the list of the unmodelled ones (key and name; card
  names are facts, card text is never printed).
- ``combatzoo cards decks --crossfire DIR``: every sample deck with its format and whether it is
  legal under that format (CrossFire's deck rules).

``DIR`` defaults to ``$COMBATZOO_CROSSFIRE``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .common import UserError


@dataclass
class SetCoverage:
    """Coverage of one card set (placeholders left out)."""

    set_id: str
    title: str
    total: int = 0
    modelled: int = 0
    none: int = 0
    unmodelled: int = 0
    unmodelled_cards: list[tuple[str, str]] = field(default_factory=list)  # (key, name)

    @property
    def percent(self) -> float:
        """Cards modelled or truly without a combat power, in percent."""
        return 100.0 * (self.modelled + self.none) / self.total if self.total else 100.0

    def to_json(self) -> dict[str, Any]:
        return {"set": self.set_id, "title": self.title, "total": self.total,
                "modelled": self.modelled, "none": self.none, "unmodelled": self.unmodelled,
                "percent_modelled_or_none": round(self.percent, 1),
                "unmodelled_cards": [{"key": k, "name": n} for k, n in self.unmodelled_cards]}


def coverage(folder: str | Path | None, sets: Iterable[str] = ()) -> list[SetCoverage]:
    """Compile every card of the CrossFire folder and count powers per set (file order)."""
    from ..envs.spellfire.cards import crossfire
    from ..envs.spellfire.cards.cards import Power
    from ..envs.spellfire.cards.compiler import compile_card

    try:
        db = crossfire.read_database(folder)
    except crossfire.CrossFireError as exc:
        raise UserError(str(exc)) from None
    wanted = set(sets)
    unknown = wanted - set(db.set_titles)
    if unknown:
        raise UserError(f"--set {', '.join(sorted(unknown))}: unknown; known: "
                        f"{', '.join(db.set_titles)}")
    rows: dict[str, SetCoverage] = {}
    for rec in db.records.values():
        if rec.is_placeholder or (wanted and rec.set_id not in wanted):
            continue
        row = rows.setdefault(rec.set_id, SetCoverage(rec.set_id, db.set_titles[rec.set_id]))
        _, power = compile_card(rec)
        row.total += 1
        if power is Power.MODELLED:
            row.modelled += 1
        elif power is Power.NONE:
            row.none += 1
        else:
            row.unmodelled += 1
            row.unmodelled_cards.append((rec.key, rec.name))
    return [rows[s] for s in db.set_titles if s in rows]


def format_table(rows: list[SetCoverage], *, list_unmodelled: bool = True) -> str:
    """The coverage table as text, then the unmodelled cards of each set."""
    lines = [f"{'set':<5} {'title':<20} {'total':>5} {'modelled':>8} {'none':>5} "
             f"{'unmodelled':>10} {'% modelled or none':>19}"]
    totals = SetCoverage("all", "all sets")
    for r in rows:
        lines.append(f"{r.set_id:<5} {r.title[:20]:<20} {r.total:>5} {r.modelled:>8} "
                     f"{r.none:>5} {r.unmodelled:>10} {r.percent:>18.1f}%")
        totals.total += r.total
        totals.modelled += r.modelled
        totals.none += r.none
        totals.unmodelled += r.unmodelled
    if len(rows) > 1:
        t = totals
        lines.append(f"{'all':<5} {'':<20} {t.total:>5} {t.modelled:>8} {t.none:>5} "
                     f"{t.unmodelled:>10} {t.percent:>18.1f}%")
    if list_unmodelled:
        for r in rows:
            if r.unmodelled_cards:
                lines.append("")
                lines.append(f"{r.set_id}: {r.unmodelled} not modelled")
                lines.extend(f"  {key:<9} {name}" for key, name in r.unmodelled_cards)
    return "\n".join(lines)


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``cards`` to the ``combatzoo`` command."""
    parser = subparsers.add_parser(
        "cards", help="Spellfire cards: effect coverage and deck legality of a CrossFire folder",
        description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="cards_command", metavar="WHAT", required=True)
    cov = sub.add_parser("coverage", help="per set: cards modelled, without power, not modelled")
    cov.add_argument("--crossfire", default=None, metavar="DIR",
                     help="CrossFire folder (default: $COMBATZOO_CROSSFIRE)")
    cov.add_argument("--set", action="append", default=[], metavar="SET",
                     help="only this set (repeatable), e.g. 1st")
    cov.add_argument("--json", default=None, metavar="FILE", help="also save the table as JSON")
    cov.add_argument("--no-list", action="store_true", help="the table only, no card lists")
    decks = sub.add_parser("decks", help="sample decks and their legality under their format")
    decks.add_argument("--crossfire", default=None, metavar="DIR",
                       help="CrossFire folder (default: $COMBATZOO_CROSSFIRE)")
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    if args.cards_command == "coverage":
        rows = coverage(args.crossfire, args.set)
        print(format_table(rows, list_unmodelled=not args.no_list))
        if args.json:
            path = Path(args.json)
            try:
                path.write_text(json.dumps([r.to_json() for r in rows], indent=1) + "\n",
                                encoding="utf-8")
            except OSError as exc:
                raise UserError(f"--json {path}: {exc}") from None
            print(f"saved {path}", file=sys.stderr)
        return 0
    return _decks(args.crossfire)


def _decks(folder: str | None) -> int:
    from ..envs.spellfire.cards import crossfire

    try:
        db = crossfire.read_database(folder)
        decks = crossfire.read_decks(db.folder)
        formats = crossfire.read_formats(db.folder)
    except crossfire.CrossFireError as exc:
        raise UserError(str(exc)) from None
    for deck in decks:
        fmt = formats.get(deck.format_id)
        size = len(deck.playing_cards(db.records))
        if fmt is None:
            verdict = f"format {deck.format_id!r} not found"
        else:
            problems = crossfire.check_deck(deck, fmt, db.records)
            verdict = "legal" if not problems else "; ".join(problems)
        print(f"{deck.title.strip():<40} {deck.format_id:<7} {size:>3} cards  {verdict}")
    return 0
