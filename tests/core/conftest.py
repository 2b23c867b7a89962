"""Fixtures of the core tests: the toy engine, its envs, and scripted play helpers."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from combatzoo.envs import registry

from tests.core.toy_engine import ToyEngine


@pytest.fixture
def engine() -> ToyEngine:
    return ToyEngine()


@pytest.fixture
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The toy system registered as ``toy_rps`` for the duration of one test."""
    monkeypatch.setattr(registry, "_SYSTEMS", dict(registry._SYSTEMS))
    registry.register("toy_rps", entry_point="tests.core.toy_system", gym_id="combatzoo/ToyRps-v0")
    yield "toy_rps"
