"""The rest of the 1st Edition (issue 13, c1st): real cards whose printed powers now compile,
played in scripted battles and checked against their printed text.

Cards are read from the CrossFire data (``../shared/data/crossfire``); a test skips without it.
Totals are worked out in the comments from the practice cards (``battle_helpers``): Knight hero
5, Mage wizard 4 (immune to offensive spells), Priest cleric 3 of Greyhawk (+3 against undead),
Griffon flying monster 6, Ghoul undead monster 4, Militia ally +2, Giant ally +4, Squire ally
+1, Sword magical item +2, Orb artifact +3, Bolt wizard spell +3 (Off); practice realms and the
Knight and Mage are of the Forgotten Realms.
"""

from __future__ import annotations

from combatzoo.envs.spellfire.cards.cards import Attribute, CardType, Power

from .battle_helpers import battle, card, check, make_engine, side
from .test_card_powers import real

GREYHAWK_RUINS, RING_OF_SHOOTING_STARS = "1st/125", "1st/208"
SPIRIT_OF_THE_LAND, SIEGE, ARMS_OF_FURYONDY, CATACLYSM = "1st/288", "1st/150", "1st/146", "1st/99"
LIGHTNING_BOLT, ANCIENT_CURSE = "1st/332", "1st/399"
CRUSHING_FIST, CONTROL_UNDEAD, EMBER, PRISMAL = "1st/344", "1st/396", "1st/463", "1st/431"
SPELL_TURNING, GENIE_BOTTLE, DELSENORA, AGE_OF_ENTROPY = "1st/398", "1st/436", "1st/450", "1st/423"
STRYCK, NORTH_LEDOPOLUS, LOST_OASIS, GATEKEEPER = "1st/457", "1st/229", "1st/242", "1st/422"


# --- champions_gain ---------------------------------------------------------------------------


