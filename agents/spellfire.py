"""A Spellfire battle bot that plays the way a sensible beginner does.

- Realm: attack the weakest realm it may attack (the realm's bonus, its holding and, for a
  realm that defends itself, its level), provided its strongest available champion beats that;
  if no attack looks winnable, still attack the weakest (a battle not fought is never won),
  unless it has no champion at all.
- Champion (attacker): the strongest champion that may attack the chosen realm (level plus
  attached items).
- Defence: defend with the strongest champion when it (with the cards in hand that it could
  add) can beat the attacker's total; otherwise let a self-defending realm fight or decline,
  keeping the champion for later.
- Cards: when losing, play the cheapest card (least margin gained) that turns the round into a
  win; if none does, the card that gains the most, else pass. When winning (the window), pass.

It reads the JSON view (``needs_view = True``): the kind and arguments of each legal action
(``entry["kind"]``, ``entry["args"]``; never the label) and, for each card it may play, the
margin the card would leave, which is the rules' own arithmetic on what the bot can see.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..envs.core.codec import kind_is
from ..envs.spellfire.battle.actions import ActionKind
from ..envs.spellfire.battle.state import SLOTS
from .base import DeterministicAgent

Entry = dict[str, Any]


def _strength(entry: dict[str, Any]) -> int:
    """Level plus attached bonuses of a pool entry or a card view."""
    card = entry.get("card", entry)
    return int(card.get("level", 0)) + sum(int(a.get("bonus", 0))
                                           for a in entry.get("attached", []))


def _realm_defence(slot: dict[str, Any]) -> int:
    realm = slot["realm"]
    value = int(realm.get("bonus", 0))
    for e in realm.get("effects", []):
        if e["kind"] == "gain_levels" and e.get("condition", {}).get("when") != "attacking":
            value += int(e.get("amount", 0))
    holding = slot.get("holding")
    if holding is not None:
        value += int(holding.get("bonus", 0))
        for e in holding.get("effects", []):
            if e["kind"] == "gain_levels":
                value += int(e.get("amount", 0))
    return value


class HeuristicAgent(DeterministicAgent):
    """The rule-of-thumb bot for ``spellfire`` (see the module docstring)."""

    name = "heuristic"
    needs_view = True
    needs_observation = False

    def reset(self, seed: int | None = None) -> None:
        """Nothing to reset: the bot is deterministic."""

    def act(self, observation: np.ndarray | None, mask: np.ndarray,
            view: dict[str, Any] | None = None) -> int:
        if view is None:
            raise ValueError("the spellfire HeuristicAgent needs the JSON view (needs_view)")
        if view.get("mode") == "game":
            raise ValueError("a whole-game view: the game is the system spellfire_game, whose "
                             "heuristic is make_agent('spellfire_game', 'heuristic')")
        legal: list[Entry] = view["legal"]
        if not legal:
            return 0
        step = view["step"]
        if step == "realm":
            return self._realm(view, legal)
        if step == "attacker":
            return self._champion(view, legal)
        if step == "defender":
            return self._defend(view, legal)
        return self._cards(view, legal)

    # --- choices ------------------------------------------------------------------------------

    @staticmethod
    def _champions(view: dict[str, Any], legal: list[Entry]) -> list[tuple[int, int]]:
        """(strength, action) of every champion that may be presented now, strongest first."""
        out = []
        for entry in legal:
            if kind_is(entry, ActionKind.CHAMPION_FROM_HAND):
                out.append((_strength(view["hand"][entry["args"]["hand"]]), int(entry["id"])))
            elif kind_is(entry, ActionKind.CHAMPION_FROM_POOL):
                out.append((_strength(view["pool"][entry["args"]["pool"]]), int(entry["id"])))
        out.sort(key=lambda x: (-x[0], x[1]))
        return out

    def _best_available(self, view: dict[str, Any]) -> int:
        levels = [int(c.get("level", 0)) for c in view["hand"] if "level" in c
                  and c["type"] not in ("realm",)]
        levels += [_strength(p) for p in view["pool"] if not p["attacked"]]
        return max(levels, default=0)

    def _realm(self, view: dict[str, Any], legal: list[Entry]) -> int:
        attacks = [(_realm_defence(view["opponent"]["formation"][entry["args"]["slot"]]),
                    int(entry["id"]))
                   for entry in legal if kind_is(entry, ActionKind.ATTACK_REALM)]
        if not attacks:
            return int(legal[0]["id"])
        attacks.sort()
        return attacks[0][1]

    def _champion(self, view: dict[str, Any], legal: list[Entry]) -> int:
        champions = self._champions(view, legal)
        if champions:
            return champions[0][1]
        return int(legal[0]["id"])

    def _hand_bonus(self, view: dict[str, Any]) -> int:
        return sum(max(0, int(c.get("bonus", 0))) for c in view["hand"]
                   if c["type"] in ("ally", "magical_item", "event"))

    def _defend(self, view: dict[str, Any], legal: list[Entry]) -> int:
        champions = self._champions(view, legal)
        attacker = view["battle"]["opp_champion"]
        threat = _strength(attacker) if attacker else 0
        slot = SLOTS.index(view["battle"]["realm"])
        home = _realm_defence(view["formation"][slot])
        if champions and champions[0][0] + home + self._hand_bonus(view) >= threat:
            return champions[0][1]
        for entry in legal:
            if kind_is(entry, ActionKind.REALM_DEFENDS):
                return int(entry["id"])
        if champions:
            return champions[0][1]  # [decided] a lost realm costs as much as a lost champion
        return next(int(e["id"]) for e in legal if kind_is(e, ActionKind.DECLINE))

    def _cards(self, view: dict[str, Any], legal: list[Entry]) -> int:
        pass_action = next(int(e["id"]) for e in legal if kind_is(e, ActionKind.PASS))
        margins = {int(a): m for a, m in view.get("play_margins", {}).items()}
        if view["window"] or not margins:
            return pass_action
        role = view["role"]
        need = 0 if role == "defender" else 1  # ties go to the defender
        winning = [(m, a) for a, m in margins.items() if m >= need]
        if winning:
            return min(winning)[1]
        best = max(margins.items(), key=lambda x: (x[1], -x[0]))
        current = view["totals"]["me"] - view["totals"]["opponent"]
        return best[0] if best[1] > current else pass_action
