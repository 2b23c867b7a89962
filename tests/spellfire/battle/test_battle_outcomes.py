"""Scripted Spellfire battles for seed 001 (outcomes of a round, spoils of victory) and seed
000 step J: spoils each way and played at once where allowed, no spoils from an empty pile,
realms razed or discarded by card play, champions discarded by card play (one or both).

Practice cards: Knight hero 5, Griffon flying monster 6, Rogue thief 3, Quake an event that
razes the attacked realm, Treasure an event that discards an opposing monster champion, Militia
ally +2, Giant ally +4, Sword magical item +2, Watchtower holding, Bolt wizard spell.
"""

from __future__ import annotations

from combatzoo.envs.spellfire.cards.cards import CardType, World
from combatzoo.envs.spellfire.cards.effects import Effect, EffectKind

from .battle_helpers import battle, card, check, make_engine, side


def test_attacker_wins_the_round_razes_the_realm_and_plays_a_champion_spoils_at_once():
    # Seed 000 step J: spoils "can be played immediately, even if it is a ... champion".
    e = make_engine()
    b = battle(e, side(realms=["Vale"], hand=["Griffon"], draw=["Knight", "Militia"]),
               side(realms=["Vale", "Vale"], hand=["Rogue"], draw=["Giant"]))
    b.attack("A")
    b.present(0, "Griffon")
    b.present(1, "Rogue")  # 6 vs 3, the defender has nothing to play
    assert b.b.outcome == "razed" and b.b.winner == 0
    assert b.state.players[1].razed == [True, False, False, False, False, False]
    assert b.pool_names(0) == ["Practice Griffon", "Practice Knight"]
    assert b.find("spoils_drawn")[0].data == {"played": True, "card": "PR/20"}
    assert b.names(1, "discard") == ["Practice Rogue"]
    assert b.names(1, "draw") == ["Practice Giant"]  # the loser draws nothing
    assert e.returns(b.state) == [1.0, -1.0]
    check(b)


def test_defender_repels_the_attack_and_its_spoils_item_goes_onto_a_pool_champion():
    # Seed 001: "The defender earns spoils of victory if the attacking champion was discarded."
    e = make_engine()
    b = battle(e, side(realms=["Vale"], hand=["Rogue"], draw=["Knight"]),
               side(realms=["Vale"], hand=["Griffon"], draw=["Sword", "Giant"]))
    b.attack("A")
    b.present(0, "Rogue")
    b.present(1, "Griffon")
    assert b.b.outcome == "repelled" and b.b.winner == 1
    assert b.names(0, "discard") == ["Practice Rogue"]
    assert b.pool_names(1) == ["Practice Griffon"]
    assert b.attached_names(1, "Griffon") == ["Practice Sword"]
    assert b.names(0, "draw") == ["Practice Knight"]
    assert e.returns(b.state) == [-1.0, 1.0]
    check(b)


def test_spoils_realm_holding_and_spell():
    e = make_engine()
    # A realm goes into the first empty formation slot.
    b = battle(e, side(realms=["Vale"], hand=["Griffon"], draw=["Harbor"]),
               side(realms=["Vale"], hand=["Rogue"]))
    b.attack("A")
    b.present(0, "Griffon")
    b.present(1, "Rogue")
    assert b.names(0, "realms")[:2] == ["Practice Vale", "Practice Harbor"]
    # A holding onto the first standing realm without one.
    b = battle(e, side(realms=["Vale"], hand=["Griffon"], draw=["Watchtower"]),
               side(realms=["Vale"], hand=["Rogue"]))
    b.attack("A")
    b.present(0, "Griffon")
    b.present(1, "Rogue")
    assert b.names(0, "holdings")[0] == "Practice Watchtower"
    # A spell cannot be played as spoils: it goes to hand, unnamed in the events.
    b = battle(e, side(realms=["Vale"], hand=["Griffon"], draw=["Bolt"]),
               side(realms=["Vale"], hand=["Rogue"]))
    b.attack("A")
    b.present(0, "Griffon")
    b.present(1, "Rogue")
    assert b.names(0, "hand") == ["Practice Bolt"]
    assert b.find("spoils_drawn")[0].data == {"played": False}
    check(b)


def test_no_spoils_from_an_empty_draw_pile():
    e = make_engine()
    b = battle(e, side(realms=["Vale"], hand=["Griffon"]), side(realms=["Vale"], hand=["Rogue"]))
    b.attack("A")
    b.present(0, "Griffon")
    b.present(1, "Rogue")
    assert b.b.outcome == "razed"
    assert b.find("spoils_none") and not b.find("spoils_drawn")
    check(b)


