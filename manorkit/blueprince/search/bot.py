"""A bot that searches without seeing the future: perfect-information Monte Carlo.

At each decision :class:`SearchPolicy` samples ``samples`` determinized days consistent
with what a player knows — the state itself: the Active Bag's tiles and the decks' cards
as counts, never an order, nor the run's seed (a face-down Archives tile is not in the
state either) — each with a fresh seed drawn from the policy's own generator, and searches
each from the current moment with the solver's searches for a win (:class:`~.solver.Search`,
``nodes`` children at most). How the samples choose (``by``):

- ``"value"`` (the default): each sample's search scores each decision by the best
  :class:`~.value.Value` it met below it (a win above all); the decision with the best sum
  over the samples is played. A moment met again on the day's line (the same room, board,
  items and resources but steps) takes a decision not taken there before, or ends the day
  when every one has been: a day's value can stand still in a loop (a Secret Passage book
  that pays the steps the walk back costs), and a player would not walk it for ever.
- ``"wins"``: the decision that most of the winning lines found begin with; where no
  sample's search finds a win — most of a day, on a small budget — the ``base`` bot (the
  planner by default) decides.

As the bridge and Skat programs that play this way, it may overrate decisions that only pay
when the future is known; the winnability table measures how far that costs it.
"""

from __future__ import annotations

import random
from collections import defaultdict

from ..engine.actions import Action, EndDay
from .determinize import Determinization
from .solver import Budget, Found, Search
from .space import Node, root
from .value import WIN

#: The ways the samples choose (see the module).
BY = ("value", "wins")
#: The solver's searches a sample runs, with their shares of its nodes, by ``by`` (no
#: complete search: a bot's budget never walks a day's whole tree).
SHARES = {"value": {"novel": 1}, "wins": {"beams": 1, "novel": 1}}


class SearchPolicy:
    """``policy(state, rng) -> action`` by perfect-information Monte Carlo (see the module):
    ``samples`` determinized days per decision, each searched with at most ``nodes``
    children (a budget that makes every day repeat exactly, on any backend), chosen among
    ``by`` value or by wins; ``base`` plays where no sample speaks for a decision (default:
    :class:`~manorkit.blueprince.sim.PlannerPolicy`)."""

    #: It searches with ``state.apply``: always played on immutable states.
    needs_state = True

    def __init__(self, samples: int = 4, nodes: int = 400, base=None,
                 by: str = "value") -> None:
        if samples < 1 or nodes < 1:
            raise ValueError("samples and nodes must be at least 1")
        if by not in BY:
            raise ValueError(f"by must be one of {BY}, not {by!r}")
        if base is None:
            from ..sim import PlannerPolicy

            base = PlannerPolicy()
        self.samples, self.nodes, self.base, self.by = samples, nodes, base, by
        self._line: list = []  # the history of the last moment asked about
        self._met: dict[tuple, dict[int, Action]] = {}  # moment -> {depth: decision taken}

    def __repr__(self) -> str:
        return (f"SearchPolicy(samples={self.samples}, nodes={self.nodes}, "
                f"base={self.base!r}, by={self.by!r})")

    def __getstate__(self) -> dict:
        return {**self.__dict__, "_line": [], "_met": {}}  # a copy starts a fresh line

    def __call__(self, state, rng: random.Random) -> Action:
        legal = state.legal_actions()
        moves = [a for a in legal if type(a) is not EndDay]
        if len(legal) == 1 or not moves:
            return legal[0] if len(legal) == 1 else next(a for a in legal
                                                         if type(a) is EndDay)
        if len(moves) == 1:
            return moves[0]
        if self.by == "wins":
            return self._by_wins(state, rng, moves)
        return self._by_value(state, rng, legal, moves)

    def _by_wins(self, state, rng: random.Random, moves: list[Action]) -> Action:
        votes: dict[Action, int] = defaultdict(int)
        for _ in range(self.samples):
            det = Determinization(rng.getrandbits(64))
            first = root(det, state)
            search = Search(det, first, Budget(None, self.nodes))
            try:
                search.portfolio(SHARES["wins"], lead=None)
            except Found as found:
                votes[_first(found.node, first)] += 1
        if not votes:
            return self.base(state, rng)
        order = {a: i for i, a in enumerate(moves)}
        return max(votes, key=lambda a: (votes[a], -order.get(a, 0)))

    def _by_value(self, state, rng: random.Random, legal: list[Action],
                  moves: list[Action]) -> Action:
        met, earlier = self._met_here(state)
        fresh = [a for a in moves if a not in earlier]
        if not fresh:
            return next((a for a in legal if type(a) is EndDay), moves[0])
        total: dict[Action, float] = defaultdict(float)
        for _ in range(self.samples):
            det = Determinization(rng.getrandbits(64))
            best = _Scored(det, root(det, state), Budget(None, self.nodes)).scores()
            if best:
                low = min(best.values())
                for a in fresh:
                    total[a] += best.get(a, low)
        order = {a: i for i, a in enumerate(fresh)}
        pick = max(fresh, key=lambda a: (total[a], -order[a])) if total else None
        if pick is None:
            pick = self.base(state, rng)
            if pick in earlier:
                pick = fresh[0]
        met[state.depth] = pick
        return pick

    def _met_here(self, state) -> tuple[dict[int, Action], set[Action]]:
        """This moment's record on the day's line (depth -> the decision taken there, for
        the caller to add to) and the decisions taken at its earlier meetings. The line's
        memory starts afresh whenever the history asked about does not go on from the
        last."""
        history = state.history
        line = self._line
        if len(history) < len(line) or history[:len(line)] != line:
            self._met = {}
        self._line = history
        r = state.resources
        key = (state.position, frozenset(state.board), frozenset(state.items.items()),
               r["gems"], r["keys"], r["coins"], r["ivory_dice"], state.pending,
               state.drafting)
        met = self._met.setdefault(key, {})
        depth = state.depth
        return met, {a for d, a in met.items() if d < depth}


class _Scored(Search):
    """A :class:`~.solver.Search` that keeps, for each first decision, the best value met
    below it."""

    def scores(self) -> dict[Action, float]:
        """Run the search; the best value below each first decision (``WIN`` for a won
        line)."""
        self.per: dict[Action, float] = {}
        try:
            self.portfolio(SHARES["value"], lead=None)
        except Found as found:
            self.per[_first(found.node, self.first)] = WIN
        return self.per

    def _note(self, score: float, node: Node) -> None:
        super()._note(score, node)
        if node is not self.first:
            action = _first(node, self.first)
            if score > self.per.get(action, -float("inf")):
                self.per[action] = score


def _first(node, first) -> Action:
    """The decision that leads from ``first`` towards ``node``."""
    while node.parent is not first:
        node = node.parent
    return node.actions[0]


__all__ = ["BY", "SearchPolicy"]
