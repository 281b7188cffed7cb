"""Exact odds of the rooms that roll on a table or draw from a supply.

Kitchen special (§3 step 8, §12), Observatory with Telescope and Planetarium (§5), Casino
roulette (§5), the puzzle rooms (§15), the Locksmith's Special Key (§12), Bedroom and Green Room
item spawns (§7), trunks on draft (§8, §16), the Nook (§7, §16), Pantry fruit (§11, §16), the
Dining Room meal (§11), food steps (§11) and the Secret Passage books (§16).

Every number comes from ``data/blueprince``. Where the data holds a number only inside a text
cell (the Secret Passage book effects, the secret route cost) it is read from that text, and a
clear error names the cell if the text no longer says it. The rules the run engine shares are
in :mod:`..mechanics` (the Casino payout and Kitchen dishes in ``shops``, the meal in
``meals``, the puzzle rooms' rows in ``rolls``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    import pandas as pd

from ...dist import Dist
from ..mechanics import meals as meal_rule
from ..mechanics import trunk_die
from ..mechanics.rolls import puzzle_rows, special_key_row, sure_special_key
from ..mechanics.shops import kitchen_steps, roulette_net
from ..rules import Rules
from ._common import (
    amount,
    die,
    faces,
    food_steps,
    names,
    numbered_success,
    resolve,
    room_name,
    room_row,
)

__all__ = [
    "Haul", "Passage", "Reward", "billiard_room", "casino", "clear_caches", "food",
    "item_spawn", "kitchen_special", "meal", "meal_steps", "music_room", "nook", "observatory",
    "observatory_table", "pantry_fruit", "pantry_steps", "parlor", "room_roll_table",
    "lost_item",
    "roll_rooms", "secret_passage", "special_key", "trunks_on_draft",
]


class Reward(NamedTuple):
    """Key and gem tokens and at most one special key, gained at once."""

    keys: int = 0
    gems: int = 0
    item: str | None = None

    def __str__(self) -> str:
        parts = [f"{n} {word}{'' if n == 1 else 's'}"
                 for n, word in ((self.keys, "key"), (self.gems, "gem")) if n]
        return " + ".join([*parts, *([self.item] if self.item else [])]) or "nothing"


class Haul(NamedTuple):
    """What Observatory rolls give in total (§5): the amounts of ``observatory.csv`` and
    whether a passive constellation (a row with no amount: The Sail) came up at least once."""

    steps: int = 0
    coins: int = 0
    gems: int = 0
    keys: int = 0
    trunks: int = 0
    sail: bool = False

    def __str__(self) -> str:
        parts = [f"{n} {name[:-1] if n == 1 else name}"
                 for name, n in zip(self._fields, self, strict=False) if name != "sail" and n]
        return " + ".join([*parts, *(["Sail"] if self.sail else [])]) or "nothing"


class Passage(NamedTuple):
    """What a Secret Passage book does on a given board (§16): steps gained (negative: lost),
    dig spot tokens placed, the rooms the secret route may lead to, and the route's step cost
    (None when there is no route)."""

    steps: int
    dig_spots: int
    routes: tuple[str, ...]
    route_steps: int | None


_AMOUNTS = Haul._fields[:-1]
_CACHES: list = []


def _cached(fn: Callable) -> Callable:
    wrapped = lru_cache(maxsize=512)(fn)
    _CACHES.append(wrapped)
    return wrapped


_die = _cached(die)


def clear_caches() -> None:
    """Forget every cached distribution of this module (to time cold calls)."""
    for fn in _CACHES:
        fn.cache_clear()


# -- validation and shared pieces ---------------------------------------------------------------

def _count(value: int, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{name} must be a whole number of at least 1, got {value!r}")
    return value


def _reading(rules: Rules, vid: str, known: tuple[str, ...]) -> str:
    reading = rules.variant(vid)
    if reading not in known:
        raise ValueError(f"variant {vid}={reading!r} is not supported here; known: "
                         f"{', '.join(known)}")
    return reading


def _names(values: Iterable[str], what: str) -> tuple[str, ...]:
    if isinstance(values, str):
        raise ValueError(f"{what} must be a list of names, not the string {values!r}")
    return tuple(values)


def _held(rules: Rules, held: Iterable[str]) -> frozenset[str]:
    return frozenset(names(rules.rows("tables/items.csv"), _names(held, "held"), "item"))


def _board(rules: Rules, board: Iterable[str]) -> tuple[str, ...]:
    given = names(rules.rows("rooms.csv"), _names(board, "board"), "room")
    if len(set(given)) != len(given):
        raise ValueError(f"each room tile is unique; the board lists one twice: {given}")
    return given


def _colours(rules: Rules, room: str) -> frozenset[str]:
    """A room's colours; under ``tunnel_colour=also_green`` the Tunnel is green too (§9)."""
    colours = set(room_row(rules, room)["colours"])
    if room == "Tunnel" and rules.variant("tunnel_colour") == "also_green":
        colours.add("green")
    return frozenset(colours)


