"""Round-robin tournaments between named agents: win rates with 95% intervals, and ratings.

``combatzoo evaluate --system land_air_sea --agents random heuristic bots/x.onnx`` (a MaskablePPO
``.zip`` checkpoint only with ``--trust-pickle``: it is a pickle, and loading it can run code).
Every pair plays ``--games`` games with seats alternated (game ``i`` uses seed ``seed + i``
for the deal, the same for every pair, so evaluation on fixed seeds is reproducible). Ratings
come from OpenSkill (Plackett-Luce), fed the games in a fixed order.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ..envs.core.agent import Agent, agent_action
from ..envs.core.engine import Engine
from ..envs.core.jsonio import dumps, write_atomic
from .common import (
    TRUST_PICKLE_HELP,
    UserError,
    load_engine,
    make_dir,
    non_negative_int,
    positive_int,
    resolve_system,
)

Z95 = 1.959963984540054


def play_game(engine: Engine[Any], agents: Sequence[Agent], seed: int) -> list[float]:
    """One game with ``agents[p]`` in seat ``p``; the returns of every seat.

    Each agent sees only its own observation, mask and (if it asks) JSON view, computed before
    any simultaneous choice is applied.
    """
    state = engine.new_game(np.random.default_rng(seed))
    for p, agent in enumerate(agents):
        agent.reset(seed=seed * 7919 + p)
    while not engine.is_over(state):
        joint = {}
        for p in engine.to_act(state):
            joint[p] = agent_action(agents[p], engine, state, p)
        engine.apply(state, joint)
    return engine.returns(state)


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class MatchResult:
    """Games of ``agents[0]`` against ``agents[1]``, counted from the first agent's side."""

    agents: tuple[str, str]
    wins: int = 0
    draws: int = 0
    losses: int = 0
    outcomes: list[float] = field(default_factory=list)
    """Result of each game for the first agent (+1 / 0 / -1), in game order."""

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        lo, hi = wilson(self.wins, self.games)
        return {"agents": list(self.agents), "games": self.games, "wins": self.wins,
                "draws": self.draws, "losses": self.losses, "win_rate": self.win_rate,
                "win_rate_ci95": [lo, hi]}


def play_match(engine: Engine[Any], a: Agent, b: Agent, games: int, seed: int,
               names: tuple[str, str] | None = None,
               on_game: Callable[[int], None] | None = None, first: int = 0) -> MatchResult:
    """``games`` games of ``a`` against ``b``, seats alternated: ``a`` sits in seat 0 in even
    games and seat 1 in odd ones (for two-player systems).

    The games are numbers ``first`` .. ``first + games - 1`` of the match: game ``i`` is dealt
    with seed ``seed + i`` and its seats follow ``i``, so a match played in chunks (the ladder's
    workers) gives the same games as one played at once. ``on_game`` gets the index within
    this call (0 .. games - 1)."""
    result = MatchResult(names or (a.name, b.name))
    for k in range(games):
        i = first + k
        a_seat = i % 2
        seats = [a, b] if a_seat == 0 else [b, a]
        returns = play_game(engine, seats, seed + i)
        r = returns[a_seat]
        result.outcomes.append(1.0 if r > 0 else (-1.0 if r < 0 else 0.0))
        if r > 0:
            result.wins += 1
        elif r < 0:
            result.losses += 1
        else:
            result.draws += 1
        if on_game is not None:
            on_game(k)
    return result


def baseline_row(system: str, env: dict[str, Any], playing: str, learner: Agent,
                 timesteps: int, games: int, seed: int) -> dict[str, Any]:
    """One row of a training run's history: ``learner``'s win rate (95% interval) against the
    random and heuristic agents of ``playing``, seats alternated, on ``system`` with ``env``."""
    from ..agents import make_agent
    from ..envs import make_engine

    engine = make_engine(system, **env)
    row: dict[str, Any] = {"timesteps": timesteps}
    for name in ("random", "heuristic"):
        match = play_match(engine, learner, make_agent(playing, name), games, seed)
        lo, hi = wilson(match.wins, match.games)
        row[name] = {"win_rate": match.win_rate, "ci95": [lo, hi], "wins": match.wins,
                     "draws": match.draws, "losses": match.losses, "games": match.games}
    return row


