"""The action ids of the whole Spellfire game: the battle's typed actions, then the turn's.

Ids ``0 .. B-1`` are the battle's own (:class:`~..battle.actions.ActionKind`, the same ids,
kinds and labels as in battle mode: attack realm X, champion from hand / pool, decline, realm
defends, play hand card, pass); they are legal only in phase 4. The turn's actions
(:class:`GameActionKind`) follow, with ``H`` hand slots and ``P`` pool slots (game defaults 15
and 10):

| ids | kind [arguments] | meaning |
|---|---|---|
| B | ``end_phase`` | Done with this phase (phases 2 and 3) |
| B+1 .. B+H | ``play_realm`` [hand] | Play a realm into the next formation slot (phase 2) |
| .. +6 | ``rebuild_realm`` [slot] | Rebuild razed realm A..F (slot 0..5; phase 2) |
| .. +6H | ``play_holding`` [hand, slot] | Play a holding onto realm A..F (phase 2) |
| .. +H | ``champion_to_pool`` [hand] | Put a champion into the pool (phase 3) |
| .. +HP | ``attach_item`` [hand, pool] | Give a magical item / artifact to a pool champion |
| .. +H | ``discard`` [hand] | Discard a card (phase 5, down to the hand limit) |
| .. +1 | ``keep_spoils`` | Keep the spoils card in hand for later (seed 001) |
| .. +H | ``play_rule`` [hand] | Play a rule card into play (phase 0, RULES.md §1) |
| .. +H | ``play_outside`` [hand] | Play an event or spell acting outside battles (phase 3) |
| .. +2 | ``target_player`` [side] | Its target: me (side 0) or the opponent (side 1) |
| .. +12 | ``target_realm`` [side, slot] | Its target: my realm A..F (side 0), or theirs |
| .. +2P | ``target_champion`` [side, pool] | Its target: a champion in my pool, or theirs |

After a battle, the spoils card's owner plays it at once with the action that plays such a
card (``play_realm``, ``play_holding``, ``champion_to_pool``, ``attach_item`` on its hand slot;
``play_rule``; seed 001: "even if ... not normally allowed to be played during the current
phase") or keeps it (``keep_spoils``).
"""

from __future__ import annotations

from enum import Enum

from ...core.codec import Action, ActionCodec
from ..battle.actions import ActionSet
from ..battle.actions import describe as describe_battle
from ..battle.state import SLOTS


class GameActionKind(str, Enum):
    """The kinds of the turn's actions (the table above); arguments in brackets."""

    END_PHASE = "end_phase"
    """Done with this phase (phases 2 and 3)."""
    PLAY_REALM = "play_realm"
    """Play the realm in a hand slot [``hand``] into the next formation slot (phase 2)."""
    REBUILD_REALM = "rebuild_realm"
    """Rebuild the razed realm in a formation slot [``slot``: 0..5 for A..F] (phase 2)."""
    PLAY_HOLDING = "play_holding"
    """Play the holding in a hand slot [``hand``] onto the realm in [``slot``] (phase 2)."""
    CHAMPION_TO_POOL = "champion_to_pool"
    """Put the champion in a hand slot [``hand``] into the pool (phase 3)."""
    ATTACH_ITEM = "attach_item"
    """Attach the magical item or artifact in a hand slot [``hand``] to the pool champion in
    [``pool``] (phase 3)."""
    DISCARD = "discard"
    """Discard the card in a hand slot [``hand``] (phase 5)."""
    KEEP_SPOILS = "keep_spoils"
    """Keep the spoils card in hand for later instead of playing it at once (seed 001)."""
    PLAY_RULE = "play_rule"
    """Play the rule card in a hand slot [``hand``] into play (phase 0, RULES.md §1)."""
    PLAY_OUTSIDE = "play_outside"
    """Play the event or spell in a hand slot [``hand``] whose power acts outside battles
    (phase 3; ``outside.py``, issue 13)."""
    TARGET_PLAYER = "target_player"
    """The waiting card's target: a player [``side``: 0 the player itself, 1 its opponent]."""
    TARGET_REALM = "target_realm"
    """The waiting card's target: a realm [``side``, ``slot``: 0..5 for A..F]."""
    TARGET_CHAMPION = "target_champion"
    """The waiting card's target: a pool champion [``side``, ``pool``]."""


