"""Spells that stay on an opposing champion "until dispelled" (issue 13, first_a).

In the whole game, Spell of Formless Horror ("Cast on opposing champion to reduce its level by 3.
Spell remains until dispelled.") stays on the champion it was cast on: in its caster's
``Side.lasting``, with that champion in ``Side.cursing`` (``game/lasting.py`` puts it there when
the round ends and takes it off when the champion leaves play). It acts only in the rounds that
champion fights (``totals.round_sides``). [decided] It is dispelled when that champion's side
plays a card that cancels or dispels spells (``cancel_spell``, ``dispel_all``: Dispel Magic,
the Rod of Dispel Magic...) into a round the champion fights: :func:`dispel`, called as the
card is played (seed 000 step F), before the totals are announced. In battle mode no card
stays: ``cursing`` is always empty.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.engine import Event
from ..cards.effects import EffectKind
from .facts import Facts
from .state import SpellfireState

DISPELLING = (EffectKind.CANCEL_SPELL, EffectKind.DISPEL_ALL)
"""The kinds of a card that dispels the spells staying on its side's champion."""


def end(state: SpellfireState, fx: Sequence[Facts], p: int, inst: int, why: str,
        events: list[Event]) -> None:
    """Card ``inst`` of player ``p``'s lasting cards, on a champion, ends: to its owner's
    discard pile."""
    side = state.players[p]
    side.lasting.remove(inst)
    del side.cursing[inst]
    state.players[state.owner[inst]].discard.append(inst)
    events.append(Event("lasting_over", f"{fx[inst].name} is no longer in effect ({why})", p,
                        {"card": state.cards[inst]}))


def dispel(state: SpellfireState, fx: Sequence[Facts], player: int, card: Facts,
           events: list[Event]) -> None:
    """``player`` plays ``card`` into the round: when it cancels or dispels spells, the spells
    staying on ``player``'s champion in the round end."""
    champion = state.battle.champion[player]
    other = state.players[1 - player]
    if champion is None or not other.cursing or not any(card.has(k) for k in DISPELLING):
        return
    for i in [i for i, c in other.cursing.items() if c == champion]:
        end(state, fx, 1 - player, i, f"dispelled by {card.name}", events)
