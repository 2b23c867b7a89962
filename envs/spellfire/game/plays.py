"""The turn's legal plays of the player on turn in phases 2, 3 and 5 (RULES.md §1), as
functions over the state and its card facts. "Done" (``end_phase``) is the engine's to add."""

from __future__ import annotations

from collections.abc import Sequence

from ..battle.avatar import cost_payment
from ..battle.facts import Facts, carries, holding_fits
from ..battle.forms import as_champion
from ..battle.legal import avatars_barred
from ..battle.state import SLOTS, Side, SpellfireState
from ..cards.cards import CardType
from ..cards.effects import EffectKind
from . import outside
from .actions import GameActionSet
from .state import GameState

REBUILD_COST = 3
"""Cards discarded from the hand to rebuild a razed realm (RULES.md §1 phase 2)."""


def realm_names(table: SpellfireState, fx: Sequence[Facts]) -> set[str]:
    """Names of the realms in play on both sides (razed ones included)."""
    return {fx[r].name for side in table.players for r in side.realms if r is not None}


def standing_free(side: Side) -> list[int]:
    """Formation slots with a standing (unrazed) realm and no holding."""
    return [s for s in range(len(SLOTS)) if side.realms[s] is not None and not side.razed[s]
            and side.holdings[s] is None]


def holding_slots(side: Side, holding: Facts, fx: Sequence[Facts]) -> list[int]:
    """The formation slots ``holding`` may be attached to: a standing realm of its world with
    no holding (RULES.md §1 "Table"); a holding with ``rebuilds_razed_realm`` only a razed
    realm of its own world with no holding ("attach this holding to a razed Greyhawk realm to
    rebuild it instantly", Arms of the Shield Lands; issue 13, last1st)."""
    if holding.has(EffectKind.REBUILDS_RAZED_REALM):
        return [s for s in range(len(SLOTS)) if side.realms[s] is not None and side.razed[s]
                and side.holdings[s] is None
                and fx[side.realms[s]].card.world == holding.card.world]  # type: ignore[index]
    return [s for s in standing_free(side)
            if holding_fits(holding, fx[side.realms[s]])]  # type: ignore[index]


def turn_plays(state: GameState, fx: Sequence[Facts], acts: GameActionSet,
               hand_limit: int | None = None) -> list[int]:
    """The turn's plays of the player on turn now (without "done"); ``hand_limit``, the size
    phase 5 discards down to, is read in phase 5 only."""
    side = state.table.players[state.on_turn]
    hand = side.hand[:acts.hand_slots]
    if state.phase == 0:
        # RULES.md §1 phase 0: a rule card from the hand.
        return [acts.rule[i] for i, c in enumerate(hand) if fx[c].type == CardType.RULE]
    if state.phase == 2 and state.rebuild_owed:
        # The rebuild's price first: one chosen card from the hand at a time.
        return [acts.discard[i] for i in range(len(hand))]
    if state.phase == 2:
        return (_realm_plays(state, side, hand, fx, acts)
                + _holding_plays(state, side, hand, fx, acts))
    if state.phase == 3 and state.pending is not None:
        return target_plays(state, fx, acts)  # issue 13 (outside): the card's target
    if state.phase == 3:
        # RULES.md §1 phase 3, and the cards whose power acts outside battles (outside.py).
        return sorted(_pool_plays(side, hand, fx, acts)
                      + [acts.outside[i] for i in outside.playable(state, fx, acts.hand_slots,
                                                                    acts.pool_slots)])
    if state.phase == 5:
        assert hand_limit is not None, "phase 5 discards down to the hand limit"
        if len(side.hand) > hand_limit:
            # Phase 5: discard down to the hand limit, one chosen card at a time.
            return [acts.discard[i] for i in range(len(hand))]
    return []


def _realm_plays(state: GameState, side: Side, hand: list[int], fx: Sequence[Facts],
                 acts: GameActionSet) -> list[int]:
    """Phase 2: one realm into the next empty slot (one realm of a name in play across both
    players), or one rebuild of a razed realm, which costs three cards from the hand
    (RULES.md §1 phase 2)."""
    if state.realm_played or state.realm_bar is not None:  # Map of Life (outside)
        return []
    out: list[int] = []
    if None in side.realms:
        names = realm_names(state.table, fx)
        out += [acts.realm[i] for i, c in enumerate(hand)
                if fx[c].type == CardType.REALM and fx[c].name not in names]
    out += [acts.rebuild[s] for s in range(len(SLOTS)) if side.realms[s] is not None
            and side.razed[s] and len(side.hand) >= rebuild_cost(side, s, fx)]
    return out


