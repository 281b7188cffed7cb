"""Read, patch and validate the Blue Prince data folder.

Every problem raises :class:`RulesDataError` naming the file, the row (key and line) and
the field, and saying what was expected.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

import yaml

from .errors import RulesDataError
from .placement import Placement
from .schema import (
    DECKS,
    DICE_SPEC,
    RANK_DICE,
    REFERENCE_COLUMNS,
    ROOMS,
    SHAPE_DOORS,
    Col,
    TableSpec,
    table_spec,
)

SOURCE_RE = re.compile(r"^(§\d+\b.*|video game|placeholder)$")
INT_RE = re.compile(r"^-?\d+$")
RANGE_RE = re.compile(r"^(-?\d+)-(-?\d+)$")


@dataclass(frozen=True)
class Span:
    """A printed amount that varies from card to card, ``lo``-``hi`` (e.g. "1-2 Coins")."""

    lo: int
    hi: int

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(range(self.lo, self.hi + 1))

    def __str__(self) -> str:
        return f"{self.lo}-{self.hi}"

    __repr__ = __str__


@dataclass(frozen=True)
class RawTable:
    """A data file as text: its header and its rows with their line numbers."""

    file: str
    header: tuple[str, ...]
    rows: tuple[tuple[int, dict[str, str]], ...]


@dataclass(frozen=True)
class Table:
    """A validated data file: typed rows keyed by their key, in file order."""

    file: str
    header: tuple[str, ...]
    rows: Mapping[str, Mapping]
    lines: dict[str, int]


def read_csv(root: Path, rel: str) -> RawTable:
    """Read a CSV file as text rows; malformed structure raises :class:`RulesDataError`."""
    path = root / rel
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RulesDataError(rel, "file is missing") from None
    except (UnicodeDecodeError, OSError) as err:
        raise RulesDataError(rel, f"cannot be read as UTF-8 text ({err})") from None
    if "\x00" in text:
        raise RulesDataError(rel, "contains a NUL byte; expected a text CSV file")
    try:
        records = list(csv.reader(text.splitlines(), strict=True))
    except csv.Error as err:
        raise RulesDataError(rel, f"is not valid CSV ({err})") from None
    numbered = [(i + 1, r) for i, r in enumerate(records) if any(c.strip() for c in r)]
    if not numbered:
        raise RulesDataError(rel, "is empty; expected a header row")
    header = tuple(c.strip() for c in numbered[0][1])
    if "" in header:
        raise RulesDataError(rel, "has a blank column name in its header", line=numbered[0][0])
    dupes = sorted({h for h in header if header.count(h) > 1})
    if dupes:
        raise RulesDataError(rel, f"repeats columns {dupes} in its header", line=numbered[0][0])
    rows = []
    for line, rec in numbered[1:]:
        if len(rec) != len(header):
            raise RulesDataError(
                rel, f"has {len(rec)} cells; expected {len(header)} (one per column)", line=line
            )
        rows.append((line, {h: c.strip() for h, c in zip(header, rec, strict=True)}))
    return RawTable(rel, header, tuple(rows))


def _convert(value: str, col: Col, err) -> object:
    if value == "":
        if col.required:
            raise err(f"is blank; expected {_expected(col)}")
        return None
    if col.kind == "int":
        if not INT_RE.match(value):
            raise err(f"is {value!r}; expected a whole number")
        number = int(value)
        if col.minimum is not None and number < col.minimum:
            raise err(f"is {number}; expected at least {col.minimum}")
        if col.maximum is not None and number > col.maximum:
            raise err(f"is {number}; expected at most {col.maximum}")
        return number
    if col.kind == "amount":
        if INT_RE.match(value):
            return int(value)
        m = RANGE_RE.match(value)
        if not m or int(m[1]) > int(m[2]):
            raise err(f"is {value!r}; expected a whole number or a range like 1-2")
        return Span(int(m[1]), int(m[2]))
    if col.kind == "enum":
        if value not in col.choices:
            raise err(f"is {value!r}; expected one of {', '.join(col.choices)}")
        return value
    if col.kind in {"list", "fields"}:
        items = tuple(v.strip() for v in value.split(";"))
        if "" in items:
            raise err(f"is {value!r}; expected items separated by ';' with none blank")
        bad = [v for v in items if col.choices and v not in col.choices]
        if bad:
            raise err(f"has unknown {bad}; expected some of {', '.join(col.choices)}")
        return items
    if col.kind == "source":
        if not SOURCE_RE.match(value):
            raise err(f"is {value!r}; expected a rulebook section (§N ...), "
                      "'video game' or 'placeholder'")
        return value
    if col.kind == "placement":
        try:
            rule = Placement.parse(value)
        except ValueError as exc:
            raise err(f"is {value!r}: {exc}") from None
        if not (rule.offboard or rule.fixed or rule.cells()):
            raise err(f"is {value!r}, which no cell of the 5x9 board satisfies")
        return value
    return value


def _expected(col: Col) -> str:
    return {
        "int": "a whole number",
        "amount": "a whole number or a range like 1-2",
        "enum": "one of " + ", ".join(col.choices),
        "list": "a ';'-separated list",
        "source": "a rulebook section (§N ...), 'video game' or 'placeholder'",
    }.get(col.kind, "a value")


def validate(raw: RawTable, spec: TableSpec) -> Table:
    """Check a raw table against its spec and convert its cells."""
    known = {c.name: c for c in spec.cols}
    missing = [c.name for c in spec.cols if c.name not in raw.header]
    if missing:
        raise RulesDataError(raw.file, f"lacks columns {missing}; expected {list(known)}")
    if spec.strict:
        unknown = [h for h in raw.header if h not in known and h not in spec.extra]
        if unknown:
            raise RulesDataError(raw.file, f"has unknown columns {unknown}; expected {list(known)}")
    rows: dict[str, dict] = {}
    lines: dict[str, int] = {}
    for line, values in raw.rows:
        key = "/".join(values.get(k, "") for k in spec.key)
        out = {}
        for name in raw.header:
            col = known.get(name, Col(name, required=False))

            def err(msg: str, _f=name, _l=line, _k=key) -> RulesDataError:
                return RulesDataError(raw.file, msg, line=_l, row=_k, field=_f)

            out[name] = _convert(values[name], col, err)
            if col.kind == "fields" and out[name]:
                bad = [f for f in out[name] if f not in raw.header]
                if bad:
                    raise err(f"names {bad}, which are not columns of this file")
        if key in rows:
            raise RulesDataError(
                raw.file, f"repeats the key {key!r} (first on line {lines[key]})",
                line=line, row=key, field="/".join(spec.key),
            )
        rows[key], lines[key] = MappingProxyType(out), line
    return Table(raw.file, raw.header, MappingProxyType(rows), lines)


def read_variants(root: Path) -> dict[str, dict]:
    """Read ``variants.yaml``: id → {title, sections, kind, default, readings}."""
    rel = "variants.yaml"
    try:
        data = yaml.safe_load((root / rel).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RulesDataError(rel, "file is missing") from None
    except (yaml.YAMLError, UnicodeDecodeError, ValueError) as err:
        raise RulesDataError(rel, f"is not valid YAML ({err})") from None
    if not isinstance(data, list):
        raise RulesDataError(rel, "must be a list of variants")
    out: dict[str, dict] = {}
    for i, item in enumerate(data, 1):
        where = f"variant #{i}"
        if not isinstance(item, dict) or not isinstance(item.get("id"), str):
            raise RulesDataError(rel, "expected a mapping with a text 'id'", row=where)
        vid = item["id"]
        for name, kind in (("title", str), ("sections", list), ("kind", str),
                           ("default", str), ("readings", dict)):
            if not isinstance(item.get(name), kind):
                raise RulesDataError(rel, f"expected {kind.__name__}", row=vid, field=name)
        if item["kind"] not in {"contradiction", "gap"}:
            raise RulesDataError(rel, "expected contradiction or gap", row=vid, field="kind")
        if vid in out:
            raise RulesDataError(rel, "repeats this id", row=vid, field="id")
        readings = {}
        for rid, reading in item["readings"].items():
            if not isinstance(reading, dict) or not isinstance(reading.get("text"), str):
                raise RulesDataError(rel, f"reading {rid!r} needs a 'text'", row=vid,
                                     field="readings")
            patch = reading.get("patch") or []
            if not isinstance(patch, list) or not all(
                isinstance(p, dict) and {"table", "row", "field", "value"} <= set(p)
                for p in patch
            ):
                raise RulesDataError(rel, f"reading {rid!r}: patch must be a list of "
                                     "{table, row, field, value}", row=vid, field="readings")
            readings[str(rid)] = {"text": reading["text"], "patch": patch}
        if item["default"] not in readings:
            raise RulesDataError(rel, f"default {item['default']!r} is not one of its readings "
                                 f"{list(readings)}", row=vid, field="default")
        out[vid] = {**item, "readings": readings}
    return out


def patch_target(table: str) -> str:
    """The file a patch's ``table`` names."""
    if table in {"rooms", "decks", "dice", "rank_dice"}:
        return f"{table}.csv"
    kind, _, name = table.partition(":")
    if kind == "deck" and name:
        return f"decks/{name}.csv"
    if kind == "table" and name:
        return f"tables/{name}.csv"
    raise ValueError(f"unknown table {table!r}; expected rooms, decks, dice, rank_dice, "
                     "deck:<name> or table:<name>")


