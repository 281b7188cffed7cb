"""How a state looks in a notebook (§2 The Board): the 5×9 board as an SVG that scales to its
container, and the board beside the resources, the pending step and every legal decision;
and the words the stepper shows for actions, random steps and tiles that cannot be taken."""

from __future__ import annotations

import html
import re

from ...run_display import group_actions, odds, resources_html
from ..board import WORDS, E, N, S, W, placements
from ..mechanics.drafting import FaceDown, showing, shown
from ..placement import COLS, RANKS
from .actions import GiveUp, Redraw, Take
from .drafting import slot_cost
from .pending import CardDraw, LockRoll, TileDraw

CELL = 72
LEFT, TOP = 24, 18
WIDTH = LEFT + len(COLS) * CELL + 8
BOARD_HEIGHT = TOP + len(RANKS) * CELL + 18
LEGEND = 22  # the height of the token legend under the board
COLOURS = {"blue": "#4a78c2", "green": "#4f9d55", "purple": "#8e5cc2", "orange": "#e08a34",
           "red": "#cc4b4b", "yellow": "#c9a227", "black": "#333333",
           "face_down": "#a8a8a8"}  # (a tile's back: §16 Archives)
TOKEN_COLOURS = {"dirt": "#7a5230", "trunk": "#3b2a1a", "apple": "#d43c3c",
                 "banana": "#f2d43b", "orange": "#f08c1a", "gems": "#e04c9a", "coins": "#e0b000",
                 "keys": "#f4f4f4"}
#: Where each door sits on a cell's edge, as (x1, y1, x2, y2) fractions of the cell.
DOOR = {N: (0.35, 0, 0.65, 0), S: (0.35, 1, 0.65, 1), W: (0, 0.35, 0, 0.65),
        E: (1, 0.35, 1, 0.65)}
LINE, CHARS = 11, 10
HALO = 'fill="#fff" stroke="#000" stroke-width="2.4" stroke-linejoin="round" ' \
       'paint-order="stroke"'


def board_svg(state) -> str:
    """The board: ranks and columns labelled; every tile in its colours with its full name
    (also its tooltip), doors and tokens; padlocks; your room; the Antechamber; a pending
    draft's target and drawn tiles with their gem costs."""
    legend = _legend(state)
    top = BOARD_HEIGHT + (LEGEND if legend else 0)
    hand = _hand(state, top)
    height = top + (CELL + 44 if hand else 0)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="manorkit-board" '
           f'viewBox="0 0 {WIDTH} {height}" width="100%" preserveAspectRatio="xMidYMin meet" '
           f'style="max-width:{WIDTH * 1.4:.0f}px;height:auto;display:block" '
           f'font-family="DejaVu Sans, Verdana, sans-serif" font-size="10" role="img" '
           f'aria-label="the board at step {state.depth}">']
    out += _labels()
    for rank in RANKS:
        for col in COLS:
            cell = (rank, col)
            tile = state.board.get(cell)
            out.append(_tile(state, tile, cell) if tile else _empty(cell))
    out += [_padlock(cell, d) for cell, d in sorted(state.padlocks)]
    if state.drafting is not None:
        out.append(_target(state.drafting))
    out.append(_you(state.position))
    out += legend
    out += hand
    out.append("</svg>")
    return "".join(out)


def _xy(cell) -> tuple[float, float]:
    rank, col = cell
    return LEFT + (col - 1) * CELL, TOP + (max(RANKS) - rank) * CELL


def _labels() -> list[str]:
    out = []
    for rank in RANKS:
        y = _xy((rank, 1))[1] + CELL / 2 + 4
        out.append(f'<text x="{LEFT - 6}" y="{y}" text-anchor="end" fill="#666">'
                   f'<title>Rank {rank}</title>{rank}</text>')
    for col in COLS:
        x = _xy((1, col))[0] + CELL / 2
        for y in (TOP - 5, BOARD_HEIGHT - 4):
            out.append(f'<text x="{x}" y="{y}" text-anchor="middle" fill="#666">'
                       f'<title>Column {col}</title>{col}</text>')
    return out


def _empty(cell) -> str:
    x, y = _xy(cell)
    return (f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#f3f3f3" '
            f'stroke="#d8d8d8"><title>Rank {cell[0]}, Column {cell[1]}: empty</title></rect>')


