"""How manorkit shows numbers to a person: exact fraction and percentage for a chance, plain
text for numpy scalars, tuples and sets, a blank for a missing value, HTML tables without stray
index numbers. Used by :class:`~manorkit.dist.Dist` and by the notebook explorers.
"""

from __future__ import annotations

import html
import math
import numbers
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Table", "frame_html", "number", "percent", "plain", "probability", "probability_html",
           "table"]

#: A fraction whose text is longer than this is shown shortened, the exact value in a tooltip.
LONG = 11
#: Shown for a missing value (None, NaN, pandas NA) in a table.
BLANK = ""
TABLE_CSS = "border-collapse:collapse;font-size:12px"
CELL_CSS = "padding:2px 8px;vertical-align:top"


def percent(p: Any) -> str:
    """``p`` as a percentage: one decimal (``37.5%``, ``50%``), three significant figures
    below 0.1 %, ``0%`` and ``100%`` only for exactly 0 and 1."""
    value = float(p) * 100
    if value == 0 or value == 100:
        return f"{value:.0f}%"
    if value < 0.1:
        return f"{value:.3g}%"
    text = f"{value:.1f}%"
    text = {"0.0%": "<0.1%", "100.0%": ">99.9%"}.get(text, text)
    return text.replace(".0%", "%")


def _is_long(p: Fraction) -> bool:
    return len(str(p)) > LONG


def probability(p: Any) -> str:
    """A chance as text: ``3/8 (37.5%)``; a long fraction as ``≈ 0.1234 (12.3%)``."""
    p = Fraction(p)
    if p.denominator == 1:
        return f"{p} ({percent(p)})"
    if _is_long(p):
        return f"≈ {float(p):.4g} ({percent(p)})"
    return f"{p} ({percent(p)})"


def probability_html(p: Any) -> str:
    """:func:`probability` as HTML; a shortened value carries the exact fraction in its
    ``title`` (shown on hover) and ``data-exact`` attributes."""
    p = Fraction(p)
    return (f'<span title="{p}" data-exact="{p}">{html.escape(probability(p))}</span>')


def number(x: Any) -> str:
    """A quantity as text: integers plain, an exact non-integer as ``7/3 ≈ 2.333`` (long
    fractions as ``≈ 2.333``), floats to four significant figures."""
    x = _unwrap(x)
    if isinstance(x, bool):
        return "yes" if x else "no"
    if isinstance(x, Fraction):
        if x.denominator == 1:
            return str(x.numerator)
        return f"≈ {float(x):.4g}" if _is_long(x) else f"{x} ≈ {float(x):.4g}"
    if isinstance(x, float):
        return BLANK if math.isnan(x) else (str(int(x)) if x.is_integer() else f"{x:.4g}")
    return str(x)


def _unwrap(value: Any) -> Any:
    """A numpy scalar as the Python value it holds; anything else unchanged."""
    item = getattr(value, "item", None)
    if item is not None and type(value).__module__ == "numpy":
        return item()
    return value


def _missing(value: Any) -> bool:
    if value is None:
        return True
    try:
        import pandas as pd

        return bool(pd.isna(value)) if not isinstance(value, str | Iterable) else False
    except (TypeError, ValueError):
        return False


def plain(value: Any) -> str:
    """Any table cell as text a person reads: numbers by :func:`number`, tuples, lists and
    sets joined by commas (sets sorted), a (name, count) pair as ``name ×count``, a missing
    value blank; never a numpy or tuple repr."""
    value = _unwrap(value)
    if _missing(value):
        return BLANK
    if isinstance(value, str):
        return value
    if isinstance(value, bool | numbers.Number):
        return number(value)
    if isinstance(value, dict):
        return ", ".join(f"{plain(k)} ×{plain(v)}" if v != 1 else plain(k)
                         for k, v in value.items())
    if isinstance(value, set | frozenset):
        return ", ".join(sorted(plain(v) for v in value))
    if isinstance(value, tuple) and hasattr(value, "_fields"):  # a named tuple
        return ", ".join(f"{f} {plain(v)}" for f, v in zip(value._fields, value, strict=True)
                         if v)
    if isinstance(value, tuple | list):
        return ", ".join(plain(v) for v in value)
    return str(value)


