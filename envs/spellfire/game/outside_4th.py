"""Powers acting outside battles: the 4th Edition's events and phase-3 spells, and the booster
sets' spells with the same kinds (issue 13, out4th).

The mechanism is ``outside.py``'s (a card played by the player on turn in phase 3, its target
chosen with a ``target_*`` action, then its effects acting in the order printed); this module
adds one resolver per kind (:data:`RESOLVERS_4TH`, merged into ``outside.RESOLVERS``), the
kinds that name a target (:data:`TARGETS_4TH`, merged into ``outside.TARGETS``) and which
targets each accepts (:func:`fits`, read by ``outside.targets``).

Where a card leaves a choice the game's actions cannot ask for (which cards of a hand or a
pile), the choice is [decided] at the resolver, as ``outside.raise_dead`` does: a player
giving up cards gives its weakest, a player taking cards takes the best (:func:`_weight`).
A card moved into a draw pile that "is reshuffled" is shuffled by the game's seeded, hidden
chance (``battle/luck.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ...core.engine import Event
from ..battle.facts import Facts, stays_in_pool
from ..battle.forms import as_champion
from ..battle.luck import draw_luck
from ..battle.state import SLOTS, Side
from ..cards.cards import CardType
from ..cards.effects import Effect, EffectKind
from .immunity import immune
from .state import GameState
from .zones import champion_to_discard, realm_out

if TYPE_CHECKING:  # outside.py imports this module: the type only, no import loop
    from .outside import Play

K = EffectKind

FOR_GOOD = 1_000_000
"""The ``GameState.benched`` turn of a champion benched "until the fear is dispelled": no card
dispels it outside battles (and a benched champion fights no battle), so [decided] it stays
benched while it stays in its pool (``rules._end_turn`` frees a champion gone from it)."""

TARGETS_4TH: dict[EffectKind, str] = {
    K.RESHUFFLE_DISCARDS: "player", K.BENCH_POOL: "player", K.DISCARD_TO_ABYSS: "player",
    K.POOL_ITEMS_UNLESS_DIGIT: "player", K.BAR_POOL_ATTACKS: "player",
    K.DISCARD_ONE_IN_POOL: "player",
    K.DISCARD_CHAMPION_OVER: "champion", K.DISCARD_HOLDING: "realm",
    K.BENCH_FOR_GOOD: "champion", K.CHAMPION_TO_ABYSS: "champion",
    K.DESTROY_POOL_ITEM: "champion", K.RAZE_BARE_REALM: "realm",
    K.DISCARD_RAZED_REALM: "realm"}
"""The kinds of this module that act on a chosen target (``outside.Target`` values)."""

_ITEMS = (CardType.MAGICAL_ITEM, CardType.ARTIFACT)


def _weight(fx: Sequence[Facts], c: int) -> tuple[int, str, int]:
    """A card's worth, as a sort key (smallest first): its printed level (a champion) or its
    bonus (any other card), then its name and number (seed 002's order breaks ties)."""
    f = fx[c]
    return (f.level if f.is_champion else f.bonus, f.name, f.number)


def _next_turn_of(state: GameState, player: int) -> int:
    """The number of ``player``'s next turn (as ``outside.next_turn_of``)."""
    return state.turn + (2 if player == state.on_turn else 1)


def _shuffle(state: GameState, pile: list[int]) -> None:
    """Shuffle ``pile`` in place by the game's chance (Fisher-Yates, ``battle/luck.py``)."""
    for i in range(len(pile) - 1, 0, -1):
        j = draw_luck(state.table, i + 1)
        pile[i], pile[j] = pile[j], pile[i]


# --- which targets each kind accepts ----------------------------------------------------------

Fit = Callable[[GameState, Sequence[Facts], Effect, int, int, int], bool]
"""(state, facts, the card's effect, player, slot, pool place) -> whether the target fits."""


def _pool_card(state: GameState, player: int, pool: int) -> int:
    return state.table.players[player].pool[pool]


_FITS: dict[EffectKind, Fit] = {
    # Provocation: a discard pile to reshuffle.
    K.RESHUFFLE_DISCARDS: lambda s, fx, e, p, slot, pool: bool(s.table.players[p].discard),
    # Enthrall: a pool with a champion in it; Death Fog's and Drain Will's bar likewise.
    K.BENCH_POOL: lambda s, fx, e, p, slot, pool: bool(s.table.players[p].pool),
    K.BAR_POOL_ATTACKS: lambda s, fx, e, p, slot, pool: bool(s.table.players[p].pool),
    # Ward of Sleep: a champion in that player's discard pile.
    K.DISCARD_TO_ABYSS: lambda s, fx, e, p, slot, pool: any(
        fx[c].is_champion for c in s.table.players[p].discard),
    # Fear: "any enemy champion in a pool".
    K.BENCH_FOR_GOOD: lambda s, fx, e, p, slot, pool: p != s.on_turn,
    # Takhisis's Abyssal Gateway: not one that stays in its pool for any reason (Chernevik).
    K.CHAMPION_TO_ABYSS: lambda s, fx, e, p, slot, pool: not stays_in_pool(
        fx[_pool_card(s, p, pool)]),
    # Transmute Metal to Wood: a champion carrying a magical item or artifact that may go.
    K.DESTROY_POOL_ITEM: lambda s, fx, e, p, slot, pool: bool(_pool_items(s, fx, e, p, pool)),
    # Death Field: "one champion of base level 6 or higher".
    K.DISCARD_CHAMPION_OVER: lambda s, fx, e, p, slot, pool: fx[
        _pool_card(s, p, pool)].level >= e.amount and not stays_in_pool(
        fx[_pool_card(s, p, pool)]),
    # Mordenkainen's Disjunction: a pool with a magical item or artifact in it.
    K.POOL_ITEMS_UNLESS_DIGIT: lambda s, fx, e, p, slot, pool: any(
        _pool_items(s, fx, e, p, j) for j in range(len(s.table.players[p].pool))),
    # Creeping Doom: "one realm with no holding" (a standing one: it razes it).
    K.RAZE_BARE_REALM: lambda s, fx, e, p, slot, pool: not s.table.players[p].razed[slot]
    and s.table.players[p].holdings[slot] is None,
    # Maximillian's Earthen Grasp: "cast only on a hero".
    K.TARGET_ONLY: lambda s, fx, e, p, slot, pool: int(
        fx[_pool_card(s, p, pool)].type) in e.card_types,
    # Firetrail: "any one holding in play".
    K.DISCARD_HOLDING: lambda s, fx, e, p, slot, pool: s.table.players[p].holdings[slot]
    is not None,
    # Dissolution: "one razed realm".
    K.DISCARD_RAZED_REALM: lambda s, fx, e, p, slot, pool: s.table.players[p].razed[slot],
}


def fits(state: GameState, fx: Sequence[Facts], inst: int, player: int, slot: int,
         pool: int) -> bool:
    """Whether the target (``player``; ``slot`` for a realm, ``pool`` for a champion, else -1)
    fits every kind of card ``inst`` that names one (``outside.targets`` offers only those)."""
    return all(_FITS[e.kind](state, fx, e, player, slot, pool)
               for e in fx[inst].card.effects if e.kind in _FITS)


def may_cast(champion: Facts, card: Facts) -> bool:
    """Whether ``champion`` meets the card's ``cast_only_by`` bars, read by
    ``outside.casters`` ("cast only by level 13+ champions": a printed level of ``amount`` or
    more; "castable only by dragons": one of ``attributes``; "castable only by dragonlance
    champions": of one of ``condition.self_worlds``)."""
    return all((not e.amount or champion.level >= e.amount)
               and (not e.attributes or champion.card.attributes & set(e.attributes))
               and (not e.condition.self_worlds
                    or int(champion.card.world) in e.condition.self_worlds)
               for e in card.get(K.CAST_ONLY_BY))


def _pool_items(state: GameState, fx: Sequence[Facts], e: Effect, player: int,
                pool: int) -> list[int]:
    """The magical items and artifacts on a pool champion that may be taken from it (not
    those of a champion whose items are never removed: ``items_kept``); with the mark "any",
    every card attached to it, "regardless of special powers" (Sacred Flame)."""
    c = _pool_card(state, player, pool)
    attached = state.table.players[player].attached.get(c, [])
    if e.mark == "any":
        return list(attached)
    if fx[c].has(K.ITEMS_KEPT):
        return []
    return [a for a in attached if fx[a].type in _ITEMS]


# --- the resolvers, one per kind ----------------------------------------------------------------


def _say(act: Play, kind: str, text: str, player: int, **data: object) -> None:
    act.events.append(Event(kind, text, player, dict(data)))


def others_discard(act: Play, e: Effect) -> None:
    """``others_discard``: "all other players must discard one card" (Hurricane!). [decided]
    The choice is each player's own: its weakest card (the lowest level or bonus), as
    ``hand_discards_weakest``."""
    p, fx = 1 - act.player, act.fx  # two players: the other one
    side = act.state.table.players[p]
    gone = sorted(side.hand, key=lambda c: _weight(fx, c))[:e.amount]
    for c in gone:
        side.hand.remove(c)
        side.discard.append(c)
    _say(act, "hand_cards_discarded", f"player_{p} discards " + (
        ", ".join(fx[c].name for c in gone) or "nothing"), p,
        cards=[act.state.table.cards[c] for c in gone])


def _back_to_draw(act: Play, p: int, cards: list[int]) -> None:
    """``cards`` of player ``p``'s discard pile go into its draw pile, which is reshuffled."""
    side = act.state.table.players[p]
    for c in cards:
        side.discard.remove(c)
    side.draw += cards
    _shuffle(act.state, side.draw)
    _say(act, "discards_reshuffled", f"player_{p} shuffles {len(cards)} card(s) from its "
                                     "discard pile into its draw pile", p, count=len(cards))


def reshuffle_discards(act: Play, e: Effect) -> None:
    """``reshuffle_discards``: "any one player (including the event player) is forced to
    reshuffle his discards into his draw pile" (Provocation): the target's whole discard
    pile."""
    assert act.target is not None
    p = act.target.player
    _back_to_draw(act, p, list(act.state.table.players[p].discard))


def discards_back(act: Play, e: Effect) -> None:
    """``discards_back``: the cards of ``card_types`` / with one of ``attributes`` in the
    discard piles (every player's with the mark "all", else the player's own) go back into
    their owners' draw piles, which are reshuffled ("all elves in all discard piles are
    brought back to life. They are added back to their draw pile, which is reshuffled",
    Elven Rebirth; "all spells in this player's discard pile are returned to his deck and
    reshuffled", Recall). [decided] Not the card just played (as ``raise_dead``)."""
    fx = act.fx
    for p in ([act.player, 1 - act.player] if e.mark == "all" else [act.player]):
        found = [c for c in act.state.table.players[p].discard if c != act.card
                 and (not e.card_types or int(fx[c].type) in e.card_types)
                 and (not e.attributes or fx[c].card.attributes & set(e.attributes))]
        if found:
            _back_to_draw(act, p, found)


def bench_pool(act: Play, e: Effect) -> None:
    """``bench_pool``: "prevents all champions in one player's pool from attacking or
    defending until after that player's next turn" (Enthrall): each is benched as by Geas
    (``GameState.benched``)."""
    assert act.target is not None
    p, state = act.target.player, act.state
    until = _next_turn_of(state, p)
    for c in state.table.players[p].pool:
        state.benched[c] = max(until, state.benched.get(c, 0))
    _say(act, "pool_benched", f"player_{p}'s pool champions can neither attack nor defend "
                              f"until the end of turn {until}", act.player, until=until)


def bar_pool_attacks(act: Play, e: Effect) -> None:
    """``bar_pool_attacks``: "... and prevents survivors from attacking until after that
    player's next turn" (Death Fog, after its ``kill_in_pool``): each champion left in the
    target's pool may defend but not attack until the end of that player's next turn
    (``GameState.attack_barred``, read by ``rules._unbenched``)."""
    assert act.target is not None
    p, state = act.target.player, act.state
    until = _next_turn_of(state, p)
    for c in state.table.players[p].pool:
        state.attack_barred[c] = max(until, state.attack_barred.get(c, 0))
    _say(act, "pool_attacks_barred", f"player_{p}'s pool champions may not attack until the "
                                     f"end of turn {until}", act.player, until=until)


def _adjusted(fx: Sequence[Facts], side: Side, c: int) -> int:
    """A pool champion's adjusted level: its printed level plus the bonuses of the cards it
    carries."""
    return as_champion(fx[c]).level + sum(fx[a].bonus for a in side.attached.get(c, []))


def discard_one_in_pool(act: Play, e: Effect) -> None:
    """``discard_one_in_pool``: "discards one champion of adjusted level 9 or less in one pool"
    (Drain Will): in the target's pool, [decided] the player's best, the champion of the
    highest adjusted level (printed level plus its cards' bonuses) within ``amount`` (seed
    002's order on a tie), not one that stays in its pool, goes with its attachments to the
    discard pile; none such, nothing is discarded."""
    assert act.target is not None
    p, fx = act.target.player, act.fx
    side = act.state.table.players[p]
    found = [c for c in side.pool
             if _adjusted(fx, side, c) <= e.amount and not stays_in_pool(fx[c])]
    if not found:
        _say(act, "champion_not_discarded", f"no champion of player_{p} is drained", act.player)
        return
    best = min(found, key=lambda c: (-_adjusted(fx, side, c), fx[c].name, fx[c].number))
    champion_to_discard(side, best)
    _say(act, "champion_discarded", f"player_{p} discards {fx[best].name} from its pool",
         act.player, card=act.state.table.cards[best])


def bench_for_good(act: Play, e: Effect) -> None:
    """``bench_for_good``: "attach to any enemy champion in a pool; that champion cannot
    attack or defend until the fear is dispelled" (Fear; Otto's Irresistible Dance): benched
    for as long as it stays in its pool (:data:`FOR_GOOD`). [decided] The card goes to its
    player's discard pile, as every card played outside battles."""
    assert act.target is not None
    c = _pool_card(act.state, act.target.player, act.target.pool)
    act.state.benched[c] = FOR_GOOD
    _say(act, "champion_benched", f"{act.fx[c].name} (player_{act.target.player}) can neither "
                                  "attack nor defend while it stays in its pool", act.player,
         card=act.state.table.cards[c], until=FOR_GOOD)


def raze_bare_realm(act: Play, e: Effect) -> None:
    """``raze_bare_realm``: "immediately razes one realm with no holding" (Creeping Doom):
    the target, a standing realm without a holding (:func:`fits`), is razed."""
    t = act.target
    assert t is not None
    side = act.state.table.players[t.player]
    realm = side.realms[t.slot]
    assert realm is not None
    side.razed[t.slot] = True
    _say(act, "realm_razed", f"{act.fx[realm].name} (realm {SLOTS[t.slot]} of player_"
                             f"{t.player}) is razed", act.player,
         realm=act.state.table.cards[realm], slot=SLOTS[t.slot])


def discard_razed_realm(act: Play, e: Effect) -> None:
    """``discard_razed_realm``: "one razed realm (this player's choice) is discarded"
    (Dissolution): the target, a razed realm, goes with its holding to its owner's discard
    pile; the slot is empty (RULES.md §1: the next realm played refills it)."""
    t = act.target
    assert t is not None
    side = act.state.table.players[t.player]
    realm = side.realms[t.slot]
    assert realm is not None
    side.discard += realm_out(side, t.slot)
    _say(act, "realm_destroyed", f"{act.fx[realm].name} (realm {SLOTS[t.slot]} of player_"
                                 f"{t.player}) is discarded", act.player,
         realm=act.state.table.cards[realm], slot=SLOTS[t.slot])


def champion_to_abyss(act: Play, e: Effect) -> None:
    """``champion_to_abyss``: "forces any one champion in a pool to the abyss (champion is
    removed from game)" (Takhisis's Abyssal Gateway): the target goes to its owner's Abyss;
    [decided] its attachments, which the card does not name, to the discard pile."""
    t = act.target
    assert t is not None
    side = act.state.table.players[t.player]
    c = side.pool[t.pool]
    side.pool.remove(c)
    side.abyss.append(c)
    side.discard += side.attached.pop(c, [])
    _say(act, "champion_to_abyss", f"{act.fx[c].name} (player_{t.player}) goes to the Abyss",
         act.player, card=act.state.table.cards[c])


def discard_to_abyss(act: Play, e: Effect) -> None:
    """``discard_to_abyss``: "place one champion from any player's discard pile to the
    abyss" (Ward of Sleep): from the target's discard pile, [decided] its highest-level
    champion (the one a Raise Dead would bring back first)."""
    assert act.target is not None
    p, fx = act.target.player, act.fx
    side = act.state.table.players[p]
    found = [c for c in side.discard if fx[c].is_champion]
    best = max(found, key=lambda c: (fx[c].level, -side.discard.index(c)))
    side.discard.remove(best)
    side.abyss.append(best)
    _say(act, "champion_to_abyss", f"{fx[best].name} (player_{p}) goes from the discard pile "
                                   "to the Abyss", act.player, card=act.state.table.cards[best])


def item_to_top(act: Play, e: Effect) -> None:
    """``item_to_top``: "search his draw pile for any magical item or artifact and place it on
    the top of his draw pile" (Locate Object): [decided] the one of the highest bonus (the
    first in the pile on a tie); the pile is not shuffled (the card does not say so)."""
    side, fx = act.state.table.players[act.player], act.fx
    found = [c for c in side.draw if int(fx[c].type) in e.card_types]
    if not found:
        _say(act, "draw_searched", f"player_{act.player} finds nothing", act.player)
        return
    best = max(found, key=lambda c: (fx[c].bonus, -side.draw.index(c)))
    side.draw.remove(best)
    side.draw.insert(0, best)
    _say(act, "card_to_top", f"player_{act.player} puts {fx[best].name} on top of its draw "
                             "pile", act.player, card=act.state.table.cards[best])


def rebuild_by_champion(act: Play, e: Effect) -> None:
    """``rebuild_by_champion``: "one razed realm is rebuilt by a champion from the player's
    pool; the champion is discarded" (Labor of Legend). [decided] The front-most razed realm
    (slot order A..F, as ``rebuild_each``) and the weakest champion that may leave its pool
    (the lowest level, seed 002's order); nothing happens without both."""
    side, fx = act.state.table.players[act.player], act.fx
    razed = [s for s in range(len(SLOTS)) if side.realms[s] is not None and side.razed[s]]
    champions = sorted((c for c in side.pool if not stays_in_pool(fx[c])),
                       key=lambda c: (fx[c].level, fx[c].name, fx[c].number))
    if not razed or not champions:
        _say(act, "realm_not_rebuilt", "no razed realm or no champion to rebuild it",
             act.player)
        return
    champion_to_discard(side, champions[0])
    side.razed[razed[0]] = False
    _say(act, "realm_rebuilt", f"{fx[champions[0]].name} rebuilds realm {SLOTS[razed[0]]} of "
                               f"player_{act.player} and is discarded", act.player,
         slot=SLOTS[razed[0]], card=act.state.table.cards[champions[0]])


def hand_down_to(act: Play, e: Effect) -> None:
    """``hand_down_to``: "this player may examine one other player's hand and discard it down
    to five cards" (Cold Cup of Calamity). [decided] The player's best: the other's strongest
    cards go (the highest level or bonus), its ``amount`` weakest stay."""
    p, fx = 1 - act.player, act.fx
    side = act.state.table.players[p]
    keep = sorted(side.hand, key=lambda c: _weight(fx, c))[:e.amount]
    gone = [c for c in side.hand if c not in keep]
    side.hand = [c for c in side.hand if c in keep]
    side.discard += gone
    _say(act, "hand_cards_discarded", f"player_{p} discards " + (
        ", ".join(fx[c].name for c in gone) or "nothing"), p,
        cards=[act.state.table.cards[c] for c in gone])


def retrieve_card(act: Play, e: Effect) -> None:
    """``retrieve_card``: "player may retrieve any champion or ally from his discard pile and
    return to his hand" (Heal). [decided] The player's best: its highest-level champion there,
    else its ally of the highest bonus (seed 002's order breaks ties); never the card just
    played."""
    side, fx = act.state.table.players[act.player], act.fx
    champions = [c for c in side.discard if fx[c].is_champion and c != act.card]
    allies = [c for c in side.discard if fx[c].type is CardType.ALLY]
    found = champions or allies
    if not found:
        _say(act, "card_not_returned", "no champion or ally in the discard pile", act.player)
        return
    best = min(found, key=lambda c: (-_weight(fx, c)[0], *_weight(fx, c)[1:]))
    side.discard.remove(best)
    side.hand.append(best)
    _say(act, "card_returned", f"{fx[best].name} returns to player_{act.player}'s hand",
         act.player, card=act.state.table.cards[best])


def destroy_pool_item(act: Play, e: Effect) -> None:
    """``destroy_pool_item``: "destroy one magical item or artifact in any player's pool"
    (Transmute Metal to Wood): the player targets a pool champion carrying one
    (:func:`fits`); [decided] of its items, the one of the highest bonus goes to its owner's
    discard pile (the first attached on a tie). With the mark "any", any card attached to the
    champion, "regardless of special powers" (Sacred Flame: "remove any card currently
    attached to any champion")."""
    t = act.target
    assert t is not None
    side, fx = act.state.table.players[t.player], act.fx
    c = side.pool[t.pool]
    items = _pool_items(act.state, fx, e, t.player, t.pool)
    best = max(items, key=lambda a: (fx[a].bonus, -items.index(a)))
    side.attached[c].remove(best)
    if not side.attached[c]:
        del side.attached[c]
    side.discard.append(best)
    _say(act, "item_destroyed", f"{fx[best].name} on {fx[c].name} (player_{t.player}) is "
                                "destroyed", act.player, card=act.state.table.cards[best])


def stack_opponent_draw(act: Play, e: Effect) -> None:
    """``stack_opponent_draw``: ``count`` cards of the other player go on top of its draw pile,
    from its discard pile with the mark "discard" ("take any three cards from an opponent's
    discard pile and place them on top of his draw pile", Deja Vu), else from its draw pile
    ("examine another player's draw pile and place four cards of your choice on the top",
    Espionage!). [decided] The player's best: the other's weakest cards (the lowest level or
    bonus), the weakest on top, so that it draws them next."""
    p, fx = 1 - act.player, act.fx
    side = act.state.table.players[p]
    pile = side.discard if e.mark == "discard" else side.draw
    chosen = sorted(pile, key=lambda c: _weight(fx, c))[:e.count]
    for c in chosen:
        pile.remove(c)
    side.draw[:0] = chosen
    _say(act, "draw_stacked", f"player_{p}'s draw pile has {len(chosen)} chosen card(s) on "
                              "top", act.player, count=len(chosen))


def arrange_top(act: Play, e: Effect) -> None:
    """``arrange_top``: "look at the top six cards of your draw pile and arrange the cards in
    any order" (Rengarth Oracle): [decided] the player's best, the strongest first (the
    highest level or bonus; their order on the pile on a tie), so that it draws them first."""
    side, fx = act.state.table.players[act.player], act.fx
    top = side.draw[:e.count]
    side.draw[:e.count] = sorted(top, key=lambda c: -_weight(fx, c)[0])
    _say(act, "draw_arranged", f"player_{act.player} arranges the top {len(top)} card(s) of "
                               "its draw pile", act.player, count=len(top))


def self_to_abyss(act: Play, e: Effect) -> None:
    """``self_to_abyss``: the card played goes from its owner's discard pile (where
    ``outside.resolve`` put it) to its Abyss ("when finished, send this card to the Abyss",
    Rengarth Oracle)."""
    side = act.state.table.players[act.player]
    side.discard.remove(act.card)
    side.abyss.append(act.card)
    _say(act, "card_to_abyss", f"{act.fx[act.card].name} goes to the Abyss", act.player,
         card=act.state.table.cards[act.card])


def discard_champion_over(act: Play, e: Effect) -> None:
    """``discard_champion_over``: "one champion of base level 6 or higher is discarded" (Death
    Field): the target, a pool champion of printed level ``amount`` or more (:func:`fits`),
    goes with its attachments to its owner's discard pile."""
    t = act.target
    assert t is not None
    side = act.state.table.players[t.player]
    c = side.pool[t.pool]
    champion_to_discard(side, c)
    _say(act, "champion_discarded", f"player_{t.player} discards {act.fx[c].name} from its "
                                    "pool", act.player, card=act.state.table.cards[c])


def pool_items_unless_digit(act: Play, e: Effect) -> None:
    """``pool_items_unless_digit``: "destroys all magical items and artifacts in one pool
    unless the affected player can draw a card with a last digit of 2 or less (drawn card is
    discarded)" (Mordenkainen's Disjunction): the target's top card goes to its discard pile
    and the last digit of its number is read, as the battle's ``draw_digit_*`` kinds do; a
    digit above ``amount`` (or [decided] no card to draw: the player cannot) and every
    magical item and artifact of that pool goes to its owner's discard pile (not those a
    champion keeps: ``items_kept``). Drawing nothing does not end the game: no card is drawn
    into a hand."""
    assert act.target is not None
    p, fx = act.target.player, act.fx
    side = act.state.table.players[p]
    if side.draw:
        drawn = side.draw.pop(0)
        side.discard.append(drawn)
        digit = fx[drawn].number % 10
        _say(act, "digit_drawn", f"player_{p} draws and discards {fx[drawn].name}: last "
                                 f"digit {digit}", p, card=act.state.table.cards[drawn],
             digit=digit)
        if digit <= e.amount:
            return
    for j, c in enumerate(list(side.pool)):
        for a in _pool_items(act.state, fx, Effect(K.DESTROY_POOL_ITEM), p, j):
            side.attached[c].remove(a)
            side.discard.append(a)
        if c in side.attached and not side.attached[c]:
            del side.attached[c]
    _say(act, "items_destroyed", f"the magical items and artifacts of player_{p}'s pool are "
                                 "destroyed", act.player)


def target_only(act: Play, e: Effect) -> None:
    """``target_only``: a bar on the champion the card may target ("cast only on a hero"),
    read before it is played (:func:`fits`); it does nothing when the card acts."""


def kill_opposing_pool(act: Play, e: Effect) -> None:
    """``kill_opposing_pool``: "... sweeps through all opposing player's pools, sending all
    champions of base level 4 or less to the discard pile" (Spectral Dragon): in the other
    player's pool, each champion of printed level ``amount`` or less goes with its
    attachments to the discard pile; not one that stays in its pool (Chernevik) or is immune
    to the card."""
    p, fx = 1 - act.player, act.fx
    side = act.state.table.players[p]
    gone = [c for c in side.pool if as_champion(fx[c]).level <= e.amount  # an ally: first_b
            and not stays_in_pool(fx[c])
            and not immune(act.state, fx, p, c, act.card)]
    for c in gone:
        champion_to_discard(side, c)
    _say(act, "pool_champions_killed", f"{fx[act.card].name} kills " + (
        ", ".join(fx[c].name for c in gone) or "nobody") + f" in player_{p}'s pool",
        act.player, cards=[act.state.table.cards[c] for c in gone])


def cast_only_by(act: Play, e: Effect) -> None:
    """``cast_only_by``: a bar on who may cast the card, read before it is played
    (:func:`may_cast`, ``outside.casters``); it does nothing when the card acts."""


def discard_holding(act: Play, e: Effect) -> None:
    """``discard_holding``: "this spell destroys any one holding in play" (Firetrail): the
    holding on the target realm goes to its owner's discard pile; the realm stays."""
    t = act.target
    assert t is not None
    side = act.state.table.players[t.player]
    holding = side.holdings[t.slot]
    assert holding is not None
    side.holdings[t.slot] = None
    side.discard.append(holding)
    _say(act, "holding_destroyed", f"{act.fx[holding].name} (realm {SLOTS[t.slot]} of "
                                   f"player_{t.player}) is destroyed", act.player,
         card=act.state.table.cards[holding], slot=SLOTS[t.slot])


RESOLVERS_4TH: dict[EffectKind, Callable[[Play, Effect], None]] = {
    K.OTHERS_DISCARD: others_discard,
    K.RESHUFFLE_DISCARDS: reshuffle_discards,
    K.DISCARDS_BACK: discards_back,
    K.BENCH_POOL: bench_pool,
    K.BAR_POOL_ATTACKS: bar_pool_attacks,
    K.DISCARD_ONE_IN_POOL: discard_one_in_pool,
    K.CAST_ONLY_BY: cast_only_by,
    K.TARGET_ONLY: target_only,
    K.KILL_OPPOSING_POOL: kill_opposing_pool,
    K.DISCARD_HOLDING: discard_holding,
    K.BENCH_FOR_GOOD: bench_for_good,
    K.RAZE_BARE_REALM: raze_bare_realm,
    K.DISCARD_RAZED_REALM: discard_razed_realm,
    K.CHAMPION_TO_ABYSS: champion_to_abyss,
    K.DISCARD_TO_ABYSS: discard_to_abyss,
    K.ITEM_TO_TOP: item_to_top,
    K.REBUILD_BY_CHAMPION: rebuild_by_champion,
    K.HAND_DOWN_TO: hand_down_to,
    K.RETRIEVE_CARD: retrieve_card,
    K.DESTROY_POOL_ITEM: destroy_pool_item,
    K.STACK_OPPONENT_DRAW: stack_opponent_draw,
    K.ARRANGE_TOP: arrange_top,
    K.SELF_TO_ABYSS: self_to_abyss,
    K.DISCARD_CHAMPION_OVER: discard_champion_over,
    K.POOL_ITEMS_UNLESS_DIGIT: pool_items_unless_digit,
}
"""The resolver of each kind of this module (merged into ``outside.RESOLVERS``)."""
