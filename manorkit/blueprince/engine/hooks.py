"""Registries of room, item and roll effects, filled by decorators at import.

A room's effects are short functions registered with :func:`on_draft`, :func:`on_enter`,
:func:`offers` (actions available while standing in it), :func:`while_on_board` (watch
every later draft) and :func:`on_end_day`, or declared where they are read (:func:`passive`,
:func:`data_only`); abilities (:func:`on_use`) and random steps (:func:`on_roll`) are
registered by name; an item's rule with :func:`item` (its own hooks: on being gained, on
entries, on drafts, abilities it offers). Registering an unknown room (not in the shipped
``rooms.csv``) or item, or registering the same name twice, is an error at import, so a typo
never leaves a room silently unmodelled. The reducer and the rules read the registries here,
below them all, so no rule imports another to run its hooks.
"""

from __future__ import annotations

import csv
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from ... import DATA_DIR
from ..placement import Cell
from .actions import UNLOCKS

DRAFT: dict[str, Callable] = {}
ENTER: dict[str, Callable] = {}
OFFERS: dict[str, Callable] = {}
WATCH: dict[str, Callable] = {}
WATCH_ENTER: dict[str, Callable] = {}
#: When an entry watcher can act: ``f(rules) -> bool`` (a watcher not listed always can).
WATCH_ENTER_ACTIVE: dict[str, Callable] = {}
END_DAY: dict[str, Callable] = {}
USES: dict[str, Use] = {}
BUY: dict[str, Callable] = {}
ROLLS: dict[str, RollRule] = {}
#: A special key's Unlock method → what it does to the locked door (:func:`on_unlock`).
KEY_EFFECTS: dict[str, Callable] = {}
#: Rooms whose every rule is structural or data-driven (doors, cost, locks, dirt, trunks,
#: ``room_resources.csv``, ``item_spawns.csv``), each with the section that says so.
DATA_ONLY: dict[str, str] = {}
#: Rooms with a passive rule read where it applies (a draw size, a price, a redraw, a hide),
#: each with the section and the place that reads it.
PASSIVE: dict[str, str] = {}


@dataclass(frozen=True)
class Use:
    """An ability: who offers it and what it does."""

    fn: Callable
    section: str


@dataclass(frozen=True, init=False)
class Entry:
    """One entry into a room, as the entry watchers see it: the room, its cell (None for the
    Outer Room slot, off the board, §19) and whether it is the first entry this run."""

    room: str
    cell: Cell | None
    first: bool

    def __init__(self, room: str, cell: Cell | None, first: bool) -> None:
        """(The fields set in one go, not one by one as a frozen dataclass's constructor
        does: an entry is made at every move.)"""
        _set_dict(self, {"room": room, "cell": cell, "first": first})


#: Sets an entry's ``__dict__`` (the descriptor's setter, called directly: cheaper than
#: ``object.__setattr__``).
_set_dict = Entry.__dict__["__dict__"].__set__


@dataclass(frozen=True)
class RollRule:
    """How the outcome of a :class:`~.pending.Roll` of one purpose is applied."""

    fn: Callable
    label: str


@cache
def catalog(file: str = "rooms.csv", key: str = "name") -> frozenset[str]:
    """The names of the shipped catalog (read with the csv module: cheap at import)."""
    path = DATA_DIR / "blueprince" / file
    with path.open(newline="", encoding="utf-8-sig") as f:
        return frozenset(row[key] for row in csv.DictReader(f))


def _register(table: dict, names: tuple[str, ...], value, what: str, known=None) -> None:
    known = catalog() if known is None else known
    for name in names:
        if name not in known:
            raise KeyError(f"{what}: {name!r} is not in the catalog")
        if name in table:
            raise KeyError(f"{what}: {name!r} is registered twice")
        table[name] = value


def _decorator(table: dict, what: str) -> Callable:
    def register(*rooms: str) -> Callable:
        def wrap(f: Callable) -> Callable:
            _register(table, rooms, f, what)
            return f
        return wrap
    return register


#: ``f(work, cell)`` when one of the rooms is drafted (after dirt and trunk rolls).
on_draft = _decorator(DRAFT, "on_draft")
#: ``f(work, cell, first)`` when one of the rooms is entered (``first``: first entry this run).
on_enter = _decorator(ENTER, "on_enter")
#: ``f(state, cell) -> list[Action]``: actions offered while standing in one of the rooms.
offers = _decorator(OFFERS, "offers")
#: ``f(work, cell, drafted_cell)`` for every later draft while the room is on the board.
while_on_board = _decorator(WATCH, "while_on_board")


def watches_entries(*rooms: str, active: Callable | None = None) -> Callable:
    """``f(work, cell, entry)`` for every entry (an :class:`Entry`; its cell is None in the
    Outer Room, §19) while the room is on the board. ``active(rules) -> bool``: whether the
    watcher can act under those rules at all (e.g. only under one reading of a variant);
    under rules where it cannot, it is never called (:func:`entry_watchers`)."""
    def wrap(f: Callable) -> Callable:
        _register(WATCH_ENTER, rooms, f, "watches_entries")
        if active is not None:
            WATCH_ENTER_ACTIVE.update(dict.fromkeys(rooms, active))
        return f
    return wrap


