"""More spoils than one (the rest of the 1st Edition, issue 13; seed 000 step J, seed 001).

- ``extra_spoils_if_defeated`` (Ember, the Red Dragon: "if Ember is defeated, the victor can
  draw two spoils of victory cards"): the battle's winner draws ``amount`` more spoils cards
  when a champion with the power fought for the other side in this battle and was discarded
  (defeated; one that escaped to its pool was not).
- ``extra_spoils_if_razes`` (Prismal the Outrageous: "he gains two spoils of victory if he
  razes it"): the attacker draws ``amount`` more when it razes the realm and a champion with
  the power fought for it in this battle, its condition read on the razed realm (``realm_worlds``:
  "any Forgotten Realms realm").

[decided] In the whole game each spoils card is drawn into the hand as the first is; the game
offers the last one drawn to be played at once (``Battle.spoils`` holds one card per player),
the others stay in the hand for later.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards.effects import EffectKind
from .facts import Facts
from .state import SpellfireState


def extra_spoils(state: SpellfireState, facts: Sequence[Facts], winner: int,
                 outcome: str) -> int:
    """How many spoils cards ``winner`` draws besides the first (see the module docstring)."""
    b = state.battle
    loser = 1 - winner
    more = 0
    # The champions of the battle; a defence declined activates nothing (no round was fought):
    # the attacker's last champion to attack is the one that razed the realm.
    attacked = state.players[state.attacker].attacked
    for c in dict.fromkeys([*b.fought, *attacked[-1:]]):
        f = facts[c]
        if not f.effects:
            continue
        if state.owner[c] == loser and c in state.players[loser].discard:
            more += sum(e.amount for e in f.get(EffectKind.EXTRA_SPOILS_IF_DEFEATED))
        if state.owner[c] == winner and winner == state.attacker and outcome == "razed":
            more += sum(e.amount for e in f.get(EffectKind.EXTRA_SPOILS_IF_RAZES)
                        if e.condition.holds(attacking=True, realm_world=_realm_world(
                            state, facts)))
    return more


def _realm_world(state: SpellfireState, facts: Sequence[Facts]) -> int | None:
    """The world of the realm fought over (``None`` when it is gone: discarded)."""
    slot = state.battle.realm
    realm = None if slot is None else state.players[state.defender].realms[slot]
    return None if realm is None else int(facts[realm].card.world)
