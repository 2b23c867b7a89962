"""One resolver per effect kind: the table that says where each card power acts (issue 12).

Every :class:`~..cards.effects.EffectKind` of the vocabulary has exactly one entry in
:data:`RESOLVERS`. An entry names the function that applies the kind (``function``), the places
that call it or read the kind (``where``, dotted names under ``combatzoo.envs.spellfire.battle``),
the rule it implements (``rule``) and the behaviour tests that play it (``tests``). Kinds acting:

- on the totals: a term of :data:`.totals.TERMS` (or :func:`.totals.base_level`,
  :func:`.totals.immunities`), read by :func:`.totals.side_totals` (seed 000 step E);
- when a card enters the round: a power of :mod:`.powers`, called by :mod:`.round` at
  activation (step D) or card play (step F, stage by stage);
- at the end of a round: a rule of :mod:`.judge` (steps H and I);
- on what may be attacked, presented or played: read by the legal-play gates of the engine
  (``function`` is ``None`` where the gate reads the kind itself; ``where`` names the gate).

- answering what the other side plays: :mod:`.reactions` (an ally switching sides, an event
  cancelled), called by :mod:`.round` as each card is played;
- in the whole game only: ``hand_size`` (:mod:`.hand`, read by phase 5 of ``game/rules.py``);
  ``end_of_turn_discard`` (:mod:`.rule_cards`, read by phase 5 of ``game/rules.py``);
  ``extra_draw`` (:mod:`.hand`, read by phase 1 of ``game/rules.py``);
  ``avatar_cost`` (:mod:`.avatar`, read when a spoils avatar is played: ``game/plays.py``);
- when a round is over, outside of the battle (seed 001): :mod:`.aftermath`, called by
  :func:`.judge.end_round`;
- outside battles, in phase 3 of the whole game (issue 13, outside): ``game/outside.py``, one
  function per kind (``where`` names it as ``game.outside.<function>``; ``function`` is
  ``None`` here: the battle package does not import the game's).
- triggered in the whole game outside battles (issue 13, trig): ``game/triggers.py``, called by
  the game engine after every step (``after_step``) or as a turn ends (``turn_ends``).

A kind the engine does not apply at all has ``where=None``: :func:`unresolved_kinds` lists them,
and a card that compiles to one of them is not counted as modelled. No resolver is invented for
such a kind: it waits for its rule to be written (issue 13 resolved the last four).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from ..cards.effects import EffectKind
from . import (
    aftermath,
    aftermath_more,
    avatar,
    bribes,
    chance,
    defiler,
    facts,
    forms,
    hand,
    hoard,
    judge,
    labyrinth,
    legal,
    ninjas,
    picks,
    pool_powers,
    powers,
    powers_4th_c,
    powers_4th_d,
    powers_both,
    powers_fourth_b,
    powers_rest,
    reactions,
    rule_cards,
    shared_holdings,
    shields,
    starving,
    strip,
    totals,
    truce,
    windfall,
    wonder,
)

K = EffectKind

TEST_FILES = "tests/spellfire/battle/"
"""Where the behaviour tests named in :data:`RESOLVERS` live."""


@dataclass(frozen=True)
class Resolver:
    """How one effect kind acts in a battle.

    ``function``: what applies it (``None`` where a legal-play gate reads the kind itself, or
    where the kind is not applied at all). ``where``: the places that call ``function`` or read
    the kind, as dotted names under ``combatzoo.envs.spellfire.battle`` (``"round.activate"``);
    ``None`` when the engine does not apply the kind. ``rule``: the seed step or RULES.md section
    it implements. ``tests``: behaviour tests that play a card with the kind
    (``"tests/spellfire/battle/test_x.py::test_y"``).
    """

    function: Callable[..., object] | None
    where: tuple[str, ...] | None
    rule: str
    tests: tuple[str, ...] = ()

    @property
    def resolved(self) -> bool:
        """Whether the engine applies the kind."""
        return self.where is not None


def _t(*names: str) -> tuple[str, ...]:
    """Test ids from ``file.py::test_name`` under :data:`TEST_FILES`."""
    return tuple(TEST_FILES + n for n in names)


def _unresolved(rule: str) -> Resolver:
    return Resolver(None, None, rule)


_TOTALS = ("totals.side_totals",)
_CARD_PLAY = ("round.resolve_card",)
_BARS = ("legal.bars",)
_IMMUNE = ("totals.round_sides", "totals.affects")
_COMBAT = 'seed 000 step E; RULES.md §1 "Combat"'
_AFTER = ("judge.end_round", "aftermath.triggers", "aftermath.settle")
_OUTSIDE_RULE = ('RULES.md §1 "Turn phases" (phase 3) and "events may be played any time"; '
                 'the mark\'s phase digits')
_OUTSIDE_TEST = "tests/spellfire/game/test_outside_powers.py::test_"


def _outside(function: str, *tests: str) -> Resolver:
    """A kind acting outside battles: ``game/outside.py``'s ``function`` (by name: the battle
    package does not import the game's) and its behaviour tests (``test_`` + each name)."""
    return Resolver(None, (f"game.outside.{function}", "game.outside.resolve"), _OUTSIDE_RULE,
                    tuple(_OUTSIDE_TEST + n for n in tests))

_TRIGGER_TEST = "tests/spellfire/game/test_triggers.py::test_"


def _trigger(function: str, moment: str, rule: str, *tests: str) -> Resolver:
    """A kind triggered in the whole game outside battles (issue 13, trig):
    ``game/triggers.py``'s ``function``, called from the game engine at ``moment`` (by name,
    as :func:`_outside`), and its behaviour tests (``test_`` + each name)."""
    return Resolver(None, (f"game.triggers.{function}", f"game.triggers.{moment}"), rule,
                    tuple(_TRIGGER_TEST + n for n in tests))

_OUTSIDE_4TH_TEST = "tests/spellfire/game/test_outside_4th.py::test_"


def _outside_4th(function: str, *tests: str) -> Resolver:
    """A kind acting outside battles added for the 4th Edition and the booster sets (issue 13,
    out4th): ``game/outside_4th.py``'s ``function`` and its behaviour tests."""
    return Resolver(None, (f"game.outside_4th.{function}", "game.outside.resolve"),
                    _OUTSIDE_RULE, tuple(_OUTSIDE_4TH_TEST + n for n in tests))

def _turn_power(function: str, *tests: str) -> Resolver:
    """A card's power at the start of its player's turn (issue 13, turn2):
    ``game/turn_powers.py``'s ``function``, called by ``turn_starts`` as the game engine
    begins a turn, and its behaviour tests."""
    return Resolver(None, (f"game.turn_powers.{function}", "game.turn_powers.turn_starts"),
                    'RULES.md §1 "Turn phases" (phase 0, the start of the turn)',
                    tuple("tests/spellfire/game/test_turn_powers.py::test_" + n for n in tests))


def _outside_more(function: str, *tests: str) -> Resolver:
    """As :func:`_outside`, for ``game/outside_more.py`` (issue 13, out1) and its tests."""
    return Resolver(None, (f"game.outside_more.{function}", "game.outside.resolve"),
                    _OUTSIDE_RULE, tuple("tests/spellfire/game/test_outside_more.py::test_" + n
                                         for n in tests))


def _c4th5b_game(*tests: str) -> tuple[str, ...]:
    """The whole-game behaviour tests of issue 13, c4th5b (``test_`` + each name)."""
    return tuple("tests/spellfire/game/test_fourth_edition_reprinted_game.py::test_" + n
                 for n in tests)


def _outside_both(function: str, *tests: str) -> Resolver:
    """As :func:`_outside`, for ``game/outside_both.py`` (issue 13, c4th5a: cards printed in
    both the 3rd and the 4th Edition) and its tests."""
    return Resolver(None, (f"game.outside_both.{function}", "game.outside.resolve"),
                    _OUTSIDE_RULE, tuple("tests/spellfire/game/test_fourth_edition_both_game.py"
                                         "::test_" + n for n in tests))


_FIRST_C_TEST = "tests/spellfire/game/test_first_edition_turns.py::test_"


def _first_c(function: str, moment: str, rule: str, *tests: str) -> Resolver:
    """A 1st Edition power over the turns or the hands (issue 13, first_c): ``function`` of
    ``game/between.py`` or ``game/seen.py`` (by name, as :func:`_outside`), called at
    ``moment``, and its behaviour tests (``test_`` + each name)."""
    return Resolver(None, (f"game.{function}", f"game.{moment}"), rule,
                    tuple(_FIRST_C_TEST + n for n in tests))


def _after2(*tests: str) -> tuple[str, ...]:
    """The behaviour tests of the after-round kinds of issue 13, after2 (``test_`` + each)."""
    return tuple("tests/spellfire/game/test_after_round.py::test_" + n for n in tests)


_AFTER_RULE = ('seed 001 ("your opponent is discarded after combat ... these effects occur '
               'outside of the battle and do not affect the spoils of victory")')