def _tile(state, tile, cell) -> str:
    x, y = _xy(cell)
    row = state.rules.room(tile.room)
    marks = _tokens(state, cell)
    tip = f"{tile.room} — Rank {cell[0]}, Column {cell[1]}; doors " + ", ".join(
        WORDS[d] for d in sorted(tile.doors))
    if marks:
        tip += "; " + ", ".join(m[2] for m in marks)
    goal = tile.room == "Antechamber"
    if goal:
        tip += "; the goal: the Room 46 Key lies here"
    out = [f'<g class="tile" data-cell="{cell[0]},{cell[1]}" data-room="{html.escape(tile.room)}">'
           f"<title>{html.escape(tip)}</title>"]
    out += _fill(x, y, CELL, row["colours"])
    out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="none" '
               f'stroke="{"#e6b422" if goal else "#222"}" stroke-width="{4 if goal else 2}"/>')
    for d in sorted(tile.doors):
        x1, y1, x2, y2 = DOOR[d]
        out.append(f'<line x1="{x + x1 * CELL}" y1="{y + y1 * CELL}" x2="{x + x2 * CELL}" '
                   f'y2="{y + y2 * CELL}" stroke="#fdf6e3" stroke-width="6"/>')
    out += _name(tile.room, x, y)
    if goal:
        out.append(f'<text x="{x + CELL / 2}" y="{y + CELL - 8}" text-anchor="middle" '
                   f'font-weight="bold" {HALO}>★ goal</text>')
    for i, (colour, count, _) in enumerate(marks):
        cx, cy = x + 10 + 15 * i, y + CELL - 11
        out.append(f'<circle cx="{cx}" cy="{cy}" r="6.5" fill="{colour}" stroke="#000"/>'
                   f'<text x="{cx}" y="{cy + 3.5}" text-anchor="middle" font-size="9" '
                   f'{HALO}>{html.escape(count)}</text>')
    out.append("</g>")
    return "".join(out)


def _fill(x: float, y: float, size: float, colours) -> list[str]:
    """A square in the room's colour, split into equal vertical bands for several colours."""
    width = size / max(1, len(colours))
    return [f'<rect x="{x + i * width}" y="{y}" width="{width}" height="{size}" '
            f'fill="{COLOURS.get(c, "#999")}"/>' for i, c in enumerate(colours)]


def _name(room: str, x: float, y: float, size: float = CELL) -> list[str]:
    """The full name, wrapped to whole words; a word too long for the tile is squeezed."""
    out = []
    for i, line in enumerate(wrap(room)):
        fit = f' textLength="{size - 8}" lengthAdjust="spacingAndGlyphs"' \
            if len(line) > CHARS else ""
        out.append(f'<text x="{x + size / 2}" y="{y + 15 + LINE * i}" text-anchor="middle"'
                   f'{fit} {HALO}>{html.escape(line)}</text>')
    return out


def wrap(name: str, width: int = CHARS) -> list[str]:
    """``name`` in lines of at most ``width`` characters, breaking only between words."""
    lines: list[str] = []
    for word in name.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _tokens(state, cell) -> list[tuple[str, str, str]]:
    """The tokens on a cell as (colour, count shown, description)."""
    out = []
    if state.dirt.get(cell):
        n = state.dirt[cell]
        out.append((TOKEN_COLOURS["dirt"], str(n), f"{n} dirt pile{'s' * (n > 1)}"))
    if state.trunks.get(cell):
        n = state.trunks[cell]
        out.append((TOKEN_COLOURS["trunk"], str(n), f"{n} trunk{'s' * (n > 1)}"))
    for fruit in sorted(set(state.fruit.get(cell, ()))):
        n = state.fruit[cell].count(fruit)
        out.append((TOKEN_COLOURS.get(fruit, "#999"), str(n), f"{n} {fruit}"))
    for what, n in sorted(state.tokens.get(cell, {}).items()):  # spread tokens and items (§10)
        out.append((TOKEN_COLOURS.get(what, "#eee"), str(n), f"{n} {what} lying here"))
    return out


def _padlock(cell, d: int) -> str:
    x, y = _xy(cell)
    x1, y1, x2, y2 = DOOR[d]
    cx, cy = x + (x1 + x2) / 2 * CELL, y + (y1 + y2) / 2 * CELL
    return (f'<g class="padlock"><title>padlock on the {WORDS[d]} door of Rank {cell[0]}, '
            f'Column {cell[1]}</title><rect x="{cx - 6}" y="{cy - 6}" width="12" height="12" '
            f'rx="2" fill="#ffd400" stroke="#000"/><circle cx="{cx}" cy="{cy - 1}" r="2" '
            f'fill="#000"/><rect x="{cx - 0.8}" y="{cy}" width="1.6" height="4" fill="#000"/>'
            "</g>")


