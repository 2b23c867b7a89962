"""The service's decisions without a server: every kind of bot answers through the same two
questions (its move and its action probabilities), and the service never asks its kind."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from combatzoo.agents import make_agent
from combatzoo.envs import make_engine

pytest.importorskip("fastapi")

from combatzoo.agents.service.bots import Bot  # noqa: E402
from combatzoo.agents.service.models import ActRequest  # noqa: E402
from combatzoo.agents.service.routes import decide  # noqa: E402


class Counting:
    """Prefers the highest legal id in ``act`` but gives the lowest the most probability, so the
    two answers can be told apart; counts the calls."""

    name = "counting"
    needs_view = False
    needs_observation = False

    def __init__(self, deterministic: bool) -> None:
        self.deterministic = deterministic
        self.acts = 0

    def reset(self, seed: int | None = None) -> None:
        pass

    def act(self, observation: Any, mask: np.ndarray, view: Any = None) -> int:
        self.acts += 1
        return int(np.flatnonzero(mask)[-1])

    def action_probabilities(self, observation: Any, mask: np.ndarray,
                             view: Any = None) -> np.ndarray:
        legal = np.flatnonzero(mask)
        probs = np.zeros(len(mask))
        probs[legal] = 0.5 / (len(legal) - 1)
        probs[legal[0]] = 0.5
        return probs


def request(engine: Any, **extra: Any) -> tuple[ActRequest, list[int]]:
    state = engine.new_game(np.random.default_rng(7))
    p = engine.to_act(state)[0]
    legal = engine.legal_actions(state, p)
    assert len(legal) >= 3  # the test needs a real choice
    return ActRequest(state=engine.to_json(state), agent=f"player_{p}", bot="b", **extra), legal


def test_a_deterministic_agent_answers_its_most_likely_action_without_acting() -> None:
    engine = make_engine("land_air_sea")
    req, legal = request(engine)
    agent = Counting(deterministic=True)
    answer = decide(engine, Bot("b", "land_air_sea", "test", agent), req)  # type: ignore[arg-type]
    assert answer["action"] == legal[0] and agent.acts == 0
    assert [x["id"] for x in answer["probabilities"]] == legal  # 0.5 first, then ties by id
    assert answer["probabilities"][0]["probability"] == 0.5


def test_any_other_agent_answers_its_own_act() -> None:
    engine = make_engine("land_air_sea")
    req, legal = request(engine)
    agent = Counting(deterministic=False)
    answer = decide(engine, Bot("b", "land_air_sea", "test", agent), req)  # type: ignore[arg-type]
    assert answer["action"] == legal[-1] and agent.acts == 1


def test_sampling_draws_from_the_probabilities_with_the_seed() -> None:
    engine = make_engine("land_air_sea")
    agent = Counting(deterministic=True)
    bot = Bot("b", "land_air_sea", "test", agent)  # type: ignore[arg-type]
    draws = []
    for seed in range(40):
        req, legal = request(engine, sample=True, seed=seed)
        draws.append(decide(engine, bot, req)["action"])
        assert decide(engine, bot, req)["action"] == draws[-1]
    assert set(draws) <= set(legal) and len(set(draws)) > 1 and agent.acts == 0


@pytest.mark.parametrize("name", ["random", "heuristic"])
def test_built_in_bots_score_their_moves(name: str) -> None:
    engine = make_engine("land_air_sea")
    req, legal = request(engine, seed=3)
    answer = decide(engine, Bot(name, "land_air_sea", name, make_agent("land_air_sea", name)), req)
    probs = {x["id"]: x["probability"] for x in answer["probabilities"]}
    assert set(probs) == set(legal) and sum(probs.values()) == pytest.approx(1.0)
    if name == "random":
        assert set(probs.values()) == {1 / len(legal)}
    else:
        assert probs[answer["action"]] == 1.0
