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

The observer reads the state and what the rules tell it about that state, a :class:`Seen`
built by the engine (``SpellfireEngine.seen``): the facts and features of the card instances,
the observing player's legal actions as typed actions, the round's totals. It never calls the
engine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import Any, NamedTuple

import numpy as np

from ...core.observation import ObservationLayout, Segment
from ..cards.cards import Card, CardType, Mark, Movement, World
from ..cards.effects import EffectKind
from .actions import ActionKind, ActionSet
from .facts import Facts
from .state import SLOTS, STEPS, Side, SpellfireState, exposed, exposed_slots

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
CARD_SLOT_NAMES = ("my_hand", "my_pool", "opp_pool", "my_realms", "my_holdings", "opp_realms",
                   "opp_holdings", "my_champion", "opp_champion", "my_support", "opp_support")
"""The card-slot segments, laid end to end in this order (``SpellfireObserver.card_slots``):
the block a shared card encoder reads (``training/card_encoder.py``)."""


_KEY_INDEX = {name: k for k, name in enumerate(KEY_EFFECTS)}
_STEP_INDEX = {step: i for i, step in enumerate(STEPS)}
_LEGAL_FLAGS: dict[Enum, tuple[str, str, int, int]] = {
    ActionKind.PLAY_CARD: ("my_hand_flags", "hand", 2, 0),
    ActionKind.CHAMPION_FROM_HAND: ("my_hand_flags", "hand", 2, 1),
    ActionKind.CHAMPION_FROM_POOL: ("my_pool_flags", "pool", 4, 3),
    ActionKind.ATTACK_REALM: ("opp_realm_flags", "slot", 3, 2)}
"""The flag a legal action sets, by kind: (segment, argument, flags per slot, flag); the
observer turns it into one observation index per action id."""


