"""The decisions of a Nightmare House game, as values; each prints as the button a stepper
shows. Random steps are :class:`~manorkit.gamestate.Chance` outcomes.

Where a player gives or commits Power Markers, the text lets him pick which; the engine
offers how many and takes his best for him (his highest when they count for him, his lowest
when he pays), the choice no player would refuse.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..gamestate import Chance, IllegalAction

__all__ = ["Attempt", "Chance", "Commit", "Go", "IllegalAction", "Pass", "Setup", "Tool"]


@dataclass(frozen=True)
class Setup:
    """A choice of the setup or of where something is put: ``what`` goes to ``choice``."""

    what: str
    choice: str
    kind: ClassVar[str] = "decision"

    def __str__(self) -> str:
        return f"{self.what}: {self.choice}"


@dataclass(frozen=True)
class Go:
    """Move ``who`` (a Character, a Haunt, an Astral Body, a Focus Marker) to ``where``."""

    who: str
    where: str
    kind: ClassVar[str] = "decision"

    def __str__(self) -> str:
        return f"{self.who} to {self.where}"


@dataclass(frozen=True)
class Tool:
    """Drop or take up a Tool (Part 4 C Steps 1-2)."""

    verb: str
    tool: str
    kind: ClassVar[str] = "decision"

    def __str__(self) -> str:
        return f"{self.verb} the {self.tool}"


@dataclass(frozen=True)
class Attempt:
    """Do something the rules make optional: heal, ward, search, draw or destroy a
    Pentagram, go onto the Astral Plane, Exorcise, remove a Haunt."""

    what: str
    kind: ClassVar[str] = "decision"

    def __str__(self) -> str:
        return self.what


@dataclass(frozen=True)
class Pass:
    """Decline what is offered (``what``: what is declined)."""

    what: str
    kind: ClassVar[str] = "decision"

    def __str__(self) -> str:
        return f"no: {self.what}"


@dataclass(frozen=True)
class Commit:
    """Commit Power Markers to ``what``: ``values`` (or, when the House draws them blind in
    a solitaire game, ``count`` of them)."""

    what: str
    values: tuple[int, ...] = ()
    count: int | None = None
    kind: ClassVar[str] = "decision"

    def __str__(self) -> str:
        if self.count is not None:
            return f"{self.what} with {self.count} marker(s) drawn blind"
        shown = "+".join(map(str, self.values)) if self.values else "no markers"
        return f"{self.what} with {shown}"
