"""The rules base value every game's ``Rules`` builds on."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from .errors import RulesDataError
from .schema import Tables

if TYPE_CHECKING:
    import pandas as pd

    from .loader import Loader


@dataclass(frozen=True, eq=False)
class RulesBase:
    """A game's rules with a choice of every variant: an immutable value.

    Two values are equal (and hash alike) when they come from the same folder, with the same
    readings in force, from the same bytes. A value pickles as that recipe: unpickling loads
    the folder again (refusing with :class:`RulesDataError` if its files changed since), so
    rules cross a process boundary cheaply. Accessors return read-only mappings or fresh
    DataFrames, never something that edits the rules.
    """

    path: Path
    choices: Mapping[str, str]
    digest: str
    _specs: Mapping[str, Mapping]
    _tables: Tables
    _loader: ClassVar[Loader]

    def __post_init__(self) -> None:
        recipe = (self.path, tuple(sorted(self.choices.items())), self.digest)
        object.__setattr__(self, "_recipe", recipe)
        object.__setattr__(self, "_hash", hash(recipe))

    # -- variants -------------------------------------------------------------------------
    def variant(self, vid: str) -> str:
        """The reading in force for variant ``vid``."""
        if vid not in self.choices:
            raise KeyError(f"unknown variant {vid!r}; known: {', '.join(sorted(self.choices))}")
        return self.choices[vid]

    @property
    def changed(self) -> dict[str, str]:
        """The variants whose reading in force is not the default."""
        return {k: v for k, v in self.choices.items() if v != self._specs[k]["default"]}

    def with_variants(self, **choices: str) -> RulesBase:
        """The same rules with these variant readings (the others unchanged)."""
        merged = {**self.changed, **choices}
        path = None if self.path == self._loader.default else self.path
        return self._loader.load(path, **merged)

    @property
    def variants(self) -> pd.DataFrame:
        """Every variant: its readings, the default and the reading in force."""
        import pandas as pd

        rows = [
            {
                "id": vid,
                "title": spec["title"],
                "kind": spec["kind"],
                "sections": "; ".join(spec["sections"]),
                "default": spec["default"],
                "choice": self.choices[vid],
                "readings": " | ".join(spec["readings"]),
            }
            for vid, spec in self._specs.items()
        ]
        return pd.DataFrame(rows, columns=["id", "title", "kind", "sections", "default",
                                           "choice", "readings"]).set_index("id")

    def readings(self, vid: str) -> pd.DataFrame:
        """The readings of one variant, with their text and whether each is in force."""
        import pandas as pd

        self.variant(vid)
        spec = self._specs[vid]
        return pd.DataFrame(
            [{"reading": rid, "text": r["text"], "default": rid == spec["default"],
              "chosen": rid == self.choices[vid]} for rid, r in spec["readings"].items()]
        ).set_index("reading")

    # -- data files -----------------------------------------------------------------------
    @property
    def files(self) -> tuple[str, ...]:
        """Every data file, as a path inside the folder (``rooms.csv``, ``tables/food.csv``)."""
        return tuple(self._tables)

    def rows(self, file: str) -> Mapping[str, Mapping]:
        """The validated rows of a data file, as read-only mappings key → row."""
        if file not in self._tables:
            raise KeyError(f"no data file {file!r}; files: {', '.join(self._tables)}")
        return self._tables[file].rows

    @property
    def placeholders(self) -> pd.DataFrame:
        """Every placeholder: file, row and field (``(row)`` for a whole row whose ``source``
        is ``placeholder``), from each row's ``placeholder`` column and source."""
        import pandas as pd

        out = []
        for file in self.files:
            for key, row in self.rows(file).items():
                fields = row.get("placeholder") or ()
                if row.get("source") == "placeholder" and not fields:
                    fields = ("(row)",)
                out += [{"file": file, "row": key, "field": f} for f in fields]
        return pd.DataFrame(out, columns=["file", "row", "field"])

    def _frame(self, file: str, index: str | None) -> pd.DataFrame:
        import pandas as pd

        table = self._tables[file]
        df = pd.DataFrame([dict(r) for r in table.rows.values()], columns=list(table.header))
        return df if index is None else df.set_index(index)

    # -- value semantics ------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        return self is other or (type(other) is type(self) and self._recipe == other._recipe)

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self):
        path = None if self.path == self._loader.default else self.path
        return _from_recipe, (type(self), path, tuple(sorted(self.changed.items())), self.digest)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self.path)!r}, variants={self.changed})"


def _from_recipe(cls: type[RulesBase], path: Path | None, changed: tuple, digest: str):
    """Unpickle: load the folder again; its files must be those the value was made from."""
    rules = cls._loader.load(path, **dict(changed))
    if rules.digest != digest:
        rules = cls._loader.load(path, reload=True, **dict(changed))
    if rules.digest != digest:
        raise RulesDataError(str(rules.path), "changed since these rules were pickled; "
                             "expected the same files (reload the rules and send them again)")
    return rules
