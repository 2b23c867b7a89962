"""Invariants of a Spellfire battle state, checked by the property tests and ``combatzoo soak``.

:func:`zone_problems` is the invariant of ``state.py`` (every card instance in exactly one zone,
of its owner's -- an ally that switched sides, ``steal_ally``, fights in the other side's
support; attachments follow a champion in the pool or in the round; a holding sits on a
standing realm); reading a state from JSON checks it too. :func:`battle_problems` adds what a
battle in progress keeps true (RULES.md §1; seed 000).
"""

from __future__ import annotations

from collections.abc import Callable

from .state import SLOTS, Side, SpellfireState


def zone_problems(state: SpellfireState) -> list[str]:
    """Every card instance in exactly one zone, of its owner's; empty when all hold."""
    seen = [0] * len(state.cards)
    problems: list[str] = []
    for p, side in enumerate(state.players):
        zones = _zones(state, p, side, problems)
        for zone, items in zones.items():
            for i in items:
                if not 0 <= i < len(seen):
                    problems.append(f"player_{p}.{zone}: no card instance {i}")
                    continue
                seen[i] += 1
                # An ally that switched sides (steal_ally) fights in the other side's support.
                if state.owner[i] != p and zone != "support":
                    problems.append(f"player_{p}.{zone}: card {i} belongs to "
                                    f"player_{state.owner[i]}")
        problems += [f"player_{p}.cursing: card {i} is not one of its lasting cards"
                     for i in side.cursing if i not in side.lasting]  # issue 13, first_a
        problems += [f"player_{p}: a holding on slot {SLOTS[s]}, which has no standing realm"
                     for s in range(len(SLOTS)) if side.holdings[s] is not None
                     and (side.realms[s] is None or side.razed[s])]
    problems += [f"card instance {i} ({state.cards[i]}) is in {k} zones"
                 for i, k in enumerate(seen) if k != 1]
    return problems


def _zones(state: SpellfireState, p: int, side: Side, problems: list[str]) -> dict[str, list[int]]:
    """Player ``p``'s zones by name (attachments per champion); notes attachments held by a
    champion that is neither in the pool nor in the round."""
    b = state.battle
    champion = b.champion[p]
    zones: dict[str, list[int]] = {
        "draw": side.draw, "hand": side.hand, "pool": side.pool, "discard": side.discard,
        "limbo": side.limbo, "abyss": side.abyss, "void": side.void, "support": b.support[p],
        "realms": [i for i in side.realms if i is not None],
        "holdings": [i for i in side.holdings if i is not None],
        "champion": [] if champion is None else [champion], "rule": side.rule,
        "lasting": side.lasting,  # the whole game (issue 13, lasting)
    }
    holders = set(side.pool) | ({champion} - {None})
    for c, items in side.attached.items():
        if c not in holders:
            problems.append(f"player_{p}: cards attached to {c}, which is neither in the pool "
                            "nor in the round")
        zones[f"attached to {c}"] = items
    return zones


def battle_problems(state: SpellfireState, start: SpellfireState,
                    to_act: Callable[[SpellfireState], list[int]],
                    legal_actions: Callable[[SpellfireState, int], list[int]]) -> list[str]:
    """What a battle keeps true from its ``start``: the same card list, somebody to act with a
    legal action until it is over, both sides in the round during card play, each champion
    listed once as having attacked, no razed realm rebuilt. ``to_act`` and ``legal_actions``
    are the engine's."""
    problems = []
    if state.cards != start.cards or state.owner != start.owner:
        problems.append("the game's card list changed")
    b = state.battle
    acting = to_act(state)
    if b.step != "over" and not acting:
        problems.append(f"step {b.step} but nobody is to act")
    problems += [f"player_{p} must act but has no legal action" for p in acting
                 if not legal_actions(state, p)]
    if b.step == "cards" and (b.champion[state.attacker] is None
                              or (b.champion[state.defender] is None and not b.realm_defends)):
        problems.append("card play without both sides in the round")
    for p, side in enumerate(state.players):
        if len(side.attacked) != len(set(side.attacked)):
            problems.append(f"player_{p}: a champion is listed twice as having attacked")
        # (A step that begins the battle may follow a phase 3 card that rebuilt or discarded a
        # razed realm: Safe Harbor!, Labor of Legend, Dissolution; issue 13, out4th.)
        if sum(start.players[p].razed) > sum(side.razed) and b.step != "over" \
                and start.battle.step != "over":
            problems.append(f"player_{p}: a razed realm was rebuilt during the battle")
    return problems