def apply_patch(raws: dict[str, RawTable], edits: list[dict], vid: str, rid: str) -> None:
    """Apply a reading's edits to the raw tables in place (the dict, not the tables)."""
    for edit in edits:
        def err(msg: str) -> RulesDataError:
            return RulesDataError("variants.yaml", f"reading {rid!r}: {msg}", row=vid,
                                  field="patch")
        try:
            rel = patch_target(str(edit["table"]))
        except ValueError as exc:
            raise err(str(exc)) from None
        raw = raws.get(rel)
        if raw is None:
            raise err(f"no data file {rel}")
        spec_key = key_columns(rel, raw.header)
        row, fld = str(edit["row"]), str(edit["field"])
        if fld not in raw.header:
            raise err(f"{rel} has no column {fld!r}")
        value = "" if edit["value"] is None else str(edit["value"])
        rows, hit = [], False
        for line, values in raw.rows:
            if "/".join(values.get(k, "") for k in spec_key) == row:
                values, hit = {**values, fld: value}, True
            rows.append((line, values))
        if not hit:
            raise err(f"{rel} has no row {row!r}")
        raws[rel] = RawTable(raw.file, raw.header, tuple(rows))


def key_columns(rel: str, header: tuple[str, ...]) -> tuple[str, ...]:
    """The key columns of a data file."""
    fixed = {"rooms.csv": ROOMS, "decks.csv": DECKS, "dice.csv": DICE_SPEC,
             "rank_dice.csv": RANK_DICE}
    if rel in fixed:
        return fixed[rel].key
    return table_spec(list(header), Path(rel).stem).key


