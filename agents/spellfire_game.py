"""The whole-game logic of the Spellfire heuristic bot (``mode="game"``).

- Phase 2: play a new realm (the formation fills in order), else rebuild the front-most razed
  realm; put a holding on the front-most realm that takes it; then done.
- Phase 3: put champions into the pool, strongest first, while fewer than three stand there;
  give magical items and artifacts to the strongest pool champion that takes them; then done.
- Phase 4: attack the weakest realm it may attack only when its strongest available champion
  beats that realm's defence plus the opponent's strongest pool champion (an exposed realm
  with no defender in sight is always attacked); otherwise make no attack. Inside the battle
  (champions, defence, cards) it plays as the battle bot (``agents.spellfire``).
- Phase 5: discard the least useful card: realms it can still play and strong champions are
  kept, a realm already in play or a weak card goes first.

It reads the JSON view (``needs_view = True``); every legal entry of a game view carries its
``kind`` and slots (``envs/spellfire/game_observation.py``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .base import DeterministicAgent

SLOTS = "ABCDEF"


def _strength(entry: dict[str, Any]) -> int:
    card = entry.get("card", entry)
    return int(card.get("level", 0)) + sum(int(a.get("bonus", 0))
                                           for a in entry.get("attached", []))


def _realm_defence(slot: dict[str, Any]) -> int:
    value = int(slot["realm"].get("bonus", 0)) + int(slot["realm"].get("level", 0))
    holding = slot.get("holding")
    if holding is not None:
        value += int(holding.get("bonus", 0))
    return value


def _realm_names(view: dict[str, Any]) -> set[str]:
    return {slot["realm"]["name"] for side in (view["formation"],
                                               view["opponent"]["formation"])
            for slot in side if slot is not None}


def card_value(card: dict[str, Any], view: dict[str, Any]) -> float:
    """How much the bot wants to keep a hand card (higher: keep)."""
    kind = card["type"]
    if kind == "realm":
        room = any(slot is None or slot["razed"] for slot in view["formation"])
        return 20.0 if room and card["name"] not in _realm_names(view) else 0.5
    if kind == "holding":
        return 6.0
    level = int(card.get("level", 0))
    bonus = int(card.get("bonus", 0))
    if "level" in card:  # a champion
        return 8.0 + level
    if kind in ("magical_item", "artifact"):
        return 4.0 + bonus
    if kind == "event":
        return 3.0 + bonus
    return 2.0 + bonus


class GameHeuristicAgent(DeterministicAgent):
    """The rule-of-thumb bot for the whole game (see the module docstring); the battle bot
    plays inside battles."""

    name = "heuristic"
    needs_view = True
    needs_observation = False

    def __init__(self, battle: Any | None = None) -> None:
        if battle is None:
            from .spellfire import HeuristicAgent

            battle = HeuristicAgent()
        self.battle = battle

    def reset(self, seed: int | None = None) -> None:
        """Nothing to reset: the bot is deterministic."""
        self.battle.reset(seed)

    def act(self, observation: np.ndarray | None, mask: np.ndarray,
            view: dict[str, Any] | None = None) -> int:
        if view is None:
            raise ValueError("the spellfire game bot needs the JSON view (needs_view)")
        legal = view["legal"]
        if not legal:
            return 0
        phase = view["phase"]
        if phase == 4:
            if view["step"] == "realm":
                return self._attack(view, legal)
            # The battle bot sees a battle view (so that a battle bot which hands game views
            # to this one does not hand this one back).
            return int(self.battle.act(observation, mask, {**view, "mode": "battle"}))
        if phase == 2:
            return self._phase2(view, legal)
        if phase == 3:
            return self._phase3(view, legal)
        return self._discard(view, legal)

    # --- phases -------------------------------------------------------------------------------

    @staticmethod
    def _done(legal: list[dict[str, Any]]) -> int:
        return int(next(e["id"] for e in legal if e["kind"] == "end_phase"))

    def _phase2(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> int:
        realms = [e for e in legal if e["kind"] == "realm"]
        if realms:
            return int(realms[0]["id"])
        rebuilds = sorted((e for e in legal if e["kind"] == "rebuild"),
                          key=lambda e: SLOTS.index(e["slot"]))
        if rebuilds:
            return int(rebuilds[0]["id"])
        holdings = sorted((e for e in legal if e["kind"] == "holding"),
                          key=lambda e: (SLOTS.index(e["slot"]), e["hand"]))
        if holdings:
            return int(holdings[0]["id"])
        return self._done(legal)

    def _phase3(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> int:
        hand = view["hand"]
        pool = view["pool"]
        champions = [e for e in legal if e["kind"] == "champion"]
        if champions and len(pool) < 3:
            best = max(champions, key=lambda e: (int(hand[e["hand"]].get("level", 0)),
                                                 -e["id"]))
            return int(best["id"])
        attaches = [e for e in legal if e["kind"] == "attach"]
        if attaches:
            best = max(attaches, key=lambda e: (_strength(pool[e["pool"]]), -e["id"]))
            return int(best["id"])
        return self._done(legal)

    def _attack(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> int:
        no_attack = next((int(e["id"]) for e in legal
                          if e["label"].startswith("Make no attack")), None)
        attacks = []
        for e in legal:
            if e["label"].startswith("Attack realm "):
                slot = SLOTS.index(e["label"].split(":")[0][-1])
                attacks.append((_realm_defence(view["opponent"]["formation"][slot]),
                                int(e["id"])))
        if not attacks:
            return legal[0]["id"] if no_attack is None else no_attack
        attacks.sort()
        mine = [int(c.get("level", 0)) for c in view["hand"] if "level" in c
                and c["type"] != "realm"]
        mine += [_strength(p) for p in view["pool"] if not p["attacked"]]
        best = max(mine, default=0)
        theirs = max((_strength(p) for p in view["opponent"]["pool"]), default=0)
        defence, action = attacks[0]
        if no_attack is None or best > theirs + defence or (theirs == 0 and best > defence):
            return action
        return no_attack

    def _discard(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> int:
        hand = view["hand"]
        options = [e for e in legal if e["kind"] == "discard"]
        if not options:
            return int(legal[0]["id"])
        worst = min(options, key=lambda e: (card_value(hand[e["hand"]], view), e["id"]))
        return int(worst["id"])
