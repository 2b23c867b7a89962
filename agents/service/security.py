"""Who may call the bot service (issue 16): a Host-header check for a service bound to loopback
(DNS rebinding), bearer-token auth, and CORS for browser frontends on other origins. Each is an
ASGI middleware whose refusals have the service's error shape."""

from __future__ import annotations

import hmac
import ipaddress
from collections.abc import Iterable
from typing import Any

from starlette.datastructures import Headers
from starlette.middleware.cors import CORSMiddleware
from starlette.responses import JSONResponse, Response

from .errors import Receive, Scope, Send, send_error

LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "::1")
"""The Host names a loopback-bound service answers to (any port)."""

PUBLIC_PATHS = ("/v1/health",)
"""The /v1 endpoints that need no token (liveness probes)."""


def is_loopback(host: str) -> bool:
    """Whether ``host`` (an address or a name to bind) is reachable from this machine only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def host_name(header: str) -> str:
    """The name in a Host header, without its port: ``[::1]:8000`` -> ``::1``."""
    if header.startswith("["):
        return header[1:].split("]", 1)[0]
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


class HostCheck:
    """ASGI middleware: a request whose Host header names none of ``hosts`` (any port) gets
    400. A web page on a rebound DNS name (``evil.example`` -> 127.0.0.1) sends its own name as
    the Host, so it cannot reach a loopback service through the victim's browser."""

    def __init__(self, app: Any, hosts: Iterable[str]) -> None:
        self.app = app
        self.hosts = {h.lower() for h in hosts}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            header = Headers(scope=scope).get("host", "")
            if host_name(header).lower() not in self.hosts:
                await send_error(send, 400, f"Host {header!r} is not served here; this service "
                                 f"answers to {sorted(self.hosts)}", "host", close=True)
                return
        await self.app(scope, receive, send)


class BearerAuth:
    """ASGI middleware: every ``/v1`` path but :data:`PUBLIC_PATHS` needs
    ``Authorization: Bearer <token>``, compared in constant time; otherwise 401."""

    def __init__(self, app: Any, token: str) -> None:
        if not token or not token.isascii() or not token.isprintable() or " " in token:
            raise ValueError("the token must be non-empty printable ASCII without spaces")
        self.app = app
        self.token = token.encode()

    def _authorized(self, scope: Scope) -> bool:
        scheme, _, given = Headers(scope=scope).get("authorization", "").partition(" ")
        return scheme.lower() == "bearer" and hmac.compare_digest(
            given.strip().encode("latin-1"), self.token)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if (scope["type"] == "http" and path.startswith("/v1/") and path not in PUBLIC_PATHS
                and not self._authorized(scope)):
            await send_error(send, 401, "missing or wrong token: send 'Authorization: Bearer "
                             "<token>'", "authorization",
                             headers=[(b"www-authenticate", b"Bearer")], close=True)
            return
        await self.app(scope, receive, send)


class Cors(CORSMiddleware):
    """Starlette's CORS middleware whose refused preflight is in the error shape and carries no
    CORS header, so a browser on an unlisted origin is told nothing it could use."""

    def __init__(self, app: Any, origins: Iterable[str]) -> None:
        super().__init__(app, allow_origins=list(origins), allow_methods=["GET", "POST"],
                         allow_headers=["Authorization", "Content-Type"],
                         expose_headers=["Server-Timing"])

    def preflight_response(self, request_headers: Headers) -> Response:
        response = super().preflight_response(request_headers)
        if response.status_code == 200:
            return response
        what = bytes(response.body).decode().removeprefix("Disallowed CORS ")
        return JSONResponse({"error": f"CORS preflight refused: {what} not allowed",
                             "field": what.split(",")[0]}, status_code=400,
                            headers={"Vary": "Origin"})
