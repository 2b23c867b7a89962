"""Powers acting outside battles: the cards the player on turn plays in phase 3 (issue 13,
outside).

RULES.md §1: "events may be played any time"; a spell's mark lists the phases in which it may be
played ("(Off/3)": phase 3). [decided] A card whose whole power acts outside battles (every
effect one of :data:`OUTSIDE_KINDS`: Good Fortune draws five cards, Sunray kills the undead in
one player's pool, Wall of Fog stops every attack) is played by the player on turn in phase 3,
beside its champions, items and artifacts: an event by anyone, a spell (or another card a
champion must be able to use) only while a champion in the player's pool may use it
(:func:`casters`). It is not played into a round: its power never acts in a battle
(``battle/facts.py`` ``playable_in_battle_phase``).

A card whose power names a target (one player's pool, one realm: :data:`TARGETS`) waits in its
owner's hand (``GameState.pending``) while the player chooses the target with a ``target_*``
action; a power with nothing to act on is not offered. The card then goes to its owner's
discard pile and its effects act in the order printed, each by its resolver in
:data:`RESOLVERS`. Where a card leaves a choice to a player the game's actions do not ask for
(which champion Raise Dead brings back, which realm Safe Harbor! rebuilds) the choice is
[decided] and documented at its resolver.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from ...core.engine import Event
from ..battle import defiler
from ..battle.facts import EVERY_CHAMPION_USES, Facts, stays_in_pool
from ..battle.forms import as_champion
from ..battle.state import SLOTS, Side
from ..cards.cards import TYPE_USES, CardType
from ..cards.effects import ALWAYS, OUTSIDE_KINDS, Effect, EffectKind
from .immunity import immune
from .judge import deck_out
from .outside_4th import RESOLVERS_4TH, TARGETS_4TH, fits, may_cast
from .outside_both import RESOLVERS_BOTH, TARGETS_BOTH, fits_both
from .outside_first import RESOLVERS as RESOLVERS_FIRST
from .outside_first import ally_to_champion_playable
from .outside_more import RESOLVERS as RESOLVERS_MORE
from .outside_more import killed_in_last_battle
from .outside_reprinted import RESOLVERS as RESOLVERS_REPRINTED
from .state import GameState
from .zones import champion_to_discard, draw_cards, realm_out, seed_order

K = EffectKind


class Target(str, Enum):
    """What a power's player chooses before it acts."""

    PLAYER = "player"
    """One player (``target_player`` [side]: 0 the player's own, 1 the opponent)."""
    REALM = "realm"
    """One realm in play, razed or not (``target_realm`` [side, slot])."""
    CHAMPION = "champion"
    """One champion in a pool (``target_champion`` [side, pool])."""


TARGETS: dict[EffectKind, Target] = {K.KILL_IN_POOL: Target.PLAYER, K.DESTROY_REALM: Target.REALM,
                                     K.REALM_TO_ABYSS: Target.REALM,  # out1
                                     K.BENCH_CHAMPION: Target.CHAMPION,
                                     **{k: Target(t) for k, t in TARGETS_4TH.items()},
                                     **{k: Target(t) for k, t in TARGETS_BOTH.items()}}
"""The kinds that act on a chosen target."""

ALL_PLAYERS = "all"
"""The mark of ``draw_now`` when every player draws."""


@dataclass(frozen=True)
class Chosen:
    """A target: the player it belongs to (absolute seat) and, for a realm, its slot; for a
    champion, its place in that player's pool."""

    player: int
    slot: int = -1
    pool: int = -1


def is_outside(f: Facts) -> bool:
    """Whether card ``f``'s whole power acts outside battles (played in phase 3)."""
    return bool(f.effects) and all(k in OUTSIDE_KINDS for k in f.effects)


def target_of(f: Facts) -> Target | None:
    """The target card ``f``'s power names (one per card at most), or ``None``."""
    found = [TARGETS[k] for k in f.effects if k in TARGETS]
    return found[0] if found else None