def _target(drafting) -> str:
    x, y = _xy(drafting.target)
    return (f'<g class="draft-target"><title>drafting {WORDS[drafting.direction]} into Rank '
            f'{drafting.target[0]}, Column {drafting.target[1]}</title>'
            f'<rect x="{x + 3}" y="{y + 3}" width="{CELL - 6}" height="{CELL - 6}" '
            f'fill="#fff8d6" stroke="#c9a227" stroke-width="3" stroke-dasharray="6 4"/>'
            f'<text x="{x + CELL / 2}" y="{y + CELL / 2 + 4}" text-anchor="middle" '
            f'fill="#8a6d00">drafting</text></g>')


def _you(position) -> str:
    x, y = _xy(position)
    return (f'<g class="you"><title>you are here: Rank {position[0]}, Column {position[1]}'
            f'</title><rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" '
            f'fill="none" stroke="#fff" stroke-width="3" stroke-dasharray="5 3"/>'
            f'<circle cx="{x + CELL - 12}" cy="{y + CELL - 12}" r="7" fill="#fff" '
            f'stroke="#000" stroke-width="2"/></g>')


def _legend(state) -> list[str]:
    """Under the board, what each kind of token circle on it is (none without tokens)."""
    kinds: dict[str, str] = {}
    for cell in state.board:
        for colour, _, description in _tokens(state, cell):
            kinds.setdefault(description.split(" ", 1)[1].removesuffix(" lying here")
                             .removesuffix("s"), colour)
    if not kinds:
        return []
    y, x = BOARD_HEIGHT + 10, LEFT
    out = ['<g class="legend"><title>the token circles: a number is how many lie there</title>']
    for name, colour in sorted(kinds.items()):
        out.append(f'<circle cx="{x + 6}" cy="{y}" r="6" fill="{colour}" stroke="#000"/>'
                   f'<text x="{x + 16}" y="{y + 4}" fill="#333">{html.escape(name)}</text>')
        x += 28 + 7 * len(name)
    out.append("</g>")
    return out


def _hand(state, top: float = BOARD_HEIGHT) -> list[str]:
    """The drawn tiles of a pending draft in their slots, each with its gem cost, from
    ``top`` down."""
    d = state.drafting
    if d is None or not d.hand:
        return []
    y = top + 14
    out = [f'<text x="{LEFT}" y="{y}" font-weight="bold">Drawn tiles (drafting '
           f'{WORDS[d.direction]} into Rank {d.target[0]}, Column {d.target[1]})</text>']
    for slot, room in enumerate(d.hand, 1):
        x = LEFT + (slot - 1) * (CELL + 14)
        down = isinstance(room, FaceDown)  # only its back is known (§16 Archives)
        row = state.rules.room(showing(state.rules, room)[0] if down else room)
        cost = 0 if slot == 1 else row["gem_cost"]
        price = "free" if cost == 0 else f"{cost} gem{'s' * (cost > 1)}"
        chosen = d.slot == slot
        name = shown(room)
        out.append(f'<g class="slot" data-slot="{slot}" data-room="{html.escape(name)}">'
                   f"<title>Slot {slot}: {html.escape(name)} ({price})</title>")
        out += _fill(x, y + 8, CELL, ("face_down",) if down else row["colours"])
        out.append(f'<rect x="{x}" y="{y + 8}" width="{CELL}" height="{CELL}" fill="none" '
                   f'stroke="{"#ffd400" if chosen else "#222"}" '
                   f'stroke-width="{4 if chosen else 2}"/>')
        out += _name("face down" if down else room, x, y + 8)
        out.append(f'<text x="{x + CELL / 2}" y="{y + CELL + 22}" text-anchor="middle">'
                   f"Slot {slot} · {price}</text></g>")
    return out


def state_html(state) -> str:
    """The board beside the resources, the pending random step or every legal decision (in
    ``mk-details``: a stepper, which shows those itself, hides them)."""
    return ('<div class="manorkit-state" style="display:flex;flex-wrap:wrap;gap:12px 20px;'
            'align-items:flex-start"><div style="flex:1 1 300px;min-width:200px;'
            f'max-width:460px">{board_svg(state)}</div>'
            f'<div class="mk-details" style="flex:1 1 260px;min-width:200px">{_status(state)}'
            "</div></div>")


