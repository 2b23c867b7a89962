"""Infos of the single-agent view (issue 14): a deep copy (SB3's DummyVecEnv makes one of every
step's infos) shares the records, and what was handed out never changes as the game goes on."""

from __future__ import annotations

import copy
import json
import random

import combatzoo.envs
import numpy as np
from combatzoo.envs.core.single import StepInfo


def play(env: combatzoo.envs.CombatSingleAgentEnv, seed: int) -> list[tuple[dict, str]]:
    """Every info of one episode, with its JSON text taken when it was handed out."""
    rng = random.Random(seed)
    _, info = env.reset(seed=seed)
    out = [(info, json.dumps(info))]
    done = False
    while not done:
        legal = np.flatnonzero(env.action_masks())
        _, _, term, trunc, info = env.step(int(rng.choice(legal)))
        out.append((info, json.dumps(info)))
        done = term or trunc
    return out


def test_infos_handed_out_do_not_change_later():
    env = combatzoo.envs.make_single("land_air_sea", opponent="random", num_battles=3)
    infos = play(env, 4)
    # The campaign history grows battle by battle: every earlier info keeps what it said.
    sizes = [len(info["battles"]) for info, _ in infos]
    assert sizes[0] == 0 and sizes[-1] == 3
    for info, text in infos:
        assert json.dumps(info) == text
    assert infos[-1][0]["returns"] == env.engine.returns(env.state)


def test_a_deep_copy_shares_the_records_and_owns_the_dict():
    env = combatzoo.envs.make_single("land_air_sea", opponent="random")
    _, info = env.reset(seed=1)
    rng = random.Random(1)
    _, _, _, _, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
    assert isinstance(info, StepInfo)
    copied = copy.deepcopy(info)
    assert copied == info and copied is not info and type(copied) is StepInfo
    assert copied["events"] is info["events"]
    # SB3 writes its own keys into the copy it keeps: the env's info is not touched.
    copied["TimeLimit.truncated"] = False
    assert "TimeLimit.truncated" not in info
