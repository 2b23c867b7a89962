"""What one player of Solium Infernum sees: vector, JSON view and text.

Public: the map (every legion with its type, stats and hit points, every Place of Power with
owner and hit points), Tribute, hand and deck sizes, the order in progress, the revealed cards
and result of the last battle. Private: one's own hand and the cards one has attached to a
pending battle. The opponent's hand and its attached cards never appear; its hand size counts
the cards it has attached as still in hand (so attaching leaks nothing before the reveal).

The vector is egocentric ("me" is the observing player; the map is not rotated, the legion
lists say whose is whose) and every value lies in [-1, 1]. Its size depends on the map preset
(width x height cantons, number of Places); the index table is in the docs page
(``layout.table()``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.observation import ObservationLayout, Segment
from .actions import ActionSet
from .combat import card_slots
from .config import MAX_LEGIONS, SoliumInfernumConfig
from .data import ABILITIES, PHASE_NAMES, Tables
from .forces import combatant, defender_player, totals
from .state import NEUTRAL, Battle, Side, SoliumState

STAT_SCALE = 20.0
HP_SCALE = 20.0
LEVEL_SCALE = 10.0
MOVE_SCALE = 6.0
TRIBUTE_SCALE = 20.0
HAND_SCALE = 10.0
DECK_SCALE = 30.0
LEGION_FIELDS = 10 + len(ABILITIES)
"""alive, x, y, hp, level, ranged, melee, infernal, move, under orders, then ability flags."""
PHASE_INDEX = {"order": 0, "move": 1, "cards": 2, "over": 3}


class SoliumObserver:
    """Builds the observation layout from the tables and the map, and encodes states with it.

    It reads the state, the tables and the config only (never the engine): what only the rules
    know (who is to act, the legal actions) is handed to :meth:`view` as values.
    """

    def __init__(self, tables: Tables, actions: ActionSet, config: SoliumInfernumConfig) -> None:
        self.tables = tables
        self.actions = actions
        if config.mode == "battle":
            self.width, self.height, self.num_places = 3, 3, 1
        else:
            preset = tables.maps[config.map]
            self.width, self.height, self.num_places = (preset.width, preset.height,
                                                        len(preset.places))
        nc = len(actions.card_names)
        cells = self.width * self.height
        self.layout = ObservationLayout([
            Segment("phase", 4, "one-hot: order, move, cards, over"),
            Segment("to_act", 1, "1 if I must decide now"),
            Segment("turn", 3, "1 if it is my turn; turn / turns; turns left / turns"),
            Segment("moves_left", 1, "move points left to the legion under orders / 6"),
            Segment("economy", 6, "my Tribute / 20, opponent's Tribute / 20, my hand / 10, "
                                  "opponent's hand / 10 (attached cards count as in hand), my "
                                  "deck / 30, opponent's deck / 30 (all capped at 1)"),
            Segment("my_hand", nc, "my cards of each kind (combat_cards.json order) / 3, "
                                   "attached ones included"),
            Segment("grid", cells * 5, "per canton (row by row from the north-west): my legion, "
                                       "the opponent's legion, my Place, the opponent's Place, "
                                       "a neutral Place"),
            Segment("my_legions", MAX_LEGIONS * LEGION_FIELDS,
                    f"per legion slot: alive, x / (width-1), y / (height-1), hp / 20, level / "
                    f"10, ranged, melee, infernal / 20, move / 6, under orders, then a flag per "
                    f"ability ({', '.join(ABILITIES)})"),
            Segment("opp_legions", MAX_LEGIONS * LEGION_FIELDS, "the same for the opponent"),
            Segment("places", self.num_places * 6, "per Place (map order): x / (width-1), "
                                                   "y / (height-1), mine, the opponent's, "
                                                   "neutral, hp / 20"),
            Segment("battle", 13, "pending battle: I attack, I defend, the defender is a Place; "
                                  "my ranged, melee, infernal with support / 20, my hp / 20, the "
                                  "enemy's ranged, melee, infernal with support / 20, its hp / "
                                  "20, my free card slots / 4"),
            Segment("my_attached", nc, "cards I have attached to the pending battle / 4"),
            Segment("last_battle", 5 + nc, "last battle: I attacked, I defended, I won, I lost, "
                                           "stalemate; then the cards the opponent revealed in it "
                                           "(counts / 4)"),
        ])
        self._s = self.layout.start
        self._economy_at = self._s["economy"]
        self._grid_at = self._s["grid"]
        assert self._s["my_hand"] == self._economy_at + 6
        self._card_index = {name: c for c, name in enumerate(actions.card_names)}
        self._memo: dict[Any, Any] = {}
        """Memoised blocks (legions, Places, economy), keyed by what they are computed from."""
        self._legion_rows = {
            name: self._legion_row(name) for name in tables.legions}

    def _legion_row(self, name: str) -> np.ndarray:
        """A legion slot as written for a living legion of this type: alive, the fields that
        never change (level, stats, move, abilities); position, hp and orders left at 0."""
        t = self.tables.legions[name]
        row = [1.0, 0.0, 0.0, 0.0, t.level / LEVEL_SCALE, t.stats[0] / STAT_SCALE,
               t.stats[1] / STAT_SCALE, t.stats[2] / STAT_SCALE, t.move / MOVE_SCALE, 0.0]
        row += [1.0 if ab in t.abilities else 0.0 for ab in ABILITIES]
        return np.array([min(v, 1.0) for v in row], dtype=np.float32)

    # --- the vector --------------------------------------------------------------------------

    def encode(self, state: SoliumState, me: int) -> np.ndarray:
        """The observation vector of player ``me`` (see the layout table).

        The map part changes only when legions, Places, hands or Tribute change, so it is cached
        in ``state.cache`` (the engine clears it then, not on each secret card step); only the
        per-decision segments are written here.
        """
        cached = state.cache.get(me)
        if cached is None:
            cached = state.cache[me] = self._encode_map(state, me)
        obs = cached.copy()
        s = self._s
        battle = state.battle
        if battle is not None and not battle.done[me]:
            obs[s["to_act"]] = 1.0
        elif state.phase in ("order", "move") and state.current == me:
            obs[s["to_act"]] = 1.0
        if battle is not None:
            attached = battle.attached[me]
            if attached:
                base = s["my_attached"]
                for c, _ in attached:
                    obs[base + c] += 0.25
                side_index = 0 if battle.attacker == me else 1
                _, _, level, _ = combatant(self.tables, state, battle, side_index)
                obs[s["battle"] + 12] = max(0, card_slots(level) - len(attached)) / 4.0
        return obs

    def _encode_map(self, state: SoliumState, me: int) -> np.ndarray:
        # Written straight into the float32 vector, slot rows copied from precomputed ones: this
        # runs after nearly every map step (speed target of the issue).
        v = np.zeros(self.layout.size, dtype=np.float32)
        self._encode_turn(state, me, v)
        self._encode_economy(state, me, v)
        self._encode_board(state, me, v)
        if state.battle is not None:
            self._encode_battle(state, me, v)
        if state.last_battle is not None:
            self._encode_last_battle(state.last_battle, me, v)
        return v

    def _encode_turn(self, state: SoliumState, me: int, v: np.ndarray) -> None:
        """Segments ``phase``, ``turn`` and ``moves_left``."""
        s = self._s
        v[s["phase"] + PHASE_INDEX[state.phase]] = 1.0
        t = s["turn"]
        if state.current == me and state.phase != "over":
            v[t] = 1.0
        v[t + 1] = state.turn / state.turns
        v[t + 2] = (state.turns - state.turn) / state.turns
        if state.moves_left:
            v[s["moves_left"]] = min(state.moves_left / MOVE_SCALE, 1.0)

    def _encode_economy(self, state: SoliumState, me: int, v: np.ndarray) -> None:
        """Segments ``economy`` and ``my_hand`` (one block: ``my_hand`` follows ``economy``),
        memoised on the counts they show: attached cards still count as in hand."""
        mine, theirs = state.players[me], state.players[1 - me]
        battle = state.battle
        hand = mine.hand
        held_theirs = sum(theirs.hand)
        if battle is not None:
            held_theirs += len(battle.attached[1 - me])
            hand = list(hand)
            for c, _ in battle.attached[me]:
                hand[c] += 1
        key = ("economy", mine.tribute, theirs.tribute, tuple(hand), held_theirs,
               len(mine.deck), len(theirs.deck))
        block = self._memo.get(key)
        if block is None:
            block = self._memo[key] = np.array([
                min(mine.tribute / TRIBUTE_SCALE, 1.0), min(theirs.tribute / TRIBUTE_SCALE, 1.0),
                min(sum(hand) / HAND_SCALE, 1.0), min(held_theirs / HAND_SCALE, 1.0),
                min(len(mine.deck) / DECK_SCALE, 1.0), min(len(theirs.deck) / DECK_SCALE, 1.0),
                *[min(n / 3.0, 1.0) for n in hand]], dtype=np.float32)
        e = self._economy_at
        v[e:e + block.shape[0]] = block

    def _encode_board(self, state: SoliumState, me: int, v: np.ndarray) -> None:
        """Segments ``grid``, ``my_legions``, ``opp_legions`` and ``places``."""
        s = self._s
        for who, p, seg in ((0, me, "my_legions"), (1, 1 - me, "opp_legions")):
            block, cells = self._legions_block(state, state.players[p], who)
            base = s[seg]
            v[base:base + block.shape[0]] = block
            v[cells] = 1.0
            if state.current == p and state.selected >= 0:
                v[base + state.selected * LEGION_FIELDS + 9] = 1.0
        block, cells = self._places_block(state, me)
        v[s["places"]:s["places"] + block.shape[0]] = block
        v[cells] = 1.0

    def _encode_last_battle(self, last: dict[str, Any], me: int, v: np.ndarray) -> None:
        """Segment ``last_battle``: my role and result, the cards the opponent revealed."""
        lb = self._s["last_battle"]
        attacker = last["attacker"]
        defender = last["defender"]
        if attacker == me:
            v[lb] = 1.0
        elif defender == me:
            v[lb + 1] = 1.0
        winner = last["winner"]
        if winner is None:
            v[lb + 4] = 1.0
        elif attacker == me or defender == me:
            won = (winner == "attacker") == (attacker == me)
            v[lb + (2 if won else 3)] = 1.0
        index = self._card_index
        for entry in last["cards"][1 - me]:
            v[lb + 5 + index[entry["card"]]] += 0.25

    def _legions_block(self, state: SoliumState, side: Any, who: int
                       ) -> tuple[np.ndarray, np.ndarray]:
        """One side's legion slots and the ``grid`` entries of the cantons they stand on
        (channel ``who``: 0 mine, 1 the opponent's), memoised on the legions' (type, place,
        hp): a move changes one side only, so the other side is found again."""
        key = ("legions", who, state.width, state.height,
               tuple([(k, lg.kind, lg.x, lg.y, lg.hp)
                      for k, lg in enumerate(side.legions) if lg.alive]))
        found = self._memo.get(key)
        if found is None:
            if len(self._memo) > 100_000:
                self._memo.clear()
            wx = 1.0 / max(1, state.width - 1)
            wy = 1.0 / max(1, state.height - 1)
            block = np.zeros(MAX_LEGIONS * LEGION_FIELDS, dtype=np.float32)
            cells = []
            for k, lg in enumerate(side.legions):
                if not lg.alive:
                    continue
                o = k * LEGION_FIELDS
                block[o:o + LEGION_FIELDS] = self._legion_rows[lg.kind]
                block[o + 1] = lg.x * wx
                block[o + 2] = lg.y * wy
                block[o + 3] = min(lg.hp / HP_SCALE, 1.0)
                if lg.x < self.width and lg.y < self.height:
                    cells.append(self._grid_at + (lg.y * self.width + lg.x) * 5 + who)
            found = self._memo[key] = (block, np.array(cells, dtype=np.intp))
        return found  # type: ignore[no-any-return]

    def _places_block(self, state: SoliumState, me: int) -> tuple[np.ndarray, np.ndarray]:
        """The Places segment and its ``grid`` entries (cell * 5 + channel), memoised."""
        key = ("places", me, state.width, state.height,
               tuple([(pl.kind, pl.x, pl.y, pl.owner, pl.hp) for pl in state.places]))
        found = self._memo.get(key)
        if found is None:
            wx = 1.0 / max(1, state.width - 1)
            wy = 1.0 / max(1, state.height - 1)
            block = np.zeros(self.num_places * 6, dtype=np.float32)
            cells = []
            for i, place in enumerate(state.places[:self.num_places]):
                o = i * 6
                block[o] = place.x * wx
                block[o + 1] = place.y * wy
                kind = 4 if place.owner == NEUTRAL else (2 if place.owner == me else 3)
                block[o + kind] = 1.0
                block[o + 5] = min(place.hp / HP_SCALE, 1.0)
                if place.x < self.width and place.y < self.height:
                    cells.append(self._grid_at + (place.y * self.width + place.x) * 5 + kind)
            found = self._memo[key] = (block, np.array(cells, dtype=np.intp))
        return found  # type: ignore[no-any-return]

    def _encode_battle(self, state: SoliumState, me: int, v: np.ndarray) -> None:
        battle = state.battle
        assert battle is not None
        tables = self.tables
        b = self._s["battle"]
        mine = 0 if battle.attacker == me else 1
        v[b + mine] = 1.0
        defender = defender_player(state, battle)
        if mine == 1 and defender != me:
            v[b + 1] = 0.0
        v[b + 2] = 1.0 if battle.place >= 0 else 0.0
        stats, _, _ = totals(tables, state, battle, with_cards=False)
        for j, s in enumerate((mine, 1 - mine)):
            o = b + 3 + 4 * j
            for i in range(3):
                v[o + i] = min(stats[s][i] / STAT_SCALE, 1.0)
            v[o + 3] = min(combatant(tables, state, battle, s)[1] / HP_SCALE, 1.0)
        if (battle.attacker == me or defender == me):
            _, _, level, _ = combatant(tables, state, battle, mine)
            v[b + 12] = card_slots(level) / 4.0

    # --- JSON view and text ----------------------------------------------------------------------

    def view(self, state: SoliumState, me: int, to_act: bool,
             legal: list[dict[str, Any]]) -> dict[str, Any]:
        """The same information as :meth:`encode`, as readable JSON; ``to_act`` and ``legal``
        (the engine's ``legal_entries``) come from the rules."""
        opp = 1 - me
        names = self.actions.card_names
        battle = state.battle
        mine, theirs = state.players[me], state.players[opp]
        hand = list(mine.hand)
        attached = battle.attached[me] if battle is not None else []
        for c, _ in attached:
            hand[c] += 1
        opp_hand = sum(theirs.hand) + (len(battle.attached[opp]) if battle else 0)
        out: dict[str, Any] = {
            "system": "solium_infernum", "me": f"player_{me}", "mode": state.mode,
            "phase": state.phase, "turn": state.turn, "turns": state.turns,
            "current": f"player_{state.current}", "width": state.width, "height": state.height,
            "to_act": to_act,
            "legal": legal,
            "selected": state.selected if state.phase in ("move", "cards") else None,
            "moves_left": state.moves_left,
            "me_side": {"tribute": mine.tribute, "hand": {names[c]: n for c, n in enumerate(hand)
                                                          if n},
                        "deck": len(mine.deck), "discard": len(mine.discard),
                        "destroyed": mine.destroyed, "legions": self._legions_view(mine)},
            "opponent": {"tribute": theirs.tribute, "hand": opp_hand, "deck": len(theirs.deck),
                         "discard": list(theirs.discard), "destroyed": theirs.destroyed,
                         "legions": self._legions_view(theirs)},
            "places": [{"kind": pl.kind, "at": [pl.x, pl.y], "hp": pl.hp,
                        "owner": "neutral" if pl.owner == NEUTRAL else (
                            "me" if pl.owner == me else "opponent"),
                        "level": self.tables.places[pl.kind].level,
                        "stats": list(self.tables.places[pl.kind].stats)}
                       for pl in state.places],
            "battle": None,
            "last_battle": state.last_battle,
        }
        if battle is not None:
            out["battle"] = self._battle_view(state, battle, me, attached)
        return out

    def _legions_view(self, side: Side) -> list[dict[str, Any]]:
        out = []
        for k, lg in enumerate(side.legions):
            t = self.tables.legions[lg.kind]
            out.append({"slot": k, "kind": lg.kind, "alive": lg.alive, "at": [lg.x, lg.y],
                        "hp": lg.hp, "max_hp": t.hp, "level": t.level,
                        "stats": list(t.stats), "move": t.move,
                        "abilities": list(t.abilities)})
        return out

    def _battle_view(self, state: SoliumState, battle: Battle, me: int,
                     attached: list[tuple[int, int]]) -> dict[str, Any]:
        """The pending battle as ``me`` sees it: totals with support, no cards (they are
        secret), and the cards ``me`` has attached."""
        tables = self.tables
        names = self.actions.card_names
        stats, _, abilities = totals(tables, state, battle, with_cards=False)
        mine_side = 0 if battle.attacker == me else 1
        defender = defender_player(state, battle)
        sides = [combatant(tables, state, battle, s) for s in (0, 1)]
        return {
            "at": [battle.x, battle.y],
            "role": "attacker" if battle.attacker == me else (
                "defender" if defender == me else "none"),
            "defender_is_place": battle.place >= 0,
            "attacker": {"stats": stats[0], "hp": sides[0][1], "level": sides[0][2],
                         "abilities": abilities[0]},
            "defender": {"stats": stats[1], "hp": sides[1][1], "level": sides[1][2],
                         "abilities": abilities[1]},
            "my_side": ("attacker", "defender")[mine_side],
            "attached": [[names[c], None if s < 0 else PHASE_NAMES[s]] for c, s in attached],
        }

    def render(self, state: SoliumState, me: int | None) -> str:
        """The map as text, then the legions, Places and hands; from ``me``'s seat the
        opponent's hand and attached cards stay hidden.

        Each canton is two characters: a legion (``A``-``F`` player_0's slots 1-6, ``a``-``f``
        player_1's) or ``.``, then a Place (``0`` / ``1`` its owner, ``*`` neutral) or a space.
        """
        lines = []
        if state.phase == "over":
            lines.append(f"Game over after {state.turn} of {state.turns} turns.")
        else:
            lines.append(f"Turn {state.turn + 1} of {state.turns}: player_{state.current} gives "
                         f"an order; phase {state.phase}.")
        lines += self._render_map(state)
        for p in (0, 1):
            lines += self._render_side(state, p, me)
        for pl in state.places:
            pt = self.tables.places[pl.kind]
            owner = "neutral" if pl.owner == NEUTRAL else f"player_{pl.owner}"
            lines.append(f"Place {pl.kind} L{pt.level} at {pl.x},{pl.y} ({owner}): "
                         f"{pt.stats[0]}/{pt.stats[1]}/{pt.stats[2]} HP {pl.hp}/{pt.hp}")
        lines += self._render_battle(state, me)
        if state.phase == "cards" and state.moves_left:
            lines.append(f"Move points left after the battle: {state.moves_left}")
        elif state.phase == "move":
            lines.append(f"Move points left: {state.moves_left}")
        return "\n".join(lines)

    @staticmethod
    def _render_map(state: SoliumState) -> list[str]:
        where: dict[tuple[int, int], str] = {}
        for p, side in enumerate(state.players):
            for k, lg in enumerate(side.legions):
                if lg.alive:
                    where[(lg.x, lg.y)] = chr((65 if p == 0 else 97) + k)
        marks = {(pl.x, pl.y): "*" if pl.owner == NEUTRAL else str(pl.owner)
                 for pl in state.places}
        lines = ["    " + " ".join(f"{x:<2}" for x in range(state.width))]
        for y in range(state.height):
            cells = [where.get((x, y), ".") + marks.get((x, y), " ") for x in range(state.width)]
            lines.append(f"{y:>2}  " + " ".join(cells))
        return lines

    def _render_side(self, state: SoliumState, p: int, me: int | None) -> list[str]:
        """A player's economy (its hand hidden from the other seat) and its legions."""
        names = self.actions.card_names
        side = state.players[p]
        you = " <- you" if me == p else ""
        if me is None or me == p:
            hand = ", ".join(f"{n} {names[c]}" for c, n in enumerate(side.hand) if n)
            hand_text = f"hand: {hand or 'empty'}"
        else:
            held = sum(side.hand) + (len(state.battle.attached[p]) if state.battle else 0)
            hand_text = f"hand: {held} cards"
        lines = [f"player_{p}{you}: Tribute {side.tribute} | {hand_text} | deck "
                 f"{len(side.deck)} | enemy legions destroyed {side.destroyed}"]
        for k, lg in enumerate(side.legions):
            t = self.tables.legions[lg.kind]
            tag = chr((65 if p == 0 else 97) + k)
            if not lg.alive:
                lines.append(f"  {tag} {lg.kind}: destroyed")
                continue
            order = " (under orders)" if (p == state.current and k == state.selected
                                          and state.phase in ("move", "cards")) else ""
            ab = f" [{', '.join(t.abilities)}]" if t.abilities else ""
            lines.append(f"  {tag} {lg.kind} L{t.level} at {lg.x},{lg.y}: "
                         f"{t.stats[0]}/{t.stats[1]}/{t.stats[2]} HP {lg.hp}/{t.hp} "
                         f"move {t.move}{ab}{order}")
        return lines

    def _render_battle(self, state: SoliumState, me: int | None) -> list[str]:
        battle = state.battle
        if battle is None:
            return []
        names = self.actions.card_names
        lines = [f"Battle pending at {battle.x},{battle.y}: player_{battle.attacker} "
                 f"attacks; cards are being attached in secret."]
        for p in (0, 1):
            if battle.attached[p] and (me is None or me == p):
                shown = ", ".join(names[c] + (f" ({PHASE_NAMES[s]})" if s >= 0 else "")
                                  for c, s in battle.attached[p])
                lines.append(f"  player_{p} attached (secret): {shown}")
        return lines
