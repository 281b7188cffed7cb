"""Blueprint rooms, Hallways, Drafting Rooms, Studio Additions, Found and fixed floor plans:
one scenario per room, played through the engine, and every variant reading they honour."""

from dataclasses import replace
from fractions import Fraction
from types import MappingProxyType

import pytest

from manorkit.blueprince import load_rules
from manorkit.blueprince.board import E, N, S, Tile, W, doors, edge
from manorkit.blueprince.engine import Campaign, Chance, IllegalAction, State, Take, new_day
from manorkit.blueprince.mechanics.numbers import number

from .golden.play import choose

RULES = load_rules()


# -- helpers --------------------------------------------------------------------------------

def go(state: State, *steps: str) -> State:
    """Apply steps named as in the golden scripts ("draft north", "tile drawn: Den", ...)."""
    for text in steps:
        state = state.settle() if text == "settle" else state.apply(choose(state, text))
    return state


def fresh(campaign: Campaign | None = None, seed: int = 0, **variants) -> State:
    return new_day(load_rules(**variants), seed=seed, campaign=campaign)


def rich(state: State, **resources) -> State:
    """The same moment with some resources changed (test set-up only)."""
    return replace(state, resources=MappingProxyType({**state.resources, **resources}))


def holding(state: State, *items: str) -> State:
    got = {**state.items, **{i: int(state.rules.rows("tables/items.csv")[i]["charges"] or 1)
                             for i in items}}
    return replace(state, items=MappingProxyType(got))


def draft(state: State, word: str, room: str, fill=("Spare Room", "Storeroom"),
          slot: int = 1, orient: int | None = None, lock: str = "OPEN") -> State:
    """Draft ``room`` through the current room's ``word`` door, drawing it in ``slot`` among
    ``fill`` tiles; choose the orientation ``orient`` (or the only one)."""
    state = go(state, f"draft {word}")
    if state.is_chance and state.pending[0].name == "lock_roll":
        state = go(state, f"lock roll: {lock}")
    hand = list(fill)
    hand.insert(slot - 1, room)
    size = state.drafting.size - state.drafting.sleeve
    for tile in hand[:size]:
        state = go(state, f"tile drawn: {tile}")
    state = go(state, f"take Slot {slot + state.drafting.sleeve}: {room}")
    if state.is_chance and state.pending[0].name == "orient":
        state = state.apply(Chance(orient if orient is not None else
                                   state.chance_outcomes()[0][0].value))
    return state


def enter(state: State, room: str) -> State:
    """Move to the room called ``room`` (or "Room (rank, col)")."""
    return go(state, f"move to {room}" + ("" if "(" in room else " ("))


def names(state: State) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def outcomes(state: State) -> dict:
    return {c.value: p for c, p in state.chance_outcomes()}


def settle_all(state: State, **choices) -> State:
    """Resolve pending steps, taking the named outcome for steps whose label is given."""
    while state.is_chance:
        label = state.pending[0].label()
        state = state.apply(Chance(choices[label], label)) if label in choices else \
            state.resolve()
    return state


# -- §16 Drawing Room ---------------------------------------------------------------------

def drawing_room(**variants) -> State:
    state = rich(fresh(**variants), gems=1, ivory_dice=1)
    state = draft(state, "north", "Drawing Room", orient=0)  # doors E, S, W
    return enter(state, "Drawing Room")


@pytest.mark.rule("Drawing Room", "enter", "passive")
def test_drawing_room_gives_a_free_redraw_per_draft_and_its_safe_gem():
    state = drawing_room()
    assert state.resources["gems"] == 2  # Slot 1 is free; +1 from the safe
    assert state.carry["safe:Drawing Room"] is True
    hand = go(state, "draft east", "tile drawn: Den", "tile drawn: Nook", "tile drawn: Closet")
    assert "redraw free (Drawing Room)" in names(hand)
    again = go(hand, "redraw free (Drawing Room)", "tile drawn: Attic", "tile drawn: Vault",
               "tile drawn: Pantry")
    assert "redraw free (Drawing Room)" not in names(again)  # no chaining (§16)
    assert "redraw with an Ivory Die" in names(again)  # free_then_paid
    west = go(again, "take Slot 1: Attic", "settle", "draft west", "tile drawn: Den",
              "tile drawn: Nook", "tile drawn: Closet")
    assert "redraw free (Drawing Room)" in names(west)  # one per draft, per door


def test_drawing_room_final_second_draw():
    state = drawing_room(drawing_room_redraw="final_second_draw")
    hand = go(state, "draft east", "tile drawn: Den", "tile drawn: Nook", "tile drawn: Closet",
              "redraw free (Drawing Room)", "tile drawn: Attic", "tile drawn: Vault",
              "tile drawn: Pantry")
    assert not [n for n in names(hand) if n.startswith("redraw")]


@pytest.mark.rule("safe:*", "carry")
def test_safe_gem_is_known_to_the_campaign_and_pays_once_per_run():
    campaign = Campaign(discoveries=("safe:Drawing Room",))
    state = enter(draft(fresh(campaign), "north", "Drawing Room", orient=0), "Drawing Room")
    assert "safe:Drawing Room" not in state.carry and state.resources["gems"] == 1
    back = enter(enter(state, "Entrance Hall"), "Drawing Room")
    assert back.resources["gems"] == 1  # first entry per run only
    every = fresh(campaign, repeat_entry_rewards="every_entry")
    every = enter(draft(every, "north", "Drawing Room", orient=0), "Drawing Room")
    every = enter(enter(every, "Entrance Hall"), "Drawing Room")
    assert every.resources["gems"] == 2


# -- §16 Study -----------------------------------------------------------------------------

def study_west(gems: int = 10, **variants) -> State:
    """The Study at (1, 2), west of the Entrance Hall; the marker back in the hall."""
    return rich(draft(fresh(**variants), "west", "Study"), gems=gems)


@pytest.mark.rule("Study", "passive")
def test_study_gem_redraws_anywhere_up_to_eight_per_draft():
    state = go(study_west(), "draft north", "tile drawn: Den", "tile drawn: Nook",
               "tile drawn: Closet")
    fill = iter(RULES.bag().index.drop(["Den", "Nook", "Closet", "Study"]))
    for _ in range(number(RULES, "study_redraws")):
        state = go(state, "redraw for 1 gem (Study)")
        for _ in range(3):
            state = go(state, f"tile drawn: {next(fill)}")
    assert state.resources["gems"] == 10 - 8
    assert "redraw for 1 gem (Study)" not in names(state)  # the cap of 8 (§16 Study)


def test_study_needs_a_gem_when_the_draft_begins():
    state = go(study_west(gems=0), "draft north", "tile drawn: Den", "tile drawn: Nook",
               "tile drawn: Closet")
    assert "redraw for 1 gem (Study)" not in names(rich(state, gems=3))


def test_drawing_room_redraw_comes_before_the_study():
    state = rich(draft(study_west(), "north", "Drawing Room", orient=0), gems=5)
    state = go(enter(state, "Drawing Room"), "draft east", "tile drawn: Den",
               "tile drawn: Nook", "tile drawn: Closet")
    assert "redraw for 1 gem (Study)" not in names(state)
    state = go(state, "redraw free (Drawing Room)", "tile drawn: Attic", "tile drawn: Vault",
               "tile drawn: Pantry")
    assert "redraw for 1 gem (Study)" in names(state)


