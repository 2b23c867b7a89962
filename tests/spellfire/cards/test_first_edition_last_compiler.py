"""The last 1st Edition cards (issue 13, c1st3): the phrase rules of the compiler's section
"1st Edition, last cards", on the real cards (CrossFire data, skipped without it) and on
made-up records of our own wording (so that the rules are tested on a fresh machine too).

The effects expected are read off the printed text by hand (quoted beside each card).
"""

from __future__ import annotations

import pytest
from combatzoo.envs.spellfire.cards import crossfire as cf
from combatzoo.envs.spellfire.cards.cards import CardType, Power
from combatzoo.envs.spellfire.cards.compiler import compile_card
from combatzoo.envs.spellfire.cards.effects import Condition, Effect, EffectKind

from .test_compiler import CROSSFIRE, needs_data, record

K = EffectKind
SPELLS_AND_ALLIES = (int(CardType.WIZARD_SPELL), int(CardType.CLERIC_SPELL), int(CardType.ALLY))
FRAME = ("Played at the beginning of the player's turn, this card is not discarded. It affects "
         "all players and remains in effect until any other rule card is played. ")


@pytest.fixture(scope="module")
def db() -> cf.Database:
    return cf.read_database(CROSSFIRE)


@needs_data
@pytest.mark.parametrize("key, effects", [
    # Gib Ekim (hero 5/7): "Gib can fight as either a wizard (5) or a hero (7); the player must
    # choose at the start of the round." The hero (its printed type) at 7, the wizard (20).
    ("1st/444", (Effect(K.FIGHT_AS, amount=7, champion_type=int(CardType.WIZARD)),)),
    # Johydee's Mask: "The wearer assumes the level or gains the special power (but not both)
    # of any champion in play."
    ("1st/218", (Effect(K.ASSUME_LEVEL),)),
    # The Abyssal Vortex (rule): its frame, then "Wish and Limited Wish spells cannot be cast.
    # All spells and allies played while this card is in effect are discarded into the Abyss."
    ("1st/430", (Effect(K.SPELLS_BARRED_NAMED, names=("wish", "limited wish")),
                 Effect(K.PLAYED_TO_ABYSS, card_types=SPELLS_AND_ALLIES))),
    # Age of Entropy (rule): its frame, then "At the end of each player's turn (after
    # discarding down to maximum hand size), that player must discard a card from his hand or
    # pool, or raze a realm."
    ("1st/423", (Effect(K.END_OF_TURN_DISCARD),)),
    # Mutiny!: "No battles can be fought until the player's next turn. A battle in progress
    # stops immediately with no victor; allies are discarded."
    ("1st/168", (Effect(K.TRUCE), Effect(K.END_BATTLE))),
    # Solid Fog, and its 3rd and 4th Edition printings: "Unearthly fog prevents all attacks
    # against all players until this player's next turn."
    ("1st/382", (Effect(K.TRUCE),)),
    ("3rd/382", (Effect(K.TRUCE),)),
    ("4th/133", (Effect(K.TRUCE),)),
    # Tapestry of the Stag (+5 artifact): "This player's champions are immune to the special
    # powers (but not the levels) of all Ravenloft champions and allies." (Ravenloft: 3.)
    ("1st/426", (Effect(K.IMMUNE_TO_WORLD_POWERS, condition=Condition(vs_worlds=(3,))),)),
    # Chest of Many Things (+5 magical item): "The champion with this chest can fly, and can
    # function as a hero, wizard, cleric, or monster; the player chooses which type of
    # champion before each round." A flyer; the uses of heroes, wizards and clerics (monsters
    # have none), one spell type a round; the four types (7, 20, 5, 10).
    ("1st/420", (Effect(K.GAIN_MOVEMENT, movement=("flyer",)),
                 Effect(K.MAY_USE, uses=("d18", "o18", "d19", "o19", "d4", "o4")),
                 Effect(K.ONE_SPELL_TYPE), Effect(K.FUNCTION_AS, card_types=(7, 20, 5, 10)))),
    # The Labyrinth Map of Shuuc (+4 artifact), and its 2nd Edition printing: "A champion with
    # this map is never discarded; if defeated, he escapes into the labyrinth and returns to
    # the player's pool at the end of the player's next turn."
    ("1st/410", (Effect(K.ESCAPE_TO_LIMBO),)),
    ("2nd/410", (Effect(K.ESCAPE_TO_LIMBO),)),
    # Bribery! (event): "Play immediately after champions are selected. The bribed champion
    # returns to the owner's pool and that player must select another champion or lose the
    # battle." (The first sentence: when it is played, read by the same kind.)
    ("1st/204", (Effect(K.BRIBE),)),
])
def test_the_last_first_edition_cards_compile(db: cf.Database, key: str,
                                              effects: tuple[Effect, ...]) -> None:
    got, power = compile_card(db.get(key))
    assert power is Power.MODELLED, key
    assert got == effects


