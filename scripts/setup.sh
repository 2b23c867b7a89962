#!/usr/bin/env bash
# Set up combatzoo in ./.venv (safe to run again): the CPU torch wheel first, so that pip never
# pulls a CUDA build, then the project itself, editable, with the training, service, ONNX and dev extras.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-python3.11}"
command -v "$PYTHON" >/dev/null 2>&1 || PYTHON=python3

if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv with $("$PYTHON" --version)"
  "$PYTHON" -m venv .venv
fi
pip=(.venv/bin/python -m pip install --quiet)
"${pip[@]}" "torch==2.13.0"
"${pip[@]}" -e ".[train,serve,export,dev]"
echo "setup: ready (.venv/bin/combatzoo --help)"
