"""Fixed action codecs: integer ids at the edge, typed actions inside (DESIGN.md "Actions").

Every id decodes to an :class:`Action`: a *kind* (a member of the system's own ``ActionKind``
enum, a ``str`` enum) and named arguments (which hand slot, which formation slot, which card).
Engines branch on the kind; bots read the kind and arguments from the JSON view's ``legal`` list;
the human label is derived from the typed action, so rewording a label changes no behaviour.

Id 0 is ``NOOP`` in every system: it is the only legal action of a Parallel-API agent that has
nothing to decide this step, and it is never legal for an agent that must decide.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

NOOP = 0
NOOP_LABEL = "No-op (nothing to decide)"

ArgValue = int | str
"""An action argument: a slot or index (``int``) or a name from the system's tables (``str``)."""


class CoreKind(str, Enum):
    """The one action kind every system shares."""

    NOOP = "noop"
    UNTYPED = "untyped"
    """Transitional: an id known only by its label (see :meth:`ActionCodec.untyped`)."""


@dataclass(frozen=True)
class Action:
    """A decoded action id: its ``kind`` and its named ``args`` (sorted ``(name, value)`` pairs).

    Build one with :meth:`of` (``Action.of(Kind.PLAY_CARD, hand=3)``); read an argument with
    ``action["hand"]``.
    """

    kind: Enum
    args: tuple[tuple[str, ArgValue], ...] = ()

    @classmethod
    def of(cls, kind: Enum, **args: ArgValue) -> Action:
        """The action of ``kind`` with keyword ``args``."""
        return cls(kind, tuple(sorted(args.items())))

    def __getitem__(self, name: str) -> ArgValue:
        for key, value in self.args:
            if key == name:
                return value
        raise KeyError(f"action {self.kind.value!r} has no argument {name!r} "
                       f"(it has {[k for k, _ in self.args]})")

    def get_int(self, name: str) -> int:
        """The integer argument ``name``."""
        value = self[name]
        if not isinstance(value, int):
            raise TypeError(f"argument {name!r} of {self.kind.value!r} is not an int: {value!r}")
        return value

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "...", "args": {...}}``: what the JSON view's legal list carries."""
        return {"kind": self.kind.value, "args": dict(self.args)}


NOOP_ACTION = Action(CoreKind.NOOP)


class ActionCodec:
    """The ``Discrete(N)`` action space of one system: a typed action and a label per id.

    Build it from the typed actions of ids ``1..N-1`` and a ``describe`` function that words an
    action; id 0 is always ``NOOP``. Actions and labels must be unique, so that a label can stand
    for its id (``combatzoo replay`` accepts either).
    """

    def __init__(self, actions: Sequence[Action], describe: Callable[[Action], str]) -> None:
        self.actions: tuple[Action, ...] = (NOOP_ACTION, *actions)
        self.labels: tuple[str, ...] = (NOOP_LABEL, *(describe(a) for a in actions))
        self._by_action = {a: i for i, a in enumerate(self.actions)}
        self._ids = {label: i for i, label in enumerate(self.labels)}
        for name, table, items in (("actions", self._by_action, self.actions),
                                   ("action labels", self._ids, self.labels)):
            if len(table) != len(items):
                raise ValueError(f"{name} must be unique; repeated: {_repeated(items)}")

    @classmethod
    def untyped(cls, labels: Sequence[str]) -> ActionCodec:
        """Transitional: a codec from labels alone (every action of kind ``untyped``). The
        registry's conformance tests refuse it: a system's bots must read kinds, not labels."""
        actions = [Action.of(CoreKind.UNTYPED, index=i) for i in range(1, len(labels) + 1)]
        wording = dict(zip(actions, labels, strict=True))
        return cls(actions, wording.__getitem__)

    @property
    def n(self) -> int:
        """Number of action ids (the ``N`` of ``Discrete(N)``)."""
        return len(self.labels)

    def _check(self, action: int) -> None:
        if not 0 <= action < len(self.labels):
            raise ValueError(f"action id {action} is outside 0..{len(self.labels) - 1}")

    def decode(self, action: int) -> Action:
        """The typed action of id ``action``; raises ``ValueError`` outside ``0..N-1``."""
        self._check(action)
        return self.actions[action]

    def encode(self, action: Action) -> int:
        """The id of a typed action; raises ``ValueError`` for one this codec lacks."""
        try:
            return self._by_action[action]
        except KeyError:
            raise ValueError(f"no action id for {action.to_json()}") from None

    def label(self, action: int) -> str:
        """The static label of ``action``; raises ``ValueError`` for an id outside ``0..N-1``."""
        self._check(action)
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
        """A markdown table of every id, its kind and its label, for docstrings and docs."""
        rows = ["| id | kind | action |", "|---:|---|---|"]
        rows += [f"| {i} | {a.kind.value} | {label} |"
                 for i, (a, label) in enumerate(zip(self.actions, self.labels, strict=True))]
        return "\n".join(rows)


def legal_entry(action: int, typed: Action, label: str) -> dict[str, Any]:
    """One entry of a JSON view's ``legal`` list: ``{"id", "label", "kind", "args"}``."""
    return {"id": action, "label": label, **typed.to_json()}


def kind_is(entry: Mapping[str, Any], kind: Enum) -> bool:
    """True if a ``legal`` entry of a JSON view is of ``kind`` (bots filter with it)."""
    return bool(entry["kind"] == kind.value)


def _repeated(items: Sequence[Any]) -> list[Any]:
    seen: set[Any] = set()
    return [x for x in items if x in seen or seen.add(x)]  # type: ignore[func-returns-value]
