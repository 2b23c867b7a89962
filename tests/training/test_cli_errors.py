"""Issue 16's catalogue of bad inputs: every subcommand answers each with ONE line on stderr that
names what was wrong, and exit status 2; never a traceback, never another status.

Subcommands run in-process (``main([...])``, stderr captured) to stay fast; ``serve`` on a busy
port runs in a subprocess (it would otherwise start a server in the test process). The
``--resume`` cases damage copies of one tiny real run (``conftest.py``). Refusals of pickled
checkpoints are in ``test_model_safety.py``.
"""

from __future__ import annotations

import contextlib
import io
import json
import socket
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from combatzoo.training.cli import main

ROOT = Path(__file__).resolve().parents[2]
SEED_003 = ROOT / "examples" / "land_air_sea" / "seed_003_first_strike_vs_charge.json"

TINY = ("system: land_air_sea\ntotal_timesteps: 64\nn_envs: 1\nn_steps: 64\nbatch_size: 64\n"
        "n_epochs: 1\neval_games: 2\nfinal_eval_games: 2\ntensorboard: false\n")


def run_main(argv: list[str]) -> tuple[int, str]:
    """``combatzoo ARGV`` in-process: (exit status, stderr). An exception escaping ``main``
    (what would be a traceback) fails the test."""
    err, out = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        try:
            status = main(argv)
        except SystemExit as exc:  # main returns; a SystemExit escaping it is a contract break
            pytest.fail(f"combatzoo {argv}: SystemExit({exc.code}) escaped main")
        except BaseException as exc:  # noqa: BLE001 - the point: nothing may escape
            pytest.fail(f"combatzoo {argv}: traceback ({type(exc).__name__}: {exc})")
    return status, err.getvalue()


def assert_one_line_error(status: int, stderr: str, expected: str) -> None:
    lines = stderr.strip().splitlines()
    assert status == 2, stderr
    assert "Traceback" not in stderr
    assert len(lines) == 1, stderr
    assert expected in lines[0], lines[0]


def write(path: Path, content: str | bytes) -> Path:
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def config(tmp_path: Path, extra: str = "", name: str = "c") -> str:
    """A tiny train config under ``tmp_path`` with ``extra`` YAML lines appended (a later key
    wins in YAML only when it is not repeated, so the tests add keys the base lacks)."""
    return str(write(tmp_path / f"{name}.yaml",
                     TINY + f"out_dir: {tmp_path / 'runs'}\n" + extra))


# --- evaluate ------------------------------------------------------------------------------------

EVALUATE: list[tuple[str, Callable[[Path], list[str]], str]] = [
    ("missing checkpoint", lambda t: ["--agents", "random", str(t / "none.zip"), "--games", "2",
                                      "--trust-pickle"], "none.zip: no such policy checkpoint"),
    ("corrupt checkpoint", lambda t: ["--agents", "random",
                                      str(write(t / "bad.zip", b"PK\x03\x04junk")),
                                      "--games", "2", "--trust-pickle"],
     "bad.zip: not a MaskablePPO checkpoint"),
    ("checkpoint without --trust-pickle", lambda t: ["--agents", "random",
                                                     str(write(t / "b.zip", b"PK")), "--games",
                                                     "2"], "--trust-pickle"),
    ("missing onnx", lambda t: ["--agents", "random", str(t / "none.onnx")],
     "none.onnx: no such ONNX policy"),
    ("corrupt onnx", lambda t: ["--agents", "random", str(write(t / "bad.onnx", b"junk")),
                                "--games", "2"], "bad.onnx: not a loadable ONNX file"),
    ("unknown agent", lambda t: ["--agents", "random", "champion"], "unknown agent 'champion'"),
    ("unknown system", lambda t: ["--system", "chess"], "unknown env 'chess'"),
    ("games 0", lambda t: ["--games", "0"], "argument --games: must be a whole number >= 1"),
    ("seed -1", lambda t: ["--seed", "-1"], "argument --seed: must be a whole number >= 0"),
    ("games not a number", lambda t: ["--games", "many"], "expected a whole number, got 'many'"),
    ("one agent", lambda t: ["--agents", "random"], "at least two agents"),
    ("out under a file", lambda t: ["--games", "1", "--out", str(write(t / "f", "x") / "o")],
     "a file is in the way"),
]


