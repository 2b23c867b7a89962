"""The compiled core (issue 14, ``combatzoo/compiled.py``): the compiled modules play exactly as
their pure-Python sources, and the loader refuses a core that does not match its sources.

Where the build compiled no core (``COMBATZOO_PURE_PYTHON=1``, no C compiler) the agreement
test skips, unless ``COMBATZOO_REQUIRE_COMPILED=1`` (CI), which makes a missing core a failure.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import warnings
from pathlib import Path

import combatzoo.envs
import pytest

import combatzoo.compiled as compiled

REQUIRED = os.environ.get("COMBATZOO_REQUIRE_COMPILED", "") not in ("", "0")

# One process plays seeded random games of every system through the AEC front and through the
# engine's fast path (clone, apply_trusted), and prints a digest of everything observable:
# every state's JSON, every event, reward, observation and mask, and the fast path's states.
PLAY = textwrap.dedent("""
    import hashlib, json, random, sys
    import numpy as np
    import combatzoo.compiled
    from combatzoo.envs import list_envs, make, make_engine

    def digest(name, decisions):
        h = hashlib.sha256()
        env = make(name)
        engine = env.engine
        rng = random.Random(7)
        done = episode = 0
        while done < decisions:
            env.reset(seed=1000 + episode)
            episode += 1
            for agent in env.agent_iter():
                obs, reward, term, trunc, info = env.last()
                h.update(obs["observation"].tobytes() + obs["action_mask"].tobytes())
                h.update(json.dumps([agent, reward, term, trunc, info["events"]],
                                    sort_keys=True, default=str).encode())
                if term or trunc:
                    env.step(None)
                    continue
                legal = np.flatnonzero(obs["action_mask"])
                env.step(int(legal[rng.randrange(len(legal))]))
                done += 1
                h.update(json.dumps(engine.to_json(env.state), sort_keys=True).encode())
        state = engine.new_game(np.random.default_rng(5))
        while not engine.is_over(state):
            state = engine.clone(state)
            joint = {p: engine.legal_actions(state, p)[0] for p in engine.to_act(state)}
            h.update(repr(engine.apply_trusted(state, joint)).encode())
        h.update(json.dumps([engine.to_json(state), engine.returns(state)]).encode())
        return h.hexdigest()

    decisions = int(sys.argv[1])
    out = {name: digest(name, decisions) for name in list_envs()}
    out["status"] = combatzoo.compiled.status().reason
    out["enabled"] = combatzoo.compiled.status().enabled
    print(json.dumps(out))
