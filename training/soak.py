"""``combatzoo soak ENV --decisions N``: random legal play with every invariant checked.

Episodes are played through the rules engine (``make_engine``) with uniformly random legal
actions; episode ``i`` uses seed ``S + i`` for both the game and the moves. ``--players A B``
names the built-in bot of each seat instead (``random``, ``heuristic``, ``mcts@N``, ...):
random play rarely reaches the late game, where a bot's plan leads (a sixth realm played as
spoils in phase 4 was found so). After every step the
state goes through :func:`combatzoo.envs.core.checks.check_state`: the light checks always, the
full ones (every legal action applied on a clone, JSON through text, views and rendering) every
``--full-every`` steps and at the start and end of each episode. Each finished episode is then
replayed from its seed and action list and must reach the same JSON state (determinism).

A failure is reported with the seed and the actions that reproduce it, written as a replay file
(``combatzoo replay ENV FILE``) under ``--out``; the command then exits with status 1. Progress
goes to stderr about every 5 seconds; the summary to stdout.

A *decision* is one player's action: a simultaneous step of two players counts two.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

import numpy as np

from ..envs.core.agent import agent_action
from ..envs.core.checks import check_state, replay_actions
from ..envs.core.engine import Engine
from ..envs.core.jsonio import dumps, write_atomic
from .common import (
    UserError,
    add_option_argument,
    load_engine,
    make_dir,
    non_negative_int,
    parse_options,
    positive_int,
)

DEFAULT_OUT = Path("runs") / "soak"


@dataclass
class Failure:
    """One broken episode and how to reproduce it."""

    seed: int
    step: int
    """Engine steps applied when the problem showed (0: the starting state)."""
    problems: list[str]
    actions: list[dict[str, int]]
    """The joint actions from the start up to and including the failing step."""
    reproducer: Path | None = None


@dataclass
class SoakReport:
    """What a soak did."""

    system: str
    decisions: int = 0
    steps: int = 0
    episodes: int = 0
    seconds: float = 0.0
    failures: list[Failure] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.decisions / self.seconds if self.seconds > 0 else 0.0

    def summary(self) -> str:
        return (f"soak {self.system}: {self.decisions:,} decisions ({self.steps:,} engine steps) "
                f"in {self.episodes:,} episodes, {self.seconds:.1f} s "
                f"({self.rate:,.0f} decisions/s): {len(self.failures)} failure(s)")


def soak(engine: Engine[Any], *, decisions: int, seed: int = 0, full_every: int = 10,
         config: dict[str, Any] | None = None, out: Path | None = DEFAULT_OUT,
         max_failures: int = 1, progress_every: float = 5.0,
         progress: Callable[[str], None] | None = None,
         players: tuple[str, str] = ("random", "random")) -> SoakReport:
    """Play episodes until ``decisions`` decisions are made (the last episode finishes) or
    ``max_failures`` episodes failed; ``players`` names the bot of each seat (``random``:
    uniformly random legal actions). Each failure is written under ``out`` (if given) as a
    replay file; ``config`` is the engine's options, recorded in it."""
    report = SoakReport(engine.spec.name)
    start_time = time.perf_counter()
    next_progress = start_time + progress_every
    episode_seed = seed
    while report.decisions < decisions and len(report.failures) < max_failures:
        chooser = _Chooser(engine, players, episode_seed)
        failure = _episode(engine, episode_seed, full_every, report, chooser)
        report.episodes += 1
        if failure is not None:
            if out is not None:
                failure.reproducer = write_reproducer(engine, failure, config or {}, out)
            report.failures.append(failure)
            if progress:
                progress(describe_failure(report.system, failure))
        episode_seed += 1
        now = time.perf_counter()
        if progress and now >= next_progress:
            report.seconds = now - start_time
            progress(f"soak {report.system}: {report.decisions:,} decisions, "
                     f"{report.episodes:,} episodes, {report.rate:,.0f}/s, "
                     f"{len(report.failures)} failure(s)")
            next_progress = now + progress_every
    report.seconds = time.perf_counter() - start_time
    return report


class _Chooser:
    """Each seat's move: uniformly random (``random``, seeded by the episode) or a built-in
    bot's (reset with a seed of the episode and seat)."""

    def __init__(self, engine: Engine[Any], players: tuple[str, str], seed: int) -> None:
        self.engine = engine
        self.moves = random.Random(seed)
        self.bots: dict[int, Any] = {}
        for p, name in enumerate(players):
            if name != "random":
                from ..agents import make_agent

                bot = make_agent(engine.spec.name, name)
                bot.reset(seed=seed * 7919 + p)
                self.bots[p] = bot

    def __call__(self, state: Any, p: int) -> int:
        engine, bot = self.engine, self.bots.get(p)
        if bot is None:
            return int(self.moves.choice(engine.legal_actions(state, p)))
        return agent_action(bot, engine, state, p)