def test_greyhawk_ruins_raise_greyhawk_champions_of_its_player_in_every_battle():
    # Greyhawk Ruins (realm): "All Greyhawk champions of this player gain 2 levels."
    ruins, = real(GREYHAWK_RUINS)
    e = make_engine(ruins)
    cases = (
        # The Ruins stand in the defender's formation (slot B); the Priest (Greyhawk, 3)
        # defends the Vale (slot A): 3 + 2 = 5 against the Knight's 5, a tie: the defender.
        ("Priest", ["Vale", GREYHAWK_RUINS], [5, 5]),
        # The Mage is of the Forgotten Realms: no gain, 4 against 5.
        ("Mage", ["Vale", GREYHAWK_RUINS], [5, 4]),
        # Razed, the Ruins give nothing: 3 against 5.
        ("Priest", ["Vale", (GREYHAWK_RUINS, True)], [5, 3]),
    )
    for defender, realms, totals in cases:
        b = battle(e, side(realms=["Vale"], hand=["Knight"]),
                   side(realms=realms, hand=[defender], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, defender)
        assert b.totals() == totals, (defender, realms)
    # The Ruins themselves attacked (their slot A): the Priest gains 2 once, not twice.
    b = battle(e, side(realms=["Vale"], hand=["Knight"]),
               side(realms=[GREYHAWK_RUINS], hand=["Priest"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Priest")
    assert b.totals() == [5, 5]
    assert b.b.outcome == "repelled" and b.b.winner == 1  # the Knight has nothing to play
    # In the attacker's formation: the attacking Priest gains 2 (3 + 2 = 5 against the Mage's
    # 4), and wins the round (the Mage has nothing to play): the Vale is razed.
    b = battle(e, side(realms=[GREYHAWK_RUINS], hand=["Priest"]),
               side(realms=["Vale"], hand=["Mage"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Priest")
    b.present(1, "Mage")
    assert b.totals() == [5, 4]
    assert b.b.outcome == "razed" and b.state.players[1].razed[0]
    check(b)


# --- lend_from_pool ---------------------------------------------------------------------------


def test_the_ring_of_shooting_stars_lends_one_level_from_the_pool():
    # Ring of Shooting Stars (+4 magical item): "Hero can 'lend' +1 to a champion in a combat
    # where he is not involved." The Mage carries it in the pool; the Knight attacks: 5 + 1 = 6
    # against the Shark's 5 -- without the loan a tie, which the defender wins.
    ring, = real(RING_OF_SHOOTING_STARS)
    e = make_engine(ring)
    b = battle(e, side(realms=["Vale"], pool=["Knight", ("Mage", [RING_OF_SHOOTING_STARS])]),
               side(realms=["Vale"], hand=["Shark"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Shark")
    assert b.totals() == [6, 5]
    assert b.b.outcome == "razed" and b.b.winner == 0
    check(b)
    # The Mage itself attacking with the Ring is in the combat: its +4, no loan (4 + 4 = 8).
    b = battle(e, side(realms=["Vale"], pool=["Knight", ("Mage", [RING_OF_SHOOTING_STARS])]),
               side(realms=["Vale"], hand=["Griffon"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage", zone="pool")
    b.present(1, "Griffon")
    assert b.totals() == [8, 6]
    # The defender's pool lends too: the Griffon defends with the Ring on the Mage: 6 + 1.
    b = battle(e, side(realms=["Vale"], hand=["Knight"]),
               side(realms=["Vale"], hand=["Griffon"], pool=[("Mage", [RING_OF_SHOOTING_STARS])],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Griffon")
    assert b.totals() == [5, 7]


# --- restore_realm (with end_battle) ----------------------------------------------------------


def test_spirit_of_the_land_restores_a_realm_and_ends_the_battle():
    # Spirit of the land (event): "Prevents one Dark Sun realm or holding from being razed or
    # discarded, or restores one razed realm from any world. An attacker gets no spoils of
    # victory and the battle is over." The Mage (4) loses to the Knight (5) at the Vale (A);
    # it plays the Spirit: its razed Harbor (B) stands again, the battle ends with no victor,
    # both champions go back to their pools and nobody draws spoils.
    spirit, = real(SPIRIT_OF_THE_LAND)
    b = battle(make_engine(spirit), side(realms=["Vale"], hand=["Knight"], draw=["Squire"]),
               side(realms=["Vale", ("Harbor", True)], hand=["Mage", SPIRIT_OF_THE_LAND],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    assert b.totals() == [5, 4]
    b.play(1, "Spirit of the land")
    assert b.state.players[1].razed == [False] * 6
    assert b.b.outcome == "ended" and b.b.winner is None
    assert b.pool_names(0) == ["Practice Knight"] and b.pool_names(1) == ["Practice Mage"]
    assert b.b.spoils == [None, None]
    assert b.names(0, "draw") == b.names(1, "draw") == ["Practice Squire"]
    assert b.names(1, "discard") == ["Spirit of the land"]
    assert b.find("realm_restored")
    check(b)


# --- raze_first_realms --------------------------------------------------------------------------


def test_siege_razes_the_first_realm_of_every_player():
    # Siege! (event): "Razes the first realm of every player, regardless of special powers; if a
    # player's first realm is already razed, he ignores this event."
    siege, = real(SIEGE)
    e = make_engine(siege)
    # The attacked realm is the defender's first (A, the Citadel, which must be defeated
    # twice: "regardless of special powers"). The defender plays Siege! losing 4 to 5: the
    # attacker's Vale (A) is razed, with its Watchtower, and so is the Citadel: a realm razed
    # by card play ends the battle and the attacker draws spoils (seed 001).
    b = battle(e, side(realms=[("Vale", False, "Watchtower"), "Harbor"], hand=["Knight"],
                       draw=["Squire"]),
               side(realms=["Citadel"], hand=["Mage", SIEGE], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    assert b.totals() == [5, 4]
    b.play(1, "Siege!")
    assert b.state.players[0].razed[:2] == [True, False]
    assert b.names(0, "discard") == ["Practice Watchtower"]
    assert b.state.players[1].razed[0]
    assert b.b.outcome == "razed" and b.b.winner == 0
    assert b.b.spoils[0] is not None and b.names(0, "draw") == []
    # The defender's first realm already razed, the attack on its Harbor (B, exposed) goes on
    # after the attacker's Siege!: only the attacker's own Vale falls.
    b = battle(e, side(realms=["Vale"], hand=["Knight", SIEGE, "Giant"], draw=["Squire"]),
               side(realms=[("Walls", True), "Harbor"], hand=["Griffon"], draw=["Militia"]))
    b.attack("B")
    b.present(0, "Knight")
    b.present(1, "Griffon")
    assert b.totals() == [5, 6]
    b.play(0, "Siege!")
    assert b.state.players[0].razed[0] and b.state.players[1].razed[:2] == [True, False]
    assert b.b.step == "cards" and b.b.outcome is None
    check(b)


# --- realm_immune_harmful_events --------------------------------------------------------------


def test_arms_of_furyondy_shield_their_realm_from_harmful_events():
    # Arms of Furyondy (holding): "The attached realm is unaffected by all harmful event cards."
    arms, siege, cataclysm = real(ARMS_OF_FURYONDY, SIEGE, CATACLYSM)
    e = make_engine(arms, siege, cataclysm)
    # Siege! by the losing attacker razes its own Vale but not the defender's Vale with the
    # Arms: the battle goes on.
    b = battle(e, side(realms=["Vale"], hand=["Knight", SIEGE, CATACLYSM, "Squire"],
                       draw=["Squire"]),
               side(realms=[("Vale", False, ARMS_OF_FURYONDY)], hand=["Griffon"],
                    draw=["Militia"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Griffon")
    assert b.totals() == [5, 6]
    b.play(0, "Siege!")
    assert b.state.players[0].razed[0] and not b.state.players[1].razed[0]
    assert b.b.step == "cards"
    # Cataclysm! ("destroys one realm ...; that realm is discarded") leaves it standing too.
    b.play(0, "Cataclysm!")
    assert b.names(1, "realms")[0] == "Practice Vale" and b.b.step == "cards"
    # Without the Arms, Cataclysm! discards the attacked realm and the battle is over.
    b = battle(e, side(realms=["Vale"], hand=["Knight", CATACLYSM], draw=["Squire"]),
               side(realms=["Vale"], hand=["Griffon"], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Griffon")
    b.play(0, "Cataclysm!")
    assert b.names(1, "realms")[0] is None and b.b.outcome == "razed"
    # Cataclysm! by the defender picks the attacker's first realm it can touch: the Harbor
    # (B), the Vale (A) holding the Arms.
    b = battle(e, side(realms=[("Vale", False, ARMS_OF_FURYONDY), "Harbor"], hand=["Griffon"],
                       draw=["Squire"]),
               side(realms=["Vale"], hand=["Knight", CATACLYSM], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Griffon")
    b.present(1, "Knight")
    assert b.totals() == [6, 5]
    b.play(1, "Cataclysm!")
    assert b.names(0, "realms")[:2] == ["Practice Vale", None]
    check(b)


# --- destroy_ally_or_item -----------------------------------------------------------------------


def test_lightning_bolt_destroys_the_stronger_of_an_ally_or_an_item():
    # Lightning Bolt (+5 wizard spell, Off): "Immediately destroys one opposing ally of level 4
    # or less, or one magical item, of caster's choice." [decided] the larger bonus.
    bolt, = real(LIGHTNING_BOLT)
    e = make_engine(bolt)
    for ally, gone, totals in (
            # Knight 5 + Sword 2 + Squire 1 = 8: the Sword (+2) goes; 5 + 1 = 6 against the
            # Mage's 4 + 5 = 9.
            ("PR/32", "Practice Sword", [6, 9]),
            # Knight 5 + Sword 2 + Giant 4 = 11: the Giant (+4) goes; 5 + 2 = 7 against 9.
            ("PR/31", "Practice Giant", [7, 9])):
        b = battle(e, side(realms=["Vale"], draw=["Squire"]),
                   side(realms=["Vale"], hand=[LIGHTNING_BOLT], draw=["Militia"]),
                   step="cards", realm="A", to_play=1,
                   champions=[{"champion": "PR/20", "attached": ["PR/40"]},
                              {"champion": "PR/21"}], support=[[ally], []])
        b.play(1, "Lightning Bolt")
        assert b.totals() == totals, ally
        assert b.find("cards_destroyed")[-1].data["cards"] == [
            "PR/40" if gone == "Practice Sword" else "PR/31"]
        assert gone in b.names(0, "discard")
        check(b)


# --- discard_armed_champion ---------------------------------------------------------------------


def test_ancient_curse_kills_a_champion_with_an_item():
    # Ancient Curse (event): "Choose one champion with an attached artifact or magical item to
    # be killed immediately. Discard the champion and his possessions."
    curse, = real(ANCIENT_CURSE)
    e = make_engine(curse)
    # The attacking Knight carries the Sword (5 + 2 = 7 against the Mage's 4): the Curse
    # discards it with the Sword; an attacking champion discarded by card play loses the battle
    # and the defender draws spoils (seed 001).
    b = battle(e, side(realms=["Vale"], pool=[("Knight", ["Sword"])], draw=["Squire"]),
               side(realms=["Vale"], hand=["Mage", ANCIENT_CURSE], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Mage")
    assert b.totals() == [7, 4]
    b.play(1, "Ancient Curse")
    assert b.b.outcome == "repelled" and b.b.winner == 1
    assert set(b.names(0, "discard")) == {"Practice Knight", "Practice Sword"}
    assert b.b.spoils[1] is not None
    check(b)
    # The attacking Knight carries nothing: the strongest armed champion of the attacker's pool
    # dies instead (the Griffon with its Orb; the Shark carries nothing); the Knight (5) still
    # beats the Mage (4) and goes back to the pool.
    b = battle(e, side(realms=["Vale"], hand=["Knight"], pool=[("Griffon", ["Orb"]), "Shark"],
                       draw=["Squire"]),
               side(realms=["Vale"], hand=["Mage", ANCIENT_CURSE], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    b.play(1, "Ancient Curse")
    assert sorted(b.pool_names(0)) == ["Practice Knight", "Practice Shark"]
    assert set(b.names(0, "discard")) == {"Practice Griffon", "Practice Orb"}
    assert b.b.outcome == "razed" and b.b.winner == 0
    check(b)
    # The Gatekeeper ("immune to events") defends with the Sword (1 + 2 = 3, a tie with the
    # Rogue's 3): the Curse cannot touch it, so it kills the Griffon of the defender's pool.
    gatekeeper, = real(GATEKEEPER)
    b = battle(make_engine(curse, gatekeeper),
               side(realms=["Vale"], hand=["Rogue", ANCIENT_CURSE], draw=["Squire"]),
               side(realms=["Vale"], pool=[(GATEKEEPER, ["Sword"]), ("Griffon", ["Orb"])],
                    draw=["Militia"]))
    b.attack("A")
    b.present(0, "Rogue")
    b.present(1, "Gatekeeper", zone="pool")
    assert b.totals() == [3, 3]
    b.play(0, "Ancient Curse")
    assert set(b.names(1, "discard")) == {"Practice Griffon", "Practice Orb"}
    # Still 3 against 3: the Gatekeeper wins the round and goes back to its pool, armed.
    assert b.b.outcome == "repelled" and b.pool_names(1) == ["Gatekeeper"]
    assert b.attached_names(1, "Gatekeeper") == ["Practice Sword"]
    check(b)


# --- levels_or_item -----------------------------------------------------------------------------


def test_crushing_fist_adds_its_levels_or_crushes_a_stronger_item():
    # Crushing Fist (+4 wizard spell, Off): "The crushing fist adds 4 levels or destroys one
    # magical item, at the choice of the caster." [decided] the caster's best.
    fist, = real(CRUSHING_FIST)
    axe = card(1, "T Axe", CardType.MAGICAL_ITEM, bonus=5)
    e = make_engine(fist, axe)
    # The Knight's Sword (+2) is worth less than 4 levels: the Mage adds them, 4 + 4 = 8
    # against 5 + 2 = 7, and the Sword stays.
    b = battle(e, side(realms=["Vale"], pool=[("Knight", ["Sword"])], draw=["Squire"]),
               side(realms=["Vale"], hand=["Mage", CRUSHING_FIST], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Mage")
    b.play(1, "Crushing Fist")
    assert b.totals() == [7, 8]
    assert not b.find("cards_destroyed")
    # The Knight's Axe (+5) is worth more: the Fist crushes it and leaves the round, adding
    # nothing: 5 against the Mage's 4.
    b = battle(e, side(realms=["Vale"], pool=[("Knight", ["T/1"])], draw=["Squire"]),
               side(realms=["Vale"], hand=["Mage", CRUSHING_FIST], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Mage")
    assert b.totals() == [10, 4]
    b.play(1, "Crushing Fist")
    assert b.find("cards_destroyed")[-1].data["cards"] == ["T/1"]
    assert b.find("totals")[-1].data["totals"] == [5, 4]
    assert b.names(0, "discard")[0] == "T Axe"
    assert "Crushing Fist" in b.names(1, "discard")
    check(b)


# --- take_ally_from_hand ------------------------------------------------------------------------


def test_control_undead_takes_the_largest_undead_ally_of_the_opponents_hand():
    # Control Undead (wizard spell, Off): "The caster can ask any player for his largest undead
    # ally card and use it in this round of battle. The ally is discarded afterward."
    control, = real(CONTROL_UNDEAD)
    skeleton = card(2, "T Skeleton", CardType.ALLY, bonus=3, attributes=(Attribute.UNDEAD,))
    wight = card(3, "T Wight", CardType.ALLY, bonus=5, attributes=(Attribute.UNDEAD,))
    e = make_engine(control, skeleton, wight)
    # The Mage (4), losing to the Knight (5), takes the Wight (+5, the largest undead ally of
    # the Knight's hand; the Giant +4 is no undead): 9 against 5. The Knight plays the Skeleton
    # (+3): 8, still losing; the round is over and the Wight goes to its owner's discard pile.
    b = battle(e, side(realms=["Vale"], hand=["Knight", "T/2", "T/3", "Giant"],
                       draw=["Squire"]),
               side(realms=["Vale"], hand=["Mage", CONTROL_UNDEAD], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    b.play(1, "Control Undead")
    assert b.totals() == [5, 9]
    assert b.names(0, "hand") == ["T Skeleton", "Practice Giant"]
    b.play(0, "T Skeleton")
    b.pass_(0)
    assert b.b.outcome == "repelled" and b.b.winner == 1
    assert "T Wight" in b.names(0, "discard") and "T Wight" not in b.names(1, "discard")
    check(b)
    # The opponent holds no undead ally: the caster's own Skeleton (+3) joins: 4 + 3 = 7.
    b = battle(e, side(realms=["Vale"], hand=["Knight", "Giant"], draw=["Squire"]),
               side(realms=["Vale"], hand=["Mage", CONTROL_UNDEAD, "T/2"], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    b.play(1, "Control Undead")
    assert b.totals() == [5, 7]
    assert b.names(1, "hand") == []


# --- extra_spoils_if_defeated / extra_spoils_if_razes -----------------------------------------


def test_ember_defeated_gives_the_victor_two_spoils():
    # Ember, the Red Dragon (monster 9): "If Ember is defeated, the victor can draw two spoils
    # of victory cards (the dragon's hoard)." Ember attacks the Wyrm (8), which plays the Giant:
    # 12 against 9; Ember loses, is discarded, and the defender draws two spoils (seed 001: the
    # defender draws when the attacking champion was discarded).
    ember, = real(EMBER)
    e = make_engine(ember)
    for attacker, name, spoils in ((EMBER, "Ember, the Red Dragon", 2), ("Knight", "Knight", 1)):
        b = battle(e, side(realms=["Vale"], hand=[attacker], draw=["Squire"]),
                   side(realms=["Vale"], hand=["Wyrm", "Giant"], draw=["Militia", "Squire"]))
        b.attack("A")
        b.present(0, name)
        b.present(1, "Wyrm")
        if attacker == EMBER:
            b.play(1, "Giant")
        assert b.b.outcome == "repelled" and b.b.winner == 1
        assert len(b.find("spoils_drawn")) == spoils, attacker
        assert len(b.names(1, "draw")) == 2 - spoils
        check(b)


def test_prismal_attacks_any_forgotten_realms_realm_and_draws_two_spoils_razing_it():
    # Prismal the Outrageous (wizard 8): "Prismal and his allies can attack any Forgotten Realms
    # realm, regardless of position or powers, and he gains two spoils of victory if he razes
    # it." The defender's Vale (A) shields the Harbor (B, Forgotten Realms) and the Greyhawk
    # Ruins (C, Greyhawk): Prismal may attack A and B, not C; the Knight only A.
    prismal, ruins = real(PRISMAL, GREYHAWK_RUINS)
    e = make_engine(prismal, ruins)
    b = battle(e, side(realms=["Vale"], hand=[PRISMAL, "Knight"], draw=["Squire", "Militia"]),
               side(realms=["Vale", "Harbor", GREYHAWK_RUINS], hand=["Mage"], draw=["Giant"]))
    attacks = {label for label in b.legal_labels(0) if label.startswith("Attack realm")}
    assert attacks == {"Attack realm A", "Attack realm B"}
    b.attack("B")
    assert [label for label in b.legal_labels(0) if label.startswith("Champion")] == [
        "Champion from hand 0"]  # Prismal; the Knight cannot reach the Harbor
    b.present(0, "Prismal the Outrageous")
    b.decline()
    assert b.state.players[1].razed[1] and b.b.winner == 0
    assert len(b.find("spoils_drawn")) == 2 and b.names(0, "draw") == []
    check(b)
    # The Knight razing the Vale draws one spoils card.
    b = battle(e, side(realms=["Vale"], hand=[PRISMAL, "Knight"], draw=["Squire", "Militia"]),
               side(realms=["Vale", "Harbor", GREYHAWK_RUINS], hand=["Mage"], draw=["Giant"]))
    b.attack("A")
    b.present(0, "Knight")
    b.decline()
    assert len(b.find("spoils_drawn")) == 1 and b.names(0, "draw") == ["Practice Militia"]


# --- turn_spell ---------------------------------------------------------------------------------


def test_spell_turning_turns_the_bolt_back_on_its_caster():
    # Spell Turning (wizard spell, Def/3/4): "Turns a just-cast spell back at its caster, as if
    # the original target had cast it." The Mage (4) attacks the Priest (3), who casts the
    # Blessing (+2 cleric spell): 4 against 5. The Mage turns it: the Blessing counts for the
    # Mage, 6 against 3; the Priest has nothing more, the Vale is razed, and the Blessing goes
    # to its owner's discard pile with the defeated Priest.
    turning, = real(SPELL_TURNING)
    e = make_engine(turning)
    b = battle(e, side(realms=["Vale"], hand=["Mage", SPELL_TURNING], draw=["Squire"]),
               side(realms=["Vale"], hand=["Priest", "Blessing"], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Priest")
    b.play(1, "Blessing")
    assert b.totals() == [4, 5]
    b.play(0, "Spell Turning")
    assert b.find("spell_turned")
    assert b.find("totals")[-1].data["totals"] == [6, 3]
    assert b.b.outcome == "razed" and b.b.winner == 0
    assert sorted(b.names(1, "discard")) == ["Practice Blessing", "Practice Priest"]
    assert "Practice Blessing" not in b.names(0, "discard")
    check(b)
    # The Priest's last card is the Militia, no spell: nothing to turn (4 against 5).
    b = battle(e, side(realms=["Vale"], hand=["Mage", SPELL_TURNING], draw=["Squire"]),
               side(realms=["Vale"], hand=["Priest", "Militia"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Priest")
    b.play(1, "Militia")
    b.play(0, "Spell Turning")
    assert not b.find("spell_turned")
    assert b.find("totals")[-1].data["totals"] == [4, 5]


# --- dispel_all, not_cancelable -----------------------------------------------------------------


def test_the_genie_bottle_dispels_spells_and_removes_holdings():
    # The Genie Bottle (event, Harmful): "All spells in play are dispelled, including a
    # just-cast spell, and all holdings and rule cards are removed from play. Can be Calmed by
    # individual players but cannot be canceled." The Knight and the Militia (7) against the
    # Priest, the Blessing and the Watchtower (3 + 2 + 2 = 7, a tie: the defender's). The
    # Genie Bottle sends the Blessing, both Watchtowers and the rule card in play to their
    # owners' discard piles: 7 against 3. Delsenora, in the defender's pool, "can cancel the
    # effect of one event card": not this one.
    genie, delsenora, entropy = real(GENIE_BOTTLE, DELSENORA, AGE_OF_ENTROPY)
    e = make_engine(genie, delsenora, entropy)
    attacker = side(realms=[("Vale", False, "Watchtower")], hand=["Knight", "Militia",
                                                                 GENIE_BOTTLE], draw=["Squire"])
    attacker["rule"] = [AGE_OF_ENTROPY]
    b = battle(e, attacker, side(realms=[("Vale", False, "Watchtower")],
                                 hand=["Priest", "Blessing"], pool=[DELSENORA], draw=["Giant"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Priest")
    assert b.totals() == [5, 5]
    b.play(0, "Militia")
    b.play(1, "Blessing")
    assert b.totals() == [7, 7]
    b.play(0, "The Genie Bottle")
    assert not b.find("event_cancelled")
    assert b.find("totals")[-1].data["totals"] == [7, 3]
    assert b.names(0, "holdings")[0] is None and b.names(1, "holdings")[0] is None
    assert b.state.players[0].rule == []
    assert {"Practice Watchtower", "Age of Entropy"} <= set(b.names(0, "discard"))
    assert {"Practice Watchtower", "Practice Blessing"} <= set(b.names(1, "discard"))
    assert "Delsenora" in b.pool_names(1)
    assert b.b.outcome == "razed" and b.b.winner == 0
    check(b)


# --- pick_opponent ------------------------------------------------------------------------------


def test_stryck_picks_the_weakest_champion_of_the_defenders_pool():
    # Stryck (monster 7, dragon, flyer): "When Stryck attacks, she gets to pick her opponent
    # from those champions in the defender's pool." [decided] the weakest: the Knight with its
    # Sword (5 + 2 = 7), the Griffon (6), the Mage with its Orb (4 + 3 = 7): the Griffon
    # defends, without a choice of the defender (the Wyrm in hand stays there); 7 against 6.
    stryck, = real(STRYCK)
    e = make_engine(stryck)
    b = battle(e, side(realms=["Vale"], hand=[STRYCK], draw=["Squire"]),
               side(realms=["Vale"], hand=["Wyrm"], draw=["Militia"],
                    pool=[("Knight", ["Sword"]), "Griffon", ("Mage", ["Orb"])]))
    b.attack("A")
    b.present(0, "Stryck")
    assert b.find("opponent_picked")
    presented = b.find("champion_presented")[-1]
    assert presented.player == 1 and presented.data == {"card": "PR/23", "from": "pool"}
    assert b.find("totals")[-1].data["totals"] == [7, 6]
    assert b.b.outcome == "razed" and "Practice Griffon" in b.names(1, "discard")
    assert b.names(1, "hand") == ["Practice Wyrm"]
    check(b)
    # An empty pool: the defender chooses as usual (step C).
    b = battle(e, side(realms=["Vale"], hand=[STRYCK], draw=["Squire"]),
               side(realms=["Vale"], hand=["Wyrm"], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Stryck")
    assert b.b.step == "defender" and not b.find("opponent_picked")


# --- draw_and_play ------------------------------------------------------------------------------


def test_north_ledopolus_draws_a_card_and_plays_it_in_defense():
    # North Ledopolus (holding): "One card can be drawn and played immediately in defense of the
    # attached realm." Lost Oasis (holding): "The owner can draw one card and play it
    # immediately when the attached realm is attacked." The Mage (4) defends against the Knight
    # (5); the defender draws the Giant (+4) and plays it at once: 8 against 5.
    ledopolus, oasis = real(NORTH_LEDOPOLUS, LOST_OASIS)
    e = make_engine(ledopolus, oasis)
    for holding in (NORTH_LEDOPOLUS, LOST_OASIS):
        b = battle(e, side(realms=["Vale"], hand=["Knight"], draw=["Squire"]),
                   side(realms=[("Vale", False, holding)], hand=["Mage"],
                        draw=["Giant", "Militia"]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "Mage")
        assert b.find("drawn_for_defense")
        assert b.find("card_played")[-1].data == {"card": "PR/31"}
        assert b.find("totals")[-1].data["totals"] == [5, 8]
        # The Knight has nothing more: the defender wins and draws the Militia as spoils.
        assert b.b.outcome == "repelled" and b.names(1, "draw") == []
        check(b)
    # A realm card drawn cannot be played in the round: it stays in the hand (5 against 4).
    b = battle(e, side(realms=["Vale"], hand=["Knight"], draw=["Squire"]),
               side(realms=[("Vale", False, NORTH_LEDOPOLUS)], hand=["Mage"],
                    draw=["Harbor", "Militia"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    assert b.names(1, "hand") == ["Practice Harbor"]
    assert b.find("totals")[-1].data["totals"] == [5, 4]
    # Without the holding nothing is drawn.
    b = battle(e, side(realms=["Vale"], hand=["Knight"], draw=["Squire"]),
               side(realms=["Vale"], hand=["Mage"], draw=["Giant"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    assert not b.find("drawn_for_defense") and b.names(1, "draw") == ["Practice Giant"]


# --- what each card compiles to (from its printed text) -------------------------------------------

COMPILED = {
    GREYHAWK_RUINS: [{"kind": "champions_gain", "amount": 2, "condition": {"self_worlds": [2]}}],
    RING_OF_SHOOTING_STARS: [{"kind": "lend_from_pool", "amount": 1}],
    SPIRIT_OF_THE_LAND: [{"kind": "restore_realm"}, {"kind": "end_battle"}],
    SIEGE: [{"kind": "raze_first_realms"}],
    LIGHTNING_BOLT: [{"kind": "destroy_ally_or_item", "amount": 4}],
    ANCIENT_CURSE: [{"kind": "discard_armed_champion"}],
    ARMS_OF_FURYONDY: [{"kind": "realm_immune_harmful_events"}],
    CRUSHING_FIST: [{"kind": "levels_or_item", "amount": 4}],
    CONTROL_UNDEAD: [{"kind": "take_ally_from_hand", "attributes": [40]}],
    EMBER: [{"kind": "extra_spoils_if_defeated", "amount": 1}],
    PRISMAL: [{"kind": "may_use", "uses": ["d4", "o4", "d19", "o19"]},
              {"kind": "immune_to", "card_types": [9], "mark": "off"},
              {"kind": "attack_anywhere", "condition": {"realm_worlds": [1]}},
              {"kind": "extra_spoils_if_razes", "amount": 1, "condition": {"realm_worlds": [1]}}],
    SPELL_TURNING: [{"kind": "turn_spell"}],
    GENIE_BOTTLE: [{"kind": "dispel_all"}, {"kind": "not_cancelable"}],
    STRYCK: [{"kind": "pick_opponent", "condition": {"when": "attacking"}}],
    NORTH_LEDOPOLUS: [{"kind": "draw_and_play"}],
    LOST_OASIS: [{"kind": "draw_and_play"}],
}
"""Each card's effects, read by hand off its printed text (Prismal's first sentence: "can cast
wizard and cleric spells and is immune to offensive magical items", compiled before)."""


def test_the_cards_compile_to_their_printed_powers():
    for key, effects in COMPILED.items():
        c, = real(key)
        assert c.power is Power.MODELLED, key
        assert [e.to_json() for e in c.effects] == effects, key
