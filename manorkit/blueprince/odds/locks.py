"""The lock dice: how likely a door is locked, how many locks a route meets, how many keys it
takes (§4 Action A Step 1, §6 Lock & Key System, §9 The Tunnel, §16 Foyer/Hallway, §17 Vestibule).

Variants honoured: ``lock_rank_basis``, ``special_locks_low_ranks``, ``hallway_locks`` (through
the ``lock`` column), ``numbered_lock_die`` and ``vestibule_entry_door`` (the Vestibule),
``kennel_unlock_scope`` (Kennel + Shovel). Not modelled: ``security_levels=levels`` (a
security level is run state, and its thresholds are placeholders) and the Prism Key.
"""

from __future__ import annotations

import html
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import prod
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

from ...dist import Dist
from ..placement import RANKS
from ..rules import Rules
from ._common import die, lock_die, resolve, room_name, room_row

__all__ = [
    "DOORS",
    "KeysNeeded",
    "antechamber_route",
    "keys_needed",
    "keys_to_antechamber",
    "lock_chance",
    "lock_table",
    "locks",
    "vestibule",
]

#: The four door sides of a tile, and the rank step a door on that side leads to.
DOORS = ("N", "E", "S", "W")
_STEP = {"N": 1, "E": 0, "S": -1, "W": 0}
_ZERO = Fraction(0)


def _check_rank(rank: object, what: str = "rank") -> int:
    if isinstance(rank, bool) or not isinstance(rank, int) or rank not in RANKS:
        raise ValueError(f"{what} must be an int from {RANKS.start} to {RANKS.stop - 1}, "
                         f"got {rank!r}")
    return rank


def _check_door(door: object, what: str = "direction") -> str:
    if not isinstance(door, str) or door not in _STEP:
        raise ValueError(f"{what} must be one of {', '.join(DOORS)}, got {door!r}")
    return door


