"""The shipped Blue Prince catalog: the rulebook's counts, variants and the Rules API."""

import re
from fractions import Fraction
from pathlib import Path

import pandas as pd
import pytest

from manorkit import blueprince
from manorkit.blueprince import Placement, Rules, load_rules
from manorkit.blueprince.schema import REQUIRED_VARIANTS


@pytest.fixture(scope="module")
def rules() -> Rules:
    return load_rules()


def test_room_counts_match_section_2(rules):
    counts = rules.rooms["category"].value_counts()
    assert counts["core"] == 63
    assert counts["fixed"] == 4
    assert counts["event"] == 4
    assert counts["studio"] == 7
    assert counts["found"] == 3
    assert counts["outer"] == 5
    assert counts["expansion"] >= 3
    assert set(rules.rooms.index[rules.rooms["category"] == "studio"]) == {
        "Casino", "Clock Tower", "Dormitory", "Dovecote", "Kennel", "Solarium", "Vestibule"}


def test_rooms_have_the_contract_columns(rules):
    assert {"category", "colours", "gem_cost", "doors", "shape", "source"} <= set(rules.rooms)
    assert rules.rooms.loc["Maid's Chamber", "colours"] == ("red", "purple")
    assert rules.rooms.loc["Bunk Room", "bedroom_weight"] == 2


@pytest.mark.parametrize("room, cost", [("Foyer", 0), ("Attic", 3), ("Casino", 2),
                                        ("Greenhouse", 3), ("Cloister", 1), ("Terrace", 1)])
def test_tabletop_gem_costs(rules, room, cost):
    assert rules.rooms.loc[room, "gem_cost"] == cost


@pytest.mark.parametrize("room, shape", [("Hallway", "straight"), ("Weight Room", "T"),
                                         ("Bedroom", "dead_end"), ("Veranda", "L")])
def test_tabletop_shapes_win_over_the_video_game(rules, room, shape):
    assert rules.rooms.loc[room, "shape"] == shape


@pytest.mark.parametrize("deck, size", [("dig", 21), ("common_items", 30),
                                        ("special_items", 24), ("meals", 5),
                                        ("commissary_stock", 7), ("outer_rooms", 5),
                                        ("tunnel_sleeve", 8)])
def test_deck_sizes_from_the_rulebook(rules, deck, size):
    assert rules.deck(deck).sum() == size
    assert rules.decks.loc[deck, "declared_size"] == size


def test_deck_sizes_follow_the_readings_in_force(rules):
    assert rules.decks.loc["trunk", ["declared_size", "composition"]].tolist() == [13, 13]
    assert "trunk_deck_size=composition_13" in rules.decks.loc["trunk", "status"]
    twelve = rules.with_variants(trunk_deck_size="declared_12")
    assert twelve.deck("trunk").sum() == 12
    assert twelve.decks.loc["trunk", "declared_size"] == 12
    both = rules.with_variants(shovel_count="one_per_run", telescope_copies="chamber_only")
    assert both.decks.loc["special_items", ["declared_size", "composition"]].tolist() == [21, 21]
    assert rules.decks.loc["dig", "status"] == "ok"


def test_some_deck_cards(rules):
    assert rules.deck("dig")["Key"] == 3
    assert rules.deck("special_items")["Shovel"] == 3
    assert rules.deck("common_items")["Key"] == 6
    stock = rules.deck_cards("commissary_stock")
    assert all(len(items) == 4 for items in stock["items"])


def test_lock_dice_and_ranks(rules):
    assert rules.die("lock_white").to_dict() == {"OPEN": 5, "LOCKED": 1}
    assert rules.die("lock_blue").to_dict() == {"OPEN": 4, "LOCKED": 2}
    assert rules.die("lock_red").to_dict() == {"OPEN": 3, "LOCKED": 3}
    assert rules.die("d6").sum() == 6
    assert [rules.rank_die(r) for r in range(1, 10)] == [
        None, None, None, "lock_white", "lock_blue", "lock_blue", "lock_blue",
        "lock_red", "lock_red"]
    assert Fraction(int(rules.die("lock_white")["LOCKED"]), 6) == Fraction(1, 6)


