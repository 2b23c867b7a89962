"""Issue 13 (after2): powers acting after a round of battle, from the printed card texts.

Real 1st Edition cards (CrossFire data; a test skips without it) in battles of practice cards
(``battle_helpers``): Knight hero 5, Griffon flying monster 6, Wyrm monster 8, Priest cleric 3,
Champion hero 6; Giant ally +4, Militia ally +2, Squire ally +1; Watchtower a holding giving its
realm's defender +2; Sword a magical item +2. Seed 001: "these effects occur outside of the
battle and do not affect the spoils of victory". Outcomes computed by hand from the printed
words (paraphrased in each test).
"""

from __future__ import annotations

from combatzoo.envs.spellfire.cards.cards import CardType, World
from combatzoo.envs.spellfire.cards.compiler import compile_card, prints_unapplied_power
from combatzoo.envs.spellfire.cards.crossfire import read_database
from combatzoo.envs.spellfire.cards.effects import EffectKind
from combatzoo.envs.spellfire.game.config import GameConfig
from combatzoo.envs.spellfire.game.rules import SpellfireGameEngine

from ..battle.battle_helpers import battle, card, check, make_engine, side
from ..battle.test_card_powers import CROSSFIRE, names, real
from .test_game_rules import Turn, table
from .test_game_rules import names as game_names

HORDE, ASSASSINS, HALCYON = "1st/251", "1st/252", "1st/456"
HORDE_4TH, ASSASSINS_4TH = "4th/220", "4th/221"
SWORD_COAST, ARMS_OF_VELUNA = "1st/17", "1st/209"
SILT_STALKERS, SILT_STALKERS_4TH, MIKOR = "3rd/279", "4th/228", "3rd/291"
SILVER_SPRING, SILVER_SPRING_4TH = "1st/244", "4th/97"
K = EffectKind


def _compiled(key: str) -> list[tuple[EffectKind, str]]:
    record = read_database(CROSSFIRE).get(key)
    effects, _ = compile_card(record)
    assert not prints_unapplied_power(record)
    return [(e.kind, e.mark) for e in effects]


def test_after_round_phrases_compile() -> None:
    real(HORDE)  # skips without the CrossFire data
    # "all holdings of the opponent are discarded" / "... of every player ..." (4th Edition)
    assert _compiled(HORDE) == [(K.AVENGE_HOLDINGS, "")]
    assert _compiled(HORDE_4TH) == [(K.AVENGE_HOLDINGS, "every")]
    # "it destroys one champion anywhere in play chosen by the losing player" (4th: ", chosen
    # by this player": the same player, the one on the losing side)
    assert _compiled(ASSASSINS) == [(K.AVENGE_DESTROY, "")]
    assert _compiled(ASSASSINS_4TH) == [(K.AVENGE_DESTROY, "")]
    assert _compiled(HALCYON) == [(K.WIN_ROUND_RETRIEVE, "")]
    # "the defending player can return one ally to his hand after each round of battle";
    # "resurrect one ally which just participated in successful defense of the realm" (its
    # "resurrected card returns to hand" says where)
    assert _compiled(SWORD_COAST) == [(K.ROUND_ALLY_TO_HAND, "")]
    assert _compiled(ARMS_OF_VELUNA) == [(K.ROUND_ALLY_TO_HAND, "won")]
    # "all magical items in play are shuffled back into the draw pile" (4th: "into their
    # respective draw piles"); "Mikor transfers all non-event cards in this player's Abyss to
    # his discard pile"
    assert _compiled(SILT_STALKERS) == [(K.ITEMS_SHUFFLED_BACK, "")]
    assert _compiled(SILT_STALKERS_4TH) == [(K.ITEMS_SHUFFLED_BACK, "")]
    assert _compiled(MIKOR) == [(K.ABYSS_TO_DISCARD, "")]
    # "if the attached realm is razed, one other opponent's realm of the defender's choice is
    # razed also" (4th: "one opponent's realm of this player's choice is also razed")
    assert _compiled(SILVER_SPRING) == [(K.RAZED_RAZES_OPPONENT, "")]
    assert _compiled(SILVER_SPRING_4TH) == [(K.RAZED_RAZES_OPPONENT, "")]


