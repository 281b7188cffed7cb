"""The Mystery Mansion rules as an immutable value: :func:`load_rules` and :class:`Rules`."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING

from .. import DATA_DIR
from ..ruleset import Loader, RulesBase, Schema
from .schema import CHECKS, DIRS, FILES, LEVELS, REQUIRED_VARIANTS, SOURCE

if TYPE_CHECKING:
    import pandas as pd

DEFAULT_PATH = DATA_DIR / "mystery_mansion"
SCHEMA = Schema(files=FILES, dirs=DIRS, source=SOURCE, checks=CHECKS,
                required_variants=REQUIRED_VARIANTS)


class Rules(RulesBase):
    """Mystery Mansion rules with a choice of every variant; an immutable value."""

    @property
    def rooms(self) -> pd.DataFrame:
        """The 24 rooms and their levels (The Rooms); the Foyer starts face up."""
        return self._frame("rooms.csv", "room")

    def rooms_on(self, level: str) -> tuple[str, ...]:
        """The rooms of one level, in rulebook order."""
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
        return tuple(n for n, r in self.rows("rooms.csv").items() if r["level"] == level)

    def level_of(self, room: str) -> str:
        rows = self.rows("rooms.csv")
        if room not in rows:
            raise ValueError(f"unknown room {room!r}; rooms: {', '.join(rows)}")
        return rows[room]["level"]

    def doors(self, room: str) -> tuple[str, ...]:
        """The sides (N E S W) of ``room``'s doors as printed, before it is turned
        (placeholder layouts: the text gives none)."""
        self.level_of(room)
        return self.rows("rooms.csv")[room]["doors"]

    def number(self, name: str) -> int:
        """A number of ``numbers.csv``: ``actions_per_turn``, ``hand_size`` …"""
        rows = self.rows("numbers.csv")
        if name not in rows:
            raise ValueError(f"unknown number {name!r}; numbers: {', '.join(rows)}")
        return rows[name]["value"]

    @property
    def start(self) -> str:
        """The room placed face up at setup (2. The Foyer)."""
        return next(n for n, r in self.rows("rooms.csv").items() if r["start"] == "yes")

    @property
    def components(self) -> pd.DataFrame:
        return self._frame("components.csv", "component")

    @property
    def door_die(self) -> Mapping[str, int]:
        """Face → count of the door die (the split is a placeholder: not in the text)."""
        return MappingProxyType({f: r["count"] for f, r in self.rows("door_die.csv").items()})

    def deck(self, name: str) -> Mapping[str, int]:
        """A deck's composition, card → copies (``search`` or ``clue``)."""
        if f"decks/{name}.csv" not in self.files:
            raise ValueError(f"unknown deck {name!r}; decks: search, clue")
        return MappingProxyType({c: r["copies"] for c, r in self.rows(f"decks/{name}.csv").items()
                                 if r["copies"]})

    def deck_cards(self, name: str) -> pd.DataFrame:
        self.deck(name)
        return self._frame(f"decks/{name}.csv", "card")

    @property
    def chests(self) -> Mapping[int, tuple[int, ...]]:
        """Chest → the secret key numbers on its label (placeholder numbers)."""
        return MappingProxyType({int(c): r["numbers"] for c, r in self.rows("chests.csv").items()})

    @property
    def keys(self) -> tuple[int, ...]:
        return tuple(int(k) for k in self.rows("keys.csv"))

    @property
    def treasure(self) -> tuple[int, int]:
        """(real, fake) treasure tokens, one in each chest (6. Treasure Tokens)."""
        rows = self.rows("treasures.csv").values()
        real = sum(r["copies"] for r in rows if r["real"] == "yes")
        return real, sum(r["copies"] for r in rows) - real

    @property
    def gaps(self) -> pd.DataFrame:
        """Where the text is silent; each value filled in is a placeholder."""
        return self._frame("gaps.csv", "gap")



_LOADER = Loader(SCHEMA, Rules, DEFAULT_PATH)


def load_rules(path: str | Path | None = None, *, reload: bool = False,
               **variants: str) -> Rules:
    """Load a Mystery Mansion rules folder (default: the shipped ``data/mystery_mansion``).

    Keyword arguments choose variant readings, e.g. ``load_rules(chest_numbers="one")``;
    problems raise :class:`~manorkit.ruleset.RulesDataError`. Cached as Blue Prince's.
    """
    return _LOADER.load(path, reload=reload, **variants)
