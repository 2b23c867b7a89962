"""Card powers that act when a card enters the round (seed 000 steps D and F, seed 001).

Each function here resolves one effect kind for one card: ``fn(play, effect)``, where
:class:`Play` says whose card it is, against whom, and gathers what the card has done so far.
:mod:`.resolvers` maps each effect kind to its function; :mod:`.round` calls them:

- at step D (:data:`ACTIVATION_KINDS`), for each card of the round in seed 002's order: a power
  that ends the round at once does so;
- at step F, for a card just played, stage by stage (:data:`CARD_PLAY_STAGES`): first what ends
  the battle, then what cancels or destroys cards, then what discards champions (seed 001), then
  what wins or loses the round. Each stage ends with a settling step that applies what its kinds
  gathered.

Cards a count limits are taken strongest first [decided].
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from itertools import combinations

from ...core.engine import Event
from ..cards.cards import CHAMPION_TYPES, CardType
from ..cards.effects import ALWAYS, Effect, EffectKind
from .aftermath import razer_discarded
from .context import Context, touch
from .facts import (
    NO_OPPONENT,
    Facts,
    ally_in_round,
    holds,
    later_moves,
    moves_with,
    stays_in_pool,
)
from .facts import SPELL_TYPES as SPELLS
from .judge import champions_discarded, end_battle, end_round, raze, return_to_pool
from .shared_holdings import holdings_at
from .shields import realm_shielded
from .starving import artists, starve
from .state import SLOTS, SpellfireState
from .totals import RoundSide, affects, winning_side


class Moment(str, Enum):
    """When a power acts."""

    ACTIVATION = "activation"
    """Seed 000 step D: the round's cards activate (seed 002's order)."""
    CARD_PLAY = "card_play"
    """Seed 000 step F: a card has just been played into the round."""


@dataclass
class Play:
    """One card resolving: its owner ``player``, its facts, both sides of the round as they
    were when it entered, and what its effects have done so far."""

    state: SpellfireState
    ctx: Context
    player: int
    card: Facts
    me: RoundSide
    other: RoundSide
    events: list[Event]
    moment: Moment = Moment.CARD_PLAY
    inst: int | None = None
    """The card's instance, where a power counts its uses (``Battle.spent``)."""
    hits: bool = field(init=False)
    """The card has effect on the opposing champion (not immune to it: ``totals.affects``)."""
    discarded: list[bool] = field(default_factory=lambda: [False, False])
    """Per player: its champion is discarded by the card (seed 001)."""
    gone: list[int] = field(default_factory=list)
    """Card instances the card destroyed (discarded from play)."""
    no_victor: bool = False
    """The card ends the battle with no victor."""
    to_hand: frozenset[int] = frozenset()
    """(``end_battle``) card types that go back to their owners' hands, not to the discard
    piles, when the battle ends ("allies to the players' hands")."""
    over: bool = False
    """The round or the battle has ended: nothing more resolves."""

    def __post_init__(self) -> None:
        self.hits = affects(self.card, self.other)

    @property
    def opponent(self) -> int:
        return 1 - self.player

    def holds(self, e: Effect) -> bool:
        """Whether the condition of ``e`` holds for the card's side."""
        return holds(e.condition, self.me.attacking, self.me.opponent)


Power = Callable[[Play, Effect], None]
"""The function that resolves one effect of a card entering the round."""


# --- ends the battle -------------------------------------------------------------------------

def raze_realm(play: Play, e: Effect) -> None:
    """``raze_realm``. Seed 001: the realm is razed or discarded by card play: the battle ends,
    both champions return to their pools, the attacker draws spoils. A realm shielded from
    harmful events (Arms of Furyondy, :func:`_shielded`) is left alone."""
    if not play.holds(e) or _shielded(play):
        return
    state = play.state
    play.events.append(Event("realm_razed_by_card", f"{play.card.name} razes the attacked "
                                                    "realm", play.player,
                             {"card": play.card.key}))
    razer, slot = state.battle.champion[state.attacker], state.battle.realm
    realm = None if slot is None else state.players[state.defender].realms[slot]
    starving = artists(state, play.ctx, state.defender)  # The Starving Artist (c1st4)
    for p in (state.attacker, state.defender):
        return_to_pool(state, p, play.ctx.facts)
    raze(state, play.ctx, play.events)
    end_battle(state, play.ctx, "razed", state.attacker, play.events, spoils=not starving)
    starve(state, play.ctx, state.defender, starving, play.events)
    play.over = True
    if realm is not None:  # Raurin (4th Edition, c4th3a): the attacking champion discarded
        razer_discarded(state, play.ctx, realm, razer, play.events, by_card=True)


