"""The 4th Edition, second pass (issue 13, c4th2): the phrase rules of the compiler's section
"4th Edition, second pass", on the real cards (CrossFire data, skipped without it) and on
made-up records (so that the rules are tested on a fresh machine too).

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
ITEM = (int(CardType.MAGICAL_ITEM),)


@pytest.fixture(scope="module")
def db() -> cf.Database:
    return cf.read_database(CROSSFIRE)


@needs_data
@pytest.mark.parametrize("key, effects", [
    # Shayira (4th): "negates the special powers (but not the level) of all cards played
    # against her."
    ("4th/286", {Effect(K.NEGATE_POWERS)}),
    # Hornhead Saurial (4th): "immune to offensive magical items of +3 or less."
    ("4th/211", {Effect(K.IMMUNE_TO_WEAK, card_types=ITEM, mark="off", amount=3)}),
    # Halfling Mercenaries (4th): "strips any existing artifact and magical items from an
    # opponent but has no effect on those played after them."
    ("4th/222", {Effect(K.DESTROY_ITEMS, card_types=(int(CardType.ARTIFACT),))}),
    # Lightning Bolt (4th): "one opposing ally of level 4 or less, or one magical item, of the
    # caster's choice."
    ("4th/364", {Effect(K.DESTROY_ALLY_OR_ITEM, amount=4)}),
    # Crushing Fist (4th, +4): "adds 4 levels or destroys one magical item, chosen by the caster."
    ("4th/369", {Effect(K.LEVELS_OR_ITEM, amount=4)}),
    # Mermaid (+4): "doubled when defending a realm showing a coastline" (attribute 5).
    ("4th/245", {Effect(K.GAIN_LEVELS, amount=4, condition=Condition(
        when=When.DEFENDING, realm_attributes=(5,)))}),
    # The Winner's Cape: "All of this player's champions are immune to offensive spells ...
    # and the attached is also immune to harmful events. This artifact can be used by any
    # champion."
    ("4th/520", {Effect(K.CHAMPIONS_IMMUNE), Effect(K.IMMUNE_HARMFUL_EVENTS)}),
    # Thought Eater: "the opposing champion can no longer cast spells, and his allies' special
    # powers are negated."
    ("4th/243", {Effect(K.SPELLS_BARRED),
                 Effect(K.NEGATE_POWERS, card_types=(int(CardType.ALLY),))}),
    # Neranal: "a pet shark as a +4 swimming ally that devours (discards) the first swimming
    # ally played against this champion."
    ("4th/313", {Effect(K.GAIN_LEVELS, amount=4),
                 Effect(K.DESTROY_ALLIES, count=1, attributes=(37,))}),
    # Lost Oasis (4th): "can draw one card and play it immediately whenever this realm is
    # attacked."
    ("4th/95", {Effect(K.DRAW_AND_PLAY)}),
    # Sadira (4th): "Psionicists must ask her permission to use psionic power cards."
    ("4th/277", {Effect(K.MAY_USE, uses=("d11", "o11")),
                 Effect(K.PSIONICS_VETO, card_types=(int(CardType.PSIONICIST),))}),
    # Falcon Figurine (4th): "the attached champion and its allies can attack any realm,
    # regardless of position or powers."
    ("4th/167", {Effect(K.ATTACK_ANYWHERE)}),
    # Giant's Run Mountains: "can be attacked only by flyers or giants. Its defenders are
    # immune to offensive unarmed combat cards."
    ("4th/13", {Effect(K.ONLY_ATTACKABLE_BY, movement=("flyer",), attributes=(17,)),
                Effect(K.IMMUNE_TO, card_types=(18,), mark="off",
                       condition=Condition(when=When.DEFENDING))}),
    # Moraster: "Dwarf." and a search of the draw pile on a turn without an attack.
    ("4th/339", set()),
    # Elemental Avatar of Earth: "Two Dark Sun champions must be discarded to bring this avatar
    # into play. All champions of this player are granted the earthwalking ability."
    ("4th/469", {Effect(K.AVATAR_COST, count=2, condition=Condition(self_worlds=(4,))),
                 Effect(K.GAIN_MOVEMENT, movement=("earthwalker",), mark="player")}),
    # Mature Gold Dragon: "... can cast wizard spells and use unarmed combat cards usable only
    # by dragons. She gains 4 levels if her younger self is in play anyshere."
    ("4th/267", {Effect(K.MAY_USE, uses=("d19", "o19", "d101", "o101")),
                 Effect(K.GAIN_LEVELS, amount=4, condition=Condition(
                     card_in_play=("Young Gold Dragon",)))}),
    # Shield of Destruction: "Absorbs the effects of one offensive spell ..."; Shield of
    # Annihilation: "Instantly annihilates one opposing enemy ally ..."
    ("4th/172", {Effect(K.CANCEL_SPELL, mark="off", count=1)}),
    ("4th/173", {Effect(K.DESTROY_ALLIES, count=1)}),
    # Yumac the Cold: "Giant." and spells cast during phase 3 (outside combat).
    ("4th/311", set()),
])
def test_second_pass_phrasings(db: cf.Database, key: str, effects: set[Effect]) -> None:
    got, power = compile_card(db.get(key))
    assert power is Power.MODELLED and set(got) == effects, (key, got)


@pytest.mark.parametrize("text, type_, level, effects", [
    ("This ally's level is doubled when defending a realm showing a coastline.", CardType.ALLY,
     "+3", {Effect(K.GAIN_LEVELS, amount=3, condition=Condition(
         when=When.DEFENDING, realm_attributes=(5,)))}),
    # Only an ally's own level: on a champion the words name no ally.
    ("This ally's level is doubled when defending a realm showing a coastline.", CardType.HERO,
     "5", None),
    # The Crushing Fist's levels must be its printed bonus.
    ("The crushing fist adds 4 levels or destroys one magical item, chosen by the caster.",
     CardType.WIZARD_SPELL, "+3", None),
    ("The attached champion and his allies are immune to offensive magical items of +2 or less.",
     CardType.ALLY, "+1", {Effect(K.IMMUNE_TO_WEAK, card_types=ITEM, mark="off", amount=2)}),
    ("The attached champion and his allies are immune to offensive magical items of +2 or less.",
     CardType.HERO, "5", None),  # an ally's power only
    ("The Tester Hills can be attacked only by flyers or dwarves.", CardType.REALM, "",
     {Effect(K.ONLY_ATTACKABLE_BY, movement=("flyer",), attributes=(12,))}),
    ("The Tester Hills can be attacked only by flyers or dwarves.", CardType.HOLDING, "", None),
    ("When this ally is played, the opposing champion can no longer cast spells, and his "
     "allies' special powers are negated.", CardType.WIZARD_SPELL, "", None),
])
def test_made_up_records(text: str, type_: CardType, level: str,
                         effects: set[Effect] | None) -> None:
    got, power = compile_card(record(text, type_=type_, level=level))
    if effects is None:
        assert power is Power.UNMODELLED
        return
    assert power is Power.MODELLED and set(got) == effects


@needs_data
@pytest.mark.parametrize("key", [
    "4th/329",  # Jella: "... and discarding it during phase 3"
    "4th/200",  # Arrow of Slaying: "a player other than the opponent's" (none of two)
])
def test_second_pass_cards_with_nothing_for_combat(db: cf.Database, key: str) -> None:
    assert compile_card(db.get(key)) == ((), Power.NONE), key


def test_the_abyss_sentence_alone_is_not_read_as_outside_combat() -> None:
    assert compile_card(record("The arrow is then placed in the Abyss.",
                               type_=CardType.MAGICAL_ITEM, level="+2"))[1] is Power.UNMODELLED


@needs_data
def test_dyvers_trades_in_phase_0_and_has_nothing_for_combat(db: cf.Database) -> None:
    # Free and Independent City of Dyvers: a trade "during phase 0. The realm is then razed."
    assert compile_card(db.get("4th/22")) == ((), Power.NONE)


def test_a_razed_realm_alone_is_not_read_as_outside_combat() -> None:
    assert compile_card(record("The realm is then razed.", type_=CardType.REALM,
                               level=""))[1] is Power.UNMODELLED


def test_the_cape_restatement_needs_an_artifact_of_any_world() -> None:
    # "This artifact can be used by any champion" restates the rule only for an artifact of no
    # world's limit (RULES.md §1 "Table"); the made-up record is of the Forgotten Realms.
    assert compile_card(record("This artifact can be used by any champion.",
                               type_=CardType.ARTIFACT, level="+1"))[1] is Power.UNMODELLED
