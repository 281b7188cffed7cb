"""The one error a bad rules folder raises."""

from __future__ import annotations

from functools import partial


class RulesDataError(ValueError):
    """A problem in a rules data file: names the file, the line, the row and the field, and
    says what was expected."""

    def __init__(
        self,
        file: str,
        message: str,
        *,
        line: int | None = None,
        row: str | None = None,
        field: str | None = None,
    ) -> None:
        self.file, self.message = file, message
        self.line, self.row, self.field = line, row, field
        where = [file]
        if line is not None:
            where.append(f"line {line}")
        if row is not None:
            where.append(f"row {row!r}")
        if field is not None:
            where.append(f"field {field!r}")
        super().__init__(f"{', '.join(where)}: {message}")

    def __reduce__(self):
        return partial(type(self), line=self.line, row=self.row, field=self.field), (
            self.file, self.message)
