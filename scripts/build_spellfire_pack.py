"""Write the built-in Spellfire pack, ``envs/spellfire/data/pack.json`` (issue 4).

Usage::

    python scripts/build_spellfire_pack.py --crossfire ../shared/data/crossfire

Reads the CrossFire folder (``envs/spellfire/crossfire.py``), takes the twelve "1st Edition
Starter Deck" sample decks (format ``551ES``) and every card they use, compiles each card's power
with the phrase compiler (``compiler.py``), applies :data:`OVERRIDES` (effects written here by hand
for cards the compiler cannot read; effect data, never card text) and writes the pack: card facts,
effects and power status only. Card text is never written (DESIGN.md "Data and provenance").
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

from combatzoo.envs.spellfire.cards import crossfire
from combatzoo.envs.spellfire.cards.cards import Card, CardType, Power
from combatzoo.envs.spellfire.cards.compiler import card_from_record
from combatzoo.envs.spellfire.cards.effects import Condition, Effect, EffectKind, When
from combatzoo.envs.spellfire.cards.pack import BUILTIN_PACK_PATH, Pack

K = EffectKind
DEFENDING = Condition(when=When.DEFENDING)
STARTER_FORMAT = "551ES"

PROVENANCE = (
    "Card facts (set, number, name, type, world, level/bonus, avatar flag, rarity, attributes, "
    "uses codes, (Off)/(Def) mark) and the twelve 1st Edition Starter deck lists are read from "
    "the CrossFire database (GPL, https://github.com/spellfire/CrossFire). Card powers are "
    "written here in combatzoo's effect vocabulary (envs/spellfire/effects.py), by the phrase "
    "compiler (envs/spellfire/compiler.py) and the hand-written overrides of "
    "scripts/build_spellfire_pack.py. No card text is stored. Spellfire is a trademark of its "
    "owners; this pack is not affiliated with them."
)

#: Hand-written powers for cards the compiler leaves unmodelled: key -> (effects, power). A
#: power of UNMODELLED with effects means "these effects are part of the card's power; the rest
#: is not expressible in the vocabulary yet".
OVERRIDES: dict[str, tuple[tuple[Effect, ...], Power]] = {
    # Suzail: wizard spells when defending; +4 to defenders if attached to Cormyr (the realm
    # fought over is the attached realm).
    "1st/35": ((Effect(K.MAY_USE, uses=("d19", "o19"), condition=DEFENDING),
                Effect(K.GAIN_LEVELS, amount=4,
                       condition=Condition(when=When.DEFENDING, at_realm=("Cormyr",)))),
               Power.MODELLED),
    # Midnight: destroys the opposing champion's magical items (her spell veto is not modelled).
    "1st/46": ((Effect(K.DESTROY_ITEMS),), Power.UNMODELLED),
    # The Harpers: wizard and cleric spells (the one-type-per-battle choice is not modelled).
    "1st/51": ((Effect(K.MAY_USE, uses=("d4", "o4", "d19", "o19")),), Power.UNMODELLED),
    # Rary: +3 against a wizard (the "realm with a holding" half is not modelled).
    "1st/161": ((Effect(K.GAIN_LEVELS, amount=3,
                        condition=Condition(vs_types=(int(CardType.WIZARD),))),),
                Power.UNMODELLED),
    # Lightning Bolt: one opposing ally of level 4 or less (the item alternative is not modelled).
    "1st/332": ((Effect(K.DESTROY_ALLIES, amount=4, count=1),), Power.UNMODELLED),
    # Protection: no opposing undead allies (the undead champion's escape is not modelled).
    "1st/360": ((Effect(K.ALLIES_BARRED, attributes=(40,)),
                 Effect(K.DESTROY_ALLIES, attributes=(40,)),
                 Effect(K.WIN_ROUND, condition=Condition(vs_attributes=(40,)))),
                Power.UNMODELLED),
}


def build(folder: str | Path | None) -> Pack:
    """The built-in pack from a CrossFire folder (see the module docstring)."""
    db = crossfire.read_database(folder)
    decks = [d for d in crossfire.read_decks(db.folder) if d.format_id == STARTER_FORMAT]
    if not decks:
        raise SystemExit(f"{db.folder}: no {STARTER_FORMAT} decks under Decks/")
    cards: dict[str, Card] = {}
    deck_keys: dict[str, tuple[str, ...]] = {}
    for deck in sorted(decks, key=lambda d: d.title):
        keys = deck.playing_cards(db.records)
        for key in keys:
            if key not in cards:
                card = card_from_record(db.get(key))
                if key in OVERRIDES:
                    effects, power = OVERRIDES[key]
                    card = replace(card, effects=effects, power=power)
                cards[key] = card
        deck_keys[deck.title.strip()] = tuple(keys)
    return Pack(cards=MappingProxyType(cards), decks=MappingProxyType(deck_keys),
                source="built-in")


def dumps_pack(data: dict[str, object]) -> str:
    """The pack as JSON with one card (or deck) per line, so that diffs stay readable."""
    lines = ["{"]
    for key, value in data.items():
        if isinstance(value, list):
            rows = [f"  {json.dumps(row, ensure_ascii=False)}" for row in value]
            lines.append(f' "{key}": [\n' + ",\n".join(rows) + "\n ],")
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)},")
    lines[-1] = lines[-1].rstrip(",")
    return "\n".join(lines) + "\n}\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--crossfire", default=None,
                        help=f"CrossFire folder (default: ${crossfire.CROSSFIRE_ENV})")
    parser.add_argument("--out", default=str(BUILTIN_PACK_PATH), help="pack file to write")
    args = parser.parse_args(argv)
    try:
        pack = build(args.crossfire)
    except crossfire.CrossFireError as exc:
        print(f"build_spellfire_pack: {exc}", file=sys.stderr)
        return 2
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(dumps_pack(pack.to_json(PROVENANCE)), encoding="utf-8")
    powers = [c.power for c in pack.cards.values()]
    print(f"{out}: {len(pack.cards)} cards, {len(pack.decks)} decks; "
          f"modelled {powers.count(Power.MODELLED)}, none {powers.count(Power.NONE)}, "
          f"unmodelled {powers.count(Power.UNMODELLED)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
