"""Issue 13 (out1): more events and phase-3 spells of the 1st-3rd Editions whose power acts
outside battles (``game/outside_more.py``), played in phase 3 of the whole game. (The cards
out1 shared with out4th, as Fear, Death Fog and Labor of Legend, are tested in
``test_outside_4th.py``.)

Real cards (CrossFire data when present, else the built-in pack; a test skips without them) in
whole games of practice cards (``pack="practice"``): the Knight is a hero 5, the Rogue a thief
3, the Mage a wizard 4, the Priest a cleric 3, the Seer a psionicist 4, the Griffon a monster
6, the Wyrm a monster 8; the Militia an ally +2, the Giant an ally +4, the Squire an ally +1;
the Sword a magical item +2; the realms have no power that changes a total. Outcomes computed by
hand from the printed words (paraphrased in each test).
"""

from __future__ import annotations

import pytest
from combatzoo.envs.spellfire.cards.effects import Effect
from combatzoo.envs.spellfire.cards.effects import EffectKind as K

from ..battle.battle_helpers import side
from ..battle.test_card_powers import real
from .test_game_rules import Turn, names, table
from .test_outside_powers import PLAY, _engine, _finish_turn

STORM_AT_SEA, SIEGE, RAIDERS, DRAGON_RAGE = "3rd/214", "1st/203", "1st/213", "1st/448"
DISCOVERY, ESTATE = "1st/401", "1st/437"


# --- the phrases (cards/outside.py, out1 section) ---------------------------------------------


@pytest.mark.parametrize("key, effects", [
    # "All players draw three cards face up. Any realms drawn must be discarded immediately.
    # All other cards are kept in the hand."
    (STORM_AT_SEA, (Effect(K.DRAW_NOW, amount=3, mark="all"), Effect(K.DISCARD_DRAWN_REALMS))),
    # "All players must discard one realm from their front rank. The next realm played must
    # go into the front position." (German, French and Portuguese reprints read as it)
    (SIEGE, (Effect(K.EACH_DISCARDS_FRONT_REALM),)),
    ("2nd/203", (Effect(K.EACH_DISCARDS_FRONT_REALM),)),
    ("DE/203", (Effect(K.EACH_DISCARDS_FRONT_REALM),)),
    # "All players must discard one realm, either from their hand or from the table."
    (RAIDERS, (Effect(K.EACH_DISCARDS_REALM),)),
    # "All creatures fear the dragon rage. Every player must discard one champion from his
    # hand or pool."
    (DRAGON_RAGE, (Effect(K.EACH_DISCARDS_ANY_CHAMPION),)),
    # "The user can examine all other player's hands and discard one card from each."
    (DISCOVERY, (Effect(K.DISCARD_FROM_HANDS, count=1),)),
    # "This spell places a realm and any attached holding in the Abyss. If spell-turned or
    # reflected, the caster of this spell is placed in the Abyss. This player can make no
    # attacks this turn. Limit one per deck."
    (ESTATE, (Effect(K.REALM_TO_ABYSS), Effect(K.NO_ATTACK_THIS_TURN))),
])
def test_the_cards_read_as_powers_acting_outside_battles(key: str,
                                                          effects: tuple[Effect, ...]) -> None:
    (card,) = real(key)
    assert card.effects == effects and card.power.value == "modelled"


# --- the kinds, each played from a real card ----------------------------------------------------


def test_storm_at_sea_discards_the_realms_drawn() -> None:
    # Storm at Sea (event): "all players draw three cards face up. Any realms drawn must be
    # discarded immediately. All other cards are kept in the hand."
    eng = _engine(STORM_AT_SEA)
    state = table(eng, side(realms=["Vale"], hand=[STORM_AT_SEA, "Knight"],
                            draw=["Walls", "Squire", "Militia", "Rogue"]),
                  side(realms=["Harbor"], hand=["Mage"],
                       draw=["Academy", "Griffon", "Peak", "Squire"]), phase=3)
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")
    me, them = state.table.players
    # Player_0 draws Walls, Squire, Militia: the Walls is discarded.
    assert names(eng, state, me.hand) == ["Knight", "Squire", "Militia"]
    assert names(eng, state, me.discard) == ["Storm at Sea", "Walls"]
    assert names(eng, state, me.draw) == ["Rogue"]
    # Player_1 draws Academy, Griffon, Peak: two realms discarded, the Griffon kept.
    assert names(eng, state, them.hand) == ["Mage", "Griffon"]
    assert names(eng, state, them.discard) == ["Academy", "Peak"]
    assert names(eng, state, them.draw) == ["Squire"]
    assert state.phase == 3 and state.result is None


