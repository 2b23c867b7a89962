"""The bot service for game frontends (DESIGN.md "Bot service for frontends"), on FastAPI.

Endpoints (``/docs`` and ``/openapi.json`` give the schema):

- ``GET /v1/health``: liveness, the systems and the number of bots.
- ``GET /v1/bots``: every bot by name, with the system it plays and its kind.
- ``POST /v1/{system}/new``: a fresh seeded state (to start a game without Python).
- ``POST /v1/{system}/legal``: state + agent -> the agent's legal actions with labels.
- ``POST /v1/{system}/act``: state + agent + bot (+ seed) -> action id, label, probabilities.
- ``POST /v1/{system}/step``: state + one action per acting agent -> next state + events
  (the rules arbiter).

Bad input gets a 4xx whose JSON body is ``{"error": "...", "field": "..."}`` (``field`` where one
field is to blame); an illegal action also lists the legal ones. Bodies over ``max_body_bytes``
get 413 before they are read. Bots are loaded once at start-up, from a models folder of SB3
checkpoints (``.zip``) and ONNX files (``.onnx`` with their model card from ``combatzoo export``),
plus the built-in ``random`` and ``heuristic`` of every system; a request only names a bot, never
sends one (SB3 files are pickles).

Requests are handled one at a time per worker process (the handlers are ``async`` and never
wait), so bots need no locks and a seeded request always gives the same answer. Run more
processes with ``combatzoo serve --workers N`` to use more cores.
"""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from fastapi import FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from ..envs.core.codec import NOOP
from ..envs.core.errors import CombatZooError, IllegalActionError, StateError

API_VERSION = 1
DEFAULT_MAX_BODY = 1 << 20
RESERVED_NAMES = ("random", "heuristic")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


class ServiceError(Exception):
    """A request the service refuses: ``status`` and a JSON body naming what was wrong."""

    def __init__(self, status: int, message: str, field: str | None = None,
                 **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.body: dict[str, Any] = {"error": message}
        if field is not None:
            self.body["field"] = field
        self.body.update(extra)


class BotLoadError(CombatZooError):
    """A file in the models folder cannot be served (the message names the file)."""


@dataclass
class Bot:
    """A bot the service can play: ``agent`` answers for ``system``; ``kind`` is ``random``,
    ``heuristic``, ``sb3`` or ``onnx``."""

    name: str
    system: str
    kind: str
    agent: Any
    file: str | None = None
    spaces: tuple[int, int] | None = None
    """A policy's (observation size, number of actions): the mode of the system it plays."""

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "system": self.system, "kind": self.kind, "file": self.file}


def _model_system(path: Path, obs_size: int, num_actions: int, card: dict[str, Any]) -> str:
    from ..envs import get_spec, list_envs

    system = card.get("system")
    if system is None:
        matches = [n for n in list_envs()
                   if (get_spec(n).obs_size, get_spec(n).num_actions) == (obs_size, num_actions)]
        if len(matches) != 1:
            raise BotLoadError(f"{path}: observation size {obs_size} and {num_actions} actions "
                               f"fit {matches or 'no system'}; add a model card {path.stem}.json "
                               f'with {{"system": ...}}')
        return matches[0]
    if system not in list_envs():
        raise BotLoadError(f"{path}: its model card names unknown system {system!r}")
    spec = get_spec(system)
    if (spec.obs_size, spec.num_actions) != (obs_size, num_actions):
        raise BotLoadError(f"{path}: observation size {obs_size} and {num_actions} actions do not "
                           f"fit {system} ({spec.obs_size}, {spec.num_actions}); retrain or "
                           f"re-export it for this version")
    return str(system)


