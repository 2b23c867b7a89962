"""The fuzzer's figures for a report (issue 16): requests tried, 5xx, off-shape refusals and
hangs, in-process and against a real ``combatzoo serve``, with the server's resident memory
before and after a burst of fuzzed requests.

    .venv/bin/python -m tests.service.fuzz_report --examples 500 --burst 3000 --bursts 3

Prints one JSON object; measures, asserts nothing.
"""

from __future__ import annotations

import argparse
import http.client
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from combatzoo.envs import list_envs

from tests.scripting import free_port

from .asgi import AsgiClient
from .fuzz import RandomChooser, Tally, fuzz_one, make_models, sample_states


def rss_kib(pid: int) -> int:
    """Resident memory of process ``pid`` (Linux ``/proc``), KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def in_process(models: Path, examples: int, seed: int) -> dict[str, Any]:
    from combatzoo.agents.service import create_app

    client = AsgiClient(create_app(models, trust_pickle=True))

    def send(path: str, body: Any) -> tuple[int, Any, bytes]:
        answer = client.post(path, body)
        return answer.status, answer.json, answer.raw

    report = {}
    for system in list_envs():
        tally, states, chooser = Tally(), sample_states(system, seed=seed), RandomChooser(seed)
        for i in range(examples):
            fuzz_one(send, system, states[i % len(states)], chooser, tally)
        report[system] = {"requests": tally.requests, "5xx": tally.server_errors,
                          "off_shape_or_5xx": tally.failures[:5],
                          "by_status": dict(sorted(tally.by_status.items())),
                          "engine_failures_as_422": tally.engine_failures}
    client.close()
    return report


class Http:
    """A keep-alive connection to the server; a request with no answer in ``timeout`` s is a
    hang (counted, and the connection is made anew)."""

    def __init__(self, port: int, timeout: float = 30) -> None:
        self.port, self.timeout, self.hangs = port, timeout, 0
        self.cut_sizes: list[int] = []
        """Sizes of the bodies whose connection failed twice (the server closes a connection
        whose body is over the limit while it is still being sent)."""
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)

    def send(self, path: str, body: Any) -> tuple[int, Any, bytes]:
        data = json.dumps(body).encode()
        for _attempt in range(2):
            try:
                self.conn.request("POST", path, body=data,
                                  headers={"content-type": "application/json"})
                response = self.conn.getresponse()
                raw = response.read()
                if response.getheader("connection", "").lower() == "close":
                    self.conn.close()
                try:
                    parsed = json.loads(raw)
                except ValueError:
                    parsed = None
                return response.status, parsed, raw
            except TimeoutError:
                self.hangs += 1
                self.conn.close()
                return 0, None, b"hang"
            except (ConnectionError, http.client.HTTPException):
                self.conn.close()  # the server closed a kept-alive connection: once more
        self.cut_sizes.append(len(data))
        return 0, None, b"connection failed twice"


def against_server(models: Path, burst: int, bursts: int, seed: int) -> dict[str, Any]:
    port = free_port()
    # The models folder holds this script's own .zip bots: trusted (issue 16).
    proc = subprocess.Popen([sys.executable, "-m", "combatzoo.training.cli", "serve", "--models",
                             str(models), "--port", str(port), "--trust-pickle"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        client = Http(port)
        deadline = time.monotonic() + 120
        while True:
            try:
                if client.send("/v1/land_air_sea/new", {"seed": 0})[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("combatzoo serve did not come up")
            time.sleep(0.3)
        states = {s: sample_states(s, seed=seed) for s in list_envs()}
        chooser, warm = RandomChooser(seed), Tally()
        for i in range(40):  # every system, bot and path touched once before measuring
            system = list_envs()[i % len(list_envs())]
            fuzz_one(client.send, system, states[system][i % len(states[system])], chooser, warm)
        client.cut_sizes.clear()  # the probes sent before the server was up
        rss = [rss_kib(proc.pid)]
        tally, start, i = Tally(), time.monotonic(), 0
        for b in range(1, bursts + 1):
            while tally.requests < burst * b:
                system = list_envs()[i % len(list_envs())]
                fuzz_one(client.send, system, states[system][i % len(states[system])], chooser,
                         tally)
                i += 1
            rss.append(rss_kib(proc.pid))
        seconds = time.monotonic() - start
        alive = client.send("/v1/land_air_sea/new", {"seed": 1})[0] == 200
        return {"requests": tally.requests, "5xx": tally.server_errors, "hangs": client.hangs,
                "connection_failed_twice_body_sizes": client.cut_sizes,
                "off_shape_or_5xx": tally.failures[:5],
                "by_status": dict(sorted(tally.by_status.items())),
                "rss_kib_before_and_after_each_burst": rss, "seconds": round(seconds, 1),
                "serving_after": alive}
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--examples", type=int, default=500, help="mutated states per system, "
                        "in-process (each sends four requests)")
    parser.add_argument("--burst", type=int, default=3000, help="requests to the real server "
                        "per burst (its RSS is read after each)")
    parser.add_argument("--bursts", type=int, default=3)
    parser.add_argument("--seed", type=int, default=16)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        models = make_models(Path(folder))
        report = {"in_process": in_process(models, args.examples, args.seed),
                  "server": against_server(models, args.burst, args.bursts, args.seed)}
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
