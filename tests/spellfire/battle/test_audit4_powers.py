"""Issue 13, audit 4: four modelled cards that acted otherwise than printed, in part, played in
scripted battles and checked against their printed text (quoted in each test).

Cards are read from the CrossFire data (``../shared/data/crossfire``; the built-in pack
otherwise); a test skips when a card is in neither. Totals are worked out in the comments from
the practice cards (``battle_helpers``): Rogue thief 3, Seer 4, Militia ally +2, Giant ally +4,
Squire ally +1, Bolt wizard spell +3 (Off), Blessing cleric spell +2 (Def). Hand-made cards
(set ``T``) are of the types, levels and bonuses the comments give.
"""

from __future__ import annotations

from combatzoo.envs.spellfire.cards.cards import CardType, Mark, World
from combatzoo.envs.spellfire.cards.effects import Condition, Effect, EffectKind

from .battle_helpers import battle, card, check, make_engine, side
from .test_card_powers import real

GIB_EKIM, CHEST, TAPESTRY = "1st/444", "1st/420", "1st/426"
ADAM, LIGHTNING_BOLT, CISTERN_FIEND = "RL/83", "1st/332", "4th/269"

# A hero 5 that "gains 3 levels against wizards" (reads the form of the champion it faces).
HUNTER = card(1, "T Witch Hunter", CardType.HERO, level=5, effects=(
    Effect(EffectKind.GAIN_LEVELS, amount=3,
           condition=Condition(vs_types=(int(CardType.WIZARD),))),))
# An unarmed combat card +2 (Off): needs the offensive unarmed combat use ("o18"), a hero's.
PUNCH = card(2, "T Punch", CardType.UNARMED_COMBAT, bonus=2, mark=Mark.OFF)
# An unarmed combat card +1 (Off) "usable by any champion": no form's card.
BRAWL = card(3, "T Brawl", CardType.UNARMED_COMBAT, bonus=1, mark=Mark.OFF,
             effects=(Effect(EffectKind.USABLE_BY_ANY),))


def _playable_names(b, player: int) -> list[str]:
    """The names of the hand cards ``player`` may play now (its legal "Play hand" moves)."""
    hand = b.state.players[player].hand
    out = []
    for a in b.engine.legal_actions(b.state, player):
        act = b.engine.decode_action(a)
        if act.kind.value == "play_card":
            out.append(b.name_of(hand[act.get_int("hand")]))
    return sorted(out)


# --- 1. Gib Ekim: one form a round ---------------------------------------------------------------


