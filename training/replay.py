"""``combatzoo replay SYSTEM FILE.json``: replay a battle from a hand-written state, step by step.

The file is one JSON object:

```
{
  "description": "optional text",
  "config": {"num_battles": 1},              optional engine options (as for make_engine)
  "state": {...},                            the starting state, as the engine's from_json reads
  "seed": 7,                                 instead of "state": start from new_game(seed)
  "actions": [                               one entry per joint step
    {"player_0": "Tactic: First Strike", "player_1": 10},
    ...
  ]
}
```

Each step names one action for every player who must act then: its id, its label, or the
label this command prints for it (with the names of the cards or units). ``config.crossfire``
is a folder relative to the replay file (or absolute). The command
prints the starting table, each step's actions and events, and the final state (text and JSON);
``--json`` prints one JSON document instead. An illegal action stops the replay with the step
number and the legal actions (exit status 2), so anyone can check a ruling.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ..envs.core.engine import Engine, Event
from ..envs.core.errors import CombatZooError, GameOverError, IllegalActionError
from ..envs.core.jsonio import dumps
from ..envs.core.render import render_event
from .common import UserError, load_engine, read_json_file

FILE_KEYS = ("description", "system", "config", "state", "seed", "actions", "failure")
"""Top-level keys of a replay file (``failure`` is written by ``combatzoo soak``)."""


@dataclass
class ReplayFile:
    """A parsed replay file."""

    actions: list[dict[str, Any]]
    state: dict[str, Any] | None = None
    seed: int | None = None
    config: dict[str, Any] = field(default_factory=dict)
    system: str | None = None
    description: str = ""


@dataclass
class ReplayStep:
    """One applied joint step: ``{agent: (id, label)}`` and its events."""

    actions: dict[str, tuple[int, str]]
    events: list[Event]

    def to_json(self) -> dict[str, Any]:
        return {"actions": {agent: {"id": a, "label": label}
                            for agent, (a, label) in self.actions.items()},
                "events": [e.to_json() for e in self.events]}


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``replay`` to the ``combatzoo`` command."""
    parser = subparsers.add_parser(
        "replay", help="replay a battle from a state JSON and a list of actions",
        description=__doc__.split("\n\n")[0] + " See docs/<system>.md for the state format.")
    parser.add_argument("system", help="the combat system, e.g. land_air_sea")
    parser.add_argument("file", type=Path, help="replay file (JSON)")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.set_defaults(func=run)
    return parser


def load_replay(path: str | Path) -> ReplayFile:
    """Read and check a replay file; mistakes are :class:`UserError` naming the field."""
    data = read_json_file(path, "replay file")
    where = str(path)
    if not isinstance(data, dict):
        raise UserError(f"{where}: expected a JSON object with 'state' and 'actions'")
    unknown = sorted(set(data) - set(FILE_KEYS))
    if unknown:
        raise UserError(f"{where}: unknown key(s) {unknown}; allowed: {list(FILE_KEYS)}")
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, dict) for a in actions):
        raise UserError(f"{where}: 'actions' must be a list of objects like "
                        "{\"player_0\": 12, \"player_1\": \"Tactic: Charge\"}")
    state, seed = data.get("state"), data.get("seed")
    if state is None and seed is None:
        raise UserError(f"{where}: give the starting 'state' (or a 'seed')")
    if state is not None and not isinstance(state, dict):
        raise UserError(f"{where}: 'state' must be an object")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise UserError(f"{where}: 'seed' must be a non-negative integer")
    config = data.get("config", {})
    if not isinstance(config, dict):
        raise UserError(f"{where}: 'config' must be an object of engine options")
    system = data.get("system")
    if system is not None and not isinstance(system, str):
        raise UserError(f"{where}: 'system' must be a system name")
    return ReplayFile(actions=actions, state=state, seed=seed, config=config,
                      system=system, description=str(data.get("description", "")))


def start_state(engine: Engine[Any], replay: ReplayFile) -> Any:
    """The starting state of ``replay``: its ``state`` if given, else ``new_game(seed)``."""
    if replay.state is not None:
        try:
            return engine.from_json(replay.state)
        except CombatZooError as exc:
            raise UserError(f"bad state: {exc}") from None
    return engine.new_game(np.random.default_rng(replay.seed))


def parse_step(engine: Engine[Any], entry: dict[str, Any], number: int,
               state: Any = None) -> dict[int, int]:
    """One joint step of a replay file as ``{player: action id}``: an id, its label, or the
    label this command prints for it in ``state`` (with card and unit names, issue 13)."""
    joint = {}
    players = engine.spec.num_players
    for agent, value in entry.items():
        name = agent if agent.startswith("player_") else f"player_{agent}"
        index = name.removeprefix("player_")
        if not index.isdigit() or int(index) >= players:
            raise UserError(f"step {number}: unknown agent {agent!r}; agents are "
                            f"{[f'player_{p}' for p in range(players)]}")
        try:
            joint[int(index)] = engine.codec.parse(value)
        except ValueError as exc:
            found = _by_printed_label(engine, state, int(index), value)
            if found is None:
                raise UserError(f"step {number}, {name}: {exc}") from None
            joint[int(index)] = found
    return joint


