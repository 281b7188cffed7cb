"""The full variant-impact table: every reading of every variant against the defaults, played
by one bot on the same day seeds, written as CSV (slow: readings × days).

Run: ``PYTHONPATH=$PWD .venv/bin/python benchmarks/variant_impact.py [--days 200]
[--policy planner|greedy] [--out variant_impact.csv] [--processes N] [--variants ID ...]
[--readme]``.
``--readme`` rewrites the README's ``variant_impact_<policy>`` table: the readings that change
the win rate most (95 % paired intervals), then the deepest rank, as ``variant_impact`` ranks
them.
"""

from __future__ import annotations

import argparse
import datetime
import os
import sys
import time

from _timing import rewrite_readme

from manorkit.blueprince.sim import GreedyPolicy, PlannerPolicy, variant_impact

POLICIES = {"planner": PlannerPolicy, "greedy": GreedyPolicy}
TOP = 10


def _pct(x: float) -> str:
    return f"{x:+.1%}"


def table(frame, days: int, policy: str, seconds: float, workers: int) -> str:
    """The README text: the readings ranked by win-rate change, then by depth change."""
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d")
    played = days * (len(frame) + 1)
    lines = [f"Measured {stamp} by `benchmarks/variant_impact.py --policy {policy}`: "
             f"{len(frame)} readings of {frame['variant'].nunique()} variants, {days} days "
             f"each on the default's day seeds ({played:,} days in {seconds / 60:.0f} min on "
             f"{workers} worker processes). Changes are paired differences from the default "
             "readings, with 95 % intervals.", "",
             "| variant | reading (default) | win rate with it | change in win rate (95 %) "
             "| change in deepest rank (95 %) | days that played differently |",
             "|---|---|---:|---:|---:|---:|"]
    for _, r in frame.head(TOP).iterrows():  # ranked by variant_impact: win rate, then depth
        lines.append(
            f"| `{r['variant']}` | {r['reading']} ({r['default']}) | {r['win_rate']:.1%} | "
            f"{_pct(r['win_rate_change'])} ({_pct(r['win_rate_change_low'])} to "
            f"{_pct(r['win_rate_change_high'])}) | {r['deepest_rank_change']:+.2f} "
            f"({r['deepest_rank_change_low']:+.2f} to {r['deepest_rank_change_high']:+.2f}) | "
            f"{r['days_changed']:.0%} |")
    clear = frame[(frame["win_rate_change_low"] > 0) | (frame["win_rate_change_high"] < 0)]
    lines += ["", f"For {len(clear)} of the {len(frame)} readings the 95 % interval of the "
              "change in win rate excludes zero."]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=200)
    parser.add_argument("--policy", choices=sorted(POLICIES), default="planner")
    parser.add_argument("--out", default="variant_impact.csv")
    parser.add_argument("--processes", type=int, default=None)
    parser.add_argument("--variants", nargs="+", help="only these variants")
    parser.add_argument("--readme", action="store_true")
    args = parser.parse_args()
    workers = args.processes or os.cpu_count() or 1
    start = time.perf_counter()
    impact = variant_impact(POLICIES[args.policy](), args.days, seed=0, backend="processes",
                            processes=args.processes, variants=args.variants)
    seconds = time.perf_counter() - start
    impact.frame.to_csv(args.out, index=False)
    text = table(impact.frame, args.days, args.policy, seconds, workers)
    print(text)
    print(f"wrote {args.out}", file=sys.stderr)
    if args.readme:
        rewrite_readme(f"variant_impact_{args.policy}", text)


if __name__ == "__main__":
    main()
