"""The lever paths the planner knows (§13 Win Condition): which Antechamber sides a lever can
still open, whether one is open, and the cells beside the Antechamber it plays towards.

The Broken Lever carried into the Greenhouse opens the south door (§7 Item Reference), the
Secret Garden Key spent on a locked edge door spawns the Secret Garden whose lever opens the
west door (§6 Special Keys, §16 Secret Garden), and under variant ``east_lever=placeholder_room``
the room of ``tables/east_lever.csv`` opens the east door. A door opens into the Antechamber
from the cell beside it on that side (``engine.turn.LEVER_SIDES``), so that cell must come to
hold a tile with a door facing the Antechamber.
"""

from __future__ import annotations

from functools import lru_cache

from ...board import neighbour, opposite
from ...engine.drafting import garden_spawnable
from ...engine.setup import ANTECHAMBER
from ...engine.state import State
from ...engine.turn import LEVER_SIDES
from ...rules import Rules

#: Abilities used at once whenever offered: they pull a lever (§7, §6 Special Keys).
LEVER_ABILITIES = ("attach_broken_lever", "secret_garden_key")

#: The edge cells where a locked door can spawn the Secret Garden with the best odds: Columns
#: 1 and 5 (no corners) at Ranks 5–8, drafted into from rooms whose doors roll a lock die (§6
#: Special Keys, §16 Secret Garden; Rank 4's white die locks least).
GARDEN_SPOTS = tuple((r, c) for r in range(5, 9) for c in (1, 5))

#: The Antechamber's doors in the order :func:`_live_sides` takes the tiles beside them.
SIDE_DOORS = tuple(LEVER_SIDES.values())


def lever_pulled(s: State) -> bool:
    """Whether an Antechamber door on a live side is open."""
    levers = s.flags.get("levers", ())
    return any(side in levers for side in live_sides(s))


def wants_west(s: State) -> bool:
    return ("west" not in s.flags.get("levers", ()) and garden_spawnable(s)
            and "west" in live_sides(s))


def live_sides(s: State) -> list[str]:
    """The Antechamber sides still usable: a lever path exists and the cell beside that
    door is empty or holds a tile with a door facing the Antechamber."""
    return list(_live_sides(s.rules, *(s.board.get(neighbour(ANTECHAMBER, d))
                                       for d in SIDE_DOORS)))


def goal_cells(s: State) -> list:
    """The cells beside the Antechamber on the live sides, the open ones alone if any."""
    levers = s.flags.get("levers", ())
    live = live_sides(s)
    open_ = [side for side in live if side in levers]
    return [neighbour(ANTECHAMBER, LEVER_SIDES[side]) for side in (open_ or live)]


def open_goals(s: State) -> dict:
    """The empty cells beside the Antechamber on opened live sides → the door (side of
    that cell) a tile there must have to face the Antechamber."""
    levers = s.flags.get("levers", ())
    out = {}
    for side in live_sides(s):
        d = LEVER_SIDES[side]
        cell = neighbour(ANTECHAMBER, d)
        if side in levers and cell not in s.board:
            out[cell] = opposite(d)
    return out


def goal_room(s: State, cell) -> bool:
    room = s.board[cell].room
    levers = s.flags.get("levers", ())
    return (room == "Greenhouse" and "Broken Lever" in s.items
            and "south" not in levers) or (room == "Secret Garden" and "west" not in levers)


@lru_cache(maxsize=4096)
def _live_sides(rules: Rules, *beside) -> tuple[str, ...]:
    """:func:`live_sides` given the tiles (or None) beside the Antechamber's
    :data:`SIDE_DOORS`."""
    tiles = dict(zip(SIDE_DOORS, beside, strict=True))
    return tuple(side for side in lever_sides(rules)
                 if tiles[LEVER_SIDES[side]] is None
                 or opposite(LEVER_SIDES[side]) in tiles[LEVER_SIDES[side]].doors)


def lever_sides(rules: Rules) -> tuple[str, ...]:
    """The Antechamber sides a lever can open under these rules (§13, variant east_lever)."""
    return ("south", "west") + (("east",) if east_lever_room(rules) else ())


def east_lever_room(rules: Rules) -> str | None:
    if rules.variant("east_lever") != "placeholder_room":
        return None
    row = rules.rows("tables/east_lever.csv").get("east")
    return row["room"] if row else None
