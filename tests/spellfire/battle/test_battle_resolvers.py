"""The resolver table (``battle/resolvers.py``, issue 12): exactly one resolver per effect kind,
the behaviour tests it names exist, the places it names exist, and every kind resolved on a
played card or in the totals changes the battle when a card carrying it is played."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest
from combatzoo.envs.spellfire.battle import powers, resolvers, totals
from combatzoo.envs.spellfire.battle.facts import TOTAL_KINDS
from combatzoo.envs.spellfire.battle.resolvers import (
    RESOLVERS,
    Resolver,
    resolver_of,
    unresolved_kinds,
)
from combatzoo.envs.spellfire.cards.cards import CardType, World
from combatzoo.envs.spellfire.cards.effects import Condition, Effect, EffectKind

from combatzoo.compiled import source_file

from .battle_helpers import battle, card, make_engine, side

E = EffectKind
ROOT = Path(__file__).resolve().parents[3]
BATTLE = "combatzoo.envs.spellfire.battle"


def test_every_effect_kind_has_exactly_one_resolver():
    missing = [k.value for k in EffectKind if k not in RESOLVERS]
    assert not missing, f"effect kinds without an entry in RESOLVERS: {missing}"
    assert all(isinstance(r, Resolver) for r in RESOLVERS.values())
    # A dict literal keeps the last of two equal keys silently: count them in the source.
    tree = ast.parse(source_file(resolvers).read_text())
    keys = [node.attr for d in ast.walk(tree) if isinstance(d, ast.Dict)
            for node in d.keys if isinstance(node, ast.Attribute)]
    repeated = sorted({k for k in keys if keys.count(k) > 1})
    assert not repeated, f"effect kinds with more than one entry: {repeated}"
    assert sorted(keys) == sorted(k.name for k in EffectKind)


def test_resolver_of_and_unresolved_kinds():
    assert resolver_of(E.RAZE_REALM).function is powers.raze_realm
    # Issue 13 resolved the last four (hand_size, defeat_twice_champion, cancel_event,
    # steal_ally): every kind of the vocabulary is applied somewhere.
    assert unresolved_kinds() == frozenset()
    for kind in unresolved_kinds():
        assert resolver_of(kind).function is None and not resolver_of(kind).resolved


def _defined_tests(path: Path) -> set[str]:
    return set(re.findall(r"^def (test_\w+)", path.read_text(), re.MULTILINE))


def test_the_named_behaviour_tests_exist():
    for kind, r in RESOLVERS.items():
        if r.resolved:
            assert r.tests, f"{kind.value} is resolved but names no behaviour test"
        for test in r.tests:
            file, _, name = test.partition("::")
            path = ROOT / file
            assert path.is_file(), f"{kind.value}: no test file {file}"
            assert name in _defined_tests(path), f"{kind.value}: no {name} in {file}"


def _attribute(dotted: str) -> object:
    package = BATTLE
    if dotted.startswith("game."):  # the whole game's places (issue 13, outside)
        package, dotted = "combatzoo.envs.spellfire.game", dotted.removeprefix("game.")
    module, _, rest = dotted.partition(".")
    found: object = importlib.import_module(f"{package}.{module}")
    for part in rest.split("."):
        found = getattr(found, part)
    return found


def test_the_named_places_exist_and_each_resolver_names_its_rule():
    for kind, r in RESOLVERS.items():
        assert r.rule, kind
        for place in r.where or ():
            assert _attribute(place) is not None, f"{kind.value}: {place}"


def test_the_totals_and_the_card_play_stages_read_the_table():
    for kind, term in totals.TERMS.items():
        assert RESOLVERS[kind].function is term
        assert "totals.side_totals" in (RESOLVERS[kind].where or ())
    # A card with none of these kinds is "plain": the totals add its bonus and skip its powers.
    assert TOTAL_KINDS == {*totals.TERMS, E.DOUBLE_LEVEL, E.OWN_BASE_HALVED}
    staged = [k for stage in powers.CARD_PLAY_STAGES for k in stage.kinds]
    assert len(staged) == len(set(staged))
    played = {k for k, r in RESOLVERS.items() if "round.resolve_card" in (r.where or ())}
    assert set(staged) == played
    activated = {k for k, r in RESOLVERS.items() if "round.activate" in (r.where or ())}
    assert set(powers.ACTIVATION_KINDS) <= activated
    for kind in (*staged, *powers.ACTIVATION_KINDS):
        assert callable(RESOLVERS[kind].function), kind


# --- every kind resolved on a played card or in the totals changes the battle -----------------

EXAMPLES: dict[EffectKind, Effect] = {
    E.GAIN_LEVELS: Effect(E.GAIN_LEVELS, amount=2),
    E.ALLIES_GAIN: Effect(E.ALLIES_GAIN, amount=1),
    E.OPPONENT_LOSES: Effect(E.OPPONENT_LOSES, amount=2),
    E.DOUBLE_LEVEL: Effect(E.DOUBLE_LEVEL),
    E.OPPOSING_ALLIES_LOSE: Effect(E.OPPOSING_ALLIES_LOSE, amount=1),
    E.ALL_ALLIES_GAIN: Effect(E.ALL_ALLIES_GAIN, amount=1),
    E.ALL_CHAMPIONS_GAIN: Effect(E.ALL_CHAMPIONS_GAIN, amount=1),
    E.DOUBLE_ALLIES: Effect(E.DOUBLE_ALLIES),
    E.GAIN_PER_OPPOSING_ALLY: Effect(E.GAIN_PER_OPPOSING_ALLY, amount=1),
    E.GAIN_PER_OWN_ALLY: Effect(E.GAIN_PER_OWN_ALLY, amount=1),
    E.ITEMS_GAIN: Effect(E.ITEMS_GAIN, amount=1),
    E.WIN_ROUND: Effect(E.WIN_ROUND),
    E.LOSE_ROUND: Effect(E.LOSE_ROUND),
    E.DESTROY_CHAMPION: Effect(E.DESTROY_CHAMPION),
    E.RAZE_REALM: Effect(E.RAZE_REALM),
    E.DISCARD_REALM: Effect(E.DISCARD_REALM),
    E.END_BATTLE: Effect(E.END_BATTLE),
    E.ONLY_ATTACKABLE_BY: Effect(E.ONLY_ATTACKABLE_BY, movement=("swimmer",)),
    E.DESTROY_ALLIES: Effect(E.DESTROY_ALLIES),
    E.DESTROY_ITEMS: Effect(E.DESTROY_ITEMS),
    E.DESTROY_ALL: Effect(E.DESTROY_ALL, card_types=(int(CardType.MONSTER),)),
    E.DISCARD_OPPOSING_CHAMPION: Effect(E.DISCARD_OPPOSING_CHAMPION),
    E.DISCARD_OWN_CHAMPION: Effect(E.DISCARD_OWN_CHAMPION),
    E.DISCARD_ALLIES: Effect(E.DISCARD_ALLIES),
    E.CANCEL_SPELL: Effect(E.CANCEL_SPELL),
    E.CANCEL_EVENT: Effect(E.CANCEL_EVENT),
    E.STEAL_ALLY: Effect(E.STEAL_ALLY, count=1),
    E.GAIN_IF_OWN_CARDS: Effect(E.GAIN_IF_OWN_CARDS, amount=2, card_types=(int(CardType.ALLY),)),
    E.GAIN_IF_OPPOSING_ALLIES: Effect(E.GAIN_IF_OPPOSING_ALLIES, amount=2),
    E.HALVE_OPPOSING_ALLIES: Effect(E.HALVE_OPPOSING_ALLIES),
    E.FIRST_ALLY_BONUS: Effect(E.FIRST_ALLY_BONUS, amount=4),
    E.DOUBLE_CARD_BONUS: Effect(E.DOUBLE_CARD_BONUS, card_types=(int(CardType.MAGICAL_ITEM),)),
    E.WALL_MIN_LEVEL: Effect(E.WALL_MIN_LEVEL, amount=7),
    E.DESTROY_ALLIES_TOTAL: Effect(E.DESTROY_ALLIES_TOTAL, amount=2),
    E.DESTROY_CHAMPION_ARMED: Effect(E.DESTROY_CHAMPION_ARMED, amount=8),
    E.HALVE_OPPOSING: Effect(E.HALVE_OPPOSING),
    E.DISCARD_WINNING_ATTACKER: Effect(E.DISCARD_WINNING_ATTACKER),
    E.REALMS_ALLIES_GAIN: Effect(E.REALMS_ALLIES_GAIN, amount=1),
    E.HALVE_OPPOSING_CARDS: Effect(E.HALVE_OPPOSING_CARDS, card_types=(int(CardType.ALLY),)),
    E.SWITCHED_ALLIES_LOSE: Effect(E.SWITCHED_ALLIES_LOSE, amount=1),
    E.CHAMPIONS_GAIN: Effect(E.CHAMPIONS_GAIN, amount=2),
    E.RESTORE_REALM: Effect(E.RESTORE_REALM),
    E.RAZE_FIRST_REALMS: Effect(E.RAZE_FIRST_REALMS),
    E.DESTROY_ALLY_OR_ITEM: Effect(E.DESTROY_ALLY_OR_ITEM, amount=4),
    E.DISCARD_ARMED_CHAMPION: Effect(E.DISCARD_ARMED_CHAMPION),
    E.LEVELS_OR_ITEM: Effect(E.LEVELS_OR_ITEM, amount=1),
    E.TAKE_ALLY_FROM_HAND: Effect(E.TAKE_ALLY_FROM_HAND),
    E.TURN_SPELL: Effect(E.TURN_SPELL),
    E.DISPEL_ALL: Effect(E.DISPEL_ALL),
    E.ZERO_OPPOSING_LEVEL: Effect(E.ZERO_OPPOSING_LEVEL),
    E.GAIN_PER_OWN_CARDS: Effect(E.GAIN_PER_OWN_CARDS, amount=1,
                                 card_types=(int(CardType.ALLY),)),
    # 3rd Edition (issue 13, c3rd)
    E.OPPOSING_ALLIES_LOSE_UNLESS: Effect(E.OPPOSING_ALLIES_LOSE_UNLESS, amount=1,
                                          movement=("flyer",)),
    E.NAMESAKE_BONUS: Effect(E.NAMESAKE_BONUS, amount=5, count=1),
    E.GAIN_PER_OTHER_ALLY: Effect(E.GAIN_PER_OTHER_ALLY, amount=1),
    E.REALMS_ALLIES_DOUBLED: Effect(E.REALMS_ALLIES_DOUBLED),
    E.HALVE_OPPOSING_BASE: Effect(E.HALVE_OPPOSING_BASE),
    # 4th Edition, third pass (issue 13, c4th3b): the defender has no artifact; its 12 < 13
    E.DEFEATED_UNLESS_HAS: Effect(E.DEFEATED_UNLESS_HAS, card_types=(int(CardType.ARTIFACT),)),
    E.DEFEATED_BELOW: Effect(E.DEFEATED_BELOW, amount=13),
    E.DISCARD_ATTACKED_HOLDING: Effect(E.DISCARD_ATTACKED_HOLDING),
    E.DESTROY_ONE_ANYWHERE: Effect(E.DESTROY_ONE_ANYWHERE,
                                   card_types=(int(CardType.MAGICAL_ITEM),)),
    # (doubles the defender's Militia, taken after it: AFTER_A_SWITCH)
    E.DOUBLE_LATER_ALLY: Effect(E.DOUBLE_LATER_ALLY),
    E.GAIN_VS_NONSPELLCASTERS: Effect(E.GAIN_VS_NONSPELLCASTERS, amount=2),
    E.DOUBLE_NAMED: Effect(E.DOUBLE_NAMED, names=("sword",)),
    E.DEVOUR_ITEMS: Effect(E.DEVOUR_ITEMS, amount=2),
    # 4th Edition, third pass (issue 13, c4th3c)
    E.OPPONENT_LOSES_OWN_BASE: Effect(E.OPPONENT_LOSES_OWN_BASE),
    E.DISCARD_HIGHEST_PLAYED: Effect(E.DISCARD_HIGHEST_PLAYED, card_types=(int(CardType.ALLY),)),
    E.OPPONENT_DISCARDS_WEAKEST: Effect(E.OPPONENT_DISCARDS_WEAKEST),
    E.NO_EVENTS_IN_PLAY: Effect(E.NO_EVENTS_IN_PLAY),
    E.DRAW_DIGIT_DEFEATS: Effect(E.DRAW_DIGIT_DEFEATS, amount=9),  # any digit defeats
    E.DRAW_DIGIT_ALLIES: Effect(E.DRAW_DIGIT_ALLIES),  # the attacker draws the Squire: 2
    E.TRUCE: Effect(E.TRUCE),  # issue 13, c1st3: its trace, the "truce" event
    # 4th Edition, third pass (issue 13, c4th3a): the defender's Sword, Militia and Blessing
    E.BASE_LOSS_PER_CARD: Effect(E.BASE_LOSS_PER_CARD, amount=1),
    E.OWN_BASE_HALVED: Effect(E.OWN_BASE_HALVED),  # issue 13, c4th4: the Knight 5 counts 2
    # c4th4: the Knight and the Squire (Forgotten Realms) gain 1 each
    E.RULE_WORLD_GAIN: Effect(E.RULE_WORLD_GAIN, amount=1, condition=Condition(
        self_worlds=(int(World.FORGOTTEN_REALMS),))),
    E.BONUS_FROM_DIGIT: Effect(E.BONUS_FROM_DIGIT),  # c4th5b: the player draws and discards
}
"""An effect of each such kind, with numbers that make it act in :func:`_play_power`'s round."""

