"""A card taken at random from the opponent's hand and played against it (issue 13, c4th5b:
Ninjas, 4th/239, FR/70).

``hand_card_turned``: "When used in combat, this player can draw one card at random from his
opponent's hand, playing it against the opponent if possible, discarding it otherwise." As the
card is played into a round (``round.resolve_card``), one card drawn by the game's chance
(``luck.draw_luck``) leaves the opponent's hand for the player's; if the player may play it
into the round now (``Context.playable``), it is played on the player's side (its owner stays
the opponent: it goes back to the opponent's discard pile when it leaves the round, as an
ally that switched sides), else it goes to its owner's discard pile. [decided] "Can": always
(the opponent only loses a card); "if possible": an ally, spell or event the player may play
now; a magical item or artifact would stay on the player's champion after the round, a card
of the opponent's for good, so it is discarded.
"""

from __future__ import annotations

from ...core.engine import Event
from ..cards.cards import CardType
from ..cards.effects import EffectKind
from .context import Context, touch
from .facts import Facts
from .luck import draw_luck
from .state import SpellfireState

_KEPT = (CardType.MAGICAL_ITEM, CardType.ARTIFACT)


def turned_card(state: SpellfireState, ctx: Context, p: int, card: Facts,
                events: list[Event]) -> int | None:
    """``card``, just played by ``p``, takes one card from the opponent's hand (module
    docstring): the slot of ``p``'s hand to play it from, or ``None`` (none taken, or it was
    discarded)."""
    q = 1 - p
    hand = state.players[q].hand
    if not card.has(EffectKind.HAND_CARD_TURNED) or not hand:
        return None
    taken = hand.pop(draw_luck(state, len(hand)))
    mine = state.players[p].hand
    mine.append(taken)
    touch(state)
    slot = len(mine) - 1
    if ctx.facts[taken].type not in _KEPT and slot in ctx.playable(state, p, False):
        events.append(Event("card_turned", f"{card.name}: player_{p} draws "
                                           f"{ctx.name(taken)} from player_{q}'s hand and plays "
                                           "it", p, {"card": state.cards[taken]}))
        return slot
    mine.pop()
    state.players[q].discard.append(taken)
    touch(state)
    events.append(Event("card_turned", f"{card.name}: player_{p} draws {ctx.name(taken)} "
                                       f"from player_{q}'s hand and discards it", p,
                        {"card": state.cards[taken]}))
    return None
