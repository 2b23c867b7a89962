"""Issue 13 (out4th): 4th Edition events and phase-3 spells, and the booster sets' spells of
the same kinds, acting outside battles (phase 3 of the whole game, ``game/outside_4th.py``).

Real cards (CrossFire data when present, else the built-in pack; a test skips without them)
in whole games of practice cards (``pack="practice"``): the Knight is a hero 5, the Rogue a
thief 3, the Mage a wizard 4 (immune to offensive spells), the Priest a cleric 3, the Seer a
psionicist 4, the Griffon a monster 6; the Squire an ally +1, the Militia +2, the Giant +4; the
Sword a magical item +2, the Shield +1, the Orb an artifact +3; the Bolt a wizard spell, the
Blessing a cleric spell. Merika (4th/326) is an elf hero 3, Stug (4th/226) an elf ally +2.
Outcomes computed by hand from the printed words (paraphrased in each test). A card's
"weakest" / "best" is by printed level (champions) or bonus (the other cards), the
[decided] reading of a choice the game's actions do not ask for.
"""

from __future__ import annotations

import numpy as np
import pytest
from combatzoo.agents.samplers.spellfire import sample
from combatzoo.envs.spellfire.cards import crossfire as cf
from combatzoo.envs.spellfire.cards.cards import CardType, Power
from combatzoo.envs.spellfire.cards.compiler import compile_card
from combatzoo.envs.spellfire.cards.effects import Condition, Effect, EffectKind
from combatzoo.envs.spellfire.game.outside_4th import FOR_GOOD

from ..battle.battle_helpers import side
from ..cards.test_compiler import CROSSFIRE
from .test_game_rules import Turn, names, table
from .test_outside_powers import PLAY, _engine, _finish_turn, _outside_labels

K = EffectKind
LABOR, TRANSFORMATION, HURRICANE, PROVOCATION = "4th/122", "4th/125", "4th/140", "4th/144"
ELVEN_REBIRTH, WALL_OF_FOG, FEAR, RAISE_DEAD = "4th/150", "4th/371", "4th/372", "4th/401"
CREEPING_DOOM, WARD_OF_SLEEP, ENTHRALL, LOCATE = "4th/402", "4th/406", "4th/419", "4th/422"
MERIKA, STUG = "4th/326", "4th/226"
DEJA_VU, ESPIONAGE, TRANSMUTE, OTTO = "AR/100", "BR/18", "BR/54", "BR/61"
RECALL, GATEWAY, PSI_DISINTEGRATION, DISSOLUTION = "DL/74", "DL/113", "DU/73", "DU/104"
CREEPING_DOOM_FR, COLD_CUP, HEAL = "FR/28", "FR/102", "RL/45"
ORACLE, DEATH_FIELD, DISJUNCTION, SACRED_FLAME = "4th/503", "DU/81", "RR/46", "MI/37"
FAIRY_MADNESS, CIDRE, DEATH_FOG, DRAIN_WILL = "NO/186", "4th/348", "4th/376", "DU/75"
BREATH_OF_DEATH, ANNAM, FIRETRAIL, GOLD_DRAGON = "UD/63", "4th/480", "DR/50", "1st/188"
EARTHEN_GRASP, SPECTRAL_DRAGON, LADONNA = "UD/39", "DU/93", "DL/28"

SPELLS = (int(CardType.WIZARD_SPELL), int(CardType.CLERIC_SPELL))
ITEMS = (int(CardType.MAGICAL_ITEM), int(CardType.ARTIFACT))


# --- the compiler: every sentence read, in the order printed -----------------------------------


