"""After a battle of the whole game: spoils the battle engine played where the game's rules do
not allow them go to the hand [decided] (``docs/spellfire_game.md``, "Combat").

The battle engine plays a spoils card at once where a battle allows it (seed 001); the game
reads what it drew (``battle.spoils``) once the battle is over and moves what breaks its own
rules: a realm whose name is already in play; a holding on a realm of another world (moved to a
standing realm of its world if one is free); a champion beyond the pool's slots.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.engine import Event
from ..battle.facts import Facts
from ..battle.state import SLOTS, Battle
from .plays import standing_free, worlds_fit
from .state import GameState


def after_battle(state: GameState, fx: Sequence[Facts], pool_slots: int,
                 events: list[Event]) -> None:
    """Fix both players' spoils, then leave the battle at step ``over`` with its outcome."""
    b = state.table.battle
    for p in (0, 1):
        inst = b.spoils[p]
        if inst is None:
            continue
        side = state.table.players[p]
        if inst in side.realms:
            _realm_spoils(state, p, inst, fx, events)
        elif inst in side.holdings:
            _holding_spoils(state, p, inst, fx, events)
        elif inst in side.pool and len(side.pool) > pool_slots:
            side.pool.remove(inst)
            side.discard += side.attached.pop(inst, [])
            _to_hand(state, p, inst, "finds the pool full", events)
    state.table.battle = Battle(step="over", outcome=b.outcome, winner=b.winner)


def _realm_spoils(state: GameState, p: int, inst: int, fx: Sequence[Facts],
                  events: list[Event]) -> None:
    """Only one realm of a name may be in play across both players (RULES.md §1)."""
    name = fx[inst].name
    if sum(1 for s in state.table.players for r in s.realms
           if r is not None and fx[r].name == name) > 1:
        side = state.table.players[p]
        slot = side.realms.index(inst)
        side.realms[slot] = None
        side.razed[slot] = False
        _to_hand(state, p, inst, "is already in play", events)


def _holding_spoils(state: GameState, p: int, inst: int, fx: Sequence[Facts],
                    events: list[Event]) -> None:
    """A holding goes onto a realm of its world (RULES.md §1, as for artifacts)."""
    side = state.table.players[p]
    slot = side.holdings.index(inst)
    realm = side.realms[slot]
    assert realm is not None
    if worlds_fit(fx[inst], fx[realm]):
        return
    side.holdings[slot] = None
    fits = [s for s in standing_free(side)
            if worlds_fit(fx[inst], fx[side.realms[s]])]  # type: ignore[index]
    if fits:
        side.holdings[fits[0]] = inst
        events.append(Event("spoils_moved", f"{fx[inst].name} goes onto realm "
                                            f"{SLOTS[fits[0]]} (its world)", p))
    else:
        _to_hand(state, p, inst, "fits no realm of its world", events)


def _to_hand(state: GameState, p: int, inst: int, why: str, events: list[Event]) -> None:
    state.table.players[p].hand.append(inst)
    events.append(Event("spoils_to_hand", f"the spoils card {why}: player_{p} keeps it in hand",
                        p))
