"""The worked examples of the Blueprints of Mad King Ludwig rulebook, each reproduced by the
game engine or its calculators (named by the section they illustrate). Where the example
rests on a picture the text does not give (a named Room's shape), the test builds a castle
with the same situation; where it cannot be reproduced, the test says why (a placeholder)."""

from dataclasses import replace

import pytest

from manorkit.ludwig import Castle, decrees_dealt, favor_scores, score_sheet, turn_order
from manorkit.ludwig.cards import Card
from manorkit.ludwig.castle import shape_of
from manorkit.ludwig.game import play
from manorkit.ludwig.game.actions import (
    Door,
    DrawBonus,
    EndTurn,
    ExtraTurn,
    Fill,
    Moat,
    Passage,
    Rearrange,
    Take,
)
from manorkit.ludwig.game.actions import (
    Sketch as SketchAction,
)
from manorkit.ludwig.game.final import measure, score
from manorkit.ludwig.game.sheet import Special

from .ludwig_helpers import RULES, opening, room, set_sheet, sketch_with


def sheet(state, name):
    return play.sheet_of(state, name)


# -- Setup ------------------------------------------------------------------------------------
def test_setup_a_yellow_food_foyer_gives_an_extra_turn_when_completed():
    # "if you want your Foyer to be a Food Room (and give you an extra turn when you
    # complete it), color it yellow."
    assert RULES.rows("room_types.csv")["Food"]["colour"] == "yellow"
    state = opening(foyers={"Saige": "Food"}, market=["Living 1", "Food 5", "Food 6", "Living 4"])
    s = sheet(state, "Saige").sketch
    foyer = s.rooms[0]
    assert foyer.kind == "Food" and foyer.size == RULES.setting("foyer_size")
    for door in sorted(foyer.doors)[1:]:  # all its entrances but one are dealt with
        s = s.with_filled(door)
    state = set_sheet(state, "Saige", sketch=s)
    state = state.apply(Take(Card("Living", 1)))
    state = state.apply(next(a for a in state.legal_actions() if isinstance(a, SketchAction)))
    saige = sheet(state, "Saige")
    assert 0 in saige.completed and saige.extra == ("Food",)  # an extra turn this round


# -- Turn Order -------------------------------------------------------------------------------
def test_turn_order_saige_lewis_carmen():
    # "At the end of round 3, Saige has a size 2 Room on top of her pile, while Carmen has a
    # size 8 Room, and Lewis has a size 6 ... in round 4, Saige will go first, followed by
    # Lewis, then Carmen." — the engine's end of round reads turn_order.
    state = opening(players=("Carmen", "Lewis", "Saige"))
    for name, top in (("Saige", 2), ("Carmen", 8), ("Lewis", 6)):
        state = set_sheet(state, name, pile=(Card("Food", 3), Card("Living", top)))
    state = play._end_round(replace(state, todo=state.todo[-1:]))
    assert state.order == ("Saige", "Lewis", "Carmen")
    assert list(state.order) == turn_order({"Saige": [3, 2], "Carmen": [3, 8],
                                            "Lewis": [3, 6]}, state.seats, RULES)


def test_henry_goes_last_and_two_more_earn_a_special_reward():
    # "Henry has the largest Room on top of his pile, so he gets to fill in a 'Go Last'
    # circle. If he gets 2 more, he will earn a special reward."
    state = opening(players=("Henry", "Saige"))
    state = set_sheet(state, "Henry", pile=(Card("Living", 8),))
    state = set_sheet(state, "Saige", pile=(Card("Living", 1),))
    for round_ in range(3):
        state = play._end_round(replace(state, todo=()))
        henry = sheet(state, "Henry")
        assert henry.go_last == round_ + 1
        assert [s.name for s in henry.specials] == (["Start"] if round_ < 2
                                                    else ["Start", "Go Last 3"])


# -- Player Turns -----------------------------------------------------------------------------
def test_saige_takes_a_room_and_sketches_it_on_top_of_her_pile():
    # "On her turn, Saige takes the Majestic Lobby and sketches it on her sheet." /
    # "Carmen traces the Majestic Lobby on her sheet." (either side of the card, turned)
    state = opening(market=["Living 5", "Food 1", "Food 2", "Food 3"])
    state = state.apply(Take(Card("Living", 5)))
    sketches = [a for a in state.legal_actions() if isinstance(a, SketchAction)]
    assert {a.mirror for a in sketches} == {False, True}  # the mirrored top and bottom
    assert len({a.turn for a in sketches}) > 1  # turned by 90°
    state = state.apply(sketches[0])
    assert sheet(state, "Saige").pile[-1] == Card("Living", 5)
    assert sheet(state, "Saige").sketch.rooms[-1].card == Card("Living", 5)


