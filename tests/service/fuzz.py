"""The service fuzzer (issue 16), shared by the hypothesis test (``test_fuzz.py``) and the
report script (``fuzz_report.py``): valid states from seeded random play, mutated (keys dropped,
values of the wrong type, huge, negative or non-finite numbers, deep nesting, long lists, junk
strings), sent through ``legal``, ``act`` (random, heuristic and a policy bot) and ``step``,
with a ``/new`` of junk seed or mode beside each.

Every answer must be a 2xx, or a 4xx in the documented shape; a 5xx is counted and reported.
The choices come from a :class:`Chooser`, so hypothesis (in the tests) and a seeded
``random.Random`` (in the script) drive the same mutations.
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

import numpy as np
from combatzoo.envs import make_engine

T = TypeVar("T")

POLICY_BOTS = {"land_air_sea": "las_onnx", "solium_infernum": "si_policy",
               "spellfire": "sf_battle", "spellfire_game": "sf_game"}
"""The policy bot of each system in the shared models folder (``conftest.py``)."""


class Chooser(Protocol):
    def pick(self, options: Sequence[T]) -> T: ...

    def integer(self, low: int, high: int) -> int: ...


class RandomChooser:
    """A :class:`Chooser` from a seeded ``random.Random``."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def pick(self, options: Sequence[T]) -> T:
        return options[self.rng.randrange(len(options))]

    def integer(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)


def nested(depth: int) -> Any:
    value: Any = 0
    for i in range(depth):
        value = [value] if i % 2 else {"k": value}
    return value


JUNK: list[Callable[[], Any]] = [
    lambda: None, lambda: True, lambda: False, lambda: "", lambda: "junk \u0000 \u202e ☃",
    lambda: "x" * 20_000, lambda: "player_0", lambda: "Lich", lambda: 0, lambda: -1,
    lambda: -(2 ** 31), lambda: 2 ** 31, lambda: 2 ** 63 - 1, lambda: -(2 ** 63), lambda: 2 ** 70,
    lambda: 0.5, lambda: -2.5, lambda: 1e308, lambda: -1e308, lambda: 5e-324, lambda: math.nan,
    lambda: math.inf, lambda: -math.inf, lambda: [], lambda: {}, lambda: [1, "a", None],
    lambda: {"x": 1}, lambda: [0] * 5_000, lambda: list(range(300)), lambda: nested(40),
    lambda: nested(120), lambda: {"k" + str(i): i for i in range(500)},
]
"""Values put in place of a state's own (the last ones nest, or grow lists and objects)."""


