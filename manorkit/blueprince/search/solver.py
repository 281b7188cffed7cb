"""Can this day be won? The clairvoyant solver (§13 Win Condition).

:func:`solve` searches the player's decisions of a determinized day
(:mod:`.determinize`: every chance outcome fixed in advance) for a line that opens Room 46.
It answers with a :class:`Solution`:

- ``"won"``: a winning line was found; its ``actions`` (every decision and chance outcome
  from ``new_day``) replay to a win with ``State.from_json`` or ``engine.script``;
- ``"lost"``: proved: no line wins. Either a complete search of the decision tree ended
  (its only cuts: ending the day, which never wins; a moment met before with as many steps
  or more, all else the same, which can do all it can: :meth:`Search.complete`), or
  :mod:`.prove` showed that no lever can ever be pulled on this day;
- ``"unknown"``: the budget (``seconds`` of CPU time, or ``nodes`` for a result that repeats
  exactly on any machine) ran out first, or its memory did (``memory``: GB the search may
  add to the process's resident size, read every :data:`MEMORY_EVERY` nodes; a search keeps
  the moments it has met, about 3 KB each).

The searches for a win (:class:`Search`: beams, best-first walks restarted from the
morning and from the best moment met, each also walking a move and its draft as one step)
are ordered by :class:`~.value.Value`, leave out moves that only move the marker
(:func:`~.space.idle_move`) and moments that repeat others with fewer steps; none of this
bears on a ``won`` answer, which is checked by replaying its line.
"""

from __future__ import annotations

import heapq
import itertools
import random
import time
from dataclasses import dataclass, field

from ..engine.actions import Action, Move
from ..engine.setup import Campaign
from ..engine.state import State, new_day
from ..rules import Rules, load_rules
from . import prove
from .determinize import Determinization
from .space import Keys, Node, child, decisions, idle_move, macro_children, root
from .value import Value

VERDICTS = ("won", "lost", "unknown")
#: Beam widths tried in turn while the budget lasts (the last one repeats, doubled).
WIDTHS = (4, 16, 64)


@dataclass(frozen=True)
class Solution:
    """What :func:`solve` found for one day (see the module)."""

    verdict: str
    seed: int
    rules: Rules = field(repr=False)
    actions: tuple[Action, ...] = ()
    nodes: int = 0
    seconds: float = 0.0
    reason: str = ""
    campaign: Campaign | None = field(default=None, repr=False)

    @property
    def won(self) -> bool:
        return self.verdict == "won"

    @property
    def decided(self) -> bool:
        return self.verdict != "unknown"

    def state(self) -> State:
        """The state the winning line reaches, replayed from ``new_day`` (a won day ends
        won; otherwise the morning)."""
        state = new_day(self.rules, seed=self.seed, campaign=self.campaign)
        for action in self.actions:
            state = state.apply(action)
        return state

    def decisions(self) -> list[Action]:
        """The player's decisions of the winning line (its chance outcomes left out)."""
        return [a for a in self.actions if a.kind != "chance"]

    def how(self) -> dict:
        """How the winning line wins (§13): ``lever``, the sides of the levers it pulled
        (south: the Broken Lever at the Greenhouse; west: the Secret Garden; east: the east
        lever room), and ``rooms``, the rooms on the board at the win; ``""`` and None for a
        day not won."""
        if not self.won:
            return {"lever": "", "rooms": None}
        end = self.state()
        return {"lever": " + ".join(end.flags.get("levers", ())), "rooms": len(end.board)}

    def row(self) -> dict:
        return {"seed": self.seed, "verdict": self.verdict, "nodes": self.nodes,
                "seconds": self.seconds, "line": len(self.actions), "reason": self.reason,
                **self.how()}

    def _repr_html_(self) -> str:
        import html

        what = {"won": f"won in {len(self.decisions())} decisions",
                "lost": "lost (proved)", "unknown": "unknown (budget spent)"}[self.verdict]
        why = f" — {html.escape(self.reason)}" if self.reason else ""
        return (f"<p><b>Day {self.seed}: {what}</b>{why}<br>{self.nodes:,} nodes in "
                f"{self.seconds:.2f} s</p>")


