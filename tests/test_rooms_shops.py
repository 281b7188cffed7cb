"""Shops and coin rooms in the run engine (§5 The Casino, §11 The Dining Room Meal, §12 Shops,
§16 Rumpus Room, §18 The Service Bell): a scenario per room and purchase, each variant
reading, and agreement with the odds calculators (prices, Kitchen special, roulette, Special
Key, meal, Commissary stock)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import product
from types import MappingProxyType

import pytest

from manorkit.blueprince import load_rules, odds
from manorkit.blueprince.board import N
from manorkit.blueprince.engine import Buy, Campaign, Draft, IllegalAction, State, Take, Use
from manorkit.blueprince.mechanics.rolls import face_row
from manorkit.blueprince.odds.room_tables import Reward

from .shops_helpers import (
    RULES,
    act,
    branches,
    chances,
    day,
    drafted,
    entered,
    offered,
    pending,
    pick,
    with_rooms,
)

D6 = {str(f): Fraction(1, 6) for f in range(1, 7)}


def at_shop(room: str, rules=RULES, *, campaign=None, items=(), flags=None, **res):
    """A day standing in ``room`` just north of the Entrance Hall (its random steps settled
    with the first outcome unless ``flags`` preset them)."""
    state = drafted(day(rules, campaign=campaign, items=items, flags=flags, **res), room)
    while state.is_chance:
        state = state.apply(state.chance_outcomes()[0][0])
    state = entered(state)
    while state.is_chance:
        state = state.apply(state.chance_outcomes()[0][0])
    return state


def buys(state) -> dict[str, int]:
    return {a.item: a.price for a in state.legal_actions() if isinstance(a, Buy)}


# -- the Kitchen ---------------------------------------------------------------------------------

@pytest.mark.rule("Kitchen", "draft")
def test_kitchen_special_is_rolled_on_the_first_draft():
    state = drafted(day(), "Kitchen")
    assert pending(state) == "kitchen_special" and chances(state) == D6
    state = pick(state, "3")
    assert state.flags["kitchen_special"] == "Chef Salad"
    state = entered(state)
    assert state.resources["coins"] == 5 + 2  # the bell: 2 coins (room_resources.csv)
    rich_ = replace(state, resources=MappingProxyType({**state.resources, "coins": 50}))
    assert buys(rich_) == {"Banana": 2, "Club Sandwich": 8, "Chef Salad": 8}
    assert buys(state) == {"Banana": 2}  # 7 coins do not buy an 8-coin dish


@pytest.mark.parametrize("face, dish", [("1", "Bacon & Eggs"), ("2", "Bacon & Eggs"),
                                        ("4", "Chef Salad"), ("5", "Tomato Soup"),
                                        ("6", "Tomato Soup")])
def test_kitchen_special_faces(face, dish):
    state = entered(pick(drafted(day(coins=40), "Kitchen"), face))
    specials = set(buys(state)) - {"Banana", "Club Sandwich"}
    assert specials == {dish}


def test_kitchen_special_agrees_with_the_odds():
    for reading in ("d6", "faces"):
        rules = load_rules(numbered_lock_die=reading)
        state = drafted(day(rules), "Kitchen")
        got = branches(state, lambda s: s.flags["kitchen_special"])
        assert got == odds.kitchen_special(rules=rules)


@pytest.mark.rule("Kitchen", "actions", "shop")
@pytest.mark.rule("Banana", "use")
def test_kitchen_banana_limit_per_visit_and_per_run():
    state = at_shop("Kitchen", coins=40)
    start = state.resources["steps"]
    for _ in range(5):
        state = act(state, "buy Banana")
    assert state.resources["steps"] == start + 5 * 3 and state.resources["coins"] == 42 - 10
    assert "Banana" not in buys(state)  # "Up to 5 per visit"
    again = act(state, "move to Entrance Hall", "move to Kitchen")
    assert "Banana" in buys(again)  # shop_limits=per_visit: a new visit, a new tally
    per_run = at_shop("Kitchen", load_rules(shop_limits="per_run"), coins=40)
    for _ in range(5):
        per_run = act(per_run, "buy Banana")
    per_run = act(per_run, "move to Entrance Hall", "move to Kitchen")
    assert "Banana" not in buys(per_run) and "Club Sandwich" in buys(per_run)


@pytest.mark.rule("Club Sandwich", "use")
@pytest.mark.rule("Salt Shaker", "food")
def test_kitchen_dishes_and_food_rules():
    state = at_shop("Kitchen", coins=40, items=("Salt Shaker",))
    steps = state.resources["steps"]
    state = act(state, "buy Club Sandwich")
    assert state.resources["steps"] == steps + 15 + 1  # Salt Shaker +1 (§11)
    assert "Club Sandwich" not in buys(state)  # 1 per visit


@pytest.mark.rule("Bacon & Eggs", "use")
def test_bacon_and_eggs_adds_the_morning_room():
    state = at_shop("Kitchen", flags={"kitchen_special": "Bacon & Eggs"}, coins=40)
    assert "Morning Room" not in state.bag
    steps = state.resources["steps"]
    state = act(state, "buy Bacon & Eggs")
    assert state.resources["steps"] == steps + 10 and state.bag["Morning Room"] == 1
    assert "Morning Room joins the Active Bag (Bacon & Eggs)" in list(state.log["effect"])


@pytest.mark.parametrize("dish, rooms, steps", [
    ("Chef Salad", {(2, 1): "Patio", (3, 1): "Veranda", (4, 1): "Courtyard"}, 15),
    ("Tomato Soup", {(2, 1): "Maid's Chamber", (3, 1): "Chapel"}, 10),
    ("Tomato Soup", {}, 0),
])
@pytest.mark.rule(("Chef Salad", "Tomato Soup"), "use")
def test_chef_salad_and_tomato_soup_count_the_board(dish, rooms, steps):
    state = at_shop("Kitchen", flags={"kitchen_special": dish}, coins=40)
    state = with_rooms(state, rooms)
    before = state.resources["steps"]
    after = act(state, f"buy {dish}")
    assert after.resources["steps"] - before == steps
    board = [t.room for t in state.board.values()]
    food = dish.lower().replace(" ", "_")
    assert steps == odds.food(food, board=board)


# -- prices: one rule for the engine and the odds -----------------------------------------------

PRICE_VARIANTS = [{}, {"discount_order": "coupon_then_sail"},
                  {"commissary_sale_stack": "stack"}, {"coupon_book_shops": "with_showroom"},
                  {"casino_is_shop": "shop"}]


def _shop_state(shop: str, rules, sail: bool, coupon: bool, run: int):
    every = tuple(RULES.rows("tables/commissary_prices.csv"))
    flags = {"sail": sail} if sail else {}
    if shop == "Commissary":
        flags["commissary_stock"] = every
    state = at_shop(shop, rules, campaign=Campaign(run=run), flags=flags,
                    items=("Coupon Book",) if coupon else ())
    return replace(state, resources=MappingProxyType({**state.resources, "coins": 99}))


@pytest.mark.parametrize("variants", PRICE_VARIANTS)
@pytest.mark.parametrize("shop", ["Kitchen", "Commissary", "Locksmith"])
def test_engine_prices_equal_the_odds_prices(shop, variants):
    rules = load_rules(**variants)
    for sail, coupon, run in product((False, True), (False, True), (1, 20)):
        state = _shop_state(shop, rules, sail, coupon, run)
        specials = [d for d, r in RULES.rows("tables/kitchen.csv").items() if r["special_roll"]]
        states = [replace(state, flags=MappingProxyType({**state.flags, "kitchen_special": d}))
                  for d in specials] if shop == "Kitchen" else [state]
        seen: dict[str, int] = {}
        for s in states:
            seen.update(buys(s))
        if coupon:
            seen.pop("Coupon Book", None)
        expected = {item: odds.price(item, shop, sail=sail, coupon=coupon, run=run, rules=rules)
                    for item in seen}
        assert seen == expected
        assert set(seen) >= set(RULES.rows(f"tables/{shop.lower()}.csv")) - {"Coupon Book"} \
            if shop != "Commissary" else set(seen) >= {"Shovel", "Key", "Gem", "Banana"}


def test_the_sail_halves_prices_rounding_up():
    state = _shop_state("Locksmith", RULES, True, False, 1)
    assert buys(state) == {"Key": 3, "3 Keys": 6, "Special Key": 4, "Lockpick Kit": 3}
    both = _shop_state("Locksmith", RULES, True, True, 1)
    assert buys(both) == {"Key": 2, "3 Keys": 5, "Special Key": 3, "Lockpick Kit": 2}


def test_prices_kept_per_rules_follow_edited_rules_and_coins_held():
    state = _shop_state("Locksmith", RULES, False, False, 1)
    before = buys(state)
    cheaper = RULES.with_table("locksmith", "Key", price=before["Key"] + 1)
    assert buys(_shop_state("Locksmith", cheaper, False, False, 1)) == \
        {**before, "Key": before["Key"] + 1}
    assert buys(state) == before
    sail = buys(_shop_state("Locksmith", RULES, True, False, 1))
    assert sail == {item: -(-cost // 2) for item, cost in before.items()}
    poor = replace(state, resources=MappingProxyType({**state.resources, "coins": before["Key"]}))
    assert buys(poor) == {item: cost for item, cost in before.items() if cost <= before["Key"]}


def test_price_lists_and_stock_cards_kept_per_rules_follow_edited_rules():
    from manorkit.blueprince.mechanics.shops import price_list, stock_cards

    prices, cards = price_list(RULES, "Commissary"), stock_cards(RULES)
    dearer = RULES.with_table("commissary_prices", "Shovel", price=prices["Shovel"] + 1)
    assert price_list(dearer, "Commissary") == {**prices, "Shovel": prices["Shovel"] + 1}
    doubled = RULES.with_deck("commissary_stock", {"Stock 1": cards["Stock 1"][0] + 1})
    assert stock_cards(doubled)["Stock 1"] == (cards["Stock 1"][0] + 1, cards["Stock 1"][1])
    assert price_list(RULES, "Commissary") == prices and stock_cards(RULES) == cards


# -- the Commissary ------------------------------------------------------------------------------

@pytest.mark.rule("Commissary", "draft")
def test_commissary_stock_is_drawn_on_the_first_draft():
    state = drafted(day(), "Commissary")
    assert pending(state) == "commissary_stock"
    cards = RULES.deck_counts("commissary_stock")
    assert chances(state) == {c: Fraction(1, len(cards)) for c in cards}
    assert chances(state) == odds.commissary_stock(1).pmf
    state = entered(pick(state, "Stock 1"))
    assert state.flags["commissary_stock"] == "Stock 1"
    assert state.carry["drawn:commissary_stock"] == "Stock 1"
    assert set(buys(replace(state, resources=MappingProxyType(
        {**state.resources, "coins": 40})))) == {"Shovel", "Key", "Banana", "Salt Shaker"}


def test_commissary_stock_skips_the_cards_flipped_this_session():
    seen = ("Stock 3", "Stock 5")
    campaign = Campaign(drawn=(("commissary_stock", seen),))
    state = drafted(day(campaign=campaign), "Commissary")
    assert chances(state) == odds.commissary_stock(3, seen=seen).pmf
    assert not set(seen) & set(chances(state))


def test_commissary_deck_exhausted_variant():
    seen = tuple(RULES.deck_counts("commissary_stock"))
    campaign = Campaign(drawn=(("commissary_stock", seen),))
    again = drafted(day(campaign=campaign), "Commissary")
    assert chances(again) == odds.commissary_stock(8, seen=seen).pmf  # reshuffled: all 7
    rules = load_rules(commissary_deck_exhausted="sold_out")
    sold = entered(drafted(day(rules, campaign=campaign, coins=40), "Commissary"))
    assert not sold.is_chance and buys(sold) == {}
    assert odds.commissary_stock(8, seen=seen, rules=rules).pmf == {None: 1}


def test_commissary_random_items_variant():
    rules = load_rules(commissary_stock="random_items")
    state = drafted(day(rules), "Commissary")
    assert chances(state) == odds.commissary_stock(1, rules=rules).pmf
    stock = next(iter(chances(state)))
    state = entered(pick(state, stock))
    assert "drawn:commissary_stock" not in state.carry
    rich_ = replace(state, resources=MappingProxyType({**state.resources, "coins": 60}))
    assert set(buys(rich_)) == set(stock)


@pytest.mark.rule("Commissary", "actions", "shop")
def test_commissary_sells_each_special_item_once_and_resources_again():
    state = at_shop("Commissary", flags={"commissary_stock": "Stock 1"}, coins=40)
    state = act(state, "buy Shovel")
    assert "Shovel" in state.items and state.resources["coins"] == 42 - 6
    assert "Shovel" not in buys(state)
    keys = state.resources["keys"]
    state = act(state, "buy Key", "buy Key")
    assert state.resources["keys"] == keys + 2 and "Key" in buys(state)
    steps = state.resources["steps"]
    state = act(state, "buy Banana")
    assert state.resources["steps"] == steps + 3  # eaten at once (§11)
    lost = replace(state, items=MappingProxyType({}))
    assert "Shovel" not in buys(lost)  # "Shops do not restock mid-run"


def test_commissary_held_items_are_unavailable():
    state = at_shop("Commissary", flags={"commissary_stock": "Stock 1"}, coins=40,
                    items=("Salt Shaker",))
    assert set(buys(state)) == {"Shovel", "Key", "Banana"}


@pytest.mark.parametrize("reading, kept", [("consumed", False), ("held", True)])
def test_commissary_running_shoes_follow_their_card(reading, kept):
    rules = load_rules(running_shoes=reading)
    state = at_shop("Commissary", rules, flags={"commissary_stock": "Stock 2"}, coins=40)
    steps = state.resources["steps"]
    state = act(state, "buy Running Shoes")
    assert state.resources["steps"] == steps + 10
    assert ("Running Shoes" in state.items) == kept


def test_campaign_drawn_is_checked_and_saved():
    with pytest.raises(IllegalAction):
        day(campaign=Campaign(drawn=(("commissary_stock", ("Stock 99",)),)))
    with pytest.raises(IllegalAction):
        day(campaign=Campaign(drawn=(("dig", ("Turnip",)),)))
    campaign = Campaign(drawn=(("prophecies", ("Vision 1",)), ("meals", ("Beef Stew Pie",))))
    assert Campaign.from_json(campaign.to_json()) == campaign


# -- the Locksmith -------------------------------------------------------------------------------

@pytest.mark.rule("Locksmith", "enter", "actions", "shop")
@pytest.mark.rule("3 Keys", "use")
def test_locksmith_bell_and_keys():
    state = at_shop("Locksmith", coins=30)
    assert state.resources["coins"] == 32 and state.resources["keys"] == 1  # bell: 2c + 1 Key
    assert buys(state) == {"Key": 5, "3 Keys": 12, "Special Key": 8, "Lockpick Kit": 6}
    state = act(state, "buy 3 Keys", "buy Key")
    assert state.resources["keys"] == 5 and state.resources["coins"] == 32 - 17
    state = act(state, "buy Lockpick Kit")
    assert state.items["Lockpick Kit"] == 3 and "Lockpick Kit" not in buys(state)
    again = act(state, "move to Entrance Hall", "move to Locksmith")
    assert again.resources["keys"] == 5  # the bell rings once per run


@pytest.mark.rule("Special Key", "use")
def test_locksmith_special_key_rerolls_a_held_key_once():
    state = at_shop("Locksmith", coins=30, items=("Prism Key",))
    state = act(state, "buy Special Key")
    assert pending(state) == "special_key" and chances(state) == D6
    state = pick(state, "5")  # Prism Key: already held, re-roll once
    assert pending(state) == "special_key"
    done = pick(state, "3")
    assert "Silver Key" in done.items
    stands = pick(state, "6")  # the re-roll stands even on a held key
    assert not stands.is_chance and set(stands.items) == {"Prism Key"}


@pytest.mark.parametrize("held", [(), ("Prism Key",), ("Silver Key", "Prism Key"),
                                  ("Secret Garden Key", "Silver Key", "Prism Key")])
@pytest.mark.parametrize("reading", ["d6", "faces"])
def test_locksmith_special_key_agrees_with_the_odds(held, reading):
    rules = load_rules(numbered_lock_die=reading)
    state = act(at_shop("Locksmith", rules, coins=30, items=held), "buy Special Key")
    rows = rules.rows("tables/special_keys.csv").values()
    got = branches(state, lambda s: Reward(item=face_row(rows, s.action.value)["key"]))
    assert got == odds.special_key(held, rules=rules)


# -- the Dining Room -----------------------------------------------------------------------------

@pytest.mark.rule("Dining Room", "draft")
def test_meal_is_a_random_card_when_the_dining_room_is_drafted():
    state = drafted(day(), "Dining Room")
    assert pending(state) == "meal" and chances(state) == odds.meal(1).pmf
    state = entered(pick(state, "Wood Fired Pizza"))
    assert state.carry["drawn:meals"] == "Wood Fired Pizza"
    assert not [a for a in state.legal_actions() if isinstance(a, Use)]  # no bell yet
    rung = replace(state, flags=MappingProxyType({**state.flags, "bell": True}))
    assert "eat meal: Wood Fired Pizza" in offered(rung)
    steps = rung.resources["steps"]
    ate = act(rung, "eat meal")
    assert ate.resources["steps"] == steps + 20
    assert "eat meal: Wood Fired Pizza" not in offered(ate)  # once per run
    furnace = with_rooms(rung, {(2, 1): "Furnace"})
    assert act(furnace, "eat meal").resources["steps"] == steps + 30


def test_meal_with_salt_shaker_and_silver_spoon():
    state = at_shop("Dining Room", load_rules(meal_order="printed_order"),
                    items=("Salt Shaker", "Silver Spoon"), flags={"bell": True})
    state = with_rooms(state, {(2, 1): "Veranda"})  # Lemon Glazed Salmon, run 1
    steps = state.resources["steps"]
    assert act(state, "eat meal").resources["steps"] == steps + (30 + 1) * 2
    board = [t.room for t in state.board.values()]
    assert odds.meal_steps(1, board, ["Salt Shaker", "Silver Spoon"],
                           rules=load_rules(meal_order="printed_order")) == 62


@pytest.mark.parametrize("run", range(1, 8))
def test_printed_order_meal_agrees_with_the_odds(run):
    rules = load_rules(meal_order="printed_order")
    state = drafted(day(rules, campaign=Campaign(run=run)), "Dining Room")
    assert not state.is_chance and state.flags["meal"] == odds.meal(run, rules=rules)
    assert "drawn:meals" not in state.carry


def test_shuffled_cycle_follows_the_session():
    served = ("Beef Stew Pie", "Porterhouse Steak")
    state = drafted(day(campaign=Campaign(run=3, drawn=(("meals", served),))), "Dining Room")
    assert set(chances(state)) == set(RULES.deck_counts("meals")) - set(served)
    cycle = ("Beef Stew Pie", "Porterhouse Steak", "Wood Fired Pizza", "Lemon Glazed Salmon",
             "Stuffed Wild Quail")
    again = drafted(day(campaign=Campaign(run=7, drawn=(("meals", cycle + cycle[:1]),))),
                    "Dining Room")
    assert again.flags["meal"] == "Porterhouse Steak"  # the cycle repeats after card 5


@pytest.mark.parametrize("reading, steps", [("none_starred", 30), ("showroom_meal", 20)])
def test_starred_meals_variant(reading, steps):
    rules = load_rules(starred_meals=reading, meal_order="printed_order")
    state = at_shop("Dining Room", rules, campaign=Campaign(run=2), flags={"bell": True})
    state = with_rooms(state, {(2, 1): "Showroom"})  # expansion: only a constructed board
    before = state.resources["steps"]
    assert act(state, "eat meal: Porterhouse Steak").resources["steps"] - before == steps
    assert odds.meal_steps(2, ["Showroom"], rules=rules) == steps


# -- the Casino ----------------------------------------------------------------------------------

CASINO = Campaign(unlocked=("Casino",))


@pytest.mark.rule("Casino", "enter", "actions")
def test_casino_coins_and_roulette_once_per_run():
    state = at_shop("Casino", campaign=CASINO)
    assert state.resources["coins"] == 5 + 15  # casino_is_shop=not_shop: no bell
    wagers = [a.target for a in state.legal_actions() if isinstance(a, Use)]
    assert wagers == list(range(1, 21))
    state = act(state, "roulette: 10")
    assert state.resources["coins"] == 10 and pending(state) == "roulette"
    assert chances(state) == D6
    won = pick(state, "5")
    assert won.resources["coins"] == 10 + 20  # gross: double the wager in total
    assert not [a for a in won.legal_actions() if isinstance(a, Use)]
    back = act(won, "move to Entrance Hall", "move to Casino")
    assert not [a for a in back.legal_actions() if isinstance(a, Use)]  # once per run
    assert back.resources["coins"] == 30  # 15 coins on the first entry only


@pytest.mark.parametrize("reading, face, coins", [
    ("gross", "1", 10), ("gross", "3", 20), ("gross", "5", 30), ("gross", "6", 40),
    ("net", "2", 10), ("net", "4", 20), ("net", "5", 40), ("net", "6", 50)])
def test_casino_payout_variant(reading, face, coins):
    state = at_shop("Casino", load_rules(casino_payout=reading), campaign=CASINO)
    assert pick(act(state, "roulette: 10"), face).resources["coins"] == coins


@pytest.mark.parametrize("wager", [1, 7, 20])
@pytest.mark.parametrize("reading", ["gross", "net"])
def test_roulette_agrees_with_the_odds(wager, reading):
    rules = load_rules(casino_payout=reading)
    state = at_shop("Casino", rules, campaign=CASINO)
    coins = state.resources["coins"]
    got = branches(act(state, f"roulette: {wager}"), lambda s: s.resources["coins"] - coins)
    assert got == odds.casino(wager, rules=rules)


def test_casino_is_shop_variant_rings_the_bell():
    state = at_shop("Casino", load_rules(casino_is_shop="shop"), campaign=CASINO)
    assert state.resources["coins"] == 5 + 15 + 2
    assert odds.commissary.discounts_applied(
        "Casino", rules=load_rules(casino_is_shop="shop")) == ()
    with pytest.raises(ValueError, match="not a shop"):
        odds.commissary.discounts_applied("Casino")


def _casino_in_slot_one(rules, gems: int):
    state = day(rules, campaign=CASINO, gems=gems).apply(Draft(N))
    return pick(state, "Casino", "Spare Room", "Den")


def test_casino_gem_cost_variant():
    free = _casino_in_slot_one(RULES, 0)
    assert any(isinstance(a, Take) and a.room == "Casino" for a in free.legal_actions())
    rules = load_rules(casino_gem_cost="always_paid")
    poor = _casino_in_slot_one(rules, 1)
    assert not any(isinstance(a, Take) and a.room == "Casino" for a in poor.legal_actions())
    paid = _casino_in_slot_one(rules, 2).apply(Take(1, "Casino"))
    assert paid.resources["gems"] == 0
    assert any(isinstance(a, Take) and a.room == "Spare Room" for a in poor.legal_actions())


# -- the Rumpus Room -----------------------------------------------------------------------------

@pytest.mark.rule("Rumpus Room", "enter", "actions")
@pytest.mark.rule("Alzara's prophecies", "counter")
def test_alzara_once_per_day_in_sequence():
    state = at_shop("Rumpus Room")
    assert state.resources["coins"] == 5 + 8
    state = act(state, "consult alzara")
    assert state.resources["coins"] == 12 and state.carry["drawn:prophecies"] == "Vision 1"
    assert any("Alzara: Vision 1" in e for e in state.log["effect"])
    assert "consult alzara" not in offered(state)  # one consultation per day
    later = at_shop("Rumpus Room", campaign=Campaign(drawn=(("prophecies", (
        "Vision 1", "Vision 2")),)))
    assert act(later, "consult alzara").carry["drawn:prophecies"] == "Vision 3"


def test_alzara_is_silent_after_vision_six_and_under_the_silent_variant():
    read = tuple(f"Vision {n}" for n in range(1, 7))
    done = at_shop("Rumpus Room", campaign=Campaign(drawn=(("prophecies", read),)))
    assert "consult alzara" not in offered(done) and done.resources["coins"] == 13
    silent = at_shop("Rumpus Room", load_rules(alzara_prophecies="silent"))
    assert "consult alzara" not in offered(silent) and silent.resources["coins"] == 13
    broke = replace(at_shop("Rumpus Room"), resources=MappingProxyType(
        {**at_shop("Rumpus Room").resources, "coins": 0}))
    assert "consult alzara" not in offered(broke)


# -- the Vault -----------------------------------------------------------------------------------

@pytest.mark.rule("Vault", "enter")
def test_vault_forty_coins_once_per_run():
    state = at_shop("Vault")
    assert state.resources["coins"] == 45
    again = act(state, "move to Entrance Hall", "move to Vault")
    assert again.resources["coins"] == 45
    every = at_shop("Vault", load_rules(repeat_entry_rewards="every_entry"))
    assert act(every, "move to Entrance Hall", "move to Vault").resources["coins"] == 85



@pytest.mark.parametrize("reading, prism", [("not_shop", False), ("shop", True)])
def test_casino_is_yellow_for_the_prism_key_only_as_a_shop(reading, prism):
    from manorkit.blueprince.engine import Chance, Draft, Unlock

    rules = load_rules(casino_is_shop=reading)
    state = with_rooms(day(rules, campaign=CASINO, items=("Prism Key",)), {(5, 3): "Casino"})
    state = replace(state, position=(5, 3))
    door = next(iter(sorted(state.board[(5, 3)].doors)))
    state = state.apply(Draft(door)).apply(Chance("LOCKED"))
    assert (Unlock("prism_key") in state.legal_actions()) == prism


def test_saved_days_replay_campaign_decks_and_drawn_stocks():
    rules = load_rules(commissary_stock="random_items")
    campaign = Campaign(drawn=(("prophecies", ("Vision 1",)),))
    state = drafted(day(rules, campaign=campaign), "Commissary")
    state = entered(pick(state, next(iter(chances(state)))))
    state = state.apply(next(a for a in state.legal_actions() if isinstance(a, Buy)))
    again = State.from_json(state.to_json())
    assert again == state and again.campaign == campaign
