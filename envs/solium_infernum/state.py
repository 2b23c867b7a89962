"""The state of a Solium Infernum game: what changes during an episode."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

PHASES = ("order", "move", "cards", "over")
"""order: the player to move picks a legion to give a movement order, or passes.
move: the selected legion steps one canton at a time (or ends its order).
cards: before a battle both sides secretly attach combat cards, one at a time, then DONE.
over: the episode has ended."""

NEUTRAL = -1
"""Owner of a neutral Place of Power."""


@dataclass
class Legion:
    """One legion; it keeps its slot in its player's list when destroyed (``alive`` False)."""

    kind: str
    x: int
    y: int
    hp: int
    alive: bool = True

    def copy(self) -> Legion:
        return Legion(self.kind, self.x, self.y, self.hp, self.alive)


@dataclass
class Place:
    """A Place of Power: a canton that defends itself (owner ``NEUTRAL`` or a player)."""

    kind: str
    x: int
    y: int
    owner: int
    hp: int

    def copy(self) -> Place:
        return Place(self.kind, self.x, self.y, self.owner, self.hp)


@dataclass
class Side:
    """One player: Tribute, combat cards (hand counts per card, deck, discard) and legions."""

    tribute: int
    hand: list[int]
    """Count of each card (``combat_cards.json`` order) in hand."""
    deck: list[str]
    """Cards still to draw; the next one is the last."""
    discard: list[str]
    legions: list[Legion]
    destroyed: int = 0
    """Enemy legions this player has destroyed."""

    def copy(self) -> Side:
        return Side(self.tribute, list(self.hand), list(self.deck), list(self.discard),
                    [lg.copy() for lg in self.legions], self.destroyed)


@dataclass
class Battle:
    """A battle waiting for its combat cards. The attacker is ``legion`` of ``attacker``; the
    defender is a legion slot of the other player (``place`` -1) or a Place (``place`` index)."""

    attacker: int
    legion: int
    x: int
    y: int
    """The canton of battle (the defender's)."""
    defender_legion: int = -1
    place: int = -1
    attached: list[list[tuple[int, int]]] = field(default_factory=lambda: [[], []])
    """Per player, secretly attached (card index, raised stat or -1), in order."""
    done: list[bool] = field(default_factory=lambda: [False, False])

    def copy(self) -> Battle:
        return Battle(self.attacker, self.legion, self.x, self.y, self.defender_legion,
                      self.place, [list(a) for a in self.attached], list(self.done))


@dataclass
class SoliumState:
    """A game in progress."""

    mode: str
    width: int
    height: int
    players: list[Side]
    places: list[Place]
    turns: int
    """Orders in the episode (both players together)."""
    turn: int = 0
    current: int = 0
    """The player giving the order of this turn."""
    phase: str = "order"
    selected: int = -1
    """The legion slot under orders (phase move / cards), -1 otherwise."""
    moves_left: int = 0
    battle: Battle | None = None
    last_battle: dict[str, Any] | None = None
    """The record of the latest resolved battle (public, cards revealed). The rules replace it
    whole at each battle and never change it in place, so copies of the state share it."""
    result: int | None = None
    """Battle mode: 0 attacker won, 1 defender won, None stalemate (or not over)."""

    cache: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)
    """Observation parts that change only when legions, places, hands or Tribute change (the
    engine clears it then). Not part of the state's meaning: never copied or saved."""

    def copy(self) -> SoliumState:
        """An independent copy (no cache); the battle record is shared (never changed in
        place; issue 14: a deep copy of it was half the time of a search's clone)."""
        return SoliumState(
            self.mode, self.width, self.height, [s.copy() for s in self.players],
            [pl.copy() for pl in self.places], self.turns, self.turn, self.current, self.phase,
            self.selected, self.moves_left, self.battle.copy() if self.battle else None,
            self.last_battle, self.result)