@pytest.mark.parametrize(("case", "args", "expected"), EVALUATE, ids=[c[0] for c in EVALUATE])
def test_evaluate_bad_input(tmp_path, case, args, expected):
    assert_one_line_error(*run_main(["evaluate", *args(tmp_path)]), expected)


# --- train: the config -------------------------------------------------------------------------

TRAIN_CONFIG: list[tuple[str, str, str]] = [
    ("unknown env option", "env: {nope: 1}\n", "env: land_air_sea: unknown option(s) ['nope']"),
    ("learner_seat 5", "learner_seat: 5\n", "learner_seat: expected 'random' or a seat index "
                                            "in 0..1, got 5"),
    ("missing opponent checkpoint", "opponents: {/nonexistent/x.zip: 1}\n",
     "opponents./nonexistent/x.zip: no such policy file"),
    ("unknown opponent", "opponents: {champion: 1}\n", "opponents.champion: unknown agent"),
    ("infinite weight", "opponents: {random: .inf}\n",
     "opponents.random: weight must be a finite number > 0, got inf"),
    ("ent_coef nan", "ent_coef: .nan\n", "ent_coef: must be a finite number >= 0, got nan"),
    ("unknown key", "n_step: 1\n", "unknown key(s) ['n_step']"),
    ("clip_range -1", "clip_range: -1\n", "clip_range: must be a finite number in (0, 1], "
                                          "got -1.0"),
    ("clip_range nan", "clip_range: .nan\n", "clip_range: must be a finite number in (0, 1], "
                                             "got nan"),
    ("self_play_weight inf", "self_play_weight: .inf\n",
     "self_play_weight: must be a finite number >= 0, got inf"),
    ("net_arch empty", "net_arch: []\n", "net_arch: expected 1 to 16 hidden layer sizes, got []"),
    ("net_arch zero", "net_arch: [64, 0]\n", "net_arch: layer sizes must be in 1..8192"),
    ("gamma nan", "gamma: .nan\n", "gamma: must be a finite number in (0, 1], got nan"),
    ("learning_rate inf", "learning_rate: .inf\n", "learning_rate: must be a finite number"),
    ("seed -1", "seed: -1\n", "seed: must be a whole number in 0..4294967295, got -1"),
    ("opponent key not a string", "opponents: {1: 1}\n", "opponents: keys must be strings"),
    ("nobody to play", "opponents: {}\nself_play_weight: 0\n", "nobody to play"),
]


@pytest.mark.parametrize(("case", "extra", "expected"), TRAIN_CONFIG,
                         ids=[c[0] for c in TRAIN_CONFIG])
def test_train_bad_config(tmp_path, case, extra, expected):
    status, err = run_main(["train", config(tmp_path, extra)])
    assert_one_line_error(status, err, expected)
    assert not (tmp_path / "runs").exists(), "nothing may start before the config is checked"


def test_train_n_steps_too_large_in_both_spellings(tmp_path):
    # 1e9 is a string to YAML 1.1; 1000000000 an int whose rollout buffer would need ~63 GiB.
    text = TINY.replace("n_steps: 64", "n_steps: 1e9") + f"out_dir: {tmp_path}\n"
    assert_one_line_error(*run_main(["train", str(write(tmp_path / "a.yaml", text))]),
                          "n_steps: expected an integer, got '1e9'")
    text = TINY.replace("n_steps: 64", "n_steps: 1000000000") + f"out_dir: {tmp_path}\n"
    assert_one_line_error(*run_main(["train", str(write(tmp_path / "b.yaml", text))]),
                          "n_steps: must be a whole number in 1..4194304, got 1000000000")


def test_train_bad_config_files(tmp_path):
    assert_one_line_error(*run_main(["train", str(tmp_path)]), "is a folder, not a config file")
    bad = write(tmp_path / "bad.yaml", b"seed: \xff\xfe\n")
    assert_one_line_error(*run_main(["train", str(bad)]), "bad.yaml: not UTF-8 text (byte 6)")
    assert_one_line_error(*run_main(["train", str(tmp_path / "none.yaml")]),
                          "none.yaml: no such config file")
    broken = write(tmp_path / "broken.yaml", "system: [unclosed\n")
    assert_one_line_error(*run_main(["train", str(broken)]), "not valid YAML")
    listed = write(tmp_path / "list.yaml", "- 1\n- 2\n")
    assert_one_line_error(*run_main(["train", str(listed)]), "a config is a mapping")


