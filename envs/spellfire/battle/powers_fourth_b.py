"""Card powers of the 4th Edition, third pass (issue 13, c4th3b; seed 000 steps B and F, seed
001); each card-play power is ``fn(play, effect)`` as in :mod:`.powers`, found through the
resolver table and resolved in the stage :data:`.powers.CARD_PLAY_STAGES` gives its kind.

- ``defeated_unless_has`` (Ki-Rin: "the opposing champion is automatically defeated unless he
  has or can play an ally"; Loup-Garou: "... a magical item"): read once, as the card enters
  the round [decided]: the other side has such a card in the round (in its support or on its
  champion) or one in its hand it may play now (the legal plays of step F), else it loses the
  round at once (as ``win_round``).
- ``defeated_below`` (The Dreaded Ghost: "drains the adjusted level of an opposing
  champion (except cleric) by 9; any that drop below 0 are instantly defeated"): read as the
  card enters the round [decided]: the other side's total is below the effect's ``amount``
  (0 for the ghost) then, and it loses the round at once.
- ``discard_attacked_holding`` (Horn of Blasting: "the holding of any realm the attached
  champion attacks is immediately discarded"): the holding attached to the realm attacked goes
  to its owner's discard pile when the attacking champion carrying the card is presented
  (seed 000 step B: :func:`blast_holding`), or when the attacker plays the card into the round.
- ``destroy_one_anywhere`` (Klik-Ka'Cha: "when Klik enters combat as a defender, he can destroy
  one magical item in play anywhere"; Cone of Cold: "destroys one artifact, chosen by the
  caster"): [decided] the owner's best: the strongest such card on the opposing champion in the
  round (one the card has effect on, not kept by ``items_kept``), else the strongest on a
  champion of the opposing pool. A champion's power acts at activation (step D), a played
  card's as it enters the round (step F).
- ``devour_items`` (Rust Monster: "this ally devours all magical items of +3 or less. The
  items are discarded instantly, and any more such played are also devoured"): [decided] "all"
  is both sides': the magical items of that bonus or less on either champion in the round are
  discarded as the card enters (:func:`devour_items`), and each played after it while it is in
  the round (:func:`devoured`, from ``reactions.answer_item``); an opposing champion immune to
  the card keeps its items; ``items_kept`` keeps them too.
- ``defeats_realm_champion`` (Apocalypse: "it automatically defeats a realm champion"): at
  activation (step D), the attacking champion against a realm defending itself (RULES.md §1
  "Combat") wins the round at once, as the powers that end a round at once: the defender may
  first play one card to change that (``round.WIN_AT_ONCE``).
"""

from __future__ import annotations

from ...core.engine import Event
from ..cards.cards import CardType
from ..cards.effects import Effect, EffectKind
from .context import Context, touch
from .facts import NO_OPPONENT, holds
from .judge import end_round
from .powers import Play, keeps, strongest
from .state import SpellfireState
from .totals import affects


def _defeats(play: Play, why: str) -> None:
    """The card's side wins the round at once (seed 000 step F, as ``win_round``)."""
    play.events.append(Event("power_wins_round", f"{play.card.name} wins the round for "
                                                 f"player_{play.player}: {why}", play.player,
                             {"card": play.card.key}))
    end_round(play.state, play.ctx, play.player, play.events)
    play.over = True


def defeated_unless_has(play: Play, e: Effect) -> None:
    """``defeated_unless_has``: the other side, with no card of ``card_types`` in the round and
    none it may play from its hand now, loses the round."""
    if not play.holds(e) or not play.hits:
        return
    state, fx = play.state, play.ctx.facts
    q = play.opponent
    champion = state.battle.champion[q]
    carried = state.players[q].attached.get(champion, []) if champion is not None else []
    types = set(e.card_types)
    if any(int(fx[i].type) in types for i in (*state.battle.support[q], *carried)):
        return
    hand = state.players[q].hand
    if any(int(fx[hand[s]].type) in types for s in play.ctx.playable(state, q, False)):
        return
    _defeats(play, "the other side has none of the cards it names and can play none")


def defeated_below(play: Play, e: Effect) -> None:
    """``defeated_below``: the other side's total is below ``amount`` now: it loses the
    round."""
    if play.holds(e) and play.hits and play.ctx.totals(play.state)[play.opponent] < e.amount:
        _defeats(play, f"the other side's total is below {e.amount}")


def discard_attacked_holding(play: Play, e: Effect) -> None:
    """``discard_attacked_holding`` on a card the attacker plays into the round."""
    if play.player == play.state.attacker and play.holds(e):
        _discard_holding(play.state, play.ctx, play.player, play.card.name, play.events)


