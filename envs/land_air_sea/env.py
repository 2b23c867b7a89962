"""The PettingZoo fronts of the Heroes of Land, Air & Sea battle campaign.

Thin: the rules are in ``rules.py``; this module only builds the fronts and the doc page.
"""

from __future__ import annotations

from typing import Any

from ..core.system import build_fronts
from .config import LandAirSeaConfig
from .rules import LandAirSeaEngine


def make_engine(**config: Any) -> LandAirSeaEngine:
    """The rules engine, configured by ``LandAirSeaConfig`` options (``num_battles=6`` ...)."""
    return LandAirSeaEngine(LandAirSeaConfig.from_kwargs(**config))


_DEFAULT = make_engine()
SPEC = _DEFAULT.spec

raw_env, env, parallel_env, single_env = build_fronts(SPEC, make_engine)

DOC = f"""
# Heroes of Land, Air & Sea: battle campaign (``land_air_sea``)

| | |
|---|---|
| Import | ``from combatzoo.envs import land_air_sea`` (``land_air_sea.env()``, ``.parallel_env()``) |
| Gymnasium view | ``gymnasium.make("{SPEC.gym_id}")`` (learner vs a bot, ``action_masks()``) |
| Agents | ``player_0``, ``player_1`` |
| Actions | ``Discrete({SPEC.num_actions})``, masked |
| Observation | ``{{"observation": float32[{SPEC.obs_size}] in [-1, 1], "action_mask": int8[{SPEC.num_actions}]}}`` |
| Rewards | at the end of the campaign: +1 more VP, -1 fewer, 0 equal |
| Sequential / simultaneous | spells sequential (defender first), Tactic Cards and payment secret and simultaneous |

An episode is a campaign of ``num_battles`` battles (default 4) between two armies of random
factions; the attacker of each battle is drawn at random (options ``factions``, ``attacker``). Each battle follows seed 003 and ``RULES.md`` §2: strength
totals, one combat spell each (defender first), a secret Tactic Card each with its payment in
resources and / or sacrificed units, the reveal and the resolution. Resources spent now are
missing later: income between battles is limited (options ``start_resources``, ``income``,
``reinforcements``). VP: +1 for attacking, the cards' VP, +2 (``victory_vp``) for a won battle.
``info[agent]`` holds ``vp`` and ``battles`` (per-battle records with the VP each player gained).

## Options (``LandAirSeaConfig``)
``factions`` (two of Humans, Orcs, Elves, Undead, or "random"), ``armies``, ``structures``,
``start_resources``, ``income``, ``reinforcements``, ``num_battles``, ``attacker``,
``attack_vp``, ``victory_vp``, ``army_cap``, ``tables_dir`` (your own tables). Front options:
``render_mode`` ("ansi" / "human"), ``illegal_action`` ("raise" / "penalize"), ``max_steps``.

## Actions
{_DEFAULT.codec.table()}

## Observation
{_DEFAULT.layout.table()}

## Hidden information
A player's Tactic Card and payment choices stay out of the other player's observation, view
and events until the reveal. Spells are cast openly.
"""
