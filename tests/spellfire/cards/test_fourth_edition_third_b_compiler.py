"""The 4th Edition, third pass, part b (issue 13, c4th3b): the phrase rules of the compiler's
section "4th Edition, third pass (issue 13, c4th3b)", on the real cards (CrossFire data,
skipped without it) and on made-up records (so that the rules are tested on a fresh machine
too).

The effects expected are read off the printed text by hand (quoted, in part, beside each card).
"""

from __future__ import annotations

import pytest
from combatzoo.envs.spellfire.cards import crossfire as cf
from combatzoo.envs.spellfire.cards.cards import CardType, Power
from combatzoo.envs.spellfire.cards.compiler import compile_card
from combatzoo.envs.spellfire.cards.effects import Condition, Effect, EffectKind, When

from .test_compiler import CROSSFIRE, needs_data, record

K = EffectKind
ALLY, ITEM = (int(CardType.ALLY),), (int(CardType.MAGICAL_ITEM),)
ARTIFACT = (int(CardType.ARTIFACT),)
KLIK = Effect(K.DESTROY_ONE_ANYWHERE, card_types=ITEM, condition=Condition(when=When.DEFENDING))
# Every champion type but the cleric (5): hero 7, monster 10, psionicist 12, regent 14,
# thief 16, wizard 20.
NOT_CLERIC = Condition(vs_types=(7, 10, 12, 14, 16, 20))


@pytest.fixture(scope="module")
def db() -> cf.Database:
    return cf.read_database(CROSSFIRE)


