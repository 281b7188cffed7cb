"""Shared pieces of the odds calculators: default rules, dice as distributions, amounts, food."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ...dist import Dist
from ..loader import Span
from ..rules import Rules, load_rules


def resolve(rules: Rules | None) -> Rules:
    """``rules``, or the shipped rules with every default reading."""
    return load_rules() if rules is None else rules


def room_row(rules: Rules, name: str):
    """A room's row of rooms.csv; an unknown name is a ``ValueError`` saying so."""
    try:
        return rules.room(name)
    except KeyError:
        raise ValueError(f"no room {name!r} in rooms.csv") from None


def lock_die(rules: Rules, lock: str, rank: int) -> str | None:
    """The lock die a door rolls, by its room's ``lock`` column and the rank whose die applies
    (§4 Step 1, §6): None when it is never locked. ``red`` rooms roll the red die at every
    rank, except at ranks without a die under ``special_locks_low_ranks=never_locked``."""
    if lock == "never":
        return None
    die_name = rules.rank_die(rank)
    if lock == "red":
        low = die_name is None and rules.variant("special_locks_low_ranks") == "never_locked"
        return None if low else "lock_red"
    return die_name


def die(rules: Rules, name: str) -> Dist:
    """A die of ``dice.csv`` as a distribution over its faces (§6, §15)."""
    return _die(rules, name)


@lru_cache(maxsize=256)
def _die(rules: Rules, name: str) -> Dist:
    return Dist.from_counts(dict(rules.die_faces(name)))


def faces(spec: str) -> frozenset[str]:
    """The faces a success spec names: ``"5-6"`` → {"5", "6"}, ``"6"``, ``"OPEN"``."""
    spec = spec.strip()
    lo, sep, hi = spec.partition("-")
    if sep and lo.isdigit() and hi.isdigit():
        return frozenset(str(n) for n in range(int(lo), int(hi) + 1))
    return frozenset(s.strip() for s in spec.split(";"))


def numbered_success(rules: Rules, die_name: str, success: str) -> Fraction:
    """The chance a numbered result (e.g. "5-6" on the blue die) comes up.

    Variant ``numbered_lock_die``: ``d6`` reads the numbers on a standard d6; ``faces``
    reads any numbered success on a lock die as its OPEN face (§6 vs §7, §16).
    """
    wanted = faces(success)
    if wanted <= {"OPEN", "LOCKED"}:
        return die(rules, die_name).p(lambda f: f in wanted)
    if die_name == "d6" or rules.variant("numbered_lock_die") == "d6":
        return die(rules, "d6").p(lambda f: f in wanted)
    return die(rules, die_name).p("OPEN")


def amount(value: int | Span | None) -> Dist:
    """A printed amount as a distribution: an int is certain; a range ``a-b`` is uniform
    over a..b (placeholder: the rulebook does not say how printed amounts split)."""
    if value is None:
        return Dist.constant(0)
    if isinstance(value, Span):
        return Dist.uniform(value.values)
    return Dist.constant(int(value))


def food_steps(rules: Rules, food: str, held: tuple[str, ...] = ()) -> int:
    """Steps gained from eating ``food`` while holding ``held`` items (§11 Fruit Tokens):
    modifiers apply in their ``order`` (Salt Shaker +1, then Silver Spoon ×2)."""
    table = rules.rows("tables/food.csv")
    if food not in table:
        raise KeyError(f"no food {food!r}; foods: {', '.join(table)}")
    steps = table[food]["steps"]
    if steps is None:
        raise ValueError(f"{food!r} has no fixed step value (it depends on the board)")
    mods = sorted(rules.rows("tables/food_modifiers.csv").values(), key=lambda r: r["order"])
    for mod in mods:
        if mod["item"] in held:
            steps = steps + mod["amount"] if mod["op"] == "add" else steps * mod["amount"]
    return int(steps)
