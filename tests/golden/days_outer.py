"""Golden days of the Outer Room (§19): the morning visit, the Garage route and its five
tiles."""

from manorkit.blueprince.engine import Campaign

from .play import Script

#: A campaign after the first Garage entry ever (§19), the pile's order not yet known.
GROUNDS = Campaign(discoveries=("outer_room",))
#: A later morning: the whole pile's order is known from earlier days (top first).
KNOWN = Campaign(discoveries=("outer_room",),
                 outer_pile=("Hovel", "Root Cellar", "Shelter", "Trading Post", "Toolshed"))


def draft(direction: str, tile: str, beside=("Den", "Nook")) -> tuple[str, ...]:
    """Draft ``tile`` from Slot 1 through ``direction``, the Den and Nook beside."""
    return (f"draft {direction}", f"tile drawn: {tile}",
            *(f"tile drawn: {t}" for t in beside), f"take Slot 1: {tile}")


SCRIPTS = {
    # The first morning visit: 3 of the 5 face-down tiles, the Toolshed's 2 Special Items
    # cards kept, 5 steps there and back (45 left); the pile's new known order is carried.
    "outer_morning_toolshed": Script((
        "visit outer room", "outer room pile: Shelter, Toolshed, Trading Post",
        "enter outer room: Toolshed", "special_items card: Shovel",
        "special_items card: Lockpick Kit", "leave outer room: Entrance Hall",
        *draft("north", "Spare Room"), "move to Spare Room", "end the day",
    ), campaign=GROUNDS),
    # The Shelter's 3 tokens: the Weight Room drafted after it keeps your steps (variant
    # weight_room_shelter), the Gymnasium takes no steps on entry; the safe's first gem.
    "outer_shelter_red_rooms": Script((
        "visit outer room", "outer room pile: Hovel, Shelter, Toolshed",
        "enter outer room: Shelter", "leave outer room: Entrance Hall",
        *draft("east", "Weight Room"), "settle", *draft("west", "Gymnasium"), "settle",
        "move to Gymnasium", "end the day",
    ), campaign=GROUNDS),
    # A known pile draws its top 3; the Hovel (a Bedroom: its trunk roll, §8) turns a 1-gem
    # Slot 2 cost into 3 steps.
    "outer_hovel": Script((
        "visit outer room", "outer room pile: Hovel, Root Cellar, Shelter",
        "enter outer room: Hovel", "trunk roll: LOCKED", "leave outer room: Entrance Hall",
        "draft north", "tile drawn: Spare Room", "tile drawn: Observatory",
        "tile drawn: Storeroom", "take Slot 2: Observatory", "settle", "end the day",
    ), campaign=KNOWN),
    # The Root Cellar (a Green Room: a trunk in the Outer Room, §8), its 2 dirt piles dug
    # with a delivered Shovel; every room placed later gets 1 more dirt pile.
    "outer_root_cellar": Script((
        "visit outer room", "outer room pile: Hovel, Root Cellar, Shelter",
        "enter outer room: Root Cellar", "trunk roll: OPEN", "dig root cellar", "settle",
        "leave outer room: Entrance Hall", *draft("north", "Storeroom"), "end the day",
    ), campaign=Campaign(discoveries=("outer_room",), outer_pile=KNOWN.outer_pile,
                         deliveries=("Shovel",))),
    # No morning visit; up Column 1 to the Garage: its Car Keys open the car trunk (a
    # Lockpick Kit); the Garage route to the Outer Room for 2 steps; the Trading Post trades
    # the Lockpick Kit for 1 of 2 Special Items cards; back to the Entrance Hall, 2 steps.
    "outer_garage_trading_post": Script((
        *draft("west", "Spare Room"), "move to Spare Room",
        *draft("west", "West Wing Hall"), "orientation: 3", "move to West Wing Hall",
        *draft("north", "Corridor"), "move to Corridor",
        "draft north", "tile drawn: Hallway", "tile drawn: Den", "tile drawn: Nook",
        "take Slot 2: Den", "orientation: 3", "trunk roll: LOCKED", "move to Den",
        *draft("north", "Garage", ("Hallway", "Nook")), "move to Garage", "car trunk",
        "trunk card: Lockpick Kit", "trunk card: 3 Gems", "garage route: Outer Room",
        "outer room pile: Shelter, Toolshed, Trading Post", "enter outer room: Trading Post",
        "trading post trade: Lockpick Kit", "trading post card: Shovel",
        "trading post card: Salt Shaker", "trading post keep: Shovel",
        "leave outer room: Entrance Hall", "end the day",
    ), campaign=Campaign(discoveries=("outer_room",),
                         outer_pile=("Shelter", "Toolshed", "Trading Post", "Hovel",
                                     "Root Cellar"))),
}


#: What each day shows, for ``coverage()``: (room, item, resource or action, its effects ...).
COVERS = {
    "outer_morning_toolshed": (("Toolshed", "enter"),),
    "outer_shelter_red_rooms": (("Shelter", "enter"), ("Weight Room", "draft"),
                                ("Gymnasium", "draft")),
    "outer_hovel": (("Hovel", "draft", "enter"),),
    "outer_root_cellar": (("Root Cellar", "draft", "enter", "actions"),),
    "outer_garage_trading_post": (("Garage", "actions"), ("Trading Post", "enter", "actions"),
                                  ("Car Keys", "car trunk")),
}
