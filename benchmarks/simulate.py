"""Simulated days per second for each policy and backend (measured, never asserted; the days
are played in the fast mode, which `benchmarks/fast_mode.py` compares with the immutable one).

The dask backend runs on a LocalCluster of ``processes`` single-threaded worker processes
started once (its start-up is not timed).

Run: .venv/bin/python benchmarks/simulate.py [days] [processes]
"""

from __future__ import annotations

import os
import sys
import time

from manorkit.blueprince import load_rules
from manorkit.blueprince.sim import EconomyPolicy, GreedyPolicy, RandomPolicy, simulate


def main(days: int = 200, processes: int | None = None) -> None:
    from distributed import Client, LocalCluster

    rules = load_rules()
    simulate(RandomPolicy(), 5, rules, progress=False)  # warm the rules caches
    workers = processes or os.cpu_count()
    print(f"{days} days; {workers} workers (processes and dask) on {os.cpu_count()} CPUs")
    print(f"{'policy':<8} {'backend':<10} {'days/s':>8} {'actions/day':>12}")
    with LocalCluster(n_workers=workers, processes=True, threads_per_worker=1,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        runs = {"local": {}, "processes": {"processes": workers}, "dask": {"client": client}}
        for name, policy in (("random", RandomPolicy()), ("greedy", GreedyPolicy()),
                             ("economy", EconomyPolicy())):
            for backend, extra in runs.items():
                start = time.perf_counter()
                table = simulate(policy, days, rules, backend=backend, progress=False, **extra)
                rate = days / (time.perf_counter() - start)
                print(f"{name:<8} {backend:<10} {rate:8.0f} {table['actions'].mean():12.1f}")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
