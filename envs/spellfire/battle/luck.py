"""The game's chance after the deal (issue 13, c1st5): a seeded, hidden random source.

A few card powers leave something to chance once the decks are dealt: Lolth, the Spider Queen
is shuffled back into her owner's draw pile when defeated, Shalbaal, Red Dragon has a card
drawn at random from the defeated player's hand. The state carries a seed (``luck``, drawn from
the deal's generator) and a counter (``luck_used``); each draw derives a fresh generator from
both and bumps the counter, so a state and its copy draw the same, a saved state read back
draws the same, and no global random state is used. The seed is hidden information: no view
or observation shows it, and the search bot's sampler gives its sampled states a seed of its
own (``agents/samplers/spellfire.py``).
"""

from __future__ import annotations

import numpy as np

from .state import SpellfireState

LUCK_BOUND = 2**62
"""Seeds are drawn in ``[0, LUCK_BOUND)`` (the JSON schema's range)."""


def new_luck(rng: np.random.Generator) -> int:
    """A seed for the game's chance, drawn from ``rng`` (the deal's or the sampler's)."""
    return int(rng.integers(LUCK_BOUND))


def draw_luck(state: SpellfireState, n: int) -> int:
    """A number in ``range(n)``, uniformly, from the state's chance; bumps ``luck_used``."""
    if n <= 0:
        raise ValueError(f"draw_luck needs at least one outcome, got n={n}")
    rng = np.random.default_rng([state.luck, state.luck_used])
    state.luck_used += 1
    return int(rng.integers(n))
