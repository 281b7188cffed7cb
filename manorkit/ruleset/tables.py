"""Data files: reading a CSV file as text rows, and checking them against a :class:`TableSpec`."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import NamedTuple

from .columns import Col
from .errors import RulesDataError


@dataclass(frozen=True)
class TableSpec:
    """A data file: its key columns, its known columns, and the rows it must hold.

    ``strict``: columns beyond ``cols`` and ``extra`` are errors. ``rows``: keys that must
    be present. A key of several columns is written ``a/b`` (``Parlor/1-3``).
    """

    key: tuple[str, ...]
    cols: tuple[Col, ...] = ()
    strict: bool = True
    extra: tuple[str, ...] = ()
    rows: tuple[str, ...] = ()

    def col(self, name: str) -> Col:
        """The column ``name`` (an optional text column if the spec does not know it)."""
        for col in self.cols:
            if col.name == name:
                return col
        return Col(name, required=False)


class Origin(NamedTuple):
    """The variant reading whose patch set a cell: the variants file and the patch's line."""

    file: str
    line: int | None
    variant: str
    reading: str


@dataclass(frozen=True)
class RawTable:
    """A data file as text: its header and its rows (first line, cells) in file order.

    ``patched`` maps ``(line, column)`` to the reading that set that cell, so that a bad
    value is blamed on the variants file rather than on the data file.
    """

    file: str
    header: tuple[str, ...]
    rows: tuple[tuple[int, Mapping[str, str]], ...]
    header_line: int = 1
    patched: Mapping[tuple[int, str], Origin] = field(default_factory=dict)


@dataclass(frozen=True)
class Table:
    """A validated data file: typed rows by key, in file order, and each row's line."""

    file: str
    header: tuple[str, ...]
    rows: Mapping[str, Mapping]
    lines: Mapping[str, int]


def parse_csv(file: str, data: bytes) -> RawTable:
    """Read CSV bytes as text rows: UTF-8 with or without a byte-order mark, any line
    endings; blank lines are skipped. Malformed structure raises :class:`RulesDataError`."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise RulesDataError(file, f"cannot be read as UTF-8 text ({err.reason} at byte "
                             f"{err.start}); expected a UTF-8 CSV file") from None
    if "\x00" in text:
        raise RulesDataError(file, "contains a NUL byte; expected a text CSV file")
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    records, start = [], 1
    try:
        for record in reader:
            records.append((start, record))
            start = reader.line_num + 1
    except csv.Error as err:
        raise RulesDataError(file, f"is not valid CSV ({err})", line=start) from None
    records = [(line, r) for line, r in records if any(c.strip() for c in r)]
    if not records:
        raise RulesDataError(file, "is empty; expected a header row")
    first, names = records[0]
    header = tuple(c.strip() for c in names)
    if "" in header:
        raise RulesDataError(file, "has a blank column name in its header", line=first)
    dupes = sorted({h for h in header if header.count(h) > 1})
    if dupes:
        raise RulesDataError(file, f"repeats columns {dupes} in its header", line=first)
    rows = []
    for line, record in records[1:]:
        if len(record) != len(header):
            raise RulesDataError(
                file, f"has {len(record)} cells; expected {len(header)} (one per column)",
                line=line)
        rows.append((line, {h: c.strip() for h, c in zip(header, record, strict=True)}))
    return RawTable(file, header, tuple(rows), first)


def check_header(raw: RawTable, spec: TableSpec) -> None:
    """The header holds every column of ``spec`` (and, if strict, no other)."""
    known = [c.name for c in spec.cols]
    missing = [c for c in known if c not in raw.header]
    if missing:
        want = f"expected {known}" if spec.strict else "expected them in the header"
        raise RulesDataError(raw.file, f"lacks columns {missing}; {want}", line=raw.header_line)
    if spec.strict:
        unknown = [h for h in raw.header if h not in known and h not in spec.extra]
        if unknown:
            raise RulesDataError(raw.file, f"has unknown columns {unknown}; expected "
                                 f"{known + list(spec.extra)}", line=raw.header_line)


def check_rows(raw: RawTable, spec: TableSpec) -> None:
    """The file holds every row ``spec`` requires (checked before any patch is applied, so
    that a missing row is blamed on its own file)."""
    keys = {key_of(values, spec.key) for _, values in raw.rows}
    missing = [k for k in spec.rows if k not in keys]
    if missing:
        raise RulesDataError(raw.file, f"lacks the rows {missing}; expected every one of "
                             f"{list(spec.rows)}", field="/".join(spec.key))


def key_of(values: Mapping[str, str], key: tuple[str, ...]) -> str:
    """A row's key: its key cells joined by ``/``."""
    return "/".join(values.get(k, "") for k in key)


def cell_error(raw: RawTable, line: int, row: str, column: str, message: str) -> RulesDataError:
    """An error about one cell, blamed on the reading that set it if a patch did."""
    origin = raw.patched.get((line, column))
    if origin is None:
        return RulesDataError(raw.file, message, line=line, row=row, field=column)
    return RulesDataError(
        origin.file, f"reading {origin.reading!r} sets {raw.file} row {row!r} field "
        f"{column!r}, which then {message}", line=origin.line, row=origin.variant,
        field="patch")


def validate(raw: RawTable, spec: TableSpec) -> Table:
    """Convert every cell of ``raw`` by its column; keys must be unique (ignoring case) and
    every key of ``spec.rows`` present."""
    cols = {name: spec.col(name) for name in raw.header}
    rows: dict[str, Mapping] = {}
    lines: dict[str, int] = {}
    folded: dict[str, str] = {}
    for line, values in raw.rows:
        key = key_of(values, spec.key)
        out = {}
        for name, col in cols.items():
            try:
                out[name] = col.convert(values[name])
            except ValueError as exc:
                raise cell_error(raw, line, key, name, str(exc)) from None
            if col.kind == "fields" and out[name]:
                bad = [f for f in out[name] if f not in raw.header]
                if bad:
                    raise cell_error(raw, line, key, name,
                                     f"names {bad}, which are not columns of this file")
        first = folded.get(key.casefold())
        if first is not None:
            same = "" if first == key else f" as {first!r} (names differing only in case " \
                "are the same name)"
            raise RulesDataError(
                raw.file, f"repeats the key {key!r}{same}, first on line {lines[first]}",
                line=line, row=key, field="/".join(spec.key))
        folded[key.casefold()] = key
        rows[key], lines[key] = MappingProxyType(out), line
    missing = [k for k in spec.rows if k not in rows]
    if missing:
        raise RulesDataError(raw.file, f"lacks the rows {missing}; expected every one of "
                             f"{list(spec.rows)}", field="/".join(spec.key))
    return Table(raw.file, raw.header, MappingProxyType(rows), MappingProxyType(lines))
