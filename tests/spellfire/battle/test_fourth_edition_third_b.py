"""The 4th Edition, third pass, part b (issue 13, c4th3b): real cards numbered 4th/178 to
4th/386 whose printed powers now compile, played in scripted battles and checked against their
printed text.

Cards are read from the CrossFire data (``../shared/data/crossfire``); a test skips without it.
Totals are worked out in the comments from the practice cards (``battle_helpers``): Knight hero
5, Griffon flying monster 6, Priest cleric 3, Rogue thief 3, Militia ally +2, Giant ally +4,
Squire ally +1, Sword magical item +2, Orb artifact +3, Bolt wizard spell +3 (Off), Rally event
(not harmful: no attribute 22) +2 for its side; the Watchtower holding gives a defender +2.
"""

from __future__ import annotations

from dataclasses import replace

from combatzoo.envs.spellfire.cards.cards import CardType, Mark, World
from combatzoo.envs.spellfire.cards.effects import Effect, EffectKind

from .battle_helpers import battle, card, check, make_engine, side
from .test_card_powers import real
from .test_card_powers_more import plays

HELM, DELSENORA = "4th/255", "1st/450"
KI_RIN, LOUP_GAROU, LOUP_GAROU_RL = "4th/248", "4th/236", "RL/79"
HORN, HORN_FR = "4th/179", "FR/53"
GHOST = "4th/246"
KLIK, KLIK_AR, CONE, CONE_3RD, APOCALYPSE = "4th/288", "AR/77", "4th/368", "3rd/340", "4th/343"

ROWAN, ETTIN, WIJON, PYRE = "4th/224", "4th/308", "4th/231", "4th/336"
BADGE, WOLF_NOMADS, WOLF_PACK = "4th/187", "1st/181", "RL/72"
IDOL = card(2, "T Idol", CardType.ARTIFACT, bonus=2, world=World.ADND)
RELIC = card(3, "T Relic", CardType.ARTIFACT, bonus=3, world=World.ADND)
GEM = card(4, "T Gem", CardType.ARTIFACT, bonus=3, world=World.TSR)

MACE = "4th/204"
ZOMBIE = card(5, "T Zombie", CardType.ALLY, bonus=2, attributes=(40,))

ARCH_DRUID, ARCH_DRUID_3RD = "4th/285", "3rd/189"
AVATAR = replace(card(6, "T Avatar", CardType.HERO, level=9), avatar=True)

ELEMENTAL_CLERIC = "4th/287"
FIRE_DART = card(7, "T Fire Dart", CardType.WIZARD_SPELL, bonus=2, mark=Mark.OFF)
STAIRWELL = card(8, "T Stairwell", CardType.WIZARD_SPELL, bonus=2, mark=Mark.DEF)

DRIDER = "4th/319"
JAB = card(9, "T Jab", CardType.UNARMED_COMBAT, bonus=3, mark=Mark.OFF)
GUARD = card(10, "T Guard", CardType.UNARMED_COMBAT, bonus=2, mark=Mark.DEF)

ANSALONG = "4th/337"
BANE = card(11, "T Bane", CardType.MAGICAL_ITEM, bonus=2, mark=Mark.OFF,
            effects=(Effect(EffectKind.GAIN_LEVELS, amount=3),))
RIPPER = card(12, "T Ripper", CardType.MAGICAL_ITEM, bonus=1, mark=Mark.OFF,
              effects=(Effect(EffectKind.DESTROY_ITEMS),))
WARD = card(13, "T Ward", CardType.MAGICAL_ITEM, bonus=1, mark=Mark.DEF,
            effects=(Effect(EffectKind.GAIN_LEVELS, amount=2),))

SCIMITAR = "4th/205"

CISTERN_FIEND = "4th/269"

CHERNEVIK = "4th/347"
REGENT = int(CardType.REGENT)
BARON = card(14, "T Baron", CardType.REGENT, level=5)
DUKE = card(15, "T Duke", CardType.REGENT, level=9)
ASSASSIN = card(16, "T Assassin", CardType.HERO, level=5, effects=(
    Effect(EffectKind.DESTROY_POOL_CHAMPIONS, card_types=(REGENT,), count=1),))
PURGE = card(17, "T Purge", CardType.EVENT, world=World.NO_WORLD, effects=(
    Effect(EffectKind.DESTROY_ALL, card_types=(REGENT,)),))
STALKER = card(18, "T Stalker", CardType.HERO, level=5, effects=(
    Effect(EffectKind.PICK_OPPONENT),))

RUST_MONSTER = "4th/251"
CLEAVER = card(19, "T Cleaver", CardType.MAGICAL_ITEM, bonus=4)

# A realm that defends itself as a level 9 hero (RULES.md §1 "Combat").
KEEP = card(1, "T Keep", CardType.REALM, level=9, effects=(
    Effect(EffectKind.DEFEND_AS, amount=9, champion_type=int(CardType.HERO)),))


def names(b, player: int, zone: str) -> list[str]:
    return sorted(n.removeprefix("Practice ") for n in b.names(player, zone))


# --- cancel_event with the mark "any" ---------------------------------------------------------


