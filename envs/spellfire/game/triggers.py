"""Powers triggered in the whole game outside battles (issue 13, trig).

Some realms, holdings, champions, allies and items act at a moment of the whole game rather
than in a battle: when the realm is played (Temple of Elemental Evil, "draw three cards
immediately when the temple is played"), every time a card of a type is played (Mulmaster,
"draw another card every time a spell card is played"), when the card is discarded
(Myrmidons, "the player shuffles all discards back into the draw deck"), at the end of its
owner's turn (Joliet the Rash, "must attack on the player's turn, every turn, or be
discarded"). The card is played as its type says (a realm in phase 2, an ally into a round);
the game engine (``rules.py``) calls this module at those moments:

- :func:`after_step`, after every step, reads the step's events: a realm played or rebuilt
  (phase 2, or as spoils: ``draw_when_played``), a card played in a battle (the battle
  engine's ``card_played``) or in phase 3 (``outside_played``: ``draw_per_card_played``); and
  then the discard piles (``shuffle_discards_back``);
- :func:`turn_ends`, as the turn of the player on turn ends (phase 5 done: ``must_attack``).

In battle mode these powers change nothing: a battle alone has no such moments.

[decided] A triggered draw takes what the draw pile holds: as for the spoils (``rules.py``
phase 1), only phase 1's draw from an empty pile ends the game (RULES.md §1); and as in
phase 1, a hand draws no more than fills its ``hand_slots``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from ...core.engine import Event
from ..battle.facts import Facts
from ..battle.hand import in_play, negated_names
from ..battle.luck import draw_luck
from ..battle.state import SLOTS
from ..cards.cards import CardType
from ..cards.effects import EffectKind
from .state import GameState

K = EffectKind

REBUILT = "rebuilt"
"""The mark of ``draw_when_played`` when a rebuild draws too (Haunted Hall of Eveningstar)."""
OWN = "own"
"""The mark of ``draw_per_card_played`` when only the player's own plays count (Fortification:
Breastwork, "every time you play an event")."""


def after_step(state: GameState, events: list[Event], fx: Sequence[Facts],
               hand_slots: int) -> bool:
    """The powers this step's ``events`` trigger, then the discard piles' (their events are
    added to ``events``); whether the table changed."""
    found: list[Event] = []
    for ev in events:
        if ev.kind in ("realm_played", "realm_rebuilt", "spoils_played"):
            found += realm_played(state, ev, fx, hand_slots)
        elif ev.kind in ("card_played", "outside_played") and ev.player is not None:
            found += card_played(state, ev.player, str(ev.data["card"]), fx, hand_slots)
    found += discards_shuffled(state, fx)
    events += found
    return bool(found)


def _draw(state: GameState, p: int, n: int, hand_slots: int, why: str) -> Event:
    """Player ``p`` draws ``n`` cards by ``why``'s power (see the module docstring: no more
    than the pile holds, nor than fills the hand's slots)."""
    side = state.table.players[p]
    n = min(n, max(hand_slots - len(side.hand), 0), len(side.draw))
    side.hand += side.draw[:n]
    del side.draw[:n]
    if p != state.on_turn:  # the other player's hand may hold more until its phase 5
        state.given += n
    return Event("cards_drawn", f"{why}: player_{p} draws {n} card(s)", p,
                 {"count": n, "source": why})


def realm_played(state: GameState, ev: Event, fx: Sequence[Facts],
                 hand_slots: int) -> list[Event]:
    """``draw_when_played``: "draw three cards immediately when the temple is played" (Temple
    of Elemental Evil); "draw one card and place it in your hand when this realm is played or
    rebuilt" (Haunted Hall of Eveningstar, the mark ``"rebuilt"``). A realm played as spoils
    (seed 001) is played too."""
    p, slot = ev.player, ev.data.get("slot")
    if p is None or not isinstance(slot, str):
        return []
    realm = state.table.players[p].realms[SLOTS.index(slot)]
    if realm is None or fx[realm].type != CardType.REALM \
            or (ev.kind == "spoils_played" and ev.data.get("card") != state.table.cards[realm]):
        return []
    rebuilt = ev.kind == "realm_rebuilt"
    return [_draw(state, p, e.amount, hand_slots, fx[realm].name)
            for e in fx[realm].get(K.DRAW_WHEN_PLAYED) if not rebuilt or e.mark == REBUILT]