@needs_data
@pytest.mark.parametrize("key, effects", [
    # Helm (4th): "Helm can cast wizard and cleric spells. He can be discarded from his pool
    # to cancel one event, whether helpful or harmful."
    ("4th/255", {Effect(K.MAY_USE, uses=("d4", "o4", "d19", "o19")),
                 Effect(K.CANCEL_EVENT, mark="any")}),
    # Ki-Rin: "The opposing champion is automatically defeated unless he has or can play an
    # ally."
    ("4th/248", {Effect(K.DEFEATED_UNLESS_HAS, card_types=ALLY)}),
    # Loup-Garou (4th, Ravenloft): "Werebeast. (The) opposing champion is automatically
    # defeated unless he has or can play a magical item."
    ("4th/236", {Effect(K.DEFEATED_UNLESS_HAS, card_types=ITEM)}),
    ("RL/79", {Effect(K.DEFEATED_UNLESS_HAS, card_types=ITEM)}),
    # Horn of Blasting (4th): "The holding of any realm the attached champion attacks is
    # immediately discarded."; (Forgotten Realms): "The attached champion immediately discards
    # the holding of any realm it attacks."
    ("4th/179", {Effect(K.DISCARD_ATTACKED_HOLDING)}),
    ("FR/53", {Effect(K.DISCARD_ATTACKED_HOLDING)}),
    # The Dreaded Ghost: "Undead. This ally drains the adjusted level of an opposing champion
    # (except cleric) by 9; any that drop below 0 are instantly defeated."
    ("4th/246", {Effect(K.OPPONENT_LOSES, amount=9, condition=NOT_CLERIC),
                 Effect(K.DEFEATED_BELOW, condition=NOT_CLERIC)}),
    # Klik-Ka'Cha (4th): "When Klik enters combat as a defender, he can destroy one magical
    # item in play anywhere. He can use hero unarmed combat cards." (Arcana: "When he enters
    # battle as a defender, Klik can destroy ...")
    ("4th/288", {KLIK, Effect(K.MAY_USE, uses=("d18", "o18"))}),
    ("AR/77", {KLIK}),
    # Cone of Cold (4th, (Off/3/4)): "Destroys one artifact, chosen by the caster. If cast
    # during phase 3, the caster does not receive a level bonus." (3rd, (Off/4): the first
    # sentence.)
    ("4th/368", {Effect(K.DESTROY_ONE_ANYWHERE, card_types=ARTIFACT)}),
    ("3rd/340", {Effect(K.DESTROY_ONE_ANYWHERE, card_types=ARTIFACT)}),
    # Apocalypse: "Awnshegh; flyer. Apocalypse can cast wizard spells and use blood abilities.
    # It automatically defeats a realm champion."
    ("4th/343", {Effect(K.MAY_USE, uses=("d19", "o19", "d3", "o3")),
                 Effect(K.DEFEATS_REALM_CHAMPION)}),
    # Rowan (4th, 3rd): "Elf. Rowan can send one opposing ally or magical item to the Abyss."
    ("4th/224", {Effect(K.DESTROY_ALLY_OR_ITEM, mark="abyss")}),
    ("3rd/269", {Effect(K.DESTROY_ALLY_OR_ITEM, mark="abyss")}),
    # Ettin: "Giant. Being of two minds, the ettin may have two AD&D artifacts attached to him."
    ("4th/308", {Effect(K.ADND_ARTIFACTS, count=2)}),
    # Wijon (4th, 3rd): "(Dwarf.) Wijon can double the level of one ally played after him
    # (choice need not be immediate)."
    ("4th/231", {Effect(K.DOUBLE_LATER_ALLY)}),
    ("3rd/290", {Effect(K.DOUBLE_LATER_ALLY)}),
    # Pyre: "Giant. Pyre can cast wizard spells. He gains 7 levels when in combat with
    # nonspellcasting champions."
    ("4th/336", {Effect(K.MAY_USE, uses=("d19", "o19")),
                 Effect(K.GAIN_VS_NONSPELLCASTERS, amount=7)}),
    # Badge of the Wolf Nomads: "All cards used by this player that contain the word "wolf"
    # are doubled in level."
    ("4th/187", {Effect(K.DOUBLE_NAMED, names=("wolf",))}),
    # Mace of Disruption (+4): "+8 vs undead. Undead champions and allies killed by the mace
    # are placed in the Abyss instead of the discard pile."
    ("4th/204", {Effect(K.GAIN_LEVELS, amount=4, condition=Condition(vs_attributes=(40,))),
                 Effect(K.OPPOSING_TO_ABYSS, mark="champion", attributes=(40,))}),
    # Arch-Druid (4th, 3rd): "All other clerics must ask the Arch-Druid for permission to cast
    # spells. While the Arch-druid is in play, no avatars may be played."
    ("4th/285", {Effect(K.SPELL_VETO, card_types=(5,), mark="all"), Effect(K.AVATARS_BARRED)}),
    ("3rd/189", {Effect(K.SPELL_VETO, card_types=(5,), mark="all"), Effect(K.AVATARS_BARRED)}),
    # Elemental Cleric: "Immune to offensive wizard spells, the elemental cleric can also cast
    # any wizard spells containing the words earth, air, fire, or water."
    ("4th/287", {Effect(K.IMMUNE_TO, card_types=(19,), mark="off"),
                 Effect(K.CASTS_NAMED_ONLY, uses=("d19", "o19"),
                        names=("earth", "air", "fire", "water"))}),
    # Drider: "Underdark. This nasty monster can use offensive blood abilities and is immune to
    # offensive hero unarmed combat cards."
    ("4th/319", {Effect(K.MAY_USE, uses=("o3",)), Effect(K.IMMUNE_TO_NEEDING, uses=("o18",))}),
    # Ansalong: "Elf (drow). Ansalong negates the special powers of all offensive cards
    # attached to an opposing champion."
    ("4th/337", {Effect(K.NEGATE_POWERS, mark="attached")}),
    # Scimitar of Speed (+3): "If defending a realm, the item's level rises to 6, and the
    # attached champion must be defeated twice in one battle before he is discarded."
    ("4th/205", {Effect(K.GAIN_LEVELS, amount=3, condition=Condition(when=When.DEFENDING),
                        mark="rises"),
                 Effect(K.DEFEAT_TWICE_CHAMPION, condition=Condition(when=When.DEFENDING))}),
    # Athasian Cistern Fiend (monster 8): "This hideous monster devours points' worth of allies
    # up to its base level, and it is immune to offensive psionic power cards."
    ("4th/269", {Effect(K.DESTROY_ALLIES_TOTAL, amount=8),
                 Effect(K.IMMUNE_TO, card_types=(11,), mark="off")}),
    # Chernevik: "Chernevik can cast cleric spells. He can employ his Iron Will blood ability to
    # resist being removed from his pool for any reason."
    ("4th/347", {Effect(K.MAY_USE, uses=("d4", "o4")), Effect(K.STAYS_IN_POOL)}),
    # Rust Monster: "Underdark. This ally devours all magical items of +3 or less. The items are
    # discarded instantly, and any more such played are also devoured."
    ("4th/251", {Effect(K.DEVOUR_ITEMS, amount=3)}),
])
def test_third_pass_b_phrasings(db: cf.Database, key: str, effects: set[Effect]) -> None:
    got, power = compile_card(db.get(key))
    assert power is Power.MODELLED and set(got) == effects, (key, got)


