"""Loading rules folders into cached values, and noticing when their files change."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

from . import atomic
from . import edits as edits_mod
from .edits import Edits, closest
from .errors import RulesDataError
from .folder import Folder, read_folder, signature
from .rules import RulesBase
from .schema import Schema

#: Seconds between checks of the default folder for edits.
RECHECK = 0.5
_FOLDERS = 16  # folders kept
_CHOICES = 32  # choices of readings kept per folder
_EDITED = 256  # edited values kept (a sweep makes one per point; each is cheap to remake)


class _Entry:
    """A folder as last read, when it was last checked, and the values made from it."""

    __slots__ = ("folder", "signature", "checked", "generation", "current", "values")

    def __init__(self, folder: Folder, sig: tuple) -> None:
        self.folder, self.signature, self.current = folder, sig, True
        self.values: OrderedDict[tuple, RulesBase] = OrderedDict()
        self.touch()

    def touch(self) -> None:
        self.checked, self.generation = time.monotonic(), atomic.generation()

    def fresh(self, recheck: float) -> bool:
        return (self.current and self.generation == atomic.generation()
                and time.monotonic() - self.checked < recheck)


class Loader:
    """Loads one game's rules folders as cached ``rules_type`` values (and becomes that
    type's loader, used by ``with_variants`` and unpickling).

    The ``default`` folder is checked for edits at most every ``recheck`` seconds, at once
    after ``reload=True``, and after any :func:`~manorkit.ruleset.atomic_write_bytes` in this
    process: a repeated call costs about a microsecond. Any other folder is checked on every
    call (one ``stat`` per file, about 0.2 ms). A changed folder is read again; if its bytes
    turn out the same, the cached values are kept (``is`` still holds).
    """

    def __init__(self, schema: Schema, rules_type: type[RulesBase], default: Path,
                 recheck: float = RECHECK) -> None:
        self.schema, self.rules_type, self.recheck = schema, rules_type, recheck
        self.default = Path(default).resolve()
        self._folders: OrderedDict[Path, _Entry] = OrderedDict()
        self._fast: dict[tuple, tuple[_Entry, RulesBase]] = {}
        self._edited: OrderedDict[tuple, RulesBase] = OrderedDict()
        rules_type._loader = self

    def load(self, path=None, *, reload: bool = False, **variants: str) -> RulesBase:
        """The rules of folder ``path`` (None: the default) with these variant readings."""
        key = tuple(sorted(variants.items())) if variants else ()
        if path is None and not reload and (
                not variants or all(isinstance(r, str) for r in variants.values())):
            hit = self._fast.get(key)
            if hit is not None and hit[0].fresh(self.recheck):
                return hit[1]
        root = self.default if path is None else Path(path).expanduser().resolve()
        entry = self._entry(root, reload)
        rules = self._value(entry, variants)
        if path is None:
            if len(self._fast) >= 4 * _CHOICES:
                self._fast.clear()
            self._fast[key] = (entry, rules)
        return rules

    def _entry(self, root: Path, reload: bool) -> _Entry:
        entry = self._folders.get(root)
        if entry is not None and not reload:
            if root == self.default and entry.fresh(self.recheck):
                return entry
            sig = signature(root, self.schema)
            if sig == entry.signature:
                entry.touch()
                self._folders.move_to_end(root)
                return entry
        else:
            sig = signature(root, self.schema)
        folder = read_folder(root, self.schema)
        if entry is not None and entry.folder.digest == folder.digest:
            entry.signature = sig
            entry.touch()
            return entry
        if entry is not None:
            entry.current = False
        self._folders[root] = new = _Entry(folder, sig)
        self._folders.move_to_end(root)
        if len(self._folders) > _FOLDERS:
            self._folders.popitem(last=False)[1].current = False
        return new

    def _value(self, entry: _Entry, variants: Mapping[str, str]) -> RulesBase:
        specs = entry.folder.specs
        for vid, rid in variants.items():
            if vid not in specs:
                near = closest(vid, specs)
                hint = f"; did you mean {' or '.join(map(repr, near))}?" if near else ""
                raise ValueError(f"unknown variant {vid!r}{hint} ({len(specs)} variants: "
                                 "see rules.variants)")
            if not isinstance(rid, str) or rid not in specs[vid]["readings"]:
                raise ValueError(f"variant {vid!r} has no reading {rid!r}; readings: "
                                 f"{', '.join(specs[vid]['readings'])}")
        changed = tuple(sorted((v, r) for v, r in variants.items() if r != specs[v]["default"]))
        rules = entry.values.get(changed)
        if rules is None:
            try:
                tables = entry.folder.tables_for(dict(changed))
            except RulesDataError as err:
                together = ", ".join(f"{v}={r}" for v, r in changed)
                raise RulesDataError(self.schema.variants, f"the readings {together} do not "
                                     f"work together: {err}") from None
            choices = {vid: dict(changed).get(vid, spec["default"]) for vid, spec in specs.items()}
            rules = self.rules_type(entry.folder.root, MappingProxyType(choices),
                                    entry.folder.digest, specs, tables)
            object.__setattr__(rules, "_folder", entry.folder)
            entry.values[changed] = rules
            if len(entry.values) > _CHOICES:
                entry.values.popitem(last=False)
        else:
            entry.values.move_to_end(changed)
        return rules

    def edited(self, base: RulesBase, edits) -> RulesBase:
        """The rules of ``base``'s folder and readings (not its edits) with ``edits`` made:
        plain ``[file, row, field, value]`` items, one kept per cell (the last), and none
        that leaves a cell as the readings in force have it. The edited tables are validated
        like the files; a problem raises :class:`RulesDataError` naming the edit."""
        folder: Folder = base._folder
        changed = base.changed
        edits = Edits(e for e in edits_mod.check(self.schema, folder.raws, edits)
                      if e.value != folder.cell(changed, *e[:3]))
        key = (folder.root, folder.digest, tuple(sorted(changed.items())), edits)
        rules = self._edited.get(key)
        if rules is not None:
            self._edited.move_to_end(key)
            return rules
        plain = self._value(self._entry_of(folder), changed)
        if not edits:
            return plain
        try:
            tables = folder.tables_for(changed, edits)
        except RulesDataError as err:
            raise _blame(err, edits) from None
        rules = self.rules_type(folder.root, plain.choices, folder.digest, plain._specs,
                                tables, edits)
        object.__setattr__(rules, "_folder", folder)
        self._edited[key] = rules
        if len(self._edited) > _EDITED:
            self._edited.popitem(last=False)
        return rules

    def _entry_of(self, folder: Folder) -> _Entry:
        """The cache entry of ``folder``, or a detached one if the folder was read again."""
        entry = self._folders.get(folder.root)
        if entry is not None and entry.folder is folder:
            return entry
        return _Entry(folder, ())


def _blame(err: RulesDataError, edits: Edits) -> RulesDataError:
    """``err`` saying an edit set its cell ("as edited"); for a cell no edit set, the edits
    of its file that may have caused it (else every edit, or how many)."""
    if any((e.file, e.row, e.field) == (err.file, err.row, err.field) for e in edits):
        return RulesDataError(err.file, f"as edited, {err.message}", line=err.line,
                              row=err.row, field=err.field)
    mine = [e for e in edits if e.file == err.file] or list(edits)
    what = "; ".join(f"row {e.row!r} {e.field}={e.value!r}" if e.file == err.file else str(e)
                     for e in mine) if len(mine) <= 3 else f"{len(mine)} edits"
    return RulesDataError(err.file, f"with the edit {what}: {err.message}", line=err.line,
                          row=err.row, field=err.field)
