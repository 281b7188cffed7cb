"""The simulation package: the day table, reproducibility across backends, the bots, and a
simulated frequency against the exact odds."""

from __future__ import annotations

import math
import os
import subprocess
import sys

import pandas as pd
import pytest

from manorkit.blueprince import load_rules, odds
from manorkit.blueprince.engine import Draft, EndDay, Move, Take, new_day
from manorkit.blueprince.sim import (
    COLUMNS,
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


def test_bad_backend():
    with pytest.raises(ValueError, match="backend"):
        simulate(RandomPolicy(), 1, RULES, backend="dask")


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
            "print(sorted(m for m in ('pandas', 'tqdm', 'numpy') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={**os.environ, "PYTHONPATH": ROOT})
    assert out.stdout.strip() == "[]"