@dataclass
class Tournament:
    """The outcome of a round robin."""

    system: str
    names: list[str]
    games_per_pair: int
    seed: int
    matches: list[MatchResult] = field(default_factory=list)
    ratings: dict[str, dict[str, float]] = field(default_factory=dict)
    seconds: float = 0.0

    def matrix(self) -> list[list[float | None]]:
        """``m[i][j]``: win rate of agent i against agent j (None on the diagonal)."""
        index = {n: i for i, n in enumerate(self.names)}
        m: list[list[float | None]] = [[None] * len(self.names) for _ in self.names]
        for match in self.matches:
            i, j = index[match.agents[0]], index[match.agents[1]]
            m[i][j] = match.win_rate
            m[j][i] = match.losses / match.games if match.games else 0.0
        return m

    def to_json(self) -> dict[str, Any]:
        return {"system": self.system, "agents": self.names,
                "games_per_pair": self.games_per_pair, "seed": self.seed,
                "seats": "alternated", "matches": [m.to_json() for m in self.matches],
                "win_rate_matrix": self.matrix(), "ratings": self.ratings,
                "seconds": self.seconds}

    def table(self) -> str:
        """The results as text: one line per pairing, then the ratings."""
        lines = [f"{self.system}: {self.games_per_pair} games per pair, seats alternated, "
                 f"seeds {self.seed}..{self.seed + self.games_per_pair - 1}"]
        width = max(len(n) for n in self.names)
        for m in self.matches:
            lo, hi = wilson(m.wins, m.games)
            lines.append(f"  {m.agents[0]:>{width}} vs {m.agents[1]:<{width}}  "
                         f"win {m.win_rate:6.1%} [{lo:.1%}, {hi:.1%}]  "
                         f"W/D/L {m.wins}/{m.draws}/{m.losses}")
        if self.ratings:
            lines.append("  ratings (OpenSkill, ordinal = mu - 3 sigma):")
            for name, r in sorted(self.ratings.items(), key=lambda kv: -kv[1]["ordinal"]):
                lines.append(f"    {name:>{width}}  {r['ordinal']:7.2f}  (mu {r['mu']:.2f}, "
                             f"sigma {r['sigma']:.2f})")
        return "\n".join(lines)


