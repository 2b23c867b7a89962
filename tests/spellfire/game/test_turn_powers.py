"""Issue 13 (turn2): a realm's power at the start of its player's turn (``game/turn_powers.py``).

Real cards (CrossFire data when present, else the built-in pack; a test skips without them) in
whole games of practice cards (``pack="practice"``): the Knight is a hero 5, the Rogue a thief
3, the Griffon a flying monster 6, the Wyrm a flying dragon 8; the Squire an ally +1; the
Watchtower a holding of no world. Each scene begins at phase 4 of player_1's turn: player_1
makes no attack and ends it, and player_0's turn starts. Outcomes computed by hand from the
printed words (paraphrased in each test).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from combatzoo.envs.spellfire.cards.cards import Card, CardType
from combatzoo.envs.spellfire.cards.effects import Effect, EffectKind
from combatzoo.envs.spellfire.cards.pack import Power
from combatzoo.envs.spellfire.game.config import GameConfig
from combatzoo.envs.spellfire.game.rules import SpellfireGameEngine

from ..battle.battle_helpers import side
from ..battle.test_card_powers import real
from .test_game_rules import Turn, names, table
from .test_outside_powers import _finish_turn

K = EffectKind
BROTHERHOOD, BROTHERHOOD_3RD, HORNED_SOCIETY = "1st/135", "3rd/135", "3rd/117"
MARCO_VOLO, CRYSTAL_BALL, CRIME_LORD = "1st/50", "1st/199", "1st/55"


def _engine(*keys: str) -> SpellfireGameEngine:
    return SpellfireGameEngine(GameConfig(pack="practice", extra_cards=real(*keys)))


def _next_turn(eng: SpellfireGameEngine, mine: dict, theirs: dict) -> Turn:
    """Player_1 (on turn, at phase 4) makes no attack and ends its turn: player_0's begins."""
    state = table(eng, theirs, mine, phase=4, attacker=1, battle={"step": "realm"})
    turn = Turn(eng, state)
    assert state.on_turn == 1
    turn.play("Make no attack", 1)
    assert state.on_turn == 0 and state.phase >= 1
    return turn


def test_scarlet_brotherhood_compiles_to_its_start_of_turn_power() -> None:
    # "Player can eliminate one champion from any pool at the start of his turn. This realm
    # is then razed." Both sentences are read: one effect, modelled.
    for key in (BROTHERHOOD, BROTHERHOOD_3RD):
        (card,) = real(key)
        assert card.type == CardType.REALM
        assert card.effects == (Effect(K.KILL_AT_TURN_START),)
        assert card.power is Power.MODELLED


def test_scarlet_brotherhood_eliminates_the_strongest_opposing_champion_and_is_razed() -> None:
    # As player_0's turn starts, the Brotherhood (realm A, standing) eliminates one champion:
    # [decided] the strongest of the other pool, the Griffon (6) over the Knight (5) and the
    # Rogue (3); it goes to player_1's discard pile, and the Brotherhood is then razed, with
    # its holding (the Watchtower) discarded. Player_0's own Knight stays.
    eng = _engine(BROTHERHOOD)
    turn = _next_turn(eng,
                      side(realms=[(BROTHERHOOD, False, "Watchtower"), "Vale"], hand=["Knight"],
                           pool=["Knight"], draw=["Squire"] * 6),
                      side(realms=["Harbor"], pool=["Knight", "Griffon", "Rogue"]))
    state = turn.state
    me, them = state.table.players
    assert names(eng, state, them.pool) == ["Knight", "Rogue"]
    assert names(eng, state, them.discard) == ["Griffon"]
    assert me.razed[:2] == [True, False]
    assert me.holdings[0] is None
    assert names(eng, state, me.discard) == ["Watchtower"]
    assert names(eng, state, me.pool) == ["Knight"]
    assert [e.kind for e in turn.events if e.kind in (
        "champion_eliminated", "realm_razed_by_power")] == [
        "champion_eliminated", "realm_razed_by_power"]


def test_scarlet_brotherhood_keeps_standing_with_no_opposing_champion() -> None:
    # [decided] "Can": with no champion in the other pool the player does not use it (it
    # would eliminate one of its own): the Brotherhood stays standing, its own Knight stays.
    eng = _engine(BROTHERHOOD)
    turn = _next_turn(eng,
                      side(realms=[BROTHERHOOD, "Vale"], hand=["Knight"], pool=["Knight"],
                           draw=["Squire"] * 6),
                      side(realms=["Harbor"]))
    me = turn.state.table.players[0]
    assert me.razed[:2] == [False, False]
    assert names(eng, turn.state, me.pool) == ["Knight"]
    assert not any(e.kind == "champion_eliminated" for e in turn.events)


def test_a_razed_scarlet_brotherhood_does_nothing() -> None:
    # Only a realm in play acts: a razed Brotherhood eliminates nobody.
    eng = _engine(BROTHERHOOD)
    turn = _next_turn(eng,
                      side(realms=[(BROTHERHOOD, True), "Vale"], hand=["Knight"],
                           draw=["Squire"] * 6),
                      side(realms=["Harbor"], pool=["Griffon"]))
    assert names(eng, turn.state, turn.state.table.players[1].pool) == ["Griffon"]


