"""A bot that searches without seeing the future: perfect-information Monte Carlo.

At each decision :class:`SearchPolicy` samples ``samples`` determinized days consistent
with what a player knows — the state itself: the Active Bag's tiles and the decks' cards
as counts, never an order, nor the run's seed (a face-down Archives tile is not in the
state either) — each with a fresh seed drawn from the policy's own generator. It searches
each from the current moment with the solver's beam (:class:`~.solver.Search`, ``nodes``
children at most), and votes for the first decision of the line found: a winning line
counts :data:`WIN_VOTE` votes, the best-valued line one. The most voted decision is played
(ties: the larger summed value, then the order of the legal actions). As the bridge and
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

#: Votes of a sample whose search found a win.
WIN_VOTE = 4
#: The solver's searches a sample runs, with their shares of its nodes (no complete search:
#: a bot's budget never walks a day's whole tree).
SHARES = {"beams": 1, "novel": 1}


class SearchPolicy:
    """``policy(state, rng) -> action`` by perfect-information Monte Carlo (see the module):
    ``samples`` determinized days per decision, each searched with at most ``nodes``
    children (a budget that makes every day repeat exactly, on any backend)."""

    #: It searches with ``state.apply``: always played on immutable states.
    needs_state = True

    def __init__(self, samples: int = 4, nodes: int = 400) -> None:
        if samples < 1 or nodes < 1:
            raise ValueError("samples and nodes must be at least 1")
        self.samples, self.nodes = samples, nodes

    def __repr__(self) -> str:
        return f"SearchPolicy(samples={self.samples}, nodes={self.nodes})"

    def __call__(self, state, rng: random.Random) -> Action:
        legal = state.legal_actions()
        moves = [a for a in legal if type(a) is not EndDay]
        if len(legal) == 1 or not moves:
            return legal[0] if len(legal) == 1 else next(a for a in legal
                                                         if type(a) is EndDay)
        if len(moves) == 1:
            return moves[0]
        votes: dict[Action, float] = defaultdict(float)
        worth: dict[Action, float] = defaultdict(float)
        for _ in range(self.samples):
            det = Determinization(rng.getrandbits(64))
            action, won, value = self._sample(det, root(det, state))
            if action is not None:
                votes[action] += WIN_VOTE if won else 1
                worth[action] += value
        if not votes:
            return moves[0]
        order = {a: i for i, a in enumerate(moves)}
        return max(votes, key=lambda a: (votes[a], worth[a], -order.get(a, 0)))

    def _sample(self, det: Determinization, first) -> tuple[Action | None, bool, float]:
        """The first decision of the line one determinized day's search found: (decision,
        whether it wins, its value); the solver's searches for a win, with ``nodes``."""
        search = Search(det, first, Budget(None, self.nodes))
        try:
            search.portfolio(SHARES)
        except Found as found:
            return _first(found.node, first), True, float("inf")
        if search.best is None:
            return None, False, 0.0
        value, node = search.best
        return _first(node, first), False, value


def _first(node, first) -> Action:
    """The decision that leads from ``first`` towards ``node``."""
    while node.parent is not first:
        node = node.parent
    return node.actions[0]


__all__ = ["SearchPolicy", "WIN_VOTE"]