def load_model_bot(path: Path) -> Bot:
    """A bot from one models-folder file (``.zip`` SB3 checkpoint or ``.onnx`` export)."""
    from .policy import OnnxPolicyAgent, PolicyAgent

    card_file = path.with_suffix(".json")
    try:
        card = json.loads(card_file.read_text(encoding="utf-8")) if card_file.is_file() else {}
    except (OSError, ValueError) as exc:
        raise BotLoadError(f"{card_file}: unreadable model card ({exc})") from None
    if not isinstance(card, dict):
        raise BotLoadError(f"{card_file}: a model card must be a JSON object")
    try:
        if path.suffix == ".onnx":
            onnx_agent = OnnxPolicyAgent(path, name=path.stem)
            shape_in = onnx_agent.session.get_inputs()
            obs_size, num_actions = int(shape_in[0].shape[1]), int(shape_in[1].shape[1])
            system = _model_system(path, obs_size, num_actions, card)
            return Bot(path.stem, system, "onnx", onnx_agent, path.name, (obs_size, num_actions))
        policy = PolicyAgent(path, name=path.stem)
        spaces = (int(np.prod(policy.model.observation_space.shape)),
                  int(policy.model.action_space.n))
        system = _model_system(path, *spaces, card)
        return Bot(path.stem, system, "sb3", policy, path.name, spaces)
    except BotLoadError:
        raise
    except ImportError as exc:
        extra = "export" if path.suffix == ".onnx" else "train"
        raise BotLoadError(f"{path}: needs the {extra!r} extra ({exc})") from None
    except Exception as exc:
        raise BotLoadError(f"{path}: cannot load ({type(exc).__name__}: {exc})") from None


class BotRegistry:
    """Every bot of the service, by system and name, loaded once."""

    def __init__(self, systems: list[str], models_dir: str | Path | None = None) -> None:
        from . import make_agent

        self.bots: dict[str, dict[str, Bot]] = {s: {} for s in systems}
        for system in systems:
            self.bots[system]["random"] = Bot("random", system, "random",
                                              make_agent(system, "random"))
            try:
                self.bots[system]["heuristic"] = Bot("heuristic", system, "heuristic",
                                                     make_agent(system, "heuristic"))
            except ValueError:
                pass  # this system has no heuristic agent
        if models_dir is None:
            return
        folder = Path(models_dir)
        if not folder.is_dir():
            raise BotLoadError(f"models folder {folder} does not exist")
        files = sorted(p for p in folder.iterdir() if p.suffix in (".zip", ".onnx"))
        seen: dict[str, Path] = {}
        for path in files:
            if path.stem in RESERVED_NAMES:
                raise BotLoadError(f"{path}: {path.stem!r} is a built-in bot's name; rename it")
            if path.stem in seen:
                raise BotLoadError(f"{path} and {seen[path.stem]}: two bots named {path.stem!r}")
            seen[path.stem] = path
            bot = load_model_bot(path)
            if bot.system not in self.bots:
                raise BotLoadError(f"{path}: plays {bot.system}, which this service does not serve")
            self.bots[bot.system][bot.name] = bot
        if any(b.kind == "sb3" for per in self.bots.values() for b in per.values()):
            import torch

            # Small MLPs on one request at a time: more threads only add latency.
            torch.set_num_threads(1)

    def get(self, system: str, name: str) -> Bot:
        try:
            return self.bots[system][name]
        except KeyError:
            raise ServiceError(404, f"unknown bot {name!r} for {system}; known: "
                               f"{sorted(self.bots[system])}", "bot") from None

    def all(self) -> list[Bot]:
        return [b for per in self.bots.values() for b in per.values()]


class BodyLimit:
    """ASGI middleware: a request body over ``limit`` bytes gets 413, read no further."""

    def __init__(self, app: Any, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for key, value in scope.get("headers", ()):
            if key == b"content-length" and value.isdigit() and int(value) > self.limit:
                await self._refuse(send)
                return
        # Read the whole body first (at most ``limit`` bytes are held), so that a chunked
        # upload with no Content-Length is refused as surely as a declared one.
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > self.limit:
                await self._refuse(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send) -> None:
        body = json.dumps({"error": f"request body over {self.limit} bytes",
                           "field": "body"}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})


