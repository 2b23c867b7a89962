"""The last 1st Edition cards (issue 13, last1st): cards of the 1st Edition's "not modelled" and
"outside" lists read with the game's existing plays. Outcomes are worked out by hand from the
printed text (quoted in each test) and RULES.md §1 (phase 2: one realm play or one rebuild for
three cards from the hand; one holding on a realm of its world)."""

from __future__ import annotations

import dataclasses

import pytest
from combatzoo.envs.spellfire.cards.cards import CardType, Power, World
from combatzoo.envs.spellfire.cards.compiler import compile_card
from combatzoo.envs.spellfire.cards.crossfire import read_database
from combatzoo.envs.spellfire.cards.effects import EffectKind
from combatzoo.envs.spellfire.game.config import GameConfig
from combatzoo.envs.spellfire.game.rules import SpellfireGameEngine

from tests.spellfire.battle.battle_helpers import card, side
from tests.spellfire.battle.test_card_powers import CROSSFIRE, HAS_CROSSFIRE, real
from tests.spellfire.game.test_game_rules import EXTRA, Turn, names
from tests.spellfire.game.test_game_rules import table as game_table

ARMS = "1st/216"
"""Arms of the Shield Lands (holding, Greyhawk): "Attach this holding to a razed Greyhawk realm
to rebuild it instantly." """

GH_REALM_2 = card(8, "Greyhawk Hold", CardType.REALM, world=World.GREYHAWK)
"""A second Greyhawk realm (the practice Greyhawk Keep is T/2)."""


def _arms_game() -> tuple[SpellfireGameEngine, Turn]:
    (arms,) = real(ARMS)
    eng = SpellfireGameEngine(GameConfig(pack="practice",
                                         extra_cards=(*EXTRA, GH_REALM_2, arms)))
    # Realms: A Vale (standing), B Greyhawk Keep (standing, Greyhawk), C Harbor (razed, not
    # Greyhawk), D Greyhawk Hold (razed, Greyhawk). Hand: the Arms, a champion and an item
    # (they keep phase 2 and 3 open).
    me = side(realms=["Vale", "T/2", ("Harbor", True), ("T/8", True)],
              hand=[ARMS, "Knight", "Sword"])
    state = game_table(eng, me, side(realms=["Citadel"]))
    return eng, Turn(eng, state)


def test_arms_of_the_shield_lands_compile_to_a_rebuilding_holding() -> None:
    (arms,) = real(ARMS)
    assert arms.power is Power.MODELLED
    assert [e.kind for e in arms.effects] == [EffectKind.REBUILDS_RAZED_REALM]


def test_the_phrase_reads_only_the_holdings_own_world_and_the_whole_text() -> None:
    if not HAS_CROSSFIRE:
        pytest.skip(f"needs the CrossFire data at {CROSSFIRE}")
    db = read_database(CROSSFIRE)
    record = db.records[ARMS]
    # The same text on a Forgotten Realms holding names a realm of another world: not read.
    other = dataclasses.replace(record, world=int(World.FORGOTTEN_REALMS))
    assert compile_card(other)[1] is not Power.MODELLED
    # The 3rd Edition's Ancient Arms also razes another Greyhawk realm (chosen by the player):
    # that sentence is not read, so the card is not counted (nor given the effect).
    ancient = compile_card(db.records["3rd/216"])
    assert ancient[1] is not Power.MODELLED
    assert EffectKind.REBUILDS_RAZED_REALM not in [e.kind for e in ancient[0]]


def test_arms_of_the_shield_lands_go_only_on_a_razed_greyhawk_realm() -> None:
    _, turn = _arms_game()
    # "Attach ... to a razed Greyhawk realm": not the standing Greyhawk Keep (B), not the razed
    # Harbor (C, not Greyhawk), not the standing Vale (A): only Greyhawk Hold (D).
    assert [x for x in turn.labels() if x.startswith("Play holding")] == [
        "Play holding from hand 0 onto realm D: Arms of the Shield Lands"]