def casters(side: Side, fx: Sequence[Facts], f: Facts) -> list[int]:
    """The pool champions that may use card ``f`` (RULES.md §1 "Combat": what a champion may
    use comes from its type, its "uses" list and the cards it carries)."""
    out = []
    for c in side.pool:
        codes = set(EVERY_CHAMPION_USES) | TYPE_USES.get(as_champion(fx[c]).type, frozenset()) \
            | fx[c].card.uses
        for g in (fx[c], *(fx[a] for a in side.attached.get(c, ()))):
            codes.update(u for e in g.get(K.MAY_USE) if e.condition == ALWAYS for u in e.uses)
        if f.needs is not None and f.needs & codes and may_cast(fx[c], f):  # out4th: its bars
            out.append(c)
    return out


def playable(state: GameState, fx: Sequence[Facts], hand_slots: int,
             pool_slots: int) -> list[int]:
    """Hand slots (of the first ``hand_slots``) of the player on turn holding a card it may
    play now outside battles: phase 3, a caster for a spell (an event needs none: anyone
    plays it), something for the power to act on."""
    side = state.table.players[state.on_turn]
    return [i for i, c in enumerate(side.hand[:hand_slots])
            if is_outside(fx[c]) and _acts(state, fx, c, pool_slots) and (
                not fx[c].needs or casters(side, fx, fx[c])
                or fx[c].has(K.ALLY_TO_CHAMPION))]  # onto an ally of the hand (first_b)


def _acts(state: GameState, fx: Sequence[Facts], inst: int, pool_slots: int) -> bool:
    """Whether the card's power has something to act on (a target, when it names one)."""
    if fx[inst].has(K.RESTORE_KILLED) and not killed_in_last_battle(state):
        return False  # Silver Hands: after a battle, with a champion killed in it (last1st)
    if fx[inst].has(K.ALLY_TO_CHAMPION):  # Magical Champion: an ally, room in the pool
        return ally_to_champion_playable(state.table.players[state.on_turn], fx, inst,
                                         pool_slots)
    return target_of(fx[inst]) is None or bool(targets(state, fx, inst, pool_slots))


def targets(state: GameState, fx: Sequence[Facts], inst: int,
            pool_slots: int) -> list[Chosen]:
    """The targets the power of card ``inst`` may be given (players in seat order, realms by
    slot, champions by pool place among the first ``pool_slots``)."""
    # out4th: each kind of ``outside_4th`` accepts only the targets its ``fits`` says.
    return [t for t in _targets(state, fx, inst, pool_slots)
            if fits(state, fx, inst, t.player, t.slot, t.pool)
            and fits_both(state, fx, inst, t.player, t.pool)]  # c4th5a


def _targets(state: GameState, fx: Sequence[Facts], inst: int,
             pool_slots: int) -> list[Chosen]:
    table = state.table
    kind = target_of(fx[inst])
    if kind is Target.PLAYER:
        # (Death Fog's bar on the survivors acts even where it kills nobody: out4th.)
        return [Chosen(p) for p in (0, 1) if not fx[inst].has(K.KILL_IN_POOL)
                or fx[inst].has(K.BAR_POOL_ATTACKS)
                or any(_killed(state, fx, p, e, inst) for e in fx[inst].get(K.KILL_IN_POOL))]
    if kind is Target.REALM:
        return [Chosen(p, s) for p in (0, 1) for s in range(len(SLOTS))
                if table.players[p].realms[s] is not None]
    if kind is Target.CHAMPION:  # not one immune to the card (its type, (Off) spells)
        return [Chosen(p, pool=j) for p in (0, 1)
                for j, c in enumerate(table.players[p].pool[:pool_slots])
                if not immune(state, fx, p, c, inst) and c not in state.benched]
    return []


# --- playing the card -------------------------------------------------------------------------


def play(state: GameState, player: int, hand: int, fx: Sequence[Facts],
         hand_slots: int) -> list[Event]:
    """The player on turn plays the card in hand slot ``hand``: it waits for its target
    (``GameState.pending``), or acts at once."""
    inst = state.table.players[player].hand[hand]
    if target_of(fx[inst]) is not None:
        state.pending = inst
        return [Event("outside_chosen", f"player_{player} plays {fx[inst].name}: choose its "
                                        "target", player, {"card": state.table.cards[inst]})]
    return resolve(state, player, inst, None, fx, hand_slots)


