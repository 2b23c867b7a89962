"""Issue 13 (outside): powers acting outside battles, played in phase 3 of the whole game.

Real 1st Edition cards (CrossFire data when present, else the built-in pack; a test skips
without them) in whole games of practice cards (``pack="practice"``): the Knight is a hero 5,
the Rogue a thief 3, the Mage a wizard 4, the Priest a cleric 3, the Griffon a flying monster 6;
the Militia an ally +2, the Squire an ally +1; the realms have no power that changes a total.
Skeletal Horde (1st/155) is an undead monster 5, Dracolich (1st/72) an undead flying monster 6.
Outcomes computed by hand from the printed words (paraphrased in each test).
"""

from __future__ import annotations

from combatzoo.envs.spellfire.game.config import GameConfig
from combatzoo.envs.spellfire.game.rules import SpellfireGameEngine

from ..battle.battle_helpers import side
from ..battle.test_card_powers import real
from .test_game_rules import Turn, names, table

GOOD_FORTUNE, SAFE_HARBOR, TRANSFORMATION, ENSLAVED = "1st/100", "1st/107", "1st/201", "1st/202"
TREASURE_FLEET, SUNRAY, RAISE_DEAD, WALL_OF_FOG = "1st/214", "1st/362", "1st/366", "1st/371"
DISINTEGRATE, MAP_OF_LIFE, GEAS = "1st/393", "1st/413", "1st/394"
HORDE, DRACOLICH = "1st/155", "1st/72"
PLAY = "Play event or spell from hand"


def _engine(*keys: str) -> SpellfireGameEngine:
    return SpellfireGameEngine(GameConfig(pack="practice", extra_cards=real(*keys)))


def _outside_labels(turn: Turn, player: int = 0) -> list[str]:
    return [label for label in turn.labels(player) if label.startswith(PLAY)]


def _finish_turn(turn: Turn, player: int) -> None:
    """``player`` ends its turn: keeps a spoils card, plays nothing more, discards down."""
    while turn.state.on_turn == player and turn.state.result is None:
        labels = turn.labels(player)
        first = next(p for p in ("Keep the spoils", "Done with this phase", "Make no attack",
                                 "Discard") if any(lb.startswith(p) for lb in labels))
        turn.play(first, player)


def test_good_fortune_draws_five_cards_in_phase_3() -> None:
    # Good Fortune (event): "the player of this card draws five cards immediately".
    eng = _engine(GOOD_FORTUNE)
    # (The Knight in hand keeps phase 3 open: a phase with nothing to decide passes.)
    state = table(eng, side(realms=["Vale"], hand=[GOOD_FORTUNE, "Knight"],
                            draw=["Squire"] * 7),
                  side(realms=["Harbor"]), phase=3)
    turn = Turn(eng, state)
    assert _outside_labels(turn) == [f"{PLAY} 0 (outside battle): Good Fortune"]
    turn.play(f"{PLAY} 0")
    me = state.table.players[0]
    assert names(eng, state, me.hand) == ["Knight"] + ["Squire"] * 5
    assert len(me.draw) == 2 and names(eng, state, me.discard) == ["Good Fortune"]
    assert state.phase == 3 and turn.labels(0) == [
        "Done with this phase", "Put champion from hand 0 into the pool: Practice Knight"]