def _number(text: str | None, pattern: str, where: str) -> re.Match:
    match = re.search(pattern, text or "")
    if match is None:
        raise ValueError(f"{where}: the text {text!r} no longer matches {pattern!r}")
    return match


def _roll(rules: Rules, rows: Iterable[dict], outcome: Callable[[dict], Dist],
          spec: str = "roll", table: str = "") -> Dist:
    """Roll the standard d6 (§15) and look the face up in ``rows``: each row's ``spec`` field
    names its faces ("1-3", "6"). Every face must be in exactly one row."""
    by_face: dict[str, dict] = {}
    for row in rows:
        for face in faces(str(row[spec])):
            if face in by_face:
                raise ValueError(f"{table}: face {face} is in two rows")
            by_face[face] = row
    d6 = _die(rules, "d6")
    missing = [face for face in d6.outcomes if face not in by_face]
    if missing or len(by_face) != len(d6):
        raise ValueError(f"{table}: the rows must cover the d6 faces once each "
                         f"(missing {missing}, rows name {sorted(by_face)})")
    return Dist.mixture((p, outcome(by_face[face])) for face, p in d6)


def _season(rules: Rules, steps: int, held: frozenset[str]) -> int:
    """``steps`` of food with the ``food_modifiers.csv`` items held, in their order (§11)."""
    mods = sorted(rules.rows("tables/food_modifiers.csv").values(), key=lambda r: r["order"])
    for mod in mods:
        if mod["item"] in held:
            steps = steps + mod["amount"] if mod["op"] == "add" else steps * mod["amount"]
    return int(steps)


# -- Kitchen, Observatory, Casino ---------------------------------------------------------------

def kitchen_special(rules: Rules | None = None) -> Dist:
    """Today's Kitchen special, rolled on a standard d6 at the first Kitchen draft (§3 step 8,
    §12 The Kitchen): dish name → chance, from ``kitchen.csv`` ``special_roll``."""
    rules = resolve(rules)
    rows = [r for r in rules.rows("tables/kitchen.csv").values() if r["special_roll"]]
    return _roll(rules, rows, lambda r: Dist.constant(r["item"]), "special_roll", "kitchen.csv")


def _sighting(row: dict) -> Dist:
    if all(row[f] is None for f in _AMOUNTS):
        return Dist.constant(Haul(sail=True))
    totals = Dist.constant(())
    for f in _AMOUNTS:
        totals = totals.combine(amount(row[f]), lambda t, n: (*t, n))
    return totals.map(lambda t: Haul(*t))


def _add(a: Haul, b: Haul) -> Haul:
    return Haul(*(x + y for x, y in zip(a[:-1], b[:-1], strict=True)), a.sail or b.sail)


@_cached
def _observatory(rules: Rules, rolls: int) -> Dist:
    one = _roll(rules, rules.rows("tables/observatory.csv").values(), _sighting,
                table="observatory.csv")
    total = one
    for _ in range(rolls - 1):
        total = total.combine(one, _add)
    return total


def observatory(rolls: int = 1, *, telescope: bool = False, planetarium: bool = False,
                rules: Rules | None = None) -> Dist:
    """The total a visit to the Observatory gives (§5 The Observatory & Constellations): a
    ``Haul`` of steps, coins, gems, keys, trunk tokens and whether The Sail came up.

    ``rolls`` d6 rolls (1 on a first entry or the Telescope's re-entry roll), plus 1 if the
    Telescope is held on first entry and 1 for the Planetarium carry-forward (§5, §14): both
    make 3. Repeated amounts stack; The Sail does not double. Variants ``telescope_copies``
    and ``planetarium_condition`` decide whether you have them, not what they do.
    """
    n = _count(rolls, "rolls") + bool(telescope) + bool(planetarium)
    return _observatory(resolve(rules), n)


