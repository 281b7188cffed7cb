"""The fast mode against the immutable one: simulated days per second on one core, peak
memory per worker, and the ratio to ``benchmarks/engine_days.py`` before issue 12.

Run: ``PYTHONPATH=$PWD .venv/bin/python benchmarks/fast_mode.py [--days 200] [--rounds 3]
[--before 667da9b] [--readme]``. Every rate is a fresh process that plays one other day to
load the engine, then days it has never played (round ``r`` plays ``sim.day_seeds(r,
days)``, the same days fast and immutable) with ``sim.run.play``, so no mode meets a day
its caches have seen; rounds are interleaved (median kept, the machine being shared), timed
by the process's CPU time and by the clock. ``--before`` exports that commit (the engine
before issue 12) with ``git archive`` and times the day loop of its
``benchmarks/engine_days.py`` in a fresh process too, in the same rounds. Peak memory is the
resident set (``ru_maxrss``) of a fresh process that simulates the days, and the
``tracemalloc`` peak of one day played once the engine is warm (an immutable day keeps every
state of the day, linked by ``parent``). ``--readme`` rewrites the README's fast_mode table.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

from _timing import export, rewrite_readme

ROOT = Path(__file__).resolve().parent.parent
POLICIES = ("greedy", "random")
NOISY = ": other work was running, so rates are noisy"
BEFORE = """
import random, sys, time
from manorkit.blueprince import load_rules
from manorkit.blueprince.engine import new_day
from manorkit.blueprince.sim.policies import greedy_policy, play_day, random_policy
rules = load_rules()
play_day(new_day(rules, seed=0), random_policy)
name, days = sys.argv[1], int(sys.argv[2])
policy = {"greedy": greedy_policy, "random": random_policy}[name]
steps, cpu, wall = 0, time.process_time(), time.perf_counter()
for seed in range(days):  # the loop of that commit's engine_days.measure
    steps += play_day(new_day(rules, seed=seed), policy, random.Random(seed)).depth
print(days / (time.process_time() - cpu), days / (time.perf_counter() - wall), steps / days)
"""
MEMORY = """
import json, resource, sys, tracemalloc
from manorkit.blueprince import load_rules
from manorkit.blueprince.sim import GreedyPolicy, day_seeds, simulate
from manorkit.blueprince.sim.run import play
rules = load_rules()
fast, days = sys.argv[1] == "fast", int(sys.argv[2])
first, second = day_seeds(0, 2)
play(rules, GreedyPolicy(), first, fast=fast)  # the engine's modules and caches, warmed
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
tracemalloc.start()
day = play(rules, GreedyPolicy(), second, fast=fast)
one_day = tracemalloc.get_traced_memory()[1]
tracemalloc.stop()
simulate(GreedyPolicy(), days, rules, progress=False, fast=fast)
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"base": base, "peak": peak, "one_day": one_day}))
"""


RATE = """
import sys, time
from manorkit.blueprince import load_rules
from manorkit.blueprince.sim import GreedyPolicy, RandomPolicy, day_seeds
from manorkit.blueprince.sim.run import play
name, fast, days, root = sys.argv[1], sys.argv[2] == "fast", int(sys.argv[3]), int(sys.argv[4])
rules = load_rules()
policy = {"greedy": GreedyPolicy, "random": RandomPolicy}[name]()
play(rules, policy, day_seeds(10_000, 1)[0], fast=fast)  # the engine loaded, on another day
steps, cpu, wall = 0, time.process_time(), time.perf_counter()
for seed in day_seeds(root, days):
    steps += play(rules, policy, seed, fast=fast).depth
