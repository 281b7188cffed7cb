"""The solver's value (search.value): what it foresees of a determinized day is what the
engine then does, and its last stage reads the Antechamber's side cells (§13)."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

import pytest

from manorkit.blueprince import load_rules
from manorkit.blueprince.board import DIRS, E, N, S, Tile, W, neighbour
from manorkit.blueprince.engine import Draft, Take, new_day
from manorkit.blueprince.search import Determinization
from manorkit.blueprince.search.space import child, decisions, root
from manorkit.blueprince.search.value import AGAIN, EFFORT, FAR, STAGE, Value, _frontier

RULES = load_rules()


@pytest.mark.parametrize("seed", [1, 4, 9, 16])
def test_the_value_foresees_the_next_draft_as_the_engine_draws_and_places_it(seed):
    """The tiles a draft begun now draws (``Value._offer``), and whether each, placed as
    the day turns it, has a door on a side (``Value._fits``), are what the engine draws
    and places on the determinized day, for every door of the morning and every tile."""
    det = Determinization(seed)
    node = root(det, new_day(RULES, seed=seed))
    value = Value(det, node)
    origin = node.state.position
    placed = 0
    for action in decisions(node):
        if type(action) is not Draft:
            continue
        drawn = child(det, node, action)
        hand = drawn.state.drafting.hand
        if not hand:
            continue  # a padlocked door: the hand waits for the unlock
        assert list(hand) == value._offer(node, origin)
        target = neighbour(origin, action.direction)
        for take in drawn.state.legal_actions():
            if type(take) is not Take:
                continue
            tile = child(det, drawn, take).state.board[target]
            for face in DIRS:
                assert value._fits(drawn, [tile.room], origin, action.direction, face) == (
                    face in tile.doors), (seed, tile, face)
            placed += 1
    assert placed >= 3


def west_pulled(side: Tile | None = None):
    """The west lever pulled (§13), the marker in a Spare Room at (8, 2) whose north door
    leads to the west side cell (9, 2), which holds ``side``: the node and its value."""
    day = new_day(RULES, seed=0)
    board = dict(day.board)
    board[(8, 2)] = Tile("Spare Room", (8, 2), 0, frozenset({N, S}))
    if side is not None:
        board[(9, 2)] = side
    state = replace(day, board=MappingProxyType(board), position=(8, 2),
                    flags=MappingProxyType({**day.flags, "levers": ("west",)}))
    det = Determinization(0)
    node = root(det, state)
    return node, Value(det, node)


def test_stage_three_walks_in_where_the_side_cell_faces_the_antechamber():
    """A tile at (9, 2) with an east door: a step into it and one into the Antechamber."""
    node, value = west_pulled(Tile("Nook", (9, 2), 1, frozenset({S, E})))
    assert value._to_antechamber(node, ("west",), _frontier(node.state)) == 2.0
    assert value(node) >= 2 * STAGE - EFFORT * 2.0


def test_stage_three_drafts_into_an_empty_side_cell_as_the_next_draft_allows():
    node, value = west_pulled()
    fits = value._fits(node, value._offer(node, (8, 2)), (8, 2), N, E)
    ahead = value._to_antechamber(node, ("west",), _frontier(node.state))
    assert ahead == (2.0 if fits else 2.0 + AGAIN)


def test_a_side_cell_without_a_door_to_the_antechamber_closes_that_side():
    """A tile at (9, 2) with no east door: the west side is shut for the day, so the
    lever pulled counts for nothing (the value falls back to the stages before)."""
    node, value = west_pulled(Tile("Nook", (9, 2), 3, frozenset({S, W})))
    assert value._to_antechamber(node, ("west",), _frontier(node.state)) == FAR
    assert value(node) < STAGE
