"""The planning bot (§13 Win Condition): legal decisions, no shuttling, a near-won day won,
and more wins than the greedy bot on the same days."""

import random

import pytest

from manorkit.blueprince import load_rules
from manorkit.blueprince.engine import new_day
from manorkit.blueprince.engine.actions import Move
from manorkit.blueprince.engine.setup import ANTECHAMBER
from manorkit.blueprince.sim import GreedyPolicy, PlannerPolicy, day_seeds, simulate
from manorkit.blueprince.sim.run import play as play_day
from manorkit.blueprince.sim.run import play_out

from .golden.days_green import SCRIPTS
from .golden.play import Script, play

#: 60 days (``day_seeds(ROOT, DAYS)``) for comparing the bots.
ROOT, DAYS = 0, 60
#: A day the planner wins (``day_seeds(0, 500)[14]``, a day of the README's benchmark).
WON = 3957305396


@pytest.fixture(scope="module")
def rules():
    return load_rules()


def _played(rules, seed):
    """A day played by the planner, checking every decision is legal when it is made."""
    policy, rng = PlannerPolicy(), random.Random(seed)
    state, chance = new_day(rules, seed=seed), random.Random(f"chance:{seed}")
    while not state.is_over:
        if state.is_chance:
            state = state.resolve(chance)
            continue
        action = policy(state, rng)
        assert action in state.legal_actions(), (seed, state.depth, action)
        state = state.apply(action)
    return state


@pytest.mark.parametrize("seed", [1, 2, WON])
def test_every_decision_is_legal_and_no_shuttle(rules, seed):
    state = _played(rules, seed)
    assert state.won == (seed == WON)
    decisions = [a for a in state.history if a.kind != "chance"]
    assert len(decisions) > 10
    for i in range(len(decisions) - 3):
        four = decisions[i:i + 4]
        if all(isinstance(a, Move) for a in four):
            cells = [a.cell for a in four]
            assert not (cells[0] == cells[2] and cells[1] == cells[3]), (seed, i, cells)


def test_a_day_near_the_win_is_won(rules):
    """The south lever pulled and a Hallway just placed below the Antechamber (golden day
    green_south_lever_win, its last two moves left out): the planner walks in and wins."""
    script = SCRIPTS["green_south_lever_win"]
    assert script.steps[-2:] == ("move to Hallway", "move to Antechamber")
    state = play(Script(script.steps[:-2], script.seed, script.variants, script.campaign))
    assert "south" in state.flags["levers"] and not state.is_over
    end = play_out(state, PlannerPolicy(), random.Random(0), random.Random(0))
    assert end.won
    moves = [a for a in end.history[state.depth:] if isinstance(a, Move)]
    assert moves[-1].cell == ANTECHAMBER


def test_it_wins_more_days_than_the_greedy_bot(rules):
    """On DAYS days and the won day the planner wins at least that one, more than the
    greedy bot, and it reaches further north on average."""
    seeds = day_seeds(ROOT, DAYS) + [WON]
    planner = [play_day(rules, PlannerPolicy(), seed) for seed in seeds]
    greedy = [play_day(rules, GreedyPolicy(), seed) for seed in seeds]
    assert planner[-1].won
    assert sum(s.won for s in planner) > sum(s.won for s in greedy)
    assert sum(map(_deepest, planner)) > sum(map(_deepest, greedy))
    for s in planner:
        assert s.over in ("won", "called it a day", "out of steps")
        assert not s.won or (s.over == "won" and _deepest(s) >= 8)


def _deepest(state) -> int:
    return max(c[0] for c in state.board if c != ANTECHAMBER)


def test_simulate_plays_the_planner(rules):
    """``simulate`` plays the planner on immutable states: the same days as ``play``."""
    table = simulate(PlannerPolicy(), 3, rules, seed=ROOT, progress=False)
    days = [play_day(rules, PlannerPolicy(), seed) for seed in day_seeds(ROOT, 3)]
    assert list(table["won"]) == [s.won for s in days]
    assert list(table["steps"]) == [s.resources["steps"] for s in days]
