"""coverage() is generated from the engine's registries and the tests."""

from manorkit.blueprince import coverage, load_rules
from manorkit.blueprince.engine import hooks

STATUSES = {"implemented", "variant", "placeholder", "expansion", "campaign", "missing"}


def test_one_row_per_room_item_action_step_and_variant():
    rules = load_rules()
    df = coverage()
    assert set(df["status"]) <= STATUSES
    assert set(df[df.kind == "room"].name) == set(rules.rows("rooms.csv"))
    assert set(df[df.kind == "item"].name) == set(rules.rows("tables/items.csv"))
    assert set(df[df.kind == "variant"].name) == set(rules._specs)
    assert set(df[df.kind == "random step"].name) == set(hooks.ROLLS)


def test_status_follows_the_registries(monkeypatch):
    df = coverage().set_index("name")
    assert df.loc["Pantry", "status"] == "implemented"
    assert df.loc["Showroom", "status"] == "expansion"
    assert "golden/logs/core_pantry_and_den.txt" in df.loc["Pantry", "tests"]
    monkeypatch.delitem(hooks.DRAFT, "Pantry")
    assert coverage().set_index("name").loc["Pantry", "status"] == "missing"


def test_nothing_of_the_base_game_is_missing():
    df = coverage()
    missing = df[df.status == "missing"][["kind", "name", "reason"]]
    assert missing.empty, missing.to_string()
    reasons = df[df.status.isin(["placeholder", "campaign", "expansion"])].reason
    assert (reasons.str.len() > 10).all(), "every non-implemented row says why"


def test_the_campaign_rules_are_listed():
    from manorkit.blueprince.engine.campaign import CARRIES

    df = coverage()
    carry = df[df.kind == "carry-forward"]
    assert set(carry.name) == set(CARRIES) and (carry.status == "implemented").all()
    counters = df[df.kind == "campaign counter"].set_index("name")
    assert counters.loc["Alzara's prophecies", "status"] == "placeholder"
    assert counters.loc["session", "status"] == "variant"
    assert (counters.tests.str.len() > 0).all()
