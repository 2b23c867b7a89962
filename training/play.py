"""``combatzoo play SYSTEM``: a person plays a whole episode against a bot in the terminal.

The table is shown from the person's seat (the bot's secret choices stay hidden), the events of
each step are printed, and the legal moves are listed by number with their labels. Type a number
to choose, ``q`` to quit. Works with piped input (one choice per line; end of input quits).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any, TextIO

import numpy as np

from ..envs.core.engine import Engine
from ..envs.core.render import render_events
from .common import (
    TRUST_PICKLE_HELP,
    UserError,
    add_option_argument,
    load_engine,
    non_negative_int,
    parse_options,
    resolve_system,
)

QUIT = ("q", "quit", "exit")


class Quit(Exception):
    """The person asked to stop (``q`` or end of input)."""


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``play`` to the ``combatzoo`` command."""
    parser = subparsers.add_parser(
        "play", help="play an episode against a bot in the terminal",
        description=__doc__.split("\n\n")[0])
    parser.add_argument("system", help="the combat system, e.g. land_air_sea")
    parser.add_argument("--bot", default="heuristic",
                        help="the opponent: heuristic, random, mcts (mcts@N: the search bot "
                             "with N simulations per decision), rollout (rollout@K: the rollout "
                             "search over the heuristic, K sampled states), ppo (the "
                             "pretrained bot shipped in the package), an exported .onnx file, "
                             "or a "
                             "MaskablePPO .zip with --trust-pickle (default: heuristic)")
    parser.add_argument("--trust-pickle", action="store_true", help=TRUST_PICKLE_HELP)
    parser.add_argument("--seat", type=non_negative_int, default=0,
                        help="your seat: 0 or 1 (default 0)")
    parser.add_argument("--seed", type=non_negative_int, default=None,
                        help="seed of the episode (default: random, printed)")
    add_option_argument(parser)
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """``combatzoo play``."""
    from ..agents import engine_kwargs, make_agent

    # An alias (spellfire -o mode=game) plays the system it names, against that system's bot.
    system, options = resolve_system(args.system, parse_options(args.option))
    engine = load_engine(system, options)
    if not 0 <= args.seat < engine.spec.num_players:
        raise UserError(f"--seat must be 0..{engine.spec.num_players - 1}, got {args.seat}")
    bot = make_agent(system, args.bot, trust_pickle=args.trust_pickle,
                     **engine_kwargs(args.bot, engine))
    seed = args.seed if args.seed is not None else fresh_seed()
    return play_episode(engine, bot, args.seat, seed, read=_read, out=sys.stdout)


def fresh_seed() -> int:
    """A seed from fresh entropy (printed with the game, so the game can be played again)."""
    return int(np.random.default_rng().integers(2**31))


def _read(prompt: str) -> str:
    """``input``; with piped input the answer is echoed so the transcript reads well."""
    answer = input(prompt)
    if not sys.stdin.isatty():
        print(answer)
    return answer


def play_episode(engine: Engine[Any], bot: Any, seat: int, seed: int,
                 read: Callable[[str], str], out: TextIO) -> int:
    """Play one episode: ``seat`` is the person (moves read with ``read``), the rest ``bot``."""
    def say(text: str = "") -> None:
        print(text, file=out, flush=True)

    state = engine.new_game(np.random.default_rng(seed))
    bot.reset(seed)
    me = f"player_{seat}"
    say(f"{engine.spec.title}: you are {me}, against the {getattr(bot, 'name', 'bot')} bot "
        f"(seed {seed}). Type a move's number, or q to quit.")
    while not engine.is_over(state):
        actions = {}
        for p in engine.to_act(state):
            if p == seat:
                say()
                say(engine.render(state, seat))
                try:
                    actions[p] = choose(engine, state, p, read, say)
                except Quit:
                    say("You left the game.")
                    return 0
            else:
                view = engine.view(state, p) if getattr(bot, "needs_view", False) else None
                actions[p] = int(bot.act(engine.observe(state, p), engine.legal_mask(state, p),
                                         view))
        events = engine.apply(state, actions)
        if events:
            say(render_events(events))
    say()
    say(engine.render(state, seat))
    returns = engine.returns(state)
    mine = returns[seat]
    best_other = max(r for p, r in enumerate(returns) if p != seat)
    verdict = "You win!" if mine > best_other else ("You lose." if mine < best_other
                                                    else "It's a draw.")
    say(f"Game over. {verdict} Returns: "
        + ", ".join(f"player_{p} {r:+g}" for p, r in enumerate(returns)))
    return 0


def choose(engine: Engine[Any], state: Any, player: int, read: Callable[[str], str],
           say: Callable[[str], None]) -> int:
    """Ask for one of ``player``'s legal moves by number until the answer is valid."""
    legal = engine.legal_actions(state, player)
    say("Your moves:")
    for i, a in enumerate(legal, start=1):
        say(f"  {i:>2}) {engine.action_label(a, state, player)}")
    while True:
        try:
            answer = read(f"Choose 1-{len(legal)} (q to quit): ").strip()
        except EOFError:
            say("")
            say("End of input.")
            raise Quit from None
        if answer.lower() in QUIT:
            raise Quit
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1]
        say(f"Please type a number from 1 to {len(legal)}, or q to quit.")
