"""Invariant checks shared by the property tests and ``combatzoo soak``, for any engine.

:func:`check_state` looks at one state and returns the broken invariants as sentences (empty
when everything holds); it never raises for a broken engine, so a soak can report every problem
with the seed and actions that reproduce it. What it checks (DESIGN.md "Performance and
reliability"):

- the system's own invariants (:meth:`Engine.check_invariants`);
- the turn protocol: somebody acts unless the game is over; each acting player's legal list is
  non-empty, strictly ascending, within ``1..N-1`` (never ``NOOP``); an idle player has none;
- the mask of every player equals its legal set (``NOOP`` only for an idle player);
- every legal action applies on a clone (``full``; otherwise a few drawn with ``rng``), and a
  few masked-out actions raise :class:`IllegalActionError` leaving the clone unchanged; the
  checked state itself is never changed;
- the JSON round trip is exact (in memory and through JSON text), and the round-tripped state
  gives every player the same observation and the same legal actions;
- observations have shape ``(spec.obs_size,)``, dtype float32, no NaN, values in ``[-1, 1]``.

:func:`replay_actions` replays an episode from its seed, for determinism checks.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from .codec import NOOP
from .engine import Engine
from .errors import IllegalActionError

LIGHT_SAMPLE = 1
"""Legal actions per acting player applied on a clone when ``full`` is false."""
ILLEGAL_SAMPLE = 3
"""Masked-out actions per player tried on a clone when ``full`` (one when not)."""


def check_state(engine: Engine[Any], state: Any, start: Any, *, rng: random.Random | None = None,
                full: bool = True) -> list[str]:
    """The broken invariants of ``state`` (``start``: the state the episode began from).

    ``full`` applies every legal action of every acting player on a clone; otherwise only a
    few, drawn with ``rng`` (a seeded :class:`random.Random`; default: seed 0).
    """
    rng = rng or random.Random(0)
    problems: list[str] = []
    try:
        before = engine.to_json(state)
    except Exception as exc:  # noqa: BLE001 - a crash is a finding, reported with its type
        return [f"to_json raised {_describe(exc)}"]

    problems += _guard("check_invariants", lambda: list(engine.check_invariants(state, start)))
    legal = _check_turns(engine, state, problems)
    if legal is not None:
        _check_masks(engine, state, legal, problems)
        _check_applies(engine, state, legal, rng, full, problems)
    observations = _check_observations(engine, state, problems)
    _check_round_trip(engine, state, before, observations, full, problems)
    if full:
        problems += _guard("view/render", lambda: _check_views(engine, state))

    after = _guard_value(lambda: engine.to_json(state))
    if after != before:
        problems.append("the checked state changed while it was being checked (a clone shares "
                        "data with it, or a read-only method writes to it)")
    return problems


def replay_actions(engine: Engine[Any], seed: int,
                   actions: Iterable[Mapping[int | str, int]]) -> Any:
    """The state reached from ``new_game(default_rng(seed))`` by the joint ``actions``.

    Each entry maps a player (engine index, or ``"player_N"``) to an action id. Raises what
    :meth:`Engine.apply` raises.
    """
    state = engine.new_game(np.random.default_rng(seed))
    for joint in actions:
        engine.apply(state, {_player(k): int(a) for k, a in joint.items()})
    return state


# --- the parts of check_state ---------------------------------------------------------------


def _check_turns(engine: Engine[Any], state: Any,
                 problems: list[str]) -> dict[int, list[int]] | None:
    """Turn protocol; returns every player's legal list (None if the engine crashed)."""
    n_actions = engine.spec.num_actions
    try:
        over = engine.is_over(state)
        acting = list(engine.to_act(state))
        legal = {p: list(engine.legal_actions(state, p)) for p in range(engine.spec.num_players)}
    except Exception as exc:  # noqa: BLE001
        problems.append(f"turn protocol raised {_describe(exc)}")
        return None
    if over and acting:
        problems.append(f"the game is over but to_act lists {acting}")
    if not over and not acting:
        problems.append("the game is running but to_act is empty")
    if len(set(acting)) != len(acting) or any(
            not 0 <= p < engine.spec.num_players for p in acting):
        problems.append(f"to_act {acting} repeats a player or names one that does not exist")
    for p, actions in legal.items():
        if p in acting:
            if not actions:
                problems.append(f"player_{p} must act but has no legal action")
            if actions != sorted(set(actions)):
                problems.append(f"player_{p}'s legal actions are not strictly ascending: {actions}")
            if NOOP in actions:
                problems.append(f"player_{p} must act but NOOP is among its legal actions")
            bad = [a for a in actions if not (isinstance(a, (int, np.integer))
                                             and 0 <= a < n_actions)]
            if bad:
                problems.append(f"player_{p}'s legal actions {bad} are outside 0..{n_actions - 1}")
        elif actions:
            problems.append(f"player_{p} is not to act but has legal actions {actions}")
    return {p: a for p, a in legal.items() if p in acting}


