"""Variants: named readings of a rulebook's contradictions and gaps, and the options it offers
itself (a difficulty variant), each with a patch.

A variants file is a YAML list; each variant has ``id``, ``title``, ``sections`` (a list),
``kind`` (``contradiction``, ``gap`` or ``option``), ``default`` (a reading id) and
``readings``: reading
id → ``{text, patch}``; optionally ``documents`` or ``pending``: why no reading changes play
(yet). A patch is a list of edits ``{table, row, field, value}`` (set the cell), ``{table,
row, field, add}`` (add a whole number to it, so that two readings that both change a number
combine) or ``{table, row, field, append}`` (add an item to a ``;``-separated list, so that two
readings that both add to a list combine). The data files hold the default readings.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

import yaml

from .errors import RulesDataError
from .schema import Schema
from .tables import Origin, RawTable, cell_error, check_rows, key_of

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_INT_RE = re.compile(r"-?[0-9]{1,18}")
KINDS = ("contradiction", "gap", "option")
_VARIANT_KEYS = {"id", "title", "sections", "kind", "default", "readings", "documents",
                 "pending"}
#: Optional reasons (text) why a variant's readings cannot change play yet: ``documents`` (the
#: readings only record a text question) or ``pending`` (waits for the campaign engine).
_REASON_KEYS = ("documents", "pending")


@dataclass(frozen=True)
class Patch:
    """One edit of a reading: set ``value`` (None: blank), ``add`` to a whole number, or
    ``append`` an item to a list."""

    table: str
    row: str
    field: str
    value: str | None = None
    add: int | None = None
    line: int | None = None
    append: str | None = None

    def applied(self, text: str) -> str | None:
        """The cell ``text`` with this edit made; None if ``add`` meets no whole number."""
        if self.append is not None:
            items = [x for x in text.split(";") if x]
            return ";".join(items if self.append in items else [*items, self.append])
        if self.add is None:
            return self.value or ""
        return str(int(text) + self.add) if _INT_RE.fullmatch(text) else None


def read_variants(file: str, data: bytes) -> Mapping[str, Mapping]:
    """Parse a variants file into read-only mappings: id → {id, title, sections, kind,
    default, readings: id → {text, patch: (Patch, ...)}}."""
    root, items = _load(file, data)
    if not isinstance(items, list):
        raise RulesDataError(file, "must be a list of variants (each starting with '- id:')")
    out: dict[str, Mapping] = {}
    folded: dict[str, str] = {}
    for i, item in enumerate(items):
        line = _line(root, i)
        vid = item.get("id") if isinstance(item, dict) else None
        if not isinstance(vid, str) or not vid.strip():
            raise RulesDataError(file, "expected a mapping with a text 'id'", line=line,
                                 row=f"variant #{i + 1}")

        def err(msg: str, fld: str, _v=vid, _i=i) -> RulesDataError:
            return RulesDataError(file, msg, line=_line(root, _i, fld), row=_v, field=fld)

        unknown = sorted(map(str, set(item) - _VARIANT_KEYS))
        if unknown:
            raise err(f"has unknown keys {unknown}; expected {sorted(_VARIANT_KEYS)}", "id")
        if vid.casefold() in folded:
            raise err(f"repeats the id {folded[vid.casefold()]!r}", "id")
        folded[vid.casefold()] = vid
        for name, kind in (("title", str), ("kind", str), ("default", str)):
            if not isinstance(item.get(name), kind):
                raise err("expected text", name)
        sections = item.get("sections")
        if not isinstance(sections, list) or not all(isinstance(s, str) for s in sections):
            raise err("expected a list of rulebook sections (text)", "sections")
        for name in _REASON_KEYS:
            if name in item and not isinstance(item[name], str):
                raise err("expected text (the reason)", name)
        if item["kind"] not in KINDS:
            raise err(f"is {item['kind']!r}; expected one of {', '.join(KINDS)}", "kind")
        given = item.get("readings")
        if not isinstance(given, dict) or not given:
            raise err("expected a mapping of reading id to {text, patch}", "readings")
        readings = {}
        for rid, reading in given.items():
            if not isinstance(rid, str):
                raise err(f"reading id {rid!r} must be text (quote it)", "readings")
            readings[rid] = _reading(file, vid, rid, reading, _node(root, i, "readings", rid))
        if item["default"] not in readings:
            raise err(f"is {item['default']!r}, which is not one of its readings "
                      f"{list(readings)}", "default")
        out[vid] = MappingProxyType({
            "id": vid, "title": item["title"], "sections": tuple(sections),
            "kind": item["kind"], "default": item["default"],
            "readings": MappingProxyType(readings),
            **{name: item[name] for name in _REASON_KEYS if name in item}})
    return MappingProxyType(out)


def _load(file: str, data: bytes) -> tuple[yaml.Node | None, object]:
    """The YAML document as nodes (for line numbers) and as plain values."""
    try:
        loader = _Loader(data.decode("utf-8-sig"))
    except UnicodeDecodeError as err:
        raise RulesDataError(file, f"cannot be read as UTF-8 text ({err.reason} at byte "
                             f"{err.start})") from None
    try:
        node = loader.get_single_node()
        return node, None if node is None else loader.construct_document(node)
    except (yaml.YAMLError, ValueError, OverflowError, RecursionError) as err:
        raise RulesDataError(file, f"is not valid YAML ({err})") from None
    finally:
        loader.dispose()


def _node(node: yaml.Node | None, *path: int | str) -> yaml.Node | None:
    """The node at ``path`` (list indexes and mapping keys), or None."""
    for step in path:
        if isinstance(node, yaml.SequenceNode) and isinstance(step, int):
            node = node.value[step] if step < len(node.value) else None
        elif isinstance(node, yaml.MappingNode):
            node = next((v for k, v in node.value if k.value == str(step)), None)
        else:
            return None
    return node


def _line(node: yaml.Node | None, *path: int | str) -> int | None:
    """The line of the deepest node found along ``path``."""
    line = None
    for depth in range(len(path) + 1):
        found = _node(node, *path[:depth])
        if found is None:
            break
        line = found.start_mark.line + 1
    return line


def _reading(file: str, vid: str, rid: str, reading: object, node: yaml.Node | None) -> Mapping:
    def err(msg: str, *path: int | str) -> RulesDataError:
        return RulesDataError(file, f"reading {rid!r}: {msg}", line=_line(node, *path),
                              row=vid, field="readings")

    if not isinstance(reading, dict) or not isinstance(reading.get("text"), str):
        raise err("expected a mapping with a 'text'")
    unknown = sorted(map(str, set(reading) - {"text", "patch"}))
    if unknown:
        raise err(f"has unknown keys {unknown}; expected text and patch")
    edits = reading.get("patch") or []
    if not isinstance(edits, list):
        raise err("patch must be a list of {table, row, field, value} edits", "patch")
    patches = []
    for j, edit in enumerate(edits):
        patches.append(_patch(edit, lambda msg, _j=j: err(msg, "patch", _j),
                              _line(node, "patch", j)))
    return MappingProxyType({"text": reading["text"], "patch": tuple(patches)})


def _patch(edit: object, err, line: int | None) -> Patch:
    need, ops = {"table", "row", "field"}, {"value", "add", "append"}
    if not isinstance(edit, dict) or not need <= set(edit) or len(ops & set(
            edit)) != 1 or set(edit) - need - ops:
        raise err("each edit must be {table, row, field, value}, {table, row, field, add} or "
                  "{table, row, field, append}")
    for name in ("table", "row", "field"):
        if not isinstance(edit[name], str | int) or isinstance(edit[name], bool):
            raise err(f"edit {name} must be text, not {edit[name]!r}")
    table, row, fld = (str(edit[n]) for n in ("table", "row", "field"))
    if "add" in edit:
        if not isinstance(edit["add"], int) or isinstance(edit["add"], bool):
            raise err(f"add must be a whole number, not {edit['add']!r}")
        return Patch(table, row, fld, add=edit["add"], line=line)
    if "append" in edit:
        item = edit["append"]
        if not isinstance(item, str) or not item.strip() or ";" in item:
            raise err(f"append must be one list item (text without ';'), not {item!r}")
        return Patch(table, row, fld, append=item, line=line)
    value = edit["value"]
    if isinstance(value, bool) or not isinstance(value, str | int | float | None):
        raise err(f"value must be text or a number, not {value!r} (quote it)")
    return Patch(table, row, fld, None if value is None else str(value), line=line)


def check_targets(file: str, specs: Mapping[str, Mapping], raws: Mapping[str, RawTable],
                  schema: Schema) -> None:
    """Every edit of every reading names a data file, a row and a column that exist."""
    keys: dict[str, list[str]] = {}
    for vid, spec in specs.items():
        for rid, reading in spec["readings"].items():
            for p in reading["patch"]:
                def err(msg: str, _p=p, _rid=rid, _vid=vid) -> RulesDataError:
                    return RulesDataError(file, f"reading {_rid!r}: {msg}", line=_p.line,
                                          row=_vid, field="patch")
                try:
                    target = schema.file(p.table)
                except ValueError as exc:
                    raise err(str(exc)) from None
                raw = raws.get(target)
                if raw is None:
                    raise err(f"names {target}, which is not a data file of this folder")
                if p.field not in raw.header:
                    raise err(f"{target} has no column {p.field!r}")
                if target not in keys:
                    key = schema.spec(target, raw.header).key
                    keys[target] = [key_of(v, key) for _, v in raw.rows]
                if p.row not in keys[target]:
                    spec = schema.spec(target, raw.header)
                    if p.row in spec.rows:  # the data file lost a row it must hold
                        check_rows(raw, spec)
                    near = [k for k in keys[target] if k.casefold() == p.row.casefold()]
                    hint = f" (did you mean {near[0]!r}?)" if near else ""
                    raise err(f"{target} has no row {p.row!r}{hint}")


def apply(raws: Mapping[str, RawTable], edits: Iterable[tuple[Origin, Patch]],
          schema: Schema) -> dict[str, RawTable]:
    """The data files the edits change, with the edits made (targets already checked)."""
    out: dict[str, RawTable] = {}
    for origin, p in edits:
        target = schema.file(p.table)
        raw = out.get(target) or raws[target]
        key = schema.spec(target, raw.header).key
        i = next(i for i, (_, v) in enumerate(raw.rows) if key_of(v, key) == p.row)
        line, values = raw.rows[i]
        new = p.applied(values[p.field])
        if new is None:
            raise cell_error(raw, line, p.row, p.field, f"is {values[p.field]!r}; expected a "
                             f"whole number (reading {origin.reading!r} of {origin.variant!r} "
                             f"adds {p.add} to it)")
        rows = list(raw.rows)
        rows[i] = (line, {**values, p.field: new})
        out[target] = RawTable(raw.file, raw.header, tuple(rows), raw.header_line,
                               {**raw.patched, (line, p.field): origin})
    return out
