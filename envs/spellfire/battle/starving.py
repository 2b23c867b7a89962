"""``losing_side_starves`` (issue 13, c1st4): The Starving Artist.

"If on the losing side of a battle, no one gains a spoils of victory, and one opponent (this
player's choice) must discard his hand down to two."

The card is an ally: it is in a battle while it is in a round (seed 000 step F). :func:`artists`
reads, before the round's cards leave it, the cards with the power on the side about to lose
the battle: a round lost that ends the battle (``judge.end_round``), the attacking champion
discarded by card play (``judge.champions_discarded``), the attacked realm razed or discarded
by card play (``powers.raze_realm``, ``powers.discard_realm``). A power the other side negates
(``totals.negates``) does not act. Then the battle ends with no spoils (seed 000 step J does
not apply), and :func:`starve` makes the winner discard its hand down to ``amount`` cards.

[decided] A round that leaves the battle going on (a realm that must be defeated twice, seed
000 step I) loses no battle: the card leaves with the round and does nothing. "One opponent
(this player's choice)": a battle has one opponent, the winner. Which cards it keeps is its own
choice: [decided] its best, the cards of the highest printed level (champions) or bonus (the
others), the first in hand order on a tie; the others go to its discard pile in hand order.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.engine import Event
from ..cards.effects import EffectKind
from .context import Context, touch
from .facts import Facts
from .state import SpellfireState
from .totals import negates


def artists(state: SpellfireState, ctx: Context, loser: int) -> list[int]:
    """The cards of ``loser``'s side in the round with ``losing_side_starves`` whose power the
    other side does not negate (read while the round's cards are in it)."""
    b = state.battle
    champion = b.champion[loser]
    cards = [] if champion is None else [champion,
                                         *state.players[loser].attached.get(champion, ())]
    cards += b.support[loser]
    other = next(rs for rs in ctx.sides(state) if rs.player != loser)
    return [i for i in cards if ctx.facts[i].has(EffectKind.LOSING_SIDE_STARVES)
            and not negates(other, ctx.facts[i])]


def starve(state: SpellfireState, ctx: Context, loser: int, sources: Sequence[int],
           events: list[Event]) -> None:
    """After the battle: when it is over and won by the other side of ``loser`` (whose cards
    ``sources`` were read by :func:`artists`), the winner discards its hand down to the
    power's ``amount``."""
    b = state.battle
    if not sources or b.step != "over" or b.winner != 1 - loser:
        return
    winner, source = b.winner, sources[0]
    keep = min(e.amount for i in sources for e in ctx.facts[i].get(
        EffectKind.LOSING_SIDE_STARVES))
    hand = state.players[winner].hand
    kept = best_cards(ctx.facts, hand, keep)
    gone = [i for i in hand if i not in kept]
    events.append(Event("starved", f"{ctx.name(source)}: no spoils; player_{winner} "
                                   f"discards its hand down to {keep}", winner,
                        {"card": state.cards[source], "discarded": len(gone)}))
    if gone:
        hand[:] = [i for i in hand if i in kept]
        state.players[winner].discard += gone
        touch(state)


def best_cards(facts: Sequence[Facts], hand: Sequence[int], keep: int) -> set[int]:
    """The ``keep`` cards of ``hand`` its player keeps: the highest printed level (champions)
    or bonus (the others), the first in hand order on a tie."""
    order = sorted(range(len(hand)), key=lambda n: (-_worth(facts[hand[n]]), n))
    return {hand[n] for n in order[:keep]}


def _worth(f: Facts) -> int:
    return f.level if f.is_champion else f.bonus
