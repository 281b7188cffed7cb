"""Simulated tables as a notebook shows them: estimates beside their intervals, plain column
names, shares as percentages; the DataFrames for code keep their machine names."""

import math

import pandas as pd
import pytest

from manorkit.blueprince.engine import Campaign
from manorkit.blueprince.sim import COLUMNS, GreedyPolicy, simulate, sweep, table
from manorkit.sim.tables import estimate, readable


@pytest.mark.parametrize(("args", "kw", "text"), [
    ((0.007624, 0.00212, 0.0211), dict(rate=True), "0.8% (0.2–2.1%)"),
    ((4.234, 4.011, 4.452), {}, "4.23 (4.01–4.45)"),
    ((0.12, -0.05, 0.29), dict(change=True), "+0.12 (-0.05 to +0.29)"),
    ((0.07, 0.038, 0.102), dict(rate=True, change=True), "+7% (+3.8% to +10.2%)"),
    ((3.5, math.nan, math.nan), {}, "3.5"),
])
def test_an_estimate_reads_with_its_interval(args, kw, text):
    assert estimate(*args, **kw) == text


def test_interval_columns_become_one_and_names_become_words():
    frame = pd.DataFrame({"morning": ["plain"], "n": [80], "win_rate": [0.0125],
                          "win_rate_low": [0.002], "win_rate_high": [0.067],
                          "steps": [21.4], "steps_low": [14.4], "steps_high": [28.5],
                          "won": [True]})
    shown = readable(frame, {"n": "days", "win_rate": "win rate", "steps": "steps left"},
                     {"win_rate"})
    assert list(shown.columns) == ["morning", "days", "win rate (95%)", "steps left (95%)",
                                   "won"]
    assert shown.iloc[0].tolist() == ["plain", 80, "1.2% (0.2–6.7%)", "21.4 (14.4–28.5)", "yes"]


@pytest.fixture(scope="module")
def swept():
    mornings = {"plain": Campaign(), "orchard": Campaign(apple_orchard=True)}
    return sweep({"morning": mornings}, GreedyPolicy(), 12, seed=1, progress=False)


def test_a_sweep_shows_a_few_columns_in_words_and_keeps_its_frame(swept):
    shown = swept.table().frame  # issue 27: a 20-column frame of bare floats and snake_case
    assert list(shown.columns) == ["morning", "days", "win rate (95%)", "deepest rank (95%)",
                                   "steps left (95%)"]
    assert "win_rate_low" in swept.frame and len(swept.frame.columns) > 15  # code's frame
    assert all("%" in cell and "(" in cell for cell in shown["win rate (95%)"])
    page = swept._repr_html_()
    assert "win_rate" not in page and "steps left" in page


def test_the_day_table_keeps_its_columns_and_shows_steps_left():
    days = simulate(GreedyPolicy(), 3, seed=1, progress=False)
    assert tuple(days.columns) == COLUMNS
    shown = table(days).frame
    assert "steps left" in shown.columns and "steps" not in shown.columns
    assert set(shown["won"]) <= {"yes", "no"}
    assert table(days, ["won", "steps"]).frame.columns.tolist() == ["won", "steps left"]
