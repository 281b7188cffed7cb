"""The ASTRAL MAP and the contests fought on it: Exorcism and the Possession attack's
defence (exact odds).

Power Points are ``(circle, axis)``: Circles 1-3 hold the Room Control Points, Circle 4 the
Axis Control Points, and the Circles of Darkness 5-7 the Entity (Part 2: C. The Mapsheet).
Power Lines join the points of an Axis from Circle to Circle and the points of a Circle from
Axis to Axis. The text gives the results of an Exorcism and the House's side of a
Possession attack only; the rolls that decide them are placeholders (``gaps.csv``):

- Exorcism: the Hunter rolls 1 die + his Psychic Strength + the Power Markers he commits,
  the House 1 die + the Circle of what is Exorcised + the markers it commits (at most the
  Hunters who started), and against the Entity also the Controlled Axes (the Hunters "must
  first weaken the Entity ... destroying the various Power Axes", Part 2 B); ties go to the
  Hunter, as in a Haunting.
- Possession: the House's total (:func:`~.contests.possession_attack`) against the Hunter's
  1 die + his Psychic Strength + the markers he commits; above his, the attack succeeds.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import NamedTuple

from ..dist import Dist
from .cups import markers, power_total
from .rules import Rules

D6 = Dist.uniform(range(1, 7))
Point = tuple[int, int]


class Contest(NamedTuple):
    """Both totals and the chance each side wins (the Hunter wins ties)."""

    house: Dist
    hunter: Dist
    p_house: Fraction
    p_hunter: Fraction


def points(rules: Rules, circles: Iterable[int] | None = None) -> list[Point]:
    """Every Power Point of the given Circles (default: 1 to the Axis Control Circle)."""
    circles = range(1, rules.number("axis_circle") + 1) if circles is None else circles
    return [(c, a) for c in circles for a in range(1, rules.number("axes") + 1)]


def neighbours(rules: Rules, point: Point) -> list[Point]:
    """The Power Points one Power Line away from ``point``."""
    circle, axis = point
    axes, top = rules.number("axes"), rules.number("axis_circle")
    out = [(c, axis) for c in (circle - 1, circle + 1) if 1 <= c <= top]
    return out + [(circle, (axis + d - 1) % axes + 1) for d in (-1, 1)]


def distances(rules: Rules, start: Point, allowed: Iterable[Point] | None = None) -> dict:
    """Power Lines to cross from ``start`` to every point it reaches (only through
    ``allowed`` points, if given)."""
    allowed = None if allowed is None else set(allowed)
    out, frontier = {start: 0}, [start]
    while frontier:
        nxt = []
        for p in frontier:
            for q in neighbours(rules, p):
                if q not in out and (allowed is None or q in allowed):
                    out[q] = out[p] + 1
                    nxt.append(q)
        frontier = nxt
    return out


def room_points(rules: Rules) -> dict[str, Point]:
    """Each Room Marker's Room Control Point as laid out (``room_markers.csv``)."""
    return {r: (row["circle"], row["axis"]) for r, row in rules.rows("room_markers.csv").items()}


def _house_power(rules: Rules, power, hunters: int) -> Dist:
    sets = rules.rows("components.csv")["Hunter sets"]["count"]
    if not 1 <= hunters <= sets:
        raise ValueError(f"hunters (who started the game) must be 1-{sets}, got {hunters}")
    if markers(power) > hunters:
        raise ValueError(f"the House commits at most as many Power Markers as Hunters "
                         f"started ({hunters}); got {markers(power)}")
    return power_total(rules, power)


def exorcism(rules: Rules, character: str, circle: int, power: int | Sequence[int] = 0,
             house_power: int | Sequence[int] = 0, hunters: int = 1, axes: int = 0) -> Contest:
    """A Hunter Exorcising what stands in ``circle`` (a Room 1-3, an Axis 4, the Entity
    5-7; against the Entity, ``axes``: the Controlled Axes): placeholder roll (module
    docstring)."""
    if not 1 <= circle <= rules.number("entity_circles"):
        raise ValueError(f"circle must be 1-{rules.number('entity_circles')}, got {circle}")
    if not 0 <= axes <= rules.number("axes"):
        raise ValueError(f"axes (Controlled Axes) must be 0-{rules.number('axes')}, got {axes}")
    if axes and circle <= rules.number("axis_circle"):
        raise ValueError("the Controlled Axes count only against the Entity (Circles 5-7)")
    house = D6 + _house_power(rules, house_power, hunters) + circle + axes
    hunter = D6 + power_total(rules, power) + rules.character(character)["psychic"]
    p_house = house.combine(hunter, lambda h, t: h > t).p(True)
    return Contest(house, hunter, p_house, 1 - p_house)


def possession_defence(rules: Rules, character: str, power: int | Sequence[int] = 0) -> Dist:
    """A Hunter's total against a Possession attack (placeholder: Part 4 I stops at Step 6):
    1 die + his Psychic Strength + the Power Markers he committed."""
    return D6 + power_total(rules, power) + rules.character(character)["psychic"]


def entity_after(rules: Rules, circle: int) -> int | None:
    """Where the Entity goes when the House loses an Exorcism against it in ``circle``
    (Part 7): from the Fifth or Sixth Circle to the next (and an Axis is exorcised);
    from the innermost it is exorcised (None: the Hunters win)."""
    inner = rules.number("entity_circles")
    if not inner - 2 <= circle <= inner:
        raise ValueError(f"the Entity stands in a Circle of Darkness {inner - 2}-{inner}, "
                         f"not {circle}")
    return None if circle == inner else circle + 1
