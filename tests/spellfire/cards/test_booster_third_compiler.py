"""The booster sets, third pass (issue 13, cboost3): the phrase rules of the compiler's
"cboost3" section, on real cards (CrossFire data, skipped without it) and on made-up phrases
of our own wording (so that the rules are tested on a fresh machine too).

The effects expected are read off the printed text by hand (quoted beside each card).
"""

from __future__ import annotations

import pytest
from combatzoo.envs.spellfire.cards import crossfire as cf
from combatzoo.envs.spellfire.cards.cards import CardType, Power
from combatzoo.envs.spellfire.cards.compiler import compile_card
from combatzoo.envs.spellfire.cards.effects import Condition, Effect, EffectKind, When

from .test_compiler import CROSSFIRE, needs_data, record

K = EffectKind
UNDEAD, DRAGONLANCE, UNDERDARK, ORC = 40, 5, 42, 28


@pytest.fixture(scope="module")
def db() -> cf.Database:
    return cf.read_database(CROSSFIRE)


@needs_data
@pytest.mark.parametrize("key, effects", [
    # -- realms and holdings that choose their attackers
    # Ghost Tower of Iverness (holding): "The attached realm cannot be attacked by a champion of
    # base level 6 or less."
    ("RR/24", {Effect(K.NOT_ATTACKABLE_BY_WEAK, amount=6)}),
    # Sri Raji (realm): "Only champions with an unmodified level of 6 or higher can attack this
    # realm." (level 5 or less barred)
    ("RL/15", {Effect(K.NOT_ATTACKABLE_BY_WEAK, amount=5)}),
    # Tower of Spirits (holding): "Only undead may attack the attached realm."
    ("RR/115", {Effect(K.ONLY_ATTACKABLE_BY, attributes=(UNDEAD,))}),
    # -- gains at a realm of a world
    # Tanis Half-Elven (hero): "Tanis gains 3 levels if defending a Dragonlance realm. He is not
    # subject to adjustments applied to elves."
    ("DL/36", {Effect(K.GAIN_LEVELS, amount=3, condition=Condition(
        when=When.DEFENDING, realm_worlds=(DRAGONLANCE,)))}),
    # -- spells with no effect on some champions
    # Vampiric Touch (wizard spell): "Has no effect on undead champions."
    ("RL/48", {Effect(K.BOOST3_NO_EFFECT_ON, condition=Condition(vs_attributes=(UNDEAD,)))}),
    # Chill Touch (wizard spell): "Does not affect undead monsters."
    ("RL/55", {Effect(K.BOOST3_NO_EFFECT_ON, condition=Condition(
        vs_types=(int(CardType.MONSTER),), vs_attributes=(UNDEAD,)))}),
    # -- more realms, champions and allies in existing kinds
    # The Ruins of Iolonia (realm): "These ruins are so forlorn that only undead champions and
    # allies will attack this realm."
    ("DU/32", {Effect(K.ONLY_ATTACKABLE_BY, attributes=(UNDEAD,))}),
    # Jarlaxle (hero): "Elf (drow). When defending Menzoberranzan or any Underdark realm,
    # Jarlaxle's level is doubled."
    ("UD/92", {Effect(K.DOUBLE_LEVEL, condition=Condition(when=When.DEFENDING,
                                                          realm_attributes=(UNDERDARK,)))}),
    # Orcs of Dragonspear, Orcs of the Savage Frontier (allies): "Gains +2 for each additional
    # orc allied to the champion. Orc."
    ("FR/72", {Effect(K.GAIN_PER_OTHER_ALLY, amount=2, attributes=(ORC,))}),
    ("FR/73", {Effect(K.GAIN_PER_OTHER_ALLY, amount=2, attributes=(ORC,))}),
    # Firbolg (monster): "Eliminates first opposing ally of level 4 or less. Giant."
    ("FR/79", {Effect(K.DESTROY_ALLIES, amount=4, count=1)}),
    # Red Wizards (ally): "Allows the allied champion to cast wizard spells."
    ("FR/75", {Effect(K.MAY_USE, uses=("d19", "o19"))}),
    # Kagonesti Elves (ally, elves): "Wild elves."
    ("DL/46", set()),
    # -- defeating a kind outright
    # Life Draining (psionic power): "Psionic power. Usable by psionicist champions.
    # Automatically defeats undead champions and allies."
    ("PO/99", {Effect(K.WIN_ROUND, condition=Condition(vs_attributes=(UNDEAD,))),
               Effect(K.DESTROY_ALLIES, attributes=(UNDEAD,))}),
    # -- immunities
    # Nemon Hotep (cleric): "Undead. Immune to offensive spells except those with the word
    # "flame" or "fire" in the title. Opposing champions base level 5 or less are discarded
    # after combat, win or lose." (the last sentence compiled before this pass)
    ("NS/67", {Effect(K.IMMUNE_EXCEPT_NAMED, card_types=(int(CardType.WIZARD_SPELL),
                                                         int(CardType.CLERIC_SPELL)),
                      mark="off", names=("flame", "fire")),
               Effect(K.DISCARD_AFTER_ROUND, amount=5)}),
    # -- attacking an Underdark realm wherever it stands
    # Umber Hulk (monster): "This monster and its allies can attack any Underdark realm,
    # regardless of position."
    ("UD/87", {Effect(K.ATTACK_ANYWHERE, mark="position",
                      condition=Condition(realm_attributes=(UNDERDARK,)))}),
    # Mind Flayer (monster): "Can use psionic power cards and can cast wizard spells. This
    # monster and its allies can attack any Underdark realm, regardless of position." (the
    # psionic power cards are in its printed "uses" codes, d11/o11, already)
    ("UD/88", {Effect(K.MAY_USE, uses=("d19", "o19")),
               Effect(K.ATTACK_ANYWHERE, mark="position",
                      condition=Condition(realm_attributes=(UNDERDARK,)))}),
    # Mountain Dwarf (ally): "Earthwalker. Automatically defeats a monster if attached to a
    # hero. Automatically defeats an undead if attached to a cleric."
    ("MI/2", {Effect(K.WIN_ROUND, condition=Condition(vs_types=(int(CardType.MONSTER),),
                                                      self_types=(int(CardType.HERO),))),
              Effect(K.WIN_ROUND, condition=Condition(vs_attributes=(UNDEAD,),
                                                      self_types=(int(CardType.CLERIC),)))}),
])
def test_real_cards(db: cf.Database, key: str, effects: set[Effect]) -> None:
    got, power = compile_card(db.records[key])
    assert power is Power.MODELLED
    assert set(got) == effects


