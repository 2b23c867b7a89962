"""Sampling a Solium Infernum state from one player's view (issue 15).

The map, the legions, the Places, Tribute and the opponent's discard pile are public. Hidden
from the searcher (seed 004, RULES.md §3): the opponent's hand (its size is public), the order
of both draw piles, which of its own cards lie in its discard pile (the view counts them) and
the combat cards the opponent has attached in secret to the pending battle. So:

- the opponent's unseen cards are its deck's copies (``combat_cards.json``) less its public
  discard pile, dealt at random into its hand and draw pile (sizes from the view);
- the searcher's unseen cards (its deck less its hand and attached cards) are split at random
  between its discard pile and its draw pile;
- in a pending battle the opponent has attached nothing yet: it chooses in the tree at the
  same time as the searcher (decoupled), never from its true secret choice.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np

from ...envs.solium_infernum.data import PHASE_NAMES, STATS
from ...envs.solium_infernum.rules import SoliumEngine, SoliumState

ROLLOUT_DEPTH: int | None = None
"""Rollouts play to the end unless the bot is given a depth (then :func:`score` judges)."""


def score(engine: SoliumEngine, state: SoliumState) -> list[float]:
    """The returns if the game were judged now: more Places of Power held, then more enemy
    legions destroyed (RULES.md §3 [decided] end of the map game); battle mode: a draw."""
    if state.mode == "battle":
        return [0.0, 0.0]
    held = engine.places_held(state)
    for diff in (held[0] - held[1], state.players[0].destroyed - state.players[1].destroyed):
        if diff:
            return [1.0, -1.0] if diff > 0 else [-1.0, 1.0]
    return [0.0, 0.0]


def sample(engine: SoliumEngine, view: dict[str, Any], player: int,
           rng: np.random.Generator) -> SoliumState:
    """A full state agreeing with ``player``'s ``view``, the hidden cards drawn."""
    me, opp = player, 1 - player
    owner = {"me": me, "opponent": opp, "neutral": None}
    full = Counter({c.name: c.copies for c in engine.cards})
    battle = view["battle"]
    mine_attached = [] if battle is None else [
        [name, None if stat is None else STATS[PHASE_NAMES.index(stat)]]
        for name, stat in battle["attached"]]
    my_hand = Counter(view["me_side"]["hand"])
    my_hand.subtract(Counter(name for name, _ in mine_attached))
    sides: list[dict[str, Any]] = [{}, {}]
    unseen = full - Counter(view["me_side"]["hand"])
    mine_discard, mine_deck = _deal(unseen, [view["me_side"]["discard"]],
                                    view["me_side"]["deck"], rng)
    sides[me] = _side(view["me_side"], +my_hand, mine_discard[0], mine_deck)
    opp_unseen = full - Counter(view["opponent"]["discard"])
    (opp_hand,), opp_deck = _deal(opp_unseen, [view["opponent"]["hand"]],
                                  view["opponent"]["deck"], rng)
    sides[opp] = _side(view["opponent"], Counter(opp_hand), list(view["opponent"]["discard"]),
                       opp_deck)
    places = [{"kind": pl["kind"], "at": list(pl["at"]), "hp": pl["hp"],
               "owner": owner[pl["owner"]]} for pl in view["places"]]
    current = int(view["current"].removeprefix("player_"))
    data = {
        "system": "solium_infernum", "mode": view["mode"], "width": view["width"],
        "height": view["height"], "turns": view["turns"], "turn": view["turn"],
        "current": current, "phase": view["phase"],
        "selected": -1 if view["selected"] is None else view["selected"],
        "moves_left": view["moves_left"], "players": sides, "places": places,
        "battle": None if battle is None else _battle(engine, view, battle, sides, places,
                                                      current, me, mine_attached),
        "last_battle": view["last_battle"], "result": None,
    }
    return engine.from_json(data)


def _deal(unseen: Counter[str], sizes: list[int], deck_size: int,
          rng: np.random.Generator) -> tuple[list[list[str]], list[str]]:
    """``unseen`` shuffled into piles of ``sizes`` and a draw pile of ``deck_size`` (a pile
    may come out short only if the view's counts exceed the deck, which the rules prevent)."""
    cards = sorted(unseen.elements())
    order = [cards[int(i)] for i in rng.permutation(len(cards))]
    piles, start = [], 0
    for n in sizes:
        piles.append(order[start:start + n])
        start += n
    return piles, order[start:start + deck_size]


def _side(raw: dict[str, Any], hand: Counter[str], discard: list[str],
          deck: list[str]) -> dict[str, Any]:
    return {"tribute": raw["tribute"], "hand": {k: n for k, n in hand.items() if n > 0},
            "deck": deck, "discard": discard, "destroyed": raw["destroyed"],
            "legions": [{"kind": lg["kind"], "at": list(lg["at"]), "hp": lg["hp"],
                         "alive": lg["alive"]} for lg in raw["legions"]]}


def _battle(engine: SoliumEngine, view: dict[str, Any], battle: dict[str, Any],
            sides: list[dict[str, Any]], places: list[dict[str, Any]], current: int, me: int,
            mine_attached: list[list[Any]]) -> dict[str, Any]:
    """The pending battle: attacker the legion under orders, defender the Place or the legion
    on the battle's canton; the opponent's secret cards not attached (decided in the tree)."""
    at = list(battle["at"])
    place, defender_legion = -1, -1
    if battle["defender_is_place"]:
        place = next(i for i, pl in enumerate(places) if pl["at"] == at)
        defender = places[place]["owner"]
    else:
        legions = sides[1 - current]["legions"]
        defender_legion = next(k for k, lg in enumerate(legions)
                               if lg["alive"] and lg["at"] == at)
        defender = 1 - current
    opp = 1 - me
    in_battle = opp in (current, defender)
    attached: list[list[Any]] = [[], []]
    attached[me] = mine_attached
    done = [False, False]
    done[opp] = not in_battle
    return {"attacker": current, "legion": view["selected"], "at": at,
            "defender_legion": defender_legion, "place": place, "done": done,
            "attached": attached}
