"""Strength arithmetic of a Heroes of Land, Air & Sea battle, as pure functions over the tables
and a side (RULES.md §2): read by the rules engine and by the observer alike."""

from __future__ import annotations

from collections.abc import Mapping

from .data import Tables
from .state import Side


def army_strength(tables: Tables, side: Side, attacking: bool, defending: bool) -> tuple[int, int]:
    """(natural strength, strength with ability bonuses) of ``side``'s pieces in this battle.

    RULES.md §2: natural strength, then hero / vessel / structure ability bonuses. Structures
    fight only for the defender.
    """
    pieces: dict[str, int] = dict(side.army)
    if defending:
        for name, count in side.structures.items():
            pieces[name] = pieces.get(name, 0) + count
    natural = 0
    bonus = 0
    units = tables.units
    for name, count in pieces.items():
        if count <= 0:
            continue
        unit = units[name]
        natural += unit.strength * count
        for ab in unit.abilities:
            if ab.when == "attacking" and not attacking:
                continue
            if ab.when == "defending" and not defending:
                continue
            if ab.per_unit is not None:
                gain = ab.bonus * pieces.get(ab.per_unit, 0)
                if ab.max is not None:
                    gain = min(gain, ab.max)
            else:
                gain = ab.bonus
            bonus += gain * count
    return natural, natural + bonus


def sacrificed_strength(tables: Tables, sacrifice: Mapping[str, int]) -> int:
    """What the units set aside pay towards a Tactic Card: their natural strength (seed 003)."""
    units = tables.units
    return sum(units[k].strength * n for k, n in sacrifice.items())
