"""Red Rooms (§16 Furnace, Chapel, Archives, Lavatory, Gymnasium, Weight Room; §5 Darkroom,
Lost and Found; §19 Shelter tokens): one scenario per room and each variant reading."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from manorkit.blueprince.engine import Campaign, GiveUp, Redraw, Take
from manorkit.blueprince.engine.drafting import redraws
from manorkit.blueprince.engine.state import freeze

from .test_rooms_bedrooms import cell_of, day, draft, edit, go, said, steps

L_AND_F = Campaign(found=("Lost & Found",))


def hand(*tiles: str) -> tuple[str, ...]:
    return tuple(f"tile drawn: {t}" for t in tiles)


# -- Furnace (drafting.py) ------------------------------------------------------------------------

def _furnace_draw(*tiles, ivory=1, **variants):
    s = day(*draft("north", "Furnace"), **variants)
    s = edit(s, resources={"ivory_dice": ivory})
    return go(s, "draft east", *hand(*tiles))


@pytest.mark.rule("Furnace", "passive")
def test_furnace_blocks_free_redraws_when_a_red_room_is_drawn():
    s = _furnace_draw("Chapel", "Spare Room", "Storeroom")
    assert Redraw("ivory_dice") not in s.legal_actions()
    s = _furnace_draw("Den", "Spare Room", "Storeroom")
    assert Redraw("ivory_dice") in s.legal_actions()
    s = _furnace_draw("Maid's Chamber", "Spare Room", "Storeroom")  # red and purple
    assert Redraw("ivory_dice") not in s.legal_actions()


@pytest.mark.parametrize("reading, silver", [("listed", True), ("all_non_gem", False)])
def test_furnace_blocked_redraws(reading, silver):
    s = _furnace_draw("Chapel", "Spare Room", "Storeroom", furnace_blocked_redraws=reading)
    d = s.drafting
    s = replace(s, drafting=replace(d, free_redraws=("silver_key", "drawing_room"), study=True),
                resources={**s.resources, "gems": 1})
    got = redraws(s)
    # the blocked free redraw is "unavailable", so the Study's gem redraw may follow (§16)
    assert "drawing_room" not in got and "ivory_dice" not in got and "study" in got
    assert ("silver_key" in got) is silver
    s = replace(s, drafting=replace(s.drafting, free_redraws=()))
    assert redraws(s) == ["study"]  # gem redraws still work


@pytest.mark.rule("GiveUp", "action")
@pytest.mark.parametrize("reading", ["no_pass", "may_pass"])
def test_furnace_pass(reading):
    s = _furnace_draw("Chapel", "Spare Room", "Storeroom", furnace_pass=reading)
    assert (GiveUp() in s.legal_actions()) is (reading == "may_pass")
    s = _furnace_draw("Den", "Spare Room", "Storeroom", furnace_pass=reading)
    assert GiveUp() not in s.legal_actions()
    if reading == "may_pass":
        s = go(_furnace_draw("Chapel", "Spare Room", "Storeroom", furnace_pass=reading),
               "return the tiles to the bag")
        assert s.drafting is None and "Chapel" in s.bag


# -- Chapel, Gymnasium, Lavatory (data) -------------------------------------------------------

@pytest.mark.rule("Chapel", "enter")
def test_chapel_takes_a_coin_every_entry_without_debt():
    s = day(*draft("north", "Chapel"), "settle", "move to Chapel")
    assert s.resources["coins"] == 4
    s = go(s, "move to Entrance Hall", "move to Chapel")
    assert s.resources["coins"] == 3
    s = go(edit(s, resources={"coins": 0}), "move to Entrance Hall", "move to Chapel")
    assert s.resources["coins"] == 0


@pytest.mark.rule("Gymnasium", "enter", "lock")
def test_gymnasium_every_entry_and_its_red_doors():
    s = day(*draft("north", "Gymnasium"), "settle", "move to Gymnasium")
    assert steps(s) == 50 - 1 - 2
    s = go(s, "move to Entrance Hall", "move to Gymnasium")
    assert steps(s) == 47 - 2 - 2
    s = go(s, "draft north")
    assert s.pending[0].name == "lock_roll" and s.pending[0].die == "lock_red"


def test_lavatory_does_nothing():
    s = day(*draft("north", "Lavatory"), "move to Lavatory")
    assert steps(s) == 49 and not s.is_chance and not s.trunks


# -- Shelter tokens (§19) -------------------------------------------------------------------------

@pytest.mark.rule(("Gymnasium", "Chapel", "Lavatory"), "draft")
def test_shelter_tokens_on_red_rooms_negate_their_losses():
    s = edit(day(), flags={"shelter_tokens": 3})
    s = go(s, *draft("north", "Gymnasium"), "settle", *draft("east", "Chapel"), "settle",
           *draft("west", "Lavatory"))
    assert s.flags["shelter_tokens"] == 0
    assert s.flags["sheltered"] == ([2, 3], [1, 4], [1, 2])
    s = go(s, "move to Gymnasium", "move to Entrance Hall", "move to Chapel")
    assert steps(s) == 50 - 3 and s.resources["coins"] == 5



#: The Red Rooms among the Core Rooms, named (coverage() reads the names; the next test checks
#: them against rooms.csv).
RED = ("Archives", "Chapel", "Darkroom", "Furnace", "Gymnasium", "Lavatory", "Maid's Chamber",
       "Weight Room")


def test_the_red_rooms_are_those_of_the_data():
    assert RED == tuple(sorted(r for r, row in day().rules.rows("rooms.csv").items()
                               if "red" in row["colours"] and row["category"] == "core"))


@pytest.mark.rule(RED, "draft")
@pytest.mark.parametrize("room", RED)
def test_every_red_room_drafted_while_the_shelter_is_active_takes_a_token(room):
    """§19 Shelter: "When you draft any Red Room while Shelter is active, immediately place 1
    Shelter token on that room tile" (its draft effect; its own rules are the scenarios)."""
    s = edit(day(), flags={"shelter_tokens": 3})
    s = go(s, "draft north", *hand(room, "Spare Room", "Storeroom"), f"take Slot 1: {room}",
           "settle")
    assert s.flags["sheltered"] == ([2, 3],) and s.flags["shelter_tokens"] == 2