def test_train_out_dir_under_a_file(tmp_path):
    write(tmp_path / "afile", "x")
    text = TINY + f"out_dir: {tmp_path / 'afile' / 'runs'}\n"
    status, err = run_main(["train", str(write(tmp_path / "c.yaml", text))])
    assert_one_line_error(status, err, "a file is in the way")


def test_train_opponent_checkpoints(tmp_path):
    corrupt = write(tmp_path / "opp.zip", b"PK\x03\x04junk")
    cfg = config(tmp_path, f"opponents: {{{corrupt}: 1}}\n")
    # Without --trust-pickle the .zip opponent is refused unopened...
    assert_one_line_error(*run_main(["train", cfg]), "opp.zip: refusing to load an SB3 "
                                                     "checkpoint")
    # ...with it, opened and found corrupt.
    assert_one_line_error(*run_main(["train", cfg, "--trust-pickle"]),
                          "opp.zip: not a MaskablePPO checkpoint")
    onnx = write(tmp_path / "opp.onnx", b"junk")
    assert_one_line_error(*run_main(["train", config(tmp_path, f"opponents: {{{onnx}: 1}}\n")]),
                          "opp.onnx: not a loadable ONNX file")


def test_train_bad_arguments(tmp_path):
    cfg = config(tmp_path)
    assert_one_line_error(*run_main(["train", cfg, "--seed", "-1"]),
                          "argument --seed: must be a whole number >= 0")
    assert_one_line_error(*run_main(["train", cfg, "--total-timesteps", "0"]),
                          "argument --total-timesteps: must be a whole number >= 1")


# --- replay --------------------------------------------------------------------------------------

def _junk_history(tmp_path: Path) -> Path:
    data = json.loads(SEED_003.read_text())
    data["state"]["history"] = [{"x": 1}]
    return write(tmp_path / "junk.json", json.dumps(data))


REPLAY: list[tuple[str, Callable[[Path], Path], str]] = [
    ("a directory", lambda t: t, "is a folder, not a replay file"),
    ("invalid UTF-8", lambda t: write(t / "b.json", b'{"seed": 1, "x": "\xff"}'),
     "not UTF-8 text"),
    ("deep nesting", lambda t: write(t / "d.json", "[" * 100_000 + "]" * 100_000),
     "nested deeper than 200 levels"),
    ("deep nesting inside a state",
     lambda t: write(t / "e.json", '{"state": ' + '{"a": ' * 5000 + "1" + "}" * 5000 + "}"),
     "nested deeper than 200 levels"),
    # The state schema (issue 16) names the first missing field of the junk history entry.
    ("junk history", _junk_history, "state.history[0].battle: Field required"),
    ("history not a list",
     lambda t: write(t / "h.json", json.dumps({**json.loads(SEED_003.read_text()),
                                               "state": {**json.loads(SEED_003.read_text())[
                                                   "state"], "history": "junk"}})),
     "state.history"),
    ("a list, not an object", lambda t: write(t / "l.json", "[1, 2]"),
     "expected a JSON object"),
    ("a negative seed", lambda t: write(t / "s.json", '{"seed": -1}'),
     "'seed' must be a non-negative integer"),
    ("system not a string", lambda t: write(t / "y.json", '{"seed": 1, "system": [1]}'),
     "'system' must be a system name"),
    ("missing file", lambda t: t / "none.json", "none.json: no such replay file"),
]


@pytest.mark.parametrize(("case", "make", "expected"), REPLAY, ids=[c[0] for c in REPLAY])
def test_replay_bad_input(tmp_path, case, make, expected):
    assert_one_line_error(*run_main(["replay", "land_air_sea", str(make(tmp_path))]), expected)


def test_brackets_inside_strings_are_not_nesting(tmp_path):
    # The depth guard counts brackets outside strings only: a replay whose description holds
    # 500 "[" (and an escaped quote) is read and replayed as usual.
    data = json.loads(SEED_003.read_text())
    data["description"] = 'say \\"[' + "[" * 500 + "{"
    status, err = run_main(["replay", "land_air_sea", str(write(tmp_path / "ok.json",
                                                                json.dumps(data)))])
    assert status == 0, err


