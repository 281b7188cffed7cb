"""Editing rules in memory: with_room / with_deck / with_die / with_table / edit, diff,
save, pickling, runs saved with edits, and names that match ignoring case."""

from __future__ import annotations

import json
import pickle
import random
import shutil

import pytest

from manorkit.blueprince import RulesDataError, load_rules
from manorkit.blueprince.engine import State, new_day
from manorkit.blueprince.engine.state import SaveError, rules_from_json, rules_json
from manorkit.blueprince.rules import DEFAULT_PATH
from manorkit.blueprince.sim.policies import play_day, random_policy
from manorkit.ruleset import Edit, atomic


@pytest.fixture(scope="module")
def rules():
    return load_rules()


def test_with_deck_returns_new_rules_and_keeps_the_size_consistent(rules):
    before = dict(rules.deck_counts("dig"))
    edited = rules.with_deck("dig", Key=5)
    assert edited.deck_counts("dig")["Key"] == 5
    assert dict(rules.deck_counts("dig")) == before  # the old rules are unchanged
    size = sum(edited.deck_counts("dig").values())
    assert size == sum(before.values()) + 5 - before["Key"]
    assert edited.decks.loc["dig", "declared_size"] == size
    assert edited.decks.loc["dig", "composition"] == size
    assert Edit("decks.csv", "dig", "declared_size", str(size)) in edited.edits


def test_with_deck_takes_names_that_are_not_identifiers_and_ignores_case(rules):
    edited = rules.with_deck("Dig", {"1-2 coins": 5}, nothing=1)
    counts = edited.deck_counts("dig")
    assert counts["1-2 Coins"] == 5 and counts["Nothing"] == 1
    assert [e.row for e in edited.edits][:2] == ["1-2 Coins", "Nothing"]


def test_with_die_room_and_table(rules):
    red = rules.with_die("lock_red", OPEN=4, LOCKED=2)
    assert dict(red.die_faces("lock_red")) == {"OPEN": 4, "LOCKED": 2}
    assert dict(rules.with_die("d6", {6: 2}).die_faces("d6"))["6"] == 2
    parlor = rules.room("Parlor")["gem_cost"]
    assert rules.with_room("parlor", gem_cost=parlor + 2).room("Parlor")["gem_cost"] == parlor + 2
    price = rules.with_table("commissary_prices", "shovel", price=9)
    assert price.rows("tables/commissary_prices.csv")["Shovel"]["price"] == 9
    assert rules.room("Parlor")["gem_cost"] == parlor


@pytest.mark.parametrize(("edit", "field", "words"), [
    (lambda r: r.with_deck("dig", Key=-1), "copies", "expected at least 0"),
    (lambda r: r.with_deck("dig", Key="many"), "copies", "expected a whole number"),
    (lambda r: r.with_die("lock_red", OPEN=-2), "count", "expected at least 0"),
    (lambda r: r.with_room("Parlor", colours="mauve"), "colours", "unknown ['mauve']"),
    (lambda r: r.with_room("Parlor", gem_cost=-3), "gem_cost", "expected at least 0"),
    (lambda r: r.with_room("Parlor", doors=4), "doors", "door(s)"),  # a whole-rules check
    (lambda r: r.edit("decks/dig.csv", "Key", copies=5), "copies", "declares 21"),
    (lambda r: r.with_room("Parlor", gem_cots=1), "gem_cots", "did you mean 'gem_cost'"),
])
def test_a_bad_edit_names_the_edit_and_the_field(rules, edit, field, words):
    with pytest.raises(RulesDataError) as err:
        edit(rules)
    assert err.value.field == field
    assert words in str(err.value)
    message = str(err.value)
    if "did you mean" not in words:
        assert "as edited, " in message or "with the edit" in message
    assert message.count(err.value.file) == 1  # the file (and row) named once, not twice


def test_a_number_given_as_text_is_refused(rules):
    with pytest.raises(RulesDataError, match="is '2', text; expected a whole number: write "
                                             "gem_cost=2") as err:
        rules.with_room("Parlor", gem_cost="2")  # issue 27: accepted silently
    assert err.value.field == "gem_cost"
    assert rules.with_room("Parlor", gem_cost=2).rooms.loc["Parlor", "gem_cost"] == 2
    saved = rules.with_edits([["rooms.csv", "Parlor", "gem_cost", "2"]])  # saved: cell text
    assert saved.rooms.loc["Parlor", "gem_cost"] == 2


