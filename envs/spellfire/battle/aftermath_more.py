"""More powers after a round (issue 13, after2): the 1st Edition's "on the losing side of a
battle" allies and a champion's "every time it wins a round of battle".

- ``avenge_holdings`` (Mogadisho's Horde: "If this card is on the losing side of a battle, all
  holdings of the opponent are discarded"): when the card's side loses a round it is in, every
  holding of the opposing player goes to its owner's discard pile.
- ``avenge_destroy`` (Assassins: "If this card is on the losing side of the battle, it destroys
  one champion anywhere in play chosen by the losing player"): when the card's side loses a
  round it is in, one champion in play is discarded with its attachments.
- ``win_round_retrieve`` (Halcyon: "Every time Halcyon wins a round of battle, the player can
  return one card from the discard pile to his hand"): when the champion's side wins a round,
  one card of its player's discard pile goes to that player's hand.

- ``items_shuffled_back`` (Silt Stalkers, 3rd Edition: "If on the losing side of a battle, all
  magical items in play are shuffled back into the draw pile"): every magical item carried by
  a pool champion goes into its owner's draw pile (the 4th Edition: "their respective draw
  piles") at a place drawn by chance (``luck.draw_luck``; one card put at a hidden random place
  is the pile shuffled with it, as far as anyone can tell: ``chance.shuffle_back``).
- ``abyss_to_discard`` (Mikor, 3rd Edition: "If on the losing side of a battle, Mikor
  transfers all non-event cards in this player's Abyss to his discard pile").
- ``razed_razes_opponent`` (Silver Spring, a holding: "If the attached realm is razed, one
  other opponent's realm of the defender's choice is razed also"; the 4th Edition: "one
  opponent's realm of this player's choice is also razed"): read on the attacked realm's
  holding (:func:`.aftermath.triggers`), it acts when the round ends with that realm razed
  (seed 000 step I). [decided] The defender razes the attacker's first standing realm in the
  order A..F (it shields the most realms: as ``avenge_raze``); none standing: nothing. A realm
  razed without a round won (a declined defence, a card that razes it) is not read.
- ``round_ally_to_hand`` (Sword Coast: "The defending player can return one ally to his hand
  after each round of battle"; Arms of Veluna, a holding: "Resurrect one ally which just
  participated in successful defense of the realm. Resurrected card returns to hand."): on the
  attacked realm or its holding, one of the defender's allies of the round goes back to its
  hand (:func:`ally_back`; :func:`.aftermath.settle` moves it as ``back_to_hand``).

They act as the other after-battle powers do (seed 001: "these effects occur outside of the
battle and do not affect the spoils of victory"): :func:`.aftermath.triggers` reads them while
the cards are in the round (a power the other side negates does not act),
:func:`.aftermath.settle` calls :func:`settle` once the round is over, after its razing and its
spoils. [decided] "The losing side of a battle" is the side that lost a round the card is in,
as "defeated" for the other after-battle powers (``aftermath``): an ally fights one round only.

[decided] The choices the action space cannot express are taken at the player's best:
- Assassins: "chosen by the losing player": the opposing player's strongest pool champion (seed
  002's order: highest printed level, then name, then card number), never one of its own
  (destroying its own champion never helps it); the opposing pool empty: nothing. Not one that
  stays in its pool (Chernevik, ``stays_in_pool``).
- Halcyon: "can return one card": the strongest champion of the discard pile (the same order),
  or when it holds none the card discarded last; an empty pile: nothing. In the whole game the
  card counts as one given to a player not on turn (``GameState.given``, read by the hand-limit
  check: :data:`RETRIEVED`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.engine import Event
from ..cards.cards import CardType
from ..cards.effects import EffectKind
from .context import Context
from .facts import Facts, stays_in_pool
from .luck import draw_luck
from .state import SLOTS, SpellfireState

ON_DEFEAT = (EffectKind.AVENGE_HOLDINGS, EffectKind.AVENGE_DESTROY,
             EffectKind.ITEMS_SHUFFLED_BACK, EffectKind.ABYSS_TO_DISCARD)
"""The kinds acting when the card's side loses the round."""
ON_WIN = (EffectKind.WIN_ROUND_RETRIEVE,)
"""The kinds acting when the card's side wins the round."""
KINDS = (*ON_DEFEAT, *ON_WIN, EffectKind.RAZED_RAZES_OPPONENT, EffectKind.LOSER_ITEM_OR_REALM)
"""The effect kinds this module resolves."""
WON = "won"
"""The mark of ``round_ally_to_hand`` acting only after a round the defender won (Arms of
Veluna, "successful defense")."""
RETRIEVED = "after_battle_retrieved"
"""The event of a card back in a hand from its discard pile (Halcyon): the whole game counts
it in the hand limit of a player not on turn (``game/rules.py``)."""


