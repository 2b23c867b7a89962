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
from ..cards.cards import CardType
from ..cards.effects import Effect, EffectKind
from . import aftermath_more, chance
from .context import Context, touch
from .facts import Facts, carries, holds, stays_in_pool
from .state import SpellfireState
from .totals import negates

AFTER_KINDS = (EffectKind.AVENGE_DISCARD, EffectKind.AVENGE_RAZE,
               EffectKind.DISCARD_AFTER_ROUND, EffectKind.AVENGE_PURGE,
               EffectKind.AVENGE_OWN_HOLDING, EffectKind.DISCARD_AFTER_RAZING,
               EffectKind.OPPOSING_TO_ABYSS, EffectKind.BACK_TO_HAND,
               EffectKind.DEFENSE_RAZES_ATTACKER, EffectKind.ARTIFACT_MOVES_ON_DEFEAT,
               EffectKind.SPELLS_KEPT, *chance.KINDS, *aftermath_more.KINDS)
"""The effect kinds this module resolves (those of :mod:`.chance` and :mod:`.aftermath_more` by
calling them)."""
_ON_DEFEAT = (EffectKind.AVENGE_DISCARD, EffectKind.AVENGE_RAZE, EffectKind.AVENGE_PURGE,
              EffectKind.AVENGE_OWN_HOLDING, EffectKind.BACK_TO_HAND,
              EffectKind.ARTIFACT_MOVES_ON_DEFEAT, EffectKind.CHANCE_SHUFFLED_BACK,
              *aftermath_more.ON_DEFEAT)


@dataclass(frozen=True)
class Trigger:
    """One after-battle power set off in a round: the card, its side, what it does, and the
    opposing champion of that round (``None``: a realm defended itself)."""

    source: int
    side: int
    kind: EffectKind
    target: int | None
    abyss: bool = False
    """(``discard_after_round`` with the mark "abyss", 3rd Edition: Horrors of the Abyss, "this
    spell and the opposing champion are sent to the Abyss") the Abyss, not the discard pile."""
    slot: int | None = None
    """(``discard_after_razing``, 3rd Edition) the attacked realm's slot: the power acts only
    if that realm is razed when the round is over."""
    cards: tuple[int, ...] = ()
    """(``opposing_to_abyss``, 3rd Edition) the cards to send to the Abyss, read while they
    are in the round."""


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
    sides = ctx.sides(state)
    for rs in sides:
        p = rs.player
        target = b.champion[1 - p]
        for inst in _round_cards(state, p):
            if negates(sides[1] if rs is sides[0] else sides[0], ctx.facts[inst]):
                continue  # negate_powers (3rd Edition): its powers are gone
            for kind in AFTER_KINDS:
                if kind in _ON_DEFEAT and p == winner:
                    continue
                for e in ctx.facts[inst].get(kind):
                    if not holds(e.condition, rs.attacking, rs.opponent):
                        continue
                    own = _own_side(state, ctx, inst, p, kind, e, winner)
                    if own is not None:
                        out += own
                        continue
                    if kind is EffectKind.DISCARD_AFTER_ROUND and not _low_enough(
                            ctx.facts, target, e.amount):
                        continue
                    if kind is EffectKind.DISCARD_AFTER_RAZING:
                        out.append(Trigger(inst, p, kind, b.champion[p], slot=b.realm))
                        continue
                    if kind is EffectKind.BACK_TO_HAND:
                        out.append(Trigger(inst, p, kind, None, cards=(inst,)))
                        continue
                    if kind is EffectKind.OPPOSING_TO_ABYSS:
                        if p == winner:  # "if successful"
                            out.append(_eaten(state, ctx, inst, p, e, winner))
                        continue
                    out.append(Trigger(inst, p, kind, target, e.mark == "abyss"))
    return out + _realm_triggers(state, ctx, winner)


def _own_side(state: SpellfireState, ctx: Context, inst: int, p: int, kind: EffectKind,
              e: Effect, winner: int) -> list[Trigger] | None:
    """The 4th Edition's (c4th3c) after-battle powers on the card's own side, or ``None`` for
    another power: ``defense_razes_attacker`` when the side defended and won (Barbaric Allies,
    "a successful defense"); ``discard_after_round`` with the mark "own", the side's champion
    win or lose (Heroic Effort, "win or lose, the hero is discarded at the end of the
    battle")."""
    if kind is EffectKind.DEFENSE_RAZES_ATTACKER:
        return [Trigger(inst, p, kind, None)] if p == winner == state.defender else []
    if kind is EffectKind.DISCARD_AFTER_ROUND and e.mark == "own":
        return [Trigger(inst, p, kind, state.battle.champion[p])]
    if kind is EffectKind.LOSER_ITEM_OR_REALM:  # Flaming Fist (c4th5b): the round's loser
        return [Trigger(inst, winner, kind, None)]
    if kind is EffectKind.SPELLS_KEPT:  # Spellbook (c4th5b): its side's spells, a round won
        return [Trigger(inst, p, EffectKind.BACK_TO_HAND, None, cards=aftermath_more.kept_spells(
            state, ctx, p, e.count))] if p == winner else []
    if kind is EffectKind.ARTIFACT_MOVES_ON_DEFEAT:  # Guenhwyvar, on the losing side
        return [Trigger(inst, p, kind, None, cards=(inst,))]
    if kind is EffectKind.CHANCE_SHUFFLED_BACK:  # Lolth, on the losing side (c1st5)
        return [Trigger(inst, p, kind, None, cards=(inst,))]
    if kind is EffectKind.CHANCE_HAND_DISCARD or kind in aftermath_more.ON_WIN:
        # Shalbaal, Halcyon (after2): "every time [he] wins a round"
        return [Trigger(inst, p, kind, None)] if p == winner else []
    return None


