#!/usr/bin/env bash
# Packaging check (issue 16 "Packaging"): build the wheel from a fresh copy of the sources, run
# `twine check` on it, install it (not editable) in a fresh venv with the core dependencies only,
# and make, reset and play every registered env from the installed package, in a folder where the
# sources cannot shadow it. Run from anywhere; needs scripts/setup.sh's .venv.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
py="$root/.venv/bin/python"

mkdir "$tmp/src"
for item in combatzoo envs agents training pyproject.toml setup.py setup_compiled.py README.md \
    LICENSE CHANGELOG.md; do
  [ -e "$root/$item" ] && cp -r "$root/$item" "$tmp/src/"
done
find "$tmp/src" -name __pycache__ -prune -exec rm -rf {} +
rm -rf "$tmp/src/combatzoo/_compiled"  # an editable install's compiled core: the wheel builds its own
echo "check_wheel: building"
"$py" -m pip wheel --quiet --no-deps --no-build-isolation --wheel-dir "$tmp/dist" "$tmp/src"
"$py" -m twine check --strict "$tmp"/dist/combatzoo-*.whl

echo "check_wheel: installing into a fresh venv"
"$py" -m venv "$tmp/venv"
"$tmp/venv/bin/python" -m pip install --quiet "$tmp"/dist/combatzoo-*.whl 2>&1 \
  | grep -v "is neither a file nor a directory" || true
cd "$tmp"
"$tmp/venv/bin/python" - <<'PY'
import importlib.metadata
import importlib.resources
import random

import os

import combatzoo
import combatzoo.compiled
from combatzoo.envs import list_envs, make

# One version number: the installed metadata is the package's own __version__.
assert importlib.metadata.version("combatzoo") == combatzoo.__version__, "version mismatch"
assert "site-packages" in combatzoo.__file__, f"not the installed package: {combatzoo.__file__}"
assert importlib.resources.files("combatzoo").joinpath("py.typed").is_file(), "no py.typed"
names = list_envs()
assert names, "no registered env"
for name in names:
    env = make(name)
    rng = random.Random(0)
    env.reset(seed=0)
    steps = 0
    for agent in env.agent_iter(max_iter=5000):
        _obs, _rew, term, trunc, _info = env.last()
        mask = _obs["action_mask"]
        legal = [i for i, ok in enumerate(mask) if ok]
        env.step(None if term or trunc else rng.choice(legal))
        steps += 1
    assert steps > 0, name
    print(f"check_wheel: {name}: {steps} steps from the installed wheel")
status = combatzoo.compiled.status()
print(f"check_wheel: {status.reason}")
if os.environ.get("COMBATZOO_REQUIRE_COMPILED", "") not in ("", "0"):
    assert status.enabled and status.modules, status.reason
PY
echo "check_wheel: ok"