class Seen(NamedTuple):
    """What the rules tell an observer about a state, from one player's seat (or nobody's,
    for replays). The engine builds it (``SpellfireEngine.seen``)."""

    facts: Sequence[Facts]
    """Facts of each card instance (``facts[inst]``)."""
    features: np.ndarray
    """Card features of each card instance, plus a zero row for empty slots (last)."""
    to_act: bool
    """The player must decide now."""
    legal: Sequence[int]
    """Its legal action ids (empty when it is not to act); ids past the battle's are
    ignored."""
    totals: Sequence[int] | None
    """Level totals per player during card play (step ``cards``), else ``None``."""
    entries: Sequence[Mapping[str, Any]] = ()
    """For the JSON view: the legal list (``{"id", "label", "kind", "args"}`` each)."""
    margins: Mapping[int, int] | None = None
    """For the JSON view during card play: the margin each legal card play would leave."""


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
    """Builds the observation layout; encodes a state as the vector, the JSON view and the
    text table, from the state and a :class:`Seen` (what the engine tells it of the state)."""

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
        self._offsets = dict(self.layout.start)
        self._card_start = self._offsets["my_hand"]
        self._legal_flag = [-1] + [self._flag_of(a.kind, a.args) for a in actions.typed()]
        """Per action id: the observation index its legality sets (-1: none)."""

    def _flag_of(self, kind: Enum, args: tuple[tuple[str, int | str], ...]) -> int:
        """The observation index a legal action of ``kind`` sets (:data:`_LEGAL_FLAGS`)."""
        flag = _LEGAL_FLAGS.get(kind)
        if flag is None:
            return -1
        segment, arg, width, k = flag
        return self._offsets[segment] + width * int(dict(args)[arg]) + k

    # --- the vector ----------------------------------------------------------------------------

    def encode(self, state: SpellfireState, me: int, seen: Seen) -> np.ndarray:
        """The observation vector of player ``me`` (see the layout table). It runs at every
        decision: one gather from the card feature matrix fills every card slot, the flags are
        written with precomputed offsets."""
        obs = np.zeros(self.layout.size, dtype=np.float32)
        idx = self._card_rows(state, me, len(state.cards))
        start = self._card_start
        rows = obs[start:start + len(idx) * CARD_FEATURES].reshape(len(idx), CARD_FEATURES)
        rows[...] = np.take(seen.features, idx, axis=0)  # twice as fast as take(out=rows)
        self._head(obs, state, me, seen)
        self._counts(obs, state, me)
        self._legal_flags(obs, seen.legal)
        self._pool_flags(obs, state, me, seen.facts)
        self._realm_flags(obs, state, me)
        self._champion_flags(obs, state, me, seen.facts)
        return obs

    def _card_rows(self, state: SpellfireState, me: int, empty: int) -> list[int]:
        """Rows of the feature matrix for every card slot, in layout order (``empty``: the
        zero row)."""
        h, p = self.actions.hand_slots, self.actions.pool_slots
        opp = 1 - me
        b = state.battle
        mine, theirs = state.players[me], state.players[opp]
        my_hand, my_pool, their_pool = mine.hand[:h], mine.pool[:p], theirs.pool[:p]
        idx = [*my_hand, *([empty] * (h - len(my_hand))), *my_pool,
               *([empty] * (p - len(my_pool))), *their_pool, *([empty] * (p - len(their_pool)))]
        for side in (mine, theirs):
            idx += [empty if r is None else r for r in side.realms]
            idx += [empty if x is None else x for x in side.holdings]
        for q in (me, opp):
            c = b.champion[q]
            idx.append(empty if c is None else c)
        for q in (me, opp):
            support = b.support[q][:SUPPORT_SLOTS]
            idx += support
            idx += [empty] * (SUPPORT_SLOTS - len(support))
        return idx

    def _head(self, obs: np.ndarray, state: SpellfireState, me: int, seen: Seen) -> None:
        """Step, role, whether I decide, the totals and the battle segment."""
        o = self._offsets
        b = state.battle
        attacking = state.attacker == me
        obs[o["step"] + _STEP_INDEX[b.step]] = 1.0
        obs[o["role"] + (0 if attacking else 1)] = 1.0
        if seen.to_act:
            obs[o["to_act"]] = 1.0
            if b.window:
                obs[o["to_act"] + 1] = 1.0
        if seen.totals is not None:
            t = o["totals"]
            mt, ot = seen.totals[me], seen.totals[1 - me]
            obs[t] = _clip(mt / TOTAL_SCALE)
            obs[t + 1] = _clip(ot / TOTAL_SCALE)
            obs[t + 2] = _clip((mt - ot) / TOTAL_SCALE)
            obs[t + 3] = float(mt > ot or (mt == ot and not attacking))
        bt = o["battle"]
        if b.realm is not None:
            obs[bt + b.realm] = 1.0
            realm = state.players[state.defender].realms[b.realm]
            if realm is not None and EffectKind.DEFEAT_TWICE in seen.facts[realm].effects:
                obs[bt + 7] = 1.0
        obs[bt + 6] = b.defeats / 2.0
        obs[bt + 8] = float(b.realm_defends)
        obs[bt + 9] = min(b.round / 2.0, 1.0)

    def _counts(self, obs: np.ndarray, state: SpellfireState, me: int) -> None:
        """Hand, draw pile, discard pile and pool sizes, mine then the opponent's."""
        h, p = self.actions.hand_slots, self.actions.pool_slots
        mine, theirs = state.players[me], state.players[1 - me]
        ct = self._offsets["counts"]
        obs[ct:ct + 8] = (min(len(mine.hand) / h, 1.0), min(len(mine.draw) / PILE_SCALE, 1.0),
                          min(len(mine.discard) / PILE_SCALE, 1.0), min(len(mine.pool) / p, 1.0),
                          min(len(theirs.hand) / h, 1.0),
                          min(len(theirs.draw) / PILE_SCALE, 1.0),
                          min(len(theirs.discard) / PILE_SCALE, 1.0),
                          min(len(theirs.pool) / p, 1.0))

    def _legal_flags(self, obs: np.ndarray, legal: Sequence[int]) -> None:
        """What I may do now, per slot: play or present a hand card, present a pool champion,
        attack a realm (:data:`_LEGAL_FLAGS`, one index per action id)."""
        table = self._legal_flag
        n = len(table)
        for a in legal:
            if a < n and table[a] >= 0:
                obs[table[a]] = 1.0

    def _pool_flags(self, obs: np.ndarray, state: SpellfireState, me: int,
                    fx: Sequence[Facts]) -> None:
        """Per pool slot: attachment bonus and count; for mine, whether it attacked this turn."""
        p = self.actions.pool_slots
        o = self._offsets
        for seg, side, width in ((o["my_pool_flags"], state.players[me], 4),
                                 (o["opp_pool_flags"], state.players[1 - me], 2)):
            if not side.attached and (width == 2 or not side.attacked):
                continue  # nothing attached, no champion has attacked: all zeros
            for j, champ in enumerate(side.pool[:p]):
                attached = side.attached.get(champ)
                if attached:
                    obs[seg + width * j] = _clip(sum(fx[a].bonus for a in attached)
                                                 / BONUS_SCALE)
                    obs[seg + width * j + 1] = min(len(attached) / 4.0, 1.0)
                if width == 4 and champ in side.attacked:
                    obs[seg + 4 * j + 2] = 1.0

    def _realm_flags(self, obs: np.ndarray, state: SpellfireState, me: int) -> None:
        """Per formation slot, mine then the opponent's: razed, exposed (RULES.md §1
        "Table")."""
        o = self._offsets
        for seg, side, width in ((o["my_realm_flags"], state.players[me], 2),
                                 (o["opp_realm_flags"], state.players[1 - me], 3)):
            open_slots = exposed_slots(side)
            for slot in range(len(SLOTS)):
                if side.realms[slot] is None:
                    continue
                if side.razed[slot]:
                    obs[seg + width * slot] = 1.0
                if open_slots[slot]:
                    obs[seg + width * slot + 1] = 1.0

    def _champion_flags(self, obs: np.ndarray, state: SpellfireState, me: int,
                        fx: Sequence[Facts]) -> None:
        """Attachment bonus and count of my champion in the round, then the opponent's."""
        cf = self._offsets["champion_flags"]
        for k, q in enumerate((me, 1 - me)):
            held = state.battle.champion[q]
            attached = None if held is None else state.players[q].attached.get(held)
            if attached:
                obs[cf + 2 * k] = _clip(sum(fx[a].bonus for a in attached) / BONUS_SCALE)
                obs[cf + 2 * k + 1] = min(len(attached) / 4.0, 1.0)

    # --- the JSON view ---------------------------------------------------------------------------

    def view(self, state: SpellfireState, me: int, seen: Seen) -> dict[str, Any]:
        """The same information as :meth:`encode`, as readable JSON (plus, for each legal card
        play, the margin it would leave: arithmetic the player can do from what it sees; the
        ``seen`` of a view carries the legal entries and margins)."""
        fx = seen.facts
        opp = 1 - me
        b = state.battle
        mine, theirs = state.players[me], state.players[opp]
        totals = seen.totals
        view: dict[str, Any] = {
            "system": "spellfire", "me": f"player_{me}",
            "role": "attacker" if state.attacker == me else "defender",
            "step": b.step, "to_act": seen.to_act, "window": b.window and seen.to_act,
            "legal": [dict(e) for e in seen.entries],
            "totals": None if totals is None else {"me": totals[me], "opponent": totals[opp]},
            "hand": [card_view(fx[i]) for i in mine.hand],
            "pool": _pool_view(mine, fx), "formation": _formation_view(mine, fx),
            "draw_count": len(mine.draw), "discard": [card_view(fx[i]) for i in mine.discard],
            "opponent": {"hand_count": len(theirs.hand), "draw_count": len(theirs.draw),
                         "pool": _pool_view(theirs, fx), "formation": _formation_view(theirs, fx),
                         "discard": [card_view(fx[i]) for i in theirs.discard]},
            "battle": {"realm": None if b.realm is None else SLOTS[b.realm], "round": b.round,
                       "defeats": b.defeats, "realm_defends": b.realm_defends,
                       "my_champion": _champion_view(state, me, fx),
                       "opp_champion": _champion_view(state, opp, fx),
                       "my_support": [_support_view(state, i, me, fx) for i in b.support[me]],
                       "opp_support": [_support_view(state, i, opp, fx)
                                       for i in b.support[opp]],
                       # A win-at-once power waiting for the one card that may answer it
                       # (RULES.md §1 "Combat"): public, it is on the table.
                       "threat": None if b.threat is None else _owned(state, b.threat),
                       # Powers used once in this battle (issue 13 audit 2) and champions
                       # bribed away (Bribery!): public, both were played on the table.
                       "spent": [_owned(state, c) for c in b.spent],
                       "bribed": [_owned(state, c) for c in b.bribed],
                       # Champions that fought a round of it (public: they were on the table;
                       # a finished battle keeps them for Silver Hands, issue 13 last1st).
                       "fought": [_owned(state, c) for c in b.fought],
                       # Digits drawn for the round (Wand of Wonder, c4th5b): public, the
                       # card drawn is discarded face up.
                       "digits": [{**_owned(state, c), "digit": d}
                                  for c, d in sorted(b.digits.items())]},
            "outcome": b.outcome, "winner": None if b.winner is None else f"player_{b.winner}",
        }
        if seen.margins is not None:
            view["play_margins"] = dict(seen.margins)
        return view

    # --- text ------------------------------------------------------------------------------------

    def render(self, state: SpellfireState, me: int | None, seen: Seen) -> str:
        """The table as text; from ``me``'s seat the opponent's hand is only counted."""
        b = state.battle
        name = _namer(seen.facts)
        lines = [f"Spellfire battle, turn {state.turn} phase {state.phase}: player_"
                 f"{state.attacker} attacks player_{state.defender}; step {b.step}"
                 + (f", realm {SLOTS[b.realm]}" if b.realm is not None else "")]
        for q, side in enumerate(state.players):
            lines += _side_lines(q, side, me, name)
        if seen.totals is not None:
            t = seen.totals
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


