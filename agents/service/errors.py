"""How the bot service says no: a refused request, a bot that cannot be served, and the one JSON
shape every refusal has, ``{"error": "...", "field": ...}`` (issue 16: 404, 405, 413, 500 and
the middlewares' refusals included), written here once."""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, MutableMapping, Sequence
from typing import Any

from ...envs.core.errors import CombatZooError

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

LOG = logging.getLogger("combatzoo.service")
"""Where the service logs what the client is not told (the traceback of a 500)."""


class ServiceError(Exception):
    """A request the service refuses: ``status`` and a JSON body naming what was wrong."""

    def __init__(self, status: int, message: str, field: str | None = None,
                 **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.body: dict[str, Any] = {"error": message, "field": field}
        self.body.update(extra)


class BotLoadError(CombatZooError):
    """A file in the models folder cannot be served (the message names the file)."""


def error_body(message: str, field: str | None) -> bytes:
    """The JSON bytes of a refusal."""
    return json.dumps({"error": message, "field": field}).encode()


async def send_error(send: Send, status: int, message: str, field: str | None,
                     headers: Sequence[tuple[bytes, bytes]] = (), close: bool = False) -> None:
    """Answer a refusal from an ASGI middleware (outside FastAPI's own error handlers)."""
    body = error_body(message, field)
    out = [(b"content-type", b"application/json"),
           (b"content-length", str(len(body)).encode()), *headers]
    if close:  # the request body was not read: the connection cannot carry another request
        out.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": out})
    await send({"type": "http.response.body", "body": body})


class CatchAll:
    """ASGI middleware, innermost: an exception no route turned into a refusal becomes a 500
    in the error shape; its traceback goes to the server's log only, never to the client."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def watch(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watch)
        except Exception:
            LOG.exception("internal error on %s %s", scope.get("method"), scope.get("path"))
            if not started:
                await send_error(send, 500, "internal error", None)
