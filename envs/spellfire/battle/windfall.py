"""A card drawn and played at once in defense of a realm (the rest of the 1st Edition, issue 13;
seed 000 steps D-F).

- ``draw_and_play`` (North Ledopolus: "one card can be drawn and played immediately in defense
  of the attached realm"; Lost Oasis: "the owner can draw one card and play it immediately when
  the attached realm is attacked"): on the holding of the attacked realm (not negated), once
  per battle, when its first round's card play begins (the defender's champion, or the realm
  defending itself, is there to play it for), the defender draws the top card of its draw pile;
  it is played at once if the defender may play it now, else it stays in the hand. [decided]
  The power is always used, and a card that may be played is played (it is played "in
  defense"); an empty draw pile draws nothing.
"""

from __future__ import annotations

from ...core.engine import Event
from ..cards.effects import EffectKind
from .context import Context, touch
from .shared_holdings import holdings_at
from .state import SpellfireState

DRAWN_FOR_DEFENSE = "drawn_for_defense"
"""The event of a card drawn to play in defense (the whole game counts it: the defender's hand
may exceed its limit until its own phase 5)."""


def draw_for_defense(state: SpellfireState, ctx: Context, events: list[Event]) -> int | None:
    """Draw the defender's card (see the module docstring): the hand slot to play it from, or
    ``None`` when no card is to be played."""
    b = state.battle
    dfn = state.defender
    side = state.players[dfn]
    if b.round or b.realm is None or not side.draw:
        return None
    # Its holdings, those it shares included (The Sea Barons: issue 13, first_b).
    holding = next((h for h in holdings_at(side, ctx.facts, b.realm)
                    if ctx.facts[h].has(EffectKind.DRAW_AND_PLAY)), None)
    if holding is None or ctx.sides(state)[1].holding_negated:
        return None
    inst = side.draw.pop(0)
    side.hand.append(inst)
    touch(state)
    events.append(Event(DRAWN_FOR_DEFENSE, f"{ctx.name(holding)}: player_{dfn} draws a card "
                                             "to play in defense", dfn,
                        {"card": state.cards[holding]}))
    slot = len(side.hand) - 1
    return slot if slot in ctx.playable(state, dfn, False) else None
