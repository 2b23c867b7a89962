"""Sampling a Heroes of Land, Air & Sea state from one player's view (issue 15).

Everything but the opponent's secret Tactic Card and its payment is public (seed 003: the
cards are chosen in secret and revealed together). The view hides them, so:

- in the tactic phase the opponent has not chosen (yet, as far as the searcher knows): it
  chooses in the tree, at the same time as the searcher (decoupled);
- in the payment phase the opponent's card is drawn uniformly from the seven, with no
  payment pending (its sacrifice, if any, is unknown and left out);
- attackers of battles not yet fought follow the config's rule (drawn when it is random).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...envs.land_air_sea.rules import LandAirSeaEngine, LandAirSeaState

SIDE_KEYS = ("faction", "resources", "vp", "army", "structures", "spellbook", "cards_played")


def secret(engine: LandAirSeaEngine, state: LandAirSeaState, acting: list[int]) -> bool:
    """Tactic choices and payments stay hidden until the reveal (seed 003)."""
    return state.phase in ("tactic", "payment")


def sample(engine: LandAirSeaEngine, view: dict[str, Any], player: int,
           rng: np.random.Generator) -> LandAirSeaState:
    """A full state agreeing with ``player``'s ``view``, the opponent's secrets drawn."""
    me, opp = player, 1 - player
    phase = view["phase"]
    sides: list[dict[str, Any]] = [{}, {}]
    sides[me] = {k: view["me_side"][k] for k in SIDE_KEYS}
    sides[opp] = {k: view["opponent"][k] for k in SIDE_KEYS}
    tactic: list[str | None] = [None, None]
    sacrifice: list[dict[str, int]] = [{}, {}]
    paying = [False, False]
    if phase == "payment":
        tactic[me] = view["me_side"]["tactic"]
        sacrifice[me] = dict(view["me_side"]["sacrifice"])
        paying[me] = bool(view["to_act"])
        cards = list(engine.actions.cards)
        tactic[opp] = cards[int(rng.integers(len(cards)))]
    elif phase == "tactic" and not view["to_act"]:
        tactic[me] = view["me_side"]["tactic"]
    data = {
        "system": "land_air_sea", "battle": view["battle"], "num_battles": view["num_battles"],
        "attackers": _attackers(engine, view, player, rng), "phase": phase,
        "spell": [sides_spell(view, p, me) for p in (0, 1)], "tactic": tactic,
        "sacrifice": sacrifice, "paying": paying, "history": view["history"],
        "players": sides,
    }
    return engine.from_json(data)


def sides_spell(view: dict[str, Any], p: int, me: int) -> str | None:
    """The (public) spell decision of player ``p``."""
    spell: str | None = (view["me_side"] if p == me else view["opponent"])["spell"]
    return spell


def _attackers(engine: LandAirSeaEngine, view: dict[str, Any], player: int,
               rng: np.random.Generator) -> list[int]:
    """Past attackers from the history, this battle's from the role, the rest by the rule."""
    n, now = view["num_battles"], view["battle"]
    out = [int(h["attacker"]) for h in view["history"]][:now]
    if now < n:
        out.append(player if view["role"] == "attacker" else 1 - player)
    rule = engine.config.attacker
    for b in range(len(out), n):
        if rule == "alternate":
            out.append(b % 2)
        elif rule == "random":
            out.append(int(rng.integers(2)))
        else:
            out.append(int(rule[-1]))
    return out