# --- request and response bodies (the OpenAPI schema) --------------------------------------


class StateRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    state: dict[str, Any] = Field(description="the full game state, as /new or /step give it")


class LegalRequest(StateRequest):
    agent: str = Field(description="whose legal actions: player_0, player_1 ...",
                       examples=["player_0"])


class ActRequest(LegalRequest):
    bot: str = Field(description="a name from GET /v1/bots for this system",
                     examples=["heuristic"])
    seed: int | None = Field(None, description="seeds the bot's sampling (same seed, same "
                                               "answer); none: fresh entropy")
    sample: bool = Field(False, description="policy bots: sample from the probabilities "
                                            "instead of taking the most likely action")


class StepRequest(StateRequest):
    actions: dict[str, int | str] = Field(
        description="one action (id or label) per agent that must act now",
        examples=[{"player_0": 3}])


class NewRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seed: int = Field(0, description="seeds the deal; same seed, same state")
    mode: str | None = Field(None, description="the system's mode where it has several "
                                               "(spellfire: battle or game); none: the default")


class LegalAction(BaseModel):
    id: int
    label: str


class Scored(LegalAction):
    probability: float


class LegalResponse(BaseModel):
    agent: str
    to_act: bool = Field(description="whether this agent must decide now")
    over: bool
    legal: list[LegalAction]


class ActResponse(BaseModel):
    agent: str
    bot: str
    action: int
    label: str
    probabilities: list[Scored] = Field(description="the bot's probability of each legal "
                                                    "action, most likely first")


class StepResponse(BaseModel):
    state: dict[str, Any]
    events: list[dict[str, Any]]
    over: bool
    to_act: list[str]
    returns: list[float] | None = Field(description="final returns when over, else null")


class NewResponse(BaseModel):
    state: dict[str, Any]
    to_act: list[str]


class ErrorBody(BaseModel):
    error: str
    field: str | None = None


def _agent_index(agent: str, num_players: int) -> int:
    names = [f"player_{i}" for i in range(num_players)]
    if agent not in names:
        raise ServiceError(422, f"unknown agent {agent!r}; expected one of {names}", "agent")
    return names.index(agent)