def _realm_triggers(state: SpellfireState, ctx: Context, winner: int) -> list[Trigger]:
    """``discard_after_round`` with the mark "both" on the attacked realm or its holding (3rd
    Edition, Castle Draw: "all champions, even if victorious, are discarded"): both champions
    of the round, win or lose."""
    b = state.battle
    if b.realm is None:
        return []
    dfn = state.defender
    home = state.players[dfn]
    holding = None if ctx.sides(state)[1].holding_negated else home.holdings[b.realm]
    cards = [i for i in (home.realms[b.realm], holding) if i is not None]
    out = [Trigger(i, dfn, EffectKind.DISCARD_AFTER_ROUND, c) for i in cards
           for e in ctx.facts[i].get(EffectKind.DISCARD_AFTER_ROUND) if e.mark == "both"
           for c in b.champion if c is not None]
    out += _razer_triggers(state, ctx, cards)
    out += [Trigger(i, dfn, EffectKind.ROUND_ALLY_TO_HAND, None, cards=back) for i in cards
            if (back := aftermath_more.ally_back(state, ctx, i, winner))]  # after2
    out += [Trigger(i, dfn, EffectKind.RAZED_RAZES_OPPONENT, None, slot=b.realm) for i in cards
            if ctx.facts[i].type == CardType.HOLDING
            and ctx.facts[i].has(EffectKind.RAZED_RAZES_OPPONENT)]  # Silver Spring (after2)
    return out + [_eaten(state, ctx, i, dfn, e, winner) for i in cards
                  for e in ctx.facts[i].get(EffectKind.OPPOSING_TO_ABYSS)] + _resurrected(
        state, ctx, winner)


def _razer_triggers(state: SpellfireState, ctx: Context, cards: Sequence[int]
                    ) -> list[Trigger]:
    """``discard_after_razing`` on the attacked realm (4th Edition, c4th3a: Raurin, "if Raurin
    is razed, the attacking champion must be discarded"; The Forest Ridge, "if razed through
    combat"): the attacking champion of the round, when the round ends with the realm razed
    (:func:`settle` reads the slot then)."""
    b = state.battle
    att = state.attacker
    champion = b.champion[att]
    if champion is None:
        return []
    return [Trigger(i, att, EffectKind.DISCARD_AFTER_RAZING, champion, slot=b.realm)
            for i in cards if ctx.facts[i].type == CardType.REALM
            for _ in ctx.facts[i].get(EffectKind.DISCARD_AFTER_RAZING)]


def razer_discarded(state: SpellfireState, ctx: Context, realm: int, champion: int | None,
                    events: list[Event], by_card: bool) -> None:
    """``discard_after_razing`` on a realm razed in its battle without a round won: by a
    declined defence, or by card play (``by_card``; Raurin, "if Raurin is razed", and not The
    Forest Ridge, whose mark "combat" asks for a razing by the attack: c4th3a). The attacking
    ``champion``, back in its pool, is discarded after the battle (seed 001: after the
    spoils)."""
    found = ctx.facts[realm].get(EffectKind.DISCARD_AFTER_RAZING)
    if champion is None or not any(e.mark != "combat" or not by_card for e in found):
        return
    _discard_champion(state, ctx, Trigger(realm, state.attacker,
                                          EffectKind.DISCARD_AFTER_RAZING, champion), events)
    touch(state)


def _resurrected(state: SpellfireState, ctx: Context, winner: int) -> list[Trigger]:
    """``back_to_hand`` with the mark "allies" on a holding of any standing realm of the
    defender (3rd Edition, Ancient Arms of Veluna: "all allies played in the successful defense
    of any Greyhawk realm held by this player are resurrected (returned to his hand) instead of
    discarded"): when the defender wins the round, its allies of the round, the condition read
    on the realm fought over."""
    dfn = state.defender
    if winner != dfn:
        return []
    home, rs = state.players[dfn], ctx.sides(state)[1]
    allies = tuple(i for i in state.battle.support[dfn] if ctx.facts[i].type == CardType.ALLY)
    return [Trigger(h, dfn, EffectKind.BACK_TO_HAND, None, cards=allies)
            for s, h in enumerate(home.holdings) if h is not None and not home.razed[s]
            for e in ctx.facts[h].get(EffectKind.BACK_TO_HAND)
            if e.mark == "allies" and holds(e.condition, False, rs.opponent)]


