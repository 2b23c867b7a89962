"""``combatzoo cards``: the Spellfire card layer from the command line.

- ``combatzoo cards coverage --crossfire DIR [--set 1st] [--json FILE]``: per card set, how many
  cards have their power modelled, how many truly have none, how many print a power acting
  outside battles that the whole game does not apply yet (``outside``: counted as NOT modelled;
  issue 13), how many compile to an effect kind the engine does not apply (``unresolved``:
  counted as NOT modelled), how many are not understood yet; then a table per effect kind
  (cards using it, where its resolver is, how many behaviour tests play it); then the lists of
  the cards not modelled (key and name; card names are facts, card text is never printed).
- ``combatzoo cards decks --crossfire DIR``: every sample deck with its format and whether it is
  legal under that format (CrossFire's deck rules).

``DIR`` defaults to ``$COMBATZOO_CROSSFIRE``. A card counts as modelled only when every effect it
compiles to has a resolver in the battle engine (``envs/spellfire/battle/resolvers.py``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
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
    outside: int = 0
    """Compiled as without a combat power, but printing one that acts outside battles which
    the whole game does not apply (``compiler.prints_unapplied_power``): not modelled."""
    unresolved: int = 0
    unmodelled: int = 0
    unmodelled_cards: list[tuple[str, str]] = field(default_factory=list)  # (key, name)
    unresolved_cards: list[tuple[str, str, tuple[str, ...]]] = field(default_factory=list)
    outside_cards: list[tuple[str, str]] = field(default_factory=list)  # (key, name)

    @property
    def percent(self) -> float:
        """Cards modelled (every effect resolved) or truly without a combat power, in percent."""
        return 100.0 * (self.modelled + self.none) / self.total if self.total else 100.0

    def add(self, other: SetCoverage) -> None:
        """Add the counts of ``other`` (for the all-sets row)."""
        self.total += other.total
        self.modelled += other.modelled
        self.none += other.none
        self.outside += other.outside
        self.unresolved += other.unresolved
        self.unmodelled += other.unmodelled

    def to_json(self) -> dict[str, Any]:
        return {"set": self.set_id, "title": self.title, "total": self.total,
                "modelled": self.modelled, "none": self.none, "outside": self.outside,
                "unresolved": self.unresolved, "unmodelled": self.unmodelled,
                "percent_modelled_or_none": round(self.percent, 1),
                "unmodelled_cards": [{"key": k, "name": n} for k, n in self.unmodelled_cards],
                "outside_cards": [{"key": k, "name": n} for k, n in self.outside_cards],
                "unresolved_cards": [{"key": k, "name": n, "kinds": list(kinds)}
                                     for k, n, kinds in self.unresolved_cards]}


@dataclass(frozen=True)
class KindCoverage:
    """One effect kind: how many cards compile to it, where it is resolved, how it is tested."""

    kind: str
    cards: int
    resolved: bool
    where: tuple[str, ...]
    tests: int

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": self.cards, "resolved": self.resolved,
                "where": list(self.where), "behaviour_tests": self.tests}


@dataclass
class Coverage:
    """What ``combatzoo cards coverage`` reports: per set and per effect kind."""

    sets: list[SetCoverage]
    kinds: list[KindCoverage]

    def to_json(self) -> dict[str, Any]:
        return {"sets": [r.to_json() for r in self.sets],
                "kinds": [k.to_json() for k in self.kinds]}


def coverage(folder: str | Path | None, sets: Iterable[str] = ()) -> Coverage:
    """Compile every card of the CrossFire folder; count powers per set (file order) and per
    effect kind. A card whose effects include a kind without a resolver is ``unresolved``."""
    from ..envs.spellfire.battle.resolvers import unresolved_kinds
    from ..envs.spellfire.cards import crossfire
    from ..envs.spellfire.cards.cards import Power
    from ..envs.spellfire.cards.compiler import compile_card, prints_unapplied_power
    from ..envs.spellfire.cards.reprints import english_originals, in_english

    try:
        db = crossfire.read_database(folder)
    except crossfire.CrossFireError as exc:
        raise UserError(str(exc)) from None
    wanted = set(sets)
    unknown = wanted - set(db.set_titles)
    if unknown:
        raise UserError(f"--set {', '.join(sorted(unknown))}: unknown; known: "
                        f"{', '.join(db.set_titles)}")
    missing = unresolved_kinds()
    originals = english_originals(db)  # translated cards count as their English original
    rows: dict[str, SetCoverage] = {}
    used: Counter[str] = Counter()
    for rec in db.records.values():
        if rec.is_placeholder or (wanted and rec.set_id not in wanted):
            continue
        row = rows.setdefault(rec.set_id, SetCoverage(rec.set_id, db.set_titles[rec.set_id]))
        english = in_english(rec, originals)
        effects, power = compile_card(english)
        row.total += 1
        kinds = sorted({e.kind for e in effects}, key=lambda k: k.value)
        if power is Power.MODELLED:
            used.update(k.value for k in kinds)
        lacking = tuple(k.value for k in kinds if k in missing)
        if power is Power.UNMODELLED:
            row.unmodelled += 1
            row.unmodelled_cards.append((rec.key, rec.name))
        elif lacking:
            row.unresolved += 1
            row.unresolved_cards.append((rec.key, rec.name, lacking))
        elif power is Power.MODELLED:
            row.modelled += 1
        elif prints_unapplied_power(english):
            row.outside += 1
            row.outside_cards.append((rec.key, rec.name))
        else:
            row.none += 1
    return Coverage([rows[s] for s in db.set_titles if s in rows], kind_table(used))


def kind_table(used: Counter[str]) -> list[KindCoverage]:
    """Every effect kind of the vocabulary with the number of cards whose power compiles and uses
    it (``used``; for a kind with no resolver: the unresolved cards),
    its resolver's places and its behaviour tests (from the battle's resolver table)."""
    from ..envs.spellfire.battle.resolvers import resolver_of
    from ..envs.spellfire.cards.effects import EffectKind

    out = []
    for kind in EffectKind:
        res = resolver_of(kind)
        out.append(KindCoverage(kind.value, used[kind.value], res.resolved, res.where or (),
                                len(res.tests)))
    return out


def format_table(report: Coverage, *, list_unmodelled: bool = True) -> str:
    """The coverage tables as text (per set, then per effect kind), then the cards of each set
    that are not modelled."""
    rows = report.sets
    lines = [f"{'set':<5} {'title':<20} {'total':>5} {'modelled':>8} {'none':>5} "
             f"{'outside':>7} {'unresolved':>10} {'unmodelled':>10} {'% modelled or none':>19}"]
    totals = SetCoverage("all", "all sets")
    for r in rows:
        lines.append(_set_line(r.set_id, r.title[:20], r))
        totals.add(r)
    if len(rows) > 1:
        lines.append(_set_line("all", "", totals))
    lines += ["", f"{'effect kind':<24} {'cards':>5} {'resolver':<9} {'tests':>5}  where"]
    for k in report.kinds:
        lines.append(f"{k.kind:<24} {k.cards:>5} {'yes' if k.resolved else 'NONE':<9} "
                     f"{k.tests:>5}  {', '.join(k.where) or '-'}")
    if list_unmodelled:
        lines += _card_lists(rows)
    return "\n".join(lines)


def _set_line(set_id: str, title: str, r: SetCoverage) -> str:
    return (f"{set_id:<5} {title:<20} {r.total:>5} {r.modelled:>8} {r.none:>5} "
            f"{r.outside:>7} {r.unresolved:>10} {r.unmodelled:>10} {r.percent:>18.1f}%")


def _card_lists(rows: list[SetCoverage]) -> list[str]:
    lines: list[str] = []
    for r in rows:
        if r.unresolved_cards:
            lines += ["", f"{r.set_id}: {r.unresolved} compile to a kind with no resolver"]
            lines += [f"  {key:<9} {name}  ({', '.join(kinds)})"
                      for key, name, kinds in r.unresolved_cards]
        if r.unmodelled_cards:
            lines += ["", f"{r.set_id}: {r.unmodelled} not modelled"]
            lines += [f"  {key:<9} {name}" for key, name in r.unmodelled_cards]
        if r.outside_cards:
            lines += ["", f"{r.set_id}: {r.outside} print a power outside battles the game "
                          "does not apply"]
            lines += [f"  {key:<9} {name}" for key, name in r.outside_cards]
    return lines


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``cards`` to the ``combatzoo`` command."""
    parser = subparsers.add_parser(
        "cards", help="Spellfire cards: effect coverage and deck legality of a CrossFire folder",
        description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="cards_command", metavar="WHAT", required=True)
    cov = sub.add_parser("coverage", help="per set and per effect kind: cards modelled, without "
                         "power, printing a power outside battles not applied, compiled to a "
                         "kind with no resolver, not modelled")
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
        report = coverage(args.crossfire, args.set)
        print(format_table(report, list_unmodelled=not args.no_list))
        if args.json:
            path = Path(args.json)
            try:
                path.write_text(json.dumps(report.to_json(), indent=1) + "\n",
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
