"""Card powers of the 4th Edition, second round for 178-520 (issue 13, c4th4) that act when a
card enters the round (seed 000 step F); each is ``fn(play, effect)`` as in :mod:`.powers`,
found through the resolver table and resolved in the stage :data:`.powers.CARD_PLAY_STAGES`
gives its kind (with the powers that destroy cards).

- ``hand_discards_weakest`` (Athasian Sloth: "when played in battle, the opposing player must
  immediately discard two cards from his hand"): the choice is the other player's; [decided]
  its best, the cards of its hand of the lowest level or bonus (a champion's level, another
  card's bonus; the first in its hand on a tie), as Rake!'s ``opponent_discards_weakest``
  gives up the weakest card of the round. It acts on the hand, not on the opposing champion:
  an immunity of that champion does not stop it [decided, as ``take_ally_from_hand``].
"""

from __future__ import annotations

from ...core.engine import Event
from ..cards.effects import Effect
from .context import touch
from .facts import Facts
from .powers import Play


def _worth(f: Facts) -> int:
    """A card's level (champions; a realm's own defending level) plus its bonus."""
    return f.level + f.bonus


def hand_discards_weakest(play: Play, e: Effect) -> None:
    """``hand_discards_weakest``: the other player discards ``count`` cards of its hand, the
    weakest first (see the module docstring)."""
    if not play.holds(e):
        return
    state, fx, q = play.state, play.ctx.facts, play.opponent
    side = state.players[q]
    hand = list(side.hand)
    chosen = sorted(hand, key=lambda i: (_worth(fx[i]), hand.index(i)))[:max(e.count, 1)]
    if not chosen:
        return
    for inst in chosen:
        side.hand.remove(inst)
        side.discard.append(inst)
    play.events.append(Event("hand_discarded", f"{play.card.name}: player_{q} discards "
                             + ", ".join(fx[i].name for i in chosen) + " from its hand", q,
                             {"card": play.card.key, "cards": [state.cards[i] for i in chosen]}))
    touch(state)
