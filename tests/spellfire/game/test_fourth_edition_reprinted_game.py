"""4th Edition cards reprinted in Artifacts and Forgotten Realms (issue 13, c4th5b), played in
whole games: powers acting outside battles (phase 3) and on the phase 1 draw.

Real cards from the CrossFire data (a test skips without it) in whole games of practice cards
(``pack="practice"``): the Knight is a hero 5 (card number 20), the Mage a wizard 4 (21), the
Priest a cleric 3 (22), the Griffon a monster 6 (23), the Rogue a thief 3 (24), the Wyrm a
monster 8 (25), the Shark a monster 5 (27), the Champion a hero 6 (29), the Militia an ally +2
(30), the Sword a magical item +2 (40). Outcomes computed by hand from the printed words.
"""

from __future__ import annotations

from combatzoo.envs.spellfire.game.config import GameConfig
from combatzoo.envs.spellfire.game.rules import SpellfireGameEngine

from ..battle.battle_helpers import side
from ..battle.test_card_powers import real
from .test_game_rules import Turn, names, table

BLACK_BESS, BLACK_BESS_FR, RING_OF_WINTER, RING_FR = "4th/135", "FR/2", "4th/455", "FR/61"
PLAY = "Play event or spell from hand"


def _engine(*keys: str, **options: int) -> SpellfireGameEngine:
    return SpellfireGameEngine(GameConfig(pack="practice", extra_cards=real(*keys), **options))


def test_black_bess_discards_each_players_champions_above_its_digit() -> None:
    # Black Bess (event): "Each player must draw and discard a card, noting the last digit of
    # the card number. Discard all champions in play whose base level is greater than this
    # number." Player_0 draws the Griffon (number 23: digit 3): its Knight (5, with its
    # Sword) and Wyrm (8) go, its Priest (3, not greater) stays. Player_1 draws the Shark
    # (27: digit 7): its Wyrm (8) goes, its Mage (4) stays. (The Champion in hand keeps phase
    # 3 open.)
    eng = _engine(BLACK_BESS)
    state = table(eng, side(realms=["Vale"], hand=[BLACK_BESS, "Champion"],
                            pool=[("Knight", ["Sword"]), "Priest", "Wyrm"],
                            draw=["Griffon", "Militia", "Militia"]),
                  side(realms=["Harbor"], pool=["Mage", "Wyrm"],
                       draw=["Shark", "Militia", "Militia"]), phase=3)
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")
    me, them = state.table.players
    assert names(eng, state, me.pool) == ["Priest"]
    assert sorted(names(eng, state, me.discard)) == ["Black Bess", "Griffon", "Knight",
                                                     "Sword", "Wyrm"]
    assert names(eng, state, them.pool) == ["Mage"]
    assert sorted(names(eng, state, them.discard)) == ["Shark", "Wyrm"]
    assert len(me.draw) == 2 and len(them.draw) == 2
    assert names(eng, state, me.hand) == ["Champion"]  # the drawn cards go to the discards
    assert [e.data["digit"] for e in turn.events if e.kind == "digit_drawn"] == [3, 7]


def test_black_bess_reads_the_forgotten_realms_wording() -> None:
    # Black Bess (FR/2): "Each player must draw and discard a card, checking the last digit of
    # its number. Discard all the player's champions in play whose unadjusted level is greater
    # than this number." Player_0 draws the Knight (20: digit 0): its Priest (3) goes.
    # Player_1 draws the Wyrm (25: digit 5): its Knight (5) stays, its Griffon (6) goes.
    eng = _engine(BLACK_BESS_FR)
    state = table(eng, side(realms=["Vale"], hand=[BLACK_BESS_FR, "Champion"], pool=["Priest"],
                            draw=["Knight", "Militia"]),
                  side(realms=["Harbor"], pool=["Knight", "Griffon"],
                       draw=["Wyrm", "Militia"]), phase=3)
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")
    me, them = state.table.players
    assert me.pool == [] and names(eng, state, them.pool) == ["Knight"]
    assert sorted(names(eng, state, me.discard)) == ["Black Bess", "Knight", "Priest"]
    assert sorted(names(eng, state, them.discard)) == ["Griffon", "Wyrm"]


def _end_turn(turn: Turn) -> None:
    """Player_0 plays nothing in phase 2 and makes no attack: its turn ends, and player_1's
    begins (the Champion in its hand keeps its phase 3 open)."""
    turn.play("Done with this phase")
    turn.play("Make no attack")


