"""Holdings that apply to another realm of their player (issue 13, first_b).

``shares_holdings`` (The Sea Barons: "any holding attached to the Great Kingdom also applies
to this realm"): a realm with the power reads, besides its own holding, the holdings attached
to the standing realms of its player whose name its effect gives, as if attached to it too:
their bonus and powers count for its defender, their walls stop its attackers, they activate
with it (seed 002), they let it defend itself. They stay attached where they are: razing the
realm with the power discards its own holding only (``judge.raze``).

:func:`holdings_at` is what the battle reads as "the attacked realm's holdings"
(``totals._defender_realm``, ``legal.gate``, ``legal.barred_defenders``, ``legal._holdings``,
``activation``, ``reactions``, ``windfall``, ``shields``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards.effects import EffectKind
from .facts import Facts
from .state import Side


def borrowed_slots(side: Side, fx: Sequence[Facts], slot: int) -> list[int]:
    """The formation slots whose holding applies to the realm in ``slot`` too: standing realms
    of ``side`` named in the realm's ``shares_holdings`` (none without the power)."""
    realm = side.realms[slot]
    if realm is None or not fx[realm].has(EffectKind.SHARES_HOLDINGS):
        return []
    names = {n.lower() for e in fx[realm].get(EffectKind.SHARES_HOLDINGS) for n in e.names}
    return [s for s, h in enumerate(side.holdings) if s != slot and h is not None
            and side.realms[s] is not None and not side.razed[s]
            and fx[side.realms[s]].name.lower() in names]  # type: ignore[index]


def holdings_at(side: Side, fx: Sequence[Facts], slot: int) -> list[int]:
    """The holdings that apply to the realm in ``slot``: its own, then those it shares."""
    own = side.holdings[slot]
    shared = [side.holdings[s] for s in borrowed_slots(side, fx, slot)]
    return ([] if own is None else [own]) + [h for h in shared if h is not None]
