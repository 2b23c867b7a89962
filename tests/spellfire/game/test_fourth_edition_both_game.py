"""Issue 13 (c4th5a): events printed in both the 3rd and the 4th Edition, acting outside
battles (``game/outside_both.py``), played in phase 3 of whole games.

Real cards (CrossFire data when present, else the built-in pack; a test skips without them) in
whole games of practice cards (``pack="practice"``): the Knight is a hero 5, the Rogue a thief
3, the Mage a wizard 4, the Priest a cleric 3, the Griffon a flying monster 6; the Militia an
ally +2; the realms have no power that changes what is discarded here. Outcomes computed by
hand from the printed words (paraphrased in each test). Cormyr, Calimshan, Vaasa and The High Forest
(1st/5, 9, 14, 16) are realms with no printed power.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from combatzoo.envs.spellfire.cards.cards import Card, CardType
from combatzoo.envs.spellfire.cards.effects import Effect, EffectKind
from combatzoo.envs.spellfire.game.config import GameConfig
from combatzoo.envs.spellfire.game.rules import SpellfireGameEngine

from ..battle.battle_helpers import card, side
from ..battle.test_card_powers import real
from .test_game_rules import Turn, names, table

SLAVE_REVOLT_3, SLAVE_REVOLT_4 = "3rd/202", "4th/126"
REVENGE_3, REVENGE_4 = "3rd/213", "4th/129"
# 1st Edition realms with no printed power: a realm is in play once (rules._load_problems).
PLAIN_REALMS = ("1st/5", "1st/9", "1st/14", "1st/16")
PLAY = "Play event or spell from hand"


def _engine(*keys: str) -> SpellfireGameEngine:
    return SpellfireGameEngine(GameConfig(pack="practice", extra_cards=real(*keys)))


@pytest.mark.parametrize("key", [SLAVE_REVOLT_3, SLAVE_REVOLT_4])
def test_slave_revolt_compiles_to_a_chosen_opposing_champion(key: str) -> None:
    # "All opposing players must discard one champion from their pool (chosen by this
    # player)": one effect, its target a champion of the other player's pool.
    (card,) = real(key)
    assert card.effects == (Effect(EffectKind.DISCARD_OPPOSING_POOL_CHAMPION),)


@pytest.mark.parametrize("key", [SLAVE_REVOLT_3, SLAVE_REVOLT_4])
def test_slave_revolt_discards_the_chosen_opposing_champion(key: str) -> None:
    # Slave Revolt! (event): the opposing player discards one champion of its pool, chosen by
    # the card's player. Only player_1's pool champions are offered (not player_0's own);
    # player_0 chooses the Rogue (not the Griffon, which the weakest-first rule would not
    # pick either way: the player's choice decides). The Rogue goes with its Sword.
    eng = _engine(key)
    state = table(eng, side(realms=["Vale"], hand=[key, "Knight"], pool=["Mage"]),
                  side(realms=["Harbor"], pool=["Griffon", ("Rogue", ["Sword"])]), phase=3)
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")
    assert [lb for lb in turn.labels(0) if lb.startswith("Target")] == [
        "Target the opponent's pool champion 0: Practice Griffon",
        "Target the opponent's pool champion 1: Practice Rogue"]
    turn.play("Target the opponent's pool champion 1")
    me, them = state.table.players
    assert names(eng, state, them.pool) == ["Griffon"]
    assert names(eng, state, them.discard) == ["Rogue", "Sword"]
    assert names(eng, state, me.pool) == ["Mage"]
    assert names(eng, state, me.discard) == ["Slave Revolt!"]


def test_slave_revolt_is_not_offered_against_an_empty_pool() -> None:
    # Nothing to act on: the other player has no pool champion, so the card is not playable.
    eng = _engine(SLAVE_REVOLT_4)
    state = table(eng, side(realms=["Vale"], hand=[SLAVE_REVOLT_4, "Knight"], pool=["Mage"]),
                  side(realms=["Harbor"], hand=["Griffon"]), phase=3)
    assert not [lb for lb in Turn(eng, state).labels(0) if lb.startswith(PLAY)]


@pytest.mark.parametrize("key", [REVENGE_3, REVENGE_4])
def test_barbarians_revenge_compiles_to_four_realms_and_reads_the_limited_wish_line(
        key: str) -> None:
    # "All players who have four or more unrazed realms in play must discard ... This event
    # is immune to limited wish." Both sentences read; the threshold is 4.
    (card,) = real(key)
    assert card.effects == (Effect(EffectKind.EACH_WIDE_DISCARDS_REALM, amount=4),)


@pytest.mark.parametrize("key", [REVENGE_3, REVENGE_4])
def test_barbarians_revenge_takes_a_realm_from_each_player_with_four_standing(key: str) -> None:
    # The Barbarian's Revenge! (event): players with four or more unrazed realms discard a
    # realm from the formation or two realms from the hand. Player_0 has three standing (and
    # a razed Walls, which does not count): untouched. Player_1 has four standing, a razed
    # Peak in slot E and one realm in hand: [decided] the razed Peak goes first (it shields
    # nothing); its hand realm stays.
    eng = _engine(key, *PLAIN_REALMS)
    state = table(eng, side(realms=["Vale", "Harbor", ("Walls", True), "Citadel"],
                            hand=[key, "Knight", "Academy"]),
                  side(realms=[*PLAIN_REALMS, ("Peak", True)], hand=["Academy", "Griffon"]),
                  phase=3)
    Turn(eng, state).play(f"{PLAY} 0")
    me, them = state.table.players
    assert names(eng, state, [r for r in me.realms if r is not None]) == [
        "Vale", "Harbor", "Walls", "Citadel"]
    assert names(eng, state, me.hand) == ["Knight", "Academy"]
    assert names(eng, state, me.discard) == ["The Barbarian's Revenge!"]
    assert them.realms[4] is None and names(eng, state, them.discard) == ["Peak"]
    assert names(eng, state, them.hand) == ["Academy", "Griffon"]


def test_barbarians_revenge_takes_two_hand_realms_before_a_standing_one() -> None:
    # [decided] With no razed realm, two realms from the hand go before a standing realm
    # (player_0: four standing, Academy and Peak in hand). Player_1 has five standing and one
    # realm in hand (not two): its rearmost standing realm, the Peak in slot E, goes.
    eng = _engine(REVENGE_4, *PLAIN_REALMS)
    state = table(eng, side(realms=["Vale", "Harbor", "Walls", "Citadel"],
                            hand=[REVENGE_4, "Academy", "Knight", "Peak"]),
                  side(realms=[*PLAIN_REALMS, "Peak"], hand=["Academy"]), phase=3)
    Turn(eng, state).play(f"{PLAY} 0")
    me, them = state.table.players
    assert names(eng, state, me.hand) == ["Knight"]
    assert names(eng, state, me.discard) == ["The Barbarian's Revenge!", "Academy", "Peak"]
    assert sum(r is not None for r in me.realms) == 4
    assert names(eng, state, [r for r in them.realms if r is not None]) == [
        "Cormyr", "Calimshan", "Vaasa", "The High Forest"]
    assert them.realms[4] is None and names(eng, state, them.discard) == ["Peak"]
    assert names(eng, state, them.hand) == ["Academy"]


# --- sacrifice_shuffled_back (whole game: an avatar's cost) ---------------------------------------

NENIOC_3, NENIOC_4 = "3rd/187", "4th/284"


def _cleric_avatar() -> Card:
    """A hand-made avatar whose cost is one cleric from the pool (as Garl's is one hero)."""
    return replace(card(8, "T Avatar", CardType.HERO, level=9), avatar=True, effects=(
        Effect(EffectKind.AVATAR_COST, count=1, card_types=(int(CardType.CLERIC),)),))


@pytest.mark.parametrize("key", [NENIOC_3, NENIOC_4])
def test_nenioc_paying_for_an_avatar_is_shuffled_back(key: str) -> None:
    # Nenioc (cleric 5): "may be sacrificed to bring out an avatar, but she is shuffled back
    # into her player's draw pile rather than discarded". Player_0 razes the Harbor with the
    # Knight and draws the avatar as spoils (seed 001: played with its cost met); the cost is
    # one cleric of its pool: Nenioc. She leaves the pool for the draw pile (six Militia and
    # her: seven cards), not the discard pile.
    (nenioc,) = real(key)
    assert nenioc.effects == (Effect(EffectKind.SACRIFICE_SHUFFLED_BACK),)
    eng = SpellfireGameEngine(GameConfig(pack="practice",
                                         extra_cards=(nenioc, _cleric_avatar())))
    me = side(realms=["Vale"], hand=["Knight"], pool=[key], draw=["T/8", *["Militia"] * 6])
    state = table(eng, me, side(realms=["Harbor", "Walls"]), phase=4, battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Attack realm A")
    turn.play("Champion from hand 0")
    turn.play("Decline to defend", player=1)
    turn.play("Put champion from hand 0 into the pool")
    mine = state.table.players[0]
    assert names(eng, state, mine.pool) == ["Knight", "T Avatar"]
    assert names(eng, state, mine.discard) == []
    assert sorted(names(eng, state, mine.draw)) == ["Militia"] * 6 + ["Nenioc"]
    assert not eng.check_invariants(state, state)
