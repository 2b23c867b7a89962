"""The legal plays of a Spellfire battle as functions (``battle/legal.py``), their typed ids, and
the observer's legal flags.

Practice cards (``cards/practice.py``): Knight hero 5, Griffon flying monster 6, Shark swimming
monster 5, Mage wizard 4, Champion hero 6 that may attack again, Peak a realm that defends itself
as a level-4 hero and bars flyers, Harbor a coastal realm, Vale a plain realm, Militia ally +2,
Giant ally +4, Squire ally +1, Bolt wizard spell +3, Rally event +2. Hand-made cards (set ``T``)
carry the power under test; the outcomes are worked out in the comments.
"""

from __future__ import annotations

from typing import Any

from combatzoo.envs.core.codec import Action
from combatzoo.envs.spellfire.battle import legal
from combatzoo.envs.spellfire.battle.actions import ActionKind
from combatzoo.envs.spellfire.battle.facts import facts_of
from combatzoo.envs.spellfire.battle.state import Side, exposed, exposed_slots
from combatzoo.envs.spellfire.battle.totals import sides_of
from combatzoo.envs.spellfire.cards.cards import Attribute, CardType, World
from combatzoo.envs.spellfire.cards.effects import Effect, EffectKind

from .battle_helpers import Battle, battle, card, check, make_engine, side

E = EffectKind
K = ActionKind


def typed(b: Battle, player: int) -> list[Action]:
    """The legal actions of ``player``, decoded."""
    return [b.engine.decode_action(a) for a in b.engine.legal_actions(b.state, player)]


def plays(b: Battle, player: int) -> list[str]:
    """Names of the hand cards ``player`` may play now."""
    hand = b.state.players[player].hand
    return [b.name_of(hand[a.get_int("hand")]) for a in typed(b, player)
            if a.kind is K.PLAY_CARD]


def start(e: Any, attacker_hand: list[str], defender_hand: list[str], attacker: str,
          defender: str) -> Battle:
    """Realm A (a Vale) attacked by ``attacker`` from the hand, defended by ``defender``."""
    b = battle(e, side(realms=["Vale"], hand=attacker_hand, draw=["Squire"]),
               side(realms=["Vale"], hand=defender_hand, draw=["Squire"]))
    b.attack("A")
    b.present(0, attacker)
    b.present(1, defender)
    return b


# --- formation shields (RULES.md §1 "Table") ----------------------------------------------------


def formation(razed: str = "", empty: str = "") -> Side:
    """Six realms A..F (instances 0..5); the slots named in ``razed`` razed, in ``empty``
    empty."""
    s = Side()
    for i, slot in enumerate("ABCDEF"):
        s.realms[i] = None if slot in empty else i
        s.razed[i] = slot in razed
    return s


def open_slots(s: Side) -> str:
    return "".join(slot for i, slot in enumerate("ABCDEF") if exposed(s, i))


def test_formation_shields_a_covers_b_c_b_covers_d_e_c_covers_e_f():
    # A full formation: only A, which nothing covers, is exposed.
    assert open_slots(formation()) == "A"
    # A razed: B and C open; D, E, F still behind B and C.
    assert open_slots(formation(razed="A")) == "ABC"
    # A and B razed: D opens; E is covered by C as well, F by C.
    assert open_slots(formation(razed="AB")) == "ABCD"
    # A and C razed: F opens; D and E stay behind B.
    assert open_slots(formation(razed="AC")) == "ABCF"
    # A, B and C razed: every slot open.
    assert open_slots(formation(razed="ABC")) == "ABCDEF"
    # Empty slots shield nothing either; a razed slot's own state does not matter.
    assert open_slots(formation(empty="ABC")) == "ABCDEF"
    assert open_slots(formation(razed="BC", empty="A")) == "ABCDEF"


# --- attacks --------------------------------------------------------------------------------------


def test_gate_of_a_holding_that_bars_monsters_keeps_the_griffon_out_even_of_an_exposed_realm():
    moat = card(1, "T Moat", CardType.HOLDING, effects=(
        Effect(E.NOT_ATTACKABLE_BY, card_types=(int(CardType.MONSTER),)),))
    e = make_engine(moat)
    b = battle(e, side(realms=["Vale"], hand=["Griffon", "Knight"]),
               side(realms=[("Vale", False, "T/1"), "Harbor"]))
    fx = e.state_facts(b.state)
    assert legal.gate(b.state, fx, 0) == legal.Gate(
        exposed=True, bars_moves=frozenset(), bars_types=frozenset({int(CardType.MONSTER)}),
        only=None, coastal=False, world=int(World.FORGOTTEN_REALMS))
    # B (Harbor) is shielded by A but coastal; an empty slot has no gate at all.
    harbor = legal.gate(b.state, fx, 1)
    assert harbor is not None and not harbor.exposed and harbor.coastal
    assert legal.gate(b.state, fx, 2) is None
    # Hand slot 0 is the Griffon, 1 the Knight: only the Knight may attack A; the Griffon
    # flies over A to the Harbor.
    assert legal.attackers_for(b.state, fx, 0, e.actions) == ([1], [])
    assert legal.attackers_for(b.state, fx, 1, e.actions) == ([0], [])
    # Seed 000: the attacker *can* attack, so "no attack" is offered too.
    assert [(a.kind, a.args) for a in typed(b, 0)] == [
        (K.NO_ATTACK, ()), (K.ATTACK_REALM, (("slot", 0),)), (K.ATTACK_REALM, (("slot", 1),))]


