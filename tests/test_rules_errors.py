"""Bad data names the file, the row and the field; malformed input only ever raises
RulesDataError (fuzzed with hypothesis)."""

import csv
import shutil
import uuid
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


def rewrite(folder: Path, rel: str, change) -> None:
    """Rewrite a CSV file through ``change(rows) -> rows`` (lists of cells, header first)."""
    path = folder / rel
    rows = change(list(csv.reader(path.read_text(encoding="utf-8").splitlines())))
    with path.open("w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows(rows)


def drop_row(folder: Path, rel: str, key: str) -> None:
    rewrite(folder, rel, lambda rows: [r for r in rows if not r or "/".join(r[:2]) != key
                                       and r[0] != key])


def drop_column(folder: Path, rel: str, column: str) -> None:
    def change(rows):
        i = rows[0].index(column)
        return [r[:i] + r[i + 1:] for r in rows]
    rewrite(folder, rel, change)


def replace(folder: Path, rel: str, old: str, new: str) -> None:
    path = folder / rel
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {rel}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


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
    assert (err.file, err.field) == ("decks/dig.csv", "copies")
    assert "22 cards" in str(err) and "21" in str(err)


def test_a_deck_some_variant_patches_is_still_checked(folder):
    edit(folder, "decks/trunk.csv", "3 Gems", "copies", "10")  # 20 cards against 13
    err = error_for(folder)
    assert (err.file, err.field) == ("decks/trunk.csv", "copies")
    assert "20 cards" in str(err) and "declares 13" in str(err)


def test_a_reading_that_leaves_a_deck_the_wrong_size(folder):
    replace(folder, "variants.yaml", "{table: decks, row: trunk, field: declared_size, add: -1}",
            "{table: decks, row: trunk, field: declared_size, add: -2}")
    err = error_for(folder)  # declared_12 is not the default: it is still checked on load
    assert (err.file, err.row, err.field) == ("variants.yaml", "trunk_deck_size", "readings")
    assert "declared_12" in str(err) and "decks/trunk.csv" in str(err) and "11" in str(err)


def test_a_reading_that_sets_a_bad_value(folder):
    replace(folder, "variants.yaml", "row: Cloister, field: gem_cost, value: 3",
            "row: Cloister, field: gem_cost, value: three")
    err = error_for(folder)
    assert (err.file, err.row, err.field) == ("variants.yaml", "cloister_cost", "patch")
    assert "terrace_note" in str(err) and "'three'" in str(err) and "whole number" in str(err)
    lines = (folder / "variants.yaml").read_text(encoding="utf-8").splitlines()
    assert "value: three" in lines[err.line - 1]


def test_bom_and_crlf_load_exactly_like_plain_files(folder):
    plain = load_rules(folder)
    for path in folder.rglob("*"):
        if path.is_file():
            path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes().replace(b"\n", b"\r\n"))
    excel = load_rules(folder)
    assert excel.digest != plain.digest
    assert excel.files == plain.files
    for file in plain.files:
        assert {k: dict(v) for k, v in excel.rows(file).items()} == \
            {k: dict(v) for k, v in plain.rows(file).items()}, file
    assert excel.variants.equals(plain.variants)


def test_names_that_differ_only_in_case_are_duplicates(folder):
    path = folder / "rooms.csv"
    vault = next(line for line in path.read_text(encoding="utf-8").splitlines()
                 if line.startswith("Vault,"))
    with path.open("a", encoding="utf-8") as f:
        f.write("v" + vault[1:] + "\n")
    err = error_for(folder)
    assert (err.file, err.row, err.field) == ("rooms.csv", "vault", "name")
    assert "'Vault'" in str(err) and "only in case" in str(err)


