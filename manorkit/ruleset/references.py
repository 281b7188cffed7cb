"""References between files: a column whose values must be rows (or values) of another."""

from __future__ import annotations

from .errors import RulesDataError
from .schema import Schema, Tables


def check_references(schema: Schema, tables: Tables) -> None:
    """Every value of a column with a ``ref`` is a row of the table it names (or, for
    ``table.column``, a value of that column); names must match exactly."""
    known: dict[str, frozenset[str]] = {}
    for file, table in tables.items():
        spec = schema.spec(file, table.header)
        for col in spec.cols:
            if col.ref is None or col.name not in table.header:
                continue
            if col.ref not in known:
                known[col.ref] = _names(schema, tables, col.ref, file, col.name)
            names = known[col.ref]
            for key, row in table.rows.items():
                value = row[col.name]
                for name in value if isinstance(value, tuple) else (value,):
                    if name is not None and name not in names:
                        near = sorted(n for n in names if n.casefold() == str(name).casefold())
                        hint = f" (did you mean {near[0]!r}?)" if near else ""
                        raise RulesDataError(
                            file, f"names {name!r}, which {col.ref} does not hold{hint}",
                            line=table.lines[key], row=key, field=col.name)


def _names(schema: Schema, tables: Tables, ref: str, file: str, column: str) -> frozenset[str]:
    name, _, target_col = ref.partition(".")
    target = schema.file(name)
    if target not in tables:
        raise RulesDataError(file, f"column {column!r} names rows of {target}, which is "
                             "missing", field=column)
    table = tables[target]
    if not target_col:
        return frozenset(table.rows)
    return frozenset(str(row[target_col]) for row in table.rows.values())
