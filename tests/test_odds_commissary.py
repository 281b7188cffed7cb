"""Commissary stock and shop prices (§12 Shops, §5 The Sail, §7 Coupon Book).

Every answer is checked against an independent method built from the raw CSV files: the
closed form 1 − C(N−s, k)/C(N, k), scipy.stats.hypergeom, icepool's Deck/deal, enumeration
of every order of the shuffled deck, and Monte Carlo shuffles of the physical cards.
"""

from __future__ import annotations

import csv
import math
import random
import shutil
from fractions import Fraction
from itertools import permutations

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy.stats import hypergeom

from manorkit.blueprince import load_rules
from manorkit.blueprince.odds.commissary import (
    commissary_items,
    commissary_stock,
    discounts_applied,
    item_offered_by,
    item_offered_by_visit,
    price,
    price_table,
    purchasable,
)

RULES = load_rules()


def read(rules, rel: str) -> list[dict]:
    with (rules.path / rel).open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def deck_list(rules=RULES) -> list[str]:
    """The physical stock cards: one entry per copy."""
    return [r["card"] for r in read(rules, "decks/commissary_stock.csv")
            for _ in range(int(r["copies"]))]


def card_items(rules=RULES) -> dict[str, set[str]]:
    return {r["card"]: set(r["items"].split(";"))
            for r in read(rules, "decks/commissary_stock.csv")}


def commissary_rows(rules=RULES) -> dict[str, dict]:
    return {r["item"]: r for r in read(rules, "tables/commissary_prices.csv")}


DECK = deck_list()
N = len(DECK)
ITEMS = card_items()
CATALOGUE = commissary_rows()


def holders(item: str, rules=RULES) -> int:
    """s: the stock cards (copies) listing ``item``."""
    items = card_items(rules)
    return sum(item in items[c] for c in deck_list(rules))


