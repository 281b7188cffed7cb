"""Instructions per simulated day, counted by valgrind's callgrind: a measure of the fast
mode that other work on a shared machine cannot disturb (unlike seconds).

Run: ``PYTHONPATH=$PWD .venv/bin/python benchmarks/instructions.py [--days 50]
[--before REV ...] [--readme]``. For this tree and for each ``--before`` commit (exported with
``git archive``), a fresh interpreter (``PYTHONHASHSEED=0``) plays one other day to load
the engine, then the greedy days of ``sim.day_seeds(0, days)``, which it has never played,
inside ``functools.reduce`` (as ``benchmarks/fast_mode.py`` times them: a simulation meets
days its caches have not seen); callgrind counts only while ``reduce`` runs
(``--toggle-collect``), so start-up and imports are left out. Needs ``valgrind`` on the PATH;
each count takes one to three minutes. ``--readme`` rewrites the README's instructions table.
"""

from __future__ import annotations

import argparse
import datetime
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from _timing import export, rewrite_readme

ROOT = Path(__file__).resolve().parent.parent
DAYS = """
import sys
from functools import reduce
from manorkit.blueprince import load_rules
from manorkit.blueprince.sim import GreedyPolicy, day_seeds
from manorkit.blueprince.sim.run import play
rules, fast = load_rules(), sys.argv[2] == "fast"
play(rules, GreedyPolicy(), day_seeds(10_000, 1)[0], fast=fast)  # the engine loaded
seeds = day_seeds(0, int(sys.argv[1]))
reduce(lambda _, s: play(rules, GreedyPolicy(), s, fast=fast), seeds, None)
"""


def count(tree: Path, days: int, fast: bool) -> int:
    """Instructions callgrind counts while ``tree`` plays ``days`` fresh greedy days."""
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(
            ["valgrind", "--tool=callgrind", "--collect-atstart=no",
             "--toggle-collect=functools_reduce", f"--callgrind-out-file={tmp}/cg.out",
             sys.executable, "-c", DAYS, str(days), "fast" if fast else "slow"],
            cwd=tree, env={**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"},
            capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise RuntimeError(f"callgrind printed no count:\n{out.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=50)
    parser.add_argument("--before", nargs="*", default=[], help="earlier commits to count")
    parser.add_argument("--readme", action="store_true")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed")
    trees = [(f"commit `{rev}`", export(rev)) for rev in args.before] + [("this tree", ROOT)]
    rows = []
    for name, tree in trees:
        fast, slow = (count(tree, args.days, mode) / args.days for mode in (True, False))
        rows.append((name, fast, slow))
        if tree != ROOT:
            shutil.rmtree(tree)
    now = rows[-1][1]
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d")
    lines = [f"Counted {stamp} by `benchmarks/instructions.py` (valgrind's callgrind, Python "
             f"{sys.version.split()[0]}): millions of instructions per greedy day, over "
             f"{args.days} days a fresh process has not played before.", "",
             "| engine | fast mode | immutable mode | fast mode ÷ this tree's |",
             "|---|---:|---:|---:|"]
    for name, fast, slow in rows:
        lines.append(f"| {name} | {fast / 1e6:.1f} | {slow / 1e6:.1f} | {fast / now:.2f} |")
    text = "\n".join(lines)
    print(text)
    if args.readme:
        rewrite_readme("instructions", text)


if __name__ == "__main__":
    main()
