"""Green Rooms, spread rooms, The Pool's rooms and the south and west levers (§4 Tomorrow
Rooms, §7, §8, §10, §11, §13, §15, §16, §17): one scenario per room, every variant reading in
scope, and agreement with the odds calculators where one exists."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction
from types import MappingProxyType

import pytest

from manorkit.blueprince import load_rules, odds
from manorkit.blueprince.board import E, N, Tile, W, doors
from manorkit.blueprince.engine import (
    Campaign,
    Chance,
    Dig,
    Draft,
    Move,
    State,
    Take,
    Unlock,
    Use,
    modelled,
    new_day,
)
from manorkit.blueprince.engine.drafting import slot_cost
from manorkit.blueprince.engine.setup import ANTECHAMBER
from manorkit.blueprince.odds.drafting_board import tile_cost

RULES = load_rules()
ROOMS = ("Patio", "Courtyard", "Greenhouse", "Veranda", "Terrace", "Cloister", "Solarium",
         "Secret Garden", "Morning Room", "Office", "Conference Room", "Locker Room",
         "The Pool", "Sauna")
#: Blue tiles drawn beside the one a test drafts.
FILLERS = ("Spare Room", "Nook", "Den", "Storeroom", "Closet", "Bedroom", "Study")


# -- building states -------------------------------------------------------------------------

def rules_with(**variants):
    return load_rules(**variants) if variants else RULES


def house(tiles: dict, *, at=(1, 3), rules=None, campaign=None, **fields) -> State:
    """A fresh day with ``tiles`` (cell → room, or (room, rotation)) placed as they are (no
    draft effects), the marker at ``at``; other fields (resources=..., items=...) merged."""
    day = new_day(rules or RULES, campaign=campaign)
    board = dict(day.board)
    for cell, spec in tiles.items():
        room, rot = (spec, 0) if isinstance(spec, str) else spec
        board[cell] = Tile(room, cell, rot, doors((rules or RULES).room(room)["shape"], rot))
    bag = dict(day.bag)
    for t in board.values():
        if bag.get(t.room):
            bag[t.room] -= 1
    changes = {"board": MappingProxyType(board), "position": at,
               "bag": MappingProxyType({k: v for k, v in bag.items() if v})}
    for name, value in fields.items():
        base = getattr(day, name)
        changes[name] = MappingProxyType({**base, **value}) if isinstance(
            base, MappingProxyType) else value
    return replace(day, **changes)


def draft(state: State, direction: int, room: str, *fillers: str, slot: int = 1,
          rotation: int | None = None, lock: str = "OPEN") -> State:
    """Draft through ``direction``: the lock roll (if any) comes up ``lock``, ``room`` is
    drawn into ``slot`` among fillers, and taken (turned to ``rotation`` if it may turn).
    Random steps after the placement stay pending."""
    state = state.apply(Draft(direction))
    if state.is_chance and state.pending[0].name == "lock_roll":
        state = state.apply(Chance(lock))
    fill = [f for f in fillers or FILLERS if f != room and (fillers or state.bag.get(f))]
    hand = fill[:slot - 1] + [room] + fill[slot - 1:]
    while state.is_chance and state.pending[0].name == "draw_tile":
        state = state.apply(Chance(hand[len(state.drafting.hand)]))
    takes = [a for a in state.legal_actions() if isinstance(a, Take) and a.slot == slot]
    assert takes, f"{room} cannot be taken: {state.legal_actions()}"
    state = state.apply(takes[0])
    if state.is_chance and state.pending[0].name == "orient":
        options = [c.value for c, _ in state.chance_outcomes()]
        state = state.apply(Chance(options[0] if rotation is None else rotation))
    return state


def skip(state: State, *names: str) -> State:
    """Resolve pending random steps named ``names`` (trunk rolls, spawn rolls ...) with
    their first outcome that gives nothing (LOCKED, a miss), or the first outcome."""
    while state.is_chance and state.pending[0].name in names:
        p = state.pending[0]
        outcomes = [c for c, _ in state.chance_outcomes()]
        hits = p.data[0] if getattr(p, "data", None) and p.name in ("spawn", "locker") else ()
        miss = [c for c in outcomes if c.value == "LOCKED" or (hits and c.value not in hits)]
        state = state.apply((miss or outcomes)[0])
    return state


def quiet(state: State) -> State:
    """Resolve trunk and spawn rolls as misses."""
    return skip(state, "trunk", "spawn")


def move(state: State, cell) -> State:
    return state.apply(Move(cell))


def pending_names(state: State) -> list[str]:
    return [p.name for p in state.pending]


def leaves(state: State):
    """Every end of the chance tree below ``state``, with its probability."""
    if not state.is_chance:
        yield state, Fraction(1)
        return
    for c, p in state.chance_outcomes():
        for leaf, q in leaves(state.apply(c)):
            yield leaf, p * q


def drawn(before: State, after: State, deck: str) -> tuple:
    """The cards drawn from ``deck`` between two states, as ``deck_draws`` lists them."""
    got = Counter(before.decks[deck][0]) - Counter(after.decks[deck][0])
    return tuple(sorted((c, n) for c, n in got.items() if n))


def card_dist(state: State, deck: str) -> dict:
    out: dict = {}
    for leaf, p in leaves(state):
        key = drawn(state, leaf, deck)
        out[key] = out.get(key, 0) + p
    return out


def test_every_room_in_scope_is_modelled():
    assert all(modelled(room) for room in ROOMS)


# -- Patio and the Conference Room (§10) ------------------------------------------------------

@pytest.mark.rule("Patio", "draft")
def test_patio_spreads_a_gem_on_each_green_room_on_the_board_itself_included():
    s = house({(2, 3): ("Courtyard", 3), (2, 4): "Cloister", (2, 2): ("Den", 0)}, at=(1, 3))
    s = draft(s, W, "Patio", rotation=0)  # (1, 2), L: south is off the board
    assert {c: dict(t) for c, t in s.tokens.items()} == {
        (2, 3): {"gems": 1}, (2, 4): {"gems": 1}, (1, 2): {"gems": 1}}  # not the Den (blue)
    later = quiet(draft(quiet(move(quiet(s), (2, 3))), N, "Terrace"))
    assert (3, 3) not in later.tokens  # Green Rooms drafted after the Patio get nothing
    got = move(later, (2, 4))
    assert got.resources["gems"] == later.resources["gems"] + 1  # collected on entry


@pytest.mark.rule("Conference Room", "passive")
def test_conference_room_gathers_every_spread_token():
    s = house({(2, 3): ("Courtyard", 3), (2, 4): "Cloister", (2, 2): ("Conference Room", 0)})
    s = draft(s, W, "Patio", rotation=0)
    assert {c: dict(t) for c, t in s.tokens.items()} == {(2, 2): {"gems": 3}}
    assert s.log["effect"].str.contains("Conference Room gathers all 3").any()


def test_conference_room_drafted_after_a_spread_changes_nothing():
    s = draft(house({(2, 3): ("Courtyard", 3)}), W, "Patio", rotation=0)
    s = draft(quiet(s), E, "Conference Room", rotation=2)
    assert {c: dict(t) for c, t in quiet(s).tokens.items()} == {
        (2, 3): {"gems": 1}, (1, 2): {"gems": 1}}


def test_tunnel_is_a_green_room_only_under_tunnel_colour_also_green():
    tiles = {(2, 3): "Tunnel", (3, 3): "Corridor"}
    for reading, gem in (("hallway", False), ("also_green", True)):
        rules = rules_with(tunnel_colour=reading)
        s = draft(house(tiles, rules=rules), W, "Patio", rotation=0)
        assert ((2, 3) in s.tokens) is gem



# -- Courtyard (§6, §8, §7 spawn) ----------------------------------------------------------------

@pytest.mark.rule("Courtyard", "draft", "lock")
def test_courtyard_doors_are_never_locked_and_it_gets_three_dirt_piles():
    s = draft(house({(4, 3): ("Spare Room", 0)}, at=(4, 3)), N, "Courtyard", rotation=1)
    assert s.dirt[(5, 3)] == 3 and pending_names(s) == ["trunk"]
    s = move(quiet(s), (5, 3))
    s = quiet(s).apply(Draft(N))  # from Rank 5: no lock roll for the Courtyard's doors
    assert pending_names(s) == ["draw_tile"]


@pytest.mark.parametrize("variants", [{}, {"numbered_lock_die": "faces"},
                                      {"random_spawn_rooms": "icon_tiles"}])
@pytest.mark.parametrize("room", ["Courtyard", "Patio", "Secret Garden"])
def test_green_room_spawn_rolls_agree_with_the_room_table_calculator(room, variants):
    rules = rules_with(**variants)
    s = house({(2, 3): (room, 1)}, rules=rules).apply(Move((2, 3)))
    s = skip(s, "garden_fruit")  # (the Secret Garden's lever and fruit draw nothing)
    assert card_dist(s, "common_items") == odds.room_draws(room, rules=rules)[
        "common_items"].pmf
    if s.pending:
        hits = s.pending[0].data[0]
        p_hit = sum(p for c, p in s.chance_outcomes() if c.value in hits)
        assert p_hit == odds.item_spawn(room, rules=rules)


def test_maids_chamber_suppresses_green_room_spawns_as_the_calculator_says():
    s = house({(2, 3): ("Courtyard", 1)}, flags={"maid": True}).apply(Move((2, 3)))
    assert not s.pending and odds.item_spawn("Courtyard", maid=True) == 0


# -- Greenhouse: the south lever (§7, §13, §15) --------------------------------------------------

def lever_house(**fields) -> State:
    """A Greenhouse on the east edge, and a column of rooms to (8, 3) below the Antechamber."""
    tiles = {(2, 3): ("Courtyard", 3), (2, 4): "Cloister", (2, 5): ("Greenhouse", 1)}
    tiles.update({(r, 3): "Great Hall" if r == 3 else ("Hallway" if r == 4 else "Corridor")
                  for r in range(3, 9)})
    return house(tiles, at=(2, 3), **fields)


@pytest.mark.rule("Greenhouse", "enter")
@pytest.mark.rule("Broken Lever", "lever")
@pytest.mark.rule("Antechamber", "enter")
def test_the_broken_lever_opens_the_south_antechamber_door_and_the_run_is_won():
    s = lever_house(items={"Broken Lever": 1})
    assert ANTECHAMBER not in s.routes()
    s = quiet(move(s, (2, 5)))
    assert s.flags["levers"] == ("south",) and "Broken Lever" not in s.items
    assert s.log["effect"].str.contains("south Antechamber door opens").any()
    route = s.routes()[ANTECHAMBER]
    assert route[1] == 9  # Cloister, Courtyard, (3, 3) ... (8, 3), the Antechamber
    won = move(s, ANTECHAMBER)
    assert won.won and won.carry["won"] is True


@pytest.mark.rule("Greenhouse", "actions")
def test_the_greenhouse_without_the_lever_opens_nothing_and_a_lever_found_inside_is_used():
    s = quiet(move(lever_house(), (2, 5)))
    assert "levers" not in s.flags and Use("attach_broken_lever") not in s.legal_actions()
    got = replace(s, items=MappingProxyType({"Broken Lever": 1}))  # e.g. dug from its dirt
    pulled = got.apply(Use("attach_broken_lever"))
    assert pulled.flags["levers"] == ("south",) and not pulled.items
    assert Use("attach_broken_lever") not in pulled.legal_actions()


@pytest.mark.parametrize("reading, gems", [("tabletop", 3), ("video_game", 1)])
def test_greenhouse_cost(reading, gems):
    rules = rules_with(greenhouse_cost=reading)
    s = house({(2, 4): ("Cloister", 0)}, at=(2, 4), rules=rules, resources={"gems": 5})
    s = s.apply(Draft(E))
    for tile in ("Spare Room", "Greenhouse", "Nook"):
        s = s.apply(Chance(tile))
    assert slot_cost(s, 2, "Greenhouse") == (gems, 0) == (tile_cost("Greenhouse",
                                                                        rules=rules), 0)


@pytest.mark.parametrize("reading", ["none", "favour_green"])
def test_greenhouse_draft_effect_weights_agree_with_the_drafting_calculator(reading):
    rules = rules_with(greenhouse_draft_effect=reading)
    s = house({(2, 5): ("Greenhouse", 1), (2, 4): "Cloister", (2, 3): ("Courtyard", 3)},
              rules=rules)
    s = s.apply(Draft(W))
    engine = {c.value: p for c, p in s.chance_outcomes()}
    bag = dict(s.bag)
    for room in ("Veranda", "Den", "Patio"):
        assert engine[room] == odds.draft(room, bag=bag, draw=1, greenhouse=True, rules=rules)
    green = sum(p for t, p in engine.items() if "green" in rules.room(t)["colours"])
    greens = sum(n for t, n in bag.items() if "green" in rules.room(t)["colours"])
    w = 2 if reading == "favour_green" else 1
    assert green == Fraction(w * greens, w * greens + sum(bag.values()) - greens)


# -- Veranda (§16 Veranda, §16 Maid's Chamber, §8) ------------------------------------------------

def veranda_day(rules=None, **fields) -> State:
    """A Courtyard west of the Entrance Hall (drafted before the Veranda), the Veranda north
    of it, then a Terrace east of it (drafted after the Veranda)."""
    s = house({(1, 2): ("Courtyard", 2)}, rules=rules, **fields)
    s = quiet(draft(s, N, "Veranda", rotation=0))
    return quiet(draft(s, E, "Terrace"))


@pytest.mark.rule("Veranda", "draft")
def test_veranda_dirt_tokens_by_default_free_dig_draws_under_the_variant():
    s = veranda_day()
    assert s.dirt[(2, 3)] == 2
    entered = move(s, (2, 3))
    assert pending_names(entered) == ["spawn"]  # no Shovel: the dirt waits
    free = veranda_day(rules_with(veranda_digs="free_draws"))
    assert (2, 3) not in free.dirt
    entered = move(free, (2, 3))
    assert pending_names(entered) == ["spawn", "card", "card"]
    assert [p.deck for p in entered.pending[1:]] == ["dig", "dig"]
    again = move(move(quiet(entered.settle()), (1, 3)), (2, 3))
    assert not again.pending  # first entry only (the spawn too, by repeat_entry_rewards)


@pytest.mark.rule("Veranda", "passive")
def test_veranda_bonus_common_items_for_green_rooms_drafted_after_it():
    s = veranda_day()
    terrace = move(s, (1, 4))
    assert pending_names(terrace) == ["spawn", "card"]
    assert terrace.pending[1].deck == "common_items"
    courtyard = move(s, (1, 2))  # drafted before the Veranda: no bonus
    assert pending_names(courtyard) == ["spawn"]
    assert pending_names(move(quiet(move(terrace.settle(), (1, 3))), (1, 4))) == []


def test_veranda_bonus_scope_entered_after():
    s = veranda_day(rules_with(veranda_bonus_scope="entered_after"))
    assert pending_names(move(s, (1, 2))) == ["spawn", "card"]
    assert pending_names(move(s, (2, 3))) == ["spawn"]  # never the Veranda itself


def test_veranda_bonus_is_not_suppressed_by_the_maids_chamber():
    s = veranda_day(flags={"maid": True})
    assert pending_names(move(s, (1, 4))) == ["card"]  # the spawn roll is, the bonus is not


@pytest.mark.parametrize("scope, courtyard_cards", [("drafted_after", 1), ("entered_after", 2)])
def test_veranda_bonus_dig_draw(scope, courtyard_cards):
    rules = rules_with(veranda_bonus="dig_draw", veranda_bonus_scope=scope)
    s = veranda_day(rules, items={"Shovel": 1}, dirt={(1, 2): 3})
    terrace = quiet(move(s, (1, 4)))
    assert pending_names(terrace) == []  # no Common Items bonus under dig_draw
    assert pending_names(terrace.apply(Dig())) == ["card", "card"]
    courtyard = quiet(move(terrace, (1, 2)))
    assert pending_names(courtyard.apply(Dig())) == ["card"] * courtyard_cards
    veranda = quiet(move(s, (2, 3)))
    assert pending_names(veranda.apply(Dig())) == ["card"]


# -- Terrace, Cloister, Solarium (§4 Gem Cost Rules, §16, §17) -----------------------------------

def hand_at(state: State, direction: int, *tiles: str) -> State:
    s = state.apply(Draft(direction))
    if s.is_chance and s.pending[0].name == "lock_roll":
        s = s.apply(Chance("OPEN"))
    for tile in tiles:
        s = s.apply(Chance(tile))
    return s


@pytest.mark.rule("Terrace", "passive")
def test_terrace_makes_green_rooms_free_to_draft():
    base = house({(2, 3): ("Cloister", 0)}, at=(2, 3), resources={"gems": 9})
    s = hand_at(base, N, "Spare Room", "Veranda", "Vault")
    assert slot_cost(s, 2, "Veranda") == (2, 0) and slot_cost(s, 3, "Vault") == (3, 0)
    terraced = house({(2, 3): ("Cloister", 0), (1, 4): ("Terrace", 1)}, at=(2, 3),
                     resources={"gems": 9})
    s = hand_at(terraced, N, "Spare Room", "Veranda", "Vault")
    assert slot_cost(s, 2, "Veranda") == (0, 0) and slot_cost(s, 3, "Vault") == (3, 0)
    for room in ("Veranda", "Vault", "Greenhouse", "Cloister"):  # the drafting calculator
        assert tile_cost(room, terrace=True) == slot_cost(s, 2, room)[0]
    took = s.apply(Take(2, "Veranda", None))
    assert took.resources["gems"] == 9


@pytest.mark.parametrize("colour, gems", [("hallway", 1), ("also_green", 0)])
def test_terrace_and_the_tunnel(colour, gems):
    rules = rules_with(tunnel_colour=colour, tunnel_cost="terrace_note")
    s = house({(2, 3): ("Cloister", 0), (1, 4): ("Terrace", 1)}, at=(2, 3), rules=rules,
              resources={"gems": 9}, campaign=Campaign(found=("Tunnel",)))
    s = hand_at(s, N, "Spare Room", "Tunnel", "Nook")
    assert slot_cost(s, 2, "Tunnel") == (gems, 0) == (tile_cost(
        "Tunnel", terrace=True, rules=rules), 0)


@pytest.mark.rule("Cloister", "draft")
def test_cloister_gets_a_dirt_pile_only_with_the_solarium_on_the_board():
    plain = draft(house({}), N, "Cloister")
    assert (2, 3) not in plain.dirt
    sunny = draft(house({(1, 2): ("Solarium", 1)}, campaign=Campaign(unlocked=("Solarium",))),
                  N, "Cloister")
    assert sunny.dirt[(2, 3)] == 1
    later = draft(quiet(draft(house({}, campaign=Campaign(unlocked=("Solarium",))), N,
                              "Cloister")), W, "Solarium")
    assert (2, 3) not in later.dirt  # never placed retroactively


@pytest.mark.parametrize("reading, gems", [("entry", 1), ("terrace_note", 3)])
def test_cloister_cost(reading, gems):
    s = hand_at(house({}, rules=rules_with(cloister_cost=reading)), N, "Nook", "Cloister",
                "Den")
    rules = rules_with(cloister_cost=reading)
    assert slot_cost(s, 2, "Cloister") == (gems, 0) == (tile_cost("Cloister",
                                                                      rules=rules), 0)


@pytest.mark.parametrize("variants, room, direction, sunny, bare", [
    ({}, "Cloister", N, 4, 3),
    ({}, "Den", E, 3, 3),
    ({}, "Library", E, 5, 4),
    ({"library_solarium": "green_doors_only"}, "Library", E, 4, 4),
    ({}, "Tunnel", N, 3, 3),
    ({"tunnel_colour": "also_green"}, "Tunnel", N, 4, 3),
])
@pytest.mark.rule("Solarium", "passive")
def test_solarium_draws_one_more_tile_from_green_room_doors(variants, room, direction, sunny,
                                                            bare):
    rules = rules_with(**variants)
    s = house({(2, 3): (room, 0), (1, 4): ("Solarium", 1)}, at=(2, 3), rules=rules)
    assert s.apply(Draft(direction)).drafting.size == sunny == odds.draw_plan(
        room, solarium=True, rules=rules).size
    s = house({(2, 3): (room, 0)}, at=(2, 3), rules=rules)
    assert s.apply(Draft(direction)).drafting.size == bare == odds.draw_plan(
        room, rules=rules).size


# -- Secret Garden: the key, the fruit and the west lever (§6, §10, §11, §16) -------------------

def garden_house(rules=None, **tiles) -> State:
    """A Secret Garden at (3, 1) beside a Cloister at (3, 2) (the marker's room), a
    Courtyard at (1, 2); more tiles by keyword (cell=(room, rotation))."""
    board = {(3, 1): ("Secret Garden", 3), (3, 2): ("Cloister", 0), (1, 2): ("Courtyard", 2)}
    board.update({tuple(int(x) for x in k[1:].split("_")): v for k, v in tiles.items()})
    return house(board, at=(3, 2), rules=rules)


@pytest.mark.rule("Secret Garden", "enter")
def test_secret_garden_first_entry_spreads_fruit_and_pulls_the_west_lever():
    s = quiet(move(garden_house(), (3, 1)))
    # Green Rooms in board order: Courtyard (1, 2), Secret Garden (3, 1), Cloister (3, 2):
    # an apple each, a banana on the 1st and 3rd, the orange on the Secret Garden.
    assert {c: Counter(f) for c, f in s.fruit.items()} == {
        (1, 2): Counter(apple=1, banana=1), (3, 1): Counter(apple=1, orange=1),
        (3, 2): Counter(apple=1, banana=1)}
    assert s.flags["levers"] == ("west",) and "west_lever" not in s.carry
    eaten = s.apply(next(a for a in s.legal_actions() if str(a) == "eat the orange"))
    assert eaten.resources["steps"] == s.resources["steps"] + 5
    again = quiet(move(quiet(move(eaten, (3, 2))), (3, 1)))
    assert again.fruit == eaten.fruit  # the spread is on the first entry only


def test_secret_garden_fruit_goes_to_the_conference_room():
    s = quiet(move(garden_house(c4_2=("Conference Room", 1)), (3, 1)))
    assert {c: Counter(f) for c, f in s.fruit.items()} == {
        (4, 2): Counter(apple=3, banana=2, orange=1)}


def test_secret_garden_fruit_on_every_room_at_draft_under_the_variant():
    rules = rules_with(secret_garden_fruit="draft_every_room")
    s = house({(4, 2): ("Cloister", 0)}, at=(4, 2), rules=rules,
              items={"Secret Garden Key": 1}).apply(Draft(W)).apply(Chance("LOCKED"))
    s = s.apply(Unlock("secret_garden_key"))
    assert s.board[(4, 1)].room == "Secret Garden"
    rooms = [c for c in sorted(s.board) if c != ANTECHAMBER]
    seen = []
    while s.is_chance:
        if s.pending[0].name == "garden_fruit":
            weights = {c.value: p for c, p in s.chance_outcomes()}
            left = Counter(apple=8, banana=6, orange=4) - Counter(f for fs in s.fruit.values()
                                                                  for f in fs)
            assert weights == {f: Fraction(n, sum(left.values())) for f, n in left.items()}
            seen.append(s.pending[0].cell)
            s = s.apply(Chance("apple"))
        else:
            s = quiet(s)
    assert seen == rooms and all(s.fruit[c] == ("apple",) for c in rooms)
    entered = quiet(move(s, (4, 1)))
    assert entered.fruit == s.fruit and entered.flags["levers"] == ("west",)


@pytest.mark.rule("Secret Garden", "enter")
@pytest.mark.parametrize("reading, carried", [("per_run", False), ("campaign_permanent", True)])
def test_west_lever_and_a_win_through_the_west_door(reading, carried):
    rules = rules_with(west_lever=reading)
    s = house({(8, 1): ("Secret Garden", 3), (8, 2): ("Cloister", 0), (9, 2): ("Patio", 0)},
              at=(8, 2), rules=rules)
    assert ANTECHAMBER not in s.routes()
    s = quiet(move(s, (8, 1)))
    assert s.flags["levers"] == ("west",) and ("west_lever" in s.carry) is carried
    assert s.routes()[ANTECHAMBER][1] == 3
    assert move(s, ANTECHAMBER).won


@pytest.mark.rule("Secret Garden Key", "unlock")
@pytest.mark.rule("Secret Garden", "draft")
@pytest.mark.parametrize("spawn", ["direct_placement", "enters_bag"])
def test_secret_garden_key_on_a_locked_edge_door(spawn):
    rules = rules_with(secret_garden_spawn=spawn)
    s = house({(4, 2): ("Cloister", 0)}, at=(4, 2), rules=rules,
              items={"Secret Garden Key": 1}).apply(Draft(W)).apply(Chance("LOCKED"))
    assert Use("secret_garden_key", "west") not in s.legal_actions()
    s = s.apply(Unlock("secret_garden_key"))
    assert "Secret Garden Key" not in s.items
    if spawn == "direct_placement":
        assert s.board[(4, 1)].room == "Secret Garden" and s.drafting is None
    else:
        assert s.bag["Secret Garden"] == 1 and pending_names(s) == ["draw_tile"]


@pytest.mark.parametrize("door", ["locked_only", "any_door"])
def test_secret_garden_key_on_an_unlocked_edge_door(door):
    rules = rules_with(secret_garden_door=door)
    s = house({(4, 2): ("Cloister", 0)}, at=(4, 2), rules=rules,
              items={"Secret Garden Key": 1})
    use = Use("secret_garden_key", "west")
    if door == "locked_only":
        assert use not in s.legal_actions()
        return
    assert [a for a in s.legal_actions() if isinstance(a, Use)] == [use]  # only edge doors
    assert str(use) == "secret garden key: west"
    placed = s.apply(use)
    assert placed.board[(4, 1)].room == "Secret Garden" and "Secret Garden Key" not in \
        placed.items
    assert "lock_roll" not in pending_names(placed) and placed.drafting is None
    low = house({(2, 2): ("Cloister", 0)}, at=(2, 2), rules=rules,
                items={"Secret Garden Key": 1})
    assert not [a for a in low.legal_actions() if isinstance(a, Use)]  # Rank 2: too low



def test_the_secret_garden_can_spawn_at_rank_3_under_the_default_readings():
    """§6, §7, §16: the key opens a locked door onto an empty edge cell, Ranks 3-8. Doors of
    Rank 1-3 rooms never lock (§4 Step 1), but under the default ``lock_rank_basis=current_room``
    the south door of a Rank 4 room rolls the white die: locked, it spawns the garden at Rank 3.
    Under ``target_cell`` no door into Rank 3 rolls, so there the garden needs Rank 4 or up
    (the Vestibule's one locked door aside)."""
    s = house({(4, 1): ("Cloister", 0)}, at=(4, 1), items={"Secret Garden Key": 1})
    s = s.apply(Draft(2))
    assert pending_names(s) == ["lock_roll"]
    s = s.apply(Chance("LOCKED")).apply(Unlock("secret_garden_key"))
    assert s.board[(3, 1)].room == "Secret Garden"
    row3 = house({(3, 2): ("Cloister", 0)}, at=(3, 2), items={"Secret Garden Key": 1})
    assert pending_names(row3.apply(Draft(W))) == ["draw_tile"]  # never locked: no key use
    target = house({(4, 1): ("Cloister", 0)}, at=(4, 1), items={"Secret Garden Key": 1},
                   rules=rules_with(lock_rank_basis="target_cell"))
    assert pending_names(target.apply(Draft(2))) == ["draw_tile"]

def test_there_is_one_secret_garden_tile():
    rules = rules_with(secret_garden_door="any_door")
    s = house({(4, 2): ("Cloister", 0), (6, 1): ("Secret Garden", 3)}, at=(4, 2), rules=rules,
              items={"Secret Garden Key": 1})
    assert Use("secret_garden_key", "west") not in s.legal_actions()
    locked = s.apply(Draft(W)).apply(Chance("LOCKED"))
    assert Unlock("secret_garden_key") not in locked.legal_actions()
    bagged = replace(with_bag(house({(4, 2): ("Cloister", 0)}, at=(4, 2)), "Secret Garden"),
                     items=MappingProxyType({"Secret Garden Key": 1}))
    assert Unlock("secret_garden_key") not in bagged.apply(Draft(W)).apply(
        Chance("LOCKED")).legal_actions()


# -- Morning Room, The Pool, Sauna (§4 Tomorrow Rooms, §16 The Pool) ----------------------------

def with_bag(state: State, *rooms: str) -> State:
    return replace(state, bag=MappingProxyType({**state.bag, **{r: 1 for r in rooms}}))


@pytest.mark.rule("Morning Room", "draft")
def test_morning_room_draft_carries_two_gems_to_the_next_run():
    s = quiet(draft(with_bag(house({}), "Morning Room"), N, "Morning Room"))
    assert s.carry["morning_room"] == (("gems", 2),)
    assert move(s, (2, 3)).resources["gems"] == 0  # morning_room_gems=next_run_only


def test_morning_room_gems_on_entry_under_the_variant():
    rules = rules_with(morning_room_gems="entry_and_next_run")
    s = quiet(draft(with_bag(house({}, rules=rules), "Morning Room"), N, "Morning Room"))
    assert s.carry["morning_room"] == (("gems", 2),)
    assert quiet(move(s, (2, 3))).resources["gems"] == 2


@pytest.mark.rule(("The Pool", "Sauna"), "draft")
def test_the_pool_adds_the_sauna_and_the_locker_room_and_the_sauna_carries_steps():
    s = new_day(RULES)
    assert "Sauna" not in s.bag and "Locker Room" not in s.bag
    s = draft(s, N, "The Pool", rotation=1)
    assert s.bag["Sauna"] == 1 and s.bag["Locker Room"] == 1
    assert s.flags["joined"] == ("Sauna", "Locker Room")
    s = quiet(move(s, (2, 3)))
    s = draft(s, N, "Sauna")
    assert s.board[(3, 3)].room == "Sauna" and s.carry["sauna"] == (("steps", 20),)
    assert "Sauna" not in s.bag


# -- Office (§10 Spread Rooms, §14) -----------------------------------------------------------

@pytest.mark.rule("Office", "actions")
def test_office_terminal_spreads_a_coin_on_every_room_once_per_day():
    s = house({(1, 2): ("Office", 3), (2, 3): ("Den", 1)}, at=(1, 2))
    assert Use("spread_gold") in s.legal_actions() and str(Use("spread_gold")) == "spread gold"
    used = s.apply(Use("spread_gold"))
    assert {c: dict(t) for c, t in used.tokens.items()} == {(1, 3): {"coins": 1},
                                                            (2, 3): {"coins": 1}}
    assert used.resources["coins"] == s.resources["coins"] + 1  # the Office's own coin
    assert ANTECHAMBER not in used.tokens
    assert Use("spread_gold") not in used.legal_actions()
    back = move(move(used, (1, 3)), (1, 2))
    assert Use("spread_gold") not in back.legal_actions()  # once per day


def test_office_spread_with_the_conference_room():
    s = house({(1, 2): ("Office", 3), (2, 3): ("Conference Room", 1)}, at=(1, 2))
    used = s.apply(Use("spread_gold"))
    # the Entrance Hall, the Office and the Conference Room (not the face-down Antechamber)
    assert {c: dict(t) for c, t in used.tokens.items()} == {(2, 3): {"coins": 3}}
    assert move(used, (1, 3)).apply(Move((2, 3))).resources["coins"] == 5 + 3


@pytest.mark.rule("Office", "enter")
@pytest.mark.parametrize("reading, gems", [("first_entry_per_run", 1), ("every_entry", 2)])
def test_office_safe(reading, gems):
    s = house({(1, 2): ("Office", 3)}, rules=rules_with(repeat_entry_rewards=reading))
    first = move(s, (1, 2))
    assert first.resources["gems"] == 1 and first.carry["safe:Office"] is True
    assert move(move(first, (1, 3)), (1, 2)).resources["gems"] == gems


# -- Locker Room (§16 Locker Room, §7) -----------------------------------------------------------

@pytest.mark.rule("Locker Room", "draft")
def test_locker_room_spreads_a_key_on_each_hallway():
    tiles = {(2, 3): "Hallway", (3, 3): "Corridor", (1, 2): ("Courtyard", 2)}
    s = with_bag(house(tiles, at=(3, 3)), "Locker Room")
    s = draft(s, N, "Locker Room")
    assert {c: dict(t) for c, t in s.tokens.items()} == {(2, 3): {"keys": 1}}
    assert s.resources["keys"] == 1  # the Corridor's key: the marker stands there
    conference = with_bag(house({**tiles, (2, 4): ("Conference Room", 0)}, at=(3, 3)),
                          "Locker Room")
    s = draft(conference, N, "Locker Room")
    assert {c: dict(t) for c, t in s.tokens.items()} == {(2, 4): {"keys": 2}}


@pytest.mark.rule("Locker Room", "actions")
def test_lockers_cost_a_key_each_and_roll_the_white_die():
    s = house({(2, 3): ("Locker Room", 0)}, at=(2, 3), resources={"keys": 2},
              items={"Lockpick Kit": 3})
    opened = s.apply(Use("open_locker"))
    assert opened.resources["keys"] == 1 and pending_names(opened) == ["locker"]
    empty = opened.apply(Chance("LOCKED"))
    assert not empty.pending and Use("open_locker") in empty.legal_actions()
    found = opened.apply(Chance("OPEN"))
    assert pending_names(found) == ["card"] and found.pending[0].deck == "common_items"
    spent = empty.apply(Use("open_locker")).apply(Chance("LOCKED"))
    assert spent.resources["keys"] == 0 and Use("open_locker") not in spent.legal_actions()


def test_locker_draws_agree_with_the_deck_calculator():
    s = house({(2, 3): ("Locker Room", 0)}, at=(2, 3), resources={"keys": 1})
    opened = s.apply(Use("open_locker"))
    assert card_dist(opened, "common_items") == odds.room_draws("Locker Room", 1)[
        "common_items"].pmf
    p_open = {c.value: p for c, p in opened.chance_outcomes()}["OPEN"]
    assert p_open == 1 - odds.lock_chance(4)  # the white die: Rank 4's lock die (§6)


def test_tunnel_also_green_gets_the_veranda_bonus_and_secret_garden_fruit():
    for reading, green in (("hallway", False), ("also_green", True)):
        rules = rules_with(tunnel_colour=reading)
        s = house({}, rules=rules, campaign=Campaign(found=("Tunnel",)))
        s = quiet(draft(s, W, "Veranda", rotation=3))  # (1, 2): doors east and north
        s = quiet(draft(s, N, "Tunnel"))
        assert ("card" in pending_names(move(s, (2, 3)))) is green
        garden = garden_house(rules, c5_2=("Tunnel", 0))
        assert ((5, 2) in quiet(move(garden, (3, 1))).fruit) is green


# -- random days with this family's variants keep the engine's invariants ------------------------

@pytest.mark.parametrize("variants", [
    {},
    {"veranda_digs": "free_draws", "veranda_bonus": "dig_draw",
     "veranda_bonus_scope": "entered_after", "tunnel_colour": "also_green"},
    {"secret_garden_fruit": "draft_every_room", "secret_garden_door": "any_door",
     "secret_garden_spawn": "enters_bag", "west_lever": "campaign_permanent",
     "greenhouse_draft_effect": "favour_green", "morning_room_gems": "entry_and_next_run"},
])
def test_random_days_with_green_variants_keep_the_invariants(variants):
    import random

    from manorkit.blueprince.engine.checks import check as invariants
    from manorkit.blueprince.sim.policies import random_policy
    rules = rules_with(**variants)
    campaign = Campaign(unlocked=("Solarium",), found=("Tunnel",))
    for seed in range(12):
        state, rng = new_day(rules, seed=seed, campaign=campaign), random.Random(seed)
        root = state
        for _ in range(300):
            if state.is_over:
                break
            state = state.resolve() if state.is_chance else state.apply(random_policy(state, rng))
            invariants(state, root)
