"""Browsing the catalog: room filters, an ipywidgets room browser, deck charts."""

from __future__ import annotations

from collections.abc import Iterable

import altair as alt
import ipywidgets as widgets
import pandas as pd
from IPython.display import display

from .rules import Rules
from .schema import CATEGORIES, COLOURS


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


def room_browser(rules: Rules, columns: tuple[str, ...] = (
        "category", "colours", "gem_cost", "doors", "shape", "placement", "tags", "effect",
        "source")) -> widgets.VBox:
    """Widgets that filter ``rules.rooms`` live: colour, category, cost, doors, tag."""
    rooms = rules.rooms
    colour = widgets.SelectMultiple(options=COLOURS, description="colours", rows=7)
    category = widgets.SelectMultiple(options=CATEGORIES, value=("core",),
                                      description="category", rows=7)
    cost = widgets.IntSlider(value=int(rooms["gem_cost"].max()), min=0,
                             max=int(rooms["gem_cost"].max()), description="max gems")
    door = widgets.SelectMultiple(options=(1, 2, 3, 4), description="doors", rows=4)
    tag = widgets.Text(description="tag", placeholder="e.g. shop")
    count = widgets.HTML()
    out = widgets.Output()

    def refresh(_=None) -> None:
        shown = filter_rooms(rooms, colour.value, category.value, cost.value, door.value,
                             tag.value)
        count.value = f"<b>{len(shown)}</b> of {len(rooms)} rooms"
        out.outputs = ()  # clear without a wait message (safe under nbclient)
        with out:
            display(shown[list(columns)])

    for w in (colour, category, cost, door, tag):
        w.observe(refresh, names="value")
    refresh()
    controls = widgets.HBox([colour, category, widgets.VBox([cost, door, tag])])
    return widgets.VBox([controls, count, out])


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
            x=alt.X("copies:Q", title="copies"),
            y=alt.Y("card:N", sort="-x", title=None),
            tooltip=["card", "copies", alt.Tooltip("share:Q", format=".1%")],
        )
    )
