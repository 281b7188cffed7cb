"""Like-for-like speed: every question manorkit shares with icepool, asked every honest way.

Run: ``PYTHONPATH=$PWD .venv/bin/python benchmarks/compare.py`` (``--readme`` also rewrites the
README's speed section from the numbers measured; ``--quick`` uses fewer rounds).

Each question is answered by

- **manorkit cold**: every manorkit cache cleared before each call (``_timing.clear_all``),
  the loaded Rules passed in;
- **manorkit warm**: the same call again: a cache hit, labelled so;
- **manorkit rules=None**: the default path a user types (``load_rules()`` inside), warm;
- **icepool as posed**: as a user would pose it (the whole bag, all the deck's card types,
  the dice read from the rules);
- **icepool reduced**: icepool given the same reduction manorkit makes ("target against the
  rest", face counts read beforehand);
- **closed form**: ``math.comb`` and ``Fraction`` (or a hand-written integer convolution):
  the floor.

All answers are checked equal (exact Fractions) before timing. Rounds are interleaved across
the methods in a random order; the table shows the median and the quartiles over rounds.
Separately, in fresh processes: the import times, the first ``load_rules()``, and every
calculator's first call at default inputs (rules already loaded).
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import math
import os
import subprocess
import sys
import tempfile
from fractions import Fraction
from pathlib import Path

import icepool
from _timing import cell, clear_all, measure, median, rewrite_readme

from manorkit.blueprince import load_rules
from manorkit.blueprince.odds import commissary as cm
from manorkit.blueprince.odds import decks
from manorkit.blueprince.odds import drafting as dr
from manorkit.blueprince.odds import room_tables as rt

lk = importlib.import_module("manorkit.blueprince.odds.locks")  # odds.locks is the function

ROOT = Path(__file__).resolve().parent.parent
RULES = load_rules()
ONE = Fraction(1)


def comb_tail(size: int, good: int, n: int, k: int = 1) -> Fraction:
    """P(at least k of ``good`` among n drawn from ``size``), by math.comb."""
    n = min(n, size)
    hits = sum(math.comb(good, j) * math.comb(size - good, n - j)
               for j in range(k, min(good, n) + 1))
    return Fraction(hits, math.comb(size, n))


def ice_tail(counts: dict, wanted: list, n: int, k: int = 1) -> Fraction:
    return icepool.Deck(counts).deal(n).keep_outcomes(wanted).size().probability(">=", k)


def pmf(die: icepool.Die) -> dict:
    return {o: die.probability(o) for o in die.outcomes()}


# -- locks ----------------------------------------------------------------------------------
RANKS = (4, 5, 6, 7, 8, 9)


def lock_faces(rules=RULES) -> list[tuple[int, int]]:
    return [(int(f["LOCKED"]), int(f["OPEN"])) for f in
            (rules.die_faces(rules.rank_die(r)) for r in RANKS)]


LOCK_FACES = lock_faces()


def ice_locks(faces) -> dict:
    total = icepool.Die([0])
    for locked, open_ in faces:
        total += icepool.Die({1: locked, 0: open_})
    return pmf(total)


def closed_locks(faces=LOCK_FACES) -> dict:
    """Poisson-binomial by an integer polynomial product, Fractions only at the end."""
    poly, den = [1], 1
    for locked, open_ in faces:
        poly = [(poly[i] if i < len(poly) else 0) * open_ + (poly[i - 1] if i else 0) * locked
                for i in range(len(poly) + 1)]
        den *= locked + open_
    return {k: Fraction(w, den) for k, w in enumerate(poly) if w}


# -- decks ----------------------------------------------------------------------------------
def deck_question(deck: str, card: str, draws: int, k: int):
    counts = dict(RULES.deck_counts(deck))
    size, good = sum(counts.values()), counts[card]
    passes, fresh = divmod(draws, size)  # whole passes see every copy (the reshuffle, §8)
    need = k - passes * good

    def ice_posed():
        d = {c: int(n) for c, n in RULES.deck(deck).items()}  # read as a user would
        return ONE if need <= 0 else ice_tail(d, [card], fresh, need)

    return {
        "mk": lambda: decks.deck_at_least(deck, card, draws, k, rules=RULES),
        "default": lambda: decks.deck_at_least(deck, card, draws, k),
        "ice": ice_posed,
        "ice_reduced": lambda: ONE if need <= 0 else ice_tail({1: good, 0: size - good}, [1],
                                                             fresh, need),
        "closed": lambda: ONE if need <= 0 else comb_tail(size, good, fresh, need),
    }


# -- commissary -----------------------------------------------------------------------------
CARDS = RULES.deck_cards("commissary_stock")
STOCK = {c: int(n) for c, n in CARDS["copies"].items()}
HOLDERS = [c for c, items in CARDS["items"].items() if "Shovel" in items]
N_STOCK, S_STOCK = sum(STOCK.values()), sum(STOCK[c] for c in HOLDERS)
HALF = Fraction(1, 2)


def by_runs(tail) -> Fraction:
    return sum((math.comb(5, j) * HALF ** 5 * tail(j) for j in range(6)), Fraction(0))


# -- room tables ----------------------------------------------------------------------------
def _face_rows(file: str) -> dict[int, dict]:
    return {int(row["roll"]): row for row in RULES.rows(file).values()}


CASINO = _face_rows("tables/casino.csv")
OBS = _face_rows("tables/observatory.csv")
OBS_AMOUNTS = ("steps", "coins", "gems", "keys", "trunks")
BUNK_ROLLS = int(RULES.room("Bunk Room")["trunk_rolls"])
BLUE = dict(RULES.die_faces("lock_blue"))


def casino_change(face: int, wager: int = 10) -> int:
    return wager * (CASINO[face]["multiplier"] - 1)


def ice_casino_posed() -> dict:
    rows = {int(r["roll"]): r for r in RULES.rows("tables/casino.csv").values()}
    return pmf(icepool.d6.map(lambda f: 10 * (rows[f]["multiplier"] - 1)))


def closed_casino() -> dict:
    out: dict[int, int] = {}
    for face in range(1, 7):
        out[casino_change(face)] = out.get(casino_change(face), 0) + 1
    return {o: Fraction(w, 6) for o, w in out.items()}


def ice_observatory(rows) -> dict:
    def vector(face: int) -> icepool.Vector:
        amounts = [rows[face][f] or 0 for f in OBS_AMOUNTS]
        return icepool.Vector((*amounts, int(not any(amounts))))
    one = icepool.d6.map(vector)
    return pmf((one + one + one).map(lambda v: (*v[:5], v[5] > 0)))


def closed_observatory() -> dict:
    """Three d6 rolls, convolved by hand over integer counts."""
    faces = {}
    for row in OBS.values():
        amounts = tuple(row[f] or 0 for f in OBS_AMOUNTS)
        faces[amounts + (int(not any(amounts)),)] = faces.get(
            amounts + (int(not any(amounts)),), 0) + 1
    total = {(0,) * 6: 1}
    for _ in range(3):
        nxt: dict = {}
        for a, wa in total.items():
            for b, wb in faces.items():
                s = tuple(x + y for x, y in zip(a, b, strict=True))
                nxt[s] = nxt.get(s, 0) + wa * wb
        total = nxt
    out: dict = {}
    for v, w in total.items():
        key = (*v[:5], v[5] > 0)
        out[key] = out.get(key, 0) + w
    return {k: Fraction(w, 216) for k, w in out.items()}


def ice_bunk(faces) -> dict:
    return pmf(BUNK_ROLLS @ icepool.Die({1: int(faces["OPEN"]), 0: int(faces["LOCKED"])}))


def closed_bunk() -> dict:
    o, n = BLUE["OPEN"], BLUE["OPEN"] + BLUE["LOCKED"]
    return {k: Fraction(math.comb(BUNK_ROLLS, k) * o ** k * (n - o) ** (BUNK_ROLLS - k),
                        n ** BUNK_ROLLS) for k in range(BUNK_ROLLS + 1)}


# -- drafting -------------------------------------------------------------------------------
def draft_question(target: str, draw, redraws: int = 0):
    def bag():
        b = {n: int(c) for n, c in RULES.bag(day=1).items()}
        if isinstance(draw, str):
            b.pop(draw, None)  # the room drafted from is on the board
        return b

    bag0 = bag()
    names = [n for n in dr.targets(target, rules=RULES) if n in bag0]
    size, good = sum(bag0.values()), sum(bag0[n] for n in names)
    n = dr.draw_plan(draw, rules=RULES).first + redraws * dr.draw_plan(draw, rules=RULES).redraw

    def ice_posed():
        b = bag()
        wanted = [t for t in dr.targets(target, rules=RULES) if t in b]
        return ice_tail(b, wanted, n)

    return {
        "mk": lambda: dr.draft(target, draw=draw, redraws=redraws, rules=RULES),
        "default": lambda: dr.draft(target, draw=draw, redraws=redraws),
        "ice": ice_posed,
        "ice_reduced": lambda: ice_tail({1: good, 0: size - good}, [1], n),
        "closed": lambda: comb_tail(size, good, n),
    }


def questions() -> list[tuple[str, dict]]:
    keys = RULES.deck_counts("dig")["Key"]
    return [
        ("locked doors drafting at ranks 4-9 (`locks`)", {
            "mk": lambda: lk.locks(RANKS, rules=RULES).pmf,
            "default": lambda: lk.locks(RANKS).pmf,
            "ice": lambda: ice_locks(lock_faces()),
            "ice_reduced": lambda: ice_locks(LOCK_FACES),
            "closed": closed_locks}),
        ("at least one Key in 3 Dig draws", deck_question("dig", "Key", 3, 1)),
        ("at least one Shovel in 4 Special Items draws",
         deck_question("special_items", "Shovel", 4, 1)),
        (f"at least {keys + 2} Keys in 30 Dig draws (a reshuffle)",
         deck_question("dig", "Key", 30, keys + 2)),
        ("Shovel on offer by the 3rd Commissary visit", {
            "mk": lambda: cm.item_offered_by_visit("Shovel", 3, rules=RULES),
            "default": lambda: cm.item_offered_by_visit("Shovel", 3),
            "ice": lambda: 1 - icepool.Deck(STOCK).deal(3).keep_outcomes(HOLDERS).size()
            .probability(0),
            "ice_reduced": lambda: ice_tail({1: S_STOCK, 0: N_STOCK - S_STOCK}, [1], 3),
            "closed": lambda: comb_tail(N_STOCK, S_STOCK, 3)}),
        ("Shovel on offer by run 5, Commissary drafted half the time", {
            "mk": lambda: cm.item_offered_by("Shovel", 5, p_draft=HALF, rules=RULES),
            "default": lambda: cm.item_offered_by("Shovel", 5, p_draft=HALF),
            "ice": lambda: by_runs(lambda j: 0 if j == 0 else 1 - icepool.Deck(STOCK).deal(j)
                                   .keep_outcomes(HOLDERS).size().probability(0)),
            "ice_reduced": lambda: by_runs(lambda j: 0 if j == 0 else ice_tail(
                {1: S_STOCK, 0: N_STOCK - S_STOCK}, [1], j)),
            "closed": lambda: by_runs(lambda j: comb_tail(N_STOCK, S_STOCK, j) if j else 0)}),
        ("Observatory, 3 rolls", {
            "mk": lambda: {tuple(h): p for h, p in rt.observatory(3, rules=RULES)},
            "default": lambda: {tuple(h): p for h, p in rt.observatory(3)},
            "ice": lambda: ice_observatory(_face_rows("tables/observatory.csv")),
            "ice_reduced": lambda: ice_observatory(OBS),
            "closed": closed_observatory}),
        ("Casino, a 10-coin wager", {
            "mk": lambda: rt.casino(10, rules=RULES).pmf,
            "default": lambda: rt.casino(10).pmf,
            "ice": ice_casino_posed,
            "ice_reduced": lambda: pmf(icepool.d6.map(casino_change)),
            "closed": closed_casino}),
        ("Bunk Room trunks on draft", {
            "mk": lambda: rt.trunks_on_draft("Bunk Room", rules=RULES).pmf,
            "default": lambda: rt.trunks_on_draft("Bunk Room").pmf,
            "ice": lambda: ice_bunk(dict(RULES.die("lock_blue"))),
            "ice_reduced": lambda: ice_bunk(BLUE),
            "closed": closed_bunk}),
        ("Master Bedroom in a 3-tile hand", draft_question("Master Bedroom", 3)),
        ("a Red Room from the Library's 4 tiles", draft_question("colour:red", "Library")),
        ("the Vault within 4 redraws", draft_question("Vault", 3, 4)),
    ]


COLUMNS = [("mk", True, "manorkit cold"), ("mk", False, "manorkit warm (cache hit)"),
           ("default", False, "manorkit `rules=None`"), ("ice", False, "icepool as posed"),
           ("ice_reduced", False, "icepool reduced"), ("closed", False, "closed form")]


def shared_table(rounds: int) -> tuple[str, list[dict]]:
    rows, lines = [], []
    head = "| question | " + " | ".join(c[2] for c in COLUMNS) + " | cold ÷ icepool reduced " \
        "| cold ÷ closed |"
    lines += [head, "|---|" + "---:|" * (len(COLUMNS) + 2)]
    for title, q in questions():
        answers = [q[k]() for k in ("mk", "default", "ice", "ice_reduced", "closed")]
        assert all(a == answers[0] for a in answers), (title, answers)
        methods = {label: (q[key], cold) for key, cold, label in COLUMNS}
        times = measure(methods, rounds=rounds)
        med = {label: median(t) for label, t in times.items()}
        cold = med["manorkit cold"]
        rows.append({"question": title, **med})
        lines.append(f"| {title} | " + " | ".join(cell(times[c[2]]) for c in COLUMNS)
                     + f" | {cold / med['icepool reduced']:.2f} | "
                     f"{cold / med['closed form']:.1f} |")
    faster = [r for r in rows if r["manorkit cold"] <= r["icepool reduced"]]
    near = [r for r in rows if r["manorkit cold"] <= 10 * r["closed form"]]
    lines += ["", f"In this run a cache-cleared manorkit call was no slower than icepool's repeat "
              f"call on the same reduction for {len(faster)} of {len(rows)} questions, and "
              f"within 10× of the closed form for {len(near)} of {len(rows)}"
              + (" (" + "; ".join(r["question"] for r in near) + ")." if near else ".")]
    return "\n".join(lines), rows


# -- fresh processes ------------------------------------------------------------------------
FIRST_CALLS = [
    "draft_hand()", 'deck_draws("dig", 30)', 'draft("Master Bedroom")',
    'draft_count("colour:red")', 'draft_with("Vault")', "best_option()", "choices()",
    "expected_cost()", "bag_after()", "draw_plan()", 'placeable("Nook", (2, 3), "S")',
    "locks((4, 5, 6, 7, 8, 9))", "lock_chance(6)", "lock_table()", "keys_needed([4, 5, 6, 7])",
    "keys_to_antechamber()", "vestibule(2)", 'deck_at_least("dig", "Key", 3)', "digs(3)",
    "trunks(3)", 'draws_until("dig", "Key")', 'expected_yield("dig", 3)',
    'yield_dist("dig", 3, "coins")', 'room_draws("Attic")', 'room_yield("Attic")',
    "commissary_stock(1)", "commissary_items(1)", 'item_offered_by("Shovel", 5)',
    'item_offered_by_visit("Shovel", 3)', 'price("Shovel")', 'price_table("Commissary")',
    'purchasable("Shovel")', "observatory()", "casino(10)", "kitchen_special()",
    "billiard_room()", "music_room()", "parlor()", "special_key()", "nook()",
    "pantry_fruit()", 'item_spawn("Bedroom")', 'trunks_on_draft("Bunk Room")', "meal(1)",
    "meal_steps(1)", 'food("apple")',
]
IMPORTS = ["manorkit", "manorkit.blueprince.odds", "icepool"]
PYCACHE = tempfile.mkdtemp(prefix="manorkit-bench-pycache-")
PANDAS: set[str] = set()  # first calls that imported pandas (they return DataFrames)


def _python(code: str) -> str:
    """Run ``code`` in a fresh interpreter (bytecode caching on, as Python normally runs)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT)
    env["PYTHONPYCACHEPREFIX"] = PYCACHE  # bytecode in a temporary folder, nowhere else
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, cwd=ROOT, check=True)
    return done.stdout.strip()


