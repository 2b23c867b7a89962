"""What one player of a whole Spellfire game sees: the battle's observation plus the turn's.

The vector is the battle engine's observation of the table (both formations with razed flags
and holdings, both pools with attachments, my hand, the round, hand / draw / discard counts of
both players), seen through the game's turn protocol (its ``to_act`` segment and legal-play
flags follow the game's legal actions, see :meth:`GameObserver.battle_part`), followed by the
turn's segments below. As in battle mode, the opponent's hand is only counted and no draw
pile's order appears; outside phase 4 the battle segments show the last battle's end (step
``over``).

| segment | meaning |
|---|---|
| ``phase`` | one-hot phase 0..5 |
| ``game`` | my turn; turn / max_turns; realm played; holding played; over; excess hand / 8 |
| ``realm_counts`` | my unrazed and razed realms / 6, then the opponent's |
| ``hand_turn_flags`` | per hand slot: playable as realm, holding, champion, attachment; discard |
| ``rebuild_flags`` | per formation slot: I may rebuild it now |
| ``spoils`` | a spoils card of mine waits: play it at once (its ``hand_turn_flags``) or keep it |
| ``rule_flags`` | per hand slot: playable now as a rule card (phase 0, or as spoils) |
| ``rules_in_play`` | a rule card of mine is in play; one of the opponent's is |
| ``outside_flags`` | per hand slot: playable now as an event or spell outside battles |
| ``target_flags`` | the waiting card's targets: me, them; my realms A..F, theirs; pools |
| ``benched`` | per pool slot, mine then the opponent's: can neither attack nor defend |
| ``turn_bars`` | my card waits for its target; truce; realm plays barred; no attack this turn |
| ``seen_hand`` | per hand slot: a card of the opponent's hand I saw this turn: features, 1 |
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Any

import numpy as np

from ...core.observation import ObservationLayout, Segment
from ..battle.actions import ActionKind
from ..battle.observation import CARD_FEATURES, card_features, card_view
from ..battle.state import SpellfireState
from .actions import GameActionKind, GameActionSet
from .config import GameConfig
from .seen import still_seen
from .state import GameState

if TYPE_CHECKING:
    from .rules import SpellfireGameEngine

_TURN_FLAG: dict[Enum, int] = {
    GameActionKind.PLAY_REALM: 0, GameActionKind.PLAY_HOLDING: 1,
    GameActionKind.CHAMPION_TO_POOL: 2, GameActionKind.ATTACH_ITEM: 3, GameActionKind.DISCARD: 4}
"""The ``hand_turn_flags`` entry each turn action sets (``rebuild_realm``: ``rebuild_flags``)."""
_BATTLE_FLAG: dict[Enum, tuple[str, str, int, int]] = {
    ActionKind.PLAY_CARD: ("my_hand_flags", "hand", 2, 0),
    ActionKind.CHAMPION_FROM_HAND: ("my_hand_flags", "hand", 2, 1),
    ActionKind.CHAMPION_FROM_POOL: ("my_pool_flags", "pool", 4, 3),
    ActionKind.ATTACK_REALM: ("opp_realm_flags", "slot", 3, 2)}
"""The flag a legal battle action sets in the battle observation: (segment, argument, width
per slot, entry), as the battle layout documents them."""


class GameObserver:
    """The game's layout (the battle's segments, then the turn's) and its encoder."""

    def __init__(self, actions: GameActionSet, battle: ObservationLayout,
                 config: GameConfig) -> None:
        self.actions = actions
        self.config = config
        self.battle_size = battle.size
        h, p = actions.hand_slots, actions.pool_slots
        self.layout = ObservationLayout([
            *battle.segments,
            Segment("phase", 6, "one-hot: phase 0..5 of the turn"),
            Segment("game", 6, "my turn; turn / max_turns; realm played this turn; holding "
                               "played this turn; game over; cards over the hand limit / 8"),
            Segment("realm_counts", 4, "my unrazed, my razed, the opponent's unrazed, its "
                                       "razed realms (/ 6)"),
            Segment("hand_turn_flags", 5 * h, "per hand slot: playable now as a realm, as a "
                                              "holding, as a champion into the pool, as an "
                                              "attachment; discardable now"),
            Segment("rebuild_flags", 6, "per formation slot: I may rebuild it now"),
            Segment("spoils", 1, "a spoils card of mine waits (seed 001): play it at once (its "
                                 "hand_turn_flags) or keep it"),
            Segment("rule_flags", h, "per hand slot: playable now as a rule card (phase 0, or "
                                     "as spoils)"),
            Segment("rules_in_play", 2, "a rule card of mine is in play; one of the "
                                        "opponent's is (RULES.md §1 phase 0)"),
            Segment("outside_flags", h, "per hand slot: playable now as an event or spell "
                                        "whose power acts outside battles (phase 3)"),
            Segment("target_flags", 14 + 2 * p, "the waiting card's legal targets now: me, "
                                                "the opponent; my realms A..F, the "
                                                "opponent's A..F; my pool slots, theirs"),
            Segment("benched", 2 * p, "per pool slot, mine then the opponent's: the champion "
                                      "can neither attack nor defend (Geas)"),
            Segment("turn_bars", 4, "a card of mine waits for its target; a truce holds (no "
                                    "attack); no realm may be played or rebuilt; the player "
                                    "on turn makes no attack this turn"),
            # Issue 13 (first_c): Ring of All Seeing, Annulus (``seen.py``).
            Segment("seen_hand", h * (CARD_FEATURES + 1),
                    f"per hand slot: a card of the opponent's hand I saw when my turn began and "
                    f"still there, in the order seen: {CARD_FEATURES} card features (as in "
                    f"my_hand), then 1 (seen)"),
        ])
        s = self.layout.start
        self._phase, self._game = s["phase"], s["game"]
        self._counts = s["realm_counts"]
        self._spoils = s["spoils"]
        self._rules = s["rules_in_play"]
        self._bars = s["turn_bars"]
        self._benched = s["benched"]
        self._seen = s["seen_hand"]
        self._to_act = battle.start["to_act"]
        # The flag each action sets (-1: none), so that the flags are set by plain indexing.
        self._target = self._flag_targets(battle)
        self._tail = np.zeros(self.layout.size - self.battle_size, dtype=np.float32)

    def _flag_targets(self, battle: ObservationLayout) -> list[int]:
        target = [-1] * self.actions.n
        s = self.layout.start
        for a in range(1, self.actions.n):
            typed = self.actions.decode(a)
            kind = typed.kind
            if kind in _TURN_FLAG:
                target[a] = s["hand_turn_flags"] + 5 * typed.get_int("hand") + _TURN_FLAG[kind]
            elif kind is GameActionKind.REBUILD_REALM:
                target[a] = s["rebuild_flags"] + typed.get_int("slot")
            elif kind is GameActionKind.PLAY_RULE:
                target[a] = s["rule_flags"] + typed.get_int("hand")
            elif kind is GameActionKind.PLAY_OUTSIDE:
                target[a] = s["outside_flags"] + typed.get_int("hand")
            elif kind is GameActionKind.TARGET_PLAYER:
                target[a] = s["target_flags"] + typed.get_int("side")
            elif kind is GameActionKind.TARGET_REALM:
                target[a] = s["target_flags"] + 2 + 6 * typed.get_int("side") \
                    + typed.get_int("slot")
            elif kind is GameActionKind.TARGET_CHAMPION:
                target[a] = s["target_flags"] + 14 + self.actions.pool_slots * typed.get_int(
                    "side") + typed.get_int("pool")
            elif kind in _BATTLE_FLAG:
                segment, arg, width, entry = _BATTLE_FLAG[kind]
                target[a] = battle.start[segment] + width * typed.get_int(arg) + entry
        return target

    def battle_part(self, engine: SpellfireGameEngine, state: GameState,
                    me: int) -> np.ndarray:
        """The battle engine's observation of the table, its ``to_act`` segment and legal-play
        flags set by the game's turn protocol: outside phase 4 the player on turn decides (the
        battle, over, asks nobody), and in phase 4 the game may offer fewer battle actions
        (a full pool presents no champion from the hand)."""
        table = state.table
        obs = engine.battle.observe(table, me)
        to_act = me in engine.to_act(state)
        obs[self._to_act] = float(to_act)
        obs[self._to_act + 1] = float(to_act and table.battle.window)
        if me in engine.battle.to_act(table):
            battle_legal = engine.battle.legal_actions(table, me)
            offered = engine.legal_actions(state, me) if to_act else []
            if len(offered) != len(battle_legal):
                target = self._target
                for a in set(battle_legal).difference(offered):
                    if target[a] >= 0:
                        obs[target[a]] = 0.0
        return obs

    def encode(self, engine: SpellfireGameEngine, state: GameState, me: int) -> np.ndarray:
        """The observation vector of player ``me`` (battle part, then the turn's segments)."""
        key = ("obs", me)
        cached = state.cache.get(key)
        if cached is not None:
            return cached.copy()  # type: ignore[no-any-return]
        table = state.table
        obs = np.concatenate((self.battle_part(engine, state, me), self._tail))
        obs[self._phase + table.phase] = 1.0
        g = self._game
        mine, theirs = table.players[me], table.players[1 - me]
        if table.attacker == me:  # the player on turn
            obs[g] = 1.0
        obs[g + 1] = min(table.turn / self.config.max_turns, 1.0)
        obs[g + 2] = float(state.realm_played)
        obs[g + 3] = float(state.holding_played)
        obs[g + 4] = float(state.result is not None)
        obs[g + 5] = min(max(len(mine.hand) - engine.hand_limit(state, me), 0) / 8.0, 1.0)
        c = self._counts
        for side in (mine, theirs):
            counts = [0, 0]  # unrazed, razed
            for r, z in zip(side.realms, side.razed, strict=True):
                if r is not None:
                    counts[int(z)] += 1
            obs[c] = counts[0] / 6.0
            obs[c + 1] = counts[1] / 6.0
            c += 2
        obs[self._rules] = float(bool(mine.rule))
        obs[self._rules + 1] = float(bool(theirs.rule))
        b = self._bars  # issue 13 (outside), c1st3: what holds this turn
        obs[b] = float(state.pending is not None and state.on_turn == me)
        obs[b + 1] = float(state.truce is not None)
        obs[b + 2] = float(state.realm_bar is not None)
        obs[b + 3] = float(state.no_attack)
        if state.benched:
            slots = self.actions.pool_slots
            for k, side in enumerate((mine, theirs)):
                for j, c in enumerate(side.pool[:slots]):
                    obs[self._benched + k * slots + j] = float(c in state.benched)
        if state.seen:
            self._seen_hand(engine, state, me, obs)
        waiting = state.spoils is not None and me in engine.to_act(state)
        obs[self._spoils] = float(waiting)
        if (table.phase != 4 or waiting) and me in engine.to_act(state):
            target = self._target
            for a in engine.legal_actions(state, me):
                if target[a] >= 0:
                    obs[target[a]] = 1.0
        state.cache[key] = obs
        return obs.copy()

    def _seen_hand(self, engine: SpellfireGameEngine, state: GameState, me: int,
                   obs: np.ndarray) -> None:
        """The ``seen_hand`` segment: the cards of the opponent's hand I saw this turn that are
        still there (issue 13, first_c)."""
        fx = engine.battle.state_facts(state.table)
        width = CARD_FEATURES + 1
        for j, c in enumerate(still_seen(state, me)[:self.actions.hand_slots]):
            at = self._seen + j * width
            obs[at:at + CARD_FEATURES] = card_features(fx[c].card, fx[c])
            obs[at + CARD_FEATURES] = 1.0

    def view(self, engine: SpellfireGameEngine, state: GameState, me: int) -> dict[str, Any]:
        """The battle view of the table plus the turn: ``mode``, ``phase``, ``turn``, what this
        turn already played, the game's result. ``to_act`` and ``legal`` follow the game's turn
        protocol; every legal entry carries its ``kind`` and ``args``."""
        table = state.table
        out = engine.battle.view(table, me)
        to_act = me in engine.to_act(state)
        out["to_act"] = to_act
        out["window"] = table.battle.window and to_act
        out["legal"] = engine.legal_entries(state, me) if to_act else []
        if not to_act:
            out.pop("play_margins", None)
        out.update({
            "mode": "game", "phase": state.phase, "turn": state.turn,
            "my_turn": state.on_turn == me, "max_turns": self.config.max_turns,
            "hand_limit": engine.hand_limit(state, me), "realm_played": state.realm_played,
            "holding_played": state.holding_played, "rebuild_owed": state.rebuild_owed,
            "result": state.result,
            "rule_cards": [{"player": f"player_{p}", "name": engine.card_name(state, r),
                            "key": table.cards[r]}
                           for p, side in enumerate(table.players) for r in side.rule],
            # Public effects of the turn (issue 13, c1st3): a truce (no attack until its
            # player's next turn), the phase 5 discard target, the champions in Limbo that
            # come back at the end of their player's next turn.
            "truce": None if state.truce is None else f"player_{state.truce}",
            "discard_to": state.discard_to,
            # Issue 13 (outside): the card waiting for its target (public: it was played),
            # the realm-play bar (Map of Life) and no attack this turn (Disintegrate).
            "pending": None if state.pending is None else table.cards[state.pending],
            "realm_bar": None if state.realm_bar is None else f"player_{state.realm_bar}",
            "no_attack": state.no_attack,
            "benched": _held(table, state.benched),
            # Issue 13 (out4th): champions that may defend but not attack (Death Fog).
            "attack_barred": _held(table, state.attack_barred),
            # Issue 13 (first_c): I am asked now whether I play The Caravan between two
            # turns (nobody else sees it); whose turn follows a Caravan's (public: it was
            # played); Cup of Al'Akbar's discards this turn (public: they were seen).
            "between_turns": bool(state.between) and state.between[0] == me,
            "due": None if state.due is None else f"player_{state.due}",
            "cup": state.cup,
            # Cards the player not on turn drew this turn by a power (Treasure Fleet; public:
            # the draws were seen): its hand may exceed its limit by that many.
            "given": state.given,
            # first_c: the cards of the opponent's hand I saw when my turn began (Ring of All
            # Seeing, Annulus), still there; mine alone to see.
            "seen_hand": [card_view(f) for f in (engine.battle.state_facts(table)[c]
                                                 for c in still_seen(state, me))],
            "returning": [{"key": table.cards[c], "player": f"player_{table.owner[c]}"}
                          for c in state.returning],
            "game_winner": None if state.winner is None else f"player_{state.winner}",
            # Issue 13 (lasting): the cards still in effect from an earlier battle (public),
            # with the turn at whose start or end (the card's ``lasting``) they expire.
            # (first_a) one staying "until dispelled" names the champion it is on, no turn.
            "lasting": [{"player": f"player_{p}", "name": engine.card_name(state, i),
                         "key": table.cards[i], "until": state.lasting_until.get(i),
                         **_on(table, side.cursing.get(i))}
                        for p, side in enumerate(table.players) for i in side.lasting],
        })
        out.update(_public_turn(state, me))
        return out

    def render(self, engine: SpellfireGameEngine, state: GameState, me: int | None) -> str:
        """The battle engine's text of the table under a line for the turn."""
        head = (f"Spellfire game: turn {state.turn}, player_{state.on_turn}'s phase "
                f"{state.phase}")
        if state.result is not None:
            head += (f"; game over ({state.result}): "
                     + ("no winner" if state.winner is None else f"player_{state.winner} wins"))
        return head + "\n" + engine.battle.render(state.table, me)


