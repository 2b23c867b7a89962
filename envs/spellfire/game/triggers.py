"""Powers triggered in the whole game outside battles (issue 13, trig).

Some realms, holdings, champions, allies and items act at a moment of the whole game rather
than in a battle: when the realm is played (Temple of Elemental Evil, "draw three cards
immediately when the temple is played"), every time a card of a type is played (Mulmaster,
"draw another card every time a spell card is played"), when the card is discarded
(Myrmidons, "the player shuffles all discards back into the draw deck"), at the end of its
owner's turn (Joliet the Rash, "must attack on the player's turn, every turn, or be
discarded"). The card is played as its type says (a realm in phase 2, an ally into a round);
the game engine (``rules.py``) calls this module at those moments:

- :func:`after_step`, after every step, reads the step's events: a round lost by a champion
  that :func:`fighting` saw in it before the step (``raise_on_defeat``), a realm played or rebuilt
  (phase 2, or as spoils: ``draw_when_played``, ``removes_when_played``), a realm played or
  razed by name (``draw_when_realm``), a card played in a battle (the battle
  engine's ``card_played``) or in phase 3 (``outside_played``: ``draw_per_card_played``); and
  then the discard piles (``shuffle_discards_back``);
- :func:`turn_ends`, as the turn of the player on turn ends (phase 5 done: ``must_attack``,
  ``idle_hand_discard``).

In battle mode these powers change nothing: a battle alone has no such moments.

[decided] A triggered draw takes what the draw pile holds: as for the spoils (``rules.py``
phase 1), only phase 1's draw from an empty pile ends the game (RULES.md §1); and as in
phase 1, a hand draws no more than fills its ``hand_slots``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from ...core.codec import Action
from ...core.engine import Event
from ..battle.actions import ActionKind
from ..battle.facts import Facts, stays_in_pool
from ..battle.forms import as_champion
from ..battle.hand import in_play, negated_names
from ..battle.holders import holders
from ..battle.luck import draw_luck
from ..battle.state import SLOTS
from ..cards.cards import CardType
from ..cards.effects import Effect, EffectKind
from .state import GameState
from .zones import draw_cards

K = EffectKind

REBUILT = "rebuilt"
"""The mark of ``draw_when_played`` when a rebuild draws too (Haunted Hall of Eveningstar)."""
ABYSS = "abyss"
"""The mark of ``removes_when_played`` that sends the champion to the Abyss (Rhuobhe)."""
OWN = "own"
"""The mark of ``draw_per_card_played`` when only the player's own plays count (Fortification:
Breastwork, "every time you play an event")."""


def fighting(state: GameState, player: int, action: Action) -> list[int]:
    """Before a step: the champions in the battle's round and the one ``action`` presents
    (seed 000 steps B and C): the champions a round won in this step may defeat
    (``raise_on_defeat``, read by :func:`after_step`)."""
    if not isinstance(action.kind, ActionKind):
        return []
    side = state.table.players[player]
    out = [c for c in state.table.battle.champion if c is not None]
    if action.kind is ActionKind.CHAMPION_FROM_HAND:
        out.append(side.hand[action.get_int("hand")])
    elif action.kind is ActionKind.CHAMPION_FROM_POOL:
        out.append(side.pool[action.get_int("pool")])
    return out


def after_step(state: GameState, events: list[Event], fx: Sequence[Facts], hand_slots: int,
               fought: Sequence[int] = ()) -> bool:
    """The powers this step's ``events`` trigger (``fought``: :func:`fighting` before the
    step), then the discard piles' (their events are added to ``events``); whether the table
    changed."""
    found: list[Event] = defeated(state, events, fought, fx, hand_slots)
    for ev in events:
        if ev.kind in ("realm_played", "realm_rebuilt", "spoils_played"):
            found += realm_played(state, ev, fx, hand_slots)
        elif ev.kind in ("card_played", "outside_played") and ev.player is not None:
            found += card_played(state, ev.player, str(ev.data["card"]), fx, hand_slots)
        if ev.kind in _PLAYED_OR_RAZED:
            found += realm_named(state, ev, fx, hand_slots)
    found += discards_shuffled(state, fx)
    events += found
    return bool(found)


_PLAYED_OR_RAZED = ("realm_played", "spoils_played", "realm_razed", "realm_razed_by_card")
"""The events of a realm played (phase 2, spoils) or razed (a round won, seed 000 step I; a
card that razes the attacked realm, seed 001)."""


def _event_realm(state: GameState, ev: Event, fx: Sequence[Facts]) -> int | None:
    """The realm an event of :data:`_PLAYED_OR_RAZED` (or ``realm_rebuilt``) names: by its
    player and slot, or for ``realm_razed_by_card`` the realm the battle attacked; ``None``
    when it names none (``spoils_played`` of a card that is not that realm)."""
    table = state.table
    if ev.kind == "realm_razed_by_card":
        slot = table.battle.realm
        return None if slot is None else table.players[table.defender].realms[slot]
    where = ev.data.get("slot")
    if ev.player is None or not isinstance(where, str):
        return None
    realm = table.players[ev.player].realms[SLOTS.index(where)]
    if realm is None or fx[realm].type != CardType.REALM \
            or (ev.kind == "spoils_played" and ev.data.get("card") != table.cards[realm]):
        return None
    return realm


def _draw(state: GameState, p: int, n: int, hand_slots: int, why: str) -> Event:
    """Player ``p`` draws ``n`` cards by ``why``'s power (see the module docstring: no more
    than the pile holds, nor than fills the hand's slots)."""
    _, n = draw_cards(state, p, n, hand_slots)  # the other player's: counted in ``given``
    return Event("cards_drawn", f"{why}: player_{p} draws {n} card(s)", p,
                 {"count": n, "source": why})


