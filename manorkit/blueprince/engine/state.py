"""A day in the manor as an immutable state (§3 Setup, §4 Turn Structure).

``new_day`` sets up a run; ``state.apply(action)`` returns the next state and never changes
the old one. When the next step is random, ``state.is_chance`` is true and
``state.chance_outcomes()`` lists every outcome with its exact probability, as in
OpenSpiel; ``state.resolve()`` samples one with the run's own seeded generator. The rules
themselves live in :mod:`.reducer` (dispatch), :mod:`.turn` (the core actions) and
:mod:`.rooms` (room effects), in the layers above: a state reaches them through
:data:`ABOVE`, the engine's one late binding.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import MISSING, dataclass, field
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType, SimpleNamespace

from ..board import edge, neighbour
from ..mechanics.drafting import FaceDown, shown
from ..placement import Cell
from ..rules import Rules, load_rules
from .actions import Action, Chance, IllegalAction, from_json
from .pending import Step, sample
from .setup import Campaign, morning

FORMAT = "manorkit.blueprince.run/1"
#: The engine's one late binding. States are values at the bottom of the engine; the rules
#: that change them lie above, and import this module. What a state's methods need from
#: them — the reducer's ``step`` and ``legal_actions``, the turn's ``routes`` and
#: ``faster_routes``, the display's ``state_html``, ``board_svg``, ``describe``,
#: ``describe_chance``, ``words`` and ``unavailable`` — is bound here once by
#: the engine package as it loads (``engine/__init__.py``, :func:`bind`), so no module of
#: the engine imports one above it.
ABOVE = SimpleNamespace()
#: States back that :meth:`State.inherited` looks for a fact already worked out.
LOOKBACK = 4
#: What the routes from a room depend on besides where the marker stands (the rules are the
#: day's): the board, its padlocks, and the flags (the levers that open the Antechamber).
ROUTE_FIELDS = ("board", "padlocks", "flags")


def bind(**functions) -> None:
    """Bind the functions a state's methods call in the layers above (:data:`ABOVE`)."""
    vars(ABOVE).update(functions)


class SaveError(ValueError):
    """A save that cannot be read or replayed; the message names the field at fault."""


def _load_save(text, fmt: str = FORMAT, what: str = "run") -> dict:
    if not isinstance(text, str | bytes):
        raise SaveError(f"a save is JSON text, got {type(text).__name__}")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise SaveError(f"not valid JSON: {err}") from None
    if not isinstance(data, dict) or data.get("format") != fmt:
        got = data.get("format") if isinstance(data, dict) else type(data).__name__
        raise SaveError(f"not a manorkit {what} (format {got!r})")
    return data


def _field(data: dict, name: str, kind: type):
    value = data.get(name)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise SaveError(f"{name}: expected {kind.__name__}, got {value!r}")
    return value


def freeze(d: dict) -> MappingProxyType:
    return MappingProxyType(d)


@dataclass(frozen=True)
class Drafting:
    """A draft in progress (§4 Action A): the door, the tiles drawn and set aside, the redraws
    used, and the choices this draft allows."""

    origin: Cell
    direction: int
    size: int
    hand: tuple[str, ...] = ()  # the tiles drawn, a face-down one its back (§16 Archives)
    set_aside: tuple[str, ...] = ()
    free_redraws: tuple[str, ...] = ()  # free redraws still available (Silver Key, Drawing Room)
    used: tuple[str, ...] = ()  # redraw sources used this draft, in order
    slot: int | None = None  # the slot chosen, while its orientation is rolled
    sleeve: bool = False  # Slot 1 is a sleeve Tunnel (§9 The Chain)
    hidden: int | None = None  # the slot the Archives turned face-down (§16 Archives)
    study: bool = False  # Study redraws allowed: at least 1 gem when the draft began (§16)

    @classmethod
    def begin(cls, origin: Cell, direction: int, size: int, **fields) -> Drafting:
        """The draft begun through door ``direction`` of the room at ``origin``, drawing
        ``size`` tiles, with ``fields`` and the other fields at their defaults, as the
        constructor makes it but without its frozen field-by-field assignment (a draft begins
        at every Draft)."""
        draft = {**_DRAFTING_DEFAULTS, **fields}  # (the dict copied at once, then 3 items set)
        draft["origin"], draft["direction"], draft["size"] = origin, direction, size
        if len(draft) != len(_DRAFTING_FIELDS):
            _no_field(fields)
        return _built(draft)

    @property
    def target(self) -> Cell:
        return neighbour(self.origin, self.direction)

    @property
    def door(self):
        return edge(self.origin, self.direction)

    @property
    def chosen(self) -> str:
        return self.hand[self.slot - 1]

    def drawn(self, tile: str) -> Drafting:
        """A copy with ``tile`` drawn into the next slot."""
        fields = self.__dict__.copy()  # (no unknown field to check for)
        fields["hand"] = self.hand + (tile,)
        return _built(fields)

    def replace(self, **changes) -> Drafting:
        """A copy with ``changes``, as ``dataclasses.replace`` makes it (the constructor checks
        nothing, so the fields are copied directly: a draft changes at every step)."""
        return _drafting(self.__dict__, changes)


