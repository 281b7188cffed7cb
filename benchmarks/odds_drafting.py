"""Drafting odds (§4 Action A, §9, §16): manorkit vs icepool (Deck/deal) vs scipy.stats.hypergeom.

Run: ``.venv/bin/python benchmarks/odds_drafting.py``. Each question is answered by every tool
that can express it; the answers are checked against each other and timed with timeit (best
of several repeats). manorkit is timed cold (its caches cleared first) and warm.
"""

from __future__ import annotations

import timeit
from fractions import Fraction

import icepool
from scipy.stats import hypergeom

from manorkit.blueprince import load_rules
from manorkit.blueprince.odds import drafting, drafting_engine, drafting_redraws
from manorkit.blueprince.odds.drafting import draft, draft_count, draft_hand, targets
from manorkit.blueprince.odds.drafting_redraws import draft_with

RULES = load_rules()
BAG = RULES.bag(day=1).to_dict()
N = sum(BAG.values())
SMALL = {"Nook": 2, "Den": 1, "Attic": 3, "Vault": 1, "Closet": 2, "Pantry": 1}


def copies(target: str) -> tuple[list[str], int]:
    names = [n for n in targets(target, rules=RULES) if n in BAG]
    return names, sum(BAG[n] for n in names)


def ice_at_least(target: str, n: int, k: int = 1) -> Fraction:
    names, _ = copies(target)
    return icepool.Deck(BAG).deal(n).keep_outcomes(names).size().probability(">=", k)


def sp_at_least(target: str, n: int, k: int = 1) -> float:
    _, good = copies(target)
    return float(hypergeom(N, good, n).sf(k - 1))


def ice_count(target: str, n: int) -> dict:
    names, _ = copies(target)
    die = icepool.Deck(BAG).deal(n).keep_outcomes(names).size()
    return {o: die.probability(o) for o in die.outcomes()}


def sp_count(target: str, n: int) -> dict:
    _, good = copies(target)
    return {k: float(hypergeom(N, good, n).pmf(k)) for k in range(min(good, n) + 1)}


def ice_hand() -> dict:
    die = icepool.Deck(SMALL).deal(3).expand()
    return {o: die.probability(o) for o in die.outcomes()}


QUESTIONS = [
    ("Master Bedroom in a 3-tile hand",
     lambda: draft("Master Bedroom", rules=RULES),
     lambda: ice_at_least("Master Bedroom", 3), lambda: sp_at_least("Master Bedroom", 3)),
    ("a Red Room from the Library (4)",
     lambda: draft("colour:red", draw="Library", rules=RULES),
     lambda: ice_at_least("colour:red", 4), lambda: sp_at_least("colour:red", 4)),
    ("2+ Red Rooms in 3 tiles",
     lambda: draft("colour:red", at_least=2, rules=RULES),
     lambda: ice_at_least("colour:red", 3, 2), lambda: sp_at_least("colour:red", 3, 2)),
    ("Vault within 4 redraws (15 tiles)",
     lambda: draft("Vault", redraws=4, rules=RULES),
     lambda: ice_at_least("Vault", 15), lambda: sp_at_least("Vault", 15)),
    ("Purple count in 5 tiles (Library+Solarium)",
     lambda: draft_count("colour:purple", draw="Library", solarium=True, rules=RULES).pmf,
     lambda: ice_count("colour:purple", 5), lambda: sp_count("colour:purple", 5)),
    ("Hand distribution, 10-tile bag",
     lambda: draft_hand(SMALL, rules=RULES).pmf, ice_hand, None),
    ("Budget: Drawing Room + Study(3 gems) + 1 Ivory",
     lambda: draft_with("Vault", draw="Drawing Room", study=True, gems=3, ivory=1, rules=RULES),
     lambda: ice_at_least("Vault", 18), lambda: sp_at_least("Vault", 18)),
    ("Same budget with the Furnace",
     lambda: draft_with("Vault", draw="Drawing Room", study=True, gems=3, ivory=1,
                        furnace=True, rules=RULES), None, None),
    ("Archives: Nook with 2 Ivory Dice",
     lambda: draft_with("Nook", archives=True, ivory=2, rules=RULES), None, None),
    ("Master Bedroom affordable, 1 gem, Study",
     lambda: draft_with("Master Bedroom", gems=1, study=True, affordable=True, rules=RULES),
     None, None),
]


def clear() -> None:
    """Empty every manorkit drafting cache (the rules object itself stays loaded)."""
    for module in (drafting, drafting_engine, drafting_redraws):
        for value in vars(module).values():
            if hasattr(value, "cache_clear"):
                value.cache_clear()


def best(fn, setup=None, repeat: int = 5) -> float:
    """Best time of one call, in seconds."""
    timer = timeit.Timer(fn, setup=setup or (lambda: None))
    return min(timer.repeat(repeat=repeat, number=1))


def agree(mine, other) -> bool:
    if other is None:
        return True
    if isinstance(mine, dict):
        keys = set(mine) | set(other)
        return all(abs(float(mine.get(k, 0)) - float(other.get(k, 0))) < 1e-12 for k in keys)
    return abs(float(mine) - float(other)) < 1e-12


def main() -> None:
    head = (f"{'question':46} {'cold ms':>8} {'warm us':>8} {'icepool ms':>10} {'scipy ms':>9}"
            f" {'ice/mk':>7} {'sp/mk':>7}  agree  answer")
    print(head)
    print("-" * len(head))
    for title, mine, ice, sp in QUESTIONS:
        answer = mine()
        ok = agree(answer, ice() if ice else None) and agree(answer, sp() if sp else None)
        cold = best(mine, setup=clear)
        warm = best(mine, repeat=20)
        t_ice = best(ice) if ice else None
        t_sp = best(sp) if sp else None
        shown = f"{float(answer):.6f}" if isinstance(answer, Fraction) else "(distribution)"
        print(f"{title:46} {cold * 1e3:8.2f} {warm * 1e6:8.1f} "
              f"{t_ice * 1e3 if t_ice else float('nan'):10.2f} "
              f"{t_sp * 1e3 if t_sp else float('nan'):9.3f} "
              f"{t_ice / cold if t_ice else float('nan'):7.2f} "
              f"{t_sp / cold if t_sp else float('nan'):7.3f}  {'yes' if ok else 'NO':5}  {shown}")
    print("\nRatios are against manorkit cold (caches cleared); warm = cached repeat call.")


if __name__ == "__main__":
    main()
