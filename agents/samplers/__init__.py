"""Samplers of the search bot (:mod:`combatzoo.agents.mcts`): one module per system.

Each module exposes ``sample(engine, view, player, rng)``: a complete engine state that agrees
with everything ``player``'s JSON view shows, with the hidden information (the opponent's hand,
the order of the piles, a secret choice not yet revealed) drawn from ``rng`` among what the
rules and the public deck lists allow. A sampler reads only the view and the engine's static
facts (its config and card tables), never a true state. It may also expose ``secret(engine,
state, acting)``: whether the actions of a step stay hidden from the other players (default:
only steps where several players choose at once).
"""