def test_a_fourth_red_room_gets_no_token():
    s = edit(day(), flags={"shelter_tokens": 1})
    s = go(s, *draft("north", "Lavatory"), *draft("east", "Chapel"), "settle",
           "move to Chapel")
    assert s.flags["sheltered"] == ([2, 3],) and s.resources["coins"] == 4


@pytest.mark.parametrize("reading, left", [("shelter_first", 50), ("entry_only", 25)])
def test_weight_room_and_the_shelter(reading, left):
    s = edit(day(weight_room_shelter=reading), flags={"shelter_tokens": 3})
    s = go(s, *draft("north", "Weight Room"), "settle")
    assert steps(s) == left and s.flags["shelter_tokens"] == 2


def test_maid_chamber_is_a_red_room_for_the_shelter():
    s = edit(day(), flags={"shelter_tokens": 3})
    s = go(s, *draft("north", "Maid's Chamber"), "settle")
    assert s.flags["sheltered"] == ([2, 3],) and s.flags["maid"]


# -- Weight Room ----------------------------------------------------------------------------------

@pytest.mark.rule("Weight Room", "draft")
@pytest.mark.parametrize("before, after", [(50, 25), (21, 11), (1, 1), (0, 0)])
def test_weight_room_takes_half_rounded_down(before, after):
    s = edit(day(), resources={"steps": before})
    s = go(s, *draft("north", "Weight Room"), "settle")
    assert steps(s) == after
    if after:
        assert steps(go(s, "move to Weight Room")) == after - 1  # no entry penalty


# -- Archives -----------------------------------------------------------------------------------

def _archives(tiles=("Den", "Nook", "Closet"), **variants):
    """The Archives drafted; then a draft east drawing ``tiles`` face-down, to be hidden."""
    s = day(*draft("north", "Archives"), **variants)
    return deal(go(s, "draft east"), tiles)


