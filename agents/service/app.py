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
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from .bots import BotRegistry
from .engines import Engines
from .errors import ServiceError
from .limits import DEFAULT_MAX_BODY, BodyLimit
from .models import ErrorBody
from .routes import API_VERSION, add_routes


def create_app(models_dir: str | Path | None = None, *, max_body_bytes: int = DEFAULT_MAX_BODY,
               systems: list[str] | None = None) -> Any:
    """The FastAPI app serving ``systems`` (default: every registered one) with the built-in
    bots and those of ``models_dir``. Engines and bots are loaded here, once (raises
    :class:`~combatzoo.agents.service.errors.BotLoadError`)."""
    engines = Engines(systems)
    registry = BotRegistry(list(engines.default), models_dir)
    errors: dict[int | str, dict[str, Any]] = {
        code: {"model": ErrorBody} for code in (400, 404, 409, 413, 422)}
    app = FastAPI(title="combatzoo bot service", version=str(API_VERSION),
                  description=__doc__ or "", responses=errors)
    app.add_exception_handler(ServiceError, _service_error)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, _invalid)  # type: ignore[arg-type]
    add_routes(app, engines, registry)
    __import__(f"{__package__}.play_page", fromlist=["_"]).add_play_page(app, engines)
    if max_body_bytes > 0:
        app.add_middleware(BodyLimit, limit=max_body_bytes)
    return app


async def _service_error(_request: Request, exc: ServiceError) -> JSONResponse:
    return JSONResponse(exc.body, status_code=exc.status)


async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
    """A body that is not JSON is 400; one that does not fit the schema 422, naming the field."""
    first = exc.errors()[0] if exc.errors() else {}
    loc = [str(x) for x in first.get("loc", ()) if x != "body"]
    field = ".".join(loc) or "body"
    if first.get("type") == "json_invalid":
        ctx = first.get("ctx", {})
        return JSONResponse({"error": f"malformed JSON: {ctx.get('error', 'cannot parse')}",
                             "field": "body"}, status_code=400)
    message = f"{field}: {first.get('msg', 'invalid')}"
    return JSONResponse({"error": message, "field": field}, status_code=422)


def app_from_environment() -> Any:
    """App factory for ``uvicorn --factory`` with several workers: settings come from
    ``COMBATZOO_SERVE`` (JSON: ``models``, ``max_body_bytes``, ``systems``)."""
    import os

    settings = json.loads(os.environ.get("COMBATZOO_SERVE", "{}"))
    return create_app(settings.get("models"),
                      max_body_bytes=int(settings.get("max_body_bytes", DEFAULT_MAX_BODY)),
                      systems=settings.get("systems"))
