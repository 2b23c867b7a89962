"""Builds the compiled core for ``setup.py`` (issue 14; ``combatzoo/compiled.py`` says what it
is and how it is loaded).

``COMPILED`` lists the modules mypyc compiles: the rules engines, observation encoders,
Spellfire's battle and game rooms and the core's action codec, observation layout and front
helpers, where the decisions' time goes. Interpreted, and why:

- the fronts (``env.py``, ``core/aec.py``, ``core/parallel.py``): mypyc 2.4 drops a base class
  it cannot type (PettingZoo ships no types), so a compiled ``CombatAECEnv`` is no ``AECEnv``;
- ``core/single.py``: Gymnasium's env checker reads ``reset``'s signature, which a compiled
  method does not have (``gymnasium.make`` would fail);
- ``core/engine.py``: a compiled ``Engine`` would read ``spec`` from its own slot, not from the
  class attribute a Python subclass may set (``spec = MY_SPEC``);
- the JSON schemas and readers (``schema.py``, ``serial.py``: pydantic, once per state read),
  the card importer and phrase compiler (once per pack), package inits.

The build copies the package's sources to ``build/compiled-src/combatzoo/`` (the folders are
mapped under one import name, so mypyc needs the real package layout to name the modules),
generates C there with ``mypycify`` (one group, one C file per module), compiles the C files in
parallel, and writes every shared library to ``combatzoo/_compiled/`` with ``manifest.json``
(each module's shim and the sha256 of the source it was built from). An editable install
(``pip install -e``) writes them into the source tree and skips the whole step when the
manifest there already matches every source.

``COMBATZOO_PURE_PYTHON=1`` builds no compiled core. Without mypy or a C compiler the build
warns and installs pure Python, unless ``COMBATZOO_REQUIRE_COMPILED=1`` (CI) makes that an error.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import sysconfig
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import Extension
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
PURE_ENV = "COMBATZOO_PURE_PYTHON"
REQUIRE_ENV = "COMBATZOO_REQUIRE_COMPILED"
GROUP = "combatzoo"
"""mypyc's group name: its shared library is the top-level module ``combatzoo__mypyc``."""
OUT_PACKAGE = "combatzoo._compiled"
"""Where the libraries go (a folder, not a package: ``combatzoo.compiled`` loads them)."""
OPT_LEVEL = "3"

COMPILED: dict[str, tuple[str, ...]] = {
    "envs/core": ("codec", "front", "observation"),
    "envs/land_air_sea": ("actions", "observation", "rules", "state", "strength"),
    "envs/solium_infernum": ("actions", "combat", "forces", "observation", "rules", "state"),
    "envs/spellfire/battle": ("*",),
    "envs/spellfire/game": ("*",),
    "envs/spellfire/cards": ("cards", "effects"),
}
"""Folder -> modules compiled there (``*``: every module but those of :data:`INTERPRETED`)."""
INTERPRETED = ("__init__", "env", "schema", "serial")
"""Modules a ``*`` leaves out: package inits, the fronts, the JSON schema and reader (see the
module docstring for the others left out, and why)."""


def pure_requested() -> bool:
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def compiled_sources(root: Path = ROOT) -> list[Path]:
    """The source files of the compiled core, relative to ``root``, sorted."""
    found: list[Path] = []
    for folder, names in COMPILED.items():
        if names == ("*",):
            found += [p.relative_to(root) for p in (root / folder).glob("*.py")
                      if p.stem not in INTERPRETED]
        else:
            found += [Path(folder, f"{n}.py") for n in names]
    return sorted(found)


def module_name(source: Path) -> str:
    """``envs/spellfire/battle/legal.py`` -> ``combatzoo.envs.spellfire.battle.legal``."""
    return "combatzoo." + ".".join(source.with_suffix("").parts)


def shim_name(module: str) -> str:
    """The flat file stem of a module's shim: ``spellfire__battle__legal``."""
    return module.removeprefix("combatzoo.envs.").replace(".", "__")


def source_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _stage(root: Path, stage: Path) -> None:
    """Copy the sources mypy reads (the package and ``envs``) into the real package layout."""
    if stage.exists():
        shutil.rmtree(stage)
    for folder, target in (("combatzoo", stage), ("envs", stage / "envs")):
        for src in (root / folder).rglob("*.py"):
            if "_compiled" in src.parts or "__pycache__" in src.parts:
                continue
            dst = target / src.relative_to(root / folder)
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dst)


def _mypy_version() -> str:
    from mypy.version import __version__

    return str(__version__)


