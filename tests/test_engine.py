"""The run engine: rules of §3, §4 and §6 as code, immutable, replayable, conserved."""

import json
import random
import subprocess
import sys
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from manorkit.blueprince import load_rules
from manorkit.blueprince.board import E, N, W, doors
from manorkit.blueprince.engine import (
    Chance,
    Dig,
    Draft,
    EndDay,
    IllegalAction,
    Move,
    State,
    Take,
    Unlock,
    new_day,
)
from manorkit.blueprince.engine.checks import check
from manorkit.blueprince.sim.policies import greedy_policy, play_day, random_policy

RULES = load_rules()
DECKS = ("dig", "trunk", "common_items", "special_items")


def walk(seed: int, policy=random_policy, limit: int = 400):
    """Every state of one day played by ``policy`` (chance resolved by the run's seed)."""
    state, rng = new_day(RULES, seed=seed), random.Random(seed)
    states = [state]
    while not state.is_over and len(states) < limit:
        state = state.resolve() if state.is_chance else state.apply(policy(state, rng))
        states.append(state)
    return states


@pytest.mark.parametrize("seed", range(40))
def test_random_days_keep_every_invariant(seed):
    states = walk(seed)
    for state in states:
        check(state, states[0])


@pytest.mark.parametrize("seed", range(10))
def test_greedy_days_end_and_keep_invariants(seed):
    states = walk(seed, greedy_policy, limit=2000)
    assert states[-1].is_over
    for state in states:
        check(state, states[0])


