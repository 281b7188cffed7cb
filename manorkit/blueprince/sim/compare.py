"""Comparisons of rule sets by simulation: :func:`sweep` over a grid of variants, rule values
and mornings, and :func:`variant_impact`, every variant reading against the rules as given.

Every cell plays the same day seeds (common random numbers), so a difference between two
cells is the rules' doing, not luck's; :meth:`Sweep.compare` and :func:`variant_impact` use
that pairing for their intervals.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ...sim.backends import BATCH, run_tasks
from ...sim.grid import Cell, cells
from ...sim.stats import LEVEL, mean_interval, paired_interval, wilson
from ..engine.setup import Campaign
from ..rules import Rules, load_rules
from .policies import Policy
from .run import day_tasks, run_batch, tables

#: The day-table columns summarised by a sweep, with their names in words.
MEANS = {"deepest_rank": "deepest rank", "rooms_drafted": "rooms drafted",
         "steps": "steps left", "keys": "keys left", "keys_spent": "keys spent"}
#: The axis that sets the morning every day starts from (a Campaign value).
MORNING = "morning"


def apply_cell(rules: Rules, cell: Cell) -> tuple[Rules, Campaign | None]:
    """The rules and morning of a grid cell: each axis a variant id (value: a reading),
    :data:`MORNING` (value: a :class:`~manorkit.blueprince.engine.Campaign`) or a setter
    ``(rules, value) -> Rules``."""
    morning = None
    for axis, value in cell.settings:
        if axis == MORNING:
            if not isinstance(value, Campaign):
                raise TypeError(f"the {MORNING!r} axis takes Campaign values, got {value!r}")
            morning = value
        elif isinstance(axis, str):
            if axis not in rules.choices:
                raise KeyError(f"grid axis {axis!r} is not a variant id, {MORNING!r} or a "
                               f"setter; known variants: {', '.join(sorted(rules.choices))}")
            rules = rules.with_variants(**{axis: value})
        else:
            rules = axis(rules, value)
            if not isinstance(rules, Rules):
                raise TypeError(f"setter {axis!r} returned {rules!r}, expected Rules")
    return rules, morning


def play_cells(setups: Sequence[tuple[Rules, Campaign | None]], policy: Policy, n: int,
               seed: int, *, backend: str = "local", processes: int | None = None, client=None,
               address: str | None = None, progress: bool | None = None,
               batch: int = BATCH) -> list:
    """One day table per (rules, morning) in ``setups``, every one on the same ``n`` day
    seeds, all cells' batches run as one job on ``backend``."""
    tasks, weights, sizes = [], [], []
    for rules, morning in setups:
        t, w = day_tasks(rules, policy, n, seed, morning=morning, batch=batch)
        tasks += t
        weights += w
        sizes.append(len(t))
    total = n * len(setups)
    results = run_tasks(run_batch, tasks, backend, processes=processes, client=client,
                        address=address, weights=weights,
                        progress=total >= 200 if progress is None else progress)
    out, i = [], 0
    for size in sizes:
        out.append(tables(results[i:i + size]))
        i += size
    return out


def describe(table) -> dict:
    """A day table's win rate (Wilson interval) and the means of :data:`MEANS` (t intervals)."""
    wins, n = int(table["won"].sum()), len(table)
    row = {"n": n, "win_rate": wins / n if n else float("nan")}
    row["win_rate_low"], row["win_rate_high"] = wilson(wins, n)
    for col in MEANS:
        row[col], row[f"{col}_low"], row[f"{col}_high"] = mean_interval(table[col])
    return row


def differences(base, other, metrics: Sequence[str] = ("won", "deepest_rank", "steps")) -> dict:
    """Paired day-by-day changes ``other - base`` (same seeds) of ``metrics`` with intervals;
    ``won`` is the change in win rate."""
    row = {}
    for col in metrics:
        name = "win_rate" if col == "won" else col
        mean, low, high = paired_interval(base[col], other[col])
        row[f"{name}_change"], row[f"{name}_change_low"], row[f"{name}_change_high"] = \
            mean, low, high
    return row


