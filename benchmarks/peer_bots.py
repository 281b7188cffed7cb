"""How well the peer games' bots play (measured, never asserted): the heuristic bot against
the random bot over many games, seats swapped half the time, with each side's win rate and
its 95 % Wilson interval; then each bot against itself (the first seat's share, turns, no
winner) and games per second on one core.

Run: .venv/bin/python benchmarks/peer_bots.py [games] [--game mystery_mansion|nightmare_house]
"""

from __future__ import annotations

import argparse
import importlib
import time

from manorkit.sim.games import simulate_games
from manorkit.sim.stats import wilson

#: Game → the seat names of a two-sided game: the heuristic sits in one, the random bot in
#: the other (the other seats, if any, follow the second).
GAMES = {"mystery_mansion": ("Green", "Red")}


def _rate(won: int, n: int) -> str:
    lo, hi = wilson(won, n)
    return f"{won}/{n} = {won / n:.1%} ({lo:.1%}–{hi:.1%})"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="?", type=int, default=400)
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    args = parser.parse_args()
    for game in args.game or sorted(GAMES):
        path = f"manorkit.{game}"
        bots = importlib.import_module(f"{path}.policies")
        hero, rand = bots.heuristic_policy, bots.random_policy
        first, second = GAMES[game]
        half = args.games // 2
        start = time.perf_counter()
        a = simulate_games(path, {first: hero, second: rand}, half, seed=1, progress=False)
        b = simulate_games(path, {first: rand, second: hero}, half, seed=2, progress=False)
        rate = 2 * half / (time.perf_counter() - start)
        won = int((a["winners"] == first).sum() + (b["winners"] == second).sum())
        lost = int((a["winners"] == second).sum() + (b["winners"] == first).sum())
        print(f"## {game}: heuristic against random, {2 * half} games ({rate:.0f} games/s)")
        print(f"heuristic wins {_rate(won, 2 * half)}; random wins {_rate(lost, 2 * half)}; "
              f"no winner {2 * half - won - lost}")
        print(f"  heuristic first: {_rate(int((a['winners'] == first).sum()), half)}; "
              f"heuristic second: {_rate(int((b['winners'] == second).sum()), half)}")
        for name, bot in (("heuristic", hero), ("random", rand)):
            t = simulate_games(path, bot, half, seed=3, progress=False)
            firsts = int((t["winners"] == first).sum())
            print(f"{name} against itself: first seat {_rate(firsts, half)}, no winner "
                  f"{int((~t['won']).sum())}, mean turns {t['turns'].mean():.1f}, mean chance "
                  f"events {t['chance_events'].mean():.0f}")


if __name__ == "__main__":
    main()
