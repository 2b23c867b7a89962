"""Settings of the Spellfire env (every option of ``env(**config)``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.errors import StateError
from ...core.options import option_values
from ..cards.cards import Card

MODES = ("battle",)
"""Modes of this config. The whole game is the system ``spellfire_game`` (``game/config.py``);
the registry turns ``make("spellfire", mode="game")`` into it before this config is read."""
ATTACKER_RULES = ("random", "player_0", "player_1")
PACKS = ("builtin", "practice")


@dataclass(frozen=True)
class SpellfireConfig:
    """One Spellfire battle dealt from two decks. Defaults are [decided] (RULES.md §1 gives
    the 55-card game; where in a game the battle happens is ours to choose)."""

    mode: str = "battle"
    """``"battle"``: a seeded mid-game position, from the attacker's phase 4 to the end of the
    battle. (``"game"``, the whole game through phases 0..5, has its own config:
    ``game.config.GameConfig``.)"""
    pack: str = "builtin"
    """``"builtin"``: the shipped pack (1st Edition Starter decks); ``"practice"``: a small
    designed pack (``practice.py``) that needs no data files. Ignored when ``crossfire`` is set."""
    crossfire: str | None = None
    """A CrossFire folder: decks (``.cfd``) and cards come from it (``COMBATZOO_CROSSFIRE`` is
    read by the pack loader when this is ``"env"``)."""
    modelled_only: bool = False
    """Drop cards whose power is not modelled (``Power.UNMODELLED``) from the decks, of the
    built-in pack or of a CrossFire folder."""
    decks: tuple[str, str] | str = "random"
    """The two players' deck titles, or ``"random"``: two decks drawn (seeded) at each reset
    from the pack's decks (starter decks of the built-in pack)."""
    attacker: str = "random"
    """Who attacks: ``random`` (seeded), ``player_0`` or ``player_1``."""
    optional_attack: bool = True
    """Whether the attacker may decline to attack in phase 4. On by default: seed 000 "the
    acting player *can* attack one realm"; an attack is the attacker's choice (a battle with
    no attack ends at once with no winner). ``False`` makes the attacker attack whenever it
    can, for studying battles only (a player with no possible attack still makes none)."""
    hand_slots: int = 12
    """Hand positions in the action codec and the observation."""
    pool_slots: int = 8
    """Pool positions in the action codec and the observation."""
    hand_size: tuple[int, int] = (4, 8)
    """Cards dealt to each hand (inclusive range; at most ``hand_slots``)."""
    pool_size: tuple[int, int] = (0, 3)
    """Champions dealt to each pool (inclusive range; at most ``pool_slots``)."""
    realms: tuple[int, int] = (3, 6)
    """Realms dealt to each formation, filled from slot A (inclusive range, 1..6)."""
    razed_chance: float = 0.25
    """Chance that each dealt realm is razed (one unrazed realm is always kept)."""
    holding_chance: float = 0.3
    """Chance that a dealt unrazed realm gets a holding from the deck."""
    items: tuple[int, int] = (0, 2)
    """Magical items / artifacts dealt onto pool champions (when they fit)."""
    discarded: tuple[int, int] = (0, 6)
    """Cards dealt to each discard pile."""
    extra_cards: tuple[Card, ...] = ()
    """More cards the engine knows by key (hand-made cards of scripted tests)."""

    @classmethod
    def from_kwargs(cls, **kwargs: Any) -> SpellfireConfig:
        """Build from keyword options; an unknown option is an error naming it."""
        config = cls(**option_values(cls, kwargs, "spellfire", (
            "decks", "hand_size", "pool_size", "realms", "items", "discarded", "extra_cards")))
        config.validate()
        return config

    def validate(self) -> None:
        """Check every option; the error names it."""
        self._check_names()
        self._check_decks()
        self._check_sizes()
        for name in ("razed_chance", "holding_chance"):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or not 0.0 <= value <= 1.0:
                raise StateError(name, f"must be a number in [0, 1], got {value!r}")
        if not isinstance(self.optional_attack, bool):
            raise StateError("optional_attack", "must be true or false")
        if not all(isinstance(c, Card) for c in self.extra_cards):
            raise StateError("extra_cards", "expected Card objects")

    def _check_names(self) -> None:
        """The mode, pack and attacker rule are known names."""
        if self.mode == "game":
            raise StateError("mode", "the whole game is the system 'spellfire_game': "
                             "combatzoo.envs.make('spellfire_game') (or make('spellfire', "
                             "mode='game'), which the registry resolves to it)")
        if self.mode not in MODES:
            raise StateError("mode", f"unknown mode {self.mode!r}; known: {list(MODES)}")
        if self.pack not in PACKS:
            raise StateError("pack", f"unknown pack {self.pack!r}; known: {list(PACKS)}")
        if self.attacker not in ATTACKER_RULES:
            raise StateError("attacker", f"unknown value {self.attacker!r}; expected one of "
                                         f"{list(ATTACKER_RULES)}")

    def _check_decks(self) -> None:
        """Two deck titles, or 'random'."""
        if isinstance(self.decks, str):
            if self.decks != "random":
                raise StateError("decks", "expected two deck titles or 'random'")
        elif len(self.decks) != 2 or not all(isinstance(d, str) for d in self.decks):
            raise StateError("decks", "expected two deck titles")

    def _check_sizes(self) -> None:
        """Slot counts and [min, max] deal ranges are integers within their bounds."""
        for name, lo, hi in (("hand_slots", 4, 40), ("pool_slots", 2, 20)):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
                raise StateError(name, f"must be an integer in {lo}..{hi}, got {value!r}")
        limits = {"hand_size": (1, self.hand_slots), "pool_size": (0, self.pool_slots),
                  "realms": (1, 6), "items": (0, 20), "discarded": (0, 40)}
        for name, (lo, hi) in limits.items():
            pair = getattr(self, name)
            if (not isinstance(pair, tuple) or len(pair) != 2
                    or not all(isinstance(x, int) and not isinstance(x, bool) for x in pair)
                    or not lo <= pair[0] <= pair[1] <= hi):
                raise StateError(name, f"expected [min, max] with {lo} <= min <= max <= {hi}, "
                                       f"got {pair!r}")