@pytest.mark.skipif(not (CROSSFIRE / "DataBase").is_dir(), reason="needs the CrossFire data")
@pytest.mark.parametrize(("key", "effects"), [
    # "This player draws three cards. All other players must discard one card."
    (HURRICANE, (Effect(K.DRAW_NOW, amount=3), Effect(K.OTHERS_DISCARD, amount=1))),
    # "... discard their hands immediately and draw five new cards."
    (TRANSFORMATION, (Effect(K.NEW_HANDS, amount=5),)),
    (WALL_OF_FOG, (Effect(K.TRUCE_NOW),)),  # "... until this player's next turn"
    (RAISE_DEAD, (Effect(K.RAISE_DEAD),)),  # "... from this player's discard pile ..."
    (PROVOCATION, (Effect(K.RESHUFFLE_DISCARDS),)),
    (ELVEN_REBIRTH, (Effect(K.DISCARDS_BACK, attributes=(14,), mark="all"),)),
    (RECALL, (Effect(K.DISCARDS_BACK, card_types=SPELLS),)),
    (ENTHRALL, (Effect(K.BENCH_POOL), Effect(K.NO_ATTACK_THIS_TURN))),
    (FEAR, (Effect(K.BENCH_FOR_GOOD),)),
    (OTTO, (Effect(K.BENCH_FOR_GOOD),)),  # "... until the dance is dispelled"
    (CREEPING_DOOM, (Effect(K.RAZE_BARE_REALM),)),
    (CREEPING_DOOM_FR, (Effect(K.RAZE_BARE_REALM),)),
    (DISSOLUTION, (Effect(K.DISCARD_RAZED_REALM),)),
    (GATEWAY, (Effect(K.CHAMPION_TO_ABYSS),)),
    (WARD_OF_SLEEP, (Effect(K.DISCARD_TO_ABYSS),)),
    (LOCATE, (Effect(K.ITEM_TO_TOP, card_types=ITEMS),)),
    (LABOR, (Effect(K.REBUILD_BY_CHAMPION),)),
    (COLD_CUP, (Effect(K.HAND_DOWN_TO, amount=5),)),
    (HEAL, (Effect(K.RETRIEVE_CARD),)),
    (TRANSMUTE, (Effect(K.DESTROY_POOL_ITEM),)),
    (DEJA_VU, (Effect(K.STACK_OPPONENT_DRAW, count=3, mark="discard"),)),
    (ESPIONAGE, (Effect(K.STACK_OPPONENT_DRAW, count=4),)),
    # "Cannot be used in a deck containing Disintegrate": a deck rule; then Disintegrate's text.
    (PSI_DISINTEGRATION, (Effect(K.DESTROY_REALM), Effect(K.NO_ATTACK_THIS_TURN))),
    (ORACLE, (Effect(K.ARRANGE_TOP, count=6), Effect(K.SELF_TO_ABYSS))),
    (DEATH_FIELD, (Effect(K.DISCARD_CHAMPION_OVER, amount=6),)),
    (DISJUNCTION, (Effect(K.POOL_ITEMS_UNLESS_DIGIT, amount=2),)),
    (SACRED_FLAME, (Effect(K.DESTROY_POOL_ITEM, mark="any"),)),
    # "Fairy madness affects one champion (not currently in battle). That champion is turned
    # face down and cannot be used until after its next turn": Geas's kind.
    (FAIRY_MADNESS, (Effect(K.BENCH_CHAMPION),)),
    # "Kills all champions of level 5 or less in one player's pool and prevents survivors
    # from attacking until after that player's next turn."
    (DEATH_FOG, (Effect(K.KILL_IN_POOL, amount=5), Effect(K.BAR_POOL_ATTACKS))),
    ("1st/391", (Effect(K.KILL_IN_POOL, amount=5), Effect(K.BAR_POOL_ATTACKS))),
    # "Discards one champion of adjusted level 9 or less in one pool. No champions in that
    # pool may attack until after that player's next turn."
    (DRAIN_WILL, (Effect(K.DISCARD_ONE_IN_POOL, amount=9), Effect(K.BAR_POOL_ATTACKS))),
    # "Cast only by level 13+ champions. Kills all champions of level 6 or less in one pool
    # and prevents survivors from attacking until after that player's next turn."
    (BREATH_OF_DEATH, (Effect(K.CAST_ONLY_BY, amount=13), Effect(K.KILL_IN_POOL, amount=6),
                       Effect(K.BAR_POOL_ATTACKS))),
    # "Castable only by dragons, this spell destroys any one holding in play."
    (FIRETRAIL, (Effect(K.CAST_ONLY_BY, attributes=(8,)), Effect(K.DISCARD_HOLDING))),
    # "Cast only on a hero. The affected champion cannot attack or defend until the end of its
    # owner's next turn."
    (EARTHEN_GRASP, (Effect(K.TARGET_ONLY, card_types=(int(CardType.HERO),)),
                     Effect(K.BENCH_CHAMPION))),
    # "Castable only by dragonlance champions. This spell creates a monstrous illusory dragon
    # that sweeps through all opposing player's pools, sending all champions of base level 4
    # or less to the discard pile."
    (SPECTRAL_DRAGON, (Effect(K.CAST_ONLY_BY, condition=Condition(self_worlds=(5,))),
                       Effect(K.KILL_OPPOSING_POOL, amount=4))),
])
def test_the_4th_edition_and_booster_wordings_compile(key: str,
                                                      effects: tuple[Effect, ...]) -> None:
    record = cf.read_database(CROSSFIRE).get(key)
    assert compile_card(record) == (effects, Power.MODELLED)


@pytest.mark.skipif(not (CROSSFIRE / "DataBase").is_dir(), reason="needs the CrossFire data")
@pytest.mark.parametrize("key", [
    "4th/411",  # Ward of Freedom: from Limbo back to the pool: not read
    "4th/416",  # Command: an attack forced in the next turn: not read
])
def test_cards_with_a_sentence_not_read_stay_outside_this_module(key: str) -> None:
    # A card counts only when all its sentences are read: none of these is partly read as
    # one of this module's kinds.
    assert compile_card(cf.read_database(CROSSFIRE).get(key)) == ((), Power.NONE)


# --- the hands and the piles --------------------------------------------------------------------


def test_hurricane_draws_three_and_the_other_player_discards_its_weakest_card() -> None:
    # Hurricane! (event): "this player draws three cards. All other players must discard one
    # card" ([decided] its weakest: the Squire, +1, before the Militia +2 and the Griffon 6).
    eng = _engine(HURRICANE)
    state = table(eng, side(realms=["Vale"], hand=[HURRICANE, "Knight"], draw=["Squire"] * 5),
                  side(realms=["Harbor"], hand=["Griffon", "Squire", "Militia"]), phase=3)
    Turn(eng, state).play(f"{PLAY} 0")
    me, them = state.table.players
    assert state.phase == 3  # the Knight may still go into the pool
    assert names(eng, state, me.hand) == ["Knight"] + ["Squire"] * 3 and len(me.draw) == 2
    assert names(eng, state, them.hand) == ["Griffon", "Militia"]
    assert names(eng, state, them.discard) == ["Squire"]