def observatory_table(max_rolls: int = 3, *, rules: Rules | None = None) -> pd.DataFrame:
    """Expected amounts of 1 to ``max_rolls`` Observatory rolls (§5), exact Fractions; the
    ``sail`` row is the chance The Sail comes up at least once."""
    import pandas as pd

    rules = resolve(rules)
    columns = {}
    for n in range(1, _count(max_rolls, "max_rolls") + 1):
        dist = _observatory(rules, n)
        columns[f"{n} roll{'s' if n > 1 else ''}"] = [
            dist.map(lambda h, f=f: getattr(h, f)).mean() for f in _AMOUNTS] + [
            dist.p(lambda h: h.sail)]
    return pd.DataFrame(columns, index=pd.Index([*_AMOUNTS, "sail"], name="resource"))


def _net_per_coin(rules: Rules, multiplier: int) -> int:
    """Coins won or lost per coin wagered on a ``casino.csv`` row, under ``casino_payout``
    (:func:`mechanics.shops.roulette_net`)."""
    _reading(rules, "casino_payout", ("gross", "net"))
    return roulette_net(rules, multiplier)


@_cached
def _casino(rules: Rules, wager: int) -> Dist:
    return _roll(rules, rules.rows("tables/casino.csv").values(),
                 lambda r: Dist.constant(_net_per_coin(rules, r["multiplier"]) * wager),
                 table="casino.csv")


def casino(wager: int, *, rules: Rules | None = None) -> Dist:
    """The net change in coins of one roulette wager (§5 The Casino): a d6 on ``casino.csv``.

    Variant ``casino_payout``: ``gross`` reads "collect double/triple" as 2x/3x returned in
    total (net +1x/+2x); ``net`` as the wager kept plus 2x/3x (net +2x/+3x). A lost wager is
    −``wager`` and break even is 0 under both. The minimum wager is 1 coin.
    """
    return _casino(resolve(rules), _count(wager, "wager"))


# -- puzzle rooms and special keys --------------------------------------------------------------

def _held_keys(row: dict, where: str) -> int:
    """The Keys a roll gives instead of a special key already held (``instead_keys``)."""
    if row.get("instead_keys") is None:
        raise ValueError(f"{where}: the special key row has no instead_keys")
    return int(row["instead_keys"])


@_cached
def _special_key(rules: Rules, held: frozenset[str], instead: int | None) -> Dist:
    """A d6 on ``special_keys.csv``; a held key is re-rolled once (``instead`` None) or paid
    as ``instead`` Keys."""
    first = _roll(rules, rules.rows("tables/special_keys.csv").values(),
                  lambda r: Dist.constant(r["key"]), table="special_keys.csv")

    def settle(key: str) -> Dist:
        if key not in held:
            return Dist.constant(Reward(item=key))
        if instead is None:
            return first.map(lambda again: Reward(item=again))
        return Dist.constant(Reward(keys=instead))

    return Dist.mixture((p, settle(key)) for key, p in first)


def _music_row(rules: Rules) -> dict:
    return special_key_row(rules, "Music Room")


def special_key(held: Iterable[str] = (), *, room: str = "Locksmith",
                rules: Rules | None = None) -> Dist:
    """The special key a roll on ``special_keys.csv`` gives, as a ``Reward``.

    ``room="Locksmith"`` (§12 The Locksmith): a key already held is re-rolled once and the
    re-roll stands, even if it shows a held key too. ``room="Music Room"`` (§15): a held key
    gives the Keys its ``room_rolls.csv`` row names instead (1). Both roll a standard d6:
    under ``numbered_lock_die=faces`` three results still need a d6 (variants.yaml).
    """
    rules = resolve(rules)
    held_set = _held(rules, held)
    room = room_name(rules, room)
    if room == "Locksmith":
        return _special_key(rules, held_set, None)
    if room == "Music Room":
        instead = _held_keys(_music_row(rules), "room_rolls.csv Music Room")
        return _special_key(rules, held_set, instead)
    raise ValueError(f"room must be 'Locksmith' or 'Music Room', got {room!r}")


