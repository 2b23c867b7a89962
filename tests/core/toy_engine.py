"""A tiny complete engine for testing the core fronts: "declare and throw".

Two players. Each round:

1. ``declare`` (sequential): the round's declarer (drawn at ``new_game`` from the rng, one per
   round) announces a sign: cheap talk, public.
2. ``throw`` (simultaneous, secret): both players throw rock, paper or scissors face down.
3. ``stake`` (sequential): the non-declarer, seeing only their own face-down throw, sets the
   round's stake to 1 or 2. Then the throws are revealed; the winner of the round scores the
   stake (a draw scores nothing).

The game ends when a player has ``win_points`` (3) points or after ``max_rounds`` (6) rounds;
more points wins (+1 / -1), equal points is a draw (0 / 0).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from combatzoo.envs.core.codec import ActionCodec
from combatzoo.envs.core.engine import Engine, Event, GameSpec
from combatzoo.envs.core.errors import StateError
from combatzoo.envs.core.jsonio import check_keys, get, get_choice, get_int
from combatzoo.envs.core.observation import ObservationLayout, Segment

SIGNS = ("rock", "paper", "scissors")
DECLARE, THROW, STAKE, OVER = "declare", "throw", "stake", "over"
PHASES = (DECLARE, THROW, STAKE, OVER)

DECLARE_ROCK, DECLARE_PAPER, DECLARE_SCISSORS = 1, 2, 3
THROW_ROCK, THROW_PAPER, THROW_SCISSORS = 4, 5, 6
STAKE_1, STAKE_2 = 7, 8

CODEC = ActionCodec.untyped(
    [f"Declare {s}" for s in SIGNS] + [f"Throw {s}" for s in SIGNS] + ["Stake 1", "Stake 2"])

LAYOUT = ObservationLayout([
    Segment("my_points", 1, "my points / win_points (capped at 1)"),
    Segment("opp_points", 1, "opponent's points / win_points (capped at 1)"),
    Segment("lead", 1, "(my - opponent's points) / win_points, in [-1, 1]"),
    Segment("round", 1, "round / max_rounds"),
    Segment("phase", 3, "one-hot: declare, throw, stake (all zero once over)"),
    Segment("i_declare", 1, "1 if I am this round's declarer"),
    Segment("i_act", 1, "1 if I must decide now"),
    Segment("declared", 3, "one-hot declared sign this round"),
    Segment("my_throw", 3, "one-hot my face-down throw this round"),
    Segment("my_last", 3, "one-hot my revealed throw last round"),
    Segment("opp_last", 3, "one-hot opponent's revealed throw last round"),
    Segment("stake", 1, "stake / 2 (0 before it is set)"),
])

TOY_SPEC = GameSpec(
    name="toy_rps", title="Declare and throw (test toy)", version=0, num_players=2,
    num_actions=CODEC.n, obs_size=LAYOUT.size, max_decisions=18, utility_range=(-1.0, 1.0),
    simultaneous=True, gym_id="combatzoo/ToyRps-v0")

_O = LAYOUT.start


def beats(a: int, b: int) -> bool:
    """Whether sign ``a`` beats sign ``b`` (paper > rock, scissors > paper, rock > scissors)."""
    return (a - b) % 3 == 1


@dataclass
class ToyState:
    """What changes during a game of declare-and-throw."""

    declarers: list[int]
    round: int = 0
    phase: str = DECLARE
    points: list[int] = field(default_factory=lambda: [0, 0])
    declared: int | None = None
    throws: list[int | None] = field(default_factory=lambda: [None, None])
    stake: int = 0
    last_throws: list[int | None] = field(default_factory=lambda: [None, None])


class ToyEngine(Engine[ToyState]):
    """Declare-and-throw rules (module docstring)."""

    spec = TOY_SPEC
    codec = CODEC
    layout = LAYOUT

    def __init__(self, win_points: int = 3, max_rounds: int = 6) -> None:
        if win_points < 1 or max_rounds < 1:
            raise ValueError("win_points and max_rounds must be at least 1")
        self.win_points = win_points
        self.max_rounds = max_rounds

    def new_game(self, rng: np.random.Generator) -> ToyState:
        return ToyState(declarers=[int(x) for x in rng.integers(0, 2, self.max_rounds)])

    def to_act(self, state: ToyState) -> list[int]:
        phase = state.phase
        if phase == THROW:
            return [0, 1]
        if phase == DECLARE:
            return [state.declarers[state.round]]
        if phase == STAKE:
            return [1 - state.declarers[state.round]]
        return []

    def legal_actions(self, state: ToyState, player: int) -> list[int]:
        if player not in self.to_act(state):
            return []
        if state.phase == DECLARE:
            return [DECLARE_ROCK, DECLARE_PAPER, DECLARE_SCISSORS]
        if state.phase == THROW:
            return [THROW_ROCK, THROW_PAPER, THROW_SCISSORS]
        return [STAKE_1, STAKE_2]

    def _apply(self, state: ToyState, actions: Mapping[int, int]) -> list[Event]:
        if state.phase == DECLARE:
            p = state.declarers[state.round]
            state.declared = actions[p] - DECLARE_ROCK
            state.phase = THROW
            return [Event("sign_declared", f"player_{p} declares {SIGNS[state.declared]}", p,
                          {"sign": SIGNS[state.declared]})]
        if state.phase == THROW:
            state.throws = [actions[0] - THROW_ROCK, actions[1] - THROW_ROCK]
            state.phase = STAKE
            return [Event("throws_made", "both players throw face down")]
        p = 1 - state.declarers[state.round]
        state.stake = actions[p] - STAKE_1 + 1
        return self._resolve(state, p)

    def _resolve(self, state: ToyState, staker: int) -> list[Event]:
        a, b = state.throws
        assert a is not None and b is not None
        events = [
            Event("stake_set", f"player_{staker} stakes {state.stake}", staker,
                  {"stake": state.stake}),
            Event("throws_revealed",
                  f"player_0 throws {SIGNS[a]}, player_1 throws {SIGNS[b]}", None,
                  {"throws": [SIGNS[a], SIGNS[b]]}),
        ]
        if a == b:
            events.append(Event("round_drawn", f"round {state.round + 1} is drawn"))
        else:
            w = 0 if beats(a, b) else 1
            state.points[w] += state.stake
            events.append(Event("round_won", f"player_{w} wins round {state.round + 1} "
                                f"and scores {state.stake}", w, {"points": state.stake}))
        state.last_throws = [a, b]
        state.throws = [None, None]
        state.declared = None
        state.stake = 0
        state.round += 1
        if max(state.points) >= self.win_points or state.round >= self.max_rounds:
            state.phase = OVER
            events.append(Event("game_over", f"final score {state.points[0]}-{state.points[1]}",
                                None, {"points": list(state.points)}))
        else:
            state.phase = DECLARE
        return events

    def is_over(self, state: ToyState) -> bool:
        return state.phase == OVER

    def returns(self, state: ToyState) -> list[float]:
        if state.phase != OVER or state.points[0] == state.points[1]:
            return [0.0, 0.0]
        return [1.0, -1.0] if state.points[0] > state.points[1] else [-1.0, 1.0]

    def observe(self, state: ToyState, player: int) -> np.ndarray:
        obs = np.zeros(LAYOUT.size, dtype=np.float32)
        me, opp = state.points[player], state.points[1 - player]
        w = self.win_points
        obs[_O["my_points"]] = min(1.0, me / w)
        obs[_O["opp_points"]] = min(1.0, opp / w)
        obs[_O["lead"]] = max(-1.0, min(1.0, (me - opp) / w))
        obs[_O["round"]] = state.round / self.max_rounds
        if state.phase != OVER:
            obs[_O["phase"] + PHASES.index(state.phase)] = 1.0
            obs[_O["i_declare"]] = state.declarers[state.round] == player
            obs[_O["i_act"]] = player in self.to_act(state)
        if state.declared is not None:
            obs[_O["declared"] + state.declared] = 1.0
        mine = state.throws[player]  # the opponent's face-down throw is never shown
        if mine is not None:
            obs[_O["my_throw"] + mine] = 1.0
        my_last, opp_last = state.last_throws[player], state.last_throws[1 - player]
        if my_last is not None:
            obs[_O["my_last"] + my_last] = 1.0
        if opp_last is not None:
            obs[_O["opp_last"] + opp_last] = 1.0
        obs[_O["stake"]] = state.stake / 2
        return obs

    def view(self, state: ToyState, player: int) -> dict[str, Any]:
        def sign(x: int | None) -> str | None:
            return None if x is None else SIGNS[x]

        return {
            "player": player, "round": state.round, "phase": state.phase,
            "my_points": state.points[player], "opp_points": state.points[1 - player],
            "declarer": None if state.phase == OVER else state.declarers[state.round],
            "declared": sign(state.declared), "my_throw": sign(state.throws[player]),
            "my_last": sign(state.last_throws[player]),
            "opp_last": sign(state.last_throws[1 - player]), "stake": state.stake,
        }

    def clone(self, state: ToyState) -> ToyState:
        return ToyState(list(state.declarers), state.round, state.phase, list(state.points),
                        state.declared, list(state.throws), state.stake, list(state.last_throws))

    def to_json(self, state: ToyState) -> dict[str, Any]:
        return {"declarers": list(state.declarers), "round": state.round, "phase": state.phase,
                "points": list(state.points), "declared": state.declared,
                "throws": list(state.throws), "stake": state.stake,
                "last_throws": list(state.last_throws)}

    def from_json(self, data: Mapping[str, Any]) -> ToyState:
        keys = ("declarers", "round", "phase", "points", "declared", "throws", "stake",
                "last_throws")
        check_keys(data, keys, "state")
        declarers = get(data, "declarers", list, "state")
        if len(declarers) != self.max_rounds or any(d not in (0, 1) for d in declarers):
            raise StateError("state.declarers", f"must be {self.max_rounds} values of 0 or 1")

        def signs(key: str) -> list[int | None]:
            value = get(data, key, list, "state")
            if len(value) != 2 or any(v is not None and v not in (0, 1, 2) for v in value):
                raise StateError(f"state.{key}", "must be two of null, 0, 1, 2")
            return list(value)

        points = get(data, "points", list, "state")
        if len(points) != 2 or any(not isinstance(x, int) or x < 0 for x in points):
            raise StateError("state.points", "must be two non-negative integers")
        declared = get(data, "declared", (int, type(None)), "state")
        return ToyState(
            declarers=[int(d) for d in declarers],
            round=get_int(data, "round", "state", 0, self.max_rounds),
            phase=get_choice(data, "phase", "state", PHASES),
            points=list(points), declared=declared, throws=signs("throws"),
            stake=get_int(data, "stake", "state", 0, 2), last_throws=signs("last_throws"))

    def render(self, state: ToyState, player: int | None = None) -> str:
        lines = [f"round {state.round + 1}/{self.max_rounds}  phase {state.phase}  "
                 f"points {state.points[0]}-{state.points[1]}"]
        for p in (0, 1):
            t = state.throws[p]
            shown = "-" if t is None else (SIGNS[t] if player in (None, p) else "face down")
            lines.append(f"player_{p}: throw {shown}")
        return "\n".join(lines)

    def check_invariants(self, state: ToyState, start: ToyState) -> list[str]:
        broken = []
        if any(x < 0 for x in state.points):
            broken.append("negative points")
        if state.declarers != start.declarers:
            broken.append("declarers changed")
        if state.round > self.max_rounds:
            broken.append("too many rounds")
        return broken
