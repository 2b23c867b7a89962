"""The page at /play in a real browser (issue 18 "What it must show"): for every system a whole
game played to the end by clicking the offered moves, which must be exactly the service's legal
ones; the opponent's secrets absent from the DOM at every position; a refused move and a move on
a finished (stale) game shown in words with the page still working; the history stepped
through; watch mode; a screenshot of each table for the README."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from combatzoo.envs.spellfire.battle.actions import NO_ATTACK

from .conftest import Service

pytestmark = pytest.mark.browser

IMG = Path(__file__).resolve().parents[2] / "docs" / "img"
# (page system, API path): spellfire_game is /v1/spellfire in mode "game" (docs/service.md).
SYSTEMS = [("land_air_sea", "land_air_sea"), ("solium_infernum", "solium_infernum"),
           ("spellfire", "spellfire"), ("spellfire_game", "spellfire")]
MAX_CLICKS = 400
# After how many of the human's moves each table is photographed for the README.
SCREENSHOT_AT = {"land_air_sea": 4, "solium_infernum": 8, "spellfire": 1, "spellfire_game": 8}


def start(page: Any, system: str, *, seat: str = "player_0", seed: int = 7,
          mode: str = "play") -> None:
    page.select_option("#system", system)
    page.select_option("#mode", mode)
    if mode == "play":
        page.select_option("#seat", seat)
    page.wait_for_function("document.querySelectorAll('#bot option').length > 0")
    page.select_option("#bot", "heuristic")
    page.fill("#seed", str(seed))
    page.fill("#speed", "0")
    page.click("#start")
    page.wait_for_function("() => { const g = window.combatzooPlay.game; "
                           "return g.positions.length > 0 && !g.busy; }")


def positions(page: Any) -> int:
    return int(page.evaluate("window.combatzooPlay.game.positions.length"))


def full_state(page: Any) -> dict[str, Any]:
    """The full state the page holds in memory (it must send it to the service)."""
    return dict(page.evaluate("window.combatzooPlay.current()"))


def table_text(page: Any) -> str:
    return str(page.inner_text("#table"))


def page_is_over(page: Any) -> bool:
    return bool(page.get_attribute("#status", "data-over") == "true")


def offered(page: Any) -> list[int]:
    return [int(b.get_attribute("data-id")) for b in page.query_selector_all("#moves button.move")]


def click_and_wait(page: Any, action: int) -> None:
    before = positions(page)
    page.click(f"#moves button.move[data-id='{action}']")
    page.wait_for_function(f"() => {{ const g = window.combatzooPlay.game; "
                           f"return !g.busy && g.positions.length > {before}; }}")


# --- what the human seat may not see -------------------------------------------------------


def las_secrets(state: dict[str, Any], me: int) -> tuple[list[str], list[str]]:
    """Land, Air & Sea: the opponent's face-down Tactic Card (docs/land_air_sea.md: secret until
    both are revealed) must not be named, unless the same card is named for another reason."""
    opp = 1 - me
    card = state["tactic"][opp]
    public = {state["tactic"][me]} | {c for h in state["history"] for c in h["cards"]}
    secret = card and state["phase"] in ("tactic", "payment") and card not in public
    return ([card] if secret else []), []


def si_secrets(state: dict[str, Any], me: int) -> tuple[list[str], list[str]]:
    """Solium Infernum: the opponent's hand and its cards attached to a pending battle."""
    opp = 1 - me
    hidden = set(state["players"][opp]["hand"])
    if state.get("battle"):
        hidden |= {c for c, _ in state["battle"]["attached"][opp]}
    public = set(state["players"][me]["hand"]) | set(state["players"][0]["discard"]) \
        | set(state["players"][1]["discard"]) | {json.dumps(state.get("last_battle"))}
    if state.get("battle"):
        public |= {c for c, _ in state["battle"]["attached"][me]}
    public_text = " ".join(public)
    return [c for c in hidden if c not in public_text], []


def sf_secrets(state: dict[str, Any], me: int) -> tuple[list[str], list[str]]:
    """Spellfire: the opponent's hand (and the spoils card it drew) and both draw piles, as
    card instances: no element of the page may carry one of them."""
    opp = 1 - me
    hidden = list(state["players"][opp]["hand"]) + list(state["players"][0]["draw"]) \
        + list(state["players"][1]["draw"])
    spoils = (state["battle"].get("spoils") or [None, None])[opp]
    if spoils is not None:
        hidden.append(spoils)
    return [], [str(i) for i in hidden]


SECRETS = {"land_air_sea": las_secrets, "solium_infernum": si_secrets,
           "spellfire": sf_secrets, "spellfire_game": sf_secrets}


def assert_secrets_hidden(page: Any, system: str, me: int) -> int:
    """No secret of the opponent in the DOM; returns how many secrets were checked."""
    names, instances = SECRETS[system](full_state(page), me)
    text = table_text(page)
    for name in names:
        assert name not in text, f"the opponent's secret {name!r} is on the page"
    drawn = set(page.evaluate(
        "[...document.querySelectorAll('[data-inst]')].map(e => e.dataset.inst)"))
    leaked = drawn & set(instances)
    assert not leaked, f"hidden card instances drawn: {sorted(leaked)}"
    return len(names) + len(instances)


# --- the tests -----------------------------------------------------------------------------


