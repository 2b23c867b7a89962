"""Card powers of cards printed in both the 3rd and the 4th Edition (issue 13, c4th5a) that act
in a round.

- ``cast_discard_draw`` (Rogue Defiler of Tyr: "each time the Defiler casts a spell during
  combat, her player discards one card from his hand and draws a replacement card from his
  draw pile"): called by ``round.resolve_card`` as a wizard or cleric spell enters the round
  (seed 000 step F), before it acts or is cancelled (it was cast either way). [decided] Every
  spell her side plays while she is its champion is hers (the champion casts its side's
  spells, RULES.md §1 "Combat"). The discarded card is the player's choice; [decided] its
  weakest, the card of its hand of the lowest level plus bonus (the first in its hand on a
  tie), as ``powers_4th_d.hand_discards_weakest`` reads it. With an empty hand nothing is
  discarded and so nothing replaced; with an empty draw pile nothing is drawn ([decided], as
  spoils from an empty pile: ``judge.draw_spoils``).
- ``toll_per_champion`` (Sembia, a realm: "attacking players must discard a card from their
  hand or pool for each champion sent forward"): called by ``round.present`` each time the
  attacker presents a champion against the realm (seed 000 step B; [decided] the realm's
  power acts in the battles for it, as every realm power of the engine does). The card is
  the attacker's choice; [decided] its weakest: the card of its hand of the lowest level plus
  bonus (the first on a tie), and only with an empty hand a champion of its pool (the
  lowest level, then seed 002's order), with what it carries; not one that stays in its pool.
- ``play_opposing_top`` (Galek, an ally: "this ally can draw a card from the opposing player's
  draw pile, playing it on this player's side if applicable or discarding it otherwise"):
  called by ``round.resolve_card`` once the ally has entered the round (and is still there
  after the other side's answers). [decided] The power is always used (the player loses
  nothing by it); the card is "applicable" when the player may play it into the round now
  (``legal.playable``: its champion may use it, no bar forbids it) and it is a card played
  into a round, not a magical item or artifact (those would stay with the player's champion
  after the round, and a card of the other player fights for a side only for the round, as a
  switched ally does: ``reactions``); then it is played at once from the hand, else it goes to
  its owner's discard pile. An empty pile gives nothing.
"""

from __future__ import annotations

from ...core.engine import Event
from ..cards.cards import CardType
from ..cards.effects import EffectKind
from .context import Context, touch
from .facts import stays_in_pool
from .forms import as_champion
from .state import SpellfireState

_SPELLS = (CardType.WIZARD_SPELL, CardType.CLERIC_SPELL)


def cast_discard_draw(state: SpellfireState, ctx: Context, player: int, inst: int,
                      events: list[Event]) -> None:
    """``cast_discard_draw``: ``player`` has just cast card ``inst``; if it is a spell and the
    side's champion has the power, the player discards its weakest hand card and draws one
    (see the module docstring)."""
    fx = ctx.facts
    champion = state.battle.champion[player]
    if fx[inst].type not in _SPELLS or champion is None \
            or not fx[champion].has(EffectKind.CAST_DISCARD_DRAW):
        return
    side = state.players[player]
    if not side.hand:
        return
    hand = list(side.hand)
    weakest = min(hand, key=lambda i: (fx[i].level + fx[i].bonus, hand.index(i)))
    side.hand.remove(weakest)
    side.discard.append(weakest)
    drawn = side.draw.pop(0) if side.draw else None
    if drawn is not None:
        side.hand.append(drawn)
    events.append(Event("hand_replaced", f"{fx[champion].name}: player_{player} discards "
                                         f"{fx[weakest].name} and draws "
                                         f"{'a card' if drawn is not None else 'nothing'}",
                        player, {"card": fx[champion].key, "discarded": state.cards[weakest],
                                 "drawn": drawn is not None}))
    touch(state)


def toll_per_champion(state: SpellfireState, ctx: Context, player: int,
                      events: list[Event]) -> None:
    """``toll_per_champion``: ``player``, the attacker, has sent a champion forward against a
    realm with the power; it discards one card (see the module docstring)."""
    fx = ctx.facts
    slot = state.battle.realm
    realm = None if slot is None else state.players[state.defender].realms[slot]
    if player != state.attacker or realm is None \
            or not fx[realm].has(EffectKind.TOLL_PER_CHAMPION):
        return
    side = state.players[player]
    hand = list(side.hand)
    if hand:
        gone = [min(hand, key=lambda i: (fx[i].level + fx[i].bonus, hand.index(i)))]
        side.hand.remove(gone[0])
        where = "hand"
    else:
        pool = [c for c in side.pool if not stays_in_pool(fx[c])]
        if not pool:
            return
        # an ally made a champion (Magical Champion) at its level, its bonus (audit5)
        c = min(pool, key=lambda c: (as_champion(fx[c]).level, fx[c].name, fx[c].number))
        side.pool.remove(c)
        gone, where = [c, *side.attached.pop(c, [])], "pool"
    side.discard += gone
    events.append(Event("toll_paid", f"{fx[realm].name}: player_{player} discards "
                                     f"{', '.join(fx[i].name for i in gone)} from its {where}",
                        player, {"card": fx[realm].key, "from": where,
                                 "cards": [state.cards[i] for i in gone]}))
    touch(state)


_ROUND_CARDS = (CardType.ALLY, CardType.EVENT, CardType.WIZARD_SPELL, CardType.CLERIC_SPELL,
                CardType.PSIONIC_POWER, CardType.THIEF_ABILITY, CardType.UNARMED_COMBAT,
                CardType.BLOOD_ABILITY)
"""The cards played into a round that leave it when it ends (seed 000 step H)."""


def play_opposing_top(state: SpellfireState, ctx: Context, player: int, inst: int,
                      events: list[Event]) -> int | None:
    """``play_opposing_top``: ``player`` has played ``inst`` into the round; with the power,
    the top card of the other player's draw pile is drawn: the hand slot to play it from now
    (it waits in ``player``'s hand), or ``None`` (it was discarded, or nothing was drawn; see
    the module docstring)."""
    fx = ctx.facts
    q = 1 - player
    pile = state.players[q].draw
    if not fx[inst].has(EffectKind.PLAY_OPPOSING_TOP) or inst not in state.battle.support[player] \
            or not pile:
        return None
    drawn = pile.pop(0)
    hand = state.players[player].hand
    hand.insert(0, drawn)
    touch(state)
    if fx[drawn].type in _ROUND_CARDS and 0 in ctx.playable(state, player, False):
        events.append(Event("opposing_card_drawn", f"{fx[inst].name}: player_{player} draws "
                                                   f"{fx[drawn].name} from player_{q}'s pile "
                                                   "and plays it", player,
                            {"card": fx[inst].key, "drawn": state.cards[drawn]}))
        return 0
    hand.remove(drawn)
    state.players[state.owner[drawn]].discard.append(drawn)
    touch(state)
    events.append(Event("opposing_card_drawn", f"{fx[inst].name}: player_{player} draws "
                                               f"{fx[drawn].name} from player_{q}'s pile and "
                                               "discards it", player,
                        {"card": fx[inst].key, "drawn": state.cards[drawn]}))
    return None
