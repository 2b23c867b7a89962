"""Card powers of the 4th Edition, third pass (issue 13, c4th3c) that act when a card enters the
round (seed 000 step F); each is ``fn(play, effect)`` as in :mod:`.powers`, found through the
resolver table and resolved in the stage :data:`.powers.CARD_PLAY_STAGES` gives its kind (with
the powers that destroy cards).

- ``allies_under_card_digit`` (Fear: "all opposing allies whose plus is less than the last digit
  of the attached champion's card number are immediately discarded"): the card number is the
  champion's number in its set (4th/283 -> 3); the allies of the round then, not those played
  after ("immediately").
- ``discard_highest_played`` (Blind Side!: "discard the highest ally, spell, or psionic power card
  played during this round of combat"): the other side's card of those types with the highest
  bonus; [decided] on a tie, the one played last.
- ``discard_opposing_holding`` (Shadow Engines: "discard any holding of an opponent"): [decided,
  the caster's best] the holding of the realm fought over when the other player defends it (it
  is the one that acts in this battle), else the other player's first holding, A to F. It
  acts on a holding, not on the opposing champion: an immunity of that champion does not stop
  it [decided, as ``take_ally_from_hand``].
- ``opponent_discards_weakest`` (Rake!: "the opposing champion must discard one card from the
  current round of combat"): the choice is the other side's; [decided] its best, the card of
  the lowest bonus among its support and its champion's attachments (the first of them on a
  tie; a realm defending itself has only its support).
- ``no_events_in_play`` (Throne of the Pharaohs: "when brought into play, all events in play
  are negated"): played into a round, the events of both sides' support go to their owners'
  discard piles (what they did stays done, as ``cancel_event``); the bar on new events is
  :func:`.legal.bars`'.
- ``draw_digit_defeats`` (Boot to the Head), ``draw_digit_discards_attacker`` (Caves of
  Mystery), ``draw_digit_allies`` (Persuasion): a player "draws and discards a card, noting its
  last digit": the top card of its draw pile (the engine's shuffled, seeded order) goes to its
  discard pile and the last digit of its number in its set is read; with an empty draw pile
  nothing is drawn and the power does nothing [decided].
"""

from __future__ import annotations

from ...core.engine import Event
from ..cards.cards import CardType
from ..cards.effects import Effect
from .context import touch
from .judge import champions_discarded, end_round
from .powers import Play


def allies_under_card_digit(play: Play, e: Effect) -> None:
    """``allies_under_card_digit``: opposing allies of bonus below the last digit of the
    owner's champion's card number go to their owner's discard pile."""
    champion = play.me.champion
    if champion is None or not (play.hits and play.holds(e)):
        return
    digit = champion.card.number % 10
    fx = play.ctx.facts
    support = play.state.battle.support[play.opponent]
    for i in [i for i in support if fx[i].type == CardType.ALLY and fx[i].bonus < digit]:
        support.remove(i)
        play.state.players[play.state.owner[i]].discard.append(i)
        play.gone.append(i)


def discard_highest_played(play: Play, e: Effect) -> None:
    """``discard_highest_played``: the other side's card of the round of ``card_types`` with
    the highest bonus (the last played on a tie) goes to its owner's discard pile."""
    if not (play.hits and play.holds(e)):
        return
    fx = play.ctx.facts
    support = play.state.battle.support[play.opponent]
    found = [i for i in support if int(fx[i].type) in e.card_types]
    if not found:
        return
    best = max(found, key=lambda i: (fx[i].bonus, support.index(i)))
    support.remove(best)
    play.state.players[play.state.owner[best]].discard.append(best)
    play.gone.append(best)


def discard_opposing_holding(play: Play, e: Effect) -> None:
    """``discard_opposing_holding``: one holding of the other player goes to its discard pile:
    the one of the realm fought over when that player defends it, else its first, A to F."""
    if not play.holds(e):
        return
    state, q = play.state, play.opponent
    home = state.players[q]
    slots = [s for s, h in enumerate(home.holdings) if h is not None]
    if not slots:
        return
    fought = state.battle.realm
    slot = fought if q == state.defender and fought in slots else slots[0]
    holding = home.holdings[slot]
    assert holding is not None
    home.holdings[slot] = None
    home.discard.append(holding)
    play.gone.append(holding)
    touch(state)


