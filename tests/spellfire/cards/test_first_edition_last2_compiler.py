"""The last 1st Edition cards, second round (issue 13, c1st4): the phrase rules of the
compiler's section "1st Edition, last cards, second round", on the real cards (CrossFire data,
skipped without it) and on made-up records of our own wording (so that the rules are tested on
a fresh machine too).

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


@pytest.fixture(scope="module")
def db() -> cf.Database:
    return cf.read_database(CROSSFIRE)


@needs_data
@pytest.mark.parametrize("key, effects", [
    # Nibenay (realm), and its 2nd and 3rd Edition printings: "This card is not flipped face
    # down unless Nibenay is razed twice in a row." Two defeats of one battle.
    ("1st/226", (Effect(K.DEFEAT_TWICE),)),
    ("2nd/226", (Effect(K.DEFEAT_TWICE),)),
    ("3rd/226", (Effect(K.DEFEAT_TWICE),)),
    # The Starving Artist (ally +3): "If on the losing side of a battle, no one gains a spoils
    # of victory, and one opponent (this player's choice) must discard his hand down to two."
    ("1st/439", (Effect(K.LOSING_SIDE_STARVES, amount=2),)),
])
def test_the_last_first_edition_cards_second_round_compile(
        db: cf.Database, key: str, effects: tuple[Effect, ...]) -> None:
    got, power = compile_card(db.get(key))
    assert power is Power.MODELLED, key
    assert got == effects


def test_razed_twice_in_a_row_is_read_on_realms_only() -> None:
    text = "This card is not flipped face down unless Tester is razed twice in a row."
    assert compile_card(record(text, CardType.REALM, level="")) == (
        (Effect(K.DEFEAT_TWICE),), Power.MODELLED)
    assert compile_card(record(text, CardType.HERO))[1] is Power.UNMODELLED


def test_the_starving_artist_is_read_on_allies_with_its_number() -> None:
    text = ("If on the losing side of a battle, no one gains a spoils of victory, and one "
            "opponent (this player's choice) must discard his hand down to three.")
    assert compile_card(record(text, CardType.ALLY, level="+3")) == (
        (Effect(K.LOSING_SIDE_STARVES, amount=3),), Power.MODELLED)
    assert compile_card(record(text, CardType.HERO))[1] is Power.UNMODELLED
