"""What lasts one round of combat (issue 13, c4th5b): the uses of a pool champion's power
"during each round of combat" (Stone Giant; ``pool_powers``), spent in ``Battle.spent`` as the
other once-per-battle powers are, and the digits drawn for the round (Wand of Wonder;
``wonder``): freed as each new round begins (``judge``)."""

from __future__ import annotations

from ..cards.effects import EffectKind
from .context import Context
from .state import SpellfireState

KIND = EffectKind.POOL_DESTROYS_ALLY
"""The per-round pool power (``pool_destroys_ally``)."""


def new_round(state: SpellfireState, ctx: Context) -> None:
    """A new round of the battle begins: the pool champions' uses of the last one are free
    again ("during each round of combat")."""
    b = state.battle
    b.digits = {}  # Wand of Wonder (c4th5b): "each time the wand is used in combat"
    if b.spent:
        b.spent = [s for s in b.spent if not ctx.facts[s].has(KIND)
                   or s not in state.players[state.owner[s]].pool]
