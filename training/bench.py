"""``combatzoo bench``: how fast the environments run, measured rather than assumed.

Each *measure* is a function ``(target, decisions, seed) -> rate`` that builds its env itself
and returns a rate per second of wall time; :data:`MEASURES` lists them:

- ``aec_random``: decisions per second through the PettingZoo AEC API with uniformly random
  legal actions, observation and mask included (``env.last()`` every turn), resetting with new
  seeds as episodes end. A *decision* is one ``env.step`` with a real action (the ``None`` steps
  of finished agents are not counted, though their time is). It runs for every registered env
  and for PettingZoo's ``connect_four_v3`` as a yardstick.

- ``fast_step`` (issue 14, the fast path for search): decisions per second through the engine
  alone, as a search bot drives it: before each decision the state is cloned
  (``engine.clone``, one copy per decision, as a search that copies at every node would), then
  ``legal_actions`` and, once every player in ``to_act`` has chosen, ``apply_trusted`` on the
  copy; no observation, no mask array, no events read. Decisions count as in ``aec_random``
  (one per player's choice, so a simultaneous step is several). Its ratio to ``aec_random`` of
  the same env, when both ran, is printed under the table (target: at least 10).

- ``aec_floor`` (issue 14): the ``aec_random`` loop over the same AEC front with an engine that
  does no work and replays the real engine's turn pattern (:mod:`.bench_floor`): the part of a
  decision no engine change can remove. Under the table: its ratio to connect_four_v3, the
  microseconds the real engine adds to a decision, and how many it may add to meet issue 14's
  ratio target (:data:`AEC_TARGETS`).

- ``ppo_env`` and ``ppo_stub`` (DESIGN.md "Performance"): MaskablePPO timesteps per second on a
  system's single-agent view (random opponent, one env, ``n_steps=256``), and on a do-nothing
  env with the same spaces (zero observations, every action legal, episodes of the same mean
  length), in the same run. Their ratio, printed under the table, is the share of training
  speed the env leaves: 1.0 means the env costs nothing, 0.9 means it costs a tenth. These run
  ``--ppo-timesteps`` (default 8192) timesteps per repeat and need the ``train`` extra.

- ``scaling`` and ``scaling_16`` (issue 14, :mod:`.bench_scaling`): env collection as
  ``combatzoo train`` runs it with ``vec_env: subproc`` on every core, 8 (``scaling_16``: 16)
  envs per core, in percent of the same on one core (target: ``70 x cores``). They start
  worker processes; everything else below is about the other measures.

Everything runs in this one process, on one core, round by round: repeat 1 of every measure
of every env (an env's measures one after the other), then repeat 2 of every one, ...; the
figures are the median, min and max over ``--repeats``. The ratios under the table (to
connect_four_v3, the PPO share, the fast path) are taken repeat by repeat, then their median,
min and max: the two repeats of a ratio ran close together, so a shared machine's drift
between rounds cancels out.

Rates are per second of wall time; ``--clock cpu`` divides by this process's CPU time
instead, for a machine shared with other jobs (their load then slows the figures much less;
the ratios under the table compare like with like either way).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from ..envs.core.seeding import game_rng
from . import bench_scaling
from .common import (
    UserError,
    add_option_argument,
    load_engine,
    non_negative_int,
    parse_options,
    positive_int,
    resolve_system,
)

Clock = Callable[[], float]
"""Seconds from an arbitrary start: ``time.perf_counter`` (wall) or ``time.process_time``."""

CLOCKS: dict[str, Clock] = {"wall": time.perf_counter, "cpu": time.process_time}
"""``--clock``: wall time, or the CPU time of this process."""

YARDSTICK = "connect_four_v3"
"""PettingZoo's Connect Four, timed beside our envs so that figures compare across machines."""


class Unavailable(Exception):
    """A target cannot be built here (a missing optional package); its row is skipped."""


@dataclass(frozen=True)
class Measure:
    """One kind of measurement, run for each target."""

    name: str
    unit: str
    run: Callable[[str, int, int, Clock], float]
    """``(target, amount, seed, clock) -> rate per second of ``clock``."""
    systems_only: bool = False
    """True if it makes sense only for combatzoo systems (not for the yardstick)."""
    amount_option: str | None = None
    """If set, the amount per repeat comes from this key of ``bench(amounts=...)``."""


@dataclass
class Result:
    """One row of the report."""

    target: str
    measure: str
    unit: str
    median: float
    min: float
    max: float
    repeats: list[float]