def blast_holding(state: SpellfireState, ctx: Context, p: int, champion: int,
                  events: list[Event]) -> None:
    """``p`` has presented ``champion`` to attack: a ``discard_attacked_holding`` power of the
    champion or of a card it carries discards the attacked realm's holding (step B)."""
    fx = ctx.facts
    kind = EffectKind.DISCARD_ATTACKED_HOLDING
    for i in (champion, *state.players[p].attached.get(champion, ())):
        if any(holds(e.condition, True, NO_OPPONENT) for e in fx[i].get(kind)):
            _discard_holding(state, ctx, p, fx[i].name, events)
            return


def _discard_holding(state: SpellfireState, ctx: Context, p: int, by: str,
                     events: list[Event]) -> None:
    """The holding on the realm fought over, if any, goes to its owner's discard pile."""
    slot = state.battle.realm
    home = state.players[state.defender]
    holding = None if slot is None else home.holdings[slot]
    if slot is None or holding is None:
        return
    home.holdings[slot] = None
    state.players[state.owner[holding]].discard.append(holding)
    events.append(Event("cards_destroyed", f"{by} discards {ctx.name(holding)}", p,
                        {"cards": [state.cards[holding]]}))
    touch(state)


def destroy_one_anywhere(play: Play, e: Effect) -> None:
    """``destroy_one_anywhere``: the strongest card of ``card_types`` on the opposing champion
    in the round, else on a champion of the opposing pool, goes to its owner's discard pile."""
    if not play.holds(e):
        return
    state, fx = play.state, play.ctx.facts
    side = state.players[play.opponent]
    types = set(e.card_types)
    champion = state.battle.champion[play.opponent]

    def on(holder: int) -> list[int]:
        return [i for i in side.attached.get(holder, []) if int(fx[i].type) in types
                and not keeps(fx[holder], fx[i])]

    found = on(champion) if champion is not None and play.hits else []
    if not found:
        found = [i for c in side.pool for i in on(c)]
    for i in strongest(fx, found, 1):
        holder = next(c for c, cards in side.attached.items() if i in cards)
        side.attached[holder].remove(i)
        state.players[state.owner[i]].discard.append(i)
        play.gone.append(i)


def defeats_realm_champion(play: Play, e: Effect) -> None:
    """``defeats_realm_champion``: the card's side attacks a realm defending itself: it wins
    the round."""
    b = play.state.battle
    if play.player == play.state.attacker and b.realm_defends \
            and b.champion[play.opponent] is None and play.holds(e):
        _defeats(play, "it defeats a realm champion")


def _edible(state: SpellfireState, ctx: Context, p: int, item: int, e: Effect) -> bool:
    """Whether ``e`` devours ``item`` on player ``p``'s champion in the round."""
    champion = state.battle.champion[p]
    f = ctx.facts[item]
    return champion is not None and f.type == CardType.MAGICAL_ITEM \
        and f.bonus <= e.amount and not keeps(ctx.facts[champion], f)


def devour_items(play: Play, e: Effect) -> None:
    """``devour_items`` as the card enters the round: the magical items of bonus ``amount`` or
    less on both champions go to their owners' discard piles (the opposing champion's unless
    it is immune to the card)."""
    state = play.state
    for p in (play.player, play.opponent):
        champion = state.battle.champion[p]
        if champion is None or p == play.opponent and not play.hits:
            continue
        attached = state.players[p].attached.get(champion, [])
        for i in [i for i in attached if _edible(state, play.ctx, p, i, e)]:
            attached.remove(i)
            state.players[state.owner[i]].discard.append(i)
            play.gone.append(i)


def devoured(state: SpellfireState, ctx: Context, q: int, item: int,
             events: list[Event]) -> bool:
    """Player ``q`` has put the magical item ``item`` on its champion: a ``devour_items`` card
    in the round (either side's) devours it. True then."""
    sides = {s.player: s for s in ctx.sides(state)}
    for p in (0, 1):
        for card in state.battle.support[p]:
            f = ctx.facts[card]
            if p != q and not affects(f, sides[q]):
                continue
            if any(_edible(state, ctx, q, item, e) for e in f.get(EffectKind.DEVOUR_ITEMS)):
                champion = state.battle.champion[q]
                state.players[q].attached[champion].remove(item)  # type: ignore[index]
                state.players[state.owner[item]].discard.append(item)
                events.append(Event("cards_destroyed", f"{f.name} devours {ctx.name(item)}", p,
                                    {"card": f.key, "cards": [state.cards[item]]}))
                touch(state)
                return True
    return False
