"""The cost of an avatar (seed 000 step J, seed 001; issue 13).

Seed 000 step J: spoils "can be played immediately, even if it is a ... champion (including
Avatars)"; seed 001: "With spoils of victory, the only restriction is playing an avatar into the
pool. Avatars can be played as spoils, but the cost associated with them must also be met."

The cost is printed on each avatar ("Two Dark Sun champions must be discarded to bring this
avatar into play", "10+ levels of undead champions must be discarded ..."); the compiler reads
it into an ``avatar_cost`` effect (``cards/effects.py``). An avatar whose cost the compiler could
not read has no such effect and cannot be played as spoils.

[decided] The champions are discarded from the owner's pool (the costs speak of champions "with
an attached magical item", which only a pool champion has), with their attachments. The player
would choose them; the action space has no choice here, so :func:`cost_payment` takes the
cheapest way: for ``count`` champions the lowest-level ones that qualify, for a level total
the qualifying set with the smallest total that reaches it (then the fewest cards, then the
earliest in the pool).

Issue 13 (c4th5a): a champion with ``sacrifice_shuffled_back`` (Nenioc: "may be sacrificed to
bring out an avatar, but she is shuffled back into her player's draw pile rather than
discarded") pays as any champion that qualifies for the avatar's cost ([decided]: her card
does not say she meets every cost), and then goes into its owner's draw pile at a place drawn
by the game's chance (``battle/luck.py``), with its attachments to the discard pile
(:func:`shuffle_back_sacrificed`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from ..cards.effects import Effect, EffectKind
from .facts import Facts
from .luck import draw_luck
from .state import Side, SpellfireState


def avatar_cost(avatar: Facts) -> Effect | None:
    """The avatar's ``avatar_cost`` effect, or ``None`` when it has none (not readable)."""
    found = avatar.get(EffectKind.AVATAR_COST)
    return found[0] if found else None


def qualifies(champion: Facts, cost: Effect) -> bool:
    """Whether a pool champion may be discarded toward ``cost`` (type, attribute, world and,
    for a count of champions, level)."""
    if not champion.is_champion:
        return False
    if cost.card_types and int(champion.type) not in cost.card_types:
        return False
    if cost.attributes and not set(cost.attributes) & champion.card.attributes:
        return False
    worlds = cost.condition.self_worlds
    if worlds and int(champion.card.world) not in worlds:
        return False
    return cost.count == 0 or champion.level >= cost.amount


def cost_payment(side: Side, facts: Sequence[Facts], avatar: int) -> list[int] | None:
    """The pool champions of ``side`` that pay for ``avatar`` (see the module docstring), or
    ``None`` when the cost cannot be met (or is not known)."""
    cost = avatar_cost(facts[avatar])
    if cost is None:
        return None
    able = [c for c in side.pool if qualifies(facts[c], cost)]
    if cost.count > 0:
        if len(able) < cost.count:
            return None
        order = sorted(range(len(able)), key=lambda j: (facts[able[j]].level, j))
        return sorted((able[j] for j in order[:cost.count]), key=side.pool.index)
    best: tuple[int, int, tuple[int, ...]] | None = None
    for n in range(1, len(able) + 1):
        for combo in combinations(range(len(able)), n):
            total = sum(facts[able[j]].level for j in combo)
            if total >= cost.amount and (best is None or (total, n, combo) < best):
                best = (total, n, combo)
    return None if best is None else [able[j] for j in best[2]]


def pay(side: Side, owner: Sequence[int], players: Sequence[Side], paid: Sequence[int]) -> None:
    """Discard the champions ``paid`` from ``side``'s pool, each with its attachments, every
    card to its owner's discard pile."""
    for c in paid:
        side.pool.remove(c)
        for i in (c, *side.attached.pop(c, [])):
            players[owner[i]].discard.append(i)


def shuffle_back_sacrificed(state: SpellfireState, facts: Sequence[Facts],
                            paid: Sequence[int]) -> list[int]:
    """After :func:`pay`: the champions of ``paid`` with ``sacrifice_shuffled_back`` leave
    their owner's discard pile for a place in its draw pile drawn by chance (0 is the top);
    the ones moved."""
    back = [c for c in paid if facts[c].has(EffectKind.SACRIFICE_SHUFFLED_BACK)]
    for c in back:
        owner = state.players[state.owner[c]]
        owner.discard.remove(c)
        owner.draw.insert(draw_luck(state, len(owner.draw) + 1), c)
    return back
