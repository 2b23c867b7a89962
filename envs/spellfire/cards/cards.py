"""The Spellfire card model: the facts of a card, never its text (issue 4, RULES.md §1 "Card data").

A :class:`Card` is immutable and shared by every copy of that card in every game. Copies in play
are told apart by the game state (zones hold card indices), not by Card objects.

Codes follow the CrossFire database (RULES.md §1 "Card data"): ``CardType`` and ``World`` are the
numeric type and world codes, attributes are CrossFire attribute ids, and ``uses`` keeps the
CrossFire "uses" codes (``"1"`` allies, ``"2"`` artifacts, ``"d19"`` defensive wizard spells ...).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from typing import Any

from .effects import Effect


class CardType(IntEnum):
    """CrossFire type codes (RULES.md §1 "Card data")."""

    NONE = 0
    ALLY = 1
    ARTIFACT = 2
    BLOOD_ABILITY = 3
    CLERIC_SPELL = 4
    CLERIC = 5
    EVENT = 6
    HERO = 7
    HOLDING = 8
    MAGICAL_ITEM = 9
    MONSTER = 10
    PSIONIC_POWER = 11
    PSIONICIST = 12
    REALM = 13
    REGENT = 14
    RULE = 15
    THIEF = 16
    THIEF_ABILITY = 17
    UNARMED_COMBAT = 18
    WIZARD_SPELL = 19
    WIZARD = 20
    DUNGEON = 21


CHAMPION_TYPES: frozenset[CardType] = frozenset(
    {
        CardType.CLERIC,
        CardType.HERO,
        CardType.MONSTER,
        CardType.PSIONICIST,
        CardType.REGENT,
        CardType.THIEF,
        CardType.WIZARD,
    }
)

#: What each champion type may use by its type alone (RULES.md §1 "Combat"); every champion
#: also uses allies ("1"), magical items and artifacts ("2").
TYPE_USES: dict[CardType, frozenset[str]] = {
    CardType.HERO: frozenset({"d18", "o18"}),
    CardType.WIZARD: frozenset({"d19", "o19"}),
    CardType.CLERIC: frozenset({"d4", "o4"}),
    CardType.PSIONICIST: frozenset({"d11", "o11"}),
    CardType.THIEF: frozenset({"d17", "o17"}),
    CardType.REGENT: frozenset({"d3", "o3"}),
    CardType.MONSTER: frozenset(),
}


class World(IntEnum):
    """CrossFire world codes."""

    NONE = 0
    FORGOTTEN_REALMS = 1
    GREYHAWK = 2
    RAVENLOFT = 3
    DARK_SUN = 4
    DRAGONLANCE = 5
    BIRTHRIGHT = 6
    ADND = 7
    TSR = 8
    NO_WORLD = 9


class Attribute(IntEnum):
    """The CrossFire attribute ids the rules read (RULES.md §1 "Card data")."""

    COASTAL = 5
    DEFENSIVE = 6
    DRAGON = 8
    DRAGON_COMBAT = 9
    """Unarmed combat usable only by dragons (every such card's text says so; uses ``101``)."""
    DWARF = 12
    EARTHWALKER = 13
    ELF = 14
    FLYER = 16
    HARMFUL = 22
    HELPFUL = 23
    OFFENSIVE = 27
    PHASE_0 = 29
    PHASE_1 = 30
    PHASE_2 = 31
    PHASE_3 = 32
    PHASE_4 = 33
    PHASE_5 = 34
    SWIMMER = 37
    UNDEAD = 40
    UNDEAD_COMBAT = 41
    """Unarmed combat usable only by undead (every such card's text says so; uses ``102``)."""
    UNDERDARK = 42


class Movement(str, Enum):
    """Movement powers that let a champion attack a realm that is not exposed (RULES.md §1)."""

    FLYER = "flyer"
    SWIMMER = "swimmer"
    EARTHWALKER = "earthwalker"


class Mark(str, Enum):
    """The (Off)/(Def) mark of spells and items (RULES.md §1 "Combat")."""

    OFF = "off"
    DEF = "def"


class Power(str, Enum):
    """How far a card's power is modelled (for ``combatzoo cards coverage``)."""

    MODELLED = "modelled"  # its combat-relevant power is written as effects
    NONE = "none"  # it truly has no combat-relevant power
    UNMODELLED = "unmodelled"  # it has one the vocabulary does not express yet


_LEVEL_RE = re.compile(r"^\s*([+-]?)(\d+)\s*(?:/\s*(\d+))?\s*$")
_BONUS_LIST_RE = re.compile(r"^\s*[+-]\d+(?:\s*/\s*[+-]?\d+)+\s*$")


@dataclass(frozen=True, slots=True)
class LevelField:
    """A parsed level/bonus field: ``6``, ``5/7``, ``+3``, ``-2``, ``?`` or empty."""

    level: int | None = None  # champions and realms: the base level (first value of ``5/7``)
    level_alt: int | None = None  # second value of ``5/7``
    bonus: int | None = None  # allies, items, spells: the signed bonus
    unknown: bool = False  # ``?``
    bonus_alt: tuple[int, ...] = ()  # further bonuses of ``+5/+2``, ``+3/+9/+18``, ``-1/2``
    bonus_unknown: bool = False  # ``+?``: a bonus the card's text decides


def parse_level(text: str) -> LevelField:
    """Parse the CrossFire level/bonus field (RULES.md §1 "Card data").

    A leading sign makes it a bonus (``+3``, ``-2``); an unsigned number is a level (``6``,
    ``5/7``); ``?`` is an unknown level; an empty field has neither. A few items and artifacts
    carry several bonuses (``+5/+2``, ``+3/+9/+18``, ``-1/2``: the first is ``bonus``, the rest
    ``bonus_alt``) and some cards a bonus their text decides (``+?``). Anything else raises
    ``ValueError``.
    """
    raw = text.strip()
    if raw == "":
        return LevelField()
    if raw == "?":
        return LevelField(unknown=True)
    if raw in ("+?", "-?"):
        return LevelField(bonus_unknown=True)
    if _BONUS_LIST_RE.match(raw):
        values = [int(v.strip()) for v in raw.split("/")]
        return LevelField(bonus=values[0], bonus_alt=tuple(values[1:]))
    m = _LEVEL_RE.match(raw)
    if m is None:
        raise ValueError(f"level/bonus field {text!r}: expected N, N/M, +N, -N or ?")
    sign, first, second = m.groups()
    if sign:
        if second is not None:
            raise ValueError(f"level/bonus field {text!r}: a bonus has one value")
        value = int(first)
        return LevelField(bonus=-value if sign == "-" else value)
    return LevelField(level=int(first), level_alt=None if second is None else int(second))


@dataclass(frozen=True, slots=True)
class Card:
    """The facts of one Spellfire card (no text). ``key`` is ``"set/number"``, e.g. ``"1st/94"``."""

    set_id: str
    number: int
    name: str
    type: CardType
    world: World = World.NONE
    level: LevelField = field(default_factory=LevelField)
    avatar: bool = False
    rarity: str = ""
    attributes: frozenset[int] = frozenset()
    uses: frozenset[str] = frozenset()
    mark: Mark | None = None
    mark_phases: tuple[int, ...] = ()
    effects: tuple[Effect, ...] = ()
    power: Power = Power.NONE
    lasting: str = ""
    """The whole game (issue 13, lasting): a card played into a round whose power lasts
    "until the player's next turn" (``"turn_start"``: until that turn begins), "until the
    end of this player's next turn" (``"turn_end"``) or "until the current player's next turn"
    (``"current_turn_start"``: the player on turn's), or stays on the opposing champion it is
    cast on "until dispelled" (``"dispelled"``, issue 13 first_a: Spell of Formless Horror);
    ``""``: its power ends with the round. Set by the compiler from the card's words
    (:data:`LASTING`)."""

    @property
    def key(self) -> str:
        return f"{self.set_id}/{self.number}"

    @property
    def is_champion(self) -> bool:
        return self.type in CHAMPION_TYPES

    @property
    def movement(self) -> frozenset[Movement]:
        """Movement powers, from the flyer / swimmer / earthwalker attributes."""
        out: set[Movement] = set()
        if Attribute.FLYER in self.attributes:
            out.add(Movement.FLYER)
        if Attribute.SWIMMER in self.attributes:
            out.add(Movement.SWIMMER)
        if Attribute.EARTHWALKER in self.attributes:
            out.add(Movement.EARTHWALKER)
        return frozenset(out)

    @property
    def coastal(self) -> bool:
        return Attribute.COASTAL in self.attributes

    def to_json(self) -> dict[str, Any]:
        """The card's facts as JSON (the built-in pack's row format)."""
        out: dict[str, Any] = {
            "set": self.set_id,
            "number": self.number,
            "name": self.name,
            "type": int(self.type),
            "world": int(self.world),
            "level": format_level(self.level),
        }
        if self.avatar:
            out["avatar"] = True
        if self.rarity:
            out["rarity"] = self.rarity
        if self.attributes:
            out["attributes"] = sorted(self.attributes)
        if self.uses:
            out["uses"] = sorted(self.uses)
        if self.mark is not None:
            out["mark"] = self.mark.value
        if self.mark_phases:
            out["mark_phases"] = list(self.mark_phases)
        if self.effects:
            out["effects"] = [e.to_json() for e in self.effects]
        out["power"] = self.power.value
        if self.lasting:
            out["lasting"] = self.lasting
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Card:
        """Read one pack row; errors name the card and the field."""
        where = f"card {data.get('set', '?')}/{data.get('number', '?')}"
        try:
            mark = data.get("mark")
            return cls(
                set_id=str(data["set"]),
                number=int(data["number"]),
                name=str(data["name"]),
                type=CardType(int(data["type"])),
                world=World(int(data.get("world", 0))),
                level=parse_level(str(data.get("level", ""))),
                avatar=bool(data.get("avatar", False)),
                rarity=str(data.get("rarity", "")),
                attributes=frozenset(int(x) for x in data.get("attributes", ())),
                uses=frozenset(str(x) for x in data.get("uses", ())),
                mark=None if mark is None else Mark(mark),
                mark_phases=tuple(int(x) for x in data.get("mark_phases", ())),
                effects=tuple(Effect.from_json(e) for e in data.get("effects", ())),
                power=Power(data.get("power", "none")),
                lasting=_lasting(data.get("lasting", "")),
            )
        except KeyError as exc:
            raise ValueError(f"{where}: missing field {exc.args[0]!r}") from None
        except (TypeError, ValueError) as exc:
            raise ValueError(f"{where}: {exc}") from None


LASTING = ("turn_start", "turn_end", "current_turn_start", "dispelled")
"""The values of :attr:`Card.lasting` besides ``""``."""


def _lasting(value: Any) -> str:
    """A pack row's ``lasting``, checked (``ValueError`` names the bad value)."""
    if value != "" and value not in LASTING:
        raise ValueError(f"lasting must be one of {LASTING} or empty, not {value!r}")
    return str(value)


def format_level(level: LevelField) -> str:
    """Inverse of :func:`parse_level`."""
    if level.unknown:
        return "?"
    if level.bonus_unknown:
        return "+?"
    if level.bonus is not None:
        return "/".join(f"{b:+d}" for b in (level.bonus, *level.bonus_alt))
    if level.level is not None:
        return str(level.level) if level.level_alt is None else f"{level.level}/{level.level_alt}"
    return ""