def _eaten(state: SpellfireState, ctx: Context, inst: int, p: int, e: Effect,
           winner: int) -> Trigger:
    """``opposing_to_abyss``: the other side's allies of the round, and with the mark
    "champion" its champion when it lost the round (T'kkyl, Dungeon of Gulg); only those with
    one of ``attributes`` when given (Mace of Disruption: "undead champions and allies killed
    by the mace"; issue 13, c4th3b)."""
    b = state.battle
    q = 1 - p
    # The mark "defeated" (4th Edition, c4th3c: Wither Touch, "any champion defeated by the
    # attached champion is sent to the Abyss"): the champion alone, no ally.
    found = [] if e.mark == "defeated" else [
        i for i in b.support[q] if ctx.facts[i].type == CardType.ALLY]
    loser = b.champion[q]
    if e.mark in ("champion", "defeated") and winner == p and loser is not None:
        found.append(loser)
    if e.attributes:
        found = [i for i in found if ctx.facts[i].card.attributes.intersection(e.attributes)]
    return Trigger(inst, p, EffectKind.OPPOSING_TO_ABYSS, None, cards=tuple(found))


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
        elif t.abyss:
            _to_the_abyss(state, ctx, t, events)
        elif t.kind is EffectKind.OPPOSING_TO_ABYSS:
            _eat(state, ctx, t, events)
        elif t.kind in (EffectKind.BACK_TO_HAND, EffectKind.ROUND_ALLY_TO_HAND):
            _back_to_hand(state, ctx, t, events)
        elif t.kind is EffectKind.DEFENSE_RAZES_ATTACKER:
            _raze_last(state, ctx, t, events)
        elif t.kind is EffectKind.ARTIFACT_MOVES_ON_DEFEAT:
            _move_artifact(state, ctx, t, events)
        elif t.kind in _ELSEWHERE:
            _settle_elsewhere(state, ctx, t, events)
        elif t.kind is EffectKind.DISCARD_AFTER_RAZING:
            if t.slot is not None and state.players[1 - t.side].razed[t.slot]:
                _discard_champion(state, ctx, t, events)
        elif t.target is not None:
            _discard_champion(state, ctx, t, events)
    if found:
        touch(state)


_ELSEWHERE = (*chance.KINDS, *aftermath_more.KINDS)


def _settle_elsewhere(state: SpellfireState, ctx: Context, t: Trigger,
                      events: list[Event]) -> None:
    """The kinds of the cards of chance (:mod:`.chance`, issue 13, c1st5) and of the other
    after-round powers (:mod:`.aftermath_more`, issue 13, after2)."""
    if t.kind in chance.KINDS:
        chance.settle(state, ctx, t.kind, t.source, t.side, events)
    else:
        aftermath_more.settle(state, ctx, t.kind, t.source, t.side, events, t.slot)


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
                      and fx[c].level >= e.amount and not stays_in_pool(fx[c])]:
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


def _to_the_abyss(state: SpellfireState, ctx: Context, t: Trigger, events: list[Event]) -> None:
    """Horrors of the Abyss (3rd Edition): the card and the opposing champion of the round, win
    or lose, go to their owners' Abyss (out of the game) from wherever the round left them (a
    pool or a discard pile); the champion's attachments go to the discard pile [decided: the
    text names the champion only]."""
    moved = []
    for i in (t.source, t.target):
        if i is None:
            continue
        owner = state.players[state.owner[i]]
        holder = next((p for p in (0, 1) if i in state.players[p].pool), None)
        if holder is not None:
            side = state.players[holder]
            side.pool.remove(i)
            for a in side.attached.pop(i, []):
                state.players[state.owner[a]].discard.append(a)
        elif i in owner.discard:
            owner.discard.remove(i)
        else:
            continue
        owner.abyss.append(i)
        moved.append(i)
    if moved:
        events.append(Event("after_battle_abyss", f"{ctx.name(t.source)}: "
                                                  f"{', '.join(ctx.name(i) for i in moved)} "
                                                  "sent to the Abyss after the round", t.side,
                            {"card": state.cards[t.source],
                             "cards": [state.cards[i] for i in moved]}))


