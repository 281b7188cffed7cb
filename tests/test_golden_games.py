"""Golden peer games: each scripted game's event log equals its committed text file."""

import pytest

from .golden.games import LOGS, log_text, play, scripts

SCRIPTS = scripts()


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_golden_game_matches_its_log(name):
    path = LOGS / f"{name}.txt"
    assert path.exists(), f"no log for {name}: run python -m tests.golden.games {name}"
    assert log_text(play(SCRIPTS[name])) == path.read_text(), (
        f"{name} changed; if on purpose: python -m tests.golden.games {name}")


def test_every_game_log_has_a_script():
    assert {p.stem for p in LOGS.glob("*.txt")} <= set(SCRIPTS)
