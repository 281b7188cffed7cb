"""Typed columns: what a cell may hold, and how its text becomes a value."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

_INT_RE = re.compile(r"-?[0-9]{1,18}")
_RANGE_RE = re.compile(r"(-?[0-9]{1,18})-(-?[0-9]{1,18})")


@dataclass(frozen=True)
class Span:
    """A printed amount that varies from card to card, ``lo``-``hi`` (e.g. "1-2 Coins")."""

    lo: int
    hi: int

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(range(self.lo, self.hi + 1))

    def __str__(self) -> str:
        return f"{self.lo}-{self.hi}"

    __repr__ = __str__


@dataclass(frozen=True)
class Col:
    """One column of a data file: its kind and what its cells may hold.

    Kinds: ``text``; ``int`` (a whole number); ``amount`` (a whole number or a range
    ``a-b``, read as :class:`Span`); ``enum`` (one of ``choices``); ``list`` (``;``-separated,
    each one of ``choices`` if given); ``fields`` (``;``-separated columns of the same file).
    ``minimum``/``maximum`` bound numbers (both ends of a range). ``pattern`` is a regular
    expression a text cell must match, described by ``expected``. ``parse`` turns the text
    into a value or raises ``ValueError`` saying what was expected. ``ref`` names the table
    every value must be a row of (see :class:`~manorkit.ruleset.Schema`): ``"rooms"``,
    ``"table:food"``, or ``"dice.die"`` for the values of one column.
    """

    name: str
    kind: str = "text"
    required: bool = True
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    pattern: str | None = None
    expected: str = ""
    parse: Callable[[str], object] | None = None
    ref: str | None = None

    def convert(self, text: str) -> object:
        """The value of a cell (None when blank and not required); a bad cell raises
        ``ValueError`` with a message like "is -1; expected at least 0"."""
        if text == "":
            if self.required:
                raise ValueError(f"is blank; expected {self.describe()}")
            return None
        if self.parse is not None:
            try:
                return self.parse(text)
            except ValueError as exc:
                raise ValueError(f"is {text!r}: {exc}") from None
        if self.kind == "int":
            if not _INT_RE.fullmatch(text):
                raise ValueError(f"is {text!r}; expected a whole number")
            return self._bounded(int(text))
        if self.kind == "amount":
            if _INT_RE.fullmatch(text):
                return self._bounded(int(text))
            m = _RANGE_RE.fullmatch(text)
            if not m or int(m[1]) > int(m[2]):
                raise ValueError(f"is {text!r}; expected a whole number or a range like 1-2")
            return Span(self._bounded(int(m[1])), self._bounded(int(m[2])))
        if self.kind == "enum":
            if text not in self.choices:
                raise ValueError(f"is {text!r}; expected one of {', '.join(self.choices)}")
            return text
        if self.kind in {"list", "fields"}:
            items = tuple(v.strip() for v in text.split(";"))
            if "" in items:
                raise ValueError(f"is {text!r}; expected items separated by ';', none blank")
            bad = [v for v in items if self.choices and v not in self.choices]
            if bad:
                raise ValueError(f"has unknown {bad}; expected some of {', '.join(self.choices)}")
            return items
        if self.pattern is not None and not re.fullmatch(self.pattern, text):
            raise ValueError(f"is {text!r}; expected {self.describe()}")
        return text

    def describe(self) -> str:
        """What a good value looks like, in words."""
        if self.expected:
            return self.expected
        if self.kind in {"int", "amount"}:
            what = "a whole number" + (" or a range like 1-2" if self.kind == "amount" else "")
            if self.minimum is not None:
                what += f" of at least {self.minimum}"
            if self.maximum is not None:
                what += f" and at most {self.maximum}" if self.minimum is not None \
                    else f" of at most {self.maximum}"
            return what
        return {
            "enum": "one of " + ", ".join(self.choices),
            "list": "a ';'-separated list",
            "fields": "a ';'-separated list of this file's columns",
        }.get(self.kind, "a value")

    def _bounded(self, number: int) -> int:
        if self.minimum is not None and number < self.minimum:
            raise ValueError(f"is {number}; expected at least {self.minimum}")
        if self.maximum is not None and number > self.maximum:
            raise ValueError(f"is {number}; expected at most {self.maximum}")
        return number
