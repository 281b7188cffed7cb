"""The Commissary's stock and shop prices (§12 Shops; §5 The Sail; §7 Coupon Book).

Stock (§12 The Commissary): at session start the stock cards of ``decks/commissary_stock.csv``
are shuffled face down; the first Commissary draft of a run flips the top card, which stays
for that run. So the k-th Commissary run of a session sees the k-th card of a uniformly
shuffled deck. Variants: ``commissary_stock`` (``placeholder_cards``: the shipped cards;
``random_items``: each run draws its items at random from ``tables/commissary_prices.csv``)
and ``commissary_deck_exhausted`` (``reshuffle``: after the last card the deck is shuffled
again; ``sold_out``: the Commissary sells nothing for the rest of the session).

Prices (§12 How Shops Work): base prices from ``tables/commissary_prices.csv``,
``kitchen.csv`` and ``locksmith.csv``; discounts from ``tables/discounts.csv``. Variants:
``discount_order``, ``commissary_sale_stack``, ``coupon_book_shops``, ``casino_is_shop``.
The price and stock rules are :mod:`..mechanics.shops`, which the run engine calls too.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

from ...dist import Dist
from ..mechanics import shops as rule
from ..rules import Rules
from ._common import names, resolve

__all__ = [
    "commissary_items",
    "commissary_stock",
    "discounts_applied",
    "item_offered_by",
    "item_offered_by_visit",
    "price",
    "price_table",
    "purchasable",
]

DECK = rule.STOCK_DECK
#: The price list of each shop that has one (§12).
PRICE_FILES = rule.PRICE_FILES

Stock = rule.Stock


# -- inputs ---------------------------------------------------------------------------------

def _count(value: object, name: str, lowest: int) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < lowest:
        raise ValueError(f"{name} must be a whole number ≥ {lowest}, got {value!r}")
    return int(value)


def _probability(value: object) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, numbers.Rational | float | str):
        raise ValueError(f"p_draft must be a Fraction between 0 and 1, got {value!r}")
    try:
        p = Fraction(str(value)) if isinstance(value, float | str) else Fraction(value)
    except ValueError:
        raise ValueError(f"p_draft must be a Fraction between 0 and 1, got {value!r}") from None
    if not 0 <= p <= 1:
        raise ValueError(f"p_draft must be between 0 and 1, got {p}")
    return p


def _names(value: object, name: str) -> tuple:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise ValueError(f"{name} must be a sequence (e.g. a tuple), got {value!r}")
    return tuple(value)


# -- data -----------------------------------------------------------------------------------

@lru_cache(maxsize=32)
def _cards(rules: Rules) -> MappingProxyType:
    """Stock card → (copies, the items it lists)."""
    return rule.stock_cards(rules)


@lru_cache(maxsize=32)
def _catalogue(rules: Rules) -> MappingProxyType:
    """Commissary item → its row of ``tables/commissary_prices.csv``, in file order."""
    return MappingProxyType(rules.rows(PRICE_FILES["Commissary"]))


def _deck_size(rules: Rules) -> int:
    size = sum(copies for copies, _ in _cards(rules).values())
    if not size:
        raise ValueError(f"decks/{DECK}.csv holds no cards")
    return size


def _items_per_run(rules: Rules) -> int:
    """Items on offer per run: the number every stock card lists (§12: '4 items per run')."""
    return rule.items_per_run(rules)


def _random(rules: Rules) -> bool:
    return rules.variant("commissary_stock") == "random_items"


def _sold_out(rules: Rules) -> bool:
    return rules.variant("commissary_deck_exhausted") == "sold_out"


def _check_item(rules: Rules, item: object) -> str:
    (item,) = names(_catalogue(rules), (item,), "item", " sold by the Commissary")
    return item


def _seen(rules: Rules, seen: object) -> tuple[Stock, ...]:
    """``seen`` checked: stock card names, or under ``random_items`` the items each run offered."""
    seen = _names(seen, "seen")
    if _random(rules):
        order, size = list(_catalogue(rules)), _items_per_run(rules)
        out = []
        for stock in seen:
            items = set(_names(stock, "each entry of seen (random_items: the items offered)"))
            if len(items) != size or not items <= set(order):
                raise ValueError(f"under commissary_stock=random_items each entry of seen is "
                                 f"{size} different Commissary items, got {stock!r}")
            out.append(tuple(i for i in order if i in items))
        return tuple(out)
    cards, size = _cards(rules), _deck_size(rules)
    if _sold_out(rules) and len(seen) > size:
        raise ValueError(f"under commissary_deck_exhausted=sold_out at most {size} stock cards "
                         f"are flipped in a session, got {len(seen)}")
    for i, card in enumerate(seen):
        if not isinstance(card, str) or card not in cards:
            raise ValueError(f"seen holds {card!r}, not a stock card; cards: {', '.join(cards)}")
        cycle = seen[i - i % size:i + 1]
        if cycle.count(card) > cards[card][0]:
            raise ValueError(f"{card!r} is seen more often than its {cards[card][0]} copies "
                             f"before the deck is reshuffled")
    return seen


def _offered(rules: Rules, stock: Stock) -> frozenset[str]:
    if isinstance(stock, str):  # one card's row, not the whole deck's mapping each time
        return frozenset(rules.rows(f"decks/{DECK}.csv")[stock]["items"] or ())
    return rule.stock_items(rules, stock)


def _pool(rules: Rules, k: int, seen: tuple[Stock, ...]) -> dict[str, int] | None:
    """The cards that may lie k-th: the deck less the cards seen since its last shuffle
    (``None``: sold out). Unseen earlier visits are exchangeable, so they drop out."""
    pool = rule.commissary_stock(rules, k, seen)
    return None if None in pool else pool


# -- stock ----------------------------------------------------------------------------------

def commissary_stock(k: int, *, seen: Iterable = (), rules: Rules | None = None) -> Dist:
    """The stock on offer at the k-th Commissary run of the session (§12 The Commissary).

    ``seen`` lists the stock cards flipped on earlier Commissary runs, in order. The k-th card
    of a uniformly shuffled deck is uniform over the cards not yet seen since the last
    shuffle. Outcomes are card names; under ``commissary_deck_exhausted=sold_out``, ``None``
    once every card has been flipped; under ``commissary_stock=random_items``, the tuple of
    items drawn (in price-list order, all combinations equally likely).
    """
    rules = resolve(rules)
    return _stock(rules, _count(k, "k", 1), _seen(rules, seen))


@lru_cache(maxsize=1024)
def _stock(rules: Rules, k: int, seen: tuple[Stock, ...]) -> Dist:
    if k <= len(seen):
        return Dist.constant(seen[k - 1])
    return Dist.from_counts(rule.commissary_stock(rules, k, seen))


def commissary_items(k: int, *, seen: Iterable = (), rules: Rules | None = None) -> pd.DataFrame:
    """Each Commissary item's chance of being on offer at the k-th Commissary run (§12).

    One row per item of ``tables/commissary_prices.csv``: ``kind``, ``p`` (exact Fraction)
    and ``probability`` (float). Items are not exclusive: the chances add up to the number of
    items on offer per run (0 once sold out). Honours the variants of :func:`commissary_stock`.
    """
    import pandas as pd

    rules = resolve(rules)
    stock = _stock(rules, _count(k, "k", 1), _seen(rules, seen))
    offers = [(_offered(rules, s), p) for s, p in stock]
    catalogue = _catalogue(rules)
    ps = [sum((p for items, p in offers if item in items), Fraction(0)) for item in catalogue]
    return pd.DataFrame({
        "item": list(catalogue),
        "kind": [row["kind"] for row in catalogue.values()],
        "p": pd.Series(ps, dtype=object),
        "probability": [float(p) for p in ps],
    }).set_index("item")


@lru_cache(maxsize=1024)
def _miss_curve(rules: Rules, item: str, seen: tuple[Stock, ...], visits: int) -> tuple:
    """P(``item`` not on offer at any of visits 1..j), for j = 0..visits.

    Visit by visit: the chance the next card lacks ``item``, given the seen cards and that
    every unseen earlier visit since the last shuffle lacked it too.
    """
    curve, size = [Fraction(1)], _deck_size(rules)
    per_run = Fraction(_items_per_run(rules), len(_catalogue(rules))) if _random(rules) else 0
    for j in range(1, visits + 1):
        if j <= len(seen):
            miss = Fraction(item not in _offered(rules, seen[j - 1]))
        elif _random(rules):
            miss = 1 - per_run
        elif (pool := _pool(rules, j, seen)) is None:
            miss = Fraction(1)
        else:
            misses = j - 1 - max(len(seen), (j - 1) // size * size)
            left = sum(pool.values()) - misses
            lacking = sum(n for card, n in pool.items() if item not in _offered(rules, card))
            miss = Fraction(max(lacking - misses, 0), left)
        curve.append(curve[-1] * miss)
    return tuple(curve)


def item_offered_by_visit(item: str, k: int, *, seen: Iterable = (),
                          rules: Rules | None = None) -> Fraction:
    """The chance ``item`` has been on offer at least once in the first k Commissary runs of
    the session (§12 The Commissary), given the cards ``seen`` on the first runs.

    With s of the N cards listing the item and k ≤ N: 1 − C(N−s, k)/C(N, k). Honours
    ``commissary_stock`` and ``commissary_deck_exhausted``.
    """
    rules = resolve(rules)
    item = _check_item(rules, item)
    k = _count(k, "k", 0)
    return 1 - _miss_curve(rules, item, _seen(rules, seen), k)[k]


def item_offered_by(item: str, runs: int, *, p_draft: Fraction | int = 1, seen: Iterable = (),
                    rules: Rules | None = None) -> Fraction:
    """The chance ``item`` has been on offer at least once by the end of ``runs`` more runs of
    the session, when each run drafts the Commissary with chance ``p_draft``, independently
    (§12 The Commissary).

    ``seen`` lists the stock cards of the Commissary runs already played this session (none by
    default: ``runs`` then counts from the session start). The number of new Commissary runs
    is binomial(runs, p_draft); the answer mixes :func:`item_offered_by_visit` over it.
    """
    rules = resolve(rules)
    item = _check_item(rules, item)
    runs, p = _count(runs, "runs", 0), _probability(p_draft)
    seen = _seen(rules, seen)
    curve = _miss_curve(rules, item, seen, len(seen) + runs)
    miss = sum((math.comb(runs, j) * p**j * (1 - p) ** (runs - j) * curve[len(seen) + j]
                for j in range(runs + 1)), Fraction(0))
    return 1 - miss


# -- prices ---------------------------------------------------------------------------------

def _shop(shop: object) -> str:
    if shop not in PRICE_FILES:
        raise ValueError(f"no price list for {shop!r}; shops with prices: "
                         f"{', '.join(PRICE_FILES)} (§12; the Showroom is expansion content)")
    return shop


@lru_cache(maxsize=32)
def _prices(rules: Rules, shop: str) -> MappingProxyType:
    return rule.price_list(rules, shop)


def _flags(sail: object, coupon: object, run: object) -> None:
    for name, flag in (("sail", sail), ("coupon", coupon)):
        if not isinstance(flag, bool):
            raise ValueError(f"{name} must be True or False, got {flag!r}")
    if run is not None:
        _count(run, "run", 1)


def discounts_applied(shop: str, *, sail: bool = False, coupon: bool = False,
                      run: int | None = None, rules: Rules | None = None) -> tuple[str, ...]:
    """The rows of ``tables/discounts.csv`` that change a price in ``shop``, in the order
    applied (§5 The Sail, §7 Coupon Book, §12 How Shops Work).

    ``discount_order``: halvings before (``sail_then_coupon``) or after the Coupon Book;
    ``commissary_sale_stack=no_stack``: at most one halving; ``coupon_book_shops=base_shops``:
    the Coupon Book skips expansion shops (the Showroom). Any shop room may be named (the
    Casino under ``casino_is_shop=shop``).
    """
    rules = resolve(rules)
    _flags(sail, coupon, run)
    if not rule.is_shop(rules, shop):
        raise ValueError(f"{shop!r} is not a shop room (rooms.csv tag 'shop'; the Casino only "
                         "under casino_is_shop=shop)")
    return tuple(row["name"] for row in rule.discounts(rules, shop, sail=sail, coupon=coupon,
                                                       run=run))


def price(item: str, shop: str = "Commissary", *, sail: bool = False, coupon: bool = False,
          run: int | None = None, rules: Rules | None = None) -> int:
    """The coin price of ``item`` in ``shop`` after discounts (§12 How Shops Work).

    ``sail``: The Sail was rolled this run (§5: half price, rounded up); ``coupon``: the
    Coupon Book is held (§7: 1 coin off, minimum 1); ``run``: the campaign run number (runs
    20-21 halve Commissary prices, §12). Discounts and their order: :func:`discounts_applied`.
    """
    rules = resolve(rules)
    prices = _prices(rules, _shop(shop))
    (item,) = names(prices, (item,), "item", f" sold by the {shop}")
    _flags(sail, coupon, run)
    return rule.price(rules, shop, item, sail=sail, coupon=coupon, run=run)


def purchasable(item: str, *, held: Iterable = (), rules: Rules | None = None) -> bool:
    """Whether ``item`` may be bought while holding ``held`` (§12 How Shops Work, §12 The
    Commissary): a special item already held is unavailable; resources (``kind`` resource in
    ``tables/commissary_prices.csv``) and items sold only by the Kitchen or Locksmith, which
    are never special there, may be bought again.
    """
    rules = resolve(rules)
    sold = {i for shop in PRICE_FILES for i in _prices(rules, shop)}
    (item,) = names(sold, (item,), "item", " sold by any shop")
    held = names(sold | set(rules.rows("tables/items.csv")), _names(held, "held"), "item")
    row = _catalogue(rules).get(item)
    return not (row is not None and row["kind"] == "special" and item in held)


def price_table(shop: str, *, sail: bool = False, coupon: bool = False, run: int | None = None,
                held: Iterable = (), rules: Rules | None = None) -> pd.DataFrame:
    """A shop's price list (§12): per item its ``base_price``, discounted ``price`` (see
    :func:`price`) and whether it is ``available`` given ``held`` (see :func:`purchasable`).

    The Kitchen's daily special (a d6 roll) and the Commissary's daily stock are not applied:
    every item of the price list is shown.
    """
    import pandas as pd

    rules = resolve(rules)
    prices = _prices(rules, _shop(shop))
    held = _names(held, "held")
    return pd.DataFrame({
        "item": list(prices),
        "base_price": list(prices.values()),
        "price": [price(i, shop, sail=sail, coupon=coupon, run=run, rules=rules) for i in prices],
        "available": [purchasable(i, held=held, rules=rules) for i in prices],
    }).set_index("item")
