"""A day played in place (issue 12, the fast mode): the same rules, cheaper bookkeeping.

:class:`FastDay` keeps ONE working copy (:class:`~.reducer.Work`) for the whole day and
runs every action through the same handlers, legal-action generators, pending steps and
hooks as :meth:`State.apply <.state.State.apply>`; what it saves is the bookkeeping of the
immutable path: no :class:`~.state.State` frozen per step, no copy-on-write, legal actions
computed once per moment, the links between rooms brought up to date from the cells a tile
changes and routes reused where a new room changes none (:meth:`FastDay.routes`), the bag's
names kept in order with their counts for the tile draws, empty entries dropped by key
instead of by scanning, events kept as data and formatted when read. The day reads like a
state (``resources``, ``board``, ``flags``, ``legal_actions()`` ...), so policies and the
rules' own generators decide on it; :meth:`FastDay.state` rebuilds the immutable state of
any moment by replaying the action log. An illegal action is refused before anything
changes; an error raised inside a rule leaves the day half-changed (rebuild it with
:meth:`FastDay.state`).

Chance is resolved by sampling the pending step's weights with one generator per day
(``rng``), exactly as :meth:`State.resolve` does when given that generator, so a fast day
and the same day played through the immutable API agree action for action.

The handlers read the state *before* the action as ``work.s``; here that is the day itself,
with the flags and routes as they stood when the action began (handlers read ``work.s``
only for those, the campaign, and facts they have not changed yet).
"""

from __future__ import annotations

import random
from bisect import bisect_left
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate, compress, repeat
from operator import is_, not_

from ..board import cheapest, faster, grown, inner_doors, stepped
from .actions import Action, Chance, IllegalAction
from .reducer import HANDLERS, Work, legal_actions, match, offering
from .state import Event, State, effect_text
from .turn import LiveLinks, payable


class _DayWork(Work):
    """The day's one working copy: events kept as data (formatted when read); the flags as
    they stood before the action copied for ``work.s`` only when the action first sets one."""

    def log(self, effect: str, section: str, *args) -> None:
        self.events.append((self.step, self.turn, self.action, effect, section, args))

    def flag(self, key: str, default=None):
        return self.flags.get(key, default)

    def set_flag(self, key: str, value) -> None:
        flags = self.flags
        if self.s.flags is flags:  # the first flag this action sets: keep the ones before it
            self.s.flags = dict(flags)
        flags[key] = value

    def view(self) -> FastDay:
        return self.day

    def on_board(self) -> frozenset[str]:
        return self.day.on_board()


class _Board(dict):
    """The board, counting its changes (``version``) and noting the cells changed, in order
    (``changed``; None for the whole board), so that links between rooms are brought up to
    date only when a tile is placed, turned or taken away; ``rooms``, the names of its rooms
    (None once it changes, until :meth:`FastDay.on_board` names them again)."""

    version = 0
    rooms: frozenset | None = None

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.changed: list = []

    def _touch(self, cell) -> None:
        self.version += 1
        self.changed.append(cell)
        self.rooms = None

    def __setitem__(self, cell, tile) -> None:
        rooms = self.rooms
        self._touch(cell)
        if rooms is not None and cell not in self:  # a tile added: one name more
            self.rooms = rooms | {tile.room}
        dict.__setitem__(self, cell, tile)

    def __delitem__(self, cell) -> None:
        self._touch(cell)
        dict.__delitem__(self, cell)

    def update(self, *args, **kwargs) -> None:
        self._touch(None)
        super().update(*args, **kwargs)

    def pop(self, cell, *default):
        self._touch(cell)
        return super().pop(cell, *default)

    def setdefault(self, cell, tile=None):
        self._touch(cell)
        return super().setdefault(cell, tile)

    def popitem(self):
        self._touch(None)
        return super().popitem()

    def clear(self) -> None:
        self._touch(None)
        super().clear()


