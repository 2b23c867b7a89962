"""The body limits of the bot service: an ASGI middleware that reads each request body whole
before the app sees it, and refuses it with the error shape when it is too large (413, declared
with ``Content-Length`` or streamed), too slow to arrive (408, issue 16: half-sent requests were
held open for ever), nested too deep or holding numbers the engines cannot take (see
:mod:`.bodycheck`)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from .bodycheck import MAX_DEPTH, BodyProblem, check_body
from .errors import Message, Receive, Scope, Send, send_error

DEFAULT_MAX_BODY = 1 << 20
"""Bytes a request body may have by default (``combatzoo serve --max-body-bytes``)."""

DEFAULT_BODY_TIMEOUT = 10.0
"""Seconds a client has to send a whole request body (``combatzoo serve --request-timeout``)."""


class _Refused(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class BodyLimit:
    """ASGI middleware: a request body over ``limit`` bytes gets 413, one not sent in full within
    ``timeout`` seconds 408 (both read no further and close the connection); a complete body
    must pass :func:`~.bodycheck.check_body` (400 or 422) before the app reads it."""

    def __init__(self, app: Any, limit: int, timeout: float = DEFAULT_BODY_TIMEOUT,
                 max_depth: int = MAX_DEPTH) -> None:
        if limit <= 0:
            raise ValueError(f"body limit must be positive, got {limit}")
        self.app = app
        self.limit = limit
        self.timeout = timeout
        self.max_depth = max_depth

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        try:
            body = await self._read(scope, receive)
        except _Refused as refused:
            await send_error(send, refused.status, str(refused), "body", close=True)
            return
        if body is None:
            return  # the client went away
        if body:
            try:
                check_body(body, self.max_depth)
            except BodyProblem as problem:
                await send_error(send, problem.status, str(problem), problem.field)
                return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _read(self, scope: Scope, receive: Receive) -> bytes | None:
        """The whole body (at most ``limit`` bytes are held), so that a chunked upload with no
        Content-Length is refused as surely as a declared one."""
        for key, value in scope.get("headers", ()):
            if key == b"content-length" and value.isdigit() and int(value) > self.limit:
                raise _Refused(413, f"request body over {self.limit} bytes")
        deadline = time.monotonic() + self.timeout
        chunks: list[bytes] = []
        seen = 0
        while True:
            try:
                message = await asyncio.wait_for(receive(), max(deadline - time.monotonic(), 0))
            except asyncio.TimeoutError:
                raise _Refused(408, f"request body not received within {self.timeout:g} s"
                               ) from None
            if message["type"] != "http.request":
                return None
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > self.limit:
                raise _Refused(413, f"request body over {self.limit} bytes")
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)
