"""The HOUSE MAP: Spaces, how they connect, which are Dark, and where a Character, a Haunt
or a Panicked Character may go in one move (Part 4 C, E and G).

The map itself is a placeholder (``map.csv``; the text describes the mapsheet but never
lists it): each Space has its Floor, the Floor whose Lights light it (blank: always Dark),
the MP to enter it, its Doors and Stairways, the walls a Psychic Haunt passes through, a
Fuse Box, whether it is a focus Space (Crypt, Graveyard, Cellar, Tower) and a Secret
Passage.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache

from .rules import Rules


def spaces(rules: Rules) -> tuple[str, ...]:
    return tuple(rules.rows("map.csv"))


def room_spaces(rules: Rules) -> tuple[str, ...]:
    """The Spaces with a Room Marker on the ASTRAL MAP."""
    return tuple(rules.rows("room_markers.csv"))


def focus_spaces(rules: Rules) -> tuple[str, ...]:
    """The Crypt, Graveyard, Cellar and Tower: Foci of Evil that cannot be Warded."""
    return tuple(s for s, r in rules.rows("map.csv").items() if r["focus"] == "yes")


def dark(rules: Rules, space: str, lights: Mapping[str, bool]) -> bool:
    """Whether ``space`` is Dark: always, or when the Lights of its Floor are Off."""
    floor = rules.rows("map.csv")[space]["lights"]
    return floor is None or not lights.get(floor, False)


def neighbours(rules: Rules, space: str, walls: bool = False,
               passages: bool = False) -> tuple[str, ...]:
    """Spaces one Door or Stairway away (``walls``: also through walls, floors and ceilings,
    as a Psychic Haunt; ``passages``: also through a Secret Passage)."""
    row = rules.rows("map.csv")[space]
    out = list(row["doors"])
    if walls:
        out += [s for s in row["walls"] or () if s not in out]
    if passages and row["secret"] and row["secret"] not in out:
        out.append(row["secret"])
    return tuple(out)


def reachable(rules: Rules, start: str, budget: int, cost: Callable[[str], int],
              step: Callable[[str], Iterable[str]], stop: Callable[[str], bool],
              barred: Callable[[str], bool] = lambda s: False) -> dict[str, int]:
    """Every Space reachable from ``start`` for at most ``budget`` points: ``cost(space)``
    to enter, ``step(space)`` the next Spaces, no move beyond a Space where ``stop`` holds,
    never into a ``barred`` one. Space → the least points spent (cheapest first)."""
    best, heap = {start: 0}, [(0, start)]
    while heap:
        spent, here = heapq.heappop(heap)
        if spent > best.get(here, spent) or (here != start and stop(here)):
            continue
        for nxt in step(here):
            if barred(nxt):
                continue
            total = spent + cost(nxt)
            if total <= budget and total < best.get(nxt, budget + 1):
                best[nxt] = total
                heapq.heappush(heap, (total, nxt))
    return best


def within(rules: Rules, start: str, steps: int) -> dict[str, int]:
    """Spaces at most ``steps`` Doors or Stairways from ``start`` (a Panic move)."""
    return reachable(rules, start, steps, lambda s: 1, lambda s: neighbours(rules, s),
                     lambda s: False)


@lru_cache(maxsize=4096)
def doors_apart(rules: Rules, start: str) -> dict[str, int]:
    """Doors and Stairways from ``start`` to every Space (breadth first; cached)."""
    return within(rules, start, len(spaces(rules)))
