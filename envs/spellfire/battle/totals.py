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

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import NamedTuple

from ..cards.cards import CardType, Mark
from ..cards.effects import Effect, EffectKind, When
from .facts import (
    PLAYER_WIDE,
    SPELL_TYPES,
    SUPPORT_TYPES,
    Ctx,
    Facts,
    allies_attributes,
    allies_moves,
    becoming,
    champion_uses,
    holds,
    moves_with,
    moving,
    opponent_of,
    realm_defense,
    realm_defense_attributes,
)
from .forms import in_form
from .hand import in_play
from .holders import HOLDERS, holders_of
from .shared_holdings import borrowed_slots, holdings_at
from .shields import realm_guards
from .state import Side, SpellfireState


class RoundSide(NamedTuple):
    """One side of the round as the totals see it (a named tuple: built twice at every change
    of the round, issue 14; :meth:`_replace` gives a changed copy)."""

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
    immune_marked: frozenset[tuple[int, str]] = frozenset()
    """(``immune_to`` with a ``mark``) the other side's cards of a type with that mark this side
    is immune to ("immune to offensive magical items": ``(9, "off")``; issue 13 audit 2: the
    mark was dropped, and the other side's (Def) items and spells lost their bonus)."""
    immune_named: tuple[Effect, ...] = ()
    """(``immune_to_named``) the effects naming the other side's cards this side is immune
    to."""
    holding_negated: bool = False
    """(Defender) the attacked realm's holding has no power in this battle: the attacker
    negates it (``negate_holdings``); it is left out of ``cards``."""
    immune_except: tuple[Effect, ...] = ()
    """(``immune_except_named``) the effects making this side immune to the other side's
    cards of some types, except those of some names."""
    switched: int = 0
    """Allies of the other player fighting for this side (``steal_ally``)."""
    negates_walls: bool = False
    """(``negate_walls``) the other side's wall spells have no effect on this side."""
    wide: tuple[Effect, ...] = ()
    """(``champions_immune``) the immunities the player's cards anywhere in play give every
    champion of the player (Codex of the Infinite Planes in the pool)."""
    immune_harmful: bool = False
    """(``immune_harmful_events``) the other side's harmful events have no effect on this
    side's champion (issue 13, 4th Edition)."""
    immune_weak: tuple[Effect, ...] = ()
    """(``immune_to_weak``, 3rd Edition) the effects making this side immune to the other
    side's cards of some types of a low bonus."""
    immune_needing: frozenset[str] = frozenset()
    """(``immune_to_needing``, 4th Edition: the Drider) the "uses" codes of the other side's
    cards this side is immune to ("o18": offensive hero unarmed combat cards)."""
    immune_worlds: frozenset[int] = frozenset()
    """(``immune_to_world_powers``, c1st3: Tapestry of the Stag) the worlds of the other
    side's champion and allies whose powers this side's champion is immune to."""
    ignores: frozenset[int] = frozenset()
    """(``ignore_opponents``, issue 13 first_a: Invisibility to Undead) the attributes of the
    other side's champion and cards that count for nothing against this side."""


def _fought_over(state: SpellfireState, facts: Sequence[Facts]
                 ) -> tuple[str, int | None, bool | None, frozenset[int]]:
    """The realm fought over, as conditions read it: its name, world, whether a holding is
    attached ("a realm with an attached holding": attached, even if negated) and attributes;
    ("", None, None, none) when there is none."""
    b = state.battle
    if b.realm is None:
        return "", None, None, frozenset()
    r = state.players[state.defender].realms[b.realm]
    if r is None:
        return "", None, None, frozenset()
    holding = bool(holdings_at(state.players[state.defender], facts, b.realm))  # first_b
    return facts[r].name, int(facts[r].card.world), holding, facts[r].card.attributes


def round_sides(state: SpellfireState, facts: Sequence[Facts]) -> tuple[RoundSide, RoundSide]:
    """(attacker's side, defender's side) of the current round."""
    b = state.battle
    att, dfn = state.attacker, state.defender
    within = reach(state, facts)
    champs: list[Facts | None] = [None, None]
    self_type: list[int | None] = [None, None]
    cards: list[list[Facts]] = [[], []]
    for p in (att, dfn):
        champs[p], cards[p] = _side_cards(state, facts, p, within)
    self_attributes: frozenset[int] = frozenset()
    if b.realm is not None:
        self_type[dfn], self_attributes = _defender_realm(state, facts, b.realm, cards[dfn])
    for p in (att, dfn):  # the rest of the 1st Edition (issue 13): powers from afar
        if within.gains:
            cards[p] += side_wide(state, facts, p)
        champs[p] = in_form(state, facts, p, champs[p])
        if within.moves:
            champs[p], cards[p] = _with_gained_movement(champs[p], cards[p])
    realm_name, realm_world, realm_holding, realm_attributes = _fought_over(state, facts)

    def names() -> tuple[str, ...]:
        return names_in_play(state, facts)

    out = []
    for p in (att, dfn):
        q = 1 - p
        opp = Ctx(opponent_of(champs[q], self_type[q], self_attributes),
                  opponent_of(champs[p], self_type[p], self_attributes),
                  realm_name, names, realm_world, _pool_names(state, facts, p), realm_holding,
                  _own_champions(state, facts, p), realm_attributes)
        out.append(RoundSide(p, p == att, champs[p], self_type[p], tuple(cards[p]), opp,
                             False, frozenset(), switched=sum(  # allies (a turned spell: no)
                                 1 for i in b.support[p] if state.owner[i] != p
                                 and facts[i].type == CardType.ALLY),
                             wide=side_wide_immunities(state, facts, p, False)))
    a, d = out
    if any(c.type == CardType.HOLDING for c in d.cards) and negates_holdings(a):
        d = d._replace(cards=tuple(c for c in d.cards if c.type != CardType.HOLDING),
                       holding_negated=True,
                       wide=side_wide_immunities(state, facts, dfn, True) if d.wide else ())
    if within.negates:
        a, d = _negated_pair(state, facts, a, d)
    a, d = _immune(a), _immune(d)
    return (_ignoring(a), _ignoring(d)) if within.ignores else (a, d)


def _side_cards(state: SpellfireState, facts: Sequence[Facts], p: int,
                within: Reach) -> tuple[Facts | None, list[Facts]]:
    """``p``'s champion in the round and its side's cards but the realm fought over and the
    powers from afar: the champion's attachments (and the artifacts it shares), the support,
    the lasting cards, the pool's auras and the player-wide holdings."""
    b = state.battle
    c = b.champion[p]
    side = state.players[p]
    champion, cards = None, []
    if c is not None:
        champion = facts[c]
        cards += [_drawn(facts[i], b.digits.get(i)) for i in side.attached.get(c, ())]
        if within.shares:
            cards += _shared_artifacts(side, facts, facts[c].name)
    cards += [facts[i] for i in b.support[p]]
    # The whole game (issue 13, lasting): cards played in an earlier battle whose power
    # lasts "until the player's next turn" act as cards of the side, bonus spent.
    # Issue 13 (first_a): one cast on an opposing champion acts only against it.
    cards += [replace(facts[i], bonus=0) for i in side.lasting
              if side.cursing.get(i, b.champion[1 - p]) == b.champion[1 - p]]
    if within.auras:
        cards += _pool_auras(side, facts)
    if within.player_wide:
        cards += _player_wide(side, facts, b.realm if p == state.defender else None)
    return champion, cards


def _ignoring(side: RoundSide) -> RoundSide:
    """``side`` with the attributes its champion ignores in the other side's cards
    (``ignore_opponents``: "this champion ignores undead opponents", Invisibility to Undead;
    issue 13, first_a)."""
    kind = EffectKind.IGNORE_OPPONENTS
    if side.champion is None or not any(c.has(kind) for c in (side.champion, *side.cards)):
        return side
    found = frozenset(a for e in _effects_holding(side, kind) for a in e.attributes)
    return side._replace(ignores=found) if found else side


