"""What one drawn tile offers the draft: its back, its cost, and where and how it can be placed.

§2 Tile Back Markings, §4 Step 2 (the back shows gem cost, category and placement note),
§4 Gem Cost Rules (Terrace), §19 Hovel, §9 Placement (Tunnel north/south only), §16 Rotunda,
§17 Dovecote, §16 Hallway / West Wing Hall / East Wing Hall / Master Bedroom / Greenhouse,
§2 Garage, §3 The Foundation. Directions are ``N E S W``; cells are ``(rank, col)`` with
rank 1 south and column 1 west, as in :mod:`manorkit.blueprince.placement`.

Variants honoured: ``tile_orientation`` (as_drawn: a drawn tile's orientation is random among
those that meet the door and obey its note; player_choice: the player picks it),
``tunnel_colour`` (also_green makes the Tunnel a Green Room for the Terrace and Solarium);
placement variants (``foundation_positions``, ``garage_columns``) come through the data.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ..board import NAMES, doors, neighbour, placements
from ..mechanics.drafting import back as mechanics_back
from ..mechanics.drafting import colours as mechanics_colours
from ..placement import COLS, RANKS, Cell
from ..rules import Rules
from ._common import resolve, room_name

DIRECTIONS = ("N", "E", "S", "W")
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
STEP = {"N": (1, 0), "E": (0, 1), "S": (-1, 0), "W": (0, -1)}
#: §19 Hovel: "All gem costs to draft rooms are replaced by step costs at a rate of 3 steps per
#: gem" (the data holds this rate only in the Hovel's effect text).
HOVEL_STEPS_PER_GEM = 3


def colours(name: str, *, rules: Rules | None = None) -> tuple[str, ...]:
    """A tile's colours (:func:`mechanics.drafting.colours`): under ``tunnel_colour=also_green``
    the Tunnel is also green (§9, §16); the Casino is yellow only under ``casino_is_shop=shop``
    (``rooms.csv``)."""
    rules = resolve(rules)
    return mechanics_colours(rules, room_name(rules, name))


def back(name: str, *, rules: Rules | None = None) -> tuple[int, str, str]:
    """What a tile's back shows face-down (§2 Tile Back Markings, §4 Step 2): printed gem cost,
    category label (blank for Core Rooms) and placement note (blank when free), as
    :func:`mechanics.drafting.back` reads it (variant ``tile_back_category``)."""
    rules = resolve(rules)
    return mechanics_back(rules, room_name(rules, name))


def tile_cost(name: str, *, terrace: bool = False, hovel: bool = False,
              rules: Rules | None = None) -> int:
    """The price of drafting ``name`` from Slot 2 or 3 (Slot 1 is free, §4 Gem Cost Rules).

    Gems as printed; 0 for a Green Room while the Terrace is on the board (§16 Terrace);
    under the Hovel the price is in steps, ``HOVEL_STEPS_PER_GEM`` per gem (§19 Hovel), and a
    Green Room with the Terrace stays free.
    """
    rules = resolve(rules)
    name = room_name(rules, name)
    gems = int(rules.room(name)["gem_cost"])
    if terrace and "green" in colours(name, rules=rules):
        gems = 0
    return gems * HOVEL_STEPS_PER_GEM if hovel else gems


def check_move(cell: Cell, door: str) -> None:
    """Refuse a ``door`` not ``N E S W`` or a ``cell`` that no room can draft into through it."""
    if door not in DIRECTIONS:
        raise ValueError(f"door must be one of {', '.join(DIRECTIONS)}, got {door!r}")
    rank, col = cell
    if rank not in RANKS or col not in COLS:
        raise ValueError(f"cell must be (rank 1-9, col 1-5), got {cell!r}")
    dr, dc = STEP[door]
    if rank - dr not in RANKS or col - dc not in COLS:
        raise ValueError(f"no room can draft {door} into {cell!r}: the door would be off the board")


@lru_cache(maxsize=8192)
def _orientations(rules: Rules, name: str, cell: Cell, door: str) -> tuple[str, ...]:
    origin = neighbour(cell, (NAMES.index(door) + 2) % 4)
    shape = rules.room(name)["shape"]
    return tuple("".join(NAMES[d] for d in sorted(doors(shape, r)))
                 for r in placements(rules, name, origin, NAMES.index(door)))


def orientations(name: str, cell: Cell, door: str, *, rules: Rules | None = None
                 ) -> tuple[str, ...]:
    """The door layouts ``name`` may take when drafted through ``door`` (the direction you draft
    toward, N E S W) into the empty ``cell``: one door must face back to the door drafted from
    (§4 Action A), its placement note must allow the cell (§2, §16), and a ``facing=ns`` tile
    must have its doors north and south (§9 Placement). Empty when it cannot be placed there.
    """
    rules = resolve(rules)
    check_move(tuple(cell), door)
    return _orientations(rules, room_name(rules, name), tuple(cell), door)


def placeable(name: str, cell: Cell, door: str, *, exit: str | None = None, turn: bool = False,
              rules: Rules | None = None) -> Fraction:
    """The chance a drawn copy of ``name`` can be placed at ``cell`` through ``door`` and, given
    ``exit`` (door letters such as ``"N"`` or ``"NEW"``), opens a door toward one of them.

    Under ``tile_orientation=as_drawn`` a drawn tile's layout is uniform among
    :func:`orientations`; ``turn=True`` (drafting from a Rotunda door, §16; a Dovecote among
    the drawn tiles, §17), the Rotunda itself ("Can Rotate", §18) and ``player_choice`` let
    the player pick it, so the answer is 0 or 1. A dead end never has an exit (§16).
    """
    rules = resolve(rules)
    name = room_name(rules, name)
    cell = tuple(cell)
    check_move(cell, door)
    valid = _orientations(rules, name, cell, door)
    if exit is None:
        return Fraction(bool(valid))
    bad = [d for d in exit if d not in DIRECTIONS or d == OPPOSITE[door]]
    if not exit or bad:
        raise ValueError(f"exit must be door letters N E S W other than the way back "
                         f"({OPPOSITE[door]}), got {exit!r}")
    hits = sum(1 for x in valid if set(x) & set(exit))
    if turn or name == "Rotunda" or rules.variant("tile_orientation") == "player_choice":
        return Fraction(hits > 0)
    return Fraction(hits, len(valid)) if valid else Fraction(0)
