"""``combatzoo loadtest``: a bounded load test of a running bot service.

``combatzoo loadtest --url http://127.0.0.1:8000 --bot las --clients 50 --requests 50`` opens 50
keep-alive connections and sends 50 ``act`` requests on each, all at once, with states recorded
from seeded random games of the system (every one a position where the agent must act). It
prints the client-side latency (p50 / p90 / p99 / max: what a frontend waits, queueing
included), the service's own time per decision (the ``Server-Timing`` header: parse the state,
observe, run the bot, answer) and the throughput. Every answer must be 200 with a legal action.

The client is plain asyncio (HTTP/1.1, ``Content-Length`` bodies), so it costs the machine
little next to the service it measures; still, on a small machine the two share the cores.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from typing import Any
from urllib.parse import urlsplit

import numpy as np

from ..envs.core.jsonio import dumps
from .common import UserError, non_negative_int, positive_int, write_output


def record_requests(system: str, bot: str, count: int, seed: int) -> list[tuple[bytes, set[int]]]:
    """``count`` act-request bodies (and the legal ids of each) from seeded random games."""
    from ..envs import make_engine

    engine = make_engine(system)
    rng = np.random.default_rng(seed)
    out: list[tuple[bytes, set[int]]] = []
    while len(out) < count:
        state = engine.new_game(rng)
        while not engine.is_over(state) and len(out) < count:
            actions = {}
            for p in engine.to_act(state):
                legal = engine.legal_actions(state, p)
                body = {"state": engine.to_json(state), "agent": f"player_{p}", "bot": bot}
                out.append((json.dumps(body).encode(), set(legal)))
                actions[p] = int(rng.choice(legal))
            engine.apply(state, actions)
    return out


async def _client(host: str, port: int, path: str, bodies: list[tuple[bytes, set[int]]],
                  latencies: list[float], server_ms: list[float], failures: list[str]) -> None:
    reader, writer = await asyncio.open_connection(host, port)
    try:
        for body, legal in bodies:
            head = (f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
                    f"Content-Length: {len(body)}\r\n\r\n").encode()
            start = time.perf_counter()
            writer.write(head + body)
            await writer.drain()
            status_line = await reader.readline()
            headers: dict[str, str] = {}
            while True:
                line = await reader.readline()
                if line in (b"\r\n", b""):
                    break
                key, _, value = line.decode("latin-1").partition(":")
                headers[key.strip().lower()] = value.strip()
            payload = await reader.readexactly(int(headers.get("content-length", "0")))
            latencies.append(time.perf_counter() - start)
            status = int(status_line.split()[1]) if status_line else 0
            if status != 200:
                failures.append(f"HTTP {status}: {payload[:200]!r}")
                continue
            action = json.loads(payload).get("action")
            if action not in legal:
                failures.append(f"illegal action {action} (legal {sorted(legal)})")
            timing = headers.get("server-timing", "")
            if timing.startswith("app;dur="):
                server_ms.append(float(timing.split("=", 1)[1]))
    finally:
        writer.close()


async def _run(url: str, system: str, clients: int,
               per_client: list[list[tuple[bytes, set[int]]]]) -> dict[str, Any]:
    host, port, base = _split_url(url)
    path = f"{base}/v1/{system}/act"
    latencies: list[float] = []
    server_ms: list[float] = []
    failures: list[str] = []
    start = time.perf_counter()
    await asyncio.gather(*(_client(host, port, path, bodies, latencies, server_ms, failures)
                           for bodies in per_client[:clients]))
    wall = time.perf_counter() - start
    lat = np.array(latencies) * 1e3
    srv = np.array(server_ms) if server_ms else np.zeros(1)
    return {
        "requests": len(latencies), "failures": len(failures), "first_failures": failures[:5],
        "wall_s": round(wall, 3), "requests_per_s": round(len(latencies) / wall, 1),
        "latency_ms": {q: round(float(np.percentile(lat, p)), 2)
                       for q, p in (("p50", 50), ("p90", 90), ("p99", 99), ("max", 100))},
        "server_ms": {q: round(float(np.percentile(srv, p)), 3)
                      for q, p in (("p50", 50), ("p99", 99), ("max", 100))},
    }


def loadtest(url: str, system: str, bot: str, clients: int, requests: int, seed: int = 0,
             log: Any = None) -> dict[str, Any]:
    """Run the load test; returns the figures printed by the command."""
    say = log or (lambda _m: None)
    distinct = min(clients * requests, 2000)
    say(f"recording {distinct} {system} positions (seed {seed})")
    recorded = record_requests(system, bot, distinct, seed)
    per_client = [[recorded[(c * requests + i) % distinct] for i in range(requests)]
                  for c in range(clients)]
    say("warming up")
    asyncio.run(_run(url, system, 1, [recorded[:20]]))
    say(f"{clients} clients x {requests} act requests for bot {bot!r}")
    try:
        result = asyncio.run(_run(url, system, clients, per_client))
    except OSError as exc:
        raise UserError(f"cannot reach the service at {url}: {exc}") from None
    result.update({"url": url, "system": system, "bot": bot, "clients": clients,
                   "requests_per_client": requests})
    return result


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "loadtest", help="bounded load test of a running bot service (latency percentiles)",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--url", default="http://127.0.0.1:8000", help="the service's base URL")
    p.add_argument("--system", default="land_air_sea")
    p.add_argument("--bot", required=True, help="a bot name from GET /v1/bots")
    p.add_argument("--clients", type=positive_int, default=50, help="concurrent connections")
    p.add_argument("--requests", type=positive_int, default=50,
                   help="act requests per connection")
    p.add_argument("--seed", type=non_negative_int, default=0,
                   help="seed of the recorded positions")
    p.add_argument("--json", default=None, metavar="FILE", help="also write the figures here")
    p.set_defaults(func=run)
    return p


def run(args: argparse.Namespace) -> int:
    if args.clients < 1 or args.requests < 1:
        raise UserError("--clients and --requests must be 1 or more")
    try:
        asyncio.run(_probe(args.url))
    except OSError as exc:
        raise UserError(f"cannot reach the service at {args.url}: {exc}") from None
    result = loadtest(args.url, args.system, args.bot, args.clients, args.requests, args.seed,
                      log=print)
    lat, srv = result["latency_ms"], result["server_ms"]
    print(f"{result['requests']} requests, {result['failures']} failed, "
          f"{result['requests_per_s']} requests/s")
    print(f"client latency ms: p50 {lat['p50']}  p90 {lat['p90']}  p99 {lat['p99']}  "
          f"max {lat['max']}")
    print(f"service time per decision ms: p50 {srv['p50']}  p99 {srv['p99']}  max {srv['max']}")
    for failure in result["first_failures"]:
        print(f"  failure: {failure}")
    if args.json:
        write_output(args.json, dumps(result), "--json")
    return 1 if result["failures"] else 0


async def _probe(url: str) -> None:
    host, port, _base = _split_url(url)
    _reader, writer = await asyncio.open_connection(host, port)
    writer.close()


def _split_url(url: str) -> tuple[str, int, str]:
    """``http://HOST:PORT/prefix`` -> ``(HOST, PORT, "/prefix")``; anything else is a user error."""
    parts = urlsplit(url)
    if parts.scheme != "http" or not parts.hostname:
        raise UserError(f"--url {url}: expected http://HOST:PORT")
    return parts.hostname, parts.port or 80, parts.path.rstrip("/")