def test_fight_as_needs_the_level_field_it_names() -> None:
    text = ("Tester can fight as either a wizard (5) or a hero (7); the player must choose at "
            "the start of the round.")
    got, power = compile_card(record(text, CardType.HERO, level="5/7"))
    assert power is Power.MODELLED
    assert got == (Effect(K.FIGHT_AS, amount=7, champion_type=int(CardType.WIZARD)),)
    # The forms the other way round on a wizard 5/7 (a wizard at 7, a hero at its printed 5).
    text2 = ("Tester can fight as either a hero (5) or a wizard (7); the player must choose at "
             "the start of the round.")
    got, power = compile_card(record(text2, CardType.WIZARD, level="5/7"))
    assert got == (Effect(K.FIGHT_AS, amount=7, champion_type=int(CardType.HERO)),)
    # Numbers that are not the card's level field, or a single level: not read.
    assert compile_card(record(text, CardType.HERO, level="4/7"))[1] is Power.UNMODELLED
    assert compile_card(record(text, CardType.HERO, level="5"))[1] is Power.UNMODELLED
    # Neither form of the card's printed type: not read.
    assert compile_card(record(text, CardType.CLERIC, level="5/7"))[1] is Power.UNMODELLED


def test_the_mask_is_read_on_items_and_artifacts_only() -> None:
    text = ("The wearer assumes the level or gains the special power (but not both) of any "
            "champion in play.")
    assert compile_card(record(text, CardType.ARTIFACT, level=""))[0] == (
        Effect(K.ASSUME_LEVEL),)
    assert compile_card(record(text, CardType.HERO))[1] is Power.UNMODELLED


def test_a_rule_cards_frame_is_modelled_only_with_powers_read_off_the_rule_zone() -> None:
    vortex = FRAME + ("Wish and Limited Wish spells cannot be cast. All spells and allies "
                      "played while this card is in effect are discarded into the Abyss.")
    got, power = compile_card(record(vortex, CardType.RULE, level=""))
    assert power is Power.MODELLED and {e.kind for e in got} == {
        K.SPELLS_BARRED_NAMED, K.PLAYED_TO_ABYSS}
    # A rule card whose other sentence is a power of one side (gain_levels) stays not
    # modelled: the rule zone's reading does not apply it to both players.
    other = FRAME + "All heroes gain 2 levels."
    assert compile_card(record(other, CardType.RULE, level=""))[1] is Power.UNMODELLED
    # The Vortex's sentences on a card that is not a rule card: not read.
    assert compile_card(record("Wish and Limited Wish spells cannot be cast.", CardType.EVENT,
                               level=""))[1] is Power.UNMODELLED


def test_a_truce_is_read_on_events_only() -> None:
    text = "No battles can be fought until the player's next turn."
    assert compile_card(record(text, CardType.EVENT, level="")) == (
        (Effect(K.TRUCE),), Power.MODELLED)
    assert compile_card(record(text, CardType.HERO))[1] is Power.UNMODELLED


def test_bribery_timing_is_read_only_with_its_power() -> None:
    alone = "Play immediately after champions are selected."
    assert compile_card(record(alone, CardType.EVENT, level=""))[1] is Power.UNMODELLED
