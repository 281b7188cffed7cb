"""Nightmare House: the rules data, and every calculator against a physical Monte Carlo
(seeded; each estimate within 4 standard errors of the exact value) and icepool or a closed
form where one applies."""

import math
import random
import shutil
from fractions import Fraction
from math import comb

import icepool
import pytest

from manorkit.dist import Dist
from manorkit.nightmare_house import (
    RulesDataError,
    astral_entry,
    character_draw,
    entity_after,
    exorcism,
    haunt_draw,
    haunting,
    haunting_group,
    healing,
    house_draw,
    house_wins,
    hunter_draw,
    lights_off,
    lights_on,
    load_rules,
    lost_landing,
    panic,
    possessed_total,
    possession_attack,
    possession_defence,
    power_cup,
    power_draw,
    search,
    warding,
)
from manorkit.nightmare_house.contests import power_total
from manorkit.nightmare_house.rules import DEFAULT_PATH

RULES = load_rules()
N = 40_000


def d6(rng):
    return rng.randint(1, 6)


def close(hits: int, p: Fraction, n: int = N) -> bool:
    """The estimate hits/n lies within 4 standard errors of p (a 4-sigma bound)."""
    p = float(p)
    return abs(hits / n - p) <= 4 * math.sqrt(p * (1 - p) / n) + 1e-12


#: The placeholder POWER CUP, marker by marker: twenty each of 1, 2 and 3.
CUP = [1] * 20 + [2] * 20 + [3] * 20


def drawn(rng, n: int) -> int:
    """The sum of ``n`` markers drawn from the cup without replacement."""
    return sum(rng.sample(CUP, n))


# -- data ---------------------------------------------------------------------------------

def test_the_catalog_as_transcribed_and_its_gaps():
    assert len(RULES.characters) == 12
    kate = RULES.character("Kate")
    assert (kate["physical"], kate["psychic"], kate["possessed"]) == (5, 6, 5)
    assert RULES.character("Evans")["placeholder"] == ("physical", "psychic", "possessed",
                                                       "soul")
    assert RULES.haunt("Dust Golem")["strength"] == 6
    assert "strength" in RULES.haunt("Animated Corpse")["placeholder"]
    assert RULES.tool("Pistol")["physical"] == 3 and RULES.tool("Rosary")["psychic"] == 3
    assert RULES.tool("Dagger")["placeholder"] == ("psychic",)
    assert len(RULES.clock) == 12 and RULES.hour("3 AM")["haunt_bonus"] == 2
    assert {"possession_defence", "exorcism_roll", "power_marker_values"} <= set(RULES.gaps.index)
    assert RULES.power_marker.mean() == 2  # placeholder: 20 each of 1, 2, 3
    assert len(RULES.placeholders) > 40


def test_talisman_readings_patch_the_tools():
    assert [RULES.tool(t)["psychic"] for t in ("Talisman A", "Talisman B")] == [1, 2]
    two = RULES.with_variants(talisman_modifiers="both_two")
    assert [two.tool(t)["psychic"] for t in ("Talisman A", "Talisman B")] == [2, 2]


def test_a_designers_copy_loads_and_a_bad_cell_is_named(tmp_path):
    copy = tmp_path / "nh"
    shutil.copytree(DEFAULT_PATH, copy)
    path = copy / "haunts.csv"
    path.write_text(path.read_text().replace("Bats,5,", "Bats,7,"), encoding="utf-8")
    assert load_rules(copy).haunt("Bats")["strength"] == 7
    path.write_text(path.read_text().replace("Bats,7,", "Bats,x,"), encoding="utf-8")
    with pytest.raises(RulesDataError) as info:
        load_rules(copy)
    assert (info.value.file, info.value.row, info.value.field) == ("haunts.csv", "Bats",
                                                                   "strength")
    assert info.value.line == 10
    path.write_text(path.read_text().replace("Bats,x,physical,mobile", "Bats,5,physical,immobile"),
                    encoding="utf-8")
    with pytest.raises(RulesDataError, match="every Physical Haunt is mobile") as info:
        load_rules(copy)
    assert (info.value.row, info.value.field) == ("Bats", "mobility")


# -- Haunting -----------------------------------------------------------------------------

CASES = [
    dict(haunt="Bats", character="Holt", power=2, hour="3 AM", tools=("Pistol", "Dagger")),
    dict(haunt="Spectre", character="Kate", power=1, hour="Midnight", space="Crypt",
         tools=("Bible", "Talisman B"), vulnerable=True, companions=1),
    dict(haunt="Deadly Vision", character="Opal", power=(3,), hour="5 AM"),
]


