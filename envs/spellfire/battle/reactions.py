"""Powers that answer what the other side plays: allies switching sides and events cancelled
(seed 000 step F; issue 13).

- ``steal_ally``: played into the round (Shield of Wickedness, Traitor, the Mind Flayer), the
  card takes the strongest opposing ally now in the round [decided: the owner's best choice];
  on a champion or a carried item (Maligor the Red, a Shield already attached), it takes the
  first ally the other side plays into a round, once per round ([decided]: "once per battle";
  a champion fights one round of a battle but after a won round against a realm or champion
  that must be defeated twice). The ally fights for its new side until the round ends, then goes
  to its owner's discard pile like every card used in a round (seed 000 step H).
- ``cancel_event``: played into the round (Calm), the card cancels the event the other side
  played last into it: the event leaves the round for its owner's discard pile and its effect
  on the totals and on what may be played goes with it; what it already did stays done
  [decided, as ``cancel_spell``]. On a champion in its owner's pool (Delsenora: "can cancel the
  effect of one event card for this player, but must be discarded afterward"), the power
  answers a harmful event the other side plays into a battle before it acts; the champion is
  then discarded [decided: from the pool, so that the sacrifice is not of the fighting
  champion].
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.engine import Event
from ..cards.cards import CardType
from ..cards.effects import Effect, EffectKind
from .context import Context, touch
from .facts import Facts
from .powers import Play, strongest
from .state import SpellfireState

HARMFUL = 22
"""CrossFire attribute of a harmful event."""


# --- steal_ally ----------------------------------------------------------------------------------

def steal_ally(play: Play, e: Effect) -> None:
    """``steal_ally`` on a card entering the round: the ``count`` strongest opposing allies in
    the round (all when ``count`` is 0), of bonus ``amount`` or less when ``amount`` > 0
    (Charm Aura: "all opposing allies of +5 or less are forced to switch sides"), switch to
    the card's side."""
    if not (play.hits and play.holds(e)):
        return
    fx = play.ctx.facts
    allies = [i for i in play.state.battle.support[play.opponent]
              if fx[i].type == CardType.ALLY and not stays(play.state, fx, play.opponent, i)
              and (not e.amount or fx[i].bonus <= e.amount)]
    _switch(play, strongest(fx, allies, e.count))


def _switch(play: Play, allies: list[int]) -> None:
    """``allies`` of the other side fight for the card's side for the rest of the round, but
    for those an ``allies_stay`` power keeps on their side."""
    allies = [i for i in allies if not stays(play.state, play.ctx.facts, play.opponent, i)]
    if not allies:
        return
    b = play.state.battle
    for i in allies:
        b.support[play.opponent].remove(i)
        b.support[play.player].append(i)
    fx = play.ctx.facts
    play.events.append(Event(
        "ally_switched", f"{play.card.name}: {', '.join(fx[i].name for i in allies)} "
                         f"switches to player_{play.player}'s side", play.player,
        {"card": play.card.key, "allies": [play.state.cards[i] for i in allies]}))
    touch(play.state)


def stays(state: SpellfireState, fx: Sequence[Facts], q: int, ally: int) -> bool:
    """``allies_stay``: a card of ``q``'s side in the round (its champion, attached and support
    cards), or a holding on one of its standing realms, keeps ``ally`` from switching sides
    (Skeletal Minion: "this ally and any other undead allies played with it cannot be forced to
    switch sides"; Fortification: Rampart; issue 13, 4th Edition)."""
    side, b = state.players[q], state.battle
    held = b.champion[q]
    sources = [*([] if held is None else [held, *side.attached.get(held, ())]),
               *b.support[q],
               *(h for s, h in enumerate(side.holdings)
                 if h is not None and side.realms[s] is not None and not side.razed[s])]
    attrs = fx[ally].card.attributes
    return any(not e.attributes or attrs.intersection(e.attributes)
               for i in sources for e in fx[i].get(EffectKind.ALLIES_STAY))


def switched(state: SpellfireState, p: int) -> bool:
    """Whether an ally of the other player fights for ``p`` in this round."""
    return any(state.owner[i] != p for i in state.battle.support[p])


def answer_ally(state: SpellfireState, ctx: Context, q: int, ally: int,
                events: list[Event]) -> None:
    """Player ``q`` has played ``ally`` into the round: a ``steal_ally`` power of the other
    side's champion or of its carried items takes it, once per round."""
    p = 1 - q
    champion = state.battle.champion[p]
    if champion is None or switched(state, p) or ally not in state.battle.support[q]:
        return
    sides = {s.player: s for s in ctx.sides(state)}
    fx = ctx.facts
    for source in (champion, *state.players[p].attached.get(champion, ())):
        play = Play(state, ctx, p, fx[source], sides[p], sides[q], events)
        if any(play.hits and play.holds(e) for e in fx[source].get(EffectKind.STEAL_ALLY)):
            _switch(play, [ally])
            return


# --- cancel_event --------------------------------------------------------------------------------

def cancel_event(play: Play, e: Effect) -> None:
    """``cancel_event`` on a card entering the round: the event the other side played last
    into the round is cancelled."""
    if not play.holds(e):
        return
    fx = play.ctx.facts
    found = [i for i in play.state.battle.support[play.opponent] if fx[i].type == CardType.EVENT]
    if found:
        _cancel(play.state, play.ctx, play.player, play.card, found[-1], play.events)


def _cancel(state: SpellfireState, ctx: Context, p: int, by: Facts, event: int,
            events: list[Event]) -> None:
    """``event`` leaves the round for its owner's discard pile."""
    for support in state.battle.support:
        if event in support:
            support.remove(event)
    state.players[state.owner[event]].discard.append(event)
    events.append(Event("event_cancelled", f"{by.name} cancels {ctx.name(event)} for "
                                           f"player_{p}", p,
                        {"card": by.key, "cancelled": state.cards[event]}))
    touch(state)


def answer_event(state: SpellfireState, ctx: Context, q: int, event: int,
                 events: list[Event]) -> bool:
    """Player ``q`` has played ``event`` into the round: a champion with ``cancel_event`` in
    the other player's pool cancels it before it acts, if it is harmful, and is discarded with
    its attachments. True if the event was cancelled."""
    fx = ctx.facts
    if HARMFUL not in fx[event].card.attributes:
        return False
    p = 1 - q
    side = state.players[p]
    oracle = next((c for c in side.pool if fx[c].has(EffectKind.CANCEL_EVENT)), None)
    if oracle is None:
        return False
    _cancel(state, ctx, p, fx[oracle], event, events)
    side.pool.remove(oracle)
    side.discard.append(oracle)
    side.discard += side.attached.pop(oracle, [])
    events.append(Event("champion_discarded", f"player_{p}'s {fx[oracle].name} is discarded "
                                              "after cancelling the event", p,
                        {"card": state.cards[oracle]}))
    touch(state)
    return True
