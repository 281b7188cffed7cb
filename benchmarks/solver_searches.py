"""Which searches for a win find the most wins (measured, never asserted): the solver's
portfolio with each mix of searches on the same determinized days at the same node budget.

Mixes compared (each a ``{search: share}`` and the search that leads alone, as
:meth:`~manorkit.blueprince.search.solver.Search.portfolio` takes them):

- ``shipped``: ``solver.SHARES`` and ``solver.LEAD`` (restarted best-first walks, with
  returns to the best moment met after every ``solver.RETURN_EVERY`` walks);
- ``no returns``: the same with every walk from the morning (``RETURN_EVERY = 0``);
- ``one best-first``: the same with one best-first search (``novel``) in place of the
  restarts (the solver before the restarts);
- ``novelty by band``: one best-first search whose novelty is counted within value bands of
  50.

Run: .venv/bin/python benchmarks/solver_searches.py [--days 40] [--nodes 100000] [--mixes ...]
"""

from __future__ import annotations

import argparse
import functools
import os
import time
from multiprocessing import Pool

from manorkit.blueprince import load_rules
from manorkit.blueprince.engine.state import new_day
from manorkit.blueprince.search import solver
from manorkit.blueprince.search.determinize import Determinization
from manorkit.blueprince.search.solver import Budget, Found, Search
from manorkit.blueprince.search.space import root
from manorkit.blueprince.sim import day_seeds
from manorkit.sim.stats import wilson

OTHERS = {k: v for k, v in solver.SHARES.items() if k != "restarts"}


def banded(search: Search):
    return search.novel(bucket=50.0)


#: Mix -> (shares, lead, returns: ``solver.RETURN_EVERY``).
MIXES = {"shipped": (solver.SHARES, solver.LEAD, solver.RETURN_EVERY),
         "no returns": (solver.SHARES, solver.LEAD, 0),
         "one best-first": ({**OTHERS, "novel": 6}, ("novel", solver.LEAD[1]), 0),
         "novelty by band": ({**OTHERS, "banded": 6}, ("banded", solver.LEAD[1]), 0)}


def run(mix: str, nodes: int, seed: int) -> tuple[bool, int, float]:
    """Whether the mix found a win on day ``seed`` within ``nodes``; nodes and CPU seconds."""
    shares, lead, solver.RETURN_EVERY = MIXES[mix]
    rules = load_rules()
    det = Determinization(seed)
    clock = time.process_time()
    search = Search(det, root(det, new_day(rules, seed=seed)), Budget(None, nodes))
    search.banded = functools.partial(banded, search)
    try:
        search.portfolio(shares, lead)
    except Found:
        return True, search.budget.nodes, time.process_time() - clock
    return False, search.budget.nodes, time.process_time() - clock


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--days", type=int, default=40)
    parser.add_argument("--nodes", type=int, default=100_000)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--mixes", nargs="*", default=list(MIXES), choices=list(MIXES))
    args = parser.parse_args()
    seeds = day_seeds(0, args.days)
    print(f"{args.days} days (day_seeds(0, {args.days})), {args.nodes:,} nodes a day, "
          f"load {os.getloadavg()[0]:.2f}")
    print(f"{'mix':<18}{'won':>22}{'CPU s a day':>14}   days won")
    with Pool(args.processes) as pool:
        for mix in args.mixes:
            out = pool.starmap(run, [(mix, args.nodes, s) for s in seeds], chunksize=1)
            won = [i for i, (w, _, _) in enumerate(out) if w]
            lo, hi = wilson(len(won), args.days)
            cpu = sum(o[2] for o in out) / args.days
            print(f"{mix:<18}{len(won):>4} = {len(won) / args.days:5.1%} ({lo:.0%}–{hi:.0%})"
                  f"{cpu:>12.1f}   {won}", flush=True)


if __name__ == "__main__":
    main()
