"""Simulated tables as a person reads them (any game): an estimate and its interval in one
cell, a rate as ``0.8% (0.2–2.1%)``, a mean as ``4.23 (4.01–4.45)``, a paired change as
``+0.12 (-0.05 to +0.29)``, columns named in words. The DataFrames that code uses keep their
machine names (``win_rate``, ``win_rate_low``, ``win_rate_high`` …); this is a view of one.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING

from ..display import percent

if TYPE_CHECKING:
    import pandas as pd

#: The suffixes of an estimate's interval columns.
LOW, HIGH = "_low", "_high"


def _missing(x) -> bool:
    return x is None or (isinstance(x, float) and math.isnan(x))


def amount(x, *, rate: bool = False, signed: bool = False) -> str:
    """One number: a rate as a percentage (``0.8%``), else three significant figures;
    ``signed`` writes ``+`` before a gain."""
    if _missing(x):
        return ""
    x = float(x)
    if rate:
        text = percent(abs(x))
        return text if not signed else ("-" if x < 0 else "+") + text
    return f"{x:+.3g}" if signed else f"{x:.3g}"


def estimate(value, low=None, high=None, *, rate: bool = False, change: bool = False) -> str:
    """An estimate with its interval: ``0.8% (0.2–2.1%)``, ``4.23 (4.01–4.45)``, or for a
    ``change`` ``+0.12 (-0.05 to +0.29)``."""
    shown = amount(value, rate=rate, signed=change)
    if _missing(low) or _missing(high):
        return shown
    lo, hi = amount(low, rate=rate, signed=change), amount(high, rate=rate, signed=change)
    if change:
        return f"{shown} ({lo} to {hi})"
    if rate:
        lo = lo.removesuffix("%")
    return f"{shown} ({lo}–{hi})"


def readable(frame: pd.DataFrame, words: Mapping[str, str], rates: Collection[str] = (),
             level: float = 0.95) -> pd.DataFrame:
    """``frame`` as text: each column with ``_low`` and ``_high`` partners becomes one
    column, "estimate (interval)", headed ``words[column]`` and the interval's level;
    columns in ``rates`` read as percentages (and a change of a rate), true and false as yes
    and no; a column ``words`` does not name keeps its name, in words."""
    import pandas as pd

    out = {}
    for col in frame.columns:
        if col.endswith((LOW, HIGH)) and col.rsplit("_", 1)[0] in frame.columns:
            continue
        name = words.get(col, col.replace("_", " "))
        values = frame[col]
        rate, change = col in rates, col.endswith("_change")
        if f"{col}{LOW}" in frame.columns and f"{col}{HIGH}" in frame.columns:
            out[f"{name} ({level:.0%})"] = [
                estimate(v, lo, hi, rate=rate, change=change)
                for v, lo, hi in zip(values, frame[f"{col}{LOW}"], frame[f"{col}{HIGH}"],
                                     strict=True)]
        elif values.dtype == bool:
            out[name] = values.map({True: "yes", False: "no"})
        elif rate:
            out[name] = [amount(v, rate=True, signed=change) for v in values]
        else:
            out[name] = values
    return pd.DataFrame(out, index=frame.index)
