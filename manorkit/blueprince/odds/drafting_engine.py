"""The exact engine behind the drafting odds (§4 Action A Steps 2-4, §9 The Chain).

Tiles are grouped into *kinds* that behave alike in one question (targets, red rooms, tiles
with one back ...). A hand is a draw without replacement from the bag's kind counts; a redraw
sets the hand aside, so the next hand comes from the bag less every tile already seen, until
the draft ends (§4 Step 4, §18 Ivory Dice). :class:`Engine` finds, by dynamic programming over
(bag left, budget left), the chance that the player, using redraws as well as possible, ends
up able to draft a target; this is exact because the state after a hand is fully described
by the tiles set aside and the redraws and gems left.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from ...budget import spend

ONE, ZERO = Fraction(1), Fraction(0)
Comp = tuple[int, ...]


@dataclass(frozen=True)
class Kind:
    """Tiles alike for one question: ``good`` (a target that fits the cell), ``q``/``qmax``
    (chance of the wanted exit as drawn / when turned), ``cost`` (gems, or steps under the
    Hovel), ``paid`` (costs them from Slot 1 too), ``red`` (Furnace), ``back`` (what Archives
    leaves visible), ``fit`` (placeable), ``dove`` (the Dovecote), ``weight`` (draw weight;
    1 = a plain bag)."""

    good: bool = False
    q: Fraction = ONE
    qmax: Fraction = ONE
    cost: int = 0
    paid: bool = False
    red: bool = False
    back: object = None
    fit: bool = True
    dove: bool = False
    weight: int = 1


@dataclass(frozen=True)
class Play:
    """How one question is played: hand sizes (``first`` bag tiles plus the ``sleeve`` kind in
    Slot 1, §9; ``redraw`` tiles per redraw), the success test (``at_least`` good tiles, or
    with ``afford`` one the purse can pay for), and the rule switches of §4 and §16."""

    first: int
    redraw: int
    sleeve: Kind | None = None
    at_least: int = 1
    afford: bool = False
    steps: int | None = None  # the purse is steps, not gems (§19 Hovel)
    cheapest: bool = False  # library_free_slot=cheapest: the cheapest drawn tile is free
    rotate: bool = False  # every tile may be turned (Rotunda door, player_choice)
    furnace: bool = False  # §16 Furnace: no free redraw away from a drawn Red Room
    furnace_silver: bool = False  # furnace_blocked_redraws=all_non_gem: Silver Key blocked too
    final_after_free: bool = False  # drawing_room_redraw=final_second_draw
    archives: bool = False  # §16 Archives: one drawn tile stays hidden, chosen by its back
    no_legal_redraw: bool = False  # no_legal_tile=free_redraw


#: A budget: (Drawing Room free redraw, Silver Key redraw, Ivory Dice, Study uses, gems, final).
Budget = tuple[bool, bool, int, int, int, bool]


def any_among(size: int, good: int, seen: int) -> Fraction:
    """P(at least one of ``good`` marked tiles is among ``seen`` drawn without replacement from
    ``size``): 1 - C(size-good, seen)/C(size, seen), the hypergeometric tail."""
    seen = min(seen, size)
    return ONE - Fraction(math.comb(size - good, seen), math.comb(size, seen))


@lru_cache(maxsize=4096)
def hands(counts: Comp, n: int, weights: Comp | None = None) -> tuple[tuple[Comp, Fraction], ...]:
    """Every hand of ``n`` tiles drawn without replacement, as kind counts with its chance.

    A plain bag gives the multivariate hypergeometric law prod C(c_i, k_i) / C(N, n). With
    ``weights`` (a weighted bag) tiles are drawn one at a time, each with chance proportional
    to its weight among the tiles left.
    """
    if n > sum(counts):
        raise ValueError(f"cannot draw {n} tiles from a bag of {sum(counts)}")
    if weights is None or len(set(weights)) <= 1:
        return _plain(counts, n)
    probs: dict[Comp, Fraction] = {(0,) * len(counts): ONE}
    for _ in range(n):
        nxt: dict[Comp, Fraction] = defaultdict(Fraction)
        for comp, p in probs.items():
            left = [c - k for c, k in zip(counts, comp, strict=True)]
            total = sum(w * c for w, c in zip(weights, left, strict=True))
            for i, c in enumerate(left):
                if c:
                    grown = comp[:i] + (comp[i] + 1,) + comp[i + 1:]
                    nxt[grown] += p * Fraction(weights[i] * c, total)
        probs = nxt
    return tuple(probs.items())


@lru_cache(maxsize=4096)
def count_hands(counts: Comp, n: int) -> int:
    """How many hands :func:`hands` lists for these counts (kind counts summing to ``n``, each
    at most its count), found without listing them: what weighing them will cost."""
    ways = [1] + [0] * n  # ways[k]: hands of k tiles from the kinds seen so far
    for c in counts:
        ways = [sum(ways[k - j] for j in range(min(c, k) + 1)) for k in range(n + 1)]
    return ways[n]


def _plain(counts: Comp, n: int) -> tuple[tuple[Comp, Fraction], ...]:
    total = math.comb(sum(counts), n)
    room = [sum(counts[i:]) for i in range(len(counts) + 1)]
    out: list[tuple[Comp, Fraction]] = []

    def grow(i: int, left: int, comp: tuple[int, ...], ways: int) -> None:
        if i == len(counts):
            out.append((comp, Fraction(ways, total)))
            return
        for k in range(max(0, left - room[i + 1]), min(counts[i], left) + 1):
            grow(i + 1, left - k, comp + (k,), ways * math.comb(counts[i], k))

    grow(0, n, (), 1)
    return tuple(out)


def _minus(counts: Comp, comp: Comp) -> Comp:
    return tuple(c - k for c, k in zip(counts, comp, strict=True))


class Engine:
    """The best chance of drafting a target from a bag with a redraw budget (see module doc).

    Refuses (ValueError) a question needing more than ``MAX_WORK`` hand evaluations (about
    15 s): in practice the Archives with targets of many backs and a deep redraw budget.
    """

    MAX_WORK = 1_000_000

    def __init__(self, kinds: tuple[Kind, ...], play: Play) -> None:
        self.kinds, self.play = kinds, play
        self.weights = tuple(k.weight for k in kinds)
        backs = list(dict.fromkeys(k.back for k in kinds))
        self.backs = [[i for i, k in enumerate(kinds) if k.back == b] for b in backs]
        self.red = [i for i, k in enumerate(kinds) if k.red]
        self.memo: dict[tuple, Fraction] = {}
        self.wins: dict[tuple, Fraction] = {}
        self.work = 0

    def value(self, counts: Comp, budget: Budget, first: bool = True) -> Fraction:
        """The chance of success from this bag and budget; ``first``: the draft's first hand."""
        play = self.play
        budget = self._canon(budget)
        key = (counts, budget, first)
        if key not in self.memo:
            sleeve = play.sleeve if first else None
            n = min(play.first if first else play.redraw, sum(counts))
            hide = play.archives and sleeve is None and n > 0
            weighed = count_hands(counts, n) * (len(self.backs) if hide else 1)
            spend(weighed, "hands")  # a caller's bound (manorkit.budget.limit) may stop here
            comps = hands(counts, n, self.weights)
            self.work += weighed
            if self.work > self.MAX_WORK:
                raise ValueError(f"more than {self.MAX_WORK:,} hands to weigh for an exact "
                                 "answer; narrow the target (fewer tile backs) or the budget")
            if n == 0 and sleeve is None:
                self.memo[key] = ZERO
            elif hide:
                self.memo[key] = self._hidden(comps, counts, budget)
            else:  # with the sleeve Tunnel drawn, hiding it keeps every bag tile in view
                self.memo[key] = sum((p * self._open(comp, counts, budget, sleeve)
                                      for comp, p in comps), ZERO)
        return self.memo[key]

    def _canon(self, budget: Budget) -> Budget:
        """One budget per class of equally good budgets. Without the Furnace the Drawing Room,
        Silver Key and Ivory Dice are interchangeable free redraws and spending them before
        the Study never hurts (it keeps gems longer); under ``final_after_free`` the free
        redraw comes last and the Study, which must wait for it, never comes. Without
        ``afford`` gems matter only as Study fuel."""
        free, silver, ivory, study, gems, final = budget
        if not self.play.furnace and not final:
            if self.play.final_after_free and free:
                study = 0
            free, silver, ivory = False, False, free + silver + ivory
        if not self.play.afford:
            gems = min(gems, study)
        return free, silver, ivory, study, gems, final

    def _open(self, comp: Comp, counts: Comp, budget: Budget, sleeve: Kind | None) -> Fraction:
        left = _minus(counts, comp)
        if self.play.no_legal_redraw and not any(
                k.fit for k, c in zip(self.kinds, comp, strict=True) if c) and not (
                sleeve and sleeve.fit):
            return self.value(left, budget, False)
        win = self._success(comp, budget[4], sleeve)
        if win == ONE:
            return win
        red = any(comp[i] for i in self.red)
        nxt = [self.value(left, b, False) for b in self._options(budget, red)]
        return win + (1 - win) * max(nxt, default=ZERO)

    def _hidden(self, comps, counts: Comp, budget: Budget) -> Fraction:
        """Archives: the player sees every back, hides the tile whose back makes success most
        likely (a uniformly random tile with that back), then plays on what is revealed."""
        profiles: dict[tuple, list] = defaultdict(list)
        for comp, p in comps:
            profiles[tuple(sum(comp[i] for i in same) for same in self.backs)].append((comp, p))
        total = ZERO
        for profile, items in profiles.items():
            total += max(self._hide(items, counts, budget, self.backs[b])
                         for b, c in enumerate(profile) if c)
        return total

    def _hide(self, items, counts: Comp, budget: Budget, same: list[int]) -> Fraction:
        seen: dict[Comp, list[tuple[int, Fraction]]] = defaultdict(list)
        for comp, p in items:
            m = sum(comp[i] for i in same)
            for i in same:
                if comp[i]:
                    seen[comp[:i] + (comp[i] - 1,) + comp[i + 1:]].append((i, p * comp[i] / m))
        total = ZERO
        for shown, hidden in seen.items():
            p_shown = sum((w for _, w in hidden), ZERO)
            maybe = [self.kinds[i] for i in same if counts[i] - shown[i] > 0]
            dove = any(k.dove for k, c in zip(self.kinds, shown, strict=True) if c)
            sure = (all(k.good and self._q(k, dove) == ONE for k in maybe),
                    max(k.cost for k in maybe), maybe[0].fit, any(k.paid for k in maybe))
            after = [(_minus(counts, shown[:i] + (shown[i] + 1,) + shown[i + 1:]), w)
                     for i, w in hidden]
            if self.play.no_legal_redraw and not sure[2] and not any(
                    k.fit for k, c in zip(self.kinds, shown, strict=True) if c):
                total += sum((w * self.value(left, budget, False) for left, w in after), ZERO)
                continue
            win = self._success(shown, budget[4], None, sure)
            best = ZERO
            if win != ONE:
                red = any(shown[i] for i in self.red)
                for b in self._options(budget, red):
                    later = sum((w * self.value(left, b, False) for left, w in after), ZERO)
                    best = max(best, later / p_shown)
            total += p_shown * (win + (1 - win) * best)
        return total

    def _success(self, comp: Comp, gems: int, sleeve: Kind | None,
                 sure: tuple[bool, int, bool, bool] | None = None) -> Fraction:
        """The chance this hand holds a target the player can draft (§4 Step 4 To draft);
        ``sure``: the Archives' hidden tile as (known target, price, fits, never free)."""
        key = (comp, gems if self.play.afford else 0, sleeve, sure)
        if key not in self.wins:
            tiles = [(k, c) for k, c in zip(self.kinds, comp, strict=True) if c]
            if sure is not None:
                tiles.append((Kind(good=sure[0], cost=sure[1], fit=sure[2], paid=sure[3]), 1))
            self.wins[key] = self._win(tiles, gems, sleeve)
        return self.wins[key]

    def _win(self, tiles: list[tuple[Kind, int]], gems: int, sleeve: Kind | None) -> Fraction:
        play = self.play
        dove = any(k.dove for k, _ in tiles)
        good = [(self._q(k, dove), k, c) for k, c in tiles if k.good]
        lead = [(self._q(sleeve, dove), sleeve, 1)] if sleeve and sleeve.good else []
        if not play.afford:
            return _at_least(good + lead, play.at_least)
        purse = gems if play.steps is None else play.steps
        if sleeve is not None:  # Slot 1 holds the sleeve Tunnel (§9)
            free = [(q, k, c) for q, k, c in good if k.cost <= purse] + lead
            return _at_least(free, 1)
        if play.cheapest:  # library_free_slot=cheapest
            low = min(k.cost for k, _ in tiles)
            return _at_least([g for g in good if g[1].cost <= purse
                              or (g[1].cost == low and not g[1].paid)], 1)
        n = sum(c for _, c in tiles)  # Slot 1 is a uniformly random drawn tile (§4 Step 2)
        hit = _at_least([g for g in good if g[1].cost <= purse], 1)
        slot1 = sum((Fraction(c, n) * q for q, k, c in good if k.cost > purse and not k.paid),
                    ZERO)
        return 1 - (1 - hit) * (1 - slot1)

    def _q(self, kind: Kind, dove: bool) -> Fraction:
        """The chance of the wanted exit: turned freely from a Rotunda door, or when a drawn
        Dovecote lets the *other* drawn tiles turn (§17 Dovecote); else as drawn."""
        return kind.qmax if self.play.rotate or (dove and not kind.dove) else kind.q

    def _options(self, budget: Budget, red: bool) -> list[Budget]:
        """Budgets after each redraw the rules allow now (§4 Step 4, §16 Furnace, Study)."""
        free, silver, ivory, study, gems, final = budget
        if final:
            return []
        blocked = self.play.furnace and red
        free_ok = free and not blocked
        out = []
        if free_ok:
            out.append((False, silver, ivory, study, gems, self.play.final_after_free))
        if silver and not (blocked and self.play.furnace_silver):
            out.append((free, False, ivory, study, gems, False))
        if ivory and not blocked:
            out.append((free, silver, ivory - 1, study, gems, False))
        if study and gems and not free_ok:  # Study waits for the Drawing Room's free redraw
            out.append((free, silver, ivory, study - 1, gems - 1, False))
        return out


def _at_least(good: list[tuple[Fraction, Kind, int]], k: int) -> Fraction:
    """P(at least ``k`` of these tiles show a wanted exit), each independently with its q."""
    counts = {0: ONE}
    for q, _, c in good:
        for _ in range(c):
            nxt: dict[int, Fraction] = defaultdict(Fraction)
            for j, p in counts.items():
                nxt[min(j + 1, k)] += p * q
                nxt[j] += p * (1 - q)
            counts = nxt
    return counts.get(k, ZERO)