def _status(state) -> str:
    head = f"<p><b>Step {state.depth}, turn {state.turn}</b></p>{resources_html(state)}"
    outer = state.flags.get("outer_room")
    if outer:  # off the board, below the Entrance Hall (§19)
        here = " — you are in it" if state.flags.get("outer_inside") else ""
        head += f"<p>Outer Room slot: {html.escape(outer)}{here}</p>"
    if state.is_over:
        return f"{head}<p>The day is over: {html.escape(state.over)}.</p>"
    if state.is_chance:
        rows = odds(state)
        shown = "; ".join(f"{html.escape(r.text)} {r.chance}" for r in rows[:6])
        more = f"; … {len(rows) - 6} more" if len(rows) > 6 else ""
        return (f"{head}<p>Random step ({html.escape(state.pending[0].label())}), "
                f"{len(rows)} outcomes: {shown}{more}</p>")
    groups = "".join(f"<li>{html.escape(name)}: " + "; ".join(html.escape(str(a)) for a in acts)
                     + "</li>" for name, acts in group_actions(state.legal_actions()))
    return f"{head}<p>Your decision:</p><ul>{groups}</ul>"


# -- words for the stepper (what a player reads beside the board) -----------------------------
def words(state, text: str) -> str:
    """``text`` with every deck id before "card" or "deck" given the deck's name from
    ``decks.csv`` ("special_items card" → "Special Items card")."""
    titles = _deck_names(state.rules)
    return _DECK_WORD.sub(lambda m: titles.get(m[1], m[1]) + m[2], text)


_DECK_WORD = re.compile(r"\b([a-z]+(?:_[a-z]+)*)( (?:card|deck)s?\b)")


def _deck_names(rules) -> dict[str, str]:
    """Each deck id → its name without "Deck", "Cards" or "Pile" ("Special Items")."""
    return {deck: re.sub(r" (?:Deck|Cards|Pile)$", "", str(title))
            for deck, title in rules.decks["title"].items()}


def describe(state, action) -> str:
    """An action as its button reads: its text, with a room for a cell it targets
    ("secret route: Den (3, 2)") and deck names for deck ids."""
    target = getattr(action, "target", None)
    text = str(action)
    tile = state.board.get(target) if isinstance(target, tuple) and len(target) == 2 else None
    if tile is not None and text.endswith(str(target)):
        text = f"{text[:-len(str(target))]}{tile.room} {target}"
    return words(state, text)


def describe_chance(state) -> str:
    """What the pending random step draws or rolls, in a player's words: the slot a tile is
    drawn into and the draft it is for, the deck a card comes from, the die rolled."""
    step = state.pending[0]
    d = state.drafting
    if isinstance(step, TileDraw) and d is not None:
        return (f"the tile for Slot {len(d.hand) + 1} (drafting {WORDS[d.direction]} into "
                f"Rank {d.target[0]}, Column {d.target[1]})")
    if isinstance(step, LockRoll):
        return f"the lock die of the door ({step.die.removeprefix('lock_')} die)"
    if isinstance(step, CardDraw):
        return f"the top card of the {_deck_names(state.rules).get(step.deck, step.deck)} deck"
    return words(state, step.label())


def unavailable(state) -> list[tuple[object, str]]:
    """The drawn tiles the player cannot take now, each as the Take it would be and why
    (§4 Step 4, Gem Cost Rules): it fits no way through the door, or it costs more gems (or
    steps, under the Hovel) than held. A face-down tile (§16 Archives) is left out."""
    d = state.drafting
    if d is None or not d.hand or state.is_chance or state.is_over:
        return []
    taken = {a.slot for a in state.legal_actions() if isinstance(a, Take)}
    if not taken and not any(isinstance(a, Redraw | GiveUp) for a in state.legal_actions()):
        return []  # not the moment to choose a tile
    held = state.resources
    out = []
    for slot, room in enumerate(d.hand, 1):
        if slot in taken or slot == getattr(d, "hidden", None):
            continue
        gems, steps = slot_cost(state, slot, room)
        if not placements(state.rules, room, d.origin, d.direction):
            why = "fits no way through this door"
        elif gems > held["gems"]:
            why = f"costs {gems} gem{'s' * (gems > 1)}, you hold {held['gems']}"
        elif steps > held["steps"]:
            why = f"costs {steps} steps, you have {held['steps']}"
        else:
            continue
        out.append((Take(slot, room), why))
    return out
