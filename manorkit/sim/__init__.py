"""Game-agnostic simulation machinery: seeds, backends, intervals, grids and their charts.

A game supplies a picklable task function (play some days, return rows); this package
derives the seeds, runs the tasks locally, on a process pool or on Dask, and summarises the
rows with confidence intervals. Blue Prince's :func:`~manorkit.blueprince.sim.simulate`,
``sweep`` and ``variant_impact`` are built on it.
"""

from .backends import BACKENDS, BATCH, batches, run_tasks
from .grid import Cell, cells
from .seeds import day_seeds
from .stats import mean_interval, paired_interval, wilson

__all__ = ["BACKENDS", "BATCH", "Cell", "batches", "cells", "day_seeds", "mean_interval",
           "paired_interval", "run_tasks", "wilson"]
