"""Issue 13 (trig): powers triggered in the whole game outside battles (``game/triggers.py``).

Real cards (CrossFire data when present, else the built-in pack; a test skips without them) in
whole games of practice cards (``pack="practice"``): the Knight is a hero 5, the Rogue a thief
3, the Mage a wizard 4, the Priest a cleric 3, the Griffon a flying monster 6; the Squire an
ally +1, the Militia an ally +2; the Bolt a wizard spell +3, the Blessing a cleric spell +2, the
Rally an event. Outcomes computed by hand from the printed words (paraphrased in each test).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from combatzoo.envs.spellfire.cards.cards import Card, CardType
from combatzoo.envs.spellfire.cards.effects import Effect, EffectKind
from combatzoo.envs.spellfire.game.config import GameConfig
from combatzoo.envs.spellfire.game.rules import SpellfireGameEngine

from ..battle.battle_helpers import card, side
from ..battle.test_card_powers import real
from .test_game_rules import Turn, names, table

K = EffectKind
TEMPLE, HALL, MULMASTER, MYRMIDONS = "1st/124", "1st/28", "1st/33", "1st/61"
JOLIET, CRYSTAL, GOOD_FORTUNE = "1st/78", "1st/153", "1st/100"
MULMASTER_4TH, BREASTWORK, JEWEL, MYRMIDONS_4TH = "4th/73", "4th/90", "4th/100", "4th/210"
HETTMAN, FURYONDY, RHUOBHE, DUCHY, MENZOBERRANZAN = "1st/172", "4th/16", "4th/52", "4th/20", \
    "4th/1"
AMARILL = "1st/77"
WIZARD_SPELL, CLERIC_SPELL, EVENT = (int(t) for t in (CardType.WIZARD_SPELL,
                                                       CardType.CLERIC_SPELL, CardType.EVENT))


def _engine(*keys: str) -> SpellfireGameEngine:
    return SpellfireGameEngine(GameConfig(pack="practice", extra_cards=real(*keys)))


def _drawn(turn: Turn, source: str) -> list[tuple[int | None, int]]:
    """(player, count) of each draw the card named ``source`` gave in the turn's events."""
    return [(e.player, e.data["count"]) for e in turn.events
            if e.kind == "cards_drawn" and e.data.get("source") == source]


# --- the compiler ------------------------------------------------------------------------------


def test_the_trigger_cards_compile_to_their_kinds() -> None:
    # Each card's only sentence, read as its trigger (it was "not combat" before).
    want = {
        TEMPLE: (Effect(K.DRAW_WHEN_PLAYED, amount=3),),  # "draw three cards ... played"
        HALL: (Effect(K.DRAW_WHEN_PLAYED, amount=1, mark="rebuilt"),),  # "... or rebuilt"
        MULMASTER: (Effect(K.DRAW_PER_CARD_PLAYED, card_types=(WIZARD_SPELL, CLERIC_SPELL)),),
        MULMASTER_4TH: (Effect(K.DRAW_PER_CARD_PLAYED,
                               card_types=(WIZARD_SPELL, CLERIC_SPELL)),),
        BREASTWORK: (Effect(K.DRAW_PER_CARD_PLAYED, card_types=(EVENT,), mark="own"),),
        # "draw a card every time a cleric spell is cast. Negates any Mulmaster holding"
        JEWEL: (Effect(K.DRAW_PER_CARD_PLAYED, card_types=(CLERIC_SPELL,)),
                Effect(K.NAMED_HOLDINGS_NEGATED, names=("Mulmaster",))),
        MYRMIDONS: (Effect(K.SHUFFLE_DISCARDS_BACK),),
        MYRMIDONS_4TH: (Effect(K.SHUFFLE_DISCARDS_BACK),),
        JOLIET: (Effect(K.MUST_ATTACK),),
        CRYSTAL: (Effect(K.MUST_ATTACK),),
        HETTMAN: (Effect(K.IDLE_HAND_DISCARD),),
        "4th/257": (Effect(K.IDLE_HAND_DISCARD),),  # "at the end of this player's turn, if..."
        FURYONDY: (Effect(K.REMOVES_WHEN_PLAYED, card_types=(int(CardType.WIZARD),)),),
        "3rd/122": (Effect(K.REMOVES_WHEN_PLAYED, card_types=(int(CardType.WIZARD),)),),
        RHUOBHE: (Effect(K.REMOVES_WHEN_PLAYED, card_types=(int(CardType.REGENT),),
                         mark="abyss"),),
        DUCHY: (Effect(K.DRAW_WHEN_REALM, amount=3, names=("Menzoberranzan",)),),
        "3rd/139": (Effect(K.DRAW_WHEN_REALM, amount=3, names=("Menzoberranzan",)),),
        AMARILL: (Effect(K.RAISE_ON_DEFEAT),),
        "4th/280": (Effect(K.RAISE_ON_DEFEAT),),  # "... defeated in combat, his player can..."
    }
    cards = dict(zip(want, real(*want), strict=True))
    for key, effects in want.items():
        assert cards[key].effects == effects, key
        assert cards[key].power.value == "modelled", key
    # The Crystal keeps its printed +6 for battles.
    assert cards[CRYSTAL].level.bonus == 6


