"""Probe golden days: each is played with the default readings, and scripted so that one
variant's other reading changes the outcome (``tests/test_variants_live.py`` replays them)."""

from manorkit.blueprince.engine import Campaign

from .play import Script, blind

FILLERS = ("Spare Room", "Storeroom")


def draft(direction: str, tile: str) -> tuple[str, ...]:
    """Draft ``tile`` from Slot 1 through ``direction``, the Spare Room and Storeroom beside."""
    return (f"draft {direction}", f"tile drawn: {tile}",
            *(f"tile drawn: {t}" for t in FILLERS), f"take Slot 1: {tile}")


def climb(*rooms: str, lock_from: int = 4, start: int = 1) -> tuple[str, ...]:
    """Draft ``rooms`` one above the other up from Rank ``start`` and walk into each (doors
    drafted from Rank 4 and up roll the lock die: rolled OPEN)."""
    out: list[str] = []
    for rank, room in enumerate(rooms, start):
        lock = ("lock roll: OPEN",) if rank >= lock_from else ()
        out += ["draft north", *lock, f"tile drawn: {room}", "tile drawn: Den",
                "tile drawn: Nook", f"take Slot 1: {room}", "settle", f"move to {room}"]
    return tuple(out)


#: §18: the Coat Check drafted at Rank 8, the first room entered there; the Shovel was
#: checked in on an earlier run.
COAT_CHECK_AT_RANK_8 = (
    *draft("west", "Lost & Found"), "settle",
    *climb("Hallway", "Spare Room", "Rumpus Room", "Drafting Studio", "Security",
          "Ballroom"),
    "draft north", "lock roll: OPEN", "tile drawn: Coat Check", "tile drawn: Den",
    "tile drawn: Nook", "take Slot 1: Coat Check", "settle", "move to Coat Check",
)
EMPTY_HANDED = Campaign(coat_check="Shovel", found=("Lost & Found",))

