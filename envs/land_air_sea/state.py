"""The state of a Heroes of Land, Air & Sea campaign: what changes during an episode."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

PHASES = ("spell", "tactic", "payment", "over")
"""spell: the defender, then the attacker, casts or declines a combat spell (public).
tactic: both players secretly choose a Tactic Card at once.
payment: a player whose card can be paid decides, still in secret, which units to sacrifice.
over: the campaign has ended."""


@dataclass
class Side:
    """One player: faction, resources, victory points and the pieces of its army."""

    faction: str
    resources: dict[str, int]
    vp: int
    army: dict[str, int]
    """Pieces that march to battle (units, heroes, vessels), by kind."""
    structures: dict[str, int]
    """Home structures; they fight only when this player defends."""
    spellbook: list[str]
    destroyed: dict[str, int] = field(default_factory=dict)
    recruited: dict[str, int] = field(default_factory=dict)
    cards_played: dict[str, int] = field(default_factory=dict)
    """Tactic Cards revealed so far in the campaign (public)."""

    def copy(self) -> Side:
        return Side(self.faction, dict(self.resources), self.vp, dict(self.army),
                    dict(self.structures), list(self.spellbook), dict(self.destroyed),
                    dict(self.recruited), dict(self.cards_played))


@dataclass
class LandAirSeaState:
    """A campaign in progress. Per-battle fields are reset when a battle ends."""

    players: list[Side]
    num_battles: int
    attackers: list[int]
    """Who attacks in each battle, fixed at the start (seeded when random)."""
    battle: int = 0
    phase: str = "spell"
    spell: list[str | None] = field(default_factory=lambda: [None, None])
    """Per player this battle: None undecided, "" declined, else the spell cast."""
    tactic: list[str | None] = field(default_factory=lambda: [None, None])
    """Per player this battle: the secretly chosen Tactic Card (None before choosing)."""
    sacrifice: list[dict[str, int]] = field(default_factory=lambda: [{}, {}])
    """Units each player has set aside (secretly) to pay for its card."""
    paying: list[bool] = field(default_factory=lambda: [False, False])
    history: list[dict[str, Any]] = field(default_factory=list)
    """One record per finished battle: attacker, winner, cards, strengths, VP gained. A record
    is never changed once written, so copies of the state share the records."""

    cache: dict[int, Any] = field(default_factory=dict, compare=False, repr=False)
    """Per-player observation parts that change only when a spell is decided or a battle ends
    (the engine clears it then). Not part of the state's meaning: never copied or saved."""
    attacker: int = field(init=False)
    """Who attacks in the current battle (kept in step with ``battle`` by :meth:`set_battle`)."""
    defender: int = field(init=False)

    def __post_init__(self) -> None:
        self.set_battle(self.battle)

    def set_battle(self, battle: int) -> None:
        """Move to battle number ``battle`` (0-based; ``num_battles`` once the campaign is over)."""
        self.battle = battle
        self.attacker = self.attackers[min(battle, len(self.attackers) - 1)]
        self.defender = 1 - self.attacker

    def copy(self) -> LandAirSeaState:
        """An independent copy (no cache); finished battles' records are shared (issue 14:
        a search copies states millions of times)."""
        return LandAirSeaState(
            players=[s.copy() for s in self.players], num_battles=self.num_battles,
            attackers=list(self.attackers), battle=self.battle, phase=self.phase,
            spell=list(self.spell), tactic=list(self.tactic),
            sacrifice=[dict(d) for d in self.sacrifice], paying=list(self.paying),
            history=list(self.history))
