"""What the ``combatzoo`` subcommands share: user errors, ``--option key=value``, engines."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..envs.core.engine import Engine
from ..envs.core.errors import CombatZooError


class UserError(Exception):
    """A mistake of the person running the command (bad file, unknown env...).

    ``combatzoo`` prints its message as one line on stderr and exits with status 2.
    """


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
