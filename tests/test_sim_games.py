"""The game-agnostic simulation of any game on the run protocol (``manorkit.sim.games``),
checked on a toy two-player race (``tests/toy_game.py``)."""

import html

import pytest

from manorkit.sim.games import COLUMNS, play_game, seat_policies, simulate_games
from tests import toy_game

GAME = "tests.toy_game"


def test_one_game_plays_to_a_winner_with_every_seat_its_own_policy():
    final = play_game(GAME, {"Ann": toy_game.walker_policy, "Bo": toy_game.roller_policy}, 5)
    assert final.is_over and len(final.winners) == 1
    assert all(a.name == "walk" for a in final.history[0::3] if hasattr(a, "name"))


def test_the_table_counts_decisions_and_chance_events_by_source():
    table = simulate_games(GAME, toy_game.roller_policy, 20, seed=3)
    assert list(table.columns) == [*COLUMNS, "leader_space"]
    assert len(table) == 20 and table["won"].all()
    # every roll decision is followed by one die: as many dice as decisions, none other
    assert (table["chance_dice"] == table["decisions"]).all()
    assert (table["chance_events"] == table["chance_dice"]).all()
    assert (table["chance_tile"] + table["chance_card"] + table["chance_other"] == 0).all()
    walked = simulate_games(GAME, toy_game.walker_policy, 5, seed=3)
    assert (walked["chance_events"] == 0).all() and (walked["winners"] == "Ann").all()


def test_the_table_is_the_same_on_processes_and_in_any_batch():
    local = simulate_games(GAME, toy_game.roller_policy, 24, seed=9, batch=5)
    pooled = simulate_games(GAME, toy_game.roller_policy, 24, seed=9, backend="processes",
                            processes=2, batch=7)
    assert local.equals(pooled)
    assert local["seed"].nunique() == 24


def test_policies_must_cover_every_seat():
    state = toy_game.new_game()
    with pytest.raises(ValueError, match="no policy for Bo"):
        seat_policies(state, {"Ann": toy_game.walker_policy})
    with pytest.raises(ValueError, match="1 policies for 2 players"):
        seat_policies(state, [toy_game.walker_policy])
    with pytest.raises(TypeError, match="import path"):
        simulate_games(toy_game, toy_game.walker_policy, 1)


def test_the_stepper_starts_and_steps_a_peer_game_by_its_new_game():
    from manorkit.widgets import RunStepper

    stepper = RunStepper(game=GAME, seed=2)
    assert stepper.state.players == ("Ann", "Bo")
    assert "Ann's decision" in html.unescape(stepper.phase.value)
    stepper.buttons["roll"].click()
    assert stepper.state.is_chance
    stepper.choose(3)
    assert stepper.state.positions == {"Ann": 3, "Bo": 0}
    assert "Bo's turn" in html.unescape(stepper.phase.value)
    stepper.new_day(4)
    assert stepper.state.depth == 0 and stepper.state.seed == 4
