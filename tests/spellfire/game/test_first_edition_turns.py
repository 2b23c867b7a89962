"""Issue 13 (first_c): the 1st Edition's powers over the turns and the hands, in whole games.

Real 1st Edition cards (CrossFire data when present, else the built-in pack; a test skips
without them) in whole games of practice cards (``pack="practice"``): the Knight is a hero 5,
the Rogue a thief 3, the Mage a wizard 4, the Griffon a flying monster 6; the Militia an ally
+2, the Squire an ally +1; the realms have no power. The hand limit is 8 and the draw 3
(RULES.md §1). Outcomes computed by hand from the printed words (paraphrased in each test).
"""

from __future__ import annotations

import numpy as np
import pytest
from combatzoo.envs.spellfire.battle.observation import CARD_FEATURES, card_features
from combatzoo.envs.spellfire.cards.cards import Card, Power
from combatzoo.envs.spellfire.game.config import GameConfig
from combatzoo.envs.spellfire.game.rules import SpellfireGameEngine
from combatzoo.envs.spellfire.game.state import GameState

from ..battle.battle_helpers import k, side
from ..battle.test_card_powers import real
from .test_game_rules import Turn, names, table

CARAVAN, CUP, RING, ANNULUS = "1st/319", "1st/160", "1st/311", "1st/411"
PLAY = "Play event or spell from hand"
DONE = "Done with this phase"


def _engine(*keys: str) -> SpellfireGameEngine:
    return SpellfireGameEngine(GameConfig(pack="practice", extra_cards=real(*keys)))


def _end_turn(turn: Turn, player: int) -> None:
    """``player`` plays nothing more this turn and makes no attack."""
    at = turn.state.turn
    while turn.state.turn == at and not turn.state.between:
        labels = turn.labels(player)
        turn.play(DONE if DONE in labels else "Make no attack", player)


@pytest.mark.parametrize("key, kind", [
    (CARAVAN, "extra_turn"), ("3rd/319", "extra_turn"), ("4th/131", "extra_turn"),
    (CUP, "cup_return"), ("4th/454", "cup_return"), (RING, "see_hand"), (ANNULUS, "see_hand"),
])
def test_the_cards_compile_to_their_kinds(key: str, kind: str) -> None:
    # Every sentence read (Power.MODELLED), one effect of the kind (issue 13, first_c).
    (card,) = real(key)
    assert card.power is Power.MODELLED and [e.kind.value for e in card.effects] == [kind]


# --- The Caravan ------------------------------------------------------------------------------


def test_caravan_after_my_turn_gives_me_another_whole_turn_then_the_opponents() -> None:
    # The Caravan (event): "Play only between two player's turns. The player of this event can
    # take a turn immediately. Afterward, play resumes where it left off."
    eng = _engine(CARAVAN)
    state = table(eng, side(realms=["Vale"], hand=[CARAVAN, "Walls"], draw=["Militia"] * 9),
                  side(realms=["Harbor"], hand=["Citadel"], draw=["Squire"] * 9), phase=2)
    turn = Turn(eng, state)
    turn.play(DONE)  # phase 2 ends; the Caravan is not a phase 3 play; no attack; phase 5
    # Between turn 1 and turn 2: player_0 holds the Caravan and is asked (player_1 is not).
    assert state.turn == 1 and state.between == [0] and eng.to_act(state) == [0]
    assert turn.labels(0) == [DONE, f"{PLAY} 0 (outside battle): The Caravan"]
    turn.play(f"{PLAY} 0")
    # Player_0 takes turn 2 at once, from phase 0: it draws 3 (Walls + 3 Militia), phase 2.
    me = state.table.players[0]
    assert (state.turn, state.on_turn, state.phase, state.due) == (2, 0, 2, 1)
    assert names(eng, state, me.hand) == ["Walls"] + ["Militia"] * 3
    assert names(eng, state, me.discard) == ["The Caravan"] and len(me.draw) == 6
    assert [e.kind for e in turn.events].count("turn_started") == 1
    turn.play("Play realm from hand 0")  # a realm play again: it is a whole new turn
    assert names(eng, state, [r for r in me.realms if r is not None]) == ["Vale", "Walls"]
    # (Nothing more to decide: the turn ends.) Afterward, the turn that was due: player_1's,
    # turn 3; it draws 3.
    assert (state.turn, state.on_turn, state.due, state.between) == (3, 1, None, [])
    assert names(eng, state, state.table.players[1].hand) == ["Citadel"] + ["Squire"] * 3
    assert not eng.check_invariants(state, state)


