"""Bad data names the file, the row and the field; malformed input only ever raises
RulesDataError (fuzzed with hypothesis)."""

import csv
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from manorkit.blueprince import RulesDataError, load_rules
from manorkit.blueprince.rules import DEFAULT_PATH


@pytest.fixture()
def folder(tmp_path) -> Path:
    dest = tmp_path / "rules"
    shutil.copytree(DEFAULT_PATH, dest)
    return dest


def edit(folder: Path, rel: str, key: str, field: str, value: str) -> int:
    """Set one cell; returns the line number of the row edited."""
    path = folder / rel
    rows = list(csv.reader(path.read_text(encoding="utf-8").splitlines()))
    header = rows[0]
    for i, row in enumerate(rows):
        if i and row and row[0] == key:
            row[header.index(field)] = value
            with path.open("w", newline="", encoding="utf-8") as f:
                csv.writer(f).writerows(rows)
            return i + 1
    raise AssertionError(f"{key} not in {rel}")


def error_for(folder: Path) -> RulesDataError:
    with pytest.raises(RulesDataError) as info:
        load_rules(folder)
    return info.value


def test_a_copied_folder_loads_the_same(folder):
    assert load_rules(folder).rooms.equals(load_rules().rooms)


@pytest.mark.parametrize("key, field, value, says", [
    ("Bedroom", "colours", "purple;mauve", "mauve"),
    ("Attic", "gem_cost", "-1", "at least 0"),
    ("Attic", "gem_cost", "three", "whole number"),
    ("Master Bedroom", "placement", "cols=5;ranks=1;not=1:5", "no cell"),
    ("Master Bedroom", "placement", "col=5", "unknown clause"),
    ("Hallway", "shape", "Y", "one of"),
    ("Hallway", "doors", "3", "straight tile has 2"),
    ("Den", "source", "my notes", "rulebook section"),
    ("Den", "category", "", "blank"),
])
def test_room_errors_name_file_row_and_field(folder, key, field, value, says):
    line = edit(folder, "rooms.csv", key, field, value)
    err = error_for(folder)
    assert (err.file, err.line, err.row, err.field) == ("rooms.csv", line, key, field)
    assert says in str(err)
    assert f"line {line}" in str(err) and key in str(err) and field in str(err)


def test_a_room_another_table_names_must_exist(folder):
    edit(folder, "decks/meals.csv", "Beef Stew Pie", "bonus_room", "Wine Celler")
    err = error_for(folder)
    assert err.file == "decks/meals.csv" and err.field == "bonus_room"
    assert "Wine Celler" in str(err)


def test_duplicate_names(folder):
    path = folder / "rooms.csv"
    lines = path.read_text(encoding="utf-8").splitlines()
    den = next(line for line in lines if line.startswith("Den,"))
    path.write_text("\n".join(lines + [den]) + "\n", encoding="utf-8")
    err = error_for(folder)
    assert err.row == "Den" and "repeats" in str(err)


def test_a_deck_that_disagrees_with_its_declared_size(folder):
    edit(folder, "decks/dig.csv", "Key", "copies", "4")
    err = error_for(folder)
    assert err.file == "decks/dig.csv" and "22 cards" in str(err) and "21" in str(err)


def test_a_variant_patch_naming_a_missing_row(folder):
    path = folder / "variants.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("row: Cloister", "row: Cloyster", 1), encoding="utf-8")
    assert "Cloyster" in path.read_text(encoding="utf-8")
    err = error_for(folder)  # checked on load, even though the reading is not chosen
    assert err.file == "variants.yaml" and err.row == "cloister_cost" and "Cloyster" in str(err)


def test_missing_file_and_ragged_row(folder):
    (folder / "dice.csv").unlink()
    assert "dice.csv" in str(error_for(folder))


def test_ragged_row(folder):
    path = folder / "rank_dice.csv"
    path.write_text(path.read_text(encoding="utf-8") + "10,lock_red,§6,extra\n",
                    encoding="utf-8")
    err = error_for(folder)
    assert err.file == "rank_dice.csv" and "cells" in str(err)


FILES = ["rooms.csv", "decks.csv", "dice.csv", "rank_dice.csv", "decks/dig.csv",
         "tables/kitchen.csv", "variants.yaml"]


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rel=st.sampled_from(FILES), data=st.data())
def test_fuzzed_files_raise_only_rules_data_errors(folder, rel, data):
    path = folder / rel
    original = path.read_bytes()
    text = original.decode("utf-8")
    how = data.draw(st.sampled_from(["replace", "splice", "bytes"]))
    if how == "replace":
        new = data.draw(st.text(max_size=200)).encode("utf-8", "surrogatepass")
    elif how == "splice":
        at = data.draw(st.integers(0, len(text)))
        junk = data.draw(st.text(alphabet=',;"\n-:=§x0123456789 ', max_size=20))
        new = (text[:at] + junk + text[at + data.draw(st.integers(0, 10)):]).encode("utf-8")
    else:
        new = data.draw(st.binary(max_size=200))
    path.write_bytes(new)
    try:
        load_rules(folder)
    except RulesDataError:
        pass
    finally:
        path.write_bytes(original)
