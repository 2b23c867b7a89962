"""Issue 13 (lasting): in the whole game, a card whose power lasts "until the player's next
turn" acts in every battle until that turn, then goes to its owner's discard pile.

Real cards (CrossFire data when present, else the built-in pack; a test skips without them)
in whole games of practice cards (``pack="practice"``): the Knight is a hero 5, the Rogue a
thief 3, the Mage a wizard 4, the Griffon a flying monster 6; the Militia an ally +2, the Squire
an ally +1; the realms have no power that changes a total. Outcomes computed by hand from the
printed words (paraphrased in each test).
"""

from __future__ import annotations

from combatzoo.envs.spellfire.cards.compiler import card_from_record
from combatzoo.envs.spellfire.cards.crossfire import read_database
from combatzoo.envs.spellfire.game.config import GameConfig
from combatzoo.envs.spellfire.game.rules import SpellfireGameEngine
from combatzoo.envs.spellfire.game.state import GameState

from ..battle.battle_helpers import side
from ..battle.test_card_powers import CROSSFIRE, real
from .test_game_rules import Turn, names, table

FORTUNATE_OMENS, MIST_WOLF, FAITHFUL_HOUND, CHARGE = "1st/92", "1st/175", "1st/387", "1st/205"


def _engine(*keys: str) -> SpellfireGameEngine:
    return SpellfireGameEngine(GameConfig(pack="practice", extra_cards=real(*keys)))


def _choose(turn: Turn, player: int, prefix: str, name: str) -> None:
    """Play the legal action of ``player`` whose label starts with ``prefix`` and names
    ``name`` (pool slots move as champions come back)."""
    for label in turn.labels(player):
        if label.startswith(prefix) and name in label:
            turn.play(label, player)
            return
    raise AssertionError(f"no {prefix!r} naming {name!r}: {turn.labels(player)}")


def _champions(turn: Turn, player: int) -> list[str]:
    return sorted(label.split(": Practice ")[1] for label in turn.labels(player)
                  if label.startswith("Champion from"))


def _attackers(eng: SpellfireGameEngine, state: GameState, player: int = 0) -> list[str]:
    """The champions ``player`` is offered to attack realm A with (on a copy)."""
    turn = Turn(eng, eng.clone(state))
    turn.play("Attack realm A", player)
    return _champions(turn, player)


def _to_attack(turn: Turn, player: int) -> None:
    """Phases 2 and 3 of ``player``'s turn: done (no rebuild), up to the attack."""
    while turn.state.phase < 4:
        turn.play("Done with this phase", player)


def _totals(turn: Turn) -> str:
    return [e.text for e in turn.events if e.kind == "totals"][-1]


def test_the_compiler_marks_every_card_that_lasts_until_a_next_turn() -> None:
    # The words: "until the player's next turn" (Faithful Hound, Fortunate Omens, Mist Wolf),
    # "until the end of this player's next turn" (Charge!).
    for key, how in ((FAITHFUL_HOUND, "turn_start"), (FORTUNATE_OMENS, "turn_start"),
                     (CHARGE, "turn_end")):
        assert real(key)[0].lasting == how
    db = read_database(CROSSFIRE) if CROSSFIRE.exists() else None
    if db is not None:  # Mist Wolf; a truce (Mutiny!) is GameState.truce, not lasting
        assert card_from_record(db.get(MIST_WOLF)).lasting == "turn_start"
        assert card_from_record(db.get("1st/168")).lasting == ""
        # "until the current player's next turn" (Berserk Fury!): the player on turn's.
        assert card_from_record(db.get("1st/180")).lasting == "current_turn_start"


