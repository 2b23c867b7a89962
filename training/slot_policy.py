"""Actions scored from the card slots they name, for the Spellfire policies (issue 15).

Most Spellfire action ids name a card slot: "Play hand 3" the fourth hand slot, "Attach hand 2
to pool champion 5" a hand slot and a pool slot, "Attack realm C" a slot of the opponent's
formation. A plain policy head gives each id its own weights, so what it learns of playing hand
slot 3 does not carry over to slot 7, and copying the heuristic (which ranks cards by what they
are, wherever they sit) takes many weights (README "Results": a [64, 64] policy copies it on
87% of decisions). :class:`SlotActionPolicy` adds to every id's logit, for each slot it names,
the dot product of that slot's card, encoded by one small network shared by all slots, with a
query computed from the policy's latent for the id's *role* (its action kind and which argument
the slot is): ``logit[a] = action_net(latent)[a] + sum_j q_role(a, j)(latent) . card(slot(a, j))``.

:func:`action_pointers` reads the roles from the engine's typed actions (``codec.decode``).
This module imports torch: the trainer imports it only when the config asks for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import torch
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

from .card_encoder import card_block

MAX_SLOTS_PER_ACTION = 2
"""An id names at most two slots (a hand card and the pool champion or realm it goes on)."""


@dataclass(frozen=True)
class Pointers:
    """For every action id, the card slots it names and their roles (``-1``: none)."""

    slots: np.ndarray
    """``(num_actions, 2)`` index of the slot in the card block."""
    roles: np.ndarray
    """``(num_actions, 2)`` index of the (kind, argument) role."""
    role_names: tuple[str, ...]


def _segment(kind: str, name: str, args: dict[str, int]) -> str | None:
    """The card segment an action argument names (``envs/spellfire/*/actions.py``): a hand
    index the player's hand; a pool index the pool of the side targeted (the player's own
    unless ``side`` is 1); a formation slot the opponent's realms when attacked or targeted on
    side 1, else the player's own (rebuilding, a holding, a target on side 0)."""
    side = args.get("side", 0)
    if name == "hand":
        return "my_hand"
    if name == "pool":
        return "opp_pool" if side == 1 else "my_pool"
    if name == "slot":
        return "opp_realms" if kind == "attack_realm" or side == 1 else "my_realms"
    return None


def action_pointers(system: str, env_options: dict[str, Any] | None = None) -> Pointers:
    """The slots and roles of every action id of ``system`` (a Spellfire system)."""
    from ..envs import make_engine

    engine = make_engine(system, **(env_options or {}))
    block = card_block(system, env_options, key="slot_actions")
    starts: dict[str, int] = {}
    for seg in engine.layout.segments:  # slot index of each card segment's first slot
        offset = engine.layout.start[seg.name] - block.start
        if 0 <= offset < block.slots * block.features:
            starts[seg.name] = offset // block.features
    n = engine.spec.num_actions
    slots = np.full((n, MAX_SLOTS_PER_ACTION), -1, dtype=np.int64)
    roles = np.full((n, MAX_SLOTS_PER_ACTION), -1, dtype=np.int64)
    names: list[str] = []
    for a in range(n):
        action = engine.codec.decode(a)
        kind = str(getattr(action.kind, "value", action.kind))
        args = dict(action.args)
        j = 0
        for name, value in action.args:
            segment = _segment(kind, name, args)
            if segment is None:
                continue
            role = f"{kind}:{name}"
            if role not in names:
                names.append(role)
            slots[a, j], roles[a, j] = starts[segment] + int(value), names.index(role)
            j += 1
    return Pointers(slots, roles, tuple(names))


class SlotActionPolicy(MaskableActorCriticPolicy):  # type: ignore[misc]
    """MaskablePPO's policy with slot-scored actions (module docstring). Extra keyword
    arguments: the card block (``start``, ``slots``, ``features``), the encoded ``width`` of
    a slot and the :class:`Pointers` as lists (``pointer_slots``, ``pointer_roles``,
    ``roles``)."""

    pointer_slots: torch.Tensor
    """``(num_actions, 2)`` slot of each pointer, the padding pointing at an appended zero
    slot (a buffer: saved with the policy, traced into the ONNX graph)."""
    pointer_roles: torch.Tensor
    """``(num_actions, 2)`` role of each pointer, the padding pointing at a zero query."""

    def __init__(self, *args: Any, start: int, slots: int, features: int, width: int,
                 pointer_slots: list[list[int]], pointer_roles: list[list[int]], roles: int,
                 **kwargs: Any) -> None:
        self._block = (start, slots, features)
        self._width, self._roles = width, roles
        self._pointer_slots = torch.as_tensor(pointer_slots, dtype=torch.long)
        self._pointer_roles = torch.as_tensor(pointer_roles, dtype=torch.long)
        super().__init__(*args, **kwargs)

    def _build(self, lr_schedule: Any) -> None:
        super()._build(lr_schedule)
        start, slots, features = self._block
        width = self._width
        self.slot_net = torch.nn.Sequential(
            torch.nn.Linear(features, width), torch.nn.ReLU(), torch.nn.Linear(width, width))
        self.role_query = torch.nn.Linear(self.mlp_extractor.latent_dim_pi, self._roles * width)
        # The padding (-1) points to an appended zero slot and an appended zero role.
        self.register_buffer("pointer_slots", torch.where(
            self._pointer_slots < 0, slots, self._pointer_slots))
        self.register_buffer("pointer_roles", torch.where(
            self._pointer_roles < 0, self._roles, self._pointer_roles))
        self._obs: torch.Tensor | None = None
        # Again, as SB3's _build does, now that the optimizer must hold these layers too.
        self.optimizer = self.optimizer_class(  # type: ignore[call-arg]
            self.parameters(), lr=lr_schedule(1), **self.optimizer_kwargs)

    def slot_logits(self, obs: torch.Tensor, latent_pi: torch.Tensor) -> torch.Tensor:
        """The slot terms of every id's logit (module docstring)."""
        start, slots, features = self._block
        cards = obs[:, start:start + slots * features].unflatten(1, (slots, features))
        encoded = self.slot_net(cards)
        encoded = torch.cat([encoded, torch.zeros_like(encoded[:, :1])], dim=1)
        query = self.role_query(latent_pi).unflatten(1, (self._roles, self._width))
        query = torch.cat([query, torch.zeros_like(query[:, :1])], dim=1)
        return sum((encoded[:, self.pointer_slots[:, j]] * query[:, self.pointer_roles[:, j]])
                   .sum(-1) for j in range(MAX_SLOTS_PER_ACTION))  # type: ignore[return-value]

    def action_logits(self, obs: torch.Tensor) -> torch.Tensor:
        """Every id's logit for a batch of observations (what the ONNX export runs)."""
        features: torch.Tensor = self.extract_features(  # type: ignore[assignment]
            obs, self.pi_features_extractor)
        latent_pi = self.mlp_extractor.forward_actor(features)
        return self.action_net(latent_pi) + self.slot_logits(obs, latent_pi)

    # SB3 computes the distribution from the latent alone: keep the observation for it.
    def forward(self, obs: Any, *args: Any, **kwargs: Any) -> Any:
        self._obs = obs
        return super().forward(obs, *args, **kwargs)

    def evaluate_actions(self, obs: Any, *args: Any, **kwargs: Any) -> Any:
        self._obs = obs
        return super().evaluate_actions(obs, *args, **kwargs)

    def get_distribution(self, obs: Any, *args: Any, **kwargs: Any) -> Any:
        self._obs = obs
        return super().get_distribution(obs, *args, **kwargs)

    def _get_action_dist_from_latent(self, latent_pi: torch.Tensor) -> Any:
        assert self._obs is not None
        logits = self.action_net(latent_pi) + self.slot_logits(self._obs.float(), latent_pi)
        return self.action_dist.proba_distribution(action_logits=logits)


def policy_kwargs(system: str, env_options: dict[str, Any], width: int) -> dict[str, Any]:
    """The keyword arguments of :class:`SlotActionPolicy` for ``system``."""
    block = card_block(system, env_options, key="slot_actions")
    pointers = action_pointers(system, env_options)
    return {"start": block.start, "slots": block.slots, "features": block.features,
            "width": width, "pointer_slots": pointers.slots.tolist(),
            "pointer_roles": pointers.roles.tolist(), "roles": len(pointers.role_names)}
