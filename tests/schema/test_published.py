"""Issue 16: ``docs/schemas/*.json`` are the schemas the models enforce (regenerate with
``python -m combatzoo.envs.schemas``), and they say what the models say."""

from __future__ import annotations

import json
from pathlib import Path

from combatzoo.envs import schemas

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_the_published_schemas_are_the_generated_ones() -> None:
    assert schemas.stale(DOCS / "schemas") == []
    assert sorted(p.name for p in (DOCS / "schemas").glob("*.json")) == sorted(
        schemas.documents())


def test_the_check_command_finds_an_out_of_date_file(tmp_path: Path) -> None:
    assert schemas.main(["--out", str(tmp_path)]) == 0
    assert schemas.main(["--out", str(tmp_path), "--check"]) == 0
    (tmp_path / "spellfire.json").write_text("{}\n", encoding="utf-8")
    assert schemas.main(["--out", str(tmp_path), "--check"]) == 1


def test_a_published_schema_states_the_limits() -> None:
    doc = json.loads((DOCS / "schemas" / "land_air_sea.json").read_text("utf-8"))
    side = doc["$defs"]["SideModel"]
    # Unknown keys refused, the players pair required, cards played bounded by the longest
    # campaign (50 battles, one card each), names marked as names of the loaded tables.
    assert side["additionalProperties"] is False
    assert doc["required"] == ["players"]
    played = side["properties"]["cards_played"]
    assert played["additionalProperties"] == {"maximum": 50, "minimum": 0, "type": "integer"}
    assert played["propertyNames"]["x-known"] == "card"
    assert doc["properties"]["players"]["minItems"] == doc["properties"]["players"]["maxItems"] == 2


def test_the_state_schema_page_links_every_published_file() -> None:
    page = (DOCS / "state_schema.md").read_text("utf-8")
    for name in schemas.documents():
        assert f"schemas/{name}" in page
