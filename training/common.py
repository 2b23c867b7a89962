"""What the ``combatzoo`` subcommands share: user errors, ``--option key=value``, engines,
argument types, and reading and writing the user's files with one-line errors (issue 16)."""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

from ..envs.core.engine import Engine
from ..envs.core.errors import CombatZooError


class UserError(ValueError):
    """A mistake of the person running the command (bad file, unknown env...).

    ``combatzoo`` prints its message as one line on stderr and exits with status 2. It is a
    ``ValueError``, so library callers of the training functions may catch it as one.
    """


MAX_JSON_DEPTH = 200
"""Deepest nesting of a JSON file a command reads (deeper is refused before parsing, so a
hostile file cannot exhaust the parser's recursion: issue 16)."""

TRUST_PICKLE_HELP = ("load SB3 .zip checkpoints: they are pickles, and loading one runs any code "
                     "its author put in it; only for files you trust (ONNX files need no flag)")


def positive_int(text: str) -> int:
    """argparse type: an integer >= 1."""
    value = _int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number >= 1, got {value}")
    return value


def non_negative_int(text: str) -> int:
    """argparse type: an integer >= 0 (seeds: numpy refuses negative ones)."""
    value = _int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be a whole number >= 0, got {value}")
    return value


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def read_text_file(path: str | os.PathLike[str], what: str = "file") -> str:
    """The UTF-8 text of a file the user named; a missing file, a folder, unreadable bytes or
    bad UTF-8 is a :class:`UserError` naming the file."""
    p = Path(path)
    try:
        return p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UserError(f"{p}: no such {what}") from None
    except IsADirectoryError:
        raise UserError(f"{p}: is a folder, not a {what}") from None
    except UnicodeDecodeError as exc:
        raise UserError(f"{p}: not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise UserError(f"{p}: cannot read ({exc.strerror or exc})") from None


def json_depth(text: str) -> int:
    """The deepest nesting of brackets in JSON ``text`` (brackets inside strings skipped)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def read_json_file(path: str | os.PathLike[str], what: str = "JSON file") -> Any:
    """Parse a JSON file the user named; every way it can be wrong is one :class:`UserError`."""
    text = read_text_file(path, what)
    if json_depth(text) > MAX_JSON_DEPTH:
        raise UserError(f"{path}: nested deeper than {MAX_JSON_DEPTH} levels")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise UserError(f"{path}: not valid JSON: {exc.msg} at line {exc.lineno}, "
                        f"column {exc.colno}") from None
    except RecursionError:  # json_depth counts brackets; this is a last guard
        raise UserError(f"{path}: nested too deeply") from None


def make_dir(path: str | os.PathLike[str], what: str = "folder") -> Path:
    """Create ``path`` (and its parents) if needed; a file in the way or no permission is a
    :class:`UserError` naming it."""
    p = Path(path)
    try:
        p.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise UserError(f"{what} {p}: a file is in the way (it, or a folder on its path, is a "
                        f"file)") from None
    except OSError as exc:
        raise UserError(f"{what} {p}: cannot create ({exc.strerror or exc})") from None
    return p


def write_output(path: str | os.PathLike[str], text: str, what: str = "output file") -> Path:
    """Write ``text`` to a file the user named (atomically); a folder in the way, a file on its
    path or no permission is a :class:`UserError` naming it."""
    from ..envs.core.jsonio import write_atomic

    p = Path(path)
    if p.is_dir():
        raise UserError(f"{what} {p}: is a folder")
    make_dir(p.parent, f"{what} {p}: folder")
    try:
        write_atomic(p, text)
    except OSError as exc:
        raise UserError(f"{what} {p}: cannot write ({exc.strerror or exc})") from None
    return p


def add_option_argument(parser: argparse.ArgumentParser) -> None:
    """``--option key=value`` (repeatable): a system config option, the value read as JSON."""
    parser.add_argument(
        "--option", "-o", action="append", default=[], metavar="KEY=VALUE",
        help="engine option, repeatable; VALUE is JSON when it parses (num_battles=2, "
             "'factions=[\"Humans\",\"Elves\"]'), else a string (attacker=player_1)")


def parse_options(items: list[str]) -> dict[str, Any]:
    """``["num_battles=2", "attacker=random"]`` -> ``{"num_battles": 2, "attacker": "random"}``."""
    options: dict[str, Any] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        if not sep or not key.strip():
            raise UserError(f"--option {item!r}: expected KEY=VALUE")
        try:
            value: Any = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        options[key.strip()] = value
    return options


def resolve_system(system: str, config: dict[str, Any] | None = None
                   ) -> tuple[str, dict[str, Any]]:
    """The registered system (and options) that ``system`` with ``config`` names: an alias
    (``spellfire`` with ``mode: game``) resolved; a bad name or option is a :class:`UserError`."""
    from ..envs import list_envs
    from ..envs.registry import resolve

    if system not in list_envs():
        raise UserError(f"unknown env {system!r}; known: {', '.join(list_envs())}")
    try:
        return resolve(system, config)
    except (CombatZooError, TypeError, ValueError) as exc:
        raise UserError(f"{system}: bad option: {exc}") from None


def load_engine(system: str, config: dict[str, Any] | None = None) -> Engine[Any]:
    """The engine of ``system`` built from ``config``.

    A bad name or option is a :class:`UserError`.
    """
    from ..envs import list_envs, make_engine

    if system not in list_envs():
        raise UserError(f"unknown env {system!r}; known: {', '.join(list_envs())}")
    try:
        return make_engine(system, **(config or {}))
    except (CombatZooError, TypeError, ValueError) as exc:
        raise UserError(f"{system}: bad option: {exc}") from None


def to_jsonable(value: Any) -> Any:
    """numpy scalars and tuples made plain, for ``json.dumps``."""
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_jsonable(v) for v in value]
    if hasattr(value, "item") and callable(value.item):
        return value.item()
    return value