def _entry_reward(rules: Rules, room: str) -> Dist:
    row = rules.rows("tables/room_resources.csv").get(room)
    if row is None or row["when"] != "entry":
        return Dist.constant(Reward())
    return amount(row["keys"]).combine(amount(row["gems"]), lambda k, g: Reward(k, g))


def _plus(a: Reward, b: Reward) -> Reward:
    return Reward(a.keys + b.keys, a.gems + b.gems, a.item or b.item)


@_cached
def _puzzle(rules: Rules, room: str, held: frozenset[str]) -> Dist:
    rows = puzzle_rows(rules, room)
    where = f"room_rolls.csv {room}"
    if sure_special_key(rules, room):  # music_room_special_key=always (§7)
        key = _special_key(rules, held, _held_keys(special_key_row(rules, room), where))
        return _entry_reward(rules, room).combine(key, _plus)

    def reward(row: dict) -> Dist:
        key = row["special_key"]
        if key == "yes":
            return _special_key(rules, held, _held_keys(row, where))
        if key in held:
            return Dist.constant(Reward(keys=_held_keys(row, where)))
        return amount(row["keys"]).combine(amount(row["gems"]), lambda k, g: Reward(k, g, key))

    return _entry_reward(rules, room).combine(_roll(rules, rows, reward, table=where), _plus)


def parlor(*, rules: Rules | None = None) -> Dist:
    """The Parlor's reward, a ``Reward`` (§15 Room Icons): a d6 on ``room_rolls.csv``."""
    return _puzzle(resolve(rules), "Parlor", frozenset())


def billiard_room(held: Iterable[str] = (), *, rules: Rules | None = None) -> Dist:
    """The Billiard Room's reward, a ``Reward`` (§15 Room Icons): a d6 on ``room_rolls.csv``;
    the Secret Garden Key, if already held, becomes the Keys its row names (2)."""
    rules = resolve(rules)
    return _puzzle(rules, "Billiard Room", _held(rules, held))


def music_room(held: Iterable[str] = (), *, rules: Rules | None = None) -> Dist:
    """The Music Room's reward on entry, a ``Reward`` (§15 Room Icons, §7): its entry Key
    (``room_resources.csv``) plus a d6 on ``room_rolls.csv``, whose Special Key result rolls
    ``special_keys.csv`` (a held key gives 1 Key instead; see :func:`special_key`). Variant
    ``music_room_special_key=always``: the Special Key roll is sure, with no d6 table."""
    rules = resolve(rules)
    return _puzzle(rules, "Music Room", _held(rules, held))


# -- spawns, trunks, Nook, Pantry ---------------------------------------------------------------

def item_spawn(room: str, *, maid: bool = False, rules: Rules | None = None) -> Fraction:
    """The chance a Bedroom or Green Room spawns a Common Items card on entry (§7 Item draws
    and guaranteed resources by room), from ``item_spawns.csv`` die and success.

    ``maid``: the Maid's Chamber was drafted this run, which suppresses these spawns (§16).
    Variants: ``numbered_lock_die`` (``d6`` reads "5-6" on a standard d6, ``faces`` as the
    blue OPEN face) and ``random_spawn_rooms`` (``icon_tiles``: no tile is marked, so 0).
    """
    rules = resolve(rules)
    room = room_name(rules, room)
    row = rules.rows("tables/item_spawns.csv").get(room)
    if not _colours(rules, room) & {"purple", "green"} or row is None or row["die"] is None:
        raise ValueError(f"{room!r} is not a Bedroom or Green Room with a random spawn roll "
                         "in item_spawns.csv (the Nook has nook())")
    every = _reading(rules, "random_spawn_rooms", ("every_tile", "icon_tiles")) == "every_tile"
    if maid or not every:
        return Fraction(0)
    return numbered_success(rules, row["die"], row["success"])