def ally_back(state: SpellfireState, ctx: Context, source: int, winner: int
              ) -> tuple[int, ...]:
    """``round_ally_to_hand`` on the attacked realm or its holding ``source``: the defender's
    ally to take back to its hand once the round is over, read while the round's cards are in
    it (none when the mark "won" asks for a round the defender did not win). [decided] "Can
    return one ally": the strongest of its allies of the round (highest bonus, then name, then
    card number), one it has just played; it goes back from the discard pile as the 3rd
    Edition's Ancient Arms of Veluna's do (``back_to_hand``)."""
    fx, dfn = ctx.facts, state.defender
    out: tuple[int, ...] = ()
    for e in fx[source].get(EffectKind.ROUND_ALLY_TO_HAND):
        allies = [i for i in state.battle.support[dfn] if fx[i].type == CardType.ALLY]
        if allies and (e.mark != WON or winner == dfn):
            out = (min(allies, key=lambda i: (-fx[i].bonus, fx[i].name, fx[i].number)),)
    return out


_SPELLS = (CardType.WIZARD_SPELL, CardType.CLERIC_SPELL)


def kept_spells(state: SpellfireState, ctx: Context, side: int, count: int
                ) -> tuple[int, ...]:
    """``spells_kept`` (issue 13, c4th5b: Spellbook, "the spellcaster with this item can retain
    up to two spells after winning a round of combat to use in another battle. Only phase 4
    spells can be saved"): the wizard and cleric spells ``side`` cast in the round (all
    castable in phase 4) to take back to its hand once the round it won is over, read while
    they are in it. [decided] "Can retain up to two": the owner's best, as many as allowed,
    the strongest first (highest bonus, then name, then card number); they go back from the
    discard pile as ``back_to_hand`` moves a card."""
    fx = ctx.facts
    spells = [i for i in state.battle.support[side] if fx[i].type in _SPELLS
              and state.owner[i] == side]
    return tuple(sorted(spells, key=lambda i: (-fx[i].bonus, fx[i].name, fx[i].number))[:count])


_ITEMS = (CardType.MAGICAL_ITEM, CardType.ARTIFACT)


def item_or_raze(state: SpellfireState, ctx: Context, source: int, winner: int,
                 events: list[Event]) -> None:
    """``loser_item_or_realm`` (issue 13, c4th5b: Flaming Fist, "the losing player must
    immediately discard one magical item or artifact from his pool or hand, or raze one of his
    realms"): the round's loser (``1 - winner``, whichever side the card fought on) gives one
    up. [decided] Its own choice, its best: an item or artifact (a card of its pool or hand
    costs it less than a realm, which brings it nearer defeat), the weakest one (lowest bonus,
    then name, then card number) among those its pool champions carry and those in its hand;
    with none, its first standing realm (A..F) is razed, its holding discarded (as
    ``razed_razes_opponent``); with none standing, nothing."""
    fx, loser = ctx.facts, 1 - winner
    side = state.players[loser]
    items: list[tuple[int | None, int]] = [
        (c, a) for c in side.pool for a in side.attached.get(c, ()) if fx[a].type in _ITEMS]
    items += [(None, h) for h in side.hand if fx[h].type in _ITEMS]
    if not items:
        raze_opponent(state, ctx, source, winner, events)
        return
    holder, item = min(items, key=lambda x: (fx[x[1]].bonus, fx[x[1]].name, fx[x[1]].number))
    if holder is None:
        side.hand.remove(item)
    else:
        side.attached[holder].remove(item)
        if not side.attached[holder]:
            del side.attached[holder]
    side.discard.append(item)
    events.append(Event("after_battle_discard", f"{ctx.name(source)}: player_{loser} discards "
                                                f"{ctx.name(item)}", loser,
                        {"card": state.cards[item]}))


