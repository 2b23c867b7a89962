"""``game_rng(seed)`` is ``numpy.random.default_rng(seed)`` (issue 14 builds it directly): the
same numbers, so every front deals the same games from the same seed as before."""

from __future__ import annotations

import numpy as np
import pytest
from combatzoo.envs import make, make_engine, make_parallel, make_single
from combatzoo.envs.core.seeding import game_rng


@pytest.mark.parametrize("seed", [0, 1, 7, 2**31 - 1, 2**62 + 12345, 2**63 - 2])
def test_the_same_stream_as_default_rng(seed: int) -> None:
    ours, numpy_s = game_rng(seed), np.random.default_rng(seed)
    assert ours.bit_generator.state == numpy_s.bit_generator.state
    assert ours.integers(2**62, size=50).tolist() == numpy_s.integers(2**62, size=50).tolist()
    assert ours.permutation(40).tolist() == numpy_s.permutation(40).tolist()
    assert ours.random(5).tolist() == numpy_s.random(5).tolist()


@pytest.mark.parametrize("system", ["land_air_sea", "solium_infernum", "spellfire"])
def test_the_fronts_deal_what_default_rng_deals(system: str) -> None:
    engine = make_engine(system)
    for seed in (3, 40):
        expected = engine.to_json(engine.new_game(np.random.default_rng(seed)))
        aec = make(system)
        aec.reset(seed=seed)
        assert aec.save_state() == expected
        par = make_parallel(system)
        par.reset(seed=seed)
        assert par.engine.to_json(par.state) == expected
    # The single-agent view deals from a number drawn from its own np_random.
    import combatzoo.envs.core.single as single_module

    seeds: list[int] = []

    def spy(seed: int) -> np.random.Generator:
        seeds.append(seed)
        return game_rng(seed)

    single = make_single(system)
    base = single.unwrapped
    dealt: list[dict[str, object]] = []
    deal = base.engine.new_game

    def recording_deal(rng: np.random.Generator) -> object:
        state = deal(rng)
        dealt.append(base.engine.to_json(state))
        return state

    base.engine.new_game = recording_deal
    original = single_module.game_rng
    single_module.game_rng = spy  # type: ignore[assignment]
    try:
        single.reset(seed=5)
    finally:
        single_module.game_rng = original
        del base.engine.new_game
    assert len(seeds) == 1 and len(dealt) == 1
    assert dealt[0] == engine.to_json(engine.new_game(np.random.default_rng(seeds[0])))