def test_realm_razed_by_card_play_both_champions_return_and_attacker_draws_spoils():
    # Seed 001: "A battle ends when a realm is razed or discarded during combat due to card
    # play ... The attacking player receives spoils of victory, and both attacker and defender
    # return to their pools."
    e = make_engine()
    b = battle(e, side(realms=["Vale"], hand=["Knight", "Militia", "Quake"], draw=["Giant"]),
               side(realms=[("Vale", False, "Watchtower")], hand=["Griffon", "Sword"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Griffon")  # 5 vs 6 + 2 (Watchtower) = 8
    b.play(0, "Militia")  # 7 vs 8: still losing
    b.play(0, "Quake")
    assert b.b.outcome == "razed" and b.b.winner == 0
    assert b.state.players[1].razed[0]
    assert b.pool_names(0) == ["Practice Knight"]
    assert b.pool_names(1) == ["Practice Griffon"]
    assert sorted(b.names(0, "discard")) == ["Practice Militia", "Practice Quake"]
    assert b.names(0, "hand") == ["Practice Giant"]  # spoils (an ally) to hand
    # The razed realm's holding is discarded with it [decided].
    assert b.names(1, "discard") == ["Practice Watchtower"]
    assert e.returns(b.state) == [1.0, -1.0]
    check(b)


def test_attacking_champion_discarded_by_card_play_gives_the_defender_spoils():
    # Seed 001: "if an attacking champion is discarded due to card play, the battle is over.
    # The defender gets the spoils. For instance, it is good to play Treasure (130/CL) while
    # defending your realm from monster champions."
    e = make_engine()
    b = battle(e, side(realms=["Vale"], hand=["Griffon", "Giant"], draw=["Militia"]),
               side(realms=["Vale"], hand=["Knight", "Sword", "Treasure"], draw=["Rogue"]))
    b.attack("A")
    b.present(0, "Griffon")
    b.present(1, "Knight")  # 6 vs 5: the defender is losing
    b.play(1, "Treasure")
    assert b.b.outcome == "repelled" and b.b.winner == 1
    assert b.names(0, "discard") == ["Practice Griffon"]
    assert b.pool_names(1) == ["Practice Knight", "Practice Rogue"]  # Knight back, spoils
    assert b.names(1, "discard") == ["Practice Treasure"]
    assert e.returns(b.state) == [-1.0, 1.0]
    check(b)


def test_both_champions_discarded_by_card_play_no_winner_no_spoils():
    # Seed 001: "If card play causes both champions to be discarded. No winner or loser
    # emerges. No spoils are drawn."
    doom = card(1, "T Mutual Doom", CardType.EVENT, world=World.NO_WORLD,
                effects=(Effect(EffectKind.DISCARD_OPPOSING_CHAMPION),
                         Effect(EffectKind.DISCARD_OWN_CHAMPION)))
    e = make_engine(doom)
    b = battle(e, side(realms=["Vale"], hand=["Knight", "T/1"], draw=["Militia"]),
               side(realms=["Vale"], hand=["Griffon"], draw=["Rogue"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Griffon")
    b.play(0, "T Mutual Doom")
    assert b.b.outcome == "no_winner" and b.b.winner is None
    assert not b.find("spoils_drawn") and not b.find("spoils_none")
    assert "Practice Knight" in b.names(0, "discard")
    assert b.names(1, "discard") == ["Practice Griffon"]
    assert not b.state.players[1].razed[0]
    assert e.returns(b.state) == [0.0, 0.0]
    check(b)


def test_defending_champion_discarded_by_card_play_loses_the_round():
    banish = card(2, "T Banish", CardType.EVENT, world=World.NO_WORLD,
                  effects=(Effect(EffectKind.DISCARD_OPPOSING_CHAMPION),))
    e = make_engine(banish)
    b = battle(e, side(realms=["Vale"], hand=["Knight", "T/2"], draw=["Militia"]),
               side(realms=["Vale"], hand=["Griffon"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Griffon")
    b.play(0, "T Banish")
    assert b.b.outcome == "razed" and b.b.winner == 0
    assert b.pool_names(0) == ["Practice Knight"]
    check(b)


def test_discard_allies_and_win_round_cards():
    sweep = card(3, "T Sweep", CardType.EVENT, world=World.NO_WORLD,
                 effects=(Effect(EffectKind.DISCARD_ALLIES),))
    triumph = card(4, "T Triumph", CardType.EVENT, world=World.NO_WORLD,
                   effects=(Effect(EffectKind.WIN_ROUND),))
    e = make_engine(sweep, triumph)
    b = battle(e, side(realms=["Vale"], hand=["Knight", "Giant", "Militia"]),
               side(realms=["Vale"], hand=["Griffon", "T/3", "T/4"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Griffon")
    b.play(0, "Giant")  # 9 vs 6
    b.play(1, "T Sweep")  # the Giant is discarded: 5 vs 6
    assert b.totals() == [5, 6]
    assert b.names(0, "discard") == ["Practice Giant"]
    b.play(0, "Militia")  # 7 vs 6
    b.play(1, "T Triumph")
    assert b.b.winner == 1 and b.b.outcome == "repelled"
    check(b)
