"""The reducer: a working copy of a state, and actions dispatched by type to handlers.

``step(state, action)`` checks the action against ``legal_actions(state)``, copies what the
handler touches (:class:`Work`), runs the handler registered for the action's type
(:func:`handles`), lets the draft continue by itself, and freezes the result into a new
:class:`~.state.State`. Legal actions come from generators registered per phase
(:func:`legal`), each beside its handler (so adding an action touches one module) and
declaring the action types it offers (so a request for one kind runs only the generators
that can offer it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import cache

from ..board import tile
from ..mechanics import card_gain
from ..mechanics.drafting import FaceDown, colours
from ..placement import Cell
from . import hooks
from .actions import Action, Chance, IllegalAction
from .pending import BackDraw, CardDraw, Reveal, Step, TileDraw, amount_roll
from .setup import RESOURCES
from .state import Drafting, Event, State, effect_text, freeze

HANDLERS: dict[type, Callable] = {}
_TILE_DRAW = TileDraw()  # (steps are immutable values: one serves every draw)
_BACK_DRAW = BackDraw()
LEGAL: dict[str, list[Callable]] = {"turn": [], "unlock": [], "hide": [], "choose": [],
                                    "outer": [], "rover": []}
#: Generator → the action types it can offer (:func:`legal`).
YIELDS: dict[Callable, tuple[type, ...]] = {}
#: What a newly placed tile triggers, ``f(work, cell)`` (``drafting.placed``), in order.
PLACED: list[Callable] = []


def handles(cls: type) -> Callable:
    """Register ``f(work, action)`` as the handler of actions of type ``cls``."""
    def wrap(f: Callable) -> Callable:
        if cls in HANDLERS:
            raise KeyError(f"{cls.__name__} has a handler already")
        HANDLERS[cls] = f
        return f
    return wrap


def on_place(f: Callable) -> Callable:
    """Register ``f(work, cell)`` to run after :meth:`Work.place` puts a tile on the board."""
    PLACED.append(f)
    return f


def legal(phase: str, yields: tuple[type, ...] = (Action,)) -> Callable:
    """Register ``f(state) -> list[Action]`` offering actions of the types ``yields`` (by
    default any) in ``phase`` (turn, unlock, hide, choose, outer, rover); a request for
    other types skips it (:func:`offering`). A phase offers its actions in the order its
    generators registered: the order the engine package imports drafting, items, rooms and
    turn. (So the rules above turn import it inside the functions that call it: imported
    with them, turn would register first.)"""
    def wrap(f: Callable) -> Callable:
        LEGAL[phase].append(f)
        YIELDS[f] = yields
        offering.cache_clear()
        return f
    return wrap


@cache  # (cleared by each registration)
def offering(which: str, kind: type | tuple[type, ...] | None) -> tuple[tuple, ...]:
    """``(generator, whole)`` for each generator of phase ``which`` that can offer an action
    of ``kind`` (an action type, a tuple of them, or None for any), in their order;
    ``whole`` if every action it offers is of that kind (nothing to filter)."""
    kinds = (Action,) if kind is None else kind if isinstance(kind, tuple) else (kind,)
    return tuple((f, all(issubclass(y, kinds) for y in YIELDS[f])) for f in LEGAL[which]
                 if any(issubclass(y, k) or issubclass(k, y) for y in YIELDS[f] for k in kinds))


def phase(state: State) -> str | None:
    """What the game waits for: None (over or chance), turn, unlock, hide, choose, outer
    (off the board at the Outer Room, §19: choosing a drawn tile, or in the room), or rover
    (Red Rover's move is the only way on, §16 Secret Passage: flag ``"rover"``)."""
    if state.over is not None or state.pending:  # (is_over, is_chance)
        return None
    d = state.drafting
    if d is None:
        flags = state.flags
        if flags.get("outer_drawn") or flags.get("outer_inside"):
            return "outer"
        return "rover" if flags.get("rover") else "turn"
    if not d.hand or (d.sleeve and len(d.hand) == 1 and d.door in state.padlocks):
        return "unlock"  # (a sleeve Tunnel waits in Slot 1 behind a padlock too, §9)
    if len(d.hand) > 1 and "Archives" in state.on_board() and hide_due(state.rules, d):
        return "hide"
    return "choose"


def hide_due(rules, d: Drafting) -> bool:
    """Whether the Archives hides a tile of this hand (§16 Archives, the Archives on the
    board): one per draft, or one per hand drawn, a redraw's included, under
    ``archives_redraws=hide_every_draw``."""
    if d.hidden is not None:
        return False
    due = 1
    if rules.variant("archives_redraws") == "hide_every_draw":
        due += sum(1 for u in d.used if u != "hide")
    return d.used.count("hide") < due


def legal_actions(state: State, kind: type | tuple[type, ...] | None = None) -> list[Action]:
    """The legal decisions of ``state`` (a state or a fast day); with ``kind`` (an action
    type or a tuple of them) only those of that kind, as filtering the whole list gives
    them, from only the generators that can offer them. Each generator runs once per
    moment: its list is kept in ``state._memo`` under the generator, beside the phase
    (under ``"phase"``)."""
    memo = state._memo
    if "phase" not in memo:
        memo["phase"] = phase(state)
    which = memo["phase"]
    if which is None:
        return []
    out: list[Action] = []
    for offer, whole in offering(which, kind):
        got = memo.get(offer)
        if got is None:
            got = memo[offer] = offer(state)
        out.extend(got if whole else _of_kind(got, kind))
    return out


def _of_kind(actions: list[Action], kind: type | tuple[type, ...]) -> list[Action]:
    """(Apart, so that ``kind`` is no closure cell made at every :func:`legal_actions`.)"""
    return [a for a in actions if isinstance(a, kind)]


def step(state: State, action: Action) -> State:
    """The state after ``action``; raises :class:`IllegalAction` and changes nothing if it
    is not legal."""
    if not isinstance(action, Action):
        raise IllegalAction(f"{action!r} is not an action; legal: {_names(state)}")
    try:  # rebuilt, so an instance made without its constructor is checked too
        action = replace(action)
    except (AttributeError, TypeError) as err:
        raise IllegalAction(f"a malformed {type(action).__name__}: {err}") from None
    if state.is_over:
        raise IllegalAction(f"the day is over ({state.over}); no action is legal")
    if state.is_chance:
        if not isinstance(action, Chance):
            raise IllegalAction(f"a random step is pending ({state.pending[0].label()}); "
                                "apply one of chance_outcomes() or call resolve()")
        label, weights = state._chance_weights()
        try:
            known = action.value in weights
        except TypeError:
            known = False
        if not known:
            raise IllegalAction(f"{action.value!r} is not an outcome of "
                                f"{label}; outcomes: {list(weights)}")
        if action.label != label:
            action = Chance(action.value, label)
    else:
        action = match(state, action)
    work = _CopyOnWrite(state, action)
    if isinstance(action, Chance):
        work.pending.pop(0).apply(work, action.value)
    else:
        HANDLERS[type(action)](work, action)
    work.advance()
    return work.freeze()


def match(state: State, action: Action) -> Action:
    """The legal action that ``action`` names; fields left at their defaults (e.g. a
    ``Draft(0)`` without its room) match, unless they match more than one."""
    legal = state.legal_actions(type(action))  # (only an action of its type can match)
    if action in legal:
        return legal[legal.index(action)]
    given = {k: v for k, v in action.to_json().items()
             if v not in ("", None, ()) and not (k in ("steps", "price") and v == 0)}
    found = [c for c in legal if all(c.to_json().get(k) == v for k, v in given.items())]
    if len(found) == 1:
        return found[0]
    if found:
        raise IllegalAction(f"{action} is ambiguous: it matches {', '.join(map(str, found))}")
    raise IllegalAction(f"{action} is not legal here; legal: {_names(state)}")


def _names(state: State) -> str:
    return ", ".join(map(str, state.legal_actions())) or "none"


_UNTOUCHED = object()


class Work:
    """The next state under construction: the reducer's working copy (never shared).

    Room, item and roll handlers change the game only through it: ``gain``, ``queue``,
    ``flag``/``set_flag``, ``place_tokens``, ``gain_item``, ``enter``, ``log`` …
    The fields of :attr:`ATTRS` are its own copies: :class:`_CopyOnWrite` copies each from
    the old state when a handler first touches it; the fast mode holds all of them for the
    day. (Work itself defines no ``__getattr__``, so its attributes read at full speed.)
    """

    #: State field → (Work attribute, how to copy it for writing).
    COPIED = {
        "resources": ("res", dict), "items": ("items", dict), "board": ("board", dict),
        "padlocks": ("padlocks", set), "dirt": ("dirt", dict), "trunks": ("trunks", dict),
        "fruit": ("fruit", dict), "bag": ("bag", dict), "held_cards": ("held", dict),
        "entered": ("entered", set), "flags": ("flags", dict), "carry": ("carry", dict),
        "tokens": ("tokens", lambda ts: {c: dict(t) for c, t in ts.items()}),
        "decks": ("decks", lambda ds: {d: (dict(r), dict(x)) for d, (r, x) in ds.items()}),
    }
    ATTRS = {attr: (name, copy) for name, (attr, copy) in COPIED.items()}
    #: What :func:`.turn._watchers` keeps: (board, its version, the watching rooms). (Read as
    #: an attribute: reading the work's ``__dict__`` would turn its attributes into a dict's
    #: entries, slower to read.)
    _watchers: tuple | None = None

    def __init__(self, state: State, action: Action) -> None:
        self.s = state
        self.rules = state.rules
        self.action = action
        self.pending: list[Step] = list(state.pending)
        self.drafting = state.drafting
        self.position = state.position
        self.turn = state.turn
        self.over = state.over
        self.gained, self.spent = state.steps_gained, state.steps_spent
        self.events: list[Event] = []

    # -- bookkeeping ------------------------------------------------------------------------
    def log(self, effect: str, section: str, *args) -> None:
        """Note an event: ``effect``, or with ``args`` (immutable values) a :meth:`str.format`
        template of it (:func:`~.state.effect_text`; the fast mode fills it in only when its
        events are read)."""
        self.events.append(Event(self.s.depth + 1, self.turn, str(self.action),
                                 effect_text(effect, args), section))

    def room_at(self, cell: Cell) -> str:
        return self.board[cell].room

    def on_board(self) -> frozenset[str]:
        if "board" not in self.__dict__:
            return self.s.on_board()
        return frozenset(t.room for t in self.board.values())

    def cells_of(self, test: Callable[[str], bool]) -> list[Cell]:
        """The cells whose rooms pass ``test``, in board order."""
        return sorted(c for c, t in self.board.items() if test(t.room))

    def colours(self, room: str) -> tuple[str, ...]:
        return colours(self.rules, room)

    def flag(self, key: str, default=None):
        return self.flags.get(key, default) if "flags" in self.__dict__ else \
            self.s.flags.get(key, default)

    def set_flag(self, key: str, value) -> None:
        self.flags[key] = value

    def gain(self, resource: str, amount: int, why: str, section: str) -> None:
        """Add ``amount`` (may be negative; never below zero) of a resource."""
        res = self.res
        before = res[resource]
        after = before + amount
        if after < 0:
            after = 0
        res[resource] = after
        change = after - before
        if resource == "steps":
            if change > 0:
                self.gained += change
            else:
                self.spent -= change
        if change:
            self.log("{:+} {} ({})", section, change, resource, why)

    def queue(self, step: Step, front: bool = False) -> None:
        if front:
            self.pending.insert(0, step)
        else:
            self.pending.append(step)

    def add_to_bag(self, room: str, why: str, section: str, n: int = 1) -> None:
        """Add a tile that was not in the bag this morning (the Pool's rooms, §4)."""
        self.bag[room] = self.bag.get(room, 0) + n
        self.set_flag("joined", self.flag("joined", ()) + (room,) * n)
        self.log("{} joins the Active Bag ({})", section, room, why)

    def mark_outside(self, cell: Cell) -> None:
        """Note that the tile at ``cell`` came from outside the bag (a sleeve Tunnel, a tile
        the Secret Garden Key places, §6, §9)."""
        self.set_flag("outside", self.flag("outside", ()) + (list(cell),))

    def place_tokens(self, cell: Cell, resource: str, n: int, section: str) -> None:
        here = self.tokens.setdefault(cell, {})
        here[resource] = here.get(resource, 0) + n
        self.log("{} {} token(s) on {}", section, n, resource, self.room_at(cell))

    def add_dirt(self, cell: Cell, n: int, section: str) -> None:
        self.dirt[cell] = self.dirt.get(cell, 0) + n
        self.log("{} dirt pile(s) on {}", section, n, self.room_at(cell))

    def add_trunks(self, cell: Cell | None, n: int, section: str) -> None:
        """Put ``n`` trunk tokens on the room at ``cell`` (None: in the Outer Room, §19)."""
        if cell is None:
            self.set_flag("outer_trunks", self.flag("outer_trunks", 0) + n)
            self.log("{} trunk token(s) in the Outer Room", section, n)
            return
        self.trunks[cell] = self.trunks.get(cell, 0) + n
        self.log("{} trunk token(s) on {}", section, n, self.room_at(cell))

    def carry_forward(self, key: str, value, effect: str, section: str) -> None:
        """Record an effect for the next morning (§14) on the Carry-Forward card."""
        self.carry[key] = value
        self.log("carry-forward: {}", section, effect)

    # -- items and cards ----------------------------------------------------------------------
    def gain_item(self, item: str, section: str = "§7 Item Reference") -> bool:
        """Take an item into hand; returns whether it was taken. A duplicate of a held item
        is refused, except that a fresh card of an item with charges replaces a spent one
        (§7 Lockpick Kit: "only a fresh card resets them")."""
        row = self.rules.rows("tables/items.csv").get(item) or {}
        charges = int(row.get("charges") or 1)
        if item in self.items:
            if charges == 1:
                self.log(f"{item} is already held", "§7")
                return False
            self.release_card(item)
        self.items[item] = charges
        self.log("gained the {}", section, item)
        hooks.on_gain(self, item)
        return True

    def lying_items(self) -> tuple[str, ...]:
        """Items lying on a tile, waiting to be picked up (§7 Finding Items)."""
        items = self.rules.rows("tables/items.csv")
        return tuple(sorted({what for here in self.tokens.values() for what, n in here.items()
                             if n and what in items}))

    def in_play(self) -> tuple[str, ...]:
        """Items held or lying on a tile (§7 The Shovel: "exactly one Shovel in play"); a
        card of one of them gives nothing new (``card_gain``)."""
        return tuple(sorted(set(self.items) | set(self.lying_items())))

    def use_charge(self, item: str, section: str = "§6 Special Keys") -> None:
        self.items[item] -= 1
        self.log("used a {} charge ({} left)", section, item, self.items[item])
        if self.items[item] == 0:
            self.lose_item(item)

    def lose_item(self, item: str) -> None:
        del self.items[item]
        self.release_card(item)

    def release_card(self, item: str) -> None:
        """The card of an item no longer held goes to its deck's discards."""
        for (deck, card), n in list(self.held.items()):
            row = self.rules.rows(f"decks/{deck}.csv")[card]
            if row.get("item") == item and n:
                self.held[(deck, card)] = n - 1
                discard = self.decks[deck][1]
                discard[card] = discard.get(card, 0) + 1
                return

    def draw_card(self, step: CardDraw, card: str) -> None:
        """Resolve one drawn card (§7, §8): its gains via :func:`mechanics.card_gain`."""
        deck = step.deck
        remaining, discard = self.decks[deck]
        if not sum(remaining.values()):
            remaining, discard = dict(discard), {}
            self.decks[deck] = (remaining, discard)
            self.log(f"the {deck} deck is empty: discards reshuffled", "§8 Deck Reshuffle Rule")
        bottom = self.flag(f"bottom:{deck}", ())
        if bottom and sum(remaining.values()) == len(bottom):  # only cards put under left
            self.set_flag(f"bottom:{deck}", bottom[1:])
        remaining[card] -= 1
        row = self.rules.rows(f"decks/{deck}.csv")[card]
        self.log("drew {}", row["source"], card)
        lying = self.lying_items()
        got = card_gain(self.rules, deck, card, tuple(self.items), lying)
        for resource, value in got.amounts.items():
            if isinstance(value, int):
                self.gain(resource, value, card, row["source"])
            else:
                self.queue(amount_roll(step.cell, resource, value.values), front=True)
        if got.trunks:  # (a card drawn off the board puts them in the Outer Room, §19)
            self.add_trunks(step.cell, got.trunks, row["source"])
        self.permanent_card(card)
        if row.get("item") and got.item is None and row["item"] in lying and \
                row["item"] not in self.items:
            self.log(f"a {row['item']} lies on a tile already: the card gives no second copy",
                     "§7 Finding Items")
        taken = got.item is not None and self.gain_item(got.item, row["source"])
        if taken and got.kept:
            self.held[(deck, card)] = self.held.get((deck, card), 0) + 1
        elif step.bottom and self.rules.variant("closet_returns") == "bottom":
            remaining[card] += 1
            self.set_flag(f"bottom:{deck}", self.flag(f"bottom:{deck}", ()) + (card,))
            self.log(f"{card} goes under the {deck} deck", "§16 Closet")
        else:
            discard[card] = discard.get(card, 0) + 1

    def permanent_card(self, card: str) -> None:
        """A card whose gain is permanent (§8 Allowance Token): its ``carry_forward.csv`` row
        (trigger ``trunk_card``, the effect naming the card before a colon) adds its
        resources to every later morning (carry ``allowance``: resource → amount)."""
        for effect, row in _permanent_rows(self.rules).get(card, ()):
            total = dict(self.carry.get("allowance", {}))
            for res in RESOURCES:
                if row.get(res):
                    total[res] = total.get(res, 0) + int(row[res])
            self.carry_forward("allowance", total, effect, row["source"])

    # -- the board ---------------------------------------------------------------------------
    def place(self, room: str, rotation: int) -> None:
        """Place the chosen tile of the draft, end the draft (§4 Step 4) and run what a placed
        tile triggers (:data:`PLACED`)."""
        d = self.drafting
        target, slot, hand = d.target, d.slot, d.hand
        self.board[target] = tile(self.rules, room, target, rotation)
        returned = hand[:slot - 1] + hand[slot:]
        if d.sleeve and slot != 1:
            returned = returned[1:]
        self._unchosen(returned + d.set_aside)
        if d.sleeve and slot == 1:
            self.set_flag("sleeve", self.flag("sleeve") - 1)
            self.mark_outside(target)
        self.log("placed {} at {}", "§4 Step 4", room, target)
        self.drafting = None
        self.turn += 1
        for then in PLACED:
            then(self, target)

    def end_draft(self, why: str, section: str) -> None:
        """End a draft without placing a tile: every drawn tile returns to the bag."""
        d = self.drafting
        self._unchosen((d.hand[1:] if d.sleeve else d.hand) + d.set_aside)
        self.log(why, section)
        self.drafting = None
        self.turn += 1

    def _unchosen(self, tiles: tuple[str, ...]) -> None:
        """The drawn ``tiles`` not drafted go back to the bag (§4 Step 4); a face-down one
        never left it (its tile was never decided, :class:`~.pending.Reveal`)."""
        bag = self.bag
        for name in tiles:
            if not isinstance(name, FaceDown):
                bag[name] = bag.get(name, 0) + 1

    def advance(self) -> None:
        """Start the next automatic step of a draft once its random steps are resolved."""
        d = self.drafting
        if d is None or self.pending or d.slot is not None:
            return
        drawn = len(d.hand) - d.sleeve  # the tiles drawn from the bag
        if not drawn and d.door in self.padlocks:
            return  # waiting for the player to pay or turn back
        if "Archives" in self.on_board():
            self._advance_blind(d, drawn)
        elif drawn < d.size - d.sleeve and any(self.bag.values()):
            self.queue(_TILE_DRAW)
        elif not d.hand:
            self.end_draft("the Active Bag is empty: nothing to draft", "§4 Step 2")

    def _advance_blind(self, d: Drafting, drawn: int) -> None:
        """:meth:`advance` with the Archives on the board (§16 Archives): a hand that hides a
        tile is drawn face-down (:class:`~.pending.BackDraw`), and so is any hand drawn while
        face-down tiles of this draft wait set aside (they are out of the bag, unseen); once
        the hand is complete and a tile hidden, the others are turned face up
        (:class:`~.pending.Reveal`)."""
        due = hide_due(self.rules, d)
        aside = _face_down(d.set_aside)
        if drawn < d.size - d.sleeve and _left(self.bag, aside + _face_down(d.hand)):
            self.queue(_BACK_DRAW if due or aside else _TILE_DRAW)
        elif not d.hand:
            self.end_draft("the Active Bag is empty: nothing to draft", "§4 Step 2")
        elif not (due and len(d.hand) > 1):  # (else the player hides one first)
            for slot, name in enumerate(d.hand, 1):
                if isinstance(name, FaceDown) and slot != d.hidden:
                    self.queue(Reveal(slot))

    def finish(self) -> None:
        """What closes every action: random steps with nothing left to draw from are dropped,
        and under ``zero_steps=immediate_end`` a day at 0 steps ends (§5 The Planetarium)."""
        if self.pending:
            self._prune()
        if not self.pending and self.drafting is None and self.over is None:
            if self.res["steps"] <= 0 and self.rules.variant("zero_steps") == "immediate_end":
                self.over = "out of steps"
                self.log("steps reached 0: the day ends", "§5 The Planetarium")

    def _prune(self) -> None:
        """Drop random steps that have nothing left to draw from."""
        pending = self.pending
        while pending:
            p = pending[0]
            if p.drawable(self):
                return
            if isinstance(p, CardDraw):
                self.log(f"the {p.deck} deck has no cards left", "§8 Deck Reshuffle Rule")
            else:
                self.log(f"nothing left to {p.label()}", "§8")
            pending.pop(0)

    def view(self) -> State:
        """A read-only state with the work's current fields (for weights that read them)."""
        return replace(self.s, fruit=freeze(self.fruit) if "fruit" in self.__dict__
                       else self.s.fruit, items=freeze(dict(self.items))
                       if "items" in self.__dict__ else self.s.items)


def _face_down(tiles: tuple[str, ...]) -> int:
    """How many of ``tiles`` lie face-down (:class:`FaceDown`)."""
    n = 0
    for t in tiles:
        if type(t) is FaceDown:
            n += 1
    return n


def _left(bag, down: int) -> bool:
    """Whether ``bag`` holds a tile besides the ``down`` lying face-down (counted in it)."""
    return sum(bag.values()) > down if down else any(bag.values())


def _permanent_rows(rules) -> dict[str, tuple]:
    """Card → its ``(effect, row)`` pairs of ``carry_forward.csv`` with trigger
    ``trunk_card`` (:meth:`Work.permanent_card`); kept per rules value."""
    known = rules._memo["carry_forward"]
    if "trunk_card" not in known:
        cards: dict[str, tuple] = {}
        for effect, row in rules.rows("tables/carry_forward.csv").items():
            if row["trigger"] == "trunk_card":
                card = effect.split(":")[0]
                cards[card] = (*cards.get(card, ()), (effect, row))
        known["trunk_card"] = cards
    return known["trunk_card"]


class _Copied:
    """A field of the old state, copied into the work the first time a handler reads it. It
    is a non-data descriptor, so once the copy sits in the work's ``__dict__`` it is read
    from there directly."""

    def __init__(self, attr: str, name: str, copy: Callable) -> None:
        self.attr, self.name, self.copy = attr, name, copy

    def __get__(self, work, owner=None):
        if work is None:
            return self
        value = work.__dict__[self.attr] = self.copy(getattr(work.s, self.name))
        return value


class _CopyOnWrite(Work):
    """The working copy of one step of :func:`step`: a field of the old state is copied the
    first time a handler touches it (:class:`_Copied`), and :meth:`freeze` makes the next
    state of it."""

    def _out(self, attr: str, freeze_):
        """The next state's field ``attr``: the old state's own object when the step left
        it as it was (read only, or changed back), so that states share what did not
        change; else ``freeze_`` of the copy."""
        value = self.__dict__.get(attr, _UNTOUCHED)
        old = getattr(self.s, Work.ATTRS[attr][0])
        return old if value is _UNTOUCHED or value == old else freeze_(value)

    def freeze(self) -> State:
        self.finish()
        s = self.s
        out = self._out
        nonzero = _nonzero
        return State._build(
            rules=s.rules, seed=s.seed, campaign=s.campaign, position=self.position,
            resources=out("res", freeze), items=out("items", freeze),
            board=out("board", freeze), padlocks=out("padlocks", frozenset),
            dirt=out("dirt", lambda d: freeze(nonzero(d))),
            trunks=out("trunks", lambda d: freeze(nonzero(d))),
            fruit=out("fruit", lambda d: freeze({c: f for c, f in d.items() if f})),
            tokens=out("tokens", lambda d: freeze({c: freeze(nonzero(t))
                                                   for c, t in d.items() if nonzero(t)})),
            bag=out("bag", lambda d: freeze(nonzero(d))),
            decks=out("decks", lambda ds: freeze({d: (freeze(r), freeze(x))
                                                  for d, (r, x) in ds.items()})),
            held_cards=out("held", lambda d: freeze(nonzero(d))),
            entered=out("entered", frozenset), flags=out("flags", freeze),
            carry=out("carry", freeze),
            pending=tuple(self.pending), drafting=self.drafting, turn=self.turn,
            over=self.over, steps_gained=self.gained, steps_spent=self.spent, parent=s,
            action=self.action, events=tuple(self.events), depth=s.depth + 1,
        )


for _attr, (_name, _copy) in Work.ATTRS.items():
    setattr(_CopyOnWrite, _attr, _Copied(_attr, _name, _copy))
del _attr, _name, _copy


def _nonzero(d: dict) -> dict:
    return {k: v for k, v in d.items() if v}


__all__ = ["HANDLERS", "LEGAL", "PLACED", "YIELDS", "Work", "handles", "hide_due", "hooks",
           "legal", "legal_actions", "match", "offering", "on_place", "phase", "step"]
