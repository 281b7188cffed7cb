"""The planning bot (§13 Win Condition): legal decisions, no shuttling, a near-won day won,
and more wins than the greedy bot on the same days."""

import random

import pytest

from manorkit.blueprince import load_rules
from manorkit.blueprince.engine import new_day
from manorkit.blueprince.engine.actions import Move
from manorkit.blueprince.engine.setup import ANTECHAMBER
from manorkit.blueprince.sim import GreedyPolicy, PlannerPolicy, simulate
from manorkit.blueprince.sim.run import play_out

from .golden.days_green import SCRIPTS
from .golden.play import Script, play

#: 60 days (``simulate(..., seed=ROOT)``) among which the planner wins one.
ROOT, DAYS = 0, 60
#: The day of those the planner wins (``day_seeds(ROOT, DAYS)``).
WON = 587957511


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
    planner = simulate(PlannerPolicy(), DAYS, rules, seed=ROOT, progress=False)
    greedy = simulate(GreedyPolicy(), DAYS, rules, seed=ROOT, progress=False)
    assert planner["won"].sum() >= 1
    assert planner["won"].mean() > greedy["won"].mean()
    won = planner[planner["won"]]
    assert (won["ended"] == "won").all() and (won["deepest_rank"] >= 8).all()
