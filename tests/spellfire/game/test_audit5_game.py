"""Audit 5 (issue 13): the new game state of first_a and first_c (``GameState.between``,
``due``, ``cup``, ``seen``; ``Side.cursing``) survives the shared invariant checks at the very
moments it is set: the JSON round trip (in memory and as text) is exact and gives the same
observations and legal actions, every legal action applies (``core.checks.check_state``).

Practice cards (``pack="practice"``): Knight hero 5, Mage wizard 4, Griffon flying monster 6,
Giant ally +4, Squire ally +1; hand limit 8, draw 3 (RULES.md §1).
"""

from __future__ import annotations

import numpy as np
from combatzoo.agents.samplers.spellfire import sample
from combatzoo.envs.core.checks import check_state
from combatzoo.envs.spellfire.cards.cards import CardType
from combatzoo.envs.spellfire.game.config import GameConfig
from combatzoo.envs.spellfire.game.rules import SpellfireGameEngine

from ..battle.battle_helpers import card, side
from ..battle.test_card_powers import real
from .test_game_rules import Turn, names, table
from .test_lasting_events import _choose

CARAVAN, CUP, RING, FORMLESS = "1st/319", "1st/160", "1st/311", "1st/106"
PLAY = "Play event or spell from hand"
DONE = "Done with this phase"


def _engine(*keys: str) -> SpellfireGameEngine:
    return SpellfireGameEngine(GameConfig(pack="practice", extra_cards=real(*keys)))


def _ok(eng: SpellfireGameEngine, turn: Turn) -> None:
    assert check_state(eng, turn.state, turn.state) == []


def test_caravan_question_and_extra_turn_survive_the_checks() -> None:
    # The Caravan: "Play only between two player's turns. The player of this event can take a
    # turn immediately. Afterward, play resumes where it left off." Player_0 ends turn 1 with
    # the Caravan in hand: it is asked (between == [0]); it plays it and takes turn 2 at once,
    # player_1's turn being due after it (due == 1).
    eng = _engine(CARAVAN)
    state = table(eng, side(realms=["Vale"], hand=[CARAVAN, "Walls"], draw=["Militia"] * 9),
                  side(realms=["Harbor"], hand=["Citadel"], draw=["Squire"] * 9), phase=2)
    turn = Turn(eng, state)
    turn.play(DONE)
    assert state.between == [0]
    _ok(eng, turn)
    turn.play(f"{PLAY} 0")
    assert (state.turn, state.on_turn, state.due) == (2, 0, 1)
    _ok(eng, turn)


def test_cup_count_survives_the_checks_between_discards() -> None:
    # Cup of Al'Akbar: two of the three discards made (cup == 2); the state round-trips and the
    # third discard still brings back the best card of the pile (the Griffon, a champion).
    eng = _engine(CUP)
    state = table(eng, side(realms=["Vale"], hand=["Squire", "Militia", "Rogue", "Mage"],
                            pool=[("Knight", [CUP])], discard=["Griffon"]),
                  side(realms=["Harbor"], hand=["Citadel"]), phase=5)
    turn = Turn(eng, state)
    turn.play("Discard hand 0")
    turn.play("Discard hand 0")
    assert state.cup == 2
    _ok(eng, turn)
    back = eng.from_json(eng.to_json(state))
    assert back.cup == 2
    again = Turn(eng, back)
    again.play("Discard hand 0")
    assert names(eng, back, back.table.players[0].hand) == ["Mage", "Griffon"]


def test_the_seen_hand_survives_the_checks() -> None:
    # Ring of All Seeing: at the beginning of player_0's turn it looks at player_1's hand.
    eng = _engine(RING)
    state = table(eng, side(realms=["Vale"], hand=["Walls"], pool=[("Knight", [RING])],
                            draw=["Militia"] * 9),
                  side(realms=["Harbor"], hand=["Griffon", "Squire"], draw=["Squire"] * 9),
                  phase=0)
    turn = Turn(eng, state)
    assert state.seen == {0: state.table.players[1].hand[:2]}
    _ok(eng, turn)