def test_storm_at_sea_from_a_short_pile_ends_the_game() -> None:
    # RULES.md §1: a player who must draw from an empty draw pile ends the game; player_1 has
    # two cards left. Unrazed realms 1 to 1, razed 0 to 1: player_1 wins.
    eng = _engine(STORM_AT_SEA)
    state = table(eng, side(realms=["Vale"], hand=[STORM_AT_SEA], draw=["Squire"] * 4),
                  side(realms=["Harbor", ("Walls", True)], draw=["Squire"] * 2), phase=3)
    Turn(eng, state).play(f"{PLAY} 0")
    assert state.result == "deck_out" and state.winner == 1


def test_siege_discards_each_front_realm_and_the_next_realm_goes_in_front() -> None:
    # Siege (event): "all players must discard one realm from their front rank. The next
    # realm played must go into the front position." Player_0's slot A is empty: its first
    # realm in play (B, razed) goes ([decided]); player_1's A goes with its holding.
    eng = _engine(SIEGE)
    state = table(eng, side(realms=[None, ("Vale", True), "Citadel"],
                            hand=[SIEGE, "Knight"]),
                  side(realms=[("Walls", False, "Watchtower"), "Academy"], hand=["Peak"]),
                  phase=3)
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")
    me, them = state.table.players
    assert me.realms[0] is None and me.realms[1] is None
    assert names(eng, state, me.realms[2:3]) == ["Citadel"]
    assert names(eng, state, me.discard) == ["Siege", "Vale"]
    assert them.realms[0] is None and them.holdings[0] is None
    assert names(eng, state, them.discard) == ["Walls", "Watchtower"]
    _finish_turn(turn, 0)
    # Player_1's turn 2, phase 2: the Peak goes into the front position, A.
    assert state.turn == 2 and state.phase == 2
    turn.play("Play realm from hand 0: Practice Peak", 1)
    assert names(eng, state, them.realms[:2]) == ["Peak", "Academy"]


def test_barbarian_raiders_takes_a_razed_realm_else_one_from_the_hand() -> None:
    # Barbarian Raiders! (event): "all players must discard one realm, either from their hand
    # or from the table". [decided] A razed realm in play first (player_0's Walls; its Harbor
    # in hand stays), else a realm from the hand (player_1's Peak).
    eng = _engine(RAIDERS)
    state = table(eng, side(realms=["Vale", ("Walls", True), "Citadel"],
                            hand=[RAIDERS, "Knight", "Harbor"]),
                  side(realms=["Academy"], hand=["Peak", "Griffon"]), phase=3)
    Turn(eng, state).play(f"{PLAY} 0")
    me, them = state.table.players
    assert names(eng, state, [r for r in me.realms if r is not None]) == ["Vale", "Citadel"]
    assert me.realms[1] is None and names(eng, state, me.hand) == ["Knight", "Harbor"]
    assert names(eng, state, me.discard) == ["Barbarian Raiders!", "Walls"]
    assert names(eng, state, them.hand) == ["Griffon"]
    assert names(eng, state, them.discard) == ["Peak"]
    assert names(eng, state, them.realms[:1]) == ["Academy"]


def test_barbarian_raiders_takes_the_rearmost_standing_realm_last() -> None:
    # [decided] With no razed realm and no realm in hand, the rearmost standing one (the one
    # the others shield): player_1's Peak in slot C, not its Academy in A.
    eng = _engine(RAIDERS)
    state = table(eng, side(realms=["Vale"], hand=[RAIDERS, "Knight", "Harbor"]),
                  side(realms=["Academy", "Walls", "Peak"], hand=["Griffon"]), phase=3)
    Turn(eng, state).play(f"{PLAY} 0")
    me, them = state.table.players
    assert names(eng, state, me.discard) == ["Barbarian Raiders!", "Harbor"]
    assert names(eng, state, them.realms[:2]) == ["Academy", "Walls"] and them.realms[2] is None
    assert names(eng, state, them.discard) == ["Peak"]