def ignored(card: Facts, target: RoundSide) -> bool:
    """``ignore_opponents``: ``card``, of the other side, is one ``target``'s champion
    ignores: [decided] it adds nothing to its side's total and its powers do not act on
    ``target`` (its champion counts base level 0: :func:`side_totals`)."""
    return bool(target.ignores) and not target.ignores.isdisjoint(card.card.attributes)


def _drawn(card: Facts, digit: int | None) -> Facts:
    """``card`` with the bonus it drew for the round (``bonus_from_digit``, c4th5b: Wand of
    Wonder; ``Battle.digits``), or as it is."""
    return card if digit is None else replace(card, bonus=digit)


def _defender_realm(state: SpellfireState, facts: Sequence[Facts], slot: int,
                    cards: list[Facts]) -> tuple[int | None, frozenset[int]]:
    """Add the realm fought over, its holding and the defender's holdings that reach it to the
    defender's ``cards``; the champion type the realm defends itself as (``None``: it does
    not) and its attributes then."""
    b = state.battle
    home = state.players[state.defender]
    realm = home.realms[slot]
    # Its own holding and those it shares (The Sea Barons, issue 13 first_b).
    held = [facts[h] for h in holdings_at(home, facts, slot)]
    self_type, attributes = None, frozenset[int]()
    if realm is not None:
        rf = facts[realm]
        cards.append(rf)
        if b.realm_defends:
            hf = max(held, key=lambda f: realm_defense(rf, f)[0], default=None)
            self_type = realm_defense(rf, hf)[1]
            attributes = realm_defense_attributes(rf, hf)
    cards += held
    cards += _remote_holdings(home, facts, slot)
    if b.realm_defends:  # c4th3a: Reorxcrown Mountains, Fortification: Parapet
        cards += realm_guards(state, facts, state.defender, slot)
    return self_type, attributes


class Reach(NamedTuple):
    """Which powers from outside the round, or acting on the other side's cards, any card of
    this game has at all (issue 14: a game without them skips looking for them at every
    step; they depend on the card list only, so they are kept with the facts)."""

    auras: bool
    """A pool champion's power with ``with_own_champions`` or ``self_names``, or player-wide
    (:func:`_pool_auras`)."""
    player_wide: bool
    """A holding's effect with the mark "player"."""
    gains: bool
    """``champions_gain`` or ``lend_from_pool``."""
    negates: bool
    """``negate_powers`` or ``immune_to_world_powers``."""
    realm_bars: bool
    """``realms_not_attackable_by`` or ``all_realms_not_attackable_by`` (read by the legal
    gates)."""
    escapes: bool = False
    """``escape_to_limbo`` (c1st3: read by the engine around every step)."""
    moves: bool = True
    """``gain_movement``, ``allies_become`` or ``later_allies_move`` (what
    :func:`_with_gained_movement` reads; no card of the round derives them from another
    power)."""
    shares: bool = True
    """``shared_artifact`` (:func:`_shared_artifacts`)."""
    ignores: bool = True
    """``ignore_opponents`` (:func:`_ignoring`)."""


def reach(state: SpellfireState, facts: Sequence[Facts]) -> Reach:
    """The game's :class:`Reach`, worked out once per card list (the state's cache)."""
    found = state.cache.get("reach")
    if found is None:
        found = state.cache["reach"] = reach_of(facts)
    return found  # type: ignore[no-any-return]


def reach_of(facts: Sequence[Facts]) -> Reach:
    """The :class:`Reach` of a card list (``facts[inst]``)."""
    distinct = {id(f): f for f in facts if f.effects}.values()  # a deck repeats cards
    effects = [e for f in distinct for es in f.effects.values() for e in es]
    kinds = {e.kind for e in effects}
    wide = any(e.mark == PLAYER_WIDE for e in effects)
    return Reach(
        wide or any(e.condition.with_own_champions or e.condition.self_names
                    for e in effects),
        wide,
        bool(kinds & {EffectKind.CHAMPIONS_GAIN, EffectKind.LEND_FROM_POOL,
                      EffectKind.RULE_WORLD_GAIN, EffectKind.OWN_BASE_HALVED}),
        bool(kinds & {EffectKind.NEGATE_POWERS, EffectKind.IMMUNE_TO_WORLD_POWERS}),
        bool(kinds & {EffectKind.REALMS_NOT_ATTACKABLE_BY,
                      EffectKind.ALL_REALMS_NOT_ATTACKABLE_BY}),
        EffectKind.ESCAPE_TO_LIMBO in kinds,
        bool(kinds & {EffectKind.GAIN_MOVEMENT, EffectKind.ALLIES_BECOME,
                      EffectKind.LATER_ALLIES_MOVE}),
        EffectKind.SHARED_ARTIFACT in kinds,
        EffectKind.IGNORE_OPPONENTS in kinds)


def _wide_sources(state: SpellfireState, facts: Sequence[Facts]) -> frozenset[int]:
    """The card instances with ``champions_immune`` (kept in the state's cache with the
    facts: it depends on the card list only)."""
    found = state.cache.get("wide_sources")
    if found is None:
        found = state.cache["wide_sources"] = wide_sources_of(facts)
    return found  # type: ignore[no-any-return]


def wide_sources_of(facts: Sequence[Facts]) -> frozenset[int]:
    """The card instances of a card list with ``champions_immune``."""
    return frozenset(i for i, f in enumerate(facts) if EffectKind.CHAMPIONS_IMMUNE in f.effects)


def card_list_values(facts: Sequence[Facts]) -> dict[str, object]:
    """What the state's cache keeps for a card list (``context.KEPT``) besides the
    observation's features: the dealer works it out once per pair of decks and hands it to
    every state it deals from them (issue 14: a battle is a few decisions long, so once per
    deal was a large share of its time)."""
    return {"facts": facts, "reach": reach_of(facts), "wide_sources": wide_sources_of(facts),
            HOLDERS: holders_of(facts)}


def side_wide_immunities(state: SpellfireState, facts: Sequence[Facts], p: int,
               holdings_negated: bool) -> tuple[Effect, ...]:
    """``champions_immune`` effects of ``p``'s cards in play: its standing realms and their
    holdings (none when the other side negates them), its pool champions and their
    attachments, its champion in the round with its attachments and support (issue 13 audit
    2: "all of this player's champions are immune ..." on an artifact in the pool)."""
    sources = [i for i in _wide_sources(state, facts) if state.owner[i] == p]
    if not sources:
        return ()  # champions_immune: few cards have it (issue 14: asked at every step)
    side, b = state.players[p], state.battle
    held = b.champion[p]
    cards = {*in_play(side), *b.support[p]}
    if held is not None:
        cards.update((held, *side.attached.get(held, ())))
    kind = EffectKind.CHAMPIONS_IMMUNE
    return tuple(e for i in sources if i in cards
                 and not (holdings_negated and facts[i].type == CardType.HOLDING)
                 for e in facts[i].effects[kind])


