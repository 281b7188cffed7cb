"""Room tables read on a standard die (§5 Observatory and Casino, §12 Kitchen and Locksmith,
§15 puzzle rooms): which row a face selects, the puzzle rooms' rows, and the special-key roll.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..rules import Rules
from .dice import faces

ROOM_ROLLS = "tables/room_rolls.csv"


def face_row(rows: Iterable[Mapping], face: str, spec: str = "roll") -> Mapping:
    """The row whose ``spec`` field ("1-3", "6") names die ``face``."""
    for row in rows:
        if row[spec] and str(face) in faces(str(row[spec])):
            return row
    raise ValueError(f"no row for face {face!r} in column {spec!r}")


def puzzle_rows(rules: Rules, room: str) -> tuple[Mapping, ...]:
    """The d6 rows of a puzzle room in ``room_rolls.csv`` (§15 Room Icons)."""
    return tuple(r for r in rules.rows(ROOM_ROLLS).values() if r["room"] == room)


def special_key_row(rules: Rules, room: str) -> Mapping:
    """The row of ``room`` that rolls a special key (``special_key`` yes): its
    ``instead_keys`` pays a key already held (§15 Music Room)."""
    rows = [r for r in puzzle_rows(rules, room) if r["special_key"] == "yes"]
    if len(rows) != 1:
        raise ValueError(f"room_rolls.csv: {room} needs one special_key=yes row")
    return rows[0]


def sure_special_key(rules: Rules, room: str) -> bool:
    """Whether ``room``'s first entry rolls a Special Key outright instead of its d6 table:
    the Music Room under ``music_room_special_key=always`` (§7 table: "1 Key + 1 Special Key
    roll") rather than only on a 4-5 (§15, the default ``on_roll``)."""
    return room == "Music Room" and rules.variant("music_room_special_key") == "always"


def special_key_die(rules: Rules) -> str:
    """The die of the special-key roll (§12 Locksmith "roll the blue die: 1-2 / 3-4 / 5-6",
    §15 "roll standard die again"): a standard d6 under both readings of
    ``numbered_lock_die`` — ``d6`` reads the numbers on a d6, and under ``faces`` results
    needing three outcomes still roll a d6 (variants.yaml)."""
    return "d6"
