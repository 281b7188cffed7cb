"""Golden days of the Bedrooms (§16, §14) and the Red Rooms (§5, §16)."""

from manorkit.blueprince.engine import Campaign

from .play import Script, blind

FILLERS = ("Spare Room", "Storeroom")


def draft(direction: str, tile: str) -> tuple[str, ...]:
    """Draft ``tile`` from Slot 1 through ``direction``, the Spare Room and Storeroom beside."""
    return (f"draft {direction}", f"tile drawn: {tile}",
            *(f"tile drawn: {t}" for t in FILLERS), f"take Slot 1: {tile}")


SCRIPTS = {
    # Nursery +5 itself, Bunk Room +10 at draft, Servant's Quarters 1+2+1 keys +1 Nursery key.
    "bedrooms_nursery_servants": Script((
        *draft("north", "Nursery"), "trunk roll: LOCKED",
        *draft("east", "Bunk Room"), "trunk roll: OPEN", "trunk roll: LOCKED",
        *draft("west", "Servant's Quarters"), "trunk roll: LOCKED",
        "move to Servant's Quarters", "spawn roll: 2",
        "move to Bunk Room", "spawn roll: 6", "common_items card: Gem",
        "open a trunk with the Key", "trunk card: 3 Gems", "end the day",
    )),
    # Bedroom and Guest Bedroom entry steps; Master Bedroom +1 per face-up tile, +10 tomorrow.
    "bedrooms_master_bedroom": Script((
        *draft("north", "Bedroom"), "trunk roll: LOCKED",
        *draft("west", "Guest Bedroom"), "trunk roll: OPEN",
        *draft("east", "Corridor"), "move to Corridor",
        *draft("east", "Master Bedroom"), "trunk roll: LOCKED",
        "move to Bedroom", "spawn roll: 3", "move to Guest Bedroom", "spawn roll: 4",
        "move to Master Bedroom", "spawn roll: 1", "end the day",
    )),
    # Her Ladyship's Chamber: Telescope on the tile, Boudoir +10 and its safe gem, Walk-in
    # Closet +3 gems; ending the day in the Chamber: -10 steps and +1 key tomorrow.
    "bedrooms_ladyship_boudoir": Script((
        *draft("north", "Her Ladyship's Chamber"), "trunk roll: LOCKED",
        *draft("east", "Boudoir"), "trunk roll: LOCKED",
        *draft("west", "Walk-in Closet"),
        "move to Boudoir", "spawn roll: 1",
        "move to Walk-in Closet", "settle",
        "move to Her Ladyship's Chamber", "spawn roll: 1", "end the day",
    )),
    # Maid's Chamber suppresses the Bedroom's spawn; the Dormitory pays after a Drafting Room.
    "bedrooms_maid_dormitory": Script((
        *draft("west", "Dormitory"), "trunk roll: LOCKED", "move to Dormitory",
        "spawn roll: 1", "move to Entrance Hall",
        *draft("east", "Drawing Room"), "settle",
        *draft("north", "Maid's Chamber"), "settle",
        "move to Dormitory", "move to Maid's Chamber", "settle",
        *draft("west", "Bedroom"), "trunk roll: LOCKED", "move to Bedroom", "end the day",
    ), campaign=Campaign(unlocked=("Dormitory",))),
    # Weight Room halves the steps at draft; Archives: hands drawn face-down, one tile hidden
    # (one taken blind, turned face up from the bag's tiles with its back); Furnace;
    # Chapel and Gymnasium on every entry; Lavatory nothing.
    "red_rooms": Script((
        *draft("east", "Weight Room"), "settle",
        *draft("west", "Lavatory"),
        *draft("north", "Archives"), "settle", "move to Archives",
        "draft north", *blind(("Furnace", "Den", "Nook"), hide=3), "take Slot 1: Furnace",
        "draft west", *blind(("Chapel", "Spare Room", "Storeroom"), hide=2),
        "take Slot 1: Chapel", "settle",
        "draft east", *blind(("Den", "Gymnasium", "Storeroom"), hide=2), "take Slot 2: ?",
        "tile revealed: Gymnasium", "settle",
        "move to Chapel", "move to Archives", "move to Chapel", "move to Gymnasium",
        "move to Lavatory", "end the day",
    )),
    # Darkroom: a random held item goes to the Lost pile, then the Photo; the Lost & Found
    # (found on an earlier day) takes a random item first, then gives back the Lost pile.
    "red_darkroom_lost_found": Script((
        *draft("north", "Closet"), "move to Closet", "common_items card: Key",
        "special_items card: Shovel", "move to Entrance Hall",
        *draft("east", "Darkroom"), "settle", "move to Darkroom", "lost in the dark: Shovel",
        "move to Entrance Hall", *draft("west", "Lost & Found"), "settle",
        "move to Lost & Found", "taken by the Lost & Found: Photo", "end the day",
    ), campaign=Campaign(found=("Lost & Found",))),
}


#: What each day shows, for ``coverage()``: (room, item, resource or action, its effects ...).
COVERS = {
    "bedrooms_nursery_servants": (("Nursery", "draft", "passive"), ("Bunk Room", "draft", "enter"),
                                  ("Servant's Quarters", "draft"), ("OpenTrunk", "action"),
                                  ("Key", "use")),
    "bedrooms_master_bedroom": (("Bedroom", "enter"), ("Guest Bedroom", "draft", "enter"),
                                ("Master Bedroom", "enter", "end of day")),
    "bedrooms_ladyship_boudoir": (("Her Ladyship's Chamber", "draft", "passive", "end of day"),
                                  ("Boudoir", "enter"), ("Walk-in Closet", "enter")),
    "bedrooms_maid_dormitory": (("Dormitory", "enter", "passive"),
                                ("Maid's Chamber", "draft", "enter"), ("Bedroom", "enter")),
    "red_rooms": (("Weight Room", "draft"), ("Archives", "passive"), ("Chapel", "enter"),
                  ("Gymnasium", "enter"), ("Hide", "action")),
    "red_darkroom_lost_found": (("Closet", "enter"), ("Darkroom", "enter"),
                                ("Lost & Found", "enter")),
}
