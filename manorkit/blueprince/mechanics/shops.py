"""Shop rules read by both the odds and the engine (§5 The Sail, §7 Coupon Book, §12 Shops,
§12 The Commissary, §5 The Casino).

- :func:`price`: one price rule — the base price of the shop's list (``PRICE_FILES``), then
  the discounts of ``tables/discounts.csv`` in force: The Sail (half, rounded up; §5), the
  runs 20-21 Commissary sale (§12) and the Coupon Book (1 off, minimum 1; §7). Variants
  ``discount_order``, ``commissary_sale_stack``, ``coupon_book_shops``.
- :func:`is_shop`: a gold shop room (``rooms.csv`` tag ``shop``; the Casino is tagged only
  under ``casino_is_shop=shop``).
- :func:`commissary_stock`: the weights of the stock card flipped at the k-th Commissary run
  of a session (variants ``commissary_stock``, ``commissary_deck_exhausted``).
- :func:`roulette_net`: coins won per coin wagered on a ``casino.csv`` row (``casino_payout``).
- :func:`kitchen_steps`: steps from a Kitchen dish, the per-room dishes counted on the board.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from itertools import combinations
from types import MappingProxyType

from ..rules import Rules
from .drafting import colours
from .food import food_steps

#: The price list of each shop that has one (§12).
PRICE_FILES = MappingProxyType({
    "Commissary": "tables/commissary_prices.csv",
    "Kitchen": "tables/kitchen.csv",
    "Locksmith": "tables/locksmith.csv",
})
STOCK_DECK = "commissary_stock"
_RUNS_RE = re.compile(r"(\d+)(?:-(\d+))?")

Stock = str | tuple[str, ...] | None  # a card; the items drawn (random_items); None: sold out


# -- shops and prices ---------------------------------------------------------------------------

def is_shop(rules: Rules, room: str) -> bool:
    """Whether ``room`` is a gold shop room (§12; ``rooms.csv`` tag ``shop``: the Casino only
    under ``casino_is_shop=shop``, which tags it)."""
    try:
        tags = rules.room(room)["tags"] or ()
    except KeyError:
        return False
    return "shop" in tags


def price_list(rules: Rules, shop: str) -> Mapping[str, int]:
    """A shop's base prices, item → coins, in file order (§12); KeyError if it has none.
    Kept per rules value (a read-only mapping)."""
    known = rules._memo["price_list"]
    prices = known.get(shop)
    if prices is None:
        known[shop] = prices = MappingProxyType({item: row["price"] for item, row in
                                                 rules.rows(PRICE_FILES[shop]).items()})
    return prices


def _in_force(row: Mapping, sail: bool, coupon: bool, run: int | None) -> bool:
    name = row["name"]
    if name == "The Sail":
        return sail
    if name == "Coupon Book":
        return coupon
    if match := _RUNS_RE.fullmatch(row.get("runs") or ""):
        lo = int(match[1])
        hi = int(match[2] or lo)
        return run is not None and lo <= run <= hi
    raise ValueError(f"tables/discounts.csv row {name!r}: manorkit knows when 'The Sail' and "
                     "'Coupon Book' apply, and a row with runs 'a-b'; not this row")


def discounts(rules: Rules, shop: str, *, sail: bool = False, coupon: bool = False,
              run: int | None = None) -> tuple[Mapping, ...]:
    """The rows of ``tables/discounts.csv`` that change a price in ``shop``, in the order
    they apply. ``discount_order``: halvings before (``sail_then_coupon``) or after the
    Coupon Book; ``commissary_sale_stack=no_stack``: at most one halving;
    ``coupon_book_shops=base_shops``: the Coupon Book skips expansion shops (the Showroom)."""
    steps = []
    for row in rules.rows("tables/discounts.csv").values():
        shops = row["shops"] or ()
        if row["name"] == "Coupon Book" and rules.variant("coupon_book_shops") == "base_shops":
            shops = [s for s in shops if rules.room(s)["category"] != "expansion"]
        if row["rule"] not in ("half_round_up", "minus_one"):
            raise ValueError(f"tables/discounts.csv row {row['name']!r}: unknown rule "
                             f"{row['rule']!r} (half_round_up, minus_one)")
        if shop in shops and _in_force(row, sail, coupon, run):
            steps.append(row)
    halves = [r for r in steps if r["rule"] == "half_round_up"]
    if rules.variant("commissary_sale_stack") == "no_stack":
        halves = halves[:1]
    minus = [r for r in steps if r["rule"] == "minus_one"]
    if rules.variant("discount_order") == "sail_then_coupon":
        return tuple(halves + minus)
    return tuple(minus + halves)


def price(rules: Rules, shop: str, item: str, *, sail: bool = False, coupon: bool = False,
          run: int | None = None) -> int:
    """The coin price of ``item`` in ``shop`` (§12 How Shops Work): its base price, then each
    discount of :func:`discounts` (half rounded up, or 1 off), never below a row's
    ``minimum``. ``sail``: The Sail this run (§5); ``coupon``: the Coupon Book held (§7);
    ``run``: the campaign run (runs 20-21, §12)."""
    value = price_list(rules, shop)[item]
    for row in discounts(rules, shop, sail=sail, coupon=coupon, run=run):
        value = -(-value // 2) if row["rule"] == "half_round_up" else value - 1
        value = max(value, row["minimum"] or 0)
    return value


def is_special(rules: Rules, item: str) -> bool:
    """Whether a Commissary item is a special item (``commissary_prices.csv`` kind
    ``special``): unavailable while held, and not restocked (§12 How Shops Work)."""
    row = rules.rows(PRICE_FILES["Commissary"]).get(item)
    return row is not None and row["kind"] == "special"


# -- the Commissary's stock ---------------------------------------------------------------------

def stock_cards(rules: Rules) -> Mapping[str, tuple[int, frozenset[str]]]:
    """Stock card → (copies, the items it lists) (``decks/commissary_stock.csv``); kept per
    rules value (a read-only mapping)."""
    known = rules._memo["shops"]
    cards = known.get("stock_cards")
    if cards is None:
        rows = rules.rows(f"decks/{STOCK_DECK}.csv")
        known["stock_cards"] = cards = MappingProxyType(
            {card: (int(n), frozenset(rows[card]["items"] or ()))
             for card, n in rules.deck_counts(STOCK_DECK).items()})
    return cards


def items_per_run(rules: Rules) -> int:
    """Items on offer per run: the number every stock card lists (§12: '4 items per run')."""
    sizes = {len(items) for _, items in stock_cards(rules).values()}
    if len(sizes) != 1:
        raise ValueError(f"the stock cards list different numbers of items ({sorted(sizes)}); "
                         "commissary_stock=random_items needs one number")
    return sizes.pop()


def stock_items(rules: Rules, stock: Stock) -> frozenset[str]:
    """The items a stock (a card, the items drawn, or None: sold out) offers."""
    if stock is None:
        return frozenset()
    return stock_cards(rules)[stock][1] if isinstance(stock, str) else frozenset(stock)


def commissary_stock(rules: Rules, k: int, seen: tuple[Stock, ...] = ()) -> dict[Stock, int]:
    """Integer weights of the stock on offer at the k-th Commissary run of the session
    (§12 The Commissary), given the cards ``seen`` flipped on the first runs (k > len(seen)).

    ``commissary_stock=placeholder_cards``: the k-th card of the shuffled deck, uniform over
    the cards not seen since its last shuffle; past the deck ``commissary_deck_exhausted``
    reshuffles or sells nothing (``{None: 1}``). ``random_items``: every set of
    :func:`items_per_run` items of the price list (a tuple in price-list order), alike.
    """
    if rules.variant("commissary_stock") == "random_items":
        return {combo: 1 for combo in combinations(rules.rows(PRICE_FILES["Commissary"]),
                                                   items_per_run(rules))}
    cards = stock_cards(rules)
    size = sum(copies for copies, _ in cards.values())
    if not size:
        raise ValueError(f"decks/{STOCK_DECK}.csv holds no cards")
    cycle = (k - 1) // size
    if cycle and rules.variant("commissary_deck_exhausted") == "sold_out":
        return {None: 1}
    pool = {card: copies for card, (copies, _) in cards.items()}
    for card in seen[cycle * size:]:
        pool[card] -= 1
    return {card: n for card, n in pool.items() if n}


# -- the Casino and the Kitchen -----------------------------------------------------------------

def roulette_net(rules: Rules, multiplier: int) -> int:
    """Coins won (lost: negative) per coin wagered on a ``casino.csv`` row (§5 The Casino).
    ``casino_payout=gross``: "collect double" returns 2x in total (net +1x); ``net``: the
    wager is kept and 2x (3x) is won on top."""
    reading = rules.variant("casino_payout")
    if reading not in ("gross", "net"):
        raise ValueError(f"variant casino_payout={reading!r} is not supported (gross, net)")
    return multiplier if reading == "net" and multiplier > 1 else multiplier - 1


def food_key(item: str) -> str:
    """The ``food.csv`` row of a Kitchen dish: "Bacon & Eggs" → ``bacon_and_eggs``."""
    return re.sub(r"\W+", "_", item.replace("&", "and").lower())


def kitchen_steps(rules: Rules, item: str, board: Collection[str] = (),
                  held: Collection[str] = ()) -> int:
    """Steps from eating Kitchen ``item`` (§11, §12 The Kitchen) while holding ``held``: its
    ``food.csv`` steps, or for a dish with ``steps_per`` (Chef Salad, Tomato Soup) its
    ``kitchen.csv`` steps per room of that colour among the tiles ``board``; Salt Shaker and
    Silver Spoon apply (:func:`food_steps`). ``tunnel_colour`` decides the Tunnel's colour."""
    row = rules.rows("tables/kitchen.csv")[item]
    food = food_key(item)
    if not row["steps_per"]:
        return food_steps(rules, food, held)
    rooms = sum(row["steps_per"] in colours(rules, room) for room in board)
    return food_steps(rules, food, held, base=row["steps"] * rooms)
