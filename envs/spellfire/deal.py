"""Dealing a seeded mid-game position from two decks (battle mode, [decided] RULES.md §1).

Each player's deck is shuffled with the game's ``numpy.random.Generator``; then, per player:
realms fill the formation from slot A (some razed, one always standing), holdings go onto some
standing realms, champions into the pool with magical items and artifacts attached where they
fit (one artifact per champion, same world), cards into the hand and the discard pile; the rest
is the draw pile. The attacker always holds at least one champion (hand or pool), so an attack
is possible: some standing realm of the defender is always exposed (RULES.md §1 "Table").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

import numpy as np
from combatzoo.envs.core.errors import StateError

from .cards import Card, CardType
from .config import SpellfireConfig
from .facts import Facts, artifact_fits
from .state import Battle, Side, SpellfireState


class DeckSource(Protocol):
    """What the deal needs of a pack (``pack.Pack`` and ``practice.PracticePack`` both fit)."""

    @property
    def cards(self) -> Mapping[str, Card]: ...

    @property
    def decks(self) -> Mapping[str, tuple[str, ...]]: ...


def load_source(config: SpellfireConfig) -> DeckSource:
    """The pack the config names (CrossFire folder, built-in pack or practice pack)."""
    if config.crossfire is not None:
        from .pack import load_crossfire_pack

        folder = None if config.crossfire == "env" else config.crossfire
        pack: Any = load_crossfire_pack(folder, modelled_only=config.modelled_only)
        return pack  # type: ignore[no-any-return]
    if config.pack == "practice":
        from .practice import load_practice_pack

        return load_practice_pack()
    from .pack import load_builtin_pack

    builtin: Any = load_builtin_pack()
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


def deal(config: SpellfireConfig, source: DeckSource, facts_of: Callable[[str], Facts],
         rng: np.random.Generator) -> SpellfireState:
    """A fresh battle-mode position (see the module docstring)."""
    titles = playable_decks(source)
    if isinstance(config.decks, str):
        if not titles:
            raise StateError("decks", "the pack has no deck with a realm and a champion")
        picks = [titles[int(i)] for i in rng.integers(0, len(titles), size=2)]
    else:
        picks = list(config.decks)
        for i, title in enumerate(picks):
            if title not in source.decks:
                raise StateError(f"decks[{i}]", f"unknown deck {title!r}; known: {titles}")
    attacker = (int(rng.integers(0, 2)) if config.attacker == "random"
                else int(config.attacker[-1]))
    cards: list[str] = []
    owner: list[int] = []
    players = []
    for p, title in enumerate(picks):
        keys = [k for k in source.decks[title] if k in source.cards]
        base = len(cards)
        cards += keys
        owner += [p] * len(keys)
        order = [base + int(i) for i in rng.permutation(len(keys))]
        players.append(_deal_side(config, order, [facts_of(k) for k in cards], rng,
                                  needs_champion=p == attacker, title=title))
    return SpellfireState(cards=cards, owner=owner, players=players, attacker=attacker,
                          battle=Battle())


def _take(pile: list[int], facts: Sequence[Facts], test: Callable[[Facts], bool],
          n: int) -> list[int]:
    """Remove and return up to ``n`` instances of ``pile`` passing ``test`` (pile order)."""
    out = [i for i in pile if test(facts[i])][:n]
    for i in out:
        pile.remove(i)
    return out


def _between(rng: np.random.Generator, pair: tuple[int, int]) -> int:
    return int(rng.integers(pair[0], pair[1] + 1))


def _deal_side(config: SpellfireConfig, pile: list[int], facts: Sequence[Facts],
               rng: np.random.Generator, needs_champion: bool, title: str) -> Side:
    side = Side()
    realms = _take(pile, facts, lambda f: f.type == CardType.REALM, _between(rng, config.realms))
    if not realms:
        raise StateError("decks", f"deck {title!r} has no realm to deal")
    for slot, r in enumerate(realms):
        side.realms[slot] = r
        side.razed[slot] = bool(rng.random() < config.razed_chance)
    if all(side.razed[s] for s in range(len(realms))):
        side.razed[int(rng.integers(0, len(realms)))] = False
    for slot in range(len(realms)):
        if not side.razed[slot] and rng.random() < config.holding_chance:
            got = _take(pile, facts, lambda f: f.type == CardType.HOLDING, 1)
            if got:
                side.holdings[slot] = got[0]
    side.pool = _take(pile, facts, lambda f: f.is_champion and not f.card.avatar,
                      _between(rng, config.pool_size))
    for item in _take(pile, facts, lambda f: f.type in (CardType.MAGICAL_ITEM,
                                                        CardType.ARTIFACT),
                      _between(rng, config.items)):
        homes = [c for c in side.pool
                 if facts[item].type == CardType.MAGICAL_ITEM
                 or artifact_fits(facts[item], facts[c], [facts[a]
                                                          for a in side.attached.get(c, ())])]
        if homes:
            home = homes[int(rng.integers(0, len(homes)))]
            side.attached.setdefault(home, []).append(item)
        else:
            pile.append(item)
    side.hand = pile[:_between(rng, config.hand_size)]
    del pile[:len(side.hand)]
    if needs_champion and not side.pool and not any(facts[i].is_champion for i in side.hand):
        champion = next((i for i in pile if facts[i].is_champion), None)
        if champion is None:
            raise StateError("decks", f"deck {title!r} has no champion to attack with")
        pile.remove(champion)
        if len(side.hand) >= config.hand_size[1]:
            pile.append(side.hand.pop())
        side.hand.append(champion)
    n_discard = min(_between(rng, config.discarded), len(pile))
    side.discard = pile[:n_discard]
    side.draw = pile[n_discard:]
    return side