@pytest.mark.rule("Archives", "passive")
@pytest.mark.rule("Hide", "action")
def test_archives_hides_one_tile_which_can_be_taken_blind():
    s = _archives()
    assert [str(a) for a in s.legal_actions()] == [f"hide Slot {n} (Archives)" for n in (1, 2, 3)]
    assert s.drafting.hand == ("blank", "blank", "blank")  # three face-down backs
    s = deal(go(s, "hide Slot 2"), ("Den", "Nook", "Closet"))
    names = [str(a) for a in s.legal_actions()]
    assert "take Slot 2: ?" in names and not any("Nook" in n for n in names)
    s = go(s, "take Slot 2: ?")
    assert s.pending[0].label() == "tile revealed"  # decided only now, from the bag
    s = go(s, "tile revealed: Nook", "settle")
    assert s.board[(1, 4)].room == "Nook" and s.resources["gems"] == 0  # Nook is free
    assert s.bag.get("Nook", 0) == 0 and s.bag["Den"] == 1  # (the other two back in the bag)


def test_archives_hidden_cost_still_applies():
    s = deal(go(_archives(("Den", "Attic", "Closet")), "hide Slot 2"), ("Den", "Attic", "Closet"))
    assert s.drafting.hand[1] == "3 gems"  # its back, in sight
    assert Take(2, "") not in s.legal_actions()  # 3 gems, none held


@pytest.mark.parametrize("reading, phase", [("hide_once", "choose"),
                                             ("hide_every_draw", "hide")])
def test_archives_after_a_redraw(reading, phase):
    first = ("Den", "Nook", "Closet")
    s = edit(_archives(first, archives_redraws=reading), resources={"ivory_dice": 1})
    s = deal(go(s, "hide Slot 1"), first)
    s = deal(go(s, "redraw"), ("Spare Room", "Storeroom", "Parlor"))
    hides = [a for a in s.legal_actions() if str(a).startswith("hide")]
    assert bool(hides) is (phase == "hide")
    # the hidden Den, set aside unseen, was never taken from the bag: it returns with the rest
    done = go(deal(go(s, *(("hide Slot 3",) if hides else ())), ("Spare Room", "Storeroom",
                                                                  "Parlor")),
              "take Slot 1: Spare Room", "settle")
    assert done.bag["Den"] == 1 and done.bag["Nook"] == 1 and "Spare Room" not in done.bag


# -- Darkroom and Lost & Found ------------------------------------------------------------------

def _with_shovel(*more, campaign=None, **variants):
    return day(*draft("north", "Closet"), "move to Closet", "common_items card: Empty (no find)",
               "special_items card: Shovel", "move to Entrance Hall", *more,
               campaign=campaign, **variants)


def test_darkroom_empty_handed_finds_the_photo_and_the_lost_and_found():
    s = day(*draft("north", "Darkroom"), "settle", "move to Darkroom")
    assert "Photo" in s.items and not s.is_chance
    assert s.carry == {"found:Lost & Found": True} and "Lost & Found" not in s.bag
    assert said(s, "nothing is lost in the dark")


@pytest.mark.rule("Darkroom", "enter")
def test_darkroom_loses_a_random_item_into_the_lost_pile():
    s = _with_shovel(*draft("east", "Darkroom"), "settle", "move to Darkroom",
                     held_item_cards="in_hand")
    assert s.chance_outcomes() == [(s.chance_outcomes()[0][0], Fraction(1))]
    assert "Photo" not in s.items  # collected after the loss
    s = go(s, "lost in the dark: Shovel")
    assert s.items == {"Photo": 1} and s.flags["lost"] == (["Shovel", 1],)
    assert s.held_cards[("special_items", "Shovel")] == 1  # the card waits with the item
    s = go(s, "move to Entrance Hall", "move to Darkroom")
    assert s.items == {"Photo": 1} and not s.is_chance  # the stumble: first entry each run