# --- draw_when_played --------------------------------------------------------------------------


def test_temple_of_elemental_evil_draws_three_when_played() -> None:
    # Temple of Elemental Evil (realm): "draw three cards immediately when the temple is
    # played". Played in phase 2 from a hand of Temple + Knight: the hand is Knight + 3.
    eng = _engine(TEMPLE)
    state = table(eng, side(realms=["Vale"], hand=[TEMPLE, "Knight"], draw=["Squire"] * 5),
                  side(realms=["Harbor"]), phase=2)
    turn = Turn(eng, state)
    turn.play("Play realm from hand 0")
    me = state.table.players[0]
    assert names(eng, state, me.hand) == ["Knight", "Squire", "Squire", "Squire"]
    assert len(me.draw) == 2 and _drawn(turn, "Temple of Elemental Evil") == [(0, 3)]


def test_temple_draws_nothing_when_rebuilt() -> None:
    # Only "when the temple is played": a rebuild (RULES.md §1 phase 2) draws nothing.
    eng = _engine(TEMPLE)
    state = table(eng, side(realms=[(TEMPLE, True)], hand=["Squire"] * 3,
                            draw=["Militia"] * 5),
                  side(realms=["Harbor"]), phase=2)
    turn = Turn(eng, state)
    turn.play("Rebuild razed realm A")
    assert len(state.table.players[0].hand) == 3 and _drawn(turn, "Temple of Elemental Evil") \
        == []


def test_haunted_hall_draws_when_played_and_when_rebuilt() -> None:
    # Haunted Hall of Eveningstar (realm): "draw one card and place it in your hand when this
    # realm is played or rebuilt".
    eng = _engine(HALL)
    state = table(eng, side(realms=["Vale"], hand=[HALL, "Knight"], draw=["Squire"] * 5),
                  side(realms=["Harbor"]), phase=2)
    turn = Turn(eng, state)
    turn.play("Play realm from hand 0")
    assert names(eng, state, state.table.players[0].hand) == ["Knight", "Squire"]
    # Rebuilt: one card more, then the rebuild's three discards (RULES.md §1 phase 2).
    state = table(eng, side(realms=[(HALL, True)], hand=["Squire"] * 3, draw=["Militia"] * 5),
                  side(realms=["Harbor"]), phase=2)
    turn = Turn(eng, state)
    turn.play("Rebuild razed realm A")
    me = state.table.players[0]
    assert names(eng, state, me.hand) == ["Squire"] * 3 + ["Militia"]
    assert _drawn(turn, "Haunted Hall of Eveningstar") == [(0, 1)]
    assert not me.razed[0] and state.rebuild_owed == 3


