"""The schema of a Heroes of Land, Air & Sea state JSON (issue 16; ``docs/state_schema.md``).

Types, ranges and sizes of every field of :meth:`LandAirSeaEngine.to_json`; names of units,
cards, spells and factions are checked against the loaded tables (validation context, see
:class:`~..core.schema.Known`). What depends on other fields (a sacrifice within the army, the
phase fitting the battle number) stays in ``from_json``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ..core.schema import MAX_NAME, Known, Name, StateModel, absent
from .state import PHASES

MAX_BATTLES = 50
"""The longest campaign (``LandAirSeaConfig.num_battles``)."""
MAX_COUNT = 99_999
"""Pieces of one kind destroyed or recruited in a campaign, resources, VP: far above what
50 battles can reach, low enough that no number overflows."""
MAX_ARMY = 999
"""Pieces of one kind in an army or at home (``army_cap`` is checked by ``from_json``)."""

Unit = Annotated[Name, Known("unit")]
Card = Annotated[Name, Known("card")]
Faction = Annotated[Name, Known("faction")]
Count = Annotated[int, Field(ge=0, le=MAX_COUNT)]
Player = Annotated[int, Field(ge=0, le=1)]
SpellChoice = Annotated[str, Field(max_length=MAX_NAME + 10)]
"""A spell decision: "" declined, a spell name, or ``dispelled:<name>``."""
Vp = Annotated[int, Field(ge=-MAX_COUNT, le=MAX_COUNT)]
Phase = Literal[PHASES]  # type: ignore[valid-type]


class Resources(StateModel):
    """A player's resources (RULES.md §2)."""

    ore: Count = 0
    mana: Count = 0
    food: Count = 0


class SideModel(StateModel):
    """One player (``state.players[i]``)."""

    faction: Faction
    resources: Resources = absent()
    vp: Vp = 0
    army: dict[Unit, Annotated[int, Field(ge=0, le=MAX_ARMY)]] = absent(max_length=64)
    structures: dict[Unit, Annotated[int, Field(ge=0, le=MAX_ARMY)]] = absent(max_length=64)
    spellbook: list[Annotated[Name, Known("spell")]] = absent(max_length=32)
    destroyed: dict[Unit, Count] = absent(max_length=64)
    recruited: dict[Unit, Count] = absent(max_length=64)
    cards_played: dict[Card, Annotated[int, Field(ge=0, le=MAX_BATTLES)]] = absent(max_length=16)
    """Tactic Cards revealed so far: at most one per battle."""


class BattleRecord(StateModel):
    """One finished battle (``state.history[i]``)."""

    battle: Annotated[int, Field(ge=0, lt=MAX_BATTLES)]
    attacker: Player
    winner: Player | None
    cards: Annotated[list[Card | None], Field(min_length=2, max_length=2)]
    totals: Annotated[list[Annotated[int, Field(ge=-MAX_COUNT, le=MAX_COUNT)]],
                      Field(min_length=2, max_length=2)]
    spells: Annotated[list[SpellChoice | None], Field(min_length=2, max_length=2)]
    vp_gained: Annotated[list[Vp], Field(min_length=2, max_length=2)]


class LandAirSeaStateModel(StateModel):
    """A campaign state: only ``players`` is required (the rest defaults to battle 1)."""

    system: Literal["land_air_sea"] = "land_air_sea"
    version: Annotated[int, Field(ge=0, le=999)] = 0
    battle: Annotated[int, Field(ge=0, le=MAX_BATTLES)] = 0
    num_battles: Annotated[int, Field(ge=1, le=MAX_BATTLES)] = absent()
    attackers: list[Player] = absent(max_length=MAX_BATTLES)
    phase: Phase = absent()
    spell: Annotated[list[SpellChoice | None], Field(min_length=2, max_length=2)] = absent()
    tactic: Annotated[list[Card | None], Field(min_length=2, max_length=2)] = absent()
    sacrifice: Annotated[list[dict[Unit, Annotated[int, Field(ge=0, le=MAX_ARMY)]] | None],
                         Field(min_length=2, max_length=2)] = absent()
    paying: Annotated[list[bool], Field(min_length=2, max_length=2)] = absent()
    history: list[BattleRecord] = absent(max_length=MAX_BATTLES)
    players: Annotated[list[SideModel], Field(min_length=2, max_length=2)]
