"""The whole Spellfire game (``mode="game"``): every turn through phases 0..5 (RULES.md §1).

Two players with real decks (the built-in 1st Edition Starter decks by default; any pair of a
CrossFire pack with ``crossfire=FOLDER``) shuffle, draw an opening hand of 5, and take turns:

0. Rule cards: [decided] not put into play (no rule card is in the starter decks; their powers
   are not modelled); the phase passes by itself.
1. Draw 3. A player who must draw from an empty draw pile ends the game (RULES.md §1): most
   unrazed realms wins, then most razed realms, else a draw. [decided] Only this draw counts;
   spoils from an empty pile are simply not drawn (the battle engine's rule).
2. One realm into the next formation slot (A, then B and C, then D, E, F: the first empty slot
   in that order, so an emptied slot is refilled first), or one rebuild of a razed realm
   ([decided]: free, it uses the phase's realm play); and one holding onto a standing realm of
   the same world with no holding (worlds as for artifacts: a card of no world, AD&D or TSR
   fits any). Only one realm of a name may be in play at a time, across both players (razed
   realms count). "Done" ends the phase.
3. Champions (not avatars [decided]: their cost is not modelled) into the pool, magical items
   and artifacts onto pool champions (one artifact per champion, same world), any number; "Done"
   ends the phase. [decided] A pool holds at most ``pool_slots`` champions: phase 3 stops
   there, a full pool presents no champion from the hand in a battle (one that survives would
   return to the pool), and a spoils champion finding it full goes to the hand.
4. One attack, fought by the battle engine (:class:`~.rules.SpellfireEngine`, seeds 000-002):
   the attack is optional here. Spoils are played at once where allowed, by the battle engine;
   [decided] a spoils realm whose name is already in play goes to the hand instead.
5. Discard down to the hand limit (8), one chosen card at a time.

Phases with nothing to decide pass by themselves (phase 2 or 3 with no playable card, phase 4
with no possible attack, phase 5 with a hand within the limit). Events and play-at-any-time
cards are played only inside battles [decided] (their powers are battle powers).

Victory: six unrazed realms at any moment (checked after every step) win at once (+1, the
other -1); the deck-out rule above; after ``max_turns`` turns the game stops with no winner
(returns 0, ``info["result"] == "turn_limit"``) [decided].
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from ...core.engine import Event, GameSpec
from ...core.errors import StateError
from ...core.system import build_fronts
from ..battle.actions import ATTACK_BASE, NO_ATTACK
from ..battle.deal import Dealer, DeckSource
from ..battle.facts import ANY_WORLD, Facts, artifact_fits
from ..battle.rules import KEPT, SpellfireEngine
from ..battle.state import SLOTS, Battle, Side, SpellfireState
from ..cards.cards import CardType
from .actions import GameActionSet
from .config import GameConfig
from .observation import GameObserver

RESULTS = ("six_realms", "deck_out", "turn_limit")


@dataclass
class GameState(SpellfireState):
    """A whole game: the zones and battle of :class:`SpellfireState` (``attacker`` is the player
    whose turn it is; ``phase`` 0..5) plus what the turn and the game remember."""

    realm_played: bool = False
    """Phase 2: a realm was played or rebuilt this turn."""
    holding_played: bool = False
    """Phase 2: a holding was played this turn."""
    result: str | None = None
    """How the game ended (:data:`RESULTS`), ``None`` while it runs."""
    winner: int | None = None
    """The game's winner (``None``: nobody, or still running)."""

    def copy(self) -> GameState:
        base = SpellfireState.copy(self)
        return GameState(base.cards, base.owner, base.players, base.attacker, base.battle,
                         base.phase, base.turn, realm_played=self.realm_played,
                         holding_played=self.holding_played, result=self.result,
                         winner=self.winner)


def _worlds_fit(a: Facts, b: Facts) -> bool:
    aw, bw = a.card.world, b.card.world
    return aw in ANY_WORLD or bw in ANY_WORLD or aw == bw


