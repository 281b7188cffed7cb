"""The working copy of a Nightmare House game (see :mod:`manorkit.gamestate`): what is on
the table, the queue of steps still to play this Hour, and the registry of step kinds.

An Hour is played as a queue of :class:`Step` values. A step is *automatic* (done at once,
often queueing the steps of a phase), a *random step* (its outcomes read from the
calculators) or a *decision* of one player (skipped when it offers nothing). Step kinds are
registered by name with :func:`auto`, :func:`chance` and :func:`decide`; a name registered
twice is an error at import.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from ..gamestate import Chance
from . import contests, house
from .rules import Rules

HOUSE = "House"
Say = Callable[[str, str], None]


class Step(NamedTuple):
    """One step to play: its registered ``kind``, whose it is, and what it needs."""

    kind: str
    player: str
    args: tuple = ()


@dataclass(frozen=True)
class Handler:
    """A step kind: ``first`` gives an automatic step's effect, a random step's
    ``(Dist, label, source)`` or a decision's options; ``then`` applies an outcome or a
    chosen action."""

    kind: str
    first: Callable
    then: Callable | None = None


STEPS: dict[str, Handler] = {}
#: What lays the table out at setup (:func:`.setup.build`, registered by :func:`table`): the
#: setup stands above the board, which reaches it only through this registry.
TABLE: list[Callable] = []


def _register(name: str, handler: Handler) -> None:
    if name in STEPS:
        raise ValueError(f"step kind {name!r} is registered twice")
    STEPS[name] = handler


def table(build: Callable) -> Callable:
    """Register ``build(rules, seed, players, characters, solitaire, say) -> Board``, what
    :meth:`Board.setup` lays the table out with."""
    if TABLE:
        raise ValueError("the table's setup is registered twice")
    TABLE.append(build)
    return build


def auto(name: str):
    """Register ``run(board, rules, step, say)``, done as soon as the step is reached."""
    def wrap(run):
        _register(name, Handler("auto", run))
        return run
    return wrap


def chance(name: str, outcomes: Callable):
    """Register a random step: ``outcomes(board, rules, step)`` and the decorated
    ``resolve(board, rules, step, value, say)``."""
    def wrap(resolve):
        _register(name, Handler("chance", outcomes, resolve))
        return resolve
    return wrap


def decide(name: str, options: Callable):
    """Register a decision: ``options(board, rules, step)`` and the decorated
    ``chosen(board, rules, step, action, say)``."""
    def wrap(chosen):
        _register(name, Handler("decide", options, chosen))
        return chosen
    return wrap


class Hunter:
    """A Hunter's Character and everything marked on him."""

    __slots__ = ("character", "space", "soul", "psyche_vulnerable", "psyche", "astral",
                 "lost", "unconscious", "panicked", "dead", "possessed", "tools", "power",
                 "moved")

    def __init__(self, character: str | None, space: str, soul: int) -> None:
        self.character, self.space, self.soul = character, space, soul
        self.psyche_vulnerable = self.lost = self.unconscious = self.panicked = False
        self.dead = self.possessed = self.moved = False
        self.psyche = self.astral = None  # Power Points (circle, axis) on the ASTRAL MAP
        self.tools: tuple[str, ...] = ()
        self.power: tuple[int, ...] = ()  # his section of the POWER WHEEL, sorted

    def copy(self) -> Hunter:
        h = Hunter.__new__(Hunter)
        for name in Hunter.__slots__:
            setattr(h, name, getattr(self, name))
        return h

    @property
    def active(self) -> bool:
        """In the game: neither Dead nor with his Soul Possessed."""
        return not (self.dead or self.possessed)

    @property
    def able(self) -> bool:
        """Active and neither Unconscious nor Lost (he may act on the HOUSE MAP)."""
        return self.active and not (self.unconscious or self.lost)


class Haunt:
    """A Haunt marker in play: ``name`` (the House knows it; the Hunters once revealed),
    where it is (``space``, or the CLOCK ``hour`` it materializes at) and the Power Markers
    energizing it."""

    __slots__ = ("n", "name", "space", "hour", "power", "revealed", "mobile")

    def __init__(self, n: int, name: str, mobile: bool, power: tuple[int, ...]) -> None:
        self.n, self.name, self.mobile, self.power = n, name, mobile, power
        self.space = self.hour = None
        self.revealed = False

    def copy(self) -> Haunt:
        h = Haunt.__new__(Haunt)
        for name in Haunt.__slots__:
            setattr(h, name, getattr(self, name))
        return h

    @property
    def label(self) -> str:
        return f"Haunt {self.n}"