def _containers(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths of every dict and list inside ``value`` (itself included)."""
    found = []
    if isinstance(value, dict):
        found.append(path)
        for k, v in value.items():
            found += _containers(v, (*path, k))
    elif isinstance(value, list):
        found.append(path)
        for i, v in enumerate(value):
            found += _containers(v, (*path, i))
    return found


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


def _nudged(value: Any, chooser: Chooser) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + chooser.pick([-1, 1, -2, 2, 10, -100, 1000])
    if isinstance(value, float):
        return value * chooser.pick([-1.0, 0.0, 2.0, 1e6])
    if isinstance(value, str):
        return chooser.pick([value.upper(), value + "x", value[:-1], "", "player_1", "none"])
    return value


def mutate(state: dict[str, Any], chooser: Chooser) -> dict[str, Any]:
    """A copy of ``state`` with 1 to 3 mutations in random places."""
    state = copy.deepcopy(state)
    for _ in range(chooser.integer(1, 3)):
        target = _at(state, chooser.pick(_containers(state)))
        keys = list(target) if isinstance(target, dict) else list(range(len(target)))
        how = chooser.pick(["replace", "replace", "nudge", "nudge", "nudge", "drop", "add",
                            "grow", "swap"])
        if not keys or how == "add":
            if isinstance(target, dict):
                target[chooser.pick(["extra", "mode", "system", "phase", ""])] = \
                    chooser.pick(JUNK)()
            else:
                target.append(chooser.pick(JUNK)())
            continue
        key = chooser.pick(keys)
        if how == "replace":
            target[key] = chooser.pick(JUNK)()
        elif how == "nudge":  # a plausible value: what a schema of types alone lets through
            target[key] = _nudged(target[key], chooser)
        elif how == "drop":
            del target[key]
        elif how == "grow" and isinstance(target, list):
            target.extend([copy.deepcopy(target[key])] * chooser.pick([1, 10, 200]))
        else:
            other = chooser.pick(keys)
            target[key], target[other] = target[other], target[key]
    return state


def sample_states(system: str, seed: int = 0, games: int = 3) -> list[dict[str, Any]]:
    """Valid states of ``system`` from seeded random play: every few steps of a few games,
    with their last (finished) states."""
    engine = make_engine(system)
    rng = np.random.default_rng(seed)
    states = []
    for _ in range(games):
        state = engine.new_game(rng)
        step = 0
        while not engine.is_over(state):
            if step % 4 == 0:
                states.append(engine.to_json(state))
            engine.apply(state, {p: int(rng.choice(engine.legal_actions(state, p)))
                                 for p in engine.to_act(state)})
            step += 1
        states.append(engine.to_json(state))
    return states


@dataclass
class Tally:
    """What the fuzzer sent and got: requests by endpoint and by status, and every 5xx or
    off-shape refusal (the request's path, status and answer)."""

    requests: int = 0
    by_status: dict[int, int] = field(default_factory=dict)
    failures: list[tuple[str, int, str]] = field(default_factory=list)
    engine_failures: dict[str, int] = field(default_factory=dict)
    """422s where the engine itself failed on a state its schema let through, by message."""

    def record(self, path: str, status: int, body: Any, raw: bytes) -> None:
        self.requests += 1
        self.by_status[status] = self.by_status.get(status, 0) + 1
        if status >= 500 or (status >= 400 and not in_shape(body)):
            self.failures.append((path, status, raw[:300].decode("utf-8", "replace")))
        elif status == 422 and body["error"].startswith("state: the engine cannot play"):
            key = f"{path.split('/')[2]}: {body['error'].partition(' state (')[2][:100]}"
            self.engine_failures[key] = self.engine_failures.get(key, 0) + 1

    @property
    def server_errors(self) -> int:
        return sum(n for s, n in self.by_status.items() if s >= 500)


def in_shape(body: Any) -> bool:
    """The documented refusal: ``{"error": str, "field": str | null}`` (and ``legal`` for an
    illegal action)."""
    return (isinstance(body, dict) and set(body) - {"legal"} == {"error", "field"}
            and isinstance(body["error"], str) and bool(body["error"])
            and (body["field"] is None or isinstance(body["field"], str)))


Send = Callable[[str, Any], tuple[int, Any, bytes]]
"""``send(path, body) -> (status, parsed body, raw body)``: one POST to the service."""


def make_models(folder: Path) -> Path:
    """Fresh (untrained) policy bots in ``folder``: an SB3 checkpoint and its ONNX export for
    land_air_sea, an SB3 checkpoint for each other system and mode (:data:`POLICY_BOTS`)."""
    from combatzoo.envs import make_single
    from combatzoo.training.export import export
    from sb3_contrib import MaskablePPO

    model = MaskablePPO("MlpPolicy", make_single("land_air_sea"), seed=0, device="cpu",
                        policy_kwargs={"net_arch": [32, 32]})
    model.save(folder / "las_sb3.zip")
    export(folder / "las_sb3.zip", folder / "las_onnx.onnx", parity_count=100,
           trust_pickle=True)
    for system, name in POLICY_BOTS.items():
        if system != "land_air_sea":
            policy = MaskablePPO("MlpPolicy", make_single(system), seed=0, device="cpu",
                                 policy_kwargs={"net_arch": [16]})
            policy.save(folder / f"{name}.zip")
    return folder


_ENGINES: dict[str, Any] = {}


def _moves(system: str, base: dict[str, Any], chooser: Chooser) -> tuple[list[str], dict[str, Any]]:
    """The agents to act in the unmutated ``base`` and one legal action of each (so that a
    mutated state whose step would be legal reaches the engine and its serialisation)."""
    engine = _ENGINES.setdefault(system, make_engine(system))
    state = engine.from_json(base)
    acting = engine.to_act(state)
    return ([f"player_{p}" for p in acting],
            {f"player_{p}": chooser.pick(engine.legal_actions(state, p)) for p in acting})


def fuzz_one(send: Send, system: str, base: dict[str, Any], chooser: Chooser,
             tally: Tally) -> None:
    """One mutated state through legal, act (a bot chosen by ``chooser``) and step, and a
    ``/new`` with a junk seed or mode now and then."""
    acting, legal_moves = _moves(system, base, chooser)
    state = mutate(base, chooser)
    agent = chooser.pick([*acting, *acting, *acting, "player_0", "player_1", "player_2", 7])
    bot = chooser.pick(["random", "heuristic", POLICY_BOTS[system]])
    act = {"state": state, "agent": agent, "bot": bot}
    if chooser.pick([False, True]):
        act.update(sample=True, seed=chooser.pick([0, 1, 12345, 2 ** 40]))
    junk = chooser.pick([0, 1, 2, 3, 5, 17, -1, 10 ** 6, "Pass", None, "junk"])
    actions = chooser.pick([legal_moves, legal_moves, legal_moves,
                            {"player_0": junk, "player_1": junk}, {}])
    new = chooser.pick([{"seed": chooser.pick(JUNK)()}, {"mode": chooser.pick(JUNK)()},
                        {"seed": chooser.integer(0, 2 ** 32)}, {"mode": "game"}, {"extra": 1}])
    requests = [("legal", {"state": state, "agent": agent}), ("act", act),
                ("step", {"state": state, "actions": actions}), ("new", new)]
    for endpoint, body in requests:
        path = f"/v1/{system}/{endpoint}"
        status, parsed, raw = send(path, body)
        tally.record(path, status, parsed, raw)
