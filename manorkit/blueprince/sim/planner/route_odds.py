"""The odds the planner reads off the board (§4 Action A, §6): that a draft brings no tile that
leads on (:func:`dead_draw`), that a draft beside an opened Antechamber side faces it
(:func:`connect_odds`), and that the open doors grow, cell by empty cell, into a tile facing
the Antechamber (:func:`reach_odds`), from the Active Bag's door counts and gem costs, the
gems held, the lock dice by rank and the Keys held.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from ...board import COLS, RANKS, doors, edge, neighbour, placements
from ...engine.drafting import draftable_doors
from ...engine.setup import ANTECHAMBER
from ...engine.state import State
from ...engine.turn import LEVER_SIDES
from ...mechanics import door_die, tile_cost
from ...rules import Rules
from .levers import live_sides

#: Keys (and Lockpick Kit or Silver Key uses) enough to count on opening the locks met on
#: the way to the Antechamber in :func:`reach_odds`; fewer open that share.
KEYS_ENOUGH = 3

#: The board's cells but the Antechamber, and each one's neighbours on the board.
_CELLS = tuple((r, c) for r in RANKS for c in COLS if (r, c) != ANTECHAMBER)
_NEIGHBOURS = {cell: tuple(m for d in range(4) if (m := neighbour(cell, d)) is not None
                           and m != ANTECHAMBER) for cell in _CELLS}

#: How much a cell's second and third ways on count beside its best in
#: :func:`_reach_grid` (the ways share cells: far from independent tries).
ALTERNATIVES = (1.0, 0.4, 0.15)


def connect_odds(s: State, origin, direction: int, need: int) -> float:
    """The chance that a draft through ``direction`` of ``origin`` brings a tile we can
    take whose random orientation has a door on side ``need`` (the Active Bag's odds,
    Slots 2–3 if their gems are held; a redraw at hand squares the failure)."""
    r = s.resources
    fail = _no_connect(s.rules, tuple(s.bag.items()), origin, direction, need, r["gems"],
                       "Terrace" in s.on_board())
    if r["ivory_dice"] or (r["gems"] and "Study" in s.on_board()):
        fail *= fail
    return 1 - fail


def reach_odds(s: State) -> float:
    """The odds that the house grows from its open doors to a tile facing the
    Antechamber on a :meth:`goal_cells` side: each empty cell's odds along paths of empty
    cells (a draft there brings a tile with a door towards the next one at the odds of
    :meth:`dead_draw` with a gem at most, the door opens at the lock odds of its rank,
    §6, or with a Key), the open doors' odds combined as independent tries; 1 when such
    a tile is reachable."""
    reach = set(s.routes()) | {s.position}
    # the gems and redraws held are spent on the way: a later draft has a gem at most
    q = 1 - _dead_draw(s.rules, tuple(s.bag.items()), min(1, s.resources["gems"]),
                       "Terrace" in s.on_board())[1]
    targets: dict = {}
    levers = s.flags.get("levers", ())
    sides = [side for side in live_sides(s) if side in levers] or live_sides(s)
    for side in sides:
        d = LEVER_SIDES[side]
        g = neighbour(ANTECHAMBER, d)
        tile = s.board.get(g)
        if tile is None:
            targets[g] = q
        elif g in reach:
            return 1.0
        else:
            for e in tile.doors:
                n = neighbour(g, e)
                if n is not None and n not in s.board and n != ANTECHAMBER:
                    targets[n] = q
    if not targets:
        return 0.0
    payable = s.resources["keys"] + s.items.get("Lockpick Kit", 0) + s.items.get(
        "Silver Key", 0)
    pay = min(1.0, payable / KEYS_ENOUGH)
    opens = tuple(1 - _lock_odds(s.rules, s.rules.rank_die(r)) * (1 - pay)
                  for r in RANKS)
    odds = _reach_grid(frozenset(s.board), tuple(sorted(targets.items())), round(q, 2),
                       tuple(round(o, 2) for o in opens))
    closed = {(tuple(c), d) for c, d in s.flags.get("closed_doors", ())}
    best: dict = {}
    on_board = s.on_board()
    level = s.flags.get("security_level", "normal")
    for cell in reach:
        if cell == ANTECHAMBER:
            continue
        for d in s.board[cell].doors:
            n = neighbour(cell, d)
            if n is None or n in s.board or n == ANTECHAMBER or n not in odds:
                continue
            door = edge(cell, d)
            if door in closed:
                continue
            if door in s.padlocks or list(door) in s.flags.get("unlocked_doors", ()):
                p = (1.0 if payable else 0.0) if door in s.padlocks else 1.0
            else:
                die = door_die(s.rules, s.board[cell].room, cell, n, on_board, level)
                p = 1 - _lock_odds(s.rules, die) * (1 - pay)
            best[n] = max(best.get(n, 0.0), p * odds[n])
    miss = 1.0
    for p in best.values():
        miss *= 1 - p
    return 1 - miss


def dead_draw(s: State) -> tuple[float, ...]:
    """By the number of empty cells beside the drafted cell (0–3 besides the door we come
    through), the chance that a draft brings no tile we can take that leads on through a
    door to one of them (its orientation at random): Slot 1 free, Slots 2–3 if their
    gems are held (§4 Gem Cost Rules), the odds of the Active Bag; squared when a redraw
    is at hand (Ivory Die, Study gems, §4 Step 4)."""
    r = s.resources
    fails = _dead_draw(s.rules, tuple(s.bag.items()), r["gems"], "Terrace" in s.on_board())
    if r["ivory_dice"] or (r["gems"] and "Study" in s.on_board()):
        fails = tuple(f * f for f in fails)
    return fails


@lru_cache(maxsize=8192)
def _dead_draw(rules: Rules, bag: tuple, gems: int, terrace: bool) -> tuple[float, ...]:
    total, lead, cheap = 0, [0.0] * 4, [0.0] * 4
    for room, n in bag:
        cost, leads = _leads(rules, room, terrace)
        total += n
        for k, p in enumerate(leads):
            lead[k] += n * p
            if cost <= gems:
                cheap[k] += n * p
    if not total:
        return (1.0,) * 4
    return tuple((1 - lead[k] / total) * (1 - cheap[k] / total) ** 2 for k in range(4))


@lru_cache(maxsize=8192)
def _no_connect(rules: Rules, bag: tuple, origin, direction: int, need: int, gems: int,
                terrace: bool) -> float:
    """The chance that no tile of a draw (Slot 1 free, Slots 2–3 within ``gems``) through
    ``direction`` of ``origin`` gets, at a random allowed orientation, a door on ``need``."""
    total, hit, cheap = 0, 0.0, 0.0
    for room, n in bag:
        turns = placements(rules, room, origin, direction)
        total += n
        if not turns:
            continue
        shape = rules.room(room)["shape"]
        p = sum(need in doors(shape, t) for t in turns) / len(turns)
        hit += n * p
        if tile_cost(rules, room, terrace=terrace)[0] <= gems:
            cheap += n * p
    if not total:
        return 1.0
    return (1 - hit / total) * (1 - cheap / total) ** 2


@lru_cache(maxsize=1024)
def _leads(rules: Rules, room: str, terrace: bool) -> tuple[int, tuple[float, ...]]:
    """A tile's gem cost and, for 0–3 empty cells beside it, the chance that one of its
    doors besides the one facing back (at random) faces one of them."""
    others = int(rules.room(room)["doors"]) - 1
    return (tile_cost(rules, room, terrace=terrace)[0],
            tuple(1 - comb(3 - k, others) / comb(3, others) for k in range(4)))


@lru_cache(maxsize=64)
def _lock_odds(rules: Rules, die: str | None) -> float:
    """The chance that ``die`` (a lock die, or None: never locked) shows LOCKED (§6)."""
    if die is None:
        return 0.0
    f = rules.die_faces(die)
    return f.get("LOCKED", 0) / sum(f.values())


@lru_cache(maxsize=8192)
def _reach_grid(occupied: frozenset, targets: tuple, q: float, opens: tuple) -> dict:
    """Each empty cell → the odds that a draft into it grows, cell by empty cell, into one
    of ``targets`` (cell → the odds that the last draft there faces the Antechamber): a
    tile has a door towards a given empty neighbour at odds ``q``, a door at rank r opens
    at odds ``opens[r - 1]``; the best neighbour counts fully, the others as
    :data:`ALTERNATIVES` (value iteration)."""
    goal = dict(targets)
    odds = {cell: goal.get(cell, 0.0) for cell in _CELLS if cell not in occupied}
    nbrs = {cell: [m for m in _NEIGHBOURS[cell] if m in odds] for cell in odds}
    order, seen = [], set(goal)  # nearest the targets first: few sweeps settle it
    frontier = list(goal)
    while frontier:
        frontier = [m for cell in frontier for m in nbrs.get(cell, ()) if m not in seen
                    and not seen.add(m)]
        order += frontier
    for _ in range(4):
        change = 0.0
        for cell in order:
            step = q * opens[cell[0] - 1]
            miss = 1.0
            for w, x in zip(ALTERNATIVES, sorted((odds[m] for m in nbrs[cell]), reverse=True),
                            strict=False):
                miss *= 1 - w * step * x
            change = max(change, abs(1 - miss - odds[cell]))
            odds[cell] = 1 - miss
        if change < 1e-3:
            break
    return odds


@lru_cache(maxsize=8192)
def goal_dists(occupied: frozenset, goals: tuple) -> dict:
    """Each empty cell → the fewest cells on a path of empty cells from it to one of
    ``goals`` (the goals themselves 0, placed or not)."""
    dist = {g: 0 for g in goals}
    frontier = list(goals)
    while frontier:
        nxt = []
        for cell in frontier:
            for d in range(4):
                m = neighbour(cell, d)
                if m is not None and m not in dist and m not in occupied and m != ANTECHAMBER:
                    dist[m] = dist[cell] + 1
                    nxt.append(m)
        frontier = nxt
    return dist


def empty_beside(s: State, cell) -> int:
    """How many cells beside ``cell`` are on the board's grid and still empty."""
    return sum(1 for d in range(4) if (m := neighbour(cell, d)) is not None
               and m not in s.board and m != ANTECHAMBER)


def open_doors(s: State, cell) -> list[int]:
    """The doors of the room at ``cell`` that could be drafted from it (as
    ``engine.drafting.draftable_doors`` from there): to an empty cell, not shut, and if
    padlocked, payable."""
    if cell == s.position:
        return draftable_doors(s)
    closed = {(tuple(c), d) for c, d in s.flags.get("closed_doors", ())}
    payable = s.resources["keys"] + s.items.get("Lockpick Kit", 0) + s.items.get(
        "Silver Key", 0)
    out = []
    for d in s.board[cell].doors:
        n = neighbour(cell, d)
        door = edge(cell, d)
        if n is not None and n not in s.board and door not in closed and (
                door not in s.padlocks or payable):
            out.append(d)
    return out
