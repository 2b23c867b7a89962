"""`combatzoo export`: ONNX files whose in-graph masked argmax equals SB3's masked prediction.

The policies here are freshly initialised (random weights): parity is a property of the graph,
not of training, and random weights spread probability over many actions, which makes a wrong
mask or a wrong layer show up at once.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from combatzoo.envs import get_spec, list_envs, make_engine, make_single

pytest.importorskip("sb3_contrib")
pytest.importorskip("onnxruntime")

from combatzoo.training import export as ex  # noqa: E402
from combatzoo.training.common import UserError  # noqa: E402


def new_checkpoint(system: str, path: Path, seed: int = 0) -> Path:
    from sb3_contrib import MaskablePPO

    model = MaskablePPO("MlpPolicy", make_single(system), seed=seed, device="cpu",
                        policy_kwargs={"net_arch": [32, 32]})
    model.save(path)
    return path


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, dict[str, Any]]]:
    """Every registered system's fresh checkpoint, exported with the full 1,000-observation
    parity check (export raises if one argmax differs)."""
    folder = tmp_path_factory.mktemp("export")
    out = {}
    for system in list_envs():
        ckpt = new_checkpoint(system, folder / f"{system}.zip")
        card = ex.export(ckpt, folder / f"{system}.onnx", parity_count=1000, seed=1,
                         trust_pickle=True)
        out[system] = (ckpt, card)
    return out


@pytest.mark.parametrize("system", list_envs())
def test_parity_on_1000_recorded_observations(exported: dict[str, Any], system: str) -> None:
    _, card = exported[system]
    parity = card["parity"]
    assert parity["observations"] == 1000
    assert parity["equal"] == 1000
    assert parity["illegal_onnx_actions"] == 0
    assert parity["max_prob_diff"] < 1e-4


@pytest.mark.parametrize("system", list_envs())
def test_model_card_describes_the_inputs(exported: dict[str, Any], system: str) -> None:
    ckpt, card = exported[system]
    spec = get_spec(system)
    engine = make_engine(system)
    onnx_path = ckpt.with_suffix(".onnx")
    assert json.loads(onnx_path.with_suffix(".json").read_text()) == card
    assert card["system"] == system and card["env_version"] == spec.version
    assert card["inputs"]["observation"]["shape"] == ["batch", spec.obs_size]
    assert card["action_labels"] == list(engine.codec.labels)
    layout = card["observation_layout"]
    assert layout[0]["start"] == 0
    assert layout[-1]["start"] + layout[-1]["size"] == spec.obs_size
    assert card["onnx_sha256"] == ex.sha256(onnx_path)
    assert card["checkpoint"]["sha256"] == ex.sha256(ckpt)


def test_mask_is_applied_inside_the_graph(exported: dict[str, Any]) -> None:
    """With only one legal action the graph must answer it, whatever the logits say; the
    probabilities of illegal actions are 0."""
    import onnxruntime as ort

    ckpt, _ = exported["land_air_sea"]
    session = ort.InferenceSession(str(ckpt.with_suffix(".onnx")))
    spec = get_spec("land_air_sea")
    rng = np.random.default_rng(0)
    obs = rng.uniform(-1, 1, (spec.num_actions, spec.obs_size)).astype(np.float32)
    masks = np.eye(spec.num_actions, dtype=np.int8)  # row i: only action i legal
    actions, probs = session.run(None, {"observation": obs, "action_mask": masks})
    assert actions.tolist() == list(range(spec.num_actions))
    assert np.allclose(probs, np.eye(spec.num_actions), atol=1e-6)


def test_onnx_agent_plays_whole_games_like_the_checkpoint(exported: dict[str, Any]) -> None:
    """The ONNX bot and the SB3 bot choose the same action at every decision of whole games."""
    from combatzoo.agents import make_agent

    for system in list_envs():
        ckpt, _ = exported[system]
        onnx_bot = make_agent(system, str(ckpt.with_suffix(".onnx")))
        sb3_bot = make_agent(system, str(ckpt), trust_pickle=True)
        engine = make_engine(system)
        rng = np.random.default_rng(5)
        decisions = games = 0
        # Whole games until 30 decisions (a Spellfire attacker may make no attack: a short game).
        while decisions < 30 and games < 50:
            games += 1
            state = engine.new_game(rng)
            while not engine.is_over(state):
                actions = {}
                for p in engine.to_act(state):
                    obs, mask = engine.observe(state, p), engine.legal_mask(state, p)
                    a = onnx_bot.act(obs, mask)
                    assert a == sb3_bot.act(obs, mask)
                    assert a in engine.legal_actions(state, p)
                    actions[p] = a
                    decisions += 1
                engine.apply(state, actions)
        assert decisions >= 30, (system, games)


def test_onnx_agent_refuses_another_systems_file(exported: dict[str, Any]) -> None:
    from combatzoo.agents import make_agent

    ckpt, _ = exported["land_air_sea"]
    other = next(s for s in list_envs() if s != "land_air_sea")
    with pytest.raises(ValueError, match="plays 'land_air_sea'"):
        make_agent(other, str(ckpt.with_suffix(".onnx")))


def test_failed_parity_writes_nothing_and_keeps_the_old_file(
        exported: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ckpt, _ = exported["land_air_sea"]
    out = tmp_path / "bot.onnx"
    out.write_bytes(b"the earlier export")

    def broken(*_a: Any, **_k: Any) -> dict[str, Any]:
        return {"observations": 10, "equal": 9, "illegal_onnx_actions": 0,
                "max_prob_diff": 0.5, "mismatches": [4]}

    monkeypatch.setattr(ex, "parity", broken)
    with pytest.raises(UserError, match="parity check failed"):
        ex.export(ckpt, out, parity_count=10, trust_pickle=True)
    assert out.read_bytes() == b"the earlier export"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bot.onnx"]


def test_bad_requests_name_what_is_wrong(exported: dict[str, Any], tmp_path: Path) -> None:
    ckpt, _ = exported["land_air_sea"]
    from combatzoo.agents.policy import ModelFileError

    with pytest.raises(UserError, match="must end in .onnx"):
        ex.export(ckpt, tmp_path / "bot.bin", trust_pickle=True)
    with pytest.raises(ModelFileError, match="no such policy checkpoint"):
        ex.export(tmp_path / "missing.zip", tmp_path / "bot.onnx", trust_pickle=True)
    junk = tmp_path / "junk.zip"
    junk.write_bytes(b"not a zip")
    with pytest.raises(ModelFileError, match="not a MaskablePPO checkpoint"):
        ex.export(junk, tmp_path / "bot.onnx", trust_pickle=True)
    with pytest.raises(ModelFileError, match="refusing to load an SB3 checkpoint"):
        ex.export(ckpt, tmp_path / "bot.onnx")  # export unpickles: it needs the trust too
    other = next(s for s in list_envs() if s != "land_air_sea")
    with pytest.raises(UserError, match=f"; {other} has "):
        ex.export(ckpt, tmp_path / "bot.onnx", system=other, trust_pickle=True)
    with pytest.raises(UserError, match="unknown system"):
        ex.export(ckpt, tmp_path / "bot.onnx", system="chess", trust_pickle=True)


def test_export_command(exported: dict[str, Any], tmp_path: Path) -> None:
    ckpt, _ = exported["land_air_sea"]
    out = tmp_path / "cli.onnx"
    done = subprocess.run([sys.executable, "-m", "combatzoo.training.cli", "export", str(ckpt),
                           "--out", str(out), "--parity", "50", "--trust-pickle"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "50/50" in done.stdout
    assert json.loads(out.with_suffix(".json").read_text())["parity"]["equal"] == 50
    bad = subprocess.run([sys.executable, "-m", "combatzoo.training.cli", "export", str(ckpt),
                          "--out", str(out), "--parity", "-1"],
                         capture_output=True, text=True, timeout=300)
    assert bad.returncode == 2 and "argument --parity: must be a whole number >= 0" in bad.stderr


def test_play_in_the_terminal_against_an_onnx_bot(exported: dict[str, Any]) -> None:
    ckpt, _ = exported["land_air_sea"]
    done = subprocess.run([sys.executable, "-m", "combatzoo.training.cli", "play",
                           "land_air_sea", "--bot", str(ckpt.with_suffix(".onnx")), "--seed", "3"],
                          input="1\n" * 300, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "against the land_air_sea bot" in done.stdout and "Game over." in done.stdout
