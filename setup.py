"""Package discovery for the folder mapping in ``pyproject.toml`` (DESIGN.md "Layout"), and the
compiled core (``setup_compiled.py``, issue 14).

The folders ``envs/``, ``agents/`` and ``training/`` install as ``combatzoo.envs``,
``combatzoo.agents`` and ``combatzoo.training``; every sub-package under them is found here, so a
new sub-package cannot be left out of the wheel.
"""

import sys
from pathlib import Path

from setuptools import find_packages, setup

sys.path.insert(0, str(Path(__file__).resolve().parent))
from setup_compiled import BuildCompiled, placeholder  # noqa: E402

MAPPED = {"combatzoo.envs": "envs", "combatzoo.agents": "agents", "combatzoo.training": "training"}

packages = ["combatzoo"]
for name, folder in MAPPED.items():
    packages += [name] + [f"{name}.{sub}" for sub in find_packages(folder)]

setup(packages=packages, ext_modules=placeholder(), cmdclass={"build_ext": BuildCompiled})
