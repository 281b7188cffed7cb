"""Simulated days per second for each policy and backend (measured, never asserted; the days
are played in the fast mode, which `benchmarks/fast_mode.py` compares with the immutable one).

Run: .venv/bin/python benchmarks/simulate.py [days] [processes]
"""

from __future__ import annotations

import os
import sys
import time

from manorkit.blueprince import load_rules
from manorkit.blueprince.sim import EconomyPolicy, GreedyPolicy, RandomPolicy, simulate


def main(days: int = 200, processes: int | None = None) -> None:
    rules = load_rules()
    simulate(RandomPolicy(), 5, rules, progress=False)  # warm the rules caches
    workers = processes or os.cpu_count()
    print(f"{days} days; processes backend with {workers} workers on {os.cpu_count()} CPUs")
    print(f"{'policy':<8} {'backend':<10} {'days/s':>8} {'actions/day':>12}")
    for name, policy in (("random", RandomPolicy()), ("greedy", GreedyPolicy()),
                         ("economy", EconomyPolicy())):
        for backend in ("local", "processes"):
            start = time.perf_counter()
            table = simulate(policy, days, rules, backend=backend, processes=workers,
                             progress=False)
            rate = days / (time.perf_counter() - start)
            print(f"{name:<8} {backend:<10} {rate:8.0f} {table['actions'].mean():12.1f}")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
