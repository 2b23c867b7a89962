"""The action ids of Solium Infernum, built from the combat-card table.

| ids | kind [args] | meaning |
|---|---|---|
| 0 | ``noop`` | No-op (Parallel API: nothing to decide) |
| 1 | ``pass`` | Pass: give no order this turn |
| 2 .. 1+L | ``order_legion`` [``legion``] | Order legion slot k (L = 6 slots): start an order |
| 2+L .. 5+L | ``move`` [``direction``] | Move north, east, south, west (one move point) |
| 6+L | ``end_order`` | End the order (the legion stops where it is) |
| 7+L | ``done_attaching`` | Done attaching combat cards |
| 8+L .. | ``attach_card`` [``card``, ``stat``] | Attach a combat card |

A card with a "raise" element has one id per stat it may raise (``stat`` = ``ranged``,
``melee`` or ``infernal``, the names of ``data.STATS``); the others have one id each, without
``stat``. ``legion`` is the 0-based slot (the label counts from 1).

With the shipped tables (10 cards, 4 of them raising a stat): 14 + 4 * 3 + 6 = 32 actions.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..core.codec import Action, ActionCodec
from .config import MAX_LEGIONS
from .data import PHASE_NAMES, STATS, Tables

DIRECTIONS: tuple[tuple[str, int, int], ...] = (
    ("north", 0, -1), ("east", 1, 0), ("south", 0, 1), ("west", -1, 0))
"""Name, dx, dy; y grows to the south."""


class ActionKind(str, Enum):
    """The kinds of action (the table above); arguments in brackets."""

    PASS = "pass"
    """Give no order this turn (RULES.md §3 issue design)."""
    ORDER_LEGION = "order_legion"
    """Start a movement order [``legion``: the 0-based slot] (RULES.md §3 issue design)."""
    MOVE = "move"
    """Step one canton [``direction``: north, east, south or west] (RULES.md §3)."""
    END_ORDER = "end_order"
    """End the order where the legion stands (RULES.md §3 issue design)."""
    DONE_ATTACHING = "done_attaching"
    """Attach no more combat cards to the pending battle (seed 004)."""
    ATTACH_CARD = "attach_card"
    """Attach a combat card [``card``: its name; ``stat``: the stat a "raise" card raises]
    (seed 004)."""


PASS = Action.of(ActionKind.PASS)
END_ORDER = Action.of(ActionKind.END_ORDER)
DONE = Action.of(ActionKind.DONE_ATTACHING)
DIRECTION_INDEX = {name: d for d, (name, _, _) in enumerate(DIRECTIONS)}


def attach_action(card: str, stat: int) -> Action:
    """The attach action of ``card`` raising stat index ``stat`` (-1: the card raises none)."""
    if stat < 0:
        return Action.of(ActionKind.ATTACH_CARD, card=card)
    return Action.of(ActionKind.ATTACH_CARD, card=card, stat=STATS[stat])


def attached_stat(action: Action) -> int:
    """The stat index an attach action raises, -1 for a card that raises none."""
    for key, value in action.args:
        if key == "stat":
            return STATS.index(str(value))
    return -1


def describe(action: Action) -> str:
    """The static label of an action."""
    kind = action.kind
    if kind is ActionKind.ORDER_LEGION:
        return f"Order legion {action.get_int('legion') + 1}"
    if kind is ActionKind.MOVE:
        return f"Move {action['direction']}"
    if kind is ActionKind.ATTACH_CARD:
        stat = attached_stat(action)
        return f"Attach {action['card']}" + (f" raising {PHASE_NAMES[stat]}" if stat >= 0
                                             else "")
    return _PLAIN[kind]


_PLAIN: dict[Enum, str] = {ActionKind.PASS: "Pass (no order this turn)",
                           ActionKind.END_ORDER: "End the order",
                           ActionKind.DONE_ATTACHING: "Done attaching cards"}


@dataclass(frozen=True)
class ActionSet:
    """The attach actions in id order: ``attach[i] = (card index, raised stat or -1)``."""

    card_names: tuple[str, ...]
    attach: tuple[tuple[int, int], ...]

    @classmethod
    def from_tables(cls, tables: Tables) -> ActionSet:
        """The attach actions of the combat-card table."""
        attach: list[tuple[int, int]] = []
        for c, card in enumerate(tables.cards.values()):
            if card.raises:
                attach += [(c, s) for s in range(3)]
            else:
                attach.append((c, -1))
        return cls(tuple(tables.cards), tuple(attach))

    @property
    def n(self) -> int:
        """Number of ids, NOOP included."""
        return 1 + len(self.typed())

    def typed(self) -> list[Action]:
        """The typed actions of ids ``1..n-1``, in id order (the table above)."""
        k = ActionKind
        out = [PASS]
        out += [Action.of(k.ORDER_LEGION, legion=slot) for slot in range(MAX_LEGIONS)]
        out += [Action.of(k.MOVE, direction=name) for name, _, _ in DIRECTIONS]
        out += [END_ORDER, DONE]
        out += [attach_action(self.card_names[c], stat) for c, stat in self.attach]
        return out

    def codec(self) -> ActionCodec:
        """The codec: typed actions worded by :func:`describe`."""
        return ActionCodec(self.typed(), describe)
