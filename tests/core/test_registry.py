"""The registry of systems, build_fronts, Gymnasium registration, event rendering; and the
conformance suite (tests/test_conformance.py) run over the toy system."""

from __future__ import annotations

import pickle

import combatzoo.envs
import gymnasium
import pytest
from combatzoo.envs import registry
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
        "get_spec", "list_envs", "make", "make_engine", "make_parallel", "make_single",
        "register"]
    assert combatzoo.envs.list_envs() == ["land_air_sea", "solium_infernum", "spellfire",
                                          "spellfire_game"]


def test_unknown_system_lists_known_names() -> None:
    for fn in (combatzoo.envs.make, combatzoo.envs.make_parallel, combatzoo.envs.make_single,
               combatzoo.envs.make_engine, combatzoo.envs.get_spec):
        with pytest.raises(ValueError, match=r"unknown combat system 'chess'.*'land_air_sea'"):
            fn("chess")


def test_system_module_missing_convention(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_SYSTEMS", dict(registry._SYSTEMS))
    registry.register("broken", entry_point="tests.core.toy_engine")
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
    registry.register("toy_rps", entry_point="tests.core.toy_system",
                      gym_id="combatzoo/ToyRps-v0")  # again: must be harmless
    with pytest.raises(ValueError, match="already registered as tests.core.toy_system"):
        registry.register("toy_rps", entry_point="tests.core.toy_engine")
    env = gymnasium.make("combatzoo/ToyRps-v0", learner_seat=0)
    obs, info = env.reset(seed=0)
    assert info["learner_seat"] == 0 and obs.shape == (22,)
    env.close()
    assert "combatzoo/LandAirSea-v0" in gymnasium.registry


def test_aliases_resolve_to_their_system(toy_registered: str,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    # The alias table of the project: spellfire's whole game is its own system.
    assert registry.resolve("spellfire", {"mode": "game", "modelled_only": True}) == (
        "spellfire_game", {"modelled_only": True})
    assert registry.resolve("spellfire", {"mode": "battle"}) == ("spellfire", {"mode": "battle"})
    assert registry.resolve("spellfire") == ("spellfire", {})
    assert registry.resolve("land_air_sea", {"mode": "game"}) == ("land_air_sea", {"mode": "game"})
    # A toy alias, through every builder: its options are consumed, the others pass through.
    monkeypatch.setattr(registry, "ALIASES", list(registry.ALIASES))
    registry.register_alias("toy", {"variant": "rps"}, target=toy_registered)
    assert "toy" not in combatzoo.envs.list_envs()
    engine = combatzoo.envs.make_engine("toy", variant="rps", win_points=1)
    assert engine.spec.name == "toy_rps" and engine.win_points == 1  # type: ignore[attr-defined]
    assert combatzoo.envs.make("toy", variant="rps", max_rounds=2).engine.max_rounds == 2  # type: ignore[attr-defined]
    assert combatzoo.envs.make_parallel("toy", variant="rps", max_steps=3).max_steps == 3
    single = combatzoo.envs.make_single("toy", variant="rps", opponent={"random": 2.0})
    assert [(a.name, w) for a, w in single.pool.entries] == [("random", 2.0)]
    with pytest.raises(ValueError, match="unknown combat system 'toy'"):
        combatzoo.envs.make("toy", variant="other")  # no alias matches: 'toy' is no system
    with pytest.raises(ValueError, match="not a registered system"):
        registry.register_alias("toy", {"variant": "x"}, target="nowhere")


def test_opponents_by_name_through_make_single_and_gymnasium(toy_registered: str) -> None:
    single = combatzoo.envs.make_single("land_air_sea", opponent="heuristic")
    assert type(single.opponent).__module__ == "combatzoo.agents.land_air_sea"
    env = gymnasium.make("combatzoo/ToyRps-v0", opponent={"random": 1.0})
    assert [a.name for a, _ in env.unwrapped.pool.entries] == ["random"]  # type: ignore[attr-defined]
    env.close()
    with pytest.raises(ValueError, match="unknown agent 'nobody'"):
        combatzoo.envs.make_single(toy_registered, opponent="nobody")


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
