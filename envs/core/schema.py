"""State schemas: what every system's pydantic models of its state JSON share (issue 16).

Each system describes its state JSON as pydantic models (``envs/<system>/schema.py``) built on
:class:`StateModel`: unknown keys refused, strict types (``true`` is not a number, ``"1"`` is not
an integer), finite numbers only, every list and string bounded, and no free-form object, so the
models also bound the depth. :func:`validate` runs a model over raw JSON data and turns the
first failure into the project's :class:`~.errors.StateError`, naming the JSON path of the bad
field (``state.players[1].cards_played.Charge``) as the hand-written checks did.

Names that depend on the loaded tables (units, cards, legions) are :class:`Known` strings: the
engine passes its tables' names in the validation context, so a name unknown to *these* tables
is refused by the model. :func:`refuse_broken` turns an engine's broken invariant into a
``StateError`` naming it.
"""

from __future__ import annotations

import json
import reprlib
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    GetJsonSchemaHandler,
    ValidationError,
    ValidationInfo,
)
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema, ErrorDetails, core_schema

from .errors import StateError

M = TypeVar("M", bound=BaseModel)

MAX_NAME = 80
"""The longest name or key a state may carry (card keys, unit and legion names)."""


class StateModel(BaseModel):
    """Base of every state model: extra keys forbidden, strict types, finite numbers."""

    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False, frozen=True)


Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME)]
"""A non-empty name or key of at most :data:`MAX_NAME` characters."""


def absent(**limits: Any) -> Any:
    """The default of a field that may be left out but is never ``null``: ``from_json`` fills
    it in (the published schema shows no default for it). ``limits``: more ``Field`` options."""
    return Field(default=None, json_schema_extra=_no_default, **limits)


def _no_default(schema: dict[str, Any]) -> None:
    schema.pop("default", None)


@dataclass(frozen=True)
class Known:
    """Metadata of a :data:`Name` that must be one of the loaded tables' ``kind`` names,
    given in the validation context as ``{kind: names}`` (:data:`Names`). Use as
    ``Annotated[Name, Known("unit")]``; the published schema marks it ``"x-known": kind``."""

    kind: str

    def __get_pydantic_core_schema__(self, source: Any,
                                     handler: GetCoreSchemaHandler) -> CoreSchema:
        return core_schema.with_info_after_validator_function(self._check, handler(source))

    def __get_pydantic_json_schema__(self, schema: CoreSchema,
                                     handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        out = handler(schema)
        out["x-known"] = self.kind
        out["description"] = f"a {self.kind} name of the loaded tables"
        return out

    def _check(self, value: str, info: ValidationInfo) -> str:
        names = (info.context or {}).get(self.kind)
        if names is None:
            return value
        if callable(names):  # a test such as "is this a card key of the pack?"
            if not names(value):
                raise ValueError(f"unknown {self.kind} {value!r}")
        elif value not in names:
            listed = sorted(names)
            shown = listed if len(listed) <= 30 else [*listed[:30], "..."]
            raise ValueError(f"unknown {self.kind} {value!r}; known: {shown}")
        return value


Names = Mapping[str, Collection[str] | Callable[[str], bool]]
"""The validation context: per kind of name, the known names or a test of a name."""


def validate(model: type[M], data: Any, context: Names | None = None,
             root: str = "state") -> M:
    """``data`` checked against ``model``; the first failure raises :class:`StateError` naming
    the JSON path of the bad field under ``root``."""
    try:
        return model.model_validate(data, context=dict(context or {}))
    except ValidationError as exc:
        raise _state_error(exc.errors(include_url=False), data, root) from None


def refuse_broken(problems: Sequence[str], root: str = "state") -> None:
    """A state that fits the schema but breaks a rule invariant (``Engine.check_invariants``)
    is refused, with the invariant named."""
    if problems:
        raise StateError(root, f"breaks a rule invariant: {problems[0]}")


def json_schema(model: type[BaseModel], title: str) -> dict[str, Any]:
    """The model as a JSON Schema document (what ``docs/schemas/*.json`` publish)."""
    schema = model.model_json_schema()
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": title, **{
        k: v for k, v in schema.items() if k != "title"}}


def schema_text(model: type[BaseModel], title: str) -> str:
    """:func:`json_schema` as canonical text (sorted keys, newline at the end)."""
    return json.dumps(json_schema(model, title), indent=2, sort_keys=True) + "\n"


# --- error paths ---------------------------------------------------------------------------------


def _state_error(errors: list[ErrorDetails], data: Any, root: str) -> StateError:
    """One :class:`StateError` for the first failing field; the alternatives of a union at the
    same place (a card index or a card key) are joined into one message."""
    first = _path(errors[0], data)
    problems: list[str] = []
    for err in errors:
        msg = err["msg"].removeprefix("Value error, ")
        if _path(err, data) == first and msg not in problems:
            problems.append(msg)
    got = _shown(errors[0])
    where = root + "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in first)
    return StateError(where, " or ".join(problems) + got)


def _path(err: ErrorDetails, data: Any) -> tuple[str | int, ...]:
    """The JSON path of an error: pydantic's ``loc`` walked through the data, dropping what is
    not in the data (the tags of union members, ``[key]``), but keeping a missing field."""
    out: list[str | int] = []
    node = data
    loc = err["loc"]
    for i, step in enumerate(loc):
        if isinstance(node, Mapping) and step in node:
            out.append(step)
            node = node[step]
        elif isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node):
            out.append(step)
            node = node[step]
        elif err["type"] == "missing" and i == len(loc) - 1:
            out.append(step)
    return tuple(out)


def _shown(err: ErrorDetails) -> str:
    """`` (got ...)``: the offending value, shortened, for type and range errors."""
    if err["type"] in ("missing", "extra_forbidden", "value_error"):
        return ""
    try:
        text = _SHORT.repr(err.get("input"))
    except (ValueError, RecursionError):  # an integer of more digits than str() allows
        text = "a value too long to show"
    if len(text) > 60:
        text = text[:57] + "..."
    return f" (got {text})"


_SHORT = reprlib.Repr()
"""Short, depth-limited reprs (a state nested 100,000 levels deep is shown as ``[[[...]]]``)."""
_SHORT.maxlevel = 3
_SHORT.maxlist = _SHORT.maxdict = 4
_SHORT.maxstring = _SHORT.maxother = _SHORT.maxlong = 40
