"""Exact answers as rule values vary: :func:`sweep`, :func:`solve` and :func:`compare`.

A *question* is any function of the rules — ``lambda r: deck_at_least("dig", "Key", 3,
rules=r)`` — returning a ``Fraction``, a whole number or a :class:`~manorkit.dist.Dist` (read
as its exact mean). ``over`` maps one or two :class:`~.axes.Axis` (see :mod:`.axes`) to the
values to try; every point is new rules made by edits in memory (or a variant reading), so
each answer is the calculator's exact answer under those rules, not an interpolation.
"""

from __future__ import annotations

import html
import numbers
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import TYPE_CHECKING, Any

from ...dist import Dist
from ..rules import Rules, load_rules
from .axes import Axis

if TYPE_CHECKING:
    import altair as alt
    import pandas as pd

__all__ = ["Solution", "Sweep", "compare", "solve", "sweep"]

#: The frame's column of exact answers, and of the same as floats (for charts).
EXACT, VALUE, RULES = "exact", "value", "rules"


@dataclass(frozen=True)
class Sweep:
    """The exact answers of one question at every point of a sweep.

    ``frame``: a DataFrame with a ``rules`` column (when several rules were compared), one
    column per axis, ``exact`` (``Fraction``) and ``value`` (float). ``answers``: what the
    question returned at each point (a Dist stays a Dist), in the frame's order.
    """

    question: str
    axes: tuple[str, ...]
    frame: pd.DataFrame
    answers: tuple
    several: bool

    def chart(self, title: str | None = None) -> alt.Chart:
        """A line over one axis (a colour per rules compared), a heatmap over two (a panel
        per rules), bars when no axis varies; the exact answer in each tooltip."""
        import altair as alt

        data = self.frame.assign(**{EXACT: self.frame[EXACT].map(str)})
        tip = [*([RULES] if self.several else []), *self.axes, EXACT,
               alt.Tooltip(VALUE, format=".4f")]
        base = alt.Chart(data, title=title or self.question)
        y_title = self.question
        if not self.axes:
            return base.mark_bar().encode(x=alt.X(RULES, title=None),
                                          y=alt.Y(VALUE, title=y_title), tooltip=tip)
        if len(self.axes) == 1:
            x = self._x(self.axes[0])
            chart = base.mark_line(point=True).encode(x=x, y=alt.Y(VALUE, title=y_title),
                                                      tooltip=tip)
            return chart.encode(color=alt.Color(RULES)) if self.several else chart
        a, b = self.axes
        chart = base.mark_rect().encode(
            x=alt.X(f"{a}:O", title=a), y=alt.Y(f"{b}:O", title=b, sort="descending"),
            color=alt.Color(VALUE, title=y_title), tooltip=tip)
        return chart.facet(column=RULES) if self.several else chart

    def _x(self, axis: str):
        import altair as alt

        numeric = all(isinstance(v, numbers.Real) for v in self.frame[axis])
        return alt.X(f"{axis}:{'Q' if numeric else 'N'}", title=axis,
                     axis=alt.Axis(tickMinStep=1) if numeric else alt.Axis())

    def _repr_html_(self) -> str:
        return (f"<div><b>{html.escape(self.question)}</b>"
                f"{self.frame.to_html(index=False)}</div>")


@dataclass(frozen=True)
class Solution:
    """The settings of a sweep whose exact answer reaches ``target``.

    ``setting``: the first one reaching it, in the order the values were given (the
    smallest, for increasing values), as axis label → value, or None if none does;
    ``answer``: its exact answer; ``frame``: every setting that reaches the target;
    ``sweep``: the whole :class:`Sweep`.
    """

    target: Fraction
    reach: str
    setting: Mapping[str, Any] | None
    answer: Fraction | None
    frame: pd.DataFrame
    sweep: Sweep

    @property
    def value(self) -> Any:
        """The value of the one axis at :attr:`setting` (None if nothing reaches)."""
        if len(self.sweep.axes) != 1:
            raise ValueError("value needs a sweep over one axis; read setting instead")
        return None if self.setting is None else self.setting[self.sweep.axes[0]]

    def _repr_html_(self) -> str:
        want = f"{'≥' if self.reach == 'at_least' else '≤'} {self.target}"
        if self.setting is None:
            head = f"No setting reaches {html.escape(want)}."
        else:
            where = ", ".join(f"{k} = {v}" for k, v in self.setting.items())
            head = (f"{html.escape(where)} reaches {html.escape(want)}: "
                    f"{self.answer} ≈ {float(self.answer):.4f}")
        return f"<div><b>{html.escape(self.sweep.question)}</b><p>{head}</p></div>"


