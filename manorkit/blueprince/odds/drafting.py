"""Exact odds of the tiles a draft offers from the Active Bag (§4 Action A Steps 2-4).

A draft draws tiles blind from the Active Bag (§3 step 4, §4 Step 2): 3 tiles; 4 from the
Library's exit (§16 Library); one more from a Green Room door while the Solarium is on the
board (§17 Solarium; 5 from the Library under ``library_solarium=stacks``); and from inside a
Tunnel, while the sleeve holds Tunnels, 2 from the bag with a sleeve Tunnel in Slot 1 (§9 The
Chain). A redraw sets the hand aside until the draft ends (§4 Step 4) and draws a fresh hand
of the same size from the bag (a redraw breaks the Tunnel chain, §9).

Variants honoured: ``library_solarium``, ``tunnel_colour`` (a Tunnel door is a Green Room door
under also_green), ``found_floorplan_timing`` and ``secret_garden_spawn`` (what may join the
bag mid-run), ``greenhouse_draft_effect`` (favour_green weights Green Rooms in the bag) and
``rank_draft_probability`` (placeholder_weights ships no weights, so it is refused).
Redraw budgets, costs and placement: :mod:`.drafting_redraws`.
"""

from __future__ import annotations

import math
import sys
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

from ...dist import Dist
from ..mechanics import tile_weight
from ..mechanics.drafting import colours as mechanics_colours
from ..rules import Rules
from ..schema import CATEGORIES, COLOURS, SHAPE_DOORS
from ._common import names, resolve
from .drafting_board import colours
from .drafting_engine import ONE, Engine, Kind, Play, any_among, hands

DRAW = 3  # §4 Step 2: "draw 3 tiles blind"
LIBRARY_DRAW = 4  # §16 Library: "draw 4 tiles from the Active Bag instead of 3"
SOLARIUM_EXTRA = 1  # §17 Solarium: a Green Room door draws "4 tiles ... instead of 3"
#: Above this many possible hands, :func:`draft_hand` refuses; use :func:`draft_count`.
HAND_LIMIT = 250_000
SELECTORS = ("colour", "category", "tag", "shape")

Bag = tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class DrawPlan:
    """How a draft draws: ``first`` bag tiles for the first hand, plus the sleeve Tunnel in
    Slot 1 when ``sleeve`` (§9); ``redraw`` bag tiles for each redraw hand; ``free_redraw``:
    the Drawing Room's (§16); ``rotate``: tiles may be turned (drafting from a Rotunda, §16);
    ``room``: the room drafted from, if named."""

    first: int
    sleeve: bool
    redraw: int
    free_redraw: bool = False
    rotate: bool = False
    room: str | None = None

    @property
    def size(self) -> int:
        """Tiles offered by the first hand (sleeve Tunnel included)."""
        return self.first + self.sleeve


def draw_plan(draw: int | str = DRAW, *, solarium: bool = False, sleeve: int | None = None,
              rules: Rules | None = None) -> DrawPlan:
    """The hands a draft draws: ``draw`` is a number of bag tiles or the room drafted from.

    From a room: 3 tiles (§4 Step 2), 4 from the Library (§16); +1 with ``solarium`` from a
    Green Room door, and from the Library under ``library_solarium=stacks`` (§17 Solarium).
    From the Tunnel, while ``sleeve`` (default: the full sleeve of ``decks/tunnel_sleeve``)
    holds a Tunnel, one slot is the sleeve Tunnel in Slot 1 and the rest come from the bag
    (§9 The Chain); redraws draw the full size from the bag. With an empty sleeve the Tunnel
    draws normally (the rulebook is silent: variant ``tunnel_sleeve_empty``; under
    ``two_tiles`` Slot 1 stays empty and the first hand is one tile short).
    """
    rules = resolve(rules)
    if isinstance(draw, bool) or not isinstance(draw, int | str):
        raise ValueError(f"draw must be a number of tiles or a room name, got {draw!r}")
    if isinstance(draw, int):
        if draw < 1:
            raise ValueError(f"draw must be at least 1 tile, got {draw}")
        if solarium:
            raise ValueError("solarium needs the room drafted from: pass draw='<room name>'")
        return DrawPlan(draw, False, draw)
    if draw not in rules.rows("rooms.csv"):
        raise ValueError(f"no room {draw!r} to draft from")
    size = LIBRARY_DRAW if draw == "Library" else DRAW
    green = "green" in colours(draw, rules=rules)
    if solarium and (green or (draw == "Library"
                               and rules.variant("library_solarium") == "stacks")):
        size += SOLARIUM_EXTRA
    full = _sleeve_size(rules)
    left = full if sleeve is None else sleeve
    if isinstance(left, bool) or not isinstance(left, int) or not 0 <= left <= full:
        raise ValueError(f"sleeve must be 0-{full} Tunnels, got {sleeve!r}")
    chain = draw == "Tunnel" and left > 0
    short = draw == "Tunnel" and left == 0 and \
        rules.variant("tunnel_sleeve_empty") == "two_tiles"
    return DrawPlan(size - chain - short, chain, size, draw == "Drawing Room", draw == "Rotunda",
                    draw)


