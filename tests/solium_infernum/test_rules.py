"""Scripted Solium Infernum games on the map, one per rule of seed 004 and RULES.md §3.

Legion numbers from ``envs/solium_infernum/data/legions.json``: Iron Maidens L4 6/3/3 HP 10
move 2; Children of Belial L5 6/1/7 HP 9 [Infernal First]; The Burning Legion L3 2/4/2 HP 8
move 2; Hellhound Pack L2 1/4/1 HP 6 move 3 [Melee First]; Wailing Choir L2 3/1/3 HP 5 [Melee
Last]; Brass Sentinels L1 2/2/0 HP 6 move 1; Scourge of Gehenna L7 5/6/5 HP 12 [Melee Twice].
Places: Well of Souls L1 1/1/4 HP 5; Shrine of Ash L2 2/1/3 HP 6.
"""

from __future__ import annotations

import numpy as np
import pytest
from combatzoo.envs.core.errors import IllegalActionError, StateError
from combatzoo.envs.solium_infernum.config import SoliumInfernumConfig
from combatzoo.envs.solium_infernum.rules import SoliumEngine

from .conftest import DONE, battle, legion, map_state, place, side


def test_winning_attacker_destroys_the_legion_moves_in_and_continues(engine):
    # Scourge (5/6/5) attacks a Brass Sentinels (2/2/0, HP 6) at 2,1: Ranged 5 vs 2 (3 damage),
    # Melee 6 vs 2 (4 more: 7 >= 6): destroyed after Melee. The Scourge has move 2: one point
    # left, it moves in and may go on.
    s = map_state(engine, side([legion("Scourge of Gehenna", 2, 0)]),
                  side([legion("Brass Sentinels", 2, 1), legion("Wailing Choir", 4, 4)]))
    s.step(player_0="Order legion 1")
    s.step(player_0="Move south")
    assert s.state.phase == "order" or s.state.phase == "move"
    assert s.record["winner"] == "attacker"
    assert s.record["order"] == ["Ranged", "Melee", "Melee", "Infernal"]  # Melee Twice
    assert [e.data["damage"] for e in s.find("phase")] == [3, 4]
    dead = s.state.players[1].legions[0]
    assert not dead.alive and dead.hp == 0
    lg = s.state.players[0].legions[0]
    assert (lg.x, lg.y) == (2, 1)
    assert s.state.players[0].destroyed == 1
    # The order continues with the last move point.
    assert s.state.phase == "move" and s.state.moves_left == 1
    s.step(player_0="Move south")
    assert (lg.x, lg.y) == (2, 2) and s.state.current == 1


def test_losing_attacker_is_destroyed_and_the_turn_passes(engine):
    # Wailing Choir (3/1/3, HP 5, Melee Last: R, I, M) attacks the Scourge (5/6/5): Ranged 3 vs
    # 5 (2 damage), Infernal 3 vs 5 (2 more), Melee 1 vs 6 (5 more): destroyed.
    s = map_state(engine, side([legion("Wailing Choir", 0, 0)]),
                  side([legion("Scourge of Gehenna", 1, 0)]))
    s.step(player_0="Order legion 1")
    s.step(player_0="Move east")
    assert s.record["winner"] == "defender"
    assert not s.state.players[0].legions[0].alive
    assert s.state.players[1].destroyed == 1
    # player_0 has no legion left: the game ends; player_1 destroyed one legion.
    assert engine.is_over(s.state)
    assert engine.returns(s.state) == [-1.0, 1.0]


def test_stalemate_halts_the_movement(engine):
    # Iron Maidens 6/3/3 vs Iron Maidens 6/3/3: equal totals, no damage, stalemate; the
    # attacker stays where it was and its remaining move point is lost.
    s = map_state(engine, side([legion("Iron Maidens", 0, 0)]),
                  side([legion("Iron Maidens", 1, 0)]))
    s.step(player_0="Order legion 1")
    s.step(player_0="Move east")
    assert s.record["winner"] is None and s.find("stalemate")
    lg = s.state.players[0].legions[0]
    assert (lg.x, lg.y) == (0, 0) and lg.hp == 10
    assert s.state.current == 1 and s.state.phase == "order"


def test_defeated_place_of_power_passes_to_the_winner_at_one_hp(engine):
    # Iron Maidens (6/3/3) attack the neutral Well of Souls (1/1/4, HP 5): Ranged 6 vs 1 deals 5:
    # the Place falls at once and becomes player_0's at 1 HP; the Maidens move in.
    s = map_state(engine, side([legion("Iron Maidens", 0, 0)]),
                  side([legion("Wailing Choir", 4, 4)]),
                  places=[place("Well of Souls", 1, 0)])
    s.step(player_0="Order legion 1")
    s.step(player_0="Move east")
    pl = s.state.places[0]
    assert pl.owner == 0 and pl.hp == 1
    assert len(s.find("phase")) == 1
    lg = s.state.players[0].legions[0]
    assert (lg.x, lg.y) == (1, 0)
    assert engine.places_held(s.state) == [1, 0]


