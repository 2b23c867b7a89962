"""The pure rules engine of a Spellfire battle (seeds 000, 001, 002 and RULES.md §1).

One episode is one battle, from the attacker's phase 4 to the end of the battle:

A. The attacker picks a realm of the defender it is able to attack: exposed (no standing realm
   in front of it), or reachable by a champion's movement power (flyer: any realm unless barred;
   swimmer: a coastal realm; earthwalker: any unless barred). It makes no attack only when it
   cannot attack, or when the config's ``optional_attack`` allows it ([decided]: off by
   default, battle mode is about the battle).
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
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

import numpy as np

from ...core.codec import Action, ActionCodec
from ...core.engine import Engine, Event, GameSpec
from ...core.errors import StateError
from ..cards.cards import Card, CardType
from ..cards.effects import EffectKind, When
from .actions import ATTACK_BASE, NO_ATTACK, ActionKind, ActionSet
from .config import SpellfireConfig
from .context import Context, touch
from .deal import Dealer, DeckSource, load_source
from .facts import Facts, artifact_fits, champion_uses, facts_of, holds
from .observation import CARD_FEATURES, SpellfireObserver, card_features
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
from .serial import state_from_json, state_to_json
from .state import COVERED_BY, SLOTS, Side, SpellfireState
from .totals import RoundSide, round_sides, side_totals

NAME = "spellfire"
KEPT = ("facts", "features")
"""Cache entries that depend only on the card list (kept across steps and clones)."""


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
        try:
            self.card(key)
        except KeyError:
            return False
        return True

    def facts(self, key: str) -> Facts:
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

    # --- turn protocol -----------------------------------------------------------------------

    def to_act(self, state: SpellfireState) -> list[int]:
        step = state.battle.step
        if step in ("realm", "attacker"):
            return [state.attacker]
        if step == "defender":
            return [state.defender]
        if step == "cards":
            return [state.battle.to_play]  # type: ignore[list-item]
        return []

    def legal_actions(self, state: SpellfireState, player: int) -> list[int]:
        key = ("legal", player)
        found = state.cache.get(key)
        if found is None:
            found = state.cache[key] = self._legal(state, player)
        return list(found)

    def _legal(self, state: SpellfireState, player: int) -> list[int]:
        b = state.battle
        if player not in self.to_act(state):
            return []
        acts = self.actions
        side = state.players[player]
        if b.step == "realm":
            attacks = [ATTACK_BASE + slot for slot in range(6)
                       if self.attackers_for(state, slot)]
            if self.config.optional_attack or not attacks:
                return [NO_ATTACK, *attacks]
            return attacks
        if b.step == "attacker":
            out = [NO_ATTACK] if b.defeats > 0 else []
            assert b.realm is not None
            hand, pool = self.attackers_for(state, b.realm, split=True)
            out += [acts.hand_champion_base + i for i in hand]
            out += [acts.pool_champion_base + j for j in pool]
            return sorted(out)
        if b.step == "defender":
            fx = self.state_facts(state)
            barred = self._barred_defenders(state)
            out = [acts.hand_champion_base + i for i, c in enumerate(side.hand)
                   if i < acts.hand_slots and fx[c].is_champion
                   and int(fx[c].type) not in barred]
            out += [acts.pool_champion_base + j for j, c in enumerate(side.pool)
                    if j < acts.pool_slots and int(fx[c].type) not in barred]
            out.append(acts.decline)
            if self._realm_can_defend(state):
                out.append(acts.realm_defends)
            return out
        if b.step == "cards":
            return [acts.play_base + i for i in self._playable(state, player, b.window)] + [
                acts.pass_]
        return []

    def _barred_defenders(self, state: SpellfireState) -> frozenset[int]:
        """Champion types that may not defend this realm (``defenders_barred`` on the realm or
        its holding, or on the attacking champion and its attachments)."""
        fx = self.state_facts(state)
        b = state.battle
        cards: list[Facts] = []
        home = state.players[state.defender]
        if b.realm is not None:
            cards += [fx[i] for i in (home.realms[b.realm], home.holdings[b.realm])
                      if i is not None]
        c = b.champion[state.attacker]
        if c is not None:
            cards.append(fx[c])
            cards += [fx[i] for i in state.players[state.attacker].attached.get(c, ())]
        out: set[int] = set()
        for f in cards:
            for e in f.get(EffectKind.DEFENDERS_BARRED):
                out.update(e.card_types)
        return frozenset(out)

    def is_over(self, state: SpellfireState) -> bool:
        return state.battle.step == "over"

    def returns(self, state: SpellfireState) -> list[float]:
        b = state.battle
        if b.step != "over" or b.winner is None or b.outcome not in ("razed", "repelled"):
            return [0.0, 0.0]
        return [1.0, -1.0] if b.winner == 0 else [-1.0, 1.0]

    # --- what may be attacked, presented and played ------------------------------------------

    @staticmethod
    def exposed(side: Side, slot: int) -> bool:
        """No standing realm shields ``slot`` (RULES.md §1 "Table": razed realms shield
        nothing)."""
        return all(side.realms[s] is None or side.razed[s] for s in COVERED_BY[slot])

    def _gate(self, state: SpellfireState, slot: int) -> tuple[bool, frozenset[str],
                                                               frozenset[int],
                                                               frozenset[str] | None, bool]:
        """What the defender's realm in ``slot`` asks of an attacker (``None`` if it cannot be
        attacked at all): exposed; movement kinds and champion types it bars
        (``not_attackable_by``, read literally: even from an exposed slot); the movement kinds
        it is attackable by only (``only_attackable_by``); coastal. Holdings count too."""
        home = state.players[state.defender]
        realm = home.realms[slot]
        if realm is None or home.razed[slot]:
            return None  # type: ignore[return-value]
        fx = self.state_facts(state)
        exposed = self.exposed(home, slot)
        cards = [fx[realm]]
        holding = home.holdings[slot]
        if holding is not None:
            cards.append(fx[holding])
        bars_moves: set[str] = set()
        bars_types: set[int] = set()
        only: set[str] | None = None
        for f in cards:
            for e in f.get(EffectKind.NOT_ATTACKABLE_BY):
                bars_moves.update(e.movement)
                bars_types.update(e.card_types)
            for e in f.get(EffectKind.ONLY_ATTACKABLE_BY):
                if e.condition.when is not When.ATTACKING:
                    only = (only or set()) | set(e.movement)
        return (exposed, frozenset(bars_moves), frozenset(bars_types),
                None if only is None else frozenset(only), fx[realm].card.coastal)

    def _moves(self, state: SpellfireState, player: int, champion: int) -> frozenset[str]:
        """Movement kinds of a champion: its own and those its attachments give
        (``gain_movement``)."""
        fx = self.state_facts(state)
        moves = fx[champion].moves
        for a in state.players[player].attached.get(champion, ()):
            for e in fx[a].get(EffectKind.GAIN_MOVEMENT):
                moves = moves | frozenset(e.movement)
        return moves

    def can_attack(self, state: SpellfireState, champion: Facts, slot: int,
                   moves: frozenset[str] | None = None) -> bool:
        """Whether ``champion`` may attack the defender's realm in ``slot`` (seed 000 step A;
        RULES.md §1 movement powers)."""
        gate = self._gate(state, slot)
        if gate is None:
            return False
        return self._passes(gate, champion, champion.moves if moves is None else moves)

    @staticmethod
    def _passes(gate: tuple[bool, frozenset[str], frozenset[int], frozenset[str] | None, bool],
                champion: Facts, moves: frozenset[str]) -> bool:
        exposed, bars_moves, bars_types, only, coastal = gate
        if champion.cannot_attack or int(champion.type) in bars_types or moves & bars_moves:
            return False
        if only is not None and not moves & only:
            return False
        if exposed:
            return True
        return "flyer" in moves or "earthwalker" in moves or ("swimmer" in moves and coastal)

    def attackers_for(self, state: SpellfireState, slot: int, split: bool = False) -> Any:
        """Champions the attacker may present against ``slot``: hand slots, pool slots
        (``split``), or whether there is any."""
        gate = self._gate(state, slot)
        if gate is None:
            return ([], []) if split else False
        hand, pool = self._available(state)
        hand_ok = [i for i, f, m in hand if self._passes(gate, f, m)]
        pool_ok = [j for j, f, m in pool if self._passes(gate, f, m)]
        if split:
            return hand_ok, pool_ok
        return bool(hand_ok or pool_ok)

    def _available(self, state: SpellfireState) -> tuple[list[tuple[int, Facts, frozenset[str]]],
                                                         list[tuple[int, Facts,
                                                                    frozenset[str]]]]:
        """The attacker's champions that may attack now: (slot, facts, movement kinds) in hand
        and in the pool (not those that attacked this turn, unless ``attack_again``)."""
        found = state.cache.get("available")
        if found is None:
            fx = self.state_facts(state)
            att = state.attacker
            side = state.players[att]
            hand = [(i, fx[c], fx[c].moves) for i, c in
                    enumerate(side.hand[:self.actions.hand_slots]) if fx[c].is_champion]
            pool = [(j, fx[c], self._moves(state, att, c)) for j, c in
                    enumerate(side.pool[:self.actions.pool_slots])
                    if c not in side.attacked or EffectKind.ATTACK_AGAIN in fx[c].effects]
            found = state.cache["available"] = (hand, pool)
        return found  # type: ignore[no-any-return]

    def _realm_can_defend(self, state: SpellfireState) -> bool:
        b = state.battle
        assert b.realm is not None
        realm = state.players[state.defender].realms[b.realm]
        return realm is not None and self.facts(state.cards[realm]).level > 0

    def uses_of(self, state: SpellfireState, player: int) -> frozenset[str]:
        """What ``player``'s side may use in this round (RULES.md §1 "Combat")."""
        fx = self.state_facts(state)
        b = state.battle
        attacking = player == state.attacker
        c = b.champion[player]
        grants: list[Facts] = []
        self_type = None
        if b.realm is not None:
            home = state.players[state.defender]
            realm = home.realms[b.realm]
            for i in (realm, home.holdings[b.realm]):
                if i is not None:
                    grants.append(fx[i])
            if c is None and b.realm_defends and not attacking and realm is not None:
                self_type = fx[realm].self_defense_type
        ctx = self._sides(state)[0 if attacking else 1].opponent
        return champion_uses(fx[c] if c is not None else None, self_type, attacking, grants, ctx)

    def _sides(self, state: SpellfireState) -> tuple[RoundSide, RoundSide]:
        """(attacker's, defender's) :class:`RoundSide` (cached until the state changes)."""
        found = state.cache.get("sides")
        if found is None:
            found = state.cache["sides"] = round_sides(state, self.state_facts(state))
        return found  # type: ignore[no-any-return]

    def _playable(self, state: SpellfireState, player: int, window: bool) -> list[int]:
        """Hand slots ``player`` may play into the round now (step F; ``window``: only events
        and play-at-any-time cards, seed 000 step F)."""
        fx = self.state_facts(state)
        b = state.battle
        side = state.players[player]
        codes = self.uses_of(state, player)
        champion = b.champion[player]
        bars = self._bars(state, player)
        out = []
        for i, inst in enumerate(side.hand[:self.actions.hand_slots]):
            f = fx[inst]
            if f.needs is None or not f.playable_in_battle_phase:
                continue
            if window and not f.any_time:
                continue
            if f.needs and not (f.needs & codes):
                continue
            if bars and self._barred(f, bars):
                continue
            if f.type in (CardType.MAGICAL_ITEM, CardType.ARTIFACT):
                if champion is None:  # a realm defending itself takes no items (RULES.md §1)
                    continue
                if f.type == CardType.ARTIFACT and not artifact_fits(
                        f, fx[champion], [fx[a] for a in side.attached.get(champion, ())]):
                    continue
            out.append(i)
        return out

    def _bars(self, state: SpellfireState, player: int) -> list[tuple[str, Any]]:
        """What the round's cards forbid ``player`` to play: ``("allies", effect)`` (opposing
        ``allies_barred``; a ``destroy_allies`` power of a card already in the round counts as
        one [decided]: such an ally would be destroyed on arrival), ``("own_allies", None)``,
        ``("spells", None)`` (opposing ``spells_barred``, anybody's ``no_spells``),
        ``("allies_limit", n)``."""
        a, d = self._sides(state)
        me, other = (a, d) if player == a.player else (d, a)
        out: list[tuple[str, Any]] = []
        b = state.battle
        fx = self.state_facts(state)
        theirs = [f for f in (other.champion, *other.cards) if f is not None and f.restricts]
        mine = [f for f in (me.champion, *me.cards) if f is not None and f.restricts]
        if not theirs and not mine:
            return []
        for f in theirs:
            for e in f.get(EffectKind.ALLIES_BARRED):
                if holds(e.condition, other.attacking, other.opponent):
                    out.append(("allies", e))
            if f.type != CardType.EVENT and f.type not in (CardType.WIZARD_SPELL,
                                                           CardType.CLERIC_SPELL):
                for e in f.get(EffectKind.DESTROY_ALLIES):
                    if holds(e.condition, other.attacking, other.opponent):
                        out.append(("allies", e))
            for e in f.get(EffectKind.SPELLS_BARRED):
                if holds(e.condition, other.attacking, other.opponent):
                    out.append(("spells", None))
            for e in f.get(EffectKind.ALLIES_LIMIT):
                out.append(("allies_limit", e.amount))
        if any(f.has(EffectKind.NO_SPELLS) for f in (*theirs, *mine)):
            out.append(("spells", None))
        for f in mine:
            for e in f.get(EffectKind.OWN_ALLIES_BARRED):
                if holds(e.condition, me.attacking, me.opponent):
                    out.append(("own_allies", None))
        if any(kind == "allies_limit" for kind, _ in out):
            played = sum(1 for i in b.support[player] if fx[i].type == CardType.ALLY)
            out = [(k, v) for k, v in out if k != "allies_limit" or played >= v]
        return out

    @staticmethod
    def _barred(f: Facts, bars: list[tuple[str, Any]]) -> bool:
        for kind, e in bars:
            if f.type == CardType.ALLY:
                if kind in ("own_allies", "allies_limit"):
                    return True
                if kind == "allies" and (e.amount == 0 or f.bonus <= e.amount) and (
                        not e.attributes or f.card.attributes.intersection(e.attributes)):
                    return True
            elif kind == "spells" and f.type in (CardType.WIZARD_SPELL, CardType.CLERIC_SPELL):
                return True
        return False

    def totals(self, state: SpellfireState) -> list[int]:
        """Level totals per player of the current round (cached until the state changes)."""
        found = state.cache.get("totals")
        if found is None:
            found = state.cache["totals"] = side_totals(state, self.state_facts(state),
                                                        self._sides(state))
        return found  # type: ignore[no-any-return]

    # --- applying actions --------------------------------------------------------------------

    def _apply(self, state: SpellfireState, actions: Mapping[int, int]) -> list[Event]:
        """One decision, by its typed kind (seed 000 steps A-F; :mod:`.round`, :mod:`.judge`)."""
        (player, action), = actions.items()
        act = self._battle_action(action)
        ctx = self._context(state)
        touch(state)
        events: list[Event] = []
        kind = act.kind
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
        touch(state)
        return events

    def _battle_action(self, action: int) -> Action:
        """The typed battle action of id ``action``. The whole game, while it still extends
        this engine, has a wider (untyped) codec whose first ids are the battle's."""
        decoded = self.decode_action(action)
        if isinstance(decoded.kind, ActionKind):
            return decoded
        return self._battle_codec(self.actions.hand_slots,
                                  self.actions.pool_slots).decode(action)

    @staticmethod
    @functools.lru_cache(maxsize=8)
    def _battle_codec(hand_slots: int, pool_slots: int) -> ActionCodec:
        return ActionSet(hand_slots, pool_slots).codec()

    def _context(self, state: SpellfireState) -> Context:
        """What resolution reads besides the state (:class:`.context.Context`)."""
        return Context(self.state_facts(state), self._playable, self.attackers_for)

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
        out = {}
        acts = self.actions
        for a in self.legal_actions(state, player):
            if not acts.play_base <= a < acts.pass_:
                continue
            clone = self.clone(state)
            if self._resolve_card(clone, player, a - acts.play_base, []):
                b = clone.battle
                if b.step == "over" and b.outcome != "attack_ended":
                    out[a] = 0 if b.winner is None else (100 if b.winner == player else -100)
                else:
                    # The attacker won the round against a realm that must be defeated twice:
                    # whether it can attack again depends on its hand, hidden from the
                    # defender, so both cases read the same.
                    out[a] = 100 if player == state.attacker else -100
            else:
                t = self.totals(clone)
                out[a] = t[player] - t[1 - player]
        return out

    # --- views -------------------------------------------------------------------------------

    def observe(self, state: SpellfireState, player: int) -> np.ndarray:
        return self.observer.encode(self, state, player)

    def view(self, state: SpellfireState, player: int) -> dict[str, Any]:
        return self.observer.view(self, state, player)

    def info(self, state: SpellfireState, player: int) -> dict[str, Any]:
        b = state.battle
        return {"outcome": b.outcome, "winner": b.winner, "rounds": b.round}

    def action_label(self, action: int, state: SpellfireState | None = None,
                     player: int | None = None) -> str:
        label = self.codec.label(action)
        if state is None or player is None:
            return label
        acts = self.actions
        side = state.players[player]
        try:
            if acts.hand_champion_base <= action < acts.pool_champion_base:
                return f"{label}: {self.card_name(state, side.hand[action - acts.hand_champion_base])}"
            if acts.pool_champion_base <= action < acts.decline:
                return f"{label}: {self.card_name(state, side.pool[action - acts.pool_champion_base])}"
            if acts.play_base <= action < acts.pass_:
                return f"{label}: {self.card_name(state, side.hand[action - acts.play_base])}"
            if ATTACK_BASE <= action < acts.hand_champion_base:
                realm = state.players[1 - player].realms[action - ATTACK_BASE]
                if realm is not None:
                    return f"{label}: {self.card_name(state, realm)}"
        except IndexError:
            pass
        return label

    def clone(self, state: SpellfireState) -> SpellfireState:
        out = state.copy()
        for k in KEPT:
            if k in state.cache:
                out.cache[k] = state.cache[k]
        return out

    def render(self, state: SpellfireState, player: int | None = None) -> str:
        return self.observer.render(self, state, player)

    # --- JSON --------------------------------------------------------------------------------

    def to_json(self, state: SpellfireState) -> dict[str, Any]:
        return state_to_json(state, self.spec.version)

    def from_json(self, data: Mapping[str, Any]) -> SpellfireState:
        """Read a state (format: ``docs/spellfire.md``); errors name the field."""
        state = state_from_json(data, self)
        problems = self._zone_problems(state)
        if problems:
            raise StateError("state", "; ".join(problems))
        return state

    # --- invariants --------------------------------------------------------------------------

    def _zone_problems(self, state: SpellfireState) -> list[str]:
        """Every card instance in exactly one zone, of its owner's (the invariant of
        ``state.py``)."""
        n = len(state.cards)
        seen = [0] * n
        problems = []
        b = state.battle
        for p, side in enumerate(state.players):
            zones: dict[str, list[int]] = {
                "draw": side.draw, "hand": side.hand, "pool": side.pool,
                "discard": side.discard, "limbo": side.limbo, "abyss": side.abyss,
                "void": side.void, "support": b.support[p],
                "realms": [i for i in side.realms if i is not None],
                "holdings": [i for i in side.holdings if i is not None],
                "champion": [] if b.champion[p] is None else [b.champion[p]],  # type: ignore[list-item]
            }
            holders = set(side.pool) | ({b.champion[p]} - {None})
            for c, items in side.attached.items():
                if c not in holders:
                    problems.append(f"player_{p}: cards attached to {c}, which is neither in "
                                    "the pool nor in the round")
                zones[f"attached to {c}"] = items
            for zone, items in zones.items():
                for i in items:
                    if not 0 <= i < n:
                        problems.append(f"player_{p}.{zone}: no card instance {i}")
                        continue
                    seen[i] += 1
                    if state.owner[i] != p:
                        problems.append(f"player_{p}.{zone}: card {i} belongs to "
                                        f"player_{state.owner[i]}")
            for s in range(6):
                if side.holdings[s] is not None and (side.realms[s] is None or side.razed[s]):
                    problems.append(f"player_{p}: a holding on slot {SLOTS[s]}, which has no "
                                    "standing realm")
        for i, k in enumerate(seen):
            if k != 1:
                problems.append(f"card instance {i} ({state.cards[i]}) is in {k} zones")
        return problems

    def check_invariants(self, state: SpellfireState, start: SpellfireState) -> list[str]:
        problems = self._zone_problems(state)
        if state.cards != start.cards or state.owner != start.owner:
            problems.append("the game's card list changed")
        b = state.battle
        if b.step != "over" and not self.to_act(state):
            problems.append(f"step {b.step} but nobody is to act")
        for p in self.to_act(state):
            if not self.legal_actions(state, p):
                problems.append(f"player_{p} must act but has no legal action")
        if b.step == "cards" and (b.champion[state.attacker] is None
                                  or (b.champion[state.defender] is None
                                      and not b.realm_defends)):
            problems.append("card play without both sides in the round")
        for p, side in enumerate(state.players):
            if len(side.attacked) != len(set(side.attacked)):
                problems.append(f"player_{p}: a champion is listed twice as having attacked")
            first = start.players[p]
            if sum(first.razed) > sum(side.razed) and b.step != "over":
                problems.append(f"player_{p}: a razed realm was rebuilt during the battle")
        return problems
