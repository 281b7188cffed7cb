"""Turn order from room sizes (Turn Order; End of Round).

Round 1 is clockwise from the start player. Later rounds go from the smallest Room on top of
a pile to the largest; tied players reveal the next card down (``turn_tie_depth`` variant:
keep digging, or one card only) and then fall back on the clockwise order from the start
player. The last player fills in a Go Last circle.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .rules import Rules, load_rules


def turn_order(piles: Mapping[str, Sequence[int]], seats: Sequence[str],
               rules: Rules | None = None) -> list[str]:
    """Players in turn order. ``piles``: each player's Room sizes in the order sketched (the
    last is on top); ``seats``: clockwise from the start player."""
    rules = rules or load_rules()
    if sorted(seats) != sorted(piles) or len(set(seats)) != len(seats):
        raise ValueError(f"seats {list(seats)!r} must name each player of piles once")
    for name, pile in piles.items():
        if any(not isinstance(s, int) or s < 1 for s in pile):
            raise ValueError(f"pile of {name!r} is {list(pile)!r}; expected Room sizes ≥ 1")
    depth = None if rules.variant("turn_tie_depth") == "dig_deeper" else 2
    return _order(list(seats), piles, seats, 0, depth)


def _order(group, piles, seats, level, depth) -> list[str]:
    """Order ``group`` by the card ``level`` down from the top; a tie goes one card deeper,
    and a tie where a pile has no such card (or past ``depth``) goes by seat."""
    if len(group) == 1:
        return group
    if (depth is not None and level >= depth) or any(len(piles[n]) <= level for n in group):
        return sorted(group, key=seats.index)
    card = lambda n: piles[n][-1 - level]  # noqa: E731
    out: list[str] = []
    for size in sorted({card(n) for n in group}):
        out += _order([n for n in group if card(n) == size], piles, seats, level + 1, depth)
    return out


def go_last(piles: Mapping[str, Sequence[int]], seats: Sequence[str],
            rules: Rules | None = None) -> str:
    """Who fills in a Go Last circle: the last player of the new turn order."""
    return turn_order(piles, seats, rules)[-1]