def test_dragon_rage_takes_a_champion_from_each_hand_or_pool() -> None:
    # Dragon Rage! (event): "every player must discard one champion from his hand or pool".
    # [decided] The lowest champion in hand (player_0's Rogue 3, not its Knight 5), else the
    # lowest of the pool with what it carries (player_1's Priest 3 and its Sword).
    eng = _engine(DRAGON_RAGE)
    state = table(eng, side(realms=["Vale"], hand=[DRAGON_RAGE, "Knight", "Rogue"],
                            pool=["Mage"]),
                  side(realms=["Harbor"], hand=["Squire"],
                       pool=["Griffon", ("Priest", ["Sword"])]), phase=3)
    Turn(eng, state).play(f"{PLAY} 0")
    me, them = state.table.players
    assert names(eng, state, me.hand) == ["Knight"] and names(eng, state, me.pool) == ["Mage"]
    assert names(eng, state, me.discard) == ["Dragon Rage!", "Rogue"]
    assert names(eng, state, them.pool) == ["Griffon"] and names(eng, state, them.hand) == [
        "Squire"]
    assert names(eng, state, them.discard) == ["Priest", "Sword"]
    assert state.phase == 3  # the Knight may still go into the pool


def test_discovery_of_spellfire_discards_the_best_card_of_the_other_hand() -> None:
    # Discovery of Spellfire (event): "the user can examine all other player's hands and
    # discard one card from each". [decided] The highest champion there: the Griffon 6, not
    # the Knight 5 or the allies.
    eng = _engine(DISCOVERY)
    state = table(eng, side(realms=["Vale"], hand=[DISCOVERY, "Rogue"]),
                  side(realms=["Harbor"], hand=["Squire", "Knight", "Griffon", "Giant"]),
                  phase=3)
    Turn(eng, state).play(f"{PLAY} 0")
    me, them = state.table.players
    assert names(eng, state, them.hand) == ["Squire", "Knight", "Giant"]
    assert names(eng, state, them.discard) == ["Griffon"]
    assert names(eng, state, me.discard) == ["Discovery of Spellfire"]


def test_discovery_of_spellfire_without_a_champion_takes_the_biggest_bonus() -> None:
    # [decided] No champion in that hand: the card of the highest bonus, the Giant (+4).
    eng = _engine(DISCOVERY)
    state = table(eng, side(realms=["Vale"], hand=[DISCOVERY, "Rogue"]),
                  side(realms=["Harbor"], hand=["Militia", "Giant", "Squire"]), phase=3)
    Turn(eng, state).play(f"{PLAY} 0")
    them = state.table.players[1]
    assert names(eng, state, them.hand) == ["Militia", "Squire"]
    assert names(eng, state, them.discard) == ["Giant"]


def test_estate_transference_sends_a_realm_to_the_abyss_and_ends_the_attacks() -> None:
    # Estate Transference (wizard spell, (Off/3)): "this spell places a realm and any
    # attached holding in the Abyss ... This player can make no attacks this turn." The Mage
    # casts it on player_1's Walls (behind its Harbor) with its Watchtower.
    eng = _engine(ESTATE)
    state = table(eng, side(realms=["Vale"], hand=[ESTATE, "Griffon"],
                            pool=["Mage", "Knight"]),
                  side(realms=["Harbor", ("Walls", False, "Watchtower")]), phase=3)
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")
    assert turn.labels(0) == ["Target my realm A: Practice Vale",
                              "Target the opponent's realm A: Practice Harbor",
                              "Target the opponent's realm B: Practice Walls"]
    turn.play("Target the opponent's realm B")
    me, them = state.table.players
    assert them.realms[1] is None and them.holdings[1] is None
    assert names(eng, state, them.abyss) == ["Walls", "Watchtower"] and them.discard == []
    assert names(eng, state, me.discard) == ["Estate Transference"]
    assert state.no_attack and state.phase == 3
    turn.play("Done with this phase")
    # No attack although the Knight could attack the Harbor.
    assert [e for e in turn.events if e.kind == "attack_declared"] == []


def test_estate_transference_needs_a_wizard_in_the_pool() -> None:
    # A wizard spell: only a pool champion who may cast it plays it (RULES.md §1 "Combat").
    eng = _engine(ESTATE)
    state = table(eng, side(realms=["Vale"], hand=[ESTATE, "Griffon"], pool=["Knight"]),
                  side(realms=["Harbor"]), phase=3)
    assert not [lb for lb in Turn(eng, state).labels(0) if lb.startswith(PLAY)]