@pytest.mark.parametrize("damage, file, says", [
    (lambda f: (f / "tables/kitchen.csv").unlink(), "tables/kitchen.csv", "missing"),
    (lambda f: (f / "decks/dig.csv").unlink(), "decks/dig.csv", "missing"),
    (lambda f: drop_row(f, "rank_dice.csv", "9"), "rank_dice.csv", "['9']"),
    (lambda f: drop_row(f, "tables/starting_resources.csv", "coins"),
     "tables/starting_resources.csv", "['coins']"),
    (lambda f: drop_row(f, "dice.csv", "d6/6"), "dice.csv", "d6/6"),
    (lambda f: (drop_row(f, "dice.csv", "lock_red/OPEN"), drop_row(f, "dice.csv",
                                                                   "lock_red/LOCKED")),
     "dice.csv", "lock_red/OPEN"),
    (lambda f: drop_row(f, "tables/item_spawns.csv", "Nook"), "tables/item_spawns.csv", "Nook"),
    (lambda f: drop_row(f, "rooms.csv", "Antechamber"), "rooms.csv", "Antechamber"),
    (lambda f: drop_row(f, "decks.csv", "meals"), "decks.csv", "meals"),
    (lambda f: drop_column(f, "rooms.csv", "gem_cost"), "rooms.csv", "gem_cost"),
    (lambda f: drop_column(f, "tables/kitchen.csv", "special_roll"), "tables/kitchen.csv",
     "special_roll"),
    (lambda f: drop_column(f, "decks/commissary_stock.csv", "items"),
     "decks/commissary_stock.csv", "items"),
    (lambda f: replace(f, "variants.yaml", "- id: casino_payout", "- id: casino_pay"),
     "variants.yaml", "casino_payout"),
])
def test_a_required_file_row_or_column_is_checked_on_load(folder, damage, file, says):
    damage(folder)
    err = error_for(folder)
    assert err.file == file and says in str(err)


@pytest.mark.parametrize("rel, key, field, value, says", [
    ("dice.csv", "lock_white", "face", "MAYBE", "OPEN, LOCKED"),
    ("dice.csv", "d6", "face", "7", "1, 2, 3, 4, 5, 6"),
    ("tables/observatory.csv", "6", "roll", "7", "d6 result from 1 to 6"),
    ("tables/kitchen.csv", "Tomato Soup", "special_roll", "5-9", "d6 result from 1 to 6"),
    ("tables/item_spawns.csv", "Bedroom", "success", "7-9", "d6 result from 1 to 6"),
    ("tables/casino.csv", "2", "roll", "2-3", "repeats the result 3"),
    ("tables/starting_resources.csv", "coins", "amount", "-5", "at least 0"),
    ("tables/food.csv", "apple", "steps", "-2", "at least 0"),
    ("decks/dig.csv", "Key", "keys", "-1", "at least 0"),
    ("tables/kitchen.csv", "Banana", "price", "-2", "at least 0"),
    ("tables/room_resources.csv", "Vault", "coins", "30-40", "whole number"),
    ("tables/food.csv", "turnip", "steps", "", "decks/dig.csv row 'Turnip'"),
    ("tables/commissary_prices.csv", "Shovel", "price", "-6", "at least 0"),
    ("decks/common_items.csv", "Apple", "food", "apricot", "'apricot'"),
    ("tables/items.csv", "Shovel", "deck", "special_itemz", "'special_itemz'"),
    ("decks/dig.csv", "Broken Lever", "item", "Broken Leaver", "'Broken Leaver'"),
    ("decks/meals.csv", "Beef Stew Pie", "bonus_room", "wine cellar", "'Wine Cellar'?"),
    ("rooms.csv", "Entrance Hall", "placement", "fixed=1:2", "fixed=1:3"),
    ("rank_dice.csv", "4", "die", "d6", "one of lock_white"),
])
def test_values_that_can_never_occur(folder, rel, key, field, value, says):
    line = edit(folder, rel, key, field, value)
    err = error_for(folder)
    assert (err.file, err.field) == (rel, field)
    assert err.line == line or (rel, key) == ("tables/casino.csv", "2")  # names row 3
    assert says in str(err)


@pytest.mark.parametrize("rel, row, field, says", [
    ("dice.csv", "d6,OPEN,1,§15 Room Icons", "face", "faces of d6 are 1"),
    ("dice.csv", "lock_red,4,1,§6 The Lock Dice", "face", "faces of lock_red are OPEN"),
    ("tables/pantry_fruit.csv", "kiwi,3,placeholder", "fruit", "'kiwi'"),
])
def test_rows_that_can_never_occur(folder, rel, row, field, says):
    path = folder / rel
    with path.open("a", encoding="utf-8") as f:
        f.write(row + "\n")
    err = error_for(folder)
    assert (err.file, err.field) == (rel, field)
    assert err.line == len(path.read_text(encoding="utf-8").splitlines())
    assert says in str(err)


