"""Seed rules of the whole Spellfire game that issue 13 found missing, scripted: spoils played
at once or kept for later (seeds 000 step J and 001), champions that attack two or three
realms in one turn (seed 000, end). Outcomes worked out by hand from the seed text.

Practice cards: Knight hero 5, Champion hero 6 that "may attack more than once per turn"
(``attack_again``), Griffon flying monster 6, Rogue thief 3, Sword magical item +2, Militia
and Squire allies, Rally an event, Vale / Harbor / Walls plain realms (Walls +2).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from combatzoo.envs.spellfire.cards.cards import CardType
from combatzoo.envs.spellfire.cards.effects import Effect, EffectKind

from tests.spellfire.battle.battle_helpers import card, side

from .test_game_rules import FILLER, Turn, avatar_engine, engine, names, table


def _won_battle(draw: list[str], eng: Any = None) -> tuple[Any, Turn]:
    """Player 0 attacks realm A with the Knight; player 1 declines: razed, player 0 draws the
    first card of ``draw`` as spoils (seed 001)."""
    eng = eng or engine()
    me = side(realms=["Vale"], hand=["Knight"], pool=["Rogue"], draw=[*draw, *FILLER])
    state = table(eng, me, side(realms=["Harbor", "Walls"]), phase=4, battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Attack realm A")
    turn.play("Champion from hand 0")
    turn.play("Decline to defend", player=1)
    return eng, turn


# --- spoils: at once or kept for later (seed 001) --------------------------------------------


def test_a_spoils_champion_may_be_kept_in_hand_for_later() -> None:
    # Seed 001: "the spoils card is available for play immediately or kept for later".
    eng, turn = _won_battle(["Griffon"])
    state = turn.state
    assert eng.to_act(state) == [0] and state.phase == 4 and state.spoils is not None
    assert turn.labels()[-1] == "Keep the spoils card in hand: Practice Griffon"
    turn.play("Keep the spoils card in hand")
    assert names(eng, state, state.table.players[0].pool) == ["Rogue", "Knight"]
    assert names(eng, state, state.table.players[0].hand) == ["Griffon"]
    assert "spoils_kept" in turn.kinds() and state.spoils is None
    # Nothing else to do this turn (a hand within the limit): the other player's turn.
    assert state.on_turn == 1


def test_the_defenders_spoils_item_is_played_outside_its_turn() -> None:
    # Seed 000 step J: the defender draws spoils when the attacking champion is defeated and
    # discarded; a magical item "can be played immediately ... not normally allowed to be
    # played during the current phase" (here: not even its turn). It goes onto a pool champion
    # of its choice.
    eng = engine()
    me = side(realms=["Vale"], hand=["Rogue"])
    them = side(realms=["Harbor"], pool=["Knight", "Griffon"], draw=["Sword", *FILLER])
    state = table(eng, me, them, phase=4, battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Attack realm A")
    turn.play("Champion from hand 0")
    turn.play("Champion from pool 1", player=1)  # Griffon 6 against Rogue 3: repelled
    assert state.table.battle.outcome == "repelled" and state.on_turn == 0
    assert eng.to_act(state) == [1]
    assert turn.labels(1) == ["Attach hand 0 to pool champion 0: Practice Sword to "
                              "Practice Knight",
                              "Attach hand 0 to pool champion 1: Practice Sword to "
                              "Practice Griffon",
                              "Keep the spoils card in hand: Practice Sword"]
    turn.play("Attach hand 0 to pool champion 0", player=1)
    knight = state.table.players[1].pool[0]
    assert names(eng, state, state.table.players[1].attached[knight]) == ["Sword"]
    assert "spoils_played" in turn.kinds()
    # Player 0's battle was over: its phase 5 asks nothing (an empty hand), player 1's turn.
    assert state.on_turn == 1


def test_spells_allies_and_events_drawn_as_spoils_go_to_the_hand_without_a_choice() -> None:
    # Seed 000 step J: "Spells, blood abilities, allies ... cannot be played when drawn as
    # spoils ... the spoils are added to the victorious player's hand. Event spoils can be
    # played at any time": an event waits in the hand (events are played into battles).
    for spoils in ("Militia", "Bolt", "Rally"):
        eng, turn = _won_battle([spoils])
        state = turn.state
        assert state.spoils is None and "spoils_to_hand" in turn.kinds()
        assert names(eng, state, state.table.players[0].hand) == [spoils]


def test_an_event_kept_from_spoils_is_played_in_a_later_battle_as_the_winner() -> None:
    # "Event spoils can be played at any time" (seed 000 step J) and the winning side "can
    # play only events or play-at-any-time cards" (step F): Rally (+2), kept from an earlier
    # battle, is offered to the defender while it is winning.
    eng = engine()
    me = side(realms=["Vale"], hand=["Rogue", "Militia"])
    them = side(realms=["Harbor"], hand=["Rally"], pool=["Knight"])
    state = table(eng, me, them, phase=4, battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Attack realm A")
    turn.play("Champion from hand 0")
    turn.play("Champion from pool 0", player=1)  # Knight 5 against Rogue 3
    turn.play("Play hand 0", player=0)  # Militia +2: 5 against 5, the defender still wins
    assert eng.to_act(state) == [1]
    assert any(x.startswith("Play hand 0: Practice Rally") for x in turn.labels(1))


def test_an_avatar_drawn_as_spoils_waits_in_the_hand() -> None:
    # Seed 001: "Avatars can be played as spoils, but the cost associated with them must also
    # be met". This hand-made avatar prints no cost the compiler could read (no
    # ``avatar_cost``): it cannot be paid for, so it goes to the hand (test_game_avatar.py
    # plays real avatars with their printed costs).
    eng, turn = _won_battle(["T/7"], avatar_engine())
    assert turn.state.spoils is None and "spoils_to_hand" in turn.kinds()
    assert names(eng, turn.state, turn.state.table.players[0].hand) == ["Avatar Hero"]


def test_a_waiting_spoils_choice_survives_the_state_json() -> None:
    eng, turn = _won_battle(["Griffon"])
    data = eng.to_json(turn.state)
    assert data["game"]["spoils"] == turn.state.spoils
    again = eng.from_json(data)
    assert eng.legal_actions(again, 0) == eng.legal_actions(turn.state, 0)
    assert np.array_equal(eng.observe(again, 0), eng.observe(turn.state, 0))
    spoils_flag = eng.layout.start["spoils"]
    assert eng.observe(again, 0)[spoils_flag] == 1.0 and eng.observe(again, 1)[spoils_flag] == 0


# --- two or three attacks in one turn (seed 000, end) ----------------------------------------

THIRD = card(8, "T Weaponmaster", CardType.HERO, level=7,
             effects=(Effect(EffectKind.ATTACK_AGAIN, amount=3),))


def _raid(pool: list[str], hand: list[str], defender_hand: list[str] | None = None,
          eng: Any = None) -> Turn:
    """Player 0's phase 4 against a formation of Vale (A), Harbor (B), Walls (C), Academy
    (D); its spoils are allies (to the hand, no choice)."""
    eng = eng or engine()
    me = side(realms=["Citadel"], hand=hand, pool=pool,
              draw=["Militia", "Squire", "Giant", *FILLER])
    them = side(realms=["Vale", "Harbor", "Walls", "Academy"], hand=defender_hand or [])
    return Turn(eng, table(eng, me, them, phase=4, battle={"step": "realm"}))


def test_a_champion_that_may_attack_twice_attacks_a_second_realm_with_a_second_spoils() -> None:
    # Seed 000 (end): "A very few champions allow for attacks against two or even three
    # different realms in one turn. Each attack follows the order of steps above. In such a
    # case, multiple spoils cards can be gained during the same turn."
    turn = _raid(pool=["Champion", "Knight"], hand=["Griffon"])
    eng, state = turn.engine, turn.state
    turn.play("Attack realm A")
    turn.play("Champion from pool 0")  # the Champion (attack_again)
    turn.play("Decline to defend", player=1)
    assert state.table.players[1].razed[0] and "another_attack" in turn.kinds()
    # A second battle (steps A-J again): realms B and C are now exposed; only the Champion,
    # which opened the first battle, may open it (step I: no champion attacks twice unless
    # its power allows it; the Knight and the Griffon made no attack and get none).
    assert state.phase == 4 and [x.split(":")[0] for x in turn.labels()] == [
        "Make no attack / end the attack", "Attack realm B", "Attack realm C"]
    turn.play("Attack realm C")
    assert [x.split(":")[0] for x in turn.labels()] == ["Champion from pool 1"]
    turn.play("Champion from pool 1")
    turn.play("Decline to defend", player=1)
    assert state.table.players[1].razed == [True, False, True, False, False, False]
    # Two spoils this turn: Militia then Squire (allies: into the hand).
    assert names(eng, state, state.table.players[0].hand) == ["Griffon", "Militia", "Squire"]
    assert turn.kinds().count("spoils_drawn") == 2
    # "Attack twice": no third battle; phase 5 passes and the turn ends.
    assert turn.kinds().count("another_attack") == 1 and state.on_turn == 1


def test_no_second_attack_after_a_lost_battle_or_for_a_plain_champion() -> None:
    # Rikus "can attack twice ... if he wins his first round" [decided for every attack_again
    # champion]: a repelled Champion attacks no more; the Knight (no such power) attacks once.
    turn = _raid(pool=["Champion"], hand=[], defender_hand=["Griffon", "Giant"])
    turn.play("Attack realm A")
    turn.play("Champion from pool 0")
    turn.play("Champion from hand 0", player=1)  # Griffon 6 against Champion 6: tie, repelled
    assert [e.data["outcome"] for e in turn.find("battle_over")] == ["repelled"]
    assert "another_attack" not in turn.kinds() and turn.state.on_turn == 1
    turn = _raid(pool=["Knight"], hand=[])
    turn.play("Attack realm A")
    turn.play("Champion from pool 0")
    turn.play("Decline to defend", player=1)
    assert "another_attack" not in turn.kinds() and turn.state.on_turn == 1


def test_a_champion_that_may_attack_three_times_razes_three_realms() -> None:
    # Seed 000 (end): "two or even three different realms"; a power naming three attacks
    # (``attack_again`` amount 3) opens three battles, each with its spoils.
    from combatzoo.envs.spellfire.game.config import GameConfig
    from combatzoo.envs.spellfire.game.rules import SpellfireGameEngine

    from .test_game_rules import EXTRA
    eng = SpellfireGameEngine(GameConfig(pack="practice", extra_cards=(*EXTRA, THIRD)))
    turn = _raid(pool=["T/8"], hand=[], eng=eng)
    for realm in ("A", "B", "D"):
        turn.play(f"Attack realm {realm}")
        turn.play("Champion from pool 0")
        turn.play("Decline to defend", player=1)
    assert turn.state.table.players[1].razed[:4] == [True, True, False, True]
    assert turn.kinds().count("spoils_drawn") == 3
    assert turn.kinds().count("another_attack") == 2 and turn.state.on_turn == 1


def test_attacks_of_the_turn_survive_the_state_json() -> None:
    turn = _raid(pool=["Champion", "Knight"], hand=[])
    turn.play("Attack realm A")
    turn.play("Champion from pool 0")
    turn.play("Decline to defend", player=1)
    eng, state = turn.engine, turn.state
    data = eng.to_json(state)
    # The Champion opened the battle (it is back in the pool, after the Knight).
    assert names(eng, state, state.attacks) == ["Champion"]
    assert data["game"]["attacks"] == state.attacks
    again = eng.from_json(data)
    assert eng.legal_actions(again, 0) == eng.legal_actions(state, 0)
    assert len(eng.legal_actions(again, 0)) == 3  # no attack, realm B, realm C


# --- rule cards in phase 0 (RULES.md §1) --------------------------------------------------------

DECREE = card(9, "T Decree", CardType.RULE)
EDICT = card(10, "T Edict", CardType.RULE)


def _rules_engine() -> Any:
    from combatzoo.envs.spellfire.game.config import GameConfig
    from combatzoo.envs.spellfire.game.rules import SpellfireGameEngine

    from .test_game_rules import EXTRA
    return SpellfireGameEngine(GameConfig(pack="practice", extra_cards=(*EXTRA, DECREE, EDICT)))


def test_a_rule_card_is_played_in_phase_0_and_stays_in_play() -> None:
    # RULES.md §1 turn phases: "0 rule cards; 1 draw". The rule cards' text: "Played at the
    # beginning of the player's turn, this card is not discarded ... remains in effect until
    # any other rule card is played." [decided] One a turn: phase 0 ends with it; then the
    # draw (3 cards) and phase 2.
    eng = _rules_engine()
    me = side(realms=["Vale"], hand=["T/9", "Knight"])
    state = table(eng, me, side(realms=["Harbor"]), phase=0)
    turn = Turn(eng, state)
    assert state.phase == 0 and turn.labels() == [
        "Done with this phase", "Play rule card from hand 0: T Decree"]
    turn.play("Play rule card from hand 0")
    assert names(eng, state, state.table.players[0].rule) == ["T Decree"]
    assert len(state.table.players[0].hand) == 1 + 3 and state.phase == 3  # nothing in phase 2
    assert eng.view(state, 1)["rule_cards"] == [
        {"player": "player_0", "name": "T Decree", "key": "T/9"}]
    obs = eng.observe(state, 1)
    assert list(obs[eng.layout.start["rules_in_play"]:][:2]) == [0.0, 1.0]
    again = eng.from_json(eng.to_json(state))
    assert again.table.players[0].rule == state.table.players[0].rule


def test_a_new_rule_card_discards_the_one_in_play() -> None:
    # "remains in effect until any other rule card is played": the opponent's Decree goes to
    # its discard pile when the Edict is played.
    eng = _rules_engine()
    me = side(realms=["Vale"], hand=["T/10"])
    them = side(realms=["Harbor"])
    them["rule"] = ["T/9"]
    state = table(eng, me, them, phase=0)
    Turn(eng, state).play("Play rule card from hand 0")
    assert names(eng, state, state.table.players[0].rule) == ["T Edict"]
    assert state.table.players[1].rule == []
    assert names(eng, state, state.table.players[1].discard) == ["T Decree"]


def test_without_a_rule_card_phase_0_asks_nothing_and_the_bot_plays_none() -> None:
    from combatzoo.agents.spellfire_game import HeuristicAgent

    eng = _rules_engine()
    state = table(eng, side(realms=["Vale"], hand=["Knight"]), side(realms=["Harbor"]),
                  phase=0)
    assert state.phase == 3  # phases 0, 1 (the draw) and 2 passed by themselves
    state = table(eng, side(realms=["Vale"], hand=["T/9"]), side(realms=["Harbor"]), phase=0)
    action = HeuristicAgent().act(None, eng.legal_mask(state, 0), eng.view(state, 0))
    assert eng.action_label(action) == "Done with this phase"


def test_a_rule_card_drawn_as_spoils_may_be_played_at_once() -> None:
    # Seed 000 step J: spoils "can be played immediately, even if it is a ... rule card".
    eng, turn = _won_battle(["T/9"], _rules_engine())
    assert turn.labels() == ["Keep the spoils card in hand: T Decree",
                             "Play rule card from hand 0: T Decree"]
    turn.play("Play rule card from hand 0")
    assert names(eng, turn.state, turn.state.table.players[0].rule) == ["T Decree"]


def test_two_rule_cards_in_play_are_refused() -> None:
    import pytest
    from combatzoo.envs.core.errors import StateError

    eng = _rules_engine()
    me, them = side(realms=["Vale"]), side(realms=["Harbor"])
    me["rule"], them["rule"] = ["T/9"], ["T/10"]
    with pytest.raises(StateError, match="more than one rule card"):
        table(eng, me, them, phase=2)


def test_the_bot_plays_a_spoils_card_at_once_and_the_observation_flags_it() -> None:
    from combatzoo.agents.spellfire_game import HeuristicAgent

    eng, turn = _won_battle(["Griffon"])
    state = turn.state
    obs = eng.observe(state, 0)
    # hand_turn_flags of hand slot 0 (the Griffon): entry 2, "playable now as a champion".
    flags = eng.layout.start["hand_turn_flags"]
    assert list(obs[flags:flags + 5]) == [0.0, 0.0, 1.0, 0.0, 0.0]
    action = HeuristicAgent().act(None, eng.legal_mask(state, 0), eng.view(state, 0))
    assert eng.action_label(action, state, 0) == ("Put champion from hand 0 into the pool: "
                                                   "Practice Griffon")
