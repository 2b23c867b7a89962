"""The service under fuzzed states (issue 16), in-process: per system, hypothesis mutates valid
states from seeded random play and sends each through ``legal``, ``act`` (random, heuristic or
the system's policy bot) and ``step`` (see ``fuzz.py``). Never a 5xx, always the documented
error shape on a 4xx; and some mutated states still play (the fuzzer reaches the engines)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from combatzoo.envs import list_envs

pytest.importorskip("fastapi")
hypothesis = pytest.importorskip("hypothesis")

from combatzoo.agents.service import create_app  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from .asgi import AsgiClient  # noqa: E402
from .fuzz import Tally, fuzz_one, sample_states  # noqa: E402

EXAMPLES = 150
"""Mutated states per system (each sends four requests)."""


class DrawChooser:
    """The fuzzer's choices drawn by hypothesis (so a failure shrinks to a small mutation)."""

    def __init__(self, data: Any) -> None:
        self.data = data

    def pick(self, options: Any) -> Any:
        return self.data.draw(st.sampled_from(list(options)))

    def integer(self, low: int, high: int) -> int:
        return int(self.data.draw(st.integers(low, high)))


@pytest.fixture(scope="module")
def client(models: Path) -> Iterator[AsgiClient]:
    c = AsgiClient(create_app(models, trust_pickle=True))
    yield c
    c.close()


TALLIES: dict[str, Tally] = {}
STATES: dict[str, list[dict[str, Any]]] = {}


@pytest.mark.parametrize("system", list_envs())
def test_fuzzed_states_never_get_a_5xx(client: AsgiClient, system: str) -> None:
    tally = TALLIES.setdefault(system, Tally())
    states = STATES.setdefault(system, sample_states(system, seed=16))

    def send(path: str, body: Any) -> tuple[int, Any, bytes]:
        answer = client.post(path, body)
        return answer.status, answer.json, answer.raw

    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(index=st.integers(0, len(states) - 1), data=st.data())
    def run(index: int, data: Any) -> None:
        fuzz_one(send, system, states[index], DrawChooser(data), tally)
        assert not tally.failures, tally.failures[:3]

    run()
    assert tally.requests >= 4 * EXAMPLES
    assert tally.server_errors == 0
    # The fuzz reaches the engines: some mutated states are still played through.
    assert tally.by_status.get(200, 0) > 0 and tally.by_status.get(422, 0) > 0
    print(f"\n{system}: {tally.requests} requests, by status {sorted(tally.by_status.items())}")
