"""Deck odds (§7, §8, §16, §19) against independent methods: scipy.stats.hypergeom and
math.comb closed forms, icepool's Deck/deal, and Monte Carlo that shuffles a real list of
cards, deals, discards and reshuffles."""

import math
import random
from collections import Counter
from fractions import Fraction

import icepool
import pandas as pd
import pytest
from scipy.stats import hypergeom

from manorkit.blueprince import load_rules
from manorkit.blueprince.loader import Span
from manorkit.blueprince.odds._common import food_steps, numbered_success
from manorkit.blueprince.odds.decks import (
    RESOURCES,
    deck_at_least,
    deck_draws,
    digs,
    draws_until,
    expected_yield,
    room_draws,
    room_yield,
    trunks,
    yield_dist,
)

RULES = load_rules()
ITEM_DECKS = ("dig", "trunk", "common_items", "special_items")


def cards_of(name, rules=RULES):
    return [c for c, n in rules.deck(name).items() for _ in range(n)]


def physical(cards, drawn, total, rng, returns="discard"):
    """Shuffle the deck less ``drawn`` (already in the discard pile), deal ``total`` cards one at
    a time: each goes to the discard pile (or under the deck); an empty deck is reshuffled."""
    deck = list(cards)
    for card in drawn:
        deck.remove(card)
    discard = list(drawn)
    rng.shuffle(deck)
    seq = []
    for _ in range(total):
        if not deck:
            deck, discard = discard, []
            rng.shuffle(deck)
        card = deck.pop()
        seq.append(card)
        if returns == "bottom":
            deck.insert(0, card)
        else:
            discard.append(card)
    return seq


def close(p, hits, n):
    """|p̂ − p| ≤ 4·sqrt(p(1−p)/n) + 1/n: a 4-sigma binomial bound (false alarm ~6e-5)."""
    return abs(hits / n - float(p)) <= 4 * math.sqrt(float(p) * (1 - float(p)) / n) + 1 / n


def mean_close(exact, samples):
    """|x̄ − μ| ≤ 4·s/√n + 1e-9, with s the sample standard deviation."""
    n = len(samples)
    mu = sum(samples) / n
    sd = math.sqrt(sum((x - mu) ** 2 for x in samples) / (n - 1)) if n > 1 else 0
    return abs(mu - float(exact)) <= 4 * sd / math.sqrt(n) + 1e-9


def counts_key(seq):
    return tuple(sorted(Counter(seq).items()))


# -- closed forms: scipy.stats.hypergeom and math.comb -----------------------------------------

@pytest.mark.parametrize("deck,card", [("dig", "Key"), ("dig", "Broken Lever"),
                                       ("common_items", "Gem"), ("special_items", "Shovel"),
                                       ("trunk", "3 Gems")])
@pytest.mark.parametrize("draws", [1, 3, 7])
@pytest.mark.parametrize("k", [1, 2])
def test_single_pass_matches_scipy_hypergeom(deck, card, draws, k):
    copies = RULES.deck(deck)
    expected = hypergeom.sf(k - 1, int(copies.sum()), int(copies[card]), draws)
    assert float(deck_at_least(deck, card, draws, k)) == pytest.approx(expected, abs=1e-12)
    marginal = deck_draws(deck, draws).p(lambda o: dict(o).get(card, 0) >= k)
    assert float(marginal) == pytest.approx(expected, abs=1e-12)


def test_headline_questions_by_hand():
    # 3 Keys among 21 Dig cards; 3 Shovels among 24 Special Items cards.
    assert deck_at_least("dig", "Key", 3) == 1 - Fraction(math.comb(18, 3), math.comb(21, 3))
    assert deck_at_least("special_items", "Shovel", 4) == 1 - Fraction(math.comb(21, 4),
                                                                       math.comb(24, 4))
    # One Broken Lever in 21 cards: P(n digs) = n/21 > 1/2 first at n = 11; 2 cards a dig: 6.
    assert draws_until("dig", "Broken Lever") == 11
    assert draws_until("dig", "Broken Lever", per_draw=2) == 6


