"""The simulation package: the day table, reproducibility across backends, the bots, and a
simulated frequency against the exact odds."""

from __future__ import annotations

import math
import os
import pickle
import subprocess
import sys

import pandas as pd
import pytest

from manorkit.blueprince import load_rules, odds
from manorkit.blueprince.engine import Campaign, Draft, EndDay, Move, Take, new_day
from manorkit.blueprince.sim import (
    CAMPAIGN_COLUMNS,
    COLUMNS,
    TILE_COLUMNS,
    EconomyPolicy,
    GreedyPolicy,
    RandomPolicy,
    day_seeds,
    simulate,
)
from manorkit.blueprince.sim.run import play

RULES = load_rules()
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class FirstDraft:
    """Drafts north from the Entrance Hall, then ends the day as soon as it may."""

    def __call__(self, state, rng):
        legal = state.legal_actions()
        if state.depth == 0:
            return Draft(0, "Entrance Hall", state.position)
        return EndDay() if EndDay() in legal else legal[0]


def shuttles(history) -> bool:
    """Whether some room is moved to twice with no tile placed in between."""
    seen: set = set()
    for a in history:
        if isinstance(a, Take):
            seen = set()
        elif isinstance(a, Move):
            if a.cell in seen:
                return True
            seen.add(a.cell)
    return False


def test_table_columns_and_dtypes():
    table = simulate(RandomPolicy(), 6, RULES, seed=1)
    assert tuple(table.columns) == COLUMNS and len(table) == 6
    assert table["won"].dtype == bool and table["ended"].dtype == "string"
    ints = [c for c in COLUMNS if c not in ("won", "ended")]
    assert all(table[c].dtype == "int64" for c in ints)
    assert list(table["day"]) == list(range(6)) and list(table["seed"]) == day_seeds(1, 6)
    assert set(table["ended"]) <= {"won", "called it a day", "out of steps"}
    assert table["deepest_rank"].between(1, 9).all() and (table["actions"] > 0).all()


def test_same_seed_same_table_and_events():
    a, log = simulate(GreedyPolicy(), 5, RULES, seed=7, events=True)
    b = simulate(GreedyPolicy(), 5, RULES, seed=7)
    pd.testing.assert_frame_equal(a, b)
    assert not a.equals(simulate(GreedyPolicy(), 5, RULES, seed=8))
    assert list(log.columns) == ["step", "turn", "action", "effect", "section", "day"]
    assert sorted(log["day"].unique()) == list(range(5))


def test_local_equals_processes():
    local = simulate(EconomyPolicy(), 30, RULES, seed=3)
    pooled = simulate(EconomyPolicy(), 30, RULES, seed=3, backend="processes", processes=2)
    pd.testing.assert_frame_equal(local, pooled)


def test_bad_backend_and_arguments():
    with pytest.raises(ValueError, match="backend"):
        simulate(RandomPolicy(), 1, RULES, backend="threads")
    with pytest.raises(ValueError, match="client= .* or address="):
        simulate(RandomPolicy(), 1, RULES, backend="dask")
    with pytest.raises(ValueError, match="for backend='dask'"):
        simulate(RandomPolicy(), 1, RULES, address="tcp://127.0.0.1:1")
    with pytest.raises(ValueError, match="days"):
        simulate(RandomPolicy(), 1, RULES, days=0)
    with pytest.raises(ValueError, match="morning"):
        simulate(RandomPolicy(), 1, RULES, days=2, morning=Campaign())


def test_dask_equals_local():
    """A local Dask cluster of two worker processes, reached by client= and by address=,
    returns the in-process table (batches of 7 days, so several tasks per worker)."""
    from distributed import Client, LocalCluster

    local = simulate(GreedyPolicy(), 40, RULES, seed=4, batch=7)
    with LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        by_client = simulate(GreedyPolicy(), 40, RULES, seed=4, backend="dask",
                             client=client, batch=7)
        by_address = simulate(GreedyPolicy(), 40, RULES, seed=4, backend="dask",
                              address=cluster.scheduler_address, batch=13)
    pd.testing.assert_frame_equal(local, by_client)
    pd.testing.assert_frame_equal(local, by_address)