@dataclass(frozen=True, eq=False)
class Sweep:
    """A sweep's result: ``frame`` has one row per grid cell (its axis labels, ``n``, the win
    rate with its Wilson interval and the means of :data:`MEANS` with t intervals, all at
    95 %); ``days`` every cell's day table with the axis labels as columns."""

    frame: object
    days: object
    axes: tuple[str, ...]

    def compare(self, metrics: Sequence[str] = ("won", "deepest_rank", "steps")):
        """Each cell's paired change from the first cell (same day seeds), with intervals."""
        import pandas as pd

        groups = [g for _, g in self.days.groupby(list(self.axes), sort=False)]
        base = groups[0].reset_index(drop=True)
        rows = [dict(zip(self.axes, g.iloc[0][list(self.axes)], strict=True))
                | differences(base, g.reset_index(drop=True), metrics) for g in groups[1:]]
        return pd.DataFrame(rows)

    def chart(self, metric: str = "win_rate"):
        """The metric (``win_rate`` or a column of :data:`MEANS`) by the first axis, coloured
        by the second, with 95 % intervals (altair)."""
        from ...sim.charts import interval_chart

        words = {"win_rate": "win rate"} | MEANS
        if metric not in words:
            raise ValueError(f"metric must be one of {sorted(words)}, got {metric!r}")
        frame = self.frame.astype({a: str for a in self.axes})
        return interval_chart(frame, self.axes[0], metric, f"{metric}_low", f"{metric}_high",
                              title=f"{words[metric].capitalize()} by "
                                    f"{self.axes[0].replace('_', ' ')} "
                                    f"({int(LEVEL * 100)} % intervals)",
                              x_title=self.axes[0].replace("_", " "),
                              y_title=words[metric],
                              color=self.axes[1] if len(self.axes) > 1 else None)

    def table(self, metrics: Sequence[str] = ("win_rate", "deepest_rank", "steps")):
        """The cells to show (:func:`~manorkit.blueprince.sim.table`): the axes, the days,
        then ``metrics`` with their intervals, in words; ``frame`` keeps every column."""
        from .show import table

        return table(self.frame, [*self.axes, "n", *metrics])

    def _repr_html_(self) -> str:
        return self.table(tuple(["win_rate", *MEANS]))._repr_html_()


def sweep(grid: Mapping[object, object], policy: Policy, n: int, rules: Rules | None = None,
          seed: int = 0, **run) -> Sweep:
    """Simulate ``n`` days in every cell of ``grid`` and compare them (a :class:`Sweep`).

    ``grid`` maps each axis to its values (a list, or a mapping ``label -> value``): an axis
    is a variant id (values: readings), ``"morning"`` (values: ``Campaign`` mornings, e.g.
    ``Campaign(apple_orchard=True)``) or a setter ``(rules, value) -> Rules`` such as
    :func:`starting`, :func:`die_faces` or :func:`room`. Every cell plays the same day seeds
    from ``seed``. ``run``: ``backend``, ``processes``, ``client``, ``address``,
    ``progress``, ``batch`` as for :func:`~manorkit.blueprince.sim.simulate`.
    """
    import pandas as pd

    rules = load_rules() if rules is None else rules
    grid_cells = cells(grid)
    days = play_cells([apply_cell(rules, c) for c in grid_cells], policy, n, seed, **run)
    axes = tuple(name for name, _ in grid_cells[0].labels)
    frame = pd.DataFrame([dict(c.labels) | describe(t) for c, t in zip(grid_cells, days,
                                                                         strict=True)])
    every = pd.concat([t.assign(**dict(c.labels)) for c, t in zip(grid_cells, days,
                                                                   strict=True)],
                      ignore_index=True)
    return Sweep(frame, every[list(axes) + [c for c in every if c not in axes]], axes)


def _named(fn: Callable, name: str) -> Callable:
    fn.name = fn.__name__ = name
    return fn


def starting(resource: str) -> Callable[[Rules, int], Rules]:
    """A setter for the amount of ``resource`` you start the day with (§3 Setup,
    ``starting_resources.csv``)."""
    return _named(lambda rules, amount: rules.with_table("starting_resources", resource,
                                                         amount=amount),
                  f"starting_{resource}")


def die_faces(die: str) -> Callable[[Rules, Mapping[str, int]], Rules]:
    """A setter for the faces of ``die`` (``dice.csv``); values map face -> count, e.g.
    ``{"OPEN": 4, "LOCKED": 2}``."""
    return _named(lambda rules, faces: rules.with_die(die, faces), f"{die}_faces")