def test_caravan_held_by_the_player_due_gives_it_two_turns_in_a_row() -> None:
    # The opponent plays it after player_0's turn: the opponent takes a turn now, then play
    # resumes where it left off: the opponent's own turn, which was due. A champion benched
    # "until after the owner's next turn" (Geas) stays benched through player_0's next turn,
    # whichever number that turn now has.
    eng = _engine(CARAVAN)
    state = table(eng, side(realms=["Vale"], hand=["Walls"], pool=["Knight"],
                            draw=["Militia"] * 9),
                  side(realms=["Harbor"], hand=[CARAVAN, "Citadel"], draw=["Squire"] * 9),
                  phase=2)
    knight = state.table.players[0].pool[0]
    state.benched[knight] = 3  # set in turn 1 as if the players alternated: turn 3, mine
    turn = Turn(eng, state)
    _end_turn(turn, 0)  # (the benched Knight may not attack: no phase 4 choice)
    assert state.between == [1] and eng.to_act(state) == [1]
    turn.play(f"{PLAY} 0", 1)
    assert (state.turn, state.on_turn, state.due) == (2, 1, 1)
    _end_turn(turn, 1)
    # Turn 3 is player_1's again (the turn that was due); player_0's next turn is now 4.
    assert (state.turn, state.on_turn, state.due) == (3, 1, None)
    assert state.benched == {knight: 4}
    assert names(eng, state, state.table.players[1].hand) == ["Citadel"] + ["Squire"] * 6
    _end_turn(turn, 1)
    assert (state.turn, state.on_turn) == (4, 0) and state.benched == {knight: 4}
    assert not eng.check_invariants(state, state)


def test_caravan_may_be_passed_and_is_never_played_in_phase_3_or_in_a_battle() -> None:
    # "Play only between two player's turns": not in phase 3, not into a battle's round. Both
    # players hold one: the player whose turn ended is asked first, then the other; both pass.
    eng = _engine(CARAVAN)
    assert not eng.facts(CARAVAN).playable_in_battle_phase
    state = table(eng, side(realms=["Vale"], hand=[CARAVAN, "Knight"], draw=["Militia"] * 9),
                  side(realms=["Harbor"], hand=[CARAVAN, "Walls"], draw=["Squire"] * 9),
                  phase=3)
    turn = Turn(eng, state)
    assert turn.labels(0) == [DONE, "Put champion from hand 1 into the pool: Practice Knight"]
    _end_turn(turn, 0)  # (the Knight may attack from the hand: no attack)
    assert state.between == [0, 1]
    turn.play(DONE, 0)
    assert state.between == [1] and eng.to_act(state) == [1]
    assert turn.labels(1) == [DONE, f"{PLAY} 0 (outside battle): The Caravan"]
    turn.play(DONE, 1)
    assert (state.turn, state.on_turn, state.between) == (2, 1, [])
    assert names(eng, state, state.table.players[1].hand) == ["The Caravan", "Walls"] + [
        "Squire"] * 3


def test_caravan_state_written_at_phase_5_asks_its_holder() -> None:
    # A hand-written state at phase 5 with a hand within the limit advances by itself: the
    # turn ends and the holder of the Caravan is asked (issue 13: states advance by
    # themselves); its JSON keeps the question.
    eng = _engine(CARAVAN)
    state = table(eng, side(realms=["Vale"], hand=["Knight"]),
                  side(realms=["Harbor"], hand=[CARAVAN]), phase=5)
    assert state.between == [1] and eng.to_act(state) == [1]
    again = eng.from_json(eng.to_json(state))
    assert again.between == [1] and eng.legal_actions(again, 1) == eng.legal_actions(state, 1)
    assert eng.view(state, 1)["between_turns"] and not eng.view(state, 0)["between_turns"]


def test_the_search_sampler_keeps_the_question_between_turns() -> None:
    # A state sampled from the asked player's view (agents/samplers/spellfire.py) asks it too,
    # with the same choices (its own hand is seen; the opponent's is sampled).
    from combatzoo.agents.samplers.spellfire import sample

    eng = _engine(CARAVAN)
    state = table(eng, side(realms=["Vale"], hand=["Knight"]),
                  side(realms=["Harbor"], hand=[CARAVAN, "Citadel"]), phase=5)
    got = sample(eng, eng.view(state, 1), 1, np.random.default_rng(0))
    assert got.between == [1] and eng.to_act(got) == [1]
    assert eng.legal_actions(got, 1) == eng.legal_actions(state, 1)


# --- Cup of Al'Akbar --------------------------------------------------------------------------


