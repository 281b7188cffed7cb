"""Benchmark: the locked-door count for one draft at Rank 4, three at Ranks 5-7 and two at
Ranks 8-9 (§6 The Lock Dice), with manorkit, icepool and scipy.stats side by side.

Run: .venv/bin/python benchmarks/odds_locks.py
"""

from __future__ import annotations

import importlib
import timeit
from fractions import Fraction

import icepool
import numpy as np
from scipy import stats

from manorkit.blueprince import load_rules

# ``odds.locks`` is the function of that name, which hides the module: import it by path.
lk = importlib.import_module("manorkit.blueprince.odds.locks")
RANKS = (4, 5, 6, 7, 8, 9)
RULES = load_rules()


def manorkit_cold():
    for cached in (lk._locks, lk._lock_chance, lk._locked):
        cached.cache_clear()
    return lk.locks(RANKS, rules=RULES)


def manorkit_warm():
    return lk.locks(RANKS, rules=RULES)


def faces():
    """(LOCKED, OPEN) face counts of each draft's die, read from dice.csv."""
    return [(int(c["LOCKED"]), int(c["OPEN"])) for c in
            (RULES.die(RULES.rank_die(rank)) for rank in RANKS)]


FACES = faces()


def icepool_count(counts=None):
    """A 0/1 icepool die per draft from the data's faces (LOCKED = 1), summed."""
    total = icepool.Die([0])
    for locked, open_ in counts or faces():
        total += icepool.Die({1: locked, 0: open_})
    return total


def scipy_count(counts=None):
    """Poisson-binomial pmf: the convolution of scipy.stats.bernoulli pmfs (floats)."""
    pmf = np.ones(1)
    for locked, open_ in counts or faces():
        pmf = np.convolve(pmf, stats.bernoulli(locked / (locked + open_)).pmf([0, 1]))
    return pmf


def best(f, repeat=7):
    """Best seconds per call over ``repeat`` timeit runs."""
    number, _ = timeit.Timer(f).autorange()
    return min(timeit.repeat(f, number=number, repeat=repeat)) / number


def main():
    exact = manorkit_warm()
    die = icepool_count()
    assert exact.pmf == {k: Fraction(die.quantity(k), die.denominator()) for k in die.outcomes()}
    assert np.allclose(scipy_count(), [float(exact.p(k)) for k in range(len(RANKS) + 1)],
                       rtol=0, atol=1e-12)
    print("Locked doors over drafts at ranks", RANKS)
    print("  " + ", ".join(f"{k}: {p}" for k, p in exact))
    print(f"  mean {exact.mean()} = {float(exact.mean()):.4f}; "
          f"P(2 keys suffice) = {exact.at_most(2)} = {float(exact.at_most(2)):.4f}")
    print("  manorkit, icepool and scipy agree. icepool and scipy read the dice from the rules")
    print("  each call, like manorkit cold; '(faces)' rows start from face counts already read.\n")
    times = {"manorkit (cold)": best(manorkit_cold), "manorkit (warm)": best(manorkit_warm),
             "icepool": best(icepool_count), "scipy.stats": best(scipy_count),
             "icepool (faces)": best(lambda: icepool_count(FACES)),
             "scipy (faces)": best(lambda: scipy_count(FACES))}
    cold, warm = times["manorkit (cold)"], times["manorkit (warm)"]
    print(f"{'method':<18}{'µs/call':>12}{'÷ manorkit cold':>18}{'÷ manorkit warm':>18}")
    for name, t in times.items():
        print(f"{name:<18}{t * 1e6:>12.1f}{t / cold:>18.2f}{t / warm:>18.1f}")


if __name__ == "__main__":
    main()