def test_provocation_shuffles_the_chosen_discard_pile_into_the_draw_pile() -> None:
    # Provocation (event): "any one player (including the event player) is forced to
    # reshuffle his discards into his draw pile". Player_0's discard pile is empty: only the
    # opponent is offered.
    eng = _engine(PROVOCATION)

    def game():
        return table(eng, side(realms=["Vale"], hand=[PROVOCATION, "Knight"]),
                     side(realms=["Harbor"], discard=["Knight", "Rogue"],
                          draw=["Squire"] * 3), phase=3)

    state = game()
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")
    assert turn.labels(0) == ["Target the opponent: player_1"]
    turn.play("Target the opponent")
    them = state.table.players[1]
    assert them.discard == [] and sorted(names(eng, state, them.draw)) == [
        "Knight", "Rogue", "Squire", "Squire", "Squire"]
    # The shuffle is the game's seeded chance: the same state shuffles the same way.
    again = game()
    turn = Turn(eng, again)
    turn.play(f"{PLAY} 0")
    turn.play("Target the opponent")
    assert again.table.players[1].draw == them.draw


def test_elven_rebirth_shuffles_every_elf_back_into_its_owners_draw_pile() -> None:
    # Elven Rebirth (event): "all elves in all discard piles are brought back to life. They
    # are added back to their draw pile, which is reshuffled": Merika (player_0's) and Stug
    # (player_1's); the Knight and the Militia stay.
    eng = _engine(ELVEN_REBIRTH, MERIKA, STUG)
    state = table(eng, side(realms=["Vale"], hand=[ELVEN_REBIRTH, "Knight"],
                            discard=[MERIKA, "Knight"], draw=["Squire"] * 2),
                  side(realms=["Harbor"], discard=[STUG, "Militia"], draw=["Squire"] * 2),
                  phase=3)
    Turn(eng, state).play(f"{PLAY} 0")
    me, them = state.table.players
    assert names(eng, state, me.discard) == ["Knight", "Elven Rebirth"]
    assert sorted(names(eng, state, me.draw)) == ["Merika", "Squire", "Squire"]
    assert names(eng, state, them.discard) == ["Militia"]
    assert sorted(names(eng, state, them.draw)) == ["Squire", "Squire", "Stug"]


def test_recall_shuffles_the_players_spells_back() -> None:
    # Recall (wizard spell, (Off/3/5)): "all spells in this player's discard pile are returned
    # to his deck and reshuffled": the Bolt and the Blessing, not the Squire (nor Recall).
    eng = _engine(RECALL)
    state = table(eng, side(realms=["Vale"], hand=[RECALL, "Knight"], pool=["Mage"],
                            discard=["Bolt", "Squire", "Blessing"], draw=["Militia"] * 2),
                  side(realms=["Harbor"], discard=["Bolt"]), phase=3)
    Turn(eng, state).play(f"{PLAY} 0")
    me, them = state.table.players
    assert names(eng, state, me.discard) == ["Squire", "Recall"]
    assert sorted(names(eng, state, me.draw)) == ["Blessing", "Bolt", "Militia", "Militia"]
    assert names(eng, state, them.discard) == ["Bolt"]  # only this player's pile


def test_cold_cup_of_calamity_cuts_the_other_hand_to_five() -> None:
    # Cold Cup of Calamity (event): "this player may examine one other player's hand and
    # discard it down to 5 cards" ([decided] the player's best: the Griffon 6 and the Knight 5
    # go; the Squire +1, Militia +2, Sword +2, Rogue 3 and Giant +4 stay).
    eng = _engine(COLD_CUP)
    state = table(eng, side(realms=["Vale"], hand=[COLD_CUP, "Knight"]),
                  side(realms=["Harbor"], hand=["Griffon", "Squire", "Knight", "Militia",
                                                "Rogue", "Sword", "Giant"]), phase=3)
    Turn(eng, state).play(f"{PLAY} 0")
    them = state.table.players[1]
    assert names(eng, state, them.hand) == ["Squire", "Militia", "Rogue", "Sword", "Giant"]
    assert names(eng, state, them.discard) == ["Griffon", "Knight"]


def test_heal_returns_a_champion_or_else_an_ally_to_the_hand() -> None:
    # Heal (cleric spell, (Def/3)): "player may retrieve any champion or ally from his discard
    # pile and return to his hand" ([decided] the highest-level champion, else the largest
    # ally).
    eng = _engine(HEAL)
    state = table(eng, side(realms=["Vale"], hand=[HEAL], pool=["Priest"],
                            discard=["Giant", "Rogue", "Knight"]),
                  side(realms=["Harbor"]), phase=3)
    Turn(eng, state).play(f"{PLAY} 0")
    me = state.table.players[0]
    assert names(eng, state, me.hand) == ["Knight"]
    assert names(eng, state, me.discard) == ["Giant", "Rogue", "Heal"]
    state = table(eng, side(realms=["Vale"], hand=[HEAL, "Knight"], pool=["Priest"],
                            discard=["Militia", "Giant", "Sword"]),
                  side(realms=["Harbor"]), phase=3)
    Turn(eng, state).play(f"{PLAY} 0")
    me = state.table.players[0]
    assert names(eng, state, me.hand) == ["Knight", "Giant"]
    assert names(eng, state, me.discard) == ["Militia", "Sword", "Heal"]