# -- Completing Rooms -------------------------------------------------------------------------
def test_an_outdoor_room_with_both_entrances_connected_is_complete():
    s = sketch_with("Food", room("Outdoor", [(2, 0)], [(2, 0, "W"), (2, 0, "E")]),
                    room("Living", [(3, 0)], [(3, 0, "W")]))
    assert s.complete(1)


def test_a_living_room_with_two_unconnected_entrances_is_not_complete():
    s = sketch_with("Food", room("Living", [(2, 0), (3, 0)],
                                 [(2, 0, "W"), (3, 0, "E"), (2, 0, "N")]))
    assert not s.complete(1) and len([d for d in s.unconnected() if d[0] >= 2]) == 2


def test_an_activity_room_with_an_entrance_blocked_by_a_wall_is_not_complete():
    s = sketch_with("Food", room("Living", [(2, 1)], [(2, 1, "S")]),
                    room("Activity", [(2, 0)], [(2, 0, "W"), (2, 0, "S")]))
    assert not s.complete(2) and s.blocked((2, 0, "S"))


# -- Special Rewards --------------------------------------------------------------------------
def test_carmen_uses_her_go_last_reward_as_a_downstairs_room_reward():
    # "Carmen has 3 filled-in Go Last circles, so she has earned a special reward ... she
    # decides to use it as a Downstairs Room reward to add a secret passage."
    state = opening(players=("Carmen", "Lewis"))
    state = play.go_last(state, "Carmen", 3)
    carmen = sheet(state, "Carmen")
    state = set_sheet(state, "Carmen", specials=tuple(
        s if s.name != "Start" else Special("Start", "Swan") for s in carmen.specials))
    passage = next(a for a in state.legal_actions() if isinstance(a, Passage))
    assert passage.using == "special"
    state = state.apply(passage)
    carmen = sheet(state, "Carmen")
    assert Special("Go Last 3", "Downstairs") in carmen.specials
    assert carmen.sketch.passages == {(passage.x, passage.y, passage.side)}


# -- Food Rooms: extra turns ------------------------------------------------------------------
def test_lily_kate_and_henry_take_their_extra_turns_in_turn_order():
    # "In a 3-player game, Lily-Kate is second in turn order. On her turn, she completes a
    # Food Room ... She must wait until Henry, who is third in turn order, finishes his
    # turn ... On Henry's turn, he decides to use one of his special rewards to also take a
    # Food Room reward. He will take his extra turn after Lily-Kate takes hers."
    state = opening(players=("Saige", "Lily-Kate", "Henry"),
                    market=["Food 1", "Food 2", "Food 3", "Living 1", "Living 2"])
    state = state.apply(state.legal_actions()[0])  # Saige takes a card ...
    state = state.apply(next(a for a in state.legal_actions() if isinstance(a, SketchAction)))
    state = state.apply(EndTurn())
    assert state.player == "Lily-Kate"
    state = set_sheet(state, "Lily-Kate", extra=("Food",))  # she completes a Food Room
    state = state.apply(state.legal_actions()[0])
    state = state.apply(next(a for a in state.legal_actions() if isinstance(a, SketchAction)))
    state = state.apply(EndTurn())
    assert state.player == "Henry"
    state = state.apply(ExtraTurn())
    state = state.apply(state.legal_actions()[0])
    state = state.apply(next(a for a in state.legal_actions() if isinstance(a, SketchAction)))
    state = state.apply(EndTurn())
    assert state.todo[:2] == (("turn", "Lily-Kate", "extra"), ("turn", "Henry", "extra"))
    assert state.player == "Lily-Kate"
    assert sheet(state, "Lily-Kate").used.get("Food") == 1  # her reward's flag


