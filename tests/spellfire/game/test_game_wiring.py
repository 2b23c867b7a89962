"""The whole game reached through the registry: its own system ``spellfire_game`` (AEC,
Parallel, the Gymnasium id), the alias ``make("spellfire", mode="game")``, and the registered
heuristic bots, which read action kinds and arguments, never labels."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from combatzoo.agents import make_agent
from combatzoo.agents.spellfire_game import HeuristicAgent
from combatzoo.envs import get_spec, list_envs, make, make_engine, make_parallel, make_single
from combatzoo.envs.spellfire import GAME_SPEC, SPEC
from combatzoo.envs.spellfire.game.rules import SpellfireGameEngine
from combatzoo.training.evaluate import play_game


def test_the_game_is_its_own_system() -> None:
    assert "spellfire_game" in list_envs()
    assert get_spec("spellfire_game") == GAME_SPEC
    assert (GAME_SPEC.name, GAME_SPEC.gym_id) == ("spellfire_game", "combatzoo/SpellfireGame-v0")
    assert isinstance(make_engine("spellfire_game"), SpellfireGameEngine)
    assert make_parallel("spellfire_game").metadata["name"] == "spellfire_game_v0"
    env = gymnasium.make("combatzoo/SpellfireGame-v0", opponent="random")
    obs, _ = env.reset(seed=0)
    assert obs.shape == (GAME_SPEC.obs_size,)
    env.close()


def test_mode_game_is_an_alias_of_the_game_system() -> None:
    assert make_engine("spellfire", mode="game").spec == GAME_SPEC
    assert make_engine("spellfire").spec == SPEC
    env = make("spellfire", mode="game")
    assert type(env) is type(make("spellfire_game"))
    env.reset(seed=0)
    agent = env.agents[0]
    assert env.observation_space(agent)["observation"].shape == (GAME_SPEC.obs_size,)
    assert env.action_space(agent).n == GAME_SPEC.num_actions
    single = make_single("spellfire", mode="game", opponent="heuristic")
    obs, _ = single.reset(seed=0)
    assert obs.shape == (GAME_SPEC.obs_size,)
    assert single.unwrapped.action_masks().shape == (GAME_SPEC.num_actions,)


def test_the_game_systems_heuristic_plays_whole_games_and_beats_random() -> None:
    engine = make_engine("spellfire", mode="game")
    wins = 0
    for seed in range(6):
        bots = [make_agent("spellfire_game", "heuristic"), make_agent("spellfire_game", "random")]
        if seed % 2:
            bots.reverse()
        returns = play_game(engine, bots, seed=seed)
        wins += returns[seed % 2] > 0
    # The game bot builds its formation and attacks what it can beat; random does neither.
    assert wins >= 5


def test_the_game_systems_heuristic_is_the_game_bot() -> None:
    assert isinstance(make_agent("spellfire_game", "heuristic"), HeuristicAgent)
    # The battle bot refuses a whole-game view by name instead of misplaying it.
    engine = make_engine("spellfire", mode="game")
    state = engine.new_game(np.random.default_rng(0))
    p = engine.to_act(state)[0]
    with pytest.raises(ValueError, match="spellfire_game"):
        make_agent("spellfire", "heuristic").act(None, engine.legal_mask(state, p),
                                                 engine.view(state, p))


def test_battle_mode_still_plays_with_the_same_bot() -> None:
    engine = make_engine("spellfire")
    bot = make_agent("spellfire", "heuristic")
    state = engine.new_game(np.random.default_rng(1))
    while not engine.is_over(state):
        p = engine.to_act(state)[0]
        engine.apply(state, {p: bot.act(None, engine.legal_mask(state, p),
                                        engine.view(state, p))})
    assert engine.returns(state) in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])


def test_the_battle_modules_own_fronts_name_the_game_system_for_mode_game() -> None:
    # Only the registry resolves the alias; the battle's own module says where the game is.
    from combatzoo.envs import spellfire
    from combatzoo.envs.core.errors import StateError

    with pytest.raises(StateError, match="spellfire_game"):
        spellfire.env(mode="game")
    assert make("spellfire", mode="game").engine.spec.name == "spellfire_game"
