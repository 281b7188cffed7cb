"""How long the drafting explorer takes to answer (measured, never asserted): every answer
must come back, or say it is too large, within the explorer's 2 s (issue 27).

For each point of a grid of the heavy controls (targets of many backs, the Library, Ivory
Dice, the Study, the Archives, must afford) the controls are set on one explorer, the caches
of the odds cleared (cold, the slowest case), and one answer asked for as a control change
asks (on the explorer's worker thread), timed until it is shown. Prints the slowest answers
and the share reported as too large.

Run: PYTHONPATH=$PWD .venv/bin/python benchmarks/explorer_drafting.py
"""

from __future__ import annotations

import itertools
import os
import time

from manorkit.blueprince import explore, load_rules
from manorkit.blueprince.odds import drafting_engine, drafting_redraws


def main() -> None:
    rules = load_rules()
    ex = explore.drafting(rules)
    grid = itertools.product(("colour:green", "colour:red", "tag:dead_end", "Vault"),
                             ("ordinary door", "Library"), (0, 3, 5), (False, True),
                             (False, True), (False, True))
    rows = []
    for target, source, ivory, study, archives, afford in grid:
        for name, value in (("target", target), ("source", source), ("ivory", ivory),
                            ("study", study), ("archives", archives), ("affordable", afford)):
            ex.controls[name].value = value
        ex.wait()
        drafting_redraws._draft_with.cache_clear()
        drafting_engine.hands.cache_clear()
        drafting_engine.count_hands.cache_clear()
        start = time.perf_counter()
        ex.request()
        parts = ex.parts  # waits for the answer
        took = time.perf_counter() - start
        large = any(isinstance(p, str) and p.startswith("Too large") for p in parts)
        rows.append((took, large, target, source, ivory, study, archives, afford))
    rows.sort(reverse=True)
    load = os.getloadavg()[0]
    print(f"{len(rows)} answers (load average {load:.1f}); slowest first, seconds:")
    for took, large, *controls in rows[:8]:
        print(f"  {took:5.2f}  {'too large' if large else 'answered '}  {controls}")
    share = sum(r[1] for r in rows) / len(rows)
    print(f"median {rows[len(rows) // 2][0]:.2f} s; {share:.0%} reported as too large")


if __name__ == "__main__":
    main()
