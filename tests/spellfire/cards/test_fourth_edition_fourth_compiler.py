"""The 4th Edition, second round for 178-520 (issue 13, c4th4): the phrase rules of the
compiler's section "4th Edition, 178-520 second round (issue 13, c4th4)", on the real cards
(CrossFire data, skipped without it) and on made-up records (so that the rules are tested on a
fresh machine too).

The effects expected are read off the printed text by hand (quoted, in part, beside each card).
"""

from __future__ import annotations

import pytest
from combatzoo.envs.spellfire.cards import crossfire as cf
from combatzoo.envs.spellfire.cards.cards import CardType, Power, World
from combatzoo.envs.spellfire.cards.compiler import compile_card
from combatzoo.envs.spellfire.cards.effects import Condition, Effect, EffectKind

from .test_compiler import CROSSFIRE, needs_data, record

K = EffectKind
NOT_CLERIC_VS_UNDEAD = Condition(vs_attributes=(40,), self_types=tuple(sorted(
    int(t) for t in (CardType.HERO, CardType.MONSTER, CardType.PSIONICIST, CardType.REGENT,
                     CardType.THIEF, CardType.WIZARD))))


@pytest.fixture(scope="module")
def db() -> cf.Database:
    return cf.read_database(CROSSFIRE)


@needs_data
@pytest.mark.parametrize("key, effects", [
    # Selkie: "The selkie can charm the opposing champion into discarding one card in its force
    # (chosen by that player)." (and "Swimmer", its attribute)
    ("4th/250", {Effect(K.OPPONENT_DISCARDS_WEAKEST)}),
    # Madman Enraged: "During combat, this ghoul goes into a berserk rage and destroys one of
    # the opposing player's holdings (this player's choice)." (and "Undead")
    ("4th/353", {Effect(K.DISCARD_OPPOSING_HOLDING)}),
    # Dark Haven: "The attached champion is protected from all offensive spells, magical
    # items, psionics, unarmed combat cards, and blood abilities. But his base level is halved
    # (rounded down)."
    ("4th/188", {Effect(K.IMMUNE_OFFENSIVE_SPELLS),
                 *(Effect(K.IMMUNE_TO, card_types=(int(t),), mark="off") for t in (
                     CardType.MAGICAL_ITEM, CardType.PSIONIC_POWER, CardType.UNARMED_COMBAT,
                     CardType.BLOOD_ABILITY)),
                 Effect(K.OWN_BASE_HALVED)}),
    # Athasian Sloth: "When played in battle, the opposing player must immediately discard two
    # cards from his hand."
    ("4th/230", {Effect(K.HAND_DISCARDS_WEAKEST, count=2)}),
    # The 3rd Edition's Sloth prints it with one card: "When played in battle, the opposing
    # player must immediately discard one card from his hand."
    ("3rd/283", {Effect(K.HAND_DISCARDS_WEAKEST, count=1)}),
    # Aquamarina: "Swimmer. An artifact attached to Aquamarina also functions for her sisters,
    # Pearl and Amber."
    ("4th/306", {Effect(K.SHARED_ARTIFACT, names=("Pearl", "Amber"))}),
    # Master the Magic (rule card): "Allies and psionic power cards cannot be played. Any such
    # cards already in play are discarded when this rule card is played." (and its frame)
    ("4th/499", {Effect(K.NO_CARDS, card_types=(int(CardType.ALLY),
                                                int(CardType.PSIONIC_POWER)))}),
    # The Master Strategist: "Spells and blood abilities cannot be played. ..."
    ("4th/500", {Effect(K.NO_CARDS, card_types=(int(CardType.WIZARD_SPELL),
                                                int(CardType.CLERIC_SPELL),
                                                int(CardType.BLOOD_ABILITY)))}),
    # Forbidden Knowledge: "Only Ravenloft champions can cast offensive wizard spells. Only
    # Dark Sun champions can use offensive psionic power cards. Only AD&D champions can use
    # offensive unarmed combat cards. Only Birthright champions can use offensive blood
    # abilities."
    ("4th/494", {Effect(K.OFFENSIVE_WORLD_ONLY, card_types=(int(t),),
                        condition=Condition(self_worlds=(int(w),))) for t, w in (
        (CardType.WIZARD_SPELL, World.RAVENLOFT), (CardType.PSIONIC_POWER, World.DARK_SUN),
        (CardType.UNARMED_COMBAT, World.ADND), (CardType.BLOOD_ABILITY, World.BIRTHRIGHT))}),
    # Time of Troubles: "No champion of base level 7 or greater (before magical items and other
    # attached modifiers) may be involved in combat. All Forgotten Realms champions and allies
    # gain 1 level."
    ("4th/492", {Effect(K.COMBAT_LEVEL_CAP, amount=7),
                 Effect(K.RULE_WORLD_GAIN, amount=1,
                        condition=Condition(self_worlds=(int(World.FORGOTTEN_REALMS),)))}),
    # The Power of Faith: "All champions except clerics battle undead champions at half their
    # base level, and allies of less than +4 cannot be played against undead champions by
    # non-clerics."
    ("4th/493", {Effect(K.OWN_BASE_HALVED, condition=NOT_CLERIC_VS_UNDEAD),
                 Effect(K.RULE_ALLIES_BARRED, amount=3, condition=NOT_CLERIC_VS_UNDEAD)}),
])
def test_real_cards_compile_to_their_printed_powers(db: cf.Database, key: str,
                                                    effects: set[Effect]) -> None:
    got, power = compile_card(db.get(key))
    assert power is Power.MODELLED
    assert set(got) == effects