@pytest.mark.rule("Study", "enter")
def test_study_after_entry_switches_on_when_entered():
    state = go(study_west(study_activation="after_entry"), "draft north", "tile drawn: Den",
               "tile drawn: Nook", "tile drawn: Closet")
    assert "redraw for 1 gem (Study)" not in names(state)
    inside = enter(study_west(study_activation="after_entry"), "Study")
    assert inside.flags["study_entered"] and inside.carry["safe:Study"]
    back = go(enter(inside, "Entrance Hall"), "draft north", "tile drawn: Den",
              "tile drawn: Nook", "tile drawn: Closet")
    assert "redraw for 1 gem (Study)" in names(back)


def test_study_shape_variant():
    assert RULES.room("Study")["shape"] == "dead_end"
    two = load_rules(study_shape="two_doors")
    assert (two.room("Study")["shape"], two.room("Study")["doors"]) == ("straight", 2)
    state = enter(draft(fresh(study_shape="two_doors"), "west", "Study"), "Study")
    assert "draft west from Study (1, 2)" in names(state)


# -- §16 Library ---------------------------------------------------------------------------

def library(**variants) -> State:
    state = rich(fresh(**variants), gems=5)
    return enter(draft(state, "north", "Library", orient=1), "Library")  # doors S, W


@pytest.mark.rule("Library", "passive")
def test_library_draws_four_tiles():
    state = go(library(), "draft west")
    for tile in ("Attic", "Den", "Vault", "Nook"):
        state = go(state, f"tile drawn: {tile}")
    assert len(state.drafting.hand) == 4 and not state.is_chance
    poor = rich(state, gems=0)
    takes = {a.slot for a in poor.legal_actions() if isinstance(a, Take)}
    assert takes == {1, 2, 4}  # Slot 1 free; Vault (Slot 3) costs 3 gems


def test_library_free_slot_cheapest():
    state = go(library(library_free_slot="cheapest"), "draft west", "tile drawn: Attic",
               "tile drawn: Den", "tile drawn: Vault", "tile drawn: Nook")
    gems = state.resources["gems"]
    attic = go(state, "take Slot 1: Attic", "settle")
    assert attic.resources["gems"] == gems - RULES.room("Attic")["gem_cost"]
    den = go(state, "take Slot 2: Den", "settle")
    assert den.resources["gems"] == gems  # the cheapest drawn tile is the free one


# -- §17 The Drafting Studio ---------------------------------------------------------------

def studio(campaign=None, **variants) -> State:
    state = rich(fresh(campaign, **variants), gems=5)
    return enter(draft(state, "north", "Drafting Studio"), "Drafting Studio")


@pytest.mark.rule("Drafting Studio", "actions")
def test_drafting_studio_unlocks_one_addition_into_the_bag_and_the_campaign():
    state = studio()
    offered = [n for n in names(state) if n.startswith("unlock studio")]
    assert len(offered) == 7
    after = go(state, "unlock studio: Kennel")
    assert after.bag["Kennel"] == 1 and after.carry["unlocked"] == ("Kennel",)
    assert not [n for n in names(after) if n.startswith("unlock studio")]
    again = enter(enter(after, "Entrance Hall"), "Drafting Studio")
    assert not [n for n in names(again) if n.startswith("unlock studio")]  # one_per_run


@pytest.mark.rule("Drafting Studio", "enter")
def test_drafting_studio_one_per_visit():
    state = go(studio(studio_unlocks_per_run="one_per_visit"), "unlock studio: Kennel")
    again = enter(enter(state, "Entrance Hall"), "Drafting Studio")
    offered = [n for n in names(again) if n.startswith("unlock studio")]
    assert len(offered) == 6 and "unlock studio: Kennel" not in offered


@pytest.mark.parametrize("reading, done, offered", [
    ("seven", 6, 1), ("six", 5, 2), ("six", 6, 0), ("four", 3, 4), ("four", 4, 0)])
def test_studio_additions_count(reading, done, offered):
    unlocked = ("Casino", "Clock Tower", "Dormitory", "Dovecote", "Solarium", "Vestibule")
    state = studio(Campaign(unlocked=unlocked[:done]), studio_additions_count=reading)
    assert len([n for n in names(state) if n.startswith("unlock studio")]) == offered


# -- §16 Closet, Walk-in Closet, Attic, Ballroom -------------------------------------------

def closet(**variants) -> State:
    return go(enter(draft(fresh(**variants), "west", "Closet"), "Closet"))


@pytest.mark.rule("Closet", "enter")
def test_closet_cards_go_under_their_decks():
    state = closet()
    assert [(p.deck, p.bottom) for p in state.pending] == [("common_items", True),
                                                           ("special_items", True)]
    state = go(state, "common_items card: Key", "special_items card: Locked Trunk token")
    assert state.resources["keys"] == 1 and state.trunks[(1, 2)] == 1
    remaining, discard = state.decks["common_items"]
    assert remaining["Key"] == RULES.deck("common_items")["Key"] and not discard
    # under the deck: that Key comes up only once every other card has been drawn
    from manorkit.blueprince.engine.pending import CardDraw
    assert CardDraw("common_items").weights(state) == {**remaining, "Key": 5}
    last = replace(state, decks=MappingProxyType({**state.decks, "common_items": (
        MappingProxyType({"Key": 1, "Gem": 1}), MappingProxyType({"Apple": 3}))}),
        flags=MappingProxyType({**state.flags, "bottom:common_items": ("Gem", "Key")}))
    assert CardDraw("common_items").weights(last) == {"Gem": 1}  # in the order they went under
    drawn = go(replace(last, pending=(CardDraw("common_items"),)), "common_items card: Gem")
    assert drawn.flags["bottom:common_items"] == ("Key",)


def test_closet_returns_discard():
    state = go(closet(closet_returns="discard"), "common_items card: Key",
               "special_items card: Shovel")
    assert state.decks["common_items"][1] == {"Key": 1}
    assert "Shovel" in state.items


@pytest.mark.rule(("Walk-in Closet", "Attic"), "enter")
def test_walk_in_closet_and_attic_draw_from_the_item_decks():
    walk = go(enter(draft(fresh(), "west", "Walk-in Closet"), "Walk-in Closet"))
    assert walk.resources["gems"] == 1
    assert [p.deck for p in walk.pending] == ["common_items"] * 2 + ["special_items"]
    assert not any(p.bottom for p in walk.pending)
    attic = go(enter(draft(fresh(), "west", "Attic"), "Attic"))
    assert [p.deck for p in attic.pending] == ["common_items"] * 4 + ["special_items"] * 4
    attic = go(attic, *["common_items card: Gem"] * 4, "special_items card: Locked Trunk token",
               "special_items card: Locked Trunk token", *["special_items card: Shovel"] * 2)
    assert attic.trunks[(1, 2)] == 2 and attic.resources["gems"] == 4
    # one Shovel in hand: the second gives nothing; both cards are discarded (held_item_cards)
    assert "Shovel" in attic.items and attic.decks["special_items"][1]["Shovel"] == 2


@pytest.mark.rule("Ballroom", "enter")
@pytest.mark.parametrize("gems", [0, 2, 6])
def test_ballroom_sets_gems_to_exactly_two(gems):
    state = rich(draft(fresh(), "north", "Ballroom"), gems=gems)
    state = enter(state, "Ballroom")
    assert state.resources["gems"] == number(RULES, "ballroom_gems")
    again = enter(rich(enter(state, "Entrance Hall"), gems=7), "Ballroom")
    assert again.resources["gems"] == 2  # every entry


# -- §4 Action C: the Garage ----------------------------------------------------------------

