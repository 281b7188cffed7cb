"""Weirdwood Manor: each calculator against an independent method (icepool, a closed form,
or a seeded Monte Carlo that rolls the dice; bound 4σ)."""

import math
import random
from collections import Counter
from fractions import Fraction

import icepool
import pytest

from manorkit.weirdwood import (
    Pool,
    Time,
    TimeRanOut,
    advance,
    advance_to,
    attack_scarabs,
    battle,
    d12_room,
    load_rules,
    monster_cards,
    ogre_pool,
    reverse,
    room_at,
    setup_scarabs,
    siphon_total,
    spawn,
    spell_casts,
    spends_to_cast,
    spots_left,
    start,
    wraith_drain,
)
from manorkit.weirdwood.clock import at, index

RULES = load_rules()
N = 40_000


def faces(die, rules=RULES):
    return [f for f, c in rules.die_faces(die).items() for _ in range(c)]


def within(p_exact, hits, n=N):
    sd = math.sqrt(float(p_exact) * (1 - float(p_exact)) / n)
    return abs(hits / n - float(p_exact)) <= 4 * sd + 1e-12


def roll_side(pool, rng):
    h, b, s = pool.hits, pool.blocks, 0
    for die in ("balanced", "attack", "defense"):
        for _ in range(getattr(pool, die)):
            f = rng.choice(faces(die))
            h, b, s = h + f[0], b + f[1], s + f[2]
    if pool.burst_as == "hit":
        h += s
    elif pool.burst_as == "block":
        b += s
    return h, b, s


def test_the_rules_load_with_sources_and_placeholders():
    assert RULES.days == 12 and [t for t, _ in RULES.times_of_day] == [
        "Morning", "Afternoon", "Evening", "Night"]
    assert sum(RULES.die_faces("balanced").values()) == 6
    assert "count" in RULES.rows("battle_dice.csv")["balanced/hit"]["placeholder"]
    assert len(RULES.rows("rooms.csv")) == 36  # Room Reference: 7 inner + Throne + 14 + 14
    assert RULES.strength("Chaos Ogre", 4) == "Calm" and RULES.strength("Chaos Ogre", 5) == "Angry"
    assert RULES.strength("Chaos Ogre", 10) == "Enraged" and RULES.strength("Therus", 4) == "Angry"
    assert RULES.with_variants(therus_strength="general").strength("Therus", 4) == "Calm"
    assert [RULES.siphon(d) for d in (1, 3, 4, 7, 8, 12)] == [2, 2, 4, 4, 5, 5]


@pytest.mark.parametrize("att,dfn", [
    (Pool(1), Pool(balanced=2)),
    (Pool(2, 1, 1, hits=1, blocks=1), Pool(1, 2, 1, hits=2, burst_as="hit")),
    (Pool(1, 0, 2, blocks=2), Pool(2, 0, 1, burst_as="block")),
])
def test_battle_matches_icepool(att, dfn):
    exact = battle(att, dfn)

    def side(pool):
        dice = []
        for die in ("balanced", "attack", "defense"):
            d = icepool.Die({icepool.Vector(f): c for f, c in RULES.die_faces(die).items()})
            dice += [d] * getattr(pool, die)
        total = icepool.Die([icepool.Vector((pool.hits, pool.blocks, 0))])
        for d in dice:
            total = total + d
        k = {"hit": (1, 0), "block": (0, 1), None: (0, 0)}[pool.burst_as]
        return total.map(lambda v: icepool.Vector((v[0] + k[0] * v[2], v[1] + k[1] * v[2], v[2])))

    a, d = side(att), side(dfn)
    ice = icepool.map(lambda x, y: (max(0, x[0] - y[1]), max(0, y[0] - x[1]), x[2], y[2]), a, d)
    assert {tuple(k): v for k, v in zip(ice.outcomes(), ice.probabilities(), strict=True)} == \
        {tuple(k): v for k, v in exact}


def test_battle_matches_monte_carlo():
    att, dfn = Pool(2, 1, 1, hits=1), ogre_pool(8)
    exact = battle(att, dfn)
    rng = random.Random(11)
    counts = Counter()
    for _ in range(N):
        x, y = roll_side(att, rng), roll_side(dfn, rng)
        counts[(max(0, x[0] - y[1]) >= 2, max(0, y[0] - x[1]) >= 1)] += 1
    for key, hits in counts.items():
        p = exact.p(lambda o, key=key: (o.dealt >= 2, o.taken >= 1) == key)
        assert within(p, hits), (key, p, hits / N)


