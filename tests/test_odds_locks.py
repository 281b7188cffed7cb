"""The lock-dice calculators (§4 Step 1, §6, §9, §16, §17) against closed forms read straight
from the dice data, icepool, and Monte Carlo rolls of the physical faces."""

import math
import random
from fractions import Fraction
from functools import cache

import icepool
import pytest

from manorkit.blueprince import load_rules
from manorkit.blueprince.odds.locks import (
    DOORS,
    KeysNeeded,
    _lowest_wins,
    antechamber_route,
    keys_needed,
    keys_to_antechamber,
    lock_chance,
    lock_table,
    locks,
    vestibule,
)

RULES = load_rules()
N = 20_000


def locked_share(rules, die_name):
    """Closed form: LOCKED faces over all faces, straight from dice.csv."""
    counts = rules.die(die_name)
    return Fraction(int(counts.get("LOCKED", 0)), int(counts.sum()))


def rank_share(rules, rank):
    name = rules.rank_die(rank)
    return Fraction(0) if name is None else locked_share(rules, name)


@cache
def faces(rules, die_name):
    """The physical die: one tuple entry per face."""
    return tuple(face for face, count in rules.die(die_name).items() for _ in range(count))


@cache
def room_row(rules, room):
    return rules.room(room)


def within(p_hat, p, n=N):
    # Each estimate is a mean of n Bernoulli trials: |p̂ − p| ≤ 4·sqrt(p(1−p)/n), or 1e-9 when
    # p is 0 or 1 (then p̂ must be exact).
    return abs(p_hat - float(p)) <= 4 * math.sqrt(float(p) * (1 - float(p)) / n) + 1e-9


def bernoulli_die(p):
    """icepool die with 1 = LOCKED, built from the exact chance."""
    return icepool.Die({1: p.numerator, 0: p.denominator - p.numerator})


def icepool_pmf(die):
    return {k: Fraction(die.quantity(k), die.denominator()) for k in die.outcomes()}


# -- physical simulation ----------------------------------------------------------------------

def roll_vestibule(rng, rules, rank, entry="S"):
    """Roll a Vestibule door by door and re-roll tied lowest doors, as §6 and §17 say."""
    name = rules.rank_die(rank)
    if name is None:
        if rules.variant("special_locks_low_ranks") == "never_locked":
            return None
        name = "lock_white"
    if rules.variant("numbered_lock_die") == "d6":
        die, value = faces(rules, "d6"), int
    else:
        die, value = faces(rules, name), {"LOCKED": 0, "OPEN": 1}.get
    tied = [d for d in DOORS
            if rules.variant("vestibule_entry_door") == "all_four" or d != entry]
    while len(tied) > 1:
        rolled = {d: value(rng.choice(die)) for d in tied}
        low = min(rolled.values())
        tied = [d for d in tied if rolled[d] == low]
    return tied[0]


def roll_door(rng, rules, rank, room, foyer=False):
    """Whether a north door drafted from ``room`` at ``rank`` comes up locked (default readings
    of lock_rank_basis and special_locks_low_ranks)."""
    if room is not None:
        row = room_row(rules, room)
        if foyer and "orange" in row["colours"] or row["lock"] == "never":
            return False
        if row["lock"] == "vestibule":
            return roll_vestibule(rng, rules, rank) == "N"
        if row["lock"] == "red":
            return rng.choice(faces(rules, "lock_red")) == "LOCKED"
    name = rules.rank_die(rank)
    return name is not None and rng.choice(faces(rules, name)) == "LOCKED"


ROUTE = (3, 4, 5, 6, 7, 8, 9, 2, 6, 5)
ROOMS = (None, "Great Hall", "Tunnel", "Hallway", "Passageway", None, "Corridor", "Gymnasium",
         "Vestibule", "Bedroom")


# -- lock_chance ------------------------------------------------------------------------------

