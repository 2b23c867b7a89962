"""What one player of a Spellfire battle sees: vector, JSON view and text.

Public: both formations (realms, razed flags, holdings), both pools with their attachments, the
champions and cards in the round, the totals, how many cards each hand, draw pile and discard
pile holds. Private: one's own hand. The opponent's hand and both draw piles' order never
appear in a player's observation or view.

Cards are encoded by their features, not by id (so that a policy carries over to decks it has
not seen): each card slot holds :data:`CARD_FEATURES` values (type group, level, bonus, world,
movement, (Off)/(Def) mark, avatar, one flag per effect kind, its level gains and the opponent's
losses). The vector is egocentric ("my" = the observing player) and every value lies in
[-1, 1]. With the default 12 hand and 8 pool slots it has 4,295 entries; the index table is
``SpellfireObserver.layout.table()`` (shown in the module docs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ...core.observation import ObservationLayout, Segment
from ..cards.cards import Card, CardType, Mark, Movement, World
from ..cards.effects import EffectKind
from .actions import ATTACK_BASE, ActionSet
from .facts import Facts
from .state import SLOTS, STEPS, SpellfireState

if TYPE_CHECKING:
    from .rules import SpellfireEngine

SUPPORT_SLOTS = 6
"""Support cards of each side shown in the round (the rest still count in the totals)."""
LEVEL_SCALE = 12.0
BONUS_SCALE = 10.0
TOTAL_SCALE = 30.0
PILE_SCALE = 55.0

TYPE_GROUPS: dict[CardType, int] = {
    CardType.HERO: 0, CardType.WIZARD: 1, CardType.CLERIC: 2, CardType.PSIONICIST: 3,
    CardType.THIEF: 4, CardType.REGENT: 5, CardType.MONSTER: 6, CardType.ALLY: 7,
    CardType.ARTIFACT: 8, CardType.MAGICAL_ITEM: 9, CardType.WIZARD_SPELL: 10,
    CardType.CLERIC_SPELL: 10, CardType.PSIONIC_POWER: 11, CardType.BLOOD_ABILITY: 11,
    CardType.THIEF_ABILITY: 11, CardType.UNARMED_COMBAT: 11, CardType.EVENT: 12,
    CardType.REALM: 13, CardType.HOLDING: 14, CardType.RULE: 15, CardType.DUNGEON: 15,
    CardType.NONE: 15}
N_GROUPS = 16
KEY_EFFECTS: tuple[str, ...] = (
    "gain_levels", "allies_gain", "opponent_loses", "defend_as", "immune_offensive_spells",
    "immune_to", "not_attackable_by", "double_level", "destroy_champion", "discard_allies",
    "may_use", "attack_again", "defeat_twice", "raze_realm", "discard_opposing_champion",
    "discard_own_champion", "play_any_time", "win_round", "hand_size", "destroy_allies",
    "allies_barred", "opposing_allies_lose", "lose_round", "end_battle")
"""Effect kinds with a flag of their own, fixed so that the observation keeps its size when the
vocabulary grows; every other kind sets the "other power" flag."""
CARD_FEATURES = N_GROUPS + 2 + len(World) + 4 + 2 + 1 + len(KEY_EFFECTS) + 4
"""Type group (16), level, bonus, world (10), flyer / swimmer / earthwalker / coastal, (Off),
(Def), avatar, one flag per key effect kind, another power, level gains, opponent's losses,
conditional power."""


_KEY_INDEX = {name: k for k, name in enumerate(KEY_EFFECTS)}
_STEP_INDEX = {step: i for i, step in enumerate(STEPS)}


def _clip(x: float) -> float:
    return 1.0 if x > 1.0 else (-1.0 if x < -1.0 else x)


def card_features(card: Card, facts: Facts) -> np.ndarray:
    """The :data:`CARD_FEATURES` values of one card (see the module docstring)."""
    v = np.zeros(CARD_FEATURES, dtype=np.float32)
    v[TYPE_GROUPS.get(card.type, 15)] = 1.0
    o = N_GROUPS
    v[o] = _clip(facts.level / LEVEL_SCALE)
    v[o + 1] = _clip(facts.bonus / BONUS_SCALE)
    o += 2
    v[o + int(card.world)] = 1.0
    o += len(World)
    moves = card.movement
    v[o] = float(Movement.FLYER in moves)
    v[o + 1] = float(Movement.SWIMMER in moves)
    v[o + 2] = float(Movement.EARTHWALKER in moves)
    v[o + 3] = float(card.coastal)
    o += 4
    v[o] = float(card.mark is Mark.OFF)
    v[o + 1] = float(card.mark is Mark.DEF)
    v[o + 2] = float(card.avatar)
    o += 3
    for kind in facts.effects:
        k = _KEY_INDEX.get(kind.value)
        if k is None:
            v[o + len(KEY_EFFECTS)] = 1.0
        else:
            v[o + k] = 1.0
    o += len(KEY_EFFECTS) + 1
    v[o] = _clip(sum(e.amount for e in facts.get(EffectKind.GAIN_LEVELS)) / BONUS_SCALE)
    v[o + 1] = _clip(sum(e.amount for e in facts.get(EffectKind.OPPONENT_LOSES)) / BONUS_SCALE)
    v[o + 2] = float(any(e.condition.to_json() for e in facts.card.effects))
    return v


def card_view(f: Facts) -> dict[str, Any]:
    """A card's facts for the JSON view."""
    c = f.card
    out: dict[str, Any] = {"key": f.key, "name": f.name, "type": c.type.name.lower(),
                           "world": c.world.name.lower()}
    if f.is_champion or f.type == CardType.REALM:
        out["level"] = f.level
    if f.bonus:
        out["bonus"] = f.bonus
    if c.movement:
        out["movement"] = sorted(m.value for m in c.movement)
    if c.mark is not None:
        out["mark"] = c.mark.value
    if c.effects:
        out["effects"] = [e.to_json() for e in c.effects]
    return out


