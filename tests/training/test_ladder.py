"""``combatzoo ladder`` (issue 15, part 2): deterministic over workers and chunks, resumable,
draws counted as not won, outputs written, bad arguments refused with a clear message."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import pytest
from combatzoo.agents.shipped import shipped_path
from combatzoo.training import ladder as ladder_mod
from combatzoo.training.common import UserError
from combatzoo.training.evaluate import tournament
from combatzoo.training.ladder import LadderConfig, collect, ladder, open_folder, plan

from tests.training.conftest import run_main

# Tiny budgets keep the search bot cheap; the line-up is the ladder's own (lineup()).
BUDGETS = (2, 4)
SYSTEM = "land_air_sea"


def _table(result: ladder_mod.LadderResult) -> dict[str, Any]:
    data = result.tournament.to_json()
    return {"matches": data["matches"], "ratings": data["ratings"]}


def test_same_table_with_one_and_two_workers_and_any_chunks(tmp_path: Path) -> None:
    one = ladder(SYSTEM, tmp_path / "one", games=6, seed=11, budgets=BUDGETS, workers=1)
    two = ladder(SYSTEM, tmp_path / "two", games=6, seed=11, budgets=BUDGETS, workers=2,
                 chunk_games=4)  # chunks of 4 and 2 games, spread over two processes
    assert _table(one) == _table(two)
    # The same games as `combatzoo evaluate` on the same seeds: the ladder reuses its matches.
    names = ["random", "heuristic", "mcts@2", "mcts@4", "ppo"]
    evaluated = tournament(SYSTEM, names, games=6, seed=11).to_json()
    assert _table(one) == {"matches": evaluated["matches"], "ratings": evaluated["ratings"]}
    assert [m.games for m in one.tournament.matches] == [6] * 10  # 5 agents: 10 pairs


def test_a_rerun_skips_done_pairs_and_plays_only_what_is_missing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = ladder(SYSTEM, tmp_path, games=4, seed=3, budgets=BUDGETS, chunk_games=2)
    played: list[tuple[int, int]] = []
    real = ladder_mod.play_chunk

    def counting(config: LadderConfig, chunk: ladder_mod.Chunk) -> dict[str, Any]:
        played.append((chunk.pair, chunk.first))
        return real(config, chunk)

    monkeypatch.setattr(ladder_mod, "play_chunk", counting)
    again = ladder(SYSTEM, tmp_path, games=4, seed=3, budgets=BUDGETS, chunk_games=2)
    assert played == []  # 10 pairs x 2 chunks, all saved: nothing replayed
    assert _table(again) == _table(first)
    # A lost chunk (games 2..3 of pair 7, mcts@2 vs mcts@4) is the only thing played again.
    chunk = next(c for c in plan(again.config) if c.pair == 7 and c.first == 2)
    (tmp_path / SYSTEM / "chunks" / chunk.file_name).unlink()
    third = ladder(SYSTEM, tmp_path, games=4, seed=3, budgets=BUDGETS, chunk_games=2)
    assert played == [(7, 2)]
    assert _table(third) == _table(first)


def test_a_changed_argument_is_refused_with_the_difference(tmp_path: Path) -> None:
    ladder(SYSTEM, tmp_path, games=2, seed=0, budgets=BUDGETS)
    with pytest.raises(UserError, match=r"seed: 0 there, 1 now.*another --out"):
        ladder(SYSTEM, tmp_path, games=2, seed=1, budgets=BUDGETS)
    with pytest.raises(UserError, match=r"agents: .*'mcts@4'.*there, .*'mcts@8'.* now"):
        ladder(SYSTEM, tmp_path, games=2, seed=0, budgets=(2, 8))


def test_fewer_or_more_games_reuse_the_games_played(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Game i of a pair does not depend on the number of games: a folder serves any number.
    four = ladder(SYSTEM, tmp_path / "a", games=4, seed=5, budgets=BUDGETS, chunk_games=2)
    fresh_two = ladder(SYSTEM, tmp_path / "b", games=2, seed=5, budgets=BUDGETS, chunk_games=2)
    monkeypatch.setattr(ladder_mod, "play_chunk", _no_games)
    two = ladder(SYSTEM, tmp_path / "a", games=2, seed=5, budgets=BUDGETS, chunk_games=2)
    assert _table(two) == _table(fresh_two)
    assert [m.outcomes for m in two.tournament.matches] == [
        m.outcomes[:2] for m in four.tournament.matches]


def _no_games(config: LadderConfig, chunk: ladder_mod.Chunk) -> dict[str, Any]:
    raise AssertionError(f"played {chunk} again")


def test_draws_are_reported_and_counted_as_not_won(tmp_path: Path) -> None:
    # Hand-written results of one pair: win, draw, draw, loss for the first agent.
    config = LadderConfig(SYSTEM, ("random", "heuristic"), games=4, seed=0, chunk_games=4)
    folder = open_folder(tmp_path, config)
    (chunk,) = plan(config)
    (folder / "chunks" / chunk.file_name).write_text(json.dumps(
        {"outcomes": [1.0, 0.0, 0.0, -1.0], "decision_seconds": {}, "seconds": 1.0}))
    result = collect(config, folder)
    (match,) = result.tournament.matches
    assert (match.wins, match.draws, match.losses) == (1, 2, 1)
    assert match.win_rate == 0.25  # 1 win of 4 games, not 1 of 2 decided games
    # Wilson 95% interval of 1/4 (z^2 = 3.8415): centre (0.25 + 3.8415/8) / 1.9604 = 0.3725,
    # half-width 1.96 * sqrt(0.1875/4 + 3.8415/64) / 1.9604 = 0.3269.
    lo, hi = match.to_json()["win_rate_ci95"]
    assert lo == pytest.approx(0.0456, abs=5e-4) and hi == pytest.approx(0.6994, abs=5e-4)
    assert result.tournament.matrix()[1][0] == 0.25  # heuristic's side: 1 win of 4 too
    assert "W/D/L 1/2/1" in result.table() and "| 1/2/1 | 25.0% [4.6%, 69.9%] |" in \
        result.markdown()
    # The ratings see a draw as a tie: two equal players who only draw stay equal.
    (folder / "chunks" / chunk.file_name).write_text(json.dumps(
        {"outcomes": [0.0] * 4, "decision_seconds": {}, "seconds": 1.0}))
    r = collect(config, folder).tournament.ratings
    assert r["random"]["mu"] == pytest.approx(r["heuristic"]["mu"])
    assert r["random"]["sigma"] < 25 / 3  # they did learn something: sigma fell from 25/3


def test_json_png_and_table_are_written(tmp_path: Path) -> None:
    status, err = run_main(["ladder", SYSTEM, "--games", "2", "--budgets", "2", "4",
                            "--out", str(tmp_path / "out"), "--png-dir", str(tmp_path / "img")])
    assert status == 0, err
    folder = tmp_path / "out" / SYSTEM
    data = json.loads((folder / f"ladder_{SYSTEM}.json").read_text())
    assert data["tournament"]["agents"] == ["random", "heuristic", "mcts@2", "mcts@4", "ppo"]
    assert all(m["games"] == 2 for m in data["tournament"]["matches"])
    timing = data["search_ms_per_decision"]
    assert set(timing) == {"mcts@2", "mcts@4"}
    assert all(t["decisions"] > 0 and 0 < t["median"] <= t["p99"] for t in timing.values())
    low, high = data["load1_range"]
    assert 0 <= low <= high
    onnx = shipped_path(SYSTEM)
    assert onnx is not None
    assert data["policy_sha256"] == {"ppo": hashlib.sha256(onnx.read_bytes()).hexdigest()}
    for png in (folder / f"ladder_{SYSTEM}.png", tmp_path / "img" / f"ladder_{SYSTEM}.png"):
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "OpenSkill" in (folder / f"ladder_{SYSTEM}.txt").read_text()
    assert "pairs 10/10" in err and "ETA" in err  # progress lines


def test_agents_replace_the_line_up(tmp_path: Path) -> None:
    status, err = run_main(["ladder", SYSTEM, "--games", "2", "--agents", "random", "rollout@2",
                            "--out", str(tmp_path)])
    assert status == 0, err
    data = json.loads((tmp_path / SYSTEM / f"ladder_{SYSTEM}.json").read_text())
    assert data["tournament"]["agents"] == ["random", "rollout@2"]
    assert [m["games"] for m in data["tournament"]["matches"]] == [2]
    assert set(data["search_ms_per_decision"]) == {"rollout@2"}
    status, err = run_main(["ladder", SYSTEM, "--games", "2", "--agents", "random", "champion",
                            "--out", str(tmp_path / "other")])
    assert status == 2 and "unknown agent 'champion'" in err


def test_unknown_system_or_agent_is_one_clear_line(tmp_path: Path) -> None:
    status, err = run_main(["ladder", "land_air_sea", "chess", "--out", str(tmp_path)])
    assert status == 2 and "unknown env 'chess'" in err
    assert not (tmp_path / "land_air_sea").exists()  # refused before the first game
    with pytest.raises(ValueError, match=r"unknown agent 'champion'.*known agents"):
        ladder(SYSTEM, tmp_path, games=2, agents=["random", "champion"])
    with pytest.raises(UserError, match="workers must be at least 1"):
        ladder(SYSTEM, tmp_path, games=2, workers=0)


def test_a_game_that_fails_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine or bot error in a game stops the ladder with one line that says which pair
    and game (and its seed) to replay."""
    from combatzoo.envs.core.errors import StateError
    from combatzoo.training import evaluate

    real = evaluate.play_game

    def failing(engine: Any, agents: Any, seed: int) -> list[float]:
        if seed == 12 and [a.name for a in agents] == ["heuristic", "random"]:
            raise StateError("state.game.benched", "a sampler's refusal")
        return real(engine, agents, seed)

    monkeypatch.setattr(evaluate, "play_game", failing)
    status, err = run_main(["ladder", SYSTEM, "--games", "4", "--seed", "9", "--budgets", "2",
                            "4", "--out", str(tmp_path)])
    assert status == 2
    (line,) = err.strip().splitlines()[-1:]
    assert "state.game.benched: a sampler's refusal" in line
    assert "(ladder land_air_sea: random vs heuristic, game 3 (seed 12))" in line


