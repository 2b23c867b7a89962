"""How ``combatzoo serve`` holds connections (issue 16: half-sent requests were held open for
ever, and 150 idle connections starved the health check): uvicorn's h11 protocol with

- a header timeout: a connection must send complete request headers within ``header_timeout``
  seconds of opening, or of the first byte of its next request, else it is closed, with a 408
  in the error shape when part of a request had come (uvicorn's own keep-alive timeout only
  runs between requests, and any byte stops it);
- a concurrency limit: over ``limit_concurrency`` open connections or requests in flight a
  request gets 503 in the error shape (uvicorn's own answer is plain text);
- invalid HTTP (h11's refusal, headers over :data:`MAX_HEADER_BYTES` included) answered 400 in
  the error shape (uvicorn's is plain text).

The body has its own timeout, in :class:`~.limits.BodyLimit`.
"""

from __future__ import annotations

import asyncio
import os
import socket
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from .errors import LOG, Receive, Scope, Send, error_body, send_error

DEFAULT_MAX_CONCURRENCY = 64
"""Open connections (idle ones included) and requests in flight per worker process."""

DEFAULT_REQUEST_TIMEOUT = 10.0
"""Seconds a client has to send its request headers, and again its body."""

DEFAULT_KEEP_ALIVE = 5
"""Seconds an idle keep-alive connection is held after an answer (uvicorn's default)."""

MAX_HEADER_BYTES = 16 * 1024
"""The largest request line plus headers h11 accepts."""

HEADER_TIMEOUT_ENV = "COMBATZOO_HEADER_TIMEOUT"
"""Where worker processes read the header timeout (the protocol is built by uvicorn)."""


class ConcurrencyGate:
    """ASGI wrapper: 503 while ``state`` has more than ``limit`` connections or tasks (this
    request's own connection and task are counted, hence "more than")."""

    def __init__(self, app: Any, limit: int, state: Any) -> None:
        self.app = app
        self.limit = limit
        self.state = state

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        busy = len(self.state.connections) > self.limit or len(self.state.tasks) > self.limit
        if scope["type"] == "http" and busy:
            LOG.warning("over the concurrency limit (%d)", self.limit)
            await send_error(send, 503, f"busy: over {self.limit} connections or requests at "
                             f"once; try again shortly", None, close=True)
            return
        await self.app(scope, receive, send)


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with the header timeout, the JSON concurrency refusal and the
    JSON 400 of the module docstring."""

    def __init__(self, config: Any, server_state: Any, app_state: dict[str, Any],
                 _loop: asyncio.AbstractEventLoop | None = None) -> None:
        super().__init__(config, server_state, app_state, _loop)
        if self.limit_concurrency is not None:
            self.app = ConcurrencyGate(self.app, self.limit_concurrency, server_state)
            self.limit_concurrency = None  # the gate answers instead, in the error shape
        self.header_timeout = float(os.environ.get(HEADER_TIMEOUT_ENV, DEFAULT_REQUEST_TIMEOUT))
        self._header_timer: asyncio.TimerHandle | None = None

    def _arm_header_timer(self) -> None:
        self._cancel_header_timer()
        self._header_timer = self.loop.call_later(self.header_timeout, self._headers_late)

    def _cancel_header_timer(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _between_requests(self) -> bool:
        """No request's headers are complete: the client owes the next ones."""
        return self.conn.their_state is h11.IDLE and (
            self.cycle is None or self.cycle.response_complete)

    def _headers_late(self) -> None:
        self._header_timer = None
        if self.transport.is_closing() or not self._between_requests():
            return
        if self.conn.trailing_data[0]:  # part of a request came, too slowly
            body = error_body(f"request headers not received within {self.header_timeout:g} s",
                              None)
            self.transport.write(b"HTTP/1.1 408 Request Timeout\r\ncontent-type: "
                                 b"application/json\r\ncontent-length: " + str(len(body)).encode()
                                 + b"\r\nconnection: close\r\n\r\n" + body)
        self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm_header_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_header_timer()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if not self._between_requests():
            self._cancel_header_timer()  # the headers came: the body timeout takes over
        elif self._header_timer is None and not self.transport.is_closing():
            self._arm_header_timer()  # the first bytes of a kept-alive connection's next request

    def on_response_complete(self) -> None:
        self._cancel_header_timer()  # idle again: uvicorn's keep-alive timeout applies
        super().on_response_complete()

    def send_400_response(self, msg: str) -> None:
        body = error_body("invalid HTTP request (h11 could not parse it)", None)
        headers = [(b"content-type", b"application/json"),
                   (b"content-length", str(len(body)).encode()), (b"connection", b"close")]
        self.transport.write(self.conn.send(h11.Response(status_code=400, headers=headers,
                                                         reason=b"Bad Request")) or b"")
        self.transport.write(self.conn.send(h11.Data(data=body)) or b"")
        self.transport.write(self.conn.send(h11.EndOfMessage()) or b"")
        self.transport.close()


def check_listen(host: str, port: int) -> None:
    """Raise ``OSError`` naming the address when ``host:port`` cannot be listened on (in use,
    or no such address), before anything is loaded (uvicorn would only log it)."""
    if port == 0:
        return
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        with socket.create_server((host, port), family=family):
            pass
    except OSError as exc:
        raise OSError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None


def run_server(app: Any, *, host: str, port: int, workers: int, log_level: str,
               max_concurrency: int = DEFAULT_MAX_CONCURRENCY,
               request_timeout: float = DEFAULT_REQUEST_TIMEOUT,
               keep_alive: int = DEFAULT_KEEP_ALIVE) -> None:
    """Serve ``app`` (with several workers: the import string of an app factory) on uvicorn with
    the limits above."""
    import uvicorn

    os.environ[HEADER_TIMEOUT_ENV] = str(request_timeout)  # read by every worker's protocol
    options: dict[str, Any] = {
        "host": host, "port": port, "log_level": log_level, "http": GuardedH11Protocol,
        "limit_concurrency": max_concurrency, "timeout_keep_alive": keep_alive,
        "h11_max_incomplete_event_size": MAX_HEADER_BYTES}
    if workers == 1:
        uvicorn.run(app, **options)
    else:
        uvicorn.run(app, factory=True, workers=workers, **options)
