"""The ladder of a system (issue 15, part 2): a fixed line-up of bots in a round robin.

``combatzoo ladder land_air_sea solium_infernum --games 400 --workers 2 --out runs/ladder``

The line-up: ``random``, ``heuristic``, the search bot at two budgets (``mcts@25`` and
``mcts@100`` unless ``--budgets`` says otherwise) and the shipped learned bot ``ppo``; ``--agents``
replaces it (e.g. ``--agents random heuristic rollout@8``). Every pair
plays ``--games`` games with seats alternated; game ``i`` of every pair is dealt with seed
``--seed + i`` and its agents are re-seeded from that seed (``combatzoo evaluate``'s
convention), so a game depends only on (pair, game index): the results do not depend on
``--workers`` or on how often the run was resumed. Draws are reported and count as not won.

The work is split into chunks of games (``CHUNK_GAMES``) run by ``--workers`` processes; each
chunk's results are saved in ``OUT/<system>/chunks/`` as it finishes, so a rerun with the same
arguments skips what is done (a rerun with other arguments is refused: the folder's
``ladder_config.json`` names the difference; only ``--games`` may change, as game ``i`` is the
same game whatever their number: fewer reuse the games played, more add to them). At the end
``OUT/<system>/`` holds ``ladder_<system>.json`` (matches, ratings, the search bot's time per
decision), ``ladder_<system>.txt`` (the table) and ``ladder_<system>.png`` (win rates), and
``--png-dir`` gets a copy of the PNG.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import numpy as np

from ..envs.core.agent import Agent
from ..envs.core.engine import Engine
from ..envs.core.jsonio import dumps, write_atomic
from .common import UserError, load_engine, make_dir, non_negative_int, positive_int, resolve_system
from .evaluate import MatchResult, Tournament, play_match, rate_matches, save_png, wilson

DEFAULT_BUDGETS = (25, 100)
"""Simulations per decision of the cheap and the strong search bot (docs/bots.md: why)."""

CHUNK_GAMES = 50
"""Games per unit of work: a worker plays one chunk of one pair at a time (game ``i`` of a pair
has its seats and seed from ``i``, whatever chunk plays it)."""

CONFIG_FILE = "ladder_config.json"


def lineup(budgets: Sequence[int] = DEFAULT_BUDGETS) -> list[str]:
    """The ladder's agents: random, heuristic, the search bot at each budget, the shipped bot."""
    return ["random", "heuristic", *(f"mcts@{b}" for b in budgets), "ppo"]


@dataclass(frozen=True)
class LadderConfig:
    """What decides a ladder's games; a folder holds the games of one config only (except
    ``games``: game ``i`` of a pair is the same game whatever the number of games, so a
    folder serves any number, reusing the games it holds)."""

    system: str
    agents: tuple[str, ...]
    games: int
    seed: int
    env_options: dict[str, Any] = field(default_factory=dict)
    chunk_games: int = CHUNK_GAMES

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["agents"] = list(self.agents)
        return d

    def folder_key(self) -> dict[str, Any]:
        """What a folder's games depend on: everything but the number of games."""
        d = self.to_json()
        del d["games"]
        return d

    def pairs(self) -> list[tuple[str, str]]:
        """Every pair once, in line-up order."""
        n = len(self.agents)
        return [(self.agents[i], self.agents[j]) for i in range(n) for j in range(i + 1, n)]


@dataclass(frozen=True)
class Chunk:
    """Games ``first`` .. ``first + games - 1`` of pair ``pair`` (``a`` against ``b``)."""

    pair: int
    a: str
    b: str
    first: int
    games: int

    @property
    def file_name(self) -> str:
        return (f"pair{self.pair:02d}_{_safe(self.a)}_vs_{_safe(self.b)}_{self.first:06d}"
                f"+{self.games}.json")


def _safe(name: str) -> str:
    return "".join(c if c.isalnum() or c in "@-." else "_" for c in name)


def plan(config: LadderConfig) -> list[Chunk]:
    """The chunks of a ladder: the first chunk of every pair, then the second, ... (a run
    stopped early has every pair played to about the same depth)."""
    return [Chunk(k, a, b, first, min(config.chunk_games, config.games - first))
            for first in range(0, config.games, config.chunk_games)
            for k, (a, b) in enumerate(config.pairs())]


# --- one chunk (in a worker process) ----------------------------------------------------------

_CACHE: dict[str, tuple[Engine[Any], dict[str, Agent]]] = {}
"""Per process: the engine and agents of a config (built once, re-seeded every game)."""


