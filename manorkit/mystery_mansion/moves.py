"""Mystery Mansion: the door die, entering the mansion, and adding rooms (exact odds).

The OPEN/LOCKED split of the door die is not in the text: ``door_die.csv`` holds a
placeholder (1 OPEN : 1 LOCKED); every function takes ``p_open`` to try another.
"""

from __future__ import annotations

import math
from fractions import Fraction

from ..dist import Dist
from .rules import Rules
from .schema import LEVELS


def door_die(rules: Rules, p_open: Fraction | None = None) -> Dist:
    """One roll of the door die: ``OPEN`` or ``LOCKED`` (Rolling the die)."""
    if p_open is None:
        return Dist.from_counts(dict(rules.door_die))
    p = Fraction(p_open)
    if not 0 < p <= 1:
        raise ValueError(f"p_open must be above 0 and at most 1, got {p_open}")
    return Dist({"OPEN": p, "LOCKED": 1 - p})


def _p(rules: Rules, p_open) -> Fraction:
    return door_die(rules, p_open).p("OPEN")


def actions_to_enter(rules: Rules, limit: int = 12, p_open: Fraction | None = None) -> Dist:
    """Actions until a pawn is in the Foyer (How to Enter the Mansion): rolls until the
    first OPEN, a geometric law; outcomes past ``limit`` are lumped as ``math.inf``."""
    if limit < 1:
        raise ValueError(f"limit must be 1 or more, got {limit}")
    p = _p(rules, p_open)
    q = 1 - p
    pmf = {k: q ** (k - 1) * p for k in range(1, limit + 1)}
    if q:
        pmf[math.inf] = q ** limit
    return Dist(pmf)


def turn_of_entry(rules: Rules, limit: int = 8, p_open: Fraction | None = None) -> Dist:
    """The turn on which a pawn enters (every action of a turn a roll until OPEN)."""
    actions = rules.number("actions_per_turn")
    return actions_to_enter(rules, actions * limit, p_open).map(
        lambda a: a if a == math.inf else math.ceil(a / actions))


def rooms_added(rules: Rules, rolls: int | None = None, p_open: Fraction | None = None,
                unused: int | None = None) -> Dist:
    """Rooms a player inside adds in a turn spending ``rolls`` actions (default: all of
    them) on the die and adding a room on every OPEN (Adding On a Room): binomial, at most
    ``unused`` rooms."""
    actions = rules.number("actions_per_turn")
    rolls = actions if rolls is None else rolls
    if not 0 <= rolls <= actions:
        raise ValueError(f"rolls must be 0-{actions} (actions in a turn), got {rolls}")
    if unused is not None and unused < 0:
        raise ValueError(f"unused must be 0 or more, got {unused}")
    cap = rolls if unused is None else min(rolls, unused)
    if not rolls:
        return Dist.constant(0)
    return Dist.bernoulli(_p(rules, p_open)).repeat_sum(rolls).map(lambda k: min(k, cap))


def first_turn(rules: Rules, p_open: Fraction | None = None) -> Dist:
    """A player's first turn, rolling every action (the Example of One Turn): ``(inside,
    rooms added)`` — the first OPEN enters the Foyer, each later OPEN adds a room."""
    p = _p(rules, p_open)
    actions = rules.number("actions_per_turn")
    parts = [((1 - p) ** actions, Dist.constant((False, 0)))]
    for k in range(1, actions + 1):
        after = rooms_added(rules, actions - k, p)
        parts.append(((1 - p) ** (k - 1) * p, after.map(lambda n: (True, n))))
    return Dist.mixture((w, d) for w, d in parts if w)


def allowed_levels(level: str) -> tuple[str, ...]:
    """The levels of room a pawn on ``level`` may add: the same or one above or below."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    i = LEVELS.index(level)
    return LEVELS[max(i - 1, 0):i + 2]


def room_draw(rules: Rules, level: str, choose: str | None = None,
              unused: tuple[str, ...] | None = None) -> Dist:
    """The room a pawn on ``level`` adds (Adding On a Room). ``unused``: the facedown rooms
    (default: all but the Foyer). Under ``facedown_levels=visible`` the player ``choose``s an
    allowed level and draws one of its rooms at random; under ``hidden`` he draws blind
    among the rooms of every allowed level (``choose`` must then be None)."""
    levels = allowed_levels(level)
    pool = tuple(n for n in rules.rows("rooms.csv") if n != rules.start) if unused is None \
        else tuple(unused)
    for name in pool:
        rules.level_of(name)
    if rules.start in pool:
        raise ValueError(f"the {rules.start} is face up from the start, never an unused room")
    if rules.variant("facedown_levels") == "hidden":
        if choose is not None:
            raise ValueError("facedown_levels=hidden: the player cannot choose a level")
        rooms = [n for n in pool if rules.level_of(n) in levels]
    else:
        if choose not in levels:
            raise ValueError(f"from the {level} level a player may add a room of "
                             f"{', '.join(levels)}; got {choose!r}")
        rooms = [n for n in pool if rules.level_of(n) == choose]
    if not rooms:
        raise ValueError("no unused room of an allowed level is left")
    return Dist.uniform(rooms)
