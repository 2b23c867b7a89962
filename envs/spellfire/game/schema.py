"""The schema of a whole-game Spellfire state JSON (issue 16; ``docs/state_schema.md``).

The battle's table (:class:`~..battle.schema.TableModel`: card list, zones, the battle of
phase 4) with ``"mode": "game"`` and the turn's own ``game`` object.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ...core.schema import StateModel, absent
from ..battle.schema import Instance, Player, TableModel
from .state import RESULTS


class TurnModel(StateModel):
    """What the turn remembers (``state.game``)."""

    realm_played: bool = False
    holding_played: bool = False
    rebuild_owed: Annotated[int, Field(ge=0, le=3)] = 0  # RULES.md §1 phase 2: three cards
    spoils: Instance | None = None  # seed 001: the spoils card waiting to be played or kept
    # Seed 000 end: the champions that opened this turn's battles (at most three).
    attacks: Annotated[list[Instance], Field(max_length=3)] = absent()
    result: Literal[RESULTS] | None = None  # type: ignore[valid-type]
    winner: Player | None = None
    # Issue 13 (c1st3): phase 5's extra discard target (Age of Entropy).
    discard_to: Annotated[int, Field(ge=0)] | None = None
    truce: Player | None = None  # issue 13 (c1st3): no attack until this player's next turn
    # Issue 13 (c1st3): champions back from Limbo at the end of this turn.
    returning: list[Instance] = absent()
    # Issue 13 (lasting): card instance (as text) -> the turn at whose start or end it expires.
    lasting_until: dict[str, Annotated[int, Field(ge=1)]] = absent()
    # Issue 13 (outside): the phase 3 card waiting for its target; the player whose next turn
    # ends the realm-play bar (Map of Life); no attack this turn (Disintegrate).
    pending: Instance | None = None
    realm_bar: Player | None = None
    no_attack: bool = False
    # Geas: benched champion instance (as text) -> the turn at whose end it is free.
    benched: dict[str, Annotated[int, Field(ge=1)]] = absent()
    given: Annotated[int, Field(ge=0)] = 0  # cards the other player drew this turn (Treasure Fleet)
    # Death Fog (issue 13, out4th): champion instance (as text) barred from attacking -> the
    # turn at whose end it may attack again.
    attack_barred: dict[str, Annotated[int, Field(ge=1)]] = absent()
    # Issue 13 (first_c): the players still asked between two turns (The Caravan), the first
    # one now; the player whose turn follows this one (a Caravan was played); Cup of Al'Akbar's
    # discards this turn (-1: it acted or its owner stopped).
    between: Annotated[list[Player], Field(max_length=2)] = absent()
    due: Player | None = None
    cup: Annotated[int, Field(ge=-1, le=3)] = 0
    # Issue 13 (first_c): player ("0", "1") -> the cards of the opponent's hand it saw when its
    # turn began (Ring of All Seeing, Annulus).
    seen: dict[Literal["0", "1"], list[Instance]] = absent()


class GameStateModel(TableModel):
    """A whole-game state: the table plus the turn."""

    mode: Literal["game"] = "game"
    game: TurnModel = absent()


class TurnPartModel(StateModel):
    """The part of :class:`GameStateModel` that the battle's format lacks (``game_from_json``
    checks it, then the battle engine checks the table)."""

    mode: Literal["game"] = "game"
    game: TurnModel = absent()
