"""The five-game comparison of notebook 13 with more games (measured, never asserted):
``manorkit.five_games.measure_all`` with ``games`` games a game (Blueprints 8 in 10) and the
swing over ``swing`` games, every number banded over its placeholder; prints
the comparison table, the bands, and how long each game took.

Run: .venv/bin/python benchmarks/five_games.py [games] [--swing N] [--markdown]
"""

from __future__ import annotations

import argparse
import time

from manorkit import five_games
from manorkit.sim.compare_games import bands_table, table


def markdown(frame) -> str:
    """``frame`` as a markdown table (cells with ``|`` written ``/``)."""
    def line(cells) -> str:
        return "| " + " | ".join(str(c).replace("|", "/") for c in cells) + " |"
    rows = [line(frame.columns), line(["---"] * len(frame.columns))]
    return "\n".join(rows + [line(r) for r in frame.itertuples(index=False)])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="?", type=int, default=200)
    parser.add_argument("--swing", type=int, default=20)
    parser.add_argument("--markdown", action="store_true", help="tables as markdown")
    args = parser.parse_args()
    clock = {"start": time.perf_counter(), "last": time.perf_counter(), "game": None}

    def progress(name: str) -> None:
        now = time.perf_counter()
        if clock["game"]:
            print(f"{clock['game']}: {now - clock['last']:.0f} s", flush=True)
        clock.update(last=now, game=name)
    rows = five_games.measure_all(args.games, swing_games=args.swing, progress=progress)
    progress("")
    print(f"{args.games} games a game, the swing over {args.swing}: "
          f"{time.perf_counter() - clock['start']:.0f} s in all\n")
    for frame in (table(rows), bands_table(rows)):
        print(markdown(frame) if args.markdown else frame.to_string(index=False))
        print()


if __name__ == "__main__":
    main()