def garage_at(campaign=None, **variants) -> State:
    """The Garage placed at (4, 1) by hand below a West Wing Hall column (test set-up), the
    marker in the hall at (3, 1), and the Garage then drafted north."""
    rules = load_rules(**variants)
    day = new_day(rules, campaign=campaign)
    board = dict(day.board)
    for rank in (1, 2, 3):
        board[(rank, 1)] = Tile("West Wing Hall", (rank, 1), 0, doors("T", 0) | {N, S})
    state = replace(day, board=MappingProxyType(board), position=(3, 1))
    return draft(state, "north", "Garage")


@pytest.mark.rule("Garage", "draft", "enter", "actions")
@pytest.mark.rule("Car Keys", "car trunk")
def test_garage_car_keys_trunk_and_fast_travel():
    state = garage_at()
    assert state.tokens[(4, 1)] == {"Car Keys": 1}
    inside = enter(state, "Garage")
    assert "Car Keys" in inside.items and inside.carry["outer_room"] is True
    assert {"fast travel: Entrance Hall", "car trunk"} <= set(names(inside))
    opened = go(inside, "car trunk")
    assert [p.deck for p in opened.pending] == ["trunk"] * number(RULES, "car_trunk_cards")
    assert opened.carry["found"] == ("Tunnel",) and "Tunnel" not in opened.bag
    opened = go(opened, "settle")
    assert "car trunk" not in names(opened) and "Car Keys" in opened.items  # never consumed
    steps = opened.resources["steps"]
    home = go(opened, "fast travel: Entrance Hall")
    assert home.position == (1, 3) and home.resources["steps"] == steps - 1



@pytest.mark.rule("Garage", "actions")
@pytest.mark.parametrize("reading, travel", [({}, 1), ({"garage_travel_cost": "from_garage"}, 2)])
def test_garage_fast_travel_costs_two_steps_in_total(reading, travel):
    """§4 Action C: "This costs 2 Steps total — 1 to enter the Garage, 1 for the West Path
    transit": from the room beside it, entering the Garage and travelling home cost 2 steps
    under the default ``garage_travel_cost=total_two`` (the travel 1 step more); the old
    reading ``from_garage`` charges 2 for the travel on top of the step in."""
    beside = garage_at(**reading)
    home = go(enter(beside, "Garage"), "fast travel: Entrance Hall")
    assert home.position == (1, 3)
    assert beside.resources["steps"] - home.resources["steps"] == 1 + travel

def test_garage_variants():
    same = go(enter(garage_at(found_floorplan_timing="same_run"), "Garage"), "car trunk")
    assert same.bag["Tunnel"] == 1
    known = enter(garage_at(Campaign(found=("Tunnel",), discoveries=("outer_room",))),
                  "Garage")
    assert "outer_room" not in known.carry and "found" not in go(known, "car trunk").carry
    none = enter(garage_at(car_keys_source="unavailable"), "Garage")
    assert "Car Keys" not in none.items and "car trunk" not in names(none)
    further = enter(garage_at(garage_travel_cost="from_garage"), "Garage")
    assert go(further, "fast travel").resources["steps"] == further.resources["steps"] - 2
    assert "outer_room" not in enter(garage_at(outer_rooms_base="expansion"), "Garage").carry
    assert (3, 2) not in RULES.cells("Garage")
    assert (3, 2) not in load_rules(garage_columns="cols_1_2").cells("Garage")
    assert (4, 2) in load_rules(garage_columns="cols_1_2").cells("Garage")
    assert (4, 2) not in RULES.cells("Garage")



@pytest.mark.rule(("Spare Room", "Passageway"), "tile")
@pytest.mark.parametrize("room", ["Spare Room", "Passageway"])
def test_a_room_with_no_effect_of_its_own_is_only_its_tile(room):
    """§16 Spare Room, Passageway: no draft or entry effect; what they give is their doors
    (rooms.csv shape) and the steps a route through them costs."""
    placed = draft(fresh(), "north", room, fill=("Den", "Nook"), orient=0)
    inside = enter(placed, room)
    assert not inside.is_chance and inside.resources == {**placed.resources, "steps": 49}
    assert inside.board[(2, 3)].doors == doors(RULES.room(room)["shape"], 0)
    effects = [e for e in inside.log["effect"] if room in e and not e.startswith("Slot")]
    assert effects == [f"placed {room} at (2, 3)", f"-1 steps (moved to {room})"]

# -- §16 Mail Room, §4 Freezer and Coat Check ----------------------------------------------

@pytest.mark.rule("Mail Room", "draft")
def test_mail_room_orders_then_delivers_a_package():
    order = draft(fresh(), "west", "Mail Room")
    assert order.carry["package"] is True and not order.pending
    deliver = draft(fresh(Campaign(package=True)), "west", "Mail Room")
    assert deliver.carry["package"] is False
    assert [p.deck for p in deliver.pending] == ["special_items"] * 2 + ["common_items"]


@pytest.mark.rule("Freezer", "draft")
def test_freezer_freezes_coins_and_gems_for_the_next_run():
    state = draft(rich(fresh(), gems=3), "west", "Freezer")
    assert state.carry["freezer"] == {"coins": 5, "gems": 3}
    assert state.resources["coins"] == 0 and state.resources["gems"] == 0


@pytest.mark.rule("Coat Check", "enter", "actions")
def test_coat_check_stores_and_returns_an_item():
    state = holding(draft(fresh(), "west", "Coat Check"), "Shovel")
    state = enter(state, "Coat Check")
    assert "check in: Shovel" in names(state)
    stored = go(state, "check in: Shovel")
    assert "Shovel" not in stored.items and stored.carry["coat_check"] == "Shovel"
    assert not [n for n in names(stored) if n.startswith("check in")]
    later = enter(draft(fresh(Campaign(coat_check="Shovel")), "west", "Coat Check"),
                  "Coat Check")
    assert "Shovel" in later.items and later.carry["coat_check"] is None



@pytest.mark.rule("Coat Check", "enter", "actions")
def test_coat_check_returns_an_item_on_a_future_run_only():
    """§4 Tomorrow Rooms, §7: an item checked in is retrieved "the next time you visit on any
    future run": leaving and entering again the same run gives nothing back; the item
    stored this run counts as stored (no second check-in)."""
    state = holding(draft(fresh(), "west", "Coat Check"), "Shovel")
    stored = go(enter(state, "Coat Check"), "check in: Shovel")
    again = enter(enter(stored, "Entrance Hall"), "Coat Check")
    assert "Shovel" not in again.items and again.carry["coat_check"] == "Shovel"
    assert not [n for n in names(again) if n.startswith("check in")]
    # retrieved on a later run, an item may be checked in again; it stays until a later run
    later = holding(enter(draft(fresh(Campaign(coat_check="Shovel")), "west", "Coat Check"),
                          "Coat Check"), "Sledgehammer")
    later = go(later, "check in: Sledgehammer")
    twice = enter(enter(later, "Entrance Hall"), "Coat Check")
    assert "Sledgehammer" not in twice.items and twice.carry["coat_check"] == "Sledgehammer"

def coat_check_at_rank_8(**variants) -> State:
    rules = load_rules(**variants)
    day = new_day(rules, campaign=Campaign(coat_check="Shovel"))
    board = dict(day.board)
    for rank in range(1, 8):
        board[(rank, 1)] = Tile("West Wing Hall", (rank, 1), 0, frozenset({N, S, E}))
    board[(1, 2)] = Tile("Spare Room", (1, 2), 1, frozenset({E, W}))
    state = replace(day, board=MappingProxyType(board), position=(7, 1))
    return enter(draft(state, "north", "Coat Check"), "Coat Check")