def _built(config: LadderConfig) -> tuple[Engine[Any], dict[str, Agent]]:
    from ..agents import engine_kwargs, make_agent

    key = json.dumps(config.to_json(), sort_keys=True)
    if key not in _CACHE:
        engine = load_engine(config.system, config.env_options)
        agents = {n: make_agent(config.system, n, **engine_kwargs(n, engine))
                  for n in config.agents}
        _CACHE[key] = (engine, agents)
    return _CACHE[key]


def play_chunk(config: LadderConfig, chunk: Chunk) -> dict[str, Any]:
    """Play one chunk; its outcomes (for ``a``: +1 / 0 / -1) and the search bots' time per
    decision (seconds, wall clock) in its games."""
    engine, agents = _built(config)
    a, b = agents[chunk.a], agents[chunk.b]
    before = {n: len(getattr(x, "decision_seconds", [])) for n, x in ((chunk.a, a), (chunk.b, b))}
    start = time.perf_counter()
    played = [0]
    try:
        match = play_match(engine, a, b, chunk.games, config.seed, first=chunk.first,
                           on_game=lambda k: played.__setitem__(0, k + 1))
    except Exception as exc:
        game = chunk.first + played[0]
        # A note (PEP 678; set by hand for Python 3.10) says which game; it survives the
        # trip from a worker process, and `combatzoo` prints it after the error.
        setattr(exc, "__notes__", [*getattr(exc, "__notes__", []),  # noqa: B010
                                   f"ladder {config.system}: {chunk.a} vs {chunk.b}, game "
                                   f"{game} (seed {config.seed + game})"])
        raise
    timing = {n: [round(t, 6) for t in x.decision_seconds[before[n]:]]
              for n, x in ((chunk.a, a), (chunk.b, b)) if hasattr(x, "decision_seconds")}
    return {"pair": chunk.pair, "agents": [chunk.a, chunk.b], "first": chunk.first,
            "games": chunk.games, "outcomes": match.outcomes, "decision_seconds": timing,
            "seconds": time.perf_counter() - start, "load1": os.getloadavg()[0],
            "policy_sha256": {n: x.card.get("onnx_sha256") for n, x in ((chunk.a, a), (chunk.b, b))
                              if isinstance(getattr(x, "card", None), dict)}}


# --- the folder: config, done chunks, resume --------------------------------------------------


def open_folder(out: str | Path, config: LadderConfig) -> Path:
    """``out/<system>``, created with the config, or an existing one holding the same config
    (any number of games); another config there is a :class:`UserError` naming the
    difference."""
    folder = make_dir(Path(out) / config.system, "--out")
    path = folder / CONFIG_FILE
    wanted = config.folder_key()
    if path.exists():
        try:
            held = json.loads(path.read_text(encoding="utf-8"))
            held.pop("games", None)
        except (OSError, ValueError, AttributeError) as exc:
            raise UserError(f"{path}: unreadable ladder config ({exc}); remove the folder "
                            f"or pass another --out") from None
        changed = sorted(k for k in set(held) | set(wanted) if held.get(k) != wanted.get(k))
        if changed:
            diff = ", ".join(f"{k}: {held.get(k)!r} there, {wanted.get(k)!r} now"
                             for k in changed)
            raise UserError(f"{folder} holds a ladder run with other arguments ({diff}); pass "
                            f"another --out to start a new one, or the same arguments to "
                            f"resume it")
    else:
        write_atomic(path, dumps(wanted))
    make_dir(folder / "chunks", "chunk folder")
    return folder


def done_chunks(folder: Path, chunks: Sequence[Chunk]) -> dict[Chunk, dict[str, Any]]:
    """The chunks whose results are saved (a damaged file counts as not done)."""
    done = {}
    for chunk in chunks:
        path = folder / "chunks" / chunk.file_name
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(data, dict) and len(data.get("outcomes", [])) == chunk.games:
            done[chunk] = data
    return done


# --- running ----------------------------------------------------------------------------------


