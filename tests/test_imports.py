"""The project's module imports, read from the source with ``ast`` (nothing is imported): no
import cycles, a core that knows no game and no agent, games that know no other game.

Every ``import`` and ``from ... import`` counts, those inside functions too (an import delayed
to run time is still a dependency); only imports under ``if TYPE_CHECKING:`` do not. Relative
imports are resolved against the importing module's package, and each name is reduced to the
longest project module it names (``from ..core.engine import Engine`` in
``combatzoo.envs.land_air_sea.rules`` is ``combatzoo.envs.core.engine``).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = {"envs": "combatzoo.envs", "agents": "combatzoo.agents",
           "training": "combatzoo.training", "combatzoo": "combatzoo"}
"""Source folder -> the package it installs as (``pyproject.toml``'s ``package-dir``)."""
CORE = "combatzoo.envs.core"


def project_modules() -> dict[str, Path]:
    """Every module of the project by its dotted name."""
    found: dict[str, Path] = {}
    for folder, package in FOLDERS.items():
        for path in (ROOT / folder).rglob("*.py"):
            parts = [p for p in path.relative_to(ROOT / folder).with_suffix("").parts
                     if p != "__init__"]
            found[".".join([package, *parts])] = path
    return found


def games() -> list[str]:
    """The game packages: every package under ``envs/`` but the core."""
    return sorted(f"combatzoo.envs.{p.parent.name}" for p in (ROOT / "envs").glob("*/__init__.py")
                  if p.parent.name != "core")


def _type_checking_lines(tree: ast.AST) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            lines.update(sub.lineno for sub in ast.walk(node)
                         if isinstance(sub, (ast.Import, ast.ImportFrom)))
    return lines


def _imported_names(node: ast.Import | ast.ImportFrom, package: str) -> list[str]:
    """The absolute dotted names an import statement reaches (module and module.name)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        parts = package.split(".")
        parts = parts[:len(parts) - (node.level - 1)]
        base = ".".join(parts + ([base] if base else []))
    return [base] + [f"{base}.{alias.name}" for alias in node.names]


def imports_of(module: str, path: Path, known: set[str]) -> set[str]:
    """The project modules that ``module`` imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _type_checking_lines(tree)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Import, ast.ImportFrom)) or node.lineno in skip:
            continue
        for name in _imported_names(node, package):
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name and name != module:
                found.add(name)
    return found


def import_graph() -> dict[str, set[str]]:
    """Module -> the project modules it imports."""
    modules = project_modules()
    known = set(modules)
    return {m: imports_of(m, p, known) for m, p in modules.items()}


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iterative).

    A package importing its own sub-modules, or a sub-module its package, is not a loop
    (``__init__`` re-exports), so those edges are left out.
    """
    edges = {m: sorted(d for d in deps if not _within(m, d) and not _within(d, m))
             for m, deps in graph.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            v, i = work.pop()
            if i == 0:
                index[v] = low[v] = len(index)
                stack.append(v)
                on_stack.add(v)
            children = edges.get(v, [])
            if i < len(children):
                work.append((v, i + 1))
                w = children[i]
                if w not in index:
                    work.append((w, 0))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            if low[v] == index[v]:
                group = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    group.append(w)
                    if w == v:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[v])
    return groups


def test_the_reader_sees_the_projects_own_imports() -> None:
    graph = import_graph()
    # Hand-checked edges: a relative import, a deeper relative import, an import in a function.
    assert "combatzoo.envs.core.aec" in graph["combatzoo.envs.core.system"]
    assert "combatzoo.envs.core.agent" in graph["combatzoo.agents"]
    assert "combatzoo.agents" in graph["combatzoo.envs.registry"]  # inside make_single
    assert games() == ["combatzoo.envs.land_air_sea", "combatzoo.envs.solium_infernum",
                       "combatzoo.envs.spellfire"]


def test_cycle_finder_finds_a_known_loop() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "p": {"p.x"}, "p.x": {"p"}}
    assert cycles(graph) == [["a", "b", "c"]]


def test_no_import_cycles() -> None:
    assert cycles(import_graph()) == []


def test_core_imports_no_game_no_agents_no_training() -> None:
    forbidden = [*games(), "combatzoo.agents", "combatzoo.training"]
    bad = {m: sorted(d for d in deps if any(_within(d, f) for f in forbidden))
           for m, deps in import_graph().items() if _within(m, CORE)}
    assert {m: d for m, d in bad.items() if d} == {}


def test_no_game_imports_another_game() -> None:
    graph = import_graph()
    bad: dict[str, list[str]] = {}
    for game in games():
        others = [g for g in games() if g != game]
        for m, deps in graph.items():
            if _within(m, game):
                wrong = sorted(d for d in deps if any(_within(d, o) for o in others))
                if wrong:
                    bad[m] = wrong
    assert bad == {}