def test_coat_check_dinner_bell_variant():
    rung = coat_check_at_rank_8()
    assert rung.flags["coat_check_closed"] and rung.flags["lost"] == ("Shovel",)
    assert "Shovel" not in rung.items and rung.carry["coat_check"] is None
    calm = coat_check_at_rank_8(coat_check_bell="never_rung_here")
    assert "Shovel" in calm.items and not calm.flags.get("coat_check_closed")


# -- §16 Security -------------------------------------------------------------------------

def security(**variants) -> State:
    return enter(draft(fresh(**variants), "north", "Security"), "Security")


def test_security_is_a_routing_room_by_default():
    assert not [n for n in names(security()) if n.startswith(("security", "order"))]


@pytest.mark.rule("Security", "enter", "actions")
def test_security_levels_change_later_lock_dice():
    state = security(security_levels="levels")
    assert {"security level: low", "security level: high"} <= set(names(state))
    high = go(state, "security level: high")
    assert high.flags["security_level"] == "high"
    assert not [n for n in names(high) if n.startswith("security level")]  # once per visit
    from manorkit.blueprince.mechanics.locks import door_die
    rules = high.rules
    assert door_die(rules, "Den", (4, 3), (5, 3), (), "high") == "lock_blue"
    assert door_die(rules, "Den", (4, 3), (5, 3), (), "low") is None
    assert door_die(rules, "Den", (8, 3), (9, 2), (), "low") == "lock_blue"
    assert door_die(rules, "Den", (2, 3), (3, 3), (), "high") is None  # Ranks 1-3
    assert door_die(RULES, "Den", (4, 3), (5, 3), (), "high") == "lock_white"  # routing_only


def test_security_shovel_order():
    state = security(security_shovel_order="order")
    ordered = go(state, "order shovel")
    assert ordered.carry["deliveries"] == ("Shovel",) and "order shovel" not in names(ordered)
    assert "order shovel" not in names(holding(state, "Shovel"))
    tomorrow = fresh(Campaign(deliveries=("Shovel",)))
    assert "Shovel" in tomorrow.items
    with pytest.raises(IllegalAction):
        fresh(Campaign(deliveries=("No Such Item",)))


# -- §16 Rotunda ---------------------------------------------------------------------------

def rotunda(**variants) -> State:
    return draft(rich(fresh(**variants), gems=3), "north", "Rotunda")


@pytest.mark.rule("Rotunda", "draft", "actions")
def test_rotunda_opens_the_pair_through_its_draft_door_and_rotates():
    state = rotunda()
    assert state.board[(2, 3)].doors == {N, S}
    state = enter(state, "Rotunda")
    assert "draft north from Rotunda (2, 3)" in names(state)
    assert not [n for n in names(state) if n.startswith(("draft east", "draft west"))]
    turned = go(state, "rotate")
    assert turned.board[(2, 3)].doors == {E, W}
    assert turned.resources["steps"] == state.resources["steps"] - number(
        RULES, "rotunda_rotate_steps")
    assert (1, 3) not in turned.routes()  # the Entrance Hall is behind a closed door
    assert "draft east from Rotunda (2, 3)" in names(turned)
    back = go(turned, "rotate")
    assert back.board[(2, 3)].doors == {N, S} and (1, 3) in back.routes()


def test_drafting_from_the_rotunda_may_turn_the_tile():
    state = go(enter(rotunda(), "Rotunda"), "draft north", "tile drawn: Den",
               "tile drawn: Nook", "tile drawn: Closet")
    turns = {a.rotation for a in state.legal_actions() if isinstance(a, Take) and a.slot == 1}
    assert turns == {0, 1, 3}  # a T with a south door, in any of its 3 orientations


def test_rotunda_as_drawn_may_stand_walled_off():
    state = go(rich(fresh(rotunda_placement="as_drawn"), gems=3), "draft east",
               "tile drawn: Rotunda", "tile drawn: Den", "tile drawn: Nook",
               "take Slot 1: Rotunda")
    assert outcomes(state) == {"north-south": Fraction(1, 2), "east-west": Fraction(1, 2)}
    walled = go(state, "Rotunda open doors: north-south")
    assert walled.board[(1, 4)].doors == {N, S} and (1, 4) not in walled.routes()
    open_ = go(state, "Rotunda open doors: east-west")
    assert open_.board[(1, 4)].doors == {E, W} and (1, 4) in open_.routes()


# -- §17 Kennel, Dovecote, Clock Tower -----------------------------------------------------

KENNEL = Campaign(unlocked=("Kennel",))


@pytest.mark.rule("Kennel", "draft")
def test_kennel_spawns_the_shovel_once():
    state = draft(fresh(KENNEL), "north", "Kennel")
    assert state.tokens[(2, 3)] == {"Shovel": 1}
    assert "Shovel" in enter(state, "Kennel").items
    held = draft(holding(fresh(KENNEL), "Shovel"), "north", "Kennel")
    assert (2, 3) not in held.tokens
    extra = draft(holding(fresh(KENNEL, kennel_shovel="extra_shovel"), "Shovel"), "north",
                  "Kennel")
    assert extra.tokens[(2, 3)] == {"Shovel": 1}


def test_a_shovel_card_drawn_while_the_shovel_lies_on_the_kennel_is_blank():
    state = draft(draft(fresh(KENNEL), "north", "Kennel"), "west", "Closet")
    state = go(enter(state, "Closet"), "common_items card: Gem", "special_items card: Shovel")
    assert "Shovel" not in state.items and state.tokens[(2, 3)] == {"Shovel": 1}
    assert load_rules(shovel_count="one_per_run").deck("special_items")["Shovel"] == 1


def kennel_dig(**variants) -> State:
    """The Kennel on the board, the Shovel held, the marker in a Dovecote at Rank 4 with a
    dirt pile and a padlock on its east door (test set-up)."""
    rules = load_rules(**variants)
    day = new_day(rules, campaign=KENNEL)
    board = dict(day.board)
    for rank in (2, 3):
        board[(rank, 3)] = Tile("Spare Room", (rank, 3), 0, frozenset({N, S}))
    board[(1, 2)] = Tile("Kennel", (1, 2), 1, frozenset({E, W}))
    board[(4, 3)] = Tile("Dovecote", (4, 3), 0, frozenset({S, E}))
    state = replace(day, board=MappingProxyType(board), position=(4, 3),
                    dirt=MappingProxyType({(4, 3): 1}),
                    padlocks=frozenset({edge((4, 3), E)}))
    return holding(state, "Shovel")


@pytest.mark.rule("Kennel", "passive")
def test_kennel_dig_unlocks_the_room_and_keeps_its_doors_unlocked():
    state = kennel_dig()
    assert "draft east from Dovecote (4, 3)" not in names(state)  # padlocked, nothing to pay
    dug = go(state, "dig a dirt pile", "settle")
    assert not dug.padlocks
    assert go(dug, "draft east").pending[0].name == "draw_tile"  # no lock roll any more
    only = go(kennel_dig(kennel_unlock_scope="padlocks_only"), "dig a dirt pile", "settle")
    assert not only.padlocks
    assert go(only, "draft east").pending[0].name == "lock_roll"


