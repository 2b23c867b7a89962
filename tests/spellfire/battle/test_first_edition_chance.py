"""The cards of chance (issue 13, c1st5): real cards whose powers draw on the game's seeded,
hidden chance (``battle/luck.py``, ``battle/chance.py``), played in scripted battles and
checked against their printed text.

Cards are read from the CrossFire data (``../shared/data/crossfire``); a test skips without it.
Totals are worked out in the comments from the practice cards (``battle_helpers``): Knight hero
5, Rogue thief 3, Seer psionicist 4, Griffon monster 6, Wyrm monster 8, Mage wizard 4, Militia
ally +2, Giant ally +4, Squire ally +1. Lolth, the Spider Queen is a level 9 champion,
Shalbaal, Red Dragon a level 6 flying champion (their printed levels).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from combatzoo.envs.spellfire.battle.luck import draw_luck
from combatzoo.envs.spellfire.battle.rules import SpellfireEngine
from combatzoo.envs.spellfire.game.config import GameConfig
from combatzoo.envs.spellfire.game.rules import SpellfireGameEngine

from .battle_helpers import Battle, check, make_engine, side
from .test_card_powers import real

LOLTH, SHALBAAL = "1st/166", "1st/449"


def seeded(engine: SpellfireEngine, p0: dict[str, Any], p1: dict[str, Any],
           luck: int) -> Battle:
    """A table at the start of player_0's phase 4 whose chance has the seed ``luck``."""
    state = engine.from_json({"players": [p0, p1], "attacker": 0, "luck": luck})
    b = Battle(engine, state)
    b.start = engine.clone(state)  # type: ignore[attr-defined]
    return b


def lolth_defeated(luck: int) -> Battle:
    # Wyrm 8 attacks; Lolth 9 defends; the attacker, losing, plays the Giant: 8 + 4 = 12 beats
    # 9 and the defender has nothing to play: Lolth loses the round (seed 000 step H).
    e = make_engine(*real(LOLTH))
    b = seeded(e, side(realms=["Vale"], hand=["Wyrm", "Giant"], draw=["Squire"]),
               side(realms=["Vale"], hand=[LOLTH], draw=["Militia", "Knight", "Seer"]), luck)
    b.attack("A")
    b.present(0, "Wyrm")
    b.present(1, "Lolth, the Spider Queen")
    assert b.totals() == [8, 9]
    b.play(0, "Practice Giant")
    assert b.totals() == [12, 9]
    return b


def test_lolth_defeated_goes_into_her_owners_draw_pile():
    # Lolth, the Spider Queen: "If Lolth is defeated, shuffle her back into the draw deck."
    b = lolth_defeated(luck=7)
    assert b.b.outcome == "razed" and b.b.winner == 0
    assert "Lolth, the Spider Queen" not in b.names(1, "discard")
    draw = b.names(1, "draw")
    assert len(draw) == 4  # three cards and Lolth
    assert draw.count("Lolth, the Spider Queen") == 1
    others = [n for n in draw if n != "Lolth, the Spider Queen"]
    assert others == ["Practice Militia", "Practice Knight", "Practice Seer"]  # order kept
    assert b.state.luck_used == 1  # one draw of chance: her place
    assert b.find("after_battle_shuffled_back")
    check(b)


def test_lolth_goes_to_the_same_place_for_the_same_seed():
    places = {}
    for luck in range(12):
        first = lolth_defeated(luck).names(1, "draw").index("Lolth, the Spider Queen")
        again = lolth_defeated(luck).names(1, "draw").index("Lolth, the Spider Queen")
        assert first == again  # seeded: the same seed puts her at the same place
        places[luck] = first
    # Chance, not a fixed place: twelve seeds do not all put her at one of the four places.
    assert len(set(places.values())) > 1


