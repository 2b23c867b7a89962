"""The card list's effect holders (``battle/holders.py``, issue 14: speed) and the rules that
skip looking when no card of the game has a power.

The index must name every instance with an effect of each kind, stay with the state across
changes and copies (it depends on the card list only), and a skipped look must give what the
full one gives: the hand limit with and without ``hand_size`` cards in the game (The Great
Kingdom, 1st/123: "The player's maximum hand increases by two"; the game's limit is 8 [src])."""

from __future__ import annotations

import numpy as np
from combatzoo.envs import make_engine
from combatzoo.envs.spellfire.battle.context import touch
from combatzoo.envs.spellfire.battle.hand import hand_limit, player_hand_limit
from combatzoo.envs.spellfire.battle.holders import holders, holders_of
from combatzoo.envs.spellfire.cards.effects import EffectKind
from combatzoo.envs.spellfire.cards.pack import load_builtin_pack
from combatzoo.envs.spellfire.game.config import GameConfig
from combatzoo.envs.spellfire.game.rules import SpellfireGameEngine

from tests.spellfire.battle.battle_helpers import side

from .game.test_game_rules import table

KINGDOM = "1st/123"


def test_holders_name_every_instance_with_the_kind() -> None:
    eng = make_engine("spellfire_game")
    for seed in range(5):
        table_ = eng.new_game(np.random.default_rng(seed)).table
        fx = eng.battle.state_facts(table_)
        index = holders_of(fx)
        kinds = {k for f in fx for k in f.effects}
        assert set(index) == kinds
        for kind in kinds:
            assert index[kind] == {i for i, f in enumerate(fx) if kind in f.effects}
            assert holders(table_, fx, kind) == index[kind]
        missing = next(k for k in EffectKind if k not in kinds)
        assert holders(table_, fx, missing) == frozenset()  # no card has it: nothing to read


def test_holders_stay_with_the_state_across_changes_and_copies() -> None:
    eng = make_engine("spellfire")
    state = eng.new_game(np.random.default_rng(3))
    fx = eng.state_facts(state)
    found = holders(state, fx, EffectKind.HAND_SIZE)
    touch(state)
    assert holders(state, fx, EffectKind.HAND_SIZE) is found
    copy = eng.clone(state)
    assert holders(copy, eng.state_facts(copy), EffectKind.HAND_SIZE) == found


def _engine(*extra: str) -> SpellfireGameEngine:
    pack = load_builtin_pack()
    return SpellfireGameEngine(GameConfig(pack="practice", extra_cards=tuple(
        pack.cards[k] for k in extra)))


def test_the_hand_limit_is_the_same_with_or_without_the_shortcut() -> None:
    for extra, realms in (((KINGDOM,), [KINGDOM, "Vale"]), ((), ["Vale"])):
        eng = _engine(*extra)
        state = table(eng, side(realms=realms, hand=["Knight"]), side(realms=["Harbor"]),
                      phase=5)
        t = state.table
        fx = eng.battle.state_facts(t)
        for p in (0, 1):
            full = hand_limit(t.players[p], fx, 8, [t.players[1 - p]])
            assert player_hand_limit(t, fx, p, 8) == full
        assert eng.hand_limit(state, 0) == (10 if extra else 8)
        assert eng.hand_limit(state, 1) == 8