def test_formless_horror_on_its_champion_survives_the_checks() -> None:
    # Spell of Formless Horror: "Cast on opposing champion to reduce its level by 3. Spell
    # remains until dispelled." The Mage (4) attacks, the Griffon (6) defends; the Mage casts
    # it: 4 to 3; the Giant (+4): 4 to 7, the Mage loses; the spell stays on the Griffon
    # (player_0's cursing), which the checks round-trip.
    eng = _engine(FORMLESS)
    state = table(eng, side(realms=["Vale"], hand=[FORMLESS], pool=["Mage", "Knight"],
                            draw=["Squire"] * 12),
                  side(realms=["Peak"], hand=["Giant"], pool=["Griffon"], draw=["Squire"] * 12),
                  phase=4, battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Attack realm A", 0)
    _choose(turn, 0, "Champion from pool", "Mage")
    _choose(turn, 1, "Champion from pool", "Griffon")
    turn.play("Play hand 0", 0)
    _ok(eng, turn)
    turn.play("Play hand 0", 1)
    (spell,) = state.table.players[0].lasting
    assert state.table.players[0].cursing == {spell: state.table.players[1].pool[0]}
    _ok(eng, turn)


def test_the_search_sampler_keeps_the_turn_due_and_the_cup_count() -> None:
    # A state sampled from either player's view (agents/samplers/spellfire.py) keeps the turn
    # due after a Caravan's extra turn and the Cup's count of discards, both public.
    eng = _engine(CARAVAN, CUP)
    state = table(eng, side(realms=["Vale"], hand=[CARAVAN, "Walls"], draw=["Militia"] * 9),
                  side(realms=["Harbor"], hand=["Citadel"], draw=["Squire"] * 9), phase=2)
    turn = Turn(eng, state)
    turn.play(DONE)
    turn.play(f"{PLAY} 0")
    for p in (0, 1):
        got = sample(eng, eng.view(state, p), p, np.random.default_rng(p))
        assert (got.turn, got.on_turn, got.due) == (2, 0, 1)
    state = table(eng, side(realms=["Vale"], hand=["Squire", "Militia", "Rogue", "Mage"],
                            pool=[("Knight", [CUP])], discard=["Griffon"]),
                  side(realms=["Harbor"], hand=["Citadel"]), phase=5)
    turn = Turn(eng, state)
    turn.play("Discard hand 0")
    turn.play("Discard hand 0")
    for p in (0, 1):
        got = sample(eng, eng.view(state, p), p, np.random.default_rng(p))
        assert got.cup == 2 and eng.legal_actions(got, 0) == eng.legal_actions(state, 0)
    # "once a turn": stopping after two discards, the count does not carry into later turns.
    turn.play(DONE)
    assert (state.on_turn, state.cup) == (1, 0)


BLACK_BESS, MAGICAL_CHAMPION, GLADIATORS = "4th/135", "1st/402", "4th/223"


def test_black_bess_reads_a_magical_champions_ally_at_its_level() -> None:
    # Black Bess (event): "Each player must draw and discard a card, noting the last digit of
    # the card number. Discard all champions in play whose base level is greater than this
    # number." Magical Champion: "The ally becomes a champion (hero) ... Its level is
    # unchanged": the Giant (ally +4) in player_1's pool is a champion of level 4. Player_0
    # draws the Militia (30: digit 0): its Mage (4) goes. Player_1 draws the Squire (32:
    # digit 2): the Seer (4) goes with the Gladiators it carries, and the Giant (4) with its
    # Magical Champion.
    eng = _engine(BLACK_BESS, MAGICAL_CHAMPION, GLADIATORS)
    state = table(eng, side(realms=["Vale"], hand=[BLACK_BESS, "Knight"], pool=["Mage"],
                            draw=["Militia"] * 3),
                  side(realms=["Harbor"], pool=[("Seer", [GLADIATORS]),
                                                ("Giant", [MAGICAL_CHAMPION])],
                       draw=["Squire"] * 3), phase=3)
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")
    me, them = state.table.players
    assert names(eng, state, me.pool) == [] and names(eng, state, them.pool) == []
    assert names(eng, state, them.discard) == ["Squire", "Seer", "Gladiators", "Giant",
                                               "Magical Champion"]
    _ok(eng, turn)


SPELL_TURNING = "3rd/398"
CONJURER = card(1, "T Conjurer", CardType.WIZARD, level=5, uses=("d19", "o19"))
ACOLYTE = card(2, "T Acolyte", CardType.WIZARD, level=4, uses=("d19", "o19"))
"""Wizards with no power (the practice Mage is immune to offensive spells)."""


def test_formless_horror_turned_back_does_not_stay_on_its_first_target() -> None:
    # Spell of Formless Horror: "Cast on opposing champion to reduce its level by 3. Spell
    # remains until dispelled." Spell Turning (3rd/398): "Can be cast at any time to turn a
    # just-cast spell back at its caster, as if the original target had cast it." The Acolyte
    # (4) attacks the Conjurer (5) and casts the Horror: 4 to 2. The Conjurer turns it: the
    # Acolyte is lowered instead, 1 to 5, and with nothing left it is defeated. The spell was
    # never on the Conjurer: it does not stay on it (nor on the discarded Acolyte); it ends in
    # its owner's discard pile and player_0 keeps no lasting card.
    eng = SpellfireGameEngine(GameConfig(pack="practice", extra_cards=(
        *real(FORMLESS, SPELL_TURNING), CONJURER, ACOLYTE)))
    state = table(eng, side(realms=["Vale"], hand=[FORMLESS], pool=["T/2", "Knight"],
                            draw=["Squire"] * 12),
                  side(realms=["Peak"], hand=[SPELL_TURNING, "Giant"], pool=["T/1"],
                       draw=["Squire"] * 12),
                  phase=4, battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Attack realm A", 0)
    _choose(turn, 0, "Champion from pool", "T Acolyte")
    _choose(turn, 1, "Champion from pool", "T Conjurer")
    turn.play("Play hand 0", 0)
    assert [e.data["totals"] for e in turn.events if e.kind == "totals"][-1] == [4, 2]
    turn.play("Play hand 0", 1)
    assert [e.data["totals"] for e in turn.events if e.kind == "round_won"][-1] == [1, 5]
    me, them = state.table.players
    assert me.lasting == [] and me.cursing == {}
    assert sorted(names(eng, state, me.discard)) == ["Spell of Formless Horror", "T Acolyte"]
    assert names(eng, state, them.pool) == ["T Conjurer"]
    _ok(eng, turn)


DISPEL_MAGIC = "1st/346"


def test_formless_horror_dispelled_as_the_round_ends_does_not_stay() -> None:
    # "Spell remains until dispelled." Dispel Magic (wizard spell): "Cancels the effect of any
    # spell." The Acolyte (4) casts the Horror on the Conjurer (5): 4 to 2; the Conjurer
    # dispels it: 4 to 5, and the Acolyte, with nothing left, is defeated in the same step.
    # The Horror was dispelled: it does not stay on the Conjurer.
    eng = SpellfireGameEngine(GameConfig(pack="practice", extra_cards=(
        *real(FORMLESS, DISPEL_MAGIC), CONJURER, ACOLYTE)))
    state = table(eng, side(realms=["Vale"], hand=[FORMLESS], pool=["T/2", "Knight"],
                            draw=["Squire"] * 12),
                  side(realms=["Peak"], hand=[DISPEL_MAGIC, "Giant"], pool=["T/1"],
                       draw=["Squire"] * 12),
                  phase=4, battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Attack realm A", 0)
    _choose(turn, 0, "Champion from pool", "T Acolyte")
    _choose(turn, 1, "Champion from pool", "T Conjurer")
    turn.play("Play hand 0", 0)
    turn.play("Play hand 0", 1)
    assert [e.data["totals"] for e in turn.events if e.kind == "round_won"][-1] == [4, 5]
    me = state.table.players[0]
    assert me.lasting == [] and me.cursing == {}
    assert sorted(names(eng, state, me.discard)) == ["Spell of Formless Horror", "T Acolyte"]
    _ok(eng, turn)
