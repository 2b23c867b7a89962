"""A shared encoder over card slots for the Spellfire policies (issue 15).

The Spellfire observations (battle and whole game) hold one block of card slots laid end to
end: the hand, the pools, the formations and holdings, the champions and the round's support,
each slot ``CARD_FEATURES`` values wide (``envs/spellfire/battle/observation.py``). A plain MLP
learns each slot's weights apart: what it learns of a card in hand slot 3 does not carry over to
slot 7. :class:`CardSlotEncoder` maps every slot through the SAME small layer (``features ->
card_encoder`` values, ReLU), then hands the encoded slots and the rest of the observation,
unchanged, to the usual ``net_arch`` layers. With ``card_encoder: 16`` the first layer of the
policy shrinks by about the ratio ``CARD_FEATURES / 16``, so the shipped ONNX file stays small.

Config key ``card_encoder`` (``training/config.py``): the encoded width of a card slot; 0 keeps
SB3's flat extractor. Only systems whose layout has the card block accept it. (This module
imports torch: the trainer imports it only when the key asks for it.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import torch
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor

from .common import UserError


@dataclass(frozen=True)
class CardBlock:
    """Where the card slots lie in a system's observation vector."""

    start: int
    """Index of the first slot's first value."""
    slots: int
    """Number of card slots, laid end to end."""
    features: int
    """Values per slot."""

    @property
    def stop(self) -> int:
        return self.start + self.slots * self.features


def card_block(system: str, env_options: dict[str, Any] | None = None,
               key: str = "card_encoder") -> CardBlock:
    """The card block of ``system``'s observation (built from one env's layout); a
    :class:`UserError` naming the system (and the config ``key`` that asked) when it has
    none."""
    from ..envs import make_single
    from ..envs.spellfire.battle.observation import CARD_FEATURES, CARD_SLOT_NAMES

    env = make_single(system, **(env_options or {}))
    try:
        layout = env.unwrapped.engine.layout
    finally:
        env.close()
    names = [s.name for s in layout.segments]
    if CARD_SLOT_NAMES[0] not in names:
        raise UserError(f"{key}: {system} has no card slots in its observation "
                        f"(only the Spellfire systems have)")
    first = names.index(CARD_SLOT_NAMES[0])
    found = tuple(names[first:first + len(CARD_SLOT_NAMES)])
    if found != CARD_SLOT_NAMES:
        raise UserError(f"{key}: {system}'s card segments are {found}, expected "
                        f"{CARD_SLOT_NAMES}")
    size = sum(s.size for s in layout.segments[first:first + len(CARD_SLOT_NAMES)])
    return CardBlock(layout.start[CARD_SLOT_NAMES[0]], size // CARD_FEATURES, CARD_FEATURES)


class CardSlotEncoder(BaseFeaturesExtractor):  # type: ignore[misc]
    """Every card slot through one shared layer (``features -> width``, ReLU); the other
    values of the observation pass unchanged."""

    def __init__(self, observation_space: Any, start: int, slots: int, features: int,
                 width: int) -> None:
        size = int(observation_space.shape[0])
        if start < 0 or slots < 1 or width < 1 or start + slots * features > size:
            raise ValueError(f"card block {start}+{slots}x{features} (width {width}) does not "
                             f"fit an observation of {size} values")
        super().__init__(observation_space, size - slots * features + slots * width)
        self.start, self.slots, self.features, self.width = start, slots, features, width
        self.card = torch.nn.Sequential(torch.nn.Linear(features, width), torch.nn.ReLU())

    def forward(self, observations: torch.Tensor) -> torch.Tensor:
        stop = self.start + self.slots * self.features
        # unflatten / flatten keep the batch dimension symbolic for the ONNX export.
        cards = observations[:, self.start:stop].unflatten(1, (self.slots, self.features))
        encoded = self.card(cards).flatten(1)
        return torch.cat([observations[:, :self.start], encoded, observations[:, stop:]], dim=1)


def policy_kwargs(system: str, env_options: dict[str, Any], width: int) -> dict[str, Any]:
    """The ``features_extractor_class`` and its kwargs for MaskablePPO's ``policy_kwargs``."""
    block = card_block(system, env_options)
    return {"features_extractor_class": CardSlotEncoder,
            "features_extractor_kwargs": {"start": block.start, "slots": block.slots,
                                          "features": block.features, "width": width}}
