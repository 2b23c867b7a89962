"""Information-set Monte Carlo tree search: a search bot for every system (issue 15, part 1).

The bot sees what one seat sees (the JSON view: the engine already hides what the seat must
not know) and nothing else. Each simulation:

1. **Samples** a complete state consistent with the view: the system's sampler
   (``combatzoo.agents.samplers.<system>``) fills in the hidden information (the opponent's
   hand, the order of the piles, a secret card choice not yet revealed) from what the view
   shows and what the rules say the decks hold. The searcher therefore never reads a secret:
   it only ever has the view.
2. **Descends** one tree shared by all samples (single-observer ISMCTS, Cowling, Powley &
   Whitehouse 2012): at each node every player in ``to_act`` picks among *its* legal actions
   in the sampled state by UCB1 with availability counts (an action is scored against the
   visits of the times it was legal). Where several players act at once (a secret
   simultaneous choice) each picks from its own statistics without seeing the others'
   choice (decoupled UCT), and an action that is secret to the searching seat (a simultaneous
   choice, or a step the system marks secret) is not part of the child's key: the searcher's
   later nodes cannot condition on the opponent's hidden choice.
3. **Expands** one new action, then **rolls out** to the end of the game with uniformly random
   legal actions (measured stronger per second than heuristic rollouts, ``docs/bots.md``) and
   **backs up** each player's return into that player's statistics along the path.

The move is the root action with the most visits (lowest id on ties); its action
probabilities are the root visit shares. The search runs on engine state copies through the
fast path only (``clone``, ``to_act``, ``legal_actions``, ``apply_trusted``, ``is_over``,
``returns``): no observation is computed. All randomness comes from the bot's own
``numpy.random.Generator``, re-seeded by :meth:`MCTSAgent.reset`.
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from ..envs.core.engine import Engine
from ..envs.core.errors import CombatZooError

DEFAULT_SIMULATIONS = 200
"""Simulations per decision of the plain name ``"mcts"``."""
DEFAULT_EXPLORATION = 1.4
"""UCB1 exploration constant (returns are in [-1, 1])."""
ROLLOUTS = ("random", "heuristic")
"""Rollout policies: uniformly random legal actions, or the system's heuristic bot (it reads
the view, built for it at each rollout step: slower)."""
SEARCH_SYSTEMS = ("land_air_sea", "solium_infernum", "spellfire", "spellfire_game")
"""Systems with a sampler (``combatzoo.agents.samplers.<system>``)."""

Sampler = Callable[[Engine[Any], dict[str, Any], int, np.random.Generator], Any]
"""``sample(engine, view, player, rng)``: a full state consistent with ``player``'s view."""
Score = Callable[[Engine[Any], Any], list[float]]
"""``score(engine, state)``: each player's return if the game were judged now (the value of
a rollout cut at ``rollout_depth``)."""
SecretStep = Callable[[Engine[Any], Any, list[int]], bool]
"""``secret(engine, state, acting)``: whether the actions of this step stay hidden from the
players who do not take them."""


class SearchError(CombatZooError, ValueError):
    """The search bot was built or called wrongly (the message says what)."""


def simultaneous_is_secret(engine: Engine[Any], state: Any, acting: list[int]) -> bool:
    """Default rule: a step where several players choose at once is secret."""
    return len(acting) > 1


def load_sampler(system: str) -> tuple[Sampler, SecretStep]:
    """The sampler of ``system`` and its secret-step rule (``secret`` in the module, else
    :func:`simultaneous_is_secret`)."""
    module = _sampler_module(system)
    return module.sample, getattr(module, "secret", simultaneous_is_secret)


def _sampler_module(system: str) -> Any:
    if system not in SEARCH_SYSTEMS:
        raise SearchError(f"no search sampler for system {system!r}; known: "
                          f"{list(SEARCH_SYSTEMS)}")
    return importlib.import_module(f"combatzoo.agents.samplers.{system}")


class _Node:
    """A tree node: per acting player, per action ``[visits, value sum, availability]``."""

    __slots__ = ("children", "stats")

    def __init__(self) -> None:
        self.stats: dict[int, dict[int, list[float]]] = {}
        self.children: dict[tuple[tuple[int, int], ...], _Node] = {}


