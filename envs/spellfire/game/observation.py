"""What one player of a whole Spellfire game sees: the battle's observation plus the turn's.

The vector is the battle observation (``observation.SpellfireObserver``: both formations with
razed flags and holdings, both pools with attachments, my hand, the round, hand / draw / discard
counts of both players) followed by the turn's segments below. As in battle mode, the opponent's
hand is only counted and no draw pile's order appears; outside phase 4 the battle segments show
the last battle's end (step ``over``).

| segment | meaning |
|---|---|
| ``phase`` | one-hot phase 0..5 |
| ``game`` | my turn; turn / max_turns; realm played; holding played; over; excess hand / 8 |
| ``realm_counts`` | my unrazed and razed realms / 6, then the opponent's |
| ``hand_turn_flags`` | per hand slot: playable as realm, holding, champion, attachment; discard |
| ``rebuild_flags`` | per formation slot: I may rebuild it now |
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ...core.observation import ObservationLayout, Segment
from ..battle.state import SLOTS
from .actions import GameActionSet
from .config import GameConfig

if TYPE_CHECKING:
    from .rules import GameState, SpellfireGameEngine

_FLAG = {"realm": 0, "holding": 1, "champion": 2, "attach": 3, "discard": 4}


class GameObserver:
    """The game's layout (the battle's segments, then the turn's) and its encoder."""

    def __init__(self, actions: GameActionSet, battle: ObservationLayout,
                 config: GameConfig) -> None:
        self.actions = actions
        self.config = config
        self.battle_size = battle.size
        h = actions.hand_slots
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
        ])
        s = self.layout.start
        self._phase, self._game = s["phase"], s["game"]
        self._counts, self._hand = s["realm_counts"], s["hand_turn_flags"]
        self._rebuild = s["rebuild_flags"]
        # The flag each turn action sets (-1: none), so that one fancy index sets them all.
        target = np.full(actions.n, -1, dtype=np.int64)
        for a in range(actions.end_phase, actions.n):
            kind, i, _ = actions.decode(a)
            flag = _FLAG.get(kind)
            if flag is not None:
                target[a] = self._hand + 5 * i + flag
            elif kind == "rebuild":
                target[a] = self._rebuild + i
        self._target: list[int] = target.tolist()
        self._tail = np.zeros(self.layout.size - self.battle_size, dtype=np.float32)

    def encode(self, engine: SpellfireGameEngine, state: GameState, me: int) -> np.ndarray:
        key = ("gobs", me)
        cached = state.cache.get(key)
        if cached is not None:
            return cached.copy()  # type: ignore[no-any-return]
        battle = engine.battle_observer.encode(state, me, engine.seen(state, me))
        obs = np.concatenate((battle, self._tail))
        obs[self._phase + state.phase] = 1.0
        g = self._game
        mine, theirs = state.players[me], state.players[1 - me]
        if state.attacker == me:
            obs[g] = 1.0
        obs[g + 1] = min(state.turn / self.config.max_turns, 1.0)
        obs[g + 2] = float(state.realm_played)
        obs[g + 3] = float(state.holding_played)
        obs[g + 4] = float(state.result is not None)
        obs[g + 5] = min(max(len(mine.hand) - self.config.hand_limit, 0) / 8.0, 1.0)
        c = self._counts
        for k, side in enumerate((mine, theirs)):
            up = down = 0
            for r, z in zip(side.realms, side.razed, strict=True):
                if r is not None:
                    if z:
                        down += 1
                    else:
                        up += 1
            obs[c + 2 * k] = up / 6.0
            obs[c + 2 * k + 1] = down / 6.0
        if state.phase != 4 and me in engine.to_act(state):
            target = self._target
            for a in engine.legal_actions(state, me):
                t = target[a]
                if t >= 0:
                    obs[t] = 1.0
        state.cache[key] = obs
        return obs.copy()

    def view(self, engine: SpellfireGameEngine, state: GameState, me: int) -> dict[str, Any]:
        """The battle view plus the turn: ``mode``, ``phase``, ``turn``, what this turn already
        played, the game's result; every legal entry carries ``kind`` and its slots."""
        out = engine.battle_observer.view(state, me, engine.seen(state, me, detail=True))
        acts = self.actions
        for entry in out["legal"]:
            kind, i, j = acts.decode(entry["id"])
            if kind == "battle":  # the battle's typed kind and arguments (its bot reads them)
                entry.update(engine.battle_codec.decode(entry["id"]).to_json())
                continue
            entry["kind"] = kind
            if kind in ("realm", "holding", "champion", "attach", "discard"):
                entry["hand"] = i
            if kind == "holding":
                entry["slot"] = SLOTS[j]
            elif kind == "rebuild":
                entry["slot"] = SLOTS[i]
            elif kind == "attach":
                entry["pool"] = j
        out.update({
            "mode": "game", "phase": state.phase, "turn": state.turn,
            "my_turn": state.attacker == me, "max_turns": self.config.max_turns,
            "hand_limit": self.config.hand_limit, "realm_played": state.realm_played,
            "holding_played": state.holding_played, "result": state.result,
            "game_winner": None if state.winner is None else f"player_{state.winner}",
        })
        return out

    def render(self, engine: SpellfireGameEngine, state: GameState, me: int | None) -> str:
        head = (f"Spellfire game: turn {state.turn}, player_{state.attacker}'s phase "
                f"{state.phase}")
        if state.result is not None:
            head += (f"; game over ({state.result}): "
                     + ("no winner" if state.winner is None else f"player_{state.winner} wins"))
        return head + "\n" + engine.battle_observer.render(state, me, engine.seen(state, me))