@lru_cache(maxsize=16)
def tile_names(rules: Rules) -> frozenset[str]:
    """Every tile of ``rooms.csv``."""
    return frozenset(rules.rows("rooms.csv"))


@lru_cache(maxsize=16)
def _sleeve_size(rules: Rules) -> int:
    return int(rules.deck_counts("tunnel_sleeve").get("Tunnel", 0))


@lru_cache(maxsize=16)
def _day_one(rules: Rules) -> Bag:
    return tuple(sorted(rules.bag_counts(day=1).items()))  # tiles of rooms.csv by definition


@lru_cache(maxsize=256)
def _day_one_without(rules: Rules, room: str) -> Bag:
    """The Day-1 bag less one copy of ``room`` (the room drafted from, on the board)."""
    items = tuple((n, c - (n == room)) for n, c in _day_one(rules))
    return tuple((n, c) for n, c in items if c)


def targets(target: str | Iterable[str], *, rules: Rules | None = None) -> tuple[str, ...]:
    """The tile names a target means: a room name, a selector ``colour:red``,
    ``category:studio``, ``tag:dead_end`` or ``shape:T``, or a list of these (their union)."""
    rules = resolve(rules)
    return _targets(rules, target if isinstance(target, str) else tuple(target))


@lru_cache(maxsize=1024)
def _targets(rules: Rules, target: str | tuple) -> tuple[str, ...]:
    if not isinstance(target, str):
        if not target:
            raise ValueError("target is an empty list")
        return tuple(sorted({n for t in target for n in _targets(rules, t)}))
    rooms = rules.rows("rooms.csv")  # read-only rows: no DataFrame to build
    kind, sep, value = target.partition(":")
    if target in rooms or not sep:
        try:
            return names(rooms, (target,), "room")
        except ValueError as err:
            raise ValueError(f"{target!r} is neither a room nor a selector ("
                             f"{', '.join(s + ':...' for s in SELECTORS)}): {err}") from None
    if kind not in SELECTORS:
        raise ValueError(f"{target!r} is neither a room nor a selector "
                         f"({', '.join(s + ':...' for s in SELECTORS)})")
    allowed = {"colour": COLOURS, "category": CATEGORIES, "shape": tuple(SHAPE_DOORS)}
    if kind in allowed and value not in allowed[kind]:
        raise ValueError(f"{kind} must be one of {', '.join(allowed[kind])}, got {value!r}")
    test = {
        "colour": lambda n: value in mechanics_colours(rules, n),
        "category": lambda n: rooms[n]["category"] == value,
        "tag": lambda n: value in (rooms[n]["tags"] or ()),
        "shape": lambda n: rooms[n]["shape"] == value,
    }[kind]
    found = tuple(n for n in rooms if test(n))
    if not found:
        raise ValueError(f"no tile has {target!r}")
    return found


def _is_series(value) -> bool:
    """Whether ``value`` is a pandas Series (without importing pandas when nobody has)."""
    pandas = sys.modules.get("pandas")
    return pandas is not None and isinstance(value, pandas.Series)


