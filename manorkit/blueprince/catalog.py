"""Browsing the catalog: room filters and deck charts (the live room browser is
:func:`manorkit.blueprince.explore.catalog`)."""

from __future__ import annotations

from collections.abc import Iterable

import altair as alt
import pandas as pd

from .rules import Rules


def filter_rooms(
    rooms: pd.DataFrame,
    colours: Iterable[str] = (),
    categories: Iterable[str] = (),
    max_cost: int | None = None,
    doors: Iterable[int] = (),
    tag: str = "",
) -> pd.DataFrame:
    """Rooms with any of ``colours``, in any of ``categories``, costing at most ``max_cost``
    gems, with a door count in ``doors`` and a tag containing ``tag`` (empty = no filter)."""
    colours, categories, doors = set(colours), set(categories), set(doors)
    keep = pd.Series(True, index=rooms.index)
    if colours:
        keep &= rooms["colours"].map(lambda cs: bool(colours & set(cs)))
    if categories:
        keep &= rooms["category"].isin(categories)
    if max_cost is not None:
        keep &= rooms["gem_cost"] <= max_cost
    if doors:
        keep &= rooms["doors"].isin(doors)
    if tag:
        keep &= rooms["tags"].map(lambda ts: any(tag.lower() in t for t in (ts or ())))
    return rooms[keep]


def deck_chart(rules: Rules, deck: str) -> alt.Chart:
    """A bar chart of a deck's composition, with each card's share of the deck."""
    counts = rules.deck(deck)
    frame = pd.DataFrame({"card": counts.index, "copies": counts.values})
    frame["share"] = frame["copies"] / frame["copies"].sum()
    title = rules.decks.loc[deck, "title"]
    return (
        alt.Chart(frame, title=f"{title} ({int(counts.sum())} cards)")
        .mark_bar()
        .encode(
            x=alt.X("copies:Q", axis=alt.Axis(title="copies", format="d", tickMinStep=1)),
            y=alt.Y("card:N", sort="-x", title=None),
            tooltip=["card", "copies", alt.Tooltip("share:Q", format=".1%")],
        )
    )
