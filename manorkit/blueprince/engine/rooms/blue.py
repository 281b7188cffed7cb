"""Blueprint rooms (§7 Guaranteed resources, §16 Simple Resource Rooms and room entries;
§4 Action C Garage; §4 Tomorrow Rooms Freezer and Coat Check; §16 Ballroom, Mail Room,
Security, Rotunda). The Drafting Rooms are :mod:`.drafting`, Studio Additions
:mod:`.studio`, Found Floor Plans :mod:`.found`."""

from __future__ import annotations

from ...board import WORDS, Tile
from ...mechanics.numbers import number
from ..actions import Use
from ..drafting import back_door
from ..hooks import data_only, offers, on_draft, on_enter, on_roll, on_use, watches_entries
from ..pending import CardDraw, Roll
from ..rewards import fruit_roll, spawn_draws
from ..setup import START

data_only("§16 Simple Resource Rooms: room_resources.csv, item_spawns.csv",
          "Den", "Storeroom", "Vault", "Nook", "Spare Room")


@on_draft("Wine Cellar")
def _wine_cellar(work, cell) -> None:
    """§16 Wine Cellar: its 3 gems are ``room_resources.csv``; its dig spot is 2 dirt piles
    (§8 table, ``rooms.csv``), or under ``wine_cellar_dirt=die_open`` a blue-die roll on
    draft: OPEN places ``wine_cellar_dirt`` dirt pile(s)."""
    if work.rules.variant("wine_cellar_dirt") == "die_open":
        work.queue(Roll("wine_cellar", cell, "lock_blue"))


@on_roll("wine_cellar", "Wine Cellar dig spot roll")
def _wine_cellar_roll(work, step, value) -> None:
    if value == "OPEN":
        work.add_dirt(step.cell, number(work.rules, "wine_cellar_dirt"), "§16 Wine Cellar")


@on_draft("Pantry")
def _pantry(work, cell) -> None:
    """§16 Pantry: 1 random fruit token on the tile when drafted (none under
    ``pantry_maid_suppression=suppressed`` once the Maid's Chamber is drafted); its 4 coins
    come on first entry (room_resources.csv)."""
    if work.flag("maid") and work.rules.variant("pantry_maid_suppression") == "suppressed":
        work.log("the Maid's Chamber suppresses the Pantry's fruit", "§16 Pantry")
        return
    work.queue(fruit_roll(work, cell))


data_only("§7 Item draws by room, §16 Closet / Walk-in Closet / Attic: item_spawns.csv draws "
          "(Closet cards go under their decks, variant closet_returns; Locked Trunk cards "
          "place trunks)", "Closet", "Walk-in Closet", "Attic")


@on_enter("Ballroom")
def _ballroom(work, cell, first: bool) -> None:
    """§16 Ballroom, §4 Gem Cost Rules: on every entry your gems are set to exactly
    ``ballroom_gems`` — a replacement, not a gain (its ``room_resources.csv`` row is
    ``set_on_entry``, which the generic rewards skip)."""
    target = number(work.rules, "ballroom_gems")
    work.gain("gems", target - work.res["gems"], f"the Ballroom sets gems to {target}",
              "§16 Ballroom")


# -- the Garage (§4 Action C) ---------------------------------------------------------------

@on_draft("Garage")
def _garage_drafted(work, cell) -> None:
    """Variant ``car_keys_source=garage_tile`` (placeholder): the Car Keys lie on the
    Garage tile and are picked up on entry; ``unavailable``: they never enter play."""
    if work.rules.variant("car_keys_source") == "garage_tile" and "Car Keys" not in \
            work.in_play():
        work.place_tokens(cell, "Car Keys", 1, "§4 Action C (variant car_keys_source)")


