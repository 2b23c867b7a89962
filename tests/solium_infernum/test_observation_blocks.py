"""The memoised observation blocks of Solium Infernum (issue 14): economy and hand, legion
slots and their grid cells, computed by hand from legions.json and the layout table, and memo
keys that keep the two players' points of view apart."""

from __future__ import annotations

import numpy as np
from combatzoo.envs.solium_infernum.config import SoliumInfernumConfig
from combatzoo.envs.solium_infernum.rules import SoliumEngine

from tests.solium_infernum.conftest import legion, map_state, side

# legions.json: Iron Maidens level 4, ranged 6, melee 3, infernal 3, move 2, no ability.


def views(engine: SoliumEngine, state: object) -> list[dict[str, np.ndarray]]:
    return [engine.layout.split(engine.observe(state, p)) for p in (0, 1)]  # type: ignore[arg-type]


def test_economy_hand_and_grid_of_both_players():
    engine = SoliumEngine(SoliumInfernumConfig())  # duel_5x5: a 5 x 5 grid
    cards = engine.actions.card_names
    s = map_state(engine,
                  side([legion("Iron Maidens", 0, 0, hp=8)], tribute=4,
                       hand={cards[0]: 2}),
                  side([legion("Iron Maidens", 4, 4), legion("Iron Maidens", 2, 1)],
                       tribute=30, hand={cards[0]: 1, cards[1]: 1}))
    mine, theirs = views(engine, s.state)
    decks = [len(p.deck) for p in s.state.players]
    # Tribute / 20, hands / 10, decks / 30, each capped at 1; mine first.
    assert mine["economy"].tolist() == [np.float32(x) for x in (
        4 / 20, 1.0, 2 / 10, 2 / 10, min(decks[0] / 30, 1.0), min(decks[1] / 30, 1.0))]
    assert theirs["economy"].tolist() == [np.float32(x) for x in (
        1.0, 4 / 20, 2 / 10, 2 / 10, min(decks[1] / 30, 1.0), min(decks[0] / 30, 1.0))]
    # My cards of each kind / 3.
    assert mine["my_hand"].tolist() == [np.float32(2 / 3)] + [0.0] * (len(cards) - 1)
    assert theirs["my_hand"].tolist() == [np.float32(1 / 3)] * 2 + [0.0] * (len(cards) - 2)
    # Grid: 5 channels per canton, row by row; channel 0 my legion, 1 the opponent's.
    # Cantons: (0, 0) -> 0, (2, 1) -> 7, (4, 4) -> 24.
    assert np.flatnonzero(mine["grid"]).tolist() == [0 * 5 + 0, 7 * 5 + 1, 24 * 5 + 1]
    assert np.flatnonzero(theirs["grid"]).tolist() == [0 * 5 + 1, 7 * 5 + 0, 24 * 5 + 0]
    # My first legion slot: alive, x / 4, y / 4, hp / 20, level / 10, stats / 20, move / 6,
    # not under orders, no ability.
    slot = mine["my_legions"][:10].tolist()
    assert slot == [np.float32(x) for x in (1, 0, 0, 8 / 20, 4 / 10, 6 / 20, 3 / 20, 3 / 20,
                                            2 / 6, 0)]
    # The same side, seen by the opponent, fills its opp_legions slots with the same values.
    assert theirs["opp_legions"].tolist() == mine["my_legions"].tolist()


def test_a_moved_legion_shows_at_its_new_canton():
    engine = SoliumEngine(SoliumInfernumConfig())
    first = map_state(engine, side([legion("Iron Maidens", 0, 0)]),
                      side([legion("Iron Maidens", 4, 4)]))
    moved = map_state(engine, side([legion("Iron Maidens", 1, 0)]),
                      side([legion("Iron Maidens", 4, 4)]))
    a, b = views(engine, first.state)[0], views(engine, moved.state)[0]
    assert np.flatnonzero(a["grid"]).tolist() == [0, 24 * 5 + 1]
    assert np.flatnonzero(b["grid"]).tolist() == [1 * 5, 24 * 5 + 1]
    assert b["my_legions"][1] == np.float32(1 / 4) and a["my_legions"][1] == 0.0
    assert np.array_equal(a["opp_legions"], b["opp_legions"])
