"""The bot service over real HTTP: `combatzoo serve` on loopback, requests from a plain client.

One server (a subprocess, as a frontend would meet it) serves every registered system with its
built-in bots plus an SB3 checkpoint and an ONNX export of a fresh land_air_sea policy. The
tests send valid moves, broken states, malformed JSON, unknown bots, oversized bodies, and check
after each kind of abuse that the service still answers.
"""

from __future__ import annotations

import http.client
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from combatzoo.envs import list_envs, make_engine

from tests.scripting import free_port, wait_until_serving

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
pytest.importorskip("sb3_contrib")
pytest.importorskip("onnxruntime")

MAX_BODY = 200_000



class Client:
    """A minimal JSON-over-HTTP client (the standard library's, so nothing hides the wire)."""

    def __init__(self, port: int) -> None:
        self.port = port

    def request(self, method: str, path: str, body: Any = None, raw: bytes | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, Any, dict[str, str]]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        conn.request(method, path, body=data,
                     headers={"content-type": "application/json", **(headers or {})})
        response = conn.getresponse()
        payload = response.read()
        conn.close()
        return response.status, json.loads(payload) if payload else None, dict(response.headers)

    def post(self, path: str, body: Any = None, **kw: Any) -> tuple[int, Any]:
        status, data, _ = self.request("POST", path, body, **kw)
        return status, data

    def get(self, path: str) -> tuple[int, Any]:
        status, data, _ = self.request("GET", path)
        return status, data


def serve_command(models: Path, port: int) -> list[str]:
    return [sys.executable, "-m", "combatzoo.training.cli", "serve", "--models", str(models),
            "--port", str(port), "--max-body-bytes", str(MAX_BODY), "--trust-pickle"]


