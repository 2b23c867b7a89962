"""The search bot (issue 15, part 1): legal moves only, no hidden information read, seeded.

Positions come from seeded random play, so every run sees the same ones.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest
from combatzoo.agents import UnknownAgentError, engine_kwargs, list_agents, make_agent
from combatzoo.agents.mcts import SEARCH_SYSTEMS, MCTSAgent, SearchError, load_sampler
from combatzoo.agents.samplers.spellfire import sample_json
from combatzoo.envs import make_engine
from combatzoo.envs.core.engine import Engine
from combatzoo.training.evaluate import play_game

SYSTEMS = list(SEARCH_SYSTEMS)


def positions(engine: Engine[Any], seed: int, games: int,
              every: int = 1) -> Iterator[tuple[Any, int]]:
    """(state, player to act) along ``games`` seeded random games, every ``every``-th step."""
    rng = np.random.default_rng(seed)
    for _ in range(games):
        state = engine.new_game(rng)
        step = 0
        while not engine.is_over(state):
            if step % every == 0:
                for p in engine.to_act(state):
                    yield state, p
            joint = {p: int(rng.choice(engine.legal_actions(state, p)))
                     for p in engine.to_act(state)}
            engine.apply_trusted(state, joint)
            step += 1


def _without_margins(view: dict[str, Any]) -> dict[str, Any]:
    # play_margins are the view's own arithmetic on the totals; see docs/bots.md ("Samplers").
    return {k: v for k, v in view.items() if k != "play_margins"}


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_sampled_state_shows_the_same_view(system: str) -> None:
    """The sampler's state agrees with everything the player sees: the same JSON view (legal
    actions included) comes out of it. So the search starts where the player stands."""
    engine = make_engine(system)
    sample, _ = load_sampler(system)
    rng = np.random.default_rng(5)
    games = {"spellfire": 40, "spellfire_game": 2}.get(system, 6)
    checked = 0
    for state, p in positions(engine, seed=11, games=games):
        view = engine.view(state, p)
        seed = int(rng.integers(2**32))
        sampled = sample(engine, view, p, np.random.default_rng(seed))
        assert _without_margins(engine.view(sampled, p)) == _without_margins(view)
        if system.startswith("spellfire"):
            # Spellfire's sample skips the schema check (its own JSON); every sample here
            # passes it, and reads the same with it.
            data = sample_json(engine, view, p, np.random.default_rng(seed))
            assert engine.to_json(engine.from_json(data)) == engine.to_json(sampled)
        checked += 1
    assert checked > 40


@pytest.mark.parametrize("system", SYSTEMS)
def test_never_an_illegal_move(system: str) -> None:
    """On many seeded positions of every system the bot answers an action of the mask, and
    whole games against random go through the engine's checked ``apply`` (it raises on an
    illegal move)."""
    engine = make_engine(system)
    bot = MCTSAgent(system, simulations=6, seed=0, engine=engine)
    every = {"spellfire_game": 7, "solium_infernum": 3}.get(system, 1)
    games = {"spellfire": 30, "spellfire_game": 3}.get(system, 4)
    seen = 0
    for state, p in positions(engine, seed=3, games=games, every=every):
        mask = engine.legal_mask(state, p)
        action = bot.act(None, mask, engine.view(state, p))
        assert mask[action] == 1, (system, action, engine.legal_actions(state, p))
        seen += 1
    assert seen >= 25
    if system != "spellfire_game":  # its games are long; the positions above cover it
        for seed in range(2):
            agents = [bot, make_agent(system, "random")]
            play_game(engine, agents if seed == 0 else agents[::-1], seed)


def _cheater(system: str, engine: Engine[Any], true_state: Any, sims: int) -> MCTSAgent:
    """A search that reads the true state (what the bot must never do): it shows the hidden
    information changes the best move at the positions the next test uses."""
    cheat = MCTSAgent(system, simulations=sims, seed=0, engine=engine)
    cheat._sample = lambda eng, view, p, rng: eng.clone(true_state)  # type: ignore[method-assign]
    return cheat


def _hidden_variant(system: str, engine: Any, state: Any, p: int) -> Any | None:
    """A copy of ``state`` that differs only in what ``p`` may not see, or ``None``."""
    opp = 1 - p
    if system == "land_air_sea":
        # The opponent's Tactic Card locked in (a frontend's state may hold it; seed 003: it
        # stays face down until both have chosen).
        if state.phase != "tactic" or state.tactic[opp] is not None:
            return None
        a, b = engine.clone(state), engine.clone(state)
        cards = list(engine.actions.cards)
        a.tactic[opp], b.tactic[opp] = cards[0], cards[-1]
        return a, b
    if system == "solium_infernum":
        # The opponent's hand swapped with the top of its draw pile (same sizes).
        if state.phase != "cards" or state.battle.done[opp]:
            return None
        b = engine.clone(state)
        side = b.players[opp]
        names = engine.actions.card_names
        hand = [names[c] for c, n in enumerate(side.hand) for _ in range(n)]
        k = min(len(hand), len(side.deck))
        if k == 0:
            return None
        new_hand = side.deck[-k:] + hand[k:]
        side.deck = side.deck[:-k] + hand[:k]
        side.hand = [0] * len(side.hand)
        for name in new_hand:
            side.hand[engine.card_index[name]] += 1
        return state, b
    # Spellfire: the opponent's hand swapped with the top of its draw pile.
    b = engine.clone(state)
    table = getattr(b, "table", b)
    side = table.players[opp]
    k = len(side.hand)
    if k == 0 or len(side.draw) < k:
        return None
    side.hand, side.draw = side.draw[:k], side.hand + side.draw[k:]
    return state, b


def hidden_pairs(system: str, engine: Engine[Any], reader: Callable[[Any], Any], games: int,
                 wanted: int = 2) -> list[tuple[Any, Any, int, np.ndarray]]:
    """Up to ``wanted`` positions of seeded games, each as two true states ``a``, ``b`` that
    differ only in what player ``p`` may not see (their views are equal: checked), on which a
    bot reading the true state (``reader(true_state)``) moves differently: ``(a, b, p, mask)``,
    copies of the states."""
    found: list[tuple[Any, Any, int, np.ndarray]] = []
    for state, p in positions(engine, seed=0, games=games):
        if len(found) == wanted:
            break
        if len(engine.legal_actions(state, p)) < 2:
            continue
        pair = _hidden_variant(system, engine, state, p)
        if pair is None:
            continue
        a, b = pair
        view = engine.view(a, p)
        assert engine.view(b, p) == view  # what the bot is given is the same
        mask = engine.legal_mask(a, p)
        if reader(a).act(None, mask, view) == reader(b).act(None, mask, view):
            continue  # the hidden information does not change the move here
        found.append((engine.clone(a), engine.clone(b), p, mask))  # the play goes on
    return found


@pytest.mark.parametrize("system", SYSTEMS)
def test_hidden_information_is_never_read(system: str) -> None:
    """Two true states that differ only in what the player may not see (the opponent's hand,
    deck order, locked-in secret card) give the same view; a search that read the true
    state would choose differently on them (checked: the positions matter), the bot's
    choices over several seeds are identical: it has only the view."""
    engine = make_engine(system)
    sims = {"spellfire_game": 30, "solium_infernum": 60}.get(system, 100)
    pairs = hidden_pairs(system, engine, lambda truth: _cheater(system, engine, truth, sims), 30)
    assert len(pairs) == 2, "no position where the hidden information matters was found"
    for a, b, p, mask in pairs:
        for seed in range(3):
            bot = MCTSAgent(system, simulations=20, seed=seed, engine=engine)
            on_a = bot.action_probabilities(None, mask, engine.view(a, p))
            bot.reset(seed)
            on_b = bot.action_probabilities(None, mask, engine.view(b, p))
            assert on_a.tolist() == on_b.tolist()


@pytest.mark.parametrize("system", ["land_air_sea", "solium_infernum"])
def test_same_seed_same_choices(system: str) -> None:
    """Seeded: the same seed replays the same game; another seed may differ."""
    engine = make_engine(system)

    def game(seed: int) -> list[int]:
        bot = MCTSAgent(system, simulations=10, seed=99, engine=engine)
        bot.reset(seed)
        chosen: list[int] = []
        act = bot.act

        def recording(obs: Any, mask: np.ndarray, view: Any = None) -> int:
            chosen.append(act(obs, mask, view))
            return chosen[-1]

        bot.act = recording  # type: ignore[method-assign]
        play_game(engine, [bot, make_agent(system, "heuristic")], 4)
        bot.reset(seed)
        return chosen

    assert game(1) == game(1)
    assert len(game(1)) > 3


def test_simultaneous_choices_stay_secret_in_the_tree() -> None:
    """Land, Air & Sea's Tactic Cards are chosen at once (seed 003): in the searcher's tree
    the opponent's choice is not part of any child's key (decoupled, never conditioned on)
    while the opponent's statistics still cover its seven cards."""
    engine = make_engine("land_air_sea")
    bot = MCTSAgent("land_air_sea", simulations=200, seed=1, engine=engine)
    state, p = next((s, q) for s, q in positions(engine, seed=2, games=3) if s.phase == "tactic")
    root_keys: list[tuple[tuple[int, int], ...]] = []
    original = bot._simulate

    def spy(eng: Any, root: Any, *args: Any) -> None:
        original(eng, root, *args)
        root_keys[:] = list(root.children)
        spy.root = root  # type: ignore[attr-defined]

    bot._simulate = spy  # type: ignore[method-assign]
    bot.act(None, engine.legal_mask(state, p), engine.view(state, p))
    assert root_keys
    assert all(dict(key)[1 - p] == -1 for key in root_keys)
    assert {dict(key)[p] for key in root_keys} == set(engine.legal_actions(state, p))
    opponent_stats = spy.root.stats[1 - p]  # type: ignore[attr-defined]
    assert set(opponent_stats) == set(engine.legal_actions(state, 1 - p))


