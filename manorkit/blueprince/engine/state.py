"""A day in the manor as an immutable state (§3 Setup, §4 Turn Structure).

``new_day`` sets up a run; ``state.apply(action)`` returns the next state and never changes
the old one. When the next step is random, ``state.is_chance`` is true and
``state.chance_outcomes()`` lists every outcome with its exact probability, as in
OpenSpiel; ``state.resolve()`` samples one with the run's own seeded generator.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType

import pandas as pd

from ..loader import Span
from ..odds._common import food_steps
from ..odds._common import lock_die as _lock_die
from ..placement import Cell
from ..rules import DEFAULT_PATH, Rules, load_rules
from . import rooms as effects
from .actions import (
    Action,
    Chance,
    Dig,
    Draft,
    Eat,
    EndDay,
    GiveUp,
    Move,
    OpenTrunk,
    Redraw,
    Take,
    Unlock,
    from_json,
)
from .board import DIRS, WORDS, Tile, doors, edge, neighbour, paths, placements, rotations

FORMAT = "manorkit.blueprince.run/1"
RESOURCES = ("steps", "gems", "keys", "coins", "ivory_dice")
START = (1, 3)
#: Rooms no route may enter: the Antechamber's doors open only by levers (§13).
CLOSED = frozenset({"Antechamber"})


class IllegalAction(ValueError):
    """An action that is not legal in this state; the state is unchanged."""


@dataclass(frozen=True)
class Campaign:
    """What earlier days left behind that shapes this morning (§3 steps 3, 6 and 9, §14)."""

    apple_orchard: bool = False
    unlocked: tuple[str, ...] = ()
    foundation: Cell | None = None
    bonuses: tuple[tuple[str, int], ...] = ()

    def to_json(self) -> dict:
        return {"apple_orchard": self.apple_orchard, "unlocked": list(self.unlocked),
                "foundation": list(self.foundation) if self.foundation else None,
                "bonuses": [list(b) for b in self.bonuses]}

    @classmethod
    def from_json(cls, data: dict | None) -> Campaign:
        data = data or {}
        found = data.get("foundation")
        return cls(bool(data.get("apple_orchard", False)), tuple(data.get("unlocked", ())),
                   tuple(found) if found else None,
                   tuple((str(r), int(n)) for r, n in data.get("bonuses", ())))


@dataclass(frozen=True)
class Pending:
    """A random step waiting to be resolved: what is rolled or drawn, and for which cell."""

    kind: str
    cell: Cell | None = None
    data: tuple = ()


@dataclass(frozen=True)
class Drafting:
    """A draft in progress (§4 Action A)."""

    origin: Cell
    direction: int
    size: int
    hand: tuple[str, ...] = ()
    set_aside: tuple[str, ...] = ()
    free_redraws: tuple[str, ...] = ()
    slot: int | None = None

    @property
    def target(self) -> Cell:
        return neighbour(self.origin, self.direction)


@dataclass(frozen=True)
class Event:
    """One entry of the run's structured log."""

    step: int
    turn: int
    action: str
    effect: str
    section: str


def _frozen(d: dict) -> MappingProxyType:
    return MappingProxyType(d)


