"""The registry of systems, build_fronts, Gymnasium registration, event rendering; and the
conformance suite (tests/test_conformance.py) run over the toy system."""

from __future__ import annotations

import pickle

import combatzoo.envs
import gymnasium
import pytest
from combatzoo.envs.core import system
from combatzoo.envs.core.aec import CombatAECEnv
from combatzoo.envs.core.engine import Event
from combatzoo.envs.core.parallel import CombatParallelEnv
from combatzoo.envs.core.render import render_events
from combatzoo.envs.core.single import CombatSingleAgentEnv

from tests import test_conformance as conformance

pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
)


def test_envs_exports_exactly_the_registry_functions() -> None:
    assert sorted(combatzoo.envs.__all__) == [
        "get_spec", "list_envs", "make", "make_engine", "make_parallel", "make_single"]
    assert "land_air_sea" in combatzoo.envs.list_envs()


def test_unknown_system_lists_known_names() -> None:
    for fn in (combatzoo.envs.make, combatzoo.envs.make_parallel, combatzoo.envs.make_single,
               combatzoo.envs.make_engine, combatzoo.envs.get_spec):
        with pytest.raises(ValueError, match=r"unknown combat system 'chess'.*'land_air_sea'"):
            fn("chess")


def test_system_module_missing_convention(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(system._SYSTEMS, "broken", "tests.core.toy_engine")
    with pytest.raises(ImportError, match="lacks.*'SPEC'.*'make_engine'"):
        combatzoo.envs.make("broken")


def test_make_functions_build_the_toy_fronts(toy_registered: str) -> None:
    name = toy_registered
    assert name in combatzoo.envs.list_envs()
    assert combatzoo.envs.get_spec(name).gym_id == "combatzoo/ToyRps-v0"
    assert combatzoo.envs.make_engine(name, win_points=1).win_points == 1  # type: ignore[attr-defined]
    aec = combatzoo.envs.make(name, illegal_action="penalize", max_rounds=2)
    assert isinstance(aec, CombatAECEnv) and aec.illegal_action == "penalize"
    assert aec.engine.max_rounds == 2  # type: ignore[attr-defined]
    assert type(aec).__name__ == "raw_env" and aec.metadata["name"] == "toy_rps_v0"
    par = combatzoo.envs.make_parallel(name, max_steps=3)
    assert isinstance(par, CombatParallelEnv) and par.max_steps == 3
    single = combatzoo.envs.make_single(name, opponent="random", learner_seat=1, win_points=2)
    assert isinstance(single, CombatSingleAgentEnv) and single.engine.win_points == 2  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="single_env"):
        combatzoo.envs.make(name, opponent="random")
    with pytest.raises(TypeError):
        combatzoo.envs.make(name, no_such_config=1)


def test_raw_env_pickles_by_reference(toy_registered: str) -> None:
    env = combatzoo.envs.make(toy_registered)
    copy = pickle.loads(pickle.dumps(env))
    assert type(copy) is type(env)


def test_gymnasium_make_and_double_registration(toy_registered: str) -> None:
    system.register_gym_envs()  # again: must be harmless
    env = gymnasium.make("combatzoo/ToyRps-v0", learner_seat=0)
    obs, info = env.reset(seed=0)
    assert info["learner_seat"] == 0 and obs.shape == (22,)
    env.close()
    assert "combatzoo/LandAirSea-v0" in gymnasium.registry


@pytest.mark.parametrize("check", [
    "test_spec_matches_registry", "test_pettingzoo_api", "test_pettingzoo_parallel_api",
    "test_pettingzoo_seed", "test_pettingzoo_parallel_seed", "test_gymnasium_check_env",
    "test_sb3_check_env", "test_gymnasium_make", "test_masked_random_play_to_the_end"])
def test_conformance_suite_passes_on_toy(toy_registered: str, check: str) -> None:
    getattr(conformance, check)(toy_registered)


def test_render_events_one_line_each() -> None:
    events = [Event("tactic_revealed", "player_1 reveals Charge", 1),
              {"kind": "round_won", "text": "player_0 wins round 1"}]
    assert render_events(events) == ("- [tactic_revealed] player_1 reveals Charge\n"
                                     "- [round_won] player_0 wins round 1")
    assert render_events([]) == ""
