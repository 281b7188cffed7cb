"""Saving rules, edits included, as a complete rules folder (:meth:`RulesBase.save`)."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from pathlib import Path

from .atomic import replace_folder
from .edits import Edit
from .errors import RulesDataError
from .folder import Folder, read_bytes, read_folder
from .tables import RawTable, key_of


def save_folder(rules, path) -> Path:
    """Write ``rules`` (a :class:`~.rules.RulesBase`, whose ``save`` calls this) as a folder
    at ``path`` (see :meth:`RulesBase.save`)."""
    folder: Folder = rules._folder
    schema = folder.schema
    target = Path(path).expanduser()
    if target.exists() and (not target.is_dir() or (
            any(target.iterdir()) and not (target / schema.variants).is_file())):
        raise RulesDataError(str(target), f"exists and is not a rules folder (no "
                             f"{schema.variants}); refusing to replace it")
    data, digest = read_bytes(folder.root, schema)
    if digest != folder.digest:
        raise RulesDataError(str(folder.root), "changed since these rules were loaded; load "
                             "them again before saving")
    by_file: dict[str, list[Edit]] = {}
    for e in rules.edits:
        by_file.setdefault(e.file, []).append(e)
    for file, edits in by_file.items():
        data[file] = _csv(_written(folder, rules.choices, folder.raws[file], edits))
    return replace_folder(target, data, check=lambda new: read_folder(new, schema))


def _written(folder: Folder, choices: Mapping[str, str], raw: RawTable,
             edits: list[Edit]) -> RawTable:
    """``raw`` as the file must hold it so that, with the readings ``choices`` patched in,
    each edited cell reads as its edit says: a reading that adds to the cell, or appends an
    item the edit holds, is taken off again; one that sets the cell would hide the edit, so
    the save is refused."""
    key = folder.schema.spec(raw.file, raw.header).key
    rows = [(line, dict(values)) for line, values in raw.rows]
    for e in edits:
        value = e.value
        for vid, patch in folder.patches_of(choices, e.file, e.row, e.field):
            items = value.split(";")
            if patch.append is not None and patch.append in items:
                value = ";".join(x for x in items if x != patch.append)
                continue
            if patch.add is None or not value.lstrip("-").isdigit():
                raise RulesDataError(e.file, f"cannot save the edit {e}: the reading "
                                     f"{choices[vid]!r} of variant {vid!r} sets this "
                                     "cell too, so a loaded copy would not hold the edit",
                                     row=e.row, field=e.field)
            value = str(int(value) - patch.add)
        next(v for _, v in rows if key_of(v, key) == e.row)[e.field] = value
    return RawTable(raw.file, raw.header, tuple(rows), raw.header_line)


def _csv(raw: RawTable) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(raw.header)
    for _, values in raw.rows:
        writer.writerow([values[h] for h in raw.header])
    return out.getvalue().encode()