def _check_count(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{what} must be an int ≥ 0, got {value!r}")
    return value


@lru_cache(maxsize=64)
def _locked(rules: Rules, die_name: str) -> Fraction:
    """The chance the lock die ``die_name`` shows LOCKED (§6 The Lock Dice)."""
    return die(rules, die_name).p("LOCKED")


def _lock_rank(rules: Rules, rank: int, direction: str) -> int:
    """The rank whose die a door rolls: the room's (``lock_rank_basis=current_room``) or the
    cell it leads into (``target_cell``); ValueError for a door leading off the board."""
    if rules.variant("lock_rank_basis") == "current_room":
        return rank
    target = rank + _STEP[direction]
    if target not in RANKS:
        raise ValueError(f"a {direction} door at rank {rank} leads off the board")
    return target


def lock_chance(rank: int, room: str | None = None, *, foyer: bool = False,
                kennel: bool = False, direction: str = "N",
                rules: Rules | None = None) -> Fraction:
    """The chance that a door you draft from ``room`` (None: a room without a lock rule) at
    ``rank`` is locked (§4 Action A Step 1, §6 The Lock Dice and Special Lock Rules).

    The rank die (``rank_dice.csv``, ``dice.csv``) decides; its rank is the room's or, under
    ``lock_rank_basis=target_cell``, that of the cell the ``direction`` door leads into. By the
    room's ``lock`` column: ``never`` rooms are never locked (Corridor, Foyer, Courtyard; the
    Hallway and Wing Halls unless ``hallway_locks=section6_only``); ``red`` rooms roll the red
    die at every rank (at ranks without a die only under ``special_locks_low_ranks=room_rule``);
    ``vestibule``: the chance that a door it was not entered by is its one locked door
    (:func:`vestibule` at the Vestibule's own rank). ``foyer``: the Foyer is on the board, so
    no Hallway (orange) room's door is locked (§6 Foyer bonus, §16 Foyer). ``kennel``: the
    Kennel is on the board and you dig the room's dirt pile with the Shovel before drafting;
    under ``kennel_unlock_scope=doors_stay_unlocked`` a room drafted with dirt piles then has
    no locked door (§8 Kennel bonus, §9 The Kennel + Shovel Synergy).
    """
    rules = resolve(rules)
    room = None if room is None else room_name(rules, room)
    return _lock_chance(rules, _check_rank(rank), room, bool(foyer), bool(kennel),
                        _check_door(direction))


@lru_cache(maxsize=1024)
def _lock_chance(rules: Rules, rank: int, room: str | None, foyer: bool, kennel: bool,
                 direction: str) -> Fraction:
    row = {"lock": "normal", "colours": (), "dirt_on_draft": 0} if room is None \
        else room_row(rules, room)
    if foyer and "orange" in row["colours"]:
        return _ZERO
    if (kennel and row["dirt_on_draft"]
            and rules.variant("kennel_unlock_scope") == "doors_stay_unlocked"):
        return _ZERO
    if row["lock"] == "never":
        return _ZERO
    if row["lock"] == "vestibule":
        return vestibule(rank, rules=rules).p("N")
    die_name = lock_die(rules, row["lock"], _lock_rank(rules, rank, direction))
    return _ZERO if die_name is None else _locked(rules, die_name)


def _routes(ranks: Iterable[int], rooms: str | Sequence[str | None] | None
            ) -> tuple[tuple[int, ...], tuple[str | None, ...]]:
    """``ranks`` and matching rooms as tuples; a single room name applies to every draft."""
    if isinstance(ranks, int | str):
        raise ValueError(f"ranks must be a sequence of ranks, got {ranks!r}")
    ranks = tuple(_check_rank(r, "each rank") for r in ranks)
    if rooms is None or isinstance(rooms, str):
        return ranks, (rooms,) * len(ranks)
    rooms = tuple(rooms)
    if len(rooms) != len(ranks):
        raise ValueError(f"{len(ranks)} ranks but {len(rooms)} rooms")
    return ranks, rooms


def locks(ranks: Iterable[int], rooms: str | Sequence[str | None] | None = None, *,
          foyer: bool = False, kennel: bool = False, direction: str = "N",
          rules: Rules | None = None) -> Dist:
    """The number of locked doors met over a sequence of drafts, one per entry of ``ranks``
    from the matching room of ``rooms`` (a sequence, one room name for every draft, or None),
    each rolled independently as :func:`lock_chance` says (§4 Action A Step 1, §6).

    Every draft's door faces ``direction``; ``foyer`` and ``kennel`` hold for every draft.
    Variants: those of :func:`lock_chance`.
    """
    rules = resolve(rules)
    ranks, rooms = _routes(ranks, rooms)
    rooms = tuple(None if r is None else room_name(rules, r) for r in rooms)
    return _locks(rules, ranks, rooms, bool(foyer), bool(kennel), _check_door(direction))


@lru_cache(maxsize=256)
def _locks(rules: Rules, ranks: tuple[int, ...], rooms: tuple[str | None, ...], foyer: bool,
           kennel: bool, direction: str) -> Dist:
    chances = [_lock_chance(rules, r, room, foyer, kennel, direction)
               for r, room in zip(ranks, rooms, strict=True)]
    return bernoulli_sum(chances)


def bernoulli_sum(chances: Iterable[Fraction]) -> Dist:
    """The number of successes among independent trials with these chances (Poisson-binomial).

    The same as ``sum_of(Dist({1: p, 0: 1 - p}) for p in chances)``, computed on integer
    weights over the product of the denominators: drafts that share a chance form one
    binomial, C(k, j) a^j (b-a)^(k-j) for p = a/b, and the binomials are multiplied as
    polynomials. Fractions are made once, at the end.
    """
    poly = [1]
    for p, k in Counter(Fraction(c) for c in chances).items():
        a, b = p.numerator, p.denominator
        q = b - a
        ups, downs = [1] * (k + 1), [1] * (k + 1)
        for j in range(1, k + 1):
            ups[j], downs[j] = ups[j - 1] * a, downs[j - 1] * q
        poly = _convolve(poly, [math.comb(k, j) * ups[j] * downs[k - j] for j in range(k + 1)])
    return Dist._from_weights(dict(enumerate(poly)))


def _convolve(a: list[int], b: list[int]) -> list[int]:
    """The product of two polynomials with non-negative integer coefficients. Long ones are
    packed into one integer each, ``bits`` per coefficient (Kronecker substitution), so the
    multiplication runs inside Python's big-integer arithmetic."""
    if len(a) < len(b):
        a, b = b, a
    if len(b) <= 16:
        out = [0] * (len(a) + len(b) - 1)
        for j, y in enumerate(b):
            if y:
                for i, x in enumerate(a):
                    out[i + j] += x * y
        return out
    width = (max(a).bit_length() + max(b).bit_length() + len(b).bit_length()) // 8 + 1
    packed = [int.from_bytes(b"".join(x.to_bytes(width, "little") for x in poly), "little")
              for poly in (a, b)]
    n = len(a) + len(b) - 1
    raw = (packed[0] * packed[1]).to_bytes(width * n, "little")
    return [int.from_bytes(raw[i * width:(i + 1) * width], "little") for i in range(n)]


@dataclass(frozen=True)
class KeysNeeded:
    """Locks met on a route against what you hold (§6 When a Lock Is Discovered).

    ``dist``: the number of locks met (= keys, Lockpick Kit charges or Silver Key uses needed);
    ``mean``: its expectation; ``holding``: doors your keys, charges and uses can open;
    ``enough``: the chance that covers every lock on the route.
    """

    dist: Dist
    mean: Fraction
    holding: int
    enough: Fraction

    def _repr_html_(self) -> str:
        return (f"<p>Locks met: mean {html.escape(str(self.mean))} ({float(self.mean):.3f}). "
                f"Holding {self.holding} opens them all with chance "
                f"{html.escape(str(self.enough))} ({float(self.enough):.3f}).</p>"
                f"{self.dist._repr_html_()}")


def keys_needed(ranks: Iterable[int], rooms: str | Sequence[str | None] | None = None, *,
                keys: int = 0, lockpick_charges: int = 0, silver_key_uses: int = 0,
                foyer: bool = False, kennel: bool = False, direction: str = "N",
                rules: Rules | None = None) -> KeysNeeded:
    """How many locks a route of drafts meets (:func:`locks`) and the chance that ``keys`` plus
    ``lockpick_charges`` plus ``silver_key_uses`` — each opening one locked door, at any rank
    (§4 Action A Step 1, §6) — cover them all. Keys found along the route are not counted.
    Variants: those of :func:`lock_chance`.
    """
    holding = sum(_check_count(v, name) for v, name in (
        (keys, "keys"), (lockpick_charges, "lockpick_charges"),
        (silver_key_uses, "silver_key_uses")))
    dist = locks(ranks, rooms, foyer=foyer, kennel=kennel, direction=direction, rules=rules)
    return KeysNeeded(dist, dist.mean(), holding, dist.at_most(holding))


def antechamber_route(start_rank: int = 4, door: str = "S", *,
                      rules: Rules | None = None) -> tuple[int, ...]:
    """The ranks of the rooms you draft from on a straight route north from a room at
    ``start_rank`` to the Antechamber's ``door`` (§13; its cell is read from ``rooms.csv``).

    ``door="S"`` (the Greenhouse lever): north up the Antechamber's column, one draft from each
    rank ``start_rank`` … Antechamber rank − 2; the last room placed sits just south of it.
    ``"W"``/``"E"`` (the Secret Garden and east levers): north up the next column, one draft
    from each rank ``start_rank`` … Antechamber rank − 1, then a step sideways. Entering the
    Antechamber is no draft: its doors open by levers, never by a lock die (§6 Room 46 Key).
    """
    rules = resolve(rules)
    fixed = rules.placement("Antechamber").fixed
    if fixed is None:
        raise ValueError("the Antechamber has no fixed cell in rooms.csv")
    if door not in ("S", "W", "E"):
        raise ValueError(f"door must be S, W or E (the Antechamber's doors), got {door!r}")
    last = fixed[0] - (2 if door == "S" else 1)
    _check_rank(start_rank, "start_rank")
    if start_rank > last + 1:
        raise ValueError(f"start_rank {start_rank} is north of the route to the {door} door")
    return tuple(range(start_rank, last + 1))


def keys_to_antechamber(start_rank: int = 4, rooms: str | Sequence[str | None] | None = None,
                        *, door: str = "S", keys: int = 0, lockpick_charges: int = 0,
                        silver_key_uses: int = 0, foyer: bool = False, kennel: bool = False,
                        rules: Rules | None = None) -> KeysNeeded:
    """:func:`keys_needed` for the straight route north of :func:`antechamber_route`, every
    draft through a north door, from ``rooms`` (one name for every room on the route, e.g. a
    §9 Tunnel chain, a sequence, or None: rooms without a lock rule). Variants: those of
    :func:`lock_chance` (under ``lock_rank_basis=target_cell`` each draft rolls the die of the
    rank above it)."""
    route = antechamber_route(start_rank, door, rules=rules)
    return keys_needed(route, rooms, keys=keys, lockpick_charges=lockpick_charges,
                       silver_key_uses=silver_key_uses, foyer=foyer, kennel=kennel,
                       direction="N", rules=rules)


@lru_cache(maxsize=256)
def _lowest_wins(faces: tuple[tuple[int, Fraction], ...],
                 doors: frozenset[str]) -> dict[str, Fraction]:
    """Each door's chance of ending uniquely lowest when ``doors`` each roll ``faces`` (value,
    probability) and tied-lowest doors re-roll: the absorbing Markov chain on the tied set,
    solved exactly by recursion on smaller tied sets. A roll that ties every door again is a
    self-loop, divided out. Read-only result (cached)."""
    if len(doors) == 1:
        return {next(iter(doors)): Fraction(1)}
    order = sorted(doors)
    moves: dict[frozenset[str], Fraction] = {}
    for roll in product(faces, repeat=len(order)):
        low = min(value for value, _ in roll)
        tied = frozenset(d for d, (value, _) in zip(order, roll, strict=True) if value == low)
        moves[tied] = moves.get(tied, _ZERO) + prod((p for _, p in roll), start=Fraction(1))
    stay = moves.pop(doors, _ZERO)
    if stay == 1:
        raise ValueError("the die has a single face, so a tie never breaks")
    out = dict.fromkeys(order, _ZERO)
    for tied, p in moves.items():
        for d, q in _lowest_wins(faces, tied).items():
            out[d] += p * q
    return {d: q / (1 - stay) for d, q in out.items()}


def vestibule(rank: int, *, entry: str = "S", rules: Rules | None = None) -> Dist:
    """Which door of a Vestibule placed at ``rank`` is its one locked door: a Dist over
    ``DOORS``, or the constant None when none is locked (§6 Special Lock Rules, §17 Vestibule).

    Each door rolls the rank die; the unique lowest is locked; tied lowest doors re-roll until
    one is uniquely lowest (solved exactly, see :func:`_lowest_wins`). ``numbered_lock_die=d6``
    rolls the numbers 1-6; ``faces`` rolls the rank die's faces, LOCKED lower than OPEN.
    ``special_locks_low_ranks``: at ranks without a die, ``room_rule`` rolls the white die,
    ``never_locked`` locks no door. ``vestibule_entry_door=other_three``: the ``entry`` door
    (the one it was drafted through) stays open and only the other three roll.
    """
    rules = resolve(rules)
    return _vestibule(rules, _check_rank(rank), _check_door(entry, "entry"))


@lru_cache(maxsize=64)
def _vestibule(rules: Rules, rank: int, entry: str) -> Dist:
    die_name = rules.rank_die(rank)
    if die_name is None:
        if rules.variant("special_locks_low_ranks") == "never_locked":
            return Dist.constant(None)
        die_name = "lock_white"
    if rules.variant("numbered_lock_die") == "d6":
        faces = tuple((int(face), p) for face, p in die(rules, "d6"))
    else:
        order = {"LOCKED": 0, "OPEN": 1}
        faces = tuple((order[face], p) for face, p in die(rules, die_name))
    doors = frozenset(DOORS)
    if rules.variant("vestibule_entry_door") == "other_three":
        doors -= {entry}
    return Dist(_lowest_wins(faces, doors))


def lock_table(rules: Rules | None = None) -> pd.DataFrame:
    """Each rank's lock die and its chance of LOCKED, exact (``p``) and as a float
    (``probability``); ``die`` is "none" where the rank never rolls (§6 The Lock Dice)."""
    import pandas as pd

    rules = resolve(rules)
    rows = []
    for rank in RANKS:
        name = rules.rank_die(rank)
        p = _ZERO if name is None else _locked(rules, name)
        rows.append({"rank": rank, "die": name or "none", "p": p, "probability": float(p)})
    return pd.DataFrame(rows)
