"""The whole-game Spellfire heuristic bot (system ``spellfire_game``).

- Phase 0: plays no rule card (their powers are not modelled: one would only use a card).
- Phase 2: play a new realm (the formation fills in order), else rebuild the front-most razed
  realm; put a holding on the front-most realm that takes it; then done.
- Phase 3: put champions into the pool, strongest first, while fewer than three stand there;
  give magical items and artifacts to the strongest pool champion that takes them; then done.
- Phase 4: attack the weakest realm it may attack only when its strongest available champion
  beats that realm's defence plus the opponent's strongest pool champion (an exposed realm
  with no defender in sight is always attacked); otherwise make no attack. Inside the battle
  (champions, defence, cards) it plays as the battle bot (``agents.spellfire``).
- Spoils (seed 001: played at once or kept): a spoils card that may be played at once is
  played (a holding on the front-most realm, an item on the strongest pool champion); kept
  only when nothing else is offered.
- Phase 5: discard the least useful card: realms it can still play and strong champions are
  kept, a realm already in play or a weak card goes first.

It reads the JSON view (``needs_view = True``): every legal entry carries its ``kind`` (the
battle's ``ActionKind`` or the turn's ``GameActionKind``) and ``args`` (``hand``, ``slot``,
``pool``); it never reads a label.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..envs.core.codec import kind_is
from ..envs.spellfire.battle.actions import ActionKind
from ..envs.spellfire.game.actions import GameActionKind
from .base import DeterministicAgent
from .spellfire import HeuristicAgent as BattleHeuristicAgent

Entry = dict[str, Any]


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


def _arg(entry: Entry, name: str) -> int:
    return int(entry["args"][name])


def _of(legal: list[Entry], kind: ActionKind | GameActionKind) -> list[Entry]:
    return [e for e in legal if kind_is(e, kind)]


def _target(view: dict[str, Any], targets: list[Entry]) -> int:
    """The target of a card acting outside battles (issue 13): the opponent's side first
    (side 1), its strongest pool champion or its front-most standing realm, else the first
    offered."""
    formation, pool = view["opponent"]["formation"], view["opponent"]["pool"]

    def rank(e: Entry) -> tuple[int, int, int]:
        theirs = _arg(e, "side") == 1
        if "pool" in e["args"]:
            strength = _strength(pool[_arg(e, "pool")]) if theirs else 0
            return (-int(theirs), -strength, _arg(e, "pool"))
        slot = _arg(e, "slot") if "slot" in e["args"] else 0
        standing = theirs and "slot" in e["args"] and formation[slot] is not None \
            and not formation[slot].get("razed", False)
        return (-int(theirs), -int(standing), slot)

    return int(min(targets, key=rank)["id"])


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


class HeuristicAgent(DeterministicAgent):
    """The rule-of-thumb bot for the whole game (see the module docstring); the battle bot
    plays inside battles."""

    name = "heuristic"
    needs_view = True
    needs_observation = False

    def __init__(self, battle: Any | None = None) -> None:
        self.battle = BattleHeuristicAgent() if battle is None else battle

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
        if _of(legal, GameActionKind.KEEP_SPOILS):
            return self._spoils(view, legal)
        if phase == 4:
            if view["step"] == "realm":
                return self._attack(view, legal)
            # Inside the battle the battle bot decides, on the battle part of the view.
            return int(self.battle.act(observation, mask, {**view, "mode": "battle"}))
        if phase == 0:
            return self._done(legal)  # rule cards' powers are not modelled: none is played
        if phase == 2:
            if _of(legal, GameActionKind.DISCARD):
                return self._discard(view, legal)  # paying for a rebuild
            return self._phase2(legal, len(view["hand"]))
        if phase == 3:
            return self._phase3(view, legal)
        return self._discard(view, legal)

    # --- phases -------------------------------------------------------------------------------

    @staticmethod
    def _spoils(view: dict[str, Any], legal: list[Entry]) -> int:
        """Play the spoils card at once when it may be (seed 001), else keep it."""
        plays = [e for e in legal if not kind_is(e, GameActionKind.KEEP_SPOILS)]
        if not plays:
            return int(legal[0]["id"])
        pool = view["pool"]
        return int(max(plays, key=lambda e: (
            _strength(pool[_arg(e, "pool")]) if "pool" in e["args"] else 0,
            -_arg(e, "slot") if "slot" in e["args"] else 0, -e["id"]))["id"])

    @staticmethod
    def _done(legal: list[Entry]) -> int:
        return int(_of(legal, GameActionKind.END_PHASE)[0]["id"])

    def _phase2(self, legal: list[Entry], hand_size: int) -> int:
        realms = _of(legal, GameActionKind.PLAY_REALM)
        if realms:
            return int(realms[0]["id"])
        rebuilds = sorted(_of(legal, GameActionKind.REBUILD_REALM),
                          key=lambda e: _arg(e, "slot"))
        if rebuilds and hand_size >= 5:  # a rebuild costs three cards: keep two at least
            return int(rebuilds[0]["id"])
        holdings = sorted(_of(legal, GameActionKind.PLAY_HOLDING),
                          key=lambda e: (_arg(e, "slot"), _arg(e, "hand")))
        if holdings:
            return int(holdings[0]["id"])
        return self._done(legal)

    def _phase3(self, view: dict[str, Any], legal: list[Entry]) -> int:
        targets = [e for k in (GameActionKind.TARGET_PLAYER, GameActionKind.TARGET_REALM,
                               GameActionKind.TARGET_CHAMPION) for e in _of(legal, k)]
        if targets:
            return _target(view, targets)
        hand = view["hand"]
        pool = view["pool"]
        champions = _of(legal, GameActionKind.CHAMPION_TO_POOL)
        if champions and len(pool) < 3:
            best = max(champions, key=lambda e: (int(hand[_arg(e, "hand")].get("level", 0)),
                                                 -e["id"]))
            return int(best["id"])
        attaches = _of(legal, GameActionKind.ATTACH_ITEM)
        if attaches:
            best = max(attaches, key=lambda e: (_strength(pool[_arg(e, "pool")]), -e["id"]))
            return int(best["id"])
        outside = _of(legal, GameActionKind.PLAY_OUTSIDE)  # issue 13: every one offered
        if outside:
            return int(outside[0]["id"])
        return self._done(legal)

    def _attack(self, view: dict[str, Any], legal: list[Entry]) -> int:
        no_attack = next((int(e["id"]) for e in _of(legal, ActionKind.NO_ATTACK)), None)
        attacks = sorted((_realm_defence(view["opponent"]["formation"][_arg(e, "slot")]),
                          int(e["id"])) for e in _of(legal, ActionKind.ATTACK_REALM))
        if not attacks:
            return int(legal[0]["id"]) if no_attack is None else no_attack
        mine = [int(c.get("level", 0)) for c in view["hand"] if "level" in c
                and c["type"] != "realm"]
        mine += [_strength(p) for p in view["pool"] if not p["attacked"]]
        best = max(mine, default=0)
        theirs = max((_strength(p) for p in view["opponent"]["pool"]), default=0)
        defence, action = attacks[0]
        if no_attack is None or best > theirs + defence or (theirs == 0 and best > defence):
            return action
        return no_attack

    def _discard(self, view: dict[str, Any], legal: list[Entry]) -> int:
        hand = view["hand"]
        options = _of(legal, GameActionKind.DISCARD)
        if not options:
            return int(legal[0]["id"])
        worst = min(options, key=lambda e: (card_value(hand[_arg(e, "hand")], view), e["id"]))
        return int(worst["id"])


GameHeuristicAgent = HeuristicAgent
"""The name ``agents.spellfire`` knows the game bot by."""