@dataclass(frozen=True, eq=False)
class State:
    """One moment of a day. Build with :func:`new_day`; advance with :meth:`apply`."""

    rules: Rules
    seed: int
    campaign: Campaign
    position: Cell
    resources: MappingProxyType
    items: MappingProxyType
    board: MappingProxyType
    padlocks: frozenset
    dirt: MappingProxyType
    trunks: MappingProxyType
    fruit: MappingProxyType
    bag: MappingProxyType
    decks: MappingProxyType
    held_cards: MappingProxyType
    entered: frozenset
    pending: tuple[Pending, ...] = ()
    drafting: Drafting | None = None
    turn: int = 0
    over: str | None = None
    steps_gained: int = 0
    steps_spent: int = 0
    parent: State | None = field(default=None, repr=False)
    action: Action | None = None
    events: tuple[Event, ...] = ()
    depth: int = 0
    _memo: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    # -- the game tree ----------------------------------------------------------------------
    @property
    def is_chance(self) -> bool:
        """Whether the next step is random (resolve it with a chance outcome)."""
        return bool(self.pending) and self.pending[0].kind != "choose"

    @property
    def is_over(self) -> bool:
        return self.over is not None

    def chance_outcomes(self) -> list[tuple[Chance, Fraction]]:
        """Every outcome of the pending random step with its exact probability."""
        label, weights = self._chance_weights()
        total = sum(weights.values())
        return [(Chance(v, label), Fraction(w, total)) for v, w in weights.items()]

    def chance_table(self) -> pd.DataFrame:
        """:meth:`chance_outcomes` as a DataFrame: outcome, exact p and its float."""
        rows = [{"outcome": c.value, "p": p, "probability": float(p)}
                for c, p in self.chance_outcomes()]
        return pd.DataFrame(rows, columns=["outcome", "p", "probability"])

    def legal_actions(self) -> list[Action]:
        """The legal decisions, in a deterministic order (empty at a chance step or the end)."""
        if "legal" not in self._memo:
            if self.is_over or self.is_chance:
                legal = []
            elif self.pending and self.pending[0].kind == "choose":
                legal = self._choose_actions()
            elif self.drafting is not None:
                legal = self._unlock_actions()
            else:
                legal = self._turn_actions()
            self._memo["legal"] = tuple(legal)
        return list(self._memo["legal"])

    def apply(self, action: Action) -> State:
        """The state after ``action`` (a decision, or a chance outcome at a chance step).

        Raises :class:`IllegalAction`, saying why, and changes nothing, if it is not legal.
        """
        if self.is_over:
            raise IllegalAction(f"the day is over ({self.over}); no action is legal")
        if self.is_chance:
            if not isinstance(action, Chance):
                raise IllegalAction(f"a random step is pending ({self.pending[0].kind}); "
                                    "apply one of chance_outcomes() or call resolve()")
            label, weights = self._chance_weights()
            if action.value not in weights:
                raise IllegalAction(f"{action.value!r} is not an outcome of "
                                    f"{self.pending[0].kind}; outcomes: {list(weights)}")
            if action.label != label:
                action = Chance(action.value, label)
        else:
            action = self._match(action)
        work = Work(self, action)
        work.run(action)
        return work.freeze()

    def _match(self, action: Action) -> Action:
        """The legal action that ``action`` names; fields left at their defaults (e.g. a
        ``Draft(0)`` without its room) match anything."""
        legal = self.legal_actions()
        if action in legal:
            return legal[legal.index(action)]
        given = {k: v for k, v in action.to_json().items()
                 if v not in ("", None) and not (k == "steps" and v == 0)}
        for candidate in legal:
            full = candidate.to_json()
            if all(full.get(k) == v for k, v in given.items()):
                return candidate
        names = ", ".join(map(str, legal)) or "none"
        raise IllegalAction(f"{action} is not legal here; legal: {names}")

    def resolve(self, rng: random.Random | None = None) -> State:
        """Resolve the pending random step by sampling it (with ``rng``, or with the run's
        own generator seeded by ``(seed, depth)``, so replays are identical)."""
        if not self.is_chance:
            raise IllegalAction("no random step is pending")
        rng = rng or random.Random(f"{self.seed}:{self.depth}")
        label, weights = self._chance_weights()
        pick = rng.randrange(sum(weights.values()))
        for value, w in weights.items():
            pick -= w
            if pick < 0:
                return self.apply(Chance(value, label))
        raise AssertionError("unreachable")

    def settle(self, rng: random.Random | None = None) -> State:
        """Resolve random steps until a decision (or the end of the day) is reached."""
        state = self
        while state.is_chance:
            state = state.resolve(rng)
        return state

    # -- history, replay and JSON ---------------------------------------------------------
    @property
    def history(self) -> list[Action]:
        """Every action and chance outcome since setup, in order."""
        out, s = [], self
        while s.parent is not None:
            out.append(s.action)
            s = s.parent
        return out[::-1]

    def undo(self, n: int = 1) -> State:
        """The state ``n`` actions ago."""
        if not 0 <= n <= self.depth:
            raise ValueError(f"can undo 0 to {self.depth} actions, not {n}")
        s = self
        for _ in range(n):
            s = s.parent
        return s

    def at(self, depth: int) -> State:
        """The state after the first ``depth`` actions of this run (time travel)."""
        return self.undo(self.depth - depth)

    def snapshot(self) -> dict:
        """Every game fact of this moment as plain JSON data (not the history)."""
        return {
            "position": list(self.position),
            "resources": dict(self.resources),
            "items": dict(sorted(self.items.items())),
            "board": [[list(t.cell), t.room, t.rotation] for t in
                      sorted(self.board.values(), key=lambda t: t.cell)],
            "padlocks": sorted([list(c), d] for c, d in self.padlocks),
            "dirt": _cells(self.dirt), "trunks": _cells(self.trunks),
            "fruit": _cells({c: list(f) for c, f in self.fruit.items()}),
            "bag": dict(sorted(self.bag.items())),
            "decks": {d: [dict(sorted(r.items())), dict(sorted(x.items()))]
                      for d, (r, x) in sorted(self.decks.items())},
            "held_cards": {f"{d}/{c}": n for (d, c), n in sorted(self.held_cards.items())},
            "entered": sorted(list(c) for c in self.entered),
            "pending": [[p.kind, list(p.cell) if p.cell else None, list(p.data)]
                        for p in self.pending],
            "drafting": None if self.drafting is None else {
                "origin": list(self.drafting.origin), "direction": self.drafting.direction,
                "size": self.drafting.size, "hand": list(self.drafting.hand),
                "set_aside": list(self.drafting.set_aside),
                "free_redraws": list(self.drafting.free_redraws), "slot": self.drafting.slot},
            "turn": self.turn, "over": self.over,
            "steps_gained": self.steps_gained, "steps_spent": self.steps_spent,
        }

    def digest(self) -> str:
        """A fingerprint of :meth:`snapshot`, equal on any machine for equal states."""
        text = json.dumps(self.snapshot(), sort_keys=True, default=str)
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, State) and self.rules is other.rules
                and self.seed == other.seed and self.snapshot() == other.snapshot())

    def __hash__(self) -> int:
        return hash((self.seed, self.digest()))

    def to_json(self) -> str:
        """The run as JSON: rules folder and variants, seed, campaign, and every action."""
        rules = self.rules
        variants = {k: v for k, v in rules.choices.items() if v != rules._specs[k]["default"]}
        return json.dumps({
            "format": FORMAT,
            "rules": {"path": None if rules.path == DEFAULT_PATH else str(rules.path),
                      "variants": variants},
            "seed": self.seed,
            "campaign": self.campaign.to_json(),
            "actions": [a.to_json() for a in self.history],
            "digest": self.digest(),
        }, indent=1)

    @classmethod
    def from_json(cls, text: str, rules: Rules | None = None) -> State:
        """Replay a run saved by :meth:`to_json`; checks it arrives at the saved state."""
        data = json.loads(text)
        if data.get("format") != FORMAT:
            raise ValueError(f"not a manorkit run (format {data.get('format')!r})")
        if rules is None:
            spec = data["rules"]
            rules = load_rules(spec["path"], **spec["variants"])
        state = new_day(rules, seed=data["seed"], campaign=Campaign.from_json(data["campaign"]))
        for item in data["actions"]:
            state = state.apply(from_json(item))
        if data.get("digest") and state.digest() != data["digest"]:
            raise ValueError("replaying the actions does not reach the saved state; were the "
                             "rules or variants changed?")
        return state

    # -- display --------------------------------------------------------------------------
    @property
    def log(self) -> pd.DataFrame:
        """The structured event log: step, turn, action, effect and rulebook section."""
        events, s = [], self
        while s is not None:
            events.extend(reversed(s.events))
            s = s.parent
        return pd.DataFrame([e.__dict__ for e in reversed(events)],
                            columns=["step", "turn", "action", "effect", "section"])

    def __repr__(self) -> str:
        r = self.resources
        where = self.board[self.position].room
        status = self.over or ("chance: " + self.pending[0].kind if self.is_chance else "decide")
        return (f"<State step {self.depth} turn {self.turn} in {where} {self.position}: "
                f"{r['steps']} steps, {r['gems']} gems, {r['keys']} keys, {r['coins']} coins; "
                f"{status}>")

    def _repr_html_(self) -> str:
        from .display import state_html

        return state_html(self)

    # -- legal actions ---------------------------------------------------------------------
    def _turn_actions(self) -> list[Action]:
        here = self.board[self.position]
        out: list[Action] = []
        for d in DIRS:
            target = neighbour(self.position, d)
            if d in here.doors and target is not None and target not in self.board and (
                    edge(self.position, d) not in self.padlocks or self._can_pay(1)):
                out.append(Draft(d, here.room, self.position))
        for cell, (_, steps, locks) in sorted(self.routes().items()):
            if steps <= self.resources["steps"] and self._can_pay(len(locks)):
                out.append(Move(cell, self.board[cell].room, steps))
        if self.dirt.get(self.position) and "Shovel" in self.items:
            out.append(Dig())
        if self.trunks.get(self.position):
            if self.resources["keys"]:
                out.append(OpenTrunk("key"))
            if "Sledgehammer" in self.items:
                out.append(OpenTrunk("sledgehammer"))
        for fruit in sorted(set(self.fruit.get(self.position, ()))):
            out.append(Eat(fruit))
        out.append(EndDay())
        return out

    def routes(self) -> dict[Cell, tuple]:
        """Cheapest routes to every room the marker can reach (§4 Action B). The
        Antechamber is closed: its doors open only by levers (§13), not modelled yet."""
        if "routes" not in self._memo:
            walkable = {c: t for c, t in self.board.items() if t.room not in CLOSED}
            self._memo["routes"] = paths(walkable, self.position, self.padlocks)
        return self._memo["routes"]

    def _can_pay(self, locks: int) -> bool:
        return locks <= (self.resources["keys"] + self.items.get("Lockpick Kit", 0)
                         + self.items.get("Silver Key", 0))

    def _unlock_actions(self) -> list[Action]:
        out: list[Action] = []
        if self.resources["keys"]:
            out.append(Unlock("key"))
        if self.items.get("Lockpick Kit", 0):
            out.append(Unlock("lockpick"))
        if self.items.get("Silver Key", 0):
            out.append(Unlock("silver_key"))
        out.append(Unlock("turn_back"))
        return out

    def _choose_actions(self) -> list[Action]:
        draft = self.drafting
        out: list[Action] = []
        free = self.rules.variant("tile_orientation") != "as_drawn"
        for slot, room in enumerate(draft.hand, 1):
            turns = placements(self.rules, room, draft.origin, draft.direction)
            if not turns or (slot > 1 and self.rules.room(room)["gem_cost"]
                             > self.resources["gems"]):
                continue
            if free:
                out.extend(Take(slot, room, r) for r in turns)
            else:
                out.append(Take(slot, room))
        if self.bag:
            if self.resources["ivory_dice"]:
                out.append(Redraw("ivory_dice"))
            out.extend(Redraw(src) for src in draft.free_redraws)
        if not any(isinstance(a, Take) for a in out):
            out.append(GiveUp())
        return out

    # -- chance steps ----------------------------------------------------------------------
    def _chance_weights(self) -> tuple[str, dict]:
        """The pending random step's label and its outcomes with integer weights."""
        if "chance" not in self._memo:
            self._memo["chance"] = self._weights()
        return self._memo["chance"]

    def _weights(self) -> tuple[str, dict]:
        if not self.is_chance:
            raise IllegalAction("no random step is pending")
        p = self.pending[0]
        rules = self.rules
        if p.kind in {"lock_roll", "trunk_roll", "spawn_roll"}:
            return p.kind.replace("_", " "), _die_counts(rules, p.data[0])
        if p.kind == "draw_tile":
            return "tile drawn", dict(sorted(self.bag.items()))
        if p.kind == "orient":
            return "orientation", {r: 1 for r in p.data}
        if p.kind == "amount":
            return f"{p.data[0]} shown", {v: 1 for v in p.data[1:]}
        if p.kind == "fruit":
            return "fruit", {f: w for f, w in _fruit_weights(self) if w}
        if p.kind == "card":
            remaining, discard = self.decks[p.data[0]]
            pile = remaining if sum(remaining.values()) else discard
            return f"{p.data[0]} card", {c: n for c, n in sorted(pile.items()) if n}
        raise AssertionError(f"unknown pending step {p.kind}")


