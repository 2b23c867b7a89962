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
