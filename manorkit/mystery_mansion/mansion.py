"""The mansion as built: rooms on a square grid seen from above, their doors, doorways,
staircases and where a new room may go (Adding On a Room; How to Move Your Pawn).

Every room stands on the table at its own height (its level), side by side with the others:
a cell holds one room, and two rooms whose facing walls both have a door form a doorway.
Rooms one level apart are joined only by a staircase in the lower room; two levels apart,
never. The Foyer stands at (0, 0) as printed; its double doors face south, onto the Front
Door card, the only way in or out (3. The Front Door Card).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import NamedTuple

from .rules import Rules
from .schema import LEVELS, SIDES

#: Where a pawn is before it enters and after it leaves: the Front Door card.
OUTSIDE = "outside"
#: The side of the Foyer's double doors, and the cell of the Front Door card before them.
FRONT = "S"
FRONT_CELL = (0, -1)
STEP = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}


class Placed(NamedTuple):
    """A room on the table: its cell and its doors, turned as it was placed."""

    cell: tuple[int, int]
    doors: frozenset[str]


def turned(doors: tuple[str, ...], quarter_turns: int) -> frozenset[str]:
    """``doors`` after ``quarter_turns`` clockwise quarter turns."""
    return frozenset(SIDES[(SIDES.index(d) + quarter_turns) % 4] for d in doors)


def neighbour(cell: tuple[int, int], side: str) -> tuple[int, int]:
    dx, dy = STEP[side]
    return cell[0] + dx, cell[1] + dy


def level_gap(rules: Rules, a: str, b: str) -> int:
    return abs(LEVELS.index(rules.level_of(a)) - LEVELS.index(rules.level_of(b)))


def lower(rules: Rules, a: str, b: str) -> str:
    """The lower of two rooms one level apart (where their staircase stands)."""
    return a if LEVELS.index(rules.level_of(a)) < LEVELS.index(rules.level_of(b)) else b


def doorways(placed: Mapping[str, Placed], cells: Mapping[tuple, str],
             room: str) -> Iterator[tuple[str, str]]:
    """``(side, neighbour)`` for every doorway of ``room``: a door facing a door."""
    here = placed[room]
    for side in sorted(here.doors):
        other = cells.get(neighbour(here.cell, side))
        if other is not None and OPPOSITE[side] in placed[other].doors:
            yield side, other


def passable(rules: Rules, stairs: Mapping[str, str], a: str, b: str) -> bool:
    """Whether a pawn may go through the doorway between ``a`` and ``b``: same level; or one
    level apart with the lower room's staircase at that doorway, or anywhere in the lower
    room when a staircase is moved as needed (variant ``staircases``)."""
    gap = level_gap(rules, a, b)
    if gap == 0:
        return True
    if gap > 1:
        return False
    low = lower(rules, a, b)
    if low not in stairs:
        return False
    return rules.variant("staircases") == "when_needed" or stairs[low] == (b if low == a else a)


def exits(rules: Rules, placed: Mapping[str, Placed], cells: Mapping[tuple, str],
          stairs: Mapping[str, str], room: str) -> list[str]:
    """The rooms a pawn in ``room`` may step into through an open doorway (and OUTSIDE from
    the Foyer, through its double doors)."""
    out = [other for _, other in doorways(placed, cells, room)
           if passable(rules, stairs, room, other)]
    if room == rules.start:
        out.append(OUTSIDE)
    return out


class Spot(NamedTuple):
    """Where a drawn room may go: beside the pawn's room on ``side``, turned
    ``quarter_turns`` times, and whether it needs a staircase from the supply."""

    side: str
    quarter_turns: int
    doors: frozenset[str]
    new_staircase: bool


def spots(rules: Rules, placed: Mapping[str, Placed], cells: Mapping[tuple, str],
          stairs: Mapping[str, str], stairs_left: int, here: str, room: str) -> list[Spot]:
    """Every legal placement of ``room`` beside ``here`` (Adding On a Room): a whole wall
    touching, across a door of ``here``, on an empty cell (never the Front Door card),
    turned so one of its doors lines up. One level up or down needs a staircase in the lower
    room: the one there is moved, else one comes from the supply (none left: not allowed).
    Turns giving the same doors are listed once."""
    out, cell = [], placed[here].cell
    for side in sorted(placed[here].doors, key=SIDES.index):
        target = neighbour(cell, side)
        if target in cells or target == FRONT_CELL:
            continue
        gap = level_gap(rules, here, room)
        if gap > 1:
            continue
        low = lower(rules, here, room) if gap else None
        new_staircase = gap == 1 and (low == room or here not in stairs)
        if new_staircase and stairs_left <= 0:
            continue
        seen = set()
        for q in range(4):
            doors = turned(rules.doors(room), q)
            if OPPOSITE[side] in doors and doors not in seen:
                seen.add(doors)
                out.append(Spot(side, q, doors, new_staircase))
    return out


def free_sides(placed: Mapping[str, Placed], cells: Mapping[tuple, str], here: str) -> bool:
    """Whether ``here`` has a door onto an empty cell (so a room may be added to it)."""
    cell = placed[here].cell
    return any(neighbour(cell, s) not in cells and neighbour(cell, s) != FRONT_CELL
               for s in placed[here].doors)


def distances(rules: Rules, placed: Mapping[str, Placed], cells: Mapping[tuple, str],
              stairs: Mapping[str, str], start: str) -> dict[str, int]:
    """Doorways to cross from ``start`` to every room it reaches (breadth first)."""
    out, frontier = {start: 0}, [start]
    while frontier:
        nxt = []
        for room in frontier:
            ahead = ([rules.start] if room == OUTSIDE
                     else exits(rules, placed, cells, stairs, room))
            for other in ahead:
                if other not in out:
                    out[other] = out[room] + 1
                    nxt.append(other)
        frontier = nxt
    return out
