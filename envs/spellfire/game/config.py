"""Settings of the whole Spellfire game (``mode="game"``; every option of ``make_game_engine``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.errors import StateError
from ...core.options import option_values
from ..battle.config import PACKS, SpellfireConfig
from ..cards.cards import Card

FIRST_RULES = ("random", "player_0", "player_1")


@dataclass(frozen=True)
class GameConfig:
    """The 55-card game of RULES.md §1 between two decks. Defaults are [src] (opening hand 5,
    draw 3, hand limit 8) or [decided] (slots, ``max_turns``)."""

    mode: str = "game"
    """Always ``"game"`` (accepted so that ``env(mode="game", ...)`` options pass through)."""
    pack: str = "builtin"
    """``"builtin"`` (the twelve 1st Edition Starter decks) or ``"practice"``; ignored when
    ``crossfire`` is set."""
    crossfire: str | None = None
    """A CrossFire folder: decks and cards come from it (``"env"``: ``$COMBATZOO_CROSSFIRE``)."""
    modelled_only: bool = False
    """With ``crossfire``: drop cards whose power is not modelled from the decks."""
    decks: tuple[str, str] | str = "random"
    """The two players' deck titles, or ``"random"`` (two decks drawn, seeded, per game)."""
    first: str = "random"
    """Who takes the first turn: ``random`` (seeded), ``player_0`` or ``player_1``."""
    opening_hand: int = 5
    """Cards each player draws before the first turn [src]."""
    draw: int = 3
    """Cards drawn in phase 1 of every turn [src]."""
    hand_limit: int = 8
    """Hand size after phase 5 [src]."""
    max_turns: int = 100
    """The game stops after this many turns (both players' turns counted) with no winner
    [decided]: ``info["result"] == "turn_limit"``, returns 0."""
    hand_slots: int = 15
    """Hand positions in the action codec and the observation (a hand holds at most 8 + 1
    spoils kept as defender + 3 drawn + 3 spoils kept from three attacks (seed 000, end) = 15
    cards). ``hand_size`` powers (The Great Kingdom, Myth Drannor) raise the limit beyond
    what this check counts: [decided] the phase 1 draw and a spoils card bound for the hand
    stop at ``hand_slots`` cards, the rest stays on the draw pile (issue 13 audit 2)."""
    pool_slots: int = 14
    """Pool positions in the codec and the observation, and the most champions a pool holds
    [decided]: phase 3 stops there, a full pool presents no champion from the hand in a
    battle, and a spoils champion finding it full goes to the hand. 14, not 10: issue 13
    asks that every champion in hand can be played; with 10 slots a full pool blocked a
    champion in 0.5% of random CrossFire decisions (``scripts/spellfire_slots.py``)."""
    extra_cards: tuple[Card, ...] = ()
    """More cards the engine knows by key (hand-made cards of scripted tests)."""

    @classmethod
    def from_kwargs(cls, **kwargs: Any) -> GameConfig:
        """Build from keyword options; an unknown option is an error naming it."""
        config = cls(**option_values(cls, kwargs, "spellfire game", ("decks", "extra_cards")))
        config.validate()
        return config

    def validate(self) -> None:
        """Check every option; the error names it."""
        if self.mode != "game":
            raise StateError("mode", f"expected 'game', got {self.mode!r}")
        if self.pack not in PACKS:
            raise StateError("pack", f"unknown pack {self.pack!r}; known: {list(PACKS)}")
        if self.first not in FIRST_RULES:
            raise StateError("first", f"unknown value {self.first!r}; expected one of "
                                      f"{list(FIRST_RULES)}")
        for name, lo, hi in (("opening_hand", 0, 12), ("draw", 1, 6), ("hand_limit", 1, 12),
                             ("max_turns", 1, 10_000), ("hand_slots", 8, 40),
                             ("pool_slots", 4, 20)):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
                raise StateError(name, f"must be an integer in {lo}..{hi}, got {value!r}")
        if self.hand_limit + 4 + self.draw > self.hand_slots:
            # One spoils kept as the defender, three as the attacker (three attacks in a turn).
            raise StateError("hand_slots", f"must hold hand_limit + draw + 4 spoils = "
                                           f"{self.hand_limit + self.draw + 4} cards")
        if self.opening_hand > self.hand_limit:
            raise StateError("opening_hand", "must not exceed hand_limit")
        self.battle_config().validate()

    def battle_config(self) -> SpellfireConfig:
        """The battle engine's config: the same pack and slots; the attack is optional (in a
        game, phase 4 may pass)."""
        return SpellfireConfig(pack=self.pack, crossfire=self.crossfire,
                               modelled_only=self.modelled_only, decks=self.decks,
                               optional_attack=True, hand_slots=self.hand_slots,
                               pool_slots=self.pool_slots, extra_cards=self.extra_cards,
                               hand_size=(1, min(8, self.hand_slots)))