print(days / (time.process_time() - cpu), days / (time.perf_counter() - wall), steps / days)
"""


def rate(name: str, fast: bool, days: int, root: int) -> tuple[float, float, float]:
    """Days per second of a fresh process's CPU time and of the clock playing the days of
    ``sim.day_seeds(root, days)``, and actions (decisions and chance steps) per day."""
    return _rates(_python(RATE, ROOT, name, "fast" if fast else "slow", str(days), str(root)))


def _python(script: str, tree: Path, *args: str) -> str:
    """The last line ``script`` prints, run by a fresh interpreter on the code of ``tree``."""
    out = subprocess.run([sys.executable, "-c", script, *args], cwd=tree,
                         env={**os.environ, "PYTHONPATH": str(tree)}, capture_output=True,
                         text=True, check=True)
    return out.stdout.strip().splitlines()[-1]


def _rates(line: str) -> tuple[float, float, float]:
    cpu, wall, per_day = line.split()
    return float(cpu), float(wall), float(per_day)


def before_rate(tree: Path, name: str, days: int) -> tuple[float, float, float]:
    """As :func:`rate`, for the engine in ``tree`` (the loop of its ``engine_days.measure``)."""
    return _rates(_python(BEFORE, tree, name, str(days)))


def memory(fast: bool, days: int) -> dict:
    return json.loads(_python(MEMORY, ROOT, "fast" if fast else "slow", str(days)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--before", default="667da9b", help="the commit before issue 12")
    parser.add_argument("--readme", action="store_true")
    args = parser.parse_args()
    tree = export(args.before) if args.before else None
    load = os.getloadavg()[0]
    runs: dict[tuple, list[float]] = {}
    walls: dict[tuple, list[float]] = {}
    per_day: dict = {}
    for root in range(args.rounds):
        for name in POLICIES:
            for fast in (True, False):
                cpu, wall, per_day[name] = rate(name, fast, args.days, root)
                runs.setdefault((name, fast), []).append(cpu)
                walls.setdefault((name, fast), []).append(wall)
            if tree is not None:
                cpu, wall, per_day[(name, "before")] = before_rate(tree, name, args.days)
                runs.setdefault((name, "before"), []).append(cpu)
                walls.setdefault((name, "before"), []).append(wall)
    load_after = os.getloadavg()[0]
    if tree is not None:
        shutil.rmtree(tree)
    med = {k: statistics.median(v) for k, v in runs.items()}
    clock = {k: statistics.median(v) for k, v in walls.items()}
    mem = {fast: memory(fast, args.days) for fast in (True, False)}
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        f"Measured {stamp} by `benchmarks/fast_mode.py` (Python "
        f"{sys.version.split()[0]}, {os.cpu_count()} cores, load average {load:.1f} before and "
        f"{load_after:.1f} after{NOISY if max(load, load_after) > 1.2 else ''}). "
        f"{args.days} days per run, median of {args.rounds} interleaved rounds, each run a "
        "fresh process on one core playing days it has not played before. Days per second "
        "count the process's CPU time (`time.process_time`), which "
        "other work on the machine disturbs less than the clock; the clock's rate is the last "
        "column. \"Before issue 12\" is the day loop of `benchmarks/engine_days.py` at commit "
        f"`{args.before}`, timed the same way in the same rounds.", "",
        "| policy | fast mode (days/s) | immutable mode (days/s) | before issue 12 (days/s) "
        "| fast ÷ before | fast ÷ immutable | actions per day (before) "
        "| µs per action: fast, immutable (before) | fast mode by the clock (days/s) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for name in POLICIES:
        fast, slow, n = med[(name, True)], med[(name, False)], per_day[name]
        before, n_before = med.get((name, "before")), per_day.get((name, "before"))
        lines.append(
            f"| {name} | {fast:,.0f} | {slow:,.0f} | "
            f"{'—' if before is None else f'{before:,.0f}'} | "
            f"{'—' if before is None else f'{fast / before:.1f}×'} | {fast / slow:.1f}× | "
            f"{n:.0f}{'' if before is None else f' ({n_before:.0f})'} | "
            f"{1e6 / (fast * n):.0f}, {1e6 / (slow * n):.0f}"
            f"{'' if before is None else f' ({1e6 / (before * n_before):.0f})'} | "
            f"{clock[(name, True)]:,.0f} |")
    lines += ["", "| peak memory of one worker (greedy) | fast mode | immutable mode |",
              "|---|---:|---:|",
              f"| resident set after {args.days} days (`ru_maxrss`) | "
              f"{mem[True]['peak'] / 1024:.0f} MB | {mem[False]['peak'] / 1024:.0f} MB |",
              f"| resident set after the interpreter, manorkit, the rules and one day | "
              f"{mem[True]['base'] / 1024:.0f} MB | {mem[False]['base'] / 1024:.0f} MB |",
              f"| `tracemalloc` peak while playing one day | "
              f"{mem[True]['one_day'] / 1e6:.1f} MB | {mem[False]['one_day'] / 1e6:.1f} MB |"]
    text = "\n".join(lines)
    print(text)
    if args.readme:
        rewrite_readme("fast_mode", text)


if __name__ == "__main__":
    main()