def test_neutral_place_attaches_no_cards_only_the_attacker_decides(engine):
    s = map_state(engine, side([legion("Iron Maidens", 0, 0)], tribute=5,
                               hand={"Hellfire Surge": 1}),
                  side([legion("Wailing Choir", 4, 4)], tribute=5, hand={"Blood Pact": 1}),
                  places=[place("Well of Souls", 1, 0)])
    s.step(player_0="Order legion 1")
    s.step(player_0="Move east")
    assert s.state.phase == "cards" and engine.to_act(s.state) == [0]


def test_a_legion_on_its_place_falls_then_the_place_fights(engine):
    # Scourge (5/6/5) beats a Brass Sentinels standing on player_1's Well of Souls, then the
    # Well (1/1/4, HP 5) fights next: Ranged 5 vs 1 deals 4, Melee 6 vs 1 deals 5: captured.
    s = map_state(engine, side([legion("Scourge of Gehenna", 0, 0)]),
                  side([legion("Brass Sentinels", 1, 0), legion("Wailing Choir", 4, 4)]),
                  places=[place("Well of Souls", 1, 0, owner=1)])
    s.step(player_0="Order legion 1")
    s.step(player_0="Move east")
    assert len(s.find("battle_started")) == 2
    assert s.state.places[0].owner == 0 and s.state.places[0].hp == 1
    assert (s.state.players[0].legions[0].x, s.state.players[0].legions[0].y) == (1, 0)


def test_support_from_adjacent_legions_both_sides_places_give_none(engine):
    # Battle at 2,1 (the defender's canton). Attacker Burning Legion from 2,0. Attacker's
    # Iron Maidens at 1,1 (adjacent: +3/+1/+1); its Wailing Choir at 3,2 (diagonal: nothing).
    # Defender Burning Legion at 2,1 supported by its Hellhound Pack at 3,1 (+0/+2/+0); the
    # defender's own Place at 2,2 (adjacent) gives no support.
    s = map_state(engine,
                  side([legion("The Burning Legion", 2, 0), legion("Iron Maidens", 1, 1),
                        legion("Wailing Choir", 3, 2)]),
                  side([legion("The Burning Legion", 2, 1), legion("Hellhound Pack", 3, 1)]),
                  places=[place("Pandemonium Spire", 2, 2, owner=1)])
    s.step(player_0="Order legion 1")
    s.step(player_0="Move south")
    assert s.record["totals"] == [[2 + 3, 4 + 1, 2 + 1], [2, 4 + 2, 2]]


def test_the_attacker_is_not_its_own_supporter(engine):
    s = map_state(engine, side([legion("Iron Maidens", 0, 0)]),
                  side([legion("Iron Maidens", 1, 0)]))
    s.step(player_0="Order legion 1")
    s.step(player_0="Move east")
    assert s.record["totals"] == [[6, 3, 3], [6, 3, 3]]


def test_card_slots_tribute_and_the_non_zero_rule_mask_attachments(engine):
    # Brass Sentinels (level 1: one slot, Infernal 0) attack a Wailing Choir; player_0 holds
    # Hellfire Surge (2), Unholy Zeal (4) and Legion of Despair (5) with 4 Tribute.
    s = map_state(engine, side([legion("Brass Sentinels", 0, 0)], tribute=4,
                               hand={"Hellfire Surge": 1, "Unholy Zeal": 1,
                                     "Legion of Despair": 1}),
                  side([legion("Wailing Choir", 1, 0)], tribute=0, hand={"Blood Pact": 1}))
    s.step(player_0="Order legion 1")
    s.step(player_0="Move east")
    # player_1 has no Tribute for its only card: done at once; player_0 chooses.
    assert engine.to_act(s.state) == [0]
    assert s.legal_labels(0) == [DONE, "Attach Hellfire Surge raising Ranged",
                                 "Attach Hellfire Surge raising Melee",
                                 "Attach Unholy Zeal raising Ranged",
                                 "Attach Unholy Zeal raising Melee"]
    with pytest.raises(IllegalActionError):
        s.step(player_0="Attach Hellfire Surge raising Infernal")  # Infernal is 0
    with pytest.raises(IllegalActionError):
        s.step(player_0="Attach Legion of Despair raising Ranged")  # costs 5 > 4
    # One slot: after one card the battle is revealed at once (nothing else can be attached).
    s.step(player_0="Attach Hellfire Surge raising Melee")
    assert s.record["totals"][0] == [2, 4, 0]
    assert s.state.players[0].tribute == 2
    assert s.state.players[0].discard == ["Hellfire Surge"]