def test_rank_chances_are_the_data_faces_and_the_rulebook_table():
    for rank in range(1, 10):
        assert lock_chance(rank) == rank_share(RULES, rank)
    # §6 table with the shipped data: 0 at ranks 1-3, 1/6 white, 1/3 blue, 1/2 red.
    assert [lock_chance(r) for r in range(1, 10)] == [0, 0, 0] + [Fraction(1, 6)] + \
        [Fraction(1, 3)] * 3 + [Fraction(1, 2)] * 2


def test_room_lock_rules_follow_the_lock_column():
    never = RULES.rooms.index[RULES.rooms["lock"] == "never"]
    red = RULES.rooms.index[RULES.rooms["lock"] == "red"]
    assert {"Corridor", "Foyer", "Courtyard"} <= set(never)
    assert set(red) == {"Weight Room", "Gymnasium", "Great Hall"}
    for rank in range(1, 10):
        assert all(lock_chance(rank, room) == 0 for room in never)
        assert all(lock_chance(rank, room) == locked_share(RULES, "lock_red") for room in red)
        assert lock_chance(rank, "Tunnel") == rank_share(RULES, rank)  # §9 normal rolls


def test_foyer_unlocks_every_hallway_and_nothing_else():
    orange = [n for n, c in RULES.rooms["colours"].items() if "orange" in c]
    assert {"Great Hall", "Tunnel", "Passageway", "Vestibule"} <= set(orange)
    for rank in (4, 6, 9):
        assert all(lock_chance(rank, room, foyer=True) == 0 for room in orange)
        assert lock_chance(rank, "Gymnasium", foyer=True) == locked_share(RULES, "lock_red")
        assert lock_chance(rank, "Bedroom", foyer=True) == rank_share(RULES, rank)
    assert lock_chance(6, "Passageway") > 0


def test_hallway_locks_variant_makes_hallways_roll_the_rank_die():
    s6 = RULES.with_variants(hallway_locks="section6_only")
    for room in ("Hallway", "West Wing Hall", "East Wing Hall"):
        assert lock_chance(5, room) == 0
        assert lock_chance(5, room, rules=s6) == lock_chance(5, rules=s6)
        assert lock_chance(5, room, rules=s6) == locked_share(s6, s6.rank_die(5))
        assert lock_chance(5, room, foyer=True, rules=s6) == 0
    assert lock_chance(5, "Corridor", rules=s6) == 0


def test_lock_rank_basis_target_cell_rolls_the_next_ranks_die():
    target = RULES.with_variants(lock_rank_basis="target_cell")
    assert lock_chance(3) == 0
    assert lock_chance(3, rules=target) == locked_share(RULES, "lock_white")
    assert lock_chance(7, rules=target) == locked_share(RULES, "lock_red")
    assert lock_chance(7, direction="E", rules=target) == locked_share(RULES, "lock_blue")
    assert lock_chance(4, direction="S", rules=target) == 0
    with pytest.raises(ValueError, match="off the board"):
        lock_chance(9, rules=target)
    assert keys_to_antechamber(rules=target).dist == locks((5, 6, 7, 8))


def test_special_locks_low_ranks_variant():
    never = RULES.with_variants(special_locks_low_ranks="never_locked")
    assert lock_chance(2, "Gymnasium") == locked_share(RULES, "lock_red")
    assert lock_chance(2, "Gymnasium", rules=never) == 0
    assert lock_chance(4, "Gymnasium", rules=never) == locked_share(RULES, "lock_red")
    assert lock_chance(2, "Vestibule") == Fraction(1, 4)
    assert lock_chance(2, "Vestibule", rules=never) == 0
    assert vestibule(2, rules=never).pmf == {None: 1}