def rebuild_cost(side: Side, slot: int, fx: Sequence[Facts]) -> int:
    """Cards from the hand that rebuilding the razed realm in ``slot`` costs: three (RULES.md
    §1 phase 2), or fewer by a ``rebuild_cost`` of the realm ("if razed, this realm can be
    rebuilt by discarding only one card", New Giustenal) or of a champion in the player's pool
    ("when in a pool, this champion allows a razed realm to be rebuilt by discarding only one
    card", The Builder; issue 13, c4th5b): the lowest of them."""
    realm = side.realms[slot]
    assert realm is not None
    found = [e.amount for c in (realm, *side.pool) for e in fx[c].get(EffectKind.REBUILD_COST)]
    return min((REBUILD_COST, *found))


def _holding_plays(state: GameState, side: Side, hand: list[int], fx: Sequence[Facts],
                   acts: GameActionSet) -> list[int]:
    """Phase 2: one holding onto a standing realm of its world with no holding (or a razed
    one: ``holding_slots``)."""
    if state.holding_played:
        return []
    out: list[int] = []
    for i, c in enumerate(hand):
        if fx[c].type == CardType.HOLDING:
            out += [acts.holding[i][s] for s in holding_slots(side, fx[c], fx)]
    return out


def _pool_plays(side: Side, hand: list[int], fx: Sequence[Facts],
                acts: GameActionSet) -> list[int]:
    """Phase 3: champions (not avatars [decided]: seed 001 restricts them; spoils bring one
    in, its cost paid, ``spoils_plays``) while the pool has room; magical items onto
    any pool champion; an artifact onto a champion it fits (one each, same world)."""
    pool = side.pool[:acts.pool_slots]
    room = len(side.pool) < acts.pool_slots
    out: list[int] = []
    for i, c in enumerate(hand):
        f = fx[c]
        if f.is_champion:
            if room and not f.card.avatar:
                out.append(acts.champion[i])
        elif f.has(EffectKind.ALLY_TO_CHAMPION):
            continue  # Magical Champion goes onto an ally of the hand (outside_first, first_b)
        elif f.type in (CardType.MAGICAL_ITEM, CardType.ARTIFACT):  # carried_only_by too
            out += [acts.attach[i][j] for j, holder in enumerate(pool)
                    if carries(f, as_champion(fx[holder]),  # an ally: first_b
                               [fx[a] for a in side.attached.get(holder, ())])]
    out.sort()
    return out


def spoils_plays(state: GameState, fx: Sequence[Facts], acts: GameActionSet) -> list[int]:
    """The ways to play the waiting spoils card at once (seed 001: "Spoils allow the player to
    play magic items, artifacts, champions, holdings, rule cards, and dungeons that are
    normally not playable"), by the phase's own actions on its hand slot and within the
    game's limits (the pool's slots, one realm of a name in play, a holding on a realm of its
    world, an artifact that fits, a rule card into play). An avatar goes into the pool when
    its printed cost can be met from the pool (seed 001: "Avatars can be played as spoils, but
    the cost associated with them must also be met"; ``battle/avatar.py``). Avatars whose
    cost cannot be met or read, dungeons (not modelled) and every other type are kept: an
    empty list."""
    inst = state.spoils
    assert inst is not None
    owner = state.table.owner[inst]
    side = state.table.players[owner]
    i = side.hand.index(inst)
    if i >= acts.hand_slots:
        return []
    f = fx[inst]
    if f.type == CardType.RULE:
        return [acts.rule[i]]
    if f.type == CardType.REALM:
        names = realm_names(state.table, fx)
        free = None in side.realms and state.realm_bar is None  # Map of Life (outside)
        return [acts.realm[i]] if free and f.name not in names else []
    if f.type == CardType.HOLDING:
        return [acts.holding[i][s] for s in holding_slots(side, f, fx)]
    if f.is_champion and f.card.avatar:
        if avatars_barred(state.table, fx):
            return []  # Arch-Druid: "no avatars may be played" (issue 13, c4th3b)
        return [] if cost_payment(side, fx, inst) is None else [acts.champion[i]]
    if f.is_champion or f.type in (CardType.MAGICAL_ITEM, CardType.ARTIFACT):
        # Phase 3's rules for champions, items and artifacts, on this one card.
        return [a for a in _pool_plays(side, side.hand[:acts.hand_slots], fx, acts)
                if acts.decode(a).get_int("hand") == i]
    return []


def target_plays(state: GameState, fx: Sequence[Facts], acts: GameActionSet) -> list[int]:
    """The targets the waiting card's power may be given (``outside.targets``), as the
    ``target_*`` actions of the player on turn (side 0: its own, 1: the opponent's)."""
    assert state.pending is not None
    out = []
    for t in outside.targets(state, fx, state.pending, acts.pool_slots):
        side = int(t.player != state.on_turn)
        if t.pool >= 0:
            out.append(acts.target_champion[side][t.pool])
        else:
            out.append(acts.target_player[side] if t.slot < 0
                       else acts.target_realm[side][t.slot])
    return sorted(out)
