"""Scripted Spellfire rounds for seed 000 steps E-H: totals, ties, who plays, what each
champion may use, and what is kept or discarded after the round.

Practice cards: Knight hero 5 (FR), Griffon flying monster 6 (no world), Mage wizard 4 immune to
(Off) spells, Rogue thief 3, Militia ally +2, Giant ally +4, Squire ally +1, Sword item +2,
Shield item +1 (Def), Orb artifact +3 (FR), Bolt wizard spell +3 (Off), Blessing cleric spell +2
(Def), Haste cleric spell +1 (Def, play at any time), Rally event +2, Punch unarmed combat +2,
Mind Blast psionic power +3 (Off), Walls a realm +2, Watchtower a holding +2 when defending,
Academy a realm whose defenders may use wizard spells.
"""

from __future__ import annotations

from combatzoo.envs.spellfire.cards.cards import Attribute, CardType, Mark, World
from combatzoo.envs.spellfire.cards.effects import Condition, Effect, EffectKind, When

from .battle_helpers import battle, card, check, make_engine, side

PASS = "Pass (play no more cards)"


def start(e, attacker_hand, defender_hand, realm="Vale", attacker_pool=(), defender_pool=(),
          attacker="Knight", defender="Griffon", defender_zone="hand", attacker_zone="hand"):
    b = battle(e, side(realms=["Vale"], hand=attacker_hand, pool=list(attacker_pool),
                       draw=["Squire"]),
               side(realms=[realm], hand=defender_hand, pool=list(defender_pool),
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, attacker, zone=attacker_zone)
    b.present(1, defender, zone=defender_zone)
    return b


def test_a_tie_goes_to_the_defender():
    # Seed 000 steps E and G: "A tie means the defender is winning"; Knight 5 vs Knight 5.
    e = make_engine()
    b = start(e, ["Knight", "Squire"], ["Knight"], defender="Knight")
    assert b.totals() == [5, 5]
    assert b.to_act() == [0]  # the attacker is losing on a tie
    b.pass_(0)
    assert b.find("round_won")[0].player == 1
    assert b.b.outcome == "repelled" and b.b.winner == 1
    check(b)


def test_the_losing_side_plays_one_card_at_a_time_until_it_is_winning():
    # Knight 5 vs Griffon 6: the attacker plays Squire (+1): 6 vs 6, still losing (tie); it
    # goes on with Militia (+2): 8 vs 6; now the defender is losing and plays Giant (+4).
    e = make_engine()
    b = start(e, ["Knight", "Squire", "Militia"], ["Griffon", "Giant"])
    assert b.to_act() == [0]
    b.play(0, "Squire")
    assert b.totals() == [6, 6] and b.to_act() == [0]
    b.play(0, "Militia")
    assert b.totals() == [8, 6] and b.to_act() == [1]
    b.play(1, "Giant")
    # 8 vs 10 and the attacker's hand is empty: it cannot play, the round is over.
    assert b.totals() == [8, 10]
    assert b.b.winner == 1
    check(b)


def test_a_losing_side_that_cannot_play_ends_the_round():
    e = make_engine()
    b = start(e, ["Knight"], ["Griffon", "Giant"])
    # The attacker (5 vs 6) has nothing to play: seed 000 step F "cannot ... play".
    assert e.is_over(b.state) and b.b.winner == 1


def test_the_winner_may_play_only_events_and_play_any_time_cards():
    # Seed 000 step F: "The winning player can play only events or play-at-any-time cards."
    # Knight 5 vs Griffon 6 + ... The attacker plays Squire (6 vs 6, still losing); the winning
    # defender may answer with Rally (event) but not with Giant (ally).
    e = make_engine()
    b = start(e, ["Knight", "Squire", "Militia"], ["Griffon", "Giant", "Rally"])
    b.play(0, "Squire")
    assert b.to_act() == [1] and b.b.window
    assert b.legal_labels(1) == ["Play hand 1", PASS]
    b.play(1, "Rally")
    assert b.totals() == [6, 8] and b.to_act() == [0] and not b.b.window
    b.play(0, "Militia")
    # 8 vs 8: still losing, and nothing left to play (the Rally is spent): round over.
    assert b.totals() == [8, 8]
    assert b.b.winner == 1
    check(b)


def test_the_winner_passing_in_its_window_hands_play_back_to_the_loser():
    e = make_engine()
    b = start(e, ["Knight", "Squire", "Militia"], ["Griffon", "Rally"])
    b.play(0, "Squire")
    b.pass_(1)  # the winner lets it stand
    assert b.to_act() == [0] and not b.b.window
    b.play(0, "Militia")  # 8 vs 6: the attacker is winning now
    assert b.to_act() == [1] and not b.b.window
    assert b.legal_labels(1) == ["Play hand 0", PASS]  # the loser may play anything usable
    b.pass_(1)
    assert b.b.winner == 0 and b.b.outcome == "razed"
    check(b)


def test_what_each_champion_type_may_use():
    # RULES.md §1: heroes unarmed combat, wizards wizard spells, clerics cleric spells,
    # psionicists psionic powers, thieves thief skills; all allies, items, artifacts; events
    # anybody.
    e = make_engine()
    hand = ["Knight", "Bolt", "Blessing", "Punch", "Mind Blast", "Militia", "Sword", "Rally"]
    b = start(e, hand, ["Griffon"])
    playable = [b.name_of(b.state.players[0].hand[int(lab.split()[-1])])
                for lab in b.legal_labels(0) if lab.startswith("Play hand")]
    assert playable == ["Practice Punch", "Practice Militia", "Practice Sword", "Practice Rally"]
    # A monster uses no spells or unarmed combat: allies, items, events only.
    b = start(e, ["Griffon", *hand[1:]], ["Wyrm"], attacker="Griffon", defender="Wyrm")
    playable = [b.name_of(b.state.players[0].hand[int(lab.split()[-1])])
                for lab in b.legal_labels(0) if lab.startswith("Play hand")]
    assert playable == ["Practice Militia", "Practice Sword", "Practice Rally"]


def _playable(b):
    return [b.name_of(b.state.players[0].hand[int(lab.split()[-1])])
            for lab in b.legal_labels(0) if lab.startswith("Play hand")]


def test_dragon_only_and_undead_only_unarmed_combat():
    # RULES.md §1 "Uses" codes: d101/o101 dragon-only and d102/o102 undead-only unarmed combat.
    # Such cards carry CrossFire attribute 9 ("Usable only by dragons") or 41 ("Usable only by
    # undead champions"): a hero's ordinary unarmed combat use (o18) does not reach them.
    claw = card(1, "T Claw", CardType.UNARMED_COMBAT, bonus=2, mark=Mark.OFF,
                attributes=(Attribute.DRAGON_COMBAT,))
    rake = card(2, "T Rake", CardType.UNARMED_COMBAT, bonus=3, mark=Mark.OFF,
                attributes=(Attribute.UNDEAD_COMBAT,))
    dragon = card(3, "T Dragon", CardType.MONSTER, level=6, uses=("o101", "d101"),
                  attributes=(Attribute.DRAGON,))
    lich = card(4, "T Lich", CardType.MONSTER, level=6, uses=("o102", "d102"),
                attributes=(Attribute.UNDEAD,))
    e = make_engine(claw, rake, dragon, lich)
    hand = ["T/1", "T/2", "Punch"]
    assert _playable(start(e, ["T/3", *hand], ["Griffon"], attacker="T Dragon")) == ["T Claw"]
    assert _playable(start(e, ["T/4", *hand], ["Griffon"], attacker="T Lich")) == ["T Rake"]
    assert _playable(start(e, ["Knight", *hand], ["Griffon"])) == ["Practice Punch"]
    b = start(e, ["T/3", *hand], ["Griffon"], attacker="T Dragon")
    b.play(0, "T Claw")
    assert b.totals() == [8, 6]  # the dragon's 6 and the Claw's +2 against the Griffon's 6


def test_the_uses_list_and_off_def_codes():
    # A hero whose "uses" list names defensive wizard spells only ("d19") may play Blessing's
    # wizard twin marked (Def) but not Bolt (Off).
    shield_spell = card(1, "T Ward", CardType.WIZARD_SPELL, bonus=2, mark=Mark.DEF)
    hero = card(2, "T Sage Hero", CardType.HERO, level=5, uses=("d19",))
    e = make_engine(shield_spell, hero)
    b = start(e, ["T/2", "Bolt", "T/1"], ["Griffon"], attacker="T Sage Hero")
    assert b.legal_labels(0) == ["Play hand 1", PASS]
    b.play(0, "T Ward")
    assert b.totals() == [7, 6]


def test_a_realm_grants_its_defenders_more_uses():
    # Academy: "any champion can use wizard spells when defending" (RULES.md §1).
    e = make_engine()
    b = start(e, ["Griffon", "Militia"], ["Knight", "Bolt"], realm="Academy",
              attacker="Griffon", defender="Knight")
    # Griffon 6 vs Knight 5: the defending Knight may cast Bolt here.
    assert b.legal_labels(1) == ["Play hand 0", PASS]
    b.play(1, "Bolt")
    assert b.totals() == [6, 8]
    # The same Knight attacking gets no grant from its own realm.
    b = start(e, ["Knight", "Bolt"], ["Griffon"], realm="Academy")
    assert e.is_over(b.state) and b.b.winner == 1  # Bolt was not playable: round over


def test_immunity_covers_the_opponents_cards_not_ones_own():
    # The Mage is immune to (Off) spells, yet its own (Off) Bolt counts for it: the immunity
    # stops what the opponent plays at it (RULES.md §1 keys it on the mark, not the role).
    e = make_engine()
    b = start(e, ["Griffon", "Militia"], ["Mage", "Bolt"], realm="Academy",
              attacker="Griffon", defender="Mage")
    assert b.totals() == [6, 4]
    b.play(1, "Bolt")
    assert b.totals() == [6, 7]
    check(b)


def test_immune_to_offensive_spells_cancels_the_opponents_off_spell():
    e = make_engine()
    b = start(e, ["Mage", "Giant"], ["Knight", "Bolt", "Squire"], realm="Academy",
              attacker="Mage", defender="Knight")
    b.play(0, "Giant")  # 8 vs 5: the defender is losing
    assert b.totals() == [8, 5]
    b.play(1, "Bolt")  # (Off): no effect on the immune Mage
    assert b.totals() == [8, 5]
    b.play(1, "Squire")
    assert b.totals() == [8, 6]
    check(b)


def test_immune_to_card_types():
    # A champion immune to allies: the opponent's allies add nothing against it.
    golem = card(3, "T Golem", CardType.MONSTER, level=5, world=World.NO_WORLD,
                 effects=(Effect(EffectKind.IMMUNE_TO, card_types=(int(CardType.ALLY),)),))
    e = make_engine(golem)
    b = start(e, ["T/3"], ["Knight", "Giant", "Sword"], attacker="T Golem", defender="Knight")
    assert b.totals() == [5, 5]
    # The Knight is winning on the tie; the Golem has nothing: round over. Again with the
    # Golem ahead: give it a Sword.
    b = start(e, ["T/3", "Sword"], ["Knight", "Giant", "Sword"], attacker="T Golem",
              defender="Knight")
    b.play(0, "Sword")  # 7 vs 5
    b.play(1, "Giant")  # the ally has no effect on the Golem
    assert b.totals() == [7, 5]
    b.play(1, "Sword")
    assert b.totals() == [7, 7]
    check(b)


def test_totals_count_realm_holding_items_artifact_allies_spells_and_events():
    # Defender: Knight 5 with Sword (+2) from its pool, on Walls (+2) with Watchtower (+2 when
    # defending) = 11. Attacker: Griffon 6 + Orb? (no: Orb is FR, the Griffon no world: fits)
    e = make_engine()
    b = battle(e, side(realms=["Vale"], pool=[("Griffon", ["Orb"])], hand=["Giant", "Rally"]),
               side(realms=[("Walls", False, "Watchtower")], pool=[("Knight", ["Sword"])],
                    hand=["Haste"]))
    b.attack("A")
    b.present(0, "Griffon", zone="pool")
    b.present(1, "Knight", zone="pool")
    assert b.totals() == [6 + 3, 5 + 2 + 2 + 2]
    b.play(0, "Giant")  # 13 vs 11
    assert b.totals() == [13, 11]
    # The defender's Haste is a cleric spell the Knight (a hero) may not cast: round over.
    assert b.b.winner == 0 and b.b.outcome == "razed"
    check(b)


def test_allies_gain_opponent_loses_double_level_and_conditions():
    captain = card(4, "T Captain", CardType.HERO, level=4,
                   effects=(Effect(EffectKind.ALLIES_GAIN, amount=1),
                            Effect(EffectKind.OPPONENT_LOSES, amount=2,
                                   condition=Condition(When.ATTACKING))))
    giantess = card(5, "T Giantess", CardType.MONSTER, level=3, world=World.NO_WORLD,
                    effects=(Effect(EffectKind.DOUBLE_LEVEL,
                                    condition=Condition(vs_types=(int(CardType.HERO),))),))
    e = make_engine(captain, giantess)
    b = start(e, ["T/4", "Militia", "Squire"], ["T/5", "Sword"], attacker="T Captain",
              defender="T Giantess")
    # Captain 4 vs Giantess 3 doubled against a hero (6), minus 2 (the attacking Captain's
    # power) = 4: a tie, the attacker is losing.
    assert b.totals() == [4, 4]
    b.play(0, "Militia")  # ally +2 and +1 from the Captain
    assert b.totals() == [7, 4]
    b.play(1, "Sword")
    assert b.totals() == [7, 6]
    check(b)


def test_after_the_round_the_winner_keeps_items_and_the_loser_discards_everything():
    # Seed 000 step H.
    e = make_engine()
    b = battle(e, side(realms=["Vale"], pool=[("Knight", ["Shield"])],
                       hand=["Militia", "Sword", "Orb"], draw=["Squire"]),
               side(realms=["Vale", "Vale"], pool=[("Griffon", ["Sword"])], hand=["Giant"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Griffon", zone="pool")
    assert b.totals() == [6, 8]
    b.play(0, "Sword")  # the item attaches to the Knight: 8 vs 8, still losing
    b.play(0, "Orb")  # the artifact (FR, like the Knight): 11 vs 8
    b.play(1, "Giant")  # 11 vs 12
    b.play(0, "Militia")  # 13 vs 12
    assert b.totals() == [13, 12]
    assert b.b.winner == 0
    assert b.pool_names(0) == ["Practice Knight"]
    assert b.attached_names(0, "Knight") == ["Practice Shield", "Practice Sword",
                                            "Practice Orb"]
    assert b.names(0, "discard") == ["Practice Militia"]
    assert sorted(b.names(1, "discard")) == ["Practice Giant", "Practice Griffon",
                                             "Practice Sword"]
    assert b.pool_names(1) == []
    check(b)


def test_one_artifact_per_champion_of_the_same_world():
    far_orb = card(6, "T Far Orb", CardType.ARTIFACT, bonus=2, world=World.DARK_SUN)
    e = make_engine(far_orb)
    # The Knight (FR) may take the FR Orb but not the Dark Sun one; with the Orb attached, no
    # second artifact.
    b = start(e, ["Knight", "T/6", "Orb"], ["Griffon"])
    assert b.legal_labels(0) == ["Play hand 1", PASS]
    b.play(0, "Orb")  # 8 vs 6
    assert b.totals() == [8, 6]
    e2 = make_engine(far_orb)
    b = start(e2, ["Knight", "T/6", "Orb", "Squire"], ["Wyrm"], defender="Wyrm")
    b.play(0, "Orb")  # 8 vs 8: still losing
    # Hand now: Far Orb (slot 0), Squire (slot 1): a second artifact is refused.
    assert b.legal_labels(0) == ["Play hand 1", PASS]
    check(b)


def test_a_card_whose_mark_lists_other_phases_is_not_played_in_battle():
    early = card(7, "T Early Ward", CardType.WIZARD_SPELL, bonus=2, mark=Mark.DEF, phases=(3,))
    e = make_engine(early)
    b = start(e, ["Mage", "T/7"], ["Griffon"], attacker="Mage")
    assert e.is_over(b.state) and b.b.winner == 1  # nothing playable: round over
