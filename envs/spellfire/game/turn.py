"""Resolving the turn's plays (phases 2, 3 and 5) and the start of a turn (phases 0 and 1).

One resolver per turn action kind, found by :data:`RESOLVERS`; each changes the state and
returns its event. ``end_phase`` is the engine's (it may start the battle).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...core.codec import Action
from ...core.engine import Event
from ..battle.facts import Facts
from ..battle.state import SLOTS
from .actions import GameActionKind
from .plays import REBUILD_COST
from .state import GameState

Resolver = Callable[[GameState, int, Action, Sequence[Facts]], Event]


def _play_realm(state: GameState, player: int, action: Action, fx: Sequence[Facts]) -> Event:
    # RULES.md §1: the formation fills in order A..F; an emptied slot is refilled first.
    table = state.table
    side = table.players[player]
    inst = side.hand.pop(action.get_int("hand"))
    slot = side.realms.index(None)
    side.realms[slot] = inst
    side.razed[slot] = False
    state.realm_played = True
    return Event("realm_played", f"player_{player} plays {fx[inst].name} into slot "
                                 f"{SLOTS[slot]}", player,
                 {"card": table.cards[inst], "slot": SLOTS[slot]})


def _rebuild_realm(state: GameState, player: int, action: Action,
                   fx: Sequence[Facts]) -> Event:
    # RULES.md §1 phase 2: a rebuild uses the phase's realm play and costs three cards from
    # the hand, discarded next (plays.turn_plays offers only those discards until paid).
    side = state.table.players[player]
    slot = action.get_int("slot")
    side.razed[slot] = False
    state.realm_played = True
    state.rebuild_owed = REBUILD_COST
    realm = side.realms[slot]
    assert realm is not None
    return Event("realm_rebuilt", f"player_{player} rebuilds {fx[realm].name} (slot "
                                  f"{SLOTS[slot]})", player, {"slot": SLOTS[slot]})


def _play_holding(state: GameState, player: int, action: Action,
                  fx: Sequence[Facts]) -> Event:
    table = state.table
    side = table.players[player]
    slot = action.get_int("slot")
    inst = side.hand.pop(action.get_int("hand"))
    side.holdings[slot] = inst
    state.holding_played = True
    return Event("holding_played", f"player_{player} plays {fx[inst].name} onto realm "
                                   f"{SLOTS[slot]}", player,
                 {"card": table.cards[inst], "slot": SLOTS[slot]})


def _champion_to_pool(state: GameState, player: int, action: Action,
                      fx: Sequence[Facts]) -> Event:
    table = state.table
    side = table.players[player]
    inst = side.hand.pop(action.get_int("hand"))
    side.pool.append(inst)
    return Event("champion_to_pool", f"player_{player} puts {fx[inst].name} into the pool",
                 player, {"card": table.cards[inst]})


def _attach_item(state: GameState, player: int, action: Action, fx: Sequence[Facts]) -> Event:
    table = state.table
    side = table.players[player]
    holder = side.pool[action.get_int("pool")]
    inst = side.hand.pop(action.get_int("hand"))
    side.attached.setdefault(holder, []).append(inst)
    return Event("item_attached", f"player_{player} gives {fx[inst].name} to "
                                  f"{fx[holder].name}", player,
                 {"card": table.cards[inst], "champion": table.cards[holder]})


def _discard(state: GameState, player: int, action: Action, fx: Sequence[Facts]) -> Event:
    table = state.table
    side = table.players[player]
    inst = side.hand.pop(action.get_int("hand"))
    side.discard.append(inst)
    why = ""
    if state.rebuild_owed:
        state.rebuild_owed -= 1
        why = " for the rebuild"
    return Event("card_discarded", f"player_{player} discards {fx[inst].name}{why}", player,
                 {"card": table.cards[inst], "rebuild": bool(why)})


RESOLVERS: dict[GameActionKind, Resolver] = {
    GameActionKind.PLAY_REALM: _play_realm,
    GameActionKind.REBUILD_REALM: _rebuild_realm,
    GameActionKind.PLAY_HOLDING: _play_holding,
    GameActionKind.CHAMPION_TO_POOL: _champion_to_pool,
    GameActionKind.ATTACH_ITEM: _attach_item,
    GameActionKind.DISCARD: _discard,
}
"""The resolver of each turn action kind but ``end_phase``."""


def start_turn(state: GameState, draw: int, events: list[Event]) -> bool:
    """Phases 0 and 1 of the player on turn (neither asks anything); False if the player had
    to draw from a pile that could not give ``draw`` cards (the game ends: ``judge``)."""
    p = state.on_turn
    side = state.table.players[p]
    state.realm_played = state.holding_played = False
    state.attacks.clear()
    side.attacked.clear()
    events.append(Event("turn_started", f"turn {state.turn}: player_{p}", p,
                        {"turn": state.turn}))
    # Phase 0: rule cards are not put into play [decided]. Phase 1: draw.
    state.phase = 1
    drawn = side.draw[:draw]
    del side.draw[:draw]
    side.hand += drawn
    if len(drawn) < draw:
        return False
    state.phase = 2
    return True
