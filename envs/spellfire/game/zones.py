"""Moving cards between a player's zones outside battles: what the powers of ``outside.py``,
``outside_4th.py`` and ``outside_more.py`` share (issue 13, outside)."""

from __future__ import annotations

from collections.abc import Sequence

from ..battle.facts import Facts
from ..battle.state import Side
from .state import GameState


def seed_order(fx: Sequence[Facts], c: int) -> tuple[int, str, int]:
    """Seed 002's order (highest first, then by name, then card number) as a sort key."""
    return (-fx[c].level, fx[c].name, fx[c].number)


def card_worth(fx: Sequence[Facts], c: int) -> tuple[bool, int, int, str, int]:
    """How much a card is worth to its holder, best first, as a sort key: champions first, the
    higher level, then the higher bonus, then seed 002's name and number (the card a power takes
    from the other player: Discovery of Spellfire, Ren's Crystal Ball)."""
    return (not fx[c].is_champion, -fx[c].level, -fx[c].bonus, fx[c].name, fx[c].number)


def champion_to_discard(side: Side, champion: int) -> None:
    """A champion leaves its pool for the discard pile with its attachments (RULES.md §1)."""
    side.pool.remove(champion)
    side.discard.append(champion)
    side.discard += side.attached.pop(champion, [])


def realm_out(side: Side, slot: int) -> list[int]:
    """The realm in ``slot`` and its holding leave the formation (the slot is empty: RULES.md
    §1, the next realm played refills it); the cards, realm first."""
    realm, holding = side.realms[slot], side.holdings[slot]
    side.realms[slot] = side.holdings[slot] = None
    side.razed[slot] = False
    return [i for i in (realm, holding) if i is not None]


def draw_cards(state: GameState, p: int, n: int, hand_slots: int | None) -> tuple[int, int]:
    """Player ``p`` draws ``n`` cards from its draw pile into its hand: [decided] no more than
    fills its ``hand_slots`` (issue 13 audit 2; the cards it leaves stay on the pile). Cards
    drawn outside ``p``'s own turn count in ``state.given`` (its hand may exceed its limit until
    its phase 5). Returns (the cards it had to draw, the cards the pile gave)."""
    side = state.table.players[p]
    if hand_slots is not None:
        n = min(n, max(hand_slots - len(side.hand), 0))
    drawn = side.draw[:n]
    del side.draw[:n]
    side.hand += drawn
    if p != state.on_turn:
        state.given += len(drawn)
    return n, len(drawn)