def test_reshuffle_closed_form_from_a_nonempty_discard_pile():
    # 19 of 21 Dig cards are in the discard pile; Nothing and Trash are left. Drawing 5: those
    # two, then the discards (every card) are reshuffled and 3 more come from all 21.
    left = Counter(cards_of("dig")) - Counter({"Nothing": 1, "Trash": 1})
    fresh = 1 - Fraction(math.comb(18, 3), math.comb(21, 3))
    assert deck_at_least("dig", "Key", 5, drawn=left) == fresh
    assert deck_at_least("dig", "Key", 5, drawn=list(left.elements())) == fresh
    dist = deck_draws("dig", 5, drawn=left)
    assert dist.p(lambda o: dict(o)["Nothing"] >= 1 and dict(o)["Trash"] >= 1) == 1
    assert float(deck_at_least("dig", {"Nothing", "Trash"}, 5, k=3, drawn=left)) == pytest.approx(
        hypergeom.sf(0, 21, 6, 3), abs=1e-12)
    # 21 + 21 + 2 cards with the Metal Detector (2 a dig): every card twice, 2 more.
    many = deck_draws("dig", 22, per_draw=2)
    assert many.p(lambda o: dict(o)["Key"] >= 6) == 1
    assert float(deck_at_least("dig", "Key", 22, k=7, per_draw=2)) == pytest.approx(
        hypergeom.sf(0, 21, 3, 2), abs=1e-12)


def test_predicate_targets_and_custom_decks():
    coins = deck_at_least("dig", lambda c: "Coins" in c, 4)
    assert coins == deck_at_least("dig", {"1-2 Coins", "3-4 Coins"}, 4)
    assert float(coins) == pytest.approx(hypergeom.sf(0, 21, 5, 4), abs=1e-12)
    custom = {"A": 2, "B": 3}
    assert deck_draws(custom, 2) == deck_draws(pd.Series(custom), 2)
    assert deck_draws(custom, 2).p((("A", 2),)) == Fraction(1, 10)
    assert deck_at_least(custom, "A", 6) == 1  # past 5 cards the deck is reshuffled



@pytest.mark.parametrize("deck,card,p", [("special_items", "Shovel", 0.5), ("dig", "Key", 0.9),
                                         ("common_items", "Orange", 0.25)])
def test_draws_until_is_the_first_crossing_by_scipy(deck, card, p):
    copies = RULES.deck(deck)
    n = draws_until(deck, card, p)
    chance = [hypergeom.sf(0, int(copies.sum()), int(copies[card]), k) for k in (n - 1, n)]
    assert chance[0] <= p < chance[1]

# -- icepool --------------------------------------------------------------------------------------

@pytest.mark.parametrize("deck,n", [("dig", 3), ("trunk", 4), ("special_items", 4),
                                    ("common_items", 2)])
def test_single_pass_joint_matches_icepool_deal(deck, n):
    die = icepool.Deck(RULES.deck(deck).to_dict()).deal(n).expand()
    theirs = {counts_key(outcome): Fraction(q, die.denominator()) for outcome, q in die.items()}
    assert deck_draws(deck, n).pmf == dict(sorted(theirs.items()))


def test_trunks_is_the_trunk_deck_one_card_a_trunk():
    die = icepool.Deck(RULES.deck("trunk").to_dict()).deal(3).expand()
    assert trunks(3).p(lambda o: "Lockpick Kit" in dict(o)) == Fraction(
        sum(q for outcome, q in die.items() if "Lockpick Kit" in outcome), die.denominator())


# -- Monte Carlo: shuffle, deal, discard, reshuffle -----------------------------------------------

def check_joint(dist, sample):
    n = len(sample)
    seen = Counter(sample)
    assert set(seen) <= set(dist.outcomes)
    for outcome, p in dist:
        if p >= Fraction(1, 200):
            assert close(p, seen[outcome], n), (outcome, p, seen[outcome] / n)


@pytest.mark.parametrize("deck,draws,per_draw,drawn", [
    ("trunk", 9, 2, ()),  # 18 cards from 13: one reshuffle
    ("dig", 8, 1, ("Key",) * 2 + ("Nothing",) * 4 + ("Trash",) * 2 + ("Turnip",) * 3
     + ("1-2 Coins",) * 3 + ("3-4 Coins",) * 2),  # 5 left, then a reshuffle
    ("special_items", 3, 4, ("Shovel", "Telescope")),  # 12 of 22 left: one pass
])
def test_joint_matches_monte_carlo(deck, draws, per_draw, drawn):
    rng = random.Random(20240)
    cards = cards_of(deck)
    sample = [counts_key(physical(cards, drawn, draws * per_draw, rng)) for _ in range(20000)]
    check_joint(deck_draws(deck, draws, per_draw, list(drawn)), sample)


def test_at_least_matches_monte_carlo_across_reshuffles():
    rng = random.Random(7)
    cards, drawn = cards_of("common_items"), ["Key"] * 5 + ["Apple"] * 3
    n = 20000
    for total in (10, 23, 40, 61):  # 22 left: within the pass, just past it, two reshuffles
        hits = sum(Counter(physical(cards, drawn, total, rng))["Key"] >= 4 for _ in range(n))
        assert close(deck_at_least("common_items", "Key", total, 4, drawn=drawn), hits, n)


