"""Charts of simulated estimates with their intervals (altair, loaded when drawn)."""

from __future__ import annotations


def interval_chart(frame, x: str, estimate: str, low: str, high: str, *, title: str,
                   x_title: str, y_title: str, color: str | None = None,
                   horizontal: bool = False):
    """Points at ``estimate`` with error bars from ``low`` to ``high``, one per row of
    ``frame``, by category ``x`` (coloured by ``color``; ``horizontal`` puts the categories
    on the y axis, in the frame's order)."""
    import altair as alt

    cat = alt.X if not horizontal else alt.Y
    val, val2 = (alt.Y, alt.Y2) if not horizontal else (alt.X, alt.X2)
    order = list(dict.fromkeys(frame[x]))
    enc = {"tooltip": [x, estimate, low, high] + ([color] if color else [])}
    if color:
        enc["color"] = alt.Color(f"{color}:N", title=color.replace("_", " "))
    base = alt.Chart(frame).encode(cat(f"{x}:N", title=x_title, sort=order), **enc)
    points = base.mark_point(filled=True, size=60).encode(
        val(f"{estimate}:Q", title=y_title, scale=alt.Scale(zero=False)))
    bars = base.mark_rule().encode(val(f"{low}:Q"), val2(f"{high}:Q"))
    return (bars + points).properties(title=title)
