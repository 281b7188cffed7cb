"""A grid of settings: every combination of each axis's values, each a labelled cell."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Cell:
    """One combination: ``settings`` pairs each axis (as given) with its value, ``labels``
    each axis name with the value's label, both in the grid's axis order."""

    settings: tuple[tuple[object, object], ...]
    labels: tuple[tuple[str, str], ...]


def axis_name(axis: object) -> str:
    """A column name for ``axis``: a string itself, else its ``name`` or ``__name__``."""
    if isinstance(axis, str):
        return axis
    name = getattr(axis, "name", None) or getattr(axis, "__name__", None)
    if not isinstance(name, str):
        raise TypeError(f"a grid axis must be a string or a named callable, got {axis!r}")
    return name


def label(value: object) -> str:
    """A value's label in a table: its text, or ``"a=1, b=2"`` for a mapping."""
    if isinstance(value, Mapping):
        return ", ".join(f"{k}={v}" for k, v in value.items())
    return str(value)


def cells(grid: Mapping[object, object]) -> list[Cell]:
    """Every combination of ``grid``'s axes, the first axis varying slowest. Each axis maps
    to a list of values or to a mapping ``label -> value``."""
    if not grid:
        raise ValueError("a grid needs at least one axis")
    axes = []
    for axis, values in grid.items():
        pairs = list(values.items()) if isinstance(values, Mapping) else \
            [(label(v), v) for v in values]
        if not pairs:
            raise ValueError(f"grid axis {axis_name(axis)!r} has no values")
        axes.append([(axis, axis_name(axis), lab, v) for lab, v in pairs])
    names = [a[0][1] for a in axes]
    if len(set(names)) != len(names):
        raise ValueError(f"two grid axes share a name: {names}")
    return [Cell(tuple((a, v) for a, _, _, v in combo), tuple((n, lab) for _, n, lab, _ in combo))
            for combo in itertools.product(*axes)]
