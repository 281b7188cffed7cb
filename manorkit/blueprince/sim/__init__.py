"""Simulating many days: policies (bots), :func:`simulate` (one table row per day, on the
local, processes or dask backend), and comparisons of rule sets: :func:`sweep` over a grid
and :func:`variant_impact` for every variant reading; :func:`table` shows any of their
tables as a person reads it."""

from .compare import Impact, Sweep, sweep, variant_impact
from .planner import PlannerPolicy
from .policies import EconomyPolicy, GreedyPolicy, Policy, RandomPolicy
from .run import CAMPAIGN_COLUMNS, COLUMNS, TILE_COLUMNS, day_seeds, play_campaign, simulate
from .show import table

__all__ = ["CAMPAIGN_COLUMNS", "COLUMNS", "EconomyPolicy", "GreedyPolicy", "Impact",
           "PlannerPolicy", "Policy", "RandomPolicy", "Sweep", "TILE_COLUMNS", "day_seeds",
           "play_campaign", "simulate", "sweep", "table", "variant_impact"]
