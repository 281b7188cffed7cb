"""Benchmark the deck calculators (manorkit.blueprince.odds.decks) against icepool and scipy.

Run: .venv/bin/python benchmarks/odds_decks.py

Each question is answered by manorkit's closed form (deck_at_least, cold = after clearing its
caches, and warm), by manorkit's joint distribution (deck_draws, cold), by icepool
(Deck(...).deal(n), counting the target cards) and by scipy.stats.hypergeom. icepool and
scipy know no reshuffle, so for the reshuffle question they are given the split by hand: the
first pass through the deck is fixed, the rest is one fresh deal. Best of several repeats.
"""

from __future__ import annotations

import timeit
from fractions import Fraction

import icepool
from scipy.stats import hypergeom

from manorkit.blueprince import load_rules
from manorkit.blueprince.odds import decks

RULES = load_rules()
REPEAT, NUMBER = 7, 20


def clear_caches() -> None:
    """Empty every lru_cache of the decks module, so the next call computes from scratch."""
    for value in vars(decks).values():
        if hasattr(value, "cache_clear"):
            value.cache_clear()


def best(call, cold: bool = False) -> float:
    """Seconds per call, best of REPEAT runs of NUMBER calls (cold: caches cleared each call)."""
    if cold:
        def run():
            clear_caches()
            call()
        return min(timeit.repeat(run, repeat=REPEAT, number=NUMBER)) / NUMBER
    call()
    return min(timeit.repeat(call, repeat=REPEAT, number=NUMBER)) / NUMBER


def icepool_at_least(deck: str, card: str, n: int, k: int) -> Fraction:
    die = icepool.Deck(RULES.deck(deck).to_dict()).deal(n).keep_outcomes([card]).size()
    return Fraction(die.quantity(">=", k), die.denominator())


def question(label, deck, card, draws, k, fixed, fresh):
    """``fixed`` copies of ``card`` come from passes already complete; ``fresh`` cards are
    dealt from a full deck (the hand-made split for icepool and scipy)."""
    copies = RULES.deck(deck)
    size, targets = int(copies.sum()), int(copies[card])
    ours = decks.deck_at_least(deck, card, draws, k, rules=RULES)
    theirs = icepool_at_least(deck, card, fresh, k - fixed)
    scipy_p = hypergeom.sf(k - fixed - 1, size, targets, fresh)
    joint = decks.deck_draws(deck, draws, rules=RULES).p(lambda o: dict(o).get(card, 0) >= k)
    agree = ours == theirs == joint and abs(float(ours) - scipy_p) < 1e-12
    return {
        "question": label, "answer": f"{ours} = {float(ours):.4f}", "agree": agree,
        "cold": best(lambda: decks.deck_at_least(deck, card, draws, k, rules=RULES), cold=True),
        "warm": best(lambda: decks.deck_at_least(deck, card, draws, k, rules=RULES)),
        "joint": best(lambda: decks.deck_draws(deck, draws, rules=RULES), cold=True),
        "icepool": best(lambda: icepool_at_least(deck, card, fresh, k - fixed)),
        "scipy": best(lambda: hypergeom.sf(k - fixed - 1, size, targets, fresh)),
    }


def main() -> None:
    keys = int(RULES.deck("dig")["Key"])
    rows = [
        question("at least one Key in 3 Dig draws", "dig", "Key", 3, 1, 0, 3),
        question("at least one Shovel in 4 Special Items draws", "special_items", "Shovel",
                 4, 1, 0, 4),
        question(f"at least {keys + 2} Keys in 30 Dig draws (a reshuffle)", "dig", "Key", 30,
                 keys + 2, keys, 30 - int(RULES.deck("dig").sum())),
    ]
    print("times in microseconds; ratios = their time / manorkit's (deck_at_least)")
    print(f"{'question':50} {'answer':>18} {'agree':>5} {'cold':>7} {'warm':>6} "
          f"{'joint':>8} {'icepool':>8} {'scipy':>6} {'ice/cold':>8} {'ice/warm':>8} "
          f"{'sp/cold':>7} {'sp/warm':>7}")
    for r in rows:
        t = {k: r[k] * 1e6 for k in ("cold", "warm", "joint", "icepool", "scipy")}
        print(f"{r['question']:50} {r['answer']:>18} {r['agree']!s:>5} {t['cold']:7.1f} "
              f"{t['warm']:6.2f} {t['joint']:8.0f} {t['icepool']:8.0f} {t['scipy']:6.1f} "
              f"{t['icepool'] / t['cold']:8.1f} {t['icepool'] / t['warm']:8.0f} "
              f"{t['scipy'] / t['cold']:7.2f} {t['scipy'] / t['warm']:7.1f}")

if __name__ == "__main__":
    main()
