"""A player's maximum hand size, changed by the cards it has in play (``hand_size``; RULES.md §1
phase 5, issue 13).

"Increases player's maximum hand by one" (Myth Drannor), "the player's maximum hand increases
by two" (The Great Kingdom), "increases hand size by two cards" (The Mud Palace): the hand limit
of phase 5 is the game's limit plus the ``amount`` of every such card the player has in play --
its standing realms and their holdings, its pool champions and their attachments ([decided]: a
razed realm and its holding have no power; a card in hand or in a battle's support does not
count). Battle mode has no phase 5: the power changes nothing there, and the whole game
(``game/rules.py``, ``game/plays.py``) reads :func:`hand_limit`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..cards.cards import CardType
from ..cards.effects import EffectKind
from .facts import Facts
from .holders import holders
from .state import Side, SpellfireState


def in_play(side: Side) -> Iterator[int]:
    """The player's cards in play outside a battle: standing realms with their holdings, pool
    champions with their attachments."""
    for s, realm in enumerate(side.realms):
        if realm is not None and not side.razed[s]:
            yield realm
            holding = side.holdings[s]
            if holding is not None:
                yield holding
    for c in side.pool:
        yield c
        yield from side.attached.get(c, ())


def extra_draw(side: Side, facts: Sequence[Facts], players: Sequence[Side] = ()) -> int:
    """Cards the player draws in phase 1 besides the game's draw: the ``extra_draw`` of its
    cards in play (as :func:`hand_limit`: a razed realm and its holding have no power), but
    of a holding that a card in play of one of ``players`` negates by name
    (``named_holdings_negated``; issue 13, c4th3a: Points East Trading Guild, "negates any
    Arkhold holding in play")."""
    negated = negated_names(players, facts)
    return sum(e.amount for i in in_play(side) if not _named(facts[i], negated)
               for e in facts[i].get(EffectKind.EXTRA_DRAW))


def phase_one_draw(side: Side, facts: Sequence[Facts], base: int,
                   opponents: Sequence[Side] = ()) -> int:
    """Cards the player draws in phase 1, ``base`` being the game's draw plus its
    :func:`extra_draw`: fewer by the ``opponents_draw_fewer`` of its ``opponents``' cards in
    play, but never below one ("all opponents draw one fewer card than normal on their turns
    (minimum of one card)", The Ring of Winter; issue 13, c4th5b). [decided] A draw already
    below one is left as it is."""
    fewer = sum(e.amount for s in opponents for i in in_play(s)
                for e in facts[i].get(EffectKind.OPPONENTS_DRAW_FEWER))
    return max(base - fewer, min(base, 1))


def negated_names(players: Sequence[Side], facts: Sequence[Facts]) -> tuple[str, ...]:
    """The names (lower case) of the holdings that the ``named_holdings_negated`` of the
    players' cards in play negate."""
    return tuple(n.lower() for side in players for i in in_play(side)
                 for e in facts[i].get(EffectKind.NAMED_HOLDINGS_NEGATED) for n in e.names)


def _named(card: Facts, names: Sequence[str]) -> bool:
    """Whether ``card`` is a holding whose name begins with one of ``names``."""
    return card.type == CardType.HOLDING and any(card.name.lower().startswith(n) for n in names)


def hand_limit(side: Side, facts: Sequence[Facts], base: int,
               opponents: Sequence[Side] = ()) -> tuple[int, list[int]]:
    """The player's hand limit (``base`` plus its cards' ``hand_size`` and its ``opponents``'
    cards' ``opponents_hand_size``: Perrenland, 3rd Edition, "maximum hand size for all
    opposing players is reduced by one"), and the card instances that changed it."""
    limit, sources = base, []
    for kind, sides in ((EffectKind.HAND_SIZE, (side,)),
                        (EffectKind.OPPONENTS_HAND_SIZE, opponents)):
        for i in (i for s in sides for i in in_play(s)):
            effects = facts[i].effects
            if kind in effects:  # few cards have it (issue 14: asked every step)
                for e in effects[kind]:
                    limit += e.amount
                    sources.append(i)
    return max(limit, 0), sources


def player_hand_limit(state: SpellfireState, facts: Sequence[Facts], player: int,
                      base: int) -> tuple[int, list[int]]:
    """:func:`hand_limit` of ``player``, the other players its opponents; ``base`` at once
    when no card of the game has ``hand_size`` or ``opponents_hand_size`` (issue 14: the whole
    game asks at every step, and most pairs of decks hold no such card)."""
    if not (holders(state, facts, EffectKind.HAND_SIZE)
            or holders(state, facts, EffectKind.OPPONENTS_HAND_SIZE)):
        return max(base, 0), []
    return hand_limit(state.players[player], facts, base,
                      [s for q, s in enumerate(state.players) if q != player])
