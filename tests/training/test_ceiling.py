"""``combatzoo ceiling``: the perfect-information best response to a fixed bot (issue 15).

The ceiling claims that no player wins a deal that it calls not winnable, and that a line it
calls winning wins. Both are checked here against real play: the lines it returns are replayed
through the checked ``apply``, and random players and the heuristic itself are played on the
same deals (any game they win must be winnable).
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from combatzoo.agents import make_agent
from combatzoo.envs import make_engine
from combatzoo.training.ceiling import ceiling, winning_line
from combatzoo.training.cli import main
from combatzoo.training.common import UserError

SEEDS = range(1, 31)  # deal 0 of the battle mode alone takes ~200,000 positions (45 s)


def _play(engine, seed, me, player, bot, line=None):
    """One game of ``player`` (or the fixed ``line``) in seat ``me`` against ``bot``, through
    the checked ``apply``; ``me``'s return."""
    state = engine.new_game(np.random.default_rng(seed))
    bot.reset(seed=seed * 7919 + 1 - me)
    if player is not None:
        player.reset(seed=seed * 7919 + me)
    moves = iter(line or [])
    while not engine.is_over(state):
        joint = {}
        for p in engine.to_act(state):
            agent = bot if p != me else player
            if agent is None:
                joint[p] = next(moves)
                continue
            view = engine.view(state, p) if agent.needs_view else None
            obs = engine.observe(state, p) if getattr(agent, "needs_observation", True) else None
            joint[p] = int(agent.act(obs, engine.legal_mask(state, p), view))
        engine.apply(state, joint)
    if player is None:
        assert next(moves, None) is None, "the line is longer than the game"
    return engine.returns(state)[me]


@pytest.fixture(scope="module")
def battle_ceiling():
    engine = make_engine("spellfire")
    result = ceiling("spellfire", "heuristic", games=len(SEEDS), seed=SEEDS[0], engine=engine)
    return engine, {SEEDS[0] + i: o for i, o in enumerate(result.outcomes)}, result


def test_no_player_wins_a_deal_the_ceiling_calls_lost(battle_ceiling):
    engine, outcome, _ = battle_ceiling
    bot = make_agent("spellfire", "heuristic")
    players = [make_agent("spellfire", "random") for _ in range(3)]
    players.append(make_agent("spellfire", "heuristic"))
    won = 0
    for seed in SEEDS:
        me = (seed - SEEDS[0]) % 2
        for k, player in enumerate(players):
            if k < 3:
                player.reset(seed=1000 * k + seed)
            if _play(engine, seed, me, player, bot) > 0:
                won += 1
                assert outcome[seed] != 0, f"deal {seed}: player {k} won a deal called lost"
    assert won > 0  # the property was exercised


def test_winning_lines_win_when_replayed(battle_ceiling):
    engine, outcome, result = battle_ceiling
    bot = make_agent("spellfire", "heuristic")
    winnable = [s for s in SEEDS if outcome[s] == 1]
    assert 0 < len(winnable) < len(SEEDS)  # both kinds of deal occur
    assert result.unsettled == 0
    for seed in winnable:
        me = (seed - SEEDS[0]) % 2
        state = engine.new_game(np.random.default_rng(seed))
        line, nodes = winning_line(engine, state, me, bot)
        assert line is not None and nodes >= 1
        assert _play(engine, seed, me, None, bot, line) > 0


def test_simultaneous_secret_choices_replay():
    """Land, Air & Sea: both sides choose their Tactic Card at once; the bot's choice comes
    from its own view, which does not show the searcher's."""
    engine = make_engine("land_air_sea")
    bot = make_agent("land_air_sea", "heuristic")
    state = engine.new_game(np.random.default_rng(0))
    line, _ = winning_line(engine, state, 0, bot, max_nodes=50_000)
    assert line is not None
    assert _play(engine, 0, 0, None, bot, line) > 0


def test_out_of_budget_is_counted_winnable():
    result = ceiling("spellfire", "heuristic", games=2, seed=1, max_nodes=1)
    assert result.outcomes == [None, None]
    assert result.bound == 1.0 and result.unsettled == 2
    assert "2 games unsettled" in result.summary()


@pytest.mark.parametrize("name", ["random", "mcts@5"])
def test_a_bot_with_chance_is_refused(name):
    with pytest.raises(UserError, match=f"--against '{name}'.*depends only on what it sees"):
        ceiling("spellfire", name, games=1)


def test_unknown_bot_is_named():
    with pytest.raises(UserError, match="--against 'nobody'"):
        ceiling("spellfire", "nobody", games=1)


def test_cli_writes_json(tmp_path, capsys):
    assert main(["ceiling", "spellfire", "--games", "3", "--seed", "1", "--json",
                 "--out", str(tmp_path)]) == 0
    printed = json.loads(capsys.readouterr().out)
    saved = json.loads((tmp_path / "ceiling_spellfire.json").read_text())
    assert printed == saved
    assert saved["games"] == 3 and saved["against"] == "heuristic"
    assert saved["winnable"] == sum(1 for o in saved["outcomes"] if o != 0)
    assert sum(row["games"] for row in saved["by_seat"].values()) == 3


def test_first_seat_swaps_the_searching_seat():
    result = ceiling("spellfire", "heuristic", games=4, seed=1, first_seat=1)
    assert result.seats == [1, 0, 1, 0]
    with pytest.raises(UserError, match="--first-seat must be 0 or 1"):
        ceiling("spellfire", "heuristic", games=1, first_seat=2)