def _episode(engine: Engine[Any], seed: int, full_every: int, report: SoakReport,
             choose: Callable[[Any, int], int]) -> Failure | None:
    """One episode with checks; the failure, if any."""
    checks = random.Random(seed ^ 0x5EED)
    actions: list[dict[str, int]] = []
    step = 0

    def fail(problems: list[str]) -> Failure:
        return Failure(seed, step, problems, [dict(a) for a in actions])

    try:
        state = engine.new_game(np.random.default_rng(seed))
        start = engine.clone(state)
    except Exception as exc:  # noqa: BLE001 - a crash is a finding
        return fail([f"new_game raised {type(exc).__name__}: {exc}"])
    problems = check_state(engine, state, start, rng=checks, full=True)
    if problems:
        return fail(problems)
    limit = engine.spec.max_decisions
    while True:
        try:
            if engine.is_over(state):
                break
            joint = {p: choose(state, p) for p in engine.to_act(state)}
        except Exception as exc:  # noqa: BLE001
            return fail([f"choosing a move raised {type(exc).__name__}: {exc}"])
        actions.append({f"player_{p}": a for p, a in joint.items()})
        step += 1
        try:
            engine.apply(state, joint)
        except Exception as exc:  # noqa: BLE001
            return fail([f"applying {actions[-1]} raised {type(exc).__name__}: {exc}"])
        report.steps += 1
        report.decisions += len(joint)
        over = engine.is_over(state)
        full = over or (full_every > 0 and step % full_every == 0)
        problems = check_state(engine, state, start, rng=checks, full=full)
        if step > limit:
            problems.append(f"the episode exceeds spec.max_decisions = {limit} engine steps")
        if problems:
            return fail(problems)
    problems = _check_outcome(engine, state, seed, actions)
    return fail(problems) if problems else None


def _check_outcome(engine: Engine[Any], state: Any, seed: int,
                   actions: list[dict[str, int]]) -> list[str]:
    """Returns within the spec's range; the same seed and actions reach the same state."""
    problems = []
    returns = engine.returns(state)
    lo, hi = engine.spec.utility_range
    if len(returns) != engine.spec.num_players or any(not lo <= r <= hi for r in returns):
        problems.append(f"returns {returns} do not fit {engine.spec.num_players} players in "
                        f"[{lo}, {hi}]")
    try:
        again = replay_actions(engine, seed, actions)
    except Exception as exc:  # noqa: BLE001
        return problems + [f"replaying the episode raised {type(exc).__name__}: {exc}"]
    if engine.to_json(again) != engine.to_json(state):
        problems.append("not deterministic: replaying the seed and actions reached a different "
                        "state")
    return problems


def write_reproducer(engine: Engine[Any], failure: Failure, config: dict[str, Any],
                     out: Path) -> Path:
    """Write ``failure`` as a replay file (``combatzoo replay``) and return its path."""
    start = engine.new_game(np.random.default_rng(failure.seed))
    path = out / f"{engine.spec.name}_seed{failure.seed}.json"
    write_atomic(path, dumps({
        "description": f"combatzoo soak failure of {engine.spec.name}, seed {failure.seed}, "
                       f"after engine step {failure.step}: " + "; ".join(failure.problems[:5]),
        "system": engine.spec.name,
        "config": config,
        "seed": failure.seed,
        "state": engine.to_json(start),
        "actions": failure.actions,
        "failure": {"step": failure.step, "problems": failure.problems},
    }) + "\n")
    return path


def describe_failure(system: str, failure: Failure) -> str:
    """The failure in a few lines: problems, seed, actions, reproducer."""
    lines = [f"FAILURE in {system}, seed {failure.seed}, after engine step {failure.step}:"]
    lines += [f"  - {p}" for p in failure.problems[:10]]
    if len(failure.problems) > 10:
        lines.append(f"  ... and {len(failure.problems) - 10} more")
    lines.append(f"  actions: {failure.actions}")
    if failure.reproducer is not None:
        lines.append(f"  reproduce: combatzoo replay {system} {failure.reproducer}")
    return "\n".join(lines)


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``soak`` to the ``combatzoo`` command."""
    parser = subparsers.add_parser(
        "soak", help="random legal play with every invariant checked after each step",
        description=__doc__.split("\n\n")[0])
    parser.add_argument("system", help="the combat system, e.g. land_air_sea")
    parser.add_argument("--decisions", type=positive_int, required=True,
                        help="decisions to play")
    parser.add_argument("--seed", type=non_negative_int, default=0,
                        help="seed of the first episode")
    parser.add_argument("--full-every", type=non_negative_int, default=10, metavar="K",
                        help="full checks every K engine steps (0: only at episode ends)")
    parser.add_argument("--max-failures", type=positive_int, default=1,
                        help="stop after this many failed episodes (default 1)")
    parser.add_argument("--players", nargs=2, default=["random", "random"], metavar="BOT",
                        help="the bot of each seat: random (default), heuristic, mcts@N, "
                             "rollout@K, ...")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT,
                        help=f"folder for reproducer files (default {DEFAULT_OUT})")
    add_option_argument(parser)
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace, stream: TextIO | None = None) -> int:
    """``combatzoo soak``."""
    if args.decisions < 1 or args.max_failures < 1 or args.full_every < 0:
        raise UserError("--decisions and --max-failures must be at least 1, --full-every >= 0")
    config = parse_options(args.option)
    engine = load_engine(args.system, config)
    players = _players(args.system, args.players)
    make_dir(args.out, "--out")  # before the soak, not when the first reproducer is written
    err = stream or sys.stderr

    def progress(line: str) -> None:
        print(line, file=err, flush=True)

    report = soak(engine, decisions=args.decisions, seed=args.seed, full_every=args.full_every,
                  config=config, out=args.out, max_failures=args.max_failures,
                  progress=progress, players=players)
    print(report.summary())
    for failure in report.failures:
        print(describe_failure(report.system, failure))
    return 1 if report.failures else 0


def _players(system: str, names: list[str]) -> tuple[str, str]:
    """``--players``: two bot names this system has (checked before the soak starts)."""
    from ..agents import make_agent

    for name in names:
        if name != "random":
            try:
                make_agent(system, name)
            except (KeyError, ValueError) as exc:
                raise UserError(f"--players: {exc}") from exc
    return names[0], names[1]