# --- soak, play, bench, export, loadtest, cards, usage ------------------------------------------

OTHERS: list[tuple[str, Callable[[Path], list[str]], str]] = [
    ("soak seed -1", lambda t: ["soak", "land_air_sea", "--decisions", "10", "--seed", "-1"],
     "argument --seed: must be a whole number >= 0, got -1"),
    ("soak decisions 0", lambda t: ["soak", "land_air_sea", "--decisions", "0"],
     "argument --decisions: must be a whole number >= 1"),
    ("soak out under a file", lambda t: ["soak", "land_air_sea", "--decisions", "10", "--out",
                                         str(write(t / "f", "x") / "o")],
     "a file is in the way"),
    ("soak unknown env", lambda t: ["soak", "chess", "--decisions", "10"], "unknown env 'chess'"),
    ("play unknown bot", lambda t: ["play", "land_air_sea", "--bot", "champion"],
     "unknown agent 'champion'"),
    ("play untrusted zip", lambda t: ["play", "land_air_sea", "--bot",
                                      str(write(t / "b.zip", b"PK"))], "--trust-pickle"),
    ("play seat -1", lambda t: ["play", "land_air_sea", "--seat", "-1"],
     "argument --seat: must be a whole number >= 0"),
    ("play seat 5", lambda t: ["play", "land_air_sea", "--seat", "5"], "--seat must be 0..1"),
    ("play bad option", lambda t: ["play", "land_air_sea", "-o", "nope"],
     "--option 'nope': expected KEY=VALUE"),
    ("bench decisions 0", lambda t: ["bench", "--decisions", "0"],
     "argument --decisions: must be a whole number >= 1"),
    ("export out under a file", lambda t: ["export", str(write(t / "c.zip", b"PK")), "--out",
                                           str(write(t / "f", "x") / "x.onnx"),
                                           "--trust-pickle"],
     "a file is in the way"),
    ("export without --trust-pickle", lambda t: ["export", str(write(t / "c.zip", b"PK")),
                                                 "--out", str(t / "x.onnx")],
     "c.zip: refusing to load an SB3 checkpoint"),
    ("export missing checkpoint", lambda t: ["export", str(t / "none.zip"), "--out",
                                             str(t / "x.onnx"), "--trust-pickle"],
     "none.zip: no such policy checkpoint"),
    ("export out not .onnx", lambda t: ["export", str(t / "c.zip"), "--out", str(t / "x.txt")],
     "must end in .onnx"),
    ("export parity -1", lambda t: ["export", "c.zip", "--out", "x.onnx", "--parity", "-1"],
     "argument --parity: must be a whole number >= 0"),
    ("loadtest clients 0", lambda t: ["loadtest", "--bot", "random", "--clients", "0"],
     "argument --clients: must be a whole number >= 1"),
    ("loadtest nobody listening", lambda t: ["loadtest", "--bot", "random", "--url",
                                             "http://127.0.0.1:1"],
     "cannot reach the service at http://127.0.0.1:1"),
    ("bench option a system refuses", lambda t: ["bench", "--env", "land_air_sea", "-o",
                                                 "nope=1", "--decisions", "10", "--quiet"],
     "land_air_sea: bad option: land_air_sea: unknown option(s) ['nope']"),
    ("bench unknown env", lambda t: ["bench", "--env", "chess"], "unknown env(s) ['chess']"),
    ("cards without the CrossFire folder", lambda t: ["cards", "coverage", "--crossfire",
                                                      str(t / "none")],
     "not a CrossFire folder"),
    ("ceiling unknown env", lambda t: ["ceiling", "chess"], "unknown env 'chess'"),
    ("ceiling bot with chance", lambda t: ["ceiling", "spellfire", "--against", "random"],
     "--against 'random': the ceiling needs a bot whose choice depends only on what it sees"),
    ("ceiling games 0", lambda t: ["ceiling", "spellfire", "--games", "0"],
     "argument --games: must be a whole number >= 1"),
    ("ceiling out under a file", lambda t: ["ceiling", "spellfire", "--out",
                                            str(write(t / "f", "x") / "d")],
     "a file is in the way"),
    ("unknown subcommand", lambda t: ["evaluat"], "invalid choice: 'evaluat'"),
    ("unknown flag", lambda t: ["evaluate", "--gmaes", "3"], "unrecognized arguments: --gmaes 3"),
    ("missing argument", lambda t: ["replay", "land_air_sea"], "the following arguments are "
                                                               "required: file"),
]


