"""A step keeps the field objects it left as they were, and facts a state takes over from
the states before it (routes, links, the rooms on the board) equal those worked out afresh."""
from __future__ import annotations

import random

import pytest

from manorkit.blueprince import load_rules
from manorkit.blueprince.engine import new_day, turn
from manorkit.blueprince.engine.actions import Move
from manorkit.blueprince.engine.state import ABOVE, ROUTE_FIELDS
from manorkit.blueprince.sim import GreedyPolicy, RandomPolicy, day_seeds

FIELDS = ("resources", "items", "board", "padlocks", "dirt", "trunks", "fruit", "tokens",
          "bag", "decks", "held_cards", "entered", "flags", "carry")


def _days(rules, n):
    """Every state of ``n`` days played by the greedy and the random bots, in order."""
    for seed in day_seeds(11, n):
        state, rng = new_day(rules, seed=seed), random.Random(seed)
        policy = GreedyPolicy() if seed % 2 else RandomPolicy()
        yield state
        while not state.is_over:
            state = state.resolve(rng) if state.is_chance else state.apply(policy(state, rng))
            yield state


def test_a_step_keeps_the_objects_of_the_fields_it_left_as_they_were():
    rules = load_rules()
    kept = changed = 0
    for state in _days(rules, 6):
        p = state.parent
        if p is None:
            continue
        for name in FIELDS:
            old, new = getattr(p, name), getattr(state, name)
            if old == new:
                assert old is new, name  # equal content: the very same object
                kept += 1
            else:
                changed += 1
    assert kept > 10 * changed > 0


def test_a_move_that_changes_nothing_but_the_marker_shares_the_board():
    state = new_day(load_rules(), seed=3)
    rng = random.Random(3)
    while not any(type(a) is Move for a in state.legal_actions()):
        state = state.resolve(rng) if state.is_chance else state.apply(
            GreedyPolicy()(state, rng))
    move = next(a for a in state.legal_actions() if type(a) is Move)
    after = state.apply(move)
    assert after.board is state.board and after.bag is state.bag


@pytest.mark.parametrize("variants", [{}, {"dead_end_transit": "as_example"}], ids=str)
def test_facts_taken_from_earlier_states_equal_the_facts_worked_out_afresh(variants):
    rules = load_rules(**variants)
    taken = 0
    for state in _days(rules, 8):
        if state.is_over:
            continue
        if state.inherited("routes", ROUTE_FIELDS, ("position",)) is not None:
            taken += 1
        assert state.routes() == ABOVE.routes(state)
        assert state.faster_routes() == ABOVE.faster_routes(state)
        assert turn.room_links(state) == turn._room_links(state)
        assert state.on_board() == frozenset(t.room for t in state.board.values())
    assert taken > 50  # the states before answered many of the questions
