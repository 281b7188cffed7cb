"""Simulating many days: policies (bots) and :func:`simulate`, one table row per day."""

from .policies import EconomyPolicy, GreedyPolicy, Policy, RandomPolicy
from .run import COLUMNS, day_seeds, simulate

__all__ = ["COLUMNS", "EconomyPolicy", "GreedyPolicy", "Policy", "RandomPolicy", "day_seeds",
           "simulate"]