def test_a_realm_played_as_spoils_draws_too() -> None:
    # Seed 001: a realm drawn as spoils may be played at once; it is played, so the Temple
    # draws its three. Player_0's Knight (5) beats the Rogue (3) at the Harbor; the spoils
    # card on top of its pile is the Temple.
    eng = _engine(TEMPLE)
    state = table(eng, side(realms=["Vale"], pool=["Knight"],
                            draw=[TEMPLE] + ["Squire"] * 5),
                  side(realms=["Harbor"], pool=["Rogue"]), phase=4, battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Attack realm A")
    turn.play("Champion from pool 0")
    turn.play("Champion from pool 0", 1)  # no card to play: the round is over, 5 to 3
    turn.play("Play realm from hand 0")  # the spoils, at once
    me = state.table.players[0]
    assert names(eng, state, [r for r in me.realms if r is not None]) == [
        "Vale", "Temple of Elemental Evil"]
    assert names(eng, state, me.hand) == ["Squire"] * 3
    assert _drawn(turn, "Temple of Elemental Evil") == [(0, 3)]


# --- draw_per_card_played ----------------------------------------------------------------------


def _mage_against_priest(eng: SpellfireGameEngine, mine: str | None, theirs: str | None
                         ) -> Turn:
    """Player_0's Mage (4) attacks the Harbor, defended by player_1's Priest (3); ``mine``
    and ``theirs`` are the holdings on their first realms."""
    state = table(eng, side(realms=[("Vale", False, mine)], hand=["Bolt", "Squire"],
                            pool=["Mage"], draw=["Militia"] * 5),
                  side(realms=[("Harbor", False, theirs)], hand=["Blessing"], pool=["Priest"],
                       draw=["Squire"] * 5), phase=4, battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Attack realm A")
    turn.play("Champion from pool 0")
    turn.play("Champion from pool 0", 1)
    assert eng.battle.totals(state.table) == [4, 3]
    return turn


def test_mulmaster_draws_for_every_spell_played_in_a_battle() -> None:
    # Mulmaster (holding): "draw another card every time a spell card is played": either
    # player's spell; not an ally.
    eng = _engine(MULMASTER)
    turn = _mage_against_priest(eng, MULMASTER, None)
    me = turn.state.table.players[0]
    turn.play("Play hand 0", 1)  # the Priest's Blessing (+2): 4 to 5
    assert names(eng, turn.state, me.hand) == ["Bolt", "Squire", "Militia"]
    turn.play("Play hand 1")  # the Squire (+1, an ally): 5 to 5, no card
    assert names(eng, turn.state, me.hand) == ["Bolt", "Militia"]
    turn.play("Play hand 0")  # the Bolt (+3): 8 to 5, the round and the Harbor won
    # The Militia kept, the spoils (a Militia) and Mulmaster's card for the Bolt.
    assert names(eng, turn.state, me.hand) == ["Militia"] * 3
    assert _drawn(turn, "Mulmaster") == [(0, 1), (0, 1)]


def test_breastwork_draws_only_for_its_players_own_events() -> None:
    # Fortification: Breastwork (holding): "draw a card every time you play an event": the
    # player's own events, in a battle (the Rally) or in phase 3 (Good Fortune, which draws
    # five: six in all); not the opponent's Rally.
    eng = _engine(BREASTWORK, GOOD_FORTUNE)
    state = table(eng, side(realms=[("Vale", False, BREASTWORK)],
                            hand=[GOOD_FORTUNE, "Rally", "Knight"], draw=["Squire"] * 9),
                  side(realms=["Harbor"], hand=["Rally"], pool=["Griffon"]), phase=3)
    turn = Turn(eng, state)
    turn.play("Play event or spell from hand 0")
    me = state.table.players[0]
    assert names(eng, state, me.hand) == ["Rally", "Knight"] + ["Squire"] * 6
    assert _drawn(turn, "Fortification: Breastwork") == [(0, 1)]
    turn.play("Put champion from hand 1")  # the Knight; phase 3 has nothing more to play
    turn.play("Attack realm A")
    turn.play("Champion from pool 0")
    turn.play("Champion from pool 0", 1)  # Griffon 6 against Knight 5
    turn.play("Play hand 0")  # player_0's Rally (+2): 7 to 6
    assert eng.battle.totals(state.table) == [7, 6]
    assert _drawn(turn, "Fortification: Breastwork") == [(0, 1), (0, 1)]
    turn.play("Play hand 0", 1)  # player_1's Rally: 7 to 8; Breastwork is not its
    assert eng.battle.totals(state.table) == [7, 8]
    assert _drawn(turn, "Fortification: Breastwork") == [(0, 1), (0, 1)]


def test_the_celestial_jewel_negates_mulmaster() -> None:
    # The Celestial Jewel of Sarimie (holding): "draw a card every time a cleric spell is
    # cast. Negates any Mulmaster holding in play." Player_1 holds the Jewel: its Blessing
    # gives it a card; player_0's Mulmaster gives nothing, for the Blessing or the Bolt.
    eng = _engine(MULMASTER, JEWEL)
    turn = _mage_against_priest(eng, MULMASTER, JEWEL)
    turn.play("Play hand 0", 1)  # Blessing: 4 to 5
    them = turn.state.table.players[1]
    assert names(eng, turn.state, them.hand) == ["Squire"]
    # Player_1 drew on player_0's turn: its hand may hold that card over its limit.
    assert turn.state.given == 1
    turn.play("Play hand 0")  # Bolt: 7 to 5
    assert _drawn(turn, "The Celestial Jewel of Sarimie") == [(1, 1)]
    assert _drawn(turn, "Mulmaster") == []


# --- shuffle_discards_back ---------------------------------------------------------------------


def test_myrmidons_shuffle_the_discards_back_after_their_round() -> None:
    # Myrmidons (ally +4): "when the myrmidons are discarded, the player shuffles all discards
    # back into the draw deck". Knight 5 + Myrmidons 4 beat the Griffon 6; the round's
    # Myrmidons go to the discard pile (RULES.md §1), and with them the Rogue and the Bolt
    # already there go back into the draw pile.
    eng = _engine(MYRMIDONS)
    state = table(eng, side(realms=["Vale"], hand=[MYRMIDONS], pool=["Knight"],
                            draw=["Squire"] * 4, discard=["Rogue", "Bolt"]),
                  side(realms=["Harbor"], pool=["Griffon"]), phase=4, battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Attack realm A")
    turn.play("Champion from pool 0")
    turn.play("Champion from pool 0", 1)
    start = eng.clone(state)
    turn.play("Play hand 0")
    me = state.table.players[0]
    assert me.discard == [] and eng.check_invariants(state, start) == []
    # Four Squires less the spoils card, the two old discards and the Myrmidons.
    assert Counter(names(eng, state, me.draw)) == Counter(
        {"Squire": 3, "Rogue": 1, "Bolt": 1, "Myrmidons": 1})
    assert [e.data["count"] for e in turn.events if e.kind == "discards_shuffled_back"] == [3]


def test_myrmidons_discarded_from_the_hand_shuffle_the_discards_back() -> None:
    # Phase 5: nine cards over the limit of 8; discarding the Myrmidons sends them and the
    # Knight already discarded back into the draw pile of two Militia. (Player_1's turn
    # begins and stops at its realm play, before player_0 draws again.)
    eng = _engine(MYRMIDONS)
    state = table(eng, side(realms=["Vale"], hand=[MYRMIDONS] + ["Squire"] * 8,
                            draw=["Militia"] * 2, discard=["Knight"]),
                  side(realms=["Harbor"], hand=["Walls"], draw=["Squire"] * 6), phase=5)
    start = eng.clone(state)
    turn = Turn(eng, state)
    turn.play("Discard hand 0")
    me = state.table.players[0]
    assert me.discard == []
    assert Counter(names(eng, state, me.draw)) == Counter(
        {"Militia": 2, "Knight": 1, "Myrmidons": 1})
    assert eng.check_invariants(state, start) == []  # every card still somewhere, once


def test_the_shuffle_is_seeded_by_the_game() -> None:
    # The same state shuffles the same way (the game's chance: battle/luck.py); the pile is
    # the old pile and the discards, in some order.
    eng = _engine(MYRMIDONS)
    piles = []
    for _ in range(2):
        state = table(eng, side(realms=["Vale"], hand=[MYRMIDONS] + ["Squire"] * 8,
                                draw=["Militia", "Bolt", "Rogue"], discard=["Knight", "Mage"]),
                      side(realms=["Harbor"], hand=["Walls"], draw=["Squire"] * 6), phase=5)
        Turn(eng, state).play("Discard hand 0")
        piles.append(names(eng, state, state.table.players[0].draw))
    assert piles[0] == piles[1]
    assert sorted(piles[0]) == sorted(["Militia", "Bolt", "Rogue", "Knight", "Mage",
                                       "Myrmidons"])


# --- must_attack ------------------------------------------------------------------------------


def test_joliet_the_rash_is_discarded_when_she_does_not_attack() -> None:
    # Joliet the Rash (hero): "once in play, must attack on the player's turn, every turn,
    # or be discarded". Player_0 makes no attack: Joliet goes to the discard pile as the turn
    # ends; the Knight stays.
    eng = _engine(JOLIET)
    state = table(eng, side(realms=["Vale"], pool=[JOLIET, "Knight"]),
                  side(realms=["Harbor"], pool=["Rogue"]), phase=4, battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Make no attack")
    me = state.table.players[0]
    assert state.on_turn == 1
    assert names(eng, state, me.pool) == ["Knight"]
    assert names(eng, state, me.discard) == ["Joliet the Rash"]


def test_joliet_the_rash_stays_after_she_attacks() -> None:
    # She attacks the Harbor, which nobody defends: the realm is razed, Joliet returns to the
    # pool and is not discarded when the turn ends.
    eng = _engine(JOLIET)
    state = table(eng, side(realms=["Vale"], pool=[JOLIET, "Knight"]),
                  side(realms=["Harbor"]), phase=4, battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Attack realm A")
    turn.play("Champion from pool 0")
    while state.on_turn == 0:
        labels = turn.labels(turn.engine.to_act(state)[0])
        pick = next(lb for lb in labels if lb.startswith(
            ("Decline", "Keep the spoils", "Make no attack", "Pass", "Done")))
        turn.play(pick, turn.engine.to_act(state)[0])
    me = state.table.players[0]
    assert state.table.players[1].razed[0]
    assert sorted(names(eng, state, me.pool)) == ["Joliet the Rash", "Knight"]
    assert me.discard == []


def test_joliet_the_rash_stays_when_she_could_not_attack() -> None:
    # [decided] "If possible" (the 3rd Edition's Joliet: "must attack each turn, if
    # possible, or be discarded"): player_1's only realm is razed, so there is nothing to
    # attack (RULES.md §1: a razed realm cannot be attacked again): phase 4 passes and Joliet
    # stays in the pool.
    eng = _engine(JOLIET)
    state = table(eng, side(realms=["Vale"], hand=["Squire"], pool=[JOLIET]),
                  side(realms=[("Harbor", True)], hand=["Walls"]), phase=3)
    turn = Turn(eng, state)
    turn.play("Done with this phase")
    assert state.on_turn == 1
    assert names(eng, state, state.table.players[0].pool) == ["Joliet the Rash"]


def test_the_crystal_of_the_ebon_flame_discards_its_idle_holder() -> None:
    # Crystal of the Ebon Flame (magical item +6): "the champion who holds this crystal must
    # attack on his turn or be discarded": the Knight and its Crystal go; the Rogue stays.
    eng = _engine(CRYSTAL)
    state = table(eng, side(realms=["Vale"], pool=[("Knight", [CRYSTAL]), "Rogue"]),
                  side(realms=["Harbor"], pool=["Griffon"]), phase=4, battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Make no attack")
    me = state.table.players[0]
    assert names(eng, state, me.pool) == ["Rogue"]
    assert names(eng, state, me.discard) == ["Knight", "Crystal of the Ebon Flame"]


def test_must_attack_acts_only_on_its_owners_turn() -> None:
    # "On the player's turn": player_1's Joliet is not discarded when player_0's turn ends.
    eng = _engine(JOLIET)
    state = table(eng, side(realms=["Vale"], pool=["Knight"]),
                  side(realms=["Harbor"], pool=[JOLIET]), phase=4, battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Make no attack")
    assert state.on_turn == 1
    assert names(eng, state, state.table.players[1].pool) == ["Joliet the Rash"]


def _engine_with(*cards: Card, keys: tuple[str, ...] = ()) -> SpellfireGameEngine:
    return SpellfireGameEngine(GameConfig(pack="practice", extra_cards=(*real(*keys), *cards)))


def test_hettman_tsurin_discards_a_random_card_of_the_opponent_when_idle() -> None:
    # Hettman Tsurin (hero): "if Hettman does not attack, at the end of his turn the player can
    # randomly draw one card from another player's hand and discard it". Player_0 makes no
    # attack: one of player_1's three cards goes to its discard pile.
    eng = _engine(HETTMAN)
    state = table(eng, side(realms=["Vale"], pool=[HETTMAN]),
                  side(realms=["Harbor"], hand=["Knight", "Bolt", "Walls"],
                       draw=["Squire"] * 6), phase=4, battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Make no attack")
    them = state.table.players[1]
    assert len(them.discard) == 1
    # Player_1 draws three in its phase 1: two of its old cards and three Squires remain.
    assert sorted(names(eng, state, them.hand + them.discard)) == sorted(
        ["Knight", "Bolt", "Walls"] + ["Squire"] * 3)
    assert [e.kind for e in turn.events].count("hand_card_discarded") == 1


def test_hettman_tsurin_discards_nothing_after_attacking() -> None:
    # He attacks the Harbor, nobody defends: the realm is razed, and no card is discarded.
    eng = _engine(HETTMAN)
    state = table(eng, side(realms=["Vale"], pool=[HETTMAN]),
                  side(realms=["Harbor"], hand=["Knight", "Bolt", "Walls"],
                       draw=["Squire"] * 6), phase=4, battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Attack realm A")
    turn.play("Champion from pool 0")
    turn.play("Decline", 1)  # the Knight stays in hand
    while state.on_turn == 0:
        turn.play(next(lb for lb in turn.labels(0) if lb.startswith(
            ("Keep the spoils", "Make no attack", "Done"))))
    assert state.table.players[1].discard == []
    assert "hand_card_discarded" not in [e.kind for e in turn.events]


def test_furyondy_discards_the_opponents_strongest_wizard_when_played() -> None:
    # Furyondy (realm): "when first played, Furyondy can remove one wizard from play (the
    # wizard is discarded)". [decided] The opponent's strongest: the Archmage (a hand-made
    # wizard 6) goes with its Sword, the Mage (wizard 4) and the Knight stay; player_0's own
    # Mage stays.
    archmage = card(1, "Archmage", CardType.WIZARD, level=6)
    eng = _engine_with(archmage, keys=(FURYONDY,))
    state = table(eng, side(realms=["Vale"], hand=[FURYONDY, "Squire"], pool=["Mage"]),
                  side(realms=["Harbor"], pool=["Mage", ("T/1", ["Sword"]), "Knight"]),
                  phase=2)
    turn = Turn(eng, state)
    turn.play("Play realm from hand 0")
    them = state.table.players[1]
    assert names(eng, state, them.pool) == ["Mage", "Knight"]
    assert names(eng, state, them.discard) == ["Sword", "Archmage"]
    assert names(eng, state, state.table.players[0].pool) == ["Mage"]


def test_furyondy_removes_nothing_when_rebuilt() -> None:
    # "When first played": a rebuild (RULES.md §1 phase 2) is not a play.
    eng = _engine(FURYONDY)
    state = table(eng, side(realms=[(FURYONDY, True)], hand=["Squire"] * 3),
                  side(realms=["Harbor"], pool=["Mage"]), phase=2)
    Turn(eng, state).play("Rebuild razed realm A")
    assert names(eng, state, state.table.players[1].pool) == ["Mage"]


def test_rhuobhe_sends_a_regent_to_the_abyss() -> None:
    # Rhuobhe (realm): "when Rhuobhe is first played, this player can send any regent to the
    # Abyss": the opponent's regent (a hand-made regent 5) leaves for its owner's Abyss.
    regent = card(2, "Tester Regent", CardType.REGENT, level=5)
    eng = _engine_with(regent, keys=(RHUOBHE,))
    state = table(eng, side(realms=["Vale"], hand=[RHUOBHE, "Squire"]),
                  side(realms=["Harbor"], pool=["T/2", "Knight"]), phase=2)
    Turn(eng, state).play("Play realm from hand 0")
    them = state.table.players[1]
    assert names(eng, state, them.pool) == ["Knight"]
    assert names(eng, state, them.abyss) == ["Tester Regent"] and them.discard == []


def test_duchy_of_tenh_draws_when_menzoberranzan_is_played_or_razed() -> None:
    # Duchy of Tenh (realm): "if Menzoberranzan is played or razed while this realm is in
    # play, this player draws 3 cards". Player_1 (on turn) plays Menzoberranzan: player_0,
    # the Duchy's player, draws three on player_1's turn.
    eng = _engine(DUCHY, MENZOBERRANZAN)
    state = table(eng, side(realms=["Harbor"], hand=[MENZOBERRANZAN, "Knight"],
                            draw=["Militia"] * 6),
                  side(realms=[DUCHY], draw=["Squire"] * 6), phase=2, attacker=1)
    Turn(eng, state).play("Play realm from hand 0", 1)
    duchy = state.table.players[0]
    assert names(eng, state, duchy.hand) == ["Squire"] * 3 and len(duchy.draw) == 3
    assert state.given == 3  # drawn on the other player's turn: its hand may hold them
    # Razed (seed 000 step I): player_0's Knight attacks the undefended Menzoberranzan.
    state = table(eng, side(realms=[DUCHY], pool=["Knight"], draw=["Squire"] * 6),
                  side(realms=[MENZOBERRANZAN], hand=["Walls"]), phase=4,
                  battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Attack realm A")
    turn.play("Champion from pool 0")
    turn.play("Decline", 1)
    assert state.table.players[1].razed[0]
    assert _drawn(turn, "Duchy of Tenh") == [(0, 3)]


def test_amarill_defeated_brings_the_best_champion_back_from_the_discards() -> None:
    # Amarill (cleric 3): "if Amarill is defeated, the player can pull one other champion
    # from his discards and return it to his hand". It attacks the Harbor and loses the round
    # to the Knight (5; no card to play): Amarill is discarded, and [decided] the best other
    # champion of the discards, the Griffon (6) before the Rogue (3), returns to the hand.
    eng = _engine(AMARILL)
    state = table(eng, side(realms=["Vale"], hand=["Walls"], pool=[AMARILL],
                            discard=["Rogue", "Militia", "Griffon"]),
                  side(realms=["Harbor"], pool=["Knight"]), phase=4, battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Attack realm A")
    turn.play("Champion from pool 0")
    turn.play("Champion from pool 0", 1)
    me = state.table.players[0]
    # (The battle is over, repelled; player_1's turn has begun.)
    assert names(eng, state, me.hand) == ["Walls", "Griffon"]
    assert names(eng, state, me.discard) == ["Rogue", "Militia", "Amarill"]
    assert [e.kind for e in turn.events].count("champion_to_hand") == 1


def test_amarill_winning_brings_nothing_back() -> None:
    # Amarill (3) with the Sword (+2) against the Rogue (3): 5 to 3, Amarill wins the round and
    # the discards stay where they are.
    eng = _engine(AMARILL)
    state = table(eng, side(realms=["Vale"], hand=["Walls"], pool=[(AMARILL, ["Sword"])],
                            discard=["Griffon"]),
                  side(realms=["Harbor"], pool=["Rogue"]), phase=4, battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Attack realm A")
    turn.play("Champion from pool 0")
    turn.play("Champion from pool 0", 1)
    assert names(eng, state, state.table.players[0].discard) == ["Griffon"]
    assert "champion_to_hand" not in [e.kind for e in turn.events]


# --- the smoke test's trace (tests/spellfire/battle/test_power_smoke.py) ------------------------


def trigger_trace(x: Card) -> bool:
    """Whether card ``x``, whose first effect is a triggered kind, leaves a trace in a short
    game that the same card without effects does not (the smoke test's check, for the
    built-in pack's 1st Edition cards; Rhuobhe's regent and Duchy of Tenh's Menzoberranzan
    are not in its scenes: their own tests above play them)."""
    kind = x.effects[0].kind
    return _trigger_events(x, kind) != _trigger_events(replace(x, effects=()), kind)


def _trigger_events(x: Card, kind: EffectKind) -> list[Any]:
    """The events of a game scene for the effect kind ``kind`` of card ``x``."""
    eng = SpellfireGameEngine(GameConfig(pack="practice", extra_cards=(x,)))
    if x.type == CardType.REALM:  # played in phase 2; a wizard in the opponent's pool
        state = table(eng, side(realms=["Vale"], hand=[x.key, "Knight"],
                                draw=["Squire"] * 5),
                      side(realms=["Harbor"], pool=["Mage"]), phase=2)
        actions = [("Play realm from hand 0", 0)]
    elif kind is K.DRAW_PER_CARD_PLAYED:
        # The Priest (a cleric) attacks the Griffon and plays the Blessing, then the Rally.
        state = table(eng, side(realms=[("Vale", False, x.key)],
                                hand=["Blessing", "Rally", "Bolt"], pool=["Priest"],
                                draw=["Squire"] * 5),
                      side(realms=["Harbor"], pool=["Griffon"]), phase=4,
                      battle={"step": "realm"})
        actions = [("Attack realm A", 0), ("Champion from pool 0", 0),
                   ("Champion from pool 0", 1), ("Play hand 0", 0), ("Play hand 0", 0)]
    elif kind is K.RAISE_ON_DEFEAT:  # it attacks the Wyrm (8) and loses the round
        state = table(eng, side(realms=["Vale"], hand=["Walls"], pool=[x.key],
                                discard=["Griffon"]),
                      side(realms=["Harbor"], pool=["Wyrm"]), phase=4, battle={"step": "realm"})
        actions = [("Attack realm A", 0), ("Champion from pool 0", 0),
                   ("Champion from pool 0", 1)]
    elif kind is K.SHUFFLE_DISCARDS_BACK:
        state = table(eng, side(realms=["Vale"], hand=[x.key] + ["Squire"] * 8,
                                draw=["Militia"] * 2, discard=["Knight"]),
                      side(realms=["Harbor"], draw=["Squire"] * 6), phase=5)
        actions = [("Discard hand 0", 0)]
    else:
        pool = [x.key] if x.type in (CardType.HERO, CardType.WIZARD, CardType.CLERIC,
                                     CardType.MONSTER, CardType.THIEF, CardType.PSIONICIST,
                                     CardType.REGENT) else [("Knight", [x.key])]
        state = table(eng, side(realms=["Vale"], pool=pool),
                      side(realms=["Harbor"], hand=["Walls", "Knight"]), phase=4,
                      battle={"step": "realm"})
        actions = [("Make no attack", 0)]
    turn = Turn(eng, state)
    for label, player in actions:
        if any(lb.startswith(label) for lb in turn.labels(player)):
            turn.play(label, player)
    return [(e.kind, e.data) for e in turn.events] + [eng.to_json(state)]
