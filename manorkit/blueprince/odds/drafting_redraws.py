"""Drafting with a redraw budget, gems and a cell to fill (§4 Action A Steps 2-4, Gem Cost Rules).

:func:`draft_with` answers "how likely is the player to end this draft able to draft a
target?" with every redraw source of §4 Step 4 and the rooms that bend the draft:

* redraws: Ivory Dice (1 token each, §4, §18), the Drawing Room's free redraw (drafting from
  its door, §16), the Study (1 gem each, up to ``STUDY_CAP`` per draft, only with a gem when
  the draft begins, and only once the Drawing Room's free redraw is used or unavailable, §16),
  the Silver Key's free redraw (§6 Special Keys); set-aside tiles stay out of the bag until
  the draft ends (§4 Step 4), and a redraw breaks the Tunnel chain (§9);
* costs: Slot 1 is free (the slot order is the draw order, so it is a uniformly random drawn
  tile; the sleeve Tunnel under the chain) unless the room is never free (§5 The Casino under
  ``casino_gem_cost=always_paid``), other slots cost their gems, the Terrace makes
  Green Rooms free, the Hovel turns the price into steps (§4 Gem Cost Rules, §16, §19); Study
  gems are spent at once and so are no longer there to pay for the tile;
* placement: a target counts only if it fits ``cell`` through ``door`` and, given ``exit``,
  opens a door that way (:func:`.drafting_board.placeable`; the Rotunda, the Dovecote);
* the Furnace (§16): a Red Room among the shown tiles blocks the Drawing Room and Ivory Dice
  (and the Silver Key under ``furnace_blocked_redraws=all_non_gem``); Study redraws still work;
* the Archives (§16): one drawn tile is hidden; the player sees every back (cost, category,
  note) and hides the tile whose back makes success likeliest (the sleeve Tunnel, when
  chaining). A hidden tile counts only when its back proves it a target (every tile with that
  back is one, surely with the exit); a hidden Red Room has not "appeared" for the Furnace.

The player redraws until a target can be drafted or no redraw is allowed, choosing each time
the source that gives the best chance; success is knowing and being able to draft a target
(a blind gamble on a hidden tile is not counted).

Variants honoured: ``drawing_room_redraw``, ``furnace_blocked_redraws``, ``library_free_slot``,
``no_legal_tile``, ``tile_orientation``, ``library_solarium``, ``tunnel_colour``,
``greenhouse_draft_effect``, ``casino_gem_cost``; ``furnace_pass`` and ``study_activation``
change no chance here (passing ends the draft without a target; the caller says whether
Study redraws are active).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from itertools import product

from ...dist import Dist
from ..mechanics import never_free
from ..placement import Cell
from ..rules import Rules
from ._common import resolve
from .drafting import (
    DRAW,
    Bag,
    DrawPlan,
    bag_items,
    bag_weights,
    draw_plan,
    group,
    targets,
    whole,
)
from .drafting_board import back, colours, placeable, tile_cost
from .drafting_engine import ONE, ZERO, Engine, Kind, Play, hands
from .drafting_situation import DraftSituation

STUDY_CAP = 8  # §4 Step 4, §16 Study: "up to 8 times per draft"

Move = tuple[Cell, str, str | None] | None


def _move(cell, door, exit) -> Move:
    if cell is None and door is None:
        if exit is not None:
            raise ValueError("exit needs a cell and a door")
        return None
    if cell is None or door is None:
        raise ValueError("give both cell (rank, col) and door (N E S W), or neither")
    return tuple(cell), door, exit


def _fits(name: str, move: Move, rules: Rules) -> tuple[bool, Fraction, Fraction]:
    """Whether ``name`` fits, and its chance of the wanted exit as drawn / turned."""
    if move is None:
        return True, ONE, ONE
    cell, door, exit = move
    fits = placeable(name, cell, door, rules=rules) == ONE
    if exit is None:
        return fits, ONE, ONE
    return (fits, placeable(name, cell, door, exit=exit, rules=rules),
            placeable(name, cell, door, exit=exit, turn=True, rules=rules))


def draft_with(target: str | Iterable[str], situation: DraftSituation | None = None,
               draw: int | str = DRAW, *, affordable: bool = False, at_least: int = 1,
               exit: str | None = None, **keywords) -> Fraction:
    """The chance the player ends the draft able to draft a target (see the module doc).

    ``situation``: the draft (:class:`~.drafting_situation.DraftSituation`), asked of an
    engine state at a door (``draft_situation(state, door)``) or built by hand
    (``DraftSituation.of(...)``). The keywords of old still work: ``situation`` the bag
    (or None), ``draw`` and ``DraftSituation.of``'s keywords (``gems``, ``ivory``, ``study``,
    ``silver_key``, ``cell``, ``door``, ``solarium``, ``sleeve``, ``terrace``, ``furnace``,
    ``archives``, ``greenhouse``, ``hovel``, ``steps``, ``rules``) build it.

    The question: ``affordable``, the target must also be payable (Slot 1 free; under the
    Hovel the price is steps); ``at_least``, k targets in one hand (not with ``affordable``);
    ``exit``, the target must open a door that way (door letters, with the situation's cell
    and door). A question too large to solve exactly (the Archives with targets of many backs
    and a deep budget) raises ValueError.
    """
    if not isinstance(situation, DraftSituation):
        if "bag" in keywords and situation is None:  # (the old keyword)
            situation = keywords.pop("bag")
        situation = DraftSituation.of(situation, draw, **keywords)
    elif draw != DRAW or keywords:
        raise TypeError("give a DraftSituation, or the bag with draw and keywords; not both")
    s = situation
    if whole(at_least, "at_least", 1) > 1 and affordable:
        raise ValueError("at_least counts targets in a hand; with affordable you draft one")
    return _draft_with(s.rules, targets(target, rules=s.rules), s.bag, s.plan, s.weights,
                       s.gems, s.ivory, at_least, _move(s.cell, s.door, exit), s.steps,
                       s.study, s.silver_key, bool(affordable), s.terrace, s.furnace,
                       s.archives, s.hovel)


@lru_cache(maxsize=512)
def _draft_with(rules: Rules, names: tuple[str, ...], items: Bag, plan: DrawPlan,
                weights: tuple[int, ...] | None, gems: int, ivory: int, at_least: int,
                move: Move, steps: int, study: bool, silver_key: bool, affordable: bool,
                terrace: bool, furnace: bool, archives: bool, hovel: bool) -> Fraction:
    cheapest = (affordable and plan.room == "Library"
                and rules.variant("library_free_slot") == "cheapest")
    no_legal = move is not None and rules.variant("no_legal_tile") == "free_redraw"
    dove_matters = move is not None and move[2] is not None
    # Archives: a back that no target, Dovecote or (with the Furnace) Red Room has is as good
    # to hide as any other such back of the same price and fit, so those backs merge; a back
    # only targets carry names a target for sure, so it merges with alike targets' backs.
    keep = {back(n, rules=rules) for n, _ in items
            if (n in names and _fits(n, move, rules)[0]) or (dove_matters and n == "Dovecote")
            or (furnace and "red" in colours(n, rules=rules))}
    mixed = {back(n, rules=rules) for n, _ in items
             if n not in names or not _fits(n, move, rules)[0]}

    def kind(name: str, weight: int) -> Kind:
        fits, q, qmax = _fits(name, move, rules)
        good = name in names and fits
        cost = tile_cost(name, terrace=terrace, hovel=hovel, rules=rules)
        made = Kind(good=good, q=q if good else ONE, qmax=qmax if good else ONE,
                    cost=cost if affordable and (good or cheapest) else 0,
                    paid=affordable and never_free(rules, name),
                    red=furnace and "red" in colours(name, rules=rules),
                    fit=fits or not no_legal, dove=dove_matters and name == "Dovecote",
                    weight=weight)
        if not archives:
            return made
        face = back(name, rules=rules)
        if face not in keep:
            face = ("any", cost if cheapest else None, fits if no_legal else None)
        elif face not in mixed:
            face = ("target", made)
        return replace(made, back=face)

    kinds, counts = group((kind(n, w), c) for (n, c), w
                          in zip(items, weights or (1,) * len(items), strict=True))
    play = Play(
        first=plan.first, redraw=plan.redraw,
        sleeve=kind("Tunnel", 1) if plan.sleeve else None, at_least=at_least,
        afford=affordable, steps=steps if hovel else None, cheapest=cheapest,
        rotate=plan.rotate, furnace=furnace,
        furnace_silver=rules.variant("furnace_blocked_redraws") == "all_non_gem",
        final_after_free=rules.variant("drawing_room_redraw") == "final_second_draw",
        archives=archives, no_legal_redraw=no_legal)
    budget = (plan.free_redraw, silver_key, ivory, STUDY_CAP if study and gems else 0, gems,
              False)
    return Engine(kinds, play).value(counts, budget)


def best_option(bag=None, draw: int | str = DRAW, *, prefer: Iterable[str] = (),
                gems: int = 0, cell: Cell | None = None, door: str | None = None,
                exit: str | None = None, solarium: bool = False, sleeve: int | None = None,
                terrace: bool = False, greenhouse: bool = False, hovel: bool = False,
                steps: int = 0, rules: Rules | None = None) -> Dist:
    """What the player drafts from one hand (no redraw), as a Dist over (choice, price paid).

    "Best" is the first name of ``prefer`` the player can draft, else the cheapest option
    they can draft (``choice`` "other"); ``None`` when nothing can be drafted. An option can
    be drafted when it fits ``cell``/``door``/``exit`` and is free (Slot 1; the sleeve Tunnel;
    the cheapest tile under ``library_free_slot=cheapest``) or affordable with ``gems`` (or
    ``steps`` under the Hovel). The price is gems, or steps under the Hovel (§4, §19).
    """
    rules = resolve(rules)
    prefer = (prefer,) if isinstance(prefer, str) else tuple(prefer)
    for name in prefer:
        if name not in rules.rows("rooms.csv"):
            raise ValueError(f"prefer names {name!r}, which is not a tile of rooms.csv")
    return _one_hand(rules, bag, draw, prefer, gems, cell, door, exit, solarium, sleeve,
                     terrace, greenhouse, hovel, steps).map(lambda o: o[:2])


def choices(bag=None, draw: int | str = DRAW, *, gems: int = 0, cell: Cell | None = None,
            door: str | None = None, exit: str | None = None, solarium: bool = False,
            sleeve: int | None = None, terrace: bool = False, greenhouse: bool = False,
            hovel: bool = False, steps: int = 0, rules: Rules | None = None) -> Dist:
    """How many drawn options the player can draft from one hand (the same test as
    :func:`best_option`): at least 1 without a cell, since Slot 1 is free (§4 Gem Cost
    Rules); ``.at_least(2)`` is the chance of a real choice."""
    return _one_hand(resolve(rules), bag, draw, (), gems, cell, door, exit, solarium, sleeve,
                     terrace, greenhouse, hovel, steps).map(lambda o: o[2])


def _one_hand(rules: Rules, bag, draw, prefer, gems, cell, door, exit, solarium, sleeve,
              terrace, greenhouse, hovel, steps) -> Dist:
    plan = draw_plan(draw, solarium=solarium, sleeve=sleeve, rules=rules)
    items = bag_items(bag, rules, plan.room)
    return _options(rules, items, plan, bag_weights(items, greenhouse, rules), prefer,
                    whole(gems, "gems"), _move(cell, door, exit), whole(steps, "steps"),
                    bool(terrace), bool(hovel))


@lru_cache(maxsize=256)
def _options(rules: Rules, items: Bag, plan: DrawPlan, weights: tuple[int, ...] | None,
             prefer: tuple[str, ...], gems: int, move: Move, steps: int, terrace: bool,
             hovel: bool) -> Dist:
    """Dist over (best choice, its price, number of draftable options) of one hand."""
    purse = steps if hovel else gems
    cheapest = plan.room == "Library" and rules.variant("library_free_slot") == "cheapest"

    def option(name: str, weight: int) -> tuple:
        fits, q, qmax = _fits(name, move, rules)
        dove = name == "Dovecote" and move is not None and move[2] is not None
        return (name if name in prefer else "other",
                tile_cost(name, terrace=terrace, hovel=hovel, rules=rules), fits, q, qmax, dove,
                never_free(rules, name), weight)

    kinds, counts = group((option(n, w), c) for (n, c), w
                          in zip(items, weights or (1,) * len(items), strict=True))
    lead = [option("Tunnel", 1)] if plan.sleeve else []
    rank = {name: i for i, name in enumerate(prefer)}
    out: dict[tuple, Fraction] = {}
    n = min(plan.first, sum(counts))
    for comp, p in hands(counts, n, weights and tuple(k[-1] for k in kinds)):
        hand = lead + [k for k, c in zip(kinds, comp, strict=True) for _ in range(c)]
        if lead:  # the sleeve Tunnel sits in Slot 1 (§9)
            frees = [({0}, ONE)]
        elif cheapest:  # library_free_slot=cheapest: any cheapest tile may be the free one
            low = min(t[1] for t in hand)
            frees = [({i for i, t in enumerate(hand) if t[1] == low}, ONE)]
        else:  # Slot 1 is a uniformly random drawn tile (§4 Step 2)
            frees = [({j}, Fraction(1, len(hand))) for j in range(len(hand))]
        for outcome, w in _choose(hand, frees, plan.rotate, purse, rank).items():
            out[outcome] = out.get(outcome, ZERO) + p * w
    return Dist(out)


def _choose(hand: list[tuple], frees: list[tuple[set[int], Fraction]], rotate: bool,
            purse: int, rank: dict[str, int]) -> dict[tuple, Fraction]:
    """(best choice, price, options) over who is free and which exits the tiles show; a
    drawn Dovecote lets the other tiles turn (§17)."""
    dove = any(t[5] for t in hand)
    qs = [t[4] if rotate or (dove and not t[5]) else t[3] for t in hand]
    shows = [((True, q), (False, 1 - q)) if 0 < q < 1 else ((q == ONE, ONE),) for q in qs]
    out: dict[tuple, Fraction] = {}
    for free, p_free in frees:
        for outcome in product(*shows):
            p = p_free
            options = []
            for i, (t, (ok, p_ok)) in enumerate(zip(hand, outcome, strict=True)):
                p *= p_ok
                price = 0 if i in free and not t[6] else t[1]
                if t[2] and ok and price <= purse:
                    options.append((rank.get(t[0], len(rank)), price, t[0]))
            best = min(options) if options else (None, 0, None)
            pick = (best[2], best[1], len(options))
            out[pick] = out.get(pick, ZERO) + p
    return out


def expected_cost(bag=None, draw: int | str = DRAW, **options) -> Fraction:
    """The expected price of the best option (:func:`best_option`, same arguments), given
    that the player can draft something from the hand (§4 Gem Cost Rules)."""
    dist = best_option(bag, draw, **options)
    drafted = [(o, p) for o, p in dist if o[0] is not None]
    if not drafted:
        raise ValueError("no drawn tile can ever be drafted here")
    total = sum((p for _, p in drafted), ZERO)
    return sum((p * o[1] for o, p in drafted), ZERO) / total
