"""The 1st Edition's last realm and holding cards (issue 13, first_b) in the whole game. Outcomes
are worked out by hand from the printed text (quoted in each test) and seed 000 (steps C-H)."""

from __future__ import annotations

import numpy as np
from combatzoo.agents.samplers.spellfire import sample
from combatzoo.envs.spellfire.cards.cards import CardType, Power, World
from combatzoo.envs.spellfire.cards.effects import EffectKind
from combatzoo.envs.spellfire.game.config import GameConfig
from combatzoo.envs.spellfire.game.rules import SpellfireGameEngine

from tests.spellfire.battle.battle_helpers import card, side
from tests.spellfire.battle.test_card_powers import real
from tests.spellfire.game.test_game_rules import EXTRA, Turn, names, table

LEDOPOLUS = "1st/230"
"""South Ledopolus (holding, Dark Sun): "The attached realm can use any ally as a champion. The
ally is still discarded after the battle." """

DS_REALM = card(9, "Dark Sun Keep", CardType.REALM, world=World.DARK_SUN)
"""A Dark Sun realm to hold it (a holding goes on a realm of its world, RULES.md §1)."""


def test_south_ledopolus_lets_an_ally_defend_in_the_whole_game() -> None:
    (ledopolus,) = real(LEDOPOLUS)
    eng = SpellfireGameEngine(GameConfig(pack="practice",
                                         extra_cards=(*EXTRA, DS_REALM, ledopolus)))
    # Player 0 attacks the Dark Sun Keep (A) with the Priest (cleric, 3) from its pool; player 1
    # has no champion, only the Giant (+4) and the Militia (+2) in hand.
    me = side(realms=["Vale"], pool=["Priest"])
    them = side(realms=[("T/9", False, LEDOPOLUS), "Harbor"], hand=["Giant", "Militia"])
    state = table(eng, me, them, phase=4, battle={"step": "realm"})
    start = eng.clone(state)
    turn = Turn(eng, state)
    turn.play("Attack realm A")
    turn.play("Champion from pool 0")
    # "can use any ally as a champion": both allies are offered to defend (hand 0 and 1).
    offered = [x for x in turn.labels(1) if x.startswith("Champion from hand")]
    assert [x.split(":")[0] for x in offered] == ["Champion from hand 0",
                                                  "Champion from hand 1"]
    turn.play("Champion from hand 0", player=1)  # the Giant: level 4 against 3
    # The attacker has no card to play: the defender wins the round, the attack is repelled
    # and the Priest discarded; "the ally is still discarded after the battle": the Giant is
    # in player 1's discard pile, its pool empty (the game then plays on by itself: neither
    # player has anything left to decide).
    theirs = state.table.players[1]
    (over,) = turn.find("battle_over")
    assert over.data == {"outcome": "repelled", "winner": 1}
    assert theirs.pool == []
    assert "Giant" in names(eng, state, theirs.discard)
    assert "Priest" in names(eng, state, state.table.players[0].discard)
    assert not eng.check_invariants(state, start)


MAGICAL_CHAMPION = "1st/402"
"""Magical Champion (magical item): "Attach this item to an ally from your hand. The ally
becomes a champion (hero) until discarded for any reason. Its level is unchanged. (Def)" """

PLAY = "Play event or spell from hand"


def _champion_game(hand: list[str], pool: list[object] | None = None):  # type: ignore[no-untyped-def]
    eng = SpellfireGameEngine(GameConfig(pack="practice",
                                         extra_cards=(*EXTRA, *real(MAGICAL_CHAMPION))))
    state = table(eng, side(realms=["Vale"], hand=hand, pool=pool or []),
                  side(realms=["Harbor"]), phase=3)
    return eng, state, Turn(eng, state)


def test_magical_champion_compiles_to_an_ally_made_champion() -> None:
    (card_,) = real(MAGICAL_CHAMPION)
    assert card_.power is Power.MODELLED
    assert [e.kind for e in card_.effects] == [EffectKind.ALLY_TO_CHAMPION]


