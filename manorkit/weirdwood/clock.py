"""The time track as pure functions (Time & Advancing Time).

A :class:`Time` is a Day (1-12), a Time of Day (Morning, Afternoon, Evening, Night) and a
position (1-3) within it: 12 × 4 × 3 = 144 spots. Advancing past Night rolls the Day over;
advancing past Day 12 means time has run out (:class:`TimeRanOut`, a loss).
"""

from __future__ import annotations

from typing import NamedTuple

from .rules import Rules, load_rules


class TimeRanOut(Exception):
    """The Day Ring would move from Day 12 back to Day 1: the players lose (Losing the Game)."""


ORDINALS = {1: "first", 2: "second", 3: "third"}


class Time(NamedTuple):
    day: int
    time: str
    position: int

    def __str__(self) -> str:
        """As the rulebook says it: ``Day 1, second Morning``."""
        spot = ORDINALS.get(self.position, f"spot {self.position} of")
        return f"Day {self.day}, {spot} {self.time}"


def _spots(rules: Rules) -> list[tuple[str, int]]:
    return [(t, p) for t, n in rules.times_of_day for p in range(1, n + 1)]


def index(t: Time, rules: Rules | None = None) -> int:
    """Spots since Day 1, first Morning (0-based)."""
    rules = rules or load_rules()
    spots = _spots(rules)
    if not isinstance(t.day, int) or not 1 <= t.day <= rules.days:
        raise ValueError(f"day is {t.day!r}; expected 1 to {rules.days}")
    if (t.time, t.position) not in spots:
        raise ValueError(f"{t.time} position {t.position!r} is not on the track; expected one "
                         f"of {', '.join(n for n, _ in rules.times_of_day)}, position 1-3")
    return (t.day - 1) * len(spots) + spots.index((t.time, t.position))


def at(i: int, rules: Rules | None = None) -> Time:
    """The :class:`Time` ``i`` spots after Day 1, first Morning."""
    rules = rules or load_rules()
    spots = _spots(rules)
    day, k = divmod(i, len(spots))
    return Time(day + 1, *spots[k])


def start(rules: Rules | None = None) -> Time:
    """Day 1, first position of Morning (Time & Advancing Time)."""
    return at(0, rules)


def advance(t: Time, spots: int, rules: Rules | None = None) -> Time:
    """``t`` advanced ``spots`` spots (Advancing a Set Number of Spots, Advancing to the Next
    Day); raises :class:`TimeRanOut` past the last Night of Day 12."""
    rules = rules or load_rules()
    if not isinstance(spots, int) or spots < 0:
        raise ValueError(f"spots is {spots!r}; expected a whole number at least 0")
    i = index(t, rules) + spots
    if i >= rules.days * len(_spots(rules)):
        raise TimeRanOut(f"advancing {spots} from {t} passes Day {rules.days}")
    return at(i, rules)


def reverse(t: Time, spots: int, rules: Rules | None = None) -> Time:
    """``t`` reversed ``spots`` spots; from Morning back to Night turns the Day back. The text
    does not say what happens before Day 1: that raises ``ValueError``."""
    rules = rules or load_rules()
    if not isinstance(spots, int) or spots < 0:
        raise ValueError(f"spots is {spots!r}; expected a whole number at least 0")
    i = index(t, rules) - spots
    if i < 0:
        raise ValueError(f"reversing {spots} from {t} goes before Day 1, first Morning; the "
                         "rulebook does not say what happens")
    return at(i, rules)


def advance_to(t: Time, time: str, rules: Rules | None = None) -> tuple[Time, ...]:
    """Every spot a card played to the ``time`` slot may stop on: at least one spot on, the
    next run of ``time`` (Same Time of Day, Third Time of Day Position). Spots past Day 12
    are left out (time would run out)."""
    rules = rules or load_rules()
    names = [n for n, _ in rules.times_of_day]
    if time not in names:
        raise ValueError(f"time is {time!r}; expected one of {', '.join(names)}")
    spots, i, out = _spots(rules), index(t, rules) + 1, []
    last = rules.days * len(spots)
    while i < last and spots[i % len(spots)][0] != time:
        i += 1
    while i < last and spots[i % len(spots)][0] == time:
        out.append(at(i, rules))
        i += 1
    return tuple(out)


def spots_left(t: Time, rules: Rules | None = None) -> int:
    """How many spots can still be advanced before time runs out."""
    rules = rules or load_rules()
    return rules.days * len(_spots(rules)) - 1 - index(t, rules)