def resolve(state: GameState, player: int, inst: int, target: Chosen | None,
            fx: Sequence[Facts], hand_slots: int) -> list[Event]:
    """Card ``inst`` leaves its owner's hand for the discard pile and its effects act, in the
    order printed, on ``target``."""
    table = state.table
    side = table.players[player]
    side.hand.remove(inst)
    side.discard.append(inst)
    state.pending = None
    on = "" if target is None else f" on {_target_text(state, fx, target)}"
    events = [Event("outside_played", f"player_{player} plays {fx[inst].name}{on}", player,
                    {"card": table.cards[inst],
                     "target": None if target is None else _target_data(target)})]
    costly = _costly_caster(state, player, inst, fx)
    act = Play(state, player, inst, target, fx, hand_slots, events)
    for e in fx[inst].card.effects:
        RESOLVERS[e.kind](act, e)
        if state.result is not None:
            break
    if costly is not None and state.result is None:
        defiler.pay_now(state.table, fx, costly, events)
    return events


def _costly_caster(state: GameState, player: int, inst: int, fx: Sequence[Facts]) -> int | None:
    """``spells_cost_realm`` (issue 13, first_a: Defiler): a spell played here is cast by a
    pool champion who may cast it; [decided] by one without the cost when there is one (the
    player's best), else by one with it, whose cost then falls at once
    (``battle/defiler.py``): that champion, or ``None``."""
    if fx[inst].type not in (CardType.WIZARD_SPELL, CardType.CLERIC_SPELL):
        return None
    who = casters(state.table.players[player], fx, fx[inst])
    if who and all(fx[c].has(K.SPELLS_COST_REALM) for c in who):
        return who[0]
    return None


def _target_text(state: GameState, fx: Sequence[Facts], t: Chosen) -> str:
    if t.pool >= 0:
        return f"{fx[state.table.players[t.player].pool[t.pool]].name} (player_{t.player})"
    if t.slot < 0:
        return f"player_{t.player}"
    realm = state.table.players[t.player].realms[t.slot]
    assert realm is not None
    return f"{fx[realm].name} (realm {SLOTS[t.slot]} of player_{t.player})"


def _target_data(t: Chosen) -> dict[str, object]:
    out: dict[str, object] = {"player": t.player}
    if t.slot >= 0:
        out["slot"] = SLOTS[t.slot]
    if t.pool >= 0:
        out["pool"] = t.pool
    return out


# --- the resolvers, one per kind ----------------------------------------------------------------


@dataclass
class Play:
    """One card's power acting: what its resolvers read and where they report."""

    state: GameState
    player: int
    """Who played the card (the player on turn)."""
    card: int
    target: Chosen | None
    fx: Sequence[Facts]
    hand_slots: int
    """The game's hand slots (``GameConfig.hand_slots``): a hand draws no more."""
    events: list[Event]


Resolver = Callable[[Play, Effect], None]


def _draw(act: Play, p: int, n: int) -> None:
    """Player ``p`` draws ``n`` cards; RULES.md §1: one who must draw from an empty draw pile
    ends the game. [decided] As in phase 1 (``turn.draw_phase``), a hand draws no more than
    fills its ``hand_slots``; the cards it leaves stay on the pile."""
    wanted, drawn = draw_cards(act.state, p, n, act.hand_slots)
    act.events.append(Event("cards_drawn", f"player_{p} draws {drawn} card(s)", p,
                            {"count": drawn}))
    if drawn < wanted:
        deck_out(act.state, p, act.events)


def draw_now(act: Play, e: Effect) -> None:
    """``draw_now``: "the player of this card draws five cards immediately" (Good Fortune);
    "all players draw three cards" (Treasure Fleet: the player first, then the other)."""
    for p in ([act.player, 1 - act.player] if e.mark == ALL_PLAYERS else [act.player]):
        if act.state.result is None:
            _draw(act, p, e.amount)


def new_hands(act: Play, e: Effect) -> None:
    """``new_hands``: "all players must discard their hands immediately and draw five cards"
    (Transformation!)."""
    for p in (act.player, 1 - act.player):
        side = act.state.table.players[p]
        act.events.append(Event("hand_discarded", f"player_{p} discards its hand "
                                                  f"({len(side.hand)} cards)", p,
                                {"count": len(side.hand)}))
        side.discard += side.hand
        side.hand = []
    for p in (act.player, 1 - act.player):
        if act.state.result is None:
            _draw(act, p, e.amount)