def _with_gained_movement(champion: Facts | None, cards: list[Facts]
                          ) -> tuple[Facts | None, list[Facts]]:
    """A side's champion and allies with the movement its cards give them in the round (a
    spell played for it: Fly, Wind Walk, or an attached item; issue 13 audit 2): they are
    flyers (swimmers, earthwalkers) for everything the round reads, the other side's
    conditions ("+3 when fighting flyers", "nonflying attackers") and filters included."""
    if not any(c is not None and (c.has(EffectKind.GAIN_MOVEMENT)
                                  or c.has(EffectKind.ALLIES_BECOME)
                                  or c.has(EffectKind.LATER_ALLIES_MOVE))
               for c in (champion, *cards)):
        return champion, cards
    gained = allies_moves((champion, *cards))
    become = allies_attributes((champion, *cards))  # Lich Conclave (c4th5a)
    if champion is not None:
        champion = moving(champion, moves_with(champion, cards))
    out: list[Facts] = []
    later: frozenset[str] = frozenset()
    for c in cards:  # in the order played: Elf Galleon's allies after it (c4th5a)
        out.append(becoming(moving(c, gained | later), become) if c.type == CardType.ALLY else c)
        later = later | frozenset(m for e in c.get(EffectKind.LATER_ALLIES_MOVE)
                                  for m in e.movement)
    return champion, out


def negates(side: RoundSide, card: Facts) -> bool:
    """``negate_powers`` (3rd Edition: Shayira, Ka'Cha, Inhuman): whether a card of ``side``
    (its champion or its cards, the condition holding) takes the powers of ``card``, a card the
    other side plays into the round (allies, spells, events ...: not its champion, its items,
    its realm or holding); the card's bonus still counts. An effect with the mark "attached"
    takes instead the powers of the other side's (Off) magical items and artifact (Ansalong:
    "negates the special powers of all offensive cards attached to an opposing champion";
    issue 13, c4th3b). ``immune_to_world_powers`` (c1st3, Tapestry of the Stag): the other
    side's champion and allies of the side's immune worlds, when the side has a champion in
    the round."""
    if not card.effects:
        return False
    return _world_immune(side, card) or _negated(side, card)


def _world_immune(side: RoundSide, card: Facts) -> bool:
    """``immune_to_world_powers``: ``card`` is the other side's champion or ally of one of the
    side's immune worlds, and the side has a champion in the round."""
    return bool(side.immune_worlds) and side.champion is not None and (
        card.is_champion or card.type == CardType.ALLY) \
        and int(card.card.world) in side.immune_worlds


def _negated(side: RoundSide, card: Facts) -> bool:
    """``negate_powers`` of a card of ``side`` takes the powers of ``card`` (:func:`negates`)."""
    if _negated_by_attribute(side, card):
        return True
    attached = card.type in (CardType.MAGICAL_ITEM, CardType.ARTIFACT)
    if card.type not in SUPPORT_TYPES and not (attached and card.offensive):
        return False
    return any(holds(e.condition, side.attacking, side.opponent)
               and (e.mark == _ATTACHED) == attached and not e.attributes
               and (not e.card_types or int(card.type) in e.card_types)
               and _within(card.bonus, e)
               for c in (side.champion, *side.cards) if c is not None
               for e in c.get(EffectKind.NEGATE_POWERS))


def _negated_by_attribute(side: RoundSide, card: Facts) -> bool:
    """``negate_powers`` with ``attributes`` (issue 13, c4th5b: Dragonslayer, "cancels the
    powers of any dragon champion or ally opposing the attached champion in battle"): a card
    of ``side`` takes the powers of the other side's champion or ally with one of them."""
    if not (card.is_champion or card.type == CardType.ALLY) or not card.card.attributes:
        return False
    return any(e.attributes and card.card.attributes & set(e.attributes)
               and holds(e.condition, side.attacking, side.opponent)
               for c in (side.champion, *side.cards) if c is not None
               for e in c.get(EffectKind.NEGATE_POWERS))


_ATTACHED = "attached"
"""The mark of a ``negate_powers`` that reaches the other side's (Off) items and artifact."""


def _within(bonus: int, e: Effect) -> bool:
    """Whether a card of ``bonus`` is one a ``negate_powers`` reaches: any (``amount`` 0), of
    bonus ``amount`` or less, or with the mark "over" above ``amount`` (4th Edition, c4th3c:
    Stinking Cloud, "opposing allies of level 4 or higher lose their special powers")."""
    if not e.amount:
        return True
    return bonus > e.amount if e.mark == "over" else bonus <= e.amount


def powerless(card: Facts) -> Facts:
    """``card`` without its powers (its bonus kept): ``negate_powers``."""
    return replace(card, effects={}, plain=True, restricts=False)


def _shorn(other: RoundSide, card: Facts) -> Facts:
    """``card`` of the side facing ``other`` with the powers ``other`` takes: all of them
    (``negate_powers``), or (``immune_to_world_powers``, Tapestry of the Stag: "this player's
    champions are immune to the special powers") all but its own immunities, which protect it
    and do not act on ``other``'s champion (issue 13, audit 4: Adam, "immune to all offensive
    spells", still shrugs off a Lightning Bolt)."""
    if not card.effects:
        return card
    if _negated(other, card):
        return powerless(card)
    if not _world_immune(other, card):
        return card
    kept = {k: es for k, es in card.effects.items() if k in IMMUNITY_KINDS}
    return replace(card, effects=kept, plain=True, restricts=False) if kept else powerless(card)


def _without_negated(side: RoundSide, other: RoundSide) -> RoundSide:
    """``side`` with the powers of its cards (and, ``immune_to_world_powers``, of its
    champion) that ``other`` negates taken away."""
    if not other.immune_worlds and not any(c is not None and c.has(EffectKind.NEGATE_POWERS)
                                           for c in (other.champion, *other.cards)):
        return side  # issue 14: most rounds have no such card
    champion = side.champion
    if champion is not None:
        champion = _shorn(other, champion)  # Tapestry of the Stag: "but not the levels"
    return side._replace(champion=champion, cards=tuple(_shorn(other, c) for c in side.cards))


def _negated_pair(state: SpellfireState, facts: Sequence[Facts], a: RoundSide,
                  d: RoundSide) -> tuple[RoundSide, RoundSide]:
    """Both sides with the world immunities of their players' cards in play
    (``immune_to_world_powers``), then without the powers the other side negates."""
    a = a._replace(immune_worlds=world_immunity(state, facts, a.player))
    d = d._replace(immune_worlds=world_immunity(state, facts, d.player))
    return _without_negated(a, d), _without_negated(d, a)


def world_immunity(state: SpellfireState, facts: Sequence[Facts], p: int) -> frozenset[int]:
    """``immune_to_world_powers`` (c1st3, Tapestry of the Stag: "this player's champions are
    immune to the special powers (but not the levels) of all Ravenloft champions and
    allies"): the worlds named by ``p``'s cards in play (its realms and holdings, its pool and
    attachments, its champion in the round with its attachments and support)."""
    side, b = state.players[p], state.battle
    held = b.champion[p]
    cards = [*in_play(side), *b.support[p]]
    if held is not None:
        cards += [held, *side.attached.get(held, ())]
    kind = EffectKind.IMMUNE_TO_WORLD_POWERS
    return frozenset(w for i in cards for e in facts[i].get(kind) for w in e.condition.vs_worlds)


def _remote_holdings(home: Side, facts: Sequence[Facts], slot: int) -> list[Facts]:
    """The defender's holdings on its other standing realms whose powers reach every realm it
    holds (``realms_allies_gain``: Fort Melidor, "allies defending every Dark Sun realm held by
    this player gain 1 level"); they bring that power only, not their bonus nor their other
    powers (those are for the realm they are attached to)."""
    kinds = (EffectKind.REALMS_ALLIES_GAIN, EffectKind.REALMS_ALLIES_DOUBLED)  # 3rd Edition
    near = {slot, *borrowed_slots(home, facts, slot)}  # shared ones are there whole (first_b)
    return [replace(facts[h], bonus=0, effects={k: facts[h].get(k) for k in kinds
                                                if facts[h].has(k)})
            for s, h in enumerate(home.holdings) if s not in near and h is not None
            and home.realms[s] is not None and not home.razed[s]
            and any(facts[h].has(k) for k in kinds)]