RESOLVERS: Mapping[EffectKind, Resolver] = MappingProxyType({
    # --- the totals (seed 000 step E) ------------------------------------------------------
    K.GAIN_LEVELS: Resolver(totals.gain_levels, _TOTALS, _COMBAT, _t(
        "test_battle_cards.py::test_totals_count_realm_holding_items_artifact_allies_spells_and_events",
        "test_battle_powers.py::test_conditions_on_ones_own_champion_the_realm_and_cards_in_play")),
    K.ALLIES_GAIN: Resolver(totals.allies_gain, _TOTALS, _COMBAT, _t(
        "test_battle_cards.py::test_allies_gain_opponent_loses_double_level_and_conditions")),
    K.OPPONENT_LOSES: Resolver(totals.opponent_loses, _TOTALS, _COMBAT, _t(
        "test_battle_cards.py::test_allies_gain_opponent_loses_double_level_and_conditions")),
    K.DOUBLE_LEVEL: Resolver(totals.base_level, _TOTALS, _COMBAT, _t(
        "test_battle_cards.py::test_allies_gain_opponent_loses_double_level_and_conditions",
        "test_third_edition_powers.py::test_the_ancient_arms_of_greyhawk_double_undead_while_"
        "iuz_is_in_play",
        "test_fourth_edition_third_a.py::"
        "test_the_jagged_cliffs_triple_their_halfling_defenders")),
    K.OPPOSING_ALLIES_LOSE: Resolver(totals.opposing_allies_lose, _TOTALS, _COMBAT, _t(
        "test_battle_kinds.py::test_opposing_allies_lose_and_all_allies_gain",
        "test_fourth_edition_third_a.py::"
        "test_adderswamp_leeches_two_levels_from_attackers")),
    K.ALL_ALLIES_GAIN: Resolver(totals.all_allies_gain, _TOTALS, _COMBAT, _t(
        "test_battle_kinds.py::test_opposing_allies_lose_and_all_allies_gain")),
    K.ALL_CHAMPIONS_GAIN: Resolver(totals.all_champions_gain, _TOTALS, _COMBAT, _t(
        "test_battle_kinds.py::test_all_champions_gain_counts_both_champions_of_the_types")),
    K.DOUBLE_ALLIES: Resolver(totals.double_allies, _TOTALS, _COMBAT, _t(
        "test_battle_kinds.py::test_double_allies_and_gains_per_ally",
        "test_third_edition_powers.py::test_the_arms_of_the_great_kingdom_raise_undead_allies_"
        "attacking_too")),
    K.GAIN_PER_OPPOSING_ALLY: Resolver(totals.gain_per_opposing_ally, _TOTALS, _COMBAT, _t(
        "test_battle_kinds.py::test_double_allies_and_gains_per_ally")),
    K.GAIN_PER_OWN_ALLY: Resolver(totals.gain_per_own_ally, _TOTALS, _COMBAT, _t(
        "test_battle_kinds.py::test_double_allies_and_gains_per_ally")),
    K.ITEMS_GAIN: Resolver(totals.items_gain, _TOTALS, _COMBAT, _t(
        "test_battle_kinds.py::test_items_gain_counts_items_and_the_artifact")),
    K.GAIN_IF_OWN_CARDS: Resolver(totals.gain_if_own_cards, _TOTALS, _COMBAT, _t(
        "test_card_powers_more.py::test_sakornia_gains_with_an_artifact_fejyelsae_drops_with_allies")),
    K.GAIN_IF_OPPOSING_ALLIES: Resolver(totals.gain_if_opposing_allies, _TOTALS, _COMBAT, _t(
        "test_card_powers_more.py::test_mika_gains_3_when_the_opponent_plays_an_ally")),
    K.HALVE_OPPOSING_ALLIES: Resolver(totals.halve_opposing_allies, _TOTALS, _COMBAT, _t(
        "test_card_powers_more.py::test_balic_halves_the_attacking_allies_rounding_up")),
    K.FIRST_ALLY_BONUS: Resolver(totals.first_ally_bonus, _TOTALS, _COMBAT, _t(
        "test_card_powers_more.py::test_the_desert_warrior_s_first_ally_counts_as_printed")),
    K.DOUBLE_CARD_BONUS: Resolver(totals.double_card_bonus, _TOTALS, _COMBAT, _t(
        "test_card_powers_more.py::test_ziggurat_doubles_the_defender_s_wizard_spell",
        "test_fourth_edition_powers.py::test_the_winged_horror_doubles_its_weapons")),
    K.IMMUNE_OFFENSIVE_SPELLS: Resolver(totals.immunities, _IMMUNE, _COMBAT, _t(
        "test_battle_cards.py::test_immune_to_offensive_spells_cancels_the_opponents_off_spell",
        "test_battle_cards.py::test_immunity_covers_the_opponents_cards_not_ones_own",
        "test_card_powers.py::test_an_item_or_artifact_makes_its_champion_immune_to_offensive_"
        "spells",
        "test_card_powers.py::test_a_holding_makes_the_defenders_of_its_realm_immune_to_"
        "offensive_spells")),
    K.IMMUNE_TO_NAMED: Resolver(totals.immune_to_named, ("totals.round_sides", "totals.affects",
                                                         "aftermath._raze_one"), _COMBAT, _t(
        "test_card_powers_more.py::test_immunities_to_cards_of_a_name",
        "test_third_edition_powers.py::test_the_wolf_nomads_fear_dragons_and_shrug_off_iuz")),
    K.IMMUNE_TO: Resolver(totals.immunities, _IMMUNE, _COMBAT, _t(
        "test_battle_cards.py::test_immune_to_card_types",
        "test_audit2_powers.py::test_the_elemental_cleric_is_immune_to_offensive_wizard_"
        "spells_only")),
    K.CHAMPIONS_IMMUNE: Resolver(totals.side_wide_immunities, _IMMUNE, _COMBAT, _t(
        "test_audit2_powers.py::test_the_codex_in_the_pool_makes_every_champion_of_its_"
        "player_immune",
        "test_audit2_powers.py::test_the_hoof_of_auroch_makes_its_player_s_champions_immune_"
        "to_psionics",
        "test_fourth_edition_third_a.py::"
        "test_ur_draxa_bars_armed_attackers_and_shields_its_players_champions_from_psionics",
        "test_fourth_edition_third_a.py::"
        "test_dragons_crown_mountain_shields_its_players_dragons_and_itself")),
    K.NEGATE_HOLDINGS: Resolver(totals.negates_holdings, (
        "totals.round_sides", "round.activate", "legal.attackers_for", "legal.can_attack",
        "legal.barred_defenders", "legal.uses_of"),
        'RULES.md §1 "Combat"; seed 002 step 4 (the holding activates); seed 000 steps A-C, F '
        "(a negated holding bars no attacker or defender and grants no uses)", _t(
            "test_battle_kinds.py::test_anavias_negates_the_holding_of_the_realm_it_attacks",
            "test_card_powers.py::test_anavias_passes_a_holding_that_bars_his_attack",
            "test_card_powers.py::test_a_negated_holding_grants_no_spells_to_the_defender")),
    K.DEFEND_AS: Resolver(facts.defends_as, (
        "facts.facts_of", "facts.realm_defense", "legal.realm_can_defend", "legal.uses_of",
        "totals.round_sides", "totals.base_level", "facts.realm_defense_attributes",
        "facts.realm_defense_uses"),
        'seed 000 step C; RULES.md §1 "Combat" (a realm that defends as a champion)', _t(
        "test_battle_steps.py::test_a_realm_that_defends_itself_fights_as_its_champion_with_allies_only",
        "test_card_powers.py::test_a_holding_lets_its_realm_defend_itself",
        "test_fourth_edition_third_a.py::"
        "test_spindrift_isles_defend_as_an_elf_wizard",
        "test_fourth_edition_third_a.py::"
        "test_bluet_spur_defends_as_a_monster_casting_wizard_spells_and_psionics",
        "test_fourth_edition_third_a.py::"
        "test_valachan_defends_as_an_undead_champion_of_no_type")),
    # --- a card entering the round (seed 000 steps D and F, seed 001) ------------------------
    K.WIN_ROUND: Resolver(powers.win_round, ("round.activate", *_CARD_PLAY),
                          "seed 000 steps D and F", _t(
        "test_battle_outcomes.py::test_discard_allies_and_win_round_cards",
        "test_battle_kinds.py::test_a_champion_that_wins_the_round_at_activation")),
    K.DESTROY_CHAMPION: Resolver(powers.destroy_champion, ("round.activate", *_CARD_PLAY),
                                 "seed 000 step D; seed 001 (discarded by card play)", _t(
        "test_battle_activation.py::test_a_defending_power_destroys_the_attacker",
        "test_battle_activation.py::test_a_power_whose_condition_fails_does_nothing",
        "test_battle_kinds.py::test_a_destroying_spell_discards_a_champion_of_its_level_only")),
    K.RAZE_REALM: Resolver(powers.raze_realm, _CARD_PLAY, "seed 001 (realm razed by card play)", _t(
        "test_battle_outcomes.py::test_realm_razed_by_card_play_both_champions_return_and_attacker_draws_spoils")),
    K.DISCARD_REALM: Resolver(powers.discard_realm, _CARD_PLAY,
                              "seed 001 (realm discarded by card play)", _t(
        "test_audit_powers.py::test_cataclysm_discards_the_attacked_realm_and_its_holding")),
    K.END_BATTLE: Resolver(powers.end_battle_now, _CARD_PLAY, "seed 001; [decided] no victor", _t(
        "test_battle_powers.py::test_end_battle_returns_both_champions_with_no_spoils")),
    K.ONLY_ATTACKABLE_BY: Resolver(powers.wall, ("legal.gate", *_CARD_PLAY),
                                   "seed 000 step A; RULES.md §1 movement powers", _t(
        "test_battle_powers.py::test_a_wall_stops_an_attacker_that_cannot_fly",
        "test_battle_kinds.py::test_a_realm_only_attackable_by_flyers",
        "test_card_powers.py::test_the_defender_s_wall_stops_an_attacker_that_cannot_fly",
        "test_card_powers.py::test_a_losing_attacker_cannot_end_the_battle_by_its_own_wall",
        "test_card_powers.py::"
        "test_the_attacker_never_plays_a_defense_only_card_nor_ends_a_battle_by_a_wall",
        "test_fourth_edition_third_a.py::"
        "test_monstrous_intervention_stops_an_attack_by_anything_but_a_monster")),
    K.WALL_MIN_LEVEL: Resolver(powers.wall_level, _CARD_PLAY,
                               "seed 000 step F; seed 001; [decided] no victor, as a wall", _t(
        "test_card_powers_more.py::test_wall_of_thorns_stops_only_attackers_below_level_3")),
    K.DESTROY_ALLIES: Resolver(powers.destroy_allies, (*_CARD_PLAY, *_BARS,
                                                       "reactions.answer_ally"),
                               "seed 000 step F", _t(
        "test_battle_powers.py::test_destroy_allies_destroy_items_and_opposing_allies_lose",
        "test_audit2_powers.py::test_dlasva_destroys_the_first_opposing_ally_only",
        "test_audit2_powers.py::test_gulg_destroys_the_first_ally_of_the_attacker_each_battle")),
    K.DESTROY_ALLIES_TOTAL: Resolver(powers.destroy_allies_total,
                                     (*_CARD_PLAY, "reactions.devour_answer"),
                                     "seed 000 step F", _t(
        "test_card_powers_more.py::test_flame_strike_destroys_allies_totalling_6_or_less",
        "test_fourth_edition_third_b.py::test_the_athasian_cistern_fiend_devours_allies_up_to_"
        "its_base_level")),
    K.DESTROY_CHAMPION_ARMED: Resolver(powers.destroy_champion_armed, _CARD_PLAY,
                                       "seed 001 (champion discarded by card play)", _t(
        "test_card_powers_more.py::test_intellect_devourer_counts_items_and_artifacts")),
    K.DESTROY_ITEMS: Resolver(powers.destroy_items, ("round.activate", "round.resolve_card",
                                                     *_BARS, "reactions.answer_item"),
                              "seed 000 steps D and F", _t(
        "test_battle_powers.py::test_destroy_allies_destroy_items_and_opposing_allies_lose",
        "test_card_powers.py::test_icewind_dale_makes_the_attacker_discard_a_magical_item",
        "test_audit_powers.py::test_the_giant_skeleton_discards_a_sword_and_bars_the_next",
        "test_audit2_powers.py::test_captain_kazhal_destroys_one_magical_item_at_any_time_in_"
        "the_battle")),
    K.DESTROY_ALL: Resolver(powers.destroy_all, _CARD_PLAY, "seed 000 step F; seed 001", _t(
        "test_battle_powers.py::test_destroy_all_monsters_discards_an_attacking_monster_and_pool_monsters")),
    K.DISCARD_OPPOSING_CHAMPION: Resolver(powers.discard_opposing_champion, _CARD_PLAY,
                                          "seed 001 (champion discarded by card play)", _t(
        "test_battle_outcomes.py::test_attacking_champion_discarded_by_card_play_gives_the_defender_spoils",
        "test_battle_outcomes.py::test_defending_champion_discarded_by_card_play_loses_the_round",
        "test_fourth_edition_third_a.py::"
        "test_ambush_defeats_the_opposing_champion_for_a_losing_side",
        "test_fourth_edition_third_a.py::"
        "test_ambush_from_the_winning_side_does_nothing")),
    K.DISCARD_OWN_CHAMPION: Resolver(powers.discard_own_champion, _CARD_PLAY,
                                     "seed 001 (both champions discarded)", _t(
        "test_battle_outcomes.py::test_both_champions_discarded_by_card_play_no_winner_no_spoils")),
    K.DISCARD_ALLIES: Resolver(powers.discard_allies, _CARD_PLAY, "seed 000 step F", _t(
        "test_battle_outcomes.py::test_discard_allies_and_win_round_cards")),
    K.CANCEL_SPELL: Resolver(powers.cancel_spell, (*_CARD_PLAY, "reactions.answer_spell"),
                             "seed 000 step F", _t(
        "test_battle_kinds.py::test_dispel_magic_cancels_the_spell_the_other_side_played_last",
        "test_audit2_powers.py::test_the_rod_of_dispel_magic_cancels_one_spell_of_the_other_"
        "side",
        "test_fourth_edition_powers.py::test_tyrol_negates_an_offensive_unarmed_combat_card")),
    K.LOSE_ROUND: Resolver(powers.lose_round, ("round.activate", *_CARD_PLAY),
                           "seed 000 steps D and F", _t(
        "test_battle_kinds.py::test_a_card_that_loses_the_round_for_its_side",
        "test_audit_powers.py::test_the_living_scroll_is_defeated_by_a_wizard_at_once")),
    # --- the end of a round (seed 000 steps H and I) -----------------------------------------
    K.ESCAPE: Resolver(judge.escapes, ("judge.end_round",), "seed 000 step H; seed 001 spoils", _t(
        "test_battle_powers.py::test_escape_returns_the_losing_champion_and_gives_no_spoils",
        "test_audit2_powers.py::test_the_cloak_of_the_gargoyle_returns_its_defeated_champion_"
        "stripped")),
    K.DEFEAT_TWICE: Resolver(judge.must_be_defeated_again, ("judge.end_round",),
                             "seed 000 step I", _t(
        "test_battle_steps.py::test_a_realm_that_must_be_defeated_twice_needs_a_second_champion",
        "test_battle_steps.py::test_ending_the_attack_after_one_defeat_leaves_the_realm_standing")),
    K.SINGLE_USE: Resolver(judge.single_use, ("judge.spend_single_use",), "seed 000 step H", _t(
        "test_battle_kinds.py::test_a_single_use_item_is_discarded_after_the_battle")),
    # --- what may be attacked, presented or played (the legal-play gates) --------------------
    K.NOT_ATTACKABLE_BY: Resolver(None, ("legal.gate", "legal.passes"), "seed 000 step A", _t(
        "test_battle_steps.py::test_flyer_attacks_any_realm_unless_barred_swimmer_only_coastal",
        "test_card_powers.py::test_no_undead_can_attack_the_great_kingdom",
        "test_fourth_edition_third_a.py::test_grovnekevic_forest_admits_only_elves_among_heroes_wizards_"
        "and_clerics")),
    K.GAIN_MOVEMENT: Resolver(facts.moves_with, ("legal.movement", "powers.wall",
                                                 "totals.round_sides", "powers.destroy_all",
                                                 "legal.player_moves"),
                              "seed 000 steps A, F; RULES.md §1 movement powers", _t(
        "test_battle_powers.py::test_defenders_barred_gain_movement_and_cannot_attack",
        "test_audit2_powers.py::test_fly_cast_before_the_wall_carries_the_attacker_across_it",
        "test_audit2_powers.py::test_malatra_halves_allies_that_fly_only_with_flight_not_"
        "with_fly",
        "test_third_edition_powers.py::test_the_ancient_arms_give_movement_to_the_players_"
        "monsters")),
    K.CANNOT_ATTACK: Resolver(None, ("facts.facts_of", "legal.passes"),
                              "seed 000 steps A-B", _t(
        "test_battle_powers.py::test_defenders_barred_gain_movement_and_cannot_attack")),
    K.ATTACK_AGAIN: Resolver(None, ("legal.available",), "seed 000 steps B, I", _t(
        "test_battle_steps.py::test_champion_from_hand_or_pool_and_no_second_attack_in_the_same_turn",
        "test_third_edition_powers.py::test_the_orb_of_doom_attacks_again_and_falls_with_a_realm")),
    K.DEFENDERS_BARRED: Resolver(None, ("legal.barred_defenders",),
                                 "seed 000 step C", _t(
        "test_battle_powers.py::test_defenders_barred_gain_movement_and_cannot_attack",
        "test_fourth_edition_third_a.py::"
        "test_the_lair_of_the_eye_tyrant_is_defended_by_its_beholder_alone")),
    K.MAY_USE: Resolver(facts.champion_uses, ("legal.uses_of",),
                        'seed 000 step F; RULES.md §1 "Combat" (what a champion uses)', _t(
        "test_battle_cards.py::test_a_realm_grants_its_defenders_more_uses",
        "test_battle_kinds.py::test_a_champion_that_may_use_spells_of_another_class",
        "test_card_powers.py::test_a_carried_item_lets_its_champion_cast_wizard_spells",
        "test_audit2_powers.py::test_the_unicorn_lets_a_hero_cast_wizard_and_cleric_spells",
        "test_fourth_edition_third_a.py::"
        "test_call_to_arms_lets_its_heroes_use_psionic_powers_and_blood_abilities")),
    K.PLAY_ANY_TIME: Resolver(None, ("facts.facts_of", "legal.playable"),
                              "seed 000 step F (the winner's window)", _t(
        "test_battle_kinds.py::test_a_play_any_time_spell_is_offered_in_the_winners_window")),
    K.ALLIES_BARRED: Resolver(None, _BARS, "seed 000 step F", _t(
        "test_battle_powers.py::test_allies_barred_and_no_spells")),
    K.OWN_ALLIES_BARRED: Resolver(None, _BARS, "seed 000 step F", _t(
        "test_battle_kinds.py::test_own_allies_barred_spells_barred_and_allies_limit",
        "test_fourth_edition_third_a.py::"
        "test_nagawater_destroys_every_swimming_ally")),
    K.SPELLS_BARRED: Resolver(None, _BARS, "seed 000 step F", _t(
        "test_battle_kinds.py::test_own_allies_barred_spells_barred_and_allies_limit")),
    K.NO_SPELLS: Resolver(None, _BARS, "seed 000 step F", _t(
        "test_battle_powers.py::test_allies_barred_and_no_spells")),
    K.ALLIES_LIMIT: Resolver(None, _BARS, "seed 000 step F", _t(
        "test_battle_kinds.py::test_own_allies_barred_spells_barred_and_allies_limit")),
    K.DEFENSE_ONLY: Resolver(None, ("facts.facts_of", "legal.playable"),
                             'seed 000 step F; the card text "use on defense only"', _t(
        "test_card_powers.py::test_a_losing_attacker_cannot_end_the_battle_by_its_own_wall")),
    # --- answers to what the other side plays (seed 000 step F; issue 13) --------------------
    K.STEAL_ALLY: Resolver(reactions.steal_ally, (*_CARD_PLAY, "reactions.answer_ally"),
                           "seed 000 step F (an opposing ally switches sides); step H (it is "
                           "discarded to its owner's pile)", _t(
        "test_card_powers.py::test_shield_of_wickedness_takes_the_strongest_opposing_ally",
        "test_card_powers.py::test_a_carried_shield_takes_the_next_ally_once_per_round",
        "test_card_powers.py::test_traitor_and_maligor_switch_an_ally",
        "test_fourth_edition_powers.py::test_charm_aura_takes_the_opposing_allies_of_plus_5_or_"
        "less")),
    K.CANCEL_EVENT: Resolver(reactions.cancel_event, (*_CARD_PLAY, "reactions.answer_event"),
                             "seed 000 step F (an event cancelled for one player)", _t(
        "test_card_powers.py::test_calm_undoes_the_opposing_event",
        "test_card_powers.py::test_delsenora_cancels_a_harmful_event_and_is_discarded")),
    K.DEFEAT_TWICE_CHAMPION: Resolver(judge.survives_first_defeat, ("judge.end_round",),
                                      "seed 000 steps H-I (a champion defeated twice in one "
                                      "battle)", _t(
        "test_card_powers.py::test_drizzt_must_be_defeated_twice_in_one_battle",
        "test_card_powers.py::test_drizzt_left_standing_when_the_attacker_has_no_champion",
        "test_fourth_edition_third_b.py::test_the_scimitar_of_speed_rises_and_saves_its_"
        "defender_once")),
    # --- the whole game (RULES.md §1 phase 5); no effect in battle mode ----------------------
    K.HAND_SIZE: Resolver(hand.hand_limit, ("hand.hand_limit",),
                          "RULES.md §1 phase 5 (the hand limit; read by the whole game: "
                          "game/rules.py, game/plays.py; battle mode has no phase 5)",
                          ("tests/spellfire/game/test_game_hand_limit.py::"
                           "test_the_great_kingdom_and_the_mud_palace_raise_the_hand_limit",
                           "tests/spellfire/game/test_game_hand_limit.py::"
                           "test_a_razed_realm_gives_no_hand_size")),
    K.EXTRA_DRAW: Resolver(hand.extra_draw, ("hand.extra_draw",),
                           "RULES.md §1 phase 1 (the draw; read by the whole game: "
                           "game/rules.py; battle mode has no phase 1)", _t(
        "test_audit2_powers.py::test_tyr_and_the_medallion_of_faith_draw_extra_cards")),
    # --- after the battle (seed 001: "these effects occur outside of the battle"; issue 13) -
    K.AVENGE_DISCARD: Resolver(aftermath.settle, _AFTER, _AFTER_RULE, _t(
        "test_after_battle.py::test_aurak_draconian_lord_defeated_takes_the_victor_with_it",
        "test_after_battle.py::test_aurak_draconians_explode_when_their_side_is_defeated")),
    K.AVENGE_RAZE: Resolver(aftermath.settle, _AFTER, _AFTER_RULE, _t(
        "test_after_battle.py::test_iuz_the_evil_defeated_razes_one_enemy_realm",
        "test_after_battle.py::test_iuz_discards_a_razed_realm_when_none_stands")),
    K.AVENGE_PURGE: Resolver(aftermath.settle, _AFTER, _AFTER_RULE, _t(
        "test_audit2_powers.py::test_the_king_of_the_elves_defeated_purges_the_great_wizards")),
    K.AVENGE_OWN_HOLDING: Resolver(aftermath.settle, _AFTER, _AFTER_RULE, _t(
        "test_audit2_powers.py::test_smolder_defeated_destroys_a_holding_of_its_owner")),
    K.DISCARD_AFTER_ROUND: Resolver(aftermath.settle, _AFTER, _AFTER_RULE, _t(
        "test_after_battle.py::test_constitution_drain_discards_the_winner_after_the_round",
        "test_third_edition_powers.py::test_horrors_of_the_abyss_send_the_opposing_champion_"
        "and_the_spell_to_the_abyss",
        "test_third_edition_powers.py::test_castle_draw_discards_both_champions_win_or_lose")),
    # --- an avatar's cost (seed 000 step J, seed 001); read by the whole game ----------------
    K.AVATAR_COST: Resolver(avatar.cost_payment, ("avatar.cost_payment", "avatar.pay"),
                            "seed 000 step J; seed 001 (\"Avatars can be played as spoils, but "
                            "the cost associated with them must also be met\"; read by the "
                            "whole game: game/plays.py, game/turn.py)",
                            ("tests/spellfire/game/test_game_avatar.py::"
                             "test_a_spoils_avatar_is_played_by_discarding_its_cost",
                             "tests/spellfire/game/test_game_avatar.py::"
                             "test_a_spoils_avatar_whose_cost_cannot_be_met_goes_to_the_hand")),
    # --- the 1st Edition long tail (issue 13) ----------------------------------------------
    K.ALLIES_BARRED_FROM: Resolver(None, _BARS, "seed 000 step F", _t(
        "test_first_edition_powers.py::test_rens_bell_bars_allies_of_level_4_or_more")),
    K.OWN_SPELLS_BARRED: Resolver(None, _BARS, "seed 000 step F", _t(
        "test_first_edition_powers.py::test_anti_magic_shell_shields_its_champion_who_casts_"
        "no_more_spells")),
    K.RAZE_AT_ONCE: Resolver(judge.razes_at_once, ("judge.end_round",), "seed 000 step I", _t(
        "test_first_edition_powers.py::test_tithian_razes_a_realm_that_must_be_defeated_"
        "twice_at_once")),
    K.OPPONENT_ESCAPES: Resolver(judge.opponent_escapes, ("judge.end_round",),
                                 "seed 000 step H; seed 001 spoils", _t(
        "test_first_edition_powers.py::test_protection_turns_back_an_undead_champion",
        "test_first_edition_powers.py::test_protection_bars_and_discards_undead_allies")),
    K.ANY_ARTIFACTS: Resolver(facts.artifact_fits, ("facts.artifact_fits",),
                              'RULES.md §1 "Table" (one artifact per champion, of its world)',
                              _t("test_first_edition_powers.py::test_ego_coin_carries_a_"
                                 "second_artifact_of_another_world")),
    K.IMMUNE_EXCEPT_NAMED: Resolver(totals.affects, _IMMUNE, _COMBAT, _t(
        "test_first_edition_powers.py::test_treants_shield_their_side_from_wizard_spells_"
        "but_fireball")),
    K.REALMS_NOT_ATTACKABLE_BY: Resolver(None, ("legal.gate",), "seed 000 step A", _t(
        "test_first_edition_powers.py::test_black_waters_shields_every_realm_of_its_player",
        "test_first_edition_powers.py::test_arms_of_greyhawk_and_the_orb_of_dragonkind_"
        "shield_greyhawk_realms")),
    K.HALVE_OPPOSING: Resolver(totals.halve_opposing, _TOTALS, _COMBAT, _t(
        "test_first_edition_powers.py::test_malatra_halves_attackers_that_do_not_fly",
        "test_fourth_edition_powers.py::test_fortification_barricade_halves_attackers_rounding_"
        "down")),
    K.ONE_SPELL_TYPE: Resolver(None, _BARS, "seed 000 step F", _t(
        "test_first_edition_powers.py::test_the_harpers_cast_spells_of_one_type_per_battle")),
    K.DISCARD_WINNING_ATTACKER: Resolver(powers.discard_winning_attacker, _CARD_PLAY,
                                         "seed 001 (champion discarded by card play)", _t(
        "test_first_edition_powers.py::test_pit_trap_discards_a_winning_attacker_only")),
    K.DESTROY_POOL_CHAMPIONS: Resolver(powers.destroy_pool_champions, ("round.present",),
                                       "seed 000 step B (before the defender chooses, step C)",
                                       _t("test_first_edition_powers.py::test_agis_destroys_"
                                          "the_strongest_monster_of_the_defenders_pool")),
    K.ALL_REALMS_NOT_ATTACKABLE_BY: Resolver(None, ("legal.gate",), "seed 000 step A", _t(
        "test_first_edition_powers.py::test_arms_of_greyhawk_and_the_orb_of_dragonkind_"
        "shield_greyhawk_realms")),
    K.REALMS_ALLIES_GAIN: Resolver(totals.realms_allies_gain, ("totals.round_sides",
                                                               *_TOTALS), _COMBAT, _t(
        "test_first_edition_powers.py::test_fort_melidor_helps_allies_defending_any_dark_sun_"
        "realm_of_its_player")),
    K.HALVE_OPPOSING_CARDS: Resolver(totals.halve_opposing_cards, _TOTALS, _COMBAT, _t(
        "test_first_edition_powers.py::test_the_mercenary_army_halves_offensive_wizard_spells")),
    K.SWITCHED_ALLIES_LOSE: Resolver(totals.switched_allies_lose, _TOTALS, _COMBAT, _t(
        "test_first_edition_powers.py::test_the_mind_flayer_takes_an_ally_that_loses_a_level")),
    K.SPELL_VETO: Resolver(None, _BARS, "seed 000 step F", _t(
        "test_first_edition_powers.py::test_midnight_and_the_arch_druid_veto_opposing_spells",
        "test_fourth_edition_third_b.py::test_the_arch_druid_vetoes_opposing_clerics_even_"
        "beside_another_arch_druid")),
    K.NEGATE_WALLS: Resolver(totals.affects, ("totals.round_sides", "totals.affects",
                                              "powers.wall", "powers.wall_level"),
                             "seed 000 step F; seed 001", _t(
        "test_first_edition_powers.py::test_passwall_negates_the_defenders_wall_spell")),
    K.ATTACK_ANYWHERE: Resolver(None, ("legal.passes", "legal.available"), "seed 000 step A",
                                _t(
        "test_first_edition_powers.py::test_starshine_attacks_any_realm",
        "test_first_edition_rest.py::test_prismal_attacks_any_forgotten_realms_realm_and_"
        "draws_two_spoils_razing_it",
        "test_third_edition_powers.py::test_falcon_figurine_carries_its_champion_anywhere",
        "test_booster_third.py::test_the_umber_hulk_reaches_any_underdark_realm_but_not_past_"
        "its_powers")),
    # --- the rest of the 1st Edition (issue 13, c1st) ----------------------------------------
    K.CHAMPIONS_GAIN: Resolver(totals.champions_gain, ("totals.round_sides", *_TOTALS), _COMBAT,
                               _t("test_first_edition_rest.py::test_greyhawk_ruins_raise_"
                                  "greyhawk_champions_of_its_player_in_every_battle")),
    K.LEND_FROM_POOL: Resolver(totals.side_wide, ("totals.round_sides", "totals.side_wide"),
                               _COMBAT,
                               _t("test_first_edition_rest.py::test_the_ring_of_shooting_"
                                  "stars_lends_one_level_from_the_pool")),
    K.RESTORE_REALM: Resolver(powers_rest.restore_realm, _CARD_PLAY, "seed 000 step F", _t(
        "test_first_edition_rest.py::test_spirit_of_the_land_restores_a_realm_and_ends_the_"
        "battle")),
    K.RAZE_FIRST_REALMS: Resolver(powers_rest.raze_first_realms, _CARD_PLAY,
                                  "seed 001 (a realm razed by card play)", _t(
        "test_first_edition_rest.py::test_siege_razes_the_first_realm_of_every_player",
        "test_first_edition_rest.py::test_arms_of_furyondy_shield_their_realm_from_harmful_"
        "events")),
    K.DESTROY_ALLY_OR_ITEM: Resolver(powers_rest.destroy_ally_or_item, _CARD_PLAY,
                                     "seed 000 step F", _t(
        "test_first_edition_rest.py::test_lightning_bolt_destroys_the_stronger_of_an_ally_"
        "or_an_item")),
    K.DISCARD_ARMED_CHAMPION: Resolver(powers_rest.discard_armed_champion, _CARD_PLAY,
                                       "seed 001 (champion discarded by card play)", _t(
        "test_first_edition_rest.py::test_ancient_curse_kills_a_champion_with_an_item")),
    K.REALM_IMMUNE_HARMFUL_EVENTS: Resolver(shields.realm_shielded, (
        "powers.raze_realm", "powers.discard_realm", "powers_rest.raze_first_realms",
        "shields.realm_guards", "totals.round_sides"),
        "seed 001 (a realm razed or discarded by card play)", _t(
            "test_first_edition_rest.py::test_arms_of_furyondy_shield_their_realm_from_"
            "harmful_events",
        "test_fourth_edition_third_a.py::"
        "test_moonwell_lets_defenders_cast_cleric_spells_and_shields_its_realm")),
    K.LEVELS_OR_ITEM: Resolver(powers_rest.levels_or_item, _CARD_PLAY, "seed 000 step F", _t(
        "test_first_edition_rest.py::test_crushing_fist_adds_its_levels_or_crushes_a_"
        "stronger_item")),
    K.TAKE_ALLY_FROM_HAND: Resolver(powers_rest.take_ally_from_hand, _CARD_PLAY,
                                    "seed 000 steps F and H", _t(
        "test_first_edition_rest.py::test_control_undead_takes_the_largest_undead_ally_of_"
        "the_opponents_hand")),
    K.EXTRA_SPOILS_IF_DEFEATED: Resolver(hoard.extra_spoils, ("judge.end_battle",
                                                              "hoard.extra_spoils"),
                                         "seed 000 step J; seed 001 (spoils)", _t(
        "test_first_edition_rest.py::test_ember_defeated_gives_the_victor_two_spoils")),
    K.EXTRA_SPOILS_IF_RAZES: Resolver(hoard.extra_spoils, ("judge.end_battle",
                                                           "hoard.extra_spoils"),
                                      "seed 000 step J; seed 001 (spoils)", _t(
        "test_first_edition_rest.py::test_prismal_attacks_any_forgotten_realms_realm_and_"
        "draws_two_spoils_razing_it")),
    K.TURN_SPELL: Resolver(powers_rest.turn_spell, _CARD_PLAY, "seed 000 step F", _t(
        "test_first_edition_rest.py::test_spell_turning_turns_the_bolt_back_on_its_caster")),
    K.DISPEL_ALL: Resolver(powers_rest.dispel_all, _CARD_PLAY, "seed 000 step F", _t(
        "test_first_edition_rest.py::test_the_genie_bottle_dispels_spells_and_removes_"
        "holdings")),
    K.NOT_CANCELABLE: Resolver(None, ("reactions.answer_event",), "seed 000 step F", _t(
        "test_first_edition_rest.py::test_the_genie_bottle_dispels_spells_and_removes_"
        "holdings")),
    K.PICK_OPPONENT: Resolver(picks.picked_opponent, ("round.present", "picks.picked_opponent"),
                              "seed 000 steps B and C", _t(
        "test_first_edition_rest.py::test_stryck_picks_the_weakest_champion_of_the_defenders_"
        "pool")),
    K.DRAW_AND_PLAY: Resolver(windfall.draw_for_defense, ("round.start_cards",
                                                          "windfall.draw_for_defense"),
                              "seed 000 steps D-F", _t(
        "test_first_edition_rest.py::test_north_ledopolus_draws_a_card_and_plays_it_in_"
        "defense")),
    # --- the 4th Edition (issue 13, c4th) --------------------------------------------------
    K.CARRIED_ONLY_BY: Resolver(facts.carries, ("facts.carries", "legal.playable"),
                                'RULES.md §1 "Table" (what a champion carries; read by the '
                                "whole game: game/plays.py, deal.py, judge.py spoils)", _t(
        "test_fourth_edition_powers.py::test_the_harp_of_kings_is_carried_by_regents_only")),
    K.IMMUNE_TO_SLAYING: Resolver(powers.spared, ("powers.destroy_champion",
                                                  "powers.destroy_all",
                                                  "powers.destroy_pool_champions"),
                                  "seed 000 step D/F; seed 001", _t(
        "test_fourth_edition_powers.py::test_pans_pipes_spare_a_flying_monster_from_a_gust_of_"
        "wind", "test_fourth_edition_powers.py::test_pans_pipes_spare_their_monster_from_"
        "treasure")),
    K.EVENTS_BARRED: Resolver(None, _BARS, "seed 000 step F", _t(
        "test_fourth_edition_powers.py::test_marilith_bars_the_opposing_events")),
    K.ALLIES_STAY: Resolver(reactions.stays, ("reactions.steal_ally", "reactions.answer_ally"),
                            "seed 000 step F", _t(
        "test_fourth_edition_powers.py::test_rampart_and_the_skeletal_minion_keep_allies_from_"
        "switching_sides")),
    K.GAIN_PER_OWN_CARDS: Resolver(totals.gain_per_own_cards, _TOTALS, _COMBAT, _t(
        "test_fourth_edition_powers.py::test_the_cyclops_gains_per_magical_item",
        "test_third_edition_powers.py::test_calimshan_rewards_each_magical_item_of_its_"
        "defender")),
    K.CARDS_BARRED: Resolver(None, _BARS, "seed 000 step F", _t(
        "test_fourth_edition_powers.py::test_mindwipe_and_body_weaponry_bar_card_types",
        "test_fourth_edition_powers.py::test_the_flesh_golem_rips_away_magical_items",
        "test_fourth_edition_third_a.py::test_blackstaff_tower_bars_offensive_wizard_spells_against_its_"
        "defenders")),
    K.NO_CARDS: Resolver(None, (*_BARS, "rule_cards.barred_types"), "seed 000 step F", _t(
        "test_fourth_edition_powers.py::test_mindwipe_and_body_weaponry_bar_card_types",
        "test_fourth_edition_fourth.py::test_master_the_magic_bars_allies_and_psionic_powers_"
        "for_both_players")),
    K.IMMUNE_HARMFUL_EVENTS: Resolver(totals.affects, _IMMUNE, _COMBAT, _t(
        "test_fourth_edition_powers.py::test_the_orb_of_power_shields_from_harmful_events",
        "test_booster_powers.py::test_the_gorgon_is_immune_to_harmful_events_only")),
    K.ALLIES_ONLY: Resolver(None, _BARS, "seed 000 step F", _t(
        "test_fourth_edition_powers.py::test_only_swimming_allies_against_the_death_ship")),
    K.ZERO_OPPOSING_LEVEL: Resolver(totals.zero_opposing_level, _TOTALS, _COMBAT, _t(
        "test_fourth_edition_powers.py::test_the_iron_legion_and_the_skeletal_lord_take_the_"
        "opposing_level_to_0",
        "test_third_edition_powers.py::test_the_iron_legion_brings_opposing_heroes_to_level_0")),
    # ---- added for the 3rd Edition (issue 13, c3rd) ----
    K.IMMUNE_TO_WEAK: Resolver(totals.affects, _IMMUNE, _COMBAT, _t(
        "test_third_edition_powers.py::test_grypht_and_hornhead_shrug_off_weak_magical_items")),
    K.OPPOSING_ALLIES_LOSE_UNLESS: Resolver(totals.opposing_allies_lose_unless, _TOTALS,
                                            _COMBAT, _t(
        "test_third_edition_powers.py::test_chathrang_weakens_opposing_allies_that_do_not_"
        "fly")),
    K.NOT_ATTACKABLE_BY_WEAK: Resolver(None, ("legal.gate", "legal.passes"), "seed 000 step A",
                                       _t("test_third_edition_powers.py::test_vaasa_and_the_"
                                          "ruins_of_zhentil_keep_choose_their_attackers")),
    K.NAMESAKE_BONUS: Resolver(totals.namesake_bonus, _TOTALS, _COMBAT, _t(
        "test_third_edition_powers.py::test_gith_and_war_parties_grow_in_numbers")),
    K.ITEMS_BARRED_OVER: Resolver(None, _BARS, "seed 000 step F", _t(
        "test_third_edition_powers.py::test_verrasi_bars_strong_magical_items")),
    K.WIN_OVER_TOTAL: Resolver(powers.win_over_total, ("round.start_cards", "round.play_card"),
                               "seed 000 steps E-F", _t(
        "test_third_edition_powers.py::test_kevins_blade_of_doom_wins_above_20")),
    K.GAIN_PER_OTHER_ALLY: Resolver(totals.gain_per_other_ally, _TOTALS, _COMBAT, _t(
        "test_third_edition_powers.py::test_skeletons_multiply")),
    K.PSIONICS_VETO: Resolver(None, _BARS, "seed 000 step F", _t(
        "test_third_edition_powers.py::test_sadira_vetoes_opposing_psionicists")),
    K.NOT_ATTACKABLE_BY_NAMED: Resolver(None, ("legal.gate", "legal.passes"), "seed 000 step A",
                                        _t("test_third_edition_powers.py::test_rashemen_bars_"
                                           "red_wizards_and_weakens_other_wizards")),
    K.REALMS_ALLIES_DOUBLED: Resolver(totals.realms_allies_doubled, ("totals.round_sides",
                                                                     *_TOTALS), _COMBAT, _t(
        "test_third_edition_powers.py::test_fort_melidor_3rd_doubles_allies_at_dark_sun_"
        "realms")),
    K.OPPONENTS_HAND_SIZE: Resolver(hand.hand_limit, ("hand.hand_limit",),
                                    "RULES.md §1 phase 5 (read by the whole game, as "
                                    "hand_size)", _t(
        "test_third_edition_powers.py::test_perrenland_shrinks_the_opposing_hand_limit")),
    # (round.resolve_card also plays a negated card through totals.powerless)
    K.NEGATE_POWERS: Resolver(totals.negates, ("totals.round_sides", "totals.powerless",
                                               "aftermath.triggers", "reactions.answer_sources"),
                              "seed 000 steps D-F", _t(
        "test_third_edition_powers.py::test_shayira_negates_the_powers_played_against_her",
        "test_third_edition_powers.py::test_kacha_and_inhuman_negate_weak_allies_powers",
        "test_fourth_edition_third_b.py::test_ansalong_negates_the_powers_of_offensive_cards_on_"
        "the_opposing_champion",
        "test_fourth_edition_reprinted.py::test_dragonslayer_cancels_the_powers_of_opposing_"
        "dragons")),
    K.ITEMS_KEPT: Resolver(powers.keeps, ("powers.destroy_items", "powers.destroy_all"),
                           "seed 000 steps D-F", _t(
        "test_third_edition_powers.py::test_mordenkainen_keeps_his_magical_items")),
    K.DISCARD_AFTER_RAZING: Resolver(aftermath.settle, (*_AFTER, "aftermath.razer_discarded",
                                                        "powers.raze_realm", "round.decline"),
                                     _AFTER_RULE, _t(
        "test_third_edition_powers.py::test_the_orb_of_doom_attacks_again_and_falls_with_a_realm",
        "test_fourth_edition_third_a.py::test_raurin_discards_the_champion_that_razes_it",
        "test_fourth_edition_third_a.py::test_raurin_razed_by_card_play_discards_the_attacker_and_the_"
        "forest_ridge_does_not")),
    K.OPPOSING_TO_ABYSS: Resolver(aftermath.settle, _AFTER, _AFTER_RULE, _t(
        "test_third_edition_powers.py::test_tkkyl_eats_the_allies_played_against_him",
        "test_third_edition_powers.py::test_dungeon_of_gulg_sends_attackers_to_the_abyss",
        "test_fourth_edition_third_b.py::test_the_mace_of_disruption_sends_the_undead_it_kills_"
        "to_the_abyss")),
    K.BACK_TO_HAND: Resolver(aftermath.settle, _AFTER, _AFTER_RULE, _t(
        "test_third_edition_powers.py::test_the_punisher_returns_to_the_hand_after_a_lost_"
        "round", "test_third_edition_powers.py::test_the_ancient_arms_of_veluna_resurrect_the_"
        "allies_of_a_greyhawk_defence")),
    # --- the booster sets (issue 13, cboost) -----------------------------------------------
    K.USABLE_ONLY_BY: Resolver(facts.carries, ("facts.carries", "legal.playable"),
                               'RULES.md §1 "Table" (items and artifacts in the pool)', _t(
        "test_booster_powers.py::test_the_staff_of_magius_is_carried_by_wizards_only")),
    K.REALMS_ATTACK_ANYWHERE: Resolver(None, ("legal.gate", "legal.passes"), "seed 000 step A",
                                       _t("test_booster_powers.py::test_an_underdark_realm_"
                                          "opens_the_opponents_realms_of_its_world")),
    K.USABLE_BY_ANY: Resolver(facts.facts_of, ("facts.facts_of", "legal.playable"),
                              'RULES.md §1 "Combat" (who uses which cards)', _t(
        "test_booster_powers.py::test_evade_is_usable_by_any_champion_and_cancels_unarmed_"
        "combat")),
    K.HALVE_OPPOSING_BASE: Resolver(totals.halve_opposing_base, _TOTALS, _COMBAT, _t(
        "test_booster_powers.py::test_the_lamia_halves_wizards_and_clerics",
        "test_fourth_edition_third_a.py::"
        "test_the_monastery_halves_attacking_avatars")),
    # --- the 4th Edition, third pass (issue 13, c4th3b) ------------------------------------
    K.DEFEATED_UNLESS_HAS: Resolver(powers_fourth_b.defeated_unless_has, _CARD_PLAY,
                                    "seed 000 step F", _t(
        "test_fourth_edition_third_b.py::test_ki_rin_defeats_a_champion_with_no_ally_to_play",
        "test_fourth_edition_third_b.py::test_ki_rin_leaves_a_champion_who_can_play_an_ally",
        "test_fourth_edition_third_b.py::test_loup_garou_spares_a_champion_who_has_a_magical_"
        "item")),
    K.DISCARD_ATTACKED_HOLDING: Resolver(powers_fourth_b.discard_attacked_holding,
                                         ("round.present", *_CARD_PLAY),
                                         "seed 000 steps B and F", _t(
        "test_fourth_edition_third_b.py::test_horn_of_blasting_discards_the_holding_of_the_"
        "realm_attacked",
        "test_fourth_edition_third_b.py::test_horn_of_blasting_played_in_the_round_discards_"
        "the_holding_then")),
    K.DEFEATED_BELOW: Resolver(powers_fourth_b.defeated_below, _CARD_PLAY,
                                    "seed 000 step F", _t(
        "test_fourth_edition_third_b.py::test_the_dreaded_ghost_drains_nine_and_defeats_below_"
        "zero",
        "test_fourth_edition_third_b.py::test_the_dreaded_ghost_drains_but_a_positive_total_"
        "fights_on")),
    K.DESTROY_ONE_ANYWHERE: Resolver(powers_fourth_b.destroy_one_anywhere,
                                     ("round.activate", *_CARD_PLAY), "seed 000 steps D and F",
                                     _t("test_fourth_edition_third_b.py::test_klik_kacha_"
                                        "destroys_the_strongest_opposing_item_as_he_defends",
                                        "test_fourth_edition_third_b.py::test_klik_kacha_takes_"
                                        "an_item_from_the_pool_when_the_attacker_has_none",
                                        "test_fourth_edition_third_b.py::test_cone_of_cold_"
                                        "destroys_the_opposing_artifact")),
    K.DEFEATS_REALM_CHAMPION: Resolver(powers_fourth_b.defeats_realm_champion,
                                       ("round.activate",), "seed 000 step D", _t(
        "test_fourth_edition_third_b.py::test_apocalypse_defeats_a_realm_champion")),
    K.ADND_ARTIFACTS: Resolver(facts.artifact_fits, ("facts.artifact_fits", "facts.carries"),
                               'RULES.md §1 "Table" (one artifact per champion, of its world)',
                               _t("test_fourth_edition_third_b.py::test_the_ettin_carries_a_"
                                  "second_adnd_artifact")),
    K.DOUBLE_LATER_ALLY: Resolver(totals.double_later_ally, _TOTALS, _COMBAT, _t(
        "test_fourth_edition_third_b.py::test_wijon_doubles_the_largest_ally_played_after_him",
        "test_fourth_edition_third_b.py::test_wijon_does_not_double_an_ally_played_before_"
        "him")),
    K.GAIN_VS_NONSPELLCASTERS: Resolver(totals.gain_vs_nonspellcasters, _TOTALS, _COMBAT, _t(
        "test_fourth_edition_third_b.py::test_pyre_gains_against_a_champion_who_casts_no_"
        "spells")),
    K.DOUBLE_NAMED: Resolver(totals.double_named, _TOTALS, _COMBAT, _t(
        "test_fourth_edition_third_b.py::test_the_badge_of_the_wolf_nomads_doubles_the_wolves",
        "test_fourth_edition_third_b.py::test_the_badge_doubles_a_wolf_ally_not_the_knight")),
    K.AVATARS_BARRED: Resolver(None, ("legal.avatars_barred", "legal.available",
                                      "legal._defender_choices"),
                               "seed 000 steps B-C; seed 001 (avatars as spoils: read by "
                               "game/plays.spoils_plays too)", _t(
        "test_fourth_edition_third_b.py::test_the_arch_druid_bars_avatars_from_the_battle",
        "test_fourth_edition_third_b.py::test_the_arch_druid_keeps_a_spoils_avatar_out_of_"
        "play")),
    K.CASTS_NAMED_ONLY: Resolver(legal.named_codes, ("facts.champion_uses", "legal.named_codes",
                                                     "legal.playable"),
                                 'RULES.md §1 "Combat" (who uses which cards)', _t(
        "test_fourth_edition_third_b.py::test_the_elemental_cleric_casts_only_the_elemental_"
        "wizard_spells")),
    K.IMMUNE_TO_NEEDING: Resolver(totals.affects, _IMMUNE, _COMBAT, _t(
        "test_fourth_edition_third_b.py::test_the_drider_shrugs_off_offensive_hero_unarmed_"
        "combat")),
    K.STAYS_IN_POOL: Resolver(facts.stays_in_pool, ("powers.destroy_pool_champions",
                                                    "powers.destroy_all",
                                                    "powers_rest.discard_armed_champion",
                                                    "aftermath.settle", "picks.picked_opponent"),
                              "seed 000 steps B-F; seed 001", _t(
        "test_fourth_edition_third_b.py::test_chernevik_resists_being_removed_from_his_pool",
        "test_fourth_edition_third_b.py::test_chernevik_is_not_picked_out_of_his_pool")),
    K.DEVOUR_ITEMS: Resolver(powers_fourth_b.devour_items,
                             (*_CARD_PLAY, "reactions.answer_item"), "seed 000 step F", _t(
        "test_fourth_edition_third_b.py::test_the_rust_monster_devours_every_weak_magical_"
        "item")),
    # --- the 4th Edition, third pass (issue 13, c4th3c) ------------------------------------
    K.OPPONENT_LOSES_OWN_BASE: Resolver(totals.opponent_loses_own_base, _TOTALS, _COMBAT, _t(
        "test_fourth_edition_third_c.py::test_phobia_amplification_subtracts_the_champions_"
        "base_level")),
    K.ALLIES_UNDER_CARD_DIGIT: Resolver(powers_4th_c.allies_under_card_digit, _CARD_PLAY,
                                        "seed 000 step F", _t(
        "test_fourth_edition_third_c.py::test_fear_discards_the_allies_under_the_card_digit")),
    K.DISCARD_HIGHEST_PLAYED: Resolver(powers_4th_c.discard_highest_played, _CARD_PLAY,
                                       "seed 000 step F", _t(
        "test_fourth_edition_third_c.py::test_blind_side_discards_the_highest_card_played")),
    K.DISCARD_OPPOSING_HOLDING: Resolver(powers_4th_c.discard_opposing_holding,
                                         ("round.activate", *_CARD_PLAY),
                                         "seed 000 steps D and F", _t(
        "test_fourth_edition_third_c.py::test_shadow_engines_discards_the_defenders_holding",
        "test_fourth_edition_fourth.py::test_madman_enraged_discards_the_defenders_holding_as_"
        "he_attacks")),
    K.OPPONENT_DISCARDS_WEAKEST: Resolver(powers_4th_c.opponent_discards_weakest, _CARD_PLAY,
                                          "seed 000 step F", _t(
        "test_fourth_edition_third_c.py::test_rake_makes_the_opponent_discard_its_weakest_"
        "card")),
    K.ESCAPE_BY_SACRIFICE: Resolver(judge.sacrifice_to_escape, ("judge.end_round",),
                                    "seed 000 step H", _t(
        "test_fourth_edition_third_c.py::test_elminsters_evasion_sacrifices_a_pool_wizard_to_"
        "escape")),
    K.NO_EVENTS_IN_PLAY: Resolver(powers_4th_c.no_events_in_play, (*_CARD_PLAY, *_BARS),
                                  "seed 000 step F", _t(
        "test_fourth_edition_third_c.py::test_the_throne_of_the_pharaohs_negates_and_bars_"
        "events")),
    K.NO_MOVEMENT_REQUIRED: Resolver(None, ("legal.gate",), "seed 000 step A", _t(
        "test_fourth_edition_third_c.py::test_natures_throne_opens_a_realm_only_flyers_may_"
        "attack")),
    K.ALLY_BARS_IGNORED: Resolver(None, ("legal.bars",), "seed 000 step F", _t(
        "test_fourth_edition_third_c.py::test_barbaric_allies_ignore_the_cards_that_bar_allies")),
    K.DEFENSE_RAZES_ATTACKER: Resolver(aftermath.settle, (*_AFTER, "judge.champions_discarded"),
                                       _AFTER_RULE, _t(
        "test_fourth_edition_third_c.py::test_barbaric_allies_raze_an_attackers_realm_after_a_"
        "successful_defense",
        "test_fourth_edition_third_c.py::test_barbaric_allies_raze_when_the_attacker_is_"
        "discarded_by_card_play")),
    K.DRAW_DIGIT_DEFEATS: Resolver(powers_4th_c.draw_digit_defeats, _CARD_PLAY,
                                   "seed 000 step F", _t(
        "test_fourth_edition_third_c.py::test_boot_to_the_head_defeats_on_a_0_or_a_1")),
    K.DRAW_DIGIT_DISCARDS_ATTACKER: Resolver(powers_4th_c.draw_digit_discards_attacker,
                                             ("round.activate",), "seed 000 step D; seed 001", _t(
        "test_fourth_edition_third_c.py::test_the_caves_of_mystery_swallow_a_strong_attacker")),
    K.DRAW_DIGIT_ALLIES: Resolver(powers_4th_c.draw_digit_allies, _CARD_PLAY, "seed 000 step F",
                                  _t("test_fourth_edition_third_c.py::test_persuasion_sends_"
                                     "away_as_many_allies_as_the_digit")),
    K.ARTIFACT_MOVES_ON_DEFEAT: Resolver(aftermath.settle, _AFTER, _AFTER_RULE, _t(
        "test_fourth_edition_third_c.py::test_guenhwyvar_goes_to_another_forgotten_realms_"
        "champion")),
    # --- the last 1st Edition cards (issue 13, c1st3) ----------------------------------------
    K.FIGHT_AS: Resolver(forms.fight_as, ("totals.round_sides", "forms.in_form"), _COMBAT, _t(
        "test_first_edition_last.py::test_gib_ekim_fights_as_a_hero_unless_he_casts_a_wizard_"
        "spell")),
    K.ASSUME_LEVEL: Resolver(forms.assume_level, ("totals.round_sides", "forms.in_form"),
                             _COMBAT, _t("test_first_edition_last.py::test_johydees_mask_"
                                         "takes_the_highest_level_in_play")),
    K.SPELLS_BARRED_NAMED: Resolver(rule_cards.barred_names, ("legal.bars", "legal.barred"),
                                    "RULES.md §1 phase 0 (rule cards); seed 000 step F", _t(
        "test_first_edition_last.py::test_the_abyssal_vortex_bars_wishes_and_swallows_spells_"
        "and_allies")),
    K.PLAYED_TO_ABYSS: Resolver(rule_cards.to_the_abyss, ("rules.SpellfireEngine._apply",),
                                "RULES.md §1 phase 0 (rule cards); seed 000 step H", _t(
        "test_first_edition_last.py::test_the_abyssal_vortex_bars_wishes_and_swallows_spells_"
        "and_allies")),
    K.END_OF_TURN_DISCARD: Resolver(rule_cards.pay_without_hand, (
        "rule_cards.end_of_turn_discard_due", "rule_cards.pay_without_hand"),
        "RULES.md §1 phases 0 and 5 (rule cards; the discard: game/rule_powers.py)", _t(
            "test_first_edition_last.py::test_age_of_entropy_takes_one_more_card_at_the_end_of_"
            "each_turn")),
    K.TRUCE: Resolver(truce.truce, ("round.resolve_card",),
                      "seed 000 step F (the card's play); the whole game: game/rules.py", _t(
        "test_first_edition_last.py::test_mutiny_and_solid_fog_stop_every_attack_until_the_"
        "players_next_turn")),
    K.IMMUNE_TO_WORLD_POWERS: Resolver(totals.world_immunity, (
        "totals.round_sides", "totals.negates", "round.activate", "aftermath.triggers"),
        'seed 000 steps D-F; RULES.md §1 "Combat"', _t(
            "test_first_edition_last.py::test_the_tapestry_of_the_stag_takes_ravenloft_powers_"
            "but_not_their_levels")),
    K.FUNCTION_AS: Resolver(forms.function_as, ("totals.round_sides", "forms.in_form"),
                            _COMBAT, _t("test_first_edition_last.py::test_the_chest_of_many_"
                                        "things_flies_and_functions_as_the_type_of_its_"
                                        "spells")),
    K.ESCAPE_TO_LIMBO: Resolver(labyrinth.escape, ("rules.SpellfireEngine._apply",
                                                   "labyrinth.carriers", "labyrinth.escape"),
                                "seed 000 steps H and J (Limbo); the return: game/rules.py", _t(
        "test_first_edition_last.py::test_the_labyrinth_map_sends_its_champion_to_limbo_and_"
        "back")),
    K.BRIBE: Resolver(bribes.bribe, ("round.play_card", "round.start_cards", "round.no_attack",
                                     "legal.playable", "legal._defender_choices",
                                     "legal._attacker_choices"),
                      "seed 000 steps B, C and F", _t(
        "test_first_edition_last.py::test_bribery_sends_the_opposing_champion_back_to_choose_"
        "again")),
    # --- the 4th Edition, third pass (issue 13, c4th3a) -------------------------------------
    K.NOT_ATTACKABLE_VIA_UNDERDARK: Resolver(None, ("legal.gate",), "seed 000 step A", _t(
        "test_fourth_edition_third_a.py::test_the_delving_is_not_opened_by_an_underdark_realm")),
    K.REALM_IMMUNE_OFFENSIVE: Resolver(shields.realm_shielded, (
        "powers.raze_realm", "powers.discard_realm", "powers_rest.raze_first_realms",
        "totals.round_sides"), 'seed 001 (a realm razed or discarded by card play); RULES.md §1 '
        '"Combat" (a realm defending itself)', _t(
            "test_fourth_edition_third_a.py::test_reorxcrown_mountains_admit_flyers_and_shrug_off_"
            "offensive_wizard_spells",
            "test_fourth_edition_third_a.py::test_fortification_parapet_shields_its_players_greyhawk_"
            "realms_from_offensive_spells")),
    K.NOT_ATTACKABLE_BY_ARMED: Resolver(None, ("legal.gate", "legal.passes"), "seed 000 step A",
                                        _t("test_fourth_edition_third_a.py::test_ur_draxa_bars_"
                                           "armed_attackers_and_shields_its_players_champions_"
                                           "from_psionics")),
    K.ONLY_ATTACKABLE_BY_CASTERS: Resolver(None, ("legal.gate", "legal.passes",
                                                  "legal.casts_spells"), "seed 000 step A",
                                           _t("test_fourth_edition_third_a.py::test_euripis_"
                                              "admits_only_spellcasters")),
    K.NAMED_HOLDINGS_NEGATED: Resolver(hand.extra_draw, ("hand.extra_draw",
                                                         "game.triggers.card_played"),
                                       "RULES.md §1 phase 1 (the draw; read by the whole game: "
                                       "game/rules.py)", (*_t(
        "test_fourth_edition_third_a.py::test_points_east_trading_guild_negates_arkhold_s_"
        "extra_card"), _TRIGGER_TEST + "the_celestial_jewel_negates_mulmaster")),
    K.BASE_LOSS_PER_CARD: Resolver(totals.base_loss_per_card, (
        "totals.side_totals", "wear.worn_down", "round.start_cards", "round.play_card"),
        _COMBAT + "; seed 001 (champion discarded by card play)", _t(
            "test_fourth_edition_third_a.py::test_black_spear_tribes_wear_the_attacker_down_"
            "card_by_card")),
    K.DISCARDED_FOR_REALM: Resolver(powers.discard_realm, ("powers.discard_realm",),
                                    "seed 001 (a realm razed or discarded by card play)", _t(
        "test_fourth_edition_third_a.py::test_keep_of_the_dead_is_discarded_in_its_realms_"
        "place")),
    # ---- booster sets, third pass (issue 13, cboost3) ----
    K.BOOST3_NO_EFFECT_ON: Resolver(totals.not_on, ("totals.affects",), _COMBAT, _t(
        "test_booster_third.py::test_vampiric_touch_does_nothing_against_the_undead")),
    # --- the last 1st Edition cards, second round (issue 13, c1st4) ---------------------------
    K.LOSING_SIDE_STARVES: Resolver(starving.starve, (
        "judge.end_round", "judge.champions_discarded", "powers.raze_realm",
        "powers.discard_realm", "starving.artists"), "seed 000 step J; seed 001", _t(
        "test_first_edition_last2.py::test_the_starving_artist_on_the_losing_attacker_leaves_"
        "no_spoils_and_two_cards",
        "test_first_edition_last2.py::test_the_starving_artist_on_the_razed_defender_starves_"
        "the_attacker",
        "test_first_edition_last2.py::test_the_starving_artist_on_the_winning_side_does_"
        "nothing")),
    # --- audit 4 (issue 13) ----------------------------------------------------------------------
    K.ANY_HOLDING: Resolver(facts.holding_fits, ("facts.holding_fits",),
                            'RULES.md §1 "Table" (a holding on a realm of its world)', _t(
        "test_audit4_holdings.py::test_euripis_takes_a_holding_of_another_world")),
    # --- the 1st Edition's last realm and holding cards (issue 13, first_b) -------------------
    K.ALLY_DEFENDS: Resolver(judge.discard_ally_champions, (
        "legal._defender_choices", "legal.uses_of", "forms.in_form", "forms.as_champion",
        "judge.end_battle", "judge.discard_ally_champions"),
        "seed 000 steps C and H (the defender's champion; discards after the battle)", _t(
            "test_first_edition_realms.py::test_south_ledopolus_offers_the_defenders_allies_"
            "as_champions",
            "test_first_edition_realms.py::test_an_ally_defending_fights_at_its_bonus_and_is_"
            "discarded_after_winning",
            "test_first_edition_realms.py::test_an_ally_defending_that_loses_is_discarded")),
    K.SHARES_HOLDINGS: Resolver(shared_holdings.holdings_at, (
        "shared_holdings.holdings_at", "shared_holdings.borrowed_slots",
        "totals._defender_realm", "totals.base_level", "legal.gate", "legal.barred_defenders",
        "legal._holdings", "activation.activation_order", "reactions.answer_sources",
        "windfall.draw_for_defense", "shields.realm_shielded", "powers._holding_instead"),
        'RULES.md §1 "Table" (holdings) and seed 000 steps A-E', _t(
            "test_first_edition_realms.py::test_the_sea_barons_defend_with_the_great_kingdoms_"
            "holding",
            "test_first_edition_realms.py::test_the_great_kingdoms_wall_guards_the_sea_barons",
            "test_first_edition_realms.py::test_razing_the_sea_barons_leaves_the_great_"
            "kingdoms_holding")),
    K.ALLY_TO_CHAMPION: Resolver(None, (
        "game.outside_first.ally_to_champion", "game.outside.resolve", "game.outside.playable",
        "forms.as_champion", "legal.available", "judge.discard_ally_champions"),
        _OUTSIDE_RULE, (
            "tests/spellfire/game/test_first_edition_realms_game.py::test_magical_champion_"
            "makes_the_strongest_ally_of_the_hand_a_pool_champion",
            "tests/spellfire/game/test_first_edition_realms_game.py::test_magical_champion_"
            "needs_an_ally_in_the_hand",
            TEST_FILES + "test_first_edition_realms.py::test_an_ally_made_champion_attacks_as_"
            "a_hero_of_its_level_and_stays_in_the_pool",
            TEST_FILES + "test_first_edition_realms.py::test_an_ally_made_champion_that_loses_"
            "is_discarded_with_its_item")),
    # --- the last 1st Edition cards (issue 13, last1st) --------------------------------------
    K.REBUILDS_RAZED_REALM: Resolver(None, ("game.plays.holding_slots",
                                            "game.turn.rebuild_by_holding"),
                                     'RULES.md §1 "Table" and phase 2 (holdings, rebuilds)', _t(
        "test_first_edition_last1st.py::test_arms_of_the_shield_lands_go_only_on_a_razed_"
        "greyhawk_realm",
        "test_first_edition_last1st.py::test_arms_of_the_shield_lands_rebuild_their_realm_"
        "for_free")),
    K.RESTORE_KILLED: Resolver(None, ("game.outside_more.restore_killed", "game.outside.resolve",
                                      "game.outside_more.killed_in_last_battle"),
                               _OUTSIDE_RULE, _t(
        "test_first_edition_last1st.py::test_silver_hands_restore_both_players_killed_"
        "champions",
        "test_first_edition_last1st.py::test_silver_hands_wait_for_a_battle_with_a_champion_"
        "killed")),
    # --- 1st Edition, cards of chance (issue 13, c1st5) -------------------------------------
    K.CHANCE_SHUFFLED_BACK: Resolver(chance.settle, (*_AFTER, "chance.shuffle_back"),
                                     _AFTER_RULE, _t(
        "test_first_edition_chance.py::test_lolth_defeated_goes_into_her_owners_draw_pile",
        "test_first_edition_chance.py::test_lolth_goes_to_the_same_place_for_the_same_seed")),
    K.CHANCE_HAND_DISCARD: Resolver(chance.settle, (*_AFTER, "chance.random_discard"),
                                    _AFTER_RULE, _t(
        "test_first_edition_chance.py::test_shalbaal_winning_a_round_discards_one_card_of_the_"
        "losers_hand")),
    # --- the 4th Edition, 178-520 second round (issue 13, c4th4) -----------------------------
    K.OWN_BASE_HALVED: Resolver(totals.base_level, (*_TOTALS, "totals.side_wide"), _COMBAT, _t(
        "test_fourth_edition_fourth.py::test_dark_haven_halves_the_base_level_and_shields_its_"
        "champion",
        "test_fourth_edition_fourth.py::test_the_power_of_faith_halves_and_bars_against_the_"
        "undead")),
    K.HAND_DISCARDS_WEAKEST: Resolver(powers_4th_d.hand_discards_weakest, _CARD_PLAY,
                                      "seed 000 step F", _t(
        "test_fourth_edition_fourth.py::test_the_athasian_sloth_makes_the_opponent_discard_"
        "two_weak_cards_from_its_hand")),
    K.SHARED_ARTIFACT: Resolver(None, ("totals.round_sides",), _COMBAT, _t(
        "test_fourth_edition_fourth.py::test_aquamarinas_artifact_functions_for_her_sister_"
        "pearl")),
    K.OFFENSIVE_WORLD_ONLY: Resolver(None, (*_BARS, "rule_cards.world_barred"),
                                     "seed 000 step F", _t(
        "test_fourth_edition_fourth.py::test_forbidden_knowledge_leaves_offensive_cards_to_"
        "their_worlds")),
    K.COMBAT_LEVEL_CAP: Resolver(None, ("rule_cards.level_cap", "legal.available",
                                        "legal._defender_choices"), "seed 000 steps A-C", _t(
        "test_fourth_edition_fourth.py::test_time_of_troubles_keeps_high_champions_out_and_"
        "raises_the_forgotten_realms")),
    K.RULE_WORLD_GAIN: Resolver(totals.rule_world_gain, (*_TOTALS, "totals.side_wide"),
                                _COMBAT, _t(
        "test_fourth_edition_fourth.py::test_time_of_troubles_keeps_high_champions_out_and_"
        "raises_the_forgotten_realms")),
    K.RULE_ALLIES_BARRED: Resolver(None, (*_BARS, "rule_cards.allies_barred_rules"),
                                   "seed 000 step F", _t(
        "test_fourth_edition_fourth.py::test_the_power_of_faith_halves_and_bars_against_the_"
        "undead")),
    # --- outside battles, phase 3 of the whole game (issue 13, outside: game/outside.py) -
    K.DRAW_NOW: _outside("draw_now",
        "good_fortune_draws_five_cards_in_phase_3",
        "treasure_fleet_gives_every_player_three_cards"),
    K.NEW_HANDS: _outside("new_hands",
        "transformation_replaces_both_hands"),
    K.KILL_IN_POOL: _outside("kill_in_pool",
        "sunray_kills_the_undead_in_the_chosen_pool"),
    K.TRUCE_NOW: _outside("truce_now",
        "wall_of_fog_stops_every_attack_until_the_casters_next_turn"),
    K.NO_REALM_PLAYS: _outside("no_realm_plays",
        "map_of_life_bars_realm_plays_until_the_players_next_turn"),
    K.DESTROY_REALM: _outside("destroy_realm",
        "disintegrate_discards_a_realm_and_ends_the_players_attacks"),
    K.NO_ATTACK_THIS_TURN: _outside("no_attack_this_turn",
        "disintegrate_discards_a_realm_and_ends_the_players_attacks"),
    K.RAISE_DEAD: _outside("raise_dead",
        "raise_dead_returns_the_best_champion_to_the_hand"),
    K.REBUILD_EACH: _outside("rebuild_each",
        "safe_harbor_rebuilds_a_razed_realm_for_each_player"),
    K.BENCH_CHAMPION: _outside("bench_champion",
        "geas_keeps_a_champion_from_attacking_and_defending_through_its_owners_next_turn"),
    K.EACH_DISCARDS_CHAMPION: _outside("each_discards_champion",
        "enslaved_takes_the_weakest_champion_from_each_pool"),
    # --- triggered in the whole game outside battles (issue 13, trig: game/triggers.py) ---
    K.DRAW_WHEN_PLAYED: _trigger("realm_played", "after_step",
                                 'RULES.md §1 "Turn phases" (phase 2); seed 001 (spoils)',
        "temple_of_elemental_evil_draws_three_when_played",
        "haunted_hall_draws_when_played_and_when_rebuilt"),
    K.DRAW_PER_CARD_PLAYED: _trigger("card_played", "after_step",
                                     "seed 000 step F (a card played); RULES.md §1 phase 3",
        "mulmaster_draws_for_every_spell_played_in_a_battle",
        "breastwork_draws_only_for_its_players_own_events",
        "the_celestial_jewel_negates_mulmaster"),
    K.SHUFFLE_DISCARDS_BACK: _trigger("discards_shuffled", "after_step",
                                      'RULES.md §1 "Combat" (the round\'s allies discarded)',
        "myrmidons_shuffle_the_discards_back_after_their_round",
        "myrmidons_discarded_from_the_hand_shuffle_the_discards_back"),
    K.MUST_ATTACK: _trigger("turn_ends", "turn_ends",
                            'RULES.md §1 "Turn phases" (phase 4, one attack; phase 5)',
        "joliet_the_rash_is_discarded_when_she_does_not_attack",
        "the_crystal_of_the_ebon_flame_discards_its_idle_holder"),
    K.IDLE_HAND_DISCARD: _trigger("idle_discards", "turn_ends",
                                  'RULES.md §1 "Turn phases" (phase 4, one attack; phase 5)',
        "hettman_tsurin_discards_a_random_card_of_the_opponent_when_idle"),
    K.REMOVES_WHEN_PLAYED: _trigger("realm_played", "after_step",
                                    'RULES.md §1 "Turn phases" (phase 2); seed 001 (spoils)',
        "furyondy_discards_the_opponents_strongest_wizard_when_played",
        "rhuobhe_sends_a_regent_to_the_abyss"),
    K.RAISE_ON_DEFEAT: _trigger("defeated", "fighting",
                                'seed 000 steps H-I (the loser discarded); seed 001 ("outside '
                                'of the battle")',
        "amarill_defeated_brings_the_best_champion_back_from_the_discards"),
    K.DRAW_WHEN_REALM: _trigger("realm_named", "after_step",
                                'RULES.md §1 "Turn phases" (phase 2); seed 000 step I',
        "duchy_of_tenh_draws_when_menzoberranzan_is_played_or_razed"),
    # --- outside battles: the 4th Edition and the booster sets (issue 13, out4th) -------
    K.OTHERS_DISCARD: _outside_4th("others_discard",
        "hurricane_draws_three_and_the_other_player_discards_its_weakest_card"),
    K.RESHUFFLE_DISCARDS: _outside_4th("reshuffle_discards",
        "provocation_shuffles_the_chosen_discard_pile_into_the_draw_pile"),
    K.DISCARDS_BACK: _outside_4th("discards_back",
        "elven_rebirth_shuffles_every_elf_back_into_its_owners_draw_pile",
        "recall_shuffles_the_players_spells_back"),
    K.BENCH_POOL: _outside_4th("bench_pool",
        "enthrall_benches_the_whole_pool_and_ends_the_players_attacks"),
    K.BENCH_FOR_GOOD: _outside_4th("bench_for_good",
        "fear_benches_an_enemy_champion_for_good"),
    K.RAZE_BARE_REALM: _outside_4th("raze_bare_realm",
        "creeping_doom_razes_a_standing_realm_without_a_holding"),
    K.DISCARD_RAZED_REALM: _outside_4th("discard_razed_realm",
        "dissolution_discards_a_razed_realm"),
    K.CHAMPION_TO_ABYSS: _outside_4th("champion_to_abyss",
        "abyssal_gateway_sends_a_pool_champion_to_the_abyss"),
    K.DISCARD_TO_ABYSS: _outside_4th("discard_to_abyss",
        "ward_of_sleep_sends_the_best_discarded_champion_to_the_abyss"),
    K.ITEM_TO_TOP: _outside_4th("item_to_top",
        "locate_object_puts_the_best_item_on_top_of_the_draw_pile"),
    K.REBUILD_BY_CHAMPION: _outside_4th("rebuild_by_champion",
        "labor_of_legend_rebuilds_a_realm_for_a_champion"),
    K.HAND_DOWN_TO: _outside_4th("hand_down_to",
        "cold_cup_of_calamity_cuts_the_other_hand_to_five"),
    K.RETRIEVE_CARD: _outside_4th("retrieve_card",
        "heal_returns_a_champion_or_else_an_ally_to_the_hand"),
    K.DESTROY_POOL_ITEM: _outside_4th("destroy_pool_item",
        "transmute_metal_to_wood_destroys_the_best_item_of_a_pool_champion"),
    K.STACK_OPPONENT_DRAW: _outside_4th("stack_opponent_draw",
        "deja_vu_stacks_the_opponents_weakest_discards_on_its_draw_pile",
        "espionage_stacks_the_opponents_weakest_cards_on_top"),
    K.ARRANGE_TOP: _outside_4th("arrange_top",
        "rengarth_oracle_puts_the_strongest_of_six_on_top_and_goes_to_the_abyss"),
    K.SELF_TO_ABYSS: _outside_4th("self_to_abyss",
        "rengarth_oracle_puts_the_strongest_of_six_on_top_and_goes_to_the_abyss"),
    K.DISCARD_CHAMPION_OVER: _outside_4th("discard_champion_over",
        "death_field_discards_a_pool_champion_of_level_6_or_more"),
    K.POOL_ITEMS_UNLESS_DIGIT: _outside_4th("pool_items_unless_digit",
        "mordenkainens_disjunction_destroys_a_pools_items_on_a_high_digit"),
    K.BAR_POOL_ATTACKS: _outside_4th("bar_pool_attacks",
        "death_fog_kills_the_low_champions_and_bars_the_survivors_from_attacking",
        "drain_will_discards_the_best_champion_it_can_and_bars_the_pool"),
    K.DISCARD_ONE_IN_POOL: _outside_4th("discard_one_in_pool",
        "drain_will_discards_the_best_champion_it_can_and_bars_the_pool"),
    K.CAST_ONLY_BY: _outside_4th("cast_only_by",
        "breath_of_death_needs_a_caster_of_level_13",
        "firetrail_needs_a_dragon_and_destroys_a_holding"),
    K.DISCARD_HOLDING: _outside_4th("discard_holding",
        "firetrail_needs_a_dragon_and_destroys_a_holding"),
    K.TARGET_ONLY: _outside_4th("target_only",
        "earthen_grasp_benches_only_a_hero"),
    K.KILL_OPPOSING_POOL: _outside_4th("kill_opposing_pool",
        "spectral_dragon_needs_a_dragonlance_caster_and_sweeps_the_opposing_pool"),
    # --- outside battles: the 1st-3rd Editions (issue 13, out1: game/outside_more.py) -----
    K.DISCARD_DRAWN_REALMS: _outside_more("discard_drawn_realms",
        "storm_at_sea_discards_the_realms_drawn"),
    K.EACH_DISCARDS_FRONT_REALM: _outside_more("each_discards_front_realm",
        "siege_discards_each_front_realm_and_the_next_realm_goes_in_front"),
    K.EACH_DISCARDS_REALM: _outside_more("each_discards_realm",
        "barbarian_raiders_takes_a_razed_realm_else_one_from_the_hand"),
    K.EACH_DISCARDS_ANY_CHAMPION: _outside_more("each_discards_any_champion",
        "dragon_rage_takes_a_champion_from_each_hand_or_pool"),
    K.DISCARD_FROM_HANDS: _outside_more("discard_from_hands",
        "discovery_of_spellfire_discards_the_best_card_of_the_other_hand"),
    K.REALM_TO_ABYSS: _outside_more("realm_to_abyss",
        "estate_transference_sends_a_realm_to_the_abyss_and_ends_the_attacks"),
    # --- after a round, more (issue 13, after2: battle/aftermath_more.py) -------------------
    K.AVENGE_HOLDINGS: Resolver(aftermath_more.discard_holdings, (*_AFTER, "aftermath_more.settle"),
                                _AFTER_RULE, _after2(
        "mogadishos_horde_on_the_losing_side_discards_the_opponents_holdings")),
    K.AVENGE_DESTROY: Resolver(aftermath_more.destroy_champion, (*_AFTER, "aftermath_more.settle"),
                               _AFTER_RULE, _after2(
        "assassins_on_the_losing_side_destroy_the_best_opposing_champion")),
    K.WIN_ROUND_RETRIEVE: Resolver(aftermath_more.retrieve, (*_AFTER, "aftermath_more.settle"),
                                   _AFTER_RULE, _after2(
        "halcyon_winning_a_round_returns_a_card_from_the_discard_pile")),
    K.ROUND_ALLY_TO_HAND: Resolver(aftermath_more.ally_back, (*_AFTER, "aftermath._realm_triggers",
                                                              "aftermath._back_to_hand"),
                                   _AFTER_RULE, _after2(
        "sword_coast_returns_the_defenders_best_ally_after_a_lost_round",
        "arms_of_veluna_resurrect_an_ally_only_after_a_successful_defense")),
    K.ITEMS_SHUFFLED_BACK: Resolver(aftermath_more.items_shuffled_back,
                                    (*_AFTER, "aftermath_more.settle"), _AFTER_RULE, _after2(
        "silt_stalkers_on_the_losing_side_shuffle_the_items_in_play_back")),
    K.ABYSS_TO_DISCARD: Resolver(aftermath_more.abyss_to_discard,
                                 (*_AFTER, "aftermath_more.settle"), _AFTER_RULE, _after2(
        "mikor_on_the_losing_side_brings_the_abyss_back_but_its_events")),
    K.RAZED_RAZES_OPPONENT: Resolver(aftermath_more.raze_opponent,
                                     (*_AFTER, "aftermath._realm_triggers",
                                      "aftermath_more.settle"), _AFTER_RULE, _after2(
        "silver_spring_razed_with_its_realm_razes_the_attackers_first_realm")),
    # --- a realm's power at the start of its player's turn (issue 13, turn2) ---------------
    K.KILL_AT_TURN_START: _turn_power("kill_at_turn_start",
        "scarlet_brotherhood_eliminates_the_strongest_opposing_champion_and_is_razed",
        "scarlet_brotherhood_keeps_standing_with_no_opposing_champion"),
    K.LIMBO_AT_TURN_START: _turn_power("limbo_at_turn_start",
        "horned_society_sends_the_strongest_opposing_champion_to_limbo_for_a_turn"),
    K.DISCARD_FROM_TOP: _turn_power("discard_from_top",
        "marco_volo_discards_the_top_card_of_the_other_draw_pile",
        "rens_crystal_ball_discards_the_best_of_the_top_three_cards"),
    # --- the 1st Edition's last battle cards (issue 13, first_a) ----------------------------
    K.BONUS_IN_POWER: Resolver(facts.facts_of, ("facts.facts_of",), _COMBAT, _t(
        "test_first_edition_jar.py::test_enlarge_gains_3_against_a_flyer_only",
        "test_first_edition_jar.py::test_enlarge_adds_nothing_against_a_walker")),
    # (side_totals also calls totals.ignored for the ignored champion's base level)
    K.IGNORE_OPPONENTS: Resolver(totals.ignored, _IMMUNE, _COMBAT, _t(
        "test_first_edition_jar.py::test_invisibility_to_undead_ignores_an_undead_champion_and_"
        "its_allies",
        "test_first_edition_jar.py::test_invisibility_to_undead_leaves_living_opponents_alone")),
    # (defiler.cast is called by round.resolve_card as a spell is played)
    K.SPELLS_COST_REALM: Resolver(defiler.pay, (
        "judge.end_battle", "defiler.cast", "defiler.pay", "game.outside.resolve"),
        'seed 000 steps F and J; RULES.md §1 "Turn phases" (phase 3)', (
        *_t("test_first_edition_jar.py::test_the_defiler_casting_spells_shuffles_back_one_"
            "holding_when_the_battle_ends",
            "test_first_edition_jar.py::test_the_defiler_without_a_holding_razes_its_last_"
            "standing_realm",
            "test_first_edition_jar.py::test_the_defiler_casting_no_spell_costs_nothing"),
        "tests/spellfire/game/test_first_edition_jar_game.py::test_the_defiler_alone_casting_"
        "in_phase_3_pays_at_once")),
    # --- the 4th Edition reprinted in Artifacts / Forgotten Realms (issue 13, c4th5b) -------
    K.EACH_DIGIT_DISCARDS_CHAMPIONS: Resolver(
        None, ("game.outside_reprinted.each_digit_discards_champions", "game.outside.resolve"),
        _OUTSIDE_RULE, _c4th5b_game(
            "black_bess_discards_each_players_champions_above_its_digit",
            "black_bess_reads_the_forgotten_realms_wording",
            "black_bess_with_an_empty_draw_pile_spares_that_players_pool")),
    K.OPPONENTS_DRAW_FEWER: Resolver(hand.phase_one_draw, ("hand.phase_one_draw",),
                                     "RULES.md §1 phase 1 (the draw; read by the whole game: "
                                     "game/rules.py; battle mode has no phase 1)", _c4th5b_game(
        "the_ring_of_winter_makes_the_opponent_draw_one_card_fewer",
        "the_ring_of_winter_leaves_a_draw_of_one")),
    K.REBUILD_COST: Resolver(None, ("game.plays.rebuild_cost", "game.turn._rebuild_realm"),
                             "RULES.md §1 phase 2 (the rebuild's three cards; read by the "
                             "whole game: battle mode has no phase 2)", _c4th5b_game(
        "new_giustenal_is_rebuilt_for_one_card",
        "the_builder_in_the_pool_rebuilds_any_razed_realm_for_one_card")),
    K.SPELLS_KEPT: Resolver(aftermath_more.kept_spells,
                            (*_AFTER, "aftermath._own_side", "aftermath_more.kept_spells"),
                            _AFTER_RULE, _t(
        "test_fourth_edition_reprinted.py::test_spellbook_keeps_the_best_two_spells_of_a_round_won",
        "test_fourth_edition_reprinted.py::test_spellbook_keeps_nothing_after_a_round_lost")),
    K.LOSER_ITEM_OR_REALM: Resolver(aftermath_more.item_or_raze,
                                    (*_AFTER, "aftermath._own_side", "aftermath_more.settle"),
                                    _AFTER_RULE, _t(
        "test_fourth_edition_reprinted.py::test_flaming_fist_makes_the_loser_discard_its_weakest_"
        "item",
        "test_fourth_edition_reprinted.py::test_flaming_fist_razes_a_realm_of_a_loser_with_no_"
        "item")),
    K.ATTACKERS_STRIPPED: Resolver(strip.strip_attacker, ("round.present", "legal.bars"),
                                   "seed 000 step B (the attacking champion presented)", _t(
        "test_fourth_edition_reprinted.py::test_celik_strips_the_cheaper_type_and_bars_it",
        "test_fourth_edition_reprinted.py::test_celik_leaves_a_champion_its_only_type",
        "test_fourth_edition_reprinted.py::test_celiks_artifacts_printing_strips_both_types")),
    K.POOL_DESTROYS_ALLY: Resolver(pool_powers.pool_answer,
                                   ("reactions.answer_ally", "judge._close_round"),
                                   "seed 000 step F (each card played)", _t(
        "test_fourth_edition_reprinted.py::test_stone_giant_in_the_pool_destroys_the_first_"
        "small_ally_of_the_round")),
    K.BONUS_FROM_DIGIT: Resolver(wonder.draw_digit_bonus,
                                 ("round.activate", "round.resolve_card", "totals.round_sides"),
                                 "seed 000 steps D and F", _t(
        "test_fourth_edition_reprinted.py::test_wand_of_wonder_carried_is_worth_the_digit_drawn",
        "test_fourth_edition_reprinted.py::test_wand_of_wonder_played_from_the_hand_draws_too")),
    K.HAND_CARD_TURNED: Resolver(ninjas.turned_card, ("round._turned",),
                                 "seed 000 step F (each card played)", _t(
        "test_fourth_edition_reprinted.py::test_ninjas_play_an_ally_taken_from_the_opponents_hand",
        "test_fourth_edition_reprinted.py::test_ninjas_discard_a_card_they_cannot_play")),
    # --- printed in both the 3rd and the 4th Edition (issue 13, c4th5a) --------------------
    K.ALLIES_BECOME: Resolver(facts.ally_in_round, ("totals.round_sides", "powers.destroy_allies",
                                                    "powers.destroy_all",
                                                    "reactions._destroy_answer",
                                                    "legal._allies_become"), _COMBAT, _t(
        "test_fourth_edition_both.py::test_lich_conclave_makes_its_allies_undead_for_hold_undead",
        "test_fourth_edition_both.py::test_lich_conclave_allies_are_barred_as_undead_after_hold_"
        "undead")),
    K.LATER_ALLIES_MOVE: Resolver(facts.later_moves, ("totals.round_sides", "powers.destroy_allies",
                                                      "powers.destroy_all",
                                                      "reactions._destroy_answer",
                                                      "legal._playable"), _COMBAT, _t(
        "test_fourth_edition_both.py::test_elf_galleon_makes_only_the_allies_played_after_it_"
        "flyers")),
    K.TOLL_PER_CHAMPION: Resolver(powers_both.toll_per_champion, ("round.present",),
                                  "seed 000 step B", _t(
        "test_fourth_edition_both.py::test_sembia_takes_a_card_for_each_champion_sent_forward")),
    K.PLAY_OPPOSING_TOP: Resolver(powers_both.play_opposing_top, ("round.play_card",),
                                  "seed 000 step F", _t(
        "test_fourth_edition_both.py::test_galek_plays_the_opposing_top_card_when_it_may",
        "test_fourth_edition_both.py::test_galek_discards_the_opposing_top_card_it_may_not_"
        "play")),
    K.SACRIFICE_SHUFFLED_BACK: Resolver(avatar.shuffle_back_sacrificed,
                                        ("game.turn._champion_to_pool",), "seed 001 (avatars)",
                                        ("tests/spellfire/game/test_fourth_edition_both_game.py"
                                         "::test_nenioc_paying_for_an_avatar_is_shuffled_back",)),
    K.STAYS_WITH_CHAMPION: Resolver(judge.stay_with_champion, ("judge.return_to_pool",),
                                    "seed 000 step H", _t(
        "test_fourth_edition_both.py::test_gladiators_stay_with_a_dark_sun_champion",
        "test_fourth_edition_both.py::test_gladiators_leave_with_the_round_for_another_"
        "champion")),
    # (called by round.resolve_card for the champion's side, not a stage of the card played)
    K.CAST_DISCARD_DRAW: Resolver(powers_both.cast_discard_draw, ("round.play_card",
                                                                  "powers_both.cast_discard_draw"),
                                  "seed 000 step F", _t(
        "test_fourth_edition_both.py::test_rogue_defiler_casting_a_spell_replaces_her_weakest_"
        "hand_card")),
    K.DISCARD_OPPOSING_POOL_CHAMPION: _outside_both("discard_opposing_pool_champion",
        "slave_revolt_discards_the_chosen_opposing_champion"),
    K.EACH_WIDE_DISCARDS_REALM: _outside_both("each_wide_discards_realm",
        "barbarians_revenge_takes_a_realm_from_each_player_with_four_standing",
        "barbarians_revenge_takes_two_hand_realms_before_a_standing_one"),
    # --- the 1st Edition's powers over the turns and the hands (issue 13, first_c) ----------
    K.EXTRA_TURN: _first_c("between.play_caravan", "rules.SpellfireGameEngine._next_turn",
                           'RULES.md §1 "Turn phases" and "events may be played any time"',
        "caravan_after_my_turn_gives_me_another_whole_turn_then_the_opponents",
        "caravan_held_by_the_player_due_gives_it_two_turns_in_a_row",
        "caravan_may_be_passed_and_is_never_played_in_phase_3_or_in_a_battle"),
    K.CUP_RETURN: _first_c("between.cup_discarded", "rules.SpellfireGameEngine._end_turn",
                           'RULES.md §1 "Turn phases" (phase 5)',
        "cup_three_discards_bring_back_the_best_card_of_the_discard_pile",
        "cup_is_not_offered_without_the_cup_or_once_stopped"),
    K.SEE_HAND: _first_c("seen.see_hand", "rules.SpellfireGameEngine._start_turn",
                         'RULES.md §1 "Turn phases" (phase 0, the start of the turn)',
        "ring_of_all_seeing_shows_the_opponents_hand_at_the_start_of_my_turn",
        "annulus_shows_only_the_seen_cards_still_in_the_hand_until_my_turn_ends"),
})
"""The resolver of every effect kind (exactly one each)."""


def resolver_of(kind: EffectKind) -> Resolver:
    """The resolver of ``kind`` (``KeyError`` naming the kind if the table lacks it)."""
    try:
        return RESOLVERS[kind]
    except KeyError:
        raise KeyError(f"effect kind {kind.value!r} has no entry in RESOLVERS") from None


def unresolved_kinds() -> frozenset[EffectKind]:
    """Effect kinds the engine does not apply: a card compiled to one of them is not
    modelled."""
    return frozenset(k for k, r in RESOLVERS.items() if not r.resolved)
