"""Simple players for simulation and benchmarks: a random policy and a greedy one."""

from __future__ import annotations

import random

from .actions import Action, Draft, EndDay, Move, Take
from .state import State


def random_policy(state: State, rng: random.Random) -> Action:
    """Any legal decision, uniformly; ends the day only when nothing else is legal."""
    legal = [a for a in state.legal_actions() if not isinstance(a, EndDay)]
    return rng.choice(legal) if legal else EndDay()


def greedy_policy(state: State, rng: random.Random) -> Action:
    """Draft north when it can, take the cheapest tile that keeps the most doors, explore
    rooms it has not entered, and end the day when nothing is left to do."""
    legal = state.legal_actions()
    takes = [a for a in legal if isinstance(a, Take)]
    if takes:
        rules = state.rules

        def score(a: Take) -> tuple:
            if not a.room:  # a tile the Archives turned face-down (§16)
                return (2, 0, -a.slot)
            row = rules.room(a.room)
            return (row["doors"], -row["gem_cost"] * (a.slot > 1), -a.slot)
        return max(takes, key=score)
    drafts = [a for a in legal if isinstance(a, Draft)]
    if drafts:
        return min(drafts, key=lambda a: (a.direction != 0, a.direction))
    fresh = [a for a in legal if isinstance(a, Move) and a.cell not in state.entered]
    if fresh:
        return min(fresh, key=lambda a: (a.steps, -a.cell[0]))
    others = [a for a in legal if not isinstance(a, Move | EndDay)]
    if others:
        return others[0]
    moves = [a for a in legal if isinstance(a, Move)]
    frontier = [a for a in moves if _has_open_door(state, a.cell)]
    if frontier:
        return min(frontier, key=lambda a: (a.steps, -a.cell[0]))
    return EndDay()


def _has_open_door(state: State, cell) -> bool:
    from .board import neighbour

    tile = state.board[cell]
    return any((n := neighbour(cell, d)) is not None and n not in state.board for d in tile.doors)


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
