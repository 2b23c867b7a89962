"""The 1st Edition's last battle cards (issue 13, first_a): real cards played in scripted
battles and checked against their printed text.

Cards are read from the CrossFire data (``../shared/data/crossfire``); a test skips without it.
Totals are worked out in the comments from the practice cards (``battle_helpers``): Knight hero
5, Rogue thief 3, Griffon monster 6 (a flyer), Mage wizard 4, Priest cleric 3 ("+3 vs undead"),
Militia ally +2, Squire ally +1; and two hand-made undead cards: the T Lich, a level 7 undead
monster whose power takes 2 levels from its opponent, and the T Zombie, an undead ally +3.
"""

from __future__ import annotations

from combatzoo.envs.spellfire.cards.cards import Attribute, CardType, World
from combatzoo.envs.spellfire.cards.compiler import compile_card
from combatzoo.envs.spellfire.cards.effects import Effect, EffectKind

from .battle_helpers import Battle, battle, card, check, make_engine, side
from .test_card_powers import real

ENLARGE, INVISIBILITY = "1st/207", "1st/370"

LICH = card(1, "T Lich", CardType.MONSTER, level=7, world=World.NO_WORLD,
            attributes=(Attribute.UNDEAD,),
            effects=(Effect(EffectKind.OPPONENT_LOSES, amount=2),))
ZOMBIE = card(2, "T Zombie", CardType.ALLY, bonus=3, world=World.NO_WORLD,
              attributes=(Attribute.UNDEAD,))


# --- Enlarge ---------------------------------------------------------------------------------