def test_an_earthwalker_reaches_every_standing_realm_a_walker_only_the_exposed_one():
    mole = card(2, "T Mole", CardType.HERO, level=4, attributes=(Attribute.EARTHWALKER,))
    e = make_engine(mole)
    full = side(realms=["Vale", "Harbor", "Vale", "Vale", "Vale", ("Vale", True)])
    b = battle(e, side(realms=["Vale"], hand=["T/2"]), full)
    fx = e.state_facts(b.state)
    mole_facts = fx[b.state.players[0].hand[0]]
    knight = e.facts("PR/20")
    assert [s for s in range(6) if legal.can_attack(b.state, fx, mole_facts, s)] == \
        [0, 1, 2, 3, 4]  # F is razed
    assert [s for s in range(6) if legal.can_attack(b.state, fx, knight, s)] == [0]
    # A swimmer's movement given from outside reaches A and the coastal Harbor.
    assert [s for s in range(6) if legal.can_attack(b.state, fx, knight, s,
                                                    frozenset({"swimmer"}))] == [0, 1]


def test_a_pool_champion_that_attacked_this_turn_stays_home_unless_it_may_attack_again():
    e = make_engine()
    # Player 0's instances: pool Knight 0, Champion 1, then its realm 2.
    b = battle(e, side(realms=["Vale"], pool=["Knight", "Champion"], attacked=[0, 1]),
               side(realms=["Vale"], hand=["Knight"]))
    fx = e.state_facts(b.state)
    hand, pool = legal.available(b.state, fx, e.actions)
    assert hand == [] and [c.slot for c in pool] == [1]
    b.attack("A")
    assert typed(b, 0) == [Action.of(K.CHAMPION_FROM_POOL, pool=1)]
    check(b)


# --- defence --------------------------------------------------------------------------------------


def test_defender_choices_a_realm_with_a_level_may_defend_itself():
    e = make_engine()
    for realm, itself in (("Peak", True), ("Vale", False)):
        b = battle(e, side(realms=["Vale"], hand=["Knight"]),
                   side(realms=[realm], hand=["Griffon", "Militia"], pool=["Shark"]))
        b.attack("A")
        b.present(0, "Knight")
        expected = [Action.of(K.CHAMPION_FROM_HAND, hand=0),
                    Action.of(K.CHAMPION_FROM_POOL, pool=0), Action.of(K.DECLINE)]
        if itself:
            expected.append(Action.of(K.REALM_DEFENDS))
        assert typed(b, 1) == expected
        assert legal.realm_can_defend(b.state, e.state_facts(b.state)) is itself


# --- card play: bars ------------------------------------------------------------------------------


def test_spells_barred_by_the_opposing_champion_leave_the_allies():
    warden = card(3, "T Spellward", CardType.HERO, level=5, effects=(Effect(E.SPELLS_BARRED),))
    e = make_engine(warden)
    # Mage 4 vs 5: the attacker plays; Bolt is barred, Militia is not.
    b = start(e, ["Mage", "Bolt", "Militia"], ["T/3"], "Mage", "T Spellward")
    assert legal.bars(b.state, e.state_facts(b.state), 0) == [legal.Bar("spells")]
    assert plays(b, 0) == ["Practice Militia"]
    # The defender's own cards are not barred by its own champion.
    assert legal.bars(b.state, e.state_facts(b.state), 1) == []


def test_allies_limit_stops_allies_once_the_limit_is_reached():
    marshal = card(4, "T Marshal", CardType.HERO, level=6,
                   effects=(Effect(E.ALLIES_LIMIT, amount=1),))
    e = make_engine(marshal)
    # Knight 5 vs Marshal 6: every card may be played at first.
    b = start(e, ["Knight", "Squire", "Militia", "Rally"], ["T/4"], "Knight", "T Marshal")
    assert plays(b, 0) == ["Practice Squire", "Practice Militia", "Practice Rally"]
    # Squire: 6 vs 6, a tie goes to the defender; one ally played: no more allies.
    b.play(0, "Squire")
    assert b.totals() == [6, 6]
    assert plays(b, 0) == ["Practice Rally"]
    check(b)


def test_own_allies_barred_and_opposing_allies_barred_up_to_a_level():
    loner = card(5, "T Loner", CardType.HERO, level=4,
                 effects=(Effect(E.OWN_ALLIES_BARRED),))
    sentry = card(6, "T Sentry", CardType.HERO, level=6,
                  effects=(Effect(E.ALLIES_BARRED, amount=2),))
    e = make_engine(loner, sentry)
    # The Loner (4 vs 5) may take no ally of its own: the Rally only.
    b = start(e, ["T/5", "Militia", "Rally"], ["Knight"], "T Loner", "Knight")
    assert plays(b, 0) == ["Practice Rally"]
    # The Sentry bars allies of +2 or less: Squire (+1) and Militia (+2), not Giant (+4).
    b = start(e, ["Knight", "Squire", "Militia", "Giant"], ["T/6"], "Knight", "T Sentry")
    assert plays(b, 0) == ["Practice Giant"]