def _player_wide(side: Side, facts: Sequence[Facts], fought: int | None) -> list[Facts]:
    """The holdings of the side's standing realms (but the one fought over, already in the
    round) whose player-wide effects (the mark "player": 3rd Edition, the Ancient Arms, "all
    undead allies of this player are tripled in level, when attacking or defending") act in
    every battle of the player; they bring those effects only, not their bonus."""
    out: list[Facts] = []
    # The holdings the fought realm shares are in the round whole (The Sea Barons, first_b).
    near = {fought, *borrowed_slots(side, facts, fought)} if fought is not None else set()
    for s, h in enumerate(side.holdings):
        if h is None or s in near or side.razed[s] or side.realms[s] is None:
            continue
        f = facts[h]
        wide = {k: kept for k, es in f.effects.items()
                if (kept := tuple(e for e in es if e.mark == PLAYER_WIDE))}
        if wide:
            out.append(replace(f, bonus=0, effects=wide))
    return out


def side_wide(state: SpellfireState, facts: Sequence[Facts], p: int) -> list[Facts]:
    """``p``'s cards out of the round whose powers reach its champion in the round, as bare
    ``champions_gain`` cards (no type, no bonus, no other power: those stay where the card
    is): its standing realms and their holdings ("all Greyhawk champions of this player gain 2
    levels", Greyhawk Ruins), the champions of its pool and their attachments
    (``champions_gain``; ``lend_from_pool``: the Ring of Shooting Stars "can 'lend' +1 to a
    champion in a combat where he is not involved"). The attacked realm and its holding are in
    the round already."""
    side, b = state.players[p], state.battle
    here = b.realm if p == state.defender else None
    far = [i for s in range(6) if s != here and side.realms[s] is not None
           and not side.razed[s] for i in (side.realms[s], side.holdings[s]) if i is not None]
    pooled = [i for c in side.pool for i in (c, *side.attached.get(c, ()))]
    out = [_gains_only(facts[i], facts[i].get(EffectKind.CHAMPIONS_GAIN)) for i in far
           if facts[i].has(EffectKind.CHAMPIONS_GAIN)]
    for i in pooled:
        gains = facts[i].get(EffectKind.CHAMPIONS_GAIN) + tuple(
            replace(e, kind=EffectKind.CHAMPIONS_GAIN)
            for e in facts[i].get(EffectKind.LEND_FROM_POOL))
        if gains:
            out.append(_gains_only(facts[i], gains))
    # rule_world_gain and own_base_halved on a rule card in play, either player's (c4th4:
    # Time of Troubles, The Power of Faith): each side reads them of its own champion.
    for i in (i for s in state.players for i in s.rule):
        found = {k: es for k in (EffectKind.RULE_WORLD_GAIN, EffectKind.OWN_BASE_HALVED)
                 if (es := facts[i].get(k))}
        if found:
            out.append(replace(facts[i], type=CardType.NONE, bonus=0, plain=False,
                               restricts=False, effects=found))
    return out


def _gains_only(card: Facts, gains: tuple[Effect, ...]) -> Facts:
    """``card`` as a bare ``champions_gain`` card for :func:`side_wide`."""
    return replace(card, type=CardType.NONE, bonus=0, plain=False, restricts=False,
                   effects={EffectKind.CHAMPIONS_GAIN: gains})


def _shared_artifacts(side: Side, facts: Sequence[Facts], name: str) -> list[Facts]:
    """``shared_artifact`` (issue 13, c4th4: Aquamarina, "an artifact attached to Aquamarina
    also functions for her sisters, Pearl and Amber"): the artifacts attached to a champion of
    the side's pool with that power, when the side's champion in the round is one it names;
    they count as that champion's cards, bonus and powers."""
    out: list[Facts] = []
    for c in side.pool:
        if any(name in e.names for e in facts[c].get(EffectKind.SHARED_ARTIFACT)):
            out += [facts[i] for i in side.attached.get(c, ())
                    if facts[i].type == CardType.ARTIFACT]
    return out


def _pool_auras(side: Side, facts: Sequence[Facts]) -> list[Facts]:
    """The side's pool champions (not in the round) whose powers reach its champion in the
    round: those whose condition counts the side's champions (``with_own_champions``: "when
    Sharla is in a pool with three or more other adventurers, each adventurer becomes immune
    to offensive wizard spells") or names them (``self_names``: Pearl, "all allies played with
    her or her sisters"; issue 13, 4th Edition) or that are player-wide (the mark "player":
    Elemental Avatar of Earth, "all champions of this player are granted the earthwalking
    ability"; 4th Edition, second pass). They bring those effects only, no level and no other
    power."""
    out: list[Facts] = []
    for c in side.pool:
        f = facts[c]
        found = {k: kept for k, es in f.effects.items()
                 if (kept := tuple(e for e in es if e.condition.with_own_champions
                                   or e.condition.self_names or e.mark == PLAYER_WIDE))}
        if found:
            out.append(replace(f, bonus=0, effects=found))
    return out


def _own_champions(state: SpellfireState, facts: Sequence[Facts],
                   p: int) -> Callable[[], tuple[frozenset[int], ...]]:
    """The attribute sets of ``p``'s champions in play, its pool and its champion in the round
    (for ``with_own_champions`` conditions), read when asked."""
    def attributes() -> tuple[frozenset[int], ...]:
        held = state.battle.champion[p]
        champions = [*state.players[p].pool, *([] if held is None else [held])]
        return tuple(facts[c].card.attributes for c in champions)
    return attributes


def _pool_names(state: SpellfireState, facts: Sequence[Facts],
                p: int) -> Callable[[], tuple[str, ...]]:
    """The names of the cards in ``p``'s pool, champions and their attachments (for
    ``in_own_pool`` conditions: "if Mika is in the player's pool"), read when asked."""
    def names() -> tuple[str, ...]:
        side = state.players[p]
        return tuple(facts[i].name for c in side.pool for i in (c, *side.attached.get(c, ())))
    return names


IMMUNITY_KINDS: frozenset[EffectKind] = frozenset({
    EffectKind.IMMUNE_OFFENSIVE_SPELLS, EffectKind.IMMUNE_TO, EffectKind.IMMUNE_TO_NAMED,
    EffectKind.IMMUNE_EXCEPT_NAMED, EffectKind.NEGATE_WALLS, EffectKind.IMMUNE_HARMFUL_EVENTS,
    EffectKind.IMMUNE_TO_WEAK, EffectKind.IMMUNE_TO_NEEDING})
"""The effect kinds :func:`_immune` reads."""


def _immune(side: RoundSide) -> RoundSide:
    """``side`` with its immunities, from its champion and its cards in the round (a negated
    holding left out)."""
    if not side.wide and all(c is None or IMMUNITY_KINDS.isdisjoint(c.effects)
                             for c in (side.champion, *side.cards)):
        return side  # no card of the side makes it immune to anything (issue 14: most rounds)
    immune_off, immune_types = immunities(side.champion, side.cards, side.attacking,
                                          side.opponent)
    marked = frozenset((t, e.mark) for e in _effects_holding(side, EffectKind.IMMUNE_TO)
                       if e.mark for t in e.card_types)
    wide = [e for e in side.wide if side.champion is not None
            and holds(e.condition, side.attacking, side.opponent)]  # champions only
    immune_off = immune_off or any(not e.card_types for e in wide)
    immune_types |= {t for e in wide if not e.mark for t in e.card_types}
    marked |= {(t, e.mark) for e in wide if e.mark for t in e.card_types}
    named = immune_to_named(side)
    excepted = _effects_holding(side, EffectKind.IMMUNE_EXCEPT_NAMED)
    walls = bool(_effects_holding(side, EffectKind.NEGATE_WALLS))
    harmful = bool(_effects_holding(side, EffectKind.IMMUNE_HARMFUL_EVENTS))
    weak = _effects_holding(side, EffectKind.IMMUNE_TO_WEAK)
    needing = frozenset(u for e in _effects_holding(side, EffectKind.IMMUNE_TO_NEEDING)
                        for u in e.uses)
    if not (immune_off or immune_types or marked or named or excepted or walls or harmful
            or weak or needing):
        return side
    return side._replace(immune_offensive=immune_off, immune_types=immune_types,
                         immune_marked=marked, immune_named=named, immune_except=excepted,
                         negates_walls=walls, immune_harmful=harmful, immune_weak=weak,
                         immune_needing=needing)


