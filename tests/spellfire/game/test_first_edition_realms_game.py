"""The 1st Edition's last realm and holding cards (issue 13, first_b) in the whole game. Outcomes
are worked out by hand from the printed text (quoted in each test) and seed 000 (steps C-H)."""

from __future__ import annotations

from combatzoo.envs.spellfire.cards.cards import CardType, World
from combatzoo.envs.spellfire.game.config import GameConfig
from combatzoo.envs.spellfire.game.rules import SpellfireGameEngine

from tests.spellfire.battle.battle_helpers import card, side
from tests.spellfire.battle.test_card_powers import real
from tests.spellfire.game.test_game_rules import EXTRA, Turn, names, table

LEDOPOLUS = "1st/230"
"""South Ledopolus (holding, Dark Sun): "The attached realm can use any ally as a champion. The
ally is still discarded after the battle." """

DS_REALM = card(9, "Dark Sun Keep", CardType.REALM, world=World.DARK_SUN)
"""A Dark Sun realm to hold it (a holding goes on a realm of its world, RULES.md §1)."""


def test_south_ledopolus_lets_an_ally_defend_in_the_whole_game() -> None:
    (ledopolus,) = real(LEDOPOLUS)
    eng = SpellfireGameEngine(GameConfig(pack="practice",
                                         extra_cards=(*EXTRA, DS_REALM, ledopolus)))
    # Player 0 attacks the Dark Sun Keep (A) with the Priest (cleric, 3) from its pool; player 1
    # has no champion, only the Giant (+4) and the Militia (+2) in hand.
    me = side(realms=["Vale"], pool=["Priest"])
    them = side(realms=[("T/9", False, LEDOPOLUS), "Harbor"], hand=["Giant", "Militia"])
    state = table(eng, me, them, phase=4, battle={"step": "realm"})
    start = eng.clone(state)
    turn = Turn(eng, state)
    turn.play("Attack realm A")
    turn.play("Champion from pool 0")
    # "can use any ally as a champion": both allies are offered to defend (hand 0 and 1).
    offered = [x for x in turn.labels(1) if x.startswith("Champion from hand")]
    assert [x.split(":")[0] for x in offered] == ["Champion from hand 0",
                                                  "Champion from hand 1"]
    turn.play("Champion from hand 0", player=1)  # the Giant: level 4 against 3
    # The attacker has no card to play: the defender wins the round, the attack is repelled
    # and the Priest discarded; "the ally is still discarded after the battle": the Giant is
    # in player 1's discard pile, its pool empty (the game then plays on by itself: neither
    # player has anything left to decide).
    theirs = state.table.players[1]
    (over,) = turn.find("battle_over")
    assert over.data == {"outcome": "repelled", "winner": 1}
    assert theirs.pool == []
    assert "Giant" in names(eng, state, theirs.discard)
    assert "Priest" in names(eng, state, state.table.players[0].discard)
    assert not eng.check_invariants(state, start)
