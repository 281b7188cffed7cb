"""Mystery Mansion: the rules data, and every calculator against a physical Monte Carlo
(seeded; each estimate within 4 standard errors of the exact value) and a closed form or
icepool where one applies."""

import math
import random
import shutil
from fractions import Fraction

import icepool
import pytest

from manorkit.mystery_mansion import (
    RulesDataError,
    actions_to_enter,
    allowed_levels,
    chest_cards,
    chests_to_real,
    clue_card,
    clue_draws,
    clue_play,
    door_die,
    first_turn,
    key_matches,
    load_rules,
    random_card,
    real_treasure,
    room_draw,
    rooms_added,
    search_card,
    turn_of_entry,
)
from manorkit.mystery_mansion.rules import DEFAULT_PATH

RULES = load_rules()
N = 40_000


def close(hits: int, p, n: int = N) -> bool:
    """The estimate hits/n lies within 4 standard errors of p (a 4-sigma bound)."""
    p = float(p)
    return abs(hits / n - p) <= 4 * math.sqrt(p * (1 - p) / n) + 1e-12


def roll_door(rng, p_open):
    faces = ["OPEN"] * p_open.numerator + ["LOCKED"] * (p_open.denominator - p_open.numerator)
    return rng.choice(faces)


def deck_list(name):
    return [c for c, n in RULES.deck(name).items() for _ in range(n)]


# -- data ---------------------------------------------------------------------------------

def test_the_catalog_as_the_text_gives_it():
    assert len(RULES.rooms) == 24
    assert all(len(RULES.rooms_on(level)) == 8 for level in ("basement", "first", "second"))
    assert RULES.start == "Foyer" and RULES.level_of("Foyer") == "first"
    assert sum(RULES.deck("search").values()) == 72 and sum(RULES.deck("clue").values()) == 56
    assert RULES.deck("clue")["Treasure Chest"] == 7 and RULES.deck("clue")["Key"] == 7
    assert RULES.treasure == (2, 5) and RULES.keys == tuple(range(1, 8))
    assert len(RULES.chests) == 7 and RULES.components.loc["staircases", "count"] == 12
    ph = RULES.placeholders
    assert {"door_die.csv", "chests.csv", "decks/search.csv", "decks/clue.csv"} <= set(ph.file)
    assert "Cobweb" in set(ph.row) and "Treasure Chest" not in set(ph.row)


def test_a_deck_that_misses_its_size_is_named(tmp_path):
    copy = tmp_path / "mm"
    shutil.copytree(DEFAULT_PATH, copy)
    path = copy / "decks" / "clue.csv"
    path.write_text(path.read_text().replace("Cobweb,immediate,discard,18",
                                             "Cobweb,immediate,discard,17"), encoding="utf-8")
    with pytest.raises(RulesDataError, match="holds 55 cards; expected clue's") as info:
        load_rules(copy)
    assert (info.value.file, info.value.field) == ("decks/clue.csv", "copies")
    path.write_text(path.read_text().replace("Cobweb,immediate,discard,17",
                                             "Cobweb,immediate,discard,16")
                    .replace("Secret Passage,hand,discard,4", "Secret Passage,hand,discard,6"),
                    encoding="utf-8")
    assert load_rules(copy).deck("clue")["Secret Passage"] == 6


# -- the door die and building ------------------------------------------------------------

@pytest.mark.parametrize("p_open", [None, Fraction(2, 3), Fraction(1, 6)])
def test_entering_agrees_with_rolling_the_door_die(p_open):
    p = door_die(RULES, p_open).p("OPEN")
    rng = random.Random(1)
    dist = actions_to_enter(RULES, 9, p_open)
    counts = {}
    for _ in range(N):
        k = 1
        while roll_door(rng, p) != "OPEN":
            k += 1
        key = k if k <= 9 else math.inf
        counts[key] = counts.get(key, 0) + 1
    assert all(close(counts.get(o, 0), q) for o, q in dist)
    assert turn_of_entry(RULES, 3, p_open).p(1) == 1 - (1 - p) ** 3  # closed form


def test_first_turn_and_rooms_added_agree_with_rolling():
    rng = random.Random(2)
    p = Fraction(1, 2)
    counts = {}
    for _ in range(N):
        inside, rooms = False, 0
        for _ in range(3):
            if roll_door(rng, p) == "OPEN":
                rooms += inside
                inside = True
        counts[(inside, rooms)] = counts.get((inside, rooms), 0) + 1
    dist = first_turn(RULES)
    assert set(counts) == set(dist.outcomes)
    assert all(close(counts[o], q) for o, q in dist)
    binom = icepool.Die({1: 2, 0: 4}).pool(3).sum()  # a 1-in-3 OPEN die rolled 3 times
    added = rooms_added(RULES, p_open=Fraction(1, 3))
    assert all(added.p(k) == Fraction(binom.probability(k)) for k in range(4))
    assert rooms_added(RULES, unused=1).p(1) == Fraction(7, 8)
    with pytest.raises(ValueError, match="rolls"):
        rooms_added(RULES, 4)
    with pytest.raises(ValueError, match="p_open"):
        door_die(RULES, 0)