def realm_played(state: GameState, ev: Event, fx: Sequence[Facts],
                 hand_slots: int) -> list[Event]:
    """``draw_when_played``: "draw three cards immediately when the temple is played" (Temple
    of Elemental Evil); "draw one card and place it in your hand when this realm is played or
    rebuilt" (Haunted Hall of Eveningstar, the mark ``"rebuilt"``). A realm played as spoils
    (seed 001) is played too."""
    realm = _event_realm(state, ev, fx)
    if realm is None or ev.player is None:
        return []
    p, rebuilt = ev.player, ev.kind == "realm_rebuilt"
    out = [_draw(state, p, e.amount, hand_slots, fx[realm].name)
           for e in fx[realm].get(K.DRAW_WHEN_PLAYED) if not rebuilt or e.mark == REBUILT]
    if not rebuilt:  # "when first played"
        out += [x for e in fx[realm].get(K.REMOVES_WHEN_PLAYED)
                for x in _remove(state, p, realm, e, fx)]
    return out


def _remove(state: GameState, p: int, realm: int, e: Effect, fx: Sequence[Facts]
            ) -> list[Event]:
    """``removes_when_played``: "when first played, Furyondy can remove one wizard from play
    (the wizard is discarded)"; "when Rhuobhe is first played, this player can send any regent
    to the Abyss" (the mark ``"abyss"``). [decided] The player uses it on the opponent's
    strongest pool champion of the type (seed 002's order: highest level, then name, then
    card number), never on its own ("can": it may decline, and losing its own champion never
    helps it); none there: nothing happens. Not one that stays in its pool (Chernevik). Its
    attachments go to the discard pile (RULES.md §1)."""
    table = state.table
    foe = table.players[1 - p]
    found = [c for c in foe.pool if int(as_champion(fx[c]).type) in e.card_types
             and not stays_in_pool(fx[c])]  # an ally in the pool is a hero (first_b)
    if not found:
        return []
    c = min(found, key=lambda c: (-as_champion(fx[c]).level, fx[c].name, fx[c].number))
    owner = table.players[table.owner[c]]
    foe.pool.remove(c)
    owner.discard += foe.attached.pop(c, [])
    (owner.abyss if e.mark == ABYSS else owner.discard).append(c)
    where = "the Abyss" if e.mark == ABYSS else "the discard pile"
    return [Event("champion_removed", f"{fx[realm].name}: player_{1 - p}'s {fx[c].name} goes to "
                                      f"{where}", p,
                  {"card": table.cards[c], "source": fx[realm].name, "to": where})]


def realm_named(state: GameState, ev: Event, fx: Sequence[Facts], hand_slots: int
                ) -> list[Event]:
    """``draw_when_realm``: "if Menzoberranzan is played or razed while this realm is in play,
    this player draws 3 cards" (Duchy of Tenh): either player's Menzoberranzan, played in
    phase 2 or as spoils, or razed by a round won or by a card that razes the attacked realm.
    [decided] The other ways a card razes a realm after a battle (``aftermath``, rule cards)
    are not read."""
    realm = _event_realm(state, ev, fx)
    if realm is None:
        return []
    return [_draw(state, p, e.amount, hand_slots, fx[i].name)
            for p, i in _in_play(state, fx, K.DRAW_WHEN_REALM)
            for e in fx[i].get(K.DRAW_WHEN_REALM) if fx[realm].name in e.names]


