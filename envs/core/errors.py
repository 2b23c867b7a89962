"""Errors shared by every combat system."""

from __future__ import annotations

from collections.abc import Sequence


class CombatZooError(Exception):
    """Base class of the errors combatzoo raises on purpose."""


class IllegalActionError(CombatZooError, ValueError):
    """An agent asked for an action the rules do not allow now.

    The message names the action (id and label) and lists the legal ones, as OpenSpiel does:
    ``Illegal action 17 (Tactic: Charge) for player_1: legal are [0 (No-op), ...]``.
    """

    def __init__(
        self,
        action: object,
        agent: str,
        legal: Sequence[int],
        label_of: dict[int, str] | None = None,
        reason: str = "",
    ) -> None:
        self.action = action
        self.agent = agent
        self.legal = list(legal)
        self.reason = reason
        labels = self._labels = dict(label_of or {})

        def show(a: object) -> str:
            if isinstance(a, int) and a in labels:
                return f"{a} ({labels[a]})"
            return repr(a)

        listed = ", ".join(show(a) for a in self.legal)
        why = f" {reason}." if reason else ""
        super().__init__(f"Illegal action {show(action)} for {agent}.{why} Legal are [{listed}]")

    def __reduce__(self) -> tuple[object, ...]:
        # Pickled whole (a worker process's error reaches its parent intact).
        return (type(self), (self.action, self.agent, self.legal, self._labels, self.reason),
                self.__dict__)


class StateError(CombatZooError, ValueError):
    """A state given as JSON (or a config) is malformed; the message names the field."""

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        self.problem = problem
        super().__init__(f"{field}: {problem}")

    def __reduce__(self) -> tuple[object, ...]:
        # Pickled whole (a worker process's error reaches its parent intact).
        return (type(self), (self.field, self.problem), self.__dict__)


class GameOverError(CombatZooError, RuntimeError):
    """Actions were applied to a game that has already ended."""
