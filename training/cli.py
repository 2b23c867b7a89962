"""The ``combatzoo`` command: one subcommand per module listed in :data:`COMMANDS`.

A subcommand module exposes ``add_parser(subparsers) -> argparse.ArgumentParser``; the parser it
adds sets ``func`` (``parser.set_defaults(func=run)``), a function ``run(args) -> int``. Modules
are imported when the command starts, so keep heavy imports (torch, SB3) inside ``run``.

Mistakes of the user (a bad file, a malformed state, an unknown env, an illegal action in a
replay, a bad argument) print one line on stderr and exit with status 2, without a traceback
(issue 16). They are raised where they are found, as :class:`~combatzoo.training.common.UserError`
(or a :class:`~combatzoo.envs.core.errors.CombatZooError` from the library), and turned into that
line here, in :func:`main`, and nowhere else.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import NoReturn

from ..envs.core.errors import CombatZooError
from .common import UserError

COMMANDS: list[str] = [
    "combatzoo.training.play",
    "combatzoo.training.replay",
    "combatzoo.training.bench",
    "combatzoo.training.soak",
    "combatzoo.training.train",
    "combatzoo.training.evaluate",
    "combatzoo.training.ladder",
    "combatzoo.training.ceiling",
    "combatzoo.training.cards",
    "combatzoo.training.export",
    "combatzoo.training.serve",
    "combatzoo.training.loadtest",
]
"""Subcommand modules, in the order ``combatzoo --help`` lists them. Add yours here."""


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line (the usage itself is in ``--help``)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand of :data:`COMMANDS`."""
    parser = OneLineParser(
        prog="combatzoo",
        description="Card-game combat systems as PettingZoo environments: play, replay, "
                    "benchmark and soak-test them.")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMANDS:
        importlib.import_module(name).add_parser(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``combatzoo`` with ``argv`` (default: ``sys.argv[1:]``); returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, or a usage error argparse has already printed
        return exc.code if isinstance(exc.code, int) else 2
    try:
        status: int = args.func(args)
    except (UserError, CombatZooError) as exc:
        where = "".join(f" ({note})" for note in getattr(exc, "__notes__", []))
        print(f"combatzoo {args.command}: error: {exc}{where}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"combatzoo {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # `combatzoo replay ... | head`: the reader left; nothing more to say.
        return 0
    return status


if __name__ == "__main__":
    sys.exit(main())
