"""The working values of a Weirdwood game: the table (:class:`Table`) and each Warden's board
(:class:`Warden`). A :class:`~.state.State` holds one (in its board, see
:mod:`manorkit.gamestate`) and never changes it: ``apply`` copies it (:meth:`Table.copy`),
lets the rules change the copy, and wraps the copy in a new state.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, fields

from ..board import Place
from ..rules import Rules

RESOURCES = ("min", "knowledge", "scarab")
WORDS = {"min": "Mîn", "knowledge": "Knowledge", "scarab": "Scarab", "power": "Power Token"}


@dataclass
class Warden:
    """One player's board, hand and supply."""

    name: str
    character: str
    place: Place
    health: int
    slots: list[str]                      # Time of Day slots: a time or "wild"
    played: dict = field(default_factory=dict)     # slot index → (card, face_up, warden)
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    supply: Counter = field(default_factory=Counter)   # min, knowledge, scarab, power
    dice: list[str] = field(default_factory=list)      # forged dice by slot, cheapest first
    permanent: int = 0                                 # dice that are never lost
    xp: int = 0                                        # gained, still to spend
    tracks: dict = field(default_factory=lambda: {"power": 0, "battle": 0, "tactics": 0})
    hits: int = 0                                      # from the Battle XP Track
    blocks: int = 0
    companions: list[str] = field(default_factory=list)
    exhausted: set = field(default_factory=set)
    wardens: int = 0                                   # Warden Tactic Cards held
    draw_up: bool = False                              # health rose: draw up at turn's end

    def copy(self) -> Warden:
        out = Warden(**{f.name: getattr(self, f.name) for f in fields(self)})
        for name in ("slots", "hand", "discard", "dice", "companions"):
            setattr(out, name, list(getattr(self, name)))
        out.played = dict(self.played)
        out.supply = Counter(self.supply)
        out.tracks = dict(self.tracks)
        out.exhausted = set(self.exhausted)
        return out


@dataclass
class Table:
    """Everything on the table; the rules of play change it in place (on a copy)."""

    rules: Rules
    monster: str
    players: tuple[str, ...]
    wardens: dict[str, Warden]
    rooms: dict                                   # place → room name
    time: int = 0                                 # spots since Day 1, first Morning
    scarabs: Counter = field(default_factory=Counter)   # place → Scarabs
    blighted: set = field(default_factory=set)
    rubble: set = field(default_factory=set)
    fire: set = field(default_factory=set)
    monster_at: Place | None = None
    lady_at: Place | None = None
    lady: int = 0                    # her health (Ogre), life force (Wraith), space (Therus)
    health: int = 0                  # the Mîn Wraith's or Therus's
    cubes: dict = field(default_factory=dict)     # the Chaos Ogre: (area, row) → cubes left
    power_cards: list = field(default_factory=list)   # slotted: (strength, kind) …
    deck: Counter = field(default_factory=Counter)     # Monster Cards by kind
    discards: Counter = field(default_factory=Counter)
    upcoming: str | None = None      # the next Monster Card's kind (its back shows it)
    plans: list = field(default_factory=list)          # Therus' Plans: kinds, in order
    arms: list = field(default_factory=lambda: [0, 0, 0])
    offer: list = field(default_factory=list)          # Companions face up
    companions_left: list = field(default_factory=list)
    wardens_left: int = 0
    group_xp: int = 0
    turn: int = 0                    # whose turn: an index into players
    turns: int = 0                   # turns begun
    todo: list = field(default_factory=list)   # steps still to happen; the head is now
    ctx: dict = field(default_factory=dict)    # this turn: the card's actions left, …
    over: str | None = None          # "won" or why the players lost
    said: str = ""                   # what the step being played did (its log line)

    def copy(self) -> Table:
        out = Table(**{f.name: getattr(self, f.name) for f in fields(self)})
        out.wardens = {k: w.copy() for k, w in self.wardens.items()}
        out.rooms = dict(self.rooms)
        for name in ("scarabs", "deck", "discards"):
            setattr(out, name, Counter(getattr(self, name)))
        for name in ("blighted", "rubble", "fire"):
            setattr(out, name, set(getattr(self, name)))
        for name in ("power_cards", "plans", "arms", "offer", "companions_left", "todo"):
            setattr(out, name, list(getattr(self, name)))
        out.cubes = dict(self.cubes)
        out.ctx = {k: (list(v) if isinstance(v, list) else v) for k, v in self.ctx.items()}
        return out

    @property
    def current(self) -> Warden:
        return self.wardens[self.players[self.turn]]

    def place_of(self, room: str) -> Place:
        return next(p for p, r in self.rooms.items() if r == room)

    def say(self, text: str) -> None:
        """Add to what the step being played did (the log's effect)."""
        self.said = f"{self.said}; {text}" if self.said else text
