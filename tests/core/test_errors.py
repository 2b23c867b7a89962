"""combatzoo's own errors survive pickling, so an error in a worker process (the ladder's
chunks, SubprocVecEnv) reaches the parent as itself, message and fields intact, instead of
breaking the process pool with a ``TypeError`` about ``__init__``'s arguments."""

from __future__ import annotations

import pickle

from combatzoo.envs.core.errors import GameOverError, IllegalActionError, StateError


def test_state_error_pickles():
    error = pickle.loads(pickle.dumps(StateError("table.hand", "3 cards, expected 5")))
    assert isinstance(error, StateError)
    assert (error.field, error.problem) == ("table.hand", "3 cards, expected 5")
    assert str(error) == "table.hand: 3 cards, expected 5"


def test_notes_survive_pickling():
    original = StateError("x", "y")
    original.__notes__ = ["ladder spellfire_game: random vs mcts@100, game 7"]
    error = pickle.loads(pickle.dumps(original))
    assert error.__notes__ == ["ladder spellfire_game: random vs mcts@100, game 7"]


def test_illegal_action_error_pickles():
    original = IllegalActionError(7, "player_1", [0, 2], {2: "Tactic: Charge"}, "not your turn")
    error = pickle.loads(pickle.dumps(original))
    assert isinstance(error, IllegalActionError)
    assert str(error) == str(original)
    assert "2 (Tactic: Charge)" in str(error) and "not your turn" in str(error)
    assert (error.action, error.agent, error.legal) == (7, "player_1", [0, 2])


def test_game_over_error_pickles():
    error = pickle.loads(pickle.dumps(GameOverError("the game is over")))
    assert isinstance(error, GameOverError) and str(error) == "the game is over"
