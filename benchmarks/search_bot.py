"""The search bot against its budget (measured, never asserted): its win rate and CPU time a
day at several budgets, beside the planner, on the same determinized days (§13), with 95 %
Wilson intervals.

Each setting is ``by:samples×nodes`` (:class:`~manorkit.blueprince.search.SearchPolicy`:
``by`` value or wins, ``samples`` determinized days a decision, each searched with ``nodes``
children). Every day is played as :func:`manorkit.blueprince.search.winnability.play` plays
it (the day's random steps fixed by its seed, which the bot never sees), so each row repeats
exactly from its seed; days and settings are shared among ``--processes`` processes. Also
printed: where a day's time goes (decisions a day, and CPU time per decision).

Run: .venv/bin/python benchmarks/search_bot.py [--days N] [--settings value:4x2500,...]
[--readme [--section NAME]]  (``--readme`` rewrites the README's ``search-bot`` section, or
``NAME``, dated.)
"""

from __future__ import annotations

import argparse
import datetime
import os
import statistics
import time
from multiprocessing import Pool

from _timing import rewrite_readme
from winnability import pct

from manorkit.blueprince import load_rules
from manorkit.blueprince.engine import Chance
from manorkit.blueprince.search import SearchPolicy
from manorkit.blueprince.search.winnability import play
from manorkit.blueprince.sim import PlannerPolicy, day_seeds

SETTINGS = "planner,value:1x100,value:2x400,value:4x1000,value:4x2500,wins:4x2500"


def bot(setting: str):
    """The bot a setting names: ``planner`` or ``by:samples×nodes``."""
    if setting == "planner":
        return PlannerPolicy()
    by, budget = setting.split(":")
    samples, nodes = (int(x) for x in budget.split("x"))
    return SearchPolicy(samples=samples, nodes=nodes, by=by)


def day(task: tuple[str, int]) -> tuple[str, int, bool, float, int]:
    """One day of one setting: (setting, seed, won, CPU seconds, decisions)."""
    setting, seed = task
    clock = time.process_time()
    end = play(load_rules(), bot(setting), seed)
    decisions = sum(type(a) is not Chance for a in end.history)
    return setting, seed, end.over == "won", time.process_time() - clock, decisions


def label(setting: str) -> str:
    if setting == "planner":
        return "planner (no search)"
    by, budget = setting.split(":")
    return f"search bot by {by}, {budget.replace('x', ' × ')}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--days", type=int, default=40)
    parser.add_argument("--settings", default=SETTINGS)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--readme", action="store_true")
    parser.add_argument("--section", default="search-bot",
                        help="the README section --readme rewrites")
    args = parser.parse_args()
    settings = args.settings.split(",")
    seeds = day_seeds(0, args.days)
    load = os.getloadavg()[0]
    started = datetime.datetime.now(datetime.UTC)
    wall = time.perf_counter()
    # the dearest settings first, so the processes finish together
    tasks = [(s, seed) for s in reversed(settings) for seed in seeds]
    rows: dict[str, list] = {s: [] for s in settings}
    with Pool(args.processes) as pool:
        for setting, seed, won, cpu, decisions in pool.imap_unordered(day, tasks):
            rows[setting].append((seed, won, cpu, decisions))
            print(f"{setting} {seed}: {'won' if won else 'lost'} {cpu:.1f} s", flush=True)
    out = [f"Measured {started:%Y-%m-%d %H:%M} UTC by `benchmarks/search_bot.py` (load average "
           f"{load:.1f} before, {os.getloadavg()[0]:.1f} after; {args.days} days of the shipped "
           f"rules, `day_seeds(0, {args.days})`, each determinized as the winnability table's; "
           f"{(time.perf_counter() - wall) / 60:.0f} min on {args.processes} processes).\n",
           "| bot (samples × nodes a decision) | wins (95 % interval) | CPU s a day: mean "
           "(most) | decisions a day | ms a decision |",
           "|---|---|---:|---:|---:|"]
    for setting in settings:
        got = rows[setting]
        n, wins = len(got), sum(r[1] for r in got)
        cpu = [r[2] for r in got]
        decisions = [r[3] for r in got]
        out.append(f"| {label(setting)} | {pct(wins, n)} | "
                   f"{statistics.mean(cpu):.1f} ({max(cpu):.0f}) | "
                   f"{statistics.mean(decisions):.0f} | "
                   f"{1000 * sum(cpu) / max(1, sum(decisions)):.0f} |")
    won = {s: sorted(r[0] for r in rows[s] if r[1]) for s in settings}
    out.append("\nDays won: " + "; ".join(f"{label(s)}: {len(w)}" + (
        f" ({', '.join(str(x) for x in w)})" if w else "") for s, w in won.items()) + ".")
    print("\n".join(out))
    if args.readme:
        rewrite_readme(args.section, "\n".join(out))


if __name__ == "__main__":
    main()
