"""How often a Spellfire hand or pool outgrows the observation's slots (issue 13, item "every
card in hand can be played"; numbers for docs/spellfire_game.md).

    .venv/bin/python scripts/spellfire_slots.py [--games 200] [--battles 2000] [--crossfire DIR]

Whole game (random legal actions and the heuristic bot, built-in starter decks and, with
``--crossfire``, random CrossFire decks): per decision, the largest hand and pool, decisions
where a hand holds more cards than ``hand_slots`` (cards past the slots cannot be played) and
decisions where a player to act in phase 3 or at step B/C of a battle has a full pool
(``pool_slots`` champions: [decided] no champion from the hand may then enter play) while it
holds a champion that is not an avatar. Battle mode (random legal actions over dealt tables):
decisions where a hand or a pool is larger than its slots.
"""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Any

import numpy as np
from combatzoo.agents.spellfire_game import HeuristicAgent
from combatzoo.envs import make_engine


def _blocked(engine: Any, state: Any, p: int) -> bool:
    """Player ``p`` acts with a full pool and a (non-avatar) champion in hand, where a champion
    could otherwise enter play (phase 3; a battle's step attacker or defender)."""
    table = state.table
    side = table.players[p]
    if len(side.pool) < engine.game.pool_slots:
        return False
    step = table.battle.step
    if not (state.phase == 3 or (state.phase == 4 and step in ("attacker", "defender"))):
        return False
    return any(engine.facts(table.cards[c]).is_champion
               and not engine.facts(table.cards[c]).card.avatar for c in side.hand)


def game_counts(engine: Any, games: int, bot: str, seed: int = 0) -> Counter[str]:
    """Counts over ``games`` games between two ``bot`` players ("random" or "heuristic")."""
    out: Counter[str] = Counter()
    rng = np.random.default_rng(seed)
    for g in range(games):
        state = engine.new_game(np.random.default_rng(seed + g))
        agents = [HeuristicAgent(), HeuristicAgent()]
        for a in agents:
            a.reset(seed + g)
        while not engine.is_over(state):
            (p,) = engine.to_act(state)
            hands = [len(s.hand) for s in state.table.players]
            pools = [len(s.pool) for s in state.table.players]
            out["decisions"] += 1
            out["max_hand"] = max(out["max_hand"], *hands)
            out["max_pool"] = max(out["max_pool"], *pools)
            out["hand_over_slots"] += any(h > engine.game.hand_slots for h in hands)
            out["pool_full_champion_blocked"] += _blocked(engine, state, p)
            legal = engine.legal_actions(state, p)
            if bot == "random":
                action = int(legal[rng.integers(len(legal))])
            else:
                action = int(agents[p].act(None, engine.legal_mask(state, p),
                                           engine.view(state, p)))
            engine.apply(state, {p: action})
        out["games"] += 1
    return out


def battle_counts(battles: int, seed: int = 0) -> Counter[str]:
    """Random legal play over ``battles`` dealt battles (battle mode)."""
    engine = make_engine("spellfire")
    cfg = engine.config
    out: Counter[str] = Counter()
    rng = np.random.default_rng(seed)
    for g in range(battles):
        state = engine.new_game(np.random.default_rng(seed + g))
        while not engine.is_over(state):
            (p,) = engine.to_act(state)
            out["decisions"] += 1
            out["hand_over_slots"] += any(len(s.hand) > cfg.hand_slots for s in state.players)
            out["pool_over_slots"] += any(len(s.pool) > cfg.pool_slots for s in state.players)
            legal = engine.legal_actions(state, p)
            engine.apply(state, {p: int(legal[rng.integers(len(legal))])})
        out["battles"] += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--battles", type=int, default=2000)
    parser.add_argument("--crossfire", default=None, help="CrossFire folder (random decks)")
    args = parser.parse_args()
    engine = make_engine("spellfire_game")
    for bot in ("random", "heuristic"):
        print(f"game builtin {bot}: {dict(game_counts(engine, args.games, bot))}")
    if args.crossfire:
        # Random CrossFire games draw the starter decks only: pair the other legal decks.
        from combatzoo.envs.spellfire.cards.decks import crossfire_deck_problems

        legal = sorted(t for t, v in crossfire_deck_problems(args.crossfire).items()
                       if not v and "Starter" not in t)
        pairs = [(legal[i], legal[(i * 7 + 3) % len(legal)]) for i in range(len(legal))]
        for bot in ("random", "heuristic"):
            total: Counter[str] = Counter()
            for n, pair in enumerate(pairs):
                eng = make_engine("spellfire_game", crossfire=args.crossfire, decks=pair)
                got = game_counts(eng, max(1, args.games // len(pairs)), bot, seed=100 * n)
                for key, value in got.items():
                    total[key] = max(total[key], value) if key.startswith("max") \
                        else total[key] + value
            print(f"game crossfire ({len(pairs)} deck pairs) {bot}: {dict(total)}")
    print(f"battle mode random: {dict(battle_counts(args.battles))}")


if __name__ == "__main__":
    main()