def _eat(state: SpellfireState, ctx: Context, t: Trigger, events: list[Event]) -> None:
    """``opposing_to_abyss``: the cards of ``t`` leave their owners' discard piles (where the
    round sent them) for their Abyss."""
    moved = [i for i in t.cards if i in state.players[state.owner[i]].discard]
    for i in moved:
        owner = state.players[state.owner[i]]
        owner.discard.remove(i)
        owner.abyss.append(i)
    if moved:
        events.append(Event("after_battle_abyss", f"{ctx.name(t.source)}: "
                                                  f"{', '.join(ctx.name(i) for i in moved)} "
                                                  "sent to the Abyss after the round", t.side,
                            {"card": state.cards[t.source],
                             "cards": [state.cards[i] for i in moved]}))


def _back_to_hand(state: SpellfireState, ctx: Context, t: Trigger,
                  events: list[Event]) -> None:
    """``back_to_hand`` (3rd Edition, Punisher): the card leaves its owner's discard pile (where
    the lost round sent it) for its owner's hand."""
    for i in t.cards:
        owner = state.players[state.owner[i]]
        if i in owner.discard:
            owner.discard.remove(i)
            owner.hand.append(i)
            events.append(Event("after_battle_to_hand", f"{ctx.name(i)} returns to "
                                                        f"player_{state.owner[i]}'s hand "
                                                        "instead of being discarded",
                                state.owner[i], {"card": state.cards[i]}))


def _immune_realm(realm: Facts, source: str) -> bool:
    """Whether ``realm`` is immune to the card named ``source`` (``immune_to_named``)."""
    return any(n in source for e in realm.get(EffectKind.IMMUNE_TO_NAMED) for n in e.names)


def repelled(state: SpellfireState, ctx: Context) -> list[Trigger]:
    """The ``defense_razes_attacker`` powers set off when the attacking champion is discarded
    by card play (seed 001: "the battle is over"), a successful defense without a round won
    (4th Edition, c4th3c: Barbaric Allies); read while the cards are in the round."""
    return [t for t in triggers(state, ctx, state.defender)
            if t.kind is EffectKind.DEFENSE_RAZES_ATTACKER]


def _move_artifact(state: SpellfireState, ctx: Context, t: Trigger, events: list[Event]) -> None:
    """``artifact_moves_on_defeat`` (4th Edition, c4th3c: Guenhwyvar): the artifact, discarded
    with its defeated champion, goes to the highest-level champion of its player's pool of the
    artifact's world that may carry it (``facts.carries``); else it stays discarded."""
    fx, art = ctx.facts, t.source
    side = state.players[t.side]
    if art not in side.discard:
        return  # its champion escaped or survived: the artifact stayed on it
    world = fx[art].card.world
    fits = [c for c in side.pool if fx[c].card.world == world
            and carries(fx[art], fx[c], [fx[a] for a in side.attached.get(c, ())])]
    if not fits:
        return
    holder = max(fits, key=lambda c: (fx[c].level, -side.pool.index(c)))
    side.discard.remove(art)
    side.attached.setdefault(holder, []).append(art)
    events.append(Event("after_battle_attached", f"{ctx.name(art)} goes to "
                                                 f"{ctx.name(holder)} in player_{t.side}'s pool",
                        t.side, {"card": state.cards[art], "champion": state.cards[holder]}))


def _raze_last(state: SpellfireState, ctx: Context, t: Trigger, events: list[Event]) -> None:
    """``defense_razes_attacker``: the attacker's last standing realm, F to A, is razed (its
    holding discarded with it, as in the judge's razing) [decided: the attacker's best]."""
    side = state.players[1 - t.side]
    standing = [s for s, r in enumerate(side.realms) if r is not None and not side.razed[s]]
    if standing:
        aftermath_more.raze_after_battle(state, ctx, t.source, t.side, standing[-1], events)


def _raze_one(state: SpellfireState, ctx: Context, t: Trigger, events: list[Event]) -> None:
    """``avenge_raze``: raze the opponent's first standing realm (its holding is discarded
    with it, as in the judge's razing), or discard its first razed realm."""
    side = state.players[1 - t.side]
    source = ctx.name(t.source).lower()
    # A realm immune to the card (immune_to_named, 3rd Edition: The Wolf Nomads, "immune to the
    # power of Iuz the Evil") is passed over.
    slots = [s for s, r in enumerate(side.realms) if r is not None
             and not _immune_realm(ctx.facts[r], source)]
    standing = [s for s in slots if not side.razed[s]]
    razed = [s for s in slots if side.razed[s]]
    if standing:
        aftermath_more.raze_after_battle(state, ctx, t.source, t.side, standing[0], events)
    elif razed:
        slot = razed[0]
        realm = side.realms[slot]
        assert realm is not None
        side.realms[slot] = None
        side.razed[slot] = False
        state.players[state.owner[realm]].discard.append(realm)
        aftermath_more.realm_event(state, ctx, t.source, t.side, slot, realm, "discarded",
                                   events)
