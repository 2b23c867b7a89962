"""Slot-scored actions (issue 15, ``training/slot_policy.py``): every action id names the card
slots the printed label says (the hand card it plays, the pool champion an item goes on, the
realm it attacks), those slots hold a card whenever the action is legal, each id's logit is its
own weight plus the role query times the named slot's encoding, and a trained policy saves,
loads and exports to ONNX with the same choices."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from combatzoo.training.common import UserError
from combatzoo.training.config import ConfigError, config_from_dict

pytest.importorskip("sb3_contrib")
torch = pytest.importorskip("torch")


def _engine(system: str = "spellfire_game") -> Any:
    from combatzoo.envs import make_engine

    return make_engine(system)


def _slot(engine: Any, segment: str, index: int) -> int:
    """Index of slot ``index`` of ``segment`` in the card block (counted from the layout)."""
    from combatzoo.envs.spellfire.battle.observation import CARD_FEATURES

    layout = engine.layout
    return (layout.start[segment] - layout.start["my_hand"]) // CARD_FEATURES + index


def test_each_action_points_at_the_slots_its_label_names() -> None:
    from combatzoo.training.slot_policy import action_pointers

    engine = _engine()
    labels = list(engine.codec.labels)
    ptr = action_pointers("spellfire_game")

    def at(label: str) -> tuple[list[int], list[str]]:
        a = labels.index(label)
        return ([int(s) for s in ptr.slots[a] if s >= 0],
                [ptr.role_names[r] for r in ptr.roles[a] if r >= 0])

    assert at("Play hand 3") == ([3], ["play_card:hand"])
    assert at("Champion from hand 3") == ([3], ["champion_from_hand:hand"])
    assert at("Champion from pool 4") == ([_slot(engine, "my_pool", 4)],
                                          ["champion_from_pool:pool"])
    assert at("Attach hand 2 to pool champion 5") == (
        [2, _slot(engine, "my_pool", 5)], ["attach_item:hand", "attach_item:pool"])
    assert at("Attack realm C") == ([_slot(engine, "opp_realms", 2)], ["attack_realm:slot"])
    assert at("Rebuild razed realm A")[0] == [_slot(engine, "my_realms", 0)]
    assert at("Play holding from hand 3 onto realm F")[0] == [3, _slot(engine, "my_realms", 5)]
    assert at("Target my realm B")[0] == [_slot(engine, "my_realms", 1)]
    assert at("Target the opponent's realm B")[0] == [_slot(engine, "opp_realms", 1)]
    assert at("Target the opponent's pool champion 3")[0] == [_slot(engine, "opp_pool", 3)]
    assert at("Target my pool champion 3")[0] == [_slot(engine, "my_pool", 3)]
    for label in ("Pass (play no more cards)", "Target myself", "No-op (nothing to decide)",
                  "Make no attack / end the attack"):
        assert at(label) == ([], [])
    # The same slot in two roles gets two queries: playing a card is not discarding it.
    assert at("Discard hand 3")[1] != at("Play hand 3")[1]


def test_a_legal_action_names_slots_that_hold_a_card() -> None:
    """In real games, every slot a legal action names holds a card in the player's
    observation (the pointers and the observation count slots the same way)."""
    from combatzoo.agents import make_agent
    from combatzoo.envs.core.agent import agent_action
    from combatzoo.envs.spellfire.battle.observation import CARD_FEATURES
    from combatzoo.training.slot_policy import action_pointers

    engine = _engine()
    ptr = action_pointers("spellfire_game")
    heuristic = make_agent("spellfire_game", "heuristic")
    start = engine.layout.start["my_hand"]
    checked = 0
    for seed in range(3):
        state = engine.new_game(np.random.default_rng(seed))
        while not engine.is_over(state):
            for p in engine.to_act(state):
                obs = engine.observe(state, p)
                for a in engine.legal_actions(state, p):
                    for s in ptr.slots[a][ptr.slots[a] >= 0]:
                        row = obs[start + s * CARD_FEATURES:start + (s + 1) * CARD_FEATURES]
                        assert row.any(), (engine.codec.label(a), int(s))
                        checked += 1
            engine.apply(state, {p: agent_action(heuristic, engine, state, p)
                                 for p in engine.to_act(state)})
    assert checked > 500


def test_battles_point_too_and_a_system_without_cards_is_refused_by_name() -> None:
    from combatzoo.training.slot_policy import action_pointers, policy_kwargs

    ptr = action_pointers("spellfire")
    labels = list(_engine("spellfire").codec.labels)
    assert list(ptr.slots[labels.index("Play hand 2")]) == [2, -1]
    with pytest.raises(UserError, match="slot_actions: land_air_sea has no card slots"):
        policy_kwargs("land_air_sea", {}, 8)
    with pytest.raises(ConfigError, match="slot_actions: expected 0"):
        config_from_dict({"system": "spellfire", "slot_actions": -1})
    with pytest.raises(ConfigError, match="slot_actions: only the sb3 backend"):
        config_from_dict({"system": "spellfire", "slot_actions": 8, "backend": "rllib"})


def _model(system: str = "spellfire") -> Any:
    from combatzoo.envs import make_single
    from combatzoo.training.train import _policy_class, _policy_kwargs
    from sb3_contrib import MaskablePPO

    cfg = config_from_dict({"system": system, "net_arch": [32], "card_encoder": 8,
                            "slot_actions": 6})
    return MaskablePPO(_policy_class(cfg), make_single(system), n_steps=64, batch_size=32,
                       n_epochs=1, seed=0, device="cpu", policy_kwargs=_policy_kwargs(cfg))


def test_a_logit_is_the_ids_weight_plus_its_slots_scores() -> None:
    from combatzoo.training.slot_policy import action_pointers

    model = _model()
    pol = model.policy
    ptr = action_pointers("spellfire")
    obs = torch.tensor(np.random.default_rng(1).random((3, pol.observation_space.shape[0]),
                                                       dtype=np.float32))
    with torch.no_grad():
        logits = pol.action_logits(obs)
        latent = pol.mlp_extractor.forward_actor(pol.extract_features(obs,
                                                                      pol.pi_features_extractor))
        own = pol.action_net(latent)
        start, features = pol._block[0], pol._block[2]
        query = pol.role_query(latent)
        for a in range(logits.shape[1]):
            expected = own[:, a].clone()
            for s, r in zip(ptr.slots[a], ptr.roles[a], strict=True):
                if s < 0:
                    continue
                card = pol.slot_net(obs[:, start + s * features:start + (s + 1) * features])
                expected += (card * query[:, r * 6:(r + 1) * 6]).sum(-1)
            assert torch.allclose(logits[:, a], expected, atol=1e-5), a
        # The distribution SB3 samples from is the masked softmax of the same logits.
        mask = np.zeros((3, logits.shape[1]), dtype=bool)
        mask[:, [1, 39, 40, 41]] = True
        probs = pol.get_distribution(obs, action_masks=mask).distribution.probs
        want = torch.softmax(logits[:, [1, 39, 40, 41]], dim=1)
        assert torch.allclose(probs[:, [1, 39, 40, 41]], want, atol=1e-6)


def test_a_trained_slot_policy_saves_loads_and_exports(tmp_path: Path) -> None:
    from combatzoo.training import export as ex

    model = _model()
    before = [p.detach().clone() for p in model.policy.slot_net.parameters()]
    model.learn(64)
    # PPO's optimizer updates the slot layers as well.
    assert any(not torch.equal(b, p) for b, p in
               zip(before, model.policy.slot_net.parameters(), strict=True))
    ckpt = tmp_path / "slots.zip"
    model.save(ckpt)
    loaded, system = ex.load_checkpoint(ckpt, trust_pickle=True)
    assert system == "spellfire" and type(loaded.policy).__name__ == "SlotActionPolicy"
    # export() raises (and writes nothing) unless ONNX and SB3 agree on all 300 choices.
    card = ex.export(ckpt, tmp_path / "bot.onnx", parity_count=300, seed=2, trust_pickle=True)
    assert (tmp_path / "bot.onnx").exists() and card["system"] == "spellfire"
