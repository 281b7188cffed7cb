"""What each Blue Prince data file must hold: columns, types and allowed values.

See ``data/blueprince/README.md`` for the designer-facing description of the same schema.
"""

from __future__ import annotations

from dataclasses import dataclass, field

COLOURS = ("blue", "green", "purple", "orange", "red", "yellow", "black")
CATEGORIES = ("core", "fixed", "event", "studio", "found", "outer", "expansion")
#: Door count of each shape (§2 room tiles; "dead end", straight, L, T, cross).
SHAPE_DOORS = {"dead_end": 1, "straight": 2, "L": 2, "T": 3, "cross": 4}
LOCKS = ("normal", "never", "red", "vestibule")
AFTER_DRAW = ("discard_reshuffle", "cycle", "keep", "no_reshuffle", "bottom", "sleeve")
DICE = ("lock_white", "lock_blue", "lock_red", "d6")
#: Column names that hold amounts (an integer or a printed range ``a-b``) wherever they occur.
AMOUNT_COLUMNS = frozenset(
    {"steps", "coins", "gems", "keys", "ivory_dice", "trunks", "amount", "base_steps",
     "bonus_steps", "common", "special", "supply", "instead_keys", "instead_coins"}
)
#: Column names that hold whole numbers wherever they occur.
INT_COLUMNS = frozenset(
    {"price", "limit", "tokens", "weight", "charges", "multiplier", "order", "minimum",
     "position", "copies", "count", "declared_size", "rank", "value"}
)
#: Column names that name a row of another table wherever they occur.
REFERENCE_COLUMNS = {"room": "rooms", "bonus_room": "rooms", "food": "table:food",
                     "item": "table:items", "bag_room": "rooms"}


@dataclass(frozen=True)
class Col:
    """One column: its kind and constraints."""

    name: str
    kind: str = "text"  # text int amount enum list source placement fields
    required: bool = True  # a value must be present (not blank)
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None


@dataclass(frozen=True)
class TableSpec:
    """A data file: its key columns, its known columns, and whether others are allowed."""

    key: tuple[str, ...]
    cols: tuple[Col, ...] = ()
    strict: bool = True  # unknown columns are errors
    extra: tuple[str, ...] = field(default=("note", "effect"))


SOURCE = Col("source", "source")
ROOMS = TableSpec(
    key=("name",),
    cols=(
        Col("name"),
        Col("category", "enum", choices=CATEGORIES),
        Col("colours", "list", choices=COLOURS),
        Col("gem_cost", "int", minimum=0),
        Col("doors", "int", minimum=1, maximum=4),
        Col("shape", "enum", choices=tuple(SHAPE_DOORS)),
        Col("placement", "placement", required=False),
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
)
DECKS = TableSpec(
    key=("deck",),
    cols=(
        Col("deck"),
        Col("title"),
        Col("declared_size", "int", minimum=0),
        Col("after_draw", "enum", choices=AFTER_DRAW),
        SOURCE,
    ),
)
DICE_SPEC = TableSpec(
    key=("die", "face"),
    cols=(Col("die", "enum", choices=DICE), Col("face"), Col("count", "int", minimum=0), SOURCE),
)
RANK_DICE = TableSpec(
    key=("rank",),
    cols=(
        Col("rank", "int", minimum=1, maximum=9),
        Col("die", "enum", required=False, choices=DICE),
        SOURCE,
    ),
)
#: Tables in ``tables/`` whose key is more than their first column.
TABLE_KEYS = {"room_rolls": ("room", "roll")}


def table_spec(header: list[str], name: str) -> TableSpec:
    """The spec of a ``tables/`` or ``decks/`` file: typed by column name, keyed on column 1."""
    key = TABLE_KEYS.get(name, tuple(header[:1]))
    cols = []
    for col in header:
        required = col in key or col == "source"
        if col == "source":
            cols.append(SOURCE)
        elif col in INT_COLUMNS:
            cols.append(Col(col, "int", required=required, minimum=0))
        elif col in AMOUNT_COLUMNS:
            cols.append(Col(col, "amount", required=required))
        elif col == "items" or col == "shops":
            cols.append(Col(col, "list", required=required))
        else:
            cols.append(Col(col, required=required))
    return TableSpec(key=key, cols=tuple(cols), strict=False)