def trunks_on_draft(room: str, *, rank: int | None = None,
                    rules: Rules | None = None) -> Dist:
    """How many trunk tokens a room gets when drafted (§8 Locked Trunks): ``trunk_rolls``
    (``rooms.csv``) rolls of the blue die, one trunk per OPEN (the Bunk Room rolls twice).

    Variants: ``den_trunk`` (``never``: the Den rolls 0 times) and ``boudoir_trunk_die``
    (``rank_die``: the Boudoir rolls the lock die of ``rank``, which it then needs; at Ranks
    1-3, never locked, a trunk is placed).
    """
    rules = resolve(rules)
    room = room_name(rules, room)
    rolls = room_row(rules, room)["trunk_rolls"]
    if rank is not None:
        rules.rank_die(rank)  # refuses a rank off the board
    by_rank = room == "Boudoir" and _reading(
        rules, "boudoir_trunk_die", ("blue", "rank_die")) == "rank_die"
    if by_rank and rank is None:
        raise ValueError("under boudoir_trunk_die=rank_die the Boudoir needs its rank (1-9)")
    if rolls == 0:
        return Dist.constant(0)
    rolled = trunk_die(rules, room, rank if by_rank else 1)  # the engine's reading (§8)
    if rolled is None:  # never locked at this rank: counts as OPEN
        return Dist.constant(rolls)
    open_face = _die(rules, rolled).p("OPEN")
    a, b = open_face.numerator, open_face.denominator  # binomial on integer weights
    return Dist._from_weights({k: math.comb(rolls, k) * a ** k * (b - a) ** (rolls - k)
                               for k in range(rolls + 1)})


def nook(rules: Rules | None = None) -> Fraction:
    """The chance the Nook's entry roll draws a Special Items card (§7, §16 Simple Resource
    Rooms), from ``item_spawns.csv``. Variant ``nook_roll``: ``six`` (the success on a standard
    d6), ``open_face`` (blue OPEN) or ``locked_face`` (the blue die's rarer face)."""
    rules = resolve(rules)
    row = rules.rows("tables/item_spawns.csv")["Nook"]
    reading = _reading(rules, "nook_roll", ("six", "open_face", "locked_face"))
    if reading == "six":
        return _die(rules, "d6").p(lambda face: face in faces(row["success"]))
    blue = _die(rules, row["die"])
    return blue.p("OPEN") if reading == "open_face" else min(p for _, p in blue)


def pantry_fruit(*, maid: bool = False, supply: Mapping[str, int] | None = None,
                 rules: Rules | None = None) -> Dist:
    """The fruit token placed on the Pantry when drafted (§11 Fruit Sources, §16 Pantry): a
    food name, or None for no token.

    Variant ``pantry_fruit``: ``supply_weights`` and ``deck_ratio`` weigh the fruit by
    ``pantry_fruit.csv``; ``remaining_supply`` draws a token blind from ``supply`` (fruit →
    tokens left; default the full box, ``fruit_supply.csv``). Variant
    ``pantry_maid_suppression``: ``suppressed`` places none if the Maid's Chamber was drafted
    (``maid``).
    """
    rules = resolve(rules)
    reading = _reading(rules, "pantry_fruit", ("supply_weights", "deck_ratio", "remaining_supply"))
    if reading != "remaining_supply":
        if supply is not None:
            raise ValueError("supply matters only under pantry_fruit=remaining_supply")
        weights = {f: r["weight"] for f, r in rules.rows("tables/pantry_fruit.csv").items()}
    else:
        box = {f: r["tokens"] for f, r in rules.rows("tables/fruit_supply.csv").items()}
        weights = box if supply is None else dict(supply)
        bad = {f: n for f, n in weights.items()
               if f not in box or not isinstance(n, int) or not 0 <= n <= box[f]}
        if bad or not sum(weights.values()):
            raise ValueError(f"supply must give 0 to the box count of each fruit {box}, "
                             f"not all 0; got {weights}")
    if maid and _reading(rules, "pantry_maid_suppression",
                         ("unaffected", "suppressed")) == "suppressed":
        return Dist.constant(None)
    return Dist.from_counts(weights)


def pantry_steps(held: Iterable[str] = (), *, maid: bool = False,
                 supply: Mapping[str, int] | None = None, rules: Rules | None = None) -> Dist:
    """Steps from eating the Pantry's fruit (§11, §16 Pantry): :func:`pantry_fruit` through
    the food rules, with Salt Shaker and Silver Spoon as ``held``; 0 with no token."""
    rules = resolve(rules)
    held_set = tuple(_held(rules, held))
    return pantry_fruit(maid=maid, supply=supply, rules=rules).map(
        lambda f: 0 if f is None else food_steps(rules, f, held_set))


# -- food and the Dining Room -------------------------------------------------------------------

def _dish_key(item: str) -> str:
    return re.sub(r"\W+", "_", item.replace("&", "and").lower())


