"""Golden days of the Green Rooms, the spread rooms, The Pool's rooms and the south and west
Antechamber levers (§4 Tomorrow Rooms, §7, §8, §10, §11, §13, §16, §17)."""

from manorkit.blueprince.engine import Campaign

from .play import Script


def _draft(door: str, *tiles: str, take: str = "", lock: str = "") -> tuple[str, ...]:
    """Draft through ``door``: an optional lock roll, the tiles drawn, then take Slot 1 (or
    the step ``take``)."""
    return (f"draft {door}", *((f"lock roll: {lock}",) if lock else ()),
            *(f"tile drawn: {t}" for t in tiles), take or f"take Slot 1: {tiles[0]}")


SCRIPTS = {
    # The Broken Lever from the Closet opens the south Antechamber door at the Greenhouse;
    # The Pool brings in the Locker Room; a column up Column 3 reaches (8, 3) below the
    # Antechamber, and moving in through its south door wins the run (§7, §13, §16).
    "green_south_lever_win": Script((
        *_draft("west", "Closet", "Den", "Nook"), "move to Closet",
        "common_items card: Gem", "special_items card: Broken Lever",
        "move to Entrance Hall",
        *_draft("north", "Spare Room", "Den", "Nook"), "move to Spare Room",
        *_draft("north", "Conference Room", "Den", "Nook"), "orientation: 3",
        "move to Conference Room",
        *_draft("east", "Den", "Nook", "Storeroom"), "orientation: 0", "trunk roll: LOCKED",
        "move to Den",
        *_draft("east", "Greenhouse", "Nook", "Storeroom"), "trunk roll: LOCKED",
        "move to Greenhouse", "spawn roll: 1",
        "move to Conference Room",
        *_draft("north", "The Pool", "Nook", "Storeroom"), "orientation: 1", "move to The Pool",
        *_draft("north", "Locker Room", "Nook", "Storeroom", lock="OPEN"), "move to Locker Room",
        *_draft("north", "Courtyard", "Nook", "Storeroom", lock="OPEN"), "orientation: 1",
        "trunk roll: LOCKED", "move to Courtyard", "spawn roll: 6", "common_items card: Key",
        *_draft("north", "Cloister", "Nook", "Storeroom"), "trunk roll: OPEN",
        "move to Cloister", "spawn roll: 3", "open a trunk with the Key", "trunk card: 3 Gems",
        *_draft("north", "Hallway", "Nook", "Storeroom", lock="OPEN"), "move to Hallway",
        "move to Antechamber",
    )),
    # Spreads: the Patio puts a gem on each Green Room, the Office's safe gives its gem and
    # its terminal a coin on every room; walking round collects them (§10, §14).
    "green_spreads": Script((
        *_draft("west", "Terrace", "Den", "Nook"), "trunk roll: LOCKED",
        *_draft("north", "Patio", "Den", "Nook"), "orientation: 0", "trunk roll: LOCKED",
        *_draft("east", "Office", "Den", "Nook"), "orientation: 2",
        "move to Office", "spread gold",
        "move to Patio", "spawn roll: 1",
        "move to Terrace", "spawn roll: 4", "common_items card: 2 Coins",
        "end the day",
    )),
    # The Veranda, the Solarium (unlocked) and the Terrace: 4 tiles from Green Room doors, the
    # Cloister's dirt pile, the Veranda's extra Common Items card in Green Rooms drafted after
    # it, and Green Rooms free to draft from any slot (§16, §17).
    "green_veranda_solarium_terrace": Script((
        *_draft("west", "Solarium", "Den", "Nook"), "trunk roll: LOCKED",
        *_draft("north", "Veranda", "Den", "Nook"), "orientation: 0", "trunk roll: LOCKED",
        "move to Veranda", "spawn roll: 2",
        *_draft("east", "Cloister", "Den", "Nook", "Storeroom"), "trunk roll: LOCKED",
        "move to Cloister", "spawn roll: 5", "common_items card: Gem",
        "common_items card: Ivory Dice",
        *_draft("east", "Den", "Terrace", "Nook", "Storeroom", take="take Slot 2: Terrace"),
        "trunk roll: LOCKED", "move to Terrace", "spawn roll: 1", "common_items card: Apple",
        "move to Cloister",
        *_draft("north", "Nook", "Patio", "Storeroom", "Closet", take="take Slot 2: Patio"),
        "orientation: 1", "trunk roll: LOCKED",
        "end the day",
    ), campaign=Campaign(unlocked=("Solarium",))),
    # The Pool brings the Sauna and the Locker Room into the bag: the Locker Room's key goes
    # on the Hallway, the Sauna's card carries +20 steps, and lockers are opened (§4, §16).
    "green_pool_lockers_sauna": Script((
        *_draft("north", "Hallway", "Den", "Nook"), "move to Hallway",
        *_draft("north", "The Pool", "Den", "Nook"), "orientation: 1", "move to The Pool",
        *_draft("north", "Locker Room", "Den", "Nook"),
        *_draft("west", "Sauna", "Den", "Nook"),
        "move to Hallway", "move to Locker Room",
        "open locker", "locker roll: OPEN", "common_items card: Key",
        "open locker", "locker roll: LOCKED",
        "end the day",
    )),
    # The Secret Garden Key, dug with a Shovel from the Courtyard's dirt, opens a padlocked
    # west edge door onto the Secret Garden; its first entry spreads fruit on the Green Rooms
    # and pulls the west lever (§6, §8, §11, §16).
    "green_secret_garden": Script((
        *_draft("west", "Closet", "Den", "Nook"), "move to Closet",
        "common_items card: Key", "special_items card: Shovel",
        "move to Entrance Hall",
        *_draft("north", "Courtyard", "Den", "Nook"), "orientation: 1", "trunk roll: LOCKED",
        "move to Courtyard", "spawn roll: 1",
        "dig a dirt pile", "dig card: Secret Garden Key",
        *_draft("north", "Cloister", "Den", "Nook"), "trunk roll: LOCKED",
        "move to Cloister", "spawn roll: 1",
        *_draft("north", "Den", "Nook", "Storeroom"), "orientation: 1", "trunk roll: LOCKED",
        "move to Den",
        *_draft("west", "Spare Room", "Nook", "Storeroom", lock="OPEN"), "move to Spare Room",
        "draft west", "lock roll: LOCKED", "use the Secret Garden Key", "trunk roll: LOCKED",
        "move to Secret Garden", "spawn roll: 1",
        "eat the orange", "eat the apple",
        "end the day",
    )),
}


#: What each day shows, for ``coverage()``: (room, item, resource or action, its effects ...).
COVERS = {
    "green_south_lever_win": (("Greenhouse", "draft", "enter"), ("Broken Lever", "lever"),
                              ("The Pool", "draft"), ("Courtyard", "draft", "enter"),
                              ("Cloister", "draft"), ("Antechamber", "enter"), ("Key", "use"),
                              ("OpenTrunk", "action")),
    "green_spreads": (("Terrace", "draft", "enter"), ("Patio", "draft"),
                      ("Office", "enter", "actions")),
    "green_veranda_solarium_terrace": (("Solarium", "passive"), ("Veranda", "draft", "passive"),
                                       ("Cloister", "draft", "enter"), ("Terrace", "passive"),
                                       ("Patio", "draft")),
    "green_pool_lockers_sauna": (("The Pool", "draft"), ("Locker Room", "draft", "actions"),
                                 ("Sauna", "draft")),
    "green_secret_garden": (("Closet", "enter"), ("Courtyard", "draft"), ("Shovel", "dig"),
                            ("Secret Garden Key", "unlock"), ("Secret Garden", "draft", "enter"),
                            ("Eat", "action"), ("Den", "enter")),
}
