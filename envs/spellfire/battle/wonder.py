"""A card whose bonus is the last digit of a card drawn each time it is used in combat (issue
13, c4th5b: Wand of Wonder, 4th/180, FR/57).

``bonus_from_digit``: "Draw and discard a card each time the wand is used in combat, noting the
last digit of the card's number. The wand's level bonus is equal to that digit." Each round
the card is in (at activation, seed 000 step D, for a card its champion carries into the
round; as it is played, for one played from the hand) its owner's top card goes to its
discard pile, and the last digit of its number (in its set) is kept in ``Battle.digits`` as
the card's bonus for that round (``totals.round_sides``); the digits are emptied as the round
ends (``pool_uses.new_round``). [decided] An empty draw pile draws nothing: the bonus is 0.
"""

from __future__ import annotations

from ...core.engine import Event
from ..cards.effects import Effect
from .context import touch
from .powers import Play


def draw_digit_bonus(play: Play, e: Effect) -> None:
    """``bonus_from_digit``: the card's player draws and discards a card; its last digit is
    the card's bonus for the round (module docstring)."""
    inst, state = play.inst, play.state
    if inst is None or inst in state.battle.digits:
        return
    side = state.players[play.player]
    digit = 0
    if side.draw:
        drawn = side.draw.pop(0)
        side.discard.append(drawn)
        f = play.ctx.facts[drawn]
        digit = f.number % 10
        play.events.append(Event("digit_drawn", f"{play.card.name}: player_{play.player} "
                                                f"draws and discards {f.name} (last digit "
                                                f"{digit})", play.player,
                                 {"card": play.card.key, "drawn": f.key, "digit": digit}))
    state.battle.digits[inst] = digit
    touch(state)
