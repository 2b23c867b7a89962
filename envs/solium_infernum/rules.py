"""The pure rules engine of Solium Infernum legion combat (seed 004, RULES.md §3).

``mode="map"``: two players alternate turns; in a turn the player gives one order (RULES.md §3
issue design): pass, or pick a legion and step it canton by canton (north / east / south / west,
one move point each) and end the order when it likes; the order also ends when the move points
run out or no step is left ([decided]: saves a decision that has one sensible answer). Entering
a canton with an enemy legion, or a Place of Power that is not one's own, starts a battle at once
(seed 004 "What is Combat?"):

1. Cards (:meth:`SoliumEngine._apply`, phase ``cards``): both sides secretly attach combat
   cards, one at a time, then DONE, masked by free slots (by level, :func:`combat.card_slots`),
   the Tribute left after the cards already attached, and the rule that a "raise" may only
   target a non-zero stat of one's own combatant (its printed stat [decided]). A side with
   nothing it could attach is done at once ([decided]); a neutral Place attaches nothing.
2. Reveal (:meth:`SoliumEngine._resolve`): totals are the combatant's stats plus support (each
   friendly legion adjacent to the defender's canton adds half of each stat, rounded down; seed
   004) plus its raises, minus the enemy's lowers (not below 0 [decided]); the phase order comes
   from both sides' abilities and order cards (:func:`combat.phase_order`); then
   :func:`combat.fight`. Cards are paid and used up (discarded).
3. Outcome (seed 004 "Ending Combat"): a defeated legion is destroyed; a defeated Place passes to
   the winner at 1 HP; a winning attacker moves into the canton and continues its order (if the
   canton also holds a Place that is not its own, that Place fights next [decided]); a losing
   attacker is destroyed; a stalemate halts the order.

At the start of a player's turn it gains ``income`` Tribute, draws a card while its hand is
below ``hand_limit``, and its legions and Places recover ``heal`` HP ([decided]). The episode
ends after ``turns`` orders or when a side has no legion left. Returns: more Places of Power
held wins (+1 / -1), then more enemy legions destroyed, else a draw (0).

``mode="battle"``: one battle on a 3 x 3 map (the defender in the middle, the attacker west of
it, up to three supporters on the other neighbours), random (seeded) or from ``battle_setup``.
The episode is the card plays and the reveal: the winner gets +1, the loser -1, a stalemate 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..core.codec import Action
from ..core.engine import Engine, Event, GameSpec
from ..core.errors import StateError
from ..core.jsonio import check_keys, get, get_choice, get_int
from ..core.native import mypyc_attr
from ..core.schema import refuse_broken, validate
from . import forces
from .actions import (
    DIRECTION_INDEX,
    DIRECTIONS,
    DONE,
    END_ORDER,
    PASS,
    ActionKind,
    ActionSet,
    attach_action,
    attached_stat,
)
from .combat import BattleResult, Fighter, card_slots, fight, phase_order
from .config import MAX_LEGIONS, SoliumInfernumConfig
from .data import PHASE_NAMES, STATS, Tables, load_tables
from .observation import SoliumObserver
from .schema import SoliumStateModel
from .state import NEUTRAL, PHASES, Battle, Legion, Place, Side, SoliumState

NAME = "solium_infernum"
BATTLE_MAP = (3, 3)
"""Battle mode: width, height; the defender at (1, 1), the attacker at (0, 1)."""
BATTLE_SPOTS = ((1, 0), (2, 1), (1, 2))
"""Battle mode: the neighbours of the defender's canton where supporters stand."""
BATTLE_TRIBUTE = (0, 8)
"""Battle mode, random set-up: Tribute of each side is drawn from this range ([decided])."""
PHASE_KINDS: dict[str, frozenset[ActionKind]] = {
    "order": frozenset({ActionKind.PASS, ActionKind.ORDER_LEGION}),
    "move": frozenset({ActionKind.MOVE, ActionKind.END_ORDER}),
    "cards": frozenset({ActionKind.DONE_ATTACHING, ActionKind.ATTACH_CARD})}
"""The kinds of action each phase takes."""


