"""Browser tests of the page at /play (issue 18): `combatzoo serve` on a free loopback port, and
the system's Chromium driven by Playwright. Skipped where either is missing (install them with
`apt-get install chromium` and `pip install -e .[browser]`; never `playwright install`)."""

from __future__ import annotations

import http.client
import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from tests.scripting import free_port, wait_until_serving

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")



class Service:
    """The running service: its base URL, and a plain JSON client for checking the page."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}"

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        data = None if body is None else json.dumps(body).encode()
        conn.request(method, path, body=data, headers={"content-type": "application/json"})
        response = conn.getresponse()
        payload = response.read()
        conn.close()
        return response.status, json.loads(payload) if payload else None


@pytest.fixture(scope="session")
def service() -> Iterator[Service]:
    pytest.importorskip("fastapi")
    pytest.importorskip("uvicorn")
    port = free_port()
    # No --cors-origin: the page is served by the service itself (same origin).
    proc = subprocess.Popen([sys.executable, "-m", "combatzoo.training.cli", "serve",
                             "--port", str(port)], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    svc = Service(port)
    wait_until_serving(proc, lambda: svc.call("GET", "/v1/health")[0])
    yield svc
    proc.terminate()
    proc.wait(timeout=30)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    if CHROMIUM is None:
        pytest.skip("no system chromium (apt-get install chromium)")
    with sync_api.sync_playwright() as pw:
        # --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any, service: Service) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 900, "height": 600})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    tab.goto(f"{service.url}/play/")
    yield tab
    context.close()
    assert errors == [], f"uncaught errors in the page: {errors}"