def test_day_one_bag(rules):
    bag = rules.bag()
    assert bag.sum() == 64 and bag["The Foundation"] == 1
    assert load_rules(foundation_in_bag="held_out").bag().sum() == 63
    assert rules.bag(day=2, foundation_placed=True).sum() == 63
    assert rules.bag(day=3, unlocked=("Kennel",))["Kennel"] == 1
    with pytest.raises(ValueError):
        rules.bag(unlocked=("Bedroom",))


def test_placement_rules(rules):
    assert len(rules.cells("The Foundation")) == 21
    assert len(load_rules(foundation_positions="seventeen").cells("The Foundation")) == 17
    assert {c for _, c in rules.cells("Master Bedroom")} == {5}
    assert rules.cells("Greenhouse") == {(r, c) for r in range(2, 9) for c in (1, 5)}
    assert rules.placement("Room 46").offboard
    assert rules.cells("Entrance Hall") == {(1, 3)}
    assert (1, 3) not in rules.cells("Bedroom")


def test_placement_parser_errors():
    assert Placement.parse("cols=2-4; not=2:*,8:3").allows((3, 2))
    for bad in ("cols=0", "cols=6", "ranks=5-3", "sideways", "fixed=1:*"):
        with pytest.raises(ValueError):
            Placement.parse(bad)


def test_variants_cover_the_known_contradictions(rules):
    v = rules.variants
    assert {"id", "title", "default", "choice"} <= set(v.reset_index())
    needed = {
        "foundation_in_bag", "studio_additions_count", "cloister_cost", "greenhouse_cost",
        "veranda_digs", "veranda_bonus", "numbered_lock_die", "nook_roll", "den_trunk",
        "wine_cellar_dirt", "pantry_fruit", "secret_garden_fruit", "casino_payout",
        "shovel_count", "closet_returns", "furnace_pass", "hallway_locks", "security_levels",
        "meal_order", "outer_room_cost", "commissary_stock", "alzara_prophecies",
        "east_lever", "conservatory", "trunk_deck_size",
    }
    assert needed <= set(v.index)
    for vid in v.index:
        assert len(rules.readings(vid)) >= 2 or v.loc[vid, "kind"] == "gap"
    assert (v["default"] == v["choice"]).all()


def test_variant_patches_change_the_data(rules):
    assert rules.with_variants(cloister_cost="terrace_note").rooms.loc["Cloister", "gem_cost"] == 3
    assert rules.with_variants(greenhouse_cost="video_game").rooms.loc["Greenhouse",
                                                                      "gem_cost"] == 1
    assert rules.with_variants(hallway_locks="section6_only").rooms.loc["Hallway",
                                                                       "lock"] == "normal"
    assert rules.rooms.loc["Cloister", "gem_cost"] == 1  # the original is untouched


def test_bad_variant_choices_are_refused(rules):
    with pytest.raises(ValueError, match="unknown variant"):
        load_rules(no_such_variant="x")
    with pytest.raises(ValueError, match="no reading"):
        rules.with_variants(casino_payout="quadruple")
    with pytest.raises(ValueError, match="no reading"):
        load_rules(casino_payout=["net"])


def test_rules_are_immutable_values(rules):
    rooms = rules.rooms
    rooms.loc["Attic", "gem_cost"] = 99
    assert rules.rooms.loc["Attic", "gem_cost"] == 3
    deck = rules.deck("dig")
    deck["Key"] = 0
    assert rules.deck("dig")["Key"] == 3
    with pytest.raises(AttributeError):
        rules.path = None
    assert load_rules() is rules  # cached: loading again is cheap


def test_tables_hold_the_menus(rules):
    assert set(rules.table_names) >= {"kitchen", "locksmith", "observatory", "casino",
                                      "starting_resources", "carry_forward", "food"}
    start = rules.table("starting_resources").set_index("resource")["amount"].to_dict()
    assert start == {"steps": 50, "gems": 0, "keys": 0, "coins": 5}
    assert isinstance(rules.table("observatory"), pd.DataFrame)
    assert len(rules.table("observatory")) == 6


def test_every_row_has_a_source(rules):
    for rel, rows in ((r, rules.rows(r)) for r in rules._tables):
        for key, row in rows.items():
            assert row["source"], f"{rel} {key}"


def test_placeholders_listed(rules):
    ph = rules.placeholders
    assert (ph["file"] == "decks/commissary_stock.csv").any()
    assert (ph["row"] == "alzara_prophecies").any()


