"""The compiled core: the rules engines' own modules, compiled to C by mypyc (issue 14).

The hot modules of every system (rules, observation encoders, Spellfire's battle and game
rooms; the list is ``COMPILED`` in ``setup_compiled.py``) are the same ``.py`` files everyone
reads, compiled by mypyc when the package is built. Nothing is written twice: there is one
source of every rule, and the pure-Python modules stay the reference.

Where the binaries live
-----------------------
Not beside the sources (a stale ``.so`` there would shadow an edited ``.py``), but in
``combatzoo/_compiled/``: one shared library for the group, one small shim per module and
``manifest.json``, which names each compiled module with the sha256 of the source it was built
from. :func:`install` (run by ``import combatzoo``) puts a finder in front of the import system
that loads a listed module from its shim, only when

- the manifest is there (the build compiled the core; ``COMBATZOO_PURE_PYTHON=1`` at build
  time, or a machine without a C compiler, gives a pure-Python install),
- it was built for this interpreter (the extension suffix matches),
- ``COMBATZOO_PURE_PYTHON`` is not set now (debuggers and coverage see the ``.py`` files), and
- every listed source still has the hash it was built from. One edited source (an editable
  install, after ``git pull``) turns the whole compiled core off, with one warning: compiled
  modules reach each other's native code directly, so they are used all together or not at
  all. ``bash scripts/setup.sh`` rebuilds it.

:func:`status` says which of these held; ``combatzoo bench`` prints it.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

PURE_ENV = "COMBATZOO_PURE_PYTHON"
"""Set (to anything but ``""`` or ``0``) at build time: build no compiled core; at run time:
do not use it."""
COMPILED_DIR = Path(__file__).with_name("_compiled")
"""Where the build puts the compiled core of this installation."""
MANIFEST = "manifest.json"
PACKAGE = "combatzoo.envs"
"""Every compiled module lives under this package; its sources are found from its path."""


def pure_requested() -> bool:
    """Whether ``COMBATZOO_PURE_PYTHON`` asks for pure Python."""
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def source_hash(path: Path) -> str:
    """The sha256 of a source file, as the manifest records it."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


@dataclass(frozen=True)
class Status:
    """Whether the compiled core is in use, and why (or why not)."""

    enabled: bool
    """``True`` once the finder serves the compiled modules (or will, at their first import)."""
    reason: str
    """One line for people: ``"compiled core: 88 modules (mypyc of mypy 2.4.1)"``, or why
    not (``"compiled core off: ...; running pure Python"``)."""
    modules: tuple[str, ...] = ()
    """The compiled modules' names (empty when not in use)."""


_status = Status(False, "compiled core: not checked yet (import combatzoo first)")


def status() -> Status:
    """Whether this process uses the compiled core (decided at the first compiled import:
    before that, ``enabled`` only says the finder is installed and the build looks right)."""
    return _status


def _set_status(new: Status) -> None:
    global _status
    _status = new


