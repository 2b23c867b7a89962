"""Scripted Spellfire battles for the card powers beyond the first nineteen kinds of the effect
vocabulary, and for conditions on one's own champion, the realm and the cards in play.

Each power is on a hand-made card (set ``T``) named after what it does; the numbers are worked
out in the comments from the practice cards (Knight hero 5, Griffon flying monster 6, Rogue
thief 3, Militia ally +2, Giant ally +4, Squire ally +1, Sword item +2, Bolt wizard spell +3).
"""

from __future__ import annotations

from combatzoo.envs.spellfire.cards.cards import Attribute, CardType, Mark, World
from combatzoo.envs.spellfire.cards.effects import Condition, Effect, EffectKind, When

from .battle_helpers import battle, card, check, make_engine, side

E = EffectKind
DEFENDING = Condition(When.DEFENDING)


def start(e, attacker_hand, defender_hand, realm="Vale", attacker="Knight", defender="Griffon",
          attacker_pool=(), defender_realms=None, attacker_zone="hand"):
    b = battle(e, side(realms=["Vale"], hand=attacker_hand, pool=list(attacker_pool),
                       draw=["Squire"]),
               side(realms=defender_realms or [realm], hand=defender_hand, draw=["Squire"]))
    b.attack("A")
    b.present(0, attacker, zone=attacker_zone)
    if defender is not None:
        b.present(1, defender)
    return b


def test_conditions_on_ones_own_champion_the_realm_and_cards_in_play():
    moor = card(1, "T Moor", CardType.REALM, effects=(
        Effect(E.GAIN_LEVELS, amount=4, condition=Condition(When.DEFENDING, self_types=(
            int(CardType.MONSTER),))),))
    chult = card(2, "T Chult", CardType.REALM)
    hunter = card(3, "T Hunter", CardType.HERO, level=3, effects=(
        Effect(E.GAIN_LEVELS, amount=3, condition=Condition(When.DEFENDING,
                                                            at_realm=("Chult",))),))
    keep = card(4, "T Darkhold", CardType.REALM, effects=(
        Effect(E.GAIN_LEVELS, amount=2, condition=Condition(When.DEFENDING,
                                                            card_in_play=("Zhentil",))),))
    zhent = card(5, "Zhentil Keep", CardType.REALM)  # the name begins with the wanted one
    e = make_engine(moor, chult, hunter, keep, zhent)
    # A defending monster gains 4 on the Moor (Griffon 6 + 4), a hero does not.
    assert start(e, ["Knight", "Giant"], ["Griffon"], realm="T/1").totals() == [5, 10]
    assert start(e, ["Knight", "Giant"], ["Knight"], realm="T/1",
                 defender="Knight").totals() == [5, 5]
    # The Hunter gains 3 defending a realm named Chult: 6 against the Knight's 5.
    assert start(e, ["Knight", "Giant"], ["T/3"], realm="T/2",
                 defender="T Hunter").totals() == [5, 6]
    assert start(e, ["Knight", "Giant"], ["T/3"], realm="Vale",
                 defender="T Hunter").totals() == [5, 3]
    # Darkhold gains 2 while a card named Zhentil Keep is in play anywhere (a standing realm).
    assert start(e, ["Knight", "Giant"], ["Rogue"], realm="T/4",
                 defender="Rogue").totals() == [5, 3]
    b = start(e, ["Knight", "Giant"], ["Rogue"], defender_realms=["T/4", "T/5"],
              defender="Rogue")
    assert b.totals() == [5, 5]


def test_allies_barred_and_no_spells():
    warden = card(6, "T Warden", CardType.HERO, level=5, effects=(Effect(E.ALLIES_BARRED),))
    silence = card(7, "T Silence", CardType.EVENT, world=World.NO_WORLD,
                   effects=(Effect(E.NO_SPELLS),))
    e = make_engine(warden, silence)
    # The defending Warden bars the attacker's allies: the Mage (4 vs 5) may cast Bolt only.
    b = start(e, ["Mage", "Militia", "Bolt"], ["T/6"], attacker="Mage", defender="T Warden")
    assert b.legal_labels(0) == ["Play hand 1", "Pass (play no more cards)"]
    # After Silence, no spell may be cast by either side.
    b = start(e, ["Mage", "Bolt", "T/7", "Squire"], ["Griffon"], attacker="Mage")
    b.play(0, "T Silence")  # 4 vs 6, still losing: the attacker goes on
    assert b.legal_labels(0) == ["Play hand 1", "Pass (play no more cards)"]  # Squire only
    check(b)


def test_destroy_allies_destroy_items_and_opposing_allies_lose():
    fireball = card(8, "T Fireball", CardType.WIZARD_SPELL, mark=Mark.OFF,
                    effects=(Effect(E.DESTROY_ALLIES, amount=2),))
    rust = card(9, "T Rust", CardType.EVENT, world=World.NO_WORLD,
                effects=(Effect(E.DESTROY_ITEMS),))
    e = make_engine(fireball, rust)
    b = start(e, ["Mage", "Squire", "Militia", "T/8", "Bolt"], ["Griffon", "Giant", "Militia"],
              attacker="Mage")
    b.play(0, "Squire")  # 5 vs 6
    b.play(0, "Militia")  # 7 vs 6
    b.play(1, "Militia")  # 7 vs 8
    b.play(0, "T Fireball")  # the defender's Militia (+2 <= 2) is destroyed: 7 vs 6
    assert b.totals() == [7, 6]
    assert b.names(1, "discard") == ["Practice Militia"]
    check(b)
    b = battle(e, side(realms=["Vale"], hand=["Rogue", "T/9", "Militia"]),
               side(realms=["Vale"], pool=[("Knight", ["Sword", "Orb"])], hand=["Squire"]))
    b.attack("A")
    b.present(0, "Rogue")
    b.present(1, "Knight", zone="pool")  # 3 vs 10
    b.play(0, "T Rust")  # the Sword (magical item) goes; the Orb (artifact) stays: 3 vs 8
    assert b.totals() == [3, 8]
    assert b.names(1, "discard") == ["Practice Sword"]