def test_shalbaal_winning_a_round_discards_one_card_of_the_losers_hand():
    # Shalbaal, Red Dragon: "Every time Shalbaal wins a round of battle, the player randomly
    # draws one card from the defeated player's hand and discards it." Shalbaal 6 beats the
    # Rogue 3; the defender's hand holds champions only: nothing to play, the round is over.
    e = make_engine(*real(SHALBAAL))
    hand = ["Practice Knight", "Practice Seer", "Practice Mage"]
    b = seeded(e, side(realms=["Vale"], hand=[SHALBAAL], draw=["Squire"]),
               side(realms=["Vale"], hand=["Rogue", "Knight", "Seer", "Mage"], draw=["Giant"]),
               luck=3)
    b.attack("A")
    b.present(0, "Shalbaal, Red Dragon")
    b.present(1, "Rogue")
    assert b.totals() == [6, 3]
    assert b.b.winner == 0
    left = b.names(1, "hand")
    assert len(left) == 2 and set(left) < set(hand)
    discard = b.names(1, "discard")
    # The Rogue lost the round; exactly one card of the hand joined it.
    assert sorted(discard) == sorted(["Practice Rogue", *(set(hand) - set(left))])
    assert b.names(1, "draw") == ["Practice Giant"]
    assert len(b.find("after_battle_random_discard")) == 1
    assert b.state.luck_used == 1
    check(b)


def test_shalbaal_losing_a_round_discards_nothing():
    # "Every time Shalbaal wins": the Wyrm 8 beats Shalbaal 6; the attacker's hand is untouched.
    e = make_engine(*real(SHALBAAL))
    b = seeded(e, side(realms=["Vale"], hand=[SHALBAAL, "Knight", "Seer"], draw=["Squire"]),
               side(realms=["Vale"], hand=["Wyrm", "Mage"], draw=["Giant"]), luck=3)
    b.attack("A")
    b.present(0, "Shalbaal, Red Dragon")
    b.present(1, "Wyrm")  # 8 beats 6; the attacker holds champions only: the round is over
    assert b.b.winner == 1
    assert b.names(0, "hand") == ["Practice Knight", "Practice Seer"]
    # The defender's hand: the Mage and its spoils of a successful defence (seed 001), whole.
    assert b.names(1, "hand") == ["Practice Mage", "Practice Giant"]
    assert b.state.luck_used == 0
    check(b)


def test_draw_luck_is_seeded_and_counts_its_draws():
    e = make_engine()
    state = e.from_json({"players": [side(realms=["Vale"]), side(realms=["Vale"])],
                         "luck": 11})
    copy = e.clone(state)
    assert copy.luck == 11
    drawn = [draw_luck(state, 1000) for _ in range(5)]
    assert [draw_luck(copy, 1000) for _ in range(5)] == drawn
    assert state.luck_used == 5
    assert all(0 <= d < 1000 for d in drawn) and len(set(drawn)) > 1
    back = e.from_json(e.to_json(state))  # the state's JSON keeps the seed and its count
    assert (back.luck, back.luck_used) == (11, 5)
    assert draw_luck(back, 1000) == draw_luck(state, 1000)


def test_the_seed_is_in_no_view_or_observation():
    # Hidden information (issue 13, c1st5): two states differing only in the seed look the
    # same to both players, in a battle and in the whole game.
    e = make_engine()
    data = {"players": [side(realms=["Vale"], hand=["Knight"], draw=["Squire"]),
                        side(realms=["Vale"], hand=["Rogue"], draw=["Giant"])]}
    one, two = e.from_json({**data, "luck": 1}), e.from_json({**data, "luck": 2, "luck_used": 9})
    for p in (0, 1):
        assert e.view(one, p) == e.view(two, p)
        assert np.array_equal(e.observe(one, p), e.observe(two, p))
    g = SpellfireGameEngine(GameConfig(pack="practice"))
    a = g.new_game(np.random.default_rng(5))
    b = g.clone(a)
    b.table.luck, b.table.luck_used = a.table.luck + 1, 4
    assert g.to_json(a) != g.to_json(b)  # the full state does hold it
    for p in (0, 1):
        assert g.view(a, p) == g.view(b, p)
        assert np.array_equal(g.observe(a, p), g.observe(b, p))