def test_names_budgets_and_errors() -> None:
    for system in SYSTEMS:
        assert "mcts" in list_agents(system)
    assert "mcts" not in list_agents("no_such_system")
    bot = make_agent("land_air_sea", "mcts@30", seed=2)
    assert isinstance(bot, MCTSAgent) and bot.simulations == 30 and bot.name == "mcts@30"
    plain = make_agent("land_air_sea", "mcts", simulations=7)
    assert plain.simulations == 7  # type: ignore[attr-defined]
    engine = make_engine("spellfire", decks=("1st Edition Starter Deck A-1",
                                             "1st Edition Starter Deck B-1"))
    built = make_agent("spellfire", "mcts@5", **engine_kwargs("mcts@5", engine))
    assert built.engine is engine  # type: ignore[attr-defined]
    assert engine_kwargs("heuristic", engine) == {}
    with pytest.raises(UnknownAgentError, match="mcts@N"):
        make_agent("land_air_sea", "mcts@many")
    with pytest.raises(UnknownAgentError, match="no search agent 'mcts' for system 'toy'"):
        make_agent("toy", "mcts")
    with pytest.raises(SearchError, match="simulations must be a positive integer"):
        MCTSAgent("land_air_sea", simulations=0)
    with pytest.raises(SearchError, match="plays 'land_air_sea', not 'spellfire'"):
        MCTSAgent("spellfire", engine=make_engine("land_air_sea"))
    with pytest.raises(SearchError, match="needs the JSON view"):
        bot.act(None, np.array([0, 1, 1], dtype=np.int8), None)