def test_locate_object_puts_the_best_item_on_top_of_the_draw_pile() -> None:
    # Locate Object (cleric spell, (3/5)): "search his draw pile for any magical item or
    # artifact and place it on the top of his draw pile" ([decided] the Orb, +3).
    eng = _engine(LOCATE)
    state = table(eng, side(realms=["Vale"], hand=[LOCATE, "Knight"], pool=["Priest"],
                            draw=["Militia", "Sword", "Squire", "Orb", "Shield"]),
                  side(realms=["Harbor"]), phase=3)
    Turn(eng, state).play(f"{PLAY} 0")
    assert names(eng, state, state.table.players[0].draw) == [
        "Orb", "Militia", "Sword", "Squire", "Shield"]


def test_deja_vu_stacks_the_opponents_weakest_discards_on_its_draw_pile() -> None:
    # Deja Vu (cleric spell, (Off/3)): "take any three cards from an opponent's discard pile
    # and place them on top of his draw pile" ([decided] its weakest, the weakest on top).
    eng = _engine(DEJA_VU)
    state = table(eng, side(realms=["Vale"], hand=[DEJA_VU, "Knight"], pool=["Priest"]),
                  side(realms=["Harbor"], discard=["Griffon", "Squire", "Knight", "Militia",
                                                   "Rogue"], draw=["Giant"] * 2), phase=3)
    Turn(eng, state).play(f"{PLAY} 0")
    them = state.table.players[1]
    assert names(eng, state, them.draw) == ["Squire", "Militia", "Rogue", "Giant", "Giant"]
    assert names(eng, state, them.discard) == ["Griffon", "Knight"]


def test_espionage_stacks_the_opponents_weakest_cards_on_top() -> None:
    # Espionage! (event): "examine another player's draw pile and place four cards of your
    # choice on the top" ([decided] its four weakest, the weakest on top).
    eng = _engine(ESPIONAGE)
    state = table(eng, side(realms=["Vale"], hand=[ESPIONAGE, "Knight"]),
                  side(realms=["Harbor"], draw=["Griffon", "Knight", "Squire", "Giant",
                                                "Militia", "Rogue"]), phase=3)
    Turn(eng, state).play(f"{PLAY} 0")
    assert names(eng, state, state.table.players[1].draw) == [
        "Squire", "Militia", "Rogue", "Giant", "Griffon", "Knight"]


# --- champions ----------------------------------------------------------------------------------


def test_enthrall_benches_the_whole_pool_and_ends_the_players_attacks() -> None:
    # Enthrall (cleric spell, (Off/3)): "prevents all champions in one player's pool from
    # attacking or defending until after that player's next turn. This player can make no
    # attacks this turn."
    eng = _engine(ENTHRALL)
    state = table(eng, side(realms=["Vale"], hand=[ENTHRALL], pool=["Priest", "Knight"]),
                  side(realms=["Harbor"], pool=["Griffon", "Rogue"]), phase=3)
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")
    assert turn.labels(0) == ["Target myself: player_0", "Target the opponent: player_1"]
    turn.play("Target the opponent")
    # Player_0 makes no attack in turn 1; player_1's champions make none in its turn 2 (the
    # Griffon and the Rogue could attack the Vale): nothing to decide until turn 3.
    assert state.turn == 3 and state.on_turn == 0 and state.benched == {}
    assert [e for e in turn.events if e.kind == "attack_declared"] == []
    while state.phase < 4:
        turn.play("Done with this phase")
    turn.play("Attack realm A")
    turn.play("Champion from pool 1")  # the Knight
    # Turn 3: the bench is over, the Griffon defends again.
    assert "Champion from pool 0: Practice Griffon" in turn.labels(1)


def test_fear_benches_an_enemy_champion_for_good() -> None:
    # Fear (wizard spell, (Off/3)): "attach to any enemy champion in a pool; that champion
    # cannot attack or defend until the fear is dispelled" (no card dispels it outside a
    # battle: [decided] it lasts while the champion stays in its pool).
    eng = _engine(FEAR)
    state = table(eng, side(realms=["Vale"], hand=[FEAR], pool=["Mage", "Knight"]),
                  side(realms=["Harbor", "Walls"], pool=["Griffon", "Rogue"]), phase=3)
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")
    # Enemy champions only: not the player's own Knight.
    assert turn.labels(0) == ["Target the opponent's pool champion 0: Practice Griffon",
                              "Target the opponent's pool champion 1: Practice Rogue"]
    turn.play("Target the opponent's pool champion 0")
    turn.play("Make no attack")
    # Turn 2, player_1's: only the Rogue may attack.
    assert state.turn == 2 and state.phase == 4
    turn.play("Attack realm A", 1)
    assert [lb for lb in turn.labels(1) if lb.startswith("Champion")] == [
        "Champion from pool 1: Practice Rogue"]
    turn.play("Champion from pool 1", 1)
    turn.play("Decline to defend", 0)
    _finish_turn(turn, 1)
    # Turn 3: unlike Geas, the Griffon is still benched after its owner's turn.
    assert state.turn == 3
    griffon = state.table.players[1].pool[0]
    assert state.benched == {griffon: FOR_GOOD}
    while state.phase < 4:
        turn.play("Done with this phase")
    turn.play("Attack realm A")
    turn.play("Champion from pool 1")  # the Knight
    assert [lb for lb in turn.labels(1) if lb.startswith("Champion")] == [
        "Champion from pool 1: Practice Rogue"]


