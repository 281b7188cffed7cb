"""Golden days of the core turn: drafting, locks, moving, the Pantry's fruit."""

from .play import Script

SCRIPTS = {
    "core_pantry_and_den": Script((
        "draft north", "tile drawn: Pantry", "tile drawn: Den", "tile drawn: Nook",
        "take Slot 1: Pantry", "settle", "move to Pantry (2, 3)", "settle",
        "draft", "tile drawn: Spare Room", "tile drawn: Storeroom", "tile drawn: Closet",
        "take Slot 1: Spare Room", "settle", "end the day",
    )),
}


#: What each day shows, for ``coverage()``: (room, item, resource or action, its effects ...).
COVERS = {"core_pantry_and_den": (("Pantry", "draft", "enter"),)}
