"""How a state looks in a notebook: the board as SVG, resources and status as HTML."""

from __future__ import annotations

import html

from ..placement import COLS, RANKS
from .board import E, N, S, W

CELL = 64
COLOURS = {"blue": "#4a78c2", "green": "#4f9d55", "purple": "#8e5cc2", "orange": "#e08a34",
           "red": "#cc4b4b", "yellow": "#c9a227", "black": "#333333"}
#: Where each door's notch sits on a cell, as (x1, y1, x2, y2) fractions of the cell.
NOTCH = {N: (0.38, 0, 0.62, 0), S: (0.38, 1, 0.62, 1), W: (0, 0.38, 0, 0.62),
         E: (1, 0.38, 1, 0.62)}


def board_svg(state) -> str:
    """The 5×9 board: tiles in their colours with their doors, tokens and the marker."""
    width, height = len(COLS) * CELL + 24, len(RANKS) * CELL + 8
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'font-family="sans-serif" font-size="9">']
    for rank in RANKS:
        y = (9 - rank) * CELL + 4
        parts.append(f'<text x="2" y="{y + CELL / 2}" fill="#888">{rank}</text>')
        for col in COLS:
            x = (col - 1) * CELL + 20
            tile = state.board.get((rank, col))
            if tile is None:
                parts.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" '
                             'fill="#f3f3f3" stroke="#ddd"/>')
                continue
            colours = state.rules.room(tile.room)["colours"]
            fill = COLOURS.get(colours[0], "#999")
            parts.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" '
                         'stroke="#222" stroke-width="2"/>')
            if len(colours) > 1:
                parts.append(f'<rect x="{x}" y="{y + CELL - 8}" width="{CELL}" height="8" '
                             f'fill="{COLOURS.get(colours[1], "#999")}"/>')
            for d in tile.doors:
                x1, y1, x2, y2 = NOTCH[d]
                parts.append(f'<line x1="{x + x1 * CELL}" y1="{y + y1 * CELL}" '
                             f'x2="{x + x2 * CELL}" y2="{y + y2 * CELL}" stroke="#fff" '
                             'stroke-width="5"/>')
            for i, word in enumerate(_wrap(tile.room)):
                parts.append(f'<text x="{x + 4}" y="{y + 14 + 10 * i}" fill="#fff">'
                             f'{html.escape(word)}</text>')
            tokens = _tokens(state, (rank, col))
            if tokens:
                parts.append(f'<text x="{x + 4}" y="{y + CELL - 12}" fill="#fff">'
                             f'{html.escape(tokens)}</text>')
    for (cell, d) in state.padlocks:
        x1, y1, x2, y2 = NOTCH[d]
        x = (cell[1] - 1) * CELL + 20 + (x1 + x2) / 2 * CELL
        y = (9 - cell[0]) * CELL + 4 + (y1 + y2) / 2 * CELL
        parts.append(f'<rect x="{x - 5}" y="{y - 5}" width="10" height="10" fill="#ffd400" '
                     'stroke="#000"><title>padlock</title></rect>')
    r, c = state.position
    parts.append(f'<circle cx="{(c - 1) * CELL + 20 + CELL - 12}" cy="{(9 - r) * CELL + 16}" '
                 'r="7" fill="#fff" stroke="#000" stroke-width="2"><title>you</title></circle>')
    parts.append("</svg>")
    return "".join(parts)


def _wrap(name: str, width: int = 11) -> list[str]:
    lines, line = [], ""
    for word in name.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return (lines + [line])[:3]


def _tokens(state, cell) -> str:
    out = []
    if state.dirt.get(cell):
        out.append(f"dirt {state.dirt[cell]}")
    if state.trunks.get(cell):
        out.append(f"trunk {state.trunks[cell]}")
    if state.fruit.get(cell):
        out.append(" ".join(state.fruit[cell]))
    return " · ".join(out)


def state_html(state) -> str:
    """Board, resources, items, what is pending and the last events."""
    r = state.resources
    items = ", ".join(f"{k} ({v})" if v > 1 else k for k, v in sorted(state.items.items()))
    if state.is_over:
        status = f"day over: {state.over}"
    elif state.is_chance:
        status = f"random step: {state.pending[0].label()}"
    else:
        status = "your decision: " + "; ".join(map(str, state.legal_actions()[:8]))
    hand = ""
    if state.drafting is not None and state.drafting.hand:
        hand = "<p>Drawn: " + ", ".join(
            f"Slot {i}: {html.escape(t)}" for i, t in enumerate(state.drafting.hand, 1)) + "</p>"
    recent = state.log.tail(6)[["action", "effect", "section"]].to_html(index=False)
    return (
        '<div style="display:flex;gap:16px;align-items:flex-start">'
        f"<div>{board_svg(state)}</div><div>"
        f"<p><b>Step {state.depth}, turn {state.turn}</b> — {r['steps']} steps, {r['gems']} "
        f"gems, {r['keys']} keys, {r['coins']} coins, {r['ivory_dice']} Ivory Dice</p>"
        f"<p>Items: {html.escape(items) or 'none'}</p>{hand}"
        f"<p>{html.escape(status)}</p>{recent}</div></div>"
    )
