"""The 1st Edition's powers over the turns (issue 13, first_c): The Caravan between two turns,
Cup of Al'Akbar in phase 5.

**The Caravan** (``extra_turn``): "Play only between two player's turns. The player of this
event can take a turn immediately. Afterward, play resumes where it left off." When a turn has
ended (its phase 5 done, the turn limit not reached) and before the next one begins, each player
holding such a card (in its first ``hand_slots``) is asked in turn, [decided] the player whose
turn ended first, then the other (``GameState.between``: the players still to be asked, the
first one now). It plays the card (``play_outside`` on its hand slot; RULES.md §1: events may be
played any time) or passes (``end_phase``). A played Caravan goes to its owner's discard pile
and its player takes a whole turn (phases 0-5) at once; then the turn that was due follows
(``GameState.due``). Every turn counts in ``GameState.turn``. Where the same player takes two
turns in a row, the turn numbers that the game keeps for "its player's next turn" (lasting
cards, benched and barred champions) are moved to the new order (:func:`shift_turns`).
[decided] Being asked is seen by nobody else in the observation (the opponent does not decide
then); the view shows the asked player only to itself.

**Cup of Al'Akbar** (``cup_return``): "If the player discards three cards from his hand at the
end of his turn, he can return any one card from the discard pile to his hand." In phase 5 of
the player on turn, while a champion of its pool carries the card: [decided] every card it
discards in phase 5 counts (the ones down to the hand limit too: they are discarded at the end
of its turn); once its hand is within the limit, it may go on discarding (``discard`` on any
hand slot) while three discards are still reachable (``GameState.cup``: the count; ``end_phase``
stops), or stop. At the third discard, [decided] the best card of its discard pile
(``zones.card_worth``: the three just discarded among them, the text says "any one card")
returns to its hand. Once per turn (``cup`` is then -1).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.engine import Event
from ..battle.facts import Facts
from ..cards.effects import EffectKind
from .state import GameState
from .zones import card_worth

K = EffectKind
CUP_COUNT = 3
"""Cards Cup of Al'Akbar's owner discards in phase 5 to take one back."""
CUP_DONE = -1
"""``GameState.cup`` once the Cup has acted or its owner stopped this turn."""


# --- The Caravan ----------------------------------------------------------------------------


def caravans(state: GameState, fx: Sequence[Facts], player: int, hand_slots: int) -> list[int]:
    """The hand slots (of the first ``hand_slots``) of ``player`` holding an ``extra_turn``
    card."""
    hand = state.table.players[player].hand[:hand_slots]
    return [i for i, c in enumerate(hand) if fx[c].has(K.EXTRA_TURN)]


def offer(state: GameState, fx: Sequence[Facts], hand_slots: int, events: list[Event]) -> bool:
    """A turn has ended: the players holding The Caravan are asked, the one whose turn ended
    first (``state.between``); whether anybody is."""
    p = state.on_turn
    state.between = [q for q in (p, 1 - p) if caravans(state, fx, q, hand_slots)]
    if state.between:
        events.append(_asked(state))
    return bool(state.between)


def _asked(state: GameState) -> Event:
    q = state.between[0]
    return Event("between_turns", f"between two turns: player_{q} may play a card", q,
                 {"turn": state.turn})


def pass_on(state: GameState, events: list[Event]) -> bool:
    """The asked player plays no card between the turns: the next one is asked; whether one
    is."""
    state.between.pop(0)
    if state.between:
        events.append(_asked(state))
    return bool(state.between)


def play_caravan(state: GameState, player: int, hand: int, fx: Sequence[Facts]) -> Event:
    """``extra_turn``: the card in ``player``'s hand slot ``hand`` goes to its owner's discard
    pile; ``player`` takes the next turn, and the turn that was due is kept (``due``)."""
    table = state.table
    inst = table.players[player].hand.pop(hand)
    table.players[table.owner[inst]].discard.append(inst)
    if state.due is None:  # "play resumes where it left off": the turn that was due
        state.due = 1 - state.on_turn
    state.between = []
    return Event("extra_turn", f"player_{player} plays {fx[inst].name}: it takes a turn "
                               f"now, then player_{state.due}'s turn follows", player,
                 {"card": table.cards[inst], "due": state.due})


def next_player(state: GameState, caravan: int | None) -> int:
    """Who takes the next turn: the player of a Caravan just played, else the turn that was
    due (``due``), else the other player (RULES.md §1: the players alternate)."""
    if caravan is not None:
        return caravan
    nxt = state.due if state.due is not None else 1 - state.on_turn
    state.due = None
    return nxt


def shift_turns(state: GameState) -> None:
    """The player on turn takes the next turn too: each kept turn number after this one named
    one player's next turn as if the players alternated (``lasting._next_turn``); turn ``v``
    was the other player's when ``v - turn`` is odd (it comes one turn later now), else this
    player's (one turn sooner: its next turn is the next one)."""
    n = state.turn
    for kept in (state.lasting_until, state.benched, state.attack_barred):
        for k, v in kept.items():
            if v > n:
                kept[k] = v + 1 if (v - n) % 2 else v - 1


# --- Cup of Al'Akbar --------------------------------------------------------------------------


def _has_cup(state: GameState, fx: Sequence[Facts]) -> bool:
    side = state.table.players[state.on_turn]
    return any(fx[a].has(K.CUP_RETURN) for c in side.pool for a in side.attached.get(c, ()))


def cup_open(state: GameState, fx: Sequence[Facts], hand_limit: int) -> bool:
    """Phase 5, hand within ``hand_limit``: the player on turn may discard toward the Cup's
    three (its champion carries it, three discards are still reachable, and a card would be
    there to take back)."""
    if state.phase != 5 or not 0 <= state.cup < CUP_COUNT or not _has_cup(state, fx):
        return False
    side = state.table.players[state.on_turn]
    return hand_limit >= len(side.hand) >= CUP_COUNT - state.cup \
        and bool(state.cup or side.discard)


def cup_discarded(state: GameState, fx: Sequence[Facts], events: list[Event]) -> bool:
    """A card discarded in phase 5 counts toward the Cup's three; at the third, the best card
    of the discard pile returns to the hand; whether one did."""
    if state.phase != 5 or state.cup == CUP_DONE or not _has_cup(state, fx):
        return False
    state.cup += 1
    if state.cup < CUP_COUNT:
        return False
    state.cup = CUP_DONE
    side = state.table.players[state.on_turn]
    best = min(side.discard, key=lambda c: card_worth(fx, c))
    side.discard.remove(best)
    side.hand.append(best)
    p = state.on_turn
    events.append(Event("cup_return", f"player_{p} returns {fx[best].name} from its discard "
                                      "pile to its hand (three cards discarded)", p,
                        {"card": state.table.cards[best]}))
    return True