def discard_realm(play: Play, e: Effect) -> None:
    """``discard_realm`` ("destroys one realm of the player's choice; that realm is
    discarded"). Played by the attacker, on the attacked realm. Seed 001: "A battle ends when
    a realm is razed or discarded during combat due to card play (such as ... Cataclysm!)":
    the realm and its holding go to the defender's discard pile and the slot is empty; both
    champions return to their pools, the attacker draws spoils (issue 13 audit: Cataclysm!
    razed the realm instead). Played by the defender: one of the attacker's realms, [decided]
    its first standing one from A to F (else its first razed one); the battle goes on. A realm
    shielded from harmful events (Arms of Furyondy, :func:`_shielded`) is left alone."""
    if not play.holds(e):
        return
    state = play.state
    if play.player == state.attacker and _shielded(play):
        return
    if play.player != state.attacker:
        side = state.players[state.attacker]
        slots = [s for s in range(len(SLOTS)) if side.realms[s] is not None
                 and not realm_shielded(state, play.ctx.facts, state.attacker, s, play.card)]
        slots.sort(key=lambda s: side.razed[s])
        if slots and not _holding_instead(play, state.attacker, slots[0], False):
            _discard_slot(play, state.attacker, slots[0])
        return
    slot = state.battle.realm
    assert slot is not None
    home = play.me if play.player == state.defender else play.other
    if _holding_instead(play, state.defender, slot, home.holding_negated):
        return  # Keep of the Dead: the realm stands, the battle goes on
    starving = artists(state, play.ctx, state.defender)  # The Starving Artist (c1st4)
    _discard_slot(play, state.defender, slot)
    for p in (state.attacker, state.defender):
        return_to_pool(state, p, play.ctx.facts)
    state.battle.realm = None  # no realm stands there to point at
    end_battle(state, play.ctx, "razed", state.attacker, play.events, spoils=not starving)
    starve(state, play.ctx, state.defender, starving, play.events)
    play.over = True


def _shielded(play: Play) -> bool:
    """The realm fought over has a holding that shields it from the card (a harmful event:
    Arms of Furyondy, :func:`.shields.realm_shielded`), unless that holding is negated."""
    state = play.state
    slot = state.battle.realm
    home = play.me if play.player == state.defender else play.other
    return slot is not None and realm_shielded(state, play.ctx.facts, state.defender, slot,
                                               play.card, home.holding_negated)


def _holding_instead(play: Play, owner: int, slot: int, negated: bool) -> bool:
    """``discarded_for_realm`` (Keep of the Dead, issue 13 c4th3a: "if something forces the
    attached realm to be discarded, this holding is discarded instead, and the realm remains
    in play"): the realm's holding (not ``negated``) goes to the discard pile in its place.
    True then."""
    side = play.state.players[owner]
    # Of its holdings, those it shares included (The Sea Barons: issue 13, first_b).
    holding = next((h for h in holdings_at(side, play.ctx.facts, slot)
                    if play.ctx.facts[h].has(EffectKind.DISCARDED_FOR_REALM)), None)
    if negated or holding is None:
        return False
    side.holdings[side.holdings.index(holding)] = None
    side.discard.append(holding)
    play.events.append(Event("holding_discarded_instead", f"{play.ctx.name(holding)} is "
                                                          f"discarded instead of realm "
                                                          f"{SLOTS[slot]}", owner,
                             {"card": play.state.cards[holding], "slot": SLOTS[slot]}))
    touch(play.state)
    return True


def _discard_slot(play: Play, owner: int, slot: int) -> None:
    """The realm in ``slot`` of ``owner``'s formation and its holding go to the discard pile;
    the slot is empty."""
    side = play.state.players[owner]
    realm, holding = side.realms[slot], side.holdings[slot]
    assert realm is not None
    play.events.append(Event("realm_discarded_by_card", f"{play.card.name} discards realm "
                                                        f"{SLOTS[slot]} of player_{owner}",
                             play.player, {"card": play.card.key, "slot": SLOTS[slot],
                                           "realm": play.state.cards[realm]}))
    side.realms[slot] = side.holdings[slot] = None
    side.razed[slot] = False
    side.discard += [i for i in (realm, holding) if i is not None]
    touch(play.state)


