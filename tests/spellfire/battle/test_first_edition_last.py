"""The last 1st Edition cards (issue 13, c1st3): real cards whose printed powers now compile,
played in scripted battles and checked against their printed text.

Cards are read from the CrossFire data (``../shared/data/crossfire``); a test skips without it.
Totals are worked out in the comments from the practice cards (``battle_helpers``): Knight hero
5, Mage wizard 4 (immune to offensive spells), Priest cleric 3 of Greyhawk, Wyrm flying dragon
8, Rogue thief 3, Militia ally +2, Squire ally +1, Bolt wizard spell +3 (Off).
"""

from __future__ import annotations

from combatzoo.envs.spellfire.cards.cards import CardType
from combatzoo.envs.spellfire.cards.effects import Condition, Effect, EffectKind

from .battle_helpers import battle, card, check, make_engine, side
from .test_card_powers import real

GIB_EKIM, JOHYDEES_MASK, ABYSSAL_VORTEX, AGE_OF_ENTROPY = "1st/444", "1st/218", "1st/430", "1st/423"
LIMITED_WISH, MUTINY, SOLID_FOG, TAPESTRY = "4th/382", "1st/168", "1st/382", "1st/426"
CHEST, LABYRINTH_MAP, BRIBERY = "1st/420", "1st/410", "1st/204"


def _playable_names(b, player: int) -> list[str]:
    """The names of the hand cards ``player`` may play now (its legal "Play hand" moves)."""
    hand = b.state.players[player].hand
    out = []
    for a in b.engine.legal_actions(b.state, player):
        act = b.engine.decode_action(a)
        if act.kind.value == "play_card":
            out.append(b.name_of(hand[act.get_int("hand")]))
    return out


# --- fight_as -----------------------------------------------------------------------------------