def test_scarlet_brotherhood_acts_only_at_its_own_players_turn() -> None:
    # "At the start of HIS turn": player_1's Brotherhood does not act as player_0's turn
    # starts, and player_0's Knight stays in its pool.
    eng = _engine(BROTHERHOOD)
    turn = _next_turn(eng,
                      side(realms=["Vale"], hand=["Knight"], pool=["Knight"],
                           draw=["Squire"] * 6),
                      side(realms=[BROTHERHOOD, "Harbor"], pool=["Griffon"]))
    state = turn.state
    assert names(eng, state, state.table.players[0].pool) == ["Knight"]
    assert state.table.players[1].razed[:2] == [False, False]



def test_horned_society_compiles_to_its_start_of_turn_power() -> None:
    # "At the start of this player's turn, send one champion to Limbo until the end of that
    # player's next turn." One sentence, one effect, modelled.
    (card,) = real(HORNED_SOCIETY)
    assert card.effects == (Effect(K.LIMBO_AT_TURN_START),)
    assert card.power is Power.MODELLED


def test_horned_society_sends_the_strongest_opposing_champion_to_limbo_for_a_turn() -> None:
    # As player_0's turn starts, the Horned Society sends one champion to Limbo: [decided]
    # the other pool's strongest, the Griffon (6) over the Knight (5), to player_1's Limbo.
    # "Until the end of that player's next turn": it is away through player_1's next turn and
    # back in its pool as that turn ends; then player_0's next turn starts and the Society
    # sends it again (still the strongest).
    eng = _engine(HORNED_SOCIETY)
    turn = _next_turn(eng,
                      side(realms=[HORNED_SOCIETY, "Vale"], hand=["Knight"],
                           draw=["Squire"] * 6),
                      side(realms=["Harbor"], pool=["Knight", "Griffon"],
                           draw=["Squire"] * 6))
    state = turn.state
    them = state.table.players[1]
    assert names(eng, state, them.limbo) == ["Griffon"]
    assert names(eng, state, them.pool) == ["Knight"]
    assert state.table.players[0].razed[:2] == [False, False]  # the Society stays standing
    _finish_turn(turn, 0)
    assert state.on_turn == 1  # player_1's next turn: the Griffon is still away
    assert names(eng, state, them.limbo) == ["Griffon"] and state.returning == them.limbo
    assert names(eng, state, them.pool) == ["Knight"]
    turn.events.clear()
    _finish_turn(turn, 1)
    kinds = [e.kind for e in turn.events if "limbo" in e.kind]
    assert kinds == ["champion_returns_from_limbo", "champion_sent_to_limbo"]
    assert names(eng, state, them.limbo) == ["Griffon"]
    assert names(eng, state, them.pool) == ["Knight"]



def test_marco_volo_and_the_crystal_ball_compile_to_discard_from_top() -> None:
    # Marco Volo: "At the start of the player's turn, he can look at the top card of any draw
    # pile and discard it if he wants." Ren's Crystal Ball: "At the beginning of his turn, the
    # owner of Ren's Crystal Ball can inspect the top three cards of any deck and discard one."
    for key, count in (("1st/50", 1), ("3rd/50", 1), ("1st/199", 3), ("3rd/199", 3)):
        (card,) = real(key)
        assert card.effects == (Effect(K.DISCARD_FROM_TOP, count=count),), key
        assert card.power is Power.MODELLED, key


def test_marco_volo_discards_the_top_card_of_the_other_draw_pile() -> None:
    # Marco Volo in player_0's pool: as its turn starts, it looks at the top card of player_1's
    # draw pile (the Militia) and [decided] discards it; the rest stay in order. Player_0's
    # own pile only gives its phase-1 draw.
    eng = _engine(MARCO_VOLO)
    turn = _next_turn(eng,
                      side(realms=["Vale"], hand=["Knight"], pool=[MARCO_VOLO],
                           draw=["Squire"] * 6),
                      side(realms=["Harbor"], pool=["Rogue"],
                           draw=["Militia", "Knight", "Griffon", "Squire"]))
    them = turn.state.table.players[1]
    assert names(eng, turn.state, them.draw) == ["Knight", "Griffon", "Squire"]
    assert names(eng, turn.state, them.discard) == ["Militia"]


def test_rens_crystal_ball_discards_the_best_of_the_top_three_cards() -> None:
    # Ren's Crystal Ball carried by player_0's Priest: it inspects the top three cards of
    # player_1's draw pile (Squire, Knight 5, Griffon 6) and discards one: [decided] the one
    # it least wants player_1 to draw, the highest champion, the Griffon. The Wyrm (4th) is
    # not looked at and stays.
    eng = _engine(CRYSTAL_BALL)
    turn = _next_turn(eng,
                      side(realms=["Vale"], hand=["Knight"], pool=[("Priest", [CRYSTAL_BALL])],
                           draw=["Squire"] * 6),
                      side(realms=["Harbor"], pool=["Rogue"],
                           draw=["Squire", "Knight", "Griffon", "Wyrm"]))
    them = turn.state.table.players[1]
    assert names(eng, turn.state, them.draw) == ["Squire", "Knight", "Wyrm"]
    assert names(eng, turn.state, them.discard) == ["Griffon"]