def test_abyssal_gateway_sends_a_pool_champion_to_the_abyss() -> None:
    # Takhisis's Abyssal Gateway (wizard spell, (Off/3)): "forces any one champion in a pool
    # to the abyss (champion is removed from game)"; [decided] the Sword it carries is
    # discarded.
    eng = _engine(GATEWAY)
    state = table(eng, side(realms=["Vale"], hand=[GATEWAY, "Knight"], pool=["Mage"]),
                  side(realms=["Harbor"], pool=[("Griffon", ["Sword"]), "Rogue"]), phase=3)
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")
    turn.play("Target the opponent's pool champion 0")
    them = state.table.players[1]
    assert names(eng, state, them.pool) == ["Rogue"]
    assert names(eng, state, them.abyss) == ["Griffon"]
    assert names(eng, state, them.discard) == ["Sword"] and them.attached == {}


def test_ward_of_sleep_sends_the_best_discarded_champion_to_the_abyss() -> None:
    # Ward of Sleep (cleric spell, (Off/3/4/5)): "place one champion from any player's discard
    # pile to the abyss" ([decided] its highest level one). Only player_1's pile holds one.
    eng = _engine(WARD_OF_SLEEP)
    state = table(eng, side(realms=["Vale"], hand=[WARD_OF_SLEEP, "Knight"], pool=["Priest"],
                            discard=["Militia"]),
                  side(realms=["Harbor"], discard=["Rogue", "Griffon", "Militia"]), phase=3)
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")
    assert turn.labels(0) == ["Target the opponent: player_1"]
    turn.play("Target the opponent")
    them = state.table.players[1]
    assert names(eng, state, them.abyss) == ["Griffon"]
    assert names(eng, state, them.discard) == ["Rogue", "Militia"]


def test_transmute_metal_to_wood_destroys_the_best_item_of_a_pool_champion() -> None:
    # Transmute Metal to Wood (cleric spell, (Off/3)): "destroy one magical item or artifact
    # in any player's pool": a champion carrying one is the target ([decided] its best item:
    # the Orb, +3).
    eng = _engine(TRANSMUTE)
    state = table(eng, side(realms=["Vale"], hand=[TRANSMUTE, "Knight"], pool=["Priest"]),
                  side(realms=["Harbor"], pool=[("Griffon", ["Sword", "Orb"]), "Rogue"]),
                  phase=3)
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")
    assert turn.labels(0) == ["Target the opponent's pool champion 0: Practice Griffon"]
    turn.play("Target the opponent's pool champion 0")
    them = state.table.players[1]
    griffon = them.pool[0]
    assert names(eng, state, them.attached[griffon]) == ["Sword"]
    assert names(eng, state, them.discard) == ["Orb"]


# --- realms -------------------------------------------------------------------------------------


def test_creeping_doom_razes_a_standing_realm_without_a_holding() -> None:
    # Creeping Doom (cleric spell, (Off/3)): "immediately razes one realm with no holding":
    # not the Walls (a holding), not the Academy (razed already).
    eng = _engine(CREEPING_DOOM)
    state = table(eng, side(realms=["Vale"], hand=[CREEPING_DOOM, "Knight"], pool=["Priest"]),
                  side(realms=["Harbor", ("Walls", False, "Watchtower"), ("Academy", True)]),
                  phase=3)
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")
    assert turn.labels(0) == ["Target my realm A: Practice Vale",
                              "Target the opponent's realm A: Practice Harbor"]
    turn.play("Target the opponent's realm A")
    assert state.table.players[1].razed[:3] == [True, False, True]
    assert state.phase == 3


def test_dissolution_discards_a_razed_realm() -> None:
    # Dissolution (wizard spell, (Off/3/5)): "one razed realm (this player's choice) is
    # discarded" (a razed realm holds no holding: RULES.md §1).
    eng = _engine(DISSOLUTION)
    state = table(eng, side(realms=["Vale"], hand=[DISSOLUTION, "Knight"], pool=["Mage"]),
                  side(realms=["Harbor", ("Walls", True)]), phase=3)
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")
    assert turn.labels(0) == ["Target the opponent's realm B: Practice Walls"]
    turn.play("Target the opponent's realm B")
    them = state.table.players[1]
    assert names(eng, state, them.realms[:1]) == ["Harbor"] and them.realms[1] is None
    assert names(eng, state, them.discard) == ["Walls"]


def test_labor_of_legend_rebuilds_a_realm_for_a_champion() -> None:
    # Labor of Legend (event): "one razed realm is rebuilt by a champion from the player's
    # pool; the champion is discarded" ([decided] the front-most razed realm, the weakest
    # champion: the Rogue, 3).
    eng = _engine(LABOR)
    state = table(eng, side(realms=[("Vale", True), ("Walls", True)], hand=[LABOR, "Mage"],
                            pool=["Knight", "Rogue"]),
                  side(realms=["Harbor"]), phase=3)
    Turn(eng, state).play(f"{PLAY} 0")
    me = state.table.players[0]
    assert me.razed[:2] == [False, True]
    assert names(eng, state, me.pool) == ["Knight"]
    assert names(eng, state, me.discard) == ["Labor of Legend", "Rogue"]


