"""Seed rules of Spellfire battles that issue 13 found missing, scripted (seeds 000-002,
RULES.md §1). Each test names its seed step; the outcomes are worked out by hand from the text.

Practice cards: Ghoul monster 4 ("destroys an opposing champion of level 2 or less":
``destroy_champion`` 2), Treasure an event that discards an opposing monster champion, Vale a
plain realm, Militia ally +2. Hand-made: a level-2 hero, an amulet (+3 magical item) that
makes its champion immune to monsters' powers.
"""

from __future__ import annotations

from combatzoo.envs.spellfire.cards.cards import CardType
from combatzoo.envs.spellfire.cards.effects import Effect, EffectKind

from .battle_helpers import battle, card, check, make_engine, side

PAGE = card(1, "T Page", CardType.HERO, level=2)
AMULET = card(2, "T Amulet", CardType.MAGICAL_ITEM, bonus=3,
              effects=(Effect(EffectKind.IMMUNE_TO, card_types=(int(CardType.MONSTER),)),))


def _ghoul_against_a_page(defender_hand: list[str]):  # type: ignore[no-untyped-def]
    e = make_engine(PAGE, AMULET)
    b = battle(e, side(realms=["Vale"], hand=["Ghoul"], draw=["Knight"]),
               side(realms=["Vale"], hand=["T/1", *defender_hand], draw=["Giant"]))
    b.attack("A")
    b.present(0, "Ghoul")
    b.present(1, "T Page")
    return b


def test_the_defender_may_play_one_card_against_a_win_at_once_power():
    # RULES.md §1 "Combat" [src]: a power that ends the round at once (the Ghoul destroys a
    # champion of level 2 or less, seed 000 step D); "the player about to lose that way may
    # play one card to change the condition". Treasure discards the attacking monster: by
    # seed 001 the battle is over and the defender draws spoils (Giant, into its hand).
    b = _ghoul_against_a_page(["Treasure"])
    assert b.b.step == "cards" and b.to_act() == [1] and b.b.threat is not None
    assert b.find("answer_offered")
    check(b)  # the waiting state keeps its threat through the JSON round trip
    assert b.engine.from_json(b.engine.to_json(b.state)).battle.threat == b.b.threat
    b.play(1, "Treasure")
    assert b.b.outcome == "repelled" and b.b.winner == 1
    assert b.names(0, "discard") == ["Practice Ghoul"]
    assert b.pool_names(1) == ["T Page"]
    assert b.state.players[1].razed[0] is False
    assert not b.find("champion_destroyed")
    check(b)


def test_an_answer_that_changes_the_condition_lets_the_round_go_on_to_the_totals():
    # The Amulet (+3) makes the Page immune to the monster's power: the Ghoul's power no
    # longer acts; totals: Ghoul 4 against Page 2 + Amulet 3 = 5, the defender wins the round
    # (seed 000 steps E-G) and the attack is repelled (the attacker has nothing to play).
    b = _ghoul_against_a_page(["T/2"])
    b.play(1, "T Amulet")
    assert not b.find("champion_destroyed")
    assert b.find("totals")[-1].data["totals"] == [4, 5]
    assert b.b.outcome == "repelled" and b.b.winner == 1
    assert b.attached_names(1, "T Page") == ["T Amulet"]
    check(b)


def test_passing_lets_the_power_end_the_round():
    # Without a card (a pass) the power acts: the Page is destroyed, the attacker wins the
    # round and the realm is razed (seed 000 step D: "the defender is discarded and combat
    # ends. The realm is razed"); the attacker draws spoils (the Knight, into its pool).
    b = _ghoul_against_a_page(["Militia"])
    assert b.to_act() == [1]
    b.pass_(1)
    assert b.find("champion_destroyed")
    assert b.b.outcome == "razed" and b.b.winner == 0
    assert b.names(1, "discard") == ["T Page"]
    assert b.names(1, "hand") == ["Practice Militia"]
    check(b)


