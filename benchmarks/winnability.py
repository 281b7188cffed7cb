"""How winnable is a day (measured, never asserted): the clairvoyant solver and the bots on the
same determinized days (§13), with 95 % Wilson intervals.

1. The solver on ``--days`` days of the shipped rules with ``--nodes`` children a day (a
   budget that repeats exactly on any machine; ``--seconds`` of CPU time instead when given):
   the share it decides (won or lost) within 1 s and 10 s of CPU time and within the budget,
   the bounds on the share of days winnable with perfect information, and each bot's win rate
   and share of the days shown winnable (greedy, planner, and the search bot with
   ``--bot-samples`` × ``--bot-nodes`` a decision, by ``--bot-by``).
2. The bounds under other readings of the variants that matter (``--variant-days`` days each).
3. Days to the first win of the planner in campaigns of ``--campaign-days`` days (§14).

The search bot against its budget, on more days, is ``benchmarks/search_bot.py``.

Run: .venv/bin/python benchmarks/winnability.py [--days N] [--seconds S] [--readme]
(``--readme`` rewrites the README's ``winnability`` section, dated.)
"""

from __future__ import annotations

import argparse
import datetime
import os
import time

from _timing import rewrite_readme

from manorkit.blueprince import load_rules
from manorkit.blueprince.search import SearchPolicy, first_wins, sweep_winnability, winnability
from manorkit.blueprince.sim import GreedyPolicy, PlannerPolicy
from manorkit.sim.stats import wilson

VARIANTS = {"tile_orientation": ["as_drawn", "player_choice"],
            "secret_passage_books": ["every_entry", "once_per_run"]}


def pool(processes: int) -> dict:
    """The backend arguments for ``processes`` local processes (one: in this process)."""
    return {"backend": "processes", "processes": processes} if processes > 1 else {}


