"""The Outer Room (§19): the morning visit from the Outer Room pile, the Garage route, the five
Outer Room tiles and the variants touching them."""

import random
from dataclasses import replace
from fractions import Fraction

import pytest

from manorkit.blueprince import load_rules, odds
from manorkit.blueprince.engine import Campaign, IllegalAction, new_day
from manorkit.blueprince.engine.campaign import Tomorrow, handler
from manorkit.blueprince.engine.checks import check
from manorkit.blueprince.mechanics.numbers import number
from manorkit.blueprince.sim.policies import play_day, random_policy

from .golden.days_outer import GROUNDS, KNOWN, SCRIPTS
from .golden.play import choose, play

RULES = load_rules()
GARAGE = SCRIPTS["outer_garage_trading_post"]


def until(name: str, text: str | None = None, campaign=None, **variants):
    """The state of golden day ``name`` just before its step ``text`` (all steps if None)."""
    script = SCRIPTS[name]
    steps = script.steps if text is None else script.steps[:script.steps.index(text)]
    script = replace(script, steps=steps, campaign=campaign or script.campaign)
    return play(script, load_rules(**{**script.variants, **variants}))


def names(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def drawn(state) -> dict:
    """The pending pile draw's outcomes as {frozenset of tiles: p}."""
    return {frozenset(c.value.split(", ")): p for c, p in state.chance_outcomes()}


def visit(campaign, rules=RULES):
    day = new_day(rules, campaign=campaign)
    return day.apply(choose(day, "visit outer room"))


# -- the morning visit ---------------------------------------------------------------------------

def test_the_visit_needs_the_outer_room_on_the_grounds():
    assert "visit outer room" not in names(new_day(RULES))
    assert "visit outer room" in names(new_day(RULES, campaign=GROUNDS))
    expansion = load_rules(outer_rooms_base="expansion")
    assert "visit outer room" not in names(new_day(expansion, campaign=GROUNDS))


def test_the_visit_comes_before_any_action():
    day = new_day(RULES, campaign=GROUNDS)
    for text in ("draft north", "tile drawn: Spare Room", "tile drawn: Den", "tile drawn: Nook",
                 "take Slot 1: Spare Room"):
        day = day.apply(choose(day, text))
    assert day.position == (1, 3) and "visit outer room" not in names(day)


def test_pile_draw_agrees_with_the_deck_calculator():
    """The first draw of 3 from the face-down pile: every 3 of the 5 tiles, 1/10 each, as the
    deck calculator's joint draw (§19 Visit sequence)."""
    expected = {frozenset(card for card, _ in combo): p
                for combo, p in odds.deck_draws("outer_rooms", 1, 3).pmf.items()}
    assert drawn(visit(GROUNDS)) == expected and len(expected) == 10
    one_known = replace(GROUNDS, outer_pile=("Hovel",))
    rest = {t: 1 for t in RULES.deck_counts("outer_rooms") if t != "Hovel"}
    assert drawn(visit(one_known)) == {frozenset(c for c, _ in combo): p for combo, p in
                                       odds.deck_draws(rest, 1, 3).pmf.items()}


def test_a_known_pile_draws_its_top_tiles():
    assert drawn(visit(KNOWN)) == {frozenset(KNOWN.outer_pile[:3]): 1}
    under = replace(GROUNDS, outer_pile=("Shelter", "Toolshed", "Trading Post"))
    assert drawn(visit(under)) == {frozenset({"Hovel", "Root Cellar", "Shelter"}): 1}


@pytest.mark.rule("outer_pile", "carry")
def test_the_pile_order_goes_to_the_next_morning():
    day = play(SCRIPTS["outer_morning_toolshed"])
    pile = day.carry["outer_pile"]
    assert pile == ("Shelter", "Trading Post", "Toolshed")  # the 2 not chosen, then the Toolshed
    tomorrow = Tomorrow(GROUNDS, {})
    rule, name = handler("outer_pile")
    rule.fn(tomorrow, pile, name)
    morning = tomorrow.campaign()
    assert morning.outer_pile == pile and Campaign.from_json(morning.to_json()) == morning
    assert drawn(visit(morning)) == {frozenset({"Hovel", "Root Cellar", "Shelter"}): 1}
    with pytest.raises(IllegalAction, match="outer_pile"):
        new_day(RULES, campaign=Campaign(outer_pile=("Toolshed", "Toolshed")))


@pytest.mark.parametrize("reading,orchard,steps", [
    ("five_legs", False, 45), ("four_legs", False, 46), ("five_legs", True, 65),
    ("four_legs", True, 66)])
def test_the_morning_visit_costs_five_or_four_steps(reading, orchard, steps):
    campaign = replace(GROUNDS, apple_orchard=orchard)
    state = until("outer_morning_toolshed", "draft north", campaign=campaign,
                  outer_room_cost=reading)
    assert state.resources["steps"] == steps and state.position == (1, 3)
    assert "visit outer room" not in names(state)


def test_choosing_a_tile_is_the_only_choice_then_leaving():
    state = until("outer_morning_toolshed", "enter outer room: Toolshed")
    assert names(state) == ["enter outer room: Shelter", "enter outer room: Toolshed",
                            "enter outer room: Trading Post"]
    state = until("outer_morning_toolshed", "draft north")
    assert state.flags["outer_room"] == "Toolshed"
    inside = until("outer_morning_toolshed", "leave outer room: Entrance Hall")
    assert names(inside) == ["leave outer room: Entrance Hall"]


# -- the five tiles --------------------------------------------------------------------------------

@pytest.mark.rule("Toolshed", "enter")
def test_the_toolshed_keeps_two_special_items():
    before = until("outer_morning_toolshed", "enter outer room: Toolshed")
    after = until("outer_morning_toolshed", "leave outer room: Entrance Hall")
    assert set(after.items) - set(before.items) == {"Shovel", "Lockpick Kit"}
    left = [sum(s.decks["special_items"][0].values()) for s in (before, after)]
    assert left[0] - left[1] == 2


@pytest.mark.rule("Shelter", "enter")
def test_the_shelter_protects_the_red_rooms_and_opens_its_safe():
    day = play(SCRIPTS["outer_shelter_red_rooms"])
    assert day.resources["steps"] == 44 and day.resources["gems"] == 1  # only the moves
    assert day.flags["shelter_tokens"] == 1 and day.carry["safe:Shelter"] is True
    opened = replace(GROUNDS, discoveries=("outer_room", "safe:Shelter"))
    again = until("outer_shelter_red_rooms", "leave outer room: Entrance Hall", campaign=opened)
    assert again.resources["gems"] == 1 and "safe:Shelter" not in again.carry


@pytest.mark.parametrize("reading,steps", [("shelter_first", 45), ("entry_only", 23)])
def test_weight_room_shelter_readings(reading, steps):
    state = until("outer_shelter_red_rooms", "draft west", weight_room_shelter=reading)
    assert state.resources["steps"] == steps
    assert state.flags["shelter_tokens"] == 2  # the token is placed either way


@pytest.mark.rule("Root Cellar", "enter", "actions")
def test_the_root_cellar_digs_and_adds_dirt_to_later_rooms():
    day = play(SCRIPTS["outer_root_cellar"])
    assert day.flags["outer_dirt"] == 1 and day.dirt[(2, 3)] == 1  # Storeroom: 0 + 1
    no_shovel = until("outer_root_cellar", "dig root cellar", campaign=KNOWN)
    assert "dig root cellar" not in names(no_shovel)
    plain = until("outer_morning_toolshed", "end the day")
    assert not plain.dirt


@pytest.mark.rule("Hovel", "enter")
def test_the_hovel_pays_gem_costs_in_steps():
    day = play(SCRIPTS["outer_hovel"])
    assert day.resources["steps"] == 42 and day.resources["gems"] == 0
    assert day.board[(2, 3)].room == "Observatory"
    script = SCRIPTS["outer_hovel"]
    steps = tuple("enter outer room: Root Cellar" if s == "enter outer room: Hovel" else s
                  for s in script.steps)
    cellar = play(replace(script, steps=steps[:steps.index("take Slot 2: Observatory")]))
    assert "take Slot 2: Observatory" not in names(cellar)  # 1 gem, none held



@pytest.mark.rule(("Hovel", "Root Cellar"), "draft")
@pytest.mark.parametrize("room", ["Hovel", "Root Cellar"])
def test_a_bedroom_or_green_room_in_the_slot_rolls_for_a_trunk(room):
    """§8 Locked Trunks: every Bedroom (the Hovel) and Green Room (the Root Cellar) may hold a
    trunk: the blue die is rolled when the tile is chosen from the pile, before it is
    entered; OPEN puts a trunk in the Outer Room, opened with a Key."""
    day = visit(KNOWN)
    day = day.apply(choose(day, "outer room pile: Hovel, Root Cellar, Shelter"))
    day = day.apply(choose(day, f"enter outer room: {room}"))
    assert day.pending[0].name == "trunk"
    assert {c.value: p for c, p in day.chance_outcomes()} == {"OPEN": Fraction(2, 3),
                                                              "LOCKED": Fraction(1, 3)}
    shut = day.apply(choose(day, "trunk roll: LOCKED"))
    assert not shut.flags.get("outer_trunks")
    found = day.apply(choose(day, "trunk roll: OPEN"))
    assert found.flags["outer_trunks"] == 1
    found = replace(found, resources={**found.resources, "keys": 1})
    assert "open outer trunk: Key" in names(found)

@pytest.mark.rule("Trading Post", "enter", "actions")
def test_the_trading_post_trades_one_item():
    at_post = until("outer_garage_trading_post", "trading post trade: Lockpick Kit")
    assert names(at_post) == ["trading post trade: Car Keys", "trading post trade: Lockpick Kit",
                              "leave outer room: Entrance Hall"]
    waiting = until("outer_garage_trading_post", "trading post keep: Shovel")
    assert names(waiting) == ["trading post keep: Shovel", "trading post keep: Salt Shaker"]
    day = play(GARAGE)
    assert set(day.items) == {"Car Keys", "Shovel"}
    assert day.decks["trunk"][0]["Lockpick Kit"] == at_post.decks["trunk"][0]["Lockpick Kit"] + 1
    assert day.decks["special_items"][0]["Salt Shaker"] == \
        at_post.decks["special_items"][0]["Salt Shaker"]
    assert "trading post trade: Lockpick Kit" not in names(until(
        "outer_garage_trading_post", "leave outer room: Entrance Hall"))


def test_trading_post_items_readings():
    special = until("outer_garage_trading_post", "trading post trade: Lockpick Kit",
                    trading_post_items="special_only")
    assert "trading post trade: Car Keys" not in names(special)
    assert "trading post trade: Lockpick Kit" in names(special)
    keys = until("outer_garage_trading_post", "trading post trade: Lockpick Kit")
    keys = keys.apply(choose(keys, "trading post trade: Car Keys")).settle()
    keys = keys.apply(keys.legal_actions()[0])
    assert "Car Keys" not in keys.items
    assert "out of play" in keys.log.effect.iloc[-1]


def test_trading_post_cards_agree_with_the_deck_calculator():
    """The two cards drawn for a trade, one after the other, make the calculator's joint draw
    of 2 from the Special Items deck as it stands."""
    state = until("outer_garage_trading_post", "trading post card: Shovel")
    deck = {c: n for c, n in state.decks["special_items"][0].items() if n}
    joint: dict = {}
    for first, p in state.chance_outcomes():
        second = state.apply(first)
        for other, q in second.chance_outcomes():
            pair = tuple(sorted({first.value: 0, other.value: 0}))
            key = ((pair[0], 2),) if first.value == other.value else tuple((c, 1) for c in pair)
            joint[key] = joint.get(key, Fraction(0)) + p * q
    assert joint == odds.deck_draws(deck, 1, 2).pmf


# -- the Garage route --------------------------------------------------------------------------

def test_the_garage_route_costs_two_steps_and_returns_to_the_entrance_hall():
    garage = until("outer_garage_trading_post", "garage route: Outer Room")
    assert "garage route: Outer Room" in names(garage)
    day = play(GARAGE)
    inside = until("outer_garage_trading_post", "trading post trade: Lockpick Kit")
    assert garage.resources["steps"] - inside.resources["steps"] == 2
    assert day.position == (1, 3) and day.resources["steps"] == inside.resources["steps"] - 2


@pytest.mark.parametrize("reading", ["total_two", "from_garage"])
def test_the_garage_route_costs_its_two_legs_from_the_garage_under_both_readings(reading):
    """§19: "Garage → West Path (1 step) → Outer Room entry (1 step) = 2 steps total", counted
    from the Garage whichever way the fast travel is read (``garage_travel_cost``)."""
    garage = until("outer_garage_trading_post", "garage route: Outer Room",
                   garage_travel_cost=reading)
    inside = until("outer_garage_trading_post", "trading post trade: Lockpick Kit",
                   garage_travel_cost=reading)
    assert garage.resources["steps"] - inside.resources["steps"] == 2


def test_garage_outer_return_garage_goes_back_the_way_you_came():
    state = until("outer_garage_trading_post", "leave outer room: Entrance Hall",
                  garage_outer_return="garage")
    assert "leave outer room: Garage" in names(state)
    back = state.apply(choose(state, "leave outer room: Garage"))
    assert back.board[back.position].room == "Garage"
    assert back.resources["steps"] == state.resources["steps"] - 2


def test_garage_outer_draw_top_tile_takes_the_top_of_the_pile():
    state = until("outer_garage_trading_post", "outer room pile: Shelter, Toolshed, Trading Post",
                  garage_outer_draw="top_tile")
    assert drawn(state) == {frozenset({"Shelter"}): 1}
    fresh = until("outer_garage_trading_post", "outer room pile: Shelter, Toolshed, Trading Post",
                  campaign=GROUNDS, garage_outer_draw="top_tile")
    assert drawn(fresh) == {frozenset({t}): Fraction(1, 5) for t in
                            RULES.deck_counts("outer_rooms")}


def test_the_garage_route_is_once_a_day_and_follows_the_discovery():
    script = replace(GARAGE, steps=("visit outer room", "outer room pile: Shelter, Toolshed, "
                                    "Trading Post", "enter outer room: Shelter",
                                    "leave outer room: Entrance Hall",
                                    *GARAGE.steps[:GARAGE.steps.index("garage route: Outer Room")]))
    assert "garage route: Outer Room" not in names(play(script))
    first_ever = until("outer_garage_trading_post", "garage route: Outer Room",
                       campaign=Campaign())
    assert first_ever.carry["outer_room"] is True
    assert "garage route: Outer Room" in names(first_ever)  # "from that run forward"
    next_day = until("outer_garage_trading_post", "garage route: Outer Room",
                     campaign=Campaign(), outer_room_discovery="next_day")
    assert next_day.carry["outer_room"] is True
    assert "garage route: Outer Room" not in names(next_day)
    expansion = until("outer_garage_trading_post", "garage route: Outer Room",
                      campaign=Campaign(), outer_rooms_base="expansion")
    assert "garage route: Outer Room" not in names(expansion)


# -- whole days ------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_every_outer_day_keeps_the_invariants(name):
    script = SCRIPTS[name]
    state = root = new_day(load_rules(**script.variants), seed=script.seed,
                           campaign=script.campaign)
    for text in script.steps:
        state = state.settle() if text == "settle" else state.apply(choose(state, text))
        check(state, root, replay=True)


def test_a_bot_plays_whole_days_with_the_outer_room():
    visits = 0
    for seed in range(8):
        day = play_day(new_day(RULES, seed=seed, campaign=GROUNDS), random_policy,
                       random.Random(seed))
        assert day.is_over
        visits += "outer_room" in day.flags
    assert visits  # the bot took the visit on some days


def test_a_trunk_drawn_in_the_outer_room_lies_there():
    state = until("outer_morning_toolshed", "special_items card: Shovel")
    state = state.apply(choose(state, "special_items card: Locked Trunk token"))
    state = state.apply(choose(state, "special_items card: Sledgehammer"))
    assert state.flags["outer_trunks"] == 1
    assert "open outer trunk: Key" not in names(state)  # no key held
    state = state.apply(choose(state, "open outer trunk: Sledgehammer"))
    assert state.chance_outcomes()[0][0].label == "trunk card"
    state = state.settle()
    assert state.flags["outer_trunks"] == 0 and "Sledgehammer" in state.items
    assert names(state) == ["leave outer room: Entrance Hall"]


def test_the_state_shows_the_outer_room_slot():
    inside = until("outer_morning_toolshed", "leave outer room: Entrance Hall")
    assert "Outer Room slot: Toolshed — you are in it" in inside._repr_html_()
    assert "Outer Room slot" not in new_day(RULES, campaign=GROUNDS)._repr_html_()


# -- what items and rooms on the board do on the Outer Room's entry ------------------------------

def enter_outer(tile: str, campaign, rules=RULES):
    """The state after the morning visit enters ``tile`` (the known pile's top 3)."""
    state = visit(campaign, rules)
    state = state.apply(choose(state, "outer room pile: Hovel, Root Cellar, Shelter"))
    return state.apply(choose(state, f"enter outer room: {tile}"))


@pytest.mark.parametrize("tile", ["Hovel", "Root Cellar"])
def test_the_sleeping_mask_pays_in_the_hovel(tile):
    """§7 Sleeping Mask, §19 "the tile's effect triggers on entry": the Outer Room tile is
    entered, and the Hovel is a Bedroom (purple, rooms.csv), so a held Sleeping Mask pays
    its steps there on the day's one entry; not in the (green) Root Cellar."""
    masked = replace(KNOWN, deliveries=("Sleeping Mask",))
    with_mask, without = enter_outer(tile, masked), enter_outer(tile, KNOWN)
    assert "Sleeping Mask" in with_mask.items and "Sleeping Mask" not in without.items
    bonus = with_mask.resources["steps"] - without.resources["steps"]
    purple = "purple" in RULES.room(tile)["colours"]
    assert bonus == (number(RULES, "sleeping_mask_steps") if purple else 0)
    assert purple == (tile == "Hovel")


def test_board_watchers_tied_to_cells_skip_the_outer_room():
    """The Entrance Hall's random special spawn (variant ``random_spawn_deck``) is for rooms
    on the board: the blue Shelter, entered in the Outer Room slot, rolls nothing."""
    rules = load_rules(random_spawn_deck="special_possible")
    state = enter_outer("Shelter", KNOWN, rules)
    assert not state.pending and state.flags["outer_inside"]
