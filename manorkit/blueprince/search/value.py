"""How close a node of a determinized day is to a win: the ordering the solver's search for a
win follows (never a proof: verdicts rest on replayed lines and complete searches only).

The value follows the stages of §13, each worth more than any progress inside the one
before: a lever item in hand (the Broken Lever, §7; the Secret Garden Key, §6), a lever
pulled, the day won. Inside a stage it counts the effort still ahead, knowing what the
determinization fixes (:class:`Ahead`): how many cards each deck deals before a lever item,
whether the next puzzle-room roll or Special Key roll brings the Secret Garden Key, whether
the next draft into the cell beside an opened Antechamber door brings a tile with a door
facing it (a tile there without one shuts that side for the day), and what that effort needs
on the board (trunks and Keys, a Shovel and dirt, the Greenhouse, an edge door). Under the
stages: open doors (a house walled in ends the day), northward reach, and
resources.
"""

from __future__ import annotations

from itertools import accumulate

from ..board import DIRS, doors, edge, neighbour, opposite, placements
from ..engine.drafting import redraws
from ..engine.pending import Orient, TileDraw, pick
from ..engine.setup import ANTECHAMBER
from ..engine.turn import LEVER_SIDES, payable
from ..mechanics import draw_size
from ..mechanics.drafting import FaceDown
from ..mechanics.locks import door_die
from .determinize import Determinization, _Fixed
from .prove import LEVER_ITEMS
from .space import Node

#: The cell beside the Antechamber on each side.
SIDE_CELLS = {"south": (8, 3), "west": (9, 2), "east": (9, 4)}
#: The decks that may deal a lever item, and the rolls that may bring the Secret Garden Key:
#: stream label -> (die, winning faces, room rolled in).
ROLLS = {"puzzle room roll": ("d6", ("5",), "Billiard Room"),
         "Special Key roll": ("d6", ("1", "2"), "Locksmith")}
WIN = 1e9
STAGE = 1000.0  # a stage reached: worth more than any effort inside the one before
EFFORT = 6.0  # one unit of effort ahead, in steps
NORTH, DOOR = 2.0, 2.0
#: The worth of the first, second ... open door (a house with few walls itself in).
OPEN_DOORS = (40.0, 20.0, 10.0, 6.0, 4.0)
#: Resources beyond this many add nothing (a loop that only gains steps leads nowhere).
ENOUGH = 60
RESOURCE = {"steps": 0.5, "keys": 4.0, "gems": 2.0, "ivory_dice": 2.0, "coins": 0.3}
FAR = 40  # effort when a way is not open at all
AGAIN = 3.0  # effort of drafts elsewhere until the bag gives a tile that fits
_TILE_DRAW = TileDraw()


def deal(det: Determinization, remaining: dict, discard: dict, label: str, start: int,
         count: int) -> list[str]:
    """The cards a deck deals under ``det`` from ``remaining`` (its ``discard`` reshuffled
    when it runs out, §8) at its draws ``start`` to ``start + count - 1``, if only its own
    draws change it."""
    rem = {c: n for c, n in remaining.items() if n}
    dis = {c: n for c, n in discard.items() if n}
    out = []
    for k in range(start, start + count):
        if not rem:
            rem, dis = dis, {}
            if not rem:
                break
        names = sorted(rem)
        card = pick(names, list(accumulate(rem[c] for c in names)),
                    _Fixed(det.number(label, k)))
        out.append(card)
        rem[card] -= 1
        if not rem[card]:
            del rem[card]
        dis[card] = dis.get(card, 0) + 1
    return out


