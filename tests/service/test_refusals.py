"""Every refusal of the service in the documented shape, in-process (issue 16): the defects the
issue lists each get a 4xx naming the field, never a 500, and a real bug gets a 500 in the same
shape with its traceback in the server log only."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from combatzoo.envs import make_engine

pytest.importorskip("fastapi")

from combatzoo.agents.service import create_app  # noqa: E402
from combatzoo.agents.service.bodycheck import BodyProblem, check_body, nesting_depth  # noqa: E402

from .asgi import Answer, AsgiClient  # noqa: E402


@pytest.fixture(scope="module")
def client(models: Path) -> Iterator[AsgiClient]:
    c = AsgiClient(create_app(models, max_body_bytes=100_000, trust_pickle=True))
    yield c
    c.close()


def refused(answer: Answer, status: int, field: str | None) -> str:
    """The error message of a refusal with ``status`` naming ``field`` (the documented shape:
    exactly the keys error and field, or with an illegal action also legal)."""
    assert answer.status == status, answer
    assert answer.headers["content-type"] == "application/json", answer
    body = answer.json
    assert set(body) - {"legal"} == {"error", "field"}, body
    assert isinstance(body["error"], str) and body["error"]
    assert body["field"] == field, body
    return str(body["error"])


def new(client: AsgiClient, system: str, seed: int = 0, **extra: Any) -> tuple[dict[str, Any], str]:
    answer = client.post(f"/v1/{system}/new", {"seed": seed, **extra})
    assert answer.status == 200, answer
    return answer.json["state"], answer.json["to_act"][0]


# --- the HTTP layer's own refusals ---------------------------------------------------------


def test_unknown_path_and_wrong_method(client: AsgiClient) -> None:
    assert "/v1" in refused(client.get("/nowhere"), 404, None)
    message = refused(client.get("/v1/land_air_sea/act"), 405, None)
    assert "POST" in message
    assert client.get("/v1/land_air_sea/act").headers["allow"] == "POST"
    refused(client.request("DELETE", "/v1/health"), 405, None)


def test_docs_are_off_and_the_schema_is_served(client: AsgiClient) -> None:
    refused(client.get("/docs"), 404, None)
    refused(client.get("/redoc"), 404, None)
    schema = client.get("/openapi.json")
    assert schema.status == 200 and "/v1/{system}/act" in schema.json["paths"]


@pytest.mark.parametrize("raw", [b'{"state": {', b"not json", b"\xff\xfe\x00{", b"[1, 2",
                                 b'{"a": 1' + b"1" * 5000 + b"}"])
def test_unparsable_bodies_are_400(client: AsgiClient, raw: bytes) -> None:
    assert "malformed JSON" in refused(client.post("/v1/land_air_sea/legal", raw=raw), 400,
                                       "body")


def test_deep_nesting_is_refused_before_parsing(client: AsgiClient) -> None:
    deep = b'{"state": ' + b"[" * 5000 + b"]" * 5000 + b', "agent": "player_0"}'
    assert "5001 levels" in refused(client.post("/v1/land_air_sea/legal", raw=deep), 422, "body")
    # Brackets inside strings are not nesting: a state with "[[[[" in a name is only 2 deep.
    assert nesting_depth(b'{"a": "[[[[\\"[[[[", "b": [1]}') == 2


@pytest.mark.parametrize("literal", [b"NaN", b"Infinity", b"-Infinity", b"1e400"])
def test_non_finite_numbers_name_their_field(client: AsgiClient, literal: bytes) -> None:
    state, agent = new(client, "land_air_sea")
    text = json.dumps({"state": state, "agent": agent})
    text = text.replace('"cards_played": {}', '"cards_played": {"Conscripts": @}', 1)
    raw = text.replace("@", literal.decode()).encode()
    refused(client.post("/v1/land_air_sea/legal", raw=raw), 422,
            "state.players[0].cards_played.Conscripts")


def test_number_look_alikes_in_strings_and_large_finite_numbers_pass() -> None:
    check_body(b'{"name": "NaN Infinity 123456789012345678901 1e999", "x": 1e100, '
               b'"y": -1.7976931348623157e308, "z": 18446744073709551615, "w": 0.5}')
    with pytest.raises(BodyProblem) as caught:
        check_body(b'{"a": [{"b": 1}, {"c": [0, 18446744073709551616]}]}')
    assert caught.value.field == "a[1].c[1]" and caught.value.status == 422


def test_integers_beyond_64_bits_are_refused(client: AsgiClient) -> None:
    state, agent = new(client, "land_air_sea")
    state["players"][1]["vp"] = 10 ** 400  # issue 16: was accepted and echoed
    refused(client.post("/v1/land_air_sea/legal", {"state": state, "agent": agent}), 422,
            "state.players[1].vp")
    refused(client.post("/v1/land_air_sea/new", {"seed": 2 ** 64}), 422, "seed")


def test_negative_seeds_are_422(client: AsgiClient) -> None:
    refused(client.post("/v1/land_air_sea/new", {"seed": -1}), 422, "seed")
    state, agent = new(client, "land_air_sea")
    for bot in ("random", "las_sb3", "las_onnx"):
        body = {"state": state, "agent": agent, "bot": bot, "seed": -5, "sample": True}
        refused(client.post("/v1/land_air_sea/act", body), 422, "seed")


def test_unknown_mode_lists_the_real_modes(client: AsgiClient) -> None:
    message = refused(client.post("/v1/spellfire/new", {"mode": "nope"}), 422, "mode")
    assert "['battle', 'game']" in message  # spellfire_game is spellfire in mode game
    message = refused(client.post("/v1/solium_infernum/new", {"mode": "nope"}), 422, "mode")
    assert "['map', 'battle']" in message
    state, agent = new(client, "spellfire")
    message = refused(client.post("/v1/spellfire/legal", {"state": {**state, "mode": "nope"},
                                                          "agent": agent}), 422, "state.mode")
    assert "'game'" in message


# --- states the engines could not take (issue 16) -------------------------------------------


def test_land_air_sea_fields_never_crash_any_bot(client: AsgiClient) -> None:
    state, agent = new(client, "land_air_sea", 3)
    broken = []
    for value in (-5, 2.5, "1", True, 1e308, None, [1], {"x": 1}):
        players = [{**state["players"][0], "cards_played": {"Conscripts": value}},
                   state["players"][1]]
        broken.append({**state, "players": players})
    for junk in ([{"x": 1}], [[1, 2]], ["text"], [None], {"x": 1}, 7):
        broken.append({**state, "history": junk})
    for bad in broken:
        for bot in ("random", "heuristic", "las_sb3", "las_onnx"):
            answer = client.post("/v1/land_air_sea/act", {"state": bad, "agent": agent,
                                                          "bot": bot})
            assert answer.status in (200, 422), (bad, bot, answer)
            if answer.status == 422:
                assert answer.json["field"].startswith("state"), answer


def test_solium_last_battle_junk_never_crashes(client: AsgiClient) -> None:
    state, agent = new(client, "solium_infernum", 1)
    for junk in ({}, {"x": {"y": [1]}}, [1, 2], "won", 3, {"winner": "nobody"}):
        bad = {**state, "last_battle": junk}
        for bot in ("random", "heuristic", "si_policy"):
            answer = client.post("/v1/solium_infernum/act", {"state": bad, "agent": agent,
                                                             "bot": bot})
            assert answer.status in (200, 422), (junk, bot, answer)
        answer = client.post("/v1/solium_infernum/step", {"state": bad, "actions": {}})
        assert answer.status in (409, 422), (junk, answer)
    nested: Any = 1
    for _ in range(300):
        nested = {"a": nested}
    answer = client.post("/v1/solium_infernum/legal", {"state": {**state, "last_battle": nested},
                                                       "agent": agent})
    refused(answer, 422, "body")


@pytest.mark.parametrize("phase", [0, 1, 5])
def test_a_whole_game_at_a_phase_that_asks_nothing_is_played_on(client: AsgiClient,
                                                                  phase: int) -> None:
    """Spellfire whole game, phases 0, 1 and 5 of a fresh deal (issue 16: /legal said to_act
    with legal [], /act answered 500). The engine now carries such a state on to the next
    decision (issue 13), so every endpoint answers for that decision: somebody is to act with
    legal actions, the bot answers one of them and step applies it."""
    state, _ = new(client, "spellfire", 0, mode="game")
    written = {**state, "phase": phase}
    answers = {a: client.post("/v1/spellfire/legal", {"state": written, "agent": a})
               for a in ("player_0", "player_1")}
    assert all(x.status == 200 for x in answers.values()), answers
    acting = [a for a, x in answers.items() if x.json["to_act"]]
    assert len(acting) == 1 and answers[acting[0]].json["legal"]
    act = client.post("/v1/spellfire/act", {"state": written, "agent": acting[0],
                                            "bot": "heuristic"})
    assert act.status == 200, act
    assert act.json["action"] in {e["id"] for e in answers[acting[0]].json["legal"]}
    step = client.post("/v1/spellfire/step", {"state": written,
                                              "actions": {acting[0]: act.json["action"]}})
    assert step.status == 200, step


# --- a real bug: 500 in the shape, traceback in the log only --------------------------------


def test_an_internal_error_is_a_500_in_the_shape(models: Path,
                                                 caplog: pytest.LogCaptureFixture) -> None:
    app = create_app(systems=["land_air_sea"])

    async def boom() -> None:
        raise RuntimeError("secret detail of the bug")

    app.add_api_route("/v1/boom", boom, methods=["GET"])
    client = AsgiClient(app)
    with caplog.at_level(logging.ERROR, logger="combatzoo.service"):
        answer = client.get("/v1/boom")
    client.close()
    assert answer.json == {"error": "internal error", "field": None}
    assert answer.status == 500 and b"secret" not in answer.raw
    logged = [r for r in caplog.records if r.name == "combatzoo.service"]
    assert logged and logged[0].exc_info is not None
    assert "secret detail of the bug" in str(logged[0].exc_info[1])


def test_the_engine_failing_on_a_state_is_422_not_500(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever the schemas miss: an exception of the engine on a request's state is the
    state's fault."""
    app = create_app(systems=["land_air_sea"])
    client = AsgiClient(app)
    state, agent = new(client, "land_air_sea")
    engine = make_engine("land_air_sea")
    for error in (KeyError("x"), TypeError("y"), RecursionError("deep"), ZeroDivisionError()):
        def fail(*_args: Any, error: Exception = error) -> Any:
            raise error

        monkeypatch.setattr(type(engine), "legal_actions", fail)
        refused(client.post("/v1/land_air_sea/legal", {"state": state, "agent": agent}), 422,
                "state")
    monkeypatch.undo()
    assert client.post("/v1/land_air_sea/legal", {"state": state, "agent": agent}).status == 200
    client.close()


def test_sampling_with_no_probability_left_still_answers() -> None:
    from combatzoo.agents.service.routes import _sample

    legal = [2, 5, 7]
    for probs in (np.zeros(9), np.full(9, np.nan)):
        assert _sample(probs, legal, seed=1) in legal
