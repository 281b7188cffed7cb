"""Building Weirdwood games for tests: a game after Setup, and tables changed in place."""

from __future__ import annotations

from collections import Counter

from manorkit.weirdwood import load_rules, new_game
from manorkit.weirdwood.board import THRONE
from manorkit.weirdwood.game.state import State

RULES = load_rules()


def opening(players=2, monster=None, seed=0, rules=RULES) -> State:
    """A game after Game Setup: every random step of Setup rolled with ``seed``."""
    state = new_game(rules, seed=seed, players=players, monster=monster)
    while state.is_chance:
        state = state.resolve()
    return state


def edit(state: State, change) -> State:
    """``state`` with its table changed by ``change(table)`` (a scenario's starting point;
    its history no longer replays to it)."""
    table = state.table.copy()
    change(table)
    return state.with_table(table)


def place(state, room: str):
    return state.table.place_of(room)


def clear_board(t) -> None:
    """No Scarab anywhere but the Throne Room's."""
    t.scarabs = Counter({THRONE: t.scarabs[THRONE]})
    t.blighted.clear()


def put(t, room: str, place) -> None:
    """Room ``room``'s tile at ``place`` (swapped with the tile there, if it was placed)."""
    old = t.rooms[place]
    for p, r in list(t.rooms.items()):
        if r == room:
            t.rooms[p] = old
    t.rooms[place] = room
