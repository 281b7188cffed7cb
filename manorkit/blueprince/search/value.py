"""How close a node of a determinized day is to a win: the ordering the solver's search for a
win follows (never a proof: verdicts rest on replayed lines and complete searches only).

The value counts the stages of §13 in order: a lever item in hand (the Broken Lever, the
Secret Garden Key) or, before that, how many draws of each deck still stand between the day
and one (the determinization fixes the order each deck deals, :func:`deal`); a lever pulled
(§7 Broken Lever, §16 Secret Garden); then the way to the cell beside the opened side of the
Antechamber. Under them: how far north the house reaches, the open doors that still lead on
(a house walled in ends the day), and steps, Keys, gems and Ivory Dice.
"""

from __future__ import annotations

from itertools import accumulate

from ..engine.board import neighbour, opposite
from ..engine.pending import pick
from ..engine.setup import ANTECHAMBER
from ..engine.turn import LEVER_SIDES
from .determinize import Determinization, _Fixed
from .space import Node

#: The item that pulls each lever, and the cell beside the Antechamber on that side.
LEVER_ITEMS = {"south": "Broken Lever", "west": "Secret Garden Key"}
SIDE_CELLS = {"south": (8, 3), "west": (9, 2), "east": (9, 4)}
#: Weights, in steps.
WIN = 1e9
PULLED, HELD, DRAW, NORTH, DOOR = 2000.0, 600.0, 25.0, 12.0, 3.0
#: Resources beyond this many add nothing (a loop that only gains steps leads nowhere).
ENOUGH = 60
RESOURCE = {"steps": 1.0, "keys": 4.0, "gems": 3.0, "ivory_dice": 3.0, "coins": 0.2}


def deal(det: Determinization, remaining: dict, discard: dict, label: str,
         count: int) -> list[str]:
    """The first ``count`` cards a deck deals under ``det`` from ``remaining`` (its
    ``discard`` reshuffled when it runs out, §8), if only its own draws change it."""
    rem = {c: n for c, n in remaining.items() if n}
    dis = {c: n for c, n in discard.items() if n}
    out = []
    for k in range(count):
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


class Value:
    """The value of nodes of one determinized day from ``start`` (see the module)."""

    def __init__(self, det: Determinization, start: Node, horizon: int = 30) -> None:
        s = start.state
        self.sources: dict[str, list[int]] = {}  # stream label -> draws that bring a lever
        for deck in ("special_items", "dig", "trunk"):
            if deck not in s.decks:
                continue
            label = f"{deck} card"
            base = start.counts.get(label, 0)
            cards = deal(det, *s.decks[deck], label, base + horizon)
            # (the first ``base`` were dealt before ``start``: the order is the deck's own)
            self.sources[label] = [k for k, card in enumerate(cards) if k >= base and
                                   _brings_lever(s, deck, card)]

    def __call__(self, node: Node) -> float:
        s = node.state
        if s.over is not None:
            return WIN if s.over == "won" else -WIN
        items = s.items
        res = s.resources
        v = sum(w * min(res.get(r, 0), ENOUGH) for r, w in RESOURCE.items())
        pulled = s.flags.get("levers", ())
        if pulled:
            v += PULLED + self._approach(s, pulled)
        else:
            held = [side for side, item in LEVER_ITEMS.items() if item in items]
            if held:
                v += HELD
            else:
                v -= DRAW * self._draws_needed(node)
        ranks = [c[0] for c in s.board if c != ANTECHAMBER]
        v += NORTH * max(ranks)
        v += DOOR * self._open_doors(s)
        return v

    def _draws_needed(self, node: Node) -> int:
        """The fewest draws of one deck still between the day and a lever item."""
        best = 30
        for label, hits in self.sources.items():
            done = node.counts.get(label, 0)
            for k in hits:
                if k >= done:
                    best = min(best, k - done + 1)
                    break
        return best

    def _approach(self, s, pulled) -> float:
        """Nearness to the cell beside an opened side: rooms placed nearer to it."""
        best = 0.0
        for side in pulled:
            target = SIDE_CELLS[side]
            d = min(abs(c[0] - target[0]) + abs(c[1] - target[1]) for c in s.board
                    if c != ANTECHAMBER)
            best = max(best, 200.0 - 40.0 * d)
            tile = s.board.get(target)
            if tile is not None and opposite(LEVER_SIDES[side]) in tile.doors:
                best = max(best, 400.0)
        return best

    def _open_doors(self, s) -> int:
        """Doors of placed rooms that lead to an empty cell of the board."""
        board, n = s.board, 0
        for cell, tile in board.items():
            if cell != ANTECHAMBER:
                for d in tile.doors:
                    there = neighbour(cell, d)
                    if there is not None and there not in board:
                        n += 1
        return n


def _brings_lever(s, deck: str, card: str) -> bool:
    row = s.rules.rows(f"decks/{deck}.csv").get(card) or {}
    return row.get("item") in ("Broken Lever", "Secret Garden Key")


__all__ = ["Value", "deal"]