def end_battle_now(play: Play, e: Effect) -> None:
    """``end_battle``: the battle ends with no victor (settled by :func:`settle_no_victor`);
    the round's cards of ``card_types`` go back to their owners' hands."""
    if play.holds(e):
        play.no_victor = True
        play.to_hand = play.to_hand | frozenset(e.card_types)


def wall(play: Play, e: Effect) -> None:
    """``only_attackable_by`` played into the round: an attacking champion without the
    movement cannot reach the realm; [decided] the battle ends with no victor, as
    ``end_battle``. A spell with this power shields its caster's realms ("attack across the
    wall", "this player's realms"): cast by the attacker it stops nothing in this battle
    (issue 13: a losing attacker must not end the battle with no victor by its own wall). An
    event says "any realm" (Faithful Hound): it stops any attack, the attacker's own
    included. An attacking champion of one of ``card_types`` passes too (Monstrous
    Intervention: "only monsters can attack"; issue 13, c4th3a)."""
    state = play.state
    attacker = state.battle.champion[state.attacker]
    own_realms_only = play.card.type in SPELLS
    if own_realms_only and (play.player != state.defender or play.other.negates_walls):
        return  # negate_walls: Passwall in the attacker's round
    if not play.holds(e) or attacker is None:
        return
    # The attacker's movement with its side's cards in the round: its attachments and the
    # spells played for it before the wall (Fly, Wind Walk: issue 13 audit 2).
    side = play.me if play.player == state.attacker else play.other
    cards = side.cards if side.champion is not None else ()
    if int(play.ctx.facts[attacker].type) in e.card_types:
        return  # Monstrous Intervention: "only monsters can attack" (issue 13, c4th3a)
    if not moves_with(play.ctx.facts[attacker], cards) & set(e.movement):
        play.no_victor = True


def wall_level(play: Play, e: Effect) -> None:
    """``wall_min_level`` played into the round: an attacking champion of level below
    ``amount`` cannot cross the wall; [decided] the battle ends with no victor, as
    :func:`wall`. A wall spell shields its caster's realms: cast by the attacker it stops
    nothing (issue 13)."""
    state = play.state
    attacker = state.battle.champion[state.attacker]
    if play.card.type in SPELLS and (play.player != state.defender or play.other.negates_walls):
        return  # negate_walls: Passwall in the attacker's round
    if not play.holds(e) or attacker is None:
        return
    if play.ctx.facts[attacker].level < e.amount:
        play.no_victor = True


def settle_no_victor(play: Play) -> None:
    """Seed 001 / ``end_battle``: both champions return to their pools, nobody draws spoils."""
    if not play.no_victor:
        return
    state = play.state
    play.events.append(Event("battle_ended_by_card", f"{play.card.name} ends the battle",
                             play.player, {"card": play.card.key}))
    for support in state.battle.support:
        # Darkness: "allies to the players' hands" (issue 13 audit: they were discarded).
        for i in [i for i in support if int(play.ctx.facts[i].type) in play.to_hand]:
            support.remove(i)
            state.players[state.owner[i]].hand.append(i)
    for p in (state.attacker, state.defender):
        return_to_pool(state, p, play.ctx.facts)
    end_battle(state, play.ctx, "ended", None, play.events, spoils=False)
    play.over = True


# --- cancels a spell ---------------------------------------------------------------------------

def cancel_spell(play: Play, e: Effect) -> None:
    """``cancel_spell``: the spell the other side played last into the round (of
    ``card_types`` if given, else a wizard or cleric spell) is cancelled: it leaves the round for
    its owner's discard pile, and its effect on the totals and on what may be played goes with
    it [decided: the other side's, the last one played: "cancels the effect of any spell" is
    played in answer]. It acts when the card enters the round; what the cancelled spell
    already did (cards it destroyed) stays done."""
    if not play.holds(e):
        return
    state, fx, q = play.state, play.ctx.facts, play.opponent
    types = set(e.card_types) or {int(CardType.WIZARD_SPELL), int(CardType.CLERIC_SPELL)}
    support = state.battle.support[q]
    spells = [i for i in support if int(fx[i].type) in types and _has_mark(fx[i], e.mark)]
    if not spells:
        return
    spell = spells[-1]
    if play.inst is not None:
        play.state.battle.spent.append(play.inst)  # one use (.reactions.answer_spell)
    support.remove(spell)
    state.players[state.owner[spell]].discard.append(spell)
    play.events.append(Event("spell_cancelled", f"{play.card.name} cancels {fx[spell].name}",
                             play.player, {"card": play.card.key, "cancelled": fx[spell].key}))
    touch(state)


