"""The CrossFire importer on the shared CrossFire data (skipped when it is absent)."""

from __future__ import annotations

from pathlib import Path

import pytest
from combatzoo.envs.spellfire.cards import crossfire as cf
from combatzoo.envs.spellfire.cards.cards import CardType

CROSSFIRE = (Path(__file__).resolve().parents[3] / ".." / "shared" / "data" / "crossfire").resolve()
needs_data = pytest.mark.skipif(
    not (CROSSFIRE / "DataBase").is_dir(),
    reason=f"CrossFire data not found at {CROSSFIRE} (the 'shared' folder beside the repo); "
           "the importer tests need it")


@pytest.fixture(scope="module")
def db() -> cf.Database:
    return cf.read_database(CROSSFIRE)


@pytest.fixture(scope="module")
def decks() -> list[cf.Deck]:
    return cf.read_decks(CROSSFIRE)


@pytest.fixture(scope="module")
def formats() -> dict[str, cf.Format]:
    return cf.read_formats(CROSSFIRE)


def test_folder_needs_argument_or_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(cf.CROSSFIRE_ENV, raising=False)
    with pytest.raises(cf.CrossFireError, match=r"--crossfire DIR.*COMBATZOO_CROSSFIRE"):
        cf.crossfire_folder(None)
    with pytest.raises(cf.CrossFireError, match="no DataBase/"):
        cf.crossfire_folder(tmp_path)
    (tmp_path / "DataBase").mkdir()
    monkeypatch.setenv(cf.CROSSFIRE_ENV, str(tmp_path))
    assert cf.crossfire_folder(None) == tmp_path


def test_tcl_is_evaluated_safely(tmp_path: Path) -> None:
    # A data file that tries to run a command: the safe interpreter has no `exec`.
    (tmp_path / "DataBase").mkdir()
    bad = tmp_path / "DataBase" / "XX.tcl"
    bad.write_text("exec touch " + str(tmp_path / "pwned") + "\n", encoding="utf-8")
    with pytest.raises(cf.CrossFireError, match="XX.tcl"):
        cf.read_set_file(bad)
    assert not (tmp_path / "pwned").exists()


def test_record_field_count_is_checked(tmp_path: Path) -> None:
    f = tmp_path / "XX.tcl"
    f.write_text("set CrossFire::cardDataBase {\n {Test}\n {XX 1 {} 13 1 0 Name}\n}\n",
                 encoding="utf-8")
    with pytest.raises(cf.CrossFireError, match=r"XX.tcl record 1: expected 13 fields, got 7"):
        cf.read_set_file(f)


@needs_data
def test_all_records_parse(db: cf.Database) -> None:
    # RULES.md §1 "Card data": 26 set files, 6,024 records (placeholders included).
    assert len(db.records) == 6024
    assert len(db.set_titles) == 26
    assert len(db.by_set("1st")) == 465 and len(db.by_set("4th")) == 520
    placeholders = [r for r in db.records.values() if r.is_placeholder]
    assert len(placeholders) == 60


@needs_data
def test_record_fields(db: cf.Database) -> None:
    zk = db.get("1st/3")
    assert (zk.name, zk.type, zk.level, zk.world, zk.rarity) == (
        "Zhentil Keep", CardType.REALM, "5", 1, "R")
    assert zk.attributes == (5, 31) and zk.uses == ("1", "d4", "o4")
    vecna = db.get("1st/156")
    assert vecna.level == "+5/+2" and vecna.type is CardType.ARTIFACT
    assert db.get("1st/441").is_chase and not db.get("1st/440").is_chase
    with pytest.raises(KeyError, match="1st/999"):
        db.get("1st/999")


@needs_data
def test_latin1_files(db: cf.Database) -> None:
    # BR, DE, FRN and POR are Latin-1 (RULES.md §1 "Card data").
    assert db.get("BR/109").name == "The Count of M\u00fcden"
    assert len(db.by_set("DE")) == 425 and len(db.by_set("POR")) == 425


@needs_data
def test_all_sample_decks_load(decks: list[cf.Deck], db: cf.Database) -> None:
    assert len(decks) == 46
    for deck in decks:
        assert deck.cards, deck.path
        assert all(k in db.records for k in deck.cards), deck.path