def test_helm_cancels_a_helpful_event_from_his_pool():
    # Helm (4th, hero 6): "He can be discarded from his pool to cancel one event, whether
    # helpful or harmful." The Knight and the Militia lead the Griffon 7 to 6; player_1's Rally
    # (+2, helpful to its side) would make it 7 to 8: Helm cancels it and is discarded, the
    # Rally goes to player_1's discard pile, 7 to 6 stands and player_1, with no card left,
    # loses the round.
    helm, = real(HELM)
    b = battle(make_engine(helm),
               side(realms=["Vale"], hand=["Knight", "Militia"], pool=[HELM]),
               side(realms=["Vale"], hand=["Griffon", "Rally"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Griffon")
    b.play(0, "Militia")
    assert b.totals() == [7, 6]
    b.play(1, "Rally")
    assert b.find("event_cancelled")[0].data["cancelled"] == "PR/62"
    assert b.totals() == [7, 6]
    assert "Helm" in names(b, 0, "discard") and "Rally" in names(b, 1, "discard")
    assert b.b.outcome == "razed" and b.b.winner == 0
    check(b)


def test_delsenora_lets_a_helpful_event_stand_where_helm_would_not():
    # Delsenora (1st): "She can cancel the effect of one event card for this player": only a
    # harmful one. The same Rally against her counts: 7 to 8, and she stays in the pool.
    delsenora, = real(DELSENORA)
    b = battle(make_engine(delsenora),
               side(realms=["Vale"], hand=["Knight", "Militia"], pool=[DELSENORA]),
               side(realms=["Vale"], hand=["Griffon", "Rally"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Griffon")
    b.play(0, "Militia")
    b.play(1, "Rally")
    assert not b.find("event_cancelled") and b.totals() == [7, 8]
    assert b.pool_names(0) == ["Delsenora"]
    check(b)


# --- defeated_unless_has ------------------------------------------------------------------------


def test_ki_rin_defeats_a_champion_with_no_ally_to_play():
    # Ki-Rin (4th, ally +3): "The opposing champion is automatically defeated unless he has or
    # can play an ally." The Knight (5) leads the Priest (3); player_1 plays the Ki-Rin: the
    # Knight has no ally in the round and only the Bolt (a wizard spell a hero cannot cast) in
    # hand: he is defeated at once, and player_1 wins the round.
    ki_rin, = real(KI_RIN)
    b = battle(make_engine(ki_rin),
               side(realms=["Vale"], hand=["Knight", "Bolt"]),
               side(realms=["Vale"], hand=["Priest", KI_RIN], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Priest")
    assert b.totals() == [5, 3]
    b.play(1, "Ki-Rin")
    assert [ev.data["card"] for ev in b.find("power_wins_round")] == [KI_RIN]
    assert "Knight" in names(b, 0, "discard")
    check(b)


def test_ki_rin_leaves_a_champion_who_can_play_an_ally():
    # The same, the Knight holding the Militia: he can play an ally, so he is not defeated;
    # 5 to 6 after the Ki-Rin, then the Militia makes it 7 to 6.
    ki_rin, = real(KI_RIN)
    b = battle(make_engine(ki_rin),
               side(realms=["Vale"], hand=["Knight", "Bolt", "Militia"]),
               side(realms=["Vale"], hand=["Priest", KI_RIN], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Priest")
    b.play(1, "Ki-Rin")
    assert not b.find("power_wins_round") and b.totals() == [5, 6]
    b.play(0, "Militia")
    assert b.totals() == [7, 6]
    check(b)


def test_loup_garou_spares_a_champion_who_has_a_magical_item():
    # Loup-Garou (4th and Ravenloft, ally +2): "... unless he has or can play a magical
    # item." The Knight carrying the Sword (5 + 2 = 7) has one: 7 to 5 after the Loup-Garou,
    # nothing more. The bare Knight with only the Bolt in hand has none: defeated at once.
    for key in (LOUP_GAROU, LOUP_GAROU_RL):
        loup, = real(key)
        b = battle(make_engine(loup),
                   side(realms=["Vale"], pool=[("Knight", ["Sword"])]),
                   side(realms=["Vale"], hand=["Rogue", key], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight", zone="pool")
        b.present(1, "Rogue")
        b.play(1, "Loup-Garou")
        assert not b.find("power_wins_round") and b.totals() == [7, 5], key
        check(b)
        b = battle(make_engine(loup),
                   side(realms=["Vale"], hand=["Knight", "Bolt"]),
                   side(realms=["Vale"], hand=["Rogue", key], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "Rogue")
        b.play(1, "Loup-Garou")
        assert [ev.data["card"] for ev in b.find("power_wins_round")] == [key], key
        check(b)


# --- defeated_below ------------------------------------------------------------------------


def test_the_dreaded_ghost_drains_nine_and_defeats_below_zero():
    # The Dreaded Ghost (4th, ally +9): "This ally drains the adjusted level of an opposing
    # champion (except cleric) by 9; any that drop below 0 are instantly defeated." The bare
    # Knight: 5 - 9 = -4, below 0: defeated at once.
    ghost, = real(GHOST)
    b = battle(make_engine(ghost),
               side(realms=["Vale"], hand=["Knight", "Militia"]),
               side(realms=["Vale"], hand=["Rogue", GHOST], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Rogue")
    b.play(1, "The Dreaded Ghost")
    assert [ev.data["card"] for ev in b.find("power_wins_round")] == [GHOST]
    check(b)


def test_the_dreaded_ghost_drains_but_a_positive_total_fights_on():
    # The Knight with the Sword and the Orb: 5 + 2 + 3 = 10; drained by 9 he stands at 1, not
    # below 0: the round goes on, 1 to 3 + 9 = 12.
    ghost, = real(GHOST)
    b = battle(make_engine(ghost),
               side(realms=["Vale"], pool=[("Knight", ["Sword", "Orb"])], hand=["Militia"]),
               side(realms=["Vale"], hand=["Rogue", GHOST], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Rogue")
    assert b.totals() == [10, 3]
    b.play(1, "The Dreaded Ghost")
    assert not b.find("power_wins_round") and b.totals() == [1, 12]
    check(b)


def test_the_dreaded_ghost_does_not_drain_a_cleric():
    # "(except cleric)": the Priest (3) with the Sword (+2) keeps his 5; the ghost adds its 9:
    # 5 to 12, and no defeat.
    ghost, = real(GHOST)
    b = battle(make_engine(ghost),
               side(realms=["Vale"], pool=[("Priest", ["Sword"])], hand=["Militia"]),
               side(realms=["Vale"], hand=["Rogue", GHOST], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Priest", zone="pool")
    b.present(1, "Rogue")
    b.play(1, "The Dreaded Ghost")
    assert not b.find("power_wins_round") and b.totals() == [5, 12]
    check(b)


# --- discard_attacked_holding -------------------------------------------------------------------


def test_horn_of_blasting_discards_the_holding_of_the_realm_attacked():
    # Horn of Blasting (4th, +3 (Off); Forgotten Realms, the same in other words): "The
    # holding of any realm the attached champion attacks is immediately discarded." The Knight
    # carries it against the Vale with the Watchtower (+2 to a defender): the Watchtower goes
    # to player_1's discard pile as he attacks; 5 + 3 = 8 to the Griffon's 6 (not 8).
    for key in (HORN, HORN_FR):
        horn, = real(key)
        b = battle(make_engine(horn),
                   side(realms=["Vale"], pool=[("Knight", [key])]),
                   side(realms=[("Vale", False, "Watchtower")], hand=["Griffon"],
                        draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight", zone="pool")
        assert b.state.players[1].holdings[0] is None, key
        assert names(b, 1, "discard") == ["Watchtower"], key
        b.present(1, "Griffon")
        assert b.totals() == [8, 6], key
        check(b)


def test_horn_of_blasting_played_in_the_round_discards_the_holding_then():
    # The Knight (5) attacks the Vale with the Watchtower: the Griffon defends at 6 + 2 = 8.
    # Player_0 plays the Horn (+3): the Watchtower is discarded at once: 8 to 6.
    horn, = real(HORN)
    b = battle(make_engine(horn),
               side(realms=["Vale"], hand=["Knight", HORN]),
               side(realms=[("Vale", False, "Watchtower")], hand=["Griffon"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Griffon")
    assert b.totals() == [5, 8]
    b.play(0, "Horn of Blasting")
    assert b.state.players[1].holdings[0] is None and b.totals() == [8, 6]
    check(b)


# --- destroy_one_anywhere -----------------------------------------------------------------------


def test_klik_kacha_destroys_the_strongest_opposing_item_as_he_defends():
    # Klik-Ka'Cha (4th, cleric 7; Arcana: the same words): "When Klik enters combat as a
    # defender, he can destroy one magical item in play anywhere." The Knight carries the Sword
    # (+2) and the Shield (+1): Klik takes the Sword, his best, as he enters: 5 + 1 = 6 to 7.
    for key in (KLIK, KLIK_AR):
        klik, = real(key)
        b = battle(make_engine(klik),
                   side(realms=["Vale"], pool=[("Knight", ["Sword", "Shield"])],
                        hand=["Squire"]),
                   side(realms=["Vale"], hand=[key], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight", zone="pool")
        b.present(1, klik.name)
        assert names(b, 0, "discard") == ["Sword"], key
        assert b.totals() == [6, 7], key
        check(b)


def test_klik_kacha_takes_an_item_from_the_pool_when_the_attacker_has_none():
    # The bare Knight (5) carries nothing: "in play anywhere", Klik takes the Sword of the Mage
    # in player_0's pool; the round is 5 to 7.
    klik, = real(KLIK)
    b = battle(make_engine(klik),
               side(realms=["Vale"], hand=["Knight", "Squire"], pool=[("Mage", ["Sword"])]),
               side(realms=["Vale"], hand=[KLIK], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Klik-Ka'Cha")
    assert names(b, 0, "discard") == ["Sword"] and b.attached_names(0, "Mage") == []
    assert b.totals() == [5, 7]
    check(b)


def test_klik_kacha_attacking_destroys_nothing():
    # "As a defender" only: Klik attacking the Knight with the Sword leaves it: 7 to 7.
    klik, = real(KLIK)
    b = battle(make_engine(klik),
               side(realms=["Vale"], hand=[KLIK, "Squire"], draw=["Squire"]),
               side(realms=["Vale"], pool=[("Knight", ["Sword"])], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Klik-Ka'Cha")
    b.present(1, "Knight", zone="pool")
    assert not b.find("cards_destroyed") and b.totals() == [7, 7]
    check(b)


def test_cone_of_cold_destroys_the_opposing_artifact():
    # Cone of Cold (4th and 3rd, wizard spell +5 (Off)): "Destroys one artifact, chosen by the
    # caster." The Knight with the Orb (+3) leads the Mage 8 to 4; the Mage casts the Cone:
    # the Orb goes to player_1's discard pile and the Cone adds 5: 9 to 5.
    for key in (CONE, CONE_3RD):
        cone, = real(key)
        b = battle(make_engine(cone),
                   side(realms=["Vale"], hand=["Mage", key]),
                   side(realms=["Vale"], pool=[("Knight", ["Orb"])], hand=["Squire"],
                        draw=["Squire"]))
        b.attack("A")
        b.present(0, "Mage")
        b.present(1, "Knight", zone="pool")
        assert b.totals() == [4, 8], key
        b.play(0, "Cone of Cold")
        assert names(b, 1, "discard") == ["Orb"] and b.totals() == [9, 5], key
        check(b)


# --- defeats_realm_champion ---------------------------------------------------------------------


def test_apocalypse_defeats_a_realm_champion():
    # Apocalypse (4th, monster 7): "It automatically defeats a realm champion." It attacks the
    # Keep, which defends itself as a level 9 hero (9 > 7). As a power that ends the round at
    # once (RULES.md §1 "Combat"), player_1 may first play one card: the Squire (+1) changes
    # nothing; Apocalypse wins the round, and the Keep is razed.
    apocalypse, = real(APOCALYPSE)
    b = battle(make_engine(apocalypse, KEEP),
               side(realms=["Vale"], hand=[APOCALYPSE], draw=["Squire"]),
               side(realms=["T/1"], hand=["Squire"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Apocalypse")
    b.step(player_1="Let the realm defend itself")
    assert b.find("answer_offered") and not b.find("power_wins_round")
    b.play(1, "Squire")
    assert [ev.data["card"] for ev in b.find("power_wins_round")] == [APOCALYPSE]
    assert b.b.winner == 0 and b.state.players[1].razed[0]
    check(b)


def test_apocalypse_against_a_champion_has_no_such_power():
    # Against a champion (the Knight, 5) the round is fought on the totals: 7 to 5.
    apocalypse, = real(APOCALYPSE)
    b = battle(make_engine(apocalypse, KEEP),
               side(realms=["Vale"], hand=[APOCALYPSE], draw=["Squire"]),
               side(realms=["T/1"], hand=["Knight", "Squire"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Apocalypse")
    b.present(1, "Knight")
    assert not b.find("power_wins_round") and b.totals() == [7, 5]
    check(b)


# --- destroy_ally_or_item with the mark "abyss" -------------------------------------------------


def test_rowan_sends_the_larger_opposing_card_to_the_abyss():
    # Rowan (4th, ally +1): "Rowan can send one opposing ally or magical item to the Abyss."
    # The Knight with the Sword (7) leads the Griffon (6); the Militia makes it 7 to 8, the
    # Giant 11 to 8; Rowan takes the Giant (+4, larger than the Sword's +2) to player_0's Abyss:
    # 7 to 9.
    rowan, = real(ROWAN)
    b = battle(make_engine(rowan),
               side(realms=["Vale"], pool=[("Knight", ["Sword"])], hand=["Giant", "Squire"]),
               side(realms=["Vale"], hand=["Griffon", "Militia", ROWAN], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Griffon")
    b.play(1, "Militia")
    b.play(0, "Giant")
    assert b.totals() == [11, 8]
    b.play(1, "Rowan")
    assert names(b, 0, "abyss") == ["Giant"] and b.totals() == [7, 9]
    check(b)


def test_rowan_takes_the_item_when_no_ally_is_larger():
    # The Knight with the Sword (+2) and the Shield (+1), no ally: the Sword goes to the Abyss:
    # 5 + 1 = 6 to 6 + 1 = 7.
    rowan, = real(ROWAN)
    b = battle(make_engine(rowan),
               side(realms=["Vale"], pool=[("Knight", ["Sword", "Shield"])], hand=["Squire"]),
               side(realms=["Vale"], hand=["Griffon", ROWAN], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Griffon")
    b.play(1, "Rowan")
    assert names(b, 0, "abyss") == ["Sword"] and names(b, 0, "discard") == []
    assert b.totals() == [6, 7]
    check(b)


# --- adnd_artifacts -----------------------------------------------------------------------------


def test_the_ettin_carries_a_second_adnd_artifact():
    # The Ettin (4th, monster 5): "Being of two minds, the ettin may have two AD&D artifacts
    # attached to him." With the Idol (AD&D, +2) he may take the Relic (AD&D, +3), not the Gem
    # (TSR); played, 5 + 2 + 3 = 10 to the Wyrm's 8.
    ettin, = real(ETTIN)
    b = battle(make_engine(ettin, IDOL, RELIC, GEM),
               side(realms=["Vale"], pool=[(ETTIN, ["T/2"])], hand=["T/3", "T/4"]),
               side(realms=["Vale"], hand=["Wyrm", "Squire"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Ettin", zone="pool")
    b.present(1, "Wyrm")
    assert b.totals() == [7, 8]
    assert plays(b, 0) == {"T Relic"}
    b.play(0, "T Relic")
    assert b.totals() == [10, 8]
    check(b)


def test_a_champion_without_the_power_carries_one_artifact():
    # The Knight with the Idol may take no second artifact: nothing to play.
    ettin, = real(ETTIN)
    b = battle(make_engine(ettin, IDOL, RELIC, GEM),
               side(realms=["Vale"], pool=[("Knight", ["T/2"])], hand=["T/3", "T/4", "Squire"]),
               side(realms=["Vale"], hand=["Wyrm", "Squire"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Wyrm")
    assert plays(b, 0) == {"Squire"}
    check(b)


# --- double_later_ally --------------------------------------------------------------------------


def test_wijon_doubles_the_largest_ally_played_after_him():
    # Wijon (4th, ally +2): "Wijon can double the level of one ally played after him (choice
    # need not be immediate)." The Knight (5) against the Wyrm with the Orb (8 + 3 = 11): Wijon
    # 7; the Militia, doubled for now, 7 + 4 = 11 (a tie: the defender wins it); the Giant,
    # larger, is the one doubled: 5 + 2 + 2 + 8 = 17.
    wijon, = real(WIJON)
    b = battle(make_engine(wijon),
               side(realms=["Vale"], hand=["Knight", WIJON, "Militia", "Giant"]),
               side(realms=["Vale"], pool=[("Wyrm", ["Orb"])], hand=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Wyrm", zone="pool")
    b.play(0, "Wijon")
    assert b.totals() == [7, 11]
    b.play(0, "Militia")
    assert b.totals() == [11, 11]
    b.play(0, "Giant")
    assert b.totals() == [17, 11]
    check(b)


def test_wijon_does_not_double_an_ally_played_before_him():
    # The Giant before Wijon: 5 + 4 = 9, then Wijon: 11, no ally after him to double: 11 to 11.
    wijon, = real(WIJON)
    b = battle(make_engine(wijon),
               side(realms=["Vale"], hand=["Knight", "Giant", WIJON, "Squire"]),
               side(realms=["Vale"], pool=[("Wyrm", ["Orb"])], hand=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Wyrm", zone="pool")
    b.play(0, "Giant")
    b.play(0, "Wijon")
    assert b.totals() == [11, 11]
    check(b)


# --- gain_vs_nonspellcasters --------------------------------------------------------------------


def test_pyre_gains_against_a_champion_who_casts_no_spells():
    # Pyre (4th, hero 7): "He gains 7 levels when in combat with nonspellcasting champions."
    # Against the Knight (a hero, no spell "uses" code): 14 to 5; against the Mage (a wizard):
    # 7 to 4; against the Knight defending the Academy, which lets its defenders cast wizard
    # spells: 7 to 5.
    pyre, = real(PYRE)
    for realm, defender, totals in (("Vale", "Knight", [14, 5]), ("Vale", "Mage", [7, 4]),
                                    ("Academy", "Knight", [7, 5])):
        b = battle(make_engine(pyre),
                   side(realms=["Vale"], hand=[PYRE, "Squire"]),
                   side(realms=[realm], hand=[defender, "Squire"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Pyre")
        b.present(1, defender)
        assert b.totals() == totals, (realm, defender)
        check(b)


# --- double_named -------------------------------------------------------------------------------


def test_the_badge_of_the_wolf_nomads_doubles_the_wolves():
    # Badge of the Wolf Nomads (4th, +4 (Def)): "All cards used by this player that contain the
    # word "wolf" are doubled in level." The Wolf Nomads (hero 4) with the badge: 4 x 2 + 4 x 2
    # = 16 (the badge's name holds the word too).
    badge, nomads = real(BADGE, WOLF_NOMADS)
    b = battle(make_engine(badge, nomads),
               side(realms=["Vale"], pool=[(WOLF_NOMADS, [BADGE])]),
               side(realms=["Vale"], hand=["Wyrm", "Squire"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Wolf Nomads", zone="pool")
    b.present(1, "Wyrm")
    assert b.totals() == [16, 8]
    check(b)


def test_the_badge_doubles_a_wolf_ally_not_the_knight():
    # The Knight (5, no wolf) with the badge: 5 + 8 = 13, a tie with the Wyrm, the Orb and the
    # Sword (8 + 3 + 2); the Wolf Pack (+4) counts 8: 21 to 13; the Squire (+1) 1: 22.
    badge, pack = real(BADGE, WOLF_PACK)
    b = battle(make_engine(badge, pack),
               side(realms=["Vale"], pool=[("Knight", [BADGE])], hand=[WOLF_PACK, "Squire"]),
               side(realms=["Vale"], pool=[("Wyrm", ["Orb", "Sword"])], hand=["Squire"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Wyrm", zone="pool")
    assert b.totals() == [13, 13]
    b.play(0, "Wolf Pack")
    assert b.totals() == [21, 13]
    check(b)


# --- opposing_to_abyss with attributes ----------------------------------------------------------


def test_the_mace_of_disruption_sends_the_undead_it_kills_to_the_abyss():
    # Mace of Disruption (4th, +4 (Off)): "+8 vs undead. Undead champions and allies killed by
    # the mace are placed in the Abyss instead of the discard pile." The Knight with the mace
    # against the Ghoul (undead 4): 5 + 8 = 13 to 4; the Zombie (undead ally +2) and the Militia
    # (+2) make it 13 to 8, and player_1 has no card left: the Knight wins the round. The Ghoul
    # and the Zombie go to player_1's Abyss, the Militia to its discard pile.
    mace, = real(MACE)
    b = battle(make_engine(mace, ZOMBIE),
               side(realms=["Vale"], pool=[("Knight", [MACE])]),
               side(realms=["Vale"], hand=["Ghoul", "T/5", "Militia"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Ghoul")
    assert b.totals() == [13, 4]
    b.play(1, "T Zombie")
    b.play(1, "Militia")
    assert b.totals() == [13, 8]
    assert b.b.winner == 0
    assert names(b, 1, "abyss") == ["Ghoul", "T Zombie"]
    assert names(b, 1, "discard") == ["Militia"]
    check(b)


def test_the_mace_against_a_living_champion_is_a_plain_plus_four():
    # Against the Griffon (6, not undead): 5 + 4 = 9 to 6; the Griffon, defeated, goes to the
    # discard pile.
    mace, = real(MACE)
    b = battle(make_engine(mace),
               side(realms=["Vale"], pool=[("Knight", [MACE])]),
               side(realms=["Vale"], hand=["Griffon"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Griffon")
    assert b.totals() == [9, 6] and b.b.winner == 0
    assert names(b, 1, "abyss") == [] and names(b, 1, "discard") == ["Griffon"]
    check(b)


# --- spell_veto with the mark "all"; avatars_barred ---------------------------------------------


def test_the_arch_druid_vetoes_opposing_clerics_even_beside_another_arch_druid():
    # Arch-Druid (4th, cleric 4): "All other clerics must ask the Arch-Druid for permission to
    # cast spells." Player_0's Arch-Druid in the pool keeps player_1's Priest (3, losing 3 to 5)
    # from its Blessing, although player_1 has an Arch-Druid (3rd) in play too; player_1's own
    # Arch-Druid lets its Priest cast ([decided], as Midnight's: one's own side is permitted).
    druid, druid_3rd = real(ARCH_DRUID, ARCH_DRUID_3RD)
    e = make_engine(druid, druid_3rd)
    for mine, offered in (([ARCH_DRUID], {"Militia"}), ([], {"Militia", "Blessing"})):
        b = battle(e, side(realms=["Vale"], hand=["Knight"], pool=mine),
                   side(realms=["Vale"], hand=["Priest", "Blessing", "Militia"],
                        pool=[ARCH_DRUID_3RD], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight")
        b.present(1, "Priest")
        assert b.totals() == [5, 3]
        assert plays(b, 1) == offered, mine
        check(b)


def test_the_arch_druid_bars_avatars_from_the_battle():
    # "While the Arch-druid is in play, no avatars may be played." With the Arch-Druid in
    # player_1's pool, player_0 may attack with the Knight from its hand but not with the T
    # Avatar; without it, with either. Defending, player_1's T Avatar may not be presented while
    # player_0's Arch-Druid is in play.
    druid, = real(ARCH_DRUID)
    e = make_engine(druid, AVATAR)

    def champions(b, player: int) -> set[str]:
        hand = b.names(player, "hand")
        return {hand[int(label.split()[-1])].removeprefix("Practice ")
                for label in b.legal_labels(player) if label.startswith("Champion from hand")}

    for pool, offered in (([ARCH_DRUID], {"Knight"}), ([], {"Knight", "T Avatar"})):
        b = battle(e, side(realms=["Vale"], hand=["Knight", "T/6"]),
                   side(realms=["Vale"], hand=["Priest"], pool=pool, draw=["Squire"]))
        b.attack("A")
        assert champions(b, 0) == offered, pool
    b = battle(e, side(realms=["Vale"], hand=["Knight"], pool=[ARCH_DRUID]),
               side(realms=["Vale"], hand=["Priest", "T/6"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    assert champions(b, 1) == {"Priest"}
    check(b)


def test_the_arch_druid_keeps_a_spoils_avatar_out_of_play():
    # In the whole game: player_0 razes a realm and draws Garl Glittergold (4th, an avatar:
    # "a hero of level 8 or higher must be discarded to bring Garl into play") as spoils; the
    # T Paladin (hero 8) could pay, but player_1's Arch-Druid is in play: no avatar may be
    # played, and Garl goes to the hand like any spoils that cannot be played.
    from combatzoo.envs.spellfire.game.config import GameConfig
    from combatzoo.envs.spellfire.game.rules import SpellfireGameEngine

    from tests.spellfire.game.test_game_rules import FILLER, Turn, names, table

    garl, druid = real("4th/473", ARCH_DRUID)
    paladin = card(11, "T Paladin", CardType.HERO, level=8)
    eng = SpellfireGameEngine(GameConfig(pack="practice", extra_cards=(garl, druid, paladin)))
    me = side(realms=["Vale"], hand=["Knight"], pool=["T/11"], draw=["4th/473", *FILLER])
    state = table(eng, me, side(realms=["Harbor", "Walls"], pool=[ARCH_DRUID]), phase=4,
                  battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Attack realm A")
    turn.play("Champion from hand 0")
    turn.play("Decline to defend", player=1)
    state = turn.state
    assert state.spoils is None and "spoils_to_hand" in turn.kinds()
    assert names(eng, state, state.table.players[0].hand) == ["Garl Glittergold"]
    assert names(eng, state, state.table.players[0].pool) == ["T Paladin", "Knight"]


# --- casts_named_only ---------------------------------------------------------------------------


def test_the_elemental_cleric_casts_only_the_elemental_wizard_spells():
    # Elemental Cleric (4th, cleric 2): "... the elemental cleric can also cast any wizard
    # spells containing the words earth, air, fire, or water." Losing 2 to the Knight's 5, she
    # is offered the T Fire Dart, not the Bolt nor the T Stairwell ("air" inside a word); the
    # Dart makes it 4 to 5.
    cleric, = real(ELEMENTAL_CLERIC)
    b = battle(make_engine(cleric, FIRE_DART, STAIRWELL),
               side(realms=["Vale"], hand=[ELEMENTAL_CLERIC, "T/7", "Bolt", "T/8"]),
               side(realms=["Vale"], hand=["Knight", "Squire"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Elemental Cleric")
    b.present(1, "Knight")
    assert b.totals() == [2, 5]
    assert plays(b, 0) == {"T Fire Dart"}
    b.play(0, "T Fire Dart")
    assert b.totals() == [4, 5]
    check(b)


def test_the_elemental_cleric_is_immune_to_offensive_wizard_spells():
    # "Immune to offensive wizard spells": with the Militia and the Giant she leads the Mage
    # 8 to 4; the Mage's Bolt (+3, Off) has no effect on her, its bonus included: 8 to 4.
    cleric, = real(ELEMENTAL_CLERIC)
    b = battle(make_engine(cleric),
               side(realms=["Vale"], hand=[ELEMENTAL_CLERIC, "Militia", "Giant"]),
               side(realms=["Vale"], hand=["Mage", "Bolt", "Squire"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Elemental Cleric")
    b.present(1, "Mage")
    b.play(0, "Militia")
    b.play(0, "Giant")
    assert b.totals() == [8, 4]
    b.play(1, "Bolt")
    assert b.totals() == [8, 4]
    check(b)


# --- immune_to_needing --------------------------------------------------------------------------


def test_the_drider_shrugs_off_offensive_hero_unarmed_combat():
    # Drider (4th, monster 4): "... is immune to offensive hero unarmed combat cards." With the
    # Sword it leads the Knight 6 to 5; the Knight's T Jab (+3, Off, a hero's unarmed combat
    # card) has no effect on it: 5 to 6; his T Guard (+2, Def) helps himself: 7 to 6.
    drider, = real(DRIDER)
    b = battle(make_engine(drider, JAB, GUARD),
               side(realms=["Vale"], hand=["Knight", "T/9", "T/10"]),
               side(realms=["Vale"], pool=[(DRIDER, ["Sword"])], hand=["Squire"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Drider", zone="pool")
    assert b.totals() == [5, 6]
    b.play(0, "T Jab")
    assert b.totals() == [5, 6]
    b.play(0, "T Guard")
    assert b.totals() == [7, 6]
    check(b)


# --- negate_powers with the mark "attached" -----------------------------------------------------


def test_ansalong_negates_the_powers_of_offensive_cards_on_the_opposing_champion():
    # Ansalong (4th, psionicist 2): "Ansalong negates the special powers of all offensive cards
    # attached to an opposing champion." The Knight carries the T Bane (+2, Off, "gains 3"),
    # the T Ripper (+1, Off, destroys the opposing champion's magical items as it activates)
    # and the T Ward (+1, Def, "gains 2"). Against Ansalong with the Sword: the Bane's and the
    # Ripper's powers are gone, their bonuses count, the Ward's power counts; the Sword stays:
    # 5 + 2 + 1 + 1 + 2 = 11 to 2 + 2 = 4.
    ansalong, = real(ANSALONG)
    e = make_engine(ansalong, BANE, RIPPER, WARD)
    b = battle(e, side(realms=["Vale"], pool=[("Knight", ["T/11", "T/12", "T/13"])]),
               side(realms=["Vale"], pool=[(ANSALONG, ["Sword"])], hand=["Sword", "Squire"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Ansalong", zone="pool")
    assert not b.find("cards_destroyed") and b.totals() == [11, 4]
    # The Ripper, negated, does not answer the second Sword either: 11 to 6.
    b.play(1, "Sword")
    assert not b.find("cards_destroyed") and b.totals() == [11, 6]
    check(b)
    # Against the Priest (3) with the Sword, the same Knight: the Ripper takes the Sword as it
    # activates, the Bane gains 3: 5 + 2 + 3 + 1 + 1 + 2 = 14 to 3.
    b = battle(e, side(realms=["Vale"], pool=[("Knight", ["T/11", "T/12", "T/13"])]),
               side(realms=["Vale"], pool=[("Priest", ["Sword"])], hand=["Sword", "Squire"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Priest", zone="pool")
    assert names(b, 1, "discard") == ["Sword"] and b.totals() == [14, 3]
    # ... and it answers the second Sword played against it: still 14 to 3.
    b.play(1, "Sword")
    assert names(b, 1, "discard") == ["Sword", "Sword"] and b.totals() == [14, 3]
    check(b)


# --- gain_levels marked "rises"; defeat_twice_champion on an item ------------------------------


def test_the_scimitar_of_speed_rises_and_saves_its_defender_once():
    # Scimitar of Speed (4th, +3 (Def)): "If defending a realm, the item's level rises to 6, and
    # the attached champion must be defeated twice in one battle before he is discarded." The
    # Knight defends with it: 5 + 6 = 11 to the Wyrm's 8; the Giant makes it 12 to 11 and
    # player_1 has no card: the Knight is defeated once, and returns to the pool, the scimitar
    # with him, instead of the discard pile.
    scimitar, = real(SCIMITAR)
    b = battle(make_engine(scimitar),
               side(realms=["Vale"], hand=["Wyrm", "Giant"]),
               side(realms=["Vale", "Harbor"], pool=[("Knight", [SCIMITAR])], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Wyrm")
    b.present(1, "Knight", zone="pool")
    assert b.totals() == [8, 11]
    b.play(0, "Giant")
    assert b.totals() == [12, 11]
    assert b.find("champion_defeated_once")
    assert "Practice Knight" in b.pool_names(1)
    assert b.attached_names(1, "Knight") == ["Scimitar of Speed"]
    check(b)


def test_the_scimitar_of_speed_attacking_is_a_plain_plus_three():
    # Attacking, the Knight with it counts 5 + 3 = 8 to the Griffon's 6.
    scimitar, = real(SCIMITAR)
    b = battle(make_engine(scimitar),
               side(realms=["Vale"], pool=[("Knight", [SCIMITAR])], hand=["Squire"]),
               side(realms=["Vale"], hand=["Griffon", "Squire"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Griffon")
    assert b.totals() == [8, 6]
    check(b)


# --- destroy_allies_total on a champion ---------------------------------------------------------


def test_the_athasian_cistern_fiend_devours_allies_up_to_its_base_level():
    # Athasian Cistern Fiend (4th, monster 8): "This hideous monster devours points' worth of
    # allies up to its base level, and it is immune to offensive psionic power cards." The Seer
    # (4) attacks it: the Giant (+4) is devoured (4 of 8 points), the Militia (+2) too (6); the
    # Mind Blast (+3, Off psionic power) has no effect on it: still 4 to 8; a second Giant would
    # take the points to 10, above 8: it stays and counts, 8 to 8.
    fiend, = real(CISTERN_FIEND)
    b = battle(make_engine(fiend),
               side(realms=["Vale"], hand=["Seer", "Giant", "Militia", "Mind Blast", "Giant",
                                           "Squire"]),
               side(realms=["Vale"], hand=[CISTERN_FIEND], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Seer")
    b.present(1, "Athasian Cistern Fiend")
    assert b.totals() == [4, 8]
    b.play(0, "Giant")
    b.play(0, "Militia")
    assert names(b, 0, "discard") == ["Giant", "Militia"] and b.totals() == [4, 8]
    b.play(0, "Mind Blast")
    assert b.totals() == [4, 8]
    b.play(0, "Giant")
    assert names(b, 0, "discard") == ["Giant", "Militia"] and b.totals() == [8, 8]
    check(b)


# --- stays_in_pool ------------------------------------------------------------------------------


def test_chernevik_resists_being_removed_from_his_pool():
    # Chernevik (4th, regent 8): "He can employ his Iron Will blood ability to resist being
    # removed from his pool for any reason." The T Assassin, presented to attack, destroys the
    # strongest regent of the defender's pool: not Chernevik (8), the T Baron (5). Then the
    # T Purge (an event: every regent in play is discarded) takes player_0's own T Duke (9)
    # from its pool, not Chernevik.
    chernevik, = real(CHERNEVIK)
    b = battle(make_engine(chernevik, BARON, DUKE, ASSASSIN, PURGE),
               side(realms=["Vale"], hand=["T/16", "T/17"], pool=["T/15"]),
               side(realms=["Vale"], pool=[CHERNEVIK, "T/14"], hand=["Knight", "Giant"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "T Assassin")
    assert b.pool_names(1) == ["Chernevik"] and names(b, 1, "discard") == ["T Baron"]
    b.present(1, "Knight")
    b.play(0, "T Purge")
    # (player_0, with no card left, loses the round: the Knight returns to the pool.)
    assert b.pool_names(1) == ["Chernevik", "Practice Knight"] and b.pool_names(0) == []
    assert "T Duke" in names(b, 0, "discard")
    check(b)


def test_chernevik_is_not_picked_out_of_his_pool():
    # The T Stalker picks its opponent from the defender's pool, the weakest ([decided],
    # pick_opponent): Chernevik (8) resists, the T Duke (9) is picked.
    chernevik, = real(CHERNEVIK)
    b = battle(make_engine(chernevik, DUKE, STALKER),
               side(realms=["Vale"], hand=["T/18", "Squire"]),
               side(realms=["Vale"], pool=[CHERNEVIK, "T/15"], hand=["Squire"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "T Stalker")
    assert b.pool_names(1) == ["Chernevik"] and b.name_of(b.b.champion[1]) == "T Duke"
    check(b)


# --- devour_items -------------------------------------------------------------------------------


def test_the_rust_monster_devours_every_weak_magical_item():
    # Rust Monster (4th, ally +4): "This ally devours all magical items of +3 or less. The
    # items are discarded instantly, and any more such played are also devoured." The Knight
    # with the Sword (+2) and the Shield (+1), 8, against the Griffon with a Sword and the
    # T Cleaver (+4), 12. Player_0 plays the Rust Monster: both Swords and the Shield go ("all":
    # both sides' [decided]), the Cleaver (+4) stays: 5 + 4 = 9 to 6 + 4 = 10. A third Sword
    # played after it is devoured too: 9 to 10; the Giant is no item: 13 to 10.
    rust, = real(RUST_MONSTER)
    b = battle(make_engine(rust, CLEAVER),
               side(realms=["Vale"], pool=[("Knight", ["Sword", "Shield"])],
                    hand=[RUST_MONSTER, "Sword", "Giant"]),
               side(realms=["Vale"], pool=[("Griffon", ["Sword", "T/19"])], hand=["Squire"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Griffon", zone="pool")
    assert b.totals() == [8, 12]
    b.play(0, "Rust Monster")
    assert names(b, 0, "discard") == ["Shield", "Sword"] and names(b, 1, "discard") == ["Sword"]
    assert b.totals() == [9, 10]
    b.play(0, "Sword")
    assert names(b, 0, "discard") == ["Shield", "Sword", "Sword"] and b.totals() == [9, 10]
    b.play(0, "Giant")
    assert b.totals() == [13, 10]
    check(b)
