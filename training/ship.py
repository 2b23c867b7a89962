"""``python -m combatzoo.training.ship CONFIG.yaml``: build a system's shipped bot (issue 15,
part 4) and put it into the package's ``agents/bots/`` folder.

It trains the config with ``combatzoo train`` (or takes a finished run folder with ``--run``),
exports ``final.zip`` with ``combatzoo export`` (the parity check included) to
``agents/bots/<system>.onnx``, and adds a ``training`` section to the model card: the config,
the timesteps, the wall time of the training, and the final tournament's figures against
random and heuristic (win rate, 95% interval, wins/draws/losses, seeds). A shipped bot plays its
system's default options, so the config's ``env`` must be empty; the file must stay within
:data:`MAX_BYTES`.

``python -m combatzoo.training.ship --ladder runs/ladder/<system>/ladder_<system>.json`` adds the
``ladder`` section to the shipped bot's model card instead (:func:`card_ladder`): its figures in
a ``combatzoo ladder`` run, refused unless that ladder played this very ONNX file. A new ship
writes a new card, without a ladder section until the new policy has been through one.

Run it from the project root (the source tree's ``agents/bots/`` is what the wheel ships).
Needs the ``train`` and ``export`` extras.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from datetime import datetime, timezone
from importlib.metadata import version
from pathlib import Path
from typing import Any

from ..envs.core.jsonio import dumps, read_json, write_atomic
from .common import UserError
from .evaluate import wilson

MAX_BYTES = 2 * 1024 * 1024
"""Issue 15: a shipped policy takes at most 2 MB."""


def tournament_figures(report: dict[str, Any]) -> dict[str, Any]:
    """The final tournament's rows of the trained policy (``final``) from a run's report."""
    t = report["tournament"]
    rows = {}
    for m in t["matches"]:
        if m["agents"][0] != "final":
            continue
        rows[m["agents"][1]] = {k: m[k] for k in ("win_rate", "win_rate_ci95", "wins", "draws",
                                                  "losses", "games")}
    first = t["seed"]
    last = first + t["games_per_pair"] - 1
    return {"games_per_pair": t["games_per_pair"], "seeds": [first, last], "seats": t["seats"],
            "against": rows}


def ladder_figures(ladder: dict[str, Any], onnx_sha256: str) -> dict[str, Any]:
    """The model card's ``ladder`` section from a ``combatzoo ladder`` result
    (``ladder_<system>.json``): the shipped policy's (``ppo``) win rate against each other agent
    with its 95% interval and wins/draws/losses, every agent's OpenSkill ordinal, the search
    bot's time per decision and the games' seeds. Refused (:class:`UserError`) unless the ladder
    played the file of sha256 ``onnx_sha256``."""
    played = ladder.get("policy_sha256", {}).get("ppo")
    if played != onnx_sha256:
        raise UserError(f"the ladder played ppo {played or '(none)'}, not the shipped file "
                        f"{onnx_sha256}: run the ladder again (nothing written)")
    t = ladder["tournament"]
    rows = {}
    for m in t["matches"]:
        a, b = m["agents"]
        if "ppo" not in (a, b):
            continue
        # A row is the first-named agent's; the shipped policy's wins are the other's losses.
        wins, losses = (m["wins"], m["losses"]) if a == "ppo" else (m["losses"], m["wins"])
        low, high = wilson(wins, m["games"])
        rows[b if a == "ppo" else a] = {
            "win_rate": wins / m["games"], "win_rate_ci95": [low, high], "wins": wins,
            "draws": m["draws"], "losses": losses, "games": m["games"]}
    first, games = t["seed"], t["games_per_pair"]
    return {"games_per_pair": games, "seeds": [first, first + games - 1],
            "seats": t["seats"], "agents": t["agents"], "against": rows,
            "openskill_ordinal": {n: r["ordinal"] for n, r in t["ratings"].items()},
            "search_ms_per_decision": ladder.get("search_ms_per_decision", {})}


def card_ladder(ladder_file: str | Path, bots_dir: str | Path | None = None) -> dict[str, Any]:
    """Add the ``ladder`` section (:func:`ladder_figures`) of ``ladder_file`` to the model card of
    the shipped bot of its system; returns the card."""
    from ..agents.shipped import BOTS_DIR
    from .export import card_path

    problem = f"{ladder_file}: not a ladder result of combatzoo ladder"
    try:
        ladder = read_json(Path(ladder_file))
        system = ladder["ladder"]["system"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise UserError(f"{problem} ({exc})") from None
    path = card_path(Path(bots_dir or BOTS_DIR) / f"{system}.onnx")
    if not path.exists():
        raise UserError(f"{ladder_file}: no shipped bot of {system} ({path} is missing)")
    card = read_json(path)
    try:
        card["ladder"] = ladder_figures(ladder, card["onnx_sha256"])
    except (KeyError, TypeError, ZeroDivisionError) as exc:
        raise UserError(f"{problem} (missing or bad {exc})") from None
    write_atomic(path, dumps(card))
    return card


def ship(config_path: str | Path, *, run_dir: str | Path | None = None,
         bots_dir: str | Path | None = None, trust_pickle: bool = False,
         wall_seconds: float | None = None) -> dict[str, Any]:
    """Train (unless ``run_dir`` is given), export and card one shipped bot; returns the card.

    A ``run_dir`` from elsewhere holds a pickle, so it needs ``trust_pickle`` (issue 16); a run
    this call trains itself is trusted. ``wall_seconds`` is the training's wall time of a
    ``run_dir`` (as measured when it ran); a run trained here is timed here.
    """
    from ..agents.shipped import BOTS_DIR
    from .config import load_config
    from .export import card_path, export
    from .train import train

    config = load_config(config_path)
    if config.env:
        raise UserError(f"{config_path}: env: a shipped bot plays {config.system}'s default "
                        f"options, so the config's env must be empty (got {config.env})")
    seconds = wall_seconds
    if run_dir is None:
        start = time.perf_counter()
        report = train(config, config_path)
        seconds = round(time.perf_counter() - start, 1)
        folder = Path(config.out_dir) / report["run"]
        trust_pickle = True
    else:
        folder = Path(run_dir)
        report = read_json(folder / "report.json")
    out = Path(bots_dir or BOTS_DIR) / f"{config.playing}.onnx"
    out.parent.mkdir(parents=True, exist_ok=True)
    # Export beside the target and move into place only once every check passed: a failure
    # leaves the shipped bot that was there untouched.
    with tempfile.TemporaryDirectory(dir=out.parent) as tmp:
        staged = Path(tmp) / out.name
        card = export(folder / "final.zip", staged, system=config.playing,
                      trust_pickle=trust_pickle, log=lambda m: print(m, file=sys.stderr))
        size = staged.stat().st_size
        if size > MAX_BYTES:
            raise UserError(f"{folder / 'final.zip'}: its ONNX policy takes {size / 2**20:.2f} MB, "
                            f"over the {MAX_BYTES // 2**20} MB a shipped bot may take; train a "
                            f"smaller net_arch (nothing written)")
        staged.replace(out)
    card["training"] = {
        "config_file": Path(config_path).name,
        # Where the run was written says nothing about the bot.
        "config": {k: v for k, v in report["config"].items() if k != "out_dir"},
        "timesteps": report["timesteps"], "wall_seconds": seconds,
        "combatzoo_version": version("combatzoo"),
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%d"),
        "final_tournament": tournament_figures(report)}
    write_atomic(card_path(out), dumps(card))
    return card


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m combatzoo.training.ship", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("config", nargs="?", default=None,
                   help="the training config (configs/<system>.yaml)")
    p.add_argument("--ladder", default=None, metavar="LADDER_JSON",
                   help="instead: add this ladder result's figures to the shipped bot's model card")
    p.add_argument("--run", default=None, help="a finished run folder to ship instead of training")
    p.add_argument("--bots-dir", default=None, help="where to write (default: agents/bots/)")
    p.add_argument("--wall-seconds", type=float, default=None,
                   help="with --run: the wall time its training took, for the model card")
    p.add_argument("--trust-pickle", action="store_true",
                   help="with --run: you trust its final.zip (loading a pickle runs its code)")
    args = p.parse_args(argv)
    if args.ladder is not None:
        return _card_ladder_cli(args.ladder, args.bots_dir)
    if args.config is None:
        p.error("a config is needed (or --ladder LADDER_JSON)")
    try:
        card = ship(args.config, run_dir=args.run, bots_dir=args.bots_dir,
                    trust_pickle=args.trust_pickle, wall_seconds=args.wall_seconds)
    except (UserError, ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    against = card["training"]["final_tournament"]["against"]
    print(f"shipped {card['system']}: " + ", ".join(
        f"vs {name} {row['win_rate']:.1%}" for name, row in against.items()))
    return 0


def _card_ladder_cli(ladder_file: str, bots_dir: str | None) -> int:
    try:
        card = card_ladder(ladder_file, bots_dir)
    except (UserError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    against = card["ladder"]["against"]
    print(f"{card['system']} model card: ladder figures added, " + ", ".join(
        f"vs {name} {row['win_rate']:.1%}" for name, row in against.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
