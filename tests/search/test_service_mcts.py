"""The search bots in the bot service (issue 15): served by name, answer a legal move with their
probabilities (mcts: the root visit shares), the same for the same request seed."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("fastapi")

from combatzoo.agents.service.bots import BotRegistry  # noqa: E402
from combatzoo.agents.service.models import ActRequest  # noqa: E402
from combatzoo.agents.service.routes import decide  # noqa: E402
from combatzoo.envs import make_engine  # noqa: E402


def test_the_service_serves_mcts_with_legal_moves_and_a_seed() -> None:
    registry = BotRegistry(["land_air_sea"])
    bot = registry.get("land_air_sea", "mcts")
    assert bot.kind == "mcts" and bot.to_json()["name"] == "mcts"
    engine = make_engine("land_air_sea")
    state = engine.new_game(np.random.default_rng(7))
    p = engine.to_act(state)[0]
    legal = engine.legal_actions(state, p)
    req = ActRequest(state=engine.to_json(state), agent=f"player_{p}", bot="mcts", seed=4)
    first = decide(engine, bot, req)
    probs = {x["id"]: x["probability"] for x in first["probabilities"]}
    assert first["action"] in legal and set(probs) <= set(legal)
    assert sum(probs.values()) == pytest.approx(1.0)
    assert probs[first["action"]] == max(probs.values())  # the most visited move
    assert decide(engine, bot, req) == first  # the request's seed seeds the search


def test_the_service_serves_the_rollout_search_with_legal_moves() -> None:
    registry = BotRegistry(["land_air_sea"])
    bot = registry.get("land_air_sea", "rollout")
    assert bot.kind == "rollout"
    engine = make_engine("land_air_sea")
    state = engine.new_game(np.random.default_rng(3))
    p = engine.to_act(state)[0]
    req = ActRequest(state=engine.to_json(state), agent=f"player_{p}", bot="rollout", seed=2)
    first = decide(engine, bot, req)
    assert first["action"] in engine.legal_actions(state, p)
    probs = {x["id"]: x["probability"] for x in first["probabilities"]}
    assert probs[first["action"]] == 1.0  # it plays its best-scored action, and says so
    assert decide(engine, bot, req) == first