@pytest.mark.parametrize(("case", "args", "expected"), OTHERS, ids=[c[0] for c in OTHERS])
def test_other_subcommands_bad_input(tmp_path, case, args, expected):
    assert_one_line_error(*run_main(args(tmp_path)), expected)


# --- train --resume on run folders that do not add up (the run: conftest.py) ------------------

def state_of(run: Path) -> dict:
    return json.loads((run / "checkpoints" / "trainer.json").read_text())


def _refused(cfg: Path, run: Path, expected: str, *extra: str) -> None:
    before = (run / "checkpoints" / "trainer.json").read_bytes() \
        if (run / "checkpoints" / "trainer.json").exists() else None
    status, err = run_main(["train", str(cfg), "--resume", "--total-timesteps", "192", *extra])
    assert_one_line_error(status, err, expected)
    after = (run / "checkpoints" / "trainer.json").read_bytes() \
        if (run / "checkpoints" / "trainer.json").exists() else None
    assert after == before, "a refused resume must leave the run's history as it was"


def test_resume_refuses_a_truncated_model(run_copy):
    cfg, run = run_copy
    model = run / "checkpoints" / state_of(run)["model"]
    model.write_bytes(model.read_bytes()[:1000])
    _refused(cfg, run, "its sha256 differs from the one recorded when it was saved")


def test_resume_refuses_trainer_json_without_history(run_copy):
    cfg, run = run_copy
    state = state_of(run)
    del state["history"]
    (run / "checkpoints" / "trainer.json").write_text(json.dumps(state))
    _refused(cfg, run, "'history' is missing or not a list")


def test_resume_refuses_trainer_json_without_its_model(run_copy):
    cfg, run = run_copy
    (run / "checkpoints" / state_of(run)["model"]).unlink()
    _refused(cfg, run, "which is missing: refusing to resume")


def test_resume_refuses_a_model_without_trainer_json(run_copy):
    cfg, run = run_copy
    (run / "checkpoints" / "trainer.json").unlink()
    _refused(cfg, run, "without trainer.json: the run folder is inconsistent")


def test_resume_refuses_a_changed_snapshot(run_copy):
    cfg, run = run_copy
    snap = run / state_of(run)["snapshots"][0]["file"]
    snap.write_bytes(snap.read_bytes() + b"\0")
    _refused(cfg, run, "snap_000000064.zip: its sha256 differs")


def test_resume_of_a_run_without_hashes_needs_trust(run_copy):
    cfg, run = run_copy
    state = state_of(run)
    (run / "checkpoints" / state.pop("model")).rename(run / "checkpoints" / "latest.zip")
    del state["model_sha256"]
    (run / "checkpoints" / "trainer.json").write_text(json.dumps(state))
    _refused(cfg, run, "written without a model sha256 (an older combatzoo); pass --trust-pickle")


def test_a_fresh_start_over_a_run_is_refused(run_copy):
    cfg, run = run_copy
    before = (run / "checkpoints" / "trainer.json").read_bytes()
    status, err = run_main(["train", str(cfg)])
    assert status == 2 and "already holds a run" in err and "--resume" in err
    assert (run / "checkpoints" / "trainer.json").read_bytes() == before


# --- serve ---------------------------------------------------------------------------------------

def test_serve_on_a_port_in_use_is_one_line():
    pytest.importorskip("uvicorn")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        run = subprocess.run([sys.executable, "-m", "combatzoo.training.cli", "serve", "--port",
                              str(port), "--system", "land_air_sea"], capture_output=True,
                             text=True, timeout=120, cwd=ROOT)
    assert_one_line_error(run.returncode, run.stderr,
                          f"cannot listen on 127.0.0.1:{port}: Address already in use")
    assert run.stdout == ""  # it never claimed to be serving
