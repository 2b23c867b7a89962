"""The single-agent Gymnasium view over the toy engine: learner's point of view, opponents,
simultaneous secrecy, seeding, checkers."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from combatzoo.agents.base import DeterministicAgent
from combatzoo.envs.core.agent import Agent, OpponentPool, RandomAgent
from combatzoo.envs.core.errors import GameOverError, IllegalActionError
from combatzoo.envs.core.single import CombatSingleAgentEnv
from gymnasium.utils.env_checker import check_env as gymnasium_check_env
from stable_baselines3.common.env_checker import check_env as sb3_check_env

from tests.core.toy_engine import (
    DECLARE,
    DECLARE_ROCK,
    OVER,
    SIGNS,
    STAKE_1,
    STAKE_2,
    THROW,
    THROW_ROCK,
    ToyEngine,
    ToyState,
)


class ScriptedAgent(DeterministicAgent):
    """Declares and throws one fixed sign, stakes 1 (reads the JSON view to know the phase)."""

    needs_view = True

    def __init__(self, sign: int, name: str = "scripted") -> None:
        self.sign = sign
        self.name = name
        self.seeds: list[int | None] = []
        self.calls: list[dict[str, Any]] = []

    def reset(self, seed: int | None = None) -> None:
        self.seeds.append(seed)

    def act(self, observation: np.ndarray, mask: np.ndarray,
            view: dict[str, Any] | None = None) -> int:
        assert view is not None
        self.calls.append(view)
        if view["phase"] == DECLARE:
            return DECLARE_ROCK + self.sign
        if view["phase"] == THROW:
            return THROW_ROCK + self.sign
        return STAKE_1


def learner_action(env: CombatSingleAgentEnv, sign: int) -> int:
    """Declare/throw ``sign``, stake 2."""
    phase = env.state.phase
    if phase == DECLARE:
        return DECLARE_ROCK + sign
    if phase == THROW:
        return THROW_ROCK + sign
    return STAKE_2


def play_episode(env: CombatSingleAgentEnv, seed: int, sign: int) -> tuple[float, dict]:
    _, info = env.reset(seed=seed)
    total = 0.0
    while True:
        _, reward, terminated, truncated, info = env.step(learner_action(env, sign))
        if not terminated:
            assert reward == 0.0
        total += reward
        if terminated or truncated:
            return total, info


@pytest.mark.parametrize("seat", [0, 1])
def test_reward_is_always_the_learners(seat: int) -> None:
    """Paper beats rock every round: the learner must get +1 from either seat; scissors loses
    to rock every round: -1 (toy rules: beats(a, b) is (a - b) % 3 == 1)."""
    rock = SIGNS.index("rock")
    for sign, expected in ((SIGNS.index("paper"), 1.0), (SIGNS.index("scissors"), -1.0)):
        env = CombatSingleAgentEnv(ToyEngine(), opponent=ScriptedAgent(rock), learner_seat=seat)
        for seed in range(25):
            total, info = play_episode(env, seed, sign)
            assert total == expected
            assert info["learner_seat"] == seat
            assert info["returns"][seat] == expected


@pytest.mark.parametrize("seat", [0, 1])
def test_lean_infos_hold_the_seat_the_opponent_and_the_returns_only(seat: int) -> None:
    """``infos="lean"`` (what ``combatzoo train`` builds): the same games and rewards as the
    full infos, each info only ``learner_seat`` and ``opponent``, plus ``returns`` at the end."""
    paper, rock = SIGNS.index("paper"), SIGNS.index("rock")
    full = CombatSingleAgentEnv(ToyEngine(), opponent=ScriptedAgent(rock), learner_seat=seat)
    lean = CombatSingleAgentEnv(ToyEngine(), opponent=ScriptedAgent(rock), learner_seat=seat,
                                infos="lean")
    _, full_info = full.reset(seed=3)
    _, lean_info = lean.reset(seed=3)
    assert "events" in full_info and lean_info == {"learner_seat": seat, "opponent": "scripted"}
    while True:
        action = learner_action(full, paper)
        a, b = full.step(action), lean.step(action)
        assert np.array_equal(a[0], b[0]) and a[1:4] == b[1:4]
        if a[2]:
            break
        assert b[4] == {"learner_seat": seat, "opponent": "scripted"}
    assert b[4] == {"learner_seat": seat, "opponent": "scripted", "returns": a[4]["returns"]}
    assert a[4]["returns"][seat] == 1.0  # paper beats rock (toy rules)
    with pytest.raises(ValueError, match="infos must be one of"):
        CombatSingleAgentEnv(ToyEngine(), infos="none")


def test_random_seat_covers_both_seats_and_reward_follows_it() -> None:
    env = CombatSingleAgentEnv(ToyEngine(), opponent=ScriptedAgent(0))
    seats = set()
    for seed in range(40):
        total, info = play_episode(env, seed, SIGNS.index("paper"))
        seats.add(info["learner_seat"])
        assert total == 1.0
    assert seats == {0, 1}


def test_opponent_chooses_before_learner_action_is_applied() -> None:
    """Simultaneous secrecy: at the throw step the opponent sees no throw in the state."""
    opponent = ScriptedAgent(0)
    env = CombatSingleAgentEnv(ToyEngine(), opponent=opponent, learner_seat=0)
    env.reset(seed=0)
    while env.state.phase != THROW:
        env.step(learner_action(env, 1))
    opponent.calls.clear()
    env.step(THROW_ROCK + 2)
    throw_views = [v for v in opponent.calls if v["phase"] == THROW]
    assert len(throw_views) == 1
    assert throw_views[0]["my_throw"] is None


def test_illegal_learner_action_raises_or_penalizes() -> None:
    env = CombatSingleAgentEnv(ToyEngine(), learner_seat=0)
    env.reset(seed=0)
    legal = np.flatnonzero(env.action_masks()).tolist()
    bad = next(a for a in range(1, 9) if a not in legal)
    with pytest.raises(IllegalActionError, match=f"Illegal action {bad} "):
        env.step(bad)
    penal = CombatSingleAgentEnv(ToyEngine(), learner_seat=0, illegal_action="penalize")
    penal.reset(seed=0)
    _, reward, terminated, truncated, info = penal.step(bad)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"] is True
    with pytest.raises(GameOverError):
        penal.step(legal[0])


def test_action_masks_are_the_learners_legal_actions() -> None:
    env = CombatSingleAgentEnv(ToyEngine(), learner_seat=1)
    env.reset(seed=2)
    mask = env.action_masks()
    assert mask.dtype == bool and mask.shape == (9,)
    assert np.flatnonzero(mask).tolist() == env.engine.legal_actions(env.state, 1)


@pytest.mark.parametrize("system", ["land_air_sea", "solium_infernum", "spellfire"])
def test_the_mask_read_once_per_decision_is_the_current_one(system: str) -> None:
    # The view works the learner's mask out once per decision (issue 14): through every step of
    # real games, also when an illegal action is refused, it stays the engine's mask now.
    import combatzoo.envs

    env = combatzoo.envs.make_single(system, opponent="random")
    rng = np.random.default_rng(3)
    for seed in range(4):
        env.reset(seed=seed)
        done = False
        while not done:
            now = env.engine.legal_mask(env.state, env.learner)
            assert env.action_masks().tolist() == now.astype(bool).tolist()
            illegal = np.flatnonzero(now == 0)
            if len(illegal) and seed == 0:
                with pytest.raises(IllegalActionError):
                    env.step(int(illegal[0]))
            _, _, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(now))))
            done = term or trunc


def test_seeded_reset_is_deterministic_including_seat_and_opponent() -> None:
    def run(seed: int) -> list:
        pool = OpponentPool([(ScriptedAgent(0, "rocky"), 1.0), (ScriptedAgent(1, "papery"), 1.0)])
        env = CombatSingleAgentEnv(ToyEngine(), opponent=pool)
        out: list[tuple[Any, ...]] = []
        for episode in range(5):
            obs, info = env.reset(seed=seed if episode == 0 else None)
            out.append((obs.tolist(), info["learner_seat"], info["opponent"],
                        env.opponent.seeds[-1]))  # type: ignore[attr-defined]
            rng = np.random.default_rng(episode)
            done = False
            while not done:
                a = int(rng.choice(np.flatnonzero(env.action_masks())))
                obs, r, done, _, _ = env.step(a)
                out.append((obs.tolist(), r))
        return out

    assert run(13) == run(13)
    assert run(13) != run(14)


def test_opponent_option_forms(monkeypatch: pytest.MonkeyPatch) -> None:
    env = CombatSingleAgentEnv(ToyEngine())
    assert [(a.name, w) for a, w in env.pool.entries] == [("random", 1.0)]
    assert isinstance(env.pool.entries[0][0], RandomAgent)
    scripted = ScriptedAgent(1)
    env = CombatSingleAgentEnv(ToyEngine(), opponent=scripted)
    assert env.pool.entries == [(scripted, 1.0)]
    with pytest.raises(TypeError, match="opponent must be"):
        CombatSingleAgentEnv(ToyEngine(), opponent=3)  # type: ignore[arg-type]
    # The core builds no agent by name: names are the agents package's (opponent_pool).
    for by_name in ("random", {"random": 2.0}):
        with pytest.raises(TypeError, match="opponent must be.*combatzoo.agents.opponent_pool"):
            CombatSingleAgentEnv(ToyEngine(), opponent=by_name)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="empty"):
        CombatSingleAgentEnv(ToyEngine(), opponent=OpponentPool())
    with pytest.raises(ValueError, match="learner_seat"):
        CombatSingleAgentEnv(ToyEngine(), learner_seat=2)
    assert isinstance(ScriptedAgent(0), Agent)


def test_opponent_without_view_gets_none() -> None:
    seen: list[object] = []

    class Blind:
        name = "blind"
        needs_view = False

        def reset(self, seed: int | None = None) -> None:
            pass

        def act(self, observation: np.ndarray, mask: np.ndarray, view: Any = None) -> int:
            seen.append(view)
            return int(np.flatnonzero(mask)[0])

    env = CombatSingleAgentEnv(ToyEngine(), opponent=Blind(), learner_seat=1)
    env.reset(seed=0)
    for _ in range(3):
        env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert seen and all(v is None for v in seen)


class EndsAtOnce(ToyEngine):
    """New games are already over for the first ``over_games`` calls."""

    def __init__(self, over_games: int) -> None:
        super().__init__()
        self.over_games = over_games

    def new_game(self, rng: np.random.Generator) -> ToyState:
        state = super().new_game(rng)
        if self.over_games > 0:
            self.over_games -= 1
            state.phase = OVER
        return state


def test_reset_starts_a_new_game_when_one_ends_before_the_learner_acts() -> None:
    env = CombatSingleAgentEnv(EndsAtOnce(over_games=3), learner_seat=0)
    obs, info = env.reset(seed=0)
    assert env.state.phase == DECLARE and env.action_masks().any()
    never = CombatSingleAgentEnv(EndsAtOnce(over_games=10**6), learner_seat=0)
    with pytest.raises(RuntimeError, match="ended before player_0 had a decision"):
        never.reset(seed=0)


def test_gymnasium_and_sb3_checkers() -> None:
    # Both checkers sample actions without the mask (action_space.sample()); "penalize" turns
    # an unmasked illegal sample into a terminal transition instead of an exception.
    gymnasium_check_env(CombatSingleAgentEnv(ToyEngine(), illegal_action="penalize"),
                        skip_render_check=True)
    sb3_check_env(CombatSingleAgentEnv(ToyEngine(), illegal_action="penalize"))


def test_maskable_ppo_runs_a_few_steps() -> None:
    sb3_contrib = pytest.importorskip("sb3_contrib")
    env = CombatSingleAgentEnv(ToyEngine())
    model = sb3_contrib.MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=32, seed=0,
                                    verbose=0)
    model.learn(128)


def test_render_is_from_the_learners_seat() -> None:
    env = CombatSingleAgentEnv(ToyEngine(), learner_seat=0, render_mode="ansi")
    env.reset(seed=0)
    while env.state.phase != THROW:
        env.step(learner_action(env, 0))
    env.step(THROW_ROCK)  # now in the stake step (or the opponent already staked)
    text = env.render()
    assert isinstance(text, str)
    if env.state.throws[1] is not None:
        assert "player_1: throw face down" in text
