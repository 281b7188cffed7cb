"""The fixed floor plans (§3 Setup, §13 Win Condition): the Entrance Hall, the Antechamber
and Room 46."""

from __future__ import annotations

from ..hooks import data_only, on_enter

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
