"""Helpers of the shops family's room tests: build a day by playing actions, resolve chosen
outcomes, and expand every chance branch into an exact distribution."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from types import MappingProxyType

from manorkit.blueprince import load_rules
from manorkit.blueprince.board import N, Tile, doors
from manorkit.blueprince.engine import Campaign, Chance, Draft, Move, State, Take, new_day
from manorkit.dist import Dist

from .golden.play import choose

RULES = load_rules()
HALL = (1, 3)
NORTH = (2, 3)
FILLERS = ("Spare Room", "Storeroom", "Closet", "Den")


def day(rules=RULES, *, campaign: Campaign | None = None, items=(), flags=None,
        **resources) -> State:
    """A fresh day with some resources, held items and flags changed."""
    state = new_day(rules, campaign=campaign)
    held = {item: int((rules.rows("tables/items.csv")[item]["charges"]) or 1) for item in items}
    return replace(state, resources=MappingProxyType({**state.resources, **resources}),
                   items=MappingProxyType(held),
                   flags=MappingProxyType({**state.flags, **(flags or {})}))


def with_rooms(state: State, rooms: dict) -> State:
    """``state`` with extra tiles on the board (cell → room), for rooms that count the board."""
    board = dict(state.board)
    for cell, room in rooms.items():
        board[cell] = Tile(room, cell, 0, doors(state.rules.room(room)["shape"], 0))
    return replace(state, board=MappingProxyType(board))


def drafted(state: State, room: str, direction: int = N) -> State:
    """Draft ``room`` from Slot 1 through ``direction`` of the current room (doors open,
    the first orientation); the random steps its draft queues are left pending."""
    state = state.apply(Draft(direction))
    if state.is_chance and state.pending[0].name == "lock_roll":
        state = state.apply(Chance("OPEN"))
    fill = [t for t in FILLERS if t != room and state.bag.get(t)]
    for tile in (room, *fill[:state.drafting.size - 1]):
        state = state.apply(Chance(tile))
    state = state.apply(Take(1, room))
    if state.is_chance and state.pending[0].name == "orient":
        state = state.apply(state.chance_outcomes()[0][0])
    return state


def entered(state: State, cell=NORTH) -> State:
    """Move into the room at ``cell`` (its entry's random steps left pending)."""
    return state.apply(Move(cell))


def pick(state: State, *values) -> State:
    """Resolve the pending random steps with ``values``, in order."""
    for value in values:
        state = state.apply(Chance(value))
    return state


def act(state: State, *texts: str) -> State:
    """Apply the legal actions (or chance outcomes) named by their text (unique prefixes)."""
    for text in texts:
        state = state.apply(choose(state, text))
    return state


def offered(state: State) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def pending(state: State) -> str | None:
    return state.pending[0].name if state.pending else None


def branches(state: State, value) -> Dist:
    """The exact distribution of ``value(final)`` over every chance branch from ``state``
    until no random step is pending (the engine's own ``chance_outcomes``)."""
    acc: dict = {}

    def walk(s: State, p: Fraction) -> None:
        if not s.is_chance:
            v = value(s)
            acc[v] = acc.get(v, 0) + p
            return
        for outcome, q in s.chance_outcomes():
            walk(s.apply(outcome), p * q)

    walk(state, Fraction(1))
    return Dist(acc)


def chances(state: State) -> dict:
    """The pending step's outcomes → exact probability."""
    return {c.value: p for c, p in state.chance_outcomes()}
