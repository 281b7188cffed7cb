"""Found Floor Plans (§5 Found Floorplans, §9 The Tunnel, §5 The Planetarium).

The Tunnel chain itself (a sleeve Tunnel in Slot 1, redraws breaking the chain) is
``engine/drafting.py`` and ``Work.place``; here the sleeve is taken out, and a discovered
floor plan is recorded for the campaign.
"""

from __future__ import annotations

from ...mechanics.numbers import number
from ..hooks import on_draft, on_end_day, on_enter


def found_floor_plan(work, room: str, why: str, section: str) -> None:
    """Record the discovery of Found Floor Plan ``room`` for the campaign (carry ``found``,
    §5 Found Floorplans): from the next run on it is in the Active Bag; under
    ``found_floorplan_timing=same_run`` it joins the bag at once. Found before: nothing."""
    known = tuple(work.carry.get("found", ()))
    if room in work.s.campaign.found or room in known:
        return
    work.carry_forward("found", known + (room,), f"the {room} floorplan is found ({why}): "
                       "it joins the Active Bag of every later run", section)
    if work.rules.variant("found_floorplan_timing") == "same_run":
        work.add_to_bag(room, "found this run", "§2 Room Tiles")


@on_draft("Tunnel")
def _tunnel_drafted(work, cell) -> None:
    """§9 The Chain: a Tunnel taken from the sleeve (Slot 1 of a chain draft) is marked, so
    that only the Active Bag's Tunnel takes the sleeve out when entered."""
    if work.flag("sleeve", 0) < work.s.flags.get("sleeve", 0):
        work.set_flag("sleeve_tunnels", work.flag("sleeve_tunnels", ()) + (list(cell),))
        work.log(f"a sleeve Tunnel; {work.flag('sleeve')} left in the sleeve", "§9 The Chain")


@on_enter("Tunnel")
def _tunnel(work, cell, first: bool) -> None:
    """§9 The Chain: "When you draft the Tunnel tile from the Active Bag and enter it, take
    out the sleeve of 8 extra Tunnel tiles" (``decks/tunnel_sleeve.csv``); it stays out all
    day (flag ``sleeve`` = Tunnels left)."""
    if work.flag("sleeve") is not None or list(cell) in work.flag("sleeve_tunnels", ()):
        return
    size = int(work.rules.deck_counts("tunnel_sleeve").get("Tunnel", 0))
    work.set_flag("sleeve", size)
    work.log(f"the sleeve of {size} Tunnels is set beside the board", "§9 The Chain")


@on_end_day("Planetarium")
def _planetarium(work, cell) -> None:
    """§5 The Planetarium, §4 Tomorrow Rooms: ending the day here by choice makes the first
    Observatory entry next run roll once more (carry ``observatory_rolls``). Under
    ``planetarium_condition=observatory_required`` the Observatory must be on the board."""
    if work.rules.variant("planetarium_condition") == "observatory_required" and \
            "Observatory" not in work.on_board():
        work.log("no Observatory this run: the Planetarium card cannot be taken",
                 "§5 The Planetarium")
        return
    rolls = work.carry.get("observatory_rolls", 0) + number(work.rules, "planetarium_rolls")
    work.carry_forward("observatory_rolls", rolls, "the first Observatory entry next run rolls "
                       "the d6 once more (Planetarium)", "§5 The Planetarium")