def split_target(target: str) -> tuple[str, dict[str, Any]]:
    """``"spellfire[mode=game]"`` -> ``("spellfire", {"mode": "game"})``: a system and the
    engine options it is benched with (``--option``; several are separated by ``;``)."""
    name, sep, rest = target.partition("[")
    if not sep:
        return target, {}
    return name, parse_options([x for x in rest.rstrip("]").split(";") if x])


def make_aec(target: str) -> Any:
    """The AEC env of a combatzoo system (``name`` or ``name[key=value;...]``), or of the
    yardstick."""
    if target == YARDSTICK:
        try:
            from pettingzoo.classic import connect_four_v3
        except ImportError as exc:  # its module imports pygame at the top
            raise Unavailable(f"{YARDSTICK} cannot be imported ({exc}); pip install pygame") \
                from None

        return connect_four_v3.env()
    from ..envs import make

    name, options = split_target(target)
    return make(name, **options)


def random_decisions(env: Any, decisions: int, seed: int) -> int:
    """Play ``decisions`` uniformly random legal actions through ``env`` (AEC); returns the
    number of episodes started. The random choice is one ``Random.random()`` call on the mask's
    nonzero ids: cheap, and the same for every env."""
    rng = random.Random(seed)
    draw = rng.random
    flatnonzero = np.flatnonzero
    done = 0
    episodes = 0
    while done < decisions:
        env.reset(seed=seed + episodes)
        episodes += 1
        for _agent in env.agent_iter():
            obs, _reward, term, trunc, _info = env.last()
            if term or trunc:
                action = None
            else:
                legal = flatnonzero(obs["action_mask"])
                action = int(legal[int(draw() * len(legal))])
                done += 1
            env.step(action)
            if done >= decisions:
                break
    return episodes


def measure_aec_random(target: str, decisions: int, seed: int, clock: Clock) -> float:
    """Decisions per second through the AEC API with random legal actions."""
    env = make_aec(target)
    random_decisions(env, min(200, decisions), seed + 10**6)  # warm caches and lazy imports
    start = clock()
    random_decisions(env, decisions, seed)
    elapsed = clock() - start
    env.close()
    return decisions / elapsed


def measure_aec_floor(target: str, decisions: int, seed: int, clock: Clock) -> float:
    """Decisions per second of the ``aec_random`` loop over the AEC front with an engine that
    does no work (:mod:`.bench_floor`): the part of a decision no engine can remove."""
    from .bench_floor import floor_env

    env = floor_env(make_engine_of(target), seed + 2 * 10**6)
    random_decisions(env, min(200, decisions), seed + 10**6)
    start = clock()
    random_decisions(env, decisions, seed)
    return decisions / (clock() - start)


def make_engine_of(target: str) -> Any:
    """The rules engine of a combatzoo system (``name`` or ``name[key=value;...]``)."""
    if target == YARDSTICK:
        raise Unavailable(f"{YARDSTICK} has no combatzoo engine")
    from ..envs import make_engine

    name, options = split_target(target)
    return make_engine(name, **options)


def fast_decisions(engine: Any, decisions: int, seed: int) -> int:
    """Play ``decisions`` uniformly random legal actions through ``engine`` alone, cloning the
    state before every decision; returns the number of episodes started. Episodes start from
    ``new_game(game_rng(seed + episode))``, as ``env.reset(seed=...)`` does in
    :func:`random_decisions`, and the random choice is the same one ``Random.random()`` call."""
    rng = random.Random(seed)
    draw = rng.random
    clone, legal_actions, apply = engine.clone, engine.legal_actions, engine.apply_trusted
    to_act, is_over = engine.to_act, engine.is_over
    done = 0
    episodes = 0
    while done < decisions:
        state = engine.new_game(game_rng(seed + episodes))
        episodes += 1
        while done < decisions and not is_over(state):
            chosen = {}
            for p in to_act(state):
                state = clone(state)  # a search copies the node before it branches
                legal = legal_actions(state, p)
                chosen[p] = legal[int(draw() * len(legal))]
                done += 1
            apply(state, chosen)
    return episodes


def measure_fast_step(target: str, decisions: int, seed: int, clock: Clock) -> float:
    """Decisions per second through the engine alone: clone, legal actions, apply_trusted."""
    engine = make_engine_of(target)
    fast_decisions(engine, min(200, decisions), seed + 10**6)  # warm caches and lazy imports
    start = clock()
    fast_decisions(engine, decisions, seed)
    return decisions / (clock() - start)


