"""After the battle: powers that act once a round is over (seed 001; issue 13).

Seed 001: "In some cases, your opponent is discarded after combat if you play certain cards.
These cards have no effect on altering a successful attack or defense. A couple of examples are
Iuz the Evil and Aurak Draconians. Occasionally, some cards can even discard a successful
attacking champion, but these effects occur outside of the battle and do not affect the spoils
of victory unless it is specifically stated so on the card."

:func:`triggers` reads, when a round has a winner and before its cards leave it, which cards of
the round set off such a power: ``avenge_discard`` and ``avenge_raze`` on the losing side (its
champion, the champion's attachments and its support: an ally that is "defeated" is on the
side that lost), ``discard_after_round`` on either side ("win or lose"). :func:`settle` applies
them once the round is over: after its winner, its razing and its spoils (seed 000 steps H-J),
so they never change who won or who draws spoils. [decided] A round that leaves the battle
going on (a realm or a champion that must be defeated twice) settles its powers at its own end,
not the battle's: the card texts say "at the end of a round of combat", and the champion
discarded could not fight again in this battle anyway (seed 000 step I).

[decided] "Defeated" is losing a round (a defending champion discarded by card play loses the
round, as the judge rules); an attacking champion discarded by card play ends the battle without
a round won and sets off nothing. A champion to discard that is no longer in a pool (discarded
already, or gone by its own power) is left where it is. ``avenge_raze``: the player of the card
would choose; the engine razes the first standing realm in the order A..F (it shields the most
realms), or when none stands discards the first razed one (the action space has no choice
here).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...core.engine import Event
from ..cards.effects import EffectKind
from .context import Context, touch
from .facts import Facts, holds
from .state import SLOTS, SpellfireState

AFTER_KINDS = (EffectKind.AVENGE_DISCARD, EffectKind.AVENGE_RAZE,
               EffectKind.DISCARD_AFTER_ROUND, EffectKind.AVENGE_PURGE,
               EffectKind.AVENGE_OWN_HOLDING)
"""The effect kinds this module resolves."""
_ON_DEFEAT = (EffectKind.AVENGE_DISCARD, EffectKind.AVENGE_RAZE, EffectKind.AVENGE_PURGE,
              EffectKind.AVENGE_OWN_HOLDING)


@dataclass(frozen=True)
class Trigger:
    """One after-battle power set off in a round: the card, its side, what it does, and the
    opposing champion of that round (``None``: a realm defended itself)."""

    source: int
    side: int
    kind: EffectKind
    target: int | None


def _round_cards(state: SpellfireState, p: int) -> list[int]:
    """Side ``p``'s cards in the round: its champion, the champion's attachments, its
    support."""
    b = state.battle
    c = b.champion[p]
    out = [] if c is None else [c, *state.players[p].attached.get(c, ())]
    return out + list(b.support[p])


def triggers(state: SpellfireState, ctx: Context, winner: int) -> list[Trigger]:
    """The after-battle powers the round set off, ``winner`` having won it (read before the
    round's cards leave it)."""
    b = state.battle
    out: list[Trigger] = []
    for rs in ctx.sides(state):
        p = rs.player
        target = b.champion[1 - p]
        for inst in _round_cards(state, p):
            for kind in AFTER_KINDS:
                if kind in _ON_DEFEAT and p == winner:
                    continue
                for e in ctx.facts[inst].get(kind):
                    if not holds(e.condition, rs.attacking, rs.opponent):
                        continue
                    if kind is EffectKind.DISCARD_AFTER_ROUND and not _low_enough(
                            ctx.facts, target, e.amount):
                        continue
                    out.append(Trigger(inst, p, kind, target))
    return out


def _low_enough(facts: Sequence[Facts], target: int | None, most: int) -> bool:
    """A champion to discard "of base level ``most`` or less" (0: any level)."""
    return target is not None and (most <= 0 or facts[target].level <= most)


def settle(state: SpellfireState, ctx: Context, found: Sequence[Trigger],
           events: list[Event]) -> None:
    """Apply the after-battle powers ``found`` (the round is over: seed 001, "these effects
    occur outside of the battle")."""
    for t in found:
        if t.kind is EffectKind.AVENGE_RAZE:
            _raze_one(state, ctx, t, events)
        elif t.kind is EffectKind.AVENGE_PURGE:
            _purge_pools(state, ctx, t, events)
        elif t.kind is EffectKind.AVENGE_OWN_HOLDING:
            _discard_own_holding(state, ctx, t, events)
        elif t.target is not None:
            _discard_champion(state, ctx, t, events)
    if found:
        touch(state)


def _discard_champion(state: SpellfireState, ctx: Context, t: Trigger,
                      events: list[Event]) -> None:
    """The target champion leaves its pool for its owner's discard pile, with its
    attachments (each to its owner's pile)."""
    assert t.target is not None
    holder = next((p for p in (0, 1) if t.target in state.players[p].pool), None)
    if holder is None:
        return
    side = state.players[holder]
    side.pool.remove(t.target)
    for i in (t.target, *side.attached.pop(t.target, [])):
        state.players[state.owner[i]].discard.append(i)
    events.append(Event("after_battle_discard", f"{ctx.name(t.source)}: player_{holder}'s "
                                                f"{ctx.name(t.target)} is discarded after the "
                                                "battle", t.side,
                        {"card": state.cards[t.source], "target": state.cards[t.target]}))


def _purge_pools(state: SpellfireState, ctx: Context, t: Trigger,
                 events: list[Event]) -> None:
    """``avenge_purge``: the champions of the effect's types and printed level ``amount`` or
    more leave every pool for their owners' discard piles, with their attachments."""
    fx = ctx.facts
    for e in fx[t.source].get(EffectKind.AVENGE_PURGE):
        for side in state.players:
            for c in [c for c in side.pool if int(fx[c].type) in e.card_types
                      and fx[c].level >= e.amount]:
                side.pool.remove(c)
                for i in (c, *side.attached.pop(c, [])):
                    state.players[state.owner[i]].discard.append(i)
                events.append(Event("after_battle_discard", f"{ctx.name(t.source)}: "
                                                            f"{ctx.name(c)} is discarded after "
                                                            "the battle", t.side,
                                    {"card": state.cards[t.source], "target": state.cards[c]}))


def _discard_own_holding(state: SpellfireState, ctx: Context, t: Trigger,
                         events: list[Event]) -> None:
    """``avenge_own_holding``: one holding of the card's owner goes to the discard pile; the
    owner would choose, [decided] the engine takes the last one in formation order F..A (the
    realm there shields the fewest others; the action space has no choice here)."""
    side = state.players[t.side]
    slots = [s for s in reversed(range(6)) if side.holdings[s] is not None]
    if not slots:
        return
    holding = side.holdings[slots[0]]
    assert holding is not None
    side.holdings[slots[0]] = None
    state.players[state.owner[holding]].discard.append(holding)
    events.append(Event("after_battle_discard", f"{ctx.name(t.source)}: player_{t.side}'s "
                                                f"{ctx.name(holding)} is discarded after the "
                                                "battle", t.side,
                        {"card": state.cards[t.source], "target": state.cards[holding]}))


def _raze_one(state: SpellfireState, ctx: Context, t: Trigger, events: list[Event]) -> None:
    """``avenge_raze``: raze the opponent's first standing realm (its holding is discarded
    with it, as in the judge's razing), or discard its first razed realm."""
    foe = 1 - t.side
    side = state.players[foe]
    standing = [s for s in range(6) if side.realms[s] is not None and not side.razed[s]]
    razed = [s for s in range(6) if side.realms[s] is not None and side.razed[s]]
    if standing:
        slot = standing[0]
        side.razed[slot] = True
        holding = side.holdings[slot]
        if holding is not None:
            side.holdings[slot] = None
            state.players[state.owner[holding]].discard.append(holding)
        what = "razed"
    elif razed:
        slot = razed[0]
        realm = side.realms[slot]
        assert realm is not None
        side.realms[slot] = None
        side.razed[slot] = False
        state.players[state.owner[realm]].discard.append(realm)
        what = "discarded"
    else:
        return
    realm = side.realms[slot] if what == "razed" else realm
    assert realm is not None
    events.append(Event("after_battle_realm", f"{ctx.name(t.source)}: player_{foe}'s realm "
                                              f"{SLOTS[slot]} ({ctx.name(realm)}) is {what} "
                                              "after the battle", t.side,
                        {"card": state.cards[t.source], "slot": SLOTS[slot], "realm": what}))
