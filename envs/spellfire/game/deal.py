"""Setting up a whole game (RULES.md §1): two legal decks, shuffled, and opening hands."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ...core.errors import StateError
from ..battle.deal import Dealer, DeckSource
from ..battle.facts import Facts
from ..battle.luck import new_luck
from ..battle.state import Battle, Side, SpellfireState
from .config import GameConfig
from .state import GameState


class GameDealer:
    """Picks the decks and deals opening hands; keeps what it reads of the pack."""

    def __init__(self, config: GameConfig, source: DeckSource,
                 facts_of: Callable[[str], Facts]) -> None:
        self.config = config
        self.source = source
        self.dealer = Dealer(source, facts_of)
        self._problems: dict[str, list[str]] | None = None

    def deck_problems(self) -> dict[str, list[str]]:
        """With ``crossfire``: each sample deck's breaches of its format (read once)."""
        if self.config.crossfire is None:
            return {}
        if self._problems is None:
            from ..cards.decks import crossfire_deck_problems

            folder = None if self.config.crossfire == "env" else self.config.crossfire
            self._problems = crossfire_deck_problems(folder)
        return self._problems

    def titles(self) -> list[str]:
        """Decks a random game draws from: the dealer's playable decks, legal in their format
        (CrossFire packs; the built-in starter decks are legal, checked by the pack tests)."""
        problems = self.deck_problems()
        return [t for t in self.dealer.titles if not problems.get(t)]

    def picks(self, rng: np.random.Generator) -> tuple[str, str]:
        """The two decks of a game: the config's (checked), or two drawn from :meth:`titles`."""
        titles = self.titles()
        decks = self.config.decks
        if isinstance(decks, str):
            if not titles:
                raise StateError("decks", "the pack has no deck with a realm and a champion")
            u = rng.random(2).tolist()
            return (titles[min(int(u[0] * len(titles)), len(titles) - 1)],
                    titles[min(int(u[1] * len(titles)), len(titles) - 1)])
        for n, title in enumerate(decks):
            if title not in self.source.decks:
                raise StateError(f"decks[{n}]", f"unknown deck {title!r}; known: {titles}")
            problems = self.deck_problems().get(title)
            if problems:
                raise StateError(f"decks[{n}]", f"deck {title!r} breaks its format: "
                                                + "; ".join(problems[:5]))
        return decks[0], decks[1]

    def deal(self, rng: np.random.Generator) -> GameState:
        """A game before its first turn: each deck shuffled, an opening hand drawn (RULES.md
        §1), who goes first drawn (``first``); phase 0 of turn 1."""
        picks = self.picks(rng)
        g = self.config
        first = int(rng.random() < 0.5) if g.first == "random" else int(g.first[-1])
        cards, owner, _ = self.dealer.pair(picks)
        players = []
        base = 0
        for title in picks:
            n = len(self.dealer.deck(title).keys)
            pile = [base + i for i in rng.permutation(n).tolist()]
            players.append(Side(draw=pile[g.opening_hand:], hand=pile[:g.opening_hand]))
            base += n
        table = SpellfireState(cards=list(cards), owner=list(owner), players=players,
                               attacker=first, battle=Battle(step="over", outcome="no_attack"),
                               phase=0, turn=1)
        # Issue 13 (c1st5): the seed of the game's chance, drawn last (the deal is unchanged).
        table.luck = new_luck(rng)
        # The card list's facts and what is derived from them alone (issue 14: once per pair).
        table.cache.update(self.dealer.kept(picks))
        return GameState(table)
