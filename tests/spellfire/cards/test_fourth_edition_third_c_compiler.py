"""The 4th Edition, third pass, part c (issue 13, c4th3c): the phrase rules of the compiler's
section "4th Edition, third pass (issue 13, c4th3c)", on the real cards (CrossFire data, skipped
without it) and on made-up records (so that the rules are tested on a fresh machine too).

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
UNARMED = (int(CardType.UNARMED_COMBAT),)
ALLY = (int(CardType.ALLY),)
CHAMPIONS = (5, 7, 10, 12, 14, 16, 20)


@pytest.fixture(scope="module")
def db() -> cf.Database:
    return cf.read_database(CROSSFIRE)


@needs_data
@pytest.mark.parametrize("key, effects", [
    # Counter: "Usable by all champions. This unarmed combat card negates a just-played unarmed
    # combat card."
    ("4th/437", {Effect(K.USABLE_BY_ANY), Effect(K.CANCEL_SPELL, card_types=UNARMED)}),
    # Stinking Cloud: "All opposing allies of level 3 or less are discarded. Opposing allies of
    # level 4 or higher lose their special powers."
    ("4th/394", {Effect(K.DESTROY_ALLIES, amount=3),
                 Effect(K.NEGATE_POWERS, card_types=ALLY, amount=3, mark="over")}),
    # Mindlink: "cast cleric and wizard spells, use blood abilities, and use unarmed combat
    # cards for this round of battle" (its record's uses: 3, 4, 18, 19).
    ("4th/426", {Effect(K.MAY_USE, uses=("d18", "d19", "d3", "d4", "o18", "o19", "o3", "o4"))}),
    # Elemental Avatar of Fire: "A monster (dragon) champion must be discarded ... All Dark Sun
    # champions of this player gain a +5 fire elemental as an ally ..."
    ("4th/472", {Effect(K.AVATAR_COST, count=1, card_types=(10,), attributes=(8,)),
                 Effect(K.CHAMPIONS_GAIN, amount=5, condition=Condition(self_worlds=(4,)))}),
    # Superior Invisibility: "bypass a defending wizard or cleric of base level 4 or less and
    # raze the realm. The defending champion returns to his pool."
    ("4th/425", {Effect(K.RAZE_REALM, condition=Condition(
        when=When.ATTACKING, vs_types=(20, 5), vs_levels=(0, 4)))}),
    # Midnight, Goddess of Magic: "Two level 9+ wizards must be discarded ... all champions that
    # use wizard spells must ask her permission to cast them. She destroys all magical items
    # held by the opposing champion."
    ("4th/487", {Effect(K.AVATAR_COST, amount=9, count=2, card_types=(20,)),
                 Effect(K.SPELL_VETO, card_types=CHAMPIONS, mark="wizard"),
                 Effect(K.DESTROY_ITEMS)}),
    # Phobia Amplification: "The base level of this champion is subtracted from the base level
    # of the target. If the opponent is reduced below level 0, he remains in combat at a
    # negative total."
    ("4th/428", {Effect(K.OPPONENT_LOSES_OWN_BASE)}),
    # Fear: "All opposing allies whose plus is less than the last digit of the attached
    # champion's card number are immediately discarded."
    ("4th/443", {Effect(K.ALLIES_UNDER_CARD_DIGIT)}),
    # Blind Side!: "Usable only by elf (drow) champions. This can be played at any time to
    # discard the highest ally, spell, or psionic power card played during this round."
    ("4th/440", {Effect(K.USABLE_BY_ANY), Effect(K.USABLE_ONLY_BY, attributes=(10,)),
                 Effect(K.PLAY_ANY_TIME),
                 Effect(K.DISCARD_HIGHEST_PLAYED, card_types=(1, 19, 4, 11))}),
    # Shadow Engines: "Discard any holding of an opponent."
    ("4th/404", {Effect(K.DISCARD_OPPOSING_HOLDING)}),
    # Wither Touch: "Any champion defeated by the attached champion is sent to the Abyss rather
    # than the discard pile."
    ("4th/449", {Effect(K.OPPOSING_TO_ABYSS, mark="defeated")}),
    # Urdlen: "An earthwalking monster of level 7 or more must be discarded ... Urdlen devours
    # all earthwalking allies that oppose any of this player's champions."
    ("4th/474", {Effect(K.AVATAR_COST, amount=7, count=1, card_types=(10,), attributes=(13,)),
                 Effect(K.DESTROY_ALLIES, attributes=(13,), mark="player")}),
    # Reversal: "Usable by all champions. This maneuver turns a just-played offensive unarmed
    # combat card back upon its user."
    ("4th/435", {Effect(K.USABLE_BY_ANY),
                 Effect(K.TURN_SPELL, card_types=UNARMED, mark="off")}),
    # The Emerald Throne: "Usable only by an elf champion from any world. All elves of this
    # player can use unarmed combat, psionic power, and blood ability cards."
    ("4th/467", {Effect(K.CARRIED_ONLY_BY, attributes=(14,)),
                 Effect(K.MAY_USE, uses=("d11", "d18", "d3", "o11", "o18", "o3"), mark="player",
                        condition=Condition(self_attributes=(14,)))}),
    # Rake!: "Usable only by undead champions. The opposing champion must discard one card from
    # the current round of combat."
    ("4th/438", {Effect(K.OPPONENT_DISCARDS_WEAKEST)}),
    # Heroic Effort: "Usable only by heroes. The attached hero can discard any single card
    # attached to an opposing champion. Win or lose, the hero is discarded at the end of the
    # battle."
    ("4th/441", {Effect(K.DESTROY_ITEMS, card_types=(2,), count=1),
                 Effect(K.DISCARD_AFTER_ROUND, mark="own")}),
    # Elminster's Evasion: "A wizard who casts this spell can sacrifice another wizard from his
    # pool to escape defeat, but the opponent still gains spoils (if applicable)."
    ("4th/387", {Effect(K.ESCAPE_BY_SACRIFICE, card_types=(20,),
                        condition=Condition(self_types=(20,)))}),
    # Throne of the Pharaohs: "Usable by a champion from any world. When brought into play, all
    # events in play are negated and no more can be played as long as the Throne of the
    # Pharaohs remains in play."
    ("4th/466", {Effect(K.NO_EVENTS_IN_PLAY)}),
    # Nature's Throne: "Usable by any champion from any world. Nature's Throne strips any
    # special movement requirement (swimmers, flyers, etc) from any realm that this player's
    # champions attack."
    ("4th/461", {Effect(K.NO_MOVEMENT_REQUIRED)}),
    # Barbaric Allies: "These allies can be played in combat regardless of cards that prohibit
    # allies from being played. If played during a successful defense of a realm, one of the
    # attacker's realms is razed (chosen by the attacker)."
    ("4th/512", {Effect(K.ALLY_BARS_IGNORED), Effect(K.DEFENSE_RAZES_ATTACKER)}),
    # Tail Slap: "Usable only by dragons. All nonflying opponents lose two levels. If reduced
    # to level 0 or less, they are discarded."
    ("4th/439", {Effect(K.OPPONENT_LOSES, amount=2, condition=Condition(vs_not_attributes=(16,))),
                 Effect(K.OPPOSING_ALLIES_LOSE_UNLESS, amount=2, movement=("flyer",)),
                 Effect(K.DESTROY_ALLIES, amount=2, movement=("flyer",), mark="standing"),
                 Effect(K.DESTROY_CHAMPION, amount=2,
                        condition=Condition(vs_not_attributes=(16,)))}),
    # Boot to the Head: "An opposing wizard, cleric, thief, or regent draws and discards a card,
    # noting its last digit. If the digit is a 0 or a 1, the opponent is defeated."
    ("4th/434", {Effect(K.DRAW_DIGIT_DEFEATS, amount=1,
                        condition=Condition(vs_types=(20, 5, 16, 14)))}),
    # Caves of Mystery: "Attacking champions of base level 9 or higher draw and discard a card,
    # noting the last digit. If that number is 3 or less, they ... are discarded. This player
    # draws spoils."
    ("4th/505", {Effect(K.DRAW_DIGIT_DISCARDS_ATTACKER, amount=3,
                        condition=Condition(when=When.DEFENDING, vs_levels=(9, 0)))}),
    # Persuasion: "Attached champion draws and discards a card, noting the last digit of the
    # card number. This is the number of opposing allies (chosen by the opponent) which are
    # persuaded not to fight. Allies are sent to the discard pile."
    ("4th/450", {Effect(K.DRAW_DIGIT_ALLIES)}),
    # Guenhwyvar (Forgotten Realms): "If the attached champion is defeated, Guenhwyvar may be
    # attached to any other Forgotten Realms champion in the player's pool."
    ("4th/458", {Effect(K.ARTIFACT_MOVES_ON_DEFEAT)}),
])
def test_third_pass_c_phrasings(db: cf.Database, key: str, effects: set[Effect]) -> None:
    got, power = compile_card(db.get(key))
    assert power is Power.MODELLED and set(got) == effects, (key, got)


@needs_data
@pytest.mark.parametrize("key", [
    "4th/427",  # Precognition: "must reveal the next two cards he plans to play" (+4 alone)
    "4th/513",  # The Sylvan Pool (AD&D): "can be attached to any realm"; a draw
])
def test_third_pass_c_cards_with_nothing_for_combat(db: cf.Database, key: str) -> None:
    assert compile_card(db.get(key)) == ((), Power.NONE), key


@pytest.mark.parametrize("text, type_, level, uses, effects", [
    ("Opposing allies of level 5 or higher lose their special powers.", CardType.CLERIC_SPELL,
     "", (), {Effect(K.NEGATE_POWERS, card_types=ALLY, amount=4, mark="over")}),
    # A power of a card played into the round only (a champion's would last all battle).
    ("Opposing allies of level 5 or higher lose their special powers.", CardType.HERO, "5", (),
     None),
    ("This unarmed combat card negates a just-played unarmed combat card.",
     CardType.UNARMED_COMBAT, "", (), {Effect(K.CANCEL_SPELL, card_types=UNARMED)}),
    ("This unarmed combat card negates a just-played unarmed combat card.",
     CardType.WIZARD_SPELL, "", (), None),
    # Mindlink's list must be what its record's uses codes grant.
    ("Allows the champion to cast cleric and wizard spells, use blood abilities, and use "
     "unarmed combat cards for this round of battle.", CardType.PSIONIC_POWER, "+4",
     ("d4", "o4"), None),
    ("The opposing player must reveal the next two cards he plans to play in this combat.",
     CardType.PSIONIC_POWER, "+4", (), set()),
    ("The opposing player must reveal the next two cards he plans to play in this combat.",
     CardType.HERO, "5", (), None),
    ("An invisible champion can bypass a defending wizard or cleric of base level 6 or less "
     "and raze the realm.", CardType.PSIONIC_POWER, "", (), {Effect(K.RAZE_REALM, condition=(
         Condition(when=When.ATTACKING, vs_types=(20, 5), vs_levels=(0, 6))))}),
    # The negative total restates the subtraction only beside it.
    ("If the opponent is reduced below level 0, he remains in combat at a negative total.",
     CardType.PSIONIC_POWER, "", (), None),
    # Powers of cards played into the round, not of a champion's own.
    ("Discard any holding of an opponent.", CardType.HERO, "5", (), None),
    ("Discard any holding of an opponent.", CardType.CLERIC_SPELL, "", (),
     {Effect(K.DISCARD_OPPOSING_HOLDING)}),
    ("Usable only by elf (drow) champions.", CardType.MAGICAL_ITEM, "+2", (), None),
    # Urdlen's power names the card itself.
    ("Tester devours all earthwalking allies that oppose any of this player's champions.",
     CardType.MONSTER, "9", (), {Effect(K.DESTROY_ALLIES, attributes=(13,), mark="player")}),
    ("Urdlen devours all earthwalking allies that oppose any of this player's champions.",
     CardType.MONSTER, "9", (), None),
    # An artifact of a world: "from any world" is then not a restatement.
    ("Usable only by an elf champion from any world.", CardType.ARTIFACT, "+5", (), None),
    ("Win or lose, the hero is discarded at the end of the battle.", CardType.HERO, "5", (),
     None),
    ("The opposing champion must discard one card from the current round of combat.",
     CardType.MAGICAL_ITEM, "+2", (), None),
    # A Forgotten Realms artifact: "from any world" is not a restatement.
    ("Usable by a champion from any world.", CardType.ARTIFACT, "+3", (), None),
    # A holding of one world: "any realm" says more than its world allows (record(): world 1).
    ("Can be attached to any realm.", CardType.HOLDING, "", (), None),
    ("These allies can be played in combat regardless of cards that prohibit allies from "
     "being played.", CardType.HERO, "5", (), None),
    # The discarding sentence reads the loss beside it only.
    ("If reduced to level 0 or less, they are discarded.", CardType.UNARMED_COMBAT, "+2", (),
     None),
    # Each half of a digit power reads the other half beside it only.
    ("If the digit is a 0 or a 1, the opponent is defeated.", CardType.UNARMED_COMBAT, "+1",
     (), None),
    ("This player draws spoils.", CardType.HOLDING, "", (), None),
    ("Allies are sent to the discard pile.", CardType.BLOOD_ABILITY, "", (), None),
    # The world named must be the artifact's own (record(): world 1, the Forgotten Realms).
    ("If the attached champion is defeated, Tester may be attached to any other Greyhawk "
     "champion in the player's pool.", CardType.ARTIFACT, "+5", (), None),
    ("If the attached champion is defeated, Tester may be attached to any other Forgotten "
     "Realms champion in the player's pool.", CardType.ARTIFACT, "+5", (),
     {Effect(K.ARTIFACT_MOVES_ON_DEFEAT)}),
])
def test_made_up_records(text: str, type_: CardType, level: str, uses: tuple[str, ...],
                         effects: set[Effect] | None) -> None:
    got, power = compile_card(record(text, type_=type_, level=level, uses=uses))
    if effects is None:
        assert power is Power.UNMODELLED
        return
    assert set(got) == effects
    assert power is (Power.MODELLED if effects else Power.NONE)