def _cell(value: Any, chance: bool) -> str:
    value = _unwrap(value)
    if chance and not _missing(value) and isinstance(value, numbers.Rational | float):
        return probability_html(Fraction(str(value)) if isinstance(value, float) else value)
    if isinstance(value, Fraction) and _is_long(value) and value.denominator != 1:
        return f'<span title="{value}" data-exact="{value}">{html.escape(number(value))}</span>'
    return html.escape(plain(value))


def table(frame: pd.DataFrame, chances: Iterable[str] = ()) -> pd.DataFrame:
    """``frame`` with every cell as display text (chances in ``chances`` as fraction and
    percentage) and a meaningful index moved into the columns; for export or printing."""
    frame = _indexed(frame)
    chances = set(chances)
    return frame.apply(lambda col: col.map(
        lambda v, c=col.name in chances: probability(v) if c and not _missing(v) else plain(v)))


def _indexed(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with its index as column(s) when it names something, else without it."""
    import pandas as pd

    if isinstance(frame.index, pd.RangeIndex) and frame.index.name is None:
        return frame.reset_index(drop=True)
    names = [n if n is not None else "" for n in frame.index.names]
    out = frame.copy()
    out.index = out.index.set_names(names)
    return out.reset_index()


def _align(column: pd.Series, chance: bool) -> str:
    """Numbers and chances right-aligned, text left-aligned."""
    values = [_unwrap(v) for v in column if not _missing(v)]
    numeric = chance or all(isinstance(v, numbers.Number) and not isinstance(v, bool)
                            for v in values)
    return "right" if values and numeric else "left"


def frame_html(frame: pd.DataFrame, chances: Iterable[str] = (), *,
               max_height: int | None = None, caption: str | None = None) -> str:
    """``frame`` as an HTML table: no stray index numbers, chances in the columns
    ``chances`` as ``3/8 (37.5%)`` (exact value on hover when shortened), no NaN, no numpy
    reprs; with ``max_height`` (pixels) it scrolls through every row."""
    frame = _indexed(frame)
    chances = set(chances)
    align = [_align(frame[c], c in chances) for c in frame.columns]
    head = "".join(f'<th style="{CELL_CSS};text-align:{a}">{html.escape(plain(c))}</th>'
                   for c, a in zip(frame.columns, align, strict=True))
    body = "".join(
        "<tr>" + "".join(f'<td style="{CELL_CSS};text-align:{a}">{_cell(v, c in chances)}</td>'
                         for c, v, a in zip(frame.columns, row, align, strict=True)) + "</tr>"
        for row in frame.itertuples(index=False, name=None))
    cap = f"<caption style='text-align:left'>{html.escape(caption)}</caption>" if caption else ""
    table_html = (f'<table class="mk-table" style="{TABLE_CSS}">{cap}<thead><tr>{head}</tr>'
                  f"</thead><tbody>{body}</tbody></table>")
    if max_height is None:
        return table_html
    return (f'<div class="mk-scroll" style="max-height:{max_height}px;overflow-y:auto">'
            f"{table_html}</div>")


@dataclass(frozen=True)
class Table:
    """A DataFrame to show: ``chances`` names the columns holding probabilities (shown as
    ``3/8 (37.5%)``); with ``max_height`` (pixels) the table scrolls through every row."""

    frame: Any
    chances: tuple[str, ...] = ()
    max_height: int | None = None
    caption: str | None = None

    def html(self) -> str:
        return frame_html(self.frame, self.chances, max_height=self.max_height,
                          caption=self.caption)

    def text(self) -> str:
        """The table as plain text, in the same words as its HTML."""
        return table(self.frame, self.chances).to_string(index=False)

    def __repr__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        return self.html()
