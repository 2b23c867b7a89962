"""The pure rules engine of a Spellfire battle (seeds 000, 001, 002 and RULES.md §1).

One episode is one battle, from the attacker's phase 4 to the end of the battle:

A. The attacker picks a realm of the defender it is able to attack: exposed (no standing realm
   in front of it), or reachable by a champion's movement power (flyer: any realm unless barred;
   swimmer: a coastal realm; earthwalker: any unless barred). It makes no attack only when it
   cannot attack, or when it chooses not to (seed 000: the acting player *can* attack; the
   config's ``optional_attack``, on by default, may be turned off to force an attack).
B. It presents a champion from its hand or pool (no cards added now; a pool champion brings its
   attachments). A champion that attacked this turn may not attack again unless its power says
   so (``attack_again``).
C. The defender presents a champion from hand or pool, lets a realm that can defend itself do
   so, or declines: the realm is razed and the attacker draws spoils (seed 001).
D. Powers activate in seed 002's order (:mod:`.activation`); a champion power that ends the round
   at once (``destroy_champion``, ``win_round``) does so, the attacker's first.
E. Totals (:mod:`.totals`); ties go to the defender.
F. The losing side plays one card at a time (or passes) until it is winning; after each card
   that leaves it still losing, the winning side may play an event or a play-at-any-time card
   ([decided]: this is the "back and forth" of step F, offered only when the winner holds such
   a card). When the losing side passes (or cannot play), the round is over.
G.-H. The higher total wins the round (ties to the defender). The winner's champion returns to
   its pool with its attachments (magical items and artifacts played in the round included);
   its allies, spells and events are discarded. The loser discards everything it used.
I. If the attacker won, the realm is razed -- unless it must be defeated twice
   (``defeat_twice``) and this was the first defeat: then the attacker may present another
   champion for the same realm (or end the attack) and the defender chooses again. If the
   attacker lost, the battle is over.
J. Spoils (seed 001): the attacker draws if the realm was razed or discarded by any means; the
   defender draws if the attacking champion was defeated and discarded. Both champions
   discarded: no spoils. A spoils card is played at once where allowed (champion into the pool,
   realm into an empty formation slot, holding onto a standing realm, item or artifact onto a
   pool champion), else it goes to the hand.

Mid-round card play (seed 001): a realm razed or discarded by a card ends the battle, both
champions return to their pools, the attacker draws spoils; an attacking champion discarded by a
card ends the battle with spoils for the defender; both champions discarded: nobody wins and
nobody draws; a defending champion discarded by a card loses the round ([decided]).

Reward: +1 to the attacker and -1 to the defender when the realm is razed (or discarded), the
reverse when the attack is repelled, 0 otherwise (no attack, no winner, or an attack ended
before a realm that must be defeated twice fell) [decided].

The engine class is a thin coordinator; the rules live by role in functions over the state and
the facts of its cards: legal plays (who acts, attacks, defence, card play) in :mod:`.legal`,
activation order and totals in :mod:`.activation` and :mod:`.totals`, invariants in
:mod:`.invariants`. Observers (:mod:`.observation`) and the JSON format (:mod:`.serial`) read the
state and what the engine passes them, never the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ...core.codec import Action
from ...core.engine import Engine, Event, GameSpec
from ...core.errors import StateError
from ...core.native import mypyc_attr
from ...core.schema import refuse_broken
from ..cards.cards import Card
from . import legal
from .actions import ActionKind, ActionSet, named_card
from .config import SpellfireConfig
from .context import KEPT, Context, end_step, touch
from .deal import Dealer, DeckSource, load_source
from .facts import Facts, facts_of
from .invariants import battle_problems, zone_problems
from .labyrinth import carriers, escape
from .observation import CARD_FEATURES, Seen, SpellfireObserver, card_features
from .round import (
    attack_realm,
    decline,
    no_attack,
    pass_turn,
    play_card,
    present,
    realm_defends,
    resolve_card,
)
from .rule_cards import in_round, to_the_abyss
from .serial import state_from_json, state_to_json
from .state import Side, SpellfireState, exposed
from .totals import RoundSide, reach, sides_of, totals_of

NAME = "spellfire"


@mypyc_attr(allow_interpreted_subclasses=True)  # subclassable (core/native.py)
class SpellfireEngine(Engine[SpellfireState]):
    """Rules of one Spellfire battle (see the module docstring)."""

    def __init__(self, config: SpellfireConfig | None = None,
                 source: DeckSource | None = None) -> None:
        self.config = config or SpellfireConfig()
        self.config.validate()
        self._source = source
        self.catalog: dict[str, Card] = {}
        for card in self.config.extra_cards:
            self.catalog[card.key] = card
        self._facts: dict[str, Facts] = {}
        self._features: dict[str, np.ndarray] = {}
        self._dealer: Dealer | None = None
        self.spoils_at_once = True
        """Spoils played at once where allowed (battle mode); the whole game sets False and
        lets the winner choose (seed 001)."""
        self._matrices: dict[tuple[str, ...], np.ndarray] = {}
        self.actions = ActionSet(self.config.hand_slots, self.config.pool_slots)
        self.codec = self.actions.codec()
        self.observer = SpellfireObserver(self.actions)
        self.layout = self.observer.layout
        h = self.config.hand_slots
        # One realm choice, then per round (at most two: defeat_twice) a champion each and at
        # most three decisions per card played (play, the winner's window, a pass) from two
        # hands that only shrink.
        self.spec = GameSpec(
            name=NAME, title="Spellfire: Master the Magic (battle)", version=0, num_players=2,
            num_actions=self.actions.n, obs_size=self.layout.size,
            max_decisions=1 + 2 * 4 + 3 * 2 * h + 2, utility_range=(-1.0, 1.0),
            simultaneous=False, gym_id="combatzoo/Spellfire-v0")

    # --- cards -------------------------------------------------------------------------------

    @property
    def source(self) -> DeckSource:
        """The pack the decks are dealt from (loaded on first use)."""
        if self._source is None:
            self._source = load_source(self.config)
        return self._source

    def card(self, key: str) -> Card:
        """The card with ``key`` (extra cards first, then the pack)."""
        found = self.catalog.get(key)
        if found is None:
            found = self.source.cards.get(key)
            if found is None:
                raise KeyError(key)
            self.catalog[key] = found
        return found

    def knows(self, key: str) -> bool:
        """Whether ``key`` names a card of the pack or of the config's extra cards."""
        try:
            self.card(key)
        except KeyError:
            return False
        return True

    def facts(self, key: str) -> Facts:
        """The rules' reading of the card ``key`` (:class:`.facts.Facts`, cached per key)."""
        found = self._facts.get(key)
        if found is None:
            found = self._facts[key] = facts_of(self.card(key))
        return found

    def card_features(self, key: str) -> np.ndarray:
        """The observation features of one card (cached per key)."""
        found = self._features.get(key)
        if found is None:
            found = self._features[key] = card_features(self.card(key), self.facts(key))
        return found

    def feature_matrix(self, state: SpellfireState) -> np.ndarray:
        """Observation features of every card instance, plus a zero row for empty slots
        (cached per card list: a deck pair always gives the same list)."""
        found = state.cache.get("features")
        if found is None:
            key = tuple(state.cards)
            found = self._matrices.get(key)
            if found is None:
                if len(self._matrices) > 1024:
                    self._matrices.clear()
                rows = [self.card_features(k) for k in state.cards]
                rows.append(np.zeros(CARD_FEATURES, dtype=np.float32))
                found = self._matrices[key] = np.stack(rows)
                found.flags.writeable = False
            state.cache["features"] = found
        return found

    def state_facts(self, state: SpellfireState) -> list[Facts]:
        """Facts of every card instance of ``state`` (kept with the state's cache)."""
        found = state.cache.get("facts")
        if found is None:
            found = state.cache["facts"] = [self.facts(k) for k in state.cards]
        return found  # type: ignore[no-any-return]

    # --- setup -------------------------------------------------------------------------------

    def new_game(self, rng: np.random.Generator) -> SpellfireState:
        if self._dealer is None:
            self._dealer = Dealer(self.source, self.facts)
        return self._dealer.deal(self.config, rng)

    # --- turn protocol (legal plays: :mod:`.legal`) ------------------------------------------

    def to_act(self, state: SpellfireState) -> list[int]:
        return legal.to_act(state)

    def legal_actions(self, state: SpellfireState, player: int) -> list[int]:
        key = ("legal", player)
        found = state.cache.get(key)
        if found is None:
            found = state.cache[key] = legal.legal_actions(
                state, self.state_facts(state), player, self.actions,
                self.config.optional_attack)
        return list(found)

    def is_over(self, state: SpellfireState) -> bool:
        return state.battle.step == "over"

    def returns(self, state: SpellfireState) -> list[float]:
        b = state.battle
        if b.step != "over" or b.winner is None or b.outcome not in ("razed", "repelled"):
            return [0.0, 0.0]
        return [1.0, -1.0] if b.winner == 0 else [-1.0, 1.0]

    # --- what may be attacked, presented and played (:mod:`.legal`) ---------------------------

    @staticmethod
    def exposed(side: Side, slot: int) -> bool:
        """No standing realm shields ``slot`` (RULES.md §1 "Table": razed realms shield
        nothing)."""
        return exposed(side, slot)

    def can_attack(self, state: SpellfireState, champion: Facts, slot: int,
                   moves: frozenset[str] | None = None) -> bool:
        """Whether ``champion`` may attack the defender's realm in ``slot`` (seed 000 step A;
        RULES.md §1 movement powers)."""
        return legal.can_attack(state, self.state_facts(state), champion, slot, moves)

    def _moves(self, state: SpellfireState, player: int, champion: int) -> frozenset[str]:
        """Movement kinds of a champion, its attachments' included (:func:`.legal.movement`)."""
        return legal.movement(state, self.state_facts(state), player, champion)

    def attackers_for(self, state: SpellfireState, slot: int, split: bool = False) -> Any:
        """Champions the attacker may present against ``slot``: hand slots, pool slots
        (``split``), or whether there is any."""
        hand, pool = legal.attackers_for(state, self.state_facts(state), slot, self.actions)
        if split:
            return hand, pool
        return bool(hand or pool)

    def uses_of(self, state: SpellfireState, player: int) -> frozenset[str]:
        """What ``player``'s side may use in this round (RULES.md §1 "Combat")."""
        return legal.uses_of(state, self.state_facts(state), player)

    def _sides(self, state: SpellfireState) -> tuple[RoundSide, RoundSide]:
        """(attacker's, defender's) :class:`RoundSide` (cached until the state changes)."""
        return sides_of(state, self.state_facts(state))

    def _playable(self, state: SpellfireState, player: int, window: bool) -> list[int]:
        """Hand slots ``player`` may play into the round now (:func:`.legal.playable`)."""
        return legal.playable(state, self.state_facts(state), player, window,
                              self.actions.hand_slots)

    def totals(self, state: SpellfireState) -> list[int]:
        """Level totals per player of the current round (cached until the state changes)."""
        return totals_of(state, self.state_facts(state))

    # --- applying actions --------------------------------------------------------------------

    def _apply(self, state: SpellfireState, actions: Mapping[int, int]) -> list[Event]:
        """One decision, by its typed kind (seed 000 steps A-F; :mod:`.round`, :mod:`.judge`)."""
        (player, action), = actions.items()
        act = self.decode_action(action)
        ctx = self._context(state)
        touch(state)
        events: list[Event] = []
        kind = act.kind
        # played_to_abyss (c1st3): the cards in the round before the step, and the one played.
        played = in_round(state) + ([state.players[player].hand[act.get_int("hand")]]
                                    if kind is ActionKind.PLAY_CARD else [])
        escapees = carriers(state, ctx.facts, played[-1:] if kind is ActionKind.PLAY_CARD
                            else ()) if reach(state, ctx.facts).escapes else []
        if kind is ActionKind.ATTACK_REALM:
            attack_realm(state, ctx, act.get_int("slot"), events)
        elif kind is ActionKind.NO_ATTACK:
            no_attack(state, ctx, events)
        elif kind is ActionKind.CHAMPION_FROM_HAND:
            present(state, ctx, player, "hand", act.get_int("hand"), events)
        elif kind is ActionKind.CHAMPION_FROM_POOL:
            present(state, ctx, player, "pool", act.get_int("pool"), events)
        elif kind is ActionKind.DECLINE:
            decline(state, ctx, events)
        elif kind is ActionKind.REALM_DEFENDS:
            realm_defends(state, ctx, events)
        elif kind is ActionKind.PLAY_CARD:
            play_card(state, ctx, player, act.get_int("hand"), events)
        elif kind is ActionKind.PASS:
            pass_turn(state, ctx, player, events)
        else:
            raise ValueError(f"not a battle action: {action} ({act.to_json()})")
        moved = to_the_abyss(state, ctx.facts, {*played, *in_round(state)}, events)
        if escape(state, ctx.facts, escapees, events) or moved:
            touch(state)
        end_step(state)
        return events

    def _context(self, state: SpellfireState) -> Context:
        """What resolution reads besides the state (:class:`.context.Context`)."""
        return Context(self.state_facts(state), self._playable, self.attackers_for,
                       self.spoils_at_once, self.actions.hand_slots)

    def card_name(self, state: SpellfireState, inst: int) -> str:
        """The name of card instance ``inst``."""
        return self.facts(state.cards[inst]).name

    @staticmethod
    def touch(state: SpellfireState) -> None:
        """The state changed within a step: drop what was derived from it (not the card
        list's facts and features)."""
        touch(state)

    def _resolve_card(self, state: SpellfireState, player: int, slot: int,
                      events: list[Event]) -> bool:
        """Play hand card ``slot`` into the round and resolve what it does; True if that ended
        the round or the battle (:func:`.round.resolve_card`)."""
        return resolve_card(state, self._context(state), player, slot, events)

    def play_margins(self, state: SpellfireState, player: int) -> dict[int, int]:
        """For each legal card play of ``player``: its total minus the opponent's right after
        the card (100 if the card wins the round or the battle at once, -100 if it loses it).
        Only what the card itself does counts, never how the opponent could answer (its hand
        is hidden)."""
        return {a: self._margin(state, player, act.get_int("hand"))
                for a, act in self._typed_legal(state, player)
                if act.kind is ActionKind.PLAY_CARD}

    def _margin(self, state: SpellfireState, player: int, slot: int) -> int:
        """What playing hand card ``slot`` leaves ``player`` (see :meth:`play_margins`)."""
        clone = self.clone(state)
        if not self._resolve_card(clone, player, slot, []):
            t = self.totals(clone)
            return t[player] - t[1 - player]
        b = clone.battle
        if b.step == "over" and b.outcome != "attack_ended":
            return 0 if b.winner is None else (100 if b.winner == player else -100)
        # The attacker won the round against a realm that must be defeated twice: whether it
        # can attack again depends on its hand, hidden from the defender, so both cases read
        # the same.
        return 100 if player == state.attacker else -100

    def _typed_legal(self, state: SpellfireState, player: int) -> list[tuple[int, Action]]:
        """``player``'s legal battle actions: (id, typed action) each. The battle's own codec
        decodes them (a whole-game engine built on this one widens ``codec``; its battle ids
        are these)."""
        codec = self.codec
        return [(a, codec.decode(a)) for a in self.legal_actions(state, player) if a < codec.n]

    # --- views (:mod:`.observation`) -----------------------------------------------------------

    def seen(self, state: SpellfireState, player: int | None, detail: bool = False) -> Seen:
        """What the observer shows of ``state`` from ``player``'s seat (``None``: nobody's):
        the facts and features of the card instances, the player's legal action ids, the
        round's totals; with ``detail`` (the JSON view) the legal entries and the margin of
        each card play."""
        cards = state.battle.step == "cards"
        legal_ids: list[int] = []
        entries: list[dict[str, Any]] = []
        margins = None
        to_act = player is not None and player in self.to_act(state)
        if player is not None and to_act:
            legal_ids = self.legal_actions(state, player)
            if detail:
                entries = self.legal_entries(state, player)
                margins = self.play_margins(state, player) if cards else None
        return Seen(self.state_facts(state), self.feature_matrix(state), to_act, legal_ids,
                    self.totals(state) if cards else None, entries, margins)

    def observe(self, state: SpellfireState, player: int) -> np.ndarray:
        key = ("obs", player)
        found = state.cache.get(key)
        if found is None:
            found = state.cache[key] = self.observer.encode(state, player,
                                                            self.seen(state, player))
        return found.copy()  # type: ignore[no-any-return]

    def view(self, state: SpellfireState, player: int) -> dict[str, Any]:
        return self.observer.view(state, player, self.seen(state, player, detail=True))

    def render(self, state: SpellfireState, player: int | None = None) -> str:
        return self.observer.render(state, player, self.seen(state, player))

    def info(self, state: SpellfireState, player: int) -> dict[str, Any]:
        b = state.battle
        return {"outcome": b.outcome, "winner": b.winner, "rounds": b.round}

    def action_label(self, action: int, state: SpellfireState | None = None,
                     player: int | None = None) -> str:
        """The action's label; with a state and a player, followed by the name of the card it
        presents, plays or attacks (``"Play hand 2: Fireball"``)."""
        label = self.codec.label(action)
        if state is None or player is None:
            return label
        card = named_card(self.codec.decode(action), state, player)
        return label if card is None else f"{label}: {self.card_name(state, card)}"

    def clone(self, state: SpellfireState) -> SpellfireState:
        """An independent copy. It keeps the derived values that hold for an equal state and
        that nobody changes in place: the card list's facts and features, and each player's
        legal actions (handed out as copies), so that a search copying a state whose legal
        actions are known does not work them out again (issue 14)."""
        out = state.copy()
        cache = state.cache
        for k in (*KEPT, ("legal", 0), ("legal", 1)):
            if k in cache:
                out.cache[k] = cache[k]
        return out

    # --- JSON (:mod:`.serial`) -----------------------------------------------------------------

    def to_json(self, state: SpellfireState) -> dict[str, Any]:
        return state_to_json(state, self.spec.version)

    def from_json(self, data: Mapping[str, Any], *, schema: bool = True) -> SpellfireState:
        """Read a state (format: ``docs/spellfire.md``); errors name the field. ``schema=False``
        skips the schema check of the fields' types and ranges (not the invariants), for a
        state this package built itself (:mod:`combatzoo.agents.samplers.spellfire`)."""
        state = state_from_json(data, self.knows, self.facts, schema)
        problems = zone_problems(state)
        if problems:
            raise StateError("state", "; ".join(problems))
        refuse_broken(self.check_invariants(state, state))  # issue 16: somebody can move
        return state

    # --- invariants (:mod:`.invariants`) -------------------------------------------------------

    def check_invariants(self, state: SpellfireState, start: SpellfireState) -> list[str]:
        return zone_problems(state) + battle_problems(state, start, self.to_act,
                                                      self.legal_actions)
