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

The engine class is a thin coordinator; the rules live by role in functions over the state and
the facts of its cards: legal plays (who acts, attacks, defence, card play) in :mod:`.legal`,
activation order and totals in :mod:`.activation` and :mod:`.totals`, invariants in
:mod:`.invariants`. Observers (:mod:`.observation`) and the JSON format (:mod:`.serial`) read the
state and what the engine passes them, never the engine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ...core.codec import Action, ActionCodec
from ...core.engine import Engine, Event, GameSpec
from ...core.errors import StateError
from ..cards.cards import Card, CardType
from ..cards.effects import EffectKind
from . import legal
from .actions import ATTACK_BASE, NO_ATTACK, ActionKind, ActionSet, named_card
from .activation import activation_order
from .config import SpellfireConfig
from .deal import Dealer, DeckSource, load_source
from .facts import Facts, artifact_fits, facts_of, holds
from .invariants import battle_problems, zone_problems
from .observation import CARD_FEATURES, Seen, SpellfireObserver, card_features
from .serial import state_from_json, state_to_json
from .state import SLOTS, Side, SpellfireState, exposed
from .totals import RoundSide, affects, side_totals, winning_side

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
        self.battle_codec: ActionCodec = self.codec
        """The battle's typed actions (a whole-game engine built on this one widens ``codec``;
        the battle's ids keep these kinds)."""
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
        return legal.sides(state, self.state_facts(state))

    def _playable(self, state: SpellfireState, player: int, window: bool) -> list[int]:
        """Hand slots ``player`` may play into the round now (:func:`.legal.playable`)."""
        return legal.playable(state, self.state_facts(state), player, window,
                              self.actions.hand_slots)

    def totals(self, state: SpellfireState) -> list[int]:
        """Level totals per player of the current round (cached until the state changes)."""
        found = state.cache.get("totals")
        if found is None:
            found = state.cache["totals"] = side_totals(state, self.state_facts(state),
                                                        self._sides(state))
        return found  # type: ignore[no-any-return]

    # --- applying actions --------------------------------------------------------------------

    def _apply(self, state: SpellfireState, actions: Mapping[int, int]) -> list[Event]:
        (player, action), = actions.items()
        events: list[Event] = []
        self.state_facts(state)
        kept = {k: state.cache[k] for k in KEPT if k in state.cache}
        state.cache.clear()
        state.cache.update(kept)
        step = state.battle.step
        if step == "realm":
            self._choose_realm(state, action, events)
        elif step == "attacker":
            self._present_attacker(state, action, events)
        elif step == "defender":
            self._present_defender(state, action, events)
        else:
            self._card_step(state, player, action, events)
        state.cache.clear()
        state.cache.update(kept)
        return events

    def card_name(self, state: SpellfireState, inst: int) -> str:
        """The name of card instance ``inst``."""
        return self.facts(state.cards[inst]).name

    def _choose_realm(self, state: SpellfireState, action: int, events: list[Event]) -> None:
        att = state.attacker
        if action == NO_ATTACK:
            events.append(Event("no_attack", f"player_{att} makes no attack", att))
            self._end_battle(state, "no_attack", None, events)
            return
        slot = action - ATTACK_BASE
        b = state.battle
        b.realm = slot
        realm = state.players[state.defender].realms[slot]
        assert realm is not None
        events.append(Event("attack_declared", f"player_{att} attacks realm {SLOTS[slot]} "
                                               f"({self.card_name(state, realm)}) of "
                                               f"player_{state.defender}", att,
                            {"slot": SLOTS[slot], "realm": state.cards[realm]}))
        b.step = "attacker"

    def _take_champion(self, state: SpellfireState, player: int, action: int) -> tuple[int, str]:
        side = state.players[player]
        acts = self.actions
        if action >= acts.pool_champion_base:
            return side.pool.pop(action - acts.pool_champion_base), "pool"
        return side.hand.pop(action - acts.hand_champion_base), "hand"

    def _present_attacker(self, state: SpellfireState, action: int,
                          events: list[Event]) -> None:
        att = state.attacker
        b = state.battle
        if action == NO_ATTACK:
            events.append(Event("attack_ended", f"player_{att} ends the attack", att))
            self._end_battle(state, "attack_ended", None, events)
            return
        champion, where = self._take_champion(state, att, action)
        b.champion[att] = champion
        side = state.players[att]
        if champion not in side.attacked:
            side.attacked.append(champion)
        events.append(self._presented(state, att, champion, where, "attacks with"))
        b.step = "defender"

    def _presented(self, state: SpellfireState, p: int, champion: int, where: str,
                   verb: str) -> Event:
        attached = [self.card_name(state, a) for a in state.players[p].attached.get(champion, ())]
        extra = f" carrying {', '.join(attached)}" if attached else ""
        return Event("champion_presented", f"player_{p} {verb} {self.card_name(state, champion)} "
                                           f"from its {where}{extra}", p,
                     {"card": state.cards[champion], "from": where})

    def _present_defender(self, state: SpellfireState, action: int,
                          events: list[Event]) -> None:
        dfn = state.defender
        b = state.battle
        acts = self.actions
        if action == acts.decline:
            # Seed 001: "Whenever a defender declines to defend the realm, the realm is razed
            # and the battle ends. Victory spoils go to the attacker."
            events.append(Event("defense_declined", f"player_{dfn} declines to defend", dfn))
            self._return_to_pool(state, state.attacker, events)
            self._raze(state, events)
            self._end_battle(state, "razed", state.attacker, events)
            return
        if action == acts.realm_defends:
            b.realm_defends = True
            events.append(Event("realm_defends", f"player_{dfn}'s realm defends itself", dfn))
        else:
            champion, where = self._take_champion(state, dfn, action)
            b.champion[dfn] = champion
            events.append(self._presented(state, dfn, champion, where, "defends with"))
        self._activate(state, events)

    # --- step D: activation ------------------------------------------------------------------

    def _activate(self, state: SpellfireState, events: list[Event]) -> None:
        """Seed 002's order; champion powers that end the round at once (seed 000 step D)."""
        fx = self.state_facts(state)
        b = state.battle
        order = activation_order(state, fx)
        events.append(Event("activation", "cards activate: " + ", ".join(
            self.card_name(state, i) for _, i in order), None,
            {"order": [[p, state.cards[i]] for p, i in order]}))
        sides = {s.player: s for s in self._sides(state)}
        for p, inst in order:
            f = fx[inst]
            q = 1 - p
            me, other = sides[p], sides[q]
            for e in f.get(EffectKind.WIN_ROUND):
                if holds(e.condition, me.attacking, me.opponent) and affects(f, other):
                    events.append(Event("power_wins_round", f"{f.name} wins the round for "
                                                            f"player_{p}", p,
                                        {"card": f.key}))
                    self._end_round(state, p, events)
                    return
            opposing = b.champion[q]
            if opposing is None:
                continue
            for e in f.get(EffectKind.DESTROY_CHAMPION):
                if (holds(e.condition, me.attacking, me.opponent) and affects(f, other)
                        and (e.amount == 0 or fx[opposing].level <= e.amount)):
                    events.append(Event("champion_destroyed", f"{f.name} destroys "
                                                              f"{fx[opposing].name}", p,
                                        {"card": f.key, "victim": fx[opposing].key}))
                    self._end_round(state, p, events)
                    return
        self._start_cards(state, events)

    # --- step F: card play -------------------------------------------------------------------

    def _start_cards(self, state: SpellfireState, events: list[Event]) -> None:
        b = state.battle
        b.step = "cards"
        totals = self.totals(state)
        loser = 1 - winning_side(state, totals)
        events.append(self._totals_event(state, totals))
        b.window = False
        b.to_play = loser
        self._settle_turn(state, events)

    def _totals_event(self, state: SpellfireState, totals: Sequence[int]) -> Event:
        w = winning_side(state, totals)
        return Event("totals", f"totals: player_0 {totals[0]}, player_1 {totals[1]}; "
                               f"player_{w} is winning", w, {"totals": list(totals)})

    @staticmethod
    def touch(state: SpellfireState) -> None:
        """The state changed within a step: drop what was derived from it (not the card
        list's facts and features)."""
        kept = {k: state.cache[k] for k in KEPT if k in state.cache}
        state.cache.clear()
        state.cache.update(kept)

    def _settle_turn(self, state: SpellfireState, events: list[Event]) -> None:
        """A loser with no card to play ends the round (seed 000 step F: "cannot ... play");
        a winner's window with nothing to play is skipped."""
        b = state.battle
        self.touch(state)
        p = b.to_play
        assert p is not None
        if self._playable(state, p, b.window):
            return
        if b.window:
            b.window = False
            b.to_play = 1 - p
            if self._playable(state, 1 - p, False):
                return
        self._end_round(state, winning_side(state, self.totals(state)), events)

    def _card_step(self, state: SpellfireState, player: int, action: int,
                   events: list[Event]) -> None:
        b = state.battle
        acts = self.actions
        if action == acts.pass_:
            if b.window:
                events.append(Event("pass", f"player_{player} plays nothing more for now",
                                    player))
                b.window = False
                b.to_play = 1 - player
                self._settle_turn(state, events)
                return
            events.append(Event("pass", f"player_{player} passes: the round is over", player))
            self._end_round(state, winning_side(state, self.totals(state)), events)
            return
        self._play_card(state, player, action - acts.play_base, events)

    def _play_card(self, state: SpellfireState, player: int, slot: int,
                   events: list[Event]) -> None:
        if self._resolve_card(state, player, slot, events):
            return
        b = state.battle
        totals = self.totals(state)
        loser = 1 - winning_side(state, totals)
        if loser == player:
            # Still losing (or the winner's card turned the round): the other side may answer
            # with an event or play-at-any-time card first, then the loser goes on.
            b.to_play, b.window = 1 - player, True
            if not self._playable(state, 1 - player, True):
                b.to_play, b.window = player, False
        else:
            b.to_play, b.window = loser, False
        self._settle_turn(state, events)

    def _resolve_card(self, state: SpellfireState, player: int, slot: int,
                      events: list[Event]) -> bool:
        """Play hand card ``slot`` into the round and resolve what it does; True if that ended
        the round or the battle."""
        fx = self.state_facts(state)
        b = state.battle
        side = state.players[player]
        inst = side.hand.pop(slot)
        f = fx[inst]
        champion = b.champion[player]
        if f.type in (CardType.MAGICAL_ITEM, CardType.ARTIFACT) and champion is not None:
            side.attached.setdefault(champion, []).append(inst)
        else:
            b.support[player].append(inst)
        events.append(Event("card_played", f"player_{player} plays {f.name}", player,
                            {"card": f.key}))
        self.touch(state)
        q = 1 - player
        sides = {s.player: s for s in self._sides(state)}
        me, other = sides[player], sides[q]
        hits = affects(f, other)
        discarded = [False, False]
        for e in f.get(EffectKind.RAZE_REALM):
            if holds(e.condition, me.attacking, me.opponent):
                # Seed 001: the realm is razed or discarded by card play: the battle ends,
                # both champions return to their pools, the attacker draws spoils.
                events.append(Event("realm_razed_by_card", f"{f.name} razes the attacked realm",
                                    player, {"card": f.key}))
                for p in (state.attacker, state.defender):
                    self._return_to_pool(state, p, events)
                self._raze(state, events)
                self._end_battle(state, "razed", state.attacker, events)
                return True
        ended = any(holds(e.condition, me.attacking, me.opponent)
                    for e in f.get(EffectKind.END_BATTLE))
        attacker_champion = b.champion[state.attacker]
        for e in f.get(EffectKind.ONLY_ATTACKABLE_BY):
            # A wall played into the round: an attacking champion without the movement cannot
            # reach the realm; [decided] the battle ends with no victor, as ``end_battle``.
            if holds(e.condition, me.attacking, me.opponent) and attacker_champion is not None \
                    and not self._moves(state, state.attacker, attacker_champion) & set(
                        e.movement):
                ended = True
        if ended:
            events.append(Event("battle_ended_by_card", f"{f.name} ends the battle", player,
                                {"card": f.key}))
            for p in (state.attacker, state.defender):
                self._return_to_pool(state, p, events)
            self._end_battle(state, "ended", None, events, spoils=False)
            return True
        self._destroy_cards(state, player, f, me, other, hits, events)
        opposing = b.champion[q]
        if opposing is not None and hits:
            for e in f.get(EffectKind.DISCARD_OPPOSING_CHAMPION):
                if holds(e.condition, me.attacking, me.opponent):
                    discarded[q] = True
            for e in f.get(EffectKind.DESTROY_CHAMPION):
                if (holds(e.condition, me.attacking, me.opponent)
                        and (e.amount == 0 or fx[opposing].level <= e.amount)):
                    discarded[q] = True
        for e in f.get(EffectKind.DESTROY_ALL):
            for p in (0, 1):
                c = b.champion[p]
                if c is not None and int(fx[c].type) in e.card_types and (
                        not e.attributes or fx[c].card.attributes.intersection(e.attributes)) \
                        and (e.amount == 0 or fx[c].level <= e.amount):
                    discarded[p] = True
        if champion is not None:
            for e in f.get(EffectKind.DISCARD_OWN_CHAMPION):
                if holds(e.condition, me.attacking, me.opponent):
                    discarded[player] = True
        if hits:
            for e in f.get(EffectKind.DISCARD_ALLIES):
                if holds(e.condition, me.attacking, me.opponent):
                    allies = [i for i in b.support[q] if fx[i].type == CardType.ALLY]
                    for i in allies:
                        b.support[q].remove(i)
                        state.players[q].discard.append(i)
                    if allies:
                        events.append(Event("allies_discarded", f"{f.name} discards "
                                                                f"player_{q}'s allies", player,
                                            {"cards": [state.cards[i] for i in allies]}))
        if any(discarded):
            self._champions_discarded(state, discarded, events)
            return True
        for e in f.get(EffectKind.WIN_ROUND):
            if holds(e.condition, me.attacking, me.opponent) and hits:
                events.append(Event("power_wins_round", f"{f.name} wins the round for "
                                                        f"player_{player}", player,
                                    {"card": f.key}))
                self._end_round(state, player, events)
                return True
        for e in f.get(EffectKind.LOSE_ROUND):
            if holds(e.condition, me.attacking, me.opponent):
                events.append(Event("power_loses_round", f"{f.name} loses the round for "
                                                         f"player_{player}", player,
                                    {"card": f.key}))
                self._end_round(state, q, events)
                return True
        self.touch(state)
        events.append(self._totals_event(state, self.totals(state)))
        return False

    def _destroy_cards(self, state: SpellfireState, player: int, f: Facts, me: RoundSide,
                       other: RoundSide, hits: bool, events: list[Event]) -> None:
        """A played card's ``destroy_allies``, ``destroy_items`` and ``destroy_all``: the cards
        hit go to their owners' discard piles (when a count limits them, the strongest first
        [decided]). Champions hit by ``destroy_all`` in the round are left to the caller's
        seed 001 handling through ``discard_opposing_champion``-like flags."""
        fx = self.state_facts(state)
        b = state.battle
        q = 1 - player
        gone: list[int] = []

        def strongest(items: list[int], count: int) -> list[int]:
            items = sorted(items, key=lambda i: (-fx[i].bonus, fx[i].name, i))
            return items[:count] if count else items

        def fits(x: Facts, e: Any) -> bool:
            return (not e.attributes or bool(x.card.attributes.intersection(e.attributes))) and (
                e.amount == 0 or (x.level if x.is_champion else x.bonus) <= e.amount)

        if hits:
            for e in f.get(EffectKind.DESTROY_ALLIES):
                if holds(e.condition, me.attacking, me.opponent):
                    allies = [i for i in b.support[q] if fx[i].type == CardType.ALLY
                              and fits(fx[i], e)]
                    for i in strongest(allies, e.count):
                        b.support[q].remove(i)
                        state.players[q].discard.append(i)
                        gone.append(i)
            opposing = b.champion[q]
            for e in f.get(EffectKind.DESTROY_ITEMS):
                if opposing is not None and holds(e.condition, me.attacking, me.opponent):
                    attached = state.players[q].attached.get(opposing, [])
                    items = [i for i in attached if fx[i].type == CardType.MAGICAL_ITEM
                             and (not e.attributes
                                  or fx[i].card.attributes.intersection(e.attributes))]
                    for i in strongest(items, e.count):
                        attached.remove(i)
                        state.players[q].discard.append(i)
                        gone.append(i)
        for e in f.get(EffectKind.DESTROY_ALL):
            types = set(e.card_types)
            for p, side in enumerate(state.players):
                for c in list(side.pool):
                    if int(fx[c].type) in types and fits(fx[c], e):
                        side.pool.remove(c)
                        side.discard.append(c)
                        side.discard += side.attached.pop(c, [])
                        gone.append(c)
                held = b.champion[p]
                for holder in [*side.pool, *([] if held is None else [held])]:
                    items = side.attached.get(holder, [])
                    for i in [i for i in items if int(fx[i].type) in types and fits(fx[i], e)]:
                        items.remove(i)
                        side.discard.append(i)
                        gone.append(i)
                for i in [i for i in b.support[p] if int(fx[i].type) in types
                          and fits(fx[i], e)]:
                    b.support[p].remove(i)
                    side.discard.append(i)
                    gone.append(i)
        if gone:
            events.append(Event("cards_destroyed", f"{f.name} destroys " + ", ".join(
                fx[i].name for i in gone), player, {"cards": [state.cards[i] for i in gone]}))
            self.touch(state)

    def _champions_discarded(self, state: SpellfireState, discarded: list[bool],
                             events: list[Event]) -> None:
        """Seed 001: champions discarded by card play."""
        att, dfn = state.attacker, state.defender
        b = state.battle
        for p in (0, 1):
            if discarded[p]:
                c = b.champion[p]
                assert c is not None
                events.append(Event("champion_discarded", f"player_{p}'s "
                                                          f"{self.card_name(state, c)} is discarded",
                                    p, {"card": state.cards[c]}))
        if discarded[att] and discarded[dfn]:
            # "If card play causes both champions to be discarded. No winner or loser emerges.
            # No spoils are drawn."
            for p in (att, dfn):
                self._discard_side(state, p)
            self._end_battle(state, "no_winner", None, events, spoils=False)
        elif discarded[att]:
            # "If an attacking champion is discarded due to card play, the battle is over. The
            # defender gets the spoils."
            self._discard_side(state, att)
            self._return_to_pool(state, dfn, events)
            self._end_battle(state, "repelled", dfn, events)
        else:
            self._end_round(state, att, events)  # [decided] the defender lost the round

    # --- steps G-J -----------------------------------------------------------------------------

    def _end_round(self, state: SpellfireState, winner: int, events: list[Event]) -> None:
        b = state.battle
        att = state.attacker
        loser = 1 - winner
        totals = list(self.totals(state))
        events.append(Event("round_won", f"player_{winner} wins round {b.round + 1} "
                                         f"({totals[winner]} to {totals[loser]})", winner,
                            {"totals": totals, "round": b.round + 1}))
        sides = self._sides(state)
        lost = sides[0] if sides[0].player == loser else sides[1]
        escapes = lost.champion is not None and any(
            holds(e.condition, lost.attacking, lost.opponent)
            for c in (lost.champion, *lost.cards) for e in c.get(EffectKind.ESCAPE))
        winning_champion = state.battle.champion[winner]
        self._return_to_pool(state, winner, events)
        if winning_champion is not None:
            self._single_use(state, winner, winning_champion)
        if escapes:
            events.append(Event("champion_escapes", f"player_{loser}'s champion escapes to its "
                                                    "pool", loser))
            self._return_to_pool(state, loser, events)
        else:
            self._discard_side(state, loser)
        self.touch(state)
        b.round += 1
        if winner != att:
            # Seed 001: the defender earns spoils when the attacking champion was discarded;
            # "in the case of champions returning to their pool, the rule doesn't apply".
            self._end_battle(state, "repelled", winner, events, spoils=not escapes)
            return
        b.defeats += 1
        realm = state.players[state.defender].realms[b.realm]  # type: ignore[index]
        assert realm is not None
        if self.facts(state.cards[realm]).has(EffectKind.DEFEAT_TWICE) and b.defeats < 2:
            events.append(Event("realm_defeated", f"{self.card_name(state, realm)} is defeated "
                                                  "once; it must be defeated twice", att))
            b.realm_defends = False
            b.to_play, b.window = None, False
            b.step = "attacker"
            if not self.attackers_for(state, b.realm):  # type: ignore[arg-type]
                events.append(Event("attack_ended", f"player_{att} has no champion left to "
                                                    "attack again", att))
                self._end_battle(state, "attack_ended", None, events)
            return
        self._raze(state, events)
        self._end_battle(state, "razed", att, events)

    def _return_to_pool(self, state: SpellfireState, p: int, events: list[Event]) -> None:
        """The side's champion goes to its pool with its attachments; its support cards are
        discarded (seed 000 step H)."""
        b = state.battle
        side = state.players[p]
        c = b.champion[p]
        if c is not None:
            side.pool.append(c)
            b.champion[p] = None
        side.discard += b.support[p]
        b.support[p] = []

    def _single_use(self, state: SpellfireState, p: int, champion: int) -> None:
        """Attached cards marked ``single_use`` are discarded after the battle they served in."""
        side = state.players[p]
        fx = self.state_facts(state)
        attached = side.attached.get(champion)
        if not attached:
            return
        spent = [i for i in attached if fx[i].has(EffectKind.SINGLE_USE)]
        for i in spent:
            attached.remove(i)
            side.discard.append(i)
        if not attached:
            side.attached.pop(champion, None)

    def _discard_side(self, state: SpellfireState, p: int) -> None:
        """The loser discards its champion, its attachments and its support (seed 000 H)."""
        b = state.battle
        side = state.players[p]
        c = b.champion[p]
        if c is not None:
            side.discard.append(c)
            side.discard += side.attached.pop(c, [])
            b.champion[p] = None
        side.discard += b.support[p]
        b.support[p] = []

    def _raze(self, state: SpellfireState, events: list[Event]) -> None:
        b = state.battle
        home = state.players[state.defender]
        assert b.realm is not None
        home.razed[b.realm] = True
        realm = home.realms[b.realm]
        assert realm is not None
        events.append(Event("realm_razed", f"realm {SLOTS[b.realm]} "
                                           f"({self.card_name(state, realm)}) is razed",
                            state.defender, {"slot": SLOTS[b.realm]}))
        holding = home.holdings[b.realm]
        if holding is not None:
            # [decided] a holding does not outlive its realm: it is discarded with the razing.
            home.holdings[b.realm] = None
            home.discard.append(holding)

    def _end_battle(self, state: SpellfireState, outcome: str, winner: int | None,
                    events: list[Event], spoils: bool = True) -> None:
        b = state.battle
        for p in (0, 1):  # leftovers (a battle ended before any round): back where they belong
            self._return_to_pool(state, p, events)
        b.step = "over"
        b.outcome = outcome
        b.winner = winner
        b.to_play = None
        b.window = False
        b.realm_defends = False
        if winner is not None and spoils and outcome in ("razed", "repelled"):
            self._spoils(state, winner, events)
        events.append(Event("battle_over", f"the battle is over: {outcome}"
                                           + ("" if winner is None else
                                              f", player_{winner} wins"), winner,
                            {"outcome": outcome, "winner": winner}))

    def _spoils(self, state: SpellfireState, p: int, events: list[Event]) -> None:
        """Seed 000 step J / seed 001: one card from the draw pile, played at once where
        allowed, else to the hand."""
        side = state.players[p]
        if not side.draw:
            events.append(Event("spoils_none", f"player_{p}'s draw pile is empty: no spoils", p))
            return
        fx = self.state_facts(state)
        inst = side.draw.pop(0)
        state.battle.spoils[p] = inst
        f = fx[inst]
        where = None
        if f.is_champion and not f.card.avatar:
            side.pool.append(inst)
            where = "into the pool"
        elif f.type == CardType.REALM and None in side.realms:
            slot = side.realms.index(None)
            side.realms[slot] = inst
            side.razed[slot] = False
            where = f"into formation slot {SLOTS[slot]}"
        elif f.type == CardType.HOLDING:
            free = next((s for s in range(6) if side.realms[s] is not None
                         and not side.razed[s] and side.holdings[s] is None), None)
            if free is not None:
                side.holdings[free] = inst
                where = f"onto realm {SLOTS[free]}"
        elif f.type in (CardType.MAGICAL_ITEM, CardType.ARTIFACT):
            home = next((c for c in side.pool if f.type == CardType.MAGICAL_ITEM
                         or artifact_fits(f, fx[c], [fx[a] for a in side.attached.get(c, ())])),
                        None)
            if home is not None:
                side.attached.setdefault(home, []).append(inst)
                where = f"onto {fx[home].name}"
        if where is None:
            side.hand.append(inst)
            events.append(Event("spoils_drawn", f"player_{p} draws spoils and keeps the card "
                                                "in hand", p, {"played": False}))
        else:
            events.append(Event("spoils_drawn", f"player_{p} draws spoils: {f.name}, played "
                                                f"{where}", p,
                                {"played": True, "card": f.key}))

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
        codec = self.battle_codec
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
        card = named_card(self.battle_codec.decode(action), state, player)
        return label if card is None else f"{label}: {self.card_name(state, card)}"

    def clone(self, state: SpellfireState) -> SpellfireState:
        out = state.copy()
        for k in KEPT:
            if k in state.cache:
                out.cache[k] = state.cache[k]
        return out

    # --- JSON (:mod:`.serial`) -----------------------------------------------------------------

    def to_json(self, state: SpellfireState) -> dict[str, Any]:
        return state_to_json(state, self.spec.version)

    def from_json(self, data: Mapping[str, Any]) -> SpellfireState:
        """Read a state (format: ``docs/spellfire.md``); errors name the field."""
        state = state_from_json(data, self.knows, self.facts)
        problems = zone_problems(state)
        if problems:
            raise StateError("state", "; ".join(problems))
        return state

    # --- invariants (:mod:`.invariants`) -------------------------------------------------------

    def check_invariants(self, state: SpellfireState, start: SpellfireState) -> list[str]:
        return zone_problems(state) + battle_problems(state, start, self.to_act,
                                                      self.legal_actions)
