"""Decisions and chance outcomes: small immutable values with a readable ``str`` and JSON."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from .board import WORDS


@dataclass(frozen=True)
class Action:
    """Base of every decision and chance outcome."""

    kind = "action"

    def to_json(self) -> dict:
        return {"type": self.kind, **asdict(self)}


@dataclass(frozen=True)
class Draft(Action):
    """Action A (§4): draft through door ``direction`` (0 N … 3 W) of the current room."""

    direction: int
    room: str = ""
    cell: tuple[int, int] | None = None
    kind = "draft"

    def __str__(self) -> str:
        where = f" from {self.room} {self.cell}" if self.room else ""
        return f"draft {WORDS[self.direction]}{where}"


@dataclass(frozen=True)
class Unlock(Action):
    """Pay for a locked door with a ``key``, a ``lockpick`` charge or a ``silver_key`` use
    (§4 Step 1), or ``turn_back``."""

    method: str
    kind = "unlock"

    def __str__(self) -> str:
        return {"key": "spend a Key", "lockpick": "use a Lockpick Kit charge",
                "silver_key": "use a Silver Key", "turn_back": "turn back"}[self.method]


@dataclass(frozen=True)
class Redraw(Action):
    """Set the drawn tiles aside and draw anew (§4 Step 4) using ``source``."""

    source: str
    kind = "redraw"

    def __str__(self) -> str:
        names = {"ivory_dice": "redraw with an Ivory Die",
                 "silver_key": "redraw free (Silver Key)"}
        return names.get(self.source, f"redraw ({self.source})")


@dataclass(frozen=True)
class Take(Action):
    """Draft the tile in ``slot`` (1-based), turned ``rotation`` quarter turns (None: the
    orientation is drawn by chance under ``tile_orientation=as_drawn``)."""

    slot: int
    room: str = ""
    rotation: int | None = None
    kind = "take"

    def __str__(self) -> str:
        turn = "" if self.rotation is None else f", rotated {self.rotation * 90}°"
        return f"take Slot {self.slot}: {self.room}{turn}"


@dataclass(frozen=True)
class Move(Action):
    """Action B (§4): move to the room at ``cell``."""

    cell: tuple[int, int]
    room: str = ""
    steps: int = 0
    kind = "move"

    def __str__(self) -> str:
        unit = "step" if self.steps == 1 else "steps"
        return f"move to {self.room} {self.cell}, {self.steps} {unit}"


@dataclass(frozen=True)
class GiveUp(Action):
    """Return the drawn tiles to the bag when none can be placed (variant ``no_legal_tile``)."""

    kind = "give_up"

    def __str__(self) -> str:
        return "return the tiles to the bag"


@dataclass(frozen=True)
class Dig(Action):
    """Dig one dirt pile in the current room with the Shovel (§8 Digging)."""

    kind = "dig"

    def __str__(self) -> str:
        return "dig a dirt pile"


@dataclass(frozen=True)
class OpenTrunk(Action):
    """Open a trunk in the current room with a ``key`` or the ``sledgehammer`` (§8)."""

    method: str
    kind = "open_trunk"

    def __str__(self) -> str:
        return f"open a trunk with the {'Sledgehammer' if self.method == 'sledgehammer' else 'Key'}"


@dataclass(frozen=True)
class Eat(Action):
    """Eat a fruit token in the current room (§11 Fruit Tokens)."""

    fruit: str
    kind = "eat"

    def __str__(self) -> str:
        return f"eat the {self.fruit}"


@dataclass(frozen=True)
class EndDay(Action):
    """Action E (§4): call it a day."""

    kind = "end_day"

    def __str__(self) -> str:
        return "end the day"


@dataclass(frozen=True)
class Chance(Action):
    """The result of a random step: a die face, a tile, a card, a rotation ..."""

    value: object
    label: str = ""
    kind = "chance"

    def __str__(self) -> str:
        return f"{self.label}: {self.value}" if self.label else str(self.value)

    def to_json(self) -> dict:
        value = list(self.value) if isinstance(self.value, tuple) else self.value
        return {"type": "chance", "value": value, "label": self.label}


KINDS = {cls.kind: cls for cls in (Draft, Unlock, Redraw, Take, GiveUp, Move, Dig, OpenTrunk,
                                   Eat, EndDay, Chance)}


def from_json(data: dict) -> Action:
    """The action a ``to_json`` dict describes."""
    data = dict(data)
    cls = KINDS.get(data.pop("type", None))
    if cls is None:
        raise ValueError(f"unknown action {data!r}")
    names = {f.name for f in fields(cls)}
    args = {k: v for k, v in data.items() if k in names}
    if args.get("cell") is not None:
        args["cell"] = tuple(args["cell"])
    if cls is Chance and isinstance(args.get("value"), list):
        args["value"] = tuple(args["value"])
    return cls(**args)


__all__ = ["Action", "Chance", "Dig", "Draft", "Eat", "EndDay", "GiveUp", "Move",
           "OpenTrunk", "Redraw", "Take", "Unlock", "from_json"]
