"""A pool champion's power in the rounds of its player's battles (issue 13, c4th5b: Stone
Giant, 4th/264, FR/82).

``pool_destroys_ally``: "If in a player's pool, the stone giant may destroy one enemy ally of
level 4 or less during each round of combat" (FR/82: "While in a pool, if not used in combat,
each combat round ..."). A champion of the player's pool (not the one in the round) answers
the other side's allies as they are played (``reactions.answer_ally``, after the round's own
answering cards): the first one of bonus ``amount`` or less that it has effect on goes to its
owner's discard pile, once per round (its use is spent in ``Battle.spent``;
``pool_uses.new_round`` frees it as the next round begins). [decided] "May destroy": the
owner's best, always; the first such ally played, as the other powers that "can destroy one"
answer the first.
"""

from __future__ import annotations

from ...core.engine import Event
from .context import Context, touch
from .pool_uses import KIND
from .powers import Play, fits
from .state import SpellfireState


def pool_answer(state: SpellfireState, ctx: Context, p: int, ally: int,
                events: list[Event]) -> None:
    """Player ``p``'s pool champions with ``pool_destroys_ally`` answer the ``ally`` the other
    side has just played (module docstring)."""
    b, fx, q = state.battle, ctx.facts, 1 - p
    if ally not in b.support[q]:
        return
    sides = {s.player: s for s in ctx.sides(state)}
    for source in state.players[p].pool:
        for e in fx[source].get(KIND):
            if source in b.spent:
                continue  # its use of this round is spent
            play = Play(state, ctx, p, fx[source], sides[p], sides[q], events)
            if play.hits and fits(fx[ally], e):
                b.support[q].remove(ally)
                state.players[state.owner[ally]].discard.append(ally)
                b.spent.append(source)
                events.append(Event("cards_destroyed", f"{ctx.name(source)} (in the pool) "
                                                       f"destroys {ctx.name(ally)}", p,
                                    {"card": state.cards[source],
                                     "cards": [state.cards[ally]]}))
                touch(state)
                return
