"""Shared pieces of the odds calculators: default rules, dice as distributions, amounts, food."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ...dist import Dist
from ...ruleset.edits import lookup
from ..loader import Span
from ..mechanics import faces, food_steps, lock_die, numbered_die
from ..rules import Rules, load_rules

__all__ = ["amount", "die", "faces", "food_steps", "lock_die", "names", "numbered_success",
           "resolve", "room_name", "room_row"]


def resolve(rules: Rules | None) -> Rules:
    """``rules``, or the shipped rules with every default reading."""
    return load_rules() if rules is None else rules


def room_row(rules: Rules, name: str):
    """A room's row of rooms.csv (case ignored); an unknown name is a ``ValueError`` saying
    so, with the closest names."""
    return rules.room(room_name(rules, name))


def room_name(rules: Rules, name: str) -> str:
    """The room ``name`` names, as rooms.csv spells it (case ignored); else ``ValueError``
    "no room 'x'; did you mean ...?"."""
    try:
        return rules.room_name(name)
    except KeyError as err:
        raise ValueError(err.args[0]) from None


def names(known, given, what: str, where: str = "") -> tuple[str, ...]:
    """Each name of ``given`` as ``known`` spells it (case ignored); else ``ValueError``
    "no {what} 'x'{where}; did you mean ...?"."""
    try:
        return tuple(lookup(n, known, what, where) for n in given)
    except KeyError as err:
        raise ValueError(err.args[0]) from None


def die(rules: Rules, name: str) -> Dist:
    """A die of ``dice.csv`` as a distribution over its faces (§6, §15)."""
    return _die(rules, name)


@lru_cache(maxsize=256)
def _die(rules: Rules, name: str) -> Dist:
    return Dist.from_counts(dict(rules.die_faces(name)))


def numbered_success(rules: Rules, die_name: str, success: str) -> Fraction:
    """The chance a numbered result (e.g. "5-6" on the blue die) comes up, read as
    :func:`mechanics.numbered_die` reads it (variant ``numbered_lock_die``)."""
    rolled, wanted = numbered_die(rules, die_name, success)
    return die(rules, rolled).p(lambda f: f in wanted)


def amount(value: int | Span | None) -> Dist:
    """A printed amount as a distribution: an int is certain; a range ``a-b`` is uniform
    over a..b (placeholder: the rulebook does not say how printed amounts split)."""
    if value is None:
        return Dist.constant(0)
    if isinstance(value, Span):
        return Dist.uniform(value.values)
    return Dist.constant(int(value))
