"""What the service tests share: a models folder of fresh (untrained) policy bots, made once per
run: an SB3 checkpoint and its ONNX export for land_air_sea, and an SB3 checkpoint for each
other system and mode, so every system has a policy bot to ask."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def models(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("sb3_contrib")
    pytest.importorskip("onnxruntime")
    from combatzoo.envs import make_single
    from combatzoo.training.export import export
    from sb3_contrib import MaskablePPO

    folder = tmp_path_factory.mktemp("models")
    model = MaskablePPO("MlpPolicy", make_single("land_air_sea"), seed=0, device="cpu",
                        policy_kwargs={"net_arch": [32, 32]})
    model.save(folder / "las_sb3.zip")
    export(folder / "las_sb3.zip", folder / "las_onnx.onnx", parity_count=100)
    for system, name in (("spellfire", "sf_battle"), ("spellfire_game", "sf_game"),
                         ("solium_infernum", "si_policy")):
        policy = MaskablePPO("MlpPolicy", make_single(system), seed=0, device="cpu",
                             policy_kwargs={"net_arch": [16]})
        policy.save(folder / f"{name}.zip")
    return folder