def _has_mark(card: Facts, mark: str) -> bool:
    """Whether ``card`` has the (Off)/(Def) ``mark`` (any card when ``mark`` is empty)."""
    found = card.card.mark
    return not mark or (found is not None and found.value == mark)


# --- destroys cards --------------------------------------------------------------------------

def strongest(facts: Sequence[Facts], items: list[int], count: int) -> list[int]:
    """The ``count`` strongest of ``items`` (all when ``count`` is 0) [decided]."""
    items = sorted(items, key=lambda i: (-facts[i].bonus, facts[i].name, i))
    return items[:count] if count else items


def uses_left(play: Play, count: int, found: int) -> int:
    """How many of ``found`` targets a power of ``count`` uses per battle (0: no limit) may
    hit now, its uses spent (``Battle.spent``): -1 when none is left. "Destroys one magical
    item ... at any time during the battle" (Captain Kazhal): what is left answers the cards
    played later (``.reactions``; issue 13 audit 2)."""
    if not count or play.inst is None:
        return count
    spent = play.state.battle.spent
    left = count - spent.count(play.inst)
    if left <= 0:
        return -1
    spent += [play.inst] * min(left, found)
    return left


def fits(x: Facts, e: Effect) -> bool:
    """Whether card ``x`` is one that ``e`` hits: one of its ``attributes`` (if given), of level
    (champions) or bonus ``amount`` or less (if ``amount`` > 0)."""
    return (not e.attributes or bool(x.card.attributes.intersection(e.attributes))) and (
        e.amount == 0 or (x.level if x.is_champion else x.bonus) <= e.amount)


def destroy_allies(play: Play, e: Effect) -> None:
    """``destroy_allies``: opposing allies that fit go to their owner's discard pile."""
    if not (play.hits and play.holds(e)):
        return
    fx = play.ctx.facts
    q = play.opponent
    support = play.state.battle.support[q]
    # Flight, Tyrinon (movement); Lich Conclave ("become undead", c4th5a)
    mates = (play.other.champion, *play.other.cards)
    # ``movement``: allies with one of these are spared (4th Edition, c4th3c: Tail Slap, "all
    # nonflying opponents").
    allies = [i for i in support if fx[i].type == CardType.ALLY
              and fits(ally_in_round(fx[i], mates, later_moves(fx, support, i)), e)
              and not ally_in_round(fx[i], mates, later_moves(fx, support, i)).moves
              & set(e.movement)]
    count = uses_left(play, e.count, len(allies))
    if count < 0:
        return
    for i in strongest(fx, allies, count):
        support.remove(i)
        play.state.players[play.state.owner[i]].discard.append(i)
        play.gone.append(i)


def destroy_allies_total(play: Play, e: Effect) -> None:
    """``destroy_allies_total``: opposing allies whose bonuses total ``amount`` or less go to
    their owner's discard pile; [decided] the owner's choice is the set that removes the most
    levels (then the fewest cards, then the earliest played)."""
    if not (play.hits and play.holds(e)):
        return
    fx = play.ctx.facts
    support = play.state.battle.support[play.opponent]
    allies = [i for i in support if fx[i].type == CardType.ALLY]
    best: tuple[int, ...] = ()
    best_key = (0, 0)
    for n in range(1, len(allies) + 1):
        for group in combinations(allies, n):
            total = sum(max(fx[i].bonus, 0) for i in group)
            if total <= e.amount and (total, -n) > best_key:
                best, best_key = group, (total, -n)
    for i in best:
        support.remove(i)
        play.state.players[play.state.owner[i]].discard.append(i)
        play.gone.append(i)


def destroy_items(play: Play, e: Effect) -> None:
    """``destroy_items``: magical items of the opposing champion (with one of ``attributes``),
    and its cards of ``card_types`` (3rd Edition: Halfling Mercenaries' artifact), go to their
    owner's discard pile."""
    q = play.opponent
    opposing = play.state.battle.champion[q]
    if not play.hits or opposing is None or not play.holds(e):
        return
    fx = play.ctx.facts
    attached = play.state.players[q].attached.get(opposing, [])
    items = [i for i in attached if (fx[i].type == CardType.MAGICAL_ITEM
                                     or int(fx[i].type) in e.card_types)
             and (not e.attributes or fx[i].card.attributes.intersection(e.attributes))
             and not keeps(fx[opposing], fx[i])]
    count = uses_left(play, e.count, len(items))
    if count < 0:
        return
    for i in strongest(fx, items, count):
        attached.remove(i)
        play.state.players[q].discard.append(i)
        play.gone.append(i)


