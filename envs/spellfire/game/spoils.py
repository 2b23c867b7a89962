"""After a battle of the whole game: the spoils card, played at once or kept (seed 001).

Seed 000 step J: "Spoils can be played immediately, even if it is a realm, holding, champion
(including Avatars), rule card, magical item, artifact, or dungeon not normally allowed to be
played during the current phase"; seed 001: "the spoils card is available for play
immediately or kept for later ... Avatars can be played as spoils, but the cost associated
with them must also be met"; "Event spoils can be played at any time".

The game's battle engine draws the spoils card into its owner's hand (``spoils_at_once``
off). Once the battle is over, the game looks at it: when it may be played at once
(:func:`.plays.spoils_plays`), its owner chooses (``state.spoils``): play it with the phase's
own action on its hand slot, or keep it (``keep_spoils``); when it may not (spells, allies,
events, an avatar whose printed cost cannot be met from the pool (``battle/avatar.py``), a
realm whose name is in play, a full pool...),
it stays in the hand, where an event may be played in any later battle, the winner's window
included (seed 000 step F: events and play-at-any-time cards).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.engine import Event
from ..battle.facts import Facts
from ..battle.state import Battle
from .actions import GameActionSet
from .plays import spoils_plays
from .state import GameState


def after_battle(state: GameState, fx: Sequence[Facts], acts: GameActionSet,
                 events: list[Event]) -> None:
    """Offer the battle's spoils card to its owner (``state.spoils``) or leave it in the hand;
    then leave the battle at step ``over`` with its outcome."""
    b = state.table.battle
    for p in (0, 1):
        inst = b.spoils[p]
        if inst is None or inst not in state.table.players[p].hand:
            continue
        state.spoils = inst
        if spoils_plays(state, fx, acts):
            events.append(Event("spoils_offered", f"player_{p} may play {fx[inst].name} at "
                                                  "once or keep it", p,
                                {"card": state.table.cards[inst]}))
        else:
            state.spoils = None
            events.append(Event("spoils_to_hand", f"{fx[inst].name} cannot be played at "
                                                  f"once: player_{p} keeps it in hand", p,
                                {"card": state.table.cards[inst]}))
    # The finished battle keeps who fought in it: the champions "killed in the last battle"
    # (Silver Hands, ``outside_more.killed_in_last_battle``; issue 13, last1st).
    state.table.battle = Battle(step="over", outcome=b.outcome, winner=b.winner,
                                fought=list(b.fought))


def spoils_kept(state: GameState, fx: Sequence[Facts], player: int) -> Event:
    """``keep_spoils``: the waiting spoils card stays in the hand for later (seed 001)."""
    inst = state.spoils
    assert inst is not None
    state.spoils = None
    return Event("spoils_kept", f"player_{player} keeps {fx[inst].name} in hand for later",
                 player, {"card": state.table.cards[inst]})
