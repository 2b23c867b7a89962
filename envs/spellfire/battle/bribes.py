"""``bribe`` (issue 13, c1st3): Bribery! ("Play immediately after champions are selected. The
bribed champion returns to the owner's pool and that player must select another champion or
lose the battle.")

- When: the round's first card (:func:`first_card_only`, read by ``legal.playable``); the side
  that plays first is the losing one (seed 000 step F), so a winning side holding a bribe is
  offered it first, in a window before the loser's first play (:func:`offered_first`, read by
  ``round.start_cards``; [decided]: the window lets it play any event, as every winner's
  window does).
- What (:func:`bribe`, a card-play power of the first stage): the opposing champion returns to
  its pool with its attachments and is noted in ``Battle.bribed``: it may not be presented
  again in this battle (``legal``). The bribed defender presents another champion, lets its
  realm defend itself, or declines (the realm is razed: the battle lost). The bribed attacker
  presents another champion (it attacked already this turn, seed 000 step I) or ends the
  attack, which loses the battle: the defender wins, with no spoils (seed 000 step J: the
  attacking champion was not discarded; ``round.no_attack``). [decided] The defender's
  champion then goes back to its pool too and the defender chooses again, after the attacker
  (seed 000 steps B-C come in that order). A realm defending itself is no champion to bribe.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.engine import Event
from ..cards.effects import Effect, EffectKind
from .context import Context, touch
from .facts import Facts
from .judge import discard_support, return_to_pool
from .powers import Play
from .state import SpellfireState


def first_card_only(state: SpellfireState, f: Facts) -> bool:
    """Whether ``f`` is a bribe that may not be played now: not the round's first card."""
    return f.has(EffectKind.BRIBE) and any(state.battle.support)


def offered_first(state: SpellfireState, ctx: Context, winner: int) -> bool:
    """Whether the winning side holds a bribe it may play now (the round's first card)."""
    hand = state.players[winner].hand
    if not any(ctx.facts[i].has(EffectKind.BRIBE) for i in hand):
        return False  # issue 14: most hands hold none; the legal plays are not worked out
    return any(ctx.facts[hand[i]].has(EffectKind.BRIBE) for i in ctx.playable(state, winner,
                                                                             True))


def bribed_out(state: SpellfireState, champions: Sequence[int]) -> list[int]:
    """``champions`` less those bribed in this battle."""
    return [c for c in champions if c not in state.battle.bribed]


def bribed_by(state: SpellfireState, ctx: Context, player: int, inst: int,
              events: list[Event]) -> bool:
    """The bribe of card ``inst`` just played by ``player`` (read by ``round.play_card`` after
    the card's other powers); True if it acted (the round starts again)."""
    f = ctx.facts[inst]
    if not f.has(EffectKind.BRIBE) or inst not in state.battle.support[player]:
        return False
    sides = {s.player: s for s in ctx.sides(state)}
    play = Play(state, ctx, player, f, sides[player], sides[1 - player], events, inst=inst)
    for e in f.get(EffectKind.BRIBE):
        bribe(play, e)
    return play.over


def attacker_bribed(state: SpellfireState) -> bool:
    """A champion of the attacker was bribed in this battle: ending the attack loses it."""
    return any(state.owner[c] == state.attacker for c in state.battle.bribed)


def bribe(play: Play, e: Effect) -> None:
    """``bribe``: the opposing champion back to its pool, barred for the battle; its player
    chooses again (see the module docstring)."""
    state, q = play.state, play.opponent
    b = state.battle
    c = b.champion[q]
    if c is None or not play.hits or not play.holds(e):
        return
    b.bribed.append(c)
    play.events.append(Event("champion_bribed", f"{play.card.name}: player_{q}'s "
                                                f"{play.ctx.name(c)} returns to its pool",
                             play.player, {"card": play.card.key, "victim": state.cards[c]}))
    return_to_pool(state, q, play.ctx.facts)
    if q == state.attacker:
        return_to_pool(state, state.defender, play.ctx.facts)
    b.step = "attacker" if q == state.attacker else "defender"
    discard_support(state, play.player)
    b.realm_defends, b.to_play, b.window, b.threat = False, None, False, None
    touch(state)
    play.over = True
