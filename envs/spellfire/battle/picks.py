"""An attacker that picks its opponent (the rest of the 1st Edition, issue 13; seed 000 step C).

- ``pick_opponent`` (Stryck: "when Stryck attacks, she gets to pick her opponent from those
  champions in the defender's pool"): once the champion with the power (or carrying a card with
  it) is presented to attack, the defender does not choose (step C): the champion the attacker
  picks from the defender's pool defends, with its attachments. [decided] The attacker's best
  pick: the lowest level plus the bonuses of its magical items and artifacts (then the lowest
  printed level, then the pool's order). An empty pool leaves step C to the defender.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards.cards import CardType
from ..cards.effects import EffectKind
from .facts import NO_OPPONENT, Facts, holds, stays_in_pool
from .state import SpellfireState


def picked_opponent(state: SpellfireState, facts: Sequence[Facts], champion: int) -> int | None:
    """The pool slot of the defender's champion that the attacker's ``champion`` picks, or
    ``None`` when it picks none."""
    att = state.attacker
    sources = (champion, *state.players[att].attached.get(champion, ()))
    if not any(holds(e.condition, True, NO_OPPONENT)
               for i in sources for e in facts[i].get(EffectKind.PICK_OPPONENT)):
        return None
    home = state.players[state.defender]
    if not home.pool:
        return None

    def strength(slot: int) -> tuple[int, int, int]:
        c = home.pool[slot]
        carried = sum(facts[i].bonus for i in home.attached.get(c, ())
                      if facts[i].type in (CardType.MAGICAL_ITEM, CardType.ARTIFACT))
        return facts[c].level + carried, facts[c].level, slot

    free = [s for s in range(len(home.pool)) if not stays_in_pool(facts[home.pool[s]])]
    return min(free, key=strength) if free else None  # Chernevik stays (c4th3b)
