"""Exact discrete probability distributions: ``Dist`` maps outcomes to ``Fraction`` probabilities.

A lean counterpart of icepool's ``Die`` built on plain dicts. Probabilities are exact and sum
to exactly 1. Operations that build a new distribution work on integer weights over a common
denominator and reduce to Fractions once, which keeps convolution fast.
"""

from __future__ import annotations

import math
import numbers
import operator
import random
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from functools import reduce
from itertools import accumulate
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import altair as alt
    import pandas as pd

__all__ = ["Dist", "sum_of"]

_ZERO = Fraction(0)
_ONE = Fraction(1)


def _fraction(value: Any) -> Fraction:
    """``value`` as a Fraction; a float is read by its shortest repr, so ``0.1`` gives 1/10."""
    return Fraction(str(value) if isinstance(value, float) else value)


def _sorted_items(pmf: dict[Hashable, Fraction]) -> tuple[tuple[Hashable, Fraction], ...]:
    """The items of ``pmf`` sorted by outcome, or by ``repr(outcome)`` if outcomes don't compare."""
    items = list(pmf.items())
    try:
        items.sort(key=operator.itemgetter(0))
    except TypeError:
        items.sort(key=lambda item: repr(item[0]))
    return tuple(items)


class Dist:
    """An immutable, exact probability distribution over hashable outcomes.

    Iterating yields ``(outcome, probability)`` pairs in outcome order. Two distributions are
    equal when their pmfs are equal; equal distributions hash equally.
    """

    __slots__ = ("_items", "_pmf", "_hash", "_cumulative")

    _items: tuple[tuple[Hashable, Fraction], ...]
    _pmf: dict[Hashable, Fraction]
    _hash: int | None
    _cumulative: list[float] | None

    def __init__(self, weights: Mapping[Hashable, Any]) -> None:
        """Normalise ``weights`` (outcome → non-negative weight) to probabilities summing to 1.

        A weight is anything ``Fraction()`` accepts; a float is read by its shortest repr
        (``0.1`` → 1/10). Zero-weight outcomes are dropped. Raises ValueError for a negative
        weight or a zero total.
        """
        fractions = {outcome: _fraction(w) for outcome, w in weights.items()}
        negative = [outcome for outcome, f in fractions.items() if f < 0]
        if negative:
            raise ValueError(f"negative weight for outcome(s) {negative!r}")
        denominator = math.lcm(*(f.denominator for f in fractions.values()))
        self._init({o: f.numerator * (denominator // f.denominator) for o, f in fractions.items()})

    def _init(self, weights: dict[Hashable, int]) -> None:
        """Set the state from non-negative integer ``weights``; ValueError if they total 0."""
        total = sum(weights.values())
        if total <= 0:
            raise ValueError("total weight must be positive")
        shared: dict[int, Fraction] = {}  # one Fraction per distinct weight (many repeat)
        pmf = {}
        for outcome, w in weights.items():
            if w:
                p = shared.get(w)
                if p is None:
                    p = shared[w] = Fraction(w, total)
                pmf[outcome] = p
        object.__setattr__(self, "_pmf", pmf)
        object.__setattr__(self, "_items", _sorted_items(pmf))
        object.__setattr__(self, "_hash", None)  # computed when first asked for
        object.__setattr__(self, "_cumulative", None)

    @classmethod
    def _from_weights(cls, weights: dict[Hashable, int]) -> Dist:
        """A Dist from integer ``weights`` already known to be non-negative."""
        dist = cls.__new__(cls)
        dist._init(weights)
        return dist

    def _weights(self) -> dict[Hashable, int]:
        """Integer weights over the least common denominator of the probabilities."""
        if len(self._items) == 1:
            return {self._items[0][0]: 1}
        denominator = math.lcm(*(p.denominator for _, p in self._items))
        return {o: p.numerator * (denominator // p.denominator) for o, p in self._items}

    # Constructors ----------------------------------------------------------------------------

    @classmethod
    def uniform(cls, outcomes: Iterable[Hashable]) -> Dist:
        """Each item of ``outcomes`` equally likely; a repeated item counts once per repeat."""
        counts: dict[Hashable, int] = {}
        for outcome in outcomes:
            counts[outcome] = counts.get(outcome, 0) + 1
        return cls._from_weights(counts)

    @classmethod
    def constant(cls, outcome: Hashable) -> Dist:
        """``outcome`` with probability 1."""
        dist = cls.__new__(cls)
        object.__setattr__(dist, "_pmf", {outcome: _ONE})
        object.__setattr__(dist, "_items", ((outcome, _ONE),))
        object.__setattr__(dist, "_hash", None)
        object.__setattr__(dist, "_cumulative", None)
        return dist

    @classmethod
    def from_counts(cls, counts: Mapping[Hashable, int]) -> Dist:
        """A die with ``counts[face]`` copies of each face, e.g. ``{"OPEN": 4, "LOCKED": 2}``.

        Raises ValueError unless every count is a non-negative integer and some count is positive.
        """
        if not all(type(c) is int or isinstance(c, numbers.Integral) for c in counts.values()):
            raise ValueError(f"counts must be integers: {dict(counts)!r}")
        weights = {outcome: int(c) for outcome, c in counts.items()}
        negative = [outcome for outcome, w in weights.items() if w < 0]
        if negative:
            raise ValueError(f"negative weight for outcome(s) {negative!r}")
        return cls._from_weights(weights)

    @classmethod
    def bernoulli(cls, p: Any) -> Dist:
        """True with probability ``p``, else False; ValueError unless 0 ≤ p ≤ 1."""
        p = _fraction(p)
        if not 0 <= p <= 1:
            raise ValueError(f"p must be between 0 and 1, got {p}")
        return cls({True: p, False: 1 - p})

    @classmethod
    def mixture(cls, components: Iterable[tuple[Any, Dist]]) -> Dist:
        """Choose a component with probability proportional to its weight, then draw from it.

        ``components`` holds ``(weight, dist)`` pairs. Raises ValueError for a negative weight
        or a zero total.
        """
        weighted = [(_fraction(w), dist) for w, dist in components]
        if any(w < 0 for w, _ in weighted):
            raise ValueError("mixture weights must be non-negative")
        # Integer weights over one common denominator; Fractions only in the result.
        terms = []
        for w, dist in weighted:
            weights = dist._weights()
            terms.append((w.numerator, w.denominator * sum(weights.values()), weights))
        denominator = math.lcm(*(den for _, den, _ in terms))
        out: dict[Hashable, int] = {}
        for numerator, den, weights in terms:
            scale = numerator * (denominator // den)
            for outcome, x in weights.items():
                out[outcome] = out.get(outcome, 0) + scale * x
        return cls._from_weights(out)

    # Container protocol ----------------------------------------------------------------------

    @property
    def pmf(self) -> dict[Hashable, Fraction]:
        """A fresh dict outcome → probability, in outcome order."""
        return dict(self._items)

    @property
    def outcomes(self) -> tuple[Hashable, ...]:
        """The outcomes with positive probability, in order."""
        return tuple(outcome for outcome, _ in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[tuple[Hashable, Fraction]]:
        return iter(self._items)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Dist):
            return NotImplemented
        return self._pmf == other._pmf

    def __hash__(self) -> int:
        if self._hash is None:
            object.__setattr__(self, "_hash", hash(frozenset(self._pmf.items())))
        return self._hash

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Dist is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Dist is immutable")

    def __reduce__(self) -> tuple[type[Dist], tuple[dict[Hashable, Fraction]]]:
        return type(self), (self._pmf,)

    # Probabilities and moments ---------------------------------------------------------------

    def p(self, x: Hashable | Callable[[Any], bool]) -> Fraction:
        """P[X = x]; or, when ``x`` is callable, P[x(X)] (the probability of the event)."""
        if callable(x):
            return sum((p for outcome, p in self._items if x(outcome)), _ZERO)
        return self._pmf.get(x, _ZERO)

    def cdf(self, x: Any) -> Fraction:
        """P[X ≤ x]."""
        return sum((p for outcome, p in self._items if outcome <= x), _ZERO)

    def at_most(self, x: Any) -> Fraction:
        """P[X ≤ x]; the same as ``cdf``."""
        return self.cdf(x)

    def at_least(self, x: Any) -> Fraction:
        """P[X ≥ x]."""
        return sum((p for outcome, p in self._items if outcome >= x), _ZERO)

    def mean(self) -> Any:
        """E[X]: a Fraction for int, bool or Fraction outcomes."""
        return sum(outcome * p for outcome, p in self._items)

    def variance(self) -> Any:
        """E[(X - E[X])²]: a Fraction for int, bool or Fraction outcomes."""
        mu = self.mean()
        return sum(p * (outcome - mu) ** 2 for outcome, p in self._items)

    def sd(self) -> float:
        """The standard deviation, as a float."""
        return math.sqrt(self.variance())

    # Transformations -------------------------------------------------------------------------

    def map(self, f: Callable[[Any], Hashable]) -> Dist:
        """The distribution of ``f(X)``; outcomes with equal images merge."""
        out: dict[Hashable, int] = {}
        for outcome, w in self._weights().items():
            image = f(outcome)
            out[image] = out.get(image, 0) + w
        return Dist._from_weights(out)

    def given(self, pred: Callable[[Any], bool]) -> Dist:
        """The distribution of X conditioned on ``pred(X)``; ValueError if P[pred(X)] = 0."""
        kept = {outcome: w for outcome, w in self._weights().items() if pred(outcome)}
        if not kept:
            raise ValueError("cannot condition on an event of probability 0")
        return Dist._from_weights(kept)

    def combine(self, other: Dist, f: Callable[[Any, Any], Hashable]) -> Dist:
        """The distribution of ``f(X, Y)`` for X ~ self and Y ~ other independent."""
        out: dict[Hashable, int] = {}
        other_weights = other._weights().items()
        for x, wx in self._weights().items():
            for y, wy in other_weights:
                z = f(x, y)
                out[z] = out.get(z, 0) + wx * wy
        return Dist._from_weights(out)

    def __add__(self, other: Dist | numbers.Number) -> Dist:
        """``X + Y`` for an independent Dist ``Y`` (convolution), or X shifted by a number."""
        if isinstance(other, Dist):
            return self.combine(other, operator.add)
        if isinstance(other, numbers.Number):
            return self.map(lambda outcome: outcome + other)
        return NotImplemented

    def __radd__(self, other: numbers.Number) -> Dist:
        if isinstance(other, numbers.Number):
            return self.map(lambda outcome: other + outcome)
        return NotImplemented

    def repeat_sum(self, n: int) -> Dist:
        """The sum of ``n`` independent copies (binary exponentiation); constant 0 when n = 0."""
        n = operator.index(n)
        if n < 0:
            raise ValueError(f"n must be non-negative, got {n}")
        result, power = Dist.constant(0), self
        while n:
            if n & 1:
                result = result + power
            n >>= 1
            if n:
                power = power + power
        return result

    # Sampling --------------------------------------------------------------------------------

    def sample(self, rng: random.Random, n: int | None = None) -> Any:
        """One outcome drawn with ``rng`` or, given ``n``, a list of ``n`` outcomes.

        Compares ``rng.random()`` with the exact cumulative probabilities rounded to floats, so
        a seeded ``rng`` gives reproducible draws.
        """
        if self._cumulative is None:
            cumulative = [float(c) for c in accumulate(p for _, p in self._items)]
            object.__setattr__(self, "_cumulative", cumulative)
        draws = rng.choices(self.outcomes, cum_weights=self._cumulative, k=1 if n is None else n)
        return draws[0] if n is None else draws

    # Display ---------------------------------------------------------------------------------

    def to_frame(self, name: str = "outcome") -> pd.DataFrame:
        """A DataFrame in outcome order with columns ``name``, ``p`` (exact Fraction, object),
        ``probability`` (float) and, when every outcome is a real number, ``cdf`` (float).
        """
        import pandas as pd

        if name in ("p", "probability", "cdf"):
            raise ValueError(f"name {name!r} clashes with a column name")
        probabilities = [p for _, p in self._items]
        columns: dict[str, Any] = {
            name: list(self.outcomes),
            "p": pd.Series(probabilities, dtype=object),
            "probability": [float(p) for p in probabilities],
        }
        if all(isinstance(outcome, numbers.Real) for outcome in self.outcomes):
            columns["cdf"] = [float(c) for c in accumulate(probabilities)]
        return pd.DataFrame(columns)

    def _repr_html_(self) -> str:
        """A table of outcome and chance (``3/8 (37.5%)``; exact value on hover if long)."""
        import pandas as pd

        from .display import frame_html, plain

        frame = pd.DataFrame({"outcome": [plain(o) for o in self.outcomes],
                              "chance": [p for _, p in self._items]})
        return frame_html(frame, chances=("chance",))

    def __repr__(self) -> str:
        body = ", ".join(f"{outcome!r}: {p}" for outcome, p in self._items)
        return f"{type(self).__name__}({{{body}}})"

    def chart(self, title: str | None = None, outcome: str = "outcome") -> alt.Chart:
        """An Altair bar chart of the chance of each outcome; tooltips show the exact fraction.

        ``outcome`` titles the outcome axis in words ("locked doors"). Outcomes that are not
        int or float are labelled as text (:func:`manorkit.display.plain`).
        """
        import altair as alt
        import pandas as pd

        from .display import plain

        labels = [
            o if isinstance(o, int | float) and not isinstance(o, bool) else plain(o)
            for o in self.outcomes
        ]
        short = len(labels) <= 12 and all(len(str(label)) <= 8 for label in labels)
        data = pd.DataFrame(
            {
                "outcome": labels,
                "p": [str(p) for _, p in self._items],
                "probability": [float(p) for _, p in self._items],
            }
        )
        chart = (
            alt.Chart(data)
            .mark_bar()
            .encode(
                x=alt.X("outcome:O", sort=labels, title=outcome,
                        axis=alt.Axis(labelAngle=0 if short else -30, labelLimit=200)),
                y=alt.Y("probability:Q", title="chance", axis=alt.Axis(format="%")),
                tooltip=[
                    alt.Tooltip("outcome:O", title=outcome),
                    alt.Tooltip("p:N", title="exact"),
                    alt.Tooltip("probability:Q", title="chance", format=".2%"),
                ],
            )
        )
        return chart if title is None else chart.properties(title=title)


def sum_of(dists: Iterable[Dist]) -> Dist:
    """The sum of independent distributions; constant 0 for an empty iterable."""
    return reduce(operator.add, dists, Dist.constant(0))
