"""Packs: the built-in pack (always), the CrossFire pack and the builder (with the data)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest
from combatzoo.envs.spellfire.cards.cards import CardType, Power
from combatzoo.envs.spellfire.cards.effects import Condition, Effect, EffectKind, When
from combatzoo.envs.spellfire.cards.pack import (
    BUILTIN_PACK_PATH,
    Pack,
    load_builtin_pack,
    load_crossfire_pack,
    load_pack_file,
)

ROOT = Path(__file__).resolve().parents[3]
CROSSFIRE = (ROOT / ".." / "shared" / "data" / "crossfire").resolve()
needs_data = pytest.mark.skipif(
    not (CROSSFIRE / "DataBase").is_dir(),
    reason=f"CrossFire data not found at {CROSSFIRE} (the 'shared' folder beside the repo)")
STARTERS = [f"1st Edition Starter Deck {x}-{n}" for x in "ABCDEF" for n in (1, 2)]


def test_builtin_pack_has_the_twelve_starter_decks() -> None:
    pack = load_builtin_pack()
    assert pack.source == "built-in"
    assert sorted(pack.decks) == STARTERS
    for title in STARTERS:
        cards = pack.deck_cards(title)
        assert len(cards) == 55
        assert 10 <= sum(c.type is CardType.REALM for c in cards) <= 15  # format 551ES
    assert load_builtin_pack() is pack  # cached


def test_builtin_pack_facts_and_powers() -> None:
    pack = load_builtin_pack()
    zk = pack.cards["1st/3"]
    assert (zk.name, zk.level.level) == ("Zhentil Keep", 5)
    assert zk.effects == (Effect(EffectKind.DEFEND_AS, amount=5,
                                 champion_type=int(CardType.CLERIC)),)
    moonshae = pack.cards["1st/7"]
    assert Effect(EffectKind.ALLIES_GAIN, amount=3,
                  condition=Condition(when=When.DEFENDING)) in moonshae.effects
    # A hand-written override: Suzail's +4 when the attached realm is Cormyr.
    suzail = pack.cards["1st/35"]
    assert suzail.power is Power.MODELLED
    assert Effect(EffectKind.GAIN_LEVELS, amount=4,
                  condition=Condition(when=When.DEFENDING, at_realm=("Cormyr",))) in suzail.effects


def test_builtin_pack_holds_no_card_text() -> None:
    data = json.loads(BUILTIN_PACK_PATH.read_text(encoding="utf-8"))
    assert "CrossFire" in data["provenance"]
    allowed = {"set", "number", "name", "type", "world", "level", "avatar", "rarity",
               "attributes", "uses", "mark", "mark_phases", "effects", "power",
               "lasting"}  # issue 13 (lasting): a fact the compiler reads, no text
    for row in data["cards"]:
        assert set(row) <= allowed, row["name"]


def test_deck_cards_unknown_title() -> None:
    with pytest.raises(ValueError, match=r"unknown Spellfire deck 'Nope'.*1st Edition Starter"):
        load_builtin_pack().deck_cards("Nope")


def test_without_unmodelled() -> None:
    pack = load_builtin_pack()
    lean = pack.without_unmodelled()
    assert lean.cards is pack.cards
    for title in STARTERS:
        kept = lean.deck_cards(title)
        assert all(c.power is not Power.UNMODELLED for c in kept)
        dropped = [c for c in pack.deck_cards(title) if c.power is Power.UNMODELLED]
        assert len(kept) + len(dropped) == 55


def test_pack_file_errors(tmp_path: Path) -> None:
    pack = load_builtin_pack()
    data = pack.to_json()
    data["decks"] = [{"title": "Mine", "cards": ["1st/3", "1st/9999"]}]
    f = tmp_path / "pack.json"
    f.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ValueError, match=r"decks\[0\] \('Mine'\): cards not in the pack: "
                                         r"\['1st/9999'\]"):
        load_pack_file(f)
    data = pack.to_json()
    data["cards"].append(data["cards"][0])
    with pytest.raises(ValueError, match=r"card 1st/1 listed twice"):
        Pack.from_json(data, "test")
    data = pack.to_json()
    data["cards"][0]["type"] = 77
    with pytest.raises(ValueError, match=r"cards\[0\]: card 1st/1"):
        Pack.from_json(data, "test")


def test_pack_round_trip() -> None:
    pack = load_builtin_pack()
    again = Pack.from_json(pack.to_json("note"), "again")
    assert dict(again.cards) == dict(pack.cards) and dict(again.decks) == dict(pack.decks)


@needs_data
def test_crossfire_pack() -> None:
    pack = load_crossfire_pack(CROSSFIRE)
    assert len(pack.decks) == 46
    assert "Battle Mages (110)" in pack.decks and "Battle Mages (55AS)" in pack.decks
    assert len(pack.decks["Battle Mages (110)"]) == 110  # the dungeon left out
    assert all(k in pack.cards for keys in pack.decks.values() for k in keys)
    lean = load_crossfire_pack(CROSSFIRE, modelled_only=True)
    assert all(lean.cards[k].power is not Power.UNMODELLED
               for keys in lean.decks.values() for k in keys)


@needs_data
def test_crossfire_pack_from_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMBATZOO_CROSSFIRE", str(CROSSFIRE))
    assert load_crossfire_pack().source == str(CROSSFIRE)


def _builder() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "build_spellfire_pack", ROOT / "scripts" / "build_spellfire_pack.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@needs_data
def test_builtin_pack_is_what_the_builder_writes(tmp_path: Path) -> None:
    out = tmp_path / "pack.json"
    assert _builder().main(["--crossfire", str(CROSSFIRE), "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == BUILTIN_PACK_PATH.read_text(encoding="utf-8"), \
        "data/pack.json is stale: run scripts/build_spellfire_pack.py"
