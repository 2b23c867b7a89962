"""The action ids of Heroes of Land, Air & Sea, built from the tables.

| ids | kind [args] | meaning |
|---|---|---|
| 0 | ``noop`` | No-op (Parallel API: nothing to decide) |
| 1 | ``decline_spell`` | Decline to cast a combat spell |
| 2 .. 1+S | ``cast_spell`` [``spell``] | Cast spell s (S spells in ``spells.json``) |
| 2+S .. 1+S+C | ``choose_tactic`` [``card``] | Choose Tactic Card c (``tactic_cards.json``) |
| 2+S+C .. 1+S+C+K | ``sacrifice`` [``unit``] | Sacrifice one unit of sacrificeable kind k |
| 2+S+C+K | ``pay`` | Pay: the rest of the cost comes from resources |

With the shipped tables: S = 5, C = 7, K = 2 (Serf, Warrior): 17 actions. Arguments are names
from the tables (``Action.of(ActionKind.CAST_SPELL, spell="Bless")``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum

from ..core.codec import Action, ActionCodec
from .data import Tables


class ActionKind(str, Enum):
    """The kinds of action of a battle (the table above); arguments in brackets."""

    DECLINE_SPELL = "decline_spell"
    """Cast no combat spell this battle (RULES.md §2)."""
    CAST_SPELL = "cast_spell"
    """Cast a combat spell [``spell``: its name] (RULES.md §2)."""
    CHOOSE_TACTIC = "choose_tactic"
    """Choose a Tactic Card face down [``card``: its name] (seed 003)."""
    SACRIFICE = "sacrifice"
    """Set aside one unit to pay for the card [``unit``: its kind] (seed 003)."""
    PAY = "pay"
    """Pay the rest of the card's cost from resources (seed 003)."""


DECLINE = Action.of(ActionKind.DECLINE_SPELL)
PAY = Action.of(ActionKind.PAY)


def describe_with(strengths: Mapping[str, int]) -> Callable[[Action], str]:
    """The labeller of the codec: ``strengths`` gives what a sacrificed unit pays."""

    def describe(action: Action) -> str:
        kind = action.kind
        if kind is ActionKind.CAST_SPELL:
            return f"Cast {action['spell']}"
        if kind is ActionKind.CHOOSE_TACTIC:
            return f"Tactic: {action['card']}"
        if kind is ActionKind.SACRIFICE:
            unit = str(action["unit"])
            return f"Sacrifice a {unit} (pays {strengths[unit]})"
        if kind is ActionKind.PAY:
            return "Pay the rest in resources"
        return "Decline to cast a combat spell"

    return describe


@dataclass(frozen=True)
class ActionSet:
    """The names behind each action group, in id order, and the codec built from them."""

    spells: tuple[str, ...]
    cards: tuple[str, ...]
    sacrificeable: tuple[str, ...]

    @classmethod
    def from_tables(cls, tables: Tables) -> ActionSet:
        """The action groups of ``tables``."""
        return cls(tables.spell_names, tables.card_names, tables.sacrificeable)

    @property
    def pay(self) -> int:
        """The id of :data:`PAY` (the last id)."""
        return 1 + len(self.spells) + len(self.cards) + len(self.sacrificeable) + 1

    @property
    def n(self) -> int:
        """Number of ids, NOOP included."""
        return self.pay + 1

    def typed(self) -> list[Action]:
        """The typed actions of ids ``1..n-1``, in id order (the table above)."""
        k = ActionKind
        out = [DECLINE]
        out += [Action.of(k.CAST_SPELL, spell=s) for s in self.spells]
        out += [Action.of(k.CHOOSE_TACTIC, card=c) for c in self.cards]
        out += [Action.of(k.SACRIFICE, unit=u) for u in self.sacrificeable]
        out += [PAY]
        return out

    def codec(self, strengths: Mapping[str, int]) -> ActionCodec:
        """The codec: typed actions worded with the strength each sacrificeable unit pays."""
        return ActionCodec(self.typed(), describe_with(strengths))