class _Sparse(dict):
    """A field that a frozen state keeps without its empty entries (dirt, trunks, the bag,
    held cards, fruit): it notes each key set empty, with itself, in ``emptied`` (one list
    the day's sparse fields share), and :meth:`FastDay._run` drops those entries after the
    action."""

    def __init__(self, data=(), emptied: list | None = None) -> None:
        dict.__init__(self, data)
        self.emptied: list = [] if emptied is None else emptied
        if not all(self.values()):
            self._note_empty()

    def __setitem__(self, key, value) -> None:
        if not value:
            self.emptied.append((self, key))
        dict.__setitem__(self, key, value)

    def _note_empty(self) -> None:
        self.emptied.extend((self, k) for k, v in self.items() if not v)

    def update(self, *args, **kwargs) -> None:
        super().update(*args, **kwargs)
        self._note_empty()

    def setdefault(self, key, value=None):
        if not value and key not in self:
            self.emptied.append((self, key))
        return super().setdefault(key, value)


class _Bag(_Sparse):
    """The Active Bag, keeping its tile names in order, so a draw finds its tile from running
    totals (:meth:`~.pending.TileDraw.sample`), and their counts in that order only while
    some name is not held once (``_counts`` None: every tile once, the totals 1, 2, 3 ...)."""

    def __init__(self, data=(), emptied: list | None = None,
                 in_order: tuple[list[str], list[int] | None] | None = None) -> None:
        """``in_order``: the names of ``data`` sorted and their counts (None if all 1), if
        known already."""
        super().__init__(data, emptied)
        if in_order is None:
            self._reorder()
        else:
            self._order = list(in_order[0])
            self._counts = None if in_order[1] is None else list(in_order[1])

    def _reorder(self) -> None:
        self._order: list[str] = sorted(self)
        self._counts: list[int] | None = _uneven(list(map(dict.__getitem__, repeat(self),
                                                          self._order)))

    def order(self) -> list[str]:
        return self._order

    def totals(self) -> list[int]:
        counts = self._counts
        return list(range(1, len(self._order) + 1)) if counts is None else list(
            accumulate(counts))

    def even(self) -> bool:
        """Whether every tile is in the bag once (its running totals are 1, 2, 3 ...)."""
        return self._counts is None

    def __setitem__(self, key, value) -> None:
        counts = self._counts
        if counts is None and value == 1:  # still every tile once
            if key not in self:
                self._order.insert(bisect_left(self._order, key), key)
        else:
            if counts is None:
                counts = self._counts = [1] * len(self._order)
            i = bisect_left(self._order, key)
            if key in self:
                counts[i] = value
            else:
                self._order.insert(i, key)
                counts.insert(i, value)
            self._counts = _uneven(counts)
            if not value:
                self.emptied.append((self, key))
        dict.__setitem__(self, key, value)

    def __delitem__(self, key) -> None:
        dict.__delitem__(self, key)
        i = bisect_left(self._order, key)
        del self._order[i]
        counts = self._counts
        if counts is not None:
            del counts[i]
            self._counts = _uneven(counts)

    def update(self, *args, **kwargs) -> None:
        super().update(*args, **kwargs)
        self._reorder()

    def setdefault(self, key, value=None):
        out = super().setdefault(key, value)
        self._reorder()
        return out

    def pop(self, *args):
        out = super().pop(*args)
        self._reorder()
        return out

    def popitem(self):
        out = super().popitem()
        self._reorder()
        return out

    def clear(self) -> None:
        super().clear()
        self._reorder()


def _uneven(counts: list[int]) -> list[int] | None:
    """``counts``, or None if every one is 1."""
    return None if counts.count(1) == len(counts) else counts


def _now(name: str) -> property:
    return property(lambda self: getattr(self.day, name), doc=f"The day's ``{name}``.")


class _Before:
    """``work.s`` during an action: the day, with the flags and routes as they stood when
    the action began (the day's routes are kept until the handler is done). The day's dicts
    and sets (and its memo of the moment) are held directly and its plain fields (kept from
    before the action until it ends) read through properties: every field of a state the
    rules read. (No ``__getattr__`` falls back to the day: a class with one has none of its
    attribute reads specialised.)"""

    LIVE = ("rules", "seed", "campaign", "resources", "items", "board", "padlocks", "dirt",
            "trunks", "fruit", "tokens", "bag", "decks", "held_cards", "entered", "carry",
            "pending")

    def __init__(self, day: FastDay) -> None:
        self.day = day
        self.flags: dict = day.flags
        self.routes, self.faster_routes = day.routes, day.faster_routes
        self._memo = day._memo
        for name in self.LIVE:
            setattr(self, name, getattr(day, name))

    position, drafting, turn, over = (_now("position"), _now("drafting"), _now("turn"),
                                      _now("over"))
    steps_gained, steps_spent, depth = _now("steps_gained"), _now("steps_spent"), _now("depth")

    def on_board(self) -> frozenset[str]:
        return self.day.on_board()


