"""What the service tests share: a models folder of fresh (untrained) policy bots, made once per
run: an SB3 checkpoint and its ONNX export for land_air_sea, and an SB3 checkpoint for each
other system and mode, so every system has a policy bot to ask (``fuzz.make_models``)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def models(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("sb3_contrib")
    pytest.importorskip("onnxruntime")
    from .fuzz import make_models

    return make_models(tmp_path_factory.mktemp("models"))