def test_weak_attackers_barred_made_up() -> None:
    got, power = compile_card(record("This realm cannot be attacked by champions of base level "
                                     "four or less.", CardType.REALM, level=""))
    assert power is Power.MODELLED and set(got) == {Effect(K.NOT_ATTACKABLE_BY_WEAK, amount=4)}
    got, power = compile_card(record("Only champions with an unmodified level of 9 or higher "
                                     "can attack the attached realm.", CardType.HOLDING, level=""))
    assert power is Power.MODELLED and set(got) == {Effect(K.NOT_ATTACKABLE_BY_WEAK, amount=8)}
    # A champion's text is no realm's gate.
    assert compile_card(record("Only champions with an unmodified level of 9 or higher can "
                               "attack this realm.", CardType.HERO))[1] is Power.UNMODELLED


def test_only_a_race_attacks_made_up() -> None:
    got, power = compile_card(record("Only dwarves may attack this realm.", CardType.REALM,
                                     level=""))
    assert power is Power.MODELLED
    assert set(got) == {Effect(K.ONLY_ATTACKABLE_BY, attributes=(12,))}
    # Not a race: not read by this rule.
    assert compile_card(record("Only paladins may attack this realm.", CardType.REALM,
                               level=""))[1] is Power.UNMODELLED


def test_gains_at_a_world_realm_made_up() -> None:
    got, power = compile_card(record("Tester gains 2 levels if attacking a Greyhawk realm.",
                                     CardType.HERO, name="Tester"))
    assert power is Power.MODELLED
    assert set(got) == {Effect(K.GAIN_LEVELS, amount=2, condition=Condition(
        when=When.ATTACKING, realm_worlds=(2,)))}
    # Another card's name is not this champion's gain.
    assert compile_card(record("Someone gains 2 levels if attacking a Greyhawk realm.",
                               CardType.HERO, name="Tester"))[1] is Power.UNMODELLED


def test_no_effect_on_made_up() -> None:
    got, power = compile_card(record("Has no effect on undead champions. (Off/4)",
                                     CardType.CLERIC_SPELL, level="+2"))
    assert power is Power.MODELLED
    assert set(got) == {Effect(K.BOOST3_NO_EFFECT_ON,
                               condition=Condition(vs_attributes=(UNDEAD,)))}
    # On an ally it would say nothing the engine reads this way.
    assert compile_card(record("Has no effect on undead champions.", CardType.ALLY,
                               level="+2"))[1] is Power.UNMODELLED


def test_existing_kinds_in_new_words_made_up() -> None:
    got, power = compile_card(record("Gains +3 for each additional dwarf allied to the champion.",
                                     CardType.ALLY, level="+1"))
    assert power is Power.MODELLED
    assert set(got) == {Effect(K.GAIN_PER_OTHER_ALLY, amount=3, attributes=(12,))}
    # A champion's "allied to the champion" is not its own gain per ally.
    assert compile_card(record("Gains +3 for each additional dwarf allied to the champion.",
                               CardType.HERO))[1] is Power.UNMODELLED
    got, power = compile_card(record("Eliminates first opposing ally of level 2 or less.",
                                     CardType.MONSTER))
    assert power is Power.MODELLED
    assert set(got) == {Effect(K.DESTROY_ALLIES, amount=2, count=1)}
    got, power = compile_card(record("Allows the allied champion to cast cleric spells.",
                                     CardType.ALLY, level="+2"))
    assert power is Power.MODELLED and {e.kind for e in got} == {K.MAY_USE}
    # "Wild elves" restates only an elf's attribute (the made-up record has none).
    assert compile_card(record("Wild elves.", CardType.ALLY, level="+2"))[1] is Power.UNMODELLED


def test_defeats_a_kind_made_up() -> None:
    got, power = compile_card(record("Automatically defeats dragon champions and allies.",
                                     CardType.WIZARD_SPELL, level="+1"))
    assert power is Power.MODELLED
    assert set(got) == {Effect(K.WIN_ROUND, condition=Condition(vs_attributes=(8,))),
                        Effect(K.DESTROY_ALLIES, attributes=(8,))}
    # Not a spell: not this rule's reading.
    assert compile_card(record("Automatically defeats dragon champions and allies.",
                               CardType.ALLY, level="+1"))[1] is Power.UNMODELLED