def destroy_all(play: Play, e: Effect) -> None:
    """``destroy_all``: every card in play on both sides that fits (pools with their
    attachments, items on champions, support) is discarded; champions in the round are
    discarded by card play (seed 001, settled with the other discards)."""
    state, fx = play.state, play.ctx.facts
    b = state.battle
    types = set(e.card_types)

    def hit(i: int, x: Facts | None = None) -> bool:
        return int(fx[i].type) in types and fits(fx[i] if x is None else x, e)

    # In the round, the champions and allies with the movement their side's cards give them
    # (Wind Dancers destroys a champion that cast Fly: issue 13 audit 2).
    rounds = {play.me.player: play.me, play.other.player: play.other}

    named = _slain_types(e)
    for p, side in enumerate(state.players):
        for c in [c for c in side.pool if hit(c) and not stays_in_pool(fx[c]) and not spared(
                fx[c], [fx[a] for a in side.attached.get(c, ())], named, e.attributes)]:
            side.pool.remove(c)
            side.discard.append(c)
            side.discard += side.attached.pop(c, [])
            play.gone.append(c)
        held = b.champion[p]
        for holder in [*side.pool, *([] if held is None else [held])]:
            items = side.attached.get(holder, [])
            for i in [i for i in items if hit(i) and not keeps(fx[holder], fx[i])]:
                items.remove(i)
                side.discard.append(i)
                play.gone.append(i)
        mates = (rounds[p].champion, *rounds[p].cards)
        for i in [i for i in b.support[p] if hit(i, ally_in_round(
                fx[i], mates, later_moves(fx, b.support[p], i))
                if fx[i].type == CardType.ALLY else None)]:
            b.support[p].remove(i)
            state.players[state.owner[i]].discard.append(i)
            play.gone.append(i)
    for p in (0, 1):
        fighting = b.champion[p]
        rs = rounds[p]
        if fighting is not None and hit(fighting, rs.champion) and not spared(
                rs.champion, rs.cards, named, e.attributes) and (p == play.player or play.hits):
            play.discarded[p] = True  # an opposing champion immune to the card stays


def _slain_types(e: Effect) -> tuple[int, ...]:
    """The champion types a ``destroy_all`` aims at (none when it names every champion type:
    it kills by level or by attribute, not by type)."""
    types = set(e.card_types) & {int(t) for t in CHAMPION_TYPES}
    return () if types == {int(t) for t in CHAMPION_TYPES} else tuple(sorted(types))


def spared(champion: Facts | None, carried: Sequence[Facts], types: Sequence[int],
           attributes: Sequence[int]) -> bool:
    """``immune_to_slaying``: ``champion`` or a card it carries makes it immune to a power
    that kills champions of ``types`` or with ``attributes`` ("the attached champion is immune
    to cards that instantly kill wizards"; issue 13, 4th Edition)."""
    if champion is None:
        return False
    return any(set(types) & set(s.card_types) or set(attributes) & set(s.attributes)
               for c in (champion, *carried) for s in c.get(EffectKind.IMMUNE_TO_SLAYING))


def settle_destroyed(play: Play) -> None:
    """The cards destroyed by the card are reported together."""
    if play.gone:
        fx = play.ctx.facts
        play.events.append(Event("cards_destroyed", f"{play.card.name} destroys " + ", ".join(
            fx[i].name for i in play.gone), play.player,
            {"cards": [play.state.cards[i] for i in play.gone]}))
        touch(play.state)


# --- discards champions and allies -----------------------------------------------------------

def discard_opposing_champion(play: Play, e: Effect) -> None:
    """``discard_opposing_champion``: card play discards the opposing champion (seed 001).
    With the mark "losing" (Ambush, issue 13 c4th3a: "if on the losing side of a battle ...
    that champion is automatically defeated and is discarded") only when the card's side is
    losing as it is played; a realm defending itself is defeated: it loses the round."""
    state = play.state
    if e.mark == "losing" and winning_side(state, play.ctx.totals(state)) == play.player:
        return
    if not (play.hits and play.holds(e)):
        return
    if state.battle.champion[play.opponent] is not None:
        play.discarded[play.opponent] = True
    elif e.mark == "losing" and play.opponent == state.defender and state.battle.realm_defends:
        play.events.append(Event("power_wins_round", f"{play.card.name} defeats the realm "
                                                     "defending itself", play.player,
                                 {"card": play.card.key}))
        end_round(state, play.ctx, play.player, play.events)
        play.over = True


