"""The booster sets, second pass (issue 13, cboost2): the phrase rules of the compiler's
"cboost2" section, on real cards (CrossFire data, skipped without it) and on made-up phrases
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
DWARF, GNOME, KENDER, FLYER, UNDEAD, COASTAL = 12, 18, 24, 16, 40, 5
DEFENDING = Condition(when=When.DEFENDING)


@pytest.fixture(scope="module")
def db() -> cf.Database:
    return cf.read_database(CROSSFIRE)


def both(amount: int, *attrs: int) -> set[Effect]:
    """Every champion and every ally of those attributes, either side."""
    return {Effect(K.ALL_CHAMPIONS_GAIN, amount=amount, attributes=attrs),
            Effect(K.ALL_ALLIES_GAIN, amount=amount, attributes=attrs)}


@needs_data
@pytest.mark.parametrize("key, effects", [
    # -- champions and allies of some kinds, both sides
    # Reorx, the Forge, Walks the Land (event): "All dwarves, gnomes, and kender (champions and
    # allies) gain 2 levels until the end of this player's turn."
    ("DL/94", both(2, DWARF, GNOME, KENDER)),
    # Fire Rain (wizard spell): "All flyers (champions and allies) lose 2 levels."
    ("DL/77", both(-2, FLYER)),
    # Augment Undead (wizard spell): "Undead champions and allies gain 2 levels for this round."
    ("RL/51", both(2, UNDEAD)),
    # -- champions of one type, both sides
    # All Hollow's Eve (event): "All monster champions gain 3 levels until the end of this
    # player's next turn."
    ("RL/25", {Effect(K.ALL_CHAMPIONS_GAIN, amount=3,
                      condition=Condition(self_types=(int(CardType.MONSTER),)))}),
    # -- gains and losses at a kind of realm
    # Maquesta Kar-Thon (hero 3): "Maquesta gains 4 levels when attacking a realm that has a
    # coast."
    ("DL/27", {Effect(K.GAIN_LEVELS, amount=4, condition=Condition(
        when=When.ATTACKING, realm_attributes=(COASTAL,)))}),
    # Phudge, the Great Highbulp (hero 2): "Dwarf. Because attacking champions always
    # underestimate Phudge, they lose 2 levels if he defends a Dragonlance realm."
    ("DL/40", {Effect(K.OPPONENT_LOSES, amount=2, condition=Condition(
        when=When.DEFENDING, realm_worlds=(5,)))}),
    # -- an ally's own name restated before "becomes +N vs."
    # Nightmare (ally +4): "Flyer. The Nightmare becomes +8 vs. clerics or wizards."
    ("BR/76", {Effect(K.GAIN_LEVELS, amount=4, condition=Condition(
        vs_types=(int(CardType.CLERIC), int(CardType.WIZARD))))}),
    # -- immunities in the booster words
    # Icedawn, Avatar of Auril: "A cleric must be discarded to bring Icedawn into play.
    # Icedawn is immune to events, walls, and offensive cleric spells. Limit one avatar per
    # pool."
    ("PO/39", {Effect(K.AVATAR_COST, card_types=(int(CardType.CLERIC),), count=1),
               Effect(K.IMMUNE_TO, card_types=(int(CardType.EVENT),)),
               Effect(K.NEGATE_WALLS),
               Effect(K.IMMUNE_TO, card_types=(int(CardType.CLERIC_SPELL),), mark="off")}),
    # Amulet of Protection from Artifacts: "The attached champion is immune to the effects of
    # all artifacts."
    ("UD/28", {Effect(K.IMMUNE_TO, card_types=(int(CardType.ARTIFACT),))}),
    # Grimm Graybeard: "... can cast cleric spells. Immune to offensive magical items of less
    # than +2 enchantment."
    ("BR/84", {Effect(K.MAY_USE, uses=("d4", "o4")),
               Effect(K.IMMUNE_TO_WEAK, card_types=(int(CardType.MAGICAL_ITEM),), mark="off",
                      amount=1)}),
    # The Demi-Lich Zyenj: "Only magical items and artifacts of +4 or higher enchantment have
    # any effect against the Demi-Lich. Allies cannot be played against it."
    ("UD/115", {Effect(K.IMMUNE_TO_WEAK, card_types=(int(CardType.MAGICAL_ITEM),
                                                     int(CardType.ARTIFACT)), amount=3),
                Effect(K.ALLIES_BARRED)}),
    # -- who may cast what; psionic powers
    # Impregnable Heart of Haelyn (realm): "Defending champions can cast cleric spells and use
    # blood abilities. Defending clerics are immune to offensive blood abilities."
    ("BR/10", {Effect(K.MAY_USE, uses=("d4", "o4", "d3", "o3"), condition=DEFENDING),
               Effect(K.IMMUNE_TO, card_types=(int(CardType.BLOOD_ABILITY),), mark="off",
                      condition=Condition(when=When.DEFENDING,
                                          self_types=(int(CardType.CLERIC),)))}),
    # Kinsle the Druid (ally): "Flyer. In battle, Kinsle can cast cleric spells to aid the
    # attached champion."
    ("AR/42", {Effect(K.MAY_USE, uses=("d4", "o4"))}),
    # Tower of Iron Will: "... User becomes immune to offensive psionic powers until the
    # beginning of his next turn."
    ("PO/82", {Effect(K.IMMUNE_TO, card_types=(int(CardType.PSIONIC_POWER),), mark="off")}),
    # Intensify: "... Doubles the levels of all allies played on this champion."
    ("PO/89", {Effect(K.DOUBLE_ALLIES)}),
    # Psionicist Bracelet: "Usable only by a psionicist champion. No wizard spells may be cast
    # during any battle with this champion."
    ("PO/113", {Effect(K.USABLE_ONLY_BY, card_types=(int(CardType.PSIONICIST),)),
                Effect(K.NO_CARDS, card_types=(int(CardType.WIZARD_SPELL),))}),
    # Psionicist Anklet: the same with "No cleric spells".
    ("PO/114", {Effect(K.USABLE_ONLY_BY, card_types=(int(CardType.PSIONICIST),)),
                Effect(K.NO_CARDS, card_types=(int(CardType.CLERIC_SPELL),))}),
    # -- the other side's allies without their powers
    # Locathah Champion: "Swimmer. All opposing allies lose their special powers."
    ("PO/57", {Effect(K.NEGATE_POWERS, card_types=(int(CardType.ALLY),))}),
    # Ghostly Piper: "Undead. This spectral bagpiper can cast wizard spells. He and any
    # attached cards are immune to the special powers of allies."
    ("AR/110", {Effect(K.MAY_USE, uses=("d19", "o19")),
                Effect(K.NEGATE_POWERS, card_types=(int(CardType.ALLY),))}),
    # Hornung's Baneful Deflector: "This player's champion and its allies are immune to the
    # special powers of allies for this round of combat."
    ("UD/38", {Effect(K.NEGATE_POWERS, card_types=(int(CardType.ALLY),))}),
    # Spectre (ally +4): "Flyer. Undead. All enemy champions and allies (except undead) lose 1
    # level when opposing this ally."
    ("RL/77", {Effect(K.OPPONENT_LOSES, amount=1, condition=Condition(
        vs_not_attributes=(UNDEAD,))),
               Effect(K.OPPOSING_ALLIES_LOSE_UNLESS, amount=1, attributes=(UNDEAD,))}),
])
def test_real_cards(db: cf.Database, key: str, effects: set[Effect]) -> None:
    got, power = compile_card(db.records[key])
    assert power is Power.MODELLED
    assert set(got) == effects


def test_kinds_of_both_sides_made_up() -> None:
    got, power = compile_card(record("All orcs and giants (champions and allies) lose 3 levels.",
                                     CardType.CLERIC_SPELL, level=""))
    assert power is Power.MODELLED and set(got) == both(-3, 28, 17)
    # A word that is no race or movement is not understood.
    assert compile_card(record("All knights (champions and allies) gain 2 levels.",
                               CardType.EVENT, level=""))[1] is Power.UNMODELLED
    # On a champion the same words are its own side's (an older rule): not both sides.
    got, _ = compile_card(record("All elves (champions and allies) gain 2 levels.",
                                 CardType.HERO))
    assert not {e.kind for e in got} & {K.ALL_CHAMPIONS_GAIN, K.ALL_ALLIES_GAIN}


def test_restated_name_only_for_the_card_itself() -> None:
    own = record("The Wolf becomes +6 vs. heroes.", CardType.ALLY, level="+3", name="Wolf")
    got, power = compile_card(own)
    assert power is Power.MODELLED
    assert set(got) == {Effect(K.GAIN_LEVELS, amount=3,
                               condition=Condition(vs_types=(int(CardType.HERO),)))}
    other = record("The Bear becomes +6 vs. heroes.", CardType.ALLY, level="+3", name="Wolf")
    assert compile_card(other)[1] is Power.UNMODELLED


def test_immunity_lists_need_every_part() -> None:
    got, power = compile_card(record("Tester is immune to events, walls, and offensive wizard "
                                     "spells.", CardType.HERO))
    assert power is Power.MODELLED
    assert set(got) == {Effect(K.IMMUNE_TO, card_types=(int(CardType.EVENT),)),
                        Effect(K.NEGATE_WALLS),
                        Effect(K.IMMUNE_TO, card_types=(int(CardType.WIZARD_SPELL),),
                               mark="off")}
    # One part not understood ("bad dreams"): the whole sentence is not.
    assert compile_card(record("Tester is immune to events, walls, and bad dreams.",
                               CardType.HERO))[1] is Power.UNMODELLED