def test_darkroom_every_entry_reading_and_equal_weights():
    s = _with_shovel(*draft("east", "Darkroom"), "settle", "move to Darkroom",
                     "lost in the dark: Shovel", "move to Entrance Hall",
                     *draft("west", "Walk-in Closet"), "move to Walk-in Closet",
                     "common_items card: Empty (no find)", "common_items card: Empty (no find)",
                     "special_items card: Sledgehammer",
                     "move to Entrance Hall", "move to Darkroom",
                     repeat_entry_rewards="every_entry")
    assert {c.value: p for c, p in s.chance_outcomes()} == {"Photo": Fraction(1, 2),
                                                            "Sledgehammer": Fraction(1, 2)}


def test_darkroom_tokens_reading_weighs_every_piece():
    s = _with_shovel(*draft("east", "Darkroom"), "settle", lost_item_tokens="tokens_too")
    s = go(edit(s, resources={"keys": 3, "coins": 0}), "move to Darkroom")
    assert {c.value: p for c, p in s.chance_outcomes()} == {"Shovel": Fraction(1, 4),
                                                            "keys": Fraction(3, 4)}
    s = go(s, "lost in the dark: keys")
    assert s.resources["keys"] == 2 and s.flags["lost"] == (["keys", 1],)
    # item cards only (default): no items, no penalty even with tokens held
    s = day(*draft("north", "Darkroom"), "settle")
    s = go(edit(s, resources={"keys": 3}), "move to Darkroom")
    assert not s.is_chance and s.resources["keys"] == 3


@pytest.mark.parametrize("reading, in_bag", [("next_run", False), ("same_run", True)])
def test_darkroom_lost_and_found_timing(reading, in_bag):
    s = day(*draft("north", "Darkroom"), "settle", "move to Darkroom",
            found_floorplan_timing=reading)
    assert ("Lost & Found" in s.bag) is in_bag
    s = day(*draft("north", "Darkroom"), "settle", "move to Darkroom", campaign=L_AND_F)
    assert s.carry == {} and s.bag["Lost & Found"] == 1


def test_sheltered_darkroom_loses_nothing():
    s = _with_shovel()
    s = go(edit(s, flags={"shelter_tokens": 1}), *draft("east", "Darkroom"), "settle",
           "move to Darkroom")
    assert set(s.items) == {"Shovel", "Photo"} and not s.is_chance


def _lost_shovel(**variants):
    """The Shovel lost in the Darkroom, the Photo held, the Lost & Found drafted."""
    return _with_shovel(*draft("east", "Darkroom"), "settle", "move to Darkroom",
                        "lost in the dark: Shovel", "move to Entrance Hall",
                        *draft("west", "Lost & Found"), "settle", campaign=L_AND_F, **variants)


@pytest.mark.rule("Lost & Found", "enter")
def test_lost_and_found_takes_first_then_gives():
    s = go(_lost_shovel(held_item_cards="in_hand"), "move to Lost & Found")
    assert [c.value for c, _ in s.chance_outcomes()] == ["Photo"]
    s = go(s, "taken by the Lost & Found: Photo")
    assert s.items == {"Shovel": 1} and s.flags["lost"] == ()
    assert s.decks["special_items"][1] == {}  # the Shovel's card stayed with it
    # every visit: the toll again, for nothing
    s = go(s, "move to Entrance Hall", "move to Lost & Found", "taken by the Lost & Found: Shovel")
    assert s.items == {} and said(s, "the toll was paid for nothing")
    assert s.decks["special_items"][1] == {"Shovel": 1}  # discarded


@pytest.mark.parametrize("reading, collected", [("no_collect", False), ("collect_free", True)])
def test_lost_and_found_empty_handed(reading, collected):
    s = _lost_shovel(lost_found_empty_hands=reading)
    s = go(replace(s, items=freeze({})), "move to Lost & Found")  # the Photo dropped
    assert not s.is_chance
    assert ("Shovel" in s.items) is collected


