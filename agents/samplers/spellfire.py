"""Sampling a Spellfire state from one player's view (battles and the whole game; issue 15).

Public (RULES.md §1 "Table"): both formations, pools with their attachments, discard piles,
the battle's champions and support cards, the size of every hand and draw pile; in the whole game
the rule cards in play, a truce, the phase 5 discard target and the champions in Limbo that come
back, and in a battle the powers used and the champions bribed (issue 13). Hidden: the
opponent's hand and the order (and, for the searcher, the content) of both draw piles; the
limbo, abyss and void piles are not in the view either. Which decks are played is public
when the config names them; with ``decks="random"`` it is not, so each player's deck is drawn
among the pack's playable decks that hold every card that player has shown (a uniform prior
over the decks the deal could have picked, conditioned on the visible cards).

A player's unseen cards are its deck less its visible cards, shuffled: the opponent's hand
first, then the draw pile. Card instances are numbered afresh (``cards``/``owner`` in the
state's JSON); nothing of the true state's numbering is needed.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np

from ...envs.spellfire.battle.deal import playable_decks
from ...envs.spellfire.battle.luck import new_luck
from ...envs.spellfire.battle.rules import SpellfireEngine

SUPPORT = ("my_support", "opp_support")
CHAMPION = ("my_champion", "opp_champion")


class _Table:
    """The card instances of the sampled state, numbered as they are added."""

    def __init__(self) -> None:
        self.cards: list[str] = []
        self.owner: list[int] = []
        self.piles: set[int] = set()
        """Instances in a hand, a draw pile or a discard pile (not in play)."""

    def add(self, card: dict[str, Any] | str, owner: int) -> int:
        self.cards.append(card if isinstance(card, str) else card["key"])
        self.owner.append(owner)
        return len(self.cards) - 1

    def all(self, cards: list[dict[str, Any]], owner: int) -> list[int]:
        return [self.add(c, owner) for c in cards]

    def pile(self, instances: list[int]) -> list[int]:
        """Mark ``instances`` as in a hand or pile; returns them."""
        self.piles.update(instances)
        return instances


def battle_engine(engine: Any) -> SpellfireEngine:
    """The battle engine (the whole game's engine holds one as ``battle``)."""
    inner = getattr(engine, "battle", engine)
    if not isinstance(inner, SpellfireEngine):
        raise TypeError(f"expected a Spellfire engine, got {type(engine).__name__}")
    return inner


def sample(engine: Any, view: dict[str, Any], player: int,
           rng: np.random.Generator) -> Any:
    """A full state agreeing with ``player``'s ``view``, the hidden cards drawn."""
    data = sample_json(engine, view, player, rng)
    # Built here, so the schema check is skipped (a twelfth of a whole-game search decision);
    # the invariants are not. tests/search/test_mcts.py reads samples with the schema.
    return engine.from_json(data, schema=False)


def sample_json(engine: Any, view: dict[str, Any], player: int,
                rng: np.random.Generator) -> dict[str, Any]:
    """The sampled state as JSON (what :func:`sample` reads)."""
    me, opp = player, 1 - player
    table = _Table()
    seen = [_seen(view, q) for q in (me, opp)]
    sides: list[dict[str, Any]] = [{}, {}]
    views = {me: view, opp: view["opponent"]}
    champions: list[Any] = [None, None]
    attacker = _attacker(view, me)
    seen_cards: list[int] = []  # issue 13 (first_c): the opponent's hand cards I saw
    for q, shown in zip((me, opp), seen, strict=True):
        side_view = views[q]
        deck = _deck(engine, q, shown, rng)
        unseen = sorted((deck - shown).elements())
        order = [unseen[int(i)] for i in rng.permutation(len(unseen))]
        hand_count = len(view["hand"]) if q == me else side_view["hand_count"]
        # Issue 13 (first_c): the opponent's cards I saw in its hand this turn are there.
        known = [c["key"] for c in view.get("seen_hand", [])][:hand_count] if q == opp else []
        need = (hand_count - len(known)) * (q == opp) + side_view["draw_count"]
        if len(order) < need:  # a deck guess that cannot hold them all (foreign decks)
            pool = sorted(deck.elements()) or sorted(shown.elements())
            order += [pool[int(i)] for i in rng.integers(len(pool), size=need - len(order))]
        hand = table.all(view["hand"], me) if q == me else [
            table.add(k, q) for k in known + order[:hand_count - len(known)]]
        rest = order[hand_count - len(known):] if q == opp else order
        if known:
            seen_cards = hand[:len(known)]
        draw = [table.add(k, q) for k in rest[:side_view["draw_count"]]]
        sides[q], champions[q] = _side(table, side_view, view["battle"], q == me,
                                           q == attacker, q, draw, hand)
    data: dict[str, Any] = {
        "system": "spellfire", "mode": "battle", "cards": table.cards, "owner": table.owner,
        "attacker": attacker, "players": sides,
    }
    phase = view.get("phase", 4)
    if view.get("mode") == "game":
        data.update(mode="game", phase=phase, turn=view["turn"], game={
            "realm_played": view["realm_played"], "holding_played": view["holding_played"],
            "rebuild_owed": view["rebuild_owed"], "result": view["result"],
            "winner": _seat(view["game_winner"]), **_turn(view, table, sides, me, attacker),
            **_lasting(view, table, sides)})
        if seen_cards:  # first_c: what I saw stays seen in the sampled state
            data["game"]["seen"] = {str(me): seen_cards}
    # Outside phase 4 the last battle's outcome stays on the table (step "over").
    data["battle"] = _battle(view, table, champions, me)
    threat = view["battle"].get("threat")
    if threat is not None:
        data["battle"]["threat"] = _instance(table, threat["key"], _seat(threat["player"]))
    # public: powers used, champions bribed, champions that fought (issue 13; last1st)
    for key in ("spent", "bribed", "fought"):
        found = [_instance(table, e["key"], _seat(e["player"]))
                 for e in view["battle"].get(key, [])]
        data["battle"][key] = [c for c in found if c is not None]
    digits = [[_instance(table, e["key"], _seat(e["player"])), e["digit"]]
              for e in view["battle"].get("digits", [])]  # Wand of Wonder (c4th5b)
    data["battle"]["digits"] = [x for x in digits if x[0] is not None]
    # Issue 13 (c1st5): the game's chance is hidden; the searcher does not know the future
    # shuffles, so the sampled state gets a seed of its own (drawn last).
    data["luck"] = new_luck(rng)
    return data


def _lasting(view: dict[str, Any], table: _Table,
             sides: list[dict[str, Any]]) -> dict[str, Any]:
    """What outlasts a battle and the view shows (issue 13, c1st3): the rule cards in play, a
    truce, the phase 5 discard target, the champions in Limbo that come back (each put in
    its owner's Limbo pile), and the cards still in effect (``lasting``, with their turns)."""
    _place(view.get("rule_cards", []), table, sides, "rule")
    returning = [card for card, _ in _place(view.get("returning", []), table, sides, "limbo")]
    out: dict[str, Any] = {"truce": _seat(view.get("truce")),
                           "discard_to": view.get("discard_to"),
                           # Issue 13 (outside): Map of Life, Disintegrate (public).
                           "realm_bar": _seat(view.get("realm_bar")),
                           "no_attack": bool(view.get("no_attack", False)),
                           # Issue 13 (first_c): whose turn follows a Caravan's; the Cup's
                           # discards (public).
                           "due": _seat(view.get("due")), "cup": int(view.get("cup", 0)),
                           # the other player's draws by a power this turn (public)
                           "given": int(view.get("given", 0))}
    if returning:
        out["returning"] = returning
    # Cards in effect from an earlier battle (issue 13).
    placed = _place(view.get("lasting", []), table, sides, "lasting")
    until = {str(card): entry["until"] for card, entry in placed
             if entry.get("until") is not None}
    for card, entry in placed:  # first_a: one staying on a champion until dispelled (public)
        on = entry.get("on")
        champion = None if on is None else _instance(table, on["key"], _seat(on["player"]))
        if champion is not None:
            sides[table.owner[card]].setdefault("cursing", {})[str(card)] = champion
    if until:
        out["lasting_until"] = until
    # Issue 13 (outside): champions in a pool that Geas benched (public), with their turns;
    # (out4th) champions Death Fog barred from attacking (public), with their turns.
    for name in ("benched", "attack_barred"):
        held = {str(c): e["until"] for e in view.get(name, [])
                if (c := _pool_instance(table, sides, e["key"], _seat(e["player"]))) is not None}
        if held:
            out[name] = held
    return out


def _pool_instance(table: _Table, sides: list[dict[str, Any]], key: str,
                   owner: int | None) -> int | None:
    """The champion ``key`` in ``owner``'s pool (a deck may hold another copy, fighting in the
    battle or in a pile)."""
    if owner is None:
        return None
    return next((entry["champion"] for entry in sides[owner]["pool"]
                 if table.cards[entry["champion"]] == key), None)


def _place(entries: list[dict[str, Any]], table: _Table, sides: list[dict[str, Any]],
           zone: str) -> list[tuple[int, dict[str, Any]]]:
    """Each public card ``entries`` names (``key``, ``player``) as a new instance in its owner's
    ``zone``; the instances with their entries."""
    placed = []
    for entry in entries:
        q = _seat(entry["player"])
        if q is not None and "key" in entry:
            card = table.add(entry["key"], q)
            sides[q].setdefault(zone, []).append(card)
            placed.append((card, entry))
    return placed


#: The view's lists of public cards outside the zones it draws (issue 13): each is placed
#: by :func:`_lasting`, so it is seen and not sampled again among the unseen cards.
_PLACED = ("rule_cards", "returning", "lasting")

def _instance(table: _Table, key: str, owner: int | None) -> int | None:
    """The instance of card ``key`` owned by ``owner`` in play in the sampled table (a card is
    in play once at most; a deck may hold another copy in a hand or pile, which is never the
    one meant), else the last one added."""
    found = None
    for i in range(len(table.cards) - 1, -1, -1):
        if table.cards[i] == key and table.owner[i] == owner:
            if i not in table.piles:
                return i
            found = i if found is None else found
    return found


def _turn(view: dict[str, Any], table: _Table, sides: list[dict[str, Any]], me: int,
          attacker: int) -> dict[str, Any]:
    """The game's waiting spoils card (seed 001) and this turn's attacks (seed 000, end). An
    opponent's waiting spoils card is hidden: the first card of its sampled hand stands in."""
    out: dict[str, Any] = {}
    waiting = _seat(view.get("spoils_waiting"))
    if waiting == me and view.get("spoils_slot") is not None:
        out["spoils"] = sides[me]["hand"][view["spoils_slot"]]
    elif waiting is not None and sides[waiting]["hand"]:
        out["spoils"] = sides[waiting]["hand"][0]
    if view.get("between_turns"):  # first_c: I am asked between two turns (The Caravan)
        out["between"] = [me]
    pending = view.get("pending")  # issue 13 (outside): my card waiting for its target
    if pending is not None and view.get("my_turn"):
        keys = [c["key"] for c in view["hand"]]
        out["pending"] = sides[me]["hand"][keys.index(pending)]
    attacks = [_instance(table, key, attacker) for key in view.get("attacks", [])]
    if attacks and None not in attacks:
        out["attacks"] = attacks
    return out


def _attacker(view: dict[str, Any], me: int) -> int:
    if view.get("mode") == "game":
        return me if view["my_turn"] else 1 - me
    return me if view["role"] == "attacker" else 1 - me


def _seat(name: str | None) -> int | None:
    return None if name is None else int(name.removeprefix("player_"))


def _seen(view: dict[str, Any], q: int) -> Counter[str]:
    """Keys of every card of player ``q`` the view shows (``q`` 0: the viewer)."""
    me = _seat(view["me"])
    side = view if q == me else view["opponent"]
    keys = [c["key"] for c in side["discard"]]
    if q == me:
        keys += [c["key"] for c in view["hand"]]
    else:  # issue 13 (first_c): the cards of its hand I saw this turn (Ring of All Seeing)
        keys += [c["key"] for c in view.get("seen_hand", [])]
    for entry in side["pool"]:
        keys += [entry["card"]["key"]] + [a["key"] for a in entry["attached"]]
    for slot in side["formation"]:
        if slot is not None:
            keys.append(slot["realm"]["key"])
            if slot["holding"] is not None:
                keys.append(slot["holding"]["key"])
    battle = view["battle"]
    k = 0 if q == me else 1
    champion = battle[CHAMPION[k]]
    if champion is not None:
        keys += [champion["card"]["key"]] + [a["key"] for a in champion["attached"]]
    for j, name in enumerate(SUPPORT):  # a switched ally shows its owner
        seat = me if j == 0 else 1 - int(me or 0)
        keys += [c["key"] for c in battle[name] if _seat(c.get("owner", f"player_{seat}")) == q]
    keys += [e["key"] for name in _PLACED for e in view.get(name, [])
             if "key" in e and _seat(e["player"]) == q]  # issue 13
    return Counter(keys)


def _deck(engine: Any, q: int, shown: Counter[str], rng: np.random.Generator) -> Counter[str]:
    """Player ``q``'s deck: named by the config, else drawn among the playable decks that
    hold every card ``q`` has shown (the closest one if none does)."""
    inner = battle_engine(engine)
    source = inner.source
    named = inner.config.decks
    if not isinstance(named, str):
        return Counter(source.decks[named[q]])
    titles, decks = _playable(source)
    fits = _fitting(source, decks, shown)
    if fits:
        return decks[fits[int(rng.integers(len(fits)))]]
    return min(decks, key=lambda d: (sum((shown - d).values()), titles[decks.index(d)]))


_PLAYABLE: dict[int, tuple[Any, list[str], list[Counter[str]]]] = {}

_FITS: dict[tuple[int, frozenset[tuple[str, int]]], list[int]] = {}
"""(pack, cards shown) -> the playable decks holding them all: the same for every sample of
a search (a search samples one view hundreds of times)."""


def _fitting(source: Any, decks: list[Counter[str]], shown: Counter[str]) -> list[int]:
    """Indices of the ``decks`` that hold every card of ``shown``."""
    key = (id(source), frozenset(shown.items()))
    found = _FITS.get(key)
    if found is None:
        if len(_FITS) > 4096:
            _FITS.clear()
        found = _FITS[key] = [i for i, d in enumerate(decks) if not shown - d]
    return found


def _playable(source: Any) -> tuple[list[str], list[Counter[str]]]:
    """The playable deck titles of ``source`` and their card counts (computed once per pack:
    a pack is read-only once loaded)."""
    known = _PLAYABLE.get(id(source))
    if known is None or known[0] is not source:
        titles = playable_decks(source)
        known = (source, titles, [Counter(source.decks[t]) for t in titles])
        _PLAYABLE[id(source)] = known
    return known[1], known[2]


def _side(table: _Table, side: dict[str, Any], battle: dict[str, Any], mine: bool,
          attacking: bool, q: int, draw: list[int],
          hand: list[int]) -> tuple[dict[str, Any], Any]:
    """One player's zones as state JSON, and its champion in the battle (or ``None``)."""
    pool, attacked = [], []
    for entry in side["pool"]:
        card = table.add(entry["card"], q)
        pool.append({"champion": card, "attached": table.all(entry["attached"], q)})
        if entry.get("attacked"):
            attacked.append(card)
    formation: list[dict[str, Any] | None] = []
    for slot in side["formation"]:
        if slot is None:
            formation.append(None)
            continue
        holding = slot["holding"]
        formation.append({"realm": table.add(slot["realm"], q), "razed": slot["razed"],
                          "holding": None if holding is None else table.add(holding, q)})
    seen = battle[CHAMPION[0 if mine else 1]]
    champion: dict[str, Any] | None = None
    if seen is not None:
        card = table.add(seen["card"], q)
        champion = {"champion": card, "attached": table.all(seen["attached"], q)}
        if attacking:  # the attacking champion has attacked this turn (seed 000 step I)
            attacked.append(card)
    out = {"draw": table.pile(draw), "hand": table.pile(hand), "pool": pool,
           "formation": formation, "discard": table.pile(table.all(side["discard"], q)),
           "attacked": attacked}
    return out, champion


def _battle(view: dict[str, Any], table: _Table, champions: list[Any],
            me: int) -> dict[str, Any]:
    battle = view["battle"]
    support: list[list[int]] = [[], []]
    for seat, name in ((me, "my_support"), (1 - me, "opp_support")):
        support[seat] = [table.add(c, _seat(c.get("owner", f"player_{seat}")) or 0)
                         for c in battle[name]]
    step = view["step"]
    return {"step": step, "realm": battle["realm"], "round": battle["round"],
            "defeats": battle["defeats"], "champions": champions,
            "realm_defends": battle["realm_defends"], "support": support,
            "to_play": me if step == "cards" and view["to_act"] else None,
            "window": bool(view["window"]), "outcome": view["outcome"],
            "winner": _seat(view["winner"]), "spoils": [None, None]}
