"""Scripted play for rules tests of any system: moves given by action label, events collected."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable
from typing import Any

import numpy as np
from combatzoo.envs.core.engine import Engine, Event


class Script:
    """Drives an engine with action labels, one joint step at a time, collecting events."""

    def __init__(self, engine: Engine[Any], state: Any) -> None:
        self.engine = engine
        self.state = state
        self.events: list[Event] = []

    def step(self, **moves: str) -> list[Event]:
        """``step(player_0="Tactic: Charge", player_1="Tactic: First Strike")``."""
        actions = {int(agent[-1]): self.engine.codec.id_of(label) for agent, label in moves.items()}
        events = self.engine.apply(self.state, actions)
        self.events += events
        return events

    def kinds(self) -> list[str]:
        return [e.kind for e in self.events]

    def find(self, kind: str) -> list[Event]:
        return [e for e in self.events if e.kind == kind]

    def legal_labels(self, player: int) -> list[str]:
        return [self.engine.codec.label(a) for a in self.engine.legal_actions(self.state, player)]


def heuristic_vs_random(env: Any, heuristic: Any, seed: int, heuristic_seat: int) -> float:
    """One AEC game of ``env`` (reset with ``seed``): ``heuristic`` in ``heuristic_seat``, a
    seeded ``RandomAgent`` in the other; every chosen action must be in the mask. Returns the
    heuristic's final return."""
    from combatzoo.agents import RandomAgent

    env.reset(seed=seed)
    bots: dict[str, Any] = {f"player_{heuristic_seat}": heuristic,
                            f"player_{1 - heuristic_seat}": RandomAgent(seed=seed)}
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        bot = bots[agent]
        seat = int(agent.removeprefix("player_"))
        view = env.engine.view(env.state, seat) if bot.needs_view else None
        action = bot.act(obs["observation"], obs["action_mask"], view)
        assert obs["action_mask"][action]
        env.step(action)
    result: float = env.engine.returns(env.state)[heuristic_seat]
    return result


def held_engines(engine: Engine[Any]) -> list[Engine[Any]]:
    """``engine`` and every engine it holds (the whole Spellfire game holds a battle engine)."""
    return [engine] + [v for v in vars(engine).values() if isinstance(v, Engine)]


def reword_labels(engine: Engine[Any]) -> None:
    """Give every action of ``engine`` (and of the engines it holds) the label of the next id,
    in the codec and in the state-dependent ``action_label``: a bot that read label text would
    now pick other moves (or fail); one that reads kinds and arguments cannot tell."""
    for e in held_engines(engine):
        n = e.codec.n
        shifted = tuple(e.codec.labels[(i + 1) % n] for i in range(n))
        e.codec.labels = shifted
        e.codec._ids = {label: i for i, label in enumerate(shifted)}

        def action_label(action: int, state: Any = None, player: int | None = None,
                         _shifted: tuple[str, ...] = shifted) -> str:
            return _shifted[action]

        e.action_label = action_label  # type: ignore[method-assign]


def bot_games(engine: Engine[Any], bots: Any, seeds: Any, max_decisions: int = 20000
              ) -> list[list[tuple[int, int]]]:
    """The (player, action) sequence of one game per seed, played directly on the engine by
    ``bots(seed)`` (a list with one agent per seat, each reset with the seed)."""
    games = []
    for seed in seeds:
        seats = bots(seed)
        for bot in seats:
            bot.reset(seed)
        state = engine.new_game(np.random.default_rng(seed))
        moves: list[tuple[int, int]] = []
        while not engine.is_over(state) and len(moves) < max_decisions:
            joint = {}
            for p in engine.to_act(state):
                bot = seats[p]
                view = engine.view(state, p) if bot.needs_view else None
                obs = engine.observe(state, p) if getattr(bot, "needs_observation", True) else None
                joint[p] = bot.act(obs, engine.legal_mask(state, p), view)
            moves += sorted(joint.items())
            engine.apply(state, joint)
        games.append(moves)
    return games


def free_port() -> int:
    """A loopback port nothing listens on now (for a service started by a test)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_until_serving(proc: Any, ping: Callable[[], int], timeout: float = 120) -> None:
    """Wait until ``ping()`` (a request to the service started as ``proc``) answers 200; fail
    the test with the service's output if it exits or does not come up in ``timeout`` s."""
    import pytest

    deadline = time.monotonic() + timeout
    while True:
        try:
            if ping() == 200:
                return
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            out = proc.stdout.read() if proc.stdout else ""
            pytest.fail(f"combatzoo serve did not come up: {out}")
        time.sleep(0.2)