def pct(k: int, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"{k}/{n} = {k / n:.1%} ({lo:.1%}–{hi:.1%})"


def won_lines(result) -> list[str]:
    """Markdown rows: the solver's won days by the levers their lines pulled (§13)."""
    table = result.won_lines()
    out = ["\n**How the won days were won** (the solver's lines: the lever pulled, rooms on the "
           "board at the win):\n",
           "| lever | won days | share of won days | rooms (median, fewest–most) |",
           "|---|---:|---:|---|"]
    for r in table.to_dict("records"):
        out.append(f"| {r['lever']} | {r['days']} | {r['share of won days']:.0%} | "
                   f"{r['rooms (median)']:g} ({r['rooms (fewest)']}–{r['rooms (most)']}) |")
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--days", type=int, default=500)
    parser.add_argument("--nodes", type=int, default=80_000)
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--bot-samples", type=int, default=2)
    parser.add_argument("--bot-nodes", type=int, default=300)
    parser.add_argument("--bot-by", default="value")
    parser.add_argument("--variant-days", type=int, default=100)
    parser.add_argument("--campaigns", type=int, default=20)
    parser.add_argument("--campaign-days", type=int, default=10)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--readme", action="store_true")
    args = parser.parse_args()
    rules = load_rules()
    load = os.getloadavg()[0]
    started = datetime.datetime.now(datetime.UTC)
    backend = pool(args.processes)
    out = []

    # 1. the solver and the bots on the same days
    bots = {"greedy": GreedyPolicy(), "planner": PlannerPolicy(),
            "search": SearchPolicy(samples=args.bot_samples, nodes=args.bot_nodes,
                                   by=args.bot_by)}
    t = time.perf_counter()
    nodes = None if args.seconds is not None else args.nodes
    budget = f"{args.seconds:g} s of CPU time" if args.seconds is not None else \
        f"{args.nodes:,} nodes"
    result = winnability(args.days, rules, seed=0, policies=bots, seconds=args.seconds,
                         nodes=nodes, progress=True, **backend)
    wall = time.perf_counter() - t
    f, n = result.frame, args.days
    decided = f["verdict"] != "unknown"
    fast = decided & (f["seconds"] <= 1.0)
    ten = decided & (f["seconds"] <= 10.0)
    shown = int(result.winnable.sum())
    lost = int((f["verdict"] == "lost").sum())
    out.append(f"**The solver**, {budget} a day ({n} days of the shipped rules, "
               f"`day_seeds(0, {n})`, {wall / 60:.0f} min on {args.processes} processes; a "
               f"day's CPU time at the median {f['seconds'].median():.1f} s):\n")
    out.append("| measure | days | share (95 % interval) |\n|---|---:|---|")
    out.append(f"| decided within 1 s | {int(fast.sum())} | {pct(int(fast.sum()), n)} |")
    out.append(f"| decided within 10 s | {int(ten.sum())} | {pct(int(ten.sum()), n)} |")
    out.append(f"| decided within the budget | {int(decided.sum())} | "
               f"{pct(int(decided.sum()), n)} |")
    out.append(f"| won by the solver | {int((f['verdict'] == 'won').sum())} | "
               f"{pct(int((f['verdict'] == 'won').sum()), n)} |")
    out.append(f"| proved lost | {lost} | {pct(lost, n)} |")
    out.append(f"| winnable, at least (the solver or a bot won) | {shown} | {pct(shown, n)} |")
    out.append(f"| winnable, at most (not proved lost) | {n - lost} | {pct(n - lost, n)} |")
    for name in bots:
        wins = int(f[name].sum())
        share = f"{wins}/{shown} = {wins / shown:.0%}" if shown else "—"
        how = getattr(bots[name], "by", None)
        how = f" (by {how}, {args.bot_samples} × {args.bot_nodes} a decision)" if how else ""
        out.append(f"| {name} bot{how} wins | {wins} | {pct(wins, n)}; of the days shown "
                   f"winnable: {share} |")
    won_s = f.loc[f["verdict"] == "won", "seconds"]
    if len(won_s):
        out.append(f"\nA won day took the solver {won_s.median():.1f} s at the median "
                   f"(longest {won_s.max():.1f} s).")
    out += won_lines(result)
    print("\n".join(out), flush=True)

    # 2. other readings
    lines = [f"\n**Other readings** ({args.variant_days} days each, the same seeds, "
             f"{budget} a day):\n",
             "| variant | reading | winnable: at least | at most | planner wins |",
             "|---|---|---|---|---|"]
    for vid, readings in VARIANTS.items():
        sweep = sweep_winnability({vid: readings}, args.variant_days, rules, seed=0,
                                  policies={"planner": PlannerPolicy()}, seconds=args.seconds,
                                  nodes=nodes, progress=False, **backend)
        for row in sweep.to_dict("records"):
            lines.append(f"| `{vid}` | {row[vid]} | "
                         f"{row['winnable: at least (won or a bot won)']:.1%} | "
                         f"{row['winnable: at most (not proved lost)']:.1%} | "
                         f"{row['planner: win rate']:.1%} |")
            print(lines[-1], flush=True)
    out += lines

    # 3. days to the first win
    first = first_wins(PlannerPolicy(), args.campaigns, args.campaign_days, rules, seed=0,
                       progress=False, **backend)
    won = first["first_win"].dropna()
    lines = [f"\n**Days to the first win** (the planner, {args.campaigns} campaigns of "
             f"{args.campaign_days} days, carried forward): {len(won)} campaigns won within "
             f"{args.campaign_days} days" + (f", the first win on day {int(won.median())} at "
                                             "the median." if len(won) else ".")]
    print(lines[-1], flush=True)
    out += lines

    head = (f"Measured {started:%Y-%m-%d %H:%M} UTC by `benchmarks/winnability.py` (load "
            f"average {load:.1f} before, {os.getloadavg()[0]:.1f} after).\n\n")
    if args.readme:
        rewrite_readme("winnability", head + "\n".join(out))


if __name__ == "__main__":
    main()
