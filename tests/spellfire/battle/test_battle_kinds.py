"""Scripted battles for the effect kinds that had no behaviour test of their own (issue 12: every
kind the engine resolves is named with its tests in ``battle/resolvers.py``).

Each power is on a hand-made card (set ``T``) named after what it does; totals are worked out in
the comments from the practice cards: Knight hero 5, Griffon flying monster 6, Rogue thief 3, Mage
wizard 4, Priest cleric 3, Seer psionicist 4, Militia ally +2, Giant ally +4, Squire ally +1,
Sword item +2, Shield item +1 (Def), Orb artifact +3, Bolt wizard spell +3 (Off), Blessing cleric
spell +2 (Def), Haste cleric spell +1 (Def, play at any time), Punch unarmed combat +2, Banishing
wizard spell (Off) destroying a champion of level 4 or less, Walls a realm +2. Events made here
have no bonus of their own.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from combatzoo.envs.spellfire.cards.cards import CardType, World
from combatzoo.envs.spellfire.cards.effects import Condition, Effect, EffectKind, When

from .battle_helpers import battle, card, check, make_engine, side

E = EffectKind
PASS = "Pass (play no more cards)"


def event(number: int, name: str, *effects: Effect) -> object:
    return card(number, name, CardType.EVENT, world=World.NO_WORLD, effects=effects)


def start(e, attacker_hand, defender_hand, attacker="Knight", defender="Griffon",
          realm="Vale", attacker_pool=(), attacker_zone="hand"):
    b = battle(e, side(realms=["Vale"], hand=attacker_hand, pool=list(attacker_pool),
                       draw=["Squire"]),
               side(realms=[realm], hand=defender_hand, draw=["Squire"]))
    b.attack("A")
    b.present(0, attacker, zone=attacker_zone)
    b.present(1, defender)
    return b


def test_opposing_allies_lose_and_all_allies_gain():
    plague = event(1, "T Plague", Effect(E.OPPOSING_ALLIES_LOSE, amount=1))
    feast = event(2, "T Feast", Effect(E.ALL_ALLIES_GAIN, amount=1))
    e = make_engine(plague, feast)
    b = start(e, ["Knight", "Militia", "T/1", "T/2"], ["Griffon", "Giant"])
    b.play(0, "Militia")  # Knight 5 + 2 = 7 vs Griffon 6
    b.play(1, "Giant")  # 7 vs 6 + 4 = 10
    b.play(0, "T Plague")  # each opposing ally loses 1: the Giant, 7 vs 9
    assert b.totals() == [7, 9]
    b.play(0, "T Feast")  # every ally gains 1: the Militia (8) and the Giant (10)
    assert b.totals() == [8, 10]
    check(b)


def test_all_champions_gain_counts_both_champions_of_the_types():
    moot = event(3, "T Dragonmoot", Effect(E.ALL_CHAMPIONS_GAIN, amount=2, condition=Condition(
        self_types=(int(CardType.MONSTER),))))
    festival = event(4, "T Festival", Effect(E.ALL_CHAMPIONS_GAIN, amount=1))
    e = make_engine(moot, festival)
    b = start(e, ["Knight", "T/3", "T/4"], ["Griffon"])
    b.play(0, "T Dragonmoot")  # monsters only: the Griffon 6 + 2, the Knight stays 5
    assert b.totals() == [5, 8]
    b.play(0, "T Festival")  # both champions gain 1
    assert b.totals() == [6, 9]
    check(b)


def test_double_allies_and_gains_per_ally():
    warlord = card(5, "T Warlord", CardType.HERO, level=4,
                   effects=(Effect(E.GAIN_PER_OWN_ALLY, amount=1),))
    hunter = card(6, "T Hunter", CardType.MONSTER, level=5, world=World.NO_WORLD,
                  effects=(Effect(E.GAIN_PER_OPPOSING_ALLY, amount=2),))
    banner = event(7, "T Banner", Effect(E.DOUBLE_ALLIES))
    e = make_engine(warlord, hunter, banner)
    b = start(e, ["T/5", "Militia", "Squire", "T/7"], ["T/6"], attacker="T Warlord",
              defender="T Hunter")
    assert b.totals() == [4, 5]
    b.play(0, "Militia")  # Warlord 4 + 2 + 1 per own ally = 7; Hunter 5 + 2 per opposing = 7
    assert b.totals() == [7, 7]
    b.play(0, "Squire")  # 4 + 2 + 1 + 2 = 9; 5 + 4 = 9 (a tie: still losing)
    assert b.totals() == [9, 9]
    b.play(0, "T Banner")  # the allies' bonuses count twice: 9 + 2 + 1 = 12
    assert b.totals() == [12, 9]
    check(b)


def test_items_gain_counts_items_and_the_artifact():
    smith = card(8, "T Smith", CardType.HERO, level=3, effects=(Effect(E.ITEMS_GAIN, amount=1),))
    e = make_engine(smith)
    b = battle(e, side(realms=["Vale"], pool=[("T/8", ["Sword", "Orb"])], hand=["Shield"]),
               side(realms=["Vale"], hand=["Griffon", "Giant"]))
    b.attack("A")
    b.present(0, "T Smith", zone="pool")
    b.present(1, "Griffon")
    # Smith 3 + Sword 2 + Orb 3 + 1 for each of the two = 10 vs Griffon 6.
    assert b.totals() == [10, 6]
    b.play(1, "Giant")  # 10 vs 10: a tie, the attacker is losing
    b.play(0, "Shield")  # + Shield 1 + 1 for a third item = 12
    assert b.totals() == [12, 10]
    check(b)


def test_a_champion_that_wins_the_round_at_activation():
    avatar = card(9, "T Avatar of War", CardType.HERO, level=1,
                  effects=(Effect(E.WIN_ROUND),))
    hero_bane = card(10, "T Hero Bane", CardType.HERO, level=1, effects=(
        Effect(E.WIN_ROUND, condition=Condition(vs_types=(int(CardType.HERO),))),))
    e = make_engine(avatar, hero_bane)
    b = start(e, ["T/9"], ["Griffon"], attacker="T Avatar of War")
    # Seed 000 step D: the power wins the round at once, 1 against 6 notwithstanding.
    assert [ev.data["card"] for ev in b.find("power_wins_round")] == ["T/9"]
    assert b.b.outcome == "razed" and b.b.winner == 0
    # Against a monster the Hero Bane's power does nothing: 1 vs 6, nothing to play.
    b = start(e, ["T/10"], ["Griffon"], attacker="T Hero Bane")
    assert not b.find("power_wins_round")
    assert b.b.outcome == "repelled" and b.b.winner == 1
    check(b)


def test_a_destroying_spell_discards_a_champion_of_its_level_only():
    e = make_engine()
    # Mage 4 vs Seer 4: a tie, the attacker plays. Banishing destroys a champion of level 4 or
    # less: the Seer is discarded by card play and the defender loses the round (seed 001).
    b = start(e, ["Mage", "Banishing"], ["Seer"], attacker="Mage", defender="Seer")
    b.play(0, "Banishing")
    assert [ev.player for ev in b.find("champion_discarded")] == [1]
    assert b.b.outcome == "razed" and b.b.winner == 0
    assert b.names(1, "discard") == ["Practice Seer"]
    # The Knight (level 5) is out of its reach: 4 vs 5, the attack is repelled.
    b = start(e, ["Mage", "Banishing"], ["Knight"], attacker="Mage", defender="Knight")
    b.play(0, "Banishing")
    assert not b.find("champion_discarded")
    assert b.totals() == [4, 5]
    assert b.b.outcome == "repelled" and b.pool_names(1) == ["Practice Knight"]
    check(b)


def test_a_card_that_loses_the_round_for_its_side():
    folly = event(11, "T Folly", Effect(E.LOSE_ROUND))
    e = make_engine(folly)
    b = start(e, ["Knight", "T/11", "Squire"], ["Rogue", "Giant"], defender="Rogue")
    b.play(1, "Giant")  # Knight 5 vs Rogue 3 + 4 = 7
    b.play(0, "T Folly")  # the attacker's own card loses the round for it
    assert [ev.player for ev in b.find("power_loses_round")] == [0]
    assert b.b.outcome == "repelled" and b.b.winner == 1
    assert sorted(b.names(0, "discard")) == ["Practice Knight", "T Folly"]
    assert b.names(1, "hand") == ["Practice Squire"]  # the defender's spoils
    check(b)


def test_a_single_use_item_is_discarded_after_the_battle():
    potion = card(12, "T Potion", CardType.MAGICAL_ITEM, bonus=3,
                  effects=(Effect(E.SINGLE_USE),))
    e = make_engine(potion)
    b = start(e, ["Knight", "T/12", "Sword"], ["Griffon"])
    b.play(0, "T Potion")  # 5 + 3 = 8 vs 6; the defender has nothing: round over
    assert b.b.outcome == "razed" and b.b.winner == 0
    # Seed 000 step H keeps the winner's items on its champion, but a single-use item goes.
    assert b.pool_names(0) == ["Practice Knight"]
    assert b.attached_names(0, "Knight") == []
    assert b.names(0, "discard") == ["T Potion"]
    check(b)


def test_a_realm_only_attackable_by_flyers():
    castle = card(13, "T Cloud Castle", CardType.REALM,
                  effects=(Effect(E.ONLY_ATTACKABLE_BY, movement=("flyer",)),))
    e = make_engine(castle)
    b = battle(e, side(realms=["Vale"], hand=["Knight", "Griffon"]),
               side(realms=["T/13"], hand=["Rogue"]))
    b.attack("A")
    assert b.legal_labels(0) == ["Champion from hand 1"]  # the Griffon flies, the Knight not
    b = battle(e, side(realms=["Vale"], hand=["Knight"]), side(realms=["T/13"], hand=["Rogue"]))
    assert b.legal_labels(0) == ["Make no attack / end the attack"]
    check(b)


def test_a_champion_that_may_use_spells_of_another_class():
    battle_priest = card(14, "T Battle Priest", CardType.HERO, level=5,
                         effects=(Effect(E.MAY_USE, uses=("o19", "d19")),))
    e = make_engine(battle_priest)
    # A hero casts no wizard spell (5 vs 6: nothing to play, the round is over) ...
    b = start(e, ["Knight", "Bolt"], ["Griffon"])
    assert b.b.outcome == "repelled"
    # ... unless its power says it may: the Bolt (+3) turns the round, 8 vs 6.
    b = start(e, ["T/14", "Bolt"], ["Griffon"], attacker="T Battle Priest")
    assert b.legal_labels(0) == ["Play hand 0", PASS]
    b.play(0, "Bolt")
    assert b.totals() == [8, 6]
    check(b)


def test_a_play_any_time_spell_is_offered_in_the_winners_window():
    e = make_engine()
    # Rogue 3 vs Priest 3 on Walls (+2) = 5. The attacker's Squire leaves it losing (4 vs 5):
    # seed 000 step F, the winner may answer with Haste (play at any time), not with Blessing.
    b = start(e, ["Rogue", "Squire", "Militia"], ["Priest", "Haste", "Blessing"],
              attacker="Rogue", defender="Priest", realm="Walls")
    b.play(0, "Squire")
    assert b.to_act() == [1] and b.b.window
    assert b.legal_labels(1) == ["Play hand 0", PASS]
    b.play(1, "Haste")
    assert b.totals() == [4, 6] and b.to_act() == [0]
    check(b)


def test_own_allies_barred_spells_barred_and_allies_limit():
    loner = card(15, "T Loner", CardType.HERO, level=5, effects=(Effect(E.OWN_ALLIES_BARRED),))
    silencer = card(16, "T Silencer", CardType.MONSTER, level=7, world=World.NO_WORLD,
                    effects=(Effect(E.SPELLS_BARRED),))
    gatekeeper = card(17, "T Gatekeeper", CardType.HERO, level=6,
                      effects=(Effect(E.ALLIES_LIMIT, amount=1),))
    e = make_engine(loner, silencer, gatekeeper)
    # The Loner takes no allies on its own side: only the Punch.
    b = start(e, ["T/15", "Militia", "Punch"], ["Griffon"], attacker="T Loner")
    assert b.legal_labels(0) == ["Play hand 1", PASS]
    # The Silencer forbids the opposing Mage its spells: only the Squire.
    b = start(e, ["Mage", "Bolt", "Squire"], ["T/16"], attacker="Mage", defender="T Silencer")
    assert b.legal_labels(0) == ["Play hand 1", PASS]
    # The Gatekeeper lets the attacker play one ally per round.
    b = start(e, ["Knight", "Squire", "Militia"], ["T/17"], defender="T Gatekeeper")
    assert b.legal_labels(0) == ["Play hand 0", "Play hand 1", PASS]
    b.play(0, "Squire")  # 6 vs 6, still losing, and the Militia is barred now: round over
    assert b.b.outcome == "repelled" and b.b.winner == 1
    check(b)


def _builtin(key: str):
    """A real card of the built-in pack (compiled from the CrossFire text)."""
    from combatzoo.envs.spellfire.battle.config import SpellfireConfig
    from combatzoo.envs.spellfire.battle.deal import load_source

    return load_source(SpellfireConfig()).cards[key]


def test_dispel_magic_cancels_the_spell_the_other_side_played_last():
    # 1st/346 Dispel Magic, a wizard spell (Def/3/4): "Cancels the effect of any spell."
    dispel = _builtin("1st/346")
    assert [e.kind for e in dispel.effects] == [E.CANCEL_SPELL]
    e = make_engine(dispel)
    # Mage 4 vs Priest 3 on Walls (+2) = 5.
    b = start(e, ["Mage", "1st/346", "Militia"], ["Priest", "Blessing"], attacker="Mage",
              defender="Priest", realm="Walls")
    b.play(0, "Militia")  # 6 vs 5
    b.play(1, "Blessing")  # 6 vs 7
    b.play(0, "Dispel Magic")  # the Blessing is cancelled: 6 vs 5
    assert [ev.data["cancelled"] for ev in b.find("spell_cancelled")] == ["PR/51"]
    assert b.totals() == [6, 5]
    # The defender has nothing left: the round is the attacker's.
    assert b.b.outcome == "razed" and b.b.winner == 0
    assert sorted(b.names(1, "discard")) == ["Practice Blessing", "Practice Priest"]
    check(b)
    # With no opposing spell in the round, it cancels nothing (and never one's own spell).
    b = start(e, ["Mage", "1st/346", "Bolt"], ["Knight"], attacker="Mage", defender="Knight")
    b.play(0, "Dispel Magic")
    assert not b.find("spell_cancelled") and b.totals() == [4, 5]


CROSSFIRE = (Path(__file__).resolve().parents[3] / ".." / "shared" / "data" / "crossfire").resolve()
ANAVIAS = (Effect(E.NEGATE_HOLDINGS, condition=Condition(When.ATTACKING)),)
"""1st/262 Anavias, hero 7: "When attacking, psionically negates the power of all enemy
holdings for the duration of battle." (as the compiler reads it)"""


