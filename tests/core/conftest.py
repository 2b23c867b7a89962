"""Fixtures of the core tests: the toy engine, its envs, and scripted play helpers."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from combatzoo.envs.core import system

from tests.core.toy_engine import ToyEngine


@pytest.fixture
def engine() -> ToyEngine:
    return ToyEngine()


@pytest.fixture
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The toy system registered as ``toy_rps`` for the duration of one test."""
    monkeypatch.setitem(system._SYSTEMS, "toy_rps", "tests.core.toy_system")
    monkeypatch.setitem(system._GYM_IDS, "toy_rps", "combatzoo/ToyRps-v0")
    system.register_gym_envs()
    yield "toy_rps"
