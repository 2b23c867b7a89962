"""After-battle powers (issue 13; seed 001): real cards whose power acts once the round is over.

Seed 001: "In some cases, your opponent is discarded after combat if you play certain cards.
These cards have no effect on altering a successful attack or defense. A couple of examples are
Iuz the Evil and Aurak Draconians. Occasionally, some cards can even discard a successful
attacking champion, but these effects occur outside of the battle and do not affect the spoils
of victory unless it is specifically stated so on the card."

The cards are read from the CrossFire data (``../shared/data/crossfire``); the tests skip
without it (none of them is in the built-in pack). Practice cards (``battle_helpers``): Knight
hero 5, Griffon flying monster 6, Giant ally +4, Militia ally +2, Squire ally +1.
"""

from __future__ import annotations

from combatzoo.envs.spellfire.cards.cards import Attribute, CardType

from .battle_helpers import battle, card, check, make_engine, side
from .test_card_powers import names, real

AURAK_LORD, AURAKS, IUZ, DRAIN = "1st/418", "DL/50", "1st/167", "NS/95"


def test_aurak_draconian_lord_defeated_takes_the_victor_with_it():
    # Aurak Draconian Lord (monster 8): "If the aurak is defeated, it also forces the champion
    # who killed it to be discarded." The Knight wins the round (5 + 4 = 9 against 8): the
    # realm is razed and the attacker draws its spoils as usual (seed 000 steps I-J); only then,
    # outside of the battle, the Knight leaves the pool for the discard pile.
    lord, = real(AURAK_LORD)
    b = battle(make_engine(lord),
               side(realms=["Vale"], hand=["Knight", "Giant"], draw=["Squire"]),
               side(realms=["Vale", "Harbor"], hand=[AURAK_LORD], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Aurak Draconian Lord")
    b.play(0, "Giant")
    assert b.totals() == [9, 8]
    assert b.b.outcome == "razed" and b.b.winner == 0 and b.state.players[1].razed[0]
    # Spoils unchanged (seed 001): the attacker drew its Squire (an ally: to the hand).
    assert names(b, 0, "hand") == ["Squire"] and b.state.battle.spoils[1] is None
    assert b.pool_names(0) == []
    assert names(b, 0, "discard") == ["Giant", "Knight"]
    assert names(b, 1, "discard") == ["Aurak Draconian Lord"]
    after, = b.find("after_battle_discard")
    assert after.data == {"card": AURAK_LORD, "target": "PR/20"} and after.player == 1
    kinds = [ev.kind for ev in b.events]
    assert kinds.index("battle_over") < kinds.index("after_battle_discard")
    check(b)


def test_aurak_lord_that_wins_discards_nobody():
    # "If the aurak is defeated": winning the round (8 against the Knight's 5) sets off nothing.
    lord, = real(AURAK_LORD)
    b = battle(make_engine(lord), side(realms=["Vale"], hand=["Knight"], draw=["Squire"]),
               side(realms=["Vale"], hand=[AURAK_LORD], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Aurak Draconian Lord")
    assert b.b.outcome == "repelled" and b.pool_names(1) == ["Aurak Draconian Lord"]
    assert not b.find("after_battle_discard")
    check(b)


def test_aurak_draconians_explode_when_their_side_is_defeated():
    # Aurak Draconians (ally +4): "Auraks explode if defeated, sending the opposing champion to
    # its discard pile." Knight 5 + Auraks 4 = 9 against Griffon 6; the Giant makes it 9 to 10:
    # the attacker loses the round, the defender draws spoils (the attacking champion was
    # discarded, seed 001), and after the battle the Griffon goes to its discard pile.
    auraks, = real(AURAKS)
    b = battle(make_engine(auraks),
               side(realms=["Vale"], hand=["Knight", AURAKS], draw=["Squire"]),
               side(realms=["Vale"], hand=["Griffon", "Giant"], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Griffon")
    b.play(0, "Aurak Draconians")
    b.play(1, "Giant")
    assert b.totals() == [9, 10]
    assert b.b.outcome == "repelled" and b.b.winner == 1
    assert names(b, 1, "hand") == ["Militia"]  # the defender's spoils, unchanged
    assert b.pool_names(1) == []
    assert names(b, 1, "discard") == ["Giant", "Griffon"]
    assert names(b, 0, "discard") == ["Aurak Draconians", "Knight"]
    assert b.find("after_battle_discard")[0].data["target"] == "PR/23"
    check(b)


def test_iuz_the_evil_defeated_razes_one_enemy_realm():
    # Iuz the Evil (monster 8): "If defeated, Iuz forces one razed enemy realm to be discarded,
    # or razes one realm." Iuz attacks realm A and loses (8 against Griffon 6 + Giant 4 = 10):
    # the defender keeps its win and its spoils; after the battle one of its realms is razed
    # ([decided] the first standing one, A..F: Vale in A).
    iuz, = real(IUZ)
    b = battle(make_engine(iuz), side(realms=["Vale"], hand=[IUZ], draw=["Squire"]),
               side(realms=["Vale", "Harbor"], hand=["Griffon", "Giant"], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Iuz the Evil")
    b.present(1, "Griffon")
    b.play(1, "Giant")
    assert b.b.outcome == "repelled" and b.b.winner == 1
    assert names(b, 1, "hand") == ["Militia"]
    assert b.state.players[1].razed == [True, False, False, False, False, False]
    event, = b.find("after_battle_realm")
    assert event.data == {"card": IUZ, "slot": "A", "realm": "razed"}
    check(b)


def test_iuz_discards_a_razed_realm_when_none_stands():
    # Iuz defends and loses (Knight 5 + Giant 4 = 9 against 8; the defender has no card left
    # to play): the realm he defended is razed and the attacker draws spoils. The attacker's
    # own formation has no standing realm (Vale razed): Iuz forces that razed realm to be
    # discarded.
    iuz, = real(IUZ)
    b = battle(make_engine(iuz),
               side(realms=[("Vale", True)], hand=["Knight", "Giant", "Militia"],
                    draw=["Squire"]),
               side(realms=["Harbor"], hand=[IUZ], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Iuz the Evil")
    b.play(0, "Giant")
    assert b.b.outcome == "razed" and b.state.players[1].razed[0]
    assert names(b, 0, "hand") == ["Militia", "Squire"]  # the attacker's spoils
    assert b.state.players[0].realms == [None] * 6
    assert "Vale" in names(b, 0, "discard")
    assert b.find("after_battle_realm")[0].data["realm"] == "discarded"
    check(b)


def test_constitution_drain_discards_the_winner_after_the_round():
    # Constitution Drain (unarmed combat +2, Off, usable only by undead): "An opposing champion
    # is discarded at the end of this round of combat, win or lose." An undead monster 6 (a
    # hand-made card using undead-only unarmed combat, uses o102) plays it: 8 against the
    # Griffon's 6; the Giant makes it 8 to 10 and the undead loses. Win or lose, the Griffon
    # is discarded after the round; the defender's spoils stand.
    drain, = real(DRAIN)
    lich = card(1, "T Lich", CardType.MONSTER, level=6, uses=("o102", "d102"),
                attributes=(Attribute.UNDEAD,))
    b = battle(make_engine(drain, lich),
               side(realms=["Vale"], hand=["T/1", DRAIN], draw=["Squire"]),
               side(realms=["Vale"], hand=["Griffon", "Giant"], draw=["Militia"]))
    b.attack("A")
    b.present(0, "T Lich")
    b.present(1, "Griffon")
    b.play(0, "Constitution Drain")
    assert b.totals() == [8, 6]
    b.play(1, "Giant")
    assert b.b.outcome == "repelled" and b.b.winner == 1
    assert names(b, 1, "hand") == ["Militia"]
    assert b.pool_names(1) == [] and "Griffon" in names(b, 1, "discard")
    check(b)
