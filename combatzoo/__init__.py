"""combatzoo: card-game combat systems as PettingZoo environments, and bots for them.

The subpackages live in the top-level folders ``envs/``, ``agents/`` and ``training/`` and are
mapped under this import name by ``pyproject.toml``. The rules engines' hot modules run
compiled when the build compiled them (``combatzoo.compiled``, issue 14).
"""

from . import compiled as _compiled

__version__ = "0.1.0"

_compiled.install()