def _check_masks(engine: Engine[Any], state: Any, legal: Mapping[int, list[int]],
                 problems: list[str]) -> None:
    n_actions = engine.spec.num_actions
    for p in range(engine.spec.num_players):
        try:
            mask = engine.legal_mask(state, p)
        except Exception as exc:  # noqa: BLE001
            problems.append(f"legal_mask(player_{p}) raised {_describe(exc)}")
            continue
        if mask.shape != (n_actions,) or mask.dtype != np.int8:
            problems.append(f"player_{p}'s mask has shape {mask.shape} and dtype {mask.dtype}, "
                            f"expected ({n_actions},) int8")
            continue
        allowed = sorted(int(a) for a in np.flatnonzero(mask))
        expected = sorted(legal[p]) if p in legal else [NOOP]
        if allowed != expected:
            problems.append(f"player_{p}'s mask allows {allowed} but the legal set is {expected}")
        if not set(np.unique(mask).tolist()) <= {0, 1}:
            problems.append(f"player_{p}'s mask holds values other than 0 and 1")


def _check_applies(engine: Engine[Any], state: Any, legal: Mapping[int, list[int]],
                   rng: random.Random, full: bool, problems: list[str]) -> None:
    """Legal actions apply on a clone; masked-out ones raise and leave the clone unchanged."""
    if not legal or any(not actions for actions in legal.values()):
        return
    n_actions = engine.spec.num_actions
    players = list(range(engine.spec.num_players))

    def others(p: int) -> dict[int, int]:
        return {q: rng.choice(actions) for q, actions in legal.items() if q != p}

    for p, actions in legal.items():
        tried = actions if full or len(actions) <= LIGHT_SAMPLE else rng.sample(actions,
                                                                                LIGHT_SAMPLE)
        for a in tried:
            joint = {**others(p), p: a}
            try:
                events = engine.apply(engine.clone(state), joint)
            except Exception as exc:  # noqa: BLE001
                problems.append(f"legal joint action {_show(joint)} raised {_describe(exc)}")
                continue
            if not isinstance(events, list):
                problems.append(f"apply returned {type(events).__name__}, not a list of events")
    # Masked-out ids (NOOP and out-of-range ids included) must raise and change nothing.
    for p in players:
        allowed = set(legal.get(p, [NOOP]))
        pool = [a for a in range(-1, n_actions + 1) if a not in allowed]
        for a in rng.sample(pool, min(ILLEGAL_SAMPLE if full else 1, len(pool))):
            joint = {**others(p), p: a} if p in legal else {**others(-1), p: a}
            clone = engine.clone(state)
            before = engine.to_json(clone)
            try:
                engine.apply(clone, joint)
            except IllegalActionError:
                if engine.to_json(clone) != before:
                    problems.append(f"illegal joint action {_show(joint)} raised but changed "
                                    "the state")
                continue
            except Exception as exc:  # noqa: BLE001
                problems.append(f"illegal joint action {_show(joint)} raised {_describe(exc)} "
                                "instead of IllegalActionError")
                continue
            problems.append(f"masked-out action {a} of player_{p} was applied without error "
                            f"(joint {_show(joint)})")