_DRAFTING_FIELDS = frozenset(Drafting.__dataclass_fields__)
#: Every field's default (None for the three without one, which :meth:`Drafting.begin` sets).
_DRAFTING_DEFAULTS = {name: None if f.default is MISSING else f.default
                      for name, f in Drafting.__dataclass_fields__.items()}


def _drafting(base: dict, changes: dict) -> Drafting:
    """The draft with the fields ``base`` (every one) but for ``changes`` (a name that is no
    field: ``TypeError``)."""
    fields = {**base, **changes}
    if len(fields) != len(_DRAFTING_FIELDS):
        _no_field(changes)
    return _built(fields)


def _no_field(changes: dict) -> None:
    """Refuse the names in ``changes`` that are no field of a draft (``TypeError``)."""
    unknown = changes.keys() - _DRAFTING_FIELDS
    raise TypeError(f"Drafting has no field {', '.join(sorted(unknown))}")


def _built(fields: dict) -> Drafting:
    """The draft whose fields are ``fields`` (every one; the dict becomes its own)."""
    new = _new(Drafting)
    _set_dict(new, fields)
    return new


_new = object.__new__
#: Sets a draft's ``__dict__`` (its setter: ``object.__setattr__`` finds the same one, slower).
_set_dict = Drafting.__dict__["__dict__"].__set__


@dataclass(frozen=True)
class Event:
    """One entry of the run's structured log."""

    step: int
    turn: int
    action: str
    effect: str
    section: str


