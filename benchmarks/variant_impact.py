"""The full variant-impact table: every reading of every variant against the defaults,
played by the greedy bot on the same day seeds, written as CSV (slow: readings × days).

Run: .venv/bin/python benchmarks/variant_impact.py [days] [out.csv] [processes]
"""

from __future__ import annotations

import sys
import time

from manorkit.blueprince.sim import GreedyPolicy, variant_impact


def main(days: int = 200, out: str = "variant_impact.csv", processes: int | None = None):
    start = time.perf_counter()
    impact = variant_impact(GreedyPolicy(), days, seed=0, backend="processes",
                            processes=processes)
    impact.frame.to_csv(out, index=False)
    played = days * (len(impact.frame) + 1)
    print(f"{played} days in {time.perf_counter() - start:.0f} s; wrote {out}")
    print(impact.frame.head(15).to_string(index=False))


if __name__ == "__main__":
    args = sys.argv[1:]
    main(int(args[0]) if args else 200, args[1] if len(args) > 1 else "variant_impact.csv",
         int(args[2]) if len(args) > 2 else None)
