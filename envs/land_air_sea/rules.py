"""The pure rules engine of a Heroes of Land, Air & Sea battle campaign (seed 003, RULES.md §2).

Each battle runs:

1. The attacker gains ``attack_vp`` (RULES.md §2 [src]). Army strength is the natural strength
   of the pieces plus hero / vessel / structure ability bonuses (structures only for the
   defender) -- :func:`strength.army_strength`.
2. Combat spells: the defender casts one or declines, then the attacker (RULES.md §2). Costs are
   paid when cast. Spells resolve together once both have decided (a Dispel cancels the other's
   spell; a Lightning Bolt destroys a unit).
3. If a side has no units or structures left, the battle ends and no Tactic Cards are played
   (seed 003, first paragraph).
4. Both players secretly choose one of their 7 Tactic Cards (seed 003). A player whose card is
   allowed and affordable and who holds units that could be sacrificed then decides, still in
   secret, which units to sacrifice; the rest is paid in the card's resource. A player who can
   pay must pay (seed 003 note): "Pay" is legal only once the cost is covered.
5. Reveal (:meth:`LandAirSeaEngine._resolve_battle`): forbidden or unaffordable cards are
   ignored (seed 003 note); cards cancelled by the opponent's cost nothing and give no VP (seed
   003); Conscripts resolve defender first (seed 003); totals compared, ties to the defender;
   both pay their card's cost and gain its VP, win or lose (seed 003); sacrificed units are
   destroyed; the loser takes damage (RULES.md §2 resolution); survivors retreat.

Between battles each player gains its income and reinforcements; the attacker changes per the
``attacker`` option. After the last battle the player with more VP wins (+1 / -1, 0 on a tie).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np

from ..core.codec import Action
from ..core.engine import Engine, Event, GameSpec
from ..core.errors import StateError
from ..core.jsonio import check_keys, get, get_choice, get_int
from ..core.native import mypyc_attr
from ..core.schema import refuse_broken, validate
from .actions import DECLINE, PAY, ActionKind, ActionSet
from .config import LandAirSeaConfig
from .data import RESOURCES, Spell, TacticCard, load_tables
from .observation import LandAirSeaObserver
from .schema import LandAirSeaStateModel
from .state import PHASES, LandAirSeaState, Side
from .strength import army_strength, sacrificed_strength

NAME = "land_air_sea"
# Damage goes to a tower first (RULES.md §2), then, [decided], to the cheapest pieces: units by
# rising strength, then vessels, then heroes; a piece that takes any damage is destroyed.
DAMAGE_ORDER = {"structure": 0, "unit": 1, "vessel": 2, "hero": 3}


@mypyc_attr(allow_interpreted_subclasses=True)  # subclassable (core/native.py)
class LandAirSeaEngine(Engine[LandAirSeaState]):
    """Rules of the Heroes of Land, Air & Sea battle, as a campaign of several battles."""

    def __init__(self, config: LandAirSeaConfig | None = None) -> None:
        self.config = config or LandAirSeaConfig()
        self.tables = load_tables(self.config.tables_dir)
        self.config.validate(self.tables)
        self.actions = ActionSet.from_tables(self.tables)
        self.codec = self.actions.codec({k: self.tables.units[k].strength
                                         for k in self.tables.sacrificeable})
        self.observer = LandAirSeaObserver(self.tables, self.actions, self.config)
        self.layout = self.observer.layout
        # Per battle: 2 spell decisions, 2 card choices, at most (units + 1) payment steps each.
        max_per_battle = 4 + 2 * (len(self.tables.sacrificeable) * self.config.army_cap + 1)
        self.spec = GameSpec(
            name=NAME, title="Heroes of Land, Air & Sea (battle campaign)", version=0,
            num_players=2, num_actions=self.actions.n, obs_size=self.layout.size,
            max_decisions=self.config.num_battles * max_per_battle, utility_range=(-1.0, 1.0),
            simultaneous=True, gym_id="combatzoo/LandAirSea-v0")
        encode = self.codec.encode
        self._decline_id = encode(DECLINE)
        self._pay_id = encode(PAY)
        self._spell_ids = {s: encode(Action.of(ActionKind.CAST_SPELL, spell=s))
                           for s in self.actions.spells}
        self._card_ids = {c: encode(Action.of(ActionKind.CHOOSE_TACTIC, card=c))
                          for c in self.actions.cards}
        self._sacrifice_ids = {u: encode(Action.of(ActionKind.SACRIFICE, unit=u))
                               for u in self.actions.sacrificeable}

    # --- setup -----------------------------------------------------------------------------

    def new_game(self, rng: np.random.Generator) -> LandAirSeaState:
        cfg = self.config
        if cfg.factions == "random":
            names = sorted(self.tables.factions)
            factions = [names[int(i)] for i in rng.integers(0, len(names), size=2)]
        else:
            factions = list(cfg.factions)
        players = []
        for p, fname in enumerate(factions):
            faction = self.tables.factions[fname]
            army = cfg.armies[p]
            if army is None:
                army = faction.army
            structures = cfg.structures[p]
            if structures is None:
                structures = faction.structures
            resources = {r: int(cfg.start_resources.get(r, 0)) for r in RESOURCES}
            players.append(Side(fname, resources, 0, {k: v for k, v in army.items() if v},
                                {k: v for k, v in structures.items() if v},
                                list(faction.spellbook)))
        if cfg.attacker == "alternate":
            attackers = [b % 2 for b in range(cfg.num_battles)]
        elif cfg.attacker == "random":
            attackers = [int(x) for x in rng.integers(0, 2, size=cfg.num_battles)]
        else:
            attackers = [int(cfg.attacker[-1])] * cfg.num_battles
        state = LandAirSeaState(players=players, num_battles=cfg.num_battles, attackers=attackers)
        self._start_battle(state, [])
        return state

    # --- turn protocol -----------------------------------------------------------------------

    def to_act(self, state: LandAirSeaState) -> list[int]:
        phase = state.phase
        if phase == "spell":
            d = state.defender
            return [d] if state.spell[d] is None else [1 - d]
        if phase == "tactic":
            return [p for p in (0, 1) if state.tactic[p] is None]
        if phase == "payment":
            return [p for p in (0, 1) if state.paying[p]]
        return []

    def legal_actions(self, state: LandAirSeaState, player: int) -> list[int]:
        phase = state.phase
        if phase == "spell":
            if player not in self.to_act(state):
                return []
            return [self._decline_id] + sorted(self._spell_ids[s]
                                            for s in self._castable(state, player))
        if phase == "tactic":
            if state.tactic[player] is not None:
                return []
            # Every card of the hand may be chosen; one that cannot be paid or is forbidden is
            # ignored at the reveal (seed 003 note), which is how a player plays no card.
            return list(self._card_ids.values())
        if phase == "payment":
            if not state.paying[player]:
                return []
            return self._payment_actions(state, player)
        return []

    def _castable(self, state: LandAirSeaState, player: int) -> list[str]:
        side = state.players[player]
        attacking = player == state.attacker
        out = []
        for name in side.spellbook:
            spell = self.tables.spells[name]
            if spell.role == "attacker" and not attacking:
                continue
            if spell.role == "defender" and attacking:
                continue
            if side.resources[spell.cost.resource] < spell.cost.amount:
                continue
            # A Dispel needs a spell to cancel: only after the opponent has cast one.
            if spell.effect == "dispel" and not state.spell[1 - player]:
                continue
            out.append(name)
        return out

    def _payment_actions(self, state: LandAirSeaState, player: int) -> list[int]:
        side = state.players[player]
        card = self.tables.cards[state.tactic[player]]  # type: ignore[index]
        given = self._sacrificed_strength(state, player)
        legal = []
        if given < card.cost.amount:
            for kind in self.actions.sacrificeable:
                if side.army.get(kind, 0) > state.sacrifice[player].get(kind, 0):
                    legal.append(self._sacrifice_ids[kind])
        if given + side.resources[card.cost.resource] >= card.cost.amount:
            legal.append(self._pay_id)
        return legal

    def _sacrificed_strength(self, state: LandAirSeaState, player: int) -> int:
        return sacrificed_strength(self.tables, state.sacrifice[player])

    def is_over(self, state: LandAirSeaState) -> bool:
        return state.phase == "over"

    def returns(self, state: LandAirSeaState) -> list[float]:
        if state.phase != "over":
            return [0.0, 0.0]
        a, b = state.players[0].vp, state.players[1].vp
        if a == b:
            return [0.0, 0.0]
        return [1.0, -1.0] if a > b else [-1.0, 1.0]

    # --- applying actions ----------------------------------------------------------------------

    def _apply(self, state: LandAirSeaState, actions: Mapping[int, int]) -> list[Event]:
        events: list[Event] = []
        battle = state.battle
        self._step(state, actions, events)
        # Spells, cards and payments change only what the observer encodes per decision
        # (resources included). Destroyed units and the end of a battle change the rest: drop
        # the observer's cached parts then (a Lightning Bolt drops them where it strikes).
        if state.battle != battle:
            state.cache.clear()
        return events

    def _step(self, state: LandAirSeaState, actions: Mapping[int, int],
              events: list[Event]) -> None:
        decoded = {p: self.decode_action(a) for p, a in actions.items()}
        if state.phase == "spell":
            (player, action), = decoded.items()
            self._decide_spell(state, player, action, events)
        elif state.phase == "tactic":
            for player, action in decoded.items():
                state.tactic[player] = _arg(action, ActionKind.CHOOSE_TACTIC, "card")
                events.append(Event("tactic_chosen", f"player_{player} chooses a Tactic Card "
                                                     "face down", player))
            self._start_payment(state, events)
        elif state.phase == "payment":
            for player, action in decoded.items():
                self._pay_step(state, player, action, events)
            if not any(state.paying):
                self._resolve_battle(state, events)

    def _decide_spell(self, state: LandAirSeaState, player: int, action: Action,
                      events: list[Event]) -> None:
        side = state.players[player]
        if action.kind is ActionKind.DECLINE_SPELL:
            state.spell[player] = ""
            events.append(Event("spell_declined", f"player_{player} casts no combat spell", player))
        else:
            name = _arg(action, ActionKind.CAST_SPELL, "spell")
            spell = self.tables.spells[name]
            side.resources[spell.cost.resource] -= spell.cost.amount
            state.spell[player] = name
            events.append(Event("spell_cast", f"player_{player} casts {name} "
                                              f"({spell.cost.amount} {spell.cost.resource})",
                                player, {"spell": name}))
        if state.spell[state.attacker] is not None:
            self._resolve_spells(state, events)

    def _resolve_spells(self, state: LandAirSeaState, events: list[Event]) -> None:
        """Both spells are known: Dispels cancel, then Lightning Bolts strike, defender first."""
        order = (state.defender, state.attacker)
        for p in order:
            name = state.spell[p]
            if name and self.tables.spells[name].effect == "dispel":
                target = state.spell[1 - p]
                if target:
                    state.spell[1 - p] = "dispelled:" + target
                    events.append(Event("spell_dispelled", f"player_{p}'s Dispel cancels "
                                                           f"player_{1 - p}'s {target}", p,
                                        {"spell": target}))
        for p in order:
            name = state.spell[p]
            if not name or name.startswith("dispelled:"):
                continue
            spell = self.tables.spells[name]
            if spell.effect == "destroy_unit":
                self._bolt(state, p, spell, events)
        if self._a_side_is_empty(state):
            self._end_without_tactics(state, events)
            return
        state.phase = "tactic"

    def _bolt(self, state: LandAirSeaState, caster: int, spell: Spell,
              events: list[Event]) -> None:
        target = state.players[1 - caster]
        units = self.tables.units
        candidates = [k for k, n in target.army.items()
                      if n > 0 and units[k].sacrificeable and units[k].strength <= spell.max]
        if not candidates:
            events.append(Event("spell_fizzles", f"{spell.name} finds no target", caster))
            return
        victim = max(candidates, key=lambda k: (units[k].strength, k))
        self._destroy(target, victim, 1)
        state.cache.clear()
        events.append(Event("unit_destroyed", f"{spell.name} destroys player_{1 - caster}'s "
                                              f"{victim}", 1 - caster, {"unit": victim}))

    def _a_side_is_empty(self, state: LandAirSeaState) -> bool:
        """Whether a side has no units or structures left in the battle (seed 003)."""
        return any(self._pieces_in_battle(state, p) == 0 for p in (0, 1))

    def _end_without_tactics(self, state: LandAirSeaState, events: list[Event]) -> None:
        """Seed 003: a side has nothing left, the battle ends and no Tactic Cards are played."""
        empty = [p for p in (0, 1) if self._pieces_in_battle(state, p) == 0]
        winner = None if len(empty) == 2 else 1 - empty[0]
        events.append(Event("battle_ends_early", "a side has no units or structures left: the "
                                                 "battle ends with no Tactic Cards", winner))
        gained = [0, 0]
        if winner is not None:
            state.players[winner].vp += self.config.victory_vp
            gained[winner] += self.config.victory_vp
        self._finish_battle(state, events, winner, [None, None], [0, 0], gained)

    def _pieces_in_battle(self, state: LandAirSeaState, p: int) -> int:
        side = state.players[p]
        n = sum(side.army.values())
        if p == state.defender:
            n += sum(side.structures.values())
        return n

    def _start_payment(self, state: LandAirSeaState, events: list[Event]) -> None:
        for p in (0, 1):
            card = self.tables.cards[state.tactic[p]]  # type: ignore[index]
            side = state.players[p]
            has_units = any(side.army.get(k, 0) for k in self.actions.sacrificeable)
            state.paying[p] = (card.cost.amount > 0 and has_units
                               and self._permitted(state, p, card) is None
                               and self._affordable(side, card))
        if not any(state.paying):
            self._resolve_battle(state, events)
        else:
            state.phase = "payment"

    def _pay_step(self, state: LandAirSeaState, player: int, action: Action,
                  events: list[Event]) -> None:
        # The choice stays secret until the reveal: paying and sacrificing give the same event.
        events.append(Event("payment_step", f"player_{player} arranges payment", player))
        if action.kind is ActionKind.PAY:
            state.paying[player] = False
            return
        kind = _arg(action, ActionKind.SACRIFICE, "unit")
        state.sacrifice[player][kind] = state.sacrifice[player].get(kind, 0) + 1

    def _permitted(self, state: LandAirSeaState, player: int, card: TacticCard) -> str | None:
        """Why ``card`` may not be played by ``player`` (seed 003 restrictions), or None."""
        attacking = player == state.attacker
        if card.role == "attacker" and not attacking:
            return "only an attacker may play it"
        if card.role == "defender" and attacking:
            return "only a defender may play it"
        if card.needs_non_serf:
            side = state.players[player]
            only_serfs = all(k == "Serf" for k, n in side.army.items() if n > 0)
            has_structure = not attacking and sum(side.structures.values()) > 0
            if only_serfs and not has_structure:
                return "an army of only Serfs with no structure may not play it"
        return None

    def _affordable(self, side: Side, card: TacticCard) -> bool:
        units = self.tables.units
        can_sacrifice = sum(units[k].strength * side.army.get(k, 0)
                            for k in self.actions.sacrificeable)
        return side.resources[card.cost.resource] + can_sacrifice >= card.cost.amount

    def _resolve_battle(self, state: LandAirSeaState, events: list[Event]) -> None:
        """The reveal and the resolution of seed 003 and RULES.md §2."""
        att, dfn = state.attacker, state.defender
        cards = [self.tables.cards[state.tactic[p]] for p in (0, 1)]  # type: ignore[index]
        self._reveal(state, cards, events)
        in_force = self._in_force(state, cards, events)
        effective = self._cancel(state, cards, in_force, events)
        # Conscripts change the armies; the defender resolves first (seed 003).
        for p in (dfn, att):
            if effective[p] and cards[p].recruit_unit:
                self._recruit(state, p, cards[p], events)
        totals = [self._total(state, p, cards, effective, events) for p in (0, 1)]
        # Higher strength wins; ties go to the defender (RULES.md §2).
        winner = att if totals[att] > totals[dfn] else dfn
        loser = 1 - winner
        events.append(Event("battle_won", f"player_{winner} wins the battle "
                                          f"({totals[winner]} vs {totals[loser]})", winner,
                             {"totals": list(totals)}))
        # Win or lose, both pay their card's cost and gain its VP (seed 003).
        gained = [self._pay_card(state, p, cards[p], events) if effective[p] else 0
                  for p in (0, 1)]
        state.players[winner].vp += self.config.victory_vp
        gained[winner] += self.config.victory_vp
        self._destroy_sacrificed(state, events)
        self._damage(state, loser, events)
        events.append(Event("retreat", f"player_{loser}'s survivors retreat", loser))
        self._finish_battle(state, events, winner, [c.name for c in cards], totals, gained)

    def _reveal(self, state: LandAirSeaState, cards: list[TacticCard],
                events: list[Event]) -> None:
        """Both cards are turned face up at once (seed 003) and counted as played."""
        for p in (0, 1):
            state.players[p].cards_played[cards[p].name] = (
                state.players[p].cards_played.get(cards[p].name, 0) + 1)
            events.append(Event("tactic_revealed", f"player_{p} reveals {cards[p].name}", p,
                                 {"card": cards[p].name}))

    def _in_force(self, state: LandAirSeaState, cards: list[TacticCard],
                  events: list[Event]) -> list[bool]:
        """Which revealed cards count: forbidden or unaffordable cards are ignored, they count
        as no card (seed 003 note)."""
        in_force = [False, False]
        for p in (0, 1):
            why = self._permitted(state, p, cards[p])
            if why is None and not self._covered(state, p, cards[p]):
                why = "its cost cannot be paid"
            if why is None:
                in_force[p] = True
            else:
                state.sacrifice[p] = {}
                events.append(Event("tactic_ignored", f"player_{p}'s {cards[p].name} is ignored: "
                                                      f"{why}", p, {"card": cards[p].name}))
        return in_force

    def _cancel(self, state: LandAirSeaState, cards: list[TacticCard], in_force: list[bool],
                events: list[Event]) -> list[bool]:
        """Which cards take effect: a cancelled card costs nothing and gives no VP (seed 003)."""
        effective = list(in_force)
        for p in (0, 1):
            q = 1 - p
            if in_force[p] and in_force[q] and cards[p].name in cards[q].cancels:
                effective[p] = False
                state.sacrifice[p] = {}
                events.append(Event("tactic_cancelled", f"player_{q}'s {cards[q].name} cancels "
                                                        f"player_{p}'s {cards[p].name}", p,
                                     {"card": cards[p].name, "by": cards[q].name}))
        return effective

    def _total(self, state: LandAirSeaState, p: int, cards: list[TacticCard],
               effective: list[bool], events: list[Event]) -> int:
        """Army strength with abilities, plus the spell, plus the card in effect and its bonus
        against the opponent's card in effect (RULES.md §2, seed 003)."""
        _, base = army_strength(self.tables, state.players[p], p == state.attacker,
                                p == state.defender)
        spell_bonus = self._spell_bonus(state, p)
        card_bonus = 0
        if effective[p]:
            card_bonus = cards[p].bonus
            if effective[1 - p]:
                card_bonus += cards[p].bonus_vs.get(cards[1 - p].name, 0)
        total = base + spell_bonus + card_bonus
        events.append(Event("strength_total", f"player_{p} totals {total} (army {base}, "
                                              f"spell {spell_bonus:+d}, card {card_bonus:+d})",
                             p, {"army": base, "spell": spell_bonus, "card": card_bonus,
                                 "total": total}))
        return total

    def _pay_card(self, state: LandAirSeaState, p: int, card: TacticCard,
                  events: list[Event]) -> int:
        """``p`` pays its card in effect (sacrificed units first, the rest in the card's
        resource) and gains its VP (seed 003); returns the VP."""
        side = state.players[p]
        from_units = self._sacrificed_strength(state, p)
        from_resource = max(0, card.cost.amount - from_units)
        side.resources[card.cost.resource] -= from_resource
        side.vp += card.vp
        units = (f" and sacrifices {self._list(state.sacrifice[p])}"
                 if state.sacrifice[p] else "")
        events.append(Event("tactic_paid", f"player_{p} pays {from_resource} "
                                           f"{card.cost.resource}{units} for {card.name} "
                                           f"and gains {card.vp:+d} VP",
                             p, {"resource": from_resource,
                                 "sacrificed": dict(state.sacrifice[p]), "vp": card.vp}))
        return card.vp

    def _destroy_sacrificed(self, state: LandAirSeaState, events: list[Event]) -> None:
        """Sacrificed units still counted for strength; they are destroyed now (RULES.md §2)."""
        for p in (0, 1):
            for kind, n in state.sacrifice[p].items():
                if n:
                    self._destroy(state.players[p], kind, n)
                    events.append(Event("unit_sacrificed",
                                        f"player_{p} loses the {n} x {kind} it sacrificed", p,
                                        {"unit": kind, "count": n}))

    def _covered(self, state: LandAirSeaState, p: int, card: TacticCard) -> bool:
        side = state.players[p]
        given = self._sacrificed_strength(state, p)
        return given + side.resources[card.cost.resource] >= card.cost.amount

    def _spell_bonus(self, state: LandAirSeaState, p: int) -> int:
        name = state.spell[p]
        if not name or name.startswith("dispelled:"):
            return 0
        spell = self.tables.spells[name]
        if spell.effect == "bonus":
            return spell.amount
        if spell.effect == "per_unit" and spell.unit is not None:
            return min(spell.amount * state.players[p].army.get(spell.unit, 0), spell.max)
        return 0

    def _recruit(self, state: LandAirSeaState, p: int, card: TacticCard,
                 events: list[Event]) -> None:
        mine = self._pieces_in_battle(state, p)
        theirs = self._pieces_in_battle(state, 1 - p)
        count = card.recruit_if_outnumbered if mine < theirs else card.recruit_count
        kind = card.recruit_unit
        assert kind is not None
        added = self._add_units(state.players[p], kind, count)
        events.append(Event("conscripts", f"player_{p} conscripts {added} x {kind}", p,
                             {"unit": kind, "count": added}))

    def _add_units(self, side: Side, kind: str, count: int) -> int:
        room = self.config.army_cap - side.army.get(kind, 0)
        added = max(0, min(count, room))
        if added:
            side.army[kind] = side.army.get(kind, 0) + added
            side.recruited[kind] = side.recruited.get(kind, 0) + added
        return added

    def _destroy(self, side: Side, kind: str, n: int) -> None:
        if kind in side.army:
            side.army[kind] -= n
            if side.army[kind] == 0:
                del side.army[kind]
        else:
            side.structures[kind] -= n
            if side.structures[kind] == 0:
                del side.structures[kind]
        side.destroyed[kind] = side.destroyed.get(kind, 0) + n

    def _damage(self, state: LandAirSeaState, loser: int, events: list[Event]) -> None:
        """RULES.md §2: at least half the loser's natural strength (sacrificed units removed),
        rounded up, assigned piece by piece, a tower first; a damaged piece is destroyed."""
        side = state.players[loser]
        defending = loser == state.defender
        natural, _ = army_strength(self.tables, side, loser == state.attacker, defending)
        damage = math.ceil(natural / 2)
        units = self.tables.units
        pieces = [(k, "army") for k in side.army]
        if defending:
            pieces += [(k, "structures") for k in side.structures]
        pieces.sort(key=lambda kp: (DAMAGE_ORDER[units[kp[0]].piece_class],
                                    units[kp[0]].strength, kp[0]))
        left = damage
        lost: dict[str, int] = {}
        for kind, _zone in pieces:
            while left > 0 and (side.army.get(kind, 0) or side.structures.get(kind, 0)):
                self._destroy(side, kind, 1)
                lost[kind] = lost.get(kind, 0) + 1
                left -= units[kind].strength if units[kind].strength > 0 else 1
            if left <= 0:
                break
        events.append(Event("damage", f"player_{loser} takes {damage} damage and loses "
                                      f"{self._list(lost) or 'nothing'}", loser,
                             {"damage": damage, "lost": lost}))

    @staticmethod
    def _list(counts: Mapping[str, int]) -> str:
        return ", ".join(f"{n} x {k}" for k, n in counts.items() if n)

    def _finish_battle(self, state: LandAirSeaState, events: list[Event], winner: int | None,
                       cards: list[str | None], totals: list[int], gained: list[int]) -> None:
        state.history.append({
            "battle": state.battle, "attacker": state.attacker, "winner": winner,
            "cards": cards, "totals": totals,
            "spells": [s or None for s in state.spell],
            "vp_gained": [gained[p] + (self.config.attack_vp if p == state.attacker else 0)
                          for p in (0, 1)]})
        state.set_battle(state.battle + 1)
        state.spell = [None, None]
        state.tactic = [None, None]
        state.sacrifice = [{}, {}]
        state.paying = [False, False]
        if state.battle >= state.num_battles:
            state.phase = "over"
            vp = [s.vp for s in state.players]
            events.append(Event("campaign_over", f"the campaign ends: VP {vp[0]} to {vp[1]}",
                                 None, {"vp": vp}))
            return
        # Between battles: income and reinforcements ([decided] campaign economy).
        for side in state.players:
            for res, amount in self.config.income.items():
                side.resources[res] += amount
            for kind, n in self.config.reinforcements.items():
                self._add_units(side, kind, n)
        self._start_battle(state, events)

    def _start_battle(self, state: LandAirSeaState, events: list[Event]) -> None:
        state.phase = "spell"
        att = state.attacker
        state.players[att].vp += self.config.attack_vp
        events.append(Event("battle_started", f"battle {state.battle + 1} of {state.num_battles}: "
                                              f"player_{att} attacks (+{self.config.attack_vp} VP)",
                             att, {"battle": state.battle}))
        if self._a_side_is_empty(state):
            self._end_without_tactics(state, events)

    # --- views -------------------------------------------------------------------------------

    def observe(self, state: LandAirSeaState, player: int) -> np.ndarray:
        return self.observer.encode(state, player)

    def view(self, state: LandAirSeaState, player: int) -> dict[str, Any]:
        return self.observer.view(state, player, player in self.to_act(state),
                                  self.legal_entries(state, player))

    def info(self, state: LandAirSeaState, player: int) -> dict[str, Any]:
        # New containers each call; the battle records are shared (never changed once made).
        return {"vp": [s.vp for s in state.players], "battles": list(state.history)}

    def clone(self, state: LandAirSeaState) -> LandAirSeaState:
        return state.copy()

    def render(self, state: LandAirSeaState, player: int | None = None) -> str:
        return self.observer.render(state, player)

    # --- JSON --------------------------------------------------------------------------------

    def to_json(self, state: LandAirSeaState) -> dict[str, Any]:
        return {
            "system": NAME, "version": self.spec.version,
            "battle": state.battle, "num_battles": state.num_battles,
            "attackers": list(state.attackers), "phase": state.phase,
            "spell": list(state.spell), "tactic": list(state.tactic),
            "sacrifice": [dict(d) for d in state.sacrifice], "paying": list(state.paying),
            "history": [dict(h) for h in state.history],
            "players": [{
                "faction": s.faction, "resources": dict(s.resources), "vp": s.vp,
                "army": dict(s.army), "structures": dict(s.structures),
                "spellbook": list(s.spellbook), "destroyed": dict(s.destroyed),
                "recruited": dict(s.recruited), "cards_played": dict(s.cards_played),
            } for s in state.players],
        }

    def from_json(self, data: Mapping[str, Any]) -> LandAirSeaState:
        """Read a state; only ``players`` is required, the rest defaults to the start of battle 1.

        See ``docs`` in the module docstring of ``combatzoo.envs.land_air_sea`` for the format.
        """
        # Issue 16: types, ranges, sizes and known names by the schema (docs/state_schema.md);
        # what ties fields together is checked below, then the rules' invariants.
        tables = self.tables
        validate(LandAirSeaStateModel, data, {"unit": tables.units, "card": tables.cards,
                                              "spell": tables.spells,
                                              "faction": tables.factions})
        system = get(data, "system", str, "state", NAME)
        if system != NAME:
            raise StateError("state.system", f"this is a {system!r} state, not {NAME!r}")
        raw_players = get(data, "players", list, "state")
        if len(raw_players) != 2:
            raise StateError("state.players", f"expected 2 players, got {len(raw_players)}")
        players = [self._side_from_json(raw, f"state.players[{i}]")
                   for i, raw in enumerate(raw_players)]
        num_battles = get_int(data, "num_battles", "state", 1, 50, self.config.num_battles)
        attackers = get(data, "attackers", list, "state", [b % 2 for b in range(num_battles)])
        if len(attackers) != num_battles or any(a not in (0, 1) for a in attackers):
            raise StateError("state.attackers", f"expected {num_battles} entries of 0 or 1")
        battle = get_int(data, "battle", "state", 0, num_battles, 0)
        phase = get_choice(data, "phase", "state", PHASES, "spell" if battle < num_battles
                           else "over")
        if (phase == "over") != (battle >= num_battles):
            raise StateError("state.phase", f"phase {phase!r} does not fit battle {battle} of "
                                            f"{num_battles} (battle == num_battles means over)")
        spell = self._pair(data, "spell", [None, None])
        for i, s in enumerate(spell):
            if s is not None and not isinstance(s, str):
                raise StateError(f"state.spell[{i}]", "expected null, \"\" or a spell name")
            if s and s.removeprefix("dispelled:") not in tables.spells:
                raise StateError(f"state.spell[{i}]", f"unknown spell {s!r}; known: "
                                                      f"{list(tables.spells)}")
        tactic = self._pair(data, "tactic", [None, None])
        for i, c in enumerate(tactic):
            if c is not None and c not in tables.cards:
                raise StateError(f"state.tactic[{i}]", f"unknown card {c!r}; known: "
                                                       f"{list(tables.cards)}")
        sacrifice = self._pair(data, "sacrifice", [{}, {}])
        for i, d in enumerate(sacrifice):
            for k, n in (d or {}).items():
                if k not in tables.sacrificeable or not isinstance(n, int) or n < 0:
                    raise StateError(f"state.sacrifice[{i}].{k}", "expected a sacrificeable "
                                                                 "unit with a count >= 0")
                if n > players[i].army.get(k, 0):
                    raise StateError(f"state.sacrifice[{i}].{k}", "more than the army holds")
        paying = self._pair(data, "paying", [False, False])
        history = get(data, "history", list, "state", [])
        state = LandAirSeaState(players=players, num_battles=num_battles,
                                attackers=[int(a) for a in attackers], battle=battle, phase=phase,
                                spell=list(spell), tactic=list(tactic),
                                sacrifice=[dict(d or {}) for d in sacrifice],
                                paying=[bool(x) for x in paying],
                                history=[dict(h) for h in history])
        self._check_phase(state)
        refuse_broken(self.check_invariants(state, state))
        return state

    def _pair(self, data: Mapping[str, Any], key: str, default: list[Any]) -> list[Any]:
        value = get(data, key, list, "state", default)
        if len(value) != 2:
            raise StateError(f"state.{key}", "expected one entry per player (two)")
        return list(value)

    def _side_from_json(self, raw: Any, path: str) -> Side:
        check_keys(raw, {"faction", "resources", "vp", "army", "structures", "spellbook",
                         "destroyed", "recruited", "cards_played"}, path)
        tables = self.tables
        faction = get_choice(raw, "faction", path, tables.factions)
        resources_raw = get(raw, "resources", dict, path, {})
        check_keys(resources_raw, RESOURCES, f"{path}.resources")
        resources = {r: get_int(resources_raw, r, f"{path}.resources", 0, None, 0)
                     for r in RESOURCES}
        counts = {}
        for key in ("army", "structures", "destroyed", "recruited"):
            raw_counts = get(raw, key, dict, path, {})
            out = {}
            for name in raw_counts:
                if name not in tables.units:
                    raise StateError(f"{path}.{key}.{name}", f"unknown unit; known: "
                                                             f"{sorted(tables.units)}")
                cls = tables.units[name].piece_class
                if key == "army" and cls == "structure":
                    raise StateError(f"{path}.army.{name}", "a structure belongs in 'structures'")
                if key == "structures" and cls != "structure":
                    raise StateError(f"{path}.structures.{name}", "not a structure")
                n = get_int(raw_counts, name, f"{path}.{key}", 0, None)
                if n:
                    out[name] = n
            counts[key] = out
        for name, n in counts["army"].items():
            if n > self.config.army_cap:
                raise StateError(f"{path}.army.{name}", f"at most {self.config.army_cap}")
        spellbook = get(raw, "spellbook", list, path, list(tables.factions[faction].spellbook))
        for i, name in enumerate(spellbook):
            if name not in tables.spells:
                raise StateError(f"{path}.spellbook[{i}]", f"unknown spell {name!r}")
        played = get(raw, "cards_played", dict, path, {})
        for name in played:
            if name not in tables.cards:
                raise StateError(f"{path}.cards_played.{name}", "unknown card")
        return Side(faction, resources, get_int(raw, "vp", path, None, None, 0), counts["army"],
                    counts["structures"], list(spellbook), counts["destroyed"],
                    counts["recruited"], {k: int(v) for k, v in played.items()})

    def _check_phase(self, state: LandAirSeaState) -> None:
        """A hand-written state must be one the rules could reach in its phase."""
        if state.phase == "spell":
            if state.spell[state.attacker] is not None:
                raise StateError("state.spell", "both spells decided: the phase would be "
                                                "'tactic'")
            if any(t is not None for t in state.tactic) or any(state.paying):
                raise StateError("state.tactic", "no Tactic Card is chosen in the spell phase")
        elif state.phase == "tactic":
            if any(s is None for s in state.spell):
                raise StateError("state.spell", "in the tactic phase both spells are decided "
                                                "(use \"\" for declined)")
            if all(t is not None for t in state.tactic):
                raise StateError("state.tactic", "both cards chosen: the phase would be "
                                                 "'payment' or over")
        elif state.phase == "payment":
            if any(t is None for t in state.tactic):
                raise StateError("state.tactic", "in the payment phase both cards are chosen")
            if not any(state.paying):
                raise StateError("state.paying", "in the payment phase someone is paying")

    # --- invariants (property tests and soak) --------------------------------------------------

    def check_invariants(self, state: LandAirSeaState, start: LandAirSeaState) -> list[str]:
        problems = []
        for p, (side, first) in enumerate(zip(state.players, start.players, strict=True)):
            for res, amount in side.resources.items():
                if amount < 0:
                    problems.append(f"player_{p} has {amount} {res}")
            kinds = set(side.army) | set(side.structures) | set(side.destroyed) | set(
                first.army) | set(first.structures) | set(side.recruited)
            for kind in kinds:
                now = side.army.get(kind, 0) + side.structures.get(kind, 0)
                gone = side.destroyed.get(kind, 0) - first.destroyed.get(kind, 0)
                began = first.army.get(kind, 0) + first.structures.get(kind, 0)
                new = side.recruited.get(kind, 0) - first.recruited.get(kind, 0)
                if now + gone != began + new:
                    problems.append(f"player_{p} {kind}: alive {now} + destroyed {gone} != "
                                    f"started {began} + recruited {new}")
                if side.army.get(kind, 0) < 0 or side.army.get(kind, 0) > self.config.army_cap:
                    problems.append(f"player_{p} {kind}: count {side.army.get(kind, 0)}")
            for kind, n in state.sacrifice[p].items():
                if n > side.army.get(kind, 0):
                    problems.append(f"player_{p} sacrifices {n} {kind} but has fewer")
        if state.phase != "over" and not self.to_act(state):
            problems.append(f"phase {state.phase} but nobody is to act")
        for p in self.to_act(state):
            if not self.legal_actions(state, p):
                problems.append(f"player_{p} must act but has no legal action")
        return problems


def _arg(action: Action, kind: ActionKind, name: str) -> str:
    """The name argument ``name`` of ``action``, which must be of ``kind`` (a wrong kind can
    reach here only through ``apply_trusted``: it raises instead of misreading the id)."""
    if action.kind is not kind:
        raise ValueError(f"expected a {kind.value!r} action here, got {action.to_json()}")
    return str(action[name])
