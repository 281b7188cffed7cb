"""Room-table odds: manorkit against icepool and scipy.stats on the same questions.

Run: .venv/bin/python benchmarks/odds_room_tables.py

Questions: the Observatory's haul from 3 rolls (Telescope + Planetarium, §5), the Casino's net
coins for a 10-coin wager under both casino_payout readings (§5) and the Bunk Room's trunks
on draft (§8). manorkit is timed cold (its caches cleared before every call) and warm, with
the rules passed in (loading is timed apart, once); icepool and scipy build their answer from
the same rows of the data, read once beforehand.
"""

from __future__ import annotations

import timeit
from functools import reduce

import icepool
from scipy import stats

from manorkit.blueprince import load_rules
from manorkit.blueprince.odds import room_tables as rt

RULES = load_rules()
NET = load_rules(casino_payout="net")
AMOUNTS = ("steps", "coins", "gems", "keys", "trunks")


def face_rows(file: str) -> dict[int, dict]:
    """Face → row of a d6 table whose rolls are single faces."""
    return {int(row["roll"]): row for row in RULES.rows(file).values()}


OBSERVATORY = face_rows("tables/observatory.csv")
CASINO = face_rows("tables/casino.csv")
BLUE_OPEN = RULES.die("lock_blue")


def icepool_observatory(n: int = 3) -> icepool.Die:
    def vector(face: int) -> icepool.Vector:
        amounts = [OBSERVATORY[face][f] or 0 for f in AMOUNTS]
        return icepool.Vector((*amounts, int(not any(amounts))))

    one = icepool.d6.map(vector)
    return reduce(lambda a, b: a + b, [one] * n).map(lambda v: (*v[:5], v[5] > 0))


def icepool_casino(wager: int, net: bool) -> icepool.Die:
    def change(face: int) -> int:
        m = CASINO[face]["multiplier"]
        return wager * (m if net and m > 1 else m - 1)

    return icepool.d6.map(change)


def scipy_casino_mean(wager: int, net: bool) -> float:
    die = icepool_casino(wager, net)
    outcomes = list(die.outcomes())
    weights = [die.quantity(o) / die.denominator() for o in outcomes]
    return stats.rv_discrete(values=(outcomes, weights)).mean()


def icepool_bunk() -> icepool.Die:
    blue = icepool.Die({1: int(BLUE_OPEN["OPEN"]), 0: int(BLUE_OPEN["LOCKED"])})
    return RULES.room("Bunk Room")["trunk_rolls"] @ blue


def scipy_bunk() -> list[float]:
    p = BLUE_OPEN["OPEN"] / BLUE_OPEN.sum()
    return list(stats.binom.pmf(range(3), RULES.room("Bunk Room")["trunk_rolls"], p))


def best(fn, number: int, cold: bool = False) -> float:
    """Best time per call in seconds over 5 repeats."""
    def run():
        if cold:
            rt.clear_caches()
        fn()

    return min(timeit.repeat(run, number=number, repeat=5)) / number


def pmf(die: icepool.Die) -> dict:
    return {o: die.probability(o) for o in die.outcomes()}


def main() -> None:
    questions = [
        ("Observatory, 3 rolls",
         lambda: rt.observatory(3, rules=RULES), icepool_observatory, None,
         lambda ours, ice, _: {tuple(h): p for h, p in ours} == pmf(ice)),
        ("Casino 10 coins, gross",
         lambda: rt.casino(10, rules=RULES), lambda: icepool_casino(10, False),
         lambda: scipy_casino_mean(10, False),
         lambda ours, ice, sp: ours.pmf == pmf(ice) and abs(float(ours.mean()) - sp) < 1e-9),
        ("Casino 10 coins, net",
         lambda: rt.casino(10, rules=NET), lambda: icepool_casino(10, True),
         lambda: scipy_casino_mean(10, True),
         lambda ours, ice, sp: ours.pmf == pmf(ice) and abs(float(ours.mean()) - sp) < 1e-9),
        ("Bunk Room trunks",
         lambda: rt.trunks_on_draft("Bunk Room", rules=RULES), icepool_bunk, scipy_bunk,
         lambda ours, ice, sp: ours.pmf == pmf(ice)
         and all(abs(float(ours.p(k)) - sp[k]) < 1e-12 for k in range(3))),
    ]
    load = best(load_rules, 200)
    print(f"load_rules() when cached: {load * 1e6:.0f} µs (resolve(None) pays this per call)\n")
    header = (f"{'question':24} {'cold µs':>9} {'warm µs':>9} {'icepool µs':>11} "
              f"{'scipy µs':>9} {'ice/cold':>9} {'ice/warm':>9} {'scipy/warm':>10}  agree")
    print(header)
    print("-" * len(header))
    for name, ours_fn, ice_fn, scipy_fn, agree in questions:
        rt.clear_caches()
        ok = agree(ours_fn(), ice_fn(), scipy_fn() if scipy_fn else None)
        cold = best(ours_fn, 20, cold=True)
        warm = best(ours_fn, 2000)
        ice = best(ice_fn, 20)
        sp = best(scipy_fn, 20) if scipy_fn else None
        sp_cells = (f"{sp * 1e6:9.1f}", f"{sp / warm:10.2f}") if sp else (f"{'-':>9}", f"{'-':>10}")
        print(f"{name:24} {cold * 1e6:9.1f} {warm * 1e6:9.1f} {ice * 1e6:11.1f} {sp_cells[0]} "
              f"{ice / cold:9.2f} {ice / warm:9.2f} {sp_cells[1]}  {'yes' if ok else 'NO'}")


if __name__ == "__main__":
    main()
