"""The bots of the service: the built-in ``random``, ``heuristic`` and ``mcts`` (the search bot,
issue 15) of every system that has them, and the
policies of a models folder (ONNX exports ``.onnx`` with their model card; SB3 checkpoints
``.zip`` only when the operator passes ``--trust-pickle``, as loading one can run code), each
loaded once at start-up and found by system and name."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ...envs.core.agent import Agent
from .errors import BotLoadError, ServiceError

RESERVED_NAMES = ("random", "heuristic", "mcts", "rollout", "ppo")
"""Names of the built-in bots, which a models file may not take."""


@dataclass
class Bot:
    """A bot the service can play: ``agent`` answers for ``system``; ``kind`` (``random``,
    ``heuristic``, ``mcts``, ``rollout``, ``sb3`` or ``onnx``) is shown in ``GET /v1/bots``."""

    name: str
    system: str
    kind: str
    agent: Agent
    file: str | None = None
    spaces: tuple[int, int] | None = None
    """A policy's (observation size, number of actions): the mode of the system it plays."""

    def to_json(self) -> dict[str, Any]:
        """What ``GET /v1/bots`` says of this bot."""
        return {"name": self.name, "system": self.system, "kind": self.kind, "file": self.file}


def _model_system(path: Path, obs_size: int, num_actions: int, card: dict[str, Any]) -> str:
    """The system a policy file plays: its model card's, else the one its spaces fit."""
    from ...envs import get_spec, list_envs

    system = card.get("system")
    if system is None:
        matches = [n for n in list_envs()
                   if (get_spec(n).obs_size, get_spec(n).num_actions) == (obs_size, num_actions)]
        if len(matches) != 1:
            raise BotLoadError(f"{path}: observation size {obs_size} and {num_actions} actions "
                               f"fit {matches or 'no system'}; add a model card {path.stem}.json "
                               f'with {{"system": ...}}')
        return matches[0]
    if system not in list_envs():
        raise BotLoadError(f"{path}: its model card names unknown system {system!r}")
    spec = get_spec(system)
    if (spec.obs_size, spec.num_actions) != (obs_size, num_actions):
        raise BotLoadError(f"{path}: observation size {obs_size} and {num_actions} actions do not "
                           f"fit {system} ({spec.obs_size}, {spec.num_actions}); retrain or "
                           f"re-export it for this version")
    return str(system)


def _read_card(path: Path) -> dict[str, Any]:
    """The model card beside ``path`` (``{}`` when there is none)."""
    card_file = path.with_suffix(".json")
    try:
        card = json.loads(card_file.read_text(encoding="utf-8")) if card_file.is_file() else {}
    except (OSError, ValueError) as exc:
        raise BotLoadError(f"{card_file}: unreadable model card ({exc})") from None
    if not isinstance(card, dict):
        raise BotLoadError(f"{card_file}: a model card must be a JSON object")
    return card


def _onnx_bot(path: Path, card: dict[str, Any]) -> Bot:
    from ..policy import OnnxPolicyAgent

    agent = OnnxPolicyAgent(path, name=path.stem)
    shape_in = agent.session.get_inputs()
    spaces = (int(shape_in[0].shape[1]), int(shape_in[1].shape[1]))
    return Bot(path.stem, _model_system(path, *spaces, card), "onnx", agent, path.name, spaces)


def _sb3_bot(path: Path, card: dict[str, Any], trust_pickle: bool) -> Bot:
    from ..policy import PolicyAgent

    # A checkpoint is a pickle: without trust_pickle, PolicyAgent refuses it unopened.
    agent = PolicyAgent(path, name=path.stem, trust_pickle=trust_pickle)
    import torch  # there once sb3_contrib is

    spaces = (int(np.prod(agent.model.observation_space.shape)),
              int(agent.model.action_space.n))
    bot = Bot(path.stem, _model_system(path, *spaces, card), "sb3", agent, path.name, spaces)
    # Small MLPs on one request at a time: more threads only add latency.
    torch.set_num_threads(1)
    return bot


