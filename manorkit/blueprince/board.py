"""The 5×9 grid (§2 The Board): door geometry, placed tiles and paths between rooms — rules that
the odds and the engine both read, so they lie below both."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import cache

from .placement import COLS, RANKS, Cell
from .rules import Rules
from .schema import SHAPE_DOORS

N, E, S, W = 0, 1, 2, 3
DIRS = (N, E, S, W)
NAMES = "NESW"
WORDS = ("north", "east", "south", "west")
STEP = {N: (1, 0), E: (0, 1), S: (-1, 0), W: (0, -1)}
#: Doors of each shape in rotation 0 (a dead end opens south; rotation r turns them r×90°
#: clockwise).
BASE_DOORS = {"dead_end": (S,), "straight": (N, S), "L": (S, E), "T": (E, S, W),
              "cross": (N, E, S, W)}
assert {k: len(v) for k, v in BASE_DOORS.items()} == SHAPE_DOORS


def opposite(d: int) -> int:
    return (d + 2) % 4


def _beyond(cell: Cell, d: int) -> Cell | None:
    r, c = cell[0] + STEP[d][0], cell[1] + STEP[d][1]
    return (r, c) if r in RANKS and c in COLS else None


_NEIGHBOURS = {((r, c), d): _beyond((r, c), d) for r in RANKS for c in COLS for d in DIRS}
#: Each cell's neighbours on the board, with their sides facing it.
_FACING = {(r, c): tuple(((d + 2) % 4, n) for d in DIRS if (n := _NEIGHBOURS[((r, c), d)]))
           for r in RANKS for c in COLS}


def neighbour(cell: Cell, d: int) -> Cell | None:
    """The cell beyond side ``d`` of ``cell``, or None off the board."""
    return _NEIGHBOURS[(cell, d)]


@cache
def doors(shape: str, rotation: int) -> frozenset[int]:
    """The sides with doors of a ``shape`` tile turned ``rotation`` quarter turns clockwise."""
    return frozenset((d + rotation) % 4 for d in BASE_DOORS[shape])


@cache
def rotations(shape: str) -> tuple[int, ...]:
    """The rotations that give distinct door layouts (a cross has one, a straight two)."""
    seen, out = set(), []
    for r in range(4):
        if doors(shape, r) not in seen:
            seen.add(doors(shape, r))
            out.append(r)
    return tuple(out)


@dataclass(frozen=True)
class Tile:
    """A room placed on the board."""

    room: str
    cell: Cell
    rotation: int
    doors: frozenset[int]


def tile(rules: Rules, room: str, cell: Cell, rotation: int) -> Tile:
    """The tile of ``room`` placed at ``cell`` turned ``rotation`` (kept per rules value: a
    tile is an immutable value, so one serves every placement)."""
    known = rules._memo["tiles"]
    key = (room, cell, rotation)
    out = known.get(key)
    if out is None:
        out = known[key] = Tile(room, cell, rotation, doors(rules.room(room)["shape"], rotation))
    return out


def paths(board: dict[Cell, Tile], start: Cell, padlocks: frozenset, *,
          through_walls: bool = False, sealed: frozenset = frozenset(),
          opened: dict[Cell, frozenset[int]] | None = None) -> dict[Cell, tuple]:
    """Cheapest routes from ``start`` to every reachable room (§4 Action B):
    :func:`cheapest` over the :func:`links` of ``board``."""
    return cheapest(links(board, through_walls=through_walls, sealed=sealed, opened=opened),
                    start, padlocks)


def links(board: dict[Cell, Tile], *, through_walls: bool = False,
          sealed: frozenset = frozenset(), opened: dict[Cell, frozenset[int]] | None = None
          ) -> dict[Cell, tuple]:
    """Cell → ``((next cell, door edge), ...)``: where one step leads from each room.

    A route runs through connecting doors; with ``through_walls`` (variant
    ``dead_end_transit=as_example``) between any two placed rooms touching edge to edge,
    except into or out of a ``sealed`` cell (the Antechamber), which still needs a connecting
    door. ``opened`` replaces the doors of some cells (the Antechamber's sides opened by
    levers). Sides are listed in N, E, S, W order.
    """
    doors_of = {c: t.doors for c, t in board.items()}
    if opened:
        doors_of.update(opened)
    return links_of(doors_of, through_walls=through_walls, sealed=sealed)


def links_of(doors_of: dict[Cell, frozenset[int]], *, through_walls: bool = False,
             sealed: frozenset = frozenset()) -> dict[Cell, tuple]:
    """:func:`links` of the rooms whose doors are ``doors_of`` (cell → sides)."""
    if through_walls:
        return {cell: _wall_row(doors_of, cell, here, sealed) for cell, here in doors_of.items()}
    return {cell: _door_row(doors_of, cell, here) for cell, here in doors_of.items()}


def relink(links: dict[Cell, tuple], doors_of: dict[Cell, frozenset[int]], cells, *,
           through_walls: bool = False, sealed: frozenset = frozenset()) -> None:
    """Bring ``links`` (:func:`links_of` of ``doors_of``) up to date in place after the doors
    of ``cells`` changed in ``doors_of`` (a room placed, turned, removed or opened): only the
    rows of those cells and of their neighbours can change (through doors only, of the
    neighbours with a door facing them)."""
    near = set(cells)
    for cell in cells:
        for back, other in _FACING[cell]:
            there = doors_of.get(other)  # a neighbour links to it only by a door facing it
            if there is not None and (through_walls or back in there):
                near.add(other)
    for cell in near:
        here = doors_of.get(cell)
        if here is None:
            links.pop(cell, None)
        elif through_walls:
            links[cell] = _wall_row(doors_of, cell, here, sealed)
        else:
            links[cell] = _door_row(doors_of, cell, here)


def _door_row(doors_of: dict[Cell, frozenset[int]], cell: Cell, here: frozenset[int]) -> tuple:
    """The links of one room through connecting doors."""
    sides = _EXITS.get((cell, here))
    if sides is None:
        sides = exits(cell, here)
    row = []
    for _, other, back, door in sides:
        there = doors_of.get(other)
        if there is not None and back in there:
            row.append((other, door))
    return tuple(row)


def exits(cell: Cell, here: frozenset[int]) -> tuple[tuple[int, Cell, int, tuple], ...]:
    """``(side, cell beyond, its side facing back, door edge)`` for each door ``here`` of
    ``cell`` that does not face off the board, in N, E, S, W order (kept as first met)."""
    key = (cell, here)
    out = _EXITS.get(key)  # (one hash of the key)
    if out is None:
        out = _EXITS[key] = _exits(cell, here)
    return out


_EXITS: dict[tuple[Cell, frozenset[int]], tuple] = {}


def _exits(cell: Cell, here: frozenset[int]) -> tuple:
    """:func:`exits` worked out (a function of its own: the filter makes ``here`` a closure
    cell of its caller at every call)."""
    return tuple([side for side in _SIDES[cell] if side[0] in here])


def _wall_row(doors_of: dict[Cell, frozenset[int]], cell: Cell, here: frozenset[int],
              sealed: frozenset) -> tuple:
    """The links of one room with ``through_walls``."""
    row = []
    for d in range(4) if cell not in sealed else sorted(here):
        other = _NEIGHBOURS[(cell, d)]
        if other is None or other not in doors_of:
            continue
        if (d in here and (d + 2) % 4 in doors_of[other]) or other not in sealed:
            row.append((other, _EDGES[(cell, d)]))
    return tuple(row)


def inner_doors(board: dict[Cell, Tile], doors) -> frozenset:
    """Those of the door edges ``doors`` between two placed rooms (only they can lie on a
    route: a padlock elsewhere changes no route)."""
    return frozenset([e for e in doors if e[0] in board and _NEIGHBOURS[e] in board])


def cheapest(links: dict[Cell, tuple], start: Cell, padlocks) -> dict[Cell, tuple]:
    """Cheapest routes from ``start`` along ``links`` (:func:`links`) to every reachable room.

    Returns cell → (padlocks to pay, steps, padlocked doors on the route). A route costs one
    step per room entered (the destination included, the start excluded); among routes it
    prefers the fewest padlocks, then the fewest steps, then the first found in N, E, S, W
    order, so the choice is deterministic.
    """
    if padlocks:
        best = _unlocked(links, start, padlocks)
        if best is None:  # a padlock on the way: the general search
            return _cheapest_locked(links, start, padlocks)
        return best
    return _unlocked(links, start, ())


def grown(routes: dict[Cell, tuple], links: dict[Cell, tuple], start: Cell, cell: Cell
          ) -> dict[Cell, tuple] | None:
    """:func:`cheapest` from ``start`` with no padlocks, from ``routes`` (found so before the
    room at ``cell`` joined ``links``) when the new room shortens no route and opens the way
    to no room unreached before: the same routes and the new room's (its cells in another
    order); None when it does (search again)."""
    steps = None
    for _, other in _FACING[cell]:  # the rooms with a link into the new one
        row = links.get(other)
        if row is not None and (other == start or other in routes):
            for there, _ in row:
                if there == cell:
                    here = routes[other][1] + 1 if other != start else 1
                    if steps is None or here < steps:
                        steps = here
    if steps is None:  # not reached
        return routes
    for there, _ in links[cell]:
        if there != start and (there not in routes or routes[there][1] > steps + 1):
            return None
    out = dict(routes)
    out[cell] = (0, steps, ())
    return out


def stepped(routes: dict[Cell, tuple], start: Cell, via: Cell) -> dict[Cell, tuple]:
    """:func:`cheapest` from ``start`` when its one link leads to ``via`` through a door
    without a padlock, from ``routes``, the routes from ``via`` (every route from ``start``
    passes there first: one step more; its cells in another order)."""
    out = {via: (0, 1, ())}
    for cell, (locks, steps, doors_on) in routes.items():
        out[cell] = (locks, steps + 1, doors_on)
    out.pop(start, None)
    return out


def _unlocked(links: dict[Cell, tuple], start: Cell, padlocks) -> dict[Cell, tuple] | None:
    """:func:`cheapest` by breadth-first search while no padlocked door leads to a room not
    reached yet (then every route is padlock-free and the first found is the shortest);
    None as soon as one does."""
    best: dict[Cell, tuple] = {start: (0, 0, ())}
    frontier = [start]
    steps = 0
    while frontier:
        steps += 1
        cand = (0, steps, ())
        reached = []
        for cell in frontier:
            for other, door in links[cell]:
                if other not in best:
                    if padlocks and door in padlocks:
                        return None
                    best[other] = cand
                    reached.append(other)
        frontier = reached
    del best[start]
    return best


def _cheapest_locked(links: dict[Cell, tuple], start: Cell, padlocks) -> dict[Cell, tuple]:
    """:func:`cheapest` when padlocks may lie on routes."""
    best: dict[Cell, tuple] = {start: (0, 0, ())}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        locks, steps, doors_on = best[cell]
        for other, door in links[cell]:
            if door in padlocks:
                cand = (locks + 1, steps + 1, doors_on + (door,))
            else:
                cand = (locks, steps + 1, doors_on)
            known = best.get(other)
            if known is None or cand[0] < known[0] or (cand[0] == known[0] and
                                                       cand[1] < known[1]):
                best[other] = cand
                queue.append(other)
    del best[start]
    return best


def faster(links: dict[Cell, tuple], start: Cell, padlocks, routes: dict[Cell, tuple],
           most: int) -> dict[Cell, tuple]:
    """The routes from ``start`` along ``links`` that pay more padlocks than the cheapest
    route to the same room (``routes``, as :func:`cheapest` gives them) for fewer steps (§4
    Action B: the player declares the route): cell → ``((padlocks, steps, padlocked doors),
    ...)`` by padlocks, for the rooms that have one. Each pays at most ``most`` padlocks and
    takes fewer steps than every route paying fewer (a route paying more for no fewer steps
    gains nothing: a padlock between two rooms can be paid when a route through it is
    wanted). Breadth-first over (room, padlocks paid), so each is reached first by its
    fewest steps, the first found in N, E, S, W order. No kept route pays more padlocks
    than lie between rooms (one paying a padlock twice walks a loop, and without it pays
    fewer for fewer steps), so ``most`` is cut to that many."""
    most = min(most, len(padlocks))
    if most <= 0:
        return {}
    seen: dict[tuple, tuple] = {(start, 0): ()}
    frontier = [(start, 0)]
    steps = 0
    found: dict[Cell, list] = {}
    while frontier:
        steps += 1
        reached = []
        for cell, paid in frontier:
            doors_on = seen[(cell, paid)]
            for other, door in links[cell]:
                locked = door in padlocks
                key = (other, paid + locked)
                if other == start or key[1] > most or key in seen:
                    continue
                seen[key] = doors_on + (door,) if locked else doors_on
                reached.append(key)
                fewest = routes[other][0]
                if key[1] > fewest:
                    found.setdefault(other, []).append((key[1], steps, seen[key]))
        frontier = reached
    out = {}
    for cell, options in found.items():
        best = routes[cell][1]  # the cheapest route's steps: an option must beat it
        kept = []
        for option in sorted(options):
            if option[1] < best:
                kept.append(option)
                best = option[1]
        if kept:
            out[cell] = tuple(kept)
    return out


def edge(cell: Cell, d: int) -> tuple[Cell, int]:
    """A door edge named from the cell that holds it (the same edge seen from either side
    is normalised to its south or west cell)."""
    return _EDGES[(cell, d)]


def _edge(cell: Cell, d: int) -> tuple[Cell, int]:
    other = neighbour(cell, d)
    if d in (N, E) or other is None:
        return (cell, d)
    return (other, opposite(d))


_EDGES = {(c, d): _edge(c, d) for (c, d) in _NEIGHBOURS}
#: Each cell's sides that do not face off the board, as :func:`exits` lists them.
_SIDES = {(r, c): tuple((d, n, (d + 2) % 4, _EDGES[((r, c), d)]) for d in DIRS
                        if (n := _NEIGHBOURS[((r, c), d)])) for r in RANKS for c in COLS}


def placements(rules: Rules, room: str, origin: Cell, direction: int) -> tuple[int, ...]:
    """The rotations in which ``room`` can be placed through door ``direction`` of the room
    at ``origin``: a door must face back, and the placement note must hold (§2, §4 Step 4)."""
    cells, turns = _fit(rules, room)
    return turns[(direction + 2) % 4] if _NEIGHBOURS[(origin, direction)] in cells else ()


def _fit(rules: Rules, room: str) -> tuple[frozenset[Cell], tuple[tuple[int, ...], ...]]:
    """The cells where ``room`` may be placed, and for each side (N, E, S, W) the rotations
    that turn a door of it that way with its doors facing as its placement note wants (kept
    per rules value; the cells per placement note)."""
    known = rules._memo["fit"]
    out = known.get(room)
    if out is None:
        rule = rules.placement(room)
        allowed = rules._memo["allowed"]
        cells = allowed.get(rule.text)
        if cells is None:
            cells = allowed[rule.text] = rule.cells()
        shape = rules.room(room)["shape"]
        out = known[room] = (cells, tuple(_turns(shape, rule.facing, back) for back in DIRS))
    return out


@cache
def _turns(shape: str, facing: str | None, back: int) -> tuple[int, ...]:
    """The rotations of a ``shape`` tile with a door on side ``back`` and, if ``facing`` is
    ``ns`` or ``ew``, doors on those sides only."""
    out = []
    for r in rotations(shape):
        ds = doors(shape, r)
        if back in ds and (facing != "ns" or ds <= {0, 2}) and (
                facing != "ew" or ds <= {1, 3}):
            out.append(r)
    return tuple(out)
