"""Room-table odds checked against closed forms from the rulebook, icepool and Monte Carlo.

Monte Carlo runs roll physical dice built from ``dice.csv`` with a fixed seed; a chance p is
accepted when |p̂ − p| ≤ 4·sqrt(p(1−p)/n), a mean μ when |x̄ − μ| ≤ 4·s/√n (s the sample
standard deviation): a false alarm has odds below 1 in 15,000 per check.
"""

from __future__ import annotations

import math
import random
import statistics
from fractions import Fraction
from functools import reduce

import icepool
import pytest
from scipy import stats

from manorkit.blueprince import load_rules
from manorkit.blueprince.odds import room_tables as rt
from manorkit.blueprince.odds.room_tables import Haul, Passage, Reward
from manorkit.dist import Dist

N = 20_000
RULES = load_rules()
D6 = icepool.d6


def close(hits: int, n: int, p: Fraction) -> bool:
    return abs(hits / n - float(p)) <= 4 * math.sqrt(float(p * (1 - p)) / n) + 1e-12


def mean_close(sample: list[float], mu: Fraction) -> bool:
    return abs(statistics.fmean(sample) - float(mu)) <= 4 * statistics.stdev(sample) / math.sqrt(
        len(sample)) + 1e-12


def physical(die_name: str, rules=RULES) -> list[str]:
    """The faces of a die of ``dice.csv``, one entry per physical face."""
    return [face for face, count in rules.die(die_name).items() for _ in range(count)]


def row_for(rows: dict, face: int, spec: str = "roll") -> dict:
    """The row whose printed roll ("a-b" or "a") shows ``face``."""
    for row in rows.values():
        lo, _, hi = str(row[spec]).partition("-")
        if row[spec] and int(lo) <= face <= int(hi or lo):
            return row
    raise AssertionError(f"no row for face {face}")


def icepool_pmf(die: icepool.Die) -> dict:
    return {outcome: die.probability(outcome) for outcome in die.outcomes()}


# -- Kitchen special ------------------------------------------------------------------------------

def test_kitchen_special_is_a_third_each_as_printed():
    # §3 step 8: 1-2 Bacon & Eggs, 3-4 Chef Salad, 5-6 Tomato Soup.
    assert rt.kitchen_special().pmf == {
        "Bacon & Eggs": Fraction(1, 3), "Chef Salad": Fraction(1, 3),
        "Tomato Soup": Fraction(1, 3)}


def test_kitchen_special_matches_icepool():
    rows = RULES.rows("tables/kitchen.csv")
    dish = D6.map(lambda f: row_for(rows, f, "special_roll")["item"])
    assert rt.kitchen_special().pmf == icepool_pmf(dish)


# -- Observatory ----------------------------------------------------------------------------------

def _vector(row: dict) -> icepool.Vector:
    amounts = [row[f] or 0 for f in ("steps", "coins", "gems", "keys", "trunks")]
    return icepool.Vector((*amounts, int(not any(amounts))))


@pytest.mark.parametrize("n", [1, 2, 3])
def test_observatory_matches_icepool_vector_sums(n):
    rows = RULES.rows("tables/observatory.csv")
    one = D6.map(lambda f: _vector(row_for(rows, f)))
    total = reduce(lambda a, b: a + b, [one] * n).map(lambda v: (*v[:5], v[5] > 0))
    ours = rt.observatory(n)
    assert {tuple(h): p for h, p in ours} == icepool_pmf(total)


@pytest.mark.parametrize("telescope, planetarium, n", [
    (False, False, 1), (True, False, 2), (False, True, 2), (True, True, 3)])
def test_observatory_closed_forms(telescope, planetarium, n):
    dist = rt.observatory(telescope=telescope, planetarium=planetarium)
    assert dist == rt.observatory(n)
    assert dist.p(lambda h: h.sail) == 1 - Fraction(5, 6) ** n  # the Sail never doubles
    assert dist.map(lambda h: h.gems).mean() == Fraction(n, 6)
    assert dist.map(lambda h: h.trunks).mean() == Fraction(2 * n, 6)
    assert dist.map(lambda h: h.steps).mean() == Fraction(3 * n, 6)