SCRIPTS = {
    # §16 Her Ladyship's Chamber: the Boudoir entered before the Chamber is drafted; its next
    # entry gets +10 (after_draft), none under first_entry_of_run.
    "variant_ladyship_bonuses": Script((
        *draft("east", "Boudoir"), "trunk roll: LOCKED", "move to Boudoir", "spawn roll: 1",
        "move to Entrance Hall",
        *draft("north", "Her Ladyship's Chamber"), "trunk roll: LOCKED",
        "move to Boudoir", "end the day",
    )),
    # §16 Archives: a hand hidden, then redrawn free from the Drawing Room; the new hand (drawn
    # face-down too, the hidden tile waiting unseen) is turned face up (hide_once), or must
    # hide a tile again (hide_every_draw).
    "variant_archives_redraws": Script((
        *draft("north", "Drawing Room"), "settle",
        *draft("east", "Archives"), "settle", "move to Drawing Room",
        "draft north", *blind(("Den", "Nook", "Closet"), hide=3),
        "redraw free (Drawing Room)", *blind(("Spare Room", "Storeroom", "Study")),
        "take Slot 1: Spare Room", "end the day",
    )),
    # §17 Kennel: drafted while the Shovel (from a Closet) is held: no second Shovel
    # (if_not_in_play), or a second one left lying on the tile (extra_shovel).
    "variant_kennel_shovel": Script((
        *draft("north", "Closet"), "move to Closet", "common_items card: Key",
        "special_items card: Shovel", "move to Entrance Hall",
        *draft("east", "Kennel"), "end the day",
    ), campaign=Campaign(unlocked=("Kennel",))),
    # §4 Tomorrow Rooms, §17 Clock Tower: the Coat Check drafted before the Clock Tower is
    # tallied only under clock_tower_count=whole_day.
    "variant_clock_tower_count": Script((
        *draft("west", "Coat Check"), *draft("east", "Clock Tower"), "end the day",
    ), campaign=Campaign(unlocked=("Clock Tower",))),
    # §7 Sleeping Mask, §16 Bunk Room: the Bunk Room counts as two Bedrooms: +5 steps once
    # (five) or twice (ten).
    "variant_sleeping_mask_bunk": Script((
        *draft("north", "Closet"), "move to Closet", "common_items card: Key",
        "special_items card: Sleeping Mask", "move to Entrance Hall",
        *draft("east", "Bunk Room"), "settle", "move to Bunk Room", "settle", "end the day",
    )),
    # §16 Veranda: the Patio, drafted before the Veranda, entered after it: no extra card
    # (drafted_after), or an extra Common Items card (entered_after).
    "variant_veranda_bonus_scope": Script((
        *draft("east", "Patio"), "settle", *draft("north", "Veranda"), "settle",
        "move to Patio", "settle", "end the day",
    )),
    # §17 How It Works: the Drafting Studio entered twice: one unlock per run, or a second
    # one on the second visit (the offer is left open under one_per_visit).
    "variant_studio_unlocks_per_run": Script((
        *draft("north", "Drafting Studio"), "settle", "move to Drafting Studio",
        "unlock studio: Kennel", "move to Entrance Hall", "move to Drafting Studio",
        "end the day",
    )),
    # §17: six Additions unlocked on earlier days; the seventh can be unlocked (seven), or
    # the Studio offers none (six, four).
    "variant_studio_additions_count": Script((
        *draft("north", "Drafting Studio"), "settle", "move to Drafting Studio",
        "unlock studio: Vestibule", "end the day",
    ), campaign=Campaign(unlocked=("Casino", "Clock Tower", "Dormitory", "Dovecote",
                                   "Kennel", "Solarium"))),
    # §7 The Shovel, §16 Security: Security entered without a Shovel; under order it offers
    # to order one.
    "variant_security_shovel_order": Script((
        *draft("north", "Security"), "settle", "move to Security", "end the day",
    )),
    # §6 Special Keys: the Prism Key (delivered this morning) on a locked door of the Maid's
    # Chamber, red and purple: the player picks purple (+steps per Bedroom), or under both
    # gets both lite effects at once.
    "variant_prism_key_dual_colour": Script((
        "draft north", "tile drawn: Hallway", "tile drawn: Den", "tile drawn: Nook",
        "take Slot 1: Hallway", "move to Hallway",
        "draft north", "tile drawn: Spare Room", "tile drawn: Den", "tile drawn: Nook",
        "take Slot 1: Spare Room", "move to Spare Room",
        "draft north", "tile drawn: Maid's Chamber", "tile drawn: Den",
        "tile drawn: Nook", "take Slot 1: Maid's Chamber", "settle", "move to Maid's Chamber",
        "settle", "draft", "lock roll: LOCKED", "use a Prism Key (purple)", "settle",
        "take Slot 1", "settle",
        "end the day",
    ), campaign=Campaign(deliveries=("Prism Key",))),
    # §18 The Service Bell: the dinner bell rings in the Coat Check: the attendant leaves and
    # the stored Shovel goes to the Lost pile (rank_bell_dismisses), or the Shovel is handed
    # back (never_rung_here).
    "variant_coat_check_bell": Script((*COAT_CHECK_AT_RANK_8, "end the day"),
                                      campaign=EMPTY_HANDED),
    # §5 Lost and Found: then entered holding no item: no toll and nothing collected
    # (no_collect), or the Shovel collected from the Lost pile (collect_free).
    "variant_lost_found_empty_hands": Script((*COAT_CHECK_AT_RANK_8, "move to Lost & Found",
                                              "end the day"), campaign=EMPTY_HANDED),
    # §7 Special Items Deck: the Cupcake drawn in a Closet is eaten (+10 steps), or under
    # walk_in_closet_only goes back into the deck for another card.
    "variant_cupcake_source": Script((
        *draft("north", "Closet"), "move to Closet", "common_items card: Key",
        "special_items card: Cupcake", "end the day",
    )),
    # §4 Action B: from the room east of the Cloister to the Coat Check below it (a dead end
    # whose door faces the Entrance Hall): 3 rooms round by the doors (doors_only), or 1
    # straight down (as_example: any rooms touching edge to edge).
    "variant_dead_end_transit": Script((
        *draft("east", "Coat Check"), *draft("north", "Cloister"), "settle", "move to Cloister",
        "settle",
        "draft east", "tile drawn: Spare Room", "tile drawn: Den", "tile drawn: Nook",
        "take Slot 1: Spare Room", "move to Spare Room", "move to Coat Check", "end the day",
    )),
    # §7 Treasure Map: the map found in the Closet shows the placeholder Green Room
    # (fixed_type); under random_type a d6 roll for its room type waits first.
    "variant_treasure_map_target": Script((
        *draft("north", "Closet"), "move to Closet", "common_items card: Key",
        "special_items card: Treasure Map", "end the day",
    )),
}


#: What each day shows, for ``coverage()``: (room, item, resource or action, its effects ...).
COVERS = {
    "variant_cupcake_source": (("Cupcake", "eat"),),
    "variant_sleeping_mask_bunk": (("Sleeping Mask", "passive"), ("Bunk Room", "draft", "enter")),
    "variant_treasure_map_target": (("Treasure Map", "gain"),),
    "variant_kennel_shovel": (("Kennel", "draft"),),
    "variant_prism_key_dual_colour": (("Prism Key", "unlock", "lite effect"),
                                      ("Maid's Chamber", "draft", "enter")),
}
