"""Dealing a seeded mid-game position from two decks (battle mode, [decided] RULES.md §1).

Each player's deck is shuffled with the game's ``numpy.random.Generator``; then, per player:
realms fill the formation from slot A (some razed, one always standing), holdings go onto some
standing realms, champions into the pool with magical items and artifacts attached where they
fit (one artifact per champion, same world), cards into the hand and the discard pile; the rest
is the draw pile. The attacker always holds at least one champion (hand or pool), so an attack
is possible: some standing realm of the defender is always exposed (RULES.md §1 "Table").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from ...core.errors import StateError
from ..cards.cards import Card, CardType
from .config import SpellfireConfig
from .facts import Facts, carries
from .luck import new_luck
from .state import Battle, Side, SpellfireState
from .totals import card_list_values


class DeckSource(Protocol):
    """What the deal needs of a pack (``pack.Pack`` and ``practice.PracticePack`` both fit)."""

    @property
    def cards(self) -> Mapping[str, Card]: ...

    @property
    def decks(self) -> Mapping[str, tuple[str, ...]]: ...


def load_source(config: SpellfireConfig) -> DeckSource:
    """The pack the config names (CrossFire folder, built-in pack or practice pack)."""
    if config.crossfire is not None:
        from ..cards.pack import load_crossfire_pack

        folder = None if config.crossfire == "env" else config.crossfire
        pack: Any = load_crossfire_pack(folder, modelled_only=config.modelled_only)
        return pack  # type: ignore[no-any-return]
    if config.pack == "practice":
        from ..cards.practice import load_practice_pack

        return load_practice_pack()
    from ..cards.pack import load_builtin_pack

    builtin: Any = load_builtin_pack()
    if config.modelled_only:
        # Issue 4: the env can leave cards whose power is not modelled out of the decks.
        builtin = builtin.without_unmodelled()
    return builtin  # type: ignore[no-any-return]


def playable_decks(source: DeckSource) -> list[str]:
    """Deck titles a battle can be dealt from: starter decks if the pack has them, else every
    deck with at least one realm and one champion."""
    def usable(title: str) -> bool:
        cards = [source.cards.get(k) for k in source.decks[title]]
        return (any(c is not None and c.type == CardType.REALM for c in cards)
                and any(c is not None and c.is_champion for c in cards))

    titles = sorted(t for t in source.decks if usable(t))
    starters = [t for t in titles if "Starter" in t]
    return starters or titles


@dataclass(frozen=True)
class DeckInfo:
    """One deck as the deal reads it (computed once per deck)."""

    keys: tuple[str, ...]
    facts: tuple[Facts, ...]
    kind: tuple[str, ...]
    """Per card: ``realm``, ``holding``, ``champion`` (not an avatar), ``item`` (magical item or
    artifact) or ``other``."""


def _kind(f: Facts) -> str:
    if f.type == CardType.REALM:
        return "realm"
    if f.type == CardType.HOLDING:
        return "holding"
    if f.is_champion and not f.card.avatar:
        return "champion"
    if f.type in (CardType.MAGICAL_ITEM, CardType.ARTIFACT):
        return "item"
    return "other"


class Dealer:
    """Deals positions from one pack; keeps what it reads of each deck (the deal runs at every
    reset, so it must be cheap)."""

    def __init__(self, source: DeckSource, facts_of: Callable[[str], Facts]) -> None:
        self.source = source
        self.facts_of = facts_of
        self.titles = playable_decks(source)
        self._decks: dict[str, DeckInfo] = {}
        self._pairs: dict[tuple[str, str], tuple[list[str], list[int], list[Facts]]] = {}
        self._kept: dict[tuple[str, str], dict[str, object]] = {}

    def deck(self, title: str) -> DeckInfo:
        found = self._decks.get(title)
        if found is None:
            keys = tuple(k for k in self.source.decks[title] if k in self.source.cards)
            facts = tuple(self.facts_of(k) for k in keys)
            found = self._decks[title] = DeckInfo(keys, facts, tuple(_kind(f) for f in facts))
        return found

    def pair(self, picks: tuple[str, str]) -> tuple[list[str], list[int], list[Facts]]:
        """(card keys, owners, facts) of a game between two decks."""
        found = self._pairs.get(picks)
        if found is None:
            a, b = self.deck(picks[0]), self.deck(picks[1])
            found = self._pairs[picks] = ([*a.keys, *b.keys], [0] * len(a.keys) + [1] * len(
                b.keys), [*a.facts, *b.facts])
        return found

    def kept(self, picks: tuple[str, str]) -> dict[str, object]:
        """The cache entries that depend on the card list of a game between two decks only
        (:func:`.totals.card_list_values`), worked out once per pair."""
        found = self._kept.get(picks)
        if found is None:
            found = self._kept[picks] = card_list_values(self.pair(picks)[2])
        return found

    def deal(self, config: SpellfireConfig, rng: np.random.Generator) -> SpellfireState:
        """A fresh battle-mode position (see the module docstring)."""
        titles = self.titles
        first = rng.random(2).tolist()
        if isinstance(config.decks, str):
            if not titles:
                raise StateError("decks", "the pack has no deck with a realm and a champion")
            i, j = (min(int(u * len(titles)), len(titles) - 1) for u in first)
            picks = (titles[i], titles[j])
        else:
            picks = (config.decks[0], config.decks[1])
            for n, title in enumerate(picks):
                if title not in self.source.decks:
                    raise StateError(f"decks[{n}]", f"unknown deck {title!r}; known: {titles}")
        attacker = (int(rng.random() < 0.5) if config.attacker == "random"
                    else int(config.attacker[-1]))
        cards, owner, _ = self.pair(picks)
        players = []
        base = 0
        for p, title in enumerate(picks):
            deck = self.deck(title)
            players.append(_deal_side(config, deck, base, rng, needs_champion=p == attacker,
                                      title=title))
            base += len(deck.keys)
        state = SpellfireState(cards=list(cards), owner=list(owner), players=players,
                               attacker=attacker, battle=Battle())
        # Issue 13 (c1st5): the seed of the game's chance, drawn last (the deal is unchanged).
        state.luck = new_luck(rng)
        state.cache.update(self.kept(picks))
        return state


class _Rolls:
    """Uniform draws taken from the generator in one batch (one numpy call per side instead
    of one per draw: the deal runs at every reset)."""

    def __init__(self, rng: np.random.Generator, n: int = 48) -> None:
        self.rng = rng
        self.values = rng.random(n).tolist()
        self.i = 0

    def next(self) -> float:
        if self.i >= len(self.values):
            self.values = self.rng.random(len(self.values)).tolist()
            self.i = 0
        self.i += 1
        return self.values[self.i - 1]  # type: ignore[no-any-return]

    def between(self, pair: tuple[int, int]) -> int:
        """An integer in ``pair`` (inclusive), uniformly."""
        lo, hi = pair
        return lo + min(int(self.next() * (hi - lo + 1)), hi - lo)

    def below(self, n: int) -> int:
        return min(int(self.next() * n), n - 1)


def _deal_side(config: SpellfireConfig, deck: DeckInfo, base: int, rng: np.random.Generator,
               needs_champion: bool, title: str) -> Side:
    """One player's zones dealt from its shuffled deck: formation, pool with items, hand,
    discard pile, the rest the draw pile (instances numbered from ``base``)."""
    side = Side()
    order = rng.permutation(len(deck.keys)).tolist()
    rolls = _Rolls(rng)
    buckets: dict[str, list[int]] = {"realm": [], "holding": [], "champion": [], "item": [],
                                     "other": []}
    for i in order:
        buckets[deck.kind[i]].append(i)
    taken = _deal_formation(side, config, buckets, base, rolls, title)
    pool = buckets["champion"][:rolls.between(config.pool_size)]
    side.pool = [base + c for c in pool]
    taken.update(pool)
    leftover = _deal_items(side, config, deck, buckets["item"], pool, base, rolls, taken)
    pile = [i for i in order if i not in taken] + leftover
    hand = pile[:rolls.between(config.hand_size)]
    del pile[:len(hand)]
    if needs_champion and not pool and not any(deck.kind[i] == "champion" for i in hand):
        champion = next((i for i in pile if deck.kind[i] == "champion"), None)
        if champion is None:
            raise StateError("decks", f"deck {title!r} has no champion to attack with")
        pile.remove(champion)
        if len(hand) >= config.hand_size[1]:
            pile.append(hand.pop())
        hand.append(champion)
    n_discard = min(rolls.between(config.discarded), len(pile))
    side.hand = [base + i for i in hand]
    side.discard = [base + i for i in pile[:n_discard]]
    side.draw = [base + i for i in pile[n_discard:]]
    return side


def _deal_formation(side: Side, config: SpellfireConfig, buckets: dict[str, list[int]],
                    base: int, rolls: _Rolls, title: str) -> set[int]:
    """Realms from slot A, some razed (one always standing), holdings on some standing realms;
    returns the deck positions dealt."""
    taken: set[int] = set()
    realms = buckets["realm"][:rolls.between(config.realms)]
    if not realms:
        raise StateError("decks", f"deck {title!r} has no realm to deal")
    for slot, r in enumerate(realms):
        side.realms[slot] = base + r
        side.razed[slot] = rolls.next() < config.razed_chance
        taken.add(r)
    if all(side.razed[s] for s in range(len(realms))):
        side.razed[rolls.below(len(realms))] = False
    holdings = iter(buckets["holding"])
    for slot in range(len(realms)):
        roll = rolls.next()
        if not side.razed[slot] and roll < config.holding_chance:
            h = next(holdings, None)
            if h is not None:
                side.holdings[slot] = base + h
                taken.add(h)
    return taken


def _deal_items(side: Side, config: SpellfireConfig, deck: DeckInfo, items: list[int],
                pool: list[int], base: int, rolls: _Rolls, taken: set[int]) -> list[int]:
    """Magical items and artifacts onto pool champions where they fit (one artifact per
    champion, of its world); returns those that fit none (they go back to the pile)."""
    facts = deck.facts
    leftover: list[int] = []
    for item in items[:rolls.between(config.items)]:
        taken.add(item)
        f = facts[item]
        homes = [c for c in pool if carries(f, facts[c], [
            facts[a - base] for a in side.attached.get(base + c, ())])]
        if homes:
            home = homes[rolls.below(len(homes))]
            side.attached.setdefault(base + home, []).append(base + item)
        else:
            leftover.append(item)
    return leftover
