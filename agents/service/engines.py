"""The rules engines of the bot service: one per served system, made at start-up, and one per
other mode of a system, made from the registry on first use (``spellfire`` in mode ``game`` is
the registry's ``spellfire_game``); and reading a request's state with them."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...envs.core.engine import Engine
from ...envs.core.errors import CombatZooError, StateError
from .errors import BotLoadError, ServiceError


def _own_mode(engine: Engine[Any]) -> Any:
    """The ``mode`` field of the states ``engine`` writes (``None`` where they have none)."""
    return engine.to_json(engine.new_game(np.random.default_rng(0))).get("mode")


class Engines:
    """The engines the service plays, by system and mode."""

    def __init__(self, systems: list[str] | None = None) -> None:
        """The default engine of each of ``systems`` (default: every registered system;
        an unknown name is a :class:`BotLoadError`)."""
        from ...envs import list_envs, make_engine

        names = systems or list_envs()
        unknown = [s for s in names if s not in list_envs()]
        if unknown:
            raise BotLoadError(f"unknown system(s) {unknown}; known: {list_envs()}")
        self.default: dict[str, Engine[Any]] = {s: make_engine(s) for s in names}
        self._own_modes = {s: _own_mode(e) for s, e in self.default.items()}
        self._by_mode: dict[tuple[str, str], Engine[Any]] = {}

    @property
    def systems(self) -> list[str]:
        """The served systems, sorted."""
        return sorted(self.default)

    def of(self, system: str) -> Engine[Any]:
        """The default engine of ``system`` (404 for a system not served)."""
        if system not in self.default:
            raise ServiceError(404, f"unknown system {system!r}; known: {self.systems}",
                               "system")
        return self.default[system]

    def for_mode(self, system: str, mode: Any) -> Engine[Any]:
        """The engine of ``system`` in ``mode`` (a state's ``mode`` field, or /new's): the
        default engine for no mode or its own, else the registry's engine of
        ``(system, mode=mode)``, made once."""
        base = self.of(system)
        if mode is None or mode == self._own_modes[system]:
            return base
        if not isinstance(mode, str):
            raise ServiceError(422, f"state.mode: expected a string, got {mode!r}", "state.mode")
        if (system, mode) not in self._by_mode:
            from ...envs import make_engine

            try:
                engine = make_engine(system, mode=mode)
            except (TypeError, ValueError, CombatZooError) as exc:
                raise ServiceError(422, f"mode {mode!r} of {system}: {exc}", "state.mode"
                                   ) from None
            self._by_mode[(system, mode)] = engine
        return self._by_mode[(system, mode)]


def read_state(engine: Engine[Any], data: dict[str, Any]) -> Any:
    """The engine state written in ``data`` (422 naming the field that is wrong)."""
    try:
        return engine.from_json(data)
    except StateError as exc:
        raise ServiceError(422, str(exc), exc.field) from None
    except (ValueError, TypeError, KeyError, AttributeError, IndexError) as exc:
        raise ServiceError(422, f"state: malformed ({type(exc).__name__}: {exc})",
                           "state") from None
