"""Bots that play a day: a uniform random one, a greedy explorer and a resource collector; the
first two as plain functions too (each ``*_policy``, the bots a RunStepper offers), and
:func:`play_day`."""

from __future__ import annotations

import random
from functools import partial
from typing import Protocol

from ..board import DIRS, N, doors, exits, neighbour, opposite
from ..engine.actions import (
    KINDS,
    Action,
    Buy,
    Chance,
    Dig,
    Draft,
    Eat,
    EndDay,
    Move,
    OpenTrunk,
    Take,
)
from ..engine.drafting import draftable_doors
from ..engine.state import State
from ..placement import COLS, RANKS


class Policy(Protocol):
    """A bot: ``policy(state, rng)`` returns one of ``state.legal_actions()``. It may draw
    from ``rng`` (a ``random.Random``) but never from the run's own generator, so a day is
    fixed by the seed and the policy's rng. ``state`` is a :class:`State` or, in the fast
    mode, a :class:`~manorkit.blueprince.engine.fast.FastDay` (the same fields, changed in
    place: copy what you keep between calls; the day so far is ``state.history``). Both
    take ``legal_actions(kind)`` (an action type or a tuple of them) for only the actions
    of that kind, computed without the others: a bot that looks at some kinds first asks
    for those. A policy that looks ahead with ``state.apply`` or walks ``state.parent``
    sets ``needs_state = True`` and is always handed immutable states."""

    def __call__(self, state: State, rng: random.Random) -> Action: ...


class RandomPolicy:
    """Any legal decision, uniformly; ends the day only when nothing else is legal."""

    def __call__(self, state: State, rng: random.Random) -> Action:
        legal = [a for a in state.legal_actions() if not isinstance(a, EndDay)]
        return rng.choice(legal) if legal else EndDay()


class GreedyPolicy:
    """Pushes north towards the Antechamber: drafts north (towards Column 3 from Rank 6),
    takes the tile that keeps the most doors, enters new rooms and rooms with items lying in
    them, uses what rooms offer, and moves to a room with a door it could draft through
    (leading to an empty cell, not shut, its padlock payable) only if it has not stood there
    since the last tile was placed (so it never shuttles between two rooms, nor walks back to
    a room whose last door it could not open); otherwise it ends the day."""

    def __call__(self, state: State, rng: random.Random) -> Action:
        takes = state.legal_actions(Take)
        if takes:
            return max(takes, key=partial(self.tile_score, state))
        drafts = state.legal_actions(Draft)
        if drafts:
            return _first_draft(drafts, _DRAFT_RANKS[state.position])
        return self.explore(state)

    def tile_score(self, state: State, a: Take) -> tuple:
        """Higher is better: more doors, then (when the player turns the tile) the orientation
        whose doors lead to more empty cells, a north one counting twice, then no gem cost
        beyond Slot 1, then the lower slot."""
        if not a.room:  # a tile the Archives turned face-down (§16)
            return (2, 0, 0, -a.slot)
        row = state.rules.room(a.room)
        lead = 0 if a.rotation is None else _leads_on(state, row["shape"], a.rotation)
        return (row["doors"], lead, -row["gem_cost"] * (a.slot > 1), -a.slot)

    def explore(self, state: State) -> Action:
        """With no draft to make: a new room or one with tokens or items lying there (picked up
        on entry), then a room's offer, then a frontier room not visited since the last tile
        (the other actions computed only when no such room is found)."""
        moves = state.legal_actions(Move)
        if state.padlocks:  # the faster routes paying more padlocks: keep the keys
            moves = fewest_padlocks(moves)
        entered, tokens = state.entered, state.tokens
        seen = visited_since_placement(state) if tokens else None  # (read here only for tokens)
        best, near = None, None  # the first new one of the fewest steps, then highest rank
        for a in moves:
            cell = a.cell  # (new: not entered yet, or with tokens and items to pick up)
            if cell not in entered or (tokens and tokens.get(cell) and cell not in seen):
                key = (a.steps, -cell[0])
                if best is None or key < near:
                    best, near = a, key
        if best is not None:
            return best
        others = state.legal_actions(_OTHERS)
        if others:
            return others[0]
        return _frontier(state, moves, visited_since_placement(state) if seen is None else seen)