@pytest.mark.parametrize("text, type_, level, effects", [
    ("She can be discarded from her pool to cancel one event, whether helpful or harmful.",
     CardType.CLERIC, "5", {Effect(K.CANCEL_EVENT, mark="any")}),
    # A champion's power only: an item has no pool of its own.
    ("He can be discarded from his pool to cancel one event, whether helpful or harmful.",
     CardType.MAGICAL_ITEM, "+1", None),
    ("The opposing champion is automatically defeated unless he has or can play an ally.",
     CardType.ALLY, "+1", {Effect(K.DEFEATED_UNLESS_HAS, card_types=ALLY)}),
    # An ally's power only.
    ("The opposing champion is automatically defeated unless he has or can play an ally.",
     CardType.HERO, "5", None),
    ("The holding of any realm the attached champion attacks is immediately discarded.",
     CardType.MAGICAL_ITEM, "+1", {Effect(K.DISCARD_ATTACKED_HOLDING)}),
    ("The holding of any realm the attached champion attacks is immediately discarded.",
     CardType.EVENT, "", None),
    ("This ally drains the adjusted level of an opposing champion (except cleric) by 4; any "
     "that drop below 0 are instantly defeated.", CardType.ALLY, "+4",
     {Effect(K.OPPONENT_LOSES, amount=4, condition=NOT_CLERIC),
      Effect(K.DEFEATED_BELOW, condition=NOT_CLERIC)}),
    ("When Tester enters combat as a defender, she can destroy one magical item in play "
     "anywhere.", CardType.HERO, "5", {KLIK}),
    ("When Tester enters combat as a defender, she can destroy one magical item in play "
     "anywhere.", CardType.ALLY, "+1", None),  # a champion's power only
    ("Destroys one artifact, chosen by the caster.", CardType.CLERIC_SPELL, "+2",
     {Effect(K.DESTROY_ONE_ANYWHERE, card_types=ARTIFACT)}),
    ("Destroys one artifact, chosen by the caster.", CardType.HERO, "5", None),
    # The phase 3 sentence is outside combat only on a card that may be cast in phase 3.
    ("Destroys one artifact, chosen by the caster. If cast during phase 3, the caster does not "
     "receive a level bonus. (Off/3/4)", CardType.WIZARD_SPELL, "+5",
     {Effect(K.DESTROY_ONE_ANYWHERE, card_types=ARTIFACT)}),
    ("Destroys one artifact, chosen by the caster. If cast during phase 3, the caster does not "
     "receive a level bonus. (Off/4)", CardType.WIZARD_SPELL, "+5", None),
    ("It automatically defeats a realm champion.", CardType.MONSTER, "7",
     {Effect(K.DEFEATS_REALM_CHAMPION)}),
    ("It automatically defeats a realm champion.", CardType.EVENT, "", None),
    ("Tester can send one opposing ally or magical item to the Abyss.", CardType.ALLY, "+2",
     {Effect(K.DESTROY_ALLY_OR_ITEM, mark="abyss")}),
    ("Tester can send one opposing ally or magical item to the Abyss.", CardType.HERO, "5",
     None),
    ("Being of two minds, the tester may have three AD&D artifacts attached to her.",
     CardType.HERO, "5", {Effect(K.ADND_ARTIFACTS, count=3)}),
    ("Tester can double the level of one ally played after her.", CardType.ALLY, "+1",
     {Effect(K.DOUBLE_LATER_ALLY)}),
    ("She gains 3 levels when in combat with nonspellcasting champions.", CardType.HERO, "5",
     {Effect(K.GAIN_VS_NONSPELLCASTERS, amount=3)}),
    ("She gains 3 levels when in combat with nonspellcasting champions.", CardType.EVENT, "",
     None),
    ('All cards used by this player that contain the word "bear" are doubled in level.',
     CardType.ARTIFACT, "+1", {Effect(K.DOUBLE_NAMED, names=("bear",))}),
    ('All cards used by this player that contain the word "bear" are doubled in level.',
     CardType.ALLY, "+1", None),
    ("Dragon champions and allies killed by the lance are placed in the Abyss instead of the "
     "discard pile.", CardType.MAGICAL_ITEM, "+2",
     {Effect(K.OPPOSING_TO_ABYSS, mark="champion", attributes=(8,))}),
    ("Dragon champions and allies killed by the lance are placed in the Abyss instead of the "
     "discard pile.", CardType.HERO, "5", None),
    ("All other wizards must ask the tester for permission to cast spells.", CardType.WIZARD,
     "5", {Effect(K.SPELL_VETO, card_types=(20,), mark="all")}),
    ("While the tester is in play, no avatars may be played.", CardType.HERO, "5",
     {Effect(K.AVATARS_BARRED)}),
    # Another card's name: not this card's power.
    ("While the Arch-Druid is in play, no avatars may be played.", CardType.HERO, "5", None),
    ("Immune to offensive wizard spells, the tester can also cast any wizard spells containing "
     "the words ice or snow.", CardType.CLERIC, "4",
     {Effect(K.IMMUNE_TO, card_types=(19,), mark="off"),
      Effect(K.CASTS_NAMED_ONLY, uses=("d19", "o19"), names=("ice", "snow"))}),
    ("Immune to offensive wizard spells, the tester can also cast any wizard spells containing "
     "the words ice or snow.", CardType.WIZARD_SPELL, "+1", None),
    # The level must rise above the printed bonus.
    ("If defending a realm, the item's level rises to 3, and the attached champion must be "
     "defeated twice in one battle before he is discarded.", CardType.MAGICAL_ITEM, "+3", None),
    ("If defending a realm, the item's level rises to 5, and the attached champion must be "
     "defeated twice in one battle before she is discarded.", CardType.MAGICAL_ITEM, "+2",
     {Effect(K.GAIN_LEVELS, amount=3, condition=Condition(when=When.DEFENDING), mark="rises"),
      Effect(K.DEFEAT_TWICE_CHAMPION, condition=Condition(when=When.DEFENDING))}),
    ("This ally devours all magical items of +2 or less.", CardType.ALLY, "+3",
     {Effect(K.DEVOUR_ITEMS, amount=2)}),
    ("This ally devours all magical items of +2 or less.", CardType.HERO, "5", None),
    # The second sentence alone says nothing the compiler can read.
    ("The items are discarded instantly, and any more such played are also devoured.",
     CardType.ALLY, "+3", None),
])
def test_made_up_records(text: str, type_: CardType, level: str,
                         effects: set[Effect] | None) -> None:
    got, power = compile_card(record(text, type_=type_, level=level))
    if effects is None:
        assert power is Power.UNMODELLED
        return
    assert power is Power.MODELLED and set(got) == effects