def test_digs_with_a_metal_detector_found_midway_match_monte_carlo():
    rng = random.Random(11)
    cards = cards_of("dig")
    rows = RULES.rows("decks/dig.csv")
    drawn = ["Nothing", "Nothing", "Key", "Trash", "Turnip"]
    n_digs, n = 14, 20000
    sample = []
    for _ in range(n):
        deck = list(cards)
        for c in drawn:
            deck.remove(c)
        discard, detector, got = list(drawn), False, []
        rng.shuffle(deck)
        for _ in range(n_digs):
            for _ in range(2 if detector else 1):
                if not deck:
                    deck, discard = discard, []
                    rng.shuffle(deck)
                got.append(deck.pop())
                discard.append(got[-1])
            detector = detector or any(rows[c]["item"] == "Metal Detector" for c in got)
        sample.append(counts_key(got))
    exact = digs(n_digs, drawn=drawn)
    check_joint(exact, sample)
    sizes = Counter(sum(c for _, c in o) for o in sample)
    total = exact.map(lambda o: sum(c for _, c in o))
    for size, p in total:
        assert close(p, sizes[size], n)
    assert digs(3, metal_detector=True) == deck_draws("dig", 3, 2)
    assert digs(0) == deck_draws("dig", 0)


def test_closet_bottom_cycle_matches_monte_carlo():
    rng = random.Random(5)
    cards, drawn, n = cards_of("special_items"), ["Shovel", "Cupcake"], 20000
    total = 30  # 22 left: they cycle; the discards never come back
    sample = [counts_key(physical(cards, drawn, total, rng, "bottom")) for _ in range(n)]
    exact = deck_draws("special_items", total, drawn=drawn, returns="bottom")
    check_joint(exact, sample)
    assert exact.p(lambda o: dict(o).get("Cupcake", 0) == 0) == 1


# -- yields ---------------------------------------------------------------------------------------

# The rulebook's "If already held, gain X instead" cards (§8), by deck.
INSTEAD = {("dig", "Broken Lever"): ("coins", 2), ("dig", "Secret Garden Key"): ("keys", 1),
           ("dig", "Silver Key"): ("keys", 1), ("trunk", "1 Gem + Secret Garden Key"): ("keys", 1)}


def test_instead_cards_say_so_in_the_data():
    for (deck, card), (resource, n) in INSTEAD.items():
        effect = RULES.rows(f"decks/{deck}.csv")[card]["effect"].lower()
        assert f"gain {n} {resource[:-1]}" in effect and "instead" in effect


def resolve_cards(deck, seq, held, rng, rules=RULES):
    """Gain each card in order, as a player would (§7, §8, §11)."""
    rows = rules.rows(f"decks/{deck}.csv")
    held, out = set(held), Counter()
    for card in seq:
        row = rows[card]
        for r in RESOURCES:
            v = row.get(r)
            out[r] += rng.choice(v.values) if isinstance(v, Span) else int(v or 0)
        if row.get("food"):
            out["steps"] += food_steps(rules, row["food"], tuple(held))
        item = row.get("item")
        if item in held and (deck, card) in INSTEAD:
            resource, n = INSTEAD[deck, card]
            out[resource] += n
        if item:
            held.add(item)
    return out


@pytest.mark.parametrize("deck,draws,held,drawn", [
    ("dig", 30, (), ["Metal Detector", "Key"]),  # past a reshuffle: Broken Lever pays 2 coins
    ("special_items", 20, (), []),  # Salt Shaker before the Cupcake
    ("special_items", 5, ("Salt Shaker", "Silver Spoon"), []),
    ("trunk", 16, ("Secret Garden Key",), ["3 Gems"]),
    ("common_items", 12, ("Salt Shaker",), []),
])
def test_expected_yield_matches_monte_carlo(deck, draws, held, drawn):
    rng = random.Random(99)
    cards, n = cards_of(deck), 12000
    runs = [resolve_cards(deck, physical(cards, drawn, draws, rng), held, rng) for _ in range(n)]
    exact = expected_yield(deck, draws, held=held, drawn=drawn)
    for r in RESOURCES:
        assert mean_close(exact[r], [run[r] for run in runs]), r
    steps = yield_dist(deck, draws, "steps", held=held, drawn=drawn)
    assert steps.mean() == exact["steps"]
    hist = Counter(run["steps"] for run in runs)
    for value, p in steps:
        if p >= Fraction(1, 100):
            assert close(p, hist[value], n), (value, p)


