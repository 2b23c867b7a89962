"""The 1st Edition long tail (issue 13): real cards whose printed powers now compile, played in
scripted battles and checked against their printed text.

Cards are read from the CrossFire data (``../shared/data/crossfire``); a test skips without it.
Totals are worked out in the comments from the practice cards (``battle_helpers``): Knight hero
5, Mage wizard 4 (immune to offensive spells), Priest cleric 3 (+3 against undead), Griffon
flying monster 6, Wyrm flying dragon monster 8, Ghoul undead monster 4, Militia ally +2, Giant
ally +4, Squire ally +1, Orb artifact +3, Bolt wizard spell +3 (Off), Watchtower holding (+2
to a defender), Citadel realm (must be defeated twice); practice realms and the Knight and Orb
are of the Forgotten Realms.
"""

from __future__ import annotations

from combatzoo.envs.spellfire.cards.cards import Attribute, CardType, Mark, World
from combatzoo.envs.spellfire.cards.effects import Effect, EffectKind

from .battle_helpers import battle, card, check, make_engine, side
from .test_card_powers import real
from .test_card_powers_more import plays

RENS_BELL, TITHIAN, RARY, PROTECTION = "1st/409", "1st/301", "1st/161", "1st/360"
EGO_COIN, TREANTS, ANTI_MAGIC_SHELL = "1st/419", "1st/195", "1st/345"
BLACK_WATERS, MALATRA, MALAR, NOMADS, MIKA = "1st/246", "1st/432", "1st/89", "1st/181", "1st/165"


# --- allies_barred_from ---------------------------------------------------------------------------


