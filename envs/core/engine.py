"""The engine protocol: what every combat system's pure rules engine provides.

An engine is plain Python (no gymnasium / pettingzoo / torch). It holds the *static* facts of a
game (its ``SPEC``, its config, its action codec and observation layout); a separate *state*
object holds what changes. All randomness is drawn in :meth:`Engine.new_game` from the
``numpy.random.Generator`` passed in (shuffled piles are kept in the state), so ``apply`` is a
pure function of the state and the actions: same state + same actions = same next state, and a
state written to JSON and read back continues exactly as the original.

Agents are numbered ``0..num_players-1`` inside engines; the PettingZoo fronts name them
``player_0``, ``player_1``...

The turn protocol (both sequential and simultaneous steps):

1. ``to_act(state)`` lists the players who must decide now: one for a sequential step, several
   for a simultaneous one (secret choices). Empty once the game is over.
2. ``legal_actions(state, p)`` lists the legal action ids of each of them (never empty, never
   containing ``NOOP``).
3. ``apply(state, {p: action, ...})`` takes exactly one action from each player in ``to_act``,
   changes the state in place and returns the events that happened. Secret choices are recorded
   in the state but hidden from the other players' observations until the rules reveal them.
"""

from __future__ import annotations

import abc
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, TypeVar

import numpy as np

from .codec import NOOP, Action, ActionCodec, legal_entry
from .errors import GameOverError, IllegalActionError
from .observation import ObservationLayout

S = TypeVar("S")


@dataclass(frozen=True)
class GameSpec:
    """The declarative card of facts of one system (OpenSpiel's ``GameInfo``)."""

    name: str
    """Registry name, e.g. ``"land_air_sea"``."""
    title: str
    """The game's own name, for humans."""
    version: int
    """Bumped whenever rules, actions or observations change meaning."""
    num_players: int
    num_actions: int
    """Size of the ``Discrete(N)`` action space (id 0 is ``NOOP``)."""
    obs_size: int
    """Length of the float32 observation vector."""
    max_decisions: int
    """Upper bound on the number of engine steps in one episode."""
    utility_range: tuple[float, float]
    """Smallest and largest final return of one player."""
    simultaneous: bool
    """Whether some steps ask several players to choose secretly at once."""
    gym_id: str
    """Id of the single-agent Gymnasium view, e.g. ``"combatzoo/LandAirSea-v0"``."""


class _NoData(Mapping[str, Any]):
    """The empty, read-only ``data`` of an event without details (one instance is shared; it
    copies and pickles, unlike ``MappingProxyType``)."""

    def __getitem__(self, key: str) -> Any:
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return "{}"


NO_DATA: Mapping[str, Any] = _NoData()
"""The ``data`` of an event that has no details."""


class Event(NamedTuple):
    """Something that happened in a step. Text rendering, replays, logs and the service read these.

    ``kind`` is a short machine name (``"tactic_revealed"``), ``text`` a sentence for people,
    ``player`` the engine index of the player it concerns (or ``None``), ``data`` JSON-ready
    details.

    Immutable. A named tuple rather than a frozen dataclass (issue 14): every step builds
    several, and a frozen dataclass costs three times as much to build, which a search that
    steps millions of times pays.
    """

    kind: str
    text: str
    player: int | None = None
    data: Mapping[str, Any] = NO_DATA

    def to_json(self) -> dict[str, Any]:
        """The event as a JSON-ready dict."""
        data = self.data  # most events have none: dict() of the shared empty Mapping is slow
        return {"kind": self.kind, "player": self.player, "text": self.text,
                "data": {} if data is NO_DATA else dict(data)}