def destroy_champion(play: Play, e: Effect) -> None:
    """``destroy_champion``: the opposing champion, of level ``amount`` or less (0: any), is
    destroyed. At activation (seed 000 step D) the round ends at once, won by the card's side;
    played as a card, the champion is discarded by card play (seed 001)."""
    q = play.opponent
    opposing = play.state.battle.champion[q]
    if opposing is None or not play.hits or not play.holds(e):
        return
    victim = play.ctx.facts[opposing]
    if e.amount and victim.level > e.amount:
        return
    if spared(play.other.champion, play.other.cards, e.condition.vs_types,
              e.condition.vs_attributes):
        return  # immune_to_slaying (issue 13, 4th Edition)
    if play.moment is Moment.CARD_PLAY:
        play.discarded[q] = True
        return
    play.events.append(Event("champion_destroyed", f"{play.card.name} destroys {victim.name}",
                             play.player, {"card": play.card.key, "victim": victim.key}))
    end_round(play.state, play.ctx, play.player, play.events)
    play.over = True


def destroy_champion_armed(play: Play, e: Effect) -> None:
    """``destroy_champion_armed``: card play discards the opposing champion when its level plus
    the bonuses of its magical items and artifacts is ``amount`` or less (seed 001)."""
    q = play.opponent
    opposing = play.state.battle.champion[q]
    if opposing is None or not play.hits or not play.holds(e):
        return
    fx = play.ctx.facts
    carried = play.state.players[q].attached.get(opposing, ())
    level = fx[opposing].level + sum(fx[i].bonus for i in carried if fx[i].type in (
        CardType.MAGICAL_ITEM, CardType.ARTIFACT))
    if level <= e.amount:
        play.discarded[q] = True


def discard_winning_attacker(play: Play, e: Effect) -> None:
    """``discard_winning_attacker``: played by the defender while the attacking champion is
    winning the round, card play discards that champion (Pit Trap!: "traps a winning champion
    so a realm is not razed. The champion is discarded as if he had lost the battle"; seed
    001: the battle is over, the defender gets the spoils)."""
    state = play.state
    att = state.attacker
    if play.player != state.defender or state.battle.champion[att] is None:
        return
    if play.hits and play.holds(e) and winning_side(state, play.ctx.totals(state)) == att:
        play.discarded[att] = True


def destroy_pool_champions(state: SpellfireState, ctx: Context, p: int, champion: int,
                           events: list[Event]) -> None:
    """``destroy_pool_champions``: ``p`` has presented ``champion``; its power (or a carried
    card's) discards up to ``count`` champions of ``card_types`` from the other player's pool,
    strongest first, with their attachments (Agis: "when attacking, can psionically destroy
    one monster in the defender's pool before battle begins"; [decided] the power is always
    used, the strongest taken). Acting psionically (``mark`` "psionic"), it spares a champion
    immune to psionic powers."""
    fx = ctx.facts
    q = 1 - p
    other = state.players[q]
    sources = (champion, *state.players[p].attached.get(champion, ()))
    for e in (e for i in sources for e in fx[i].get(EffectKind.DESTROY_POOL_CHAMPIONS)):
        if not holds(e.condition, p == state.attacker, NO_OPPONENT):
            continue
        hit = [c for c in other.pool if int(fx[c].type) in e.card_types
               and not stays_in_pool(fx[c])
               and not (e.mark == "psionic" and _immune_to_psionics(fx[c]))
               and not spared(fx[c], [fx[a] for a in other.attached.get(c, ())], e.card_types,
                              ())]
        gone = strongest_champions(fx, hit, e.count)
        for c in gone:
            other.pool.remove(c)
            other.discard.append(c)
            other.discard += other.attached.pop(c, [])
        if gone:
            events.append(Event("cards_destroyed", f"{fx[champion].name} destroys " + ", ".join(
                fx[c].name for c in gone), p, {"cards": [state.cards[c] for c in gone]}))
            touch(state)


def _immune_to_psionics(f: Facts) -> bool:
    return any(int(CardType.PSIONIC_POWER) in e.card_types and e.condition == ALWAYS
               for e in f.get(EffectKind.IMMUNE_TO))