def _effects_holding(side: RoundSide, kind: EffectKind) -> tuple[Effect, ...]:
    """The effects of ``kind`` of the side's champion and cards whose conditions hold."""
    return tuple(e for c in (side.champion, *side.cards) if c is not None and c.effects
                 for e in c.get(kind) if holds(e.condition, side.attacking, side.opponent))


def immune_to_named(side: RoundSide) -> tuple[Effect, ...]:
    """``immune_to_named``: the effects of the side's champion and cards (their conditions
    holding) that make it immune to the other side's cards of some names; :func:`affects`
    applies them (issue 13: Hell Hound, Protection from Lightning, Fire Shield)."""
    return tuple(e for c in (side.champion, *side.cards) if c is not None and c.effects
                 for e in c.get(EffectKind.IMMUNE_TO_NAMED)
                 if holds(e.condition, side.attacking, side.opponent))


def negates_holdings(side: RoundSide) -> bool:
    """``negate_holdings``: a card of ``side`` (its champion first) takes all power from the
    other side's holdings for the battle (RULES.md §1 "Combat"; e.g. "when attacking, negates
    the power of all enemy holdings")."""
    return any(holds(e.condition, side.attacking, side.opponent)
               for c in (side.champion, *side.cards) if c is not None
               for e in c.get(EffectKind.NEGATE_HOLDINGS))


def immunities(champion: Facts | None, cards: Sequence[Facts], attacking: bool,
               ctx: Ctx) -> tuple[bool, frozenset[int]]:
    """What a side's champion (or its realm defending itself) is immune to in the round
    (RULES.md §1 "Combat"): the other side's (Off) spells (``immune_offensive_spells``) and the
    other side's cards of some types (``immune_to``); :func:`affects` applies them. The
    immunity may be the champion's own or given by the side's cards: an item or artifact it
    carries ("the champion with this orb"), a card played in the round, and for the defender
    the attacked realm and its holding ("the attached realm and all its defenders"; issue 13)."""
    immune_off = False
    immune_types: set[int] = set()
    for card in (champion, *cards):
        if card is None or not card.effects:
            continue
        for e in card.get(EffectKind.IMMUNE_OFFENSIVE_SPELLS):
            if holds(e.condition, attacking, ctx):
                immune_off = True
        for e in card.get(EffectKind.IMMUNE_TO):
            if holds(e.condition, attacking, ctx) and not e.mark:
                immune_types.update(e.card_types)
    return immune_off, frozenset(immune_types)


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
    if target.ignores and ignored(card, target):
        return False
    if target.immune_offensive and card.offensive and card.type in SPELL_TYPES:
        return False
    if target.immune_named and card.card.mark is not Mark.DEF:  # a (Def) card helps its side
        name = card.name.lower()
        if any((not e.card_types or int(card.type) in e.card_types)
               and any(n in name for n in e.names) for e in target.immune_named):
            return False
    if target.immune_except and _excepted_immunity(card, target.immune_except):
        return False
    if target.immune_harmful and card.type == CardType.EVENT and _HARMFUL in card.card.attributes:
        return False  # immune_harmful_events (Orb of Power; issue 13, 4th Edition)
    if target.negates_walls and card.type in SPELL_TYPES and (
            card.has(EffectKind.ONLY_ATTACKABLE_BY) or card.has(EffectKind.WALL_MIN_LEVEL)):
        return False  # Passwall: "negates any wall spell"
    if target.immune_marked and card.card.mark is not None \
            and (int(card.type), card.card.mark.value.lower()) in target.immune_marked:
        return False
    if target.immune_weak and any(int(card.type) in e.card_types and _marked(card, e.mark)
                                  and card.bonus <= e.amount for e in target.immune_weak):
        return False  # immune_to_weak: "immune to magical items of +3 or less" (3rd Edition)
    if target.immune_needing and card.needs and card.needs & target.immune_needing:
        return False  # immune_to_needing (the Drider: "offensive hero unarmed combat cards")
    if card.has(EffectKind.BOOST3_NO_EFFECT_ON) and not_on(card, target):
        return False
    return int(card.type) not in target.immune_types


def not_on(card: Facts, target: RoundSide) -> bool:
    """``boost3_no_effect_on`` (issue 13, cboost3): ``card`` does nothing, bonus included,
    against ``target``'s champion (or the realm defending itself) when an effect's condition
    holds of it ("has no effect on undead champions", Vampiric Touch)."""
    them = opponent_of(target.champion, target.self_defense_type)
    return any(holds(e.condition, not target.attacking, them)
               for e in card.get(EffectKind.BOOST3_NO_EFFECT_ON))


_HARMFUL = 22
"""CrossFire attribute of a harmful event (RULES.md §1 "Card data")."""


def _excepted_immunity(card: Facts, effects: Sequence[Effect]) -> bool:
    """``immune_except_named``: ``card`` is of the types (and mark) of one of ``effects`` and
    its name has none of that effect's exceptions (Treants of the Grandwood: "immune to all
    offensive wizard spells except fireball")."""
    name = card.name.lower()
    for e in effects:
        if int(card.type) not in e.card_types:
            continue
        if e.mark and (card.card.mark is None or card.card.mark.value.lower() != e.mark):
            continue
        if not any(n in name for n in e.names):
            return True
    return False


def _has_attribute(card: Facts, attributes: Sequence[int]) -> bool:
    return not attributes or bool(card.card.attributes.intersection(attributes))


@dataclass
class Tally:
    """One side's count while the totals are added up: the cards that still have effect, the
    allies on each side, and what the side's cards have added so far to its own total
    (``own``) and to the other side's (``theirs``, negative for losses)."""

    me: RoundSide
    other: RoundSide
    mine: list[Facts]
    own_allies: list[Facts]
    their_allies: list[Facts]
    own: int = 0
    theirs: int = 0
    their_cards: Sequence[Facts] = ()
    """The other side's cards that still have effect (its champion excluded)."""
    zeroed: bool = False
    """(``zero_opposing_level``) the other side's base level is already taken to 0."""
    later_doubled: bool = False
    """(``double_later_ally``) the side's allies played after such cards are already counted."""

    def holds(self, e: Effect) -> bool:
        """Whether the condition of ``e`` (a card of this side) holds in the round."""
        return holds(e.condition, self.me.attacking, self.me.opponent)


Term = Callable[[Tally, Effect], None]
"""What one effect of a side's card adds to the totals (seed 000 step E)."""


def gain_levels(t: Tally, e: Effect) -> None:
    """``gain_levels``: the side gains ``amount`` levels."""
    if t.holds(e):
        t.own += e.amount


def allies_gain(t: Tally, e: Effect) -> None:
    """``allies_gain``: ``amount`` levels per ally of the side (with one of ``attributes`` if
    given: "any undead allies gain 2 levels", issue 13 audit)."""
    if t.holds(e):
        t.own += e.amount * sum(1 for x in t.own_allies if _has_attribute(x, e.attributes))


