"""Room effects: one registry, so adding a room's effects touches that room's code only.

A room's draft and entry effects are functions registered with :func:`on_draft` and
:func:`on_enter`. They receive the :class:`~manorkit.blueprince.engine.state.Work` being
built and the room's cell, and change it through its methods (gain, queue a chance step,
log). Rooms whose rulebook effect is nothing are listed in ``NO_EFFECT``; any other room
without registered effects is placed and entered normally and its effect is logged as not
modelled yet.
"""

from __future__ import annotations

from collections.abc import Callable

DRAFT: dict[str, Callable] = {}
ENTER: dict[str, Callable] = {}

#: Rooms whose only rules are structural (doors, cost, locks, dirt, trunks): §16 Hallway,
#: West/East Wing Hall, Corridor, Passageway, Great Hall, Spare Room, Lavatory; the
#: Entrance Hall (§3: starting resources are collected at setup).
NO_EFFECT = frozenset({"Hallway", "West Wing Hall", "East Wing Hall", "Corridor", "Passageway",
                       "Great Hall", "Spare Room", "Lavatory", "Entrance Hall"})


def on_draft(*rooms: str) -> Callable:
    """Register a function ``f(work, cell)`` run when one of ``rooms`` is drafted."""
    def register(f: Callable) -> Callable:
        for room in rooms:
            DRAFT[room] = f
        return f
    return register


def on_enter(*rooms: str) -> Callable:
    """Register a function ``f(work, cell, first)`` run when one of ``rooms`` is entered;
    ``first`` is whether this is the first entry this run."""
    def register(f: Callable) -> Callable:
        for room in rooms:
            ENTER[room] = f
        return f
    return register


def modelled(room: str) -> bool:
    """Whether the engine models ``room``'s effects (or it has none)."""
    return room in NO_EFFECT or room in DRAFT or room in ENTER


# -- the simplest rooms (§7 Guaranteed resources, §16 Simple Resource Rooms, Bedrooms) ------

SIMPLE = ("Nook", "Den", "Storeroom", "Wine Cellar", "Pantry", "Vault", "Rumpus Room",
          "Bedroom", "Bunk Room", "Guest Bedroom")


@on_draft(*SIMPLE)
def _resources_on_draft(work, cell) -> None:
    work.room_resources(cell, "draft")
    if work.room_at(cell) == "Pantry":
        work.queue("fruit", cell)


@on_enter(*SIMPLE)
def _resources_on_entry(work, cell, first: bool, spawn: tuple[str, str] | None = None) -> None:
    every = work.rules.variant("repeat_entry_rewards") == "every_entry"
    if first or every:
        work.room_resources(cell, "entry")
        work.item_spawn(cell, spawn)
    if first:
        work.room_resources(cell, "first_entry")


#: The Nook's Special Items roll under variant ``nook_roll`` (§7 "on a 6" vs §16 "on OPEN
#: (rare face)"): (die, success).
NOOK_ROLL = {"six": ("d6", "6"), "open_face": ("lock_blue", "OPEN"),
             "locked_face": ("lock_blue", "LOCKED")}


@on_enter("Nook")
def _nook(work, cell, first: bool) -> None:
    _resources_on_entry(work, cell, first, NOOK_ROLL[work.rules.variant("nook_roll")])
