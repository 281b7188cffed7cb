"""A bot that searches without seeing the future: perfect-information Monte Carlo.

At each decision :class:`SearchPolicy` samples ``samples`` determinized days consistent
with what a player knows — the state itself: the Active Bag's tiles and the decks' cards
as counts, never an order, nor the run's seed (a face-down Archives tile is not in the
state either) — each with a fresh seed drawn from the policy's own generator. It searches
each from the current moment with the solver's searches for a win (:class:`~.solver.Search`,
``nodes`` children at most), and plays the decision that most of the winning lines found
begin with (ties: the order of the legal actions). Where no sample's search finds a win —
most of a day, on a small budget — it defers to its ``base`` bot (the planner by default),
so the search adds what it sees to a player that already plays to win. As the bridge and
Skat programs that play this way, it may overrate decisions that only pay when the future
is known; the winnability table measures how far that costs it.
"""

from __future__ import annotations

import random
from collections import defaultdict

from ..engine.actions import Action, EndDay
from .determinize import Determinization
from .solver import Budget, Found, Search
from .space import root

#: The solver's searches a sample runs, with their shares of its nodes (no complete search:
#: a bot's budget never walks a day's whole tree).
SHARES = {"beams": 1, "novel": 1}


class SearchPolicy:
    """``policy(state, rng) -> action`` by perfect-information Monte Carlo (see the module):
    ``samples`` determinized days per decision, each searched with at most ``nodes``
    children (a budget that makes every day repeat exactly, on any backend); ``base`` plays
    where no search finds a win (default: :class:`~manorkit.blueprince.sim.PlannerPolicy`)."""

    #: It searches with ``state.apply``: always played on immutable states.
    needs_state = True

    def __init__(self, samples: int = 4, nodes: int = 400, base=None) -> None:
        if samples < 1 or nodes < 1:
            raise ValueError("samples and nodes must be at least 1")
        if base is None:
            from ..sim import PlannerPolicy

            base = PlannerPolicy()
        self.samples, self.nodes, self.base = samples, nodes, base

    def __repr__(self) -> str:
        return f"SearchPolicy(samples={self.samples}, nodes={self.nodes}, base={self.base!r})"

    def __call__(self, state, rng: random.Random) -> Action:
        legal = state.legal_actions()
        moves = [a for a in legal if type(a) is not EndDay]
        if len(legal) == 1 or not moves:
            return legal[0] if len(legal) == 1 else next(a for a in legal
                                                         if type(a) is EndDay)
        if len(moves) == 1:
            return moves[0]
        votes: dict[Action, int] = defaultdict(int)
        for _ in range(self.samples):
            det = Determinization(rng.getrandbits(64))
            action = self._sample(det, root(det, state))
            if action is not None:
                votes[action] += 1
        if not votes:
            return self.base(state, rng)
        order = {a: i for i, a in enumerate(moves)}
        return max(votes, key=lambda a: (votes[a], -order.get(a, 0)))

    def _sample(self, det: Determinization, first) -> Action | None:
        """The first decision of the winning line one determinized day's search found
        within ``nodes``, or None."""
        search = Search(det, first, Budget(None, self.nodes))
        try:
            search.portfolio(SHARES, lead=None)
        except Found as found:
            return _first(found.node, first)
        return None


def _first(node, first) -> Action:
    """The decision that leads from ``first`` towards ``node``."""
    while node.parent is not first:
        node = node.parent
    return node.actions[0]


__all__ = ["SearchPolicy"]
