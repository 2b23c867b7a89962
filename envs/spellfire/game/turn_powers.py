"""Powers of a realm acting at the start of its player's turn (issue 13, turn2).

Some realms, champions and artifacts print a power that acts "at the start of his turn",
outside battles: The Scarlet Brotherhood, "Player can eliminate one champion from any pool at
the start of his turn. This realm is then razed."; Marco Volo, "he can look at the top card of
any draw pile and discard it if he wants". The card is played as its type says; the game
engine (``rules.py``, ``_start_turn``) calls :func:`turn_starts` as the turn of the player on
turn begins at phase 0 (RULES.md §1 "Turn phases": phase 0, the start of the turn), before
its draw. A state written at phase 1 or later has begun its turn: nothing acts there. In battle
mode these powers change nothing: a battle alone has no turns.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.engine import Event
from ..battle.facts import Facts, stays_in_pool
from ..battle.labyrinth import escaped
from ..battle.state import SLOTS
from ..cards.effects import EffectKind
from .immunity import immune
from .state import GameState
from .zones import card_worth, seed_order

K = EffectKind


def turn_starts(state: GameState, fx: Sequence[Facts], events: list[Event]) -> bool:
    """The start-of-turn powers of the player on turn's cards in play: its standing realms,
    A to F, then its pool champions and their attachments; whether the table changed."""
    side = state.table.players[state.on_turn]
    changed = False
    for slot, realm in enumerate(side.realms):
        if realm is None or side.razed[slot]:
            continue
        if K.KILL_AT_TURN_START in fx[realm].effects:
            changed = kill_at_turn_start(state, fx, slot, events) or changed
        if K.LIMBO_AT_TURN_START in fx[realm].effects:
            changed = limbo_at_turn_start(state, fx, slot, events) or changed
    for c in list(side.pool):  # then the pool's champions and what they carry
        for i in (c, *side.attached.get(c, ())):
            for e in fx[i].get(K.DISCARD_FROM_TOP):
                changed = discard_from_top(state, fx, i, e.count, events) or changed
    return changed


def _victim(state: GameState, fx: Sequence[Facts], realm: int) -> int | None:
    """The champion the realm's power eliminates: [decided] the strongest (seed 002's order:
    highest level, then name, then card number) of the other player's pool that may leave it
    (not one that stays in its pool, Chernevik; not one immune to a realm, ``immunity.immune``);
    ``None`` when there is none."""
    p = state.on_turn
    found = [c for c in state.table.players[1 - p].pool
             if not stays_in_pool(fx[c]) and not immune(state, fx, 1 - p, c, realm)]
    if not found:
        return None
    return min(found, key=lambda c: seed_order(fx, c))


def kill_at_turn_start(state: GameState, fx: Sequence[Facts], slot: int,
                       events: list[Event]) -> bool:
    """``kill_at_turn_start``: "player can eliminate one champion from any pool at the start
    of his turn. This realm is then razed." (The Scarlet Brotherhood, realm ``slot`` of the
    player on turn). [decided] "Can": the player uses it only on the other player's pool
    (losing its own champion never helps it), and only when a champion there may be
    eliminated (:func:`_victim`): otherwise it keeps the realm standing. The champion goes to
    its owner's discard pile with its attachments (RULES.md §1); the realm is then razed, its
    holding discarded with it (as a round's razing: seed 000 step I). Whether it acted."""
    table, p = state.table, state.on_turn
    side = table.players[p]
    realm = side.realms[slot]
    assert realm is not None
    victim = _victim(state, fx, realm)
    if victim is None:
        return False
    foe, owner = table.players[1 - p], table.players[table.owner[victim]]
    foe.pool.remove(victim)
    owner.discard.append(victim)
    owner.discard += foe.attached.pop(victim, [])
    events.append(Event("champion_eliminated", f"{fx[realm].name}: player_{1 - p}'s "
                                               f"{fx[victim].name} is eliminated from its pool",
                        p, {"card": table.cards[victim], "source": fx[realm].name}))
    side.razed[slot] = True
    holding = side.holdings[slot]
    if holding is not None:
        side.holdings[slot] = None
        table.players[table.owner[holding]].discard.append(holding)
    events.append(Event("realm_razed_by_power", f"{fx[realm].name} (realm {SLOTS[slot]} of "
                                                f"player_{p}) is then razed", p,
                        {"realm": table.cards[realm], "slot": SLOTS[slot]}))
    return True


def limbo_at_turn_start(state: GameState, fx: Sequence[Facts], slot: int,
                        events: list[Event]) -> bool:
    """``limbo_at_turn_start``: "at the start of this player's turn, send one champion to
    Limbo until the end of that player's next turn" (The Horned Society, realm ``slot`` of
    the player on turn). [decided] The player sends the other player's strongest champion
    that may leave its pool (:func:`_victim`); with none there it sends none of its own (the
    card names no pool: read as a power against the opponent). The champion and its
    attachments go to its owner's Limbo, champion first (``battle/labyrinth.py``'s order);
    "that player" is the champion's owner: it comes back as its owner's next turn ends
    (:func:`sent_to_limbo`). Whether it acted."""
    table, p = state.table, state.on_turn
    realm = table.players[p].realms[slot]
    assert realm is not None
    victim = _victim(state, fx, realm)
    if victim is None:
        return False
    foe, owner = table.players[1 - p], table.players[table.owner[victim]]
    foe.pool.remove(victim)
    owner.limbo += [victim, *foe.attached.pop(victim, [])]
    events.append(Event("champion_sent_to_limbo", f"{fx[realm].name}: player_{1 - p}'s "
                                                  f"{fx[victim].name} goes to Limbo until the "
                                                  "end of its owner's next turn", p,
                        {"card": table.cards[victim], "source": fx[realm].name}))
    return True


def sent_to_limbo(state: GameState, fx: Sequence[Facts], p: int) -> list[int]:
    """As ``p``'s turn begins: the champions in its Limbo sent there by a turn power
    (:func:`limbo_at_turn_start`; those that escaped with an ``escape_to_limbo`` card are
    ``labyrinth.escaped``'s): they return to its pool as this turn ends."""
    away = set(escaped(state.table, fx, p))
    return [c for c in state.table.players[p].limbo if fx[c].is_champion and c not in away]


def discard_from_top(state: GameState, fx: Sequence[Facts], card: int, count: int,
                     events: list[Event]) -> bool:
    """``discard_from_top``: "at the start of the player's turn, he can look at the top card
    of any draw pile and discard it if he wants" (Marco Volo, ``count`` 1); "at the beginning
    of his turn, the owner of Ren's Crystal Ball can inspect the top three cards of any deck
    and discard one" (``count`` 3): ``card`` is in the pool of the player on turn (or carried
    there). [decided] The player looks at the other player's draw pile (its own next draws
    are better kept: a card taken from the other player's never helps that player) and
    discards the card of those it looks at that it would least like the other player to draw
    (``zones.card_worth``), to its owner's discard pile; Marco Volo always "wants" to. The others
    stay on top in their order (the game keeps no record of cards seen). An empty pile: none.
    Whether it acted."""
    table, p = state.table, state.on_turn
    pile = table.players[1 - p].draw
    if not pile:
        return False
    gone = min(pile[:max(count, 1)], key=lambda c: card_worth(fx, c))
    pile.remove(gone)
    table.players[table.owner[gone]].discard.append(gone)
    events.append(Event("top_card_discarded", f"{fx[card].name}: player_{p} looks at the top "
                                              f"{min(max(count, 1), len(pile) + 1)} card(s) of "
                                              f"player_{1 - p}'s draw pile and discards "
                                              f"{fx[gone].name}", p,
                        {"card": table.cards[gone], "source": fx[card].name}))
    return True
