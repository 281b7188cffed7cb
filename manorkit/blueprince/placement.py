"""Placement restrictions (tile-back notes, §2 and §16) as a small rule language.

A rule is ``;``-separated clauses, every one of which must hold::

    cols=1,5 · cols=2-4 · ranks=3-8 · not=2:*,8:3 · no_corners · facing=ns · fixed=1:3 · offboard

Cells are ``(rank, col)``: ranks 1 (south) to 9 (north), columns 1 (west) to 5 (east).
"""

from __future__ import annotations

from dataclasses import dataclass

RANKS = range(1, 10)
COLS = range(1, 6)
CORNERS = frozenset({(1, 1), (1, 5), (9, 1), (9, 5)})
#: Cells of the pre-placed Entrance Hall and Antechamber (§2 The Board, §3 Setup).
RESERVED = frozenset({(1, 3), (9, 3)})

Cell = tuple[int, int]


def _numbers(text: str, allowed: range) -> frozenset[int]:
    out: set[int] = set()
    for part in text.split(","):
        part = part.strip()
        lo, sep, hi = part.partition("-")
        if not lo.isdigit() or (sep and not hi.isdigit()):
            raise ValueError(f"expected numbers like 2 or 2-4, got {part!r}")
        a, b = int(lo), int(hi) if sep else int(lo)
        if a > b or a not in allowed or b not in allowed:
            raise ValueError(f"{part!r} is outside {allowed.start}-{allowed.stop - 1}")
        out.update(range(a, b + 1))
    return frozenset(out)


def _cell(text: str) -> tuple[int | None, int | None]:
    rank, sep, col = text.strip().partition(":")
    if not sep:
        raise ValueError(f"expected a cell as rank:col, got {text!r}")
    r = None if rank == "*" else min(_numbers(rank, RANKS))
    c = None if col == "*" else min(_numbers(col, COLS))
    return r, c


@dataclass(frozen=True)
class Placement:
    """A parsed placement rule; :meth:`cells` lists where a tile may go."""

    text: str = ""
    cols: frozenset[int] = frozenset(COLS)
    ranks: frozenset[int] = frozenset(RANKS)
    excluded: tuple[tuple[int | None, int | None], ...] = ()
    no_corners: bool = False
    facing: str | None = None
    fixed: Cell | None = None
    offboard: bool = False

    @classmethod
    def parse(cls, text: str) -> Placement:
        """Parse a rule; raises ``ValueError`` saying what was expected."""
        fields: dict = {"text": text.strip()}
        excluded: list = []
        for clause in filter(None, (c.strip() for c in text.split(";"))):
            key, sep, value = clause.partition("=")
            key = key.strip()
            if key == "no_corners" and not sep:
                fields["no_corners"] = True
            elif key == "offboard" and not sep:
                fields["offboard"] = True
            elif key == "cols" and sep:
                fields["cols"] = _numbers(value, COLS)
            elif key == "ranks" and sep:
                fields["ranks"] = _numbers(value, RANKS)
            elif key == "not" and sep:
                excluded += [_cell(v) for v in value.split(",")]
            elif key == "facing" and sep:
                if value.strip() not in {"ns", "ew"}:
                    raise ValueError(f"facing must be ns or ew, got {value.strip()!r}")
                fields["facing"] = value.strip()
            elif key == "fixed" and sep:
                r, c = _cell(value)
                if r is None or c is None:
                    raise ValueError("fixed needs a whole cell, like 1:3")
                fields["fixed"] = (r, c)
            else:
                raise ValueError(
                    f"unknown clause {clause!r}; expected cols=, ranks=, not=, no_corners, "
                    "facing=, fixed= or offboard"
                )
        return cls(excluded=tuple(excluded), **fields)

    def allows(self, cell: Cell) -> bool:
        """Whether the tile may be placed at ``cell``."""
        if self.offboard:
            return False
        if self.fixed is not None:
            return cell == self.fixed
        rank, col = cell
        if cell in RESERVED or rank not in self.ranks or col not in self.cols:
            return False
        if self.no_corners and cell in CORNERS:
            return False
        for r, c in self.excluded:  # (a loop: a generator would make rank and col closure cells)
            if r in (None, rank) and c in (None, col):
                return False
        return True

    def cells(self) -> frozenset[Cell]:
        """Every cell of the 5×9 grid this rule allows."""
        return frozenset((r, c) for r in RANKS for c in COLS if self.allows((r, c)))

    def __str__(self) -> str:
        return self.text or "anywhere"