@pytest.mark.rule("Dovecote", "passive")
def test_dovecote_lets_the_other_drawn_tiles_turn():
    state = go(fresh(Campaign(unlocked=("Dovecote",))), "draft north", "tile drawn: Den",
               "tile drawn: Dovecote", "tile drawn: Nook")
    takes = {}
    for a in state.legal_actions():
        if isinstance(a, Take):
            takes.setdefault(a.room, set()).add(a.rotation)
    assert takes["Den"] == {0, 1, 3} and takes["Nook"] == {0, 1}
    assert takes["Dovecote"] == {None}  # its own orientation stays as drawn
    plain = go(fresh(), "draft north", "tile drawn: Den", "tile drawn: Nook",
               "tile drawn: Closet")
    assert {a.rotation for a in plain.legal_actions() if isinstance(a, Take)} == {None}


CLOCK = Campaign(unlocked=("Clock Tower",))


@pytest.mark.rule("Clock Tower", "draft", "passive")
def test_clock_tower_counts_tomorrow_rooms_drafted_after_it():
    state = draft(rich(fresh(CLOCK), gems=5), "west", "Freezer")
    state = draft(state, "north", "Clock Tower")
    assert state.carry["clock_tower"] == 1  # itself; the Freezer came before (after_only)
    state = draft(state, "east", "Coat Check")
    assert state.carry["clock_tower"] == 2
    whole = draft(draft(rich(fresh(CLOCK, clock_tower_count="whole_day"), gems=5), "west",
                        "Freezer"), "north", "Clock Tower")
    assert whole.carry["clock_tower"] == 2


def test_master_bedroom_is_no_tomorrow_room_by_default():
    from manorkit.blueprince.engine.rooms.studio import is_tomorrow_room
    assert not is_tomorrow_room(RULES, "Master Bedroom")
    assert is_tomorrow_room(load_rules(master_bedroom_tomorrow="tomorrow_table"),
                            "Master Bedroom")
    assert all(is_tomorrow_room(RULES, r) for r in ("Freezer", "Coat Check", "Sauna",
                                                     "Morning Room", "Planetarium",
                                                     "Clock Tower"))


# -- §6, §17 Vestibule ----------------------------------------------------------------------

VESTIBULE = Campaign(unlocked=("Vestibule",))


def column(rank: int, campaign=VESTIBULE, col: int = 3, **variants) -> State:
    """Spare Rooms up Column ``col`` from the Entrance Hall to ``rank`` - 1, the marker at the
    top (test set-up), ready to draft north into ``rank``."""
    day = new_day(load_rules(**variants), campaign=campaign)
    board = dict(day.board)
    for r in range(2, rank):
        board[(r, col)] = Tile("Spare Room", (r, col), 0, frozenset({N, S}))
    return replace(day, board=MappingProxyType(board), position=(rank - 1, col))


def vestibule(rank: int, **variants) -> State:
    state = column(rank, **variants)
    return draft(rich(state, gems=2), "north", "Vestibule", slot=1)


@pytest.mark.rule("Vestibule", "draft", "lock")
def test_vestibule_locks_exactly_one_door():
    state = vestibule(5)
    assert outcomes(state) == {d: Fraction(1, 4) for d in "NESW"}
    locked = go(state, "Vestibule locked door: E")
    assert locked.padlocks == {edge((5, 3), E)}
    inside = enter(go(state, "Vestibule locked door: N"), "Vestibule")
    assert "draft north from Vestibule (5, 3)" not in names(inside)  # padlocked, no keys
    assert go(inside, "draft east").pending[0].name == "draw_tile"  # the others never lock
    back = go(state, "Vestibule locked door: S")
    assert back.routes()[(5, 3)][0] == 1  # all_four: the door it came in by can be the one
    assert not [n for n in names(back) if n.startswith("move to Vestibule")]  # no key held


def test_vestibule_other_three_and_low_ranks():
    three = vestibule(5, vestibule_entry_door="other_three")
    assert outcomes(three) == {d: Fraction(1, 3) for d in "NEW"}
    low = vestibule(2)
    assert outcomes(low) == {d: Fraction(1, 4) for d in "NESW"}  # room_rule
    never = vestibule(2, special_locks_low_ranks="never_locked")
    assert not never.is_chance and not never.padlocks


def test_the_foyer_unlocks_a_vestibule_on_placement():
    state = column(4)
    board = dict(state.board)
    board[(1, 4)] = Tile("Foyer", (1, 4), 1, frozenset({E, W}))
    state = replace(state, board=MappingProxyType(board))
    done = draft(rich(state, gems=2), "north", "Vestibule")
    assert not done.is_chance and not done.padlocks


VARIANTS = [dict(numbered_lock_die=n, vestibule_entry_door=v, special_locks_low_ranks=s)
            for n in ("d6", "faces") for v in ("all_four", "other_three")
            for s in ("room_rule", "never_locked")]


@pytest.mark.parametrize("variants", VARIANTS, ids=lambda v: "-".join(v.values()))
@pytest.mark.parametrize("rank", [2, 4, 5, 8])
def test_vestibule_roll_agrees_with_the_lock_calculator(variants, rank):
    from manorkit.blueprince import odds
    state = vestibule(rank, **variants)
    want = odds.vestibule(rank, entry="S", rules=state.rules)
    if want == want.constant(None):
        assert not state.is_chance and not state.padlocks
        return
    assert outcomes(state) == {d: p for d, p in want.pmf.items() if p}


def simulate_vestibule(faces: list, doors: str, rolls: int, seed: int) -> dict:
    """The physical rule, independently: every door rolls, the tied lowest re-roll until one
    is uniquely lowest (§6 Special Lock Rules)."""
    import random
    rng = random.Random(seed)
    counts = dict.fromkeys(doors, 0)
    for _ in range(rolls):
        tied = list(doors)
        while len(tied) > 1:
            roll = {d: rng.choice(faces) for d in tied}
            low = min(roll.values())
            tied = [d for d in tied if roll[d] == low]
        counts[tied[0]] += 1
    return counts


@pytest.mark.parametrize("die, order", [("d6", {str(n): n for n in range(1, 7)}),
                                        ("lock_red", {"LOCKED": 0, "OPEN": 1}),
                                        ("lock_white", {"LOCKED": 0, "OPEN": 1})])
def test_vestibule_roll_agrees_with_a_simulation_of_the_re_roll_rule(die, order):
    faces = [order[f] for f, n in RULES.die_faces(die).items() for _ in range(n)]
    rolls = 20_000
    for sides in ("NESW", "NEW"):
        counts = simulate_vestibule(faces, sides, rolls, seed=46)
        p = Fraction(1, len(sides))  # the engine's chance of each door
        sigma = (rolls * p * (1 - p)) ** 0.5
        for door, n in counts.items():
            assert abs(n - rolls * p) < 4 * sigma, (die, door, n)  # a 4σ bound


# -- §6, §16 Hallways and the Foyer --------------------------------------------------------

def hall_at(room: str, cell, **variants) -> State:
    day = new_day(load_rules(**variants))
    shape = day.rules.room(room)["shape"]
    board = dict(day.board)
    board[cell] = Tile(room, cell, 0, doors(shape, 0))
    return replace(day, board=MappingProxyType(board), position=cell)


#: Rooms with a lock rule of their own (rooms.csv ``lock``) and the die a door of theirs
#: rolls at a cell, beside plain rooms (§6 Special Lock Rules, §16).
OWN_LOCKS = [
    ("Hallway", (6, 3), None), ("Corridor", (8, 2), None), ("West Wing Hall", (8, 1), None),
    ("East Wing Hall", (7, 5), None), ("Passageway", (5, 3), "lock_blue"),
    ("Great Hall", (2, 3), "lock_red"), ("Great Hall", (5, 3), "lock_red"),
    ("Secret Passage", (4, 3), "lock_white"), ("Foyer", (6, 3), None),
    ("Courtyard", (7, 3), None), ("Weight Room", (2, 3), "lock_red"),
    ("Gymnasium", (5, 3), "lock_red")]


