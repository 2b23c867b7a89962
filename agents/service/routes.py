"""The HTTP routes of the bot service: each parses its request, asks the engine or the bot, and
answers (the work itself is in the functions below the routes, one per endpoint)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Annotated, Any

import numpy as np
from fastapi import FastAPI, Path, Response

from ...envs.core.agent import Agent
from ...envs.core.codec import NOOP
from ...envs.core.engine import Engine
from ...envs.core.errors import IllegalActionError
from .bots import Bot, BotRegistry
from .engines import Engines, read_state, state_blamed
from .errors import ServiceError
from .models import (
    ActRequest,
    ActResponse,
    LegalRequest,
    LegalResponse,
    NewRequest,
    NewResponse,
    StepRequest,
    StepResponse,
)

API_VERSION = 1

System = Annotated[str, Path(max_length=64, description="a served system: GET /v1/health")]


def add_routes(app: FastAPI, engines: Engines, registry: BotRegistry) -> None:
    """The six endpoints of API version 1 on ``app``."""

    @app.get("/v1/health", summary="liveness and what is served")
    async def health() -> dict[str, Any]:
        return {"status": "ok", "api_version": API_VERSION, "systems": engines.systems,
                "bots": len(registry.all())}

    @app.get("/v1/bots", summary="every bot, with the system it plays")
    async def bots() -> dict[str, Any]:
        return {"bots": [b.to_json() for b in registry.all()]}

    @app.post("/v1/{system}/new", response_model=NewResponse, summary="a fresh seeded state")
    async def new(system: System, request: NewRequest | None = None) -> Response:
        mode, seed = (None, 0) if request is None else (request.mode, request.seed)
        return answer(lambda: new_game(engines.for_mode(system, mode, "mode"), seed))

    @app.post("/v1/{system}/legal", response_model=LegalResponse,
              summary="the legal actions of an agent, with labels")
    async def legal(system: System, request: LegalRequest) -> Response:
        return answer(lambda: legal_actions(engines.for_mode(system, request.state.get("mode")),
                                            request))

    @app.post("/v1/{system}/act", response_model=ActResponse,
              summary="a bot's action for an agent that must act now")
    async def act(system: System, request: ActRequest) -> Response:
        def work() -> dict[str, Any]:
            engine = engines.for_mode(system, request.state.get("mode"))
            return decide(engine, _bot_for(registry, engine, system, request.bot), request)

        return answer(work)

    @app.post("/v1/{system}/step", response_model=StepResponse,
              summary="apply one action per acting agent: the next state and the events")
    async def step(system: System, request: StepRequest) -> Response:
        return answer(lambda: apply_actions(engines.for_mode(system, request.state.get("mode")),
                                            request))


def answer(work: Callable[[], dict[str, Any]]) -> Response:
    """The JSON answer of ``work``, written here so that a state the engine cannot play or
    write back is the request's 422 rather than a 500 (issue 16), with the decision's own time
    in a ``Server-Timing`` header: from the parsed request to the answer (the handlers never
    wait, so no other request's work is counted in it; queueing shows client-side)."""
    start = time.perf_counter()
    with state_blamed():
        body = json.dumps(work(), allow_nan=False, separators=(",", ":"))
    took = f"app;dur={(time.perf_counter() - start) * 1e3:.3f}"
    return Response(body, media_type="application/json", headers={"Server-Timing": took})


def agent_index(agent: str, num_players: int) -> int:
    """``"player_1"`` -> 1 (422 for a name that is not a seat of the system)."""
    names = [f"player_{i}" for i in range(num_players)]
    if agent not in names:
        raise ServiceError(422, f"unknown agent {agent!r}; expected one of {names}", "agent")
    return names.index(agent)


def acting(engine: Engine[Any], state: Any) -> list[str]:
    """The agents that must act now."""
    return [f"player_{p}" for p in engine.to_act(state)]


def new_game(engine: Engine[Any], seed: int) -> dict[str, Any]:
    """``/new``: a fresh game dealt with ``seed``."""
    state = engine.new_game(np.random.default_rng(seed))
    return {"state": engine.to_json(state), "to_act": acting(engine, state)}


def legal_actions(engine: Engine[Any], request: LegalRequest) -> dict[str, Any]:
    """``/legal``: the agent's legal actions with labels."""
    state = read_state(engine, request.state)
    p = agent_index(request.agent, engine.spec.num_players)
    return {"agent": request.agent, "to_act": p in engine.to_act(state),
            "over": engine.is_over(state), "legal": list(engine.legal_entries(state, p))}


def _check_bot_fits(bot: Bot, engine: Engine[Any]) -> None:
    """A policy plays the spaces of the mode it was trained on (422 naming the bot)."""
    spec = engine.spec
    if bot.spaces is not None and bot.spaces != (spec.obs_size, spec.num_actions):
        raise ServiceError(422, f"bot {bot.name} plays observations of size {bot.spaces[0]} "
                           f"and {bot.spaces[1]} actions; this state's mode has "
                           f"{spec.obs_size} and {spec.num_actions}", "bot")


def _sample(probs: np.ndarray, legal_ids: list[int], seed: int | None) -> int:
    """A legal id drawn from ``probs`` (renormalised over the legal ids) with ``seed``."""
    weights = np.asarray([probs[a] for a in legal_ids], dtype=np.float64)
    if not np.isfinite(weights).all() or weights.sum() <= 0:
        weights = np.ones(len(legal_ids))  # nothing to go by: every legal action alike
    rng = np.random.default_rng(seed)
    return int(legal_ids[rng.choice(len(legal_ids), p=weights / weights.sum())])


def _choose(agent: Agent, probs: np.ndarray, legal_ids: list[int], request: ActRequest,
            seen: tuple[Any, np.ndarray, dict[str, Any] | None]) -> int:
    """The bot's move: with ``sample``, a seeded draw from its probabilities; else its own
    choice, which for an agent that declares ``deterministic`` is its most likely legal action
    (lowest id on ties: what its ``act`` answers, without computing it again)."""
    if request.sample:
        return _sample(probs, legal_ids, request.seed)
    if getattr(agent, "deterministic", False):
        return max(legal_ids, key=lambda a: (probs[a], -a))
    return int(agent.act(*seen))


def _bot_for(registry: BotRegistry, engine: Engine[Any], system: str, name: str) -> Bot:
    """The bot ``name`` for a state of ``system`` played by ``engine``: where the state's mode is
    a system of its own (spellfire in mode game is ``spellfire_game``), that system's bot of the
    name; else ``system``'s (a policy of another mode is then refused by :func:`decide`)."""
    played = engine.spec.name
    if played != system and name in registry.bots.get(played, {}):
        return registry.get(played, name)
    return registry.get(system, name)


def decide(engine: Engine[Any], bot: Bot, request: ActRequest) -> dict[str, Any]:
    """``/act``: the bot's action for the agent, and its probability of every legal action.

    The bot sees only the agent's observation, mask and view, and answers both from them
    (``action_probabilities``, and the move: see :func:`_choose`).
    """
    _check_bot_fits(bot, engine)
    state = read_state(engine, request.state)
    p = agent_index(request.agent, engine.spec.num_players)
    if engine.is_over(state):
        raise ServiceError(409, "the game is over; nobody acts", "state")
    if p not in engine.to_act(state):
        raise ServiceError(409, f"{request.agent} has nothing to decide now; to act: "
                           f"{acting(engine, state)}", "agent")
    agent = bot.agent
    mask = engine.legal_mask(state, p)
    observation = engine.observe(state, p) if getattr(agent, "needs_observation", True) else None
    view = engine.view(state, p) if agent.needs_view else None
    agent.reset(request.seed)
    legal_ids = engine.legal_actions(state, p)
    probs = agent.action_probabilities(observation, mask, view)
    action = _choose(agent, probs, legal_ids, request, (observation, mask, view))
    if action == NOOP or action not in legal_ids:
        raise ServiceError(500, f"bot {bot.name} chose illegal action {action}")
    ranked = sorted(legal_ids, key=lambda a: (-probs[a], a))
    return {"agent": request.agent, "bot": bot.name, "action": action,
            "label": engine.action_label(action, state, p),
            "probabilities": [{"id": a, "label": engine.action_label(a, state, p),
                               "probability": float(probs[a])} for a in ranked]}


def apply_actions(engine: Engine[Any], request: StepRequest) -> dict[str, Any]:
    """``/step``: one action per acting agent applied; the next state and the events."""
    state = read_state(engine, request.state)
    if engine.is_over(state):
        raise ServiceError(409, "the game is over; nothing more can be played", "state")
    actions: dict[int, int] = {}
    for name, raw in request.actions.items():
        p = agent_index(name, engine.spec.num_players)
        try:
            actions[p] = engine.codec.parse(raw)
        except ValueError as exc:
            raise ServiceError(422, f"actions.{name}: {exc}", f"actions.{name}") from None
    try:
        events = engine.apply(state, actions)
    except IllegalActionError as exc:
        p = int(exc.agent.rsplit("_", 1)[1]) if exc.agent.startswith("player_") else 0
        raise ServiceError(422, str(exc), f"actions.{exc.agent}",
                           legal=list(engine.legal_entries(state, p))) from None
    over = engine.is_over(state)
    return {"state": engine.to_json(state), "events": [e.to_json() for e in events],
            "over": over, "to_act": acting(engine, state),
            "returns": [float(r) for r in engine.returns(state)] if over else None}