@dataclass
class Progress:
    """Progress lines on stderr: chunks and pairs done, games, elapsed time and a rough ETA
    (each pair's seconds per game so far, over the workers)."""

    chunks: list[Chunk]
    workers: int
    enabled: bool = True
    start: float = field(default_factory=time.perf_counter)
    done: set[Chunk] = field(default_factory=set)
    per_game: dict[int, float] = field(default_factory=dict)

    def update(self, chunk: Chunk, seconds: float | None) -> None:
        self.done.add(chunk)
        if seconds is not None:
            self.per_game[chunk.pair] = seconds / max(chunk.games, 1)
        if not self.enabled:
            return
        pairs = {c.pair for c in self.chunks}
        pairs_done = sum(all(c in self.done for c in self.chunks if c.pair == p) for p in pairs)
        games = sum(c.games for c in self.done)
        total = sum(c.games for c in self.chunks)
        elapsed = time.perf_counter() - self.start
        print(f"  pairs {pairs_done}/{len(pairs)}, chunks {len(self.done)}/{len(self.chunks)}, "
              f"games {games}/{total}, {elapsed:.0f} s, ETA {self.eta():.0f} s "
              f"({chunk.a} vs {chunk.b}, games {chunk.first}..{chunk.first + chunk.games - 1})",
              file=sys.stderr, flush=True)

    def eta(self) -> float:
        known = list(self.per_game.values())
        mean = float(np.mean(known)) if known else 0.0
        left = sum(c.games * self.per_game.get(c.pair, mean)
                   for c in self.chunks if c not in self.done)
        return left / self.workers


def _run_chunks(config: LadderConfig, todo: Sequence[Chunk], workers: int,
                save: Callable[[Chunk, dict[str, Any]], None]) -> None:
    """Play ``todo``, in this process (one worker) or in ``workers`` processes, handing each
    chunk's result to ``save`` as it finishes."""
    if workers == 1 or len(todo) <= 1:
        for chunk in todo:
            save(chunk, play_chunk(config, chunk))
        return
    # spawn, not fork: a forked onnxruntime or torch is not safe to use.
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn"))
    with _terminate_as_exit():
        try:
            pending: dict[Future[dict[str, Any]], Chunk] = {
                pool.submit(play_chunk, config, c): c for c in todo}
            while pending:
                finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    save(pending.pop(future), future.result())
        except BaseException:
            _stop(pool)  # an error, Ctrl-C or kill stops the ladder now, not after every chunk
            raise
    pool.shutdown()


@contextmanager
def _terminate_as_exit() -> Iterator[None]:
    """While the workers play, SIGTERM (``kill``, a batch system's stop) exits as Ctrl-C
    does, ending the workers too; by default it ends this process alone and leaves the
    workers playing their chunks, whose results nobody saves."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may set a signal handler
        return

    def exit_now(signum: int, frame: object) -> None:
        raise SystemExit(128 + signum)

    before = signal.signal(signal.SIGTERM, exit_now)
    try:
        yield
    finally:
        if before is not None:  # None: a handler not set from Python, which cannot be restored
            signal.signal(signal.SIGTERM, before)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Drop the chunks not started and end the workers (their chunks in play are lost;
    every chunk finished before is saved)."""
    # The executor has no public way to end running workers before Python 3.14
    # (terminate_workers): its own process table and thread, read before shutdown clears them.
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    # Only the executor's thread settles futures: it cancels the chunks not started, or fails
    # them as the workers end (a future cancelled here could be failed there, an error in it).
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    if manager is not None:
        manager.join(timeout=30)  # its futures are settled when this returns


def check_agents(config: LadderConfig) -> None:
    """Build every agent once, so an unknown one fails before any game (the agents' errors
    name the system and the agents it knows)."""
    _built(config)


def run(config: LadderConfig, out: str | Path, workers: int = 1,
        progress: bool = True) -> Path:
    """Play what is not done yet of the ladder ``config`` in ``out/<system>``; its folder."""
    folder = open_folder(out, config)
    chunks = plan(config)
    done = done_chunks(folder, chunks)
    todo = [c for c in chunks if c not in done]
    bar = Progress(chunks, workers, enabled=progress)
    bar.done.update(done)
    if progress:
        print(f"{config.system}: {len(config.pairs())} pairs x {config.games} games, "
              f"{len(done)}/{len(chunks)} chunks done before, {workers} worker(s)",
              file=sys.stderr, flush=True)

    def save(chunk: Chunk, data: dict[str, Any]) -> None:
        write_atomic(folder / "chunks" / chunk.file_name, dumps(data))
        bar.update(chunk, data["seconds"])

    _run_chunks(config, todo, workers, save)
    return folder


# --- the results ------------------------------------------------------------------------------


