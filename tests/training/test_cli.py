"""The ``combatzoo`` command, run for real in subprocesses: replay, play, bench, soak."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from combatzoo.envs.land_air_sea.rules import LandAirSeaEngine
from combatzoo.training.soak import soak

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "land_air_sea"
SEED_003 = EXAMPLES / "seed_003_first_strike_vs_charge.json"


def combatzoo(*args: str, stdin: str | None = None,
              timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "combatzoo.training.cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=timeout, cwd=ROOT)


def replay_json(path: Path) -> dict[str, Any]:
    run = combatzoo("replay", "land_air_sea", str(path), "--json")
    assert run.returncode == 0, run.stderr
    out: dict[str, Any] = json.loads(run.stdout)
    return out


def events(doc: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e for step in doc["steps"] for e in step["events"] if e["kind"] == kind]


def test_replay_of_the_seed_003_example_gives_the_orcs_15_against_12():
    run = combatzoo("replay", "land_air_sea", str(SEED_003))
    assert run.returncode == 0, run.stderr
    assert "player_1 wins the battle (15 vs 12)" in run.stdout
    assert "State JSON:" in run.stdout and "Returns: player_0 -1, player_1 +1" in run.stdout
    doc = replay_json(SEED_003)
    totals = {e["player"]: e["data"]["total"] for e in events(doc, "strength_total")}
    assert totals == {0: 12, 1: 15}  # seed 003: 10 + First Strike 2; 8 + Charge 7
    paid = {e["player"]: e["data"] for e in events(doc, "tactic_paid")}
    assert paid[0] == {"resource": 4, "sacrificed": {}, "vp": 2}
    assert paid[1] == {"resource": 4, "sacrificed": {"Warrior": 1}, "vp": 3}
    assert doc["returns"] == [-1.0, 1.0] and doc["over"] is True
    assert doc["steps"][0]["actions"]["player_1"] == {"id": 8, "label": "Tactic: Charge"}
    orcs = doc["final_state"]["players"][1]
    assert orcs["army"] == {"Warrior": 2, "Serf": 2} and orcs["destroyed"] == {"Warrior": 1}


def test_replay_of_the_other_examples():
    ambush = replay_json(EXAMPLES / "ambush_cancels_charge.json")
    assert [e["data"]["card"] for e in events(ambush, "tactic_cancelled")] == ["Charge"]
    assert events(ambush, "battle_won")[0]["player"] == 0
    assert ambush["final_state"]["players"][1]["resources"]["mana"] == 6  # Charge cost nothing
    spells = replay_json(EXAMPLES / "spells_then_conscripts.json")
    # Both Conscripts: the defender (player_1) resolves first (seed 003).
    assert [e["player"] for e in events(spells, "conscripts")] == [1, 0]
    assert events(spells, "unit_destroyed")[0]["data"] == {"unit": "Warrior"}
    assert spells["returns"] == [-1.0, 1.0]


def test_replay_with_an_illegal_action_names_the_step_and_the_legal_actions(tmp_path):
    data = json.loads(SEED_003.read_text())
    data["actions"][1]["player_1"] = "Pay the rest in resources"  # 4 Mana for a 6 cost
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    run = combatzoo("replay", "land_air_sea", str(bad))
    assert run.returncode == 2
    assert "Traceback" not in run.stderr
    assert "step 2" in run.stderr and "Sacrifice a Warrior (pays 2)" in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(("content", "expected"), [
    ('{"state": {"players": []', "not valid JSON"),
    ('{"state": {"players": [{"faction": "Humans"}, {"faction": "Gnomes"}]}, "actions": []}',
     "state.players[1].faction"),
    ('{"state": {"players": []}, "actoins": []}', "unknown key(s) ['actoins']"),
    ('{"state": {"players": [{"faction": "Humans"}, {"faction": "Orcs"}]}, '
     '"actions": [{"player_0": "Cast Fireball"}]}', "unknown action label 'Cast Fireball'"),
])
def test_replay_of_a_malformed_file_exits_2_naming_the_problem(tmp_path, content, expected):
    path = tmp_path / "state.json"
    path.write_text(content)
    run = combatzoo("replay", "land_air_sea", str(path))
    assert run.returncode == 2, run.stdout
    assert expected in run.stderr and "Traceback" not in run.stderr


def test_unknown_env_and_missing_file_exit_2():
    run = combatzoo("replay", "no_such_game", str(SEED_003))
    assert run.returncode == 2 and "unknown env 'no_such_game'" in run.stderr
    run = combatzoo("replay", "land_air_sea", "missing.json")
    assert run.returncode == 2 and "missing.json: no such replay file" in run.stderr


def test_play_with_piped_input_finishes_an_episode():
    # Re-prompts on bad input, then always takes the first move.
    answers = "hello\n99\n" + "1\n" * 300
    run = combatzoo("play", "land_air_sea", "--bot", "random", "--seed", "4",
                    "--option", "num_battles=2", stdin=answers)
    assert run.returncode == 0, run.stderr
    assert "Please type a number from 1 to" in run.stdout
    assert "Game over." in run.stdout and "Battle 2 of 2" in run.stdout


def test_play_quits_cleanly_on_q_and_at_end_of_input():
    run = combatzoo("play", "land_air_sea", "--bot", "random", "--seat", "1", stdin="q\n")
    assert run.returncode == 0 and "You left the game." in run.stdout
    run = combatzoo("play", "land_air_sea", "--bot", "random", stdin="")
    assert run.returncode == 0 and "End of input." in run.stdout
    assert "Traceback" not in run.stderr


def test_play_through_an_alias_plays_the_system_it_names():
    # spellfire with mode=game is the registry's spellfire_game, against that system's bot.
    run = combatzoo("play", "spellfire", "--option", "mode=game", "--bot", "heuristic",
                    "--seed", "1", stdin="q\n")
    assert run.returncode == 0, run.stderr
    assert "(whole game): you are player_0, against the heuristic bot" in run.stdout


def test_bench_json_gives_rates_for_the_system_and_the_yardstick():
    run = combatzoo("bench", "--decisions", "300", "--repeats", "2", "--json", "--quiet",
                    "--measure", "aec_random")
    assert run.returncode == 0, run.stderr
    doc = json.loads(run.stdout)
    assert doc["skipped"] == {}, "connect_four_v3 needs pygame (dev extra)"
    rows = {r["target"]: r for r in doc["results"]}
    assert set(rows) >= {"land_air_sea", "connect_four_v3"}
    for row in rows.values():
        assert row["unit"] == "decisions/s" and len(row["repeats"]) == 2
        assert 0 < row["min"] <= row["median"] <= row["max"]
    # Every system's ratio to the yardstick, repeat by repeat (issue 14's targets).
    ratios = doc["yardstick_ratio"]
    assert set(ratios) == set(rows) - {"connect_four_v3"}
    for target, ratio in ratios.items():
        pairs = [a / b for a, b in zip(rows[target]["repeats"],
                                       rows["connect_four_v3"]["repeats"], strict=True)]
        assert ratio == {"median": sum(pairs) / 2, "min": min(pairs), "max": max(pairs)}
    # Whether the rules ran compiled (issue 14): as in this process, which built the same core.
    from combatzoo.envs.land_air_sea import rules

    from combatzoo import compiled

    assert rules.LandAirSeaEngine  # a compiled module's first import settles the status

    core = doc["compiled_core"]
    assert core["reason"].startswith("compiled core")
    assert core["enabled"] == compiled.status().enabled
    assert core["modules"] == len(compiled.status().modules)


def test_bench_option_benches_another_mode():
    run = combatzoo("bench", "--env", "spellfire", "--option", "mode=game", "--decisions", "300",
                    "--repeats", "1", "--json", "--quiet", "--measure", "aec_random")
    assert run.returncode == 0, run.stderr
    rows = {r["target"] for r in json.loads(run.stdout)["results"]}
    assert rows == {"spellfire[mode=game]", "connect_four_v3"}
    bad = combatzoo("bench", "--env", "spellfire", "--option", "mode=arena", "--decisions", "10",
                    "--repeats", "1", "--quiet", "--measure", "aec_random")
    assert bad.returncode == 2 and "mode" in bad.stderr


def test_soak_passes_on_the_engine():
    run = combatzoo("soak", "land_air_sea", "--decisions", "3000", "--seed", "7",
                    "--full-every", "5", "--out", "runs/soak-test")
    assert run.returncode == 0, run.stdout + run.stderr
    assert ": 0 failure(s)" in run.stdout


class _LeakyEngine(LandAirSeaEngine):
    """Spends one Ore too many whenever the second battle starts: resources go negative."""

    def legal_actions(self, state: Any, player: int) -> list[int]:
        # Only the defect below may show, whatever else the engine does.
        return sorted(super().legal_actions(state, player))

    def _start_battle(self, state: Any, events: list) -> None:
        super()._start_battle(state, events)
        if state.battle == 1:
            state.players[0].resources["ore"] = -1


def test_soak_reports_a_broken_engine_with_a_reproducer(tmp_path):
    lines: list[str] = []
    report = soak(_LeakyEngine(), decisions=5000, seed=40, out=tmp_path, progress=lines.append)
    assert len(report.failures) == 1
    failure = report.failures[0]
    assert failure.seed == 40 and any("has -1 ore" in p for p in failure.problems)
    assert failure.reproducer is not None and failure.reproducer.exists()
    assert "seed 40" in lines[0] and str(failure.reproducer) in lines[0]
    data = json.loads(failure.reproducer.read_text())
    assert data["seed"] == 40 and data["actions"] == failure.actions and data["actions"]
    # The reproducer is a replay file: the correct engine replays it without the defect.
    run = combatzoo("replay", "land_air_sea", str(failure.reproducer), "--json")
    assert run.returncode == 0, run.stderr
    doc = json.loads(run.stdout)
    assert len(doc["steps"]) == failure.step
    assert doc["final_state"]["players"][0]["resources"]["ore"] >= 0


def test_the_labels_replay_prints_are_accepted_back(tmp_path):
    # Issue 13: replay prints state labels with card names ("Champion from hand 2: ..."); a
    # file written with those labels replays the same game.
    import numpy as np
    from combatzoo.envs import make_engine

    engine = make_engine("spellfire")
    state = engine.new_game(np.random.default_rng(3))
    rng = np.random.default_rng(0)
    steps = []
    while not engine.is_over(state) and len(steps) < 12:
        joint = {p: int(rng.choice(engine.legal_actions(state, p))) for p in engine.to_act(state)}
        steps.append({f"player_{p}": a for p, a in joint.items()})
        engine.apply(state, joint)
    by_id = tmp_path / "ids.json"
    by_id.write_text(json.dumps({"seed": 3, "actions": steps}))
    first = combatzoo("replay", "spellfire", str(by_id), "--json")
    assert first.returncode == 0, first.stderr
    doc = json.loads(first.stdout)
    printed = [{agent: a["label"] for agent, a in step["actions"].items()}
               for step in doc["steps"]]
    assert any(":" in label for step in printed for label in step.values())  # names in them
    by_label = tmp_path / "labels.json"
    by_label.write_text(json.dumps({"seed": 3, "actions": printed}))
    second = combatzoo("replay", "spellfire", str(by_label), "--json")
    assert second.returncode == 0, second.stderr
    assert json.loads(second.stdout)["final_state"] == doc["final_state"]


CROSSFIRE = (ROOT / ".." / "shared" / "data" / "crossfire").resolve()


@pytest.mark.skipif(not (CROSSFIRE / "DataBase").is_dir(), reason="no CrossFire data beside")
def test_replay_config_crossfire_is_relative_to_the_file(tmp_path):
    # Issue 13: config.crossfire in a replay file is a folder relative to that file.
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "cf").symlink_to(CROSSFIRE)
    (tmp_path / "replays").mkdir()
    good = tmp_path / "replays" / "r.json"
    good.write_text(json.dumps({"config": {"crossfire": "../data/cf"}, "seed": 1,
                                "actions": []}))
    run = combatzoo("replay", "spellfire", str(good), "--json")
    assert run.returncode == 0, run.stderr
    bad = tmp_path / "replays" / "bad.json"
    bad.write_text(json.dumps({"config": {"crossfire": "data/cf"}, "seed": 1, "actions": []}))
    run = combatzoo("replay", "spellfire", str(bad))
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1
    assert "config.crossfire" in run.stderr and "replays/data/cf" in run.stderr


@pytest.mark.skipif(not (CROSSFIRE / "DataBase").is_dir(), reason="no CrossFire data beside")
def test_replay_config_crossfire_env_reads_the_environment_variable(tmp_path, monkeypatch):
    # `combatzoo soak -o crossfire=env` records "env": the COMBATZOO_CROSSFIRE folder, not a
    # folder named "env" beside the file; unset, one clear line.
    replay = tmp_path / "r.json"
    replay.write_text(json.dumps({"config": {"crossfire": "env"}, "seed": 1, "actions": []}))
    monkeypatch.setenv("COMBATZOO_CROSSFIRE", str(CROSSFIRE))
    run = combatzoo("replay", "spellfire", str(replay), "--json")
    assert run.returncode == 0, run.stderr
    monkeypatch.delenv("COMBATZOO_CROSSFIRE")
    run = combatzoo("replay", "spellfire", str(replay))
    assert run.returncode == 2 and len(run.stderr.strip().splitlines()) == 1
    assert "config.crossfire" in run.stderr and "COMBATZOO_CROSSFIRE" in run.stderr