def food(food: str, held: Iterable[str] = (), *, board: Iterable[str] = (),
         rules: Rules | None = None) -> int:
    """Steps from eating ``food`` (a row of ``food.csv``) while holding ``held`` (§11 Fruit
    Tokens: Salt Shaker +1, then Silver Spoon ×2). A dish with no fixed steps (Chef Salad,
    Tomato Soup, §12) gives its ``kitchen.csv`` steps per room of its colour on ``board``
    (the Maid's Chamber is red; variant ``tunnel_colour=also_green`` makes the Tunnel green).
    """
    rules = resolve(rules)
    table = rules.rows("tables/food.csv")
    if food not in table:
        raise ValueError(f"no food {food!r}; foods: {', '.join(table)}")
    held_set = _held(rules, held)
    board = _board(rules, board)
    if table[food]["steps"] is not None:
        return food_steps(rules, food, tuple(held_set))
    dishes = {_dish_key(item): item for item, row in rules.rows("tables/kitchen.csv").items()}
    dish = dishes.get(food)
    if dish is None or not rules.rows("tables/kitchen.csv")[dish]["steps_per"]:
        raise ValueError(f"{food!r} has no steps in food.csv and no per-room rule in kitchen.csv")
    return kitchen_steps(rules, dish, board, held_set)


def _meals(rules: Rules) -> dict[str, dict]:
    return meal_rule.meal_cards(rules)


def meal(run: int, *, rules: Rules | None = None) -> str | Dist:
    """Today's main course on campaign run ``run`` (§3 step 7, §11 Meal Card Cycle).

    Variant ``meal_order``: ``printed_order`` gives the card (positions of ``meals.csv``, back
    to the first after the last); ``shuffled_cycle`` shuffles the cards at session start, so
    any one run's card is a ``Dist`` over the cards, each as likely as its copies.
    """
    rules = resolve(rules)
    run = _count(run, "run")
    reading = _reading(rules, "meal_order", ("shuffled_cycle", "printed_order"))
    today = meal_rule.todays_meal(rules, run)
    if reading == "printed_order":
        return next(iter(today))
    return Dist.from_counts(today)


def meal_steps(run: int, board: Iterable[str] = (), held: Iterable[str] = (), *,
               rules: Rules | None = None) -> int | Dist:
    """Steps from eating run ``run``'s meal (§11 The Dining Room Meal): ``base_steps``, plus
    ``bonus_steps`` if its ``bonus_room`` is on ``board`` (not for a starred meal, variant
    ``starred_meals``); Salt Shaker +1 to the total, then Silver Spoon ×2 (``held``). An int
    under ``meal_order=printed_order``, else a ``Dist``."""
    rules = resolve(rules)
    board = frozenset(_board(rules, board))
    held_set = _held(rules, held)

    def steps(card: str) -> int:
        return meal_rule.meal_steps(rules, card, board, held_set)

    today = meal(run, rules=rules)
    return steps(today) if isinstance(today, str) else today.map(steps)


# -- Secret Passage -----------------------------------------------------------------------------

def secret_passage(book: str, board: Iterable[str] = (), held: Iterable[str] = (), *,
                   rules: Rules | None = None) -> Passage:
    """What a Secret Passage book does on ``board`` (§16 Secret Passage), read from
    ``secret_passage_books.csv``: steps (Bedrooms × 4 counted by ``rooms.csv``
    ``bedroom_weight``, +5 with the Sleeping Mask; Red Rover's loss), dig spots, the rooms on
    the board the route may lead to (a colour or a list of rooms; never the Secret Passage
    itself) and the route's cost (``rooms.csv``; less with Running Shoes).

    Variant ``running_shoes``: only under ``held`` can Running Shoes be held (no Red Rover
    loss, cheaper route). Variant ``tunnel_colour=also_green`` makes the Tunnel a Green Room.
    """
    rules = resolve(rules)
    books = rules.rows("tables/secret_passage_books.csv")
    if book not in books:
        raise ValueError(f"no book {book!r}; books: {', '.join(books)}")
    row = books[book]
    board = _board(rules, board)
    held_set = _held(rules, held)
    if _reading(rules, "running_shoes", ("consumed", "held")) == "consumed":
        held_set -= {"Running Shoes"}
    text = row["effect"]
    steps = dig_spots = 0
    if per := re.search(r"Bedrooms on board × (\d+)", text):
        steps = int(per.group(1)) * sum(room_row(rules, r)["bedroom_weight"] for r in board)
    if bonus := re.search(r"\+(\d+) if holding ([^.]+)\.", text):
        steps += int(bonus.group(1)) if bonus.group(2) in held_set else 0
    if loss := re.search(r"Lose (\d+) steps \((\d+) if holding ([^)]+)\)", text):
        steps -= int(loss.group(2) if loss.group(3) in held_set else loss.group(1))
    if per := re.search(r"Place (\d+) dig spot", text):
        dig_spots = int(per.group(1)) * sum(row["colour"] in _colours(rules, r) for r in board)
    targets = set(row["route"].split(";")) if row["route"] else set()
    routes = tuple(room for room in board if room != "Secret Passage"
                   and (room in targets or targets & _colours(rules, room)))
    return Passage(steps, dig_spots, routes, _route_steps(rules, held_set) if routes else None)