def test_an_answer_that_changes_nothing_leaves_the_power_to_act():
    # Militia (+2 ally) does not change the condition (the Page is still level 2): the power
    # acts after it, the round is the attacker's, the Page and its ally are discarded.
    b = _ghoul_against_a_page(["Militia"])
    b.play(1, "Militia")
    assert b.find("champion_destroyed")
    assert b.b.outcome == "razed"
    assert sorted(b.names(1, "discard")) == ["Practice Militia", "T Page"]
    check(b)


def test_no_card_to_play_no_wait():
    # With no card it may play the defender is not asked: the power acts at once (seed 000
    # step D).
    b = _ghoul_against_a_page([])
    assert b.b.outcome == "razed" and not b.find("answer_offered")
    check(b)


# --- after the battle: single-use cards (issue 13; seed 000 step H, seed 002 note 3) --------

POTION = card(3, "T Potion", CardType.MAGICAL_ITEM, bonus=3,
              effects=(Effect(EffectKind.SINGLE_USE),))


def test_single_use_items_are_spent_when_a_card_razes_the_realm():
    # "Discard after one use" (``single_use``: discarded after the battle it is used in). Seed
    # 001: a realm razed by card play ends the battle and both champions return to their pools;
    # both champions fought (seed 002 note 3: their attached cards activated), so both potions
    # are spent when the battle ends. Knight 5 + Potion 3 = 8 against Wyrm 8 + Potion 3 = 11:
    # the attacker, losing, plays Quake.
    e = make_engine(POTION)
    b = battle(e, side(realms=["Vale"], pool=[("Knight", ["T/3"])], hand=["Quake"]),
               side(realms=["Vale", "Harbor"], pool=[("Wyrm", ["T/3"])]))
    b.attack("A")
    b.present(0, "Knight", "pool")
    b.present(1, "Wyrm", "pool")
    assert b.totals() == [8, 11]
    b.play(0, "Quake")
    assert b.b.outcome == "razed"
    assert b.attached_names(0, "Knight") == [] and b.attached_names(1, "Wyrm") == []
    assert b.names(0, "discard") == ["Practice Quake", "T Potion"]
    assert b.names(1, "discard") == ["T Potion"]
    check(b)


def test_a_single_use_item_is_kept_when_no_round_was_fought():
    # Declined defence (seed 001): the realm is razed before any activation (seed 002 note 3:
    # cards activate when the champions are moved into combat), so the potion was not used.
    e = make_engine(POTION)
    b = battle(e, side(realms=["Vale"], pool=[("Knight", ["T/3"])]),
               side(realms=["Vale", "Harbor"], hand=["Rogue"]))
    b.attack("A")
    b.present(0, "Knight", "pool")
    b.decline()
    assert b.b.outcome == "razed" and b.attached_names(0, "Knight") == ["T Potion"]
    check(b)


def test_a_champion_that_escapes_spends_its_single_use_item():
    # ``escape``: the losing champion returns to its pool instead of being discarded; the
    # potion it carried served in the battle and is discarded when the battle ends. Runner 4
    # + Potion 3 = 7 against Wyrm 8: repelled, the Runner is back in the pool without it.
    runner = card(4, "T Runner", CardType.HERO, level=4, effects=(Effect(EffectKind.ESCAPE),))
    e = make_engine(POTION, runner)
    b = battle(e, side(realms=["Vale"], pool=[("T/4", ["T/3"])]),
               side(realms=["Vale"], pool=["Wyrm"]))
    b.attack("A")
    b.present(0, "T Runner", "pool")
    b.present(1, "Wyrm", "pool")
    assert b.b.outcome == "repelled" and b.pool_names(0) == ["T Runner"]
    assert b.attached_names(0, "T Runner") == [] and b.names(0, "discard") == ["T Potion"]
    check(b)
