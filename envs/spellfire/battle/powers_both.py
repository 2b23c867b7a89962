"""Card powers of cards printed in both the 3rd and the 4th Edition (issue 13, c4th5a) that act
in a round.

- ``cast_discard_draw`` (Rogue Defiler of Tyr: "each time the Defiler casts a spell during
  combat, her player discards one card from his hand and draws a replacement card from his
  draw pile"): called by ``round.resolve_card`` as a wizard or cleric spell enters the round
  (seed 000 step F), before it acts or is cancelled (it was cast either way). [decided] Every
  spell her side plays while she is its champion is hers (the champion casts its side's
  spells, RULES.md §1 "Combat"). The discarded card is the player's choice; [decided] its
  weakest, the card of its hand of the lowest level plus bonus (the first in its hand on a
  tie), as ``powers_4th_d.hand_discards_weakest`` reads it. With an empty hand nothing is
  discarded and so nothing replaced; with an empty draw pile nothing is drawn ([decided], as
  spoils from an empty pile: ``judge.draw_spoils``).
"""

from __future__ import annotations

from ...core.engine import Event
from ..cards.cards import CardType
from ..cards.effects import EffectKind
from .context import Context, touch
from .state import SpellfireState

_SPELLS = (CardType.WIZARD_SPELL, CardType.CLERIC_SPELL)


def cast_discard_draw(state: SpellfireState, ctx: Context, player: int, inst: int,
                      events: list[Event]) -> None:
    """``cast_discard_draw``: ``player`` has just cast card ``inst``; if it is a spell and the
    side's champion has the power, the player discards its weakest hand card and draws one
    (see the module docstring)."""
    fx = ctx.facts
    champion = state.battle.champion[player]
    if fx[inst].type not in _SPELLS or champion is None \
            or not fx[champion].has(EffectKind.CAST_DISCARD_DRAW):
        return
    side = state.players[player]
    if not side.hand:
        return
    hand = list(side.hand)
    weakest = min(hand, key=lambda i: (fx[i].level + fx[i].bonus, hand.index(i)))
    side.hand.remove(weakest)
    side.discard.append(weakest)
    drawn = side.draw.pop(0) if side.draw else None
    if drawn is not None:
        side.hand.append(drawn)
    events.append(Event("hand_replaced", f"{fx[champion].name}: player_{player} discards "
                                         f"{fx[weakest].name} and draws "
                                         f"{'a card' if drawn is not None else 'nothing'}",
                        player, {"card": fx[champion].key, "discarded": state.cards[weakest],
                                 "drawn": drawn is not None}))
    touch(state)
