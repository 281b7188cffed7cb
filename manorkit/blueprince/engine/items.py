"""Items of §7 and §6: where each one's rule lives, and the effects items trigger themselves.

Every item of ``tables/items.csv`` (the §7 items and the resources, its ``kind``) is
registered once with :func:`~.hooks.item`: with the hooks it runs (on being gained, on
entries, on drafts, abilities it offers) and with its other ``uses``, each read where it
applies (``where``). ``coverage()`` asks a test of each. An unknown or repeated name fails at
import.
"""

from __future__ import annotations

from ..mechanics.numbers import number
from . import hooks
from .actions import Use
from .hooks import item
from .pending import Roll

# -- items read where their rule applies ------------------------------------------------------

for _name, _section, _where, _uses in (
    ("Shovel", "§8 Digging", "turn.Dig", ("dig",)),
    ("Metal Detector", "§8 Digging", "turn.dig_at", ("dig",)),
    ("Sledgehammer", "§8 Locked Trunks", "turn.OpenTrunk", ("open a trunk",)),
    ("Lockpick Kit", "§6 When a Lock Is Discovered", "drafting.Unlock, turn.Move",
     ("unlock", "move")),
    ("Silver Key", "§6 Special Keys", "drafting.Unlock, turn.Move", ("unlock", "move")),
    ("Prism Key", "§6 Special Keys", "drafting.Unlock, rooms.keys", ("unlock", "lite effect")),
    ("Secret Garden Key", "§6 Special Keys", "drafting.Unlock, rooms.keys", ("unlock",)),
    ("Salt Shaker", "§11 Fruit Tokens", "mechanics.food_steps", ("food",)),
    ("Silver Spoon", "§11 Fruit Tokens", "mechanics.food_steps", ("food",)),
    ("Coupon Book", "§7 Item Reference", "rooms.shops prices", ("shop",)),
    ("Telescope", "§5 The Observatory & Constellations", "rooms.puzzles Observatory",
     ("observatory",)),
    ("Broken Lever", "§7 Item Reference", "rooms.green Greenhouse", ("lever",)),
    ("Car Keys", "§4 Action C", "rooms.blue Garage", ("car trunk",)),
    ("Running Shoes", "§7 Item Reference", "decks (steps on collection), rooms.hallways",
     ("collect",)),
    ("Ivory Dice", "§4 Step 4", "a token: drafting.Redraw", ("redraw",)),
    ("Cupcake", "§7 Special Items Deck", "decks/special_items.csv food", ("eat",)),
    ("Magnifying Glass", "§5 The Apple Orchard", "items.Photo: the gate code, read with it",
     ("gate code",)),
    ("Room 46 Key", "§13 Opening Room 46", "rooms.fixed Antechamber", ()),
    ("Key", "§6 Lock & Key System", "a resource", ()),
    ("Gem", "§2 Tokens & Physical Pieces", "a resource", ()),
    ("Banana", "§12 The Kitchen", "rooms.shops", ()),
    ("Club Sandwich", "§12 The Kitchen", "rooms.shops", ()),
    ("Bacon & Eggs", "§12 The Kitchen", "rooms.shops", ()),
    ("Chef Salad", "§12 The Kitchen", "rooms.shops", ()),
    ("Tomato Soup", "§12 The Kitchen", "rooms.shops", ()),
    ("3 Keys", "§12 The Locksmith", "rooms.shops", ()),
    ("Special Key", "§12 The Locksmith", "rooms.shops", ()),
):
    item(_name, _section, _where, _uses)


# -- items with effects of their own ------------------------------------------------------------

def _mask_enter(work, entry: hooks.Entry) -> None:
    """§7 Sleeping Mask: the first entry of each Bedroom this run gives extra steps (the Bunk
    Room twice under ``sleeping_mask_bunk=ten``); the Outer Room's Hovel is a Bedroom too."""
    room = entry.room
    if not entry.first or "purple" not in work.colours(room):
        return
    weight = work.rules.room(room)["bedroom_weight"] or 1
    times = weight if work.rules.variant("sleeping_mask_bunk") == "ten" else 1
    work.gain("steps", number(work.rules, "sleeping_mask_steps") * times,
              f"Sleeping Mask in {room}", "§7 Item Reference")


item("Sleeping Mask", "§7 Item Reference", enter=_mask_enter)


def _gate_code(state) -> list:
    if "Photo" in state.items and "Magnifying Glass" in state.items and \
            not state.carry.get("apple_orchard"):
        return [Use("gate_code", "1128")]
    return []


@hooks.on_use("gate_code", "§5 The Apple Orchard")
def _use_gate_code(work, action) -> None:
    work.carry_forward("apple_orchard", True, "the Apple Orchard is unlocked: +20 steps every "
                       "run from tomorrow", "§5 The Apple Orchard")


# (one offer for the pair, the Photo's: holding both makes one gate code, not one per item)
item("Photo", "§5 Darkroom", offers=_gate_code)


def _treasure_offers(state) -> list:
    target = state.flags.get("treasure_map")
    room = state.board[state.position].room
    if "Shovel" in state.items and target in state.rules.room(room)["colours"]:
        return [Use("treasure_dig")]
    return []


@hooks.on_use("treasure_dig", "§7 Item Reference")
def _treasure_dig(work, action) -> None:
    from .turn import dug  # (here: see reducer.legal)

    work.lose_item("Treasure Map")
    work.gain("coins", number(work.rules, "treasure_map_coins"), "the Treasure Map's dig spot",
              "§7 Item Reference")
    dug(work, work.position)


def _map_gained(work) -> None:
    """§7 Treasure Map: each map shows a room type (variant ``treasure_map_target``)."""
    rows = work.rules.rows("tables/treasure_map.csv")
    if work.rules.variant("treasure_map_target") == "random_type":
        work.queue(Roll("treasure_map", None, "d6"), front=True)
    else:
        colour = next(r["colour"] for r in rows.values() if r["fixed"] == "yes")
        work.set_flag("treasure_map", colour)
        work.log(f"the Treasure Map shows a {colour} room", "§7 Item Reference")


@hooks.on_roll("treasure_map", "room type on the map")
def _map_type(work, step, value) -> None:
    colour = work.rules.rows("tables/treasure_map.csv")[str(value)]["colour"]
    work.set_flag("treasure_map", colour)
    work.log(f"{value}: the Treasure Map shows a {colour} room", "§7 Item Reference")


item("Treasure Map", "§7 Item Reference", gain=_map_gained, offers=_treasure_offers)


def _can_offers(state) -> list:
    room = state.board[state.position].room
    if "green" in state.rules.room(room)["colours"] and not state.flags.get(
            f"watered:{list(state.position)}"):
        return [Use("watering_can")]
    return []


@hooks.on_use("watering_can", "§7 Item Reference")
def _water(work, action) -> None:
    work.set_flag(f"watered:{list(work.position)}", True)
    work.use_charge("Watering Can", "§7 Item Reference")
    work.gain("gems", 1, "the Watering Can", "§7 Item Reference")


item("Watering Can", "§7 Item Reference", offers=_can_offers)