def _gib_battle():
    # Gib Ekim (hero 5/7) attacks the Witch Hunter (5); the defender ties with the Militia
    # (7 to 7, a tie is the defender's): Gib's side must play.
    gib, = real(GIB_EKIM)
    b = battle(make_engine(gib, HUNTER, PUNCH, BRAWL),
               side(realms=["Vale"], hand=[GIB_EKIM, "T/2", "Bolt", "T/3", "Squire"]),
               side(realms=["Vale"], hand=["T/1", "Militia", "Giant"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Gib Ekim")
    b.present(1, "T Witch Hunter")
    b.play(1, "Militia")
    assert b.totals() == [7, 7]
    return b


def test_gib_ekim_punching_fights_as_the_hero_and_casts_no_spell_that_round():
    # "Gib can fight as either a wizard (5) or a hero (7); the player must choose at the start
    # of the round." The Punch shows the hero: 7 + 2 = 9 against 7. The Giant: 9 against 11.
    # Now a wizard spell is barred for the round (before audit 4 the Bolt was offered and made
    # him a wizard as well); the Squire and the Brawl (any champion's) stay playable.
    b = _gib_battle()
    b.play(0, "T Punch")
    assert b.totals() == [9, 7]
    b.play(1, "Giant")
    assert b.totals() == [9, 11]
    assert _playable_names(b, 0) == ["Practice Squire", "T Brawl"]
    b.play(0, "T Brawl")
    assert b.totals() == [10, 11]  # still the hero (no +3 for the hunter): 7 + 2 + 1
    check(b)


def test_gib_ekim_casting_fights_as_the_wizard_and_punches_no_more_that_round():
    # The Bolt shows the wizard: 5 + 3 = 8; the hunter gains 3 against a wizard: 5 + 2 + 3 =
    # 10. The hero's Punch is barred for the round; the Squire and the Brawl are not.
    b = _gib_battle()
    assert _playable_names(b, 0) == ["Practice Bolt", "Practice Squire", "T Brawl", "T Punch"]
    b.play(0, "Practice Bolt")
    assert b.totals() == [8, 10]
    assert _playable_names(b, 0) == ["Practice Squire", "T Brawl"]
    b.play(0, "Practice Squire")
    assert b.totals() == [9, 10]
    check(b)


# --- 2. Chest of Many Things: one form a round ------------------------------------------------


def _chest_battle():
    # The Rogue (thief 3) with the Chest of Many Things (+5) attacks the Witch Hunter (5), who
    # plays the Giant: 8 (a hero: not a wizard) against 9.
    chest, = real(CHEST)
    b = battle(make_engine(chest, HUNTER, PUNCH),
               side(realms=["Vale"], hand=["T/2", "Bolt", "Blessing", "Squire"],
                    pool=[("Rogue", [CHEST])]),
               side(realms=["Vale"], hand=["T/1", "Giant", "Militia"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Practice Rogue", zone="pool")
    b.present(1, "T Witch Hunter")
    b.play(1, "Giant")
    assert b.totals() == [8, 9]
    return b


def test_the_chest_punching_functions_as_a_hero_and_bars_both_spells():
    # "can function as a hero, wizard, cleric, or monster; the player chooses which type of
    # champion before each round." The Punch shows the hero: 8 + 2 = 10 against 9; the
    # Militia: 10 against 11. Both spells are barred for the round (before audit 4 the Bolt
    # was offered after a Punch).
    b = _chest_battle()
    b.play(0, "T Punch")
    assert b.totals() == [10, 9]
    b.play(1, "Militia")
    assert b.totals() == [10, 11]
    assert _playable_names(b, 0) == ["Practice Squire"]
    check(b)


def test_the_chest_casting_functions_as_a_wizard_and_punches_no_more():
    # The Bolt shows the wizard: 8 + 3 = 11; the hunter gains 3 against a wizard: 9 + 3 = 12.
    # The cleric's Blessing and the hero's Punch are barred for the round.
    b = _chest_battle()
    assert _playable_names(b, 0) == ["Practice Blessing", "Practice Bolt", "Practice Squire",
                                     "T Punch"]
    b.play(0, "Practice Bolt")
    assert b.totals() == [11, 12]
    assert _playable_names(b, 0) == ["Practice Squire"]
    check(b)


# --- 3. Tapestry of the Stag: a Ravenloft card keeps the immunities that protect it -------------


def test_the_tapestry_leaves_adam_immune_to_offensive_spells():
    # Tapestry of the Stag: "This player's champions are immune to the special powers (but not
    # the levels) of all Ravenloft champions and allies." Adam (Ravenloft monster 7): "Immune to
    # all offensive spells and magical items." His immunity acts on no champion of the
    # Tapestry's player: it stays. The T Conjurer (Greyhawk wizard 4), the Tapestry on the
    # Priest in its pool, attacks Adam: 4 against 7; the Lightning Bolt (+5, Off) has no effect
    # on Adam: still 4 against 7 (before audit 4: 9 against 7). Without the Tapestry: the same.
    tapestry, adam, bolt = real(TAPESTRY, ADAM, LIGHTNING_BOLT)
    conjurer = card(4, "T Conjurer", CardType.WIZARD, level=4, world=World.GREYHAWK,
                    uses=("o19", "d19"))
    e = make_engine(tapestry, adam, bolt, conjurer)
    for pool in ([("Priest", [TAPESTRY])], ["Priest"]):
        b = battle(e, side(realms=["Vale"], hand=["T/4", LIGHTNING_BOLT, "Squire"], pool=pool),
                   side(realms=["Vale"], hand=[ADAM], draw=["Squire"]))
        b.attack("A")
        b.present(0, "T Conjurer")
        b.present(1, "Adam")
        assert b.totals() == [4, 7]
        b.play(0, "Lightning Bolt")
        assert b.totals() == [4, 7], pool
        b.play(0, "Practice Squire")
        assert b.totals() == [5, 7], pool
        check(b)


# --- 4. Athasian Cistern Fiend: an ally of bonus 0 is 0 points' worth ---------------------------


def test_the_cistern_fiend_spends_no_point_on_an_ally_of_bonus_0():
    # Athasian Cistern Fiend (monster 8): "This hideous monster devours points' worth of allies
    # up to its base level." The Seer (4) attacks it: the Giant (+4: 4 of 8 points), the
    # Militia (+2: 6) and the T Urchin (ally +0: still 6) are devoured; a second Militia (+2:
    # 8) too (before audit 4 the Urchin spent a point: 9, above 8, and the Militia stayed:
    # 6 against 8); the Squire (+1: 9, above 8) stays and counts: 5 against 8.
    fiend, = real(CISTERN_FIEND)
    urchin = card(5, "T Urchin", CardType.ALLY, bonus=0)
    b = battle(make_engine(fiend, urchin),
               side(realms=["Vale"], hand=["Seer", "Giant", "Militia", "T/5", "Militia",
                                           "Squire"]),
               side(realms=["Vale"], hand=[CISTERN_FIEND], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Seer")
    b.present(1, "Athasian Cistern Fiend")
    for ally in ("Practice Giant", "Practice Militia", "T Urchin", "Practice Militia"):
        b.play(0, ally)
        assert b.totals() == [4, 8], ally
    assert sorted(b.names(0, "discard")) == ["Practice Giant", "Practice Militia",
                                             "Practice Militia", "T Urchin"]
    b.play(0, "Practice Squire")
    assert b.totals() == [5, 8]
    check(b)
