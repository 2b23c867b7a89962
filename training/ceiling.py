"""``combatzoo ceiling``: the most any player can win against a fixed bot (issue 15).

``combatzoo ceiling spellfire --against heuristic --games 1000``

How often can *any* player beat a given bot? The ladder measures real players; this measures
the ceiling above them all. For every game it deals (game ``i`` with seed ``--seed + i``, the
searching seat ``i % 2``, ``combatzoo evaluate``'s convention, or ``(i + 1) % 2`` with
``--first-seat 1``, the seats of the second-named agent of a ladder pair), it tries every line
of play of its seat against the bot, with everything known: the opponent's hidden cards, the
order of the piles and the random draws to come (the engine's generator is part of the copied
state). The bot must be a pure function of what it sees (the heuristics, a policy played by
argmax), so its answer to each position is known in advance too.

If some line wins the game, the game counts as *winnable*; the share of winnable games is an
upper bound on the win rate of every player against that bot on those deals: whatever a player
does in game ``i`` is one of the lines tried there. It is not a player: it knows what no seat
may know. A game whose search runs past ``--max-nodes`` positions is *unsettled* and counted as
winnable, so the figure stays an upper bound (the report says how many). Draws count as not
won, as in the ladder.

The search is exhaustive (depth first, stopping at the first winning line), so it suits short
games (Spellfire battles); a whole Spellfire game or a Land, Air & Sea campaign mostly runs out
of budget, and the report then says so rather than giving a figure.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ..envs.core.agent import Agent, agent_action
from ..envs.core.engine import Engine
from .common import (
    TRUST_PICKLE_HELP,
    UserError,
    load_engine,
    make_dir,
    non_negative_int,
    positive_int,
)
from .evaluate import wilson

DEFAULT_MAX_NODES = 200_000
"""Positions searched per game before it is given up as unsettled (counted as winnable)."""


class _OutOfBudget(Exception):
    """The search of one game went past its node budget."""


@dataclass
class CeilingResult:
    """The ceiling of ``system`` against the bot ``against`` over ``games`` deals."""

    system: str
    against: str
    seed: int
    max_nodes: int
    outcomes: list[int | None] = field(default_factory=list)
    """Per game: 1 some line wins it, 0 none does, ``None`` unsettled (out of budget)."""
    seats: list[int] = field(default_factory=list)
    """The searching seat of each game."""
    nodes: list[int] = field(default_factory=list)
    """Positions searched in each game."""
    seconds: float = 0.0

    @property
    def games(self) -> int:
        return len(self.outcomes)

    @property
    def winnable(self) -> int:
        """Games some line wins, unsettled ones included (the upper bound's count)."""
        return sum(1 for o in self.outcomes if o != 0)

    @property
    def unsettled(self) -> int:
        return sum(1 for o in self.outcomes if o is None)

    @property
    def bound(self) -> float:
        return self.winnable / self.games if self.games else 0.0

    def by_seat(self) -> dict[str, dict[str, int]]:
        """Games, winnable and unsettled games per searching seat."""
        out: dict[str, dict[str, int]] = {}
        for seat, o in zip(self.seats, self.outcomes, strict=True):
            row = out.setdefault(f"player_{seat}", {"games": 0, "winnable": 0, "unsettled": 0})
            row["games"] += 1
            row["winnable"] += o != 0
            row["unsettled"] += o is None
        return out

    def to_json(self) -> dict[str, Any]:
        lo, hi = wilson(self.winnable, self.games)
        return {"system": self.system, "against": self.against, "seed": self.seed,
                "first_seat": self.seats[0] if self.seats else 0,
                "games": self.games, "max_nodes": self.max_nodes, "winnable": self.winnable,
                "unsettled": self.unsettled, "bound": self.bound, "bound_ci95": [lo, hi],
                "by_seat": self.by_seat(), "seconds": round(self.seconds, 1),
                "nodes_median": float(np.median(self.nodes)) if self.nodes else 0.0,
                "outcomes": self.outcomes}

    def summary(self) -> str:
        lo, hi = wilson(self.winnable, self.games)
        text = (f"{self.system}: against {self.against}, {self.winnable} of {self.games} games "
                f"winnable by some line: ceiling {100 * self.bound:.1f}% "
                f"[{100 * lo:.1f}, {100 * hi:.1f}] (95% Wilson)")
        if self.unsettled:
            text += (f"; {self.unsettled} games unsettled (over {self.max_nodes:,} positions), "
                     f"counted as winnable")
        return text


def check_pure(agent: Agent, name: str) -> None:
    """Refuse a bot whose choice is not a function of what it sees (random, the search bot,
    a sampling policy): its answers could not be known in advance."""
    from ..agents.base import DeterministicAgent
    from ..agents.policy import OnnxPolicyAgent, PolicyAgent

    if isinstance(agent, DeterministicAgent):
        return
    if isinstance(agent, (PolicyAgent, OnnxPolicyAgent)) and agent.deterministic:
        return
    raise UserError(f"--against {name!r}: the ceiling needs a bot whose choice depends only on "
                    f"what it sees (a heuristic, or a policy file played by argmax); "
                    f"{type(agent).__name__} is not one")


def _bot_moves(engine: Engine[Any], state: Any, bot: Agent, me: int) -> dict[int, int]:
    """The bot's choice for every seat but ``me`` that acts now, each from its own view."""
    return {p: agent_action(bot, engine, state, p) for p in engine.to_act(state) if p != me}


def winning_line(engine: Engine[Any], state: Any, me: int, bot: Agent,
                 max_nodes: int = DEFAULT_MAX_NODES) -> tuple[list[int] | None, int]:
    """A line of ``me``'s actions that wins from ``state`` against ``bot`` (``None``: none
    does), and the positions searched. Raises :class:`_OutOfBudget` past ``max_nodes``.

    ``state`` is not changed. Where ``me`` acts together with the bot (a secret simultaneous
    choice), the bot's choice comes from its own view of the position, which does not show
    ``me``'s choice."""
    counter = [0]
    line = _search(engine, engine.clone(state), me, bot, max_nodes, counter)
    return line, counter[0]


def _search(engine: Engine[Any], state: Any, me: int, bot: Agent, max_nodes: int,
            counter: list[int]) -> list[int] | None:
    counter[0] += 1
    if counter[0] > max_nodes:
        raise _OutOfBudget
    if engine.is_over(state):
        return [] if engine.returns(state)[me] > 0 else None
    joint = _bot_moves(engine, state, bot, me)
    if me not in engine.to_act(state):
        engine.apply_trusted(state, joint)
        return _search(engine, state, me, bot, max_nodes, counter)
    for action in engine.legal_actions(state, me):
        child = engine.clone(state)
        engine.apply_trusted(child, {**joint, me: action})
        rest = _search(engine, child, me, bot, max_nodes, counter)
        if rest is not None:
            return [action, *rest]
    return None


def ceiling(system: str, against: str = "heuristic", games: int = 1000, seed: int = 0,
            max_nodes: int = DEFAULT_MAX_NODES, engine: Engine[Any] | None = None,
            trust_pickle: bool = False, progress: bool = False,
            first_seat: int = 0) -> CeilingResult:
    """The ceiling of every player of ``system`` against the bot ``against`` (module doc);
    the searching seat is ``first_seat`` in game 0, then alternates."""
    from ..agents import make_agent

    if first_seat not in (0, 1):
        raise UserError(f"--first-seat must be 0 or 1, got {first_seat!r}")
    engine = engine or load_engine(system)
    try:
        bot = make_agent(system, against, trust_pickle=trust_pickle)
    except (ValueError, OSError) as exc:
        raise UserError(f"--against {against!r}: {exc}") from None
    check_pure(bot, against)
    result = CeilingResult(system, against, seed, max_nodes)
    start = time.perf_counter()
    for i in range(games):
        me = (first_seat + i) % 2
        state = engine.new_game(np.random.default_rng(seed + i))
        bot.reset(seed=(seed + i) * 7919 + 1 - me)
        outcome: int | None
        try:
            line, nodes = winning_line(engine, state, me, bot, max_nodes)
            outcome = 0 if line is None else 1
        except (_OutOfBudget, RecursionError):
            outcome, nodes = None, max_nodes
        result.outcomes.append(outcome)
        result.seats.append(me)
        result.nodes.append(nodes)
        if progress and (i + 1) % max(1, games // 10) == 0:
            print(f"  {i + 1}/{games} games, {result.winnable} winnable, "
                  f"{result.unsettled} unsettled, {time.perf_counter() - start:.0f} s",
                  file=sys.stderr, flush=True)
    result.seconds = time.perf_counter() - start
    return result


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """The ``combatzoo ceiling`` subcommand."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "ceiling", help="the most any player can win against a fixed bot (a perfect-"
                        "information best response)", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("system", help="registered system name")
    p.add_argument("--against", default="heuristic",
                   help="the bot: heuristic (default) or a policy file played by argmax")
    p.add_argument("--games", type=positive_int, default=1000, help="deals (default 1000)")
    p.add_argument("--seed", type=non_negative_int, default=0, help="seed of game 0")
    p.add_argument("--first-seat", type=int, default=0, choices=(0, 1),
                   help="the searching seat in game 0, then alternating (default 0; 1 gives "
                        "the seats of the second-named agent of a ladder pair)")
    p.add_argument("--max-nodes", type=positive_int, default=DEFAULT_MAX_NODES,
                   help=f"positions searched per game before it counts as unsettled "
                        f"(default {DEFAULT_MAX_NODES:,})")
    p.add_argument("--out", default=None, help="folder for ceiling_<system>.json")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--trust-pickle", action="store_true", help=TRUST_PICKLE_HELP)
    p.set_defaults(func=run_cli)
    return p


def run_cli(args: argparse.Namespace) -> int:
    if args.out:
        make_dir(args.out, "--out")  # before the games, not after them
    result = ceiling(args.system, args.against, args.games, args.seed, args.max_nodes,
                     trust_pickle=args.trust_pickle, progress=not args.json,
                     first_seat=args.first_seat)
    data = result.to_json()
    print(json.dumps(data, indent=2) if args.json else result.summary())
    if args.out:
        path = Path(args.out) / f"ceiling_{args.system}.json"
        path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {path}", file=sys.stderr)
    return 0

