"""The Spellfire battle through its PettingZoo fronts: random games with the protocol checked
by hand, options and their errors, illegal actions, save / load, hand-written states with
mistakes, hidden information, feature-based observations, rendering, and the heuristic bot
against the random one.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pytest
from combatzoo.agents.spellfire import HeuristicAgent
from combatzoo.envs.core.codec import NOOP
from combatzoo.envs.core.errors import IllegalActionError, StateError
from combatzoo.envs.spellfire import env as make_env
from combatzoo.envs.spellfire import parallel_env as make_parallel
from combatzoo.envs.spellfire.battle.env import SPEC, make_engine

from tests.scripting import heuristic_vs_random

AGENTS = ["player_0", "player_1"]


def index(agent: str) -> int:
    return int(agent.removeprefix("player_"))


def legal_of(mask: np.ndarray) -> list[int]:
    return np.flatnonzero(mask).tolist()


def check_obs(obs: dict[str, np.ndarray]) -> None:
    vec, mask = obs["observation"], obs["action_mask"]
    assert vec.dtype == np.float32 and vec.shape == (SPEC.obs_size,)
    assert vec.min() >= -1.0 and vec.max() <= 1.0
    assert mask.dtype == np.int8 and mask.shape == (SPEC.num_actions,) and mask.any()


@pytest.mark.parametrize("seed", range(8))
def test_aec_random_game_follows_the_protocol(seed: int) -> None:
    env = make_env()
    env.reset(seed=seed)
    engine = env.engine
    rng = random.Random(seed)
    decisions = 0
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        check_obs(obs)
        assert {"outcome", "winner", "events"} <= set(info)
        if term or trunc:
            final[agent] = reward
            env.step(None)
            continue
        assert engine.to_act(env.state) == [index(agent)]
        legal = legal_of(obs["action_mask"])
        assert legal == engine.legal_actions(env.state, index(agent)) and NOOP not in legal
        env.step(rng.choice(legal))
        decisions += 1
        assert decisions <= SPEC.max_decisions
    b = env.state.battle
    assert final == {f"player_{p}": engine.returns(env.state)[p] for p in (0, 1)}
    assert sum(final.values()) == 0.0
    if b.outcome in ("razed", "repelled"):
        assert final[f"player_{b.winner}"] == 1.0
    else:
        assert set(final.values()) == {0.0}


@pytest.mark.parametrize("seed", range(4))
def test_parallel_random_game_gives_the_idle_agent_noop_only(seed: int) -> None:
    env = make_parallel()
    obs, _ = env.reset(seed=seed)
    rng = random.Random(seed)
    while env.agents:
        acting = env.engine.to_act(env.state)
        actions = {}
        for agent in env.agents:
            legal = legal_of(obs[agent]["action_mask"])
            if index(agent) not in acting:
                assert legal == [NOOP]
            actions[agent] = rng.choice(legal)
        obs, rewards, terms, truncs, _ = env.step(actions)
    assert all(terms.values()) and sum(rewards.values()) == 0.0


def test_practice_pack_and_deck_options() -> None:
    env = make_env(pack="practice", decks=["Practice A", "Practice B"], attacker="player_1")
    env.reset(seed=0)
    assert env.state.attacker == 1
    assert env.agent_selection == "player_1"
    keys = set(env.state.cards)
    assert all(k.startswith("PR/") for k in keys)


def test_default_decks_are_builtin_starter_decks() -> None:
    engine = make_engine()
    state = engine.new_game(np.random.default_rng(3))
    assert len(state.cards) == 110
    assert all(engine.card(k).set_id == "1st" for k in state.cards)


def test_modelled_only_leaves_unmodelled_cards_out_of_builtin_decks() -> None:
    """Issue 4: the env can be told to leave cards whose power is not modelled out of decks."""
    from combatzoo.envs.spellfire.cards.cards import Power
    from combatzoo.envs.spellfire.cards.pack import load_builtin_pack

    pack = load_builtin_pack()
    unmodelled = {k for k, c in pack.cards.items() if c.power is Power.UNMODELLED}
    assert unmodelled, "the starter decks hold unmodelled cards; this test needs some"

    def dealt(**options: Any) -> set[str]:
        engine = make_engine(**options)
        keys: set[str] = set()
        for seed in range(60):
            keys |= set(engine.new_game(np.random.default_rng(seed)).cards)
        return keys

    assert dealt() & unmodelled
    assert not dealt(modelled_only=True) & unmodelled


@pytest.mark.parametrize(("options", "field"), [
    ({"decks": ["Nope", "Practice A"], "pack": "practice"}, r"decks\[0\]"),
    ({"attacker": "player_2"}, "attacker"),
    ({"hand_size": [5, 30]}, "hand_size"),
    ({"pack": "deluxe"}, "pack"),
    ({"realms": [0, 3]}, "realms"),
])
def test_bad_options_are_errors_naming_the_option(options: dict[str, Any], field: str) -> None:
    with pytest.raises(StateError, match=field):
        env = make_env(**options)
        env.reset(seed=0)


def test_unknown_option_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="colour"):
        make_env(colour="red")


def test_illegal_action_names_the_action_and_the_legal_labels() -> None:
    env = make_env(pack="practice")
    env.reset(seed=1)
    with pytest.raises(IllegalActionError, match="Play hand 3.*Legal are"):
        env.step(make_engine().codec.id_of("Play hand 3"))


def record(env: Any, rng: random.Random) -> list[Any]:
    out = []
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        action = None if term or trunc else rng.choice(legal_of(obs["action_mask"]))
        out.append((agent, obs["observation"].tolist(), obs["action_mask"].tolist(), reward,
                    action))
        env.step(action)
    return out


@pytest.mark.parametrize("seed", range(3))
def test_save_and_load_state_continue_identically(seed: int) -> None:
    env = make_env()
    env.reset(seed=seed)
    rng = random.Random(seed)
    for _ in range(2):
        if env.agents and not env.terminations[env.agent_selection]:
            env.step(rng.choice(legal_of(env.observe(env.agent_selection)["action_mask"])))
    saved = json.loads(json.dumps(env.save_state()))
    tail = record(env, random.Random(seed + 100))
    again = make_env()
    again.load_state(saved)
    assert again.save_state() == saved
    assert record(again, random.Random(seed + 100)) == tail


def saved_state() -> dict[str, Any]:
    env = make_env(pack="practice")
    env.reset(seed=0)
    return json.loads(json.dumps(env.save_state()))


@pytest.mark.parametrize(("mistake", "field"), [
    (lambda s: s["cards"].__setitem__(0, "PR/999"), r"state\.cards\[0\]"),
    (lambda s: s["players"][0]["hand"].append(0), r"in 2 zones"),
    (lambda s: s["players"][0]["hand"].append("PR/999"), r"players\[0\]\.hand\[\d+\]"),
    (lambda s: s["battle"].update(step="cards"), r"state\.battle"),
    (lambda s: s["battle"].update(realm="G"), r"state\.battle\.realm"),
    (lambda s: s.update(players=s["players"][:1]), r"state\.players"),
    (lambda s: s.update(system="land_air_sea"), r"state\.system"),
    (lambda s: s.update(colour="red"), r"state.*colour"),
])
def test_from_json_errors_name_the_field(mistake: Any, field: str) -> None:
    data = saved_state()
    mistake(data)
    env = make_env(pack="practice")
    with pytest.raises(StateError, match=field):
        env.load_state(data)


def test_hand_written_state_with_card_keys_loads() -> None:
    env = make_env(pack="practice")
    env.load_state({"attacker": 1, "players": [
        {"formation": ["PR/1", {"realm": "PR/3", "razed": True}], "hand": ["PR/20"]},
        {"formation": ["PR/2"], "hand": ["PR/23", "PR/30"], "pool": [
            {"champion": "PR/21", "attached": ["PR/40"]}]}]})
    assert env.agent_selection == "player_1"
    assert env.state.cards == ["PR/20", "PR/1", "PR/3", "PR/23", "PR/30", "PR/21", "PR/40",
                               "PR/2"]


# --- what a player sees -----------------------------------------------------------------------


def test_the_opponents_hand_and_draw_order_never_show() -> None:
    engine = make_engine(pack="practice")
    state = engine.new_game(np.random.default_rng(7))
    data = engine.to_json(state)
    for me in (0, 1):
        opp = 1 - me
        seen = (engine.observe(state, me).tolist(), json.dumps(engine.view(state, me)),
                engine.render(state, me))
        variant = json.loads(json.dumps(data))
        side = variant["players"][opp]
        # Swap the opponent's hand with cards of its draw pile, and reverse both draw piles.
        n = min(len(side["hand"]), len(side["draw"]))
        side["hand"][:n], side["draw"][:n] = side["draw"][:n], side["hand"][:n]
        for p in (0, 1):
            variant["players"][p]["draw"].reverse()
        other = engine.from_json(variant)
        assert (engine.observe(other, me).tolist(), json.dumps(engine.view(other, me)),
                engine.render(other, me)) == seen


def test_observation_encodes_cards_by_features_not_by_id() -> None:
    # The same card facts under another key give the same observation.
    from dataclasses import replace

    from combatzoo.envs.spellfire.cards.practice import CARDS

    engine = make_engine(pack="practice")
    state = engine.new_game(np.random.default_rng(2))
    twins = tuple(replace(c, set_id="TWIN") for c in CARDS)
    other = make_engine(pack="practice", extra_cards=twins)
    data = engine.to_json(state)
    data["cards"] = [k.replace("PR/", "TWIN/") for k in data["cards"]]
    twin_state = other.from_json(data)
    for p in (0, 1):
        assert np.array_equal(engine.observe(state, p), other.observe(twin_state, p))


def test_observation_segments() -> None:
    engine = make_engine(pack="practice")
    state = engine.new_game(np.random.default_rng(0))
    me = state.attacker
    parts = engine.layout.split(engine.observe(state, me))
    assert parts["step"].tolist() == [1, 0, 0, 0, 0]
    assert parts["role"].tolist() == [1, 0]
    assert parts["to_act"][0] == 1.0
    hand = parts["my_hand"].reshape(engine.config.hand_slots, -1)
    n = len(state.players[me].hand)
    assert hand[:n].any(axis=1).all() and not hand[n:].any()
    # The attackable realms are flagged as the legal attacks.
    flags = parts["opp_realm_flags"].reshape(6, 3)[:, 2]
    legal = engine.legal_actions(state, me)
    assert [bool(f) for f in flags] == [2 + s in legal for s in range(6)]


def test_render_shows_both_tables_and_hides_the_opponents_hand() -> None:
    env = make_env(pack="practice", render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and "player_0" in text and "player_1" in text
    seat = env.engine.render(env.state, 0)
    assert f"hand: {len(env.state.players[1].hand)} cards" in seat


# --- the heuristic bot --------------------------------------------------------------------------


def play_match(seed: int, heuristic_seat: int, **options: Any) -> float:
    return heuristic_vs_random(make_env(**options), HeuristicAgent(), seed, heuristic_seat)


def test_heuristic_beats_random_on_the_default_config() -> None:
    # 200 games: seeds 0..99, each from both seats; the attack is optional (seed 000), so a
    # random attacker often makes none (a draw). Measured: 110 won, 36 lost, 54 drawn; a random
    # bot in its place wins 56 and loses 57 on the same seeds.
    results = [play_match(seed, seat) for seed in range(100) for seat in (0, 1)]
    wins = sum(r > 0 for r in results)
    losses = sum(r < 0 for r in results)
    assert wins >= 90 and wins >= 2 * losses, (wins, losses)


def test_heuristic_beats_random_when_every_attack_is_compulsory() -> None:
    # The same 200 games with optional_attack=False. Measured: 140 won, 44 lost; a random bot
    # in its place wins 96 and loses 93.
    results = [play_match(seed, seat, optional_attack=False)
               for seed in range(100) for seat in (0, 1)]
    wins = sum(r > 0 for r in results)
    losses = sum(r < 0 for r in results)
    assert wins >= 125 and wins >= 2 * losses, (wins, losses)


# --- the example replays ------------------------------------------------------------------------


def replay_example(name: str) -> tuple[Any, Any, list[Any]]:
    from pathlib import Path

    path = Path(__file__).resolve().parents[3] / "examples" / "spellfire" / name
    doc = json.loads(path.read_text())
    engine = make_engine(**doc["config"])
    state = engine.from_json(doc["state"])
    events = []
    for joint in doc["actions"]:
        events += engine.apply(state, {index(a): engine.codec.parse(label)
                                       for a, label in joint.items()})
    assert engine.is_over(state)
    return engine, state, events


def test_example_realm_razed_by_card_play() -> None:
    engine, state, events = replay_example("realm_razed_by_quake.json")
    assert [e.kind for e in events if e.kind in ("realm_razed_by_card", "spoils_drawn")] == [
        "realm_razed_by_card", "spoils_drawn"]
    assert state.battle.outcome == "razed" and engine.returns(state) == [1.0, -1.0]


def test_example_citadel_defeated_twice() -> None:
    engine, state, events = replay_example("citadel_defeated_twice.json")
    assert [e.data["totals"] for e in events if e.kind == "round_won"] == [[5, 3], [8, 6]]
    assert state.battle.defeats == 2 and state.players[1].razed[0]
