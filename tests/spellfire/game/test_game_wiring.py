"""The whole game reached through the registry: ``make("spellfire", mode="game")``, the
single-agent view, and the registered heuristic bot, which hands the turn to the game bot."""

from __future__ import annotations

import numpy as np
from combatzoo.agents import make_agent
from combatzoo.envs import make, make_engine, make_single
from combatzoo.envs.spellfire import GAME_SPEC, SPEC
from combatzoo.training.evaluate import play_game


def test_mode_game_builds_the_game_engine_and_spaces() -> None:
    assert make_engine("spellfire", mode="game").spec == GAME_SPEC
    assert make_engine("spellfire").spec == SPEC
    env = make("spellfire", mode="game")
    env.reset(seed=0)
    agent = env.agents[0]
    assert env.observation_space(agent)["observation"].shape == (GAME_SPEC.obs_size,)
    assert env.action_space(agent).n == GAME_SPEC.num_actions
    single = make_single("spellfire", mode="game", opponent="heuristic")
    obs, _ = single.reset(seed=0)
    assert obs.shape == (GAME_SPEC.obs_size,)
    assert single.unwrapped.action_masks().shape == (GAME_SPEC.num_actions,)


def test_registered_heuristic_plays_whole_games_and_beats_random() -> None:
    engine = make_engine("spellfire", mode="game")
    wins = 0
    for seed in range(6):
        bots = [make_agent("spellfire", "heuristic"), make_agent("spellfire", "random")]
        if seed % 2:
            bots.reverse()
        returns = play_game(engine, bots, seed=seed)
        wins += returns[seed % 2] > 0
    # The game bot builds its formation and attacks what it can beat; random does neither.
    assert wins >= 5


def test_battle_mode_still_plays_with_the_same_bot() -> None:
    engine = make_engine("spellfire")
    bot = make_agent("spellfire", "heuristic")
    state = engine.new_game(np.random.default_rng(1))
    while not engine.is_over(state):
        p = engine.to_act(state)[0]
        engine.apply(state, {p: bot.act(None, engine.legal_mask(state, p),
                                        engine.view(state, p))})
    assert engine.returns(state) in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
