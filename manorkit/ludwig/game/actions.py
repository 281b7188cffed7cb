"""Decisions and random outcomes of a Blueprints game: small immutable values with a readable
``str`` and JSON (``{"type": class name, field: value}``).

``using`` names what pays for a reward's use: a Room type's completion reward (``"Living"``),
``"special"`` (a special reward used as that type, Special Rewards) or ``"decree"`` (a Royal
Decree's extra use).
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from ...gamestate import IllegalAction
from ..cards import Card


def _wall(x: int, y: int, side: str) -> str:
    return f"({x}, {y}) {side}"


@dataclass(frozen=True)
class Action:
    """Base of every decision."""

    kind = "decision"

    def to_json(self) -> dict:
        out = {"type": type(self).__name__}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = (str(value) if isinstance(value, Card) else
                           [list(c) for c in value] if f.name == "cells" else value)
        return out


@dataclass(frozen=True)
class PickDecree(Action):
    """Keep one Royal Decree of the hand passed to you (Setup)."""

    decree: str

    def __str__(self) -> str:
        return f"keep Royal Decree {self.decree}"


@dataclass(frozen=True)
class ChooseFoyer(Action):
    """Colour your Foyer as a Room type (Setup)."""

    room_type: str

    def __str__(self) -> str:
        return f"Foyer as a {self.room_type} Room"


@dataclass(frozen=True)
class Take(Action):
    """Take a face-up Room Card from the Market (Player Turns)."""

    card: Card

    def __str__(self) -> str:
        return f"take {self.card}"


@dataclass(frozen=True)
class TakeReserve(Action):
    """Take a card from the Reserve pile instead (an Activity Room reward)."""

    card: Card
    using: str = "Activity"

    def __str__(self) -> str:
        return f"take {self.card} from the Reserve ({self.using})"


@dataclass(frozen=True)
class Skip(Action):
    """Skip this turn: no card (Skipping Your Turn)."""

    def __str__(self) -> str:
        return "skip the turn"


@dataclass(frozen=True)
class Sketch(Action):
    """Sketch the card taken: turned ``turn`` quarter turns clockwise (after a mirror when
    ``mirror``), its corner at ``(x, y)``; ``utility``: as a Utility Room (Royal Decree)."""

    turn: int
    mirror: bool
    x: int
    y: int
    utility: bool = False

    def __str__(self) -> str:
        how = f", turned {90 * self.turn}°" if self.turn else ""
        how += ", mirrored" if self.mirror else ""
        return f"sketch at ({self.x}, {self.y}){how}" + (" as Utility" if self.utility else "")


@dataclass(frozen=True)
class Rearrange(Action):
    """Use a Sleeping Room reward: sketch the card's squares now, its entrances one by one."""

    using: str = "Sleeping"

    def __str__(self) -> str:
        return f"move its entrances ({self.using})"


@dataclass(frozen=True)
class Door(Action):
    """Place one entrance of a rearranged Room on an outer wall."""

    x: int
    y: int
    side: str

    def __str__(self) -> str:
        return f"entrance at {_wall(self.x, self.y, self.side)}"


@dataclass(frozen=True)
class Passage(Action):
    """Sketch a secret passage through a Room's wall (a Downstairs Room reward)."""

    x: int
    y: int
    side: str
    using: str = "Downstairs"

    def __str__(self) -> str:
        return f"secret passage at {_wall(self.x, self.y, self.side)} ({self.using})"


@dataclass(frozen=True)
class Fill(Action):
    """Fill in an unconnected entrance (a Living Room reward)."""

    x: int
    y: int
    side: str
    using: str = "Living"

    def __str__(self) -> str:
        return f"remove the entrance at {_wall(self.x, self.y, self.side)} ({self.using})"


@dataclass(frozen=True)
class Expand(Action):
    """Fill in a flag: the lot grows a square on one side (an Outdoor Room reward)."""

    side: str
    using: str = "Outdoor"

    def __str__(self) -> str:
        return f"expand the lot {self.side} ({self.using})"


@dataclass(frozen=True)
class Moat(Action):
    """Sketch a Moat on a straight run of empty squares (a Moat reward)."""

    cells: tuple
    using: str = "Moat"

    def __str__(self) -> str:
        a, b = min(self.cells), max(self.cells)
        return f"Moat from {a} to {b} ({self.using})"


@dataclass(frozen=True)
class DrawBonus(Action):
    """Draw Bonus Cards (a Utility Room reward)."""

    using: str = "Utility"

    def __str__(self) -> str:
        return f"draw Bonus Cards ({self.using})"


@dataclass(frozen=True)
class Swan(Action):
    """Fill in a Swan with a special reward."""

    using: str = "special"

    def __str__(self) -> str:
        return "fill in a Swan (special)"


@dataclass(frozen=True)
class ExtraTurn(Action):
    """Use a special reward as a Food Room reward: an extra turn this round."""

    using: str = "special"

    def __str__(self) -> str:
        return "an extra turn this round (special)"


@dataclass(frozen=True)
class EndTurn(Action):
    def __str__(self) -> str:
        return "end the turn"


@dataclass(frozen=True)
class Done(Action):
    """Finish using rewards at the end of the game (Game End)."""

    def __str__(self) -> str:
        return "done"


#: What a random step produces, by the step: label and source (sim.games.CHANCE_SOURCES).
DRAWS = {
    "start": ("start player chosen", "other"),
    "favor": ("King's Favor revealed", "card"),
    "private": ("King's Favor drawn for Royal Decree D03", "card"),
    "bonus": ("Bonus Card dealt", "card"),
    "decree": ("Royal Decree dealt", "card"),
    "room": ("Room Card revealed to the Market", "card"),
}


@dataclass(frozen=True)
class Draw:
    """A random outcome: ``what`` step produced ``value`` (a player, a card id or a Room
    Card's text)."""

    what: str
    value: str
    kind = "chance"

    @property
    def source(self) -> str:
        return DRAWS[self.what][1]

    @property
    def label(self) -> str:
        return DRAWS[self.what][0]

    def __str__(self) -> str:
        return f"{self.label}: {self.value}"

    def to_json(self) -> dict:
        return {"type": "Draw", "what": self.what, "value": self.value}


ACTIONS = {cls.__name__: cls for cls in (
    PickDecree, ChooseFoyer, Take, TakeReserve, Skip, Sketch, Rearrange, Door, Passage, Fill,
    Expand, Moat, DrawBonus, Swan, ExtraTurn, EndTurn, Done, Draw)}


def from_json(data: dict):
    """The action ``to_json`` wrote; a malformed one raises :class:`IllegalAction`."""
    if not isinstance(data, dict) or data.get("type") not in ACTIONS:
        raise IllegalAction(f"not an action: {data!r}")
    cls = ACTIONS[data["type"]]
    values = {k: v for k, v in data.items() if k != "type"}
    try:
        if "card" in values:
            values["card"] = Card.parse(values["card"])
        if "cells" in values:
            values["cells"] = tuple(sorted(tuple(c) for c in values["cells"]))
        return cls(**values)
    except (TypeError, ValueError) as err:
        raise IllegalAction(f"bad {data['type']}: {err}") from None
