"""Entry watchers declared active only under some readings (``hooks.watches_entries(...,
active=...)``): skipped where they cannot act, called where they can."""

from __future__ import annotations

import pytest

from manorkit.blueprince import load_rules
from manorkit.blueprince.engine import hooks

from .test_rooms_blue import draft, enter, fresh

#: The always-present rooms whose entry watchers act under one reading only.
GATED = {"Entrance Hall": ("random_spawn_deck", "special_possible"),
         "Antechamber": ("east_lever", "placeholder_room")}


def test_every_active_declaration_is_of_a_registered_watcher():
    assert set(hooks.WATCH_ENTER_ACTIVE) <= set(hooks.WATCH_ENTER)
    assert set(GATED) <= set(hooks.WATCH_ENTER_ACTIVE)


@pytest.mark.parametrize("room", sorted(GATED))
def test_a_gated_watcher_acts_only_under_its_reading(room):
    variant, reading = GATED[room]
    default = load_rules()
    assert room not in hooks.entry_watchers(default)
    assert set(hooks.WATCH_ENTER) - set(hooks.WATCH_ENTER_ACTIVE) <= \
        hooks.entry_watchers(default)
    assert room in hooks.entry_watchers(load_rules(**{variant: reading}))
    # kept per rules value: rules edited after a read see their own readings
    assert room in hooks.entry_watchers(default.with_variants(**{variant: reading}))
    assert room not in hooks.entry_watchers(default)


def test_an_inactive_watcher_is_never_called(monkeypatch):
    calls = []
    monkeypatch.setitem(hooks.WATCH_ENTER, "Entrance Hall",
                        lambda work, cell, entry: calls.append(entry.room))
    enter(draft(fresh(), "west", "Spare Room", ("Den", "Nook")), "Spare Room")
    assert calls == []
    enter(draft(fresh(random_spawn_deck="special_possible"), "west", "Spare Room",
                ("Den", "Nook")), "Spare Room")
    assert calls == ["Spare Room"]
