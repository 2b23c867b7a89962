"""Typed actions of Heroes of Land, Air & Sea: every id decodes to a kind and named arguments,
the labels are derived from them (and stay word for word what replays and docs use), and the
heuristic bot decides from kinds and arguments only: with every label reworded it plays the same
moves."""

from __future__ import annotations

import pytest
from combatzoo.envs.core.codec import Action, CoreKind
from combatzoo.envs.land_air_sea.actions import ActionKind
from combatzoo.envs.land_air_sea.config import LandAirSeaConfig
from combatzoo.envs.land_air_sea.rules import LandAirSeaEngine

from .conftest import side


def test_every_id_has_a_kind_of_the_system_and_named_arguments():
    engine = LandAirSeaEngine()
    codec = engine.codec
    # The shipped tables: 5 spells, 7 cards, 2 sacrificeable kinds (actions.py docstring).
    assert codec.n == 17
    assert [a.kind for a in codec.actions] == (
        [CoreKind.NOOP, ActionKind.DECLINE_SPELL] + [ActionKind.CAST_SPELL] * 5
        + [ActionKind.CHOOSE_TACTIC] * 7 + [ActionKind.SACRIFICE] * 2 + [ActionKind.PAY])
    assert engine.decode_action(3) == Action.of(ActionKind.CAST_SPELL, spell="Lightning Bolt")
    assert engine.decode_action(8) == Action.of(ActionKind.CHOOSE_TACTIC, card="Charge")
    assert engine.decode_action(15) == Action.of(ActionKind.SACRIFICE, unit="Warrior")
    assert engine.decode_action(16).to_json() == {"kind": "pay", "args": {}}
    for action_id, typed in enumerate(codec.actions):
        assert codec.encode(typed) == action_id


def test_labels_are_unchanged_word_for_word():
    # The labels replay files, tests and docs/land_air_sea.md use.
    labels = LandAirSeaEngine().codec.labels
    assert labels[1] == "Decline to cast a combat spell"
    assert labels[2:7] == ("Cast Bless", "Cast Lightning Bolt", "Cast Fortify", "Cast Bloodlust",
                           "Cast Dispel")
    assert labels[7] == "Tactic: First Strike" and labels[13] == "Tactic: Feint"
    assert labels[14:] == ("Sacrifice a Serf (pays 1)", "Sacrifice a Warrior (pays 2)",
                           "Pay the rest in resources")


def test_the_json_view_lists_kind_and_args_of_each_legal_action():
    engine = LandAirSeaEngine(LandAirSeaConfig(num_battles=1))
    # Charge costs 6 Mana (tactic_cards.json): with 6 Mana and two Warriors, player_0 may
    # sacrifice a Warrior or pay it all; player_1 (Feint, free) has nothing to arrange.
    state = engine.from_json({
        "players": [side(army={"Warrior": 2}, mana=6), side("Orcs", army={"Warrior": 1})],
        "phase": "payment", "spell": ["", ""], "tactic": ["Charge", "Feint"],
        "paying": [True, False]})
    legal = engine.view(state, 0)["legal"]
    assert legal == [
        {"id": 15, "label": "Sacrifice a Warrior (pays 2)", "kind": "sacrifice",
         "args": {"unit": "Warrior"}},
        {"id": 16, "label": "Pay the rest in resources", "kind": "pay", "args": {}}]


@pytest.mark.parametrize("kind", list(ActionKind))
def test_each_kind_is_named_snake_case(kind: ActionKind):
    assert kind.value == kind.name.lower()