@pytest.mark.rule("Lost & Found", "draft")
def test_lost_and_found_tokens_reading_and_shelter():
    s = _lost_shovel(lost_item_tokens="tokens_too")
    s = go(edit(s, resources={"coins": 1}), "move to Lost & Found")
    assert {c.value: p for c, p in s.chance_outcomes()} == {"Photo": Fraction(1, 2),
                                                            "coins": Fraction(1, 2)}
    s = go(s, "taken by the Lost & Found: coins")
    assert s.resources["coins"] == 0 and set(s.items) == {"Photo", "Shovel"}
    # a sheltered Lost & Found takes nothing and still gives
    s = _with_shovel(*draft("east", "Darkroom"), "settle", "move to Darkroom",
                     "lost in the dark: Shovel", "move to Entrance Hall", campaign=L_AND_F)
    s = go(edit(s, flags={"shelter_tokens": 1}), *draft("west", "Lost & Found"), "settle",
           "move to Lost & Found")
    assert not s.is_chance and set(s.items) == {"Photo", "Shovel"}
    assert cell_of(s, "Lost & Found") == (1, 2)


def test_lost_pile_accepts_bare_item_names():
    """Another room (the Coat Check's bell, §18) may put a bare item name in the pile."""
    s = day(*draft("west", "Lost & Found"), "settle", campaign=L_AND_F,
            lost_found_empty_hands="collect_free")
    s = go(edit(s, flags={"lost": ("Lockpick Kit",)}), "move to Lost & Found")
    assert s.items == {"Lockpick Kit": 3} and s.flags["lost"] == ()


@pytest.mark.rule("Photo", "use")
@pytest.mark.rule("Magnifying Glass", "gate code")
def test_the_gate_code_is_offered_once_with_the_photo_and_the_glass():
    """§5 The Apple Orchard: holding the Photo and the Magnifying Glass offers the gate code
    once (legal actions are a set: two held items that enable it offer one action)."""
    s = day(*draft("north", "Darkroom"), "settle", "move to Darkroom")
    s = edit(s, items={"Magnifying Glass": 1})
    codes = [a for a in s.legal_actions() if str(a) == "gate code: 1128"]
    assert len(codes) == 1
    s = go(s, "gate code: 1128")
    assert s.carry["apple_orchard"] is True


# -- the Prism Key's red lite effect (§6 Special Keys) ------------------------------------------

def _prism_in_the_chapel():
    """The marker in a Chapel at (4, 3) (doors east, south, west) above two Hallways,
    holding the Prism Key; its east door drafted, rolled LOCKED and opened with the key."""
    from types import MappingProxyType

    from manorkit.blueprince.board import Tile, doors

    s = day()
    board = {**s.board, (2, 3): Tile("Hallway", (2, 3), 0, doors("straight", 0)),
             (3, 3): Tile("Hallway", (3, 3), 0, doors("straight", 0)),
             (4, 3): Tile("Chapel", (4, 3), 0, doors("T", 0))}
    s = replace(s, board=MappingProxyType(board), position=(4, 3))
    s = edit(s, items={"Prism Key": 2})
    return go(s, "draft east", "lock roll: LOCKED", "use a Prism Key")


@pytest.mark.rule("Prism Key", "unlock", "lite effect")
def test_the_prism_key_in_a_red_room_offers_a_free_move_one_rank():
    """§6 Special Keys, red lite effect: "Move room marker 1 rank up or down freely. No step
    cost. No lock check." Once the draft is done, a move to any room 1 rank up or down is
    offered for no step; it is gone after the next draft or move."""
    s = go(_prism_in_the_chapel(), *hand("Spare Room", "Den", "Nook"), "take Slot 1",
           "settle")
    assert s.board[(4, 4)].room == "Spare Room" and s.position == (4, 3)
    moves = [str(a) for a in s.legal_actions() if "prism" in str(a)]
    assert moves == ["prism key move: (3, 3)"]
    moved = go(s, "prism key move: (3, 3)")
    assert moved.position == (3, 3) and steps(moved) == steps(s)
    assert not [a for a in moved.legal_actions() if "prism" in str(a)]
    walked = go(s, "move to Spare Room")
    assert not [a for a in walked.legal_actions() if "prism" in str(a)]