def test_cup_three_discards_bring_back_the_best_card_of_the_discard_pile() -> None:
    # Cup of Al'Akbar (artifact): "If the player discards three cards from his hand at the end
    # of his turn, he can return any one card from the discard pile to his hand." Phase 5, four
    # cards in hand (within the limit of 8), the Griffon (monster 6) in the discard pile.
    eng = _engine(CUP)
    state = table(eng, side(realms=["Vale"], hand=["Squire", "Militia", "Rogue", "Mage"],
                            pool=[("Knight", [CUP])], discard=["Griffon"]),
                  side(realms=["Harbor"], hand=["Citadel"]), phase=5)
    turn = Turn(eng, state)
    assert turn.labels(0) == [DONE] + [f"Discard hand {i}: Practice {n}" for i, n in enumerate(
        ["Squire", "Militia", "Rogue", "Mage"])]
    turn.play("Discard hand 0")
    turn.play("Discard hand 0")
    assert state.on_turn == 0 and state.cup == 2
    turn.play("Discard hand 0")  # the Rogue: the third card
    # [decided] the best card of the pile returns: champions first, the highest level: the
    # Griffon (6) over the Rogue (3) and the allies. The turn then ends.
    me = state.table.players[0]
    assert names(eng, state, me.hand) == ["Mage", "Griffon"]
    assert names(eng, state, me.discard) == ["Squire", "Militia", "Rogue"]
    assert "cup_return" in [e.kind for e in turn.events]
    assert (state.turn, state.on_turn) == (2, 1)


def test_cup_counts_the_discards_down_to_the_hand_limit() -> None:
    # Nine cards, limit 8: one discard is owed (no "done" yet); it counts toward the three.
    eng = _engine(CUP)
    state = table(eng, side(realms=["Vale"], hand=["Squire"] * 8 + ["Knight"],
                            pool=[("Knight", [CUP])], discard=["Rogue"]),
                  side(realms=["Harbor"], hand=["Citadel"]), phase=5)
    turn = Turn(eng, state)
    assert DONE not in turn.labels(0)
    turn.play("Discard hand 0")
    assert state.cup == 1 and turn.labels(0)[0] == DONE  # now within the limit: may stop
    turn.play("Discard hand 0")
    turn.play("Discard hand 0")
    me = state.table.players[0]
    # Back: the Rogue (a champion, the only one in the pile) over the three Squires.
    assert sorted(names(eng, state, me.hand)) == ["Knight", "Rogue"] + ["Squire"] * 5
    assert state.on_turn == 1


def test_cup_is_not_offered_without_the_cup_or_once_stopped() -> None:
    # Without the Cup in play, a hand within the limit ends the turn at once.
    eng = _engine(CUP)
    hand = ["Squire", "Militia", "Rogue"]
    state = table(eng, side(realms=["Vale"], hand=hand, pool=["Knight"], discard=["Griffon"]),
                  side(realms=["Harbor"], hand=["Citadel"]), phase=5)
    assert state.on_turn == 1
    # With it, two cards in hand cannot make three discards: not offered.
    state = table(eng, side(realms=["Vale"], hand=hand[:2], pool=[("Knight", [CUP])],
                            discard=["Griffon"]),
                  side(realms=["Harbor"], hand=["Citadel"]), phase=5)
    assert state.on_turn == 1
    # With it, one discard and then "done": nothing returns ("he can": once stopped, over).
    state = table(eng, side(realms=["Vale"], hand=hand, pool=[("Knight", [CUP])],
                            discard=["Griffon"]),
                  side(realms=["Harbor"], hand=["Citadel"]), phase=5)
    turn = Turn(eng, state)
    turn.play("Discard hand 2")
    turn.play(DONE)
    me = state.table.players[0]
    assert names(eng, state, me.discard) == ["Griffon", "Rogue"]
    assert names(eng, state, me.hand) == ["Squire", "Militia"] and state.on_turn == 1


# --- Ring of All Seeing, Annulus ---------------------------------------------------------------


def _seen_rows(eng: SpellfireGameEngine, state: GameState, me: int) -> np.ndarray:
    """The ``seen_hand`` segment of ``me``'s observation, one row per hand slot."""
    return eng.observe(state, me)[eng.layout.slice("seen_hand")].reshape(-1, CARD_FEATURES + 1)


def _features(eng: SpellfireGameEngine, name: str) -> np.ndarray:
    f = eng.facts(k(name))
    return card_features(f.card, f)