# -- Sleeping Rooms ---------------------------------------------------------------------------
def test_lewis_moves_the_entrances_of_a_room_to_fit_it():
    # "Lewis wants to add the Orchard to his castle, but he will block an entrance if he
    # places it where he wants it. He decides to use a Sleeping Room reward to move its
    # entrances and now it fits perfectly!" The square north of the Foyer is met by the
    # Foyer's entrance and a Living Room's; a size-1 card's entrances face apart (placeholder
    # shape), so sketched as printed it leaves one of the two unconnected.
    state = opening(players=("Lewis", "Saige"), market=["Outdoor 1", "Food 2", "Food 3",
                                                        "Food 4"])
    s = sheet(state, "Lewis").sketch
    for door in sorted(s.rooms[0].doors):
        if door[2] != "N":
            s = s.with_filled(door)
    s = s.with_room(room("Living", [(1, -2)], [(1, -2, "W")]))
    state = set_sheet(state, "Lewis", sketch=s, specials=())  # (no Start reward to use)
    state = state.apply(Take(Card("Outdoor", 1)))
    printed = [a for a in state.legal_actions() if isinstance(a, SketchAction)]
    assert printed and not any(  # the Foyer and the new Room never both complete
        {0, 2} <= play.sheet_of(state.apply(a), "Lewis").completed for a in printed)
    assert not any(isinstance(a, Rearrange) for a in state.legal_actions())  # no reward
    state = set_sheet(state.parent, "Lewis", rewards=sheet(state, "Lewis").gain(
        "Sleeping").rewards)
    state = state.apply(Take(Card("Outdoor", 1)))
    state = state.apply(Rearrange("Sleeping"))
    (squares,) = [a for a in state.legal_actions() if isinstance(a, SketchAction)]
    state = state.apply(squares)
    assert set(state.legal_actions()) == {Door(0, -2, "S"), Door(0, -2, "E")}  # must connect
    state = state.apply(Door(0, -2, "S")).apply(Door(0, -2, "E"))
    lewis = sheet(state, "Lewis")
    assert lewis.sketch.rooms[-1].doors == {(0, -2, "S"), (0, -2, "E")}  # as many as printed
    assert {0, 1, 2} <= lewis.completed and lewis.used.get("Sleeping") == 1


# -- Downstairs Rooms: secret passages --------------------------------------------------------
def test_henry_connects_a_blocked_entrance_with_a_secret_passage():
    # "One of the entrances to Henry's Activity Room is blocked by an adjacent wall. He uses
    # a Downstairs Room reward to sketch a secret passage to the adjacent Living Room, which
    # connects the entrance and completes the Activity Room."
    state = opening(players=("Henry", "Saige"))
    s = sketch_with("Food", room("Activity", [(2, 0)], [(2, 0, "W"), (2, 0, "S")]),
                    room("Living", [(2, 1)], [(2, 1, "E")]))
    state = set_sheet(state, "Henry", sketch=s)
    state = set_sheet(state, "Henry", rewards=sheet(state, "Henry").gain("Downstairs").rewards)
    assert not s.complete(1)
    state = state.apply(Passage(2, 0, "S", "Downstairs"))
    henry = sheet(state, "Henry")
    assert 1 in henry.completed and henry.rewards.get("Activity") == 1


def test_stella_makes_a_courtyard_with_a_passage_and_her_room_stays_complete():
    # "Stella adds a secret passage from one of her Outdoor Rooms to an empty space inside
    # her castle. This creates a Courtyard. The Room where she added the passage remains
    # complete."
    ring = [(x, y) for x in range(1, 4) for y in range(-3, 0) if (x, y) not in
            ((2, -2), (1, -2))]
    s = sketch_with("Food", room("Living", [(0, -2)], [(0, -2, "S"), (0, -2, "E")]),
                    room("Outdoor", [(1, -2)], [(1, -2, "W")]),
                    *[room("Living", [c], []) for c in ring])
    outdoor = s.room_at((1, -2))
    assert s.complete(outdoor) and len(s.enclosed) == 1 and s.courtyards == ()
    s = s.with_passage((1, -2, "E"))
    assert s.complete(outdoor) and s.courtyards == (frozenset({(2, -2)}),)


