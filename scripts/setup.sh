#!/usr/bin/env bash
# Set up combatzoo in ./.venv (safe to run again): the CPU torch wheel first, so that pip never
# pulls a CUDA build, then the project itself, editable, with the training, service, ONNX and dev extras.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-python3.11}"
command -v "$PYTHON" >/dev/null 2>&1 || PYTHON=python3
# The CrossFire card files are Tcl, read with the standard library's tkinter (RULES.md 1):
# a Python built without it (Debian's python3 without python3-tk) cannot read them.
if ! "$PYTHON" -c "import tkinter" >/dev/null 2>&1; then
  echo "setup: $PYTHON ($(command -v "$PYTHON")) has no tkinter, which reads the CrossFire" \
       "card files; install it (Debian/Ubuntu: apt-get install python3-tk) or name another" \
       "Python 3.10+ with PYTHON=..." >&2
  exit 1
fi

if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv with $("$PYTHON" --version)"
  "$PYTHON" -m venv .venv
fi
pip=(.venv/bin/python -m pip install --quiet)
"${pip[@]}" "torch==2.13.0"
"${pip[@]}" -e ".[train,serve,export,dev]"
# Issue 14: say whether the rules engines run compiled (pip hides the build's own warning).
.venv/bin/python -c "import combatzoo.envs.land_air_sea.rules, combatzoo.compiled as c; \
print('setup:', c.status().reason)"
echo "setup: ready (.venv/bin/combatzoo --help)"