# -- the Archives' face-down tile is nobody's to read (§16 Archives) ------------------------------

def deal(state, tiles, hide: int | None = None):
    """Draw the physical ``tiles`` into the slots as a player would: a face-down draw shows
    the back the tile has; hide Slot ``hide``; turn the others face up as they are."""
    from manorkit.blueprince.engine import Chance, Hide

    i = 0
    while True:
        if state.is_chance:
            label = state.pending[0].label()
            if label == "tile drawn":
                value = tiles[i]
            elif label == "tile back drawn":
                from manorkit.blueprince.mechanics.drafting import back_text

                value = back_text(state.rules, tiles[i])
            elif label == "tile revealed":
                value = tiles[state.pending[0].slot - 1]
            else:
                return state
            state = state.apply(Chance(value, label))
            i += label != "tile revealed"
        elif hide is not None and Hide(hide) in state.legal_actions():
            state, hide = state.apply(Hide(hide)), None
        else:
            return state


def public(state) -> dict:
    """Everything a player, a bot or the RunStepper reads of ``state``."""
    import json

    from manorkit.widgets import RunStepper

    stepper = RunStepper(state=state)
    return {"snapshot": state.snapshot(), "save": json.loads(state.to_json()),
            "log": state.log.to_dict("records"), "legal": state.legal_actions(),
            "labels": [str(a) for a in state.legal_actions()], "html": state._repr_html_(),
            "svg": state._repr_svg_(), "stepper": [stepper.phase.value, stepper.board.value,
                                                  stepper.events.value, sorted(stepper.buttons)]}


@pytest.mark.rule("Archives", "passive")
@pytest.mark.parametrize("hidden, swapped", [("Chapel", "Den"), ("Nook", "Lavatory")])
def test_the_archives_face_down_tile_can_be_swapped_unseen(hidden, swapped):
    """§16 Archives: "flip one of them face-down without looking ... you draft it blind";
    §2: its back (gem cost, category, placement note) stays in sight. Swapping the face-down
    tile for another with the same back changes nothing a player or a policy can read —
    the state, the save, the log, the legal actions and their labels (the Furnace's redraw
    rule looks at the tiles face up only), the pictures, the stepper — until it is taken."""
    from manorkit.blueprince.odds.drafting_board import back

    assert back(hidden) == back(swapped)
    s = day(*draft("north", "Furnace"), "settle", *draft("east", "Archives"), "settle")
    s = go(edit(s, resources={"ivory_dice": 1}), "draft west")
    seen = [public(deal(s, ("Spare Room", t, "Storeroom"), hide=2)) for t in (hidden, swapped)]
    assert seen[0] == seen[1]
    assert "redraw with an Ivory Die" in seen[0]["labels"]
    taken = deal(s, ("Spare Room", hidden, "Storeroom"), hide=2)
    taken = go(taken, "take Slot 2: ?")
    assert {c.value for c, _ in taken.chance_outcomes()} >= {hidden, swapped}


def test_rooms_that_share_a_back_fit_alike():
    """A face-down tile is offered, priced and fitted by its back (§2 Tile Back Markings:
    gem cost, category, placement note): the rooms showing one back share the gem cost and
    the note, and a note that turns doors (``facing``) belongs to rooms of one shape, so
    wherever one of them fits, all do."""
    from manorkit.blueprince.board import placements
    from manorkit.blueprince.mechanics.drafting import back_text, showing

    rules = day().rules
    for room in rules.rows("rooms.csv"):
        alike = showing(rules, back_text(rules, room))
        assert room in alike
        assert {rules.room(r)["gem_cost"] for r in alike} == {rules.room(room)["gem_cost"]}
        if rules.placement(room).facing:
            assert {rules.room(r)["shape"] for r in alike} == {rules.room(room)["shape"]}
        for origin, direction in (((2, 3), 0), ((4, 2), 3), ((5, 4), 1), ((6, 3), 2)):
            fits = {bool(placements(rules, r, origin, direction)) for r in alike}
            assert len(fits) == 1, (room, origin, direction)
