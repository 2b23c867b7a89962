"""Legal plays of a Spellfire battle: who acts, and what may be attacked, presented and played.

Functions over the state and the facts of its card instances (``fx[inst]``, the engine's
``state_facts``); ``acts`` is the battle's :class:`~.actions.ActionSet` (its hand and pool slots
and the id of each choice). The engine (``rules.py``) calls them and keeps their answers in the
state's cache; resolution asks them too (a loser with no card to play ends the round).

- :func:`to_act` and :func:`legal_actions`: the decisions of each step (seed 000 steps A, B, C,
  F; step I after a won round against a realm that must be defeated twice).
- Attacks (seed 000 step A, RULES.md §1 "Table" and movement powers): :func:`gate` is what a
  realm asks of an attacker (formation shields: :func:`~.state.exposed`; walls:
  ``not_attackable_by`` / ``only_attackable_by``; coastal), :func:`passes` whether a champion
  with some movement gets through, :func:`movement` a champion's movement with its
  attachments, :func:`attackers_for` who may attack a slot.
- Defence (step C): :func:`barred_defenders`, :func:`realm_can_defend`.
- Card play (step F, RULES.md §1 "Combat"): :func:`uses_of`, :func:`playable`, :func:`bars`,
  :func:`barred`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import NamedTuple

from ..cards.cards import CHAMPION_TYPES, CardType
from ..cards.effects import Effect, EffectKind, When
from .actions import NO_ATTACK, ActionSet
from .bribes import attacker_bribed, first_card_only
from .facts import (
    NO_OPPONENT,
    PLAYER_WIDE,
    Facts,
    allies_attributes,
    applies_to,
    becoming,
    carries,
    champion_uses,
    holds,
    later_moves,
    moves_with,
    moving,
    realm_defense,
    realm_defense_uses,
)
from .forms import FORM_CARDS, as_champion, champion_forms, form_of, played_forms
from .holders import holders
from .rule_cards import (
    allies_barred_rules,
    barred_names,
    barred_types,
    level_cap,
    named_barred,
    world_barred,
)
from .shared_holdings import holdings_at
from .state import SLOTS, SpellfireState, exposed
from .strip import stripped_types
from .totals import RoundSide, reach, sides_of

SPELLS = (CardType.WIZARD_SPELL, CardType.CLERIC_SPELL)
ITEMS = (CardType.MAGICAL_ITEM, CardType.ARTIFACT)


# --- who decides, and the legal ids of each step ---------------------------------------------


def to_act(state: SpellfireState) -> list[int]:
    """The player who decides now: the attacker (steps A, B), the defender (C), the player to
    play (F); nobody once the battle is over."""
    step = state.battle.step
    if step in ("realm", "attacker"):
        return [state.attacker]
    if step == "defender":
        return [state.defender]
    if step == "cards":
        return [state.battle.to_play]  # type: ignore[list-item]
    return []


def legal_actions(state: SpellfireState, fx: Sequence[Facts], player: int, acts: ActionSet,
                  optional_attack: bool) -> list[int]:
    """The legal action ids of ``player`` now, ascending; empty if it is not to act.
    ``optional_attack``: the attacker may make no attack even when it could attack."""
    if player not in to_act(state):
        return []
    step = state.battle.step
    if step == "realm":
        return _realm_choices(state, fx, acts, optional_attack)
    if step == "attacker":
        return _attacker_choices(state, fx, acts)
    if step == "defender":
        return _defender_choices(state, fx, acts)
    if step == "cards":
        window = state.battle.window
        return [*(acts.play(i) for i in playable(state, fx, player, window, acts.hand_slots)),
                acts.pass_]
    return []


def _realm_choices(state: SpellfireState, fx: Sequence[Facts], acts: ActionSet,
                   optional_attack: bool) -> list[int]:
    """Step A: every realm some champion may attack; no attack only when none may, or when the
    config allows it."""
    attacks = [acts.attack(slot) for slot in range(len(SLOTS))
               if may_attack(state, fx, slot, acts)]
    if optional_attack or not attacks:
        return [NO_ATTACK, *attacks]
    return attacks


def _attacker_choices(state: SpellfireState, fx: Sequence[Facts], acts: ActionSet) -> list[int]:
    """Step B: a champion that may attack the chosen realm; after a won round against a realm
    that must be defeated twice (step I), ending the attack too."""
    b = state.battle
    assert b.realm is not None
    hand, pool = attackers_for(state, fx, b.realm, acts)
    out = [NO_ATTACK] if b.defeats > 0 or attacker_bribed(state) else []
    out += [acts.hand_champion(i) for i in hand]
    out += [acts.pool_champion(j) for j in pool]
    return sorted(out)


def _defender_choices(state: SpellfireState, fx: Sequence[Facts], acts: ActionSet) -> list[int]:
    """Step C: a champion of a type not barred from defending, declining (seed 001), or the
    realm itself when it defends as a champion (RULES.md §1)."""
    side = state.players[state.defender]
    barred = barred_defenders(state, fx)
    free = _avatar_free(state, fx, [c for c in side.hand[:acts.hand_slots]
                                    if fx[c].is_champion])  # Arch-Druid (c4th3b)
    cap = _level_cap(state, fx)  # Time of Troubles (c4th4)
    out = [acts.hand_champion(i) for i, c in enumerate(side.hand[:acts.hand_slots])
           if fx[c].is_champion and int(fx[c].type) not in barred
           and (free or not fx[c].card.avatar) and fx[c].level < cap]
    out = sorted(out + _ally_defenders(state, fx, acts, barred, cap))
    out += [acts.pool_champion(j) for j, c in enumerate(side.pool[:acts.pool_slots])
            if int(as_champion(fx[c]).type) not in barred
            and c not in state.battle.bribed  # Bribery!
            and as_champion(fx[c]).level < cap]
    out.append(acts.decline)
    if realm_can_defend(state, fx):
        out.append(acts.realm_defends)
    return out


def _ally_defenders(state: SpellfireState, fx: Sequence[Facts], acts: ActionSet,
                    barred: frozenset[int], cap: float) -> list[int]:
    """``ally_defends`` (South Ledopolus, issue 13 first_b: "the attached realm can use any ally
    as a champion"): the hand slots of the defender's allies, each presented as a hero of its
    bonus (:func:`.forms.as_champion`), when the attacked realm's holding (not negated) has the
    power."""
    if not any(h.has(EffectKind.ALLY_DEFENDS) for h in _holdings(state, fx)):
        return []
    hand = state.players[state.defender].hand[:acts.hand_slots]
    return [acts.hand_champion(i) for i, c in enumerate(hand) if fx[c].type == CardType.ALLY
            and int(as_champion(fx[c]).type) not in barred and as_champion(fx[c]).level < cap]


# --- attacks (seed 000 step A; RULES.md §1 "Table" and movement powers) ----------------------


NO_MOVES: frozenset[str] = frozenset()
NO_TYPES: frozenset[int] = frozenset()


class Gate(NamedTuple):
    """What the defender's realm in a slot asks of an attacking champion (its holding's
    powers included)."""

    exposed: bool
    """No standing realm shields it (RULES.md §1 "Table")."""
    bars_moves: frozenset[str]
    """Movement kinds it is not attackable by (``not_attackable_by``, read literally: even
    from an exposed slot)."""
    bars_types: frozenset[int]
    """Champion types it is not attackable by (``not_attackable_by``)."""
    only: frozenset[str] | None
    """The movement kinds it is attackable by only (``only_attackable_by``); ``None``: any."""
    coastal: bool
    """A swimmer may reach it from anywhere."""
    bars_attributes: frozenset[int] = frozenset()
    """Champion attributes it is not attackable by (``not_attackable_by``: "no undead can
    attack ...")."""
    world: int | None = None
    """The realm's world (``attack_anywhere`` with ``realm_worlds``: Prismal the Outrageous,
    "any Forgotten Realms realm"; issue 13, c1st)."""
    bars_weak: tuple[tuple[frozenset[int], int], ...] = ()
    """(``not_attackable_by_weak``, 3rd Edition) champion types (empty: any) and the printed
    level at or below which they may not attack it ("heroes of base level 3 or less cannot
    attack it")."""
    bars_names: tuple[str, ...] = ()
    """(``not_attackable_by_named``, 3rd Edition) champions whose name contains one of these
    (lower case) may not attack it ("Red Wizard champions may not attack Rashemen")."""
    bars_avatars: bool = False
    """(``realms_not_attackable_by`` with the mark "avatar", 3rd Edition: Mekillot) avatars may
    not attack it."""
    tunnel: bool = False
    """A standing realm of the attacker opens it to every champion of the attacker, whatever
    its position or powers (``realms_attack_anywhere``; issue 13, cboost)."""
    only_attributes: frozenset[int] = frozenset()
    """(``only_attackable_by`` with ``attributes``, issue 13, c4th2) champion attributes that,
    besides the movement kinds of ``only``, let a champion attack it (Giant's Run Mountains:
    "can be attacked only by flyers or giants")."""
    bars_armed: bool = False
    """(``not_attackable_by_armed``, c4th3a) a champion carrying a magical item or an artifact
    may not attack it (Ur Draxa)."""
    casters_only: bool = False
    """(``only_attackable_by_casters``, c4th3a) only a champion able to cast wizard or cleric
    spells may attack it (Euripis)."""
    bars_unless: tuple[tuple[frozenset[int], frozenset[int]], ...] = ()
    """(``not_attackable_by`` with ``condition.vs_not_attributes``, issue 13, c4th3a) champion
    types that may not attack it unless they have one of the attributes (Grovnekevic Forest:
    "heroes, wizards, and clerics who are not elves cannot attack the attached realm")."""
    realm_attributes: frozenset[int] = frozenset()
    """The realm's attributes (``attack_anywhere`` with ``realm_attributes``: the Umber Hulk,
    "any Underdark realm"; issue 13, cboost3)."""
    bars_moves_but: tuple[tuple[frozenset[str], tuple[str, ...]], ...] = ()
    """(``not_attackable_by`` with ``names``, issue 13, c4th5b) movement kinds that may not
    attack it but for champions whose name holds one of the names (lower case): New
    Giustenal, "cannot be attacked by flyers (except Dregoth)"."""
    walls: bool = True
    """Some bar or requirement above is set; False: the realm asks only to be exposed or
    within reach, and :func:`passes` reads no wall (issue 14: most realms)."""


class Candidate(NamedTuple):
    """A champion of the attacker that may attack this turn."""

    slot: int
    """Its hand or pool slot."""
    facts: Facts
    moves: frozenset[str]
    """Its movement kinds, its attachments' included (pool champions)."""
    negates: bool = False
    """It (or a card it carries) negates the defender's holdings when attacking
    (``negate_holdings``): a holding's bars do not stop it."""
    anywhere: bool = False
    """A card it carries lets it attack any realm (``attack_anywhere``, 3rd Edition: Falcon
    Figurine, "the attached champion and all allies can attack any realm, regardless of
    powers")."""
    attached: tuple[Facts, ...] = ()
    """The cards it carries (a pool champion; c4th3a: Ur Draxa, Euripis read them)."""


def gate(state: SpellfireState, fx: Sequence[Facts], slot: int,
         holding_counts: bool = True) -> Gate | None:
    """What the defender's realm in ``slot`` asks of an attacker; ``None`` if there is no
    standing realm to attack there. ``holding_counts``: False for an attacker that negates
    the holding's power (``negate_holdings``)."""
    home = state.players[state.defender]
    realm = home.realms[slot]
    if realm is None or home.razed[slot]:
        return None
    held = holdings_at(home, fx, slot)  # its own and those it shares (first_b)
    cards = [fx[realm], *(fx[h] for h in held if holding_counts)]
    cards += _lasting_walls(state, fx)
    wide = _realm_wide(state, fx, slot, holding_counts)
    # not_attackable_via_underdark (The Delving: "immune to attack via Underdark realms"; issue
    # 13, c4th3a): the attacker's Underdark realms do not open it.
    tunnel = _tunnelled(state, fx, int(fx[realm].card.world), bool(held)) \
        and not any(f.has(EffectKind.NOT_ATTACKABLE_VIA_UNDERDARK) for f in cards)
    if not wide and all(f.effects.keys().isdisjoint(_WALLS) for f in cards):
        # No wall: the realm asks only to be exposed or within reach (issue 14: most realms).
        return Gate(exposed(home, slot), NO_MOVES, NO_TYPES, None, fx[realm].card.coastal,
                    world=int(fx[realm].card.world), tunnel=tunnel,
                    realm_attributes=fx[realm].card.attributes, walls=False)
    bars_moves: set[str] = set()
    bars_types: set[int] = set()
    bars_attributes: set[int] = set()
    only: set[str] | None = None
    only_attributes: set[int] = set()
    unless: list[tuple[frozenset[int], frozenset[int]]] = []
    for f in cards:
        for e in _unnamed(f.get(EffectKind.NOT_ATTACKABLE_BY)):
            if e.condition.vs_not_attributes:  # c4th3a: "who are not elves"
                unless.append((frozenset(e.card_types), frozenset(e.condition.vs_not_attributes)))
                continue
            bars_moves.update(e.movement)
            bars_types.update(e.card_types)
            bars_attributes.update(e.attributes)
        for e in f.get(EffectKind.ONLY_ATTACKABLE_BY):
            if e.card_types and not e.movement:  # "only monsters can attack": the others not
                bars_types.update(_others(e.card_types))
            elif e.condition.when is not When.ATTACKING:
                only = (only or set()) | set(e.movement)
                only_attributes.update(e.attributes)
    for e in wide:
        bars_moves.update(e.movement)
        bars_types.update(e.card_types)
        bars_attributes.update(e.attributes)
    if only is not None and _no_movement_required(state, fx):
        only, only_attributes = None, set()
    return Gate(exposed(home, slot), frozenset(bars_moves), frozenset(bars_types),
                None if only is None else frozenset(only), fx[realm].card.coastal,
                frozenset(bars_attributes), int(fx[realm].card.world),
                *_third_edition_gates(cards, wide), tunnel=tunnel,
                only_attributes=frozenset(only_attributes), bars_unless=tuple(unless),
                bars_moves_but=_bars_but(cards),
                bars_armed=any(f.has(EffectKind.NOT_ATTACKABLE_BY_ARMED) for f in cards),
                casters_only=any(f.has(EffectKind.ONLY_ATTACKABLE_BY_CASTERS) for f in cards),
                realm_attributes=fx[realm].card.attributes)


def _unnamed(bars: Sequence[Effect]) -> list[Effect]:
    """The ``not_attackable_by`` bars that spare no champion by name (:func:`_bars_but` reads
    the others)."""
    return [e for e in bars if not e.names]


def _bars_but(cards: Sequence[Facts]) -> tuple[tuple[frozenset[str], tuple[str, ...]], ...]:
    """``Gate.bars_moves_but`` of the realm's cards: each ``not_attackable_by`` naming the
    champions it spares (issue 13, c4th5b: New Giustenal, "cannot be attacked by flyers
    (except Dregoth)"), as its movement kinds and the names in lower case."""
    return tuple((frozenset(e.movement), tuple(n.lower() for n in e.names)) for f in cards
                 for e in f.get(EffectKind.NOT_ATTACKABLE_BY) if e.names)


def _lasting_walls(state: SpellfireState, fx: Sequence[Facts]) -> list[Facts]:
    """The whole game (issue 13, lasting): ``only_attackable_by`` cards played in an earlier
    battle and still in effect ("until the player's next turn"): an event's wall stands before
    any realm (Faithful Hound: "only flyers can attack any realm"; Monstrous Intervention), a
    spell's before its caster's realms only (Rock to Mud: "this player's realms"). The same
    for every realm: kept in the state's cache (issue 14)."""
    found = state.cache.get("lasting_walls")
    if found is None:
        found = state.cache["lasting_walls"] = [
            fx[i] for q, side in enumerate(state.players) for i in side.lasting
            if fx[i].has(EffectKind.ONLY_ATTACKABLE_BY)
            and (fx[i].type not in SPELLS or q == state.defender)]
    return found  # type: ignore[no-any-return]


def _others(types: Sequence[int]) -> set[int]:
    """The champion types but ``types`` (a wall that lets only those attack)."""
    return {int(t) for t in CHAMPION_TYPES} - {int(t) for t in types}


def _no_movement_required(state: SpellfireState, fx: Sequence[Facts]) -> bool:
    """``no_movement_required`` (4th Edition, c4th3c: Nature's Throne, "strips any special
    movement requirement (swimmers, flyers, etc) from any realm that this player's champions
    attack"): a card of the attacker in play (its pool and their attachments, the round)."""
    side, b = state.players[state.attacker], state.battle
    held = b.champion[state.attacker]
    champions = [*side.pool, *([] if held is None else [held])]
    return any(fx[i].has(EffectKind.NO_MOVEMENT_REQUIRED)
               for c in champions for i in (c, *side.attached.get(c, ())))


_THIRD_EDITION_GATES = (EffectKind.NOT_ATTACKABLE_BY_WEAK, EffectKind.NOT_ATTACKABLE_BY_NAMED)
_MORE_GATES = (*_THIRD_EDITION_GATES, EffectKind.NOT_ATTACKABLE_BY_ARMED,
               EffectKind.ONLY_ATTACKABLE_BY_CASTERS)  # c4th3a: Ur Draxa, Euripis
_WALLS = frozenset({EffectKind.NOT_ATTACKABLE_BY, EffectKind.ONLY_ATTACKABLE_BY, *_MORE_GATES})
"""The powers of a realm, its holding or a lasting card that make :func:`gate` read more than
the realm's position (a realm without any of them asks only to be exposed or within reach)."""


def _third_edition_gates(cards: Sequence[Facts], wide: Sequence[Effect]
                         ) -> tuple[tuple[tuple[frozenset[int], int], ...], tuple[str, ...], bool]:
    """The 3rd Edition's bars of a realm and its holding (issue 13): ``not_attackable_by_weak``
    (Vaasa: "heroes of base level 3 or less cannot attack it"), ``not_attackable_by_named``
    (Rashemen: "Red Wizard champions may not attack Rashemen"); and of the player's realm-wide
    cards (``wide``), avatars barred (Mekillot: "avatars cannot attack any realm held by this
    player")."""
    weak = tuple((frozenset(e.card_types), e.amount) for f in cards
                 for e in f.get(EffectKind.NOT_ATTACKABLE_BY_WEAK))
    names = tuple(n for f in cards for e in f.get(EffectKind.NOT_ATTACKABLE_BY_NAMED)
                  for n in e.names)
    avatars = any(e.mark == "avatar" for e in wide)
    return weak, names, avatars


def _tunnelled(state: SpellfireState, fx: Sequence[Facts], world: int, held: bool) -> bool:
    """Whether a standing realm of the attacker opens the defender's realm (of ``world``, with
    a holding when ``held``) to its champions (``realms_attack_anywhere``: "this realm extends
    under opponent's Dark Sun realms, allowing them to be attacked ... regardless of position
    or restrictions")."""
    return any(e.condition.holds(attacking=True, realm_world=world, realm_holding=held)
               for e in _tunnels(state, fx))


def _tunnels(state: SpellfireState, fx: Sequence[Facts]) -> tuple[Effect, ...]:
    """The ``realms_attack_anywhere`` powers of the attacker's standing realms (what
    :func:`_tunnelled` reads of every realm attacked: kept in the state's cache, issue 14)."""
    found = state.cache.get("tunnels")
    if found is None:
        side = state.players[state.attacker]
        found = state.cache["tunnels"] = tuple(
            e for s, r in enumerate(side.realms) if r is not None and not side.razed[s]
            for e in fx[r].get(EffectKind.REALMS_ATTACK_ANYWHERE))
    return found  # type: ignore[no-any-return]


def _realm_wide(state: SpellfireState, fx: Sequence[Facts], slot: int,
                holding_counts: bool) -> list[Effect]:
    """Bars on attacking the defender's realm in ``slot`` that come from cards elsewhere: the
    defender's holdings on any standing realm and the artifacts of its pool champions
    (``realms_not_attackable_by``: Black Waters, "no were-creature or monsters can attack any
    realm held by this player"; Orb of Dragonkind, "this player's Greyhawk realms ... cannot
    be attacked by dragons or monsters"), and the holdings of both players
    (``all_realms_not_attackable_by``: Arms of Greyhawk, "no Greyhawk realms with holdings, of
    any player"), their conditions read on the attacked realm. An attacker that negates
    holdings (``holding_counts`` False: "all enemy holdings") passes the defender's."""
    bars = _wide_bars(state, fx, holding_counts)
    if not bars:
        return []
    home = state.players[state.defender]
    realm = home.realms[slot]
    assert realm is not None
    world, held = int(fx[realm].card.world), bool(holdings_at(home, fx, slot))
    return [e for e in bars
            if e.condition.holds(attacking=False, realm_world=world, realm_holding=held)]


def _wide_bars(state: SpellfireState, fx: Sequence[Facts],
               holding_counts: bool) -> tuple[Effect, ...]:
    """The bars of :func:`_realm_wide` before their conditions are read on a realm: the same
    cards bar every realm, so they are kept in the state's cache (issue 14)."""
    key = ("wide_bars", holding_counts)
    found = state.cache.get(key)
    if found is None:
        found = state.cache[key] = tuple(_bars_in_play(state, fx, holding_counts))
    return found  # type: ignore[no-any-return]


def _bars_in_play(state: SpellfireState, fx: Sequence[Facts],
                   holding_counts: bool) -> list[Effect]:
    """The effects behind :func:`_wide_bars`, for each player: its holdings on standing realms
    (``all_realms_not_attackable_by``; the defender's unless negated), and for the defender
    also its pool champions' attachments (``realms_not_attackable_by``)."""
    if not reach(state, fx).realm_bars:
        return []  # no card of this game bars attacks on a player's realms (issue 14)
    found: list[Effect] = []
    for p, side in enumerate(state.players):
        own = p == state.defender
        sources = [fx[h] for s, h in enumerate(side.holdings) if h is not None
                   and side.realms[s] is not None and not side.razed[s]
                   and (holding_counts or not own)]
        kinds = [EffectKind.ALL_REALMS_NOT_ATTACKABLE_BY]
        if own:
            sources += [fx[a] for c in side.pool for a in side.attached.get(c, ())]
            kinds.append(EffectKind.REALMS_NOT_ATTACKABLE_BY)
        found += [e for f in sources for k in kinds for e in f.get(k)]
    return found


def passes(gate: Gate, champion: Facts, moves: frozenset[str],
           attached: Sequence[Facts] = ()) -> bool:
    """Whether ``champion`` with movement ``moves`` (and carrying ``attached``) may attack
    through ``gate``: not barred by type or movement, holding a movement the realm asks for,
    and the realm exposed or within reach (flyer and earthwalker: any realm; swimmer: a coastal
    realm)."""
    if champion.cannot_attack:
        return False
    anywhere, position = _reach(gate, champion)
    if anywhere:
        return True  # Starshine: "any realm regardless of its position or powers"
    if gate.tunnel:
        return True  # the Underdark realms: "regardless of position or restrictions"
    if gate.walls and not _through_walls(gate, champion, moves, attached):
        return False
    if gate.exposed or position:
        return True
    return "flyer" in moves or "earthwalker" in moves or ("swimmer" in moves and gate.coastal)


def _through_walls(gate: Gate, champion: Facts, moves: frozenset[str],
                   attached: Sequence[Facts]) -> bool:
    """Whether ``champion`` (movement ``moves``, carrying ``attached``) is barred by none of
    the realm's walls and holds what the realm asks for (:func:`passes`)."""
    if int(champion.type) in gate.bars_types \
            or moves & gate.bars_moves or champion.card.attributes & gate.bars_attributes:
        return False
    if gate.only is not None and not moves & gate.only \
            and not champion.card.attributes & gate.only_attributes:
        return False
    if any((not types or int(champion.type) in types) and champion.level <= level
           for types, level in gate.bars_weak):
        return False
    if gate.bars_names and any(n in champion.name.lower() for n in gate.bars_names):
        return False
    if any(int(champion.type) in types and not champion.card.attributes & spared
           for types, spared in gate.bars_unless):
        return False
    if any(moves & barred and not any(n in champion.name.lower() for n in spared)
           for barred, spared in gate.bars_moves_but):
        return False  # New Giustenal: "cannot be attacked by flyers (except Dregoth)"
    if gate.bars_armed and any(a.type in ITEMS for a in attached):
        return False  # Ur Draxa: "champions with attached artifacts or magical items"
    if gate.casters_only and not casts_spells(champion, attached):
        return False  # Euripis: "only champions able to cast spells"
    return not (gate.bars_avatars and champion.card.avatar)


_SPELL_USES = frozenset({"d19", "o19", "d4", "o4"})
"""The uses codes of wizard and cleric spells (RULES.md §1 "Card data")."""


def casts_spells(champion: Facts, attached: Sequence[Facts]) -> bool:
    """Whether ``champion``, carrying ``attached``, may cast wizard or cleric spells: by its
    type, its own uses or a card it carries (``may_use``; a condition on the defender fails,
    none being known yet)."""
    carried = [a for a in attached if a.type in ITEMS]
    return bool(champion_uses(champion, None, True, (), NO_OPPONENT, carried) & _SPELL_USES)


POSITION_ONLY = "position"
"""The mark of an ``attack_anywhere`` that waives the realm's position only, not its powers
(issue 13, cboost3: "can attack any Underdark realm, regardless of position")."""


def _reach(gate: Gate, champion: Facts) -> tuple[bool, bool]:
    """The champion's ``attack_anywhere`` powers whose condition holds of the realm of
    ``gate`` (its world, its attributes): whether one waives position and powers, and whether
    one waives its position only (the mark "position")."""
    if not champion.has(EffectKind.ATTACK_ANYWHERE):
        return False, False
    found = [e.mark for e in champion.get(EffectKind.ATTACK_ANYWHERE)
             if e.condition.holds(attacking=True, realm_world=gate.world,
                                  realm_attributes=gate.realm_attributes)]
    return any(m != POSITION_ONLY for m in found), POSITION_ONLY in found


def can_attack(state: SpellfireState, fx: Sequence[Facts], champion: Facts, slot: int,
               moves: frozenset[str] | None = None) -> bool:
    """Whether ``champion`` (with movement ``moves``, by default its own) may attack the
    defender's realm in ``slot``."""
    found = gate(state, fx, slot, holding_counts=not negates_holdings(champion, ()))
    return found is not None and passes(found, champion,
                                        champion.moves if moves is None else moves)


def movement(state: SpellfireState, fx: Sequence[Facts], player: int,
             champion: int) -> frozenset[str]:
    """Movement kinds of ``player``'s champion ``champion``: its own and those its attachments
    give (``gain_movement``)."""
    attached = [fx[a] for a in state.players[player].attached.get(champion, ())]
    return moves_with(fx[champion], attached) | player_moves(state, fx, player, fx[champion])


def player_moves(state: SpellfireState, fx: Sequence[Facts], player: int,
                 champion: Facts) -> frozenset[str]:
    """Movement kinds the holdings of ``player``'s standing realms and the champions of its
    pool give ``champion`` with a player-wide ``gain_movement`` (3rd Edition: Ancient Arms of
    Nyrond, "this player's monsters have the ability to fly, swim, or earthwalk as needed";
    4th Edition, second pass: Elemental Avatar of Earth, "all champions of this player are
    granted the earthwalking ability")."""
    found: frozenset[str] = frozenset()
    for e in _player_wide_moves(state, fx, player):
        if applies_to(e, champion):
            found = found | frozenset(e.movement)
    return found


def _player_wide_moves(state: SpellfireState, fx: Sequence[Facts],
                       player: int) -> tuple[Effect, ...]:
    """The player-wide ``gain_movement`` effects of :func:`player_moves`, whichever champion
    they reach (kept in the state's cache: asked of every champion of the player, issue 14)."""
    key = ("wide_moves", player)
    found = state.cache.get(key)
    if found is None:
        side = state.players[player]
        sources = [h for s, h in enumerate(side.holdings)
                   if h is not None and not side.razed[s]]
        found = state.cache[key] = tuple(
            e for h in (*sources, *side.pool) for e in fx[h].get(EffectKind.GAIN_MOVEMENT)
            if e.mark == PLAYER_WIDE)
    return found  # type: ignore[no-any-return]


def available(state: SpellfireState, fx: Sequence[Facts],
              acts: ActionSet) -> tuple[list[Candidate], list[Candidate]]:
    """The attacker's champions that may attack now, in its hand and in its pool (seed 000
    step I: not one that attacked this turn, unless it may ``attack_again``); kept in the
    state's cache."""
    found = state.cache.get("available")
    if found is None:
        att = state.attacker
        side = state.players[att]
        champions = [c for c in side.hand[:acts.hand_slots] if fx[c].is_champion]
        free = _avatar_free(state, fx, champions)  # Arch-Druid (c4th3b)
        cap = _level_cap(state, fx)  # Time of Troubles (c4th4)
        hand = [Candidate(i, fx[c], fx[c].moves | player_moves(state, fx, att, fx[c]),
                          negates_holdings(fx[c], ()))
                for i, c in enumerate(side.hand[:acts.hand_slots]) if fx[c].is_champion
                and (free or not fx[c].card.avatar) and fx[c].level < cap]
        # An ally in the pool (Magical Champion, issue 13 first_b) attacks as a hero of its
        # bonus (forms.as_champion).
        pool = [Candidate(j, as_champion(fx[c]), movement(state, fx, att, c),
                          negates_holdings(fx[c], [fx[a] for a in side.attached.get(c, ())]),
                          any(fx[a].has(EffectKind.ATTACK_ANYWHERE)
                              for a in side.attached.get(c, ())),
                          tuple(fx[a] for a in side.attached.get(c, ())))
                for j, c in enumerate(side.pool[:acts.pool_slots])
                if as_champion(fx[c]).level < cap and (
                    c not in side.attacked or EffectKind.ATTACK_AGAIN in fx[c].effects
                    or any(fx[a].has(EffectKind.ATTACK_AGAIN) for a in side.attached.get(c, ())))]
        found = state.cache["available"] = (hand, pool)
    return found  # type: ignore[no-any-return]


def negates_holdings(champion: Facts, attached: Sequence[Facts]) -> bool:
    """Whether an attacking champion (or a card it carries) negates the defender's holdings
    (``negate_holdings``) before a defender is known: a condition on the defender fails
    (``facts.holds``), one on attacking holds."""
    return any(holds(e.condition, True, NO_OPPONENT) for f in (champion, *attached)
               for e in f.get(EffectKind.NEGATE_HOLDINGS))


def attackers_for(state: SpellfireState, fx: Sequence[Facts], slot: int,
                  acts: ActionSet) -> tuple[list[int], list[int]]:
    """The hand slots and the pool slots of the champions the attacker may present against
    the defender's realm in ``slot`` (both empty if none may); an attacker that negates
    holdings passes the realm's gate without its holding's bars."""
    hand, pool = available(state, fx, acts)
    gates = _gates(state, fx, slot, hand, pool)
    if gates is None:
        return [], []
    found, bare = gates
    return ([c.slot for c in hand if _passes(c, found, bare)],
            [c.slot for c in pool if _passes(c, found, bare)])


def _passes(c: Candidate, found: Gate, bare: Gate) -> bool:
    """Whether candidate ``c`` passes the realm's gate (``bare``: without its holding's bars,
    for a champion that negates holdings), or may attack any realm by a card it carries."""
    if c.anywhere and not c.facts.cannot_attack:
        return True
    return passes(bare if c.negates else found, c.facts, c.moves, c.attached)


def may_attack(state: SpellfireState, fx: Sequence[Facts], slot: int, acts: ActionSet) -> bool:
    """Whether some champion of the attacker may attack the defender's realm in ``slot``
    (:func:`attackers_for` is not empty; it stops at the first one found)."""
    hand, pool = available(state, fx, acts)
    gates = _gates(state, fx, slot, hand, pool)
    if gates is None:
        return False
    found, bare = gates
    return any(_passes(c, found, bare) for c in (*hand, *pool))


def _gates(state: SpellfireState, fx: Sequence[Facts], slot: int, hand: Sequence[Candidate],
           pool: Sequence[Candidate]) -> tuple[Gate, Gate] | None:
    """The realm's gate in ``slot`` with its holding and without it (for a candidate that
    negates holdings); ``None`` if there is no standing realm there or no candidate at all.
    The second gate is worked out only when some candidate negates holdings (issue 14)."""
    if not hand and not pool:
        return None
    found = gate(state, fx, slot)
    if found is None:
        return None
    if not any(c.negates for c in (*hand, *pool)):
        return found, found
    bare = gate(state, fx, slot, holding_counts=False)
    assert bare is not None
    return found, bare


# --- defence (seed 000 step C) -----------------------------------------------------------------


def barred_defenders(state: SpellfireState, fx: Sequence[Facts]) -> frozenset[int]:
    """Champion types that may not defend the attacked realm (``defenders_barred`` on the realm
    or its holding, or on the attacking champion and its attachments)."""
    b = state.battle
    cards: list[Facts] = []
    home = state.players[state.defender]
    if b.realm is not None:
        held = holdings_at(home, fx, b.realm)  # its own and those it shares (first_b)
        if held and sides_of(state, fx)[1].holding_negated:
            held = []  # issue 14: the round's sides are asked only of a realm with one
        cards += [fx[i] for i in (home.realms[b.realm], *held) if i is not None]
    c = b.champion[state.attacker]
    if c is not None:
        cards.append(fx[c])
        cards += [fx[i] for i in state.players[state.attacker].attached.get(c, ())]
    return frozenset(t for f in cards for e in f.get(EffectKind.DEFENDERS_BARRED)
                     for t in e.card_types)


def realm_can_defend(state: SpellfireState, fx: Sequence[Facts]) -> bool:
    """Whether the attacked realm defends itself as a champion (a level above 0: RULES.md §1,
    ``defend_as``)."""
    b = state.battle
    assert b.realm is not None
    realm = state.players[state.defender].realms[b.realm]
    if realm is None:
        return False
    return realm_defense(fx[realm], _holding(state, fx))[0] > 0


def _holdings(state: SpellfireState, fx: Sequence[Facts]) -> list[Facts]:
    """The attacked realm's holdings (its own, and those it shares: The Sea Barons, issue 13
    first_b), unless the attacker negates them (``negate_holdings``; totals.round_sides says
    so)."""
    b = state.battle
    assert b.realm is not None
    held = holdings_at(state.players[state.defender], fx, b.realm)
    if not held or sides_of(state, fx)[1].holding_negated:
        return []
    return [fx[h] for h in held]


def _holding(state: SpellfireState, fx: Sequence[Facts]) -> Facts | None:
    """Of :func:`_holdings`, the one by which the attacked realm defends itself best
    (:func:`.facts.realm_defense`); ``None`` without one."""
    b = state.battle
    assert b.realm is not None
    realm = state.players[state.defender].realms[b.realm]
    held = _holdings(state, fx)
    if realm is None or len(held) < 2:
        return held[0] if held else None
    return max(held, key=lambda f: realm_defense(fx[realm], f)[0])


# --- card play (seed 000 step F; RULES.md §1 "Combat") ----------------------------------------


def uses_of(state: SpellfireState, fx: Sequence[Facts], player: int) -> frozenset[str]:
    """The "uses" codes ``player``'s side holds in this round: its champion's, or for a realm
    defending itself the type it defends as; a defender's realm and holding may grant more."""
    b = state.battle
    attacking = player == state.attacker
    c = b.champion[player]
    grants: list[Facts] = []
    self_type = None
    extra: frozenset[str] = frozenset()
    if b.realm is not None:
        home = state.players[state.defender]
        realm = home.realms[b.realm]
        # negate_holdings: a negated holding grants nothing (totals.round_sides says so).
        holding = _holding(state, fx)
        grants = [f for f in (fx[realm] if realm is not None else None, *_holdings(state, fx))
                  if f is not None]
        if c is None and b.realm_defends and not attacking and realm is not None:
            self_type = realm_defense(fx[realm], holding)[1]
            extra = realm_defense_uses(fx[realm], holding)  # Bluet Spur (c4th3a)
    ctx = sides_of(state, fx)[0 if attacking else 1].opponent
    carried: list[Facts] = []
    if c is not None:
        # Items and an artifact the champion carries: from the pool, or played in the round;
        # and its allies in the round that cast spells (issue 13 audit 2: Unicorn, "the
        # attached champion can cast wizard or cleric spells"; Ogre Mage, "this ally can cast
        # wizard spells" [decided: the side casts them while the ally is in the round]); and
        # its events that grant uses (Call to Arms: "his heroes may all use psionic power
        # cards and blood abilities", while the event is in the round; issue 13, c4th3a).
        side = state.players[player]
        granting = (*_GRANTING, CardType.EVENT)  # Mindlink (c4th3c), Call to Arms (c4th3a)
        carried = [fx[i] for i in (*side.attached.get(c, ()), *b.support[player])
                   if fx[i].type in ITEMS
                   or fx[i].type in granting and fx[i].has(EffectKind.MAY_USE)]
        carried += _player_wide_uses(state, fx, player, c)
    return champion_uses(as_champion(fx[c]) if c is not None else None, self_type, attacking,
                         grants, ctx, carried) | extra


def _player_wide_uses(state: SpellfireState, fx: Sequence[Facts], player: int,
                      champion: int) -> list[Facts]:
    """Items and artifacts attached to ``player``'s other champions (its pool) whose
    ``may_use`` has the mark "player": their grant reaches the side's champion in the round,
    its condition naming which (4th Edition, c4th3c: The Emerald Throne, "all elves of this
    player can use unarmed combat, psionic power, and blood ability cards")."""
    side = state.players[player]
    out = []
    for c in side.pool:
        for i in side.attached.get(c, ()) if c != champion else ():
            wide = tuple(e for e in fx[i].get(EffectKind.MAY_USE) if e.mark == PLAYER_WIDE)
            if fx[i].type in ITEMS and wide:
                out.append(replace(fx[i], effects={EffectKind.MAY_USE: wide}))
    return out


_GRANTING = (CardType.ALLY, CardType.PSIONIC_POWER)
"""Cards in the round whose ``may_use`` reaches their side's champion: allies (above) and,
4th Edition (c4th3c), a psionic power ("Mindlink: allows the champion to cast cleric and
wizard spells ... for this round of battle")."""


def playable(state: SpellfireState, fx: Sequence[Facts], player: int, window: bool,
             hand_slots: int) -> list[int]:
    """Hand slots (of the first ``hand_slots``) that ``player`` may play into the round now;
    ``window``: the winner's window, only events and play-at-any-time cards (seed 000 step
    F). Kept in the state's cache until the state changes (issue 14: a card play asks it of
    the same side twice, for the winner's window and for whose turn it is)."""
    key = ("playable", player, window, hand_slots)
    found = state.cache.get(key)
    if found is None:
        found = state.cache[key] = tuple(_playable(state, fx, player, window, hand_slots))
    return list(found)


def _allies_become(state: SpellfireState, fx: Sequence[Facts], player: int) -> frozenset[int]:
    """The attributes an ally played now by ``player`` would have besides its own
    (``allies_become``: Lich Conclave's "all allies played with it become undead", issue 13,
    c4th5a): a bar on undead allies bars it too."""
    champion = state.battle.champion[player]
    if champion is None:
        return frozenset()
    side = state.players[player]
    return allies_attributes(fx[i] for i in (champion, *side.attached.get(champion, ()),
                                             *state.battle.support[player]))


def _playable(state: SpellfireState, fx: Sequence[Facts], player: int, window: bool,
              hand_slots: int) -> list[int]:
    """:func:`playable`, worked out."""
    side = state.players[player]
    codes = uses_of(state, fx, player)
    champion = state.battle.champion[player]
    found = _kept_bars(state, fx, player)
    attacking = player == state.attacker
    named = () if champion is None else fx[champion].get(EffectKind.CASTS_NAMED_ONLY)
    become = _allies_become(state, fx, player)
    later = later_moves(fx, state.battle.support[player], -1)  # Elf Galleon (c4th5a)
    out = []
    for i, inst in enumerate(side.hand[:hand_slots]):
        f = fx[inst]
        if f.type == CardType.ALLY and (become or later):
            f = becoming(moving(f, later), become)
        if not _may_play(f, codes | named_codes(f, named) if named else codes, window) \
                or (found and barred(f, found)):
            continue
        if attacking and f.defense_only:  # "use on defense only" (issue 13)
            continue
        if first_card_only(state, f):  # Bribery! (c1st3): the round's first card
            continue
        if f.type in ITEMS and not _carried(state, fx, player, champion, f):
            continue
        if f.type not in ITEMS and not _usable(f, None if champion is None else fx[champion]):
            continue
        out.append(i)
    return out


def named_codes(f: Facts, named: Sequence[Effect]) -> frozenset[str]:
    """``casts_named_only`` (Elemental Cleric: "can also cast any wizard spells containing the
    words earth, air, fire, or water"; issue 13, c4th3b): the codes of ``named`` effects whose
    words begin a word of card ``f``'s name ("Fireball", "Wall of Fire")."""
    return frozenset(u for e in named
                     if any(re.search(rf"\b{re.escape(w)}", f.name, re.IGNORECASE)
                            for w in e.names)
                     for u in e.uses)


def _usable(f: Facts, champion: Facts | None) -> bool:
    """``usable_only_by`` on a card played into the round (4th Edition, c4th3c: Blind Side!,
    "usable only by elf (drow) champions"): the side's champion is of one of its types or has
    one of its attributes (a realm defending itself is neither)."""
    for e in f.get(EffectKind.USABLE_ONLY_BY):
        if champion is None or int(champion.type) not in e.card_types and not (
                champion.card.attributes & set(e.attributes)):
            return False
    return True


def _may_play(f: Facts, codes: frozenset[str], window: bool) -> bool:
    """Whether a card may go into the round, bars and carrying aside: it is played in a round,
    in phase 4, in the window only if it may be played at any time, by a side that uses it."""
    if f.needs is None or not f.playable_in_battle_phase:
        return False
    if window and not f.any_time:
        return False
    return not f.needs or bool(f.needs & codes)


def _carried(state: SpellfireState, fx: Sequence[Facts], player: int, champion: int | None,
             f: Facts) -> bool:
    """Whether ``player``'s champion may carry the magical item or artifact ``f``: a realm
    defending itself takes no items (RULES.md §1); one artifact per champion, of its world;
    an item "usable only by" some champions (``facts.carries``)."""
    if champion is None:
        return False
    return carries(f, fx[champion], [fx[a] for a in state.players[player].attached.get(
        champion, ())])  # carried_only_by, artifact_fits


class Bar(NamedTuple):
    """Something the round's cards forbid a side to play."""

    kind: str
    """``"allies"`` (allies up to the effect's level and of its attributes), ``"own_allies"``
    (every ally), ``"spells"`` (wizard and cleric spells), ``"allies_limit"`` (no more
    allies: the limit is reached), ``"allies_from"`` (allies of the effect's level or more),
    ``"spell_type"`` (cards of the card type ``limit``: spells, or the types of
    ``cards_barred`` / ``no_cards``), ``"offensive_type"`` (the (Off) cards of the type
    ``limit``: ``offensive_world_only``), ``"items"`` (magical items with one
    of the effect's attributes), ``"events"`` (every event: ``events_barred``),
    ``"allies_only"`` (allies without one of the effect's attributes: ``allies_only``),
    ``"items_over"`` (magical items with a bonus above ``limit``), ``"marked_type"`` (cards
    of the card type ``limit`` with the effect's mark: ``cards_barred`` with a mark),
    ``"form"`` (the cards only the form ``limit`` may use: ``forms.form_of``)."""
    effect: Effect | None = None
    """``"allies"``: the barring effect."""
    limit: int = 0
    """``"allies_limit"``: allies the side may play in the round; ``"spell_type"``: the card
    type barred."""
    names: frozenset[str] = frozenset()
    """``"names"``: the spells barred by name by a rule card in play (``spells_barred_named``,
    c1st3: The Abyssal Vortex)."""


def _kept_bars(state: SpellfireState, fx: Sequence[Facts], player: int) -> tuple[Bar, ...]:
    """:func:`bars`, kept in the state's cache (issue 14: a side's plays are asked for its
    turn and for the winner's window)."""
    key = ("bars", player)
    found = state.cache.get(key)
    if found is None:
        found = state.cache[key] = tuple(bars(state, fx, player))
    return found  # type: ignore[no-any-return]


def bars(state: SpellfireState, fx: Sequence[Facts], player: int) -> list[Bar]:
    """What the round's cards forbid ``player`` to play: the opposing side's
    ``allies_barred`` (a ``destroy_allies`` power of a card already in the round counts as
    one [decided]: such an ally would be destroyed on arrival), ``spells_barred`` and
    ``allies_limit`` (once the side has played that many allies), anybody's ``no_spells``,
    its own ``own_allies_barred``."""
    a, d = sides_of(state, fx)
    me, other = (a, d) if player == a.player else (d, a)
    theirs = [f for f in (other.champion, *other.cards) if f is not None and f.restricts]
    mine = [f for f in (me.champion, *me.cards) if f is not None and f.restricts]
    vetoed = _vetoed(state, fx, player, me) + _psionics_vetoed(state, fx, player, me) \
        + _devoured(state, fx, player, other) + _no_events(state, fx) \
        + _one_form(state, fx, player)
    vetoed += [Bar("names", names=names)] if (names := barred_names(state, fx)) else []
    vetoed += [Bar("spell_type", limit=t) for t in sorted(barred_types(state, fx))]  # c4th4
    vetoed += [Bar("offensive_type", limit=t)
               for t in sorted(world_barred(state, fx, me.champion))]  # c4th4
    vetoed += [Bar("allies", e) for e in allies_barred_rules(state, fx)
               if holds(e.condition, me.attacking, me.opponent)]  # c4th4: The Power of Faith
    vetoed += [Bar("spell_type", limit=int(t))
               for t in stripped_types(state, fx, player)]  # c4th5b: Celik, "cannot add more"
    if not theirs and not mine and not vetoed:
        return []
    out = [bar for f in theirs for bar in _opposing_bars(f, other)] + vetoed
    if any(f.has(EffectKind.NO_SPELLS) for f in (*theirs, *mine)):
        out.append(Bar("spells"))
    # no_cards (Body Weaponry: "prevents further unarmed combat cards from being used").
    out += [Bar("spell_type", limit=t) for f in (*theirs, *mine)
            for e in f.get(EffectKind.NO_CARDS) for t in e.card_types]
    out += [Bar("own_allies", e) for f in mine for e in f.get(EffectKind.OWN_ALLIES_BARRED)
            if holds(e.condition, me.attacking, me.opponent)]
    # own_spells_barred (Anti-Magic Shell: "prevents him from casting any spells himself").
    out += [Bar("spells") for f in mine for e in f.get(EffectKind.OWN_SPELLS_BARRED)
            if holds(e.condition, me.attacking, me.opponent)]
    if any(f.has(EffectKind.ONE_SPELL_TYPE) for f in mine):
        out += _one_spell_type(state, fx, player)
    # items_barred_over (Verrasi: "no magical items with a bonus greater than +3 can be played
    # after Verrasi joins the battle"): both sides.
    out += [Bar("items_over", limit=e.amount) for f in (*theirs, *mine)
            for e in f.get(EffectKind.ITEMS_BARRED_OVER)]
    if any(bar.kind == "allies_limit" for bar in out):
        played = sum(1 for i in state.battle.support[player] if fx[i].type == CardType.ALLY)
        out = [bar for bar in out if bar.kind != "allies_limit" or played >= bar.limit]
    return out


def _vetoed(state: SpellfireState, fx: Sequence[Facts], player: int,
            me: RoundSide) -> list[Bar]:
    """``spell_veto`` (Midnight: "if only one Midnight is in play, wizards cannot cast spells
    without her permission"): a card of the other player in play, the only one of its name in
    play, bars the spells of ``player``'s champion of the types it names."""
    kind = me.champion.type if me.champion is not None else me.self_defense_type
    if kind is None:
        return []
    found = _in_play_with(state, fx, 1 - player, EffectKind.SPELL_VETO)
    if not found:
        return []
    names = [fx[i].name for p in (0, 1) for i in _in_play(state, p)]
    # The mark "all" (Arch-Druid, c4th3b): "all other clerics must ask ... for permission",
    # whether or not another card of its name is in play. The mark "wizard" (4th Edition,
    # c4th3c: Midnight, Goddess of Magic, "all champions that use wizard spells must ask her
    # permission to cast them"): the wizard spells only.
    return [Bar("spell_type", limit=int(CardType.WIZARD_SPELL)) if e.mark == "wizard"
            else Bar("spells") for i in found for e in fx[i].get(EffectKind.SPELL_VETO)
            if int(kind) in e.card_types and (e.mark == "all" or names.count(fx[i].name) == 1)]


def _level_cap(state: SpellfireState, fx: Sequence[Facts]) -> float:
    """The printed level from which no champion attacks or defends (``combat_level_cap`` on
    a rule card in play, :func:`.rule_cards.level_cap`); no cap: infinity."""
    cap = level_cap(state, fx)
    return float("inf") if cap is None else cap


def avatars_barred(state: SpellfireState, fx: Sequence[Facts]) -> bool:
    """``avatars_barred`` (Arch-Druid: "while the Arch-druid is in play, no avatars may be
    played"; issue 13, c4th3b): a card with it is in play, either player's."""
    return any(_kind_in_play(state, fx, p, EffectKind.AVATARS_BARRED) for p in (0, 1))


def _avatar_free(state: SpellfireState, fx: Sequence[Facts], hand: Sequence[int]) -> bool:
    """Whether the hand champions ``hand`` may be presented as they are: none is an avatar, or
    no card bars avatars (:func:`avatars_barred`)."""
    return not any(fx[c].card.avatar for c in hand) or not avatars_barred(state, fx)


def _psionics_vetoed(state: SpellfireState, fx: Sequence[Facts], player: int,
                     me: RoundSide) -> list[Bar]:
    """``psionics_veto`` (3rd Edition, Sadira: "psionicists must ask her permission to use
    psionic powers"): a card of the other player in play bars the psionic power cards of
    ``player``'s champion of the types it names."""
    kind = me.champion.type if me.champion is not None else me.self_defense_type
    if kind is None:
        return []
    return [Bar("spell_type", limit=int(CardType.PSIONIC_POWER))
            for i in _in_play_with(state, fx, 1 - player, EffectKind.PSIONICS_VETO)
            for e in fx[i].get(EffectKind.PSIONICS_VETO) if int(kind) in e.card_types][:1]


def _devoured(state: SpellfireState, fx: Sequence[Facts], player: int,
              other: RoundSide) -> list[Bar]:
    """``destroy_allies`` with the mark "player" (4th Edition, c4th3c: Urdlen, "devours all
    earthwalking allies that oppose any of this player's champions"): from anywhere in play
    for the other player (its pool too), a bar on ``player``'s allies it would destroy on
    arrival while the other side fights with a champion (as a ``destroy_allies`` in the
    round, [decided] there)."""
    if other.champion is None:
        return []
    kind = EffectKind.DESTROY_ALLIES
    return [Bar("allies", e) for i in _in_play_with(state, fx, 1 - player, kind)
            for e in fx[i].get(kind)
            if e.mark == "player" and holds(e.condition, other.attacking, other.opponent)]


def _no_events(state: SpellfireState, fx: Sequence[Facts]) -> list[Bar]:
    """``no_events_in_play`` (4th Edition, c4th3c: Throne of the Pharaohs, "no more can be
    played as long as the Throne of the Pharaohs remains in play"): a card of either player in
    play bars every event."""
    found = any(_kind_in_play(state, fx, p, EffectKind.NO_EVENTS_IN_PLAY) for p in (0, 1))
    return [Bar("events")] if found else []


def _in_play(state: SpellfireState, p: int) -> list[int]:
    """Card instances of player ``p`` in play: its pool champions and their attachments, its
    champion in the round with its attachments and support, its standing realms and their
    holdings."""
    side, b = state.players[p], state.battle
    held = b.champion[p]
    champions = [*side.pool, *([] if held is None else [held])]
    out = [i for c in champions for i in (c, *side.attached.get(c, ()))]
    out += [i for s, r in enumerate(side.realms) if r is not None and not side.razed[s]
            for i in (r, side.holdings[s]) if i is not None]
    return out + list(b.support[p])


def _kinds_in_play(state: SpellfireState, fx: Sequence[Facts], p: int) -> frozenset[EffectKind]:
    """The kinds of power of player ``p``'s cards in play (:func:`_in_play`): the bars that
    reach the round from anywhere in play look for a few kinds that most games lack (kept in
    the state's cache, issue 14: both players' card plays ask it)."""
    key = ("kinds_in_play", p)
    found = state.cache.get(key)
    if found is None:
        found = state.cache[key] = frozenset(k for i in _in_play(state, p) for k in fx[i].effects)
    return found  # type: ignore[no-any-return]


def _kind_in_play(state: SpellfireState, fx: Sequence[Facts], p: int, kind: EffectKind) -> bool:
    """Whether a card of player ``p`` in play has a power of ``kind`` (:func:`_kinds_in_play`;
    at once False when no card of the game has it, issue 14)."""
    return bool(holders(state, fx, kind)) and kind in _kinds_in_play(state, fx, p)


def _in_play_with(state: SpellfireState, fx: Sequence[Facts], p: int,
                  kind: EffectKind) -> list[int]:
    """Player ``p``'s cards in play with a power of ``kind``."""
    if not _kind_in_play(state, fx, p, kind):
        return []
    return [i for i in _in_play(state, p) if fx[i].has(kind)]


def _one_spell_type(state: SpellfireState, fx: Sequence[Facts], player: int) -> list[Bar]:
    """``one_spell_type`` (The Harpers: "the player must choose one type (wizard or cleric) in
    each battle"): once the side has cast a spell of one type, the other type is barred."""
    cast = {fx[i].type for i in state.battle.support[player] if fx[i].type in SPELLS}
    return [Bar("spell_type", limit=int(t)) for t in SPELLS if cast - {t}]


def _one_form(state: SpellfireState, fx: Sequence[Facts], player: int) -> list[Bar]:
    """``fight_as`` / ``function_as`` (Gib Ekim: "the player must choose at the start of the
    round"; Chest of Many Things: "before each round"; issue 13, audit 4): once ``player``'s
    side has played a card only one of its champion's forms may use (a wizard or cleric
    spell, a hero's unarmed combat: ``forms.form_of``), the other forms' cards are barred
    for the round (a card usable by any champion is no form's: not barred)."""
    forms = [t for t in champion_forms(state, fx, player) if t in FORM_CARDS]
    shown = played_forms(state, fx, player, forms)
    if not shown:
        return []
    return [Bar("form", limit=t) for t in forms if t not in shown]


def _opposing_bars(f: Facts, other: RoundSide) -> list[Bar]:
    """The bars a card of the ``other`` side puts on its opponent."""
    out = [Bar("allies", e) for e in f.get(EffectKind.ALLIES_BARRED)
           if holds(e.condition, other.attacking, other.opponent)]
    # The mark "standing" (4th Edition, c4th3c: Tail Slap, "if reduced to level 0 or less,
    # they are discarded" while its loss of levels stands): from a spell-like card too.
    out += [Bar("allies", e) for e in f.get(EffectKind.DESTROY_ALLIES)
            if e.mark == "standing" and (f.type == CardType.EVENT or f.type in SPELLS)
            and holds(e.condition, other.attacking, other.opponent)]
    if f.type != CardType.EVENT and f.type not in SPELLS:
        # A power that destroys a number of allies (count > 0) does so once, as the card
        # enters: no bar on the allies played after (issue 13 audit: Elven Archer).
        out += [Bar("allies", e) for e in f.get(EffectKind.DESTROY_ALLIES)
                if e.count == 0 and holds(e.condition, other.attacking, other.opponent)]
        # "Any magic sword or spear used by the opposing champion must be discarded": one
        # played after the card would be discarded on arrival (issue 13 audit: Giant Skeleton).
        out += [Bar("items", e) for e in f.get(EffectKind.DESTROY_ITEMS)
                if e.attributes and e.count == 0
                and holds(e.condition, other.attacking, other.opponent)]
    out += [Bar("spells") for e in f.get(EffectKind.SPELLS_BARRED)
            if holds(e.condition, other.attacking, other.opponent)]
    out += [Bar("allies_limit", limit=e.amount) for e in f.get(EffectKind.ALLIES_LIMIT)]
    # cards_barred (Mindwipe: "cannot ... use psionic power cards"; 4th Edition); with a mark,
    # only the cards of that mark (Blackstaff Tower: "no offensive wizard spells"; c4th3a).
    out += [Bar("spell_type", limit=t) if not e.mark else Bar("marked_type", e, limit=t)
            for e in f.get(EffectKind.CARDS_BARRED)
            if holds(e.condition, other.attacking, other.opponent) for t in e.card_types]
    # allies_only (The Death Ship: "only swimming allies may be played against this champion").
    out += [Bar("allies_only", e) for e in f.get(EffectKind.ALLIES_ONLY)
            if holds(e.condition, other.attacking, other.opponent)]
    # events_barred (Marilith: "the opposing player cannot play any events"; 4th Edition).
    out += [Bar("events") for e in f.get(EffectKind.EVENTS_BARRED)
            if holds(e.condition, other.attacking, other.opponent)]
    # allies_barred_from (Ren's Bell of Death: "allies of level 4 or higher cannot be used").
    out += [Bar("allies_from", e) for e in f.get(EffectKind.ALLIES_BARRED_FROM)
            if holds(e.condition, other.attacking, other.opponent)]
    return out


def _ally_barred(f: Facts, bar: Bar) -> bool:
    """Whether ``bar`` forbids the ally ``f``."""
    e = bar.effect
    if bar.kind == "own_allies" and e is not None and e.attributes \
            and not f.card.attributes.intersection(e.attributes):
        return False  # Nagawater: "destroys all swimming allies" (c4th3a): others stay
    if bar.kind in ("own_allies", "allies_limit") or \
            bar.kind == "spell_type" and bar.limit == int(CardType.ALLY):
        return True  # spell_type of the ally type: a rule card's no_cards (c4th4)
    if bar.kind == "allies" and e is not None and (e.amount == 0 or f.bonus <= e.amount) \
            and (not e.attributes or f.card.attributes.intersection(e.attributes)) \
            and not f.moves & set(e.movement):  # c4th3c: Tail Slap spares flyers
        return True
    if bar.kind == "allies_from" and e is not None and f.bonus >= e.amount:
        return True
    return bar.kind == "allies_only" and e is not None \
        and not f.card.attributes.intersection(e.attributes)


def barred(f: Facts, found: Sequence[Bar]) -> bool:
    """Whether one of the bars ``found`` forbids the card ``f``."""
    if f.type == CardType.ALLY and f.has(EffectKind.ALLY_BARS_IGNORED):
        # Barbaric Allies (4th Edition, c4th3c): only a power that destroys allies on arrival.
        found = [b for b in found if b.kind == "allies" and b.effect is not None
                 and b.effect.kind is EffectKind.DESTROY_ALLIES]
    for bar in found:
        if f.type == CardType.ALLY:
            if _ally_barred(f, bar):
                return True
        elif bar.kind == "spells" and f.type in SPELLS:
            return True
        elif bar.kind == "spell_type" and int(f.type) == bar.limit:
            return True
        elif bar.kind == "form" and form_of(f) == bar.limit:
            return True  # one form a round (issue 13, audit 4: Gib Ekim)
        elif bar.kind == "marked_type" and int(f.type) == bar.limit and bar.effect is not None \
                and f.card.mark is not None and f.card.mark.value.lower() == bar.effect.mark:
            return True
        elif bar.kind == "offensive_type" and int(f.type) == bar.limit and f.offensive:
            return True  # offensive_world_only (c4th4: Forbidden Knowledge)
        elif bar.kind == "events" and f.type == CardType.EVENT:
            return True
        elif bar.kind == "names" and named_barred(f, bar.names):
            return True
        elif bar.kind == "items_over" and f.type == CardType.MAGICAL_ITEM and f.bonus > bar.limit:
            return True
        elif bar.kind == "items" and f.type == CardType.MAGICAL_ITEM and bar.effect is not None \
                and f.card.attributes.intersection(bar.effect.attributes):
            return True
    return False
