"""Benchmark: "Shovel on offer by the 3rd Commissary visit" (and by the 5th run when the
Commissary is drafted half the time) with manorkit, icepool (Deck/deal) and scipy.stats.

Run: .venv/bin/python benchmarks/odds_commissary.py
"""

from __future__ import annotations

import math
import timeit
from fractions import Fraction

import icepool
from scipy.stats import binom, hypergeom

from manorkit.blueprince import load_rules
from manorkit.blueprince.odds import commissary

RULES = load_rules()
ITEM, VISITS, RUNS, P_DRAFT = "Shovel", 3, 5, Fraction(1, 2)
CARDS = RULES.deck_cards("commissary_stock")
DECK = {card: int(n) for card, n in CARDS["copies"].items()}
HOLDERS = [card for card, items in CARDS["items"].items() if ITEM in items]
N, S = sum(DECK.values()), sum(DECK[c] for c in HOLDERS)


def clear_caches() -> None:
    for f in vars(commissary).values():
        if hasattr(f, "cache_clear"):
            f.cache_clear()


def manorkit_visit() -> Fraction:
    return commissary.item_offered_by_visit(ITEM, VISITS, rules=RULES)


def manorkit_runs() -> Fraction:
    return commissary.item_offered_by(ITEM, RUNS, p_draft=P_DRAFT, rules=RULES)


def icepool_by(k: int) -> Fraction:
    if k == 0:
        return Fraction(0)
    shown = icepool.Deck(DECK).deal(k).keep_outcomes(HOLDERS).size()
    return 1 - Fraction(shown.probability(0))


def icepool_visit() -> Fraction:
    return icepool_by(VISITS)


def icepool_runs() -> Fraction:
    q = P_DRAFT
    return sum((math.comb(RUNS, j) * q**j * (1 - q) ** (RUNS - j) * icepool_by(j)
                for j in range(RUNS + 1)), Fraction(0))


def scipy_visit() -> float:
    return float(hypergeom(N, S, VISITS).sf(0))


def scipy_runs() -> float:
    js = range(RUNS + 1)
    return float(sum(binom.pmf(j, RUNS, float(P_DRAFT)) * hypergeom(N, S, j).sf(0) for j in js))


def best(stmt, *, number: int, cold: bool = False, repeat: int = 7) -> float:
    """Best time per call, in seconds; ``cold`` clears manorkit's caches before each call."""
    if cold:
        return min(timeit.repeat(stmt, setup=clear_caches, number=1, repeat=repeat * 5))
    return min(timeit.repeat(stmt, number=number, repeat=repeat)) / number


def main() -> None:
    questions = [
        (f"{ITEM} on offer by visit {VISITS}", manorkit_visit, icepool_visit, scipy_visit),
        (f"{ITEM} by run {RUNS}, drafted {P_DRAFT}", manorkit_runs, icepool_runs, scipy_runs),
    ]
    print(f"deck: {N} stock cards, {S} list the {ITEM} (decks/commissary_stock.csv)\n")
    header = (f"{'question':<34} {'answer':>9} {'mk cold':>9} {'mk warm':>9} {'icepool':>9} "
              f"{'scipy':>9} {'ice/mk':>13} {'sci/mk':>13}")
    print(header)
    print("-" * len(header))
    for name, mk, ice, sci in questions:
        exact = mk()
        assert ice() == exact, (name, ice(), exact)
        assert math.isclose(sci(), float(exact), abs_tol=1e-12), (name, sci(), exact)
        cold = best(mk, number=1, cold=True)
        warm = best(mk, number=2000)
        t_ice = best(ice, number=50)
        t_sci = best(sci, number=50)
        print(f"{name:<34} {str(exact):>9} {cold * 1e6:>7.1f}µs {warm * 1e6:>7.2f}µs "
              f"{t_ice * 1e6:>7.1f}µs {t_sci * 1e6:>7.1f}µs "
              f"{t_ice / cold:>5.1f} / {t_ice / warm:>5.0f} "
              f"{t_sci / cold:>5.1f} / {t_sci / warm:>5.0f}")
    print("\nratios: against manorkit cold / warm; the three answers agree (scipy as a float).")


if __name__ == "__main__":
    main()