class StubEnv:
    """A do-nothing Gymnasium env with the spaces of a system's single-agent view."""

    def __new__(cls, observation_space: Any, action_space: Any, episode_length: int) -> Any:
        import gymnasium

        class _Stub(gymnasium.Env):  # type: ignore[type-arg]
            def __init__(self) -> None:
                self.observation_space = observation_space
                self.action_space = action_space
                self._obs = np.zeros(observation_space.shape, dtype=np.float32)
                self._mask = np.ones(action_space.n, dtype=bool)
                self._t = 0

            def reset(self, *, seed: int | None = None,
                      options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
                super().reset(seed=seed)
                self._t = 0
                return self._obs, {}

            def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
                self._t += 1
                return self._obs, 0.0, self._t >= episode_length, False, {}

            def action_masks(self) -> np.ndarray:
                return self._mask

        return _Stub()


def _ppo_rate(env: Any, timesteps: int, seed: int, clock: Clock) -> float:
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    model = MaskablePPO("MlpPolicy", env, n_steps=256, batch_size=64, n_epochs=4, seed=seed,
                        device="cpu", verbose=0)
    model.learn(256)  # warm-up: lazy imports, first allocations
    start = clock()
    model.learn(timesteps, reset_num_timesteps=False)
    return timesteps / (clock() - start)


def _learner_episode_length(target: str, seed: int, episodes: int = 50) -> int:
    """Mean learner decisions per episode of ``target``'s single-agent view."""
    from ..envs import make_single

    name, options = split_target(target)
    env = make_single(name, opponent="random", **options)
    rng = random.Random(seed)
    steps = 0
    for e in range(episodes):
        env.reset(seed=seed + e)
        done = False
        while not done:
            legal = np.flatnonzero(env.action_masks())
            _, _, term, trunc, _ = env.step(int(legal[rng.randrange(len(legal))]))
            done = term or trunc
            steps += 1
    return max(1, round(steps / episodes))


def _ppo_available() -> None:
    try:
        import sb3_contrib  # noqa: F401
    except ImportError:
        raise Unavailable("sb3-contrib is not installed (pip install -e '.[train]')") from None


def measure_ppo_env(target: str, timesteps: int, seed: int, clock: Clock) -> float:
    """MaskablePPO timesteps per second on ``target``'s single-agent view, with the lean infos
    that ``combatzoo train`` gives its envs (``full_infos``, training/config.py)."""
    _ppo_available()
    from ..envs import make_single

    name, options = split_target(target)
    env = make_single(name, opponent="random", infos="lean", **options)
    return _ppo_rate(env, timesteps, seed, clock)


def measure_ppo_stub(target: str, timesteps: int, seed: int, clock: Clock) -> float:
    """MaskablePPO timesteps per second on a do-nothing env with ``target``'s spaces."""
    _ppo_available()
    from ..envs import make_single

    name, options = split_target(target)
    real = make_single(name, opponent="random", **options)
    stub = StubEnv(real.observation_space, real.action_space,
                   _learner_episode_length(target, seed))
    return _ppo_rate(stub, timesteps, seed, clock)


def measure_scaling(target: str, timesteps: int, seed: int, clock: Clock,
                    envs_per_core: int = bench_scaling.ENVS_PER_CORE) -> float:
    """Env collection on every core (``subproc``, one shard of ``envs_per_core`` envs per
    core), in % of one core (:mod:`.bench_scaling`). Always in wall time: ``--clock cpu``
    would count only this process, not the env processes it waits for."""
    _ppo_available()
    name, options = split_target(target)
    return bench_scaling.measure_scaling(name, options, timesteps, seed, envs_per_core)


def measure_scaling_16(target: str, timesteps: int, seed: int, clock: Clock) -> float:
    """``scaling`` with 16 envs per core: shards twice as large wait less for their slowest
    step (:func:`.bench_scaling.lockstep_bound`)."""
    return measure_scaling(target, timesteps, seed, clock, envs_per_core=16)


MEASURES: dict[str, Measure] = {
    "aec_random": Measure("aec_random", "decisions/s", measure_aec_random),
    "fast_step": Measure("fast_step", "decisions/s", measure_fast_step, systems_only=True),
    "aec_floor": Measure("aec_floor", "decisions/s", measure_aec_floor, systems_only=True),
    "ppo_env": Measure("ppo_env", "timesteps/s", measure_ppo_env, systems_only=True,
                       amount_option="ppo_timesteps"),
    "ppo_stub": Measure("ppo_stub", "timesteps/s", measure_ppo_stub, systems_only=True,
                        amount_option="ppo_timesteps"),
    "scaling": Measure("scaling", "% of one env", measure_scaling, systems_only=True,
                       amount_option="ppo_timesteps"),
    "scaling_16": Measure("scaling_16", "% of one env", measure_scaling_16, systems_only=True,
                          amount_option="ppo_timesteps"),
}
"""Every measure ``combatzoo bench`` knows, by name (see the module docstring for adding one)."""


def bench(targets: list[str], measures: list[str], decisions: int, repeats: int,
          seed: int, progress: Callable[[str], None] | None = None,
          skipped: dict[str, str] | None = None,
          amounts: dict[str, int] | None = None, clock: str = "wall") -> list[Result]:
    """Run every measure on every target ``repeats`` times; one :class:`Result` per pair.

    Repeat ``r`` of every measure and target runs before repeat ``r + 1`` of any, and an env's
    measures run one after the other: the repeats of two rows that share an index ran close
    together, so their ratio (:func:`paired`) cancels most of a shared machine's drift. A
    target that cannot be built here is left out, with the reason in ``skipped``. ``clock``
    names the clock of the rates (:data:`CLOCKS`).
    """
    # Within a round an env's measures run back to back (ppo_env next to its ppo_stub).
    rows = [(name, target) for target in targets for name in measures
            if not (MEASURES[name].systems_only and target == YARDSTICK)]
    rates: dict[tuple[str, str], list[float]] = {row: [] for row in rows}
    for r in range(repeats):
        for name, target in rows:
            if r and not rates[(name, target)]:
                continue  # unavailable here (said at repeat 1)
            rate = _one_repeat(MEASURES[name], target, decisions, seed + 1000 * r, clock,
                               amounts, skipped, progress)
            if rate is None:
                continue
            rates[(name, target)].append(rate)
            if progress:
                progress(f"{target} {name} repeat {r + 1}/{repeats}: {rate:,.0f} "
                         f"{MEASURES[name].unit}")
    return [Result(target, name, MEASURES[name].unit, statistics.median(got), min(got),
                   max(got), got) for (name, target), got in rates.items() if got]


def _one_repeat(measure: Measure, target: str, decisions: int, seed: int, clock: str,
                amounts: dict[str, int] | None, skipped: dict[str, str] | None,
                progress: Callable[[str], None] | None) -> float | None:
    """One repeat of ``measure`` on ``target``; ``None`` (the reason in ``skipped``) when the
    target cannot be built here."""
    amount = decisions
    if measure.amount_option and amounts and measure.amount_option in amounts:
        amount = amounts[measure.amount_option]
    try:
        return measure.run(target, amount, seed, CLOCKS[clock])
    except Unavailable as exc:
        if skipped is not None:
            skipped[target] = str(exc)
        if progress:
            progress(f"skipped {target}: {exc}")
        return None


@dataclass(frozen=True)
class Ratio:
    """A ratio of two rows, repeat by repeat: median, min and max over the repeats."""

    median: float
    min: float
    max: float


def paired(top: Result, bottom: Result) -> Ratio:
    """``top`` / ``bottom`` repeat by repeat (repeat ``r`` of both ran close together; see
    :func:`bench`), then the median, min and max of those ratios."""
    ratios = [a / b for a, b in zip(top.repeats, bottom.repeats, strict=False)]
    return Ratio(statistics.median(ratios), min(ratios), max(ratios))


def _ratios(results: list[Result], top: str, bottom: str,
            yardstick: bool = False) -> dict[str, Ratio]:
    """Per system: :func:`paired` of its ``top`` row over its ``bottom`` row (over the
    yardstick's ``bottom`` row when ``yardstick``)."""
    by = {(r.target, r.measure): r for r in results}
    return {t: paired(row, by[(YARDSTICK if yardstick else t, bottom)])
            for (t, m), row in by.items()
            if m == top and t != YARDSTICK and (YARDSTICK if yardstick else t, bottom) in by}


def env_shares(results: list[Result]) -> dict[str, Ratio]:
    """Per system: ``ppo_env`` / ``ppo_stub``, repeat by repeat (when both were measured)."""
    return _ratios(results, "ppo_env", "ppo_stub")


def fast_ratios(results: list[Result]) -> dict[str, Ratio]:
    """Per system: ``fast_step`` / ``aec_random``, repeat by repeat (when both were measured)."""
    return _ratios(results, "fast_step", "aec_random")


def yardstick_ratios(results: list[Result]) -> dict[str, Ratio]:
    """Per system: its ``aec_random`` / connect_four_v3's, repeat by repeat (issue 14's
    targets are these ratios)."""
    return _ratios(results, "aec_random", "aec_random", yardstick=True)


AEC_TARGETS: dict[str, float] = {"land_air_sea": 3.0, "solium_infernum": 3.0, "spellfire": 1.5,
                                 "spellfire_game": 1.0}
"""Issue 14's targets for ``aec_random``, in multiples of connect_four_v3's rate, by system."""


@dataclass(frozen=True)
class Floor:
    """What the AEC front alone allows a system (``aec_floor``; medians over the repeats)."""

    ratio: Ratio
    """``aec_floor`` / connect_four_v3's ``aec_random``, repeat by repeat."""
    floor_us: float
    """Microseconds of a decision with an engine that does no work."""
    engine_us: float
    """Microseconds the real engine adds to a decision: ``1/aec_random - 1/aec_floor``."""
    budget_us: float | None
    """Microseconds the engine may add and still meet :data:`AEC_TARGETS` (negative: the
    front alone misses it; ``None``: no target for the system)."""


def floors(results: list[Result]) -> dict[str, Floor]:
    """Per system with ``aec_floor``, ``aec_random`` and the yardstick's row: :class:`Floor`."""
    by = {(r.target, r.measure): r for r in results}
    c4 = by.get((YARDSTICK, "aec_random"))
    found = {}
    for (target, measure), floor in by.items():
        real = by.get((target, "aec_random"))
        if measure != "aec_floor" or real is None or c4 is None:
            continue
        name, options = split_target(target)
        try:
            system = resolve_system(name, options)[0]
        except UserError:
            system = name
        goal = AEC_TARGETS.get(system)
        rows = list(zip(floor.repeats, real.repeats, c4.repeats, strict=False))
        found[target] = Floor(
            paired(floor, c4), statistics.median(1e6 / f for f, _, _ in rows),
            statistics.median(1e6 / a - 1e6 / f for f, a, _ in rows),
            None if goal is None else statistics.median(
                1e6 / (goal * y) - 1e6 / f for f, _, y in rows))
    return found


def format_table(results: list[Result], decisions: int, repeats: int,
                 clock: str = "wall") -> str:
    """The results as an aligned text table."""
    head = ("env", "measure", "median", "min", "max", "unit")
    rows = [(r.target, r.measure, f"{r.median:,.0f}", f"{r.min:,.0f}", f"{r.max:,.0f}", r.unit)
            for r in results]
    widths = [max(len(str(row[i])) for row in [head, *rows]) for i in range(len(head))]
    lines = [f"{decisions:,} decisions per repeat, {repeats} repeats, one process, "
             f"{clock} clock"]
    for row in [head, *rows]:
        lines.append("  ".join(str(c).rjust(w) if i in (2, 3, 4) else str(c).ljust(w)
                               for i, (c, w) in enumerate(zip(row, widths, strict=True))).rstrip())
    return "\n".join(lines)


def _as_json(ratios: dict[str, Ratio]) -> dict[str, dict[str, float]]:
    return {t: asdict(r) for t, r in ratios.items()}


def _floor_lines(found: dict[str, Floor]) -> list[str]:
    lines = []
    for target, f in found.items():
        line = (f"{target}: the AEC front alone (an engine doing no work) runs "
                f"{f.ratio.median:.2f}x ({f.ratio.min:.2f}, {f.ratio.max:.2f}) {YARDSTICK}, "
                f"{f.floor_us:.1f} us a decision; the engine adds {f.engine_us:.1f} us")
        if f.budget_us is not None:
            line += f" and may add {f.budget_us:.1f} us for issue 14's target"
        lines.append(line)
    return lines


def _ratio_lines(shares: dict[str, Ratio], fast: dict[str, Ratio],
                 yardstick: dict[str, Ratio], found: dict[str, Floor] | None = None) -> str:
    """The ratios under the table: median of the per-repeat ratios (min, max)."""
    lines = ["ratios: median of the per-repeat ratios (min, max)"]
    for target, r in yardstick.items():
        lines.append(f"{target}: {r.median:.2f}x {YARDSTICK}'s AEC decisions/s ({r.min:.2f}, "
                     f"{r.max:.2f})")
    for target, r in shares.items():
        lines.append(f"{target}: MaskablePPO runs at {r.median:.0%} ({r.min:.0%}, {r.max:.0%}) "
                     f"of its speed on a do-nothing env (target: at least 90%)")
    for target, r in fast.items():
        lines.append(f"{target}: the fast path (clone + legal actions + apply, no observation) "
                     f"runs {r.median:.1f}x ({r.min:.1f}, {r.max:.1f}) its AEC decisions/s "
                     f"(target: at least 10x)")
    lines += _floor_lines(found or {})
    return "\n".join(lines) if len(lines) > 1 else ""


def compiled_core() -> dict[str, Any]:
    """Whether the rules ran compiled (``combatzoo.compiled``, issue 14): figures of a
    pure-Python install are about half of a compiled one's."""
    from combatzoo import compiled

    status = compiled.status()
    return {"enabled": status.enabled, "reason": status.reason,
            "modules": len(status.modules)}


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``bench`` to the ``combatzoo`` command."""
    parser = subparsers.add_parser(
        "bench", help="decisions per second of every env (and connect_four_v3 as a yardstick)",
        description=__doc__.split("\n\n")[0])
    parser.add_argument("--env", action="append", default=None, metavar="NAME",
                        help="an env to time (repeatable; default: every registered env); "
                             f"{YARDSTICK} is always timed too")
    parser.add_argument("--decisions", type=positive_int, default=50_000,
                        help="decisions per repeat (default 50000)")
    parser.add_argument("--repeats", type=positive_int, default=5, help="repeats (default 5)")
    parser.add_argument("--seed", type=non_negative_int, default=0,
                        help="seed of the first episode")
    parser.add_argument("--measure", action="append", default=None, choices=sorted(MEASURES),
                        help="what to measure (repeatable; default: all)")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall",
                        help="rates per second of wall time (default) or of this process's CPU "
                             "time (cpu: for a machine shared with other jobs)")
    parser.add_argument("--ppo-timesteps", type=positive_int, default=8192,
                        help="MaskablePPO timesteps per repeat of ppo_env / ppo_stub "
                             "(default 8192)")
    add_option_argument(parser)
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """``combatzoo bench``."""
    import sys

    from ..envs import list_envs

    known = list_envs()
    wanted = args.env or known
    unknown = [e for e in wanted if e not in known and e != YARDSTICK]
    if unknown:
        raise UserError(f"unknown env(s) {unknown}; known: {known}")
    if args.decisions < 1 or args.repeats < 1:
        raise UserError("--decisions and --repeats must be at least 1")
    targets = [e for e in wanted if e != YARDSTICK]
    if args.option:
        options = parse_options(args.option)  # a malformed KEY=VALUE is a user error here
        for target in targets:  # and so is an option a system refuses, not a traceback later
            load_engine(*resolve_system(target, options))
        # The options go to every system benched; the row names them: spellfire[mode=game].
        targets = [f"{e}[{';'.join(args.option)}]" for e in targets]
    targets.append(YARDSTICK)

    def progress(line: str) -> None:
        if not args.quiet:
            print(line, file=sys.stderr, flush=True)

    skipped: dict[str, str] = {}
    results = bench(targets, args.measure or list(MEASURES), args.decisions, args.repeats,
                    args.seed, progress, skipped, {"ppo_timesteps": args.ppo_timesteps},
                    args.clock)
    shares = env_shares(results)
    ratios = fast_ratios(results)
    yardstick = yardstick_ratios(results)
    found = floors(results)
    core = compiled_core()
    if args.json:
        print(json.dumps({"decisions": args.decisions, "repeats": args.repeats,
                          "seed": args.seed, "clock": args.clock, "compiled_core": core,
                          "results": [asdict(r) for r in results],
                          "ppo_env_share": _as_json(shares), "fast_step_ratio": _as_json(ratios),
                          "yardstick_ratio": _as_json(yardstick),
                          "aec_floor": {t: asdict(f) for t, f in found.items()},
                          "skipped": skipped},
                         indent=2))
    else:
        print(format_table(results, args.decisions, args.repeats, args.clock))
        print(core["reason"])
        lines = _ratio_lines(shares, ratios, yardstick, found)
        if lines:
            print(lines)
        for target, why in skipped.items():
            print(f"skipped {target}: {why}")
    return 0