@pytest.fixture(scope="module")
def client(models: Path) -> Iterator[Client]:
    port = free_port()
    proc = subprocess.Popen(serve_command(models, port), stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    c = Client(port)
    wait_until_serving(proc, lambda: c.get("/v1/health")[0])
    yield c
    proc.terminate()
    proc.wait(timeout=30)


def new_state(client: Client, system: str, seed: int = 0) -> tuple[dict[str, Any], list[str]]:
    status, data = client.post(f"/v1/{system}/new", {"seed": seed})
    assert status == 200, data
    return data["state"], data["to_act"]


def assert_still_serving(client: Client) -> None:
    status, data = client.get("/v1/health")
    assert status == 200 and data["status"] == "ok"
    state, to_act = new_state(client, "land_air_sea", 1)
    status, data = client.post("/v1/land_air_sea/act",
                               {"state": state, "agent": to_act[0], "bot": "heuristic"})
    assert status == 200, data


# --- valid use -----------------------------------------------------------------------------


def test_health_bots_and_schema(client: Client) -> None:
    status, health = client.get("/v1/health")
    assert status == 200
    assert health["systems"] == sorted(list_envs())
    status, data = client.get("/v1/bots")
    bots = {(b["system"], b["name"]): b for b in data["bots"]}
    assert bots[("land_air_sea", "las_sb3")]["kind"] == "sb3"
    assert bots[("land_air_sea", "las_onnx")]["kind"] == "onnx"
    for system in list_envs():
        assert bots[(system, "random")]["kind"] == "random"
    assert health["bots"] == len(bots)
    status, schema = client.get("/openapi.json")
    assert status == 200
    for path in ("/v1/{system}/act", "/v1/{system}/legal", "/v1/{system}/step",
                 "/v1/{system}/new", "/v1/health", "/v1/bots"):
        assert path in schema["paths"]


@pytest.mark.parametrize("system", list_envs())
def test_legal_lists_the_engines_actions_with_labels(client: Client, system: str) -> None:
    state, to_act = new_state(client, system, 4)
    engine = make_engine(system)
    local = engine.new_game(np.random.default_rng(4))
    assert engine.to_json(local) == state
    for p in range(engine.spec.num_players):
        status, data = client.post(f"/v1/{system}/legal", {"state": state,
                                                          "agent": f"player_{p}"})
        assert status == 200
        assert data["to_act"] == (f"player_{p}" in to_act)
        assert [a["id"] for a in data["legal"]] == engine.legal_actions(local, p)
        assert all(a["label"] == engine.action_label(a["id"], local, p) for a in data["legal"])
        # Programs read the typed action, not the label (issue 12).
        assert all({"kind": a["kind"], "args": a["args"]}
                   == engine.decode_action(a["id"]).to_json() for a in data["legal"])


@pytest.mark.parametrize("system", list_envs())
def test_whole_games_through_act_and_step_match_the_engine(client: Client, system: str) -> None:
    """The service as arbiter: every step's state equals the engine's own, to the end."""
    engine = make_engine(system)
    state, to_act = new_state(client, system, 2)
    local = engine.new_game(np.random.default_rng(2))
    for _step in range(engine.spec.max_decisions):
        actions = {}
        for agent in to_act:
            status, answer = client.post(f"/v1/{system}/act", {"state": state, "agent": agent,
                                                              "bot": "heuristic", "seed": 3})
            assert status == 200, answer
            p = int(agent.split("_")[1])
            assert answer["action"] in engine.legal_actions(local, p)
            actions[agent] = answer["action"]
        status, data = client.post(f"/v1/{system}/step", {"state": state, "actions": actions})
        assert status == 200, data
        events = engine.apply(local, {int(a.split("_")[1]): x for a, x in actions.items()})
        assert data["state"] == engine.to_json(local)
        assert data["events"] == [e.to_json() for e in events]
        state, to_act = data["state"], data["to_act"]
        if data["over"]:
            assert data["returns"] == engine.returns(local)
            break
    else:
        pytest.fail("the game did not end")
    status, data = client.post(f"/v1/{system}/act", {"state": state, "agent": "player_0",
                                                     "bot": "random"})
    assert status == 409 and "over" in data["error"]


def test_policy_bots_answer_like_the_local_agents(client: Client, models: Path) -> None:
    from combatzoo.agents.policy import OnnxPolicyAgent, PolicyAgent

    engine = make_engine("land_air_sea")
    sb3 = PolicyAgent(models / "las_sb3.zip", trust_pickle=True)
    onnx = OnnxPolicyAgent(models / "las_onnx.onnx")
    rng = np.random.default_rng(8)
    checked = 0
    for _game in range(2):
        local = engine.new_game(rng)
        while not engine.is_over(local):
            actions = {}
            for p in engine.to_act(local):
                obs, mask = engine.observe(local, p), engine.legal_mask(local, p)
                body = {"state": engine.to_json(local), "agent": f"player_{p}"}
                for name, agent in (("las_sb3", sb3), ("las_onnx", onnx)):
                    status, answer = client.post("/v1/land_air_sea/act", {**body, "bot": name})
                    assert status == 200
                    assert answer["action"] == agent.act(obs, mask)
                    probs = {x["id"]: x["probability"] for x in answer["probabilities"]}
                    assert set(probs) == set(engine.legal_actions(local, p))
                    assert sum(probs.values()) == pytest.approx(1.0, abs=1e-4)
                    checked += 1
                actions[p] = int(rng.choice(engine.legal_actions(local, p)))
            engine.apply(local, actions)
    assert checked > 20


def test_seeded_sampling_is_reproducible(client: Client) -> None:
    state, to_act = new_state(client, "land_air_sea", 0)
    for bot, extra in (("random", {}), ("las_sb3", {"sample": True}),
                       ("las_onnx", {"sample": True})):
        answers = set()
        for seed in range(12):
            body = {"state": state, "agent": to_act[0], "bot": bot, "seed": seed, **extra}
            first = client.post("/v1/land_air_sea/act", body)[1]["action"]
            assert client.post("/v1/land_air_sea/act", body)[1]["action"] == first
            answers.add(first)
        # Several legal actions with real probability: different seeds must not all agree.
        assert len(answers) > 1, bot


def test_step_accepts_labels(client: Client) -> None:
    state, to_act = new_state(client, "land_air_sea", 0)
    legal = client.post("/v1/land_air_sea/legal", {"state": state, "agent": to_act[0]})[1]
    choice = legal["legal"][-1]
    by_id = client.post("/v1/land_air_sea/step",
                        {"state": state, "actions": {to_act[0]: choice["id"]}})[1]
    by_label = client.post("/v1/land_air_sea/step",
                           {"state": state, "actions": {to_act[0]: choice["label"]}})[1]
    assert by_id == by_label


# --- bad input -----------------------------------------------------------------------------


def test_broken_states_get_422_naming_the_field(client: Client) -> None:
    state, to_act = new_state(client, "land_air_sea", 0)
    body = {"agent": to_act[0], "bot": "random"}
    cases = [
        ({**state, "players": state["players"][:1]}, "state.players"),
        ({**state, "system": "solium_infernum"}, "state.system"),
        ({**state, "phase": "lunch"}, "state.phase"),
        ({**state, "surprise": 1}, "state"),
        ({**state, "players": [{**state["players"][0], "army": {"Dragon Rider": -3}},
                               state["players"][1]]}, "state.players[0]"),
        ({**state, "players": "everyone"}, "state.players"),
    ]
    for broken, field in cases:
        status, data = client.post("/v1/land_air_sea/act", {**body, "state": broken})
        assert status == 422, (field, data)
        assert data["field"].startswith(field), (field, data)
        assert data["error"]
    assert_still_serving(client)


def test_request_shape_errors_name_the_field(client: Client) -> None:
    state, to_act = new_state(client, "land_air_sea", 0)
    cases = [
        ("/v1/land_air_sea/act", {"agent": to_act[0], "bot": "random"}, 422, "state"),
        ("/v1/land_air_sea/act", {"state": state, "bot": "random"}, 422, "agent"),
        ("/v1/land_air_sea/act", {"state": state, "agent": "player_7", "bot": "random"}, 422,
         "agent"),
        ("/v1/land_air_sea/act", {"state": state, "agent": to_act[0], "bot": "random",
                                  "seed": "abc"}, 422, "seed"),
        ("/v1/land_air_sea/act", {"state": state, "agent": to_act[0], "bot": "random",
                                  "cheat": True}, 422, "cheat"),
        ("/v1/land_air_sea/act", {"state": state, "agent": to_act[0], "bot": "nobody"}, 404,
         "bot"),
        ("/v1/chess/act", {"state": state, "agent": to_act[0], "bot": "random"}, 404, "system"),
        ("/v1/land_air_sea/step", {"state": state, "actions": {"player_9": 1}}, 422, "agent"),
        ("/v1/land_air_sea/step", {"state": state, "actions": {to_act[0]: "Fly away"}}, 422,
         f"actions.{to_act[0]}"),
        ("/v1/land_air_sea/step", {"state": state, "actions": {}}, 422,
         f"actions.{to_act[0]}"),
    ]
    for path, body, code, field in cases:
        status, data = client.post(path, body)
        assert status == code, (body, data)
        assert data["field"] == field, (body, data)
    assert_still_serving(client)


def test_an_idle_agent_cannot_be_asked_to_act(client: Client) -> None:
    state, to_act = new_state(client, "land_air_sea", 0)
    idle = "player_0" if to_act == ["player_1"] else "player_1"
    status, data = client.post("/v1/land_air_sea/act", {"state": state, "agent": idle,
                                                        "bot": "random"})
    assert status == 409 and data["field"] == "agent" and to_act[0] in data["error"]


def test_illegal_action_is_answered_with_the_legal_ones(client: Client) -> None:
    state, to_act = new_state(client, "land_air_sea", 0)
    engine = make_engine("land_air_sea")
    local = engine.from_json(state)
    p = int(to_act[0].split("_")[1])
    illegal = next(a for a in range(1, engine.spec.num_actions)
                   if a not in engine.legal_actions(local, p))
    status, data = client.post("/v1/land_air_sea/step",
                               {"state": state, "actions": {to_act[0]: illegal}})
    assert status == 422
    assert f"Illegal action {illegal}" in data["error"]
    assert [a["id"] for a in data["legal"]] == engine.legal_actions(local, p)
    assert_still_serving(client)


def test_malformed_json_gets_400(client: Client) -> None:
    for raw in (b'{"state": {', b"not json at all", b'{"state": {}, "agent": "player_0",}'):
        status, data = client.post("/v1/land_air_sea/legal", raw=raw)
        assert status == 400, raw
        assert data["field"] == "body" and "malformed JSON" in data["error"]
    status, data = client.post("/v1/land_air_sea/legal", raw=b"[1, 2, 3]")
    assert status == 422
    assert_still_serving(client)


def test_oversized_bodies_get_413_declared_or_streamed(client: Client) -> None:
    state, to_act = new_state(client, "land_air_sea", 0)
    big = {"state": {**state, "padding": "x" * (MAX_BODY + 10)}, "agent": to_act[0]}
    status, data = client.post("/v1/land_air_sea/legal", big)
    assert status == 413 and str(MAX_BODY) in data["error"]
    # Chunked upload: no Content-Length to refuse up front; the body is counted as it comes.
    conn = http.client.HTTPConnection("127.0.0.1", client.port, timeout=30)
    chunk = b"x" * 50_000
    conn.putrequest("POST", "/v1/land_air_sea/legal")
    conn.putheader("content-type", "application/json")
    conn.putheader("transfer-encoding", "chunked")
    conn.endheaders()
    try:
        for _ in range(8):
            conn.send(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
        conn.send(b"0\r\n\r\n")
    except OSError:
        pass  # the server may close the connection once it has refused the body
    response = conn.getresponse()
    assert response.status == 413
    conn.close()
    assert_still_serving(client)


def test_server_timing_header(client: Client) -> None:
    state, to_act = new_state(client, "land_air_sea", 0)
    _, _, headers = client.request("POST", "/v1/land_air_sea/act",
                                   {"state": state, "agent": to_act[0], "bot": "las_onnx"})
    timing = {k.lower(): v for k, v in headers.items()}["server-timing"]
    assert timing.startswith("app;dur=") and float(timing.split("=")[1]) > 0


# --- start-up ------------------------------------------------------------------------------


def test_bad_models_folders_stop_the_start_with_one_line(tmp_path: Path, models: Path) -> None:
    junk = tmp_path / "junk"
    junk.mkdir()
    (junk / "bot.zip").write_bytes(b"not a checkpoint")
    clash = tmp_path / "clash"
    clash.mkdir()
    shutil.copy(models / "las_sb3.zip", clash / "random.zip")
    nocard = tmp_path / "nocard"
    nocard.mkdir()
    shutil.copy(models / "las_onnx.onnx", nocard / "x.onnx")
    (nocard / "x.json").write_text("{broken")
    cases = [(tmp_path / "missing", "does not exist"),
             (junk, "bot.zip: not a MaskablePPO checkpoint"),
             (clash, "built-in bot's name"), (nocard, "unreadable model card")]
    for folder, message in cases:
        done = subprocess.run(serve_command(folder, free_port()), capture_output=True,
                              text=True, timeout=120, env={**os.environ})
        assert done.returncode == 2, done.stderr
        assert message in done.stderr and "Traceback" not in done.stderr


def test_node_client_plays_a_game(client: Client) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed; the JavaScript client needs Node.js 18+")
    script = Path(__file__).parents[2] / "clients" / "node" / "play.mjs"
    for system in list_envs():
        done = subprocess.run([node, str(script), "--url", f"http://127.0.0.1:{client.port}",
                               "--system", system, "--bot", "heuristic", "--seed", "5"],
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        assert "game over after" in done.stdout
    done = subprocess.run([node, str(script), "--url", f"http://127.0.0.1:{client.port}",
                           "--bot", "nobody"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "unknown bot 'nobody'" in done.stderr


def test_loadtest_command_reports_percentiles(client: Client, tmp_path: Path) -> None:
    out = tmp_path / "load.json"
    done = subprocess.run([sys.executable, "-m", "combatzoo.training.cli", "loadtest", "--url",
                           f"http://127.0.0.1:{client.port}", "--bot", "las_onnx", "--clients",
                           "4", "--requests", "5", "--json", str(out)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    result = json.loads(out.read_text())
    assert result["requests"] == 20 and result["failures"] == 0
    lat = result["latency_ms"]
    assert 0 < lat["p50"] <= lat["p90"] <= lat["p99"] <= lat["max"]
    assert 0 < result["server_ms"]["p50"] <= lat["max"]
    down = subprocess.run([sys.executable, "-m", "combatzoo.training.cli", "loadtest", "--url",
                           f"http://127.0.0.1:{free_port()}", "--bot", "random"],
                          capture_output=True, text=True, timeout=120)
    assert down.returncode == 2 and "cannot reach the service" in down.stderr


def test_modes_each_get_their_engine(client: Client) -> None:
    """spellfire's whole game (mode "game") through the same endpoints: /new takes the mode, and
    a state's own ``mode`` picks the engine; a policy of another mode is refused by name."""
    engine = make_engine("spellfire", mode="game")
    status, data = client.post("/v1/spellfire/new", {"seed": 4, "mode": "game"})
    assert status == 200
    local = engine.new_game(np.random.default_rng(4))
    assert data["state"] == engine.to_json(local)
    state, to_act = data["state"], data["to_act"]
    for _ in range(30):
        agent = to_act[0]
        status, answer = client.post("/v1/spellfire/act",
                                     {"state": state, "agent": agent, "bot": "heuristic"})
        assert status == 200, answer
        status, data = client.post("/v1/spellfire/step",
                                   {"state": state, "actions": {agent: answer["action"]}})
        assert status == 200, data
        engine.apply(local, {int(agent.split("_")[1]): answer["action"]})
        assert data["state"] == engine.to_json(local)
        state, to_act = data["state"], data["to_act"]
    status, data = client.post("/v1/spellfire/act",
                               {"state": state, "agent": to_act[0], "bot": "sf_battle"})
    assert status == 422 and data["field"] == "bot" and "this state's mode" in data["error"]
    status, data = client.post("/v1/spellfire/new", {"mode": "tournament"})
    # Issue 16: the field is /new's own "mode", and both real modes are listed.
    assert status == 422 and data["field"] == "mode"
    assert "'battle'" in data["error"] and "'game'" in data["error"]
    status, data = client.post("/v1/spellfire/legal",
                               {"state": {**state, "mode": 7}, "agent": "player_0"})
    assert status == 422 and data["field"] == "state.mode"
    battle_state, battle_to_act = new_state(client, "spellfire", 2)
    status, answer = client.post("/v1/spellfire/act", {"state": battle_state,
                                                       "agent": battle_to_act[0],
                                                       "bot": "sf_battle"})
    assert status == 200, answer
