"""Powers that outlast their battle in the whole game (issue 13, lasting).

A card played into a round whose power lasts "until the player's next turn" (Faithful Hound,
Fortunate Omens, Mist Wolf...) or "until the end of this player's next turn" (Charge!, 4th
Edition: Call to Arms...) is marked by the compiler (``Card.lasting``). In battle mode the
battle is the whole effect. In the whole game, when the round's cards are discarded, such a card
stays in effect instead: it goes to its player's ``Side.lasting``, and the battle engine reads
it as a card of that player's side in every round (``battle/totals.py`` round_sides) and in the
realms' attack gates (``battle/legal.py`` gate). It leaves for its owner's discard pile when
that turn begins or ends (:func:`expire`). ``GameState.lasting_until`` keeps the turn.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.codec import Action
from ...core.engine import Event
from ..battle.actions import ActionKind
from ..battle.facts import Facts
from .state import GameState

ENDS_AT_TURN_END = "turn_end"
"""``Card.lasting`` of a power that lasts until the end of the player's next turn."""


def round_cards(state: GameState, player: int, action: Action) -> list[list[int]]:
    """Per player, before a battle step: the cards in the current round, and the card
    ``player`` plays into it by ``action`` (it may end the round at once: Faithful Hound)."""
    out = [list(s) for s in state.table.battle.support]
    if action.kind is ActionKind.PLAY_CARD:
        out[player].append(state.table.players[player].hand[action.get_int("hand")])
    return out


def _next_turn(state: GameState, player: int) -> int:
    """The number of ``player``'s next turn (the players alternate, RULES.md §1)."""
    return state.turn + (2 if player == state.on_turn else 1)


def keep(state: GameState, before: Sequence[Sequence[int]], fx: Sequence[Facts],
         events: list[Event]) -> None:
    """After a battle step: each lasting card that was in player ``p``'s round before it and
    is now on its owner's discard pile (the round's cards are discarded, seed 000 step H)
    stays in effect in ``p``'s ``lasting`` until the turn its words name."""
    table = state.table
    for p, cards in enumerate(before):
        for i in cards:
            how = fx[i].card.lasting
            pile = table.players[table.owner[i]].discard
            if not how or table.owner[i] != p or i not in pile:
                continue  # an ally that switched sides is not a lasting card
            pile.remove(i)
            table.players[p].lasting.append(i)
            # "the current player's next turn" (Berserk Fury!): the player on turn's.
            whose = state.on_turn if how == "current_turn_start" else p
            state.lasting_until[i] = _next_turn(state, whose)
            events.append(Event("lasting", f"{fx[i].name} lasts until turn "
                                           f"{state.lasting_until[i]}", p,
                                {"card": table.cards[i], "until": state.lasting_until[i]}))


def expire(state: GameState, fx: Sequence[Facts], at_end: bool, events: list[Event]) -> bool:
    """When a turn begins (``at_end`` False) or ends: the lasting cards whose turn it is go to
    their owners' discard piles; True if any did."""
    table = state.table
    gone = False
    for p, side in enumerate(table.players):
        for i in list(side.lasting):
            ends = fx[i].card.lasting == ENDS_AT_TURN_END
            if ends != at_end or state.lasting_until.get(i, 0) > state.turn:
                continue
            side.lasting.remove(i)
            state.lasting_until.pop(i, None)
            table.players[table.owner[i]].discard.append(i)
            gone = True
            events.append(Event("lasting_over", f"{fx[i].name} is no longer in effect", p,
                                {"card": table.cards[i]}))
    return gone
