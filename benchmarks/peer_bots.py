"""How well the peer games' bots play (measured, never asserted): the heuristic bot against
the random bot, each side in turn, with the heuristic side's win rate and its 95 % Wilson
interval; then each bot on every seat (how often each side wins, turns, random events) and
games per second on one core.

A side is a set of seats: in Mystery Mansion each of the two players; in Nightmare House the
House against its two Hunters (any Hunter's win is the Hunters' side's).

Run: .venv/bin/python benchmarks/peer_bots.py [games] [--game mystery_mansion|nightmare_house]
"""

from __future__ import annotations

import argparse
import importlib
import time

from manorkit.sim.games import simulate_games
from manorkit.sim.stats import wilson

#: Game → its two sides' seats (the default players of ``new_game``).
SIDES = {"mystery_mansion": (("Green",), ("Red",)),
         "nightmare_house": (("House",), ("Hunter 1", "Hunter 2"))}


def _rate(won: int, n: int) -> str:
    lo, hi = wilson(won, n)
    return f"{won}/{n} = {won / n:.1%} ({lo:.1%}–{hi:.1%})"


def _wins(table, side) -> int:
    return int(table["winners"].map(lambda w: bool(set(w.split(", ")) & set(side))).sum())


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="?", type=int, default=400)
    parser.add_argument("--game", choices=sorted(SIDES), action="append")
    args = parser.parse_args()
    n = args.games
    for game in args.game or sorted(SIDES):
        path = f"manorkit.{game}"
        bots = importlib.import_module(f"{path}.policies")
        hero, rand = bots.heuristic_policy, bots.random_policy
        a, b = SIDES[game]
        print(f"## {game} ({n} games each)")
        for side, other in ((a, b), (b, a)):
            start = time.perf_counter()
            seats = {**dict.fromkeys(side, hero), **dict.fromkeys(other, rand)}
            t = simulate_games(path, seats, n, seed=1, progress=False)
            rate = n / (time.perf_counter() - start)
            print(f"heuristic {'/'.join(side)} against random {'/'.join(other)}: heuristic "
                  f"side wins {_rate(_wins(t, side), n)} ({rate:.0f} games/s)")
        for name, bot in (("heuristic", hero), ("random", rand)):
            t = simulate_games(path, bot, n, seed=3, progress=False)
            print(f"{name} on every seat: {'/'.join(a)} wins {_rate(_wins(t, a), n)}, "
                  f"{'/'.join(b)} {_rate(_wins(t, b), n)}, no winner {int((~t['won']).sum())}"
                  f"; mean turns {t['turns'].mean():.1f}, mean random events "
                  f"{t['chance_events'].mean():.0f}")


if __name__ == "__main__":
    main()
