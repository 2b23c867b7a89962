"""``combatzoo cards``: coverage table and deck legality through the real command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from combatzoo.training.cli import main

CROSSFIRE = (Path(__file__).resolve().parents[3] / ".." / "shared" / "data" / "crossfire").resolve()
needs_data = pytest.mark.skipif(
    not (CROSSFIRE / "DataBase").is_dir(),
    reason=f"CrossFire data not found at {CROSSFIRE} (the 'shared' folder beside the repo)")


@needs_data
def test_coverage_first_edition(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cov.json"
    assert main(["cards", "coverage", "--crossfire", str(CROSSFIRE), "--set", "1st",
                 "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert text.splitlines()[0].split()[:3] == ["set", "title", "total"]
    assert "1st" in text and "not modelled" in text
    report = json.loads(out.read_text(encoding="utf-8"))
    rows = report["sets"]
    assert [r["set"] for r in rows] == ["1st"]
    row = rows[0]
    assert row["total"] == 465
    assert row["modelled"] + row["none"] + row["outside"] + row["unresolved"] + \
        row["unmodelled"] == 465
    # Issue 13: a power acting outside battles that the game does not apply is not "none".
    outside = {c["name"] for c in row["outside_cards"]}
    assert len(outside) == row["outside"] and "Cleric of Mask" in outside
    assert "The Caravan" not in outside  # modelled since issue 13, first_c
    assert "Good Fortune" not in outside and "Fear" not in outside
    assert row["percent_modelled_or_none"] == round(
        100 * (row["modelled"] + row["none"]) / 465, 1)
    assert len(row["unmodelled_cards"]) == row["unmodelled"]
    assert set(row["unmodelled_cards"][0]) == {"key", "name"}  # names only, never text
    assert len(row["unresolved_cards"]) == row["unresolved"]


@needs_data
def test_coverage_counts_a_card_with_an_unresolved_kind_as_not_modelled(
        tmp_path: Path) -> None:
    """Honest counting (issue 12): a card is modelled only when every effect it compiles to has
    a resolver. The kinds without one are exactly the table's unresolved kinds."""
    from combatzoo.envs.spellfire.battle.resolvers import unresolved_kinds

    out = tmp_path / "cov.json"
    assert main(["cards", "coverage", "--crossfire", str(CROSSFIRE), "--set", "1st",
                 "--no-list", "--json", str(out)]) == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    missing = {k.value for k in unresolved_kinds()}
    assert {k["kind"] for k in report["kinds"] if not k["resolved"]} == missing
    unresolved = report["sets"][0]["unresolved_cards"]
    for card in unresolved:
        assert card["kinds"] and set(card["kinds"]) <= missing
    # Issue 13 resolved the last kinds: no 1st Edition card is held back by a missing resolver.
    assert missing == set() and unresolved == []
    # Every kind the engine applies names at least one behaviour test.
    assert all(k["behaviour_tests"] >= 1 for k in report["kinds"] if k["resolved"])


@needs_data
def test_coverage_all_sets_from_env(monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    from combatzoo.envs.spellfire.cards.effects import EffectKind

    monkeypatch.setenv("COMBATZOO_CROSSFIRE", str(CROSSFIRE))
    assert main(["cards", "coverage", "--no-list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    blank = lines.index("")
    assert blank == 1 + 26 + 1  # header, 26 sets, total
    assert lines[blank - 1].split()[1] == "5964"  # 6,024 records less 60 placeholders
    assert len(lines) == blank + 2 + len(EffectKind)  # blank, header, one row per kind


@needs_data
def test_decks_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "decks", "--crossfire", str(CROSSFIRE)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 46
    starters = [ln for ln in lines if ln.startswith("1st Edition Starter")]
    assert len(starters) == 12 and all(ln.endswith("legal") for ln in starters)


def test_user_errors(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("COMBATZOO_CROSSFIRE", raising=False)
    assert main(["cards", "coverage"]) == 2
    assert "COMBATZOO_CROSSFIRE" in capsys.readouterr().err
    assert main(["cards", "coverage", "--crossfire", str(tmp_path)]) == 2
    assert "no DataBase/" in capsys.readouterr().err


@needs_data
def test_unknown_set(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "coverage", "--crossfire", str(CROSSFIRE), "--set", "9th"]) == 2
    assert "--set 9th: unknown" in capsys.readouterr().err