@pytest.mark.parametrize("seed", range(8))
def test_json_round_trip_and_replay_at_every_step(seed):
    states = walk(seed)
    for state in states[:: max(1, len(states) // 15)] + [states[-1]]:
        again = State.from_json(state.to_json())
        assert again == state and again.digest() == state.digest()
        assert again.history == state.history


def test_replay_detects_changed_rules():
    state = play_day(new_day(RULES, seed=5), greedy_policy)
    data = json.loads(state.to_json())
    data["rules"]["variants"] = {"numbered_lock_die": "faces"}
    data["digest"] = "0" * 16
    with pytest.raises(ValueError, match="does not reach|is not an outcome"):
        State.from_json(json.dumps(data))


def test_undo_and_time_travel():
    states = walk(3)
    last = states[-1]
    for depth in (0, 1, len(states) // 2, len(states) - 1):
        assert last.at(depth) is states[depth]
    assert last.undo() is states[-2]
    assert last.undo(0) is last
    with pytest.raises(ValueError):
        last.undo(last.depth + 1)


def test_illegal_actions_raise_and_change_nothing():
    rng = random.Random(0)
    for state in walk(7)[:-1]:
        before = state.digest()
        bad = [Move((9, 5)), Take(3, "Attic"), Unlock("key"), Chance("no such outcome"),
               Draft(2)]
        for action in bad:
            if state.is_chance and isinstance(action, Chance) or action in state.legal_actions():
                continue
            with pytest.raises(IllegalAction):
                state.apply(action)
        assert state.digest() == before
        if not state.is_chance and state.legal_actions():
            state.apply(rng.choice(state.legal_actions()))
            assert state.digest() == before  # apply never changes the old state


def test_same_inputs_same_run_in_another_process():
    state = play_day(new_day(RULES, seed=11), greedy_policy, random.Random(1))
    code = ("import random;from manorkit.blueprince.engine import new_day;"
            "from manorkit.blueprince.sim.policies import play_day, greedy_policy;"
            "print(play_day(new_day(seed=11), greedy_policy, random.Random(1)).digest())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={"PYTHONHASHSEED": "123"})
    assert out.stdout.strip() == state.digest()


def test_chance_outcomes_are_exact_and_sum_to_one():
    for state in walk(2):
        if state.is_chance:
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == 1
            assert all(isinstance(p, Fraction) for _, p in outcomes)


def test_tile_draw_probabilities_follow_the_bag():
    state = new_day(RULES).apply(Draft(N))
    assert state.is_chance and state.pending[0].name == "draw_tile"
    probs = dict((c.value, p) for c, p in state.chance_outcomes())
    bag = RULES.bag()
    assert probs == {t: Fraction(int(n), int(bag.sum())) for t, n in bag.items()}


# -- rules of Action A ----------------------------------------------------------------------

def state_at(rank_room: str, cell, **resources) -> State:
    """A fresh day with ``rank_room`` placed at ``cell`` and the marker on it."""
    from dataclasses import replace
    from types import MappingProxyType

    from manorkit.blueprince.board import Tile
    day = new_day(RULES)
    shape = RULES.room(rank_room)["shape"]
    board = dict(day.board)
    board[cell] = Tile(rank_room, cell, 0, doors(shape, 0))
    res = {**day.resources, **resources}
    return replace(day, board=MappingProxyType(board), position=cell,
                   resources=MappingProxyType(res))


def rich(**resources) -> State:
    """A fresh day with some resources changed."""
    from dataclasses import replace
    from types import MappingProxyType
    day = new_day(RULES)
    return replace(day, resources=MappingProxyType({**day.resources, **resources}))


def test_ranks_one_to_three_never_roll_a_lock():
    state = new_day(RULES).apply(Draft(N))
    assert state.pending[0].name == "draw_tile"


@pytest.mark.parametrize("rank, die", [(4, "lock_white"), (5, "lock_blue"), (8, "lock_red")])
def test_lock_roll_uses_the_rank_die(rank, die):
    state = state_at("Passageway", (rank, 3)).apply(Draft(E))
    assert state.pending[0].name == "lock_roll"
    probs = {c.value: p for c, p in state.chance_outcomes()}
    faces = RULES.die(die)
    assert probs["LOCKED"] == Fraction(int(faces["LOCKED"]), int(faces.sum()))


@pytest.mark.rule(("Unlock", "Draft"), "action")
@pytest.mark.rule("Key", "use")
def test_a_lock_is_paid_or_turned_back_and_never_rerolled():
    state = state_at("Passageway", (5, 3), keys=1).apply(Draft(E)).apply(Chance("LOCKED"))
    assert [str(a) for a in state.legal_actions()] == ["spend a Key", "turn back"]
    back = state.apply(Unlock("turn_back"))
    assert back.drafting is None and len(back.padlocks) == 1
    again = back.apply(Draft(E))
    assert not again.is_chance  # no re-roll: straight to paying
    paid = again.apply(Unlock("key"))
    assert paid.resources["keys"] == 0 and not paid.padlocks
    assert paid.pending[0].name == "draw_tile"


def draw(state: State, *tiles: str) -> State:
    for tile in tiles:
        state = state.apply(Chance(tile))
    return state


def test_slot_one_is_free_and_unaffordable_tiles_cannot_be_taken():
    state = draw(new_day(RULES).apply(Draft(N)), "Attic", "Vault", "Den")
    takes = {a.slot: a for a in state.legal_actions() if isinstance(a, Take)}
    assert 1 in takes and 3 in takes and 2 not in takes  # Vault costs gems; 0 gems held
    after = state.apply(takes[1]).settle(random.Random(0))
    assert after.resources["gems"] == 0 and after.board[(2, 3)].room == "Attic"
    assert after.bag["Vault"] == 1 and after.bag["Den"] == 1  # unchosen tiles go back


def test_paying_gems_for_slot_two():
    state = draw(rich(gems=5).apply(Draft(N)), "Den", "Vault",
                 "Closet")
    take = next(a for a in state.legal_actions() if isinstance(a, Take) and a.slot == 2)
    after = state.apply(take).settle(random.Random(0))
    assert after.resources["gems"] == 5 - RULES.room("Vault")["gem_cost"]


def test_placement_restrictions_are_honoured():
    state = draw(new_day(RULES).apply(Draft(N)), "Master Bedroom", "Den", "Nook")
    rooms = {a.room for a in state.legal_actions() if isinstance(a, Take)}
    assert "Master Bedroom" not in rooms  # Column 5 only; this door leads to column 3


@pytest.mark.rule("Ivory Dice", "redraw")
@pytest.mark.rule("Redraw", "action")
def test_redraw_sets_tiles_aside_until_the_draft_ends():
    state = rich(ivory_dice=1).apply(Draft(N))
    state = draw(state, "Den", "Nook", "Closet")
    redrawn = next(a for a in state.legal_actions() if str(a).startswith("redraw"))
    state = state.apply(redrawn)
    assert state.resources["ivory_dice"] == 0
    outcomes = {c.value for c, _ in state.chance_outcomes()}
    assert not {"Den", "Nook", "Closet"} & outcomes  # set aside: never redrawn this draft
    state = draw(state, "Storeroom", "Bedroom", "Pantry")
    take = next(a for a in state.legal_actions() if isinstance(a, Take))
    done = state.apply(take).settle(random.Random(0))
    for tile in {"Den", "Nook", "Closet", "Storeroom", "Bedroom", "Pantry"} - {take.room}:
        assert done.bag[tile] == 1


@pytest.mark.rule(("Move", "Take"), "action")
@pytest.mark.rule("Den", "enter")
def test_moves_cost_rooms_traversed_and_entry_effects_fire_at_the_destination():
    state = draw(new_day(RULES).apply(Draft(N)), "Hallway", "Den", "Nook")
    hall = state.apply(next(a for a in state.legal_actions() if isinstance(a, Take)
                            and a.room == "Hallway")).settle()
    hall = hall.apply(Move((2, 3)))
    assert hall.resources["steps"] == 49
    state = draw(hall.apply(Draft(N)), "Den", "Nook", "Spare Room")
    den = state.apply(next(a for a in state.legal_actions()
                           if isinstance(a, Take) and a.room == "Den")).settle()
    back = den.apply(Move((1, 3)))
    assert back.resources["steps"] == 48
    there = back.apply(Move((3, 3)))
    assert there.resources["steps"] == 46  # Hallway then Den: 2 rooms
    assert there.resources["gems"] == 1  # the Den's gem, on entry only
    again = there.apply(Move((2, 3))).apply(Move((3, 3)))
    assert again.resources["gems"] == 1  # repeat_entry_rewards: first entry per run



def _square(**resources):
    """Four crossroads (2, 2), (2, 3), (3, 2), (3, 3) above the Entrance Hall, a padlock on
    the door between (2, 2) and (2, 3), the marker at (2, 2): the room east is 1 step through
    the padlock or 3 steps round it."""
    from types import MappingProxyType

    from manorkit.blueprince.board import Tile, edge

    day = new_day(RULES)
    board = {**day.board, **{c: Tile("Passageway", c, 0, doors("cross", 0))
                             for c in ((2, 2), (2, 3), (3, 2), (3, 3))}}
    return replace(day, board=MappingProxyType(board), position=(2, 2),
                   padlocks=frozenset({edge((2, 2), E)}), entered=frozenset({(1, 3)}),
                   resources=MappingProxyType({**day.resources, **resources}))


@pytest.mark.rule("Move", "action")
def test_a_route_through_a_padlock_is_offered_beside_the_detour():
    """§4 Action B: the player declares the route; each padlock on it is paid (a Key, a
    Lockpick Kit charge, a Silver Key). Besides the route with the fewest padlocks, each
    route paying more padlocks for fewer steps is offered (one per number of padlocks)."""
    from types import MappingProxyType

    state = _square(keys=1)
    east = sorted(str(a) for a in state.legal_actions(Move) if a.cell == (2, 3))
    assert east == ["move to Passageway (2, 3), 1 step, paying key",
                    "move to Passageway (2, 3), 3 steps"]
    home = [str(a) for a in state.legal_actions(Move) if a.cell == (1, 3)]
    assert home == ["move to Entrance Hall (1, 3), 4 steps",
                    "move to Entrance Hall (1, 3), 2 steps, paying key"]
    paid = state.apply(Move((2, 3), steps=1, pay=("key",)))
    assert paid.position == (2, 3) and paid.resources["keys"] == 0 and not paid.padlocks
    assert paid.resources["steps"] == state.resources["steps"] - 1
    kit = replace(state, items=MappingProxyType({"Lockpick Kit": 3}))
    assert "move to Passageway (2, 3), 1 step, paying lockpick" in map(str, kit.legal_actions())
    broke = _square(keys=0)
    assert [str(a) for a in broke.legal_actions(Move) if a.cell == (2, 3)] == [
        "move to Passageway (2, 3), 3 steps"]


def test_the_greedy_bot_walks_round_a_padlock_rather_than_pay():
    """Greedy keeps its keys: of the routes to a room it takes the one with fewest padlocks."""
    from manorkit.blueprince.sim import GreedyPolicy

    state = replace(_square(keys=2), entered=frozenset({(1, 3), (2, 2), (3, 2), (3, 3)}))
    choice = GreedyPolicy().explore(state)
    assert (choice.cell, choice.steps, choice.pay) == ((2, 3), 3, ())

@pytest.mark.rule("EndDay", "action")
def test_the_day_ends_at_zero_steps_or_by_choice():
    state = rich(steps=1)
    state = draw(state.apply(Draft(N)), "Spare Room", "Den", "Nook")
    take = next(a for a in state.legal_actions() if isinstance(a, Take) and a.room == "Spare Room")
    state = state.apply(take).settle()
    out = state.apply(Move((2, 3)))
    assert out.is_over and out.over == "out of steps"
    with pytest.raises(IllegalAction):
        out.apply(EndDay())
    assert new_day(RULES).apply(EndDay()).over == "called it a day"


@pytest.mark.rule("Pantry", "draft", "enter")
@pytest.mark.rule("Eat", "action")
def test_pantry_fruit_and_eating():
    state = draw(new_day(RULES).apply(Draft(N)), "Pantry", "Den", "Nook")
    state = state.apply(next(a for a in state.legal_actions()
                             if isinstance(a, Take) and a.room == "Pantry"))
    while state.is_chance and state.pending[0].name != "fruit":
        state = state.resolve()
    weights = {c.value: p for c, p in state.chance_outcomes()}
    table = RULES.table("pantry_fruit").set_index("fruit")["weight"]
    assert weights == {f: Fraction(int(w), int(table.sum())) for f, w in table.items()}
    state = state.apply(Chance("banana")).settle()
    state = state.apply(Move((2, 3)))
    coins = state.resources["coins"]
    eaten = state.apply(next(a for a in state.legal_actions() if str(a) == "eat the banana"))
    assert eaten.resources["steps"] == state.resources["steps"] + 3
    assert coins == 5 + 4  # Pantry: 4 coins on first entry


@pytest.mark.rule("Dig", "action")
@pytest.mark.rule("Shovel", "dig")
def test_dig_and_trunk_draw_cards_and_reshuffle():
    from dataclasses import replace
    from types import MappingProxyType
    state = replace(new_day(RULES), dirt=MappingProxyType({(1, 3): 30}),
                    items=MappingProxyType({"Shovel": 1}),
                    held_cards=MappingProxyType({("special_items", "Shovel"): 1}),
                    decks=MappingProxyType({**new_day(RULES).decks, "special_items": (
                        MappingProxyType({**RULES.deck("special_items").to_dict(),
                                          "Shovel": 2}), MappingProxyType({}))}))
    root = state
    for _ in range(25):  # more digs than the 21-card deck: it reshuffles
        state = state.apply(next(a for a in state.legal_actions() if str(a) == "dig a dirt pile"))
        state = state.settle()
        check(state, root)
    assert any("reshuffled" in e for e in state.log["effect"])


def test_log_is_a_dataframe_with_sections():
    state = play_day(new_day(RULES, seed=4), greedy_policy)
    log = state.log
    assert list(log.columns) == ["step", "turn", "action", "effect", "section"]
    assert log["section"].str.startswith("§").all()
    assert "<svg" in state._repr_html_()


def test_variants_change_the_engine():
    loose = load_rules(lock_rank_basis="target_cell")
    state = new_day(loose).apply(Draft(N))
    assert state.pending[0].name == "draw_tile"  # (2, 3) is rank 2: still never locked
    high = state_at("Passageway", (3, 3))
    assert not high.apply(Draft(N)).pending[0].name == "lock_roll"
    from dataclasses import replace
    moved = replace(high, rules=loose)
    assert moved.apply(Draft(N)).pending[0].name == "lock_roll"  # into rank 4: white die


def test_actions_read_well():
    state = new_day(RULES)
    assert str(state.legal_actions()[0]) == "draft north from Entrance Hall (1, 3)"
    assert str(Take(2, "Den", 1)) == "take Slot 2: Den, rotated 90°"
    assert str(Move((2, 2), "Pantry", 2)) == "move to Pantry (2, 2), 2 steps"
    assert W in state.board[(1, 3)].doors and N in state.board[(1, 3)].doors
    assert Counter(type(a).__name__ for a in state.legal_actions())["Draft"] == 3


@pytest.mark.parametrize("room, rank", [("Passageway", 4), ("Passageway", 6), ("Den", 8),
                                        ("Great Hall", 5), ("Corridor", 7), ("Gymnasium", 4)])
def test_lock_rolls_agree_with_the_lock_calculator(room, rank):
    from manorkit.blueprince.odds.locks import lock_chance
    state = state_at(room, (rank, 3))
    direction = next(d for d in sorted(state.board[(rank, 3)].doors) if d != 2)
    state = state.apply(Draft(direction))
    engine = dict((c.value, p) for c, p in state.chance_outcomes()).get("LOCKED", 0) \
        if state.pending and state.pending[0].name == "lock_roll" else 0
    assert engine == lock_chance(rank, room)


def test_card_draws_agree_with_the_deck_calculator():
    from dataclasses import replace
    from types import MappingProxyType

    from manorkit.blueprince.odds.decks import deck_at_least
    state = replace(new_day(RULES), dirt=MappingProxyType({(1, 3): 1}),
                    items=MappingProxyType({"Shovel": 1}))
    state = state.apply(next(a for a in state.legal_actions() if str(a) == "dig a dirt pile"))
    engine = {c.value: p for c, p in state.chance_outcomes()}
    assert engine == {card: deck_at_least("dig", card, 1) for card in RULES.deck("dig").index}


def _first_pending(state: State, kind: str) -> State:
    while state.pending and state.pending[0].name != kind:
        state = state.resolve()
    assert state.pending and state.pending[0].name == kind
    return state


@pytest.mark.rule("Den", "draft")
@pytest.mark.parametrize("room", ["Bedroom", "Den", "Guest Bedroom"])
def test_trunk_rolls_agree_with_the_room_table_calculator(room):
    from manorkit.blueprince.odds.room_tables import trunks_on_draft
    state = draw(new_day(RULES).apply(Draft(N)), room, "Spare Room", "Nook")
    state = state.apply(next(a for a in state.legal_actions()
                             if isinstance(a, Take) and a.room == room))
    state = _first_pending(state, "trunk")
    engine = {c.value: p for c, p in state.chance_outcomes()}
    assert engine["OPEN"] == trunks_on_draft(room).p(1)


def test_pantry_fruit_and_spawns_agree_with_the_room_table_calculator():
    from manorkit.blueprince.odds.room_tables import item_spawn, nook, pantry_fruit
    state = draw(new_day(RULES).apply(Draft(N)), "Pantry", "Spare Room", "Nook")
    state = _first_pending(state.apply(Take(1, "Pantry")), "fruit")
    assert {c.value: p for c, p in state.chance_outcomes()} == pantry_fruit().pmf
    for room, odds in (("Bedroom", item_spawn("Bedroom")), ("Nook", nook())):
        state = draw(new_day(RULES).apply(Draft(N)), room, "Spare Room", "Den")
        state = state.apply(next(a for a in state.legal_actions()
                                 if isinstance(a, Take) and a.room == room)).settle()
        state = _first_pending(state.apply(Move((2, 3))), "spawn")
        hits = state.pending[0].data[0]
        assert sum(p for c, p in state.chance_outcomes() if c.value in hits) == odds


def test_tile_draws_agree_with_the_drafting_calculator():
    from manorkit.blueprince.odds import draft
    state = new_day(RULES).apply(Draft(N))
    first = {c.value: p for c, p in state.chance_outcomes()}
    assert first["Master Bedroom"] == draft("Master Bedroom", draw=1)
    # Three draws without replacement through the engine's chance steps. P(Attic next)
    # depends only on how many tiles are left, so following any non-Attic tile is enough.
    p_seen, p_missed = Fraction(0), Fraction(1)
    for _ in range(3):
        outcomes = {c.value: p for c, p in state.chance_outcomes()}
        p_seen += p_missed * outcomes["Attic"]
        p_missed *= 1 - outcomes["Attic"]
        state = state.apply(Chance(next(t for t in outcomes if t != "Attic")))
    assert p_seen == draft("Attic", draw=3)


# -- defects of the first engine, fixed ---------------------------------------------------------

def test_auto_enter_moves_into_the_drafted_room_for_one_step():
    rules = RULES.with_variants(enter_after_draft="auto_enter")
    state = draw(new_day(rules).apply(Draft(N)), "Den", "Spare Room", "Nook")
    state = state.apply(Take(1, "Den")).settle(random.Random(0))
    assert state.position == (2, 3) and state.resources["steps"] == 49
    assert (2, 3) in state.entered and state.resources["gems"] == 1  # the Den's entry gem


#: The tiles that roll for an item on their first entry (item_spawns.csv), named
#: (coverage() reads the names; the next test checks them against the data).
SPAWNING = ("Bedroom", "Boudoir", "Bunk Room", "Cloister", "Courtyard", "Dormitory",
            "Greenhouse", "Guest Bedroom", "Her Ladyship's Chamber", "Master Bedroom",
            "Morning Room", "Nook", "Nursery", "Patio", "Secret Garden", "Servant's Quarters",
            "Solarium", "Terrace", "Veranda")


def test_the_spawning_rooms_are_those_of_the_data():
    assert SPAWNING == tuple(sorted(
        room for room, row in RULES.rows("tables/item_spawns.csv").items()
        if row["die"] and row["when"] == "entry"
        and RULES.room(room)["category"] not in ("expansion", "outer")))


@pytest.mark.rule(SPAWNING, "enter")
@pytest.mark.parametrize("room", SPAWNING)
def test_every_room_with_a_spawn_roll_rolls_it_on_first_entry(room):
    from manorkit.blueprince.engine.script import choose

    from .test_agreement import at

    state = at(RULES, "Passageway", (3, 3))
    board = dict(state.board)
    shape = RULES.room(room)["shape"]
    rotation = next(r for r in range(4) if E in doors(shape, r))
    from manorkit.blueprince.board import Tile
    board[(3, 2)] = Tile(room, (3, 2), rotation, doors(shape, rotation))
    from dataclasses import replace
    from types import MappingProxyType
    state = replace(state, board=MappingProxyType(board))
    state = state.apply(choose(state, f"move to {room}"))
    names = []
    while state.is_chance:
        names.append(state.pending[0].name)
        state = state.resolve()
    assert "spawn" in names, f"{room} rolled {names}"


def test_routes_match_the_general_search_on_random_boards():
    """``board.cheapest`` searches breadth-first while no padlock lies on a route; it must
    give what the general search (``_cheapest_locked``) gives, in the same order, and
    ``board.links`` what a plain reading of the doors gives."""
    from manorkit.blueprince.board import (
        _EDGES,
        _NEIGHBOURS,
        Tile,
        _cheapest_locked,
        cheapest,
        links,
    )
    from manorkit.blueprince.placement import COLS, RANKS

    rng = random.Random(7)
    cells = [(r, c) for r in RANKS for c in COLS]
    locked_seen = 0
    for _ in range(300):
        board = {cell: Tile("Parlor", cell, 0, frozenset(d for d in range(4)
                                                        if rng.random() < 0.6))
                 for cell in rng.sample(cells, rng.randint(2, 30))}
        expected = {c: tuple((_NEIGHBOURS[(c, d)], _EDGES[(c, d)]) for d in sorted(t.doors)
                             if _NEIGHBOURS[(c, d)] in board
                             and (d + 2) % 4 in board[_NEIGHBOURS[(c, d)]].doors)
                    for c, t in board.items()}
        got = links(board)
        assert list(got.items()) == list(expected.items())
        edges = [e for row in got.values() for _, e in row]
        padlocks = frozenset(rng.sample(edges, min(len(edges), rng.randint(0, 3))))
        start = rng.choice(list(board))
        fast = cheapest(got, start, padlocks)
        assert list(fast.items()) == list(_cheapest_locked(got, start, padlocks).items())
        locked_seen += any(v[0] for v in fast.values())
    assert locked_seen > 20  # the padlocked case was exercised



def test_faster_routes_match_a_search_by_padlocks_paid_on_random_boards():
    """``board.faster``: for each room, the routes paying more padlocks than the cheapest for
    fewer steps; checked against a plain search of the fewest steps per number of padlocks
    paid (breadth-first over every path's room and count)."""
    from manorkit.blueprince.board import Tile, cheapest, faster, links
    from manorkit.blueprince.placement import COLS, RANKS

    rng = random.Random(11)
    cells = [(r, c) for r in RANKS[:4] for c in COLS[:4]]  # (every simple path is walked)
    seen_any = 0
    for _ in range(300):
        board = {cell: Tile("Parlor", cell, 0, frozenset(d for d in range(4)
                                                        if rng.random() < 0.8))
                 for cell in rng.sample(cells, rng.randint(6, 16))}
        got = links(board)
        edges = sorted({e for row in got.values() for _, e in row})
        padlocks = frozenset(rng.sample(edges, min(len(edges), rng.randint(0, 5))))
        start, most = rng.choice(list(board)), rng.randint(0, 4)
        routes = cheapest(got, start, padlocks)
        fewest: dict = {}  # (room, padlocks paid) -> fewest steps, paths never re-entering
        frontier = {(start, 0, frozenset({start}))}
        for steps in range(1, len(board)):
            frontier = {(o, k + (e in padlocks), used | {o}) for c, k, used in frontier
                        for o, e in got[c] if o not in used and k + (e in padlocks) <= most}
            for o, k, _ in frontier:
                fewest.setdefault((o, k), steps)
        expected = {}
        for cell, (locks, steps, _) in routes.items():
            kept, best = [], steps
            for k in range(locks + 1, most + 1):
                if (cell, k) in fewest and fewest[cell, k] < best:
                    best = fewest[cell, k]
                    kept.append((k, best))
            if kept:
                expected[cell] = kept
        found = faster(got, start, padlocks, routes, most)
        assert {c: [(k, n) for k, n, _ in v] for c, v in found.items()} == expected
        for options in found.values():
            for k, _, doors_on in options:
                assert len(doors_on) == k and set(doors_on) <= padlocks
        seen_any += bool(found)
    assert seen_any > 20  # faster routes were found

def test_a_random_step_with_nothing_to_draw_is_dropped():
    """``Step.drawable`` (§8): a roll whose options all weigh 0 and a deck with no card in
    either pile are dropped with an event; dice, orientations and tile draws never are."""
    from manorkit.blueprince.engine.pending import CardDraw, LockRoll, Orient, Roll, TileDraw
    from manorkit.blueprince.engine.reducer import _CopyOnWrite

    work = _CopyOnWrite(new_day(RULES, seed=1), None)
    deck = next(iter(work.decks))
    empty = Roll("trunk", (1, 3), options=(("1", 0), ("2", 0)))
    assert not empty.drawable(work) and Roll("trunk", (1, 3), die="d6").drawable(work)
    assert LockRoll("lock_red").drawable(work) and Orient((0, 1)).drawable(work)
    assert TileDraw().drawable(work) and CardDraw(deck, (1, 3)).drawable(work)
    work.decks[deck] = ({}, {})
    assert not CardDraw(deck, (1, 3)).drawable(work)
    work.pending[:] = [empty, CardDraw(deck, (1, 3)), LockRoll("lock_red")]
    work._prune()
    assert work.pending == [LockRoll("lock_red")]
    said = [e.effect for e in work.events]
    assert any("nothing left to" in e for e in said) and any("no cards left" in e for e in said)


def test_check_refuses_two_equal_legal_actions(monkeypatch):
    """Legal actions are a set (issue 24): :func:`check` fails a state offering one twice,
    and the Photo with the Magnifying Glass offers the gate code once."""
    from types import MappingProxyType

    root = new_day(RULES)
    held = replace(root, items=MappingProxyType({"Photo": 1, "Magnifying Glass": 1}))
    check(held, held)
    assert [str(a) for a in held.legal_actions()].count("gate code: 1128") == 1
    monkeypatch.setattr(State, "legal_actions", lambda self, kind=None: [EndDay(), EndDay()])
    with pytest.raises(AssertionError, match="two legal actions are equal"):
        check(root, root)


def _drawing(deck: str, items: dict) -> State:
    """A fresh day holding ``items``, one ``deck`` card pending at the Entrance Hall."""
    from types import MappingProxyType

    from manorkit.blueprince.engine.pending import CardDraw

    return replace(new_day(RULES), items=MappingProxyType(items),
                   pending=(CardDraw(deck, (1, 3)),))


def test_a_silver_key_card_while_one_is_held_gives_a_key():
    """§8 Dig Result Deck: "Silver Key — If already held, gain 1 Key instead": the held key
    keeps its charges (an item of several charges is "already held" too)."""
    s = _drawing("dig", {"Silver Key": 1}).apply(Chance("Silver Key", "dig card"))
    assert s.resources["keys"] == 1 and s.items["Silver Key"] == 1


def test_a_lockpick_kit_card_while_one_is_held_is_a_fresh_card():
    """§8 Trunk Result Deck prints no "if already held" for the Lockpick Kit, and §7 says
    "only a fresh card resets" its charges: the fresh card replaces the held one."""
    s = _drawing("trunk", {"Lockpick Kit": 1}).apply(Chance("Lockpick Kit", "trunk card"))
    assert s.items["Lockpick Kit"] == 3 and s.resources["keys"] == 0


# -- items used where their rules apply (§6, §7, §8) ---------------------------------------------

def _holding(state: State, **items) -> State:
    from types import MappingProxyType

    return replace(state, items=MappingProxyType(items))


@pytest.mark.rule("Lockpick Kit", "unlock", "move")
@pytest.mark.rule("Silver Key", "unlock", "move")
def test_the_lockpick_kit_and_the_silver_key_open_doors_and_pay_padlocks():
    """§6: a Lockpick Kit charge or a Silver Key use opens a locked door instead of a Key
    (the Silver Key with a free redraw on that draft); §4 Action B: each pays a padlock on a
    route; a spent charge is marked, the last one discards the card."""
    locked = state_at("Passageway", (5, 3)).apply(Draft(E)).apply(Chance("LOCKED"))
    kit = _holding(locked, **{"Lockpick Kit": 1}).apply(Unlock("lockpick"))
    assert "Lockpick Kit" not in kit.items and not kit.padlocks
    assert kit.pending[0].name == "draw_tile" and not kit.drafting.free_redraws
    silver = _holding(locked, **{"Silver Key": 2}).apply(Unlock("silver_key"))
    assert silver.items["Silver Key"] == 1 and silver.drafting.free_redraws == ("silver_key",)
    square = _holding(_square(), **{"Lockpick Kit": 3, "Silver Key": 2})
    picked = square.apply(Move((2, 3), steps=1, pay=("lockpick",)))
    assert picked.items["Lockpick Kit"] == 2 and not picked.padlocks
    keyed = square.apply(Move((2, 3), steps=1, pay=("silver_key",)))
    assert keyed.items["Silver Key"] == 1 and keyed.position == (2, 3)


@pytest.mark.rule("Metal Detector", "dig")
def test_the_metal_detector_draws_two_dig_cards_a_dig():
    """§8 Digging: "Holding the Metal Detector: Draw 2 Dig Result cards per dig"."""
    from types import MappingProxyType

    state = replace(new_day(RULES), dirt=MappingProxyType({(1, 3): 2}))
    plain = _holding(state, Shovel=1).apply(Dig())
    both = _holding(state, Shovel=1, **{"Metal Detector": 1}).apply(Dig())
    assert [p.deck for p in plain.pending] == ["dig"]
    assert [p.deck for p in both.pending] == ["dig", "dig"]


@pytest.mark.rule("Watering Can", "use")
def test_the_watering_can_takes_a_gem_from_each_green_room_once():
    """§7 Watering Can: in a Green Room, 1 gem from that room; 3 uses marked on the card."""
    from manorkit.blueprince.engine import Use

    state = _holding(state_at("Patio", (2, 3)), **{"Watering Can": 3})
    assert Use("watering_can") in state.legal_actions()
    watered = state.apply(Use("watering_can"))
    assert watered.resources["gems"] == 1 and watered.items["Watering Can"] == 2
    assert Use("watering_can") not in watered.legal_actions()  # that room's gem is taken
    assert Use("watering_can") not in _holding(state_at("Den", (2, 3)), **{
        "Watering Can": 3}).legal_actions()  # not a Green Room


@pytest.mark.rule("Treasure Map", "use")
def test_the_treasure_map_digs_its_hidden_spot_with_the_shovel():
    """§7 Treasure Map: holding the Shovel, in a room of the type shown, dig the hidden spot
    for 25 coins; single use."""
    from types import MappingProxyType

    from manorkit.blueprince.engine import Use

    state = _holding(state_at("Patio", (2, 3)), Shovel=1, **{"Treasure Map": 1})
    state = replace(state, flags=MappingProxyType({"treasure_map": "green"}))
    dug = state.apply(Use("treasure_dig"))
    assert dug.resources["coins"] == 5 + 25 and "Treasure Map" not in dug.items
    assert Use("treasure_dig") not in _holding(state, **{"Treasure Map": 1}).legal_actions()
