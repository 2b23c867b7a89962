"""A realm that strips its attackers (issue 13, c4th5b: Celik, 4th/35).

"Champions attacking Celik must discard all attached magical items or artifacts (attacker's
choice), and cannot add more of the type chosen during battle." (``attackers_stripped``.)

- :func:`strip_attacker`: as an attacking champion is presented against such a realm (seed 000
  step B), it discards every card it carries of the type chosen. [decided] The attacker's
  choice, its best: the type whose attached bonuses add up to less (magical items or
  artifacts), artifacts on a tie (a champion carries one artifact at most: it is the type
  less likely to be added later). A champion carrying only one type chooses the other and
  discards nothing.
- :func:`stripped_types`: the type its side may not add in the battle (read by
  ``legal.bars``). It follows from what the champion carries once stripped: it still carries
  an artifact only when it chose magical items, so the bar is magical items while it carries
  an artifact, else artifacts.

With the mark ``"all"`` (Celik's Artifacts printing, AR/96: "Any champion attacking Celik,
must discard all attached magical items or artifacts, and cannot add more during battle": no
choice printed) both types are discarded and both barred.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.engine import Event
from ..cards.cards import CardType
from ..cards.effects import EffectKind
from .context import Context, touch
from .facts import Facts
from .state import SpellfireState

_ITEM, _ARTIFACT = CardType.MAGICAL_ITEM, CardType.ARTIFACT


ALL = "all"
"""The mark of an ``attackers_stripped`` that takes both types (AR/96)."""


def strips(state: SpellfireState, fx: Sequence[Facts]) -> tuple[CardType, ...] | None:
    """``None`` when the realm fought over does not strip its attackers
    (``attackers_stripped``); else the types it takes all of (none: one type, the
    attacker's choice)."""
    slot = state.battle.realm
    realm = None if slot is None else state.players[state.defender].realms[slot]
    if realm is None or not fx[realm].has(EffectKind.ATTACKERS_STRIPPED):
        return None
    both = any(e.mark == ALL for e in fx[realm].get(EffectKind.ATTACKERS_STRIPPED))
    return (_ITEM, _ARTIFACT) if both else ()


def strip_attacker(state: SpellfireState, ctx: Context, p: int, champion: int,
                   events: list[Event]) -> None:
    """``p`` has presented ``champion`` to attack: against a realm that strips its attackers,
    it discards its attached cards of the type it chooses (module docstring)."""
    fx = ctx.facts
    taken = strips(state, fx)
    if taken is None:
        return
    carried = state.players[p].attached.get(champion, [])
    total = {t: sum(fx[i].bonus for i in carried if fx[i].type == t) for t in (_ITEM, _ARTIFACT)}
    chosen = taken or ((_ITEM,) if total[_ITEM] < total[_ARTIFACT] else (_ARTIFACT,))
    gone = [i for i in carried if fx[i].type in chosen]
    for i in gone:
        carried.remove(i)
        state.players[state.owner[i]].discard.append(i)
    if not carried:
        state.players[p].attached.pop(champion, None)
    kinds = " and ".join("magical items" if t == _ITEM else "artifacts" for t in chosen)
    events.append(Event("cards_destroyed", f"{ctx.name(champion)} attacks "
                                           f"{_realm_name(state, ctx)}: it discards its {kinds} "
                                           f"({', '.join(ctx.name(i) for i in gone) or 'none'})",
                        p, {"cards": [state.cards[i] for i in gone]}))
    touch(state)


def _realm_name(state: SpellfireState, ctx: Context) -> str:
    slot = state.battle.realm
    assert slot is not None
    realm = state.players[state.defender].realms[slot]
    assert realm is not None
    return ctx.name(realm)


def stripped_types(state: SpellfireState, fx: Sequence[Facts], player: int
                   ) -> tuple[CardType, ...]:
    """The card types the attacker ``player`` may not add in a battle against a realm that
    strips its attackers (none barred: empty; the module docstring)."""
    champion = state.battle.champion[player]
    if player != state.attacker or champion is None:
        return ()
    taken = strips(state, fx)
    if taken is None or taken:
        return taken or ()
    carried = state.players[player].attached.get(champion, ())
    return (_ITEM,) if any(fx[i].type == _ARTIFACT for i in carried) else (_ARTIFACT,)