@lru_cache(maxsize=256)
def _deck_counts(rules: Rules, deck: str) -> tuple:
    return tuple(rules.deck_counts(deck).items())


@lru_cache(maxsize=256)
def _die_counts(rules: Rules, die: str) -> dict:
    return dict(rules.die_faces(die))


def _cells(d) -> list:
    return sorted([list(c), v] for c, v in d.items())


def _fruit_weights(state: State) -> list[tuple[str, int]]:
    """Weights of the Pantry's random fruit (variant ``pantry_fruit``; §11, §16 Pantry)."""
    rules = state.rules
    reading = rules.variant("pantry_fruit")
    if reading == "deck_ratio":
        deck = rules.deck_cards("common_items")
        counts: dict[str, int] = {}
        for _, row in deck.iterrows():
            if row["food"] in {"apple", "banana", "orange"}:
                counts[row["food"]] = counts.get(row["food"], 0) + int(row["copies"])
        return sorted(counts.items())
    if reading == "remaining_supply":
        on_board: dict[str, int] = {}
        for fruits in state.fruit.values():
            for f in fruits:
                on_board[f] = on_board.get(f, 0) + 1
        supply = rules.rows("tables/fruit_supply.csv")
        return [(f, max(0, r["tokens"] - on_board.get(f, 0))) for f, r in sorted(supply.items())]
    return sorted((f, r["weight"]) for f, r in rules.rows("tables/pantry_fruit.csv").items())


