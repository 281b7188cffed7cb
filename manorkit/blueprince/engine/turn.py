"""Actions B-E of a turn (§4): moving and entering rooms, digging, trunks, fruit, shops,
room and item abilities, and ending the day; each with its legality."""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import combinations_with_replacement

from ..board import cheapest, edge, faster, inner_doors, links, links_of, relink
from ..mechanics import food_steps
from ..mechanics.numbers import number
from ..placement import Cell
from . import hooks
from .actions import PAYMENTS, Buy, Dig, Eat, EndDay, IllegalAction, Move, OpenTrunk, Use
from .hooks import Entry
from .pending import CardDraw
from .reducer import Work, handles, legal
from .rewards import collect, entry_rewards
from .setup import ANTECHAMBER
from .state import State

#: Antechamber side → the door a pulled lever opens (§13: west, south and east).
LEVER_SIDES = {"west": 3, "south": 2, "east": 1}


# -- Action B: moving --------------------------------------------------------------------------

def routes(state: State) -> dict[Cell, tuple]:
    """Cheapest routes (fewest padlocks, then steps) to every room the marker can reach (§4
    Action B; the faster routes paying more padlocks are :func:`faster_routes`). The Antechamber's
    doors open only by pulled levers (§13). Variant ``dead_end_transit``: through open,
    connecting doors only (``doors_only``), or, as §4's example "Entrance Hall → Wine Cellar
    → Kennel costs 2 steps" implies, through any placed rooms touching edge to edge
    (``as_example``; the Antechamber still only through its opened doors)."""
    return cheapest(room_links(state), state.position, state.padlocks)


def faster_routes(state: State) -> dict[Cell, tuple]:
    """The routes that pay more padlocks than the cheapest for fewer steps (``board.faster``),
    as many padlocks as can be paid (:func:`payable`); none while no padlock lies between two
    rooms."""
    padlocks = inner_doors(state.board, state.padlocks)
    most = payable(state)
    if not padlocks or not most:
        return {}
    return faster(room_links(state), state.position, padlocks, state.routes(), most)


def payable(state: State) -> int:
    """How many padlocks the Keys, Lockpick Kit and Silver Key charges held can pay (§4
    Action B)."""
    items = state.items
    return state.resources["keys"] + items.get("Lockpick Kit", 0) + items.get("Silver Key", 0)


def room_links(state: State) -> dict[Cell, tuple]:
    """Where one step leads from each room (``board.links``): the board's connecting doors,
    the Antechamber's only where levers opened them, walls under ``dead_end_transit``.
    Remembered by the state, and taken from a state before it on the same board and flags
    (:meth:`~.state.State.inherited`)."""
    memo = state._memo
    got = memo.get("links")
    if got is None:
        got = memo["links"] = (state.inherited("links", ("board", "flags"))
                               or _room_links(state))
    return got


def _room_links(state: State) -> dict[Cell, tuple]:
    ante = state.board.get(ANTECHAMBER)
    opened = None
    if ante is not None:
        opened = {ANTECHAMBER: ante.doors & _lever_doors(tuple(state.flags.get("levers", ())))}
    walls = state.rules.variant("dead_end_transit") == "as_example"
    return links(state.board, through_walls=walls, sealed=_SEALED, opened=opened)


_SEALED = frozenset({ANTECHAMBER})


class LiveLinks:
    """:func:`room_links` of a board that changes in place (the fast mode), brought up to
    date from the cells changed since (:meth:`update`) instead of recomputed."""

    def __init__(self, state: State) -> None:
        self.walls = state.rules.variant("dead_end_transit") == "as_example"
        self.levers = state.flags.get("levers")
        self.doors_of = {c: self._doors(state, c, t) for c, t in state.board.items()}
        self.links = links_of(self.doors_of, through_walls=self.walls, sealed=_SEALED)

    def _doors(self, state: State, cell: Cell, tile) -> frozenset[int]:
        if cell == ANTECHAMBER:
            return tile.doors & _lever_doors(tuple(self.levers or ()))
        return tile.doors

    def update(self, state: State, cells) -> None:
        """The tiles at ``cells`` were placed, turned or removed, or levers pulled."""
        levers = state.flags.get("levers")
        if levers != self.levers:
            self.levers = levers
            cells = (*cells, ANTECHAMBER)
        board, doors_of = state.board, self.doors_of
        for cell in cells:
            tile = board.get(cell)
            if tile is None:
                doors_of.pop(cell, None)
            else:
                doors_of[cell] = self._doors(state, cell, tile)
        relink(self.links, doors_of, cells, through_walls=self.walls, sealed=_SEALED)