def test_rens_bell_bars_allies_of_level_4_or_more():
    # Ren's Bell of Death (+3 artifact): "Allies of level 4 or higher cannot be used against the
    # champion who carries Ren's Bell of Death." The Knight carries it: 5 + 3 = 8 vs the Mage's
    # 4; the Mage may play the Militia (+2) but not the Giant (+4).
    bell, = real(RENS_BELL)
    e = make_engine(bell)
    b = battle(e, side(realms=["Vale"], pool=[("Knight", [RENS_BELL])]),
               side(realms=["Vale"], hand=["Mage", "Giant", "Militia"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Mage")
    assert b.totals() == [8, 4]
    assert plays(b, 1) == {"Militia"}
    b.play(1, "Militia")
    assert b.totals() == [8, 6]
    assert b.b.outcome == "razed" and b.b.winner == 0  # nothing more the Mage may play
    check(b)
    # Without the Bell the Giant is offered.
    b = battle(e, side(realms=["Vale"], pool=["Knight"]),
               side(realms=["Vale"], hand=["Mage", "Giant", "Militia"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Mage")
    assert plays(b, 1) == {"Militia", "Giant"}


# --- raze_at_once ---------------------------------------------------------------------------------


def test_tithian_razes_a_realm_that_must_be_defeated_twice_at_once():
    # Tithian, hero 5: "If Tithian attacks and wins a round of battle, the defending realm is
    # razed immediately." The Citadel must be defeated twice; Tithian 5 beats the Mage 4 once
    # and it is razed at once. The Knight (5) winning the same round leaves it standing.
    tithian, = real(TITHIAN)
    e = make_engine(tithian)
    for attacker, razed in ((TITHIAN, True), ("Knight", False)):
        b = battle(e, side(realms=["Vale"], hand=[attacker, "Militia"]),
                   side(realms=["Citadel"], hand=["Mage"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Tithian" if attacker == TITHIAN else "Knight")
        b.present(1, "Mage")
        assert b.totals() == [5, 4]
        assert b.find("round_won")[-1].data["totals"] == [5, 4]
        assert b.state.players[1].razed[0] is razed
        if razed:
            assert b.b.outcome == "razed" and b.b.winner == 0
        else:  # defeated once; the attacker has no other champion: the attack ends
            assert b.find("realm_defeated") and b.b.outcome == "attack_ended"
        check(b)


# --- realm_holding (a condition) ------------------------------------------------------------------


def test_rary_gains_against_a_wizard_and_at_a_realm_with_a_holding():
    # Rary the Traitor, wizard 4: "Rary gains 3 levels when fighting a wizard and/or 3 levels
    # when defending a realm with an attached holding."
    rary, = real(RARY)
    e = make_engine(rary)
    cases = (
        # Against the Knight at the Vale with the Watchtower (+2 to its defender): 4 + 3 + 2.
        ("Knight", ("Vale", False, "Watchtower"), [5, 9]),
        # Against the Mage (a wizard) at a bare Vale: 4 + 3.
        ("Mage", "Vale", [4, 7]),
        # Against the Knight at a bare Vale: no gain.
        ("Knight", "Vale", [5, 4]),
    )
    for attacker, realm, totals in cases:
        b = battle(e, side(realms=["Vale"], hand=[attacker, "Squire"]),
                   side(realms=[realm], hand=[RARY], draw=["Squire"]))
        b.attack("A")
        b.present(0, attacker)
        b.present(1, "Rary the Traitor")
        assert b.totals() == totals, (attacker, realm)
    # Rary attacking a realm with a holding gains only against the wizard: 4 + 3 vs the Mage 4
    # + the Watchtower's 2.
    b = battle(e, side(realms=["Vale"], hand=[RARY]),
               side(realms=[("Vale", False, "Watchtower")], hand=["Mage"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Rary the Traitor")
    b.present(1, "Mage")
    assert b.totals() == [7, 6]


# --- opponent_escapes (with allies_barred / destroy_allies of undead) -----------------------------


def test_protection_turns_back_an_undead_champion():
    # Protection (cleric spell, Def): "An undead champion loses the battle but returns to the
    # pool." The Ghoul (4) and its Giant (+4) lead the Priest (3 + 3 against undead) 8 to 6; the
    # Priest casts Protection: the Ghoul loses, goes back to its pool, and (returning to its
    # pool) gives the defender no spoils (seed 001); the Giant is discarded as usual.
    protection, = real(PROTECTION)
    b = battle(make_engine(protection), side(realms=["Vale"], hand=["Ghoul", "Giant"]),
               side(realms=["Vale"], hand=["Priest", PROTECTION], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Ghoul")
    b.present(1, "Priest")
    assert b.totals() == [4, 6]
    b.play(0, "Giant")
    assert b.totals() == [8, 6]
    b.play(1, "Protection")
    assert b.b.outcome == "repelled" and b.b.winner == 1
    assert b.pool_names(0) == ["Practice Ghoul"]
    assert b.names(0, "discard") == ["Practice Giant"]
    assert b.b.spoils == [None, None] and b.names(1, "draw") == ["Practice Squire"]
    assert b.find("champion_escapes")
    check(b)


def test_protection_bars_and_discards_undead_allies():
    # "The opponent cannot use undead in this battle round; any already played as allies are
    # discarded." The Priest (3) attacks the Knight (5); its Giant makes 7; the Knight's undead
    # Skeleton (+2) ties 7-7 (the defender's); Protection discards the Skeleton (7 to 5), and the
    # Knight may now play the Militia but not the undead Zombie (+3). The Knight is not undead:
    # the round goes on.
    protection, = real(PROTECTION)
    skeleton = card(1, "T Skeleton", CardType.ALLY, bonus=2, attributes=(Attribute.UNDEAD,))
    zombie = card(2, "T Zombie", CardType.ALLY, bonus=3, attributes=(Attribute.UNDEAD,))
    b = battle(make_engine(protection, skeleton, zombie),
               side(realms=["Vale"], hand=["Priest", "Giant", PROTECTION]),
               side(realms=["Vale"], hand=["Knight", "T/1", "T/2", "Militia"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Priest")
    b.present(1, "Knight")
    b.play(0, "Giant")
    assert plays(b, 1) == {"T Skeleton", "T Zombie", "Militia"}
    b.play(1, "T Skeleton")
    assert b.totals() == [7, 7]
    b.play(0, "Protection")
    assert b.totals() == [7, 5]
    assert "T Skeleton" in b.names(1, "discard")
    assert b.b.step == "cards" and plays(b, 1) == {"Militia"}
    check(b)


# --- any_artifacts --------------------------------------------------------------------------------


def test_ego_coin_carries_a_second_artifact_of_another_world():
    # Ego Coin (magical item, Def): "A champion with this coin can have any number of attached
    # artifacts, and of any world." The Knight carries the Orb (+3); a Greyhawk Idol (+2
    # artifact) is offered only with the coin: 5 + 3 + 2 = 10 against the Wyrm's 8.
    coin, = real(EGO_COIN)
    idol = card(1, "T Idol", CardType.ARTIFACT, bonus=2, world=World.GREYHAWK)
    e = make_engine(coin, idol)
    for carried, offered in ((["Orb"], False), ([EGO_COIN, "Orb"], True)):
        b = battle(e, side(realms=["Vale"], hand=["T/1"], pool=[("Knight", carried)]),
                   side(realms=["Vale"], hand=["Wyrm"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight", zone="pool")
        b.present(1, "Wyrm")
        assert b.totals() == [8, 8]
        assert ("T Idol" in plays(b, 0)) is offered
    b.play(0, "T Idol")
    assert b.totals() == [10, 8]
    assert b.b.outcome == "razed"
    assert sorted(b.attached_names(0, "Knight")) == ["Ego Coin", "Practice Orb", "T Idol"]
    check(b)


# --- immune_except_named --------------------------------------------------------------------------


def test_treants_shield_their_side_from_wizard_spells_but_fireball():
    # Treants of the Grandwood (+5 ally): "The treants and all cards in the player's force are
    # immune to all offensive wizard spells except fireball." Knight 5 vs the Mage 4 + the
    # Watchtower 2; the Treants make 10 vs 6; the Mage's Bolt (+3, Off) has no effect (10 vs
    # 6); a Fireball (+4, Off) counts: 10 vs 10, a tie the defender wins.
    treants, = real(TREANTS)
    fireball = card(1, "T Fireball", CardType.WIZARD_SPELL, bonus=4, mark=Mark.OFF)
    b = battle(make_engine(treants, fireball), side(realms=["Vale"], hand=["Knight", TREANTS]),
               side(realms=[("Vale", False, "Watchtower")], hand=["Mage", "Bolt", "T/1"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    assert b.totals() == [5, 6]
    b.play(0, "Treants of the Grandwood")
    assert b.totals() == [10, 6]
    b.play(1, "Bolt")
    assert b.totals() == [10, 6]
    b.play(1, "T Fireball")
    assert b.totals() == [10, 10]
    assert b.b.outcome == "repelled" and b.b.winner == 1
    check(b)


# --- own_spells_barred ----------------------------------------------------------------------------


def test_anti_magic_shell_shields_its_champion_who_casts_no_more_spells():
    # Anti-Magic Shell (wizard spell, Def): "Makes one champion immune to all offensive spells
    # and prevents him from casting any spells himself." A level 5 wizard attacks the Mage (4)
    # + Watchtower (2): 5 vs 6. Before the Shell the Bolt is offered; after it, not. With the
    # Giant 9 vs 6; the Mage's Bolt (+3, Off) then has no effect on the shielded wizard.
    shell, = real(ANTI_MAGIC_SHELL)
    wizard = card(1, "T Conjurer", CardType.WIZARD, level=5)
    b = battle(make_engine(shell, wizard),
               side(realms=["Vale"], hand=["T/1", ANTI_MAGIC_SHELL, "Bolt", "Giant"]),
               side(realms=[("Vale", False, "Watchtower")], hand=["Mage", "Bolt"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "T Conjurer")
    b.present(1, "Mage")
    assert b.totals() == [5, 6]
    assert plays(b, 0) == {"Anti-Magic Shell", "Bolt", "Giant"}
    b.play(0, "Anti-Magic Shell")
    assert b.totals() == [5, 6]
    assert plays(b, 0) == {"Giant"}
    b.play(0, "Giant")
    assert b.totals() == [9, 6]
    b.play(1, "Bolt")
    assert b.totals() == [9, 6]
    check(b)


# --- realms_not_attackable_by ---------------------------------------------------------------------


def test_black_waters_shields_every_realm_of_its_player():
    # Black Waters (holding): "No were-creature or monsters can attack any realm held by this
    # player." Attached to the defender's realm B, it keeps the Griffon (a flying monster) from
    # realm A too; the Knight may still attack A. Without it the Griffon may attack A, and B
    # (covered by A) by flying.
    waters, = real(BLACK_WATERS)
    e = make_engine(waters)
    for holding, realms in ((BLACK_WATERS, ["A"]), (None, ["A", "B"])):
        b = battle(e, side(realms=["Vale"], hand=["Griffon", "Knight"]),
                   side(realms=["Vale", ("Harbor", False, holding)], hand=["Mage"]))
        assert [x.removeprefix("Attack realm ") for x in b.legal_labels(0)
                if x.startswith("Attack")] == realms
        b.attack("A")
        champions = {b.names(0, "hand")[int(x.split()[-1])] for x in b.legal_labels(0)
                     if x.startswith("Champion")}
        assert champions == ({"Practice Knight"} if holding else
                             {"Practice Knight", "Practice Griffon"})


# --- halve_opposing -------------------------------------------------------------------------------


def test_malatra_halves_attackers_that_do_not_fly():
    # Malatra, the Living Jungle (realm): "Malatra can defend itself as a level 6 monster. ...
    # The level of attacking champions and allies that are not flyers is halved." The Knight
    # (5) counts 3 (rounded up [decided]), its Giant (+4) +2: 5 vs 6. The Griffon (6, a flyer)
    # counts 6 (a tie, the defender's), its Giant still +2: 8 vs 6.
    malatra, = real(MALATRA)
    e = make_engine(malatra)
    for champion, first, then in (("Knight", [3, 6], [5, 6]), ("Griffon", [6, 6], [8, 6])):
        b = battle(e, side(realms=["Vale"], hand=[champion, "Giant"]),
                   side(realms=[MALATRA], hand=[], draw=["Squire"]))
        b.attack("A")
        b.present(0, champion)
        b.step(player_1="Let the realm defend itself")
        assert b.totals() == first, champion
        b.play(0, "Giant")
        assert b.find("totals")[-1].data["totals"] == then, champion
        check(b)


# --- realm_not_worlds, in_own_pool (conditions) ---------------------------------------------------


def test_cleric_of_malar_gains_only_against_realms_outside_the_forgotten_realms():
    # Cleric of Malar, cleric 4: "This cleric gains 2 levels when attacking realms from outside
    # the Forgotten Realms." Against the Knight (5): at a Greyhawk realm 6 vs 5; at the Vale (of
    # the Forgotten Realms) 4 vs 5; defending a Greyhawk realm, no gain: 5 vs 4.
    malar, = real(MALAR)
    keep = card(1, "T Keep", CardType.REALM, world=World.GREYHAWK)
    e = make_engine(malar, keep)
    for realm, totals in (("T/1", [6, 5]), ("Vale", [4, 5])):
        b = battle(e, side(realms=["Vale"], hand=[MALAR, "Squire"]),
                   side(realms=[realm], hand=["Knight"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Cleric of Malar")
        b.present(1, "Knight")
        assert b.totals() == totals, realm
    b = battle(e, side(realms=["Vale"], hand=["Knight"]),
               side(realms=["T/1"], hand=[MALAR], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Cleric of Malar")
    assert b.totals() == [5, 4]


def test_wolf_nomads_gain_with_mika_in_their_players_pool():
    # Wolf Nomads, hero 4: "The nomads gain 2 levels if Mika is in the player's pool." Against
    # the Knight (5): with Mika the Wolf-Nomad in the pool 6 vs 5; Mika in the hand (or the
    # opponent's pool) does not count: 4 vs 5.
    nomads, mika = real(NOMADS, MIKA)
    e = make_engine(nomads, mika)
    cases = (([], [MIKA], [], [6, 5]), ([MIKA], [], [], [4, 5]), ([], [], [MIKA], [4, 5]))
    for hand, mine, theirs, totals in cases:
        b = battle(e, side(realms=["Vale"], hand=[NOMADS, *hand], pool=mine),
                   side(realms=["Vale"], hand=["Knight"], pool=theirs, draw=["Squire"]))
        b.attack("A")
        b.present(0, "Wolf Nomads")
        b.present(1, "Knight")
        assert b.totals() == totals, (hand, mine, theirs)


# --- one_spell_type -------------------------------------------------------------------------------

HARPERS, PIT_TRAP, AGIS, ARMS_OF_GREYHAWK, ORB_OF_DRAGONKIND = (
    "1st/51", "1st/416", "1st/261", "1st/144", "1st/157")


def test_the_harpers_cast_spells_of_one_type_per_battle():
    # The Harpers, hero 6: "can cast wizard and cleric spells, but the player must choose one
    # type (wizard or cleric) in each battle when this card is used." Against the Wyrm (8) both
    # the Blessing (cleric, +2) and the Bolt (wizard, +3) are offered; after a Blessing (8 vs 8)
    # only the second Blessing; it makes 10 vs 8.
    harpers, = real(HARPERS)
    e = make_engine(harpers)
    b = battle(e, side(realms=["Vale"], hand=[HARPERS, "Blessing", "Blessing", "Bolt"]),
               side(realms=["Vale"], hand=["Wyrm"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "The Harpers")
    b.present(1, "Wyrm")
    assert plays(b, 0) == {"Blessing", "Bolt"}
    b.play(0, "Blessing")
    assert b.totals() == [8, 8]
    assert plays(b, 0) == {"Blessing"}
    b.play(0, "Blessing")
    assert b.totals() == [10, 8]
    check(b)
    # A Bolt first (9 vs the Wyrm 8 + Watchtower 2) bars the cleric spells.
    b = battle(e, side(realms=["Vale"], hand=[HARPERS, "Bolt", "Bolt", "Blessing"]),
               side(realms=[("Vale", False, "Watchtower")], hand=["Wyrm"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "The Harpers")
    b.present(1, "Wyrm")
    b.play(0, "Bolt")
    assert b.totals() == [9, 10]
    assert plays(b, 0) == {"Bolt"}


# --- discard_winning_attacker ---------------------------------------------------------------------


def test_pit_trap_discards_a_winning_attacker_only():
    # Pit Trap! (event): "Traps a winning champion so a realm is not razed. The champion is
    # discarded as if he had lost the battle." The Knight (5) leads the Mage (4); the defender's
    # Pit Trap discards it: the battle is over, the realm stands, the defender draws spoils
    # (seed 001: an attacking champion discarded by card play).
    trap, = real(PIT_TRAP)
    e = make_engine(trap)
    b = battle(e, side(realms=["Vale"], hand=["Knight"]),
               side(realms=["Vale"], hand=["Mage", PIT_TRAP], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    assert b.totals() == [5, 4]
    b.play(1, "Pit Trap!")
    assert b.b.outcome == "repelled" and b.b.winner == 1
    assert b.names(0, "discard") == ["Practice Knight"]
    assert b.state.players[1].razed[0] is False
    assert b.b.spoils[1] is not None and b.b.spoils[0] is None
    check(b)
    # Played while the defender is winning (its window: Knight 5 + Squire 1 vs Mage 4 +
    # Watchtower 2), it traps nobody: the round goes on.
    b = battle(e, side(realms=["Vale"], hand=["Knight", "Squire", "Militia"]),
               side(realms=[("Vale", False, "Watchtower")], hand=["Mage", PIT_TRAP],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    b.play(0, "Squire")
    assert b.totals() == [6, 6] and b.to_act() == [1]
    b.play(1, "Pit Trap!")
    assert b.b.outcome is None and b.name_of(b.b.champion[0]) == "Practice Knight"
    assert b.to_act() == [0]
    check(b)


# --- destroy_pool_champions -----------------------------------------------------------------------


def test_agis_destroys_the_strongest_monster_of_the_defenders_pool():
    # Agis, hero 5: "When attacking, can psionically destroy one monster in the defender's pool
    # before battle begins." The defender's pool: the Griffon (monster 6), the Shark (monster 5),
    # the Knight (hero 5) and a level 7 monster immune to psionic powers: the Griffon goes (the
    # strongest monster the power can reach [decided]) before the defender chooses.
    agis, = real(AGIS)
    mindless = card(1, "T Mindless", CardType.MONSTER, level=7, effects=(
        Effect(EffectKind.IMMUNE_TO, card_types=(int(CardType.PSIONIC_POWER),)),))
    e = make_engine(agis, mindless)
    b = battle(e, side(realms=["Vale"], hand=[AGIS]),
               side(realms=["Vale"], pool=["Griffon", "Shark", "Knight", "T/1"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Agis")
    assert b.pool_names(1) == ["Practice Shark", "Practice Knight", "T Mindless"]
    assert b.names(1, "discard") == ["Practice Griffon"]
    assert not any("Griffon" in label for label in b.legal_labels(1))
    check(b)
    # Defending, Agis destroys nothing.
    b = battle(e, side(realms=["Vale"], hand=["Knight"], pool=["Griffon"]),
               side(realms=["Vale"], hand=[AGIS], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Agis")
    assert b.pool_names(0) == ["Practice Griffon"]


# --- all_realms_not_attackable_by, realm_worlds ---------------------------------------------------


def _attackers_of_a(b) -> set[str]:
    b.attack("A")
    return {b.names(0, "hand")[int(x.split()[-1])] for x in b.legal_labels(0)
            if x.startswith("Champion")}


def test_arms_of_greyhawk_and_the_orb_of_dragonkind_shield_greyhawk_realms():
    # Arms of Greyhawk (holding): "No Greyhawk realms with holdings, of any player, can be
    # attacked by monsters or flyers." On the attacker's own realm, it keeps its Griffon (a
    # flying monster) from the defender's Greyhawk Keep that has a holding (the Watchtower); not
    # from a Keep without one. Orb of Dragonkind (artifact): "This player's Greyhawk realms and
    # their defenders cannot be attacked by dragons or monsters": carried in the defender's
    # pool, it keeps the Wyrm (a dragon) from its Keep, not from its Vale (Forgotten Realms).
    arms, orb = real(ARMS_OF_GREYHAWK, ORB_OF_DRAGONKIND)
    keep = card(1, "T Keep", CardType.REALM, world=World.GREYHAWK)
    e = make_engine(arms, orb, keep)
    for realm, attackers in ((("T/1", False, "Watchtower"), {"Practice Knight"}),
                             ("T/1", {"Practice Knight", "Practice Griffon"})):
        b = battle(e, side(realms=[("Vale", False, ARMS_OF_GREYHAWK)],
                           hand=["Griffon", "Knight"]),
                   side(realms=[realm], hand=["Mage"]))
        assert _attackers_of_a(b) == attackers, realm
    for realm, pool, attackers in (
            ("T/1", [("Priest", [ORB_OF_DRAGONKIND])], {"Practice Knight"}),
            ("T/1", ["Priest"], {"Practice Knight", "Practice Wyrm"}),
            ("Vale", [("Priest", [ORB_OF_DRAGONKIND])], {"Practice Knight", "Practice Wyrm"})):
        b = battle(e, side(realms=["Vale"], hand=["Wyrm", "Knight"]),
                   side(realms=[realm], pool=pool))
        assert _attackers_of_a(b) == attackers, (realm, pool)


# --- realms_allies_gain, halve_opposing_cards, switched_allies_lose -------------------------------

FORT_MELIDOR, MERCENARY_MAP, MIND_FLAYER = "1st/247", "1st/415", "1st/83"


def test_fort_melidor_helps_allies_defending_any_dark_sun_realm_of_its_player():
    # Fort Melidor (holding): "Allies defending every Dark Sun realm held by this player gain 1
    # level." The Mage (4) defends against the Knight (5) and plays the Militia (+2): at a Dark
    # Sun Oasis it gains 1 more (7), the Fort attached there or to the player's Vale; at the
    # Vale (Forgotten Realms) it does not (6).
    fort, = real(FORT_MELIDOR)
    oasis = card(1, "T Oasis", CardType.REALM, world=World.DARK_SUN)
    e = make_engine(fort, oasis)
    cases = ((["T/1", ("Vale", False, FORT_MELIDOR)], 7),
             ([("T/1", False, FORT_MELIDOR)], 7),
             (["Vale", ("T/1", False, FORT_MELIDOR)], 6),
             (["T/1", "Vale"], 6))
    for realms, total in cases:
        b = battle(e, side(realms=["Vale"], hand=["Knight"]),
                   side(realms=realms, hand=["Mage", "Militia"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "Mage")
        assert b.totals() == [5, 4]
        b.play(1, "Militia")
        assert b.totals() == [5, total], realms
        check(b)


def test_the_mercenary_army_halves_offensive_wizard_spells():
    # Map to a Mercenary Army (+8 ally): "Offensive wizard spells have their levels (if any)
    # halved (rounding up) when used against this ally." Knight 5 + the Map 8 = 13 against the
    # Mage 4 + Watchtower 2; each Bolt (+3, Off) counts +2: 8, then 10.
    army, = real(MERCENARY_MAP)
    b = battle(make_engine(army), side(realms=["Vale"], hand=["Knight", MERCENARY_MAP]),
               side(realms=[("Vale", False, "Watchtower")], hand=["Mage", "Bolt", "Bolt"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    b.play(0, "Map to a Mercenary Army")
    assert b.totals() == [13, 6]
    b.play(1, "Bolt")
    assert b.totals() == [13, 8]
    b.play(1, "Bolt")
    assert b.totals() == [13, 10]
    check(b)


def test_the_mind_flayer_takes_an_ally_that_loses_a_level():
    # Mind Flayer (+3 ally): "When played, the mind flayer can immediately shift one opposing
    # ally to its own side for that round of battle. The ally loses 1 level." The Mage's Giant
    # (+4) makes 8 against the Knight's 5; the Mind Flayer takes it: 5 + 3 + (4 - 1) = 11
    # against 4. The Giant goes back to its owner's discard pile when the round ends.
    flayer, = real(MIND_FLAYER)
    b = battle(make_engine(flayer), side(realms=["Vale"], hand=["Knight", MIND_FLAYER]),
               side(realms=["Vale"], hand=["Mage", "Giant"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    b.play(1, "Giant")
    assert b.totals() == [5, 8]
    b.play(0, "Mind Flayer")
    assert b.totals() == [11, 4]
    assert b.b.outcome == "razed"
    assert "Practice Giant" in b.names(1, "discard")
    check(b)


# --- spell_veto -----------------------------------------------------------------------------------

MIDNIGHT, ARCH_DRUID = "1st/46", "1st/189"


def test_midnight_and_the_arch_druid_veto_opposing_spells():
    # Midnight, Goddess of Magic: "If only one Midnight is in play, wizards cannot cast spells
    # without her permission." In the defender's pool, she keeps the attacking wizard (5, tied
    # by the Knight's 5, so losing) from its Bolt; not when a second Midnight is in play; her
    # own player's wizard may cast ([decided]: she permits her own side).
    midnight, druid = real(MIDNIGHT, ARCH_DRUID)
    wizard = card(1, "T Conjurer", CardType.WIZARD, level=5)
    e = make_engine(midnight, druid, wizard)
    for mine, offered in (([], {"Militia"}), ([MIDNIGHT], {"Militia", "Bolt"})):
        b = battle(e, side(realms=["Vale"], hand=["T/1", "Bolt", "Militia"], pool=mine),
                   side(realms=["Vale"], hand=["Knight"], pool=[MIDNIGHT], draw=["Squire"]))
        b.attack("A")
        b.present(0, "T Conjurer")
        b.present(1, "Knight")
        assert b.totals() == [5, 5]
        assert plays(b, 0) == offered, mine
    b = battle(e, side(realms=["Vale"], hand=["Knight"]),
               side(realms=["Vale"], hand=["Mage", "Bolt"], pool=[MIDNIGHT], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    assert plays(b, 1) == {"Bolt"}
    # Arch-Druid: "If only one arch-druid is in play, clerics cannot cast spells without his
    # permission." In the attacker's pool, he keeps the defending Priest (3 vs 5) from its
    # Blessing.
    b = battle(e, side(realms=["Vale"], hand=["Knight"], pool=[ARCH_DRUID]),
               side(realms=["Vale"], hand=["Priest", "Blessing", "Militia"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Priest")
    assert b.totals() == [5, 3]
    assert plays(b, 1) == {"Militia"}
    check(b)


# --- phase-4 halves of cards with a phase-3 use (existing kinds) ----------------------------------

PARALYZE, BENGOUKEE = "1st/333", "1st/434"


def test_paralyze_eliminates_one_ally_in_battle():
    # Paralyze (wizard spell, Off/3/4): "Cast during a battle to eliminate one ally of the
    # caster's choice." (Its phase-3 use, before a battle, is outside combat.) The Knight (5)
    # and its Giant (+4) lead the Mage (4) + Watchtower (2) 9 to 6; Paralyze takes the Giant
    # (the strongest [decided]): 5 vs 6.
    paralyze, = real(PARALYZE)
    b = battle(make_engine(paralyze), side(realms=["Vale"], hand=["Knight", "Giant", "Squire"]),
               side(realms=[("Vale", False, "Watchtower")], hand=["Mage", PARALYZE],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    b.play(0, "Giant")
    assert b.totals() == [9, 6]
    b.play(1, "Paralyze")
    assert b.totals() == [5, 6]
    assert "Practice Giant" in b.names(0, "discard")
    check(b)


def test_bengoukee_casts_his_spells_at_twice_their_bonus():
    # Bengoukee the Witch Doctor, wizard 7: "Can cast wizard and cleric spells ... Phase 4
    # spells cast by the witch doctor are at twice the level bonus." Against the Wyrm (8) and
    # Watchtower (2): the Blessing (cleric, +2) counts 4: 11 vs 10.
    bengoukee, = real(BENGOUKEE)
    b = battle(make_engine(bengoukee), side(realms=["Vale"], hand=[BENGOUKEE, "Blessing"]),
               side(realms=[("Vale", False, "Watchtower")], hand=["Wyrm"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Bengoukee the Witch Doctor")
    b.present(1, "Wyrm")
    assert b.totals() == [7, 10]
    assert plays(b, 0) == {"Blessing"}
    b.play(0, "Blessing")
    assert b.totals() == [11, 10]
    check(b)


# --- negate_walls, attack_anywhere ----------------------------------------------------------------

PASSWALL, WALL_OF_IRON, STARSHINE = "1st/388", "1st/336", "1st/438"


def test_passwall_negates_the_defenders_wall_spell():
    # Passwall (wizard spell, Def): "Negates any wall spell." Wall of Iron (+3): "Only flyers can
    # attack across the wall. Use on defense only." A level 5 wizard attacks the Mage (4) +
    # Watchtower (2): it casts Passwall (5 vs 6), then the Militia (7 vs 6); the Mage's Wall of
    # Iron neither stops the wizard (no flyer) nor adds its +3: 7 vs 6, the realm is razed.
    # Without Passwall the wall ends the battle with no victor.
    passwall, wall = real(PASSWALL, WALL_OF_IRON)
    wizard = card(1, "T Conjurer", CardType.WIZARD, level=5)
    e = make_engine(passwall, wall, wizard)
    for cast in (True, False):
        b = battle(e, side(realms=["Vale"], hand=["T/1", "Militia", *([PASSWALL] if cast else [])]),
                   side(realms=[("Vale", False, "Watchtower")], hand=["Mage", WALL_OF_IRON],
                        draw=["Squire"]))
        b.attack("A")
        b.present(0, "T Conjurer")
        b.present(1, "Mage")
        if cast:
            b.play(0, "Passwall")
        b.play(0, "Militia")
        assert b.totals() == [7, 6]
        b.play(1, "Wall of Iron")
        if cast:
            assert b.totals() == [7, 6] and not b.find("battle_ended_by_card")
            assert b.b.outcome == "razed" and b.b.winner == 0
        else:
            assert b.find("battle_ended_by_card") and b.b.outcome == "ended"
        check(b)


def test_starshine_attacks_any_realm():
    # Starshine, cleric 8: "Starshine and her allies can attack any realm regardless of its
    # position or powers." The defender's Sanctum (A) cannot be attacked by clerics, and covers
    # its Vale (B): Starshine may attack both; the Knight only the Sanctum; the Priest neither.
    starshine, = real(STARSHINE)
    sanctum = card(1, "T Sanctum", CardType.REALM, effects=(
        Effect(EffectKind.NOT_ATTACKABLE_BY, card_types=(int(CardType.CLERIC),)),))
    e = make_engine(starshine, sanctum)
    for champion, realms in ((STARSHINE, ["A", "B"]), ("Knight", ["A"]), ("Priest", [])):
        b = battle(e, side(realms=["Vale"], hand=[champion]),
                   side(realms=["T/1", "Vale"], hand=["Mage"]))
        assert [x.removeprefix("Attack realm ") for x in b.legal_labels(0)
                if x.startswith("Attack")] == realms, champion
