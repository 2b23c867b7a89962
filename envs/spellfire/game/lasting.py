"""Powers that outlast their battle in the whole game (issue 13, lasting).

A card played into a round whose power lasts "until the player's next turn" (Faithful Hound,
Fortunate Omens, Mist Wolf...) or "until the end of this player's next turn" (Charge!, 4th
Edition: Call to Arms...) is marked by the compiler (``Card.lasting``). In battle mode the
battle is the whole effect. In the whole game, when the round's cards are discarded, such a card
stays in effect instead: it goes to its player's ``Side.lasting``, and the battle engine reads
it as a card of that player's side in every round (``battle/totals.py`` round_sides) and in the
realms' attack gates (``battle/legal.py`` gate). It leaves for its owner's discard pile when
that turn begins or ends (:func:`expire`). ``GameState.lasting_until`` keeps the turn.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.codec import Action
from ...core.engine import Event
from ..battle import curses
from ..battle.actions import ActionKind
from ..battle.facts import Facts
from ..battle.totals import affects, round_sides
from .state import GameState

ENDS_AT_TURN_END = "turn_end"
"""``Card.lasting`` of a power that lasts until the end of the player's next turn."""
DISPELLED = "dispelled"
"""``Card.lasting`` of a spell that stays on the opposing champion it is cast on "until
dispelled" (issue 13, first_a: Spell of Formless Horror). It goes to its player's ``lasting``
with that champion in ``Side.cursing`` (no turn: it has none), and acts only in the rounds that
champion fights (``battle/totals.py``). [decided] It ends, to its owner's discard pile, when
that champion leaves play (no longer in a pool nor fighting: :func:`lift`; a champion
defeated in the very round it is cast in takes it along at once) or when that champion's side
plays a card that cancels or dispels spells (``cancel_spell``, ``dispel_all``) into a round the
champion fights (``battle/curses.py``)."""


def round_cards(state: GameState, player: int, action: Action) -> list[list[int]]:
    """Per player, before a battle step: the cards in the current round, and the card
    ``player`` plays into it by ``action`` (it may end the round at once: Faithful Hound)."""
    out = [list(s) for s in state.table.battle.support]
    if action.kind is ActionKind.PLAY_CARD:
        out[player].append(state.table.players[player].hand[action.get_int("hand")])
    return out


def _next_turn(state: GameState, player: int) -> int:
    """The number of ``player``'s next turn (the players alternate, RULES.md §1)."""
    return state.turn + (2 if player == state.on_turn else 1)


def missed(state: GameState, before: Sequence[Sequence[int]], fx: Sequence[Facts]
           ) -> frozenset[int]:
    """Before a battle step: the cards of the round (or played by the step) that would stay
    until dispelled but have no effect on the opposing champion (immune to them,
    ``totals.affects``): they do not stay on it (first_a)."""
    if not any(fx[i].card.lasting == DISPELLED for cards in before for i in cards) \
            or state.table.battle.step != "cards":
        return frozenset()
    sides = {s.player: s for s in round_sides(state.table, fx)}
    return frozenset(i for p, cards in enumerate(before) for i in cards
                     if fx[i].card.lasting == DISPELLED and not affects(fx[i], sides[1 - p]))


def keep(state: GameState, before: Sequence[Sequence[int]], fx: Sequence[Facts],
         events: list[Event], held: Sequence[int | None] = (None, None),
         missing: frozenset[int] = frozenset()) -> None:
    """After a battle step: each lasting card that was in player ``p``'s round before it and
    is now on its owner's discard pile (the round's cards are discarded, seed 000 step H)
    stays in effect in ``p``'s ``lasting`` until the turn its words name (one that stays
    until dispelled: on ``held[1 - p]``, the opposing champion of that round)."""
    table = state.table
    undone = _undone(events)
    for p, cards in enumerate(before):
        for i in cards:
            how = fx[i].card.lasting
            pile = table.players[table.owner[i]].discard
            if not how or table.owner[i] != p or i not in pile or table.cards[i] in undone:
                continue  # an ally that switched sides is not a lasting card
            if how == DISPELLED:
                if i not in missing:  # one that had no effect does not stay (immune)
                    _stay_on(state, p, i, held[1 - p], fx, events)
                continue
            pile.remove(i)
            table.players[p].lasting.append(i)
            # "the current player's next turn" (Berserk Fury!): the player on turn's.
            whose = state.on_turn if how == "current_turn_start" else p
            state.lasting_until[i] = _next_turn(state, whose)
            events.append(Event("lasting", f"{fx[i].name} lasts until turn "
                                           f"{state.lasting_until[i]}", p,
                                {"card": table.cards[i], "until": state.lasting_until[i]}))


def _undone(events: Sequence[Event]) -> frozenset[str]:
    """Keys of the cards that this step's events turned back (``turn_spell``: Spell Turning),
    cancelled (``cancel_spell``: Dispel Magic) or destroyed (``dispel_all``): such a card
    acted for the other side or not at all, so it does not last (audit5: Spell of Formless
    Horror turned or dispelled as the round ended stayed on its first target). By key: of two
    copies in one round, one undone undoes both (a rare case)."""
    out: set[str] = set()
    for ev in events:
        if ev.kind == "spell_turned":
            out.add(ev.data["turned"])
        elif ev.kind == "spell_cancelled":
            out.add(ev.data["cancelled"])
        elif ev.kind == "cards_destroyed":
            out.update(ev.data["cards"])
    return frozenset(out)


def expire(state: GameState, fx: Sequence[Facts], at_end: bool, events: list[Event]) -> bool:
    """When a turn begins (``at_end`` False) or ends: the lasting cards whose turn it is go to
    their owners' discard piles; True if any did."""
    table = state.table
    gone = False
    for p, side in enumerate(table.players):
        for i in list(side.lasting):
            if i in side.cursing:
                continue  # until dispelled: no turn ends it (first_a)
            ends = fx[i].card.lasting == ENDS_AT_TURN_END
            if ends != at_end or state.lasting_until.get(i, 0) > state.turn:
                continue
            side.lasting.remove(i)
            state.lasting_until.pop(i, None)
            table.players[table.owner[i]].discard.append(i)
            gone = True
            events.append(Event("lasting_over", f"{fx[i].name} is no longer in effect", p,
                                {"card": table.cards[i]}))
    return gone


def _in_play(state: GameState, champion: int) -> bool:
    """Whether ``champion`` is in a pool or fighting the battle."""
    table = state.table
    return champion in table.battle.champion or any(champion in side.pool
                                                    for side in table.players)


def _stay_on(state: GameState, p: int, inst: int, target: int | None, fx: Sequence[Facts],
             events: list[Event]) -> None:
    """Card ``inst`` of player ``p`` stays on ``target`` until dispelled (first_a); with no
    champion, or one that left play with the round, it stays on the discard pile."""
    if target is None or not _in_play(state, target):
        return
    table = state.table
    table.players[table.owner[inst]].discard.remove(inst)
    table.players[p].lasting.append(inst)
    table.players[p].cursing[inst] = target
    events.append(Event("lasting", f"{fx[inst].name} stays on {fx[target].name} until "
                                   "dispelled", p,
                        {"card": table.cards[inst], "on": table.cards[target]}))


def lift(state: GameState, fx: Sequence[Facts], events: list[Event]) -> bool:
    """After any step: each card staying on a champion that has left play ends; True if any
    did (first_a)."""
    gone = False
    for p, side in enumerate(state.table.players):
        for i, champion in list(side.cursing.items()):
            if not _in_play(state, champion):
                curses.end(state.table, fx, p, i, "its champion left play", events)
                gone = True
    return gone