def new_day(rules: Rules | None = None, seed: int = 0, campaign: Campaign | None = None) -> State:
    """Set up a run (§3): Entrance Hall at Rank 1, Column 3; Antechamber at Rank 9, Column 3;
    the Active Bag; the decks; starting resources with their campaign modifiers."""
    rules = load_rules() if rules is None else rules
    return replace(_morning(rules, campaign or Campaign()), seed=int(seed))


@lru_cache(maxsize=64)
def _morning(rules: Rules, campaign: Campaign) -> State:
    """The set-up state of a run, before its seed (shared: states are immutable)."""
    board: dict[Cell, Tile] = {}
    for name, row in rules.rows("rooms.csv").items():
        fixed = rules.placement(name).fixed
        if row["category"] == "fixed" and fixed is not None:
            board[fixed] = _fixed_tile(rules, name, fixed)
    if campaign.foundation is not None:
        board[campaign.foundation] = _fixed_tile(rules, "The Foundation", campaign.foundation)
    bag = {t: int(n) for t, n in rules.bag(day=1, unlocked=campaign.unlocked,
                                          foundation_placed=campaign.foundation is not None
                                          ).items()}
    res = {r: 0 for r in RESOURCES}
    for name, row in rules.rows("tables/starting_resources.csv").items():
        res[name] = int(row["amount"])
    bonuses = list(campaign.bonuses)
    if campaign.apple_orchard:
        bonuses += [("steps", row["steps"]) for row in
                    rules.rows("tables/carry_forward.csv").values()
                    if row["trigger"] == "gate_code" and row["steps"]]
    for resource, amount in bonuses:
        if resource not in res:
            raise ValueError(f"unknown resource {resource!r} in campaign bonuses")
        res[resource] = max(0, res[resource] + int(amount))
    decks = {d: (_frozen(dict(_deck_counts(rules, d))), _frozen({}))
             for d in ("dig", "trunk", "common_items", "special_items")}
    return State(
        rules=rules, seed=0, campaign=campaign, position=START,
        resources=_frozen(res), items=_frozen({}), board=_frozen(board),
        padlocks=frozenset(), dirt=_frozen({}), trunks=_frozen({}), fruit=_frozen({}),
        bag=_frozen(bag), decks=_frozen(decks), held_cards=_frozen({}),
        entered=frozenset({START}),
        events=(Event(0, 0, "setup", (
            f"Entrance Hall at (1, 3); {sum(bag.values())} tiles in the Active Bag; "
            f"{res['steps']} steps, {res['gems']} gems, {res['keys']} keys, "
            f"{res['coins']} coins"), "§3 Setup"),),
    )


