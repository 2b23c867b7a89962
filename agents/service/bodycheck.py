"""What every JSON request body must be before any route parses it (issue 16): nested no deeper
than :data:`MAX_DEPTH` (deeper data sent the engines' recursive code into ``RecursionError``),
and made of finite numbers that fit 64 bits (``NaN``, ``Infinity`` and ``1e400``, which Python's
``json`` reads as floats, reached the engines' arithmetic).

The depth is counted on the raw bytes (strings removed, brackets counted), before Python's own
recursive parser sees them; the numbers are checked on the parsed value, so the refusal can name
the field.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

import numpy as np

MAX_DEPTH = 64
"""Nesting levels a request body may have; every state written by the engines has fewer than
ten."""

INT_LIMIT = 1 << 64
"""Integers must be smaller than this in magnitude (64-bit: seeds, counts and ids all fit)."""

_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_OPEN = (ord("["), ord("{"))
_CLOSE = (ord("]"), ord("}"))


class BodyProblem(ValueError):
    """A body refused before parsing: ``status``, the message and the field to blame."""

    def __init__(self, status: int, message: str, field: str) -> None:
        super().__init__(message)
        self.status = status
        self.field = field


def nesting_depth(body: bytes) -> int:
    """The deepest bracket nesting of ``body``, brackets inside JSON strings not counted."""
    return _depth(_STRING.sub(b"", body))


def _depth(unquoted: bytes) -> int:
    codes = np.frombuffer(unquoted, dtype=np.uint8)
    step = (np.isin(codes, _OPEN).astype(np.int64) - np.isin(codes, _CLOSE))
    return int(np.cumsum(step).max(initial=0))


_SUSPECT = re.compile(rb"NaN|Infinity|\d{20,}|[eE][+-]?\d{3,}")
"""Outside strings, only a number that may be non-finite or over 64 bits matches."""


def _number_problem(value: Any) -> str | None:
    kind = type(value)
    if kind is float and not math.isfinite(value):
        return "not a finite number (NaN, Infinity or beyond the float range)"
    if kind is int and not -INT_LIMIT < value < INT_LIMIT:
        return "integer out of range (its magnitude must be below 2**64)"
    return None


def _field(path: Any) -> str:
    """``(((None, "state"), "players"), 0)`` -> ``state.players[0]``."""
    parts: list[str] = []
    while path is not None:
        path, key = path
        parts.append(f"[{key}]" if isinstance(key, int) else f".{key}")
    return "".join(reversed(parts)).lstrip(".") or "body"


def first_bad_number(data: Any) -> tuple[str, str] | None:
    """``(field, problem)`` of a number in ``data`` that is not finite or does not fit 64 bits
    (``None`` when all are fine). Iterative, so depth is harmless; one pass over each
    container's members, and a path is built only for the number found."""
    problem = _number_problem(data)
    if problem is not None:
        return "body", problem
    stack: list[tuple[Any, Any]] = [(data, None)]
    while stack:
        value, path = stack.pop()
        for key, member in (value.items() if type(value) is dict else enumerate(value)):
            kind = type(member)
            if kind is dict or kind is list:
                if member:  # an empty one holds no number
                    stack.append((member, (path, key)))
            elif kind is float or kind is int:
                problem = _number_problem(member)
                if problem is not None:
                    return _field((path, key)), problem
    return None


def check_body(body: bytes, max_depth: int = MAX_DEPTH) -> None:
    """Raise :class:`BodyProblem` when ``body`` is not JSON (400), nested too deep or holds a
    number that is not finite or too large (422)."""
    unquoted = _STRING.sub(b"", body)
    depth = _depth(unquoted)
    if depth > max_depth:
        raise BodyProblem(422, f"body: JSON nested {depth} levels deep; at most {max_depth} "
                          f"are accepted", "body")
    try:
        data = json.loads(body)
    except (ValueError, RecursionError) as exc:  # UnicodeDecodeError is a ValueError
        raise BodyProblem(400, f"malformed JSON: {exc}", "body") from None
    bad = first_bad_number(data) if _SUSPECT.search(unquoted) else None
    if bad is not None:
        raise BodyProblem(422, f"{bad[0]}: {bad[1]}", bad[0])
