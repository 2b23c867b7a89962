"""Fixed action codecs: integer ids at the edge, a human label for every id (DESIGN.md "Actions").

Id 0 is ``NOOP`` in every system: it is the only legal action of a Parallel-API agent that has
nothing to decide this step, and it is never legal for an agent that must decide.
"""

from __future__ import annotations

from collections.abc import Sequence

NOOP = 0
NOOP_LABEL = "No-op (nothing to decide)"


class ActionCodec:
    """The ``Discrete(N)`` action space of one system, with a label per id.

    Build it from the labels of ids ``1..N-1``; id 0 is always ``NOOP``. Labels must be unique,
    so that a label can stand for its id (``combatzoo replay`` accepts either).
    """

    def __init__(self, labels: Sequence[str]) -> None:
        self.labels: tuple[str, ...] = (NOOP_LABEL, *labels)
        self._ids = {label: i for i, label in enumerate(self.labels)}
        if len(self._ids) != len(self.labels):
            seen: set[str] = set()
            dup = [x for x in self.labels if x in seen or seen.add(x)]  # type: ignore[func-returns-value]
            raise ValueError(f"action labels must be unique; repeated: {dup}")

    @property
    def n(self) -> int:
        """Number of action ids (the ``N`` of ``Discrete(N)``)."""
        return len(self.labels)

    def label(self, action: int) -> str:
        """The static label of ``action``; raises ``ValueError`` for an id outside ``0..N-1``."""
        if not 0 <= action < len(self.labels):
            raise ValueError(f"action id {action} is outside 0..{len(self.labels) - 1}")
        return self.labels[action]

    def id_of(self, label: str) -> int:
        """The id of a label; raises ``ValueError`` naming close matches when unknown."""
        try:
            return self._ids[label]
        except KeyError:
            close = [x for x in self.labels if label.lower() in x.lower()][:5]
            hint = f"; did you mean one of {close}?" if close else ""
            raise ValueError(f"unknown action label {label!r}{hint}") from None

    def parse(self, action: int | str) -> int:
        """An id from an id or a label (used by replay files and the terminal player)."""
        if isinstance(action, bool):
            raise ValueError(f"action must be an id or a label, got {action!r}")
        if isinstance(action, int):
            self.label(action)
            return action
        if isinstance(action, str):
            if action.strip().isdigit():
                return self.parse(int(action))
            return self.id_of(action)
        raise ValueError(f"action must be an id or a label, got {action!r}")

    def table(self) -> str:
        """A markdown table of every id and its label, for docstrings and docs."""
        rows = ["| id | action |", "|---:|---|"]
        rows += [f"| {i} | {label} |" for i, label in enumerate(self.labels)]
        return "\n".join(rows)
