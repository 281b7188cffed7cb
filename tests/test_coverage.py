"""coverage() reports behaviour: a row is implemented when a test is tied to each of its effects
(a ``pytest.mark.rule`` marker or a golden day's ``COVERS``), read from the test sources."""

import pytest

from manorkit.blueprince import coverage, load_rules
from manorkit.blueprince import engine as engine_mod
from manorkit.blueprince.coverage import known_effects, ties
from manorkit.blueprince.engine import hooks

from .golden.scripts import scripts

STATUSES = {"implemented", "partial", "missing", "variant", "placeholder", "expansion",
            "campaign"}
#: The rows of the base game: each must be implemented (or a variant or placeholder saying why).
BASE = ("room", "item", "resource", "action", "random step", "carry-forward",
        "campaign counter")


def test_one_row_per_room_item_resource_action_step_and_variant():
    rules = load_rules()
    df = coverage()
    assert set(df["status"]) <= STATUSES
    assert set(df[df.kind == "room"].name) == set(rules.rows("rooms.csv"))
    items = rules.rows("tables/items.csv")
    assert set(df[df.kind == "item"].name) == {n for n, r in items.items() if r["kind"] == "item"}
    assert set(df[df.kind == "resource"].name) == {n for n, r in items.items()
                                                   if r["kind"] == "resource"}
    assert {"Key", "Gem", "Banana", "Room 46 Key"} <= set(df[df.kind == "resource"].name)
    assert set(df[df.kind == "variant"].name) == set(rules._specs)
    assert set(df[df.kind == "random step"].name) == set(hooks.ROLLS)


def test_every_base_game_row_is_implemented_or_says_why():
    df = coverage()
    base = df[df.kind.isin(BASE)]
    wrong = base[~base.status.isin(["implemented", "variant", "placeholder", "expansion"])]
    assert wrong.empty, wrong[["kind", "name", "status", "reason"]].to_string()
    explained = base[base.status.isin(["variant", "placeholder", "expansion"])]
    assert (explained.reason.str.len() > 10).all(), "every row not implemented says why"
    implemented = base[base.status == "implemented"]
    assert (implemented.tests.str.len() > 0).all() and (implemented.untested == "").all()


def test_every_tie_names_a_row_and_its_effects():
    """A marker or a golden ``COVERS`` entry naming an unknown room, item, resource, action,
    carry-forward key or counter, or an effect that row does not have, fails here."""
    known = known_effects(load_rules(), engine_mod)
    golden = scripts()
    seen = ties()
    assert len(seen) > 300
    for name, effects, test in seen:
        assert name in known, f"{test}: no row {name!r}"
        assert effects, f"{test}: {name!r} names no effect"
        unknown = set(effects) - set(known[name])
        assert not unknown, f"{test}: {name!r} has no effect {sorted(unknown)}; " \
            f"its effects: {known[name]}"
        path, _, function = test.partition("::")
        assert path.startswith("tests/test_") and function.startswith("test_"), test
        if "[" in test:
            assert test.split("[")[1].rstrip("]") in golden, test


def test_the_tests_of_a_row_are_tied_to_it_not_found_by_its_name():
    df = coverage().set_index("name")
    kitchen = df.loc["Kitchen", "tests"].split("\n")
    assert not [t for t in kitchen if "ludwig" in t]  # Ludwig has a Kitchen too
    assert "tests/test_rooms_shops.py::test_kitchen_special_is_rolled_on_the_first_draft" in \
        kitchen
    assert df.loc["Coat Check", "effects"] == "enter, actions"
    assert "tests/test_rooms_blue.py::test_coat_check_returns_an_item_on_a_future_run_only" in \
        df.loc["Coat Check", "tests"]
    assert df.loc["Prism Key", "effects"] == "unlock, lite effect"
    assert "tests/test_rooms_red.py::test_the_prism_key_in_a_red_room_offers_a_free_move_one_" \
           "rank" in df.loc["Prism Key", "tests"]
    golden = df.loc["Chapel", "tests"].split("\n")
    assert "tests/test_golden.py::test_golden_day_matches_its_log[red_rooms]" in golden


def test_a_hook_without_a_test_makes_the_row_partial(monkeypatch):
    assert coverage().set_index("name").loc["Den", "status"] == "implemented"
    monkeypatch.setitem(hooks.END_DAY, "Den", lambda work, cell: None)
    den = coverage().set_index("name").loc["Den"]
    assert den.status == "partial" and den.untested == "end of day"
    assert "end of day" in den.reason
    monkeypatch.setitem(hooks.PASSIVE, "Spare Room", "a rule read somewhere")
    spare = coverage().set_index("name").loc["Spare Room"]
    assert spare.status == "missing" and spare.untested == "passive"


def test_an_item_use_without_a_test_makes_the_item_partial(monkeypatch):
    from dataclasses import replace

    shovel = engine_mod.hooks.ITEMS["Shovel"]
    monkeypatch.setitem(engine_mod.hooks.ITEMS, "Shovel", replace(
        shovel, uses=(*shovel.uses, "throw")))
    row = coverage().set_index("name").loc["Shovel"]
    assert row.status == "partial" and row.untested == "throw"


@pytest.mark.parametrize("name", ["Showroom", "Silver Spoon"])
def test_expansion_content_is_not_asked_for(name):
    assert coverage().set_index("name").loc[name, "status"] == "expansion"


def test_the_campaign_rules_are_listed():
    from manorkit.blueprince.engine.campaign import CARRIES

    df = coverage()
    carry = df[df.kind == "carry-forward"]
    assert set(carry.name) == set(CARRIES) and (carry.status == "implemented").all()
    counters = df[df.kind == "campaign counter"].set_index("name")
    assert counters.loc["Alzara's prophecies", "status"] == "placeholder"
    assert counters.loc["session", "status"] == "variant"
    assert (counters.tests.str.len() > 0).all()
