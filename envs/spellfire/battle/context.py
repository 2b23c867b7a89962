"""What resolving a battle step reads besides the state (seed 000 steps B-J).

Resolution (:mod:`.round`, :mod:`.powers`, :mod:`.judge`) is written as functions over the state,
a :class:`Context` and the step's list of events. The engine builds one context per step: the
facts of every card instance and the two questions only the legal-play half can answer (which
cards a player may play now, whether the attacker has a champion left for a realm).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .facts import Facts
from .state import SpellfireState
from .totals import RoundSide, sides_of, totals_of

KEPT = ("facts", "features")
"""Cache entries that depend only on the card list (kept across steps and clones)."""


def touch(state: SpellfireState) -> None:
    """The state changed within a step: drop what was derived from it (not the card list's
    facts and features)."""
    kept = {k: state.cache[k] for k in KEPT if k in state.cache}
    state.cache.clear()
    state.cache.update(kept)


@dataclass(frozen=True)
class Context:
    """The facts of every card instance and the legal-play questions resolution asks."""

    facts: Sequence[Facts]
    """Facts of each card instance of the state (``facts[inst]``)."""
    playable: Callable[[SpellfireState, int, bool], Sequence[int]]
    """Hand slots a player may play into the round now (``window``: only events and
    play-at-any-time cards; seed 000 step F)."""
    may_attack: Callable[[SpellfireState, int], object]
    """Whether the attacker has a champion that may attack the realm in a slot (truthy; seed
    000 steps A and I)."""
    spoils_at_once: bool = True
    """A spoils card is played at once where allowed (battle mode [decided]); False: it goes
    to the hand and its owner chooses (the whole game: seed 001 "immediately or kept for
    later")."""

    def name(self, inst: int) -> str:
        """The name of card instance ``inst``."""
        return self.facts[inst].name

    def sides(self, state: SpellfireState) -> tuple[RoundSide, RoundSide]:
        """(attacker's, defender's) side of the round (cached until the state changes)."""
        return sides_of(state, self.facts)

    def totals(self, state: SpellfireState) -> list[int]:
        """Level totals per player of the round (cached until the state changes)."""
        return totals_of(state, self.facts)