def opponent_loses(t: Tally, e: Effect) -> None:
    """``opponent_loses``: the other side loses ``amount`` levels."""
    if t.holds(e):
        t.theirs -= e.amount


def opposing_allies_lose(t: Tally, e: Effect) -> None:
    """``opposing_allies_lose``: the other side loses ``amount`` levels per ally of its own
    (with one of ``attributes`` if given: "any dwarf attacking loses 2 levels", issue 13
    audit)."""
    if t.holds(e):
        t.theirs -= e.amount * sum(1 for x in t.their_allies
                                   if _has_attribute(x, e.attributes))


def all_allies_gain(t: Tally, e: Effect) -> None:
    """``all_allies_gain``: every ally of both sides (with one of ``attributes`` if given: "all
    nonhuman allies (elves, dwarves, and halflings) lose 2 levels", 3rd Edition) gains
    ``amount`` levels."""
    if t.holds(e):
        t.own += e.amount * sum(1 for x in t.own_allies if _has_attribute(x, e.attributes))
        t.theirs += e.amount * sum(1 for x in t.their_allies
                                   if _has_attribute(x, e.attributes))


def all_champions_gain(t: Tally, e: Effect) -> None:
    """``all_champions_gain``: every champion in the battle (of ``condition.self_types`` if
    given; with one of ``attributes`` if given: "all dwarves, gnomes, and kender (champions and
    allies)", issue 13 cboost2) gains ``amount`` levels. The types filter each champion, so
    only the role is read as a condition here."""
    when = e.condition.when
    if when is When.ATTACKING and not t.me.attacking or when is When.DEFENDING and t.me.attacking:
        return
    types = e.condition.self_types
    for side in (t.me, t.other):
        if side.champion is not None and (not types or int(side.champion.type) in types) \
                and _has_attribute(side.champion, e.attributes):
            if side is t.me:
                t.own += e.amount
            else:
                t.theirs += e.amount


def double_allies(t: Tally, e: Effect) -> None:
    """``double_allies``: the bonus of each ally of the side (with one of ``attributes``)
    counts twice (``amount`` times when given, 3rd Edition: "tripled in level")."""
    if t.holds(e):
        times = (e.amount or 2) - 1
        t.own += times * sum(x.bonus for x in t.own_allies if _has_attribute(x, e.attributes))


def gain_per_opposing_ally(t: Tally, e: Effect) -> None:
    """``gain_per_opposing_ally``: ``amount`` levels per ally of the other side."""
    if t.holds(e):
        t.own += e.amount * len(t.their_allies)


def gain_per_own_ally(t: Tally, e: Effect) -> None:
    """``gain_per_own_ally``: ``amount`` levels per ally of the side."""
    if t.holds(e):
        t.own += e.amount * len(t.own_allies)


def items_gain(t: Tally, e: Effect) -> None:
    """``items_gain``: ``amount`` levels per magical item and artifact of the side."""
    if t.holds(e):
        t.own += e.amount * sum(1 for x in t.mine if x.type in (CardType.MAGICAL_ITEM,
                                                                 CardType.ARTIFACT))


def gain_if_own_cards(t: Tally, e: Effect) -> None:
    """``gain_if_own_cards``: ``amount`` levels while the side has a card of ``card_types``
    (besides its champion) in the round."""
    if t.holds(e) and any(int(x.type) in e.card_types for x in t.mine):
        t.own += e.amount


def gain_if_opposing_allies(t: Tally, e: Effect) -> None:
    """``gain_if_opposing_allies``: ``amount`` levels while the other side has an ally."""
    if t.holds(e) and t.their_allies:
        t.own += e.amount