def _runs(pid: int) -> bool:
    """Whether process ``pid`` still runs (Linux: a zombie waiting to be reaped does not)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):  # gone (reaped while being read)
        return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_an_error_stops_the_workers_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """On an error the ladder ends its worker processes and drops the chunks not started,
    instead of playing every other chunk (hours of a whole-game ladder) before saying so."""
    import threading
    import time
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool
    from multiprocessing import get_context

    # An error in the executor's own thread (a future settled twice) would only be logged.
    thread_errors: list[BaseException | None] = []
    monkeypatch.setattr(threading, "excepthook", lambda a: thread_errors.append(a.exc_value))

    pool = ProcessPoolExecutor(max_workers=2, mp_context=get_context("spawn"))
    futures = [pool.submit(time.sleep, 60) for _ in range(8)]
    deadline = time.monotonic() + 60
    while not (futures[0].running() and futures[1].running()) and time.monotonic() < deadline:
        time.sleep(0.05)
    pids = [p.pid for p in pool._processes.values() if p.pid is not None]
    start = time.monotonic()
    ladder_mod._stop(pool)
    while any(_runs(pid) for pid in pids) and time.monotonic() - start < 20:
        time.sleep(0.05)
    assert len(pids) == 2 and not any(_runs(pid) for pid in pids)
    assert time.monotonic() - start < 20  # not the 60 s of the tasks in play
    # Two tasks run and the executor queues up to three more; the rest are dropped, none run,
    # and every future is settled when _stop returns.
    assert all(f.done() for f in futures)
    assert all(f.cancelled() or isinstance(f.exception(), BrokenProcessPool)
               for f in futures[5:])
    assert thread_errors == []


def _children(pid: int) -> list[int]:
    """The live child processes of ``pid`` (Linux /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text(encoding="ascii").rsplit(")", 1)[1].split()
        except (OSError, UnicodeDecodeError):
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(stat.parent.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_a_killed_ladder_ends_its_workers(tmp_path: Path) -> None:
    """``kill`` (SIGTERM) of a running ladder ends its worker processes as Ctrl-C does; they
    used to go on playing chunks whose results nobody would save."""
    import signal
    import subprocess
    import sys
    import time

    # A search bot of 3,000 simulations keeps both workers busy far longer than the test.
    cmd = [sys.executable, "-m", "combatzoo.training.cli", "ladder", SYSTEM, "--games", "4",
           "--seed", "0", "--budgets", "1000", "3000", "--workers", "2", "--out", str(tmp_path)]
    # Run from tmp_path: the project root's combatzoo/ folder would shadow the package.
    proc = subprocess.Popen(cmd, stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    try:
        deadline = time.monotonic() + 120
        workers: list[int] = []
        while len(workers) < 2 and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.2)
            workers = [p for p in _children(proc.pid)
                       if b"spawn_main" in Path(f"/proc/{p}/cmdline").read_bytes()]
        assert len(workers) >= 2, (workers, proc.poll())
        time.sleep(3)  # the workers are playing their first chunks
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)
        start = time.monotonic()
        while any(_runs(pid) for pid in workers) and time.monotonic() - start < 20:
            time.sleep(0.1)
        assert not any(_runs(pid) for pid in workers)
        assert proc.returncode != 0
    finally:
        workers_left = [pid for pid in locals().get("workers", []) if _runs(pid)]
        proc.kill()
        proc.wait()
        for pid in workers_left:
            os.kill(pid, signal.SIGKILL)
