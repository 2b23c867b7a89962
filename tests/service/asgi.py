"""An in-process client for the service's ASGI app: the request goes through every middleware
and route exactly as uvicorn would hand it over, without a socket (fast enough for fuzzing).

Starlette's ``TestClient`` would do the same but needs ``httpx``, which is not a dependency of
the project; this is the few lines of it the tests need.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable
from typing import Any


class Answer:
    """One response: status, headers (lower-case names) and the body, parsed when JSON."""

    def __init__(self, status: int, headers: list[tuple[bytes, bytes]], body: bytes) -> None:
        self.status = status
        self.headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in headers}
        self.raw = body
        try:
            self.json: Any = json.loads(body) if body else None
        except ValueError:
            self.json = None

    def __repr__(self) -> str:
        return f"<{self.status} {self.raw[:300]!r}>"


class AsgiClient:
    """Sends requests to ``app`` in-process; ``host`` is the Host header sent by default."""

    def __init__(self, app: Any, host: str = "127.0.0.1:8000") -> None:
        self.app = app
        self.host = host
        self.loop = asyncio.new_event_loop()

    def close(self) -> None:
        self.loop.close()

    def request(self, method: str, path: str, body: Any = None, *, raw: bytes | None = None,
                headers: dict[str, str] | None = None,
                chunks: Iterable[bytes] | None = None) -> Answer:
        """``body`` is sent as JSON (``raw`` as it is; ``chunks`` one message each)."""
        data = raw if raw is not None else (b"" if body is None else json.dumps(body).encode())
        sent = {"host": self.host, "content-type": "application/json", **(headers or {})}
        if chunks is None and data:
            sent.setdefault("content-length", str(len(data)))
        pieces = list(chunks) if chunks is not None else [data]
        return self.loop.run_until_complete(self._call(method, path, sent, pieces))

    def post(self, path: str, body: Any = None, **kw: Any) -> Answer:
        return self.request("POST", path, body, **kw)

    def get(self, path: str, **kw: Any) -> Answer:
        return self.request("GET", path, **kw)

    async def _call(self, method: str, path: str, headers: dict[str, str],
                    pieces: list[bytes]) -> Answer:
        path_only, _, query = path.partition("?")
        scope = {"type": "http", "asgi": {"version": "3.0", "spec_version": "2.3"},
                 "http_version": "1.1", "method": method, "scheme": "http", "path": path_only,
                 "raw_path": path_only.encode(), "query_string": query.encode(),
                 "root_path": "", "server": ("127.0.0.1", 8000), "client": ("127.0.0.1", 5000),
                 "headers": [(k.lower().encode("latin-1"), v.encode("latin-1"))
                             for k, v in headers.items()]}
        messages = [{"type": "http.request", "body": p, "more_body": i < len(pieces) - 1}
                    for i, p in enumerate(pieces)]
        status, out_headers, body = 0, [], bytearray()

        async def receive() -> dict[str, Any]:
            if messages:
                return messages.pop(0)
            await asyncio.sleep(3600)  # a client that sends nothing more
            return {"type": "http.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            nonlocal status, out_headers
            if message["type"] == "http.response.start":
                status, out_headers = message["status"], list(message.get("headers", []))
            elif message["type"] == "http.response.body":
                body.extend(message.get("body", b""))

        await self.app(scope, receive, send)
        return Answer(status, out_headers, bytes(body))
