"""The decisions of a Mystery Mansion game, as values (What Do You Do on a Turn?).

Each prints as the button a stepper shows; random steps are
:class:`~manorkit.gamestate.Chance` outcomes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..gamestate import Chance, IllegalAction
from .mansion import OUTSIDE, WORDS

__all__ = ["Build", "Chance", "GiveBack", "IllegalAction", "Move", "Passage", "Place",
           "Play", "Roll", "Target"]


@dataclass(frozen=True)
class Roll:
    """Roll the door die (one action)."""

    kind: ClassVar[str] = "decision"

    def __str__(self) -> str:
        return "roll the door die"


@dataclass(frozen=True)
class Move:
    """After an OPEN roll: go through a doorway (or the double doors) into ``room``."""

    room: str
    kind: ClassVar[str] = "decision"

    def __str__(self) -> str:
        return "leave the mansion" if self.room == OUTSIDE else f"move to {self.room}"


@dataclass(frozen=True)
class Build:
    """After an OPEN roll: add a room of ``level`` (None: drawn blind, ``facedown_levels``
    hidden)."""

    level: str | None
    kind: ClassVar[str] = "decision"

    def __str__(self) -> str:
        return f"add a {self.level} room" if self.level else "add a room"


@dataclass(frozen=True)
class Place:
    """Where the room just drawn goes: beside the pawn's room on ``side``, with its doors
    turned to ``doors``."""

    room: str
    side: str
    doors: tuple[str, ...]
    kind: ClassVar[str] = "decision"

    def __str__(self) -> str:
        return f"place {self.room} {WORDS[self.side]}, doors {' '.join(self.doors)}"


@dataclass(frozen=True)
class Play:
    """Play a card from the hand (one action), at ``target``: an opponent, a chest number,
    a room, or nothing."""

    card: str
    target: str | None = None
    kind: ClassVar[str] = "decision"

    def __str__(self) -> str:
        if self.card.startswith("Key "):
            return f"play {self.card} on chest {self.target}"
        return f"play {self.card}" + (f": {self.target}" if self.target else "")


@dataclass(frozen=True)
class Passage:
    """Go through an established Secret Passage to ``room`` (one action)."""

    room: str
    kind: ClassVar[str] = "decision"

    def __str__(self) -> str:
        return f"take the Secret Passage to {self.room}"


@dataclass(frozen=True)
class GiveBack:
    """Return Clue Cards: put ``card`` from the hand back into the Clue draw pile."""

    card: str
    kind: ClassVar[str] = "decision"

    def __str__(self) -> str:
        return f"return {self.card} to the Clue pile"


@dataclass(frozen=True)
class Target:
    """The opponent an immediate Clue card (Move to an Occupied Room, Exchange Places)
    points at."""

    card: str
    player: str
    kind: ClassVar[str] = "decision"

    def __str__(self) -> str:
        return f"{self.card}: {self.player}"
