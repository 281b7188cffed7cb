"""Entering rooms, drawing cards and rolling dice: what the engine keeps per rules value
(entry rewards and spawns, refused cards, dice totals, permanent cards, hooked items) follows
the rules it was read from, never a stale copy (§4 Action B, §7, §8, §16)."""

import random
from dataclasses import replace
from types import MappingProxyType

import pytest

from manorkit.blueprince import load_rules
from manorkit.blueprince.board import S, Tile, doors
from manorkit.blueprince.engine import Chance, Move, hooks, new_day, turn
from manorkit.blueprince.engine.fast import FastDay
from manorkit.blueprince.engine.pending import CardDraw, LockRoll, Roll, Step, roll_die, sample
from manorkit.blueprince.mechanics.cards import card_gain, card_refused, refused_cards

RULES = load_rules()
ROOM = (2, 3)  # north of the Entrance Hall


def house(room: str, rules=RULES, **fields):
    """A fresh day with ``room`` placed north of the Entrance Hall, its south door open."""
    day = new_day(rules)
    shape = rules.room(room)["shape"]
    rot = next(r for r in range(4) if S in doors(shape, r))
    board = {**day.board, ROOM: Tile(room, ROOM, rot, doors(shape, rot))}
    changes = {name: MappingProxyType({**getattr(day, name), **value})
               for name, value in fields.items()}
    return replace(day, board=MappingProxyType(board), **changes)


def visits(state, n: int):
    """The states after each of ``n`` entries into the room (walking back between them)."""
    out = []
    for _ in range(n):
        state = state.apply(Move(ROOM))
        out.append(state)
        state = state.settle().apply(Move((1, 3)))
    return out


def test_entry_rewards_follow_the_rules_they_are_read_from():
    gems = [s.resources["gems"] for s in visits(house("Den"), 2)]
    assert gems == [1, 1]  # the Den's gem, first entry only
    three = RULES.with_table("room_resources", "Den", gems=3)
    assert [s.resources["gems"] for s in visits(house("Den", three), 2)] == [3, 3]
    every = RULES.with_variants(repeat_entry_rewards="every_entry")
    assert [s.resources["gems"] for s in visits(house("Den", every), 2)] == [1, 2]
    assert [s.resources["gems"] for s in visits(house("Den"), 2)] == [1, 1]



@pytest.mark.rule("Storeroom", "enter")
def test_the_storeroom_holds_a_key_a_gem_and_a_coin_on_its_first_entry():
    """§16 Storeroom (room_resources.csv): 1 Key, 1 gem and 1 coin, the first entry each
    run under the default ``repeat_entry_rewards``."""
    first, again = visits(house("Storeroom"), 2)
    start = new_day(RULES).resources
    assert [first.resources[r] - start[r] for r in ("keys", "gems", "coins")] == [1, 1, 1]
    assert [again.resources[r] for r in ("keys", "gems", "coins")] == [1, 1, 6]

def test_losses_on_every_entry_except_in_a_sheltered_room():
    coins = [s.resources["coins"] for s in visits(house("Chapel", resources={"coins": 5}), 2)]
    assert coins == [4, 3]
    sheltered = house("Chapel", resources={"coins": 5}, flags={"sheltered": [list(ROOM)]})
    assert [s.resources["coins"] for s in visits(sheltered, 2)] == [5, 5]


def test_spawns_on_entry_follow_the_rules_they_are_read_from():
    first, again = visits(house("Closet"), 2)
    assert first.pending == (CardDraw("common_items", ROOM, bottom=True),
                             CardDraw("special_items", ROOM, bottom=True))
    assert again.pending == ()  # first entry only
    on_draft = RULES.with_table("item_spawns", "Closet", when="draft")
    assert visits(house("Closet", on_draft), 1)[0].pending == ()
    assert not visits(house("Hallway"), 1)[0].pending