@on_enter("Garage")
def _garage(work, cell, first: bool) -> None:
    """§19 Permanently Adding the Outer Room: the first entry ever into the Garage adds the
    Outer Room to the grounds (carry ``outer_room``; none under
    ``outer_rooms_base=expansion``)."""
    if work.rules.variant("outer_rooms_base") == "expansion":
        return
    if "outer_room" not in work.s.campaign.discoveries and "outer_room" not in work.carry:
        work.carry_forward("outer_room", True, "the Outer Room is added to the grounds for "
                           "good", "§19 Permanently Adding the Outer Room")


def garage_travel_steps(rules) -> int:
    """Steps of fast travel standing in the Garage (§4 Action C: "2 Steps total — 1 to enter
    the Garage, 1 for the West Path transit"): the 2 less the step into the Garage, or all 2
    under ``garage_travel_cost=from_garage``."""
    steps = number(rules, "garage_travel_steps")
    if rules.variant("garage_travel_cost") == "total_two":
        steps -= number(rules, "garage_entry_steps")
    return steps


@offers("Garage")
def _garage_offers(state, cell) -> list:
    out = []
    if garage_travel_steps(state.rules) <= state.resources["steps"]:
        out.append(Use("fast_travel", "Entrance Hall"))
    if "Car Keys" in state.items and not state.flags.get("car_trunk"):
        out.append(Use("car_trunk"))
    return out


@on_use("fast_travel", "§4 Action C")
def _fast_travel(work, action) -> None:
    """§4 Action C: from the Garage straight to the Entrance Hall by the West Path: no door
    rolls, no lock checks."""
    from ..turn import enter  # (here: see reducer.legal)

    work.turn += 1
    work.log("fast travel by the West Path", "§4 Action C")
    enter(work, START, garage_travel_steps(work.rules))


@on_use("car_trunk", "§4 Action C")
def _car_trunk(work, action) -> None:
    """§4 Action C, §6: the car trunk opens only with the Car Keys (never consumed; once per
    run): draw ``car_trunk_cards`` Trunk Result cards. The first opening ever also finds the
    Tunnel floorplan (§9)."""
    from .found import found_floor_plan

    work.set_flag("car_trunk", True)
    n = number(work.rules, "car_trunk_cards")
    work.log(f"the Car Keys open the car trunk: draw {n} Trunk Result cards", "§4 Action C")
    found_floor_plan(work, "Tunnel", "the first car trunk opening", "§9 The Tunnel")
    for _ in range(n):
        work.queue(CardDraw("trunk", work.position))


# -- Mail Room, Freezer, Coat Check, Security -----------------------------------------------

@on_draft("Mail Room")
def _mail_room(work, cell) -> None:
    """§16 Mail Room, §14: drafted with a package pending (``Campaign.package``), the package
    arrives: the ``item_spawns.csv`` ``package`` draws (2 Special Items, 1 Common Items);
    drafted with none pending, one is ordered for a later run (carry ``package``)."""
    pending = work.carry.get("package", work.s.campaign.package)
    if not pending:
        work.carry_forward("package", True, "Package ordered", "§16 Mail Room")
        return
    row = work.rules.rows("tables/item_spawns.csv")["Mail Room"]
    work.carry_forward("package", False, "the package is delivered", "§16 Mail Room")
    for deck in sorted(spawn_draws(row), reverse=True):  # special_items first, as §16
        work.queue(CardDraw(deck, cell))


@on_draft("Freezer")
def _freezer(work, cell) -> None:
    """§4 Tomorrow Rooms: on draft your current coins and gems are frozen: written on the
    Freezer card (carry ``freezer``), unusable for the rest of this run, added to your totals
    at the start of the next (§3 step 9)."""
    frozen = {r: work.res[r] for r in ("coins", "gems")}
    work.carry_forward("freezer", frozen, f"{frozen['coins']} coins and {frozen['gems']} gems "
                       "frozen until the next run", "§4 Tomorrow Rooms")
    for resource, n in frozen.items():
        work.gain(resource, -n, "frozen by the Freezer", "§4 Tomorrow Rooms")


