"""The 1st Edition's last battle cards in the whole game (issue 13, first_a).

Real cards (CrossFire data when present, else the built-in pack; a test skips without them) in
whole games of practice cards: the Knight is a hero 5, the Mage a wizard 4; the Watchtower a
holding; Defiler (1st/303) a wizard 6; Wall of Fog (1st/371) a wizard spell "(Off/3)".
Outcomes computed by hand from the printed words (paraphrased in each test).
"""

from __future__ import annotations

from combatzoo.envs.spellfire.game.config import GameConfig
from combatzoo.envs.spellfire.game.rules import SpellfireGameEngine

from ..battle.battle_helpers import side
from ..battle.test_card_powers import real
from .test_game_rules import Turn, names, table

DEFILER, WALL_OF_FOG = "1st/303", "1st/371"
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
