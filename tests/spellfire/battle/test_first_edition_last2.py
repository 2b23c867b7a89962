"""The last 1st Edition cards, second round (issue 13, c1st4): real cards whose printed powers
now compile, played in scripted battles and checked against their printed text.

Cards are read from the CrossFire data (``../shared/data/crossfire``); a test skips without it.
Totals are worked out in the comments from the practice cards (``battle_helpers``): Knight hero
5, Rogue thief 3, Seer psionicist 4, Griffon monster 6, Wyrm monster 8, Mage wizard 4, Militia
ally +2, Giant ally +4, Squire ally +1, Sword magical item +2, Bolt wizard spell +3, Quake event
("the attacked realm is razed").
"""

from __future__ import annotations

from .battle_helpers import battle, check, make_engine, side
from .test_card_powers import real

NIBENAY, STARVING_ARTIST = "1st/226", "1st/439"


# --- defeat_twice read anew: Nibenay -----------------------------------------------------------


def test_nibenay_is_razed_only_by_a_second_defeat_in_a_row():
    # Nibenay (realm): "This card is not flipped face down unless Nibenay is razed twice in a
    # row." The first won round leaves it standing and the attacker presents another champion
    # for it (seed 000 step I); the second won round razes it.
    e = make_engine(*real(NIBENAY))
    b = battle(e, side(realms=["Vale"], hand=["Knight", "Griffon"], draw=["Squire"]),
               side(realms=[NIBENAY], hand=["Rogue", "Seer"], draw=["Giant"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Rogue")
    # Knight 5 beats Rogue 3 (nothing left to play): the first defeat, not a razing.
    assert b.find("round_won")[0].player == 0
    assert not b.state.players[1].razed[0]
    assert b.b.step == "attacker" and b.b.outcome is None
    assert "Practice Rogue" in b.names(1, "discard")
    b.present(0, "Griffon")
    b.present(1, "Seer")
    # Griffon 6 beats Seer 4: the second defeat in a row razes Nibenay; spoils to the attacker.
    assert b.state.players[1].razed[0]
    assert b.b.outcome == "razed" and b.b.winner == 0
    assert b.names(0, "hand") == ["Practice Squire"]
    check(b)


def test_nibenay_stands_when_the_attack_ends_after_one_defeat():
    # "unless ... razed twice in a row": one defeat, then the attack ends: Nibenay stands and
    # no one draws spoils (the battle has no winner).
    e = make_engine(*real(NIBENAY))
    b = battle(e, side(realms=["Vale"], hand=["Knight", "Griffon"], draw=["Squire"]),
               side(realms=[NIBENAY], hand=["Rogue"], draw=["Giant"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Rogue")
    b.step(player_0="Make no attack / end the attack")
    assert b.b.outcome == "attack_ended" and b.b.winner is None
    assert not b.state.players[1].razed[0]
    assert b.names(0, "draw") == ["Practice Squire"]
    check(b)


# --- losing_side_starves: The Starving Artist --------------------------------------------------


def test_the_starving_artist_on_the_losing_attacker_leaves_no_spoils_and_two_cards():
    # The Starving Artist (ally +3): "If on the losing side of a battle, no one gains a spoils
    # of victory, and one opponent (this player's choice) must discard his hand down to two."
    artist, = real(STARVING_ARTIST)
    e = make_engine(artist)
    b = battle(e, side(realms=["Vale"], hand=["Rogue", STARVING_ARTIST], draw=["Squire"]),
               side(realms=["Vale"], hand=["Knight", "Militia", "Squire", "Griffon", "Bolt",
                                           "Giant"], draw=["Wyrm"]))
    b.attack("A")
    b.present(0, "Rogue")
    b.present(1, "Knight")
    assert b.totals() == [3, 5]
    b.play(0, "The Starving Artist")
    assert b.totals() == [6, 5]  # Rogue 3 + 3
    b.play(1, "Practice Militia")
    assert b.totals() == [6, 7]  # Knight 5 + 2; the attacker has nothing left: it loses
    assert b.b.outcome == "repelled" and b.b.winner == 1
    # No spoils: the defender's draw pile keeps the Wyrm.
    assert b.names(1, "draw") == ["Practice Wyrm"]
    assert not b.find("spoils_drawn")
    # The defender's hand was Squire +1, Griffon 6, Bolt +3, Giant +4: it keeps its best two,
    # the Griffon and the Giant; the Squire and the Bolt go to its discard pile after the
    # Militia of the round.
    assert b.names(1, "hand") == ["Practice Griffon", "Practice Giant"]
    assert b.names(1, "discard") == ["Practice Militia", "Practice Squire", "Practice Bolt"]
    assert b.names(0, "discard") == ["Practice Rogue", "The Starving Artist"]
    assert b.names(0, "draw") == ["Practice Squire"]
    check(b)


def test_the_starving_artist_on_the_razed_defender_starves_the_attacker():
    # The artist on the defender's side, which loses the round: the realm is razed, the
    # attacker draws no spoils and keeps two cards of its hand.
    artist, = real(STARVING_ARTIST)
    e = make_engine(artist)
    b = battle(e, side(realms=["Vale"], hand=["Knight", "Militia", "Sword", "Wyrm", "Squire",
                                              "Mage"], draw=["Giant"]),
               side(realms=["Vale", "Harbor"], hand=["Rogue", STARVING_ARTIST],
                    draw=["Griffon"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Rogue")
    b.play(1, "The Starving Artist")
    assert b.totals() == [5, 6]  # Rogue 3 + 3
    b.play(0, "Practice Militia")
    assert b.totals() == [7, 6]  # Knight 5 + 2; the defender has nothing left
    assert b.b.outcome == "razed" and b.b.winner == 0
    assert b.state.players[1].razed == [True, False, False, False, False, False]
    assert b.names(0, "draw") == ["Practice Giant"]  # no spoils
    # Sword +2, Wyrm 8, Squire +1, Mage 4: it keeps the Wyrm and the Mage.
    assert b.names(0, "hand") == ["Practice Wyrm", "Practice Mage"]
    assert b.names(0, "discard") == ["Practice Militia", "Practice Sword", "Practice Squire"]
    check(b)


def test_the_starving_artist_starves_a_razing_by_card_play():
    # Seed 001: the realm razed by card play ends the battle, the defender's side losing it.
    artist, = real(STARVING_ARTIST)
    e = make_engine(artist)
    b = battle(e, side(realms=["Vale"], hand=["Knight", "Quake", "Wyrm", "Squire", "Bolt"],
                       draw=["Giant"]),
               side(realms=["Vale"], hand=["Rogue", STARVING_ARTIST], draw=["Griffon"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Rogue")
    b.play(1, "The Starving Artist")
    assert b.totals() == [5, 6]
    b.play(0, "Practice Quake")
    assert b.b.outcome == "razed" and b.b.winner == 0
    assert b.names(0, "draw") == ["Practice Giant"]  # no spoils
    # Wyrm 8, Squire +1, Bolt +3: it keeps the Wyrm and the Bolt.
    assert b.names(0, "hand") == ["Practice Wyrm", "Practice Bolt"]
    assert "Practice Squire" in b.names(0, "discard")
    check(b)


def test_the_starving_artist_on_the_winning_side_does_nothing():
    # Not on the losing side: the battle's spoils are drawn as ever (seed 000 step J) and no
    # hand is cut.
    artist, = real(STARVING_ARTIST)
    e = make_engine(artist)
    b = battle(e, side(realms=["Vale"], hand=["Knight", "Wyrm", "Squire", "Bolt"],
                       draw=["Giant"]),
               side(realms=["Vale"], hand=["Rogue", STARVING_ARTIST], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Rogue")
    b.play(1, "The Starving Artist")
    assert b.totals() == [5, 6]  # Rogue 3 + 3 beats Knight 5
    b.pass_(0)
    assert b.b.outcome == "repelled" and b.b.winner == 1
    assert b.names(1, "hand") == ["Practice Militia"]  # its spoils, an ally, to the hand
    assert b.names(0, "hand") == ["Practice Wyrm", "Practice Squire", "Practice Bolt"]
    check(b)
