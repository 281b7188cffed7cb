"""Stress the run engine: random legal actions, garbage actions and chance, with every
invariant checked after each step (``engine.checks.check``), across many days.

    .venv/bin/python benchmarks/stress_engine.py [ACTIONS]   # default 100,000

The test suite runs a short version (tests/test_bad_input.py).
"""

from __future__ import annotations

import random
import sys
import time

from manorkit.blueprince import load_rules
from manorkit.blueprince.engine import Chance, IllegalAction, Move, Take, new_day
from manorkit.blueprince.engine.checks import check

JUNK = (None, 7, "draft north", Take(9, "Attic"), Move((9, 9)), Chance("nothing"))


def stress(actions: int = 100_000, seed: int = 0, replay_every: int = 5_000) -> int:
    """Play ``actions`` steps over as many days as it takes; returns the steps played."""
    rules = load_rules()
    rng = random.Random(seed)
    done, day = 0, 0
    while done < actions:
        root = state = new_day(rules, seed=seed * 100_000 + day)
        day += 1
        while not state.is_over and done < actions:
            junk = rng.choice(JUNK)
            before = state.digest()
            try:
                state.apply(junk)
            except IllegalAction:
                pass
            assert state.digest() == before, "a refused action changed the state"
            if state.is_chance:
                state = state.resolve(rng)
            else:
                state = state.apply(rng.choice(state.legal_actions()))
            done += 1
            check(state, root, replay=done % replay_every == 0)
    return done


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    start = time.perf_counter()
    played = stress(n)
    took = time.perf_counter() - start
    print(f"{played:,} actions with every invariant checked in {took:.0f} s "
          f"({played / took:,.0f} actions/s)")