class MCTSAgent:
    """The information-set MCTS bot of one system (see the module docstring)."""

    needs_view = True
    needs_observation = False
    deterministic = True
    """:meth:`act` is the most visited root action: the argmax of the probabilities."""

    def __init__(self, system: str, simulations: int = DEFAULT_SIMULATIONS,
                 seed: int | None = None, exploration: float = DEFAULT_EXPLORATION,
                 engine: Engine[Any] | None = None, engine_options: dict[str, Any] | None = None,
                 name: str | None = None, rollout: str = "random",
                 rollout_depth: int | None = None) -> None:
        """A bot for ``system`` running ``simulations`` per decision.

        ``engine`` (or ``engine_options`` to build one) must be the engine of the game being
        played (same config: decks, pack, number of battles); the default is the system's
        default engine. ``rollout_depth`` cuts rollouts after that many steps and scores the
        state as if the game were judged then (the sampler module's ``score``); the default is
        the module's ``ROLLOUT_DEPTH`` (``None``: play to the end).
        """
        if isinstance(simulations, bool) or not isinstance(simulations, int) or simulations < 1:
            raise SearchError(f"simulations must be a positive integer, got {simulations!r}")
        if not isinstance(exploration, (int, float)) or not exploration >= 0:
            raise SearchError(f"exploration must be a number >= 0, got {exploration!r}")
        if rollout not in ROLLOUTS:
            raise SearchError(f"unknown rollout {rollout!r}; known: {list(ROLLOUTS)}")
        self._sample, self._secret = load_sampler(system)
        module = _sampler_module(system)
        self._score: Score | None = getattr(module, "score", None)
        depth = rollout_depth if rollout_depth is not None else getattr(
            module, "ROLLOUT_DEPTH", None)
        if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int)
                                  or depth < 0 or self._score is None):
            raise SearchError(f"rollout_depth must be an integer >= 0 for a system with a "
                              f"score (got {depth!r} for {system!r})")
        self.rollout_depth: int | None = depth
        self.system = system
        self.engine = search_engine(system, engine, engine_options)
        self.simulations = simulations
        self.exploration = float(exploration)
        self.name = name or f"mcts@{simulations}"
        self.rollout = rollout
        self._heuristic: Any = None
        if rollout == "heuristic":
            from . import make_agent

            self._heuristic = make_agent(system, "heuristic")
        self._rng = np.random.default_rng(seed)
        self._last_visits: dict[int, float] = {}
        self._game_engine: Engine[Any] | None = None
        self.decision_seconds: list[float] = []
        """Wall time of every search so far (for the time-per-decision figures)."""

    def reset(self, seed: int | None = None) -> None:
        """Re-seed the bot's own generator (``None``: fresh entropy)."""
        self._rng = np.random.default_rng(seed)

    # --- the Agent protocol --------------------------------------------------------------

    def act(self, observation: np.ndarray | None, mask: np.ndarray,
            view: dict[str, Any] | None = None) -> int:
        """The most visited legal root action (lowest id on ties)."""
        probs = self.action_probabilities(observation, mask, view)
        return int(np.argmax(probs))

    def action_probabilities(self, observation: np.ndarray | None, mask: np.ndarray,
                             view: dict[str, Any] | None = None) -> np.ndarray:
        """The root visit shares of the legal actions (one search per call)."""
        legal, probs = search_start(self.name, mask, view)
        if len(legal) == 1:
            return probs
        assert view is not None  # search_start refuses a call without one
        player = _seat(view)
        visits = self.search(view, player, legal)
        total = sum(visits.get(a, 0.0) for a in legal)
        if total <= 0:
            probs[legal] = 1.0 / len(legal)
            return probs
        for a in legal:
            probs[a] = visits.get(a, 0.0) / total
        return probs

    # --- the search ------------------------------------------------------------------------

    def search(self, view: dict[str, Any], player: int, legal: list[int]) -> dict[int, float]:
        """Run the simulations from ``player``'s ``view``; the root visits of each action."""
        start = time.perf_counter()
        engine = self._engine_for(view)
        root = _Node()
        allowed = set(legal)
        rollout_rng = random.Random(int(self._rng.integers(2**63)))
        for _ in range(self.simulations):
            state = self._sample(engine, view, player, self._rng)
            self._simulate(engine, root, state, player, allowed, rollout_rng)
        mine = root.stats.get(player, {})
        self._last_visits = {a: s[0] for a, s in mine.items()}
        self.decision_seconds.append(time.perf_counter() - start)
        return dict(self._last_visits)

    def _engine_for(self, view: dict[str, Any]) -> Engine[Any]:
        """The engine of the view's game: a ``spellfire`` view of the whole game (the service
        reads ``spellfire`` states in mode ``game`` too) is searched with the game's engine."""
        if self.system == "spellfire" and view.get("mode") == "game":
            if self._game_engine is None:
                from ..envs import make_engine

                self._game_engine = make_engine("spellfire_game")
            return self._game_engine
        return self.engine

    def _simulate(self, engine: Engine[Any], root: _Node, state: Any, me: int,
                  allowed: set[int], rng: random.Random) -> None:
        path: list[tuple[_Node, dict[int, int]]] = []
        node = root
        expanded = False
        while not expanded and not engine.is_over(state):
            acting = engine.to_act(state)
            joint: dict[int, int] = {}
            for p in acting:
                options = engine.legal_actions(state, p)
                if node is root and p == me:
                    # The mask is the truth about the searcher's own options.
                    options = [a for a in options if a in allowed] or options
                action, new = self._select(node, p, options, rng)
                joint[p] = action
                expanded = expanded or new
            path.append((node, joint))
            secret = len(acting) > 1 or self._secret(engine, state, acting)
            engine.apply_trusted(state, joint)
            key = tuple(sorted((p, a if p == me or not secret else -1)
                               for p, a in joint.items()))
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = _Node()
            node = child
        returns = self._rollout(engine, state, rng)
        for visited, joint in path:
            for p, a in joint.items():
                entry = visited.stats[p][a]
                entry[0] += 1.0
                entry[1] += returns[p]

    def _select(self, node: _Node, player: int, options: list[int],
                rng: random.Random) -> tuple[int, bool]:
        """UCB1 with availability among ``options``; an untried action first (``True``)."""
        stats = node.stats.setdefault(player, {})
        untried = [a for a in options if a not in stats]
        for a in options:
            if a in stats:
                stats[a][2] += 1.0
        if untried:
            action = untried[rng.randrange(len(untried))]
            stats[action] = [0.0, 0.0, 1.0]
            return action, True
        c = self.exploration
        best, best_score = options[0], -math.inf
        for a in options:
            visits, total, avail = stats[a]
            score = total / visits + c * math.sqrt(math.log(avail) / visits)
            if score > best_score:
                best, best_score = a, score
        return best, False

    def _rollout(self, engine: Engine[Any], state: Any, rng: random.Random) -> list[float]:
        """Rollout actions to the end, or to ``rollout_depth`` steps and the score then."""
        depth = self.rollout_depth
        for _ in range(engine.spec.max_decisions if depth is None else depth):
            if engine.is_over(state):
                break
            joint = {}
            for p in engine.to_act(state):
                if self._heuristic is not None:
                    joint[p] = int(self._heuristic.act(None, engine.legal_mask(state, p),
                                                       engine.view(state, p)))
                    continue
                options = engine.legal_actions(state, p)
                joint[p] = options[rng.randrange(len(options))]
            engine.apply_trusted(state, joint)
        if not engine.is_over(state) and self._score is not None and depth is not None:
            return [float(r) for r in self._score(engine, state)]
        return [float(r) for r in engine.returns(state)]