@dataclass
class LadderResult:
    """A finished ladder: the round robin, and the search bots' time per decision."""

    config: LadderConfig
    tournament: Tournament
    decision_ms: dict[str, dict[str, float]]
    load1: list[float] = field(default_factory=list)
    """The machine's 1-minute load average as each chunk finished (timings depend on it)."""
    policy_sha256: dict[str, str] = field(default_factory=dict)
    """The ONNX file each policy agent (``ppo``) played with, from its model card."""

    def to_json(self) -> dict[str, Any]:
        return {"ladder": self.config.to_json(), "draws": "reported, counted as not won",
                "tournament": self.tournament.to_json(),
                "search_ms_per_decision": self.decision_ms,
                "load1_range": [min(self.load1), max(self.load1)] if self.load1 else None,
                "policy_sha256": self.policy_sha256}

    def table(self) -> str:
        lines = [self.tournament.table(), "  search bot, wall ms per decision (decisions with "
                 "one legal action excepted):"]
        for name, t in self.decision_ms.items():
            lines.append(f"    {name}: median {t['median']:.1f}, p99 {t['p99']:.1f} "
                         f"({t['decisions']} decisions)")
        if self.load1:
            lines.append(f"  1-minute load average as chunks finished: {min(self.load1):.1f}"
                         f" to {max(self.load1):.1f}")
        return "\n".join(lines)

    def markdown(self) -> str:
        """The pairs as a Markdown table, then the ratings."""
        rows = ["| Agent | Opponent | W/D/L | Win rate [95%] |", "|---|---|---|---|"]
        for m in self.tournament.matches:
            lo, hi = wilson(m.wins, m.games)
            rows.append(f"| `{m.agents[0]}` | `{m.agents[1]}` | {m.wins}/{m.draws}/{m.losses} "
                        f"| {m.win_rate:.1%} [{lo:.1%}, {hi:.1%}] |")
        names = self.tournament.names
        rows += ["", "| Win rate of row vs column | " + " | ".join(f"`{n}`" for n in names)
                 + " |", "|---" * (len(names) + 1) + "|"]
        for name, line in zip(names, self.tournament.matrix(), strict=True):
            cells = ["-" if x is None else f"{x:.1%}" for x in line]
            rows.append(f"| `{name}` | " + " | ".join(cells) + " |")
        rows += ["", "| Agent | OpenSkill ordinal | mu | sigma |", "|---|---|---|---|"]
        for name, r in sorted(self.tournament.ratings.items(), key=lambda kv: -kv[1]["ordinal"]):
            rows.append(f"| `{name}` | {r['ordinal']:.2f} | {r['mu']:.2f} | {r['sigma']:.2f} |")
        return "\n".join(rows)


def collect(config: LadderConfig, folder: Path) -> LadderResult:
    """The ladder from the saved chunks (all must be done)."""
    chunks = plan(config)
    done = done_chunks(folder, chunks)
    missing = [c for c in chunks if c not in done]
    if missing:
        raise UserError(f"{folder}: {len(missing)} chunks not played yet; run the ladder "
                        f"with the same arguments to finish it")
    result = Tournament(config.system, list(config.agents), config.games, config.seed)
    timing: dict[str, list[float]] = {n: [] for n in config.agents}
    load1: list[float] = []
    policies: dict[str, set[str]] = {}
    for k, (a, b) in enumerate(config.pairs()):
        match = MatchResult((a, b))
        for chunk in (c for c in chunks if c.pair == k):
            data = done[chunk]
            match.outcomes.extend(float(r) for r in data["outcomes"])
            for name, seconds in data.get("decision_seconds", {}).items():
                timing[name].extend(seconds)
            result.seconds += float(data["seconds"])
            if isinstance(data.get("load1"), (int, float)):
                load1.append(float(data["load1"]))
            for name, sha in data.get("policy_sha256", {}).items():
                policies.setdefault(name, set()).add(str(sha))
        match.wins = sum(r > 0 for r in match.outcomes)
        match.losses = sum(r < 0 for r in match.outcomes)
        match.draws = len(match.outcomes) - match.wins - match.losses
        result.matches.append(match)
    result.ratings = rate_matches(result.names, result.matches)
    mixed = {n: sorted(s) for n, s in policies.items() if len(s) > 1}
    if mixed:
        raise UserError(f"{folder}: the games were played with different policy files "
                        f"({mixed}): the shipped bot changed during the run; start it again "
                        f"in another --out")
    return LadderResult(config, result, _decision_ms(timing), load1,
                        {n: s.pop() for n, s in policies.items()})


def _decision_ms(timing: dict[str, list[float]]) -> dict[str, dict[str, float]]:
    out = {}
    for name, seconds in timing.items():
        if seconds:
            ms = np.asarray(seconds) * 1000
            out[name] = {"decisions": len(ms), "median": float(np.median(ms)),
                         "p99": float(np.percentile(ms, 99))}
    return out


