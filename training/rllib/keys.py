"""The ``rllib:`` sub-mapping of a training config (issue 17): its keys, types and checks.

Imports nothing from Ray, so an SB3 config is checked without the ``rllib`` extra.
"""

from __future__ import annotations

from typing import Any

RLLIB_KEYS: dict[str, tuple[type, str]] = {
    "env_runners": (int, "env runner processes (default: CPU cores - 1; 0 samples in the driver)"),
    "envs_per_runner": (int, "envs stepped by each env runner (default 1)"),
    "ray_address": (str, "Ray cluster to join (default: RAY_ADDRESS, else a local ray.init())"),
    "num_cpus": (int, "CPUs of the local Ray instance (default: all cores of the machine)"),
    "snapshots": (int, "frozen copies of the learner kept as opponents (default 0: self-play "
                       "against the live policy only)"),
    "rollout_fragment_length": (int, "env steps per runner and sample (default: auto)"),
}
"""Key -> (type, meaning). Nothing else is accepted under ``rllib:``."""


POSITIVE = ("envs_per_runner", "num_cpus", "rollout_fragment_length")
"""The ``rllib`` keys that must be at least 1 (the other numbers at least 0)."""


def check_backend(backend: str, values: dict[str, Any], error: type[Exception]) -> None:
    """Raise ``error`` naming ``backend`` or the ``rllib.<key>`` that is unknown, mistyped or
    out of range."""
    if backend not in ("sb3", "rllib"):
        raise error(f"backend: expected 'sb3' or 'rllib', got {backend!r}")
    unknown = sorted(set(values) - set(RLLIB_KEYS))
    if unknown:
        raise error(f"rllib: unknown key(s) {unknown}; known: {sorted(RLLIB_KEYS)}")
    for key, value in values.items():
        kind = RLLIB_KEYS[key][0]
        if isinstance(value, bool) or not isinstance(value, kind):
            raise error(f"rllib.{key}: expected {kind.__name__}, got {value!r}")
        if isinstance(value, int) and value < (1 if key in POSITIVE else 0):
            raise error(f"rllib.{key}: out of range, got {value!r}")
