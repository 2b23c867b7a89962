"""The published state schemas: ``docs/schemas/<system>.json``, generated from the pydantic
models of each system's state JSON (issue 16; ``docs/state_schema.md``).

Regenerate them after changing a model::

    python -m combatzoo.envs.schemas            # writes docs/schemas/*.json
    python -m combatzoo.envs.schemas --check    # exit 1 if a published file is out of date
"""

from __future__ import annotations

import argparse
from pathlib import Path

from pydantic import BaseModel

from .core.jsonio import write_atomic
from .core.schema import schema_text
from .land_air_sea.schema import LandAirSeaStateModel
from .solium_infernum.schema import SoliumStateModel
from .spellfire.battle.schema import BattleStateModel
from .spellfire.game.schema import GameStateModel

MODELS: dict[str, tuple[type[BaseModel], str]] = {
    "land_air_sea": (LandAirSeaStateModel, "Heroes of Land, Air & Sea state"),
    "solium_infernum": (SoliumStateModel, "Solium Infernum state"),
    "spellfire": (BattleStateModel, "Spellfire battle state"),
    "spellfire_game": (GameStateModel, "Spellfire whole-game state"),
}
"""Published file name (without ``.json``) -> the model and the schema's title."""


def documents() -> dict[str, str]:
    """File name -> the JSON Schema text to publish."""
    return {f"{name}.json": schema_text(model, title)
            for name, (model, title) in MODELS.items()}


def stale(folder: Path) -> list[str]:
    """The published files of ``folder`` that differ from the models (or are missing)."""
    return [name for name, text in documents().items()
            if not (folder / name).is_file() or (folder / name).read_text("utf-8") != text]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m combatzoo.envs.schemas",
                                     description="Write (or check) docs/schemas/*.json.")
    parser.add_argument("--out", type=Path, default=Path("docs/schemas"),
                        help="folder of the published schemas (default: docs/schemas)")
    parser.add_argument("--check", action="store_true",
                        help="only check that the published files are up to date")
    args = parser.parse_args(argv)
    if args.check:
        out_of_date = stale(args.out)
        for name in out_of_date:
            print(f"{args.out / name}: out of date; run python -m combatzoo.envs.schemas")
        return 1 if out_of_date else 0
    for name, text in documents().items():
        write_atomic(args.out / name, text)
        print(f"wrote {args.out / name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
