"""Shops and the rooms that trade coins and steps (§5 The Casino, §11 The Dining Room Meal,
§12 Shops, §16 Rumpus Room): the Kitchen, Commissary and Locksmith, the Dining Room, the
Casino and the Rumpus Room.

Every price is :func:`mechanics.shops.price` (the odds' ``price`` calls it too). The shop
bell's coins (and the Locksmith's Key) are ``room_resources.csv`` first-entry rows, paid by
the generic entry rewards; the Casino's 15 coins and the Rumpus Room's 8 are entry rows too.
Campaign decks (meals, Commissary stock, Alzara's prophecies) are read from
``campaign.drawn``; each card a day reveals is left on the Carry-Forward card as
``drawn:<deck>`` for the campaign to record.
"""

from __future__ import annotations

from ...mechanics import card_gain
from ...mechanics.meals import meal_steps, todays_meal
from ...mechanics.numbers import number
from ...mechanics.rolls import face_row, special_key_die
from ...mechanics.shops import (
    commissary_stock,
    is_shop,
    is_special,
    kitchen_steps,
    price,
    price_list,
    roulette_net,
    stock_items,
)
from ...placement import Cell
from ..actions import Buy, Use
from ..hooks import offers, on_buy, on_draft, on_enter, on_roll, on_use
from ..pending import Roll

KITCHEN = "tables/kitchen.csv"
LOCKSMITH = "tables/locksmith.csv"


# -- shared -------------------------------------------------------------------------------------

def shop_price(state, shop: str, item: str) -> int:
    """Today's price of ``item`` in ``shop`` (§12 How Shops Work): The Sail rolled this run
    (flag ``sail``, §5), the Coupon Book held (§7) and the campaign run (runs 20-21, §12)."""
    return price(state.rules, shop, item, sail=bool(state.flags.get("sail")),
                 coupon="Coupon Book" in state.items, run=state.campaign.run)


def _buys(state, shop: str, items) -> list:
    """A ``Buy`` for each of ``items`` the coins held can pay for."""
    coins = state.resources["coins"]
    return [buy for buy in _priced(state, shop, tuple(items)) if buy.price <= coins]


def _priced(state, shop: str, items: tuple[str, ...]) -> tuple[Buy, ...]:
    """A ``Buy`` of each of ``items`` at today's price (:func:`shop_price`); kept per rules
    value, menu and discounts in force (actions are immutable values)."""
    sail, coupon = bool(state.flags.get("sail")), "Coupon Book" in state.items
    key = (shop, items, sail, coupon, state.campaign.run)
    known = state.rules._memo["shop_buys"]
    buys = known.get(key)
    if buys is None:
        known[key] = buys = tuple(Buy(item, shop_price(state, shop, item)) for item in items)
    return buys


def _pay(work, action: Buy, shop: str, section: str) -> None:
    work.gain("coins", -action.price, f"bought {action.item} in the {shop}", section)


def _bought(work, key: str, item: str) -> None:
    work.set_flag(key, tuple(work.flag(key, ())) + (item,))


def deliver(work, item: str, section: str) -> None:
    """A bought item does what its card does when collected (§7 Finding Items, via
    :func:`mechanics.card_gain`): a Key, gem or Ivory Die token, a Banana eaten at once
    (§11), the Running Shoes' steps (variant ``running_shoes``), or the item into hand."""
    rules = work.rules
    for deck in ("special_items", "common_items"):
        if item in rules.rows(f"decks/{deck}.csv"):
            got = card_gain(rules, deck, item, tuple(work.items))
            for resource, amount in got.amounts.items():
                work.gain(resource, int(amount), item, section)
            if got.item is not None:
                work.gain_item(got.item, section)
            return
    work.gain_item(item, section)


def _carry_card(work, deck: str, card: str, section: str) -> None:
    """Leave the campaign deck card this day revealed on the Carry-Forward card (§14)."""
    work.carry_forward(f"drawn:{deck}", card, f"{card} was drawn from the {deck} deck", section)


# -- the Kitchen (§3 step 8, §12 The Kitchen) ---------------------------------------------------

@on_draft("Kitchen")
def _kitchen_drafted(work, cell: Cell) -> None:
    """§3 step 8, §12 The Kitchen: the first Kitchen draft of the run rolls a d6 for today's
    special (``kitchen.csv`` special_roll); the other two dishes are unavailable."""
    if work.flag("kitchen_special") is None:
        work.queue(Roll("kitchen_special", cell, "d6"))


