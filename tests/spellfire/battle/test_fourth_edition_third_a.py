"""The 4th Edition, third pass, part a (issue 13, c4th3a): real cards numbered 4th/1 to 4th/177
whose printed powers now compile, played in scripted battles and checked against their text.

Cards are read from the CrossFire data (``../shared/data/crossfire``); a test skips without it.
Totals are worked out in the comments from the practice cards (``battle_helpers``): Knight hero
5, Mage wizard 4 (immune to offensive spells), Priest cleric 3, Griffon flying monster 6, Militia
ally +2, Giant ally +4, Squire ally +1, Sword magical item +2 (no mark), Bolt wizard spell +3
(Off), Blessing cleric spell +2 (Def); the Vale is a realm with no power.
"""

from __future__ import annotations

from dataclasses import replace

from combatzoo.envs.spellfire.cards.cards import CardType, Mark, World
from combatzoo.envs.spellfire.cards.effects import Condition, Effect, EffectKind

from .battle_helpers import battle, card, check, make_engine, side
from .test_card_powers import real
from .test_card_powers_more import plays

RAURIN, FOREST_RIDGE, BLACKSTAFF = "4th/11", "4th/34", "4th/74"
GROVNEKEVIC, BALANCE, ASSAULT, BRAVE_HEART = "4th/108", "4th/145", "4th/146", "4th/153"
MONASTERY, CALL_TO_ARMS, MONSTROUS = "4th/72", "4th/141", "4th/148"
REORXCROWN, DELVING, NAGAWATER, PARAPET = "4th/53", "4th/55", "4th/78", "4th/84"
UNDERKRYNN, SPINDRIFT, LAIR, VALACHAN = "UD/3", "4th/23", "4th/68", "RL/12"
EURIPIS, UR_DRAXA, BLUET_SPUR, DRAGONS_CROWN = "4th/30", "4th/32", "4th/59", "4th/39"
JAGGED_CLIFFS, AMBUSH, POINTS_EAST, ARKHOLD = "4th/37", "4th/152", "4th/101", "4th/94"
ADDERSWAMP, BLACK_SPEAR, MOONWELL = "4th/81", "4th/46", "4th/77"
KEEP_OF_THE_DEAD = "4th/117"

DAGGER = card(1, "T Dagger", CardType.MAGICAL_ITEM, bonus=3, mark=Mark.OFF)
BRUTE = card(2, "T Brute", CardType.ALLY, bonus=2,
             effects=(Effect(EffectKind.GAIN_LEVELS, amount=3),))
WARD = card(4, "T Ward", CardType.WIZARD_SPELL, bonus=2, mark=Mark.DEF)
ELF = card(5, "T Elf", CardType.HERO, level=4, attributes=(14,))
QUAKE = card(6, "T Quake", CardType.EVENT, world=World.NO_WORLD,
             effects=(Effect(EffectKind.RAZE_REALM),))
RAGE = card(7, "T Rage", CardType.BLOOD_ABILITY, bonus=2, mark=Mark.OFF)
AVATAR = replace(card(8, "T Avatar", CardType.HERO, level=9), avatar=True)
TITAN = card(9, "T Titan", CardType.HERO, level=9)
KRYNN = card(10, "T Krynn", CardType.REALM, world=World.DRAGONLANCE)
SEAL = card(11, "T Seal", CardType.ALLY, bonus=3, attributes=(37,))
FIRESTORM = card(12, "T Firestorm", CardType.WIZARD_SPELL, mark=Mark.OFF,
                 effects=(Effect(EffectKind.RAZE_REALM),))
SKYMAGE = card(13, "T Skymage", CardType.WIZARD, level=4, attributes=(16,))
ELFBANE = card(15, "T Elfbane", CardType.ALLY, bonus=1, effects=(
    Effect(EffectKind.GAIN_LEVELS, amount=3, condition=Condition(vs_attributes=(14,))),))
EYEBANE = card(16, "T Eyebane", CardType.ALLY, bonus=1, effects=(
    Effect(EffectKind.GAIN_LEVELS, amount=3, condition=Condition(vs_attributes=(3,))),))
ISLE = card(17, "T Isle", CardType.REALM, level=8, effects=(
    Effect(EffectKind.DEFEND_AS, amount=8, champion_type=int(CardType.WIZARD)),))
WAND = card(18, "T Wand", CardType.MAGICAL_ITEM, bonus=1, effects=(
    Effect(EffectKind.MAY_USE, uses=("d19", "o19")),))
SPUR = card(19, "T Spur", CardType.REALM, level=6, effects=(
    Effect(EffectKind.DEFEND_AS, amount=6, champion_type=int(CardType.MONSTER)),))
CRAG = card(20, "T Crag", CardType.REALM, level=7, effects=(
    Effect(EffectKind.DEFEND_AS, amount=7, champion_type=int(CardType.MONSTER)),))
HALFLING = card(21, "T Halfling", CardType.HERO, level=2, attributes=(21,))
HOBBIT = card(22, "T Hobbit", CardType.ALLY, bonus=1, attributes=(21,))
SMITE = card(23, "T Smite", CardType.CLERIC_SPELL, bonus=3, mark=Mark.OFF)
CURSE = card(24, "T Curse", CardType.EVENT, world=World.NO_WORLD, attributes=(22,),
             effects=(Effect(EffectKind.OPPONENT_LOSES, amount=3),))
CATACLYSM = card(25, "T Cataclysm", CardType.EVENT, world=World.NO_WORLD, attributes=(22,),
                 effects=(Effect(EffectKind.DISCARD_REALM),))
KEEP = card(14, "T Keep", CardType.REALM, level=5, world=World.GREYHAWK, effects=(
    Effect(EffectKind.DEFEND_AS, amount=5, champion_type=int(CardType.HERO)),))