def test_arms_of_the_shield_lands_rebuild_their_realm_for_free() -> None:
    eng, turn = _arms_game()
    state = turn.state
    me = state.table.players[0]
    assert me.razed[3]
    turn.play("Play holding from hand 0 onto realm D")
    # "to rebuild it instantly": D stands again with the Arms on it; no three cards owed (the
    # hand keeps Knight and Sword), and the phase's realm play is still unused (RULES.md §1).
    assert not me.razed[3]
    assert names(eng, state, [me.holdings[3]]) == ["Arms of the Shield Lands"]
    assert names(eng, state, me.hand) == ["Knight", "Sword"]
    assert state.rebuild_owed == 0
    assert state.holding_played and not state.realm_played
    # The razed Harbor (C) stays razed.
    assert me.razed[2]


SILVER_HANDS = "1st/277"
"""Silver Hands (event): "All champions killed in the last battle are restored to the players'
pools. Play only after a battle is completely resolved." """
PLAY = "Play event or spell from hand"


def _silver_game() -> tuple[SpellfireGameEngine, Turn]:
    eng = SpellfireGameEngine(GameConfig(pack="practice", extra_cards=real(SILVER_HANDS)))
    # player_0 attacks with the Rogue (3) into player_1's Knight (5); the Mage in player_0's
    # discard pile fought in no battle. player_1 holds Silver Hands (and a Squire).
    me = side(realms=["Vale"], hand=["Squire"], pool=["Rogue"], discard=["Mage"])
    them = side(realms=["Harbor"], pool=["Knight"], hand=[SILVER_HANDS, "Rogue"])
    state = game_table(eng, me, them, phase=4, battle={"step": "realm"})
    return eng, Turn(eng, state)


def _to_phase_3(turn: Turn, player: int) -> None:
    """Both players pass on until ``player``'s phase 3 (the other keeps nothing back)."""
    for _ in range(40):
        s = turn.state
        if s.on_turn == player and s.phase == 3:
            return
        p = s.on_turn
        labels = turn.labels(p)
        first = next(x for x in ("Keep the spoils", "Done with this phase", "Make no attack",
                                 "Discard") if any(lb.startswith(x) for lb in labels))
        turn.play(first, p)
    raise AssertionError("phase 3 never came")


def test_silver_hands_wait_for_a_battle_with_a_champion_killed() -> None:
    eng = SpellfireGameEngine(GameConfig(pack="practice", extra_cards=real(SILVER_HANDS)))
    # No battle yet (the deal's "no attack"), a champion in the discard pile all the same:
    # "play only after a battle is completely resolved" with somebody killed in it.
    state = game_table(eng, side(realms=["Vale"], hand=[SILVER_HANDS, "Knight"],
                                 discard=["Rogue"]), side(realms=["Harbor"]), phase=3)
    assert not [x for x in Turn(eng, state).labels() if x.startswith(PLAY)]


def test_silver_hands_restore_both_players_killed_champions() -> None:
    eng, turn = _silver_game()
    state = turn.state
    turn.play("Attack realm A")
    turn.play("Champion from pool 0")
    turn.play("Champion from pool 0", 1)
    while state.table.battle.step != "over":  # player_0 (Rogue 3 against Knight 5) loses
        p = state.table.battle.to_play
        assert p is not None
        turn.play("Pass", p)
    me, them = state.table.players
    assert names(eng, state, me.discard) == ["Mage", "Rogue"]  # the Rogue was killed
    _to_phase_3(turn, 1)
    labels = [x for x in turn.labels(1) if x.startswith(PLAY)]
    assert labels == [f"{PLAY} 0 (outside battle): Silver Hands"]
    turn.play(f"{PLAY} 0", 1)
    # The Rogue, killed in the last battle, is back in player_0's pool; the Mage (no battle)
    # stays discarded; the Knight, who won, was never killed.
    assert names(eng, state, me.pool) == ["Rogue"]
    assert names(eng, state, me.discard) == ["Mage"]
    assert names(eng, state, them.pool) == ["Knight"]
    assert names(eng, state, them.discard) == ["Silver Hands"]


def test_silver_hands_compile_to_restore_killed() -> None:
    (silver,) = real(SILVER_HANDS)
    assert silver.power is Power.MODELLED
    assert [e.kind for e in silver.effects] == [EffectKind.RESTORE_KILLED]
