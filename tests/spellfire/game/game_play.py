"""Helpers for whole-game Spellfire tests: games between bots with the invariants checked at
every step, and the count of plays of cards whose power is not modelled."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from combatzoo.agents.spellfire_game import HeuristicAgent
from combatzoo.envs.spellfire.cards.cards import Power
from combatzoo.envs.spellfire.game.rules import GameState, SpellfireGameEngine

PLAY_KINDS = ("card_played", "realm_played", "holding_played", "champion_to_pool",
              "item_attached", "spoils_drawn", "spoils_played")
"""Events that put a card into play (``champion_presented`` from the hand counts too)."""


@dataclass
class GameRecord:
    seed: int
    decisions: int = 0
    turns: int = 0
    result: str | None = None
    winner: int | None = None
    plays: int = 0
    unmodelled: Counter[str] = field(default_factory=Counter)


def played_cards(events: list[Any]) -> list[str]:
    """Card keys the events put into play."""
    out = []
    for e in events:
        key = e.data.get("card") if e.data else None
        if key is None:
            continue
        if e.kind in PLAY_KINDS or (e.kind == "champion_presented"
                                    and e.data.get("from") == "hand"):
            out.append(key)
    return out


def check_game_state(engine: SpellfireGameEngine, state: GameState, start: GameState) -> None:
    """The invariants of every step (every card in one zone, hand limit after phase 5,
    formation order, one realm per name: ``SpellfireGameEngine.check_invariants``)."""
    problems = engine.check_invariants(state, start)
    assert not problems, problems


def play_game(engine: SpellfireGameEngine, seed: int, agents: list[Any] | None = None,
              check: bool = True) -> GameRecord:
    """One game between ``agents`` (default: two heuristic bots); returns its record."""
    agents = agents or [HeuristicAgent(), HeuristicAgent()]
    state = engine.new_game(np.random.default_rng(seed))
    start = engine.clone(state)
    record = GameRecord(seed)
    for a in agents:
        a.reset(seed)
    last_turn = (state.turn, state.on_turn)
    while not engine.is_over(state):
        (p,) = engine.to_act(state)
        view = engine.view(state, p)
        action = int(agents[p].act(None, engine.legal_mask(state, p), view))
        events = engine.apply(state, {p: action})
        record.decisions += 1
        for key in played_cards(events):
            record.plays += 1
            if engine.card(key).power is Power.UNMODELLED:
                record.unmodelled[engine.card(key).name] += 1
        if check:
            check_game_state(engine, state, start)
            if (state.turn, state.on_turn) != last_turn and not engine.is_over(state):
                # RULES.md §1: the hand limit (with its hand_size powers) holds after the
                # previous player's phase 5.
                before = 1 - state.on_turn
                assert len(state.table.players[before].hand) <= engine.hand_limit(state, before)
            last_turn = (state.turn, state.on_turn)
        assert record.decisions <= engine.spec.max_decisions
    record.turns = state.turn
    record.result = state.result
    record.winner = state.winner
    return record
