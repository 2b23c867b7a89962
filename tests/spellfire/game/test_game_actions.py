"""The whole game's typed actions: ids, kinds and arguments (docs/spellfire_game.md "Actions"),
the JSON view's legal entries, and the observation's flags seen through the game's turn."""

from __future__ import annotations

import numpy as np
from combatzoo.envs.core.codec import Action, CoreKind
from combatzoo.envs.spellfire.battle.actions import ActionKind
from combatzoo.envs.spellfire.battle.config import SpellfireConfig
from combatzoo.envs.spellfire.battle.rules import SpellfireEngine
from combatzoo.envs.spellfire.battle.state import SpellfireState
from combatzoo.envs.spellfire.game.actions import GameActionKind
from combatzoo.envs.spellfire.game.config import GameConfig
from combatzoo.envs.spellfire.game.rules import GameState, SpellfireGameEngine

from tests.spellfire.battle.battle_helpers import side
from tests.spellfire.game.test_game_rules import engine, table

K = GameActionKind


def test_the_game_holds_a_battle_engine_and_its_state_holds_the_table() -> None:
    eng = engine()
    assert not isinstance(eng, SpellfireEngine) and isinstance(eng.battle, SpellfireEngine)
    state = eng.new_game(np.random.default_rng(0))
    assert not isinstance(state, SpellfireState) and isinstance(state.table, SpellfireState)
    assert (state.phase, state.turn, state.on_turn) == (state.table.phase, state.table.turn,
                                                         state.table.attacker)


def test_ids_of_the_codec_with_10_pool_slots() -> None:
    # 15 hand and 10 pool slots. Battle ids 0..50 (1 no attack, 2..7 attack A..F,
    # 8..22 champion from hand, 23..32 from pool, 33 decline, 34 realm defends, 35..49 play,
    # 50 pass); then the turn's, laid out in docs/spellfire_game.md.
    eng = SpellfireGameEngine(GameConfig(pool_slots=10))
    decode = eng.decode_action
    assert eng.codec.n == 359 + 15 + 2 + 12 + 20 == eng.spec.num_actions
    assert decode(0).kind is CoreKind.NOOP
    assert decode(3) == Action.of(ActionKind.ATTACK_REALM, slot=1)
    assert decode(50) == Action.of(ActionKind.PASS)
    assert decode(51) == Action.of(K.END_PHASE)
    assert decode(53) == Action.of(K.PLAY_REALM, hand=1)
    assert decode(69) == Action.of(K.REBUILD_REALM, slot=2)
    assert decode(73 + 4 * 6 + 5) == Action.of(K.PLAY_HOLDING, hand=4, slot=5)
    assert decode(163 + 14) == Action.of(K.CHAMPION_TO_POOL, hand=14)
    assert decode(178 + 2 * 10 + 7) == Action.of(K.ATTACH_ITEM, hand=2, pool=7)
    assert decode(342) == Action.of(K.DISCARD, hand=14)
    assert decode(343) == Action.of(K.KEEP_SPOILS)  # seed 001: spoils kept for later
    assert decode(344 + 14) == Action.of(K.PLAY_RULE, hand=14)  # RULES.md §1 phase 0
    # Issue 13 (outside): phase 3's events and spells acting outside battles, their targets.
    assert decode(359 + 3) == Action.of(K.PLAY_OUTSIDE, hand=3)
    assert decode(374) == Action.of(K.TARGET_PLAYER, side=0)
    assert decode(375) == Action.of(K.TARGET_PLAYER, side=1)
    assert decode(376 + 6 + 1) == Action.of(K.TARGET_REALM, side=1, slot=1)
    assert eng.codec.label(376 + 6 + 1) == "Target the opponent's realm B"
    assert eng.codec.label(374) == "Target myself"
    assert decode(388 + 10 + 3) == Action.of(K.TARGET_CHAMPION, side=1, pool=3)
    assert eng.codec.label(73 + 4 * 6 + 5) == "Play holding from hand 4 onto realm F"
    assert eng.codec.label(178 + 2 * 10 + 7) == "Attach hand 2 to pool champion 7"


