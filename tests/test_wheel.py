"""The wheel holds every sub-package and every data file (issue 12 item 7: packages are found by
setuptools, not listed by hand, so a new sub-package or table cannot be left out)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAPPED = {"envs": "combatzoo/envs", "agents": "combatzoo/agents", "training": "combatzoo/training",
          "combatzoo": "combatzoo"}


def test_the_wheel_holds_every_module_and_data_file(tmp_path: Path) -> None:
    # Built from a fresh copy of the sources: an in-tree build would reuse a stale build/.
    src = tmp_path / "src"
    skip = shutil.ignore_patterns("__pycache__", "*.egg-info", "_compiled")
    for folder in MAPPED:
        shutil.copytree(ROOT / folder, src / folder, ignore=skip)
    for name in ("pyproject.toml", "setup.py", "setup_compiled.py", "README.md"):
        shutil.copy(ROOT / name, src / name)
    # Pure Python: compiling the core takes minutes; scripts/check_wheel.sh (CI) builds and
    # plays the compiled wheel.
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         "--wheel-dir", str(tmp_path), str(src)],
        capture_output=True, text=True, timeout=300,
        env={**os.environ, "COMBATZOO_PURE_PYTHON": "1"})
    assert done.returncode == 0, done.stderr
    (wheel,) = tmp_path.glob("combatzoo-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {f"{MAPPED[folder]}/{path.relative_to(ROOT / folder).as_posix()}"
                for folder in MAPPED for path in (ROOT / folder).rglob("*")
                if path.is_file()
                and path.suffix in (".py", ".json", ".yaml", ".html", ".js", ".css")
                and "__pycache__" not in path.parts and "_compiled" not in path.parts}
    assert expected - names == set()
    assert "combatzoo/envs/spellfire/cards/data/pack.json" in names
    assert "combatzoo/py.typed" in names  # PEP 561 marker (issue 16 "Packaging")