def effect_text(effect: str, args: tuple) -> str:
    """An event's effect as read: ``effect``, or with ``args`` the :meth:`str.format`
    template ``effect`` filled in with them."""
    return effect.format(*args) if args else effect


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
    tokens: MappingProxyType  # spread tokens: cell → {resource: count} (§10)
    bag: MappingProxyType
    decks: MappingProxyType
    held_cards: MappingProxyType
    entered: frozenset
    flags: MappingProxyType  # facts of this run that rooms and items remember
    carry: MappingProxyType  # what this day leaves for the next morning (§14)
    pending: tuple[Step, ...] = ()
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

    @classmethod
    def _build(cls, **fields) -> State:
        """The state with these fields (every one), as the constructor makes it but without
        its frozen field-by-field assignment: the reducer builds one per step."""
        new = object.__new__(cls)
        new.__dict__.update(fields, _memo={})
        return new

    # -- the game tree ----------------------------------------------------------------------
    @property
    def is_chance(self) -> bool:
        """Whether the next step is random (resolve it with a chance outcome)."""
        return bool(self.pending)

    @property
    def is_over(self) -> bool:
        return self.over is not None

    @property
    def won(self) -> bool:
        """Whether Room 46 was opened (§13)."""
        return self.over == "won"

    def chance_outcomes(self) -> list[tuple[Chance, Fraction]]:
        """Every outcome of the pending random step with its exact probability."""
        label, weights = self._chance_weights()
        total = sum(weights.values())
        return [(Chance(v, label), Fraction(w, total)) for v, w in weights.items()]

    def chance_table(self):
        """:meth:`chance_outcomes` as a DataFrame: outcome, exact p and its float."""
        import pandas as pd

        rows = [{"outcome": c.value, "p": p, "probability": float(p)}
                for c, p in self.chance_outcomes()]
        return pd.DataFrame(rows, columns=["outcome", "p", "probability"])

    def legal_actions(self, kind: type | tuple[type, ...] | None = None) -> list[Action]:
        """The legal decisions, in a deterministic order (empty at a chance step or the end);
        with ``kind`` (an action type or a tuple of them) only those of that kind, in the
        same order, computed by only the generators that can offer them (each once)."""
        return ABOVE.legal_actions(self, kind)

    def apply(self, action: Action) -> State:
        """The state after ``action`` (a decision, or a chance outcome at a chance step).

        Raises :class:`IllegalAction`, saying why, and changes nothing, if it is not legal.
        """
        return ABOVE.step(self, action)

    def resolve(self, rng: random.Random | None = None) -> State:
        """Resolve the pending random step by sampling it (with ``rng``, or with the run's
        own generator seeded by ``(seed, depth)``, so replays are identical)."""
        if not self.is_chance:
            raise IllegalAction("no random step is pending")
        rng = rng or random.Random(f"{self.seed}:{self.depth}")
        label, weights = self._chance_weights()
        return self.apply(Chance(sample(weights, rng), label))

    def settle(self, rng: random.Random | None = None) -> State:
        """Resolve random steps until a decision (or the end of the day) is reached."""
        state = self
        while state.is_chance:
            state = state.resolve(rng)
        return state

    def _chance_weights(self) -> tuple[str, dict]:
        """The pending random step's label and its outcomes with integer weights."""
        if "chance" not in self._memo:
            if not self.is_chance:
                raise IllegalAction("no random step is pending")
            p = self.pending[0]
            self._memo["chance"] = (p.label(), p.weights(self))
        return self._memo["chance"]

    # -- facts derived from the board ---------------------------------------------------------
    def inherited(self, name: str, fields: tuple[str, ...], equal: tuple[str, ...] = ()):
        """The fact ``name`` remembered by the nearest of the last :data:`LOOKBACK` states
        before this one that holds the very objects of ``fields`` this one holds (a step
        keeps the objects it leaves unchanged) and values equal to its ``equal``, or None: a
        fact that depends on those fields only is the same there."""
        p = self.parent
        for _ in range(LOOKBACK):
            if p is None:
                return None
            got = p._memo.get(name)
            if got is not None and all(getattr(p, f) is getattr(self, f) for f in fields) \
                    and all(getattr(p, f) == getattr(self, f) for f in equal):
                return got
            p = p.parent
        return None

    def on_board(self) -> frozenset[str]:
        """The names of the rooms on the board."""
        memo = self._memo
        if "rooms" not in memo:
            memo["rooms"] = (self.inherited("rooms", ("board",))
                             or frozenset(t.room for t in self.board.values()))
        return memo["rooms"]

    def routes(self) -> dict[Cell, tuple]:
        """Cell → (padlocks to pay, steps, padlocked doors) for every room you can move to."""
        memo = self._memo
        if "routes" not in memo:
            got = self.inherited("routes", ROUTE_FIELDS, ("position",))
            memo["routes"] = ABOVE.routes(self) if got is None else got
        return memo["routes"]

    def faster_routes(self) -> dict[Cell, tuple]:
        """Cell → the routes paying more padlocks than :meth:`routes` for fewer steps, each
        (padlocks to pay, steps, padlocked doors), by padlocks (rooms without one left out)."""
        if "faster" not in self._memo:
            self._memo["faster"] = ABOVE.faster_routes(self)
        return self._memo["faster"]

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
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= self.depth:
            raise ValueError(f"can undo 0 to {self.depth} actions, not {n!r}")
        s = self
        for _ in range(n):
            s = s.parent
        return s

    def at(self, depth: int) -> State:
        """The state after the first ``depth`` actions of this run (time travel)."""
        if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= self.depth:
            raise ValueError(f"depth must be 0 to {self.depth}, not {depth!r}")
        return self.undo(self.depth - depth)

    def snapshot(self) -> dict:
        """Every game fact of this moment as plain JSON data (not the history)."""
        d = self.drafting
        return {
            "position": list(self.position),
            "resources": dict(self.resources),
            "items": dict(sorted(self.items.items())),
            "board": [[list(t.cell), t.room, t.rotation, sorted(t.doors)] for t in
                      sorted(self.board.values(), key=lambda t: t.cell)],
            "padlocks": sorted([list(c), d] for c, d in self.padlocks),
            "dirt": _cells(self.dirt), "trunks": _cells(self.trunks),
            "fruit": _cells({c: list(f) for c, f in self.fruit.items()}),
            "tokens": _cells({c: dict(sorted(t.items())) for c, t in self.tokens.items()}),
            "bag": dict(sorted(self.bag.items())),
            "decks": {k: [dict(sorted(r.items())), dict(sorted(x.items()))]
                      for k, (r, x) in sorted(self.decks.items())},
            "held_cards": {f"{k}/{c}": n for (k, c), n in sorted(self.held_cards.items())},
            "entered": sorted(list(c) for c in self.entered),
            "flags": _plain(dict(sorted(self.flags.items()))),
            "carry": _plain(dict(sorted(self.carry.items()))),
            "pending": [p.to_json() for p in self.pending],
            "drafting": None if d is None else _plain({
                k: getattr(d, k) for k in d.__dataclass_fields__}),
            "turn": self.turn, "over": self.over,
            "steps_gained": self.steps_gained, "steps_spent": self.steps_spent,
        }

    def digest(self) -> str:
        """A fingerprint of this moment of this run — :meth:`snapshot`, the seed, the campaign
        and the rules' contents and variants — equal on any machine for equal states."""
        text = json.dumps([self.snapshot(), self.seed, self.campaign.to_json(),
                           rules_fingerprint(self.rules)], sort_keys=True, default=str)
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, State) and self.rules == other.rules
                and self.seed == other.seed and self.snapshot() == other.snapshot())

    def __hash__(self) -> int:
        return hash((self.seed, self.digest()))

    def __reduce__(self):
        # By recipe: the rules (which pickle by their own recipe) and the run as JSON,
        # replayed on unpickling and checked against the saved digest.
        return _unpickle, (self.rules, self.to_json())

    def to_json(self) -> str:
        """The run as JSON: rules folder, variants and edits (:func:`rules_json`), seed,
        campaign, and every action."""
        return json.dumps({
            "format": FORMAT,
            "rules": rules_json(self.rules),
            "seed": self.seed,
            "campaign": self.campaign.to_json(),
            "actions": [a.to_json() for a in self.history],
            "digest": self.digest(),
        }, indent=1)

    def save(self, path) -> None:
        """Write :meth:`to_json` to ``path`` atomically: a failed write leaves the old file."""
        from ...ruleset import atomic_write_text

        atomic_write_text(path, self.to_json())

    @classmethod
    def from_json(cls, text: str, rules: Rules | None = None) -> State:
        """Replay a run saved by :meth:`to_json`; checks it arrives at the saved state.

        Any malformed save raises :class:`SaveError` (a ``ValueError``) naming what is wrong.
        """
        data = _load_save(text)
        if rules is None:
            rules = rules_from_json(_field(data, "rules", dict))
        seed = _field(data, "seed", int)
        actions = _field(data, "actions", list)
        digest = _field(data, "digest", str)
        try:
            campaign = Campaign.from_json(_field(data, "campaign", dict))
            state = new_day(rules, seed=seed, campaign=campaign)
        except ValueError as err:
            raise SaveError(f"campaign: {err}") from None
        for i, item in enumerate(actions):
            try:
                state = state.apply(from_json(item))
            except ValueError as err:
                raise SaveError(f"actions[{i}]: {err}") from None
        if state.digest() != digest:
            raise SaveError("replaying the actions does not reach the saved state; were the "
                            "seed, rules or variants changed?")
        return state

    # -- display --------------------------------------------------------------------------
    @property
    def log(self):
        """The structured event log: step, turn, action, effect and rulebook section."""
        import pandas as pd

        events, s = [], self
        while s is not None:
            events.extend(reversed(s.events))
            s = s.parent
        return pd.DataFrame([e.__dict__ for e in reversed(events)],
                            columns=["step", "turn", "action", "effect", "section"])

    def _repr_html_(self) -> str:
        return ABOVE.state_html(self)

    def _repr_svg_(self) -> str:
        return ABOVE.board_svg(self)

    # What a stepper shows beside the board (engine/display.py; the stepper falls back to
    # str(action), the step's label, the text as it is and nothing for a state without them).
    def describe(self, action) -> str:
        """``action`` in a player's words: a room named for a cell, deck names for ids."""
        return ABOVE.describe(self, action)

    def describe_chance(self) -> str:
        """What the pending random step draws or rolls (the slot, the deck, the die)."""
        return ABOVE.describe_chance(self)

    def words(self, text: str) -> str:
        """``text`` (an event of the log) with deck names for deck ids."""
        return ABOVE.words(self, text)

    def unavailable_actions(self) -> list:
        """The drawn tiles that cannot be taken now, each as ``(Take, why)``."""
        return ABOVE.unavailable(self)

    def __repr__(self) -> str:
        r = self.resources
        return (f"<State depth={self.depth} turn={self.turn} at {self.position} "
                f"steps={r['steps']} gems={r['gems']} keys={r['keys']} coins={r['coins']}"
                f"{' over: ' + self.over if self.over else ''}>")