def test_elijah_completes_a_panic_room_through_a_passage():
    # "Elijah wants to add a new Panic Room to his castle, but there is no entrance on this
    # side, so he adds a secret passage. He connects the passage to the Panic Room's
    # entrance to complete it immediately, gaining a Utility Room reward (2 Bonus Cards)."
    # (the Panic Room: a size-1 card with one entrance, by an edit of the placeholder shape)
    rules = RULES.edit("shapes.csv", "1", doors=["0.0W"])
    state = opening(players=("Elijah", "Saige"), market=["Utility 1", "Food 2", "Food 3",
                                                         "Food 4"], rules=rules)
    s = sheet(state, "Elijah").sketch
    for door in sorted(s.rooms[0].doors):
        s = s.with_filled(door)
    state = set_sheet(state, "Elijah", sketch=s)
    state = set_sheet(state, "Elijah", rewards=sheet(state, "Elijah").gain("Downstairs").rewards)
    assert Take(Card("Utility", 1)) not in state.legal_actions()  # no entrance on any side
    state = state.apply(Passage(1, 0, "E", "Downstairs"))
    state = state.apply(Take(Card("Utility", 1)))
    state = state.apply(next(a for a in state.legal_actions() if isinstance(a, SketchAction)))
    elijah = sheet(state, "Elijah")
    i = len(elijah.sketch.rooms) - 1
    assert i in elijah.completed and elijah.rewards.get("Utility") == 1
    before = len(elijah.bonus)
    state = state.apply(DrawBonus("Utility"))
    state = state.resolve().resolve()
    assert len(sheet(state, "Elijah").bonus) == before + rules.setting("utility_bonus_cards")


# -- Living Rooms -----------------------------------------------------------------------------
def test_saige_removes_the_last_entrance_and_may_use_the_new_reward_at_once():
    # "Saige uses a previously earned Living Room completion reward to remove the last
    # unconnected entrance to this Living Room to earn its completion reward ... This
    # reward may be used immediately."
    state = opening()
    s = sketch_with("Food", room("Living", [(2, 0)], [(2, 0, "W"), (2, 0, "E")]))
    state = set_sheet(state, "Saige", sketch=s)
    state = set_sheet(state, "Saige", rewards=sheet(state, "Saige").gain("Living").rewards)
    state = state.apply(Fill(2, 0, "E", "Living"))
    saige = sheet(state, "Saige")
    assert 1 in saige.completed and saige.rewards.get("Living") == 1
    assert any(isinstance(a, Fill) and a.using == "Living" for a in state.legal_actions())


# -- Outdoor Rooms ----------------------------------------------------------------------------
def test_an_outdoor_room_beside_4_full_and_2_half_empty_squares_scores_10():
    # "this complete Outdoor Room scores 10 VPs (4 full empty squares plus 2 half-empty
    # squares)": the score sheet's reading gives 10. The engine's Rooms have no curved or
    # angled walls (the shapes are placeholders, gaps.csv curved_walls), so it only ever
    # counts full squares: here 4 full squares beside it score 8.
    assert score_sheet(Castle(outdoor=[(4, 2)]))["outdoor rooms"] == 10
    assert "curved_walls" in RULES.gaps.index
    assert all(r["curved"] == 0 and r["angled"] == 0 for r in RULES.rows("shapes.csv").values())
    s = sketch_with("Food", room("Outdoor", [(2, 0)], [(2, 0, "W")]),
                    room("Living", [(2, -1)], []), room("Living", [(3, 1)], []))
    assert s.empty_beside(1) == 2
    s = sketch_with("Food", room("Outdoor", [(2, 0), (3, 0)], [(2, 0, "W")]),
                    room("Living", [(2, -1), (3, -1)], []), room("Living", [(2, 1)], []))
    assert s.empty_beside(1) == 2 and s.complete(1)


# -- Moats ------------------------------------------------------------------------------------
def test_lily_kates_moat_completes_two_rooms_and_scores_20():
    # "Lily-Kate has 4 filled-in Swans ... she decides to sketch her Moat along the right
    # side of her lot (up to the second dashed line, since she's only filled in the first
    # flag). She immediately removes the Activity Room and Food Room entrances that are
    # touching her Moat, completing both rooms. There are 10 Rooms fully behind her Moat,
    # so her Moat is currently worth 20 VPs." (the Foyer is one of the 10)
    state = opening(players=("Lily-Kate", "Saige"))
    rooms = [room("Activity", [(4, -1)], [(4, -1, "E")]),
             room("Food", [(4, 1)], [(4, 1, "E")])]
    rooms += [room("Living", [(3, y)], []) for y in (-4, -1, 0, 1, 2)]
    rooms += [room("Living", [(4, y)], []) for y in (-4, 4)]
    s = sketch_with("Food", *rooms).expanded("E")
    state = set_sheet(state, "Lily-Kate", sketch=s, swans=3)
    state = play.add_swans(state, "Lily-Kate", 1)
    assert sheet(state, "Lily-Kate").rewards.get("Moat") == 1
    column = tuple((5, y) for y in range(-4, 5))
    assert s.bounds()[1] == 5  # the first flag: the lot reaches the second dashed line
    state = state.apply(Moat(column, "Moat"))
    lk = sheet(state, "Lily-Kate")
    assert {1, 2} <= lk.completed
    behind = lk.sketch.behind(0)
    assert behind == 10 and RULES.setting("moat_room_vp") * behind == 20


