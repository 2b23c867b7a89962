"""The whole game's state as JSON, and back (``docs/spellfire_game.md``, "State JSON").

The battle mode's format (written and read by the battle engine) with ``"mode": "game"`` and
one more object, ``"game": {"realm_played", "holding_played", "rebuild_owed", "spoils",
"attacks", "result", "winner", "discard_to", "truce", "returning", "lasting_until",
"pending", "realm_bar", "no_attack", "benched", "given", "attack_barred", "between", "due",
"cup", "seen"}`` (``rebuild_owed``, ``spoils``, ``attacks``, ``discard_to``, ``truce``,
``returning``, ``lasting_until``, ``pending``, ``realm_bar``, ``no_attack``, ``benched``, ``given``,
``attack_barred``, ``between``, ``due``, ``cup`` and ``seen`` may be left out: 0, null, none,
null, null, none, each lasting card until its player's next turn, null, null, false, none, 0,
none, none, null, 0, none).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.engine import Engine
from ...core.errors import StateError
from ...core.schema import validate
from ..battle.rules import SpellfireEngine
from ..battle.state import SpellfireState
from .schema import TurnPartModel
from .state import RESULTS, GameState

GAME_KEYS = ("realm_played", "holding_played", "rebuild_owed", "spoils", "attacks", "result",
             "winner", "discard_to", "truce", "returning", "lasting_until", "pending",
             "realm_bar", "no_attack", "benched", "given", "attack_barred", "between", "due",
             "cup", "seen")


def game_to_json(battle: Engine[SpellfireState], state: GameState) -> dict[str, Any]:
    """The full state (both players' secrets included)."""
    data = battle.to_json(state.table)
    data["mode"] = "game"
    data["game"] = {"realm_played": state.realm_played, "holding_played": state.holding_played,
                    "rebuild_owed": state.rebuild_owed, "result": state.result,
                    "winner": state.winner}
    if state.spoils is not None:  # seed 001: a spoils card waits for its owner's choice
        data["game"]["spoils"] = state.spoils
    if state.attacks:  # seed 000 end: the champions that opened this turn's battles
        data["game"]["attacks"] = list(state.attacks)
    if state.discard_to is not None:  # Age of Entropy (issue 13, c1st3)
        data["game"]["discard_to"] = state.discard_to
    if state.truce is not None:  # Mutiny!, Solid Fog (issue 13, c1st3)
        data["game"]["truce"] = state.truce
    if state.returning:  # The Labyrinth Map of Shuuc (issue 13, c1st3)
        data["game"]["returning"] = list(state.returning)
    if state.lasting_until:  # cards in effect until a later turn (issue 13, lasting)
        data["game"]["lasting_until"] = {str(i): t for i, t in state.lasting_until.items()}
    # Issue 13 (outside): a card waiting for its target; Map of Life; Disintegrate.
    if state.pending is not None:
        data["game"]["pending"] = state.pending
    if state.realm_bar is not None:
        data["game"]["realm_bar"] = state.realm_bar
    if state.no_attack:
        data["game"]["no_attack"] = True
    if state.benched:  # Geas (issue 13, outside): champion instance (as text) -> turn
        data["game"]["benched"] = {str(c): t for c, t in state.benched.items()}
    if state.given:
        data["game"]["given"] = state.given
    if state.attack_barred:  # Death Fog (issue 13, out4th): champion (as text) -> turn
        data["game"]["attack_barred"] = {str(c): t for c, t in state.attack_barred.items()}
    data["game"].update(_first_c_json(state))
    return data


def _first_c_json(state: GameState) -> dict[str, Any]:
    """Issue 13 (first_c): The Caravan between two turns; Cup of Al'Akbar's discards (each
    left out at its default)."""
    out: dict[str, Any] = {}
    if state.between:
        out["between"] = list(state.between)
    if state.due is not None:
        out["due"] = state.due
    if state.cup:
        out["cup"] = state.cup
    if state.seen:  # Ring of All Seeing, Annulus: player (as text) -> card instances
        out["seen"] = {str(p): list(c) for p, c in state.seen.items()}
    return out


def game_from_json(battle: SpellfireEngine, data: Mapping[str, Any],
                   schema: bool = True) -> GameState:
    """Read a game state; errors name the field (``schema=False``: the schema is not checked,
    as in ``SpellfireEngine.from_json``)."""
    # Issue 16: the schema (GameStateModel, docs/state_schema.md) in two parts: the turn's
    # fields here, the table (the battle's format) by the battle engine's from_json.
    if not isinstance(data, Mapping):
        raise StateError("state", f"expected an object, got {type(data).__name__}")
    if schema:
        validate(TurnPartModel, {k: data[k] for k in ("mode", "game") if k in data})
    raw = dict(data)
    if raw.pop("mode", "game") != "game":
        raise StateError("state.mode", "expected 'game'")
    game = raw.pop("game", {})
    if not isinstance(game, Mapping):
        raise StateError("state.game", "expected an object")
    unknown = sorted(set(game) - set(GAME_KEYS))
    if unknown:
        raise StateError("state.game", f"unknown key(s) {unknown}")
    if "battle" not in raw and raw.get("phase", 4) != 4:
        # Outside phase 4 there is no battle in progress: a finished one is the default.
        raw["battle"] = {"step": "over", "outcome": "no_attack"}
    table = battle.from_json(raw, schema=schema)
    result = game.get("result")
    if result is not None and result not in RESULTS:
        raise StateError("state.game.result", f"expected one of {list(RESULTS)} or null")
    winner = game.get("winner")
    if winner not in (None, 0, 1) or isinstance(winner, bool):
        raise StateError("state.game.winner", "expected 0, 1 or null")
    for key in ("realm_played", "holding_played"):
        if not isinstance(game.get(key, False), bool):
            raise StateError(f"state.game.{key}", "expected true or false")
    spoils = _spoils(game, table)
    _check_phase(table, result, spoils)
    owed = _rebuild_owed(game, table)
    return GameState(table, realm_played=game.get("realm_played", False),
                     holding_played=game.get("holding_played", False), rebuild_owed=owed,
                     spoils=spoils, attacks=_attacks(game, table), result=result,
                     winner=winner, discard_to=_discard_to(game, table),
                     truce=game.get("truce"), returning=_returning(game, table),
                     lasting_until=_lasting_until(game, table),
                     pending=_pending(game, table), realm_bar=game.get("realm_bar"),
                     no_attack=bool(game.get("no_attack", False)),
                     benched=_benched(game, table), given=int(game.get("given", 0)),
                     attack_barred=_benched(game, table, "attack_barred"),
                     between=_between(game, table), due=game.get("due"),
                     cup=int(game.get("cup", 0)), seen=_seen(game, table))


def _seen(game: Mapping[str, Any], table: SpellfireState) -> dict[int, list[int]]:
    """The cards each player saw in the opponent's hand this turn (Ring of All Seeing,
    Annulus; issue 13, first_c): player "0" or "1" -> card instances."""
    out: dict[int, list[int]] = {}
    for p, cards in game.get("seen", {}).items():
        if p not in ("0", "1"):
            raise StateError("state.game.seen", f"{p!r}: expected the player \"0\" or \"1\"")
        out[int(p)] = [int(c) for c in cards]
    return out


def _between(game: Mapping[str, Any], table: SpellfireState) -> list[int]:
    """The players asked between two turns (The Caravan; issue 13, first_c): only after a
    phase 5, each once."""
    found = [int(p) for p in game.get("between", [])]
    if found and (table.phase != 5 or len(set(found)) != len(found)):
        raise StateError("state.game.between", "players asked between two turns: only in "
                                               "phase 5, each once")
    return found


def _spoils(game: Mapping[str, Any], table: SpellfireState) -> int | None:
    """The spoils card waiting for its owner's choice (seed 001): in phase 4 after the
    battle, in its owner's hand."""
    inst = game.get("spoils")
    if inst is None:
        return None
    if inst >= len(table.cards) or table.phase != 4 or table.battle.step != "over" or \
            inst not in table.players[table.owner[inst]].hand:
        raise StateError("state.game.spoils", "a spoils card waits only in phase 4 after the "
                                              "battle, in its owner's hand")
    return int(inst)


def _pending(game: Mapping[str, Any], table: SpellfireState) -> int | None:
    """The card waiting for its target (issue 13, outside): in phase 3, in the hand of the
    player on turn."""
    inst = game.get("pending")
    if inst is None:
        return None
    if inst >= len(table.cards) or table.phase != 3 or \
            inst not in table.players[table.attacker].hand:
        raise StateError("state.game.pending", "a card waits for its target only in phase 3, "
                                               "in the hand of the player on turn")
    return int(inst)


def _benched(game: Mapping[str, Any], table: SpellfireState,
             key: str = "benched") -> dict[int, int]:
    """The benched champions (Geas; issue 13, outside), or with ``key`` "attack_barred" the
    champions barred from attacking (Death Fog; out4th): each in a pool, with a turn."""
    out = {int(c): int(t) for c, t in game.get(key, {}).items()}
    pools = {c for side in table.players for c in side.pool}
    if any(c not in pools or t < table.turn for c, t in out.items()):
        raise StateError(f"state.game.{key}", "names champions in a pool, each with a turn "
                                              "not yet over")
    return out


def _attacks(game: Mapping[str, Any], table: SpellfireState) -> list[int]:
    """The champions that opened this turn's battles (seed 000 end), in phase 4 or 5, each
    one of the player on turn."""
    attacks = [int(c) for c in game.get("attacks", [])]
    if attacks and (table.phase not in (4, 5) or any(
            c >= len(table.cards) or table.owner[c] != table.attacker for c in attacks)):
        raise StateError("state.game.attacks", "lists the champions of the player on turn "
                                               "that attacked this turn (phases 4 and 5)")
    return attacks


def _rebuild_owed(game: Mapping[str, Any], table: SpellfireState) -> int:
    """Cards still owed for a rebuild (0..3, checked by the schema): only in phase 2, after
    the realm play, with that many cards in the player's hand."""
    owed: int = game.get("rebuild_owed", 0)
    if owed and (table.phase != 2 or not game.get("realm_played", False)
                 or len(table.players[table.attacker].hand) < owed):
        raise StateError("state.game.rebuild_owed", "cards are owed for a rebuild only in "
                         "phase 2, after the realm play, with that many cards in hand")
    return owed


def _discard_to(game: Mapping[str, Any], table: SpellfireState) -> int | None:
    """Phase 5's extra discard target (``end_of_turn_discard``, issue 13 c1st3): only in
    phase 5, at most the hand's size plus one (the card still to discard)."""
    target = game.get("discard_to")
    if target is None:
        return None
    if table.phase != 5 or len(table.players[table.attacker].hand) > target + 1:
        raise StateError("state.game.discard_to", "set only in phase 5, one card below the "
                                                  "hand at most")
    return int(target)


def _returning(game: Mapping[str, Any], table: SpellfireState) -> list[int]:
    """The champions back from Limbo at the end of this turn (``escape_to_limbo``): in the
    Limbo of the player on turn."""
    out = [int(c) for c in game.get("returning", [])]
    if any(c not in table.players[table.attacker].limbo for c in out):
        raise StateError("state.game.returning", "lists champions in the Limbo of the player "
                                                 "on turn")
    return out


def _lasting_until(game: Mapping[str, Any], table: SpellfireState) -> dict[int, int]:
    """Each lasting card's last turn (issue 13, lasting): exactly the cards of the players'
    ``lasting``; one left out lasts until its player's next turn (the players alternate)."""
    raw = game.get("lasting_until", {})
    out: dict[int, int] = {}
    for p, side in enumerate(table.players):
        for i in side.lasting:
            if i in side.cursing:
                continue  # until dispelled: no turn (issue 13, first_a)
            later = table.turn + (2 if p == table.attacker else 1)
            out[i] = int(raw.get(str(i), later))
    if set(raw) - {str(i) for i in out}:
        raise StateError("state.game.lasting_until", "names only the cards of the players' "
                                                     "lasting lists")
    return out


def _check_phase(table: SpellfireState, result: str | None, spoils: int | None) -> None:
    """Phase 4 of a running game has a battle in progress, or its spoils card waiting; no
    other phase has one."""
    if table.phase == 4 and result is None and table.battle.step == "over" and spoils is None:
        raise StateError("state.battle.step", "phase 4 of a running game has a battle in "
                                              "progress")
    if table.phase != 4 and table.battle.step != "over":
        raise StateError("state.battle.step", "only phase 4 has a battle in progress")
