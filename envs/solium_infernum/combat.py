"""The battle itself, as pure functions (seed 004 and RULES.md §3): card slots, support, the
phase order with its conflict rule, and the phase-by-phase damage until a side falls.

Kept apart from ``rules.py`` (which moves legions and runs the card plays) so that the numbers of
a battle can be checked by hand, and so that the heuristic agent can forecast a battle with the
same arithmetic.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .data import PHASE_NAMES

DEFAULT_ORDER: tuple[int, ...] = (0, 1, 2)
"""Ranged, Melee, Infernal (seed 004 "Combat Phases")."""


def card_slots(level: int) -> int:
    """Combat-card slots of a legion (RULES.md §3 [src, 2009]): levels 1-2 one, 3-4 two, 5-6
    three, 7+ four. A Place of Power uses its level the same way ([decided]); level 0: none."""
    if level <= 0:
        return 0
    if level <= 2:
        return 1
    if level <= 4:
        return 2
    if level <= 6:
        return 3
    return 4


def support(supporters: Iterable[Sequence[int]]) -> tuple[int, int, int]:
    """What friendly legions adjacent to the canton of battle add: half of each of their stats,
    rounded down, each legion on its own (seed 004 "Combat Support": 6 / 3 / 3 gives +3 / +1 /
    +1)."""
    r = m = i = 0
    for stats in supporters:
        r += stats[0] // 2
        m += stats[1] // 2
        i += stats[2] // 2
    return r, m, i


def _phase(ability: str) -> tuple[int, str]:
    name, word = ability.split(" ")
    return PHASE_NAMES.index(name), word


def phase_order(attacker_abilities: Sequence[str], defender_abilities: Sequence[str],
                attacker_level: int, defender_level: int) -> tuple[int, ...]:
    """The phases of a battle as stat indices (0 Ranged, 1 Melee, 2 Infernal), seed 004:

    - default Ranged, Melee, Infernal;
    - a reorder ("Melee First", "Infernal Last") moves its phase to the front or the back and the
      other phases keep their default order; several reorders of one side apply in turn
      ([decided]: legion ability first, then cards in the order they were attached);
    - if both sides reorder, only the side of the higher-level combatant applies its reorders;
      equal levels: the defender's side;
    - an extra phase ("Ranged Twice") goes right after the phase of the same type; extra phases
      of both sides apply (they change no order, so the conflict rule does not touch them
      [decided]).
    """
    att_re = [a for a in attacker_abilities if not a.endswith("Twice")]
    def_re = [a for a in defender_abilities if not a.endswith("Twice")]
    if att_re and def_re:
        reorders = att_re if attacker_level > defender_level else def_re
    else:
        reorders = att_re or def_re
    order = list(DEFAULT_ORDER)
    for ability in reorders:
        phase, word = _phase(ability)
        order.remove(phase)
        if word == "First":
            order.insert(0, phase)
        else:
            order.append(phase)
    for ability in (*attacker_abilities, *defender_abilities):
        if ability.endswith("Twice"):
            phase, _ = _phase(ability)
            last = len(order) - 1 - order[::-1].index(phase)
            order.insert(last + 1, phase)
    return tuple(order)


@dataclass(frozen=True)
class Fighter:
    """One combatant as it enters the battle: totals with support and cards, hit points."""

    stats: tuple[int, int, int]
    hp: int
    """Its own hit points (they persist after the battle)."""
    bonus_hp: int = 0
    """Hit points for this battle only, from cards; damage takes them first ([decided])."""


@dataclass(frozen=True)
class PhaseResult:
    phase: int
    attacker: int
    defender: int
    damaged: int | None
    """0 attacker, 1 defender, None (equal totals: no damage, RULES.md §3 [decided])."""
    damage: int


@dataclass(frozen=True)
class BattleResult:
    order: tuple[int, ...]
    phases: tuple[PhaseResult, ...]
    """The phases fought (fewer than ``order`` when a side fell early)."""
    hp_left: tuple[int, int]
    """Own hit points of attacker and defender after the battle (bonus hit points are gone)."""
    winner: int | None
    """0 attacker, 1 defender, None for a stalemate (nobody fell)."""


def fight(attacker: Fighter, defender: Fighter, order: Sequence[int]) -> BattleResult:
    """Fight the phases of ``order`` (seed 004): in each phase the lower total takes the
    difference as damage; a side at 0 hit points after any phase is defeated and the battle ends
    at once; nobody defeated after every phase is a stalemate."""
    pools = [attacker.hp + attacker.bonus_hp, defender.hp + defender.bonus_hp]
    stats = (attacker.stats, defender.stats)
    phases = []
    winner: int | None = None
    for phase in order:
        a, d = stats[0][phase], stats[1][phase]
        if a == d:
            phases.append(PhaseResult(phase, a, d, None, 0))
            continue
        loser = 0 if a < d else 1
        damage = abs(a - d)
        pools[loser] = max(0, pools[loser] - damage)
        phases.append(PhaseResult(phase, a, d, loser, damage))
        if pools[loser] == 0:
            winner = 1 - loser
            break
    hp_left = (min(attacker.hp, pools[0]), min(defender.hp, pools[1]))
    return BattleResult(tuple(order), tuple(phases), hp_left, winner)
