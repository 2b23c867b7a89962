"""The whole Spellfire game (system ``spellfire_game``): every turn through phases 0..5
(RULES.md §1).

Two players with real decks (the built-in 1st Edition Starter decks by default; any pair of a
CrossFire pack with ``crossfire=FOLDER``) shuffle, draw an opening hand of 5, and take turns:

0. Rule cards: one rule card from the hand into play, or none; it stays in play until any
   other rule card is played, which discards it ([decided] one a turn: phase 0 ends with it).
   Their powers are not modelled (no rule card is in the starter decks). With no rule card in
   hand the phase passes by itself.
1. Draw 3. A player who must draw from an empty draw pile ends the game (RULES.md §1): most
   unrazed realms wins, then most razed realms, else a draw. [decided] Only this draw counts;
   spoils from an empty pile are simply not drawn (the battle engine's rule).
2. One realm into the next formation slot (A, then B and C, then D, E, F: the first empty slot
   in that order, so an emptied slot is refilled first), or one rebuild of a razed realm (it
   uses the phase's realm play and costs three cards from the hand, which the player then
   discards one at a time, chosen, before anything else; offered only with three cards in
   hand); and one holding onto a standing realm of
   the same world with no holding (worlds as for artifacts: a card of no world, AD&D or TSR
   fits any). Only one realm of a name may be in play at a time, across both players (razed
   realms count). "Done" ends the phase.
3. Champions (not avatars [decided]: their cost is not modelled) into the pool, magical items
   and artifacts onto pool champions (one artifact per champion, same world), any number; "Done"
   ends the phase. [decided] A pool holds at most ``pool_slots`` champions: phase 3 stops
   there, a full pool presents no champion from the hand in a battle (one that survives would
   return to the pool), and a spoils champion finding it full goes to the hand. Also the
   events and spells whose whole power acts outside battles (Good Fortune, Sunray, Wall of
   Fog: :mod:`.outside`), a spell only while a pool champion may cast it; one naming a target
   waits for the player's ``target_*`` choice.
4. One attack, fought by the battle engine (:class:`~..battle.rules.SpellfireEngine`, seeds
   000-002), which the game engine holds and hands the table to: the attack is optional here.
   The spoils card is played at once or kept for later, its owner's choice, where the game's
   rules allow it to be played (seed 001; :mod:`.spoils`); a champion whose power allows it
   then attacks a second or third realm (seed 000, end), each battle with its spoils. No
   attack while a truce holds (``truce``: Mutiny!, Solid Fog, Wall of Fog, "until the
   player's next turn"; issue 13, c1st3), nor after ``no_attack_this_turn`` (Disintegrate).
5. Discard down to the hand limit (8, changed by the ``hand_size`` powers of the player's
   cards in play: :mod:`..battle.hand`), one chosen card at a time; a changed limit is
   reported by a ``hand_limit`` event when the turn ends. Under a rule card with
   ``end_of_turn_discard`` (Age of Entropy) one card more (:mod:`.rule_powers`).

Phases with nothing to decide pass by themselves (phase 2 or 3 with no playable card, phase 4
with no possible attack, phase 5 with a hand within the limit). Events and play-at-any-time
cards whose powers are battle powers are played only inside battles [decided]; those whose
whole power acts outside battles only in phase 3 [decided] (:mod:`.outside`).

Victory (:mod:`.judge`): six unrazed realms at any moment (checked after every step) win at once
(+1, the other -1); the deck-out rule above; after ``max_turns`` turns the game stops with no
winner (returns 0, ``info["result"] == "turn_limit"``) [decided].

Where things are: the turn's legal plays in :mod:`.plays`, their resolution in :mod:`.turn`, the
set-up in :mod:`.deal`, the spoils after a battle in :mod:`.spoils`, the JSON in :mod:`.serial`,
what a player sees in :mod:`.observation`; this engine coordinates them and the battle engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ...core.codec import Action
from ...core.engine import Engine, Event, GameSpec
from ...core.native import mypyc_attr
from ...core.schema import refuse_broken
from ..battle.actions import NO_ATTACK, ActionKind
from ..battle.aftermath_more import RETRIEVED
from ..battle.deal import DeckSource
from ..battle.facts import Facts
from ..battle.hand import extra_draw, phase_one_draw, player_hand_limit
from ..battle.labyrinth import come_back, escaped
from ..battle.rules import SpellfireEngine
from ..battle.state import Battle
from ..battle.truce import TRUCE_EVENT
from ..battle.windfall import DRAWN_FOR_DEFENSE
from ..cards.cards import Card
from ..cards.effects import EffectKind
from . import between, lasting, outside, seen, triggers, turn_powers
from .actions import GameActionKind, GameActionSet
from .config import GameConfig
from .deal import GameDealer
from .judge import deck_out, six_realms, turn_limit
from .observation import GameObserver
from .plays import spoils_plays, turn_plays
from .rule_powers import end_of_turn_discard
from .serial import game_from_json, game_to_json
from .spoils import after_battle, spoils_kept
from .state import RESULTS, GameState
from .turn import RESOLVERS, draw_phase, start_turn

_OUTSIDE_ACTIONS = (GameActionKind.PLAY_OUTSIDE, GameActionKind.TARGET_PLAYER,
                    GameActionKind.TARGET_REALM, GameActionKind.TARGET_CHAMPION)
"""The turn actions of the cards acting outside battles (issue 13, outside)."""

NAME = "spellfire_game"
MAX_ATTACKS = 3
"""Battles one turn may hold (seed 000 end: "two or even three different realms")."""
GYM_ID = "combatzoo/SpellfireGame-v0"
__all__ = ["GYM_ID", "NAME", "RESULTS", "GameState", "SpellfireGameEngine", "make_game_engine"]


@mypyc_attr(allow_interpreted_subclasses=True)  # subclassable (core/native.py)
class SpellfireGameEngine(Engine[GameState]):
    """Rules of the whole game (see the module docstring). It holds a battle engine
    (:attr:`battle`) and plays phase 4 by handing it the table."""

    def __init__(self, config: GameConfig | None = None,
                 source: DeckSource | None = None) -> None:
        self.game = config or GameConfig()
        self.game.validate()
        self.battle = SpellfireEngine(self.game.battle_config(), source)
        self.battle.spoils_at_once = False  # seed 001: the winner plays its spoils or keeps it
        self.turn_actions = GameActionSet(self.game.hand_slots, self.game.pool_slots)
        self.codec = self.turn_actions.codec
        self.observer = GameObserver(self.turn_actions, self.battle.layout, self.game)
        self.layout = self.observer.layout
        self._dealer: GameDealer | None = None
        # Per turn: phase 0 one (a rule card or "done"), phase 2 at most 3 decisions, phase 3
        # one per hand card plus "done", up to
        # three battles (seed 000 end) each with its spoils choice, phase 5 one per card over
        # the limit.
        h = self.game.hand_slots
        # Issue 13 (first_c): two players asked between turns, Cup of Al'Akbar's three
        # discards and its "done".
        per_turn = 1 + 3 + (h + 1) + MAX_ATTACKS * (self.battle.spec.max_decisions + 1) + h \
            + 2 + 4
        self.spec = GameSpec(
            name=NAME, title="Spellfire: Master the Magic (whole game)", version=0,
            num_players=2, num_actions=self.turn_actions.n, obs_size=self.layout.size,
            max_decisions=per_turn * self.game.max_turns, utility_range=(-1.0, 1.0),
            simultaneous=False, gym_id=GYM_ID)

    # --- cards -------------------------------------------------------------------------------

    @property
    def source(self) -> DeckSource:
        """The pack the decks come from (the battle engine's)."""
        return self.battle.source

    def facts(self, key: str) -> Facts:
        """The facts of the card with ``key`` (the battle engine's)."""
        return self.battle.facts(key)

    def card(self, key: str) -> Card:
        """The card with ``key``."""
        return self.battle.facts(key).card

    def card_name(self, state: GameState, inst: int) -> str:
        """The name of card instance ``inst``."""
        return self.battle.card_name(state.table, inst)

    # --- setup -------------------------------------------------------------------------------

    def new_game(self, rng: np.random.Generator) -> GameState:
        if self._dealer is None:
            self._dealer = GameDealer(self.game, self.battle.source, self.battle.facts)
        state = self._dealer.deal(rng)
        events: list[Event] = []
        self._start_turn(state, events)
        self._advance(state, events)
        return state

    # --- turn protocol -----------------------------------------------------------------------

    def to_act(self, state: GameState) -> list[int]:
        if state.result is not None:
            return []
        if state.spoils is not None:
            return [state.table.owner[state.spoils]]
        if state.between:  # The Caravan (first_c): the player asked between two turns
            return [state.between[0]]
        if state.phase == 4:
            return self.battle.to_act(state.table)
        return [state.on_turn]

    def legal_actions(self, state: GameState, player: int) -> list[int]:
        key = ("legal", player)
        found = state.cache.get(key)
        if found is None:
            found = state.cache[key] = self._legal(state, player)
        return list(found)

    def _legal(self, state: GameState, player: int) -> list[int]:
        if player not in self.to_act(state):
            return []
        if state.spoils is not None:
            # Seed 001: the spoils card is played at once or kept for later.
            return sorted([*spoils_plays(state, self.battle.state_facts(state.table),
                                         self.turn_actions), self.turn_actions.keep_spoils])
        if state.phase == 4:
            return self._battle_legal(state, player)
        if state.between:  # The Caravan (first_c): play it between the turns, or pass
            return [self.turn_actions.end_phase,
                    *(self.turn_actions.outside[i] for i in between.caravans(
                        state, self.battle.state_facts(state.table), player,
                        self.game.hand_slots))]
        return self._with_done(state, self._turn_plays(state))

    def _with_done(self, state: GameState, plays: list[int]) -> list[int]:
        """Phases 2 and 3 may be ended ("done") at any time, except while a rebuild is still
        being paid for (RULES.md §1: three cards from the hand)."""
        if state.phase in (0, 2, 3) and not state.rebuild_owed and state.pending is None:
            return [self.turn_actions.end_phase, *plays]
        if state.phase == 5 and self._cup_open(state):  # Cup of Al'Akbar (first_c): stop
            return [self.turn_actions.end_phase, *plays]
        return plays

    def _battle_legal(self, state: GameState, player: int) -> list[int]:
        """The battle engine's legal actions, less champions from the hand while the
        player's pool is full ([decided]: the pool keeps to its ``pool_slots``; a champion
        presented from the hand returns to the pool when it survives); in a turn's second or
        third battle, only the champion whose power allows it opens it (seed 000 end)."""
        table = state.table
        legal = self.battle.legal_actions(table, player)
        if state.benched or state.attack_barred:
            legal = self._unbenched(state, player, legal)
        if state.attacks and table.battle.round == 0 and player == state.on_turn:
            return self._again_legal(state, legal)
        if len(table.players[player].pool) < self.turn_actions.pool_slots:
            return legal
        decode = self.battle.decode_action
        if table.battle.step == "realm":
            # Only realms that a pool champion may attack.
            return [a for a in legal if decode(a).kind is not ActionKind.ATTACK_REALM
                    or self.battle.attackers_for(table, decode(a).get_int("slot"),
                                                 split=True)[1]]
        return [a for a in legal if decode(a).kind is not ActionKind.CHAMPION_FROM_HAND]

    def _unbenched(self, state: GameState, player: int, legal: list[int]) -> list[int]:
        """Without the benched champions (``bench_champion``, Geas: "can neither attack nor
        defend"; issue 13, outside) and, for the player on turn (the attacker), those barred
        from attacking (``bar_pool_attacks``, Death Fog; out4th): no presentation from the
        pool, no realm that only they could attack."""
        table = state.table
        pool = table.players[player].pool
        out_of = set(state.benched) | (set(state.attack_barred) if player == state.on_turn
                                       else set())
        decode = self.battle.decode_action
        out = []
        for a in legal:
            act = decode(a)
            if act.kind is ActionKind.CHAMPION_FROM_POOL:
                if pool[act.get_int("pool")] in out_of:
                    continue
            elif act.kind is ActionKind.ATTACK_REALM:
                hand, places = self.battle.attackers_for(table, act.get_int("slot"), split=True)
                if not hand and all(pool[j] in out_of for j in places):
                    continue
            out.append(a)
        return out

    def _again_legal(self, state: GameState, legal: list[int]) -> list[int]:
        """A later battle of the turn (seed 000 end): realms and a first presentation for the
        champion that opened the last one (:meth:`_attacks_left` let it open this one)."""
        c = state.attacks[-1]
        table = state.table
        pool = table.players[state.on_turn].pool
        j = pool.index(c) if c in pool else -1
        decode = self.battle.decode_action
        out = []
        for a in legal:
            act = decode(a)
            if act.kind is ActionKind.ATTACK_REALM:
                if j in self.battle.attackers_for(table, act.get_int("slot"), split=True)[1]:
                    out.append(a)
            elif act.kind is ActionKind.CHAMPION_FROM_POOL:
                if act.get_int("pool") == j:
                    out.append(a)
            elif act.kind is not ActionKind.CHAMPION_FROM_HAND:
                out.append(a)
        return out

    def _turn_plays(self, state: GameState) -> list[int]:
        """The turn's plays of the player on turn in phases 2, 3 and 5 (without "done")."""
        fx = self.battle.state_facts(state.table)
        if state.phase != 5:  # only phase 5 reads the hand limit (issue 14: asked every step)
            return turn_plays(state, fx, self.turn_actions)
        limit = self._discard_limit(state)
        if between.cup_open(state, fx, limit):
            # Cup of Al'Akbar (first_c): any card toward its three, or "done".
            return list(self.turn_actions.discard[:len(state.table.players[state.on_turn].hand)])
        return turn_plays(state, fx, self.turn_actions, limit)

    def _discard_limit(self, state: GameState) -> int:
        """The hand size the player on turn discards down to in phase 5: its hand limit, or
        less under Age of Entropy (c1st3: one card more)."""
        limit = self.hand_limit(state, state.on_turn)
        if state.discard_to is not None:
            limit = min(limit, state.discard_to)
        return limit

    def _cup_open(self, state: GameState) -> bool:
        """Phase 5: the player on turn, its hand within its limit, may discard toward Cup of
        Al'Akbar's three (``between.cup_open``; issue 13, first_c)."""
        return between.cup_open(state, self.battle.state_facts(state.table),
                                self._discard_limit(state))

    def hand_limit(self, state: GameState, player: int) -> int:
        """The player's hand limit in phase 5: the config's, changed by the ``hand_size`` of
        its cards in play (RULES.md §1 phase 5; :mod:`..battle.hand`)."""
        return self._hand_limit(state, player)[0]

    def _hand_limit(self, state: GameState, player: int) -> tuple[int, list[int]]:
        """:func:`..battle.hand.player_hand_limit`, kept in the table's cache, which every change
        of the table clears (``battle.touch``; issue 14: the turn's plays and the observation
        ask it at every step)."""
        table = state.table
        key = ("hand_limit", player)
        found = table.cache.get(key)
        if found is None:
            found = table.cache[key] = player_hand_limit(table, self.battle.state_facts(table),
                                                         player, self.game.hand_limit)
        return found  # type: ignore[no-any-return]

    def is_over(self, state: GameState) -> bool:
        return state.result is not None

    def returns(self, state: GameState) -> list[float]:
        if state.result is None or state.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if state.winner == 0 else [-1.0, 1.0]

    # --- applying actions --------------------------------------------------------------------

    def _apply(self, state: GameState, actions: Mapping[int, int]) -> list[Event]:
        (player, action), = actions.items()
        state.cache.clear()
        typed = self.codec.decode(action)
        events: list[Event] = []
        fought = triggers.fighting(state, player, typed)  # issue 13 (trig): Amarill
        if isinstance(typed.kind, GameActionKind):
            self._turn_action(state, player, typed.kind, typed, events)
        else:
            # Phase 4: the battle engine plays the battle's actions on the table.
            b = state.table.battle
            opener = self._opener(state, player, typed) if b.step == "attacker" \
                and b.round == 0 else None
            before, at = lasting.round_cards(state, player, typed), (b.round, b.step)
            held = list(b.champion)  # issue 13 (first_a): the champions a spell stays on
            missed = lasting.missed(state, before, self.battle.state_facts(state.table))
            events = self.battle.apply_trusted(state.table, {player: action})
            self._keep_lasting(state, before, at, events, (held, missed))
            if opener is not None:  # the champion that opens this battle (seed 000 end)
                state.attacks.append(opener)
            for ev in events:  # Mutiny!, Solid Fog (c1st3): until that player's next turn
                if ev.kind == TRUCE_EVENT:
                    state.truce = int(ev.data["until"])
                elif ev.kind == DRAWN_FOR_DEFENSE:  # Lost Oasis: the defender's hand grows
                    state.given += 1
                elif ev.kind == RETRIEVED and ev.player != state.on_turn:  # Halcyon (after2)
                    state.given += 1
        if triggers.after_step(state, events, self.battle.state_facts(state.table),
                               self.game.hand_slots, fought):  # issue 13 (trig): Temple
            self.battle.touch(state.table)
        if any(side.cursing for side in state.table.players) and lasting.lift(
                state, self.battle.state_facts(state.table), events):  # first_a
            self.battle.touch(state.table)
        if state.benched or state.attack_barred:  # Geas, Death Fog (outside): a champion
            pools = {c for side in state.table.players for c in side.pool}  # gone is free
            state.benched = {c: t for c, t in state.benched.items() if c in pools}
            state.attack_barred = {c: t for c, t in state.attack_barred.items() if c in pools}
        self._advance(state, events)
        return events

    def _keep_lasting(self, state: GameState, before: list[list[int]], at: tuple[int, str],
                      events: list[Event],
                      on: tuple[list[int | None], frozenset[int]]) -> None:
        """When this step ended the round (its cards discarded, seed 000 step H), the cards
        whose power lasts until a later turn stay in effect (issue 13, lasting); ``on``: the
        round's champions and the cards that had no effect on theirs (first_a)."""
        b = state.table.battle
        if b.round != at[0] or (b.step == "over" and at[1] != "over"):
            lasting.keep(state, before, self.battle.state_facts(state.table), events, *on)
            self.battle.touch(state.table)

    def _turn_action(self, state: GameState, player: int, kind: GameActionKind,
                     action: Action, events: list[Event]) -> None:
        if kind is GameActionKind.END_PHASE:
            self._end_phase(state, events)
            return
        fx = self.battle.state_facts(state.table)
        if state.between:  # The Caravan (first_c): its player takes a turn now
            events.append(between.play_caravan(state, player, action.get_int("hand"), fx))
            self._next_turn(state, events, player)
        elif kind in _OUTSIDE_ACTIONS:  # issue 13 (outside): a card acting outside battles
            events += self._outside_action(state, player, kind, action, fx)
        elif state.spoils is not None:
            events.append(self._spoils_action(state, player, kind, action, fx))
        else:
            events.append(RESOLVERS[kind](state, player, action, fx))
            if kind is GameActionKind.DISCARD:  # Cup of Al'Akbar (first_c), in phase 5
                between.cup_discarded(state, fx, events)
        self.battle.touch(state.table)

    def _end_phase(self, state: GameState, events: list[Event]) -> None:
        """"Done": the next phase; between two turns, the asked player passes (The Caravan);
        in phase 5, the player stops discarding toward Cup of Al'Akbar (issue 13, first_c)."""
        if state.between:
            if not between.pass_on(state, events):
                self._next_turn(state, events, None)
            return
        if state.phase == 5:
            state.cup = between.CUP_DONE
            return
        state.phase += 1
        if state.phase == 4:
            self._start_battle(state, events)

    def _outside_action(self, state: GameState, player: int, kind: GameActionKind,
                        action: Action, fx: list[Facts]) -> list[Event]:
        """Phase 3: a card whose power acts outside battles played, or its target chosen
        (``outside.py``; side 0 is the player's own, 1 the opponent's)."""
        slots = self.game.hand_slots
        if kind is GameActionKind.PLAY_OUTSIDE:
            return outside.play(state, player, action.get_int("hand"), fx, slots)
        assert state.pending is not None
        whose = player if action.get_int("side") == 0 else 1 - player
        slot = action.get_int("slot") if kind is GameActionKind.TARGET_REALM else -1
        pool = action.get_int("pool") if kind is GameActionKind.TARGET_CHAMPION else -1
        return outside.resolve(state, player, state.pending,
                               outside.Chosen(whose, slot, pool), fx, slots)

    @staticmethod
    def _spoils_action(state: GameState, player: int, kind: GameActionKind, action: Action,
                       fx: list[Facts]) -> Event:
        """Seed 001: the spoils card kept, or played at once by the phase's own resolver; a
        spoils play is not the turn's realm or holding play (RULES.md §1 phase 2)."""
        if kind is GameActionKind.KEEP_SPOILS:
            return spoils_kept(state, fx, player)
        flags = state.realm_played, state.holding_played
        event = RESOLVERS[kind](state, player, action, fx)
        state.realm_played, state.holding_played = flags
        state.spoils = None
        return Event("spoils_played", f"spoils: {event.text}", player, event.data)

    # --- the turn's flow ---------------------------------------------------------------------

    def _start_turn(self, state: GameState, events: list[Event], phase: int = 0) -> None:
        """The player on turn begins its turn at ``phase`` (0, or 1 for a state written
        there); :meth:`_pass_phase` goes on."""
        start_turn(state, events, phase)
        # Issue 13 (lasting): "until the player's next turn" ends as that turn begins.
        lasting.expire(state, self.battle.state_facts(state.table), False, events)
        # The Labyrinth Map of Shuuc (c1st3): what escaped before this turn returns at its end.
        fx = self.battle.state_facts(state.table)
        state.returning = escaped(state.table, fx, state.on_turn)
        # The Horned Society (turn2): "until the end of that player's next turn" too.
        state.returning += turn_powers.sent_to_limbo(state, fx, state.on_turn)
        if phase == 0:  # issue 13 (turn2): The Scarlet Brotherhood, "at the start of his turn"
            turn_powers.turn_starts(state, fx, events)
            seen.see_hand(state, fx, events)  # first_c: Ring of All Seeing, Annulus
        self.battle.touch(state.table)

    def _draw(self, state: GameState, events: list[Event]) -> None:
        """Phase 1; RULES.md §1: a player who must draw from an empty draw pile ends the
        game."""
        table = state.table
        fx, side = self.battle.state_facts(table), table.players[state.on_turn]
        extra = extra_draw(side, fx, table.players)  # Points East Trading Guild negates Arkhold
        # c4th5b: The Ring of Winter, "all opponents draw one fewer card" (at least one)
        count = phase_one_draw(side, fx, self.game.draw + extra,
                               [p for p in table.players if p is not side])
        if not draw_phase(state, count, self.game.hand_slots):
            deck_out(state, state.on_turn, events)
        self.battle.touch(state.table)

    def _start_battle(self, state: GameState, events: list[Event]) -> None:
        """Phase 4: a new battle on the table; with no possible attack, on to phase 5."""
        state.table.battle = Battle()
        self.battle.touch(state.table)
        if state.truce is not None or state.no_attack \
                or self._battle_legal(state, state.on_turn) == [NO_ATTACK]:
            state.table.battle = Battle(step="over", outcome="no_attack")
            state.phase = 5
            self.battle.touch(state.table)

    def _advance(self, state: GameState, events: list[Event]) -> None:
        """Pass the phases that ask nothing; check victory after every step. (Whatever changes
        the table drops the battle engine's derived values at once: ``battle.touch``.)"""
        while state.result is None and self._pass_phase(state, events):
            pass

    def _pass_phase(self, state: GameState, events: list[Event]) -> bool:
        """Pass the current phase if it asks nothing; False once somebody must decide or the
        game is over."""
        # RULES.md §1: six unrazed realms win at once, in any phase: a realm played as spoils
        # in phase 4 (seed 001) wins before another attack of the turn (seed 000 end) begins.
        if six_realms(state, events):
            return False
        phase = state.phase
        if phase == 4:
            return self._after_battle(state, events)
        if phase == 1:
            self._draw(state, events)
            return True
        if phase in (0, 2, 3):
            plays = self._turn_plays(state)
            if plays:
                state.cache[("legal", state.on_turn)] = self._with_done(state, plays)
                return False
            state.phase += 1
            if state.phase == 4:
                self._start_battle(state, events)
            return True
        if phase == 5:
            return not state.between and self._end_turn(state, events)
        raise AssertionError(f"phase {phase} in _advance")

    def _after_battle(self, state: GameState, events: list[Event]) -> bool:
        """Phase 4 once a battle is over: its spoils card offered to its owner (seed 001);
        then another attack by a champion whose power allows it (seed 000 end), else on to
        phase 5. False while somebody must decide."""
        if state.table.battle.step != "over":
            return False
        after_battle(state, self.battle.state_facts(state.table), self.turn_actions, events)
        self.battle.touch(state.table)
        if state.spoils is not None:
            return False
        if self._attack_again(state):
            events.append(Event("another_attack", f"player_{state.on_turn} may attack another "
                                                  "realm this turn", state.on_turn))
            return True
        state.phase = 5
        return True

    def _attacks_left(self, state: GameState) -> int | None:
        """Seed 000 (end): "A very few champions allow for attacks against two or even three
        different realms in one turn. Each attack follows the order of steps above." The
        champion that opened this turn's last battle may open another one when its power
        allows it (``attack_again``: twice a turn, or ``amount`` times) and it won that battle
        (Rikus: "if he wins his first round") [decided]. That champion, or ``None``."""
        if not state.attacks or state.table.battle.outcome != "razed":
            return None
        c = state.attacks[-1]
        side = state.table.players[state.on_turn]
        efx = self.battle.state_facts(state.table)[c].get(EffectKind.ATTACK_AGAIN)
        if c not in side.pool or not efx:
            return None
        limit = min(max(max(e.amount for e in efx), 2), MAX_ATTACKS)
        return c if state.attacks.count(c) < limit else None

    def _attack_again(self, state: GameState) -> bool:
        """A new battle for the champion of :meth:`_attacks_left`, when it may attack a realm
        (the attacker may still make no attack: the seed's "allow")."""
        if self._attacks_left(state) is None or state.truce is not None:
            return False
        last = state.table.battle
        state.table.battle = Battle()
        self.battle.touch(state.table)
        if self._battle_legal(state, state.on_turn) == [NO_ATTACK]:
            state.table.battle = last
            self.battle.touch(state.table)
            return False
        return True

    @staticmethod
    def _opener(state: GameState, player: int, action: Action) -> int | None:
        """The champion that ``action`` presents to open a battle (seed 000 step B), read
        before the battle engine applies it: a champion's power may play the whole battle out
        in the same step (Stryck picks the defender, and with no card to play the round ends),
        leaving no champion in the round to read afterwards."""
        side = state.table.players[player]
        if action.kind is ActionKind.CHAMPION_FROM_HAND:
            return side.hand[action.get_int("hand")]
        if action.kind is ActionKind.CHAMPION_FROM_POOL:
            return side.pool[action.get_int("pool")]
        return None

    def _end_turn(self, state: GameState, events: list[Event]) -> bool:
        """Phase 5 done (hand within the limit): the other player's turn, unless the turn
        limit ends the game; False if somebody must decide first or the game is over."""
        limit, sources = self._hand_limit(state, state.on_turn)
        if len(state.table.players[state.on_turn].hand) > limit:
            return False
        if end_of_turn_discard(state, self.battle.state_facts(state.table), events):
            self.battle.touch(state.table)
            return False  # the player on turn chooses the card (Age of Entropy, c1st3)
        if self._cup_open(state):
            return False  # Cup of Al'Akbar (first_c): its owner may discard toward three
        if state.returning:  # "at the end of the player's next turn" (c1st3)
            come_back(state.table, self.battle.state_facts(state.table), state.on_turn,
                      state.returning, self.game.pool_slots, events)
            state.returning = []
            self.battle.touch(state.table)
        if sources:
            events.append(self._hand_limit_event(state, limit, sources))
        if triggers.turn_ends(state, self.battle.state_facts(state.table), self._could_attack,
                              events):
            self.battle.touch(state.table)  # issue 13 (trig): Joliet the Rash must attack
        # Issue 13 (outside): a benched champion is free once its owner's next turn ends.
        for c in [c for c, until in state.benched.items() if until <= state.turn]:
            del state.benched[c]
        for c in [c for c, until in state.attack_barred.items() if until <= state.turn]:
            del state.attack_barred[c]  # Death Fog (out4th): "until after that player's turn"
        # Issue 13 (lasting): "until the end of this player's next turn" ends with that turn.
        if lasting.expire(state, self.battle.state_facts(state.table), True, events):
            self.battle.touch(state.table)
        if turn_limit(state, self.game.max_turns, events):
            return False
        if between.offer(state, self.battle.state_facts(state.table), self.game.hand_slots,
                         events):
            return False  # The Caravan (first_c): a player may take a turn now
        self._next_turn(state, events, None)
        return True

    def _next_turn(self, state: GameState, events: list[Event], caravan: int | None) -> None:
        """The next turn begins: the Caravan's player's, else the one that was due
        (``between.next_player``). Where the same player goes on, the kept turn numbers move to
        the new order, and the cards the other player holds over its limit (spoils of this
        turn's defense, cards given to it) stay allowed until its own phase 5."""
        seen.forget(state, state.on_turn)  # first_c: kept until the owner's turn ends
        nxt = between.next_player(state, caravan)
        again = nxt == state.on_turn
        if again:
            between.shift_turns(state)
        state.turn += 1
        state.on_turn = nxt
        self._start_turn(state, events)
        if again:
            other = 1 - nxt
            state.given = max(len(state.table.players[other].hand)
                              - self.hand_limit(state, other), 0)

    def _could_attack(self, state: GameState, champion: int) -> bool:
        """Whether ``champion``, in the pool of the player on turn, could open an attack on
        some realm now (``must_attack``, issue 13 trig: no truce, no ``no_attack_this_turn``,
        not benched, a realm it may attack: the battle engine's gates)."""
        if state.truce is not None or state.no_attack or champion in state.benched:
            return False
        table = state.table
        j = table.players[state.on_turn].pool.index(champion)
        last, table.battle = table.battle, Battle()
        self.battle.touch(table)
        found = any(j in self.battle.attackers_for(table, s, split=True)[1]
                    for s in range(len(table.players[1 - state.on_turn].realms)))
        table.battle = last
        self.battle.touch(table)
        return found

    def _hand_limit_event(self, state: GameState, limit: int, sources: list[int]) -> Event:
        """The trace of ``hand_size`` powers: the limit the player on turn kept to."""
        p = state.on_turn
        names = ", ".join(self.card_name(state, i) for i in sources)
        return Event("hand_limit", f"player_{p}'s hand limit is {limit} ({names}); it keeps "
                                   f"{len(state.table.players[p].hand)} cards", p,
                     {"limit": limit, "cards": [state.table.cards[i] for i in sources]})

    # --- views -------------------------------------------------------------------------------

    def observe(self, state: GameState, player: int) -> np.ndarray:
        return self.observer.encode(self, state, player)

    def view(self, state: GameState, player: int) -> dict[str, Any]:
        return self.observer.view(self, state, player)

    def render(self, state: GameState, player: int | None = None) -> str:
        return self.observer.render(self, state, player)

    def info(self, state: GameState, player: int) -> dict[str, Any]:
        b = state.table.battle
        return {"result": state.result,
                "winner": None if state.winner is None else f"player_{state.winner}",
                "turn": state.turn, "phase": state.phase, "battle_outcome": b.outcome,
                "outcome": b.outcome}

    def action_label(self, action: int, state: GameState | None = None,
                     player: int | None = None) -> str:
        typed = self.codec.decode(action)
        if not isinstance(typed.kind, GameActionKind):
            return self.battle.action_label(action, None if state is None else state.table,
                                            player)
        label = self.codec.label(action)
        if state is None or player is None or typed.kind is GameActionKind.END_PHASE:
            return label
        try:
            return f"{label}: {self._named(typed.kind, typed.args, state, player)}"
        except (IndexError, KeyError, TypeError):
            return label

    def _named(self, kind: GameActionKind, args: tuple[tuple[str, int | str], ...],
               state: GameState, player: int) -> str:
        """The cards a turn action names (raises when it names none in this state)."""
        side = state.table.players[player]
        named = dict(args)
        if kind is GameActionKind.KEEP_SPOILS:
            if state.spoils is None:
                raise KeyError("spoils")
            return self.card_name(state, state.spoils)
        if kind is GameActionKind.TARGET_REALM:  # side 0: the player's own (outside.py)
            side = state.table.players[player if named["side"] == 0 else 1 - player]
            kind = GameActionKind.REBUILD_REALM
        if kind is GameActionKind.REBUILD_REALM:
            realm = side.realms[int(named["slot"])]
            if realm is None:
                raise KeyError("slot")
            return self.card_name(state, realm)
        if kind is GameActionKind.TARGET_PLAYER:
            return f"player_{player if named['side'] == 0 else 1 - player}"
        if kind is GameActionKind.TARGET_CHAMPION:
            whose = state.table.players[player if named["side"] == 0 else 1 - player]
            return self.card_name(state, whose.pool[int(named["pool"])])
        name = self.card_name(state, side.hand[int(named["hand"])])
        if kind is GameActionKind.ATTACH_ITEM:
            return f"{name} to {self.card_name(state, side.pool[int(named['pool'])])}"
        return name

    def clone(self, state: GameState) -> GameState:
        """An independent copy. Like the battle engine's clone, it keeps each player's legal
        actions when they are known (the step that led here works them out to pass the phases
        that ask nothing; they are handed out as copies; issue 14)."""
        out = GameState(self.battle.clone(state.table), state.realm_played,
                        state.holding_played, state.rebuild_owed, state.spoils,
                        list(state.attacks), state.result, state.winner, state.discard_to,
                        state.truce, list(state.returning), dict(state.lasting_until),
                        state.pending, state.realm_bar, state.no_attack, dict(state.benched),
                        state.given, dict(state.attack_barred), list(state.between),
                        state.due, state.cup, {p: list(c) for p, c in state.seen.items()})
        for key in (("legal", 0), ("legal", 1)):
            if key in state.cache:
                out.cache[key] = state.cache[key]
        return out

    # --- JSON --------------------------------------------------------------------------------

    def to_json(self, state: GameState) -> dict[str, Any]:
        return game_to_json(self.battle, state)

    def from_json(self, data: Mapping[str, Any], *, schema: bool = True) -> GameState:
        """Read a game state: the battle-mode format plus ``"mode": "game"`` and a ``game``
        object (``docs/spellfire_game.md``). A state at phase 0, 1 or 5 that asks nothing goes
        on to the next decision (:meth:`_settle`); a state where nobody can move, or that
        breaks another invariant of the game, is refused naming it (issue 16). ``schema=False``
        as in the battle engine's ``from_json``."""
        state = game_from_json(self.battle, data, schema)
        self._settle(state)
        refuse_broken(self._load_problems(state))
        return state

    def _settle(self, state: GameState) -> None:
        """A hand-written state at a phase that asks nothing goes on by itself to the next
        decision (issue 13), as a played game would: phases 0 and 1 start the turn (rule cards,
        the draw), phase 5 with a hand within the limit ends it (RULES.md §1)."""
        if state.result is not None or state.phase not in (0, 1, 5):
            return
        events: list[Event] = []
        if state.phase != 5:
            self._start_turn(state, events, state.phase)
        self._advance(state, events)

    def _load_problems(self, state: GameState) -> list[str]:
        """The invariants a state read from JSON must keep (issue 16): the soak's
        :meth:`check_invariants` less the formation order (a card may empty a slot)."""
        problems = self._end_problems(state)
        problems += self._hand_and_pool_problems(state)
        problems += [p for p in self._formation_problems(state) if "not filled in order" not in p]
        for p, side in enumerate(state.table.players):
            if len(side.hand) > self.turn_actions.hand_slots:
                # hand_slots holds hand_limit + draw + four spoils (GameConfig check).
                problems.append(f"player_{p} holds {len(side.hand)} cards (hand_slots "
                                f"{self.turn_actions.hand_slots})")
        if state.result is None and not self.to_act(state):
            problems.append(f"phase {state.phase} of a running game but nobody is to act")
        problems += [f"player_{p} must act in phase {state.phase} but has no legal action"
                     for p in self.to_act(state) if not self.legal_actions(state, p)]
        return problems

    # --- invariants --------------------------------------------------------------------------

    def check_invariants(self, state: GameState, start: GameState) -> list[str]:
        problems = self.battle.check_invariants(state.table, start.table)
        problems += self._end_problems(state)  # six unrazed realms end the game (RULES.md §1)
        problems += self._hand_and_pool_problems(state)
        problems += self._formation_problems(state)
        for p in self.to_act(state):
            if not self.legal_actions(state, p):
                problems.append(f"player_{p} must act but has no legal action")
        if state.phase not in range(6):
            problems.append(f"phase {state.phase}")
        if state.result is None and state.phase != 4 and state.table.battle.step != "over":
            problems.append(f"a battle in progress in phase {state.phase}")
        if (state.result is None) != (not self.is_over(state)):
            problems.append("result and is_over disagree")
        return problems

    def _end_problems(self, state: GameState) -> list[str]:
        """A game that the rules have ended has its result (RULES.md §1), and only then a
        winner."""
        if state.result is None:
            problems = [f"player_{p} has six unrazed realms: the game is over, but result is "
                        "null" for p, side in enumerate(state.table.players)
                        if None not in side.realms and True not in side.razed]
            if state.winner is not None:
                problems.append("a winner but no result")
            if state.turn > self.game.max_turns:
                problems.append(f"turn {state.turn} is past max_turns {self.game.max_turns}: "
                                "the game is over, but result is null")
            return problems
        if state.result == "turn_limit" and state.winner is not None:
            return ["the turn limit ends a game with no winner"]
        return []

    def _hand_and_pool_problems(self, state: GameState) -> list[str]:
        """The hand limit after the other player's phase 5; pools within their slots."""
        problems = []
        other = 1 - state.on_turn
        # The other player's limit when its phase 5 ended: at most the config's plus every
        # hand_size it owns (a realm razed since then lowered it).
        fx = self.battle.state_facts(state.table)
        limit = self.game.hand_limit + sum(
            max(e.amount, 0) for i, o in enumerate(state.table.owner) if o == other
            for e in fx[i].get(EffectKind.HAND_SIZE))
        extra = 1 if state.phase >= 4 else 0  # a defender's spoils in this turn's battle
        extra += state.given  # drawn by the player on turn's power (Treasure Fleet)
        held = len(state.table.players[other].hand)
        if state.result is None and held > limit + extra:
            problems.append(f"player_{other} holds {held} cards after its phase 5 (limit "
                            f"{limit})")
        slots = self.turn_actions.pool_slots
        for p, side in enumerate(state.table.players):
            if len(side.pool) > slots:
                problems.append(f"player_{p}: {len(side.pool)} champions in the pool "
                                f"(pool_slots {slots})")
        return problems

    def _formation_problems(self, state: GameState) -> list[str]:
        """One realm of a name in play; one rule card in play on the whole table (RULES.md
        §1)."""
        problems = []
        if sum(len(side.rule) for side in state.table.players) > 1:
            problems.append("more than one rule card in play")
        fx = self.battle.state_facts(state.table)
        names: list[str] = []
        # Realms fill the pyramid in order, but a card may empty a slot (Iuz the Evil discards
        # a razed realm after the battle, seed 001 "razed or discarded"; Cataclysm!,
        # ``discard_realm``, discards one by card play): turn.py refills the hole first.
        for side in state.table.players:
            names += [fx[r].name for r in side.realms if r is not None]
        dup = sorted({n for n in names if names.count(n) > 1})
        if dup:
            problems.append(f"realms in play more than once: {dup}")
        return problems


def make_game_engine(**config: Any) -> SpellfireGameEngine:
    """The whole-game engine, configured by :class:`GameConfig` options."""
    return SpellfireGameEngine(GameConfig.from_kwargs(**config))
