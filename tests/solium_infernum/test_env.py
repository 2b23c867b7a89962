"""The Solium Infernum fronts, the agent and the commands, run for real (fast)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
from combatzoo.agents import make_agent
from combatzoo.envs import make, make_engine, make_single

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "solium_infernum"


def combatzoo(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "combatzoo.training.cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=120, cwd=ROOT)


def test_aec_episode_with_heuristic_against_random_ends_with_rewards_and_info():
    env = make("solium_infernum")
    env.reset(seed=3)
    bots = {"player_0": make_agent("solium_infernum", "heuristic"),
            "player_1": make_agent("solium_infernum", "random", seed=0)}  # seeded: deterministic
    final = {}
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            final[agent] = reward
            env.step(None)
            continue
        p = int(agent[-1])
        view = env.engine.view(env.state, p)
        env.step(bots[agent].act(obs["observation"], obs["action_mask"], view))
    assert final == {"player_0": 1.0, "player_1": -1.0}  # the heuristic beats random play
    assert set(info) >= {"places_held", "legions_destroyed", "events"}


def test_heuristic_beats_random_on_the_map():
    engine = make_engine("solium_infernum")
    heuristic = make_agent("solium_infernum", "heuristic")
    total = 0.0
    # A seeded random opponent per game (unseeded, the test was not deterministic: measured
    # totals 4 to 6 of 6). Measured with these seeds: the heuristic wins all 12 games.
    for seed in range(12):
        rand = make_agent("solium_infernum", "random", seed=seed)
        state = engine.new_game(np.random.default_rng(seed))
        seat = seed % 2
        while not engine.is_over(state):
            joint = {}
            for p in engine.to_act(state):
                bot = heuristic if p == seat else rand
                view = engine.view(state, p) if bot is heuristic else None
                joint[p] = int(bot.act(engine.observe(state, p), engine.legal_mask(state, p),
                                       view))
            engine.apply(state, joint)
        total += engine.returns(state)[seat]
    assert total >= 9


def test_single_agent_view_trains_with_maskable_ppo_for_a_few_steps():
    from sb3_contrib import MaskablePPO

    env = make_single("solium_infernum", opponent="heuristic", illegal_action="penalize")
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=32, n_epochs=1, seed=0,
                        policy_kwargs={"net_arch": [32]})
    model.learn(total_timesteps=128)
    obs, _ = env.reset(seed=1)
    action, _ = model.predict(obs, action_masks=env.action_masks())
    assert env.action_masks()[int(action)]


def test_replay_of_the_seed_004_support_example():
    run = combatzoo("replay", "solium_infernum", str(EXAMPLES / "seed_004_support_example.json"),
                    "--json")
    assert run.returncode == 0, run.stderr
    doc = json.loads(run.stdout)
    totals = [e for step in doc["steps"] for e in step["events"] if e["kind"] == "battle_totals"]
    assert totals[0]["data"]["defender"] == [9, 2, 8]
    assert doc["returns"] == [-1.0, 1.0]


def test_replay_of_the_other_examples():
    for name, text in (("melee_first_and_cards.json", "order Melee, Ranged, Infernal"),
                       ("capture_a_place.json", "player_0 takes Well of Souls (at 1 HP)")):
        run = combatzoo("replay", "solium_infernum", str(EXAMPLES / name))
        assert run.returncode == 0, run.stderr
        assert text in run.stdout


def test_play_draws_the_map_as_text_and_finishes_with_piped_input():
    run = combatzoo("play", "solium_infernum", "--seed", "1", "--bot", "random",
                    "-o", "turns=4", stdin="1\n" * 40)
    assert run.returncode == 0, run.stderr
    assert " 0  .  A  B0 C  . " in run.stdout  # the duel_5x5 map, row 0
    assert "Game over." in run.stdout
