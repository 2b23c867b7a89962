"""The schema of a Solium Infernum state JSON (issue 16; ``docs/state_schema.md``).

Types, ranges and sizes of every field of :meth:`SoliumEngine.to_json`, including the record of
the last battle (a typed model, no free-form object); names of legions, Places of Power and
combat cards are checked against the loaded tables (validation context, see
:class:`~..core.schema.Known`). What ties fields together (a canton on the map, a defender that
exists, the phase fitting the battle) stays in ``from_json``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ..core.schema import Known, Name, StateModel, absent
from .config import MAX_LEGIONS
from .data import PHASE_NAMES, STATS
from .state import PHASES

MAX_SIDE = 12
"""The widest map (``width`` and ``height``)."""
MAX_PILE = 200
"""Cards in a deck or discard pile (the tables hold at most a few dozen)."""
MAX_NUMBER = 9_999
"""Tribute, stat totals, damage: far above what a game reaches."""

Card = Annotated[Name, Known("card")]
Player = Annotated[int, Field(ge=0, le=1)]
Coord = Annotated[int, Field(ge=0, lt=MAX_SIDE)]
At = Annotated[list[Coord], Field(min_length=2, max_length=2)]
"""A canton ``[x, y]`` (on this map: checked by ``from_json``)."""
Number = Annotated[int, Field(ge=-MAX_NUMBER, le=MAX_NUMBER)]
Stat = Literal[STATS]  # type: ignore[valid-type]


class LegionModel(StateModel):
    """One legion slot (``state.players[i].legions[k]``)."""

    kind: Annotated[Name, Known("legion")]
    at: At
    hp: Annotated[int, Field(ge=0, le=99)] = absent()
    alive: bool = True


class SideModel(StateModel):
    """One player (``state.players[i]``)."""

    tribute: Annotated[int, Field(ge=0, le=MAX_NUMBER)] = 0
    hand: dict[Card, Annotated[int, Field(ge=0, le=99)]] = absent(max_length=64)
    deck: list[Card] = absent(max_length=MAX_PILE)
    discard: list[Card] = absent(max_length=MAX_PILE)
    destroyed: Annotated[int, Field(ge=0, le=99)] = 0
    legions: list[LegionModel] = Field(max_length=MAX_LEGIONS)


class PlaceModel(StateModel):
    """A Place of Power (``state.places[i]``); ``owner`` null is neutral."""

    kind: Annotated[Name, Known("place")]
    at: At
    owner: Player | None = None
    hp: Annotated[int, Field(ge=1, le=99)] = absent()


class PendingBattleModel(StateModel):
    """The battle waiting for combat cards (phase ``cards``)."""

    attacker: Player
    legion: Annotated[int, Field(ge=0, lt=MAX_LEGIONS)]
    at: At
    defender_legion: Annotated[int, Field(ge=-1, lt=MAX_LEGIONS)] = -1
    place: Annotated[int, Field(ge=-1, lt=MAX_SIDE * MAX_SIDE)] = -1
    done: Annotated[list[bool], Field(min_length=2, max_length=2)] = absent()
    attached: Annotated[list[Annotated[list[Annotated[list[Name | None], Field(
        min_length=2, max_length=2)]], Field(max_length=8)]], Field(
        min_length=2, max_length=2)] = absent()
    """Per player, ``[card, raised stat or null]`` in order (card slots: at most 4)."""


class RevealedCard(StateModel):
    """A combat card revealed in the last battle."""

    card: Card
    raises: Stat | None


class BattleRecordModel(StateModel):
    """The record of the latest resolved battle (``state.last_battle``; public)."""

    attacker: Player
    defender: Player | None
    at: At
    place: bool
    totals: Annotated[list[Annotated[list[Number], Field(min_length=3, max_length=3)]],
                      Field(min_length=2, max_length=2)]
    bonus_hp: Annotated[list[Number], Field(min_length=2, max_length=2)]
    # The three phases plus one extra phase per "Twice" of either side: its legion's ability
    # and its at most 4 attached cards (seed 004; 6 refused a reachable battle: Ashen Archers
    # with Twin Barrage on both sides fight 7 phases, found by the soak, issue 14).
    order: Annotated[list[Literal[PHASE_NAMES]],  # type: ignore[valid-type]
                     Field(min_length=1, max_length=3 + 2 * (1 + 4))]
    damage: Annotated[list[Number], Field(min_length=2, max_length=2)]
    winner: Literal["attacker", "defender"] | None
    cards: Annotated[list[Annotated[list[RevealedCard], Field(max_length=8)]],
                     Field(min_length=2, max_length=2)]


class SoliumStateModel(StateModel):
    """A game state: ``width``, ``height`` and ``players`` are required."""

    system: Literal["solium_infernum"] = "solium_infernum"
    version: Annotated[int, Field(ge=0, le=999)] = 0
    mode: Literal["map", "battle"] = absent()
    width: Annotated[int, Field(ge=2, le=MAX_SIDE)]
    height: Annotated[int, Field(ge=2, le=MAX_SIDE)]
    turns: Annotated[int, Field(ge=1, le=400)] = absent()
    turn: Annotated[int, Field(ge=0, le=400)] = 0
    current: Player = 0
    phase: Literal[PHASES] = "order"  # type: ignore[valid-type]
    selected: Annotated[int, Field(ge=-1, lt=MAX_LEGIONS)] = -1
    moves_left: Annotated[int, Field(ge=0, le=99)] = 0
    players: Annotated[list[SideModel], Field(min_length=2, max_length=2)]
    places: list[PlaceModel] = absent(max_length=MAX_SIDE * MAX_SIDE)
    battle: PendingBattleModel | None = None
    last_battle: BattleRecordModel | None = None
    result: Player | None = None
