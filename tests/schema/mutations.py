"""Random mutations of valid state JSON, for the schema fuzz tests (issue 16)."""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import strategies as st

from .engines import engine, random_states

Path = tuple[Any, ...]

SCALARS = st.one_of(
    st.none(), st.booleans(),
    st.integers(-3, 12), st.integers(-2**70, 2**70),
    st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([0.5, 1e308, -0.0]),
    st.text(max_size=6), st.sampled_from(["", "over", "cards", "A", "game", "battle", "Charge",
                                          "Warrior", "Humans", "1st/1", "PR/20", "Ranged"]),
)
JSON = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=5), inner, max_size=3)),
    max_leaves=12)


def paths(node: Any, here: Path = ()) -> list[Path]:
    """Every path into ``node`` (the root excluded)."""
    out: list[Path] = []
    if isinstance(node, dict):
        for key, value in node.items():
            out.append((*here, key))
            out += paths(value, (*here, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out.append((*here, i))
            out += paths(value, (*here, i))
    return out


def bases(name: str, seeds: int = 3, every: int = 7) -> list[dict[str, Any]]:
    """Valid states of setup ``name``: every ``every``-th state of a few seeded random games."""
    eng = engine(name)
    out = []
    for seed in range(seeds):
        for i, state in enumerate(random_states(eng, seed)):
            if i % every == 0 or eng.is_over(state):
                out.append(json.loads(json.dumps(eng.to_json(state))))
    return out


@st.composite
def mutated(draw: st.DrawFn, states: list[dict[str, Any]]) -> dict[str, Any]:
    """A valid state with one to three mutations: a value replaced (by a near value of the
    same kind, or by any JSON), a key or list item removed, a key added, an item repeated."""
    data = copy.deepcopy(draw(st.sampled_from(states)))
    for _ in range(draw(st.integers(1, 3))):
        where = paths(data)
        path = draw(st.sampled_from(where))
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        last = path[-1]
        value = parent[last]
        how = draw(st.sampled_from(["near", "near", "near", "any", "drop", "add", "repeat"]))
        if how == "near" and isinstance(value, int) and not isinstance(value, bool):
            parent[last] = value + draw(st.sampled_from([-1, 1, -2, 2, 10**6]))
        elif how == "near" and isinstance(value, bool):
            parent[last] = not value
        elif how == "drop":
            del parent[last]
        elif how == "add" and isinstance(value, dict):
            value[draw(st.text(max_size=5))] = draw(JSON)
        elif how == "repeat" and isinstance(value, list) and value:
            value.append(copy.deepcopy(value[draw(st.integers(0, len(value) - 1))]))
        else:
            parent[last] = draw(JSON)
    return data