def test_the_scarab_example_and_monte_carlo():
    # Attacking Scarabs example: 3 Hits 2 Blocks against 1 Block, 2 Hits, 1 Burst.
    fight = attack_scarabs(Pool(hits=3, blocks=2), 4)
    assert fight.p((2, 1, 0, 0)) > 0  # 2 defeated, 1 skittered, no damage: as in the text
    assert fight.p(lambda o: o.defeated + o.escaped > 4) == 0
    pool, n = Pool(1, 1, 1, hits=1), 4
    exact = attack_scarabs(pool, n)
    rng = random.Random(5)
    counts = Counter()
    for _ in range(N):
        x = roll_side(pool, rng)
        rolls = [rng.choice(faces("balanced")) for _ in range(n)]
        escaped = sum(r[2] for r in rolls)
        blocks = sum(r[1] for r in rolls)
        counts[min(max(0, x[0] - blocks), n - escaped)] += 1
    for k, hits in counts.items():
        assert within(exact.map(lambda o: o.defeated).p(k), hits)


def test_the_chaos_ogre_example():
    # Day 8, Blight Threat +1 Balanced +1 Attack, torso cleared -1 Defense, a Power Card +2.
    assert ogre_pool(8, extra_dice=(1, 1, -1), hits=2) == Pool(3, 3, 1, 2, 0, "hit")
    with pytest.raises(ValueError, match="defense is -1"):
        ogre_pool(8, extra_dice=(0, 0, -3))


def test_a_battle_closed_form():
    # One Attack die against nothing: dealt = its hits; P(dealt=2) = double-hit faces / 6.
    d = battle(Pool(attack=1), Pool())
    assert d.map(lambda o: o.dealt).p(2) == Fraction(RULES.die_faces("attack")[(2, 0, 0)], 6)


def test_bad_battle_input():
    with pytest.raises(ValueError, match="balanced is -1"):
        battle(Pool(balanced=-1), Pool())
    with pytest.raises(ValueError, match="burst_as"):
        battle(Pool(burst_as="heal"), Pool())
    with pytest.raises(ValueError, match="scarabs is 0"):
        attack_scarabs(Pool(1), 0)


def test_the_clock_examples():
    assert advance(Time(1, "Morning", 2), 2) == Time(1, "Afternoon", 1)
    assert reverse(Time(1, "Evening", 3), 3) == Time(1, "Afternoon", 3)
    assert advance(Time(1, "Night", 3), 2) == Time(2, "Morning", 2)
    assert reverse(Time(2, "Morning", 1), 1) == Time(1, "Night", 3)
    assert advance_to(Time(1, "Evening", 2), "Night") == tuple(
        Time(1, "Night", p) for p in (1, 2, 3))
    assert advance_to(Time(1, "Night", 1), "Night") == (Time(1, "Night", 2), Time(1, "Night", 3))
    assert advance_to(Time(1, "Evening", 3), "Evening")[0] == Time(2, "Evening", 1)
    assert start() == Time(1, "Morning", 1) and spots_left(start()) == 143
    with pytest.raises(TimeRanOut):
        advance(Time(12, "Night", 2), 2)
    with pytest.raises(ValueError, match="before Day 1"):
        reverse(start(), 1)
    with pytest.raises(ValueError, match="Dusk"):
        advance(Time(1, "Dusk", 1), 1)


def test_the_clock_against_counting():
    rng = random.Random(3)
    t, i = start(), 0
    for _ in range(300):
        step = rng.randint(-5, 8)
        if 0 <= i + step < 144:
            t = advance(t, step) if step >= 0 else reverse(t, -step)
            i += step
            assert index(t) == i and t == at(i)
            assert t.day == i // 12 + 1


def test_room_dice_against_rolling():
    assert room_at("outer", 3, 1) == ("outer", 2)
    assert room_at("inner", 4, 1) == ("inner", 2)  # between two rooms: the clockwise one
    exact = spawn(today=3)
    rng = random.Random(7)
    die = RULES.room_die()
    counts = Counter()
    for _ in range(N):
        ring, day = die[rng.randint(1, 6)], rng.randint(1, 12)
        counts[room_at(ring, day, 3)] += 1
    for room, hits in counts.items():
        assert within(exact.p(room), hits)
    inner = exact.given(lambda r: r[0] == "inner")
    assert all(p == Fraction(1, 6) for _, p in inner)  # closed form: uniform