def strongest_champions(facts: Sequence[Facts], items: list[int], count: int) -> list[int]:
    """The ``count`` champions of ``items`` of the highest level (all when ``count`` is 0)
    [decided]."""
    items = sorted(items, key=lambda i: (-facts[i].level, facts[i].name, i))
    return items[:count] if count else items


def discard_own_champion(play: Play, e: Effect) -> None:
    """``discard_own_champion``: card play discards the card's own side's champion."""
    if play.state.battle.champion[play.player] is not None and play.holds(e):
        play.discarded[play.player] = True


def discard_allies(play: Play, e: Effect) -> None:
    """``discard_allies``: every opposing ally in the round is discarded."""
    if not (play.hits and play.holds(e)):
        return
    state, fx, q = play.state, play.ctx.facts, play.opponent
    support = state.battle.support[q]
    allies = [i for i in support if fx[i].type == CardType.ALLY]
    for i in allies:
        support.remove(i)
        state.players[state.owner[i]].discard.append(i)
    if allies:
        play.events.append(Event("allies_discarded", f"{play.card.name} discards "
                                                     f"player_{q}'s allies", play.player,
                                 {"cards": [state.cards[i] for i in allies]}))
        touch(state)


def settle_discarded(play: Play) -> None:
    """Seed 001: champions discarded by card play end the round or the battle."""
    if any(play.discarded):
        champions_discarded(play.state, play.ctx, play.discarded, play.events)
        play.over = True


# --- wins or loses the round -----------------------------------------------------------------

def win_round(play: Play, e: Effect) -> None:
    """``win_round``: the card's side wins the round outright (seed 000 steps D and F)."""
    if play.holds(e) and play.hits:
        play.events.append(Event("power_wins_round", f"{play.card.name} wins the round for "
                                                     f"player_{play.player}", play.player,
                                 {"card": play.card.key}))
        end_round(play.state, play.ctx, play.player, play.events)
        play.over = True


def lose_round(play: Play, e: Effect) -> None:
    """``lose_round``: the card's side loses the round outright."""
    if play.holds(e):
        play.events.append(Event("power_loses_round", f"{play.card.name} loses the round for "
                                                      f"player_{play.player}", play.player,
                                 {"card": play.card.key}))
        end_round(play.state, play.ctx, play.opponent, play.events)
        play.over = True


def settle_nothing(play: Play) -> None:
    """A stage whose powers act as they resolve."""


@dataclass(frozen=True)
class Stage:
    """Effect kinds of a played card that resolve together, then ``settle``."""

    kinds: tuple[EffectKind, ...]
    settle: Callable[[Play], None]


CARD_PLAY_STAGES: tuple[Stage, ...] = (
    Stage((EffectKind.RAZE_REALM, EffectKind.DISCARD_REALM, EffectKind.RESTORE_REALM,
           EffectKind.RAZE_FIRST_REALMS, EffectKind.DISCARD_ATTACKED_HOLDING,
           EffectKind.TRUCE, EffectKind.BONUS_FROM_DIGIT), settle_nothing),
    Stage((EffectKind.END_BATTLE, EffectKind.ONLY_ATTACKABLE_BY, EffectKind.WALL_MIN_LEVEL),
          settle_no_victor),
    Stage((EffectKind.CANCEL_SPELL, EffectKind.CANCEL_EVENT, EffectKind.TURN_SPELL),
          settle_nothing),
    Stage((EffectKind.STEAL_ALLY, EffectKind.TAKE_ALLY_FROM_HAND), settle_nothing),
    Stage((EffectKind.DESTROY_ALLIES, EffectKind.DESTROY_ITEMS, EffectKind.DESTROY_ALL,
           EffectKind.DESTROY_ALLIES_TOTAL, EffectKind.DESTROY_ALLY_OR_ITEM,
           EffectKind.LEVELS_OR_ITEM, EffectKind.DISPEL_ALL, EffectKind.DESTROY_ONE_ANYWHERE,
           EffectKind.DEVOUR_ITEMS,
           # 4th Edition, third pass (c4th3c): .powers_4th_c
           EffectKind.ALLIES_UNDER_CARD_DIGIT, EffectKind.DISCARD_HIGHEST_PLAYED,
           EffectKind.DISCARD_OPPOSING_HOLDING, EffectKind.OPPONENT_DISCARDS_WEAKEST,
           EffectKind.NO_EVENTS_IN_PLAY, EffectKind.DRAW_DIGIT_ALLIES,
           # 4th Edition, 178-520 second round (c4th4): .powers_4th_d
           EffectKind.HAND_DISCARDS_WEAKEST),
          settle_destroyed),
    Stage((EffectKind.DISCARD_OPPOSING_CHAMPION, EffectKind.DESTROY_CHAMPION,
           EffectKind.DESTROY_CHAMPION_ARMED, EffectKind.DISCARD_WINNING_ATTACKER,
           EffectKind.DISCARD_OWN_CHAMPION, EffectKind.DISCARD_ALLIES,
           EffectKind.DISCARD_ARMED_CHAMPION), settle_discarded),
    Stage((EffectKind.WIN_ROUND, EffectKind.LOSE_ROUND, EffectKind.DEFEATED_UNLESS_HAS,
           EffectKind.DEFEATED_BELOW, EffectKind.DRAW_DIGIT_DEFEATS), settle_nothing),
)
"""The order in which a played card's effects resolve (seed 001: what ends the battle first,
then what cancels cards (spells, events), what switches allies, what destroys cards, then
what discards champions, then what ends the round). The functions of ``cancel_event`` and
``steal_ally`` are in :mod:`.reactions` (found through the resolver table)."""

