"""The 1st Edition's last realm and holding cards (issue 13, first_b): South Ledopolus, Magical
Champion's ally in battle, The Sea Barons. Outcomes
are worked out by hand from the printed text (quoted in each test) and seed 000 (steps C-H: the
defender's champion, the totals, the round's loser discarded, the winner back to its pool)."""

from __future__ import annotations

import pytest
from combatzoo.envs.spellfire.cards.cards import CardType, Power
from combatzoo.envs.spellfire.cards.compiler import compile_card
from combatzoo.envs.spellfire.cards.crossfire import read_database
from combatzoo.envs.spellfire.cards.effects import Effect, EffectKind

from tests.spellfire.battle.battle_helpers import battle, card, check, make_engine, side
from tests.spellfire.battle.test_card_powers import CROSSFIRE, HAS_CROSSFIRE, real

LEDOPOLUS = "1st/230"
"""South Ledopolus (holding): "The attached realm can use any ally as a champion. The ally is
still discarded after the battle." """


def test_south_ledopolus_compiles_in_both_printings() -> None:
    (card,) = real(LEDOPOLUS)
    assert card.power is Power.MODELLED
    assert [e.kind for e in card.effects] == [EffectKind.ALLY_DEFENDS]
    if not HAS_CROSSFIRE:
        pytest.skip(f"the 4th Edition printing needs the CrossFire data at {CROSSFIRE}")
    # 4th/92: "The attached realm can use any ally to defend as a hero champion. The ally is
    # discarded after battle." The same power.
    effects, power = compile_card(read_database(CROSSFIRE).records["4th/92"])
    assert power is Power.MODELLED
    assert [e.kind for e in effects] == [EffectKind.ALLY_DEFENDS]