@pytest.mark.rule(("Hallway", "Corridor", "West Wing Hall", "East Wing Hall", "Great Hall",
                   "Foyer", "Courtyard", "Weight Room", "Gymnasium"), "lock")
@pytest.mark.parametrize("room, cell, die", OWN_LOCKS)
def test_hallway_lock_dice(room, cell, die):
    state = hall_at(room, cell)
    state = state.apply(next(a for a in state.legal_actions() if str(a).startswith("draft")))
    rolled = state.pending[0].die if state.pending[0].name == "lock_roll" else None
    assert rolled == die


def test_hallway_variants():
    assert go(hall_at("Hallway", (6, 3), hallway_locks="section6_only"),
              "draft north").pending[0].die == "lock_blue"
    assert go(hall_at("Great Hall", (2, 3), special_locks_low_ranks="never_locked"),
              "draft north").pending[0].name == "draw_tile"


def foyer_board(**variants) -> State:
    """A Passageway at (5, 3) with a padlock on its east door and a Den at (5, 2) with one on
    its north door; the marker at the Entrance Hall."""
    state = hall_at("Passageway", (5, 3), **variants)
    board = dict(state.board)
    board[(5, 2)] = Tile("Den", (5, 2), 2, frozenset({N, E, W}))
    return replace(state, board=MappingProxyType(board), position=(1, 3),
                   padlocks=frozenset({edge((5, 3), E), edge((5, 2), N)}))


@pytest.mark.rule("Foyer", "draft", "passive")
def test_foyer_removes_hallway_padlocks_and_unlocks_later_hallways():
    state = draft(foyer_board(), "north", "Foyer")
    assert state.padlocks == {edge((5, 2), N)}  # the Den is no Hallway
    at = replace(state, position=(5, 3))
    assert go(at, "draft north").pending[0].name == "draw_tile"  # no roll from a Hallway
    den = replace(state, position=(5, 2))
    assert go(den, "draft west").pending[0].name == "lock_roll"
    section6 = draft(foyer_board(hallway_locks="section6_only"), "north", "Foyer")
    hall = hall_at("Hallway", (6, 3), hallway_locks="section6_only")
    hall = replace(hall, board=MappingProxyType({**hall.board, (2, 3): section6.board[(2, 3)]}))
    assert go(hall, "draft north").pending[0].name == "draw_tile"


def test_a_hallway_drafted_after_the_foyer_loses_padlocks_on_its_doors():
    state = rich(draft(fresh(), "west", "Foyer"), gems=2)  # (1, 2)
    den = Tile("Den", (2, 2), 2, frozenset({N, E, W}))
    state = replace(state, board=MappingProxyType({**state.board, (2, 2): den}),
                    padlocks=frozenset({edge((2, 2), E), edge((1, 4), N)}))
    state = draft(state, "north", "Hallway")  # (2, 3): no door toward the Den
    assert state.padlocks == {edge((2, 2), E), edge((1, 4), N)}
    state = draft(state, "east", "Passageway")  # (1, 4): a Hallway with a north door
    assert state.padlocks == {edge((2, 2), E)}


# -- §16 Secret Passage --------------------------------------------------------------------

def passage(**variants) -> State:
    """The Secret Passage drafted north of the Entrance Hall and entered, among a Bedroom
    (1, 2), a Bunk Room (1, 4), Green Rooms (3, 2) and (3, 3), a Hallway (2, 4) and the
    Kitchen (2, 1), placed by hand (test set-up)."""
    day = fresh(**variants)
    extra = {(1, 2): ("Bedroom", {E}), (1, 4): ("Bunk Room", {W}), (3, 2): ("Patio", {E, S}),
             (3, 3): ("Courtyard", {S, W}), (2, 4): ("Hallway", {N, S}),
             (2, 1): ("Kitchen", {N})}
    board = {**day.board, **{c: Tile(r, c, 0, frozenset(d)) for c, (r, d) in extra.items()}}
    state = replace(day, board=MappingProxyType(board),
                    padlocks=frozenset({edge((3, 3), N)}))
    state = rich(state, gems=1)
    return enter(draft(state, "north", "Secret Passage"), "Secret Passage")


@pytest.mark.rule("Secret Passage", "enter", "actions")
def test_secret_passage_books_and_routes():
    state = passage()
    assert {f"book: {b}" for b in RULES.rows("tables/secret_passage_books.csv")} <= \
        set(names(state))
    holly = go(state, "book: The Halls of Holly")
    assert not holly.padlocks and not [n for n in names(holly) if n.startswith("book")]
    assert [n for n in names(holly) if n.startswith("secret route")] == \
        ["secret route: (2, 4)"]
    steps = holly.resources["steps"]
    there = go(holly, "secret route: (2, 4)")
    assert there.position == (2, 4) and there.resources["steps"] == steps - 2
    green = go(state, "book: Green Thumb")
    assert green.dirt == {(3, 2): 1, (3, 3): 1}
    assert {n for n in names(green) if n.startswith("secret route")} == {
        "secret route: (3, 2)", "secret route: (3, 3)"}
    bed = go(state, "book: The Key to the Bedroom")
    assert bed.resources["steps"] == state.resources["steps"] + 3 * 4  # Bunk Room counts 2
    mask = go(holding(state, "Sleeping Mask"), "book: The Key to the Bedroom")
    assert mask.resources["steps"] == state.resources["steps"] + 3 * 4 + 5
    gold = go(state, "book: Goldsink")
    assert [n for n in names(gold) if n.startswith("secret route")] == ["secret route: (2, 1)"]


def test_red_rover_moves_one_rank_for_five_steps():
    state = passage()
    rover = go(state, "book: Red Rover")
    assert rover.resources["steps"] == state.resources["steps"] - 5
    targets = {n for n in names(rover) if n.startswith("secret route")}
    assert targets == {f"secret route: {c}" for c in [(1, 2), (1, 3), (1, 4), (3, 2), (3, 3)]}
    moved = go(rover, "secret route: (3, 3)")
    assert moved.position == (3, 3) and moved.resources["steps"] == rover.resources["steps"]



@pytest.mark.rule("Secret Passage", "actions")
def test_red_rover_is_the_only_way_on():
    """§16 Secret Passage: "The secret route is optional on every book except Red Rover, which
    provides its own movement effect instead": once read, its move is the only continuation
    (the day may still end, §4 Action E); no draft, no ordinary move, no other book."""
    rover = go(passage(), "book: Red Rover")
    routes = [f"secret route: {c}" for c in [(1, 2), (1, 3), (1, 4), (3, 2), (3, 3)]]
    assert names(rover) == [*routes, "end the day"]
    moved = go(rover, "secret route: (1, 2)", "settle")
    assert moved.position == (1, 2) and "secret route: (1, 4)" not in names(moved)
    assert any(n.startswith("move to") for n in names(moved))

def test_running_shoes_held_make_the_passage_cheaper():
    state = holding(passage(running_shoes="held"), "Running Shoes")
    rover = go(state, "book: Red Rover")
    assert rover.resources["steps"] == state.resources["steps"]
    holly = go(state, "book: The Halls of Holly", "secret route: (2, 4)")
    assert holly.resources["steps"] == state.resources["steps"] - 1


