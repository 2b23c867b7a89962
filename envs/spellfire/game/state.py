"""The state of a whole Spellfire game: the battle's table plus what the turn remembers.

The table (:class:`~..battle.state.SpellfireState`) holds every zone and the battle of phase 4;
the game keeps it whole, so the battle engine plays its battles on it as they are. Its
``phase`` and ``turn`` are the game's, and its ``attacker`` is the player whose turn it is (the
battle's JSON format carries them: ``docs/spellfire_game.md``); :class:`GameState` names them
:attr:`~GameState.phase`, :attr:`~GameState.turn` and :attr:`~GameState.on_turn`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..battle.state import SpellfireState

RESULTS = ("six_realms", "deck_out", "turn_limit")
"""How a game ends (RULES.md §1): six unrazed realms, a draw from an empty pile, the turn
limit [decided]."""


@dataclass
class GameState:
    """A whole game: the battle's ``table`` and the turn's own fields."""

    table: SpellfireState
    """Every zone, the battle of phase 4 (step ``over`` outside it), phase, turn, player on
    turn."""
    realm_played: bool = False
    """Phase 2: a realm was played or rebuilt this turn."""
    holding_played: bool = False
    """Phase 2: a holding was played this turn."""
    rebuild_owed: int = 0
    """Phase 2: cards still to discard from the hand for this turn's rebuild (RULES.md §1:
    a rebuild costs three cards from the hand); the player discards them before anything
    else."""
    spoils: int | None = None
    """Phase 4, after a battle: the spoils card (in its owner's hand) that its owner may play
    at once or keep for later (seed 001); ``None``: no such choice waits."""
    attacks: list[int] = field(default_factory=list)
    """Phase 4: the champion that opened each battle of this turn, in order (seed 000 end:
    a champion whose power allows it attacks two or three realms in one turn)."""
    result: str | None = None
    """How the game ended (:data:`RESULTS`), ``None`` while it runs."""
    winner: int | None = None
    """The game's winner (``None``: nobody, or still running)."""
    discard_to: int | None = None
    """Phase 5: the hand size, below the hand limit, the player on turn discards down to this
    turn, one chosen card at a time (a rule card in play, ``end_of_turn_discard``: Age of
    Entropy; issue 13, c1st3); ``None``: none set yet this turn."""
    truce: int | None = None
    """No attack may be made until this player's next turn begins (``truce``: Mutiny!, Solid
    Fog; issue 13, c1st3); ``None``: none."""
    returning: list[int] = field(default_factory=list)
    """The champions of the player on turn that were in its Limbo when its turn began (they
    escaped there: ``escape_to_limbo``, The Labyrinth Map of Shuuc; issue 13, c1st3): they go
    back to its pool at the end of this turn."""
    lasting_until: dict[int, int] = field(default_factory=dict)
    """Each card of the players' ``Side.lasting`` (issue 13, lasting: ``.lasting``) -> the turn
    at whose start (``Card.lasting`` "turn_start", "current_turn_start") or end ("turn_end") it
    is no longer in effect."""
    pending: int | None = None
    """Phase 3: the card in the hand of the player on turn whose power waits for its target
    (``outside.play``; issue 13, outside); ``None``: none waits."""
    realm_bar: int | None = None
    """No player may play or rebuild a realm until this player's next turn begins
    (``no_realm_plays``: Map of Life; issue 13, outside); ``None``: none."""
    no_attack: bool = False
    """The player on turn makes no attack this turn (``no_attack_this_turn``: Disintegrate;
    issue 13, outside)."""
    benched: dict[int, int] = field(default_factory=dict)
    """Pool champions that can neither attack nor defend (``bench_champion``: Geas; issue 13,
    outside) -> the turn at whose end that ends (its owner's next turn)."""
    given: int = 0
    """Cards the other player drew this turn by a power (Treasure Fleet, Transformation!;
    issue 13, outside; Lost Oasis in its defense): its hand may hold that many more than its
    limit until its own phase 5."""
    attack_barred: dict[int, int] = field(default_factory=dict)
    """Pool champions that may defend but not attack (``bar_pool_attacks``: Death Fog's
    survivors; issue 13, out4th) -> the turn at whose end that ends (their owner's next)."""
    between: list[int] = field(default_factory=list)
    """Between two turns (after phase 5, before the next turn): the players still to be asked
    whether they play The Caravan (``extra_turn``; issue 13, first_c: ``between.py``), the
    first one now; empty: none."""
    due: int | None = None
    """The player whose turn follows this one when a Caravan was played (the turn that was
    due); ``None``: the other player, as the players alternate."""
    cup: int = 0
    """Phase 5: cards discarded toward Cup of Al'Akbar's three this turn (first_c); -1 once it
    acted or its owner stopped."""
    seen: dict[int, list[int]] = field(default_factory=dict)
    """A player -> the cards of the opponent's hand it saw when its turn began (Ring of All
    Seeing, Annulus: ``see_hand``; issue 13, first_c: ``seen.py``), kept until its turn
    ends."""
    cache: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)
    """The game's derived values (legal actions, observations); cleared on every step, never
    copied or saved. The table keeps its own cache, the battle engine's."""

    @property
    def phase(self) -> int:
        """Phase 0..5 of the turn."""
        return self.table.phase

    @phase.setter
    def phase(self, value: int) -> None:
        self.table.phase = value

    @property
    def turn(self) -> int:
        """Turns played so far, this one included (both players' turns count)."""
        return self.table.turn

    @turn.setter
    def turn(self, value: int) -> None:
        self.table.turn = value

    @property
    def on_turn(self) -> int:
        """The player whose turn it is (the table's ``attacker``)."""
        return self.table.attacker

    @on_turn.setter
    def on_turn(self, value: int) -> None:
        self.table.attacker = value

    def copy(self) -> GameState:
        """An independent copy (no cache)."""
        return GameState(self.table.copy(), self.realm_played, self.holding_played,
                         self.rebuild_owed, self.spoils, list(self.attacks), self.result,
                         self.winner, self.discard_to, self.truce, list(self.returning),
                         dict(self.lasting_until), self.pending, self.realm_bar,
                         self.no_attack, dict(self.benched), self.given,
                         dict(self.attack_barred), list(self.between), self.due,
                         self.cup, {p: list(c) for p, c in self.seen.items()})