def bag_items(bag: pd.Series | Mapping[str, int] | Iterable[str] | None,
              rules: Rules, room: str | None = None) -> Bag:
    """A bag as sorted (tile, copies) pairs: a Series/mapping tile → copies, or a list of
    tiles (one copy each); default the Day-1 Active Bag ``rules.bag(day=1)`` (§3 step 4).

    ``room``: the room drafted from. It is on the board, so the default bag lacks its tile
    (drafting from the Library draws from the bag without the Library). A bag you pass is
    taken as it is (``bag_after(placed=[room])`` removes the room).
    """
    if bag is None:
        return _day_one(rules) if room is None else _day_one_without(rules, room)
    if isinstance(bag, Mapping) or _is_series(bag):
        pairs = list(bag.items())
    else:
        pairs = [(n, 1) for n in bag]
    out: dict[str, int] = {}
    names = tile_names(rules)
    for name, copies in pairs:
        if name not in names:
            raise ValueError(f"the bag holds {name!r}, which is not a tile of rooms.csv")
        if isinstance(copies, bool) or int(copies) != copies or copies < 0:
            raise ValueError(f"{name!r} has {copies!r} copies; expected a whole number >= 0")
        out[name] = out.get(name, 0) + int(copies)
    items = tuple(sorted((n, c) for n, c in out.items() if c))
    if not items:
        raise ValueError("the bag is empty")
    return items


def bag_weights(items: Bag, greenhouse: bool, rules: Rules) -> tuple[int, ...] | None:
    """Draw weights of the bag's tiles, or None for a plain bag (every tile alike, §4 Step 2).

    ``greenhouse_draft_effect=favour_green`` with the Greenhouse on the board weights Green
    Rooms as :func:`mechanics.tile_weight` says (the engine's tile draws call it too);
    ``rank_draft_probability=placeholder_weights`` is refused.
    """
    if rules.variant("rank_draft_probability") != "uniform_bag":
        raise ValueError("rank_draft_probability=placeholder_weights ships no weights; the "
                         "drafting odds need the uniform_bag reading")
    if not greenhouse:
        return None
    weights = tuple(tile_weight(rules, n, greenhouse) for n, _ in items)
    return None if len(set(weights)) == 1 else weights


def group(pairs: Iterable[tuple[Kind, int]]) -> tuple[tuple[Kind, ...], tuple[int, ...]]:
    """Kinds and their copy counts, merging tiles of the same kind."""
    counts: dict[Kind, int] = {}
    for kind, copies in pairs:
        counts[kind] = counts.get(kind, 0) + copies
    return tuple(counts), tuple(counts.values())