def test_did_you_mean_offers_near_names_only(rules):
    with pytest.raises(KeyError) as err:
        rules.room("Parlr")
    assert err.value.args[0] == "no room 'Parlr'; did you mean 'Parlor'?"  # not Pantry, Armory
    with pytest.raises(KeyError) as err:
        rules.room("Xyzzy")
    assert err.value.args[0] == "no room 'Xyzzy'"


def test_unknown_names_say_did_you_mean(rules):
    with pytest.raises(KeyError, match="did you mean 'Parlor'"):
        rules.room("Parlr")
    with pytest.raises(KeyError, match="no card 'Kee' in the dig deck; did you mean 'Key'"):
        rules.with_deck("dig", Kee=1)
    with pytest.raises(KeyError, match="did you mean 'Shovel'"):
        rules.item_name("shovle")
    assert rules.room("pARLOR") is rules.room("Parlor")
    assert rules.card_name("dig", "metal detector") == "Metal Detector"


def test_an_unknown_variant_lists_the_closest_few(rules):
    with pytest.raises(KeyError) as err:
        rules.variant("dig_stepcost")
    message = err.value.args[0]
    assert "did you mean 'dig_step_cost'" in message
    assert message.count("'") <= 2 * 4  # the name and at most three suggestions
    with pytest.raises(ValueError, match="did you mean 'dig_step_cost'"):
        load_rules(dig_stepcost="x")


def test_equality_hash_and_pickle_go_by_recipe(rules):
    a = rules.with_deck("dig", Key=5)
    b = rules.with_deck("dig", {"key": 5})
    assert a == b and hash(a) == hash(b)
    assert a != rules and a.unedited == rules
    assert rules.with_deck("dig", Key=5).with_deck("dig", Key=3) == rules  # back to the files
    back = pickle.loads(pickle.dumps(a))
    assert back == a and back.edits == a.edits and back.deck_counts("dig")["Key"] == 5
    assert a.with_variants().edits == a.edits


def test_with_variants_keeps_the_edits(rules):
    vid = "dig_step_cost"
    other = next(r for r in rules.readings(vid).index if r != rules.variant(vid))
    edited = rules.with_room("Parlor", gem_cost=3).with_variants(**{vid: other})
    assert edited.variant(vid) == other and edited.room("Parlor")["gem_cost"] == 3


def test_diff_lists_every_changed_value(rules):
    edited = rules.with_deck("dig", Key=5).with_room("Parlor", gem_cost=7)
    diff = edited.diff(rules)
    got = {(r.file, r.row, r.field): (r.this, r.other) for r in diff.itertuples()}
    assert got == {
        ("decks/dig.csv", "Key", "copies"): ("5", str(rules.deck_counts("dig")["Key"])),
        ("decks.csv", "dig", "declared_size"): (
            str(sum(edited.deck_counts("dig").values())),
            str(rules.rows("decks.csv")["dig"]["declared_size"])),
        ("rooms.csv", "Parlor", "gem_cost"): ("7", str(rules.room("Parlor")["gem_cost"])),
    }
    assert rules.diff(rules).empty
    assert list(edited.edits.frame.columns) == ["file", "row", "field", "value"]
    assert "Parlor" in edited.edits._repr_html_() and "edits" in edited._repr_html_()


def test_save_writes_a_folder_that_loads_back_equal(rules, tmp_path):
    edited = rules.with_deck("dig", Key=5).with_die("lock_red", OPEN=2, LOCKED=4)
    out = edited.save(tmp_path / "mine")
    again = load_rules(out)
    assert again.diff(edited).empty
    assert not again.edits and again.deck_counts("dig")["Key"] == 5
    # the variants stay choices: both readings of a variant still load from the copy
    assert set(again.choices) == set(rules.choices)


def test_save_under_a_reading_that_patches_an_edited_cell(tmp_path):
    folder = load_rules()._folder
    adds = [(vid, rid, p) for vid, spec in folder.specs.items()
            for rid, reading in spec["readings"].items() for p in reading["patch"]
            if p.add is not None and p.table == "decks"]
    assert adds, "expected a reading that adds to a deck's declared size"
    vid, rid, patch = adds[0]
    base = load_rules(**{vid: rid})
    deck = patch.row
    setters = {p.row for p in folder.specs[vid]["readings"][rid]["patch"]
               if p.table == f"deck:{deck}"}
    card = next(c for c, n in base.deck_counts(deck).items() if c not in setters)
    edited = base.with_deck(deck, {card: base.deck_counts(deck)[card] + 1})
    out = edited.save(tmp_path / "copy")  # the size is written less the reading's add
    assert load_rules(out, **{vid: rid}).diff(edited).empty
    default = load_rules(out)  # the default reading loads too, the deck consistent
    assert default.deck_counts(deck)[card] == edited.deck_counts(deck)[card]
    with pytest.raises(RulesDataError, match="declares"):  # an edited size is a value
        edited.with_variants(**{vid: folder.specs[vid]["default"]})
    hidden = base.with_deck(deck, {next(iter(setters)): 2})  # a cell the reading sets
    with pytest.raises(RulesDataError, match="sets this cell too"):
        hidden.save(tmp_path / "other")
    assert not (tmp_path / "other").exists()