def _parallel(compile_one: Any, jobs: int) -> Any:
    """A ``CCompiler.compile`` that compiles its sources ``jobs`` at a time (mypyc's group
    is one extension of many C files, which setuptools would compile one after another)."""
    def compile_all(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
        with ThreadPoolExecutor(max(1, jobs)) as pool:
            parts = list(pool.map(lambda s: compile_one([s], *args, **kwargs), sources))
        return [obj for objs in parts for obj in objs]
    return compile_all


class BuildCompiled(build_ext):
    """``build_ext`` that builds the compiled core (see the module docstring)."""

    def run(self) -> None:
        self.extensions: list[Extension] = []
        inplace_dir = ROOT / "combatzoo" / "_compiled"
        if pure_requested():
            print(f"combatzoo: {PURE_ENV} is set: no compiled core", file=sys.stderr)
            if self.inplace or self.editable_mode:
                shutil.rmtree(inplace_dir, ignore_errors=True)
            return
        sources = compiled_sources()
        if (self.inplace or self.editable_mode) and self._up_to_date(inplace_dir, sources):
            print("combatzoo: compiled core up to date", file=sys.stderr)
            return
        try:
            self._build(sources, inplace_dir)
        except (Exception, SystemExit) as exc:  # no mypy or compiler; mypyc's errors exit
            if os.environ.get(REQUIRE_ENV, "") not in ("", "0"):
                raise
            print(f"combatzoo: WARNING: the compiled core was not built ({exc!r}); "
                  "installing pure Python, about half as fast", file=sys.stderr)

    def _build(self, sources: list[Path], inplace_dir: Path) -> None:
        from mypyc.build import mypycify

        build = ROOT / "build"
        build_lib = Path(self.build_lib).resolve()
        stage = build / "compiled-src" / "combatzoo"
        _stage(ROOT, stage)
        config = build / "compiled-mypy.ini"
        config.write_text("[mypy]\nignore_missing_imports = True\n", encoding="utf-8")
        staged = [str((stage / s).relative_to(ROOT)) for s in sources]
        cwd = os.getcwd()
        os.chdir(ROOT)  # mypycify names C files and modules from paths relative to here
        try:
            args = ["--config-file", str(config.relative_to(ROOT))] + staged
            extensions: list[Extension] = mypycify(
                args, opt_level=OPT_LEVEL, multi_file=True, group_name=GROUP,
                target_dir=str((build / "compiled-c").relative_to(ROOT)))
            for ext in extensions:
                stem = ext.name if ext.name.endswith("__mypyc") else shim_name(ext.name)
                ext.name = f"{OUT_PACKAGE}.{stem}"
                ext.sources = [str(ROOT / s) for s in ext.sources]
                ext.include_dirs = [d if os.path.isabs(d) else str(ROOT / d)
                                    for d in ext.include_dirs]
            self._adopt(extensions)
            self.parallel = None
            self._jobs = os.cpu_count() or 1
            inplace = self.inplace or self.editable_mode
            if inplace:  # setuptools copies each library there, into a folder it must find
                inplace_dir.mkdir(parents=True, exist_ok=True)
            super().run()
        finally:
            os.chdir(cwd)
        manifest = self._manifest(sources)
        self._write_manifest(build_lib / "combatzoo" / "_compiled", manifest)
        if inplace:
            self._write_manifest(inplace_dir, manifest)

    def _adopt(self, extensions: list[Extension]) -> None:
        """Take ``extensions`` as this command's, with the fields setuptools' own
        ``finalize_options`` gives each one (they are made after it ran)."""
        self.extensions = extensions
        for ext in extensions:
            ext._full_name = self.get_ext_fullname(ext.name)
            self.ext_map[ext._full_name] = ext
            ext._links_to_dynamic = False
            ext._needs_stub = False
            ext._file_name = self.get_ext_filename(ext._full_name)

    def build_extension(self, ext: Extension) -> None:
        compiler = self.compiler
        if getattr(compiler, "_combatzoo_parallel", False) is False:
            compiler.compile = _parallel(compiler.compile, getattr(self, "_jobs", 1))
            compiler._combatzoo_parallel = True
        super().build_extension(ext)

    def _manifest(self, sources: list[Path]) -> dict[str, Any]:
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        return {
            "group": f"{GROUP}__mypyc",
            "group_file": f"{GROUP}__mypyc{suffix}",
            "suffix": suffix,
            "mypy": _mypy_version(),
            "modules": {module_name(s): {"shim": f"{shim_name(module_name(s))}{suffix}",
                                         "sha256": source_hash(ROOT / s)} for s in sources},
        }

    @staticmethod
    def _write_manifest(folder: Path, manifest: dict[str, Any]) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        tmp = folder / "manifest.json.tmp"
        tmp.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        os.replace(tmp, folder / "manifest.json")

    @staticmethod
    def _up_to_date(folder: Path, sources: list[Path]) -> bool:
        """Whether ``folder`` already holds this exact core (same sources, mypy and Python)."""
        try:
            manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
            if (manifest["suffix"] != sysconfig.get_config_var("EXT_SUFFIX")
                    or manifest["mypy"] != _mypy_version()):
                return False
            modules = manifest["modules"]
            if set(modules) != {module_name(s) for s in sources}:
                return False
            files = [manifest["group_file"]] + [m["shim"] for m in modules.values()]
            return (all((folder / f).is_file() for f in files)
                    and all(modules[module_name(s)]["sha256"] == source_hash(ROOT / s)
                            for s in sources))
        except (OSError, ValueError, KeyError, ImportError):
            return False


def placeholder() -> list[Extension]:
    """What ``setup(ext_modules=...)`` gets: one stand-in, so that setuptools runs
    :class:`BuildCompiled` and tags the wheel for this platform; the real list is made there
    (mypyc takes a minute, and pip runs ``setup.py`` several times per install)."""
    return [Extension(f"{OUT_PACKAGE}.placeholder", sources=[])]
