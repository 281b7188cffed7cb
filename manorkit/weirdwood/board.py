"""The Manor's board: three rings of rooms around the Throne Room and the two corridor rings
between them that turn with time (Board Setup, Scarab Phase & Spawning, Moving).

A place is ``(ring, slot)``: the outer and middle rings have 12 slots, the inner 6, the
Throne Room is ``("throne", 0)``. Slot 0 is at the top; slots count clockwise (so do the
Days: turning the Day ring counter-clockwise brings the next Day to the top, Advancing to
the Next Day). Inner slot ``q`` faces Day position ``2q`` (:func:`~.room_dice.room_at`).
The Day corridor runs between the outer and middle rings and turns one position a Day; the
Time of Day corridor runs between the middle and inner rings and turns one position a time
spot. A room is *open* onto a corridor when its ring has a door on that side and the
corridor is open where the room faces it (``rings.csv`` doors, ``corridors.csv``: both
placeholders). Rooms open onto the same corridor are connected through it; the Throne Room
opens onto every inner room.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache

from .rules import RINGS, Rules

THRONE = ("throne", 0)
Place = tuple[str, int]
#: The corridor outside a ring's rooms ("out") and inside them ("in").
CORRIDOR = {("outer", "in"): "day", ("middle", "out"): "day", ("middle", "in"): "time",
            ("inner", "out"): "time"}


def places(rules: Rules) -> tuple[Place, ...]:
    """Every room place, outer ring first, then the Throne Room."""
    return (*((r, s) for r in RINGS for s in range(rules.positions(r))), THRONE)


def position(rules: Rules, place: Place) -> int:
    """Where a room faces its corridors, in Day positions clockwise from the top."""
    ring, slot = place
    return slot * rules.days // rules.positions(ring)


@lru_cache(maxsize=64)
def _gates(rules: Rules, corridor: str) -> tuple[bool, ...]:
    rows = rules.rows("corridors.csv").values()
    return tuple(r["open"] == "yes" for r in sorted(
        (r for r in rows if r["corridor"] == corridor), key=lambda r: r["position"]))


def turned(rules: Rules, corridor: str, time: int) -> int:
    """How many positions a corridor ring has turned counter-clockwise at time spot
    ``time`` (0 = Day 1, first Morning): the Day corridor one a Day, the Time of Day
    corridor one a spot."""
    spots = sum(n for _, n in rules.times_of_day)
    return time // spots if corridor == "day" else time % spots


def open_onto(rules: Rules, place: Place, corridor: str, time: int) -> bool:
    """Whether the room at ``place`` opens onto ``corridor`` at ``time``."""
    ring = place[0]
    if ring == "throne":
        return False
    sides = rules.rows("rings.csv")[ring]["doors"]
    if not any(CORRIDOR.get((ring, side)) == corridor for side in sides):
        return False
    gates = _gates(rules, corridor)
    return gates[(position(rules, place) + turned(rules, corridor, time)) % len(gates)]


@lru_cache(maxsize=4096)
def links(rules: Rules, time: int) -> Mapping[Place, frozenset]:
    """Place → the places one corridor (or the Throne Room's doors) away at ``time``."""
    out: dict[Place, set] = {p: set() for p in places(rules)}
    for corridor in ("day", "time"):
        on = [p for p in places(rules) if open_onto(rules, p, corridor, time)]
        for p in on:
            out[p] |= set(on) - {p}
    for s in range(rules.positions("inner")):
        out[THRONE].add(("inner", s))
        out[("inner", s)].add(THRONE)
    return {p: frozenset(v) for p, v in out.items()}


def reachable(rules: Rules, start: Place, time: int, stops: Iterable[Place] = (),
              closed: Iterable[Place] = ()) -> frozenset:
    """Rooms one Move can end in from ``start`` (Moving): through connected corridors and
    rooms, never into a ``closed`` room (Rubble), and stopping in a ``stops`` room (Scarabs,
    a Fae Monster, Fire)."""
    stops, closed = set(stops), set(closed)
    graph = links(rules, time)
    seen, frontier = {start}, [start]
    while frontier:
        here = frontier.pop()
        if here != start and here in stops:
            continue
        for n in graph[here]:
            if n not in seen and n not in closed:
                seen.add(n)
                frontier.append(n)
    return frozenset(seen - {start})


def across(rules: Rules, place: Place, outward: bool) -> Place | None:
    """The room directly across the corridor on the next ring out (or in); two rooms
    equally across: the clockwise one (Mîn Wraith Movement). None past the outer ring or
    the Throne Room."""
    ring, slot = place
    order = ("throne", "inner", "middle", "outer")
    i = order.index(ring) + (1 if outward else -1)
    if not 0 <= i < len(order):
        return None
    target = order[i]
    if target == "throne":
        return THRONE
    if ring == "throne":
        return None
    n_from, n_to = rules.positions(ring), rules.positions(target)
    pos = slot * rules.days // n_from
    # a position between two rooms: the clockwise one
    return target, -(-pos * n_to // rules.days) % n_to


def opposite(rules: Rules, place: Place) -> Place:
    """The room across the board on the same ring."""
    ring, slot = place
    n = rules.positions(ring)
    return ring, (slot + n // 2) % n


def step(rules: Rules, place: Place, clockwise: bool) -> Place:
    """The next room on the same ring."""
    ring, slot = place
    return ring, (slot + (1 if clockwise else -1)) % rules.positions(ring)


def skitter(rules: Rules, place: Place, time: int, closed: Iterable[Place] = ()) -> Place | None:
    """Where Scarabs in a middle or inner room skitter outward (The Scarab Phase, steps 1
    and 2): to the room directly across if both open onto the corridor between; else, if
    their room opens onto it, clockwise along it to the next room open onto it; else
    nowhere (None). A Rubbled room is never entered."""
    ring = place[0]
    if ring not in ("middle", "inner"):
        return None
    corridor = "day" if ring == "middle" else "time"
    if not open_onto(rules, place, corridor, time):
        return None
    closed = set(closed)
    there = across(rules, place, outward=True)
    if there not in closed and open_onto(rules, there, corridor, time):
        return there
    target = "outer" if ring == "middle" else "middle"
    n = rules.positions(target)
    start = there[1]
    for k in range(1, n + 1):
        p = (target, (start + k) % n)
        if p not in closed and open_onto(rules, p, corridor, time):
            return p
    return None


def ring_order(rules: Rules, ring: str, first: Place) -> list[Place]:
    """A ring's places clockwise from ``first`` (The Scarab Phase starts at the Terrace of
    Temporal Rifts, then the Fae Breach)."""
    n = rules.positions(ring)
    return [(ring, (first[1] + k) % n) for k in range(n)]
