"""``escape_to_limbo`` (issue 13, c1st3): a champion that is never discarded.

The Labyrinth Map of Shuuc: "A champion with this map is never discarded; if defeated, he
escapes into the labyrinth and returns to the player's pool at the end of the player's next
turn." [decided] Wherever a champion carrying such a card would go to the discard pile (a
round lost, seed 000 step H; a power that discards or destroys it, seed 001; after the round,
:mod:`.aftermath`), it goes with its attachments to its owner's Limbo instead (the
labyrinth): :func:`carriers` notes them before each step, :func:`escape` moves them after it
(the engine calls both; every way to the discard pile is caught the same way). Limbo keeps the
champion followed by its attachments. The whole game brings it back (:func:`come_back`, at
the end of the player's next turn: ``game/rules.py``); in a battle alone it stays in Limbo.
Seed 000 step J counts a champion sent to Limbo as discarded for the defender's spoils.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.engine import Event
from ..cards.cards import CardType
from ..cards.effects import EffectKind
from .facts import Facts
from .state import SpellfireState

KIND = EffectKind.ESCAPE_TO_LIMBO


def carries_escape(facts: Sequence[Facts], attached: Sequence[int]) -> bool:
    """Whether the cards ``attached`` to a champion include one with ``escape_to_limbo``."""
    return any(facts[i].has(KIND) for i in attached)


def carriers(state: SpellfireState, facts: Sequence[Facts],
             played: Sequence[int] = ()) -> list[tuple[int, list[int]]]:
    """The champions (in the pools and the round) carrying an ``escape_to_limbo`` card, each
    with its attachments and the magical items and artifacts of ``played`` (the card the step
    plays: it may attach to the champion in the round and be discarded with it in the same
    step)."""
    extra = [i for i in played if facts[i].type in (CardType.MAGICAL_ITEM, CardType.ARTIFACT)]
    held = state.battle.champion
    return [(c, [*items, *(i for i in extra if c == held[state.owner[i]])])
            for side in state.players for c, items in side.attached.items()
            if carries_escape(facts, items)]


def escape(state: SpellfireState, facts: Sequence[Facts], before: Sequence[tuple[int, list[int]]],
           events: list[Event]) -> bool:
    """Of the champions ``before`` noted, those now in their owner's discard pile go to its
    Limbo, with those of their attachments that went there with them; True if one did."""
    moved = False
    for c, items in before:
        side = state.players[state.owner[c]]
        if c not in side.discard:
            continue
        gone = [c, *(i for i in items if i in side.discard)]
        for i in gone:
            side.discard.remove(i)
        side.limbo += gone
        moved = True
        events.append(Event("champion_escapes_to_limbo", f"{facts[c].name} escapes into the "
                                                         "labyrinth (Limbo)", state.owner[c],
                            {"card": state.cards[c]}))
    return moved


def come_back(state: SpellfireState, facts: Sequence[Facts], p: int, champions: Sequence[int],
              pool_slots: int | None, events: list[Event]) -> None:
    """The champions of ``p``'s Limbo in ``champions`` go back to its pool (to its hand when
    the pool is full, as a spoils champion), each with the cards that follow it in Limbo up
    to the next champion (its attachments)."""
    side = state.players[p]
    for c in champions:
        if c not in side.limbo:
            continue
        at = side.limbo.index(c)
        end = next((j for j in range(at + 1, len(side.limbo))
                    if facts[side.limbo[j]].is_champion), len(side.limbo))
        items = side.limbo[at + 1:end]
        del side.limbo[at:end]
        if pool_slots is not None and len(side.pool) >= pool_slots:
            side.hand += [c, *items]
            where = "hand"
        else:
            side.pool.append(c)
            if items:
                side.attached[c] = list(items)
            where = "pool"
        events.append(Event("champion_returns_from_limbo", f"{facts[c].name} returns from the "
                                                           f"labyrinth to the {where}", p,
                            {"card": state.cards[c], "to": where}))


def escaped(state: SpellfireState, facts: Sequence[Facts], p: int) -> list[int]:
    """The champions in ``p``'s Limbo that escaped there (followed by an ``escape_to_limbo``
    card among their attachments)."""
    limbo = state.players[p].limbo
    out = []
    for at, c in enumerate(limbo):
        if not facts[c].is_champion:
            continue
        end = next((j for j in range(at + 1, len(limbo)) if facts[limbo[j]].is_champion),
                   len(limbo))
        if carries_escape(facts, limbo[at + 1:end]):
            out.append(c)
    return out
