"""Typed errors for the Blue Prince rules data."""

from __future__ import annotations


class RulesDataError(ValueError):
    """A problem in a rules data file: names the file, the row, the field and what was expected."""

    def __init__(
        self,
        file: str,
        message: str,
        *,
        line: int | None = None,
        row: str | None = None,
        field: str | None = None,
    ) -> None:
        self.file, self.line, self.row, self.field = file, line, row, field
        where = [file]
        if line is not None:
            where.append(f"line {line}")
        if row is not None:
            where.append(f"row {row!r}")
        if field is not None:
            where.append(f"field {field!r}")
        super().__init__(f"{', '.join(where)}: {message}")
