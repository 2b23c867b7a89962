"""Which card instances of a game have a power of a kind at all (issue 14, speed).

Many powers are read at every step by looking through the cards in play for an effect of one
kind (a hand limit, a draw, a discard pile shuffled back), and most games hold no card with
that power. The card list of a game never changes, so the instances with each effect kind are
worked out once per card list and kept in the state's cache with the card facts
(``context.KEPT``); a rule that finds no holder of its kind has nothing to look for. The rules
themselves stay where they are: this only answers "could any card here do it?".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from ..cards.effects import EffectKind
from .facts import Facts
from .state import SpellfireState

HOLDERS = "holders"
"""Cache entry: effect kind -> the card instances with an effect of that kind."""

NONE: frozenset[int] = frozenset()


def holders_of(facts: Sequence[Facts]) -> Mapping[EffectKind, frozenset[int]]:
    """For each effect kind of a card list (``facts[inst]``), the instances that have it
    (read-only: the dealer hands the same one to every state dealt from a pair of decks)."""
    found: dict[EffectKind, set[int]] = {}
    for i, f in enumerate(facts):
        for kind in f.effects:
            found.setdefault(kind, set()).add(i)
    return MappingProxyType({kind: frozenset(insts) for kind, insts in found.items()})


def holders(state: SpellfireState, facts: Sequence[Facts], kind: EffectKind) -> frozenset[int]:
    """The card instances of ``state``'s game with an effect of ``kind`` (empty: no card of
    this game has the power), kept in the state's cache with the card list's facts."""
    found = state.cache.get(HOLDERS)
    if found is None:
        found = state.cache[HOLDERS] = holders_of(facts)
    return found.get(kind, NONE)  # type: ignore[no-any-return]