def search_engine(system: str, engine: Engine[Any] | None,
                  engine_options: dict[str, Any] | None) -> Engine[Any]:
    """The engine a search bot of ``system`` plays out its games with: ``engine`` (checked to
    play ``system``), else one built from ``engine_options``."""
    if engine is None:
        from ..envs import make_engine

        engine = make_engine(system, **(engine_options or {}))
    if engine.spec.name != system:
        raise SearchError(f"the engine plays {engine.spec.name!r}, not {system!r}")
    return engine


def search_start(name: str, mask: np.ndarray, view: dict[str, Any] | None
                 ) -> tuple[list[int], np.ndarray]:
    """What a search bot named ``name`` checks before searching: the legal ids of ``mask``
    (a :class:`SearchError` when there are none, or when ``view`` is missing), and its
    probabilities so far: zeros, or 1 on the only legal action (nothing to search)."""
    legal = [int(a) for a in np.flatnonzero(np.asarray(mask))]
    if not legal:
        raise SearchError(f"{name}: the mask allows no action")
    if view is None:
        raise SearchError(f"{name} needs the JSON view (needs_view)")
    probs = np.zeros(len(mask), dtype=np.float64)
    if len(legal) == 1:
        probs[legal[0]] = 1.0
    return legal, probs


def _seat(view: dict[str, Any]) -> int:
    """The engine index of the seat a view belongs to (``"me": "player_1"`` -> 1)."""
    me = view.get("me")
    if not isinstance(me, str) or not me.startswith("player_"):
        raise SearchError(f"the view names no seat ('me' is {me!r})")
    return int(me.removeprefix("player_"))