class Ahead:
    """What the determinization ``det`` holds in store from ``start``: for each deck, at
    which of its draws a lever item comes; for each roll of :data:`ROLLS`, which of its
    rolls win."""

    def __init__(self, det: Determinization, start: Node, horizon: int = 30) -> None:
        s, rules = start.state, start.state.rules
        self.det, self.rules = det, rules
        self._locks: dict[tuple[str, int], bool] = {}
        self.cards: dict[str, list[int]] = {}
        for deck, (remaining, discard) in s.decks.items():
            label = f"{deck} card"
            base = start.counts.get(label, 0)
            dealt = deal(det, remaining, discard, label, base, horizon)
            hits = [base + i for i, card in enumerate(dealt) if _lever_card(rules, deck, card)]
            if hits:
                self.cards[label] = hits
        self.rolls: dict[str, list[int]] = {}
        for label, (die, wins, _) in ROLLS.items():
            faces = rules.die_faces(die)
            names, totals = list(faces), list(accumulate(faces.values()))
            self.rolls[label] = [k for k in range(horizon) if str(pick(
                names, totals, _Fixed(det.number(label, k)))) in wins]

    def locked(self, die: str, k: int) -> bool:
        """Whether the ``k``-th lock roll of the day shows LOCKED if it is rolled on ``die``."""
        got = self._locks.get((die, k))
        if got is None:
            faces = self.rules.die_faces(die)
            got = self._locks[(die, k)] = pick(
                list(faces), list(accumulate(faces.values())),
                _Fixed(self.det.number("lock roll", k))) == "LOCKED"
        return got

    def draws_to(self, label: str, done: int) -> int | None:
        """Draws of stream ``label`` still needed for a lever item, or None."""
        for k in self.cards.get(label, ()):
            if k >= done:
                return k - done + 1
        return None


