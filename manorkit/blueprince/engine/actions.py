"""Decisions and chance outcomes: small immutable values with a readable ``str`` and JSON.

Every action checks its own fields when built, so a malformed one (``Draft("N")``,
``Take(None)``) raises :class:`IllegalAction` naming the field instead of doing something.
The actions the engine builds at every moment (``Draft``, ``Take``, ``Move``, ``Chance``) it
builds with their ``made`` of fields it made well formed itself: no checks, and the fields set
in one go (a frozen dataclass's constructor sets them one by one). Anything else, user input
included, goes through the constructor, which checks every field.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from ..board import WORDS


class IllegalAction(ValueError):
    """An action that is not legal (or not well formed) here; the state is unchanged."""


def _int(value, name: str, lo: int, hi: int | None = None) -> None:
    if type(value) is not int and (isinstance(value, bool) or not isinstance(value, int)) or \
            value < lo or (hi is not None and value > hi):
        span = f"{lo}-{hi}" if hi is not None else f"at least {lo}"
        raise IllegalAction(f"{name} must be a whole number {span}, got {value!r}")


def _text(value, name: str, choices: tuple[str, ...] = ()) -> None:
    if not isinstance(value, str) or (choices and value not in choices):
        allowed = f" (one of {', '.join(choices)})" if choices else ""
        raise IllegalAction(f"{name} must be a string{allowed}, got {value!r}")


def _cell(value, name: str = "cell") -> None:
    if type(value) is tuple and len(value) == 2 and type(value[0]) is type(value[1]) is int:
        return  # (the cells the engine makes; subclasses of tuple and int checked below)
    if not (isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], int)
            and isinstance(value[1], int) and not isinstance(value[0], bool)
            and not isinstance(value[1], bool)):
        raise IllegalAction(f"{name} must be a (rank, column) pair of whole numbers, "
                            f"got {value!r}")


@dataclass(frozen=True)
class Action:
    """Base of every decision and chance outcome."""

    kind = "action"

    def to_json(self) -> dict:
        return {"type": self.kind, **asdict(self)}


_new = object.__new__
#: Sets an action's ``__dict__`` (the setter every action inherits: a frozen dataclass refuses
#: its fields to ``setattr``). A new dict, not the instance's own filled in: that one shares
#: its keys with the class, and reading a field from it takes the slow path every time.
_set_dict = Action.__dict__["__dict__"].__set__


@dataclass(frozen=True)
class Draft(Action):
    """Action A (§4): draft through door ``direction`` (0 N … 3 W) of the current room."""

    direction: int
    room: str = ""
    cell: tuple[int, int] | None = None
    kind = "draft"

    def __post_init__(self) -> None:
        _int(self.direction, "direction", 0, 3)
        _text(self.room, "room")
        if self.cell is not None:
            _cell(self.cell)

    @classmethod
    def made(cls, direction: int, room: str, cell: tuple[int, int]) -> Draft:
        """The draft of fields the engine made well formed (unchecked; see the module)."""
        action = _new(cls)
        _set_dict(action, {"direction": direction, "room": room, "cell": cell})
        return action

    def __str__(self) -> str:
        where = f" from {self.room} {self.cell}" if self.room else ""
        return f"draft {WORDS[self.direction]}{where}"


UNLOCKS = {"key": "spend a Key", "lockpick": "use a Lockpick Kit charge",
           "silver_key": "use a Silver Key", "prism_key": "use a Prism Key",
           "secret_garden_key": "use the Secret Garden Key", "turn_back": "turn back"}


@dataclass(frozen=True)
class Unlock(Action):
    """Pay for a locked door (§4 Step 1, §6 Special Keys), or ``turn_back``."""

    method: str
    colour: str = ""  # the Prism Key's lite effect, in a room of two colours
    kind = "unlock"

    def __post_init__(self) -> None:
        _text(self.method, "method", tuple(UNLOCKS))
        _text(self.colour, "colour")

    def __str__(self) -> str:
        return UNLOCKS[self.method] + (f" ({self.colour})" if self.colour else "")


REDRAWS = {"ivory_dice": "redraw with an Ivory Die", "silver_key": "redraw free (Silver Key)",
           "drawing_room": "redraw free (Drawing Room)", "study": "redraw for 1 gem (Study)",
           "no_fit": "redraw free: no drawn tile fits (variant no_legal_tile)"}


@dataclass(frozen=True)
class Redraw(Action):
    """Set the drawn tiles aside and draw anew (§4 Step 4) using ``source``."""

    source: str
    kind = "redraw"

    def __post_init__(self) -> None:
        _text(self.source, "source", tuple(REDRAWS))

    def __str__(self) -> str:
        return REDRAWS[self.source]


@dataclass(frozen=True)
class Take(Action):
    """Draft the tile in ``slot`` (1-based), turned ``rotation`` quarter turns (None: the
    orientation is drawn by chance under ``tile_orientation=as_drawn``)."""

    slot: int
    room: str = ""
    rotation: int | None = None
    kind = "take"

    def __post_init__(self) -> None:
        _int(self.slot, "slot", 1)
        _text(self.room, "room")
        if self.rotation is not None:
            _int(self.rotation, "rotation", 0, 3)

    @classmethod
    def made(cls, slot: int, room: str, rotation: int | None) -> Take:
        """The take of fields the engine made well formed (unchecked; see the module)."""
        action = _new(cls)
        _set_dict(action, {"slot": slot, "room": room, "rotation": rotation})
        return action

    def __str__(self) -> str:
        turn = "" if self.rotation is None else f", rotated {self.rotation * 90}°"
        return f"take Slot {self.slot}: {self.room or '?'}{turn}"


@dataclass(frozen=True)
class Hide(Action):
    """Turn the tile in ``slot`` face-down for this draft (§16 Archives)."""

    slot: int
    kind = "hide"

    def __post_init__(self) -> None:
        _int(self.slot, "slot", 1)

    def __str__(self) -> str:
        return f"hide Slot {self.slot} (Archives)"


PAYMENTS = ("key", "lockpick", "silver_key")


@dataclass(frozen=True)
class Move(Action):
    """Action B (§4): move to the room at ``cell``, paying each padlock on the route with
    the methods in ``pay`` (§4 Action B: a Key, a Lockpick Kit charge or a Silver Key)."""

    cell: tuple[int, int]
    room: str = ""
    steps: int = 0
    pay: tuple[str, ...] = ()
    kind = "move"

    def __post_init__(self) -> None:
        _cell(self.cell)
        _text(self.room, "room")
        _int(self.steps, "steps", 0)
        if not isinstance(self.pay, tuple):
            raise IllegalAction(f"pay must be a tuple of payment methods, got {self.pay!r}")
        for method in self.pay:
            _text(method, "pay", PAYMENTS)

    @classmethod
    def made(cls, cell: tuple[int, int], room: str, steps: int, pay: tuple[str, ...]) -> Move:
        """The move of fields the engine made well formed (unchecked; see the module)."""
        action = _new(cls)
        _set_dict(action, {"cell": cell, "room": room, "steps": steps, "pay": pay})
        return action

    def __str__(self) -> str:
        unit = "step" if self.steps == 1 else "steps"
        paid = f", paying {' + '.join(self.pay)}" if self.pay else ""
        return f"move to {self.room} {self.cell}, {self.steps} {unit}{paid}"


@dataclass(frozen=True)
class GiveUp(Action):
    """Return the drawn tiles to the bag (variants ``no_legal_tile`` and ``furnace_pass``)."""

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

    def __post_init__(self) -> None:
        _text(self.method, "method", ("key", "sledgehammer"))

    def __str__(self) -> str:
        return f"open a trunk with the {'Sledgehammer' if self.method == 'sledgehammer' else 'Key'}"


@dataclass(frozen=True)
class Eat(Action):
    """Eat a fruit token in the current room (§11 Fruit Tokens)."""

    fruit: str
    kind = "eat"

    def __post_init__(self) -> None:
        _text(self.fruit, "fruit")

    def __str__(self) -> str:
        return f"eat the {self.fruit}"


@dataclass(frozen=True)
class Buy(Action):
    """Buy ``item`` in the shop you stand in (§12 Shops)."""

    item: str
    price: int = 0
    kind = "buy"

    def __post_init__(self) -> None:
        _text(self.item, "item")
        _int(self.price, "price", 0)

    def __str__(self) -> str:
        unit = "coin" if self.price == 1 else "coins"
        return f"buy {self.item}" + (f" for {self.price} {unit}" if self.price else "")


@dataclass(frozen=True)
class Use(Action):
    """Use an ability of the room you stand in or of an item you hold (§4 Action C-D,
    §5, §6, §7, §16): ``ability`` names it, ``target`` says on what (a wager, a room, a cell,
    a book, an item …)."""

    ability: str
    target: object = None
    kind = "use"

    def __post_init__(self) -> None:
        _text(self.ability, "ability")
        if isinstance(self.target, list):
            object.__setattr__(self, "target", tuple(self.target))
        try:
            hash(self.target)
        except TypeError:
            raise IllegalAction(f"target must be a plain value, got {self.target!r}") from None

    def __str__(self) -> str:
        what = self.ability.replace("_", " ")
        return what if self.target is None else f"{what}: {self.target}"


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

    def __post_init__(self) -> None:
        if isinstance(self.value, list):
            object.__setattr__(self, "value", tuple(self.value))
        try:
            hash(self.value)
        except TypeError:
            raise IllegalAction(f"a chance value must be a plain value, got {self.value!r}"
                                ) from None

    @classmethod
    def made(cls, value: object, label: str) -> Chance:
        """The chance outcome of a plain ``value`` the engine drew (unchecked; see the
        module)."""
        action = _new(cls)
        _set_dict(action, {"value": value, "label": label})
        return action

    def __str__(self) -> str:
        return f"{self.label}: {self.value}" if self.label else str(self.value)

    def to_json(self) -> dict:
        value = list(self.value) if isinstance(self.value, tuple) else self.value
        return {"type": "chance", "value": value, "label": self.label}


KINDS = {cls.kind: cls for cls in (Draft, Unlock, Redraw, Take, Hide, GiveUp, Move, Dig,
                                   OpenTrunk, Eat, Buy, Use, EndDay, Chance)}


def from_json(data: object) -> Action:
    """The action a ``to_json`` dict describes; a malformed one is an :class:`IllegalAction`."""
    if not isinstance(data, dict):
        raise IllegalAction(f"an action must be a JSON object, got {data!r}")
    data = dict(data)
    cls = KINDS.get(data.pop("type", None))
    if cls is None:
        raise IllegalAction(f"unknown action {data!r}")
    names = {f.name for f in fields(cls)}
    unknown = set(data) - names
    if unknown:
        raise IllegalAction(f"{cls.kind} has no field {', '.join(sorted(unknown))}")
    args = {k: (tuple(v) if isinstance(v, list) and k != "value" else v)
            for k, v in data.items()}
    if isinstance(args.get("value"), list):
        args["value"] = _tuples(args["value"])
    try:
        return cls(**args)
    except TypeError as err:
        raise IllegalAction(f"{cls.kind}: {err}") from None


def _tuples(v):
    return tuple(_tuples(x) for x in v) if isinstance(v, list) else v


__all__ = ["Action", "Buy", "Chance", "Dig", "Draft", "Eat", "EndDay", "GiveUp",
           "Hide", "IllegalAction", "Move", "OpenTrunk", "Redraw", "Take", "Unlock", "Use",
           "from_json"]