""")


def _play(pure: bool, decisions: int) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k != compiled.PURE_ENV}
    if pure:
        env[compiled.PURE_ENV] = "1"
    done = subprocess.run([sys.executable, "-c", PLAY, str(decisions)], capture_output=True,
                          text=True, timeout=600, env=env, cwd=Path(__file__).parent)
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_compiled_and_pure_python_play_alike() -> None:
    """The same seeds give the same states, events, rewards, observations and masks, compiled
    or not (5,000 random decisions per system, and one whole game on the fast path)."""
    native = _play(pure=False, decisions=5000)
    if not native["enabled"]:
        if REQUIRED:
            pytest.fail(f"COMBATZOO_REQUIRE_COMPILED is set but {native['status']}")
        pytest.skip(str(native["status"]))
    pure = _play(pure=True, decisions=5000)
    assert not pure["enabled"], pure["status"]
    names = combatzoo.envs.list_envs()
    assert {n: native[n] for n in names} == {n: pure[n] for n in names}


def test_status_tells_where_a_compiled_module_comes_from() -> None:
    import combatzoo.envs.land_air_sea.rules as rules

    status = compiled.status()
    assert rules.__file__ is not None
    if status.enabled:
        assert rules.__file__.endswith(".so") or rules.__file__.endswith(".pyd")
        assert rules.__name__ in status.modules
    else:
        assert rules.__file__.endswith(".py"), status.reason
        assert not REQUIRED, f"COMBATZOO_REQUIRE_COMPILED is set but {status.reason}"


def _manifest(folder: Path, modules: dict[str, dict[str, str]],
              suffix: str | None = None) -> Path:
    import importlib.machinery

    folder.mkdir(parents=True, exist_ok=True)
    (folder / compiled.MANIFEST).write_text(json.dumps({
        "group": "combatzoo_test__mypyc", "group_file": "missing.so",
        "suffix": suffix or importlib.machinery.EXTENSION_SUFFIXES[0], "mypy": "0",
        "modules": modules}), encoding="utf-8")
    return folder


def test_no_manifest_means_a_pure_python_install(tmp_path: Path) -> None:
    assert "not built" in str(compiled.read_manifest(tmp_path))


def test_a_core_built_for_another_interpreter_is_refused(tmp_path: Path) -> None:
    _manifest(tmp_path, {"combatzoo.envs.x": {"shim": "x.so", "sha256": "0"}},
              suffix=".cpython-27-elsewhere.so")
    assert "another interpreter" in str(compiled.read_manifest(tmp_path))
    (tmp_path / compiled.MANIFEST).write_text("{not json", encoding="utf-8")
    assert "unreadable" in str(compiled.read_manifest(tmp_path))


def test_an_edited_source_turns_the_whole_core_off(tmp_path: Path) -> None:
    """One source that differs from what was compiled: no module is served compiled (they
    call each other's native code), and the warning names the file and the fix."""
    rules = Path(combatzoo.envs.__path__[0]) / "land_air_sea" / "rules.py"
    modules = {
        "combatzoo.envs.land_air_sea.state": {
            "shim": "s.so", "sha256": compiled.source_hash(rules.with_name("state.py"))},
        "combatzoo.envs.land_air_sea.rules": {"shim": "r.so", "sha256": "0" * 64},
    }
    manifest = compiled.read_manifest(_manifest(tmp_path, modules))
    assert isinstance(manifest, dict)
    finder = compiled.CompiledFinder(tmp_path, manifest)
    before = compiled.status()
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            assert finder.find_spec("combatzoo.envs.land_air_sea.state") is None
        assert finder.find_spec("combatzoo.envs.land_air_sea.rules") is None
        assert finder.find_spec("combatzoo.envs.not_listed") is None
        reason = compiled.status().reason
        assert not compiled.status().enabled
        assert str(rules) in reason and "scripts/setup.sh" in reason
        assert [str(w.message) for w in caught] == [reason]
    finally:
        compiled._set_status(before)


def test_a_missing_source_turns_the_core_off(tmp_path: Path) -> None:
    modules = {"combatzoo.envs.land_air_sea.gone": {"shim": "g.so", "sha256": "0" * 64}}
    manifest = compiled.read_manifest(_manifest(tmp_path, modules))
    assert isinstance(manifest, dict)
    before = compiled.status()
    try:
        finder = compiled.CompiledFinder(tmp_path, manifest)
        assert finder.find_spec("combatzoo.envs.land_air_sea.gone") is None
        assert "land_air_sea/gone.py is missing" in compiled.status().reason
    finally:
        compiled._set_status(before)


def test_pure_python_is_asked_for_by_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for value, pure in (("1", True), ("yes", True), ("0", False), ("", False)):
        monkeypatch.setenv(compiled.PURE_ENV, value)
        assert compiled.pure_requested() is pure


def test_a_library_that_does_not_load_turns_the_core_off(tmp_path: Path) -> None:
    """Sources all match, but the group's library is missing (a half-copied install): pure
    Python with a warning, not an import error."""
    state = Path(combatzoo.envs.__path__[0]) / "land_air_sea" / "state.py"
    modules = {"combatzoo.envs.land_air_sea.state": {
        "shim": "s.so", "sha256": compiled.source_hash(state)}}
    manifest = compiled.read_manifest(_manifest(tmp_path, modules))
    assert isinstance(manifest, dict)
    before = compiled.status()
    try:
        finder = compiled.CompiledFinder(tmp_path, manifest)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            assert finder.find_spec("combatzoo.envs.land_air_sea.state") is None
        assert "does not load" in compiled.status().reason
        assert not compiled.status().enabled and len(caught) == 1
        assert "combatzoo_test__mypyc" not in sys.modules
    finally:
        compiled._set_status(before)