def _fixed_tile(rules: Rules, name: str, cell: Cell) -> Tile:
    """A pre-placed tile, turned so that the most of its doors lead onto the board."""
    shape = rules.room(name)["shape"]
    best = max(rotations(shape), key=lambda r: (
        sum(neighbour(cell, d) is not None for d in doors(shape, r)), -r))
    return Tile(name, cell, best, doors(shape, best))


_UNTOUCHED = object()


class Work:
    """The next state under construction: the reducer's working copy (never shared)."""

    #: State field → (Work attribute, how to copy it for writing).
    COPIED = {
        "resources": ("res", dict), "items": ("items", dict), "board": ("board", dict),
        "padlocks": ("padlocks", set), "dirt": ("dirt", dict), "trunks": ("trunks", dict),
        "fruit": ("fruit", dict), "bag": ("bag", dict), "held_cards": ("held", dict),
        "entered": ("entered", set),
        "decks": ("decks", lambda ds: {d: (dict(r), dict(x)) for d, (r, x) in ds.items()}),
    }
    ATTRS = {attr: (name, copy) for name, (attr, copy) in COPIED.items()}

    def __init__(self, state: State, action: Action) -> None:
        self.s = state
        self.rules = state.rules
        self.action = action
        self.pending = list(state.pending)
        self.drafting = state.drafting
        self.position = state.position
        self.turn = state.turn
        self.over = state.over
        self.gained, self.spent = state.steps_gained, state.steps_spent
        self.events: list[Event] = []

    def __getattr__(self, attr: str):
        """Copy a field of the old state the first time the reducer touches it."""
        if attr not in Work.ATTRS:
            raise AttributeError(attr)
        name, copy = Work.ATTRS[attr]
        value = copy(getattr(self.s, name))
        setattr(self, attr, value)
        return value

    def _out(self, attr: str, freeze):
        """The field for the new state: the old one if the reducer never touched it."""
        value = self.__dict__.get(attr, _UNTOUCHED)
        return getattr(self.s, Work.ATTRS[attr][0]) if value is _UNTOUCHED else freeze(value)

    # -- bookkeeping ------------------------------------------------------------------------
    def log(self, effect: str, section: str) -> None:
        self.events.append(Event(self.s.depth + 1, self.turn, str(self.action), effect, section))

    def room_at(self, cell: Cell) -> str:
        return self.board[cell].room

    def gain(self, resource: str, amount: int, why: str, section: str) -> None:
        """Add ``amount`` (may be negative; never below zero) of a resource."""
        before = self.res[resource]
        self.res[resource] = max(0, before + amount)
        change = self.res[resource] - before
        if resource == "steps":
            if change > 0:
                self.gained += change
            else:
                self.spent -= change
        if change:
            self.log(f"{'+' if change > 0 else ''}{change} {resource} ({why})", section)

    def queue(self, kind: str, cell: Cell | None = None, data: tuple = (), front: bool = False):
        p = Pending(kind, cell, data)
        if front:
            self.pending.insert(0, p)
        else:
            self.pending.append(p)

    def _prune(self) -> None:
        """Drop random steps that have nothing left to draw from."""
        while self.pending:
            p = self.pending[0]
            if p.kind == "card" and not any(sum(pile.values()) for pile in self.decks[p.data[0]]):
                self.log(f"the {p.data[0]} deck has no cards left", "§8 Deck Reshuffle Rule")
            elif p.kind == "fruit" and not any(w for _, w in _fruit_weights(self.s)):
                self.log("no fruit token left in the supply", "§11 Fruit Token Supply")
            else:
                return
            self.pending.pop(0)

    def freeze(self) -> State:
        self._prune()
        if not self.pending and self.drafting is None and self.over is None:
            if self.res["steps"] <= 0 and self.rules.variant("zero_steps") == "immediate_end":
                self.over = "out of steps"
                self.log("steps reached 0: the day ends", "§5 The Planetarium")
        s = self.s
        out = self._out
        return State(
            rules=s.rules, seed=s.seed, campaign=s.campaign, position=self.position,
            resources=out("res", _frozen), items=out("items", _frozen),
            board=out("board", _frozen), padlocks=out("padlocks", frozenset),
            dirt=out("dirt", lambda d: _frozen(_nonzero(d))),
            trunks=out("trunks", lambda d: _frozen(_nonzero(d))),
            fruit=out("fruit", lambda d: _frozen({c: f for c, f in d.items() if f})),
            bag=out("bag", lambda d: _frozen(_nonzero(d))),
            decks=out("decks", lambda ds: _frozen({d: (_frozen(r), _frozen(x))
                                                    for d, (r, x) in ds.items()})),
            held_cards=out("held", lambda d: _frozen(_nonzero(d))),
            entered=out("entered", frozenset),
            pending=tuple(self.pending), drafting=self.drafting, turn=self.turn,
            over=self.over, steps_gained=self.gained, steps_spent=self.spent, parent=s,
            action=self.action, events=tuple(self.events), depth=s.depth + 1,
        )

    # -- the reducer ------------------------------------------------------------------------
    def run(self, action: Action) -> None:
        if isinstance(action, Chance):
            self._chance(self.pending.pop(0), action.value)
        elif isinstance(action, Draft):
            self._draft(action.direction)
        elif isinstance(action, Unlock):
            self._unlock(action.method)
        elif isinstance(action, Redraw):
            self._redraw(action.source)
        elif isinstance(action, Take):
            self._take(action)
        elif isinstance(action, GiveUp):
            self.log("no drawn tile can be placed: the tiles return to the bag",
                     "§4 Step 4 (variant no_legal_tile)")
            self._end_draft()
        elif isinstance(action, Move):
            self._move(action)
        elif isinstance(action, Dig):
            self._dig()
        elif isinstance(action, OpenTrunk):
            self._open_trunk(action.method)
        elif isinstance(action, Eat):
            self._eat(action.fruit)
        elif isinstance(action, EndDay):
            self.over = "called it a day"
            self.log("the day ends", "§4 Action E")
        self._continue()

    def _continue(self) -> None:
        """Start the next automatic step of a draft once its random steps are resolved."""
        d = self.drafting
        if d is None or self.pending:
            return
        if d.slot is None and len(d.hand) < d.size and self.bag and not self._awaiting_lock():
            self.queue("draw_tile")
        elif d.slot is None and not self._awaiting_lock():
            if d.hand:
                self.queue("choose")
            else:
                self.log("the Active Bag is empty: nothing to draft", "§4 Step 2")
                self._end_draft()

    def _awaiting_lock(self) -> bool:
        d = self.drafting
        return bool(d) and not d.hand and edge(d.origin, d.direction) in self.padlocks

    # Action A -------------------------------------------------------------------------------
    def _draft(self, direction: int) -> None:
        origin = self.position
        size = 3
        self.drafting = Drafting(origin, direction, size)
        door = edge(origin, direction)
        self.log(f"drafting {WORDS[direction]} into {neighbour(origin, direction)}",
                 "§4 Action A")
        if door in self.padlocks:
            self.log("the door is padlocked: pay to open it or turn back (no re-roll)",
                     "§4 Step 1")
            return
        die = lock_die(self.rules, self.room_at(origin), origin, direction)
        if die is not None:
            self.queue("lock_roll", origin, (die,))

    def _unlock(self, method: str) -> None:
        d = self.drafting
        door = edge(d.origin, d.direction)
        if method == "turn_back":
            self.log("turned back; the padlock stays on the door", "§4 Step 1")
            self.drafting = None
            self.turn += 1
            return
        self._pay_lock(method)
        self.padlocks.discard(door)
        if method == "silver_key":
            self.drafting = replace(d, free_redraws=d.free_redraws + ("silver_key",))

    def _pay_lock(self, method: str) -> None:
        if method == "key":
            self.gain("keys", -1, "opened a locked door", "§6 When a Lock Is Discovered")
        else:
            item = {"lockpick": "Lockpick Kit", "silver_key": "Silver Key"}[method]
            self._use_charge(item)

    def _use_charge(self, item: str) -> None:
        self.items[item] -= 1
        self.log(f"used a {item} charge ({self.items[item]} left)", "§6 Special Keys")
        if self.items[item] == 0:
            del self.items[item]
            self._release_card(item)

    def _release_card(self, item: str) -> None:
        for (deck, card), n in list(self.held.items()):
            if card == item and n:
                self.held[(deck, card)] = n - 1
                discard = self.decks[deck][1]
                discard[card] = discard.get(card, 0) + 1
                return

    def _redraw(self, source: str) -> None:
        d = self.drafting
        if source == "ivory_dice":
            self.gain("ivory_dice", -1, "redraw", "§4 Step 4")
        free = tuple(s for s in d.free_redraws if s != source) if source != "ivory_dice" \
            else d.free_redraws
        self.drafting = replace(d, hand=(), set_aside=d.set_aside + d.hand, free_redraws=free)
        self.pending = [p for p in self.pending if p.kind != "choose"]
        self.log(f"set aside {', '.join(d.hand)}; drawing anew", "§4 Step 4")

    def _take(self, take: Take) -> None:
        d = self.drafting
        self.pending = [p for p in self.pending if p.kind != "choose"]
        cost = self.rules.room(take.room)["gem_cost"] if take.slot > 1 else 0
        if cost:
            self.gain("gems", -cost, f"drafted {take.room} from Slot {take.slot}",
                      "§4 Gem Cost Rules")
        if take.rotation is None:
            turns = placements(self.rules, take.room, d.origin, d.direction)
            self.drafting = replace(d, slot=take.slot)
            if len(turns) == 1:
                self._place(take.room, turns[0])
            else:
                self.queue("orient", d.target, turns)
        else:
            self._place(take.room, take.rotation)

    def _place(self, room: str, rotation: int) -> None:
        d = self.drafting
        target = d.target
        shape = self.rules.room(room)["shape"]
        self.board[target] = Tile(room, target, rotation, doors(shape, rotation))
        hand = list(d.hand)
        hand.remove(room)
        for tile in hand + list(d.set_aside):
            self.bag[tile] = self.bag.get(tile, 0) + 1
        self.log(f"placed {room} at {target}", "§4 Step 4")
        self.drafting = None
        self._on_draft(target)
        self.turn += 1
        if self.rules.variant("enter_after_draft") == "enter_now":
            self._enter(target, 1)

    def _end_draft(self) -> None:
        d = self.drafting
        for tile in d.hand + d.set_aside:
            self.bag[tile] = self.bag.get(tile, 0) + 1
        self.pending = [p for p in self.pending if p.kind != "choose"]
        self.drafting = None
        self.turn += 1

    def _on_draft(self, cell: Cell) -> None:
        room = self.room_at(cell)
        row = self.rules.room(room)
        if row["dirt_on_draft"]:
            self.dirt[cell] = self.dirt.get(cell, 0) + row["dirt_on_draft"]
            self.log(f"{row['dirt_on_draft']} dirt pile(s) on {room}", "§8 Dirt Pile Tokens")
        for _ in range(row["trunk_rolls"]):
            self.queue("trunk_roll", cell, (trunk_die(self.rules, room, cell),))
        if room in effects.DRAFT:
            effects.DRAFT[room](self, cell)
        elif not effects.modelled(room):
            self.log(f"the draft effects of {room} are not modelled yet", "§16")

    # Action B -------------------------------------------------------------------------------
    def _move(self, move: Move) -> None:
        locks, steps, doors_on = self.s.routes()[move.cell]
        for door in doors_on:
            method = ("key" if self.res["keys"] else
                      "lockpick" if self.items.get("Lockpick Kit") else "silver_key")
            self._pay_lock(method)
            self.padlocks.discard(door)
        self.turn += 1
        self._enter(move.cell, steps)

    def _enter(self, cell: Cell, steps: int) -> None:
        room = self.room_at(cell)
        self.gain("steps", -steps, f"moved to {room}", "§4 Action B")
        self.position = cell
        first = cell not in self.entered
        self.entered.add(cell)
        if room in effects.ENTER:
            effects.ENTER[room](self, cell, first)
        elif not effects.modelled(room):
            self.log(f"the entry effects of {room} are not modelled yet", "§16")

    def room_resources(self, cell: Cell, when: str) -> None:
        """Gain the fixed resources ``tables/room_resources.csv`` lists for this room."""
        room = self.room_at(cell)
        row = self.rules.rows("tables/room_resources.csv").get(room)
        if row is None or row["when"] != when:
            return
        for resource in ("steps", "coins", "gems", "keys"):
            if row[resource]:
                self.gain(resource, int(row[resource]), f"{room} ({when.replace('_', ' ')})",
                          row["source"])

    def item_spawn(self, cell: Cell, spawn: tuple[str, str] | None = None) -> None:
        """Queue this room's item-spawn roll or draws (``tables/item_spawns.csv``, §7)."""
        room = self.room_at(cell)
        row = self.rules.rows("tables/item_spawns.csv").get(room)
        if row is None:
            return
        draws = (("common_items",) * int(row["common"] or 0)
                 + ("special_items",) * int(row["special"] or 0))
        die, success = spawn or (row["die"], row["success"])
        if die:
            die, hits = spawn_die(self.rules, die, success)
            self.queue("spawn_roll", cell, (die, hits, *draws))
        else:
            for deck in draws:
                self.queue("card", cell, (deck,))

    # tokens ---------------------------------------------------------------------------------
    def _dig(self) -> None:
        self.dirt[self.position] -= 1
        if self.rules.variant("dig_step_cost") != "free":
            self.gain("steps", -1, "dug", "§16 Cloister")
        n = 2 if "Metal Detector" in self.items else 1
        self.log(f"dug a dirt pile: draw {n} Dig Result card(s)", "§8 Digging")
        for _ in range(n):
            self.queue("card", self.position, ("dig",))

    def _open_trunk(self, method: str) -> None:
        self.trunks[self.position] -= 1
        if method == "key":
            self.gain("keys", -1, "opened a trunk", "§8 Locked Trunks")
        self.log("opened a trunk: draw 1 Trunk Result card", "§8 Locked Trunks")
        self.queue("card", self.position, ("trunk",))

    def _eat(self, fruit: str) -> None:
        fruits = list(self.fruit[self.position])
        fruits.remove(fruit)
        self.fruit[self.position] = tuple(fruits)
        held = tuple(self.items)
        self.gain("steps", food_steps(self.rules, fruit, held), f"ate the {fruit}",
                  "§11 Fruit Tokens")

    # chance ---------------------------------------------------------------------------------
    def _chance(self, p: Pending, value) -> None:
        if p.kind == "lock_roll":
            if value == "LOCKED":
                self.padlocks.add(edge(self.drafting.origin, self.drafting.direction))
                self.log("LOCKED: a padlock goes on the door", "§4 Step 1")
            else:
                self.log("OPEN", "§4 Step 1")
        elif p.kind == "draw_tile":
            self.bag[value] -= 1
            d = self.drafting
            self.drafting = replace(d, hand=d.hand + (value,))
            self.log(f"Slot {len(d.hand) + 1}: {value}", "§4 Step 2")
        elif p.kind == "orient":
            self._place(self.drafting.hand[self.drafting.slot - 1], value)
        elif p.kind == "trunk_roll":
            if value == "OPEN":
                self.trunks[p.cell] = self.trunks.get(p.cell, 0) + 1
                self.log(f"a trunk on {self.room_at(p.cell)}", "§8 Locked Trunks")
        elif p.kind == "spawn_roll":
            _, hits, *draws = p.data
            if value in hits:
                self.log(f"{value}: the room holds an item", "§7 Item Spawn Decks")
                for deck in reversed(draws):
                    self.queue("card", p.cell, (deck,), front=True)
        elif p.kind == "fruit":
            self.fruit[p.cell] = self.fruit.get(p.cell, ()) + (value,)
            self.log(f"{value} token on {self.room_at(p.cell)}", "§16 Pantry")
        elif p.kind == "amount":
            self.gain(p.data[0], int(value), "card shows " + str(value), "§8")
        elif p.kind == "card":
            self._card(p.cell, p.data[0], value)

    def _card(self, cell: Cell, deck: str, card: str) -> None:
        remaining, discard = self.decks[deck]
        if not sum(remaining.values()):
            remaining, discard = dict(discard), {}
            self.decks[deck] = (remaining, discard)
            self.log(f"the {deck} deck is empty: discards reshuffled", "§8 Deck Reshuffle Rule")
        remaining[card] -= 1
        row = self.rules.rows(f"decks/{deck}.csv")[card]
        self.log(f"drew {card}", row["source"])
        keep = False
        for resource in ("steps", "coins", "gems", "keys", "ivory_dice"):
            value = row.get(resource)
            if isinstance(value, Span):
                self.queue("amount", cell, (resource, *value.values), front=True)
            elif value:
                self.gain(resource, int(value), card, row["source"])
        if row.get("food"):
            self.gain("steps", food_steps(self.rules, row["food"], tuple(self.items)), card,
                      "§11 Fruit Tokens")
        if row.get("trunks"):
            self.trunks[cell] = self.trunks.get(cell, 0) + int(row["trunks"])
            self.log(f"a trunk token on {self.room_at(cell)}", row["source"])
        item = row.get("item")
        if item and not (item == "Running Shoes"
                         and self.rules.variant("running_shoes") == "consumed"):
            keep = self._gain_item(item)
        if keep:
            self.held[(deck, card)] = self.held.get((deck, card), 0) + 1
        else:
            discard[card] = discard.get(card, 0) + 1

    def _gain_item(self, item: str) -> bool:
        """Take an item card into hand; returns whether the card is kept. A duplicate of a
        held item is discarded, except that a fresh card of an item with charges replaces the
        spent one (§7 Lockpick Kit: "only a fresh card resets them")."""
        row = self.rules.rows("tables/items.csv").get(item, {})
        charges = int(row.get("charges") or 1)
        if item in self.items:
            if charges == 1:
                self.log(f"{item} is already held: the duplicate is discarded", "§7")
                return False
            self._release_card(item)
        self.items[item] = charges
        self.log(f"gained the {item}", "§7 Item Reference")
        return True


