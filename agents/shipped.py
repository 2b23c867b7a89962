"""The pretrained bots shipped in the package (issue 15, part 4): one small ONNX policy per
system in ``agents/bots/<system>.onnx`` with its model card ``<system>.json``, played by
:func:`~combatzoo.agents.make_agent` as ``"ppo"``, offered by ``combatzoo play --bot ppo`` and
served by ``combatzoo serve`` beside random and heuristic.

A shipped bot fits the engine it was trained on: its card names the env version, the
observation size, the number of actions and the action labels. :func:`load_shipped` refuses a
bot whose card no longer matches the current engine and says which command retrains it
(:func:`retrain_command`). Each bot plays its system's default options (``make(system)``: Solium
Infernum's map mode, Spellfire's battles with starter decks, ...).

Playing one needs onnxruntime (the ``export`` extra), not torch.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

BOTS_DIR = Path(__file__).resolve().parent / "bots"
"""Where the shipped ONNX files and their model cards live (package data)."""

NAME = "ppo"
"""The :func:`~combatzoo.agents.make_agent` name of a system's shipped bot."""

RETRAIN = ("python -m combatzoo.training.ship configs/{config} "
           "(trains with `combatzoo train`, exports with `combatzoo export` into agents/bots/)")
"""How to rebuild a system's shipped bot (from the project root) from the config it was
trained with (:func:`retrain_command`); docs/bots.md explains it."""


def retrain_command(system: str, card: dict[str, Any] | None = None) -> str:
    """The command that rebuilds ``system``'s shipped bot: :data:`RETRAIN` with the config file
    named in the model card (``card``, else the shipped card), ``<system>.yaml`` when no card
    names one."""
    if card is None:
        card_file = BOTS_DIR / f"{system}.json"
        if card_file.is_file():
            from ..envs.core.jsonio import read_json

            card = read_json(card_file)
    training = (card or {}).get("training") or {}
    config = training.get("config_file") or f"{system}.yaml"
    return RETRAIN.format(config=config)


def shipped_path(system: str) -> Path | None:
    """The shipped ONNX file of ``system``, or ``None`` when the package has none."""
    path = BOTS_DIR / f"{system}.onnx"
    return path if path.is_file() else None


def shipped_systems() -> list[str]:
    """The systems with a shipped bot, in name order."""
    return sorted(p.stem for p in BOTS_DIR.glob("*.onnx")) if BOTS_DIR.is_dir() else []


def mismatch(system: str, card: dict[str, Any]) -> str | None:
    """Why a shipped bot's model card does not fit the current engine of ``system``, or
    ``None`` when it fits (same env version, spaces and action labels)."""
    from ..envs import make_engine

    engine = make_engine(system)
    spec = engine.spec
    checks = [("system", system, card.get("system")),
              ("env version", spec.version, card.get("env_version")),
              ("observation size", spec.obs_size, card.get("obs_size")),
              ("number of actions", spec.num_actions, card.get("num_actions")),
              ("action labels", list(engine.codec.labels), card.get("action_labels"))]
    for what, engine_value, card_value in checks:
        if engine_value != card_value:
            shown = (card_value, engine_value) if what != "action labels" else ("...", "...")
            return (f"the shipped {system} bot was trained for another {what} "
                    f"({shown[0]!r}, the engine has {shown[1]!r}); retrain it: "
                    f"{retrain_command(system, card)}")
    return None


def load_shipped(system: str, **kwargs: Any) -> Any:
    """The shipped bot of ``system`` as an :class:`~combatzoo.agents.policy.OnnxPolicyAgent`
    named ``ppo``; ``kwargs`` go to it (``deterministic``). Raises
    :class:`~combatzoo.agents.policy.ModelFileError` when there is none or it does not fit the
    engine (the message names the command that retrains it)."""
    from .policy import ModelFileError, OnnxPolicyAgent

    path = shipped_path(system)
    if path is None:
        raise ModelFileError(f"no shipped bot for {system!r}; shipped: {shipped_systems()}")
    agent = OnnxPolicyAgent(path, name=kwargs.pop("name", NAME), **kwargs)
    problem = mismatch(system, agent.card)
    if problem is not None:
        raise ModelFileError(problem)
    return agent