def _check_observations(engine: Engine[Any], state: Any,
                        problems: list[str]) -> dict[int, np.ndarray]:
    """Shape, dtype and range of every player's observation; returns them for reuse."""
    size = engine.spec.obs_size
    seen = {}
    for p in range(engine.spec.num_players):
        try:
            obs = engine.observe(state, p)
        except Exception as exc:  # noqa: BLE001
            problems.append(f"observe(player_{p}) raised {_describe(exc)}")
            continue
        seen[p] = obs
        if not isinstance(obs, np.ndarray) or obs.shape != (size,) or obs.dtype != np.float32:
            problems.append(f"player_{p}'s observation is {type(obs).__name__} "
                            f"{getattr(obs, 'shape', '?')} {getattr(obs, 'dtype', '?')}, "
                            f"expected ({size},) float32")
            continue
        if np.isnan(obs).any():
            problems.append(f"player_{p}'s observation has NaN at {np.flatnonzero(np.isnan(obs))}")
        elif obs.min(initial=0.0) < -1.0 or obs.max(initial=0.0) > 1.0:
            outside = np.flatnonzero((obs < -1.0) | (obs > 1.0))
            problems.append(f"player_{p}'s observation leaves [-1, 1] at indices "
                            f"{outside.tolist()} (values {obs[outside].tolist()})")
    return seen


def _check_round_trip(engine: Engine[Any], state: Any, data: dict[str, Any],
                      observations: Mapping[int, np.ndarray], full: bool,
                      problems: list[str]) -> None:
    """Exact JSON round trip; the round-tripped state looks the same to every player.

    ``full`` also goes through JSON text and compares legal actions and a clone.
    """
    try:
        again = engine.from_json(data)
        again_data = engine.to_json(again)
    except Exception as exc:  # noqa: BLE001
        problems.append(f"JSON round trip raised {_describe(exc)}")
        return
    if again_data != data:
        problems.append(f"JSON round trip is not exact: {_diff(data, again_data)}")
    for p, obs in observations.items():
        seen = _guard_value(lambda p=p: engine.observe(again, p))
        if not isinstance(seen, np.ndarray) or not np.array_equal(obs, seen):
            problems.append(f"player_{p}'s observation differs after the JSON round trip")
    if not full:
        return
    try:
        text = json.dumps(data, sort_keys=True)
    except (TypeError, ValueError) as exc:
        problems.append(f"to_json output is not JSON-serialisable: {exc}")
        return
    from_text = _guard_value(lambda: engine.to_json(engine.from_json(json.loads(text))))
    if json.dumps(from_text, sort_keys=True) != text:
        problems.append(f"JSON round trip through text is not exact: "
                        f"{_diff(json.loads(text), from_text)}")
    for p in range(engine.spec.num_players):
        if _guard_value(lambda p=p: engine.legal_actions(state, p)) != _guard_value(
                lambda p=p: engine.legal_actions(again, p)):
            problems.append(f"player_{p}'s legal actions differ after the JSON round trip")
    if _guard_value(lambda: engine.to_json(engine.clone(state))) != data:
        problems.append("clone(state) differs from state")


def _check_views(engine: Engine[Any], state: Any) -> list[str]:
    problems = []
    for p in range(engine.spec.num_players):
        json.dumps(engine.view(state, p))
    for seat in (None, *range(engine.spec.num_players)):
        if not isinstance(engine.render(state, seat), str):
            problems.append(f"render(state, {seat}) did not return text")
    return problems


# --- helpers -----------------------------------------------------------------------------------


def _guard(what: str, fn: Any) -> list[str]:
    try:
        return list(fn())
    except Exception as exc:  # noqa: BLE001
        return [f"{what} raised {_describe(exc)}"]


def _guard_value(fn: Any) -> Any:
    try:
        return fn()
    except Exception as exc:  # noqa: BLE001
        return f"<raised {_describe(exc)}>"


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


def _show(joint: Mapping[int, int]) -> str:
    return "{" + ", ".join(f"player_{p}: {a}" for p, a in sorted(joint.items())) + "}"


def _player(key: int | str) -> int:
    if isinstance(key, str):
        return int(key.removeprefix("player_"))
    return int(key)


def _diff(a: Any, b: Any, path: str = "state") -> str:
    """Where two JSON values first differ, for a readable message."""
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b or a[key] != b[key]:
                return _diff(a.get(key), b.get(key), f"{path}.{key}")
    if isinstance(a, Sequence) and isinstance(b, Sequence) and not isinstance(a, str) \
            and not isinstance(b, str) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _diff(x, y, f"{path}[{i}]")
    return f"{path}: {a!r} became {b!r}"
