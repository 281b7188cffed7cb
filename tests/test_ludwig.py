"""Blueprints of Mad King Ludwig: each calculator against an independent method (a closed
form, brute force over tie orders, the rulebook's examples, or a seeded Monte Carlo that
shuffles and deals; bound 4σ)."""

import itertools
import math
import random
from collections import Counter
from fractions import Fraction

import pytest

from manorkit.ludwig import (
    Castle,
    bonus_card_vp,
    bonus_cards_held,
    decree_dealt,
    favor_scores,
    favors_revealed,
    final_score,
    go_last,
    load_rules,
    market_count,
    player_order_scores,
    rounds_shown,
    score_sheet,
    shown_by_round,
    solo_favor,
    turn_order,
    winner,
)

RULES = load_rules()
N = 20_000


def within(p, hits, n=N):
    sd = math.sqrt(float(p) * (1 - float(p)) / n)
    return abs(hits / n - float(p)) <= 4 * sd + 1e-12


def test_the_catalog():
    assert [RULES.deck(p) for p in range(1, 6)] == [(30, 3), (40, 4), (50, 5), (60, 6), (70, 7)]
    assert sum(RULES.composition().values()) == 96
    assert len(RULES.rows("kings_favors.csv")) == 35 and len(RULES.rows("bonus_cards.csv")) == 37
    assert len(RULES.rows("royal_decrees.csv")) == 32
    assert RULES.favor_vps() == (15, 8, 4, 1, 0)
    assert RULES.solo_rank(0) == "Baconry Dietician" and RULES.solo_rank(401).startswith("Venus")
    assert RULES.solo_rank(225) == "Cat Chamber Allergist"
    assert all(r["source"] == "placeholder" for r in RULES.rows("rooms.csv").values())
    assert "completion_vp" in RULES.rows("room_types.csv")["Food"]["placeholder"]


@pytest.mark.parametrize("players,kw", [(4, dict(room_type="Food")), (1, dict(size=8)),
                                        (5, dict(room_type="Outdoor", size=2))])
def test_market_count_is_hypergeometric(players, kw):
    good = sum(n for (t, s), n in RULES.composition().items()
               if kw.get("room_type", t) == t and kw.get("size", s) == s)
    m = RULES.deck(players)[1]
    exact = market_count(players, rules=RULES, **kw)
    for j in range(m + 1):
        assert exact.p(j) == Fraction(math.comb(good, j) * math.comb(96 - good, m - j),
                                      math.comb(96, m))


def test_market_against_shuffling():
    rng = random.Random(2)
    cards = [k for k, n in RULES.composition().items() for _ in range(n)]
    players = 3
    deck_size, m = RULES.deck(players)
    by_round = shown_by_round(players, room_type="Downstairs")
    rounds = rounds_shown(players, room_type="Downstairs")
    seen_by = Counter()
    shown = Counter()
    for _ in range(N):
        rng.shuffle(cards)
        deck = cards[:deck_size]
        markets = [deck[i:i + m] for i in range(0, deck_size, m)]
        hit = [any(t == "Downstairs" for t, _ in mk) for mk in markets]
        shown[sum(hit)] += 1
        for r in range(len(markets)):
            if any(hit[:r + 1]):
                seen_by[r] += 1
    for r, p in enumerate(by_round):
        assert within(p, seen_by[r])
    for k, hits in shown.items():
        assert within(rounds.p(k), hits)


def test_market_closed_form_by_round():
    good = sum(n for (t, _), n in RULES.composition().items() if t == "Food")
    for r, p in enumerate(shown_by_round(2, room_type="Food"), 1):
        assert p == 1 - Fraction(math.comb(96 - good, 4 * r), math.comb(96, 4 * r))


def test_a_custom_composition_and_bad_input():
    assert market_count(2, room_type="Food", composition={("Food", 1): 96}).p(4) == 1
    with pytest.raises(ValueError, match="needs 40"):
        market_count(2, composition={("Food", 1): 10})
    with pytest.raises(ValueError, match="'Ballroom'"):
        market_count(2, room_type="Ballroom")
    with pytest.raises(ValueError, match="players is 6"):
        market_count(6)


