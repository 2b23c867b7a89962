"""The two ways the bot service says no: a refused request, and a bot that cannot be served."""

from __future__ import annotations

from typing import Any

from ...envs.core.errors import CombatZooError


class ServiceError(Exception):
    """A request the service refuses: ``status`` and a JSON body naming what was wrong."""

    def __init__(self, status: int, message: str, field: str | None = None,
                 **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.body: dict[str, Any] = {"error": message}
        if field is not None:
            self.body["field"] = field
        self.body.update(extra)


class BotLoadError(CombatZooError):
    """A file in the models folder cannot be served (the message names the file)."""
