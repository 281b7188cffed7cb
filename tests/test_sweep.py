"""The game-agnostic simulation machinery (intervals, grids, backends) and the Blue Prince
comparisons built on it: sweep() and variant_impact()."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from manorkit.blueprince import load_rules
from manorkit.blueprince.engine import Campaign
from manorkit.blueprince.sim import GreedyPolicy, RandomPolicy, simulate, sweep, variant_impact
from manorkit.sim import batches, cells, mean_interval, paired_interval, run_tasks, wilson

RULES = load_rules()


@pytest.mark.parametrize(("k", "n"), [(0, 10), (3, 10), (10, 10), (417, 1000)])
def test_wilson_agrees_with_scipy(k, n):
    expected = stats.binomtest(k, n).proportion_ci(method="wilson")
    assert wilson(k, n) == pytest.approx((expected.low, expected.high), abs=1e-12)


def test_wilson_rejects_impossible_counts():
    with pytest.raises(ValueError, match="successes"):
        wilson(11, 10)
    assert all(math.isnan(v) for v in wilson(0, 0))


def test_mean_and_paired_intervals_agree_with_scipy():
    rng = np.random.default_rng(3)
    a, b = rng.normal(5, 2, 40), rng.normal(6, 2, 40)
    ci = stats.ttest_1samp(a, 0).confidence_interval()
    assert mean_interval(a) == pytest.approx((a.mean(), ci.low, ci.high))
    ci = stats.ttest_rel(b, a).confidence_interval()
    assert paired_interval(a, b) == pytest.approx(((b - a).mean(), ci.low, ci.high))
    with pytest.raises(ValueError, match="same length"):
        paired_interval(a, b[:3])


def test_grid_cells_in_order_with_labels():
    def setter(rules, v):
        return rules

    grid = cells({"x": [1, 2], setter: {"low": 0, "high": 9}})
    assert [dict(c.labels) for c in grid] == [
        {"x": "1", "setter": "low"}, {"x": "1", "setter": "high"},
        {"x": "2", "setter": "low"}, {"x": "2", "setter": "high"}]
    assert grid[1].settings == (("x", 1), (setter, 9))
    with pytest.raises(ValueError, match="no values"):
        cells({"x": []})
    with pytest.raises(ValueError, match="share a name"):
        cells({"setter": [1], setter: [2]})


def _square_all(xs):
    return [x * x for x in xs]


@pytest.mark.parametrize("backend", ["local", "processes"])
def test_run_tasks_keeps_task_order(backend):
    tasks = [(b,) for b in batches(list(range(23)), 5)]
    assert [len(t[0]) for t in tasks] == [5, 5, 5, 5, 3]
    out = run_tasks(_square_all, tasks, backend, weights=[len(t[0]) for t in tasks])
    assert sum(out, []) == [x * x for x in range(23)]
    assert run_tasks(_square_all, [], backend) == []
    with pytest.raises(ValueError, match="weights"):
        run_tasks(_square_all, tasks, backend, weights=[1])


def test_sweep_cells_share_seeds_and_summarise():
    mornings = {"plain": Campaign(), "+10 steps": Campaign(bonuses=(("steps", 10),))}
    result = sweep({"dig_step_cost": ["free", "one_step"], "morning": mornings},
                   GreedyPolicy(), 12, RULES, seed=2)
    frame = result.frame
    assert list(frame["dig_step_cost"]) == ["free", "free", "one_step", "one_step"]
    assert list(frame["morning"]) == ["plain", "+10 steps"] * 2 and (frame["n"] == 12).all()
    days = result.days
    seeds = days.groupby(["dig_step_cost", "morning"])["seed"].apply(tuple)
    assert seeds.nunique() == 1  # common random numbers
    plain = days[(days.dig_step_cost == "free") & (days.morning == "plain")]
    pd.testing.assert_frame_equal(
        plain.drop(columns=["dig_step_cost", "morning"]).reset_index(drop=True),
        simulate(GreedyPolicy(), 12, RULES, seed=2))
    row = frame.iloc[0]
    assert row["win_rate_low"] <= row["win_rate"] <= row["win_rate_high"]
    assert row["deepest_rank"] == pytest.approx(plain["deepest_rank"].mean())
    compared = result.compare()
    assert len(compared) == 3 and {"win_rate_change", "steps_change_low"} <= set(compared)
    spec = result.chart("steps").to_dict()
    assert "steps left" in str(spec) and "dig step cost" in str(spec)


def test_sweep_errors_name_the_axis():
    with pytest.raises(KeyError, match="not_a_variant"):
        sweep({"not_a_variant": ["a"]}, RandomPolicy(), 1, RULES)
    with pytest.raises(TypeError, match="Campaign"):
        sweep({"morning": [1]}, RandomPolicy(), 1, RULES)


def test_variant_impact_ranks_paired_changes():
    result = variant_impact(GreedyPolicy(), 15, RULES, seed=1,
                            variants=["dig_step_cost", "casino_payout", "nook_roll"],
                            progress=False)
    frame = result.frame
    assert sorted(zip(frame["variant"], frame["reading"], strict=True)) == [
        ("casino_payout", "net"), ("dig_step_cost", "one_step"),
        ("nook_roll", "locked_face"), ("nook_roll", "open_face")]
    key = frame[["win_rate_change", "deepest_rank_change", "steps_change"]].abs()
    assert list(key.itertuples(index=False)) == sorted(key.itertuples(index=False),
                                                       reverse=True)
    base = result.days[("", "")]
    for _, row in frame.iterrows():
        other = result.days[(row["variant"], row["reading"])]
        assert row["steps_change"] == pytest.approx((other["steps"] - base["steps"]).mean())
        assert (row["days_changed"] == 0) == other.drop(columns="seed").equals(
            base.drop(columns="seed"))
    assert "change in win rate" in str(result.chart().to_dict())
    with pytest.raises(KeyError, match="unknown variants"):
        variant_impact(GreedyPolicy(), 1, RULES, variants=["nope"])


def _needs(method: str):
    if not hasattr(RULES, method):
        pytest.skip(f"needs Rules.{method} (the edits branch)")


def test_starting_steps_setter():
    _needs("with_table")
    result = sweep({sweep.starting("steps"): [40, 60]}, GreedyPolicy(), 6, RULES, seed=3)
    assert list(result.frame["starting_steps"]) == ["40", "60"]
    assert result.frame["rooms_drafted"].iloc[1] >= result.frame["rooms_drafted"].iloc[0]


def test_die_faces_setter():
    _needs("with_die")
    result = sweep({sweep.die_faces("lock_red"): {"3/3": {"OPEN": 3, "LOCKED": 3},
                                                  "4/2": {"OPEN": 4, "LOCKED": 2}}},
                   GreedyPolicy(), 6, RULES, seed=3)
    assert list(result.frame["lock_red_faces"]) == ["3/3", "4/2"]


def test_room_setter():
    _needs("with_room")
    result = sweep({sweep.room("Attic", "gem_cost"): [0, 3]}, GreedyPolicy(), 4, RULES)
    assert list(result.frame["attic_gem_cost"]) == ["0", "3"]