def _enlarged(defender: str) -> Battle:
    # The Mage 4 attacks; the defender's champion is winning; the Mage casts Enlarge.
    e = make_engine(*real(ENLARGE))
    b = battle(e, side(realms=["Vale"], hand=["Mage", ENLARGE, "Squire"]),
               side(realms=["Vale"], hand=[defender]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, defender)
    b.play(0, "Enlarge")
    return b


def test_enlarge_gains_3_against_a_flyer_only():
    # Enlarge (+3, Def): "Champion can attack flyers with an additional +3." The Griffon 6 is
    # a flyer: the Mage 4 + 3 = 7 beats 6; the printed +3 is that number, counted once (not
    # 4 + 3 + 3 = 10).
    b = _enlarged("Griffon")
    assert b.totals() == [7, 6]
    check(b)


def test_enlarge_adds_nothing_against_a_walker():
    # The Knight 5 is no flyer: Enlarge adds nothing, its printed +3 included (the Mage stays
    # at 4 < 5); the Squire then adds its +1: 5 ties 5, and a tie goes to the defender.
    b = _enlarged("Knight")
    assert b.totals() == [4, 5]
    b.play(0, "Squire")
    assert b.totals() == [5, 5]
    check(b)


def test_enlarge_and_invisibility_compile_to_their_powers():
    (enlarge, invisibility) = real(ENLARGE, INVISIBILITY)
    kinds = [e.kind for e in enlarge.effects]
    assert kinds == [EffectKind.GAIN_LEVELS, EffectKind.BONUS_IN_POWER]
    gain = enlarge.effects[0]
    assert gain.amount == 3 and gain.condition.vs_attributes == (int(Attribute.FLYER),)
    assert [(e.kind, e.attributes) for e in invisibility.effects] == [
        (EffectKind.IGNORE_OPPONENTS, (int(Attribute.UNDEAD),))]


def test_the_compiler_reads_no_other_wording_as_these_powers():
    # "ignores ... opponents" names races only: a type or a movement is not read.
    from combatzoo.envs.spellfire.cards.crossfire import Record

    def rec(text: str, level: str = "") -> Record:
        return Record(set_id="T", number=1, level=level, type=CardType.CLERIC_SPELL, world=0,
                      avatar=False, name="T", text=text, rarity="C", blueline="",
                      attributes=(), uses=(), weight="1")

    assert compile_card(rec("This champion ignores wizard opponents."))[0] == ()
    # "an additional +3" with a printed bonus of another number is not this power.
    effects, _ = compile_card(rec("Champion can attack flyers with an additional +3.", "+2"))
    assert EffectKind.BONUS_IN_POWER not in [e.kind for e in effects]


# --- Invisibility to Undead --------------------------------------------------------------------

def test_invisibility_to_undead_ignores_an_undead_champion_and_its_allies():
    # Invisibility to Undead (cleric spell, Def): "This champion ignores undead opponents."
    # The T Lich 7 attacks; the Priest 3 defends: 3 + 3 (vs undead) - 2 (the Lich's power) = 4.
    e = make_engine(*real(INVISIBILITY), LICH, ZOMBIE)
    b = battle(e, side(realms=["Vale"], hand=["T/1", "T/2", "Militia"]),
               side(realms=["Vale"], hand=["Priest", INVISIBILITY]))
    b.attack("A")
    b.present(0, "T Lich")
    b.present(1, "Priest")
    assert b.totals() == [7, 4]
    # [decided] the Lich counts base level 0 and its power nothing: the Priest 3 + 3 = 6.
    b.play(1, "Invisibility to Undead")
    assert b.totals() == [0, 6]
    # An undead ally counts nothing either; a living one does: 0 + 2 = 2.
    b.play(0, "T Zombie")
    assert b.totals() == [0, 6]
    b.play(0, "Militia")
    assert b.totals() == [2, 6]
    check(b)


def test_invisibility_to_undead_leaves_living_opponents_alone():
    # The Rogue 3 attacks the Priest 3 (a tie: the defender wins). The attacker's undead
    # Zombie +3 counts before the spell (6 > 3), not after it (3 = 3); the Militia, living,
    # counts (3 + 2 = 5), and so does the living Rogue's own level.
    e = make_engine(*real(INVISIBILITY), ZOMBIE)
    b = battle(e, side(realms=["Vale"], hand=["Rogue", "T/2", "Militia"]),
               side(realms=["Vale"], hand=["Priest", INVISIBILITY]))
    b.attack("A")
    b.present(0, "Rogue")
    b.present(1, "Priest")
    assert b.totals() == [3, 3]
    b.play(0, "T Zombie")
    assert b.totals() == [6, 3]
    b.play(1, "Invisibility to Undead")
    assert b.totals() == [3, 3]
    b.play(0, "Militia")
    assert b.totals() == [5, 3]
    check(b)


# --- Defiler -----------------------------------------------------------------------------------

DEFILER = "1st/303"


def test_the_defiler_casting_spells_shuffles_back_one_holding_when_the_battle_ends():
    # Defiler (wizard 6): "If the defiler casts one or more spells, one friendly realm is razed
    # or one friendly holding is shuffled back into the draw pile." It attacks the Wyrm 8 and
    # casts the Bolt (+3): 9 > 8; the Giant (+4): 9 < 12; a second Bolt: 12 = 12, a tie, won by
    # the defender; the Defiler has nothing left: it loses the round, the attack is repelled.
    e = make_engine(*real(DEFILER))
    b = battle(e, side(realms=["Vale", ("Harbor", False, "Watchtower"),
                               ("Peak", False, "Watchtower")],
                       hand=[DEFILER, "Bolt", "Bolt"], draw=["Squire", "Militia"]),
               side(realms=["Vale"], hand=["Wyrm", "Giant"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Defiler")
    b.present(1, "Wyrm")
    b.play(0, "Bolt")
    assert b.totals() == [9, 8]
    b.play(1, "Giant")
    b.play(0, "Bolt")
    assert b.totals() == [12, 12]
    assert b.b.step == "over" and b.b.winner == 1
    # Once for two spells, after the battle: [decided] the last holding (realm C's) goes into
    # the draw pile at a place drawn by chance; realm B keeps its holding, no realm is razed.
    assert b.names(0, "holdings")[:3] == [None, "Practice Watchtower", None]
    draw = b.names(0, "draw")
    assert sorted(draw) == ["Practice Militia", "Practice Squire", "Practice Watchtower"]
    assert [n for n in draw if n != "Practice Watchtower"] == ["Practice Squire",
                                                               "Practice Militia"]
    assert b.state.players[0].razed[:3] == [False, False, False]
    assert len(b.find("spell_cost")) == 1
    check(b)


def test_the_defiler_without_a_holding_razes_its_last_standing_realm():
    # The Knight 5 attacks; the Defiler 6 defends realm A; the Giant: 9 > 6; the Defiler casts
    # the Bolt: 9 = 9, a tie, won by the defender; the attacker has nothing left: repelled.
    # No holding: [decided] the last standing realm, C, is razed; A, just defended, stands.
    e = make_engine(*real(DEFILER))
    b = battle(e, side(realms=["Vale"], hand=["Knight", "Giant"], draw=["Squire"]),
               side(realms=["Vale", "Harbor", "Peak", ("Walls", True)],
                    hand=[DEFILER, "Bolt"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Defiler")
    b.play(0, "Giant")
    assert b.totals() == [9, 6]
    b.play(1, "Bolt")
    assert b.totals() == [9, 9]
    assert b.b.step == "over" and b.b.outcome == "repelled" and b.b.winner == 1
    assert b.state.players[1].razed[:4] == [False, False, True, True]
    assert [ev.data["slot"] for ev in b.find("spell_cost")] == ["C"]
    check(b)


def test_the_defiler_casting_no_spell_costs_nothing():
    # The Defiler 6 beats the Knight 5 with no spell: the realm is razed, its holding kept.
    e = make_engine(*real(DEFILER))
    b = battle(e, side(realms=[("Vale", False, "Watchtower")], hand=[DEFILER], draw=["Squire"]),
               side(realms=["Vale"], hand=["Knight", "Mage"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Defiler")
    b.present(1, "Knight")
    assert b.b.step == "over" and b.b.winner == 0
    assert b.names(0, "holdings")[0] == "Practice Watchtower"
    assert b.state.players[0].razed[0] is False
    assert not b.find("spell_cost")
    check(b)


def test_the_defiler_compiles_to_its_cost():
    (defiler,) = real(DEFILER)
    assert [e.kind for e in defiler.effects] == [EffectKind.SPELLS_COST_REALM]


# --- Spell of Formless Horror in a battle ---------------------------------------------------------

FORMLESS = "1st/106"


def test_formless_horror_lowers_the_opposing_champion_not_its_caster():
    # Spell of Formless Horror (-3, Off): "Cast on opposing champion to reduce its level by 3."
    # The Mage 4 attacks the Knight 5 and casts it: the Knight 5 - 3 = 2 < 4 (before, its
    # printed -3 went to the caster's own side: 4 - 3 = 1). "Spell remains until dispelled":
    # the whole game keeps it on the Knight (tests/spellfire/game/test_first_edition_jar_game);
    # in battle mode the battle is all of it.
    (formless,) = real(FORMLESS)
    assert [e.kind for e in formless.effects] == [EffectKind.OPPONENT_LOSES,
                                                  EffectKind.BONUS_IN_POWER]
    assert formless.lasting == "dispelled"
    e = make_engine(formless)
    b = battle(e, side(realms=["Vale"], hand=["Mage", FORMLESS]),
               side(realms=["Vale"], hand=["Knight", "Griffon"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Knight")
    assert b.totals() == [4, 5]
    b.play(0, "Spell of Formless Horror")
    assert b.totals() == [4, 2]
    check(b)