def test_the_room_choice_rule():
    assert allowed_levels("basement") == ("basement", "first")
    assert allowed_levels("first") == ("basement", "first", "second")
    assert allowed_levels("second") == ("first", "second")
    with pytest.raises(ValueError, match="may add a room of basement, first"):
        room_draw(RULES, "basement", "second")
    unused = ("Cellar", "Pantry", "Study", "Kitchen")
    assert room_draw(RULES, "basement", "basement", unused).p("Cellar") == Fraction(1, 2)
    hidden = RULES.with_variants(facedown_levels="hidden")
    dist = room_draw(hidden, "basement", unused=unused)
    rng = random.Random(3)
    counts = {}
    for _ in range(N // 4):  # blind picks, a room of a forbidden level put back
        while (room := rng.choice(unused)) == "Study":
            pass
        counts[room] = counts.get(room, 0) + 1
    assert set(counts) == set(dist.outcomes)
    assert all(close(counts[o], q, N // 4) for o, q in dist)
    with pytest.raises(ValueError, match="never an unused room"):
        room_draw(RULES, "first", "first", ("Foyer", "Kitchen"))
    with pytest.raises(ValueError, match="cannot choose"):
        room_draw(hidden, "basement", "first")


# -- cards, keys and chests ---------------------------------------------------------------

def test_clue_draws_agree_with_dealing_the_search_deck():
    deck = deck_list("search")
    rng = random.Random(4)
    dist = clue_draws(RULES, 5)
    counts = {}
    for _ in range(N):
        k = sum(c.startswith("Object Search") for c in rng.sample(deck, 5))
        counts[k] = counts.get(k, 0) + 1
    assert all(close(counts.get(o, 0), q) for o, q in dist)
    assert clue_draws(RULES).p(1) == Fraction(62, 72)


def test_clue_cards_and_chest_cards_agree_with_drawing():
    deck = deck_list("clue")
    rng = random.Random(5)
    dist = chest_cards(RULES, 6)
    counts = {}
    for _ in range(N):
        k = rng.sample(deck, 6).count("Treasure Chest")
        counts[k] = counts.get(k, 0) + 1
    assert all(close(counts.get(o, 0), q) for o, q in dist)
    after = clue_card(RULES, {"Treasure Chest": 3, "Key": 2})
    assert after.p("Treasure Chest") == Fraction(4, 51) and after.p("Key") == Fraction(5, 51)
    assert clue_play(RULES).p("hand") == Fraction(7 + 12, 56)
    with pytest.raises(ValueError, match="cannot remove 8"):
        clue_card(RULES, {"Key": 8})


@pytest.mark.parametrize("reading", ["two", "one"])
def test_key_matches_agree_with_hiding_the_chests(reading):
    rules = RULES.with_variants(chest_numbers=reading)
    labels = list(rules.chests.values())
    rng = random.Random(6)
    for key, found in ((3, 1), (7, 3)):
        dist = key_matches(rules, key, found)
        counts = {}
        for _ in range(N // 4):
            k = sum(key in label for label in rng.sample(labels, found))
            counts[k] = counts.get(k, 0) + 1
        assert all(close(counts.get(o, 0), q, N // 4) for o, q in dist)
    assert key_matches(rules, 1).p(1) == Fraction(2 if reading == "two" else 1, 7)


def test_real_treasure_agrees_with_shuffling_the_tokens():
    rng = random.Random(7)
    tokens = ["real"] * 2 + ["fake"] * 5
    counts = {}
    for _ in range(N):
        rng.shuffle(tokens)
        k = tokens.index("real") + 1
        counts[k] = counts.get(k, 0) + 1
    dist = chests_to_real(RULES)
    assert all(close(counts.get(o, 0), q) for o, q in dist)
    assert real_treasure(RULES) == Fraction(2, 7) and real_treasure(RULES, 1, 3) == Fraction(1, 3)
    assert dist.p(2) == Fraction(5, 7) * real_treasure(RULES, 0, 1)
    with pytest.raises(ValueError, match="opened 3 real"):
        real_treasure(RULES, 3)


def test_search_draws_and_steals_agree_with_drawing():
    hands = {"Object Search (first)": 4, "Lose One Action of Your Turn": 1}
    nxt = search_card(RULES, hands)
    assert nxt.p(lambda c: c.startswith("Object Search")) == Fraction(58, 67)
    stolen = random_card({"Key": 1, "Cobweb": 0, "Secret Passage": 2})
    rng = random.Random(8)
    hits = sum(rng.choice(["Key", "Secret Passage", "Secret Passage"]) == "Key"
               for _ in range(N))
    assert close(hits, stolen.p("Key")) and stolen.p("Key") == Fraction(1, 3)
    with pytest.raises(ValueError, match="at least one card"):
        random_card({"Key": 0})