def test_tribute_left_after_attached_cards_masks_the_next(engine):
    # Iron Maidens level 4: two slots. 4 Tribute: Hellfire Surge (2) then only 2 left.
    s = map_state(engine, side([legion("Iron Maidens", 0, 0)], tribute=4,
                               hand={"Hellfire Surge": 1, "Unholy Zeal": 1, "Blood Pact": 1}),
                  side([legion("Wailing Choir", 1, 0)]))
    s.step(player_0="Order legion 1")
    s.step(player_0="Move east")
    assert "Attach Unholy Zeal raising Ranged" in s.legal_labels(0)
    s.step(player_0="Attach Hellfire Surge raising Ranged")
    assert s.legal_labels(0) == [DONE, "Attach Blood Pact"]


def test_cards_are_secret_until_revealed_together_and_used_up(engine):
    s = map_state(engine, side([legion("Iron Maidens", 0, 0)], tribute=6,
                               hand={"Cursed Volley": 1, "Blood Pact": 1}),
                  side([legion("Iron Maidens", 1, 0)], tribute=6,
                       hand={"Hellfire Surge": 1, "Shattered Ranks": 1}))
    s.step(player_0="Order legion 1")
    s.step(player_0="Move east")
    assert engine.to_act(s.state) == [0, 1]
    before = [engine.observe(s.state, 1).copy(), engine.view(s.state, 1),
              engine.render(s.state, 1)]
    events = s.step(player_0="Attach Cursed Volley",
                    player_1="Attach Hellfire Surge raising Ranged")
    assert events == []  # nothing public happens while cards are attached
    # player_1's view of the table has not changed through player_0's secret attachment,
    # except for its own attachment (compare what player_1 saw of player_0).
    view = engine.view(s.state, 1)
    assert view["opponent"] == before[1]["opponent"]
    assert "Cursed Volley" not in engine.render(s.state, 1)
    s.step(player_0=DONE, player_1=DONE)
    revealed = {e.player: e.data["cards"] for e in s.find("cards_revealed")}
    assert revealed == {0: [{"card": "Cursed Volley", "raises": None}],
                        1: [{"card": "Hellfire Surge", "raises": "ranged"}]}
    # Cursed Volley lowers the defender's Ranged by 2 after its +2: 6 + 2 - 2 = 6.
    assert s.record["totals"] == [[6, 3, 3], [6, 3, 3]]
    # Each paid 2; the stalemate ended player_0's turn and player_1's began (+2 income).
    assert s.state.players[0].tribute == 4 and s.state.players[1].tribute == 4 + 2
    assert s.state.players[0].hand[engine.card_index["Cursed Volley"]] == 0
    assert s.state.players[1].discard == ["Hellfire Surge"]


def test_lowering_does_not_go_below_zero_and_hp_cards_absorb_damage(engine):
    # Iron Maidens with Blood Pact (+4 HP for the battle) attacked by a Scourge with Profane
    # Ward (-2 Infernal): Maidens 6/3/3 -> 6/3/1. Scourge 5/6/5, Melee Twice: R 5 vs 6 (Scourge
    # takes 1), M 6 vs 3 (3 into the Maidens' 4 bonus), M again (3: 1 bonus + 2 own), I 5 vs 1
    # (4 more): the Maidens end at 10 - 6 = 4.
    s = map_state(engine, side([legion("Scourge of Gehenna", 0, 0)], tribute=2,
                               hand={"Profane Ward": 1}),
                  side([legion("Iron Maidens", 1, 0)], tribute=2, hand={"Blood Pact": 1}))
    s.step(player_0="Order legion 1")
    s.step(player_0="Move east")
    s.step(player_0="Attach Profane Ward", player_1="Attach Blood Pact")
    assert s.record["totals"] == [[5, 6, 5], [6, 3, 1]]
    assert s.record["bonus_hp"] == [0, 4]
    # 4 left, +1 healed as player_1's turn begins after the battle ended player_0's.
    assert s.state.players[1].legions[0].hp == 4 + 1
    assert s.state.players[0].legions[0].hp == 11
    # Brass Sentinels have Infernal 0; a lower cannot take it below 0.
    s2 = battle({"attacker": {"legion": "Iron Maidens", "tribute": 2, "hand": ["Profane Ward"]},
                 "defender": {"legion": "Brass Sentinels"}})
    s2.step(player_0="Attach Profane Ward", player_1=DONE)
    s2.step(player_0=DONE)
    assert s2.record["totals"][1] == [2, 2, 0]