class SpellfireGameEngine(SpellfireEngine):
    """Rules of the whole game (see the module docstring); phase 4 is the battle engine's."""

    def __init__(self, config: GameConfig | None = None,
                 source: DeckSource | None = None) -> None:
        self.game = config or GameConfig()
        self.game.validate()
        super().__init__(self.game.battle_config(), source)
        self.turn_actions = GameActionSet(self.game.hand_slots, self.game.pool_slots)
        self.codec = self.turn_actions.codec()
        self.battle_observer = self.observer
        self.game_observer = GameObserver(self.turn_actions, self.battle_observer.layout,
                                          self.game)
        self.layout = self.game_observer.layout
        h = self.game.hand_slots
        battle = self.spec.max_decisions
        # Per turn: phase 2 at most 3 decisions, phase 3 one per hand card plus "done", the
        # battle, phase 5 one per card over the limit.
        per_turn = 3 + (h + 1) + battle + h
        self.spec = GameSpec(
            name="spellfire", title="Spellfire: Master the Magic (whole game)", version=0,
            num_players=2, num_actions=self.turn_actions.n, obs_size=self.layout.size,
            max_decisions=per_turn * self.game.max_turns, utility_range=(-1.0, 1.0),
            simultaneous=False, gym_id="combatzoo/SpellfireGame-v0")

    # --- setup -------------------------------------------------------------------------------

    def new_game(self, rng: np.random.Generator) -> GameState:
        if self._dealer is None:
            self._dealer = Dealer(self.source, self.facts)
        dealer = self._dealer
        titles = self._legal_titles(dealer)
        g = self.game
        if isinstance(g.decks, str):
            if not titles:
                raise StateError("decks", "the pack has no deck with a realm and a champion")
            u = rng.random(2).tolist()
            picks = tuple(titles[min(int(x * len(titles)), len(titles) - 1)] for x in u)
        else:
            picks = (g.decks[0], g.decks[1])
            for n, title in enumerate(picks):
                if title not in self.source.decks:
                    raise StateError(f"decks[{n}]", f"unknown deck {title!r}; known: {titles}")
                problems = self._deck_problems().get(title)
                if problems:
                    raise StateError(f"decks[{n}]", f"deck {title!r} breaks its format: "
                                                    + "; ".join(problems[:5]))
        first = int(rng.random() < 0.5) if g.first == "random" else int(g.first[-1])
        cards, owner, facts = dealer.pair((picks[0], picks[1]))
        players = []
        base = 0
        for title in picks:
            n = len(dealer.deck(title).keys)
            pile = [base + i for i in rng.permutation(n).tolist()]
            side = Side(draw=pile[g.opening_hand:], hand=pile[:g.opening_hand])
            players.append(side)
            base += n
        state = GameState(cards=list(cards), owner=list(owner), players=players,
                          attacker=first, battle=Battle(step="over", outcome="no_attack"),
                          phase=0, turn=1)
        state.cache["facts"] = facts
        self._start_turn(state, [])
        self._advance(state, [])
        self.touch(state)
        return state

    def _deck_problems(self) -> dict[str, list[str]]:
        """With ``crossfire``: each sample deck's breaches of its format (read once)."""
        if self.game.crossfire is None:
            return {}
        found: dict[str, list[str]] | None = self.__dict__.get("_problems")
        if found is None:
            from ..cards.decks import crossfire_deck_problems

            folder = None if self.game.crossfire == "env" else self.game.crossfire
            found = self.__dict__["_problems"] = crossfire_deck_problems(folder)
        return found

    def _legal_titles(self, dealer: Dealer) -> list[str]:
        """Decks a random game draws from: the dealer's playable decks, legal in their
        format (CrossFire packs; the built-in starter decks are legal, checked by the pack
        tests)."""
        problems = self._deck_problems()
        return [t for t in dealer.titles if not problems.get(t)]

    # --- turn protocol -----------------------------------------------------------------------

    def to_act(self, state: SpellfireState) -> list[int]:
        assert isinstance(state, GameState)
        if state.result is not None:
            return []
        if state.phase == 4:
            return super().to_act(state)
        return [state.attacker]

    def legal_actions(self, state: SpellfireState, player: int) -> list[int]:
        key = ("glegal", player)
        found = state.cache.get(key)
        if found is None:
            found = state.cache[key] = self._game_legal(state, player)
        return list(found)

    def _game_legal(self, state: SpellfireState, player: int) -> list[int]:
        assert isinstance(state, GameState)
        if player not in self.to_act(state):
            return []
        if state.phase == 4:
            return self._battle_legal(state, player)
        plays = self._turn_plays(state)
        if state.phase in (2, 3):
            return [self.turn_actions.end_phase, *plays]
        return plays

    def _battle_legal(self, state: SpellfireState, player: int) -> list[int]:
        """The battle engine's legal actions, less champions from the hand while the
        player's pool is full ([decided]: the pool keeps to its ``pool_slots``; a champion
        presented from the hand returns to the pool when it survives)."""
        legal = super().legal_actions(state, player)
        if len(state.players[player].pool) < self.turn_actions.pool_slots:
            return legal
        bat = self.actions
        hand_lo, hand_hi = bat.hand_champion_base, bat.pool_champion_base
        if state.battle.step == "realm":
            # Only realms that a pool champion may attack.
            return [a for a in legal if not ATTACK_BASE <= a < hand_lo
                    or self.attackers_for(state, a - ATTACK_BASE, split=True)[1]]
        return [a for a in legal if not hand_lo <= a < hand_hi]

    def _turn_plays(self, state: GameState) -> list[int]:
        """The turn's plays of the player on turn in phases 2, 3 and 5 (without "done")."""
        acts = self.turn_actions
        fx = self.state_facts(state)
        side = state.players[state.attacker]
        hand = side.hand[:acts.hand_slots]
        out: list[int] = []
        if state.phase == 2:
            if not state.realm_played:
                if None in side.realms:
                    names = self._realm_names(state)
                    out += [acts.realm_base + i for i, c in enumerate(hand)
                            if fx[c].type == CardType.REALM and fx[c].name not in names]
                out += [acts.rebuild_base + s for s in range(6)
                        if side.realms[s] is not None and side.razed[s]]
            if not state.holding_played:
                free = [s for s in range(6) if side.realms[s] is not None
                        and not side.razed[s] and side.holdings[s] is None]
                if free:
                    for i, c in enumerate(hand):
                        if fx[c].type == CardType.HOLDING:
                            out += [acts.holding(i, s) for s in free
                                    if _worlds_fit(fx[c], fx[side.realms[s]])]  # type: ignore[index]
        elif state.phase == 3:
            pool = side.pool[:acts.pool_slots]
            room = len(side.pool) < acts.pool_slots
            for i, c in enumerate(hand):
                f = fx[c]
                if f.is_champion:
                    if room and not f.card.avatar:
                        out.append(acts.champion_base + i)
                elif f.type == CardType.MAGICAL_ITEM:
                    out += [acts.attach(i, j) for j in range(len(pool))]
                elif f.type == CardType.ARTIFACT:
                    out += [acts.attach(i, j) for j, holder in enumerate(pool)
                            if artifact_fits(f, fx[holder],
                                             [fx[a] for a in side.attached.get(holder, ())])]
            out.sort()
        elif state.phase == 5 and len(side.hand) > self.game.hand_limit:
            out = [acts.discard_base + i for i in range(len(hand))]
        return out

    def _realm_names(self, state: SpellfireState) -> set[str]:
        fx = self.state_facts(state)
        return {fx[r].name for side in state.players for r in side.realms if r is not None}

    def is_over(self, state: SpellfireState) -> bool:
        assert isinstance(state, GameState)
        return state.result is not None

    def returns(self, state: SpellfireState) -> list[float]:
        assert isinstance(state, GameState)
        if state.result is None or state.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if state.winner == 0 else [-1.0, 1.0]

    # --- applying actions --------------------------------------------------------------------

    def _apply(self, state: SpellfireState, actions: Mapping[int, int]) -> list[Event]:
        assert isinstance(state, GameState)
        (player, action), = actions.items()
        self.state_facts(state)
        kept = {k: state.cache[k] for k in KEPT if k in state.cache}
        state.cache.clear()
        state.cache.update(kept)
        if state.phase == 4:
            events = super()._apply(state, actions)
        else:
            events = []
            self._turn_action(state, player, action, events)
        state.cache.clear()
        state.cache.update(kept)
        # _advance leaves in the cache only what holds for the state it stops at.
        self._advance(state, events)
        return events

    def _turn_action(self, state: GameState, player: int, action: int,
                     events: list[Event]) -> None:
        kind, a, b = self.turn_actions.decode(action)
        side = state.players[player]
        fx = self.state_facts(state)
        if kind == "end_phase":
            state.phase += 1
            if state.phase == 4:
                self._start_battle(state, events)
            return
        if kind == "realm":
            inst = side.hand.pop(a)
            slot = side.realms.index(None)
            side.realms[slot] = inst
            side.razed[slot] = False
            state.realm_played = True
            events.append(Event("realm_played", f"player_{player} plays {fx[inst].name} into "
                                                f"slot {SLOTS[slot]}", player,
                                {"card": state.cards[inst], "slot": SLOTS[slot]}))
        elif kind == "rebuild":
            side.razed[a] = False
            state.realm_played = True
            realm = side.realms[a]
            assert realm is not None
            events.append(Event("realm_rebuilt", f"player_{player} rebuilds {fx[realm].name} "
                                                 f"(slot {SLOTS[a]})", player,
                                {"slot": SLOTS[a]}))
        elif kind == "holding":
            inst = side.hand.pop(a)
            side.holdings[b] = inst
            state.holding_played = True
            events.append(Event("holding_played", f"player_{player} plays {fx[inst].name} "
                                                  f"onto realm {SLOTS[b]}", player,
                                {"card": state.cards[inst], "slot": SLOTS[b]}))
        elif kind == "champion":
            inst = side.hand.pop(a)
            side.pool.append(inst)
            events.append(Event("champion_to_pool", f"player_{player} puts {fx[inst].name} "
                                                    "into the pool", player,
                                {"card": state.cards[inst]}))
        elif kind == "attach":
            holder = side.pool[b]
            inst = side.hand.pop(a)
            side.attached.setdefault(holder, []).append(inst)
            events.append(Event("item_attached", f"player_{player} gives {fx[inst].name} to "
                                                 f"{fx[holder].name}", player,
                                {"card": state.cards[inst], "champion": state.cards[holder]}))
        elif kind == "discard":
            inst = side.hand.pop(a)
            side.discard.append(inst)
            events.append(Event("card_discarded", f"player_{player} discards {fx[inst].name}",
                                player, {"card": state.cards[inst]}))

    # --- the turn's flow ---------------------------------------------------------------------

    def _start_turn(self, state: GameState, events: list[Event]) -> None:
        """Phases 0 and 1 of the player on turn (neither asks anything)."""
        p = state.attacker
        side = state.players[p]
        state.realm_played = state.holding_played = False
        side.attacked.clear()
        events.append(Event("turn_started", f"turn {state.turn}: player_{p}", p,
                            {"turn": state.turn}))
        # Phase 0: rule cards are not put into play [decided]. Phase 1: draw.
        state.phase = 1
        n = self.game.draw
        drawn = side.draw[:n]
        del side.draw[:n]
        side.hand += drawn
        if len(drawn) < n:
            # RULES.md §1: a player who must draw from an empty draw pile ends the game.
            self._deck_out(state, p, events)
            return
        state.phase = 2

    def _start_battle(self, state: GameState, events: list[Event]) -> None:
        state.battle = Battle()
        if self._battle_legal(state, state.attacker) == [NO_ATTACK]:
            state.battle = Battle(step="over", outcome="no_attack")
            state.phase = 5
        self.touch(state)

    def _advance(self, state: GameState, events: list[Event]) -> None:
        """Pass the phases that ask nothing; check victory after every step."""
        while state.result is None:
            phase = state.phase
            if phase == 4:
                if state.battle.step != "over":
                    return
                self._after_battle(state, events)
                state.phase = 5
                continue
            if self._six_realms(state, events):
                return
            if phase in (2, 3):
                plays = self._turn_plays(state)
                if plays:
                    state.cache[("glegal", state.attacker)] = [self.turn_actions.end_phase,
                                                               *plays]
                    return
                state.phase += 1
                if state.phase == 4:
                    self._start_battle(state, events)
                continue
            if phase == 5:
                if len(state.players[state.attacker].hand) > self.game.hand_limit:
                    return
                if state.turn >= self.game.max_turns:
                    state.result = "turn_limit"
                    events.append(Event("game_over", f"turn limit ({self.game.max_turns}) "
                                                     "reached: no winner", None,
                                        {"result": "turn_limit", "winner": None}))
                    return
                state.turn += 1
                state.attacker = 1 - state.attacker
                self._start_turn(state, events)
                continue
            raise AssertionError(f"phase {phase} in _advance")
        state.cache.clear()

    def _after_battle(self, state: GameState, events: list[Event]) -> None:
        """Spoils the battle engine played where the game's rules do not allow them go to the
        hand [decided]: a realm whose name is already in play; a holding on a realm of another
        world (moved to a standing realm of its world if one is free); a champion beyond the
        pool's slots."""
        b = state.battle
        fx = self.state_facts(state)
        for p in (0, 1):
            inst = b.spoils[p]
            if inst is None:
                continue
            side = state.players[p]
            name = fx[inst].name
            if inst in side.realms:
                if sum(1 for s in state.players for r in s.realms
                       if r is not None and fx[r].name == name) > 1:
                    slot = side.realms.index(inst)
                    side.realms[slot] = None
                    side.razed[slot] = False
                    self._spoils_to_hand(state, p, inst, "is already in play", events)
            elif inst in side.holdings:
                slot = side.holdings.index(inst)
                realm = side.realms[slot]
                assert realm is not None
                if not _worlds_fit(fx[inst], fx[realm]):
                    side.holdings[slot] = None
                    fits = [s for s in range(6) if side.realms[s] is not None
                            and not side.razed[s] and side.holdings[s] is None
                            and _worlds_fit(fx[inst], fx[side.realms[s]])]  # type: ignore[index]
                    if fits:
                        side.holdings[fits[0]] = inst
                        events.append(Event("spoils_moved", f"{name} goes onto realm "
                                                            f"{SLOTS[fits[0]]} (its world)", p))
                    else:
                        self._spoils_to_hand(state, p, inst, "fits no realm of its world",
                                             events)
            elif inst in side.pool and len(side.pool) > self.turn_actions.pool_slots:
                side.pool.remove(inst)
                side.discard += side.attached.pop(inst, [])
                self._spoils_to_hand(state, p, inst, "finds the pool full", events)
        state.battle = Battle(step="over", outcome=b.outcome, winner=b.winner)

    @staticmethod
    def _spoils_to_hand(state: GameState, p: int, inst: int, why: str,
                        events: list[Event]) -> None:
        state.players[p].hand.append(inst)
        events.append(Event("spoils_to_hand", f"the spoils card {why}: player_{p} keeps it in "
                                              "hand", p))

    def _six_realms(self, state: GameState, events: list[Event]) -> bool:
        for p in (state.attacker, 1 - state.attacker):
            side = state.players[p]
            if None not in side.realms and True not in side.razed:
                state.result, state.winner = "six_realms", p
                events.append(Event("game_over", f"player_{p} has six unrazed realms and wins",
                                    p, {"result": "six_realms", "winner": p}))
                return True
        return False

    def _deck_out(self, state: GameState, p: int, events: list[Event]) -> None:
        standing = [sum(1 for r, z in zip(s.realms, s.razed, strict=True)
                        if r is not None and not z) for s in state.players]
        razed = [sum(1 for r, z in zip(s.realms, s.razed, strict=True) if r is not None and z)
                 for s in state.players]
        winner: int | None = None
        if standing[0] != standing[1]:
            winner = 0 if standing[0] > standing[1] else 1
        elif razed[0] != razed[1]:
            winner = 0 if razed[0] > razed[1] else 1
        state.result, state.winner = "deck_out", winner
        events.append(Event("game_over", f"player_{p} must draw from an empty draw pile: "
                                         + ("a draw" if winner is None else
                                            f"player_{winner} wins") + f" (unrazed {standing}, "
                                                                       f"razed {razed})",
                            winner, {"result": "deck_out", "winner": winner}))

    # --- views -------------------------------------------------------------------------------

    def observe(self, state: SpellfireState, player: int) -> np.ndarray:
        assert isinstance(state, GameState)
        return self.game_observer.encode(self, state, player)

    def view(self, state: SpellfireState, player: int) -> dict[str, Any]:
        assert isinstance(state, GameState)
        return self.game_observer.view(self, state, player)

    def render(self, state: SpellfireState, player: int | None = None) -> str:
        assert isinstance(state, GameState)
        return self.game_observer.render(self, state, player)

    def info(self, state: SpellfireState, player: int) -> dict[str, Any]:
        assert isinstance(state, GameState)
        b = state.battle
        return {"result": state.result,
                "winner": None if state.winner is None else f"player_{state.winner}",
                "turn": state.turn, "phase": state.phase, "battle_outcome": b.outcome,
                "outcome": b.outcome}

    def action_label(self, action: int, state: SpellfireState | None = None,
                     player: int | None = None) -> str:
        acts = self.turn_actions
        if action < acts.end_phase:
            return super().action_label(action, state, player)
        label = self.codec.label(action)
        if state is None or player is None:
            return label
        kind, a, b = acts.decode(action)
        side = state.players[player]
        try:
            if kind == "rebuild":
                realm = side.realms[a]
                return label if realm is None else f"{label}: {self.card_name(state, realm)}"
            if a >= 0:
                name = self.card_name(state, side.hand[a])
                if kind == "attach":
                    return f"{label}: {name} to {self.card_name(state, side.pool[b])}"
                return f"{label}: {name}"
        except IndexError:
            pass
        return label

    def clone(self, state: SpellfireState) -> GameState:
        assert isinstance(state, GameState)
        out = state.copy()
        for k in KEPT:
            if k in state.cache:
                out.cache[k] = state.cache[k]
        return out

    # --- JSON --------------------------------------------------------------------------------

    def to_json(self, state: SpellfireState) -> dict[str, Any]:
        assert isinstance(state, GameState)
        data = super().to_json(state)
        data["mode"] = "game"
        data["game"] = {"realm_played": state.realm_played,
                        "holding_played": state.holding_played, "result": state.result,
                        "winner": state.winner}
        return data

    def from_json(self, data: Mapping[str, Any]) -> GameState:
        """Read a game state: the battle-mode format plus ``"mode": "game"`` and a ``game``
        object (``docs/spellfire_game.md``)."""
        raw = dict(data)
        if raw.pop("mode", "game") != "game":
            raise StateError("state.mode", "expected 'game'")
        game = raw.pop("game", {})
        if not isinstance(game, Mapping):
            raise StateError("state.game", "expected an object")
        unknown = sorted(set(game) - {"realm_played", "holding_played", "result", "winner"})
        if unknown:
            raise StateError("state.game", f"unknown key(s) {unknown}")
        base = super().from_json(raw)
        result = game.get("result")
        if result is not None and result not in RESULTS:
            raise StateError("state.game.result", f"expected one of {list(RESULTS)} or null")
        winner = game.get("winner")
        if winner not in (None, 0, 1) or isinstance(winner, bool):
            raise StateError("state.game.winner", "expected 0, 1 or null")
        for key in ("realm_played", "holding_played"):
            if not isinstance(game.get(key, False), bool):
                raise StateError(f"state.game.{key}", "expected true or false")
        if base.phase == 4 and result is None and base.battle.step == "over":
            raise StateError("state.battle.step", "phase 4 of a running game has a battle "
                                                  "in progress")
        if base.phase != 4 and base.battle.step != "over":
            raise StateError("state.battle.step", "only phase 4 has a battle in progress")
        return GameState(base.cards, base.owner, base.players, base.attacker, base.battle,
                         base.phase, base.turn, realm_played=game.get("realm_played", False),
                         holding_played=game.get("holding_played", False), result=result,
                         winner=winner)

    # --- invariants --------------------------------------------------------------------------

    def check_invariants(self, state: SpellfireState, start: SpellfireState) -> list[str]:
        assert isinstance(state, GameState)
        problems = super().check_invariants(state, start)
        limit = self.game.hand_limit
        fx = self.state_facts(state)
        other = 1 - state.attacker
        extra = 1 if state.phase >= 4 else 0  # a defender's spoils in this turn's battle
        if state.result is None and len(state.players[other].hand) > limit + extra:
            problems.append(f"player_{other} holds {len(state.players[other].hand)} cards "
                            f"after its phase 5 (limit {limit})")
        names: list[str] = []
        for p, side in enumerate(state.players):
            if len(side.pool) > self.turn_actions.pool_slots:
                problems.append(f"player_{p}: {len(side.pool)} champions in the pool "
                                f"(pool_slots {self.turn_actions.pool_slots})")
            filled = [r is not None for r in side.realms]
            if any(filled[s] and not all(filled[:s]) for s in range(6)):
                # Realms fill the pyramid in order; nothing in the game empties a slot.
                problems.append(f"player_{p}: formation {filled} is not filled in order")
            names += [fx[r].name for r in side.realms if r is not None]
        dup = sorted({n for n in names if names.count(n) > 1})
        if dup:
            problems.append(f"realms in play more than once: {dup}")
        if state.phase not in range(6):
            problems.append(f"phase {state.phase}")
        if state.result is None and state.phase != 4 and state.battle.step != "over":
            problems.append(f"a battle in progress in phase {state.phase}")
        if (state.result is None) != (not self.is_over(state)):
            problems.append("result and is_over disagree")
        return problems


def make_game_engine(**config: Any) -> SpellfireGameEngine:
    """The whole-game engine, configured by :class:`GameConfig` options."""
    return SpellfireGameEngine(GameConfig.from_kwargs(**config))


_DEFAULT = SpellfireGameEngine(GameConfig())
GAME_SPEC = _DEFAULT.spec

raw_env, env, parallel_env, single_env = build_fronts(GAME_SPEC, make_game_engine)
