"""The 1st Edition's last battle cards in the whole game (issue 13, first_a).

Real cards (CrossFire data when present, else the built-in pack; a test skips without them) in
whole games of practice cards: the Knight is a hero 5, the Mage a wizard 4; the Watchtower a
holding; Defiler (1st/303) a wizard 6; Wall of Fog (1st/371) a wizard spell "(Off/3)"; the
Griffon a flying monster 6, the Giant an ally +4; Spell of Formless Horror (1st/106) a wizard
spell "-3 (Off/4)"; the Priest a cleric 3 (+3 against the undead); Dispel Magic (1st/358) a
cleric spell "Cancels the effect of any spell. (Def/3/4)".
Outcomes computed by hand from the printed words (paraphrased in each test).
"""

from __future__ import annotations

from combatzoo.envs.spellfire.game.config import GameConfig
from combatzoo.envs.spellfire.game.rules import SpellfireGameEngine

from ..battle.battle_helpers import side
from ..battle.test_card_powers import real
from .test_game_rules import Turn, names, table
from .test_lasting_events import _choose

DEFILER, WALL_OF_FOG, FORMLESS, DISPEL = "1st/303", "1st/371", "1st/106", "1st/358"
PLAY = "Play event or spell from hand"


def _engine() -> SpellfireGameEngine:
    return SpellfireGameEngine(GameConfig(pack="practice", extra_cards=real(DEFILER,
                                                                              WALL_OF_FOG)))


def _cast(pool: list[str]) -> tuple[SpellfireGameEngine, Turn]:
    # Player_0 casts Wall of Fog in phase 3 (the Knight in hand keeps phase 3 open).
    eng = _engine()
    state = table(eng, side(realms=["Vale", ("Harbor", False, "Watchtower")],
                            hand=[WALL_OF_FOG, "Knight"], pool=pool, draw=["Squire"] * 3),
                  side(realms=["Peak"], pool=["Knight"]), phase=3)
    turn = Turn(eng, state)
    turn.play(f"{PLAY} 0")
    return eng, turn


def test_the_defiler_alone_casting_in_phase_3_pays_at_once() -> None:
    # Defiler: "If the defiler casts one or more spells, one friendly realm is razed or one
    # friendly holding is shuffled back into the draw pile." The Defiler is the only champion
    # who may cast Wall of Fog: it casts it, and [decided] the holding goes back into the draw
    # pile (a place drawn by chance): three Squires and the Watchtower; no realm is razed.
    eng, turn = _cast([DEFILER])
    me = turn.state.table.players[0]
    assert me.holdings[1] is None
    assert sorted(names(eng, turn.state, me.draw)) == ["Squire"] * 3 + ["Watchtower"]
    assert me.razed[:2] == [False, False]
    assert [e.kind for e in turn.events].count("spell_cost") == 1


def test_another_caster_spares_the_defiler_its_cost() -> None:
    # With the Mage in the pool, [decided] the Mage casts the spell (the player's best): the
    # holding stays on realm B and the draw pile is the three Squires.
    eng, turn = _cast([DEFILER, "Mage"])
    me = turn.state.table.players[0]
    assert names(eng, turn.state, [me.holdings[1]]) == ["Watchtower"]
    assert names(eng, turn.state, me.draw) == ["Squire"] * 3
    assert "spell_cost" not in [e.kind for e in turn.events]



# --- Spell of Formless Horror: "Spell remains until dispelled." ---------------------------------

