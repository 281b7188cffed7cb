"""How winnable is a day, with a longer budget (measured, never asserted): the solver alone on
the first ``--days`` days of ``benchmarks/winnability.py``, at several budgets of CPU time a
day, for a tighter lower bound on the share of days winnable with perfect information (§13),
and how the days won at the last budget were won (the lever pulled, the rooms placed).
Every ``won`` line is replayed by ``solve``, so each count is exact; a day not won within a
budget may still be winnable.

Run: .venv/bin/python benchmarks/winnability_deep.py [--days N] [--seconds S ...] [--readme]
(``--readme`` rewrites the README's ``winnability-deep`` section, dated.)
"""

from __future__ import annotations

import argparse
import datetime
import os
import time

from _timing import rewrite_readme
from winnability import pct, pool, won_lines

from manorkit.blueprince import load_rules
from manorkit.blueprince.search import winnability


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--days", type=int, default=30)
    parser.add_argument("--seconds", type=float, nargs="+", default=[60.0])
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--readme", action="store_true")
    args = parser.parse_args()
    rules = load_rules()
    load = os.getloadavg()[0]
    started = datetime.datetime.now(datetime.UTC)
    backend = pool(args.processes)
    n = args.days
    out = [f"**The solver with more time** (the first {n} of those days, "
           f"`day_seeds(0, {n})`, no bots):\n",
           "| CPU time a day | won: winnable, at least | proved lost | "
           "won day's CPU time (median) | wall time |",
           "|---:|---|---:|---:|---:|"]
    for seconds in args.seconds:
        t = time.perf_counter()
        result = winnability(n, rules, seed=0, policies={}, seconds=seconds, nodes=None,
                             progress=True, **backend)
        f = result.frame
        won = f["verdict"] == "won"
        lost = int((f["verdict"] == "lost").sum())
        median = f"{f.loc[won, 'seconds'].median():.1f} s" if won.any() else "—"
        out.append(f"| {seconds:g} s | {pct(int(won.sum()), n)} | {lost} | {median} | "
                   f"{(time.perf_counter() - t) / 60:.0f} min |")
        print(out[-1], flush=True)
    how = [line.replace("**How the won days were won**",
                        f"**How the won days were won** at {seconds:g} s")
           for line in won_lines(result)]
    print("\n".join(how), flush=True)
    out += how
    head = (f"Measured {started:%Y-%m-%d %H:%M} UTC by `benchmarks/winnability_deep.py` (load "
            f"average {load:.1f} before, {os.getloadavg()[0]:.1f} after).\n\n")
    if args.readme:
        rewrite_readme("winnability-deep", head + "\n".join(out))


if __name__ == "__main__":
    main()
