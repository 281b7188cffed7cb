"""A castle as geometry: the Sketch Sheet's squares, Rooms with their entrances, Moats, secret
passages, filled-in entrances and the lot (Sketching Rooms, Completing Rooms, Downstairs,
Living and Outdoor Rooms, Moats, Courtyards).

Squares are ``(x, y)``, x to the east and y to the south, the Foyer's middle at ``(0, 0)``;
a wall or an entrance is ``(x, y, side)``, the side of square ``(x, y)`` it is on. The lot
starts ``lot_start`` squares wide around the Foyer and each flag moves one side out a square
(``lot_flags_per_side`` flags a side, up to ``lot_max``). A :class:`Sketch` is an immutable
value: every change returns a new one.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from typing import NamedTuple

from .cards import Card
from .rules import SIDES, STEP, Rules, parse_cells, parse_door

OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
#: A side after a quarter turn clockwise, and in a mirror (east and west swap).
TURNED = {"N": "E", "E": "S", "S": "W", "W": "N"}
MIRRORED = {"N": "N", "S": "S", "E": "W", "W": "E"}
Cell = tuple[int, int]
Wall = tuple[int, int, str]


def beyond(wall: Wall) -> Cell:
    """The square on the other side of a wall."""
    x, y, side = wall
    dx, dy = STEP[side]
    return x + dx, y + dy


def facing(wall: Wall) -> Wall:
    """The same wall seen from the square beyond it."""
    x, y, side = wall
    dx, dy = STEP[side]
    return x + dx, y + dy, OPPOSITE[side]


class Shape(NamedTuple):
    """A Room's squares and entrances, its corner at ``(0, 0)``; ``curved``/``angled``:
    squares with such walls (Bonus Cards)."""

    cells: frozenset
    doors: frozenset
    curved: int = 0
    angled: int = 0

    def oriented(self, turn: int, mirror: bool) -> Shape:
        """Turned ``turn`` quarter turns clockwise after a mirror (the card's other side)."""
        cells, doors = self.cells, self.doors
        if mirror:
            cells = {(-x, y) for x, y in cells}
            doors = {(-x, y, MIRRORED[s]) for x, y, s in doors}
        for _ in range(turn % 4):
            cells = {(-y, x) for x, y in cells}
            doors = {(-y, x, TURNED[s]) for x, y, s in doors}
        mx, my = min(x for x, _ in cells), min(y for _, y in cells)
        return Shape(frozenset((x - mx, y - my) for x, y in cells),
                     frozenset((x - mx, y - my, s) for x, y, s in doors), self.curved,
                     self.angled)

    def moved(self, dx: int, dy: int) -> Shape:
        return Shape(frozenset((x + dx, y + dy) for x, y in self.cells),
                     frozenset((x + dx, y + dy, s) for x, y, s in self.doors), self.curved,
                     self.angled)

    @property
    def walls(self) -> frozenset:
        """Every outer wall: where an entrance may be."""
        return frozenset((x, y, s) for x, y in self.cells for s in SIDES
                         if beyond((x, y, s)) not in self.cells)

    def orientations(self) -> tuple[tuple[int, bool, Shape], ...]:
        """``(turn, mirror, shape)`` for each distinct orientation."""
        return _orientations(self)


@lru_cache(maxsize=256)
def _orientations(shape: Shape) -> tuple[tuple[int, bool, Shape], ...]:
    out, seen = [], set()
    for mirror in (False, True):
        for turn in range(4):
            o = shape.oriented(turn, mirror)
            if (o.cells, o.doors) not in seen:
                seen.add((o.cells, o.doors))
                out.append((turn, mirror, o))
    return tuple(out)


@lru_cache(maxsize=64)
def shape_of(rules: Rules, name: str) -> Shape:
    """The shape of ``shapes.csv`` row ``name`` (``Foyer`` or a size)."""
    row = rules.rows("shapes.csv")[str(name)]
    return Shape(parse_cells(row["cells"]), frozenset(parse_door(d) for d in row["doors"]),
                 row["curved"], row["angled"])


class Room(NamedTuple):
    """A sketched Room: its type, size, squares and entrances; ``card`` None for the Foyer."""

    kind: str
    size: int
    cells: frozenset
    doors: frozenset
    card: Card | None = None
    curved: int = 0
    angled: int = 0


class Lot(NamedTuple):
    """The lot's geometry: half its starting width, squares per flag, flags a side."""

    half: int
    step: int
    flags: int

    @classmethod
    def of(cls, rules: Rules) -> Lot:
        start, most = rules.setting("lot_start"), rules.setting("lot_max")
        flags = rules.setting("lot_flags_per_side")
        return cls(start // 2, (most - start) // 2 // max(flags, 1), flags)

    @property
    def edge(self) -> int:
        """The map's edge: the farthest square from the Foyer a lot can reach."""
        return self.half + self.step * self.flags


@dataclass(frozen=True)
class Sketch:
    """One player's Sketch Sheet."""

    lot: Lot
    rooms: tuple[Room, ...] = ()
    moats: tuple[frozenset, ...] = ()
    passages: frozenset = frozenset()
    filled: frozenset = frozenset()
    flags: tuple[int, int, int, int] = (0, 0, 0, 0)
    walls_connect: bool = field(default=False)

    # -- what is where ----------------------------------------------------------------------
    @cached_property
    def owner(self) -> dict:
        """Square → index of its Room, or ``-1 - k`` for Moat ``k``."""
        out = {c: i for i, r in enumerate(self.rooms) for c in r.cells}
        out.update({c: -1 - k for k, m in enumerate(self.moats) for c in m})
        return out

    @cached_property
    def covered(self) -> frozenset:
        """Walls a secret passage covers (both its ends)."""
        return frozenset(w for p in self.passages for w in (p, facing(p)))

    def bounds(self) -> tuple[int, int, int, int]:
        """The lot: ``(west, east, north, south)`` squares, inclusive."""
        h, s = self.lot.half, self.lot.step
        n, e, so, w = self.flags
        return -h - s * w, h + s * e, -h - s * n, h + s * so

    def in_lot(self, cell: Cell) -> bool:
        west, east, north, south = self.bounds()
        return west <= cell[0] <= east and north <= cell[1] <= south

    def on_map(self, cell: Cell) -> bool:
        e = self.lot.edge
        return -e <= cell[0] <= e and -e <= cell[1] <= e

    def live(self, i: int) -> frozenset:
        """Room ``i``'s entrances still to connect: neither filled in nor under a passage."""
        return self.rooms[i].doors - self.filled - self.covered

    def room_at(self, cell: Cell) -> int | None:
        j = self.owner.get(cell)
        return j if j is not None and j >= 0 else None

    def connected(self, i: int, door: Wall) -> bool:
        """An entrance meets an entrance of another Room (Completing Rooms)."""
        j = self.room_at(beyond(door))
        return j is not None and j != i and facing(door) in self.live(j)

    def blocked(self, door: Wall) -> bool:
        """An entrance faces another Room's wall or a Moat."""
        return beyond(door) in self.owner and not self.connected(self.owner[door[:2]], door)

    def complete(self, i: int) -> bool:
        """Every entrance of Room ``i`` is connected (walls_connect: a blocked one counts)."""
        return all(self.connected(i, d) or (self.walls_connect and beyond(d) in self.owner)
                   for d in self.live(i))

    @cached_property
    def links(self) -> frozenset:
        """Pairs of Rooms joined by entrances or a passage (a path through the castle)."""
        out = set()
        for i in range(len(self.rooms)):
            for d in self.live(i):
                if self.connected(i, d):
                    out.add(frozenset((i, self.owner[beyond(d)])))
        for p in self.passages:
            a, b = self.room_at(p[:2]), self.room_at(beyond(p))
            if a is not None and b is not None and a != b:
                out.add(frozenset((a, b)))
        return frozenset(out)

    # -- changes --------------------------------------------------------------------------
    def with_room(self, room: Room) -> Sketch:
        new = replace(self, rooms=(*self.rooms, room))
        owner = dict(self.owner)
        owner.update(dict.fromkeys(room.cells, len(self.rooms)))
        new.__dict__["owner"] = owner
        return new

    def with_moat(self, cells: Iterable[Cell]) -> Sketch:
        """A Moat, and every entrance beside it filled in (Moats)."""
        cells = frozenset(cells)
        beside = {d for r in self.rooms for d in r.doors if beyond(d) in cells}
        return replace(self, moats=(*self.moats, cells), filled=self.filled | beside)

    def with_passage(self, wall: Wall) -> Sketch:
        return replace(self, passages=self.passages | {wall})

    def with_filled(self, door: Wall) -> Sketch:
        return replace(self, filled=self.filled | {door})

    def expanded(self, side: str) -> Sketch:
        flags = list(self.flags)
        flags[SIDES.index(side)] += 1
        return replace(self, flags=tuple(flags))

    # -- what a player may do -------------------------------------------------------------
    def targets(self) -> dict:
        """Empty squares of the lot a new Room may connect through → the sides its entrance
        must face there (an open entrance beside it), or ``None`` (a passage ends there: any
        entrance of the new Room connects)."""
        out: dict = {}
        for i in range(len(self.rooms)):
            for d in sorted(self.live(i)):
                cell = beyond(d)
                if cell not in self.owner and self.in_lot(cell):
                    sides = out.setdefault(cell, set())
                    if sides is not None:
                        sides.add(OPPOSITE[d[2]])
        for p in sorted(self.passages):
            cell = beyond(p)
            if cell not in self.owner and self.in_lot(cell):
                out[cell] = None
        return out

    def fits(self, cells: Iterable[Cell]) -> bool:
        return all(c not in self.owner and self.in_lot(c) for c in cells)

    def joins(self, shape: Shape, kind: str) -> bool:
        """Whether a Room placed as ``shape`` connects to the castle (and, Downstairs, to a
        Downstairs Room once there is one)."""
        downstairs = kind == "Downstairs" and any(r.kind == "Downstairs" for r in self.rooms)
        for d in shape.doors:
            j = self.room_at(beyond(d))
            if j is not None and facing(d) in self.live(j) and (
                    not downstairs or self.rooms[j].kind == "Downstairs"):
                return True
        for p in self.passages:
            if beyond(p) in shape.cells:
                j = self.room_at(p[:2])
                if not downstairs or (j is not None and self.rooms[j].kind == "Downstairs"):
                    return True
        return False

    def placements(self, shape: Shape, kind: str) -> list[tuple[int, bool, Shape]]:
        """Every legal way to sketch ``shape`` (Sketching Rooms): ``(turn, mirror, placed)``,
        one per distinct set of squares and entrances."""
        targets = self.targets()
        out, seen = [], set()
        for turn, mirror, o in shape.orientations():
            for cell, sides in targets.items():
                anchors = (sorted(o.cells) if sides is None else
                           [(x, y) for x, y, s in sorted(o.doors) if s in sides])
                for ax, ay in anchors:
                    placed = o.moved(cell[0] - ax, cell[1] - ay)
                    key = (placed.cells, placed.doors)
                    if key in seen:
                        continue
                    seen.add(key)
                    if self.fits(placed.cells) and self.joins(placed, kind):
                        out.append((turn, mirror, placed))
        return out

    def rearranged(self, shape: Shape) -> list[tuple[int, bool, Shape]]:
        """Where ``shape``'s squares could go beside an entrance or a passage's end, its
        entrances to be moved (a Sleeping Room reward): ``(turn, mirror, placed)``, one per
        distinct set of squares."""
        targets = self.targets()
        out, seen = [], set()
        for turn, mirror, o in shape.orientations():
            for cell in targets:
                for ax, ay in sorted(o.cells):
                    placed = o.moved(cell[0] - ax, cell[1] - ay)
                    if placed.cells in seen:
                        continue
                    seen.add(placed.cells)
                    if self.fits(placed.cells):
                        out.append((turn, mirror, placed))
        return out

    def moat_runs(self) -> list[frozenset]:
        """The longest straight runs of empty squares in the lot, along rows and columns
        (Moats: "a straight row or column of full squares of any desired length")."""
        west, east, north, south = self.bounds()
        out = []
        for horizontal in (True, False):
            lines = range(north, south + 1) if horizontal else range(west, east + 1)
            span = range(west, east + 1) if horizontal else range(north, south + 1)
            for a in lines:
                run: list[Cell] = []
                for b in [*span, None]:
                    cell = None if b is None else ((b, a) if horizontal else (a, b))
                    if cell is not None and cell not in self.owner:
                        run.append(cell)
                        continue
                    if len(run) > 1 or (run and horizontal):
                        out.append(frozenset(run))
                    run = []
        return out

    def passage_walls(self) -> list[Wall]:
        """Walls a secret passage may go through: an outer wall of a Room, not covered yet,
        leading to another Room or to an empty square of the lot (never into a Moat)."""
        out = []
        for room in self.rooms:
            for x, y in sorted(room.cells):
                for s in SIDES:
                    wall = (x, y, s)
                    cell = beyond(wall)
                    if cell in room.cells or wall in self.covered:
                        continue
                    j = self.owner.get(cell)
                    if (j is None and self.in_lot(cell)) or (j is not None and j >= 0):
                        out.append(wall)
        return out

    def unconnected(self) -> list[Wall]:
        """Entrances a Living Room reward may fill in: open or blocked ones."""
        return sorted(d for i in range(len(self.rooms)) for d in self.live(i)
                      if not self.connected(i, d))

    # -- what the castle holds (King's Favors, Bonus Cards, scoring) ------------------------
    @cached_property
    def enclosed(self) -> tuple[frozenset, ...]:
        """Empty areas closed in by Rooms and Moats on every side (not reaching the map's
        edge)."""
        # outside the castle's box every square is empty and in line with the map's edge,
        # so only the box's empty squares can be closed in: those off its rim
        xs = [x for x, _ in self.owner]
        ys = [y for _, y in self.owner]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        empty = {(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)} - \
            self.owner.keys()
        rim = {c for c in empty if c[0] in (x0, x1) or c[1] in (y0, y1)}
        inner = empty - _spread(rim, empty)
        out = []
        while inner:
            area = _spread({inner.pop()}, inner)
            inner -= area
            out.append(frozenset(area))
        return tuple(sorted(out, key=min))

    @cached_property
    def courtyards(self) -> tuple[frozenset, ...]:
        """Enclosed areas with an entrance or a passage into them (Courtyards)."""
        into = {beyond(d) for i in range(len(self.rooms)) for d in self.live(i)}
        into |= {beyond(p) for p in self.passages}
        return tuple(a for a in self.enclosed if a & into)

    def behind(self, k: int, either_side: bool = False) -> int:
        """Rooms wholly within Moat ``k``'s length and on its far side, looking from the
        lot's nearest edge (at equal distances, or ``either_side``: the view seeing more)."""
        moat = self.moats[k]
        xs, ys = {x for x, _ in moat}, {y for _, y in moat}
        west, east, north, south = self.bounds()
        views = []  # (distance from the edge looked from, Rooms seen behind)
        if len(ys) == 1:
            (y,) = ys
            views += [(y - north, self._seen(moat, 0, lambda c: c[1] > y)),
                      (south - y, self._seen(moat, 0, lambda c: c[1] < y))]
        if len(xs) == 1:
            (x,) = xs
            views += [(x - west, self._seen(moat, 1, lambda c: c[0] > x)),
                      (east - x, self._seen(moat, 1, lambda c: c[0] < x))]
        if either_side:
            return max(v for _, v in views)
        nearest = min(d for d, _ in views)
        return max(v for d, v in views if d == nearest)

    def _seen(self, moat: frozenset, along: int, far) -> int:
        lo, hi = min(c[along] for c in moat), max(c[along] for c in moat)
        return sum(1 for r in self.rooms
                   if all(lo <= c[along] <= hi and far(c) for c in r.cells))

    def empty_beside(self, i: int) -> int:
        """Empty squares of the map beside Room ``i`` (Outdoor Rooms' special scoring)."""
        cells = self.rooms[i].cells
        return len({n for x, y in cells for dx, dy in STEP.values()
                    if (n := (x + dx, y + dy)) not in self.owner and self.on_map(n)})

    def external_entrances(self) -> int:
        """Entrances and passages leading to empty space outside the castle (not into a
        Courtyard, a Room or a Moat)."""
        inside = set().union(*self.enclosed) if self.enclosed else set()
        ends = [beyond(d) for i in range(len(self.rooms)) for d in self.live(i)]
        ends += [beyond(p) for p in self.passages]
        return sum(1 for c in ends if c not in self.owner and c not in inside)

    def longest_path(self) -> int:
        """Rooms on the longest path through the castle visiting no Room twice."""
        graph: dict[int, set] = {i: set() for i in range(len(self.rooms))}
        for pair in self.links:
            a, b = tuple(pair)
            graph[a].add(b)
            graph[b].add(a)
        best = 0

        def walk(node: int, seen: frozenset) -> None:
            nonlocal best
            best = max(best, len(seen))
            for n in graph[node]:
                if n not in seen:
                    walk(n, seen | {n})
        for start in graph:
            walk(start, frozenset((start,)))
        return best

    def footprint(self) -> int:
        """Width × height of the castle (its Rooms and Moats)."""
        cells = list(self.owner)
        if not cells:
            return 0
        xs, ys = [x for x, _ in cells], [y for _, y in cells]
        return (max(xs) - min(xs) + 1) * (max(ys) - min(ys) + 1)

    def empty_lines(self) -> int:
        """Rows and columns of the lot with no Room or Moat square."""
        west, east, north, south = self.bounds()
        used_x = {x for x, _ in self.owner}
        used_y = {y for _, y in self.owner}
        return (sum(1 for x in range(west, east + 1) if x not in used_x)
                + sum(1 for y in range(north, south + 1) if y not in used_y))

    def touching_moat(self) -> int:
        """Rooms with a square beside a Moat."""
        moat = {c for m in self.moats for c in m}
        return sum(1 for r in self.rooms
                   if any((x + dx, y + dy) in moat for x, y in r.cells
                          for dx, dy in STEP.values()))

    def groups(self) -> int:
        """Groups of 2 or more connected Rooms of one type (Royal Decree D27)."""
        seen: set = set()
        n = 0
        for i, room in enumerate(self.rooms):
            if i in seen:
                continue
            group, stack = {i}, [i]
            while stack:
                a = stack.pop()
                for pair in self.links:
                    if a in pair:
                        (b,) = pair - {a}
                        if b not in group and self.rooms[b].kind == room.kind:
                            group.add(b)
                            stack.append(b)
            seen |= group
            n += len(group) >= 2
        return n

    def doors_drawn(self) -> Iterator[tuple[Wall, str]]:
        """Every entrance with how it stands: connected, blocked, open, filled or passage."""
        for i, room in enumerate(self.rooms):
            live = self.live(i)
            for d in sorted(room.doors):
                if d in self.filled:
                    yield d, "filled"
                elif d not in live:
                    yield d, "passage"
                elif self.connected(i, d):
                    yield d, "connected"
                else:
                    yield d, "blocked" if beyond(d) in self.owner else "open"


def _spread(start: set, within: set) -> set:
    """``start`` and every square of ``within`` joined to it side by side."""
    seen, stack = set(start), list(start)
    while stack:
        x, y = stack.pop()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in within and n not in seen:
                seen.add(n)
                stack.append(n)
    return seen


def foyer(rules: Rules, kind: str | None = None) -> Room:
    """The Foyer, centred on ``(0, 0)``: a Room of ``foyer_size`` of the type chosen."""
    shape = shape_of(rules, "Foyer")
    xs = [x for x, _ in shape.cells]
    ys = [y for _, y in shape.cells]
    placed = shape.moved(-(min(xs) + max(xs)) // 2, -(min(ys) + max(ys)) // 2)
    return Room(kind or "", rules.setting("foyer_size"), placed.cells, placed.doors)


def new_sketch(rules: Rules, kind: str | None = None) -> Sketch:
    """A fresh Sketch Sheet: the Foyer alone in a ``lot_start`` lot."""
    return Sketch(Lot.of(rules)).with_room(foyer(rules, kind))