@pytest.mark.rule("Secret Passage", "passive")
def test_secret_passage_once_per_run_and_drafting_instead():
    state = go(passage(secret_passage_books="once_per_run"), "book: Goldsink")
    again = enter(enter(state, "Entrance Hall"), "Secret Passage")
    assert not [n for n in names(again) if n.startswith(("book", "secret route"))]
    every = enter(enter(go(passage(), "book: Goldsink"), "Entrance Hall"), "Secret Passage")
    assert "book: Goldsink" in names(every)
    plain = rich(fresh(), gems=1)
    plain = enter(draft(plain, "north", "Secret Passage"), "Secret Passage")
    chose = go(plain, "book: The Halls of Holly")
    assert chose.flags["secret_route"] == "The Halls of Holly"
    drafted = draft(chose, "north", "Den", orient=0)
    assert drafted.flags["secret_route"] is None  # route or draft (§16)


# -- §9 The Tunnel ---------------------------------------------------------------------------

TUNNEL = Campaign(found=("Tunnel",))


def tunnel(**variants) -> State:
    """The Active Bag's Tunnel drafted north of the Entrance Hall and entered."""
    return enter(draft(rich(fresh(TUNNEL, **variants), ivory_dice=1), "north", "Tunnel"),
                 "Tunnel")


@pytest.mark.rule("Tunnel", "draft", "enter")
def test_entering_the_bag_tunnel_takes_out_the_sleeve_and_chains():
    state = tunnel()
    assert state.flags["sleeve"] == 8 and state.dirt[(2, 3)] == 2
    chain = go(state, "draft north")
    assert chain.drafting.hand == ("Tunnel",) and chain.drafting.sleeve
    chain = go(chain, "tile drawn: Den", "tile drawn: Nook")
    assert not chain.is_chance and len(chain.drafting.hand) == 3  # 2 from the bag
    placed = go(chain, "take Slot 1: Tunnel")
    assert placed.flags["sleeve"] == 7 and placed.board[(3, 3)].room == "Tunnel"
    assert placed.bag["Den"] == 1 and placed.bag["Nook"] == 1 and "Tunnel" not in placed.bag
    inside = enter(placed, "Tunnel (3, 3)")
    assert inside.flags["sleeve"] == 7  # a sleeve Tunnel does not bring out a new sleeve
    other = go(chain, "take Slot 2: Den", "settle")
    assert other.flags["sleeve"] == 8 and other.bag["Nook"] == 1 and "Den" not in other.bag


def test_a_redraw_breaks_the_tunnel_chain():
    state = go(tunnel(), "draft north", "tile drawn: Den", "tile drawn: Nook",
               "redraw with an Ivory Die")
    assert state.drafting.hand == () and not state.drafting.sleeve
    state = go(state, "tile drawn: Closet", "tile drawn: Attic", "tile drawn: Vault")
    assert state.drafting.hand == ("Closet", "Attic", "Vault") and not state.is_chance


@pytest.mark.parametrize("reading, size", [("normal_draw", 3), ("two_tiles", 2)])
def test_tunnel_sleeve_empty(reading, size):
    from manorkit.blueprince import odds
    state = tunnel(tunnel_sleeve_empty=reading)
    state = replace(state, flags=MappingProxyType({**state.flags, "sleeve": 0}))
    state = go(state, "draft north")
    drawn = 0
    while state.is_chance:
        state = go(state, f"tile drawn: {['Den', 'Nook', 'Closet'][drawn]}")
        drawn += 1
    assert drawn == size and not state.drafting.sleeve
    assert odds.draw_plan("Tunnel", sleeve=0, rules=state.rules).first == size
    redrawn = go(state, "redraw with an Ivory Die", "tile drawn: Attic", "tile drawn: Vault")
    assert redrawn.is_chance  # a redraw draws the usual 3


def test_tunnel_is_a_hallway_for_the_foyer_and_its_cost_variant():
    rank5 = column(5, TUNNEL)
    board = {**rank5.board, (5, 3): Tile("Tunnel", (5, 3), 0, frozenset({N, S}))}
    at = replace(rank5, board=MappingProxyType(board), position=(5, 3))
    assert go(at, "draft north").pending[0].die == "lock_blue"
    foyer = {**board, (1, 4): Tile("Foyer", (1, 4), 1, frozenset({E, W}))}
    assert go(replace(at, board=MappingProxyType(foyer)), "draft north").pending[0].name == \
        "draw_tile"
    assert RULES.room("Tunnel")["gem_cost"] == 0
    assert load_rules(tunnel_cost="terrace_note").room("Tunnel")["gem_cost"] == 1
    east = go(fresh(TUNNEL), "draft east", "tile drawn: Tunnel", "tile drawn: Den",
              "tile drawn: Nook")
    assert "Tunnel" not in {a.room for a in east.legal_actions() if isinstance(a, Take)}


# -- §5 The Planetarium, §3 The Foundation, §13 the east lever ------------------------------

PLANETARIUM = Campaign(found=("Planetarium",))


@pytest.mark.rule("Planetarium", "end of day")
def test_planetarium_end_of_day_gives_an_observatory_roll():
    state = enter(draft(fresh(PLANETARIUM), "west", "Planetarium"), "Planetarium")
    assert go(state, "end the day").carry["observatory_rolls"] == 1
    assert "observatory_rolls" not in go(enter(state, "Entrance Hall"), "end the day").carry
    tired = enter(rich(draft(fresh(PLANETARIUM), "west", "Planetarium"), steps=1),
                  "Planetarium")
    assert tired.over == "out of steps" and "observatory_rolls" not in tired.carry
    strict = enter(draft(fresh(PLANETARIUM, planetarium_condition="observatory_required"),
                         "west", "Planetarium"), "Planetarium")
    assert "observatory_rolls" not in go(strict, "end the day").carry
    seen = replace(strict, board=MappingProxyType({**strict.board, (2, 3): Tile(
        "Observatory", (2, 3), 0, frozenset({S, E}))}))
    assert go(seen, "end the day").carry["observatory_rolls"] == 1


@pytest.mark.rule("The Foundation", "draft")
def test_the_foundation_becomes_permanent_where_first_drafted():
    state = fresh()
    assert state.bag["The Foundation"] == 1
    north = go(state, "draft north", "tile drawn: The Foundation", "tile drawn: Den",
               "tile drawn: Nook")
    assert "The Foundation" not in {a.room for a in north.legal_actions()
                                    if isinstance(a, Take)}  # never at Rank 2 (§3)
    state = draft(state, "west", "The Foundation", orient=2)
    assert state.carry["foundation"] == [1, 2] and state.dirt[(1, 2)] == 2
    later = fresh(Campaign(foundation=(1, 2)))
    assert later.board[(1, 2)].room == "The Foundation" and "The Foundation" not in later.bag
    assert "foundation" not in draft(fresh(Campaign(foundation=(1, 2))), "east", "Den").carry
    assert "The Foundation" not in fresh(foundation_in_bag="held_out").bag
    assert len(RULES.cells("The Foundation")) == 21
    seventeen = load_rules(foundation_positions="seventeen")
    assert len(seventeen.cells("The Foundation")) == 17 and (1, 2) not in \
        seventeen.cells("The Foundation")
    with pytest.raises(IllegalAction):
        fresh(Campaign(foundation=(2, 3)))


