"""Issue 16: the fields the hardening found unchecked are refused by the schema, with a
:class:`StateError` naming the JSON path of the bad field."""

from __future__ import annotations

import copy
import json
from typing import Any

import numpy as np
import pytest
from combatzoo.envs.core.errors import StateError

from .engines import engine

Case = tuple[str, list[Any], Any, str]
"""Setup, the path to the field to set, the bad value, the path the error must name."""

CASES: list[Case] = [
    # land_air_sea players[i].cards_played: +-Infinity, -5, 2.5, "1", true, 1e308 were accepted
    *(("land_air_sea", ["players", 1, "cards_played"], {"Charge": v},
       "state.players[1].cards_played.Charge")
      for v in (float("inf"), float("-inf"), float("nan"), -5, 2.5, "1", True, 1e308, 51)),
    ("land_air_sea", ["players", 0, "cards_played"], {"Nope": 1},
     "state.players[0].cards_played.Nope"),
    # history entries were free-form: [{"x": 1}] broke the policy bots
    ("land_air_sea", ["history"], [{"x": 1}], "state.history[0].battle"),
    ("land_air_sea", ["players", 0, "vp"], 10**400, "state.players[0].vp"),
    ("land_air_sea", ["players", 0, "army"], {"Warrior": 10**6}, "state.players[0].army.Warrior"),
    ("land_air_sea", ["players", 0, "faction"], "x" * 10_000, "state.players[0].faction"),
    ("land_air_sea", ["surprise"], 1, "state.surprise"),
    # solium_infernum last_battle: any object was accepted ({} broke the policy bots)
    ("solium_map", ["last_battle"], {}, "state.last_battle.attacker"),
    ("solium_map", ["last_battle"], [1], "state.last_battle"),
    ("solium_map", ["players", 1, "tribute"], 1e9, "state.players[1].tribute"),
    ("solium_map", ["players", 1, "deck"], ["Nope"], "state.players[1].deck[0]"),
    ("solium_map", ["width"], True, "state.width"),
    # Spellfire: hands of 44 cards and 25,000 extra deck cards were accepted
    ("spellfire_game", ["players", 0, "hand"], [0] * 44, "state.players[0].hand"),
    ("spellfire_game", ["players", 0, "draw"], [0] * 25_000, "state.players[0].draw"),
    ("spellfire_game", ["game", "result"], "resigned", "state.game.result"),
    ("spellfire_game", ["game", "winner"], 2, "state.game.winner"),
    ("spellfire_battle", ["battle", "step"], "lunch", "state.battle.step"),
    ("spellfire_battle", ["players", 0, "hand", 0], 2.0, "state.players[0].hand[0]"),
    ("spellfire_battle", ["players", 0, "hand", 0], "9th/1", "state.players[0].hand[0]"),
    ("spellfire_battle", ["turn"], float("inf"), "state.turn"),
]


def start(name: str) -> dict[str, Any]:
    eng = engine(name)
    return json.loads(json.dumps(eng.to_json(eng.new_game(np.random.default_rng(7)))))


def put(data: dict[str, Any], path: list[Any], value: Any) -> dict[str, Any]:
    out = copy.deepcopy(data)
    node: Any = out
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    return out


@pytest.mark.parametrize("name, path, value, field", CASES,
                         ids=[f"{c[0]}:{c[3]}:{str(c[2])[:20]}" for c in CASES])
def test_a_bad_field_is_refused_naming_its_path(name: str, path: list[Any], value: Any,
                                                field: str) -> None:
    with pytest.raises(StateError) as info:
        engine(name).from_json(put(start(name), path, value))
    assert info.value.field == field


def test_deep_nesting_is_refused_at_the_first_level() -> None:
    deep: dict[str, Any] = {}
    node = deep
    for _ in range(100_000):
        node["a"] = {}
        node = node["a"]
    with pytest.raises(StateError) as info:
        engine("solium_map").from_json(put(start("solium_map"), ["last_battle"], deep))
    assert info.value.field.startswith("state.last_battle")


def test_a_deep_list_or_a_huge_number_is_refused_and_shown_short() -> None:
    deep: list[Any] = []
    node = deep
    for _ in range(100_000):
        node.append([])
        node = node[0]
    with pytest.raises(StateError, match=r"^state.last_battle: .* \(got \[\[\[\[\.\.\.\]\]\]\]\)$"):
        engine("solium_map").from_json(put(start("solium_map"), ["last_battle"], deep))
    with pytest.raises(StateError, match=r"^state.players\[0\].vp: .* \(got .*\)$"):
        engine("land_air_sea").from_json(put(start("land_air_sea"), ["players", 0, "vp"],
                                             10**5000))


def test_the_message_says_what_was_wrong() -> None:
    bad = put(start("land_air_sea"), ["players", 1, "cards_played"], {"Charge": -5})
    with pytest.raises(StateError, match=r"^state.players\[1\].cards_played.Charge: Input "
                                         r"should be greater than or equal to 0 \(got -5\)$"):
        engine("land_air_sea").from_json(bad)
    bad = put(start("land_air_sea"), ["players", 0, "army"], {"Wariror": 1})
    with pytest.raises(StateError, match=r"^state.players\[0\].army.Wariror: unknown unit "
                                         r"'Wariror'; known: \["):
        engine("land_air_sea").from_json(bad)
