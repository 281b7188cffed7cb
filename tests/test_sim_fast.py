"""The fast mode (``FastDay``, ``simulate(fast=True)``) plays the same day as the immutable
API, action for action, and the greedy bot does not end its days shuttling."""

from __future__ import annotations

import random

import pandas as pd
import pytest

from manorkit.blueprince import load_rules
from manorkit.blueprince.engine import EndDay, IllegalAction, Move, new_day
from manorkit.blueprince.engine.actions import KINDS as NAMED_KINDS
from manorkit.blueprince.engine.actions import Action, Buy, Chance, Draft, Take, Use
from manorkit.blueprince.engine.fast import FastDay
from manorkit.blueprince.engine.reducer import offering
from manorkit.blueprince.sim import EconomyPolicy, GreedyPolicy, RandomPolicy, day_seeds, simulate
from manorkit.blueprince.sim.run import play, summary

RULES = load_rules()
POLICIES = {"random": RandomPolicy(), "greedy": GreedyPolicy(), "economy": EconomyPolicy()}
SEEDS = day_seeds(2026, 30)


def row(state) -> dict:
    return summary(0, state.seed, state, frozenset(state.at(0).board))


@pytest.mark.parametrize("name", list(POLICIES))
def test_fast_day_equals_the_immutable_day(name):
    """30 seeds: the same actions, the same table row, and replaying the fast day's action
    log reaches the immutable run's final state (equal digests)."""
    policy = POLICIES[name]
    for seed in SEEDS:
        fast, slow = play(RULES, policy, seed), play(RULES, policy, seed, fast=False)
        assert isinstance(fast, FastDay) and fast.is_over
        assert fast.history == slow.history, seed
        assert row(fast) == row(slow), seed
        assert fast.state().digest() == slow.digest(), seed


@pytest.mark.parametrize("variants", [{"dead_end_transit": "as_example"},
                                      {"greenhouse_draft_effect": "favour_green",
                                       "tile_orientation": "player_choice"},
                                      {"enter_after_draft": "auto_enter",
                                       "zero_steps": "may_finish_room"}], ids=str)
def test_lockstep_under_variants(variants):
    """Step by step the fast day offers the same legal actions and chance outcomes, holds the
    same resources and position, and logs the same events as the immutable states, under
    variants read by what the fast mode keeps (routes, tile weights, the end of the day)."""
    rules = load_rules(**variants)
    for seed in day_seeds(7, 6):
        state, rng = new_day(rules, seed=seed), random.Random(seed)
        day = FastDay(state, random.Random(seed))
        chance = random.Random(seed)
        policy = POLICIES["random" if seed % 2 else "greedy"]
        while not state.is_over:
            assert day.is_chance == state.is_chance and not day.is_over
            assert day.legal_actions() == state.legal_actions()
            assert (day.position, day.turn, day.drafting) == (state.position, state.turn,
                                                              state.drafting)
            assert dict(day.resources) == dict(state.resources)
            assert day.routes() == state.routes()  # links kept up to date, routes grown
            if state.is_chance:
                assert day.chance_outcomes() == state.chance_outcomes()
                state = state.resolve(chance)
                day.resolve()
            else:
                action = policy(state, rng)
                state = state.apply(action)
                day.apply(action)
            assert day.history[-1] == state.history[-1]
        assert day.is_over and day.over == state.over
        pd.testing.assert_frame_equal(day.log, state.log)
        assert day.state().digest() == state.digest()


def test_simulate_fast_table_and_events_equal_the_immutable_ones():
    fast, fast_log = simulate(GreedyPolicy(), 8, RULES, seed=4, events=True)
    slow, slow_log = simulate(GreedyPolicy(), 8, RULES, seed=4, events=True, fast=False)
    pd.testing.assert_frame_equal(fast, slow)
    pd.testing.assert_frame_equal(fast_log, slow_log)


