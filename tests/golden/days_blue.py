"""Golden days of the Blueprint rooms, Hallways, Drafting Rooms, Studio Additions and Found
Floor Plans (fam-blue)."""

from manorkit.blueprince.engine import Campaign

from .play import Script

SCRIPTS = {
    # Walk-in Closet and Study gems, a Study redraw, the Drawing Room's free redraw and safe,
    # the Library's 4 tiles, an Attic, and a Studio Addition unlocked at the Drafting Studio.
    "blue_drafting_rooms": Script((
        "draft west", "tile drawn: Study", "tile drawn: Den", "tile drawn: Nook",
        "take Slot 1: Study",
        "draft east", "tile drawn: Walk-in Closet", "tile drawn: Spare Room",
        "tile drawn: Storeroom", "take Slot 1: Walk-in Closet",
        "move to Walk-in Closet", "common_items card: Gem", "common_items card: Gem",
        "special_items card: Magnifying Glass", "move to Entrance Hall",
        "draft north", "tile drawn: Den", "tile drawn: Nook", "tile drawn: Closet",
        "redraw for 1 gem (Study)", "tile drawn: Drawing Room", "tile drawn: Spare Room",
        "tile drawn: Pantry", "take Slot 1: Drawing Room", "orientation: 0",
        "move to Drawing Room",
        "draft east", "tile drawn: Storeroom", "tile drawn: Nook", "tile drawn: Closet",
        "redraw free (Drawing Room)", "tile drawn: Vault", "tile drawn: Den",
        "tile drawn: Wine Cellar", "redraw for 1 gem (Study)", "tile drawn: Library",
        "tile drawn: Spare Room", "tile drawn: Attic", "take Slot 1: Library",
        "orientation: 2", "move to Library",
        "draft north", "tile drawn: Drafting Studio", "tile drawn: Den", "tile drawn: Nook",
        "tile drawn: Closet", "take Slot 1: Drafting Studio", "move to Drafting Studio",
        "unlock studio: Kennel",
        "move to Drawing Room", "draft west", "tile drawn: Attic", "tile drawn: Den",
        "tile drawn: Nook", "take Slot 1: Attic", "move to Attic",
        *["common_items card: 2 Coins"] * 4, "special_items card: Locked Trunk token",
        "special_items card: Sledgehammer", "special_items card: Shovel",
        "special_items card: Salt Shaker", "open a trunk with the Sledgehammer",
        "trunk card: 3 Gems", "end the day",
    )),
    # The Clock Tower tallies Tomorrow Rooms drafted after it (Coat Check, Freezer); a Closet's
    # cards go under their decks; the Coat Check returns yesterday's item and takes another;
    # a package arrives at the Mail Room; the Ballroom sets gems to 2; Security's levels
    # (variant security_levels=levels) make a Rank 4 door roll the blue die; the Freezer
    # freezes coins and gems.
    "blue_tomorrow_rooms": Script((
        "draft west", "tile drawn: Clock Tower", "tile drawn: Den", "tile drawn: Nook",
        "take Slot 1: Clock Tower",
        "draft east", "tile drawn: Closet", "tile drawn: Spare Room", "tile drawn: Storeroom",
        "take Slot 1: Closet", "move to Closet", "common_items card: Key",
        "special_items card: Shovel", "move to Entrance Hall",
        "draft north", "tile drawn: Passageway", "tile drawn: Den", "tile drawn: Nook",
        "take Slot 1: Passageway", "move to Passageway",
        "draft east", "tile drawn: Coat Check", "tile drawn: Den", "tile drawn: Nook",
        "take Slot 1: Coat Check", "move to Coat Check", "check in: Shovel",
        "move to Passageway",
        "draft west", "tile drawn: Mail Room", "tile drawn: Den", "tile drawn: Nook",
        "take Slot 1: Mail Room", "special_items card: Sledgehammer",
        "special_items card: Running Shoes", "common_items card: 3 Coins",
        "draft north", "tile drawn: Ballroom", "tile drawn: Den", "tile drawn: Nook",
        "take Slot 1: Ballroom", "move to Ballroom",
        "draft north", "tile drawn: Security", "tile drawn: Den", "tile drawn: Nook",
        "take Slot 1: Security", "move to Security", "security level: high",
        "draft north", "lock roll: OPEN", "tile drawn: Freezer", "tile drawn: Den",
        "tile drawn: Nook", "take Slot 1: Freezer", "end the day",
    ), variants={"security_levels": "levels"},
        campaign=Campaign(unlocked=("Clock Tower",), package=True,
                          coat_check="Magnifying Glass")),
    # The Vault's 40 coins and the Wine Cellar's 3 gems and dirt piles; then up Column 1 to
    # the Garage: the Car Keys lie on its tile (variant
    # car_keys_source=garage_tile), the first entry ever adds the Outer Room, the car trunk
    # gives 2 Trunk Result cards and finds the Tunnel floorplan; fast travel home.
    "blue_garage": Script((
        "draft east", "tile drawn: Vault", "tile drawn: Den", "tile drawn: Nook",
        "take Slot 1: Vault", "move to Vault", "move to Entrance Hall",
        "draft north", "tile drawn: Wine Cellar", "tile drawn: Den", "tile drawn: Nook",
        "take Slot 1: Wine Cellar", "move to Wine Cellar", "move to Entrance Hall",
        "draft west", "tile drawn: Spare Room", "tile drawn: Den", "tile drawn: Nook",
        "take Slot 1: Spare Room", "move to Spare Room",
        "draft west", "tile drawn: West Wing Hall", "tile drawn: Den", "tile drawn: Nook",
        "take Slot 1: West Wing Hall", "orientation: 3", "move to West Wing Hall",
        "draft north", "tile drawn: Corridor", "tile drawn: Den", "tile drawn: Nook",
        "take Slot 1: Corridor", "move to Corridor",
        "draft north", "tile drawn: Hallway", "tile drawn: Den", "tile drawn: Nook",
        "take Slot 2: Den", "orientation: 3", "trunk roll: LOCKED", "move to Den",
        "draft north", "tile drawn: Garage", "tile drawn: Hallway", "tile drawn: Nook",
        "take Slot 1: Garage", "move to Garage", "car trunk", "trunk card: 2-3 Keys",
        "amount shown: 3", "trunk card: Lockpick Kit", "fast travel: Entrance Hall",
        "end the day",
    )),
    # The Active Bag's Tunnel brings out the sleeve; sleeve Tunnels chain north from Slot 1; a
    # padlocked Tunnel door is freed by drafting the Foyer, after which no Tunnel rolls.
    "blue_tunnel_chain": Script((
        "draft north", "tile drawn: Tunnel", "tile drawn: Den", "tile drawn: Nook",
        "take Slot 1: Tunnel", "move to Tunnel",
        "draft north", "tile drawn: Den", "tile drawn: Nook", "take Slot 1: Tunnel",
        "move to Tunnel (3, 3)",
        "draft north", "tile drawn: Spare Room", "tile drawn: Closet", "take Slot 1: Tunnel",
        "move to Tunnel (4, 3)",
        "draft north", "lock roll: OPEN", "tile drawn: Den", "tile drawn: Nook",
        "take Slot 1: Tunnel", "move to Tunnel (5, 3)",
        "draft north", "lock roll: LOCKED", "turn back", "move to Entrance Hall",
        "draft west", "tile drawn: Foyer", "tile drawn: Den", "tile drawn: Nook",
        "take Slot 1: Foyer", "move to Tunnel (5, 3)",
        "draft north", "tile drawn: Storeroom", "tile drawn: Closet", "take Slot 1: Tunnel",
        "move to Tunnel (6, 3)",
        "draft north", "tile drawn: Den", "tile drawn: Nook", "take Slot 1: Tunnel",
        "move to Tunnel (7, 3)",
        "draft north", "tile drawn: Spare Room", "tile drawn: Vault", "take Slot 1: Tunnel",
        "move to Tunnel (8, 3)", "end the day",
    ), campaign=Campaign(found=("Tunnel",))),
    # Hallways: the Great Hall rolls the red die even at Rank 1; the Hallway, Corridor and
    # East Wing Hall never lock; the Secret Passage's Halls of Holly clears every padlock and
    # its secret route leads to any Hallway.
    "blue_hallways": Script((
        "draft west", "tile drawn: Great Hall", "tile drawn: Den", "tile drawn: Nook",
        "take Slot 1: Great Hall", "move to Great Hall",
        "draft north", "lock roll: OPEN", "tile drawn: Hallway", "tile drawn: Den",
        "tile drawn: Nook", "take Slot 1: Hallway",
        "draft west", "lock roll: LOCKED", "turn back", "move to Entrance Hall",
        "draft east", "tile drawn: Corridor", "tile drawn: Den", "tile drawn: Nook",
        "take Slot 1: Corridor", "move to Corridor",
        "draft east", "tile drawn: East Wing Hall", "tile drawn: Den", "tile drawn: Nook",
        "take Slot 1: East Wing Hall", "orientation: 1", "move to Entrance Hall",
        "draft north", "tile drawn: Secret Passage", "tile drawn: Den", "tile drawn: Nook",
        "take Slot 1: Secret Passage", "move to Secret Passage",
        "book: The Halls of Holly", "secret route: (1, 5)",
        "draft north", "tile drawn: Spare Room", "tile drawn: Den", "tile drawn: Nook",
        "take Slot 1: Spare Room", "end the day",
    )),
    # Studio Additions: a drawn Dovecote lets the Den turn; the Kennel spawns the Shovel and
    # makes a dig unlock the Dovecote's doors; the Rotunda opens east-west, turns to
    # north-south and lets its drawn tiles turn; the Vestibule locks exactly one door.
    "blue_studio_additions": Script((
        "draft north", "tile drawn: Den", "tile drawn: Dovecote", "tile drawn: Nook",
        "take Slot 1: Den, rotated 0°", "trunk roll: LOCKED", "move to Den",
        "draft west", "tile drawn: Kennel", "tile drawn: Spare Room", "tile drawn: Nook",
        "take Slot 1: Kennel", "move to Kennel",
        "draft west", "tile drawn: Dovecote", "tile drawn: Spare Room", "tile drawn: Nook",
        "take Slot 1: Dovecote", "orientation: 3", "move to Dovecote", "dig a dirt pile",
        "dig card: Key", "move to Den",
        "draft east", "tile drawn: Rotunda", "tile drawn: Spare Room", "tile drawn: Nook",
        "take Slot 1: Rotunda", "move to Rotunda", "rotate",
        "draft north", "tile drawn: Vestibule", "tile drawn: Closet", "tile drawn: Study",
        "take Slot 1: Vestibule", "Vestibule locked door: E", "move to Vestibule",
        "end the day",
    ), campaign=Campaign(unlocked=("Dovecote", "Kennel", "Vestibule"))),
    # The Foundation becomes permanent where first drafted; ending the day in the Planetarium
    # gives an extra Observatory roll next run.
    "blue_foundation_planetarium": Script((
        "draft west", "tile drawn: The Foundation", "tile drawn: Den", "tile drawn: Nook",
        "take Slot 1: The Foundation", "orientation: 2", "move to The Foundation",
        "draft north", "tile drawn: Planetarium", "tile drawn: Den", "tile drawn: Nook",
        "take Slot 1: Planetarium", "move to Planetarium", "end the day",
    ), campaign=Campaign(found=("Planetarium",))),
    # Variant east_lever=placeholder_room: entering the Master Bedroom pulls the east lever;
    # a column of rooms up Column 4 reaches the Antechamber's east door: Room 46 opens.
    "blue_east_lever": Script((
        "draft east", "tile drawn: Passageway", "tile drawn: Den", "tile drawn: Nook",
        "take Slot 1: Passageway", "move to Passageway",
        "draft east", "tile drawn: Master Bedroom", "tile drawn: Den", "tile drawn: Nook",
        "take Slot 1: Master Bedroom", "trunk roll: LOCKED", "move to Master Bedroom",
        "spawn roll: 1",
        "move to Passageway",
        "draft north", "tile drawn: Hallway", "tile drawn: Den",
        "tile drawn: Nook", "take Slot 1: Hallway", "move to Hallway",
        "draft north", "tile drawn: Corridor", "tile drawn: Den",
        "tile drawn: Nook", "take Slot 1: Corridor", "move to Corridor",
        "draft north", "tile drawn: Spare Room", "tile drawn: Den",
        "tile drawn: Nook", "take Slot 1: Spare Room", "move to Spare Room",
        "draft north", "lock roll: OPEN", "tile drawn: Security", "tile drawn: Den",
        "tile drawn: Nook", "take Slot 1: Security", "move to Security",
        "draft north", "lock roll: OPEN", "tile drawn: Ballroom", "tile drawn: Den",
        "tile drawn: Nook", "take Slot 1: Ballroom", "move to Ballroom",
        "draft north", "lock roll: OPEN", "tile drawn: Drafting Studio", "tile drawn: Den",
        "tile drawn: Nook", "take Slot 1: Drafting Studio", "move to Drafting Studio",
        "draft north", "lock roll: OPEN", "tile drawn: Secret Passage", "tile drawn: Den",
        "tile drawn: Nook", "take Slot 1: Secret Passage", "move to Secret Passage",
        "draft north", "lock roll: OPEN", "tile drawn: Nook", "tile drawn: Den",
        "tile drawn: Closet", "take Slot 1: Nook", "orientation: 1", "move to Nook",
        "spawn roll: 1",
        "move to Antechamber",
    ), variants={"east_lever": "placeholder_room"}),
}