def read_all(root: Path) -> dict[str, RawTable]:
    """Every CSV file of the folder, as text."""
    if not root.is_dir():
        raise RulesDataError(str(root), "is not a folder of rules data")
    rels = ["rooms.csv", "decks.csv", "dice.csv", "rank_dice.csv"]
    rels += sorted(f"decks/{p.name}" for p in (root / "decks").glob("*.csv"))
    rels += sorted(f"tables/{p.name}" for p in (root / "tables").glob("*.csv"))
    return {rel: read_csv(root, rel) for rel in rels}


def validate_all(raws: dict[str, RawTable]) -> dict[str, Table]:
    """Validate every file, then the references between files."""
    tables: dict[str, Table] = {}
    fixed = {"rooms.csv": ROOMS, "decks.csv": DECKS, "dice.csv": DICE_SPEC,
             "rank_dice.csv": RANK_DICE}
    for rel, raw in raws.items():
        spec = fixed.get(rel) or table_spec(list(raw.header), Path(rel).stem)
        if rel.startswith("decks/"):
            lacking = [c for c in ("card", "copies", "source") if c not in raw.header]
            if lacking or raw.header[0] != "card":
                raise RulesDataError(rel, f"expected first column 'card' and columns card, "
                                     f"copies, source (lacks {lacking})")
        tables[rel] = validate(raw, spec)
    _check_rooms(tables["rooms.csv"])
    _check_references(tables)
    return tables


def _check_rooms(rooms: Table) -> None:
    for name, row in rooms.rows.items():
        want = SHAPE_DOORS[row["shape"]]
        if row["doors"] != want:
            raise RulesDataError(
                rooms.file, f"is {row['doors']}; a {row['shape']} tile has {want} door(s)",
                line=rooms.lines[name], row=name, field="doors",
            )


def _check_references(tables: dict[str, Table]) -> None:
    names = {"rooms": tables["rooms.csv"].rows}
    for rel, table in tables.items():
        if rel.startswith("tables/"):
            names[f"table:{Path(rel).stem}"] = table.rows
    decks = tables["decks.csv"]
    for deck in decks.rows:
        if f"decks/{deck}.csv" not in tables:
            raise RulesDataError(decks.file, f"names deck file decks/{deck}.csv, which is missing",
                                 line=decks.lines[deck], row=deck, field="deck")
    for rel in tables:
        if rel.startswith("decks/") and Path(rel).stem not in decks.rows:
            raise RulesDataError(rel, "is not listed in decks.csv")
    dice = {row["die"] for row in tables["dice.csv"].rows.values()}
    rank_dice = tables["rank_dice.csv"]
    for rank, row in rank_dice.rows.items():
        if row["die"] and row["die"] not in dice:
            raise RulesDataError(rank_dice.file, f"names die {row['die']!r}, absent from dice.csv",
                                 line=rank_dice.lines[rank], row=rank, field="die")
    for rel, table in tables.items():
        refs = {c: REFERENCE_COLUMNS[c] for c in table.header if c in REFERENCE_COLUMNS}
        if rel == "decks/commissary_stock.csv":
            refs["items"] = "table:commissary_prices"
        for key, row in table.rows.items():
            for col, target in refs.items():
                values = row[col] if isinstance(row[col], tuple) else (row[col],)
                for value in values:
                    if value is not None and value not in names.get(target, {}):
                        raise RulesDataError(
                            rel, f"names {value!r}, which {target} does not hold",
                            line=table.lines[key], row=key, field=col,
                        )