class CompiledFinder(importlib.abc.MetaPathFinder):
    """Loads the modules of ``manifest`` from their shims in ``folder``; see the module doc."""

    def __init__(self, folder: Path, manifest: dict[str, Any]) -> None:
        self.folder = folder
        self.group: str = manifest["group"]
        self.group_file: str = manifest["group_file"]
        self.modules: dict[str, dict[str, str]] = manifest["modules"]
        self.mypy = str(manifest.get("mypy", ""))
        self.fresh: bool | None = None
        """``None`` until the first listed import has checked every source."""

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        entry = self.modules.get(fullname)
        if entry is None:
            return None
        if self.fresh is None:
            self.fresh = self._check_sources() and self._load_group()
        if not self.fresh:
            return None
        shim = str(self.folder / entry["shim"])
        loader = importlib.machinery.ExtensionFileLoader(fullname, shim)
        return importlib.util.spec_from_file_location(fullname, shim, loader=loader)

    def _check_sources(self) -> bool:
        """Whether every listed source still has the hash it was compiled from."""
        package = sys.modules.get(PACKAGE)
        roots = [Path(p) for p in getattr(package, "__path__", [])]
        if not roots:
            return self._off(f"{PACKAGE} has no folder to find the sources in")
        prefix = PACKAGE + "."
        for name, entry in self.modules.items():
            relative = Path(*name.removeprefix(prefix).split(".")).with_suffix(".py")
            source = next((r / relative for r in roots if (r / relative).is_file()), None)
            if source is None:
                return self._off(f"its source {relative} is missing")
            if source_hash(source) != entry["sha256"]:
                return self._off(f"{source} changed since it was compiled; rebuild with "
                                 f"`bash scripts/setup.sh` (or set {PURE_ENV}=1)", warn=True)
        _set_status(Status(True, f"compiled core: {len(self.modules)} modules "
                                 f"({self._built_with()})", tuple(sorted(self.modules))))
        return True

    def _built_with(self) -> str:
        return f"mypyc of mypy {self.mypy}" if self.mypy else "mypyc"

    def _off(self, why: str, warn: bool = False) -> bool:
        _set_status(Status(False, f"compiled core off: {why}; running pure Python"))
        if warn:
            warnings.warn(_status.reason, RuntimeWarning, stacklevel=3)
        return False

    def _load_group(self) -> bool:
        """Load the group's shared library under the top-level name its shims import; False
        (pure Python, with a warning) when it does not load."""
        if self.group in sys.modules:
            return True
        path = str(self.folder / self.group_file)
        loader = importlib.machinery.ExtensionFileLoader(self.group, path)
        spec = importlib.util.spec_from_file_location(self.group, path, loader=loader)
        try:
            if spec is None:
                raise ImportError(f"no module spec for {path}")
            module = importlib.util.module_from_spec(spec)
            sys.modules[self.group] = module
            loader.exec_module(module)
        except (ImportError, OSError) as exc:
            sys.modules.pop(self.group, None)
            return self._off(f"its library {path} does not load ({exc})", warn=True)
        return True


def read_manifest(folder: Path) -> dict[str, Any] | str:
    """The manifest of ``folder``, or why it cannot be used here."""
    try:
        manifest: dict[str, Any] = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return f"not built (no {folder.name}/{MANIFEST}; pure-Python install)"
    except (OSError, ValueError) as exc:
        return f"unreadable {folder.name}/{MANIFEST} ({exc})"
    suffix = manifest.get("suffix")
    if suffix not in importlib.machinery.EXTENSION_SUFFIXES:
        return (f"built for another interpreter ({suffix!r}; this one loads "
                f"{importlib.machinery.EXTENSION_SUFFIXES[0]!r})")
    if not isinstance(manifest.get("modules"), dict) or not manifest["modules"]:
        return "the manifest lists no module"
    return manifest


def source_file(module: ModuleType) -> Path:
    """The ``.py`` source of ``module``, compiled or not (a compiled module's ``__file__`` is
    its shared library: read its source from here)."""
    parent, _, last = module.__name__.rpartition(".")
    folders = getattr(sys.modules.get(parent), "__path__", None) or []
    for folder in folders:
        candidate = Path(folder) / f"{last}.py"
        if candidate.is_file():
            return candidate
    if module.__file__ and module.__file__.endswith(".py"):
        return Path(module.__file__)
    raise FileNotFoundError(f"no source file of {module.__name__} in {list(folders)}")


def install(folder: Path = COMPILED_DIR) -> Status:
    """Put the compiled core's finder in front of the import system, when it may be used.

    Called once by ``import combatzoo``; calling it again does nothing new.
    """
    if any(isinstance(f, CompiledFinder) for f in sys.meta_path):
        return _status
    if pure_requested():
        _set_status(Status(False, f"compiled core off: {PURE_ENV} is set; running pure Python"))
        return _status
    manifest = read_manifest(folder)
    if isinstance(manifest, str):
        _set_status(Status(False, f"compiled core off: {manifest}; running pure Python"))
        return _status
    already = sorted(n for n in manifest["modules"] if n in sys.modules)
    if already:
        _set_status(Status(False, f"compiled core off: {already[0]} was imported before "
                                  "combatzoo; running pure Python"))
        return _status
    finder = CompiledFinder(folder, manifest)
    sys.meta_path.insert(0, finder)
    _set_status(Status(True, f"compiled core: {len(finder.modules)} modules, "
                             "checked at their first import"))
    return _status
