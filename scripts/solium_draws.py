"""Why Solium Infernum games end in draws (issue 15: "say why Solium Infernum draws happen").

Plays the ladder's games of one pair again (game ``i`` dealt with seed ``i``, the first-named
agent in seat 0 in even games, every agent re-seeded with ``7919 * i + seat``, as
``combatzoo ladder`` does) and describes each drawn game from its final state and events: the
Places of Power each side holds, the neutral Places left, the battles fought and how many of
them ended in a stalemate, the legions destroyed.

    .venv/bin/python scripts/solium_draws.py random ppo --games 400

A map game is drawn when it ends (after its orders run out, ``rules.returns``) with both sides
holding as many Places and having destroyed as many enemy legions. Prints one JSON line.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import Counter
from typing import Any

import numpy as np
from combatzoo.agents import engine_kwargs, make_agent
from combatzoo.envs import make_engine
from combatzoo.envs.solium_infernum.state import NEUTRAL
from combatzoo.training.evaluate import agent_action


def play(engine: Any, seats: list[Any], seed: int) -> tuple[Any, Counter[str]]:
    """One game, as ``training.evaluate.play_game``; the final state and its event kinds."""
    state = engine.new_game(np.random.default_rng(seed))
    for p, agent in enumerate(seats):
        agent.reset(seed=seed * 7919 + p)
    kinds: Counter[str] = Counter()
    while not engine.is_over(state):
        joint = {p: agent_action(seats[p], engine, state, p) for p in engine.to_act(state)}
        kinds.update(str(e.kind) for e in engine.apply(state, joint))
    return state, kinds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--games", type=int, default=400)
    args = parser.parse_args()
    engine = make_engine("solium_infernum")
    a, b = (make_agent("solium_infernum", n, **engine_kwargs(n, engine))
            for n in (args.first, args.second))
    results: Counter[str] = Counter()
    draws: list[dict[str, Any]] = []
    for i in range(args.games):
        state, kinds = play(engine, [a, b] if i % 2 == 0 else [b, a], i)
        r = engine.returns(state)[i % 2]
        results["wins" if r > 0 else "losses" if r < 0 else "draws"] += 1
        if r == 0:
            draws.append({"held": engine.places_held(state),
                          "neutral": [p.kind for p in state.places if p.owner == NEUTRAL],
                          "battles": kinds["battle_started"], "stalemates": kinds["stalemate"],
                          "destroyed": kinds["legion_destroyed"]})
    battles = sum(d["battles"] for d in draws)
    print(json.dumps({
        "pair": [args.first, args.second], "games": args.games, **results,
        "draws_held": dict(Counter(str(d["held"]) for d in draws)),
        "draws_neutral_left": dict(Counter(", ".join(d["neutral"]) for d in draws)),
        "draws_without_a_legion_destroyed": sum(d["destroyed"] == 0 for d in draws),
        "battles_per_draw_median": statistics.median(d["battles"] for d in draws) if draws
        else None,
        "stalemate_share_of_those_battles": sum(d["stalemates"] for d in draws) / battles
        if battles else None}))


if __name__ == "__main__":
    main()
