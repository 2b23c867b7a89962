"""Audit 4 (issue 13): "Any holding can be attached to Euripis" (AR/90; also Bluet Spur, Hell
Furnaces, The Shining Lands) was read as saying nothing for combat, so the whole game never let
such a realm take a holding of another world. ``any_holding`` is read when a holding is played in
phase 2 (RULES.md §1 "Table": a holding goes on a realm of its world)."""

from __future__ import annotations

from combatzoo.envs.spellfire.cards.effects import EffectKind

from tests.spellfire.battle.battle_helpers import k, side
from tests.spellfire.battle.test_card_powers import real
from tests.spellfire.game.test_game_rules import EXTRA, FILLER, Turn
from tests.spellfire.game.test_game_rules import table as game_table

EURIPIS = "AR/90"


def test_euripis_takes_a_holding_of_another_world() -> None:
    from combatzoo.envs.spellfire.game.config import GameConfig
    from combatzoo.envs.spellfire.game.rules import SpellfireGameEngine

    (euripis,) = real(EURIPIS)
    assert any(e.kind is EffectKind.ANY_HOLDING for e in euripis.effects)
    eng = SpellfireGameEngine(GameConfig(pack="practice", extra_cards=(*EXTRA, euripis)))
    # Realm A: Euripis (world 4, Dark Sun); realm B: the practice Vale (Forgotten Realms). In the
    # hand: Greyhawk Tower (a Greyhawk holding, T/3) and Realms Tower (Forgotten Realms, T/4).
    me = side(realms=[EURIPIS, "Vale"], hand=["T/3", "T/4", "Knight"], draw=[k(c) for c in FILLER])
    state = game_table(eng, me, side(realms=["Citadel"]))
    holdings = [x for x in Turn(eng, state).labels() if x.startswith("Play holding")]
    # Euripis takes both towers ("any holding"); the Vale only the tower of its own world.
    assert holdings == ["Play holding from hand 0 onto realm A: Greyhawk Tower",
                        "Play holding from hand 1 onto realm A: Realms Tower",
                        "Play holding from hand 1 onto realm B: Realms Tower"]