def test_at_most_8_swans():
    state = opening()
    state = play.add_swans(state, "Saige", 20)
    saige = sheet(state, "Saige")
    assert saige.swans == RULES.setting("swans_max") and saige.rewards.get("Moat") == 2


# -- Utility Rooms ----------------------------------------------------------------------------
def test_carmen_draws_2_bonus_cards_and_scores_one_for_her_utility_room():
    # "Carmen completes her first Utility Room ... She then fills the flag above it and
    # draws 2 Bonus Cards. With the 2 she drew at the start of the game, she has a total of
    # 4 Bonus Cards. The Room she completed will let her score 1 Bonus Card."
    state = opening(players=("Carmen", "Lewis"),
                    bonus={"Carmen": ("B24", "B36")})
    s = sketch_with("Food", room("Utility", [(2, 0)], [(2, 0, "W")]))
    state = set_sheet(state, "Carmen", sketch=s)
    state = play.check_completions(state, "Carmen")
    state = state.apply(DrawBonus("Utility"))
    state = state.resolve().resolve()
    carmen = sheet(state, "Carmen")
    assert len(carmen.bonus) == 4 and carmen.circles()["Utility"] == 1
    done = replace(state, order=state.seats)
    results = score(replace(done, todo=()))
    assert len(results["bonus"]["Carmen"]) == 1  # one card scored for one Utility Room


# -- Courtyards -------------------------------------------------------------------------------
def test_an_enclosed_space_is_a_courtyard_only_with_an_entrance():
    ring = [(x, y) for x in range(1, 4) for y in range(-3, 0) if (x, y) != (2, -2)]
    walls = sketch_with("Food", *[room("Living", [c], []) for c in ring])
    assert len(walls.enclosed) == 1 and walls.courtyards == ()
    door = sketch_with("Food", *[room("Living", [c], [(2, -1, "N")] if c == (2, -1) else [])
                                 for c in ring])
    assert len(door.courtyards) == 1
    assert score_sheet(Castle(courtyards=len(door.courtyards)))["courtyards"] == 10


# -- Solo Mode --------------------------------------------------------------------------------
def test_solo_three_activity_rooms_against_the_reserves_four_score_nothing():
    # "You have 3 Activity Rooms in your castle, but there are 4 Activity Rooms in the
    # Reserve pile. You rank 2nd and score 0 VPs."
    state = opening(players=("Saige",), favors=("Activity Rooms", "Swans", "Moats",
                                                "Footprint"))
    s = sketch_with("Food", *[room("Activity", [(2, y)], []) for y in (-1, 0, 1)])
    state = set_sheet(state, "Saige", sketch=s)
    state = replace(state, reserve=(Card("Activity", 2),) * 4, todo=())
    assert measure(sheet(state, "Saige"), "rooms:Activity") == 3
    assert score(state)["favors"]["Activity Rooms"] == {"Saige": 0}
    state = replace(state, reserve=(Card("Activity", 2),) * 2)
    assert score(state)["favors"]["Activity Rooms"] == {"Saige": 15}


# -- King's Favors and Double Decrees ---------------------------------------------------------
def test_tied_players_split_the_places():
    # "If 1 or more players tie for a place, the tied players get the VPs for that place
    # plus the next one(s) divided by the number of tied players (rounded down)."
    assert favor_scores({"a": 2, "b": 2, "c": 1}) == {"a": 11, "b": 11, "c": 4}


def test_double_decrees_deal_10_cards_for_4_players():
    # "For example, in a 4 player game, you will deal out 10 cards."
    assert decrees_dealt(4, double=True) == 10


@pytest.mark.parametrize("size", range(1, 9))
def test_every_room_size_has_a_placeholder_shape(size):
    # (the examples' Rooms are pictures: every size has a placeholder shape in shapes.csv)
    shape = shape_of(RULES, str(size))
    assert len(shape.cells) == size and shape.doors
    assert "cells" in RULES.rows("shapes.csv")[str(size)]["placeholder"]
