"""The 1st Edition's last realm and holding cards acting outside battles (issue 13, first_b):
Magical Champion, a magical item played in phase 3 onto an ally of the hand.

The same contract as ``game/outside.py`` (which merges :data:`RESOLVERS` into its own): the
player on turn plays the card with ``play_outside`` on its hand slot, it goes to its owner's
discard pile and each effect acts by its resolver here. The ally the card goes onto is a hand
card, which the game's actions cannot name: the choice is [decided] at the resolver.

This module imports nothing of ``outside.py`` at run time (it imports this one).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ...core.engine import Event
from ..battle.facts import Facts
from ..battle.state import Side
from ..cards.cards import CardType
from ..cards.effects import Effect, EffectKind

if TYPE_CHECKING:
    from .outside import Play

K = EffectKind


def strongest_ally(side: Side, fx: Sequence[Facts]) -> int | None:
    """The ally of ``side``'s hand with the largest bonus (the first in the hand of those),
    or ``None`` without one."""
    allies = [c for c in side.hand if fx[c].type == CardType.ALLY]
    return max(allies, key=lambda c: fx[c].bonus, default=None)


def ally_to_champion_playable(side: Side, fx: Sequence[Facts], inst: int,
                              pool_slots: int) -> bool:
    """Whether card ``inst`` (``ally_to_champion``) may be played: an ally in the hand and
    room in the pool for it (RULES.md §1 phase 3: a champion enters the pool while it has
    room). No pool champion need use the item: it goes onto the ally."""
    return strongest_ally(side, fx) is not None and len(side.pool) < pool_slots \
        and fx[inst].has(K.ALLY_TO_CHAMPION)


def ally_to_champion(act: Play, e: Effect) -> None:
    """``ally_to_champion`` (Magical Champion: "attach this item to an ally from your hand. the
    ally becomes a champion (hero) until discarded for any reason. its level is unchanged"):
    the ally goes from the hand into the pool carrying the item (taken back from the discard
    pile, where playing it put it). [decided] The strongest ally of the hand (the largest
    bonus; the actions cannot name a hand card: the owner's best). In battles it fights as a
    hero whose level is its bonus (``battle/forms.as_champion``)."""
    table = act.state.table
    side = table.players[act.player]
    ally = strongest_ally(side, act.fx)
    if ally is None:
        return
    side.hand.remove(ally)
    side.pool.append(ally)
    side.discard.remove(act.card)
    side.attached[ally] = [act.card]
    act.events.append(Event("ally_to_champion", f"{act.fx[ally].name} becomes a champion in "
                                                f"player_{act.player}'s pool, carrying "
                                                f"{act.fx[act.card].name}", act.player,
                            {"card": table.cards[ally], "item": table.cards[act.card]}))


RESOLVERS: dict[EffectKind, Callable[[Play, Effect], None]] = {
    K.ALLY_TO_CHAMPION: ally_to_champion,
}
"""The resolver of each kind of this module (merged into ``outside.RESOLVERS``)."""
