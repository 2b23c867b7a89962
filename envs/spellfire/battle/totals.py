"""Level totals of both sides of a round (seed 000 step E, RULES.md §1 "Combat").

A side's total is its champion's level (doubled by a ``double_level`` power), or the level at
which a realm defends itself, plus, for every card of that side that still has effect:

- the icon bonus of its attached magical items and artifact and of its support cards (allies,
  spells, events ...), and the ``+N`` of the realm and holding it defends;
- ``gain_levels`` of each of those cards whose condition holds; ``allies_gain`` per ally;

minus the ``opponent_loses`` of the other side's cards. A card has no effect on the opposing
champion when that champion is immune to it: ``immune_offensive_spells`` stops the other side's
(Off) spells, ``immune_to`` stops the other side's cards of the listed types ([decided]: an
immune champion's opponent gets neither the card's bonus nor its effects). The side with the
larger total is winning; a tie goes to the defender (seed 000 steps E and G).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards.cards import CardType
from ..cards.effects import EffectKind, When
from .facts import SPELL_TYPES, Ctx, Facts, holds, opponent_of
from .state import SpellfireState


@dataclass(frozen=True)
class RoundSide:
    """One side of the round as the totals see it."""

    player: int
    attacking: bool
    champion: Facts | None
    self_defense_type: int | None
    cards: tuple[Facts, ...]
    """Attached cards, support cards and (defender) the realm and holding, champion excluded."""
    opponent: Ctx
    """The context conditions read (the opposing champion, one's own, the realm, names)."""
    immune_offensive: bool
    immune_types: frozenset[int]


def round_sides(state: SpellfireState, facts: Sequence[Facts]) -> tuple[RoundSide, RoundSide]:
    """(attacker's side, defender's side) of the current round."""
    b = state.battle
    att, dfn = state.attacker, state.defender
    champs: list[Facts | None] = [None, None]
    self_type: list[int | None] = [None, None]
    cards: list[list[Facts]] = [[], []]
    for p in (att, dfn):
        c = b.champion[p]
        side = state.players[p]
        if c is not None:
            champs[p] = facts[c]
            cards[p] += [facts[i] for i in side.attached.get(c, ())]
        cards[p] += [facts[i] for i in b.support[p]]
    if b.realm is not None:
        home = state.players[dfn]
        realm = home.realms[b.realm]
        if realm is not None:
            rf = facts[realm]
            cards[dfn].append(rf)
            if b.realm_defends:
                self_type[dfn] = rf.self_defense_type
        holding = home.holdings[b.realm]
        if holding is not None:
            cards[dfn].append(facts[holding])
    realm_name = ""
    if b.realm is not None:
        r = state.players[dfn].realms[b.realm]
        realm_name = facts[r].name if r is not None else ""

    def names() -> tuple[str, ...]:
        return names_in_play(state, facts)

    out = []
    for p in (att, dfn):
        q = 1 - p
        opp = Ctx(opponent_of(champs[q], self_type[q]), opponent_of(champs[p], self_type[p]),
                  realm_name, names)
        attacking = p == att
        immune_off = False
        immune_types: set[int] = set()
        mine = champs[p]
        if mine is not None and mine.effects:
            for e in mine.get(EffectKind.IMMUNE_OFFENSIVE_SPELLS):
                if holds(e.condition, attacking, opp):
                    immune_off = True
            for e in mine.get(EffectKind.IMMUNE_TO):
                if holds(e.condition, attacking, opp):
                    immune_types.update(e.card_types)
        out.append(RoundSide(p, attacking, mine, self_type[p], tuple(cards[p]), opp, immune_off,
                             frozenset(immune_types)))
    return out[0], out[1]


def names_in_play(state: SpellfireState, facts: Sequence[Facts]) -> tuple[str, ...]:
    """Names of the cards in play anywhere: standing realms and their holdings, pools with
    their attachments, the round (for ``card_in_play`` conditions; kept in the state's
    cache)."""
    found = state.cache.get("names_in_play")
    if found is None:
        names: list[str] = []
        for p, side in enumerate(state.players):
            for s in range(6):
                r = side.realms[s]
                if r is not None and not side.razed[s]:
                    names.append(facts[r].name)
                    h = side.holdings[s]
                    if h is not None:
                        names.append(facts[h].name)
            for c in side.pool:
                names.append(facts[c].name)
            for items in side.attached.values():
                names += [facts[i].name for i in items]
            held = state.battle.champion[p]
            if held is not None:
                names.append(facts[held].name)
            names += [facts[i].name for i in state.battle.support[p]]
        found = state.cache["names_in_play"] = tuple(names)
    return found  # type: ignore[no-any-return]


def affects(card: Facts, target: RoundSide) -> bool:
    """Whether a card of the other side has any effect on ``target``'s champion."""
    if target.immune_offensive and card.offensive and card.type in SPELL_TYPES:
        return False
    return int(card.type) not in target.immune_types


def _has_attribute(card: Facts, attributes: Sequence[int]) -> bool:
    return not attributes or bool(card.card.attributes.intersection(attributes))


def side_totals(state: SpellfireState, facts: Sequence[Facts],
                sides: tuple[RoundSide, RoundSide] | None = None) -> list[int]:
    """Level totals per player (index 0 and 1) of the current round (``sides``: the round's
    :func:`round_sides`, when the caller has them)."""
    a, d = sides if sides is not None else round_sides(state, facts)
    realm_defends = state.battle.realm_defends
    gains = {a.player: 0, d.player: 0}
    base = {a.player: 0, d.player: 0}
    live = {a.player: [c for c in a.cards if affects(c, d)],
            d.player: [c for c in d.cards if affects(c, a)]}
    allies = {p: [c for c in cards if c.type == CardType.ALLY] for p, cards in live.items()}
    for me, other in ((a, d), (d, a)):
        mine = live[me.player]
        if me.champion is not None:
            level = me.champion.level
            doubled = any(holds(e.condition, me.attacking, me.opponent)
                          for c in (me.champion, *mine) if not c.plain
                          for e in c.get(EffectKind.DOUBLE_LEVEL))
            champion_cards: tuple[Facts, ...] = (me.champion,)
        else:
            realm = next((c for c in me.cards if c.type == CardType.REALM), None)
            level = realm.level if realm is not None and realm_defends else 0
            doubled = False
            champion_cards = ()
        base[me.player] = level * 2 if doubled else level
        own_allies, their_allies = allies[me.player], allies[other.player]
        total = 0
        for c in (*champion_cards, *mine):
            if c.type != CardType.REALM or not realm_defends:
                total += c.bonus
            if c.plain:
                continue
            for e in c.get(EffectKind.GAIN_LEVELS):
                if holds(e.condition, me.attacking, me.opponent):
                    total += e.amount
            for e in c.get(EffectKind.ALLIES_GAIN):
                if holds(e.condition, me.attacking, me.opponent):
                    total += e.amount * len(own_allies)
            for e in c.get(EffectKind.OPPONENT_LOSES):
                if holds(e.condition, me.attacking, me.opponent):
                    gains[other.player] -= e.amount
            for e in c.get(EffectKind.OPPOSING_ALLIES_LOSE):
                if holds(e.condition, me.attacking, me.opponent):
                    gains[other.player] -= e.amount * len(their_allies)
            for e in c.get(EffectKind.ALL_ALLIES_GAIN):
                if holds(e.condition, me.attacking, me.opponent):
                    total += e.amount * len(own_allies)
                    gains[other.player] += e.amount * len(their_allies)
            for e in c.get(EffectKind.ALL_CHAMPIONS_GAIN):
                # "every champion in the battle ... (of condition.self_types if given)": the
                # types filter each champion, so only the role is read as a condition here.
                when = e.condition.when
                if (when is When.ATTACKING and not me.attacking
                        or when is When.DEFENDING and me.attacking):
                    continue
                types = e.condition.self_types
                for side in (me, other):
                    if side.champion is not None and (not types
                                                      or int(side.champion.type) in types):
                        if side is me:
                            total += e.amount
                        else:
                            gains[other.player] += e.amount
            for e in c.get(EffectKind.DOUBLE_ALLIES):
                if holds(e.condition, me.attacking, me.opponent):
                    total += sum(x.bonus for x in own_allies if _has_attribute(x, e.attributes))
            for e in c.get(EffectKind.GAIN_PER_OPPOSING_ALLY):
                if holds(e.condition, me.attacking, me.opponent):
                    total += e.amount * len(their_allies)
            for e in c.get(EffectKind.GAIN_PER_OWN_ALLY):
                if holds(e.condition, me.attacking, me.opponent):
                    total += e.amount * len(own_allies)
            for e in c.get(EffectKind.ITEMS_GAIN):
                if holds(e.condition, me.attacking, me.opponent):
                    total += e.amount * sum(1 for x in mine if x.type in (
                        CardType.MAGICAL_ITEM, CardType.ARTIFACT))
        gains[me.player] += total
    return [base[p] + gains[p] for p in (0, 1)]


def winning_side(state: SpellfireState, totals: Sequence[int]) -> int:
    """The player who is winning with these totals: ties go to the defender (seed 000 E, G)."""
    att = state.attacker
    return att if totals[att] > totals[1 - att] else 1 - att