def test_a_failed_save_leaves_the_old_folder_intact(rules, tmp_path, monkeypatch):
    target = tmp_path / "mine"
    rules.with_deck("dig", Key=4).save(target)
    before = {p.name: p.read_bytes() for p in target.rglob("*") if p.is_file()}
    real, calls = atomic._write_synced, []

    def failing(path, data):
        calls.append(path)
        if len(calls) == 5:
            raise OSError("disk full")
        real(path, data)

    monkeypatch.setattr(atomic, "_write_synced", failing)
    with pytest.raises(OSError, match="disk full"):
        rules.with_deck("dig", Key=7).save(target)
    after = {p.name: p.read_bytes() for p in target.rglob("*") if p.is_file()}
    assert after == before
    assert load_rules(target).deck_counts("dig")["Key"] == 4
    assert [p.name for p in tmp_path.iterdir()] == ["mine"]  # no temporary folder left


def test_save_refuses_to_replace_a_folder_that_is_not_rules(rules, tmp_path):
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "todo.txt").write_text("keep me")
    with pytest.raises(RulesDataError, match="not a rules folder"):
        rules.save(tmp_path / "notes")
    assert (tmp_path / "notes" / "todo.txt").read_text() == "keep me"


def test_a_save_that_would_not_load_is_refused(tmp_path):
    copy = tmp_path / "src"
    shutil.copytree(DEFAULT_PATH, copy)
    edited = load_rules(copy).with_deck("dig", Key=4)
    (copy / "rooms.csv").write_text("broken")  # the source changed since loading
    with pytest.raises(RulesDataError, match="changed since"):
        edited.save(tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_a_run_saved_with_edits_replays_identically(rules):
    keys = rules.table("starting_resources").set_index("resource").loc["keys", "amount"]
    edited = rules.with_table("starting_resources", "keys", amount=int(keys) + 3) \
        .with_die("lock_red", OPEN=1, LOCKED=5)
    state = play_day(new_day(edited, seed=7), random_policy, random.Random(7))
    text = state.to_json()
    saved = json.loads(text)["rules"]
    assert saved["edits"] == [list(e) for e in edited.edits]
    again = State.from_json(text)
    assert again.rules == edited and again == state and again.digest() == state.digest()
    assert rules_from_json(rules_json(edited)) == edited
    wrong = json.dumps({**json.loads(text), "rules": {**saved, "edits": []}})
    with pytest.raises(SaveError, match="does not reach the saved state"):
        State.from_json(wrong)
    bad = json.dumps({**json.loads(text), "rules": {**saved, "edits": [["rooms.csv"]]}})
    with pytest.raises(SaveError, match="rules"):
        State.from_json(bad)


def test_a_save_without_edits_still_loads(rules):
    state = new_day(rules, seed=3)
    data = json.loads(state.to_json())
    del data["rules"]["edits"]
    assert State.from_json(json.dumps(data)) == state


def test_sweeping_many_edits_keeps_the_loader_cache_bounded(rules):
    loader = type(rules)._loader
    for n in range(300):
        rules.with_room("Parlor", gem_cost=n % 60 + 1).with_room("Parlor", effect=f"e{n}")
    assert len(loader._edited) <= 256


def test_readings_that_append_to_a_list_combine_and_save(tmp_path):
    """A reading may append an item to a list cell (``{..., append: shop}``), so two readings
    that add to the Casino's tags both hold; an edited list saves less the appended items."""
    both = load_rules(casino_is_shop="shop", casino_gem_cost="always_paid")
    assert set(both.room("Casino")["tags"]) == {"shop", "never_free"}
    edited = both.with_room("Casino", tags="lucky;shop;never_free")  # (readings append last)
    out = edited.save(tmp_path / "copy")
    assert load_rules(out, casino_is_shop="shop", casino_gem_cost="always_paid").diff(
        edited).empty
    assert load_rules(out).room("Casino")["tags"] == ("lucky",)
