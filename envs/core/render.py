"""Text rendering shared by every system: events as readable lines (replay, play, logs)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .engine import Event


def render_event(event: Event | Mapping[str, Any]) -> str:
    """One line for ``event``: ``- [kind] text``.

    Accepts an :class:`Event` or its JSON form (``Event.to_json``), as read back from a replay.
    """
    if isinstance(event, Event):
        kind, text = event.kind, event.text
    else:
        kind, text = str(event.get("kind", "?")), str(event.get("text", ""))
    return f"- [{kind}] {text}"


def render_events(events: Iterable[Event | Mapping[str, Any]]) -> str:
    """The events one per line (empty string for none)."""
    return "\n".join(render_event(e) for e in events)
