"""The card model: level/bonus parsing, JSON rows, movement (RULES.md §1 "Card data")."""

from __future__ import annotations

import pytest
from combatzoo.envs.spellfire.cards.cards import (
    Card,
    CardType,
    LevelField,
    Mark,
    Movement,
    Power,
    World,
    format_level,
    parse_level,
)
from combatzoo.envs.spellfire.cards.effects import Condition, Effect, EffectKind, When


@pytest.mark.parametrize(("text", "expected"), [
    ("6", LevelField(level=6)),
    ("5/7", LevelField(level=5, level_alt=7)),
    ("+3", LevelField(bonus=3)),
    ("-2", LevelField(bonus=-2)),
    ("?", LevelField(unknown=True)),
    ("", LevelField()),
    ("0", LevelField(level=0)),
    # Multi-bonus items and artifacts of the CrossFire database (1st/156 is "+5/+2").
    ("+5/+2", LevelField(bonus=5, bonus_alt=(2,))),
    ("+3/+9/+18", LevelField(bonus=3, bonus_alt=(9, 18))),
    ("-1/2", LevelField(bonus=-1, bonus_alt=(2,))),
    ("+?", LevelField(bonus_unknown=True)),
])
def test_parse_level(text: str, expected: LevelField) -> None:
    assert parse_level(text) == expected
    assert parse_level(format_level(expected)) == expected


@pytest.mark.parametrize("text", ["x", "5/", "++3", "3 4", "+3/x"])
def test_parse_level_rejects(text: str) -> None:
    with pytest.raises(ValueError, match="level/bonus field"):
        parse_level(text)


def _sample() -> Card:
    return Card(
        set_id="1st", number=3, name="A Realm", type=CardType.REALM,
        world=World.FORGOTTEN_REALMS, level=parse_level("5"), rarity="R",
        attributes=frozenset({5, 31}), uses=frozenset({"1", "d4", "o4"}),
        mark=Mark.DEF, mark_phases=(3, 4),
        effects=(Effect(EffectKind.DEFEND_AS, amount=5, champion_type=int(CardType.CLERIC)),
                 Effect(EffectKind.ALLIES_GAIN, amount=3,
                        condition=Condition(when=When.DEFENDING, at_realm=("Chult",)))),
        power=Power.MODELLED)


def test_card_json_round_trip() -> None:
    card = _sample()
    row = card.to_json()
    assert "text" not in row
    assert row["level"] == "5" and row["uses"] == ["1", "d4", "o4"]
    assert Card.from_json(row) == card
    assert card.key == "1st/3"


def test_card_from_json_names_card_and_field() -> None:
    row = _sample().to_json()
    del row["name"]
    with pytest.raises(ValueError, match=r"card 1st/3: missing field 'name'"):
        Card.from_json(row)
    bad = _sample().to_json()
    bad["effects"] = [{"kind": "fly_to_the_moon"}]
    with pytest.raises(ValueError, match=r"card 1st/3: effect.kind"):
        Card.from_json(bad)


def test_movement_and_coastal_from_attributes() -> None:
    flyer = Card(set_id="1st", number=1, name="x", type=CardType.MONSTER,
                 attributes=frozenset({16, 37}))
    assert flyer.movement == {Movement.FLYER, Movement.SWIMMER}
    assert not flyer.coastal and flyer.is_champion
    assert _sample().coastal and not _sample().is_champion


def test_condition_holds_reads_every_field() -> None:
    # "Any defending monster gains 4 levels" (a realm's power): only a monster defender.
    monster_defends = Condition(when=When.DEFENDING, self_types=(int(CardType.MONSTER),))
    assert monster_defends.holds(attacking=False, self_type=int(CardType.MONSTER))
    assert not monster_defends.holds(attacking=False, self_type=int(CardType.HERO))
    assert not monster_defends.holds(attacking=False)  # unknown: never applied by mistake
    assert not monster_defends.holds(attacking=True, self_type=int(CardType.MONSTER))
    assert monster_defends.reads == {"attacking", "self_type"}
    chult = Condition(at_realm=("Chult",))
    assert chult.holds(attacking=False, realm_name="Jungles of Chult")
    assert not chult.holds(attacking=False, realm_name="Waterdeep")
    keep = Condition(card_in_play=("Zhentil Keep",))
    assert keep.holds(attacking=False, names_in_play=["Zhentil Keep", "Cormyr"])
    assert not keep.holds(attacking=False, names_in_play=["Cormyr"])
    assert Condition().holds(attacking=True) and Condition().reads == frozenset()