@needs_data
def test_dungeon_does_not_count(decks: list[cf.Deck], db: cf.Database) -> None:
    mages = next(d for d in decks if d.title == "Battle Mages" and d.format_id == "110")
    assert "DU/16" in mages.cards and db.get("DU/16").type is CardType.DUNGEON
    assert len(mages.cards) == 111
    assert len(mages.playing_cards(db.records)) == 110


@needs_data
def test_starter_decks_legal(decks: list[cf.Deck], formats: dict[str, cf.Format],
                             db: cf.Database) -> None:
    starters = [d for d in decks if d.title.startswith("1st Edition Starter")]
    assert len(starters) == 12
    for deck in starters:
        assert deck.format_id == "551ES"
        assert len(deck.playing_cards(db.records)) == 55
        assert cf.check_deck(deck, formats["551ES"], db.records) == [], deck.title


@needs_data
def test_format_file(formats: dict[str, cf.Format]) -> None:
    std = formats["55"]
    assert std.totals["All"] == cf.Limit(55, 55)
    assert std.totals["Levels"].max == 90
    assert std.types["Realm"] == cf.Limit(8, 15, 1)
    assert std.types["Holding"] == cf.Limit(0, 6, 1)
    assert formats["551ES"].types["Realm"].copies == 2


@needs_data
def test_two_copies_break_the_one_copy_limit(decks: list[cf.Deck],
                                             formats: dict[str, cf.Format],
                                             db: cf.Database) -> None:
    # Starter deck A-1 holds two copies of several cards: legal under 551ES (copies 2), not
    # under the 55-card standard format (one copy of each card).
    a1 = next(d for d in decks if d.title == "1st Edition Starter Deck A-1")
    assert a1.cards.count("1st/375") == 2
    problems = cf.check_deck(a1, formats["55"], db.records)
    assert any("1st/375" in p and "2 copies" in p and "allows 1" in p for p in problems)


@needs_data
def test_check_deck_counts(decks: list[cf.Deck], formats: dict[str, cf.Format],
                           db: cf.Database) -> None:
    std = next(d for d in decks if d.format_id == "55" and d.title.startswith("Thieves"))
    fmt = formats["55"]
    assert cf.check_deck(std, fmt, db.records) == []
    short = std.cards[:-1]
    assert any("total All: 54" in p for p in cf.check_deck(short, fmt, db.records))
    realms = [k for k in std.cards if db.records[k].type is CardType.REALM]
    no_realms = [k for k in std.cards if k not in realms]
    problems = cf.check_deck(no_realms, fmt, db.records)
    assert any(p.startswith("type Realm: 0") for p in problems)
    assert any("no such card" in p for p in cf.check_deck(["1st/999"], fmt, db.records))
    # Champion levels above 90 (RULES.md §1: at most 90 champion levels in 55 cards).
    big: list[str] = []
    total = 0
    for r in db.by_set("1st"):
        if (r.type in (CardType.HERO, CardType.MONSTER, CardType.WIZARD)
                and r.level.isdigit() and int(r.level) >= 8 and not r.avatar):
            big.append(r.key)
            total += int(r.level)
    assert total > 90
    assert any(p.startswith(f"total Levels: {total}") for p in
               cf.check_deck(big, fmt, db.records))


@needs_data
def test_banned_and_chase_cards(decks: list[cf.Deck], formats: dict[str, cf.Format],
                                db: cf.Database) -> None:
    from dataclasses import replace

    a1 = next(d for d in decks if d.title == "1st Edition Starter Deck A-1")
    fmt = replace(formats["551ES"], banned=("1st/375",))  # CrossFire writes ids as 1st/375
    assert any("1st/375" in p and "banned" in p for p in cf.check_deck(a1, fmt, db.records))
    # 1st/441 is past the First Edition's regular 440 cards: a chase card, none allowed.
    with_chase = (*a1.cards[:-1], "1st/441")
    problems = cf.check_deck(with_chase, formats["551ES"], db.records)
    assert any(p.startswith("total Chase: 1") for p in problems)