def test_the_ring_of_winter_makes_the_opponent_draw_one_card_fewer() -> None:
    # The Ring of Winter (artifact): "While this card is in play, all opponents draw one fewer
    # card then normal on their turns (minimum of one card)." The game's draw is 3 (RULES.md
    # §1 phase 1): player_0 holds the Ring on its Knight, so player_1 draws 2 as its turn
    # begins; without the Ring it draws 3.
    for ring, drawn in ((RING_OF_WINTER, 2), (RING_FR, 2), (None, 3)):
        eng = _engine(RING_OF_WINTER, RING_FR)
        knight = ("Knight", [ring]) if ring else "Knight"
        state = table(eng, side(realms=["Vale"], pool=[knight]),
                      side(realms=["Harbor"], hand=["Champion"], draw=["Militia"] * 6),
                      phase=2)
        _end_turn(Turn(eng, state))
        them = state.table.players[1]
        assert state.on_turn == 1 and state.turn == 2 and state.phase == 3, ring
        assert len(them.hand) == 1 + drawn and len(them.draw) == 6 - drawn, ring


def test_the_ring_of_winter_leaves_a_draw_of_one() -> None:
    # "(minimum of one card)": in a game whose draw is one card, the opponent of the Ring's
    # player still draws one.
    eng = _engine(RING_OF_WINTER, draw=1)
    state = table(eng, side(realms=["Vale"], pool=[("Knight", [RING_OF_WINTER])]),
                  side(realms=["Harbor"], hand=["Champion"], draw=["Militia"] * 6), phase=2)
    _end_turn(Turn(eng, state))
    them = state.table.players[1]
    assert state.on_turn == 1 and state.phase == 3
    assert len(them.hand) == 2 and len(them.draw) == 5


NEW_GIUSTENAL, THE_BUILDER = "4th/31", "DU/117"
REBUILD = "Rebuild razed realm"


def test_new_giustenal_is_rebuilt_for_one_card() -> None:
    # New Giustenal (realm): "If razed, this realm can be rebuilt by discarding only one
    # card." RULES.md §1 phase 2: a rebuild costs three cards from the hand. With two cards in
    # hand, the razed New Giustenal (slot A) may be rebuilt, the razed Vale (slot B) may not;
    # the rebuild asks for one discard, then phase 2 goes on with the other card kept.
    eng = _engine(NEW_GIUSTENAL)
    state = table(eng, side(realms=[(NEW_GIUSTENAL, True), ("Vale", True), "Harbor"],
                            hand=["Militia", "Champion"]),
                  side(realms=["Citadel"]), phase=2)
    turn = Turn(eng, state)
    assert [lb for lb in turn.labels() if lb.startswith(REBUILD)] == [
        f"{REBUILD} A: New Giustenal"]
    turn.play(f"{REBUILD} A")
    me = state.table.players[0]
    assert me.razed[:3] == [False, True, False] and state.rebuild_owed == 1
    assert all(lb.startswith("Discard") for lb in turn.labels())
    turn.play("Discard hand 0")
    assert names(eng, state, me.discard) == ["Militia"]
    assert names(eng, state, me.hand) == ["Champion"] and state.rebuild_owed == 0


def test_the_builder_in_the_pool_rebuilds_any_razed_realm_for_one_card() -> None:
    # The Builder (hero, DU/117): "When in a pool, this champion allows a razed realm to be
    # rebuilt by discarding only one card, instead of the normal three." With it in the pool
    # and one card in hand, the razed Vale may be rebuilt for that card; with it in the hand
    # instead (two cards), no rebuild is offered.
    eng = _engine(THE_BUILDER)
    state = table(eng, side(realms=[("Vale", True), "Harbor"], hand=["Militia"],
                            pool=[THE_BUILDER]),
                  side(realms=["Citadel"]), phase=2)
    turn = Turn(eng, state)
    turn.play(f"{REBUILD} A")
    assert state.rebuild_owed == 1
    turn.play("Discard hand 0")
    me = state.table.players[0]
    assert me.razed[:2] == [False, False] and names(eng, state, me.discard) == ["Militia"]
    state = table(eng, side(realms=[("Vale", True), "Harbor"], hand=["Militia", THE_BUILDER]),
                  side(realms=["Citadel"]), phase=2)
    assert not any(lb.startswith(REBUILD) for lb in Turn(eng, state).labels())


def test_black_bess_with_an_empty_draw_pile_spares_that_players_pool() -> None:
    # [decided] A player with no card to draw notes no number: its champions stay (and the
    # game goes on: no card is drawn into a hand). Player_0 draws the Priest (22: digit 2):
    # its Knight (5) goes; player_1's pile is empty: its Wyrm (8) stays.
    eng = _engine(BLACK_BESS)
    state = table(eng, side(realms=["Vale"], hand=[BLACK_BESS, "Champion"], pool=["Knight"],
                            draw=["Priest", "Militia"]),
                  side(realms=["Harbor"], pool=["Wyrm"]), phase=3)
    state.table.players[1].draw.clear()
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")
    me, them = state.table.players
    assert me.pool == [] and names(eng, state, them.pool) == ["Wyrm"]
    assert state.result is None and state.phase == 3
