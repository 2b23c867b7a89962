"""The search bot's figures (issue 15, part 1; docs/bots.md): win rates of ``mcts@N`` against
random and the heuristic (seats alternated, draws counted as not won, Wilson 95% intervals)
and its time per decision (median, p99), with the machine's load (``uptime``).

    .venv/bin/python scripts/search_figures.py land_air_sea --budgets 50 200 --games 100

One JSON line per (budget, opponent) on stdout.
"""

from __future__ import annotations

import argparse
import json
import os
import time

import numpy as np
from combatzoo.agents import make_agent
from combatzoo.agents.mcts import MCTSAgent
from combatzoo.envs import make_engine
from combatzoo.training.evaluate import play_match, wilson


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("system")
    parser.add_argument("--budgets", type=int, nargs="+", default=[50, 200])
    parser.add_argument("--opponents", nargs="+", default=["random", "heuristic"])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    engine = make_engine(args.system)
    for budget in args.budgets:
        for opponent in args.opponents:
            bot = MCTSAgent(args.system, simulations=budget, engine=engine)
            start, load_before = time.perf_counter(), os.getloadavg()[0]
            match = play_match(engine, bot, make_agent(args.system, opponent), args.games,
                               args.seed)
            times = np.asarray(bot.decision_seconds) * 1000
            lo, hi = wilson(match.wins, match.games)
            print(json.dumps({
                "system": args.system, "bot": bot.name, "opponent": opponent,
                "games": match.games, "wins": match.wins, "draws": match.draws,
                "losses": match.losses, "win_rate": match.win_rate, "ci95": [lo, hi],
                "decisions": len(times), "ms_median": float(np.median(times)),
                "ms_p99": float(np.percentile(times, 99)),
                "seconds": time.perf_counter() - start,
                "load1_before_after": [load_before, os.getloadavg()[0]]}), flush=True)


if __name__ == "__main__":
    main()