def _killed(state: GameState, fx: Sequence[Facts], p: int, e: Effect, card: int) -> list[int]:
    """The champions of ``p``'s pool that a ``kill_in_pool`` effect of ``card`` discards: of
    level ``amount`` or less (0: any), with one of ``attributes`` (none: any); not one that
    stays in its pool (Chernevik) or is immune to the card (:func:`_immune`)."""
    side = state.table.players[p]
    return [c for c in side.pool
            if (not e.amount or as_champion(fx[c]).level <= e.amount)  # an ally: first_b
            and (not e.attributes or fx[c].card.attributes & set(e.attributes))
            and not stays_in_pool(fx[c]) and not immune(state, fx, p, c, card)]


def kill_in_pool(act: Play, e: Effect) -> None:
    """``kill_in_pool``: "the sunray kills all undead in one player's pool": those champions
    and their attachments go to their owner's discard pile."""
    assert act.target is not None
    table, fx, p = act.state.table, act.fx, act.target.player
    gone = _killed(act.state, fx, p, e, act.card)
    for c in gone:
        champion_to_discard(table.players[p], c)
    act.events.append(Event("pool_champions_killed", f"{fx[act.card].name} kills " + (
        ", ".join(fx[c].name for c in gone) or "nobody") + f" in player_{p}'s pool",
        act.player, {"cards": [table.cards[c] for c in gone]}))


def truce_now(act: Play, e: Effect) -> None:
    """``truce_now``: "no attacks are allowed against any player until the caster's next turn"
    (Wall of Fog): the game's truce, which ends as that turn begins (``turn.start_turn``)."""
    act.state.truce = act.player
    act.events.append(Event("truce", f"no attack until player_{act.player}'s next turn",
                            act.player, {"until": act.player}))


def no_realm_plays(act: Play, e: Effect) -> None:
    """``no_realm_plays``: "no player can play a realm or rebuild a realm until this player's
    next turn" (Map of Life; ``plays.turn_plays`` and ``plays.spoils_plays`` read it)."""
    act.state.realm_bar = act.player
    act.events.append(Event("realm_plays_barred", "no realm may be played or rebuilt until "
                                                  f"player_{act.player}'s next turn",
                            act.player, {"until": act.player}))


def destroy_realm(act: Play, e: Effect) -> None:
    """``destroy_realm``: "destroys one realm, regardless of position. The destroyed realm
    must be discarded" (Disintegrate): the realm and its holding go to their owner's discard
    pile; the slot is empty (RULES.md §1: the next realm played refills it)."""
    t = act.target
    assert t is not None
    side = act.state.table.players[t.player]
    realm = side.realms[t.slot]
    assert realm is not None
    side.discard += realm_out(side, t.slot)
    act.events.append(Event("realm_destroyed", f"{act.fx[realm].name} (realm {SLOTS[t.slot]} "
                                               f"of player_{t.player}) is discarded",
                            act.player, {"realm": act.state.table.cards[realm],
                                         "slot": SLOTS[t.slot]}))


def no_attack_this_turn(act: Play, e: Effect) -> None:
    """``no_attack_this_turn``: "this player can make no attacks this turn" (Disintegrate):
    phase 4 of this turn has no battle (``rules._start_battle``)."""
    act.state.no_attack = True
    act.events.append(Event("no_attack_this_turn", f"player_{act.player} makes no attack "
                                                   "this turn", act.player, {}))


def raise_dead(act: Play, e: Effect) -> None:
    """``raise_dead``: "any one defeated champion can be selected from the player's discard
    pile and placed back in his hand" (Raise Dead). [decided] The player takes its
    highest-level champion there (seed 002's order breaks ties); never the card just
    played."""
    side, fx = act.state.table.players[act.player], act.fx
    found = sorted((c for c in side.discard if fx[c].is_champion and c != act.card),
                   key=lambda c: seed_order(fx, c))
    if not found:
        return
    side.discard.remove(found[0])
    side.hand.append(found[0])
    act.events.append(Event("card_returned", f"{fx[found[0]].name} returns to "
                                             f"player_{act.player}'s hand", act.player,
                            {"card": act.state.table.cards[found[0]]}))


