"""The 1st Edition long tail (issue 13): the phrase rules of the new section of the compiler,
on the real cards (CrossFire data, skipped without it) and on made-up phrases of our own wording
(so that the rules are tested on a fresh machine too); and the new condition fields.

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
UNDEAD = Condition(vs_attributes=(40,))


@pytest.fixture(scope="module")
def db() -> cf.Database:
    return cf.read_database(CROSSFIRE)


@needs_data
@pytest.mark.parametrize("key, effects", [
    # Ren's Bell of Death: "Allies of level 4 or higher cannot be used against the champion ..."
    ("1st/409", {Effect(K.ALLIES_BARRED_FROM, amount=4)}),
    # Tithian: "If Tithian attacks and wins a round of battle, the defending realm is razed
    # immediately."
    ("1st/301", {Effect(K.RAZE_AT_ONCE, condition=Condition(when=When.ATTACKING))}),
    # Rary the Traitor: "gains 3 levels when fighting a wizard and/or 3 levels when defending a
    # realm with an attached holding."
    ("1st/161", {Effect(K.GAIN_LEVELS, amount=3, condition=Condition(vs_types=(20,))),
                 Effect(K.GAIN_LEVELS, amount=3, condition=Condition(
                     when=When.DEFENDING, realm_holding=True))}),
    # Protection: "The opponent cannot use undead in this battle round; any already played as
    # allies are discarded. An undead champion loses the battle but returns to the pool."
    ("1st/360", {Effect(K.ALLIES_BARRED, attributes=(40,)),
                 Effect(K.DESTROY_ALLIES, attributes=(40,)),
                 Effect(K.WIN_ROUND, condition=UNDEAD),
                 Effect(K.OPPONENT_ESCAPES, condition=UNDEAD)}),
    # Ego Coin: "... can have any number of attached artifacts, and of any world."
    ("1st/419", {Effect(K.ANY_ARTIFACTS)}),
    # Treants of the Grandwood: "... immune to all offensive wizard spells except fireball."
    ("1st/195", {Effect(K.IMMUNE_EXCEPT_NAMED, card_types=(19,), mark="off",
                        names=("fireball",))}),
    # Anti-Magic Shell: "Makes one champion immune to all offensive spells and prevents him from
    # casting any spells himself."
    ("1st/345", {Effect(K.IMMUNE_OFFENSIVE_SPELLS), Effect(K.OWN_SPELLS_BARRED)}),
    # Black Waters: "No were-creature or monsters can attack any realm held by this player."
    ("1st/246", {Effect(K.REALMS_NOT_ATTACKABLE_BY, card_types=(10,), attributes=(45,))}),
    # Malatra, the Living Jungle: "... can defend itself as a level 6 monster. It cannot be
    # attacked by any champion or ally that is a swimmer. The level of attacking champions and
    # allies that are not flyers is halved."
    ("1st/432", {Effect(K.DEFEND_AS, amount=6, champion_type=10),
                 Effect(K.NOT_ATTACKABLE_BY, movement=("swimmer",)),
                 Effect(K.HALVE_OPPOSING, movement=("flyer",),
                        condition=Condition(when=When.DEFENDING))}),
    # Cleric of Malar: "gains 2 levels when attacking realms from outside the Forgotten Realms."
    ("1st/89", {Effect(K.GAIN_LEVELS, amount=2, condition=Condition(
        when=When.ATTACKING, realm_not_worlds=(1,)))}),
    # Wolf Nomads: "The nomads gain 2 levels if Mika is in the player's pool."
    ("1st/181", {Effect(K.GAIN_LEVELS, amount=2, condition=Condition(in_own_pool=("Mika",)))}),
    # The Harpers: "can cast wizard and cleric spells, but the player must choose one type
    # (wizard or cleric) in each battle when this card is used."
    ("1st/51", {Effect(K.MAY_USE, uses=("d19", "o19", "d4", "o4")), Effect(K.ONE_SPELL_TYPE)}),
    # Pit Trap!: "Traps a winning champion so a realm is not razed. The champion is discarded
    # as if he had lost the battle."
    ("1st/416", {Effect(K.DISCARD_WINNING_ATTACKER)}),
    # Agis: "When attacking, can psionically destroy one monster in the defender's pool before
    # battle begins."
    ("1st/261", {Effect(K.DESTROY_POOL_CHAMPIONS, card_types=(10,), count=1, mark="psionic",
                        condition=Condition(when=When.ATTACKING))}),
    # Arms of Greyhawk: "No Greyhawk realms with holdings, of any player, can be attacked by
    # monsters or flyers."
    ("1st/144", {Effect(K.ALL_REALMS_NOT_ATTACKABLE_BY, card_types=(10,), movement=("flyer",),
                        condition=Condition(realm_worlds=(2,), realm_holding=True))}),
    # Orb of Dragonkind: "This player's Greyhawk realms and their defenders cannot be attacked
    # by dragons or monsters."
    ("1st/157", {Effect(K.REALMS_NOT_ATTACKABLE_BY, card_types=(10,), attributes=(8,),
                        condition=Condition(realm_worlds=(2,)))}),
    # Fort Melidor: "Allies defending every Dark Sun realm held by this player gain 1 level."
    ("1st/247", {Effect(K.REALMS_ALLIES_GAIN, amount=1, condition=Condition(
        when=When.DEFENDING, realm_worlds=(4,)))}),
    # Map to a Mercenary Army: "Offensive wizard spells have their levels (if any) halved
    # (rounding up) when used against this ally."
    ("1st/415", {Effect(K.HALVE_OPPOSING_CARDS, card_types=(19,), mark="off")}),
    # Mind Flayer: "... shift one opposing ally to its own side for that round of battle. The
    # ally loses 1 level."
    ("1st/83", {Effect(K.STEAL_ALLY, count=1), Effect(K.SWITCHED_ALLIES_LOSE, amount=1)}),
    # Midnight, Goddess of Magic: "If only one Midnight is in play, wizards cannot cast spells
    # without her permission. She also destroys all magical items held by the opposing
    # champion."
    ("1st/46", {Effect(K.SPELL_VETO, card_types=(20,)), Effect(K.DESTROY_ITEMS)}),
    # Arch-Druid: "If only one arch-druid is in play, clerics cannot cast spells without his
    # permission."
    ("1st/189", {Effect(K.SPELL_VETO, card_types=(5,))}),
    # Paralyze (Off/3/4): "Cast on a champion before battle to prevent that card from defending
    # [phase 3: outside combat]. Cast during a battle to eliminate one ally of the caster's
    # choice."
    ("1st/333", {Effect(K.DESTROY_ALLIES, count=1)}),
    # Bengoukee the Witch Doctor: "Can cast wizard and cleric spells and is immune to all
    # spells cast in phase 3 [outside combat]. Phase 4 spells cast by the witch doctor are at
    # twice the level bonus."
    ("1st/434", {Effect(K.MAY_USE, uses=("d19", "o19", "d4", "o4")),
                 Effect(K.DOUBLE_CARD_BONUS, card_types=(19, 4))}),
    # Passwall: "Negates any wall spell."
    ("1st/388", {Effect(K.NEGATE_WALLS)}),
    # Starshine (1st/438): not modelled since audit 2 ("if defeated, she can be placed beneath a
    # realm ...": a power of the whole game; test_audit2_powers).
])
def test_first_edition_long_tail(db: cf.Database, key: str, effects: set[Effect]) -> None:
    got, power = compile_card(db.get(key))
    assert power is Power.MODELLED and set(got) == effects, key


@needs_data
@pytest.mark.parametrize("key", [
    "1st/433",  # Mayor O'Kane: "female heroes, wizards, and clerics" (no such attribute)
    "1st/414",  # Supernatural Chill: "until this player's next turn", "reduced to level 0"
    # The Labyrinth Map of Shuuc (1st/410, "never discarded", card play included) is read
    # since issue 13 c1st3: every way to the discard pile leads to Limbo (battle/labyrinth.py).
])
def test_neighbouring_wordings_stay_unmodelled(db: cf.Database, key: str) -> None:
    assert compile_card(db.get(key))[1] is Power.UNMODELLED


@pytest.mark.parametrize("text, type_, effects", [
    ("Allies of level 5 or more cannot be used against the champion who carries the Gong.",
     CardType.ARTIFACT, {Effect(K.ALLIES_BARRED_FROM, amount=5)}),
    ("If Tester attacks and wins a round of battle, the defending realm is razed immediately.",
     CardType.HERO, {Effect(K.RAZE_AT_ONCE, condition=Condition(when=When.ATTACKING))}),
    ("No dragons or flyers can attack any realm held by this player.", CardType.HOLDING,
     {Effect(K.REALMS_NOT_ATTACKABLE_BY, attributes=(8,), movement=("flyer",))}),
    ("Tester gains 1 level when attacking realms from outside Greyhawk.", CardType.HERO,
     {Effect(K.GAIN_LEVELS, amount=1, condition=Condition(when=When.ATTACKING,
                                                           realm_not_worlds=(2,)))}),
    ("This player's Dragonlance realms and their defenders cannot be attacked by undead.",
     CardType.ARTIFACT, {Effect(K.REALMS_NOT_ATTACKABLE_BY, attributes=(40,), condition=Condition(
         realm_worlds=(5,)))}),
    ("When attacking, can destroy two heroes in the defender's pool before battle begins.",
     CardType.WIZARD, None),
    ("When attacking, can destroy one hero in the defender's pool before battle begins.",
     CardType.WIZARD, {Effect(K.DESTROY_POOL_CHAMPIONS, card_types=(7,), count=1,
                              condition=Condition(when=When.ATTACKING))}),
    ("Tester gains 4 levels if Old Friend is in the player's pool.", CardType.HERO,
     {Effect(K.GAIN_LEVELS, amount=4, condition=Condition(in_own_pool=("Old Friend",)))}),
])
def test_made_up_phrases(text: str, type_: CardType, effects: set[Effect] | None) -> None:
    got, power = compile_card(record(text, type_=type_, level="+1" if type_ in (
        CardType.ARTIFACT, CardType.HOLDING) else "5"))
    if effects is None:  # a wording the rule does not read ("heroes": not a singular type)
        assert power is Power.UNMODELLED
        return
    assert power is Power.MODELLED and set(got) == effects


def test_the_realm_wide_bar_and_the_raze_need_their_card_types() -> None:
    # "... any realm held by this player" on a champion, a raze at once on an event: not read.
    assert compile_card(record("No monsters can attack any realm held by this player."))[1] \
        is Power.UNMODELLED
    assert compile_card(record("If Tester attacks and wins a round of battle, the defending "
                               "realm is razed immediately.", type_=CardType.EVENT, level=""))[1] \
        is Power.UNMODELLED
    # A veto names the card itself.
    assert compile_card(record("If only one Oracle is in play, wizards cannot cast spells "
                               "without her permission."))[1] is Power.UNMODELLED
    # "The ally loses 1 level" only after an ally was shifted to the card's side.
    assert compile_card(record("The ally loses 1 level.", type_=CardType.ALLY, level="+2"))[1] \
        is Power.UNMODELLED
    # Traps a winning champion: an event's power only; "no Greyhawk realms with holdings, of
    # any player": a holding's only.
    assert compile_card(record("Traps a winning champion so a realm is not razed."))[1] \
        is Power.UNMODELLED
    assert compile_card(record("No Greyhawk realms with holdings, of any player, can be "
                               "attacked by monsters.", type_=CardType.ARTIFACT, level="+1"))[1] \
        is Power.UNMODELLED


def test_new_condition_fields_round_trip_and_hold_only_when_known() -> None:
    cond = Condition(when=When.DEFENDING, realm_not_worlds=(1,), in_own_pool=("Mika",),
                     realm_holding=True)
    assert Condition.from_json(cond.to_json()) == cond
    assert cond.reads == {"attacking", "realm_world", "own_pool", "realm_holding"}
    greyhawk = Condition(realm_worlds=(2,))
    assert Condition.from_json(greyhawk.to_json()) == greyhawk
    assert greyhawk.holds(attacking=True, realm_world=2)
    assert not greyhawk.holds(attacking=True, realm_world=1)
    assert not greyhawk.holds(attacking=True)
    ok = {"attacking": False, "realm_world": 2, "own_pool": ("Mika the Wolf-Nomad",),
          "realm_holding": True}
    assert cond.holds(**ok)
    for field, value in (("realm_world", 1), ("realm_world", None), ("own_pool", ("Knight",)),
                         ("realm_holding", False), ("realm_holding", None)):
        assert not cond.holds(**{**ok, field: value}), field
    with pytest.raises(ValueError, match="unknown field"):
        Condition.from_json({"realm_holdings": True})