#: What each day shows, for ``coverage()``: (room, item, resource or action, its effects ...).
COVERS = {
    "blue_drafting_rooms": (("Study", "passive"), ("Walk-in Closet", "enter"),
                            ("Drawing Room", "enter", "passive"), ("Library", "passive"),
                            ("Drafting Studio", "actions"), ("Attic", "enter"),
                            ("Sledgehammer", "open a trunk"), ("Redraw", "action")),
    "blue_tomorrow_rooms": (("Clock Tower", "draft", "passive"), ("Closet", "enter"),
                            ("Coat Check", "enter", "actions"), ("Mail Room", "draft"),
                            ("Running Shoes", "collect"), ("Ballroom", "enter"),
                            ("Security", "enter", "actions"), ("Freezer", "draft"),
                            ("Use", "action")),
    "blue_garage": (("Vault", "enter"), ("Wine Cellar", "draft", "enter"), ("Den", "enter"),
                    ("Garage", "draft", "enter", "actions"), ("Car Keys", "car trunk")),
    "blue_tunnel_chain": (("Tunnel", "draft", "enter"), ("Foyer", "draft", "passive")),
    "blue_hallways": (("Great Hall", "lock"), ("Secret Passage", "enter", "actions"),
                      ("Unlock", "action"), ("Draft", "action")),
    "blue_studio_additions": (("Dovecote", "draft", "passive"), ("Kennel", "draft", "passive"),
                              ("Shovel", "dig"), ("Dig", "action"), ("Rotunda", "draft", "actions"),
                              ("Vestibule", "draft", "lock"), ("Den", "enter"), ("Take", "action")),
    "blue_foundation_planetarium": (("The Foundation", "draft"), ("Planetarium", "end of day"),
                                    ("EndDay", "action")),
    "blue_east_lever": (("Master Bedroom", "enter"), ("Ballroom", "enter"), ("Nook", "enter"),
                        ("Antechamber", "enter"), ("Room 46 Key", "use"), ("Room 46", "tile"),
                        ("Move", "action")),
}
