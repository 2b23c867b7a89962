"""The PettingZoo fronts of the Spellfire battle.

Thin: the rules are in ``rules.py`` (legal plays in ``legal.py``); this module only builds the
fronts and the doc page.
"""

from __future__ import annotations

from typing import Any

from ...core.system import build_fronts
from .config import SpellfireConfig
from .rules import SpellfireEngine


def make_engine(**config: Any) -> SpellfireEngine:
    """The rules engine, configured by ``SpellfireConfig`` options (``decks=[...]`` ...). The
    whole game is its own system (``spellfire_game``); the registry turns
    ``make_engine("spellfire", mode="game")`` into it."""
    return SpellfireEngine(SpellfireConfig.from_kwargs(**config))


_DEFAULT = SpellfireEngine(SpellfireConfig())
SPEC = _DEFAULT.spec

raw_env, env, parallel_env, single_env = build_fronts(SPEC, make_engine)

DOC = f"""
# Spellfire: Master the Magic, battle (``spellfire``)

| | |
|---|---|
| Import | ``from combatzoo.envs import spellfire`` (``spellfire.env()``, ``.parallel_env()``) |
| Gymnasium view | ``gymnasium.make("{SPEC.gym_id}")`` (learner vs a bot, ``action_masks()``) |
| Agents | ``player_0``, ``player_1`` (the attacker is drawn at random by default) |
| Actions | ``Discrete({SPEC.num_actions})``, masked |
| Observation | ``{{"observation": float32[{SPEC.obs_size}] in [-1, 1], "action_mask": int8[{SPEC.num_actions}]}}`` |
| Rewards | at the end of the battle: realm razed +1 attacker / -1 defender; attack repelled the reverse; otherwise 0 |
| Sequential / simultaneous | sequential |

An episode is one battle (``mode="battle"``): a seeded mid-game position dealt from two decks
(the built-in 1st Edition Starter decks by default; any ``.cfd`` deck with ``crossfire=FOLDER``),
played from the attacker's phase 4 to the end of the battle by seeds 000 (steps A-J), 001
(outcomes and spoils) and 002 (order of activation) and ``RULES.md`` §1. Full rules:
``combatzoo.envs.spellfire.battle.rules`` (legal plays: ``battle.legal``); page:
``docs/spellfire.md``.

## Options (``SpellfireConfig``)
``pack`` ("builtin" / "practice"), ``crossfire`` (folder), ``modelled_only``, ``decks`` (two
titles or "random"), ``attacker`` ("random" / "player_0" / "player_1"), ``optional_attack``,
``hand_slots``, ``pool_slots``, ``hand_size``, ``pool_size``, ``realms``, ``razed_chance``,
``holding_chance``, ``items``, ``discarded``. Front options: ``render_mode`` ("ansi" / "human"),
``illegal_action`` ("raise" / "penalize"), ``max_steps``.

## Actions
{_DEFAULT.codec.table()}

## Observation
{_DEFAULT.layout.table()}

## Hidden information
The opponent's hand is shown only as a count; draw piles only as counts. A spoils card kept in
hand is not named in the events.
"""
