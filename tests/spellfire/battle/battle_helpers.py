"""Helpers for scripted Spellfire battles: hand-written tables, moves named by card.

Cards come from the practice pack (``envs/spellfire/practice.py``, set ``PR``; numbers and
powers designed there) and from hand-made cards (set ``T``) built with :func:`card`.
"""

from __future__ import annotations

from typing import Any

from combatzoo.envs.spellfire.battle.config import SpellfireConfig
from combatzoo.envs.spellfire.battle.rules import SpellfireEngine
from combatzoo.envs.spellfire.cards.cards import Card, CardType, LevelField, Mark, World
from combatzoo.envs.spellfire.cards.effects import Effect
from combatzoo.envs.spellfire.cards.practice import CARDS

from tests.scripting import Script

KEY = {c.name.removeprefix("Practice "): c.key for c in CARDS}
"""Practice card keys by short name: ``KEY["Knight"] == "PR/20"``."""


def card(number: int, name: str, type_: CardType, *, level: int | None = None,
         bonus: int | None = None, world: World = World.FORGOTTEN_REALMS,
         attributes: tuple[int, ...] = (), mark: Mark | None = None,
         effects: tuple[Effect, ...] = (), uses: tuple[str, ...] = (),
         phases: tuple[int, ...] = ()) -> Card:
    """A hand-made test card ``T/number``."""
    return Card("T", number, name, type_, world, LevelField(level=level, bonus=bonus),
                attributes=frozenset(int(a) for a in attributes), uses=frozenset(uses),
                mark=mark, mark_phases=phases, effects=effects)


def make_engine(*extra: Card, **options: Any) -> SpellfireEngine:
    return SpellfireEngine(SpellfireConfig(pack="practice", extra_cards=extra, **options))


def k(name: str) -> str:
    """A practice card key by short name, or a hand-made key (``"T/3"``) as is."""
    return name if "/" in name else KEY[name]


def side(realms: list[Any] | None = None, hand: list[str] | None = None,
         pool: list[Any] | None = None, draw: list[str] | None = None,
         discard: list[str] | None = None, attacked: list[int] | None = None) -> dict[str, Any]:
    """A player's zones by card name. ``realms``: names, ``None`` (empty slot), or
    ``(name, razed)`` / ``(name, razed, holding)``; ``pool``: names or ``(name, [attached])``."""
    formation: list[Any] = []
    for r in realms or []:
        if r is None:
            formation.append(None)
        elif isinstance(r, tuple):
            entry: dict[str, Any] = {"realm": k(r[0]), "razed": r[1]}
            if len(r) > 2 and r[2]:
                entry["holding"] = k(r[2])
            formation.append(entry)
        else:
            formation.append({"realm": k(r)})
    pool_out = []
    for c in pool or []:
        if isinstance(c, tuple):
            pool_out.append({"champion": k(c[0]), "attached": [k(a) for a in c[1]]})
        else:
            pool_out.append({"champion": k(c)})
    out: dict[str, Any] = {"formation": formation, "hand": [k(c) for c in hand or []],
                           "pool": pool_out, "draw": [k(c) for c in draw or []],
                           "discard": [k(c) for c in discard or []]}
    if attacked:
        out["attacked"] = attacked
    return out


class Battle(Script):
    """A :class:`Script` with moves named by card."""

    engine: SpellfireEngine

    def name_of(self, inst: int) -> str:
        return self.engine.facts(self.state.cards[inst]).name

    def slot(self, player: int, zone: str, name: str) -> int:
        items = getattr(self.state.players[player], zone)
        full = name if name.startswith(("Practice", "T ")) else f"Practice {name}"
        for i, inst in enumerate(items):
            if self.name_of(inst) in (name, full):
                return i
        raise AssertionError(f"{name} is not in player_{player}'s {zone}")

    def attack(self, slot: str) -> None:
        self.step(**{f"player_{self.state.attacker}": f"Attack realm {slot}"})

    def present(self, player: int, name: str, zone: str = "hand") -> None:
        i = self.slot(player, zone, name)
        self.step(**{f"player_{player}": f"Champion from {zone} {i}"})

    def play(self, player: int, name: str) -> None:
        self.step(**{f"player_{player}": f"Play hand {self.slot(player, 'hand', name)}"})

    def pass_(self, player: int) -> None:
        self.step(**{f"player_{player}": "Pass (play no more cards)"})

    def decline(self) -> None:
        self.step(**{f"player_{self.state.defender}": "Decline to defend (realm razed)"})

    def totals(self) -> list[int]:
        """The totals last announced (a ``totals`` event: after presenting and each card)."""
        return list(self.find("totals")[-1].data["totals"])

    def names(self, player: int, zone: str) -> list[str | None]:
        return [None if i is None else self.name_of(i)
                for i in getattr(self.state.players[player], zone)]

    def pool_names(self, player: int) -> list[str]:
        return self.names(player, "pool")

    def attached_names(self, player: int, champion: str) -> list[str]:
        side = self.state.players[player]
        c = side.pool[self.slot(player, "pool", champion)]
        return [self.name_of(i) for i in side.attached.get(c, [])]

    def to_act(self) -> list[int]:
        return self.engine.to_act(self.state)

    @property
    def b(self) -> Any:
        return self.state.battle


def battle(engine: SpellfireEngine, p0: dict[str, Any], p1: dict[str, Any], attacker: int = 0,
           **battle_fields: Any) -> Battle:
    """A table at the start of the attacker's phase 4 (or at ``battle_fields``)."""
    data: dict[str, Any] = {"players": [p0, p1], "attacker": attacker}
    if battle_fields:
        data["battle"] = battle_fields
    state = engine.from_json(data)
    start = engine.clone(state)
    b = Battle(engine, state)
    b.start = start  # type: ignore[attr-defined]
    return b


def check(b: Battle) -> None:
    """The shared invariants hold (every card in one zone, masks, JSON round trip...)."""
    from combatzoo.envs.core.checks import check_state

    assert check_state(b.engine, b.state, b.start) == []  # type: ignore[attr-defined]