def test_ring_of_all_seeing_shows_the_opponents_hand_at_the_start_of_my_turn() -> None:
    # Ring of All Seeing (item, carried by the Knight): "Allows the owning player, at the
    # beginning of his turn, to look at one player's hand." Player_0's turn begins (phase 0):
    # it sees the Griffon and the Squire in player_1's hand, until its turn ends.
    eng = _engine(RING)
    them = side(realms=["Harbor"], hand=["Griffon", "Squire"], draw=["Squire"] * 9)
    state = table(eng, side(realms=["Vale"], hand=["Walls"], pool=[("Knight", [RING])],
                            draw=["Militia"] * 9), them, phase=0)
    assert state.phase == 2 and state.seen == {0: state.table.players[1].hand[:2]}
    assert [c["name"] for c in eng.view(state, 0)["seen_hand"]] == ["Practice Griffon",
                                                                    "Practice Squire"]
    assert eng.view(state, 1)["seen_hand"] == []  # the opponent sees its own hand anyway
    rows = _seen_rows(eng, state, 0)
    np.testing.assert_array_equal(rows[0, :-1], _features(eng, "Griffon"))
    np.testing.assert_array_equal(rows[1, :-1], _features(eng, "Squire"))
    assert rows[:, -1].tolist() == [1.0, 1.0] + [0.0] * (len(rows) - 2)
    assert not _seen_rows(eng, state, 1).any()
    turn = Turn(eng, state)
    _end_turn(turn, 0)
    # Player_1's turn: what player_0 saw is no longer shown.
    assert state.on_turn == 1 and state.seen == {} and eng.view(state, 0)["seen_hand"] == []
    assert not _seen_rows(eng, state, 0).any()
    # Without the Ring, nothing is seen.
    plain = table(eng, side(realms=["Vale"], hand=["Walls"], pool=["Knight"]),
                  side(realms=["Harbor"], hand=["Griffon", "Squire"]), phase=0)
    assert plain.seen == {} and not _seen_rows(eng, plain, 0).any()


def test_annulus_shows_only_the_seen_cards_still_in_the_hand_until_my_turn_ends() -> None:
    # Annulus (artifact): "At the beginning of its owner's turn, ... allows the player to
    # examine an opponent's hand." Player_1 then defends with the Griffon from its hand: the
    # Griffon has left the hand; the Squire and the Militia are still there, as seen.
    eng = _engine(ANNULUS)
    state = table(eng, side(realms=["Vale"], hand=["Walls"], pool=[("Knight", [ANNULUS])],
                            draw=["Militia"] * 9),
                  side(realms=["Harbor"], hand=["Griffon", "Squire", "Militia"],
                       draw=["Squire"] * 9), phase=0)
    turn = Turn(eng, state)
    turn.play(DONE)
    turn.play("Attack realm A")
    turn.play("Champion from pool 0")
    turn.play("Champion from hand 0", 1)  # the Griffon defends
    assert [c["name"] for c in eng.view(state, 0)["seen_hand"]] == ["Practice Squire",
                                                                    "Practice Militia"]
    rows = _seen_rows(eng, state, 0)
    np.testing.assert_array_equal(rows[0, :-1], _features(eng, "Squire"))
    assert rows[:, -1].tolist() == [1.0, 1.0] + [0.0] * (len(rows) - 2)


def test_the_search_sampler_puts_the_seen_cards_into_the_sampled_hand() -> None:
    # The searcher samples the opponent's hidden hand from my view: the cards I saw are in it
    # (the rest is drawn from the unseen cards), and the sampled state shows them seen too.
    from combatzoo.agents.samplers.spellfire import sample

    eng = _engine(RING)
    state = table(eng, side(realms=["Vale"], hand=["Walls"], pool=[("Knight", [RING])]),
                  side(realms=["Harbor"], hand=["Griffon", "Squire"]), phase=0)
    for seed in range(3):
        got = sample(eng, eng.view(state, 0), 0, np.random.default_rng(seed))
        hand = names(eng, got, got.table.players[1].hand)
        assert hand == ["Griffon", "Squire"]
        assert eng.view(got, 0)["seen_hand"] == eng.view(state, 0)["seen_hand"]
        np.testing.assert_array_equal(_seen_rows(eng, got, 0), _seen_rows(eng, state, 0))


# --- the smoke test's scene (tests/spellfire/battle/test_power_smoke.py) ----------------------


def first_c_trace(x: Card) -> bool:
    """A game at phase 5 with ``x`` in player_0's hand (The Caravan): between the turns it is
    offered, and playing it starts an extra turn of player_0."""
    eng = SpellfireGameEngine(GameConfig(pack="practice", extra_cards=(x,)))
    state = table(eng, side(realms=["Vale"], hand=[x.key]),
                  side(realms=["Harbor"], hand=["Citadel"]), phase=5)
    turn = Turn(eng, state)
    plays = [lb for lb in turn.labels(0) if lb.startswith(PLAY)]
    if not plays or state.on_turn != 0:
        return False
    turn.play(plays[0])
    kinds = [(e.kind, e.player) for e in turn.events]
    return ("extra_turn", 0) in kinds and kinds.index(("turn_started", 0)) > kinds.index(
        ("extra_turn", 0))