def coat_check_item(campaign, carry) -> str | None:
    """The item stored at the Coat Check now: this run's check-in or retrieval (carry
    ``coat_check``), else the campaign's."""
    return carry["coat_check"] if "coat_check" in carry else campaign.coat_check


def retrievable(campaign, carry) -> str | None:
    """The item an entry retrieves: the one stored on an earlier run, until it is retrieved
    (or lost) this run; an item checked in this run waits for a future run (§4 Tomorrow Rooms,
    §7 Coat Check: "retrieve it next time you visit on any future run")."""
    return None if "coat_check" in carry else campaign.coat_check


@on_enter("Coat Check")
def _coat_check(work, cell, first: bool) -> None:
    """§4 Tomorrow Rooms, §7: entering, retrieve the item stored on an earlier run
    (:func:`retrievable`); then, with nothing stored, you may check in 1 held item
    (``Use("check_in", item)``) to wait for a later run. Variant
    ``coat_check_bell=rank_bell_dismisses``: if the dinner bell rings on this entry (the first
    room at Rank 8+), the attendant leaves: the stored item goes to the Lost pile and the
    Coat Check is closed for the run (§18)."""
    if work.flag("coat_check_closed"):
        work.log("the attendant has left: the Coat Check is closed today", "§18 The Service Bell")
        return
    stored = coat_check_item(work.s.campaign, work.carry)
    if work.flag("bell") and not work.s.flags.get("bell") and \
            work.rules.variant("coat_check_bell") == "rank_bell_dismisses":
        work.set_flag("coat_check_closed", True)
        work.log("the bell rings in the Coat Check: the attendant leaves for the day",
                 "§18 The Service Bell")
        if stored:
            work.set_flag("lost", tuple(work.flag("lost", ())) + (stored,))
            work.carry_forward("coat_check", None, f"the stored {stored} is misplaced: it "
                               "waits in the Lost pile", "§18 The Service Bell")
        return
    earlier = retrievable(work.s.campaign, work.carry)
    if earlier:
        work.carry_forward("coat_check", None, f"the {earlier} is retrieved", "§4 Tomorrow Rooms")
        work.gain_item(earlier, "§4 Tomorrow Rooms")


@offers("Coat Check")
def _coat_check_offers(state, cell) -> list:
    stored = coat_check_item(state.campaign, state.carry)
    if state.flags.get("coat_check_closed") or stored is not None:
        return []
    return [Use("check_in", item) for item in sorted(state.items)]


@on_use("check_in", "§4 Tomorrow Rooms")
def _check_in(work, action) -> None:
    item = action.target
    work.lose_item(item)
    work.carry_forward("coat_check", item, f"the {item} is checked in at the Coat Check",
                       "§4 Tomorrow Rooms")


SECURITY_LEVELS = ("low", "normal", "high")


@on_enter("Security")
def _security(work, cell, first: bool) -> None:
    """§16 Security is a routing room (``security_levels=routing_only``). Under ``levels``
    you may set the security level once per visit (§4 Action D,
    ``Use("security_level", level)``; ``mechanics.security_die``)."""
    if work.rules.variant("security_levels") == "levels":
        work.set_flag("security_visit", True)


@offers("Security")
def _security_offers(state, cell) -> list:
    out = []
    if state.flags.get("security_visit"):
        now = state.flags.get("security_level", "normal")
        out.extend(Use("security_level", lv) for lv in SECURITY_LEVELS if lv != now)
    if state.rules.variant("security_shovel_order") == "order" and "Shovel" not in \
            state.items and not any("Shovel" in t for t in state.tokens.values()) and \
            "Shovel" not in state.carry.get("deliveries", ()):
        out.append(Use("order_shovel"))
    return out


