"""The cards of chance (issue 13, c1st5): the phrase rules of the compiler's section "1st
Edition, cards of chance", on the real cards (CrossFire data, skipped without it) and on
made-up records of our own wording (so that the rules are tested on a fresh machine too).

The effects expected are read off the printed text by hand (quoted beside each card).
"""

from __future__ import annotations

import pytest
from combatzoo.envs.spellfire.cards import crossfire as cf
from combatzoo.envs.spellfire.cards.cards import CardType, Power
from combatzoo.envs.spellfire.cards.compiler import compile_card
from combatzoo.envs.spellfire.cards.effects import Effect, EffectKind

from .test_compiler import CROSSFIRE, needs_data, record

K = EffectKind
SHUFFLED = Effect(K.CHANCE_SHUFFLED_BACK)
RANDOM_DISCARD = Effect(K.CHANCE_HAND_DISCARD)


@pytest.fixture(scope="module")
def db() -> cf.Database:
    return cf.read_database(CROSSFIRE)


@needs_data
@pytest.mark.parametrize("key", ["1st/166", "2nd/166", "3rd/166", "IT/166", "NO/166", "SP/166"])
def test_lolth_is_shuffled_back_in_every_printing(db: cf.Database, key: str) -> None:
    # Lolth, the Spider Queen: "Lolth can cast both wizard and cleric spells. If Lolth is
    # defeated, shuffle her back into the draw deck." The spells are may_use (read before).
    got, power = compile_card(db.get(key))
    assert power is Power.MODELLED, key
    assert got[-1] == SHUFFLED and [e.kind for e in got] == [K.MAY_USE, K.CHANCE_SHUFFLED_BACK]


@needs_data
@pytest.mark.parametrize("key", ["1st/449", "IT/409", "SP/409"])
def test_shalbaal_discards_at_random_in_every_printing(db: cf.Database, key: str) -> None:
    # Shalbaal, Red Dragon: "Flyer. Every time Shalbaal wins a round of battle, the player
    # randomly draws one card from the defeated player's hand and discards it. The player must
    # laugh while doing this." Flyer is its attribute; the laugh is not combat.
    assert compile_card(db.get(key)) == ((RANDOM_DISCARD,), Power.MODELLED)


@needs_data
def test_the_lolth_avatar_stays_not_modelled(db: cf.Database) -> None:
    # 4th/489, Lolth, the Spider Avatar: "... shuffle her back into the draw deck along with the
    # drow used to summon her": the drow are not read.
    assert compile_card(db.get("4th/489"))[1] is Power.UNMODELLED


def test_shuffled_back_is_read_on_champions_only() -> None:
    text = "If Tester is defeated, shuffle him back into the draw deck."
    assert compile_card(record(text, CardType.HERO)) == ((SHUFFLED,), Power.MODELLED)
    assert compile_card(record(text, CardType.ALLY, level="+3"))[1] is Power.UNMODELLED


def test_random_hand_discard_is_read_on_champions_only() -> None:
    text = ("Every time Tester wins a round of battle, the player randomly draws one card from "
            "the defeated player's hand and discards it.")
    assert compile_card(record(text, CardType.MONSTER)) == ((RANDOM_DISCARD,), Power.MODELLED)
    assert compile_card(record(text, CardType.EVENT, level=""))[1] is Power.UNMODELLED
