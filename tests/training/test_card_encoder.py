"""The shared card-slot encoder (issue 15, ``training/card_encoder.py``): it finds the card
block of both Spellfire observations, encodes every slot with the same weights (moving a card
to another slot moves its encoding, nothing else), trains, saves, loads and exports to ONNX
with the same choices, and refuses a system without card slots by name."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from combatzoo.envs.spellfire.battle.observation import CARD_FEATURES
from combatzoo.training.common import UserError
from combatzoo.training.config import ConfigError, config_from_dict

pytest.importorskip("sb3_contrib")
torch = pytest.importorskip("torch")


def _layout(system: str):  # type: ignore[no-untyped-def]
    from combatzoo.envs import make_single

    return make_single(system).unwrapped.engine.layout


@pytest.mark.parametrize("system", ["spellfire", "spellfire_game"])
def test_the_card_block_is_the_card_segments(system: str) -> None:
    from combatzoo.training.card_encoder import card_block

    layout = _layout(system)
    block = card_block(system)
    assert block.features == CARD_FEATURES
    assert block.start == layout.start["my_hand"]
    assert block.stop == layout.start["opp_support"] + layout.slice("opp_support").stop \
        - layout.slice("opp_support").start
    # The segment right after the block is the first one that is not a card slot.
    assert block.stop == layout.start["my_hand_flags"]


def test_a_system_without_card_slots_is_refused_by_name() -> None:
    from combatzoo.training.card_encoder import card_block

    with pytest.raises(UserError, match="card_encoder: land_air_sea has no card slots"):
        card_block("land_air_sea")
    with pytest.raises(ConfigError, match="card_encoder: expected 0"):
        config_from_dict({"system": "spellfire", "card_encoder": -1})


def _encoder(size: int = 40, start: int = 4, slots: int = 3,  # type: ignore[no-untyped-def]
             features: int = 8, width: int = 5):
    import gymnasium
    from combatzoo.training.card_encoder import CardSlotEncoder

    torch.manual_seed(0)
    space = gymnasium.spaces.Box(0.0, 1.0, (size,), dtype=np.float32)
    return CardSlotEncoder(space, start=start, slots=slots, features=features, width=width)


def test_every_slot_is_encoded_with_the_same_weights() -> None:
    enc = _encoder()
    assert enc.features_dim == 40 - 3 * 8 + 3 * 5
    rng = np.random.default_rng(3)
    obs = torch.tensor(rng.random((1, 40), dtype=np.float32))
    out = enc(obs)
    # The values around the block pass unchanged: 4 before it, 12 after it.
    assert torch.equal(out[:, :4], obs[:, :4]) and torch.equal(out[:, -12:], obs[:, -12:])
    # Swap the cards of slots 0 and 2: their encodings swap, slot 1's stays.
    swapped = obs.clone()
    swapped[:, 4:12], swapped[:, 20:28] = obs[:, 20:28], obs[:, 4:12]
    out2 = enc(swapped)
    assert torch.allclose(out2[:, 4:9], out[:, 14:19])
    assert torch.allclose(out2[:, 14:19], out[:, 4:9])
    assert torch.allclose(out2[:, 9:14], out[:, 9:14])


def test_a_block_that_does_not_fit_is_refused() -> None:
    with pytest.raises(ValueError, match="does not fit an observation of 40 values"):
        _encoder(start=30)


def test_a_trained_encoder_policy_saves_loads_and_exports(tmp_path: Path) -> None:
    from combatzoo.envs import make_single
    from combatzoo.training import export as ex
    from combatzoo.training.train import _policy_kwargs
    from sb3_contrib import MaskablePPO

    cfg = config_from_dict({"system": "spellfire", "net_arch": [32], "card_encoder": 8})
    model = MaskablePPO("MlpPolicy", make_single("spellfire"), n_steps=64, batch_size=32,
                        n_epochs=1, seed=0, device="cpu", policy_kwargs=_policy_kwargs(cfg))
    model.learn(64)
    ckpt = tmp_path / "enc.zip"
    model.save(ckpt)
    loaded, system = ex.load_checkpoint(ckpt, trust_pickle=True)
    assert system == "spellfire"
    assert type(loaded.policy.features_extractor).__name__ == "CardSlotEncoder"
    # 8 encoded values per card slot replace the slot's CARD_FEATURES values.
    first = loaded.policy.mlp_extractor.policy_net[0]
    block = loaded.policy.features_extractor
    assert first.in_features == _layout("spellfire").size - block.slots * (CARD_FEATURES - 8)
    # export() raises (and writes nothing) unless ONNX and SB3 agree on all 300 choices.
    card = ex.export(ckpt, tmp_path / "bot.onnx", parity_count=300, seed=2, trust_pickle=True)
    assert (tmp_path / "bot.onnx").exists() and card["system"] == "spellfire"
