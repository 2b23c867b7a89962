"""The action ids of the whole Spellfire game (``mode="game"``): the battle's ids, then the turn's.

Ids ``0 .. B-1`` are the battle's own (``actions.ActionSet``, the same ids as in battle mode:
attack realm X, champion from hand / pool, decline, realm defends, play hand card, pass); they
are legal only in phase 4. The turn's choices follow, with ``H`` hand slots and ``P`` pool slots
(game defaults 15 and 10):

| ids | meaning |
|---|---|
| B | Done with this phase (phases 2 and 3) |
| B+1 .. B+H | Play the realm in hand slot i into the next formation slot (phase 2) |
| .. +6 | Rebuild razed realm A .. F (phase 2, instead of a new realm) |
| .. +6H | Play the holding in hand slot i onto realm A .. F (phase 2) |
| .. +H | Put the champion in hand slot i into the pool (phase 3) |
| .. +HP | Attach the magical item / artifact in hand slot i to pool champion j (phase 3) |
| .. +H | Discard hand slot i (phase 5, down to the hand limit) |
"""

from __future__ import annotations

from ...core.codec import ActionCodec
from ..battle.actions import ActionSet
from ..battle.state import SLOTS


class GameActionSet:
    """Offsets of the battle's and the turn's action groups (plain attributes)."""

    def __init__(self, hand_slots: int, pool_slots: int) -> None:
        self.battle = ActionSet(hand_slots, pool_slots)
        self.hand_slots = h = hand_slots
        self.pool_slots = p = pool_slots
        self.end_phase = self.battle.n
        self.realm_base = self.end_phase + 1
        self.rebuild_base = self.realm_base + h
        self.holding_base = self.rebuild_base + len(SLOTS)
        self.champion_base = self.holding_base + h * len(SLOTS)
        self.attach_base = self.champion_base + h
        self.discard_base = self.attach_base + h * p
        self.n = self.discard_base + h

    def holding(self, hand: int, slot: int) -> int:
        return self.holding_base + hand * len(SLOTS) + slot

    def attach(self, hand: int, pool: int) -> int:
        return self.attach_base + hand * self.pool_slots + pool

    def decode(self, action: int) -> tuple[str, int, int]:
        """(kind, hand slot or formation slot, formation or pool slot) of a turn action;
        kind ``"battle"`` for the battle's ids."""
        if action < self.end_phase:
            return "battle", -1, -1
        if action == self.end_phase:
            return "end_phase", -1, -1
        if action < self.rebuild_base:
            return "realm", action - self.realm_base, -1
        if action < self.holding_base:
            return "rebuild", action - self.rebuild_base, -1
        if action < self.champion_base:
            i, s = divmod(action - self.holding_base, len(SLOTS))
            return "holding", i, s
        if action < self.attach_base:
            return "champion", action - self.champion_base, -1
        if action < self.discard_base:
            i, j = divmod(action - self.attach_base, self.pool_slots)
            return "attach", i, j
        return "discard", action - self.discard_base, -1

    def codec(self) -> ActionCodec:
        battle = self.battle.codec()
        labels = list(battle.labels[1:])
        labels.append("Done with this phase")
        labels += [f"Play realm from hand {i}" for i in range(self.hand_slots)]
        labels += [f"Rebuild razed realm {s}" for s in SLOTS]
        labels += [f"Play holding from hand {i} onto realm {s}" for i in range(self.hand_slots)
                   for s in SLOTS]
        labels += [f"Put champion from hand {i} into the pool" for i in range(self.hand_slots)]
        labels += [f"Attach hand {i} to pool champion {j}" for i in range(self.hand_slots)
                   for j in range(self.pool_slots)]
        labels += [f"Discard hand {i}" for i in range(self.hand_slots)]
        return ActionCodec.untyped(labels)