def whole(value: int, name: str, low: int = 0) -> int:
    """``value`` if it is a whole number >= ``low``, else a ValueError naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise ValueError(f"{name} must be a whole number >= {low}, got {value!r}")
    return value


def draft(target: str | Iterable[str], bag=None, draw: int | str = DRAW, redraws: int = 0, *,
          at_least: int = 1, solarium: bool = False, sleeve: int | None = None,
          greenhouse: bool = False, rules: Rules | None = None) -> Fraction:
    """P(a target is seen within ``redraws`` whole redraws), redrawing until one is seen.

    With ``at_least`` = k the hand must hold k or more targets. §4 Step 2 and Step 4; the
    draw sizes of :func:`draw_plan`; a sleeve Tunnel in Slot 1 is seen at once (§9).

    Closed form (k = 1, plain bag). Set-aside tiles stay out of the bag until the draft ends,
    so the hands are consecutive blocks of one uniformly random ordering of the bag: hand 0
    is its first n0 tiles, hand j the next n tiles. Redrawing stops at the first block with a
    target, so a target is seen within r redraws exactly when one lies among the first
    m = n0 + r*n tiles (m capped at the bag size N): with K target copies,
    P = 1 - C(N-K, m) / C(N, m). Weighted bags and k > 1 use the exact engine instead.
    """
    rules = resolve(rules)
    plan = draw_plan(draw, solarium=solarium, sleeve=sleeve, rules=rules)
    items = bag_items(bag, rules, plan.room)
    return _draft(rules, targets(target, rules=rules), items, plan, whole(redraws, "redraws"),
                  whole(at_least, "at_least", 1), bag_weights(items, greenhouse, rules))


@lru_cache(maxsize=1024)
def _draft(rules: Rules, names: tuple[str, ...], items: Bag, plan: DrawPlan, redraws: int,
           at_least: int, weights: tuple[int, ...] | None) -> Fraction:
    lead = plan.sleeve and "Tunnel" in names
    if at_least == 1 and weights is None:
        if lead:
            return ONE
        size, good = sum(c for _, c in items), sum(c for n, c in items if n in names)
        return any_among(size, good, plan.first + redraws * plan.redraw)
    kinds, counts = group((Kind(good=n in names, weight=w), c) for (n, c), w
                          in zip(items, weights or (1,) * len(items), strict=True))
    play = Play(plan.first, plan.redraw, Kind(good=lead) if plan.sleeve else None, at_least)
    return Engine(kinds, play).value(counts, (False, False, redraws, 0, 0, False))


def draft_count(target: str | Iterable[str], bag=None, draw: int | str = DRAW, *,
                solarium: bool = False, sleeve: int | None = None, greenhouse: bool = False,
                rules: Rules | None = None) -> Dist:
    """The number of target tiles in one hand (§4 Step 2): hypergeometric, C(K, k) C(N-K, n-k)
    / C(N, n), plus 1 when the sleeve Tunnel (§9) is a target; weighted bags drawn exactly."""
    rules = resolve(rules)
    plan = draw_plan(draw, solarium=solarium, sleeve=sleeve, rules=rules)
    items = bag_items(bag, rules, plan.room)
    return _count(rules, targets(target, rules=rules), items, plan,
                  bag_weights(items, greenhouse, rules))


@lru_cache(maxsize=1024)
def _count(rules: Rules, names: tuple[str, ...], items: Bag, plan: DrawPlan,
           weights: tuple[int, ...] | None) -> Dist:
    shift = int(plan.sleeve and "Tunnel" in names)
    n = min(plan.first, sum(c for _, c in items))
    if weights is None:
        size, good = sum(c for _, c in items), sum(c for t, c in items if t in names)
        return Dist.from_counts({k + shift: math.comb(good, k) * math.comb(size - good, n - k)
                                 for k in range(min(good, n) + 1) if n - k <= size - good})
    kinds, counts = group((Kind(good=t in names, weight=w), c)
                          for (t, c), w in zip(items, weights, strict=True))
    out: dict[int, Fraction] = {}
    for comp, p in hands(counts, n, tuple(k.weight for k in kinds)):
        k = sum(c for kind, c in zip(kinds, comp, strict=True) if kind.good) + shift
        out[k] = out.get(k, 0) + p
    return Dist(out)


def draft_hand(bag=None, draw: int | str = DRAW, *, solarium: bool = False,
               sleeve: int | None = None, greenhouse: bool = False,
               rules: Rules | None = None) -> Dist:
    """The first hand of a draft (§4 Step 2) as a Dist over sorted tuples of tile names (the
    sleeve Tunnel included, §9). Refuses more than ``HAND_LIMIT`` hands; the full Day-1 bag
    with 3 tiles has 41,664 (about half a second, then cached)."""
    rules = resolve(rules)
    plan = draw_plan(draw, solarium=solarium, sleeve=sleeve, rules=rules)
    items = bag_items(bag, rules, plan.room)
    n = min(plan.first, sum(c for _, c in items))
    if math.comb(sum(c for _, c in items), n) > HAND_LIMIT:
        raise ValueError(f"more than {HAND_LIMIT:,} possible hands; use draft_count for the "
                         "number of target tiles instead")
    return _hand(rules, items, plan, bag_weights(items, greenhouse, rules))


def _multiset_hands(items: Bag, n: int, lead: tuple[str, ...]) -> dict[tuple[str, ...], int]:
    """Each hand of ``n`` tiles from ``items`` with its number of physical tile sets,
    the product of C(copies, taken) (the same weights as drawing named copies)."""
    out: dict[tuple[str, ...], int] = {}
    left = [0] * (len(items) + 1)  # copies from item i on
    for i in range(len(items) - 1, -1, -1):
        left[i] = left[i + 1] + items[i][1]

    def walk(i: int, need: int, hand: tuple[str, ...], ways: int) -> None:
        if need == 0:
            key = tuple(sorted(hand + lead)) if lead else hand
            out[key] = out.get(key, 0) + ways
            return
        if i == len(items) or left[i] < need:
            return
        name, copies = items[i]
        for k in range(min(copies, need), -1, -1):
            walk(i + 1, need - k, hand + (name,) * k, ways * math.comb(copies, k))

    walk(0, n, (), 1)
    return out


@lru_cache(maxsize=64)
def _hand(rules: Rules, items: Bag, plan: DrawPlan, weights: tuple[int, ...] | None) -> Dist:
    n = min(plan.first, sum(c for _, c in items))
    lead = ("Tunnel",) if plan.sleeve else ()
    if weights is None:  # every set of n physical tiles is equally likely
        if all(c == 1 for _, c in items):  # items are sorted, so each hand comes out sorted
            names = [name for name, _ in items]
            if lead:
                counts = Counter(tuple(sorted(h + lead)) for h in combinations(names, n))
            else:
                counts = dict.fromkeys(combinations(names, n), 1)
            return Dist._from_weights(counts)
        return Dist._from_weights(_multiset_hands(items, n, lead))
    names = [name for name, _ in items]
    out = {}
    for comp, p in hands(tuple(c for _, c in items), n, weights):
        hand = [name for name, k in zip(names, comp, strict=True) for _ in range(k)]
        out[tuple(sorted(hand + list(lead)))] = p
    return Dist(out)


def bag_after(placed: Iterable[str] = (), added: Iterable[str] = (), *, bag=None,
              rules: Rules | None = None) -> pd.Series:
    """The Active Bag later in a run: ``added`` tiles join it, then ``placed`` tiles leave it.

    A drafted tile is placed on the board and does not return (§4 Step 4 To draft). Event
    Additions join when their trigger fires (§2: Sauna and Locker Room on the Pool's draft,
    Morning Room on Bacon & Eggs; the Secret Garden only under ``secret_garden_spawn=
    enters_bag``), Studio Additions when unlocked (§17 How It Works), Found Floor Plans the
    same run only under ``found_floorplan_timing=same_run`` (else they join next run's
    setup: ``rules.bag(unlocked=...)``). ``bag`` defaults to ``rules.bag(day=1)``.
    """
    import pandas as pd

    rules = resolve(rules)
    counts = dict(bag_items(bag, rules))
    rooms = rules.rows("rooms.csv")
    for name in names(rooms, [added] if isinstance(added, str) else added, "room"):
        row = rules.room(name)
        if row["category"] not in {"event", "studio", "found"}:
            raise ValueError(f"{name!r} is a {row['category']} tile; only Event, Studio and "
                             "Found additions join the bag mid-run")
        if row["category"] == "found" and rules.variant("found_floorplan_timing") == "next_run":
            raise ValueError(f"{name!r} is a Found Floor Plan: under found_floorplan_timing="
                             "next_run it joins next run's bag (rules.bag(unlocked=...))")
        if name == "Secret Garden" and rules.variant("secret_garden_spawn") != "enters_bag":
            raise ValueError("the Secret Garden is placed directly by its key and never enters "
                             "the bag (secret_garden_spawn=direct_placement)")
        if counts.get(name):
            raise ValueError(f"{name!r} is already in the bag")
        counts[name] = 1
    for name in names(rooms, [placed] if isinstance(placed, str) else placed, "room"):
        if not counts.get(name):
            raise ValueError(f"{name!r} is not in the bag, so it cannot be drafted from it")
        counts[name] -= 1
    series = pd.Series({n: c for n, c in sorted(counts.items()) if c}, name="copies",
                       dtype="int64")
    series.index.name = "tile"
    return series
