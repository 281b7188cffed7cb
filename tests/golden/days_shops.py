"""Golden days of the shops family: the Kitchen, Commissary and Locksmith, the Dining Room
meal, the Casino, the Rumpus Room, the Vault, the puzzle rooms and the Observatory."""

from manorkit.blueprince.engine import Campaign

from .play import Script

FILL = ("tile drawn: Den", "tile drawn: Nook")


def draft(direction: str, room: str, rotation: int | None = None,
          lock: bool = False) -> tuple[str, ...]:
    """Draft ``room`` from Slot 1 through ``direction`` (an OPEN lock roll first when the
    door rolls one), turned ``rotation`` when it can be turned several ways."""
    return (f"draft {direction}", *(("lock roll: OPEN",) if lock else ()),
            f"tile drawn: {room}", *FILL, f"take Slot 1: {room}",
            *((f"orientation: {rotation}",) if rotation is not None else ()))


SCRIPTS = {
    # Casino roulette; the meal revealed at draft and eaten after the Rank 8 bell with its
    # bonus room (Billiard Room); Vault; Alzara; a zigzag north through the puzzle rooms, the
    # Observatory (two rolls: the Planetarium's carry-forward; The Sail halves the shops),
    # Kitchen, Commissary and Locksmith (Special Key re-rolled once).
    "shops_grand_tour": Script((
        *draft("west", "Casino", 3), "move to Casino", "roulette: 10", "roulette: 5",
        "move to Entrance Hall",
        *draft("north", "Dining Room", 3), "meal card: Stuffed Wild Quail",
        "move to Dining Room",
        *draft("east", "Vault"), "move to Vault", "move to Dining Room",
        *draft("north", "Rumpus Room"), "move to Rumpus Room", "consult alzara",
        *draft("north", "Spare Room"), "move to Spare Room",
        *draft("north", "Parlor", 0, lock=True), "move to Parlor", "puzzle room roll: 4",
        *draft("east", "Music Room", 2, lock=True), "move to Music Room",
        "puzzle room roll: 5", "Special Key roll: 3",
        *draft("north", "Observatory", 1, lock=True), "move to Observatory",
        "constellation: 6", "constellation: 5",
        *draft("west", "Kitchen", 3, lock=True), "Kitchen special: 5", "move to Kitchen",
        "buy Club Sandwich", "buy Banana", "buy Tomato Soup",
        *draft("north", "Commissary", 0, lock=True), "Commissary stock: Stock 2",
        "move to Commissary", "buy Running Shoes", "buy Gem", "buy Gem",
        *draft("east", "Billiard Room", 2, lock=True), "move to Billiard Room",
        "puzzle room roll: 6",
        *draft("north", "Locksmith", lock=True), "move to Locksmith", "buy Special Key",
        "Special Key roll: 4", "Special Key roll: 6", "buy 3 Keys",
        "move to Dining Room", "eat meal", "move to Parlor", "end the day",
    ), campaign=Campaign(unlocked=("Casino",), found=("Planetarium",), observatory_rolls=1)),
    # Kitchen limits per visit (5 Bananas, then a new visit), the Coupon Book bought at the
    # Commissary taking 1 coin off every later price (minimum 1), the Lockpick Kit sold once,
    # and a Commissary stock that skips the cards flipped earlier this session.
    "shops_coupon_and_limits": Script((
        *draft("west", "Vault"), "move to Vault", "move to Entrance Hall",
        *draft("north", "Kitchen", 0), "Kitchen special: 4", "move to Kitchen",
        "buy Banana", "buy Banana", "buy Banana", "buy Banana", "buy Banana",
        *draft("east", "Commissary", 2), "Commissary stock: Stock 3", "move to Commissary",
        "buy Coupon Book", "buy Key", "buy Banana",
        *draft("north", "Locksmith"), "move to Locksmith", "buy Lockpick Kit", "buy Key",
        "buy Special Key", "Special Key roll: 5",
        "move to Kitchen", "buy Banana", "buy Chef Salad", "end the day",
    ), campaign=Campaign(drawn=(("commissary_stock", ("Stock 1", "Stock 5")),))),
    # Readings other than the defaults: casino_is_shop=shop (the bell), casino_payout=net,
    # music_room_special_key=always (a sure Special Key roll), meal_order=printed_order (run
    # 3: no draw) and Alzara's next vision in sequence.
    "shops_variant_readings": Script((
        *draft("west", "Casino", 3), "move to Casino", "roulette: 8", "roulette: 6",
        "move to Entrance Hall",
        *draft("north", "Dining Room", 3), "move to Dining Room",
        *draft("east", "Music Room", 2), "move to Music Room", "Special Key roll: 4",
        *draft("north", "Rumpus Room"), "move to Rumpus Room", "consult alzara",
        "end the day",
    ), variants={"casino_is_shop": "shop", "casino_payout": "net",
                 "music_room_special_key": "always", "meal_order": "printed_order"},
        campaign=Campaign(unlocked=("Casino",), run=3,
                          drawn=(("prophecies", ("Vision 1",)),))),
}


#: What each day shows, for ``coverage()``: (room, item, resource or action, its effects ...).
COVERS = {
    "shops_coupon_and_limits": (("Vault", "enter"),
                                ("Kitchen", "draft", "enter", "actions", "shop"),
                                ("Commissary", "draft", "enter", "actions", "shop"),
                                ("Coupon Book", "shop"), ("Locksmith", "enter", "actions", "shop"),
                                ("Special Key", "use"), ("Banana", "use"), ("Chef Salad", "use"),
                                ("Key", "use"), ("Buy", "action")),
    "shops_grand_tour": (("Casino", "enter", "actions"), ("Dining Room", "draft", "actions"),
                         ("Rumpus Room", "enter", "actions"), ("Parlor", "enter"),
                         ("Music Room", "enter"), ("Observatory", "enter"),
                         ("Club Sandwich", "use"), ("Tomato Soup", "use"),
                         ("Running Shoes", "collect"), ("Gem", "use"), ("Billiard Room", "enter"),
                         ("3 Keys", "use")),
}
