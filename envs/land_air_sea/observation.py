"""What one player of a Heroes of Land, Air & Sea campaign sees: vector, JSON view and text.

Public: both armies, resources, VP, spells (cast in the open), revealed cards of past battles.
Private: one's own Tactic Card choice and payment until the reveal. The opponent's secret choice
(and whether it is still arranging payment) never appears in a player's observation.

The vector is egocentric ("me" is the observing player) and every value lies in [-1, 1]. With
the shipped tables (F = 4 factions, U = 8 piece kinds, S = 5 spells, C = 7 cards, K = 2
sacrificeable kinds) it has 120 entries; the index table is :data:`LAYOUT_TABLE`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.observation import ObservationLayout, Segment
from .actions import ActionSet
from .config import LandAirSeaConfig
from .data import RESOURCES, Tables
from .state import LandAirSeaState, Side
from .strength import army_strength, sacrificed_strength

RESOURCE_SCALE = 20.0
VP_SCALE = 20.0
STRENGTH_SCALE = 40.0
COST_SCALE = 10.0


def _cap(x: float) -> float:
    return 1.0 if x > 1.0 else (-1.0 if x < -1.0 else x)


class LandAirSeaObserver:
    """Builds the observation layout from the tables and encodes states with it.

    It reads the state, the tables and the config only (never the engine): what only the rules
    know (who is to act, the legal actions) is handed to :meth:`view` as values.
    """

    def __init__(self, tables: Tables, actions: ActionSet, config: LandAirSeaConfig) -> None:
        self.tables = tables
        self.actions = actions
        self.config = config
        self.factions = tuple(tables.factions)
        self.units = tuple(tables.units)
        nf, nu = len(self.factions), len(self.units)
        ns, nc = len(actions.spells), len(actions.cards)
        nk = len(actions.sacrificeable)
        self.layout = ObservationLayout([
            Segment("phase", 4, "one-hot: spell, tactic, payment, over"),
            Segment("to_act", 1, "1 if I must decide now"),
            Segment("role", 2, "one-hot: I attack, I defend"),
            Segment("campaign", 2, "battle index / battles, battles left / battles"),
            Segment("my_resources", 3, "my Ore, Mana, Food / 20 (capped at 1)"),
            Segment("opp_resources", 3, "opponent's Ore, Mana, Food / 20 (capped at 1)"),
            Segment("vp", 3, "my VP, opponent's VP, my lead; each / 20, within [-1, 1]"),
            Segment("my_faction", nf, "one-hot of my faction (factions.json order)"),
            Segment("opp_faction", nf, "one-hot of the opponent's faction"),
            Segment("my_army", nu, "my pieces of each kind (units.json order; structures "
                                   "count only as mine at home) / army cap"),
            Segment("opp_army", nu, "the opponent's pieces of each kind / army cap"),
            Segment("strength", 4, "my natural, my total with abilities, the opponent's "
                                   "natural, its total; / 40, roles of this battle"),
            Segment("my_spellbook", ns, "1 for each spell I know (spells.json order)"),
            Segment("opp_spellbook", ns, "1 for each spell the opponent knows"),
            Segment("my_spell", ns + 2, "undecided, declined, then one-hot of the spell I cast"),
            Segment("opp_spell", ns + 2, "the same for the opponent (spells are cast openly)"),
            Segment("my_card", nc, "one-hot of my secretly chosen Tactic Card (this battle)"),
            Segment("my_sacrifice", nk, "units I set aside to pay, per kind / army cap"),
            Segment("cost_left", 1, "cost of my card still uncovered by sacrifices / 10"),
            Segment("card_allowed", nc, "1 if I may play the card (role and Serf rules)"),
            Segment("card_affordable", nc, "1 if I could pay the card (resources + units)"),
            Segment("my_last_card", nc, "one-hot of the card I revealed in the last battle"),
            Segment("opp_last_card", nc, "one-hot of the card the opponent revealed last"),
            Segment("opp_card_counts", nc, "how often the opponent revealed each card / battles"),
        ])
        s = self.layout.start
        self._s = s
        self._unit_index = {u: i for i, u in enumerate(self.units)}
        self._faction_index = {f: i for i, f in enumerate(self.factions)}
        self._spell_index = {n: i for i, n in enumerate(actions.spells)}
        self._card_index = {n: i for i, n in enumerate(actions.cards)}
        self._phase_index = {"spell": 0, "tactic": 1, "payment": 2, "over": 3}
        self._flag_cache: dict[tuple[Any, ...], tuple[list[int], list[int]]] = {}
        self._strength_cache: dict[tuple[Any, ...], tuple[int, int]] = {}
        self._card_facts = tuple((c.role, c.needs_non_serf, c.cost.resource, c.cost.amount)
                                 for c in (tables.cards[n] for n in actions.cards))

    def strength(self, side: Side, attacking: bool, defending: bool) -> tuple[int, int]:
        """:func:`army_strength` with a small cache (it runs at every observation)."""
        key = (tuple(side.army.items()), tuple(side.structures.items()) if defending else (),
               attacking, defending)
        found = self._strength_cache.get(key)
        if found is None:
            if len(self._strength_cache) > 4096:
                self._strength_cache.clear()
            found = self._strength_cache[key] = army_strength(self.tables, side, attacking,
                                                              defending)
        return found

    def encode(self, state: LandAirSeaState, me: int) -> np.ndarray:
        """The observation vector of player ``me`` (see the layout table).

        It runs at every decision, so the parts that change only when units are destroyed or a
        battle ends are cached in ``state.cache`` (the engine clears it then), and only the
        per-decision segments (phase, spells, my card and payment, resources and what they
        afford) are written here.
        """
        s = self._s
        cached = state.cache.get(me)
        if cached is None:
            cached = state.cache[me] = self._encode_battle(state, me)
        obs = cached.copy()
        opp = 1 - me
        phase = state.phase
        # Resources change with every cast spell: written here, not cached.
        mine, theirs = state.players[me].resources, state.players[opp].resources
        base_m, base_o = s["my_resources"], s["opp_resources"]
        for i, res in enumerate(RESOURCES):
            obs[base_m + i] = min(mine[res] / RESOURCE_SCALE, 1.0)
            obs[base_o + i] = min(theirs[res] / RESOURCE_SCALE, 1.0)
        if phase != "over":
            self._card_flags(state, me, obs)
        obs[s["phase"] + self._phase_index[phase]] = 1.0
        if (phase == "spell" and (state.spell[state.defender] is None) == (me == state.defender)
                or phase == "tactic" and state.tactic[me] is None
                or phase == "payment" and state.paying[me]):
            obs[s["to_act"]] = 1.0
        si = self._spell_index
        for seg, p in (("my_spell", me), ("opp_spell", opp)):
            spell = state.spell[p]
            if spell is None:
                obs[s[seg]] = 1.0
            elif spell == "":
                obs[s[seg] + 1] = 1.0
            else:
                obs[s[seg] + 2 + si[spell.removeprefix("dispelled:")]] = 1.0
        card_name = state.tactic[me]
        if card_name is not None:
            obs[s["my_card"] + self._card_index[card_name]] = 1.0
            card = self.tables.cards[card_name]
            given = sacrificed_strength(self.tables, state.sacrifice[me])
            obs[s["cost_left"]] = min(max(0, card.cost.amount - given) / COST_SCALE, 1.0)
            cap = float(self.config.army_cap)
            for i, kind in enumerate(self.actions.sacrificeable):
                n = state.sacrifice[me].get(kind, 0)
                if n:
                    obs[s["my_sacrifice"] + i] = min(n / cap, 1.0)
        return obs

    def _encode_battle(self, state: LandAirSeaState, me: int) -> np.ndarray:
        """The segments that stay fixed from a spell decision to the end of a battle."""
        s = self._s
        cap = float(self.config.army_cap)
        opp = 1 - me
        mine, theirs = state.players[me], state.players[opp]
        v = [0.0] * self.layout.size
        phase = state.phase
        attacking = state.attacker == me
        v[s["role"] + (0 if attacking else 1)] = 1.0
        nb = state.num_battles
        if state.battle < nb:
            v[s["campaign"]] = state.battle / nb
            v[s["campaign"] + 1] = (nb - state.battle) / nb
        else:
            v[s["campaign"]] = 1.0
        vp = s["vp"]
        v[vp] = _cap(mine.vp / VP_SCALE)
        v[vp + 1] = _cap(theirs.vp / VP_SCALE)
        v[vp + 2] = _cap((mine.vp - theirs.vp) / VP_SCALE)
        v[s["my_faction"] + self._faction_index[mine.faction]] = 1.0
        v[s["opp_faction"] + self._faction_index[theirs.faction]] = 1.0
        ui = self._unit_index
        for seg, side in (("my_army", mine), ("opp_army", theirs)):
            base = s[seg]
            for kind, n in side.army.items():
                v[base + ui[kind]] = min(n / cap, 1.0)
            for kind, n in side.structures.items():
                v[base + ui[kind]] = min(n / cap, 1.0)
        if phase != "over":
            nat_m, tot_m = self.strength(mine, attacking, not attacking)
            nat_o, tot_o = self.strength(theirs, not attacking, attacking)
            st = s["strength"]
            v[st] = min(nat_m / STRENGTH_SCALE, 1.0)
            v[st + 1] = min(tot_m / STRENGTH_SCALE, 1.0)
            v[st + 2] = min(nat_o / STRENGTH_SCALE, 1.0)
            v[st + 3] = min(tot_o / STRENGTH_SCALE, 1.0)
        si = self._spell_index
        for seg, side in (("my_spellbook", mine), ("opp_spellbook", theirs)):
            base = s[seg]
            for name in side.spellbook:
                v[base + si[name]] = 1.0
        ci = self._card_index
        if state.history:
            last = state.history[-1]["cards"]
            if last[me] is not None:
                v[s["my_last_card"] + ci[last[me]]] = 1.0
            if last[opp] is not None:
                v[s["opp_last_card"] + ci[last[opp]]] = 1.0
        played = max(1, len(state.history))
        base = s["opp_card_counts"]
        for name, n in theirs.cards_played.items():
            v[base + ci[name]] = min(n / played, 1.0)
        return np.array(v, dtype=np.float32)

    def _card_flags(self, state: LandAirSeaState, me: int, v: np.ndarray) -> None:
        """``card_allowed`` and ``card_affordable``: the same tests as the engine's
        ``_permitted`` and ``_affordable``, done once for all cards."""
        side = state.players[me]
        attacking = state.attacker == me
        key = (attacking, tuple(side.army.items()), bool(side.structures),
               tuple(side.resources.values()))
        flags = self._flag_cache.get(key)
        if flags is None:
            if len(self._flag_cache) > 65536:
                self._flag_cache.clear()
            flags = self._flag_cache[key] = self._compute_card_flags(side, attacking)
        allowed, affordable = self._s["card_allowed"], self._s["card_affordable"]
        for i in flags[0]:
            v[allowed + i] = 1.0
        for i in flags[1]:
            v[affordable + i] = 1.0

    def _compute_card_flags(self, side: Side, attacking: bool) -> tuple[list[int], list[int]]:
        only_serfs = all(k == "Serf" for k, n in side.army.items() if n > 0)
        no_structure = attacking or not side.structures
        units = self.tables.units
        can_sacrifice = 0
        for k in self.actions.sacrificeable:
            n = side.army.get(k, 0)
            if n:
                can_sacrifice += units[k].strength * n
        allowed, affordable = [], []
        for i, (role, needs_non_serf, res, amount) in enumerate(self._card_facts):
            if not (role == "attacker" and not attacking or role == "defender" and attacking
                    or needs_non_serf and only_serfs and no_structure):
                allowed.append(i)
            if side.resources[res] + can_sacrifice >= amount:
                affordable.append(i)
        return allowed, affordable

    def view(self, state: LandAirSeaState, me: int, to_act: bool,
             legal: list[dict[str, Any]]) -> dict[str, Any]:
        """The same information as :meth:`encode`, as readable JSON; ``to_act`` and ``legal``
        (the engine's ``legal_entries``) come from the rules."""
        opp = 1 - me
        attacking = state.attacker == me

        def side_view(p: int, own: bool) -> dict[str, Any]:
            side = state.players[p]
            nat, tot = army_strength(self.tables, side, state.attacker == p, state.defender == p)
            out: dict[str, Any] = {
                "faction": side.faction, "resources": dict(side.resources), "vp": side.vp,
                "army": dict(side.army), "structures": dict(side.structures),
                "spellbook": list(side.spellbook), "natural_strength": nat,
                "strength": tot, "spell": state.spell[p],
                "cards_played": dict(side.cards_played),
            }
            if own:
                out["tactic"] = state.tactic[p]
                out["sacrifice"] = dict(state.sacrifice[p])
            return out

        return {
            "system": "land_air_sea", "me": f"player_{me}",
            "phase": state.phase, "battle": state.battle, "num_battles": state.num_battles,
            "role": "attacker" if attacking else "defender",
            "to_act": to_act,
            "legal": legal,
            "me_side": side_view(me, True), "opponent": side_view(opp, False),
            "history": [dict(h) for h in state.history],
        }

    def render(self, state: LandAirSeaState, me: int | None) -> str:
        """The campaign as text; from ``me``'s seat the opponent's secret choices stay hidden."""
        lines = []
        if state.phase == "over":
            battles = "battle" if state.num_battles == 1 else "battles"
            lines.append(f"Campaign over after {state.num_battles} {battles}.")
        else:
            lines.append(f"Battle {state.battle + 1} of {state.num_battles}, phase: {state.phase}; "
                         f"player_{state.attacker} attacks player_{state.defender}.")
        for p, side in enumerate(state.players):
            role = "" if state.phase == "over" else (
                " (attacker)" if p == state.attacker else " (defender)")
            nat, tot = army_strength(self.tables, side, p == state.attacker, p == state.defender)
            army = ", ".join(f"{n} {k}" for k, n in side.army.items()) or "no army"
            structures = ", ".join(f"{n} {k}" for k, n in side.structures.items()) or "none"
            res = " ".join(f"{r.capitalize()} {side.resources[r]}" for r in RESOURCES)
            you = " <- you" if me == p else ""
            lines.append(f"player_{p} {side.faction}{role}{you}: VP {side.vp} | {res}")
            lines.append(f"  army: {army} | structures: {structures} | strength {tot} "
                         f"(natural {nat})")
            spell = state.spell[p]
            if spell is not None:
                lines.append(f"  spell: {spell or 'declined'}")
            if state.tactic[p] is not None and (me is None or me == p):
                lines.append(f"  tactic card (secret): {state.tactic[p]}"
                             + (f", sacrificing {state.sacrifice[p]}" if state.sacrifice[p]
                                else ""))
        if state.history:
            h = state.history[-1]
            lines.append(f"Last battle: player_{h['attacker']} attacked; cards {h['cards']}; "
                         f"totals {h['totals']}; winner "
                         f"{'none' if h['winner'] is None else 'player_' + str(h['winner'])}.")
        return "\n".join(lines)