def test_a_sampled_game_keeps_what_outlasts_a_battle() -> None:
    """Public effects that issue 13 added to the state (a truce, powers used once, champions
    bribed away, champions in Limbo coming back) are in the view, so the sampled state the
    search plays from has them too (else it would search a game without them)."""
    engine = make_engine("spellfire_game")
    sample, _ = load_sampler("spellfire_game")
    rng = np.random.default_rng(3)
    checked = 0
    for state, p in positions(engine, seed=21, games=3, every=3):
        table = state.table
        if table.battle.champion[0] is None or not table.players[1 - p].pool:
            continue
        state = state.copy()
        table = state.table
        state.truce = 1 - p  # Mutiny!: no attack until that player's next turn
        table.battle.spent = [c for c in table.battle.champion if c is not None]
        table.battle.bribed = [table.players[1 - p].pool[0]]
        view = engine.view(state, p)
        assert view["truce"] == f"player_{1 - p}"
        assert [e["key"] for e in view["battle"]["spent"]] == [
            table.cards[c] for c in table.battle.spent]
        sampled = sample(engine, view, p, rng)
        assert sampled.truce == 1 - p
        assert [sampled.table.cards[c] for c in sampled.table.battle.bribed] == [
            table.cards[table.battle.bribed[0]]]
        assert _without_margins(engine.view(sampled, p)) == _without_margins(view)
        checked += 1
    assert checked >= 3


def test_a_sampled_game_holds_each_public_card_once() -> None:
    """A card the view shows outside the drawn zones (a rule card in play) is one of its
    owner's deck: the sampler places it and does not also deal it among the unseen cards, so
    the sampled state holds as many copies of each card as the real one. (The decks are named,
    so public: with random decks an early position may fit another deck, which the sampler may
    then draw.)"""
    engine = make_engine("spellfire_game", decks=["1st Edition Starter Deck A-1",
                                                  "1st Edition Starter Deck B-1"])
    sample, _ = load_sampler("spellfire_game")
    rng = np.random.default_rng(4)
    checked = 0
    for state, p in positions(engine, seed=31, games=2, every=9):
        state = state.copy()
        table = state.table
        q = 1 - p
        if not table.players[q].draw:
            continue
        # The opponent's top draw card, put in play as its rule card: now public.
        table.players[q].rule.append(table.players[q].draw.pop(0))
        view = engine.view(state, p)
        assert {e["key"] for e in view["rule_cards"]} == {table.cards[table.players[q].rule[-1]]}
        sampled = sample(engine, view, p, rng)

        assert _copies(sampled, q) == _copies(state, q)
        checked += 1
    assert checked >= 3