def attacks(b) -> list[str]:
    """The realms the attacker is offered to attack."""
    return [x.removeprefix("Attack realm ") for x in b.legal_labels(b.state.attacker)
            if x.startswith("Attack")]


# --- events lasting "until the end of this player's next turn": the battle ----------------------


def test_assault_of_magic_doubles_its_players_spells():
    # Assault of Magic (event): "all spells cast by his champions are double in level." The Mage
    # (4) casts the Bolt (+3): 7; the Priest (3) casts the Blessing (+2) and plays the Giant
    # (+4): 9. The Mage's Assault doubles the Bolt: 4 + 6 = 10; the Priest's Blessing stays +2.
    assault, = real(ASSAULT)
    b = battle(make_engine(assault), side(realms=["Vale"], hand=["Mage", "Bolt", ASSAULT]),
               side(realms=["Vale"], hand=["Priest", "Blessing", "Giant"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Priest")
    b.play(1, "Blessing")
    assert b.totals() == [4, 5]
    b.play(0, "Bolt")
    assert b.totals() == [7, 5]
    b.play(1, "Giant")
    assert b.totals() == [7, 9]
    b.play(0, "Assault of Magic")
    assert b.totals() == [10, 9]
    check(b)


def test_brave_heart_shields_its_champion_from_offensive_spells_and_items():
    # Brave Heart (event): "this player's champions are immune to offensive spells and magical
    # items". The Mage carries the Sword (+2, no mark) and the Dagger (+3, Off): 9 against the
    # Priest's 3. The Priest's Brave Heart takes the Dagger away: 6; his Giant: 6 to 7. The
    # Mage's Bolt (+3, Off) then has no effect: still 6 to 7.
    brave, = real(BRAVE_HEART)
    b = battle(make_engine(brave, DAGGER),
               side(realms=["Vale"], pool=[("Mage", ["Sword", "T/1"])], hand=["Bolt"]),
               side(realms=["Vale"], hand=["Priest", BRAVE_HEART, "Giant"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage", zone="pool")
    b.present(1, "Priest")
    assert b.totals() == [9, 3]
    b.play(1, "Brave Heart")
    assert b.totals() == [6, 3]
    b.play(1, "Giant")
    assert b.totals() == [6, 7]
    b.play(0, "Bolt")
    assert b.totals() == [6, 7]
    check(b)


def test_balance_of_power_leaves_the_other_allies_their_bonus_only():
    # Balance of Power (event): "only his allies retain their special abilities. All other
    # allies have only their level bonus." The Brute is a +2 ally that gains 3 levels. The
    # Priest (3) plays one: 3 + 5 = 8 to the Knight's 5; the Knight plays one: 10 to 8. The
    # Priest's Balance of Power leaves the Knight's Brute its +2: 7 to 8 (his own keeps +5).
    balance, = real(BALANCE)
    b = battle(make_engine(balance, BRUTE), side(realms=["Vale"], hand=["Knight", "T/2"]),
               side(realms=["Vale"], hand=["Priest", "T/2", BALANCE], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Priest")
    b.play(1, "T Brute")
    assert b.totals() == [5, 8]
    b.play(0, "T Brute")
    assert b.totals() == [10, 8]
    b.play(1, "Balance of Power")
    assert b.totals() == [7, 8]
    check(b)


# --- realms and holdings ------------------------------------------------------------------------


def test_blackstaff_tower_bars_offensive_wizard_spells_against_its_defenders():
    # Blackstaff Tower (holding, +3): "counts as a +3 ally. No offensive wizard spells may be
    # played against champions defending the attached realm. Defending wizards gain 3 levels."
    # The defending Mage: 4 + 3 + 3 = 10 against the attacking Mage's 4. The attacker is
    # offered its Ward (a (Def) wizard spell) and not its Bolt (Off); at a bare Vale, both.
    tower, = real(BLACKSTAFF)
    e = make_engine(tower, WARD)
    for realm, totals, offered in (
            (("Vale", False, BLACKSTAFF), [4, 10], {"T Ward"}),
            ("Vale", [4, 4], {"T Ward", "Bolt"})):
        b = battle(e, side(realms=["Vale"], hand=["Mage", "Bolt", "T/4"]),
                   side(realms=[realm], hand=["Mage"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Mage")
        b.present(1, "Mage")
        assert b.totals() == totals
        if totals[0] <= totals[1]:
            assert plays(b, 0) == offered, realm
        check(b)


def test_grovnekevic_forest_admits_only_elves_among_heroes_wizards_and_clerics():
    # Grovnekevic Forest (holding): "Heroes, wizards, and clerics who are not elves cannot attack
    # the attached realm." The Knight (hero) and the Mage (wizard) may not attack it; the Elf (a
    # hero) and the Griffon (a monster) may; at the bare Vale the Knight may. "Any elf defending
    # the attached realm gains 3 levels": the Elf (4) defending it against the Knight: 7 to 5.
    forest, = real(GROVNEKEVIC)
    e = make_engine(forest, ELF)
    guarded = ("Vale", False, GROVNEKEVIC)
    for pool, realm, offered in ((["Knight"], guarded, []), (["Mage"], guarded, []),
                                 (["T/5"], guarded, ["A"]), (["Griffon"], guarded, ["A"]),
                                 (["Knight"], "Vale", ["A"])):
        b = battle(e, side(realms=["Vale"], pool=pool), side(realms=[realm], hand=["Mage"]))
        assert attacks(b) == offered, (pool, realm)
    b = battle(e, side(realms=["Vale"], pool=["Griffon"], hand=["Knight"]),
               side(realms=["Vale", guarded], hand=["T/5"], draw=["Squire"]))
    b.attack("B")
    b.present(0, "Griffon", zone="pool")
    b.present(1, "T Elf")
    assert b.totals() == [6, 7]
    check(b)


def test_raurin_discards_the_champion_that_razes_it():
    # Raurin (realm): "If Raurin is razed, the attacking champion must be discarded." The Knight
    # (5) beats the Priest (3): Raurin is razed, the attacker draws its spoils (the Squire, to
    # the hand), then the Knight goes to the discard pile (seed 001: after the battle). At the
    # Vale the Knight returns to the pool. A declined defence razes Raurin too.
    raurin, = real(RAURIN)
    e = make_engine(raurin)
    for realm, pool, discard in ((RAURIN, [], ["Practice Knight"]),
                                 ("Vale", ["Practice Knight"], [])):
        b = battle(e, side(realms=["Vale"], pool=["Knight"], draw=["Squire"]),
                   side(realms=[realm], hand=["Priest"], draw=["Militia"]))
        b.attack("A")
        b.present(0, "Knight", zone="pool")
        b.present(1, "Priest")  # nothing left to play: the round is over
        assert b.b.outcome == "razed" and b.state.players[1].razed[0]
        assert b.names(0, "hand") == ["Practice Squire"]
        assert b.pool_names(0) == pool and b.names(0, "discard") == discard, realm
        check(b)
    b = battle(e, side(realms=["Vale"], pool=["Knight"], draw=["Squire"]),
               side(realms=[RAURIN], hand=["Priest"], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.decline()
    assert b.state.players[1].razed[0] and b.names(0, "discard") == ["Practice Knight"]
    check(b)


def test_raurin_razed_by_card_play_discards_the_attacker_and_the_forest_ridge_does_not():
    # Raurin: "if Raurin is razed" -- by the attacker's Quake (an event that razes the attacked
    # realm: the battle ends, seed 001) too: the Knight is discarded. The Forest Ridge: "if
    # razed through combat": the Quake's razing leaves the Knight in the pool; a round won
    # discards it ("consumed by feral halflings and is discarded").
    raurin, ridge = real(RAURIN, FOREST_RIDGE)
    e = make_engine(raurin, ridge, QUAKE)
    for realm, pool in ((RAURIN, []), (FOREST_RIDGE, ["Practice Knight"])):
        b = battle(e, side(realms=["Vale"], pool=["Knight"], hand=["T/6"], draw=["Squire"]),
                   side(realms=[realm], hand=["Mage", "Giant"], draw=["Militia"]))
        b.attack("A")
        b.present(0, "Knight", zone="pool")
        b.present(1, "Mage")
        b.play(1, "Giant")
        b.play(0, "T Quake")
        assert b.b.outcome == "razed" and b.state.players[1].razed[0]
        assert b.pool_names(0) == pool, realm
        check(b)
    b = battle(e, side(realms=["Vale"], pool=["Knight"], draw=["Squire"]),
               side(realms=[FOREST_RIDGE], hand=["Priest"], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Priest")
    assert b.b.outcome == "razed" and b.pool_names(0) == []
    assert b.names(0, "discard") == ["Practice Knight"]
    check(b)


def test_call_to_arms_lets_its_heroes_use_psionic_powers_and_blood_abilities():
    # Call to Arms (event): "his heroes may all use psionic power cards and blood abilities."
    # The Knight (5, a hero) against the Griffon (6) is offered the Call to Arms only; once it
    # is played, the Mind Blast (psionic +3, Off) and the Rage (blood ability +2, Off) too:
    # the Mind Blast makes 8 to 6. The Mage (not a hero) is offered neither after it.
    call, = real(CALL_TO_ARMS)
    e = make_engine(call, RAGE)
    b = battle(e, side(realms=["Vale"], hand=["Knight", CALL_TO_ARMS, "Mind Blast", "T/7"]),
               side(realms=["Vale"], hand=["Griffon"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Griffon")
    assert plays(b, 0) == {"Call to Arms"}
    b.play(0, "Call to Arms")
    assert plays(b, 0) == {"Mind Blast", "T Rage"}
    b.play(0, "Mind Blast")
    assert b.totals() == [8, 6]
    check(b)
    b = battle(e, side(realms=["Vale"], hand=["Mage", CALL_TO_ARMS, "Mind Blast", "T/7"]),
               side(realms=["Vale"], hand=["Griffon"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Griffon")
    b.play(0, "Call to Arms")
    assert plays(b, 0) == set()
    check(b)


def test_monstrous_intervention_stops_an_attack_by_anything_but_a_monster():
    # Monstrous Intervention (event): "only monsters can attack." Played by the Mage (4)
    # defending against the Knight (5): the Knight may not attack, the battle ends with no
    # victor (as a wall); against the Griffon (6, a monster) it changes nothing: 6 to 4.
    monstrous, = real(MONSTROUS)
    e = make_engine(monstrous)
    for attacker, over in (("Knight", True), ("Griffon", False)):
        b = battle(e, side(realms=["Vale"], pool=[attacker], draw=["Squire"]),
                   side(realms=["Vale"], hand=["Mage", MONSTROUS, "Militia"], draw=["Squire"]))
        b.attack("A")
        b.present(0, attacker, zone="pool")
        b.present(1, "Mage")
        b.play(1, "Monstrous Intervention")
        if over:
            assert b.b.outcome == "ended" and b.b.winner is None
            assert not b.state.players[1].razed[0] and b.pool_names(0) == ["Practice Knight"]
        else:
            assert b.b.step != "over" and b.totals() == [6, 4]
        check(b)


def test_the_monastery_halves_attacking_avatars():
    # Monastery of Perdien the Damned (realm): "Clerics refuse to attack this realm. Avatars who
    # attack this realm are halved in base level." The Avatar (9) attacks at 4 against the
    # Knight's 5; the Titan (9, not an avatar) at 9; at the Vale the Avatar counts 9. The
    # Priest (a cleric) may not attack the Monastery.
    monastery, = real(MONASTERY)
    e = make_engine(monastery, AVATAR, TITAN)
    for attacker, realm, totals in (("T/8", MONASTERY, [4, 5]), ("T/9", MONASTERY, [9, 5]),
                                    ("T/8", "Vale", [9, 5])):
        b = battle(e, side(realms=["Vale"], pool=[attacker]),
                   side(realms=[realm], hand=["Knight"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "T Avatar" if attacker == "T/8" else "T Titan", zone="pool")
        b.present(1, "Knight")
        assert b.totals() == totals, (attacker, realm)
        check(b)
    b = battle(e, side(realms=["Vale"], pool=["Priest"]), side(realms=[MONASTERY], hand=["Knight"]))
    assert attacks(b) == []


def test_the_delving_is_not_opened_by_an_underdark_realm():
    # The Delving (realm, +5): "act as a +5 ally to any champion defending this realm. Because
    # of the dwarves, the Delving is immune to attack via Underdark realms." The attacker's
    # UnderKrynn opens the defender's Dragonlance realms ("regardless of position"): the Krynn
    # (B, behind the Vale) may be attacked, The Delving (a Dragonlance realm) in B may not.
    delving, underkrynn = real(DELVING, UNDERKRYNN)
    e = make_engine(delving, underkrynn, KRYNN)
    for realm, slots in (("T/10", ["A", "B"]), (DELVING, ["A"])):
        b = battle(e, side(realms=[UNDERKRYNN], pool=["Knight"]),
                   side(realms=["Vale", realm, "Vale"], hand=["Mage"]))
        assert attacks(b) == slots, realm
    # Attacked in front, the dwarves are its +5: the Mage defends at 9 against the Knight's 5.
    b = battle(e, side(realms=["Vale"], pool=["Knight"]),
               side(realms=[DELVING], hand=["Mage"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Mage")
    assert b.totals() == [5, 9]
    check(b)


def test_nagawater_destroys_every_swimming_ally():
    # Nagawater (holding, +4): "acts as a +4 ally to champions defending the attached realm. The
    # naga instantly destroys all swimming allies." On the Vale the Mage defends at 4 + 4 = 8
    # against the Knight (5): the Knight is offered the Militia and the Giant, not the Seal (a
    # swimming ally); with the Giant, 9 to 8, the Mage is offered the Squire, not its own Seal.
    # At the bare Walls (+2: the Mage at 6) both Seals are offered.
    naga, = real(NAGAWATER)
    e = make_engine(naga, SEAL)
    for realm, mage, offered in ((("Vale", False, NAGAWATER), 8, ({"Militia", "Giant"},
                                                                  {"Squire"})),
                                 ("Walls", 6, ({"Militia", "Giant", "T Seal"},
                                               {"Squire", "T Seal"}))):
        b = battle(e, side(realms=["Vale"], pool=["Knight"], hand=["Militia", "Giant", "T/11"]),
                   side(realms=[realm], hand=["Mage", "Squire", "T/11"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight", zone="pool")
        b.present(1, "Mage")
        assert b.totals() == [5, mage]
        assert plays(b, 0) == offered[0], realm
        b.play(0, "Giant")
        assert b.totals() == [9, mage]
        assert plays(b, 1) == offered[1], realm
        check(b)


def test_reorxcrown_mountains_admit_flyers_and_shrug_off_offensive_wizard_spells():
    # Reorxcrown Mountains (realm): "can be attacked only by flyers or dwarves and is immune to
    # offensive wizard spells." The Knight may not attack it, the Skymage (a flying wizard) may.
    # Losing to the Knight (5 to 4), the Skymage casts the Firestorm (an (Off) wizard spell that
    # razes the attacked realm): the mountains stand and the Knight wins (the Skymage has no
    # more cards); a Vale is razed.
    mountains, = real(REORXCROWN)
    e = make_engine(mountains, FIRESTORM, SKYMAGE)
    for pool, slots in ((["Knight"], []), (["T/13"], ["A"])):
        b = battle(e, side(realms=["Vale"], pool=pool), side(realms=[REORXCROWN], hand=["Mage"]))
        assert attacks(b) == slots, pool
    for realm, razed in ((REORXCROWN, False), ("Vale", True)):
        b = battle(e, side(realms=["Vale"], pool=["T/13"], hand=["T/12"]),
                   side(realms=[realm], hand=["Knight"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "T Skymage", zone="pool")
        b.present(1, "Knight")
        b.play(0, "T Firestorm")
        assert b.state.players[1].razed[0] is razed, realm
        assert b.b.outcome == ("razed" if razed else "repelled")
        check(b)


def test_fortification_parapet_shields_its_players_greyhawk_realms_from_offensive_spells():
    # Fortification: Parapet (holding, on the Vale in B): "This player's Greyhawk realms are
    # immune to offensive spells." The Keep (A, a Greyhawk realm defending itself as a level 5
    # hero) against the Mage (4): the Mage's Bolt (+3, Off) has no effect on it, 4 to 5, and
    # its Firestorm (Off, razes the attacked realm) does not raze it: the Keep wins the round
    # (the Mage has no more cards). Without the Parapet the
    # Bolt makes 7 to 5. A Vale (a Forgotten Realms realm) carrying the Parapet is razed.
    parapet, = real(PARAPET)
    e = make_engine(parapet, FIRESTORM, KEEP)
    for holding, bolted in ((PARAPET, [4, 5]), (None, [7, 5])):
        b = battle(e, side(realms=["Vale"], pool=["Mage"], hand=["Bolt", "T/12"]),
                   side(realms=["T/14", ("Vale", False, holding)], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Mage", zone="pool")
        b.step(player_1="Let the realm defend itself")
        assert b.totals() == [4, 5]
        b.play(0, "Bolt")
        assert b.totals() == bolted, holding
        if holding:
            b.play(0, "T Firestorm")
            assert not b.state.players[1].razed[0] and b.b.outcome == "repelled"
        check(b)
    b = battle(e, side(realms=["Vale"], pool=["Mage"], hand=["T/12"]),
               side(realms=[("Vale", False, PARAPET)], hand=["Knight"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage", zone="pool")
    b.present(1, "Knight")
    b.play(0, "T Firestorm")
    assert b.state.players[1].razed[0] and b.b.outcome == "razed"
    check(b)


def test_spindrift_isles_defend_as_an_elf_wizard():
    # Spindrift Isles (realm): "can be attacked only by flyers or swimmers. It can defend itself
    # as a level 8 elf wizard." The Griffon (6, a flyer) attacks; the isles defend themselves
    # at 8. The Griffon's Elfbane (+1, and 3 more against an elf) makes 10 to 8; against the
    # Isle (a level 8 wizard realm, no race) 7 to 8. The Knight may not attack the isles.
    spindrift, = real(SPINDRIFT)
    e = make_engine(spindrift, ELFBANE, ISLE)
    for realm, totals in ((SPINDRIFT, [10, 8]), ("T/17", [7, 8])):
        b = battle(e, side(realms=["Vale"], pool=["Griffon"], hand=["T/15"]),
                   side(realms=[realm], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Griffon", zone="pool")
        b.step(player_1="Let the realm defend itself")
        assert b.totals() == [6, 8]
        b.play(0, "T Elfbane")
        assert b.totals() == totals, realm
        check(b)
    b = battle(e, side(realms=["Vale"], pool=["Knight"]), side(realms=[SPINDRIFT]))
    assert attacks(b) == []


def test_the_lair_of_the_eye_tyrant_is_defended_by_its_beholder_alone():
    # Lair of the Eye Tyrant (realm, level 15): "This realm is defended by a beholder of
    # monstrous size. The level 15 monster can cast wizard spells and is immune to offensive
    # magical items. No other champion can defend this realm." The defender may not present
    # the Mage; the realm defends itself: the Knight with the Dagger (+3, Off) counts 5 to 15;
    # its Eyebane (+1, and 3 more against a beholder) makes 9 to 15.
    lair, = real(LAIR)
    e = make_engine(lair, DAGGER, EYEBANE)
    b = battle(e, side(realms=["Vale"], pool=[("Knight", ["T/1"])], hand=["T/16"]),
               side(realms=[LAIR], hand=["Mage"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    labels = b.legal_labels(1)
    assert "Let the realm defend itself" in labels
    assert not any(x.startswith("Champion from") for x in labels)
    b.step(player_1="Let the realm defend itself")
    assert b.totals() == [5, 15]
    b.play(0, "T Eyebane")
    assert b.totals() == [9, 15]
    check(b)


def test_euripis_admits_only_spellcasters():
    # Euripis (realm): "Only champions able to cast spells can attack Euripis. Swimmers cannot
    # attack this realm." The Mage (a wizard) and the Priest (a cleric) may attack it; the
    # Knight may not, unless he carries the Wand (a magical item whose champion may cast
    # wizard spells); the Griffon (a monster) may not.
    euripis, = real(EURIPIS)
    e = make_engine(euripis, WAND)
    for pool, slots in ((["Mage"], ["A"]), (["Priest"], ["A"]), (["Knight"], []),
                        ([("Knight", ["T/18"])], ["A"]), (["Griffon"], [])):
        b = battle(e, side(realms=["Vale"], pool=pool), side(realms=[EURIPIS], hand=["Mage"]))
        assert attacks(b) == slots, pool


def test_ur_draxa_bars_armed_attackers_and_shields_its_players_champions_from_psionics():
    # Ur Draxa (realm): "This player and his champions are immune to offensive psionic powers.
    # Champions with attached artifacts or magical items cannot attack this realm, though they
    # can be added during battle." The Knight carrying the Sword may not attack it; bare, he
    # may, and against the Mage with the Giant (8) his Sword played in the battle counts: 7.
    ur_draxa, = real(UR_DRAXA)
    e = make_engine(ur_draxa)
    for pool, slots in (([("Knight", ["Sword"])], []), (["Knight"], ["A"])):
        b = battle(e, side(realms=["Vale"], pool=pool), side(realms=[UR_DRAXA], hand=["Mage"]))
        assert attacks(b) == slots, pool
    b = battle(e, side(realms=["Vale"], pool=["Knight"], hand=["Sword"]),
               side(realms=[UR_DRAXA], hand=["Mage", "Giant"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Mage")
    b.play(1, "Giant")
    b.play(0, "Sword")
    assert b.totals() == [7, 8]
    check(b)
    # Its player's Knight defends the Vale (A; Ur Draxa stands in B) against the Seer (4): the
    # Seer's Mind Blast (psionic +3, Off) has no effect, 4 to 5; without Ur Draxa, 7 to 5.
    for realms, totals in ((["Vale", UR_DRAXA], [4, 5]), (["Vale", "Vale"], [7, 5])):
        b = battle(e, side(realms=["Vale"], hand=["Seer", "Mind Blast"]),
                   side(realms=realms, hand=["Knight"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Seer")
        b.present(1, "Knight")
        b.play(0, "Mind Blast")
        assert b.totals() == totals, realms
        check(b)


def test_bluet_spur_defends_as_a_monster_casting_wizard_spells_and_psionics():
    # Bluet Spur (realm, level 6): "Bluet Spur cannot be attacked by flyers. It can defend itself
    # as a level 6 monster that can cast wizard spells and use psionic power cards." The
    # Griffon (a flyer) may not attack it. The Knight (5) with the Militia (+2) leads 7 to 6;
    # the realm is offered the Bolt (a wizard spell) and the Mind Blast (a psionic power): the
    # Bolt makes 7 to 9. The Spur (a level 6 monster realm, no such power) is offered neither.
    spur, = real(BLUET_SPUR)
    e = make_engine(spur, SPUR)
    b = battle(e, side(realms=["Vale"], pool=["Griffon"]), side(realms=[BLUET_SPUR]))
    assert attacks(b) == []
    for realm, offered in ((BLUET_SPUR, {"Bolt", "Mind Blast", "Squire"}), ("T/19", {"Squire"})):
        b = battle(e, side(realms=["Vale"], pool=["Knight"], hand=["Militia"]),
                   side(realms=[realm], hand=["Bolt", "Mind Blast", "Squire"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight", zone="pool")
        b.step(player_1="Let the realm defend itself")
        b.play(0, "Militia")
        assert b.totals() == [7, 6]
        assert plays(b, 1) == offered, realm
        if realm == BLUET_SPUR:
            b.play(1, "Bolt")
            assert b.totals() == [7, 9]
        check(b)


def test_dragons_crown_mountain_shields_its_players_dragons_and_itself():
    # Dragon's Crown Mountain (realm, level 7): "All dragon champions of this player are immune
    # to offensive spells and offensive psionic power cards. The realm can defend itself as a
    # level 7 monster (dragon)." With the mountain in B, its player's Wyrm (8, a dragon)
    # defends the Vale (A) against the Mage: the Bolt (+3, Off) has no effect, 4 to 8; the
    # Knight (5) defending, it counts: 7 to 5.
    crown, = real(DRAGONS_CROWN)
    e = make_engine(crown, CRAG)
    for defender, totals in (("Wyrm", [4, 8]), ("Knight", [7, 5])):
        b = battle(e, side(realms=["Vale"], pool=["Mage"], hand=["Bolt"]),
                   side(realms=["Vale", DRAGONS_CROWN], hand=[defender], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Mage", zone="pool")
        b.present(1, defender)
        b.play(0, "Bolt")
        assert b.totals() == totals, defender
        check(b)
    # [decided] the mountain defending itself is a dragon champion of its player: the Bolt has
    # no effect on it, 4 to 7; against the Crag (a level 7 monster realm, no race) 7 to 7.
    for realm, totals in ((DRAGONS_CROWN, [4, 7]), ("T/20", [7, 7])):
        b = battle(e, side(realms=["Vale"], pool=["Mage"], hand=["Bolt"]),
                   side(realms=[realm], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Mage", zone="pool")
        b.step(player_1="Let the realm defend itself")
        b.play(0, "Bolt")
        assert b.totals() == totals, realm
        check(b)


def test_the_jagged_cliffs_triple_their_halfling_defenders():
    # The Jagged Cliffs (realm, level 3): "Any halflings played in defense of the Jagged Cliffs
    # are tripled in base level. The realm can defend itself as a level 3 halfling hero." The
    # Halfling (hero 2) defends at 6 against the Knight (5); the Knight's Giant makes 9 to 6;
    # the Hobbit (a +1 halfling ally) adds 3: 9 to 9. At the Vale: 5 to 2, the Hobbit adds 1.
    # [decided] The realm defending itself is not "played": it fights at 3; the Hobbit played
    # with it is: 3 + 3 = 6.
    cliffs, = real(JAGGED_CLIFFS)
    e = make_engine(cliffs, HALFLING, HOBBIT)
    b = battle(e, side(realms=["Vale"], pool=["Knight"], hand=["Giant"]),
               side(realms=[JAGGED_CLIFFS], hand=["T/21", "T/22"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "T Halfling")
    assert b.totals() == [5, 6]
    b.play(0, "Giant")
    b.play(1, "T Hobbit")
    assert b.totals() == [9, 9]
    check(b)
    b = battle(e, side(realms=["Vale"], pool=["Knight"]),
               side(realms=["Vale"], hand=["T/21", "T/22"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "T Halfling")
    b.play(1, "T Hobbit")
    assert b.totals() == [5, 3]
    check(b)
    b = battle(e, side(realms=["Vale"], pool=["Knight"]),
               side(realms=[JAGGED_CLIFFS], hand=["T/22"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.step(player_1="Let the realm defend itself")
    assert b.totals() == [5, 3]
    b.play(1, "T Hobbit")
    assert b.totals() == [5, 6]
    check(b)


def test_ambush_defeats_the_opposing_champion_for_a_losing_side():
    # Ambush (event): "If on the losing side of a battle, this event allows this player to lay
    # down enough cards to defeat the opposing champion. That champion is automatically
    # defeated and is discarded." The Priest (3), losing to the Knight (5), plays it: the
    # Knight is discarded, the attack repelled (seed 001: the defender draws the spoils).
    ambush, = real(AMBUSH)
    e = make_engine(ambush, CRAG)
    b = battle(e, side(realms=["Vale"], pool=["Knight"], draw=["Militia"]),
               side(realms=["Vale"], hand=["Priest", AMBUSH], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Priest")
    b.play(1, "Ambush")
    assert b.b.outcome == "repelled" and b.b.winner == 1
    assert b.names(0, "discard") == ["Practice Knight"] and b.pool_names(0) == []
    check(b)
    # The Knight, losing to the Wyrm (8), plays it: the Wyrm is discarded, the realm razed.
    b = battle(e, side(realms=["Vale"], pool=["Knight"], hand=[AMBUSH], draw=["Militia"]),
               side(realms=["Vale"], hand=["Wyrm"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Wyrm")
    b.play(0, "Ambush")
    assert b.b.outcome == "razed" and b.names(1, "discard") == ["Practice Wyrm"]
    check(b)
    # Against the Crag defending itself (7): the realm is defeated, razed.
    b = battle(e, side(realms=["Vale"], pool=["Knight"], hand=[AMBUSH], draw=["Militia"]),
               side(realms=["T/20"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.step(player_1="Let the realm defend itself")
    b.play(0, "Ambush")
    assert b.b.outcome == "razed" and b.state.players[1].razed[0]
    check(b)


def test_ambush_from_the_winning_side_does_nothing():
    # The Priest (3) plays the Squire (+1) and still loses, 5 to 4: the Knight's side may answer
    # with an event first; its Ambush, played while winning, defeats nobody.
    ambush, = real(AMBUSH)
    b = battle(make_engine(ambush),
               side(realms=["Vale"], pool=["Knight"], hand=[AMBUSH], draw=["Militia"]),
               side(realms=["Vale"], hand=["Priest", "Squire", "Militia"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Priest")
    b.play(1, "Squire")
    assert b.b.window and b.b.to_play == 0
    b.play(0, "Ambush")
    assert b.b.champion[1] is not None and b.totals() == [5, 4]
    assert not b.find("champion_discarded")
    check(b)


def test_points_east_trading_guild_negates_arkhold_s_extra_card():
    # Phase 1 draws 3 cards (RULES.md §1). Arkhold (holding): "Draw one extra card per turn."
    # Points East Trading Guild (holding): "This players draws one extra card per turn. Negates
    # any Arkhold holding in play." Player 0 with Arkhold draws 3 + 1 = 4; with the other
    # player's guild in play, 3; with both Arkhold and the guild, 3 + 1 (the guild's) = 4, not 5.
    from combatzoo.envs.spellfire.game.config import GameConfig
    from combatzoo.envs.spellfire.game.rules import SpellfireGameEngine

    from tests.spellfire.game.test_game_rules import table

    guild, arkhold = real(POINTS_EAST, ARKHOLD)
    eng = SpellfireGameEngine(GameConfig(pack="practice", extra_cards=(guild, arkhold)))
    arked = ("Vale", False, ARKHOLD)
    for mine, theirs, drawn in (([arked], ["Harbor"], 4),
                                ([arked], [("Harbor", False, POINTS_EAST)], 3),
                                ([arked, ("Walls", False, POINTS_EAST)], ["Harbor"], 4),
                                (["Vale", ("Walls", False, POINTS_EAST)], ["Harbor"], 4)):
        # A realm in hand: phase 2 asks player_0 to play it, so the turn stops there.
        state = table(eng, side(realms=mine, hand=["Citadel"], draw=["Squire"] * 10),
                      side(realms=theirs), phase=1)
        me = state.table.players[0]
        assert state.phase == 2
        assert len(me.hand) == 1 + drawn and len(me.draw) == 10 - drawn, (mine, theirs)


def test_adderswamp_leeches_two_levels_from_attackers():
    # Adderswamp (holding): "deadly adders, which leech away 2 levels from attacking champions
    # and allies; any reduced to 0 are discarded instantly." The Knight (5) attacks at 3
    # against the Mage (4): its Militia (+2) and Squire (+1) would be reduced to 0 (they may
    # not be played), its Giant (+4) adds 2: 5 to 4. [decided, as Ogo's] The Halfling (hero 2)
    # is reduced to 0: discarded as the round starts, the attack repelled.
    swamp, = real(ADDERSWAMP)
    e = make_engine(swamp, HALFLING)
    b = battle(e, side(realms=["Vale"], hand=["Knight", "Militia", "Squire", "Giant"]),
               side(realms=[("Vale", False, ADDERSWAMP)], hand=["Mage"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    assert b.totals() == [3, 4]
    assert plays(b, 0) == {"Giant"}
    b.play(0, "Giant")
    assert b.totals() == [5, 4]
    check(b)
    b = battle(e, side(realms=["Vale"], hand=["T/21"]),
               side(realms=[("Vale", False, ADDERSWAMP)], hand=["Mage"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "T Halfling")
    b.present(1, "Mage")
    assert b.names(0, "discard") == ["T Halfling"] and b.b.winner == 1
    check(b)


def test_black_spear_tribes_wear_the_attacker_down_card_by_card():
    # Black Spear Tribes (realm): "An attacking champion loses 1 level from his base level for
    # each card attached to him and for each card he plays in battle. If his base level is
    # reduced to 0, he is defeated and discarded." The Knight (5) carrying the Sword (+2):
    # 4 + 2 = 6 against the Mage (4); the Mage's Giant: 6 to 8; the Knight's Militia (+2):
    # 3 + 2 + 2 = 7; his Squire (+1): 2 + 2 + 2 + 1 = 7. At the Vale: 5 + 2 = 7 to 4.
    tribes, = real(BLACK_SPEAR)
    e = make_engine(tribes, HALFLING)
    for realm, first in ((BLACK_SPEAR, 6), ("Vale", 7)):
        b = battle(e, side(realms=["Vale"], pool=[("Knight", ["Sword"])],
                           hand=["Militia", "Squire"]),
                   side(realms=[realm], hand=["Mage", "Giant"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight", zone="pool")
        b.present(1, "Mage")
        assert b.totals() == [first, 4], realm
        check(b)
    b = battle(e, side(realms=["Vale"], pool=[("Knight", ["Sword"])], hand=["Militia", "Squire"]),
               side(realms=[BLACK_SPEAR], hand=["Mage", "Giant"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Mage")
    b.play(1, "Giant")
    assert b.totals() == [6, 8]
    b.play(0, "Militia")
    assert b.totals() == [7, 8]
    b.play(0, "Squire")
    assert b.totals() == [7, 8]
    check(b)
    # The Halfling (hero 2) carrying the Sword: 1 + 2 = 3 against the Mage's 4; its Squire takes
    # its last level: it is defeated and discarded, with its cards; the attack is repelled.
    b = battle(e, side(realms=["Vale"], pool=[("T/21", ["Sword"])], hand=["Squire"]),
               side(realms=[BLACK_SPEAR], hand=["Mage"], draw=["Militia"]))
    b.attack("A")
    b.present(0, "T Halfling", zone="pool")
    b.present(1, "Mage")
    assert b.totals() == [3, 4]
    b.play(0, "Squire")
    assert b.b.outcome == "repelled" and b.b.winner == 1 and b.pool_names(0) == []
    assert sorted(b.names(0, "discard")) == ["Practice Squire", "Practice Sword", "T Halfling"]
    check(b)


def test_valachan_defends_as_an_undead_champion_of_no_type():
    # Valachan (RL, realm): "Can defend itself as a level 5 undead champion (vampire)." (The
    # 4th Edition's race reading, in another set's words.) The Priest (3, and 3 more against
    # the undead) attacks it at 6 against 5; against the Crag (a level 7 monster realm, no
    # race), at 3 to 7.
    valachan, = real(VALACHAN)
    e = make_engine(valachan, CRAG)
    for realm, totals in ((VALACHAN, [6, 5]), ("T/20", [3, 7])):
        b = battle(e, side(realms=["Vale"], pool=["Priest"]), side(realms=[realm], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Priest", zone="pool")
        b.step(player_1="Let the realm defend itself")
        assert b.totals() == totals, realm
        check(b)


def test_moonwell_lets_defenders_cast_cleric_spells_and_shields_its_realm():
    # Moonwell (holding): "The attached realm can cast cleric spells and is immune to offensive
    # cleric spells and harmful events." As the Temple's words: the Knight (a hero) defending
    # the Vale with Moonwell, losing to the Griffon (6 to 5), is offered the Blessing (a cleric
    # spell); at a bare Vale he is not.
    moonwell, = real(MOONWELL)
    e = make_engine(moonwell, CRAG, SMITE, CURSE)
    for realm, offered in ((("Vale", False, MOONWELL), {"Blessing", "Militia"}),
                           ("Vale", {"Militia"})):
        b = battle(e, side(realms=["Vale"], pool=["Griffon"]),
                   side(realms=[realm], hand=["Knight", "Blessing", "Militia"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Griffon", zone="pool")
        b.present(1, "Knight")
        assert plays(b, 1) == offered, realm
        check(b)
    # The Crag (a level 7 monster realm) with Moonwell defends itself against the Priest (3):
    # the Priest's Smite (cleric +3, Off) and Curse (a harmful event, -3) have no effect: 3 to
    # 7; without Moonwell: 6 to 7, then 6 to 4.
    for holding, totals in ((MOONWELL, ([3, 7], [3, 7])), (None, ([6, 7], [6, 4]))):
        b = battle(e, side(realms=["Vale"], pool=["Priest"], hand=["T/23", "T/24"]),
                   side(realms=[("T/20", False, holding)], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Priest", zone="pool")
        b.step(player_1="Let the realm defend itself")
        b.play(0, "T Smite")
        assert b.totals() == totals[0], holding
        b.play(0, "T Curse")
        assert b.totals() == totals[1], holding
        check(b)


def test_keep_of_the_dead_is_discarded_in_its_realms_place():
    # Keep of the Dead (holding): "If something forces the attached realm to be discarded, this
    # holding is discarded instead, and the realm remains in play." The Knight (5), losing to
    # the Mage and the Giant (8), plays the Cataclysm (a harmful event that discards the
    # attacked realm): the Keep goes to the discard pile, the Vale stands and the battle goes
    # on, 5 to 8; at a bare Vale the realm is discarded and the battle is over (seed 001).
    keep, = real(KEEP_OF_THE_DEAD)
    e = make_engine(keep, CATACLYSM)
    for realm, kept in ((("Vale", False, KEEP_OF_THE_DEAD), True), ("Vale", False)):
        b = battle(e, side(realms=["Vale"], pool=["Knight"], hand=["T/25", "Militia"],
                           draw=["Squire"]),
                   side(realms=[realm], hand=["Mage", "Giant"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight", zone="pool")
        b.present(1, "Mage")
        b.play(1, "Giant")
        b.play(0, "T Cataclysm")
        assert (b.names(1, "realms")[0] == "Practice Vale") is kept, realm
        if kept:
            assert b.names(1, "holdings")[0] is None
            assert b.names(1, "discard") == ["Keep of the Dead"]
            assert b.b.step != "over" and b.totals() == [5, 8]
        else:
            assert b.b.outcome == "razed"
        check(b)
    # Played by the defender, the Cataclysm discards the attacker's first realm: with the Keep
    # on it, the Keep goes instead.
    b = battle(e, side(realms=[("Vale", False, KEEP_OF_THE_DEAD)], pool=["Knight"]),
               side(realms=["Vale"], hand=["Priest", "T/25"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Priest")
    b.play(1, "T Cataclysm")
    assert b.names(0, "realms")[0] == "Practice Vale" and b.names(0, "holdings")[0] is None
    assert b.names(0, "discard") == ["Keep of the Dead"]
    check(b)
