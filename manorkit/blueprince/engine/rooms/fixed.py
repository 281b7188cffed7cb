"""The fixed floor plans (§3 Setup, §13 Win Condition): the Entrance Hall, the Antechamber
and Room 46, The Foundation, and the east lever (variant ``east_lever``)."""

from __future__ import annotations

from ..hooks import data_only, on_draft, on_enter, watches_entries

data_only("§3 Setup: starting resources are collected at setup", "Entrance Hall")
data_only("§13 Opening Room 46: flipped from beside the board when the Room 46 Key is spent",
          "Room 46")


@on_enter("Antechamber")
def _antechamber(work, cell, first: bool) -> None:
    """§13: entering through a door a lever opened, collect the Room 46 Key and spend it at
    once: Room 46 opens and the run is won."""
    work.log("the Antechamber: the Room 46 Key is collected", "§13 Opening Room 46")
    work.log("the Room 46 Key opens Room 46: you win this run", "§13 Opening Room 46")
    work.carry_forward("won", True, "a win on the Carry-Forward card", "§13 Opening Room 46")
    work.over = "won"


@watches_entries("Antechamber",
                 active=lambda rules: rules.variant("east_lever") == "placeholder_room")
def _east_lever(work, ante, entry) -> None:
    """§13 The Three Lever Paths gives no east lever path (variant ``east_lever``):
    ``unavailable`` leaves the east door shut (this watcher does not act); under
    ``placeholder_room`` entering the room of ``tables/east_lever.csv`` (a designer's
    placeholder) pulls the east lever: that Antechamber door opens for this run (§2
    Antechamber door marker)."""
    row = work.rules.rows("tables/east_lever.csv").get("east")
    levers = tuple(work.flag("levers", ()))
    if row is None or entry.room != row["room"] or "east" in levers:
        return
    work.set_flag("levers", levers + ("east",))
    work.log(f"the east lever in the {row['room']} is pulled: the Antechamber's east door "
             "opens", "§13 The Three Lever Paths (variant east_lever)")


@on_draft("The Foundation")
def _foundation(work, cell) -> None:
    """§3 step 3, §14: the first time The Foundation is drafted it becomes permanent at that
    cell (its placement rule, §3: Columns 2-4, not Rank 2, not 8:3, variant
    ``foundation_positions``, is ``rooms.csv``): from the next run it is pre-placed there and
    never re-enters the Active Bag (carry ``foundation``)."""
    if work.s.campaign.foundation is None and "foundation" not in work.carry:
        work.carry_forward("foundation", list(cell), f"The Foundation stays at {cell} for good",
                           "§3 Setup")