def test_psionic_disintegration_reads_as_disintegrate() -> None:
    # Psionic Disintegration (psionic power, (Off/3)): "destroys one realm, regardless of
    # position. The destroyed realm must be discarded. This player can make no attacks this
    # turn." The Seer (a psionicist) uses it; the Knight could not.
    eng = _engine(PSI_DISINTEGRATION)
    state = table(eng, side(realms=["Vale"], hand=[PSI_DISINTEGRATION], pool=["Knight"]),
                  side(realms=["Harbor", "Walls"]), phase=3)
    assert _outside_labels(Turn(eng, state)) == []
    state = table(eng, side(realms=["Vale"], hand=[PSI_DISINTEGRATION, "Griffon"],
                            pool=["Seer", "Knight"]),
                  side(realms=["Harbor", "Walls"]), phase=3)
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")
    turn.play("Target the opponent's realm B")
    them = state.table.players[1]
    assert them.realms[1] is None and names(eng, state, them.discard) == ["Walls"]
    assert state.no_attack


def test_rengarth_oracle_puts_the_strongest_of_six_on_top_and_goes_to_the_abyss() -> None:
    # Rengarth Oracle (cleric spell, (Def/3/5)): "look at the top six cards of your draw pile
    # and arrange the cards in any order. When finished, send this card to the Abyss"
    # ([decided] the strongest first; the seventh card stays where it is).
    eng = _engine(ORACLE)
    state = table(eng, side(realms=["Vale"], hand=[ORACLE, "Knight"], pool=["Priest"],
                            draw=["Squire", "Militia", "Griffon", "Sword", "Rogue", "Giant",
                                  "Knight"]),
                  side(realms=["Harbor"]), phase=3)
    Turn(eng, state).play(f"{PLAY} 0")
    me = state.table.players[0]
    assert names(eng, state, me.draw) == ["Griffon", "Giant", "Rogue", "Militia", "Sword",
                                          "Squire", "Knight"]
    assert names(eng, state, me.abyss) == ["Rengarth Oracle"] and me.discard == []


def test_death_field_discards_a_pool_champion_of_level_6_or_more() -> None:
    # Death Field (blood ability, (Off/3)): "one champion of base level 6 or higher is
    # discarded". Cidre Bint Corina (4th/348, a regent) uses blood abilities; only the Griffon
    # (6) is offered, not the Knight (5).
    eng = _engine(DEATH_FIELD, CIDRE)
    state = table(eng, side(realms=["Vale"], hand=[DEATH_FIELD, "Knight"], pool=[CIDRE]),
                  side(realms=["Harbor"], pool=["Knight", ("Griffon", ["Sword"])]), phase=3)
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")
    assert turn.labels(0) == ["Target the opponent's pool champion 1: Practice Griffon"]
    turn.play("Target the opponent's pool champion 1")
    them = state.table.players[1]
    assert names(eng, state, them.pool) == ["Knight"]
    assert names(eng, state, them.discard) == ["Griffon", "Sword"]


def test_mordenkainens_disjunction_destroys_a_pools_items_on_a_high_digit() -> None:
    # Mordenkainen's Disjunction (wizard spell, (Off/3)): "destroys all magical items and
    # artifacts in one pool unless the affected player can draw a card with a last digit of 2
    # or less (drawn card is discarded)". Practice numbers: the Militia is 30 (digit 0), the
    # Giant 31 (1), the Squire 32 (2), the Knight 20 (0), the Rogue 24 (4).
    eng = _engine(DISJUNCTION)

    def game(top: str):
        return table(eng, side(realms=["Vale"], hand=[DISJUNCTION, "Knight"], pool=["Mage"]),
                     side(realms=["Harbor"], pool=[("Griffon", ["Sword", "Orb"]),
                                                   ("Rogue", ["Shield"]), "Knight"],
                          draw=[top, "Militia"]), phase=3)

    saved = game("Squire")  # digit 2: saved
    turn = Turn(eng, saved)
    turn.play(f"{PLAY} 0")
    assert turn.labels(0) == ["Target the opponent: player_1"]
    turn.play("Target the opponent")
    them = saved.table.players[1]
    assert names(eng, saved, them.discard) == ["Squire"] and len(them.attached) == 2
    lost = game("Rogue")  # digit 4: every item and artifact of the pool goes
    turn = Turn(eng, lost)
    turn.play(f"{PLAY} 0")
    turn.play("Target the opponent")
    them = lost.table.players[1]
    assert names(eng, lost, them.discard) == ["Rogue", "Sword", "Orb", "Shield"]
    assert them.attached == {} and names(eng, lost, them.draw) == ["Militia"]


def test_sacred_flame_removes_any_attached_card() -> None:
    # Sacred Flame (cleric spell, (Off/3/5)): "remove any card currently attached to any
    # champion, regardless of special powers" ([decided] the target's best: the Orb, +3).
    eng = _engine(SACRED_FLAME)
    state = table(eng, side(realms=["Vale"], hand=[SACRED_FLAME, "Knight"],
                            pool=[("Priest", ["Shield"])]),
                  side(realms=["Harbor"], pool=[("Griffon", ["Sword", "Orb"])]), phase=3)
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")
    assert turn.labels(0) == ["Target my pool champion 0: Practice Priest",
                              "Target the opponent's pool champion 0: Practice Griffon"]
    turn.play("Target the opponent's pool champion 0")
    them = state.table.players[1]
    assert names(eng, state, them.attached[them.pool[0]]) == ["Sword"]
    assert names(eng, state, them.discard) == ["Orb"]


