"""The 3rd Edition (issue 13, c3rd): the phrase rules of the compiler's 3rd Edition section, on
the real cards (CrossFire data, skipped without it) and on made-up phrases of our own wording
(so that the rules are tested on a fresh machine too).

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
DARK_SUN, GREYHAWK = 4, 2
DEFENDING = Condition(when=When.DEFENDING)


@pytest.fixture(scope="module")
def db() -> cf.Database:
    return cf.read_database(CROSSFIRE)


@needs_data
@pytest.mark.parametrize("key, effects", [
    # Fly: "One champion and/or ally becomes a flyer. (Def/3/4)"
    ("3rd/343", {Effect(K.GAIN_MOVEMENT, movement=("flyer",))}),
    # Neeva: "Flyer. When defending a Dark Sun realm, her level is doubled."
    ("3rd/259", {Effect(K.DOUBLE_LEVEL, condition=Condition(
        when=When.DEFENDING, realm_worlds=(DARK_SUN,)))}),
    # Orb of Dragonkind (3rd): "This player's Greyhawk realms cannot be attacked by dragons or
    # monsters."
    ("3rd/157", {Effect(K.REALMS_NOT_ATTACKABLE_BY, card_types=(10,), attributes=(8,),
                        condition=Condition(realm_worlds=(GREYHAWK,)))}),
    # Herminard: "... if he dies when defending a Dark Sun realm, the opposing champion (though
    # victorious) must be discarded too."
    ("3rd/264", {Effect(K.AVENGE_DISCARD, condition=Condition(
        when=When.DEFENDING, realm_worlds=(DARK_SUN,)))}),
    # Dwarven Hammer: "The mighty hammer of the dwarves slays any giant opposing the attached
    # champion. (Off)"
    ("3rd/94", {Effect(K.DESTROY_CHAMPION, condition=Condition(vs_attributes=(17,))),
                Effect(K.DESTROY_ALLIES, attributes=(17,))}),
    # King Havlor II: "The king has a permanent +5 magical item (flaming sword) attached to him
    # that cannot be removed by any means."
    ("3rd/64", {Effect(K.GAIN_LEVELS, amount=5)}),
    # County of Sunndi: "Any champion can use wizard spells when defending the County of
    # Sunndi; spells are doubled in level."
    ("3rd/138", {Effect(K.MAY_USE, uses=("d19", "o19"), condition=DEFENDING),
                 Effect(K.DOUBLE_CARD_BONUS, card_types=(19, 4), condition=DEFENDING)}),
    # Erellika: "Can cast wizard and cleric spells. When defending, negates all psionic powers
    # for that battle. When attacking, negates the powers of all enemy holdings for the
    # duration of that battle."
    ("3rd/262", {Effect(K.MAY_USE, uses=("d4", "o4", "d19", "o19")),
                 Effect(K.IMMUNE_TO, card_types=(11,), condition=DEFENDING),
                 Effect(K.NEGATE_HOLDINGS, condition=Condition(when=When.ATTACKING))}),
    # Grypht the Saurial: "Negates the levels and special powers of all offensive magical
    # items of less than +4 enchantment."
    ("3rd/75", {Effect(K.IMMUNE_TO_WEAK, card_types=(9,), mark="off", amount=3)}),
    # Hornhead Saurial: "The attached champion and all his allies are immune to magical items
    # of +3 or less."
    ("3rd/81", {Effect(K.IMMUNE_TO_WEAK, card_types=(9,), amount=3)}),
    # The Iron Legion: "This ally instills fear in all opposing heroes, reducing their base
    # level to 0 in battle."
    ("3rd/59", {Effect(K.ZERO_OPPOSING_LEVEL, condition=Condition(vs_types=(7,)))}),
    # Calimshan: "Defending champions gain +1 for each magical item they own."
    ("3rd/9", {Effect(K.GAIN_PER_OWN_CARDS, amount=1, card_types=(9,), condition=DEFENDING)}),
    # Cha'thrang: "All nonflying allies opposing the Cha'thrnag lose 4 levels."
    ("3rd/287", {Effect(K.OPPOSING_ALLIES_LOSE_UNLESS, amount=4, movement=("flyer",))}),
    # Thri-kreen: "All nonhuman allies (elves, dwarves, and halflings) lose 2 levels for fear
    # of the thri-kreen."
    ("3rd/289", {Effect(K.ALL_ALLIES_GAIN, amount=-2, attributes=(14, 12, 21))}),
    # Chain Lightning (+5): "This spell's bonus increases to +7 if cast by a champion of level
    # 7 or higher."
    ("3rd/390", {Effect(K.GAIN_LEVELS, amount=2, condition=Condition(self_levels=(7, 0)))}),
    # Sticks to Snakes (+4): "Increases to +6 if cast by a level 7 or 8 champion, and
    # increases to +8 if cast by a level 9 or higher champion."
    ("3rd/351", {Effect(K.GAIN_LEVELS, amount=2, condition=Condition(self_levels=(7, 8))),
                 Effect(K.GAIN_LEVELS, amount=4, condition=Condition(self_levels=(9, 0)))}),
    # Figurine of Wondrous Power: "The bearer is immune to psionic attacks. If on the losing
    # side of a battle, he can eliminate one magical item in play [after the battle]."
    ("3rd/98", {Effect(K.IMMUNE_TO, card_types=(11,), mark="off")}),
    # Vaasa: "Vaasa is populated by fierce roving bands of monsters and barbarians [no power].
    # Heroes of base level 3 or less cannot attack it."
    ("3rd/14", {Effect(K.NOT_ATTACKABLE_BY_WEAK, card_types=(7,), amount=3)}),
    # Ruins of Zhentil Keep: "Can defend itself as a level 5 monster, and can only be attacked
    # by clerics."
    ("3rd/3", {Effect(K.DEFEND_AS, amount=5, champion_type=10),
               Effect(K.NOT_ATTACKABLE_BY, card_types=(7, 10, 12, 14, 16, 20))}),
    # Falcon Figurine: "Confers the ability to teleport; the attached champion and all allies
    # can attack any realm, regardless of powers. (Def)"
    ("3rd/200", {Effect(K.ATTACK_ANYWHERE)}),
    # Gith: "If two gith are played in the same round of combat, each increases to a +7."
    ("3rd/308", {Effect(K.NAMESAKE_BONUS, amount=7, count=2)}),
    # War Party: "If more than two of this card are involved in one round of combat (on either
    # side), each war party receives an additional +4 for each war party in play. No limit per
    # deck."
    ("3rd/54", {Effect(K.NAMESAKE_BONUS, amount=4, count=3, mark="each")}),
    # Verrasi: "No magical items with a bonus greater than +3 can be played after Verrasi
    # joins the battle."
    ("3rd/302", {Effect(K.ITEMS_BARRED_OVER, amount=3)}),
    # Kevin's Blade of Doom: "If the combat level of the attached hero or monster is greater
    # than 20 (after all modifiers), the champion automatically wins the battle. (Off)"
    ("3rd/206", {Effect(K.WIN_OVER_TOTAL, amount=20, condition=Condition(self_types=(7, 10)))}),
    # Winged Horror: "Undead. Flyer. Any magical item weapons attached to the horror are
    # doubled in level."
    ("3rd/194", {Effect(K.DOUBLE_CARD_BONUS, card_types=(9,), attributes=(44,))}),
    # Quagmiela the Dragon: "Alone of monsters, Quagmiela can stand against the Lovely Colleen
    # (perhaps because he attacks from behind); combat is resolved normally."
    ("3rd/177", {Effect(K.IMMUNE_TO_NAMED, names=("colleen",))}),
    # Skeleton: "Undead. The skeleton multiplies: It gains 4 levels for each additional undead
    # ally played with it."
    ("3rd/193", {Effect(K.GAIN_PER_OTHER_ALLY, amount=4, attributes=(40,))}),
    # Sadira: "Sadira can use any psionic power. Psionicists must ask her permission to use
    # psionic powers, though they can still use their stated special abilities."
    ("3rd/260", {Effect(K.MAY_USE, uses=("d11", "o11")),
                 Effect(K.PSIONICS_VETO, card_types=(12,))}),
    # Rashemen: "Red Wizard champions may not attack Rashemen. All other wizards lose 2 levels
    # when attacking."
    ("3rd/22", {Effect(K.NOT_ATTACKABLE_BY_NAMED, names=("red wizard",)),
                Effect(K.OPPONENT_LOSES, amount=2, condition=Condition(
                    when=When.DEFENDING, vs_types=(20,)))}),
    # Mekillot: "Avatars cannot attack any realm held by this player."
    ("3rd/232", {Effect(K.REALMS_NOT_ATTACKABLE_BY, mark="avatar")}),
    # Fort Melidor (3rd): "Allies defending any Dark Sun realm held by this player are doubled
    # in level."
    ("3rd/247", {Effect(K.REALMS_ALLIES_DOUBLED, condition=Condition(
        when=When.DEFENDING, realm_worlds=(DARK_SUN,)))}),
    # Halfling Mercenaries: "Strip any existing artifact and magical items from an opponent; do
    # not affect any played after the mercenaries are in play."
    ("3rd/253", {Effect(K.DESTROY_ITEMS, card_types=(2,))}),
    # Perrenland: "Maximum hand size for all opposing players is reduced by one."
    ("3rd/126", {Effect(K.OPPONENTS_HAND_SIZE, amount=-1)}),
    # Horrors of the Abyss: "After the round of battle is concluded (win or lose), this spell
    # and the opposing champion are sent to the Abyss. (Off/4/5)"
    ("3rd/96", {Effect(K.DISCARD_AFTER_ROUND, mark="abyss")}),
    # Ogo: "All champions and allies who attack the attached realm lose 3 levels - any reduced
    # to 0 are discarded immediately."
    ("3rd/233", {Effect(K.OPPONENT_LOSES, amount=3, condition=DEFENDING),
                 Effect(K.OPPOSING_ALLIES_LOSE, amount=3, condition=DEFENDING),
                 Effect(K.DESTROY_CHAMPION, amount=3, condition=DEFENDING),
                 Effect(K.DESTROY_ALLIES, amount=3, condition=DEFENDING)}),
    # Shayira: "Negates the special powers (but not the bonuses) of all cards played against
    # her."
    ("3rd/270", {Effect(K.NEGATE_POWERS)}),
    # Ka'Cha: "Negates the power of all +1 or +2 allies played against him."
    ("3rd/273", {Effect(K.NEGATE_POWERS, card_types=(1,), amount=2)}),
    # Inhuman: "Attached champion and allies are immune to ally powers for this round of
    # combat."
    ("3rd/285", {Effect(K.NEGATE_POWERS, card_types=(1,))}),
    # Mordenkainen: "Any magical item attached to Mordenkainen cannot be removed by any
    # means."
    ("3rd/162", {Effect(K.ITEMS_KEPT)}),
    # Castle Draw: "The foul air of Castle Draw causes each attacking champion to become ill.
    # All champions, even if victorious, are discarded."
    ("3rd/37", {Effect(K.DISCARD_AFTER_ROUND, mark="both")}),
    # Orb of Doom: "The attached champion can attack again this round if victorious. If he
    # razes a realm, the champion and all attachments are discarded. (Def)"
    ("3rd/104", {Effect(K.ATTACK_AGAIN),
                 Effect(K.DISCARD_AFTER_RAZING, condition=Condition(when=When.ATTACKING))}),
    # Charm Monster (also 1st/376): "An opposing monster returns to its pool; the caster wins
    # this round of battle."
    ("3rd/376", {Effect(K.WIN_ROUND, condition=Condition(vs_types=(10,))),
                 Effect(K.OPPONENT_ESCAPES, condition=Condition(vs_types=(10,)))}),
    # The Wolf Nomads: "The Wolf Nomads are immune to the power of Iuz the Evil. But they are
    # fearful of dragons, and dragons gain 1 level when attacking this realm."
    ("3rd/118", {Effect(K.IMMUNE_TO_NAMED, names=("iuz the evil",)),
                 Effect(K.OPPONENT_LOSES, amount=-1, condition=Condition(
                     when=When.DEFENDING, vs_attributes=(8,))),
                 Effect(K.OPPOSING_ALLIES_LOSE, amount=-1, attributes=(8,),
                        condition=DEFENDING)}),
    # Azhul the Hasty: "Azhul may attack with new allies as many times as he wants every turn
    # until he razes a realm or is defeated."
    ("3rd/266", {Effect(K.ATTACK_AGAIN)}),
    # Ancient Arms of the Horned Society: "This player's Greyhawk monsters all have the ability
    # to earthwalk, as do their allies."
    ("3rd/142", {Effect(K.GAIN_MOVEMENT, movement=("earthwalker",), mark="player",
                        condition=Condition(self_types=(10,), self_worlds=(GREYHAWK,)))}),
    # Ancient Arms of Greyhawk: "If Iuz the Evil is in play, this player's undead are doubled
    # in base level."
    ("3rd/144", {Effect(K.DOUBLE_LEVEL, mark="player", condition=Condition(
        self_attributes=(40,), card_in_play=("Iuz The Evil",)))}),
    # Ancient Arms of the Great Kingdom: "All undead allies of this player are tripled in
    # level, when attacking or defending."
    ("3rd/145", {Effect(K.DOUBLE_ALLIES, amount=3, attributes=(40,), mark="player")}),
    # Arms of the Great Kingdom (1st): "... doubled in level, whether attacking or defending."
    ("1st/145", {Effect(K.DOUBLE_ALLIES, attributes=(40,), mark="player")}),
    # Ancient Arms of Nyrond: "This player's monsters have the ability to fly, swim, or
    # earthwalk as needed."
    ("3rd/147", {Effect(K.GAIN_MOVEMENT, movement=("flyer", "swimmer", "earthwalker"),
                        mark="player", condition=Condition(self_types=(10,)))}),
    # T'kkyl: "Although allies may be played against T'kkyl, if successful the thri-kreen eats
    # them. (They are sent to the Abyss and not the discard pile.)"
    ("3rd/265", {Effect(K.OPPOSING_TO_ABYSS)}),
    # Dungeon of Gulg: "All champions (if defeated) and allies who attack this realm are sent
    # to the Abyss at the end of battle."
    ("3rd/248", {Effect(K.OPPOSING_TO_ABYSS, mark="champion", condition=DEFENDING)}),
    # Punisher: "If on the losing side of a battle, the punisher returns to the player's hand
    # instead of being discarded."
    ("3rd/307", {Effect(K.BACK_TO_HAND)}),
    # Ancient Arms of Veluna: "All allies played in the successful defense of any Greyhawk
    # realm held by this player are resurrected (returned to his hand) instead of discarded."
    ("3rd/209", {Effect(K.BACK_TO_HAND, mark="allies", condition=Condition(
        when=When.DEFENDING, realm_worlds=(GREYHAWK,)))}),
])
def test_third_edition_phrasings(db: cf.Database, key: str, effects: set[Effect]) -> None:
    got, power = compile_card(db.get(key))
    assert power is Power.MODELLED and set(got) == effects, key


@needs_data
@pytest.mark.parametrize("key", [
    # (3rd/117 The Horned Society acts at the start of a turn since issue 13, turn2:
    # test_turn_powers.py)
    # (3rd/214 Storm at Sea acts outside battles since issue 13, out1: test_outside_more.py)
    "3rd/216",  # Ancient Arms of the Shield Lands: rebuilds a razed realm (phase 2); "Limit one
    # per deck."
    "3rd/294",  # Powell: "can be discarded to the Abyss during phase 3 to retrieve a magical
    # item" (phase 3: outside combat)
    # (3rd/279 Silt Stalkers and 3rd/291 Mikor act after a lost round since issue 13, after2:
    # tests/spellfire/game/test_after_round.py)
    "3rd/272",  # Stug: "... by allowing a player not invloved in the battle to draw spoils
    # instead" (no such player in a two-player game)
    "3rd/256",  # Nomad Mercenaries: "Can be played any time to participate in another
    # player's battle; level rises to 6. Regardless of the outcome, the mercenaries return to
    # this player, who receives no spoils. Limit 3 per deck."
])
def test_third_edition_powers_outside_combat(db: cf.Database, key: str) -> None:
    assert compile_card(db.get(key)) == ((), Power.NONE), key


@pytest.mark.parametrize("text, type_, power", [
    # Our own wordings of the same shapes.
    ("When defending a Greyhawk realm, his level is doubled.", CardType.HERO, Power.MODELLED),
    # (issue 13, trig: removes_when_played, tests/spellfire/game/test_triggers.py)
    ("When first played, Tester can remove one hero from play (the hero is discarded).",
     CardType.REALM, Power.MODELLED),
    # A champion that removes a wizard "when first played" is not a realm played in phase 2.
    ("When first played, Tester can remove one hero from play (the hero is discarded).",
     CardType.HERO, Power.UNMODELLED),
    ("All players draw two cards face up.", CardType.HERO, Power.UNMODELLED),
    # An event that draws acts outside battles (issue 13, out1: played in phase 3).
    ("All players draw two cards face up.", CardType.EVENT, Power.MODELLED),
    ("This player's Dark Sun realms cannot be attacked by flyers.", CardType.HOLDING,
     Power.MODELLED),
    ("This player's Dark Sun realms cannot be attacked by flyers.", CardType.HERO,
     Power.UNMODELLED),
])
def test_third_edition_rules_on_own_wordings(text: str, type_: CardType, power: Power) -> None:
    assert compile_card(record(text, type_=type_, level=""))[1] is power, text


@pytest.mark.parametrize("text, power", [
    # Caster-level bands must meet: "+6 at 7 or 8, +8 at 10 or higher" leaves level 9 out.
    ("Increases to +6 if cast by a level 7 or 8 champion, and increases to +8 if cast by a "
     "level 10 or higher champion.", Power.UNMODELLED),
    ("Increases to +6 if cast by a level 7 or 8 champion.", Power.UNMODELLED),
    ("This spell's bonus increases to +6 if cast by a champion of level 8 or higher.",
     Power.MODELLED),
])
def test_caster_level_bands(text: str, power: Power) -> None:
    rec = record(text, type_=CardType.WIZARD_SPELL, level="+4")
    assert compile_card(rec)[1] is power, text


def test_self_levels_read_the_owners_printed_level() -> None:
    cond = Condition(self_levels=(7, 8))
    assert cond.reads == {"self_level"}
    assert cond.holds(attacking=True, self_level=7) and cond.holds(attacking=True, self_level=8)
    assert not cond.holds(attacking=True, self_level=6)
    assert not cond.holds(attacking=True, self_level=9)
    assert not cond.holds(attacking=True)  # unknown: a narrower effect never applies
    assert Condition(self_levels=(9, 0)).holds(attacking=False, self_level=15)
    assert Condition.from_json(cond.to_json()) == cond


@pytest.mark.parametrize("text, power", [
    # A type or race before "champions may not attack" is not a name.
    ("Monster champions may not attack Tester.", Power.UNMODELLED),
    ("Grey Knight champions may not attack Tester.", Power.MODELLED),
    # ... and the realm must name itself.
    ("Grey Knight champions may not attack Elsewhere.", Power.UNMODELLED),
])
def test_named_attackers_barred(text: str, power: Power) -> None:
    rec = record(text, type_=CardType.REALM, level="", name="Tester")
    assert compile_card(rec)[1] is power, text