def _support_view(state: SpellfireState, inst: int, p: int, fx: Sequence[Facts]) -> dict[str, Any]:
    """A card in ``p``'s side of the round; with its ``owner`` when that is the other player
    (an ally that switched sides: Shield of Wickedness), which the table shows."""
    out = card_view(fx[inst])
    if state.owner[inst] != p:
        out["owner"] = f"player_{state.owner[inst]}"
    return out


def _owned(state: SpellfireState, c: int) -> dict[str, str]:
    """A card instance in a view: its card key and its owner's name."""
    return {"key": state.cards[c], "player": f"player_{state.owner[c]}"}


def _pool_view(side: Side, fx: Sequence[Facts]) -> list[dict[str, Any]]:
    return [{"card": card_view(fx[c]),
             "attached": [card_view(fx[a]) for a in side.attached.get(c, [])],
             "attacked": c in side.attacked} for c in side.pool]


def _formation_view(side: Side, fx: Sequence[Facts]) -> list[dict[str, Any] | None]:
    out: list[dict[str, Any] | None] = []
    for slot in range(len(SLOTS)):
        r = side.realms[slot]
        if r is None:
            out.append(None)
            continue
        hold = side.holdings[slot]
        out.append({"slot": SLOTS[slot], "realm": card_view(fx[r]), "razed": side.razed[slot],
                    "exposed": exposed(side, slot),
                    "holding": None if hold is None else card_view(fx[hold])})
    return out