def test_good_fortune_is_not_played_into_a_battle() -> None:
    # Its power acts outside battles: a round does not offer it, whoever is losing.
    eng = _engine(GOOD_FORTUNE)
    state = table(eng, side(realms=["Vale"], hand=[GOOD_FORTUNE, "Squire"], pool=["Rogue"]),
                  side(realms=["Harbor"], pool=["Knight"]), phase=4,
                  battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Attack realm A")
    turn.play("Champion from pool 0")
    turn.play("Champion from pool 0", 1)
    # Rogue 3 against Knight 5: player_0 is losing and may play the Squire, not Good Fortune.
    assert [lb for lb in turn.labels(0) if lb.startswith("Play hand")] == [
        "Play hand 1: Practice Squire"]


def test_treasure_fleet_gives_every_player_three_cards() -> None:
    # Treasure Fleet (event): "all players draw three cards".
    eng = _engine(TREASURE_FLEET)
    state = table(eng, side(realms=["Vale"], hand=[TREASURE_FLEET, "Rogue"],
                            draw=["Militia"] * 6),
                  side(realms=["Harbor"], hand=["Knight"], draw=["Squire"] * 6), phase=3)
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")
    me, them = state.table.players
    assert state.phase == 3  # the Rogue may still go into the pool
    assert names(eng, state, me.hand) == ["Rogue"] + ["Militia"] * 3 and len(me.draw) == 3
    assert names(eng, state, them.hand) == ["Knight"] + ["Squire"] * 3 and len(them.draw) == 3


def test_treasure_fleet_from_a_short_pile_ends_the_game() -> None:
    # RULES.md §1: a player who must draw from an empty draw pile ends the game: most unrazed
    # realms wins. Player_1 has two cards left; player_0 has two unrazed realms to its one.
    eng = _engine(TREASURE_FLEET)
    state = table(eng, side(realms=["Vale", "Walls"], hand=[TREASURE_FLEET],
                            draw=["Militia"] * 6),
                  side(realms=["Harbor"], draw=["Squire"] * 2), phase=3)
    Turn(eng, state).play(f"{PLAY} 0")
    assert state.result == "deck_out" and state.winner == 0


def test_transformation_replaces_both_hands() -> None:
    # Transformation! (event): "all players must discard their hands immediately and draw
    # five cards".
    eng = _engine(TRANSFORMATION)
    state = table(eng, side(realms=["Vale"], hand=[TRANSFORMATION, "Knight", "Squire"],
                            draw=["Rogue"] + ["Militia"] * 5),
                  side(realms=["Harbor"], hand=["Griffon", "Mage"], draw=["Squire"] * 6),
                  phase=3)
    Turn(eng, state).play(f"{PLAY} 0")
    me, them = state.table.players
    assert state.phase == 3  # the Rogue drawn may go into the pool
    assert names(eng, state, me.discard) == ["Transformation!", "Knight", "Squire"]
    assert names(eng, state, them.discard) == ["Griffon", "Mage"]
    assert names(eng, state, me.hand) == ["Rogue"] + ["Militia"] * 4 and len(me.draw) == 1
    assert names(eng, state, them.hand) == ["Squire"] * 5 and len(them.draw) == 1


def test_sunray_kills_the_undead_in_the_chosen_pool() -> None:
    # Sunray (cleric spell, (Off/3)): "kills all undead in one player's pool". A cleric in
    # the pool casts it in phase 3; only player_1's pool holds undead, so only it is offered.
    eng = _engine(SUNRAY, HORDE, DRACOLICH)
    state = table(eng, side(realms=["Vale"], hand=[SUNRAY], pool=["Priest", "Knight"]),
                  side(realms=["Harbor"], pool=[HORDE, "Rogue", DRACOLICH]), phase=3)
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")
    assert state.pending is not None and turn.labels(0) == ["Target the opponent: player_1"]
    turn.play("Target the opponent")
    them = state.table.players[1]
    assert names(eng, state, them.pool) == ["Rogue"]
    assert names(eng, state, them.discard) == ["Skeletal Horde", "Dracolich"]
    assert names(eng, state, state.table.players[0].discard) == ["Sunray"]
    # Phase 3 has nothing more to play: on to the attack.
    assert state.pending is None and state.phase == 4


def test_sunray_needs_a_cleric_in_the_pool() -> None:
    # RULES.md §1: clerics cast cleric spells; the Knight (a hero) cannot.
    eng = _engine(SUNRAY, HORDE)
    state = table(eng, side(realms=["Vale"], hand=[SUNRAY], pool=["Knight"]),
                  side(realms=["Harbor"], pool=[HORDE]), phase=3)
    assert _outside_labels(Turn(eng, state)) == []


def test_wall_of_fog_stops_every_attack_until_the_casters_next_turn() -> None:
    # Wall of Fog (wizard spell, (Off/3)): "no attacks are allowed against any player until
    # the caster's next turn". Without it, player_1's Knight is offered an attack in turn 2.
    eng = _engine(WALL_OF_FOG)

    def game():
        return table(eng, side(realms=["Vale"], hand=[WALL_OF_FOG], pool=["Mage"]),
                     side(realms=["Harbor"], pool=["Knight"]), phase=3)

    plain = game()
    turn = Turn(eng, plain)
    turn.play("Done with this phase")
    turn.play("Make no attack")
    assert plain.turn == 2 and plain.phase == 4 and "Attack realm A: Practice Vale" in \
        turn.labels(1)
    state = game()
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")  # nothing more to decide until player_0's turn 3
    # No attack in turn 1 nor in player_1's turn 2: turn 3 begins, and the truce ends.
    assert state.turn == 3 and state.on_turn == 0 and state.truce is None
    assert [e.turn for e in turn.events if e.kind == "attack_declared"] == []
    assert state.phase == 4 and "Attack realm A: Practice Harbor" in turn.labels(0)


def test_map_of_life_bars_realm_plays_until_the_players_next_turn() -> None:
    # Map of Life (event): "no player can play a realm or rebuild a realm until this player's
    # next turn".
    eng = _engine(MAP_OF_LIFE)
    state = table(eng, side(realms=["Vale"], hand=[MAP_OF_LIFE, "Walls"]),
                  side(realms=["Harbor"], hand=["Academy"], pool=["Knight"]), phase=3)
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")  # nothing more to decide in player_0's turn
    # Player_1's turn 2: phase 2 offers no realm (it passed by itself), phase 4 asks.
    assert state.turn == 2 and state.phase == 4 and not state.realm_played
    assert "Academy" in names(eng, state, state.table.players[1].hand)
    turn.play("Make no attack", 1)
    # Turn 3, player_0's: the bar is over.
    assert state.turn == 3 and state.realm_bar is None and state.phase == 2
    assert "Play realm from hand 0: Practice Walls" in turn.labels(0)


def test_disintegrate_discards_a_realm_and_ends_the_players_attacks() -> None:
    # Disintegrate (wizard spell, (Off/3)): "destroys one realm, regardless of position. The
    # destroyed realm must be discarded. This player can make no attacks this turn."
    eng = _engine(DISINTEGRATE)
    state = table(eng, side(realms=["Vale"], hand=[DISINTEGRATE, "Griffon"],
                            pool=["Mage", "Knight"]),
                  side(realms=["Harbor", ("Walls", False, "Watchtower")]), phase=3)
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")
    assert turn.labels(0) == ["Target my realm A: Practice Vale",
                              "Target the opponent's realm A: Practice Harbor",
                              "Target the opponent's realm B: Practice Walls"]
    turn.play("Target the opponent's realm B")  # behind the Harbor: any position
    them = state.table.players[1]
    assert names(eng, state, them.realms[:1]) == ["Harbor"] and them.realms[1] is None
    assert names(eng, state, them.discard) == ["Walls", "Watchtower"]
    assert state.no_attack and state.phase == 3
    turn.play("Done with this phase")
    # No attack this turn although the Knight could attack the Harbor; player_1's turn 2 asks
    # nothing (no champion); in turn 3 player_0 may attack again (phase 3: the Griffon).
    assert state.turn == 3 and state.on_turn == 0 and not state.no_attack
    assert [e for e in turn.events if e.kind == "attack_declared"] == []


def test_raise_dead_returns_the_best_champion_to_the_hand() -> None:
    # Raise Dead (cleric spell, (Def/3/5)): "any one defeated champion can be selected from
    # the player's discard pile and placed back in his hand" ([decided] the highest level).
    eng = _engine(RAISE_DEAD)
    state = table(eng, side(realms=["Vale"], hand=[RAISE_DEAD], pool=["Priest"],
                            discard=["Rogue", "Knight", "Militia"]),
                  side(realms=["Harbor"], discard=["Griffon"]), phase=3)
    Turn(eng, state).play(f"{PLAY} 0")
    me = state.table.players[0]
    assert names(eng, state, me.hand) == ["Knight"]
    assert names(eng, state, me.discard) == ["Rogue", "Militia", "Raise Dead"]


def test_safe_harbor_rebuilds_a_razed_realm_for_each_player() -> None:
    # Safe Harbor! (event): "every player can immediately rebuild one razed realm" ([decided]
    # the front-most), without the rebuild's three cards (RULES.md §1 phase 2).
    eng = _engine(SAFE_HARBOR)
    state = table(eng, side(realms=[("Vale", True), ("Walls", True)],
                            hand=[SAFE_HARBOR, "Knight"]),
                  side(realms=["Harbor", ("Academy", True)]), phase=3)
    Turn(eng, state).play(f"{PLAY} 0")
    me, them = state.table.players
    assert state.phase == 3
    assert me.razed[:2] == [False, True] and them.razed[:2] == [False, False]
    assert names(eng, state, me.discard) == ["Safe Harbor!"]


def test_enslaved_takes_the_weakest_champion_from_each_pool() -> None:
    # Enslaved! (event): "all players must discard one champion from their pool" ([decided]
    # each gives up its lowest level one, with what it carries).
    eng = _engine(ENSLAVED)
    state = table(eng, side(realms=["Vale"], hand=[ENSLAVED, "Mage"], pool=["Knight", "Rogue"]),
                  side(realms=["Harbor"], pool=["Griffon", "Mage"]), phase=3)
    Turn(eng, state).play(f"{PLAY} 0")
    me, them = state.table.players
    assert names(eng, state, me.pool) == ["Knight"] and names(eng, state, them.pool) == [
        "Griffon"]
    assert names(eng, state, me.discard) == ["Enslaved!", "Rogue"]
    assert names(eng, state, them.discard) == ["Mage"]


def test_a_waiting_card_survives_the_json_round_trip() -> None:
    # The card waiting for its target is part of the state (docs/spellfire_game.md).
    eng = _engine(SUNRAY, HORDE)
    state = table(eng, side(realms=["Vale"], hand=[SUNRAY], pool=["Priest"]),
                  side(realms=["Harbor"], pool=[HORDE]), phase=3)
    Turn(eng, state).play(f"{PLAY} 0")
    assert state.pending is not None
    again = eng.from_json(eng.to_json(state))
    assert again.pending == state.pending
    assert eng.legal_actions(again, 0) == eng.legal_actions(state, 0)


def test_geas_keeps_a_champion_from_attacking_and_defending_through_its_owners_next_turn() -> None:
    # Geas (wizard spell, (Off/3)): "the affected champion can neither attack nor defend
    # until after the owner's next turn". Player_0's Mage casts it on player_1's Griffon in
    # turn 1; the Knight attacks the Harbor.
    eng = _engine(GEAS)
    state = table(eng, side(realms=["Vale"], hand=[GEAS], pool=["Mage", "Knight"]),
                  side(realms=["Harbor", "Walls"], pool=["Griffon", "Rogue"]), phase=3)
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")
    # Not the Mage: the practice Mage is immune to offensive spells (RULES.md §1 "Combat").
    assert turn.labels(0) == ["Target my pool champion 1: Practice Knight",
                              "Target the opponent's pool champion 0: Practice Griffon",
                              "Target the opponent's pool champion 1: Practice Rogue"]
    turn.play("Target the opponent's pool champion 0")
    turn.play("Attack realm A")
    turn.play("Champion from pool 1")  # the Knight
    # The Griffon may not defend: the Rogue or no defender.
    assert [lb for lb in turn.labels(1) if lb.startswith("Champion")] == [
        "Champion from pool 1: Practice Rogue"]
    turn.play("Decline to defend", 1)
    # Turn 2 (player_1's, the owner's next): the Griffon may not attack; the Rogue may.
    while state.phase < 4:  # (player_1 may rebuild its razed Harbor: it does not)
        turn.play("Done with this phase", 1)
    assert state.turn == 2
    turn.play("Attack realm A", 1)
    assert [lb for lb in turn.labels(1) if lb.startswith("Champion")] == [
        "Champion from pool 1: Practice Rogue"]
    turn.play("Champion from pool 1", 1)
    turn.play("Decline to defend", 0)
    _finish_turn(turn, 1)
    # Turn 3: the owner's next turn is over; the Griffon defends again.
    assert state.turn == 3 and state.benched == {}
    while state.phase < 4:
        turn.play("Done with this phase")
    turn.play("Attack realm B")  # the Harbor in front of it is razed
    turn.play("Champion from pool 1")
    assert "Champion from pool 0: Practice Griffon" in turn.labels(1)


ORB_OF_POWER = "1st/310"


def test_sunray_spares_an_undead_carrying_an_orb_of_power() -> None:
    # Orb of Power (magical item): its champion is immune to offensive spells (RULES.md §1
    # "Combat"); Sunray is (Off): the Skeletal Horde with the Orb stays, the Dracolich goes.
    eng = _engine(SUNRAY, HORDE, DRACOLICH, ORB_OF_POWER)
    state = table(eng, side(realms=["Vale"], hand=[SUNRAY, "Knight"], pool=["Priest"]),
                  side(realms=["Harbor"], pool=[(HORDE, [ORB_OF_POWER]), DRACOLICH]), phase=3)
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")
    turn.play("Target the opponent")
    them = state.table.players[1]
    assert names(eng, state, them.pool) == ["Skeletal Horde"]
    assert names(eng, state, them.discard) == ["Dracolich"]


def test_safe_harbor_rebuilds_nothing_while_map_of_life_holds() -> None:
    # Map of Life (player_1's, until its next turn): "no player can ... rebuild a realm".
    eng = _engine(SAFE_HARBOR)
    state = table(eng, side(realms=[("Vale", True), "Walls"], hand=[SAFE_HARBOR, "Knight"]),
                  side(realms=["Harbor", ("Academy", True)]), phase=3,
                  game={"realm_bar": 1})
    Turn(eng, state).play(f"{PLAY} 0")
    me, them = state.table.players
    assert me.razed[0] and them.razed[1]
    assert names(eng, state, me.discard) == ["Safe Harbor!"]
