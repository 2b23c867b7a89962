"""``truce`` (issue 13, c1st3): a card whose power lasts until its player's next turn.

Mutiny! ("No battles can be fought until the player's next turn") and Solid Fog ("Unearthly fog
prevents all attacks against all players until this player's next turn") stop every attack,
by any player, until the turn of the card's player begins again. That is the whole game's
business (``game/rules.py`` reads the ``truce`` event and keeps ``GameState.truce``); in the
battle the power resolves with the card's play (seed 000 step F) and leaves its trace, the
``truce`` event. The battle in progress goes on unless another effect of the card ends it
(Mutiny!'s "a battle in progress stops immediately with no victor": ``end_battle``).
"""

from __future__ import annotations

from ...core.engine import Event
from ..cards.effects import Effect
from .powers import Play

TRUCE_EVENT = "truce"
"""The event kind the whole game reads (its ``data["until"]``: the card's player)."""


def truce(play: Play, e: Effect) -> None:
    """``truce``: the card's play sets it (its condition holding)."""
    if not play.holds(e):
        return
    play.events.append(Event(TRUCE_EVENT, f"{play.card.name}: no attack until player_"
                                          f"{play.player}'s next turn", play.player,
                             {"card": play.card.key, "until": play.player}))
