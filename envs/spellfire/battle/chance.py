"""The cards of chance (issue 13, c1st5): powers after a round that draw on the game's chance.

- ``chance_shuffled_back`` (Lolth, the Spider Queen: "If Lolth is defeated, shuffle her back
  into the draw deck"): when her side loses a round, the card leaves its owner's discard pile
  (where the lost round sent it) for its owner's draw pile, at a position drawn by chance. The
  order of a draw pile is hidden from both players, so one card put at a random place is the
  pile shuffled with it, as far as anyone can tell.
- ``chance_hand_discard`` (Shalbaal, Red Dragon: "Every time Shalbaal wins a round of battle,
  the player randomly draws one card from the defeated player's hand and discards it"): when
  its side wins a round, one card drawn by chance from the losing player's hand goes to its
  owner's discard pile (an empty hand: nothing).

Both act as the other after-battle powers do (seed 001: "these effects occur outside of the
battle"): :func:`.aftermath.triggers` reads them while the cards are in the round (a power the
other side negates does not act), :func:`.aftermath.settle` calls :func:`settle` once the round
is over, after its spoils. [decided] "Defeated" is losing a round, as for the other after-battle
powers (``aftermath``); a card that did not reach the discard pile (a champion that must be
defeated twice, one that escaped) stays where it is. Chance is :func:`.luck.draw_luck`: seeded
by the deal, hidden from both players.
"""

from __future__ import annotations

from ...core.engine import Event
from ..cards.effects import EffectKind
from .context import Context
from .luck import draw_luck
from .state import SpellfireState

KINDS = (EffectKind.CHANCE_SHUFFLED_BACK, EffectKind.CHANCE_HAND_DISCARD)
"""The effect kinds this module resolves."""


def settle(state: SpellfireState, ctx: Context, kind: EffectKind, source: int, side: int,
           events: list[Event]) -> None:
    """Apply the power ``kind`` of card ``source`` on ``side`` (the round is over)."""
    if kind is EffectKind.CHANCE_SHUFFLED_BACK:
        shuffle_back(state, ctx, source, events)
    elif kind is EffectKind.CHANCE_HAND_DISCARD:
        random_discard(state, ctx, source, 1 - side, events)


def shuffle_back(state: SpellfireState, ctx: Context, card: int, events: list[Event]) -> None:
    """``chance_shuffled_back``: ``card`` from its owner's discard pile into its owner's draw
    pile at a position drawn by chance (0 is the top; any of the ``len(draw) + 1`` places)."""
    q = state.owner[card]
    owner = state.players[q]
    if card not in owner.discard:
        return
    owner.discard.remove(card)
    owner.draw.insert(draw_luck(state, len(owner.draw) + 1), card)
    # The position is hidden: the event names the pile only.
    events.append(Event("after_battle_shuffled_back", f"{ctx.name(card)} is shuffled back "
                                                      f"into player_{q}'s draw pile", q,
                        {"card": state.cards[card]}))


def random_discard(state: SpellfireState, ctx: Context, source: int, loser: int,
                   events: list[Event]) -> None:
    """``chance_hand_discard``: one card drawn by chance from ``loser``'s hand to its owner's
    discard pile."""
    hand = state.players[loser].hand
    if not hand:
        return
    card = hand.pop(draw_luck(state, len(hand)))
    state.players[state.owner[card]].discard.append(card)
    events.append(Event("after_battle_random_discard", f"{ctx.name(source)}: "
                                                       f"{ctx.name(card)} is drawn at random "
                                                       f"from player_{loser}'s hand and "
                                                       "discarded", 1 - loser,
                        {"card": state.cards[source], "target": state.cards[card]}))