def test_mogadishos_horde_on_the_losing_side_discards_the_opponents_holdings() -> None:
    # Mogadisho's Horde (ally +1): "If this card is on the losing side of a battle, all
    # holdings of the opponent are discarded." Knight 5 + Horde 1 = 6 against Griffon 6 +
    # Watchtower 2 (defending its realm) = 8: the attacker loses. The defender keeps its win
    # and its spoils (seed 001); after the battle both of its holdings go to its discard pile;
    # the attacker's own holding stays.
    horde, = real(HORDE)
    b = battle(make_engine(horde),
               side(realms=[("Vale", False, "Watchtower")], hand=["Knight", HORDE],
                    draw=["Squire"]),
               side(realms=[("Vale", False, "Watchtower"), ("Harbor", False, "Watchtower")],
                    hand=["Griffon"], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Griffon")
    b.play(0, "Mogadisho's Horde")
    assert b.totals() == [6, 8]
    assert b.b.outcome == "repelled" and b.b.winner == 1
    assert names(b, 1, "hand") == ["Militia"]  # the defender's spoils, unchanged
    assert b.state.players[1].holdings == [None] * 6
    assert sorted(names(b, 1, "discard")) == ["Watchtower", "Watchtower"]
    assert b.state.players[1].razed[:2] == [False, False]
    assert b.state.players[0].holdings[0] is not None  # its own holding stays
    assert len(b.find("after_battle_discard")) == 2
    check(b)


def test_mogadishos_horde_on_the_winning_side_discards_nothing() -> None:
    # "If this card is on the losing side": Knight 5 + Horde 1 = 6 against the Priest 3 +
    # Watchtower 2 = 5: the attacker wins, the realm is razed (its holding goes
    # with it, seed 000 step I), and the defender's other holding stays.
    horde, = real(HORDE)
    b = battle(make_engine(horde),
               side(realms=["Vale"], hand=["Knight", HORDE], draw=["Squire"]),
               side(realms=[("Vale", False, "Watchtower"), ("Harbor", False, "Watchtower")],
                    hand=["Priest"], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Priest")
    assert b.totals() == [5, 5]  # a tie: the defender wins it, the attacker plays on
    # (the Horde makes it 6 to 5; the defender, with nothing to play, loses the round)
    b.play(0, "Mogadisho's Horde")
    assert b.b.outcome == "razed" and b.b.winner == 0
    assert b.state.players[1].holdings[1] is not None
    assert not b.find("after_battle_discard")
    check(b)


def test_assassins_on_the_losing_side_destroy_the_best_opposing_champion() -> None:
    # Assassins (ally +2): "If this card is on the losing side of the battle, it destroys one
    # champion anywhere in play chosen by the losing player." Knight 5 + Assassins 2 = 7
    # against Griffon 6 + Giant 4 = 10: the attacker loses. [decided] The losing player
    # destroys the opposing player's strongest pool champion: the Wyrm (8, over the Griffon 6
    # back from the round and the Priest 3), its Sword with it; never its own Champion.
    assassins, = real(ASSASSINS)
    b = battle(make_engine(assassins),
               side(realms=["Vale"], hand=["Knight", ASSASSINS], pool=["Champion"],
                    draw=["Squire"]),
               side(realms=["Vale"], hand=["Griffon", "Giant"],
                    pool=[("Wyrm", ["Sword"]), "Priest"], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Griffon")
    b.play(0, "Assassins")
    b.play(1, "Giant")
    assert b.totals() == [7, 10]
    assert b.b.outcome == "repelled" and b.b.winner == 1
    assert sorted(names(b, 1, "pool")) == ["Griffon", "Priest"]
    assert sorted(names(b, 1, "discard")) == ["Giant", "Sword", "Wyrm"]
    assert names(b, 0, "pool") == ["Champion"]
    event, = b.find("after_battle_discard")
    assert event.data["card"] == ASSASSINS and event.player == 0
    check(b)


def test_halcyon_winning_a_round_returns_a_card_from_the_discard_pile() -> None:
    # Halcyon (cleric 7): "Every time Halcyon wins a round of battle, the player can return one
    # card from the discard pile to his hand." Halcyon 7 against Griffon 6: the defender has
    # nothing to play, the realm is razed and the attacker draws its spoils (the Squire, an
    # ally: to the hand). [decided] The player takes its discard pile's strongest champion:
    # the Knight (5, over the Priest 3); the Militia stays.
    halcyon, = real(HALCYON)
    b = battle(make_engine(halcyon),
               side(realms=["Vale"], hand=[HALCYON], discard=["Priest", "Knight", "Militia"],
                    draw=["Squire"]),
               side(realms=["Vale", "Harbor"], hand=["Griffon"], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Halcyon")
    b.present(1, "Griffon")
    assert b.totals() == [7, 6]
    assert b.b.outcome == "razed" and b.b.winner == 0
    assert sorted(names(b, 0, "hand")) == ["Knight", "Squire"]
    assert sorted(names(b, 0, "discard")) == ["Militia", "Priest"]
    event, = b.find("after_battle_retrieved")
    assert event.data["target"] == "PR/20" and event.player == 0
    check(b)


def test_halcyon_losing_a_round_returns_nothing() -> None:
    # "Every time Halcyon wins": Halcyon 7 against Griffon 6 + Giant 4 = 10 loses; its
    # discard pile keeps the Knight.
    halcyon, = real(HALCYON)
    b = battle(make_engine(halcyon),
               side(realms=["Vale"], hand=[HALCYON], discard=["Knight"], draw=["Squire"]),
               side(realms=["Vale"], hand=["Griffon", "Giant"], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Halcyon")
    b.present(1, "Griffon")
    b.play(1, "Giant")
    assert b.totals() == [7, 10]
    assert b.b.winner == 1
    assert sorted(names(b, 0, "discard")) == ["Halcyon", "Knight"]
    assert not b.find("after_battle_retrieved")
    check(b)


def test_sword_coast_returns_the_defenders_best_ally_after_a_lost_round() -> None:
    # Sword Coast (realm): "The defending player can return one ally to his hand after each
    # round of battle." Champion 6 + Giant 4 = 10 against Griffon 6 + Militia 2 + Squire 1 = 9:
    # the defender loses and Sword Coast is razed; win or lose, after the round it takes back
    # one ally it played: [decided] the strongest, the Militia (+2 over the Squire's +1).
    coast, = real(SWORD_COAST)
    b = battle(make_engine(coast),
               side(realms=["Vale"], hand=["Champion", "Giant"], draw=["Squire"]),
               side(realms=[SWORD_COAST, "Vale"], hand=["Griffon", "Militia", "Squire"],
                    draw=["Militia"]))
    b.attack("A")
    b.present(0, "Champion")
    b.present(1, "Griffon")
    b.play(0, "Giant")
    b.play(1, "Militia")
    b.play(1, "Squire")
    assert b.totals() == [10, 9]
    assert b.b.outcome == "razed" and b.b.winner == 0 and b.state.players[1].razed[0]
    assert names(b, 1, "hand") == ["Militia"]
    assert sorted(names(b, 1, "discard")) == ["Griffon", "Squire"]
    event, = b.find("after_battle_to_hand")
    assert event.data == {"card": "PR/30"} and event.player == 1
    check(b)


def test_arms_of_veluna_resurrect_an_ally_only_after_a_successful_defense() -> None:
    # Arms of Veluna (Greyhawk holding): "Resurrect one ally which just participated in
    # successful defense of the realm. Resurrected card returns to hand." On a Greyhawk realm
    # (a hand-made plain one): Knight 5 + Militia 2 = 7 against Griffon 6 + Giant 4 = 10, the
    # defence succeeds: the Giant goes back to the defender's hand (beside its spoils, the
    # Squire). Then a lost defence (Knight 5 + Giant 4 = 9 against Griffon 6 + Militia 2 = 8):
    # the Militia stays discarded.
    arms, = real(ARMS_OF_VELUNA)
    grey = card(1, "T Greyhawk Realm", CardType.REALM, world=World.GREYHAWK)
    b = battle(make_engine(arms, grey),
               side(realms=["Vale"], hand=["Knight", "Militia"], draw=["Squire"]),
               side(realms=[("T/1", False, ARMS_OF_VELUNA)], hand=["Griffon", "Giant"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Griffon")
    b.play(0, "Militia")
    b.play(1, "Giant")
    assert b.totals() == [7, 10]
    assert b.b.outcome == "repelled" and b.b.winner == 1
    assert sorted(names(b, 1, "hand")) == ["Giant", "Squire"]
    assert names(b, 1, "discard") == []
    assert len(b.find("after_battle_to_hand")) == 1
    check(b)

    lost = battle(make_engine(arms, grey),
                  side(realms=["Vale"], hand=["Knight", "Giant"], draw=["Squire"]),
                  side(realms=[("T/1", False, ARMS_OF_VELUNA)], hand=["Griffon", "Militia"],
                       draw=["Squire"]))
    lost.attack("A")
    lost.present(0, "Knight")
    lost.present(1, "Griffon")
    lost.play(0, "Giant")
    lost.play(1, "Militia")
    assert lost.totals() == [9, 8]
    assert lost.b.outcome == "razed" and lost.b.winner == 0
    assert "Militia" in names(lost, 1, "discard") and names(lost, 1, "hand") == []
    assert not lost.find("after_battle_to_hand")
    check(lost)


def test_silt_stalkers_on_the_losing_side_shuffle_the_items_in_play_back() -> None:
    # Silt Stalkers (ally +3): "If on the losing side of a battle, all magical items in play
    # are shuffled back into the draw pile." Knight 5 + Stalkers 3 = 8 against Griffon 6 +
    # Giant 4 = 10: the attacker loses; the defender draws its spoils (its Militia). Then every
    # magical item carried in either pool goes into its owner's draw pile: the attacker's
    # Sword (on its Champion) and the defender's Shield (on its Rogue); the Orb, an artifact,
    # stays on the Priest.
    stalkers, = real(SILT_STALKERS)
    b = battle(make_engine(stalkers),
               side(realms=["Vale"], hand=["Knight", SILT_STALKERS],
                    pool=[("Champion", ["Sword"])], draw=["Squire"]),
               side(realms=["Vale"], hand=["Griffon", "Giant"],
                    pool=[("Priest", ["Orb"]), ("Rogue", ["Shield"])], draw=["Militia"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Griffon")
    b.play(0, "Silt Stalkers")
    b.play(1, "Giant")
    assert b.totals() == [8, 10]
    assert b.b.outcome == "repelled" and b.b.winner == 1
    assert names(b, 1, "hand") == ["Militia"]
    assert sorted(names(b, 0, "draw")) == ["Squire", "Sword"]
    assert names(b, 1, "draw") == ["Shield"]
    assert b.attached_names(0, "Champion") == [] and b.attached_names(1, "Rogue") == []
    assert b.attached_names(1, "Priest") == ["Practice Orb"]
    assert len(b.find("after_battle_shuffled_back")) == 2
    check(b)


def test_mikor_on_the_losing_side_brings_the_abyss_back_but_its_events() -> None:
    # Mikor (ally +3): "If on the losing side of a battle, Mikor transfers all non-event cards
    # in this player's Abyss to his discard pile." Knight 5 + Mikor 3 = 8 against Griffon 6 +
    # Giant 4 = 10: the attacker loses; its Abyss held the Priest and the Rally (an event):
    # the Priest goes to its discard pile, the Rally stays.
    mikor, = real(MIKOR)
    b = battle(make_engine(mikor),
               side(realms=["Vale"], hand=["Knight", MIKOR], discard=["Priest", "Rally"],
                    draw=["Squire"]),
               side(realms=["Vale"], hand=["Griffon", "Giant"], draw=["Militia"]))
    me = b.state.players[0]
    me.abyss, me.discard = list(me.discard), []
    b.start = b.engine.clone(b.state)  # type: ignore[attr-defined]
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Griffon")
    b.play(0, "Mikor")
    b.play(1, "Giant")
    assert b.totals() == [8, 10]
    assert b.b.winner == 1
    assert sorted(names(b, 0, "discard")) == ["Knight", "Mikor", "Priest"]
    assert names(b, 0, "abyss") == ["Rally"]
    event, = b.find("after_battle_from_abyss")
    assert event.data["cards"] == ["PR/22"]
    check(b)


def test_halcyon_defending_in_the_whole_game_counts_the_card_in_the_hand_limit() -> None:
    # Halcyon defends the Harbor in the whole game: 7 against the attacking Knight's 5 (no card
    # the attacker can play): Halcyon wins the round, the defender draws its spoils (the
    # Squire) and Halcyon returns the Griffon (6, its discard pile's best champion) to a hand
    # already at the limit of 8: 10 cards while the other player is on turn; the hand limit
    # (RULES.md §1: 8 after one's own phase 5) counts the spoils and the given card.
    eng = SpellfireGameEngine(GameConfig(pack="practice", extra_cards=real(HALCYON)))
    state = table(eng, side(realms=["Vale"], hand=["Walls"] * 9, pool=["Knight"]),
                  side(realms=["Harbor"], hand=["Walls"] * 8, pool=[HALCYON],
                       discard=["Rogue", "Griffon"], draw=["Squire"] * 3),
                  phase=4, battle={"step": "realm"})
    start = eng.clone(state)
    turn = Turn(eng, state)
    turn.play("Attack realm A")
    turn.play("Champion from pool 0")
    turn.play("Champion from pool 0", 1)
    them = state.table.players[1]
    assert (state.on_turn, state.phase) == (0, 5)  # the attacker's 9 cards: discards due
    assert sorted(game_names(eng, state, them.hand)) == ["Griffon", "Squire"] + ["Walls"] * 8
    assert game_names(eng, state, them.discard) == ["Rogue"]
    assert eng.check_invariants(state, start) == []


def test_silver_spring_razed_with_its_realm_razes_the_attackers_first_realm() -> None:
    # Silver Spring (holding): "If the attached realm is razed, one other opponent's realm of
    # the defender's choice is razed also." On a plain realm of its world (hand-made): Knight
    # 5 + Giant 4 = 9 against Griffon 6 + Militia 2 = 8: the realm is razed (its holding
    # discarded with it) and the attacker draws its spoils. After the round the defender razes
    # one of the attacker's realms: [decided] the first standing one, A..F: Harbor in B (Vale
    # in A is razed already), its Watchtower discarded with it.
    spring, = real(SILVER_SPRING)
    plain = card(1, "T Spring Realm", CardType.REALM, world=spring.world)
    b = battle(make_engine(spring, plain),
               side(realms=[("Vale", True), ("Harbor", False, "Watchtower"), "Vale"],
                    hand=["Knight", "Giant"], draw=["Squire"]),
               side(realms=[("T/1", False, SILVER_SPRING), "Vale"], hand=["Griffon", "Militia"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Griffon")
    b.play(0, "Giant")
    b.play(1, "Militia")
    assert b.totals() == [9, 8]
    assert b.b.outcome == "razed" and b.b.winner == 0
    assert b.state.players[1].razed[:2] == [True, False]
    assert names(b, 0, "hand") == ["Squire"]  # the attacker's spoils, unchanged
    assert b.state.players[0].razed[:3] == [True, True, False]
    assert b.state.players[0].holdings[1] is None and "Watchtower" in names(b, 0, "discard")
    event, = b.find("after_battle_realm")
    assert event.data == {"card": SILVER_SPRING, "slot": "B", "realm": "razed"}
    check(b)


def test_silver_spring_standing_razes_nothing() -> None:
    # "If the attached realm is razed": Knight 5 against Griffon 6, the attacker with no card
    # to play: the defence holds, Silver Spring's realm stands, and so do the attacker's.
    spring, = real(SILVER_SPRING)
    plain = card(1, "T Spring Realm", CardType.REALM, world=spring.world)
    b = battle(make_engine(spring, plain),
               side(realms=["Vale"], hand=["Knight"], draw=["Squire"]),
               side(realms=[("T/1", False, SILVER_SPRING)], hand=["Griffon", "Militia"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Griffon")
    assert b.b.winner == 1 and b.state.players[0].razed[0] is False
    assert not b.find("after_battle_realm")
    check(b)
