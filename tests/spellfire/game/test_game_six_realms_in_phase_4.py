"""Six unrazed realms win at once in phase 4 too (RULES.md §1): a realm played as spoils
(seed 001) completes the formation before the champion's second attack (seed 000, end).

Found by the search bot's sampler: the engine offered a second attack to a player who had
just played a sixth realm, a state its own ``from_json`` refuses."""

from __future__ import annotations

from combatzoo.envs.spellfire.cards.cards import CardType
from combatzoo.envs.spellfire.game.config import GameConfig
from combatzoo.envs.spellfire.game.rules import SpellfireGameEngine

from tests.spellfire.battle.battle_helpers import card, side

from .test_game_rules import EXTRA, FILLER, Turn, table


def _engine() -> SpellfireGameEngine:
    keeps = (card(20, "Far Keep", CardType.REALM), card(21, "Near Keep", CardType.REALM))
    return SpellfireGameEngine(GameConfig(pack="practice", extra_cards=(*EXTRA, *keeps)))


def _raid_with_five_realms() -> Turn:
    """Player 0 (five realms, slot F empty) attacks with the Champion, which may attack twice;
    player 1 declines: realm A razed, and the spoils card is the Peak, a realm."""
    eng = _engine()
    me = side(realms=["Citadel", "Vale", "Harbor", "Walls", "Academy"], pool=["Champion"],
              draw=["Peak", *FILLER])
    turn = Turn(eng, table(eng, me, side(realms=["T/20", "T/21"]), phase=4,
                           battle={"step": "realm"}))
    turn.play("Attack realm A")
    turn.play("Champion from pool 0")
    turn.play("Decline to defend", player=1)
    return turn


def test_a_sixth_realm_played_as_spoils_wins_before_a_second_attack() -> None:
    turn = _raid_with_five_realms()
    state = turn.state
    # Seed 001: the spoils card may be played at once (a realm: into the empty slot F).
    assert turn.labels() == ["Play realm from hand 0: Practice Peak",
                             "Keep the spoils card in hand: Practice Peak"]
    turn.play("Play realm from hand 0")
    # RULES.md §1: six unrazed realms at any moment win at once; no second attack follows.
    assert state.result == "six_realms" and state.winner == 0
    assert turn.engine.is_over(state) and turn.engine.returns(state) == [1.0, -1.0]
    assert "another_attack" not in turn.kinds() and turn.kinds()[-1] == "game_over"


def test_a_kept_realm_spoils_leaves_five_realms_and_the_second_attack() -> None:
    # The same raid, the Peak kept in hand: five realms, so the game goes on and the
    # Champion may attack realm B (its power: a second attack after a won battle).
    turn = _raid_with_five_realms()
    turn.play("Keep the spoils card in hand")
    assert turn.state.result is None and "another_attack" in turn.kinds()
    assert [x.split(":")[0] for x in turn.labels()] == [
        "Make no attack / end the attack", "Attack realm B"]
