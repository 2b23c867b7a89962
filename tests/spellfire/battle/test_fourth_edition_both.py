"""Cards printed in both the 3rd and the 4th Edition (issue 13, c4th5a) whose powers act in a
battle, played in scripted battles and checked against their text; each printing compiles.

Cards are read from the CrossFire data (``../shared/data/crossfire``); a test skips without it.
Totals are worked out in the comments from the practice cards (``battle_helpers``): Knight hero
5, Mage wizard 4 (immune to offensive spells), Priest cleric 3, Militia ally +2, Giant ally +4,
Squire ally +1, Sword magical item +2, Bolt wizard spell +3 (Off), Blessing cleric spell +2
(Def). Ties go to the defender (RULES.md §1), and the side behind plays.
"""

from __future__ import annotations

import pytest
from combatzoo.envs.spellfire.cards.effects import Effect, EffectKind

from .battle_helpers import battle, check, make_engine, side
from .test_card_powers import real

DEFILER_3, DEFILER_4 = "3rd/303", "4th/278"


# --- cast_discard_draw ---------------------------------------------------------------------------


@pytest.mark.parametrize("key", [DEFILER_3, DEFILER_4])
def test_rogue_defiler_compiles_to_cast_discard_draw(key: str) -> None:
    # "Each time the Defiler casts a spell during combat, her player discards one card from
    # his hand and draws a replacement (card) from his draw pile": one effect, all of it.
    (card,) = real(key)
    assert card.effects == (Effect(EffectKind.CAST_DISCARD_DRAW),)
    assert card.level.level == 6


@pytest.mark.parametrize("key", [DEFILER_3, DEFILER_4])
def test_rogue_defiler_casting_a_spell_replaces_her_weakest_hand_card(key: str) -> None:
    # The Defiler (wizard 6) attacks the Knight (5) with the Sword (+2): 6 to 7. Her player
    # plays an ally first, the Militia (+2): 8 to 7, no spell, no discard. The defender's
    # Giant (+4): 8 to 11. She casts the Bolt (+3): 11 to 11 (the tie is the defender's), and
    # her player discards the weakest card of its hand ([decided]: Giant +4, Squire +1 left:
    # the Squire) and draws the top card of its pile (the Blessing).
    (defiler,) = real(key)
    b = battle(make_engine(defiler),
               side(realms=["Vale"], hand=[key, "Militia", "Bolt", "Giant", "Squire"],
                    draw=["Blessing", "Militia"]),
               side(realms=["Vale"], pool=[("Knight", ["Sword"])], hand=["Giant"],
                    draw=["Squire"]))
    b.attack("A")
    b.present(0, "Rogue Defiler of Tyr")
    b.present(1, "Knight", "pool")
    assert b.totals() == [6, 7]
    b.play(0, "Militia")
    assert b.totals() == [8, 7]
    assert b.names(0, "discard") == []
    b.play(1, "Giant")
    assert b.totals() == [8, 11]
    b.play(0, "Bolt")
    assert b.totals() == [11, 11]
    assert b.names(0, "discard") == ["Practice Squire"]
    assert b.names(0, "hand") == ["Practice Giant", "Practice Blessing"]
    assert b.names(0, "draw") == ["Practice Militia"]
    check(b)
