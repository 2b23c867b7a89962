"""combatzoo: card-game combat systems as PettingZoo environments, and bots for them.

The subpackages live in the top-level folders ``envs/``, ``agents/`` and ``training/`` and are
mapped under this import name by ``pyproject.toml``.
"""

__version__ = "0.1.0"
