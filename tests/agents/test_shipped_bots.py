"""The pretrained bots shipped in the package (issue 15, part 4): every registered system has
one; it loads through ``make_agent(system, "ppo")``, fits the current engine, answers only
legal moves and still beats random. When a rules change breaks one, the failure names the bot
and the command that retrains it from the config it was trained with
(``combatzoo.agents.shipped.retrain_command``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from combatzoo.agents import list_agents, make_agent
from combatzoo.agents.shipped import mismatch, retrain_command, shipped_path, shipped_systems
from combatzoo.envs import list_envs, make_engine

pytest.importorskip("onnxruntime")

GAMES = 40
"""Seeded games against random per bot (seats alternated)."""


def retrain(system: str) -> str:
    return f"retrain the shipped {system} bot: {retrain_command(system)}"


class LegalityCheck:
    """Plays ``agent`` and records every move that its mask did not allow."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.name = agent.name
        self.needs_view = getattr(agent, "needs_view", False)
        self.illegal: list[int] = []

    def reset(self, seed: int | None = None) -> None:
        self.agent.reset(seed)

    def act(self, observation: np.ndarray, mask: np.ndarray, view: Any = None) -> int:
        action = int(self.agent.act(observation, mask, view))
        if not mask[action]:
            self.illegal.append(action)
        return action


def test_every_system_ships_a_bot() -> None:
    missing = [s for s in list_envs() if shipped_path(s) is None]
    assert not missing, "; ".join(f"no shipped bot for {s}: {retrain(s)}" for s in missing)
    assert shipped_systems() == list_envs()


@pytest.mark.parametrize("system", shipped_systems())
def test_shipped_bot_fits_the_engine(system: str) -> None:
    agent = make_agent(system, "ppo")
    assert mismatch(system, agent.card) is None, retrain(system)
    assert "ppo" in list_agents(system)
    assert agent.card["training"]["final_tournament"]["against"]["random"]["games"] >= 200
    assert shipped_path(system).stat().st_size <= 2 * 1024 * 1024  # type: ignore[union-attr]


@pytest.mark.parametrize("system", shipped_systems())
def test_shipped_bot_plays_legally_and_beats_random(system: str) -> None:
    from combatzoo.training.evaluate import play_match

    bot = LegalityCheck(make_agent(system, "ppo"))
    match = play_match(make_engine(system), bot, make_agent(system, "random"), GAMES, seed=77)
    assert not bot.illegal, f"{system}: illegal moves {bot.illegal[:5]}; {retrain(system)}"
    # Beating random: more games won than lost (Spellfire battles end without a victor when
    # the attacker declines to attack, seed 000; a draw is not a win).
    assert match.wins > match.losses, (
        f"{system}: the shipped bot won {match.wins}, drew {match.draws}, lost {match.losses} of "
        f"{GAMES} against random; {retrain(system)}")


@pytest.mark.parametrize("system", shipped_systems())
def test_a_bot_that_no_longer_fits_names_the_retrain_command(system: str) -> None:
    card = dict(make_agent(system, "ppo").card, obs_size=1)
    problem = mismatch(system, card)
    assert problem is not None and "observation size" in problem
    # The command names the config the bot was trained with, and that config is in the tree.
    config = card["training"]["config_file"]
    assert f"configs/{config}" in problem
    assert (Path(__file__).resolve().parents[2] / "configs" / config).is_file(), config


def test_a_card_without_its_config_falls_back_to_the_systems_config() -> None:
    assert "configs/spellfire.yaml" in retrain_command("spellfire", {"training": {}})


def test_ship_refuses_a_config_with_env_options(tmp_path: Any) -> None:
    from combatzoo.training.common import UserError
    from combatzoo.training.ship import ship

    config = tmp_path / "battle.yaml"
    config.write_text("system: solium_infernum\nenv: {mode: battle}\n")
    with pytest.raises(UserError, match="env must be empty"):
        ship(config, bots_dir=tmp_path)
    assert not list(tmp_path.glob("*.onnx"))