def lever_board(**variants) -> State:
    """Spare Rooms up Column 4 to (8, 4), a Spare Room (9, 4) opening west onto the
    Antechamber, and a Master Bedroom at (1, 5) east of one at (1, 4) (test set-up)."""
    day = fresh(**variants)
    board = dict(day.board)
    for rank in range(1, 9):
        board[(rank, 4)] = Tile("Spare Room", (rank, 4), 0, frozenset({N, S}))
    board[(1, 4)] = Tile("Den", (1, 4), 0, frozenset({N, E, W}))
    board[(9, 4)] = Tile("Nook", (9, 4), 1, frozenset({S, W}))
    board[(1, 5)] = Tile("Master Bedroom", (1, 5), 1, frozenset({W}))
    return replace(day, board=MappingProxyType(board))


@pytest.mark.rule("Antechamber", "passive")
def test_east_lever_placeholder_room():
    shut = enter(lever_board(), "Master Bedroom")
    assert "levers" not in shut.flags and (9, 3) not in shut.routes()
    pulled = enter(lever_board(east_lever="placeholder_room"), "Master Bedroom")
    assert pulled.flags["levers"] == ("east",) and (9, 3) in pulled.routes()
    won = go(pulled, "settle", "move to Antechamber")
    assert won.won and won.carry["won"] is True
    assert RULES.rows("tables/east_lever.csv")["east"]["source"] == "placeholder"


def test_wine_cellar_dig_spot_variant():
    state = draft(fresh(), "west", "Wine Cellar")
    assert state.dirt[(1, 2)] == 2 and not state.is_chance
    rolled = go(fresh(wine_cellar_dirt="die_open"), "draft west", "tile drawn: Wine Cellar",
                "tile drawn: Den", "tile drawn: Nook", "take Slot 1: Wine Cellar")
    assert outcomes(rolled) == {"OPEN": Fraction(2, 3), "LOCKED": Fraction(1, 3)}
    assert go(rolled, "Wine Cellar dig spot roll: OPEN").dirt == {(1, 2): 1}
    assert not go(rolled, "Wine Cellar dig spot roll: LOCKED").dirt
    assert enter(go(rolled, "settle"), "Wine Cellar").resources["gems"] == 3


def test_a_padlock_stops_a_tunnel_chain_draft_until_paid():
    state = column(4, TUNNEL)
    tunnel_tile = Tile("Tunnel", (4, 3), 0, frozenset({N, S}))
    state = replace(state, board=MappingProxyType({**state.board, (4, 3): tunnel_tile}),
                    position=(4, 3), flags=MappingProxyType({"sleeve": 5}))
    locked = go(rich(state, keys=1), "draft north", "lock roll: LOCKED")
    assert names(locked) == ["spend a Key", "turn back"]  # before any tile is drawn (§4)
    back = go(locked, "turn back")
    assert back.drafting is None and back.padlocks == {edge((4, 3), N)}
    paid = go(locked, "spend a Key", "tile drawn: Den", "tile drawn: Nook")
    assert paid.drafting.hand == ("Tunnel", "Den", "Nook") and not paid.padlocks


@pytest.mark.rule("Entrance Hall", "passive")
def test_random_spawn_deck_special_possible_in_blue_rooms():
    plain = enter(draft(fresh(), "west", "Spare Room", ("Den", "Nook")), "Spare Room")
    assert not plain.is_chance
    spare = enter(draft(fresh(random_spawn_deck="special_possible"), "west", "Spare Room",
                        ("Den", "Nook")), "Spare Room")
    assert spare.pending[0].name == "spawn" and spare.pending[0].die == "d6"
    hit = go(spare, "spawn roll: 6")
    assert [p.deck for p in hit.pending] == ["special_items"]
    assert not go(spare, "spawn roll: 5").is_chance
    again = enter(enter(go(spare, "spawn roll: 5"), "Entrance Hall"), "Spare Room")
    assert not again.is_chance  # first entry per run only
    closet = enter(draft(fresh(random_spawn_deck="special_possible"), "west", "Closet"),
                   "Closet")
    assert [p.name for p in closet.pending] == ["card", "card"]  # it has its listed draws
    found = enter(draft(fresh(random_spawn_deck="special_possible"), "west", "The Foundation",
                        orient=2), "The Foundation")
    assert found.pending[0].name == "spawn"


def test_library_and_tunnel_variants_in_the_draw_size_and_lock_rules():
    from manorkit.blueprince.mechanics import door_die, draw_size
    assert draw_size(RULES, "Library", {"Solarium"}) == 5
    assert draw_size(load_rules(library_solarium="green_doors_only"), "Library",
                     {"Solarium"}) == 4
    green = load_rules(tunnel_colour="also_green")
    assert draw_size(green, "Tunnel", {"Solarium"}) == 4 and draw_size(RULES, "Tunnel",
                                                                       {"Solarium"}) == 3
    assert door_die(green, "Tunnel", (5, 3), (6, 3), {"Foyer"}) is None  # still a Hallway
    assert door_die(green, "Tunnel", (5, 3), (6, 3), ()) == "lock_blue"


def test_player_choice_orientation_turns_the_dovecote_too():
    state = go(fresh(Campaign(unlocked=("Dovecote",)), tile_orientation="player_choice"),
               "draft north", "tile drawn: Den", "tile drawn: Dovecote", "tile drawn: Nook")
    turns = {a.rotation for a in state.legal_actions()
             if isinstance(a, Take) and a.room == "Dovecote"}
    assert turns == {0, 1}


@pytest.mark.parametrize("variants, held", [({}, ()), ({}, ("Sleeping Mask",)),
                                            ({"running_shoes": "held"}, ("Running Shoes",)),
                                            ({"tunnel_colour": "also_green"}, ())])
def test_secret_passage_books_agree_with_the_room_table_calculator(variants, held):
    from manorkit.blueprince import odds
    state = holding(passage(**variants), *held)
    tunnel_tile = Tile("Tunnel", (3, 4), 0, frozenset({N, S}))
    state = replace(state, board=MappingProxyType({**state.board, (3, 4): tunnel_tile}))
    rules = state.rules
    board = sorted(t.room for t in state.board.values())
    for book in rules.rows("tables/secret_passage_books.csv"):
        want = odds.secret_passage(book, board, held, rules=rules)
        after = go(state, f"book: {book}")
        assert after.resources["steps"] - state.resources["steps"] == want.steps, book
        assert sum(after.dirt.values()) - sum(state.dirt.values()) == want.dig_spots, book
        routes = [a for a in after.legal_actions() if str(a).startswith("secret route")]
        if not rules.rows("tables/secret_passage_books.csv")[book]["route"]:
            continue  # Red Rover: no passage route, its own 1-rank move instead
        assert sorted(after.board[a.target].room for a in routes) == sorted(want.routes), book
        if routes:
            moved = after.apply(routes[0])
            assert moved.steps_spent - after.steps_spent == want.route_steps, book


def test_package_and_car_trunk_draws_agree_with_the_deck_calculator():
    from manorkit.blueprince.odds.decks import deck_at_least
    deliver = draft(fresh(Campaign(package=True)), "west", "Mail Room")
    want = {c: deck_at_least("special_items", c, 1) for c in RULES.deck("special_items").index}
    assert outcomes(deliver) == want
    trunk = go(enter(garage_at(), "Garage"), "car trunk")
    assert outcomes(trunk) == {c: deck_at_least("trunk", c, 1) for c in RULES.deck("trunk").index}


@pytest.mark.parametrize("name", ["blue_tomorrow_rooms", "blue_tunnel_chain",
                                  "blue_studio_additions"])
def test_blue_golden_days_save_and_replay(name):
    from .golden.days_blue import SCRIPTS
    from .golden.play import play
    state = play(SCRIPTS[name])
    again = State.from_json(state.to_json())
    assert again == state and again.campaign == state.campaign
