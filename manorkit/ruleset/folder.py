"""Reading a whole rules folder against its :class:`Schema`, under every variant reading."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from . import edits as edits_mod
from .edits import Edit
from .errors import RulesDataError
from .references import check_references
from .schema import Schema, Tables
from .tables import Origin, RawTable, check_header, key_of, parse_csv, validate
from .variants import Patch, apply, check_targets, read_variants


@dataclass(frozen=True)
class Folder:
    """A rules folder read and checked: its files as text, its variants, its tables under
    the default readings, and a digest of every byte read."""

    root: Path
    schema: Schema
    digest: str
    raws: Mapping[str, RawTable]
    specs: Mapping[str, Mapping]
    tables: Tables

    def tables_for(self, changed: Mapping[str, str], edits: Iterable[Edit] = ()) -> Tables:
        """The validated tables with the readings ``changed`` (variant → reading) in force,
        the default reading of every other variant, then ``edits`` (checked targets, see
        :func:`~manorkit.ruleset.edits.check`) made in order."""
        edits = tuple(edits)
        if not changed and not edits:
            return self.tables
        patches, touched = [], {e.file for e in edits}
        for vid, spec in self.specs.items():
            rid = changed.get(vid, spec["default"])
            for patch in spec["readings"][rid]["patch"]:
                patches.append((self._origin(vid, rid, patch), patch))
            if vid in changed:
                for r in (rid, spec["default"]):
                    touched |= {self.schema.file(p.table) for p in spec["readings"][r]["patch"]}
        if not touched:
            return self.tables
        raws = {**self.raws, **apply(
            self.raws, [e for e in patches if self.schema.file(e[1].table) in touched],
            self.schema)}
        raws.update(edits_mod.apply(raws, edits, self.schema))
        tables = dict(self.tables)
        for file in touched:
            tables[file] = validate(raws[file], self.schema.spec(file, raws[file].header))
        tables = MappingProxyType(tables)
        _check(self.schema, tables, raws)
        return tables

    def patches_of(self, changed: Mapping[str, str], file: str, row: str,
                   field: str) -> list[tuple[str, Patch]]:
        """The patches of the readings in force (``changed``, else defaults) that set the
        cell, with their variant id, in order."""
        out = []
        for vid, spec in self.specs.items():
            for p in spec["readings"][changed.get(vid, spec["default"])]["patch"]:
                if self.schema.file(p.table) == file and p.row == row and p.field == field:
                    out.append((vid, p))
        return out

    def cell(self, changed: Mapping[str, str], file: str, row: str, field: str) -> str:
        """The text of one cell with the readings in force (a target already checked)."""
        raw = self.raws[file]
        key = self.schema.spec(file, raw.header).key
        text = next(v for _, v in raw.rows if key_of(v, key) == row)[field]
        for _, p in self.patches_of(changed, file, row, field):
            text = p.applied(text)
        return text

    def _origin(self, vid: str, rid: str, patch: Patch) -> Origin:
        return Origin(self.schema.variants, patch.line, vid, rid)


def read_folder(root: Path, schema: Schema) -> Folder:
    """Read and check every file of ``root``, then every reading of every variant (each
    with the others at their defaults); the first problem raises :class:`RulesDataError`."""
    if not root.is_dir():
        raise RulesDataError(str(root), "is not a folder of rules data")
    data, digest = read_bytes(root, schema)
    raws = {}
    for file, content in data.items():
        if file != schema.variants:
            raws[file] = parse_csv(file, content)
            check_header(raws[file], schema.spec(file, raws[file].header))
    specs = read_variants(schema.variants, data[schema.variants])
    missing = [vid for vid in schema.required_variants if vid not in specs]
    if missing:
        raise RulesDataError(schema.variants, f"lacks the variants {missing}; this game's "
                             "code reads every one of them", field="id")
    check_targets(schema.variants, specs, raws, schema)
    defaults = {vid: spec["default"] for vid, spec in specs.items()}
    edits = [(Origin(schema.variants, p.line, vid, rid), p) for vid, rid in defaults.items()
             for p in specs[vid]["readings"][rid]["patch"]]
    patched = {**raws, **apply(raws, edits, schema)}
    tables = MappingProxyType({file: validate(raw, schema.spec(file, raw.header))
                               for file, raw in patched.items()})
    _check(schema, tables, patched)
    folder = Folder(root, schema, digest, MappingProxyType(raws), specs, tables)
    for vid, spec in specs.items():
        for rid, reading in spec["readings"].items():
            if rid != spec["default"] and (reading["patch"] or spec["readings"][
                    spec["default"]]["patch"]):
                try:
                    folder.tables_for({vid: rid})
                except RulesDataError as err:
                    if err.file == schema.variants:
                        raise
                    raise RulesDataError(schema.variants, f"reading {rid!r}: under it, {err}",
                                         row=vid, field="readings") from None
    return folder


def read_bytes(root: Path, schema: Schema) -> tuple[dict[str, bytes], str]:
    """Every file the schema reads from ``root`` (path → bytes) and their digest."""
    data = {file: _read(root, file) for file in _files(root, schema)}
    digest = hashlib.blake2b(digest_size=16)
    for file in sorted(data):
        digest.update(file.encode() + b"\0" + data[file] + b"\0")
    return data, digest.hexdigest()


def signature(root: Path, schema: Schema) -> tuple:
    """The identity, time and size of every file the schema reads (None where absent):
    it changes whenever one of them is edited, replaced, added or removed."""
    out = []
    for file in (*schema.files, schema.variants):
        try:
            info = os.stat(root / file)
            out.append((file, info.st_ino, info.st_mtime_ns, info.st_size))
        except OSError:
            out.append((file, None))
    for folder in schema.dirs:
        try:
            with os.scandir(root / folder) as entries:
                for entry in entries:
                    info = entry.stat()
                    out.append((f"{folder}/{entry.name}", info.st_ino, info.st_mtime_ns,
                                info.st_size))
        except OSError:
            out.append((folder, None))
    return tuple(sorted(out))


def _files(root: Path, schema: Schema) -> list[str]:
    """The files to read: the fixed files, the variants file and every CSV file of each
    folder (hidden and ``~``-prefixed lock files are skipped); a missing one raises."""
    files = [*schema.files, schema.variants]
    for folder, tdir in schema.dirs.items():
        try:
            names = sorted(p.name for p in (root / folder).iterdir())
        except OSError:
            names = []
        found = [n[:-4] for n in names if n.endswith(".csv") and not n.startswith((".", "~"))]
        for stem in tdir.required:
            if stem not in found:
                raise RulesDataError(f"{folder}/{stem}.csv", "file is missing; this game "
                                     f"needs it (required in {folder}/: "
                                     f"{', '.join(tdir.required)})")
        files += [f"{folder}/{stem}.csv" for stem in found]
    return files


def _read(root: Path, file: str) -> bytes:
    try:
        return (root / file).read_bytes()
    except FileNotFoundError:
        raise RulesDataError(file, "file is missing") from None
    except OSError as err:
        raise RulesDataError(file, f"cannot be read ({err.strerror or err})") from None


def _check(schema: Schema, tables: Tables, raws: Mapping[str, RawTable]) -> None:
    """The references between files and the schema's checks; an error about a cell a patch
    set is blamed on that patch."""
    try:
        check_references(schema, tables)
        for check in schema.checks:
            check(tables)
    except RulesDataError as err:
        raw = raws.get(err.file)
        origin = raw.patched.get((err.line, err.field)) if raw is not None else None
        if origin is None:
            raise
        raise RulesDataError(
            origin.file, f"reading {origin.reading!r} sets {err.file} row {err.row!r} field "
            f"{err.field!r}, which then {err.message}", line=origin.line, row=origin.variant,
            field="patch") from None
