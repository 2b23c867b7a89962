"""Where an engine's time per decision goes (issue 14: the profile behind "out of reach").

Plays uniformly random legal actions through the engine alone, as the AEC loop of ``combatzoo
bench --measure aec_random`` drives it (a new game from ``game_rng(episode)``, the observation
and the mask of each player to act, one ``apply_trusted`` per step, the events as JSON and
each player's info after it, every player's last observation at the end), and times every
engine call with ``time.perf_counter``. The AEC front's own bookkeeping is not included
(``--measure aec_floor`` times that).

    .venv/bin/python scripts/engine_parts.py land_air_sea --decisions 30000
    .venv/bin/python scripts/engine_parts.py 'solium_infernum[mode=battle]'

Prints, per engine call, microseconds per decision, per call and calls per decision. A
garbage collection is charged to the call that triggered it (most often ``new_game``, which
allocates the most), so run ``--no-gc`` beside it to see what the collector adds.
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np
from combatzoo.envs.core.seeding import game_rng
from combatzoo.training.bench import make_engine_of


class Timer:
    """Seconds and calls per engine method."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        self.calls: Counter[str] = Counter()

    def __call__(self, name: str, f: Callable[..., Any], *args: Any) -> Any:
        start = time.perf_counter()
        out = f(*args)
        self.seconds[name] = self.seconds.get(name, 0.0) + time.perf_counter() - start
        self.calls[name] += 1
        return out


def _as_json(events: list[Any]) -> list[dict[str, Any]]:
    return [e.to_json() for e in events]


def play(engine: Any, decisions: int, seed: int, timed: Timer) -> int:
    """``decisions`` random legal decisions; the number of episodes started."""
    rng = random.Random(seed)
    done = episodes = 0
    while done < decisions:
        state = timed("new_game", engine.new_game, game_rng(seed + episodes))
        episodes += 1
        while not timed("is_over", engine.is_over, state):
            chosen = {}
            for p in timed("to_act", engine.to_act, state):
                timed("observe", engine.observe, state, p)
                legal = np.flatnonzero(timed("legal_mask", engine.legal_mask, state, p))
                chosen[p] = int(legal[int(rng.random() * len(legal))])
                done += 1
            events = timed("apply_trusted", engine.apply_trusted, state, chosen)
            timed("events_json", _as_json, events)
            for p in range(engine.spec.num_players):
                timed("info", engine.info, state, p)
        timed("returns", engine.returns, state)
        for p in range(engine.spec.num_players):
            timed("observe (end)", engine.observe, state, p)
    return episodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("target", help="a system, or system[key=value;...] as for bench")
    parser.add_argument("--decisions", type=int, default=30000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-gc", action="store_true", help="garbage collector off")
    args = parser.parse_args()
    engine = make_engine_of(args.target)
    play(engine, 500, args.seed + 10**6, Timer())  # warm caches and lazy imports
    if args.no_gc:
        gc.disable()
    timed = Timer()
    episodes = play(engine, args.decisions, args.seed, timed)
    decisions = sum(c for k, c in timed.calls.items() if k == "observe")
    total = sum(timed.seconds.values())
    print(f"{args.target}: {decisions} decisions, {episodes} episodes, "
          f"{total / decisions * 1e6:.1f} us per decision in the engine")
    for name, seconds in sorted(timed.seconds.items(), key=lambda kv: -kv[1]):
        calls = timed.calls[name]
        print(f"  {name:14s} {seconds / decisions * 1e6:7.2f} us/decision "
              f"{seconds / calls * 1e6:7.2f} us/call {calls / decisions:5.2f} calls/decision")


if __name__ == "__main__":
    main()