def play_to_the_end(page: Any, service: Service, system: str, path: str, seed: int,
                    screenshot: bool = False, seat: str = "player_0") -> int:
    """Click seeded random legal moves until the game is over; returns the secrets checked."""
    rng = random.Random(seed)
    checked = clicks = 0
    while not page_is_over(page):
        state = full_state(page)
        status, legal = service.call("POST", f"/v1/{path}/legal", {"state": state, "agent": seat})
        assert status == 200, legal
        # The page offers exactly the service's legal moves, and only when it is our turn.
        assert sorted(offered(page)) == sorted(e["id"] for e in legal["legal"])
        assert legal["to_act"] and offered(page)
        checked += assert_secrets_hidden(page, system, int(seat[-1]))
        choices = offered(page)
        if (system == "spellfire" and state.get("battle", {}).get("step") == "realm"
                and len(choices) > 1):
            # Seed 000: the attacker may make no attack, which ends a battle at once; click an
            # attack, so that the game has a battle and the bot has moves to make.
            choices = [c for c in choices if c != NO_ATTACK]
        click_and_wait(page, rng.choice(choices))
        clicks += 1
        if screenshot and clicks == SCREENSHOT_AT[system]:
            IMG.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(IMG / f"play_{system}.png"))
        assert clicks < MAX_CLICKS, "the game did not end"
        assert page.is_hidden("#error"), page.inner_text("#error")
    return checked


@pytest.mark.parametrize("system,path", SYSTEMS)
def test_a_whole_game_by_clicking(page: Any, service: Service, system: str, path: str) -> None:
    start(page, system)
    checked = play_to_the_end(page, service, system, path, seed=1, screenshot=True)
    assert checked > 0  # the opponent had secrets to hide at some point
    state = full_state(page)
    status, legal = service.call("POST", f"/v1/{path}/legal", {"state": state, "agent": "player_0"})
    assert status == 200 and legal["over"] is True
    assert "Game over" in page.inner_text("#status")
    assert offered(page) == []
    # The events of the game are in the log, newest first, the bot's answers among them.
    assert page.locator("#log li.event").count() > 0
    assert page.locator("#log li.move-line", has_text="heuristic").count() > 0
    # Stepping back through the history redraws the first position and comes back.
    last = positions(page) - 1
    page.click("#first")
    assert page.inner_text("#position") == f"position 0 of {last}"
    page.click("#next")
    assert page.inner_text("#position") == f"position 1 of {last}"
    page.click("#last")
    assert page.inner_text("#position") == f"position {last} of {last}"


@pytest.mark.parametrize("system,path", SYSTEMS)
def test_refused_moves_are_shown_and_the_page_keeps_working(
        page: Any, service: Service, system: str, path: str) -> None:
    start(page, system, seed=3)
    legal = offered(page)
    illegal = next(a for a in range(1, 1000) if a not in legal)
    before = positions(page)
    page.fill("#action-input", str(illegal))
    page.click("#send")
    page.wait_for_selector("#error:not([hidden])")
    assert f"Illegal action {illegal}" in page.inner_text("#error")
    assert positions(page) == before and sorted(offered(page)) == sorted(legal)
    click_and_wait(page, legal[0])  # the page keeps working
    assert page.is_hidden("#error")
    play_to_the_end(page, service, system, path, seed=2)
    # A move on the finished game's (stale) state: the service's 409 in words.
    page.fill("#action-input", str(legal[0]))
    page.click("#send")
    page.wait_for_selector("#error:not([hidden])")
    assert "the game is over" in page.inner_text("#error")
    # A new game starts cleanly after the refusals.
    start(page, system, seed=4)
    assert page.is_hidden("#error") and offered(page)


@pytest.mark.parametrize("system,path", SYSTEMS)
def test_the_human_plays_the_second_seat(page: Any, service: Service, system: str,
                                         path: str) -> None:
    start(page, system, seat="player_1", seed=5)
    assert "player_1 (you)" in table_text(page)
    assert play_to_the_end(page, service, system, path, seed=6, seat="player_1") > 0
    assert "Game over" in page.inner_text("#status")


def test_watch_two_bots(page: Any, service: Service) -> None:
    page.select_option("#system", "land_air_sea")
    page.select_option("#mode", "watch")
    page.wait_for_function("document.querySelectorAll('#bot2 option').length > 0")
    page.select_option("#bot", "heuristic")
    page.select_option("#bot2", "random")
    page.fill("#seed", "11")
    page.fill("#speed", "0")
    page.click("#start")
    page.wait_for_selector("#status[data-over='true']", timeout=60_000)
    moves = page.locator("#log li.move-line")
    assert moves.filter(has_text="player_0 (heuristic)").count() > 0
    assert moves.filter(has_text="player_1 (random)").count() > 0
    assert offered(page) == []


def test_spellfire_cards_carry_their_facts(page: Any, service: Service) -> None:
    start(page, "spellfire_game")
    state = full_state(page)
    hand = state["players"][0]["hand"]
    keys = ",".join(state["cards"][i] for i in hand)
    status, data = service.call("GET", f"/v1/spellfire/cards?keys={keys}&mode=game")
    assert status == 200
    for inst, facts in zip(hand, data["cards"], strict=True):
        shown = page.inner_text(f"#table .hand [data-inst='{inst}']")
        assert facts["name"] in shown and facts["type"] in shown
        if facts["level"]:
            assert f"level {facts['level']}" in shown


def test_watch_speed_and_stop(page: Any, service: Service) -> None:
    page.select_option("#system", "solium_infernum")
    page.select_option("#mode", "watch")
    page.wait_for_function("document.querySelectorAll('#bot2 option').length > 0")
    page.fill("#speed", "300")
    page.click("#start")
    page.wait_for_function("window.combatzooPlay.game.positions.length >= 3", timeout=20_000)
    page.click("#stop")
    page.wait_for_timeout(400)  # a move already asked for may still land
    stopped = positions(page)
    page.wait_for_timeout(1_000)  # over three moves' time at 300 ms each
    assert positions(page) == stopped and not page_is_over(page)
