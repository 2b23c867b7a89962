"""Cards printed in both the 3rd and the 4th Edition (issue 13, c4th5a) whose powers act in a
battle, played in scripted battles and checked against their text; each printing compiles.

Cards are read from the CrossFire data (``../shared/data/crossfire``); a test skips without it.
Totals are worked out in the comments from the practice cards (``battle_helpers``): Knight hero
5, Mage wizard 4 (immune to offensive spells), Priest cleric 3, Militia ally +2, Giant ally +4,
Squire ally +1, Sword magical item +2, Bolt wizard spell +3 (Off), Blessing cleric spell +2
(Def). Ties go to the defender (RULES.md §1), and the side behind plays.
"""

from __future__ import annotations

import pytest
from combatzoo.envs.spellfire.cards.cards import CardType, Mark, World
from combatzoo.envs.spellfire.cards.effects import Condition, Effect, EffectKind

from .battle_helpers import battle, card, check, make_engine, side
from .test_card_powers import real
from .test_card_powers_more import plays

DEFILER_3, DEFILER_4 = "3rd/303", "4th/278"


# --- cast_discard_draw ---------------------------------------------------------------------------


@pytest.mark.parametrize("key", [DEFILER_3, DEFILER_4])
def test_rogue_defiler_compiles_to_cast_discard_draw(key: str) -> None:
    # "Each time the Defiler casts a spell during combat, her player discards one card from
    # his hand and draws a replacement (card) from his draw pile": one effect, all of it.
    (card,) = real(key)
    assert card.effects == (Effect(EffectKind.CAST_DISCARD_DRAW),)
    assert card.level.level == 6