@cache
def _lever_doors(levers: tuple[str, ...]) -> frozenset[int]:
    """The Antechamber doors the pulled ``levers`` open (§13)."""
    return frozenset(LEVER_SIDES[s] for s in levers)


def _payments(state: State, locks: int) -> tuple[tuple[str, ...], ...]:
    return _ways_to_pay(locks, state.resources["keys"], state.items.get("Lockpick Kit", 0),
                        state.items.get("Silver Key", 0))


@lru_cache(maxsize=4096)
def _ways_to_pay(locks: int, keys: int, lockpicks: int, silver: int) -> tuple:
    """Every way to pay ``locks`` padlocks with the Keys, Lockpick Kit and Silver Key
    charges held (§4 Action B)."""
    held = {"key": keys, "lockpick": lockpicks, "silver_key": silver}
    return tuple(pay for pay in combinations_with_replacement(PAYMENTS, locks)
                 if all(pay.count(m) <= n for m, n in held.items()))


#: The Move action to ``cell`` (its room, steps and payment) (shared: actions are immutable
#: values; its fields are the engine's own, well formed).
_move = lru_cache(maxsize=65536)(Move.made)


@legal("turn", yields=(Move,))
def _moves(state: State) -> list:
    """Each room reachable: its route with the fewest padlocks (then steps), then each route
    paying more padlocks for fewer steps (``board.faster``), each with every way to pay its
    padlocks (§4 Action B)."""
    out = []
    have, board = state.resources["steps"], state.board
    routes = state.routes()
    if not state.padlocks:  # no route crosses a padlock
        for cell in sorted(routes):
            steps = routes[cell][1]
            if steps <= have:
                out.append(_move(cell, board[cell].room, steps, ()))
        return out
    others = state.faster_routes()
    for cell in sorted(routes):
        room = board[cell].room
        for _, steps, locks in (routes[cell], *others.get(cell, ())):
            if steps > have:
                continue
            if locks:
                out.extend(_move(cell, room, steps, pay) for pay in _payments(state, len(locks)))
            else:
                out.append(_move(cell, room, steps, ()))
    return out


@handles(Move)
def _moved(work: Work, move: Move) -> None:
    route = work.s.routes()[move.cell]
    if len(move.pay) != route[0]:  # a faster route paying more padlocks
        route = next(r for r in work.s.faster_routes()[move.cell] if r[0] == len(move.pay))
    _, steps, doors_on = route
    for door, method in zip(doors_on, move.pay, strict=True):
        if method == "key":
            work.gain("keys", -1, "opened a padlocked door", "§4 Action B")
        else:
            work.use_charge("Lockpick Kit" if method == "lockpick" else "Silver Key",
                            "§4 Action B")
        work.padlocks.discard(door)
    work.turn += 1
    enter(work, move.cell, steps)


def enter(work: Work, cell: Cell, steps: int) -> None:
    """Arrive in the room at ``cell`` after paying ``steps`` (§4 Action B): the dinner bell
    (§11), tokens and items lying there (§10), the data's entry rewards and spawns (§7, §16),
    the room's own effect, and what held items and rooms on the board do on entries."""
    room = work.room_at(cell)
    if steps:
        work.gain("steps", -steps, f"moved to {room}", "§4 Action B")
    work.position = cell
    first = cell not in work.entered
    work.entered.add(cell)
    if cell[0] >= number(work.rules, "bell_rank") and not work.flag("bell"):
        work.set_flag("bell", True)
        work.log("the bell rings: \"Dinner's ready\" — the meal is served", "§18 The Service Bell")
    if cell in work.tokens:
        collect(work, cell)
    entry_rewards(work, cell, first)
    if room in hooks.ENTER:
        hooks.ENTER[room](work, cell, first)
    watch_entry(work, Entry(room, cell, first))


def watch_entry(work: Work, entry: Entry) -> None:
    """What rooms on the board and held items do on every entry (``entry.cell`` is None for
    the Outer Room, §19)."""
    watch = hooks.WATCH_ENTER
    for other, room in _watchers(work):
        watch[room](work, other, entry)
    hooks.watch_enter(work, entry)


def _watchers(work: Work) -> list:
    """The cells and names of the rooms on the board whose entry watchers act under the
    rules (:func:`hooks.entry_watchers`), in board order; kept on the work (``_watchers``)
    while a board that counts its changes (``version``, the fast mode's) stands unchanged."""
    board = work.board
    version = getattr(board, "version", None)
    kept = work._watchers
    if version is not None and kept is not None and kept[0] is board and kept[1] == version:
        return kept[2]
    watch = hooks.entry_watchers(work.rules)
    found = [] if watch.isdisjoint(work.on_board()) else hooks.watching(board, watch)
    work._watchers = (board, version, found)
    return found