def test_refused_cards_are_read_per_rules_and_room():
    only = RULES.with_variants(cupcake_source="walk_in_closet_only")
    assert refused_cards(RULES, "special_items", "Closet") == frozenset()
    assert refused_cards(only, "special_items", "Closet") == {"Cupcake"}
    assert refused_cards(only, "special_items", "Walk-in Closet") == frozenset()
    assert refused_cards(only, "special_items", "Closet") == {
        card for card in only.rows("decks/special_items.csv")
        if card_refused(only, "special_items", card, "Closet")}
    closet = house("Closet", only)
    assert "Cupcake" in CardDraw("special_items", ROOM).weights(house("Closet"))
    assert "Cupcake" not in CardDraw("special_items", ROOM).weights(closet)


@pytest.mark.parametrize("die", ["lock_white", "lock_blue", "lock_red", "d6"])
def test_a_die_rolls_as_its_weights_are_sampled(die):
    state = new_day(RULES)
    for step in (LockRoll(die), Roll("trunk", ROOM, die)):
        for seed in range(60):
            assert step.sample(state, random.Random(seed)) == Step.sample(
                step, state, random.Random(seed))
    rolled = {roll_die(RULES, die, random.Random(s)) for s in range(200)}
    assert rolled == {face for face, n in RULES.die_faces(die).items() if n}


def test_an_edited_die_rolls_its_own_faces():
    roll_die(RULES, "lock_red", random.Random(0))  # the shipped die read first
    never = RULES.with_die("lock_red", LOCKED=0)
    assert {roll_die(never, "lock_red", random.Random(s)) for s in range(100)} == {"OPEN"}
    assert sample({"OPEN": 1, "LOCKED": 0}, random.Random(3)) == "OPEN"


def test_a_permanent_card_follows_the_carry_forward_table():
    effect = "Allowance Token: +2 coins at start of every run"
    for rules, coins in ((RULES, 2), (RULES.with_table("carry_forward", effect, coins=5), 5)):
        state = replace(new_day(rules), pending=(CardDraw("trunk", (1, 3)),))
        drawn = state.apply(Chance("Allowance Token", "trunk card"))
        assert drawn.carry["allowance"] == {"coins": coins}


def test_hooked_items_are_kept_sorted_by_kind():
    for kind, names in hooks._HOOKED.items():
        assert names == tuple(sorted(n for n, rule in hooks.ITEMS.items()
                                     if getattr(rule, kind) is not None))
    assert "Sleeping Mask" in hooks._HOOKED["enter"]


def test_entry_watchers_follow_the_board_of_a_fast_day():
    assert turn._watchers(FastDay(new_day(RULES), random.Random(0)).work) == []  # none acts
    rules = RULES.with_variants(random_spawn_deck="special_possible", east_lever="placeholder_room")
    day = FastDay(new_day(rules), random.Random(0))
    fixed = turn._watchers(day.work)
    assert [room for _, room in fixed] == ["Entrance Hall", "Antechamber"]
    assert turn._watchers(day.work) is fixed  # kept while the board stands
    shape = RULES.room("Veranda")["shape"]
    day.board[ROOM] = Tile("Veranda", ROOM, 0, doors(shape, 0))
    assert turn._watchers(day.work) == sorted([*fixed, (ROOM, "Veranda")])
    day.board[ROOM] = Tile("Den", ROOM, 0, doors(RULES.room("Den")["shape"], 0))
    assert turn._watchers(day.work) == fixed


def test_a_card_gives_what_the_rules_it_is_read_from_print():
    assert card_gain(RULES, "common_items", "2 Coins").amounts == {"coins": 2}
    edited = RULES.edit("deck:common_items", "2 Coins", coins=5, gems=1)
    assert card_gain(edited, "common_items", "2 Coins").amounts == {"coins": 5, "gems": 1}
    got = card_gain(RULES, "common_items", "2 Coins")
    got.amounts["coins"] = 9  # a gain's amounts are its own
    assert card_gain(RULES, "common_items", "2 Coins").amounts == {"coins": 2}