def test_destroy_all_monsters_discards_an_attacking_monster_and_pool_monsters():
    # Seed 001's Treasure example, written as destroy_all of monsters (as the built-in pack
    # writes Treasure): the attacking Griffon is discarded by card play, the defender draws
    # spoils; the attacker's pool Shark goes too.
    hoard = card(10, "T Hoard", CardType.EVENT, world=World.NO_WORLD,
                 effects=(Effect(E.DESTROY_ALL, card_types=(int(CardType.MONSTER),)),))
    e = make_engine(hoard)
    b = start(e, ["Griffon"], ["Knight", "T/10"], attacker="Griffon", defender="Knight",
              attacker_pool=["Shark"])
    b.play(1, "T Hoard")
    assert b.b.outcome == "repelled" and b.b.winner == 1
    assert sorted(b.names(0, "discard")) == ["Practice Griffon", "Practice Shark"]
    assert b.pool_names(1) == ["Practice Knight"]
    assert b.names(1, "hand") == ["Practice Squire"]  # spoils: an ally, to hand
    check(b)


def test_end_battle_returns_both_champions_with_no_spoils():
    truce = card(11, "T Truce", CardType.EVENT, world=World.NO_WORLD,
                 effects=(Effect(E.END_BATTLE),))
    e = make_engine(truce)
    b = start(e, ["Knight", "T/11"], ["Griffon"])
    b.play(0, "T Truce")
    assert b.b.outcome == "ended" and b.b.winner is None
    assert b.pool_names(0) == ["Practice Knight"] and b.pool_names(1) == ["Practice Griffon"]
    assert not b.find("spoils_drawn") and e.returns(b.state) == [0.0, 0.0]
    check(b)


def test_a_wall_stops_an_attacker_that_cannot_fly():
    wall = card(12, "T Wall", CardType.WIZARD_SPELL, mark=Mark.DEF,
                effects=(Effect(E.ONLY_ATTACKABLE_BY, movement=("flyer",),
                                condition=DEFENDING),))
    e = make_engine(wall)
    b = start(e, ["Wyrm", "Squire"], ["Mage", "T/12"], attacker="Wyrm", defender="Mage")
    b.play(1, "T Wall")  # the Wyrm flies: no effect, 8 vs 4
    assert b.b.step == "over" and b.b.outcome == "razed"
    b = start(e, ["Knight", "Squire"], ["Mage", "T/12"], defender="Mage")
    b.play(1, "T Wall")
    assert b.b.outcome == "ended" and e.returns(b.state) == [0.0, 0.0]
    check(b)


def test_escape_returns_the_losing_champion_and_gives_no_spoils():
    ghost = card(13, "T Ghost", CardType.MONSTER, level=3, world=World.NO_WORLD,
                 attributes=(Attribute.UNDEAD,), effects=(Effect(E.ESCAPE),))
    e = make_engine(ghost)
    b = start(e, ["T/13"], ["Griffon"], attacker="T Ghost")
    assert b.b.outcome == "repelled" and b.b.winner == 1
    assert b.pool_names(0) == ["T Ghost"]
    assert not b.find("spoils_drawn")  # seed 001: a champion back in its pool gives none
    check(b)


def test_defenders_barred_gain_movement_and_cannot_attack():
    gate = card(14, "T Gate", CardType.REALM, effects=(
        Effect(E.DEFENDERS_BARRED, card_types=(int(CardType.MONSTER),)),))
    carpet = card(15, "T Carpet", CardType.MAGICAL_ITEM, bonus=0,
                  effects=(Effect(E.GAIN_MOVEMENT, movement=("flyer",)),))
    coward = card(16, "T Coward", CardType.HERO, level=9, effects=(Effect(E.CANNOT_ATTACK),))
    e = make_engine(gate, carpet, coward)
    b = battle(e, side(realms=["Vale"], hand=["Knight"]),
               side(realms=["T/14"], hand=["Griffon", "Rogue"]))
    b.attack("A")
    b.present(0, "Knight")
    assert b.legal_labels(1) == ["Champion from hand 1", "Decline to defend (realm razed)"]
    # The Carpet lets the pool Knight fly over realm A to C; the Coward never attacks.
    b = battle(e, side(realms=["Vale"], pool=[("Knight", ["T/15"])], hand=["T/16"]),
               side(realms=["Vale", "Vale", "Harbor"], hand=["Rogue"]))
    assert b.legal_labels(0) == ["Make no attack / end the attack", "Attack realm A",
                                 "Attack realm B", "Attack realm C"]
    b.attack("C")
    assert b.legal_labels(0) == ["Champion from pool 0"]