def test_an_order_card_changes_the_phase_order(engine):
    # Wrath Unleashed (Melee First, +1 raise) on the Iron Maidens: Melee, Ranged, Infernal.
    s = map_state(engine, side([legion("Iron Maidens", 0, 0)], tribute=3,
                               hand={"Wrath Unleashed": 1}),
                  side([legion("The Burning Legion", 1, 0)]))
    s.step(player_0="Order legion 1")
    s.step(player_0="Move east")
    # No Tribute left for more: done at once, the battle is revealed.
    s.step(player_0="Attach Wrath Unleashed raising Ranged")
    assert s.record["order"] == ["Melee", "Ranged", "Infernal"]
    assert s.record["totals"][0] == [7, 3, 3]


def test_moves_are_masked_by_the_map_and_friendly_legions(engine):
    s = map_state(engine, side([legion("Iron Maidens", 0, 0), legion("Wailing Choir", 1, 0)]),
                  side([legion("Wailing Choir", 4, 4)]))
    s.step(player_0="Order legion 1")
    assert s.legal_labels(0) == ["Move south", "End the order"]
    s.step(player_0="Move south")
    s.step(player_0="Move south")
    # Out of move points: the order ends by itself.
    assert s.state.current == 1 and s.state.phase == "order"


def test_turn_start_income_draw_and_healing():
    engine = SoliumEngine(SoliumInfernumConfig(income=3, heal=2))
    s = map_state(engine, side([legion("Iron Maidens", 0, 0)]),
                  side([legion("Iron Maidens", 4, 4, hp=5)], tribute=1))
    s.state.players[1].deck = ["Blood Pact"]
    s.step(player_0="Pass (no order this turn)")
    p1 = s.state.players[1]
    assert p1.tribute == 4 and p1.legions[0].hp == 7
    assert p1.hand[engine.card_index["Blood Pact"]] == 1 and p1.deck == []


def test_game_ends_after_the_turn_limit_places_then_destroyed_decide():
    engine = SoliumEngine()
    s = map_state(engine, side([legion("Iron Maidens", 0, 0)]),
                  side([legion("Iron Maidens", 4, 4)]),
                  places=[place("Well of Souls", 0, 1, owner=1)], turns=2, turn=1)
    s.step(player_0="Pass (no order this turn)")
    assert engine.is_over(s.state)
    assert engine.returns(s.state) == [-1.0, 1.0]  # player_1 holds one Place
    s = map_state(engine, side([legion("Iron Maidens", 0, 0)]),
                  side([legion("Iron Maidens", 4, 4)]), turns=2, turn=1)
    s.state.players[0].destroyed = 1
    s.step(player_0="Pass (no order this turn)")
    assert engine.returns(s.state) == [1.0, -1.0]
    s.state.players[0].destroyed = 0
    assert engine.returns(s.state) == [0.0, 0.0]


def test_battle_mode_rewards_the_winner_and_is_seeded():
    s = battle({"attacker": {"legion": "Scourge of Gehenna", "player": 1},
                "defender": {"legion": "Brass Sentinels"}})
    assert s.state.current == 1
    s.step(player_0=DONE, player_1=DONE)
    assert s.engine.is_over(s.state) and s.engine.returns(s.state) == [-1.0, 1.0]
    engine = SoliumEngine(SoliumInfernumConfig(mode="battle"))
    a = engine.to_json(engine.new_game(np.random.default_rng(7)))
    b = engine.to_json(engine.new_game(np.random.default_rng(7)))
    assert a == b


def test_hand_written_states_and_setups_name_the_bad_field(engine):
    with pytest.raises(StateError, match=r"state.players\[1\].legions\[0\].kind"):
        engine.from_json({"width": 5, "height": 5, "players": [
            {"legions": []}, {"legions": [{"kind": "Iron Maiden", "at": [0, 0]}]}]})
    with pytest.raises(StateError, match=r"legions\[0\].at"):
        engine.from_json({"width": 5, "height": 5, "players": [
            {"legions": [{"kind": "Iron Maidens", "at": [5, 0]}]}, {"legions": []}]})
    with pytest.raises(StateError, match=r"battle_setup.defender.hand\[0\]"):
        battle({"attacker": {"legion": "Iron Maidens"},
                "defender": {"legion": "Iron Maidens", "hand": ["Fireball"]}})
    with pytest.raises(TypeError, match="unknown option"):
        SoliumInfernumConfig.from_kwargs(mapp="duel_5x5")
    with pytest.raises(StateError, match="^map"):
        SoliumEngine(SoliumInfernumConfig(map="nowhere"))