def rebuild_each(act: Play, e: Effect) -> None:
    """``rebuild_each``: "every player can immediately rebuild one razed realm" (Safe
    Harbor!), at no cost. [decided] Each player rebuilds its front-most razed realm (slot
    order A..F: a realm in front shields those behind it, RULES.md §1). Not while no realm
    may be rebuilt (Map of Life, ``no_realm_plays``)."""
    if act.state.realm_bar is not None:
        act.events.append(Event("rebuild_barred", "no realm may be rebuilt now",
                                act.player, {}))
        return
    for p in (act.player, 1 - act.player):
        side = act.state.table.players[p]
        razed = [s for s in range(len(SLOTS)) if side.realms[s] is not None and side.razed[s]]
        if razed:
            side.razed[razed[0]] = False
            act.events.append(Event("realm_rebuilt", f"player_{p} rebuilds realm "
                                                     f"{SLOTS[razed[0]]}", p,
                                    {"slot": SLOTS[razed[0]]}))


def each_discards_champion(act: Play, e: Effect) -> None:
    """``each_discards_champion``: "all players must discard one champion from their pool"
    (Enslaved!), with its attachments. [decided] Each player gives up its lowest-level
    champion (the last in seed 002's order): the least it can lose; a champion that stays in
    its pool (Chernevik) is not given."""
    fx = act.fx
    for p in (act.player, 1 - act.player):
        side = act.state.table.players[p]
        found = sorted((c for c in side.pool if not stays_in_pool(fx[c])),
                       key=lambda c: seed_order(fx, c))
        if found:
            champion_to_discard(side, found[-1])
            act.events.append(Event("champion_discarded", f"player_{p} discards "
                                                          f"{fx[found[-1]].name} from its pool",
                                    p, {"card": act.state.table.cards[found[-1]]}))


def next_turn_of(state: GameState, player: int) -> int:
    """The number of ``player``'s next turn (the players alternate, RULES.md §1)."""
    return state.turn + (2 if player == state.on_turn else 1)


def bench_champion(act: Play, e: Effect) -> None:
    """``bench_champion``: "the affected champion can neither attack nor defend until after
    the owner's next turn" (Geas): it stays in its pool, and the game offers it no attack and
    no defence (``rules._battle_legal``) until that turn ends (``rules._end_turn``)."""
    t = act.target
    assert t is not None
    c = act.state.table.players[t.player].pool[t.pool]
    act.state.benched[c] = next_turn_of(act.state, t.player)
    act.events.append(Event("champion_benched", f"{act.fx[c].name} (player_{t.player}) can "
                                                "neither attack nor defend until the end of "
                                                f"turn {act.state.benched[c]}", act.player,
                            {"card": act.state.table.cards[c],
                             "until": act.state.benched[c]}))


RESOLVERS: dict[EffectKind, Resolver] = {
    K.DRAW_NOW: draw_now,
    K.NEW_HANDS: new_hands,
    K.KILL_IN_POOL: kill_in_pool,
    K.TRUCE_NOW: truce_now,
    K.NO_REALM_PLAYS: no_realm_plays,
    K.DESTROY_REALM: destroy_realm,
    K.NO_ATTACK_THIS_TURN: no_attack_this_turn,
    K.RAISE_DEAD: raise_dead,
    K.REBUILD_EACH: rebuild_each,
    K.EACH_DISCARDS_CHAMPION: each_discards_champion,
    K.BENCH_CHAMPION: bench_champion,
    **RESOLVERS_4TH,  # the 4th Edition and the booster sets (issue 13, out4th)
    **RESOLVERS_MORE,  # the 1st-3rd Editions (issue 13, out1)
    **RESOLVERS_REPRINTED,  # the 4th Edition reprinted in AR / FR (issue 13, c4th5b)
    **RESOLVERS_FIRST,  # Magical Champion (issue 13, first_b)
    **RESOLVERS_BOTH,  # printed in both the 3rd and 4th Editions (issue 13, c4th5a)
}
"""The resolver of each kind acting outside battles."""

assert frozenset(RESOLVERS) == OUTSIDE_KINDS, "one resolver per kind acting outside battles"