def write(result: LadderResult, folder: Path, png_dir: str | Path | None = None) -> list[Path]:
    """``ladder_<system>.json``, ``.txt`` and ``.png`` in ``folder`` (and the PNG in
    ``png_dir``)."""
    stem = f"ladder_{result.config.system}"
    paths = [folder / f"{stem}.json", folder / f"{stem}.txt"]
    write_atomic(paths[0], dumps(result.to_json()))
    write_atomic(paths[1], result.table() + "\n\n" + result.markdown() + "\n")
    title = (f"{result.config.system}: win rate of row vs column (draws: not won)\n"
             f"{result.config.games} games per pair, seeds {result.config.seed}.."
             f"{result.config.seed + result.config.games - 1}")
    png = save_png(result.tournament, folder / f"{stem}.png", title=title)
    if png is not None:
        paths.append(png)
        if png_dir is not None:
            target = make_dir(png_dir, "--png-dir") / png.name
            shutil.copyfile(png, target)
            paths.append(target)
    return paths


def ladder(system: str, out: str | Path, games: int = 400, seed: int = 0,
           budgets: Sequence[int] = DEFAULT_BUDGETS, workers: int = 1,
           agents: Sequence[str] | None = None, env_options: dict[str, Any] | None = None,
           progress: bool = False, png_dir: str | Path | None = None,
           chunk_games: int = CHUNK_GAMES) -> LadderResult:
    """Run (or resume) the ladder of ``system`` in ``out/<system>`` and write its results.

    ``agents`` replaces the line-up (:func:`lineup` of ``budgets``). A bad argument is a
    :class:`UserError` (a ``ValueError``) naming it.
    """
    config = make_config(system, games, seed, budgets, agents, env_options, chunk_games)
    if workers < 1:
        raise UserError(f"workers must be at least 1, got {workers}")
    check_agents(config)
    folder = run(config, out, workers, progress)
    result = collect(config, folder)
    write(result, folder, png_dir)
    return result


def make_config(system: str, games: int, seed: int, budgets: Sequence[int],
                agents: Sequence[str] | None, env_options: dict[str, Any] | None,
                chunk_games: int = CHUNK_GAMES) -> LadderConfig:
    """The checked config of a ladder (system aliases resolved)."""
    system, options = resolve_system(system, env_options)  # an unknown system is refused here
    names = list(agents) if agents is not None else lineup(budgets)
    if len(set(names)) != len(names) or len(names) < 2:
        raise UserError(f"the line-up needs two or more distinct agents, got {names}")
    if games < 1 or seed < 0 or chunk_games < 1:
        raise UserError(f"games and chunk_games must be >= 1 and seed >= 0, got games={games}, "
                        f"seed={seed}, chunk_games={chunk_games}")
    engine = load_engine(system, options)
    if engine.spec.num_players != 2:
        raise UserError(f"{system}: the ladder supports two-player systems only")
    return LadderConfig(system, tuple(names), games, seed, dict(options or {}), chunk_games)


# --- command line ------------------------------------------------------------------------------


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """The ``combatzoo ladder`` subcommand."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "ladder", help="the bot ladder of a system: random, heuristic, mcts at two budgets, "
                       "ppo", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("systems", nargs="+", help="registered system names, one ladder each")
    p.add_argument("--games", type=positive_int, default=400,
                   help="games per pair (seats alternated; default 400)")
    p.add_argument("--seed", type=non_negative_int, default=0,
                   help="seed of game 0 of every pair (default 0)")
    p.add_argument("--budgets", type=positive_int, nargs=2, default=list(DEFAULT_BUDGETS),
                   metavar=("CHEAP", "STRONG"),
                   help="simulations per decision of the two search bots (default 25 100)")
    p.add_argument("--agents", nargs="+", default=None, metavar="NAME",
                   help="replace the line-up: agent names as make_agent takes them (random, "
                        "heuristic, mcts@N, rollout@K, ppo, ...); --budgets is then unused")
    p.add_argument("--workers", type=positive_int, default=1,
                   help="processes playing chunks of games at once (default 1)")
    p.add_argument("--out", default="runs/ladder",
                   help="folder of the results, one subfolder per system (default runs/ladder)")
    p.add_argument("--png-dir", default=None, help="also copy ladder_<system>.png here")
    p.set_defaults(func=run_cli)
    return p


def run_cli(args: argparse.Namespace) -> int:
    for system in args.systems:  # every system and agent checked before the first game
        check_agents(make_config(system, args.games, args.seed, args.budgets, args.agents,
                                 None))
    for system in args.systems:
        result = ladder(system, args.out, args.games, args.seed, args.budgets, args.workers,
                        agents=args.agents, progress=True, png_dir=args.png_dir)
        print(result.table())
        print(f"wrote {Path(args.out) / result.config.system}", file=sys.stderr)
    return 0

