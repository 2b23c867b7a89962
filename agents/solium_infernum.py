"""A Solium Infernum bot that plays the way a sensible beginner does.

- Orders: for each legion that may move, look at every Place of Power that is not its own and
  every enemy legion; forecast the battle (support included, no cards) with the rules' own
  arithmetic (``combat.fight``). Go for the best target it would beat, Places first, nearest
  first; if nothing can be beaten, walk toward the best target only when no enemy could attack
  it more easily, otherwise give no order (pass).
- Movement: step toward the target, never into a canton whose battle it forecasts to lose;
  end the order when no step brings it closer.
- Cards: before a battle, if the forecast with the cards attached so far is not a win, attach
  the affordable card that improves the forecast most (a win, then less damage taken, then more
  dealt); otherwise DONE. It cannot see the enemy's cards and assumes none.

It reads the JSON view (``needs_view = True``), never the opponent's hand or secret cards. It
picks among the legal actions by their kind and arguments (``entry["kind"]``, ``entry["args"]``),
never by their label text.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..envs.core.codec import kind_is
from ..envs.solium_infernum.actions import DIRECTIONS, ActionKind
from ..envs.solium_infernum.combat import Fighter, fight, phase_order, support
from ..envs.solium_infernum.data import PHASE_NAMES, STATS, Tables, load_tables
from .base import DeterministicAgent

PLACE_VALUE = 3.0
"""A Place of Power decides the game; a legion destroyed only breaks ties."""
LEGION_VALUE = 2.0


class HeuristicAgent(DeterministicAgent):
    """The rule-of-thumb bot for ``solium_infernum`` (see the module docstring)."""

    name = "heuristic"
    needs_view = True
    needs_observation = False

    def __init__(self, tables_dir: str | None = None) -> None:
        self.tables: Tables = load_tables(tables_dir)

    def reset(self, seed: int | None = None) -> None:
        """Nothing to reset: the bot is deterministic."""

    def act(self, observation: np.ndarray | None, mask: np.ndarray,
            view: dict[str, Any] | None = None) -> int:
        if view is None:
            raise ValueError("the solium_infernum HeuristicAgent needs the JSON view (needs_view)")
        legal: list[dict[str, Any]] = view["legal"]
        if not legal:
            return 0
        phase = view["phase"]
        if phase == "cards":
            return self._cards(view, legal)
        if phase == "order":
            return self._order(view, legal)
        return self._move(view, legal)

    # --- forecasting ------------------------------------------------------------------------

    def _card_effects(self, cards: list[list[Any]], mine: list[int], theirs: list[int],
                      abilities: list[str]) -> int:
        bonus = 0
        for name, stat in cards:
            for el in self.tables.cards[name].elements:
                if el.kind == "raise" and stat is not None:
                    mine[PHASE_NAMES.index(stat)] += el.amount
                elif el.kind == "lower":
                    theirs[el.stat] -= el.amount
                elif el.kind == "hp":
                    bonus += el.amount
                else:
                    abilities.append(el.ability)
        return bonus

    def _forecast(self, battle: dict[str, Any], my_side: int,
                  cards: list[list[Any]]) -> tuple[float, int, int]:
        """(score, damage dealt, damage taken) of the battle for ``my_side`` (0 attacker)."""
        sides = [battle["attacker"], battle["defender"]]
        stats = [list(s["stats"]) for s in sides]
        abilities = [list(s["abilities"]) for s in sides]
        bonus = [0, 0]
        bonus[my_side] = self._card_effects(cards, stats[my_side], stats[1 - my_side],
                                            abilities[my_side])
        stats = [[max(0, v) for v in row] for row in stats]
        order = phase_order(abilities[0], abilities[1], sides[0]["level"], sides[1]["level"])
        result = fight(Fighter((stats[0][0], stats[0][1], stats[0][2]), sides[0]["hp"], bonus[0]),
                       Fighter((stats[1][0], stats[1][1], stats[1][2]), sides[1]["hp"], bonus[1]),
                       order)
        taken = sum(p.damage for p in result.phases if p.damaged == my_side)
        dealt = sum(p.damage for p in result.phases if p.damaged == 1 - my_side)
        if result.winner is None:
            score = 0.0
        else:
            score = 1.0 if result.winner == my_side else -1.0
        return score, dealt, taken

    def _battle_at(self, view: dict[str, Any], mover: dict[str, Any],
                   x: int, y: int) -> dict[str, Any] | None:
        """The battle ``mover`` would start by entering (x, y), as the view shows a battle
        (totals with support, no cards); ``None`` if nothing hostile is there."""
        enemy = next((lg for lg in view["opponent"]["legions"]
                      if lg["alive"] and lg["at"] == [x, y]), None)
        place = next((pl for pl in view["places"]
                      if pl["at"] == [x, y] and pl["owner"] != "me"), None)
        if enemy is None and place is None:
            return None

        def adjacent(legions: list[dict[str, Any]], skip: dict[str, Any] | None) -> list[Any]:
            return [lg["stats"] for lg in legions if lg["alive"] and lg is not skip
                    and abs(lg["at"][0] - x) + abs(lg["at"][1] - y) == 1]

        mine = view["me_side"]["legions"]
        att = [a + b for a, b in zip(mover["stats"], support(adjacent(mine, mover)), strict=True)]
        t = self.tables.legions[mover["kind"]]
        attacker = {"stats": att, "hp": mover["hp"], "level": t.level,
                    "abilities": list(t.abilities)}
        if enemy is not None:
            et = self.tables.legions[enemy["kind"]]
            dstats = [a + b for a, b in zip(enemy["stats"], support(
                adjacent(view["opponent"]["legions"], enemy)), strict=True)]
            defender = {"stats": dstats, "hp": enemy["hp"], "level": et.level,
                        "abilities": list(et.abilities)}
        else:
            assert place is not None
            dstats = list(place["stats"])
            if place["owner"] == "opponent":
                dstats = [a + b for a, b in zip(dstats, support(
                    adjacent(view["opponent"]["legions"], None)), strict=True)]
            defender = {"stats": dstats, "hp": place["hp"], "level": place["level"],
                        "abilities": []}
        return {"attacker": attacker, "defender": defender,
                "value": LEGION_VALUE if enemy is not None else PLACE_VALUE}

    def _targets(self, view: dict[str, Any], mover: dict[str, Any]) -> list[tuple[float, int,
                                                                                  int]]:
        """(value, x, y) of every canton worth attacking for ``mover``, best first."""
        out = []
        spots = [tuple(lg["at"]) for lg in view["opponent"]["legions"] if lg["alive"]]
        spots += [tuple(pl["at"]) for pl in view["places"] if pl["owner"] != "me"]
        for x, y in set(spots):
            battle = self._battle_at(view, mover, x, y)
            if battle is None:
                continue
            score, dealt, taken = self._forecast(battle, 0, [])
            dist = abs(mover["at"][0] - x) + abs(mover["at"][1] - y)
            if score > 0:
                value = battle["value"] - 0.1 * dist
            elif score == 0 and dealt > taken:
                value = 0.3 * battle["value"] - 0.1 * dist
            else:
                continue
            out.append((value, x, y))
        out.sort(reverse=True)
        return out

    # --- decisions ----------------------------------------------------------------------------

    def _order(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> int:
        best, best_value = _id_of(legal, ActionKind.PASS), 0.0
        orders = {entry["args"]["legion"]: entry["id"] for entry in legal
                  if kind_is(entry, ActionKind.ORDER_LEGION)}
        for lg in view["me_side"]["legions"]:
            if lg["slot"] not in orders:
                continue
            targets = self._targets(view, lg)
            if targets and targets[0][0] > best_value:
                best, best_value = orders[lg["slot"]], targets[0][0]
        return best

    def _move(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> int:
        mover = view["me_side"]["legions"][view["selected"]]
        targets = self._targets(view, mover)
        end = _id_of(legal, ActionKind.END_ORDER)
        if not targets:
            return end
        _, tx, ty = targets[0]
        x, y = mover["at"]
        dist = abs(x - tx) + abs(y - ty)
        moves = {entry["args"]["direction"]: entry["id"] for entry in legal
                 if kind_is(entry, ActionKind.MOVE)}
        for name, dx, dy in DIRECTIONS:
            if name not in moves:
                continue
            nx, ny = x + dx, y + dy
            if abs(nx - tx) + abs(ny - ty) >= dist:
                continue
            battle = self._battle_at(view, mover, nx, ny)
            if battle is not None and self._forecast(battle, 0, [])[0] < 0:
                continue
            return moves[name]
        return end

    def _cards(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> int:
        battle = view["battle"]
        done = _id_of(legal, ActionKind.DONE_ATTACHING)
        if battle is None or battle["role"] == "none":
            return done
        my_side = 0 if battle["role"] == "attacker" else 1
        attached = [list(a) for a in battle["attached"]]
        now = self._forecast(battle, my_side, attached)
        if now[0] > 0 and now[2] == 0:
            return done
        best, best_key = done, (now[0], -now[2], now[1])
        for entry in legal:
            if not kind_is(entry, ActionKind.ATTACH_CARD):
                continue
            raised = entry["args"].get("stat")
            stat = None if raised is None else PHASE_NAMES[STATS.index(raised)]
            trial = self._forecast(battle, my_side, [*attached, [entry["args"]["card"], stat]])
            key = (trial[0], -trial[2], trial[1])
            if key > best_key:
                best, best_key = entry["id"], key
        return best


def _id_of(legal: list[dict[str, Any]], kind: ActionKind) -> int:
    """The id of the legal action of ``kind`` (one that takes no arguments)."""
    found: int = next(entry["id"] for entry in legal if kind_is(entry, kind))
    return found