def _ledopolus_battle(attacker: str, holding: bool = True):  # type: ignore[no-untyped-def]
    # Player 0 attacks realm A (Vale) with a pool champion; player 1 holds the Giant (+4) and
    # the Militia (+2), allies, and a Sword (an item): no champion in its hand or pool.
    e = make_engine(*real(LEDOPOLUS))
    realm = ("Vale", False, LEDOPOLUS) if holding else "Vale"
    b = battle(e, side(realms=["Vale"], pool=[attacker], draw=["Squire"]),
               side(realms=[realm, "Harbor"], hand=["Sword", "Giant", "Militia"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, attacker, "pool")
    return b


def test_south_ledopolus_offers_the_defenders_allies_as_champions() -> None:
    # "The attached realm can use any ally as a champion": the Giant (hand 1) and the Militia
    # (hand 2) may defend it; the Sword (an item) may not. Without the holding, the defender
    # has no champion: it can only decline.
    b = _ledopolus_battle("Knight")
    assert b.legal_labels(1) == ["Champion from hand 1", "Champion from hand 2",
                                 "Decline to defend (realm razed)"]
    b = _ledopolus_battle("Knight", holding=False)
    assert b.legal_labels(1) == ["Decline to defend (realm razed)"]


def test_an_ally_defending_fights_at_its_bonus_and_is_discarded_after_winning() -> None:
    # The Priest (cleric, level 3) attacks; the Giant (+4) defends as a champion of level 4:
    # totals 3 to 4. The attacker, behind, has no card in hand: the round ends, the defender
    # wins it and the attack is repelled (seed 000 steps F-H), the Priest discarded. A winning
    # champion goes back to its pool, but "the ally is still discarded after the battle": the
    # Giant ends in the discard pile, not the pool.
    b = _ledopolus_battle("Priest")
    b.present(1, "Giant")
    assert b.totals() == [3, 4]
    assert b.b.step == "over" and b.b.winner == 1 and b.b.outcome == "repelled"
    assert b.pool_names(1) == []
    assert "Practice Giant" in b.names(1, "discard")
    assert "Practice Priest" in b.names(0, "discard")
    check(b)


def test_an_ally_defending_may_carry_an_item_and_both_are_discarded() -> None:
    # The Knight (5) attacks; the Giant defends at 4 and, behind, plays the Sword (+2, a
    # magical item any champion may use): 5 to 6. The attacker has no card: the defender wins;
    # the Giant and its Sword go to the discard pile after the battle.
    b = _ledopolus_battle("Knight")
    b.present(1, "Giant")
    assert b.totals() == [5, 4]
    b.play(1, "Sword")
    assert b.totals() == [5, 6]
    assert b.b.winner == 1
    assert b.pool_names(1) == []
    assert {"Practice Giant", "Practice Sword"} <= set(b.names(1, "discard"))
    check(b)


def test_an_ally_defending_that_loses_is_discarded() -> None:
    # The Knight (5) against the Militia (+2 as a level 2 champion): 5 to 2; the defender
    # passes and loses the round: the realm is razed and the Militia discarded (step H).
    b = _ledopolus_battle("Knight")
    b.present(1, "Militia")
    assert b.totals() == [5, 2]
    b.pass_(1)
    assert b.b.step == "over" and b.b.winner == 0 and b.b.outcome == "razed"
    assert "Practice Militia" in b.names(1, "discard")
    assert b.pool_names(1) == []
    check(b)


MAGICAL_CHAMPION = "1st/402"
"""Magical Champion (magical item): "Attach this item to an ally from your hand. The ally
becomes a champion (hero) until discarded for any reason. Its level is unchanged. (Def)" """


def _ally_champion_battle(defender: str):  # type: ignore[no-untyped-def]
    # Player 0's pool holds the Giant (+4) carrying Magical Champion (played in phase 3 of the
    # whole game: tests/spellfire/game/test_first_edition_realms_game.py); player 1 has one
    # champion in hand.
    e = make_engine(*real(MAGICAL_CHAMPION))
    b = battle(e, side(realms=["Vale"], pool=[("Giant", [MAGICAL_CHAMPION])], draw=["Squire"]),
               side(realms=["Vale", "Harbor"], hand=[defender], draw=["Squire"]))
    return b


def test_an_ally_made_champion_attacks_as_a_hero_of_its_level_and_stays_in_the_pool() -> None:
    # "The ally becomes a champion (hero) ... Its level is unchanged": the Giant may attack
    # (from pool 0) and fights at 4 against the Priest (3): the defender, behind, has no card
    # left: the realm is razed. The winner goes back to its pool with the item (seed 000 step
    # H): "until discarded for any reason", it is not discarded after the battle.
    b = _ally_champion_battle("Priest")
    b.attack("A")
    assert b.legal_labels(0) == ["Champion from pool 0"]
    b.present(0, "Giant", "pool")
    b.present(1, "Priest")
    assert b.totals() == [4, 3]
    assert b.b.step == "over" and b.b.winner == 0 and b.b.outcome == "razed"
    assert b.pool_names(0) == ["Practice Giant"]
    assert b.attached_names(0, "Practice Giant") == ["Magical Champion"]
    check(b)


def test_an_ally_made_champion_that_loses_is_discarded_with_its_item() -> None:
    # Against the Knight (5) the Giant (4) loses the round: discarded with what it carries
    # (seed 000 step H), Magical Champion included.
    b = _ally_champion_battle("Knight")
    b.attack("A")
    b.present(0, "Giant", "pool")
    b.present(1, "Knight")
    assert b.totals() == [4, 5]
    assert b.b.winner == 1
    assert b.pool_names(0) == []
    assert {"Practice Giant", "Magical Champion"} <= set(b.names(0, "discard"))
    check(b)


SEA_BARONS, GREAT_KINGDOM = "1st/133", "1st/123"
"""The Sea Barons (realm): "Any holding attached to the Great Kingdom also applies to this
realm." The Great Kingdom (realm): "No undead can attack the Great Kingdom. The player's
maximum hand increases by two." """

SKY_WARD = card(11, "Sky Ward", CardType.HOLDING,
                effects=(Effect(EffectKind.NOT_ATTACKABLE_BY, movement=("flyer",)),))
"""A hand-made holding: "the attached realm cannot be attacked by flyers"."""


def test_the_sea_barons_compile_to_shared_holdings() -> None:
    (barons,) = real(SEA_BARONS)
    assert barons.power is Power.MODELLED
    assert barons.effects == (Effect(EffectKind.SHARES_HOLDINGS, names=("The Great Kingdom",)),)


def _barons_battle(second: object, own: str | None = None):  # type: ignore[no-untyped-def]
    # Player 1's formation: The Sea Barons (A, with ``own`` holding), ``second`` (B), Vale
    # (C). Player 0 attacks A with the Knight (hero 5) from its pool; player 1 defends with
    # the Priest (cleric 3) from its hand.
    e = make_engine(*real(SEA_BARONS, GREAT_KINGDOM), SKY_WARD)
    barons = (SEA_BARONS, False, own) if own else SEA_BARONS
    return battle(e, side(realms=["Vale"], pool=["Knight", "Griffon"], draw=["Squire"]),
                  side(realms=[barons, second, "Vale"], hand=["Priest"], draw=["Squire"]))


def test_the_sea_barons_defend_with_the_great_kingdoms_holding() -> None:
    # The Watchtower (+2 to the defender) on the Great Kingdom "also applies to" the Sea
    # Barons: Knight 5 against Priest 3 + 2 = 5. On a realm of another name (the Vale) it does
    # not: 5 against 3. With a Watchtower of its own as well, both apply: 3 + 2 + 2 = 7.
    for second, own, total in (((GREAT_KINGDOM, False, "Watchtower"), None, 5),
                               (("Vale", False, "Watchtower"), None, 3),
                               ((GREAT_KINGDOM, False, "Watchtower"), "Watchtower", 7)):
        b = _barons_battle(second, own)
        b.attack("A")
        b.present(0, "Knight", "pool")
        b.present(1, "Priest")
        assert b.totals() == [5, total], (second, own)
        check(b)


def test_the_great_kingdoms_wall_guards_the_sea_barons() -> None:
    # A holding barring flyers on the Great Kingdom (B) bars them from the Sea Barons (A) too:
    # the Griffon (a flyer, which may attack any realm) may attack the Vale (C) only; the
    # Knight (not a flyer) may attack the front realm A. On the Vale instead (B), the wall
    # guards B only: the Griffon may attack A as well.
    b = _barons_battle((GREAT_KINGDOM, False, "T/11"))
    b.attack("A")
    assert b.legal_labels(0) == ["Champion from pool 0"]  # the Knight, not the Griffon
    b = _barons_battle(("Vale", False, "T/11"))
    b.attack("A")
    assert b.legal_labels(0) == ["Champion from pool 0", "Champion from pool 1"]


def test_razing_the_sea_barons_leaves_the_great_kingdoms_holding() -> None:
    # The defender declines: the Sea Barons are razed (seed 001). The Watchtower stays
    # attached to the Great Kingdom (it applies to the Sea Barons; it is not theirs).
    b = _barons_battle((GREAT_KINGDOM, False, "Watchtower"))
    b.attack("A")
    b.present(0, "Knight", "pool")
    b.decline()
    home = b.state.players[1]
    assert home.razed[0] and not home.razed[1]
    assert b.name_of(home.holdings[1]) == "Practice Watchtower"
    check(b)


def test_the_sea_barons_defend_themselves_by_the_great_kingdoms_holding() -> None:
    # Arabel on the Great Kingdom: "the attached realm can defend itself as a level 4
    # monster"; it applies to the Sea Barons too: attacked, they may defend themselves, at 4
    # against the Knight's 5.
    e = make_engine(*real(SEA_BARONS, GREAT_KINGDOM, "1st/36"))
    b = battle(e, side(realms=["Vale"], pool=["Knight"], draw=["Squire"]),
               side(realms=[SEA_BARONS, (GREAT_KINGDOM, False, "1st/36")], hand=["Militia"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", "pool")
    assert "Let the realm defend itself" in b.legal_labels(1)
    b.step(player_1="Let the realm defend itself")
    assert b.totals() == [5, 4]
    check(b)
