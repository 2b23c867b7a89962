"""The effect vocabulary: card powers as data (issue 4, RULES.md §1).

A card's combat-relevant power is a tuple of :class:`Effect` values. The battle engine interprets
them; the phrase compiler (``compiler.py``) produces them from CrossFire card text; the built-in
pack (``data/pack.json``) stores them as JSON. Card text itself is never stored in the project.

Each effect is ``kind`` + numbers + an optional :class:`Condition` saying when it applies. New kinds
may be added as cards need them; existing kinds keep their meaning (pack files depend on them).

Kinds (fields each reads in brackets):

- ``gain_levels``: the card's champion (or the realm's defender) gains ``amount`` levels [amount,
  condition]
- ``allies_gain``: each ally on the owner's side gains ``amount`` levels [amount, condition]
- ``opponent_loses``: the opposing champion loses ``amount`` levels [amount, condition]
- ``defend_as``: a realm with no defending champion defends as a level ``amount`` champion of
  ``champion_type`` [amount, champion_type]
- ``immune_offensive_spells``: (Off) spells have no effect on this champion [condition]
- ``immune_to``: cards of ``card_types`` have no effect on this champion [card_types, condition]
- ``not_attackable_by``: a realm that ``movement`` champions / ``card_types`` champions cannot
  attack [movement, card_types]
- ``double_level``: the champion's level is doubled [condition]
- ``destroy_champion``: the opposing champion is discarded when its level is ``amount`` or less (0
  = any) [amount, condition]
- ``discard_allies``: all opposing allies in the round are discarded [condition]
- ``may_use``: the champion (or, on a realm/holding, any defender) may use the ``uses`` codes
  [uses, condition]
- ``attack_again``: the champion may attack more than once per turn
- ``defeat_twice``: the realm must be defeated twice to be razed
- ``raze_realm``: the attacked realm is razed (mid-combat: battle ends, seed 001)
- ``discard_opposing_champion``: card play discards the opposing champion now (seed 001)
  [condition]
- ``discard_own_champion``: card play discards its own side's champion (both may end discarded)
- ``play_any_time``: the card may be played at any time (spoils rule, winner's plays)
- ``win_round``: the owner's side wins the round outright [condition]
- ``hand_size``: the owner's maximum hand size changes by ``amount`` (whole game) [amount]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any


class EffectKind(str, Enum):
    """What an effect does (see the module table)."""

    GAIN_LEVELS = "gain_levels"
    ALLIES_GAIN = "allies_gain"
    OPPONENT_LOSES = "opponent_loses"
    DEFEND_AS = "defend_as"
    IMMUNE_OFFENSIVE_SPELLS = "immune_offensive_spells"
    IMMUNE_TO = "immune_to"
    NOT_ATTACKABLE_BY = "not_attackable_by"
    DOUBLE_LEVEL = "double_level"
    DESTROY_CHAMPION = "destroy_champion"
    DISCARD_ALLIES = "discard_allies"
    MAY_USE = "may_use"
    ATTACK_AGAIN = "attack_again"
    DEFEAT_TWICE = "defeat_twice"
    RAZE_REALM = "raze_realm"
    DISCARD_OPPOSING_CHAMPION = "discard_opposing_champion"
    DISCARD_OWN_CHAMPION = "discard_own_champion"
    PLAY_ANY_TIME = "play_any_time"
    WIN_ROUND = "win_round"
    HAND_SIZE = "hand_size"


class When(str, Enum):
    """The side of the battle on which an effect applies."""

    ALWAYS = "always"
    ATTACKING = "attacking"
    DEFENDING = "defending"


@dataclass(frozen=True, slots=True)
class Condition:
    """When an effect applies: the owner's role and what the opposing champion is.

    ``vs_types`` are CrossFire type codes (``CardType`` values) of the opposing champion,
    ``vs_attributes`` CrossFire attribute ids (e.g. 8 dragon, 40 undead), ``vs_worlds`` world codes.
    An empty tuple means "any".
    """

    when: When = When.ALWAYS
    vs_types: tuple[int, ...] = ()
    vs_attributes: tuple[int, ...] = ()
    vs_worlds: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.when is not When.ALWAYS:
            out["when"] = self.when.value
        for name in ("vs_types", "vs_attributes", "vs_worlds"):
            value = getattr(self, name)
            if value:
                out[name] = list(value)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Condition:
        unknown = set(data) - {"when", "vs_types", "vs_attributes", "vs_worlds"}
        if unknown:
            raise ValueError(f"condition: unknown field(s) {sorted(unknown)}")
        try:
            when = When(data.get("when", "always"))
        except ValueError:
            raise ValueError(
                f"condition.when: {data.get('when')!r} is not one of {[w.value for w in When]}"
            ) from None
        return cls(
            when=when,
            vs_types=tuple(int(x) for x in data.get("vs_types", ())),
            vs_attributes=tuple(int(x) for x in data.get("vs_attributes", ())),
            vs_worlds=tuple(int(x) for x in data.get("vs_worlds", ())),
        )


ALWAYS = Condition()


@dataclass(frozen=True, slots=True)
class Effect:
    """One piece of a card's power (see the module table for which fields each kind reads)."""

    kind: EffectKind
    amount: int = 0
    condition: Condition = field(default=ALWAYS)
    champion_type: int | None = None
    card_types: tuple[int, ...] = ()
    uses: tuple[str, ...] = ()
    movement: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind.value}
        if self.amount:
            out["amount"] = self.amount
        cond = self.condition.to_json()
        if cond:
            out["condition"] = cond
        if self.champion_type is not None:
            out["champion_type"] = self.champion_type
        for name in ("card_types", "uses", "movement"):
            value = getattr(self, name)
            if value:
                out[name] = list(value)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Effect:
        allowed = {"kind", "amount", "condition", "champion_type", "card_types", "uses", "movement"}
        unknown = set(data) - allowed
        if unknown:
            raise ValueError(f"effect: unknown field(s) {sorted(unknown)}")
        try:
            kind = EffectKind(data["kind"])
        except KeyError:
            raise ValueError("effect: missing field 'kind'") from None
        except ValueError:
            raise ValueError(
                f"effect.kind: {data['kind']!r} is not one of {[k.value for k in EffectKind]}"
            ) from None
        ct = data.get("champion_type")
        return cls(
            kind=kind,
            amount=int(data.get("amount", 0)),
            condition=Condition.from_json(data.get("condition", {})),
            champion_type=None if ct is None else int(ct),
            card_types=tuple(int(x) for x in data.get("card_types", ())),
            uses=tuple(str(x) for x in data.get("uses", ())),
            movement=tuple(str(x) for x in data.get("movement", ())),
        )