def test_setup_scarabs_against_rerolling():
    exact = setup_scarabs()
    held0 = {("inner", s) for s in range(6)}
    rng = random.Random(9)
    die = RULES.room_die()
    counts = Counter()
    for _ in range(N // 4):
        held, got = set(held0), []
        while len(got) < 3:
            room = room_at(die[rng.randint(1, 6)], rng.randint(1, 12), 1)
            if room not in held:
                held.add(room)
                got.append(room)
        counts[("outer", 0) in got] += 1
    p = exact.p(lambda rooms: ("outer", 0) in rooms)
    assert within(p, counts[True], N // 4)


def test_siphon():
    assert siphon_total([1, 5, 9]) == 2 + 4 + 5
    size = 3 * RULES.setting("spell.csv", "arm_length")
    assert spell_casts([8] * size) == 5 and spends_to_cast(1) == math.ceil(size / 2)
    with pytest.raises(ValueError, match="day is 13"):
        siphon_total([13])


def test_d12_rooms_closed_form_and_rolling():
    cellar = d12_room("Glittering Cellar")
    for reward, p in cellar:
        rolls = [r for r, row in RULES.d12_table("Glittering Cellar") if row["reward"] == reward]
        assert p == Fraction(len(rolls), 12)
    rng = random.Random(12)
    table = dict(RULES.d12_table("Gambler's Den"))
    counts = Counter(table[rng.randint(1, 12)]["reward"] for _ in range(N))
    den = d12_room("Gambler's Den")
    assert all(within(den.p(k), n) for k, n in counts.items())
    with pytest.raises(ValueError, match="rolls no d12"):
        d12_room("Witching Well")


def test_wraith_drain_against_monte_carlo():
    me, wraith = Pool(1, 1, hits=1), Pool(2, 0, 2, burst_as="block")
    exact = wraith_drain(me, wraith)
    die = [e for e, n in RULES.wraith_die().items() for _ in range(n)]
    rng = random.Random(13)
    counts = Counter()
    for _ in range(N):
        x, y = roll_side(me, rng), roll_side(wraith, rng)
        heals = sum(rng.choice(die) == "heal" for _ in range(y[2]))
        counts[heals + (max(0, x[0] - y[1]) == 0)] += 1
    assert all(within(exact.p(k), n) for k, n in counts.items())
    assert sum(p for _, p in exact) == 1
    with pytest.raises(ValueError, match="burst_as"):
        wraith_drain(me, Pool(2, burst_as="hit"))


def test_monster_cards_against_dealing():
    exact = monster_cards("Chaos Ogre", "Power", 5)
    deck = [k for k, n in RULES.monster_deck("Chaos Ogre").items() for _ in range(n)]
    assert len(deck) == 20
    rng = random.Random(14)
    counts = Counter(rng.sample(deck, 5).count("Power") for _ in range(N))
    assert all(within(exact.p(k), n) for k, n in counts.items())
    # closed form: the expected count is draws × share
    assert exact.mean() == Fraction(5 * RULES.monster_deck("Chaos Ogre")["Power"], 20)
    # past one deck: the discards are shuffled again, so 25 turns are a whole deck and 5
    rng = random.Random(15)
    longer = monster_cards("Mîn Wraith", "Attack", 25)
    good = RULES.monster_deck("Mîn Wraith")["Attack"]
    wraith = [k for k, n in RULES.monster_deck("Mîn Wraith").items() for _ in range(n)]
    counts = Counter(good + rng.sample(wraith, 5).count("Attack") for _ in range(N))
    assert all(within(longer.p(k), n) for k, n in counts.items())
    assert longer.mean() == Fraction(25 * good, 20)
    with pytest.raises(ValueError, match="Plans queue"):
        monster_cards("Therus", "Move", 3)
    with pytest.raises(ValueError, match="unknown monster"):
        monster_cards("Dragon", "Move", 1)
    with pytest.raises(ValueError, match="turns is -1"):
        monster_cards("Chaos Ogre", "Move", -1)


def test_a_broken_copy_names_the_file(tmp_path):
    import shutil

    from manorkit.ruleset import RulesDataError
    from manorkit.weirdwood.rules import DEFAULT_PATH
    dest = tmp_path / "ww"
    shutil.copytree(DEFAULT_PATH, dest)
    path = dest / "siphon.csv"
    path.write_text(path.read_text(encoding="utf-8").replace("8,12,5", "9,12,5"),
                    encoding="utf-8")
    with pytest.raises(RulesDataError, match="expected Days 1-12") as info:
        load_rules(dest)
    assert info.value.file == "siphon.csv"


def test_a_time_reads_as_the_rulebook_says_it():
    from manorkit.weirdwood import Time

    assert str(Time(1, "Morning", 2)) == "Day 1, second Morning"
    assert str(Time(12, "Night", 3)) == "Day 12, third Night"
