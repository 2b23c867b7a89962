"""Engine options given as keyword arguments: what every system's config ``from_kwargs`` shares."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import fields
from typing import Any


def option_values(config_class: type, kwargs: Mapping[str, Any], owner: str,
                  tuple_fields: Iterable[str] = ()) -> dict[str, Any]:
    """``kwargs`` checked against the fields of the dataclass ``config_class``, ready for it.

    An unknown option is a ``TypeError`` naming it and the known ones (``owner`` says whose
    options they are, e.g. ``"spellfire"``). The ``tuple_fields`` given as lists (as YAML and
    JSON give them) become tuples, so the frozen config stays hashable and comparable.
    """
    known = {f.name for f in fields(config_class)}
    unknown = sorted(set(kwargs) - known)
    if unknown:
        raise TypeError(f"{owner}: unknown option(s) {unknown}; known: {sorted(known)}")
    values = dict(kwargs)
    for key in tuple_fields:
        if isinstance(values.get(key), list):
            values[key] = tuple(values[key])
    return values
