"""The action ids of the Spellfire battle (a fixed ``Discrete(N)`` codec).

With ``H`` hand slots and ``P`` pool slots (config ``hand_slots`` = 12, ``pool_slots`` = 8):

| ids | meaning |
|---|---|
| 0 | No-op (Parallel API: nothing to decide) |
| 1 | Make no attack / end the attack (step A; step I after a won round) |
| 2 .. 7 | Attack realm A .. F (seed 000 step A) |
| 8 .. 7+H | Champion from hand slot i (steps B and C) |
| 8+H .. 7+H+P | Champion from pool slot j (steps B and C) |
| 8+H+P | Decline to defend: the realm is razed (step C, seed 001) |
| 9+H+P | Let the realm defend itself (RULES.md §1, realms that defend as a champion) |
| 10+H+P .. 9+2H+P | Play hand card i (step F) |
| 10+2H+P | Pass: play no more cards (step F) |
"""

from __future__ import annotations

from ...core.codec import ActionCodec
from .state import SLOTS

NO_ATTACK = 1
ATTACK_BASE = 2


class ActionSet:
    """Offsets of each action group (plain attributes: they are read at every decision)."""

    def __init__(self, hand_slots: int, pool_slots: int) -> None:
        self.hand_slots = hand_slots
        self.pool_slots = pool_slots
        self.hand_champion_base = ATTACK_BASE + len(SLOTS)
        self.pool_champion_base = self.hand_champion_base + hand_slots
        self.decline = self.pool_champion_base + pool_slots
        self.realm_defends = self.decline + 1
        self.play_base = self.realm_defends + 1
        self.pass_ = self.play_base + hand_slots
        self.n = self.pass_ + 1

    def codec(self) -> ActionCodec:
        labels = ["Make no attack / end the attack"]
        labels += [f"Attack realm {s}" for s in SLOTS]
        labels += [f"Champion from hand {i}" for i in range(self.hand_slots)]
        labels += [f"Champion from pool {j}" for j in range(self.pool_slots)]
        labels += ["Decline to defend (realm razed)", "Let the realm defend itself"]
        labels += [f"Play hand {i}" for i in range(self.hand_slots)]
        labels += ["Pass (play no more cards)"]
        return ActionCodec.untyped(labels)