class Engine(abc.ABC, Generic[S]):
    """Base of every system's rules engine. Subclasses write only their own rules.

    What all systems share (a step on a finished game, the legality check with its error
    message, masks) is written here once (Pgx habit).
    """

    spec: GameSpec
    codec: ActionCodec
    layout: ObservationLayout

    # --- the rules, written by each system -------------------------------------------------

    @abc.abstractmethod
    def new_game(self, rng: np.random.Generator) -> S:
        """A fresh game from the engine's config; every random draw comes from ``rng``."""

    @abc.abstractmethod
    def to_act(self, state: S) -> list[int]:
        """Players who must decide now (empty when the game is over)."""

    @abc.abstractmethod
    def legal_actions(self, state: S, player: int) -> list[int]:
        """Legal action ids of ``player`` now, ascending; empty if the player is not to act."""

    @abc.abstractmethod
    def _apply(self, state: S, actions: Mapping[int, int]) -> list[Event]:
        """Apply already-checked actions in place and return the events."""

    @abc.abstractmethod
    def is_over(self, state: S) -> bool:
        """Whether the episode has ended."""

    @abc.abstractmethod
    def returns(self, state: S) -> list[float]:
        """Final return of each player (0 for all while the game is running)."""

    @abc.abstractmethod
    def observe(self, state: S, player: int) -> np.ndarray:
        """The float32 observation of ``player``: ``layout.size`` long, egocentric, nothing the
        player could not see."""

    @abc.abstractmethod
    def view(self, state: S, player: int) -> dict[str, Any]:
        """The same information as :meth:`observe`, as readable JSON (for heuristics and people)."""

    @abc.abstractmethod
    def clone(self, state: S) -> S:
        """An independent copy of ``state``."""

    @abc.abstractmethod
    def to_json(self, state: S) -> dict[str, Any]:
        """The full state (both players' secrets included) as JSON-ready data."""

    @abc.abstractmethod
    def from_json(self, data: Mapping[str, Any]) -> S:
        """A state from :meth:`to_json` output or a hand-written file.

        Raises :class:`~combatzoo.envs.core.errors.StateError` naming the bad field.
        """

    @abc.abstractmethod
    def render(self, state: S, player: int | None = None) -> str:
        """The table as text, from ``player``'s seat (``None``: everything, for replays)."""

    @abc.abstractmethod
    def check_invariants(self, state: S, start: S) -> list[str]:
        """Broken invariants of ``state`` (given the episode's ``start``); empty when all hold.

        Used by the property tests and by ``combatzoo soak``.
        """

    # --- shared behaviour ---------------------------------------------------------------------

    def info(self, state: S, player: int) -> dict[str, Any]:
        """Extra details for the PettingZoo ``info`` dict of ``player`` (override to add more).

        The caller may keep what it returns: new containers each call (or ones the engine never
        changes again), holding records the engine never changes once made. The fronts hand
        them out without copying them.
        """
        return {}

    def action_label(self, action: int, state: S | None = None, player: int | None = None) -> str:
        """A label for ``action``; systems may override to name the card or unit it refers to."""
        return self.codec.label(action)

    def decode_action(self, action: int) -> Action:
        """The typed action (kind and arguments) of id ``action``."""
        return self.codec.decode(action)

    def legal_entries(self, state: S, player: int) -> list[dict[str, Any]]:
        """The legal actions of ``player`` as the JSON view lists them: ``{"id", "label",
        "kind", "args"}`` each (bots read ``kind`` and ``args``, people read ``label``)."""
        return [legal_entry(a, self.decode_action(a), self.action_label(a, state, player))
                for a in self.legal_actions(state, player)]

    def legal_mask(self, state: S, player: int) -> np.ndarray:
        """The int8 action mask of ``player`` (read-only): its legal actions, or only ``NOOP``
        if it is idle.

        The mask is always derived from :meth:`legal_actions`, so mask and rules cannot drift.
        """
        legal = tuple(self.legal_actions(state, player)) or (NOOP,)
        # Few distinct legal sets occur: keep one read-only mask per set and hand it out
        # (read-only, so no caller can change another's mask; copy it to modify).
        cache: dict[tuple[int, ...], np.ndarray] = self.__dict__.setdefault("_mask_cache", {})
        mask = cache.get(legal)
        if mask is None:
            if len(cache) > 65536:
                cache.clear()
            mask = np.zeros(self.spec.num_actions, dtype=np.int8)
            mask[list(legal)] = 1
            mask.flags.writeable = False
            cache[legal] = mask
        return mask

    def apply(self, state: S, actions: Mapping[int, int]) -> list[Event]:
        """Check and apply one action from each player in :meth:`to_act`.

        Raises :class:`IllegalActionError` (naming the action and the legal ones) or
        :class:`GameOverError`; the state is unchanged when it raises.
        """
        if self.is_over(state):
            raise GameOverError(f"{self.spec.name}: the game is over; reset before stepping")
        acting = self.to_act(state)
        for p in acting:
            if p not in actions:
                raise IllegalActionError(None, f"player_{p}", self.legal_actions(state, p),
                                         self._labels(state, p), "this player must act now")
        for p, a in actions.items():
            legal = self.legal_actions(state, p)
            if p not in acting:
                if a == NOOP:
                    continue
                raise IllegalActionError(a, f"player_{p}", [NOOP], {NOOP: self.codec.label(NOOP)},
                                         "this player has nothing to decide now")
            if a not in legal:
                labels = self._labels(state, p)
                if isinstance(a, int) and 0 <= a < self.spec.num_actions:
                    labels[a] = self.action_label(a, state, p)
                raise IllegalActionError(a, f"player_{p}", legal, labels)
        return self._apply(state, {p: int(actions[p]) for p in acting})

    def apply_trusted(self, state: S, actions: Mapping[int, int]) -> list[Event]:
        """Apply actions that a front has already checked against the masks of every player in
        :meth:`to_act` (the AEC front does, as each agent submits). Skips the second check."""
        return self._apply(state, actions)

    def _labels(self, state: S, player: int) -> dict[int, str]:
        return {a: self.action_label(a, state, player) for a in self.legal_actions(state, player)}
