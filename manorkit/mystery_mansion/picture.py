"""The mansion as an SVG picture and a state as HTML (what a notebook or stepper shows)."""

from __future__ import annotations

import html

from .mansion import FRONT_CELL, OUTSIDE, STEP

CELL = 86
FILL = {"basement": "#cdbfae", "first": "#f1e3c6", "second": "#cfe0ef"}
PAWN = {"Green": "#2e8b57", "Red": "#c0392b", "Blue": "#2e6fc0", "Yellow": "#e0b020"}


def _colour(player: str, i: int) -> str:
    return PAWN.get(player, ("#8e44ad", "#16a085", "#d35400", "#7f8c8d")[i % 4])


def mansion_svg(state) -> str:
    """The rooms from above (coloured by level), their doors, staircases (≡), Secret Passage
    Doors (◆), chests (numbered squares) and pawns; the Front Door card below the Foyer."""
    b, rules = state.board, state.rules
    cells = [*b.cells, FRONT_CELL]
    xs, ys = [c[0] for c in cells], [c[1] for c in cells]
    x0, y1 = min(xs), max(ys)
    width, height = (max(xs) - x0 + 1) * CELL + 20, (y1 - min(ys) + 1) * CELL + 20

    def corner(cell):
        return 10 + (cell[0] - x0) * CELL, 10 + (y1 - cell[1]) * CELL

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="mystery-mansion" width="{width}" '
           f'height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">']
    fx, fy = corner(FRONT_CELL)
    out.append(f'<g class="front-door"><rect x="{fx + 18}" y="{fy + 6}" width="{CELL - 36}" '
               f'height="{CELL - 40}" fill="#eee" stroke="#999"/><text x="{fx + CELL / 2}" '
               f'y="{fy + 24}" font-size="9" text-anchor="middle">Front Door</text></g>')
    for room, placed in b.placed.items():
        x, y = corner(placed.cell)
        level = rules.level_of(room)
        out.append(f'<g class="room" data-room="{html.escape(room)}" data-level="{level}">'
                   f'<rect x="{x + 3}" y="{y + 3}" width="{CELL - 6}" height="{CELL - 6}" '
                   f'fill="{FILL[level]}" stroke="#444" stroke-width="2"/>'
                   f'<text x="{x + CELL / 2}" y="{y + 16}" font-size="10" '
                   f'text-anchor="middle">{html.escape(room)}</text>')
        for side in placed.doors | ({"S"} if room == rules.start else set()):
            dx, dy = STEP[side]
            cx, cy = x + CELL / 2 + dx * (CELL / 2 - 3), y + CELL / 2 - dy * (CELL / 2 - 3)
            w, h = (8, 22) if dx else (22, 8)
            out.append(f'<rect x="{cx - w / 2}" y="{cy - h / 2}" width="{w}" height="{h}" '
                       f'fill="#fff" stroke="#444"/>')
        if room in b.stairs:
            out.append(f'<text class="staircase" x="{x + 10}" y="{y + CELL - 10}" '
                       f'font-size="12">≡ {html.escape(b.stairs[room][:10])}</text>')
        if room in b.passages:
            out.append(f'<text class="passage" x="{x + CELL - 16}" y="{y + CELL - 10}" '
                       f'font-size="13" fill="#7d3c98">◆</text>')
        out.append("</g>")
    for i, c in enumerate(c for c in b.chests if not c.opened):
        room = b.where(c)
        if room == OUTSIDE or room not in b.placed:
            continue
        x, y = corner(b.placed[room].cell)
        out.append(f'<g class="chest" data-chest="{c.n}"><rect x="{x + 10 + 14 * (i % 4)}" '
                   f'y="{y + 24}" width="12" height="10" fill="#8b5a2b"/><text '
                   f'x="{x + 16 + 14 * (i % 4)}" y="{y + 32}" font-size="8" fill="#fff" '
                   f'text-anchor="middle">{c.n}</text></g>')
    for i, p in enumerate(b.players):
        room = b.pawns[p]
        cell = FRONT_CELL if room == OUTSIDE else b.placed[room].cell
        x, y = corner(cell)
        out.append(f'<circle class="pawn" data-player="{html.escape(p)}" '
                   f'data-room="{html.escape(room)}" cx="{x + 18 + 16 * i}" '
                   f'cy="{y + CELL / 2 + 8}" r="7" fill="{_colour(p, i)}" stroke="#222"/>')
    out.append("</svg>")
    return "".join(out)


def state_html(state) -> str:
    """The picture, then each player's room and hand sizes, and the chests."""
    b = state.board
    rows = "".join(
        f"<tr><td>{html.escape(p)}</td><td>{html.escape(b.pawns[p])}</td>"
        f"<td>{sum(b.hands['search'][p].values())}</td>"
        f"<td>{sum(b.hands['clue'][p].values())}</td></tr>" for p in b.players)
    chests = ", ".join(
        f"chest {c.n}: " + (f"opened ({c.opened})" if c.opened else
                            f"{b.where(c)}" + (f", claimed by Key {c.key}" if c.key else ""))
        for c in b.chests) or "none found"
    end = f"<p><b>{html.escape(state.over)}</b></p>" if state.is_over else ""
    return (f"<div>{mansion_svg(state)}{end}<table class='mk-details'><tr><th>player</th>"
            f"<th>room</th><th>Search cards</th><th>Clue cards</th></tr>{rows}</table>"
            f"<p class='mk-details'>Chests: {html.escape(chests)}</p></div>")
