"""How well the four peer games' bots play (measured, never asserted).

Mystery Mansion and Nightmare House: the heuristic bot against the random bot, each side in
turn, with the heuristic side's win rate and its 95 % Wilson interval; then each bot on every
seat (how often each side wins, turns, random events) and games per second on one core. A side
is a set of seats: in Mystery Mansion each of the two players; in Nightmare House the House
against its two Hunters (any Hunter's win is the Hunters' side's).

Blueprints of Mad King Ludwig: the heuristic's winning share (in one seat of two, the seat
rotated) and Weirdwood Manor's win rate against each Fae Monster, with 95 % intervals
(``manorkit.sim.compare_games.skill``), games per second, and the swing and random events per
decision the five-game comparison reads.

Run: .venv/bin/python benchmarks/peer_bots.py [games] [--game GAME ...]
(default 400 games each for Mystery Mansion and Nightmare House, 300 for Ludwig and Weirdwood)
"""

from __future__ import annotations

import argparse
import importlib
import time

from manorkit.sim.compare_games import decision_swing, events_per_decision, skill
from manorkit.sim.games import simulate_games
from manorkit.sim.stats import wilson

#: Game → its two sides' seats (the default players of ``new_game``), for the sides report.
SIDES = {"mystery_mansion": (("Green",), ("Red",)),
         "nightmare_house": (("House",), ("Hunter 1", "Hunter 2"))}


def _rate(won: int, n: int) -> str:
    lo, hi = wilson(won, n)
    return f"{won}/{n} = {won / n:.1%} ({lo:.1%}–{hi:.1%})"


def _wins(table, side) -> int:
    return int(table["winners"].map(lambda w: bool(set(w.split(", ")) & set(side))).sum())


def _pct(triple) -> str:
    value, low, high = triple
    return f"{value:.1%} ({low:.1%} to {high:.1%})"


def sides(game: str, n: int) -> None:
    """Mystery Mansion or Nightmare House: each side heuristic against random, then each bot
    on every seat."""
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


def ludwig(n: int) -> None:
    """Blueprints, 2 players: the heuristic's winning share against the random bot."""
    from manorkit.ludwig import policies as lw

    print(f"## ludwig ({n} games)")
    start = time.perf_counter()
    result = skill("manorkit.ludwig", lw.heuristic_policy, lw.random_policy, n, players=2,
                   competitive=True, seed=1)
    rate = n / (time.perf_counter() - start)
    print(f"| Blueprints, 2 players | heuristic's winning share {_pct(result.best)} against "
          f"the random bot's {_pct(result.baseline)} in the same seats | {rate:.1f} games/s |",
          flush=True)
    table = simulate_games("manorkit.ludwig", lw.random_policy, n, players=2, seed=2,
                           progress=False)
    per = events_per_decision(table)
    print(f"  random events per decision: cards {per['card'][0]:.2f}, other "
          f"{per['other'][0]:.3f}", flush=True)


def weirdwood(n: int) -> None:
    """Weirdwood, 2 players, against each Fae Monster: heuristic and random win rates, the
    monster's health left, random events per decision and the swing."""
    from manorkit.weirdwood import load_rules
    from manorkit.weirdwood import policies as ww

    print(f"## weirdwood ({n} games per monster and bot)")
    for reading in ("chaos_ogre", "min_wraith", "therus"):
        rules = load_rules(monster=reading)
        start = time.perf_counter()
        result = skill("manorkit.weirdwood", ww.heuristic_policy, ww.random_policy, n,
                       players=2, rules=rules, seed=1)
        rate = 2 * n / (time.perf_counter() - start)
        print(f"| Weirdwood vs {reading}, 2 players | heuristic {_pct(result.best)}, random "
              f"{_pct(result.baseline)} | {rate:.1f} games/s |", flush=True)
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


#: Game → (its report, its default number of games).
REPORTS = {"mystery_mansion": (lambda n: sides("mystery_mansion", n), 400),
           "nightmare_house": (lambda n: sides("nightmare_house", n), 400),
           "ludwig": (ludwig, 300),
           "weirdwood": (weirdwood, 300)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="?", type=int, default=None)
    parser.add_argument("--game", choices=sorted(REPORTS), action="append")
    args = parser.parse_args()
    for game in args.game or list(REPORTS):
        report, default = REPORTS[game]
        report(args.games or default)


if __name__ == "__main__":
    main()