def room(name: str, field: str) -> Callable[[Rules, object], Rules]:
    """A setter for one field of room ``name`` (``rooms.csv``), e.g. ``room("Attic",
    "gem_cost")`` or ``room("Foyer", "doors")``."""
    return _named(lambda rules, value: rules.with_room(name, **{field: value}),
                  f"{name} {field}".replace(" ", "_").lower())


sweep.starting, sweep.die_faces, sweep.room = starting, die_faces, room


@dataclass(frozen=True, eq=False)
class Impact:
    """:func:`variant_impact`'s result: ``frame`` one row per (variant, reading) with the
    paired changes and 95 % intervals, ranked; ``days`` the day tables by (variant, reading),
    ``("", "")`` holding the baseline."""

    frame: object
    days: dict

    def chart(self, metric: str = "win_rate", top: int | None = 20):
        """The ``top`` readings' change in ``metric`` (``win_rate``, ``deepest_rank`` or
        ``steps``) from the baseline, with 95 % intervals (altair)."""
        from ...sim.charts import interval_chart

        words = {"win_rate": "win rate", "deepest_rank": "deepest rank", "steps": "steps left"}
        if metric not in words:
            raise ValueError(f"metric must be one of {sorted(words)}, got {metric!r}")
        frame = self.frame.head(top).assign(
            reading_of=lambda f: f["variant"] + " = " + f["reading"])
        return interval_chart(frame, "reading_of", f"{metric}_change",
                              f"{metric}_change_low", f"{metric}_change_high",
                              title=f"Change in {words[metric]} from the default reading "
                                    f"({int(LEVEL * 100)} % intervals, same day seeds)",
                              x_title="variant = reading", y_title=f"change in {words[metric]}",
                              horizontal=True)

    def table(self, top: int | None = None):
        """The ranked readings to show (:func:`~manorkit.blueprince.sim.table`): variant,
        reading, its win rate and the changes with their intervals, in words."""
        from .show import table

        frame = self.frame if top is None else self.frame.head(top)
        return table(frame, ["variant", "reading", "default", "win_rate", "win_rate_change",
                             "deepest_rank_change", "steps_change", "days_changed"])

    def _repr_html_(self) -> str:
        return self.table()._repr_html_()


def variant_impact(policy: Policy, n: int, rules: Rules | None = None, seed: int = 0,
                   variants: Sequence[str] | None = None, **run) -> Impact:
    """Every other reading of every variant (or of ``variants``) simulated against ``rules``
    as given (the default readings, for ``load_rules()``), ``n`` days each on the same day
    seeds, ranked by the size of the change in win rate, then deepest rank, then steps left
    (an :class:`Impact`). ``days_changed`` is the share of days that played out differently
    at all. ``run`` as for :func:`sweep`; a ``tqdm`` bar shows progress by default.
    """
    import pandas as pd

    rules = load_rules() if rules is None else rules
    ids = sorted(rules.choices) if variants is None else list(variants)
    unknown = [v for v in ids if v not in rules.choices]
    if unknown:
        raise KeyError(f"unknown variants {unknown}; known: {', '.join(sorted(rules.choices))}")
    pairs = [(v, r) for v in ids for r in rules._specs[v]["readings"] if r != rules.variant(v)]
    setups = [(rules, None)] + [(rules.with_variants(**{v: r}), None) for v, r in pairs]
    run.setdefault("progress", True)
    base, *others = play_cells(setups, policy, n, seed, **run)
    rows = []
    for (v, r), table in zip(pairs, others, strict=True):
        changed = (table.drop(columns="seed") != base.drop(columns="seed")).any(axis=1)
        rows.append({"variant": v, "reading": r, "default": rules.variant(v), "n": n,
                     "win_rate": table["won"].mean()}
                    | differences(base, table) | {"days_changed": changed.mean()})
    columns = ["variant", "reading", "default", "n", "win_rate", "win_rate_change",
               "win_rate_change_low", "win_rate_change_high", "deepest_rank_change",
               "deepest_rank_change_low", "deepest_rank_change_high", "steps_change",
               "steps_change_low", "steps_change_high", "days_changed"]
    frame = pd.DataFrame(rows, columns=columns)
    order = frame[["win_rate_change", "deepest_rank_change", "steps_change"]].abs()
    frame = frame.loc[order.sort_values(list(order.columns), ascending=False,
                                        kind="stable").index].reset_index(drop=True)
    return Impact(frame, {("", ""): base} | dict(zip(pairs, others, strict=True)))
