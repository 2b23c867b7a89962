"""Whether a pool champion is immune to a card played outside battles (issue 13, outside):
the same immunities a round reads (``battle/totals.immunities``, RULES.md §1 "Combat"), as far as
they hold outside a round."""

from __future__ import annotations

from collections.abc import Sequence

from ..battle.facts import Facts
from ..battle.state import Side
from ..cards.effects import ALWAYS, EffectKind
from .state import GameState

K = EffectKind


def immune(state: GameState, fx: Sequence[Facts], owner: int, champion: int,
           card: int) -> bool:
    """Whether ``owner``'s pool champion is immune to ``card`` (RULES.md §1 "Combat"; as
    ``battle/totals.immunities`` reads it in a round): by its own power or a card it carries,
    to the card's type (``immune_to``) or, the card being an (Off) one, to offensive spells;
    or, the card being the opponent's, by one of the owner's cards in play that makes all
    its champions immune (``champions_immune``: Codex of the Infinite Planes). Only
    unconditional immunities count outside battles (their conditions read a round)."""
    f, side = fx[card], state.table.players[owner]
    for g in (fx[champion], *(fx[a] for a in side.attached.get(champion, ()))):
        if f.offensive and any(e.condition == ALWAYS for e in g.get(K.IMMUNE_OFFENSIVE_SPELLS)):
            return True
        if any(e.condition == ALWAYS and not e.mark and int(f.type) in e.card_types
               for e in g.get(K.IMMUNE_TO)):
            return True
    if state.table.owner[card] == owner:
        return False
    for g in in_play(side, fx):
        for e in g.get(K.CHAMPIONS_IMMUNE):
            if e.condition == ALWAYS and not e.mark and (
                    int(f.type) in e.card_types or not e.card_types and f.offensive):
                return True
    return False


def in_play(side: Side, fx: Sequence[Facts]) -> list[Facts]:
    """A player's cards in play outside a round: standing realms and their holdings, pool
    champions and what they carry."""
    out = [fx[i] for s, r in enumerate(side.realms) if r is not None and not side.razed[s]
           for i in (r, side.holdings[s]) if i is not None]
    return out + [fx[i] for c in side.pool for i in (c, *side.attached.get(c, ()))]
