"""What each Blue Prince data file must hold: columns, types, allowed values, required rows.

See ``data/blueprince/README.md`` for the designer-facing description of the same schema.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..ruleset import Col, TableDir, TableSpec
from .placement import Placement

COLOURS = ("blue", "green", "purple", "orange", "red", "yellow", "black")
CATEGORIES = ("core", "fixed", "event", "studio", "found", "outer", "expansion")
#: Door count of each shape (§2 room tiles; "dead end", straight, L, T, cross).
SHAPE_DOORS = {"dead_end": 1, "straight": 2, "L": 2, "T": 3, "cross": 4}
#: The legs of an Outer Room visit (§19): there and back in the morning, or by the Garage.
OUTER_ROUTES = ("morning", "morning_return", "garage", "garage_return")
LOCKS = ("normal", "never", "red", "vestibule")
AFTER_DRAW = ("discard_reshuffle", "cycle", "keep", "no_reshuffle", "bottom", "sleeve")
LOCK_DICE = ("lock_white", "lock_blue", "lock_red")
DICE = (*LOCK_DICE, "d6")
LOCK_FACES = ("OPEN", "LOCKED")
D6_FACES = ("1", "2", "3", "4", "5", "6")
RESOURCES = ("steps", "gems", "keys", "coins", "ivory_dice")
#: Yield columns of deck cards and room tables.
YIELDS = ("steps", "coins", "gems", "keys", "ivory_dice", "trunks")
#: Column names that hold amounts (an integer or a printed range ``a-b``) in other files.
AMOUNT_COLUMNS = frozenset(
    {*YIELDS, "amount", "base_steps", "bonus_steps", "common", "special", "supply",
     "instead_keys", "instead_coins"}
)
#: Column names that hold whole numbers of at least 0 in other files.
INT_COLUMNS = frozenset(
    {"price", "limit", "tokens", "weight", "charges", "multiplier", "order", "minimum",
     "position", "copies", "count", "declared_size", "rank", "value"}
)
#: Column names that name a row of another table, wherever they occur.
REFERENCE_COLUMNS = {"room": "rooms", "bonus_room": "rooms", "food": "table:food",
                     "item": "table:items", "bag_room": "rooms"}
#: Rooms the engine and the calculators look up by name (§2 The Board, §3 Setup, §16).
REQUIRED_ROOMS = ("Entrance Hall", "Antechamber", "The Foundation", "Secret Passage")
#: The cells of the pre-placed rooms (§2 The Board).
FIXED_CELLS = {"Entrance Hall": (1, 3), "Antechamber": (9, 3)}
#: Decks and tables the engine and the calculators read.
REQUIRED_DECKS = ("dig", "trunk", "common_items", "special_items", "meals", "commissary_stock")
REQUIRED_TABLES = (
    "starting_resources", "carry_forward", "room_resources", "item_spawns", "items", "food",
    "food_modifiers", "fruit_supply", "pantry_fruit", "kitchen", "locksmith", "special_keys",
    "commissary_prices", "discounts", "observatory", "casino", "room_rolls",
    "secret_passage_books",
)
#: Variants the engine and the calculators look up by id.
REQUIRED_VARIANTS = (
    "alzara_prophecies", "archives_redraws", "boudoir_trunk_die", "car_keys_source",
    "casino_is_shop", "casino_payout", "clock_tower_count", "closet_returns", "coat_check_bell",
    "commissary_deck_exhausted", "commissary_sale_stack", "commissary_stock", "coupon_book_shops",
    "cupcake_source", "dead_end_transit", "dig_step_cost", "discount_order",
    "drawing_room_redraw", "east_lever", "enter_after_draft",
    "found_floorplan_timing", "foundation_in_bag", "furnace_blocked_redraws", "furnace_pass",
    "garage_outer_draw", "garage_outer_return", "garage_travel_cost",
    "greenhouse_draft_effect", "held_item_cards", "kennel_shovel",
    "kennel_unlock_scope", "ladyship_bonuses", "library_free_slot", "library_solarium",
    "lock_rank_basis", "lost_found_empty_hands", "lost_item_tokens", "master_bedroom_tiles",
    "meal_order", "music_room_special_key", "no_legal_tile", "nook_roll", "numbered_lock_die",
    "outer_room_discovery", "outer_rooms_base", "pantry_fruit", "pantry_maid_suppression",
    "planetarium_condition",
    "prism_key_dual_colour", "random_spawn_deck", "random_spawn_rooms", "rank_draft_probability",
    "redraft_returned_door", "repeat_entry_rewards", "rotunda_placement", "running_shoes",
    "secret_garden_door", "secret_garden_fruit", "secret_garden_spawn", "secret_passage_books",
    "security_levels", "security_shovel_order", "shop_limits", "sleeping_mask_bunk",
    "special_locks_low_ranks", "studio_additions_count", "studio_unlocks_per_run",
    "study_activation", "telescope_copies", "tile_back_category", "tile_orientation",
    "trading_post_items", "treasure_map_target",
    "tunnel_colour", "tunnel_sleeve_empty", "veranda_bonus", "veranda_bonus_scope", "veranda_digs",
    "vestibule_entry_door", "weight_room_shelter", "west_lever", "wine_cellar_dirt", "zero_steps",
)
_D6_RE = re.compile(r"([1-6])(?:-([1-6]))?")


def placement_rule(text: str) -> str:
    """A placement rule some cell of the board satisfies (see :class:`Placement`)."""
    rule = Placement.parse(text)
    if not (rule.offboard or rule.fixed or rule.cells()):
        raise ValueError("no cell of the 5x9 board satisfies it")
    return text


def d6_roll(text: str) -> str:
    """A result of the standard d6: ``n`` or a range ``a-b`` with 1 <= a <= b <= 6."""
    m = _D6_RE.fullmatch(text)
    if not m or (m[2] and m[1] > m[2]):
        raise ValueError("expected a d6 result from 1 to 6, or a range like 1-3")
    return text


SOURCE = Col("source", pattern=r"§\d+\b.*|video game|placeholder",
             expected="a rulebook section (§N ...), 'video game' or 'placeholder'")
ROOMS = TableSpec(
    key=("name",),
    cols=(
        Col("name"),
        Col("category", "enum", choices=CATEGORIES),
        Col("colours", "list", choices=COLOURS),
        Col("gem_cost", "int", minimum=0),
        Col("doors", "int", minimum=1, maximum=4),
        Col("shape", "enum", choices=tuple(SHAPE_DOORS)),
        Col("placement", required=False, parse=placement_rule,
            expected="a placement rule (data/blueprince/README.md)"),
        Col("dirt_on_draft", "int", minimum=0),
        Col("lock", "enum", choices=LOCKS),
        Col("trunk_rolls", "int", minimum=0),
        Col("bedroom_weight", "int", minimum=0),
        Col("tags", "list", required=False),
        Col("effect", required=False),
        SOURCE,
        Col("video_game", "fields", required=False),
        Col("placeholder", "fields", required=False),
    ),
    extra=("note",),
    rows=REQUIRED_ROOMS,
)
DECKS = TableSpec(
    key=("deck",),
    cols=(
        Col("deck"),
        Col("title"),
        Col("declared_size", "int", minimum=1),
        Col("after_draw", "enum", choices=AFTER_DRAW),
        SOURCE,
    ),
    extra=("note", "effect"),
    rows=REQUIRED_DECKS,
)
DICE_SPEC = TableSpec(
    key=("die", "face"),
    cols=(Col("die", "enum", choices=DICE), Col("face", "enum", choices=(*LOCK_FACES, *D6_FACES)),
          Col("count", "int", minimum=0), SOURCE),
    extra=("note", "effect"),
    rows=(*(f"{die}/{face}" for die in LOCK_DICE for face in LOCK_FACES),
          *(f"d6/{face}" for face in D6_FACES)),
)
RANK_DICE = TableSpec(
    key=("rank",),
    cols=(
        Col("rank", "int", minimum=1, maximum=9),
        Col("die", "enum", required=False, choices=LOCK_DICE, ref="dice.die"),
        SOURCE,
    ),
    extra=("note", "effect"),
    rows=tuple(str(rank) for rank in range(1, 10)),
)
FILES = {"rooms.csv": ROOMS, "decks.csv": DECKS, "dice.csv": DICE_SPEC,
         "rank_dice.csv": RANK_DICE}


def _yields(kind: str = "amount", minimum: int | None = 0) -> tuple[Col, ...]:
    return tuple(Col(y, kind, required=False, minimum=minimum) for y in YIELDS)


def _opt(*names: str) -> tuple[Col, ...]:
    return tuple(Col(n, required=False) for n in names)


class Layout(NamedTuple):
    """A file of ``tables/`` or ``decks/``: its key, the columns it must have, the columns
    typed when present, and the rows it must hold."""

    key: tuple[str, ...]
    need: tuple[Col, ...]
    typed: tuple[Col, ...] = ()
    rows: tuple[str, ...] = ()


TABLE_LAYOUTS: dict[str, Layout] = {
    "starting_resources": Layout(("resource",), (
        Col("resource", "enum", choices=RESOURCES), Col("amount", "int", minimum=0)),
        (), ("steps", "gems", "keys", "coins")),
    "carry_forward": Layout(("effect",), (
        Col("effect"), Col("room", required=False, ref="rooms"), Col("trigger"),
        Col("duration")), _yields("int", None)),
    "room_resources": Layout(("room",), (
        Col("room", ref="rooms"), Col("when", "enum", choices=(
            "entry", "first_entry", "every_entry", "draft", "set_on_entry", "conditional"))),
        (*_yields("int", None), *_opt("note"))),
    "item_spawns": Layout(("room",), (
        Col("room", ref="rooms"),
        Col("when", "enum", choices=("entry", "draft", "locker", "trade", "package")),
        *(Col(c, "int", required=False, minimum=0)
                                    for c in ("common", "special", "supply")),
        Col("die", "enum", required=False, choices=DICE), Col("success", required=False)),
        _opt("note"), ("Nook",)),
    "items": Layout(("item",), (
        Col("item"), Col("kind", "enum", choices=("item", "resource")),
        Col("deck", "list", required=False, ref="decks"),
        Col("charges", "int", required=False, minimum=1),
        Col("consumed", "enum", choices=("yes", "no"))), _opt("effect"), ("Running Shoes",)),
    "food": Layout(("food",), (Col("food"), Col("steps", "int", required=False, minimum=0))),
    "food_modifiers": Layout(("item",), (
        Col("item", ref="table:items"), Col("op", "enum", choices=("add", "multiply")),
        Col("amount", "int"), Col("order", "int", minimum=0))),
    "fruit_supply": Layout(("fruit",), (
        Col("fruit", ref="table:food"), Col("tokens", "int", minimum=0))),
    "pantry_fruit": Layout(("fruit",), (
        Col("fruit", ref="table:fruit_supply"), Col("weight", "int", minimum=0))),
    "kitchen": Layout(("item",), (
        Col("item", ref="table:items"), Col("price", "int", minimum=0),
        Col("steps", "int", minimum=0), Col("steps_per", "enum", required=False, choices=COLOURS),
        Col("limit", "int", required=False, minimum=0),
        Col("special_roll", required=False, parse=d6_roll)), _opt("effect")),
    "locksmith": Layout(("item",), (
        Col("item", ref="table:items"), Col("price", "int", minimum=0),
        Col("keys", "amount", required=False, minimum=0),
        Col("limit", "int", required=False, minimum=0)), _opt("effect")),
    "special_keys": Layout(("roll",), (Col("roll", parse=d6_roll),
                                       Col("key", ref="table:items"))),
    "commissary_prices": Layout(("item",), (
        Col("item", ref="table:items"), Col("price", "int", minimum=0),
        Col("kind", "enum", choices=("resource", "special")))),
    "discounts": Layout(("name",), (
        Col("name"), Col("shops", "list", ref="rooms"),
        Col("rule", "enum", choices=("half_round_up", "minus_one")),
        Col("minimum", "int", required=False, minimum=0))),
    "observatory": Layout(("roll",), (Col("roll", parse=d6_roll), Col("constellation")),
                    (*_yields(), *_opt("effect"))),
    "casino": Layout(("roll",), (
        Col("roll", parse=d6_roll), Col("outcome"), Col("multiplier", "int", minimum=0))),
    "room_rolls": Layout(("room", "roll"), (
        Col("room", ref="rooms"), Col("roll", parse=d6_roll), Col("reward"),
        Col("special_key", required=False)), _yields()),
    "secret_passage_books": Layout(("book",), (
        Col("book"), Col("colour", "enum", choices=COLOURS), Col("effect"),
        Col("route", required=False))),
    "prism_key": Layout(("colour",), (Col("colour", "enum", choices=COLOURS), Col("effect"))),
    "outer_room_costs": Layout(("leg",), (Col("leg"), Col("steps", "int", minimum=0),
                                          Col("route", "enum", choices=OUTER_ROUTES))),
    "spread": Layout(("room",), (Col("room", ref="rooms"),), _opt("trigger", "token", "targets")),
}
_CARD = (Col("card"), Col("copies", "int", minimum=0))
_CARD_TYPED = (*(c for c in _yields() if c.name != "trunks"),
               Col("trunks", "int", required=False, minimum=0),
               Col("food", required=False, ref="table:food"),
               Col("item", required=False, ref="table:items"), *_opt("effect"))
DECK_LAYOUTS: dict[str, Layout] = {
    "meals": Layout(("card",), (
        *_CARD, Col("position", "int", minimum=1), Col("base_steps", "int", minimum=0),
        Col("bonus_room", required=False, ref="rooms"),
        Col("bonus_steps", "int", required=False, minimum=0)), _CARD_TYPED),
    "commissary_stock": Layout(("card",), (
        *_CARD, Col("items", "list", ref="table:commissary_prices")), _CARD_TYPED),
    "prophecies": Layout(("card",), (*_CARD, Col("position", "int", minimum=1), Col("text")),
                   _CARD_TYPED),
    "outer_rooms": Layout(("card",), (Col("card", ref="rooms"), _CARD[1]), _CARD_TYPED),
    "tunnel_sleeve": Layout(("card",), (Col("card", ref="rooms"), _CARD[1]), _CARD_TYPED),
}


def _by_name(name: str, required: bool) -> Col:
    """A column of a file without a layout, typed by its name."""
    if name in INT_COLUMNS:
        return Col(name, "int", required=required, minimum=0)
    if name in AMOUNT_COLUMNS:
        return Col(name, "amount", required=required)
    if name in {"items", "shops"}:
        return Col(name, "list", required=required)
    if name in {"placeholder", "video_game"}:
        return Col(name, "fields", required=False)
    return Col(name, required=required, ref=REFERENCE_COLUMNS.get(name))


def _spec(layout: Layout, header: tuple[str, ...]) -> TableSpec:
    cols = {c.name: c for c in layout.need}
    cols.update({c.name: c for c in layout.typed if c.name in header and c.name not in cols})
    for name in header:
        if name not in cols and name != "source":
            cols[name] = _by_name(name, name in layout.key)
    return TableSpec(key=layout.key, cols=(*cols.values(), SOURCE), strict=False,
                     rows=layout.rows)


def table_spec(stem: str, header: tuple[str, ...]) -> TableSpec:
    """The spec of ``tables/<stem>.csv`` (a file without a layout is keyed on column 1)."""
    return _spec(TABLE_LAYOUTS.get(stem) or Layout(tuple(header[:1]), ()), header)


def deck_spec(stem: str, header: tuple[str, ...]) -> TableSpec:
    """The spec of ``decks/<stem>.csv``: every deck has card, copies and source."""
    return _spec(DECK_LAYOUTS.get(stem) or Layout(("card",), _CARD, _CARD_TYPED), header)


DIRS = {"decks": TableDir("deck", deck_spec, REQUIRED_DECKS),
        "tables": TableDir("table", table_spec, REQUIRED_TABLES)}
