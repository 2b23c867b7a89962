"""Rule cards' powers that act on the whole game's turn (issue 13, c1st3; RULES.md §1 phases 0
and 5). The battle reads the others (``battle/rule_cards.py``).

- ``end_of_turn_discard`` (Age of Entropy: "At the end of each player's turn (after discarding
  down to maximum hand size), that player must discard a card from his hand or pool, or raze a
  realm"): once the player on turn's hand is within its limit in phase 5, it owes one more
  card. [decided] From its hand while it holds one, the card of its choice (the phase's
  discard actions, down to :attr:`.GameState.discard_to`): a card of the hand is the cheapest
  of the three, a pool champion or a realm cost a play to put there; with an empty hand, a
  pool champion or a realm (:func:`..battle.rule_cards.pay_without_hand`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.engine import Event
from ..battle.facts import Facts
from ..battle.rule_cards import end_of_turn_discard_due, pay_without_hand
from .state import GameState


def end_of_turn_discard(state: GameState, fx: Sequence[Facts], events: list[Event]) -> bool:
    """``end_of_turn_discard`` at the end of phase 5, once a turn: True when the player on
    turn must now choose the card of its hand to discard (``discard_to`` is set); else the
    price is paid here (pool, realm), or nothing is owed."""
    table = state.table
    if state.discard_to is not None or not end_of_turn_discard_due(table, fx):
        return False
    p = state.on_turn
    hand = table.players[p].hand
    state.discard_to = max(len(hand) - 1, 0)
    if hand:
        events.append(Event("rule_discard_owed", f"player_{p} must discard one more card "
                                                 "(a rule card in play)", p))
        return True
    pay_without_hand(table, fx, p, events)
    return False