class SpellfireObserver:
    """Builds the observation layout and encodes states with it."""

    def __init__(self, actions: ActionSet) -> None:
        self.actions = actions
        h, p, s, f = actions.hand_slots, actions.pool_slots, SUPPORT_SLOTS, CARD_FEATURES
        # Card slots, in the order they are gathered from the card feature matrix.
        self.card_slots: tuple[tuple[str, int, str], ...] = (
            ("my_hand", h, "my hand, slot by slot"),
            ("my_pool", p, "my pool champions"),
            ("opp_pool", p, "the opponent's pool champions"),
            ("my_realms", 6, "my formation A..F"),
            ("my_holdings", 6, "holdings on my realms A..F"),
            ("opp_realms", 6, "the opponent's formation A..F"),
            ("opp_holdings", 6, "holdings on the opponent's realms A..F"),
            ("my_champion", 1, "my champion in the round"),
            ("opp_champion", 1, "the opponent's champion in the round"),
            ("my_support", s, "my allies, spells, events in the round (first 6)"),
            ("opp_support", s, "the opponent's allies, spells, events in the round (first 6)"),
        )
        segments = [
            Segment("step", len(STEPS), "one-hot: realm, attacker, defender, cards, over"),
            Segment("role", 2, "one-hot: I attack, I defend"),
            Segment("to_act", 2, "I must decide now; it is the winner's window (events and "
                                 "any-time cards only)"),
            Segment("totals", 4, "my total, the opponent's, my margin (/30), 1 if I am winning"),
            Segment("battle", len(SLOTS) + 4, "attacked slot one-hot; defeats / 2; it must be "
                                              "defeated twice; the realm defends itself; "
                                              "rounds / 2"),
            Segment("counts", 8, "hand, draw, discard, pool sizes: mine then the opponent's"),
        ]
        for name, n, doc in self.card_slots:
            segments.append(Segment(name, n * f, f"{doc}: {n} x {f} card features"))
        segments += [
            Segment("my_hand_flags", 2 * h, "per hand slot: playable now, presentable as my "
                                            "champion now"),
            Segment("my_pool_flags", 4 * p, "per pool slot: attachment bonus / 10, "
                                            "attachments / 4, attacked this turn, presentable "
                                            "now"),
            Segment("opp_pool_flags", 2 * p, "per opponent pool slot: attachment bonus / 10, "
                                             "attachments / 4"),
            Segment("my_realm_flags", 2 * 6, "per slot: razed, exposed"),
            Segment("opp_realm_flags", 3 * 6, "per slot: razed, exposed, I may attack it now"),
            Segment("champion_flags", 4, "attachment bonus / 10 and attachments / 4 of my "
                                         "champion, then of the opponent's"),
        ]
        self.layout = ObservationLayout(segments)
        self._s = self.layout.start
        self._card_start = self._s["my_hand"]
        self._offsets = dict(self._s)
        self._n_card_slots = sum(n for _, n, _ in self.card_slots)

    # --- the vector ----------------------------------------------------------------------------

    def encode(self, engine: SpellfireEngine, state: SpellfireState, me: int) -> np.ndarray:
        """The observation vector of player ``me`` (see the layout table). It runs at every
        decision: one gather from the card feature matrix fills every card slot, the flags are
        written with precomputed offsets."""
        key = ("obs", me)
        cached = state.cache.get(key)
        if cached is not None:
            return cached.copy()  # type: ignore[no-any-return]
        acts = self.actions
        h, p = acts.hand_slots, acts.pool_slots
        fx = engine.state_facts(state)
        matrix = engine.feature_matrix(state)
        empty = len(state.cards)
        opp = 1 - me
        b = state.battle
        mine, theirs = state.players[me], state.players[opp]
        my_hand, my_pool, their_pool = mine.hand[:h], mine.pool[:p], theirs.pool[:p]
        idx = [*my_hand, *([empty] * (h - len(my_hand))), *my_pool,
               *([empty] * (p - len(my_pool))), *their_pool, *([empty] * (p - len(their_pool)))]
        for side in (mine, theirs):
            idx += [empty if r is None else r for r in side.realms]
            idx += [empty if x is None else x for x in side.holdings]
        c = b.champion[me]
        idx.append(empty if c is None else c)
        c = b.champion[opp]
        idx.append(empty if c is None else c)
        for q in (me, opp):
            support = b.support[q][:SUPPORT_SLOTS]
            idx += support
            idx += [empty] * (SUPPORT_SLOTS - len(support))
        obs = np.zeros(self.layout.size, dtype=np.float32)
        start = self._card_start
        np.take(matrix, idx, axis=0,
                out=obs[start:start + len(idx) * CARD_FEATURES].reshape(len(idx), CARD_FEATURES))

        o = self._offsets
        obs[o["step"] + _STEP_INDEX[b.step]] = 1.0
        attacking = state.attacker == me
        obs[o["role"] + (0 if attacking else 1)] = 1.0
        to_act = me in engine.to_act(state)
        legal = engine.legal_actions(state, me) if to_act else []
        if to_act:
            obs[o["to_act"]] = 1.0
            if b.window:
                obs[o["to_act"] + 1] = 1.0
        if b.step == "cards":
            totals = engine.totals(state)
            t = o["totals"]
            mt, ot = totals[me], totals[opp]
            obs[t] = _clip(mt / TOTAL_SCALE)
            obs[t + 1] = _clip(ot / TOTAL_SCALE)
            obs[t + 2] = _clip((mt - ot) / TOTAL_SCALE)
            obs[t + 3] = float(mt > ot or (mt == ot and not attacking))
        bt = o["battle"]
        if b.realm is not None:
            obs[bt + b.realm] = 1.0
            realm = state.players[state.defender].realms[b.realm]
            if realm is not None and EffectKind.DEFEAT_TWICE in fx[realm].effects:
                obs[bt + 7] = 1.0
        obs[bt + 6] = b.defeats / 2.0
        obs[bt + 8] = float(b.realm_defends)
        obs[bt + 9] = min(b.round / 2.0, 1.0)
        ct = o["counts"]
        obs[ct:ct + 8] = (min(len(mine.hand) / h, 1.0), min(len(mine.draw) / PILE_SCALE, 1.0),
                          min(len(mine.discard) / PILE_SCALE, 1.0), min(len(mine.pool) / p, 1.0),
                          min(len(theirs.hand) / h, 1.0),
                          min(len(theirs.draw) / PILE_SCALE, 1.0),
                          min(len(theirs.discard) / PILE_SCALE, 1.0),
                          min(len(theirs.pool) / p, 1.0))
        if legal:
            hf, pf, of = o["my_hand_flags"], o["my_pool_flags"], o["opp_realm_flags"]
            play, hc, pc = acts.play_base, acts.hand_champion_base, acts.pool_champion_base
            for a in legal:
                if a >= play:
                    if a < acts.pass_:
                        obs[hf + 2 * (a - play)] = 1.0
                elif a >= pc:
                    if a < acts.decline:
                        obs[pf + 4 * (a - pc) + 3] = 1.0
                elif a >= hc:
                    obs[hf + 2 * (a - hc) + 1] = 1.0
                elif a >= ATTACK_BASE:
                    obs[of + 3 * (a - ATTACK_BASE) + 2] = 1.0
        for seg, side, width in ((o["my_pool_flags"], mine, 4), (o["opp_pool_flags"], theirs, 2)):
            attached_of = side.attached
            for j, champ in enumerate(side.pool[:p]):
                attached = attached_of.get(champ)
                if attached:
                    obs[seg + width * j] = _clip(sum(fx[a].bonus for a in attached)
                                                 / BONUS_SCALE)
                    obs[seg + width * j + 1] = min(len(attached) / 4.0, 1.0)
            if width == 4 and side.attacked:
                attacked = side.attacked
                for j, champ in enumerate(side.pool[:p]):
                    if champ in attacked:
                        obs[seg + 4 * j + 2] = 1.0
        for seg, side, width in ((o["my_realm_flags"], mine, 2),
                                 (o["opp_realm_flags"], theirs, 3)):
            realms, razed = side.realms, side.razed
            st = [realms[s] is not None and not razed[s] for s in range(6)]
            # RULES.md §1: A covers B and C; B covers D and E; C covers E and F.
            exposed = (True, not st[0], not st[0], not st[1], not (st[1] or st[2]), not st[2])
            for slot in range(6):
                if realms[slot] is None:
                    continue
                if razed[slot]:
                    obs[seg + width * slot] = 1.0
                if exposed[slot]:
                    obs[seg + width * slot + 1] = 1.0
        cf = o["champion_flags"]
        for k, q in enumerate((me, opp)):
            held = b.champion[q]
            if held is None:
                continue
            attached = state.players[q].attached.get(held)
            if attached:
                obs[cf + 2 * k] = _clip(sum(fx[a].bonus for a in attached) / BONUS_SCALE)
                obs[cf + 2 * k + 1] = min(len(attached) / 4.0, 1.0)
        state.cache[key] = obs
        return obs.copy()

    # --- the JSON view ---------------------------------------------------------------------------

    def view(self, engine: SpellfireEngine, state: SpellfireState, me: int) -> dict[str, Any]:
        """The same information as :meth:`encode`, as readable JSON (plus, for each legal card
        play, the margin it would leave: arithmetic the player can do from what it sees)."""
        fx = engine.state_facts(state)
        opp = 1 - me
        b = state.battle

        def pool_view(q: int) -> list[dict[str, Any]]:
            side = state.players[q]
            return [{"card": card_view(fx[c]),
                     "attached": [card_view(fx[a]) for a in side.attached.get(c, [])],
                     "attacked": c in side.attacked} for c in side.pool]

        def formation_view(q: int) -> list[dict[str, Any] | None]:
            side = state.players[q]
            out: list[dict[str, Any] | None] = []
            for slot in range(6):
                r = side.realms[slot]
                if r is None:
                    out.append(None)
                    continue
                hold = side.holdings[slot]
                out.append({"slot": SLOTS[slot], "realm": card_view(fx[r]),
                            "razed": side.razed[slot], "exposed": engine.exposed(side, slot),
                            "holding": None if hold is None else card_view(fx[hold])})
            return out

        def champion_view(q: int) -> dict[str, Any] | None:
            c = b.champion[q]
            if c is None:
                return None
            return {"card": card_view(fx[c]),
                    "attached": [card_view(fx[a]) for a in state.players[q].attached.get(c, [])]}

        mine, theirs = state.players[me], state.players[opp]
        to_act = me in engine.to_act(state)
        totals = engine.totals(state) if b.step == "cards" else None
        view: dict[str, Any] = {
            "system": "spellfire", "me": f"player_{me}",
            "role": "attacker" if state.attacker == me else "defender",
            "step": b.step, "to_act": to_act, "window": b.window and to_act,
            "legal": engine.legal_entries(state, me) if to_act else [],
            "totals": None if totals is None else {"me": totals[me], "opponent": totals[opp]},
            "hand": [card_view(fx[i]) for i in mine.hand],
            "pool": pool_view(me), "formation": formation_view(me),
            "draw_count": len(mine.draw), "discard": [card_view(fx[i]) for i in mine.discard],
            "opponent": {"hand_count": len(theirs.hand), "draw_count": len(theirs.draw),
                         "pool": pool_view(opp), "formation": formation_view(opp),
                         "discard": [card_view(fx[i]) for i in theirs.discard]},
            "battle": {"realm": None if b.realm is None else SLOTS[b.realm], "round": b.round,
                       "defeats": b.defeats, "realm_defends": b.realm_defends,
                       "my_champion": champion_view(me), "opp_champion": champion_view(opp),
                       "my_support": [card_view(fx[i]) for i in b.support[me]],
                       "opp_support": [card_view(fx[i]) for i in b.support[opp]]},
            "outcome": b.outcome, "winner": None if b.winner is None else f"player_{b.winner}",
        }
        if b.step == "cards" and to_act:
            view["play_margins"] = engine.play_margins(state, me)
        return view

    # --- text ------------------------------------------------------------------------------------

    def render(self, engine: SpellfireEngine, state: SpellfireState, me: int | None) -> str:
        """The table as text; from ``me``'s seat the opponent's hand is only counted."""
        fx = engine.state_facts(state)
        b = state.battle

        def name(i: int) -> str:
            f = fx[i]
            if f.is_champion:
                return f"{f.name} (L{f.level})"
            return f"{f.name} ({f.bonus:+d})" if f.bonus else f.name

        lines = [f"Spellfire battle, turn {state.turn} phase {state.phase}: player_"
                 f"{state.attacker} attacks player_{state.defender}; step {b.step}"
                 + (f", realm {SLOTS[b.realm]}" if b.realm is not None else "")]
        for q, side in enumerate(state.players):
            you = " <- you" if me == q else ""
            lines.append(f"player_{q}{you}:")
            realms = []
            for slot in range(6):
                r = side.realms[slot]
                if r is None:
                    realms.append(f"{SLOTS[slot]}: -")
                    continue
                text = f"{SLOTS[slot]}: {name(r)}"
                if side.razed[slot]:
                    text += " [razed]"
                if side.holdings[slot] is not None:
                    text += f" + {name(side.holdings[slot])}"  # type: ignore[arg-type]
                realms.append(text)
            lines.append("  formation: " + "; ".join(realms))
            pool = [name(c) + (" with " + ", ".join(name(a) for a in side.attached[c])
                               if side.attached.get(c) else "") for c in side.pool]
            lines.append("  pool: " + (", ".join(pool) or "empty"))
            if me is None or me == q:
                lines.append("  hand: " + (", ".join(name(i) for i in side.hand) or "empty"))
            else:
                lines.append(f"  hand: {len(side.hand)} cards")
            lines.append(f"  draw pile {len(side.draw)}, discard {len(side.discard)}")
        if b.step == "cards":
            t = engine.totals(state)
            for q in (0, 1):
                c = b.champion[q]
                who = name(c) if c is not None else "the realm itself"
                support = ", ".join(name(i) for i in b.support[q])
                lines.append(f"  in the round, player_{q}: {who}"
                             + (f" + {support}" if support else "") + f" = {t[q]}")
            lines.append(f"  player_{b.to_play} to play" + (" (winner's window)" if b.window
                                                             else ""))
        if b.step == "over":
            lines.append(f"Battle over: {b.outcome}"
                         + ("" if b.winner is None else f", player_{b.winner} wins"))
        return "\n".join(lines)
