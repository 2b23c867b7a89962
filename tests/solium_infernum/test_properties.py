"""Property tests of the Solium Infernum engine (issue 3, item 6).

Hypothesis draws a config (mode, map preset, preset or random legions, Tribute, income, hand
size and limit, healing, a short turn limit), a seed, and at each step an index into every acting
player's legal list. Along the episode:

- :func:`combatzoo.envs.core.checks.check_state` (the shared checks, also used by the soak): the
  mask equals the legal set, legal actions apply and masked-out ones raise without changing the
  state, the JSON round trip is exact, observations are float32 in [-1, 1];
- conservation, by our own arithmetic on the JSON: every player's cards (hand + deck + discard +
  attached) stay as many as at the start, legion slots never change, dead legions stay dead, no
  hit points below 0 (or above the table's maximum), Tribute never negative;
- determinism: replaying the seed and the actions gives the same JSON state;
- hidden information: the opponent's secret attachments never change a player's observation,
  view or rendering from its seat.
"""

from __future__ import annotations

import random

import numpy as np
from combatzoo.envs.core.checks import check_state, replay_actions
from combatzoo.envs.solium_infernum.config import SoliumInfernumConfig
from combatzoo.envs.solium_infernum.data import load_tables
from combatzoo.envs.solium_infernum.rules import SoliumEngine
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

TABLES = load_tables()
SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
MAX_STEPS = 150


@st.composite
def configs(draw: st.DrawFn) -> SoliumInfernumConfig:
    return SoliumInfernumConfig(
        mode=draw(st.sampled_from(["map", "map", "battle"])),
        map=draw(st.sampled_from(sorted(TABLES.maps))),
        turns=draw(st.integers(2, 12)),
        legions=draw(st.sampled_from(["preset", "random"])),
        start_tribute=draw(st.integers(0, 10)),
        income=draw(st.integers(0, 4)),
        hand_size=draw(st.integers(0, 5)),
        hand_limit=draw(st.integers(0, 7)),
        heal=draw(st.integers(0, 2)),
    )


def cards_of(data: dict, p: int) -> int:
    side = data["players"][p]
    attached = len(data["battle"]["attached"][p]) if data["battle"] else 0
    return sum(side["hand"].values()) + len(side["deck"]) + len(side["discard"]) + attached


def check_json(engine: SoliumEngine, data: dict, start: dict) -> None:
    for p in (0, 1):
        assert cards_of(data, p) == cards_of(start, p)
        side, first = data["players"][p], start["players"][p]
        assert side["tribute"] >= 0
        assert len(side["legions"]) == len(first["legions"])
        for lg, lg0 in zip(side["legions"], first["legions"], strict=True):
            top = TABLES.legions[lg["kind"]].hp
            assert 0 <= lg["hp"] <= top
            assert lg["alive"] == (lg["hp"] > 0)
            if not lg0["alive"]:
                assert not lg["alive"]
    for pl in data["places"]:
        assert 1 <= pl["hp"] <= TABLES.places[pl["kind"]].hp


@SETTINGS
@given(config=configs(), seed=st.integers(0, 2**31 - 1), data=st.data())
def test_random_play_keeps_every_invariant(config: SoliumInfernumConfig, seed: int,
                                           data: st.DataObject) -> None:
    engine = SoliumEngine(config)
    state = engine.new_game(np.random.default_rng(seed))
    start = engine.clone(state)
    start_json = engine.to_json(start)
    rng = random.Random(seed)
    actions: list[dict[int, int]] = []
    for step in range(MAX_STEPS):
        problems = check_state(engine, state, start, rng=rng, full=step < 3)
        assert not problems, problems
        check_json(engine, engine.to_json(state), start_json)
        if engine.is_over(state):
            break
        joint = {p: data.draw(st.sampled_from(engine.legal_actions(state, p)),
                              label=f"player_{p}") for p in engine.to_act(state)}
        if len(joint) == 2:
            _check_secret(engine, state, joint)
        engine.apply(state, joint)
        actions.append(joint)
    assert engine.to_json(replay_actions(engine, seed, actions)) == engine.to_json(state)
    if engine.is_over(state):
        returns = engine.returns(state)
        assert sum(returns) == 0 and set(returns) <= {-1.0, 0.0, 1.0}


def _check_secret(engine: SoliumEngine, state, joint: dict[int, int]) -> None:
    """What one player attaches never shows to the other before the reveal."""
    for p in (0, 1):
        q = 1 - p
        a = engine.clone(state)
        b = engine.clone(state)
        other = [x for x in engine.legal_actions(state, p) if x != joint[p]]
        if not other:
            continue
        engine.apply(a, joint)
        engine.apply(b, {**joint, p: other[0]})
        if engine.is_over(a) or a.phase != "cards" or b.phase != "cards":
            continue  # revealed: the cards are public now
        assert np.array_equal(engine.observe(a, q), engine.observe(b, q))
        assert engine.view(a, q) == engine.view(b, q)
        assert engine.render(a, q) == engine.render(b, q)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_same_seed_same_game(seed: int) -> None:
    engine = SoliumEngine(SoliumInfernumConfig(legions="random"))
    a = engine.new_game(np.random.default_rng(seed))
    b = engine.new_game(np.random.default_rng(seed))
    assert engine.to_json(a) == engine.to_json(b)
    rng = random.Random(seed)
    for _ in range(60):
        if engine.is_over(a):
            break
        joint = {p: rng.choice(engine.legal_actions(a, p)) for p in engine.to_act(a)}
        engine.apply(a, joint)
        engine.apply(b, joint)
        assert engine.to_json(a) == engine.to_json(b)
