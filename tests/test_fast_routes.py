"""The fast day's reused routes (grown by a room added since, stepped from a one-link room)
against a fresh full search on the immutable state, asked only now and then, as a bot that
asks for moves only when it needs them does (several rooms may be added between two
questions)."""
from __future__ import annotations

import random

import pytest

from manorkit.blueprince import board, load_rules
from manorkit.blueprince.engine import fast, new_day
from manorkit.blueprince.engine.fast import FastDay
from manorkit.blueprince.sim import GreedyPolicy, RandomPolicy, day_seeds


@pytest.mark.parametrize("variants", [{}, {"dead_end_transit": "as_example"}], ids=str)
def test_routes_asked_now_and_then_equal_a_fresh_full_search(variants, monkeypatch):
    """After every action asked about, ``day.routes()`` equals ``State.routes()`` (as a
    dict), ``day.faster_routes()`` ``State.faster_routes()``, and the reuse paths answered
    many of the questions."""
    reused = []
    monkeypatch.setattr(fast, "grown", lambda *a: reused.append(board.grown(*a)) or reused[-1])
    monkeypatch.setattr(fast, "stepped", lambda *a: reused.append(board.stepped(*a)) or reused[-1])
    rules = load_rules(**variants)
    checked = 0
    for seed in day_seeds(5, 40):
        state = new_day(rules, seed=seed)
        day, chance, ask = FastDay(state, random.Random(seed)), random.Random(seed), \
            random.Random(-seed)
        policy, rng = (GreedyPolicy() if seed % 3 else RandomPolicy()), random.Random(seed)
        while not state.is_over:
            if state.is_chance:
                state = state.resolve(chance)
                day.resolve()
            else:
                action = policy(day, rng)  # the bot asks the day for what it needs only
                state = state.apply(action)
                day.apply(action)
            if ask.random() < 0.3:
                assert day.routes() == state.routes(), (seed, state.history[-3:])
                assert day.faster_routes() == state.faster_routes(), seed
                checked += 1
    assert checked > 800
    assert sum(r is not None for r in reused) > 100


def test_faster_routes_through_padlocks_agree_in_place():
    """Routes paying more padlocks for fewer steps (issue 24): the fast day's, from the links
    it keeps, equal the immutable state's, and a paid move plays the same in both."""
    from .test_engine import _square

    state = _square(keys=2)
    day = FastDay(state, random.Random(0))
    assert day.faster_routes() == state.faster_routes() and state.faster_routes()
    paid = next(a for a in state.legal_actions() if getattr(a, "pay", ()) == ("key",))
    state, _ = state.apply(paid), day.apply(paid)
    assert day.state().digest() == state.digest() and not state.padlocks
    assert day.faster_routes() == state.faster_routes() == {}