def halve_opposing_allies(t: Tally, e: Effect) -> None:
    """``halve_opposing_allies``: each ally of the other side counts half its bonus, rounded
    up (a +5 ally counts +3): the other side loses the rest."""
    if t.holds(e):
        t.theirs -= sum(x.bonus // 2 for x in t.their_allies if x.bonus > 0)


def first_ally_bonus(t: Tally, e: Effect) -> None:
    """``first_ally_bonus``: the side's first ally in the round counts as ``+amount``."""
    if t.holds(e) and t.own_allies:
        t.own += e.amount - t.own_allies[0].bonus


def double_card_bonus(t: Tally, e: Effect) -> None:
    """``double_card_bonus``: the bonus of each card of the side of ``card_types`` (with one of
    ``attributes`` if given: the Winged Horror's "magical item weapons") counts twice."""
    if t.holds(e):
        t.own += sum(x.bonus for x in t.mine if int(x.type) in e.card_types
                     and _has_attribute(x, e.attributes))


def realms_allies_gain(t: Tally, e: Effect) -> None:
    """``realms_allies_gain``: ``amount`` levels per ally of the side (Fort Melidor, from any
    realm of its player: :func:`_remote_holdings`)."""
    if t.holds(e):
        t.own += e.amount * len(t.own_allies)


def halve_opposing_cards(t: Tally, e: Effect) -> None:
    """``halve_opposing_cards``: each card of the other side of ``card_types`` (and ``mark``)
    counts half its bonus, rounded up (Map to a Mercenary Army: "offensive wizard spells have
    their levels (if any) halved (rounding up) when used against this ally")."""
    if t.holds(e):
        t.theirs -= sum(x.bonus // 2 for x in t.their_cards if x.bonus > 0
                        and int(x.type) in e.card_types and _marked(x, e.mark))


def _marked(card: Facts, mark: str) -> bool:
    """Whether ``card`` has the (Off)/(Def) ``mark`` (any card when ``mark`` is empty)."""
    return not mark or (card.card.mark is not None and card.card.mark.value == mark)


def switched_allies_lose(t: Tally, e: Effect) -> None:
    """``switched_allies_lose``: each ally of the other player fighting for the side loses
    ``amount`` levels (the Mind Flayer: "the ally loses 1 level" after it shifted it to its
    side; [decided] every ally that switched sides in the round, normally that one)."""
    if t.holds(e):
        t.own -= e.amount * t.me.switched


def halve_opposing(t: Tally, e: Effect) -> None:
    """``halve_opposing``: the other side's champion (its printed level) and allies (their
    bonuses) count half, rounded up, unless they have one of the ``movement`` powers (Malatra:
    "the level of attacking champions and allies that are not flyers is halved"; rounded up as
    Balic's "halved (round up)" [decided]): the other side loses the rest."""
    if not t.holds(e):
        return
    keep = set(e.movement)

    def cut(value: int) -> int:
        """What halving takes away: the smaller half (rounded up), the larger with "down"
        (Fortification: Barricade, "halved (rounded down)")."""
        return (value + 1) // 2 if e.mark == "down" else value // 2

    champion = t.other.champion
    if champion is not None and not moves_with(champion, t.other.cards) & keep:
        t.theirs -= cut(champion.level)
    given = allies_moves((t.other.champion, *t.other.cards))
    t.theirs -= sum(cut(x.bonus) for x in t.their_allies
                    if x.bonus > 0 and not (x.moves | given) & keep)


def zero_opposing_level(t: Tally, e: Effect) -> None:
    """``zero_opposing_level``: the other side's champion (or its realm defending itself), of
    whom the condition holds, counts base level 0: the side loses its base level (The Iron
    Legion: "reducing their base level to 0 during that round of combat"; issue 13, 4th
    Edition). Several such cards take it to 0 once."""
    if not t.holds(e) or t.zeroed:
        return
    t.zeroed = True
    t.theirs -= base_level(t.other, t.their_cards, t.other.self_defense_type is not None)


def gain_per_own_cards(t: Tally, e: Effect) -> None:
    """``gain_per_own_cards``: ``amount`` levels per card of ``card_types`` of the side that
    still has effect (the Cyclops: "gains 2 levels for each magical item attached to him";
    issue 13, 4th Edition)."""
    if t.holds(e):
        t.own += e.amount * sum(1 for x in t.mine if int(x.type) in e.card_types)


def halve_opposing_base(t: Tally, e: Effect) -> None:
    """``halve_opposing_base``: the other side's champion counts its printed level halved,
    rounded down (the Lamia: "wizards and clerics are at half their base level (rounded
    down)"; issue 13, cboost): the other side loses the rest."""
    champion = t.other.champion
    if e.mark == "avatar" and (champion is None or not champion.card.avatar):
        return  # Monastery of Perdien the Damned: "avatars who attack this realm" (c4th3a)
    if champion is not None and t.holds(e):
        t.theirs -= champion.level - champion.level // 2


_WORN_TYPES = frozenset({CardType.MAGICAL_ITEM, CardType.ARTIFACT, *SUPPORT_TYPES})


def worn_count(side: RoundSide) -> int:
    """The cards attached to the side's champion and those on its side of the round
    (``base_loss_per_card``: "for each card attached to him and for each card he plays in
    battle"; [decided] each card once, an ally fighting for the side counted)."""
    return sum(1 for c in side.cards if c.type in _WORN_TYPES)


def base_loss_per_card(t: Tally, e: Effect) -> None:
    """``base_loss_per_card`` (Black Spear Tribes, issue 13 c4th3a: "an attacking champion
    loses 1 level from his base level for each card attached to him and for each card he
    plays in battle"): the other side's champion loses ``amount`` of its printed level per
    such card, down to 0 (:func:`.wear.worn_down` discards it there)."""
    champion = t.other.champion
    if champion is not None and t.holds(e):
        t.theirs -= min(champion.level, e.amount * worn_count(t.other))


def champions_gain(t: Tally, e: Effect) -> None:
    """``champions_gain``: the side's champion (not a realm defending itself) gains
    ``amount`` levels; the card may be out of the round (:func:`side_wide`)."""
    if t.me.champion is not None and t.holds(e):
        t.own += e.amount


# --- added for the 3rd Edition (issue 13) --------------------------------------------------------

def opposing_allies_lose_unless(t: Tally, e: Effect) -> None:
    """``opposing_allies_lose_unless``: each ally of the other side without one of the
    ``movement`` powers (or of the ``attributes``: the Spectre's "except undead", issue 13
    cboost2) loses ``amount`` levels (Cha'thrang: "all nonflying allies opposing the
    Cha'thrang lose 4 levels")."""
    if t.holds(e):
        keep = set(e.movement)
        spared = set(e.attributes)
        t.theirs -= e.amount * sum(1 for x in t.their_allies
                                   if not x.moves & keep and not x.card.attributes & spared)


def namesake_bonus(t: Tally, e: Effect) -> None:
    """``namesake_bonus`` (one call per card carrying ``e`` on the side): with ``count`` or
    more such cards in the round on either side, the card counts as a +``amount`` (Gith: "if
    two gith are played in the same round of combat, each increases to a +7"), or with the
    ``mark`` "each" gains ``amount`` per such card (War Party: "each war party receives an
    additional +4 for each war party in play")."""
    mine = [x for x in t.mine if e in x.get(EffectKind.NAMESAKE_BONUS)]
    n = len(mine) + sum(1 for x in t.their_cards if e in x.get(EffectKind.NAMESAKE_BONUS))
    if not mine or n < e.count:
        return
    t.own += e.amount * n if e.mark == "each" else e.amount - mine[0].bonus


def gain_per_other_ally(t: Tally, e: Effect) -> None:
    """``gain_per_other_ally`` (one call per card carrying ``e`` on the side): the card gains
    ``amount`` levels for each other ally of the side with one of ``attributes`` (Skeleton:
    "it gains 4 levels for each additional undead ally played with it")."""
    if not t.holds(e):
        return
    carrier = next((x for x in t.mine if e in x.get(EffectKind.GAIN_PER_OTHER_ALLY)), None)
    if carrier is None:
        return
    matching = sum(1 for x in t.own_allies if _has_attribute(x, e.attributes))
    if carrier.type == CardType.ALLY and _has_attribute(carrier, e.attributes):
        matching -= 1  # "additional": not itself
    t.own += e.amount * matching


def realms_allies_doubled(t: Tally, e: Effect) -> None:
    """``realms_allies_doubled``: the bonus of each ally of the side counts twice (Fort
    Melidor, 3rd Edition, from any realm of its player: :func:`_remote_holdings`)."""
    if t.holds(e):
        t.own += sum(x.bonus for x in t.own_allies)


# --- added for the 4th Edition, third pass (issue 13, c4th3b) --------------------------------

def double_later_ally(t: Tally, e: Effect) -> None:
    """``double_later_ally`` (Wijon: "can double the level of one ally played after him"):
    each card of the side with the power doubles one ally of the side that comes after it in
    the round's order (play order), [decided] the owner's best: the largest bonus not yet
    doubled. All the side's such cards are counted at the first call."""
    if t.later_doubled:
        return
    t.later_doubled = True
    kind = EffectKind.DOUBLE_LATER_ALLY
    taken: set[int] = set()
    for n, x in enumerate(t.mine):
        if not any(t.holds(f) for f in x.get(kind)):
            continue
        later = [(c.bonus, m) for m, c in enumerate(t.mine[n + 1:], n + 1)
                 if c.type == CardType.ALLY and c.bonus > 0 and m not in taken]
        if later:
            bonus, m = max(later)
            taken.add(m)
            t.own += bonus


_SPELL_CODES = frozenset({"d4", "o4", "d19", "o19"})
"""The "uses" codes of cleric and wizard spells (RULES.md §1 "Uses" codes)."""


def gain_vs_nonspellcasters(t: Tally, e: Effect) -> None:
    """``gain_vs_nonspellcasters`` (Pyre: "he gains 7 levels when in combat with
    nonspellcasting champions"): the side gains ``amount`` while the other side's champion
    holds no spell "uses" code in the round (:func:`.facts.champion_uses`: its type's, its own,
    its cards' and, defending, its realm's and holding's grants; a realm defending itself: the
    type it defends as)."""
    other = t.other
    if not t.holds(e):
        return
    grants = [c for c in other.cards if c.type in (CardType.REALM, CardType.HOLDING)]
    carried = [c for c in other.cards if c.type not in (CardType.REALM, CardType.HOLDING)]
    codes = champion_uses(other.champion, other.self_defense_type, other.attacking, grants,
                          other.opponent, carried)
    if not codes & _SPELL_CODES:
        t.own += e.amount


def double_named(t: Tally, e: Effect) -> None:
    """``double_named`` (Badge of the Wolf Nomads: "all cards used by this player that contain
    the word 'wolf' are doubled in level"): each card of the side whose name holds one of
    ``names`` as a word adds its bonus once more, the champion its printed level (the badge
    itself among them [decided]: its name holds the word)."""
    words = [re.compile(rf"\b{re.escape(n)}\b", re.IGNORECASE) for n in e.names]
    champion = t.me.champion
    for c in ([] if champion is None else [champion]) + list(t.mine):
        if any(w.search(c.name) for w in words):
            t.own += c.level if c is champion else c.bonus


def opponent_loses_own_base(t: Tally, e: Effect) -> None:
    """``opponent_loses_own_base`` (4th Edition, c4th3c: Phobia Amplification, "the base level
    of this champion is subtracted from the base level of the target. If the opponent is
    reduced below level 0, he remains in combat at a negative total"): the other side loses
    the printed level of this side's champion; nothing bounds its total at 0."""
    if t.me.champion is not None and t.holds(e):
        t.theirs -= t.me.champion.level


def rule_world_gain(t: Tally, e: Effect) -> None:
    """``rule_world_gain`` (issue 13, c4th4: Time of Troubles, "all Forgotten Realms
    champions and allies gain 1 level"): ``amount`` for the side's champion and for each of
    its allies of one of the worlds ``condition.self_worlds`` (read of each card, not as a
    condition on the champion)."""
    worlds = e.condition.self_worlds
    champion = t.me.champion
    n = sum(1 for x in t.own_allies if int(x.card.world) in worlds)
    t.own += e.amount * (n + (champion is not None and int(champion.card.world) in worlds))


TERMS: Mapping[EffectKind, Term] = MappingProxyType({
    EffectKind.GAIN_LEVELS: gain_levels,
    EffectKind.ALLIES_GAIN: allies_gain,
    EffectKind.OPPONENT_LOSES: opponent_loses,
    EffectKind.OPPOSING_ALLIES_LOSE: opposing_allies_lose,
    EffectKind.ALL_ALLIES_GAIN: all_allies_gain,
    EffectKind.ALL_CHAMPIONS_GAIN: all_champions_gain,
    EffectKind.DOUBLE_ALLIES: double_allies,
    EffectKind.GAIN_PER_OPPOSING_ALLY: gain_per_opposing_ally,
    EffectKind.GAIN_PER_OWN_ALLY: gain_per_own_ally,
    EffectKind.ITEMS_GAIN: items_gain,
    EffectKind.GAIN_IF_OWN_CARDS: gain_if_own_cards,
    EffectKind.GAIN_IF_OPPOSING_ALLIES: gain_if_opposing_allies,
    EffectKind.HALVE_OPPOSING_ALLIES: halve_opposing_allies,
    EffectKind.FIRST_ALLY_BONUS: first_ally_bonus,
    EffectKind.DOUBLE_CARD_BONUS: double_card_bonus,
    EffectKind.HALVE_OPPOSING: halve_opposing,
    EffectKind.REALMS_ALLIES_GAIN: realms_allies_gain,
    EffectKind.HALVE_OPPOSING_CARDS: halve_opposing_cards,
    EffectKind.SWITCHED_ALLIES_LOSE: switched_allies_lose,
    EffectKind.CHAMPIONS_GAIN: champions_gain,
    EffectKind.ZERO_OPPOSING_LEVEL: zero_opposing_level,
    EffectKind.GAIN_PER_OWN_CARDS: gain_per_own_cards,
    EffectKind.OPPOSING_ALLIES_LOSE_UNLESS: opposing_allies_lose_unless,
    EffectKind.NAMESAKE_BONUS: namesake_bonus,
    EffectKind.GAIN_PER_OTHER_ALLY: gain_per_other_ally,
    EffectKind.REALMS_ALLIES_DOUBLED: realms_allies_doubled,
    EffectKind.HALVE_OPPOSING_BASE: halve_opposing_base,
    EffectKind.DOUBLE_LATER_ALLY: double_later_ally,
    EffectKind.GAIN_VS_NONSPELLCASTERS: gain_vs_nonspellcasters,
    EffectKind.DOUBLE_NAMED: double_named,
    EffectKind.OPPONENT_LOSES_OWN_BASE: opponent_loses_own_base,
    EffectKind.BASE_LOSS_PER_CARD: base_loss_per_card,
    EffectKind.RULE_WORLD_GAIN: rule_world_gain,  # c4th4
})
"""The term of each effect kind a card adds to the totals (``double_level`` acts on the base
level instead: :func:`base_level`)."""


def base_level(me: RoundSide, mine: Sequence[Facts], realm_defends: bool) -> int:
    """The level a side starts from: its champion's, halved by an ``own_base_halved`` and
    doubled by a ``double_level`` power of the champion or of one of its cards; or the level
    of a realm defending itself (RULES.md §1 "Combat"); 0 for neither."""
    if me.champion is None:
        realm = next((c for c in me.cards if c.type == CardType.REALM), None)
        if realm is None or not realm_defends:
            return 0
        # The realm's own level, or its holding's (a negated holding is not in the cards).
        # (The Sea Barons, first_b: of its holdings, the one it defends best by.)
        return max((realm_defense(realm, c)[0] for c in me.cards
                    if c.type == CardType.HOLDING), default=realm_defense(realm, None)[0])
    # double_level's amount: the level counts that many times, 0 for twice (issue 13, c4th3a:
    # The Jagged Cliffs, "tripled in base level"); the largest applies.
    times = max((e.amount if e.amount > 2 else 2 for c in (me.champion, *mine) if not c.plain
                 for e in c.get(EffectKind.DOUBLE_LEVEL)
                 if holds(e.condition, me.attacking, me.opponent)), default=1)
    # own_base_halved (c4th4, Dark Haven: "his base level is halved (rounded down)").
    halved = any(holds(e.condition, me.attacking, me.opponent)
                 for c in (me.champion, *mine) if not c.plain
                 for e in c.get(EffectKind.OWN_BASE_HALVED))
    level = me.champion.level // 2 if halved else me.champion.level
    return level * times


def _add_cards(t: Tally, cards: Sequence[Facts], realm_defends: bool) -> None:
    """Bonuses and the :data:`TERMS` of a side's cards (its champion first)."""
    for c in cards:
        if c.type != CardType.REALM or not realm_defends:
            t.own += c.bonus  # a realm defending itself fights at its level, not its +N
        if c.plain:
            continue
        for kind, effects in c.effects.items():
            term = TERMS.get(kind)
            if term is not None:
                for e in effects:
                    term(t, e)


def side_totals(state: SpellfireState, facts: Sequence[Facts],
                sides: tuple[RoundSide, RoundSide] | None = None) -> list[int]:
    """Level totals per player (index 0 and 1) of the current round (``sides``: the round's
    :func:`round_sides`, when the caller has them)."""
    a, d = sides if sides is not None else round_sides(state, facts)
    realm_defends = state.battle.realm_defends
    live = {a.player: [c for c in a.cards if affects(c, d)],
            d.player: [c for c in d.cards if affects(c, a)]}
    allies = {p: [c for c in cards if c.type == CardType.ALLY] for p, cards in live.items()}
    out = [0, 0]
    for me, other in ((a, d), (d, a)):
        mine = live[me.player]
        t = Tally(me, other, mine, allies[me.player], allies[other.player],
                  their_cards=live[other.player])
        # ignore_opponents (issue 13, first_a): an ignored champion counts base level 0 and
        # its powers nothing; its other cards are filtered by affects().
        gone = me.champion is not None and ignored(me.champion, other)
        champion = () if me.champion is None or gone else (me.champion,)
        _add_cards(t, (*champion, *mine), realm_defends)
        out[me.player] += (0 if gone else base_level(me, mine, realm_defends)) + t.own
        out[other.player] += t.theirs
    return out


def sides_of(state: SpellfireState, facts: Sequence[Facts]) -> tuple[RoundSide, RoundSide]:
    """The round's :func:`round_sides`, kept in the state's cache until the state changes."""
    found = state.cache.get("sides")
    if found is None:
        found = state.cache["sides"] = round_sides(state, facts)
    return found  # type: ignore[no-any-return]


def totals_of(state: SpellfireState, facts: Sequence[Facts]) -> list[int]:
    """The round's :func:`side_totals`, kept in the state's cache until the state changes."""
    found = state.cache.get("totals")
    if found is None:
        found = state.cache["totals"] = side_totals(state, facts, sides_of(state, facts))
    return found  # type: ignore[no-any-return]


def winning_side(state: SpellfireState, totals: Sequence[int]) -> int:
    """The player who is winning with these totals: ties go to the defender (seed 000 E, G)."""
    att = state.attacker
    return att if totals[att] > totals[1 - att] else 1 - att