def sweep(question: Callable[[Rules], Any], over: Mapping[Axis, Iterable] | None = None, *,
          rules: Rules | Mapping[str, Rules] | None = None, name: str | None = None) -> Sweep:
    """The exact answer of ``question`` at every point of ``over`` (one or two axes, each
    with its values; None for an axis's own values, e.g. a variant's readings).

    ``rules``: the rules the axes edit (default: the shipped rules), or a mapping label →
    rules to sweep each side by side. ``name``: the answer's title (default: the question's
    name). Example — Keys in the Dig deck 0..8 against a Key in 3 digs (§8)::

        sweep(lambda r: deck_at_least("dig", "Key", 3, rules=r),
              over={axes.deck_copies("dig", "Key"): range(9)})
    """
    over = dict(over or {})
    if len(over) > 2:
        raise ValueError(f"a sweep varies one or two rule values, got {len(over)}")
    for axis in over:
        if not isinstance(axis, Axis):
            raise ValueError(f"each key of over must be an Axis (see odds.axes), got {axis!r}")
    values = []
    for axis, given in over.items():
        given = axis.values if given is None else given
        if given is None or isinstance(given, str):
            raise ValueError(f"{axis.label}: expected a list of values to try, got {given!r}")
        values.append(list(given))
        if not values[-1]:
            raise ValueError(f"{axis.label}: no values to try")
    several = isinstance(rules, Mapping)
    bases = dict(rules) if several else {"": load_rules() if rules is None else rules}
    labels = tuple(a.label for a in over)
    if len(set(labels)) != len(labels):
        raise ValueError(f"the axes need different labels, got {labels}")
    rows, answers = [], []
    for label, base in bases.items():
        for point in product(*values):
            edited = base
            for axis, v in zip(over, point, strict=True):
                edited = axis(edited, v)
            answer = question(edited)
            exact = _exact(answer)
            answers.append(answer)
            rows.append({**({RULES: label} if several else {}),
                         **dict(zip(labels, point, strict=True)),
                         EXACT: exact, VALUE: float(exact)})
    import pandas as pd

    columns = [*([RULES] if several else []), *labels, EXACT, VALUE]
    return Sweep(name or _name(question), labels, pd.DataFrame(rows, columns=columns),
                 tuple(answers), several)


def solve(question: Callable[[Rules], Any], target: Fraction | int | str,
          over: Mapping[Axis, Iterable], *, reach: str = "at_least",
          rules: Rules | None = None, name: str | None = None) -> Solution:
    """The settings of ``over`` whose exact answer is at least ``target`` (``reach=
    "at_most"``: at most), and the first of them in the order given — e.g. the fewest Keys
    in the Dig deck that make a Key in 3 digs a coin flip::

        solve(lambda r: deck_at_least("dig", "Key", 3, rules=r), Fraction(1, 2),
              over={axes.deck_copies("dig", "Key"): range(22)}).value

    Every point is computed (no answer is assumed to grow with the value); ``target`` is
    compared exactly (a float is read as its decimal text, 0.5 as 1/2).
    """
    if reach not in ("at_least", "at_most"):
        raise ValueError(f"reach must be 'at_least' or 'at_most', got {reach!r}")
    goal = Fraction(str(target)) if isinstance(target, float) else Fraction(target)
    result = sweep(question, over, rules=rules, name=name)
    frame = result.frame
    hits = frame[frame[EXACT].map(lambda x: x >= goal if reach == "at_least" else x <= goal)]
    if hits.empty:
        return Solution(goal, reach, None, None, hits, result)
    first = hits.iloc[0]
    return Solution(goal, reach, {a: first[a] for a in result.axes}, first[EXACT], hits,
                    result)


def compare(question: Callable[[Rules], Any], *rules: Rules | Mapping[str, Rules],
            over: Mapping[Axis, Iterable] | None = None, name: str | None = None) -> Sweep:
    """The same question under several rules side by side: ``compare(q, shipped, mine)``
    or ``compare(q, {"shipped": a, "mine": b})``, at one point or over a sweep's axes.
    Unnamed rules are labelled by what they change (``shipped`` for none)."""
    if len(rules) == 1 and isinstance(rules[0], Mapping):
        named = dict(rules[0])
    else:
        named = {}
        for r in rules:
            label = describe(r)
            named[label if label not in named else f"{label} ({len(named) + 1})"] = r
    if len(named) < 2:
        raise ValueError("compare needs two rules or more")
    return sweep(question, over, rules=named, name=name)


def describe(rules: Rules) -> str:
    """A short label of what ``rules`` change from the shipped defaults."""
    parts = [f"{k}={v}" for k, v in rules.changed.items()]
    parts += [f"{e.row} {e.field}={e.value}" for e in rules.edits
              if not (e.file == "decks.csv" and e.field == "declared_size")]
    if rules.path != load_rules().path:
        parts.insert(0, str(rules.path.name))
    return ", ".join(parts) or "shipped"


def _exact(answer: Any) -> Fraction:
    if isinstance(answer, Dist):
        return Fraction(answer.mean())
    if isinstance(answer, bool) or not isinstance(answer, numbers.Rational):
        raise ValueError(f"a question must return a Fraction, a whole number or a Dist "
                         f"(exact), got {answer!r}")
    return Fraction(answer)


def _name(question: Callable) -> str:
    name = getattr(question, "__name__", "")
    return "answer" if not name or name == "<lambda>" else name.replace("_", " ")
