"""Scripted play for rules tests of any system: moves given by action label, events collected."""

from __future__ import annotations

from typing import Any

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