def create_app(models_dir: str | Path | None = None, *, max_body_bytes: int = DEFAULT_MAX_BODY,
               systems: list[str] | None = None) -> Any:
    """The FastAPI app. Bots are loaded here, once (raises :class:`BotLoadError`)."""
    from ..envs import list_envs, make_engine

    names = systems or list_envs()
    unknown = [s for s in names if s not in list_envs()]
    if unknown:
        raise BotLoadError(f"unknown system(s) {unknown}; known: {list_envs()}")
    engines = {s: make_engine(s) for s in names}
    registry = BotRegistry(names, models_dir)

    errors: dict[int | str, dict[str, Any]] = {
        code: {"model": ErrorBody} for code in (400, 404, 409, 413, 422)}

    app = FastAPI(title="combatzoo bot service", version=str(API_VERSION),
                  description=__doc__ or "", responses=errors)

    @app.exception_handler(ServiceError)
    async def _service_error(_request: Request, exc: ServiceError) -> JSONResponse:
        return JSONResponse(exc.body, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        loc = [str(x) for x in first.get("loc", ()) if x != "body"]
        field = ".".join(loc) or "body"
        if first.get("type") == "json_invalid":
            ctx = first.get("ctx", {})
            return JSONResponse({"error": f"malformed JSON: {ctx.get('error', 'cannot parse')}",
                                 "field": "body"}, status_code=400)
        message = f"{field}: {first.get('msg', 'invalid')}"
        return JSONResponse({"error": message, "field": field}, status_code=422)

    def timed(response: Response, start: float) -> None:
        # The decision's own time, from the parsed request to the answer: the handlers never
        # wait, so no other request's work is counted in it (queueing shows client-side).
        response.headers["Server-Timing"] = f"app;dur={(time.perf_counter() - start) * 1e3:.3f}"

    by_mode: dict[tuple[str, str], Any] = {}

    def engine_for(system: str, mode: Any) -> Any:
        """The engine of ``system`` in ``mode`` (a state's ``mode`` field, or /new's): systems
        with several modes (spellfire's battle and game) get one engine per mode, made once."""
        base = engine_of(system)
        if mode is None:
            return base
        if not isinstance(mode, str):
            raise ServiceError(422, f"state.mode: expected a string, got {mode!r}", "state.mode")
        if (system, mode) not in by_mode:
            try:
                engine = make_engine(system, mode=mode)
            except (TypeError, ValueError, CombatZooError) as exc:
                raise ServiceError(422, f"mode {mode!r} of {system}: {exc}", "state.mode"
                                   ) from None
            by_mode[(system, mode)] = engine
        return by_mode[(system, mode)]

    def engine_of(system: str) -> Any:
        if system not in engines:
            raise ServiceError(404, f"unknown system {system!r}; known: {sorted(engines)}",
                               "system")
        return engines[system]

    def read_state(engine: Any, data: dict[str, Any]) -> Any:
        try:
            return engine.from_json(data)
        except StateError as exc:
            raise ServiceError(422, str(exc), exc.field) from None
        except (ValueError, TypeError, KeyError, AttributeError, IndexError) as exc:
            raise ServiceError(422, f"state: malformed ({type(exc).__name__}: {exc})",
                               "state") from None

    def legal_list(engine: Any, state: Any, p: int) -> list[dict[str, Any]]:
        return list(engine.legal_entries(state, p))

    def acting(engine: Any, state: Any) -> list[str]:
        return [f"player_{p}" for p in engine.to_act(state)]

    @app.get("/v1/health", summary="liveness and what is served")
    async def health() -> dict[str, Any]:
        return {"status": "ok", "api_version": API_VERSION, "systems": sorted(engines),
                "bots": len(registry.all())}

    @app.get("/v1/bots", summary="every bot, with the system it plays")
    async def bots() -> dict[str, Any]:
        return {"bots": [b.to_json() for b in registry.all()]}

    @app.post("/v1/{system}/new", response_model=NewResponse, summary="a fresh seeded state")
    async def new(system: str, response: Response, request: NewRequest | None = None
                  ) -> dict[str, Any]:
        start = time.perf_counter()
        engine = engine_for(system, None if request is None else request.mode)
        seed = 0 if request is None else request.seed
        state = engine.new_game(np.random.default_rng(seed))
        result = {"state": engine.to_json(state), "to_act": acting(engine, state)}
        timed(response, start)
        return result

    @app.post("/v1/{system}/legal", response_model=LegalResponse,
              summary="the legal actions of an agent, with labels")
    async def legal(system: str, response: Response, request: LegalRequest) -> dict[str, Any]:
        start = time.perf_counter()
        engine = engine_for(system, request.state.get("mode"))
        state = read_state(engine, request.state)
        p = _agent_index(request.agent, engine.spec.num_players)
        result = {"agent": request.agent, "to_act": p in engine.to_act(state),
                  "over": engine.is_over(state), "legal": legal_list(engine, state, p)}
        timed(response, start)
        return result

    @app.post("/v1/{system}/act", response_model=ActResponse,
              summary="a bot's action for an agent that must act now")
    async def act(system: str, response: Response, request: ActRequest) -> dict[str, Any]:
        start = time.perf_counter()
        engine = engine_for(system, request.state.get("mode"))
        bot = registry.get(system, request.bot)
        if bot.spaces not in (None, (engine.spec.obs_size, engine.spec.num_actions)):
            raise ServiceError(422, f"bot {bot.name} plays observations of size {bot.spaces[0]} "
                               f"and {bot.spaces[1]} actions; this state's mode has "
                               f"{engine.spec.obs_size} and {engine.spec.num_actions}", "bot")
        state = read_state(engine, request.state)
        p = _agent_index(request.agent, engine.spec.num_players)
        if engine.is_over(state):
            raise ServiceError(409, "the game is over; nobody acts", "state")
        if p not in engine.to_act(state):
            raise ServiceError(409, f"{request.agent} has nothing to decide now; to act: "
                               f"{acting(engine, state)}", "agent")
        agent = bot.agent
        mask = engine.legal_mask(state, p)
        observation = (engine.observe(state, p)
                       if getattr(agent, "needs_observation", True) else None)
        view = engine.view(state, p) if agent.needs_view else None
        agent.reset(request.seed)
        legal_ids = engine.legal_actions(state, p)
        if bot.kind in ("sb3", "onnx"):
            probs = agent.probabilities(observation, mask)
            if request.sample:
                weights = np.asarray([probs[a] for a in legal_ids], dtype=np.float64)
                rng = np.random.default_rng(request.seed)
                action = int(legal_ids[rng.choice(len(legal_ids), p=weights / weights.sum())])
            else:
                action = max(legal_ids, key=lambda a: (probs[a], -a))
            scores = {a: float(probs[a]) for a in legal_ids}
        else:
            action = int(agent.act(observation, mask, view))
            if bot.kind == "random":
                scores = {a: 1.0 / len(legal_ids) for a in legal_ids}
            else:
                scores = {a: float(a == action) for a in legal_ids}
        if action == NOOP or action not in legal_ids:
            raise ServiceError(500, f"bot {bot.name} chose illegal action {action}")
        ranked = sorted(legal_ids, key=lambda a: (-scores[a], a))
        result = {"agent": request.agent, "bot": bot.name, "action": action,
                  "label": engine.action_label(action, state, p),
                  "probabilities": [{"id": a, "label": engine.action_label(a, state, p),
                                     "probability": scores[a]} for a in ranked]}
        timed(response, start)
        return result

    @app.post("/v1/{system}/step", response_model=StepResponse,
              summary="apply one action per acting agent: the next state and the events")
    async def step(system: str, response: Response, request: StepRequest) -> dict[str, Any]:
        start = time.perf_counter()
        engine = engine_for(system, request.state.get("mode"))
        state = read_state(engine, request.state)
        if engine.is_over(state):
            raise ServiceError(409, "the game is over; nothing more can be played", "state")
        actions: dict[int, int] = {}
        for name, raw in request.actions.items():
            p = _agent_index(name, engine.spec.num_players)
            try:
                actions[p] = engine.codec.parse(raw)
            except ValueError as exc:
                raise ServiceError(422, f"actions.{name}: {exc}", f"actions.{name}") from None
        try:
            events = engine.apply(state, actions)
        except IllegalActionError as exc:
            p = int(exc.agent.rsplit("_", 1)[1]) if exc.agent.startswith("player_") else 0
            raise ServiceError(422, str(exc), f"actions.{exc.agent}",
                               legal=legal_list(engine, state, p)) from None
        over = engine.is_over(state)
        result = {"state": engine.to_json(state), "events": [e.to_json() for e in events],
                  "over": over, "to_act": acting(engine, state),
                  "returns": [float(r) for r in engine.returns(state)] if over else None}
        timed(response, start)
        return result

    if max_body_bytes > 0:
        app.add_middleware(BodyLimit, limit=max_body_bytes)
    return app


def app_from_environment() -> Any:
    """App factory for ``uvicorn --factory`` with several workers: settings come from
    ``COMBATZOO_SERVE`` (JSON: ``models``, ``max_body_bytes``, ``systems``)."""
    import os

    settings = json.loads(os.environ.get("COMBATZOO_SERVE", "{}"))
    return create_app(settings.get("models"),
                      max_body_bytes=int(settings.get("max_body_bytes", DEFAULT_MAX_BODY)),
                      systems=settings.get("systems"))
