"""A realm that wears the attacking champion down (the 4th Edition, third pass; issue 13,
c4th3a).

- ``base_loss_per_card`` (Black Spear Tribes: "An attacking champion loses 1 level from his base
  level for each card attached to him and for each card he plays in battle. If his base level
  is reduced to 0, he is defeated and discarded."): the totals take the levels
  (:func:`.totals.base_loss_per_card`); :func:`worn_down`, read whenever the totals are
  announced (as ``win_over_total``), discards the attacking champion once its printed level is
  used up: discarded by card play, the battle is over and the defender draws the spoils (seed
  001).
"""

from __future__ import annotations

from ...core.engine import Event
from ..cards.effects import EffectKind
from .context import Context
from .facts import holds
from .judge import champions_discarded
from .state import SpellfireState
from .totals import worn_count


def worn_down(state: SpellfireState, ctx: Context, events: list[Event]) -> bool:
    """Discard the attacking champion if a ``base_loss_per_card`` of the defender's side has
    taken its whole printed level (see the module docstring). True then."""
    attacker, defender = ctx.sides(state)
    champion = attacker.champion
    if champion is None:
        return False
    kind = EffectKind.BASE_LOSS_PER_CARD
    for card in defender.cards:
        for e in card.get(kind):
            if holds(e.condition, defender.attacking, defender.opponent) \
                    and e.amount * worn_count(attacker) >= champion.level:
                events.append(Event("worn_down", f"{card.name}: player_{attacker.player}'s "
                                                 f"{champion.name} is reduced to 0",
                                    defender.player, {"card": card.key}))
                discarded = [False, False]
                discarded[attacker.player] = True
                champions_discarded(state, ctx, discarded, events)
                return True
    return False