class Budget:
    """Nodes, seconds and memory left: ``spent`` once any is. Seconds are the process's CPU
    time (``time.process_time``): what one core gives the search, whatever else the machine
    runs. ``memory`` (GB) bounds how much the process's resident size may grow from now,
    read every :data:`MEMORY_EVERY` nodes; ``full`` says whether that is what ended it."""

    def __init__(self, seconds: float | None, nodes: int | None,
                 memory: float | None = None) -> None:
        self.deadline = None if seconds is None else time.process_time() + seconds
        self.cap = nodes
        self.nodes = 0
        self.memory = None if memory is None else resident() + memory * 2**30
        self.full = False

    def count(self) -> None:
        self.nodes += 1
        if self.memory is not None and self.nodes % MEMORY_EVERY == 0:
            self.full = resident() >= self.memory

    @property
    def spent(self) -> bool:
        if self.full or (self.cap is not None and self.nodes >= self.cap):
            return True
        return self.deadline is not None and time.process_time() >= self.deadline


#: Nodes between two readings of the process's memory.
MEMORY_EVERY = 2_000


def resident() -> int:
    """The process's resident memory in bytes."""
    import psutil

    return psutil.Process().memory_info().rss



class Found(Exception):
    def __init__(self, node: Node) -> None:
        self.node = node


def solve(seed_or_state: int | State, rules: Rules | None = None, seconds: float | None = 10.0,
          nodes: int | None = None, campaign: Campaign | None = None,
          memory: float | None = 4.0) -> Solution:
    """Whether the determinized day of ``seed_or_state`` (a seed for ``new_day(rules, seed,
    campaign)``, or a state of a day, whose history is kept) can be won, within ``seconds``
    and/or ``nodes`` (children generated), adding at most ``memory`` GB to the process; see
    the module. ``seconds=None`` with ``nodes`` gives an answer that repeats exactly on any
    machine (unless the memory runs out first)."""
    if isinstance(seed_or_state, State):
        start = seed_or_state
        rules, seed, campaign = start.rules, start.seed, start.campaign
    else:
        rules = load_rules() if rules is None else rules
        seed = seed_or_state
        start = new_day(rules, seed=seed, campaign=campaign)
    if seconds is None and nodes is None:
        raise ValueError("give a budget: seconds, nodes or both")
    clock = time.process_time()
    budget = Budget(seconds, nodes, memory)
    det = Determinization(seed)
    first = root(det, start)
    verdict, node, reason = _search(det, first, budget)
    line = tuple(start.history) + tuple(node.line()) if node is not None else ()
    return Solution(verdict, seed, rules, line, budget.nodes, time.process_time() - clock,
                    reason, campaign=start.campaign)


def _search(det: Determinization, first: Node, budget: Budget
            ) -> tuple[str, Node | None, str]:
    if first.state.won:
        return "won", first, ""
    why = prove.hopeless(first.state, first.counts, det)
    if why:
        return "lost", None, why
    search = Search(det, first, budget)
    try:
        if search.portfolio():
            return "lost", None, "the whole decision tree was searched"
    except Found as found:
        return "won", found.node, ""
    spent = "memory" if budget.full else "budget"
    return "unknown", None, f"{spent} spent ({budget.nodes:,} nodes)"


