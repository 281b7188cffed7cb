"""Puzzle rooms and the Observatory (§15 Room Icons, §5 The Observatory & Constellations,
§5 The Planetarium): the Parlor, Billiard Room and Music Room roll a standard die on their
first entry each run (``room_rolls.csv``); the Observatory rolls the constellation table
(``observatory.csv``), more often with the Telescope or the Planetarium's carry-forward.
"""

from __future__ import annotations

from ...loader import Span
from ...mechanics.numbers import number
from ...mechanics.rolls import face_row, puzzle_rows, sure_special_key
from ...placement import Cell
from ..hooks import on_enter, on_roll
from ..pending import Roll, amount_roll
from ..setup import START
from .shops import special_key_roll

PUZZLES = ("Parlor", "Billiard Room", "Music Room")


def _gain(work, cell: Cell, resource: str, value, why: str, section: str) -> None:
    """Gain a printed amount: a number at once, a range ``a-b`` by an amount roll."""
    if isinstance(value, Span):
        work.queue(amount_roll(cell, resource, value.values), front=True)
    elif value:
        work.gain(resource, int(value), why, section)


# -- puzzle rooms (§15 Room Icons) ----------------------------------------------------------------

@on_enter(*PUZZLES)
def _puzzle_entered(work, cell: Cell, first: bool) -> None:
    """§15 Room Icons: on the first entry each run roll a standard die for the reward (the
    Music Room's 1 Key is its ``room_resources.csv`` entry row). Variant
    ``music_room_special_key=always``: the Music Room rolls a Special Key outright (§7)."""
    if not first:
        return
    room = work.room_at(cell)
    if sure_special_key(work.rules, room):
        work.log(f"the {room}: a Special Key roll", "§7 Item draws and guaranteed resources "
                 "by room")
        work.queue(special_key_roll(work, cell, room))
    else:
        work.queue(Roll("puzzle", cell, "d6", data=(room,)))


@on_roll("puzzle", "puzzle room roll")
def _puzzle_roll(work, step: Roll, value) -> None:
    """§15 Room Icons: the row of the face rolled — Keys or gems, a special key (a Key
    already held pays its ``instead_keys``), or a Special Key roll (``special_key`` yes)."""
    (room,) = step.data
    row = face_row(puzzle_rows(work.rules, room), value)
    section = "§15 Room Icons"
    work.log(f"{value}: {row['reward']}", section)
    key = row["special_key"]
    if key == "yes":
        work.queue(special_key_roll(work, step.cell, room), front=True)
    elif key and key in work.items:
        _gain(work, step.cell, "keys", row["instead_keys"], f"the {key} is already held",
              section)
    elif key:
        work.gain_item(key, section)
    else:
        for resource in ("keys", "gems"):
            _gain(work, step.cell, resource, row[resource], room, section)


# -- the Observatory (§5) -----------------------------------------------------------------------

@on_enter("Observatory")
def _observatory_entered(work, cell: Cell, first: bool) -> None:
    """§5 The Observatory & Constellations: the first entry this run rolls the d6
    constellation table once, plus once with the Telescope held and once per Planetarium
    carry-forward (flag ``observatory_rolls``, §5 The Planetarium; both: three rolls). A
    Telescope acquired after the first entry grants one re-entry roll, once per run;
    otherwise re-entering does nothing. The first entry ever finds the Planetarium."""
    rules = work.rules
    telescope = "Telescope" in work.items
    if not work.flag("observatory"):
        work.set_flag("observatory", True)
        work.set_flag("observatory_telescope", telescope)
        rolls = number(rules, "observatory_rolls") + work.flag("observatory_rolls", 0) + (
            number(rules, "telescope_rolls") if telescope else 0)
        work.log(f"the night sky: {rolls} constellation roll(s)",
                 "§5 The Observatory & Constellations")
        _find_planetarium(work)
    elif telescope and not work.flag("observatory_telescope") and not work.flag(
            "telescope_reentry"):
        work.set_flag("telescope_reentry", True)
        rolls = number(rules, "telescope_reentry_rolls")
        work.log("the Telescope, acquired since the first visit: a re-entry roll",
                 "§5 The Observatory & Constellations")
    else:
        return
    for _ in range(rolls):
        work.queue(Roll("constellation", cell, "d6"))


def _find_planetarium(work) -> None:
    """§5 The Planetarium, §5 Found Floorplans: the first Observatory entry ever discovers
    the Planetarium floor plan for the campaign (variant ``found_floorplan_timing``: it
    joins the bag from the next run, or at once under ``same_run``)."""
    if "Planetarium" in work.s.campaign.found:
        return
    work.carry_forward("found:Planetarium", True, "the Planetarium floor plan is found",
                       "§5 The Planetarium")
    if work.rules.variant("found_floorplan_timing") == "same_run" and not work.bag.get(
            "Planetarium") and "Planetarium" not in work.on_board():
        work.add_to_bag("Planetarium", "found in the Observatory", "§5 Found Floorplans")


@on_roll("constellation", "constellation")
def _constellation(work, step: Roll, value) -> None:
    """§5: the constellation's amounts of ``observatory.csv`` (The Twins' trunk tokens go on
    the Entrance Hall); a row without amounts (The Sail) is the passive shop discount for
    the rest of the run (flag ``sail``), which does not double."""
    row = face_row(work.rules.rows("tables/observatory.csv").values(), value)
    section = "§5 The Observatory & Constellations"
    name = row["constellation"]
    work.log(f"{value}: {name}", section)
    amounts = {f: row[f] for f in ("steps", "coins", "gems", "keys", "trunks") if row[f]}
    if not amounts:
        if work.flag("sail"):
            work.log(f"{name} is already in force: it does not double", section)
        else:
            work.set_flag("sail", True)
            work.log(f"{name}: shop prices are halved (rounded up) for the rest of the run",
                     section)
        return
    for resource, amount in amounts.items():
        if resource == "trunks":
            work.add_trunks(START, int(amount), section)
        else:
            _gain(work, step.cell, resource, amount, name, section)