def _copies(state: Any, owner: int) -> Counter[str]:
    """How many instances of each card ``owner`` has in a whole-game state."""
    table = state.table
    return Counter(k for k, o in zip(table.cards, table.owner, strict=True) if o == owner)


def _add_copy(table: Any, instance: int, owner: int) -> int:
    """A second instance of ``instance``'s card, owned by ``owner``, in no pile yet (the
    caller puts it where the test needs it); the table's cache is dropped."""
    table.cards.append(table.cards[instance])
    table.owner.append(owner)
    table.cache.clear()
    return len(table.cards) - 1


def test_a_benched_champion_is_the_one_in_play_not_a_copy_in_a_pile() -> None:
    """A deck may hold two copies of a champion: one benched in the pool (Geas), one in the
    discard pile. The sampled state benches the one in the pool (the ladder's spellfire_game
    game 16, heuristic against mcts@25, stopped on the state reader's refusal before)."""
    engine = make_engine("spellfire_game")
    sample, _ = load_sampler("spellfire_game")
    rng = np.random.default_rng(6)
    checked = 0
    for state, p in positions(engine, seed=41, games=2, every=7):
        for owner in (p, 1 - p):
            if not state.table.players[owner].pool:
                continue
            game = state.copy()
            table = game.table
            champion = table.players[owner].pool[0]
            table.players[owner].discard.append(_add_copy(table, champion, owner))
            game.benched[champion] = table.turn + 1
            view = engine.view(game, p)
            sampled = sample(engine, view, p, rng)
            (benched, until), = sampled.benched.items()
            assert until == table.turn + 1
            assert sampled.table.cards[benched] == table.cards[champion]
            assert benched in sampled.table.players[owner].pool
            checked += 1
    assert checked >= 4


def test_a_sampled_game_keeps_the_draws_a_power_gave() -> None:
    """Cards the player not on turn drew this turn by a power (Treasure Fleet) let its hand
    pass its limit until its own phase 5; the view shows how many (``given``), so the sampled
    state holds them without breaking the hand limit (the ladder's spellfire_game, random
    against mcts@5, game 26, stopped on the state reader's refusal before)."""
    engine = make_engine("spellfire_game")
    sample, _ = load_sampler("spellfire_game")
    rng = np.random.default_rng(8)
    checked = 0
    for state, p in positions(engine, seed=51, games=2, every=5):
        game = state.copy()
        other = 1 - game.on_turn
        side = game.table.players[other]
        over = engine.hand_limit(game, other) + 2 - len(side.hand)
        if game.result is not None or over < 1 or len(side.draw) < over:
            continue
        for _ in range(over):  # drawn by the on-turn player's power: past the limit by 2
            side.hand.append(side.draw.pop(0))
        game.given = 2
        view = engine.view(game, p)
        assert view["given"] == 2
        sampled = sample(engine, view, p, rng)
        assert sampled.given == 2
        assert len(sampled.table.players[other].hand) == len(side.hand)
        checked += 1
    assert checked >= 4


def test_a_benched_champion_is_the_one_in_the_pool_not_its_twin_in_the_battle() -> None:
    """The same with the twin fighting in the battle (played from the hand to defend): the
    benched one is the copy in the pool (the ladder's spellfire_game game 16, heuristic
    against mcts@100)."""
    engine = make_engine("spellfire_game")
    sample, _ = load_sampler("spellfire_game")
    rng = np.random.default_rng(7)
    checked = 0
    for state, p in positions(engine, seed=41, games=4, every=3):
        for owner in (p, 1 - p):
            fighting = state.table.battle.champion[owner]
            if fighting is None or state.table.battle.step == "over" or \
                    len(state.table.players[owner].pool) >= engine.turn_actions.pool_slots:
                continue
            game = state.copy()
            table = game.table
            twin = _add_copy(table, fighting, owner)
            table.players[owner].pool.append(twin)
            game.benched[twin] = table.turn + 1
            sampled = sample(engine, engine.view(game, p), p, rng)
            (benched, _), = sampled.benched.items()
            assert sampled.table.cards[benched] == table.cards[fighting]
            assert benched in sampled.table.players[owner].pool
            assert benched != sampled.table.battle.champion[owner]
            checked += 1
    assert checked >= 3
