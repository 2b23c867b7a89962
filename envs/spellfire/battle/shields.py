"""Realms that some card plays cannot touch (the rest of the 1st Edition, issue 13).

- ``realm_immune_harmful_events``: a holding whose attached realm "is unaffected by all harmful
  event cards" (Arms of Furyondy): a harmful event neither razes nor discards that realm
  (:func:`realm_shielded`, asked by the powers that raze or discard realms by card play).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards.cards import Attribute, CardType
from ..cards.effects import EffectKind
from .facts import Facts
from .state import SpellfireState


def realm_shielded(state: SpellfireState, facts: Sequence[Facts], owner: int, slot: int,
                   card: Facts, negated: bool = False) -> bool:
    """Whether ``card`` has no effect on the realm in ``slot`` of ``owner``'s formation: it is
    a harmful event and the realm's holding (not ``negated`` in this battle:
    ``negate_holdings``) has ``realm_immune_harmful_events``."""
    if card.type != CardType.EVENT or Attribute.HARMFUL not in card.card.attributes:
        return False
    holding = state.players[owner].holdings[slot]
    return (holding is not None and not negated
            and facts[holding].has(EffectKind.REALM_IMMUNE_HARMFUL_EVENTS))
