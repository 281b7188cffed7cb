"""The Nightmare House rules as an immutable value: :func:`load_rules` and :class:`Rules`."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from .. import DATA_DIR
from ..dist import Dist
from ..ruleset import Loader, RulesBase, Schema
from .schema import CHECKS, FILES, REQUIRED_VARIANTS, SOURCE

if TYPE_CHECKING:
    import pandas as pd

DEFAULT_PATH = DATA_DIR / "nightmare_house"
SCHEMA = Schema(files=FILES, source=SOURCE, checks=CHECKS, required_variants=REQUIRED_VARIANTS)


class Rules(RulesBase):
    """Nightmare House rules with a choice of every variant; an immutable value."""

    def _row(self, file: str, key: str, what: str) -> Mapping:
        rows = self.rows(file)
        if key not in rows:
            raise ValueError(f"unknown {what} {key!r}; known: {', '.join(rows)}")
        return rows[key]

    @property
    def characters(self) -> pd.DataFrame:
        """The 12 Characters: strengths and the bonuses the text gives them (Part 1, Part 4)."""
        return self._frame("characters.csv", "character")

    def character(self, name: str) -> Mapping:
        return self._row("characters.csv", name, "character")

    @property
    def haunts(self) -> pd.DataFrame:
        """The Haunts: strength, kind (physical/psychic), mobility (Counter Faces, Part 9)."""
        return self._frame("haunts.csv", "haunt")

    def haunt(self, name: str) -> Mapping:
        return self._row("haunts.csv", name, "haunt")

    @property
    def tools(self) -> pd.DataFrame:
        """The Tools and their Physical/Psychic Strength Modifiers (Counter Faces: Tools)."""
        return self._frame("tools.csv", "tool")

    def tool(self, name: str) -> Mapping:
        return self._row("tools.csv", name, "tool")

    @property
    def clock(self) -> pd.DataFrame:
        """The 12 Hours, 6 PM to 5 AM, and what each changes (Part 4, Part 6)."""
        return self._frame("clock.csv", "hour")

    def hour(self, name: str) -> Mapping:
        return self._row("clock.csv", name, "hour")

    @property
    def phases(self) -> pd.DataFrame:
        return self._frame("phases.csv", "phase")

    @property
    def discoveries(self) -> pd.DataFrame:
        return self._frame("discoveries.csv", "discovery")

    @property
    def gaps(self) -> pd.DataFrame:
        """Where the text is cut short or silent; each value filled in is a placeholder."""
        return self._frame("gaps.csv", "gap")

    def number(self, name: str) -> int:
        return self._row("numbers.csv", name, "number")["value"]

    @property
    def power_marker(self) -> Dist:
        """The value of one Power Marker drawn blind (placeholder values: not in the text)."""
        return Dist.from_counts({r["value"]: r["count"]
                                 for r in self.rows("power_markers.csv").values() if r["count"]})



_LOADER = Loader(SCHEMA, Rules, DEFAULT_PATH)


def load_rules(path: str | Path | None = None, *, reload: bool = False,
               **variants: str) -> Rules:
    """Load a Nightmare House rules folder (default: the shipped ``data/nightmare_house``).

    Keyword arguments choose variant readings, e.g. ``load_rules(lost_axis="halves")``;
    problems raise :class:`~manorkit.ruleset.RulesDataError`. Cached as Blue Prince's.
    """
    return _LOADER.load(path, reload=reload, **variants)