def test_kennel_and_shovel_unlock_rooms_with_dirt():
    assert RULES.room("Tunnel")["dirt_on_draft"] > 0
    assert lock_chance(8, "Tunnel", kennel=True) == 0
    assert lock_chance(8, "Bedroom", kennel=True) == rank_share(RULES, 8)  # no dirt pile
    pad = RULES.with_variants(kennel_unlock_scope="padlocks_only")
    assert lock_chance(8, "Tunnel", kennel=True, rules=pad) == rank_share(RULES, 8)


@pytest.mark.parametrize("bad", [0, 10, "4", 4.0, True, None])
def test_bad_rank_is_a_value_error(bad):
    with pytest.raises(ValueError, match="rank"):
        lock_chance(bad)


def test_bad_inputs_are_value_errors():
    with pytest.raises(ValueError, match="no room"):
        lock_chance(5, "Broom Cupboard")
    with pytest.raises(ValueError, match="direction"):
        lock_chance(5, direction="up")
    with pytest.raises(ValueError, match="2 ranks but 1 rooms"):
        locks([4, 5], ["Tunnel"])
    with pytest.raises(ValueError, match="sequence"):
        locks(5)
    with pytest.raises(ValueError, match="keys"):
        keys_needed([4], keys=-1)
    with pytest.raises(ValueError, match="door"):
        antechamber_route(4, "N")
    with pytest.raises(ValueError, match="start_rank"):
        antechamber_route(9, "S")
    with pytest.raises(ValueError, match="entry"):
        vestibule(5, entry="X")


# -- locks and keys ---------------------------------------------------------------------------

def test_locks_matches_icepool_sum_of_lock_dice():
    # Each draft is an icepool die with the data's LOCKED faces as 1 and OPEN faces as 0.
    def lock_die(rank):
        name = RULES.rank_die(rank)
        if name is None:
            return icepool.Die([0])
        counts = RULES.die(name)
        return icepool.Die({1: int(counts["LOCKED"]), 0: int(counts["OPEN"])})

    ranks = (4, 5, 6, 7, 8, 9, 1)
    assert locks(ranks).pmf == icepool_pmf(sum(lock_die(r) for r in ranks))
    chances = [lock_chance(r, room) for r, room in zip(ROUTE, ROOMS, strict=True)]
    assert locks(ROUTE, ROOMS).pmf == icepool_pmf(sum(bernoulli_die(p) for p in chances))


@pytest.mark.parametrize("foyer", [False, True])
def test_locks_monte_carlo(foyer):
    rng = random.Random(20240611 + foyer)
    counts = [sum(roll_door(rng, RULES, r, room, foyer) for r, room in zip(ROUTE, ROOMS,
                                                                            strict=True))
              for _ in range(N)]
    dist = locks(ROUTE, ROOMS, foyer=foyer)
    for k in range(len(ROUTE) + 1):
        assert within(counts.count(k) / N, dist.p(k)), k


def test_keys_needed_against_icepool_and_linearity():
    result = keys_needed(ROUTE, ROOMS, keys=1, lockpick_charges=1, silver_key_uses=1)
    assert isinstance(result, KeysNeeded) and result.holding == 3
    total = sum(bernoulli_die(lock_chance(r, room)) for r, room in zip(ROUTE, ROOMS, strict=True))
    assert result.enough == total.probability("<=", 3)
    assert result.mean == sum(lock_chance(r, room) for r, room in zip(ROUTE, ROOMS, strict=True))
    assert "3" in result._repr_html_()
    assert keys_needed([1, 2, 3]).enough == 1


def test_keys_needed_enough_monte_carlo():
    rng = random.Random(7)
    route = (4, 5, 6, 7, 8)
    for holding in (0, 1, 2):
        hits = sum(sum(roll_door(rng, RULES, r, None) for r in route) <= holding
                   for _ in range(N))
        assert within(hits / N, keys_needed(route, keys=holding).enough)


