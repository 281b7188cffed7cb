"""A determinized day: every chance outcome of a seeded day fixed in advance.

A random step of the engine is one of a few *streams*, named by its label (``"tile drawn"``,
``"lock roll"``, ``"orientation"``, ``"dig card"``, ``"special_items card"``, ``"trunk
roll"`` ...: what :class:`~manorkit.blueprince.engine.Chance` records). The ``k``-th event
of a stream in a day is resolved by the ``k``-th number of that stream, a 53-bit integer
``u`` drawn from ``random.Random(f"{seed}:{label}")``: among the step's outcomes in the
engine's own order with their integer weights (``total`` in all), it picks the one whose
running total the number ``u * total >> 53`` falls under, exactly as the engine samples
(``pending.pick``). So what is fixed, whatever the player does:

- the ``k``-th lock roll of the day (on whichever door and die it falls), the ``k``-th roll
  of each purpose (trunk, spawn, puzzle room ...), the ``k``-th orientation;
- the ``k``-th card of each deck: a deck changes only by its own draws, so the cards it
  deals come in one fixed order, reshuffles included, as from a shuffled pile;
- the ``k``-th tile drawn takes the ``u``-th place of the Active Bag *as it stands then* (its
  tiles in name order, each as often as it has copies): the bag is shaken before every draw,
  so which tile that is depends on which tiles the player has placed, returned or added.

Every outcome keeps its exact chance whatever the player does without seeing the numbers
(a policy that does not read them meets each step with a fresh uniform number, to within
2⁻⁵³), so the share of days a clairvoyant can win bounds from above the chance that any
player wins. A determinized day is only a way to answer ``resolve()``: its outcomes are
ordinary :class:`Chance` actions, and a line played with them replays anywhere with
``State.from_json`` or ``engine.script``.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import accumulate

from ..engine.actions import Chance
from ..engine.pending import pick

#: Bits of each stream's numbers.
BITS = 53


class _Fixed:
    """A stand-in for ``random.Random`` whose ``randrange(n)`` answers ``u * n >> BITS``."""

    __slots__ = ("u",)

    def __init__(self, u: int) -> None:
        self.u = u

    def randrange(self, n: int) -> int:
        return (self.u * n) >> BITS


class Determinization:
    """The chance of the day with seed ``seed`` fixed in advance (see the module)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._numbers: dict[str, list[int]] = {}
        self._makers: dict[str, random.Random] = {}

    def __repr__(self) -> str:
        return f"Determinization(seed={self.seed})"

    def number(self, label: str, k: int) -> int:
        """The ``k``-th number (from 0) of stream ``label``."""
        numbers = self._numbers.get(label)
        if numbers is None:
            numbers = self._numbers[label] = []
            self._makers[label] = random.Random(f"{self.seed}:{label}")
        maker = self._makers[label]
        while len(numbers) <= k:
            numbers.append(maker.getrandbits(BITS))
        return numbers[k]

    def outcome(self, state, counts: dict | None = None) -> Chance:
        """The outcome of ``state``'s pending random step: the step of stream ``label``
        that is the ``counts[label]``-th of the day (default: counted in the state's
        history)."""
        step = state.pending[0]
        label = step.label()
        if counts is None:
            k = sum(1 for a in state.history if type(a) is Chance and a.label == label)
        else:
            k = counts.get(label, 0)
        weights = step.weights(state)
        value = pick(list(weights), list(accumulate(weights.values())),
                     _Fixed(self.number(label, k)))
        return Chance(value, label)

    def resolve(self, state):
        """``state`` with its pending random step resolved as this day fixes it."""
        return state.apply(self.outcome(state))

    def settle(self, state):
        """``state`` with random steps resolved until a decision or the end of the day."""
        while state.is_chance and not state.is_over:
            state = self.resolve(state)
        return state


def counts_of(history) -> Counter:
    """How many events of each stream a history holds."""
    return Counter(a.label for a in history if type(a) is Chance)


__all__ = ["BITS", "Determinization", "counts_of"]
