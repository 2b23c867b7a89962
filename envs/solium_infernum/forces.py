"""The two sides of a pending battle, as pure functions over the tables and the state (seed 004,
RULES.md §3): who defends, each combatant's printed values, the supporting legions and the stat
totals. Read by the rules engine (to resolve a battle) and by the observer (to show it) alike."""

from __future__ import annotations

from .combat import support
from .data import Element, Tables
from .state import NEUTRAL, Battle, Legion, SoliumState

Combatant = tuple[tuple[int, int, int], int, int, tuple[str, ...]]
"""(printed stats, hit points, level, abilities)."""


def defender_player(state: SoliumState, battle: Battle) -> int:
    """The player defending, or ``NEUTRAL`` for a neutral Place."""
    if battle.place >= 0:
        return state.places[battle.place].owner
    return 1 - battle.attacker


def combatant(tables: Tables, state: SoliumState, battle: Battle, side: int) -> Combatant:
    """(printed stats, hit points, level, abilities) of side 0 (attacker) or 1 (defender)."""
    if side == 0:
        lg = state.players[battle.attacker].legions[battle.legion]
        t = tables.legions[lg.kind]
        return t.stats, lg.hp, t.level, t.abilities
    if battle.place >= 0:
        place = state.places[battle.place]
        pt = tables.places[place.kind]
        return pt.stats, place.hp, pt.level, ()
    lg = state.players[1 - battle.attacker].legions[battle.defender_legion]
    t = tables.legions[lg.kind]
    return t.stats, lg.hp, t.level, t.abilities


def supporters(state: SoliumState, battle: Battle, player: int) -> list[Legion]:
    """``player``'s legions adjacent (4-neighbourhood [decided]) to the canton of battle,
    except the attacking legion itself (seed 004 "Combat Support")."""
    out = []
    for k, lg in enumerate(state.players[player].legions):
        if not lg.alive or abs(lg.x - battle.x) + abs(lg.y - battle.y) != 1:
            continue
        if player == battle.attacker and k == battle.legion:
            continue
        out.append(lg)
    return out


def totals(tables: Tables, state: SoliumState, battle: Battle,
           with_cards: bool = True) -> tuple[list[list[int]], list[int], list[list[str]]]:
    """Per side (0 attacker, 1 defender): stat totals, battle bonus HP and the abilities that
    shape the phase order (legion abilities, then order cards in attach order)."""
    owners = (battle.attacker, defender_player(state, battle))
    stats: list[list[int]] = []
    abilities: list[list[str]] = []
    for s in (0, 1):
        base, _, _, own_abilities = combatant(tables, state, battle, s)
        side_totals = list(base)
        if owners[s] != NEUTRAL:
            # Support: half of each stat of every adjacent friendly legion (seed 004).
            extra = support(tables.legions[lg.kind].stats
                            for lg in supporters(state, battle, owners[s]))
            side_totals = [a + b for a, b in zip(side_totals, extra, strict=True)]
        stats.append(side_totals)
        abilities.append(list(own_abilities))
    bonus = [0, 0]
    if with_cards:
        cards = list(tables.cards.values())
        for s in (0, 1):
            if owners[s] == NEUTRAL:
                continue
            for c, stat in battle.attached[owners[s]]:
                _apply_card(cards[c].elements, stat, s, stats, bonus, abilities)
        # A lowered stat does not go below 0 ([decided]).
        stats = [[max(0, v) for v in row] for row in stats]
    return stats, bonus, abilities


def _apply_card(elements: tuple[Element, ...], stat: int, s: int, stats: list[list[int]],
                bonus: list[int], abilities: list[list[str]]) -> None:
    """One attached card of side ``s`` (RULES.md §3): raise its chosen stat, lower the enemy's,
    add battle hit points, or add an order ability."""
    for el in elements:
        if el.kind == "raise":
            stats[s][stat] += el.amount
        elif el.kind == "lower":
            stats[1 - s][el.stat] -= el.amount
        elif el.kind == "hp":
            bonus[s] += el.amount
        else:
            abilities[s].append(el.ability)