def simulate_haunting(rng, haunt, character, power=1, hour="6 PM", space=None, tools=(),
                      companions=0, vulnerable=False):
    """Part 6 Steps 1-3 rolled out, with the numbers written from the rulebook."""
    h = RULES.haunt(haunt)
    c = RULES.character(character)
    hour_bonus = {"Midnight": 1, "1 AM": 1, "2 AM": 1, "3 AM": 2, "4 AM": 2}.get(hour, 0)
    markers = drawn(rng, power) if isinstance(power, int) else sum(power)
    house = d6(rng) + markers + h["strength"] + hour_bonus
    if h["kind"] == "psychic" and space in ("Crypt", "Graveyard", "Cellar", "Tower"):
        house += 1
    hunter = (d6(rng) + sum(RULES.tool(t)[h["kind"]] for t in tools) + c[h["kind"]]
              + 2 * companions + (3 if hour == "5 AM" else 0) - (1 if vulnerable else 0))
    return house > hunter


@pytest.mark.parametrize("case", CASES, ids=lambda c: c["haunt"])
def test_haunting_agrees_with_rolling_it(case):
    rng = random.Random(6)
    hits = sum(simulate_haunting(rng, **case) for _ in range(N))
    assert close(hits, haunting(RULES, **case).p_house)


def test_haunting_agrees_with_icepool():
    # Holt (Physical 6, Pistol +3) against Bats (5) with two known markers 1 + 3 at 3 AM.
    r = haunting(RULES, "Bats", "Holt", power=(1, 3), hour="3 AM", tools=("Pistol",))
    house = icepool.d6 + 1 + 3 + 5 + 2
    hunter = icepool.d6 + 3 + 6
    assert r.p_house == Fraction((house > hunter).probability(True))
    assert r.markers_lost.p(2) == r.p_house  # a Physical Haunt costs 2 markers


def test_tool_modifiers_best_reading():
    best = RULES.with_variants(tool_modifiers="best")
    both = dict(haunt="Spectre", character="Jason", power=(2,), tools=("Bible", "Rosary"))
    # Spectre 3 + 2 + d6 against Jason 4 + tools + d6: Bible+Rosary add 5, the best only 3.
    assert haunting(RULES, **both).hunter.mean() == Fraction(7, 2) + 4 + 5
    assert haunting(best, **both).hunter.mean() == Fraction(7, 2) + 4 + 3


def test_haunting_group_shares_one_house_roll():
    hunters = [dict(character="Kate"), dict(character="Chase", tools=("Bible",))]
    dist = haunting_group(RULES, "Spectre", hunters, power=(3,))
    rng = random.Random(7)
    counts = {0: 0, 1: 0, 2: 0}
    for _ in range(N):
        house = d6(rng) + 3 + 3
        kate = d6(rng) + 6 + 2
        chase = d6(rng) + 4 + 2 + 2
        counts[(house > kate) + (house > chase)] += 1
    assert all(close(counts[k], dist.p(k)) for k in counts)
    singles = [haunting(RULES, "Spectre", "Kate", power=(3,), companions=1).p_house,
               haunting(RULES, "Spectre", "Chase", power=(3,), companions=1,
                        tools=("Bible",)).p_house]
    assert dist.p(2) > singles[0] * singles[1]  # one House roll: losses come together


def test_bad_haunting_inputs():
    with pytest.raises(ValueError, match="at most 3"):
        haunting(RULES, "Bats", "Kate", tools=("Bible", "Pistol", "Rosary", "Host"))
    with pytest.raises(ValueError, match="unknown haunt"):
        haunting(RULES, "Banshee", "Kate")
    with pytest.raises(ValueError, match="unknown hour"):
        haunting(RULES, "Bats", "Kate", hour="13 PM")
    with pytest.raises(ValueError, match="2 x Pistol"):
        haunting(RULES, "Bats", "Kate", tools=("Pistol", "Pistol"))
    with pytest.raises(ValueError, match="companions"):
        haunting(RULES, "Bats", "Kate", companions=-1)
    with pytest.raises(ValueError, match="power"):
        haunting(RULES, "Bats", "Kate", power=-2)


@pytest.mark.parametrize("power", [0, 3, (), (1, 2, 3)], ids=str)
def test_a_haunt_is_energized_with_one_or_two_markers(power):
    with pytest.raises(ValueError, match="energized with 1 or 2 Power Markers"):
        haunting(RULES, "Bats", "Kate", power=power)
    with pytest.raises(ValueError, match="energized with 1 or 2 Power Markers"):
        haunting_group(RULES, "Bats", [dict(character="Kate")], power=power)


