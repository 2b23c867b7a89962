"""Order of activation of the cards in a round (seed 002).

1 rule cards, 2 dungeon cards (not modelled in battle mode: none are in play), 3 the attacked
realm's power, 4 its holding, 5 support cards and 6 powers before combat (none in battle mode),
7 the attacking champion's power followed by its cards in the order a artifacts, b allies,
c magical items, d blood abilities, e thief skills, f combat cards, g psionic powers, h spells,
8 the defending champion's power and its cards in the same order.

Within one group (note 4): highest bonus first, then alphabetically by name, then lowest card
number for same-name cards.
"""

from __future__ import annotations

from collections.abc import Sequence

from .facts import ACTIVATION_GROUP, Facts
from .shared_holdings import holdings_at
from .state import SpellfireState


def activation_key(f: Facts) -> tuple[int, int, str, int]:
    """Sort key of a champion's card: its group (seed 002 7a..h), then note 4's tie-breaks."""
    return (ACTIVATION_GROUP.get(f.type, len(ACTIVATION_GROUP)), -f.bonus, f.name.lower(),
            f.number)


def activation_order(state: SpellfireState, facts: Sequence[Facts]) -> list[tuple[int, int]]:
    """``(player, card instance)`` in the order the round's cards activate (seed 002)."""
    b = state.battle
    att, dfn = state.attacker, state.defender
    order: list[tuple[int, int]] = []
    if b.realm is not None:
        home = state.players[dfn]
        realm = home.realms[b.realm]
        if realm is not None:
            order.append((dfn, realm))
        # Its holdings, those it shares included (The Sea Barons: issue 13, first_b).
        order += [(dfn, h) for h in holdings_at(home, facts, b.realm)]
    for p in (att, dfn):
        champion = b.champion[p]
        if champion is None:
            continue
        order.append((p, champion))
        cards = [*state.players[p].attached.get(champion, ()), *b.support[p]]
        cards.sort(key=lambda i: activation_key(facts[i]))
        order += [(p, i) for i in cards]
    return order
