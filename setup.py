"""Package discovery for the folder mapping in ``pyproject.toml`` (DESIGN.md "Layout").

The folders ``envs/``, ``agents/`` and ``training/`` install as ``combatzoo.envs``,
``combatzoo.agents`` and ``combatzoo.training``; every sub-package under them is found here, so a
new sub-package cannot be left out of the wheel.
"""

from setuptools import find_packages, setup

MAPPED = {"combatzoo.envs": "envs", "combatzoo.agents": "agents", "combatzoo.training": "training"}

packages = ["combatzoo"]
for name, folder in MAPPED.items():
    packages += [name] + [f"{name}.{sub}" for sub in find_packages(folder)]

setup(packages=packages)
