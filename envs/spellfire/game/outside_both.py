"""Powers acting outside battles: events printed in both the 3rd and the 4th Edition (issue 13,
c4th5a: Slave Revolt!, The Barbarian's Revenge!).

The same contract as ``game/outside.py`` (which merges :data:`RESOLVERS_BOTH` and
:data:`TARGETS_BOTH` into its own and asks :func:`fits_both` of every target): the player on
turn plays the card in phase 3, its target (if any) chosen with a ``target_*`` action, then the
card goes to its owner's discard pile and each effect acts, in the order printed, by its
resolver here. Where a card leaves a choice the game's actions cannot ask for, the choice is
[decided] and documented at its resolver (a player losing cards loses its weakest).

This module imports nothing of ``outside.py`` at run time (it imports this one).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ...core.engine import Event
from ..battle.facts import Facts, stays_in_pool
from ..battle.state import SLOTS, Side
from ..cards.cards import CardType
from ..cards.effects import Effect, EffectKind
from .state import GameState
from .zones import champion_to_discard, realm_out

if TYPE_CHECKING:
    from .outside import Play

K = EffectKind

TARGETS_BOTH: dict[EffectKind, str] = {K.DISCARD_OPPOSING_POOL_CHAMPION: "champion"}
"""The kinds of this module that act on a chosen target (``outside.Target`` values)."""


def fits_both(state: GameState, fx: Sequence[Facts], inst: int, player: int,
              pool: int) -> bool:
    """Whether the target (``player``; ``pool`` for a champion, else -1) fits the kinds of
    card ``inst`` in this module: Slave Revolt! takes a champion of an *opposing* pool, not
    one that stays in its pool (Chernevik)."""
    if not fx[inst].has(K.DISCARD_OPPOSING_POOL_CHAMPION):
        return True
    return player != state.on_turn and pool >= 0 and not stays_in_pool(
        fx[state.table.players[player].pool[pool]])


def discard_opposing_pool_champion(act: Play, e: Effect) -> None:
    """``discard_opposing_pool_champion``: "all opposing players must discard one champion
    from their pool (chosen by this player)" (Slave Revolt!): the other player (the game has
    two) discards the target, a champion of its pool the card's player chose
    (:func:`fits_both`), with its attachments."""
    t = act.target
    assert t is not None
    side = act.state.table.players[t.player]
    c = side.pool[t.pool]
    champion_to_discard(side, c)
    act.events.append(Event("champion_discarded", f"player_{t.player} discards "
                                                  f"{act.fx[c].name} from its pool", act.player,
                            {"card": act.state.table.cards[c], "from": "pool"}))


def _standing(side: Side) -> list[int]:
    """The slots holding an unrazed realm, A to F."""
    return [s for s in range(len(SLOTS)) if side.realms[s] is not None and not side.razed[s]]


def each_wide_discards_realm(act: Play, e: Effect) -> None:
    """``each_wide_discards_realm``: "all players who have four or more unrazed realms in play
    must discard a realm from their formation or two realms from their hand" (The Barbarian's
    Revenge!; ``amount`` = 4), the card's player first. [decided] Each such player gives up
    what it loses least: a razed realm of its formation (the rearmost, with its holding: it
    shields nothing, RULES.md §1), else two realms from its hand (the first two) when it holds
    two, else its rearmost standing realm (the formation is what wins the game, RULES.md §1:
    six realms)."""
    for p in (act.player, 1 - act.player):
        side = act.state.table.players[p]
        if len(_standing(side)) < e.amount:
            continue
        razed = [s for s in range(len(SLOTS)) if side.realms[s] is not None and side.razed[s]]
        in_hand = [c for c in side.hand if act.fx[c].type == CardType.REALM]
        if razed or len(in_hand) < 2:
            slot = (razed or _standing(side))[-1]
            cards = realm_out(side, slot)
            side.discard += cards
            where, gone = f"realm {SLOTS[slot]}", cards
        else:
            gone, where = in_hand[:2], "hand"
            for c in gone:
                side.hand.remove(c)
            side.discard += gone
        act.events.append(Event("realm_discarded", f"player_{p} discards " + ", ".join(
            act.fx[c].name for c in gone) + f" ({where})", p,
            {"cards": [act.state.table.cards[c] for c in gone], "from": where}))


RESOLVERS_BOTH: dict[EffectKind, Callable[[Play, Effect], None]] = {
    K.DISCARD_OPPOSING_POOL_CHAMPION: discard_opposing_pool_champion,
    K.EACH_WIDE_DISCARDS_REALM: each_wide_discards_realm,
}
"""The resolver of each kind of this module (merged into ``outside.RESOLVERS``)."""