def test_yields_without_order_effects_match_the_joint_counts():
    # Coins from 25 digs: a function of the card counts (Broken Lever: 2 coins past the first).
    joint = deck_draws("dig", 25)
    coins = Fraction(0)
    for outcome, p in joint:
        c = dict(outcome)
        coins += p * (c.get("1-2 Coins", 0) * Fraction(3, 2) + c.get("3-4 Coins", 0)
                      * Fraction(7, 2) + 2 * max(c.get("Broken Lever", 0) - 1, 0))
    assert expected_yield("dig", 25)["coins"] == coins
    assert yield_dist("dig", 25, "coins").mean() == coins
    keys = yield_dist("trunk", 4, "keys")
    assert keys.mean() == expected_yield("trunk", 4)["keys"]


def test_held_items_change_yields():
    base = expected_yield("common_items", 3)["steps"]
    salt = expected_yield("common_items", 3, held=("Salt Shaker",))["steps"]
    assert salt - base == 3 * Fraction(6, 30)  # +1 per fruit card; 6 fruit cards in 30
    spoon = expected_yield("common_items", 3, held=("Salt Shaker", "Silver Spoon"))["steps"]
    assert spoon == 2 * salt
    assert expected_yield("dig", 1, held=("Broken Lever",))["coins"] - expected_yield(
        "dig", 1)["coins"] == Fraction(2, 21)


# -- rooms ----------------------------------------------------------------------------------------

def test_room_draw_counts_come_from_item_spawns():
    spawns = RULES.rows("tables/item_spawns.csv")
    for room in ("Closet", "Walk-in Closet", "Attic", "Mail Room", "Toolshed"):
        out = room_draws(room)
        for col, deck in (("common", "common_items"), ("special", "special_items")):
            size = {sum(c for _, c in o) for o in out[deck].outcomes} if deck in out else {0}
            assert size == {spawns[room][col] or 0}, room
    gone = room_draws("Attic", drawn={"special_items": ["Shovel"] * 3})["special_items"]
    assert gone.p(lambda o: "Shovel" in dict(o)) == 0
    offer = room_draws("Trading Post", held=("Sledgehammer",))["special_items"]
    assert offer == deck_draws("special_items", 1, 2)


def test_attic_matches_monte_carlo():
    rng = random.Random(3)
    common, special, n = cards_of("common_items"), cards_of("special_items"), 12000
    runs = []
    for _ in range(n):  # Common Items cards first, then Special Items, resolved in order
        held, out = set(), Counter()
        for deck, cards in (("common_items", common), ("special_items", special)):
            k = RULES.rows("tables/item_spawns.csv")["Attic"][deck.split("_")[0]]
            seq = physical(cards, (), k, rng)
            gained = resolve_cards(deck, seq, held, rng)
            out.update(gained)
            held |= {RULES.rows(f"decks/{deck}.csv")[c]["item"] for c in seq} - {None}
        runs.append(out)
    exact = room_yield("Attic")
    for r in RESOURCES:
        assert mean_close(exact[r], [run[r] for run in runs]), r
    shovel = room_draws("Attic")["special_items"].p(lambda o: "Shovel" in dict(o))
    assert float(shovel) == pytest.approx(hypergeom.sf(0, 24, 3, 4), abs=1e-12)


def test_locker_room_rolls_the_white_die_per_locker():
    p = numbered_success(RULES, "lock_white", "OPEN")
    three = room_draws("Locker Room", 3)["common_items"]
    assert three.p(()) == (1 - p) ** 3
    one = expected_yield("common_items", 1)
    assert room_yield("Locker Room", 2)["keys"] == 2 * p * one["keys"]


def test_walk_in_closet_adds_its_supply_gem():
    drawn = expected_yield("common_items", 2)["gems"] + expected_yield("special_items", 1)["gems"]
    assert room_yield("Walk-in Closet")["gems"] == drawn + 1


# -- variants -------------------------------------------------------------------------------------

def test_trunk_deck_size_declared_12_drops_a_card():
    twelve = RULES.with_variants(trunk_deck_size="declared_12")
    assert sum(twelve.deck("trunk")) == 12
    a, b = deck_at_least("trunk", "3 Gems", 3), deck_at_least("trunk", "3 Gems", 3, rules=twelve)
    assert float(a) == pytest.approx(hypergeom.sf(0, 13, 3, 3), abs=1e-12)
    assert float(b) == pytest.approx(hypergeom.sf(0, 12, 3, 3), abs=1e-12)
    assert deck_at_least("trunk", "Allowance Token", 5, rules=twelve) == 0
    assert expected_yield("trunk", 2)["keys"] != expected_yield("trunk", 2, rules=twelve)["keys"]