@pytest.mark.skipif(not (CROSSFIRE / "DataBase").is_dir(),
                    reason=f"CrossFire data not found at {CROSSFIRE}")
def test_anavias_compiles_to_negate_holdings_when_attacking():
    from combatzoo.envs.spellfire.battle.config import SpellfireConfig
    from combatzoo.envs.spellfire.battle.deal import load_source

    anavias = load_source(SpellfireConfig(crossfire=str(CROSSFIRE))).cards["1st/262"]
    assert anavias.name == "Anavias" and anavias.effects == ANAVIAS


def test_anavias_negates_the_holding_of_the_realm_it_attacks():
    anavias = card(18, "T Anavias", CardType.HERO, level=7, effects=ANAVIAS)
    e = make_engine(anavias)
    # Griffon 6 defends Vale, whose Watchtower gives +2 when defending: 8 against a Knight 5.
    b = start(e, ["Knight"], ["Griffon"], realm=("Vale", False, "Watchtower"))
    assert b.totals() == [5, 8]
    assert "Practice Watchtower" in b.find("activation")[0].text
    # Against Anavias the Watchtower has no power: 7 vs 6, and it does not activate.
    b = start(e, ["T/18"], ["Griffon"], attacker="T Anavias",
              realm=("Vale", False, "Watchtower"))
    assert b.totals() == [7, 6]
    assert "Watchtower" not in b.find("activation")[0].text
    assert b.b.outcome == "razed" and b.b.winner == 0
    assert b.names(1, "discard") == ["Practice Griffon", "Practice Watchtower"]
    check(b)