def _copy(d, _day):
    return d.copy()  # (a frozen mapping's own dict: ``dict(mapping)`` reads it key by key)


def _sparse(d, day: FastDay) -> _Sparse:
    return _Sparse(d.copy(), day._emptied)


def _bag(bag, day: FastDay) -> _Bag:
    """The day's copy of a state's bag; its names sorted and their counts are kept per rules
    value for the last bag copied (the days of a simulation start from one morning's)."""
    known = day.rules._memo["fast_bag"]
    seen = known.get("last")
    if seen is None or seen[0] is not bag:
        order = sorted(bag)
        seen = known["last"] = (bag, order, _uneven([bag[k] for k in order]))
    return _Bag(bag.copy(), day._emptied, seen[1:])


#: How the day copies each field of :attr:`Work.ATTRS` from its state: the board and the
#: fields kept sparse in the fast mode's own dicts, these sharing the day's list of emptied
#: entries.
_COPIES = {
    "res": _copy, "items": _copy, "flags": _copy, "carry": _copy,
    "board": lambda d, _: _Board(d.copy()), "padlocks": lambda s, _: set(s),
    "entered": lambda s, _: set(s), "dirt": _sparse, "trunks": _sparse, "fruit": _sparse,
    "held": _sparse, "bag": _bag,
    "tokens": lambda ts, _: {c: t.copy() for c, t in ts.items()},
    "decks": lambda ds, _: {d: (r.copy(), x.copy()) for d, (r, x) in ds.items()},
}


#: The Chance action of ``value`` labelled ``label`` (shared: actions are immutable values;
#: a value hashed as a key of the cache is a plain one).
_chance = lru_cache(maxsize=4096)(Chance.made)