def test_html_repr(rules):
    page = rules._repr_html_()
    assert "Blue Prince rules" in page and "trunk" in page


def test_every_variant_the_code_reads_is_required_on_load():
    read = re.compile(r'(?:\.variant|_reading)\(\s*(?:rules,\s*)?"([a-z0-9_]+)"')
    used = set()
    for path in Path(blueprince.__file__).parent.rglob("*.py"):
        used |= set(read.findall(path.read_text(encoding="utf-8")))
    assert len(used) > 30 and used <= set(REQUIRED_VARIANTS), used - set(REQUIRED_VARIANTS)


# -- the data agrees with its own default readings (issue 24) -------------------------------------

def _readings(rules, vid):
    return [rules.with_variants(**{vid: r}) for r in rules._specs[vid]["readings"]]


def test_the_casino_is_a_shop_and_yellow_only_under_that_reading(rules):
    """§5, §6 "Yellow/Shop", §7 Coupon Book: under ``casino_is_shop`` the Casino's tags and
    colours say what the reading says, so no code has to correct them."""
    from manorkit.blueprince.mechanics.drafting import colours
    from manorkit.blueprince.mechanics.shops import is_shop

    for r in _readings(rules, "casino_is_shop"):
        shop = r.variant("casino_is_shop") == "shop"
        row = r.room("Casino")
        assert ("shop" in (row["tags"] or ())) is shop and ("yellow" in row["colours"]) is shop
        assert is_shop(r, "Casino") is shop and ("yellow" in colours(r, "Casino")) is shop
    paid = rules.with_variants(casino_gem_cost="always_paid", casino_is_shop="shop")
    assert set(paid.room("Casino")["tags"]) == {"shop", "never_free"}


def test_the_drafting_tag_marks_the_dormitory_drafting_rooms(rules):
    """§16 Dormitory names its Drafting Rooms (``drafting_rooms.csv``); the §15 draft pool
    rooms carry their own tag, ``draft_pool``, under every reading."""
    from manorkit.blueprince.engine.rooms.bedrooms import drafting_rooms

    for r in _readings(rules, "dormitory_drafting_rooms"):
        tagged = {n for n, row in r.rows("rooms.csv").items() if "drafting" in (row["tags"] or ())}
        assert tagged == set(drafting_rooms(r)), r.variant("dormitory_drafting_rooms")
    pool = {n for n, row in rules.rows("rooms.csv").items()
            if "draft_pool" in (row["tags"] or ())}
    assert pool == {"Greenhouse", "Solarium", "Library", "Conservatory", "The Pool"}


def test_entry_reward_notes_agree_with_the_entry_reading(rules):
    """``room_resources.csv``: under the default ``repeat_entry_rewards=first_entry_per_run``
    an ``entry`` row pays on the first entry each run, so its note may say "every entry" only
    naming the other reading; ``every_entry`` rows repeat on every entry."""
    assert rules.variant("repeat_entry_rewards") == "first_entry_per_run"
    for room, row in rules.rows("tables/room_resources.csv").items():
        note = (row["note"] or "").lower()
        if row["when"] == "entry" and "every entry" in note:
            assert "every_entry" in note and "first entry each run" in note, room


def test_every_bedroom_and_green_room_rolls_for_a_trunk(rules):
    """§8 Locked Trunks: "Every Bedroom and Green Room may contain a trunk"; any other room
    that rolls does so under a variant that says so (the Den, ``den_trunk``)."""
    patched = {p.row for spec in rules._specs.values() for reading in spec["readings"].values()
               for p in reading["patch"] if p.field == "trunk_rolls"}
    for room, row in rules.rows("rooms.csv").items():
        if row["category"] == "expansion":
            continue
        if {"purple", "green"} & set(row["colours"]):
            assert row["trunk_rolls"] >= 1, room
        elif row["trunk_rolls"]:
            assert room in patched, room


def test_the_rules_summary_says_what_its_counts_are():
    page = load_rules()._repr_html_()
    rooms = load_rules().rooms
    core = int((rooms["category"] == "core").sum())
    assert f"{len(rooms)} room tiles, by category: core {core}," in page  # not a bare "core: 63"
    assert "<code>data/blueprince</code>" in page  # the folder as the project names it
