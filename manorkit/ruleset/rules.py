"""The rules base value every game's ``Rules`` builds on."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from . import edits as edits_mod
from .edits import Edits, closest
from .errors import RulesDataError
from .schema import Tables

if TYPE_CHECKING:
    import pandas as pd


#: The file listing where a rulebook is silent (a game's ``rules.gaps``), one row a silence.
SILENCES = "gaps.csv"


@dataclass(frozen=True, eq=False)
class RulesBase:
    """A game's rules with a choice of every variant, and any edits: an immutable value.

    Two values are equal (and hash alike) when they come from the same folder, with the same
    readings in force, from the same bytes, with the same edits. A value pickles as that
    recipe: unpickling loads the folder again (refusing with :class:`RulesDataError` if its
    files changed since) and makes the edits again, so rules cross a process boundary
    cheaply. Accessors return read-only mappings or fresh DataFrames, never something that
    edits the rules; :meth:`edit` returns new rules.
    """

    path: Path
    choices: Mapping[str, str]
    digest: str
    _specs: Mapping[str, Mapping]
    _tables: Tables
    edits: Edits = Edits()
    #: The :class:`~.loader.Loader` of this game's rules, set on the class by the loader
    #: (which imports this module, so this one names it only here).
    _loader: ClassVar

    def __post_init__(self) -> None:
        object.__setattr__(self, "edits", Edits(self.edits))
        recipe = (self.path, tuple(sorted(self.choices.items())), self.digest, self.edits)
        object.__setattr__(self, "_recipe", recipe)
        object.__setattr__(self, "_hash", hash(recipe))

    # -- variants -------------------------------------------------------------------------
    def variant(self, vid: str) -> str:
        """The reading in force for variant ``vid`` (an unknown id: a ``KeyError`` naming
        the closest ids)."""
        try:
            return self.choices[vid]
        except KeyError:
            near = closest(vid, self.choices) if isinstance(vid, str) else []
            hint = f"; did you mean {' or '.join(map(repr, near))}?" if near else ""
            raise KeyError(f"unknown variant {vid!r}{hint} ({len(self.choices)} variants: "
                           "see rules.variants)") from None

    @property
    def changed(self) -> dict[str, str]:
        """The variants whose reading in force is not the default."""
        return {k: v for k, v in self.choices.items() if v != self._specs[k]["default"]}

    def with_variants(self, **choices: str) -> RulesBase:
        """The same rules, and edits, with these variant readings (the others unchanged)."""
        merged = {**self.changed, **choices}
        path = None if self.path == self._loader.default else self.path
        rules = self._loader.load(path, **merged)
        return self._loader.edited(rules, self.edits) if self.edits else rules

    # -- edits ----------------------------------------------------------------------------
    def edit(self, file: str, row: str, fields: Mapping[str, object] | None = None,
             /, **more: object) -> RulesBase:
        """New rules with cells of one row set: ``rules.edit("rooms.csv", "Parlor",
        gem_cost=1)``; ``file`` a data file or table name (``deck:dig``), ``row`` its key
        (case ignored), values as the file would hold them (numbers, ``"1-2"``, lists).

        The edit applies after the variant patches and is validated like the files (column
        types, then every whole-rules check); a problem raises :class:`RulesDataError`
        naming the edit and the field. These rules are unchanged. A later edit of a cell
        replaces an earlier one, and an edit back to the value the readings in force give
        is dropped, so undoing every edit gives rules equal to :attr:`unedited`.
        """
        made = edits_mod.make(self._loader.schema, self._folder.raws, file, row,
                              {**(fields or {}), **more})
        return self.with_edits(made)

    def with_edits(self, edits) -> RulesBase:
        """New rules with these edits made after this value's own, as one change (checked
        once, at the end): :class:`~manorkit.ruleset.edits.Edit` values or plain
        ``[file, row, field, value]`` lists, e.g. ``rules.edits.to_json()``."""
        return self._loader.edited(self, (*self.edits, *edits))

    @property
    def unedited(self) -> RulesBase:
        """These rules without their edits (the same variant readings)."""
        return self._loader.edited(self, ()) if self.edits else self

    def diff(self, other: RulesBase) -> pd.DataFrame:
        """Every value that differs between these rules and ``other``: one row per cell,
        columns file, row, field, this, other (cell text; ``(no row)`` / ``(no file)``
        where one side lacks it). Empty when the two hold the same values."""
        import pandas as pd

        out = []
        for file in sorted(set(self._tables) | set(other._tables)):
            mine, theirs = self._tables.get(file), other._tables.get(file)
            if mine is None or theirs is None:
                out.append({"file": file, "row": "", "field": "",
                            "this": "(no file)" if mine is None else "(file)",
                            "other": "(no file)" if theirs is None else "(file)"})
                continue
            fields = [*mine.header, *(f for f in theirs.header if f not in mine.header)]
            for key in [*mine.rows, *(k for k in theirs.rows if k not in mine.rows)]:
                a, b = mine.rows.get(key), theirs.rows.get(key)
                for f in fields:
                    x = "(no row)" if a is None else _text(a.get(f))
                    y = "(no row)" if b is None else _text(b.get(f))
                    if (a is None) != (b is None) or (a.get(f) != b.get(f)):
                        out.append({"file": file, "row": key, "field": f, "this": x,
                                    "other": y})
                    if a is None or b is None:
                        break
        return pd.DataFrame(out, columns=["file", "row", "field", "this", "other"])

    def save(self, path) -> Path:
        """Write these rules as a complete rules folder at ``path``: every file, with the
        edits written in; ``variants.yaml`` as it is, so the readings stay choices. The
        folder is written beside ``path`` and checked by loading it before it replaces
        ``path`` (two renames), so a failed save leaves an existing folder as it was. Then
        ``load(path, **rules.changed).diff(rules)`` is empty. Returns the folder's path."""
        from .save import save_folder

        return save_folder(self, path)

    # -- recipes --------------------------------------------------------------------------
    def recipe(self) -> dict:
        """What remakes these rules, as JSON values: ``{"path": folder or None (the
        default), "variants": {id: reading} (non-default only), "edits": [[file, row,
        field, value], ...]}``; :meth:`from_recipe` reads it back."""
        path = None if self.path == self._loader.default else str(self.path)
        return {"path": path, "variants": dict(sorted(self.changed.items())),
                "edits": self.edits.to_json()}

    @classmethod
    def from_recipe(cls, recipe: Mapping) -> RulesBase:
        """The rules :meth:`recipe` describes (``edits`` may be absent); a malformed recipe
        raises ``ValueError`` naming the key, bad data :class:`RulesDataError`."""
        if not isinstance(recipe, Mapping) or not {"path", "variants"} <= set(recipe) or set(
                recipe) - {"path", "variants", "edits"}:
            got = sorted(recipe) if isinstance(recipe, Mapping) else type(recipe).__name__
            raise ValueError(f"rules: expected the keys path, variants and edits, got {got}")
        path, variants = recipe["path"], recipe["variants"]
        edits = recipe.get("edits", [])
        if path is not None and not isinstance(path, str) or not isinstance(variants, Mapping):
            raise ValueError("rules: path must be a string or null, variants an object")
        if not isinstance(edits, list):
            raise ValueError("rules: edits must be a list of [file, row, field, value]")
        rules = cls._loader.load(path, **variants)
        return cls._loader.edited(rules, edits) if edits else rules

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
        """Every placeholder value: file, row and field (``(row)`` for a whole row whose
        ``source`` is ``placeholder``), from each row's ``placeholder`` column and source.
        The silences of the text themselves (:data:`SILENCES`) are not values: not listed."""
        import pandas as pd

        out = []
        for file in self.files:
            if file == SILENCES:
                continue
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
        return _from_recipe, (type(self), path, tuple(sorted(self.changed.items())), self.digest,
                              tuple(map(tuple, self.edits)))

    def __repr__(self) -> str:
        edits = f", edits={len(self.edits)}" if self.edits else ""
        return f"{type(self).__name__}({str(self.path)!r}, variants={self.changed}{edits})"


def _text(value: object) -> str:
    try:
        return edits_mod.cell_text(value)
    except ValueError:
        return str(value)


def _from_recipe(cls: type[RulesBase], path: Path | None, changed: tuple, digest: str,
                 edits: tuple = ()):
    """Unpickle: load the folder again (its files must be those the value was made from)
    and make the edits again."""
    rules = cls._loader.load(path, **dict(changed))
    if rules.digest != digest:
        rules = cls._loader.load(path, reload=True, **dict(changed))
    if rules.digest != digest:
        raise RulesDataError(str(rules.path), "changed since these rules were pickled; "
                             "expected the same files (reload the rules and send them again)")
    return cls._loader.edited(rules, edits) if edits else rules
