"""A picture of a Weirdwood game: the three rings of rooms around the Throne Room as SVG
(Scarabs as dots, Blighted rooms dark, Rubble and Fire marked, the Wardens, the Fae Monster
and Lady Weirdwood by initial), then the clock and each Warden's board."""

from __future__ import annotations

import html
import math

from ..board import THRONE, open_onto
from ..clock import at
from .common import day, strength

RADII = {"outer": (170, 220), "middle": (115, 165), "inner": (60, 110)}
SIZE = 460


def _wedge(r0: float, r1: float, a0: float, a1: float) -> str:
    c = SIZE / 2

    def pt(r, a):
        return f"{c + r * math.sin(a):.1f},{c - r * math.cos(a):.1f}"
    big = 1 if a1 - a0 > math.pi else 0
    return (f"M{pt(r0, a0)} L{pt(r1, a0)} A{r1},{r1} 0 {big} 1 {pt(r1, a1)} "
            f"L{pt(r0, a1)} A{r0},{r0} 0 {big} 0 {pt(r0, a0)} Z")


def _short(room: str) -> str:
    """A room's name on the board: its first word (past "The"), at most 9 letters."""
    words = room.split()
    word = words[1] if words[0] == "The" and len(words) > 1 else words[0]
    return word.removesuffix("'s")[:9]


def board_svg(state) -> str:
    t, rules = state.table, state.rules
    c = SIZE / 2
    parts = [f'<rect width="{SIZE}" height="{SIZE}" fill="#fbf8f2"/>']
    marks = {}
    for name, w in t.wardens.items():
        marks.setdefault(w.place, []).append(name[0])
    if t.monster_at is not None:
        marks.setdefault(t.monster_at, []).append("☠")
    if t.lady_at is not None:
        marks.setdefault(t.lady_at, []).append("♛")
    for ring, (r0, r1) in RADII.items():
        n = rules.positions(ring)
        for s in range(n):
            place = (ring, s)
            a0 = (s - 0.5) * 2 * math.pi / n
            a1 = (s + 0.5) * 2 * math.pi / n
            room = t.rooms.get(place, "?")
            fill = "#5b4a5e" if place in t.blighted else "#e9e1cf"
            if place in t.rubble:
                fill = "#9a8f80"
            if place in t.fire:
                fill = "#e07b39"
            parts.append(f'<path class="room" data-room="{html.escape(room)}" '
                         f'data-scarabs="{t.scarabs[place]}" d="{_wedge(r0, r1, a0, a1)}" '
                         f'fill="{fill}" stroke="#8c7b5f"><title>{html.escape(room)}'
                         '</title></path>')
            mid, am = (r0 + r1) / 2, (a0 + a1) / 2
            x, y = c + mid * math.sin(am), c - mid * math.cos(am)
            label = html.escape(_short(room))
            ink = "#fff" if place in t.blighted else "#333"
            parts.append(f'<text x="{x:.1f}" y="{y - 4:.1f}" font-size="8" fill="{ink}" '
                         f'text-anchor="middle">{label}</text>')
            info = "•" * t.scarabs[place] + "".join(marks.get(place, []))
            parts.append(f'<text x="{x:.1f}" y="{y + 8:.1f}" font-size="10" fill="#b00020" '
                         f'text-anchor="middle">{html.escape(info)}</text>')
            for corridor, radius in (("day", 167.5), ("time", 112.5)):
                if ring == ("outer" if corridor == "day" else "inner") and open_onto(
                        rules, place, corridor, t.time):
                    gx, gy = c + radius * math.sin(am), c - radius * math.cos(am)
                    parts.append(f'<circle cx="{gx:.1f}" cy="{gy:.1f}" r="3" fill="#2e7d32"/>')
    throne = "•" * t.scarabs[THRONE] + "".join(marks.get(THRONE, []))
    parts.append(f'<circle class="room" data-room="Throne Room" data-scarabs='
                 f'"{t.scarabs[THRONE]}" cx="{c}" cy="{c}" r="55" fill="#f3d98b" '
                 f'stroke="#8c7b5f"/>')
    parts.append(f'<text x="{c}" y="{c - 4}" font-size="10" text-anchor="middle">Throne</text>')
    parts.append(f'<text x="{c}" y="{c + 10}" font-size="10" fill="#b00020" '
                 f'text-anchor="middle">{html.escape(throne)}</text>')
    return (f'<svg class="weirdwood-board" xmlns="http://www.w3.org/2000/svg" width="{SIZE}" '
            f'height="{SIZE}" viewBox="0 0 {SIZE} {SIZE}">{"".join(parts)}</svg>')


def state_html(state) -> str:
    t = state.table
    clock = at(t.time, state.rules)
    monster = t.monster
    health = sum(t.cubes.values()) if monster == "Chaos Ogre" else t.health
    head = (f"<p><b>{html.escape(str(clock))}</b> · the {html.escape(monster)} is "
            f"{strength(t)} (health {health}) · Day {day(t)} · next Monster Card: "
            f"{t.upcoming or '—'} · Blighted rooms: {len(t.blighted)}"
            + (f" · <b>{html.escape(t.over)}</b>" if t.over else "") + "</p>")
    rows = "".join(
        f"<tr><td><b>{html.escape(n)}</b> ({html.escape(w.character)})</td>"
        f"<td>{html.escape(t.rooms.get(w.place, '?'))}</td><td>{w.health}</td>"
        f"<td>{w.supply['min']} / {w.supply['knowledge']} / {w.supply['scarab']} / "
        f"{w.supply['power']}</td><td>{w.permanent} + {', '.join(w.dice) or '—'}</td>"
        f"<td>{len(w.hand)}</td><td>{sum(w.tracks.values())}</td></tr>"
        for n, w in t.wardens.items())
    table = ("<table style='font-size:12px'><tr><th>Warden</th><th>room</th><th>Health</th>"
             "<th>Mîn / Knowledge / Scarabs / Power</th><th>dice</th><th>hand</th>"
             f"<th>XP spent</th></tr>{rows}</table>")
    return f'<div class="weirdwood-table">{head}{board_svg(state)}{table}</div>'