def test_magical_champion_makes_the_strongest_ally_of_the_hand_a_pool_champion() -> None:
    # Phase 3, hand: the item, the Militia (+2), the Giant (+4), the Knight (kept to hold the
    # phase open). "Attach this item to an ally from your hand. The ally becomes a champion":
    # [decided] the strongest ally, the Giant, goes into the pool carrying the item; the
    # Militia and the Knight stay in the hand, the item is not in the discard pile.
    eng, state, turn = _champion_game([MAGICAL_CHAMPION, "Militia", "Giant", "Knight"])
    assert [x.split(" (")[0] for x in turn.labels() if x.startswith(PLAY)] == [f"{PLAY} 0"]
    start = eng.clone(state)
    turn.play(f"{PLAY} 0")
    me = state.table.players[0]
    assert names(eng, state, me.pool) == ["Giant"]
    assert names(eng, state, me.attached[me.pool[0]]) == ["Magical Champion"]
    assert names(eng, state, me.hand) == ["Militia", "Knight"]
    assert names(eng, state, me.discard) == []
    assert not eng.check_invariants(state, start)
    # The search sampler (the other player's view) keeps the Giant in the pool with its item.
    sampled = sample(eng, eng.view(state, 1), 1, np.random.default_rng(3))
    mine = sampled.table.players[0]
    assert names(eng, sampled, mine.pool) == ["Giant"]
    assert names(eng, sampled, mine.attached[mine.pool[0]]) == ["Magical Champion"]


def test_magical_champion_needs_an_ally_in_the_hand() -> None:
    # No ally in the hand: nothing to attach the item to, so it is not offered.
    _, _, turn = _champion_game([MAGICAL_CHAMPION, "Knight"])
    assert not [x for x in turn.labels() if x.startswith(PLAY)]


def test_magical_champion_is_not_given_to_a_pool_champion() -> None:
    # "Attach this item to an ally from your hand": with the Knight in the pool and the Giant
    # in the hand, the item is offered only as the play onto the ally, never attached to the
    # Knight.
    _, _, turn = _champion_game([MAGICAL_CHAMPION, "Giant", "Priest"], pool=["Knight"])
    labels = turn.labels()
    assert not [x for x in labels if "Magical Champion" in x and not x.startswith(PLAY)]
    assert [x.split(" (")[0] for x in labels if x.startswith(PLAY)] == [f"{PLAY} 0"]


SEA_BARONS, GREAT_KINGDOM = "1st/133", "1st/123"
"""The Sea Barons (realm, Greyhawk): "Any holding attached to the Great Kingdom also applies to
this realm." The Great Kingdom (realm, Greyhawk)."""

GH_BASTION = card(12, "Greyhawk Bastion", CardType.HOLDING, bonus=3, world=World.GREYHAWK)
"""A hand-made Greyhawk holding of bonus +3 (a holding's +N goes to its realm's defender)."""


def test_the_sea_barons_defend_with_the_great_kingdoms_holding_in_the_whole_game() -> None:
    eng = SpellfireGameEngine(GameConfig(pack="practice", extra_cards=(
        *EXTRA, GH_BASTION, *real(SEA_BARONS, GREAT_KINGDOM))))
    # Player 0 attacks The Sea Barons (A) with the Knight (hero 5); player 1 defends with the
    # Priest (cleric 3). The Bastion on the Great Kingdom (B) "also applies": 3 + 3 = 6
    # against 5. Player 0 has no card to play: the attack is repelled, the Knight discarded;
    # the Bastion stays on the Great Kingdom.
    me = side(realms=["Vale"], pool=["Knight"])
    them = side(realms=[SEA_BARONS, (GREAT_KINGDOM, False, "T/12")], hand=["Priest"])
    state = table(eng, me, them, phase=4, battle={"step": "realm"})
    start = eng.clone(state)
    turn = Turn(eng, state)
    turn.play("Attack realm A")
    turn.play("Champion from pool 0")
    turn.play("Champion from hand 0", player=1)
    assert turn.find("totals")[-1].data["totals"] == [5, 6]
    (over,) = turn.find("battle_over")
    assert over.data == {"outcome": "repelled", "winner": 1}
    theirs = state.table.players[1]
    assert names(eng, state, [theirs.holdings[1]]) == ["Greyhawk Bastion"]
    assert "Knight" in names(eng, state, state.table.players[0].discard)
    assert not eng.check_invariants(state, start)