class FastDay:
    """One day played in place from ``state`` (a fresh :func:`~.state.new_day` or any
    moment); chance resolved with ``rng``. Read it as a state; advance it with
    :meth:`apply` and :meth:`resolve`; rebuild the immutable state with :meth:`state`.
    It changes in place: whoever reads it (a policy) must copy what it keeps."""

    # (Slots: an instance of more than 30 attributes keeps them in a dict, slower to read.)
    __slots__ = ("_emptied", "_grown", "_known", "_linked", "_links", "_memo", "bag",
                 "before", "board", "campaign", "carry", "decks", "depth", "dirt", "drafting",
                 "entered", "flags", "fruit", "held_cards", "history", "items",
                 "over", "padlocks", "pending", "position", "resources", "rng", "rules",
                 "seed", "start", "steps_gained", "steps_spent", "tokens", "trunks", "turn",
                 "work")

    def __init__(self, state: State, rng: random.Random) -> None:
        self.start, self.rng = state, rng
        self.rules, self.seed, self.campaign = state.rules, state.seed, state.campaign
        work = _DayWork(state, None)
        self._emptied: list = []  # (sparse field, key) set empty during the action
        for attr, (name, _) in Work.ATTRS.items():  # every field copied once, for the day
            setattr(work, attr, _COPIES[attr](getattr(state, name), self))
        work.day = self
        self._links: LiveLinks | None = None
        self._linked, self._known, self._grown = 0, {}, None
        self.work = work
        #: Every action and chance outcome since setup, in order: the day's own list, which
        #: grows in place (read it as it stands; copy what you keep).
        self.history: list[Action] = state.history
        self.resources, self.items, self.board = work.res, work.items, work.board
        self.padlocks, self.dirt, self.trunks, self.fruit = (work.padlocks, work.dirt,
                                                             work.trunks, work.fruit)
        self.tokens, self.bag, self.decks = work.tokens, work.bag, work.decks
        self.held_cards, self.entered, self.flags = work.held, work.entered, work.flags
        self.carry, self.pending = work.carry, work.pending
        self._memo: dict = {}
        # the plain fields, set again after each action (during one, they keep their values
        # from before it, as ``work.s`` does)
        self.position, self.drafting, self.turn, self.over = (state.position, state.drafting,
                                                              state.turn, state.over)
        self.steps_gained, self.steps_spent = state.steps_gained, state.steps_spent
        self.depth = state.depth
        self.before = _Before(self)
        work.s = self.before

    # -- the state's fields -------------------------------------------------------------------
    @property
    def is_chance(self) -> bool:
        return bool(self.pending)

    @property
    def is_over(self) -> bool:
        return self.over is not None

    @property
    def won(self) -> bool:
        return self.over == "won"

    def on_board(self) -> frozenset[str]:
        """The names of the rooms on the board (kept while the board stands)."""
        board = self.board
        rooms = board.rooms
        if rooms is None:
            rooms = board.rooms = frozenset(t.room for t in board.values())
        return rooms

    def routes(self) -> dict:
        """As :meth:`State.routes` (the cells perhaps in another order), from links brought up
        to date as the board and levers change, routes kept for each position and set of
        padlocks on links met again meanwhile; when a room is added, the routes found before
        it grown by it where it shortens none (:func:`~..board.grown`), and from a room with
        one link, the routes of the room it leads to one step longer
        (:func:`~..board.stepped`)."""
        if "routes" not in self._memo:
            changed, live = self.board.changed, self._links
            if live is None or len(changed) != self._linked or \
                    live.levers != self.flags.get("levers"):
                since = changed[self._linked:]
                self._grown = None
                if live is None or None in since:
                    self._links = live = LiveLinks(self)
                else:
                    if len(since) == 1 and since[0] not in live.doors_of and \
                            live.levers == self.flags.get("levers"):
                        self._grown = (since[0], self._known)  # one room added
                    live.update(self, since)
                self._linked, self._known = len(changed), {}
            padlocks, here = self.padlocks, self.position
            if padlocks:  # only those between two rooms bear on routes
                padlocks = inner_doors(self.board, padlocks)
            locked = padlocks or None
            where = (here, locked) if padlocks else here
            known = self._known.get(where)
            if known is None:
                if not padlocks and self._grown is not None and here in self._grown[1]:
                    cell, before = self._grown
                    known = grown(before[here], live.links, here, cell)
                row = live.links.get(here)
                if known is None and row is not None and len(row) == 1 and \
                        row[0][1] not in padlocks:
                    via = row[0][0]
                    base = self._known.get((via, locked) if padlocks else via)
                    if base is not None:
                        known = stepped(base, here, via)
                if known is None:
                    known = cheapest(live.links, here, padlocks)
                self._known[where] = known
            self._memo["routes"] = known
        return self._memo["routes"]

    def faster_routes(self) -> dict:
        """As :meth:`State.faster_routes`, from the links :meth:`routes` keeps up to date."""
        memo = self._memo
        if "faster" not in memo:
            routes = self.routes()  # (the links brought up to date)
            padlocks = inner_doors(self.board, self.padlocks) if self.padlocks else ()
            most = payable(self)
            memo["faster"] = faster(self._links.links, self.position, padlocks, routes,
                                    most) if padlocks and most else {}
        return memo["faster"]

    #: As :meth:`State.legal_actions` (:func:`~.reducer.legal_actions` on the day; the lists
    #: of the generators run and the phase kept for the moment, for :meth:`apply`).
    legal_actions = legal_actions

    def _chance_weights(self) -> tuple[str, dict]:
        if "chance" not in self._memo:
            if not self.pending:
                raise IllegalAction("no random step is pending")
            p = self.pending[0]
            self._memo["chance"] = (p.label(), p.weights(self))
        return self._memo["chance"]

    def chance_outcomes(self) -> list[tuple[Chance, Fraction]]:
        label, weights = self._chance_weights()
        total = sum(weights.values())
        return [(Chance(v, label), Fraction(w, total)) for v, w in weights.items()]

    # -- playing ------------------------------------------------------------------------------
    def resolve(self) -> None:
        """Sample the pending random step with the day's generator and apply it."""
        pending = self.pending
        if not pending:
            raise IllegalAction("no random step is pending")
        if self.over is not None:
            raise IllegalAction(f"the day is over ({self.over}); no action is legal")
        p = pending[0]
        self._run(_chance(p.sample(self, self.rng), p.label()))

    def apply(self, action: Action) -> None:
        """Play a decision (or a chance outcome) in place; :class:`IllegalAction`, changing
        nothing, if it is not legal here."""
        if not isinstance(action, Action):
            raise IllegalAction(f"{action!r} is not an action")
        if self.over is not None:
            raise IllegalAction(f"the day is over ({self.over}); no action is legal")
        if self.pending:
            label, weights = self._chance_weights()
            if not isinstance(action, Chance) or action.value not in weights:
                raise IllegalAction(f"{action} is not an outcome of {label}; outcomes: "
                                    f"{list(weights)}")
            self._run(_chance(action.value, label))
            return
        memo = self._memo
        which = memo.get("phase")  # (None before any list is offered this moment)
        if which is not None:  # the action itself offered by a generator of its type: legal
            for offer, _ in offering(which, type(action)):
                got = memo.get(offer)
                if got and any(map(is_, repeat(action), got)):
                    self._run(action)
                    return
        self._run(match(self, action))

    def _run(self, action: Action) -> None:
        work, before, memo = self.work, self.before, self._memo
        work.action = action
        work.step = step = self.depth + 1
        if type(action) is Chance:
            work.pending.pop(0).apply(work, action.value)
        else:
            HANDLERS[type(action)](work, action)
        work.advance()
        memo.clear()
        work.finish()
        memo.clear()
        if self._emptied or self.tokens:
            self._sparse()
        before.flags = self.flags  # (until the next action's first flag set copies them)
        self.history.append(action)
        self.depth = step  # the plain fields as they stand after the action
        self.position, self.drafting, self.turn, self.over = (work.position, work.drafting,
                                                              work.turn, work.over)
        self.steps_gained, self.steps_spent = work.gained, work.spent
        if self.over is not None:  # no action follows: the links back to the day cut, no
            work.s = work.day = self.before = None  # cycle keeps it (nor the collector busy)

    def _sparse(self) -> None:
        """Drop empty entries as a frozen state does, so the rules read the same values."""
        emptied = self._emptied
        for d, k in emptied:
            if not d.get(k, True):
                del d[k]
        emptied.clear()
        tokens = self.tokens
        if tokens:
            for cell, here in list(tokens.items()):
                if not all(here.values()):
                    for k in list(compress(here, map(not_, here.values()))):
                        del here[k]
                if not here:
                    del tokens[cell]

    # -- reading the day ----------------------------------------------------------------------
    @property
    def events(self) -> list[Event]:
        """The day's events since ``state``, formatted now."""
        return [Event(step, turn, str(action), effect_text(effect, args), section)
                for step, turn, action, effect, section, args in self.work.events]

    @property
    def log(self):
        """The structured event log from setup, as :attr:`State.log` gives it."""
        import pandas as pd

        head = self.start.log
        tail = pd.DataFrame([e.__dict__ for e in self.events], columns=list(head.columns))
        return pd.concat([head, tail], ignore_index=True) if len(head) else tail

    def at(self, depth: int) -> State:
        """The immutable state after the first ``depth`` actions of the run."""
        if depth <= self.start.depth:
            return self.start.at(depth)
        return self.state(depth)

    def state(self, depth: int | None = None) -> State:
        """The immutable state after the first ``depth`` actions of the run (default: now),
        rebuilt by replaying the action log through :meth:`State.apply`."""
        history = self.history
        depth = len(history) if depth is None else depth
        state = self.start.at(0)
        for action in history[:depth]:
            state = state.apply(action)
        return state

    def __repr__(self) -> str:
        r = self.resources
        return (f"<FastDay depth={self.depth} turn={self.turn} at {self.position} "
                f"steps={r['steps']} gems={r['gems']} keys={r['keys']} coins={r['coins']}"
                f"{' over: ' + self.over if self.over else ''}>")


def play_fast(state: State, policy, rng: random.Random, chance: random.Random,
              max_steps: int = 10_000) -> FastDay:
    """Play from ``state`` to the end of the day in place: ``policy(day, rng)`` decides,
    ``chance`` resolves the random steps."""
    day = FastDay(state, chance)
    pending, resolve, apply = day.pending, day.resolve, day.apply
    for _ in range(max_steps):
        if day.over is not None:
            return day
        if pending:
            resolve()
        else:
            apply(policy(day, rng))
    raise RuntimeError(f"the day did not end within {max_steps} steps")


__all__ = ["FastDay", "play_fast"]