def test_observatory_doubles_stack():
    # §5: two matching rolls fire twice.
    assert rt.observatory(2).p(Haul(gems=2)) == Fraction(1, 36)
    assert rt.observatory(2).p(Haul(sail=True)) == Fraction(1, 36)


@pytest.mark.parametrize("n", [2, 3])
def test_observatory_monte_carlo(n):
    rng = random.Random(5 + n)
    faces = physical("d6")
    rows = RULES.rows("tables/observatory.csv")
    sails, gems = 0, []
    for _ in range(N):
        rolled = [row_for(rows, int(rng.choice(faces))) for _ in range(n)]
        sails += any(r["constellation"] == "The Sail" for r in rolled)
        gems.append(sum(r["gems"] or 0 for r in rolled))
    dist = rt.observatory(n)
    assert close(sails, N, dist.p(lambda h: h.sail))
    assert mean_close(gems, dist.map(lambda h: h.gems).mean())


def test_observatory_table_columns_are_the_rolls():
    table = rt.observatory_table()
    assert list(table.columns) == ["1 roll", "2 rolls", "3 rolls"]
    assert table.loc["sail", "3 rolls"] == Fraction(91, 216)
    assert table.loc["keys", "2 rolls"] == Fraction(1, 3)


# -- Casino ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("wager", [1, 10, 37])
def test_casino_closed_form(wager):
    # gross: -w, -w, 0, 0, +w, +2w → mean w/6; net: ..., +2w, +3w → mean w/2.
    assert rt.casino(wager).mean() == Fraction(wager, 6)
    net = load_rules(casino_payout="net")
    assert rt.casino(wager, rules=net).mean() == Fraction(wager, 2)
    assert rt.casino(wager, rules=net).mean() != rt.casino(wager).mean()


@pytest.mark.parametrize("reading, gains", [("gross", {0: -1, 1: 0, 2: 1, 3: 2}),
                                            ("net", {0: -1, 1: 0, 2: 2, 3: 3})])
def test_casino_matches_icepool(reading, gains):
    rules = load_rules(casino_payout=reading)
    rows = RULES.rows("tables/casino.csv")
    die = D6.map(lambda f: 10 * gains[row_for(rows, f)["multiplier"]])
    assert rt.casino(10, rules=rules).pmf == icepool_pmf(die)


def test_casino_monte_carlo():
    rng = random.Random(11)
    faces = physical("d6")
    sample = [{1: -10, 2: -10, 3: 0, 4: 0, 5: 10, 6: 20}[int(rng.choice(faces))]
              for _ in range(N)]
    dist = rt.casino(10)
    assert mean_close(sample, dist.mean())
    assert close(sum(x < 0 for x in sample), N, dist.p(lambda x: x < 0))


# -- puzzle rooms ---------------------------------------------------------------------------------

def test_parlor_matches_icepool():
    gems = D6.map({1: 1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 3})  # §15 Parlor
    assert rt.parlor().map(lambda r: r.gems).pmf == icepool_pmf(gems)
    assert rt.parlor().map(lambda r: r.gems).mean() == Fraction(5, 3)


def test_billiard_room_held_key_becomes_two_keys():
    assert rt.billiard_room().p(Reward(item="Secret Garden Key")) == Fraction(1, 6)
    held = rt.billiard_room(["Secret Garden Key"])
    assert held.p(lambda r: r.item is not None) == 0
    assert held.p(Reward(keys=2)) == Fraction(5, 6)
    assert held.map(lambda r: r.keys).mean() == Fraction(2 * 5 + 3, 6)


@pytest.mark.parametrize("held", [(), ("Prism Key",), ("Prism Key", "Silver Key")])
def test_music_room_matches_icepool_two_d6(held):
    # §15: 1 Key always; d6 1-3 nothing, 4-5 a special key (second d6), 6 two Keys.
    keys = {1: "Secret Garden Key", 2: "Secret Garden Key", 3: "Silver Key", 4: "Silver Key",
            5: "Prism Key", 6: "Prism Key"}

    def reward(a, b):
        if a == 6:
            return (3, "")
        if a in (4, 5):
            return (2, "") if keys[b] in held else (1, keys[b])
        return (1, "")

    expected = icepool_pmf(icepool.map(reward, D6, D6))
    got = rt.music_room(held).map(lambda r: (r.keys, r.item or ""))
    assert got.pmf == expected


