"""Blue Prince's simulated tables as a notebook shows them (:func:`table`): the day table of
:func:`~manorkit.blueprince.sim.simulate`, a sweep's cells and comparisons and a variant
impact, with plain column names, rates as percentages and each estimate beside its 95 %
interval. Code keeps using the DataFrames, whose columns keep their machine names."""

from __future__ import annotations

from ...display import Table
from ...sim.stats import LEVEL
from ...sim.tables import readable

#: Every column of the simulated tables in words.
WORDS = {"n": "days", "won": "won", "ended": "how the day ended",
         "win_rate": "win rate", "deepest_rank": "deepest rank",
         "rooms_drafted": "rooms drafted", "steps": "steps left", "gems": "gems left",
         "keys": "keys left", "coins": "coins left", "keys_spent": "keys spent",
         "locks_met": "locks met", "redraws": "redraws", "turns": "turns",
         "actions": "actions", "win_rate_change": "change in win rate",
         "deepest_rank_change": "change in deepest rank",
         "steps_change": "change in steps left", "keys_spent_change": "change in keys spent",
         "rooms_drafted_change": "change in rooms drafted", "keys_change": "change in keys left",
         "days_changed": "days that played differently", "default": "default reading"}
#: The columns that hold a share of days (read as percentages).
RATES = frozenset({"win_rate", "win_rate_change", "days_changed"})


def table(frame, columns=None, *, max_height: int | None = 420) -> Table:
    """``frame`` (a day table, ``Sweep.frame`` or ``.compare()``, ``Impact.frame``) as a
    :class:`~manorkit.display.Table` to show: estimates with their intervals in one cell
    ("0.8% (0.2–2.1%)"), plain column names, shares as percentages; ``columns`` (machine
    names) picks and orders the columns first; the table scrolls past ``max_height``
    pixels."""
    if columns is not None:
        keep = [c for c in columns if c in frame.columns]
        keep += [f"{c}{end}" for c in columns for end in ("_low", "_high")
                 if f"{c}{end}" in frame.columns]
        frame = frame[keep]
    return Table(readable(frame, WORDS, RATES, LEVEL), max_height=max_height)
