"""Typed actions of Solium Infernum: every id decodes to a kind and named arguments, the labels
are derived from them (and stay word for word what replays, tests and docs use), and the
heuristic bot decides from kinds and arguments only: with every label reworded it plays the same
moves, on the map and in battle mode."""

from __future__ import annotations

import pytest
from combatzoo.envs.core.codec import Action, CoreKind
from combatzoo.envs.solium_infernum.actions import ActionKind
from combatzoo.envs.solium_infernum.rules import SoliumEngine

from .conftest import legion, map_state, side


def test_every_id_has_a_kind_of_the_system_and_named_arguments():
    engine = SoliumEngine()
    codec = engine.codec
    # 14 fixed ids, then 10 cards of which 4 raise a stat (3 ids each): 32 (actions.py).
    assert codec.n == 32
    k = ActionKind
    assert [a.kind for a in codec.actions[:14]] == (
        [CoreKind.NOOP, k.PASS] + [k.ORDER_LEGION] * 6 + [k.MOVE] * 4
        + [k.END_ORDER, k.DONE_ATTACHING])
    assert all(a.kind is k.ATTACH_CARD for a in codec.actions[14:])
    assert engine.decode_action(2) == Action.of(k.ORDER_LEGION, legion=0)
    assert engine.decode_action(7) == Action.of(k.ORDER_LEGION, legion=5)
    assert engine.decode_action(11) == Action.of(k.MOVE, direction="west")
    # Hellfire Surge raises: ids 14, 15, 16 for ranged, melee, infernal; Cursed Volley does not.
    assert engine.decode_action(15).to_json() == {
        "kind": "attach_card", "args": {"card": "Hellfire Surge", "stat": "melee"}}
    assert engine.decode_action(20).to_json() == {
        "kind": "attach_card", "args": {"card": "Cursed Volley"}}
    for action_id, typed in enumerate(codec.actions):
        assert codec.encode(typed) == action_id


def test_labels_are_unchanged_word_for_word():
    labels = SoliumEngine().codec.labels
    assert labels[1:3] == ("Pass (no order this turn)", "Order legion 1")
    assert labels[7:14] == ("Order legion 6", "Move north", "Move east", "Move south",
                            "Move west", "End the order", "Done attaching cards")
    assert labels[14:17] == ("Attach Hellfire Surge raising Ranged",
                             "Attach Hellfire Surge raising Melee",
                             "Attach Hellfire Surge raising Infernal")
    assert labels[20] == "Attach Cursed Volley"
    assert labels[31] == "Attach Legion of Despair raising Infernal"


def test_the_json_view_lists_kind_and_args_of_each_legal_action(engine):
    s = map_state(engine, side([legion("Brass Sentinels", 0, 0)], tribute=4,
                               hand={"Hellfire Surge": 1}),
                  side([legion("Wailing Choir", 1, 0)]))
    legal = engine.view(s.state, 0)["legal"]
    # The order label names the legion (state-dependent); its args name the 0-based slot.
    assert legal == [
        {"id": 1, "label": "Pass (no order this turn)", "kind": "pass", "args": {}},
        {"id": 2, "label": "Order legion 1 (Brass Sentinels at 0,0)", "kind": "order_legion",
         "args": {"legion": 0}}]
    s.step(player_0="Order legion 1")
    # From (0, 0) of a 5 x 5 map: east and south (north and west are off the map).
    assert [(e["kind"], e["args"]) for e in engine.view(s.state, 0)["legal"]] == [
        ("move", {"direction": "east"}), ("move", {"direction": "south"}), ("end_order", {})]
    s.step(player_0="Move east")
    # Brass Sentinels have Infernal 0: no raise of Infernal (RULES.md §3).
    assert [(e["id"], e["args"]) for e in engine.view(s.state, 0)["legal"]] == [
        (13, {}), (14, {"card": "Hellfire Surge", "stat": "ranged"}),
        (15, {"card": "Hellfire Surge", "stat": "melee"})]


@pytest.mark.parametrize("kind", list(ActionKind))
def test_each_kind_is_named_snake_case(kind: ActionKind):
    assert kind.value == kind.name.lower()