def test_antechamber_routes():
    # Straight north to the south door: drafts from ranks 4-7; to a side door: ranks 4-8.
    assert antechamber_route() == (4, 5, 6, 7)
    assert antechamber_route(4, "W") == antechamber_route(4, "E") == (4, 5, 6, 7, 8)
    assert antechamber_route(8) == ()
    south = keys_to_antechamber(keys=2)
    assert south.mean == sum(rank_share(RULES, r) for r in range(4, 8))
    dice = [bernoulli_die(rank_share(RULES, r)) for r in range(4, 8)]
    assert south.enough == sum(dice).probability("<=", 2)
    assert keys_to_antechamber(rooms="Tunnel", foyer=True).dist.pmf == {0: 1}
    assert keys_to_antechamber(rooms="Tunnel", kennel=True).mean == 0


# -- the Vestibule ----------------------------------------------------------------------------

@pytest.mark.parametrize("reading", ["d6", "faces"])
def test_vestibule_is_uniform_by_symmetry(reading):
    rules = RULES.with_variants(numbered_lock_die=reading)
    for rank in range(1, 10):
        assert vestibule(rank, rules=rules).pmf == dict.fromkeys(DOORS, Fraction(1, 4))
        assert lock_chance(rank, "Vestibule", rules=rules) == Fraction(1, 4)


def test_vestibule_markov_chain_sums_to_one_unnormalised():
    d6 = tuple((n, Fraction(1, 6)) for n in range(1, 7))
    coin = ((0, Fraction(1, 6)), (1, Fraction(5, 6)))  # the white die read LOCKED < OPEN
    for faces_ in (d6, coin):
        for k in range(1, 5):
            wins = _lowest_wins(faces_, frozenset(DOORS[:k]))
            assert sum(wins.values()) == 1
            assert set(wins.values()) == {Fraction(1, k)}
    with pytest.raises(ValueError, match="tie never breaks"):
        _lowest_wins(((1, Fraction(1)),), frozenset("NE"))


def test_vestibule_other_three_keeps_the_entry_door_open():
    rules = RULES.with_variants(vestibule_entry_door="other_three")
    assert vestibule(6, rules=rules).pmf == dict.fromkeys("NEW", Fraction(1, 3))
    assert vestibule(6, entry="E", rules=rules).pmf == dict.fromkeys("NSW", Fraction(1, 3))
    assert lock_chance(6, "Vestibule", rules=rules) == Fraction(1, 3)


@pytest.mark.parametrize("reading, rank, entry", [("d6", 5, "all_four"), ("faces", 4, "all_four"),
                                                  ("faces", 8, "other_three")])
def test_vestibule_monte_carlo(reading, rank, entry):
    rules = RULES.with_variants(numbered_lock_die=reading, vestibule_entry_door=entry)
    rng = random.Random(rank)
    rolls = [roll_vestibule(rng, rules, rank) for _ in range(N)]
    dist = vestibule(rank, rules=rules)
    for door in DOORS:
        assert within(rolls.count(door) / N, dist.p(door)), door


def test_lock_table():
    table = lock_table()
    assert list(table["rank"]) == list(range(1, 10))
    assert list(table["p"]) == [rank_share(RULES, r) for r in range(1, 10)]
    assert table.loc[0, "die"] == "none" and table.loc[3, "die"] == RULES.rank_die(4)
    assert table["probability"].tolist() == [float(p) for p in table["p"]]


def test_bernoulli_sum_is_the_convolution_of_bernoullis():
    # The integer (Kronecker) product must equal convolving Dists, long and short, 0 and 1.
    import random
    from fractions import Fraction

    from manorkit.blueprince.odds.locks import bernoulli_sum
    from manorkit.dist import Dist, sum_of

    rng = random.Random(7)
    for n in (0, 1, 5, 40):
        chances = [Fraction(rng.randint(0, d), d) for d in rng.choices([2, 3, 6, 7], k=n)]
        assert bernoulli_sum(chances) == sum_of(Dist({1: p, 0: 1 - p}) for p in chances)