def _champion_view(state: SpellfireState, q: int, fx: Sequence[Facts]) -> dict[str, Any] | None:
    c = state.battle.champion[q]
    if c is None:
        return None
    return {"card": card_view(fx[c]),
            "attached": [card_view(fx[a]) for a in state.players[q].attached.get(c, [])]}


def _namer(fx: Sequence[Facts]) -> Callable[[int], str]:
    """A card instance's name for the text table: champions with their level, other cards
    with their bonus."""
    def name(i: int) -> str:
        f = fx[i]
        if f.is_champion:
            return f"{f.name} (L{f.level})"
        return f"{f.name} ({f.bonus:+d})" if f.bonus else f.name

    return name


def _side_lines(q: int, side: Side, me: int | None, name: Callable[[int], str]) -> list[str]:
    """One player's formation, pool, hand (counted only, from the other seat) and piles."""
    realms = []
    for slot in range(len(SLOTS)):
        r = side.realms[slot]
        if r is None:
            realms.append(f"{SLOTS[slot]}: -")
            continue
        text = f"{SLOTS[slot]}: {name(r)}"
        if side.razed[slot]:
            text += " [razed]"
        holding = side.holdings[slot]
        if holding is not None:
            text += f" + {name(holding)}"
        realms.append(text)
    pool = [name(c) + (" with " + ", ".join(name(a) for a in side.attached[c])
                       if side.attached.get(c) else "") for c in side.pool]
    hand = (", ".join(name(i) for i in side.hand) or "empty") if me is None or me == q \
        else f"{len(side.hand)} cards"
    return [f"player_{q}" + (" <- you" if me == q else "") + ":",
            "  formation: " + "; ".join(realms),
            "  pool: " + (", ".join(pool) or "empty"),
            "  hand: " + hand,
            f"  draw pile {len(side.draw)}, discard {len(side.discard)}"]
