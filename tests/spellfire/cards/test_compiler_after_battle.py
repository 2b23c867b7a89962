"""The compiler's "after the battle" section (issue 13): powers that act when a round is over
(seed 001) and the printed costs of avatars (seed 001: "Avatars can be played as spoils, but the
cost associated with them must also be met").

Made-up phrases are our own wording of the printed patterns; the hand-checked cards are read from
the CrossFire data at test time (skipped without it), each expected value worked out from the
card's printed text.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from combatzoo.envs.spellfire.cards import crossfire as cf
from combatzoo.envs.spellfire.cards.cards import CardType, Power, World
from combatzoo.envs.spellfire.cards.compiler import compile_card
from combatzoo.envs.spellfire.cards.effects import Condition, Effect, EffectKind

from .test_compiler import compiled, db, needs_data, record  # noqa: F401  (db: a fixture)

K = EffectKind
HERO, WIZARD, CLERIC, MONSTER = (int(t) for t in (CardType.HERO, CardType.WIZARD,
                                                  CardType.CLERIC, CardType.MONSTER))
FLYER, UNDEAD, ELF, DROW, GIANT, DRAGON, EARTHWALKER = 16, 40, 14, 10, 17, 8, 13


def avatar(text: str) -> cf.Record:
    return replace(record(text, CardType.HERO, "12"), avatar=True)


# ---- after the battle ------------------------------------------------------------------------

@pytest.mark.parametrize("text, effects", [
    ("If the ogre is defeated, it also forces the champion who killed it to be discarded.",
     (Effect(K.AVENGE_DISCARD),)),
    ("Goblins explode if defeated, sending the opposing champion to its discard pile.",
     (Effect(K.AVENGE_DISCARD),)),
    ("If defeated, the lich forces one razed enemy realm to be discarded, or razes one realm.",
     (Effect(K.AVENGE_RAZE),)),
    ("An opposing champion is discarded at the end of this round of combat, win or lose.",
     (Effect(K.DISCARD_AFTER_ROUND),)),
    ("Opposing champions base level 4 or less are discarded after combat, win or lose.",
     (Effect(K.DISCARD_AFTER_ROUND, amount=4),)),
])
def test_made_up_after_battle_phrases(text: str, effects: tuple[Effect, ...]) -> None:
    assert compile_card(record(text)) == (effects, Power.MODELLED)


def test_other_consequences_of_a_defeat_stay_not_combat() -> None:
    # The "not combat" reading of other after-defeat powers is unchanged.
    assert compile_card(record("If defeated, the player draws two cards.")) == ((), Power.NONE)


@needs_data
@pytest.mark.parametrize("key, effects", [
    # "If the aurak is defeated, it also forces the champion who killed it to be discarded."
    ("1st/418", (Effect(K.AVENGE_DISCARD),)),
    # "... Auraks explode if defeated, sending the opposing champion to its discard pile."
    ("DL/50", (Effect(K.AVENGE_DISCARD),)),
    # "Iuz can cast wizard spells. If defeated, Iuz forces one razed enemy realm to be
    # discarded, or razes one realm."
    ("1st/167", (Effect(K.MAY_USE, uses=("d19", "o19")), Effect(K.AVENGE_RAZE))),
    # "An opposing champion is discarded at the end of this round of combat, win or lose."
    ("NS/95", (Effect(K.DISCARD_AFTER_ROUND),)),
])
def test_the_seed_s_after_battle_cards(db: cf.Database, key: str,  # noqa: F811
                                       effects: tuple[Effect, ...]) -> None:
    assert compiled(db, key) == (effects, Power.MODELLED)


# ---- avatar costs ----------------------------------------------------------------------------

def _cost(count: int = 0, amount: int = 0, types: tuple[int, ...] = (),
          attrs: tuple[int, ...] = (), worlds: tuple[int, ...] = ()) -> Effect:
    return Effect(K.AVATAR_COST, count=count, amount=amount, card_types=types, attributes=attrs,
                  condition=Condition(self_worlds=worlds))


@pytest.mark.parametrize("text, cost", [
    ("Two Greyhawk wizards must be discarded to bring this avatar into play.",
     _cost(2, types=(WIZARD,), worlds=(int(World.GREYHAWK),))),
    ("A cleric of level 9 or higher must be discarded to bring the Tester into play.",
     _cost(1, 9, (CLERIC,))),
    ("Discard 11 levels of flying champions to bring the Tester into play.",
     _cost(0, 11, attrs=(FLYER,))),
])
def test_made_up_avatar_costs(text: str, cost: Effect) -> None:
    assert compile_card(avatar(text)) == ((cost,), Power.MODELLED)


def test_a_cost_on_a_card_that_is_no_avatar_is_not_read() -> None:
    text = "Two wizards must be discarded to bring the Tester into play."
    assert compile_card(record(text)) == ((), Power.UNMODELLED)


@needs_data
@pytest.mark.parametrize("key, cost", [
    ("4th/469", _cost(2, worlds=(int(World.DARK_SUN),))),  # two Dark Sun champions
    ("4th/470", _cost(2, attrs=(FLYER,))),  # two flying champions from any world
    ("4th/471", _cost(1, 12, (CLERIC,), worlds=(int(World.DARK_SUN),))),  # Dark Sun cleric 12+
    ("4th/472", _cost(1, types=(MONSTER,), attrs=(DRAGON,))),  # a monster (dragon) champion
    ("4th/473", _cost(1, 8, (HERO,))),  # a hero of level 8 or higher
    ("4th/474", _cost(1, 7, (MONSTER,), (EARTHWALKER,))),  # an earthwalking monster 7 or more
    ("4th/475", _cost(1, 12, (MONSTER,))),  # a monster of level 12 or higher
    ("4th/477", _cost(1, 16, attrs=(ELF,))),  # an elf champion of level 16 or higher
    ("4th/478", _cost(1, 13, (HERO,))),  # a hero level 13 or higher
    ("4th/480", _cost(1, 14, attrs=(GIANT,))),  # a giant of level 14 or higher
    ("4th/481", _cost(0, 16, attrs=(FLYER,))),  # one or more flyers totaling 16 levels or more
    ("4th/484", _cost(1, 12, (MONSTER,))),  # a monster champion of level 12 or higher
    ("4th/485", _cost(3)),  # three champions
    ("4th/487", _cost(2, 9, (WIZARD,))),  # two level 9+ wizards
    ("4th/488", _cost(0, 10, attrs=(UNDEAD,))),  # 10+ levels of undead champions
    ("4th/489", _cost(2, attrs=(DROW,))),  # two drow champions
])
def test_fourth_edition_avatar_costs(db: cf.Database, key: str,  # noqa: F811
                                     cost: Effect) -> None:
    effects, _ = compiled(db, key)
    assert [e for e in effects if e.kind is K.AVATAR_COST] == [cost], key


@needs_data
@pytest.mark.parametrize("key", [
    "4th/476",  # a hero with an attached magical item
    "4th/479",  # another player's wizard defeated in combat
    "4th/482",  # three magical items of +3 (or three elf champions)
    "4th/483",  # an undead champion with a magical item or artifact
    "4th/486",  # a wizard immune to offensive spells
])
def test_fourth_edition_costs_not_read(db: cf.Database, key: str) -> None:  # noqa: F811
    effects, power = compiled(db, key)
    assert not any(e.kind is K.AVATAR_COST for e in effects) and power is Power.UNMODELLED
