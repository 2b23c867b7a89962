"""Potential-based reward shaping (training/shaping.py, issue 15): the whole game's potential
counts unrazed realms, the shaping terms are ``weight * (gamma * phi(s') - phi(s))`` with
``phi`` 0 at the end, and over an episode they add up to ``-weight * phi(s_0)`` when
``gamma = 1`` (Ng, Harada and Russell 1999), whatever the play."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from combatzoo.envs import make_engine
from combatzoo.envs.spellfire.game.judge import realm_margin
from combatzoo.training.config import ConfigError, TrainConfig
from combatzoo.training.shaping import POTENTIALS, Shaping
from combatzoo.training.train import Trainer

pytest.importorskip("sb3_contrib")


def test_realm_margin_counts_unrazed_realms_over_six():
    engine = make_engine("spellfire_game")
    state = engine.new_game(np.random.default_rng(0))
    me, them = state.table.players
    # Player 0: realms in A, B and C, B razed: 2 standing. Player 1: D, E, F, none razed: 3.
    me.realms, me.razed = [11, 12, 13, None, None, None], [False, True, False, False, False, False]
    them.realms, them.razed = [None, None, None, 21, 22, 23], [False] * 6
    assert realm_margin(state, 0) == pytest.approx((2 - 3) / 6)
    assert realm_margin(state, 1) == pytest.approx((3 - 2) / 6)
    them.razed = [False, False, False, True, True, True]  # all three razed: 0 standing
    assert realm_margin(state, 0) == pytest.approx(2 / 6)


def test_a_term_is_weight_times_gamma_phi_next_minus_phi_and_phi_is_zero_at_the_end():
    values = iter([0.5, -0.25, 1.0])
    shaping = Shaping(lambda state, seat: next(values), weight=2.0, gamma=0.9)
    shaping.start(None, 0)  # phi(s0) = 0.5
    assert shaping.term(None, 0, terminated=False) == pytest.approx(2.0 * (0.9 * -0.25 - 0.5))
    assert shaping.term(None, 0, terminated=False) == pytest.approx(2.0 * (0.9 * 1.0 + 0.25))
    assert shaping.term(None, 0, terminated=True) == pytest.approx(2.0 * (0.0 - 1.0))


def shaped_env(weight: float, gamma: float, seed: int):
    config = TrainConfig(system="spellfire_game", n_envs=1, seed=seed, shaping=weight,
                         gamma=gamma, opponents={"heuristic": 1.0}, self_play_weight=0.0)
    config.validate()
    return Trainer(config, Path("unused-run-folder"))._vec_env(seed).envs[0]


@pytest.mark.parametrize("seed", [0, 1])
def test_over_a_game_the_terms_add_up_to_minus_weight_times_the_first_potential(seed):
    # gamma = 1: the terms telescope, so the shaped return is the game's return less
    # weight * phi(s0), whatever the actions; the rewards along the way are the potential's steps.
    shaped, plain = shaped_env(0.5, 1.0, seed), shaped_env(0.0, 1.0, seed)
    rng = np.random.default_rng(seed)
    shaped.reset(seed=seed)
    plain.reset(seed=seed)
    single = shaped.unwrapped
    first = realm_margin(single.state, single.learner)
    total_shaped = total_plain = 0.0
    moved = False
    for _ in range(5000):
        before = realm_margin(single.state, single.learner)
        action = int(rng.choice(np.flatnonzero(shaped.action_masks())))
        _, r1, done, _, _ = shaped.step(action)
        _, r2, done2, _, _ = plain.step(action)
        assert done == done2
        after = 0.0 if done else realm_margin(single.state, single.learner)
        assert r1 == pytest.approx(r2 + 0.5 * (after - before))
        moved |= after != before
        total_shaped += r1
        total_plain += r2
        if done:
            break
    assert done and moved  # a whole game, in which the realm margin changed
    assert total_shaped == pytest.approx(total_plain - 0.5 * first)


def test_shaping_is_refused_where_no_potential_or_backend_reads_it():
    assert "spellfire_game" in POTENTIALS
    with pytest.raises(ConfigError, match="no progress potential"):
        TrainConfig(system="land_air_sea", shaping=1.0).validate()
    with pytest.raises(ConfigError, match="shaping"):
        TrainConfig(system="spellfire_game", shaping=-1.0).validate()
    with pytest.raises(ConfigError, match="shaping: only the sb3 backend"):
        TrainConfig(system="spellfire_game", shaping=1.0, backend="rllib").validate()
    # The alias spellfire + mode=game plays the whole game: it has the potential.
    TrainConfig(system="spellfire", env={"mode": "game"}, shaping=1.0).validate()
