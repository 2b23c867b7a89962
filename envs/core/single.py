"""The single-agent Gymnasium view of a combat system, for stable-baselines3 / MaskablePPO.

| | |
|---|---|
| Observation | the learner's ``float32[spec.obs_size]`` vector, ``Box(-1, 1)`` |
| Action space | ``Discrete(spec.num_actions)``; the mask comes from ``action_masks()`` |
| Reward | 0 until the end, then ``engine.returns(state)[learner]`` |

The learner controls one seat (drawn each episode when ``learner_seat="random"``); every other
seat is played inside the env by an opponent drawn from a pool each episode. Every transition
is from the learner's point of view (DESIGN.md "Single-agent view").

Simultaneous steps keep their secrecy: the opponent chooses from its own observation, mask and
view, computed before the learner's action is applied, and both are applied in one engine step.

Illegal learner actions raise ``IllegalActionError`` (``illegal_action="raise"``, default), or
with ``illegal_action="penalize"`` end the episode with reward ``spec.utility_range[0]`` and
``info["illegal_action"] = True`` (what Gymnasium's and SB3's env checkers need, since they
sample actions without the mask).

Infos
-----
The engine's ``info`` of the learner, ``learner_seat``, ``opponent`` and ``"events"`` (the
``Event.to_json`` of every engine step since the learner's previous decision), plus ``returns``
once the game is over. With ``infos="lean"`` only ``learner_seat``, ``opponent`` and (once the
game is over) ``returns``: what training reads. ``combatzoo train`` builds its envs so (its
``full_infos`` config key says otherwise): in one process the full infos cost up to 5% of a vec
step, but a ``subproc`` worker pickles them into every answer (issue 14; land_air_sea's
``info`` holds every battle of the campaign so far): with 8 envs a shard its answer took 78 µs
to send and the training process 55 µs to read, lean 58 and 34 µs.

Each info is a :class:`StepInfo`: its values are records nobody changes after they are handed
out (the engine's ``info`` returns new containers each call, holding
records the engine never changes once made; the events are built for this step), so a deep
copy of it, which SB3's ``DummyVecEnv`` makes of every step's infos, copies the dict and shares
the records (issue 14: the deep copy of a campaign's history took more time than the env's own
step).

The learner's mask is worked out once per decision: ``action_masks()`` (which MaskablePPO
calls before every step) and the check in ``step`` read the same one.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from .agent import Agent, OpponentPool, as_pool
from .engine import Engine, Event
from .errors import GameOverError
from .front import (
    check_illegal_action,
    check_max_steps,
    check_render_mode,
    coerce_action,
    illegal_action_error,
    vector_space,
)
from .seeding import game_rng

INFO_LEVELS = ("full", "lean")
"""What the ``infos`` option accepts (see "Infos" above)."""
MAX_START_ATTEMPTS = 100
"""New games tried at reset before giving up when every game ends before the learner acts."""


class StepInfo(dict[str, Any]):
    """The info dict of one step of the single-agent view (see "Infos" in the module docs).

    Its values are never changed by the env after it is returned, so a deep copy copies the
    dict and shares the values (as it shares strings and numbers).
    """

    def __deepcopy__(self, memo: dict[int, Any]) -> StepInfo:
        return StepInfo(self)


class CombatSingleAgentEnv(gymnasium.Env):  # type: ignore[type-arg]
    """One seat of an engine as a ``gymnasium.Env``; see the module docstring."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}

    def __init__(self, engine: Engine[Any], *,
                 opponent: Agent | OpponentPool | None = None,
                 learner_seat: str | int = "random", render_mode: str | None = None,
                 illegal_action: str = "raise", max_steps: int | None = None,
                 infos: str = "full") -> None:
        """Wrap ``engine`` with ``opponent`` in the other seats.

        ``opponent``: an :class:`Agent` or an :class:`OpponentPool` (``None``: one
        :class:`~combatzoo.envs.core.agent.RandomAgent`). Opponents by name (``"heuristic"``,
        ``{name: weight}``) are built outside the core: ``combatzoo.agents.opponent_pool``, or
        ``combatzoo.envs.make_single(system, opponent=...)``.
        ``learner_seat``: ``"random"`` (drawn each episode) or a fixed engine player index.
        ``max_steps``: engine steps after which the episode is truncated.
        ``infos``: ``"full"`` or ``"lean"`` (see "Infos" in the module docs).
        """
        super().__init__()
        self.engine = engine
        spec = engine.spec
        n = spec.num_players
        if learner_seat != "random" and (
                isinstance(learner_seat, bool) or not isinstance(learner_seat, int)
                or not 0 <= learner_seat < n):
            raise ValueError(f"learner_seat must be 'random' or an int in 0..{n - 1}, "
                             f"got {learner_seat!r}")
        self.learner_seat_option = learner_seat
        self.pool = as_pool(opponent)
        self.render_mode = check_render_mode(render_mode, self.metadata["render_modes"])
        self.illegal_action = check_illegal_action(illegal_action)
        self.max_steps = check_max_steps(max_steps)
        if infos not in INFO_LEVELS:
            raise ValueError(f"infos must be one of {list(INFO_LEVELS)}, got {infos!r}")
        self.lean_infos = infos == "lean"
        self.observation_space = vector_space(spec)
        self.action_space = gymnasium.spaces.Discrete(spec.num_actions)
        self._state: Any = None
        self._over = True
        self._truncated = False
        self._steps = 0
        self.learner = 0
        """The learner's engine player index in the current episode."""
        self.opponent: Agent = self.pool.entries[0][0]
        """The opponent of the current episode."""
        self.last_events: list[Event] = []
        """Every event since the learner's previous decision (opponents' turns included)."""
        self._learner_mask: np.ndarray | None = None
        """The learner's mask at its current decision (``None``: not worked out yet)."""

    # --- episode ------------------------------------------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        """Draw the seat and the opponent, start a game and play until the learner must act.

        If a game ends before the learner ever acts, another one is started (at most
        ``MAX_START_ATTEMPTS`` times; then ``RuntimeError``: the engine cannot give this seat a
        decision).
        """
        super().reset(seed=seed)
        rng = self.np_random
        n = self.engine.spec.num_players
        if self.learner_seat_option == "random":
            self.learner = int(rng.integers(n))
        else:
            self.learner = int(self.learner_seat_option)
        self.opponent = self.pool.sample(rng)
        self.opponent.reset(seed=int(rng.integers(2**31)))
        for _ in range(MAX_START_ATTEMPTS):
            self._state = self.engine.new_game(game_rng(int(rng.integers(2**63 - 1))))
            self._steps = 0
            self._over = False
            self._truncated = False
            self._learner_mask = None
            self.last_events = []
            self._check_end()
            self._advance()
            if not self._over and not self._truncated:
                return self._observe(), self._info()
        raise RuntimeError(
            f"{self.engine.spec.name}: {MAX_START_ATTEMPTS} games in a row ended before "
            f"player_{self.learner} had a decision")

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Apply the learner's action (with the opponents' simultaneous ones), then play the
        opponents until the learner must act again or the game ends."""
        if self._state is None:
            raise RuntimeError("step() called before reset()")
        if self._over or self._truncated:
            raise GameOverError("the episode is over; call reset() to play again")
        engine = self.engine
        state = self._state
        learner = self.learner
        a = action if type(action) is int else coerce_action(action)
        mask = self._mask()
        if a is None or not 0 <= a < mask.shape[0] or not mask[a]:
            error = illegal_action_error(engine, state, learner, action if a is None else a)
            if self.illegal_action == "raise":
                raise error
            self._over = True
            info = self._info()
            info.update(illegal_action=True, illegal_action_error=str(error))
            return (self._observe(), float(engine.spec.utility_range[0]), True, False, info)
        # Opponents choose before the learner's action is applied: simultaneous secrecy. Every
        # action is checked against its player's mask here, so the engine need not check again.
        joint = {p: self._opponent_act(p) for p in engine.to_act(state) if p != learner}
        joint[learner] = a
        self.last_events = list(engine.apply_trusted(state, joint))
        self._learner_mask = None
        self._steps += 1
        self._check_end()
        self._advance()
        reward = 0.0
        if self._over:
            reward = float(engine.returns(state)[learner])
        return self._observe(), reward, self._over, self._truncated, self._info()

    def _advance(self) -> None:
        """Play opponents' turns until the learner must act or the episode ends."""
        engine = self.engine
        state = self._state
        while not self._over and not self._truncated:
            to_act = engine.to_act(state)
            if self.learner in to_act:
                return
            joint = {p: self._opponent_act(p) for p in to_act}
            self.last_events.extend(engine.apply_trusted(state, joint))
            self._learner_mask = None
            self._steps += 1
            self._check_end()

    def _check_end(self) -> None:
        if self.engine.is_over(self._state):
            self._over = True
        elif self.max_steps is not None and self._steps >= self.max_steps:
            self._truncated = True

    def _opponent_act(self, p: int) -> int:
        engine = self.engine
        state = self._state
        opponent = self.opponent
        view = engine.view(state, p) if opponent.needs_view else None
        # Agents that read only the mask and the view (random, heuristics) get no vector.
        observation = (engine.observe(state, p) if getattr(opponent, "needs_observation", True)
                       else None)
        mask = engine.legal_mask(state, p)
        action = opponent.act(observation, mask, view)  # type: ignore[arg-type]
        a = coerce_action(action)
        if a is None or not 0 <= a < mask.shape[0] or not mask[a]:
            raise illegal_action_error(engine, state, p, action if a is None else a,
                                       f"opponent {opponent.name!r} chose it")
        return a

    def _observe(self) -> np.ndarray:
        return self.engine.observe(self._state, self.learner)

    def _mask(self) -> np.ndarray:
        """The learner's (read-only) mask now, worked out once per decision."""
        mask = self._learner_mask
        if mask is None:
            mask = self._learner_mask = self.engine.legal_mask(self._state, self.learner)
        return mask

    def _info(self) -> StepInfo:
        if self.lean_infos:
            info = StepInfo(learner_seat=self.learner, opponent=self.opponent.name)
        else:
            info = StepInfo(self.engine.info(self._state, self.learner))
            info.update(learner_seat=self.learner, opponent=self.opponent.name,
                        events=[e.to_json() for e in self.last_events])
        if self._over:
            info["returns"] = [float(r) for r in self.engine.returns(self._state)]
        return info

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions as booleans (what sb3-contrib's MaskablePPO reads)."""
        if self._state is None:
            raise RuntimeError("action_masks() called before reset()")
        return self._mask().astype(bool)

    # --- state, rendering -----------------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The engine state of the game in progress."""
        if self._state is None:
            raise RuntimeError("state read before reset()")
        return self._state

    def render(self) -> str | None:  # type: ignore[override]
        """The table from the learner's seat (``"ansi"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; pass render_mode='ansi'")
            return None
        return self.engine.render(self.state, self.learner)
