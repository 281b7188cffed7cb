"""The Blueprints of Mad King Ludwig rules as data: :func:`load_rules` and :class:`Rules`.

Files in ``data/ludwig/`` (see its README): deck sizes by player count, settings, room types
with rewards and completion VPs, a placeholder Room Card composition and Room shapes, the 35
King's Favors, their VPs by place, the 37 Bonus Cards, the 32 Royal Decrees, the solo rank
table and the text's silences (``gaps.csv``). Every row has a ``source`` (a rulebook section
title, or ``placeholder``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

from .. import DATA_DIR
from ..ruleset import Col, Loader, RulesBase, RulesDataError, Schema, TableSpec

DEFAULT_PATH = DATA_DIR / "ludwig"
TYPES = ("Food", "Sleeping", "Downstairs", "Living", "Activity", "Utility", "Outdoor", "Moat",
         "Courtyard")
SOURCE = Col("source", pattern=r"placeholder|[A-Z].*",
             expected="a rulebook section title or 'placeholder'")
PLACEHOLDER = Col("placeholder", "fields", required=False)
YES_NO = ("yes", "no")
ROOM_TYPES = TYPES[:7]
#: What a King's Favor or a Bonus Card counts (``counts`` / ``measure``): a key of
#: :func:`manorkit.ludwig.castle.measures`, ``name:arg`` for a type or a size.
MEASURE = (r"(rooms|size_total):(" + "|".join(ROOM_TYPES) + r")|(size|size_no_foyer):[1-8]|"
           r"courtyards|courtyard_size|moats|moat_size|swans_in_pile|unique_sizes|"
           r"unique_types|external_entrances|footprint|completed_rooms|incomplete_rooms|"
           r"longest_path|turn_order|amusing_name|favors_first|all_sizes|curved|only_bonus|"
           r"moat_rooms|favors_under_10|never_expanded|flags|go_last|angled|unused_rewards|"
           r"all_types|empty_lines|start_unused|five_of_a_type|bonus_cards|swans")
SIDES = "NESW"

FILES = {
    "deck_sizes.csv": TableSpec(key=("players",), cols=(
        Col("players", "int", minimum=1, maximum=5), Col("room_deck", "int", minimum=1),
        Col("market", "int", minimum=1), SOURCE), rows=("1", "2", "3", "4", "5")),
    "settings.csv": TableSpec(key=("setting",), cols=(
        Col("setting"), Col("value", "int", minimum=0), SOURCE)),
    "favor_vps.csv": TableSpec(key=("place",), cols=(
        Col("place", "int", minimum=1), Col("vp", "int", minimum=0), SOURCE)),
    "room_types.csv": TableSpec(key=("type",), cols=(
        Col("type", "enum", choices=TYPES), Col("colour", required=False),
        Col("in_deck", "enum", choices=YES_NO), Col("reward", required=False),
        Col("completion_vp", "int", minimum=0), SOURCE, PLACEHOLDER), rows=TYPES),
    "rooms.csv": TableSpec(key=("type", "size"), cols=(
        Col("type", ref="room_types"), Col("size", "int", minimum=1, maximum=8),
        Col("copies", "int", minimum=0), Col("swans", "int", minimum=0), SOURCE,
        PLACEHOLDER)),
    "kings_favors.csv": TableSpec(key=("favor",), cols=(
        Col("favor"), Col("ranks_by", "enum", choices=("count", "turn_order")),
        Col("counts", pattern=MEASURE, expected="a measure of the castle"),
        Col("measure"), Col("solo", "enum", choices=YES_NO), SOURCE, PLACEHOLDER)),
    "bonus_cards.csv": TableSpec(key=("card",), cols=(
        Col("card"), Col("scores"), Col("measure", pattern=MEASURE,
                                        expected="a measure of the castle"),
        Col("text"), Col("vp", "int", minimum=0), SOURCE, PLACEHOLDER)),
    "royal_decrees.csv": TableSpec(key=("decree",), cols=(
        Col("decree"), Col("timing", "enum", choices=(
            "Start of the Game", "During the Game", "Final Scoring")), Col("text"),
        Col("value", "int", required=False, minimum=0),
        Col("in_play", "enum", choices=YES_NO), Col("solo", "enum", choices=YES_NO), SOURCE,
        PLACEHOLDER)),
    "shapes.csv": TableSpec(key=("shape",), cols=(
        Col("shape", pattern=r"Foyer|[1-8]", expected="Foyer or a Room size 1-8"),
        Col("cells", pattern=r"[#.]+(/[#.]+)*",
            expected="rows of '#' (a square) and '.' separated by '/'"),
        Col("doors", "list"), Col("curved", "int", minimum=0), Col("angled", "int", minimum=0),
        SOURCE, PLACEHOLDER)),
    "gaps.csv": TableSpec(key=("gap",), cols=(Col("gap"), Col("where"), Col("missing"),
                                              SOURCE)),
    "solo_ranks.csv": TableSpec(key=("low",), cols=(
        Col("low", "int", minimum=0), Col("high", "int", required=False, minimum=0),
        Col("rank"), SOURCE)),
}


def _counts(tables) -> None:
    """The component counts of the Contents match the rows (and the deck composition)."""
    settings = tables["settings.csv"].rows
    for file, setting, total in (
            ("rooms.csv", "room_cards",
             sum(r["copies"] for r in tables["rooms.csv"].rows.values())),
            ("kings_favors.csv", "kings_favors", len(tables["kings_favors.csv"].rows)),
            ("bonus_cards.csv", "bonus_cards", len(tables["bonus_cards.csv"].rows)),
            ("royal_decrees.csv", "royal_decrees", len(tables["royal_decrees.csv"].rows))):
        if total != settings[setting]["value"]:
            raise RulesDataError(file, f"holds {total} cards; expected {setting} = "
                                       f"{settings[setting]['value']} (settings.csv)")
    for key, row in tables["rooms.csv"].rows.items():
        if row["swans"] > row["copies"]:
            raise RulesDataError("rooms.csv", f"has {row['swans']} swans on {row['copies']} "
                                              "copies; expected at most one per card",
                                 line=tables["rooms.csv"].lines[key], row=key, field="swans")


def _shapes(tables) -> None:
    """Every Room size of the deck has a shape of that many squares (the Foyer: its size);
    each door is on a square's outer wall."""
    table = tables["shapes.csv"]
    settings = tables["settings.csv"].rows
    needed = {str(r["size"]) for r in tables["rooms.csv"].rows.values()} | {"Foyer"}
    missing = needed - set(table.rows)
    if missing:
        raise RulesDataError(table.file, f"has no shape for {', '.join(sorted(missing))}")
    for key, row in table.rows.items():
        where = dict(line=table.lines[key], row=key)
        cells = parse_cells(row["cells"])
        size = settings["foyer_size"]["value"] if key == "Foyer" else int(key)
        if len(cells) != size:
            raise RulesDataError(table.file, f"has {len(cells)} squares; expected {size}",
                                 field="cells", **where)
        for door in row["doors"]:
            try:
                x, y, side = parse_door(door)
            except ValueError as err:
                raise RulesDataError(table.file, f"door {door!r} {err}", field="doors",
                                     **where) from None
            dx, dy = STEP[side]
            if (x, y) not in cells or (x + dx, y + dy) in cells:
                raise RulesDataError(table.file, f"door {door!r} is not on an outer wall of "
                                                 "a square", field="doors", **where)