def test_music_room_special_key_chance():
    assert rt.music_room().p(lambda r: r.item is not None) == Fraction(1, 3)
    assert rt.music_room(["Prism Key"]).p(lambda r: r.item is not None) == Fraction(2, 9)


# -- special keys ---------------------------------------------------------------------------------

def test_locksmith_reroll_matches_icepool():
    keys = {1: "Secret Garden Key", 2: "Secret Garden Key", 3: "Silver Key", 4: "Silver Key",
            5: "Prism Key", 6: "Prism Key"}
    held = {"Prism Key"}
    die = icepool.map(lambda a, b: keys[b] if keys[a] in held else keys[a], D6, D6)
    got = rt.special_key(held).map(lambda r: r.item)
    assert got.pmf == icepool_pmf(die)
    assert got.p("Prism Key") == Fraction(1, 9)
    assert got.p("Silver Key") == Fraction(4, 9)


def test_locksmith_reroll_monte_carlo():
    rng = random.Random(3)
    faces = physical("d6")
    rows = RULES.rows("tables/special_keys.csv")
    held = {"Silver Key", "Prism Key"}
    got = []
    for _ in range(N):
        key = row_for(rows, int(rng.choice(faces)))["key"]
        if key in held:
            key = row_for(rows, int(rng.choice(faces)))["key"]
        got.append(key)
    dist = rt.special_key(held).map(lambda r: r.item)
    for key in ("Secret Garden Key", "Silver Key", "Prism Key"):
        assert close(got.count(key), N, dist.p(key))
    assert dist.p("Secret Garden Key") == Fraction(1, 3) + Fraction(2, 3) * Fraction(1, 3)


def test_music_room_special_key_gives_a_key_instead():
    dist = rt.special_key(["Silver Key"], room="Music Room")
    assert dist.p(Reward(keys=1)) == Fraction(1, 3)
    assert dist.p(Reward(item="Silver Key")) == 0


# -- item spawns, trunks, Nook --------------------------------------------------------------------

def test_item_spawn_bedroom_and_green_room():
    # §7: Bedroom 5-6, Green Room 4-6 on a standard d6.
    assert rt.item_spawn("Bedroom") == (D6 >= 5).probability(True) == Fraction(1, 3)
    assert rt.item_spawn("Patio") == (D6 >= 4).probability(True) == Fraction(1, 2)
    assert rt.item_spawn("Bedroom", maid=True) == 0


def test_item_spawn_faces_reading_reads_blue_open():
    faces = load_rules(numbered_lock_die="faces")
    blue = icepool.Die(physical("lock_blue"))
    assert rt.item_spawn("Bedroom", rules=faces) == blue.probability("OPEN") == Fraction(2, 3)
    assert rt.item_spawn("Bedroom", rules=faces) != rt.item_spawn("Bedroom")


def test_item_spawn_icon_tiles_marks_none():
    assert rt.item_spawn("Guest Bedroom", rules=load_rules(random_spawn_rooms="icon_tiles")) == 0


def test_bunk_room_trunks_binomial():
    dist = rt.trunks_on_draft("Bunk Room")
    blue = icepool.Die([int(f == "OPEN") for f in physical("lock_blue")])
    assert dist.pmf == icepool_pmf(2 @ blue)
    for k in range(3):
        assert float(dist.p(k)) == pytest.approx(stats.binom.pmf(k, 2, 2 / 3))


def test_bunk_room_trunks_monte_carlo():
    rng = random.Random(8)
    blue = physical("lock_blue")
    counts = [sum(rng.choice(blue) == "OPEN" for _ in range(2)) for _ in range(N)]
    dist = rt.trunks_on_draft("Bunk Room")
    for k in range(3):
        assert close(counts.count(k), N, dist.p(k))