def _in_play(state: GameState, fx: Sequence[Facts], kind: EffectKind
             ) -> Iterator[tuple[int, int]]:
    """(player, card) for each card in play with an effect of ``kind`` (standing realms and
    their holdings, pool champions and their attachments: ``battle/hand.in_play``), but a
    holding that a card in play negates by name (The Celestial Jewel of Sarimie, "negates any
    Mulmaster holding in play": ``named_holdings_negated``)."""
    negated = negated_names(state.table.players, fx)
    for p, side in enumerate(state.table.players):
        for i in in_play(side):
            if kind in fx[i].effects and not (
                    fx[i].type == CardType.HOLDING
                    and any(fx[i].name.lower().startswith(n) for n in negated)):
                yield p, i


def card_played(state: GameState, player: int, key: str, fx: Sequence[Facts],
                hand_slots: int) -> list[Event]:
    """``draw_per_card_played``: "draw another card every time a spell card is played"
    (Mulmaster: either player's wizard or cleric spell), "draw a card every time you play an
    event" (Fortification: Breastwork, the mark ``"own"``), "draw a card every time a cleric
    spell is cast" (The Celestial Jewel of Sarimie): the card's player draws one card."""
    played = fx[state.table.cards.index(key)].type
    return [_draw(state, p, 1, hand_slots, fx[i].name)
            for p, i in _in_play(state, fx, K.DRAW_PER_CARD_PLAYED)
            for e in fx[i].get(K.DRAW_PER_CARD_PLAYED)
            if int(played) in e.card_types and (e.mark != OWN or p == player)]


def discards_shuffled(state: GameState, fx: Sequence[Facts]) -> list[Event]:
    """``shuffle_discards_back``: "when the myrmidons are discarded, the player shuffles all
    discards back into the draw deck" (Myrmidons): a player whose discard pile holds such a
    card (it has just arrived: the power takes it out again) puts the whole pile into its draw
    pile, and the draw pile is shuffled by the game's chance (``battle/luck.py``)."""
    out = []
    for p, side in enumerate(state.table.players):
        found = [i for i in side.discard if K.SHUFFLE_DISCARDS_BACK in fx[i].effects]
        if not found:
            continue
        moved = len(side.discard)
        pile = side.draw + side.discard
        side.discard = []
        for k in range(len(pile) - 1, 0, -1):  # Fisher-Yates, each swap drawn by chance
            j = draw_luck(state.table, k + 1)
            pile[k], pile[j] = pile[j], pile[k]
        side.draw = pile
        out.append(Event("discards_shuffled_back", f"{fx[found[0]].name}: player_{p} shuffles "
                                                   f"{moved} discarded card(s) back into its "
                                                   "draw pile", p,
                         {"card": state.table.cards[found[0]], "count": moved}))
    return out


def turn_ends(state: GameState, fx: Sequence[Facts], could_attack: Callable[[GameState, int],
                                                                           bool],
              events: list[Event]) -> bool:
    """``must_attack``: "once in play, must attack on the player's turn, every turn, or be
    discarded" (Joliet the Rash); "the champion who holds this crystal must attack on his
    turn or be discarded" (Crystal of the Ebon Flame): as the turn of the player on turn ends,
    each of its pool champions with the power (its own or a carried card's) that did not
    attack this turn (seed 000 step B: ``Side.attacked``) goes to the discard pile with its
    attachments (RULES.md §1). [decided] Only when it could have attacked: the 3rd Edition's
    Joliet "must attack each turn, if possible"; ``could_attack`` (the game engine's) says
    whether the champion may attack some realm as the turn ends (no truce, no realm it may
    reach: it stays). Whether the table changed."""
    side = state.table.players[state.on_turn]
    gone = [c for c in side.pool if c not in side.attacked and any(
        K.MUST_ATTACK in fx[i].effects for i in (c, *side.attached.get(c, ())))
        and could_attack(state, c)]
    for c in gone:
        side.pool.remove(c)
        side.discard.append(c)
        side.discard += side.attached.pop(c, [])
        events.append(Event("champion_discarded", f"player_{state.on_turn}'s {fx[c].name} "
                                                  "did not attack this turn and is discarded",
                            state.on_turn, {"card": state.table.cards[c],
                                            "must_attack": True}))
    return bool(gone)
