"""How the cost grows: draws (3 → 300), path length (6 → 600 drafts), bag size (64 → 2,560
tiles), redraws (0 → 10) and Observatory rolls (1 → 8).

Run: ``PYTHONPATH=$PWD .venv/bin/python benchmarks/scaling.py`` (``--readme`` rewrites the
README's scaling table). manorkit is timed cold (every cache cleared before each call, the
Rules passed in), icepool on the same reduction as manorkit ("target against the rest"), the
closed form where one exists. Median of interleaved rounds; answers checked equal first.
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import os

import icepool
from _timing import fmt, measure, median, rewrite_readme
from compare import ONE, RULES, comb_tail, ice_observatory, ice_tail, pmf

from manorkit.blueprince.odds import decks
from manorkit.blueprince.odds import drafting as dr
from manorkit.blueprince.odds import drafting_redraws as rd
from manorkit.blueprince.odds import room_tables as rt

lk = importlib.import_module("manorkit.blueprince.odds.locks")
DIG = dict(RULES.deck_counts("dig"))
DIG_N, KEYS = sum(DIG.values()), DIG["Key"]
OBS = {int(r["roll"]): r for r in RULES.rows("tables/observatory.csv").values()}
BAG = dict(RULES.bag_counts(day=1))


def deck_case(n: int):
    k = max(1, n * KEYS // DIG_N + 1)  # one more Key than the mean share
    passes, fresh = divmod(n, DIG_N)
    need = k - passes * KEYS
    return {
        "manorkit `deck_at_least`": (lambda: decks.deck_at_least("dig", "Key", n, k,
                                                                 rules=RULES), True),
        "manorkit `deck_draws` (joint)": (lambda: decks.deck_draws("dig", n, rules=RULES),
                                          True),
        "icepool reduced": (lambda: ONE if need <= 0 else ice_tail(
            {1: KEYS, 0: DIG_N - KEYS}, [1], fresh, need), False),
        "closed form": (lambda: ONE if need <= 0 else comb_tail(DIG_N, KEYS, fresh, need),
                        False),
    }, ("manorkit `deck_at_least`", "icepool reduced", "closed form")


def path_case(n: int):
    ranks = [4, 5, 6, 7, 8, 9] * (n // 6)
    faces = [(int(f["LOCKED"]), int(f["OPEN"])) for f in
             (RULES.die_faces(RULES.rank_die(r)) for r in ranks)]

    def ice():
        total = icepool.Die([0])
        for locked, open_ in faces:
            total += icepool.Die({1: locked, 0: open_})
        return pmf(total)

    def hand():  # one integer polynomial product per draft, Fractions at the end
        from fractions import Fraction
        poly, den = [1], 1
        for locked, open_ in faces:
            poly = [(poly[i] if i < len(poly) else 0) * open_ + (poly[i - 1] if i else 0)
                    * locked for i in range(len(poly) + 1)]
            den *= locked + open_
        return {k: Fraction(w, den) for k, w in enumerate(poly) if w}

    return {
        "manorkit `locks`": (lambda: lk.locks(ranks, rules=RULES).pmf, True),
        "icepool": (ice, False),
        "hand-written convolution": (hand, False),
    }, ("manorkit `locks`", "icepool", "hand-written convolution")


def bag_case(size: int):
    copies = size // len(BAG)
    bag = {n: copies for n in BAG}
    good = copies
    return {
        "manorkit `draft`": (lambda: dr.draft("Master Bedroom", bag, rules=RULES), True),
        "manorkit `draft_count`": (lambda: dr.draft_count("Master Bedroom", bag,
                                                          rules=RULES).p(0), True),
        "icepool reduced": (lambda: ice_tail({1: good, 0: size - good}, [1], 3), False),
        "closed form": (lambda: comb_tail(size, good, 3), False),
    }, ("manorkit `draft`", "icepool reduced", "closed form")


def redraw_case(r: int):
    size = sum(BAG.values())
    return {
        "manorkit `draft`": (lambda: dr.draft("Vault", redraws=r, rules=RULES), True),
        "manorkit `draft_with` (ivory)": (lambda: rd.draft_with("Vault", ivory=r,
                                                                rules=RULES), True),
        "icepool reduced": (lambda: ice_tail({1: 1, 0: size - 1}, [1], 3 + 3 * r), False),
        "closed form": (lambda: comb_tail(size, 1, 3 + 3 * r), False),
    }, ("manorkit `draft`", "icepool reduced", "closed form")


def observatory_case(n: int):
    def ice():
        def vector(face: int) -> icepool.Vector:
            amounts = [OBS[face][f] or 0 for f in ("steps", "coins", "gems", "keys", "trunks")]
            return icepool.Vector((*amounts, int(not any(amounts))))
        return pmf((n @ icepool.d6.map(vector)).map(lambda v: (*v[:5], v[5] > 0)))

    if n == 3:
        assert ice() == ice_observatory(OBS)
    return {
        "manorkit `observatory`": (lambda: {tuple(h): p for h, p in
                                            rt.observatory(n, rules=RULES)}, True),
        "icepool": (ice, False),
    }, ("manorkit `observatory`", "icepool")


SWEEPS = [
    ("Dig draws (at least mean+1 Keys)", deck_case, (3, 10, 30, 100, 300)),
    ("drafts on a path (`locks`)", path_case, (6, 60, 600)),
    ("tiles in the bag (Master Bedroom in 3)", bag_case, (64, 256, 640, 2560)),
    ("redraws (Vault)", redraw_case, (0, 2, 5, 10)),
    ("Observatory rolls", observatory_case, (1, 2, 4, 8)),
]


def table(rounds: int) -> str:
    lines = []
    for title, case, values in SWEEPS:
        methods0, check = case(values[0])
        names = list(methods0)
        lines += [f"| {title} | " + " | ".join(names) + " |",
                  "|---:|" + "---:|" * len(names)]
        for v in values:
            methods, check = case(v)
            answers = [methods[name][0]() for name in check]
            assert all(a == answers[0] for a in answers), (title, v)
            times = measure(methods, rounds=rounds, budget=0.01)
            lines.append(f"| {v:,} | " + " | ".join(fmt(median(times[n])) for n in names)
                         + " |")
        lines.append("")
    return "\n".join(lines).rstrip()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--readme", action="store_true")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    load = os.getloadavg()[0]
    body = table(args.rounds)
    when = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    text = (f"Measured {when} by `benchmarks/scaling.py` (load average {load:.1f} before, "
            f"{os.getloadavg()[0]:.1f} after, on {os.cpu_count()} cores). Microseconds per "
            f"call (ms where marked), median of {args.rounds} interleaved rounds; manorkit "
            "cold.\n\n" + body)
    print(text)
    if args.readme:
        rewrite_readme("scaling", text)


if __name__ == "__main__":
    main()
