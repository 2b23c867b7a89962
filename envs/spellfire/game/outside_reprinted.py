"""Powers acting outside battles: the 4th Edition cards reprinted in Artifacts and Forgotten
Realms (issue 13, c4th5b).

The mechanism is ``outside.py``'s (a card played by the player on turn in phase 3, then its
effects acting in the order printed); this module adds one resolver per kind
(:data:`RESOLVERS`, merged into ``outside.RESOLVERS``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...core.engine import Event
from ..battle.facts import stays_in_pool
from ..battle.forms import as_champion
from ..cards.effects import Effect, EffectKind
from .immunity import immune
from .zones import champion_to_discard

if TYPE_CHECKING:  # outside.py imports this module: the type only, no import loop
    from .outside import Play

K = EffectKind


def each_digit_discards_champions(act: Play, e: Effect) -> None:
    """``each_digit_discards_champions``: "Each player must draw and discard a card, noting
    the last digit of the card number. Discard all champions in play whose base level is
    greater than this number" (Black Bess, 4th/135; FR/2: "all the player's champions ...
    whose unadjusted level is greater"). Each player, the card's player first, moves the top
    card of its draw pile to its discard pile and reads the last digit of its number (as
    ``pool_items_unless_digit``); its pool champions of printed level above the digit (an ally
    made a champion by Magical Champion: its bonus, ``forms.as_champion``) go with
    their attachments to its discard pile, not one that stays in its pool (Chernevik) or is
    immune to the event. [decided] A player with an empty draw pile notes no number and loses
    no champion (drawing nothing does not end the game: no card is drawn into a hand)."""
    fx, table = act.fx, act.state.table
    for p in (act.player, 1 - act.player):
        side = table.players[p]
        if not side.draw:
            act.events.append(Event("digit_drawn", f"player_{p} has no card to draw", p,
                                    {"digit": None}))
            continue
        drawn = side.draw.pop(0)
        side.discard.append(drawn)
        digit = fx[drawn].number % 10
        act.events.append(Event("digit_drawn", f"player_{p} draws and discards "
                                               f"{fx[drawn].name}: last digit {digit}", p,
                                {"card": table.cards[drawn], "digit": digit}))
        # An ally made a champion (Magical Champion) is read at its level (audit5).
        gone = [c for c in side.pool if as_champion(fx[c]).level > digit
                and not stays_in_pool(fx[c])
                and not immune(act.state, fx, p, c, act.card)]
        for c in gone:
            champion_to_discard(side, c)
        act.events.append(Event("pool_champions_killed", f"{fx[act.card].name} discards " + (
            ", ".join(fx[c].name for c in gone) or "nobody") + f" from player_{p}'s pool",
            act.player, {"cards": [table.cards[c] for c in gone]}))


RESOLVERS: dict[EffectKind, Callable[[Play, Effect], None]] = {
    K.EACH_DIGIT_DISCARDS_CHAMPIONS: each_digit_discards_champions,
}
"""The resolver of each kind of this module (merged into ``outside.RESOLVERS``)."""
