"""Edits: changes to the cells of a rules folder made in memory, not in its files.

An :class:`Edit` sets one cell — ``(file, row, field, value)``, all plain text, so a list of
edits is JSON. Edits apply after the variant patches, in order, and the edited files are
then validated by the same column parsing and whole-rules checks as the files on disk.
"""

from __future__ import annotations

import difflib
from collections.abc import Collection, Iterable, Mapping
from numbers import Integral
from typing import NamedTuple

from .columns import Span
from .errors import RulesDataError
from .schema import Schema
from .tables import RawTable, key_of


class Edit(NamedTuple):
    """Set ``field`` of row ``row`` of data file ``file`` (``decks/dig.csv``) to the cell
    text ``value`` ("" for blank)."""

    file: str
    row: str
    field: str
    value: str

    def __str__(self) -> str:
        return f"{self.file} row {self.row!r} {self.field}={self.value!r}"


class Edits(tuple):
    """The edits of a rules value, in order: a tuple of :class:`Edit` that shows as a table."""

    __slots__ = ()

    @property
    def frame(self):
        """The edits as a DataFrame: file, row, field, value."""
        import pandas as pd

        return pd.DataFrame([e._asdict() for e in self], columns=list(Edit._fields))

    def to_json(self) -> list[list[str]]:
        """The edits as lists ``[file, row, field, value]``."""
        return [list(e) for e in self]

    def _repr_html_(self) -> str:
        if not self:
            return "<p>No edits.</p>"
        return self.frame.to_html(index=False)


def cell_text(value: object) -> str:
    """The text of a cell that holds ``value``: numbers as digits, a :class:`Span` as
    ``a-b``, a list as ``a;b``, None as blank, text as itself."""
    if value is None:
        return ""
    if isinstance(value, bool):
        raise ValueError(f"{value!r} is not a cell value; write the text the file holds")
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, Integral | Span):
        return str(value)
    if isinstance(value, list | tuple):
        return ";".join(cell_text(v) for v in value)
    raise ValueError(f"{value!r} is not a cell value; expected text, a whole number, a range "
                     "or a list")


#: How alike a name must be to be offered ("did you mean"), and how far behind the best a
#: second name may be: a near miss is offered alone, not padded with unrelated names.
ALIKE, MARGIN = 0.6, 0.1


def closest(name: str, known: Iterable[str], n: int = 3) -> list[str]:
    """Up to ``n`` of ``known`` nearest to ``name`` (ignoring case), best first: those at
    least :data:`ALIKE` alike and within :data:`MARGIN` of the best."""
    folded = {k.casefold(): k for k in known}
    key = name.casefold()
    scored = sorted(((difflib.SequenceMatcher(None, key, k).ratio(), k) for k in folded),
                    key=lambda sk: -sk[0])
    if not scored or scored[0][0] < ALIKE:
        return []
    best = scored[0][0]
    return [folded[k] for score, k in scored[:n] if score >= max(ALIKE, best - MARGIN)]


def lookup(name: str, known: Collection[str], what: str, where: str = "") -> str:
    """The one of ``known`` that ``name`` names, ignoring case; else a ``KeyError`` saying
    "no {what} 'x'{where}; did you mean ...?"."""
    if name in known:
        return name
    if isinstance(name, str):
        for k in known:
            if k.casefold() == name.casefold():
                return k
    near = closest(name, known) if isinstance(name, str) else []
    hint = f"; did you mean {' or '.join(map(repr, near))}?" if near else ""
    raise KeyError(f"no {what} {name!r}{where}{hint}")


def make(schema: Schema, raws: Mapping[str, RawTable], file: str, row: str,
         fields: Mapping[str, object], *, text: bool = False) -> list[Edit]:
    """The edits setting ``fields`` of one row: ``file`` a data file (``decks/dig.csv``) or
    a table name (``deck:dig``), ``row`` its key (case ignored). A bad target raises
    :class:`RulesDataError` naming it, with the closest names. Values are typed (a number
    for a number column: ``gem_cost=2``, not ``"2"``) unless ``text`` (cell text, as a
    saved edit holds it)."""
    if file not in raws:
        try:
            file = schema.file(file)
        except ValueError as exc:
            raise RulesDataError(str(file), f"cannot be edited: {exc}") from None
    raw = raws.get(file)
    if raw is None:
        near = closest(file, raws)
        hint = f"; did you mean {' or '.join(map(repr, near))}?" if near else ""
        raise RulesDataError(file, f"is not a data file of this folder{hint}")
    spec = schema.spec(file, raw.header)
    keys = [key_of(v, spec.key) for _, v in raw.rows]
    try:
        row = lookup(str(row), keys, "row")
    except KeyError as exc:
        raise RulesDataError(file, f"cannot be edited: {exc.args[0]}", row=str(row)) from None
    if not fields:
        raise RulesDataError(file, "an edit needs at least one field=value", row=row)
    out = []
    for name, value in fields.items():
        if name not in raw.header:
            near = closest(name, raw.header)
            hint = f"; did you mean {' or '.join(map(repr, near))}?" if near else ""
            raise RulesDataError(file, f"has no column {name!r} to edit{hint}", row=row,
                                 field=name)
        if name in spec.key:
            raise RulesDataError(file, f"{name!r} is a key column; an edit changes values, "
                                 "not the names of rows", row=row, field=name)
        kind = spec.col(name).kind
        if (not text and isinstance(value, str) and kind in ("int", "amount")
                and value.strip().lstrip("-").isdigit()):  # a number given as text
            raise RulesDataError(file, f"is {value!r}, text; expected a whole number: write "
                                 f"{name}={value.strip()}", row=row, field=name)
        try:
            cell = cell_text(value)
        except ValueError as exc:
            raise RulesDataError(file, str(exc), row=row, field=name) from None
        out.append(Edit(file, row, name, cell))
    return out


def check(schema: Schema, raws: Mapping[str, RawTable], edits: Iterable[object]) -> Edits:
    """Plain edits (``Edit`` or 4-sequences of text, e.g. read from JSON) whose targets
    exist, one per cell: a later edit of a cell replaces an earlier one."""
    out: dict[tuple[str, str, str], Edit] = {}
    for item in edits:
        if isinstance(item, str) or not isinstance(item, Iterable):
            raise RulesDataError("edits", f"expected [file, row, field, value], got {item!r}")
        parts = list(item)
        if len(parts) != 4 or not all(isinstance(p, str) for p in parts):
            raise RulesDataError("edits", f"expected [file, row, field, value] (text), got "
                                 f"{item!r}")
        (edit,) = make(schema, raws, parts[0], parts[1], {parts[2]: parts[3]}, text=True)
        out.pop(edit[:3], None)
        out[edit[:3]] = edit
    return Edits(out.values())


def apply(raws: Mapping[str, RawTable], edits: Iterable[Edit],
          schema: Schema) -> dict[str, RawTable]:
    """The data files the edits change, with the edits made (targets already checked). An
    edited cell is no longer blamed on a variant reading that patched it."""
    out: dict[str, RawTable] = {}
    for e in edits:
        raw = out.get(e.file) or raws[e.file]
        key = schema.spec(e.file, raw.header).key
        i = next(i for i, (_, v) in enumerate(raw.rows) if key_of(v, key) == e.row)
        line, values = raw.rows[i]
        rows = list(raw.rows)
        rows[i] = (line, {**values, e.field: e.value})
        patched = {k: v for k, v in raw.patched.items() if k != (line, e.field)}
        out[e.file] = RawTable(raw.file, raw.header, tuple(rows), raw.header_line, patched)
    return out