def test_fairy_madness_benches_a_champion_through_its_owners_next_turn() -> None:
    # Fairy Madness (event): "that champion is turned face down and cannot be used until after
    # its next turn": Geas's ``bench_champion``; player_1's next turn is turn 2.
    eng = _engine(FAIRY_MADNESS)
    state = table(eng, side(realms=["Vale"], hand=[FAIRY_MADNESS, "Knight"], pool=["Rogue"]),
                  side(realms=["Harbor"], pool=["Griffon"]), phase=3)
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")
    turn.play("Target the opponent's pool champion 0")
    griffon = state.table.players[1].pool[0]
    assert state.benched == {griffon: 2}


def test_death_fog_kills_the_low_champions_and_bars_the_survivors_from_attacking() -> None:
    # Death Fog (wizard spell, (Off/3)): "kills all champions of level 5 or less in one
    # player's pool and prevents survivors from attacking until after that player's next
    # turn". Player_1's Knight (5) and Rogue (3) die; the Griffon (6) and the Wyrm (8) survive:
    # in player_1's turn 2 they may not attack, but the Griffon still defends in turn 1.
    eng = _engine(DEATH_FOG)
    state = table(eng, side(realms=["Vale", "Walls"], hand=[DEATH_FOG],
                            pool=["Mage", "Knight"]),
                  side(realms=["Harbor", "Academy"], pool=["Knight", "Griffon", "Rogue",
                                                           "Wyrm"]), phase=3)
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")
    # Player_0's own pool: the Knight would die (the Mage is immune to offensive spells).
    assert turn.labels(0) == ["Target myself: player_0", "Target the opponent: player_1"]
    turn.play("Target the opponent")
    them = state.table.players[1]
    assert names(eng, state, them.pool) == ["Griffon", "Wyrm"]
    assert names(eng, state, them.discard) == ["Knight", "Rogue"]
    assert sorted(state.attack_barred.values()) == [2, 2]
    turn.play("Attack realm A")
    turn.play("Champion from pool 1")  # player_0's Knight
    assert [lb for lb in turn.labels(1) if lb.startswith("Champion")] == [
        "Champion from pool 0: Practice Griffon", "Champion from pool 1: Practice Wyrm"]
    turn.play("Decline to defend", 1)
    _finish_turn(turn, 0)
    # Turn 2, player_1's: it may rebuild its razed Harbor (it does not); its survivors may not
    # attack, so phase 4 asks nothing and turn 3 begins, the bar over.
    while state.turn == 2 and state.phase < 4:
        turn.play("Done with this phase", 1)
    assert state.turn == 3 and state.attack_barred == {}
    assert [e for e in turn.events if e.kind == "attack_declared" and e.player == 1] == []


def test_the_attack_bar_survives_the_json_round_trip_and_the_sampler() -> None:
    # GameState.attack_barred is public and saved: a state read back, and a state the search
    # bot samples from player_0's view, keep Death Fog's bar on the Griffon and the Wyrm.
    eng = _engine(DEATH_FOG)
    state = table(eng, side(realms=["Vale"], hand=[DEATH_FOG, "Knight"], pool=["Mage"]),
                  side(realms=["Harbor"], pool=["Rogue", "Griffon", "Wyrm"]), phase=3)
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")
    turn.play("Target the opponent")
    barred = state.attack_barred
    assert len(barred) == 2 and set(barred.values()) == {2}
    again = eng.from_json(eng.to_json(state))
    assert again.attack_barred == barred
    assert eng.legal_actions(again, 0) == eng.legal_actions(state, 0)
    sampled = sample(eng, eng.view(state, 0), 0, np.random.default_rng(5))
    them = sampled.table.players[1]
    assert sorted(names(eng, sampled, list(sampled.attack_barred))) == ["Griffon", "Wyrm"]
    assert set(sampled.attack_barred.values()) == {2} and set(sampled.attack_barred) <= set(
        them.pool)


def test_drain_will_discards_the_best_champion_it_can_and_bars_the_pool() -> None:
    # Drain Will (psionic power, (Off/3)): "discards one champion of adjusted level 9 or less
    # in one pool. No champions in that pool may attack until after that player's next turn"
    # ([decided] the highest adjusted level within 9: the Griffon 6 with its Sword +2 is 8;
    # the Wyrm, 8 with its Orb +3, is 11). The Seer, a psionicist, uses it.
    eng = _engine(DRAIN_WILL)
    state = table(eng, side(realms=["Vale"], hand=[DRAIN_WILL, "Knight"], pool=["Seer"]),
                  side(realms=["Harbor"], pool=["Knight", ("Griffon", ["Sword"]),
                                                ("Wyrm", ["Orb"])]), phase=3)
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")
    turn.play("Target the opponent")
    them = state.table.players[1]
    assert names(eng, state, them.pool) == ["Knight", "Wyrm"]
    assert names(eng, state, them.discard) == ["Griffon", "Sword"]
    assert sorted(names(eng, state, list(state.attack_barred))) == ["Knight", "Wyrm"]
    assert set(state.attack_barred.values()) == {2}


def test_a_realm_rebuilt_in_phase_3_is_not_a_rebuild_during_the_next_battle() -> None:
    # Labor of Legend as the last card of phase 3: the same step rebuilds the Vale and opens
    # phase 4 (a battle at its first step). The soak's invariants ("no razed realm rebuilt
    # during the battle") read the battle from its start, not the phase 3 before it.
    eng = _engine(LABOR)
    state = table(eng, side(realms=[("Vale", True), "Walls"], hand=[LABOR],
                            pool=["Knight", "Rogue"]),
                  side(realms=["Harbor"]), phase=3)
    start = eng.clone(state)
    Turn(eng, state).play(f"{PLAY} 0")
    assert state.phase == 4 and state.table.battle.step != "over"
    assert state.table.players[0].razed[:2] == [False, False]
    assert eng.check_invariants(state, start) == []