def _by_tie_orders(counts):
    """Average each player's place VPs over every order of the tied players, rounded down."""
    vps = list(RULES.favor_vps()) + [0] * 10
    names = list(counts)
    totals = Counter()
    orders = 0
    groups = [[n for n in names if counts[n] == v] for v in sorted(set(counts.values()),
                                                                       reverse=True)]
    for perm in itertools.product(*(itertools.permutations(g) for g in groups)):
        ranked = [n for g in perm for n in g]
        orders += 1
        for i, n in enumerate(ranked):
            totals[n] += vps[i]
    return {n: (totals[n] // orders if counts[n] else 0) for n in names}


def test_favor_ties_against_averaging_over_tie_orders():
    rng = random.Random(4)
    for _ in range(300):
        counts = {f"p{i}": rng.randint(0, 3) for i in range(rng.randint(1, 5))}
        assert favor_scores(counts) == _by_tie_orders(counts), counts


def test_favor_examples():
    assert favor_scores({"a": 2, "b": 2}) == {"a": 11, "b": 11}  # (15 + 8) // 2
    assert favor_scores({"a": 1, "b": 1, "c": 1}) == {"a": 9, "b": 9, "c": 9}
    assert favor_scores({"a": 5, "b": 0}) == {"a": 15, "b": 0}  # no qualifying item
    assert favor_scores({"a": 2, "b": 2, "c": 1}, wins_ties="a") == {"a": 15, "b": 8, "c": 4}
    assert solo_favor(3, 4) == 0 and solo_favor(4, 4) == 0 and solo_favor(5, 4) == 15
    assert player_order_scores(["x", "y", "z"]) == {"x": 15, "y": 8, "z": 4}
    last = RULES.with_variants(player_order_favor="last_ranks_first")
    assert player_order_scores(["x", "y", "z"], last)["z"] == 15
    with pytest.raises(ValueError, match="count of 'a' is -1"):
        favor_scores({"a": -1})


def test_turn_order_example_and_ties():
    seats = ["Carmen", "Lewis", "Saige"]
    piles = {"Saige": [4, 2], "Carmen": [3, 8], "Lewis": [6]}
    assert turn_order(piles, seats) == ["Saige", "Lewis", "Carmen"]
    assert go_last(piles, seats) == "Carmen"
    assert turn_order({"a": [1, 5], "b": [2, 5]}, ["b", "a"]) == ["a", "b"]  # next card
    assert turn_order({"a": [5], "b": [2, 5]}, ["a", "b"]) == ["a", "b"]  # none: seats
    deep = {"a": [1, 3, 5], "b": [2, 3, 5]}
    assert turn_order(deep, ["b", "a"]) == ["a", "b"]
    assert turn_order(deep, ["b", "a"], RULES.with_variants(turn_tie_depth="one_card")) == \
        ["b", "a"]
    assert turn_order({"a": [], "b": []}, ["b", "a"]) == ["b", "a"]  # round 1: clockwise


def test_turn_order_against_sorting():
    rng = random.Random(6)
    for _ in range(300):
        seats = [f"p{i}" for i in range(rng.randint(2, 5))]
        depth = rng.randint(1, 3)  # piles of one length: a plain sort by the reversed pile
        piles = {n: [rng.randint(1, 3) for _ in range(depth)] for n in seats}
        expected = sorted(seats, key=lambda n: (piles[n][::-1], seats.index(n)))
        assert turn_order(piles, seats) == expected, piles


def test_final_score_examples():
    # Outdoor example: 4 full + 2 half empty squares = 10 VPs; the Moat example: 10 Rooms = 20.
    sheet = score_sheet(Castle(outdoor=[(4, 2)], moats=[10], courtyards=1, room_sizes=[3, 5]))
    assert sheet["outdoor rooms"] == 10 and sheet["moats"] == 20 and sheet["courtyards"] == 10
    assert sheet["castle size"] == 8
    c = Castle(completed={"Food": 2, "Living": 1}, bonus=[12], decrees=[10], favors=[15, 4])
    assert final_score(c) == 2 * RULES.completion_vp("Food") + RULES.completion_vp("Living") \
        + 12 + 10 + 19
    a = Castle(room_sizes=[10], favors=[5])
    b = Castle(room_sizes=[5], favors=[10])
    assert winner({"b": b, "a": a}) == ["a", "b"]  # tie on VPs: the larger castle
    with pytest.raises(ValueError, match="'Kitchen'"):
        final_score(Castle(completed={"Kitchen": 1}))


def test_setup_draws_closed_form_and_shuffling():
    favors = [f for f in RULES.rows("kings_favors.csv") if f.endswith(" Rooms")][:7]
    exact = favors_revealed(favors)
    for j in range(5):
        assert exact.p(j) == Fraction(math.comb(7, j) * math.comb(28, 4 - j), math.comb(35, 4))
    solo = favors_revealed("Player Order", solo=True)
    assert solo.p(0) == 1  # no turn order solo: never revealed
    rng = random.Random(8)
    deck = list(RULES.rows("kings_favors.csv"))
    counts = Counter(sum(f in favors for f in rng.sample(deck, 4)) for _ in range(N))
    assert all(within(exact.p(k), n) for k, n in counts.items())
    assert bonus_cards_held("B01", drawn=6).p(1) == Fraction(6, 37)
    in_play = RULES.pool("royal_decrees.csv")  # Setup's tip: some are left in the box
    assert len(in_play) == sum(r["in_play"] == "yes" for r in RULES.rows("royal_decrees.csv")
                                 .values())
    assert decree_dealt(4) == Fraction(6, len(in_play))
    assert decree_dealt(4, double=True) == Fraction(10, len(in_play))
    every = RULES.edit("royal_decrees.csv", "D05", in_play="yes")
    assert decree_dealt(4, rules=every) == Fraction(6, len(in_play) + 1)
    hits = sum("D01" in rng.sample(in_play, 5) for _ in range(N))
    assert within(decree_dealt(3), hits)
    with pytest.raises(ValueError, match="Nope not in"):
        favors_revealed("Nope")
    with pytest.raises(ValueError, match="drawn is 40"):
        bonus_cards_held("B01", drawn=40)


def test_bonus_card_vp():
    cards = {r["text"].split(".")[0]: k for k, r in RULES.rows("bonus_cards.csv").items()}
    go_last = cards["Score 5 VPs per Go Last circle you filled in"]
    assert bonus_card_vp(go_last, 4) == 20 and bonus_card_vp(go_last, 9) == 30  # the cap
    swans = cards["Score 3 VPs per filled-in Swan on your score sheet"]
    assert bonus_card_vp(swans, 8) == 24
    never = cards["Score 25 VPs if you never expanded your lot"]
    assert bonus_card_vp(never, 1) == 25 and bonus_card_vp(never, 0) == 0
    assert bonus_card_vp("B01", 3) == 3 * RULES.rows("bonus_cards.csv")["B01"]["vp"]
    assert "vp" in RULES.rows("bonus_cards.csv")["B01"]["placeholder"]  # X: a placeholder
    with pytest.raises(ValueError, match="condition"):
        bonus_card_vp(never, 2)


def test_a_broken_copy_names_the_file(tmp_path):
    import shutil

    from manorkit.ludwig.rules import DEFAULT_PATH
    from manorkit.ruleset import RulesDataError
    dest = tmp_path / "lw"
    shutil.copytree(DEFAULT_PATH, dest)
    path = dest / "rooms.csv"
    path.write_text(path.read_text(encoding="utf-8").replace("Food,1,2,1", "Food,1,3,1"),
                    encoding="utf-8")
    with pytest.raises(RulesDataError, match="holds 97 cards") as info:
        load_rules(dest)
    assert info.value.file == "rooms.csv"


def test_the_winner_tie_break_counts_every_completed_room():
    # The Winner: "the most completed Rooms (filled-in circles)" — a complete Outdoor Room
    # (one score-sheet entry) and a completed Utility Room are completed Rooms too.
    assert winner({"B": Castle(), "A": Castle(outdoor=[(0, 0)])}) == ["A", "B"]
    assert winner({"B": Castle(), "A": Castle(completed={"Utility": 1})}) == ["A", "B"]
    assert Castle(completed={"Food": 2, "Utility": 1}, outdoor=[(1, 0)]).completed_rooms == 4
