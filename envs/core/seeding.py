"""The generator a game is dealt from: ``numpy.random.default_rng(seed)``, built directly.

NumPy defines ``default_rng(seed)`` as ``Generator(PCG64(seed))``; building that directly gives
the same generator (the same stream of numbers, so the same deals and replays) without
``default_rng``'s checks of what it was given, which cost about a third of its time. The fronts
build one per episode, and a battle of Spellfire or of Solium Infernum's battle mode is about
three decisions long (issue 14).
"""

from __future__ import annotations

import numpy as np


def game_rng(seed: int) -> np.random.Generator:
    """``numpy.random.default_rng(seed)`` for an integer ``seed``."""
    return np.random.Generator(np.random.PCG64(seed))
