"""``combatzoo bench --measure aec_floor``: what the AEC front costs with an engine that does no
work (issue 14).

``aec_random`` times the whole AEC loop: the front (``envs/core/aec.py``: turn order, reward
and info bookkeeping, the ``None`` steps of finished agents), the bench's own loop (``last``,
a random draw from the mask) and the rules engine behind them. This measure runs the same loop
(:func:`combatzoo.training.bench.random_decisions`) over the same front, with the engine
replaced by a :class:`FloorEngine`: it replays the turn pattern of random games of the real
engine (who acts at each step, the legal set of each, the episode lengths, the final returns)
recorded beforehand, and computes nothing: an observation is a copy of one zero vector of the
real size (a fresh array, as every engine must return), a mask one kept read-only array per
step, an info empty.

So ``1 / aec_floor`` is the part of a decision no engine can remove, and
``1 / aec_random - 1 / aec_floor`` what the engine spends. Under the table ``combatzoo bench``
prints, per system, the floor's ratio to ``connect_four_v3`` and the engine's budget per
decision for issue 14's ratio target: ``1 / (target x connect_four_v3's rate) - 1 /
aec_floor``, beside what it spends now.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import numpy as np

RECORDED_EPISODES = 200
"""Random games of the real engine whose turn pattern the floor engine replays, in turn."""


@dataclass(frozen=True)
class Step:
    """One recorded engine step: each acting player's mask (read-only), in ``to_act`` order."""

    masks: tuple[tuple[int, np.ndarray], ...]


@dataclass(frozen=True)
class Episode:
    steps: tuple[Step, ...]
    returns: tuple[float, ...]


class FloorState:
    """Which recorded episode is replayed and how far."""

    __slots__ = ("episode", "step")

    def __init__(self, episode: Episode) -> None:
        self.episode = episode
        self.step = 0


def record(engine: Any, episodes: int, seed: int) -> list[Episode]:
    """The turn pattern of ``episodes`` games of ``engine`` played with uniformly random legal
    actions (game ``e`` dealt with ``seed + e``)."""
    rng = random.Random(seed)
    recorded = []
    for e in range(episodes):
        state = engine.new_game(np.random.default_rng(seed + e))
        steps = []
        while not engine.is_over(state):
            acting = engine.to_act(state)
            masks = tuple((p, engine.legal_mask(state, p)) for p in acting)
            steps.append(Step(masks))
            joint = {}
            for p in acting:
                legal = engine.legal_actions(state, p)
                joint[p] = legal[rng.randrange(len(legal))]
            engine.apply_trusted(state, joint)
        recorded.append(Episode(tuple(steps), tuple(float(r) for r in engine.returns(state))))
    return recorded


class FloorEngine:
    """An engine that replays recorded turn patterns and computes nothing (module docstring).

    It offers what :class:`~combatzoo.envs.core.aec.CombatAECEnv` calls; the actions it is
    given are ignored (any legal one leads to the next recorded step).
    """

    def __init__(self, real: Any, episodes: list[Episode]) -> None:
        if not episodes:
            raise ValueError("the floor engine needs at least one recorded episode")
        self.spec = real.spec
        self.codec = real.codec
        self.layout = real.layout
        self._episodes = episodes
        self._next = 0
        self._zero = np.zeros(real.spec.obs_size, dtype=np.float32)
        self._idle = np.zeros(real.spec.num_actions, dtype=np.int8)
        self._idle[0] = 1  # NOOP only: a player with nothing to decide
        self._idle.flags.writeable = False

    def new_game(self, rng: np.random.Generator) -> FloorState:
        """The next recorded episode (in turn; ``rng`` is not drawn from)."""
        episode = self._episodes[self._next % len(self._episodes)]
        self._next += 1
        return FloorState(episode)

    def to_act(self, state: FloorState) -> list[int]:
        return [p for p, _ in state.episode.steps[state.step].masks]

    def legal_mask(self, state: FloorState, player: int) -> np.ndarray:
        if state.step < len(state.episode.steps):
            for p, mask in state.episode.steps[state.step].masks:
                if p == player:
                    return mask
        return self._idle

    def observe(self, state: FloorState, player: int) -> np.ndarray:
        return self._zero.copy()

    def apply_trusted(self, state: FloorState, actions: Any) -> list[Any]:
        state.step += 1
        return []

    def is_over(self, state: FloorState) -> bool:
        return state.step >= len(state.episode.steps)

    def returns(self, state: FloorState) -> list[float]:
        return list(state.episode.returns)

    def info(self, state: FloorState, player: int) -> dict[str, Any]:
        return {}


def floor_env(real: Any, seed: int, episodes: int = RECORDED_EPISODES) -> Any:
    """The AEC front over a :class:`FloorEngine` replaying ``episodes`` random games of the
    engine ``real``."""
    from ..envs.core.aec import CombatAECEnv

    return CombatAECEnv(FloorEngine(real, record(real, episodes, seed)))  # type: ignore[arg-type]
