"""The cups Nightmare House draws from blind: the POWER CUP (Power Markers, drawn without
replacement), the HAUNT CUP and, at setup, the Characters (exact odds).

The Power Markers' numbers and how many there are are placeholders (``power_markers.csv``):
the text never prints them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from math import comb

from ..dist import Dist
from .rules import Rules


def power_cup(rules: Rules) -> dict[int, int]:
    """The POWER CUP at setup: marker value → markers (Part 3 Step 8)."""
    return {r["value"]: r["count"] for r in rules.rows("power_markers.csv").values() if r["count"]}


def power_draw(cup: Mapping[int, int], n: int) -> Dist:
    """The values of ``n`` Power Markers drawn blind from ``cup`` (value → markers) without
    replacement, as a sorted tuple: a multivariate hypergeometric law."""
    if n < 0 or any(k < 0 for k in cup.values()):
        raise ValueError(f"need 0 or more markers from a cup of counts 0 or more; got {n}, "
                         f"{dict(cup)}")
    total = sum(cup.values())
    if n > total:
        raise ValueError(f"cannot draw {n} Power Markers from a cup of {total}")
    values = sorted(v for v, k in cup.items() if k)
    ways = comb(total, n)
    out: dict[tuple, Fraction] = {}

    def spread(i: int, left: int, taken: tuple, weight: int) -> None:
        if i == len(values) - 1:
            if left <= cup[values[i]]:
                out[taken + (values[i],) * left] = Fraction(weight * comb(cup[values[i]], left),
                                                            ways)
            return
        for k in range(min(cup[values[i]], left) + 1):
            spread(i + 1, left - k, taken + (values[i],) * k, weight * comb(cup[values[i]], k))

    if values:
        spread(0, n, (), 1)
    else:
        out[()] = Fraction(1)
    return Dist(out)


def power_total(rules: Rules, power: int | Sequence[int],
                cup: Mapping[int, int] | None = None) -> Dist:
    """The sum of Power Markers: ``n`` drawn blind from ``cup`` (default: the full POWER
    CUP of setup) without replacement, or the given values."""
    if isinstance(power, int) and not isinstance(power, bool):
        if power < 0:
            raise ValueError(f"power must be 0 or more markers, got {power}")
        return power_draw(power_cup(rules) if cup is None else cup, power).map(sum)
    values = tuple(power)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise ValueError(f"power must be a number of markers or a tuple of values, got {power!r}")
    return Dist.constant(sum(values))


def markers(power: int | Sequence[int]) -> int:
    """How many Power Markers ``power`` is: a count, or the values themselves."""
    return power if isinstance(power, int) else len(tuple(power))


def haunt_draw(rules: Rules, cup: Sequence[str]) -> Dist:
    """The Haunt drawn blind from the HAUNT CUP holding ``cup`` (names): each alike."""
    for name in cup:
        rules.haunt(name)
    if not cup:
        raise ValueError("the HAUNT CUP is empty")
    return Dist.from_counts({h: list(cup).count(h) for h in set(cup)})


def character_draw(rules: Rules, taken: Sequence[str] = ()) -> Dist:
    """The Character a Hunter draws at random (Solitaire Play: "instead of drawing it
    randomly"): any not ``taken``, alike."""
    left = [c for c in rules.rows("characters.csv") if c not in set(taken)]
    if not left:
        raise ValueError("every Character is taken")
    return Dist.uniform(left)
