"""Powers that answer what the other side plays: allies switching sides or destroyed, items
destroyed, events and spells cancelled (seed 000 step F; issue 13).

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
- ``destroy_allies`` / ``destroy_items`` / ``cancel_spell`` with a number of uses, on a
  champion, its attachments, or the attacked realm and holding (Dlasva: "can destroy one
  opposing ally during a round"; Gulg: "the first ally to attack Gulg itself each battle";
  Captain Kazhal: "destroys one magical item ... at any time"; Rod of Dispel Magic: "can
  cancel one magic spell"): the power answers the cards the other side plays into the
  battle, the first ones that fit, until its uses are spent (``Battle.spent``) [decided:
  once per battle, the first card that fits: issue 13 audit 2].
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.engine import Event
from ..cards.cards import CardType
from ..cards.effects import Effect, EffectKind
from .context import Context, touch
from .facts import Facts, ally_in_round, later_moves
from .pool_powers import pool_answer
from .powers import Play, fits, strongest
from .powers_fourth_b import devoured
from .shared_holdings import holdings_at
from .state import SpellfireState
from .totals import negates

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
    side's champion or of its carried items takes it, once per round; else a power of those
    cards (or of the attacked realm and holding) that destroys a number of opposing allies
    destroys it (:func:`_destroy_answer`)."""
    p = 1 - q
    champion = state.battle.champion[p]
    if ally not in state.battle.support[q]:
        return
    if champion is not None and not switched(state, p):
        sides = {s.player: s for s in ctx.sides(state)}
        fx = ctx.facts
        for source in (champion, *state.players[p].attached.get(champion, ())):
            play = Play(state, ctx, p, fx[source], sides[p], sides[q], events)
            if any(play.hits and play.holds(e) for e in fx[source].get(EffectKind.STEAL_ALLY)):
                _switch(play, [ally])
                return
    _destroy_answer(state, ctx, p, ally, events)
    pool_answer(state, ctx, p, ally, events)  # c4th5b: Stone Giant, from the pool
    if ally in state.battle.support[q]:
        devour_answer(state, ctx, p, ally, events)


def devour_answer(state: SpellfireState, ctx: Context, p: int, ally: int,
                  events: list[Event]) -> None:
    """``destroy_allies_total`` on ``p``'s champion (Athasian Cistern Fiend: "devours points'
    worth of allies up to its base level"; issue 13, c4th3b): each opposing ally of bonus 0 or
    more, as it is played, is devoured while the bonuses devoured in the battle stay within
    ``amount`` [decided: the first ones played, as the powers that "can destroy one"]; each
    point devoured is one use spent (``Battle.spent``): none for an ally of bonus 0."""
    champion = state.battle.champion[p]
    fx = ctx.facts
    if champion is None or not fx[champion].has(EffectKind.DESTROY_ALLIES_TOTAL):
        return
    bonus = fx[ally].bonus
    sides = {s.player: s for s in ctx.sides(state)}
    play = Play(state, ctx, p, fx[champion], sides[p], sides[1 - p], events)
    used = state.battle.spent.count(champion)
    if bonus >= 0 and play.hits and any(play.holds(e) and used + bonus <= e.amount
                                        for e in fx[champion].get(EffectKind.DESTROY_ALLIES_TOTAL)):
        _destroyed(state, ctx, p, champion, ally, events)  # one use spent there
        if bonus == 0:
            # An ally of bonus 0 is 0 points' worth: no point spent (issue 13, audit 4).
            state.battle.spent.remove(champion)
        state.battle.spent += [champion] * (bonus - 1)


# --- powers used a number of times per battle: destroy allies and items, cancel a spell --------

def answer_sources(state: SpellfireState, ctx: Context, p: int) -> list[int]:
    """``p``'s cards whose powers answer the other side's plays: its champion in the round
    and its attachments, and (the defender) the attacked realm and its holding unless the
    attacker negates it."""
    b = state.battle
    side = state.players[p]
    champion = b.champion[p]
    out = [] if champion is None else [champion, *side.attached.get(champion, ())]
    if p == state.defender and b.realm is not None and side.realms[b.realm] is not None:
        out.append(side.realms[b.realm])  # type: ignore[arg-type]
        if not ctx.sides(state)[1].holding_negated:  # its holdings (The Sea Barons: first_b)
            out += holdings_at(side, ctx.facts, b.realm)
    other = next(s for s in ctx.sides(state) if s.player != p)
    if any(c is not None and c.has(EffectKind.NEGATE_POWERS)
           for c in (other.champion, *other.cards)):
        # Ansalong (c4th3b): attached (Off) cards whose powers the other side negates
        out = [i for i in out if not negates(other, ctx.facts[i])]
    return out


def _uses_left(state: SpellfireState, source: int, e: Effect) -> bool:
    """Whether ``source``'s power ``e`` (``count`` uses per battle; 0: every time) may act
    again (issue 13 audit 2 [decided]: a champion that "can destroy one opposing ally during a
    round" answers the first one played against it, once per battle)."""
    return not e.count or state.battle.spent.count(source) < e.count


