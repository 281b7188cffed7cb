"""The game-agnostic machinery: atomic writes, the loader's cache, rules as values that
compare, hash and pickle by recipe."""

import ast
import os
import pickle
import shutil
import subprocess
import sys
import timeit
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path

import pytest

from manorkit import ruleset
from manorkit.blueprince import RulesDataError, load_rules
from manorkit.blueprince.rules import DEFAULT_PATH, SCHEMA, Rules
from manorkit.ruleset import (
    Col,
    Loader,
    RulesBase,
    Schema,
    TableDir,
    TableSpec,
    atomic,
    atomic_write_bytes,
    atomic_write_text,
)

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture()
def folder(tmp_path) -> Path:
    dest = tmp_path / "rules"
    shutil.copytree(DEFAULT_PATH, dest)
    return dest


def set_attic_cost(folder: Path, cost: int, write=None) -> None:
    """Edit the Attic's gem cost in place (or with ``write(path, text)``)."""
    path = folder / "rooms.csv"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    text = "".join(f"Attic,core,blue,{cost}," + line.split(",", 4)[4]
                   if line.startswith("Attic,") else line for line in lines)
    if write is None:
        path.write_text(text, encoding="utf-8")
    else:
        write(path, text)


# -- atomic writes ----------------------------------------------------------------------------

def test_atomic_write_replaces_the_file_and_keeps_its_mode(tmp_path):
    path = tmp_path / "notes.csv"
    atomic_write_text(path, "a,b\r\n1,2\n")
    assert path.read_bytes() == b"a,b\r\n1,2\n"  # written as given
    path.chmod(0o640)
    before = atomic.generation()
    atomic_write_bytes(path, b"new")
    assert path.read_bytes() == b"new" and path.stat().st_mode & 0o777 == 0o640
    assert atomic.generation() == before + 1
    assert [p.name for p in tmp_path.iterdir()] == ["notes.csv"]


@pytest.mark.parametrize("fails", ["os.replace", "os.fsync", "write"])
def test_a_failed_atomic_write_leaves_the_old_file_intact(tmp_path, monkeypatch, fails):
    path = tmp_path / "rooms.csv"
    path.write_bytes(b"name\nAttic\n")

    def boom(*args, **kwargs):
        raise OSError("disk full")

    if fails == "write":
        real = os.fdopen

        def fdopen(fd, mode):
            f = real(fd, mode)
            f.write = boom
            return f
        monkeypatch.setattr(os, "fdopen", fdopen)
    else:
        monkeypatch.setattr(os, fails.split(".")[1], boom)
    with pytest.raises(OSError, match="disk full"):
        atomic_write_text(path, "name\nCellar\n" * 1000)
    assert path.read_bytes() == b"name\nAttic\n"
    assert [p.name for p in tmp_path.iterdir()] == ["rooms.csv"]


def test_a_new_file_gets_the_usual_permissions(tmp_path):
    umask = os.umask(0o022)
    os.umask(umask)
    atomic_write_text(tmp_path / "new.txt", "x")
    assert (tmp_path / "new.txt").stat().st_mode & 0o777 == 0o666 & ~umask


# -- the cache ---------------------------------------------------------------------------------

def test_repeated_loading_is_cheap_and_identical():
    rules = load_rules()
    assert load_rules() is rules and load_rules(casino_payout="gross") is rules
    per_call = min(timeit.repeat(load_rules, number=2000, repeat=5)) / 2000
    assert per_call < 10e-6, f"{per_call * 1e6:.1f} µs per cached load_rules()"
    assert load_rules(reload=True) is rules  # read again: the same bytes, the same value


def test_editing_a_copied_folder_shows_on_the_next_load(folder):
    before = load_rules(folder)
    assert load_rules(folder) is before
    set_attic_cost(folder, 1)
    after = load_rules(folder)
    assert after.room("Attic")["gem_cost"] == 1 and before.room("Attic")["gem_cost"] == 3
    assert after != before and after.digest != before.digest


def test_the_default_folder_is_rechecked_after_reload_or_an_atomic_write(folder):
    class Copy(Rules):
        """Rules whose default folder is a copy (its own loader)."""

    loader = Loader(SCHEMA, Copy, folder, recheck=3600)
    first = loader.load()
    set_attic_cost(folder, 1)
    assert loader.load() is first  # within the recheck interval: not looked at
    assert loader.load(reload=True).room("Attic")["gem_cost"] == 1
    set_attic_cost(folder, 2, write=atomic_write_text)
    assert loader.load().room("Attic")["gem_cost"] == 2  # manorkit's own writes are seen


# -- value semantics ---------------------------------------------------------------------------

def test_rules_compare_and_hash_by_recipe(folder):
    a = load_rules(folder)
    loader = Rules._loader
    loader._folders.pop(folder.resolve())  # forget the folder: the next load reads it again
    b = load_rules(folder)
    assert a is not b and a == b and hash(a) == hash(b)
    assert a != a.with_variants(casino_payout="net")
    assert a != load_rules() and {a: 1}[b] == 1