def enumerate_orders(deck: list[str], seen: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every order of the shuffled deck (copies told apart) that starts with ``seen``."""
    return [order for order in permutations(deck) if order[:len(seen)] == seen]


def within(p_hat: float, p: Fraction, n: int) -> bool:
    # Monte Carlo bound: |p̂ − p| ≤ 4·sqrt(p(1−p)/n), plus 1/n for p at 0 or 1.
    return abs(p_hat - float(p)) <= 4 * math.sqrt(float(p * (1 - p)) / n) + 1 / n


# -- stock ----------------------------------------------------------------------------------

@pytest.mark.parametrize("k", range(1, N + 1))
def test_kth_card_is_uniform_and_matches_icepool_deal(k):
    dist = commissary_stock(k)
    assert dist.pmf == {c: Fraction(DECK.count(c), N) for c in set(DECK)}
    deck = icepool.Deck({c: DECK.count(c) for c in set(DECK)})
    for card in set(DECK):
        # P(card k-th) = P(card among the first k) − P(card among the first k−1)
        by_k = 1 - deck.deal(k).keep_outcomes([card]).size().probability(0)
        before = 1 - deck.deal(k - 1).keep_outcomes([card]).size().probability(0) if k > 1 else 0
        assert dist.p(card) == by_k - before


@pytest.mark.parametrize("seen", [(), ("Stock 3",), ("Stock 3", "Stock 1"),
                                  ("Stock 2", "Stock 5", "Stock 7", "Stock 6")])
def test_stock_given_seen_matches_enumeration_of_orders(seen):
    orders = enumerate_orders(DECK, seen)
    for k in range(len(seen) + 1, N + 1):
        counts = {}
        for order in orders:
            counts[order[k - 1]] = counts.get(order[k - 1], 0) + 1
        expected = {c: Fraction(n, len(orders)) for c, n in counts.items()}
        assert commissary_stock(k, seen=seen).pmf == expected


@pytest.mark.parametrize("k", [1, 2, 4])
def test_item_chance_is_the_share_of_cards_listing_it(k):
    frame = commissary_items(k)
    assert list(frame.index) == list(CATALOGUE)
    for item in CATALOGUE:
        assert frame.loc[item, "p"] == Fraction(holders(item), N)
    # four items per card: the chances add up to the items per card
    assert sum(frame["p"]) == len(next(iter(ITEMS.values())))


def test_items_given_seen_matches_enumeration():
    seen = ("Stock 1", "Stock 6")
    orders = enumerate_orders(DECK, seen)
    frame = commissary_items(3, seen=seen)
    for item in CATALOGUE:
        hits = sum(item in ITEMS[order[2]] for order in orders)
        assert frame.loc[item, "p"] == Fraction(hits, len(orders))


# -- item on offer by visit k ---------------------------------------------------------------

@pytest.mark.parametrize("item", list(CATALOGUE))
def test_offered_by_visit_closed_form_hypergeom_and_icepool(item):
    s = holders(item)
    deck = icepool.Deck({True: s, False: N - s})
    for k in range(N + 1):
        closed = 1 - Fraction(math.comb(N - s, k), math.comb(N, k))
        got = item_offered_by_visit(item, k)
        assert got == closed
        assert float(got) == pytest.approx(hypergeom(N, s, k).sf(0), abs=1e-12)
        if k:
            assert got == 1 - deck.deal(k).keep_outcomes([True]).size().probability(0)


@pytest.mark.parametrize("seen", [("Stock 2",), ("Stock 5", "Stock 3"), ("Stock 4",)])
def test_offered_by_visit_given_seen_matches_enumeration(seen):
    orders = enumerate_orders(DECK, seen)
    for k in range(N + 1):
        hits = sum(any("Shovel" in ITEMS[c] for c in order[:k]) for order in orders)
        assert item_offered_by_visit("Shovel", k, seen=seen) == Fraction(hits, len(orders))


def test_shovel_by_third_visit_reads_the_data():
    s = holders("Shovel")
    assert item_offered_by_visit("Shovel", 3) == 1 - Fraction(math.comb(N - s, 3),
                                                               math.comb(N, 3))


def simulate(item, runs, p, seen, n, seed, rules=RULES):
    """Shuffle the physical cards, play ``runs`` runs drafting the Commissary with chance p,
    reshuffling an exhausted deck; keep only sessions whose first flips were ``seen``."""
    rng, deck, items = random.Random(seed), deck_list(rules), card_items(rules)
    kept = hits = 0
    while kept < n:
        order = deck[:]
        rng.shuffle(order)
        if tuple(order[:len(seen)]) != seen:
            continue
        kept += 1
        flipped, pos = list(seen), len(seen)
        for _ in range(runs):
            if rng.random() < p:
                if pos == len(order):
                    rng.shuffle(order)
                    pos = 0
                flipped.append(order[pos])
                pos += 1
        hits += any(item in items[c] for c in flipped)
    return hits / n


@pytest.mark.parametrize(("item", "runs", "p", "seen"), [
    ("Shovel", 5, Fraction(1, 2), ()),
    ("Metal Detector", 10, Fraction(1, 3), ()),
    ("Key", 3, Fraction(3, 4), ()),
    ("Shovel", 4, Fraction(2, 5), ("Stock 2",)),
])
def test_offered_by_runs_monte_carlo(item, runs, p, seen):
    n = 20_000
    exact = item_offered_by(item, runs, p_draft=p, seen=seen)
    assert within(simulate(item, runs, float(p), seen, n, seed=runs), exact, n)


def test_offered_by_runs_mixes_the_binomial():
    p, runs = Fraction(1, 2), 5
    expected = sum(Fraction(math.comb(runs, j)) * p**runs * item_offered_by_visit("Shovel", j)
                   for j in range(runs + 1))
    assert item_offered_by("Shovel", runs, p_draft=p) == expected
    assert item_offered_by("Shovel", runs, p_draft=0) == 0
    assert item_offered_by("Shovel", runs) == item_offered_by_visit("Shovel", runs)
    assert item_offered_by("Shovel", 2, seen=("Stock 1",), p_draft=0) == 1


@given(st.integers(0, 12), st.fractions(0, 1), st.fractions(0, 1))
def test_offered_by_runs_grows_with_the_draft_chance(runs, p, q):
    lo, hi = sorted((p, q))
    assert item_offered_by("Metal Detector", runs, p_draft=lo) <= \
        item_offered_by("Metal Detector", runs, p_draft=hi)


# -- a designer's deck with repeated cards --------------------------------------------------

@pytest.fixture(scope="module")
def doubled(tmp_path_factory):
    """The shipped rules with two copies of Stock 1 (decks.csv declares 8)."""
    root = tmp_path_factory.mktemp("rules") / "blueprince"
    shutil.copytree(RULES.path, root)
    for rel, key, field, value in [("decks/commissary_stock.csv", "Stock 1", "copies", "2"),
                                   ("decks.csv", "commissary_stock", "declared_size", "8")]:
        rows = read(RULES, rel)
        keycol = next(iter(rows[0]))
        for row in rows:
            if row[keycol] == key:
                row[field] = value
        with (root / rel).open("w", encoding="utf-8", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
    return load_rules(root)


def test_repeated_cards_match_enumeration(doubled):
    deck, items = deck_list(doubled), card_items(doubled)
    assert len(deck) == N + 1
    seen = ("Stock 1",)
    orders = enumerate_orders(deck, seen)
    assert commissary_stock(2, seen=seen, rules=doubled).p("Stock 1") == Fraction(1, len(deck) - 1)
    assert "Salt Shaker" in items["Stock 1"]
    assert item_offered_by_visit("Salt Shaker", 2, seen=seen, rules=doubled) == 1
    for item in ("Gem", "Sleeping Mask", "Shovel"):
        for k in (2, 4):
            hits = sum(any(item in items[c] for c in o[:k]) for o in orders)
            assert item_offered_by_visit(item, k, seen=seen, rules=doubled) == \
                Fraction(hits, len(orders))
    with pytest.raises(ValueError, match="copies"):
        commissary_stock(4, seen=("Stock 1", "Stock 1", "Stock 1"), rules=doubled)


# -- variants -------------------------------------------------------------------------------

def test_after_the_last_card_the_deck_is_reshuffled_or_sold_out():
    session = tuple(DECK)  # one full pass, in file order
    assert commissary_stock(N + 1, seen=session).pmf == commissary_stock(1).pmf
    assert commissary_stock(N + 2, seen=session + ("Stock 2",)).p("Stock 2") == 0
    sold_out = RULES.with_variants(commissary_deck_exhausted="sold_out")
    assert commissary_stock(N + 1, rules=sold_out).pmf == {None: 1}
    assert sum(commissary_items(N + 1, rules=sold_out)["p"]) == 0
    assert commissary_stock(N, rules=sold_out) == commissary_stock(N)
    with pytest.raises(ValueError, match="sold_out"):
        commissary_stock(N + 2, seen=session + ("Stock 2",), rules=sold_out)


def test_reshuffle_monte_carlo_past_the_deck():
    # flip N cards, reshuffle all of them, flip two more: the (N+2)-th card, per card
    n, rng = 20_000, random.Random(7)
    counts = {}
    for _ in range(n):
        order = DECK[:]
        rng.shuffle(order)
        flips = order[:]
        rng.shuffle(order)
        flips += order[:2]
        counts[flips[N + 1]] = counts.get(flips[N + 1], 0) + 1
    for card, p in commissary_stock(N + 2).pmf.items():
        assert within(counts.get(card, 0) / n, p, n)


def test_random_items_variant():
    rules = RULES.with_variants(commissary_stock="random_items")
    m, n = len(next(iter(ITEMS.values()))), len(CATALOGUE)
    assert len(commissary_stock(1, rules=rules)) == math.comb(n, m)
    assert set(commissary_items(2, rules=rules)["p"]) == {Fraction(m, n)}
    assert commissary_items(1, rules=rules)["p"].tolist() != commissary_items(1)["p"].tolist()
    rng, trials, k = random.Random(11), 20_000, 3
    hits = sum(any("Shovel" in rng.sample(list(CATALOGUE), m) for _ in range(k))
               for _ in range(trials))
    exact = item_offered_by_visit("Shovel", k, rules=rules)
    assert exact == 1 - (1 - Fraction(m, n)) ** k
    assert within(hits / trials, exact, trials)
    seen = (tuple(CATALOGUE)[:m],)
    assert item_offered_by_visit(seen[0][0], 2, seen=seen, rules=rules) == 1
    with pytest.raises(ValueError, match="random_items"):
        commissary_stock(2, seen=("Stock 1",), rules=rules)


# -- prices ---------------------------------------------------------------------------------

SHOP_FILES = {"Commissary": "tables/commissary_prices.csv", "Kitchen": "tables/kitchen.csv",
              "Locksmith": "tables/locksmith.csv"}


def base_prices(shop, rules=RULES):
    return {r["item"]: int(r["price"]) for r in read(rules, SHOP_FILES[shop])}


def half(x: int) -> int:
    return math.ceil(Fraction(x, 2))


def test_rulebook_prices():
    # stated by the rulebook: Shovel 6 (§7), Magnifying Glass 4 (§5); The Sail halves them
    assert (price("Shovel"), price("Magnifying Glass")) == (6, 4)
    assert (price("Shovel", sail=True), price("Magnifying Glass", sail=True)) == (3, 2)


@pytest.mark.parametrize("shop", list(SHOP_FILES))
def test_discounts_from_the_table(shop):
    sale = shop == "Commissary"  # runs 20-21 halve Commissary prices only (§12)
    for item, base in base_prices(shop).items():
        assert price(item, shop) == base
        assert price(item, shop, sail=True) == half(base)
        assert price(item, shop, coupon=True) == max(base - 1, 1)
        assert price(item, shop, sail=True, coupon=True) == max(half(base) - 1, 1)
        for run in (19, 22):
            assert price(item, shop, run=run) == base
        for run in (20, 21):
            assert price(item, shop, run=run) == (half(base) if sale else base)
            assert price(item, shop, run=run, sail=True) == half(base)
    frame = price_table(shop, sail=True, coupon=True)
    assert frame["base_price"].to_dict() == base_prices(shop)
    assert frame["price"].tolist() == [max(half(b) - 1, 1) for b in base_prices(shop).values()]


def test_minimum_price_is_one():
    cheap = min(base_prices("Kitchen").items(), key=lambda kv: kv[1])
    assert half(cheap[1]) - 1 < 1  # the Banana: halved to 1, less 1 would be free
    assert price(cheap[0], "Kitchen", sail=True, coupon=True) == 1


def test_discount_order_variant():
    other = RULES.with_variants(discount_order="coupon_then_sail")
    differs = False
    for shop in SHOP_FILES:
        for item, base in base_prices(shop).items():
            assert price(item, shop, sail=True, coupon=True, rules=other) == \
                half(max(base - 1, 1))
            differs |= half(max(base - 1, 1)) != max(half(base) - 1, 1)
    assert differs
    assert price("Club Sandwich", "Kitchen", sail=True, coupon=True) == 3  # variants.yaml: 8 → 3
    assert price("Club Sandwich", "Kitchen", sail=True, coupon=True, rules=other) == 4  # 8 → 4
    assert discounts_applied("Kitchen", sail=True, coupon=True, rules=other) == \
        ("Coupon Book", "The Sail")


def test_commissary_sale_stack_variant():
    stack = RULES.with_variants(commissary_sale_stack="stack")
    for item, base in base_prices("Commissary").items():
        assert price(item, run=20, sail=True, rules=stack) == half(half(base))
        assert price(item, run=21, sail=True, coupon=True, rules=stack) == \
            max(half(half(base)) - 1, 1)
    assert price("Club Sandwich", "Kitchen", run=20, sail=True, rules=stack) == \
        half(base_prices("Kitchen")["Club Sandwich"])
    assert discounts_applied("Commissary", sail=True, coupon=True, run=20) == \
        ("The Sail", "Coupon Book")
    assert discounts_applied("Commissary", sail=True, coupon=True, run=20, rules=stack) == \
        ("The Sail", "Runs 20-21", "Coupon Book")


def test_coupon_book_shops_variant():
    showroom = RULES.with_variants(coupon_book_shops="with_showroom")
    assert discounts_applied("Showroom", sail=True, coupon=True) == ()
    assert discounts_applied("Showroom", sail=True, coupon=True, rules=showroom) == \
        ("Coupon Book",)
    assert discounts_applied("Locksmith", coupon=True) == ("Coupon Book",)
    with pytest.raises(ValueError, match="no price list"):
        price("Silver Spoon", "Showroom")


def test_held_special_items_are_unavailable():
    for item, row in CATALOGUE.items():
        assert purchasable(item)
        assert purchasable(item, held=(item,)) == (row["kind"] == "resource")
        assert purchasable(item, held=("Photo",))
    assert not purchasable("Lockpick Kit", held=("Lockpick Kit",))  # §12 The Locksmith
    assert purchasable("Club Sandwich", held=("Club Sandwich",))
    held = tuple(CATALOGUE)
    frame = price_table("Commissary", held=held)
    assert frame["available"].to_dict() == {i: r["kind"] == "resource"
                                            for i, r in CATALOGUE.items()}


# -- input checks ---------------------------------------------------------------------------

@pytest.mark.parametrize("call", [
    lambda: commissary_stock(0),
    lambda: commissary_stock(1.5),
    lambda: commissary_stock(True),
    lambda: commissary_stock(2, seen="Stock 1"),
    lambda: commissary_stock(2, seen=("Stock 99",)),
    lambda: commissary_stock(2, seen=(["Stock 1"],)),
    lambda: commissary_stock(3, seen=("Stock 1", "Stock 1")),
    lambda: commissary_items(-1),
    lambda: item_offered_by_visit("Spade", 2),
    lambda: item_offered_by_visit("Shovel", -1),
    lambda: item_offered_by("Shovel", -1),
    lambda: item_offered_by("Shovel", 3, p_draft=Fraction(3, 2)),
    lambda: item_offered_by("Shovel", 3, p_draft=-1),
    lambda: item_offered_by("Shovel", 3, p_draft="half"),
    lambda: price("Shovel", "Casino"),
    lambda: price("Club Sandwich"),
    lambda: price("Shovel", sail="yes"),
    lambda: price("Shovel", run=0),
    lambda: discounts_applied("Library"),
    lambda: purchasable("Telescope"),
    lambda: purchasable("Shovel", held=("Spade",)),
    lambda: purchasable("Shovel", held="Shovel"),
])
def test_bad_inputs_raise_value_error(call):
    with pytest.raises(ValueError):
        call()
