"""The PettingZoo fronts of Solium Infernum legion combat.

Thin: the rules are in ``rules.py``; this module only builds the fronts and the doc page.
"""

from __future__ import annotations

from typing import Any

from ..core.system import build_fronts
from .config import SoliumInfernumConfig
from .rules import SoliumEngine


def make_engine(**config: Any) -> SoliumEngine:
    """The rules engine, configured by ``SoliumInfernumConfig`` options (``map="skirmish_4x4"``,
    ``mode="battle"`` ...)."""
    return SoliumEngine(SoliumInfernumConfig.from_kwargs(**config))


_DEFAULT = make_engine()
SPEC = _DEFAULT.spec

raw_env, env, parallel_env, single_env = build_fronts(SPEC, make_engine)

DOC = f"""
# Solium Infernum: legion combat on a small map (``solium_infernum``)

| | |
|---|---|
| Import | ``from combatzoo.envs import solium_infernum`` (``solium_infernum.env()``, ``.parallel_env()``) |
| Gymnasium view | ``gymnasium.make("{SPEC.gym_id}")`` (learner vs a bot, ``action_masks()``) |
| Agents | ``player_0``, ``player_1`` |
| Actions | ``Discrete({SPEC.num_actions})``, masked |
| Observation | ``{{"observation": float32[{SPEC.obs_size}] in [-1, 1], "action_mask": int8[{SPEC.num_actions}]}}`` (default map; the size follows the map) |
| Rewards | at the end: +1 more Places of Power held (then more enemy legions destroyed), -1 fewer, 0 equal; battle mode: +1 / -1 for the battle, 0 stalemate |
| Sequential / simultaneous | orders sequential (players alternate), combat cards secret and simultaneous |

``mode="map"`` (default): players alternate turns (``turns`` orders in all, 30 on ``duel_5x5``);
in a turn a player passes or orders one legion, stepping it one canton at a time up to its move
points. Entering a canton with an enemy legion or a Place of Power that is not one's own starts a
battle at once (seed 004): both sides secretly attach combat cards one at a time, then DONE
(masked by the level's card slots, the Tribute left and the non-zero rule for raises); the cards
are revealed together and used up; support, phase order and damage follow seed 004 and
``RULES.md`` §3. A winning attacker moves in and may go on; a stalemate halts it. The episode ends
after the last turn or when a side has no legion. ``info[agent]`` holds ``places_held``,
``legions_alive``, ``legions_destroyed``, ``turn`` and ``last_battle`` (the revealed record).

``mode="battle"``: a single battle on a 3 x 3 map, the defender (a legion, or sometimes a
Place of Power) in the middle, the attacker to its west, up to three supporters around; random
(seeded) or from ``battle_setup``:
``{{"attacker": {{"player": 0, "legion": "Iron Maidens", "hp": 10, "tribute": 4, "hand": [card, ...],
"supporters": [legion, ...]}}, "defender": {{"legion": ... | "place": ..., "owner": "player" | "neutral",
"hp", "tribute", "hand", "supporters"}}}}``.

## Options (``SoliumInfernumConfig``)
``mode``, ``map`` (``duel_5x5``, ``skirmish_4x4``, ``front_6x5``), ``turns``, ``legions``
("preset" / "random"), ``start_tribute``, ``income``, ``hand_size``, ``hand_limit``, ``heal``,
``battle_setup``, ``tables_dir`` (your own tables). Front options: ``render_mode`` ("ansi" /
"human"), ``illegal_action`` ("raise" / "penalize"), ``max_steps``.

## Actions
{_DEFAULT.codec.table()}

## Observation (default map)
{_DEFAULT.layout.table()}

## Hidden information
A player's hand and the cards it attaches before a battle stay out of the other player's
observation, view, rendering and the events until the reveal (no event is emitted for an
attachment); the opponent's hand size counts attached cards as still in hand.
"""