NO_GENERIC_EXAMPLE = {
    # The Knight is PR/20: the last digit of its number is 0, no ally's bonus is below it
    # (test_fourth_edition_third_c.py::test_fear_discards_the_allies_under_the_card_digit).
    E.ALLIES_UNDER_CARD_DIGIT,
    # The defender's Vale has no holding to discard
    # (test_fourth_edition_third_c.py::test_shadow_engines_discards_the_defenders_holding).
    E.DISCARD_OPPOSING_HOLDING,
    # The defender has no hand to discard from (c4th4: test_fourth_edition_fourth.py::test_the_
    # athasian_sloth_makes_the_opponent_discard_two_weak_cards_from_its_hand).
    E.HAND_DISCARDS_WEAKEST,
}
"""Kinds :func:`_play_power`'s round gives nothing to act on; their behaviour tests play them."""


def test_every_kind_resolved_on_a_played_card_or_in_the_totals_has_an_example():
    generic = {k for k, r in RESOLVERS.items() if r.function is not None
               and {"totals.side_totals", "round.resolve_card"} & set(r.where or ())}
    assert generic == set(EXAMPLES) | NO_GENERIC_EXAMPLE


DEFENDER_EVENT = {E.CANCEL_EVENT, E.NO_EVENTS_IN_PLAY}
"""Kinds whose example needs an event of the defender in the round (a Rally, +2)."""
PLAYED_BY_THE_DEFENDER = {E.ONLY_ATTACKABLE_BY, E.WALL_MIN_LEVEL, E.DISCARD_WINNING_ATTACKER}
"""Kinds that act only when the defender plays them (a wall shields its caster's realm): in
their example player_0 defends (and player_1's Griffon, a flyer but no swimmer, of level 6 below
the wall's 7, attacks)."""


