"""Simulated days per second on one core, with the random and the greedy policy.

Run: .venv/bin/python benchmarks/engine_days.py [days]
Prints days/s, decisions and chance steps per day, and the time per state transition.
"""

from __future__ import annotations

import random
import sys
import time

from manorkit.blueprince import load_rules
from manorkit.blueprince.engine import new_day
from manorkit.blueprince.sim.policies import greedy_policy, play_day, random_policy


def measure(policy, days: int) -> tuple[float, float]:
    rules = load_rules()
    steps = 0
    start = time.perf_counter()
    for seed in range(days):
        state = play_day(new_day(rules, seed=seed), policy, random.Random(seed))
        steps += state.depth
    elapsed = time.perf_counter() - start
    return days / elapsed, steps / days


def main(days: int = 300) -> None:
    play_day(new_day(seed=0), random_policy)  # warm the rules cache
    print(f"{'policy':<8} {'days/s':>8} {'steps/day':>10} {'µs/step':>8}")
    for name, policy in (("random", random_policy), ("greedy", greedy_policy)):
        rate, per_day = measure(policy, days)
        print(f"{name:<8} {rate:8.0f} {per_day:10.1f} {1e6 / (rate * per_day):8.1f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