@on_use("security_level", "§4 Action D")
def _security_level(work, action) -> None:
    work.set_flag("security_visit", False)
    work.set_flag("security_level", action.target)
    work.log(f"security level {action.target}: later drafts roll its lock dice",
             "§4 Action D (variant security_levels)")


@on_use("order_shovel", "§7 The Shovel")
def _order_shovel(work, action) -> None:
    """Variant ``security_shovel_order=order``: order the Shovel at the terminal; it is
    delivered next run (placeholder: in hand at setup, ``Campaign.deliveries``)."""
    work.carry_forward("deliveries", tuple(work.carry.get("deliveries", ())) + ("Shovel",),
                       "the Shovel is ordered for the next run", "§7 The Shovel")


# -- the Rotunda ----------------------------------------------------------------------------

def _rotunda_pair(work, cell, pair: int) -> None:
    tile = work.board[cell]
    work.board[cell] = Tile(tile.room, cell, pair, frozenset({pair % 4, (pair + 2) % 4}))
    names = " and ".join(WORDS[d] for d in sorted(work.board[cell].doors))
    work.log(f"the Rotunda's {names} doors are open", "§16 Rotunda")


@on_draft("Rotunda")
def _rotunda(work, cell) -> None:
    """§16 Rotunda: of its 4 doors only an opposite pair is open. Under
    ``rotunda_placement=connect_back`` it is placed with the pair through the door it was
    drafted through open; under ``as_drawn`` the pair is north-south or east-west by chance
    (and may leave it walled off from that room)."""
    back = back_door(cell, work.position)
    _rotunda_pair(work, cell, back % 2)
    if work.rules.variant("rotunda_placement") == "as_drawn":
        work.queue(Roll("rotunda", cell, options=(("north-south", 1), ("east-west", 1))))


@on_roll("rotunda", "Rotunda open doors")
def _rotunda_drawn(work, step, value) -> None:
    _rotunda_pair(work, step.cell, 0 if value == "north-south" else 1)


@offers("Rotunda")
def _rotunda_offers(state, cell) -> list:
    if number(state.rules, "rotunda_rotate_steps") <= state.resources["steps"]:
        return [Use("rotate")]
    return []


@on_use("rotate", "§16 Rotunda")
def _rotate(work, action) -> None:
    """§16 Rotunda: inside it, spend 1 step to turn the tile 90°: the open pair closes and
    the other pair opens; rooms beyond the closed doors stay, blocked until it turns back.
    As often as you like."""
    cell = work.position
    work.gain("steps", -number(work.rules, "rotunda_rotate_steps"), "turned the Rotunda",
              "§16 Rotunda")
    _rotunda_pair(work, cell, work.board[cell].rotation + 1)


# -- variant random_spawn_deck=special_possible (§7 The Shovel, §5 Magnifying Glass) ---------

@watches_entries("Entrance Hall",
                 active=lambda rules: rules.variant("random_spawn_deck") == "special_possible")
def _blue_special_spawn(work, hall, entry) -> None:
    """Under ``random_spawn_deck=special_possible`` (placeholder mechanism; the only reading
    under which this watcher acts) a blue room with no listed draw (no ``item_spawns.csv``
    row; not a fixed floor plan) and The Foundation roll a d6 on their first entry this run:
    on ``special_spawn_face`` draw 1 Special Items card. (The Entrance Hall is always on the
    board, so it watches every entry; the Green Room half of the reading belongs with the
    Green Rooms.) Like the data's spawns, not in the Outer Room (cell None): its tile's
    effect is all of its entry (§19)."""
    cell, room = entry.cell, entry.room
    if cell is None or not entry.first:
        return
    row = work.rules.room(room)
    if room in work.rules.rows("tables/item_spawns.csv") or "blue" not in row["colours"] or (
            row["category"] == "fixed" and room != "The Foundation"):
        return
    face = str(number(work.rules, "special_spawn_face"))
    work.queue(Roll("spawn", cell, "d6", data=((face,), ("special_items",))))