def test_crime_lord_compiles_to_a_champion_with_a_power_outside_battles() -> None:
    # Crime Lord (a hero 7): "The Crime Lord can also be played as an event to destroy one
    # holding. The destroyed holding and the Crime Lord are discarded."
    for key in (CRIME_LORD, "3rd/55"):
        (card,) = real(key)
        assert card.type == CardType.HERO and card.level.level == 7
        assert card.effects == (Effect(K.DISCARD_HOLDING),) and card.power is Power.MODELLED


def test_crime_lord_played_as_an_event_destroys_a_holding() -> None:
    # In phase 3 the Crime Lord in hand is offered both as a champion for the pool and as an
    # event; as an event it destroys one holding (the Watchtower on player_1's realm B, the
    # only holding in play): the holding and the Crime Lord go to their owners' discard piles,
    # the realm stays standing.
    eng = _engine(CRIME_LORD)
    state = table(eng, side(realms=["Vale"], hand=[CRIME_LORD, "Knight"]),
                  side(realms=["Harbor", ("Walls", False, "Watchtower")]), phase=3)
    turn = Turn(eng, state)
    labels = turn.labels(0)
    assert "Play event or spell from hand 0 (outside battle): Crime Lord" in labels
    assert "Put champion from hand 0 into the pool: Crime Lord" in labels
    turn.play("Play event or spell from hand 0")
    assert turn.labels(0) == ["Target the opponent's realm B: Practice Walls"]
    turn.play("Target the opponent's realm B")
    me, them = state.table.players
    assert them.holdings[1] is None and them.razed[:2] == [False, False]
    assert names(eng, state, them.discard) == ["Watchtower"]
    assert names(eng, state, me.discard) == ["Crime Lord"]
    assert names(eng, state, me.hand) == ["Knight"] and me.pool == []


def test_crime_lord_is_not_offered_as_an_event_with_no_holding_in_play() -> None:
    # No holding to destroy: only its champion play is offered.
    eng = _engine(CRIME_LORD)
    state = table(eng, side(realms=["Vale"], hand=[CRIME_LORD, "Knight"]),
                  side(realms=["Harbor"]), phase=3)
    labels = Turn(eng, state).labels(0)
    assert not any(lb.startswith("Play event or spell") for lb in labels)
    assert "Put champion from hand 0 into the pool: Crime Lord" in labels



def test_crime_lord_still_fights_as_a_champion() -> None:
    # "Can ALSO be played as an event": in a battle it is still a champion from the hand
    # (seed 000 step C), offered to the defender of the attacked realm.
    eng = _engine(CRIME_LORD)
    state = table(eng, side(realms=["Vale"], hand=["Squire"], pool=["Rogue"]),
                  side(realms=["Harbor"], hand=[CRIME_LORD]), phase=4, battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Attack realm A")
    turn.play("Champion from pool 0")
    assert "Champion from hand 0: Crime Lord" in turn.labels(1)


def turn_power_trace(x: Card) -> bool:
    """Whether realm ``x``, whose first effect acts at the start of its player's turn, leaves a
    trace as player_0's turn starts (the smoke test's check) that the same realm without
    effects does not."""
    return _turn_events(x) != _turn_events(replace(x, effects=()))


def _turn_events(x: Card) -> list[Any]:
    eng = SpellfireGameEngine(GameConfig(pack="practice", extra_cards=(x,)))
    if x.type == CardType.REALM:
        mine = side(realms=[x.key, "Vale"], hand=["Knight"], draw=["Squire"] * 6)
    elif x.is_champion:
        mine = side(realms=["Vale"], hand=["Knight"], pool=[x.key], draw=["Squire"] * 6)
    else:  # carried by a pool champion
        mine = side(realms=["Vale"], hand=["Knight"], pool=[("Priest", [x.key])],
                    draw=["Squire"] * 6)
    turn = _next_turn(eng, mine, side(realms=["Harbor"], pool=["Griffon"],
                                      draw=["Knight", "Squire", "Militia"]))
    return [(e.kind, e.data) for e in turn.events] + [eng.to_json(turn.state)]


def test_the_smoke_trace_sees_the_brotherhood() -> None:
    (card,) = real(BROTHERHOOD)
    assert turn_power_trace(card)


def test_the_smoke_trace_sees_the_horned_society() -> None:
    (card,) = real(HORNED_SOCIETY)
    assert turn_power_trace(card)


def test_the_smoke_trace_sees_marco_volo_and_the_crystal_ball() -> None:
    for card in real(MARCO_VOLO, CRYSTAL_BALL):
        assert turn_power_trace(card)