def describe(action: Action) -> str:
    """The static label of a game action (a battle action keeps its battle label)."""
    kind = action.kind
    if not isinstance(kind, GameActionKind):
        return describe_battle(action)
    if kind is GameActionKind.END_PHASE:
        return "Done with this phase"
    if kind is GameActionKind.KEEP_SPOILS:
        return "Keep the spoils card in hand"
    if kind is GameActionKind.REBUILD_REALM:
        return f"Rebuild razed realm {SLOTS[action.get_int('slot')]}"
    if kind is GameActionKind.TARGET_PLAYER:
        return "Target myself" if action.get_int("side") == 0 else "Target the opponent"
    if kind is GameActionKind.TARGET_REALM:
        whose = "my" if action.get_int("side") == 0 else "the opponent's"
        return f"Target {whose} realm {SLOTS[action.get_int('slot')]}"
    if kind is GameActionKind.TARGET_CHAMPION:
        whose = "my" if action.get_int("side") == 0 else "the opponent's"
        return f"Target {whose} pool champion {action['pool']}"
    hand = action["hand"]
    if kind is GameActionKind.PLAY_REALM:
        return f"Play realm from hand {hand}"
    if kind is GameActionKind.PLAY_RULE:
        return f"Play rule card from hand {hand}"
    if kind is GameActionKind.PLAY_OUTSIDE:
        return f"Play event or spell from hand {hand} (outside battle)"
    if kind is GameActionKind.PLAY_HOLDING:
        return f"Play holding from hand {hand} onto realm {SLOTS[action.get_int('slot')]}"
    if kind is GameActionKind.CHAMPION_TO_POOL:
        return f"Put champion from hand {hand} into the pool"
    if kind is GameActionKind.ATTACH_ITEM:
        return f"Attach hand {hand} to pool champion {action['pool']}"
    return f"Discard hand {hand}"


class GameActionSet:
    """The game's codec (the battle's typed actions, then the turn's) and the id of every turn
    action by its arguments (plain lists: they are read at every decision)."""

    def __init__(self, hand_slots: int, pool_slots: int) -> None:
        self.battle = ActionSet(hand_slots, pool_slots)
        self.hand_slots = hand_slots
        self.pool_slots = pool_slots
        self.codec = ActionCodec(self.typed(), describe)
        self.n = self.codec.n
        k = GameActionKind
        hands, slots = range(hand_slots), range(len(SLOTS))
        self.end_phase = self._id(k.END_PHASE)
        self.realm = [self._id(k.PLAY_REALM, hand=i) for i in hands]
        self.rebuild = [self._id(k.REBUILD_REALM, slot=s) for s in slots]
        self.holding = [[self._id(k.PLAY_HOLDING, hand=i, slot=s) for s in slots] for i in hands]
        self.champion = [self._id(k.CHAMPION_TO_POOL, hand=i) for i in hands]
        self.attach = [[self._id(k.ATTACH_ITEM, hand=i, pool=j) for j in range(pool_slots)]
                       for i in hands]
        self.discard = [self._id(k.DISCARD, hand=i) for i in hands]
        self.keep_spoils = self._id(k.KEEP_SPOILS)
        self.rule = [self._id(k.PLAY_RULE, hand=i) for i in hands]
        self.outside = [self._id(k.PLAY_OUTSIDE, hand=i) for i in hands]
        self.target_player = [self._id(k.TARGET_PLAYER, side=s) for s in (0, 1)]
        self.target_realm = [[self._id(k.TARGET_REALM, side=s, slot=r) for r in slots]
                             for s in (0, 1)]
        self.target_champion = [[self._id(k.TARGET_CHAMPION, side=s, pool=j)
                                 for j in range(pool_slots)] for s in (0, 1)]

    def _id(self, kind: GameActionKind, **args: int) -> int:
        return self.codec.encode(Action.of(kind, **args))

    def typed(self) -> list[Action]:
        """The typed actions of ids ``1..n-1``, in id order (the table above)."""
        k = GameActionKind
        hands, slots = range(self.hand_slots), range(len(SLOTS))
        out = self.battle.typed()
        out.append(Action.of(k.END_PHASE))
        out += [Action.of(k.PLAY_REALM, hand=i) for i in hands]
        out += [Action.of(k.REBUILD_REALM, slot=s) for s in slots]
        out += [Action.of(k.PLAY_HOLDING, hand=i, slot=s) for i in hands for s in slots]
        out += [Action.of(k.CHAMPION_TO_POOL, hand=i) for i in hands]
        out += [Action.of(k.ATTACH_ITEM, hand=i, pool=j) for i in hands
                for j in range(self.pool_slots)]
        out += [Action.of(k.DISCARD, hand=i) for i in hands]
        out.append(Action.of(k.KEEP_SPOILS))
        out += [Action.of(k.PLAY_RULE, hand=i) for i in hands]
        out += [Action.of(k.PLAY_OUTSIDE, hand=i) for i in hands]
        out += [Action.of(k.TARGET_PLAYER, side=s) for s in (0, 1)]
        out += [Action.of(k.TARGET_REALM, side=s, slot=r) for s in (0, 1) for r in slots]
        out += [Action.of(k.TARGET_CHAMPION, side=s, pool=j) for s in (0, 1)
                for j in range(self.pool_slots)]
        return out

    def decode(self, action: int) -> Action:
        """The typed action of id ``action``."""
        return self.codec.decode(action)

    def is_turn_action(self, action: int) -> bool:
        """Whether ``action`` is one of the turn's (not a battle action)."""
        return isinstance(self.codec.decode(action).kind, GameActionKind)
