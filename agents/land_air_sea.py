"""A Heroes of Land, Air & Sea bot that plays the way a sensible beginner does.

- Spells: cast a strength spell (or a Lightning Bolt, or a Dispel of the enemy's spell) only when
  the battle is close enough for it to matter and it can be afforded; otherwise save the
  resources.
- Tactic card: for each card, count against how many of the opponent's playable cards it would
  win (counting cancels and bonuses), add the VP the card gives, and subtract its cost while
  more battles are to come. Play the best.
- Payment: pay from resources when they cover the cost and more battles are to come only if
  the stock stays healthy; otherwise sacrifice the cheapest units first.

It reads the JSON view (``needs_view = True``), never the opponent's secret choice. It picks
among the legal actions by their kind and arguments (``entry["kind"]``, ``entry["args"]``), never
by their label text.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..envs.core.codec import kind_is
from ..envs.land_air_sea.actions import ActionKind
from ..envs.land_air_sea.data import Tables, TacticCard, load_tables
from .base import DeterministicAgent

CLOSE_MARGIN = 4
"""A battle whose totals differ by at most this much is worth a spell."""
UNIT_STAKE = 2.0
"""Extra value of winning a battle beyond its VP: the units the loser loses."""
COST_WEIGHT = 0.25
"""Value of one resource point while battles remain."""


class HeuristicAgent(DeterministicAgent):
    """The rule-of-thumb bot for ``land_air_sea`` (see the module docstring)."""

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
            raise ValueError("the land_air_sea HeuristicAgent needs the JSON view (needs_view)")
        legal: list[dict[str, Any]] = view["legal"]
        if not legal:
            return 0
        phase = view["phase"]
        if phase == "spell":
            return self._spell(view, legal)
        if phase == "tactic":
            return self._tactic(view, legal)
        return self._payment(view, legal)

    # --- spells ---------------------------------------------------------------------------

    def _spell_bonus(self, name: str | None, side: dict[str, Any]) -> int:
        if not name or name.startswith("dispelled:"):
            return 0
        spell = self.tables.spells[name]
        if spell.effect == "bonus":
            return spell.amount
        if spell.effect == "per_unit" and spell.unit:
            return min(spell.amount * side["army"].get(spell.unit, 0), spell.max)
        return 0

    def _margin(self, view: dict[str, Any]) -> int:
        """My total minus the opponent's, before cards; >= 0 wins for the defender."""
        me, opp = view["me_side"], view["opponent"]
        mine = me["strength"] + self._spell_bonus(me["spell"], me)
        theirs = opp["strength"] + self._spell_bonus(opp["spell"], opp)
        return mine - theirs if view["role"] == "defender" else mine - theirs - 1

    def _spell(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> int:
        decline = _first_id(legal, ActionKind.DECLINE_SPELL)
        assert decline is not None
        margin = self._margin(view)
        if not -CLOSE_MARGIN <= margin < 2:
            return decline
        me, opp = view["me_side"], view["opponent"]
        best, best_gain = decline, 0.0
        for entry in legal:
            if not kind_is(entry, ActionKind.CAST_SPELL):
                continue
            action = entry["id"]
            spell = self.tables.spells[entry["args"]["spell"]]
            if spell.effect == "dispel":
                gain = float(self._spell_bonus(opp["spell"], opp))
                if opp["spell"] and self.tables.spells[opp["spell"]].effect == "destroy_unit":
                    gain = 1.0
            elif spell.effect == "destroy_unit":
                small = [self.tables.units[k].strength for k, n in opp["army"].items()
                         if n and self.tables.units[k].sacrificeable
                         and self.tables.units[k].strength <= spell.max]
                gain = float(max(small, default=0))
            else:
                gain = float(self._spell_bonus(spell.name, me))
            gain -= 0.1 * spell.cost.amount
            if gain > best_gain:
                best, best_gain = action, gain
        return best

    # --- tactic cards ---------------------------------------------------------------------

    def _valid(self, card: TacticCard, side: dict[str, Any], attacking: bool) -> bool:
        if card.role == "attacker" and not attacking:
            return False
        if card.role == "defender" and attacking:
            return False
        if card.needs_non_serf:
            only_serfs = all(k == "Serf" for k, n in side["army"].items() if n)
            if only_serfs and (attacking or not side["structures"]):
                return False
        units = self.tables.units
        can_sacrifice = sum(units[k].strength * n for k, n in side["army"].items()
                            if units[k].sacrificeable)
        return side["resources"][card.cost.resource] + can_sacrifice >= card.cost.amount

    def _recruit_gain(self, card: TacticCard) -> int:
        if not card.recruit_unit:
            return 0
        return self.tables.units[card.recruit_unit].strength * card.recruit_count

    def _tactic(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> int:
        me, opp = view["me_side"], view["opponent"]
        attacking = view["role"] == "attacker"
        margin = self._margin(view)
        cards = self.tables.cards
        opp_options: list[TacticCard | None] = [c for c in cards.values()
                                                if self._valid(c, opp, not attacking)]
        opp_options.append(None)
        battles_left = view["num_battles"] - view["battle"] - 1
        cost_weight = COST_WEIGHT if battles_left > 0 else 0.0
        best_action, best_score = None, -1e9
        for entry in legal:
            if not kind_is(entry, ActionKind.CHOOSE_TACTIC):
                continue
            action = entry["id"]
            card = cards[entry["args"]["card"]]
            valid = self._valid(card, me, attacking)
            wins = 0.0
            vp = 0.0
            for other in opp_options:
                mine_on = valid and not (other is not None and card.name in other.cancels)
                theirs_on = other is not None and not (valid and other.name in card.cancels)
                delta = margin
                if mine_on:
                    delta += card.bonus + self._recruit_gain(card)
                    if theirs_on and other is not None:
                        delta += card.bonus_vs.get(other.name, 0)
                    vp += card.vp
                if theirs_on and other is not None:
                    delta -= other.bonus + self._recruit_gain(other)
                    if mine_on:
                        delta -= other.bonus_vs.get(card.name, 0)
                wins += 1.0 if delta >= 0 else 0.0
            n = len(opp_options)
            stake = 2.0 + UNIT_STAKE
            score = stake * wins / n + vp / n - (cost_weight * card.cost.amount if valid else 0)
            if score > best_score:
                best_action, best_score = action, score
        assert best_action is not None
        return best_action

    # --- payment --------------------------------------------------------------------------

    def _payment(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> int:
        me = view["me_side"]
        pay = _first_id(legal, ActionKind.PAY)
        card = self.tables.cards[me["tactic"]]
        stock = me["resources"][card.cost.resource]
        battles_left = view["num_battles"] - view["battle"] - 1
        sacrifices = sorted((self.tables.units[entry["args"]["unit"]].strength, entry["id"])
                            for entry in legal if kind_is(entry, ActionKind.SACRIFICE))
        # Resources are worth keeping for later battles; cheap Serfs are not worth much.
        keep_stock = battles_left > 0 and stock - card.cost.amount < 2
        if pay is not None and not (keep_stock and sacrifices and sacrifices[0][0] == 1):
            return pay
        if sacrifices:
            return sacrifices[0][1]
        assert pay is not None
        return pay


def _first_id(legal: list[dict[str, Any]], kind: ActionKind) -> int | None:
    """The id of the first legal action of ``kind``, or ``None`` if none is legal."""
    return next((entry["id"] for entry in legal if kind_is(entry, kind)), None)