def test_the_charm_into_discarding_is_an_allys_power_only() -> None:
    text = ("The nixie can charm the opposing champion into discarding one card in its force "
            "(chosen by that player).")
    assert compile_card(record(text, CardType.ALLY, "+2")) == (
        (Effect(K.OPPONENT_DISCARDS_WEAKEST),), Power.MODELLED)
    assert compile_card(record(text, CardType.EVENT, ""))[1] is Power.UNMODELLED


def test_the_berserk_rage_is_a_champions_power_only() -> None:
    text = ("During combat, this troll goes into a berserk rage and destroys one of the "
            "opposing player's holdings (this player's choice).")
    assert compile_card(record(text, CardType.MONSTER, "6")) == (
        (Effect(K.DISCARD_OPPOSING_HOLDING),), Power.MODELLED)
    assert compile_card(record(text, CardType.MAGICAL_ITEM, "+2"))[1] is Power.UNMODELLED


def test_protected_from_reads_as_immune_to_on_an_item_only() -> None:
    text = "The attached champion is protected from all offensive spells."
    assert compile_card(record(text, CardType.MAGICAL_ITEM, "+1")) == (
        (Effect(K.IMMUNE_OFFENSIVE_SPELLS),), Power.MODELLED)
    assert compile_card(record(text, CardType.EVENT, ""))[1] is Power.UNMODELLED


def test_the_halved_base_level_is_an_items_power_and_its_field_is_no_bonus() -> None:
    text = "But his base level is halved (rounded down)."
    assert compile_card(record(text, CardType.MAGICAL_ITEM, "-1/2")) == (
        (Effect(K.OWN_BASE_HALVED),), Power.MODELLED)
    assert compile_card(record(text, CardType.HERO, "5"))[1] is Power.UNMODELLED


def test_the_hand_discard_is_a_played_cards_power_only() -> None:
    text = ("When played in battle, the opposing player must immediately discard one card "
            "from his hand.")
    assert compile_card(record(text, CardType.ALLY, "+3")) == (
        (Effect(K.HAND_DISCARDS_WEAKEST, count=1),), Power.MODELLED)
    assert compile_card(record(text, CardType.REALM, ""))[1] is Power.UNMODELLED


def test_the_shared_artifact_is_the_named_champions_own_power_only() -> None:
    text = "An artifact attached to Ruby also functions for her sisters, Jade and Opal."
    assert compile_card(record(text, CardType.CLERIC, "5", name="Ruby")) == (
        (Effect(K.SHARED_ARTIFACT, names=("Jade", "Opal")),), Power.MODELLED)
    assert compile_card(record(text, CardType.CLERIC, "5", name="Onyx"))[1] is Power.UNMODELLED


def test_a_bar_on_card_types_is_a_rule_cards_power_only() -> None:
    text = ("Played at the beginning of the player's turn, this card is not discarded. It "
            "affects all players and remains in effect until any other rule card is played. "
            "Spells and blood abilities cannot be played. Any such cards already in play are "
            "discarded when this rule card is played.")
    types = (int(CardType.WIZARD_SPELL), int(CardType.CLERIC_SPELL), int(CardType.BLOOD_ABILITY))
    assert compile_card(record(text, CardType.RULE, "")) == (
        (Effect(K.NO_CARDS, card_types=types),), Power.MODELLED)
    assert compile_card(record("Spells and blood abilities cannot be played.", CardType.EVENT,
                               ""))[1] is Power.UNMODELLED


def test_a_world_only_offensive_card_is_a_rule_cards_power_only() -> None:
    text = "Only Greyhawk champions can use offensive psionic power cards."
    assert compile_card(record(text, CardType.RULE, "")) == (
        (Effect(K.OFFENSIVE_WORLD_ONLY, card_types=(int(CardType.PSIONIC_POWER),),
                condition=Condition(self_worlds=(int(World.GREYHAWK),))),), Power.MODELLED)
    assert compile_card(record(text, CardType.REALM, ""))[1] is Power.UNMODELLED


def test_a_rule_cards_world_gain_reaches_both_players_not_its_owners_side() -> None:
    text = "All Dark Sun champions and allies gain 2 levels."
    gain = Effect(K.RULE_WORLD_GAIN, amount=2,
                  condition=Condition(self_worlds=(int(World.DARK_SUN),)))
    assert compile_card(record(text, CardType.RULE, "")) == ((gain,), Power.MODELLED)
    # On a holding it stays the owner's gain (the earlier rules' reading).
    effects, power = compile_card(record(text, CardType.HOLDING, ""))
    assert power is Power.MODELLED and gain not in effects