def test_rules_pickle_by_recipe():
    rules = load_rules(casino_payout="net")
    data = pickle.dumps(rules)
    assert len(data) < 500  # the recipe, not the tables
    again = pickle.loads(data)
    assert again == rules and again.variant("casino_payout") == "net"
    assert again is rules  # same process: the cached value


def test_rules_cross_a_process_boundary(folder):
    rules = load_rules(folder, casino_payout="net")
    with ProcessPoolExecutor(1, mp_context=get_context("spawn")) as pool:
        back = pool.submit(_echo, rules).result()
    assert back == rules and back.variant("casino_payout") == "net"


def _echo(rules):
    assert rules.variant("casino_payout") == "net"
    return rules


def test_unpickling_refuses_rules_whose_files_changed(folder):
    data = pickle.dumps(load_rules(folder))
    set_attic_cost(folder, 1)
    with pytest.raises(RulesDataError, match="changed since"):
        pickle.loads(data)


def test_rules_data_errors_pickle():
    err = RulesDataError("rooms.csv", "is -1; expected at least 0", line=3, row="Attic",
                         field="gem_cost")
    again = pickle.loads(pickle.dumps(err))
    assert str(again) == str(err) and (again.line, again.row, again.field) == (3, "Attic",
                                                                              "gem_cost")


# -- a game of its own: nothing in ruleset knows Blue Prince ----------------------------------

def _no_empty_lairs(tables) -> None:
    lairs = {row["lair"] for row in tables["monsters.csv"].rows.values()}
    rooms = tables["rooms.csv"]
    for name in rooms.rows:
        if name not in lairs:
            raise RulesDataError(rooms.file, "has no monster; expected every room to be a lair",
                                 line=rooms.lines[name], row=name, field="name")


TOY = Schema(
    files={
        "rooms.csv": TableSpec(key=("name",), cols=(Col("name"), Col("size", "int", minimum=1))),
        "monsters.csv": TableSpec(key=("name",), cols=(
            Col("name"), Col("hp", "amount", minimum=1), Col("lair", ref="rooms"))),
    },
    dirs={"cards": TableDir("cards", lambda stem, header: TableSpec(
        key=("card",), cols=(Col("card"), Col("copies", "int", minimum=0)), strict=False))},
    checks=(_no_empty_lairs,),
)


class ToyRules(RulesBase):
    """A toy game's rules."""

    def hp(self, monster: str):
        return self.rows("monsters.csv")[monster]["hp"]


TOY_FILES = {
    "rooms.csv": "name,size,source\nCrypt,2,p. 3\nTower,1,p. 4\n",
    "monsters.csv": "name,hp,lair,source\nGhoul,3,Crypt,p. 7\nBat,1-2,Tower,p. 7\n",
    "cards/items.csv": "card,copies,source\nLamp,2,p. 9\n",
    "variants.yaml": (
        "- id: ghoul_hp\n  title: Ghoul hit points\n  sections: [p. 7]\n  kind: gap\n"
        "  default: three\n  readings:\n    three: {text: 3 hp}\n"
        "    five:\n      text: 5 hp\n      patch:\n"
        "        - {table: monsters, row: Ghoul, field: hp, add: 2}\n"),
}


@pytest.fixture()
def toy(tmp_path) -> Path:
    for rel, text in TOY_FILES.items():
        (tmp_path / rel).parent.mkdir(exist_ok=True)
        atomic_write_text(tmp_path / rel, text)
    return tmp_path


def test_a_toy_game_on_the_same_machinery(toy):
    load = Loader(TOY, ToyRules, toy).load
    rules = load()
    assert rules.hp("Ghoul") == 3 and str(rules.hp("Bat")) == "1-2"
    assert rules.with_variants(ghoul_hp="five").hp("Ghoul") == 5
    assert pickle.loads(pickle.dumps(rules.with_variants(ghoul_hp="five"))).hp("Ghoul") == 5
    assert rules.files == ("rooms.csv", "monsters.csv", "cards/items.csv")
    atomic_write_text(toy / "monsters.csv", "name,hp,lair,source\nGhoul,3,Crypt,p. 7\n"
                                            "Bat,1-2,Belfry,p. 7\n")
    with pytest.raises(RulesDataError, match="'Belfry', which rooms does not hold") as info:
        load()
    assert (info.value.file, info.value.line, info.value.field) == ("monsters.csv", 3, "lair")
    atomic_write_text(toy / "monsters.csv", "name,hp,lair,source\nGhoul,3,Crypt,p. 7\n")
    with pytest.raises(RulesDataError, match="no monster") as info:
        load()
    assert (info.value.file, info.value.row) == ("rooms.csv", "Tower")


def test_ruleset_imports_no_game_and_no_pandas():
    for path in Path(ruleset.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                assert node.level <= 1 and not (node.module or "").startswith("manorkit"), \
                    f"{path.name} imports {'.' * node.level}{node.module}"
            elif isinstance(node, ast.Import):
                assert not any(a.name.startswith("manorkit") for a in node.names), path.name
    code = "import sys, manorkit.blueprince; print('pandas' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.stdout.strip() == "False"
