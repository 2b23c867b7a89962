"""A small designed practice pack: made-up cards in the project's own vocabulary (set ``"PR"``).

Not real Spellfire cards: numbers and powers are designed here so that every rule of the battle
engine shows up in a short game (realms that must be defeated twice or defend themselves,
flyers and swimmers, (Off) spells and immunities, a Cataclysm-like event...). It needs no data
files, so the env runs even without the built-in pack (``pack="practice"``), and scripted tests
may borrow its cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .cards import Attribute, Card, CardType, LevelField, Mark, Power, World
from .effects import Condition, Effect, EffectKind, When

SET = "PR"


def _card(number: int, name: str, type_: CardType, *, level: int | None = None,
          bonus: int | None = None, world: World = World.FORGOTTEN_REALMS,
          attributes: tuple[int, ...] = (), mark: Mark | None = None,
          effects: tuple[Effect, ...] = (), uses: tuple[str, ...] = ()) -> Card:
    return Card(SET, number, name, type_, world, LevelField(level=level, bonus=bonus),
                attributes=frozenset(int(a) for a in attributes), uses=frozenset(uses),
                mark=mark, effects=effects,
                power=Power.MODELLED if effects else Power.NONE)


CARDS: tuple[Card, ...] = (
    # Realms
    _card(1, "Practice Vale", CardType.REALM),
    _card(2, "Practice Harbor", CardType.REALM, attributes=(Attribute.COASTAL,)),
    _card(3, "Practice Walls", CardType.REALM, bonus=2),
    _card(4, "Practice Citadel", CardType.REALM,
          effects=(Effect(EffectKind.DEFEAT_TWICE),)),
    _card(5, "Practice Peak", CardType.REALM, level=4,
          effects=(Effect(EffectKind.DEFEND_AS, amount=4, champion_type=int(CardType.HERO)),
                   Effect(EffectKind.NOT_ATTACKABLE_BY, movement=("flyer",)))),
    _card(6, "Practice Academy", CardType.REALM,
          effects=(Effect(EffectKind.MAY_USE, uses=("d19", "o19")),)),
    # Holdings
    _card(10, "Practice Watchtower", CardType.HOLDING,
          effects=(Effect(EffectKind.GAIN_LEVELS, amount=2,
                          condition=Condition(When.DEFENDING)),)),
    # Champions
    _card(20, "Practice Knight", CardType.HERO, level=5),
    _card(21, "Practice Mage", CardType.WIZARD, level=4,
          effects=(Effect(EffectKind.IMMUNE_OFFENSIVE_SPELLS),)),
    _card(22, "Practice Priest", CardType.CLERIC, level=3, world=World.GREYHAWK,
          effects=(Effect(EffectKind.GAIN_LEVELS, amount=3,
                          condition=Condition(vs_attributes=(int(Attribute.UNDEAD),))),)),
    _card(23, "Practice Griffon", CardType.MONSTER, level=6, world=World.NO_WORLD,
          attributes=(Attribute.FLYER,)),
    _card(24, "Practice Rogue", CardType.THIEF, level=3),
    _card(25, "Practice Wyrm", CardType.MONSTER, level=8, world=World.DRAGONLANCE,
          attributes=(Attribute.FLYER, Attribute.DRAGON)),
    _card(26, "Practice Seer", CardType.PSIONICIST, level=4, world=World.DARK_SUN),
    _card(27, "Practice Shark", CardType.MONSTER, level=5, world=World.NO_WORLD,
          attributes=(Attribute.SWIMMER,)),
    _card(28, "Practice Ghoul", CardType.MONSTER, level=4, world=World.RAVENLOFT,
          attributes=(Attribute.UNDEAD,),
          effects=(Effect(EffectKind.DESTROY_CHAMPION, amount=2),)),
    _card(29, "Practice Champion", CardType.HERO, level=6,
          effects=(Effect(EffectKind.ATTACK_AGAIN),)),
    # Allies
    _card(30, "Practice Militia", CardType.ALLY, bonus=2),
    _card(31, "Practice Giant", CardType.ALLY, bonus=4),
    _card(32, "Practice Squire", CardType.ALLY, bonus=1),
    # Magical items and artifacts
    _card(40, "Practice Sword", CardType.MAGICAL_ITEM, bonus=2),
    _card(41, "Practice Shield", CardType.MAGICAL_ITEM, bonus=1, mark=Mark.DEF),
    _card(45, "Practice Orb", CardType.ARTIFACT, bonus=3),
    # Spells
    _card(50, "Practice Bolt", CardType.WIZARD_SPELL, bonus=3, mark=Mark.OFF),
    _card(51, "Practice Blessing", CardType.CLERIC_SPELL, bonus=2, mark=Mark.DEF),
    _card(52, "Practice Banishing", CardType.WIZARD_SPELL, mark=Mark.OFF,
          effects=(Effect(EffectKind.DESTROY_CHAMPION, amount=4),)),
    _card(53, "Practice Haste", CardType.CLERIC_SPELL, bonus=1, mark=Mark.DEF,
          effects=(Effect(EffectKind.PLAY_ANY_TIME),)),
    # Events and others
    _card(60, "Practice Quake", CardType.EVENT, world=World.NO_WORLD,
          effects=(Effect(EffectKind.RAZE_REALM),)),
    _card(61, "Practice Treasure", CardType.EVENT, world=World.NO_WORLD,
          effects=(Effect(EffectKind.DISCARD_OPPOSING_CHAMPION,
                          condition=Condition(vs_types=(int(CardType.MONSTER),))),)),
    _card(62, "Practice Rally", CardType.EVENT, world=World.NO_WORLD,
          effects=(Effect(EffectKind.GAIN_LEVELS, amount=2),)),
    _card(70, "Practice Punch", CardType.UNARMED_COMBAT, bonus=2),
    _card(71, "Practice Mind Blast", CardType.PSIONIC_POWER, bonus=3, mark=Mark.OFF),
)

_BY_KEY = {c.key: c for c in CARDS}


def _deck(counts: Mapping[int, int]) -> tuple[str, ...]:
    keys: list[str] = []
    for number, n in counts.items():
        keys += [f"{SET}/{number}"] * n
    return tuple(keys)


# Two 55-card decks (repeats allowed: this is a practice pack, not a tournament format).
_DECK_A = {1: 3, 2: 2, 3: 2, 4: 2, 5: 1, 6: 1, 10: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 1,
           29: 1, 30: 3, 31: 2, 32: 3, 40: 3, 41: 2, 45: 2, 50: 3, 51: 3, 52: 1, 53: 2,
           60: 1, 61: 2, 62: 2, 70: 3}
_DECK_B = {1: 3, 2: 3, 3: 2, 4: 1, 5: 2, 6: 1, 10: 2, 25: 1, 26: 2, 27: 2, 28: 2, 20: 2,
           23: 1, 24: 2, 30: 3, 31: 2, 32: 3, 40: 3, 41: 2, 45: 2, 50: 2, 51: 2, 53: 1,
           60: 1, 61: 1, 62: 2, 70: 2, 71: 3}


@dataclass(frozen=True)
class PracticePack:
    """The same shape as ``pack.Pack`` (cards by key, deck titles to card keys)."""

    cards: Mapping[str, Card]
    decks: Mapping[str, tuple[str, ...]]
    source: str = "practice (designed here)"

    def deck_cards(self, title: str) -> list[Card]:
        return [self.cards[k] for k in self.decks[title]]


def load_practice_pack() -> PracticePack:
    """The practice pack: its cards and two decks, "Practice A" and "Practice B"."""
    return PracticePack(dict(_BY_KEY), {"Practice A": _deck(_DECK_A),
                                        "Practice B": _deck(_DECK_B)})
