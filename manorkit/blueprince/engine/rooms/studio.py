"""Studio Additions (§17 The Six Studio Additions): the Kennel, Dovecote, Clock Tower and
Vestibule (the Casino, Dormitory and Solarium belong to their colour families).

The Kennel's dig unlock is ``turn.dug`` (variant ``kennel_unlock_scope``); the Dovecote's
rotations are ``drafting.may_rotate``.
"""

from __future__ import annotations

from ...board import NAMES, WORDS, edge
from ...mechanics.numbers import number
from ..drafting import back_door
from ..hooks import on_draft, on_roll, passive, while_on_board
from ..pending import Roll

passive("§17 Dovecote: while it is a drawn option the other drawn tiles may be turned "
        "(drafting.may_rotate); its dirt pile is rooms.csv", "Dovecote")
passive("§8 Kennel bonus: while it is on the board every dig unlocks the doors of the room dug "
        "in (turn.dug, variant kennel_unlock_scope)", "Kennel")


@on_draft("Kennel")
def _kennel(work, cell) -> None:
    """§17 Kennel: "Always spawns the Shovel on draft": the Shovel token goes on the tile
    (picked up on entry) unless the single Shovel is already in play — held or lying on a
    tile (§7 The Shovel; variant ``kennel_shovel=if_not_in_play``); under ``extra_shovel``
    it always spawns."""
    if "Shovel" in work.in_play() and work.rules.variant("kennel_shovel") == "if_not_in_play":
        work.log("the Shovel is already in play: none spawns in the Kennel", "§7 The Shovel")
        return
    work.place_tokens(cell, "Shovel", 1, "§17 The Six Studio Additions")


# -- the Clock Tower ------------------------------------------------------------------------

def is_tomorrow_room(rules, room: str) -> bool:
    """A room with the clock icon: tag ``tomorrow`` in ``rooms.csv`` (§4 Tomorrow Rooms,
    §15; the Master Bedroom only under ``master_bedroom_tomorrow=tomorrow_table``)."""
    return "tomorrow" in (rules.room(room)["tags"] or ())


@on_draft("Clock Tower")
def _clock_tower(work, cell) -> None:
    """§4 Tomorrow Rooms, §17 Clock Tower: take its card; next run +1 Key for itself and for
    each Tomorrow Room drafted afterwards this day (``clock_tower_count=after_only``), or for
    every Tomorrow Room drafted this day, those already on the board included
    (``whole_day``)."""
    rooms = 1
    if work.rules.variant("clock_tower_count") == "whole_day":
        rooms += sum(1 for c, t in work.board.items()
                     if c != cell and is_tomorrow_room(work.rules, t.room))
    work.log("the Clock Tower card is taken", "§4 Tomorrow Rooms")
    _tally(work, rooms * number(work.rules, "clock_tower_keys"))


@while_on_board("Clock Tower")
def _clock_tally(work, cell, drafted) -> None:
    """§4: "Place 1 coin token on the card each time you draft any Tomorrow Room afterward"."""
    if is_tomorrow_room(work.rules, work.room_at(drafted)):
        _tally(work, number(work.rules, "clock_tower_keys"))


def _tally(work, keys: int) -> None:
    total = work.carry.get("clock_tower", 0) + keys
    work.carry_forward("clock_tower", total, f"+{total} Key(s) at the start of the next run "
                       "(Clock Tower)", "§14 Carry-Forward")


# -- the Vestibule --------------------------------------------------------------------------

@on_draft("Vestibule")
def _vestibule(work, cell) -> None:
    """§6 Special Lock Rules, §17 Vestibule: each door rolls its rank die, the uniquely
    lowest is locked (tied lowest re-roll), so exactly 1 door gets a padlock and the others
    are always open (the Vestibule's ``lock`` is ``vestibule``: no lock roll later).

    Which door is locked is a single chance step, uniform over the doors that roll:

    *Proof.* The doors roll independent, identically distributed dice, and each re-roll
    round again rolls the tied doors independently with the same die. The procedure is
    therefore invariant under any permutation of the doors: renaming doors maps every
    sequence of rolls to an equally likely sequence whose locked door is renamed the same
    way. A die with at least two faces of positive chance breaks a tie with positive chance
    each round, so the procedure ends with probability 1, and its outcome is one door. By
    the symmetry all n doors have the same chance, which is 1/n — whatever the die:
    ``numbered_lock_die=d6`` (numbers 1-6) or ``faces`` (LOCKED lower than OPEN), the rank's
    die or the white die at Ranks 1-3 (``special_locks_low_ranks=room_rule``). ∎

    ``vestibule_entry_door=other_three``: the door it was drafted through stays open and the
    other 3 roll (1/3 each). ``special_locks_low_ranks=never_locked``: at Ranks 1-3 no door is
    locked. With the Foyer on the board a Hallway's doors are unlocked on placement (§16
    Foyer; the Vestibule is orange): none is locked.
    """
    rules = work.rules
    if "Foyer" in work.on_board():
        work.log("the Foyer: the Vestibule's doors are unlocked on placement", "§16 Foyer")
        return
    if rules.rank_die(cell[0]) is None and \
            rules.variant("special_locks_low_ranks") == "never_locked":
        work.log("Ranks 1-3 are never locked: every Vestibule door is open", "§4 Step 1")
        return
    sides = [0, 1, 2, 3]
    if rules.variant("vestibule_entry_door") == "other_three":
        sides.remove(back_door(cell, work.position))
    work.queue(Roll("vestibule", cell, options=tuple((NAMES[d], 1) for d in sides)))


@on_roll("vestibule", "Vestibule locked door")
def _vestibule_lock(work, step: Roll, side) -> None:
    work.padlocks.add(edge(step.cell, NAMES.index(side)))
    work.log(f"the Vestibule's {WORDS[NAMES.index(side)]} door is the one locked: a padlock "
             "goes on it", "§17 Vestibule")