def load_model_bot(path: Path, *, trust_pickle: bool = False) -> Bot:
    """A bot from one models-folder file: an ``.onnx`` export, or a ``.zip`` SB3 checkpoint
    only with ``trust_pickle`` (``combatzoo serve --trust-pickle``; issue 16)."""
    from ..policy import ModelFileError

    card = _read_card(path)
    try:
        if path.suffix == ".onnx":
            return _onnx_bot(path, card)
        return _sb3_bot(path, card, trust_pickle)
    except BotLoadError:
        raise
    except ModelFileError as exc:
        raise BotLoadError(str(exc)) from None
    except ImportError as exc:
        extra = "export" if path.suffix == ".onnx" else "train"
        raise BotLoadError(f"{path}: needs the {extra!r} extra ({exc})") from None
    except Exception as exc:
        raise BotLoadError(f"{path}: cannot load ({type(exc).__name__}: {exc})") from None


def model_files(models_dir: str | Path) -> Iterator[Path]:
    """The policy files of a models folder, in name order; refuses a missing folder, a
    built-in bot's name and two files of one name (each when it comes to it)."""
    folder = Path(models_dir)
    if not folder.is_dir():
        raise BotLoadError(f"models folder {folder} does not exist")
    seen: dict[str, Path] = {}
    for path in sorted(p for p in folder.iterdir() if p.suffix in (".zip", ".onnx")):
        if path.stem in RESERVED_NAMES:
            raise BotLoadError(f"{path}: {path.stem!r} is a built-in bot's name; rename it")
        if path.stem in seen:
            raise BotLoadError(f"{path} and {seen[path.stem]}: two bots named {path.stem!r}")
        seen[path.stem] = path
        yield path


def _shipped_bot(system: str) -> Bot | None:
    """The system's pretrained bot shipped in the package (issue 15), served by default; none
    when the package has none, onnxruntime is missing or the bot no longer fits the engine
    (then a warning names the command that retrains it)."""
    import warnings

    from ..policy import ModelFileError
    from ..shipped import NAME, load_shipped, shipped_path

    path = shipped_path(system)
    if path is None:
        return None
    try:
        agent = load_shipped(system)
    except ModelFileError as exc:
        warnings.warn(f"not serving {system}/{NAME}: {exc}", stacklevel=2)
        return None
    return Bot(NAME, system, "onnx", agent, file=path.name,
               spaces=(int(agent.card["obs_size"]), int(agent.card["num_actions"])))


class BotRegistry:
    """Every bot of the service, by system and name, loaded once."""

    def __init__(self, systems: list[str], models_dir: str | Path | None = None, *,
                 trust_pickle: bool = False) -> None:
        """The built-in bots of ``systems``, then every file of ``models_dir`` (raises
        :class:`BotLoadError` naming the first file that cannot be served; a ``.zip`` is
        served only with ``trust_pickle``)."""
        self.bots: dict[str, dict[str, Bot]] = {s: self._built_in(s) for s in systems}
        if models_dir is None:
            return
        for path in model_files(models_dir):
            bot = load_model_bot(path, trust_pickle=trust_pickle)
            if bot.system not in self.bots:
                raise BotLoadError(f"{path}: plays {bot.system}, which this service does not serve")
            self.bots[bot.system][bot.name] = bot

    @staticmethod
    def _built_in(system: str) -> dict[str, Bot]:
        from .. import list_agents, make_agent

        bots = {"random": Bot("random", system, "random", make_agent(system, "random"))}
        try:
            bots["heuristic"] = Bot("heuristic", system, "heuristic",
                                    make_agent(system, "heuristic"))
        except ValueError:
            pass  # this system has no heuristic agent
        for search in ("mcts", "rollout"):
            if search in list_agents(system):
                bots[search] = Bot(search, system, search, make_agent(system, search))
        shipped = _shipped_bot(system)
        if shipped is not None:
            bots[shipped.name] = shipped
        return bots

    def get(self, system: str, name: str) -> Bot:
        """The bot ``name`` of ``system`` (404 naming the known ones)."""
        try:
            return self.bots[system][name]
        except KeyError:
            raise ServiceError(404, f"unknown bot {name!r} for {system}; known: "
                               f"{sorted(self.bots[system])}", "bot") from None

    def all(self) -> list[Bot]:
        """Every bot, system by system."""
        return [b for per in self.bots.values() for b in per.values()]
