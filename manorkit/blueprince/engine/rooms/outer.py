"""The Outer Room (§19): the daily visit from the Outer Room pile, the Garage route (§4
Action C) and the five Outer Room tiles (Toolshed, Shelter, Root Cellar, Trading Post, Hovel).

The Outer Room slot lies outside the 5×9 grid, below the Entrance Hall: its tile is never on
the board, and the marker's position stays where the visit began. While the player chooses a
drawn tile (flag ``"outer_drawn"``) or stands in the Outer Room (flag ``"outer_inside"``) the
game is in the reducer's ``outer`` phase. Other flags: ``"outer_visit"`` (``"morning"`` or
``"garage"``: the day's one visit), ``"outer_room"`` (the tile in the slot), ``"outer_rest"``
(the known part of the pile under the drawn tiles), ``"outer_dirt"`` (the Root Cellar's dirt
piles), ``"outer_trunks"`` (trunk tokens a card put in the room,
:meth:`..reducer.Work.draw_card`), ``"trade_aside"``, ``"trade_hand"`` and ``"traded"`` (the
Trading Post's trade).

The pile (§19 Physical Setup): ``Campaign.outer_pile`` lists the tiles whose place is known,
top first, those returned to its bottom on earlier days; the other tiles lie above them,
face down, in an unknown order. A draw takes the top tiles: any of the unknown ones equally
likely, then the known ones in order. Choosing a tile writes the next morning's pile to the
carry key ``outer_pile`` (the campaign sets the next ``Campaign.outer_pile`` from it): the
known rest, the 2 tiles not chosen (in the order drawn) and, at the end of the day, the tile
entered.

Already handled elsewhere: the Hovel's step costs (flag ``"hovel"``,
:func:`mechanics.tile_cost`), the Root Cellar's dirt on later drafts (flag ``"root_cellar"``,
:func:`..drafting.placed`), the Shelter tokens on Red Rooms (flag ``"shelter_tokens"``,
:mod:`.red`, variant ``weight_room_shelter``), the first Garage entry ever adding the Outer
Room to the grounds (carry ``outer_room``, :mod:`.blue`).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from ...mechanics import trunk_die
from ...mechanics.numbers import number
from ..actions import Buy, Chance, Use
from ..hooks import ENTER, OFFERS, Entry, offers, on_enter, on_roll, on_use
from ..pending import CardDraw, Roll, top_of_deck
from ..reducer import legal
from ..rewards import spawn_draws
from ..setup import DAY_DECKS, START

DECK = "outer_rooms"
ITEMS_DECK = "special_items"
VISIT = "§19 The Daily Outer Room Visit"


# -- the pile and the step costs ---------------------------------------------------------------

def available(state) -> bool:
    """§19 Permanently Adding the Outer Room: the first Garage entry ever adds the Outer Room
    (campaign discovery ``"outer_room"``; on the day it happens, carry ``outer_room``, unless
    ``outer_room_discovery=next_day``); none under ``outer_rooms_base=expansion``."""
    found, today = "outer_room" in state.campaign.discoveries, "outer_room" in state.carry
    if not (found or today):
        return False
    rules = state.rules
    if rules.variant("outer_rooms_base") == "expansion":
        return False
    return found or rules.variant("outer_room_discovery") == "same_day"


def route_steps(rules, route: str) -> int:
    """Steps of the legs of ``route`` in ``tables/outer_room_costs.csv`` (§19 Step costs;
    variant ``outer_room_cost`` patches the morning's last leg)."""
    return sum(row["steps"] for row in rules.rows("tables/outer_room_costs.csv").values()
               if row["route"] == route)


def garage_route_steps(rules) -> int:
    """Steps from the Garage to the Outer Room (§4 Action C, §19): its legs, counted from the
    Garage ("Garage → West Path (1 step) → Outer Room entry (1 step) = 2 steps total")."""
    return route_steps(rules, "garage")


def unknown_tiles(rules, known: tuple[str, ...]) -> list[str]:
    """The pile's tiles above the known ones, sorted by name (copies repeated)."""
    left = Counter(rules.deck_counts(DECK))
    left.subtract(known)
    return sorted(left.elements())


def pile_draw(rules, known: tuple[str, ...], n: int) -> tuple[tuple[tuple[str, int], ...], int]:
    """The outcomes of drawing ``n`` tiles from the top of the pile: ``((tiles, weight), ...)``
    with ``tiles`` the names joined by ", " (unknown ones by name, then known ones in pile
    order), and how many known tiles the draw takes."""
    unknown = unknown_tiles(rules, known)
    if len(unknown) <= n:
        taken = min(len(known), n - len(unknown))
        return ((", ".join((*unknown, *known[:taken])), 1),), taken
    counts = Counter(combinations(unknown, n))
    return tuple((", ".join(tiles), w) for tiles, w in sorted(counts.items())), 0


def _before_any_action(state) -> bool:
    """Whether nothing but chance outcomes happened yet this day (§19: "before taking any
    action from the Entrance Hall")."""
    if state.turn:  # a draft or a move was made
        return False
    return all(isinstance(action, Chance) for action in state.history)


def return_to(state) -> str:
    """Where leaving the Outer Room leads: the Entrance Hall, or back to the Garage after a
    Garage-route visit under ``garage_outer_return=garage``."""
    if state.flags.get("outer_visit") == "garage" and \
            state.rules.variant("garage_outer_return") == "garage":
        return "Garage"
    return "Entrance Hall"


# -- the visit ------------------------------------------------------------------------------------

@legal("turn", yields=(Use,))
def _visits(state) -> list:
    """The morning visit before any action (§19), or the Garage route standing in the Garage
    (§4 Action C; standing there, the Garage is both "in your house", §4, and "drafted and
    entered this run", §19), once per day."""
    if "outer_visit" in state.flags or not available(state):
        return []
    steps = state.resources["steps"]
    if state.position == START and _before_any_action(state) and \
            route_steps(state.rules, "morning") <= steps:
        return [Use("visit_outer_room")]
    if state.board[state.position].room == "Garage" and \
            garage_route_steps(state.rules) <= steps:
        return [Use("garage_route", "Outer Room")]
    return []


@on_use("visit_outer_room", VISIT)
def _morning_visit(work, action) -> None:
    """§19: before the run, walk out to the Outer Room: draw ``outer_room_draw`` tiles."""
    work.set_flag("outer_visit", "morning")
    work.log("the morning visit to the Outer Room by the West Path", VISIT)
    _draw(work, number(work.rules, "outer_room_draw"))


@on_use("garage_route", "§4 Action C")
def _garage_route(work, action) -> None:
    """§4 Action C, §19: from the Garage by the West Path to the Outer Room, instead of the
    morning visit; it draws like the visit, or takes the top tile under
    ``garage_outer_draw=top_tile``."""
    work.turn += 1
    work.set_flag("outer_visit", "garage")
    work.log("from the Garage by the West Path to the Outer Room", "§4 Action C")
    top = work.rules.variant("garage_outer_draw") == "top_tile"
    _draw(work, number(work.rules, "garage_outer_top_draw" if top else "outer_room_draw"))


def _draw(work, n: int) -> None:
    """Queue the draw of ``n`` tiles from the top of the pile (:func:`pile_draw`)."""
    options, known_taken = pile_draw(work.rules, work.s.campaign.outer_pile, n)
    work.queue(Roll("outer_pile", None, options=options, data=(known_taken,)))


@on_roll("outer_pile", "outer room pile")
def _drawn(work, step: Roll, value) -> None:
    """The tiles drawn wait for the player's choice (§19 Visit sequence)."""
    drawn = tuple(value.split(", "))
    work.set_flag("outer_drawn", drawn)
    work.set_flag("outer_rest", tuple(work.s.campaign.outer_pile[step.data[0]:]))
    work.log(f"drew {value} from the Outer Room pile", VISIT)


@legal("outer", yields=(Buy, Use))
def _at_the_outer_room(state) -> list:
    """Choose a drawn tile; in the room: its own actions, then leave (not while a trade waits
    for its kept card)."""
    drawn = state.flags.get("outer_drawn")
    if drawn:
        return [Use("enter_outer_room", t) for t in dict.fromkeys(drawn)]
    room = state.flags["outer_room"]
    out = list(OFFERS[room](state, None)) if room in OFFERS else []
    if state.flags.get("trade_hand"):
        return out
    if state.flags.get("outer_trunks"):
        if state.resources["keys"]:
            out.append(Use("open_outer_trunk", "Key"))
        if "Sledgehammer" in state.items:
            out.append(Use("open_outer_trunk", "Sledgehammer"))
    out.append(Use("leave_outer_room", return_to(state)))
    return out


@on_use("enter_outer_room", VISIT)
def _enter(work, action) -> None:
    """§19 Visit sequence: the chosen tile goes in the slot, the others to the bottom of the
    pile; pay the steps there (the morning's legs, or the Garage route's) and enter: the
    tile's effect triggers on entry, then what held items and rooms on the board do on every
    entry (:func:`..turn.watch_entry`; the tile is the day's one visit: a first entry)."""
    from ..turn import watch_entry  # (here: see reducer.legal)

    room = action.target
    others = list(work.flag("outer_drawn"))
    others.remove(room)
    pile = (*work.flag("outer_rest", ()), *others, room)
    work.set_flag("outer_drawn", ())
    work.set_flag("outer_rest", ())
    work.set_flag("outer_room", room)
    if others:
        work.log(f"{', '.join(others)} to the bottom of the Outer Room pile", VISIT)
    work.carry_forward("outer_pile", pile, f"the {room} goes under the Outer Room pile at the "
                       f"end of the day; its known order: {', '.join(pile)}", VISIT)
    if work.flag("outer_visit") == "morning":
        work.gain("steps", -route_steps(work.rules, "morning"),
                  "Grounds to the West Path to the Outer Room", VISIT)
    else:
        work.gain("steps", -garage_route_steps(work.rules),
                  "Garage to the West Path to the Outer Room", "§4 Action C")
    _trunk_rolls(work, room)
    work.set_flag("outer_inside", True)
    work.log(f"entered the {room} in the Outer Room slot", VISIT)
    ENTER[room](work, None, True)
    watch_entry(work, Entry(room, None, True))


def _trunk_rolls(work, room: str) -> None:
    """§8 Locked Trunks: a Bedroom or Green Room tile chosen for the slot rolls for its
    trunks as a drafted one does (``rooms.csv`` ``trunk_rolls``), before it is entered; a
    trunk found lies in the Outer Room (flag ``"outer_trunks"``). (The roll resolves after
    the entry's own effects, which read no trunk.)"""
    rolls = work.rules.room(room)["trunk_rolls"]
    die = trunk_die(work.rules, room, START[0])  # (the slot has no rank; only the Boudoir's
    for _ in range(rolls):                       # die would read one)
        if die is None:
            work.add_trunks(None, 1, "§8 Locked Trunks (never locked: OPEN)")
        else:
            work.queue(Roll("trunk", None, die))


@on_use("leave_outer_room", VISIT)
def _leave(work, action) -> None:
    """§19 Step costs: back to the Entrance Hall (the morning's return legs, or the Garage
    route's 2 steps), or to the Garage (variant ``garage_outer_return``)."""
    from ..turn import enter  # (here: see reducer.legal)

    morning = work.flag("outer_visit") == "morning"
    work.set_flag("outer_inside", False)
    work.gain("steps", -route_steps(work.rules, "morning_return" if morning else
                                    "garage_return"),
              f"from the Outer Room back to the {action.target}", VISIT)
    if morning:
        work.position = START
        work.log("the run begins in the Entrance Hall", VISIT)
        return
    work.turn += 1
    enter(work, START if action.target == "Entrance Hall" else work.position, 0)


@on_use("open_outer_trunk", "§8 Locked Trunks")
def _open_outer_trunk(work, action) -> None:
    """§8 Locked Trunks: a trunk token a card put in the Outer Room (flag ``"outer_trunks"``)
    opens with 1 Key or the Sledgehammer: draw 1 Trunk Result card."""
    work.set_flag("outer_trunks", work.flag("outer_trunks") - 1)
    if action.target == "Key":
        work.gain("keys", -1, "opened a trunk", "§8 Locked Trunks")
    work.log("opened a trunk in the Outer Room: draw 1 Trunk Result card", "§8 Locked Trunks")
    work.queue(CardDraw("trunk", None))


# -- the five Outer Rooms (§19 The 5 Outer Rooms) ---------------------------------------------

@on_enter("Toolshed")
def _toolshed(work, cell, first: bool) -> None:
    """§19 Toolshed, §7: draw the Special Items cards of its ``item_spawns.csv`` row (2) and
    keep both (``cell`` is None: off the board)."""
    draws = spawn_draws(work.rules.rows("tables/item_spawns.csv")["Toolshed"])
    work.log(f"the Toolshed: draw {len(draws)} Special Items cards", "§19 Toolshed")
    for deck in draws:
        work.queue(CardDraw(deck, None))


@on_enter("Shelter")
def _shelter(work, cell, first: bool) -> None:
    """§19 Shelter: take ``shelter_tokens`` Shelter tokens: each Red Room drafted after takes
    one (:func:`.red.shelter`). Its safe (carry_forward.csv): the first entry ever opens it
    (carry ``safe:Shelter``); its gem is there on every entry."""
    n = number(work.rules, "shelter_tokens")
    work.set_flag("shelter_tokens", work.flag("shelter_tokens", 0) + n)
    work.log(f"took {n} Shelter tokens: the Shelter is active this run", "§19 Shelter")
    row = next(r for r in work.rules.rows("tables/carry_forward.csv").values()
               if r["room"] == "Shelter" and r["trigger"] == "first_ever_entry")
    if "safe:Shelter" not in work.s.campaign.discoveries and "safe:Shelter" not in work.carry:
        work.carry_forward("safe:Shelter", True, "the Shelter safe is opened for good",
                           row["source"])
    work.gain("gems", int(row["gems"]), "the Shelter safe", row["source"])


@on_enter("Root Cellar")
def _root_cellar(work, cell, first: bool) -> None:
    """§19 Root Cellar: ``root_cellar_dirt`` dirt piles on the tile itself (flag
    ``"outer_dirt"``), and every room placed later this run gets 1 more (flag
    ``"root_cellar"``)."""
    n = number(work.rules, "root_cellar_dirt")
    work.set_flag("outer_dirt", n)
    work.set_flag("root_cellar", True)
    work.log(f"{n} dirt pile(s) on the Root Cellar; every room placed later this run gets "
             "1 more", "§19 Root Cellar")


@offers("Root Cellar")
def _root_cellar_offers(state, cell) -> list:
    """§8 Digging: with the Shovel, dig the Root Cellar's dirt piles while there."""
    return [Use("dig_root_cellar")] if state.flags.get("outer_dirt") and \
        "Shovel" in state.items else []


@on_use("dig_root_cellar", "§19 Root Cellar")
def _dig_root_cellar(work, action) -> None:
    """§8 Digging in the Root Cellar: one of its dirt piles, off the board."""
    from ..turn import dig_at  # (here: see reducer.legal)

    work.set_flag("outer_dirt", work.flag("outer_dirt") - 1)
    dig_at(work, None, "dug a dirt pile in the Root Cellar")


@on_enter("Hovel")
def _hovel(work, cell, first: bool) -> None:
    """§19 Hovel: for the rest of the run room gem costs are paid as steps (flag
    ``"hovel"``, read by :func:`mechanics.tile_cost`)."""
    work.set_flag("hovel", True)
    work.log(f"the Hovel: gem costs of drafts are paid as "
             f"{number(work.rules, 'hovel_steps_per_gem')} steps per gem this run", "§19 Hovel")


@on_enter("Trading Post")
def _trading_post(work, cell, first: bool) -> None:
    """§19 Trading Post: one optional trade this visit (:func:`_trading_post_offers`)."""
    work.log("the Trading Post: you may trade 1 held item", "§19 Trading Post")


def _tradable(state, item: str) -> bool:
    """Variant ``trading_post_items``: any held item, or only an item of the Special Items
    deck (``items.csv`` deck)."""
    return state.rules.variant("trading_post_items") == "any_item" or \
        ITEMS_DECK in (state.rules.rows("tables/items.csv")[item]["deck"] or ())


@offers("Trading Post")
def _trading_post_offers(state, cell) -> list:
    """§19 Trading Post: one trade per visit, while the Special Items deck has a card; once
    the cards are drawn, only the choice of the one to keep."""
    hand = state.flags.get("trade_hand")
    if hand:
        return [Use("trading_post_keep", c) for c in dict.fromkeys(hand)]
    remaining, discard = state.decks[ITEMS_DECK]
    if state.flags.get("traded") or not (sum(remaining.values()) + sum(discard.values())):
        return []
    return [Use("trading_post_trade", item) for item in sorted(state.items)
            if _tradable(state, item)]


@on_use("trading_post_trade", "§19 Trading Post")
def _trade(work, action) -> None:
    """§19 Trading Post: set the item aside (its card stays out of the deck until the trade
    ends) and draw the Special Items cards of its ``item_spawns.csv`` row (2)."""
    del work.items[action.target]
    work.set_flag("trade_aside", action.target)
    work.set_flag("traded", True)
    work.log(f"set aside the {action.target} to trade", "§19 Trading Post")
    _draw_for_trade(work)


def _draw_for_trade(work) -> None:
    """Queue the next card of the trade from the top of the Special Items deck (an empty
    deck is first reshuffled from its discards, §8)."""
    remaining, discard = work.decks[ITEMS_DECK]
    if not sum(remaining.values()):
        work.decks[ITEMS_DECK] = (dict(discard), {})
        work.log(f"the {ITEMS_DECK} deck is empty: discards reshuffled", "§8 Deck Reshuffle Rule")
    top = top_of_deck(work.decks[ITEMS_DECK][0], work.flag(f"bottom:{ITEMS_DECK}", ()))
    if top:
        work.queue(Roll("trading_post", None, options=tuple(top.items())), front=True)


@on_roll("trading_post", "trading post card")
def _trade_card(work, step: Roll, card) -> None:
    """A card drawn for the trade: into the hand (held) until one is kept."""
    remaining = work.decks[ITEMS_DECK][0]
    bottom = work.flag(f"bottom:{ITEMS_DECK}", ())
    if bottom and sum(remaining.values()) == len(bottom):
        work.set_flag(f"bottom:{ITEMS_DECK}", bottom[1:])
    remaining[card] -= 1
    work.held[(ITEMS_DECK, card)] = work.held.get((ITEMS_DECK, card), 0) + 1
    hand = (*work.flag("trade_hand", ()), card)
    work.set_flag("trade_hand", hand)
    work.log(f"drew {card} for the trade", "§19 Trading Post")
    row = work.rules.rows("tables/item_spawns.csv")["Trading Post"]
    if len(hand) < len(spawn_draws(row)):
        _draw_for_trade(work)


@on_use("trading_post_keep", "§19 Trading Post")
def _keep(work, action) -> None:
    """§19 Trading Post: keep 1 drawn card (it resolves as drawn), return the other face
    down to the deck, then shuffle the set-aside item back (:func:`_shuffle_back`)."""
    remaining = work.decks[ITEMS_DECK][0]
    hand = list(work.flag("trade_hand"))
    for card in hand:
        work.held[(ITEMS_DECK, card)] -= 1
        remaining[card] += 1
    hand.remove(action.target)
    work.set_flag("trade_hand", ())
    for card in hand:
        work.log(f"{card} returns face down to the {ITEMS_DECK} deck", "§19 Trading Post")
    work.draw_card(CardDraw(ITEMS_DECK, None), action.target)
    item = work.flag("trade_aside")
    work.set_flag("trade_aside", "")
    _shuffle_back(work, item)


def _shuffle_back(work, item: str) -> None:
    """The traded item's card goes back into its deck: the card held for it
    (``held_item_cards=in_hand``), else one of its cards in the discards, its ``items.csv``
    decks first; an item with no card there is out of play for the rest of the run."""
    first = work.rules.rows("tables/items.csv")[item]["deck"] or ()
    cards = [(deck, c) for deck in sorted(DAY_DECKS, key=lambda d: d not in first)
             for c, row in work.rules.rows(f"decks/{deck}.csv").items()
             if row.get("item") == item]
    section = "§19 Trading Post"
    held = next((dc for dc in cards if work.held.get(dc)), None)
    if held is not None:
        work.held[held] -= 1
    else:
        held = next((dc for dc in cards if work.decks[dc[0]][1].get(dc[1])), None)
        if held is None:
            work.log(f"the traded {item} has no card in the discards: it is out of play "
                     "this run", section)
            return
        work.decks[held[0]][1][held[1]] -= 1
    deck, card = held
    remaining = work.decks[deck][0]
    remaining[card] = remaining.get(card, 0) + 1
    work.log(f"the traded {item} is shuffled into the {deck} deck", section)
