"""The bot service for game frontends (DESIGN.md "Bot service for frontends"), on FastAPI.

Endpoints (``/openapi.json`` gives the schema; ``/docs`` is off, its scripts come from a CDN):

- ``GET /v1/health``: liveness, the systems and the number of bots.
- ``GET /v1/bots``: every bot by name, with the system it plays and its kind.
- ``POST /v1/{system}/new``: a fresh seeded state (to start a game without Python).
- ``POST /v1/{system}/legal``: state + agent -> the agent's legal actions with labels.
- ``POST /v1/{system}/act``: state + agent + bot (+ seed) -> action id, label, probabilities.
- ``POST /v1/{system}/step``: state + one action per acting agent -> next state + events
  (the rules arbiter).

Every refusal, and the 500 of a bug, is JSON ``{"error": "...", "field": ...}`` (``field`` where
one field is to blame, else null; a 500's traceback goes to the server log only); an illegal
action also lists the legal ones. Bodies over ``max_body_bytes`` get 413 before they are read.
Who may call it: ``security.py``; body limits: ``limits.py``; connection limits: ``server.py``.
Bots are loaded once at start-up, from a models folder of SB3 checkpoints (``.zip``) and ONNX
files (``.onnx`` with their model card from ``combatzoo export``), plus the built-in ``random``
and ``heuristic`` of every system; a request only names a bot, never sends one (SB3 files are
pickles).

Requests are handled one at a time per worker process (the handlers are ``async`` and never
wait), so bots need no locks and a seeded request always gives the same answer. Run more
processes with ``combatzoo serve --workers N`` to use more cores.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from .bots import BotRegistry
from .engines import Engines
from .errors import LOG, CatchAll, ServiceError
from .limits import DEFAULT_BODY_TIMEOUT, DEFAULT_MAX_BODY, BodyLimit
from .models import ErrorBody
from .play_page import add_play_page
from .routes import API_VERSION, add_routes
from .security import BearerAuth, Cors, HostCheck

UNION_TAGS = ("int", "str")
"""The branch names pydantic puts after a field of a union type (``int | str``)."""


def create_app(models_dir: str | Path | None = None, *, max_body_bytes: int = DEFAULT_MAX_BODY,
               systems: list[str] | None = None, trust_pickle: bool = False,
               token: str | None = None, cors_origins: Iterable[str] = (),
               allowed_hosts: Iterable[str] | None = None,
               body_timeout: float = DEFAULT_BODY_TIMEOUT) -> Any:
    """The FastAPI app serving ``systems`` (default: every registered one) with the built-in
    bots and those of ``models_dir``. Engines and bots are loaded here, once (raises
    :class:`~combatzoo.agents.service.errors.BotLoadError`).

    ``token``: the bearer token every ``/v1`` endpoint but health asks for (``None``: open);
    ``cors_origins``: the browser origins allowed to call it; ``allowed_hosts``: the Host names
    it answers to (``None``: any; ``combatzoo serve`` gives the loopback names when bound to
    loopback); ``body_timeout``: seconds a client has to send a request body.
    """
    engines = Engines(systems)
    registry = BotRegistry(list(engines.default), models_dir, trust_pickle=trust_pickle)
    errors: dict[int | str, dict[str, Any]] = {
        code: {"model": ErrorBody} for code in (400, 401, 404, 408, 409, 413, 422, 500)}
    # /docs and /redoc load their scripts from a CDN, so they fail offline (issue 16): off.
    app = FastAPI(title="combatzoo bot service", version=str(API_VERSION),
                  description=__doc__ or "", responses=errors, docs_url=None, redoc_url=None)
    app.add_exception_handler(ServiceError, _service_error)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, _invalid)  # type: ignore[arg-type]
    app.add_exception_handler(HTTPException, _http_error)  # type: ignore[arg-type]
    app.add_exception_handler(Exception, _internal)
    add_routes(app, engines, registry)
    add_play_page(app, engines)  # the browser table at /play (issue 18)
    # Innermost first: each add_middleware wraps the ones before it.
    app.add_middleware(CatchAll)
    app.add_middleware(BodyLimit, limit=max_body_bytes, timeout=body_timeout)
    if token:
        app.add_middleware(BearerAuth, token=token)
    origins = list(cors_origins)
    if origins:
        app.add_middleware(Cors, origins=origins)
    if allowed_hosts is not None:
        app.add_middleware(HostCheck, hosts=allowed_hosts)
    return app


async def _service_error(_request: Request, exc: ServiceError) -> JSONResponse:
    return JSONResponse(exc.body, status_code=exc.status)


async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
    """A body that is not JSON is 400; one that does not fit the schema 422, naming the field."""
    first = exc.errors()[0] if exc.errors() else {}
    loc = [str(x) for x in first.get("loc", ()) if x != "body"]
    if len(loc) > 1 and loc[-1] in UNION_TAGS:  # "actions.player_0.int": pydantic's branch name
        loc.pop()
    field = ".".join(loc) or "body"
    if first.get("type") == "json_invalid":
        ctx = first.get("ctx", {})
        return JSONResponse({"error": f"malformed JSON: {ctx.get('error', 'cannot parse')}",
                             "field": "body"}, status_code=400)
    message = f"{field}: {first.get('msg', 'invalid')}"
    return JSONResponse({"error": message, "field": field}, status_code=422)


async def _http_error(request: Request, exc: HTTPException) -> JSONResponse:
    """Starlette's own refusals (no such path, method not allowed) in the error shape."""
    where = f"{request.method} {request.url.path}"
    if exc.status_code == 404:
        message = f"no endpoint {where}; the API is under /v1 (schema: /openapi.json)"
    elif exc.status_code == 405:
        allowed = (exc.headers or {}).get("Allow", "")
        message = f"method not allowed: {where}; allowed: {allowed}"
    else:
        message = str(exc.detail)
    return JSONResponse({"error": message, "field": None}, status_code=exc.status_code,
                        headers=exc.headers)


async def _internal(request: Request, exc: Exception) -> JSONResponse:
    """Last resort, outside every middleware: the client gets the error shape, the log the
    traceback (Starlette re-raises it to the server after this answer)."""
    LOG.error("internal error on %s %s: %r", request.method, request.url.path, exc)
    return JSONResponse({"error": "internal error", "field": None}, status_code=500)


def app_from_environment() -> Any:
    """App factory for ``uvicorn --factory`` with several workers: settings come from
    ``COMBATZOO_SERVE`` (JSON: the keyword arguments of :func:`create_app`, and ``models``),
    the token from ``COMBATZOO_TOKEN``."""
    import os

    settings = json.loads(os.environ.get("COMBATZOO_SERVE", "{}"))
    models = settings.pop("models", None)
    return create_app(models, token=os.environ.get("COMBATZOO_TOKEN") or None, **settings)
