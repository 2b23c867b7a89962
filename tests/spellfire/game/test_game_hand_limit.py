"""``hand_size`` in the whole game (issue 13; RULES.md §1 phase 5: discard down to the hand
limit). The Great Kingdom (1st/123, realm): "The player's maximum hand increases by two." The
Mud Palace (1st/228, holding): "The Mud Palace increases hand size by two cards." Both are in
the built-in pack; the game's limit is 8 [src]."""

from __future__ import annotations

from combatzoo.envs.spellfire.cards.pack import load_builtin_pack
from combatzoo.envs.spellfire.game.config import GameConfig
from combatzoo.envs.spellfire.game.rules import SpellfireGameEngine

from tests.spellfire.battle.battle_helpers import side

from .test_game_rules import Turn, table

KINGDOM, MUD_PALACE = "1st/123", "1st/228"
HAND = ["Knight", "Sword", "Bolt", "Militia", "Giant", "Squire", "Punch", "Rally", "Haste",
        "Blessing", "Knight", "Sword", "Bolt"]


def engine() -> SpellfireGameEngine:
    pack = load_builtin_pack()
    return SpellfireGameEngine(GameConfig(pack="practice", extra_cards=(
        pack.cards[KINGDOM], pack.cards[MUD_PALACE])))


def test_the_great_kingdom_and_the_mud_palace_raise_the_hand_limit() -> None:
    eng = engine()
    # 8 + 2 (The Great Kingdom) + 2 (The Mud Palace on it) = 12: 13 cards, one to discard.
    state = table(eng, side(realms=[(KINGDOM, False, MUD_PALACE), "Vale"], hand=HAND),
                  side(realms=["Harbor"]), phase=5)
    turn = Turn(eng, state)
    assert eng.hand_limit(state, 0) == 12 and eng.hand_limit(state, 1) == 8
    assert eng.view(state, 0)["hand_limit"] == 12
    assert len(turn.labels()) == 13  # discard any one of the 13
    turn.play("Discard hand 0")
    # One discard and the turn ends (player_1's turn follows: it has nothing to do, so play
    # comes back to player_0, who draws again).
    assert len(state.table.players[0].discard) == 1
    limit, = turn.find("hand_limit")
    assert limit.data == {"limit": 12, "cards": [KINGDOM, MUD_PALACE]} and limit.player == 0
    assert "keeps 12 cards" in limit.text
    assert [e.player for e in turn.find("turn_started")][:1] == [1]


def test_a_razed_realm_gives_no_hand_size() -> None:
    eng = engine()
    # The Great Kingdom razed: no power, the limit is 8 and 10 cards means two discards.
    state = table(eng, side(realms=[(KINGDOM, True), "Vale"], hand=HAND[:10]),
                  side(realms=["Harbor"]), phase=5)
    turn = Turn(eng, state)
    assert eng.hand_limit(state, 0) == 8
    turn.play("Discard hand 0")
    assert state.on_turn == 0 and state.phase == 5
    turn.play("Discard hand 0")
    assert len(state.table.players[0].discard) == 2 and turn.find("turn_started")
    assert not turn.find("hand_limit")