def _destroy_answer(state: SpellfireState, ctx: Context, p: int, card: int,
                    events: list[Event]) -> None:
    """The other side has just played ``card`` (an ally into the support, a magical item onto
    its champion): the first of ``p``'s answering cards with a ``destroy_allies`` /
    ``destroy_items`` power that counts its uses (Dlasva, Greater Feyr, Gulg, Yaramuke; Captain
    Kazhal, Kiara) and has a use left destroys it; a ``destroy_items`` power of no count and
    no attributes (Midnight: "all magical items held by the opposing champion") too."""
    fx = ctx.facts
    item = fx[card].type == CardType.MAGICAL_ITEM
    kind = EffectKind.DESTROY_ITEMS if item else EffectKind.DESTROY_ALLIES
    sides = {s.player: s for s in ctx.sides(state)}
    for source in answer_sources(state, ctx, p):
        for e in fx[source].get(kind):
            if not (e.count or item and not e.attributes) or not _uses_left(state, source, e):
                continue
            play = Play(state, ctx, p, fx[source], sides[p], sides[1 - p], events)
            them = sides[1 - p]
            target = fx[card] if item else ally_in_round(
                fx[card], (them.champion, *them.cards),
                later_moves(fx, state.battle.support[1 - p], card))
            if play.hits and play.holds(e) and fits(target, e):
                _destroyed(state, ctx, p, source, card, events)
                return


def _destroyed(state: SpellfireState, ctx: Context, p: int, source: int, card: int,
               events: list[Event]) -> None:
    """``card`` of the other side leaves the round for its owner's discard pile, destroyed by
    ``source``'s power (one use of it spent)."""
    q = 1 - p
    b = state.battle
    if card in b.support[q]:
        b.support[q].remove(card)
    else:
        champion = b.champion[q]
        state.players[q].attached.get(champion, []).remove(card)  # type: ignore[arg-type]
    state.players[state.owner[card]].discard.append(card)
    b.spent.append(source)
    events.append(Event("cards_destroyed", f"{ctx.name(source)} destroys {ctx.name(card)}", p,
                        {"card": state.cards[source], "cards": [state.cards[card]]}))
    touch(state)


def answer_item(state: SpellfireState, ctx: Context, q: int, item: int,
                events: list[Event]) -> None:
    """Player ``q`` has put the magical item ``item`` on its champion in the round: a power of
    the other side that destroys the opposing champion's items may destroy it
    (:func:`_destroy_answer`; Captain Kazhal: "at any time during the battle")."""
    champion = state.battle.champion[q]
    if champion is not None and item in state.players[q].attached.get(champion, ()) \
            and not devoured(state, ctx, q, item, events):  # Rust Monster (c4th3b)
        _destroy_answer(state, ctx, 1 - q, item, events)


def answer_spell(state: SpellfireState, ctx: Context, q: int, spell: int,
                 events: list[Event]) -> bool:
    """Player ``q`` has played a wizard or cleric ``spell`` into the round: a ``cancel_spell``
    power of the other side's answering cards that counts its uses and has one left (Rod of
    Dispel Magic: "can cancel one magic spell when attacking or defending") cancels it before
    it acts [decided: the first spell the other side plays, once per battle]. True if it was
    cancelled."""
    fx = ctx.facts
    p = 1 - q
    sides = {s.player: s for s in ctx.sides(state)}
    for source in answer_sources(state, ctx, p):
        for e in fx[source].get(EffectKind.CANCEL_SPELL):
            types = set(e.card_types) or {int(CardType.WIZARD_SPELL), int(CardType.CLERIC_SPELL)}
            # "Can cancel one magic spell": one use per battle unless a count says more; with a
            # mark, only a spell so marked (Shield of Destruction: "one offensive spell").
            mark = fx[spell].card.mark
            if int(fx[spell].type) not in types \
                    or state.battle.spent.count(source) >= (e.count or 1) \
                    or e.mark and (mark is None or mark.value != e.mark):
                continue
            play = Play(state, ctx, p, fx[source], sides[p], sides[q], events)
            if play.holds(e):
                state.battle.support[q].remove(spell)
                state.players[state.owner[spell]].discard.append(spell)
                state.battle.spent.append(source)
                events.append(Event("spell_cancelled", f"{ctx.name(source)} cancels "
                                                       f"{ctx.name(spell)}", p,
                                    {"card": state.cards[source],
                                     "cancelled": state.cards[spell]}))
                touch(state)
                return True
    return False


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
    the other player's pool cancels it before it acts, if it is harmful (any event, with the
    mark "any": Helm), and is discarded with its attachments. True if the event was
    cancelled."""
    fx = ctx.facts
    if fx[event].has(EffectKind.NOT_CANCELABLE):
        return False  # The Genie Bottle "can be Calmed ... but cannot be canceled"
    harmful = HARMFUL in fx[event].card.attributes
    p = 1 - q
    side = state.players[p]
    # Helm (4th; c4th3b): the mark "any" cancels an event "whether helpful or harmful".
    oracle = next((c for c in side.pool if any(harmful or e.mark == "any"
                                               for e in fx[c].get(EffectKind.CANCEL_EVENT))),
                  None)
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