def _by_printed_label(engine: Engine[Any], state: Any, player: int, value: Any) -> int | None:
    """The legal action of ``player`` whose label in ``state`` (as printed) is ``value``."""
    if state is None or not isinstance(value, str):
        return None
    wanted = value.strip()
    for a in engine.legal_actions(state, player):
        if engine.action_label(a, state, player) == wanted:
            return a
    return None


def replay_steps(engine: Engine[Any], state: Any,
                 entries: list[dict[str, Any]]) -> list[ReplayStep]:
    """Apply ``entries`` to ``state`` in place; an illegal step is a :class:`UserError`."""
    steps = []
    for number, entry in enumerate(entries, start=1):
        joint = parse_step(engine, entry, number, state)
        labels = {f"player_{p}": (a, engine.action_label(a, state, p))
                  for p, a in sorted(joint.items())}
        try:
            events = engine.apply(state, joint)
        except IllegalActionError as exc:
            raise UserError(f"step {number}: {exc}") from None
        except GameOverError:
            raise UserError(f"step {number}: the game is already over after step "
                            f"{number - 1}; remove the remaining actions") from None
        steps.append(ReplayStep(labels, events))
    return steps


STATE_FAULTS = (KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError)
"""What an engine raises when a hand-written state it accepted holds data it cannot use (a
junk ``history`` entry...). The state schema should refuse such a state at ``from_json``; until
it does for every field, a replay of a file's state reports these as the file's fault, in one
line (issue 16), rather than as a traceback."""


def run(args: argparse.Namespace) -> int:
    """``combatzoo replay``."""
    replay = load_replay(args.file)
    if replay.system is not None and replay.system != args.system:
        raise UserError(f"{args.file} is a {replay.system!r} replay, not {args.system!r}")
    engine = load_engine(args.system, _resolve_paths(replay.config, Path(args.file)))
    if replay.state is None:  # the engine's own state from a seed: a fault there is a bug
        return _replay(engine, replay, args)
    try:
        return _replay(engine, replay, args)
    except UserError:
        raise
    except STATE_FAULTS as exc:
        sys.stdout.flush()
        raise UserError(f"{args.file}: the engine cannot play this state "
                        f"({type(exc).__name__}: {str(exc)[:200]}); see docs/{args.system}.md "
                        f"for the state format") from None


def _resolve_paths(config: dict[str, Any], file: Path) -> dict[str, Any]:
    """``config.crossfire`` relative to the replay file's folder (``"env"``: the
    ``COMBATZOO_CROSSFIRE`` folder), and checked now: a wrong path is one line naming it (issue
    13), not a failure at the first deal."""
    folder = config.get("crossfire")
    if not isinstance(folder, str):
        return config
    from ..envs.spellfire.cards.crossfire import CrossFireError, crossfire_folder

    # "env": $COMBATZOO_CROSSFIRE (what `soak -o crossfire=env` records), not a folder.
    path = None if folder == "env" else Path(folder).expanduser()
    if path is not None and not path.is_absolute():
        path = file.parent / path
    try:
        crossfire_folder(path)
    except CrossFireError as exc:
        raise UserError(f"{file}: config.crossfire: {exc}") from None
    return config if path is None else {**config, "crossfire": str(path)}


def _replay(engine: Engine[Any], replay: ReplayFile, args: argparse.Namespace) -> int:
    state = start_state(engine, replay)
    initial = engine.to_json(state)
    initial_text = engine.render(state, None)
    if not args.json:
        if replay.description:
            print(replay.description, end="\n\n")
        print("Initial state:")
        print(initial_text, end="\n\n")
    try:
        steps = replay_steps(engine, state, replay.actions)
    except UserError:
        sys.stdout.flush()
        raise
    over = engine.is_over(state)
    returns = engine.returns(state)
    if args.json:
        print(json.dumps({"system": args.system, "initial_state": initial,
                          "steps": [s.to_json() for s in steps],
                          "final_state": engine.to_json(state), "over": over,
                          "returns": returns}, indent=2, sort_keys=True))
        return 0
    for number, step in enumerate(steps, start=1):
        moves = "; ".join(f"{agent} -> {a} ({label})" for agent, (a, label) in step.actions.items())
        print(f"Step {number}: {moves}")
        for event in step.events:
            print("  " + render_event(event))
    print()
    print("Final state:")
    print(engine.render(state, None))
    if over:
        print("Returns: " + ", ".join(f"player_{p} {r:+g}" for p, r in enumerate(returns)))
    else:
        print(f"The game is not over; to act now: "
              f"{[f'player_{p}' for p in engine.to_act(state)]}")
    print()
    print("State JSON:")
    print(dumps(engine.to_json(state)))
    return 0