def _public_turn(state: GameState, me: int) -> dict[str, Any]:
    """What the turn shows everyone beyond the table: whose spoils card waits for its owner's
    choice (seed 001; the owner also sees its hand slot, the other player only that one
    waits) and the champions that opened this turn's battles (seed 000, end), by card key."""
    table = state.table
    waiting = None if state.spoils is None else table.owner[state.spoils]
    slot = (table.players[me].hand.index(state.spoils)
            if waiting == me and state.spoils is not None else None)
    return {"spoils_waiting": None if waiting is None else f"player_{waiting}",
            "spoils_slot": slot,
            "attacks": [table.cards[c] for c in state.attacks]}


def _held(table: SpellfireState, turns: dict[int, int]) -> list[dict[str, Any]]:
    """Champions held back (benched, barred from attacking), each with the turn at whose end
    that ends (public: the card that did it was played)."""
    return [{"key": table.cards[c], "player": f"player_{table.owner[c]}", "until": t}
            for c, t in turns.items()]


def _on(table: SpellfireState, champion: int | None) -> dict[str, object]:
    """(issue 13, first_a) A lasting card's champion it stays on, public: ``{"on": {...}}``
    (its key and owner), or nothing."""
    if champion is None:
        return {}
    return {"on": {"key": table.cards[champion], "player": f"player_{table.owner[champion]}"}}