def _route_steps(rules: Rules, held: frozenset[str]) -> int:
    """The secret route's cost: ``rooms.csv`` Secret Passage, or the Running Shoes' (§16)."""
    if "Running Shoes" in held:
        text = rules.rows("tables/items.csv")["Running Shoes"]["effect"]
        return int(_number(text, r"route (\d+) step", "items.csv Running Shoes").group(1))
    text = room_row(rules, "Secret Passage")["effect"]
    return int(_number(text, r"secret route for (\d+) steps", "rooms.csv Secret Passage")
               .group(1))


# -- display ------------------------------------------------------------------------------------

#: Room → (table, its roll column, its result column) for the rolls outside room_rolls.csv.
_TABLES = {"Observatory": ("observatory.csv", "roll", "constellation"),
           "Casino": ("casino.csv", "roll", "outcome"),
           "Kitchen": ("kitchen.csv", "special_roll", "item"),
           "Locksmith": ("special_keys.csv", "roll", "key")}


def roll_rooms(rules: Rules | None = None) -> tuple[str, ...]:
    """The rooms :func:`room_roll_table` can show."""
    rules = resolve(rules)
    puzzle = dict.fromkeys(r["room"] for r in rules.rows("tables/room_rolls.csv").values())
    return (*puzzle, *_TABLES)


def room_roll_table(room: str, *, rules: Rules | None = None) -> pd.DataFrame:
    """A room's d6 table with the exact chance of each row (§5, §12, §15): the puzzle rooms
    (``room_rolls.csv``), Observatory, Casino (with the net coins per coin wagered under
    ``casino_payout``), Kitchen special and Locksmith Special Key."""
    import pandas as pd

    rules = resolve(rules)
    (room,) = names(roll_rooms(rules), (room,), "roll table for")
    file, spec, result = _TABLES.get(room, ("room_rolls.csv", "roll", "reward"))
    rows = [r for r in rules.rows(f"tables/{file}").values()
            if r[spec] and r.get("room", room) == room]
    d6 = _die(rules, "d6")
    out = []
    for row in rows:
        shown = faces(str(row[spec]))
        chance = d6.p(lambda face, shown=shown: face in shown)
        entry = {"roll": row[spec], "result": row[result]}
        if "effect" in row:
            entry["effect"] = row["effect"]
        if "multiplier" in row:
            entry["net per coin"] = _net_per_coin(rules, row["multiplier"])
        out.append({**entry, "chance": chance, "probability": float(chance)})
    return pd.DataFrame(out)


# -- a blind draw from your hand (§5 Darkroom, §5 Lost and Found) ------------------------------

def lost_item(held: Iterable[str] = (), resources: Mapping[str, int] | None = None, *,
              rules: Rules | None = None) -> Dist:
    """What the Darkroom (or the Lost & Found's toll) takes from your hand: each held item card
    equally likely; under ``lost_item_tokens=tokens_too`` also each Key, gem, coin and Ivory
    Die token in ``resources`` (§5; :func:`mechanics.hand.blind_pick`)."""
    from ..mechanics.hand import blind_pick

    rules = resolve(rules)
    weights = blind_pick(rules, _held(rules, held), resources or {})
    if not weights:
        raise ValueError("nothing in hand: the Darkroom takes nothing")
    return Dist.from_counts(weights)
