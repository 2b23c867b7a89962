"""``combatzoo soak --players``: bots instead of random moves reach the states random play
rarely does (the late game), with the same checks."""

from __future__ import annotations

from pathlib import Path

from combatzoo.envs import make_engine
from combatzoo.training.soak import soak

from .test_cli import combatzoo


def test_a_heuristic_soak_of_the_whole_game_passes_where_a_sixth_realm_comes_as_spoils() -> None:
    # Seed 1005, heuristic against heuristic: player 0 plays its sixth realm as spoils in
    # phase 4 with a second attack due; the game must end there (RULES.md §1). Before the fix
    # the state broke its own invariants (six unrazed realms, result null).
    engine = make_engine("spellfire_game")
    report = soak(engine, decisions=1, seed=1005, out=None, full_every=5,
                  players=("heuristic", "heuristic"))
    assert report.episodes == 1 and report.decisions > 0
    assert report.failures == [], report.failures[0].problems


def test_a_bot_seat_changes_the_games_played() -> None:
    engine = make_engine("land_air_sea")
    random_report = soak(engine, decisions=200, seed=3, out=None)
    bot_report = soak(engine, decisions=200, seed=3, out=None, players=("heuristic", "random"))
    assert random_report.failures == [] and bot_report.failures == []
    # The same seeds, other moves: the heuristic seat changes the games played.
    assert (bot_report.decisions, bot_report.episodes) != (
        random_report.decisions, random_report.episodes)


def test_an_unknown_bot_is_one_clear_error_line(tmp_path: Path) -> None:
    run = combatzoo("soak", "land_air_sea", "--decisions", "10", "--players", "heuristic",
                    "nobot", "--out", str(tmp_path))
    assert run.returncode == 2
    assert "--players" in run.stderr and "nobot" in run.stderr
    assert "Traceback" not in run.stderr
