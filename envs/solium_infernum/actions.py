"""The action ids of Solium Infernum, built from the combat-card table.

| ids | meaning |
|---|---|
| 0 | No-op (Parallel API: nothing to decide) |
| 1 | Pass: give no order this turn |
| 2 .. 1+L | Order legion k (L = 6 legion slots per player): it starts a movement order |
| 2+L .. 5+L | Move north, east, south, west one canton (costs one move point) |
| 6+L | End the order (the legion stops where it is) |
| 7+L | Done attaching combat cards |
| 8+L .. | Attach a combat card (one id per raised stat for "raise" cards) |

A card with a "raise" element has one id per stat it may raise (Ranged, Melee, Infernal);
the others have one id each.

With the shipped tables (10 cards, 4 of them raising a stat): 14 + 4 * 3 + 6 = 32 actions.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.codec import ActionCodec
from .config import MAX_LEGIONS
from .data import PHASE_NAMES, Tables

PASS = 1
ORDER_BASE = 2
MOVE_BASE = ORDER_BASE + MAX_LEGIONS
DIRECTIONS: tuple[tuple[str, int, int], ...] = (
    ("north", 0, -1), ("east", 1, 0), ("south", 0, 1), ("west", -1, 0))
"""Name, dx, dy; y grows to the south."""
END_ORDER = MOVE_BASE + 4
DONE = END_ORDER + 1
ATTACH_BASE = DONE + 1


@dataclass(frozen=True)
class ActionSet:
    """The attach ids: ``attach[i] = (card index, raised stat or -1)`` for id ``ATTACH_BASE+i``."""

    card_names: tuple[str, ...]
    attach: tuple[tuple[int, int], ...]

    @classmethod
    def from_tables(cls, tables: Tables) -> ActionSet:
        attach: list[tuple[int, int]] = []
        for c, card in enumerate(tables.cards.values()):
            if card.raises:
                attach += [(c, s) for s in range(3)]
            else:
                attach.append((c, -1))
        return cls(tuple(tables.cards), tuple(attach))

    @property
    def n(self) -> int:
        return ATTACH_BASE + len(self.attach)

    def attach_id(self, card: int, stat: int) -> int:
        return ATTACH_BASE + self.attach.index((card, stat))

    def codec(self) -> ActionCodec:
        labels = ["Pass (no order this turn)"]
        labels += [f"Order legion {k + 1}" for k in range(MAX_LEGIONS)]
        labels += [f"Move {name}" for name, _, _ in DIRECTIONS]
        labels += ["End the order", "Done attaching cards"]
        for c, stat in self.attach:
            name = self.card_names[c]
            labels.append(f"Attach {name}" + (f" raising {PHASE_NAMES[stat]}" if stat >= 0
                                              else ""))
        return ActionCodec.untyped(labels)