# -- digging, trunks, fruit --------------------------------------------------------------------

@legal("turn", yields=(Dig, OpenTrunk, Eat))
def _tokens(state: State) -> list:
    out: list = []
    here = state.position
    if state.dirt.get(here) and "Shovel" in state.items:
        out.append(_DIG)
    if state.trunks.get(here):
        if state.resources["keys"]:
            out.append(_open_trunk_action("key"))
        if "Sledgehammer" in state.items:
            out.append(_open_trunk_action("sledgehammer"))
    fruit = state.fruit.get(here)
    if fruit:
        out.extend(_eat_action(f) for f in sorted(set(fruit)))
    return out


#: Shared actions (actions are immutable values, checked once when built).
_DIG = Dig()
_open_trunk_action = lru_cache(maxsize=8)(OpenTrunk)
_eat_action = lru_cache(maxsize=256)(Eat)


@handles(Dig)
def _dig(work: Work, action: Dig) -> None:
    here = work.position
    work.dirt[here] -= 1
    dig_at(work, here, "dug a dirt pile")


def dig_at(work: Work, cell: Cell, what: str) -> None:
    """One dig at ``cell`` (§8 Digging): its step under ``dig_step_cost=one_step``, 1 Dig
    Result card (2 with the Metal Detector) plus 1 for each time ``cell`` is listed in flag
    ``"dig_bonus"`` (rooms that grant extra dig draws, e.g. §16 Veranda), then :func:`dug`."""
    if work.rules.variant("dig_step_cost") == "one_step":
        work.gain("steps", -1, "dug", "§16 Cloister")
    n = number(work.rules, "metal_detector_cards") if "Metal Detector" in work.items else 1
    n += sum(1 for c in work.flag("dig_bonus", ()) if tuple(c) == cell)
    work.log(f"{what}: draw {n} Dig Result card(s)", "§8 Digging")
    for _ in range(n):
        work.queue(CardDraw("dig", cell))
    dug(work, cell)


def dug(work: Work, cell: Cell) -> None:
    """After any dig: the Kennel unlocks every door of the room dug in (§8 Kennel bonus);
    ``cell`` None is a dig off the board (the Root Cellar, §19), with no doors."""
    if cell is None or "Kennel" not in work.on_board():
        return
    tile = work.board[cell]
    for d in tile.doors:
        work.padlocks.discard(edge(cell, d))
    if work.rules.variant("kennel_unlock_scope") == "doors_stay_unlocked":
        known = work.flag("unlocked_doors", ())
        work.set_flag("unlocked_doors", known + tuple(list(edge(cell, d)) for d in
                                                      sorted(tile.doors)))
    work.log(f"the Kennel: every door of {tile.room} is unlocked", "§8 Digging")


@handles(OpenTrunk)
def _open_trunk(work: Work, action: OpenTrunk) -> None:
    work.trunks[work.position] -= 1
    if action.method == "key":
        work.gain("keys", -1, "opened a trunk", "§8 Locked Trunks")
    work.log("opened a trunk: draw 1 Trunk Result card", "§8 Locked Trunks")
    work.queue(CardDraw("trunk", work.position))


@handles(Eat)
def _eat(work: Work, action: Eat) -> None:
    fruits = list(work.fruit[work.position])
    fruits.remove(action.fruit)
    work.fruit[work.position] = tuple(fruits)
    work.gain("steps", food_steps(work.rules, action.fruit, tuple(work.items)),
              f"ate the {action.fruit}", "§11 Fruit Tokens")


# -- Actions C-D: shops and abilities; Action E ----------------------------------------------

@legal("turn", yields=(Buy, Use, EndDay))  # (room and item offers are Buys or Uses)
def _abilities(state: State) -> list:
    room = state.board[state.position].room
    out = list(hooks.OFFERS[room](state, state.position)) if room in hooks.OFFERS else []
    out.extend(hooks.item_offers(state))
    out.append(_END_DAY)
    return out


_END_DAY = EndDay()


@handles(Buy)
def _buy(work: Work, action: Buy) -> None:
    hooks.BUY[work.room_at(work.position)](work, action)


@handles(Use)
def _use(work: Work, action: Use) -> None:
    if action.ability not in hooks.USES:
        raise IllegalAction(f"no ability {action.ability!r}")
    hooks.USES[action.ability].fn(work, action)


@handles(EndDay)
def _end_day(work: Work, action: EndDay) -> None:
    work.over = "called it a day"
    work.log("the day ends", "§4 Action E")
    room = work.room_at(work.position)
    if room in hooks.END_DAY:
        hooks.END_DAY[room](work, work.position)