def settle(state: SpellfireState, ctx: Context, kind: EffectKind, source: int, side: int,
           events: list[Event], slot: int | None = None) -> None:
    """Apply the power ``kind`` of card ``source`` on ``side`` (the round is over; ``slot``:
    the attacked realm's, for ``razed_razes_opponent``)."""
    if kind is EffectKind.RAZED_RAZES_OPPONENT:
        if slot is not None and state.players[side].razed[slot]:
            raze_opponent(state, ctx, source, side, events)
        return
    if kind is EffectKind.LOSER_ITEM_OR_REALM:
        item_or_raze(state, ctx, source, side, events)
    elif kind is EffectKind.AVENGE_HOLDINGS:
        discard_holdings(state, ctx, source, side, events)
    elif kind is EffectKind.AVENGE_DESTROY:
        destroy_champion(state, ctx, source, side, events)
    elif kind is EffectKind.WIN_ROUND_RETRIEVE:
        retrieve(state, ctx, source, side, events)
    elif kind is EffectKind.ITEMS_SHUFFLED_BACK:
        items_shuffled_back(state, ctx, source, side, events)
    elif kind is EffectKind.ABYSS_TO_DISCARD:
        abyss_to_discard(state, ctx, source, side, events)


def _best(fx: Sequence[Facts], cards: list[int]) -> int | None:
    """The strongest champion of ``cards`` (seed 002's order: highest printed level, then name,
    then card number), ``None`` when there is none."""
    found = [c for c in cards if fx[c].is_champion]
    if not found:
        return None
    return min(found, key=lambda c: (-fx[c].level, fx[c].name, fx[c].number))


def discard_holdings(state: SpellfireState, ctx: Context, source: int, side: int,
                     events: list[Event]) -> None:
    """``avenge_holdings``: every holding of the opposing player (with the mark "every", of
    every player: Mogadisho's Horde Marches On) to its owner's discard pile (a razed realm's
    holding was discarded with the razing: the judge's)."""
    every = any(e.mark == "every" for e in ctx.facts[source].get(EffectKind.AVENGE_HOLDINGS))
    for p in ((0, 1) if every else (1 - side,)):
        holdings = state.players[p].holdings
        for slot, h in enumerate(holdings):
            if h is None:
                continue
            holdings[slot] = None
            state.players[state.owner[h]].discard.append(h)
            events.append(Event("after_battle_discard", f"{ctx.name(source)}: player_{p}'s "
                                                        f"{ctx.name(h)} is discarded after "
                                                        "the battle", side,
                                {"card": state.cards[source], "target": state.cards[h]}))


def destroy_champion(state: SpellfireState, ctx: Context, source: int, side: int,
                     events: list[Event]) -> None:
    """``avenge_destroy``: the opposing player's strongest pool champion (see the module
    docstring) to its owner's discard pile, with its attachments (each to its owner's)."""
    fx = ctx.facts
    foe = state.players[1 - side]
    target = _best(fx, [c for c in foe.pool if not stays_in_pool(fx[c])])
    if target is None:
        return
    foe.pool.remove(target)
    for i in (target, *foe.attached.pop(target, [])):
        state.players[state.owner[i]].discard.append(i)
    events.append(Event("after_battle_discard", f"{ctx.name(source)}: player_{1 - side}'s "
                                                f"{ctx.name(target)} is destroyed after the "
                                                "battle", side,
                        {"card": state.cards[source], "target": state.cards[target]}))