class Board:
    """The working copy of a game."""

    __slots__ = ("players", "hunters", "solitaire", "hour", "queue", "cup", "house_power",
                 "haunts", "haunt_cup", "gone", "rooms", "axes", "focus", "entity", "lights",
                 "discoveries", "tools", "pentagram", "exorcised", "over", "winners",
                 "started", "made")

    @classmethod
    def setup(cls, rules: Rules, seed: int, players: tuple[str, ...], say: Say,
              characters: tuple[str, ...] | None = None, solitaire: bool = False) -> Board:
        """The table at setup, played up to the House's first setup choice."""
        b = TABLE[0](rules, seed, players, characters, solitaire, say)
        b.advance(rules, say)
        return b

    def decisions(self, rules: Rules) -> list:
        step = self.queue[0]
        return STEPS[step.kind].first(self, rules, step)

    def outcomes(self, rules: Rules) -> list:
        step = self.queue[0]
        dist, label, source = STEPS[step.kind].first(self, rules, step)
        return [(Chance(v, label, source), p) for v, p in dist]

    def step(self, rules: Rules, action, say: Say) -> None:
        step = self.queue.pop(0)
        value = action.value if isinstance(action, Chance) else action
        STEPS[step.kind].then(self, rules, step, value, say)
        self.advance(rules, say)

    def copy(self) -> Board:
        b = Board.__new__(Board)
        for name in ("players", "solitaire", "hour", "house_power", "gone", "entity",
                     "pentagram", "exorcised", "over", "winners", "started", "haunt_cup", "made"):
            setattr(b, name, getattr(self, name))
        b.hunters = {p: h.copy() for p, h in self.hunters.items()}
        b.haunts = [h.copy() for h in self.haunts]
        b.queue, b.cup, b.rooms, b.axes = (list(self.queue), dict(self.cup), dict(self.rooms),
                                           dict(self.axes))
        b.focus, b.lights = list(self.focus), dict(self.lights)
        b.discoveries = {s: dict(d) for s, d in self.discoveries.items()}
        b.tools = dict(self.tools)
        return b

    # -- whose step ---------------------------------------------------------------------
    @property
    def is_chance(self) -> bool:
        return bool(self.queue) and STEPS[self.queue[0].kind].kind == "chance"

    @property
    def player(self) -> str:
        return self.queue[0].player if self.queue else HOUSE

    @property
    def turn(self) -> int:
        """The Hour being played, 1 (6 PM) to 12 (5 AM)."""
        return self.hour + 1

    def advance(self, rules: Rules, say: Say) -> None:
        """Do automatic steps, and skip decisions that offer nothing, until a random step or
        a decision is due (or the game is over)."""
        while self.queue and not self.over:
            step = self.queue[0]
            handler = STEPS[step.kind]
            if handler.kind == "auto":
                self.queue.pop(0)
                handler.first(self, rules, step, say)
            elif handler.kind == "decide" and not handler.first(self, rules, step):
                self.queue.pop(0)
            else:
                return

    def next(self, *steps: Step) -> None:
        """Play ``steps`` before anything already queued."""
        self.queue[0:0] = steps

    # -- reading the table --------------------------------------------------------------
    def hour_name(self, rules: Rules) -> str:
        return next(h for h, r in rules.rows("clock.csv").items() if r["order"] == self.turn)

    def order(self) -> list[str]:
        """The Hunters in move order (the First Hunter first)."""
        return [p for p in self.players if p != HOUSE]

    def active(self) -> list[str]:
        return [p for p in self.order() if self.hunters[p].active]

    def controlled_axes(self) -> int:
        return sum(self.axes.values())

    def present(self, space: str) -> list[str]:
        """The active Hunters whose bodies are in ``space``, in move order."""
        return [p for p in self.active() if self.hunters[p].space == space]

    def has(self, player: str, tool: str) -> bool:
        return tool in self.hunters[player].tools

    def lit_for(self, rules: Rules, player: str) -> bool:
        """Whether ``player`` sees in his Space: it is lit, or he holds a Candle or a
        Flashlight."""
        h = self.hunters[player]
        return (not house.dark(rules, h.space, self.lights)
                or any(t in h.tools for t in ("Candle", "Flashlight")))

    def panic(self, rules: Rules, player: str, cold_wind: bool = False) -> contests.Check:
        """The Panic check of ``player`` where he stands (Part 4 G; Cold Wind: the Space is
        Dark if its Lights are Off and nobody there has a Flashlight)."""
        h = self.hunters[player]
        dark = house.dark(rules, h.space, self.lights)
        if cold_wind:
            dark = dark and not any(self.has(q, "Flashlight") for q in self.present(h.space))
        return contests.panic(rules, h.character, dark=dark, soul_vulnerable=h.soul == 0,
                              bible=self.has(player, "Bible"))

    def mobile_at(self, space: str) -> list[Haunt]:
        return [h for h in self.haunts if h.mobile and h.space == space]

    def haunts_at(self, space: str) -> list[Haunt]:
        return [h for h in self.haunts if h.space == space]

    def energizing(self) -> int:
        """Power Markers energizing Mobile Haunts (on the CLOCK or the map)."""
        return sum(len(h.power) for h in self.haunts if h.mobile)

    def warded(self, rules: Rules, space: str) -> bool:
        """Whether a Haunt may not materialize in ``space``: its Room Marker has no Intact
        Focus Marker (a focus Space: its Immobile Haunt is gone)."""
        if space in house.focus_spaces(rules):
            return space in self.exorcised
        return not any(point == self.rooms_point(rules, space) and not dispersed
                       for point, dispersed in self.focus if point is not None)

    def rooms_point(self, rules: Rules, room: str):
        row = rules.rows("room_markers.csv").get(room)
        return None if row is None else (row["circle"], row["axis"])

    def barred(self, rules: Rules, space: str) -> bool:
        """A Haunt cannot enter a Space with a Pentagram, Rosary or Host Marker."""
        return ((self.pentagram is not None and self.pentagram[1] == space)
                or any(t in ("Rosary", "Host") for t in self.tools.get(space, ())))

    # -- Power Markers and the Soul Track --------------------------------------------------
    def to_cup(self, values) -> None:
        for v in values:
            self.cup[v] = self.cup.get(v, 0) + 1

    def from_cup(self, values) -> None:
        for v in values:
            self.cup[v] -= 1
            if not self.cup[v]:
                del self.cup[v]

    def soul_loss(self, rules: Rules, player: str, boxes: int, say: Say, section: str) -> None:
        """Move ``player``'s Soul Marker ``boxes`` closer to the "0" box (never below); at 0
        his Soul, and so his Psyche, is Vulnerable."""
        h = self.hunters[player]
        h.soul = max(h.soul - boxes, 0)
        if boxes:
            say(f"{player}'s Soul moves {boxes} box(es) to {h.soul}", section)
        if not h.soul:
            h.psyche_vulnerable = True

    def pay_house(self, rules: Rules, player: str, due: int, say: Say, section: str) -> int:
        """``player`` gives the House ``due`` Power Markers (his lowest); his Soul moves 1 box
        for each given and 2 for each he cannot give. Returns how many he could not give."""
        h = self.hunters[player]
        given = h.power[:due]
        h.power = h.power[len(given):]
        self.house_power = tuple(sorted(self.house_power + given))
        unpaid = due - len(given)
        if due:
            say(f"{player} gives the House {len(given)} Power Marker(s)"
                + (f", {unpaid} unpaid" if unpaid else ""), section)
        self.soul_loss(rules, player, rules.number("soul_per_marker") * len(given)
                       + rules.number("soul_per_unpaid") * unpaid, say, section)
        return unpaid

    def house_pays(self, player: str, due: int, say: Say, section: str) -> None:
        """The House gives ``player`` up to ``due`` Power Markers (its lowest)."""
        given = self.house_power[:due]
        self.house_power = self.house_power[len(given):]
        self.hunters[player].power = tuple(sorted(self.hunters[player].power + given))
        if due:
            say(f"the House gives {player} {len(given)} Power Marker(s)", section)

    def kill(self, player: str, say: Say, section: str) -> None:
        h = self.hunters[player]
        h.dead = h.possessed = True
        self.to_cup(h.power)
        h.power, h.astral, h.psyche = (), None, None
        say(f"{player} ({h.character}) dies: the House possesses his Soul", section)