def test_breath_of_death_needs_a_caster_of_level_13() -> None:
    # Breath of Death (cleric spell, (Off/3)): "cast only by level 13+ champions. Kills all
    # champions of level 6 or less in one pool and prevents survivors ...". The Priest (3)
    # may cast cleric spells but not this one; Annam (4th/480, a cleric 16) may: the Griffon
    # (6) and the Rogue die, the Wyrm (8) survives, barred from attacking.
    eng = _engine(BREATH_OF_DEATH, ANNAM)
    them = side(realms=["Harbor"], pool=["Griffon", "Rogue", "Wyrm"])
    state = table(eng, side(realms=["Vale"], hand=[BREATH_OF_DEATH, "Knight"], pool=["Priest"]),
                  them, phase=3)
    assert _outside_labels(Turn(eng, state)) == []
    state = table(eng, side(realms=["Vale"], hand=[BREATH_OF_DEATH, "Knight"],
                            pool=["Priest", ANNAM]),
                  side(realms=["Harbor"], pool=["Griffon", "Rogue", "Wyrm"]), phase=3)
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")
    turn.play("Target the opponent")
    pool = state.table.players[1].pool
    assert names(eng, state, pool) == ["Wyrm"] and state.attack_barred == {pool[0]: 2}


def test_firetrail_needs_a_dragon_and_destroys_a_holding() -> None:
    # Firetrail (wizard spell, (Off/3)): "castable only by dragons, this spell destroys any one
    # holding in play". The Mage casts wizard spells but is no dragon; the Young Gold Dragon
    # (1st/188, a dragon that casts wizard spells) is. Only the realm with a holding is offered.
    eng = _engine(FIRETRAIL, GOLD_DRAGON)
    state = table(eng, side(realms=["Vale"], hand=[FIRETRAIL, "Knight"], pool=["Mage"]),
                  side(realms=["Harbor", ("Walls", False, "Watchtower")]), phase=3)
    assert _outside_labels(Turn(eng, state)) == []
    state = table(eng, side(realms=["Vale"], hand=[FIRETRAIL, "Knight"],
                            pool=["Mage", GOLD_DRAGON]),
                  side(realms=["Harbor", ("Walls", False, "Watchtower")]), phase=3)
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")
    assert turn.labels(0) == ["Target the opponent's realm B: Practice Walls"]
    turn.play("Target the opponent's realm B")
    them = state.table.players[1]
    assert them.holdings[1] is None and names(eng, state, them.realms[:2]) == ["Harbor", "Walls"]
    assert names(eng, state, them.discard) == ["Watchtower"] and them.razed[1] is False


def test_earthen_grasp_benches_only_a_hero() -> None:
    # Maximillian's Earthen Grasp (wizard spell, (Off/3)): "cast only on a hero. The affected
    # champion cannot attack or defend until the end of its owner's next turn": of player_1's
    # Knight (a hero), Rogue (a thief) and Griffon (a monster), only the Knight is offered;
    # player_1's next turn is turn 2.
    eng = _engine(EARTHEN_GRASP)
    state = table(eng, side(realms=["Vale"], hand=[EARTHEN_GRASP, "Priest"], pool=["Mage"]),
                  side(realms=["Harbor"], pool=["Rogue", "Knight", "Griffon"]), phase=3)
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")
    assert turn.labels(0) == ["Target the opponent's pool champion 1: Practice Knight"]
    turn.play("Target the opponent's pool champion 1")
    assert state.benched == {state.table.players[1].pool[1]: 2}


def test_spectral_dragon_needs_a_dragonlance_caster_and_sweeps_the_opposing_pool() -> None:
    # Spectral Dragon (wizard spell, (Off/3)): "castable only by dragonlance champions. ...
    # sweeps through all opposing player's pools, sending all champions of base level 4 or
    # less to the discard pile". The practice Mage is no Dragonlance champion; Ladonna
    # (DL/28, a Dragonlance wizard) is. Player_1's Rogue (3) and Seer (4) go with the Sword;
    # its Knight (5) stays; player_0's own Priest (3) is not touched.
    eng = _engine(SPECTRAL_DRAGON, LADONNA)
    state = table(eng, side(realms=["Vale"], hand=[SPECTRAL_DRAGON, "Knight"],
                            pool=["Mage", "Priest"]),
                  side(realms=["Harbor"], pool=["Knight"]), phase=3)
    assert _outside_labels(Turn(eng, state)) == []
    state = table(eng, side(realms=["Vale"], hand=[SPECTRAL_DRAGON, "Knight"],
                            pool=["Priest", LADONNA]),
                  side(realms=["Harbor"], pool=[("Rogue", ["Sword"]), "Knight", "Seer"]),
                  phase=3)
    Turn(eng, state).play(f"{PLAY} 0")
    me, them = state.table.players
    assert names(eng, state, them.pool) == ["Knight"]
    assert names(eng, state, them.discard) == ["Rogue", "Sword", "Seer"]
    assert names(eng, state, me.pool) == ["Priest", "Ladonna, Wizard of the Black Robes"]
