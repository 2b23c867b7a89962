"""Language editions play and count as their English original (issue 13: "map each card to its
English original by set and number", envs/spellfire/cards/reprints.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from combatzoo.envs.spellfire.cards import crossfire as cf
from combatzoo.envs.spellfire.cards.cards import CardType
from combatzoo.envs.spellfire.cards.compiler import compile_card
from combatzoo.envs.spellfire.cards.effects import EffectKind
from combatzoo.envs.spellfire.cards.pack import load_crossfire_pack
from combatzoo.envs.spellfire.cards.reprints import english_originals, in_english
from combatzoo.training.cards import coverage

CROSSFIRE = (Path(__file__).resolve().parents[3] / ".." / "shared" / "data" / "crossfire").resolve()
needs_data = pytest.mark.skipif(
    not (CROSSFIRE / "DataBase").is_dir(),
    reason=f"CrossFire data not found at {CROSSFIRE} (the 'shared' folder beside the repo)")


def _record(set_id: str, number: int, name: str, text: str, rarity: str = "C",
            level: str = "5") -> cf.Record:
    return cf.Record(set_id=set_id, number=number, level=level, type=CardType.REALM, world=1,
                     avatar=False, name=name, text=text, rarity=rarity, blueline="",
                     attributes=(5, 31), uses=(), weight="1")


def _db(*records: cf.Record) -> cf.Database:
    return cf.Database(folder=Path("."), records={r.key: r for r in records},
                       set_titles={r.set_id: r.set_id for r in records})


def test_a_translated_card_takes_the_english_text_of_the_same_number_and_keeps_its_key() -> None:
    german = _record("DE", 3, "Zentilfeste", "Kann sich selbst verteidigen.")
    english = _record("IT", 3, "Zhentil Keep", "Zhentil Keep can defend itself as a level 5 "
                                               "cleric.")
    originals = english_originals(_db(german, english))
    assert originals == {"DE/3": english}
    compiled = in_english(german, originals)
    assert (compiled.key, compiled.text, compiled.name) == ("DE/3", english.text, "Zhentil Keep")
    # English cards, and cards with no original, are compiled as they are.
    assert in_english(english, originals) is english


def test_a_pair_that_disagrees_on_any_fact_is_not_a_reprint() -> None:
    english = _record("IT", 1, "Waterdeep", "Any champion can use wizard spells.")
    for other in (_record("FRN", 1, "Chambre", "...", rarity="R"),
                  _record("FRN", 1, "Chambre", "...", level="4"),
                  _record("FRN", 2, "Chambre", "...")):  # no IT/2
        assert english_originals(_db(other, english)) == {}


@needs_data
def test_every_german_card_and_all_but_twenty_french_and_portuguese_cards_pair_up() -> None:
    db = cf.read_database(CROSSFIRE)
    originals = english_originals(db)
    per_set = {s: sum(1 for k in originals if k.startswith(f"{s}/")) for s in ("DE", "FRN", "POR")}
    assert per_set == {"DE": 425, "FRN": 405, "POR": 405}
    # The French and Portuguese editions left out the same 20 Italian cards for others.
    lone = {s: {r.number for r in db.by_set(s) if r.key not in originals} for s in ("FRN", "POR")}
    assert lone["FRN"] == lone["POR"] and len(lone["FRN"]) == 20 and 68 in lone["FRN"]
    assert all(original.key == f"IT/{key.split('/')[1]}" for key, original in originals.items())


@needs_data
def test_a_german_realm_has_the_power_of_its_english_printing() -> None:
    # DE/1 (Tiefwasser) is Waterdeep: "Any champion can use wizard spells when defending
    # Waterdeep." DE/3 (Zentilfeste) is Zhentil Keep: "... can defend itself as a level 5 cleric."
    pack = load_crossfire_pack(CROSSFIRE)
    tiefwasser, waterdeep = pack.cards["DE/1"], pack.cards["1st/1"]
    assert tiefwasser.name == "Tiefwasser"  # the card keeps its own name
    assert tiefwasser.effects == waterdeep.effects
    assert EffectKind.MAY_USE in {e.kind for e in tiefwasser.effects}
    keep = pack.cards["DE/3"]
    assert keep.name == "Zentilfeste"
    defends = [e for e in keep.effects if e.kind is EffectKind.DEFEND_AS]
    assert defends and keep.effects == pack.cards["1st/3"].effects
    # Without the mapping the German text compiles to nothing the engine knows.
    german_effects, _ = compile_card(cf.read_database(CROSSFIRE).get("DE/3"))
    assert EffectKind.DEFEND_AS not in {e.kind for e in german_effects}


@needs_data
def test_the_german_edition_counts_exactly_as_the_italian_printing_of_the_english_text() -> None:
    rows = {r.set_id: r for r in coverage(CROSSFIRE, ["DE", "IT"]).sets}
    de, it = rows["DE"], rows["IT"]
    assert (de.total, de.modelled, de.none, de.outside, de.unresolved, de.unmodelled) == \
        (it.total, it.modelled, it.none, it.outside, it.unresolved, it.unmodelled)
