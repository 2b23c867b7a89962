"""``combatzoo bench``'s schedule and ratios (issue 14): repeat ``r`` of every row runs before
repeat ``r + 1`` of any, and the ratios under the table pair the repeats."""

from __future__ import annotations

import pytest
from combatzoo.training import bench
from combatzoo.training.bench import YARDSTICK, Measure, Ratio, Result


def _result(target: str, measure: str, repeats: list[float]) -> Result:
    return Result(target, measure, "x/s", 0.0, min(repeats), max(repeats), repeats)


def test_repeats_run_round_by_round(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, str, int]] = []

    def measure(name: str) -> Measure:
        def run(target: str, amount: int, seed: int, clock: bench.Clock) -> float:
            calls.append((name, target, seed))
            return float(len(calls))
        return Measure(name, "x/s", run, systems_only=name == "b")

    monkeypatch.setitem(bench.MEASURES, "a", measure("a"))
    monkeypatch.setitem(bench.MEASURES, "b", measure("b"))
    results = bench.bench(["sys", YARDSTICK], ["a", "b"], 10, 2, 7)
    # Round 1 (seed 7) of every row, an env's measures together, then round 2 (seed 1007);
    # "b" is for systems only.
    assert calls == [("a", "sys", 7), ("b", "sys", 7), ("a", YARDSTICK, 7),
                     ("a", "sys", 1007), ("b", "sys", 1007), ("a", YARDSTICK, 1007)]
    assert [(r.measure, r.target, r.repeats) for r in results] == [
        ("a", "sys", [1.0, 4.0]), ("b", "sys", [2.0, 5.0]), ("a", YARDSTICK, [3.0, 6.0])]


def test_an_unavailable_row_is_tried_once_and_the_others_still_run(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(target: str, amount: int, seed: int, clock: bench.Clock) -> float:
        raise bench.Unavailable("needs the train extra")

    def present(target: str, amount: int, seed: int, clock: bench.Clock) -> float:
        return 1.0

    tried: list[int] = []

    def counted(target: str, amount: int, seed: int, clock: bench.Clock) -> float:
        tried.append(seed)
        return missing(target, amount, seed, clock)

    monkeypatch.setitem(bench.MEASURES, "gone", Measure("gone", "x/s", counted, True))
    monkeypatch.setitem(bench.MEASURES, "here", Measure("here", "x/s", present, True))
    skipped: dict[str, str] = {}
    results = bench.bench(["sys"], ["gone", "here"], 10, 3, 0, skipped=skipped)
    assert tried == [0] and skipped == {"sys": "needs the train extra"}
    assert [(r.measure, r.repeats) for r in results] == [("here", [1.0, 1.0, 1.0])]


def test_ratios_pair_the_repeats() -> None:
    # Repeat by repeat 10/5, 40/10, 30/30: median 2 (the medians' ratio, 30/10, would say 3).
    top, bottom = [10.0, 40.0, 30.0], [5.0, 10.0, 30.0]
    assert bench.paired(_result("s", "m", top), _result("s", "m", bottom)) == Ratio(2.0, 1.0, 4.0)
    results = [_result("sys", "aec_random", top), _result(YARDSTICK, "aec_random", bottom),
               _result("sys", "ppo_env", top), _result("sys", "ppo_stub", bottom),
               _result("sys", "fast_step", [20.0, 80.0, 60.0])]
    assert bench.yardstick_ratios(results) == {"sys": Ratio(2.0, 1.0, 4.0)}
    assert bench.env_shares(results) == {"sys": Ratio(2.0, 1.0, 4.0)}
    assert bench.fast_ratios(results) == {"sys": Ratio(2.0, 2.0, 2.0)}
