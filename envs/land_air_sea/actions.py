"""The action ids of Heroes of Land, Air & Sea, built from the tables.

| ids | meaning |
|---|---|
| 0 | No-op (Parallel API: nothing to decide) |
| 1 | Decline to cast a combat spell |
| 2 .. 1+S | Cast spell s (S spells in ``spells.json``) |
| 2+S .. 1+S+C | Choose Tactic Card c (C = 7 cards in ``tactic_cards.json``) |
| 2+S+C .. 1+S+C+K | Sacrifice one unit of kind k to pay for the card (K sacrificeable kinds) |
| 2+S+C+K | Pay: the rest of the cost comes from resources |

With the shipped tables: S = 5, C = 7, K = 2 (Serf, Warrior): 17 actions.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.codec import ActionCodec
from .data import Tables

DECLINE_SPELL = 1


@dataclass(frozen=True)
class ActionSet:
    """Offsets of each action group, and the codec with a label per id."""

    spells: tuple[str, ...]
    cards: tuple[str, ...]
    sacrificeable: tuple[str, ...]

    @classmethod
    def from_tables(cls, tables: Tables) -> ActionSet:
        return cls(tables.spell_names, tables.card_names, tables.sacrificeable)

    @property
    def cast_base(self) -> int:
        return 2

    @property
    def tactic_base(self) -> int:
        return 2 + len(self.spells)

    @property
    def sacrifice_base(self) -> int:
        return self.tactic_base + len(self.cards)

    @property
    def pay(self) -> int:
        return self.sacrifice_base + len(self.sacrificeable)

    @property
    def n(self) -> int:
        return self.pay + 1

    def codec(self, strengths: dict[str, int]) -> ActionCodec:
        labels = ["Decline to cast a combat spell"]
        labels += [f"Cast {s}" for s in self.spells]
        labels += [f"Tactic: {c}" for c in self.cards]
        labels += [f"Sacrifice a {k} (pays {strengths[k]})" for k in self.sacrificeable]
        labels += ["Pay the rest in resources"]
        return ActionCodec.untyped(labels)
