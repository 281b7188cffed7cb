"""Every variant is live: each non-default reading changes a data value, a calculator's
answer or an engine outcome (a golden day, or a seeded random or greedy day, played under the
default and under the reading, differs: its last moment, or for a golden day the choices
offered along it).

A variant whose readings only document (no rule changes) says so in ``variants.yaml`` with
``documents: <reason>``; a campaign rule (§14, §19) waiting for the campaign engine says
``pending: <reason>``. The readings not live yet are listed in ``variants_not_live.txt``, a
list that may only shrink: the test fails when a reading is dead and unlisted, or listed and
now live.
"""

import hashlib
import random
import sys
from pathlib import Path

from manorkit.blueprince import load_rules, odds
from manorkit.blueprince.engine import new_day
from manorkit.blueprince.rules import Rules
from manorkit.blueprince.sim.policies import greedy_policy, random_policy

from .golden.play import choose
from .golden.scripts import scripts

RULES = load_rules()
NOT_LIVE = Path(__file__).with_name("variants_not_live.txt")
SEEDS = range(12)

#: Calculator calls whose answers depend on variants (each a function of the rules).
ODDS = {
    "lock_chance": lambda r: [odds.lock_chance(k, rules=r) for k in range(1, 10)],
    "keys_needed": lambda r: [odds.keys_needed([4, 5, 6, 7, 8, 9], rooms, keys=3, foyer=f,
                                               kennel=k, rules=r).enough
                              for rooms in (None, "Hallway", "Great Hall")
                              for f in (False, True) for k in (False, True)],
    "vestibule": lambda r: odds.vestibule(rank=6, rules=r),
    "digs": lambda r: odds.digs(3, rules=r),
    "trunks": lambda r: odds.trunks(2, rules=r),
    "room_draws": lambda r: [odds.room_draws(room, rules=r) for room in
                             ("Closet", "Attic", "Bedroom", "Nook", "Patio")],
    # one answer per shop: a shop that refuses (the Casino by default) hides no other's prices
    "prices": lambda r: [_answer(lambda q, s=shop, a=sail, c=coupon, n=run: odds.price_table(
                             s, sail=a, coupon=c, run=n, rules=q).to_dict(), r)
                         for shop in ("Commissary", "Kitchen", "Locksmith", "Casino", "Showroom")
                         for sail in (False, True) for coupon in (False, True)
                         for run in (1, 20)],
    "discounts": lambda r: [odds.commissary.discounts_applied(shop, sail=True, coupon=True, rules=r)
                            for shop in ("Commissary", "Showroom")],
    "stock": lambda r: odds.item_offered_by_visit("Shovel", 3, rules=r),
    "stock_second_cycle": lambda r: odds.commissary.commissary_stock(9, rules=r),
    "meal": lambda r: [odds.meal(run, rules=r) for run in (1, 2, 6)],
    "kitchen": lambda r: odds.kitchen_special(rules=r),
    "books": lambda r: [odds.secret_passage(b, ("Bedroom", "Bunk Room", "Maid's Chamber"),
                                            ("Running Shoes", "Sleeping Mask"), rules=r)
                        for b in r.rows("tables/secret_passage_books.csv")],
    "spawns": lambda r: [odds.item_spawn(room, maid=m, rules=r) for room in
                         ("Bedroom", "Patio") for m in (False, True)],
    "observatory": lambda r: [odds.observatory(rolls=1, telescope=t, planetarium=p, rules=r)
                              for t in (False, True) for p in (False, True)],
    "casino": lambda r: odds.casino(10, rules=r),
    "puzzles": lambda r: (odds.parlor(rules=r), odds.billiard_room(rules=r),
                          odds.music_room(rules=r), odds.special_key(rules=r),
                          odds.special_key(("Silver Key",), rules=r),
                          odds.music_room(("Prism Key",), rules=r)),
    "nook": lambda r: odds.nook(rules=r),
    "pantry": lambda r: [odds.pantry_fruit(maid=m, rules=r) for m in (False, True)] + [
        _answer(lambda q: odds.pantry_fruit(supply={"apple": 1, "banana": 6, "orange": 4},
                                            rules=q), r)],
    "trunks_on_draft": lambda r: [odds.trunks_on_draft(room, rank=6, rules=r) for room in
                                  ("Den", "Boudoir", "Bunk Room")],
    "backs": lambda r: [odds.drafting_board.back(room, rules=r) for room in
                        ("Casino", "The Foundation", "Nook")],
    "redraws": lambda r: [odds.draft_with("Vault", silver_key=True, furnace=True, rules=r),
                          odds.draft_with("Vault", gems=1, study=True, archives=True, rules=r)],
    "draft": lambda r: [odds.draft("Master Bedroom", redraws=1, rules=r),
                        odds.draft("Vault", draw="Library", solarium=True, rules=r),
                        odds.draft("Veranda", draw="Tunnel", rules=r),
                        odds.draft("Cloister", draw="Patio", greenhouse=True, rules=r),
                        odds.draft("Veranda", draw="Tunnel", solarium=True, sleeve=0, rules=r)],
}


