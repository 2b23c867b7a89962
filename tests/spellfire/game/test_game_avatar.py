"""Avatars drawn as spoils, with their cost paid (issue 13; seed 000 step J, seed 001).

Seed 000 step J: spoils "can be played immediately, even if it is a ... champion (including
Avatars)"; seed 001: "With spoils of victory, the only restriction is playing an avatar into the
pool. Avatars can be played as spoils, but the cost associated with them must also be met."

Real 4th Edition avatars from the CrossFire data (the tests skip without it); each prints its
cost, which the compiler reads (``avatar_cost``). Practice cards: Knight hero 5, Rogue thief 3,
Ghoul undead monster 4; hand-made heroes and undead below.
"""

from __future__ import annotations

from combatzoo.envs.spellfire.cards.cards import Attribute, CardType
from combatzoo.envs.spellfire.cards.effects import Effect, EffectKind
from combatzoo.envs.spellfire.game.config import GameConfig
from combatzoo.envs.spellfire.game.rules import SpellfireGameEngine

from tests.spellfire.battle.battle_helpers import card, side
from tests.spellfire.battle.test_card_powers import real

from .test_game_rules import FILLER, Turn, names, table

GARL, IUZ_AVATAR = "4th/473", "4th/488"
PALADIN = card(11, "T Paladin", CardType.HERO, level=8)
LORD = card(12, "T Lord", CardType.HERO, level=10)
WIGHT = card(13, "T Wight", CardType.MONSTER, level=6, attributes=(Attribute.UNDEAD,))
LICH = card(14, "T Lich", CardType.MONSTER, level=7, attributes=(Attribute.UNDEAD,))


def _engine(*keys: str) -> SpellfireGameEngine:
    return SpellfireGameEngine(GameConfig(pack="practice", extra_cards=(
        *real(*keys), PALADIN, LORD, WIGHT, LICH)))


def _won_battle(eng: SpellfireGameEngine, pool: list[str], spoils: str) -> Turn:
    """Player 0 attacks realm A with the Knight; player 1 declines: razed, the Knight returns
    to the pool and player 0 draws ``spoils`` (seed 001)."""
    me = side(realms=["Vale"], hand=["Knight"], pool=pool, draw=[spoils, *FILLER])
    state = table(eng, me, side(realms=["Harbor", "Walls"]), phase=4, battle={"step": "realm"})
    turn = Turn(eng, state)
    turn.play("Attack realm A")
    turn.play("Champion from hand 0")
    turn.play("Decline to defend", player=1)
    return turn


def _pool(turn: Turn) -> list[str]:
    return names(turn.engine, turn.state, turn.state.table.players[0].pool)


def test_garl_reads_its_cost_from_the_card() -> None:
    # Garl Glittergold: "A hero of level 8 or higher must be discarded to bring Garl into
    # play."
    garl, = real(GARL)
    assert garl.avatar
    assert [e for e in garl.effects if e.kind is EffectKind.AVATAR_COST] == [
        Effect(EffectKind.AVATAR_COST, count=1, amount=8, card_types=(int(CardType.HERO),))]


def test_a_spoils_avatar_is_played_by_discarding_its_cost() -> None:
    # Garl costs one hero of level 8 or more. The pool holds the Rogue (a thief), the Paladin
    # (hero 8), the Lord (hero 10) and, after the battle, the Knight (hero 5): only the Paladin
    # and the Lord qualify; [decided] the cheaper one, the Paladin, is discarded.
    eng = _engine(GARL)
    turn = _won_battle(eng, ["Rogue", "T/11", "T/12"], GARL)
    state = turn.state
    assert turn.labels() == ["Put champion from hand 0 into the pool: Garl Glittergold",
                             "Keep the spoils card in hand: Garl Glittergold"]
    turn.play("Put champion from hand 0 into the pool")
    assert _pool(turn) == ["Rogue", "T Lord", "Knight", "Garl Glittergold"]
    assert names(eng, state, state.table.players[0].discard) == ["T Paladin"]
    played, = [ev for ev in turn.events if ev.kind == "spoils_played"]
    assert played.data["paid"] == ["T/11"]
    assert not eng.check_invariants(state, state)


def test_a_spoils_avatar_whose_cost_cannot_be_met_goes_to_the_hand() -> None:
    # No hero of level 8 or more in the pool (Rogue thief 3, Knight hero 5): Garl cannot be
    # brought into play; as any spoils that cannot be played, it goes to the hand.
    eng = _engine(GARL)
    turn = _won_battle(eng, ["Rogue"], GARL)
    state = turn.state
    assert state.spoils is None and "spoils_to_hand" in turn.kinds()
    assert names(eng, state, state.table.players[0].hand) == ["Garl Glittergold"]
    assert _pool(turn) == ["Rogue", "Knight"]


def test_a_cost_in_levels_takes_the_smallest_total_that_reaches_it() -> None:
    # Iuz, Avatar of Evil: "10+ levels of undead champions must be discarded to bring Iuz into
    # play." Undead in the pool: Ghoul 4, Wight 6, Lich 7 (the Knight is no undead). Sets
    # reaching 10: Ghoul + Wight 10, Ghoul + Lich 11, Wight + Lich 13, all three 17; [decided]
    # the smallest total: the Ghoul and the Wight.
    eng = _engine(IUZ_AVATAR)
    turn = _won_battle(eng, ["Ghoul", "T/13", "T/14"], IUZ_AVATAR)
    state = turn.state
    turn.play("Put champion from hand 0 into the pool")
    assert _pool(turn) == ["T Lich", "Knight", "Iuz, Avatar of Evil"]
    assert sorted(names(eng, state, state.table.players[0].discard)) == ["Ghoul", "T Wight"]


def test_an_avatar_still_never_enters_the_pool_in_phase_3() -> None:
    # Seed 001: playing an avatar into the pool is restricted; only spoils bring one in here
    # ([decided]: phase 3 offers no avatar even when its cost could be met).
    eng = _engine(GARL)
    me = side(realms=["Vale"], hand=[GARL, "Knight"], pool=["T/11"])
    state = table(eng, me, side(realms=["Harbor"]), phase=3)
    labels = Turn(eng, state).labels()
    assert state.phase == 3
    assert [x for x in labels if x.startswith("Put champion")] == [
        "Put champion from hand 1 into the pool: Practice Knight"]
