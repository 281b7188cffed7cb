"""Pictures of a game: each player's Sketch Sheet as SVG, the Market and the Reserve."""

from __future__ import annotations

import html

from ..castle import Sketch, beyond

COLOURS = {"Food": "#f2c94c", "Sleeping": "#9b6fc3", "Downstairs": "#8a8a8a",
           "Living": "#d9534f", "Activity": "#f0913a", "Utility": "#8d6e4f",
           "Outdoor": "#5cb85c", "": "#ffffff"}
MOAT = "#40c4c4"
CELL = 18


def sketch_svg(sketch: Sketch, name: str, completed=frozenset()) -> str:
    """One Sketch Sheet: the map, the lot (dashed), Rooms in their colours (a complete Room
    outlined black), Moats, entrances (open: a gap; connected: green) and passages."""
    e = sketch.lot.edge
    size = (2 * e + 1) * CELL

    def xy(c):
        return (c[0] + e) * CELL, (c[1] + e) * CELL
    parts = [f'<rect width="{size}" height="{size}" fill="#fafafa" stroke="#ccc"/>']
    west, east, north, south = sketch.bounds()
    x0, y0 = xy((west, north))
    parts.append(f'<rect x="{x0}" y="{y0}" width="{(east - west + 1) * CELL}" '
                 f'height="{(south - north + 1) * CELL}" fill="none" stroke="#999" '
                 'stroke-dasharray="4 3"/>')
    for k, moat in enumerate(sketch.moats):
        for c in moat:
            x, y = xy(c)
            parts.append(f'<rect class="moat" data-moat="{k}" x="{x}" y="{y}" width="{CELL}" '
                         f'height="{CELL}" fill="{MOAT}"/>')
    for i, room in enumerate(sketch.rooms):
        label = "Foyer" if room.card is None else str(room.card)
        stroke = "#000" if i in completed else "#777"
        for c in room.cells:
            x, y = xy(c)
            parts.append(f'<rect class="room" data-room="{html.escape(label)}" data-index="{i}"'
                         f' x="{x}" y="{y}" width="{CELL}" height="{CELL}" '
                         f'fill="{COLOURS.get(room.kind, "#eee")}" stroke="{stroke}" '
                         'stroke-width="0.6"/>')
    marks = {"open": "#ffffff", "blocked": "#b00020", "connected": "#2e7d32",
             "filled": None, "passage": "#222"}
    for wall, how in sketch.doors_drawn():
        colour = marks[how]
        if colour:
            parts.append(_mark(wall, e, colour))
    for p in sketch.passages:
        parts.append(_mark(p, e, "#222", wide=True))
        if beyond(p) not in sketch.owner:
            x, y = xy(beyond(p))
            parts.append(f'<circle cx="{x + CELL / 2}" cy="{y + CELL / 2}" r="2" fill="#222"/>')
    return (f'<svg class="ludwig-sketch" data-player="{html.escape(name)}" '
            f'xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
            f'viewBox="0 0 {size} {size}">{"".join(parts)}</svg>')


def _mark(wall, e: int, colour: str, wide: bool = False) -> str:
    x, y, side = wall
    px, py = (x + e) * CELL, (y + e) * CELL
    w = 4 if wide else 3
    a, b = CELL * 0.3, CELL * 0.4
    if side in "NS":
        yy = py if side == "N" else py + CELL
        return (f'<rect class="door" x="{px + a}" y="{yy - w / 2}" width="{b}" height="{w}" '
                f'fill="{colour}"/>')
    xx = px if side == "W" else px + CELL
    return (f'<rect class="door" x="{xx - w / 2}" y="{py + a}" width="{w}" height="{b}" '
            f'fill="{colour}"/>')


def _cards(cards) -> str:
    return ", ".join(html.escape(str(c)) for c in cards) or "none"


def state_html(state) -> str:
    """The table: Market, Reserve, Favors and every player's sheet (the one to act first)."""
    head = (f"<p><b>Round {state.round}</b> · Market: {_cards(state.market)} · "
            f"Reserve: {len(state.reserve)} cards · King's Favors: "
            f"{html.escape(', '.join(state.favors)) or 'none'}</p>")
    if state.held is not None:
        head += f"<p>Sketching: <b>{html.escape(str(state.held))}</b></p>"
    sheets = []
    for s in sorted(state.sheets, key=lambda s: s.name != state.player):
        score = ""
        if state.results:
            score = f" — {state.results['totals'][s.name]} VP"
        sheets.append(f'<div style="display:inline-block;margin:4px;vertical-align:top">'
                      f'<div><b>{html.escape(s.name)}</b>{score} · Swans {s.swans} · '
                      f'Go Last {s.go_last}</div>'
                      f"{sketch_svg(s.sketch, s.name, s.completed)}</div>")
    return f'<div class="ludwig-table">{head}{"".join(sheets)}</div>'
