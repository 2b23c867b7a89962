"""The 4th Edition, third pass, part a (issue 13, c4th3a): the phrase rules of the compiler's
section "4th Edition, third pass (issue 13, c4th3a)", on the real cards numbered 4th/1 to
4th/177 (CrossFire data, skipped without it) and on made-up records (so that the rules are
tested on a fresh machine too).

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
SPELLS = (int(CardType.WIZARD_SPELL), int(CardType.CLERIC_SPELL))
ITEM = (int(CardType.MAGICAL_ITEM),)
DEFENDING = Condition(when=When.DEFENDING)


@pytest.fixture(scope="module")
def db() -> cf.Database:
    return cf.read_database(CROSSFIRE)


@needs_data
@pytest.mark.parametrize("key, effects", [
    # Raurin: "If Raurin is razed, the attacking champion must be discarded."
    ("4th/11", {Effect(K.DISCARD_AFTER_RAZING)}),
    # The Forest Ridge: "If the Forest Ridge is razed through combat, the attacking champion is
    # consumed by feral halflings and is discarded." (a round won, not card play: "combat")
    ("4th/34", {Effect(K.DISCARD_AFTER_RAZING, mark="combat")}),
    # Blackstaff Tower (+3): "counts as a +3 ally. No offensive wizard spells may be played
    # against champions defending the attached realm. Defending wizards gain 3 levels."
    ("4th/74", {Effect(K.CARDS_BARRED, card_types=(19,), mark="off", condition=DEFENDING),
                Effect(K.GAIN_LEVELS, amount=3, condition=Condition(
                    when=When.DEFENDING, self_types=(20,)))}),
    # Grovnekevic Forest: "Any elf defending the attached realm gains 3 levels. Heroes,
    # wizards, and clerics who are not elves cannot attack the attached realm."
    ("4th/108", {Effect(K.GAIN_LEVELS, amount=3, condition=Condition(
                     when=When.DEFENDING, self_attributes=(14,))),
                 Effect(K.ALLIES_GAIN, amount=3, attributes=(14,), condition=DEFENDING),
                 Effect(K.NOT_ATTACKABLE_BY, card_types=(5, 7, 20), condition=Condition(
                     vs_not_attributes=(14,)))}),
    # Balance of Power: "only his allies retain their special abilities. All other allies have
    # only their level bonus."
    ("4th/145", {Effect(K.NEGATE_POWERS, card_types=(int(CardType.ALLY),))}),
    # Assault of Magic: "all spells cast by his champions are double in level."
    ("4th/146", {Effect(K.DOUBLE_CARD_BONUS, card_types=SPELLS)}),
    # Brave Heart: "this player's champions are immune to offensive spells and magical items
    # until the end of this player's next turn."
    ("4th/153", {Effect(K.IMMUNE_OFFENSIVE_SPELLS),
                 Effect(K.IMMUNE_TO, card_types=ITEM, mark="off")}),
    # Monastery of Perdien the Damned: "Clerics refuse to attack this realm. Avatars who attack
    # this realm are halved in base level."
    ("4th/72", {Effect(K.NOT_ATTACKABLE_BY, card_types=(5,)),
                Effect(K.HALVE_OPPOSING_BASE, mark="avatar", condition=DEFENDING)}),
    # Call to Arms: "his heroes may all use psionic power cards and blood abilities" (the
    # card's uses codes).
    ("4th/141", {Effect(K.MAY_USE, uses=("d3", "o3", "d11", "o11"),
                        condition=Condition(self_types=(7,)))}),
    # Monstrous Intervention: "only monsters can attack."
    ("4th/148", {Effect(K.ONLY_ATTACKABLE_BY, card_types=(10,))}),
    # Reorxcrown Mountains: "can be attacked only by flyers or dwarves and is immune to
    # offensive wizard spells."
    ("4th/53", {Effect(K.ONLY_ATTACKABLE_BY, movement=("flyer",), attributes=(12,)),
                Effect(K.REALM_IMMUNE_OFFENSIVE, card_types=(19,))}),
    # The Delving (+5): "who act as a +5 ally to any champion defending this realm ... the
    # Delving is immune to attack via Underdark realms."
    ("4th/55", {Effect(K.NOT_ATTACKABLE_VIA_UNDERDARK)}),
    # Nagawater (+4): "acts as a +4 ally to champions defending the attached realm. The naga
    # instantly destroys all swimming allies."
    ("4th/78", {Effect(K.DESTROY_ALLIES, attributes=(37,)),
                Effect(K.OWN_ALLIES_BARRED, attributes=(37,))}),
    # Spindrift Isles (8): "can be attacked only by flyers or swimmers. It can defend itself as
    # a level 8 elf wizard."
    ("4th/23", {Effect(K.ONLY_ATTACKABLE_BY, movement=("flyer", "swimmer")),
                Effect(K.DEFEND_AS, amount=8, champion_type=20, attributes=(14,))}),
    # Lair of the Eye Tyrant (15): "defended by a beholder of monstrous size. The level 15
    # monster can cast wizard spells and is immune to offensive magical items. No other
    # champion can defend this realm."
    ("4th/68", {Effect(K.DEFEND_AS, amount=15, champion_type=10, attributes=(3,)),
                Effect(K.MAY_USE, uses=("d19", "o19")),
                Effect(K.IMMUNE_TO, card_types=ITEM, mark="off"),
                Effect(K.DEFENDERS_BARRED, card_types=(5, 7, 10, 12, 14, 16, 20))}),
    # Euripis: "Only champions able to cast spells can attack Euripis. Swimmers cannot attack
    # this realm."
    ("4th/30", {Effect(K.ONLY_ATTACKABLE_BY_CASTERS),
                Effect(K.NOT_ATTACKABLE_BY, movement=("swimmer",))}),
    # Ur Draxa: "This player and his champions are immune to offensive psionic powers.
    # Champions with attached artifacts or magical items cannot attack this realm, though they
    # can be added during battle."
    ("4th/32", {Effect(K.CHAMPIONS_IMMUNE, card_types=(11,), mark="off"),
                Effect(K.NOT_ATTACKABLE_BY_ARMED)}),
    # Bluet Spur (6): "Bluet Spur cannot be attacked by flyers. It can defend itself as a level
    # 6 monster that can cast wizard spells and use psionic power cards."
    ("4th/59", {Effect(K.NOT_ATTACKABLE_BY, movement=("flyer",)),
                Effect(K.DEFEND_AS, amount=6, champion_type=10,
                       uses=("d19", "o19", "d11", "o11"))}),
    # Dragon's Crown Mountain (7): "All dragon champions of this player are immune to offensive
    # spells and offensive psionic power cards. The realm can defend itself as a level 7
    # monster (dragon)."
    ("4th/39", {Effect(K.CHAMPIONS_IMMUNE, condition=Condition(self_attributes=(8,))),
                Effect(K.CHAMPIONS_IMMUNE, card_types=(11,), mark="off",
                       condition=Condition(self_attributes=(8,))),
                Effect(K.IMMUNE_OFFENSIVE_SPELLS, condition=Condition(
                    when=When.DEFENDING, self_attributes=(8,))),
                Effect(K.IMMUNE_TO, card_types=(11,), mark="off", condition=Condition(
                    when=When.DEFENDING, self_attributes=(8,))),
                Effect(K.DEFEND_AS, amount=7, champion_type=10, attributes=(8,))}),
    # The Jagged Cliffs (3): "Any halflings played in defense of the Jagged Cliffs are tripled
    # in base level. The realm can defend itself as a level 3 halfling hero."
    ("4th/37", {Effect(K.DOUBLE_LEVEL, amount=3, condition=Condition(
                    when=When.DEFENDING, self_attributes=(21,))),
                Effect(K.DOUBLE_ALLIES, amount=3, attributes=(21,), condition=DEFENDING),
                Effect(K.DEFEND_AS, amount=3, champion_type=7, attributes=(21,))}),
    # Ambush: "If on the losing side of a battle, this event allows this player to lay down
    # enough cards to defeat the opposing champion. That champion is automatically defeated and
    # is discarded."
    ("4th/152", {Effect(K.DISCARD_OPPOSING_CHAMPION, mark="losing")}),
    # Raurin (FR): "If this realm is razed, the attacking champion must be discarded."
    ("FR/17", {Effect(K.DISCARD_AFTER_RAZING)}),
    # Points East Trading Guild: "This players draws one extra card per turn. Negates any
    # Arkhold holding in play."
    ("4th/101", {Effect(K.EXTRA_DRAW, amount=1),
                 Effect(K.NAMED_HOLDINGS_NEGATED, names=("Arkhold",))}),
    # Adderswamp: "... leech away 2 levels from attacking champions and allies; any reduced to
    # 0 are discarded instantly." (Ogo's power)
    ("4th/81", {Effect(K.OPPONENT_LOSES, amount=2, condition=DEFENDING),
                Effect(K.OPPOSING_ALLIES_LOSE, amount=2, condition=DEFENDING),
                Effect(K.DESTROY_CHAMPION, amount=2, condition=DEFENDING),
                Effect(K.DESTROY_ALLIES, amount=2, condition=DEFENDING)}),
    # Black Spear Tribes: "An attacking champion loses 1 level from his base level for each card
    # attached to him and for each card he plays in battle. If his base level is reduced to 0,
    # he is defeated and discarded."
    ("4th/46", {Effect(K.BASE_LOSS_PER_CARD, amount=1, condition=DEFENDING)}),
    # Moonwell: "The attached realm can cast cleric spells and is immune to offensive cleric
    # spells and harmful events."
    ("4th/77", {Effect(K.MAY_USE, uses=("d4", "o4")),
                Effect(K.REALM_IMMUNE_OFFENSIVE, card_types=(4,)),
                Effect(K.REALM_IMMUNE_HARMFUL_EVENTS)}),
    # Keep of the Dead: "If something forces the attached realm to be discarded, this holding is
    # discarded instead, and the realm remains in play."
    ("4th/117", {Effect(K.DISCARDED_FOR_REALM)}),
    # Fortification: Parapet: "This player's Greyhawk realms are immune to offensive spells."
    ("4th/84", {Effect(K.REALM_IMMUNE_OFFENSIVE, card_types=SPELLS, mark="player",
                       condition=Condition(realm_worlds=(2,)))}),
])
def test_third_pass_a_phrasings(db: cf.Database, key: str, effects: set[Effect]) -> None:
    got, power = compile_card(db.get(key))
    assert power is Power.MODELLED and set(got) == effects, (key, got)


@needs_data
@pytest.mark.parametrize("key, effects", [
    # Roesone (BR): "Can defend itself as a level 5 hero who can use blood abilities."
    ("BR/1", {Effect(K.DEFEND_AS, amount=5, champion_type=7, uses=("d3", "o3"))}),
    # Bluet Spur (AR): "Cannot be attacked by flyers and can defend itself as a level 6 monster
    # that can cast wizard spells. Any holding can be attached to Bluet Spur."
    ("AR/88", {Effect(K.DEFEND_AS, amount=6, champion_type=10, uses=("d19", "o19")),
               Effect(K.NOT_ATTACKABLE_BY, movement=("flyer",)), Effect(K.ANY_HOLDING)}),
    # Valachan (RL): "Can defend itself as a level 5 undead champion (vampire)."
    ("RL/12", {Effect(K.DEFEND_AS, amount=5, attributes=(40, 43))}),
    # Kargat Mausoleum (RL, a holding): "The attached realm can defend itself as a level 4
    # undead champion (vampire)."
    ("RL/18", {Effect(K.DEFEND_AS, amount=4, attributes=(40, 43))}),
    # Moonwell (FR): "The attached realm can cast cleric spells and is unaffected by harmful
    # cleric spells and events."
    ("FR/23", {Effect(K.MAY_USE, uses=("d4", "o4")),
               Effect(K.REALM_IMMUNE_OFFENSIVE, card_types=(4,)),
               Effect(K.REALM_IMMUNE_HARMFUL_EVENTS)}),
    # Euripis (AR): "Only champions able to cast spells can attack this realm. Any holding can
    # be attached to Euripis."
    ("AR/90", {Effect(K.ONLY_ATTACKABLE_BY_CASTERS), Effect(K.ANY_HOLDING)}),
])
def test_same_wordings_in_other_sets(db: cf.Database, key: str, effects: set[Effect]) -> None:
    got, power = compile_card(db.get(key))
    assert power is Power.MODELLED and set(got) == effects, (key, got)


@needs_data
@pytest.mark.parametrize("key", [
])
def test_third_pass_a_cards_with_nothing_for_combat(db: cf.Database, key: str) -> None:
    assert compile_card(db.get(key)) == ((), Power.NONE), key


@pytest.mark.parametrize("text, type_, level, name, effects", [
    ("If Tester Hold is razed, the attacking champion must be discarded.", CardType.REALM, "",
     "Tester Hold", {Effect(K.DISCARD_AFTER_RAZING)}),
    # Another realm's name: not this realm's power.
    ("If Other Hold is razed, the attacking champion must be discarded.", CardType.REALM, "",
     "Tester Hold", None),
    ("A +4 drow ally aids each defending champion.", CardType.REALM, "+4", "Tester", set()),
    # A number other than the printed bonus is not read.
    ("A +3 drow ally aids each defending champion.", CardType.REALM, "+4", "Tester", None),
    ("No offensive cleric spells may be played against champions defending the attached realm.",
     CardType.HOLDING, "", "Tester", {Effect(K.CARDS_BARRED, card_types=(4,), mark="off",
                                             condition=DEFENDING)}),
    ("No offensive cleric spells may be played against champions defending the attached realm.",
     CardType.REALM, "", "Tester", None),  # "the attached realm": a holding's words
    ("Wizards and monsters who are not dwarves cannot attack the attached realm.",
     CardType.HOLDING, "", "Tester", {Effect(K.NOT_ATTACKABLE_BY, card_types=(10, 20),
                                             condition=Condition(vs_not_attributes=(12,)))}),
    # Arak's wording is not read: dwarf allies defend too, and no effect makes an ally immune.
    ("All dwarves defending Tester are immune to offensive wizard spells.", CardType.REALM, "",
     "Tester", None),
    # Events only: on a champion "this player draws" is not read here.
    ("This player draws three cards.", CardType.HERO, "5", "Tester", None),
    ("Until the end of this player's next turn, all spells cast by his champions are double in "
     "level.", CardType.EVENT, "", "Tester", {Effect(K.DOUBLE_CARD_BONUS, card_types=SPELLS)}),
    ("Until the end of this player's next turn, only wizards can attack.", CardType.EVENT, "",
     "Tester", {Effect(K.ONLY_ATTACKABLE_BY, card_types=(20,))}),
    ("Until the end of this player's next turn, only wizards can attack.", CardType.REALM, "",
     "Tester", None),
    ("Negates any Mulmaster holding in play.", CardType.HERO, "5", "Tester", None),
    ("The Tester Peaks can be attacked only by flyers or giants and is immune to offensive "
     "spells.", CardType.REALM, "", "Tester Peaks",
     {Effect(K.ONLY_ATTACKABLE_BY, movement=("flyer",), attributes=(17,)),
      Effect(K.REALM_IMMUNE_OFFENSIVE, card_types=SPELLS)}),
    ("This player's Dark Sun realms are immune to offensive cleric spells.", CardType.HOLDING,
     "", "Tester", {Effect(K.REALM_IMMUNE_OFFENSIVE, card_types=(4,), mark="player",
                           condition=Condition(realm_worlds=(4,)))}),
    ("This player's Dark Sun realms are immune to offensive cleric spells.", CardType.REALM,
     "", "Tester", None),  # a holding's words
    ("The kraken instantly destroys all flying allies.", CardType.HOLDING, "", "Tester",
     {Effect(K.DESTROY_ALLIES, attributes=(16,)), Effect(K.OWN_ALLIES_BARRED,
                                                          attributes=(16,))}),
    ("Tester Keep is immune to attack via Underdark realms.", CardType.REALM, "", "Tester Keep",
     {Effect(K.NOT_ATTACKABLE_VIA_UNDERDARK)}),
    ("It can defend itself as a level 7 monster (dragon).", CardType.REALM, "7", "Tester",
     {Effect(K.DEFEND_AS, amount=7, champion_type=10, attributes=(8,))}),
    ("It can defend itself as a level 3 halfling hero.", CardType.REALM, "3", "Tester",
     {Effect(K.DEFEND_AS, amount=3, champion_type=7, attributes=(21,))}),
    ("It can defend itself as a level 3 halfling hero.", CardType.HERO, "3", "Tester", None),
    ("Only champions able to cast spells can attack this realm.", CardType.HOLDING, "",
     "Tester", None),  # a realm's own words
    # On a champion the sentence rule stands aside: the clause rule reads its own immunity.
    ("This player and his champions are immune to offensive psionic powers.", CardType.HERO, "5",
     "Tester", {Effect(K.IMMUNE_TO, card_types=(11,), mark="off")}),
    ("Other Spur cannot be attacked by flyers.", CardType.REALM, "", "Tester Spur", None),
    ("All undead champions of this player are immune to offensive magical items.",
     CardType.HOLDING, "", "Tester", {Effect(K.CHAMPIONS_IMMUNE, card_types=ITEM, mark="off",
                                             condition=Condition(self_attributes=(40,)))}),
    ("Any elves played in defense of Other Wood are tripled in base level.", CardType.REALM, "",
     "Tester Wood", None),  # another realm's name
    ("That champion is automatically defeated and is discarded.", CardType.EVENT, "", "Tester",
     None),  # only beside Ambush's first sentence
    ("If his base level is reduced to 0, he is defeated and discarded.", CardType.REALM, "",
     "Tester", None),  # only beside Black Spear Tribes' first sentence
    # "No other champion": only a realm that defends itself (a level).
    ("No other champion can defend this realm.", CardType.REALM, "", "Tester", None),
    # "All other allies" is read only beside "only his allies retain their special abilities".
    ("All other allies have only their level bonus.", CardType.EVENT, "", "Tester", None),
])
def test_made_up_records(text: str, type_: CardType, level: str, name: str,
                         effects: set[Effect] | None) -> None:
    got, power = compile_card(record(text, type_=type_, level=level, name=name))
    if effects is None:
        assert power is Power.UNMODELLED, got
        return
    assert power is Power.MODELLED and set(got) == effects
