"""Whole Spellfire games: the twelve 1st Edition Starter decks between heuristic bots with the
invariants checked at every step, random games, the game's result through the fronts, and
``combatzoo play`` through a whole game. (PettingZoo and Gymnasium conformance of
``spellfire_game`` comes from the registry: ``tests/test_conformance.py``.)"""

from __future__ import annotations

import io
import itertools
import random
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from combatzoo.agents import RandomAgent
from combatzoo.agents.spellfire_game import HeuristicAgent
from combatzoo.envs.core.checks import check_state
from combatzoo.envs.spellfire.game import SPEC, env
from combatzoo.envs.spellfire.game.rules import make_game_engine
from combatzoo.training.play import play_episode

from tests.spellfire.game.game_play import play_game

TITLES = sorted(make_game_engine().source.decks)
PAIRS = list(itertools.combinations(TITLES, 2))


def test_the_builtin_pack_has_the_twelve_starter_decks() -> None:
    assert len(TITLES) == 12 and all("Starter" in t for t in TITLES)


@pytest.mark.parametrize("n", range(12))
def test_starter_decks_play_whole_games_between_heuristic_bots(n: int) -> None:
    # Twelve games, every deck twice, each with its invariants checked at every step.
    a, b = TITLES[n], TITLES[(n * 5 + 1) % 12]
    record = play_game(make_game_engine(decks=(a, b)), seed=n)
    assert record.result in ("six_realms", "deck_out", "turn_limit")
    assert record.decisions > 10


def test_every_pairing_of_starter_decks_plays_ten_games() -> None:
    # The full round of issue 5: 66 pairings x 10 seeded games, invariants checked at every
    # step (about 11 s, so it stays in the default run).
    results: Counter[str] = Counter()
    for i, (a, b) in enumerate(PAIRS):
        engine = make_game_engine(decks=(a, b))
        for seed in range(10):
            results[str(play_game(engine, seed=1000 * i + seed).result)] += 1
    assert sum(results.values()) == 660
    assert set(results) <= {"six_realms", "deck_out", "turn_limit"}


@pytest.mark.parametrize("seed", range(3))
def test_random_games_pass_the_core_checks(seed: int) -> None:
    engine = make_game_engine()
    state = engine.new_game(np.random.default_rng(seed))
    start = engine.clone(state)
    rng = random.Random(seed)
    steps = 0
    while not engine.is_over(state):
        if steps % 15 == 0:
            problems = check_state(engine, state, start, rng=rng, full=steps % 45 == 0)
            assert not problems, problems
        (p,) = engine.to_act(state)
        engine.apply(state, {p: rng.choice(engine.legal_actions(state, p))})
        steps += 1
    assert not check_state(engine, state, start, rng=rng, full=True)
    assert steps <= engine.spec.max_decisions


def test_heuristic_bot_beats_the_random_bot() -> None:
    engine = make_game_engine()
    wins = 0
    for seed in range(10):
        seat = seed % 2
        agents = [RandomAgent(seed), RandomAgent(seed)]
        agents[seat] = HeuristicAgent()  # type: ignore[call-overload]
        record = play_game(engine, seed, agents, check=False)
        wins += record.winner == seat
    assert wins >= 7


def test_fronts_report_the_game_result() -> None:
    e = env(max_turns=4)
    e.reset(seed=5)
    rng = random.Random(5)
    final = {}
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        assert obs["observation"].shape == (SPEC.obs_size,)
        assert obs["observation"].min() >= -1.0 and obs["observation"].max() <= 1.0
        if term or trunc:
            final[agent] = (reward, info["result"])
            e.step(None)
            continue
        e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    assert {r for _, r in final.values()} <= {"six_realms", "deck_out", "turn_limit"}


def test_play_a_whole_game_with_scripted_input() -> None:
    # combatzoo play: the person always takes the first listed move.
    engine = make_game_engine(max_turns=30)
    out = io.StringIO()
    answers = itertools.repeat("1")
    play_episode(engine, HeuristicAgent(), seat=0, seed=2,
                 read=lambda prompt: next(answers), out=out)
    text = out.getvalue()
    assert "Game over." in text and "Your moves:" in text
    assert "Spellfire game: turn" in text


CROSSFIRE = (Path(__file__).resolve().parents[3] / ".." / "shared" / "data" / "crossfire").resolve()


@pytest.mark.skipif(not (CROSSFIRE / "DataBase").is_dir(),
                    reason=f"CrossFire data not found at {CROSSFIRE}")
def test_crossfire_decks_are_checked_against_their_format() -> None:
    from combatzoo.envs.core.errors import StateError

    engine = make_game_engine(crossfire=str(CROSSFIRE),
                              decks=("Undead Greyhawk Spellcasters",
                                     "1st Edition Starter Deck A-1"))
    # The sample deck of 21 cards breaks the 55-card format (RULES.md §1 "Card data").
    with pytest.raises(StateError, match="breaks its format"):
        engine.new_game(np.random.default_rng(0))
    record = play_game(make_game_engine(crossfire=str(CROSSFIRE)), seed=1)
    assert record.result is not None
