"""The RLlib trainer (issue 17): ``backend: rllib`` in a training config. Needs the ``rllib``
extra (``pip install -e ".[rllib]"``); see ``docs/rllib.md``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..common import UserError


def run(config: Any, run_dir: Path, resume: bool = False, log: Any = None) -> dict[str, Any]:
    """Train ``config`` on RLlib into ``run_dir`` (see :mod:`.trainer`)."""
    try:
        import ray.rllib  # noqa: F401
    except ImportError:
        raise UserError('backend: rllib needs Ray RLlib: pip install -e ".[rllib]"') from None
    from .trainer import train

    return train(config, run_dir, resume, log)