def _nonzero(d: dict) -> dict:
    return {k: v for k, v in d.items() if v}


def lock_die(rules: Rules, room: str, origin: Cell, direction: int) -> str | None:
    """The lock die for door ``direction`` of ``room`` at ``origin`` (§4 Step 1, §6); None
    when it is never locked. Variant ``lock_rank_basis`` picks whose rank decides."""
    basis = rules.variant("lock_rank_basis")
    rank = origin[0] if basis == "current_room" else neighbour(origin, direction)[0]
    return _lock_die(rules, rules.room(room)["lock"], rank)


def trunk_die(rules: Rules, room: str, cell: Cell) -> str:
    """The die rolled for a trunk when ``room`` is drafted (§8: the blue die; the Boudoir's
    "Lock Die" under variant ``boudoir_trunk_die``)."""
    if room == "Boudoir" and rules.variant("boudoir_trunk_die") != "blue":
        return rules.rank_die(cell[0]) or "lock_white"
    return "lock_blue"


def spawn_die(rules: Rules, die: str, success: str) -> tuple[str, tuple[str, ...]]:
    """The die actually rolled for an item spawn and its winning faces (variant
    ``numbered_lock_die``: numbered results read on a d6, or as the OPEN face)."""
    lo, sep, hi = success.partition("-")
    if success in {"OPEN", "LOCKED"}:
        return die, (success,)
    numbers = tuple(str(n) for n in range(int(lo), int(hi if sep else lo) + 1))
    if die == "d6" or rules.variant("numbered_lock_die") == "d6":
        return "d6", numbers
    return die, ("OPEN",)
