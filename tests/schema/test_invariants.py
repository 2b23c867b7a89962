"""Issue 16: a state that fits the schema but breaks a rule invariant is refused, the
invariant named. Each test hand-writes one such state (the rule broken is in its comment) and
a control that differs only where the invariant is kept."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from combatzoo.envs.core.errors import StateError
from combatzoo.envs.land_air_sea.config import LandAirSeaConfig
from combatzoo.envs.land_air_sea.rules import LandAirSeaEngine
from combatzoo.envs.solium_infernum.config import SoliumInfernumConfig
from combatzoo.envs.solium_infernum.rules import SoliumEngine
from combatzoo.envs.spellfire.game.config import GameConfig
from combatzoo.envs.spellfire.game.rules import SpellfireGameEngine

from tests.spellfire.battle.battle_helpers import k, make_engine, side


def refused(engine: Any, data: dict[str, Any], invariant: str) -> None:
    with pytest.raises(StateError, match=invariant) as info:
        engine.from_json(data)
    assert info.value.field == "state" or invariant in str(info.value)


# --- Heroes of Land, Air & Sea ------------------------------------------------------------------


def las_payment(mana: int) -> dict[str, Any]:
    """Both chose Charge (6 Mana); player_0 set aside its only Warrior (strength 2) and is
    still paying with ``mana`` Mana; player_1 has paid."""
    army = {"Warrior": 1}
    sides = [{"faction": "Humans", "army": army, "resources": {"mana": mana}},
             {"faction": "Humans", "army": army, "resources": {"mana": 6}}]
    return {"players": sides, "num_battles": 1, "attackers": [0], "phase": "payment",
            "spell": ["", ""], "tactic": ["Charge", "Charge"],
            "sacrifice": [{"Warrior": 1}, {}], "paying": [True, False]}


def test_land_air_sea_a_payer_with_nothing_left_to_give_is_refused() -> None:
    engine = LandAirSeaEngine(LandAirSeaConfig(num_battles=1))
    # Seed 003 note: "Pay" is legal once the cost is covered. With 2 of 6 covered, no Mana and
    # no Warrior left to set aside, player_0 could neither sacrifice nor pay: no legal action.
    refused(engine, las_payment(mana=0), "player_0 must act but has no legal action")
    # With 4 Mana, 2 + 4 covers the 6: Pay is legal.
    assert engine.from_json(las_payment(mana=4)).paying == [True, False]


# --- Solium Infernum ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def solium() -> SoliumEngine:
    return SoliumEngine(SoliumInfernumConfig(mode="map"))


def solium_state(phase: str = "order", selected: int = -1, alive: bool = True,
                 hand: dict[str, int] | None = None) -> dict[str, Any]:
    legion: dict[str, Any] = {"kind": "Hellhound Pack", "at": [0, 0], "alive": alive}
    if not alive:
        legion["hp"] = 0
    other = {"kind": "Hellhound Pack", "at": [3, 3]}
    return {"width": 4, "height": 4, "phase": phase, "selected": selected,
            "moves_left": 2 if phase == "move" else 0,
            "players": [{"legions": [legion, other], "hand": hand or {}},
                        {"legions": [{"kind": "Hellhound Pack", "at": [2, 0]}]}]}


def test_solium_a_dead_legion_under_orders_is_refused(solium: SoliumEngine) -> None:
    # RULES.md §3: the legion under orders moves; a destroyed legion never acts again.
    refused(solium, solium_state("move", selected=0, alive=False), "living legion under orders")
    assert solium.from_json(solium_state("move", selected=0)).selected == 0


def test_solium_a_legion_slot_past_the_list_is_refused(solium: SoliumEngine) -> None:
    # Player 0 has legion slots 0 and 1; slot 2 does not exist.
    refused(solium, solium_state("move", selected=2), "living legion under orders")
    assert solium.from_json(solium_state("move", selected=1)).selected == 1


def test_solium_a_legion_under_orders_outside_move_and_cards_is_refused(
        solium: SoliumEngine) -> None:
    refused(solium, solium_state("order", selected=0), "under orders in phase order")


def test_solium_more_copies_of_a_card_than_a_deck_holds_are_refused(
        solium: SoliumEngine) -> None:
    name, card = next(iter(solium.tables.cards.items()))
    # Each player's deck is built with ``copies`` of each combat card (combat_cards.json).
    too_many = {name: card.copies + 1}
    refused(solium, solium_state(hand=too_many), f"copies of {name}")
    assert sum(solium.from_json(solium_state(hand={name: card.copies})).players[0].hand) == (
        card.copies)


# --- Spellfire battle ---------------------------------------------------------------------------


def spellfire_battle(attacker_hand: list[str]) -> dict[str, Any]:
    """Step B (the attacker presents a champion) against realm A."""
    me = side(realms=["Vale"], hand=attacker_hand, draw=["Militia"])
    them = side(realms=["Harbor"], draw=["Militia"])
    return {"players": [me, them], "attacker": 0,
            "battle": {"step": "attacker", "realm": "A"}}


def test_spellfire_battle_an_attacker_with_no_champion_to_present_is_refused() -> None:
    engine = make_engine()
    # Seed 000 step B: the attacker presents a champion from hand or pool; with none (and no
    # round won yet, so no "end the attack") nobody can move.
    refused(engine, spellfire_battle(["Militia"]), "player_0 must act but has no legal action")
    assert engine.from_json(spellfire_battle(["Knight"])).battle.step == "attacker"


def test_spellfire_battle_an_instance_past_the_card_list_is_refused() -> None:
    engine = make_engine()
    data = spellfire_battle(["Knight"])
    data["players"][1]["discard"] = [7]  # the card list has 5 instances (0..4)
    with pytest.raises(StateError, match=r"state.players\[1\].discard\[0\]: no card instance 7"):
        engine.from_json(data)


def test_spellfire_battle_one_instance_in_two_zones_is_refused() -> None:
    engine = make_engine()
    state = engine.to_json(engine.from_json(spellfire_battle(["Knight"])))
    state["players"][0]["discard"] = [state["players"][0]["hand"][0]]
    refused(engine, state, "is in 2 zones")


# --- Spellfire whole game -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def game() -> SpellfireGameEngine:
    return SpellfireGameEngine(GameConfig(pack="practice"))


def game_state(phase: int = 2, game: dict[str, Any] | None = None,
               realms: list[str] | None = None, hand: list[str] | None = None,
               their_realms: list[str] | None = None) -> dict[str, Any]:
    me = side(realms=realms or ["Vale"], hand=hand or ["Knight"], draw=["Militia"] * 6)
    them = side(realms=their_realms or ["Harbor"], draw=["Militia"] * 6)
    return {"mode": "game", "phase": phase, "attacker": 0, "players": [me, them],
            "battle": {"step": "over", "outcome": "no_attack"}, "game": game or {}}


@pytest.mark.parametrize("phase", [0, 1])
def test_game_phases_that_ask_nothing_go_on_by_themselves(game: SpellfireGameEngine,
                                                          phase: int) -> None:
    # Issue 13, RULES.md §1: phases 0 (rule cards) and 1 (draw 3) ask nothing, so a state
    # written at one goes on to the next decision. Player 0 draws 3 Militia (hand: Knight and
    # 3 Militia); phase 2 offers nothing (no realm or holding in hand), so it passes; phase 3
    # offers the Knight to the pool: the player decides there.
    state = game.from_json(game_state(phase))
    assert (state.phase, state.on_turn) == (3, 0)
    assert len(state.table.players[0].hand) == 4 and len(state.table.players[0].draw) == 3
    assert game.to_act(state) == [0] and len(game.legal_actions(state, 0)) > 1
    assert game.from_json(game_state(2)).phase == 2


def test_game_phase_5_within_the_hand_limit_ends_the_turn(game: SpellfireGameEngine) -> None:
    # Phase 5 asks only for discards down to the hand limit (8); holding 1 card, none is due, so
    # the turn ends. Player 1 draws 3 Militia and has nothing to play nor a champion to attack
    # with (phases 2 to 5 pass); player 0's next turn stops at phase 3 (the Knight to the pool).
    state = game.from_json({**game_state(5), "turn": 4})
    assert (state.turn, state.on_turn, state.phase) == (6, 0, 3)
    assert len(state.table.players[1].hand) == 3 and len(state.table.players[0].hand) == 4
    nine = game_state(5, hand=["Knight"] * 9)
    assert len(game.from_json(nine).table.players[0].hand) == 9  # one discard is due: it stays


def test_game_a_winner_without_a_result_is_refused(game: SpellfireGameEngine) -> None:
    refused(game, game_state(game={"winner": 1}), "a winner but no result")
    over = game.from_json(game_state(game={"winner": 1, "result": "deck_out"}))
    assert game.is_over(over)


def test_game_six_unrazed_realms_without_a_result_is_refused(
        game: SpellfireGameEngine) -> None:
    # RULES.md §1: six unrazed realms win at once; such a running game is over already.
    six = ["Vale", "Harbor", "Walls", "Citadel", "Academy", "Vale"]
    data = game_state(realms=six, their_realms=["Harbor"])
    with pytest.raises(StateError, match="six unrazed realms"):
        game.from_json(data)


def test_game_one_realm_of_a_name_in_play(game: SpellfireGameEngine) -> None:
    # RULES.md §1: only one realm of a name may be in play, across both players.
    refused(game, game_state(realms=["Vale"], their_realms=["Vale"]), "realms in play more "
                                                                       "than once")


def test_game_a_hand_past_its_slots_is_refused(game: SpellfireGameEngine) -> None:
    slots = game.turn_actions.hand_slots
    data = game_state(phase=5, hand=["Knight"] * (slots + 1))
    refused(game, data, f"player_0 holds {slots + 1} cards")
    data = copy.deepcopy(data)
    data["players"][0]["hand"] = data["players"][0]["hand"][:slots]
    assert len(game.from_json(data).table.players[0].hand) == slots


def test_spellfire_card_keys_in_the_zones_count_towards_two_decks() -> None:
    engine = make_engine()
    data = spellfire_battle(["Knight"])
    # Each key written into a zone is a new instance: 5 dealt above, 200 + 120 more here.
    data["players"][0]["draw"] = [k("Militia")] * 200
    data["players"][1]["discard"] = [k("Militia")] * 120
    with pytest.raises(StateError, match=r"^state.cards: 324 card instances; at most 320"):
        engine.from_json(data)
    data["players"][1]["discard"] = [k("Militia")] * 115
    assert len(engine.from_json(data).cards) == 319
