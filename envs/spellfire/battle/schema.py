"""The schema of a Spellfire battle state JSON (issue 16; ``docs/state_schema.md``).

Types, ranges and sizes of every field of ``serial.state_to_json``. A zone entry is a card
instance index or a card key (a hand-written state); card keys are checked against the loaded
pack (validation context ``{"card": engine.knows}``). Sizes: a deck has at most
:data:`MAX_DECK` cards (the largest CrossFire format with its dungeon), so the card list and
every pile hold at most two decks; a hand at most the largest ``hand_slots`` (40) plus the two
spoils of a turn; a pool at most the largest ``pool_slots`` (20) plus two. What ties fields
together (an index within ``cards``, each instance in one zone, the step's champions) stays in
``serial.state_from_json`` and the invariants.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ...core.schema import Known, Name, StateModel, absent
from .state import OUTCOMES, SLOTS, STEPS

MAX_DECK = 160
"""The largest deck a CrossFire format allows (110 cards plus a dungeon and spares)."""
MAX_CARDS = 2 * MAX_DECK
"""Card instances in a game: two decks."""
MAX_HAND = 40 + 2
"""The largest ``hand_slots`` (config check: 40) plus two spoils."""
MAX_POOL = 20 + 2
"""The largest ``pool_slots`` (config check: 20) plus two champions back from a round."""
MAX_ATTACHED = 16
"""Magical items and artifacts on one champion."""

Player = Annotated[int, Field(ge=0, le=1)]
Instance = Annotated[int, Field(ge=0, lt=MAX_CARDS)]
CardKey = Annotated[Name, Known("card")]
Entry = Instance | CardKey
"""A card instance index into ``cards``, or (hand-written) a card key: a new instance."""
Pile = Annotated[list[Entry], Field(max_length=MAX_CARDS)]


class ChampionModel(StateModel):
    """A champion with its attachments (in the pool or in the round)."""

    champion: Entry
    attached: Annotated[list[Entry], Field(max_length=MAX_ATTACHED)] = absent()


class RealmModel(StateModel):
    """A formation slot's realm, razed or not, with its holding."""

    realm: Entry
    razed: bool = False
    holding: Entry | None = None


class SideModel(StateModel):
    """One player's zones (``state.players[i]``)."""

    draw: Pile = absent()
    hand: Annotated[list[Entry], Field(max_length=MAX_HAND)] = absent()
    pool: Annotated[list[ChampionModel | Entry], Field(max_length=MAX_POOL)] = absent()
    formation: Annotated[list[RealmModel | Entry | None], Field(max_length=len(SLOTS))] = absent()
    discard: Pile = absent()
    limbo: Pile = absent()
    abyss: Pile = absent()
    void: Pile = absent()
    attacked: Annotated[list[Instance], Field(max_length=MAX_POOL)] = absent()
    # The rule card in play (RULES.md §1 phase 0): at most one.
    rule: Annotated[list[Entry], Field(max_length=1)] = absent()
    # Issue 13 (lasting), the whole game: cards whose power lasts until the player's next turn.
    lasting: list[Entry] = absent()
    # Issue 13 (first_a), the whole game: lasting card instance (as text) -> the opposing
    # champion's instance it stays on "until dispelled" (Spell of Formless Horror).
    cursing: dict[str, Instance] = absent()


class BattleModel(StateModel):
    """The battle in progress (``state.battle``; seed 000)."""

    step: Literal[STEPS] = "realm"  # type: ignore[valid-type]
    realm: Literal[SLOTS] | None = None  # type: ignore[valid-type]
    round: Annotated[int, Field(ge=0, le=999)] = 0
    defeats: Annotated[int, Field(ge=0, le=2)] = 0
    champions: Annotated[list[ChampionModel | Entry | None], Field(
        min_length=2, max_length=2)] = absent()
    realm_defends: bool = False
    support: Annotated[list[Annotated[list[Entry], Field(max_length=MAX_HAND + MAX_POOL)]],
                       Field(min_length=2, max_length=2)] = absent()
    to_play: Player | None = None
    window: bool = False
    outcome: Literal[OUTCOMES] | None = None  # type: ignore[valid-type]
    winner: Player | None = None
    spoils: Annotated[list[Instance | None], Field(min_length=2, max_length=2)] = absent()
    # Champions defeated once in this battle that must be defeated twice (issue 13, Drizzt).
    defeated: Annotated[list[Instance], Field(max_length=MAX_POOL)] = absent()
    # Champions that fought a round of this battle (single_use cards spent at its end).
    fought: Annotated[list[Instance], Field(max_length=MAX_POOL)] = absent()
    # The card whose win-at-once power waits for the other side's one card (RULES.md §1).
    threat: Instance | None = None
    # Cards whose power answered the other side's plays, once per use (issue 13 audit 2).
    spent: Annotated[list[Instance], Field(max_length=MAX_POOL)] = absent()
    # Champions bribed in this battle, not to be presented again (issue 13 c1st3, Bribery!).
    bribed: Annotated[list[Instance], Field(max_length=MAX_POOL)] = absent()
    # [card, digit] drawn for this round (issue 13 c4th5b, Wand of Wonder's bonus).
    digits: Annotated[list[Annotated[list[Annotated[int, Field(ge=0)]],
                                     Field(min_length=2, max_length=2)]],
                      Field(max_length=MAX_POOL)] = absent()


class TableModel(StateModel):
    """What the battle and the whole game share: the card list, the zones, the battle."""

    system: Literal["spellfire"] = "spellfire"
    version: Annotated[int, Field(ge=0, le=999)] = 0
    cards: Annotated[list[CardKey], Field(max_length=MAX_CARDS)] = absent()
    owner: Annotated[list[Player | None], Field(max_length=MAX_CARDS)] = absent()
    attacker: Player = 0
    phase: Annotated[int, Field(ge=0, le=5)] = 4
    turn: Annotated[int, Field(ge=1, le=100_000)] = 1
    # The seed of the game's chance after the deal and its draws so far (issue 13, c1st5;
    # battle/luck.py): hidden information, absent in older files (0).
    luck: Annotated[int, Field(ge=0, lt=2**62)] = 0
    luck_used: Annotated[int, Field(ge=0, le=10_000_000)] = 0
    players: Annotated[list[SideModel], Field(min_length=2, max_length=2)]
    battle: BattleModel = absent()


class BattleStateModel(TableModel):
    """A battle-mode state: only ``players`` is required (the battle defaults to step
    ``realm``)."""

    mode: Literal["battle"] = "battle"