def _in_play(state: GameState, fx: Sequence[Facts], kind: EffectKind
             ) -> Iterator[tuple[int, int]]:
    """(player, card) for each card in play with an effect of ``kind`` (standing realms and
    their holdings, pool champions and their attachments: ``battle/hand.in_play``), but a
    holding that a card in play negates by name (The Celestial Jewel of Sarimie, "negates any
    Mulmaster holding in play": ``named_holdings_negated``)."""
    if not holders(state.table, fx, kind):
        return  # no card of this game has the power (issue 14: asked at every card played)
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


def defeated(state: GameState, events: Sequence[Event], fought: Sequence[int],
             fx: Sequence[Facts], hand_slots: int) -> list[Event]:
    """``raise_on_defeat``: "if Amarill is defeated, the player can pull one other champion
    from his discards and return it to his hand" (Amarill): a champion of ``fought`` whose
    side lost a round in this step (``round_won`` by the other player; "defeated" is losing a
    round, as for the after-battle powers: ``battle/aftermath.py``) and that is now on its
    owner's discard pile (not one that escaped or must be defeated twice). [decided] Its
    player takes the best other champion of its discard pile (seed 002's order: highest
    level, then name, then card number), into a hand with a free slot."""
    table = state.table
    losers = {1 - e.player for e in events if e.kind == "round_won" and e.player is not None}
    out = []
    for c in dict.fromkeys(fought):
        p = table.owner[c]
        pile = table.players[p].discard
        if p not in losers or c not in pile or K.RAISE_ON_DEFEAT not in fx[c].effects:
            continue
        others = [i for i in pile if i != c and fx[i].is_champion]
        hand = table.players[p].hand
        if not others or len(hand) >= hand_slots:
            continue
        back = min(others, key=lambda i: (-fx[i].level, fx[i].name, fx[i].number))
        pile.remove(back)
        hand.append(back)
        if p != state.on_turn:
            state.given += 1
        out.append(Event("champion_to_hand", f"{fx[c].name} is defeated: {fx[back].name} "
                                             f"returns from player_{p}'s discard pile to its "
                                             "hand", p,
                         {"card": table.cards[c], "target": table.cards[back]}))
    return out


def discards_shuffled(state: GameState, fx: Sequence[Facts]) -> list[Event]:
    """``shuffle_discards_back``: "when the myrmidons are discarded, the player shuffles all
    discards back into the draw deck" (Myrmidons): a player whose discard pile holds such a
    card (it has just arrived: the power takes it out again) puts the whole pile into its draw
    pile, and the draw pile is shuffled by the game's chance (``battle/luck.py``)."""
    if not holders(state.table, fx, K.SHUFFLE_DISCARDS_BACK):
        return []  # no card of this game has the power (issue 14: asked after every step)
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
    return idle_discards(state, fx, events) or bool(gone)


def idle_discards(state: GameState, fx: Sequence[Facts], events: list[Event]) -> bool:
    """``idle_hand_discard``: "if Hettman does not attack, at the end of his turn the player
    can randomly draw one card from another player's hand and discard it" (Hettman Tsurin):
    for each such champion in the pool of the player on turn that did not attack this turn,
    one card drawn by the game's chance (``battle/luck.py``) from the opponent's hand goes to
    its owner's discard pile. [decided] The player always uses it (it only costs the
    opponent); an empty hand gives nothing. Whether the table changed."""
    table = state.table
    p = state.on_turn
    hand = table.players[1 - p].hand
    changed = False
    for c in table.players[p].pool:
        if K.IDLE_HAND_DISCARD not in fx[c].effects or c in table.players[p].attacked or not hand:
            continue
        card = hand.pop(draw_luck(table, len(hand)))
        table.players[table.owner[card]].discard.append(card)
        changed = True
        events.append(Event("hand_card_discarded", f"{fx[c].name} did not attack: "
                                                   f"{fx[card].name} is drawn at random from "
                                                   f"player_{1 - p}'s hand and discarded", p,
                            {"card": table.cards[c], "target": table.cards[card]}))
    return changed