def test_the_house_commits_at_most_as_many_markers_as_hunters_started():
    assert possession_attack(RULES, 2, (3, 3), hunters=2).mean() == Fraction(7, 2) + 8
    with pytest.raises(ValueError, match="at most as many Power Markers as Hunters started"):
        possession_attack(RULES, 2, (3, 3, 1), hunters=2)
    with pytest.raises(ValueError, match="at most as many Power Markers as Hunters started"):
        possession_attack(RULES, 2, 5)  # more than the 4 Hunter sets
    with pytest.raises(ValueError, match="at most as many Power Markers as Hunters started"):
        exorcism(RULES, "Doran", 5, house_power=2, hunters=1)
    with pytest.raises(ValueError, match="optional 'tools'"):
        haunting_group(RULES, "Bats", [dict(character="Kate", companions=2)])


# -- the other rolls ----------------------------------------------------------------------

def test_warding_agrees_with_rolling_and_icepool():
    rng = random.Random(8)
    for character, axes, circle in (("Opal", 8, 2), ("Kate", 12, 3), ("Chase", 5, 1)):
        bonus = {"Kate": 2, "Potter": 2, "Addams": 2, "Opal": 3, "Roarke": 3, "Evans": 3}
        b = bonus.get(character, 0)
        hits = sum(d6(rng) + d6(rng) + b >= axes + circle for _ in range(N))
        p = warding(RULES, character, axes, circle).p
        assert close(hits, p)
        assert p == Fraction((icepool.d6 + icepool.d6 + b >= axes + circle).probability(True))
    with pytest.raises(ValueError, match="circle"):
        warding(RULES, "Kate", 3, 4)
    with pytest.raises(ValueError, match="axes"):
        warding(RULES, "Kate", 13, 1)