def test_fast_day_refuses_illegal_actions_and_rebuilds_any_moment():
    day = FastDay(new_day(RULES, seed=5), random.Random(5))
    with pytest.raises(IllegalAction, match="not legal"):
        day.apply(Move((5, 5), "Nowhere", 1))
    assert day.depth == 0 and day.history == []
    day.apply(day.legal_actions()[0])
    assert day.is_chance
    for wrong in (Chance("no such outcome"), EndDay()):
        with pytest.raises(IllegalAction, match="not an outcome"):
            day.apply(wrong)
    assert day.depth == 1
    while EndDay() not in day.legal_actions():
        day.resolve() if day.is_chance else day.apply(day.legal_actions()[0])
    before = day.state()
    assert day.at(0) == new_day(RULES, seed=5) and day.at(day.depth) == before
    assert day.state(1) == new_day(RULES, seed=5).apply(day.history[0])
    day.apply(EndDay())
    assert day.is_over and day.state().is_over and not before.is_over
    with pytest.raises(IllegalAction, match="over"):
        day.apply(EndDay())


def back_and_forth(history, last: int = 10) -> float:
    """The share of the day's last ``last`` decisions that are moves back to the room left by
    the move before (A → B → A)."""
    decisions = [a for a in history if not isinstance(a, Chance)][-last:]
    moves, n = [], 0
    for a in decisions:
        if isinstance(a, Move):
            if len(moves) >= 2 and moves[-2].cell == a.cell != moves[-1].cell:
                n += 1
            moves.append(a)
    return n / len(decisions)


def test_back_and_forth_detector():
    a, b = Move((2, 3), "A", 1), Move((3, 3), "B", 1)
    assert back_and_forth([a, b, a, b]) == 0.5 and back_and_forth([a, b, EndDay()]) == 0


@pytest.mark.parametrize("name", ["greedy", "economy"])
def test_bots_do_not_spend_their_last_turns_shuttling(name):
    for seed in SEEDS:
        assert back_and_forth(play(RULES, POLICIES[name], seed).history) == 0, seed


def test_every_golden_day_replays_in_place():
    """Each scripted golden day (every room appears in one) replayed through a FastDay logs
    the same events and ends in the same facts as the immutable run."""
    from manorkit.blueprince.engine.state import State

    from .golden.play import log_text
    from .golden.play import play as play_script
    from .golden.scripts import scripts

    for name, script in sorted(scripts().items()):
        state = play_script(script)
        day = FastDay(state.at(0), random.Random(0))
        for action in state.history:
            day.apply(action)
        assert log_text(day) == log_text(state), name
        assert State.snapshot(day) == state.snapshot(), name


def test_a_step_builds_the_state_the_constructor_would():
    """``State._build`` (the reducer's shortcut) sets every field, as ``State(...)`` does."""
    from dataclasses import fields

    from manorkit.blueprince.engine.state import State

    state = new_day(load_rules(), seed=3).settle(random.Random(1))
    after = state.apply(state.legal_actions()[0])
    assert set(vars(after)) == {f.name for f in fields(State)}
    rebuilt = State(**{f.name: getattr(after, f.name) for f in fields(State) if f.init})
    assert rebuilt.digest() == after.digest() and rebuilt.legal_actions() == after.legal_actions()


def test_the_fast_bag_keeps_its_names_in_order_and_its_running_totals():
    """Whatever is set, emptied, dropped or added, the fast mode's bag gives its names sorted
    and the running totals of their counts in that order (what a tile draw samples from),
    and tells whether every name is held once (a draw then needs no totals)."""
    from itertools import accumulate

    from manorkit.blueprince.engine.fast import _Bag

    rng = random.Random(7)
    names = [f"room {i}" for i in range(12)]
    bag = _Bag({n: 1 for n in names[:8]})
    for _ in range(500):
        name = rng.choice(names)
        what = rng.random()
        if what < 0.5:
            bag[name] = bag.get(name, 0) + 1
        elif what < 0.8 and bag.get(name):
            bag[name] -= 1
            if not bag[name]:
                del bag[name]
        elif what < 0.9:
            bag.update({name: rng.randint(1, 3)})
        elif what < 0.95 and name in bag:
            bag.pop(name)
        elif name in bag:
            bag[name] = 0  # emptied during an action, dropped after it
        assert list(bag.order()) == sorted(bag)
        assert bag.totals() == list(accumulate(bag[n] for n in sorted(bag)))
        assert bag.even() == all(n == 1 for n in bag.values())


