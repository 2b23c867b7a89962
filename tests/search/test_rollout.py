"""The rollout search over the heuristic (issue 15): what it scores, legal moves only, no hidden
information read, seeded.

Positions come from seeded random play (``test_mcts.positions``), so every run sees the same.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from combatzoo.agents import UnknownAgentError, engine_kwargs, list_agents, make_agent
from combatzoo.agents.mcts import SEARCH_SYSTEMS, SearchError
from combatzoo.agents.rollout import DEFAULT_SAMPLES, RolloutAgent
from combatzoo.envs import make_engine
from combatzoo.envs.core.agent import agent_action
from combatzoo.training.evaluate import play_game

from .test_mcts import hidden_pairs, positions

FAST_SYSTEMS = ["land_air_sea", "solium_infernum", "spellfire"]
"""Systems whose games are short enough to roll out many times in a test."""


def _reading_truth(system: str, engine: Any, true_state: Any, samples: int = 1) -> RolloutAgent:
    """A rollout bot that samples the true state itself (what the bot must never do)."""
    bot = RolloutAgent(system, samples=samples, seed=0, engine=engine)
    bot._sample = lambda eng, view, p, rng: eng.clone(true_state)  # type: ignore[method-assign]
    return bot


def _heuristic_game(engine: Any, state: Any, player: int, action: int) -> float:
    """``player`` plays ``action``, then the heuristic every seat to the end (the test's own
    loop: the engine's checked ``apply``, a fresh heuristic)."""
    heuristic = make_agent(engine.spec.name, "heuristic")
    state = engine.clone(state)
    engine.apply(state, {p: action if p == player else agent_action(heuristic, engine, state, p)
                         for p in engine.to_act(state)})
    while not engine.is_over(state):
        engine.apply(state, {p: agent_action(heuristic, engine, state, p)
                             for p in engine.to_act(state)})
    return float(engine.returns(state)[player])


@pytest.mark.parametrize("system", FAST_SYSTEMS)
def test_an_action_scores_the_heuristics_games_after_it(system: str) -> None:
    """With one sampled state (here: the true one), an action's score is the return of playing
    it and letting the heuristic finish the game; the bot plays the best-scored action."""
    engine = make_engine(system)
    checked = 0
    for state, p in positions(engine, seed=4, games=3, every=2):
        legal = engine.legal_actions(state, p)
        if len(legal) < 2 or checked == 6:
            continue
        bot = _reading_truth(system, engine, state)
        view = engine.view(state, p)
        scores = bot.scores(view, p, legal)
        assert scores == {a: _heuristic_game(engine, state, p, a) for a in legal}
        choice = bot.act(None, engine.legal_mask(state, p), view)
        assert scores[choice] == max(scores.values())
        assert bot.last_scores == scores  # what a student of the bot reads beside its choice
        checked += 1
    assert checked == 6


def test_a_tie_goes_to_the_heuristics_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = make_engine("land_air_sea")
    state, p = next((s, q) for s, q in positions(engine, seed=1, games=2)
                    if len(engine.legal_actions(s, q)) >= 3)
    mask, view = engine.legal_mask(state, p), engine.view(state, p)
    legal = engine.legal_actions(state, p)
    own = agent_action(make_agent("land_air_sea", "heuristic"), engine, state, p)
    bot = RolloutAgent("land_air_sea", samples=1, seed=0, engine=engine)
    monkeypatch.setattr(bot, "scores", lambda *args: dict.fromkeys(legal, 0.0))
    assert bot.act(None, mask, view) == own
    # One other action scoring more wins; two tied above the heuristic's: the lower id.
    others = [a for a in legal if a != own]
    monkeypatch.setattr(bot, "scores", lambda *args: {a: float(a == others[-1]) for a in legal})
    assert bot.act(None, mask, view) == others[-1]
    monkeypatch.setattr(bot, "scores", lambda *args: {a: float(a in others) for a in legal})
    assert bot.act(None, mask, view) == others[0]


@pytest.mark.parametrize("system", [*FAST_SYSTEMS, "spellfire_game"])
def test_never_an_illegal_move(system: str) -> None:
    engine = make_engine(system)
    bot = RolloutAgent(system, samples=2, seed=0, engine=engine)
    every, games, wanted = {"spellfire_game": (25, 1, 4), "solium_infernum": (6, 2, 12),
                           "spellfire": (1, 8, 12)}.get(
        system, (1, 3, 12))
    seen = 0
    for state, p in positions(engine, seed=3, games=games, every=every):
        if seen == wanted:
            break
        mask = engine.legal_mask(state, p)
        action = bot.act(None, mask, engine.view(state, p))
        assert mask[action] == 1, (system, action, engine.legal_actions(state, p))
        seen += 1
    assert seen == wanted
    if system in ("land_air_sea", "spellfire"):  # whole games through the checked apply
        for seed in range(2):
            agents = [bot, make_agent(system, "random")]
            play_game(engine, agents if seed == 0 else agents[::-1], seed)


@pytest.mark.parametrize("system", FAST_SYSTEMS)
def test_hidden_information_is_never_read(system: str) -> None:
    """Two true states that differ only in what the player may not see give the same view; a
    bot that sampled the true state would choose differently on them (the positions matter),
    the rollout bot chooses the same for every seed: it has only the view."""
    engine = make_engine(system)
    pairs = hidden_pairs(system, engine, lambda truth: _reading_truth(system, engine, truth), 40)
    assert len(pairs) == 2, "no position where the hidden information matters was found"
    for a, b, p, mask in pairs:
        for seed in range(3):
            bot = RolloutAgent(system, samples=4, seed=seed, engine=engine)
            on_a = bot.action_probabilities(None, mask, engine.view(a, p))
            bot.reset(seed)
            on_b = bot.action_probabilities(None, mask, engine.view(b, p))
            assert on_a.tolist() == on_b.tolist()


def test_same_seed_same_choices() -> None:
    engine = make_engine("land_air_sea")

    def game(seed: int) -> list[int]:
        bot = RolloutAgent("land_air_sea", samples=3, seed=seed, engine=engine)
        chosen: list[int] = []
        act = bot.act

        def recording(obs: Any, mask: np.ndarray, view: Any = None) -> int:
            chosen.append(act(obs, mask, view))
            return chosen[-1]

        bot.act = recording  # type: ignore[method-assign]
        bot.reset = lambda seed=None: None  # type: ignore[method-assign]  # keep the seed
        play_game(engine, [bot, make_agent("land_air_sea", "random")], 4)
        return chosen

    assert game(1) == game(1)
    assert len(game(1)) > 3


def test_names_samples_and_errors() -> None:
    for system in SEARCH_SYSTEMS:
        assert "rollout" in list_agents(system)
    assert "rollout" not in list_agents("no_such_system")
    bot = make_agent("land_air_sea", "rollout@5", seed=2)
    assert isinstance(bot, RolloutAgent) and bot.samples == 5 and bot.name == "rollout@5"
    plain = make_agent("land_air_sea", "rollout")
    assert plain.samples == DEFAULT_SAMPLES and plain.name == f"rollout@{DEFAULT_SAMPLES}"  # type: ignore[attr-defined]
    engine = make_engine("spellfire", decks=("1st Edition Starter Deck A-1",
                                             "1st Edition Starter Deck B-1"))
    built = make_agent("spellfire", "rollout@2", **engine_kwargs("rollout@2", engine))
    assert built.engine is engine  # type: ignore[attr-defined]
    with pytest.raises(UnknownAgentError, match="rollout@N with N a positive number of samples"):
        make_agent("land_air_sea", "rollout@many")
    with pytest.raises(UnknownAgentError, match="names 3 samples but samples=4"):
        make_agent("land_air_sea", "rollout@3", samples=4)
    with pytest.raises(UnknownAgentError, match="no search agent 'rollout' for system 'toy'"):
        make_agent("toy", "rollout")
    with pytest.raises(SearchError, match="samples must be a positive integer"):
        RolloutAgent("land_air_sea", samples=0)
    with pytest.raises(SearchError, match="plays 'land_air_sea', not 'spellfire'"):
        RolloutAgent("spellfire", engine=make_engine("land_air_sea"))
    with pytest.raises(SearchError, match="needs the JSON view"):
        bot.act(None, np.array([0, 1, 1], dtype=np.int8), None)


def test_a_spellfire_bot_answers_a_whole_game_view() -> None:
    """The service reads ``spellfire`` states in mode ``game`` with the whole game's engine and
    may ask the ``spellfire`` bot: it searches them as the ``spellfire_game`` bot does."""
    engine = make_engine("spellfire_game")
    state, p = next((s, q) for s, q in positions(engine, seed=2, games=1)
                    if len(engine.legal_actions(s, q)) >= 2)
    mask, view = engine.legal_mask(state, p), engine.view(state, p)
    assert view["mode"] == "game"
    battle_bot = RolloutAgent("spellfire", samples=2, seed=5)
    game_bot = RolloutAgent("spellfire_game", samples=2, seed=5, engine=engine)
    assert battle_bot.act(None, mask, view) == game_bot.act(None, mask, view)
    assert len(battle_bot.decision_seconds) == 1
