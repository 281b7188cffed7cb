"""Bedrooms (§16 room entries, §14 Carry-Forward, §18): one scenario per room, each variant
reading in scope, and the trunk rolls against ``odds.trunks_on_draft``."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from manorkit.blueprince import load_rules, odds
from manorkit.blueprince.engine import Campaign, new_day
from manorkit.blueprince.engine.state import freeze
from manorkit.dist import Dist

from .golden.play import choose

FILLERS = ("Spare Room", "Storeroom")


# -- helpers (also used by test_rooms_red) ----------------------------------------------------

def draft(direction: str, tile: str, *, fillers=FILLERS, slot: int = 1) -> tuple[str, ...]:
    """Steps drafting ``tile`` through the door ``direction``, the other slots ``fillers``."""
    hand = list(fillers)
    hand.insert(slot - 1, tile)
    return (f"draft {direction}", *(f"tile drawn: {t}" for t in hand),
            f"take Slot {slot}: {tile}")


def go(state, *steps):
    """Play steps named as in golden scripts (``"settle"`` resolves random steps)."""
    for text in steps:
        state = state.settle() if text == "settle" else state.apply(choose(state, text))
    return state


def day(*steps, seed: int = 0, campaign: Campaign | None = None, **variants):
    return go(new_day(load_rules(**variants), seed=seed, campaign=campaign), *steps)


def edit(state, *, resources=None, items=None, flags=None):
    """The same moment with some resources, items or flags set (for what no room in scope
    can produce, e.g. Shelter tokens)."""
    return replace(
        state,
        resources=freeze({**state.resources, **(resources or {})}),
        items=freeze({**state.items, **(items or {})}),
        flags=freeze({**state.flags, **(flags or {})}))


def said(state, fragment: str) -> list[str]:
    """The effects logged this day that contain ``fragment``."""
    return [e for e in state.log["effect"] if fragment in e]


def cell_of(state, room: str):
    return next(c for c, t in state.board.items() if t.room == room)


def steps(state) -> int:
    return state.resources["steps"]


# -- Bedroom, Bunk Room, Guest Bedroom (data) ----------------------------------------------------

@pytest.mark.rule("Bedroom", "draft", "enter")
def test_bedroom_trunk_steps_and_spawn():
    s = day(*draft("north", "Bedroom"), "trunk roll: OPEN")
    assert s.trunks[(2, 3)] == 1 and not s.is_chance
    s = go(s, "move to Bedroom")
    assert steps(s) == 50 - 1 + 2
    assert s.pending[0].name == "spawn"
    s = go(s, "spawn roll: 5", "common_items card: Key")
    assert s.resources["keys"] == 1
    s = go(s, "move to Entrance Hall", "move to Bedroom")
    assert steps(s) == 51 - 2 and not s.is_chance  # first entry each run (default)


def test_bedroom_every_entry_reading_pays_again():
    s = day(*draft("north", "Bedroom"), "trunk roll: LOCKED", "move to Bedroom", "spawn roll: 1",
            "move to Entrance Hall", "move to Bedroom", repeat_entry_rewards="every_entry")
    assert steps(s) == 50 - 1 + 2 - 2 + 2 and s.pending[0].name == "spawn"


@pytest.mark.rule("Bunk Room", "draft", "enter")
def test_bunk_room_two_trunk_rolls_and_four_steps():
    s = day(*draft("north", "Bunk Room"))
    assert [p.name for p in s.pending] == ["trunk", "trunk"]
    s = go(s, "trunk roll: OPEN", "trunk roll: OPEN", "move to Bunk Room", "spawn roll: 1")
    assert s.trunks[(2, 3)] == 2 and steps(s) == 50 - 1 + 4


@pytest.mark.rule("Guest Bedroom", "enter")
def test_guest_bedroom_ten_steps():
    s = day(*draft("north", "Guest Bedroom"), "trunk roll: LOCKED", "move to Guest Bedroom",
            "spawn roll: 1")
    assert steps(s) == 50 - 1 + 10 and not s.trunks


@pytest.mark.rule("Sleeping Mask", "passive")
@pytest.mark.parametrize("reading, extra", [("five", 5), ("ten", 10)])
def test_sleeping_mask_in_the_bunk_room(reading, extra):
    s = day(*draft("north", "Closet"), "move to Closet", "common_items card: Empty (no find)",
            "special_items card: Sleeping Mask", "move to Entrance Hall",
            *draft("east", "Bunk Room"),
            "trunk roll: LOCKED", "trunk roll: LOCKED", sleeping_mask_bunk=reading)
    s = go(s, "move to Bunk Room", "spawn roll: 1")
    assert steps(s) == 50 - 1 - 1 - 1 + 4 + extra


# -- Nursery and Servant's Quarters -------------------------------------------------------------

@pytest.mark.rule("Nursery", "draft", "passive")
def test_nursery_counts_itself_and_later_bedrooms_by_weight():
    s = day(*draft("north", "Bedroom"), "trunk roll: LOCKED")
    s = go(s, *draft("east", "Nursery"))
    assert steps(s) == 55  # +5 for itself, nothing for the Bedroom drafted before it
    s = go(s, "trunk roll: LOCKED", *draft("west", "Bunk Room"))
    assert steps(s) == 65 and said(s, "the Nursery: Bunk Room drafted")
    s = go(s, "settle", "move to Nursery", "spawn roll: 1")
    assert steps(s) == 64  # no entry effect of its own


def test_nursery_ignores_rooms_that_are_not_bedrooms():
    s = day(*draft("north", "Nursery"), "trunk roll: LOCKED", *draft("east", "Closet"))
    assert steps(s) == 55


@pytest.mark.rule("Servant's Quarters", "draft")
def test_servants_quarters_keys_wait_on_the_tile():
    s = day(*draft("north", "Bunk Room"), "settle", *draft("east", "Servant's Quarters"),
            "trunk roll: LOCKED")
    sq = cell_of(s, "Servant's Quarters")
    assert s.tokens[sq] == {"keys": 3} and s.resources["keys"] == 0  # Bunk Room 2 + itself
    s = go(s, *draft("west", "Bedroom"), "trunk roll: LOCKED")
    assert s.tokens[sq] == {"keys": 3}  # counted at its draft only
    s = go(s, "move to Servant's Quarters", "spawn roll: 1")
    assert s.resources["keys"] == 3 and sq not in s.tokens


def test_servants_quarters_with_the_nursery_and_the_maid():
    s = day(*draft("north", "Nursery"), "trunk roll: LOCKED", *draft("east", "Maid's Chamber"),
            "settle", *draft("west", "Servant's Quarters"), "settle")
    # Nursery 1 + Maid's Chamber 1 + itself 1, +1 for the Nursery
    assert s.tokens[cell_of(s, "Servant's Quarters")] == {"keys": 4}
    assert steps(s) == 50 + 5 + 5 + 5


# -- Master Bedroom -------------------------------------------------------------------------------

def _master(campaign=None, **variants):
    return day(*draft("east", "Corridor"), "move to Corridor", *draft("east", "Master Bedroom"),
               "trunk roll: LOCKED", campaign=campaign, **variants)


@pytest.mark.rule("Master Bedroom", "enter")
@pytest.mark.parametrize("reading, tiles, with_foundation", [
    ("face_up", 3, 4), ("all_tiles", 4, 5), ("drafted_only", 2, 2)])
def test_master_bedroom_counts_room_tiles(reading, tiles, with_foundation):
    for campaign, n in ((None, tiles), (Campaign(foundation=(3, 3)), with_foundation)):
        s = _master(campaign, master_bedroom_tiles=reading)
        before = steps(s)
        s = go(s, "move to Master Bedroom", "spawn roll: 1")
        assert steps(s) == before - 1 + n, (reading, campaign)
        s = go(s, "move to Corridor", "move to Master Bedroom")
        assert steps(s) == before - 1 + n - 2  # first entry only


@pytest.mark.rule("Master Bedroom", "end of day")
def test_master_bedroom_end_of_day_carries_ten_steps():
    s = go(_master(), "move to Master Bedroom", "spawn roll: 1")
    assert go(s, "move to Corridor", "end the day").carry == {}
    s = go(s, "end the day")
    assert s.carry == {"next_run:Master Bedroom": {"steps": 10}}


def test_master_bedroom_placement_is_column_five():
    s = day(*draft("north", "Corridor"), "move to Corridor")
    s = go(s, "draft north", "tile drawn: Master Bedroom", "tile drawn: Spare Room",
           "tile drawn: Storeroom")
    assert all(str(a) != "take Slot 1: Master Bedroom" for a in s.legal_actions())


# -- Her Ladyship's Chamber and the Boudoir ------------------------------------------------------

@pytest.mark.rule("Her Ladyship's Chamber", "draft")
def test_ladyship_telescope_one_card():
    s = day(*draft("north", "Her Ladyship's Chamber"), "trunk roll: LOCKED",
            held_item_cards="in_hand")
    hlc = (2, 3)
    assert s.flags["ladyship"] and s.tokens[hlc] == {"Telescope": 1}
    assert s.decks["special_items"][0]["Telescope"] == 0
    assert s.held_cards[("special_items", "Telescope")] == 1
    s = go(s, "move to Her Ladyship's Chamber", "spawn roll: 1")
    assert "Telescope" in s.items and hlc not in s.tokens


def test_ladyship_telescope_one_card_discarded_reading():
    s = day(*draft("north", "Her Ladyship's Chamber"), "trunk roll: LOCKED",
            held_item_cards="discarded")
    remaining, discard = s.decks["special_items"]
    assert remaining["Telescope"] == 0 and discard == {"Telescope": 1} and not s.held_cards
    assert s.tokens[(2, 3)] == {"Telescope": 1}


def test_ladyship_telescope_chamber_only_and_two_sources():
    s = day(*draft("north", "Her Ladyship's Chamber"), "trunk roll: LOCKED",
            telescope_copies="chamber_only")
    assert s.tokens[(2, 3)] == {"Telescope": 1} and not s.held_cards
    assert s.decks["special_items"][0].get("Telescope", 0) == 0
    s = day(*draft("north", "Her Ladyship's Chamber"), "trunk roll: LOCKED",
            telescope_copies="two_sources")
    assert s.tokens[(2, 3)] == {"Telescope": 1} and not s.held_cards
    assert s.decks["special_items"][0]["Telescope"] == 1
    # the card drawn while the Chamber's Telescope lies on its tile is a blank draw
    s = go(s, *draft("east", "Closet"), "move to Closet", "common_items card: Empty (no find)",
           "special_items card: Telescope")
    assert "Telescope" not in s.items
    assert said(s, "a Telescope lies on a tile already: the card gives no second copy")
    s = go(s, "move to Her Ladyship's Chamber", "spawn roll: 1")
    assert "Telescope" in s.items


@pytest.mark.parametrize("reading", ["one_card", "two_sources"])
def test_ladyship_no_second_telescope_when_held(reading):
    s = day(*draft("north", "Closet"), "move to Closet", "common_items card: Empty (no find)",
            "special_items card: Telescope", "move to Entrance Hall",
            *draft("east", "Her Ladyship's Chamber"),
            "trunk roll: LOCKED", telescope_copies=reading)
    assert "Telescope" in s.items and (1, 4) not in s.tokens
    assert said(s, "none appears")


@pytest.mark.rule("Her Ladyship's Chamber", "end of day")
def test_ladyship_end_of_day_carry():
    s = day(*draft("north", "Her Ladyship's Chamber"), "trunk roll: LOCKED",
            "move to Her Ladyship's Chamber", "spawn roll: 1", "end the day")
    assert s.carry == {"next_run:Her Ladyship's Chamber": {"steps": -10, "keys": 1}}


@pytest.mark.rule("Boudoir", "enter")
def test_boudoir_steps_and_safe():
    s = day(*draft("north", "Boudoir"), "trunk roll: LOCKED", "move to Boudoir",
            "spawn roll: 1")
    assert steps(s) == 51 and s.resources["gems"] == 1
    assert s.carry == {"safe:Boudoir": True}
    s = go(s, "move to Entrance Hall", "move to Boudoir")
    assert steps(s) == 49 and s.resources["gems"] == 1  # first entry each run
    s = day(*draft("north", "Boudoir"), "trunk roll: LOCKED", "move to Boudoir",
            "spawn roll: 1", "move to Entrance Hall", "move to Boudoir",
            repeat_entry_rewards="every_entry")
    assert steps(s) == 51 and s.resources["gems"] == 2  # the safe gem every entry


@pytest.mark.rule("Her Ladyship's Chamber", "passive")
@pytest.mark.parametrize("reading, before_steps, after_steps", [
    ("after_draft", 10, 10), ("first_entry_of_run", 10, 0)])
def test_boudoir_bonus_after_the_chamber(reading, before_steps, after_steps):
    # the Chamber first: the first Boudoir entry gives +10 instead of +2 under both readings
    s = day(*draft("north", "Her Ladyship's Chamber"), "trunk roll: LOCKED",
            *draft("east", "Boudoir"), "trunk roll: LOCKED", ladyship_bonuses=reading)
    s2 = go(s, "move to Boudoir", "spawn roll: 1")
    assert steps(s2) == steps(s) - 1 + before_steps
    assert not go(s2, "move to Entrance Hall", "move to Boudoir").pending  # once per run
    # the Boudoir entered first: only after_draft pays its next entry
    s = day(*draft("east", "Boudoir"), "trunk roll: LOCKED", "move to Boudoir",
            "spawn roll: 1", "move to Entrance Hall", *draft("north", "Her Ladyship's Chamber"),
            "trunk roll: LOCKED", ladyship_bonuses=reading)
    s2 = go(s, "move to Boudoir")
    assert steps(s2) == steps(s) - 1 + after_steps


@pytest.mark.rule("Her Ladyship's Chamber", "passive")
@pytest.mark.parametrize("reading, gems", [("after_draft", 3), ("first_entry_of_run", 0)])
def test_walk_in_closet_bonus(reading, gems):
    def enter_closet(s):
        s = go(s, "move to Walk-in Closet", "settle")
        return s
    s = day(*draft("east", "Walk-in Closet"), ladyship_bonuses=reading)
    s = enter_closet(s)
    assert not said(s, "Her Ladyship's Chamber bonus")
    s = go(s, "move to Entrance Hall", *draft("north", "Her Ladyship's Chamber"),
           "trunk roll: LOCKED")
    before = s.resources["gems"]
    s = enter_closet(s)
    assert s.resources["gems"] - before == gems  # the closet's own rewards were first entry
    # the Chamber first: the closet's first entry gets the bonus under both readings
    s = day(*draft("north", "Her Ladyship's Chamber"), "trunk roll: LOCKED",
            *draft("east", "Walk-in Closet"), ladyship_bonuses=reading)
    s = enter_closet(s)
    assert said(s, "+3 gems (Her Ladyship's Chamber bonus in the Walk-in Closet)")
    s = go(s, "move to Entrance Hall", "move to Walk-in Closet")
    assert len(said(s, "bonus in the Walk-in Closet")) == 1


# -- Boudoir trunk die: engine against odds.trunks_on_draft ------------------------------------

def trunk_dist(state, cell) -> Dist:
    """The exact distribution of trunk tokens at ``cell`` over the pending trunk rolls."""
    out: dict[int, Fraction] = {}

    def walk(s, p):
        if s.is_chance and s.pending[0].name == "trunk":
            for c, q in s.chance_outcomes():
                walk(s.apply(c), p * q)
        else:
            n = s.trunks.get(cell, 0)
            out[n] = out.get(n, 0) + p
    walk(state, Fraction(1))
    return Dist(out)


def _boudoir_at_rank_4(**variants):
    return day(*draft("north", "Hallway"), "move to Hallway", *draft("north", "Corridor"),
               "move to Corridor", *draft("north", "Boudoir"), **variants)


@pytest.mark.parametrize("reading", ["blue", "rank_die"])
@pytest.mark.parametrize("room", ["Boudoir", "Bedroom", "Bunk Room", "Nursery"])
def test_trunks_agree_with_the_calculator_at_rank_2(room, reading):
    rules = load_rules(boudoir_trunk_die=reading)
    s = day(*draft("north", room), boudoir_trunk_die=reading)
    assert trunk_dist(s, (2, 3)) == odds.trunks_on_draft(room, rank=2, rules=rules)


@pytest.mark.parametrize("reading", ["blue", "rank_die"])
def test_boudoir_trunk_agrees_at_rank_4(reading):
    rules = load_rules(boudoir_trunk_die=reading)
    s = _boudoir_at_rank_4(boudoir_trunk_die=reading)
    assert trunk_dist(s, (4, 3)) == odds.trunks_on_draft("Boudoir", rank=4, rules=rules)
    assert s.pending[0].die == ("lock_white" if reading == "rank_die" else "lock_blue")


def test_boudoir_rank_die_at_low_ranks_places_a_trunk():
    s = day(*draft("north", "Boudoir"), boudoir_trunk_die="rank_die")
    assert s.trunks[(2, 3)] == 1 and not s.is_chance


@pytest.mark.parametrize("reading", ["d6", "faces"])
@pytest.mark.parametrize("room", ["Bedroom", "Guest Bedroom", "Boudoir", "Servant's Quarters"])
def test_bedroom_spawn_agrees_with_the_calculator(room, reading):
    s = day(*draft("north", room), "settle", f"move to {room}", numbered_lock_die=reading)
    assert s.pending[0].name == "spawn"
    hits = s.pending[0].data[0]
    p = sum(p for c, p in s.chance_outcomes() if str(c.value) in hits)
    assert p == odds.item_spawn(room, rules=load_rules(numbered_lock_die=reading)) > 0
    s = day(*draft("north", "Maid's Chamber"), "settle", *draft("east", room), "settle",
            f"move to {room}", numbered_lock_die=reading)
    assert not s.pending and odds.item_spawn(room, maid=True) == 0


# -- Maid's Chamber ------------------------------------------------------------------------------

@pytest.mark.rule("Maid's Chamber", "draft")
def test_maid_suppresses_bedroom_spawns_and_counts_as_both():
    s = day(*draft("north", "Maid's Chamber"), "settle")
    assert s.flags["maid"] is True
    s = go(s, *draft("east", "Bedroom"), "trunk roll: LOCKED", "move to Bedroom")
    assert not s.is_chance and said(s, "item spawns are suppressed")
    s = go(s, "move to Entrance Hall", "move to Maid's Chamber")
    assert not s.is_chance and said(s, "+2 steps (Maid's Chamber (entry))")


@pytest.mark.parametrize("reading, fruit", [("unaffected", True), ("suppressed", False)])
def test_maid_and_the_pantry(reading, fruit):
    s = day(*draft("north", "Maid's Chamber"), "settle", *draft("east", "Pantry"),
            pantry_maid_suppression=reading)
    s = s.settle()
    assert bool(s.fruit) is fruit


# -- Dormitory ------------------------------------------------------------------------------------

DORM = Campaign(unlocked=("Dormitory",))


@pytest.mark.rule("Dormitory", "enter", "passive")
def test_dormitory_pays_after_a_drafting_room_once():
    s = day(*draft("west", "Dormitory"), "trunk roll: LOCKED", "move to Dormitory",
            "spawn roll: 1", campaign=DORM)
    assert steps(s) == 49  # no Drafting Room yet: the data row pays nothing
    s = go(s, "move to Entrance Hall", *draft("north", "Drawing Room"), "settle")
    assert s.flags["dormitory_due"]
    s = go(s, "move to Dormitory")
    assert steps(s) == 49 - 2 + 10 and not s.flags["dormitory_due"]
    s = go(s, "move to Entrance Hall", "move to Dormitory")
    assert steps(s) == 57 - 2


def test_dormitory_banked_drafting_rooms_do_not_stack():
    s = day(*draft("west", "Dormitory"), "trunk roll: LOCKED", *draft("north", "Drawing Room"),
            "settle", "move to Drawing Room", *draft("north", "Library"), "settle",
            campaign=DORM)
    before = steps(s)
    s = go(s, "move to Dormitory", "spawn roll: 1")
    assert steps(s) == before - 2 + 10  # via the Entrance Hall


@pytest.mark.parametrize("reading, gain", [("listed", 0), ("with_draft_pool_rooms", 10)])
def test_dormitory_drafting_rooms_variant(reading, gain):
    s = day(*draft("west", "Dormitory"), "trunk roll: LOCKED", *draft("north", "The Pool"),
            "settle", "move to Dormitory", "spawn roll: 1", campaign=DORM,
            dormitory_drafting_rooms=reading)
    assert steps(s) == 49 + gain


def test_drafting_rooms_are_data_not_the_tag():
    from manorkit.blueprince.engine.rooms.bedrooms import drafting_rooms

    assert drafting_rooms(load_rules()) == {"Drawing Room", "Study", "Library",
                                            "Drafting Studio"}
    wide = drafting_rooms(load_rules(dormitory_drafting_rooms="with_draft_pool_rooms"))
    assert {"Greenhouse", "Solarium", "The Pool"} < wide