@mypyc_attr(allow_interpreted_subclasses=True)  # subclassable (core/native.py)
class SoliumEngine(Engine[SoliumState]):
    """Rules of Solium Infernum legion combat on a small map (see the module docstring)."""

    def __init__(self, config: SoliumInfernumConfig | None = None) -> None:
        self.config = config or SoliumInfernumConfig()
        self.tables: Tables = load_tables(self.config.tables_dir)
        self.config.validate(self.tables)
        self.actions = ActionSet.from_tables(self.tables)
        self.codec = self.actions.codec()
        self.cards = list(self.tables.cards.values())
        self.card_index = {c.name: i for i, c in enumerate(self.cards)}
        self._costs = [c.cost for c in self.cards]
        self._raises = [c.raises for c in self.cards]
        encode = self.codec.encode
        self._pass_id, self._end_id, self._done_id = encode(PASS), encode(END_ORDER), encode(DONE)
        self._order_ids = [encode(Action.of(ActionKind.ORDER_LEGION, legion=k))
                           for k in range(MAX_LEGIONS)]
        self._move_ids = [encode(Action.of(ActionKind.MOVE, direction=name))
                          for name, _, _ in DIRECTIONS]
        # Attach ids of each card: [(action id, raised stat or -1)].
        self._attach_ids: list[list[tuple[int, int]]] = [[] for _ in self.cards]
        for c, stat in self.actions.attach:
            self._attach_ids[c].append((encode(attach_action(self.actions.card_names[c], stat)),
                                        stat))
        self.observer = SoliumObserver(self.tables, self.actions, self.config)
        self.layout = self.observer.layout
        self.num_turns = self.config.num_turns(self.tables)
        max_move = max(lg.move for lg in self.tables.legions.values())
        # Per order: select, up to max_move steps each with up to two battles (a legion, then a
        # Place) of at most 5 card steps, and the end; battle mode: one battle.
        per_battle = 5
        if self.config.mode == "battle":
            max_decisions = per_battle
        else:
            max_decisions = self.num_turns * (2 + max_move * (1 + 2 * per_battle))
        self.spec = GameSpec(
            name=NAME, title="Solium Infernum (legion combat)", version=0, num_players=2,
            num_actions=self.actions.n, obs_size=self.layout.size, max_decisions=max_decisions,
            utility_range=(-1.0, 1.0), simultaneous=True, gym_id="combatzoo/SoliumInfernum-v0")

    # --- setup -------------------------------------------------------------------------------

    def _deck(self, rng: np.random.Generator) -> list[str]:
        cards = [c.name for c in self.cards for _ in range(c.copies)]
        return [cards[int(i)] for i in rng.permutation(len(cards))]

    def _new_side(self, rng: np.random.Generator, tribute: int,
                  legions: list[Legion]) -> Side:
        side = Side(tribute, [0] * len(self.cards), self._deck(rng), [], legions)
        for _ in range(self.config.hand_size):
            self._draw(side)
        return side

    def _draw(self, side: Side) -> str | None:
        if not side.deck:
            return None
        name = side.deck.pop()
        side.hand[self.card_index[name]] += 1
        return name

    def new_game(self, rng: np.random.Generator) -> SoliumState:
        cfg = self.config
        if cfg.mode == "battle":
            return self._new_battle(rng)
        preset = self.tables.maps[cfg.map]
        names = list(self.tables.legions)
        players = []
        for p in (0, 1):
            legions = []
            for kind, x, y in preset.legions[p]:
                if cfg.legions == "random":
                    kind = names[int(rng.integers(len(names)))]
                legions.append(Legion(kind, x, y, self.tables.legions[kind].hp))
            players.append(self._new_side(rng, cfg.start_tribute, legions))
        places = [Place(kind, x, y, NEUTRAL if owner is None else owner,
                        self.tables.places[kind].hp) for kind, x, y, owner in preset.places]
        state = SoliumState("map", preset.width, preset.height, players, places, self.num_turns)
        self._start_turn(state, [])
        return state

    def _new_battle(self, rng: np.random.Generator) -> SoliumState:
        if self.config.battle_setup is not None:
            return self._given_battle(self.config.battle_setup)
        names = list(self.tables.legions)
        attacker = int(rng.integers(2))
        defender = 1 - attacker

        def legion(x: int, y: int) -> Legion:
            kind = names[int(rng.integers(len(names)))]
            return Legion(kind, x, y, self.tables.legions[kind].hp)

        legions: list[list[Legion]] = [[], []]
        legions[attacker].append(legion(0, 1))
        places: list[Place] = []
        if rng.random() < 0.25:
            kind = list(self.tables.places)[int(rng.integers(len(self.tables.places)))]
            owner = defender if rng.random() < 0.5 else NEUTRAL
            places.append(Place(kind, 1, 1, owner, self.tables.places[kind].hp))
        else:
            legions[defender].append(legion(1, 1))
        for x, y in BATTLE_SPOTS:
            roll = rng.random()
            if roll < 0.25:
                legions[attacker].append(legion(x, y))
            elif roll < 0.5:
                legions[defender].append(legion(x, y))
        lo, hi = BATTLE_TRIBUTE
        players = [self._new_side(rng, int(rng.integers(lo, hi + 1)), legions[p]) for p in (0, 1)]
        return self._battle_state(players, places, attacker)

    def _battle_state(self, players: list[Side], places: list[Place],
                      attacker: int) -> SoliumState:
        width, height = BATTLE_MAP
        state = SoliumState("battle", width, height, players, places, 1, current=attacker,
                            phase="cards", selected=0)
        if places:
            battle = Battle(attacker, 0, 1, 1, place=0)
        else:
            battle = Battle(attacker, 0, 1, 1, defender_legion=0)
        state.battle = battle
        self._update_done(state)
        if all(battle.done):
            self._resolve(state, [])
        return state

    def _given_battle(self, setup: Mapping[str, Any]) -> SoliumState:
        """A battle from ``battle_setup`` (see the docs page); errors name the field."""
        path = "battle_setup"
        check_keys(setup, {"attacker", "defender"}, path)
        att = get(setup, "attacker", dict, path)
        dfn = get(setup, "defender", dict, path)
        check_keys(att, {"player", "legion", "hp", "tribute", "hand", "supporters"},
                   f"{path}.attacker")
        check_keys(dfn, {"legion", "place", "owner", "hp", "tribute", "hand", "supporters"},
                   f"{path}.defender")
        attacker = get_int(att, "player", f"{path}.attacker", 0, 1, 0)
        defender = 1 - attacker
        legions: list[list[Legion]] = [[], []]
        legions[attacker].append(self._setup_legion(att, 0, 1, f"{path}.attacker"))
        places: list[Place] = []
        if "place" in dfn:
            kind = get_choice(dfn, "place", f"{path}.defender", self.tables.places)
            owner = get_choice(dfn, "owner", f"{path}.defender", ("player", "neutral"), "player")
            hp = get_int(dfn, "hp", f"{path}.defender", 1, self.tables.places[kind].hp,
                         self.tables.places[kind].hp)
            places.append(Place(kind, 1, 1, defender if owner == "player" else NEUTRAL, hp))
        else:
            legions[defender].append(self._setup_legion(dfn, 1, 1, f"{path}.defender"))
        spots = list(BATTLE_SPOTS)
        for p, raw in ((attacker, att), (defender, dfn)):
            where = f"{path}.{'attacker' if p == attacker else 'defender'}.supporters"
            for i, kind in enumerate(get(raw, "supporters", list, where.rsplit(".", 1)[0], [])):
                if kind not in self.tables.legions:
                    raise StateError(f"{where}[{i}]", f"unknown legion {kind!r}; known: "
                                                      f"{list(self.tables.legions)}")
                if not spots:
                    raise StateError(where, f"at most {len(BATTLE_SPOTS)} supporters in all")
                x, y = spots.pop(0)
                legions[p].append(Legion(kind, x, y, self.tables.legions[kind].hp))
        players = []
        for p, raw, where in ((attacker, att, f"{path}.attacker"),
                              (defender, dfn, f"{path}.defender")):
            tribute = get_int(raw, "tribute", where, 0, 999, self.config.start_tribute)
            hand = [0] * len(self.cards)
            for i, name in enumerate(get(raw, "hand", list, where, [])):
                if name not in self.card_index:
                    raise StateError(f"{where}.hand[{i}]", f"unknown card {name!r}; known: "
                                                           f"{list(self.card_index)}")
                hand[self.card_index[name]] += 1
            players.append((p, Side(tribute, hand, [], [], legions[p])))
        players.sort(key=lambda pair: pair[0])
        return self._battle_state([s for _, s in players], places, attacker)

    def _setup_legion(self, raw: Mapping[str, Any], x: int, y: int, path: str) -> Legion:
        kind = get_choice(raw, "legion", path, self.tables.legions)
        top = self.tables.legions[kind].hp
        return Legion(kind, x, y, get_int(raw, "hp", path, 1, top, top))

    # --- turn protocol ------------------------------------------------------------------------

    def to_act(self, state: SoliumState) -> list[int]:
        phase = state.phase
        if phase == "cards":
            done = state.battle.done  # type: ignore[union-attr]
            return [p for p in (0, 1) if not done[p]]
        if phase == "over":
            return []
        return [state.current]

    def legal_actions(self, state: SoliumState, player: int) -> list[int]:
        phase = state.phase
        if phase == "cards":
            if state.battle.done[player]:  # type: ignore[union-attr]
                return []
            return [self._done_id, *self._attachable(state, player)]
        if phase == "over" or player != state.current:
            return []
        side = state.players[player]
        if phase == "order":
            return [self._pass_id] + [self._order_ids[k] for k, lg in enumerate(side.legions)
                                      if lg.alive and self._steps(state, player, lg)]
        lg = side.legions[state.selected]
        return [self._move_ids[d] for d in self._steps(state, player, lg)] + [self._end_id]

    def _steps(self, state: SoliumState, player: int, lg: Legion) -> list[int]:
        """Directions the legion may step: on the map, not onto a friendly legion."""
        out = []
        own = state.players[player].legions
        width, height = state.width, state.height
        for d, (_, dx, dy) in enumerate(DIRECTIONS):
            x, y = lg.x + dx, lg.y + dy
            if not (0 <= x < width and 0 <= y < height):
                continue
            for other in own:
                if other.alive and other.x == x and other.y == y:
                    break
            else:
                out.append(d)
        return out

    def combatant(self, state: SoliumState, battle: Battle, side: int) -> forces.Combatant:
        """(printed stats, hit points, level, abilities) of side 0 (attacker) or 1 (defender)."""
        return forces.combatant(self.tables, state, battle, side)

    def defender_player(self, state: SoliumState, battle: Battle) -> int:
        """The player defending, or ``NEUTRAL`` for a neutral Place."""
        return forces.defender_player(state, battle)

    def _attachable(self, state: SoliumState, player: int) -> list[int]:
        """Attach ids ``player`` may pick now: a free slot, the card in hand, Tribute left after
        the cards already attached, and a non-zero stat for a raise (RULES.md §3)."""
        battle: Battle = state.battle  # type: ignore[assignment]
        attached = battle.attached[player]
        side_index = 0 if player == battle.attacker else 1
        stats, _, level, _ = self.combatant(state, battle, side_index)
        if len(attached) >= card_slots(level):
            return []
        side = state.players[player]
        budget = side.tribute - sum(self._costs[c] for c, _ in attached)
        out: list[int] = []
        for c, count in enumerate(side.hand):
            if not count or self._costs[c] > budget:
                continue
            for action, stat in self._attach_ids[c]:
                if stat < 0 or stats[stat] > 0:
                    out.append(action)
        return out

    def _update_done(self, state: SoliumState) -> None:
        """On the map a side with nothing it could attach is done at once ([decided]); the side
        of a neutral Place always is."""
        battle: Battle = state.battle  # type: ignore[assignment]
        defender = self.defender_player(state, battle)
        for p in (0, 1):
            if battle.done[p]:
                continue
            if p != battle.attacker and p != defender:
                battle.done[p] = True
            elif state.mode == "map" and not self._attachable(state, p):
                # Battle mode keeps the DONE decision, so an episode never ends at reset.
                battle.done[p] = True

    def is_over(self, state: SoliumState) -> bool:
        return state.phase == "over"

    def returns(self, state: SoliumState) -> list[float]:
        if state.phase != "over":
            return [0.0, 0.0]
        if state.mode == "battle":
            if state.result is None:
                return [0.0, 0.0]
            return [1.0, -1.0] if state.result == 0 else [-1.0, 1.0]
        held = self.places_held(state)
        score = (held[0] - held[1], state.players[0].destroyed - state.players[1].destroyed)
        for s in score:
            if s:
                return [1.0, -1.0] if s > 0 else [-1.0, 1.0]
        return [0.0, 0.0]

    def places_held(self, state: SoliumState) -> list[int]:
        held = [0, 0]
        for place in state.places:
            if place.owner != NEUTRAL:
                held[place.owner] += 1
        return held

    # --- applying actions ---------------------------------------------------------------------

    def _apply(self, state: SoliumState, actions: Mapping[int, int]) -> list[Event]:
        events: list[Event] = []
        decoded = {p: self._decode_for(state, a) for p, a in actions.items()}
        if state.phase == "cards":
            self._card_step(state, decoded, events)
            return events
        state.cache.clear()
        p = state.current
        action = decoded[p]
        kind = action.kind
        if kind is ActionKind.PASS:
            events.append(Event("passed", f"player_{p} gives no order", p))
            self._end_turn(state, events)
        elif kind is ActionKind.ORDER_LEGION:
            self._give_order(state, p, action.get_int("legion"), events)
        elif kind is ActionKind.END_ORDER:
            events.append(Event("order_ended", f"player_{p} ends the order", p))
            self._end_turn(state, events)
        else:
            self._move(state, p, DIRECTION_INDEX[str(action["direction"])], events)
        return events

    def _decode_for(self, state: SoliumState, action: int) -> Action:
        """The typed action of id ``action``, which must be of a kind of the current phase (a
        wrong kind can reach here only through ``apply_trusted``: it raises)."""
        typed = self.decode_action(action)
        if typed.kind not in PHASE_KINDS.get(state.phase, ()):
            raise ValueError(f"a {typed.kind.value!r} action in phase {state.phase!r}")
        return typed

    def _card_step(self, state: SoliumState, actions: Mapping[int, Action],
                   events: list[Event]) -> None:
        """Both sides attach a card or say DONE, in secret (seed 004); the battle is resolved
        once both are done."""
        battle: Battle = state.battle  # type: ignore[assignment]
        for p, action in actions.items():
            if action.kind is ActionKind.DONE_ATTACHING:
                battle.done[p] = True
            else:
                c = self.card_index[str(action["card"])]
                state.players[p].hand[c] -= 1
                battle.attached[p].append((c, attached_stat(action)))
        self._update_done(state)
        # Attaching is secret: no event names a card (or even that one was attached).
        if all(battle.done):
            state.cache.clear()
            self._resolve(state, events)

    def _give_order(self, state: SoliumState, p: int, k: int, events: list[Event]) -> None:
        """Legion slot ``k`` starts a movement order with its full move points (RULES.md §3)."""
        lg = state.players[p].legions[k]
        state.selected = k
        state.moves_left = self.tables.legions[lg.kind].move
        state.phase = "move"
        events.append(Event("order_given", f"player_{p} orders legion {k + 1} "
                                           f"({lg.kind}) at {lg.x},{lg.y}", p,
                            {"legion": k}))

    def _move(self, state: SoliumState, p: int, d: int, events: list[Event]) -> None:
        lg = state.players[p].legions[state.selected]
        name, dx, dy = DIRECTIONS[d]
        x, y = lg.x + dx, lg.y + dy
        state.moves_left -= 1
        for k, enemy in enumerate(state.players[1 - p].legions):
            if enemy.alive and enemy.x == x and enemy.y == y:
                self._start_battle(state, Battle(p, state.selected, x, y, defender_legion=k),
                                   events)
                return
        if self._hostile_place(state, p, x, y, events):
            return
        lg.x, lg.y = x, y
        events.append(Event("legion_moved", f"player_{p}'s legion {state.selected + 1} moves "
                                            f"{name} to {x},{y}", p))
        self._continue_order(state, events)

    def _hostile_place(self, state: SoliumState, p: int, x: int, y: int,
                       events: list[Event]) -> bool:
        """Start a battle against the Place at (x, y) if it is not ``p``'s own."""
        for i, place in enumerate(state.places):
            if place.x == x and place.y == y and place.owner != p:
                self._start_battle(state, Battle(p, state.selected, x, y, place=i), events)
                return True
        return False

    def _start_battle(self, state: SoliumState, battle: Battle, events: list[Event]) -> None:
        state.battle = battle
        state.phase = "cards"
        stats, hp, _, _ = self.combatant(state, battle, 1)
        if battle.place >= 0:
            place = state.places[battle.place]
            who = "neutral" if place.owner == NEUTRAL else f"player_{place.owner}'s"
            what = f"the {who} Place of Power {place.kind}"
        else:
            kind = state.players[1 - battle.attacker].legions[battle.defender_legion].kind
            what = f"player_{1 - battle.attacker}'s {kind}"
        attacker = state.players[battle.attacker].legions[battle.legion]
        events.append(Event("battle_started", f"player_{battle.attacker}'s {attacker.kind} "
                                              f"attacks {what} at {battle.x},{battle.y}",
                            battle.attacker, {"at": [battle.x, battle.y]}))
        self._update_done(state)
        if all(battle.done):
            self._resolve(state, events)

    def _continue_order(self, state: SoliumState, events: list[Event]) -> None:
        p = state.current
        lg = state.players[p].legions[state.selected]
        if state.moves_left > 0 and lg.alive and self._steps(state, p, lg):
            state.phase = "move"
        else:
            self._end_turn(state, events)

    def _end_turn(self, state: SoliumState, events: list[Event]) -> None:
        state.selected = -1
        state.moves_left = 0
        state.battle = None
        state.turn += 1
        if state.turn >= state.turns or self._wiped_out(state):
            self._game_over(state, events)
            return
        state.current = 1 - state.current
        self._start_turn(state, events)

    def _wiped_out(self, state: SoliumState) -> bool:
        return any(not any(lg.alive for lg in side.legions) for side in state.players)

    def _game_over(self, state: SoliumState, events: list[Event]) -> None:
        state.phase = "over"
        state.battle = None
        state.selected = -1
        state.moves_left = 0
        if state.mode == "map":
            held = self.places_held(state)
            destroyed = [s.destroyed for s in state.players]
            events.append(Event("game_over", f"the game ends: Places of Power {held[0]} to "
                                             f"{held[1]}, legions destroyed {destroyed[0]} to "
                                             f"{destroyed[1]}", None,
                                {"places_held": held, "legions_destroyed": destroyed}))

    def _start_turn(self, state: SoliumState, events: list[Event]) -> None:
        """Income, a card drawn below the hand limit, healing ([decided] economy)."""
        p = state.current
        side = state.players[p]
        cfg = self.config
        side.tribute += cfg.income
        drew = None
        if sum(side.hand) < cfg.hand_limit:
            drew = self._draw(side)
        if cfg.heal:
            for lg in side.legions:
                if lg.alive:
                    top = self.tables.legions[lg.kind].hp
                    if lg.hp < top:
                        lg.hp = min(top, lg.hp + cfg.heal)
            for place in state.places:
                if place.owner == p:
                    top = self.tables.places[place.kind].hp
                    if place.hp < top:
                        place.hp = min(top, place.hp + cfg.heal)
        state.phase = "order"
        events.append(Event("turn_started", f"turn {state.turn + 1} of {state.turns}: "
                                            f"player_{p} gives an order (+{cfg.income} Tribute"
                                            f"{', draws a card' if drew else ''})", p))

    # --- the battle ---------------------------------------------------------------------------

    def supporters(self, state: SoliumState, battle: Battle, player: int) -> list[Legion]:
        """``player``'s legions that support the battle (:func:`forces.supporters`)."""
        return forces.supporters(state, battle, player)

    def totals(self, state: SoliumState, battle: Battle,
               with_cards: bool = True) -> tuple[list[list[int]], list[int], list[list[str]]]:
        """Per side (0 attacker, 1 defender): stat totals, battle bonus HP and the abilities that
        shape the phase order (:func:`forces.totals`)."""
        return forces.totals(self.tables, state, battle, with_cards)

    def _resolve(self, state: SoliumState, events: list[Event]) -> None:
        """The reveal: totals, phase order and the fight (seed 004, RULES.md §3), then its
        outcome (seed 004 "Ending Combat")."""
        battle: Battle = state.battle  # type: ignore[assignment]
        stats, bonus, abilities = self.totals(state, battle)
        _, att_hp, att_level, _ = self.combatant(state, battle, 0)
        _, def_hp, def_level, _ = self.combatant(state, battle, 1)
        order = phase_order(abilities[0], abilities[1], att_level, def_level)
        result = fight(Fighter((stats[0][0], stats[0][1], stats[0][2]), att_hp, bonus[0]),
                       Fighter((stats[1][0], stats[1][1], stats[1][2]), def_hp, bonus[1]), order)
        cards = self._use_up_cards(state, battle)
        state.cache.clear()
        state.last_battle = self._record(state, battle, stats, bonus, order, result, cards)
        self._battle_events(battle, stats, order, result, cards, events)
        self._outcome(state, battle, result, events)

    def _use_up_cards(self, state: SoliumState,
                      battle: Battle) -> list[list[dict[str, Any]]]:
        """Reveal, pay, use up (RULES.md §3): each attached card costs its Tribute and goes to
        its owner's discard pile. Returns the revealed cards per player."""
        cards: list[list[dict[str, Any]]] = [[], []]
        for q in (0, 1):
            side = state.players[q]
            for c, stat in battle.attached[q]:
                card = self.cards[c]
                side.tribute -= card.cost
                side.discard.append(card.name)
                cards[q].append({"card": card.name,
                                 "raises": STATS[stat] if stat >= 0 else None})
        battle.attached = [[], []]
        return cards

    @staticmethod
    def _battle_events(battle: Battle, stats: list[list[int]], order: tuple[int, ...],
                       result: BattleResult, cards: list[list[dict[str, Any]]],
                       events: list[Event]) -> None:
        """The public account of a battle: revealed cards, totals and order, each phase."""
        for q in (0, 1):
            if cards[q]:
                names = ", ".join(c["card"] + (f" ({c['raises']})" if c["raises"] else "")
                                  for c in cards[q])
                events.append(Event("cards_revealed", f"player_{q} reveals {names}", q,
                                    {"cards": cards[q]}))
        events.append(Event("battle_totals", f"totals (Ranged / Melee / Infernal): attacker "
                                             f"{'/'.join(map(str, stats[0]))}, defender "
                                             f"{'/'.join(map(str, stats[1]))}; order "
                                             f"{', '.join(PHASE_NAMES[i] for i in order)}",
                            battle.attacker,
                            {"attacker": stats[0], "defender": stats[1],
                             "order": [PHASE_NAMES[i] for i in order]}))
        for ph in result.phases:
            if ph.damaged is None:
                text = f"{PHASE_NAMES[ph.phase]}: {ph.attacker} vs {ph.defender}, no damage"
            else:
                who = "attacker" if ph.damaged == 0 else "defender"
                text = (f"{PHASE_NAMES[ph.phase]}: {ph.attacker} vs {ph.defender}, the {who} "
                        f"takes {ph.damage}")
            events.append(Event("phase", text, None,
                                {"phase": PHASE_NAMES[ph.phase], "attacker": ph.attacker,
                                 "defender": ph.defender, "damaged": ph.damaged,
                                 "damage": ph.damage}))

    def _outcome(self, state: SoliumState, battle: Battle, result: BattleResult,
                 events: list[Event]) -> None:
        """Seed 004 "Ending Combat": hit points left; a defeated legion is destroyed, a
        defeated Place changes hands, a stalemate halts the order."""
        p = battle.attacker
        attacker_legion = state.players[p].legions[battle.legion]
        attacker_legion.hp = result.hp_left[0]
        if battle.place >= 0:
            state.places[battle.place].hp = result.hp_left[1]
        else:
            state.players[1 - p].legions[battle.defender_legion].hp = result.hp_left[1]
        if result.winner == 0:
            self._attacker_wins(state, battle, events)
        elif result.winner == 1:
            attacker_legion.alive = False
            attacker_legion.hp = 0
            defender = self.defender_player(state, battle)
            if defender != NEUTRAL:
                state.players[defender].destroyed += 1
            events.append(Event("battle_lost", f"player_{p}'s {attacker_legion.kind} is "
                                               "defeated and destroyed", p))
            self._after_battle(state, events, winner=1)
        else:
            events.append(Event("stalemate", "stalemate: nobody falls and the movement halts",
                                p))
            self._after_battle(state, events, winner=None)

    def _record(self, state: SoliumState, battle: Battle, stats: list[list[int]],
                bonus: list[int], order: tuple[int, ...], result: BattleResult,
                cards: list[list[dict[str, Any]]]) -> dict[str, Any]:
        defender = self.defender_player(state, battle)
        return {
            "attacker": battle.attacker, "defender": None if defender == NEUTRAL else defender,
            "at": [battle.x, battle.y], "place": battle.place >= 0,
            "totals": [list(stats[0]), list(stats[1])], "bonus_hp": list(bonus),
            "order": [PHASE_NAMES[i] for i in order],
            "damage": [sum(ph.damage for ph in result.phases if ph.damaged == s) for s in (0, 1)],
            "winner": None if result.winner is None else ("attacker", "defender")[result.winner],
            "cards": cards,
        }

    def _attacker_wins(self, state: SoliumState, battle: Battle, events: list[Event]) -> None:
        p = battle.attacker
        lg = state.players[p].legions[battle.legion]
        if battle.place >= 0:
            place = state.places[battle.place]
            place.owner = p
            place.hp = 1
            events.append(Event("place_captured", f"player_{p} takes {place.kind} (at 1 HP)", p))
        else:
            enemy = state.players[1 - p].legions[battle.defender_legion]
            enemy.alive = False
            enemy.hp = 0
            state.players[p].destroyed += 1
            events.append(Event("legion_destroyed", f"player_{1 - p}'s {enemy.kind} is defeated "
                                                    "and destroyed", 1 - p))
            if state.mode == "map" and self._hostile_place(state, p, battle.x, battle.y, events):
                return  # the Place in the same canton fights next ([decided])
        if state.mode == "map":
            lg.x, lg.y = battle.x, battle.y
            events.append(Event("legion_moved", f"player_{p}'s {lg.kind} moves into "
                                                f"{battle.x},{battle.y}", p))
        self._after_battle(state, events, winner=0)

    def _after_battle(self, state: SoliumState, events: list[Event], winner: int | None) -> None:
        battle: Battle = state.battle  # type: ignore[assignment]
        if state.mode == "battle":
            state.result = None if winner is None else (
                battle.attacker if winner == 0 else 1 - battle.attacker)
            self._game_over(state, events)
            return
        state.battle = None
        if winner == 0 and not self._wiped_out(state):
            self._continue_order(state, events)
        else:
            self._end_turn(state, events)

    # --- views ---------------------------------------------------------------------------------

    def observe(self, state: SoliumState, player: int) -> np.ndarray:
        return self.observer.encode(state, player)

    def view(self, state: SoliumState, player: int) -> dict[str, Any]:
        return self.observer.view(state, player, player in self.to_act(state),
                                  self.legal_entries(state, player))

    def render(self, state: SoliumState, player: int | None = None) -> str:
        return self.observer.render(state, player)

    def info(self, state: SoliumState, player: int) -> dict[str, Any]:
        found: dict[str, Any] | None = state.cache.get("info")
        if found is None:
            found = state.cache["info"] = {
                "turn": state.turn, "places_held": self.places_held(state),
                "legions_alive": [sum(lg.alive for lg in s.legions) for s in state.players],
                "legions_destroyed": [s.destroyed for s in state.players],
                "last_battle": state.last_battle}
        return found

    def action_label(self, action: int, state: SoliumState | None = None,
                     player: int | None = None) -> str:
        label = self.codec.label(action)
        typed = self.decode_action(action)
        if state is not None and player is not None and typed.kind is ActionKind.ORDER_LEGION:
            k = typed.get_int("legion")
            if k < len(state.players[player].legions):
                lg = state.players[player].legions[k]
                label += f" ({lg.kind} at {lg.x},{lg.y})"
        return label

    def clone(self, state: SoliumState) -> SoliumState:
        return state.copy()

    # --- JSON ------------------------------------------------------------------------------------

    def to_json(self, state: SoliumState) -> dict[str, Any]:
        names = self.actions.card_names
        battle = state.battle
        return {
            "system": NAME, "version": self.spec.version, "mode": state.mode,
            "width": state.width, "height": state.height, "turns": state.turns,
            "turn": state.turn, "current": state.current, "phase": state.phase,
            "selected": state.selected, "moves_left": state.moves_left,
            "players": [{
                "tribute": s.tribute,
                "hand": {names[c]: n for c, n in enumerate(s.hand) if n},
                "deck": list(s.deck), "discard": list(s.discard), "destroyed": s.destroyed,
                "legions": [{"kind": lg.kind, "at": [lg.x, lg.y], "hp": lg.hp,
                             "alive": lg.alive} for lg in s.legions],
            } for s in state.players],
            "places": [{"kind": pl.kind, "at": [pl.x, pl.y],
                        "owner": None if pl.owner == NEUTRAL else pl.owner, "hp": pl.hp}
                       for pl in state.places],
            "battle": None if battle is None else {
                "attacker": battle.attacker, "legion": battle.legion,
                "at": [battle.x, battle.y], "defender_legion": battle.defender_legion,
                "place": battle.place, "done": list(battle.done),
                "attached": [[[names[c], STATS[s] if s >= 0 else None] for c, s in row]
                             for row in battle.attached]},
            "last_battle": _deep(state.last_battle),
            "result": state.result,
        }

    def from_json(self, data: Mapping[str, Any]) -> SoliumState:
        """Read a state (``to_json`` output or hand-written); errors name the bad field."""
        # Issue 16: types, ranges, sizes and known names by the schema (docs/state_schema.md);
        # what ties fields together is checked below, then the rules' invariants.
        validate(SoliumStateModel, data, {"card": self.card_index, "legion": self.tables.legions,
                                          "place": self.tables.places})
        system = get(data, "system", str, "state", NAME)
        if system != NAME:
            raise StateError("state.system", f"this is a {system!r} state, not {NAME!r}")
        mode = get_choice(data, "mode", "state", ("map", "battle"), self.config.mode)
        width = get_int(data, "width", "state", 2, 12)
        height = get_int(data, "height", "state", 2, 12)
        turns = get_int(data, "turns", "state", 1, 400, self.num_turns)
        turn = get_int(data, "turn", "state", 0, turns, 0)
        current = get_int(data, "current", "state", 0, 1, 0)
        phase = get_choice(data, "phase", "state", PHASES, "order")
        raw_players = get(data, "players", list, "state")
        if len(raw_players) != 2:
            raise StateError("state.players", f"expected 2 players, got {len(raw_players)}")
        players = [self._side_from_json(raw, f"state.players[{i}]", width, height)
                   for i, raw in enumerate(raw_players)]
        places = []
        for i, raw in enumerate(get(data, "places", list, "state", [])):
            where = f"state.places[{i}]"
            check_keys(raw, {"kind", "at", "owner", "hp"}, where)
            kind = get_choice(raw, "kind", where, self.tables.places)
            x, y = self._at(raw, where, width, height)
            owner = get(raw, "owner", (int, type(None)), where, None)
            if owner not in (None, 0, 1):
                raise StateError(f"{where}.owner", "expected 0, 1 or null (neutral)")
            hp = get_int(raw, "hp", where, 1, self.tables.places[kind].hp,
                         self.tables.places[kind].hp)
            places.append(Place(kind, x, y, NEUTRAL if owner is None else owner, hp))
        seen: set[tuple[int, int]] = set()
        for p, side in enumerate(players):
            for k, lg in enumerate(side.legions):
                if lg.alive:
                    if (lg.x, lg.y) in seen:
                        raise StateError(f"state.players[{p}].legions[{k}].at",
                                         "two legions on one canton")
                    seen.add((lg.x, lg.y))
        spots = [(pl.x, pl.y) for pl in places]
        if len(set(spots)) != len(spots):
            raise StateError("state.places", "two Places of Power on one canton")
        battle = None
        raw_battle = get(data, "battle", (dict, type(None)), "state", None)
        if raw_battle is not None:
            battle = self._battle_from_json(raw_battle, players, places)
        state = SoliumState(
            mode, width, height, players, places, turns, turn, current, phase,
            get_int(data, "selected", "state", -1, MAX_LEGIONS - 1, -1),
            get_int(data, "moves_left", "state", 0, 99, 0), battle,
            _deep(get(data, "last_battle", (dict, type(None)), "state", None)),
            get(data, "result", (int, type(None)), "state", None))
        self._check_phase(state)
        refuse_broken(self.check_invariants(state, state) + self._load_problems(state))
        return state

    def _load_problems(self, state: SoliumState) -> list[str]:
        """More invariants a state read from JSON keeps (issue 16): a legion is under orders
        only in phases move and cards; no player holds more copies of a combat card than its
        deck was built with (``combat_cards.json`` copies, :meth:`_deck`)."""
        problems = []
        if state.phase in ("order", "over") and state.selected != -1:
            problems.append(f"legion {state.selected} under orders in phase {state.phase} "
                            "(selected is -1 outside phases move and cards)")
        for p, side in enumerate(state.players):
            held = {c.name: side.hand[k] for k, c in enumerate(self.cards)}
            for name in (*side.deck, *side.discard):
                held[name] += 1
            if state.battle is not None:
                for c, _ in state.battle.attached[p]:
                    held[self.cards[c].name] += 1
            problems += [f"player_{p} has {n} copies of {name}; a deck holds "
                         f"{self.tables.cards[name].copies}" for name, n in held.items()
                         if n > self.tables.cards[name].copies]
        return problems

    def _at(self, raw: Mapping[str, Any], where: str, width: int,
            height: int) -> tuple[int, int]:
        at = get(raw, "at", list, where)
        if len(at) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in at):
            raise StateError(f"{where}.at", f"expected [x, y], got {at!r}")
        x, y = at
        if not (0 <= x < width and 0 <= y < height):
            raise StateError(f"{where}.at", f"[{x}, {y}] is off the {width} x {height} map")
        return x, y

    def _side_from_json(self, raw: Any, path: str, width: int, height: int) -> Side:
        check_keys(raw, {"tribute", "hand", "deck", "discard", "destroyed", "legions"}, path)
        hand = [0] * len(self.cards)
        for name in get(raw, "hand", dict, path, {}):
            if name not in self.card_index:
                raise StateError(f"{path}.hand.{name}", f"unknown card; known: "
                                                        f"{list(self.card_index)}")
            hand[self.card_index[name]] = get_int(raw["hand"], name, f"{path}.hand", 0, 99)
        piles = {}
        for key in ("deck", "discard"):
            pile = get(raw, key, list, path, [])
            for i, name in enumerate(pile):
                if name not in self.card_index:
                    raise StateError(f"{path}.{key}[{i}]", f"unknown card {name!r}")
            piles[key] = list(pile)
        legions = []
        raw_legions = get(raw, "legions", list, path)
        if len(raw_legions) > MAX_LEGIONS:
            raise StateError(f"{path}.legions", f"at most {MAX_LEGIONS} legions")
        for k, lg in enumerate(raw_legions):
            where = f"{path}.legions[{k}]"
            check_keys(lg, {"kind", "at", "hp", "alive"}, where)
            kind = get_choice(lg, "kind", where, self.tables.legions)
            x, y = self._at(lg, where, width, height)
            alive = get(lg, "alive", bool, where, True)
            top = self.tables.legions[kind].hp
            hp = get_int(lg, "hp", where, 1 if alive else 0, top if alive else 0,
                         top if alive else 0)
            legions.append(Legion(kind, x, y, hp, alive))
        return Side(get_int(raw, "tribute", path, 0, 9999, 0), hand, piles["deck"],
                    piles["discard"], legions, get_int(raw, "destroyed", path, 0, 99, 0))

    def _battle_from_json(self, raw: Mapping[str, Any], players: list[Side],
                          places: list[Place]) -> Battle:
        path = "state.battle"
        check_keys(raw, {"attacker", "legion", "at", "defender_legion", "place", "done",
                         "attached"}, path)
        attacker = get_int(raw, "attacker", path, 0, 1)
        legion = get_int(raw, "legion", path, 0, len(players[attacker].legions) - 1)
        x, y = self._at(raw, path, 12, 12)
        defender_legion = get_int(raw, "defender_legion", path, -1,
                                  len(players[1 - attacker].legions) - 1, -1)
        place = get_int(raw, "place", path, -1, len(places) - 1, -1)
        if (place < 0) == (defender_legion < 0):
            raise StateError(path, "name exactly one defender: defender_legion or place")
        done = get(raw, "done", list, path, [False, False])
        if len(done) != 2 or not all(isinstance(d, bool) for d in done):
            raise StateError(f"{path}.done", "expected two booleans")
        attached: list[list[tuple[int, int]]] = [[], []]
        rows = get(raw, "attached", list, path, [[], []])
        if len(rows) != 2:
            raise StateError(f"{path}.attached", "expected one list per player")
        for q, row in enumerate(rows):
            for i, entry in enumerate(row):
                where = f"{path}.attached[{q}][{i}]"
                if (not isinstance(entry, list) or len(entry) != 2
                        or entry[0] not in self.card_index
                        or (entry[1] is not None and entry[1] not in STATS)):
                    raise StateError(where, "expected [card name, raised stat or null]")
                c = self.card_index[entry[0]]
                stat = -1 if entry[1] is None else STATS.index(entry[1])
                if (c, stat) not in self.actions.attach:
                    need = "needs" if self._raises[c] else "takes no"
                    raise StateError(where, f"{entry[0]} {need} raised stat")
                attached[q].append((c, stat))
        return Battle(attacker, legion, x, y, defender_legion, place, attached,
                      [bool(d) for d in done])

    def _check_phase(self, state: SoliumState) -> None:
        """A hand-written state must be one the rules could reach in its phase."""
        if (state.phase == "cards") != (state.battle is not None):
            raise StateError("state.battle", "a battle is pending exactly in phase 'cards'")
        if state.phase in ("move", "cards"):
            side = state.players[state.current]
            if not 0 <= state.selected < len(side.legions) or not side.legions[
                    state.selected].alive:
                raise StateError("state.selected", "phases move and cards need the living "
                                                   "legion under orders")
        if state.phase == "move" and state.moves_left <= 0:
            raise StateError("state.moves_left", "phase move needs move points left")
        battle = state.battle
        if battle is not None:
            if battle.attacker != state.current or battle.legion != state.selected:
                raise StateError("state.battle", "the attacker is the legion under orders")
            if all(battle.done):
                raise StateError("state.battle.done", "both sides done: the battle would be "
                                                      "resolved")
            if battle.defender_legion >= 0 and not state.players[1 - battle.attacker].legions[
                    battle.defender_legion].alive:
                raise StateError("state.battle.defender_legion", "that legion is destroyed")
            for q in (0, 1):
                if sum(self._costs[c] for c, _ in battle.attached[q]) > state.players[q].tribute:
                    raise StateError(f"state.battle.attached[{q}]", "costs more Tribute than "
                                                                    "the player has")
        if state.mode == "battle" and state.phase in ("order", "move"):
            raise StateError("state.phase", "battle mode has only phases cards and over")

    # --- invariants (property tests and soak) ----------------------------------------------------

    def check_invariants(self, state: SoliumState, start: SoliumState) -> list[str]:
        problems: list[str] = []
        taken: dict[tuple[int, int], str] = {}
        for p in (0, 1):
            problems += self._card_problems(state, start, p)
            problems += self._legion_problems(state, start, p, taken)
        for i, place in enumerate(state.places):
            if not 1 <= place.hp <= self.tables.places[place.kind].hp:
                problems.append(f"place {i} has hp {place.hp}")
        if state.battle is not None:
            problems += self._battle_problems(state, state.battle)
        if state.turn > state.turns:
            problems.append(f"turn {state.turn} beyond {state.turns}")
        if state.phase != "over" and not self.to_act(state):
            problems.append(f"phase {state.phase} but nobody is to act")
        return problems

    @staticmethod
    def _card_problems(state: SoliumState, start: SoliumState, p: int) -> list[str]:
        """Tribute never negative; cards are conserved (hand, deck, discard, attached)."""
        side, first = state.players[p], start.players[p]
        problems = []
        if side.tribute < 0:
            problems.append(f"player_{p} has {side.tribute} Tribute")
        attached = len(state.battle.attached[p]) if state.battle else 0
        now = sum(side.hand) + len(side.deck) + len(side.discard) + attached
        began = sum(first.hand) + len(first.deck) + len(first.discard) + (
            len(start.battle.attached[p]) if start.battle else 0)
        if now != began:
            problems.append(f"player_{p}'s cards: {now} now, {began} at the start")
        if min(side.hand, default=0) < 0:
            problems.append(f"player_{p} holds a negative count of a card: {side.hand}")
        return problems

    def _legion_problems(self, state: SoliumState, start: SoliumState, p: int,
                         taken: dict[tuple[int, int], str]) -> list[str]:
        """Legion slots kept, hit points in range, the dead stay dead, one legion per canton on
        the map, and destroyed counts that match the dead."""
        side, first = state.players[p], start.players[p]
        problems = []
        if len(side.legions) != len(first.legions):
            problems.append(f"player_{p} has {len(side.legions)} legion slots, "
                            f"{len(first.legions)} at the start")
        for k, lg in enumerate(side.legions):
            top = self.tables.legions[lg.kind].hp
            if lg.alive and not 1 <= lg.hp <= top or not lg.alive and lg.hp != 0:
                problems.append(f"player_{p} legion {k + 1}: hp {lg.hp} (alive {lg.alive})")
            if k < len(first.legions) and lg.alive and not first.legions[k].alive:
                problems.append(f"player_{p} legion {k + 1} came back to life")
            if lg.alive:
                if (lg.x, lg.y) in taken:
                    problems.append(f"two legions at {lg.x},{lg.y}")
                taken[(lg.x, lg.y)] = f"player_{p}"
                if not (0 <= lg.x < state.width and 0 <= lg.y < state.height):
                    problems.append(f"player_{p} legion {k + 1} is off the map")
        dead_enemy = sum(not lg.alive for lg in state.players[1 - p].legions)
        if side.destroyed - first.destroyed > dead_enemy - sum(
                not lg.alive for lg in start.players[1 - p].legions):
            problems.append(f"player_{p} destroyed more legions than have died")
        return problems

    def _battle_problems(self, state: SoliumState, battle: Battle) -> list[str]:
        """Attached cards within each side's Tribute and card slots (RULES.md §3)."""
        problems = []
        for q in (0, 1):
            if sum(self._costs[c] for c, _ in battle.attached[q]) > state.players[q].tribute:
                problems.append(f"player_{q} attached more than its Tribute")
        for s, q in ((0, battle.attacker), (1, self.defender_player(state, battle))):
            if q == NEUTRAL:
                continue
            _, _, level, _ = self.combatant(state, battle, s)
            if len(battle.attached[q]) > card_slots(level):
                problems.append(f"player_{q} attached more cards than slots")
        return problems


def _deep(value: Any) -> Any:
    """A copy of JSON-ready data (battle records are nested dicts and lists)."""
    if isinstance(value, dict):
        return {k: _deep(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deep(v) for v in value]
    return value