def _play_power(effects: tuple[Effect, ...], rally: bool = False,
                defending: bool = False, holding: bool = False) -> tuple[dict, list[dict]]:
    """The attacker, losing 8 to 12, plays an event carrying ``effects``: the state and the
    events after it. Attacker: Knight 5 + Sword 2 + Squire 1, a Shark in its pool, the Giant
    still in hand; defender: Griffon 6 + Sword 2 + Militia 2 + Blessing 2 (and a Rally +2 with
    ``rally``; the Watchtower, +2, on its Vale with ``holding``), a Rogue in its pool."""
    power = card(1, "T Power", CardType.EVENT, world=World.NO_WORLD, effects=effects)
    e = make_engine(power)
    # (A razed Harbor behind the attacker's Vale: for restore_realm.)
    b = battle(e, side(realms=["Vale", ("Harbor", True)], hand=["T/1", "Giant"], pool=["Shark"],
                       draw=["Squire"]),
               side(realms=[("Vale", False, "Watchtower") if holding else "Vale"],
                    pool=["Rogue"], draw=["Squire"]),
               attacker=1 if defending else 0, step="cards", realm="A", to_play=0,
               champions=[{"champion": "PR/20", "attached": ["PR/40"]},
                          {"champion": "PR/23", "attached": ["PR/40"]}],
               support=[["PR/32"], ["PR/30", "PR/51", *(["PR/62"] if rally else [])]])
    assert e.totals(b.state) == [8, 12 + 2 * rally + 2 * holding]
    events = b.step(player_0="Play hand 0")
    return e.to_json(b.state), [ev.to_json() for ev in events]


HOLDING_AT_REALM = {E.DISCARD_ATTACKED_HOLDING}
"""Kinds whose example needs a holding on the realm attacked (c4th3b: Horn of Blasting)."""
AFTER_A_SWITCH = {E.SWITCHED_ALLIES_LOSE, E.DOUBLE_LATER_ALLY}
"""Kinds whose example acts on an ally that switched sides: the card also takes one
(``steal_ally``), with and without the kind."""


@pytest.mark.parametrize("kind", sorted(EXAMPLES, key=lambda k: k.value), ids=lambda k: k.value)
def test_a_played_card_with_the_kind_changes_the_battle(kind: EffectKind):
    rally, defending = kind in DEFENDER_EVENT, kind in PLAYED_BY_THE_DEFENDER
    base = (Effect(E.STEAL_ALLY, count=1),) if kind in AFTER_A_SWITCH else ()
    holding = kind in HOLDING_AT_REALM
    without = _play_power(base, rally, defending, holding)
    state, events = _play_power((*base, EXAMPLES[kind]), rally, defending, holding)
    assert (state, events) != without, f"{kind.value} left no trace"
    assert state != without[0] or [ev["data"] for ev in events] != [
        ev["data"] for ev in without[1]]