def opponent_discards_weakest(play: Play, e: Effect) -> None:
    """``opponent_discards_weakest``: the other side's card of the round with the lowest bonus
    (its support, then its champion's attachments; the first on a tie) goes to its owner's
    discard pile."""
    if not (play.hits and play.holds(e)):
        return
    state, fx, q = play.state, play.ctx.facts, play.opponent
    support = state.battle.support[q]
    champion = state.battle.champion[q]
    attached = [] if champion is None else state.players[q].attached.get(champion, [])
    cards = [*support, *attached]
    if not cards:
        return
    weakest = min(cards, key=lambda i: (fx[i].bonus, cards.index(i)))
    (support if weakest in support else attached).remove(weakest)
    state.players[state.owner[weakest]].discard.append(weakest)
    play.gone.append(weakest)


def no_events_in_play(play: Play, e: Effect) -> None:
    """``no_events_in_play``: the events in the round, both sides', go to their owners'
    discard piles."""
    state, fx = play.state, play.ctx.facts
    for support in state.battle.support:
        for i in [i for i in support if fx[i].type == CardType.EVENT]:
            support.remove(i)
            state.players[state.owner[i]].discard.append(i)
            play.gone.append(i)


def _draw_digit(play: Play, p: int) -> int | None:
    """Player ``p`` draws and discards a card: the last digit of its number, or ``None`` when
    the draw pile is empty."""
    side = play.state.players[p]
    if not side.draw:
        return None
    inst = side.draw.pop(0)
    side.discard.append(inst)
    f = play.ctx.facts[inst]
    digit = f.number % 10
    play.events.append(Event("digit_drawn", f"{play.card.name}: player_{p} draws and discards "
                                            f"{f.name} (last digit {digit})", p,
                             {"card": play.card.key, "drawn": f.key, "digit": digit}))
    touch(play.state)
    return digit


def draw_digit_defeats(play: Play, e: Effect) -> None:
    """``draw_digit_defeats``: the opposing player draws and discards a card; a last digit of
    ``amount`` or less defeats its champion: the card's side wins the round."""
    if play.state.battle.champion[play.opponent] is None or not (play.hits and play.holds(e)):
        return
    digit = _draw_digit(play, play.opponent)
    if digit is not None and digit <= e.amount:
        end_round(play.state, play.ctx, play.player, play.events)
        play.over = True


def draw_digit_discards_attacker(play: Play, e: Effect) -> None:
    """``draw_digit_discards_attacker``: the attacking player draws and discards a card; a last
    digit of ``amount`` or less discards its champion (card play, seed 001)."""
    state = play.state
    if play.player != state.defender or state.battle.champion[play.opponent] is None \
            or not (play.hits and play.holds(e)):
        return
    digit = _draw_digit(play, play.opponent)
    if digit is not None and digit <= e.amount:
        discarded = [False, False]
        discarded[play.opponent] = True
        champions_discarded(state, play.ctx, discarded, play.events)
        play.over = True


def draw_digit_allies(play: Play, e: Effect) -> None:
    """``draw_digit_allies``: the card's player draws and discards a card; as many opposing
    allies of the round as its last digit, the weakest (the first played on a tie), go to
    their owner's discard pile."""
    if not (play.hits and play.holds(e)):
        return
    digit = _draw_digit(play, play.player)
    if not digit:
        return
    fx = play.ctx.facts
    support = play.state.battle.support[play.opponent]
    allies = sorted((i for i in support if fx[i].type == CardType.ALLY),
                    key=lambda i: (fx[i].bonus, support.index(i)))
    for i in allies[:digit]:
        support.remove(i)
        play.state.players[play.state.owner[i]].discard.append(i)
        play.gone.append(i)
