"""Golden playthroughs: each scripted day's event log equals its committed text file."""

from pathlib import Path

import pytest

from manorkit.blueprince import load_rules

from .golden.play import log_text, play
from .golden.scripts import LOGS, scripts

SCRIPTS = scripts()


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_golden_day_matches_its_log(name):
    path = LOGS / f"{name}.txt"
    assert path.exists(), f"no log for {name}: run python -m tests.golden.regenerate {name}"
    assert log_text(play(SCRIPTS[name])) == path.read_text(), (
        f"{name} changed; if on purpose: python -m tests.golden.regenerate {name}")


def test_every_log_has_a_script():
    assert {p.stem for p in LOGS.glob("*.txt")} <= set(SCRIPTS)


#: Rooms no golden day plays yet. The list may only shrink: a test fails when a room is
#: missing and not listed, or listed but now played.
PENDING = frozenset(Path(__file__).with_name("golden").joinpath("pending_rooms.txt")
                    .read_text().split("\n")) - {""}


def test_every_catalog_room_appears_in_a_golden_day():
    rules = load_rules()
    text = "".join(p.read_text() for p in LOGS.glob("*.txt"))
    base = [name for name, row in rules.rows("rooms.csv").items()
            if row["category"] != "expansion"]
    missing = {name for name in base if name not in text}
    assert missing - PENDING == set(), f"rooms in no golden day: {sorted(missing - PENDING)}"
    assert PENDING - missing == set(), f"now played, drop from pending_rooms.txt: " \
        f"{sorted(PENDING - missing)}"
