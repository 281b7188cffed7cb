"""Single numbers the rulebook states in prose, read from ``tables/numbers.csv``."""

from __future__ import annotations

from ..rules import Rules


def number(rules: Rules, name: str) -> int:
    """The value of ``name`` in ``tables/numbers.csv`` (e.g. ``draw`` = 3, §4 Step 2)."""
    known = rules._numbers  # kept per rules value as first read
    if name in known:
        return known[name]
    rows = rules.rows("tables/numbers.csv")
    if name not in rows:
        raise KeyError(f"tables/numbers.csv has no row {name!r}; rows: {', '.join(rows)}")
    known[name] = value = int(rows[name]["value"])
    return value