def test_faithful_hound_bars_non_flyers_through_the_opponents_next_turn() -> None:
    # Faithful Hound (event): only flyers can attack any realm until the player's next turn.
    # Player_1 plays it in its own turn 2: it covers player_0's turn 3 and ends as player_1's
    # turn 4 begins.
    eng = _engine(FAITHFUL_HOUND)
    state = table(eng, side(realms=["Harbor"], hand=["Knight", FAITHFUL_HOUND],
                            draw=["Militia"] * 12),
                  side(realms=["Vale"], pool=["Rogue", "Griffon"], draw=["Squire"] * 12),
                  phase=4, turn=2, attacker=1, battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Attack realm A", 1)
    turn.play("Champion from hand 0", 1)
    _choose(turn, 0, "Champion from pool", "Griffon")
    turn.play("Play hand 0: Faithful Hound", 1)  # 5 against 6: player_1 plays it
    # Its own battle: the Knight cannot fly, the battle ends with no victor (powers.wall).
    over, = [e for e in turn.events if e.kind == "battle_over"]
    assert over.data == {"outcome": "ended", "winner": None}
    assert names(eng, state, state.table.players[1].lasting) == ["Faithful Hound"]
    assert state.turn == 3 and state.on_turn == 0 and state.phase == 4
    assert _attackers(eng, state) == ["Griffon"]  # the Rogue cannot fly
    turn.play("Make no attack", 0)
    # Turn 4 (player_1's) begins: the Hound goes to player_1's discard pile.
    assert state.turn == 4 and state.table.players[1].lasting == []
    assert "Faithful Hound" in names(eng, state, state.table.players[1].discard)
    _to_attack(turn, 1)
    turn.play("Make no attack", 1)
    _to_attack(turn, 0)
    assert state.turn == 5 and _attackers(eng, state) == ["Griffon", "Rogue"]


def test_fortunate_omens_adds_three_to_allies_in_a_later_battle_until_the_next_turn() -> None:
    # Fortunate Omens (event): all allies gain 3 levels until the player's next turn.
    eng = _engine(FORTUNATE_OMENS)
    state = table(eng, side(realms=["Harbor", "Academy"], hand=["Knight", "Militia",
                                                                FORTUNATE_OMENS],
                            pool=["Mage"], draw=["Militia"] * 12),
                  side(realms=["Vale", "Walls"], pool=["Griffon", "Rogue"],
                       draw=["Squire"] * 12),
                  phase=4, turn=2, attacker=1, battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Attack realm A", 1)
    turn.play("Champion from hand 0", 1)
    _choose(turn, 0, "Champion from pool", "Griffon")
    turn.play("Play hand 1: Fortunate Omens", 1)
    turn.play("Play hand 0: Practice Militia", 1)
    # Knight 5 + Militia (2 + 3) = 10 against the Griffon's 6: the Vale is razed.
    assert _totals(turn) == "totals: player_0 6, player_1 10; player_1 is winning"
    assert state.table.players[0].razed[0]
    assert names(eng, state, state.table.players[1].lasting) == ["Fortunate Omens"]
    # Turn 3 (player_0's): the Rogue (3) attacks the Harbor, the Knight (5) defends; the
    # Squire (+1) gains 3 too: 3 + 4 = 7.
    _to_attack(turn, 0)
    turn.play("Attack realm A", 0)
    _choose(turn, 0, "Champion from pool", "Rogue")
    _choose(turn, 1, "Champion from pool", "Knight")
    turn.play("Play hand 0: Practice Squire", 0)
    assert _totals(turn) == "totals: player_0 7, player_1 5; player_0 is winning"
    turn.play("Pass", 1)
    # Turn 4 (player_1's) begins: the Omens are no longer in effect.
    assert state.turn == 4 and state.table.players[1].lasting == []
    assert "Fortunate Omens" in names(eng, state, state.table.players[1].discard)
    _to_attack(turn, 1)
    turn.play("Make no attack", 1)
    # Turn 5: the same Rogue and Squire against the Mage (4): 3 + 1 = 4, a tie, the
    # defender's.
    _to_attack(turn, 0)
    turn.play("Attack realm B", 0)
    _choose(turn, 0, "Champion from pool", "Rogue")
    _choose(turn, 1, "Champion from pool", "Mage")
    turn.play("Play hand 0: Practice Squire", 0)
    assert _totals(turn) == "totals: player_0 4, player_1 4; player_1 is winning"


def test_mist_wolf_bars_allies_in_the_next_battle_until_the_players_next_turn() -> None:
    # Mist Wolf (event): no allies can be played until this player's next turn; allies in
    # play are discarded at once. The Seer is a psionicist 4 with no power.
    eng = _engine(MIST_WOLF)
    state = table(eng, side(realms=["Harbor", "Academy"], hand=["Knight", MIST_WOLF, "Militia"],
                            pool=["Mage"], draw=["Militia"] * 12),
                  side(realms=["Vale", "Walls"], pool=["Griffon", "Rogue", "Seer"],
                       draw=["Squire"] * 12),
                  phase=4, turn=2, attacker=1, battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Attack realm A", 1)
    turn.play("Champion from hand 0", 1)
    _choose(turn, 0, "Champion from pool", "Griffon")
    assert "Play hand 1: Practice Militia" in turn.labels(1)
    turn.play("Play hand 0: Mist Wolf", 1)
    # The Militia is barred now: player_1 has nothing to play and the round ends by itself,
    # 5 against 6: the Knight is defeated, the attack repelled; the Militia stays in hand.
    over, = [e for e in turn.events if e.kind == "battle_over"]
    assert over.data == {"outcome": "repelled", "winner": 0}
    assert "Militia" in names(eng, state, state.table.players[1].hand)
    assert names(eng, state, state.table.players[1].lasting) == ["Mist Wolf"]
    # Turn 3 (player_0's): the Rogue (3) against the Mage (4); its Squires are barred, so it
    # has nothing to play and loses the round at once.
    _to_attack(turn, 0)
    turn.play("Attack realm A", 0)
    _choose(turn, 0, "Champion from pool", "Rogue")
    _choose(turn, 1, "Champion from pool", "Mage")
    assert "player_1 wins round 1 (4 to 3)" in [e.text for e in turn.events]
    assert names(eng, state, state.table.players[0].hand).count("Squire") == 4  # 3 + spoils
    # Turn 4 begins: the Wolf goes to player_1's discard pile; in turn 5 a Squire plays.
    assert state.turn == 4 and state.table.players[1].lasting == []
    assert "Mist Wolf" in names(eng, state, state.table.players[1].discard)
    _to_attack(turn, 1)
    turn.play("Make no attack", 1)
    _to_attack(turn, 0)
    turn.play("Attack realm A", 0)
    _choose(turn, 0, "Champion from pool", "Seer")
    _choose(turn, 1, "Champion from pool", "Mage")
    assert state.turn == 5  # 4 against 4, the defender's: player_0 plays
    assert "Play hand 0: Practice Squire" in turn.labels(0)


def test_a_lasting_card_survives_the_state_json_and_the_copy() -> None:
    # A state with Fortunate Omens in player_1's lasting until turn 4 (written by hand).
    eng = _engine(FORTUNATE_OMENS)
    state = table(eng, side(realms=["Vale"], draw=["Squire"] * 12),
                  {**side(realms=["Harbor"], draw=["Militia"] * 12),
                   "lasting": [FORTUNATE_OMENS]}, phase=2, turn=3, attacker=0,
                  game={})
    inst, = state.table.players[1].lasting
    assert state.lasting_until == {inst: 4}  # left out: until player_1's next turn
    data = eng.to_json(state)
    assert data["players"][1]["lasting"] == [inst]
    assert data["game"]["lasting_until"] == {str(inst): 4}
    back = eng.from_json(data)
    assert back.lasting_until == {inst: 4} and back.table.players[1].lasting == [inst]
    copy = eng.clone(state)
    copy.table.players[1].lasting.clear()
    assert state.table.players[1].lasting == [inst]
    view = eng.observer.view(eng, state, 0)
    assert view["lasting"] == [{"player": "player_1", "name": "Fortunate Omens",
                                "key": FORTUNATE_OMENS, "until": 4}]


def test_until_the_end_of_the_next_turn_lasts_through_that_turn() -> None:
    # Charge! (event), "until the end of this player's next turn": in player_1's lasting
    # during player_0's turn 3 (written by hand: until player_1's next turn, 4), it is still
    # in effect as turn 4 begins and leaves as turn 4 ends.
    eng = _engine(CHARGE)
    state = table(eng, side(realms=["Vale"], pool=["Rogue"], draw=["Squire"] * 12),
                  {**side(realms=["Harbor"], pool=["Knight"], draw=["Militia"] * 12),
                   "lasting": [CHARGE]}, phase=4, turn=3, attacker=0,
                  battle={"step": "realm"})
    turn = Turn(eng, state)
    inst, = state.table.players[1].lasting
    assert state.lasting_until == {inst: 4}
    turn.play("Make no attack", 0)
    assert state.turn == 4 and state.table.players[1].lasting == [inst]
    _to_attack(turn, 1)
    turn.play("Make no attack", 1)
    assert state.turn == 5 and state.table.players[1].lasting == []
    assert names(eng, state, state.table.players[1].discard) == ["Charge!"]


def test_a_lasting_wall_spell_guards_its_casters_realms_only() -> None:
    # Rock to Mud (wizard spell): only flyers can attack this player's realms until the
    # player's next turn. In player_1's lasting (written by hand): player_0's non-flyers may
    # not attack player_1's realm; in a state where player_1 attacks, its own wall stops
    # nothing (an event's wall, Faithful Hound's "any realm", would).
    eng = _engine("1st/389", FAITHFUL_HOUND)
    for owner_attacks in (False, True):
        me = side(realms=["Vale"], pool=["Rogue", "Griffon"], draw=["Squire"] * 12)
        them = {**side(realms=["Harbor"], pool=["Knight"], draw=["Militia"] * 12,
                       discard=[FAITHFUL_HOUND]), "lasting": ["1st/389"]}
        if owner_attacks:
            me, them = {**them, "pool": [{"champion": "PR/20"}, {"champion": "PR/23"}]}, me
        state = table(eng, me, them, phase=4, turn=3, attacker=1 if owner_attacks else 0,
                      battle={"step": "realm"})
        got = _attackers(eng, state, 1 if owner_attacks else 0)
        assert got == (["Griffon", "Knight"] if owner_attacks else ["Griffon"])
        state.table.players[1].lasting.clear()  # Faithful Hound instead: no realm open
        hound = state.table.cards.index(FAITHFUL_HOUND)
        state.table.players[state.table.owner[hound]].discard.remove(hound)
        state.table.players[state.table.owner[hound]].lasting.append(hound)
        eng.battle.touch(state.table)
        state.cache.clear()
        assert _attackers(eng, state, 1 if owner_attacks else 0) == ["Griffon"]


def test_the_search_bots_sampled_state_keeps_the_lasting_cards() -> None:
    # The view shows them (public), so the sampler puts them into the states it searches,
    # each with its turn.
    import numpy as np
    from combatzoo.agents.mcts import load_sampler

    eng = _engine(FORTUNATE_OMENS)
    state = table(eng, side(realms=["Vale"], pool=["Rogue"], draw=["Squire"] * 12),
                  {**side(realms=["Harbor"], pool=["Knight"], draw=["Militia"] * 12),
                   "lasting": [FORTUNATE_OMENS]}, phase=4, turn=3, attacker=0,
                  battle={"step": "realm"})
    sample, _ = load_sampler("spellfire_game")
    view = eng.view(state, 0)
    sampled = sample(eng, view, 0, np.random.default_rng(5))
    inst, = sampled.table.players[1].lasting
    assert sampled.table.cards[inst] == FORTUNATE_OMENS and sampled.lasting_until == {inst: 4}
    assert eng.view(sampled, 0)["lasting"] == view["lasting"]


def test_monstrous_intervention_lets_only_monsters_attack_until_it_ends() -> None:
    # Monstrous Intervention (4th Edition event): only monsters can attack until the end of
    # this player's next turn. In player_1's lasting (written by hand) during player_0's
    # turn: the Griffon (a monster) is offered, the Rogue (a thief) is not.
    eng = _engine("4th/148")
    state = table(eng, side(realms=["Vale"], pool=["Rogue", "Griffon"], draw=["Squire"] * 12),
                  {**side(realms=["Harbor"], pool=["Knight"], draw=["Militia"] * 12),
                   "lasting": ["4th/148"]}, phase=4, turn=3, attacker=0,
                  battle={"step": "realm"})
    assert _attackers(eng, state) == ["Griffon"]
