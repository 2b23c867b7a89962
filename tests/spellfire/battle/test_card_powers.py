"""Real 1st Edition cards whose powers were compiled but not applied (issue 13), played in
scripted battles and checked against their printed text.

Cards in the built-in pack (Shield of Wickedness, Calm, Drizzt, the walls) are read from the
CrossFire data when ``../shared/data/crossfire`` is there, from the built-in pack otherwise;
cards only in the CrossFire data (Maligor the Red, Traitor, Delsenora, Anavias) skip without it.
Totals are worked out in the comments from the practice cards (``battle_helpers``): Knight hero
5, Griffon flying monster 6, Mage wizard 4, Militia ally +2, Giant ally +4, Squire ally +1,
Rally event +2 for its side.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from combatzoo.envs.spellfire.cards.cards import Card, CardType

from .battle_helpers import battle, card, check, make_engine, side

CROSSFIRE = (Path(__file__).resolve().parents[3] / ".." / "shared" / "data" / "crossfire").resolve()
HAS_CROSSFIRE = (CROSSFIRE / "DataBase").is_dir()


@lru_cache(maxsize=1)
def _pack() -> Any:
    from combatzoo.envs.spellfire.cards.pack import load_builtin_pack, load_crossfire_pack

    return load_crossfire_pack(CROSSFIRE) if HAS_CROSSFIRE else load_builtin_pack()


def real(*keys: str) -> tuple[Card, ...]:
    """The real cards ``keys`` (CrossFire data if present, else the built-in pack); the test
    skips when one is in neither."""
    pack = _pack()
    missing = [k for k in keys if k not in pack.cards]
    if missing:
        pytest.skip(f"cards {missing} need the CrossFire data at {CROSSFIRE}")
    return tuple(pack.cards[k] for k in keys)


SHIELD, CALM, DRIZZT = "1st/316", "1st/400", "1st/45"
MALIGOR, TRAITOR, DELSENORA, MUTINY = "1st/43", "1st/403", "1st/450", "1st/168"


def names(b, player: int, zone: str) -> list[str]:
    return sorted(n.removeprefix("Practice ") for n in b.names(player, zone))


# --- steal_ally ----------------------------------------------------------------------------------


def test_shield_of_wickedness_takes_the_strongest_opposing_ally():
    # "One enemy ally, chosen by the shield's owner, is forced to switch sides and fight for the
    # shield's owner for one round of battle."
    shield, = real(SHIELD)
    b = battle(make_engine(shield), side(realms=["Vale"], hand=["Knight", "Militia", SHIELD]),
               side(realms=["Vale"], hand=["Griffon", "Giant", "Squire"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Griffon")
    b.play(0, "Militia")  # 5 + 2 = 7 vs 6
    b.play(1, "Giant")  # 7 vs 6 + 4 = 10
    b.play(0, "Shield of Wickedness")  # the Giant fights for player_0: 5 + 2 + 4 = 11 vs 6
    assert b.totals() == [11, 6]
    switched, = b.find("ally_switched")
    assert switched.data["allies"] == ["PR/31"] and switched.player == 0
    b.play(1, "Squire")  # 11 vs 7: the shield took one ally only
    assert b.totals() == [11, 7]
    assert b.b.outcome == "razed" and b.b.winner == 0
    # After the round every card used in it is discarded, each to its owner's pile (step H):
    # the Giant goes back to player_1's discard pile; the shield stays on the Knight.
    assert names(b, 0, "discard") == ["Militia"]
    assert names(b, 1, "discard") == ["Giant", "Griffon", "Squire"]
    assert b.attached_names(0, "Knight") == ["Shield of Wickedness"]
    check(b)


def test_a_carried_shield_takes_the_next_ally_once_per_round():
    shield, = real(SHIELD)
    b = battle(make_engine(shield),
               side(realms=["Vale"], hand=["Militia"], pool=[("Knight", [SHIELD])]),
               side(realms=["Vale"], hand=["Griffon", "Giant", "Squire"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight", zone="pool")
    b.present(1, "Griffon")
    b.play(0, "Militia")  # 7 vs 6
    b.play(1, "Giant")  # the carried shield takes it at once: 5 + 2 + 4 = 11 vs 6
    assert b.totals() == [11, 6]
    b.play(1, "Squire")  # once per round: the Squire fights for player_1, 11 vs 7
    assert b.totals() == [11, 7] and len(b.find("ally_switched")) == 1
    assert names(b, 1, "discard") == ["Giant", "Griffon", "Squire"]
    check(b)


def test_traitor_and_maligor_switch_an_ally():
    # Maligor the Red (wizard 3): "Once per battle Maligor can shift one opposing ally to his
    # own side." Traitor (event): "One ally of this player's choice switches sides for the
    # duration of this round."
    maligor, traitor = real(MALIGOR, TRAITOR)
    b = battle(make_engine(maligor, traitor), side(realms=["Vale"], hand=[MALIGOR, "Giant"]),
               side(realms=["Vale"], hand=["Griffon", "Militia", TRAITOR], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Maligor the Red")
    b.present(1, "Griffon")  # 3 vs 6
    b.play(0, "Giant")  # 3 + 4 = 7 vs 6
    b.play(1, "Militia")  # Maligor shifts it: 3 + 4 + 2 = 9 vs 6
    assert b.totals() == [9, 6]
    b.play(1, "Traitor")  # player_1 takes the strongest ally in play, the Giant: 5 vs 10
    assert b.totals() == [5, 10]
    assert [e.data["allies"] for e in b.find("ally_switched")] == [["PR/30"], ["PR/31"]]
    assert b.b.outcome == "repelled" and b.b.winner == 1
    # Each ally goes back to its owner's discard pile.
    assert names(b, 0, "discard") == ["Giant", "Maligor the Red"]
    assert names(b, 1, "discard") == ["Militia", "Traitor"]
    check(b)


# --- cancel_event --------------------------------------------------------------------------------


def test_calm_undoes_the_opposing_event():
    # Calm: "This magical calm undoes the harmful effect of an event, but only for the player
    # of this card."
    calm, = real(CALM)
    b = battle(make_engine(calm), side(realms=["Vale"], hand=["Knight", "Militia", CALM]),
               side(realms=["Vale"], hand=["Griffon", "Rally"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Griffon")
    b.play(0, "Militia")  # 7 vs 6
    b.play(1, "Rally")  # 7 vs 6 + 2 = 8
    b.play(0, "Calm")  # the Rally is undone: 7 vs 6
    assert b.totals() == [7, 6]
    cancelled, = b.find("event_cancelled")
    assert cancelled.data == {"card": CALM, "cancelled": "PR/62"} and cancelled.player == 0
    # Player_1, still losing, has no card left: the round is over and the realm is razed.
    assert b.b.outcome == "razed" and names(b, 1, "discard") == ["Griffon", "Rally"]
    check(b)


def test_delsenora_cancels_a_harmful_event_and_is_discarded():
    # Delsenora: "She can cancel the effect of one event card for this player, but must be
    # discarded afterward." Mutiny! (harmful): "A battle in progress stops immediately with no
    # victor".
    delsenora, mutiny = real(DELSENORA, MUTINY)
    b = battle(make_engine(delsenora, mutiny),
               side(realms=["Vale"], hand=["Knight", "Militia"], pool=[DELSENORA]),
               side(realms=["Vale"], hand=["Griffon", MUTINY], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Griffon")
    b.play(0, "Militia")  # 7 vs 6
    b.play(1, "Mutiny!")  # Delsenora cancels it before it acts: the battle goes on, 7 vs 6
    assert not b.find("battle_ended_by_card")
    assert b.find("event_cancelled")[0].data["cancelled"] == MUTINY
    assert "Delsenora" in names(b, 0, "discard") and b.pool_names(0) == ["Practice Knight"]
    # Player_1 has no card left: it loses the round, the realm is razed (not "ended").
    assert b.b.outcome == "razed" and b.b.winner == 0
    check(b)


# --- defeat_twice_champion -----------------------------------------------------------------------


def test_drizzt_must_be_defeated_twice_in_one_battle():
    # Drizzt Do' Urden (hero 8): "When defending, Drizzt must be defeated twice in one battle
    # before he is discarded."
    drizzt, = real(DRIZZT)
    b = battle(make_engine(drizzt),
               side(realms=["Vale"], hand=["Knight", "Giant", "Griffon", "Giant"]),
               side(realms=["Vale"], hand=[DRIZZT], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Drizzt Do' Urden")  # 5 vs 8
    b.play(0, "Giant")  # 9 vs 8
    # First defeat: Drizzt is not discarded, the realm stands, the attacker attacks again.
    assert b.find("champion_defeated_once") and b.pool_names(1) == ["Drizzt Do' Urden"]
    assert b.b.step == "attacker" and not b.state.players[1].razed[0]
    b.present(0, "Griffon")
    b.present(1, "Drizzt Do' Urden", zone="pool")  # 6 vs 8
    b.play(0, "Giant")  # 10 vs 8
    # Second defeat in the same battle: he is discarded and the realm is razed.
    assert "Drizzt Do' Urden" in names(b, 1, "discard")
    assert b.b.outcome == "razed" and b.state.players[1].razed[0]
    check(b)


def test_drizzt_left_standing_when_the_attacker_has_no_champion():
    drizzt, = real(DRIZZT)
    b = battle(make_engine(drizzt), side(realms=["Vale"], hand=["Knight", "Giant"]),
               side(realms=["Vale"], hand=[DRIZZT], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Drizzt Do' Urden")
    b.play(0, "Giant")  # 9 vs 8
    # No champion left to attack again (seed 000 step I): the attack ends, nobody draws spoils.
    assert b.b.outcome == "attack_ended" and b.b.winner is None
    assert b.pool_names(1) == ["Drizzt Do' Urden"] and not b.state.players[1].razed[0]
    again = b.engine.from_json(b.engine.to_json(b.state))
    assert b.engine.to_json(again) == b.engine.to_json(b.state)
    check(b)


# --- negate_holdings in the legal gates ----------------------------------------------------------

ANAVIAS, BORDER_FORTS, SUZAIL = "1st/262", "1st/198", "1st/35"


def test_anavias_passes_a_holding_that_bars_his_attack():
    # Anavias (hero 2): "When attacking, psionically negates the power of all enemy holdings
    # for the duration of battle." Border Forts (holding): "Only flyers can attack the attached
    # realm." A Knight (no flyer) cannot attack the realm; Anavias can.
    anavias, forts = real(ANAVIAS, BORDER_FORTS)
    e = make_engine(anavias, forts)
    defender = side(realms=[("Vale", False, BORDER_FORTS)], hand=["Griffon"], draw=["Squire"])
    b = battle(e, side(realms=["Vale"], hand=["Knight"]), dict(defender))
    assert b.legal_labels(0) == ["Make no attack / end the attack"]
    b = battle(e, side(realms=["Vale"], hand=["Knight", ANAVIAS]), dict(defender))
    assert b.legal_labels(0) == ["Make no attack / end the attack", "Attack realm A"]
    b.attack("A")
    assert b.legal_labels(0) == ["Champion from hand 1"]  # Anavias, not the Knight
    check(b)


def test_a_negated_holding_grants_no_spells_to_the_defender():
    # Suzail (holding, in the built-in pack): "any champion can use wizard spells when
    # defending". Against Anavias the defending Knight cannot cast the Bolt (wizard spell,
    # Off); against a plain hero of level 2 he can.
    anavias, suzail = real(ANAVIAS, SUZAIL)
    plain = card(90, "T Squire Hero", CardType.HERO, level=2)
    e = make_engine(anavias, suzail, plain)
    for attacker, offered in ((ANAVIAS, False), ("T/90", True)):
        b = battle(e, side(realms=["Vale"], hand=[attacker, "Giant"]),
                   side(realms=[("Vale", False, SUZAIL)], hand=["Knight", "Bolt", "Militia"],
                        draw=["Squire"]))
        b.attack("A")
        b.step(player_0="Champion from hand 0")
        b.present(1, "Knight")  # 2 vs 5: the attacker plays the Giant, 6 vs 5
        b.play(0, "Giant")
        assert b.to_act() == [1]  # the Militia at least may be played
        bolt = f"Play hand {b.slot(1, 'hand', 'Bolt')}"
        assert (bolt in b.legal_labels(1)) is offered, attacker
        check(b)


# --- "use on defense only" and walls (a loophole: issue 13) --------------------------------------

WALL_OF_FIRE, WALL_OF_IRON, WALL_OF_STONE, WALL_OF_FORCE, ROCK_TO_MUD = (
    "1st/335", "1st/336", "1st/337", "1st/338", "1st/389")
WALLS = (WALL_OF_FIRE, WALL_OF_IRON, WALL_OF_STONE, WALL_OF_FORCE, ROCK_TO_MUD)


def test_a_losing_attacker_cannot_end_the_battle_by_its_own_wall():
    # Wall of Iron (+3) and Wall of Stone (+4): "Only flyers can attack across the wall. Use on
    # defense only." Wall of Fire (+3, Off), Wall of Force (+5): "Only flyers can attack across
    # the wall." Rock to Mud: "Only flyers can attack this player's realms until the player's
    # next turn." A wall shields its caster's realms: the attacker's walls stop nothing here.
    e = make_engine(*real(*WALLS))
    b = battle(e, side(realms=["Vale"], hand=["Mage", *WALLS]),
               side(realms=["Vale"], hand=["Griffon", "Giant"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Mage")
    b.present(1, "Griffon")  # 4 vs 6: the attacker is losing
    offered = {b.names(0, "hand")[int(label.split()[-1])] for label in b.legal_labels(0)
               if label.startswith("Play hand")}
    assert offered == {"Wall of Fire", "Wall of Force", "Rock to Mud"}  # not the defense-only
    b.play(0, "Rock to Mud")  # no bonus, no effect: still 4 vs 6, and the battle goes on
    assert b.totals() == [4, 6] and b.b.step == "cards"
    b.play(0, "Wall of Fire")  # +3: 7 vs 6
    b.play(1, "Giant")  # 7 vs 10
    b.play(0, "Wall of Force")  # +5: 12 vs 10
    assert not b.find("battle_ended_by_card")
    assert b.b.outcome == "razed" and b.b.winner == 0
    check(b)


def test_the_defender_s_wall_stops_an_attacker_that_cannot_fly():
    e = make_engine(*real(WALL_OF_IRON))
    b = battle(e, side(realms=["Vale"], hand=["Knight"]),
               side(realms=["Vale"], hand=["Mage", WALL_OF_IRON], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    b.present(1, "Mage")  # 5 vs 4: the defender is losing
    b.play(1, "Wall of Iron")  # the Knight cannot fly: the battle ends with no victor
    assert b.find("battle_ended_by_card") and b.b.outcome == "ended" and b.b.winner is None
    check(b)


def _random_battle(engine, seed: int) -> list:
    """A seeded random battle: its events."""
    import random

    import numpy as np

    moves = random.Random(seed)
    state = engine.new_game(np.random.default_rng(seed))
    events = []
    while not engine.is_over(state):
        joint = {p: moves.choice(engine.legal_actions(state, p)) for p in engine.to_act(state)}
        events += [(state.attacker, ev) for ev in engine.apply(state, joint)]
    return events


def test_the_attacker_never_plays_a_defense_only_card_nor_ends_a_battle_by_a_wall():
    """Property over random battles of the built-in pack (its decks hold Walls of Iron,
    Stone, Fire, Force, Rock to Mud, Darkness, Mutiny! and Faithful Hound): the attacker plays
    no card marked "use on defense only", and a card of the attacker that ends the battle with
    no victor is one whose printed power stops every battle (Darkness, Mutiny!: "this battle
    ends immediately with no victor"; the event Faithful Hound: "only flyers can attack any
    realm"), never a wall spell, which shields its caster's realms."""
    from combatzoo.envs.spellfire.battle.config import SpellfireConfig
    from combatzoo.envs.spellfire.battle.rules import SpellfireEngine
    from combatzoo.envs.spellfire.cards.effects import EffectKind

    engine = SpellfireEngine(SpellfireConfig(hand_size=(6, 10)))
    walls_played = 0
    for seed in range(400):
        for attacker, ev in _random_battle(engine, seed):
            if ev.player != attacker or ev.kind not in ("card_played", "battle_ended_by_card"):
                continue
            f = engine.facts(ev.data["card"])
            if ev.kind == "card_played":
                assert not f.defense_only, (seed, f.name)
                walls_played += f.has(EffectKind.ONLY_ATTACKABLE_BY)
            else:
                assert f.has(EffectKind.END_BATTLE) or f.type is CardType.EVENT, (seed, f.name)
    assert walls_played > 0  # the property was put to the test


def test_no_undead_can_attack_the_great_kingdom():
    # The Great Kingdom: "No undead can attack the Great Kingdom." The Ghoul (undead monster)
    # may not attack it; the Knight may.
    kingdom, = real("1st/123")
    e = make_engine(kingdom)
    defender = side(realms=["1st/123"], hand=["Griffon"], draw=["Squire"])
    b = battle(e, side(realms=["Vale"], hand=["Ghoul"]), dict(defender))
    assert b.legal_labels(0) == ["Make no attack / end the attack"]
    b = battle(e, side(realms=["Vale"], hand=["Ghoul", "Knight"]), dict(defender))
    b.attack("A")
    assert b.legal_labels(0) == ["Champion from hand 1"]  # the Knight only
    check(b)


# --- may_use on a carried item (issue 13: Viperhand) ---------------------------------------------

VIPERHAND, NECKLACE = "1st/103", "1st/320"


@pytest.mark.parametrize("item", [VIPERHAND, NECKLACE])
def test_a_carried_item_lets_its_champion_cast_wizard_spells(item):
    # Viperhand: "Any champion with the Viperhand can cast wizard spells." The Necklace:
    # "Allows the attached champion to cast wizard spells." A Knight (hero 5, no wizard spells)
    # carrying either, losing 5 to the Griffon's 6, may cast the Bolt (+3, Off): 8 to 6. The
    # same Knight without the item may not.
    (carried,) = real(item)
    e = make_engine(carried)
    for attached in ([item], []):
        b = battle(e, side(realms=["Vale"], pool=[("Knight", attached)], hand=["Bolt"]),
                   side(realms=["Vale"], hand=["Griffon"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight", zone="pool")
        b.present(1, "Griffon")
        if attached:
            assert b.totals() == [5, 6] and b.to_act() == [0]
            assert "Play hand 0" in b.legal_labels(0)
            b.play(0, "Bolt")
            assert b.totals() == [8, 6]
        else:
            # Nothing the Knight may play: the round ends at 5 to 6, the Bolt still in hand.
            assert b.b.winner == 1 and b.name_of(b.state.players[0].hand[0]) == "Practice Bolt"
        check(b)


# --- immunities given by items, artifacts and holdings (issue 13: Codex, Orb, Fortification) ----

FORTIFICATION, ORB_OF_POWER = "1st/149", "1st/310"


@pytest.mark.parametrize("item", [ORB_OF_POWER])
def test_an_item_or_artifact_makes_its_champion_immune_to_offensive_spells(item):
    # Orb of Power: "Offensive spells and magical items have no affect against the champion with
    # this orb." (The Codex of the Infinite Planes, "All of this player's champions are immune
    # ...", is reported not modelled since the issue 13 audit: its pool champions are not
    # immune in the engine; test_audit_powers.) The attacking Knight (5) carries it; the defending
    # wizard (4), losing, casts the Bolt (+3, Off): 5 to 7 against a bare Knight, 5 to 4 (no
    # effect) against the Knight with the card.
    (carried,) = real(item)
    wizard = card(91, "T Wizard", CardType.WIZARD, level=4)
    e = make_engine(carried, wizard)
    for attached, after in (([item], [5, 4]), ([], [5, 7])):
        b = battle(e, side(realms=["Vale"], pool=[("Knight", attached)], hand=["Squire"]),
                   side(realms=["Vale"], hand=["T/91", "Bolt"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight", zone="pool")
        b.present(1, "T Wizard")
        assert b.totals() == [5, 4] and b.to_act() == [1]
        b.play(1, "Bolt")
        assert b.totals() == after, attached
        check(b)


def test_a_holding_makes_the_defenders_of_its_realm_immune_to_offensive_spells():
    # Fortification (holding): "The attached realm and all its defenders are immune to offensive
    # wizard and cleric spells." The attacking wizard (4), losing to the defending Knight (5),
    # casts the Bolt (+3, Off): 7 to 5 against a bare realm, 4 to 5 (no effect) against the
    # fortified one.
    (fort,) = real(FORTIFICATION)
    wizard = card(91, "T Wizard", CardType.WIZARD, level=4)
    e = make_engine(fort, wizard)
    for realm, after in ((("Vale", False, FORTIFICATION), [4, 5]), ("Vale", [7, 5])):
        b = battle(e, side(realms=["Vale"], hand=["T/91", "Bolt"]),
                   side(realms=[realm], hand=["Knight"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "T Wizard")
        b.present(1, "Knight")
        assert b.totals() == [4, 5] and b.to_act() == [0]
        b.play(0, "Bolt")
        assert b.totals() == after, realm
        check(b)


# --- defend_as on a holding (issue 13: Arabel, Arms of the Horned Society) -----------------------

ARABEL, ARMS_OF_THE_HORNED_SOCIETY = "1st/36", "1st/142"


def test_a_holding_lets_its_realm_defend_itself():
    # Arabel (holding): "The attached realm can defend itself as a level 4 monster." Arms of
    # the Horned Society: "... as a level 5 hero." The practice Vale cannot defend itself; with
    # either holding it may, at that level and as that type: a monster uses allies only (not the
    # Punch, a hero's unarmed combat), a hero also unarmed combat. Against the Knight (5) the
    # monster realm loses 4 to 5 and may play the Militia only; the hero realm ties 5 to 5 (the
    # tie is the defender's).
    from combatzoo.envs.spellfire.battle import legal

    arabel, arms = real(ARABEL, ARMS_OF_THE_HORNED_SOCIETY)
    e = make_engine(arabel, arms)
    b = battle(e, side(realms=["Vale"], hand=["Knight"]),
               side(realms=["Vale"], hand=["Militia", "Punch"], draw=["Squire"]))
    b.attack("A")
    b.present(0, "Knight")
    assert "Let the realm defend itself" not in b.legal_labels(1)
    for holding, level, hero in ((ARABEL, 4, False), (ARMS_OF_THE_HORNED_SOCIETY, 5, True)):
        # The attacker's Militia keeps the round open at a tie (the attacker then decides).
        b = battle(e, side(realms=["Vale"], hand=["Knight", "Militia"]),
                   side(realms=[("Vale", False, holding)], hand=["Militia", "Punch"],
                        draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight")
        b.step(player_1="Let the realm defend itself")
        assert b.totals() == [5, level]
        codes = legal.uses_of(b.state, e.state_facts(b.state), 1)
        assert ("o18" in codes) is hero and "1" in codes, holding
        if not hero:
            assert [x for x in b.legal_labels(1) if x.startswith("Play")] == ["Play hand 0"]
        check(b)


# --- a realm's destroy_items at activation (issue 13: Icewind Dale) ------------------------------

ICEWIND_DALE = "1st/20"


def test_icewind_dale_makes_the_attacker_discard_a_magical_item():
    # Icewind Dale (realm): "The attacking champion must discard one magical item chosen by the
    # defender." The realm activates with the round (seed 002): the Knight (5) attacking from
    # its pool loses its Sword (+2 magical item) before the totals, 5 against the Griffon's 6
    # instead of 7; against a plain realm the Sword counts.
    (dale,) = real(ICEWIND_DALE)
    e = make_engine(dale)
    for realm, totals, kept in ((ICEWIND_DALE, [5, 6], False), ("Vale", [7, 6], True)):
        b = battle(e, side(realms=["Vale"], pool=[("Knight", ["Sword"])], hand=["Militia"]),
                   side(realms=[realm], hand=["Griffon"], draw=["Squire"]))
        b.attack("A")
        b.present(0, "Knight", zone="pool")
        b.present(1, "Griffon")
        assert b.totals() == totals, realm
        assert ("Practice Sword" in b.names(0, "discard")) is not kept
        if not kept:
            assert any(ev.kind == "cards_destroyed" for ev in b.events)
        check(b)
