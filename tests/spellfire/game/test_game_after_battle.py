"""After-battle powers in the whole game (issue 13; seed 001): a realm discarded after the battle
leaves an empty formation slot, which the game accepts and refills first (RULES.md §1 phase 2).

Iuz the Evil (1st/167, monster 8) from the CrossFire data (skipped without it): "If defeated,
Iuz forces one razed enemy realm to be discarded, or razes one realm." Practice: Knight hero 5,
Giant ally +4.
"""

from __future__ import annotations

from combatzoo.envs.spellfire.game.config import GameConfig
from combatzoo.envs.spellfire.game.rules import SpellfireGameEngine

from tests.spellfire.battle.battle_helpers import side
from tests.spellfire.battle.test_card_powers import real

from .test_game_rules import FILLER, Turn, names, table

IUZ = "1st/167"


def test_iuz_empties_a_slot_that_the_next_realm_refills() -> None:
    eng = SpellfireGameEngine(GameConfig(pack="practice", extra_cards=real(IUZ)))
    # Player 0 holds only razed realms (Vale A, Harbor B). It attacks Iuz's realm with the
    # Knight and the Giant: 9 against 8, Iuz is defeated; the defender's realm is razed and the
    # attacker's spoils (Walls, a realm) are drawn; Iuz, defeated, discards a razed enemy
    # realm: none of player 0's stands, so the first razed one (Vale, slot A) is discarded.
    me = side(realms=[("Vale", True), ("Harbor", True)], hand=["Knight", "Giant"],
              draw=["Walls", *FILLER])
    state = table(eng, me, side(realms=["Citadel", "Academy"], hand=[IUZ]), phase=4,
                  battle={"step": "realm"})
    start = eng.clone(state)
    turn = Turn(eng, state)
    turn.play("Attack realm A")
    turn.play("Champion from hand 0")
    turn.play("Champion from hand 0", player=1)
    turn.play("Play hand 0")  # the Giant
    mine = state.table.players[0]
    assert names(eng, state, mine.discard)[-1] == "Vale" and mine.realms[0] is None
    assert "after_battle_realm" in turn.kinds()
    assert not eng.check_invariants(state, start)
    # The spoils realm goes into the emptied slot A (the first empty slot).
    start = eng.clone(state)
    turn.play("Play realm from hand")
    assert names(eng, state, [mine.realms[0]]) == ["Walls"]
    assert not eng.check_invariants(state, start)
