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

from dataclasses import dataclass

from combatzoo.envs.core.codec import ActionCodec

from .state import SLOTS

NO_ATTACK = 1
ATTACK_BASE = 2


@dataclass(frozen=True)
class ActionSet:
    """Offsets of each action group."""

    hand_slots: int
    pool_slots: int

    @property
    def hand_champion_base(self) -> int:
        return ATTACK_BASE + len(SLOTS)

    @property
    def pool_champion_base(self) -> int:
        return self.hand_champion_base + self.hand_slots

    @property
    def decline(self) -> int:
        return self.pool_champion_base + self.pool_slots

    @property
    def realm_defends(self) -> int:
        return self.decline + 1

    @property
    def play_base(self) -> int:
        return self.realm_defends + 1

    @property
    def pass_(self) -> int:
        return self.play_base + self.hand_slots

    @property
    def n(self) -> int:
        return self.pass_ + 1

    def codec(self) -> ActionCodec:
        labels = ["Make no attack / end the attack"]
        labels += [f"Attack realm {s}" for s in SLOTS]
        labels += [f"Champion from hand {i}" for i in range(self.hand_slots)]
        labels += [f"Champion from pool {j}" for j in range(self.pool_slots)]
        labels += ["Decline to defend (realm razed)", "Let the realm defend itself"]
        labels += [f"Play hand {i}" for i in range(self.hand_slots)]
        labels += ["Pass (play no more cards)"]
        return ActionCodec(labels)
