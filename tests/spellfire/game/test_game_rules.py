"""The whole Spellfire game, phase by phase, with scripted turns (RULES.md §1 "Table": formation,
pool, 55-card game, turn phases). Tables are hand-written states of the practice pack plus
hand-made cards (``battle_helpers.card``)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from combatzoo.envs.core.errors import StateError
from combatzoo.envs.spellfire.cards.cards import CardType, World
from combatzoo.envs.spellfire.game.config import GameConfig
from combatzoo.envs.spellfire.game.rules import GameState, SpellfireGameEngine

from tests.scripting import Script
from tests.spellfire.battle.battle_helpers import card, k, side

# Hand-made cards: a second realm named like a practice realm, realms and holdings of two
# worlds, an avatar, a Greyhawk artifact.
VALE_TWIN = card(1, "Practice Vale", CardType.REALM)
GH_REALM = card(2, "Greyhawk Keep", CardType.REALM, world=World.GREYHAWK)
GH_HOLDING = card(3, "Greyhawk Tower", CardType.HOLDING, world=World.GREYHAWK)
FR_HOLDING = card(4, "Realms Tower", CardType.HOLDING)
AVATAR = card(5, "Avatar", CardType.HERO, level=9)
GH_ARTIFACT = card(6, "Greyhawk Rod", CardType.ARTIFACT, bonus=2, world=World.GREYHAWK)
EXTRA = (VALE_TWIN, GH_REALM, GH_HOLDING, FR_HOLDING,
         card(7, "Avatar Hero", CardType.HERO, level=9), GH_ARTIFACT)
REALMS = ["Vale", "Harbor", "Walls", "Citadel", "Academy"]
FILLER = ["Militia"] * 6


def engine(**options: Any) -> SpellfireGameEngine:
    return SpellfireGameEngine(GameConfig(pack="practice", extra_cards=EXTRA, **options))


def avatar_engine(**options: Any) -> SpellfireGameEngine:
    from dataclasses import replace

    avatar = replace(EXTRA[4], avatar=True)
    return SpellfireGameEngine(GameConfig(pack="practice",
                                          extra_cards=(*EXTRA[:4], avatar, EXTRA[5]), **options))


def table(eng: SpellfireGameEngine, me: dict[str, Any], them: dict[str, Any], *,
          phase: int = 2, turn: int = 1, attacker: int = 0,
          game: dict[str, Any] | None = None, battle: dict[str, Any] | None = None
          ) -> GameState:
    for s in (me, them):
        if not s.get("draw"):
            s["draw"] = [k(c) for c in FILLER]
    players = [me, them] if attacker == 0 else [them, me]
    data = {"system": "spellfire", "mode": "game", "attacker": attacker, "phase": phase,
            "turn": turn, "players": players,
            "battle": battle or {"step": "over", "outcome": "no_attack"},
            "game": game or {}}
    return eng.from_json(data)


class Turn(Script):
    engine: SpellfireGameEngine
    state: GameState

    def labels(self, player: int = 0) -> list[str]:
        return [self.engine.action_label(a, self.state, player)
                for a in self.engine.legal_actions(self.state, player)]

    def play(self, label: str, player: int = 0) -> None:
        """Apply the legal action whose label (with card names) starts with ``label``."""
        for a in self.engine.legal_actions(self.state, player):
            if self.engine.action_label(a, self.state, player).startswith(label):
                self.events += self.engine.apply(self.state, {player: a})
                return
        raise AssertionError(f"no legal action {label!r}; legal: {self.labels(player)}")


def names(eng: SpellfireGameEngine, state: GameState, zone: list[int]) -> list[str]:
    return [eng.facts(state.table.cards[i]).name.removeprefix("Practice ") for i in zone]


# --- setup, phases 0 and 1 --------------------------------------------------------------------


def test_new_game_deals_opening_hands_and_first_draw() -> None:
    # RULES.md §1: opening hand 5, draw 3 in phase 1; 55-card practice decks.
    eng = engine(first="player_1")
    state = eng.new_game(np.random.default_rng(3))
    assert state.turn == 1 and state.on_turn == 1
    assert len(state.table.players[1].hand) + len(state.table.players[1].draw) == 55
    assert len(state.table.players[0].hand) == 5 and len(state.table.players[0].draw) == 50
    assert len(state.table.players[1].hand) + len(state.table.players[1].pool) + sum(
        r is not None for r in state.table.players[1].realms) >= 8 - 1
    assert not eng.check_invariants(state, state)
    assert eng.to_act(state) == [1]


def test_turn_passes_after_phase_5_and_the_next_player_draws_three() -> None:
    eng = engine()
    me = side(realms=["Vale"], hand=["Militia"])
    them = side(realms=["Harbor"], hand=["Squire"], draw=["Walls", *FILLER])
    state = table(eng, me, them, phase=2)
    turn = Turn(eng, state)
    turn.play("Done with this phase")  # nothing playable in phase 3, no attacker: turn ends
    assert state.on_turn == 1 and state.turn == 2 and state.phase == 2
    assert len(state.table.players[1].hand) == 1 + 3 and len(state.table.players[1].draw) == 4
    assert Turn(eng, state).labels(1) == ["Done with this phase",
                                          "Play realm from hand 1: Practice Walls"]


# --- phase 2: realms and holdings ---------------------------------------------------------------


def test_realms_fill_the_formation_in_order_one_per_turn() -> None:
    eng = engine()
    me = side(realms=["Vale"], hand=["Harbor", "Walls", "T/4"])
    state = table(eng, me, side(realms=["Citadel"]))
    turn = Turn(eng, state)
    turn.play("Play realm from hand 0")  # Harbor goes into B, the next slot after A
    assert names(eng, state, [state.table.players[0].realms[1]]) == ["Harbor"]
    # One realm per turn: Walls may no longer be played.
    assert not any(x.startswith("Play realm") for x in turn.labels())


def test_an_emptied_slot_is_refilled_first() -> None:
    eng = engine()
    me = side(realms=[None, "Vale", "Harbor"], hand=["Walls"])
    state = table(eng, me, side(realms=["Citadel"]))
    Turn(eng, state).play("Play realm from hand 0")
    assert names(eng, state, [state.table.players[0].realms[0]]) == ["Walls"]


def test_only_one_realm_of_a_name_in_play_across_both_players() -> None:
    eng = engine()
    me = side(realms=["Harbor"], hand=["T/1", "Walls"])  # T/1 is a second "Practice Vale"
    state = table(eng, me, side(realms=["Vale"]))
    labels = Turn(eng, state).labels()
    assert "Play realm from hand 1: Practice Walls" in labels
    assert not any(x.startswith("Play realm from hand 0") for x in labels)


def test_rebuild_a_razed_realm_instead_of_a_new_one_for_three_cards_from_the_hand() -> None:
    # RULES.md §1 phase 2: one realm play per turn, a new realm or a rebuild; the rebuild costs
    # three cards from the hand, chosen by the player, before the phase goes on.
    eng = engine()
    me = side(realms=["Vale", ("Harbor", True)], hand=["Walls", "T/4", "Knight", "Sword"])
    state = table(eng, me, side(realms=["Citadel"]))
    turn = Turn(eng, state)
    assert "Rebuild razed realm B: Practice Harbor" in turn.labels()
    turn.play("Rebuild razed realm B")
    mine = state.table.players[0]
    assert mine.razed[1] is False and state.realm_played
    # Now only the three discards, one at a time: no "done", no holding (T/4 would fit A).
    for left, name in ((4, "Knight"), (3, "Sword"), (2, "Walls")):
        labels = turn.labels()
        assert len(labels) == left and all(x.startswith("Discard") for x in labels)
        turn.play(next(x for x in labels if x.endswith(name)))
    assert names(eng, state, mine.hand) == ["Realms Tower"]
    assert len(mine.discard) == 3 and state.rebuild_owed == 0 and state.phase == 2
    # Paid: the phase goes on with its holding play and "done", and no second realm play.
    labels = turn.labels()
    assert not any(x.startswith(("Play realm", "Rebuild", "Discard")) for x in labels)
    assert "Play holding from hand 0 onto realm A: Realms Tower" in labels
    assert any(x.startswith("Done") for x in labels)


def test_no_rebuild_with_fewer_than_three_cards_in_hand() -> None:
    eng = engine()
    me = side(realms=["Vale", ("Harbor", True)], hand=["Knight", "Sword"])
    state = table(eng, me, side(realms=["Citadel"]))
    assert not any(x.startswith("Rebuild") for x in Turn(eng, state).labels())


def test_a_rebuild_half_paid_survives_the_state_json() -> None:
    eng = engine()
    me = side(realms=["Vale", ("Harbor", True)], hand=["Walls", "T/4", "Knight", "Sword"])
    state = table(eng, me, side(realms=["Citadel"]))
    turn = Turn(eng, state)
    turn.play("Rebuild razed realm B")
    turn.play(turn.labels()[0])
    again = eng.from_json(eng.to_json(state))
    assert again.rebuild_owed == 2
    assert eng.legal_actions(again, 0) == eng.legal_actions(state, 0)
    data = eng.to_json(state)
    data["phase"] = 3  # cards are owed for a rebuild only in phase 2
    with pytest.raises(StateError, match="rebuild_owed"):
        eng.from_json(data)


def test_holding_goes_on_a_standing_realm_of_its_world_once_per_turn() -> None:
    eng = engine()
    # Knight and Sword keep the phase open after the holding (a rebuild stays possible).
    me = side(realms=["Vale", "T/2", ("Harbor", True)], hand=["T/3", "T/4", "Knight", "Sword"])
    state = table(eng, me, side(realms=["Citadel"]))
    turn = Turn(eng, state)
    labels = turn.labels()
    # Greyhawk Tower (hand 0) fits only Greyhawk Keep (B); Realms Tower (hand 1) only Vale (A);
    # the razed Harbor takes none.
    assert [x for x in labels if x.startswith("Play holding")] == [
        "Play holding from hand 0 onto realm B: Greyhawk Tower",
        "Play holding from hand 1 onto realm A: Realms Tower"]
    turn.play("Play holding from hand 0 onto realm B")
    assert names(eng, state, [state.table.players[0].holdings[1]]) == ["Greyhawk Tower"]
    assert not any(x.startswith("Play holding") for x in turn.labels())


# --- phase 3: the pool ----------------------------------------------------------------------


def test_champions_items_and_one_artifact_of_the_same_world() -> None:
    eng = engine()
    me = side(realms=["Vale"], hand=["Knight", "Sword", "Orb", "T/6"])
    state = table(eng, me, side(realms=["Citadel"]), phase=3)
    turn = Turn(eng, state)
    assert not any(x.startswith("Attach") for x in turn.labels())  # no champion in the pool
    turn.play("Put champion from hand 0 into the pool")
    labels = turn.labels()
    assert "Attach hand 0 to pool champion 0: Practice Sword to Practice Knight" in labels
    assert "Attach hand 1 to pool champion 0: Practice Orb to Practice Knight" in labels
    # Greyhawk Rod does not fit a Forgotten Realms champion.
    assert not any(x.startswith("Attach hand 2") for x in labels)
    turn.play("Attach hand 1 to pool champion 0")  # the Orb: the one artifact
    turn.play("Attach hand 0 to pool champion 0")  # the Sword: any number of items
    knight = state.table.players[0].pool[0]
    assert names(eng, state, state.table.players[0].attached[knight]) == ["Orb", "Sword"]
    # The Rod fits nobody: phase 3 has nothing left and the attack (phase 4) begins.
    assert state.phase == 4 and names(eng, state, state.table.players[0].hand) == ["Greyhawk Rod"]


def test_avatars_stay_out_of_the_pool_and_the_pool_is_capped() -> None:
    eng = avatar_engine(pool_slots=10)
    pool = ["Mage", "Priest", "Rogue", "Seer", "Shark", "Griffon", "Wyrm", "Knight", "Ghoul"]
    me = side(realms=["Vale"], hand=["T/7", "Champion", "Knight"], pool=pool)
    state = table(eng, me, side(realms=["Citadel"]), phase=3)
    # The avatar (hand 0) never enters; the pool takes one more champion, up to its 10 slots.
    turn = Turn(eng, state)
    assert turn.labels() == ["Done with this phase",
                             "Put champion from hand 1 into the pool: Practice Champion",
                             "Put champion from hand 2 into the pool: Practice Knight"]
    turn.play("Put champion from hand 1")
    assert len(state.table.players[0].pool) == 10 and state.phase == 4


def test_a_full_pool_presents_no_champion_from_the_hand() -> None:
    eng = engine(pool_slots=10)  # ten champions fill it
    pool = ["Mage", "Priest", "Rogue", "Seer", "Mage", "Knight", "Ghoul", "Priest", "Knight",
            "Rogue"]
    # Realm B of player_1 is shielded by A: only a flyer (the Griffon, in hand) could reach it.
    state = table(eng, side(realms=["Vale"], hand=["Griffon", "Champion"], pool=pool),
                  side(realms=["Harbor", "Walls"]), phase=4, battle={"step": "realm"})
    turn = Turn(eng, state)
    assert [x.split(":")[0] for x in turn.labels()] == ["Make no attack / end the attack",
                                                        "Attack realm A"]
    turn.play("Attack realm A")
    assert all(x.startswith("Champion from pool") for x in turn.labels())
    assert not eng.check_invariants(state, state)


def test_ten_champions_in_the_default_pool_leave_the_hand_champions_playable() -> None:
    # Issue 13: every card in hand can be played. The default pool has 14 slots, so the same
    # table as above (ten pool champions) still lets the Griffon (a flyer, in hand) attack the
    # shielded realm B, and present itself.
    eng = engine()
    pool = ["Mage", "Priest", "Rogue", "Seer", "Mage", "Knight", "Ghoul", "Priest", "Knight",
            "Rogue"]
    state = table(eng, side(realms=["Vale"], hand=["Griffon", "Champion"], pool=pool),
                  side(realms=["Harbor", "Walls"]), phase=4, battle={"step": "realm"})
    turn = Turn(eng, state)
    assert [x.split(":")[0] for x in turn.labels()] == ["Make no attack / end the attack",
                                                        "Attack realm A", "Attack realm B"]
    turn.play("Attack realm B")
    assert [x.split(":")[0] for x in turn.labels()] == ["Champion from hand 0"]


# --- phase 4: one attack through the battle engine --------------------------------------------


def test_the_attack_is_optional_and_a_won_battle_razes_and_draws_spoils() -> None:
    eng = engine()
    me = side(realms=["Vale"], hand=["Knight"], draw=["Griffon", *FILLER])
    state = table(eng, me, side(realms=["Harbor"], hand=["Militia"]), phase=4,
                  battle={"step": "realm"})
    turn = Turn(eng, state)
    assert turn.labels()[0] == "Make no attack / end the attack"
    turn.play("Attack realm A")
    turn.play("Champion from hand 0")
    turn.play("Decline to defend", player=1)  # seed 001: razed, spoils to the attacker
    assert state.table.players[1].razed[0]
    # Seed 001: the spoils champion may be played at once (into the pool) or kept.
    assert turn.labels() == ["Put champion from hand 0 into the pool: Practice Griffon",
                             "Keep the spoils card in hand: Practice Griffon"]
    turn.play("Put champion from hand 0")
    assert names(eng, state, state.table.players[0].pool) == ["Knight", "Griffon"]
    assert state.phase != 4 and state.table.battle.step == "over"
    assert state.table.battle.outcome == "razed"


def test_no_attack_passes_to_phase_5() -> None:
    eng = engine()
    me = side(realms=["Vale"], hand=["Knight", *FILLER, "Squire", "Squire"])
    state = table(eng, me, side(realms=["Harbor"]), phase=4, battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Make no attack")
    assert state.phase == 5 and state.table.battle.outcome == "no_attack"


def test_spoils_realm_already_in_play_goes_to_the_hand() -> None:
    eng = engine()
    me = side(realms=["Harbor"], hand=["Knight"], draw=["T/1", *FILLER])
    state = table(eng, me, side(realms=["Vale", "Walls"]), phase=4, battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Attack realm A")
    turn.play("Champion from hand 0")
    turn.play("Decline to defend", player=1)
    assert state.table.players[0].realms[1] is None
    assert "Practice Vale" in [eng.facts(state.table.cards[i]).name
                               for i in state.table.players[0].hand]
    assert "spoils_to_hand" in turn.kinds()


@pytest.mark.parametrize(("realms", "where"), [(["Vale", "T/2"], "B"), (["Vale"], None)])
def test_spoils_holding_goes_to_a_realm_of_its_world_or_to_the_hand(realms: list[str],
                                                                    where: str | None) -> None:
    eng = engine()
    me = side(realms=realms, hand=["Knight"], draw=["T/3", *FILLER])  # T/3: Greyhawk Tower
    state = table(eng, me, side(realms=["Harbor", "Walls"]), phase=4, battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Attack realm A")
    turn.play("Champion from hand 0")
    turn.play("Decline to defend", player=1)
    if where is not None:  # seed 001: played at once, onto the realm of its world only
        assert turn.labels() == [f"Play holding from hand 0 onto realm {where}: Greyhawk Tower",
                                 "Keep the spoils card in hand: Greyhawk Tower"]
        turn.play(f"Play holding from hand 0 onto realm {where}")
    holdings = state.table.players[0].holdings
    if where is None:
        assert holdings == [None] * 6
        assert "Greyhawk Tower" in names(eng, state, state.table.players[0].hand)
    else:
        assert names(eng, state, [holdings[1]]) == ["Greyhawk Tower"] and holdings[0] is None


# --- phase 5: hand limit ----------------------------------------------------------------------


def test_discard_down_to_eight_then_the_turn_ends() -> None:
    eng = engine()
    hand = ["Knight", "Sword", "Bolt", "Militia", "Giant", "Squire", "Punch", "Rally",
            "Haste", "Blessing"]
    state = table(eng, side(realms=["Vale"], hand=hand), side(realms=["Harbor"], hand=["Walls"]),
                  phase=5)
    turn = Turn(eng, state)
    assert turn.labels()[:2] == ["Discard hand 0: Practice Knight", "Discard hand 1: "
                                                                    "Practice Sword"]
    assert len(turn.labels()) == 10
    turn.play("Discard hand 2")
    assert state.phase == 5 and state.on_turn == 0
    turn.play("Discard hand 0")
    assert len(state.table.players[0].hand) == 8 and state.on_turn == 1
    assert names(eng, state, state.table.players[0].discard) == ["Bolt", "Knight"]


# --- the end of the game ----------------------------------------------------------------------


def test_six_unrazed_realms_win_at_once() -> None:
    eng = engine()
    state = table(eng, side(realms=REALMS, hand=["Peak"]), side(realms=["T/2"]))
    turn = Turn(eng, state)
    turn.play("Play realm from hand 0")
    assert eng.is_over(state) and state.result == "six_realms" and state.winner == 0
    assert eng.returns(state) == [1.0, -1.0] and eng.to_act(state) == []


def test_six_realms_with_one_razed_do_not_win() -> None:
    eng = engine()
    state = table(eng, side(realms=[*REALMS[:4], ("Academy", True)], hand=["Peak"]),
                  side(realms=["T/2"]))
    Turn(eng, state).play("Play realm from hand 0")
    assert not eng.is_over(state)


@pytest.mark.parametrize(("mine", "theirs", "winner"), [
    (["Vale", "Harbor"], ["Walls"], 0),  # most unrazed realms
    (["Vale"], ["Walls", ("Citadel", True)], 1),  # same unrazed: most razed
    (["Vale"], ["Walls"], None),  # a draw
])
def test_drawing_from_an_empty_pile_ends_the_game(mine: list[Any], theirs: list[Any],
                                                  winner: int | None) -> None:
    eng = engine()
    them = side(realms=theirs, draw=["Militia"])  # player_1 must draw 3 from a pile of 1
    state = table(eng, side(realms=mine), them, phase=2)
    Turn(eng, state).play("Done with this phase")  # phases 3-5 ask nothing; player_1 draws
    assert state.result == "deck_out" and state.winner == winner
    assert eng.returns(state) == ([0.0, 0.0] if winner is None else
                                  [1.0, -1.0] if winner == 0 else [-1.0, 1.0])


def test_turn_limit_stops_the_game_with_no_winner() -> None:
    eng = engine(max_turns=3)
    state = table(eng, side(realms=["Vale"], hand=["Militia"]), side(realms=["Harbor"]),
                  phase=2, turn=3)
    Turn(eng, state).play("Done with this phase")
    assert state.result == "turn_limit" and eng.returns(state) == [0.0, 0.0]
    assert eng.info(state, 0)["result"] == "turn_limit"


# --- JSON, views, hidden information ----------------------------------------------------------


def test_json_round_trip_and_errors() -> None:
    eng = engine()
    state = eng.new_game(np.random.default_rng(0))
    data = eng.to_json(state)
    assert data["mode"] == "game" and set(data["game"]) == {"realm_played", "holding_played",
                                                            "rebuild_owed", "result", "winner"}
    again = eng.from_json(data)
    assert eng.to_json(again) == data
    for p in (0, 1):
        assert np.array_equal(eng.observe(again, p), eng.observe(state, p))
    with pytest.raises(StateError, match="state.game.result"):
        eng.from_json({**data, "game": {**data["game"], "result": "won"}})
    with pytest.raises(StateError, match="only phase 4"):
        eng.from_json({**data, "phase": 2, "battle": {"step": "realm"}})


def test_view_and_observation_hide_the_opponents_hand() -> None:
    eng = engine()
    state = eng.new_game(np.random.default_rng(1))
    p = state.on_turn
    view = eng.view(state, p)
    assert view["mode"] == "game" and view["phase"] == state.phase
    assert "hand" not in view["opponent"] and view["opponent"]["hand_count"] == len(
        state.table.players[1 - p].hand)
    assert all("kind" in e for e in view["legal"])
    text = str(view)
    other = state.table.players[1 - p]
    hidden = {eng.facts(state.table.cards[i]).key for i in other.hand + other.draw}
    shown = {eng.facts(state.table.cards[i]).key for i in other.discard}
    for key in hidden - shown - {eng.facts(state.table.cards[i]).key for i in
                                 state.table.players[p].hand + state.table.players[p].draw}:
        assert key not in text
    # The observation does not change when the opponent's hand and draw order change.
    before = eng.observe(state, p)
    other.hand.reverse()
    other.draw.reverse()
    state.cache.clear()
    state.table.cache.clear()
    assert np.array_equal(eng.observe(state, p), before)


# --- the heuristic bot's turn choices ---------------------------------------------------------


def bot_choice(eng: SpellfireGameEngine, state: GameState, player: int = 0) -> str:
    from combatzoo.agents.spellfire_game import HeuristicAgent

    action = HeuristicAgent().act(None, eng.legal_mask(state, player),
                                      eng.view(state, player))
    return eng.action_label(action, state, player)


def test_bot_builds_its_formation_then_its_pool() -> None:
    eng = engine()
    state = table(eng, side(realms=["Vale"], hand=["Sword", "Harbor", "T/4"]),
                  side(realms=["Citadel"]))
    assert bot_choice(eng, state) == "Play realm from hand 1: Practice Harbor"
    state = table(eng, side(realms=["Vale"], hand=["Sword", "Knight", "Rogue"]),
                  side(realms=["Citadel"]), phase=3)
    assert bot_choice(eng, state) == "Put champion from hand 1 into the pool: Practice Knight"


def test_bot_discards_a_realm_it_cannot_play_first() -> None:
    eng = engine()
    hand = ["Knight", "Sword", "Bolt", "Giant", "Harbor", "Punch", "Rally", "Haste", "T/1"]
    state = table(eng, side(realms=["Vale"], hand=hand), side(realms=["Walls"]), phase=5)
    # T/1 is a second "Practice Vale": it can never be played while Vale stands.
    assert bot_choice(eng, state) == "Discard hand 8: Practice Vale"


def test_bot_attacks_an_undefended_exposed_realm_and_holds_back_against_a_stronger_pool() -> None:
    eng = engine()
    state = table(eng, side(realms=["Vale"], hand=["Rogue"]), side(realms=["Harbor"]), phase=4,
                  battle={"step": "realm"})
    assert bot_choice(eng, state).startswith("Attack realm A")
    state = table(eng, side(realms=["Vale"], hand=["Rogue"]),
                  side(realms=["Harbor"], pool=["Wyrm"]), phase=4, battle={"step": "realm"})
    assert bot_choice(eng, state) == "Make no attack / end the attack"


def test_a_game_state_without_a_battle_has_a_finished_one_outside_phase_4() -> None:
    # Issue 13: outside phase 4 no battle is in progress, so a hand-written state may leave
    # "battle" out. In phase 4 the battle format's own default (a battle at its start) stays.
    eng = engine()
    me, them = side(realms=["Vale"], hand=["Walls"], draw=["Militia"] * 6), side(
        realms=["Citadel"], draw=["Militia"] * 6)
    data = {"system": "spellfire", "mode": "game", "attacker": 0, "phase": 2, "turn": 1,
            "players": [me, them], "game": {}}
    state = eng.from_json(data)
    assert state.table.battle.step == "over" and state.phase == 2
    assert "Play realm from hand 0: Practice Walls" in Turn(eng, state).labels()