def test_trunk_variants():
    assert rt.trunks_on_draft("Den").p(1) == Fraction(2, 3)
    assert rt.trunks_on_draft("Den", rules=load_rules(den_trunk="never")) == Dist.constant(0)
    assert rt.trunks_on_draft("Kitchen").p(0) == 1
    by_rank = load_rules(boudoir_trunk_die="rank_die")
    assert rt.trunks_on_draft("Boudoir", rank=4, rules=by_rank).p(1) == Fraction(5, 6)
    assert rt.trunks_on_draft("Boudoir", rank=9, rules=by_rank).p(1) == Fraction(1, 2)
    assert rt.trunks_on_draft("Boudoir", rank=2, rules=by_rank).p(1) == 1
    assert rt.trunks_on_draft("Boudoir", rank=9).p(1) == Fraction(2, 3)
    with pytest.raises(ValueError, match="needs its rank"):
        rt.trunks_on_draft("Boudoir", rules=by_rank)


@pytest.mark.parametrize("reading, p", [("six", Fraction(1, 6)), ("open_face", Fraction(2, 3)),
                                        ("locked_face", Fraction(1, 3))])
def test_nook(reading, p):
    assert rt.nook(load_rules(nook_roll=reading)) == p


# -- Pantry and food ------------------------------------------------------------------------------

def test_pantry_fruit_readings():
    assert rt.pantry_fruit().pmf == {"apple": Fraction(8, 18), "banana": Fraction(6, 18),
                                     "orange": Fraction(4, 18)}
    ratio = rt.pantry_fruit(rules=load_rules(pantry_fruit="deck_ratio"))
    assert ratio.p("orange") == Fraction(1, 6)
    left = load_rules(pantry_fruit="remaining_supply")
    assert rt.pantry_fruit(supply={"apple": 1, "banana": 0, "orange": 3}, rules=left).p(
        "orange") == Fraction(3, 4)
    suppressed = load_rules(pantry_maid_suppression="suppressed")
    assert rt.pantry_fruit(maid=True, rules=suppressed).p(None) == 1
    assert rt.pantry_fruit(maid=True) == rt.pantry_fruit()


def test_pantry_from_a_real_bag_monte_carlo():
    rng = random.Random(21)
    bag = [f for f, row in RULES.rows("tables/fruit_supply.csv").items()
           for _ in range(row["tokens"])]
    draws = [rng.choice(bag) for _ in range(N)]
    dist = rt.pantry_fruit(rules=load_rules(pantry_fruit="remaining_supply"))
    for fruit in ("apple", "banana", "orange"):
        assert close(draws.count(fruit), N, dist.p(fruit))


def test_pantry_steps_with_both_items_as_printed():
    # §11 table, column "Both": apple 6, banana 8, orange 12.
    steps = rt.pantry_steps(["Salt Shaker", "Silver Spoon"])
    assert set(steps.outcomes) == {6, 8, 12}
    assert steps.mean() == Fraction(8 * 6 + 6 * 8 + 4 * 12, 18)


def test_food_as_printed():
    # §8 Turnip: 6 steps, 7 with Salt Shaker, 12 with Silver Spoon.
    assert [rt.food("turnip", held) for held in ((), ["Salt Shaker"], ["Silver Spoon"])] == [
        6, 7, 12]
    assert rt.food("chef_salad", board=["Patio", "Veranda", "Kitchen"]) == 10
    assert rt.food("tomato_soup", ["Salt Shaker"], board=["Maid's Chamber"]) == 6
    also_green = load_rules(tunnel_colour="also_green")
    assert rt.food("chef_salad", board=["Tunnel"], rules=also_green) == 5
    assert rt.food("chef_salad", board=["Tunnel"]) == 0


# -- Dining Room ----------------------------------------------------------------------------------

def test_meal_printed_order_cycles():
    printed = load_rules(meal_order="printed_order")
    assert rt.meal(1, rules=printed) == "Lemon Glazed Salmon"
    assert rt.meal(7, rules=printed) == "Porterhouse Steak"
    assert rt.meal(10, rules=printed) == "Beef Stew Pie"
    assert rt.meal_steps(1, ["Veranda"], rules=printed) == 30
    assert rt.meal_steps(1, ["Veranda"], ["Salt Shaker", "Silver Spoon"], rules=printed) == 62
    assert rt.meal_steps(7, ["Veranda"], rules=printed) == 20


