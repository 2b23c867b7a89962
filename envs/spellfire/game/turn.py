"""Resolving the turn's plays (phases 2, 3 and 5) and the start of a turn (phases 0 and 1).

One resolver per turn action kind, found by :data:`RESOLVERS`; each changes the state and
returns its event. ``end_phase`` is the engine's (it may start the battle).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...core.codec import Action
from ...core.engine import Event
from ..battle.avatar import cost_payment, pay, shuffle_back_sacrificed
from ..battle.facts import Facts
from ..battle.state import SLOTS, Side
from ..cards.effects import EffectKind
from .actions import GameActionKind
from .plays import rebuild_cost
from .state import GameState
from .zones import draw_cards

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
    state.rebuild_owed = rebuild_cost(side, slot, fx)  # c4th5b: New Giustenal, The Builder
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
    rebuilt = rebuild_by_holding(side, slot, fx[inst])
    return Event("holding_played", f"player_{player} plays {fx[inst].name} onto realm "
                                   f"{SLOTS[slot]}" + (", rebuilding it" if rebuilt else ""),
                 player, {"card": table.cards[inst], "slot": SLOTS[slot], "rebuilt": rebuilt})


def rebuild_by_holding(side: Side, slot: int, holding: Facts) -> bool:
    """A holding with ``rebuilds_razed_realm`` rebuilds its razed realm at once, for free (no
    realm play, no three cards: "to rebuild it instantly", Arms of the Shield Lands; issue 13,
    last1st); whether it did."""
    if not (holding.has(EffectKind.REBUILDS_RAZED_REALM) and side.razed[slot]):
        return False
    side.razed[slot] = False
    return True


def _champion_to_pool(state: GameState, player: int, action: Action,
                      fx: Sequence[Facts]) -> Event:
    table = state.table
    side = table.players[player]
    inst = side.hand.pop(action.get_int("hand"))
    paid: list[int] = []
    if fx[inst].card.avatar:
        # Seed 001: an avatar (played as spoils only) costs the champions its card names.
        found = cost_payment(side, fx, inst)
        assert found is not None, "an avatar is offered only when its cost can be met"
        paid = found
        pay(side, table.owner, table.players, paid)
        shuffle_back_sacrificed(table, fx, paid)  # Nenioc (issue 13, c4th5a)
    side.pool.append(inst)
    cost = f", discarding {', '.join(fx[c].name for c in paid)}" if paid else ""
    data: dict[str, object] = {"card": table.cards[inst]}
    if paid:
        data["paid"] = [table.cards[c] for c in paid]
    return Event("champion_to_pool", f"player_{player} puts {fx[inst].name} into the "
                                     f"pool{cost}", player, data)


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


def _play_rule(state: GameState, player: int, action: Action, fx: Sequence[Facts]) -> Event:
    # RULES.md §1 phase 0; the rule cards' text: "Played at the beginning of the player's turn,
    # this card is not discarded. It affects all players and remains in effect until any
    # other rule card is played." The one in play (either player's) is discarded. [decided]
    # One rule card a turn: phase 0 ends with it. (Their powers act from the rule zone where
    # modelled: battle/rule_cards.py, game/rule_powers.py.)
    table = state.table
    side = table.players[player]
    inst = side.hand.pop(action.get_int("hand"))
    replaced = [r for s in table.players for r in s.rule]
    for s in table.players:
        for r in s.rule:
            table.players[table.owner[r]].discard.append(r)
        s.rule.clear()
    side.rule.append(inst)
    if state.phase == 0:
        state.phase = 1
    why = f", replacing {', '.join(fx[r].name for r in replaced)}" if replaced else ""
    return Event("rule_played", f"player_{player} plays the rule card {fx[inst].name}{why}",
                 player, {"card": table.cards[inst],
                          "replaced": [table.cards[r] for r in replaced]})


RESOLVERS: dict[GameActionKind, Resolver] = {
    GameActionKind.PLAY_REALM: _play_realm,
    GameActionKind.REBUILD_REALM: _rebuild_realm,
    GameActionKind.PLAY_HOLDING: _play_holding,
    GameActionKind.CHAMPION_TO_POOL: _champion_to_pool,
    GameActionKind.ATTACH_ITEM: _attach_item,
    GameActionKind.DISCARD: _discard,
    GameActionKind.PLAY_RULE: _play_rule,
}
"""The resolver of each turn action kind but ``end_phase``."""


def start_turn(state: GameState, events: list[Event], phase: int = 0) -> None:
    """The turn of the player on turn begins, at ``phase`` (0; a state written at phase 1
    begins there)."""
    p = state.on_turn
    side = state.table.players[p]
    state.realm_played = state.holding_played = False
    state.discard_to = None
    if state.truce == p:  # Mutiny!, Solid Fog: "until the player's next turn" (c1st3)
        state.truce = None
    if state.realm_bar == p:  # Map of Life: "until this player's next turn" (outside)
        state.realm_bar = None
    state.no_attack = False  # Disintegrate: "no attacks this turn" (outside)
    state.given = 0
    state.cup = 0  # Cup of Al'Akbar (first_c): once per turn
    state.attacks.clear()
    side.attacked.clear()
    events.append(Event("turn_started", f"turn {state.turn}: player_{p}", p,
                        {"turn": state.turn}))
    state.phase = phase


def draw_phase(state: GameState, draw: int, hand_slots: int | None = None) -> bool:
    """Phase 1: the player on turn draws ``draw`` cards, and phase 2 begins; False if the pile
    could not give them (the game ends: ``judge``). [decided] A hand draws no more than fills
    its ``hand_slots`` (issue 13 audit 2: with ``hand_size`` powers a hand kept at phase 5
    plus the draw and spoils could outgrow the slots, where its cards could be neither seen
    nor played); the cards it leaves stay on the pile."""
    state.phase = 1
    wanted, drawn = draw_cards(state, state.on_turn, draw, hand_slots)
    if drawn < wanted:
        return False
    state.phase = 2
    return True
