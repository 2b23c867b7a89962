"""The opponent's hand seen at the start of a turn (issue 13, first_c: ``see_hand``).

Ring of All Seeing (1st/311, a magical item): "Allows the owning player, at the beginning of
his turn, to look at one player's hand." Annulus (1st/411, an artifact): "At the beginning of
its owner's turn, ... allows the player to examine an opponent's hand." While such a card is
in play for the player on turn (a pool champion carries it) when its turn begins at phase 0
(RULES.md §1 "Turn phases"; as the other start-of-turn powers, ``turn_powers.py``: a state
written at phase 1 or later has begun its turn), the player sees the opponent's hand as it is
then: ``GameState.seen`` keeps those card instances. [decided] "One player's hand": in a game of
two, the opponent's (its own it always sees). [decided] What was seen is kept until the owner's
turn ends; of it, the player is shown the cards still in the opponent's hand (a card leaving the
hand is seen leaving it: played or discarded in the open), in the order seen. The whole game's
observation shows them (``observation.py``, segment ``seen_hand``), its view too
(``seen_hand``), and the search sampler puts them into the sampled opponent's hand
(``agents/samplers/spellfire.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.engine import Event
from ..battle.facts import Facts
from ..cards.effects import EffectKind
from .state import GameState

K = EffectKind


def sees_hands(state: GameState, fx: Sequence[Facts], player: int) -> bool:
    """Whether a card in play for ``player`` (a pool champion or what it carries) has
    ``see_hand``."""
    side = state.table.players[player]
    return any(fx[i].has(K.SEE_HAND) for c in side.pool
               for i in (c, *side.attached.get(c, ())))


def see_hand(state: GameState, fx: Sequence[Facts], events: list[Event]) -> bool:
    """The start of the turn of the player on turn: with ``see_hand`` in play it sees the
    opponent's hand (``state.seen``); whether it did."""
    p = state.on_turn
    if not sees_hands(state, fx, p):
        return False
    hand = state.table.players[1 - p].hand
    state.seen[p] = list(hand)
    events.append(Event("hand_seen", f"player_{p} looks at player_{1 - p}'s hand "
                                     f"({len(hand)} cards)", p, {"cards": len(hand)}))
    return True


def still_seen(state: GameState, player: int) -> list[int]:
    """The cards ``player`` saw in the opponent's hand this turn that are still there, in the
    order seen."""
    seen = state.seen.get(player)
    if not seen:
        return []
    hand = state.table.players[1 - player].hand
    return [c for c in seen if c in hand]


def forget(state: GameState, player: int) -> None:
    """``player``'s turn ends: what it saw is no longer kept."""
    state.seen.pop(player, None)
