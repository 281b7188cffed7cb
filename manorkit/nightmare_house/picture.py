"""A Nightmare House state as an SVG picture: the HOUSE MAP's Spaces floor by floor, and below
it the ASTRAL MAP's Power Points, Focus Markers, Psyches, Astral Bodies and the Entity."""

from __future__ import annotations

import html
import math

from . import astral

COLOURS = ("#2e8b57", "#c0392b", "#2e6fc0", "#e0b020")
COLUMNS = (("first",), ("second",), ("third", "attic", "tower", "cellar"))
ROW, WIDTH = 17, 168


def state_svg(state) -> str:
    b, rules = state.board, state.rules
    rows = rules.rows("map.csv")
    columns = [[s for s, r in rows.items() if r["floor"] in floors] for floors in COLUMNS]
    top = max(len(c) for c in columns) * ROW + 30
    width, height = 3 * WIDTH + 8, top + 270
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="nightmare-house" width="{width}" '
           f'height="{height}" viewBox="0 0 {width} {height}" '
           'style="max-width:100%;height:auto" font-family="sans-serif" font-size="10">',
           f'<text x="4" y="12" font-weight="bold">{html.escape(b.hour_name(rules))} · '
           f'{b.controlled_axes()} Axes controlled · the Entity in Circle {b.entity or "?"}'
           "</text>"]
    seat = {p: i for i, p in enumerate(b.hunters)}
    focus = {q for q, dispersed in b.focus if q is not None and not dispersed}
    for col, spaces in enumerate(columns):
        for i, space in enumerate(spaces):
            x, y = 4 + col * WIDTH, 22 + i * ROW
            dark = rows[space]["lights"] is None or not b.lights.get(rows[space]["lights"])
            fill = "#d9d9e6" if dark else "#fbf7ec"
            marks = ""
            if b.rooms_point(rules, space) in focus:
                marks += "◎"
            if space in b.discoveries and not b.discoveries[space].get("removed"):
                marks += "!"
            if b.pentagram and b.pentagram[1] == space:
                marks += "★"
            out.append(f'<g class="space" data-space="{html.escape(space)}"><rect x="{x}" '
                       f'y="{y}" width="{WIDTH - 6}" height="{ROW - 2}" fill="{fill}" '
                       f'stroke="#999"/><text x="{x + 3}" y="{y + 11}">{html.escape(space)} '
                       f'{marks}</text>')
            for h in [h for h in b.haunts if h.space == space]:
                name = h.name if h.revealed else f"Haunt {h.n}"
                out.append(f'<text class="haunt" x="{x + WIDTH - 52}" y="{y + 11}" '
                           f'fill="#8b0000">{html.escape(name[:8])}</text>')
            for p, h in b.hunters.items():
                if h.space == space and h.active:
                    cx = x + WIDTH - 16 - 9 * seat[p]
                    out.append(f'<circle class="hunter" data-player="{html.escape(p)}" '
                               f'data-space="{html.escape(space)}" cx="{cx}" cy="{y + 7}" '
                               f'r="5" fill="{COLOURS[seat[p] % 4]}" stroke="#222"/>')
            out.append("</g>")
    out.append(_astral(state, width / 2, top + 135, seat))
    out.append("</svg>")
    return "".join(out)


def _astral(state, cx: float, cy: float, seat: dict) -> str:
    b, rules = state.board, state.rules
    rings = rules.number("axis_circle")
    step = 120 / (rings + 1)

    def xy(point):
        circle, axis = point
        r = step * (rings + 1 - circle)
        angle = 2 * math.pi * (axis - 1) / rules.number("axes") - math.pi / 2
        return cx + r * math.cos(angle), cy + r * math.sin(angle)

    out = [f'<g class="astral-map"><circle cx="{cx}" cy="{cy}" r="{step * 0.8}" '
           f'fill="#222"/><text x="{cx}" y="{cy + 3}" fill="#fff" text-anchor="middle">'
           f'{b.entity or "?"}</text>']
    rooms = {q: r for r, q in astral.room_points(rules).items()}
    for point in astral.points(rules):
        x, y = xy(point)
        if point[0] == rings:
            held = b.axes[point[1]]
        else:
            held = b.rooms[rooms[point]] if point in rooms else False
        out.append(f'<circle class="point" cx="{x:.1f}" cy="{y:.1f}" r="4" fill="'
                   f'{"#555" if held else "#eee"}" stroke="#555"/>')
    for q, dispersed in b.focus:
        if q is not None:
            x, y = xy(q)
            out.append(f'<circle class="focus" cx="{x:.1f}" cy="{y:.1f}" r="7" fill="none" '
                       f'stroke="{"#aaa" if dispersed else "#8b0000"}" stroke-width="2"/>')
    for p, h in b.hunters.items():
        for point, shape in ((h.psyche, "psyche"), (h.astral, "astral")):
            if point is not None:
                x, y = xy(point)
                out.append(f'<rect class="{shape}" data-player="{html.escape(p)}" x="'
                           f'{x - 3:.1f}" y="{y - 3:.1f}" width="6" height="6" fill="'
                           f'{COLOURS[seat[p] % 4]}"/>')
    out.append("</g>")
    return "".join(out)
