"""Confidence intervals for simulated tables: a proportion (Wilson), a mean (Student's t) and
a paired difference of means (the same seeds under two rule sets)."""

from __future__ import annotations

import math
from collections.abc import Sequence

#: The confidence level of every interval here.
LEVEL = 0.95


def _z(level: float) -> float:
    from scipy.stats import norm

    return float(norm.ppf(0.5 + level / 2))


def wilson(successes: int, n: int, level: float = LEVEL) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / n``; ``(nan, nan)`` if n = 0.

    Unlike the normal interval it stays inside [0, 1] and is not empty at 0 or n successes.
    """
    if not 0 <= successes <= n:
        raise ValueError(f"successes must be 0 to n={n}, got {successes!r}")
    if n == 0:
        return (math.nan, math.nan)
    z = _z(level)
    p, z2 = successes / n, z * z / n
    centre = (p + z2 / 2) / (1 + z2)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n)) / (1 + z2)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    return (low, 1.0 if successes == n else min(1.0, centre + half))


def mean_interval(values: Sequence[float], level: float = LEVEL) -> tuple[float, float, float]:
    """``(mean, low, high)``: Student's t interval of the mean of ``values`` (the low and high
    are the mean itself when every value is equal, nan for fewer than two values)."""
    import numpy as np
    from scipy.stats import t

    x = np.asarray(values, dtype=float)
    if len(x) == 0:
        return (math.nan, math.nan, math.nan)
    mean = float(x.mean())
    if len(x) < 2:
        return (mean, math.nan, math.nan)
    half = float(t.ppf(0.5 + level / 2, len(x) - 1) * x.std(ddof=1) / math.sqrt(len(x)))
    return (mean, mean - half, mean + half)


def paired_interval(a: Sequence[float], b: Sequence[float],
                    level: float = LEVEL) -> tuple[float, float, float]:
    """``(mean, low, high)`` of ``b - a`` day by day: the effect of a change measured on the
    same seeds, whose shared luck cancels, so the interval is narrower than for two
    independent samples."""
    import numpy as np

    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if a.shape != b.shape:
        raise ValueError(f"paired samples must have the same length, got {len(a)} and {len(b)}")
    return mean_interval(b - a, level)