def watching(board, watch) -> list:
    """The cells and names of the rooms of ``board`` named in ``watch``, in board order."""
    return sorted([(c, t.room) for c, t in board.items() if t.room in watch])


def entry_watchers(rules) -> frozenset[str]:
    """The rooms whose entry watchers act under ``rules`` (their ``active`` says so, or they
    have none); kept per rules value."""
    memo = rules._memo["hooks"]
    found = memo.get("entry_watchers")
    if found is None:
        memo["entry_watchers"] = found = _acting(rules)
    return found


def _acting(rules) -> frozenset[str]:
    """:func:`entry_watchers` found (apart, so that once known they make no closure cell)."""
    return frozenset(room for room in WATCH_ENTER
                     if room not in WATCH_ENTER_ACTIVE or WATCH_ENTER_ACTIVE[room](rules))


#: ``f(work, cell)`` when the day ends by choice standing in one of the rooms.
on_end_day = _decorator(END_DAY, "on_end_day")
#: ``f(work, action)``: a purchase (a :class:`~.actions.Buy`) in one of the shops.
on_buy = _decorator(BUY, "on_buy")


def data_only(section: str, *rooms: str) -> None:
    """Declare rooms whose rules are all structural or in the data files."""
    _register(DATA_ONLY, rooms, section, "data_only")


def passive(where: str, *rooms: str) -> None:
    """Declare rooms whose rule is read where it applies (``where``: the section and the
    function), not by a hook of their own: ``coverage()`` asks a test of it as of a hook."""
    _register(PASSIVE, rooms, where, "passive")


def on_use(name: str, section: str) -> Callable:
    """``f(work, action)``: what using the ability ``name`` (a :class:`~.actions.Use`) does."""
    def wrap(f: Callable) -> Callable:
        _register(USES, (name,), Use(f, section), "on_use", known={name})
        return f
    return wrap


def on_unlock(method: str) -> Callable:
    """``f(work, action)``: what opening a locked door with the special key of the
    :class:`~.actions.Unlock` method ``method`` does, its charge used (§6 Special Keys)."""
    def wrap(f: Callable) -> Callable:
        _register(KEY_EFFECTS, (method,), f, "on_unlock", known=UNLOCKS)
        return f
    return wrap


def on_roll(purpose: str, label: str) -> Callable:
    """``f(work, step, value)``: how a :class:`~.pending.Roll` for ``purpose`` resolves."""
    def wrap(f: Callable) -> Callable:
        _register(ROLLS, (purpose,), RollRule(f, label), "on_roll", known={purpose})
        return f
    return wrap


#: Every registry keyed by room name.
ROOM_TABLES = (DATA_ONLY, PASSIVE, DRAFT, ENTER, OFFERS, WATCH, WATCH_ENTER, END_DAY, BUY)


def modelled(room: str) -> bool:
    """Whether the engine models ``room``'s effects (or they are all structural)."""
    return any(room in table for table in ROOM_TABLES)


# -- items ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Item:
    """One item's rule: its section, where the engine reads it, and its hooks."""

    name: str
    section: str
    where: str = ""
    uses: tuple[str, ...] = ()  # what it does where it is read (dig, unlock, ...)
    gain: Callable | None = None
    enter: Callable | None = None
    draft: Callable | None = None
    offers: Callable | None = None


ITEMS: dict[str, Item] = {}
#: Hook kind → the items registered with one, sorted (so that watchers skip the others).
_HOOKED: dict[str, tuple[str, ...]] = {"enter": (), "draft": (), "offers": ()}


def item(name: str, section: str, where: str = "", uses: tuple[str, ...] = (),
         **hooks: Callable) -> Item:
    """Register the rule of item ``name`` (see :class:`Item`)."""
    known = catalog("tables/items.csv", "item")
    if name not in known:
        raise KeyError(f"item: {name!r} is not in tables/items.csv")
    if name in ITEMS:
        raise KeyError(f"item: {name!r} is registered twice")
    ITEMS[name] = Item(name, section, where, uses, **hooks)
    for kind in _HOOKED:
        if hooks.get(kind) is not None:
            _HOOKED[kind] = tuple(sorted((*_HOOKED[kind], name)))
    return ITEMS[name]


def on_gain(work, name: str) -> None:
    """The gain hook of item ``name``, if it has one (:meth:`~.reducer.Work.gain_item`)."""
    rule = ITEMS.get(name)
    if rule is not None and rule.gain is not None:
        rule.gain(work)


def watch_enter(work, entry: Entry) -> None:
    """Each held item's entry hook, in name order."""
    held = work.items
    for name in _HOOKED["enter"]:
        if name in held:
            ITEMS[name].enter(work, entry)


def watch_draft(work, cell: Cell) -> None:
    """Each held item's draft hook, in name order."""
    held = work.items
    for name in _HOOKED["draft"]:
        if name in held:
            ITEMS[name].draft(work, cell)


def item_offers(state) -> list:
    """The abilities the held items offer, in name order."""
    out: list = []
    held = state.items
    for name in _HOOKED["offers"]:
        if name in held:
            out.extend(ITEMS[name].offers(state))
    return out
