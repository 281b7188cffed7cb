"""Exact sweeps over rule values (odds.sweep / solve / compare / axes), checked against closed
forms, scipy and direct recomputation; every calculator takes edited rules."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from scipy.stats import hypergeom

from manorkit.blueprince import load_rules, odds
from manorkit.blueprince.odds import axes
from manorkit.dist import Dist


def key_in(digs: int):
    return lambda r: odds.deck_at_least("dig", "Key", digs, rules=r)


@pytest.fixture(scope="module")
def rules():
    return load_rules()


def other_cards(rules) -> int:
    return sum(rules.deck_counts("dig").values()) - rules.deck_counts("dig")["Key"]


def closed_form(keys: int, others: int, digs: int) -> Fraction:
    """P(at least one Key in ``digs`` cards drawn without replacement), hypergeometric."""
    n = keys + others
    return 1 - Fraction(math.comb(others, digs), math.comb(n, digs))


def test_deck_sweep_matches_the_hypergeometric_tail(rules):
    result = odds.sweep(key_in(3), over={axes.deck_copies("dig", "Key"): range(9)})
    frame, others = result.frame, other_cards(rules)
    assert list(frame.columns) == ["Key copies (dig)", "exact", "value"]
    assert list(frame["Key copies (dig)"]) == list(range(9))
    for keys, exact, value in frame.itertuples(index=False):
        assert isinstance(exact, Fraction)
        assert exact == closed_form(keys, others, 3)
        assert value == pytest.approx(hypergeom.sf(0, keys + others, keys, 3), abs=1e-12)


def test_two_axes_sweep_and_heatmap(rules):
    over = {axes.deck_copies("dig", "Key"): range(0, 5),
            axes.deck_copies("dig", "Nothing"): [0, 4, 8]}
    result = odds.sweep(key_in(2), over=over)
    assert len(result.frame) == 15
    base = other_cards(rules) - rules.deck_counts("dig")["Nothing"]
    for keys, nothing, exact, _ in result.frame.itertuples(index=False):
        assert exact == closed_form(keys, base + nothing, 2)
    spec = result.chart().to_dict()
    assert spec["mark"]["type"] == "rect"
    assert spec["encoding"]["x"]["title"] == "Key copies (dig)"


def test_die_sweep_matches_the_lock_dice_directly(rules):
    assert rules.variant("lock_rank_basis") == "current_room"
    faces = rules.die_faces("lock_red")
    size = sum(faces.values())
    over = {axes.die_faces("lock_red", "OPEN"): range(1, 6)}
    result = odds.sweep(lambda r: odds.locks(range(1, 10), rules=r), over=over,
                        name="expected locks to Rank 9")
    for open_faces, exact, _ in result.frame.itertuples(index=False):
        want = Fraction(0)
        for rank in range(1, 10):
            die = rules.rank_die(rank)
            if die == "lock_red":
                want += Fraction(size - open_faces, size)
            elif die is not None:
                counts = rules.die_faces(die)
                want += Fraction(counts["LOCKED"], sum(counts.values()))
        assert exact == want
    assert isinstance(result.answers[0], Dist)  # a Dist answer is read as its mean
    assert result.chart().to_dict()["mark"]["type"] == "line"
    assert "expected locks to Rank 9" in result._repr_html_()


def test_solve_finds_the_fewest_keys_for_a_coin_flip(rules):
    over = {axes.deck_copies("dig", "Key"): range(0, 22)}
    solution = odds.solve(key_in(3), Fraction(1, 2), over=over)
    k, others = solution.value, other_cards(rules)
    assert closed_form(k, others, 3) >= Fraction(1, 2) > closed_form(k - 1, others, 3)
    assert solution.answer == closed_form(k, others, 3)
    assert list(solution.frame["Key copies (dig)"]) == list(range(k, 22))
    assert odds.solve(key_in(3), 0.5, over=over).value == k  # a float target, read exactly
    most = odds.solve(key_in(3), Fraction(1, 5), over=over, reach="at_most")
    assert most.value == 0 and all(x <= Fraction(1, 5) for x in most.frame["exact"])
    never = odds.solve(key_in(3), 1, over={axes.deck_copies("dig", "Key"): range(3)})
    assert never.setting is None and never.frame.empty
    assert "No setting" in never._repr_html_()


def test_compare_shows_two_rules_side_by_side(rules):
    mine = rules.with_deck("dig", Key=6)
    result = odds.compare(key_in(3), rules, mine)
    assert list(result.frame["rules"]) == ["shipped", "Key copies=6"]
    assert list(result.frame["exact"]) == [key_in(3)(rules), key_in(3)(mine)]
    assert result.chart().to_dict()["mark"]["type"] == "bar"
    swept = odds.compare(key_in(3), {"shipped": rules, "mine": mine},
                         over={axes.deck_copies("dig", "Nothing"): range(3)})
    assert len(swept.frame) == 6 and set(swept.frame["rules"]) == {"shipped", "mine"}
    assert swept.chart().to_dict()["encoding"]["color"]["field"] == "rules"


def test_variant_room_and_table_axes(rules):
    vid = "casino_payout"
    result = odds.sweep(lambda r: odds.casino(2, rules=r), over={axes.variant(vid): None})
    readings = list(rules.readings(vid).index)
    assert list(result.frame[vid]) == readings
    for reading, exact in zip(readings, result.frame["exact"], strict=True):
        assert exact == odds.casino(2, rules=rules.with_variants(**{vid: reading})).mean()
    gem = odds.sweep(lambda r: r.room("Parlor")["gem_cost"],
                     over={axes.room("Parlor", "gem_cost"): [0, 2, 5]})
    assert list(gem.frame["exact"]) == [0, 2, 5]
    price = odds.sweep(lambda r: odds.price("Shovel", rules=r),
                       over={axes.table("commissary_prices", "Shovel", "price"): [2, 8]})
    assert list(price.frame["exact"]) == [odds.price("Shovel", rules=rules.with_table(
        "commissary_prices", "Shovel", price=p)) for p in (2, 8)]


def test_sweeps_refuse_bad_input(rules):
    with pytest.raises(ValueError, match="one or two"):
        odds.sweep(key_in(1), over={axes.deck_copies("dig", c): [1]
                                    for c in ("Key", "Nothing", "Trash")})
    with pytest.raises(ValueError, match="Axis"):
        odds.sweep(key_in(1), over={"Key": [1]})
    with pytest.raises(ValueError, match="exact"):
        odds.sweep(lambda r: 0.5, over={axes.deck_copies("dig", "Key"): [1]})
    with pytest.raises(ValueError, match="two faces"):
        odds.sweep(key_in(1), over={axes.die_faces("d6", "6"): [2]})


def test_a_ten_point_sweep_is_interactive():
    import time

    odds.sweep(key_in(4), over={axes.deck_copies("dig", "Trash"): range(10)})  # warm
    start = time.perf_counter()
    odds.sweep(key_in(4), over={axes.deck_copies("dig", "Turnip"): range(10)})
    assert time.perf_counter() - start < 1.0


CALLS = {
    "lock_chance": lambda r: odds.lock_chance(9, rules=r),
    "locks": lambda r: odds.locks(range(1, 10), rules=r),
    "keys_needed": lambda r: odds.keys_needed(range(1, 10), rules=r),
    "deck_at_least": key_in(3),
    "digs": lambda r: odds.digs(2, rules=r),
    "trunks": lambda r: odds.trunks(1, rules=r),
    "expected_yield": lambda r: odds.expected_yield("dig", 3, rules=r),
    "commissary_stock": lambda r: odds.commissary_stock(1, rules=r),
    "price": lambda r: odds.price("Shovel", rules=r),
    "casino": lambda r: odds.casino(1, rules=r),
    "observatory": lambda r: odds.observatory(1, rules=r),
    "parlor": lambda r: odds.parlor(rules=r),
    "draft": lambda r: odds.draft("Parlor", rules=r),
}


@pytest.fixture(scope="module")
def edited_and_saved(rules, tmp_path_factory):
    edited = (rules.with_deck("dig", Key=6).with_die("lock_red", OPEN=1, LOCKED=5)
              .with_die("d6", {"6": 2}).with_table("commissary_prices", "Shovel", price=2)
              .with_room("Parlor", gem_cost=rules.room("Parlor")["gem_cost"] + 1))
    saved = load_rules(edited.save(tmp_path_factory.mktemp("edited") / "rules"))
    return edited, saved


@pytest.mark.parametrize("name", CALLS)
def test_every_calculator_takes_edited_rules(edited_and_saved, name):
    """The same answer from rules edited in memory and from those edits saved as files."""
    edited, saved = edited_and_saved
    assert CALLS[name](edited) == CALLS[name](saved)


def test_the_edits_change_the_answers(rules, edited_and_saved):
    edited, _ = edited_and_saved
    changed = [n for n, call in CALLS.items() if call(edited) != call(rules)]
    assert {"lock_chance", "deck_at_least", "price", "casino", "observatory"} <= set(changed)


def test_calculators_match_names_ignoring_case(rules):
    assert odds.deck_at_least("dig", "key", 3, rules=rules) == key_in(3)(rules)
    assert odds.lock_chance(5, "parlor", rules=rules) == odds.lock_chance(5, "Parlor",
                                                                          rules=rules)
    with pytest.raises(ValueError, match="did you mean 'Parlor'"):
        odds.lock_chance(5, "Parlour", rules=rules)
    with pytest.raises(ValueError, match="did you mean 'Key'"):
        odds.deck_at_least("dig", "Kee", 3, rules=rules)
    with pytest.raises(ValueError, match="did you mean 'Salt Shaker'"):
        odds.expected_yield("dig", 2, held=("salt shakr",), rules=rules)
    assert odds.price("shovel", rules=rules) == odds.price("Shovel", rules=rules)
    with pytest.raises(ValueError, match="sold by the Commissary; did you mean 'Shovel'"):
        odds.item_offered_by_visit("shovle", 3, rules=rules)
    assert odds.draft("master bedroom", rules=rules) == odds.draft("Master Bedroom", rules=rules)