def test_search_panic_healing_astral_closed_forms_and_rolling():
    rng = random.Random(9)
    for c in RULES.characters.index:
        row = RULES.character(c)
        best = max(row["physical"], row["psychic"])
        minus = 2 if c in ("Potter", "Chase", "Kate") else 0
        assert search(RULES, c).p == Fraction(sum(f - minus < best for f in range(1, 7)), 6)
        mod = 1 + 1 - 1 + {"Holt": 1, "Jason": -2}.get(c, 0)  # dark, vulnerable, Bible
        hits = sum(d6(rng) + mod >= row["psychic"] for _ in range(N // 10))
        p = panic(RULES, c, dark=True, soul_vulnerable=True, bible=True).p
        assert close(hits, p, N // 10)
        if c in ("Kate", "Doran", "Evans", "Opal", "Roarke"):
            assert astral_entry(RULES, c).p == 1
        else:
            assert astral_entry(RULES, c).p == Fraction(row["psychic"] - 1, 6)
    assert healing(RULES, "Doran").p == Fraction(5, 6)  # d6 - 1 < 5
    assert healing(RULES, "Chase").p == Fraction(3, 6)  # d6 < 4
    assert healing(RULES, "Chase", "6 PM").p == 0
    with pytest.raises(ValueError, match="cannot heal"):
        healing(RULES, "Kate")


def test_lights_on_and_off():
    rng = random.Random(10)
    for axes in (2, 7, 12):
        rolls = [d6(rng) + d6(rng) for _ in range(N)]
        assert close(sum(r >= axes for r in rolls), lights_on(RULES, axes).p)
        assert close(sum(r < axes for r in rolls), lights_off(RULES, axes, "9 PM").p)
        assert lights_on(RULES, axes).p + lights_off(RULES, axes).p == 1
    assert lights_off(RULES, 12, "7 PM").p == 0


@pytest.mark.parametrize("reading", ["sum", "sum_minus_one", "halves"])
def test_lost_landing_agrees_with_rolling_three_dice(reading):
    dist = lost_landing(RULES.with_variants(lost_axis=reading))
    rng = random.Random(11)
    counts = {}
    for _ in range(N):
        a, b, c = d6(rng), d6(rng), d6(rng)
        circle = (a + 1) // 2
        axis = {"sum": b + c, "sum_minus_one": b + c - 1,
                "halves": c + (6 if b > 3 else 0)}[reading]
        counts[(circle, axis)] = counts.get((circle, axis), 0) + 1
    assert set(counts) <= set(dist.outcomes)
    assert all(close(counts.get(o, 0), p) for o, p in dist)
    axes = dist.map(lambda x: x[1])
    assert axes.p(1) == (0 if reading == "sum" else Fraction(1, 12) if reading == "halves"
                         else Fraction(1, 36))


def test_possession_attack_and_the_hour_check():
    assert possession_attack(RULES, 3, (2, 2)) == icepool_dist(icepool.d6 + 7)
    assert possession_attack(RULES, 1, 0).mean() == Fraction(9, 2)
    hunters = [(True, False), (False, True)]
    assert house_wins(RULES, hunters)
    assert not house_wins(RULES.with_variants(house_wins_check="literal"), hunters)


def icepool_dist(die):
    from manorkit.dist import Dist

    return Dist({o: Fraction(die.probability(o)) for o in die.outcomes()})


def test_power_phase_draws_and_their_values():
    assert house_draw(RULES, axes=12, hunters=3, energizing=2, hour="3 AM") == 15
    assert house_draw(RULES, axes=12, hunters=3, energizing=2, hour="1 AM") == 14
    assert house_draw(RULES, axes=0, hunters=1, energizing=4) == 0
    assert hunter_draw(RULES, "Kate", space="Crypt") == 7 and hunter_draw(RULES, "Holt") == 4
    assert hunter_draw(RULES, "Holt", lost=True) == 0
    total = power_total(RULES, 3)  # drawn from the cup without replacement
    assert total.p(3) == Fraction(comb(20, 3), comb(60, 3))  # three 1s: hypergeometric
    assert total.p(9) == total.p(3) and total.mean() == 6
    rng = random.Random(12)
    hits = sum(drawn(rng, 3) >= 7 for _ in range(N))
    assert close(hits, total.at_least(7))
    assert power_total(RULES, 2, cup={1: 1, 3: 1}) == Dist.constant(4)  # no marker twice
    with pytest.raises(ValueError, match="cannot draw 3 Power Markers from a cup of 2"):
        power_total(RULES, 3, cup={1: 1, 3: 1})
    with pytest.raises(ValueError, match="hunters"):
        house_draw(RULES, axes=3, hunters=0)


def test_a_possessed_hunter_attacks_as_a_physical_haunt():
    attacker = possessed_total(RULES, "Holt", tools=("Pistol",), hour="4 AM")
    r = haunting(RULES, attacker, "Chase", tools=("Dagger",))
    rng = random.Random(13)
    hits = sum(d6(rng) + 6 + 3 + 2 > d6(rng) + 5 + 2 for _ in range(N))
    assert close(hits, r.p_house) and r.markers_lost.p(2) == r.p_house
    body = possessed_total(RULES, "Holt", soul=False)
    assert body == icepool_dist(icepool.d6 + 6)
    with pytest.raises(ValueError, match="Lost body"):
        possessed_total(RULES, "Holt", tools=("Pistol",), soul=False)


# -- the cups and the Astral Map ----------------------------------------------------------------

def test_power_draws_agree_with_drawing_from_the_cup():
    cup = {1: 3, 2: 2, 3: 1}
    dist = power_draw(cup, 3)
    rng = random.Random(21)
    markers = [1, 1, 1, 2, 2, 3]
    counts = {}
    for _ in range(N):
        k = tuple(sorted(rng.sample(markers, 3)))
        counts[k] = counts.get(k, 0) + 1
    assert set(counts) == set(dist.outcomes) and all(close(counts[o], q) for o, q in dist)
    assert dist.p((1, 1, 1)) == Fraction(1, comb(6, 3))
    assert power_cup(RULES) == {1: 20, 2: 20, 3: 20}


def test_haunt_and_character_draws():
    assert haunt_draw(RULES, ["Bats", "Rats", "Bats"]).p("Bats") == Fraction(2, 3)
    drawn_ = character_draw(RULES, taken=("Kate", "Holt"))
    assert len(drawn_) == 10 and drawn_.p("Opal") == Fraction(1, 10)
    with pytest.raises(ValueError, match="HAUNT CUP is empty"):
        haunt_draw(RULES, [])


def test_exorcism_and_possession_defence_agree_with_rolling():
    contest = exorcism(RULES, "Doran", 5, power=(2, 3), house_power=(1,), hunters=2)
    rng = random.Random(22)
    hits = sum(d6(rng) + 5 + 2 + 3 >= d6(rng) + 5 + 1 for _ in range(N))
    assert close(hits, contest.p_hunter) and contest.p_house + contest.p_hunter == 1
    assert contest.hunter == icepool_dist(icepool.d6 + 10)
    assert possession_defence(RULES, "Kate", (2,)) == icepool_dist(icepool.d6 + 8)
    against = exorcism(RULES, "Doran", 6, axes=3)  # the Entity also draws on 3 Axes
    assert against.house == icepool_dist(icepool.d6 + 9)
    with pytest.raises(ValueError, match="only against the Entity"):
        exorcism(RULES, "Doran", 4, axes=3)
    assert [entity_after(RULES, c) for c in (5, 6, 7)] == [6, 7, None]
    with pytest.raises(ValueError, match="Circle of Darkness 5-7"):
        entity_after(RULES, 4)