def test_state_pickles_by_recipe():
    state = play(RULES.with_variants(dig_step_cost="one_step"), GreedyPolicy(), 9, fast=False)
    text = pickle.dumps(state)
    assert b'"actions"' in text and b"resources" not in text  # the actions, not the facts
    back = pickle.loads(text)
    assert back == state and back.rules is state.rules and back.history == state.history


def test_tiles_table_matches_the_day_table():
    table, tiles = simulate(GreedyPolicy(), 6, RULES, seed=2, tiles=True)
    assert tuple(tiles.columns) == TILE_COLUMNS
    counts = tiles.groupby("day").size().reindex(table["day"], fill_value=0)
    assert list(counts) == list(table["rooms_drafted"])
    deepest = tiles.groupby("day")["rank"].max().reindex(table["day"], fill_value=1)
    assert list(deepest) == list(table["deepest_rank"])


class Idle:
    """Ends the day at once."""

    def __call__(self, state, rng):
        return EndDay()


def test_morning_bonus_steps():
    """Days from a morning with 20 bonus steps (§3 step 9) start 20 steps richer."""
    plain = simulate(Idle(), 3, RULES, seed=6)
    richer = simulate(Idle(), 3, RULES, seed=6, morning=Campaign(bonuses=(("steps", 20),)))
    assert list(richer["steps"] - plain["steps"]) == [20] * 3
    assert list(richer["seed"]) == list(plain["seed"])


def test_campaigns_carry_forward():
    """``days=3`` plays campaigns through ``new_campaign``: a row per day, numbered 1-3 in each
    campaign, identical on the processes backend."""
    table = simulate(GreedyPolicy(), 4, RULES, seed=1, days=3)
    assert tuple(table.columns) == CAMPAIGN_COLUMNS
    assert list(table["campaign"]) == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]
    assert list(table["day"]) == [1, 2, 3] * 4
    assert table.groupby("campaign")["seed"].nunique().eq(3).all()
    pooled = simulate(GreedyPolicy(), 4, RULES, seed=1, days=3, backend="processes",
                      processes=2)
    pd.testing.assert_frame_equal(table, pooled)


def test_shuttle_detector():
    a, b = Move((2, 3), "A", 1), Move((3, 3), "B", 1)
    assert shuttles([a, b, a]) and not shuttles([a, b, Take(1, "C"), a])


@pytest.mark.parametrize("policy", [GreedyPolicy(), EconomyPolicy()], ids=["greedy", "economy"])
def test_bots_end_without_shuttling(policy):
    for seed in day_seeds(11, 12):
        state = play(RULES, policy, seed)
        assert state.is_over and not shuttles(state.history), seed


def test_first_tile_frequency_matches_the_odds():
    """Slot 1 of the first draft is one of the T or cross rooms with probability
    odds.draft(targets, draw=1); 1500 days agree within 4σ of the binomial."""
    bag = new_day(RULES, seed=0).bag
    targets = [r for r in bag if RULES.room(r)["shape"] in ("T", "cross")]
    p = float(odds.draft(targets, draw=1, rules=RULES))
    n = 1500
    _, log = simulate(FirstDraft(), n, RULES, seed=5, progress=False, events=True)
    first = log[log["action"].str.startswith("tile drawn: ")].groupby("day")["action"].first()
    assert len(first) == n
    hits = first.str.removeprefix("tile drawn: ").isin(targets).mean()
    assert abs(hits - p) <= 4 * math.sqrt(p * (1 - p) / n), (hits, p)


def test_importing_sim_loads_neither_pandas_nor_tqdm():
    code = ("import sys, manorkit.blueprince.sim; "
            "print(sorted(m for m in ('pandas', 'tqdm', 'numpy', 'dask', 'distributed', 'scipy') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={**os.environ, "PYTHONPATH": ROOT})
    assert out.stdout.strip() == "[]"
