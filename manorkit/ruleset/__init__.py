"""Game-agnostic rules as data: the machinery every game's rules are built on.

A game declares its folder as a :class:`Schema` (fixed files and folders of CSV files, each a
:class:`TableSpec` of typed :class:`Col` columns, plus cross-file checks), subclasses
:class:`RulesBase` with its own accessors, and loads with a :class:`Loader`::

    SCHEMA = Schema(files={"rooms.csv": TableSpec(key=("name",), cols=(Col("name"), ...))})

    class Rules(RulesBase):
        def room(self, name): return self.rows("rooms.csv")[name]

    load_rules = Loader(SCHEMA, Rules, DATA_DIR / "mygame").load

Every row of every file has a ``source``; ``variants.yaml`` holds the rulebook's
contradictions as readings with patches; every problem raises :class:`RulesDataError`
naming the file, line, row and field. Files are written with :func:`atomic_write_text`.
``rules.edit(...)`` returns new rules with
cells changed in memory (:class:`Edit`), validated like the files; ``rules.save(path)`` writes
them as a folder. Nothing here imports a game.
"""

from .atomic import atomic_write_bytes, atomic_write_text
from .columns import Col, Span
from .edits import Edit, Edits
from .errors import RulesDataError
from .folder import Folder, read_folder
from .loader import Loader
from .rules import RulesBase
from .schema import Schema, TableDir, Tables
from .tables import Table, TableSpec
from .variants import Patch

__all__ = [
    "Col", "Edit", "Edits", "Folder", "Loader", "Patch", "RulesBase", "RulesDataError", "Schema",
    "Span", "Table", "TableDir", "TableSpec", "Tables", "atomic_write_bytes", "atomic_write_text",
    "read_folder",
]