ACTIVATION_KINDS: tuple[EffectKind, ...] = (EffectKind.BONUS_FROM_DIGIT,  # c4th5b: first
                                            EffectKind.DESTROY_ITEMS,
                                            EffectKind.DESTROY_ONE_ANYWHERE,
                                            EffectKind.DISCARD_OPPOSING_HOLDING,
                                            EffectKind.LOSE_ROUND,
                                            EffectKind.DRAW_DIGIT_DISCARDS_ATTACKER,
                                            EffectKind.DEFEATS_REALM_CHAMPION,
                                            EffectKind.WIN_ROUND, EffectKind.DESTROY_CHAMPION)
"""Powers that act at activation (seed 000 step D), in this order for each card: a card
already in the round whose power destroys the opposing champion's magical items (a realm:
"the attacking champion must discard one magical item", issue 13) acts there, before the
powers that end the round. A champion that "is automatically defeated by a wizard" loses the
round there (issue 13 audit: it never acted, ``lose_round`` was read only on played cards);
[decided] its own side is not offered an answer to its own champion's weakness. Klik-Ka'Cha's
``destroy_one_anywhere`` and Apocalypse's ``defeats_realm_champion`` act there too (issue 13,
c4th3b: :mod:`.powers_fourth_b`). A realm's or holding's draw that may discard the attacking
champion (4th Edition, c4th3c: Caves of Mystery, ``draw_digit_discards_attacker``) acts after
the items, before the powers that win the round at once (:data:`.round.WIN_AT_ONCE`). A
champion's ``discard_opposing_holding`` acts there too, after the items' powers (issue 13,
c4th4: Madman Enraged, "during combat ... destroys one of the opposing player's holdings")."""


# --- added for the 3rd Edition (issue 13, c3rd) -------------------------------------------------

def win_over_total(state: SpellfireState, ctx: Context, events: list[Event]) -> bool:
    """``win_over_total`` (Kevin's Blade of Doom: "if the combat level of the attached hero or
    monster is greater than 20 (after all modifiers), the champion automatically wins the
    battle"): read whenever the totals are announced (seed 000 steps E-F); a side whose card
    with the power still has effect, its condition holding, and whose total is above the
    power's ``amount`` wins the round at once (as ``win_round``). True then."""
    sides = ctx.sides(state)
    kind = EffectKind.WIN_OVER_TOTAL
    if not any(c is not None and c.has(kind) for s in sides for c in (s.champion, *s.cards)):
        return False
    totals = ctx.totals(state)
    for me, other in (sides, sides[::-1]):
        cards = [c for c in me.cards if affects(c, other)]
        for card in ([] if me.champion is None else [me.champion]) + cards:
            if any(holds(e.condition, me.attacking, me.opponent)
                   and totals[me.player] > e.amount for e in card.get(kind)):
                events.append(Event("power_wins_round", f"{card.name} wins the round for "
                                                        f"player_{me.player}", me.player,
                                    {"card": card.key}))
                end_round(state, ctx, me.player, events)
                return True
    return False


def keeps(champion: Facts, item: Facts) -> bool:
    """``items_kept`` (3rd Edition, Mordenkainen: "any magical item attached to Mordenkainen
    cannot be removed by any means"): the champion's magical items are never destroyed; they
    go only where the champion goes."""
    return item.type == CardType.MAGICAL_ITEM and champion.has(EffectKind.ITEMS_KEPT)