@pytest.mark.parametrize("name", ["random", "greedy"])
def test_after_every_action_the_fast_bag_is_sorted_and_has_no_empty_entry(name):
    """What a tile draw samples in: the day's bag, without empty entries (as a frozen state
    keeps it), in name order, whatever the rules added or took."""
    rules, policy = load_rules(), POLICIES[name]
    checked = 0
    for seed in day_seeds(11, 15):
        day = FastDay(new_day(rules, seed=seed), random.Random(seed))
        rng = random.Random(seed)
        while not day.is_over:
            day.resolve() if day.pending else day.apply(policy(day, rng))
            assert all(day.bag.values()) and all(day.dirt.values())
            assert list(day.bag.order()) == sorted(day.bag)
            assert day.bag.even() == all(n == 1 for n in day.bag.values())
            checked += 1
    assert checked > 500


#: Every kind a bot may ask for: each action type, some tuples, and the base class.
DECISIONS = {k for k in NAMED_KINDS.values() if k is not Chance}
KINDS = [*DECISIONS, (Take, Draft), (Move, EndDay), (Buy, Use), Action]


def kinds_equal_filtered(state) -> int:
    """``state.legal_actions(kind)``, asked before the whole list, equals filtering it."""
    asked = {kind: state.legal_actions(kind) for kind in KINDS}
    legal = state.legal_actions()
    for kind, got in asked.items():
        assert got == [a for a in legal if isinstance(a, kind)], (kind, state.history[-3:])
    return len(legal)


def test_legal_actions_of_a_kind_are_the_whole_list_filtered():
    """On every moment of random, greedy and economy days (and every golden day, which meets
    every room), fast and immutable, each generator offers only the types it declares and a
    kind's list is the whole list filtered, in order."""
    from manorkit.blueprince.engine.reducer import LEGAL, YIELDS, phase

    from .golden.play import play as play_script
    from .golden.scripts import scripts

    seen, offered = 0, set()
    states = [s for script in scripts().values() for s in _moments(play_script(script))]
    for seed, name in zip(day_seeds(41, 9), ["random", "greedy", "economy"] * 3, strict=True):
        day, state = FastDay(new_day(RULES, seed=seed), random.Random(seed)), new_day(RULES,
                                                                                    seed=seed)
        rng, chance = random.Random(seed), random.Random(seed)
        while not state.is_over:
            if state.is_chance:
                state = state.resolve(chance)
                day.resolve()
                continue
            seen += kinds_equal_filtered(day)
            states.append(state)
            action = POLICIES[name](state, rng)
            state, _ = state.apply(action), day.apply(action)
    for state in states:
        seen += kinds_equal_filtered(state)
        which = phase(state)
        for offer in LEGAL[which] if which else ():
            for a in offer(state):
                assert isinstance(a, YIELDS[offer]), (offer.__name__, a)
                offered.add(type(a))
    assert seen > 5000 and offered == DECISIONS


def _moments(state) -> list:
    """The decision moments before the last action of a played day, first to last."""
    out = []
    while state.parent is not None:
        state = state.parent
        if not state.is_chance:
            out.append(state)
    return out[::-1]


def test_an_action_of_a_kind_list_applies_and_an_illegal_one_changes_nothing():
    """A fast day applies an action taken from a kind's list (without the whole list being
    computed), and refuses one that is not legal, unchanged; so does the immutable state."""
    state = new_day(RULES, seed=8)
    day = FastDay(state, random.Random(8))
    draft, facts = day.legal_actions(Draft)[0], (dict(day.resources), dict(day.board))
    assert set(day._memo) == {"phase", *(f for f, _ in offering("turn", Draft))}  # only it ran
    for wrong in (Move((5, 5), "Nowhere", 1), Take(1, "Foyer"), Draft(2, "Nowhere")):
        with pytest.raises(IllegalAction):
            day.apply(wrong)
        with pytest.raises(IllegalAction):
            state.apply(wrong)
        assert day.depth == 0 and day.history == [] and day.legal_actions(Draft)[0] is draft
        assert (dict(day.resources), dict(day.board)) == facts
    day.apply(draft)
    assert day.history == [draft] and state.apply(state.legal_actions(Draft)[0]).history == [
        draft]
    while day.is_chance:
        day.resolve()
    take = day.legal_actions(Take)[0]
    day.apply(Take(take.slot, take.room, take.rotation))  # an equal one, not the same object
    assert day.history[-1] == take
