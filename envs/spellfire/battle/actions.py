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

from enum import Enum

from ...core.codec import Action, ActionCodec
from .state import SLOTS, SpellfireState

NO_ATTACK = 1
ATTACK_BASE = 2


class ActionKind(str, Enum):
    """The kinds of battle action (the table above); arguments in brackets."""

    NO_ATTACK = "no_attack"
    """Make no attack, or end the attack (step A; step I after a won round)."""
    ATTACK_REALM = "attack_realm"
    """Attack a realm of the opponent's formation [``slot``: 0..5 for A..F] (step A)."""
    CHAMPION_FROM_HAND = "champion_from_hand"
    """Present the champion in a hand slot [``hand``] (steps B and C)."""
    CHAMPION_FROM_POOL = "champion_from_pool"
    """Present the champion in a pool slot [``pool``] (steps B and C)."""
    DECLINE = "decline"
    """Decline to defend: the realm is razed (step C, seed 001)."""
    REALM_DEFENDS = "realm_defends"
    """Let the realm defend itself (RULES.md §1)."""
    PLAY_CARD = "play_card"
    """Play the card in a hand slot [``hand``] (step F)."""
    PASS = "pass"
    """Play no more cards (step F)."""


def describe(action: Action) -> str:
    """The static label of a battle action."""
    kind = action.kind
    if kind is ActionKind.ATTACK_REALM:
        return f"Attack realm {SLOTS[action.get_int('slot')]}"
    if kind is ActionKind.CHAMPION_FROM_HAND:
        return f"Champion from hand {action['hand']}"
    if kind is ActionKind.CHAMPION_FROM_POOL:
        return f"Champion from pool {action['pool']}"
    if kind is ActionKind.PLAY_CARD:
        return f"Play hand {action['hand']}"
    return _PLAIN[kind]


_PLAIN: dict[Enum, str] = {ActionKind.NO_ATTACK: "Make no attack / end the attack",
          ActionKind.DECLINE: "Decline to defend (realm razed)",
          ActionKind.REALM_DEFENDS: "Let the realm defend itself",
          ActionKind.PASS: "Pass (play no more cards)"}


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

    def attack(self, slot: int) -> int:
        """The id of "attack the realm in formation slot ``slot``" (0..5 for A..F)."""
        return ATTACK_BASE + slot

    def hand_champion(self, hand: int) -> int:
        """The id of "present the champion in hand slot ``hand``"."""
        return self.hand_champion_base + hand

    def pool_champion(self, pool: int) -> int:
        """The id of "present the champion in pool slot ``pool``"."""
        return self.pool_champion_base + pool

    def play(self, hand: int) -> int:
        """The id of "play the card in hand slot ``hand``"."""
        return self.play_base + hand

    def typed(self) -> list[Action]:
        """The typed actions of ids ``1..n-1``, in id order (the table above)."""
        k = ActionKind
        out = [Action.of(k.NO_ATTACK)]
        out += [Action.of(k.ATTACK_REALM, slot=s) for s in range(len(SLOTS))]
        out += [Action.of(k.CHAMPION_FROM_HAND, hand=i) for i in range(self.hand_slots)]
        out += [Action.of(k.CHAMPION_FROM_POOL, pool=j) for j in range(self.pool_slots)]
        out += [Action.of(k.DECLINE), Action.of(k.REALM_DEFENDS)]
        out += [Action.of(k.PLAY_CARD, hand=i) for i in range(self.hand_slots)]
        out += [Action.of(k.PASS)]
        return out

    def codec(self) -> ActionCodec:
        """The battle's codec: typed actions worded by :func:`describe`."""
        return ActionCodec(self.typed(), describe)


def named_card(action: Action, state: SpellfireState, player: int) -> int | None:
    """The card instance a battle action names from ``player``'s seat: the card in the hand or
    pool slot it presents or plays, the opponent's realm it attacks; ``None`` for an action
    that names no card or an empty slot."""
    kind = action.kind
    side = state.players[player]
    if kind is ActionKind.CHAMPION_FROM_HAND or kind is ActionKind.PLAY_CARD:
        return _at(side.hand, action.get_int("hand"))
    if kind is ActionKind.CHAMPION_FROM_POOL:
        return _at(side.pool, action.get_int("pool"))
    if kind is ActionKind.ATTACK_REALM:
        return state.players[1 - player].realms[action.get_int("slot")]
    return None


def _at(cards: list[int], i: int) -> int | None:
    return cards[i] if i < len(cards) else None