def rate(names: Sequence[str], games: Sequence[tuple[str, str, float]]) -> dict[str, dict[
        str, float]]:
    """OpenSkill ratings from ``(a, b, result for a)`` games, in the given order."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {n: model.rating(name=n) for n in names}
    for a, b, r in games:
        ra, rb = ratings[a], ratings[b]
        ranks: list[float]
        if r > 0:
            ranks = [1.0, 2.0]
        elif r < 0:
            ranks = [2.0, 1.0]
        else:
            ranks = [1.0, 1.0]
        (new_a,), (new_b,) = model.rate([[ra], [rb]], ranks=ranks)
        ratings[a], ratings[b] = new_a, new_b
    return {n: {"mu": float(r.mu), "sigma": float(r.sigma), "ordinal": float(r.ordinal())}
            for n, r in ratings.items()}


def rate_matches(names: Sequence[str], matches: Sequence[MatchResult]) -> dict[
        str, dict[str, float]]:
    """OpenSkill ratings of a round robin, fed the games in a fixed order: game 0 of every
    pairing (in the order of ``matches``), then game 1, ..."""
    longest = max((len(m.outcomes) for m in matches), default=0)
    played = [(m.agents[0], m.agents[1], m.outcomes[g]) for g in range(longest)
              for m in matches if g < len(m.outcomes)]
    return rate(names, played)


def tournament(system: str, agent_names: Sequence[str], games: int = 100, seed: int = 0,
               env_options: dict[str, Any] | None = None,
               agents: dict[str, Agent] | None = None, progress: bool = False,
               trust_pickle: bool = False) -> Tournament:
    """Round robin between ``agent_names`` (``make_agent`` names, policy files, or keys of
    ``agents`` for agents already built; a ``.zip`` loads only with ``trust_pickle``).

    A bad argument is a :class:`UserError` (a ``ValueError``) naming it.
    """
    from ..agents import engine_kwargs, make_agent

    if len(set(agent_names)) != len(agent_names):
        raise UserError(f"agent names must be distinct: {list(agent_names)}")
    if len(agent_names) < 2:
        raise UserError("a tournament needs at least two agents")
    if games < 1:
        raise UserError(f"games must be at least 1, got {games}")
    if seed < 0:
        raise UserError(f"seed must be 0 or more, got {seed}")
    # An alias (spellfire with mode=game) plays the system it names, with that system's agents.
    system, options = resolve_system(system, env_options)
    engine = load_engine(system, options)
    if engine.spec.num_players != 2:
        raise UserError(f"{system}: tournaments support two-player systems only")
    built = dict(agents or {})
    for name in agent_names:
        if name not in built:
            built[name] = make_agent(system, name, trust_pickle=trust_pickle,
                                     **engine_kwargs(name, engine))
    display = [_display_name(n) for n in agent_names]
    result = Tournament(system, display, games, seed)
    start = time.perf_counter()
    pairs = [(i, j) for i in range(len(agent_names)) for j in range(i + 1, len(agent_names))]
    for k, (i, j) in enumerate(pairs):
        a, b = agent_names[i], agent_names[j]
        last_print = [time.perf_counter()]

        def tick(g: int, a: str = a, b: str = b, k: int = k,
                 last: list[float] = last_print) -> None:
            now = time.perf_counter()
            if progress and (now - last[0] > 5 or g + 1 == games):
                last[0] = now
                print(f"  [{k + 1}/{len(pairs)}] {_display_name(a)} vs {_display_name(b)}: "
                      f"{g + 1}/{games} games", file=sys.stderr, flush=True)

        match = play_match(engine, built[a], built[b], games, seed, (display[i], display[j]),
                           on_game=tick)
        result.matches.append(match)
    result.ratings = rate_matches(display, result.matches)
    result.seconds = time.perf_counter() - start
    return result


def _display_name(name: str) -> str:
    return Path(name).stem if name.endswith((".zip", ".onnx")) else name


def save(result: Tournament, out_dir: str | Path, stem: str = "tournament") -> list[Path]:
    """Write ``stem.json`` and (if matplotlib is installed) ``stem.png`` into ``out_dir``."""
    out = make_dir(out_dir, "output folder")
    paths = [out / f"{stem}.json"]
    write_atomic(paths[0], dumps(result.to_json()))
    png = save_png(result, out / f"{stem}.png")
    return paths + ([png] if png is not None else [])


def save_png(result: Tournament, png: Path, title: str | None = None) -> Path | None:
    """The win-rate matrix of ``result`` as a PNG at ``png``; ``None`` without matplotlib."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    m = np.array([[np.nan if x is None else x for x in row] for row in result.matrix()])
    fig, ax = plt.subplots(figsize=(1.6 + 1.1 * len(result.names), 1.2 + 1.0 * len(result.names)))
    im = ax.imshow(m, vmin=0, vmax=1, cmap="RdYlGn")
    ax.set_xticks(range(len(result.names)), result.names, rotation=30, ha="right")
    ax.set_yticks(range(len(result.names)), result.names)
    for i in range(len(result.names)):
        for j in range(len(result.names)):
            if not np.isnan(m[i, j]):
                ax.text(j, i, f"{m[i, j]:.0%}", ha="center", va="center")
    ax.set_title(title or f"{result.system}: win rate of row vs column")
    fig.colorbar(im, ax=ax)
    fig.tight_layout()
    fig.savefig(png, dpi=100)
    plt.close(fig)
    return png


# --- command line ------------------------------------------------------------------------------


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """The ``combatzoo evaluate`` subcommand."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "evaluate", help="round-robin tournament between agents", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--system", default="land_air_sea", help="registered system name")
    p.add_argument("--agents", nargs="+", default=["random", "heuristic"],
                   help="agent names (random, heuristic, mcts or mcts@N: the search bot "
                        "with N simulations per decision, rollout or rollout@K: the rollout "
                        "search over the heuristic, K sampled states) or policy files: "
                        ".onnx (combatzoo export), or MaskablePPO .zip with --trust-pickle")
    p.add_argument("--games", type=positive_int, default=200,
                   help="games per pair (seats alternated)")
    p.add_argument("--seed", type=non_negative_int, default=0, help="seed of the first game")
    p.add_argument("--out", default=None, help="folder for tournament.json / tournament.png")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--trust-pickle", action="store_true", help=TRUST_PICKLE_HELP)
    p.set_defaults(func=run_cli)
    return p


def run_cli(args: argparse.Namespace) -> int:
    if args.out:
        make_dir(args.out, "--out")  # before the games, not after them
    result = tournament(args.system, args.agents, games=args.games, seed=args.seed,
                        progress=not args.json, trust_pickle=args.trust_pickle)
    if args.json:
        print(json.dumps(result.to_json(), indent=2))
    else:
        print(result.table())
    if args.out:
        for path in save(result, args.out):
            print(f"wrote {path}", file=sys.stderr)
    return 0