def test_gib_ekim_fights_as_a_hero_unless_he_casts_a_wizard_spell():
    # Gib Ekim (hero 5/7): "Gib can fight as either a wizard (5) or a hero (7); the player
    # must choose at the start of the round." [decided] the choice is read from his plays: a
    # wizard in a round in which his side casts a wizard spell, else a hero. The defender, a
    # hand-made hero 5 that "gains 3 levels against wizards", reads the form too.
    gib, = real(GIB_EKIM)
    hunter = card(1, "T Witch Hunter", CardType.HERO, level=5, effects=(
        Effect(EffectKind.GAIN_LEVELS, amount=3,
               condition=Condition(vs_types=(int(CardType.WIZARD),))),))
    e = make_engine(gib, hunter)
    b = battle(e, side(realms=["Vale"], hand=[GIB_EKIM, "Bolt"]),
               side(realms=["Vale"], hand=["T/1", "Militia"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Gib Ekim")
    b.present(1, "T Witch Hunter")
    assert b.totals() == [7, 5]  # the hero at 7 against 5 (not a wizard: no +3)
    b.play(1, "Militia")
    assert b.totals() == [7, 7]  # a tie: the defender's
    b.play(0, "Practice Bolt")
    # A wizard spell cast: Gib fights as the wizard at 5, + 3 = 8; the hunter now faces a
    # wizard: 5 + 2 + 3 = 10.
    assert b.totals() == [8, 10]
    # Gib's side has nothing left to play: the round, and the battle, are the defender's.
    assert b.b.outcome == "repelled" and b.b.winner == 1
    assert "Gib Ekim" in b.names(0, "discard")
    check(b)


# --- assume_level -------------------------------------------------------------------------------


def test_johydees_mask_takes_the_highest_level_in_play():
    # Johydee's Mask (artifact, Greyhawk): "The wearer assumes the level or gains the special
    # power (but not both) of any champion in play." [decided] the level, the highest in
    # play: the Priest (3) wearing it attacks the Knight (5) while the defender's pool holds
    # the Wyrm (8): the Priest fights at 8, 8 against 5; the Knight's side has nothing to
    # play: the realm is razed.
    mask, = real(JOHYDEES_MASK)
    e = make_engine(mask)
    b = battle(e, side(realms=["Vale"], pool=[("Priest", [JOHYDEES_MASK])]),
               side(realms=["Vale"], hand=["Knight"], pool=["Wyrm"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Practice Priest", zone="pool")
    b.present(1, "Knight")
    assert b.totals() == [8, 5]
    assert b.b.outcome == "razed" and b.state.players[1].razed[0]
    assert b.attached_names(0, "Practice Priest") == ["Johydee's Mask"]
    check(b)
    # With only the Knight (5) and the Rogue (3) in play, the Priest fights at 5: a tie,
    # which the defender wins; no champion lower than the wearer lowers it (the Rogue alone:
    # 3 against 3).
    for defender, pool, totals in (("Knight", ["Rogue"], [5, 5]), ("Rogue", [], [3, 3])):
        b = battle(e, side(realms=["Vale"], pool=[("Priest", [JOHYDEES_MASK])]),
                   side(realms=["Vale"], hand=[defender], pool=pool, draw=["Squire"]))
        b.attack("A")
        b.present(0, "Practice Priest", zone="pool")
        b.present(1, defender)
        assert b.totals() == totals, defender


# --- spells_barred_named, played_to_abyss -------------------------------------------------------


def test_the_abyssal_vortex_bars_wishes_and_swallows_spells_and_allies():
    # The Abyssal Vortex (rule card, in the attacker's rule zone): "Wish and Limited Wish
    # spells cannot be cast. All spells and allies played while this card is in effect are
    # discarded into the Abyss." It acts for both players.
    vortex, wish = real(ABYSSAL_VORTEX, LIMITED_WISH)
    e = make_engine(vortex, wish)

    def table(rule: bool):
        attacker = side(realms=["Vale"], hand=["Knight", "Militia"])
        if rule:
            attacker["rule"] = [ABYSSAL_VORTEX]
        return battle(e, attacker, side(realms=["Vale"], hand=["Mage", LIMITED_WISH, "Bolt"],
                                        draw=["Squire"]))

    # Without the rule card the Mage, losing 4 to 5, may cast Limited Wish (+1, Def).
    b = table(False)
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    assert b.to_act() == [1] and "Limited Wish" in _playable_names(b, 1)
    # With it, Limited Wish is barred; the Bolt is not.
    b = table(True)
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")
    assert b.totals() == [5, 4]
    assert _playable_names(b, 1) == ["Practice Bolt"]
    b.play(1, "Practice Bolt")  # 4 + 3 = 7 against 5
    b.play(0, "Militia")  # 5 + 2 = 7: a tie, the defender's
    assert b.totals() == [7, 7]
    # The round is over: the Knight, a champion, is discarded; the Militia (an ally) and the
    # Bolt (a spell) go to their owners' Abyss, not to the discard piles.
    assert b.b.outcome == "repelled" and b.b.winner == 1
    assert b.names(0, "discard") == ["Practice Knight"]
    assert b.names(0, "abyss") == ["Practice Militia"]
    assert b.names(1, "abyss") == ["Practice Bolt"] and b.names(1, "discard") == []
    assert b.names(0, "rule") == ["The Abyssal Vortex"]  # "this card is not discarded"
    check(b)
    # An ally a power discards in the middle of the round goes to the Abyss too: the
    # hand-made Storm (event, destroys every opposing ally), played by the defender in its
    # window, takes the Militia; the Storm itself, an event, goes to the discard pile.
    storm = card(1, "T Storm", CardType.EVENT, effects=(Effect(EffectKind.DESTROY_ALLIES),))
    e = make_engine(vortex, wish, storm)
    attacker = side(realms=["Vale"], hand=["Rogue", "Militia"])
    attacker["rule"] = [ABYSSAL_VORTEX]
    b = battle(e, attacker, side(realms=["Vale"], hand=["Knight", "T/1"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Rogue")
    b.present(1, "Knight")
    b.play(0, "Militia")  # 3 + 2 = 5 against 5: still the defender's
    b.play(1, "T Storm")
    assert b.find("totals")[-1].data["totals"] == [3, 5]
    assert b.names(0, "abyss") == ["Practice Militia"]
    assert b.names(0, "discard") == ["Practice Rogue"] and b.names(1, "discard") == ["T Storm"]
    check(b)


# --- end_of_turn_discard (the whole game) ---------------------------------------------------------


def test_age_of_entropy_takes_one_more_card_at_the_end_of_each_turn():
    # Age of Entropy (rule card, in player_0's rule zone): "At the end of each player's turn
    # (after discarding down to maximum hand size), that player must discard a card from his
    # hand or pool, or raze a realm." It affects all players. [decided] A card of the hand,
    # the player's choice, while it holds one; else the weakest pool champion; else the first
    # standing realm.
    from combatzoo.envs.spellfire.game.config import GameConfig
    from combatzoo.envs.spellfire.game.rules import SpellfireGameEngine

    from tests.spellfire.game.test_game_rules import Turn, table

    entropy, = real(AGE_OF_ENTROPY)
    eng = SpellfireGameEngine(GameConfig(pack="practice", extra_cards=(entropy,)))

    def with_rule(s: dict) -> dict:
        s["rule"] = [AGE_OF_ENTROPY]
        return s

    # Ten cards in phase 5, the limit 8: two discards to the limit, then one more (7 kept).
    hand = ["Knight", "Sword", "Bolt", "Militia", "Giant", "Squire", "Punch", "Rally", "Haste",
            "Blessing"]
    state = table(eng, with_rule(side(realms=["Vale"], hand=hand)), side(realms=["Harbor"]),
                  phase=5)
    turn = Turn(eng, state)
    turn.play("Discard hand 0")
    turn.play("Discard hand 0")
    assert state.on_turn == 0 and state.phase == 5 and len(state.table.players[0].hand) == 8
    assert turn.find("rule_discard_owed") and state.discard_to == 7
    assert len(turn.labels()) == 8  # any one of the 8: the player's choice
    turn.play("Discard hand 0")
    assert len(state.table.players[0].hand) == 7 and len(state.table.players[0].discard) == 3
    # player_1's turn: it draws 3 (Militia), can play nothing, makes no attack (no champion);
    # at its phase 5 it owes a card too, within its limit: it waits for player_1's choice.
    assert state.on_turn == 1 and state.phase == 5 and state.discard_to == 2
    assert len(turn.labels(1)) == 3 and all(x.startswith("Discard") for x in turn.labels(1))
    assert state.table.players[0].rule == [state.table.cards.index(AGE_OF_ENTROPY)]

    # An empty hand: the weakest pool champion goes, with its attachments (the Rogue, 3, and
    # its Sword; the Knight, 5, stays).
    me = with_rule(side(realms=["Vale"], pool=["Knight", ("Rogue", ["Sword"])]))
    state = table(eng, me, side(realms=["Harbor"]), phase=4, battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Make no attack")
    assert [eng.card_name(state, i) for i in state.table.players[0].discard] == [
        "Practice Rogue", "Practice Sword"]
    assert [eng.card_name(state, i) for i in state.table.players[0].pool] == ["Practice Knight"]
    # Neither hand nor pool: the first standing realm is razed (the Vale in A is already
    # razed: the Harbor in B), its holding discarded.
    me = with_rule(side(realms=[("Vale", True), ("Harbor", False, "Watchtower")]))
    state = table(eng, me, side(realms=["Walls"]), phase=4, battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Make no attack")
    assert state.table.players[0].razed[:2] == [True, True]
    assert state.table.players[0].holdings[1] is None
    assert [eng.card_name(state, i) for i in state.table.players[0].discard] == [
        "Practice Watchtower"]
    problems = eng.check_invariants(state, state)
    assert not problems, problems


# --- truce (the whole game) ---------------------------------------------------------------------


def test_mutiny_and_solid_fog_stop_every_attack_until_the_players_next_turn():
    # Mutiny! (event): "No battles can be fought until the player's next turn. A battle in
    # progress stops immediately with no victor; allies are discarded." Solid Fog (event):
    # "Unearthly fog prevents all attacks against all players until this player's next turn."
    from combatzoo.envs.spellfire.game.config import GameConfig
    from combatzoo.envs.spellfire.game.rules import SpellfireGameEngine

    from tests.spellfire.game.test_game_rules import Turn, table

    mutiny, fog = real(MUTINY, SOLID_FOG)
    # In a battle: the Knight (5) against the Rogue (3) and the Militia (+2), a tie, the
    # defender's; the attacker plays Mutiny!: the battle stops with no victor, the Militia is
    # discarded, both champions go back to their pools, and the truce is marked for player_0.
    e = make_engine(mutiny, fog)
    b = battle(e, side(realms=["Vale"], hand=["Knight", MUTINY]),
               side(realms=["Vale"], hand=["Rogue", "Militia"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Rogue")
    b.play(1, "Militia")
    assert b.totals() == [5, 5]
    b.play(0, "Mutiny!")
    assert b.b.outcome == "ended" and b.b.winner is None
    assert b.names(1, "discard") == ["Practice Militia"]
    assert b.pool_names(0) == ["Practice Knight"] and b.pool_names(1) == ["Practice Rogue"]
    truce, = b.find("truce")
    assert truce.data["until"] == 0
    check(b)

    # In the whole game: player_0 plays Solid Fog in its attack (and loses it: 5 against 6).
    eng = SpellfireGameEngine(GameConfig(pack="practice", extra_cards=(mutiny, fog)))
    filler = ["Militia"] * 12
    state = table(eng, side(realms=["Vale"], hand=["Knight", SOLID_FOG], draw=filler),
                  side(realms=["Harbor"], hand=["Griffon"], draw=filler), phase=4,
                  battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Attack realm A")
    turn.play("Champion from hand 0")
    turn.play("Champion from hand 0", player=1)
    turn.play("Play hand 0")  # Solid Fog, player_0's only card
    # The Knight loses (5 against 6: nothing more to play) and is discarded; the game passes on
    # by itself through the phases that ask nothing: turn 2 (player_1's) offers its Griffon,
    # back in its pool, no attack (the fog); turn 3 (player_0's, the fog lifted as it begins)
    # has no champion to attack with; turn 4: player_1 is asked to attack.
    truce, = turn.find("truce")
    assert truce.data["until"] == 0 and truce.player == 0
    assert [ev.data["turn"] for ev in turn.find("turn_started")] == [2, 3, 4]
    assert state.turn == 4 and state.on_turn == 1 and state.phase == 4
    assert state.truce is None and "Attack realm A: Practice Vale" in turn.labels(1)
    assert not any(state.table.players[0].razed)
    # Without the fog, player_1 is asked at turn 2 already.
    state = table(eng, side(realms=["Vale"], hand=["Knight"], draw=filler),
                  side(realms=["Harbor"], hand=["Griffon"], draw=filler), phase=4,
                  battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Attack realm A")
    turn.play("Champion from hand 0")
    turn.play("Champion from hand 0", player=1)
    assert state.turn == 2 and state.on_turn == 1
    assert "Attack realm A: Practice Vale" in turn.labels(1)
    # The truce survives the state JSON (player_1's turn, phase 2, the fog player_0's).
    state = table(eng, side(realms=["Vale"], draw=filler), side(realms=["Harbor"], draw=filler),
                  phase=2, turn=2, attacker=1, game={"truce": 0})
    data = eng.to_json(state)
    assert data["game"]["truce"] == 0 and eng.from_json(data).truce == 0


# --- immune_to_world_powers -----------------------------------------------------------------------


def test_the_tapestry_of_the_stag_takes_ravenloft_powers_but_not_their_levels():
    # Tapestry of the Stag (+5 artifact, Greyhawk): "This player's champions are immune to the
    # special powers (but not the levels) of all Ravenloft champions and allies." The Ghoul
    # (Ravenloft monster 4) discards an opposing champion of level 2 or less as it activates;
    # the hand-made Bat (Ravenloft ally +1) and Hound (Forgotten Realms ally +1) each make the
    # opposing champion lose 3 levels. The Page is a hand-made Greyhawk hero 2.
    from combatzoo.envs.spellfire.cards.cards import World

    tapestry, = real(TAPESTRY)
    page = card(1, "T Page", CardType.HERO, level=2, world=World.GREYHAWK)
    loses3 = (Effect(EffectKind.OPPONENT_LOSES, amount=3),)
    bat = card(2, "T Bat", CardType.ALLY, bonus=1, world=World.RAVENLOFT, effects=loses3)
    hound = card(3, "T Hound", CardType.ALLY, bonus=1, effects=loses3)
    e = make_engine(tapestry, page, bat, hound)
    # Without the Tapestry the Ghoul discards the Page at once.
    b = battle(e, side(realms=["Vale"], pool=["T/1"]),
               side(realms=["Vale"], hand=["Ghoul", "T/2", "T/3"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "T Page", zone="pool")
    b.present(1, "Ghoul")
    assert "T Page" in b.names(0, "discard") and b.b.outcome == "repelled"
    # With it: the Page fights, 2 + 5 = 7 against 4; the Bat adds its +1 but not its -3
    # (7 against 5); the Hound, not of Ravenloft, takes 3 from the Page: 4 against 6.
    b = battle(e, side(realms=["Vale"], pool=[("T/1", [TAPESTRY])]),
               side(realms=["Vale"], hand=["Ghoul", "T/2", "T/3"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "T Page", zone="pool")
    b.present(1, "Ghoul")
    assert b.totals() == [7, 4]
    b.play(1, "T Bat")
    assert b.totals() == [7, 5]
    b.play(1, "T Hound")
    assert b.totals() == [4, 6]
    assert b.b.outcome == "repelled"  # the Page's side has nothing to play
    assert b.names(0, "discard") == ["T Page", "Tapestry of the Stag"]
    check(b)
    # The Tapestry on another champion of the player, in the pool: the Knight (5) in the
    # round is immune too: 5 against the Ghoul and the Bat, 4 + 1 = 5 (without it, 2 to 5).
    for pool, totals in (([("Priest", [TAPESTRY])], [5, 5]), (["Priest"], [2, 5])):
        b = battle(e, side(realms=["Vale"], hand=["Knight"], pool=pool),
                   side(realms=["Vale"], hand=["Ghoul", "T/2"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "Ghoul")
        assert b.totals() == [5, 4]  # the defender is losing: it plays the Bat
        b.play(1, "T Bat")
        assert b.totals() == totals, pool


# --- function_as --------------------------------------------------------------------------------


def test_the_chest_of_many_things_flies_and_functions_as_the_type_of_its_spells():
    # Chest of Many Things (+5 magical item, Def): "The champion with this chest can fly, and
    # can function as a hero, wizard, cleric, or monster; the player chooses which type of
    # champion before each round." [decided] read from the plays: a wizard in a round in which
    # its side casts a wizard spell, a cleric with a cleric spell (one type a round), else its
    # printed type, or a hero when that is none of the four (the Rogue, a thief 3).
    chest, = real(CHEST)
    hunter = card(1, "T Witch Hunter", CardType.HERO, level=5, effects=(
        Effect(EffectKind.GAIN_LEVELS, amount=3,
               condition=Condition(vs_types=(int(CardType.WIZARD),))),))
    e = make_engine(chest, hunter)
    # A flyer: the Peak ("cannot be attacked by flyers") is out of its reach; bare, the Rogue
    # may attack it.
    for pool, offered in (([("Rogue", [CHEST])], False), (["Rogue"], True)):
        b = battle(e, side(realms=["Vale"], pool=pool), side(realms=["Peak"], draw=["Squire"]))
        labels = [e.action_label(a, b.state, 0) for a in e.legal_actions(b.state, 0)]
        assert any(x.startswith("Attack realm A") for x in labels) is offered, pool
    b = battle(e, side(realms=["Vale"], hand=["Bolt", "Blessing"], pool=[("Rogue", [CHEST])]),
               side(realms=["Vale"], hand=["T/1", "Giant"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Practice Rogue", zone="pool")
    b.present(1, "T Witch Hunter")
    assert b.totals() == [8, 5]  # 3 + 5, a hero: no +3 for the hunter
    b.play(1, "Giant")
    assert b.totals() == [8, 9]
    # Both spells may be cast (a wizard's and a cleric's); the Bolt makes the Rogue a wizard:
    # 3 + 5 + 3 = 11, and the hunter gains 3 against a wizard: 5 + 4 + 3 = 12.
    assert sorted(_playable_names(b, 0)) == ["Practice Blessing", "Practice Bolt"]
    b.play(0, "Practice Bolt")
    assert b.totals() == [11, 12]
    # A cleric spell now would make it a cleric too: barred for the round. With nothing else
    # to play the Rogue loses the round and is discarded with its chest.
    assert b.b.outcome == "repelled" and b.b.winner == 1
    assert b.names(0, "discard") == ["Practice Rogue", "Chest of Many Things", "Practice Bolt"]
    assert b.names(0, "hand") == ["Practice Blessing"]
    check(b)


# --- escape_to_limbo ----------------------------------------------------------------------------


def test_the_labyrinth_map_sends_its_champion_to_limbo_and_back():
    # The Labyrinth Map of Shuuc (+4 artifact, Forgotten Realms): "A champion with this map is
    # never discarded; if defeated, he escapes into the labyrinth and returns to the player's
    # pool at the end of the player's next turn." [decided] Limbo, with its attachments.
    from combatzoo.envs.spellfire.game.config import GameConfig
    from combatzoo.envs.spellfire.game.rules import SpellfireGameEngine

    from tests.spellfire.game.test_game_rules import Turn, table

    labyrinth, = real(LABYRINTH_MAP)
    scout = card(1, "T Scout", CardType.HERO, level=3)
    e = make_engine(labyrinth, scout)
    # Defeated in a round: the Knight with the map (5 + 4 = 9) against the Wyrm (8) and the
    # Giant (+4): 9 against 12, the Knight's side has nothing to play.
    b = battle(e, side(realms=["Vale"], pool=[("Knight", [LABYRINTH_MAP])]),
               side(realms=["Vale"], hand=["Wyrm", "Giant"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Wyrm")
    b.play(1, "Giant")
    assert b.totals() == [9, 12]
    assert b.b.outcome == "repelled" and b.b.winner == 1
    assert b.names(0, "limbo") == ["Practice Knight", "The Labyrinth Map of Shuuc"]
    assert b.names(0, "discard") == []
    # Seed 000 step J: sent to Limbo counts as discarded: the defender draws its spoils.
    assert "Practice Squire" in b.names(1, "hand")
    check(b)
    # Discarded by a power: the Banishing (discards a champion of level 4 or less) cast on
    # the Scout (hero 3) sends it to Limbo too.
    b = battle(e, side(realms=["Vale"], pool=[("T/1", [LABYRINTH_MAP])]),
               side(realms=["Vale"], hand=["Mage", "Banishing"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "T Scout", zone="pool")
    b.present(1, "Mage")
    b.play(1, "Practice Banishing")
    assert b.names(0, "limbo") == ["T Scout", "The Labyrinth Map of Shuuc"]
    check(b)

    # The whole game: the Knight escapes in turn 1 (player_0's); it is back in the pool, with
    # the map, at the end of player_0's next turn (turn 3), not before.
    eng = SpellfireGameEngine(GameConfig(pack="practice", extra_cards=(labyrinth, scout)))
    filler = ["Militia"] * 12
    state = table(eng, side(realms=["Vale"], pool=[("Knight", [LABYRINTH_MAP])], draw=filler),
                  side(realms=["Harbor"], hand=["Wyrm", "Giant"], draw=filler), phase=4,
                  battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Attack realm A")
    turn.play("Champion from pool 0")
    turn.play("Champion from hand 0", player=1)
    turn.play("Play hand", player=1)  # the Giant: 9 against 12
    assert [eng.card_name(state, i) for i in state.table.players[0].limbo] == [
        "Practice Knight", "The Labyrinth Map of Shuuc"]
    # Turn 2: player_1 may attack with its Wyrm; it makes none.
    assert state.turn == 2 and state.on_turn == 1
    turn.play("Make no attack", player=1)
    # Turn 3 (player_0's) has nothing to decide; at its end the Knight comes back.
    assert state.turn == 4 and state.on_turn == 1
    side0 = state.table.players[0]
    assert side0.limbo == [] and [eng.card_name(state, i) for i in side0.pool] == [
        "Practice Knight"]
    assert [eng.card_name(state, i) for i in side0.attached[side0.pool[0]]] == [
        "The Labyrinth Map of Shuuc"]
    kinds = [ev.kind if ev.kind != "turn_started" else ev.data["turn"] for ev in turn.events
             if ev.kind in ("turn_started", "champion_returns_from_limbo")]
    assert kinds == [2, 3, "champion_returns_from_limbo", 4]


# --- bribe --------------------------------------------------------------------------------------


def _labels(b, player: int) -> list[str]:
    return [b.engine.action_label(a, b.state, player)
            for a in b.engine.legal_actions(b.state, player)]


def test_bribery_sends_the_opposing_champion_back_to_choose_again():
    # Bribery! (event): "Play immediately after champions are selected. The bribed champion
    # returns to the owner's pool and that player must select another champion or lose the
    # battle." [decided] The round's first card, by either side.
    bribery, = real(BRIBERY)
    e = make_engine(bribery)
    # The attacker, losing 3 to 5, bribes the Knight: back to the defender's pool, and not to
    # be presented again; the defender presents the Priest (3): 3 against 3, a tie, the
    # defender's; the Rogue's side has nothing left: the Rogue is discarded.
    b = battle(e, side(realms=["Vale"], hand=["Rogue", BRIBERY]),
               side(realms=["Vale"], pool=["Knight", "Priest"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Rogue")
    b.present(1, "Knight", zone="pool")
    assert b.totals() == [3, 5]
    b.play(0, "Bribery!")
    assert b.b.step == "defender" and b.pool_names(1) == ["Practice Priest", "Practice Knight"]
    labels = _labels(b, 1)
    assert "Champion from pool 0: Practice Priest" in labels
    assert not any("Knight" in x for x in labels)  # bribed: not again in this battle
    b.present(1, "Practice Priest", zone="pool")
    assert b.totals() == [3, 3]
    assert b.b.outcome == "repelled" and b.b.winner == 1
    assert b.names(0, "discard") == ["Bribery!", "Practice Rogue"]  # the bribe first
    check(b)
    # Only as the round's first card: once the Militia is in, Bribery! is not offered.
    b = battle(e, side(realms=["Vale"], hand=["Rogue", "Militia", BRIBERY]),
               side(realms=["Vale"], pool=["Knight"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Rogue")
    b.present(1, "Knight", zone="pool")
    assert sorted(_playable_names(b, 0)) == ["Bribery!", "Practice Militia"]
    b.play(0, "Militia")
    assert _playable_names(b, 0) == []
    # The defender, winning 8 to 5, is offered its bribe first ("immediately"): the Knight
    # goes back to the attacker's pool; the Wyrm back to the defender's, which chooses again
    # after the attacker. The attacker has no other champion: it ends the attack and loses
    # the battle, with no spoils for the defender (its Knight was not discarded).
    b = battle(e, side(realms=["Vale"], hand=["Knight"]),
               side(realms=["Vale"], hand=["Wyrm", BRIBERY], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Wyrm")
    assert b.totals() == [5, 8] and b.to_act() == [1] and b.b.window
    b.play(1, "Bribery!")
    assert b.b.step == "attacker" and b.pool_names(0) == ["Practice Knight"]
    assert b.pool_names(1) == ["Practice Wyrm"]
    assert _labels(b, 0) == ["Make no attack / end the attack"]
    b.step(player_0="Make no attack / end the attack")
    assert b.b.outcome == "repelled" and b.b.winner == 1
    assert b.names(1, "hand") == [] and b.names(1, "draw") == ["Practice Squire"]
    assert b.pool_names(0) == ["Practice Knight"]
    check(b)


def test_an_item_played_on_the_map_carrier_goes_to_limbo_with_it():
    # The Knight with the Labyrinth Map (9) against the Wyrm and the Giant (12) plays the
    # Sword (+2): 11 against 12, and with nothing more to play it loses the round in the same
    # step: the Sword, attached to it, goes to Limbo with the Knight and the map.
    labyrinth, = real(LABYRINTH_MAP)
    e = make_engine(labyrinth)
    b = battle(e, side(realms=["Vale"], hand=["Sword"], pool=[("Knight", [LABYRINTH_MAP])]),
               side(realms=["Vale"], hand=["Wyrm", "Giant"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Wyrm")
    b.play(1, "Giant")
    b.play(0, "Sword")
    assert b.b.outcome == "repelled"
    assert b.names(0, "limbo") == ["Practice Knight", "The Labyrinth Map of Shuuc",
                                   "Practice Sword"]
    assert b.names(0, "discard") == []
    check(b)
