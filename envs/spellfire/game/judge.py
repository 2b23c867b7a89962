"""How a whole game ends (RULES.md §1): six unrazed realms, a draw from an empty pile, and the
turn limit [decided]."""

from __future__ import annotations

from ...core.engine import Event
from ..battle.state import Side
from .state import GameState


def _standing(side: Side) -> int:
    return sum(1 for r, z in zip(side.realms, side.razed, strict=True) if r is not None and not z)


def _razed(side: Side) -> int:
    return sum(1 for r, z in zip(side.realms, side.razed, strict=True) if r is not None and z)


def realm_margin(state: GameState, player: int) -> float:
    """``player``'s unrazed realms less the opponent's, over six, in [-1, 1]: how far the
    player is ahead in what ends the game (RULES.md §1: six unrazed realms win; on a deck-out
    the most unrazed realms win). Training's progress potential (training/shaping.py)."""
    players = state.table.players
    return (_standing(players[player]) - _standing(players[1 - player])) / 6


def six_realms(state: GameState, events: list[Event]) -> bool:
    """RULES.md §1: six unrazed realms at any moment win at once (the player on turn is
    checked first); True if the game ended."""
    for p in (state.on_turn, 1 - state.on_turn):
        side = state.table.players[p]
        if None not in side.realms and True not in side.razed:
            state.result, state.winner = "six_realms", p
            events.append(Event("game_over", f"player_{p} has six unrazed realms and wins", p,
                                {"result": "six_realms", "winner": p}))
            return True
    return False


def deck_out(state: GameState, p: int, events: list[Event]) -> None:
    """RULES.md §1: player ``p`` must draw from an empty draw pile: the game ends; most unrazed
    realms wins, then most razed realms, else a draw."""
    players = state.table.players
    standing = [_standing(s) for s in players]
    razed = [_razed(s) for s in players]
    winner: int | None = None
    if standing[0] != standing[1]:
        winner = 0 if standing[0] > standing[1] else 1
    elif razed[0] != razed[1]:
        winner = 0 if razed[0] > razed[1] else 1
    state.result, state.winner = "deck_out", winner
    outcome = "a draw" if winner is None else f"player_{winner} wins"
    events.append(Event("game_over", f"player_{p} must draw from an empty draw pile: {outcome} "
                                     f"(unrazed {standing}, razed {razed})", winner,
                        {"result": "deck_out", "winner": winner}))


def turn_limit(state: GameState, max_turns: int, events: list[Event]) -> bool:
    """[decided] After ``max_turns`` turns the game stops with no winner; True if it did."""
    if state.turn < max_turns:
        return False
    state.result = "turn_limit"
    events.append(Event("game_over", f"turn limit ({max_turns}) reached: no winner", None,
                        {"result": "turn_limit", "winner": None}))
    return True
