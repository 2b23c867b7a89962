"""``draw_reward``: the learner's reward for a game with no winner (issue 15: the targets count
a draw as not won; ``-1`` trains for the win rate)."""

from __future__ import annotations

import numpy as np
import pytest
from combatzoo.training.config import ConfigError, TrainConfig
from combatzoo.training.train import _make_env_fn


def _episodes(draw_reward: float, n: int) -> list[tuple[float, float, list[float]]]:
    """``n`` random-play episodes of Spellfire battles (many end with no attack: a draw, seed
    000 "may attack"): the learner's last reward, its own return and the game's returns."""
    config = TrainConfig(system="spellfire", opponents={"random": 1.0}, self_play_weight=0.0,
                         draw_reward=draw_reward)
    env = _make_env_fn(config, 0, False)()
    rng = np.random.default_rng(0)
    out = []
    for episode in range(n):
        env.reset(seed=episode)
        while True:
            legal = np.flatnonzero(env.action_masks())
            _, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
            if terminated or truncated:
                out.append((float(reward), info["returns"][info["learner_seat"]], info["returns"]))
                break
    return out


def test_a_draw_pays_the_draw_reward_and_a_decided_game_its_return() -> None:
    seen = _episodes(-1.0, 40)
    draws = [r for r, _, returns in seen if not any(returns)]
    decided = [(r, own) for r, own, returns in seen if any(returns)]
    assert draws and decided  # both kinds happen in 40 random battles
    assert all(r == -1.0 for r in draws)
    assert all(r == own and own in (-1.0, 1.0) for r, own in decided)
    # Default 0: the game's own return, a draw pays 0.
    assert all(r == 0.0 for r, _, returns in _episodes(0.0, 40) if not any(returns))


@pytest.mark.parametrize("bad", [2.0, float("nan")])
def test_a_draw_reward_out_of_range_names_the_key(bad: float) -> None:
    with pytest.raises(ConfigError, match="draw_reward"):
        TrainConfig(system="spellfire", draw_reward=bad).validate()


def test_the_rllib_backend_refuses_a_draw_reward() -> None:
    with pytest.raises(ConfigError, match="draw_reward: only the sb3 backend"):
        TrainConfig(system="spellfire", backend="rllib", draw_reward=-1.0).validate()
