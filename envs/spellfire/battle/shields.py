"""Realms that some card plays cannot touch (the rest of the 1st Edition, issue 13).

- ``realm_immune_harmful_events``: a holding whose attached realm "is unaffected by all harmful
  event cards" (Arms of Furyondy): a harmful event neither razes nor discards that realm
  (:func:`realm_shielded`, asked by the powers that raze or discard realms by card play).
- ``realm_immune_offensive`` (4th Edition, third pass, c4th3a): a realm "immune to offensive
  wizard spells" (Reorxcrown Mountains), or every realm of a holding's player that its
  condition names ("this player's Greyhawk realms are immune to offensive spells",
  Fortification: Parapet; the mark "player"): an (Off) card of the types neither razes nor
  discards it (:func:`realm_shielded`), and has no effect on it when it defends itself
  (:func:`realm_guards`, read by ``totals.round_sides`` as ``immune_to``); a realm whose
  holding has ``realm_immune_harmful_events`` is immune to harmful events when it defends
  itself too (c4th3a: Moonwell).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..cards.cards import Attribute, CardType, Mark
from ..cards.effects import Effect, EffectKind
from .facts import PLAYER_WIDE, Facts
from .shared_holdings import borrowed_slots, holdings_at
from .state import SpellfireState


def realm_shielded(state: SpellfireState, facts: Sequence[Facts], owner: int, slot: int,
                   card: Facts, negated: bool = False) -> bool:
    """Whether ``card`` has no effect on the realm in ``slot`` of ``owner``'s formation: it is
    a harmful event and the realm's holding (not ``negated`` in this battle:
    ``negate_holdings``) has ``realm_immune_harmful_events``."""
    if card.card.mark is Mark.OFF and any(int(card.type) in e.card_types for _, e in
                                          _realm_immunities(state, facts, owner, slot, negated)):
        return True  # realm_immune_offensive (c4th3a)
    if card.type != CardType.EVENT or Attribute.HARMFUL not in card.card.attributes:
        return False
    # Its holdings, those it shares included (The Sea Barons: issue 13, first_b).
    return not negated and any(facts[h].has(EffectKind.REALM_IMMUNE_HARMFUL_EVENTS)
                               for h in holdings_at(state.players[owner], facts, slot))


def _realm_immunities(state: SpellfireState, facts: Sequence[Facts], owner: int, slot: int,
                      negated: bool) -> list[tuple[int, Effect]]:
    """(source, effect) of each ``realm_immune_offensive`` covering the realm in ``slot`` of
    ``owner``: the realm's own, its holding's, and (the mark "player") those of the holdings on
    the player's standing realms whose condition holds of the realm (``realm_worlds``). A
    holding has no power when ``negated`` (``negate_holdings``: "all enemy holdings")."""
    side = state.players[owner]
    realm = side.realms[slot]
    if realm is None:
        return []
    world = int(facts[realm].card.world)
    out = [(realm, e) for e in facts[realm].get(EffectKind.REALM_IMMUNE_OFFENSIVE)]
    shared = {slot, *borrowed_slots(side, facts, slot)}  # The Sea Barons (first_b)
    for s, h in enumerate(side.holdings):
        if h is None or negated or side.realms[s] is None or side.razed[s]:
            continue
        out += [(h, e) for e in facts[h].get(EffectKind.REALM_IMMUNE_OFFENSIVE)
                if (e.mark == PLAYER_WIDE and e.condition.holds(attacking=False,
                                                                realm_world=world))
                or (s in shared and e.mark != PLAYER_WIDE)]
    return out


def realm_guards(state: SpellfireState, facts: Sequence[Facts], owner: int,
                 slot: int) -> list[Facts]:
    """For a realm defending itself: its ``realm_immune_offensive`` powers as bare cards of
    the defender's side (their source's type, no bonus, no other power) whose ``immune_to``
    makes it immune to the other side's (Off) cards of the types (RULES.md §1 "Combat"); a
    holding's copy leaves the round with the holdings an attacker negates."""
    out: list[Facts] = []
    for source, e in _realm_immunities(state, facts, owner, slot, False):
        guard = Effect(EffectKind.IMMUNE_TO, card_types=e.card_types, mark="off")
        out.append(replace(facts[source], bonus=0, plain=False, restricts=False,
                           effects={EffectKind.IMMUNE_TO: (guard,)}))
    # realm_immune_harmful_events: the realm is unaffected by harmful events defending itself
    # too (Moonwell, c4th3a: "the attached realm ... is immune to ... harmful events").
    for holding in holdings_at(state.players[owner], facts, slot):  # The Sea Barons (first_b)
        if facts[holding].has(EffectKind.REALM_IMMUNE_HARMFUL_EVENTS):
            out.append(replace(facts[holding], bonus=0, plain=False, restricts=False, effects={
                EffectKind.IMMUNE_HARMFUL_EVENTS: (Effect(EffectKind.IMMUNE_HARMFUL_EVENTS),)}))
    return out
