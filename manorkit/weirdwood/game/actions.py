"""Decisions and random outcomes of a Weirdwood game: small immutable values, each with the
readable ``str`` a save records and a stepper shows."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Action:
    kind = "decision"


@dataclass(frozen=True)
class Play(Action):
    """Play an Action Card to an empty Time of Day slot (the Mandatory Action), face up or
    down, with a Warden Tactic Card on top when ``warden``."""

    card: str
    slot: int
    face_up: bool = True
    warden: bool = False

    def __str__(self) -> str:
        side = "face up" if self.face_up else "face down"
        return (f"play {self.card} {side} to slot {self.slot + 1}"
                + (" with a Warden Tactic Card" if self.warden else ""))


@dataclass(frozen=True)
class Advance(Action):
    """Advance time this many spots (to a spot of the slot's Time of Day)."""

    spots: int

    def __str__(self) -> str:
        return f"advance time {self.spots} spot" + ("s" if self.spots != 1 else "")


@dataclass(frozen=True)
class Move(Action):
    room: str

    def __str__(self) -> str:
        return f"move to {self.room}"


@dataclass(frozen=True)
class Portal(Action):
    room: str

    def __str__(self) -> str:
        return f"portal to {self.room}"


@dataclass(frozen=True)
class Attack(Action):
    def __str__(self) -> str:
        return "attack"


@dataclass(frozen=True)
class UseRoom(Action):
    def __str__(self) -> str:
        return "use the room's action"


@dataclass(frozen=True)
class ClearBlight(Action):
    def __str__(self) -> str:
        return "clear the room's Blight"


@dataclass(frozen=True)
class Power(Action):
    def __str__(self) -> str:
        return "use your power"


@dataclass(frozen=True)
class MoveLady(Action):
    room: str

    def __str__(self) -> str:
        return f"move Lady Weirdwood to {self.room}"


@dataclass(frozen=True)
class CounterSpell(Action):
    def __str__(self) -> str:
        return "cast a counter-spell"


@dataclass(frozen=True)
class ShareHealth(Action):
    """Give Lady Weirdwood some of your Health (against the Mîn Wraith)."""

    amount: int

    def __str__(self) -> str:
        return f"give Lady Weirdwood {self.amount} Health"


@dataclass(frozen=True)
class EndTurn(Action):
    def __str__(self) -> str:
        return "end the turn"


@dataclass(frozen=True)
class Choose(Action):
    """An answer to the question the game asks now (``what``): where a Hit of damage goes,
    which track an XP goes on, which die to forge …"""

    what: str
    option: str

    def __str__(self) -> str:
        return f"{QUESTIONS.get(self.what, self.what)}: {self.option}"


#: How each question reads.
QUESTIONS = {
    "facedown": "face down", "damage": "a Hit taken on", "xp": "XP on the track",
    "scarab": "a defeated Scarab", "wound": "a Hit on the Chaos Ogre's",
    "wild": "a wild bonus as", "gain": "gain", "discard": "discard", "forge": "forge a die",
    "recruit": "recruit", "refresh": "refresh", "portal": "portal to",
    "other": "another player", "arm": "siphon into arm",
    "die": "an extra Battle Die", "room": "choose the room", "jump": "jump to", "spend": "spend",
    "clear": "clear the Blight of",
}

#: What a random step produces: its label and source (sim.games.CHANCE_SOURCES).
DRAWS = {
    "tile": ("room tile placed", "tile"), "draw": ("Action Card drawn", "card"),
    "monster": ("Monster Card drawn", "card"), "battle": ("battle dice rolled", "dice"),
    "room_dice": ("room dice rolled", "dice"), "d12": ("d12 rolled", "dice"),
    "wraith_die": ("Mîn Wraith die rolled", "dice"), "companion": ("Companion revealed", "card"),
}


@dataclass(frozen=True)
class Draw:
    """A random outcome of step ``what``."""

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