def test_a_destroy_allies_champion_bars_the_allies_it_would_destroy_a_spell_does_not():
    ogre = card(7, "T Ogre", CardType.MONSTER, level=6,
                effects=(Effect(E.DESTROY_ALLIES, amount=2),))
    e = make_engine(ogre)
    b = start(e, ["Knight", "Squire", "Militia", "Giant"], ["T/7"], "Knight", "T Ogre")
    assert plays(b, 0) == ["Practice Giant"]
    # [decided] only a card in the round counts: the same power on a spell is no bar.
    fireball = card(8, "T Fireball", CardType.WIZARD_SPELL,
                    effects=(Effect(E.DESTROY_ALLIES, amount=2),))
    _, defender = sides_of(b.state, e.state_facts(b.state))
    assert legal._opposing_bars(facts_of(fireball), defender) == []
    assert [bar.kind for bar in legal._opposing_bars(e.facts("T/7"), defender)] == ["allies"]


def test_barred_reads_each_kind_of_bar():
    e = make_engine()
    militia, giant, bolt, rally = (e.facts(k) for k in ("PR/30", "PR/31", "PR/50", "PR/62"))
    upto2 = Effect(E.ALLIES_BARRED, amount=2)
    assert legal.barred(militia, [legal.Bar("allies", upto2)])
    assert not legal.barred(giant, [legal.Bar("allies", upto2)])
    assert legal.barred(giant, [legal.Bar("allies", Effect(E.ALLIES_BARRED))])  # any level
    assert legal.barred(giant, [legal.Bar("own_allies")])
    assert legal.barred(giant, [legal.Bar("allies_limit", limit=1)])
    assert legal.barred(bolt, [legal.Bar("spells")])
    assert not legal.barred(militia, [legal.Bar("spells")])
    assert not legal.barred(rally, [legal.Bar("spells"), legal.Bar("own_allies")])


# --- typed ids: labels, margins, observation flags -------------------------------------------


def test_labels_name_the_card_of_the_typed_action():
    e = make_engine()
    b = battle(e, side(realms=["Vale"], hand=["Knight"]), side(realms=["Harbor"]))
    acts = e.actions
    assert e.action_label(acts.attack(0), b.state, 0) == "Attack realm A: Practice Harbor"
    assert e.action_label(acts.attack(1), b.state, 0) == "Attack realm B"  # no realm there
    assert e.action_label(acts.hand_champion(0), b.state, 0) == \
        "Champion from hand 0: Practice Knight"
    assert e.action_label(acts.hand_champion(3), b.state, 0) == "Champion from hand 3"
    assert e.action_label(acts.play(0), b.state, 0) == "Play hand 0: Practice Knight"
    assert e.action_label(acts.pass_, b.state, 0) == "Pass (play no more cards)"


def test_play_margins_are_keyed_by_the_play_card_ids():
    e = make_engine()
    # Knight 5 vs Griffon 6: Squire 6-6 = 0, Giant 9-6 = +3.
    b = start(e, ["Knight", "Squire", "Giant"], ["Griffon"], "Knight", "Griffon")
    assert e.play_margins(b.state, 0) == {e.actions.play(0): 0, e.actions.play(1): 3}


def test_the_observation_flags_what_the_typed_legal_actions_allow():
    e = make_engine()
    b = battle(e, side(realms=["Vale"], hand=["Militia", "Griffon"], pool=["Knight"]),
               side(realms=["Vale", "Harbor", ("Vale", True), "Vale"]))
    seg = e.layout.split(e.observe(b.state, 0))
    # Step A: the Knight (pool) reaches the exposed A only; the Griffon flies to A, B (behind
    # A) and D (behind B); C is razed, E and F empty.
    assert seg["opp_realm_flags"].reshape(6, 3)[:, 2].tolist() == [1, 1, 0, 1, 0, 0]
    b.attack("B")
    seg = e.layout.split(e.observe(b.state, 0))
    # Step B against B: the Griffon (hand 1) may be presented, the Knight (pool 0) may not.
    assert seg["my_hand_flags"].reshape(-1, 2)[:3].tolist() == [[0, 0], [0, 1], [0, 0]]
    assert seg["my_pool_flags"].reshape(-1, 4)[0, 3] == 0
    # The defender decides nothing now: no flag of its own.
    assert not e.layout.split(e.observe(b.state, 1))["my_hand_flags"].any()


def test_exposed_slots_agrees_with_exposed_on_every_formation():
    # Each of the six slots empty, standing or razed: 3 ** 6 formations.
    for code in range(3 ** 6):
        s = Side()
        for i in range(6):
            state_of_slot = code // 3 ** i % 3
            s.realms[i] = None if state_of_slot == 0 else i
            s.razed[i] = state_of_slot == 2
        assert exposed_slots(s) == tuple(exposed(s, i) for i in range(6))
