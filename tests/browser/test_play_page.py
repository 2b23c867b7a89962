"""The routes of the page (no browser needed; in the default run): /play and / lead to the page,
its files are served, and GET /v1/{system}/cards answers the facts of Spellfire cards."""

from __future__ import annotations

import http.client
import re

from combatzoo.envs.spellfire.cards.pack import load_builtin_pack

from .conftest import Service


def raw_get(service: Service, path: str) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", service.port, timeout=30)
    conn.request("GET", path)
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, body


def test_root_and_play_lead_to_the_page(service: Service) -> None:
    for path in ("/", "/play"):
        status, headers, _ = raw_get(service, path)
        assert status in (302, 307) and headers["location"] == "/play/"
    status, headers, body = raw_get(service, "/play/")
    assert status == 200 and headers["content-type"].startswith("text/html")
    assert b'<script type="module" src="play.js">' in body
    for name in ("play.js", "draw_land_air_sea.js", "draw_solium_infernum.js",
                 "draw_spellfire.js", "play.css"):
        status, _, body = raw_get(service, f"/play/{name}")
        assert status == 200 and body, name


def test_the_page_uses_only_the_documented_endpoints(service: Service) -> None:
    # The reference client may only call what docs/service.md lists, all through api().
    _, _, body = raw_get(service, "/play/play.js")
    source = body.decode()
    assert source.count("fetch(") == 1
    calls = set(re.findall(r"api\(`?\"?/v1/([^`\"?]+)", source))
    assert calls == {"bots", "${game.sys.path}/new", "${game.sys.path}/legal",
                     "${game.sys.path}/act", "${game.sys.path}/step", "${game.sys.path}/cards"}


def test_cards_answers_the_facts_of_the_pack(service: Service) -> None:
    pack = load_builtin_pack()
    # 1st/45 is Drizzt Do' Urden, a level-8 hero, 1st/2 the realm Menzoberranzan, in the pack
    # file (envs/spellfire/cards/data/pack.json).
    status, data = service.call("GET", "/v1/spellfire/cards?keys=1st/45,1st/2")
    assert status == 200
    drizzt, realm = data["cards"]
    assert (drizzt["key"], drizzt["name"], drizzt["type"], drizzt["level"]) == (
        "1st/45", pack.cards["1st/45"].name, "hero", "8")
    assert drizzt["champion"] is True
    assert (realm["name"], realm["type"], realm["champion"]) == ("Menzoberranzan", "realm", False)
    # Menzoberranzan may be played at any time and cannot be attacked by flyers (its effects).
    assert realm["power"] == "play any time; not attackable by flyer"
    status, data = service.call("GET", "/v1/spellfire/cards?keys=1st/45&mode=game")
    assert status == 200 and data["cards"][0]["name"] == drizzt["name"]
    # Codes in words: Adventurers! (1st/53) may use d4/o4/d19/o19 (CrossFire type 4 cleric
    # spell, 19 wizard spell); Hold Undead (1st/375) destroys allies with attribute 40 (undead)
    # and bars them (issue 13 audit).
    status, data = service.call("GET", "/v1/spellfire/cards?keys=1st/53,1st/375")
    assert [c["power"] for c in data["cards"]] == [
        "may use defensive cleric spells / offensive cleric spells / defensive wizard spells / "
        "offensive wizard spells", "destroy allies undead; allies barred undead"]


def test_cards_refuses_bad_requests_with_the_field(service: Service) -> None:
    status, data = service.call("GET", "/v1/spellfire/cards?keys=1st/45,zz/9")
    assert status == 422 and data == {"error": "keys: unknown card 'zz/9'", "field": "keys"}
    status, data = service.call("GET", "/v1/spellfire/cards?keys=,")
    assert status == 422 and data["field"] == "keys"
    status, data = service.call("GET", "/v1/land_air_sea/cards?keys=1st/1")
    assert status == 404 and data["error"] == "land_air_sea has no cards"
    status, data = service.call("GET", "/v1/nosuch/cards?keys=1st/1")
    assert status == 404 and data["field"] == "system"
    keys = ",".join(["1st/45"] * 501)
    status, data = service.call("GET", f"/v1/spellfire/cards?keys={keys}")
    assert status == 422 and "at most 500" in data["error"]
