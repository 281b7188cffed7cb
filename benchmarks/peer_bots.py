"""How well the peer games' heuristic bots play against their random bots (measured, never
asserted): Blueprints of Mad King Ludwig's winning share (the heuristic in one seat of two,
the seat rotated) and Weirdwood Manor's win rate against each Fae Monster, with 95 %
intervals (``manorkit.sim.compare_games.skill``), games per second, and the swing and
random events per decision the comparison reads.

Run: .venv/bin/python benchmarks/peer_bots.py [games]
"""

from __future__ import annotations

import argparse
import time

from manorkit.ludwig import policies as lw
from manorkit.sim.compare_games import decision_swing, events_per_decision, skill
from manorkit.sim.games import simulate_games
from manorkit.weirdwood import load_rules
from manorkit.weirdwood import policies as ww


def pct(triple) -> str:
    value, low, high = triple
    return f"{value:.1%} ({low:.1%} to {high:.1%})"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="?", type=int, default=300)
    n = parser.parse_args().games
    start = time.perf_counter()
    result = skill("manorkit.ludwig", lw.heuristic_policy, lw.random_policy, n, players=2,
                   competitive=True, seed=1)
    rate = n / (time.perf_counter() - start)
    print(f"| Blueprints, 2 players | heuristic's winning share {pct(result.best)} "
          f"against {result.baseline[0]:.0%} | {rate:.1f} games/s |", flush=True)
    table = simulate_games("manorkit.ludwig", lw.random_policy, n, players=2, seed=2,
                           progress=False)
    per = events_per_decision(table)
    print(f"  random events per decision: cards {per['card'][0]:.2f}, other "
          f"{per['other'][0]:.3f}", flush=True)
    for reading in ("chaos_ogre", "min_wraith", "therus"):
        rules = load_rules(monster=reading)
        start = time.perf_counter()
        result = skill("manorkit.weirdwood", ww.heuristic_policy, ww.random_policy, n,
                       players=2, rules=rules, seed=1)
        rate = 2 * n / (time.perf_counter() - start)
        print(f"| Weirdwood vs {reading}, 2 players | heuristic {pct(result.best)}, random "
              f"{pct(result.baseline)} | {rate:.1f} games/s |", flush=True)
        table = simulate_games("manorkit.weirdwood", ww.heuristic_policy, n // 3, rules=rules,
                               players=2, seed=3, progress=False)
        per = events_per_decision(table)
        swing = decision_swing("manorkit.weirdwood", ww.heuristic_policy, n // 10,
                               rules=rules, players=2, seed=4)
        print(f"  health left {table['monster health'].mean():.1f}; random events per "
              f"decision: tiles {per['tile'][0]:.2f}, dice {per['dice'][0]:.2f}, cards "
              f"{per['card'][0]:.2f}; swing at {swing.points} attack points: mean "
              f"{swing.mean[0]:.3f}, changing {swing.changing:.0%}, largest "
              f"{swing.largest:.3f}", flush=True)


if __name__ == "__main__":
    main()
