"""The rules engines of the bot service: one per served system, made at start-up, and one per
other mode of a system, made from the registry on first use (``spellfire`` in mode ``game`` is
the registry's ``spellfire_game``); and reading a request's state with them."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np

from ...envs.core.engine import Engine
from ...envs.core.errors import CombatZooError, StateError
from .errors import LOG, BotLoadError, ServiceError

ENGINE_ERRORS = (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError,
                 ArithmeticError)
"""What engine code raises on a state it was not written for (issue 16: each was a 500)."""


def _own_mode(engine: Engine[Any]) -> Any:
    """The ``mode`` field of the states ``engine`` writes (``None`` where they have none)."""
    return engine.to_json(engine.new_game(np.random.default_rng(0))).get("mode")


def known_modes(system: str, engine: Engine[Any]) -> list[str]:
    """The modes ``system`` can be played in: its config's ``MODES`` (where it has them), its
    states' own mode, and the registry's aliases of ``system`` by mode (spellfire: game)."""
    from ...envs.registry import ALIASES

    config = getattr(engine, "config", None)
    modes = list(getattr(sys.modules.get(type(config).__module__), "MODES", ()))
    own = _own_mode(engine)
    if isinstance(own, str):
        modes.append(own)
    modes += [str(v) for a in ALIASES if a.name == system for k, v in a.options if k == "mode"]
    return list(dict.fromkeys(modes))


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
        self.modes = {s: known_modes(s, e) for s, e in self.default.items()}
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

    def for_mode(self, system: str, mode: Any, field: str = "state.mode") -> Engine[Any]:
        """The engine of ``system`` in ``mode`` (a state's ``mode`` field, or /new's, named
        ``field`` in a refusal): the default engine for no mode or its own, else the
        registry's engine of ``(system, mode=mode)``, made once."""
        base = self.of(system)
        if mode is None or mode == self._own_modes[system]:
            return base
        if not isinstance(mode, str):
            raise ServiceError(422, f"{field}: expected a string, got {mode!r}", field)
        known = self.modes[system]
        if known and mode not in known:
            raise ServiceError(422, f"{field}: unknown mode {mode!r} of {system}; known: "
                               f"{known}", field)
        if (system, mode) not in self._by_mode:
            from ...envs import make_engine

            try:
                engine = make_engine(system, mode=mode)
            except (TypeError, ValueError, CombatZooError) as exc:
                raise ServiceError(422, f"{field}: mode {mode!r} of {system}: {exc}; known: "
                                   f"{known}", field) from None
            self._by_mode[(system, mode)] = engine
        return self._by_mode[(system, mode)]


@contextmanager
def state_blamed() -> Iterator[None]:
    """Engine code that fails on a request's state is the state's fault: 422, never a 500
    (issue 16). A :class:`StateError` names its field; anything else names ``state``, and its
    traceback is logged, since a schema should have caught it first."""
    try:
        yield
    except StateError as exc:
        raise ServiceError(422, str(exc), exc.field) from None
    except ENGINE_ERRORS as exc:
        LOG.warning("the engine failed on a request's state", exc_info=True)
        raise ServiceError(422, f"state: the engine cannot play this state "
                           f"({type(exc).__name__}: {str(exc)[:200]})", "state") from None


def check_playable(engine: Engine[Any], state: Any) -> None:
    """A running game must let someone move (issue 16: a Spellfire game at phase 0 answered
    ``to_act: true, legal: []``): every player to act has a legal action, and someone acts."""
    if engine.is_over(state):
        return
    acting = engine.to_act(state)
    stuck = [f"player_{p}" for p in acting if not engine.legal_actions(state, p)]
    if not acting or stuck:
        who = f"{stuck} must act but have no legal action" if stuck else "nobody is to act"
        raise ServiceError(422, f"state: the game is not over but {who}; no play can go on "
                           f"from it", "state")


def read_state(engine: Engine[Any], data: dict[str, Any]) -> Any:
    """The engine state written in ``data`` (422 naming the field that is wrong, or the broken
    invariant)."""
    with state_blamed():
        state = engine.from_json(data)
        check_playable(engine, state)
    return state