def _answer(call, rules):
    try:
        return ("ok", call(rules))
    except (ValueError, KeyError) as err:
        return ("refused", str(err))


def _clear_caches() -> None:
    """Forget every cached answer of manorkit (and what the rules keep per rules value), so
    that the spy sees each variant read."""
    RULES._memo.clear()
    for name, module in list(sys.modules.items()):
        if name.startswith("manorkit"):
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


class _Spy:
    """Records which variants a run reads (odds probes are always compared)."""

    def __init__(self, monkeypatch):
        self.seen: set[str] = set()
        original = Rules.variant

        def variant(rules, vid):
            self.seen.add(vid)
            return original(rules, vid)
        monkeypatch.setattr(Rules, "variant", variant)


def _day(rules, seed: int, policy) -> str:
    state, rng = new_day(rules, seed=seed), random.Random(seed)
    for _ in range(400):
        if state.is_over:
            break
        state = state.resolve() if state.is_chance else state.apply(policy(state, rng))
    return state.digest()


def _golden(rules, script) -> tuple[str, ...]:
    """The day's last moment and the choices offered at each decision along it: a reading
    that only offers the player something new (an order at a terminal, a key on another
    door) shows there."""
    try:
        state = new_day(rules, seed=script.seed, campaign=script.campaign)
        offered = []
        for text in (*script.steps, None):
            if not state.is_chance:
                offered.append(" | ".join(sorted(map(str, state.legal_actions()))))
            if text is None:
                break
            state = state.settle() if text == "settle" else state.apply(choose(state, text))
        return state.digest(), hashlib.sha256("\n".join(offered).encode()).hexdigest()
    except ValueError as err:  # the script is not legal under this reading: it differs
        return (f"refused: {err}",)


def _probes():
    """(name, function of rules) for every engine and odds probe."""
    every = scripts()
    out = [(f"golden {name}", lambda r, s=s: _golden(r.with_variants(**s.variants), s))
           for name, s in sorted(every.items())]
    out += [(f"random day {seed}", lambda r, k=seed: _day(r, k, random_policy))
            for seed in SEEDS]
    out += [(f"greedy day {seed}", lambda r, k=seed: _day(r, k, greedy_policy))
            for seed in SEEDS[:4]]
    out += [(f"odds {name}", lambda r, c=call: _answer(c, r)) for name, call in ODDS.items()]
    return out


def _data_differs(vid: str, rid: str) -> bool:
    other = RULES.with_variants(**{vid: rid})
    return any(RULES.rows(f) != other.rows(f) for f in RULES._tables)


def live_readings(monkeypatch) -> dict[tuple[str, str], str]:
    """(variant, reading) → what shows it live, for every live non-default reading."""
    spy = _Spy(monkeypatch)
    reads: dict[str, set[str]] = {}
    defaults = {}
    for name, probe in _probes():
        _clear_caches()
        spy.seen = set()
        defaults[name] = probe(RULES)
        reads[name] = set(spy.seen) if not name.startswith("odds") else set(RULES._specs)
    out = {}
    for vid, spec in RULES._specs.items():
        for rid in spec["readings"]:
            if rid == spec["default"]:
                continue
            if _data_differs(vid, rid):
                out[vid, rid] = "data"
                continue
            other = RULES.with_variants(**{vid: rid})
            for name, probe in _probes():
                if vid in reads[name] and probe(other) != defaults[name]:
                    out[vid, rid] = name
                    break
    return out


def test_every_variant_reading_is_live_or_listed(monkeypatch):
    live = live_readings(monkeypatch)
    exempt = {vid for vid, spec in RULES._specs.items()
              if spec.get("documents") or spec.get("pending")}
    dead = {f"{vid}={rid}" for vid, spec in RULES._specs.items() if vid not in exempt
            for rid in spec["readings"] if rid != spec["default"] and (vid, rid) not in live}
    listed = set(NOT_LIVE.read_text().split()) if NOT_LIVE.exists() else set()
    assert dead - listed == set(), f"dead readings, not listed: {sorted(dead - listed)}"
    assert listed - dead == set(), f"live now, drop from {NOT_LIVE.name}: " \
        f"{sorted(listed - dead)}"


def test_an_exempt_variant_says_why():
    for vid, spec in RULES._specs.items():
        reason = spec.get("documents") or spec.get("pending")
        if reason is None:
            continue
        assert isinstance(reason, str) and len(reason) > 20, f"{vid}: give the reason"
        if spec.get("pending"):
            assert any(s.startswith(("§3", "§14", "§19")) for s in spec["sections"]), \
                f"{vid}: only a campaign or Outer Room rule may wait for the campaign engine"