def test_meal_shuffled_cycle_monte_carlo():
    rng = random.Random(13)
    cards = [card for card, n in RULES.deck("meals").items() for _ in range(n)]
    run = 7
    seen = []
    for _ in range(N // 4):
        cycle = cards[:]
        rng.shuffle(cycle)
        seen.append(cycle[(run - 1) % len(cycle)])
    dist = rt.meal(run)
    for card in cards:
        assert close(seen.count(card), len(seen), dist.p(card))
    assert rt.meal_steps(run, ["Veranda", "Billiard Room"]).mean() == 20 + Fraction(2 * 10, 5)


# -- Secret Passage -------------------------------------------------------------------------------

BOARD = ["Entrance Hall", "Bedroom", "Bunk Room", "Maid's Chamber", "Kitchen", "Hallway",
         "Secret Passage", "Patio", "Courtyard"]


def test_key_to_the_bedroom():
    # §16: Bedrooms × 4, Bunk Room 2, Maid's Chamber 1; +5 with the Sleeping Mask.
    assert rt.secret_passage("The Key to the Bedroom", BOARD).steps == (1 + 2 + 1) * 4
    got = rt.secret_passage("The Key to the Bedroom", BOARD, ["Sleeping Mask"])
    assert got == Passage(21, 0, ("Bedroom", "Bunk Room", "Maid's Chamber"), 2)


def test_red_rover_and_running_shoes():
    assert rt.secret_passage("Red Rover", BOARD, ["Running Shoes"]) == Passage(-5, 0, (), None)
    held = load_rules(running_shoes="held")
    assert rt.secret_passage("Red Rover", BOARD, ["Running Shoes"], rules=held).steps == 0
    assert rt.secret_passage("Goldsink", BOARD, ["Running Shoes"], rules=held).route_steps == 1


def test_routes_and_dig_spots():
    assert rt.secret_passage("Green Thumb", BOARD) == Passage(0, 2, ("Patio", "Courtyard"), 2)
    assert rt.secret_passage("The Halls of Holly", BOARD).routes == ("Hallway",)
    assert rt.secret_passage("Goldsink", BOARD).routes == ("Kitchen",)
    assert rt.secret_passage("Goldsink", ["Bedroom"]) == Passage(0, 0, (), None)


# -- tables and validation ------------------------------------------------------------------------

@pytest.mark.parametrize("room", rt.roll_rooms())
def test_room_roll_tables_sum_to_one(room):
    table = rt.room_roll_table(room)
    assert sum(table["chance"]) == 1


def test_casino_table_follows_the_variant():
    gross = rt.room_roll_table("Casino")["net per coin"].tolist()
    net = rt.room_roll_table("Casino", rules=load_rules(casino_payout="net"))
    assert gross == [-1, -1, 0, 0, 1, 2]
    assert net["net per coin"].tolist() == [-1, -1, 0, 0, 2, 3]


@pytest.mark.parametrize("call, match", [
    (lambda: rt.casino(0), "wager"),
    (lambda: rt.casino(True), "wager"),
    (lambda: rt.observatory(0), "rolls"),
    (lambda: rt.special_key(["Golden Key"]), "no item .Golden Key."),
    (lambda: rt.special_key("Prism Key"), "list of names"),
    (lambda: rt.special_key(room="Kitchen"), "Locksmith"),
    (lambda: rt.item_spawn("Kitchen"), "Bedroom or Green Room"),
    (lambda: rt.item_spawn("Nowhere"), "no room"),
    (lambda: rt.trunks_on_draft("Boudoir", rank=10), "rank"),
    (lambda: rt.pantry_fruit(supply={"apple": 1}), "remaining_supply"),
    (lambda: rt.pantry_fruit(supply={"apple": 9}, rules=load_rules(
        pantry_fruit="remaining_supply")), "box count"),
    (lambda: rt.meal(0), "run"),
    (lambda: rt.meal_steps(1, ["Bedroom", "Bedroom"]), "unique"),
    (lambda: rt.food("caviar"), "no food"),
    (lambda: rt.secret_passage("Blue Book", BOARD), "no book"),
    (lambda: rt.room_roll_table("Kitchen Garden"), "no roll table"),
])
def test_bad_inputs(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_outcomes_read_as_words():
    assert str(Haul(steps=3, gems=1, trunks=2, sail=True)) == "3 steps + 1 gem + 2 trunks + Sail"
    assert str(Reward(keys=1, item="Prism Key")) == "1 key + Prism Key"
    assert str(Reward()) == "nothing"
