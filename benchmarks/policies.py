"""How well each bot plays (measured, never asserted): win rate with its 95 % Wilson
interval, mean deepest rank, the share of days reaching Rank 8, and days per second on one
core, for plain mornings and for mornings with the Apple Orchard open (§14); then each
bot's deepest-rank distribution. ``--losses N`` then sorts the planner's first N plain days
by where they were lost (no lever item ever held, walled in or not; a lever item held but no
lever pulled; a lever pulled but no win).

Run: .venv/bin/python benchmarks/policies.py [days] [--readme] [--losses N]
(``--readme`` rewrites the README's ``policies`` section with the table, dated.)
"""

from __future__ import annotations

import argparse
import datetime
import os
import time

from _timing import rewrite_readme

from manorkit.blueprince import load_rules
from manorkit.blueprince.engine import Campaign
from manorkit.blueprince.engine.setup import ANTECHAMBER
from manorkit.blueprince.sim import EconomyPolicy, GreedyPolicy, PlannerPolicy, day_seeds, simulate
from manorkit.blueprince.sim.planner.route_odds import open_doors
from manorkit.blueprince.sim.run import play
from manorkit.sim.stats import wilson

POLICIES = {"greedy": GreedyPolicy(), "economy": EconomyPolicy(), "planner": PlannerPolicy()}
MORNINGS = {"plain": None, "orchard": Campaign(apple_orchard=True)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("days", nargs="?", type=int, default=500)
    parser.add_argument("--readme", action="store_true", help="rewrite the README section")
    parser.add_argument("--losses", type=int, default=0, help="classify N planner days")
    args = parser.parse_args()
    rules = load_rules()
    simulate(GreedyPolicy(), 5, rules, progress=False)  # warm the rules caches
    header = ("| bot | morning | win rate (95 % interval) | mean deepest rank | Rank 8+ "
              "| days/s |\n|---|---|---|---|---|---|")
    lines, depths = [header], {}
    for morning, campaign in MORNINGS.items():
        for name, policy in POLICIES.items():
            start = time.perf_counter()
            table = simulate(policy, args.days, rules, seed=0, morning=campaign,
                             progress=False)
            rate = args.days / (time.perf_counter() - start)
            won = int(table["won"].sum())
            lo, hi = wilson(won, args.days)
            deep = table["deepest_rank"]
            lines.append(f"| {name} | {morning} | {won}/{args.days} = {won / args.days:.1%} "
                         f"({lo:.1%}–{hi:.1%}) | {deep.mean():.2f} | {(deep >= 8).mean():.0%} "
                         f"| {rate:.0f} |")
            depths[(name, morning)] = deep.value_counts().sort_index()
            print(lines[-1], flush=True)
    print("\ndeepest rank: days per rank")
    ranks = range(1, 10)
    print(f"{'bot':<8} {'morning':<8} " + " ".join(f"{r:>4}" for r in ranks))
    for (name, morning), counts in depths.items():
        print(f"{name:<8} {morning:<8} " + " ".join(f"{counts.get(r, 0):>4}" for r in ranks))
    if args.readme:
        load = os.getloadavg()[0]
        text = (f"Measured {datetime.date.today():%Y-%m-%d} by `benchmarks/policies.py` "
                f"({args.days} days each, seed 0, one core, load {load:.1f}):\n\n"
                + "\n".join(lines))
        rewrite_readme("policies", text)
        print("\nREADME.md policies section rewritten")
    if args.losses:
        losses(rules, args.losses)


LEVER_ITEMS = ("Broken Lever", "Secret Garden Key")


def losses(rules, days: int) -> None:
    """Print where the planner's first ``days`` plain days (seed 0) were lost."""
    counts, walled_low, steps_left = {}, 0, []
    for seed in day_seeds(0, days):
        state = play(rules, PlannerPolicy(), seed)
        held, s = False, state
        while s is not None and not held:
            held, s = any(k in s.items for k in LEVER_ITEMS), s.parent
        reach = [c for c in list(state.routes()) + [state.position] if c != ANTECHAMBER]
        walled = not any(open_doors(state, c) for c in reach)
        if state.won:
            kind = "won"
        elif state.flags.get("levers"):
            kind = "lever pulled, not won"
        elif held:
            kind = "lever item held, no lever pulled"
        else:
            kind = "no lever item, " + ("walled in" if walled else state.over)
            if walled:
                deepest = max(c[0] for c in state.board if c != ANTECHAMBER)
                walled_low += deepest <= 4
                steps_left.append(state.resources["steps"])
        counts[kind] = counts.get(kind, 0) + 1
    print(f"\nwhere the planner's days are lost ({days} plain days, seed 0):")
    for kind, n in sorted(counts.items(), key=lambda x: -x[1]):
        print(f"{n:>5}  {kind}")
    if steps_left:
        print(f"no lever item and walled in: {walled_low} by Rank 4, "
              f"{sum(steps_left) / len(steps_left):.0f} steps left on average")


if __name__ == "__main__":
    main()
