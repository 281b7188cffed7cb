"""Exact odds for every randomizer of the Blue Prince tabletop rules.

Each calculator takes ``rules=`` (default: the shipped rules), honours the variants in force,
cites its rulebook section and returns exact ``Fraction``s or a :class:`~manorkit.dist.Dist`.

- :mod:`.locks` — lock dice, keys for a route, the Vestibule (§4 Step 1, §6)
- :mod:`.decks` — Dig, Trunk, Common and Special Items decks with the reshuffle rule (§7, §8)
- :mod:`.commissary` — Commissary stock and shop prices (§12)
- :mod:`.room_tables` — Kitchen, Observatory, Casino, puzzle rooms, spawns, meals, food (§5,
  §7, §8, §11, §12, §15, §16)
- :mod:`.drafting`, :mod:`.drafting_redraws`, :mod:`.drafting_board` — drafting from the
  Active Bag: draw sizes, costs, placement, redraws (§4, §9, §16, §17, §19);
  :mod:`.drafting_situation` — one draft as a value (:class:`DraftSituation`), by hand or
  asked of an engine state at a door (:func:`draft_situation`); :mod:`.drafting_doors` — the
  chance of each kind of room asked about at every door a state offers (:func:`door_chances`)
- :mod:`.sweep` with :mod:`.axes` — any of these, exactly, as one or two rule values vary
  (:func:`sweep`), the values that reach a target (:func:`solve`), several rules side by
  side (:func:`compare`)
"""

from . import axes as axes  # odds.axes: what a sweep varies
from .commissary import (
    commissary_items,
    commissary_stock,
    item_offered_by,
    item_offered_by_visit,
    price,
    price_table,
    purchasable,
)
from .decks import (
    deck_at_least,
    deck_draws,
    digs,
    draws_until,
    expected_yield,
    room_draws,
    room_yield,
    trunks,
    yield_dist,
)
from .drafting import bag_after, draft, draft_count, draft_hand, draw_plan
from .drafting_board import placeable
from .drafting_doors import Wanted, door_chances
from .drafting_redraws import best_option, choices, draft_with, expected_cost
from .drafting_situation import DraftSituation, draft_situation
from .locks import keys_needed, keys_to_antechamber, lock_chance, lock_table, locks, vestibule
from .room_tables import (
    billiard_room,
    casino,
    food,
    item_spawn,
    kitchen_special,
    lost_item,
    meal,
    meal_steps,
    music_room,
    nook,
    observatory,
    pantry_fruit,
    parlor,
    secret_passage,
    special_key,
    trunks_on_draft,
)
from .sweep import Solution, Sweep, compare, solve, sweep

__all__ = [
    "DraftSituation", "Solution", "Sweep", "Wanted", "compare", "door_chances",
    "draft_situation", "solve", "sweep",
    "bag_after", "best_option", "billiard_room", "casino", "choices", "commissary_items",
    "commissary_stock", "deck_at_least", "deck_draws", "digs", "draft", "draft_count",
    "draft_hand", "draft_with", "draw_plan", "draws_until", "expected_cost", "expected_yield",
    "food", "item_offered_by", "item_offered_by_visit", "item_spawn", "keys_needed",
    "keys_to_antechamber", "kitchen_special", "lock_chance", "lock_table", "locks",
    "lost_item", "meal",
    "meal_steps", "music_room", "nook", "observatory", "pantry_fruit", "parlor", "placeable",
    "price", "price_table", "purchasable", "room_draws", "room_yield", "secret_passage",
    "special_key", "trunks", "trunks_on_draft", "vestibule", "yield_dist",
]
