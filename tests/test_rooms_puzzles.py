"""Puzzle rooms and the Observatory in the run engine (§15 Room Icons, §5 The Observatory &
Constellations, §5 The Planetarium): a scenario per room, each variant reading, and agreement
of the engine's chance outcomes with ``odds.parlor``, ``billiard_room``, ``music_room``,
``special_key`` and ``observatory``."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from types import MappingProxyType

import pytest

from manorkit.blueprince import load_rules, odds
from manorkit.blueprince.engine import Campaign
from manorkit.blueprince.odds.room_tables import Haul, Reward

from .shops_helpers import (
    HALL,
    RULES,
    act,
    branches,
    chances,
    day,
    drafted,
    entered,
    pending,
    pick,
)

D6 = {str(f): Fraction(1, 6) for f in range(1, 7)}
HELD = [(), ("Secret Garden Key",), ("Prism Key",), ("Silver Key", "Prism Key"),
        ("Secret Garden Key", "Silver Key", "Prism Key")]


def room_state(room: str, rules=RULES, *, items=(), campaign=None, **res):
    """A day with ``room`` drafted north of the Entrance Hall, about to be entered."""
    state = drafted(day(rules, items=items, campaign=campaign, **res), room)
    while state.is_chance:
        state = state.apply(state.chance_outcomes()[0][0])
    return state


def reward(before):
    """The ``Reward`` an entry gave: Keys, gems and the special key gained."""
    def value(s):
        new = set(s.items) - set(before.items)
        return Reward(s.resources["keys"] - before.resources["keys"],
                      s.resources["gems"] - before.resources["gems"],
                      new.pop() if new else None)
    return value


# -- puzzle rooms --------------------------------------------------------------------------------

@pytest.mark.rule("Parlor", "enter")
def test_parlor_rolls_once_per_run():
    state = entered(room_state("Parlor"))
    assert pending(state) == "puzzle" and chances(state) == D6
    state = pick(state, "5")
    assert state.resources["gems"] == 2
    again = act(state, "move to Entrance Hall", "move to Parlor")
    assert not again.is_chance and again.resources["gems"] == 2  # once per run (§15)


@pytest.mark.rule("Billiard Room", "enter")
def test_billiard_room_rewards():
    assert pick(entered(room_state("Billiard Room")), "2").resources["keys"] == 2
    assert pick(entered(room_state("Billiard Room")), "6").resources["keys"] == 3
    assert "Secret Garden Key" in pick(entered(room_state("Billiard Room")), "5").items
    held = pick(entered(room_state("Billiard Room", items=("Secret Garden Key",))), "5")
    assert held.resources["keys"] == 2  # instead_keys of room_rolls.csv


@pytest.mark.rule("Music Room", "enter")
def test_music_room_key_then_roll():
    state = entered(room_state("Music Room"))
    assert state.resources["keys"] == 1 and pending(state) == "puzzle"
    assert pick(state, "2").resources["keys"] == 1
    assert pick(state, "6").resources["keys"] == 3
    special = pick(state, "4")
    assert pending(special) == "special_key" and chances(special) == D6
    assert "Silver Key" in pick(special, "3").items
    held = pick(entered(room_state("Music Room", items=("Silver Key",))), "4", "4")
    assert held.resources["keys"] == 2 and held.items["Silver Key"] == 2  # 1 Key instead


def test_music_room_special_key_variant():
    rules = load_rules(music_room_special_key="always")
    state = entered(room_state("Music Room", rules))
    assert state.resources["keys"] == 1 and pending(state) == "special_key"
    assert "Prism Key" in pick(state, "6").items


PUZZLE_VARIANTS = [{}, {"numbered_lock_die": "faces"}, {"music_room_special_key": "always"},
                   {"repeat_entry_rewards": "every_entry"}]


@pytest.mark.parametrize("variants", PUZZLE_VARIANTS)
def test_parlor_agrees_with_the_odds(variants):
    rules = load_rules(**variants)
    before = room_state("Parlor", rules)
    assert branches(entered(before), reward(before)) == odds.parlor(rules=rules)


@pytest.mark.parametrize("held", HELD)
@pytest.mark.parametrize("variants", PUZZLE_VARIANTS)
def test_billiard_and_music_rooms_agree_with_the_odds(held, variants):
    rules = load_rules(**variants)
    for room, calc in (("Billiard Room", odds.billiard_room), ("Music Room", odds.music_room)):
        before = room_state(room, rules, items=held)
        got = branches(entered(before), reward(before))
        assert got == calc(held, rules=rules), room


@pytest.mark.parametrize("held", HELD)
def test_music_room_special_key_agrees_with_the_odds(held):
    rules = load_rules(music_room_special_key="always")
    before = room_state("Music Room", rules, items=held)
    state = entered(before)
    key = branches(state, lambda s: reward(state)(s))
    assert key == odds.special_key(held, room="Music Room", rules=rules)


# -- the Observatory -------------------------------------------------------------------------------

def haul(before):
    """The ``Haul`` of the constellation rolls: amounts gained, trunks on the Entrance Hall,
    and whether The Sail is in force."""
    def value(s):
        r, b = s.resources, before.resources
        return Haul(r["steps"] - b["steps"], r["coins"] - b["coins"], r["gems"] - b["gems"],
                    r["keys"] - b["keys"], s.trunks.get(HALL, 0) - before.trunks.get(HALL, 0),
                    bool(s.flags.get("sail")))
    return value


@pytest.mark.parametrize("telescope", [False, True])
@pytest.mark.parametrize("planetarium", [False, True])
@pytest.mark.parametrize("reading", ["one_card", "chamber_only", "two_sources"])
def test_observatory_rolls_agree_with_the_odds(telescope, planetarium, reading):
    rules = load_rules(telescope_copies=reading)
    campaign = Campaign(observatory_rolls=int(planetarium))
    state = entered(room_state("Observatory", rules, campaign=campaign,
                               items=("Telescope",) if telescope else ()))
    n = sum(1 for p in state.pending if p.name == "constellation")
    assert n == 1 + telescope + planetarium  # both: three rolls (§5)
    got = branches(state, haul(state))
    assert got == odds.observatory(telescope=telescope, planetarium=planetarium, rules=rules)


@pytest.mark.rule("Observatory", "enter")
def test_observatory_constellations():
    state = entered(room_state("Observatory"))
    assert pending(state) == "constellation" and chances(state) == D6
    twins = pick(state, "2")
    assert twins.trunks[HALL] == 2  # The Twins: on the Entrance Hall tile
    sail = pick(state, "6")
    assert sail.flags["sail"] is True
    again = act(sail, "move to Entrance Hall", "move to Observatory")
    assert not again.is_chance  # without the Telescope the sky has been observed


def test_the_sail_does_not_double_and_halves_kitchen_prices():
    state = entered(room_state("Observatory", items=("Telescope",)))
    both = pick(state, "6", "6")
    assert both.flags["sail"] is True
    assert any("does not double" in e for e in both.log["effect"])
    from .test_rooms_shops import at_shop, buys
    kitchen = at_shop("Kitchen", flags={"sail": True, "kitchen_special": "Chef Salad"}, coins=40)
    assert buys(kitchen) == {"Banana": 1, "Club Sandwich": 4, "Chef Salad": 4}


@pytest.mark.rule("Telescope", "observatory")
def test_telescope_acquired_later_grants_one_reentry_roll():
    state = pick(entered(room_state("Observatory")), "1")
    assert state.resources["coins"] == 6
    home = act(state, "move to Entrance Hall")
    home = replace(home, items=MappingProxyType({"Telescope": 1}))
    back = act(home, "move to Observatory")
    assert [p.name for p in back.pending] == ["constellation"]
    assert chances(back) == D6
    back = pick(back, "4")
    assert back.resources["gems"] == 1
    third = act(back, "move to Entrance Hall", "move to Observatory")
    assert not third.is_chance  # the re-entry roll is granted once per run


def test_telescope_held_at_first_entry_gives_no_reentry_roll():
    state = pick(entered(room_state("Observatory", items=("Telescope",))), "1", "3")
    again = act(state, "move to Entrance Hall", "move to Observatory")
    assert not again.is_chance


def test_first_observatory_entry_finds_the_planetarium():
    state = pick(entered(room_state("Observatory")), "1")
    assert state.carry["found:Planetarium"] is True and "Planetarium" not in state.bag
    same = pick(entered(room_state("Observatory", load_rules(found_floorplan_timing="same_run"))),
                "1")
    assert same.bag["Planetarium"] == 1
    known = pick(entered(room_state("Observatory", campaign=Campaign(found=("Planetarium",)))),
                 "1")
    assert "found:Planetarium" not in known.carry


@pytest.mark.parametrize("reading", ["planetarium_only", "observatory_required"])
def test_planetarium_condition_does_not_change_the_observatory(reading):
    """The carry-forward decides the extra roll; the variant decides only whether the
    Planetarium card is taken (§5 The Planetarium), which the Observatory never reads."""
    rules = load_rules(planetarium_condition=reading)
    state = entered(room_state("Observatory", rules, campaign=Campaign(observatory_rolls=1)))
    assert [p.name for p in state.pending] == ["constellation", "constellation"]
