"""More powers acting outside battles: events and phase-3 spells of the 1st-3rd Editions
(issue 13, out1: Siege, Barbarian Raiders!, Dragon Rage!, Discovery of Spellfire, Estate
Transference, Storm at Sea; the cards out1 shared with out4th act by ``outside_4th.py``'s kinds).

The same contract as ``game/outside.py`` (which merges :data:`RESOLVERS` into its own): the
player on turn plays the card in phase 3, it goes to its owner's discard pile and each effect
acts, in the order printed, by its resolver here. A target a kind names (a realm for
``realm_to_abyss``) is in ``outside.TARGETS``. Where a card leaves a choice the game's actions
do not ask for (which realm Barbarian Raiders! takes, which card Discovery of Spellfire
discards) the choice is [decided] and documented at its resolver.

This module imports nothing of ``outside.py`` at run time (it imports this one).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...core.engine import Event
from ..battle.facts import stays_in_pool
from ..battle.state import SLOTS, Side
from ..cards.cards import CardType
from ..cards.effects import Effect, EffectKind
from .zones import card_worth, champion_to_discard, realm_out, seed_order

if TYPE_CHECKING:
    from .outside import Play
    from .state import GameState

K = EffectKind


def _players(act: Play) -> tuple[int, int]:
    """Every player, the one who played the card first (then the other)."""
    return act.player, 1 - act.player


def _in_play(side: Side) -> list[int]:
    """The slots holding a realm, A to F."""
    return [s for s in range(len(SLOTS)) if side.realms[s] is not None]


def discard_drawn_realms(act: Play, e: Effect) -> None:
    """``discard_drawn_realms``: "all players draw three cards face up. Any realms drawn must
    be discarded immediately. All other cards are kept in the hand" (Storm at Sea): after
    the card's ``draw_now`` (its ``cards_drawn`` events: a draw puts the cards at the end of
    the hand, ``outside._draw``), the realms among each player's drawn cards go to its
    discard pile."""
    table = act.state.table
    for ev in [ev for ev in act.events if ev.kind == "cards_drawn"]:
        assert ev.player is not None
        side = table.players[ev.player]
        count = int(ev.data["count"])
        drawn = side.hand[len(side.hand) - count:] if count else []
        realms = [c for c in drawn if act.fx[c].type == CardType.REALM]
        for c in realms:
            side.hand.remove(c)
            side.discard.append(c)
        act.events.append(Event("drawn_realms_discarded", f"player_{ev.player} discards the "
                                f"{len(realms)} realm(s) it drew", ev.player,
                                {"cards": [table.cards[c] for c in realms]}))


def _report_realm(act: Play, p: int, cards: list[int], where: str) -> None:
    act.events.append(Event("realm_discarded", f"player_{p} discards {act.fx[cards[0]].name}"
                                               f" ({where})", p,
                            {"cards": [act.state.table.cards[c] for c in cards],
                             "from": where}))


def each_discards_front_realm(act: Play, e: Effect) -> None:
    """``each_discards_front_realm``: "all players must discard one realm from their front
    rank. The next realm played must go into the front position" (Siege). The front rank is
    slot A (RULES.md §1: the pyramid's top); [decided] a player with A empty discards its
    first realm in play (B to F), razed or not, with its holding. The next realm it plays
    goes into the first empty slot (``turn.play_realm``): the front one."""
    for p in _players(act):
        side = act.state.table.players[p]
        slots = _in_play(side)
        if slots:
            cards = realm_out(side, slots[0])
            side.discard += cards
            _report_realm(act, p, cards, f"realm {SLOTS[slots[0]]}")


def each_discards_realm(act: Play, e: Effect) -> None:
    """``each_discards_realm``: "all players must discard one realm, either from their hand or
    from the table" (Barbarian Raiders!). [decided] Each player gives up what it loses least:
    a razed realm in its formation (the rearmost, with its holding: it shields nothing,
    RULES.md §1), else a realm from its hand (the first), else its rearmost standing realm
    (the one the others shield)."""
    for p in _players(act):
        side = act.state.table.players[p]
        slots = _in_play(side)
        razed = [s for s in slots if side.razed[s]]
        in_hand = [c for c in side.hand if act.fx[c].type == CardType.REALM]
        if razed or not in_hand and slots:
            slot = (razed or slots)[-1]
            cards = realm_out(side, slot)
            side.discard += cards
            _report_realm(act, p, cards, f"realm {SLOTS[slot]}")
        elif in_hand:
            side.hand.remove(in_hand[0])
            side.discard.append(in_hand[0])
            _report_realm(act, p, in_hand[:1], "hand")


def each_discards_any_champion(act: Play, e: Effect) -> None:
    """``each_discards_any_champion``: "every player must discard one champion from his hand
    or pool" (Dragon Rage!). [decided] Each player gives up the least it can: its lowest-level
    champion in hand (the last in seed 002's order), else the lowest-level one of its pool
    with what it carries (not one that stays in its pool, Chernevik)."""
    fx = act.fx
    for p in _players(act):
        side = act.state.table.players[p]
        in_hand = sorted((c for c in side.hand if fx[c].is_champion),
                         key=lambda c: seed_order(fx, c))
        pool = sorted((c for c in side.pool if not stays_in_pool(fx[c])),
                      key=lambda c: seed_order(fx, c))
        if in_hand:
            side.hand.remove(in_hand[-1])
            side.discard.append(in_hand[-1])
            gone, where = in_hand[-1], "hand"
        elif pool:
            champion_to_discard(side, pool[-1])
            gone, where = pool[-1], "pool"
        else:
            continue
        act.events.append(Event("champion_discarded", f"player_{p} discards {fx[gone].name} "
                                                      f"from its {where}", p,
                                {"card": act.state.table.cards[gone], "from": where}))


def discard_from_hands(act: Play, e: Effect) -> None:
    """``discard_from_hands``: "the user can examine all other player's hands and discard one
    card from each" (Discovery of Spellfire: ``count`` cards). [decided] The player discards
    the card it would least like to face: the other player's highest-level champion in hand,
    else its card of the highest bonus (``zones.card_worth``)."""
    fx = act.fx
    side = act.state.table.players[1 - act.player]
    n = max(e.count, 1)
    gone = sorted(side.hand, key=lambda c: card_worth(fx, c))[:n]
    for c in gone:
        side.hand.remove(c)
        side.discard.append(c)
    act.events.append(Event("hand_cards_discarded", f"player_{act.player} sees player_"
                            f"{1 - act.player}'s hand ({len(side.hand) + len(gone)} cards) and"
                            " discards " + (", ".join(fx[c].name for c in gone) or "nothing"),
                            act.player, {"cards": [act.state.table.cards[c] for c in gone]}))


def realm_to_abyss(act: Play, e: Effect) -> None:
    """``realm_to_abyss``: "this spell places a realm and any attached holding in the abyss"
    (Estate Transference): the target realm (any position, razed or not) and its holding go
    to their owner's Abyss, out of the game; the slot is empty."""
    t = act.target
    assert t is not None
    side = act.state.table.players[t.player]
    cards = realm_out(side, t.slot)
    side.abyss += cards
    act.events.append(Event("realm_to_abyss", f"{act.fx[cards[0]].name} (realm {SLOTS[t.slot]}"
                                              f" of player_{t.player}) goes to the Abyss",
                            act.player, {"cards": [act.state.table.cards[c] for c in cards],
                                         "slot": SLOTS[t.slot]}))


def killed_in_last_battle(state: GameState) -> list[int]:
    """The champions killed in the last battle: those that fought a round of it (the finished
    battle keeps its ``fought`` list: ``spoils.after_battle``) and are in their owner's discard
    pile now (issue 13, last1st)."""
    b, table = state.table.battle, state.table
    if b.step != "over":
        return []
    return [c for c in b.fought if c in table.players[table.owner[c]].discard]


def restore_killed(act: Play, e: Effect) -> None:
    """``restore_killed``: "All champions killed in the last battle are restored to the
    players' pools" (Silver Hands): each goes from its owner's discard pile to its owner's
    pool. [decided] The champion alone: the cards it carried stay in the discard pile (the
    text restores champions)."""
    table = act.state.table
    for c in killed_in_last_battle(act.state):
        side = table.players[table.owner[c]]
        side.discard.remove(c)
        side.pool.append(c)
        act.events.append(Event("champion_restored", f"{act.fx[c].name} returns to "
                                                     f"player_{table.owner[c]}'s pool",
                                table.owner[c], {"card": table.cards[c]}))


RESOLVERS: dict[EffectKind, Callable[[Play, Effect], None]] = {
    K.DISCARD_DRAWN_REALMS: discard_drawn_realms,
    K.EACH_DISCARDS_FRONT_REALM: each_discards_front_realm,
    K.EACH_DISCARDS_REALM: each_discards_realm,
    K.EACH_DISCARDS_ANY_CHAMPION: each_discards_any_champion,
    K.DISCARD_FROM_HANDS: discard_from_hands,
    K.REALM_TO_ABYSS: realm_to_abyss,
    K.RESTORE_KILLED: restore_killed,
}
"""The resolver of each kind of this module (merged into ``outside.RESOLVERS``)."""
