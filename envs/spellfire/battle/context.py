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

KEPT = ("facts", "features", "wide_sources", "reach", "holders")
"""Cache entries that depend only on the card list (kept across steps and clones)."""


SETTLED = "settled"
"""Cache entry: the step has ended at :func:`settle`, nothing changed since (issue 14)."""


def touch(state: SpellfireState) -> None:
    """The state changed within a step: drop what was derived from it (not the card list's
    facts and features)."""
    cache = state.cache
    kept = [(k, cache[k]) for k in KEPT if k in cache]
    cache.clear()
    cache.update(kept)


def settle(state: SpellfireState) -> None:
    """The step ends here, with the values derived during it (the round's sides and totals,
    what each side may play) worked out for the state as it now stays: the engine keeps them
    for the next decision instead of dropping them at the end of the step (issue 14). Call it
    only as the step's last act; any :func:`touch` after it undoes it."""
    state.cache[SETTLED] = True


def end_step(state: SpellfireState) -> None:
    """The step is over: drop the derived values unless the step :func:`settle`-d."""
    if not state.cache.pop(SETTLED, False):
        touch(state)


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
    hand_slots: int | None = None
    """The most cards a hand holds (the codec's hand slots; issue 13 audit 2): a spoils card
    for a full hand stays on the draw pile; ``None``: no limit."""

    def name(self, inst: int) -> str:
        """The name of card instance ``inst``."""
        return self.facts[inst].name

    def sides(self, state: SpellfireState) -> tuple[RoundSide, RoundSide]:
        """(attacker's, defender's) side of the round (cached until the state changes)."""
        return sides_of(state, self.facts)

    def totals(self, state: SpellfireState) -> list[int]:
        """Level totals per player of the round (cached until the state changes)."""
        return totals_of(state, self.facts)