_FRESH = Campaign()  # nothing carried forward (an immutable value: one serves every day)


def new_day(rules: Rules | None = None, seed: int = 0, campaign: Campaign | None = None
            ) -> State:
    """Set up a run (§3): Entrance Hall at Rank 1, Column 3; Antechamber at Rank 9, Column 3;
    the Active Bag; the decks; starting resources with their campaign modifiers
    (:func:`~.setup.morning`)."""
    rules = load_rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise IllegalAction(f"rules must be a Rules value (load_rules()), got {rules!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise IllegalAction(f"seed must be a whole number, got {seed!r}")
    campaign = _FRESH if campaign is None else campaign
    if not isinstance(campaign, Campaign):
        raise IllegalAction(f"campaign must be a Campaign, got {campaign!r}")
    first = _morning(rules, campaign)
    day = object.__new__(State)  # the morning with its seed, as State._build makes it
    day.__dict__.update(vars(first), seed=seed, _memo={})
    return day


@lru_cache(maxsize=64)
def _morning(rules: Rules, campaign: Campaign) -> State:
    """The set-up state of a run, before its seed (shared: states are immutable), once
    ``campaign`` passes :meth:`Campaign.check` (a campaign refused is checked every time)."""
    fields, log = morning(rules, campaign)
    return State(rules=rules, seed=0, campaign=campaign, **fields,
                 events=(Event(0, 0, "setup", log, "§3 Setup"),))


def rules_json(rules: Rules) -> dict:
    """The rules part of a save (a run's, a campaign's): ``{"path": folder or null for the
    shipped one, "variants": {id: reading} (non-default), "edits": [[file, row, field,
    value], ...]}`` (:meth:`Rules.recipe`); :func:`rules_from_json` reads it back."""
    return rules.recipe()


def rules_from_json(spec: object) -> Rules:
    """The rules a save's rules part (:func:`rules_json`) names: the folder loaded with its
    variants, then its edits made (a save without ``edits`` has none). Anything wrong
    raises :class:`SaveError` naming it."""
    if not isinstance(spec, dict):
        raise SaveError(f"rules: expected an object, got {spec!r}")
    try:
        return Rules.from_recipe(spec)
    except (ValueError, TypeError, OSError) as err:
        raise SaveError(str(err) if str(err).startswith("rules:") else f"rules: {err}") from None


def _unpickle(rules: Rules, text: str) -> State:
    return State.from_json(text, rules)


@lru_cache(maxsize=64)
def rules_fingerprint(rules: Rules) -> str:
    """A hash of every rules table as loaded (variants and edits applied), not their path."""
    tables = {f: {str(k): dict(r) for k, r in t.rows.items()}
              for f, t in sorted(rules._tables.items())}
    text = json.dumps(tables, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _cells(d) -> list:
    return sorted([list(c), v] for c, v in d.items())


def _plain(v):
    if isinstance(v, FaceDown):  # (as read, never a room's name)
        return shown(v)
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, tuple | list | frozenset | set):
        items = [_plain(x) for x in v]
        return sorted(items, key=str) if isinstance(v, frozenset | set) else items
    return v