def retrieve(state: SpellfireState, ctx: Context, source: int, side: int,
             events: list[Event]) -> None:
    """``win_round_retrieve``: one card of the player's discard pile to its hand (see the
    module docstring for which)."""
    me = state.players[side]
    if not me.discard:
        return
    best = _best(ctx.facts, me.discard)
    card = me.discard[-1] if best is None else best
    me.discard.remove(card)
    me.hand.append(card)
    events.append(Event(RETRIEVED, f"{ctx.name(source)} wins the round: {ctx.name(card)} "
                                   f"returns from player_{side}'s discard pile to its hand", side,
                        {"card": state.cards[source], "target": state.cards[card]}))


def items_shuffled_back(state: SpellfireState, ctx: Context, source: int, side: int,
                        events: list[Event]) -> None:
    """``items_shuffled_back``: every magical item carried by a pool champion (either player's)
    into its owner's draw pile, each at a place drawn by chance (0 is the top)."""
    fx = ctx.facts
    for player in state.players:
        for champion, carried in player.attached.items():
            for item in [i for i in carried if fx[i].type == CardType.MAGICAL_ITEM]:
                carried.remove(item)
                q = state.owner[item]
                pile = state.players[q].draw
                pile.insert(draw_luck(state, len(pile) + 1), item)
                events.append(Event("after_battle_shuffled_back",
                                    f"{ctx.name(source)}: {ctx.name(item)} (on "
                                    f"{ctx.name(champion)}) is shuffled back into "
                                    f"player_{q}'s draw pile", side,
                                    {"card": state.cards[source], "target": state.cards[item]}))
        for champion in [c for c, carried in player.attached.items() if not carried]:
            del player.attached[champion]  # no attachment left: as ``attached.pop`` elsewhere


def abyss_to_discard(state: SpellfireState, ctx: Context, source: int, side: int,
                     events: list[Event]) -> None:
    """``abyss_to_discard``: the cards of the player's Abyss that are not events to its discard
    pile (in the Abyss's order)."""
    me = state.players[side]
    moved = [i for i in me.abyss if ctx.facts[i].type != CardType.EVENT]
    if not moved:
        return
    me.abyss = [i for i in me.abyss if i not in moved]
    me.discard += moved
    events.append(Event("after_battle_from_abyss", f"{ctx.name(source)}: "
                                                   f"{', '.join(ctx.name(i) for i in moved)} "
                                                   f"go from player_{side}'s Abyss to its "
                                                   "discard pile", side,
                        {"card": state.cards[source],
                         "cards": [state.cards[i] for i in moved]}))


def raze_opponent(state: SpellfireState, ctx: Context, source: int, side: int,
                  events: list[Event]) -> None:
    """``razed_razes_opponent``: the opposing player's first standing realm (A..F) is razed,
    its holding discarded with it (as the judge's razing, seed 000 step I)."""
    them = state.players[1 - side]
    standing = [s for s, r in enumerate(them.realms) if r is not None and not them.razed[s]]
    if standing:
        raze_after_battle(state, ctx, source, side, standing[0], events)


def raze_after_battle(state: SpellfireState, ctx: Context, source: int, side: int, slot: int,
                      events: list[Event]) -> None:
    """The power of card ``source`` (of player ``side``) razes the opposing player's realm in
    ``slot`` after the battle; its holding goes with it to its owner's discard pile (as the
    judge's razing, seed 000 step I)."""
    them = state.players[1 - side]
    them.razed[slot] = True
    holding, them.holdings[slot] = them.holdings[slot], None
    if holding is not None:
        state.players[state.owner[holding]].discard.append(holding)
    realm = them.realms[slot]
    assert realm is not None
    realm_event(state, ctx, source, side, slot, realm, "razed", events)


def realm_event(state: SpellfireState, ctx: Context, source: int, side: int, slot: int,
                realm: int, what: str, events: list[Event]) -> None:
    """The event of a realm of the opposing player ``razed`` or ``discarded`` after the battle
    by the power of card ``source`` of player ``side``."""
    events.append(Event("after_battle_realm", f"{ctx.name(source)}: player_{1 - side}'s realm "
                                              f"{SLOTS[slot]} ({ctx.name(realm)}) is {what} "
                                              "after the battle", side,
                        {"card": state.cards[source], "slot": SLOTS[slot], "realm": what}))
