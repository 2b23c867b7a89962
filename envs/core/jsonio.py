"""JSON helpers shared by every system: field validation that names the field, atomic saving.

Engines check a state against their schema first (:mod:`.schema`, issue 16: types, ranges,
sizes, known names), then read it with :func:`get` and friends in ``from_json`` and check what
ties fields together, so that a hand-written state with a mistake fails with
``StateError("players[1].army[2].kind: unknown unit 'Wariror'; known: [...]")``. Configs use
the same helpers.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any, TypeVar

from .errors import StateError

T = TypeVar("T")

_MISSING = object()


def get(data: Mapping[str, Any], key: str, kind: type[T] | tuple[type, ...], path: str,
        default: Any = _MISSING) -> Any:
    """``data[key]`` checked to be of ``kind``; ``path`` names ``data`` in error messages."""
    where = f"{path}.{key}" if path else key
    if not isinstance(data, Mapping):
        raise StateError(path or "state", f"expected an object, got {type(data).__name__}")
    if key not in data:
        if default is not _MISSING:
            return default
        raise StateError(where, "missing")
    value = data[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    # bool is an int in Python; a JSON true where a number belongs is still a mistake.
    if isinstance(value, bool) and bool not in kinds:
        raise StateError(where, f"expected {_names(kinds)}, got a boolean")
    if float in kinds and isinstance(value, int) and not isinstance(value, bool):
        return value
    if not isinstance(value, kinds):
        raise StateError(where, f"expected {_names(kinds)}, got {type(value).__name__}")
    return value


def get_int(data: Mapping[str, Any], key: str, path: str, lo: int | None = None,
            hi: int | None = None, default: Any = _MISSING) -> int:
    """An integer field within ``[lo, hi]``."""
    value = get(data, key, int, path, default)
    where = f"{path}.{key}" if path else key
    if lo is not None and value < lo:
        raise StateError(where, f"must be at least {lo}, got {value}")
    if hi is not None and value > hi:
        raise StateError(where, f"must be at most {hi}, got {value}")
    return int(value)


def get_choice(data: Mapping[str, Any], key: str, path: str, choices: Collection[str],
               default: Any = _MISSING) -> str:
    """A string field that must be one of ``choices``."""
    value = get(data, key, str, path, default)
    if value not in choices:
        where = f"{path}.{key}" if path else key
        raise StateError(where, f"unknown value {value!r}; expected one of {sorted(choices)}")
    return str(value)


def check_keys(data: Mapping[str, Any], allowed: Collection[str], path: str) -> None:
    """Reject unknown keys, so a typo in a hand-written file is caught rather than ignored."""
    extra = sorted(set(data) - set(allowed))
    if extra:
        raise StateError(path or "state", f"unknown field(s) {extra}; allowed: {sorted(allowed)}")


def _names(kinds: tuple[type, ...]) -> str:
    names = {int: "an integer", float: "a number", str: "a string", list: "a list",
             dict: "an object", bool: "true or false", type(None): "null"}
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def dumps(data: Any) -> str:
    """Canonical JSON text (sorted keys), so equal states give equal text."""
    return json.dumps(data, sort_keys=True, indent=2)


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` via a temporary file and a rename: a failure never leaves a
    half-written file behind."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    # mkstemp makes the file private (0600); give it the usual mode under the umask.
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o666 & ~umask)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def read_json(path: str | os.PathLike[str]) -> Any:
    """Read a JSON file; the error names the file and the line of a syntax error."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise StateError(str(p), "no such file") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise StateError(str(p), f"not valid JSON: {exc.msg} at line {exc.lineno}, "
                                 f"column {exc.colno}") from None


def table_rows(path: str | os.PathLike[str], key: str) -> list[dict[str, Any]]:
    """The rows of a system's data table: the list under ``key`` in a JSON file (every system
    keeps its cards, units or legions this way, one row per entry with its provenance)."""
    p = Path(path)
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise StateError(str(p), "no such table file") from None
    except json.JSONDecodeError as exc:
        raise StateError(str(p), f"not valid JSON: {exc}") from None
    rows = data.get(key) if isinstance(data, dict) else None
    if not isinstance(rows, list):
        raise StateError(f"{p.name}.{key}", "expected a list of rows")
    return rows