@on_roll("kitchen_special", "Kitchen special")
def _kitchen_special(work, step: Roll, value) -> None:
    rows = [r for r in work.rules.rows(KITCHEN).values() if r["special_roll"]]
    dish = face_row(rows, value, "special_roll")["item"]
    work.set_flag("kitchen_special", dish)
    work.log(f"{value}: today's Kitchen special is {dish}", "§12 The Kitchen")


@on_enter("Kitchen")
def _kitchen_entered(work, cell: Cell, first: bool) -> None:
    """§12 The Kitchen: limits count per visit (variant ``shop_limits=per_visit``), so each
    entry opens a new tally; under ``per_run`` the tally runs all day."""
    if work.rules.variant("shop_limits") == "per_visit" and work.flag("kitchen_bought"):
        work.set_flag("kitchen_bought", ())


@offers("Kitchen")
def _kitchen_menu(state, cell: Cell) -> list:
    """§12 The Kitchen: Banana and Club Sandwich always, today's special once rolled, each
    up to its ``limit`` (per visit or per run, variant ``shop_limits``)."""
    bought = state.flags.get("kitchen_bought", ())
    special = state.flags.get("kitchen_special")
    menu = [item for item, row in state.rules.rows(KITCHEN).items()
            if (not row["special_roll"] or item == special)
            and not (row["limit"] and bought.count(item) >= row["limit"])]
    return _buys(state, "Kitchen", menu)


@on_buy("Kitchen")
def _kitchen_buy(work, action: Buy) -> None:
    """§11 Fruit Sources, §12 The Kitchen: food is eaten on purchase (Salt Shaker +1, Silver
    Spoon x2; Chef Salad and Tomato Soup count the Green or Red Rooms on the board); Bacon &
    Eggs also puts its ``bag_room`` (the Morning Room) into the Active Bag for this run."""
    _pay(work, action, "Kitchen", "§12 The Kitchen")
    _bought(work, "kitchen_bought", action.item)
    board = [t.room for t in work.board.values()]
    row = work.rules.rows(KITCHEN)[action.item]
    if row["steps_per"]:
        rooms = sum(row["steps_per"] in work.colours(room) for room in board)
        work.log(f"{rooms} {row['steps_per']} room(s) on the board", "§12 The Kitchen")
    steps = kitchen_steps(work.rules, action.item, board, tuple(work.items))
    work.gain("steps", steps, f"ate the {action.item}", "§12 The Kitchen")
    room = row["bag_room"]
    if room and not work.bag.get(room) and room not in work.on_board():
        work.add_to_bag(room, action.item, "§12 The Kitchen")


# -- the Commissary (§12 The Commissary) ---------------------------------------------------------

@on_draft("Commissary")
def _commissary_drafted(work, cell: Cell) -> None:
    """§12 The Commissary: the first Commissary draft of the run flips the top stock card (a
    blind pick from the cards not yet flipped this session, ``campaign.drawn``); the stock
    stays for the run. Variants ``commissary_stock``, ``commissary_deck_exhausted``."""
    if work.flag("commissary_stock") is not None:
        return
    rules = work.rules
    seen = () if rules.variant("commissary_stock") == "random_items" else \
        work.s.campaign.cards_drawn("commissary_stock")
    weights = commissary_stock(rules, len(seen) + 1, seen)
    if None in weights:
        work.set_flag("commissary_stock", "")
        work.log("every stock card was flipped this session: the Commissary sells nothing",
                 "§12 The Commissary")
        return
    work.queue(Roll("commissary_stock", cell, options=tuple(weights.items())))


@on_roll("commissary_stock", "Commissary stock")
def _commissary_stock(work, step: Roll, value) -> None:
    items = sorted(stock_items(work.rules, value))
    work.set_flag("commissary_stock", value)
    shown = value if isinstance(value, str) else "drawn at random"
    work.log(f"today's Commissary stock ({shown}): {', '.join(items)}", "§12 The Commissary")
    if isinstance(value, str):
        _carry_card(work, "commissary_stock", value, "§12 The Commissary")


def commissary_offer(state) -> list[str]:
    """Today's stock less special items held or already sold this run (§12: "Items already
    held are unavailable"; "Shops do not restock mid-run"); resources repeat."""
    rules = state.rules
    stock = state.flags.get("commissary_stock") or None
    offered = stock_items(rules, stock)
    sold = state.flags.get("commissary_sold", ())
    return [item for item in price_list(rules, "Commissary") if item in offered
            and not (is_special(rules, item) and (item in state.items or item in sold))]


@offers("Commissary")
def _commissary_menu(state, cell: Cell) -> list:
    """§12 The Commissary: the items of today's stock card on sale."""
    return _buys(state, "Commissary", commissary_offer(state))