#: A side's step on the grid (x to the east, y to the south).
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def parse_cells(text: str) -> frozenset[tuple[int, int]]:
    """The squares of a picture ``"##/#."``: ``(x, y)`` of each ``#``."""
    return frozenset((x, y) for y, row in enumerate(text.split("/"))
                     for x, c in enumerate(row) if c == "#")


def parse_door(text: str) -> tuple[int, int, str]:
    """A door ``"1.0N"``: the square ``(1, 0)`` and its side."""
    head, side = text[:-1], text[-1:]
    x, dot, y = head.partition(".")
    if side not in STEP or not dot or not x.isdigit() or not y.isdigit():
        raise ValueError("is not like 1.0N (column.row and a side N, E, S or W)")
    return int(x), int(y), side


SCHEMA = Schema(files=FILES, source=SOURCE, checks=(_counts, _shapes),
                required_variants=("player_order_favor", "turn_tie_depth", "moat_behind",
                                   "go_last_final_round"))


class Rules(RulesBase):
    """The Blueprints of Mad King Ludwig rules with a choice of every variant."""

    def setting(self, name: str) -> int:
        """One value of ``settings.csv``."""
        rows = self.rows("settings.csv")
        if name not in rows:
            raise KeyError(f"no setting {name!r} in settings.csv")
        return rows[name]["value"]

    def deck(self, players: int) -> tuple[int, int]:
        """``(room deck size, market size)`` for ``players`` (Setup; Solo Mode: 30 and 3)."""
        rows = self.rows("deck_sizes.csv")
        if str(players) not in rows:
            raise ValueError(f"players is {players!r}; expected 1 to 5")
        return rows[str(players)]["room_deck"], rows[str(players)]["market"]

    def composition(self) -> Mapping[tuple[str, int], int]:
        """Room Cards by ``(type, size)``: copies (a placeholder a designer edits)."""
        return MappingProxyType({(r["type"], r["size"]): r["copies"]
                                 for r in self.rows("rooms.csv").values() if r["copies"]})

    @lru_cache(maxsize=16)  # noqa: B019 - rules are immutable values, few and long-lived
    def favor_vps(self) -> tuple[int, ...]:
        """VPs by place, 1st first (Final Scoring: 15, 8, 4, 1, 0)."""
        rows = sorted(self.rows("favor_vps.csv").values(), key=lambda r: r["place"])
        return tuple(r["vp"] for r in rows)

    def completion_vp(self, room_type: str) -> int:
        """End-game VPs per completed Room of a type (printed on the score sheet, not in the
        text: placeholders)."""
        rows = self.rows("room_types.csv")
        if room_type not in rows:
            raise ValueError(f"unknown room type {room_type!r}; expected one of "
                             f"{', '.join(TYPES)}")
        return rows[room_type]["completion_vp"]

    @lru_cache(maxsize=64)  # noqa: B019 - rules are immutable values, few and long-lived
    def pool(self, file: str, solo: bool = False) -> tuple[str, ...]:
        """The cards of ``kings_favors.csv``, ``bonus_cards.csv`` or ``royal_decrees.csv``
        that can be drawn: solo, those without the no-solo icon; Royal Decrees, those in play
        (Setup: "you may remove specific Royal Decrees from the deck")."""
        rows = self.rows(file)
        return tuple(k for k, r in rows.items() if (not solo or r.get("solo", "yes") == "yes")
                     and r.get("in_play", "yes") == "yes")

    def decree_value(self, decree: str) -> int:
        """The number a Royal Decree's effect uses (``value``; "fill in 2 flags": 2)."""
        value = self.rows("royal_decrees.csv")[decree]["value"]
        if value is None:
            raise ValueError(f"Royal Decree {decree} has no value")
        return value

    @property
    def gaps(self):
        """Where the text is silent; each value filled in is a placeholder (a DataFrame)."""
        return self._frame("gaps.csv", "gap")

    def solo_rank(self, score: int) -> str:
        """The solo rank title for a final score (Solo Mode chart)."""
        if not isinstance(score, int) or score < 0:
            raise ValueError(f"score is {score!r}; expected a whole number at least 0")
        for row in sorted(self.rows("solo_ranks.csv").values(), key=lambda r: -r["low"]):
            if score >= row["low"]:
                return row["rank"]
        raise ValueError(f"no solo rank covers {score}")


load_rules = Loader(SCHEMA, Rules, DEFAULT_PATH).load