def fresh(rounds: int) -> dict[str, list[float]]:
    """Seconds, per fresh process: imports, the first load_rules(), each first call."""
    out: dict[str, list[float]] = {}
    _python("import manorkit.blueprince.odds, icepool, pandas")  # write the bytecode once
    for _ in range(rounds):
        for module in IMPORTS:
            t = _python(f"import time; t = time.perf_counter(); import {module}; "
                        "print(time.perf_counter() - t)")
            out.setdefault(f"import {module}", []).append(float(t))
        t = _python("from manorkit.blueprince import load_rules; import time; "
                    "t = time.perf_counter(); load_rules(); print(time.perf_counter() - t)")
        out.setdefault("first load_rules()", []).append(float(t))
    code = ("import time\nfrom manorkit.blueprince import load_rules\n"
            "from manorkit.blueprince.odds import *\nload_rules()\n"
            "import sys\nfresh = 'pandas' not in sys.modules\n"
            "for call in CALLS:\n    t = time.perf_counter(); eval(call)\n"
            "    print(time.perf_counter() - t)\n"
            "print(int(fresh and 'pandas' in sys.modules))\n")
    for _ in range(max(1, rounds // 2)):
        for call in FIRST_CALLS:  # one process per call: each is a first call
            t, pandas = _python(f"CALLS = [{call!r}]\n" + code).split()
            out.setdefault(call, []).append(float(t))
            if pandas == "1":
                PANDAS.add(call)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--readme", action="store_true", help="rewrite the README section")
    parser.add_argument("--quick", action="store_true", help="fewer rounds")
    args = parser.parse_args()
    rounds = 3 if args.quick else 9
    load = os.getloadavg()
    table, _ = shared_table(rounds)
    clear_all()
    times = measure({"load_rules() again": (load_rules, False)}, rounds=rounds)
    first = fresh(3 if args.quick else 5)
    first.update(times)
    slow = [(k, median(v)) for k, v in first.items() if k in FIRST_CALLS]
    slow.sort(key=lambda kv: -kv[1])
    load_after = os.getloadavg()
    when = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    fresh_lines = ["| measured in a fresh process | median µs (quartiles) |", "|---|---:|"]
    for key in [*(f"import {m}" for m in IMPORTS), "first load_rules()", "load_rules() again"]:
        fresh_lines.append(f"| `{key}` | {cell(first[key])} |")
    fresh_lines += ["", "| first call at default inputs (rules loaded; slowest first) "
                    "| median µs (quartiles) |", "|---|---:|"]
    for key, _ in slow[:12]:
        note = " (imports pandas)" if key in PANDAS else ""
        fresh_lines.append(f"| `{key}`{note} | {cell(first[key])} |")
    fresh_lines.append(f"| the other {len(slow) - 12} calculators | ≤ {slow[12][1] * 1e6:,.0f} |")
    text = (f"Measured {when} by `benchmarks/compare.py` (Python {sys.version.split()[0]}, "
            f"icepool {icepool.__version__}, {os.cpu_count()} cores, load average "
            f"{load[0]:.1f} before and {load_after[0]:.1f} after: other work was running). "
            f"Microseconds per call, median of {rounds} interleaved rounds with the quartiles "
            "in brackets. Fresh processes run with bytecode caching on, as Python normally "
            "does.\n\n" + table + "\n\n" + "\n".join(fresh_lines))
    print(text)
    if args.readme:
        rewrite_readme("speed", text)
        print("\nREADME.md speed section rewritten")


if __name__ == "__main__":
    main()
