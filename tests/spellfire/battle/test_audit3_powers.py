"""Issue 13, audit 3: real cards modelled tonight (the 1st Edition long tail and rest, the 3rd
and 4th Editions, the booster sets), played in scripted battles and checked against their
printed text (quoted in each test).

Cards are read from the CrossFire data (``../shared/data/crossfire``; the built-in pack
otherwise); a test skips when a card is in neither. Totals are worked out in the comments from
the practice cards (``battle_helpers``): Knight hero 5, Griffon flying monster 6, Mage wizard 4,
Militia ally +2, Giant ally +4, Squire ally +1. Hand-made cards (set ``T``) are of the types,
levels and attributes the comments give (attribute 37 swimmer, 16 flyer).
"""

from __future__ import annotations

from combatzoo.envs.spellfire.cards.cards import CardType, Power
from combatzoo.envs.spellfire.cards.compiler import compile_card
from combatzoo.envs.spellfire.cards.crossfire import Record
from combatzoo.envs.spellfire.cards.effects import EffectKind

from .battle_helpers import battle, card, check, make_engine, side
from .test_card_powers import real

SWIMMER = 37

# --- movement adjectives in a subject (RULES.md §1 movement powers) ---------------------------

THRONE_OF_THE_SEAS = "4th/465"


def _throne_battle(champion_attrs: tuple[int, ...]):
    # A hand-made hero of level 5 (with the attributes given) carrying Throne of the Seas
    # (artifact +5), attacking a hand-made hero of level 14. The attacker, losing, plays a
    # hand-made swimming ally (+1, a swimmer), then the Militia (+2, no swimmer).
    throne, = real(THRONE_OF_THE_SEAS)
    hero = card(1, "T Diver", CardType.HERO, level=5, attributes=champion_attrs)
    eel = card(2, "T Eel", CardType.ALLY, bonus=1, attributes=(SWIMMER,))
    lord = card(3, "T Lord", CardType.HERO, level=14)
    b = battle(make_engine(throne, hero, eel, lord),
               side(realms=["Vale"], hand=["T/2", "Militia"],
                    pool=[("T/1", [THRONE_OF_THE_SEAS])]),
               side(realms=["Vale", "Harbor"], hand=["T/3"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "T Diver", zone="pool")
    b.present(1, "T Lord")
    return b


def test_throne_of_the_seas_raises_swimmers_only():
    # Throne of the Seas: "Swimming champions and allies gain 2 levels." The swimming hero:
    # 5 + 5 (the artifact) + 2 = 12 against 14. The swimming ally: +1 + 2 = 3 (15 against 14).
    b = _throne_battle((SWIMMER,))
    assert b.totals() == [12, 14]
    b.play(0, "T Eel")
    assert b.totals() == [15, 14]
    check(b)


def test_throne_of_the_seas_does_not_raise_a_champion_that_cannot_swim():
    # The same hero without the swimmer attribute: 5 + 5 = 10, no gain of its own; the
    # swimming ally still gains (+1 + 2 = 3: 13); the Militia is no swimmer: +2 only (15).
    # (Before audit 3 "swimming" was not read: the hero made 12, and 12 + 3 + 4 = 19.)
    b = _throne_battle(())
    assert b.totals() == [10, 14]
    b.play(0, "T Eel")
    assert b.totals() == [13, 14]
    b.play(0, "Militia")
    assert b.totals() == [15, 14]
    check(b)


def _compile(text: str, type_: int = int(CardType.ARTIFACT)):
    rec = Record("T", 1, "+3", CardType(type_), 1, False, "T Card", text, "C", "", (), (), "1")
    return compile_card(rec)


def test_movement_adjectives_name_the_gainers():
    # "Flying allies gain 2 levels": the ally gain reads the flyer attribute (16), not every
    # ally; "non-swimming ..." (a movement negated) is not expressible: not modelled.
    effects, power = _compile("Flying allies gain 2 levels.")
    assert power is Power.MODELLED
    assert [(e.kind, e.attributes) for e in effects] == [(EffectKind.ALLIES_GAIN, (16,))]
    _, power = _compile("All non-swimming champions and allies gain 2 levels.")
    assert power is Power.UNMODELLED