#: The searches :meth:`Search.portfolio` interleaves, with their shares of the nodes: the
#: complete search (the only one whose end proves anything), restarted best-first searches
#: that prefer moments new in some respect, and beams widened round by round walking a move
#: and its draft as one (:func:`~.space.macro_children`). (``beams``, ``novel`` and
#: ``novel_by_draft`` are there to be chosen.) Measured on 40 days at 100,000 nodes
#: (``benchmarks/solver_searches.py``): one best-first search in this mix won 10, the
#: restarts 18.
SHARES = {"complete": 1, "restarts": 6, "beams_by_draft": 1}
#: Nodes a search runs before the next takes its turn (times its share).
TURN = 500
#: The search that runs alone for the first nodes of a budget, and for how many: split five
#: ways, a budget of 10 s finds a fifth of the wins one search finds alone (measured on 30
#: days at 60,000 nodes: the best-first search alone won 5, the five searches together 1).
LEAD = ("restarts", 60_000)
#: The settings :meth:`Search.restarts` cycles through: (value band of the novelty, jitter
#: of the value, a move and its draft as one child).
RESTARTS = ((0.0, 0.0, False), (50.0, 0.0, True), (20.0, 0.0, False), (150.0, 0.0, True),
            (50.0, 3.0, False), (20.0, 6.0, True), (0.0, 6.0, False), (150.0, 3.0, False),
            (50.0, 10.0, True), (20.0, 10.0, False))
#: Nodes each walk of :meth:`Search.restarts` runs (most wins a walk finds, it finds within
#: 30,000; 5,000, 10,000, 20,000 and 30,000 won alike on 40 days).
RESTART = 10_000
#: Walks from the morning between two returns of :meth:`Search.restarts` to the best moment
#: met (0: none). Measured on 80 days at 100,000 nodes (``benchmarks/solver_searches.py``):
#: the restarts won 35 without the returns, 44 with them.
RETURN_EVERY = 2
#: Nodes of one beam layer that may share a board (the same rooms in the same places).
SAME_BOARD = 2


def widths():
    """:data:`WIDTHS`, then the last doubled again and again."""
    yield from WIDTHS
    width = WIDTHS[-1]
    while True:
        width *= 2
        yield width


def _plain(det: Determinization, node: Node, count):
    """Each decision's child of ``node`` but moves that only move the marker."""
    for action in decisions(node):
        count()
        kid = child(det, node, action)
        if type(action) is Move and kid.state.over is None and idle_move(node.state, action,
                                                                          kid.state):
            continue
        yield action, kid


def _diverse(ranked: list, width: int) -> list:
    """The first ``width`` of ``ranked`` (shadow, (score, order, steps, node)) pairs, at most
    :data:`SAME_BOARD` of them on one board: a beam of one house walls itself in at once."""
    out, boards = [], {}
    for item in ranked:
        board = item[0][6]  # the shadow key's board
        n = boards.get(board, 0)
        if n < SAME_BOARD:
            boards[board] = n + 1
            out.append(item)
            if len(out) == width:
                break
    return out