@on_buy("Commissary")
def _commissary_buy(work, action: Buy) -> None:
    """§12 The Commissary: pay and take the item (a resource, food eaten at once, or an item
    into hand: the Shovel, §7)."""
    _pay(work, action, "Commissary", "§12 The Commissary")
    if is_special(work.rules, action.item):
        _bought(work, "commissary_sold", action.item)
    deliver(work, action.item, "§12 The Commissary")


# -- the Locksmith (§12 The Locksmith) ----------------------------------------------------------

@offers("Locksmith")
def _locksmith_menu(state, cell: Cell) -> list:
    """§12 The Locksmith: Keys (unlimited), 3 Keys, a Special Key roll, and the Lockpick Kit
    (an item with a ``limit``: unavailable while held, and not restocked)."""
    sold = state.flags.get("locksmith_sold", ())
    menu = [item for item, row in state.rules.rows(LOCKSMITH).items()
            if not (row["limit"] and (item in state.items or sold.count(item) >= row["limit"]))]
    return _buys(state, "Locksmith", menu)


@on_buy("Locksmith")
def _locksmith_buy(work, action: Buy) -> None:
    """§12 The Locksmith: Keys are taken from the supply; the Special Key rolls
    ``special_keys.csv``; the Lockpick Kit goes into hand."""
    _pay(work, action, "Locksmith", "§12 The Locksmith")
    row = work.rules.rows(LOCKSMITH)[action.item]
    if row["limit"]:
        _bought(work, "locksmith_sold", action.item)
    if row["keys"]:
        work.gain("keys", int(row["keys"]), action.item, "§12 The Locksmith")
    elif action.item == "Special Key":
        work.queue(special_key_roll(work, work.position, "Locksmith"))
    else:
        work.gain_item(action.item, "§12 The Locksmith")


def special_key_roll(work, cell: Cell, source: str, rerolls: int = 0) -> Roll:
    """A roll on ``special_keys.csv`` for ``source`` (the Locksmith, or a puzzle room's
    row): a standard d6 (:func:`mechanics.rolls.special_key_die`)."""
    return Roll("special_key", cell, special_key_die(work.rules), data=(source, rerolls))


@on_roll("special_key", "Special Key roll")
def _special_key(work, step: Roll, value) -> None:
    """§12 The Locksmith: a key already held is re-rolled once (``special_key_rerolls``) and
    the re-roll stands; §15 Music Room: a key already held gives the row's
    ``instead_keys`` Keys instead."""
    from ...mechanics.rolls import special_key_row

    source, rerolls = step.data
    rules = work.rules
    key = face_row(rules.rows("tables/special_keys.csv").values(), value)["key"]
    section = "§12 The Locksmith" if source == "Locksmith" else "§15 Room Icons"
    work.log(f"{value}: the {key}", section)
    if key in work.items and source == "Locksmith":
        if rerolls < number(rules, "special_key_rerolls"):
            work.log(f"the {key} is already held: re-roll", section)
            work.queue(special_key_roll(work, step.cell, source, rerolls + 1), front=True)
            return
    elif key in work.items:
        keys = special_key_row(rules, source)["instead_keys"] or 0
        work.gain("keys", int(keys), f"the {key} is already held", section)
        return
    work.gain_item(key, section)


# -- the Dining Room (§3 step 7, §11, §18) ------------------------------------------------------

@on_draft("Dining Room")
def _dining_drafted(work, cell: Cell) -> None:
    """§3 step 7, §11 Meal Card Cycle: today's Meal card is revealed when the Dining Room is
    drafted (variant ``meal_order``: the printed order by campaign run, or the session's
    shuffled cycle; a card not yet known from ``campaign.drawn`` is a blind pick)."""
    if work.flag("meal") is not None:
        return
    campaign = work.s.campaign
    weights = todays_meal(work.rules, campaign.run, campaign.cards_drawn("meals"))
    if len(weights) == 1:
        _serve(work, next(iter(weights)))
    else:
        work.queue(Roll("meal", cell, options=tuple(weights.items())))


def _serve(work, card: str) -> None:
    work.set_flag("meal", card)
    work.log(f"today's main course: {card}", "§11 Meal Card Cycle")
    if work.rules.variant("meal_order") == "shuffled_cycle":
        _carry_card(work, "meals", card, "§11 Meal Card Cycle")


@on_roll("meal", "meal card")
def _meal_card(work, step: Roll, value) -> None:
    _serve(work, value)


@offers("Dining Room")
def _dining_offer(state, cell: Cell) -> list:
    """§11 The Dining Room Meal, §18: once the bell has rung (flag ``bell``) the meal may be
    eaten, once per run."""
    card = state.flags.get("meal")
    if card and state.flags.get("bell") and state.flags.get("meals_eaten", 0) < number(
            state.rules, "meals_per_run"):
        return [Use("eat_meal", card)]
    return []