@pytest.mark.parametrize("key", [DEFILER_3, DEFILER_4])
def test_rogue_defiler_casting_a_spell_replaces_her_weakest_hand_card(key: str) -> None:
    # The Defiler (wizard 6) attacks the Knight (5) with the Sword (+2): 6 to 7. Her player
    # plays an ally first, the Militia (+2): 8 to 7, no spell, no discard. The defender's
    # Giant (+4): 8 to 11. She casts the Bolt (+3): 11 to 11 (the tie is the defender's), and
    # her player discards the weakest card of its hand ([decided]: Giant +4, Squire +1 left:
    # the Squire) and draws the top card of its pile (the Blessing).
    (defiler,) = real(key)
    b = battle(make_engine(defiler),
               side(realms=["Vale"], hand=[key, "Militia", "Bolt", "Giant", "Squire"],
                    draw=["Blessing", "Militia"]),
               side(realms=["Vale"], pool=[("Knight", ["Sword"])], hand=["Giant"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Rogue Defiler of Tyr")
    b.present(1, "Knight", "pool")
    assert b.totals() == [6, 7]
    b.play(0, "Militia")
    assert b.totals() == [8, 7]
    assert b.names(0, "discard") == []
    b.play(1, "Giant")
    assert b.totals() == [8, 11]
    b.play(0, "Bolt")
    assert b.totals() == [11, 11]
    assert b.names(0, "discard") == ["Practice Squire"]
    assert b.names(0, "hand") == ["Practice Giant", "Practice Blessing"]
    assert b.names(0, "draw") == ["Practice Militia"]
    check(b)


# --- allies_become -------------------------------------------------------------------------------

CONCLAVE_3, CONCLAVE_4, HOLD_UNDEAD = "3rd/155", "4th/265", "1st/375"


@pytest.mark.parametrize("key", [CONCLAVE_3, CONCLAVE_4])
def test_lich_conclave_compiles_to_spells_and_undead_allies(key: str) -> None:
    # "Undead" is its printed attribute; "(the Conclave) can cast wizard (and cleric) spells"
    # is may_use; "all allies played with it become undead" is allies_become of undead (40).
    (card,) = real(key)
    assert card.power.value == "modelled"
    assert Effect(EffectKind.ALLIES_BECOME, attributes=(40,)) in card.effects
    uses = {u for e in card.effects if e.kind is EffectKind.MAY_USE for u in e.uses}
    assert {"d19", "o19"} <= uses
    assert 40 in card.attributes


@pytest.mark.parametrize("key", [CONCLAVE_3, CONCLAVE_4])
def test_lich_conclave_makes_its_allies_undead_for_hold_undead(key: str) -> None:
    # The Conclave (monster 5) attacks the Mage (wizard 4) with the Sword (+2): 5 to 6. The
    # Militia (+2, not printed undead) played with it becomes undead: 7 to 6. Hold Undead
    # (1st/375, wizard spell, (Off/4): "opposing undead allies have no effect on the outcome
    # of this battle", no bonus) cast by the Mage discards it: 5 to 6. The attacker, behind
    # with no card left, passes and loses the round (seed 000 steps G-H): the Conclave goes to
    # the discard pile after the Militia; the Mage keeps its Sword in the pool.
    conclave, hold = real(key, HOLD_UNDEAD)
    b = battle(make_engine(conclave, hold),
               side(realms=["Vale"], hand=[key, "Militia"], draw=["Squire"]),
               side(realms=["Vale"], pool=[("Mage", ["Sword"])], hand=[HOLD_UNDEAD],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Lich Conclave")
    b.present(1, "Mage", "pool")
    assert b.totals() == [5, 6]
    b.play(0, "Militia")
    assert b.totals() == [7, 6]
    b.play(1, "Hold Undead")
    assert b.totals() == [5, 6]
    assert b.names(0, "discard") == ["Practice Militia", "Lich Conclave"]
    assert b.pool_names(1) == ["Practice Mage"]
    check(b)


def test_lich_conclave_allies_are_barred_as_undead_after_hold_undead() -> None:
    # After Hold Undead the Conclave's side may play no undead ally; every ally played with
    # the Conclave would be undead, so the Giant (+4, not printed undead) is no longer offered
    # (the bar reads what the ally would be on the side it joins); the Rally (event) still
    # is. Before it, at 5 to 6, all three were offered.
    conclave, hold = real(CONCLAVE_4, HOLD_UNDEAD)
    b = battle(make_engine(conclave, hold),
               side(realms=["Vale"], hand=[CONCLAVE_4, "Militia", "Giant", "Rally"],
                    draw=["Squire"]),
               side(realms=["Vale"], pool=[("Mage", ["Sword"])], hand=[HOLD_UNDEAD],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Lich Conclave")
    b.present(1, "Mage", "pool")
    assert plays(b, 0) == {"Militia", "Giant", "Rally"}
    b.play(0, "Militia")
    b.play(1, "Hold Undead")
    assert b.totals() == [5, 6]
    assert plays(b, 0) == {"Rally"}
    check(b)


# --- later_allies_move ---------------------------------------------------------------------------

GALLEON_3, GALLEON_4, NOBLE_DJINNI, CHATHRANG = "3rd/110", "4th/214", "1st/84", "3rd/287"


@pytest.mark.parametrize("key", [GALLEON_3, GALLEON_4])
def test_elf_galleon_compiles_to_later_allies_flying_and_swimming(key: str) -> None:
    # "Flyer. Swimmer." are its printed attributes (16, 37); "all allies played after the
    # elf galleon in this battle are also flyers and swimmers" is later_allies_move.
    (card,) = real(key)
    assert card.effects == (Effect(EffectKind.LATER_ALLIES_MOVE, movement=("flyer", "swimmer")),)
    assert {16, 37} <= card.attributes


@pytest.mark.parametrize("key", [GALLEON_3, GALLEON_4])
def test_elf_galleon_makes_only_the_allies_played_after_it_flyers(key: str) -> None:
    # The Knight (5) attacks the Mage (4) with the Sword (+2) and the Orb (+3): 5 to 9. The
    # Squire (+1): 6 to 9; the Elf Galleon (+3): 9 to 9 (the tie is the defender's); the
    # Militia (+2), played after it, is a flyer: 11 to 9. The Noble Djinni (1st/84, ally +4:
    # "all opposing flyers already in the battle are discarded"): 11 to 13, and the Galleon
    # and the Militia go; the Squire, played before the Galleon, stays: 6 to 13 (the Rally in
    # hand keeps the round open).
    galleon, djinni = real(key, NOBLE_DJINNI)
    b = battle(make_engine(galleon, djinni),
               side(realms=["Vale"], hand=["Knight", "Squire", key, "Militia", "Rally"],
                    draw=["Giant"]),
               side(realms=["Vale"], pool=[("Mage", ["Sword", "Orb"])], hand=[NOBLE_DJINNI],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage", "pool")
    assert b.totals() == [5, 9]
    b.play(0, "Squire")
    b.play(0, "Elf Galleon")
    assert b.totals() == [9, 9]
    b.play(0, "Militia")
    assert b.totals() == [11, 9]
    b.play(1, "Noble Djinni")
    assert b.totals() == [6, 13]
    assert b.names(0, "discard") == ["Elf Galleon", "Practice Militia"]
    assert [b.name_of(i) for i in b.b.support[0]] == ["Practice Squire"]
    check(b)


def test_elf_galleon_spares_later_allies_from_chathrangs_loss() -> None:
    # Cha'thrang (3rd/287, ally +1): "all nonflying allies opposing the Cha'thrang lose 4
    # levels". The Knight (5) attacks the Mage (4) with the Sword (+2) and the Orb (+3): 5 to
    # 9. The Giant (+4): 9 to 9; the Elf Galleon (+3, a flyer): 12 to 9. Cha'thrang: the
    # Giant, played before the Galleon, loses 4: 8 to 10. The Militia (+2), played after the
    # Galleon, flies and keeps its bonus: 10 to 10; the Squire (+1) likewise: 11 to 10.
    galleon, chathrang = real(GALLEON_4, CHATHRANG)
    b = battle(make_engine(galleon, chathrang),
               side(realms=["Vale"], hand=["Knight", "Giant", GALLEON_4, "Militia", "Squire"],
                    draw=["Giant"]),
               side(realms=["Vale"], pool=[("Mage", ["Sword", "Orb"])], hand=[CHATHRANG],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage", "pool")
    b.play(0, "Giant")
    assert b.totals() == [9, 9]
    b.play(0, "Elf Galleon")
    assert b.totals() == [12, 9]
    b.play(1, "Cha'thrang")
    assert b.totals() == [8, 10]
    b.play(0, "Militia")
    assert b.totals() == [10, 10]
    b.play(0, "Squire")
    assert b.totals() == [11, 10]
    check(b)


# --- toll_per_champion ---------------------------------------------------------------------------

SEMBIA_3, SEMBIA_4 = "3rd/6", "4th/3"


@pytest.mark.parametrize("key", [SEMBIA_3, SEMBIA_4])
def test_sembia_takes_a_card_for_each_champion_sent_forward(key: str) -> None:
    # Sembia (realm): "attacking players must discard a card from their hand or pool for each
    # champion sent forward". The Knight attacks it from the hand; its player discards the
    # weakest card left in its hand ([decided]): Militia +2, Squire +1, Giant +4: the Squire.
    (sembia,) = real(key)
    assert sembia.effects == (Effect(EffectKind.TOLL_PER_CHAMPION),)
    b = battle(make_engine(sembia),
               side(realms=["Vale"], hand=["Knight", "Militia", "Squire", "Giant"],
                    draw=["Squire"]),
               side(realms=[key], pool=["Mage"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    assert b.names(0, "discard") == ["Practice Squire"]
    assert b.names(0, "hand") == ["Practice Militia", "Practice Giant"]
    check(b)


def test_sembia_takes_a_pool_champion_when_the_hand_is_empty() -> None:
    # With an empty hand the card comes from the pool: the Knight attacks from the pool, and
    # [decided] the lowest-level champion left there goes with what it carries: the Priest (3)
    # and its Sword, not the Griffon (6).
    (sembia,) = real(SEMBIA_4)
    b = battle(make_engine(sembia),
               side(realms=["Vale"], pool=["Knight", ("Priest", ["Sword"]), "Griffon"],
                    draw=["Squire"]),
               side(realms=[SEMBIA_4], pool=["Mage"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", "pool")
    assert b.names(0, "discard") == ["Practice Priest", "Practice Sword"]
    assert b.pool_names(0) == ["Practice Griffon"]
    check(b)


def test_sembia_takes_nothing_for_an_attack_on_another_realm() -> None:
    # Its power acts in the battles for Sembia ([decided]): the Knight attacking the Vale in
    # front of it costs no card.
    (sembia,) = real(SEMBIA_4)
    b = battle(make_engine(sembia),
               side(realms=["Harbor"], hand=["Knight", "Squire"], draw=["Squire"]),
               side(realms=["Vale", SEMBIA_4], pool=["Mage"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    assert b.names(0, "discard") == [] and b.names(0, "hand") == ["Practice Squire"]
    check(b)


# --- turn_spell, played at any time ---------------------------------------------------------------

TURNING_3, TURNING_4 = "3rd/398", "4th/379"
CONJURER = card(1, "T Conjurer", CardType.WIZARD, level=5, uses=("d19", "o19"))
"""A wizard 5 with no power (the practice Mage is immune to offensive spells)."""
ACOLYTE = card(2, "T Acolyte", CardType.WIZARD, level=4, uses=("d19", "o19"))


@pytest.mark.parametrize(("key", "mark"), [(TURNING_3, ""), (TURNING_4, "off")])
def test_spell_turning_compiles_to_any_time_and_turn_spell(key: str, mark: str) -> None:
    # "Can be cast at any time to turn a just-cast (offensive) spell back at/upon its caster,
    # as if the original target had cast it": play_any_time and turn_spell; the 4th
    # Edition's turns only an (Off) spell.
    (card_,) = real(key)
    assert card_.effects == (Effect(EffectKind.PLAY_ANY_TIME),
                             Effect(EffectKind.TURN_SPELL, mark=mark))


@pytest.mark.parametrize("key", [TURNING_3, TURNING_4])
def test_spell_turning_turns_a_just_cast_bolt_on_its_caster(key: str) -> None:
    # The Conjurer (wizard 5) attacks the Acolyte (wizard 4) with the Sword (+2): 5 to 6. The
    # Bolt (+3, (Off)): 8 to 6. Spell Turning (no bonus) turns it back: it counts for the
    # Acolyte's side, "as if the original target had cast it": 5 to 9.
    (turning,) = real(key)
    b = battle(make_engine(turning, CONJURER, ACOLYTE),
               side(realms=["Vale"], hand=["T/1", "Bolt"], draw=["Squire"]),
               side(realms=["Vale"], pool=[("T/2", ["Sword"])], hand=[key], draw=["Squire"]))
    b.attack("A")
    b.present(0, "T Conjurer")
    b.present(1, "T Acolyte", "pool")
    assert b.totals() == [5, 6]
    b.play(0, "Bolt")
    assert b.totals() == [8, 6]
    b.play(1, "Spell Turning")
    assert b.totals() == [5, 9]
    check(b)


@pytest.mark.parametrize(("key", "totals"), [(TURNING_3, [5, 8]), (TURNING_4, [7, 6])])
def test_only_the_fourth_editions_spell_turning_spares_a_defensive_spell(
        key: str, totals: list[int]) -> None:
    # The Conjurer (wizard 5) attacks the Acolyte (wizard 4) with the Sword (+2): 5 to 6. A
    # (Def) wizard spell of +2 (T Ward): 7 to 6. The 3rd Edition's Spell Turning turns "a
    # just-cast spell": 5 to 8; the 4th Edition's only "a just-cast offensive spell": the Ward
    # stays, 7 to 6.
    (turning,) = real(key)
    ward = card(3, "T Ward", CardType.WIZARD_SPELL, bonus=2, mark=Mark.DEF)
    b = battle(make_engine(turning, CONJURER, ACOLYTE, ward),
               side(realms=["Vale"], hand=["T/1", "T/3"], draw=["Squire"]),
               side(realms=["Vale"], pool=[("T/2", ["Sword"])], hand=[key, "Squire"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "T Conjurer")
    b.present(1, "T Acolyte", "pool")
    b.play(0, "T Ward")
    assert b.totals() == [7, 6]
    b.play(1, "Spell Turning")
    assert b.totals() == totals
    check(b)


# --- play_opposing_top ---------------------------------------------------------------------------

GALEK_3, GALEK_4 = "3rd/274", "4th/227"


@pytest.mark.parametrize("key", [GALEK_3, GALEK_4])
def test_galek_plays_the_opposing_top_card_when_it_may(key: str) -> None:
    # Galek (ally +2): "can draw a card from the opposing player's draw pile, playing it on
    # this player's side if applicable, otherwise discarding it". The Knight (5) attacks the
    # Mage (4) with the Sword (+2) and the Orb (+3): 5 to 9. Galek: 7 to 9, and the top card
    # of the Mage's pile, the Giant (+4 ally), is played for the Knight: 11 to 9. It belongs to
    # the Mage's player: the pile is one card shorter.
    (galek,) = real(key)
    assert galek.effects == (Effect(EffectKind.PLAY_OPPOSING_TOP),)
    b = battle(make_engine(galek),
               side(realms=["Vale"], hand=["Knight", key], draw=["Squire"]),
               side(realms=["Vale"], pool=[("Mage", ["Sword", "Orb"])], hand=["Militia"],
                    draw=["Giant", "Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage", "pool")
    assert b.totals() == [5, 9]
    b.play(0, "Galek")
    assert b.totals() == [11, 9]
    assert [b.name_of(i) for i in b.b.support[0]] == ["Galek", "Practice Giant"]
    assert b.names(1, "draw") == ["Practice Squire"] and b.names(0, "hand") == []
    check(b)


def test_galek_discards_the_opposing_top_card_it_may_not_play() -> None:
    # The top card is the Bolt, a wizard spell: the Knight (a hero) may not cast it, so it is
    # not applicable and goes to its owner's (the Mage's player's) discard pile: 7 to 9.
    (galek,) = real(GALEK_4)
    b = battle(make_engine(galek),
               side(realms=["Vale"], hand=["Knight", GALEK_4, "Squire"], draw=["Squire"]),
               side(realms=["Vale"], pool=[("Mage", ["Sword", "Orb"])], hand=["Militia"],
                    draw=["Bolt", "Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage", "pool")
    b.play(0, "Galek")
    assert b.totals() == [7, 9]
    assert b.names(1, "discard") == ["Practice Bolt"]
    assert b.names(1, "draw") == ["Practice Squire"] and b.names(0, "hand") == ["Practice Squire"]
    check(b)


# --- stays_with_champion -------------------------------------------------------------------------

GLADIATORS_3, GLADIATORS_4 = "3rd/257", "4th/223"


@pytest.mark.parametrize("key", [GLADIATORS_3, GLADIATORS_4])
def test_gladiators_stay_with_a_dark_sun_champion(key: str) -> None:
    # Gladiators (ally +9): "if played with a Dark Sun champion, the gladiators remain with
    # that champion until he is defeated or discarded". The Seer (Dark Sun psionicist 4)
    # attacks the Knight (5): 4 to 5. The Gladiators: 13 to 5; the defender has no card, the
    # Seer wins the round and the Vale is razed. The Seer goes back to its pool with the
    # Gladiators attached (not discarded); the Knight is discarded.
    (gladiators,) = real(key)
    assert gladiators.effects == (Effect(EffectKind.STAYS_WITH_CHAMPION,
                                         condition=Condition(self_worlds=(int(World.DARK_SUN),))),)
    b = battle(make_engine(gladiators),
               side(realms=["Harbor"], hand=["Seer", key], draw=["Squire"]),
               side(realms=["Vale"], pool=["Knight"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Seer")
    b.present(1, "Knight", "pool")
    assert b.totals() == [4, 5]
    b.play(0, "Gladiators")
    assert b.totals() == [13, 5]
    assert b.pool_names(0) == ["Practice Seer"]
    assert b.attached_names(0, "Seer") == ["Gladiators"]
    assert "Gladiators" not in b.names(0, "discard")
    assert b.names(1, "discard") == ["Practice Knight"]
    check(b)


def test_gladiators_leave_with_the_round_for_another_champion() -> None:
    # With the Knight (a Forgotten Realms hero) the Gladiators are an ally like any other:
    # 5 + 9 to the Rogue's 3, the round won, and they go to the discard pile (seed 000 step H).
    (gladiators,) = real(GLADIATORS_4)
    b = battle(make_engine(gladiators),
               side(realms=["Harbor"], hand=["Knight", GLADIATORS_4], draw=["Squire"]),
               side(realms=["Vale"], pool=[("Rogue", ["Sword", "Orb"])], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Rogue", "pool")
    assert b.totals() == [5, 8]
    b.play(0, "Gladiators")
    assert b.totals() == [14, 8]
    assert b.pool_names(0) == ["Practice Knight"] and b.attached_names(0, "Knight") == []
    assert b.names(0, "discard") == ["Gladiators"]
    check(b)
