"""The room dice (a d12 and a d6) and where a rolled Scarab spawns (Scarab Phase & Spawning).

The d6 picks the ring (room_die.csv, a placeholder), the d12 a Day on the Day Corridor ring;
the Scarab spawns in that ring's room at that Day. The Day ring turns one spot a day, so the
current Day is always at the top: Day ``k`` sits ``(k - today) mod 12`` positions clockwise
from the top. The numbering runs clockwise (``days.csv`` clockwise; Advancing to the Next
Day: turning the ring counter-clockwise brings the next Day to the top). On the inner ring
(6 rooms at even positions) an odd position lies between two rooms: "choose the room
clockwise".
A room is ``(ring, slot)``, slots counted clockwise from the top from 0.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

from ..dist import Dist
from .rules import RINGS, Rules, load_rules


def room_at(ring: str, rolled_day: int, today: int, rules: Rules | None = None
            ) -> tuple[str, int]:
    """The room on ``ring`` at ``rolled_day`` when the current Day is ``today``."""
    rules = rules or load_rules()
    for name, value in (("rolled_day", rolled_day), ("today", today)):
        if not isinstance(value, int) or not 1 <= value <= rules.days:
            raise ValueError(f"{name} is {value!r}; expected 1 to {rules.days}")
    n = rules.positions(ring)
    sign = 1 if rules.setting("days.csv", "clockwise") else -1
    p = sign * (rolled_day - today) % rules.days
    slot = math.ceil(Fraction(p * n, rules.days)) % n  # between two rooms: the clockwise one
    return ring, slot


@lru_cache(maxsize=64)
def _spawn(rules: Rules, today: int) -> Dist:
    d6 = Dist.from_counts({ring: sum(1 for r in rules.room_die().values() if r == ring)
                           for ring in RINGS})
    d12 = Dist.uniform(range(1, rules.days + 1))
    return d6.combine(d12, lambda ring, day: room_at(ring, day, today, rules))


def spawn(today: int = 1, rules: Rules | None = None) -> Dist:
    """Where one roll of the room dice spawns a Scarab: a Dist over ``(ring, slot)``."""
    return _spawn(rules or load_rules(), today)


def spawn_into_occupied(occupied, today: int = 1, rules: Rules | None = None) -> Dist:
    """Bernoulli: a rolled Scarab lands on a room already holding one (2 Scarabs: the room
    is Blighted, Blighting Rooms). ``occupied``: rooms ``(ring, slot)``."""
    occupied = set(occupied)
    return spawn(today, rules).map(lambda room: room in occupied)


def setup_scarabs(today: int = 1, extra: int = 3, rules: Rules | None = None) -> Dist:
    """Board Setup: after 1 Scarab in every inner room, roll ``extra`` Scarabs, re-rolling a
    room that already holds one. A Dist over the sorted tuple of rooms that get one."""
    rules = rules or load_rules()
    one = spawn(today, rules)
    start = tuple(("inner", s) for s in range(rules.positions("inner")))
    free = sum(rules.positions(r) for r in RINGS) - len(start)
    if not isinstance(extra, int) or not 0 <= extra <= free:
        raise ValueError(f"extra is {extra!r}; expected 0 to {free} Scarabs")
    states = Dist.constant(())
    for _ in range(extra):
        states = Dist.mixture(
            (p, one.given(lambda room, held=set(start) | set(s): room not in held).map(
                lambda room, s=s: tuple(sorted((*s, room)))))
            for s, p in states)
    return states
