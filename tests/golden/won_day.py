"""A day the solver won, saved as a run: ``python -m tests.golden.won_day`` rewrites
``won_day.json`` on purpose (tests never do). The seed and node budget are fixed, so the
search repeats exactly; the save replays on any machine with ``State.from_json``."""

from __future__ import annotations

import sys
from pathlib import Path

PATH = Path(__file__).with_name("won_day.json")
SEED, NODES = 2090914255, 60_000  # day_seeds(0, 20)[12]


def main() -> int:
    from manorkit.blueprince.search import solve

    found = solve(SEED, seconds=None, nodes=NODES)
    if not found.won:
        print(f"day {SEED} not won within {NODES} nodes: {found.verdict}")
        return 1
    PATH.write_text(found.state().to_json() + "\n")
    print(f"wrote {PATH}: won in {len(found.decisions())} decisions, {found.nodes} nodes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