def test_ids_of_the_default_codec_with_14_pool_slots() -> None:
    # Defaults: 15 hand and 14 pool slots (issue 13: every champion in hand can be played).
    # Each pool slot adds one "champion from pool" id and 15 "attach hand card to it" ids:
    # 359 + 4 * 16 = 423, and 29 + 28 for the cards acting outside battles (issue 13): 480.
    # Battle ids: 23..36 from pool, 37 decline, 38 realm defends, 39..53
    # play, 54 pass; the turn's ids follow, attach items at 182 + 14 * hand + pool.
    eng = SpellfireGameEngine()
    decode = eng.decode_action
    assert eng.codec.n == 480 == eng.spec.num_actions
    assert decode(36) == Action.of(ActionKind.CHAMPION_FROM_POOL, pool=13)
    assert decode(54) == Action.of(ActionKind.PASS)
    assert decode(55) == Action.of(K.END_PHASE)
    assert decode(182 + 14 * 2 + 13) == Action.of(K.ATTACH_ITEM, hand=2, pool=13)
    assert decode(422) == Action.of(K.PLAY_RULE, hand=14)


def test_battle_ids_are_the_battle_codecs_and_every_id_is_typed() -> None:
    eng = SpellfireGameEngine()
    battle = SpellfireEngine(SpellfireConfig(hand_slots=15, pool_slots=14)).codec
    assert eng.codec.actions[:battle.n] == battle.actions
    assert eng.codec.labels[:battle.n] == battle.labels
    assert all(a.kind is not CoreKind.UNTYPED for a in eng.codec.actions)
    assert {a.kind for a in eng.codec.actions[battle.n:]} == set(GameActionKind)


def test_legal_entries_carry_kind_and_args() -> None:
    eng = engine()
    # Three cards in hand: enough to pay for a rebuild (RULES.md §1 phase 2).
    me = side(realms=["Vale", ("Harbor", True)], hand=["Walls", "T/4", "Knight"])
    state = table(eng, me, side(realms=["Citadel"]))
    entries = eng.view(state, 0)["legal"]
    # Realms Tower (T/4, hand 1) fits the Forgotten Realms Vale in slot A (0).
    assert [(e["kind"], e["args"]) for e in entries] == [
        ("end_phase", {}), ("play_realm", {"hand": 0}), ("rebuild_realm", {"slot": 1}),
        ("play_holding", {"hand": 1, "slot": 0})]
    assert entries[1]["label"] == "Play realm from hand 0: Practice Walls"
    assert eng.view(state, 1)["legal"] == [] and not eng.view(state, 1)["to_act"]


def test_the_player_on_turn_is_to_act_in_the_observation_outside_phase_4() -> None:
    eng = engine()
    state = table(eng, side(realms=["Vale"], hand=["Harbor"]), side(realms=["Citadel"]))
    to_act = eng.layout.start["to_act"]
    assert eng.observe(state, 0)[to_act] == 1.0 and eng.observe(state, 1)[to_act] == 0.0
    # The battle engine alone sees a finished battle that asks nobody.
    assert eng.battle.observe(state.table, 0)[to_act] == 0.0


def full_pool_state(eng: SpellfireGameEngine) -> GameState:
    pool = ["Mage", "Priest", "Rogue", "Seer", "Mage", "Knight", "Ghoul", "Priest", "Knight",
            "Rogue"]
    state = table(eng, side(realms=["Vale"], hand=["Griffon", "Champion"], pool=pool),
                  side(realms=["Harbor", "Walls"]), phase=4, battle={"step": "realm"})
    eng.apply(state, {0: eng.codec.encode(Action.of(ActionKind.ATTACK_REALM, slot=0))})
    return state


def test_a_full_pool_offers_no_hand_champion_in_mask_or_observation() -> None:
    eng = engine(pool_slots=10)  # ten champions fill it
    state = full_pool_state(eng)
    hand_flags = eng.layout.start["my_hand_flags"]
    pool_flags = eng.layout.start["my_pool_flags"]
    # The battle engine alone would offer the two hand champions (flag 2 * i + 1) ...
    battle_obs = eng.battle.observe(state.table, 0)
    assert battle_obs[hand_flags + 1] == battle_obs[hand_flags + 3] == 1.0
    # ... the game offers only its ten pool champions (flag 4 * j + 3).
    obs = eng.observe(state, 0)
    assert obs[hand_flags + 1] == obs[hand_flags + 3] == 0.0
    assert [obs[pool_flags + 4 * j + 3] for j in range(10)] == [1.0] * 10
    kinds = {e["kind"] for e in eng.view(state, 0)["legal"]}
    assert kinds == {"champion_from_pool"}
