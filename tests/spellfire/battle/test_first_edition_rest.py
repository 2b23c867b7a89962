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

from .battle_helpers import battle, check, make_engine, side
from .test_card_powers import real

GREYHAWK_RUINS, RING_OF_SHOOTING_STARS = "1st/125", "1st/208"


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
