"""The toy engine packaged as a system module, following the convention of
``combatzoo.envs.registry`` (used to test the registry and the conformance suite)."""

from __future__ import annotations

from typing import Any

from combatzoo.envs.core.system import build_fronts

from tests.core.toy_engine import TOY_SPEC, ToyEngine

SPEC = TOY_SPEC


def make_engine(**config: Any) -> ToyEngine:
    """The toy engine; config: ``win_points``, ``max_rounds``."""
    return ToyEngine(**config)


raw_env, env, parallel_env, single_env = build_fronts(SPEC, make_engine)
