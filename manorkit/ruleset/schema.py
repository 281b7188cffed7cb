"""What a game declares about its rules folder: its files, their specs and its checks."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from .columns import Col
from .tables import Table, TableSpec

#: Validated tables by file (``rooms.csv``, ``tables/food.csv``).
Tables = Mapping[str, Table]


@dataclass(frozen=True)
class TableDir:
    """A folder of CSV files of one kind (``decks/``, ``tables/``).

    ``alias``: a patch or a reference names ``<dir>/<stem>.csv`` as ``<alias>:<stem>``.
    ``spec(stem, header)`` gives each file's spec. ``required``: stems that must exist.
    """

    alias: str
    spec: Callable[[str, tuple[str, ...]], TableSpec]
    required: tuple[str, ...] = ()


@dataclass(frozen=True)
class Schema:
    """A game's rules folder.

    ``files``: the fixed files (all required), by path. ``dirs``: folders of like files.
    ``source``: the column every row of every file must have. ``checks``: functions of the
    validated tables that raise :class:`~manorkit.ruleset.RulesDataError`; they run under
    the default readings and under every other reading of ``variants``, the variants file,
    which must hold every id of ``required_variants`` (the ids the game's code reads).
    """

    files: Mapping[str, TableSpec]
    dirs: Mapping[str, TableDir] = field(default_factory=dict)
    source: Col = Col("source")
    checks: tuple[Callable[[Tables], None], ...] = ()
    variants: str = "variants.yaml"
    required_variants: tuple[str, ...] = ()

    def spec(self, file: str, header: tuple[str, ...]) -> TableSpec:
        """The spec of a data file, with the source column added if it does not list one."""
        if file in self.files:
            spec = self.files[file]
        else:
            folder = PurePosixPath(file)
            spec = self.dirs[str(folder.parent)].spec(folder.stem, header)
        if any(c.name == self.source.name for c in spec.cols):
            return spec
        return TableSpec(spec.key, (*spec.cols, self.source), spec.strict, spec.extra, spec.rows)

    def file(self, name: str) -> str:
        """The file a table name means: ``rooms`` → ``rooms.csv``, ``deck:dig`` →
        ``decks/dig.csv``; ``ValueError`` if it means none."""
        for file in self.files:
            if PurePosixPath(file).stem == name:
                return file
        alias, sep, stem = name.partition(":")
        for folder, tdir in self.dirs.items():
            if sep and stem and tdir.alias == alias:
                return f"{folder}/{stem}.csv"
        names = [PurePosixPath(f).stem for f in self.files]
        names += [f"{d.alias}:<name>" for d in self.dirs.values()]
        raise ValueError(f"unknown table {name!r}; expected {', '.join(names)}")
