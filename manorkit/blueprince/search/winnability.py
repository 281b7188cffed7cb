"""Balance numbers about the game, not the bot: what share of days can be won at all, and how
close the bots come (§13).

:func:`winnability` takes ``n`` day seeds. For each it runs the clairvoyant :func:`solve` on
the determinized day, and lets each bot play that same determinized day without seeing its
numbers (:func:`play`): a bot meets every random step with a fresh number it could not know,
so its wins there are an unbiased sample of its wins in play, and a day a bot wins is
winnable. Per day: the solver's verdict, nodes and seconds, and each bot's result. The
summary gives, with 95 % Wilson intervals, the share of days winnable with perfect
information — at least the days shown won, at most those not proved lost — each bot's win
rate and its share of the days shown winnable.

:func:`sweep_winnability` does the same over a grid of variant readings and rule edits (on
the same day seeds), and :func:`first_wins` the days a campaign takes to its first win.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from ...sim.backends import batches, run_tasks
from ...sim.grid import cells
from ...sim.seeds import day_seeds
from ...sim.stats import wilson
from ..engine.fast import FastDay
from ..engine.setup import Campaign
from ..engine.state import new_day
from ..rules import Rules, load_rules
from .determinize import Determinization
from .solver import solve

#: Steps after which a bot's day is cut short (it never ends on its own).
MAX_STEPS = 10_000
#: The columns of a table before the bots' (``lever`` and ``rooms``: :meth:`Solution.how`).
COLUMNS = ("day", "seed", "verdict", "nodes", "seconds", "lever", "rooms")


def play(rules: Rules, policy, seed: int, campaign: Campaign | None = None):
    """The day ``seed`` played to its end by ``policy`` (deciding with ``random.Random(seed)``)
    with every random step resolved as :class:`Determinization` ``(seed)`` fixes it: in place
    (:class:`FastDay`) unless the policy ``needs_state``."""
    det, rng = Determinization(seed), random.Random(seed)
    state = new_day(rules, seed=seed, campaign=campaign)
    counts: dict[str, int] = {}
    day = state if getattr(policy, "needs_state", False) else FastDay(state, rng)
    for _ in range(MAX_STEPS):
        if day.over is not None:
            return day
        if day.pending:
            outcome = det.outcome(day, counts)
            counts[outcome.label] = counts.get(outcome.label, 0) + 1
            got = day.apply(outcome)
        else:
            got = day.apply(policy(day, rng))
        if got is not None:  # (a FastDay changes in place and returns None)
            day = got
    raise RuntimeError(f"day {seed} did not end within {MAX_STEPS} steps")


def _days(rules: Rules, policies: Mapping[str, object], items: list[tuple[int, int]],
          seconds: float | None, nodes: int | None, campaign: Campaign | None) -> list[dict]:
    rows = []
    for index, seed in items:
        found = solve(seed, rules, seconds=seconds, nodes=nodes, campaign=campaign)
        row = {"day": index, **found.row()}
        del row["reason"], row["line"]
        for name, policy in policies.items():
            row[name] = bool(play(rules, policy, seed, campaign).over == "won")
        rows.append(row)
    return rows


@dataclass(frozen=True)
class Winnability:
    """One row per day (:attr:`frame`) and its :meth:`summary`."""

    frame: object
    policies: tuple[str, ...]

    @property
    def winnable(self):
        """Per day: shown winnable (the solver or a bot won it)."""
        f = self.frame
        won = f["verdict"] == "won"
        for name in self.policies:
            won = won | f[name]
        return won

    def summary(self):
        """A DataFrame: the share of days winnable with perfect information (at least, at
        most), each bot's win rate and its share of the days shown winnable, each with its
        95 % Wilson interval."""
        import pandas as pd

        f, n = self.frame, len(self.frame)
        shown = int(self.winnable.sum())
        open_ = n - int((f["verdict"] == "lost").sum())
        rows = [_rate("winnable: at least (won or a bot won)", shown, n),
                _rate("winnable: at most (not proved lost)", open_, n),
                _rate("decided by the solver (won or lost)",
                      int((f["verdict"] != "unknown").sum()), n)]
        for name in self.policies:
            wins = int(f[name].sum())
            rows.append(_rate(f"{name}: win rate", wins, n))
            rows.append(_rate(f"{name}: share of the days shown winnable", wins, shown))
        return pd.DataFrame(rows, columns=["measure", "count", "of", "share", "low", "high"])

    def won_lines(self):
        """A DataFrame: the days the solver won, by the levers their lines pulled (§13), with
        the share of the won days and the rooms on the board at the win (median, fewest,
        most)."""
        import pandas as pd

        won = self.frame[self.frame["verdict"] == "won"]
        rows = [{"lever": lever, "days": len(group), "share of won days": len(group) / len(won),
                 "rooms (median)": float(group["rooms"].median()),
                 "rooms (fewest)": int(group["rooms"].min()),
                 "rooms (most)": int(group["rooms"].max())}
                for lever, group in won.groupby("lever", sort=True)]
        return pd.DataFrame(rows, columns=["lever", "days", "share of won days",
                                           "rooms (median)", "rooms (fewest)", "rooms (most)"])

    def _repr_html_(self) -> str:
        from ...display import Table

        t = self.summary()
        t["share"] = [_pct(r.share, r.low, r.high) for r in t.itertuples()]
        return Table(t[["measure", "count", "of", "share"]])._repr_html_()


def _rate(measure: str, k: int, n: int) -> dict:
    low, high = wilson(k, n) if n else (float("nan"), float("nan"))
    return {"measure": measure, "count": k, "of": n, "share": k / n if n else float("nan"),
            "low": low, "high": high}


def _pct(share: float, low: float, high: float) -> str:
    if share != share:  # nan
        return "—"
    return f"{share:.1%} ({low:.1%}–{high:.1%})"


def winnability(n: int, rules: Rules | None = None, seed: int = 0,
                policies: Mapping[str, object] | None = None, *, seconds: float | None = None,
                nodes: int | None = 20_000, campaign: Campaign | None = None,
                backend: str = "local", processes: int | None = None, client=None,
                address: str | None = None, progress: bool | None = None,
                batch: int = 10) -> Winnability:
    """The solver and each bot of ``policies`` (name → policy; default: greedy and planner) on
    ``n`` days (``day_seeds(seed, n)``), on any backend of :mod:`manorkit.sim.backends`
    (every day's answer repeats exactly when the solver's budget is ``nodes`` alone)."""
    from ..sim import GreedyPolicy, PlannerPolicy

    rules = load_rules() if rules is None else rules
    policies = dict(policies if policies is not None else
                    {"greedy": GreedyPolicy(), "planner": PlannerPolicy()})
    items = list(enumerate(day_seeds(seed, n)))
    chunks = batches(items, batch)
    tasks = [(rules, policies, c, seconds, nodes, campaign) for c in chunks]
    results = run_tasks(_days, tasks, backend, processes=processes, client=client,
                        address=address, weights=[len(c) for c in chunks],
                        progress=n >= 50 if progress is None else progress)
    return Winnability(_frame([r for rows in results for r in rows], policies),
                       tuple(policies))


def _frame(rows: list[dict], policies: Mapping[str, object]):
    import pandas as pd

    columns = [*COLUMNS, *policies]
    return pd.DataFrame(rows, columns=columns).astype(
        {"day": "int64", "seed": "int64", "nodes": "int64", "verdict": "string",
         "lever": "string", "rooms": "Int64",
         **{p: "bool" for p in policies}})


def sweep_winnability(grid: Mapping[object, object], n: int, rules: Rules | None = None,
                      seed: int = 0, policies: Mapping[str, object] | None = None,
                      **kwargs):
    """:func:`winnability` for each cell of ``grid`` (axes: variant ids, ``"morning"`` or
    rule setters, as :func:`~manorkit.blueprince.sim.sweep` takes them), on the same day
    seeds: a DataFrame with the cell's settings, then each summary measure's share and
    interval."""
    import pandas as pd

    from ..sim.compare import apply_cell

    rules = load_rules() if rules is None else rules
    rows = []
    for cell in cells(grid):
        cell_rules, morning = apply_cell(rules, cell)
        result = winnability(n, cell_rules, seed, policies, campaign=morning, **kwargs)
        summary = result.summary()
        row = dict(cell.labels)
        for r in summary.itertuples():
            row[r.measure] = r.share
            row[f"{r.measure} (low)"], row[f"{r.measure} (high)"] = r.low, r.high
        rows.append(row)
    return pd.DataFrame(rows)


def first_wins(policy, n: int, days: int, rules: Rules | None = None, seed: int = 0,
               **kwargs):
    """The day of each of ``n`` campaigns of ``days`` days (carried forward, §14) on which
    ``policy`` first wins (``<NA>`` if none does): ``simulate(policy, n, days=days)`` read
    per campaign. A DataFrame with ``campaign`` and ``first_win``."""
    import pandas as pd

    from ..sim import simulate

    table = simulate(policy, n, rules, seed, days=days, **kwargs)
    won = table[table["won"]].groupby("campaign")["day"].min()
    out = pd.DataFrame({"campaign": range(n)})
    out["first_win"] = out["campaign"].map(won).astype("Int64")
    return out


__all__ = ["COLUMNS", "Winnability", "first_wins", "play", "sweep_winnability",
           "winnability"]
