"""The PettingZoo fronts of the whole Spellfire game (system ``spellfire_game``).

Thin: the rules are in ``rules.py``; this module only builds the fronts and the doc page.
"""

from __future__ import annotations

from typing import Any

from ...core.system import build_fronts
from .config import GameConfig
from .rules import SpellfireGameEngine, make_game_engine


def make_engine(**config: Any) -> SpellfireGameEngine:
    """The whole-game engine, configured by ``GameConfig`` options (``decks=[...]``,
    ``max_turns`` ...; ``mode="game"`` is accepted)."""
    return make_game_engine(**config)


_DEFAULT = SpellfireGameEngine(GameConfig())
SPEC = _DEFAULT.spec

raw_env, env, parallel_env, single_env = build_fronts(SPEC, make_engine)

DOC = f"""
# Spellfire: Master the Magic, the whole game (``{SPEC.name}``)

| | |
|---|---|
| Import | ``from combatzoo.envs.spellfire import game`` (``game.env()``, ``.parallel_env()``); ``combatzoo.envs.make("{SPEC.name}")``; ``make("spellfire", mode="game")`` is the same env |
| Gymnasium view | ``gymnasium.make("{SPEC.gym_id}")`` (learner vs a bot, ``action_masks()``) |
| Agents | ``player_0``, ``player_1`` (who starts is drawn at random by default) |
| Actions | ``Discrete({SPEC.num_actions})``, masked: the battle's typed actions, then the turn's |
| Observation | ``{{"observation": float32[{SPEC.obs_size}] in [-1, 1], "action_mask": int8[{SPEC.num_actions}]}}`` |
| Rewards | at the end: +1 to the winner, -1 to the loser; 0 to both for a draw or the turn limit |
| Sequential / simultaneous | sequential |

An episode is a whole 55-card game (RULES.md §1) between two decks (the built-in 1st Edition
Starter decks by default; any pair of a CrossFire pack with ``crossfire=FOLDER``), every turn
through phases 0-5, every battle fought by the battle engine (seeds 000-002) that the game
engine holds. Rules: ``combatzoo.envs.spellfire.game.rules``; page: ``docs/spellfire_game.md``.

## Options (``GameConfig``)
``pack`` ("builtin" / "practice"), ``crossfire`` (folder or "env"), ``modelled_only``, ``decks``
(two titles or "random"), ``first`` ("random" / "player_0" / "player_1"), ``opening_hand`` (5),
``draw`` (3), ``hand_limit`` (8), ``max_turns`` (100), ``hand_slots`` (15), ``pool_slots``
(10), ``extra_cards``; ``mode`` is accepted and must be "game". Front options:
``render_mode`` ("ansi" / "human"), ``illegal_action`` ("raise" / "penalize"), ``max_steps``.

## Actions
{_DEFAULT.codec.table()}

## Observation
{_DEFAULT.layout.table()}

## Hidden information
The opponent's hand is shown only as a count; draw piles only as counts. A spoils card kept in
hand is not named in the events.
"""
