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
    rows = json.loads(out.read_text(encoding="utf-8"))
    assert [r["set"] for r in rows] == ["1st"]
    row = rows[0]
    assert row["total"] == 465
    assert row["modelled"] + row["none"] + row["unmodelled"] == 465
    assert row["percent_modelled_or_none"] >= 80.0
    assert len(row["unmodelled_cards"]) == row["unmodelled"]
    assert set(row["unmodelled_cards"][0]) == {"key", "name"}  # names only, never text


@needs_data
def test_coverage_all_sets_from_env(monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("COMBATZOO_CROSSFIRE", str(CROSSFIRE))
    assert main(["cards", "coverage", "--no-list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1 + 26 + 1  # header, 26 sets, total
    assert lines[-1].split()[1] == "5964"  # 6,024 records less 60 placeholders


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