def test_a_d6_table_must_cover_every_result(folder):
    drop_row(folder, "tables/casino.csv", "6")
    err = error_for(folder)
    assert (err.file, err.field) == ("tables/casino.csv", "roll") and "[6]" in str(err)


def test_counts_and_sizes_are_design_not_errors(folder):
    edit(folder, "dice.csv", "lock_white", "count", "9")  # a 10-face white die
    edit(folder, "dice.csv", "d6", "count", "0")  # no 1 on the d6
    edit(folder, "tables/room_resources.csv", "Vault", "coins", "400")
    rules = load_rules(folder)
    assert rules.die_faces("lock_white") == {"OPEN": 9, "LOCKED": 1}
    assert rules.die_faces("d6")["1"] == 0
    assert rules.rows("tables/room_resources.csv")["Vault"]["coins"] == 400


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
        load_rules(folder, reload=True)
    except RulesDataError:
        pass
    finally:
        path.write_bytes(original)


ALL_FILES = sorted(str(p.relative_to(DEFAULT_PATH)) for p in DEFAULT_PATH.rglob("*")
                   if p.suffix in {".csv", ".yaml"})


def mutate(path: Path, how: str, data) -> None:
    """Damage one file the way a designer or a spreadsheet might."""
    raw = path.read_bytes()
    if how == "delete":
        path.unlink()
        return
    if how == "bom_crlf":
        path.write_bytes(b"\xef\xbb\xbf" + raw.replace(b"\n", b"\r\n"))
        return
    if how == "truncate":
        path.write_bytes(raw[:data.draw(st.integers(0, len(raw)))])
        return
    lines = raw.decode("utf-8", "replace").splitlines() or [""]
    i = data.draw(st.integers(0, len(lines) - 1))
    if how == "duplicate_row":
        lines.insert(i, lines[data.draw(st.integers(0, len(lines) - 1))])
    elif how == "swap_case":
        lines[i] = lines[i].swapcase()
    elif how == "delete_line":
        del lines[i]
    elif path.suffix == ".csv":
        rows = list(csv.reader(lines)) or [[""]]
        width = max(len(rows[0]), 1)
        col = data.draw(st.integers(0, width - 1))
        if how == "drop_column" or not rows[0]:
            rows = [r[:col] + r[col + 1:] for r in rows]
        elif how == "rename_column":
            rows[0][col] = data.draw(st.sampled_from(["", "Name", "source", "extra", rows[0][0]]))
        elif how == "garble_cell" and len(rows) > 1:
            r = data.draw(st.integers(1, len(rows) - 1))
            if col < len(rows[r]):
                rows[r][col] = data.draw(st.one_of(
                    st.sampled_from(["", "-1", "7", "1-9", "9-1", "OPEN", "x;;y", "fixed=0:0",
                                     "§", "99999999999999999999999", "nothing", "Vault"]),
                    st.text(max_size=8)))
        out = []
        for row in rows:
            out.append(",".join('"' + c.replace('"', '""') + '"' if any(
                ch in c for ch in ',"\r\n') else c for c in row))
        lines = out
    else:
        lines[i] = data.draw(st.sampled_from(["  patch: 3", "- id: x", "readings: {}",
                                              "      - {table: rooms, row: X, field: y}",
                                              "default: nope", ":", "  text: [1, 2]"]))
    path.write_bytes(("\n".join(lines) + "\n").encode("utf-8", "surrogatepass"))


HOW = ["delete", "bom_crlf", "truncate", "duplicate_row", "swap_case", "delete_line",
       "drop_column", "rename_column", "garble_cell", "garble_cell"]


@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_folders_raise_only_rules_data_errors(tmp_path, data):
    folder = tmp_path / uuid.uuid4().hex
    shutil.copytree(DEFAULT_PATH, folder)
    for _ in range(data.draw(st.integers(1, 3))):
        rel = data.draw(st.sampled_from(ALL_FILES))
        if (folder / rel).exists():
            mutate(folder / rel, data.draw(st.sampled_from(HOW)), data)
    try:
        rules = load_rules(folder)
    except RulesDataError as err:
        assert err.file and str(err).startswith(err.file)
    else:
        for name in rules.deck_names:
            assert sum(rules.deck_counts(name).values()) == rules.rows("decks.csv")[name][
                "declared_size"]
        assert {str(r) for r in range(1, 10)} <= set(rules.rows("rank_dice.csv"))