@on_use("eat_meal", "§11 The Dining Room Meal")
def _eat_meal(work, action: Use) -> None:
    """§11: base steps, +10 if the meal's bonus room is in the house, Salt Shaker +1, Silver
    Spoon x2 (:func:`mechanics.meals.meal_steps`)."""
    card = work.flag("meal")
    work.set_flag("meals_eaten", work.flag("meals_eaten", 0) + 1)
    steps = meal_steps(work.rules, card, work.on_board(), tuple(work.items))
    work.gain("steps", steps, f"ate the {card}", "§11 The Dining Room Meal")


# -- the Casino (§5 The Casino) ------------------------------------------------------------------

@on_enter("Casino")
def _casino_entered(work, cell: Cell, first: bool) -> None:
    """§5 The Casino: 15 coins on entry (``room_resources.csv``). Under
    ``casino_is_shop=shop`` it is a gold shop: the bell gives 2 coins on the first entry
    (§12, §18)."""
    if first and is_shop(work.rules, "Casino"):
        work.gain("coins", number(work.rules, "shop_bell_coins"), "rang the shop bell",
                  "§18 The Service Bell")


@offers("Casino")
def _roulette_offer(state, cell: Cell) -> list:
    """§5 The Casino: once per run, wager 1 coin or more (up to the coins held)."""
    if state.flags.get("roulette", 0) >= number(state.rules, "roulette_plays"):
        return []
    low = number(state.rules, "casino_minimum_wager")
    return [Use("roulette", w) for w in range(low, state.resources["coins"] + 1)]


@on_use("roulette", "§5 The Casino")
def _roulette(work, action: Use) -> None:
    """§5 The Casino: the wager goes on the table, then a standard die (``casino.csv``)."""
    wager = action.target
    work.set_flag("roulette", work.flag("roulette", 0) + 1)
    work.gain("coins", -wager, "the roulette wager", "§5 The Casino")
    work.queue(Roll("roulette", work.position, "d6", data=(wager,)))


@on_roll("roulette", "roulette")
def _roulette_roll(work, step: Roll, value) -> None:
    """§5 The Casino: 1-2 the house wins, 3-4 the wager back, 5 double, 6 triple (variant
    ``casino_payout``: gross or net, :func:`mechanics.shops.roulette_net`)."""
    (wager,) = step.data
    row = face_row(work.rules.rows("tables/casino.csv").values(), value)
    back = wager * (1 + roulette_net(work.rules, row["multiplier"]))
    work.log(f"{value}: {row['outcome']}", "§5 The Casino")
    work.gain("coins", back, "roulette winnings", "§5 The Casino")


# -- the Rumpus Room (§16 Rumpus Room) -----------------------------------------------------------

def next_prophecy(state) -> str | None:
    """The next Alzara Prophecy card in sequence (``campaign.drawn``), None once all six have
    been read: she falls silent; the deck is never reshuffled (§16 Rumpus Room)."""
    read = len(state.campaign.cards_drawn("prophecies"))
    cards = sorted(state.rules.rows("decks/prophecies.csv").values(),
                   key=lambda r: r["position"])
    deck = [r["card"] for r in cards for _ in range(r["copies"])]
    return deck[read] if read < len(deck) else None


@offers("Rumpus Room")
def _alzara_offer(state, cell: Cell) -> list:
    """§16 Rumpus Room: once per day pay 1 coin to consult Alzara (variant
    ``alzara_prophecies=silent``: never)."""
    rules = state.rules
    if rules.variant("alzara_prophecies") == "silent" or state.flags.get("alzara", 0) >= \
            number(rules, "alzara_consultations") or next_prophecy(state) is None or \
            state.resources["coins"] < number(rules, "alzara_coins"):
        return []
    return [Use("consult_alzara")]


@on_use("consult_alzara", "§16 Rumpus Room")
def _consult_alzara(work, action: Use) -> None:
    """§16 Rumpus Room: draw the next Prophecy card and read it aloud."""
    card = next_prophecy(work.s)
    row = work.rules.rows("decks/prophecies.csv")[card]
    work.set_flag("alzara", work.flag("alzara", 0) + 1)
    work.gain("coins", -number(work.rules, "alzara_coins"), "consulted Alzara", "§16 Rumpus Room")
    work.log(f"Alzara: {card}: {row['text']}", "§16 Rumpus Room")
    _carry_card(work, "prophecies", card, "§16 Rumpus Room")
