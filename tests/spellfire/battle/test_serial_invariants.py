"""Reading hand-written battle states (``battle/serial.py``: what each step must have), the zone
and battle invariants (``battle/invariants.py``), and the rule that observers and the JSON
format read the state, never the engine.

Practice cards: Knight hero 5, Griffon flying monster 6, Peak a realm that defends itself as a
level-4 hero, Vale a realm with no level, Sword a magical item, Watchtower a holding.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from combatzoo.envs.core.errors import StateError
from combatzoo.envs.spellfire.battle.invariants import battle_problems, zone_problems

from .battle_helpers import k, make_engine, side

BATTLE = Path(__file__).resolve().parents[3] / "envs" / "spellfire" / "battle"


def state(battle: dict[str, Any] | None = None, realm: str = "Vale") -> dict[str, Any]:
    data: dict[str, Any] = {"players": [side(realms=["Vale"], hand=["Knight"]),
                                        side(realms=[realm], hand=["Griffon"])]}
    if battle is not None:
        data["battle"] = battle
    return data


CARD_PLAY = {"step": "cards", "realm": "A", "champions": [{"champion": k("Knight")}, None],
             "realm_defends": True, "to_play": 0}


@pytest.mark.parametrize(("battle", "field", "message"), [
    # Seed 000 step C / RULES.md §1: only a realm with a level defends itself (Vale has none).
    (CARD_PLAY, r"state\.battle\.realm_defends", "cannot defend itself"),
    # Step B has no champion yet; step C has the attacker's only.
    ({"step": "attacker", "realm": "A", "champions": [k("Knight"), None]},
     r"state\.battle\.champions", "step 'attacker'"),
    ({"step": "defender", "realm": "A"}, r"state\.battle\.champions", "step 'defender'"),
    # Past step A the attacked realm is named and stands.
    ({"step": "attacker"}, r"state\.battle\.realm", "needs the attacked realm"),
    ({"step": "attacker", "realm": "B"}, r"state\.battle\.realm", "no realm in slot B"),
    # The outcome is checked before stray support cards: both are wrong here.
    ({"step": "realm", "outcome": "razed", "support": [[k("Militia")], []]},
     r"state\.battle\.outcome", "only a finished battle"),
    ({"step": "attacker", "realm": "A", "support": [[k("Militia")], []]},
     r"state\.battle\.support", "only during card play"),
    ({"step": "over"}, r"state\.battle\.outcome", "has an outcome"),
    ({"step": "realm", "to_play": 1}, r"state\.battle\.to_play", "only step 'cards'"),
])
def test_a_hand_written_battle_must_be_reachable_in_its_step(battle: dict[str, Any], field: str,
                                                              message: str) -> None:
    with pytest.raises(StateError, match=f"{field}.*{message}"):
        make_engine().from_json(state(battle))


def test_a_realm_with_a_level_may_be_read_defending_itself() -> None:
    e = make_engine()
    s = e.from_json(state(CARD_PLAY, realm="Peak"))
    assert s.battle.realm_defends and e.to_act(s) == [0]


def test_attacked_lists_card_instances() -> None:
    data = state()
    data["players"][0]["attacked"] = [True]
    with pytest.raises(StateError, match=r"state\.players\[0\]\.attacked\[0\]"):
        make_engine().from_json(data)


def test_zone_problems_name_each_broken_zone() -> None:
    e = make_engine()
    # Player 0: hand Knight 0, pool Griffon 1 carrying Sword 2, realm Vale 3 with Watchtower 4;
    # player 1: hand Knight 5, realm Vale 6.
    good = e.from_json({"players": [
        side(realms=[("Vale", False, "Watchtower")], hand=["Knight"],
             pool=[("Griffon", ["Sword"])]),
        side(realms=["Vale"], hand=["Knight"])]})
    assert zone_problems(good) == []
    s = e.clone(good)
    s.players[0].discard.append(0)
    assert zone_problems(s) == ["card instance 0 (PR/20) is in 2 zones"]
    s = e.clone(good)
    s.players[0].hand.append(s.players[0].pool.pop())
    assert zone_problems(s) == ["player_0: cards attached to 1, which is neither in the pool "
                                "nor in the round"]
    s = e.clone(good)
    s.players[0].razed[0] = True
    assert zone_problems(s) == ["player_0: a holding on slot A, which has no standing realm"]
    s = e.clone(good)
    s.players[0].hand.append(s.players[1].hand.pop())
    assert zone_problems(s) == ["player_0.hand: card 5 belongs to player_1"]


def test_battle_problems_against_the_start() -> None:
    e = make_engine()
    start = e.from_json({"players": [side(realms=["Vale"], hand=["Knight"]),
                                     side(realms=[("Vale", True), "Vale"], hand=["Knight"])]})
    assert battle_problems(start, start, e.to_act, e.legal_actions) == []
    s = e.clone(start)
    s.players[1].razed[0] = False
    assert battle_problems(s, start, e.to_act, e.legal_actions) == [
        "player_1: a razed realm was rebuilt during the battle"]
    s = e.clone(start)
    s.cards[0] = k("Griffon")
    assert battle_problems(s, start, e.to_act, e.legal_actions) == [
        "the game's card list changed"]
    # Nobody to act in a battle that is not over; a player to act with no legal action.
    assert battle_problems(start, start, lambda st: [], e.legal_actions) == [
        "step realm but nobody is to act"]
    assert battle_problems(start, start, e.to_act, lambda st, p: []) == [
        "player_0 must act but has no legal action"]


def imported_modules(name: str) -> set[str]:
    """Modules ``battle/<name>.py`` imports from the package (relative names, any block)."""
    tree = ast.parse((BATTLE / f"{name}.py").read_text(encoding="utf-8"))
    return {node.module or "" for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.level == 1}


@pytest.mark.parametrize("name", ["observation", "serial", "legal", "invariants", "state",
                                  "actions"])
def test_observers_serial_and_legal_plays_do_not_import_the_engine(name: str) -> None:
    assert "rules" not in imported_modules(name)