class Value:
    """The value of nodes of one determinized day from ``start`` (see the module)."""

    def __init__(self, det: Determinization, start: Node) -> None:
        self.ahead = Ahead(det, start)

    def __call__(self, node: Node) -> float:
        s = node.state
        if s.over is not None:
            return WIN if s.over == "won" else -WIN
        res = s.resources
        v = sum(w * min(res.get(r, 0), ENOUGH) for r, w in RESOURCE.items())
        frontier = _frontier(s)
        doors = sum(frontier.values())
        if not doors and not s.flags.get("levers"):
            return -WIN / 2  # walled in: no door leads on, and no lever to walk to
        v += sum(OPEN_DOORS[:doors]) + DOOR * max(0, doors - len(OPEN_DOORS))
        v += NORTH * max(c[0] for c in s.board if c != ANTECHAMBER)
        pulled = s.flags.get("levers", ())
        if pulled:
            ahead = self._to_antechamber(node, pulled, frontier)
            if ahead < FAR:
                return v + 2 * STAGE - EFFORT * ahead
            if not doors:
                return -WIN / 2  # every opened side closed, and no door leads on
        held = [i for i in LEVER_ITEMS if i in s.items]
        if held:
            return v + STAGE - EFFORT * min(self._to_lever(node, i) for i in held)
        return v - EFFORT * self._to_item(node)

    # -- stage 1: a lever item ---------------------------------------------------------------
    def _to_item(self, node: Node) -> float:
        s, counts, ahead = node.state, node.counts, self.ahead
        keys = s.resources["keys"] + (FAR if "Sledgehammer" in s.items else 0)
        trunks = sum(s.trunks.values())
        dirt = sum(s.dirt.values())
        best = float(FAR)
        n = ahead.draws_to("trunk card", counts.get("trunk card", 0))
        if n is not None:
            best = min(best, 2.0 * n + max(0, n - trunks) * 2.0 + max(0, n - keys) * 2.0)
        n = ahead.draws_to("dig card", counts.get("dig card", 0))
        if n is not None:
            shovel = 0.0 if "Shovel" in s.items else 6.0
            best = min(best, 1.5 * n + max(0, n - dirt) * 2.0 + shovel)
        n = ahead.draws_to("special_items card", counts.get("special_items card", 0))
        if n is not None:
            best = min(best, 3.0 * n)
        on_board = s.on_board()
        for label, (_, _, room) in ROLLS.items():
            wins = ahead.rolls[label]
            k = counts.get(label, 0)
            if k in wins and room not in on_board and s.bag.get(room):
                best = min(best, 5.0)
            elif k in wins and room in on_board and label == "Special Key roll":
                best = min(best, 2.0 + max(0, 8 - s.resources["coins"]) / 2)
        return best

    # -- stage 2: pull the lever -------------------------------------------------------------
    def _to_lever(self, node: Node, item: str) -> float:
        s = node.state
        if item == "Broken Lever":
            cells = [c for c, t in s.board.items() if t.room == "Greenhouse"]
            if cells:
                return 1.0 + _walk(s, cells[0])
            if not s.bag.get("Greenhouse"):
                return float(FAR)
            return 8.0 + max(0, 3 - s.resources["gems"])
        garden = [c for c, t in s.board.items() if t.room == "Secret Garden"]
        if garden:
            return 1.0 + _walk(s, garden[0])
        return self._to_garden(node)

    def _to_garden(self, node: Node) -> float:
        """Effort to a locked door into a cell where the Secret Garden may stand (Column 1 or
        5, Ranks 3-8, §6): one already padlocked, or one whose next lock roll locks."""
        s, ahead = node.state, self.ahead
        k = node.counts.get("lock roll", 0)
        on_board = s.on_board()
        best = 10.0
        for cell, tile in s.board.items():
            if cell == ANTECHAMBER:
                continue
            for d in tile.doors:
                there = neighbour(cell, d)
                if there is None or there in s.board or there[1] not in (1, 5) or \
                        not 3 <= there[0] <= 8:
                    continue
                if edge(cell, d) in s.padlocks:
                    best = min(best, 1.0 + _walk(s, cell))
                    continue
                die = door_die(s.rules, tile.room, cell, there, on_board)
                if die is not None:
                    wait = next((j for j in range(6) if ahead.locked(die, k + j)), 6)
                    best = min(best, 2.0 + wait + _walk(s, cell) / 2)
        return best

    # -- stage 3: into the Antechamber -------------------------------------------------------
    def _to_antechamber(self, node: Node, pulled, frontier: dict) -> float:
        """Effort to enter the Antechamber through a side a pulled lever opened: walk to its
        side cell when that holds a tile with a door facing the Antechamber (a tile there
        without one shuts the side); else draft into it from a neighbour with a door facing
        it, at once if the next draft from there brings a tile that would face the
        Antechamber, else after drafts elsewhere change what the bag gives; else draft a
        way to such a neighbour through empty cells (:func:`_drafts_to`). FAR when no side
        can be reached so."""
        s = node.state
        best = float(FAR)
        for side in pulled:
            target = SIDE_CELLS[side]
            face = opposite(LEVER_SIDES[side])
            tile = s.board.get(target)
            if tile is not None:
                if face in tile.doors:
                    best = min(best, 1.0 + _walk(s, target))
                continue
            for d in DIRS:
                there = neighbour(target, d)
                if there is None or there == ANTECHAMBER:
                    continue
                back = opposite(d)
                here = s.board.get(there)
                if here is None:
                    drafts = _drafts_to(s, frontier, there, target)
                    if drafts is not None:
                        best = min(best, 5.0 + 3.0 * drafts + (
                            0.0 if drafts or self._opens(node, there, back) else AGAIN))
                elif back in here.doors:
                    best = min(best, self._draft_into(node, there, back, face))
        return best

    def _draft_into(self, node: Node, origin, direction: int, face: int) -> float:
        """Effort to draft through side ``direction`` of the room at ``origin`` a tile with
        a door on side ``face``: the draft under way, or the next one."""
        s = node.state
        d = s.drafting
        if d is not None and (d.origin, d.direction) == (origin, direction) and d.hand:
            if self._fits(node, d.hand, origin, direction, face):
                return 1.0
            return 2.0 + AGAIN if redraws(s) else float(FAR)
        fits = self._fits(node, self._offer(node, origin), origin, direction, face)
        return 2.0 + _walk(s, origin) + (0.0 if fits else AGAIN)

    def _opens(self, node: Node, cell, face: int) -> bool:
        """Whether the next draft into the empty ``cell`` from a room the marker can reach
        brings a tile with a door on side ``face``."""
        s = node.state
        for d in DIRS:
            origin = neighbour(cell, d)
            tile = s.board.get(origin) if origin is not None else None
            if tile is not None and origin != ANTECHAMBER and opposite(d) in tile.doors and \
                    self._fits(node, self._offer(node, origin), origin, opposite(d), face):
                return True
        return False

    def _offer(self, node: Node, origin) -> list[str]:
        """The tiles a draft begun now from the room at ``origin`` would draw (with the
        Archives on the board, one face down: they are drawn blind, §16)."""
        s, det = node.state, self.ahead.det
        room = s.board[origin].room
        if "Archives" in s.on_board():
            return [FaceDown("")]  # drawn face down, turned up later (§16 Archives)
        weights = _TILE_DRAW.weights(s)  # as the engine draws: copies times draw weight
        each = {t: w // s.bag[t] for t, w in weights.items()}
        k = node.counts.get("tile drawn", 0)
        out = []
        for i in range(draw_size(s.rules, room, s.on_board(), s.flags.get("sleeve"))):
            if not weights:
                break
            drawn = pick(list(weights), list(accumulate(weights.values())),
                         _Fixed(det.number("tile drawn", k + i)))
            out.append(drawn)
            weights[drawn] -= each[drawn]
            if not weights[drawn]:
                del weights[drawn]
        return out

    def _fits(self, node: Node, hand, origin, direction: int, face: int) -> bool:
        """Whether a tile of ``hand``, drafted through side ``direction`` of the room at
        ``origin`` and placed as this day turns it, has a door on side ``face``."""
        s = node.state
        rules = s.rules
        u = self.ahead.det.number("orientation", node.counts.get("orientation", 0))
        turn = rules.variant("tile_orientation") == "player_choice" or \
            s.board[origin].room == "Rotunda"
        for tile in hand:
            if isinstance(tile, FaceDown):
                return True  # its face unknown (§16 Archives): it may
            turns = placements(rules, tile, origin, direction)
            if not turns:
                continue
            if not turn:
                turns = (Orient(turns).sample(s, _Fixed(u)),)  # as the engine turns it
            shape = rules.room(tile)["shape"]
            if any(face in doors(shape, r) for r in turns):
                return True
        return False


def _drafts_to(s, frontier: dict, cell, avoid) -> int | None:
    """How many drafts at least lay a way from the frontier to the empty ``cell`` through
    empty cells (never ``avoid``): 0 when ``cell`` is on the frontier; None when placed
    tiles wall it off."""
    if cell in frontier:
        return 0
    board, seen = s.board, {cell}
    layer, n = [cell], 0
    while layer:
        n += 1
        nxt = []
        for c in layer:
            for d in DIRS:
                there = neighbour(c, d)
                if there is None or there in seen or there == avoid or there in board:
                    continue
                if there in frontier:
                    return n
                seen.add(there)
                nxt.append(there)
        layer = nxt
    return None


def _walk(s, cell) -> float:
    """Steps to walk to ``cell`` (half the effort limit when no route leads there now)."""
    if cell == s.position:
        return 0.0
    route = s.routes().get(cell)
    return float(route[1]) if route is not None else FAR / 2


def stage(node: Node) -> int:
    """How far along §13 a node is: 0, no lever item; 1, one in hand; 2, a lever pulled; 3,
    won."""
    s = node.state
    if s.over == "won":
        return 3
    if s.flags.get("levers"):
        return 2
    return 1 if any(i in s.items for i in LEVER_ITEMS) else 0


def _frontier(s) -> dict:
    """Empty cells beside a door of a room the marker can reach now (its route's padlocks
    payable, its steps in hand), with how many such doors lead to each: where a draft can
    still be made. A door of a room cut off from the marker leads nowhere today."""
    board, out = s.board, {}
    steps, can_pay = s.resources["steps"], payable(s)
    routes = s.routes()
    for cell, tile in board.items():
        if cell != ANTECHAMBER:
            if cell != s.position:
                route = routes.get(cell)
                if route is None or route[0] > can_pay or route[1] > steps:
                    continue
            for d in tile.doors:
                there = neighbour(cell, d)
                if there is not None and there not in board:
                    out[there] = out.get(there, 0) + 1
    return out


def _lever_card(rules, deck: str, card: str) -> bool:
    row = rules.rows(f"decks/{deck}.csv").get(card) or {}
    return row.get("item") in LEVER_ITEMS


__all__ = ["Ahead", "Value", "deal", "stage"]
