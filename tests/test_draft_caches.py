"""What the draft pipeline keeps per rules value (tile weights, placed tiles, dice totals)
follows the rules: a rules value made by an edit or another reading never reads an entry kept
for another. A draft's quick copies behave as ``dataclasses.replace``; the random steps that
skip their weights draw as the weights do."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from manorkit.blueprince import load_rules
from manorkit.blueprince.board import Tile, doors, tile
from manorkit.blueprince.engine.pending import (
    LockRoll,
    Orient,
    _favoured,
    _weighted,
    die_totals,
    sample,
)
from manorkit.blueprince.engine.state import Drafting


def test_tile_weights_are_kept_per_rules_value():
    plain = load_rules()
    assert not _weighted(plain) and not _favoured(plain, True)  # kept for these rules now
    fav = plain.with_variants(greenhouse_draft_effect="favour_green")
    assert _weighted(fav) and not _favoured(fav, False)
    assert set(_favoured(fav, True)) == {r for r in fav.rows("rooms.csv")
                                         if "green" in fav.room(r)["colours"]}
    flat = fav.with_table("numbers", "greenhouse_green_weight", value=1)
    assert not _weighted(flat) and _weighted(fav)


def test_placed_tiles_are_kept_per_rules_value():
    plain = load_rules()
    parlor = tile(plain, "Parlor", (2, 3), 1)
    assert parlor is tile(plain, "Parlor", (2, 3), 1)
    assert parlor == Tile("Parlor", (2, 3), 1, doors("L", 1))
    crossed = plain.with_room("Parlor", shape="cross", doors=4)
    assert tile(crossed, "Parlor", (2, 3), 1).doors == doors("cross", 1) != parlor.doors


def test_a_draft_copied_with_changes_keeps_the_old_one_and_refuses_unknown_fields():
    d = Drafting.begin((1, 3), 0, 3)
    assert d == Drafting((1, 3), 0, 3) and repr(d) == repr(Drafting((1, 3), 0, 3))
    assert Drafting.begin((2, 3), 1, 4, hand=("Tunnel",), sleeve=True) == Drafting(
        (2, 3), 1, 4, ("Tunnel",), sleeve=True)
    with pytest.raises(TypeError, match="no field rotation"):
        Drafting.begin((1, 3), 0, 3, rotation=1)
    drawn = d.drawn("Parlor").drawn("Den")
    took = drawn.replace(slot=2)
    assert (d.hand, drawn.hand, took.hand, took.slot, took.chosen) == (
        (), ("Parlor", "Den"), ("Parlor", "Den"), 2, "Den")
    assert drawn.slot is None and took == Drafting((1, 3), 0, 3, ("Parlor", "Den"), slot=2)
    with pytest.raises(TypeError, match="no field chosen, colour"):
        drawn.replace(colour="red", chosen="Den")


def test_an_orientation_is_sampled_as_its_weights_are():
    """``Orient.sample`` skips the weights, drawing the same number from the generator."""
    step = Orient((0, 1, 3))
    for seed in range(30):
        rng, again = random.Random(seed), random.Random(seed)
        assert step.sample(None, rng) == sample(step.weights(None), again)
        assert rng.random() == again.random()


def test_a_lock_roll_samples_as_its_weights_do_under_edited_dice():
    plain = load_rules()
    step = LockRoll("lock_red")
    state = SimpleNamespace(rules=plain)
    assert die_totals(plain, "lock_red")[1][-1] == sum(plain.die_faces("lock_red").values())
    edited = SimpleNamespace(rules=plain.with_die("lock_red", OPEN=1, LOCKED=5))
    assert die_totals(edited.rules, "lock_red") == (("OPEN", "LOCKED"), (1, 6))
    for s in (state, edited):
        for seed in range(30):
            rng, again = random.Random(seed), random.Random(seed)
            assert step.sample(s, rng) == sample(step.weights(s), again)
            assert rng.random() == again.random()
