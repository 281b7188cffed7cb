"""The bots as plain functions, for the RunStepper (each ``*_policy`` of this module) and the
benchmarks: thin wrappers of :mod:`manorkit.blueprince.sim.policies`, plus :func:`play_day`."""

from __future__ import annotations

import random

from ..sim.policies import GreedyPolicy, RandomPolicy
from .actions import Action
from .state import State

_RANDOM, _GREEDY = RandomPolicy(), GreedyPolicy()


def random_policy(state: State, rng: random.Random) -> Action:
    """:class:`~manorkit.blueprince.sim.policies.RandomPolicy`."""
    return _RANDOM(state, rng)


def greedy_policy(state: State, rng: random.Random) -> Action:
    """:class:`~manorkit.blueprince.sim.policies.GreedyPolicy`."""
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