class Search:
    """The searches of one determinized day from ``first`` within ``budget``. Each is a
    generator that yields now and then (so that :meth:`portfolio` can interleave them) and
    raises :class:`Found` with a winning node; ``best`` is the best-valued node met."""

    def __init__(self, det: Determinization, first: Node, budget: Budget,
                 value: Value | None = None) -> None:
        self.det, self.first, self.budget = det, first, budget
        self.keys = Keys()
        self.value = Value(det, first) if value is None else value
        self.best: tuple[float, Node] | None = None

    def portfolio(self, shares: dict[str, int] | None = None,
                  lead: tuple[str, int] | None = LEAD) -> bool:
        """The searches of ``shares`` (default :data:`SHARES`), each in turn for ``TURN``
        times its share of nodes, until the budget is spent or one ends: True if the complete
        search ended (no win). ``lead`` (a search of ``shares`` and a number of nodes) runs
        alone first."""
        shares = SHARES if shares is None else shares
        runs = {name: getattr(self, name)() for name in shares}
        budget = self.budget
        if lead is not None and lead[0] in runs:
            name, until = lead
            try:
                while budget.nodes < until and not budget.spent:
                    next(runs[name])
            except StopIteration as done:
                del runs[name]
                if done.value:
                    return True
        while runs and not budget.spent:
            for name in list(runs):
                stop = budget.nodes + TURN * shares[name]
                run = runs[name]
                try:
                    while budget.nodes < stop and not budget.spent:
                        next(run)
                except StopIteration as done:
                    del runs[name]
                    if done.value:
                        return True
        return False

    def drive(self, run):
        """Run the search generator ``run`` to its end (or the budget's); its return value."""
        try:
            while not self.budget.spent:
                next(run)
        except StopIteration as done:
            return done.value
        return None

    def complete(self):
        """Search every moment reachable from ``first``, the ones with the most steps first;
        returns True when it ends with no win. Cut: ending the day; a moment met before with
        as many steps or more, all else the same (its key, :meth:`~.space.Keys.split`).

        That cut is sound because more steps never take a line away: the rules read the
        steps only to end the day at 0 (§5), to ask whether a cost can be paid (§4), and to
        take a share of them (the Weight Room, §16: fewer left from fewer), and no chance
        outcome depends on them. So whatever wins from a moment also wins from one with more
        steps, all else the same. Taking the moments with the most steps first, each is
        searched about once, not once for every number of steps a walk reaches it with."""
        split, budget = self.keys.split, self.budget
        key, steps = split(self.first)
        most = {key: steps}  # key without the steps -> the most steps met
        heap = [(-steps, 0, key, self.first)]
        order = 0
        while heap:
            yield
            if budget.spent:
                return False
            negative, _, key, node = heapq.heappop(heap)
            if most[key] > -negative:
                continue  # met again since with more steps: that one is searched instead
            for kid in self._every_child(node):
                key, steps = split(kid)
                if most.get(key, -1) >= steps:
                    continue
                most[key] = steps
                order += 1
                heapq.heappush(heap, (-steps, order, key, kid))
        return True

    def _every_child(self, node: Node):
        """Every child of ``node`` but days over (a win raises :class:`Found`)."""
        det, count = self.det, self.budget.count
        for action in decisions(node):
            count()
            kid = child(det, node, action)
            over = kid.state.over
            if over is None:
                yield kid
            elif over == "won":
                raise Found(kid)

    def _children(self, node: Node, by_draft: bool = False):
        """The children worth a search for a win: every decision's (leaving out moves that
        only move the marker, :func:`~.space.idle_move`), or with ``by_draft`` a move and the
        draft after it as one (:func:`~.space.macro_children`). A win raises :class:`Found`;
        days over are left out."""
        det, count = self.det, self.budget.count
        made = macro_children(det, node, count) if by_draft else _plain(det, node, count)
        for _, kid in made:
            state = kid.state
            if state.over is not None:
                if state.over == "won":
                    raise Found(kid)
                continue
            yield kid

    def _note(self, score: float, node: Node) -> None:
        if self.best is None or score > self.best[0]:
            self.best = (score, node)


    def beams(self, by_draft: bool = False):
        """Beam searches of the :func:`widths` in turn (never ends by itself)."""
        for width in widths():
            yield from self.beam(width, by_draft=by_draft)

    def beams_by_draft(self):
        """:meth:`beams`, a move and the draft after it one child."""
        return self.beams(by_draft=True)

    def novel_by_draft(self):
        """:meth:`novel`, a move and the draft after it one child."""
        return self.novel(by_draft=True)

    def beam(self, width: int, start: Node | None = None, by_draft: bool = False):
        """A beam search of ``width`` from ``start`` (default ``first``), layer by layer of
        decisions. A moment is left out when one kept in an earlier layer, or one scored in
        this layer, was the same with as many steps (:meth:`~.space.Keys.shadow`)."""
        keys, value = self.keys, self.value
        kept: dict[tuple, int] = {}
        layer = [self.first if start is None else start]
        order = 0
        while layer:
            scored: dict[tuple, tuple] = {}
            for node in layer:
                for kid in self._children(node, by_draft):
                    shadow, steps = keys.shadow(kid)
                    if kept.get(shadow, -1) >= steps:
                        continue
                    known = scored.get(shadow)
                    if known is not None and known[2] >= steps:
                        continue
                    order += 1
                    scored[shadow] = (-value(kid), order, steps, kid)
                yield
            best = _diverse(sorted(scored.items(), key=lambda item: item[1][:2]), width)
            for _, (score, _, _, node) in best[:1]:
                self._note(-score, node)
            for shadow, (_, _, steps, _) in best:
                kept[shadow] = steps
            layer = [item[1][3] for item in best]

    def novel(self, by_draft: bool = False, bucket: float = 0.0, noise: float = 0.0,
              seed: int = 0, start: Node | None = None):
        """Best-first search that takes first the moments that were the first to show
        something (a room in a cell, an item, a lever, a deck's draw count), then the best
        valued: a search that keeps trying new things where the value cannot tell them
        apart. With ``bucket``, "first" is among the moments whose value falls in the same
        band of that width (as best-first width search does: a room new to the moments this
        far along is new); with ``noise``, each value is ordered as if it were jittered by a
        normal of that deviation (drawn from ``seed``): another walk of the same day. A moment
        better valued than any met counts as new too: a walk takes up at once the best lead it
        has (a lever pulled late in a walk is followed, not queued behind the walk's
        novelties). It starts from ``start`` (default ``first``)."""
        keys, value = self.keys, self.value
        jitter = random.Random(seed).gauss if noise else None
        kept: dict[tuple, int] = {}
        seen: set = set()
        heap = [(1, 0.0, 0, self.first if start is None else start)]
        order = 0
        while heap:
            node = heapq.heappop(heap)[-1]
            for kid in self._children(node, by_draft):
                shadow, steps = keys.shadow(kid)
                if kept.get(shadow, -1) >= steps:
                    continue
                kept[shadow] = steps
                score = value(kid)
                record = self.best is None or score > self.best[0]
                self._note(score, kid)
                if jitter is not None:
                    score += jitter(0.0, noise)
                band = score // bucket if bucket else 0
                new = [(band, a) for a in _atoms(kid) if (band, a) not in seen]
                seen.update(new)
                order += 1
                heapq.heappush(heap, (0 if new or record else 1, -score, order, kid))
            yield

    def restarts(self):
        """:meth:`novel` walks of the :data:`RESTARTS` settings in turn (cycling, each with a
        seed of its own), each for :data:`RESTART` nodes: a best-first search either finds a
        day's win early or strays where none lies, and walks that differ stray differently.

        After every :data:`RETURN_EVERY` of them, walks of as many nodes go back to the
        best-valued moment met (:attr:`best`) and search on from there, one after another
        while each meets a better moment no walk has started from (their children by draft
        every other walk): a walk that reached a lever late in its nodes is taken up where it
        stood rather than found again from the morning, as Go-Explore returns to its most
        promising states before it explores."""
        started: set[Node] = set()
        for k in itertools.count():
            bucket, noise, by_draft = RESTARTS[k % len(RESTARTS)]
            yield from self._walk(self.novel(by_draft, bucket, noise, seed=k))
            if not RETURN_EVERY or (k + 1) % RETURN_EVERY:
                continue
            while self.best is not None and self.best[1] not in started:
                node = self.best[1]
                started.add(node)
                yield from self._walk(self.novel(len(started) % 2 == 1, start=node))

    def _walk(self, run):
        """``run`` (a search generator) for :data:`RESTART` nodes at most."""
        budget = self.budget
        stop = budget.nodes + RESTART
        for _ in run:
            yield
            if budget.nodes >= stop:
                return


def _atoms(node: Node):
    """What :meth:`Search.novel` counts as new: each room in its cell, each item held, each
    lever pulled, each deck's number of draws."""
    s = node.state
    yield from (("room", cell, tile.room) for cell, tile in s.board.items())
    yield from (("item", item) for item in s.items)
    yield from (("lever", side) for side in s.flags.get("levers", ()))
    yield from (("draws", label, n) for label, n in node.counts.items() if label.endswith(
        " card"))


__all__ = ["Budget", "Found", "Search", "Solution", "VERDICTS", "solve", "widths"]
