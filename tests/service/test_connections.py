"""The service's connection limits and access checks over real sockets (issue 16): a
`combatzoo serve` with a 1-second request timeout, at most 3 connections, a token and one CORS
origin. Idle and half-sent requests are cut, a crowd gets 503, bad HTTP and foreign Host
headers get 400, all in the error shape; and the flags refuse nonsense in one line."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest
from combatzoo.training.cli import main

from tests.scripting import free_port

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")

TOKEN = "t0ken-for-tests"
ORIGIN = "http://app.example"



def exchange(port: int, data: bytes, wait: float = 8.0) -> tuple[float, bytes]:
    """Send ``data`` on a fresh connection and read until the server closes it (or ``wait``
    runs out: then the bytes end in ``<open>``); also how long that took."""
    start = time.monotonic()
    with socket.create_connection(("127.0.0.1", port)) as s:
        s.settimeout(wait)
        if data:
            s.sendall(data)
        out = b""
        try:
            while chunk := s.recv(65536):
                out += chunk
        except TimeoutError:
            out += b"<open>"
    return time.monotonic() - start, out


def parse(reply: bytes) -> tuple[int, dict[str, str], object]:
    head, _, body = reply.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    parsed = json.loads(body) if "json" in headers.get("content-type", "") else body
    return int(lines[0].split()[1]), headers, parsed


def get(port: int, path: str, *headers: str, host: str = "127.0.0.1",
        method: str = "GET") -> tuple[int, dict[str, str], object]:
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}", "Connection: close", *headers]
    return parse(exchange(port, ("\r\n".join(lines) + "\r\n\r\n").encode())[1])


def assert_shape(body: object, field: str | None) -> None:
    assert isinstance(body, dict) and set(body) == {"error", "field"}, body
    assert body["field"] == field and body["error"], body


@pytest.fixture(scope="module")
def port() -> Iterator[int]:
    port = free_port()
    env = {**os.environ, "COMBATZOO_TOKEN": TOKEN}
    proc = subprocess.Popen([sys.executable, "-m", "combatzoo.training.cli", "serve", "--port",
                             str(port), "--system", "land_air_sea", "--request-timeout", "1",
                             "--max-concurrency", "3", "--cors-origin", ORIGIN],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.monotonic() + 120
    while True:
        try:
            if get(port, "/v1/health")[0] == 200:
                break
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail(f"combatzoo serve did not come up: {proc.stdout and proc.stdout.read()}")
        time.sleep(0.2)
    yield port
    proc.terminate()
    proc.wait(timeout=30)


def test_an_idle_connection_is_closed(port: int) -> None:
    took, reply = exchange(port, b"")
    assert reply == b"" and took < 5  # closed after the 1-second request timeout


def test_half_sent_headers_get_408_and_are_closed(port: int) -> None:
    took, reply = exchange(port, b"GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    status, _, body = parse(reply)
    assert status == 408 and took < 5
    assert_shape(body, None)


def test_a_slow_body_gets_408(port: int) -> None:
    request = (b"POST /v1/land_air_sea/new HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "
               + TOKEN.encode() + b"\r\nContent-Length: 100\r\n\r\n{\"seed\"")
    took, reply = exchange(port, request)
    status, headers, body = parse(reply)
    assert status == 408 and took < 5 and headers["connection"] == "close"
    assert_shape(body, "body")


def test_a_crowd_over_the_limit_gets_503_then_the_service_recovers(port: int) -> None:
    idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(3)]
    try:
        status, _, body = get(port, "/v1/health")
        assert status == 503
        assert_shape(body, None)
    finally:
        for s in idle:
            s.close()
    time.sleep(0.3)
    assert get(port, "/v1/health")[0] == 200


@pytest.mark.parametrize("request_bytes", [b"GARBAGE\r\n\r\n",
                                           b"GET / HTTP/1.1\r\nContent-Length: x\r\n\r\n",
                                           b"GET /v1/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n"
                                           b"\r\n"])
def test_invalid_http_gets_400_in_the_shape(port: int, request_bytes: bytes) -> None:
    status, _, body = parse(exchange(port, request_bytes)[1])
    assert status == 400
    assert_shape(body, None)


def test_headers_over_the_limit_sent_slowly_get_400(port: int) -> None:
    with socket.create_connection(("127.0.0.1", port)) as s:
        s.settimeout(8)
        s.sendall(b"GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ")
        reply = b""
        try:
            for _ in range(20):  # 20 KiB of one header, never finished: over h11's 16 KiB
                s.sendall(b"a" * 1024)
                time.sleep(0.01)
        except OSError:
            pass  # refused before the end
        while chunk := s.recv(65536):
            reply += chunk
    status, _, body = parse(reply)
    assert status in (400, 408)  # refused as too large, or cut by the timeout
    assert_shape(body, None)


def test_only_loopback_host_names_are_answered(port: int) -> None:
    for host in ("127.0.0.1", f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}",
                 "LOCALHOST"):
        assert get(port, "/v1/health", host=host)[0] == 200, host
    for host in ("evil.example", f"evil.example:{port}", "127.0.0.1.evil.example", ""):
        status, _, body = get(port, "/v1/health", host=host)
        assert status == 400, host
        assert_shape(body, "host")


def test_the_token_guards_every_endpoint_but_health(port: int) -> None:
    assert get(port, "/v1/health")[0] == 200
    for header in ((), ("Authorization: Bearer wrong",), (f"Authorization: Basic {TOKEN}",),
                   ("Authorization: Bearer",)):
        status, headers, body = get(port, "/v1/bots", *header)
        assert status == 401 and headers["www-authenticate"] == "Bearer"
        assert_shape(body, "authorization")
    assert get(port, "/v1/bots", f"Authorization: Bearer {TOKEN}")[0] == 200
    assert get(port, "/openapi.json")[0] == 200  # the schema is public


def test_cors_preflight_from_the_listed_origin_only(port: int) -> None:
    asks = ("Access-Control-Request-Method: POST",
            "Access-Control-Request-Headers: authorization, content-type")
    status, headers, _ = get(port, "/v1/land_air_sea/act", f"Origin: {ORIGIN}", *asks,
                             method="OPTIONS")
    assert status == 200 and headers["access-control-allow-origin"] == ORIGIN
    assert "POST" in headers["access-control-allow-methods"]
    assert "authorization" in headers["access-control-allow-headers"].lower()
    status, headers, body = get(port, "/v1/land_air_sea/act", "Origin: http://evil.example",
                                *asks, method="OPTIONS")
    assert status == 400 and not any(h.startswith("access-control-") for h in headers)
    assert_shape(body, "origin")
    # A real request from the listed origin may read the answer, a 401 included.
    status, headers, _ = get(port, "/v1/bots", f"Origin: {ORIGIN}")
    assert status == 401 and headers["access-control-allow-origin"] == ORIGIN
    status, headers, _ = get(port, "/v1/health", "Origin: http://evil.example")
    assert status == 200 and "access-control-allow-origin" not in headers


# --- the flags ------------------------------------------------------------------------------


@pytest.mark.parametrize("flags, message", [
    (["--max-body-bytes", "0"], "--max-body-bytes 0: must be positive"),
    (["--max-body-bytes", "-5"], "--max-body-bytes -5: must be positive"),
    (["--max-concurrency", "0"], "--max-concurrency 0"),
    (["--request-timeout", "0"], "--request-timeout 0"),
    (["--request-timeout", "inf"], "--request-timeout inf"),
    (["--request-timeout", "nan"], "--request-timeout nan"),
    (["--keep-alive", "0"], "--keep-alive 0"),
    (["--cors-origin", "app.example"], "--cors-origin 'app.example'"),
    (["--token", "two words"], "--token: must be printable ASCII"),
])
def test_bad_flags_are_one_line_and_exit_2(flags: list[str], message: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", str(free_port()), *flags]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_a_port_in_use_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        taken.listen()
        assert main(["serve", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert f"cannot listen on 127.0.0.1:{port}" in err and err.count("\n") == 1


def test_listening_beyond_loopback_without_a_token_warns() -> None:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "COMBATZOO_TOKEN"}
    proc = subprocess.Popen([sys.executable, "-m", "combatzoo.training.cli", "serve", "--host",
                             "0.0.0.0", "--port", str(port), "--system", "land_air_sea"],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stderr is not None
        line = proc.stderr.readline()
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    assert "warning: listening on 0.0.0.0" in line and "no token" in line