def test_shovel_count_one_per_run_leaves_one_shovel_card():
    one = RULES.with_variants(shovel_count="one_per_run")
    assert float(deck_at_least("special_items", "Shovel", 4, rules=one)) == pytest.approx(
        hypergeom.sf(0, 22, 1, 4), abs=1e-12)
    assert deck_at_least("special_items", "Shovel", 4) != deck_at_least(
        "special_items", "Shovel", 4, rules=one)


def test_closet_returns_and_repeat_entry_rewards():
    every = RULES.with_variants(repeat_entry_rewards="every_entry")
    discard = every.with_variants(closet_returns="discard")
    assert room_draws("Attic", 2) == room_draws("Attic", 1)  # first entry only (default)
    assert room_draws("Attic", 2, rules=every) != room_draws("Attic", 1, rules=every)
    # 26 entries with the Telescope in the discard pile: under the bottom reading the 23 cards
    # left cycle and it never comes back; with discards the deck is reshuffled after 23.
    bottom = room_draws("Closet", 26, drawn={"special_items": ["Telescope"]}, rules=every)
    plain = room_draws("Closet", 26, drawn={"special_items": ["Telescope"]}, rules=discard)
    assert bottom["special_items"].p(lambda o: "Telescope" in dict(o)) == 0
    assert plain["special_items"].p(lambda o: "Telescope" in dict(o)) == Fraction(3, 24)
    assert bottom["special_items"] != plain["special_items"]


def test_other_variants_reach_the_calculators():
    nook = {v: room_draws("Nook", rules=RULES.with_variants(nook_roll=v))["special_items"].p(())
            for v in ("six", "open_face", "locked_face")}
    blue = RULES.die("lock_blue")
    assert nook == {"six": Fraction(5, 6), "open_face": Fraction(int(blue["LOCKED"]), 6),
                    "locked_face": Fraction(int(blue["OPEN"]), 6)}
    sold_out = RULES.with_variants(commissary_deck_exhausted="sold_out")
    assert deck_at_least("commissary_stock", "Stock 1", 8) == 1
    with pytest.raises(ValueError, match="not reshuffled"):
        deck_at_least("commissary_stock", "Stock 1", 8, rules=sold_out)
    icons = RULES.with_variants(random_spawn_rooms="icon_tiles")
    assert room_draws("Bedroom", rules=icons)["common_items"].p(()) == 1


# -- inputs ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("call,message", [
    (lambda: deck_draws("nope", 1), "no deck"),
    (lambda: deck_draws("meals", 1), "fixed order"),
    (lambda: deck_draws("dig", -1), "draws"),
    (lambda: deck_draws("dig", 1, 0), "per_draw"),
    (lambda: deck_draws("dig", 1, drawn=["Key"] * 4), "only 3"),
    (lambda: deck_draws("dig", 1, drawn=["Shovel"]), "no card .Shovel. in the dig deck"),
    (lambda: deck_draws("dig", 1, drawn="Key"), "list of card names"),
    (lambda: deck_draws("dig", 1, returns="top"), "returns"),
    (lambda: deck_draws("outer_rooms", 2, 3), "not reshuffled"),
    (lambda: deck_at_least("dig", "Shovel", 1), "no card"),
    (lambda: draws_until("dig", "Key", p=1), r"\[0, 1\)"),
    (lambda: draws_until("dig", "Key", drawn={"Key": 3}, returns="keep"), "never"),
    (lambda: expected_yield({"A": 1}, 1), "named deck"),
    (lambda: expected_yield("dig", 1, held="Salt Shaker"), "collection"),
    (lambda: yield_dist("dig", 1, "fame"), "resource"),
    (lambda: room_draws("Kennel"), "no Common or Special"),
    (lambda: room_draws("Library"), "draws no item cards"),
    (lambda: room_draws("Trading Post"), "held"),
    (lambda: room_draws("Attic", drawn={"dig": ["Key"]}), "not dig"),
    (lambda: room_yield("Trading Post", held=("Shovel",)), "which card you keep"),
])
def test_bad_inputs_raise_clear_errors(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_answers_are_exact():
    assert isinstance(deck_at_least("dig", "Key", 3), Fraction)
    assert all(isinstance(v, Fraction) for v in expected_yield("dig", 2).values())
    assert all(isinstance(p, Fraction) for _, p in deck_draws("dig", 2))