def test_tournament_figures_keep_the_trained_policys_rows() -> None:
    from combatzoo.training.ship import tournament_figures

    row = {"win_rate": 0.75, "win_rate_ci95": [0.7, 0.8], "wins": 300, "draws": 0,
           "losses": 100, "games": 400}
    report = {"tournament": {"seed": 10, "games_per_pair": 400, "seats": "alternated",
                             "matches": [{"agents": ["final", "random"], **row},
                                         {"agents": ["random", "heuristic"], **row}]}}
    figures = tournament_figures(report)
    assert figures["against"] == {"random": row}
    assert figures["seeds"] == [10, 409]


def _ladder_result(ppo_sha256: str) -> dict[str, Any]:
    """A ``combatzoo ladder`` result of three agents, 40 games per pair, seeds 5..44."""
    def match(a: str, b: str, wins: int, draws: int, losses: int) -> dict[str, Any]:
        return {"agents": [a, b], "wins": wins, "draws": draws, "losses": losses, "games": 40,
                "win_rate": wins / 40, "win_rate_ci95": [0.0, 1.0]}

    ratings = {"random": {"ordinal": 1.5}, "heuristic": {"ordinal": 20.0},
               "ppo": {"ordinal": 22.25}}
    return {"ladder": {"system": "land_air_sea"}, "policy_sha256": {"ppo": ppo_sha256},
            "search_ms_per_decision": {},
            "tournament": {"seed": 5, "games_per_pair": 40, "seats": "alternated",
                           "agents": ["random", "heuristic", "ppo"], "ratings": ratings,
                           "matches": [match("random", "heuristic", 6, 0, 34),
                                       match("random", "ppo", 10, 2, 28),
                                       match("heuristic", "ppo", 15, 0, 25)]}}


def test_card_ladder_adds_the_shipped_policys_rows_from_its_side(tmp_path: Any) -> None:
    import json

    from combatzoo.training.evaluate import wilson
    from combatzoo.training.ship import card_ladder

    (tmp_path / "land_air_sea.json").write_text(json.dumps(
        {"system": "land_air_sea", "onnx_sha256": "abc"}))
    ladder_file = tmp_path / "ladder_land_air_sea.json"
    ladder_file.write_text(json.dumps(_ladder_result("abc")))
    card_ladder(ladder_file, tmp_path)
    section = json.loads((tmp_path / "land_air_sea.json").read_text())["ladder"]
    # The ladder's rows are the first-named agent's: ppo won what random and heuristic lost.
    assert section["against"]["random"] == {
        "win_rate": 0.7, "win_rate_ci95": list(wilson(28, 40)), "wins": 28, "draws": 2,
        "losses": 10, "games": 40}
    assert section["against"]["heuristic"]["win_rate"] == 25 / 40
    assert section["against"]["heuristic"]["losses"] == 15
    assert section["seeds"] == [5, 44]
    assert section["openskill_ordinal"]["ppo"] == 22.25


def test_card_ladder_refuses_a_ladder_of_another_policy_file(tmp_path: Any) -> None:
    import json

    from combatzoo.training.common import UserError
    from combatzoo.training.ship import card_ladder

    card = tmp_path / "land_air_sea.json"
    card.write_text(json.dumps({"system": "land_air_sea", "onnx_sha256": "abc"}))
    ladder_file = tmp_path / "ladder_land_air_sea.json"
    ladder_file.write_text(json.dumps(_ladder_result("an older policy")))
    with pytest.raises(UserError, match="not the shipped file abc"):
        card_ladder(ladder_file, tmp_path)
    assert "ladder" not in json.loads(card.read_text())


def test_card_ladder_names_a_file_that_is_no_ladder_result(tmp_path: Any) -> None:
    import json

    from combatzoo.training.common import UserError
    from combatzoo.training.ship import card_ladder

    card = tmp_path / "land_air_sea.json"
    card.write_text(json.dumps({"system": "land_air_sea", "onnx_sha256": "abc"}))
    broken = _ladder_result("abc")
    del broken["tournament"]["matches"]
    ladder_file = tmp_path / "ladder_land_air_sea.json"
    ladder_file.write_text(json.dumps(broken))
    with pytest.raises(UserError, match="ladder_land_air_sea.json: not a ladder result"):
        card_ladder(ladder_file, tmp_path)
    assert "ladder" not in json.loads(card.read_text())
