"""The seed's three worked examples and the combat arithmetic, checked by hand (seed 004)."""

from __future__ import annotations

from combatzoo.envs.solium_infernum.combat import (
    Fighter,
    card_slots,
    fight,
    phase_order,
    support,
)

from .conftest import DONE, battle

R, M, I = 0, 1, 2  # noqa: E741 - the seed's phase initials


def test_seed_support_example_children_of_belial_with_iron_maidens():
    # Seed 004: Children of Belial 6 / 1 / 7 supported by Iron Maidens 6 / 3 / 3 get +3 / +1 / +1
    # and fight at 9 / 2 / 8.
    assert support([(6, 3, 3)]) == (3, 1, 1)
    s = battle({"attacker": {"legion": "The Burning Legion"},
                "defender": {"legion": "Children of Belial", "supporters": ["Iron Maidens"]}})
    s.step(player_0=DONE, player_1=DONE)
    assert s.record["totals"][1] == [9, 2, 8]
    # The attacker (2 / 4 / 2, no supporter) is unchanged.
    assert s.record["totals"][0] == [2, 4, 2]


def test_seed_phase_order_example_melee_first_attacker():
    # Seed 004: a legion with Melee First attacks: Melee -> Ranged -> Infernal.
    assert phase_order(["Melee First"], [], 2, 3) == (M, R, I)
    # Hellhound Pack (Melee First) attacks The Burning Legion (no ability).
    s = battle({"attacker": {"legion": "Hellhound Pack"},
                "defender": {"legion": "The Burning Legion"}})
    s.step(player_0=DONE, player_1=DONE)
    assert s.record["order"] == ["Melee", "Ranged", "Infernal"]


def test_seed_damage_example_ranged_3_against_5_takes_2():
    # Seed 004: Ranged 3 against Ranged 5: the 3 takes 2 damage.
    result = fight(Fighter((3, 0, 0), 10), Fighter((5, 0, 0), 10), (R,))
    assert result.phases[0].damaged == 0 and result.phases[0].damage == 2
    assert result.hp_left == (8, 10)
    # On the engine: Wailing Choir (Ranged 3, Melee Last: R, I, M) attacks The Burning Legion
    # (Ranged 2) raised to 5 by Unholy Zeal (+3 Ranged, +2 HP for the battle).
    s = battle({"attacker": {"legion": "Wailing Choir"},
                "defender": {"legion": "The Burning Legion", "tribute": 4,
                             "hand": ["Unholy Zeal"]}})
    s.step(player_0=DONE, player_1="Attach Unholy Zeal raising Ranged")
    # Battle mode keeps the DONE decision even with nothing left to attach.
    assert s.legal_labels(1) == [DONE]
    s.step(player_1=DONE)
    first = s.find("phase")[0]
    assert first.data == {"phase": "Ranged", "attacker": 3, "defender": 5, "damaged": 0,
                          "damage": 2}


def test_default_order_and_equal_totals_give_no_damage():
    assert phase_order([], [], 1, 1) == (R, M, I)
    result = fight(Fighter((2, 2, 2), 5), Fighter((2, 2, 2), 5), (R, M, I))
    assert [p.damaged for p in result.phases] == [None, None, None]
    assert result.winner is None and result.hp_left == (5, 5)


def test_extra_phase_goes_right_after_its_type():
    assert phase_order(["Ranged Twice"], [], 3, 3) == (R, R, M, I)
    # After a reorder, the extra phase still follows its own type.
    assert phase_order(["Melee First", "Ranged Twice"], [], 3, 3) == (M, R, R, I)
    assert phase_order([], ["Melee Twice"], 3, 3) == (R, M, M, I)
    s = battle({"attacker": {"legion": "Ashen Archers"}, "defender": {"legion": "Iron Maidens"}})
    s.step(player_0=DONE, player_1=DONE)
    assert s.record["order"][:2] == ["Ranged", "Ranged"]


def test_reorder_moves_one_phase_rest_keep_default_order():
    assert phase_order(["Infernal First"], [], 1, 1) == (I, R, M)
    assert phase_order(["Melee Last"], [], 1, 1) == (R, I, M)
    assert phase_order([], ["Ranged Last"], 1, 1) == (M, I, R)


def test_conflicting_reorders_higher_level_side_applies():
    # Children of Belial (level 5, Infernal First) attacks Hellhound Pack (level 2, Melee
    # First): only the attacker's side applies.
    assert phase_order(["Infernal First"], ["Melee First"], 5, 2) == (I, R, M)
    s = battle({"attacker": {"legion": "Children of Belial"},
                "defender": {"legion": "Hellhound Pack"}})
    s.step(player_0=DONE, player_1=DONE)
    assert s.record["order"][0] == "Infernal"


def test_conflicting_reorders_equal_levels_defender_applies():
    # Hellhound Pack (level 2, Melee First) attacks Wailing Choir (level 2, Melee Last).
    assert phase_order(["Melee First"], ["Melee Last"], 2, 2) == (R, I, M)
    s = battle({"attacker": {"legion": "Hellhound Pack"}, "defender": {"legion": "Wailing Choir"}})
    s.step(player_0=DONE, player_1=DONE)
    assert s.record["order"] == ["Ranged", "Infernal", "Melee"]


def test_battle_ends_as_soon_as_a_side_is_at_zero():
    # Ranged 9 vs 1 against a 5 HP defender: 8 damage in the first phase, no further phases.
    result = fight(Fighter((9, 0, 0), 5), Fighter((1, 9, 9), 5), (R, M, I))
    assert len(result.phases) == 1 and result.winner == 0 and result.hp_left == (5, 0)


def test_battle_hit_points_from_cards_are_lost_first():
    result = fight(Fighter((0, 0, 0), 5, bonus_hp=4), Fighter((3, 0, 0), 5), (R,))
    # 3 damage into 4 bonus HP: the legion keeps all 5 of its own.
    assert result.hp_left == (5, 5)
    result = fight(Fighter((0, 0, 0), 5, bonus_hp=2), Fighter((3, 0, 0), 5), (R,))
    assert result.hp_left == (4, 5)


def test_card_slots_by_level():
    # RULES.md §3 [src, 2009]: 1-2 one, 3-4 two, 5-6 three, 7+ four.
    assert [card_slots(n) for n in range(1, 10)] == [1, 1, 2, 2, 3, 3, 4, 4, 4]


def test_support_adds_half_of_each_stat_per_supporter_rounded_down():
    # Two supporters, each halved on its own: 5 // 2 + 3 // 2 = 3, not (5 + 3) // 2 = 4.
    assert support([(5, 1, 0), (3, 1, 7)]) == (3, 0, 3)
