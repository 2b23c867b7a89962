"""The cost of a champion's spells (issue 13, first_a): ``spells_cost_realm``.

Defiler (1st Edition): "If the defiler casts one or more spells, one friendly realm is razed or
one friendly holding is shuffled back into the draw pile."

- *Casts*: a wizard or cleric spell its side plays into a round while the card is that side's
  champion (seed 000 step F: the champion casts the spells of its side), a spell cancelled at
  once included (it was cast). The champion is then noted once in ``Battle.spent`` (the battle's
  record of powers used; it starts empty with every battle), however many spells follow.
  In the whole game, a spell played in phase 3 is cast by a pool champion who may cast it
  (``game/outside.casters``): [decided] by another such champion when the player has one (the
  player's best), by the champion with this power only when it is the only one, and the cost
  then falls at once (:func:`pay_now`).
- *When*: once, when its battle ends (``judge.end_battle``: every way a battle ends passes
  there), after the battle's own razing and spoils, so that the cost never changes who won.
- *Which* ([decided], the owner's choice, which the actions cannot ask for; the owner's best,
  as the project's other costs): a holding shuffled back is a card kept (it comes back through
  the draw pile) and a razed realm is not, so the owner's last holding in formation order
  (F to A) goes back into its draw pile, at a place drawn by chance (``luck.draw_luck``, as
  Lolth); with no holding, its last standing realm (F to A: the realms in front shield those
  behind) is razed, as the judge razes one. A realm just razed in the battle is not standing,
  so the cost never falls on it twice; the realm a Defiler just defended may be razed when it
  is the last one standing. With neither, nothing happens.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.engine import Event
from ..cards.effects import EffectKind
from .facts import Facts
from .luck import draw_luck
from .state import SLOTS, SpellfireState

KIND = EffectKind.SPELLS_COST_REALM


def cast(state: SpellfireState, fx: Sequence[Facts], player: int) -> None:
    """A spell of ``player``'s side has just been played into the round: its champion, when
    it has the power, is noted once in ``Battle.spent``."""
    b = state.battle
    champion = b.champion[player]
    if champion is not None and fx[champion].has(KIND) and champion not in b.spent:
        b.spent.append(champion)


def pay(state: SpellfireState, fx: Sequence[Facts], events: list[Event]) -> None:
    """The battle is over: each champion noted by :func:`cast` costs its owner a holding or
    a realm."""
    for champion in [c for c in state.battle.spent if fx[c].has(KIND)]:
        pay_now(state, fx, champion, events)


def pay_now(state: SpellfireState, fx: Sequence[Facts], source: int,
            events: list[Event]) -> None:
    """The cost of ``source``'s spells falls on its owner: its last holding (F to A) back into
    its draw pile, else its last standing realm razed."""
    p = state.owner[source]
    side = state.players[p]
    held = [s for s in range(len(side.holdings)) if side.holdings[s] is not None]
    if held:
        slot = held[-1]
        holding = side.holdings[slot]
        assert holding is not None
        side.holdings[slot] = None
        side.draw.insert(draw_luck(state, len(side.draw) + 1), holding)
        events.append(Event("spell_cost", f"{fx[source].name}: player_{p}'s holding "
                                          f"{fx[holding].name} is shuffled back into the draw "
                                          "pile", p,
                            {"card": state.cards[source], "slot": SLOTS[slot],
                             "holding": "shuffled_back"}))
        return
    standing = [s for s, r in enumerate(side.realms) if r is not None and not side.razed[s]]
    if not standing:
        return
    slot = standing[-1]
    side.razed[slot] = True
    realm = side.realms[slot]
    assert realm is not None
    events.append(Event("spell_cost", f"{fx[source].name}: player_{p}'s realm {SLOTS[slot]} "
                                      f"({fx[realm].name}) is razed", p,
                        {"card": state.cards[source], "slot": SLOTS[slot], "realm": "razed"}))