class EconomyPolicy(GreedyPolicy):
    """Collects first: takes rooms that reward entry, opens trunks, digs, eats, buys Keys,
    enters every new room; then pushes north as :class:`GreedyPolicy` does."""

    def __call__(self, state: State, rng: random.Random) -> Action:
        for kind in (OpenTrunk, Dig, Eat):
            found = state.legal_actions(kind)
            if found:
                return found[0]
        keys = [a for a in state.legal_actions(Buy) if a.item == "Key"]
        if keys:
            return keys[0]
        return super().__call__(state, rng)

    def tile_score(self, state: State, a: Take) -> tuple:
        """A room that leads on (two doors or more) first, then one that rewards (trunks,
        dirt, an entry effect naming a resource), then as :class:`GreedyPolicy`."""
        base = super().tile_score(state, a)
        if not a.room:
            return (True, False) + base
        row = state.rules.room(a.room)
        effect = (row["effect"] or "").lower()
        reward = (row["trunk_rolls"] > 0) + (row["dirt_on_draft"] > 0) + any(
            w in effect for w in ("coin", "gem", "key", "step"))
        return (row["doors"] > 1, reward) + base


_RANDOM, _GREEDY = RandomPolicy(), GreedyPolicy()


def random_policy(state: State, rng: random.Random) -> Action:
    """:class:`RandomPolicy`."""
    return _RANDOM(state, rng)


def greedy_policy(state: State, rng: random.Random) -> Action:
    """:class:`GreedyPolicy`."""
    return _GREEDY(state, rng)


def play_day(state: State, policy=random_policy, rng: random.Random | None = None,
             max_steps: int = 10_000) -> State:
    """Play from ``state`` to the end of the day: ``policy`` decides, the run's own seeded
    generator resolves chance. Deterministic for a given seed and policy rng."""
    if not callable(policy):
        raise TypeError(f"policy must be a function (state, rng) -> action, got {policy!r}")
    rng = rng or random.Random(state.seed)
    for _ in range(max_steps):
        if state.is_over:
            return state
        state = state.resolve() if state.is_chance else state.apply(policy(state, rng))
    raise RuntimeError(f"the day did not end within {max_steps} steps")


#: What :meth:`GreedyPolicy.explore` counts as a room's offer: any decision but a move or
#: ending the day (asked for by kind, so the moves are not copied again).
_OTHERS = tuple(k for k in KINDS.values() if k not in (Move, EndDay, Chance))


def _leads_on(state: State, shape: str, rotation: int) -> int:
    """How far a ``shape`` tile turned ``rotation`` leads on from the cell being drafted:
    its doors, the one facing back excepted, that open onto an empty cell of the board, a
    north door counting twice."""
    d = state.drafting
    back, board = opposite(d.direction), state.board
    out = 0
    for side, beyond, _, _ in exits(neighbour(d.origin, d.direction), doors(shape, rotation)):
        if side != back and beyond not in board:
            out += 2 if side == N else 1
    return out


def _draft_rank(cell, direction: int) -> tuple:
    """Smaller is better: north, then towards Column 3 from Rank 6 up, then east, west, south."""
    if direction == N:
        return (0, 0)
    target = neighbour(cell, direction)
    towards = cell[0] >= 6 and target is not None and abs(target[1] - 3) < abs(cell[1] - 3)
    return (1 if towards else 2, direction)


#: :func:`_draft_rank` of each cell's sides, by side.
_DRAFT_RANKS = {(r, c): tuple(_draft_rank((r, c), d) for d in DIRS) for r in RANKS for c in COLS}


def _first_draft(drafts: list, ranks: tuple) -> Draft:
    """The first of ``drafts`` whose side has the lowest of ``ranks`` (as ``min`` picks it;
    a loop, not a key function: no closure made at each call)."""
    best, low = None, None
    for a in drafts:
        rank = ranks[a.direction]
        if best is None or rank < low:
            best, low = a, rank
    return best


def _frontier(state: State, moves: list, seen: set) -> Action:
    """The nearest of ``moves`` to a room not in ``seen`` that still has a door to draft
    through (ties to the highest rank, then nearest Column 3), else the end of the day (a
    function of its own: the list's filter makes ``seen`` a closure cell of its caller)."""
    unseen = [a for a in moves if a.cell not in seen]
    unseen.sort(key=lambda a: (a.steps, -a.cell[0], abs(a.cell[1] - 3)))
    for a in unseen:
        if draftable_doors(state, a.cell):
            return a
    return EndDay()


def fewest_padlocks(moves: list) -> list:
    """Of ``moves``, those to each room on its route with the fewest padlocks (each room's
    moves come together, that route's first, as the engine lists them)."""
    out, cell, paid = [], None, 0
    for a in moves:
        if a.cell != cell:
            cell, paid = a.cell, len(a.pay)
        if len(a.pay) == paid:
            out.append(a)
    return out


def visited_since_placement(state: State) -> set:
    """The cells moved to since the last tile was taken (the board is unchanged since)."""
    seen = {state.position}
    for action in reversed(state.history):
        kind = type(action)
        if kind is Take:
            break
        if kind is Move:
            seen.add(action.cell)
    return seen