def _cursed(extra: tuple[str, ...] = ()) -> tuple[SpellfireGameEngine, Turn, int, int]:
    # Turn 1: the Mage 4 attacks; the Griffon 6 defends; the Mage casts Formless Horror:
    # 6 - 3 = 3 < 4; the Giant: 3 + 4 = 7 > 4; the Mage has nothing left and loses the round:
    # the attack is repelled, the Mage discarded, the Griffon back in player_1's pool.
    eng = SpellfireGameEngine(GameConfig(pack="practice", extra_cards=real(FORMLESS, *extra)))
    state = table(eng, side(realms=["Vale"], hand=[FORMLESS], pool=["Mage", "Knight"],
                            draw=["Squire"] * 12),
                  side(realms=["Peak"], hand=["Giant", *extra], pool=["Griffon"],
                       draw=["Squire"] * 12),
                  phase=4, battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Attack realm A", 0)
    _choose(turn, 0, "Champion from pool", "Mage")
    _choose(turn, 1, "Champion from pool", "Griffon")
    turn.play("Play hand 0", 0)
    assert [e.data["totals"] for e in turn.events if e.kind == "totals"][-1] == [4, 3]
    turn.play("Play hand 0", 1)
    me, them = state.table.players
    (spell,) = me.lasting
    (griffon,) = them.pool
    return eng, turn, spell, griffon


def test_formless_horror_stays_on_the_champion_it_was_cast_on() -> None:
    # Spell of Formless Horror: "Cast on opposing champion to reduce its level by 3. Spell
    # remains until dispelled." After the battle the spell stays on the Griffon: in player_0's
    # lasting cards, shown on it, with no turn to end it.
    eng, turn, spell, griffon = _cursed()
    state = turn.state
    me = state.table.players[0]
    # (player_0 had nothing more to decide: the game went on to player_1's attack, turn 2)
    assert names(eng, state, me.discard) == ["Mage"] and (state.turn, state.on_turn) == (2, 1)
    assert me.cursing == {spell: griffon} and spell not in state.lasting_until
    view = eng.observer.view(eng, state, 1)
    assert view["lasting"] == [{"player": "player_0", "name": "Spell of Formless Horror",
                                "key": FORMLESS, "until": None,
                                "on": {"key": state.table.cards[griffon],
                                       "player": "player_1"}}]
    back = eng.from_json(eng.to_json(state))
    assert back.table.players[0].cursing == {spell: griffon}
    assert eng.to_json(back) == eng.to_json(state)


def test_formless_horror_lowers_its_champion_in_a_later_battle_only() -> None:
    # Turn 2: the Griffon 6 attacks and the Knight 5 defends: 6 - 3 = 3 < 5 (without the
    # spell 6 > 5). The spell lasts past turn 2: no turn ends it.
    eng, turn, spell, griffon = _cursed()
    state = turn.state
    assert (state.turn, state.on_turn, state.phase) == (2, 1, 4)
    turn.play("Attack realm A", 1)
    _choose(turn, 1, "Champion from pool", "Griffon")
    _choose(turn, 0, "Champion from pool", "Knight")
    assert [e.data["totals"] for e in turn.events if e.kind == "totals"][-1][:2] == [5, 3]
    assert state.table.players[0].cursing == {spell: griffon}


def test_formless_horror_ends_when_its_champion_leaves_play() -> None:
    # [decided] the spell ends when the champion it is on leaves play: the Griffon, taken
    # from player_1's pool to its discard pile, takes the spell off (to player_0's discard).
    eng, turn, spell, griffon = _cursed()
    state = turn.state
    them = state.table.players[1]
    data = eng.to_json(state)
    data["players"][1]["pool"] = []
    data["players"][1]["discard"] = [*data["players"][1]["discard"], griffon]
    moved = eng.from_json(data)
    turn2 = Turn(eng, moved)
    turn2.play("Make no attack", 1)
    assert moved.table.players[0].lasting == [] and moved.table.players[0].cursing == {}
    assert names(eng, moved, moved.table.players[0].discard) == [
        "Mage", "Spell of Formless Horror"]
    assert griffon in them.pool  # (the first state untouched)


def test_formless_horror_ends_when_its_champions_side_dispels_it() -> None:
    # Turn 1: the Mage 4 attacks the Priest 3; the Giant: 3 + 4 = 7; Formless Horror on the
    # Priest: 7 - 3 = 4, a tie, the defender's; the Mage loses the round. Turn 2: the Priest
    # attacks the Knight 5 at 3 - 3 = 0; it casts Dispel Magic: [decided] a card that cancels
    # spells, played by the side of the champion the spell is on, dispels it: 3 < 5.
    eng = SpellfireGameEngine(GameConfig(pack="practice", extra_cards=real(FORMLESS, DISPEL)))
    state = table(eng, side(realms=["Vale"], hand=[FORMLESS], pool=["Mage", "Knight"],
                            draw=["Squire"] * 12),
                  side(realms=["Peak"], hand=["Giant", DISPEL], pool=["Priest"],
                       draw=["Squire"] * 12),
                  phase=4, battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Attack realm A", 0)
    _choose(turn, 0, "Champion from pool", "Mage")
    _choose(turn, 1, "Champion from pool", "Priest")
    _choose(turn, 1, "Play hand", "Giant")
    _choose(turn, 0, "Play hand", "Formless")
    assert (state.turn, state.on_turn, state.phase) == (2, 1, 4)
    (spell,) = state.table.players[0].lasting
    turn.play("Attack realm A", 1)
    _choose(turn, 1, "Champion from pool", "Priest")
    _choose(turn, 0, "Champion from pool", "Knight")
    totals = [e.data["totals"] for e in turn.events if e.kind == "totals"]
    assert totals[-1] == [5, 0]
    _choose(turn, 1, "Play hand", "Dispel Magic")
    totals = [e.data["totals"] for e in turn.events if e.kind == "totals"]
    assert totals[-1] == [5, 3]
    assert state.table.players[0].cursing == {} and spell in state.table.players[0].discard


def test_the_search_bots_sampled_state_keeps_the_spell_on_its_champion() -> None:
    # The view shows the spell and the champion it is on (public): the sampler's states keep
    # it on that champion, for both players' views.
    import numpy as np
    from combatzoo.agents.mcts import load_sampler

    eng, turn, spell, griffon = _cursed()
    sample, _ = load_sampler("spellfire_game")
    for me in (0, 1):
        view = eng.view(turn.state, me)
        sampled = sample(eng, view, me, np.random.default_rng(3))
        (inst,) = sampled.table.players[0].lasting
        (on,) = sampled.table.players[0].cursing.items()
        assert on[0] == inst and sampled.table.cards[inst] == FORMLESS
        assert sampled.table.cards[on[1]] == turn.state.table.cards[griffon]
        assert on[1] in sampled.table.players[1].pool
        assert eng.view(sampled, me)["lasting"] == view["lasting"]


def test_formless_horror_does_not_stay_on_a_champion_immune_to_it() -> None:
    # The practice Mage is immune to offensive spells: cast on it, Formless Horror does
    # nothing (4 + 4 = 8 against the T Wizard 5, before and after), and after the round it
    # goes to the discard pile instead of staying on the Mage.
    from combatzoo.envs.spellfire.cards.cards import CardType

    from ..battle.battle_helpers import card

    wizard = card(1, "T Wizard", CardType.WIZARD, level=5)
    eng = SpellfireGameEngine(GameConfig(pack="practice", extra_cards=(*real(FORMLESS), wizard)))
    state = table(eng, side(realms=["Vale"], hand=[FORMLESS], pool=["T/1", "Knight"],
                            draw=["Squire"] * 12),
                  side(realms=["Peak"], hand=["Giant"], pool=["Mage"], draw=["Squire"] * 12),
                  phase=4, battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Attack realm A", 0)
    _choose(turn, 0, "Champion from pool", "T Wizard")
    _choose(turn, 1, "Champion from pool", "Mage")
    _choose(turn, 1, "Play hand", "Giant")
    _choose(turn, 0, "Play hand", "Formless")
    assert [e.data["totals"] for e in turn.events if e.kind == "totals"][-1] == [5, 8]
    me = state.table.players[0]
    assert me.lasting == [] and me.cursing == {}
    assert "Spell of Formless Horror" in names(eng, state, me.discard)
