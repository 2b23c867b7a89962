"""A search that reads the true state, against a bot (issue 15; docs/bots.md, "The ceiling").

Not a player: the search bot ``mcts@N`` whose sampler returns a copy of the true state (the
opponent's hand, the piles and the engine's generator, so the draws to come too), with every
game that ends without a win counted as a loss in its returns. What it wins against a bot is a
*lower* bound on the most any player could win there: an indication where ``combatzoo
ceiling`` (the exhaustive best response) cannot settle the games, as in the whole Spellfire
game.

    .venv/bin/python scripts/true_state_search.py spellfire_game --simulations 200 \\
        --games 100 --against heuristic

Game ``i`` is dealt with seed ``--seed + i``; the search sits in seat ``i % 2``. Prints one
JSON line: wins, draws, losses, the win rate and its Wilson 95% interval.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np
from combatzoo.agents import make_agent
from combatzoo.agents.mcts import ROLLOUTS, MCTSAgent
from combatzoo.envs import make_engine
from combatzoo.training.evaluate import wilson


class TrueStateSearch(MCTSAgent):
    """``MCTSAgent`` searching copies of the true state (set :attr:`truth` before each act);
    a game not won is worth -1."""

    truth: Any = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._sample = lambda engine, view, player, rng: engine.clone(self.truth)

    def _rollout(self, engine: Any, state: Any, rng: Any) -> list[float]:
        return [1.0 if r > 0 else -1.0 for r in super()._rollout(engine, state, rng)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("system")
    parser.add_argument("--simulations", type=int, default=200)
    parser.add_argument("--rollout", choices=ROLLOUTS, default="random")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--against", default="heuristic")
    args = parser.parse_args()
    engine = make_engine(args.system)
    search = TrueStateSearch(args.system, simulations=args.simulations, engine=engine,
                             rollout=args.rollout)
    bot = make_agent(args.system, args.against)
    results = {"wins": 0, "draws": 0, "losses": 0}
    start = time.perf_counter()
    for i in range(args.games):
        me = i % 2
        state = engine.new_game(np.random.default_rng(args.seed + i))
        seats = [search, bot] if me == 0 else [bot, search]
        for p, agent in enumerate(seats):
            agent.reset(seed=(args.seed + i) * 7919 + p)
        while not engine.is_over(state):
            joint = {}
            for p in engine.to_act(state):
                search.truth = state
                joint[p] = int(seats[p].act(None, engine.legal_mask(state, p),
                                            engine.view(state, p)))
            engine.apply(state, joint)
        r = engine.returns(state)[me]
        results["wins" if r > 0 else "losses" if r < 0 else "draws"] += 1
    lo, hi = wilson(results["wins"], args.games)
    print(json.dumps({"system": args.system, "simulations": args.simulations,
                      "rollout": args.rollout, "against": args.against, "games": args.games,
                      "seed": args.seed, **results, "win_rate": results["wins"] / args.games,
                      "ci95": [round(lo, 4), round(hi, 4)],
                      "seconds": round(time.perf_counter() - start, 1)}))


if __name__ == "__main__":
    main()
