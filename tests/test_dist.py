"""Tests for manorkit.dist: exact values, agreement with icepool, properties, sampling, display."""

import copy
import math
import pickle
import random
from fractions import Fraction

import altair as alt
import icepool
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from manorkit.dist import Dist, sum_of

D4 = Dist.uniform(range(1, 5))
D6 = Dist.uniform(range(1, 7))
D8 = Dist.uniform(range(1, 9))
D12 = Dist.uniform(range(1, 13))
# A custom die: faces 0, 0, 0, 1, 1, 3.
CUSTOM = Dist.from_counts({0: 3, 1: 2, 3: 1})
ICE_CUSTOM = icepool.Die({0: 3, 1: 2, 3: 1})


def icepool_pmf(die: icepool.Die) -> dict:
    """icepool's exact pmf, dropping zero-quantity outcomes."""
    return {
        k: Fraction(die.quantity(k), die.denominator()) for k in die.outcomes() if die.quantity(k)
    }


# Construction ------------------------------------------------------------------------------


def test_normalises_weights_to_exact_fractions():
    d = Dist({1: 2, 2: 6, 3: 0})
    assert d.pmf == {1: Fraction(1, 4), 2: Fraction(3, 4)}
    assert all(type(p) is Fraction for p in d.pmf.values())
    assert d.outcomes == (1, 2)  # the zero-weight outcome is dropped
    assert Dist({"a": Fraction(1, 3), "b": "2/3"}).pmf == {"a": Fraction(1, 3), "b": Fraction(2, 3)}
    assert Dist({0: 0.1, 1: 0.9}).p(0) == Fraction(1, 10)


@pytest.mark.parametrize("weights", [{1: -1, 2: 3}, {1: 0, 2: 0}, {}, {1: float("nan")}])
def test_rejects_negative_or_zero_total_weights(weights):
    with pytest.raises(ValueError):
        Dist(weights)


def test_constructors():
    assert Dist.uniform("aab").pmf == {"a": Fraction(2, 3), "b": Fraction(1, 3)}
    assert Dist.constant(5).pmf == {5: 1}
    door = Dist.from_counts({"OPEN": 4, "LOCKED": 2})
    assert door.p("OPEN") == Fraction(2, 3) and door.p("LOCKED") == Fraction(1, 3)
    assert Dist.bernoulli(Fraction(1, 3)).pmf == {False: Fraction(2, 3), True: Fraction(1, 3)}
    assert Dist.bernoulli(1).pmf == {True: 1}
    for bad in (-0.1, 1.5):
        with pytest.raises(ValueError):
            Dist.bernoulli(bad)
    with pytest.raises(ValueError):
        Dist.from_counts({"OPEN": 1.5})
    with pytest.raises(ValueError):
        Dist.uniform([])


def test_mixture():
    m = Dist.mixture([(1, Dist.constant(0)), (3, D4)])
    assert m.pmf == {0: Fraction(1, 4), **{k: Fraction(3, 16) for k in range(1, 5)}}
    for bad in ([(-1, D4), (2, D6)], [(0, D4)], []):
        with pytest.raises(ValueError):
            Dist.mixture(bad)


# Value semantics ---------------------------------------------------------------------------


def test_immutable_hashable_and_equal_by_pmf():
    a, b = Dist({1: 1, 2: 1}), Dist.uniform([2, 1])
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != Dist({1: 1, 2: 2}) and a != {1: Fraction(1, 2), 2: Fraction(1, 2)}
    with pytest.raises(AttributeError):
        a._items = ()
    with pytest.raises(AttributeError):
        a.extra = 1
    pmf = a.pmf
    pmf[1] = Fraction(1)
    assert a.p(1) == Fraction(1, 2)  # pmf is a copy
    assert pickle.loads(pickle.dumps(a)) == a and copy.deepcopy(a) == a


def test_orders_outcomes_with_repr_fallback():
    assert Dist.uniform([3, 1, 2]).outcomes == (1, 2, 3)
    mixed = Dist.uniform([2, "a", (1, 2), None])
    assert mixed.outcomes == tuple(sorted([2, "a", (1, 2), None], key=repr))


def test_container_protocol_and_repr():
    d = Dist({0: 1, 1: 5})
    assert len(d) == 2
    assert list(d) == [(0, Fraction(1, 6)), (1, Fraction(5, 6))]
    assert repr(d) == "Dist({0: 1/6, 1: 5/6})"
    assert repr(Dist.constant("x")) == "Dist({'x': 1})"


# Exact values ------------------------------------------------------------------------------


def test_two_d6_exact_values():
    two_d6 = D6 + D6
    assert two_d6.p(7) == Fraction(1, 6)
    assert two_d6.p(13) == 0
    assert two_d6.mean() == 7 and type(two_d6.mean()) is Fraction
    assert two_d6.variance() == Fraction(35, 6)
    assert two_d6.sd() == pytest.approx(math.sqrt(35 / 6))
    assert two_d6.p(lambda x: x % 2 == 0) == Fraction(1, 2)
    assert two_d6.cdf(4) == two_d6.at_most(4) == Fraction(6, 36)
    assert two_d6.at_least(11) == Fraction(3, 36)
    assert two_d6.cdf(1) == 0 and two_d6.cdf(12) == 1


def test_bernoulli_moments():
    coin = Dist.bernoulli(Fraction(1, 4))
    assert coin.mean() == Fraction(1, 4)
    assert coin.variance() == Fraction(3, 16)


# Sums against icepool ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ours", "theirs"),
    [
        (D6 + D6, icepool.d6 + icepool.d6),
        (D4 + D8 + D12, icepool.d4 + icepool.d8 + icepool.d12),
        (D6.repeat_sum(5), 5 @ icepool.d6),
        (CUSTOM.repeat_sum(7), 7 @ ICE_CUSTOM),
        (CUSTOM + D6 + 3, ICE_CUSTOM + icepool.d6 + 3),
        (sum_of([D4, CUSTOM, D12]), icepool.d4 + ICE_CUSTOM + icepool.d12),
        (D6.combine(D6, max), icepool.highest(icepool.d6, icepool.d6)),
    ],
    ids=["2d6", "d4+d8+d12", "5d6", "7custom", "custom+d6+3", "sum_of", "max2d6"],
)
def test_matches_icepool(ours, theirs):
    assert ours.pmf == icepool_pmf(theirs)
    assert ours.p(theirs.mode()[0]) == theirs.probability(theirs.mode()[0])


@pytest.mark.parametrize("n", range(0, 9))
def test_repeat_sum_matches_repeated_addition(n):
    expected = Dist.constant(0)
    for _ in range(n):
        expected = expected + CUSTOM
    assert CUSTOM.repeat_sum(n) == expected
    assert sum_of([CUSTOM] * n) == expected


def test_repeat_sum_rejects_negative_and_shift_by_number():
    with pytest.raises(ValueError):
        D6.repeat_sum(-1)
    assert (D6 + 1).outcomes == tuple(range(2, 8))
    assert 1 + D6 == D6 + 1
    assert sum([D6, D6]) == D6 + D6
    with pytest.raises(TypeError):
        D6 + "x"


# map / given -------------------------------------------------------------------------------


def test_map_merges_equal_images():
    assert D6.map(lambda x: x % 2 == 0) == Dist.bernoulli(Fraction(1, 2))
    assert (D6 + D6).map(lambda s: s >= 10).p(True) == Fraction(6, 36)
    assert len(D12.map(lambda x: x % 3)) == 3


def test_given_conditions():
    assert D6.given(lambda x: x > 4) == Dist.uniform([5, 6])
    assert (D6 + D6).given(lambda s: s >= 11).pmf == {11: Fraction(2, 3), 12: Fraction(1, 3)}
    with pytest.raises(ValueError):
        D6.given(lambda x: x > 6)


# Properties --------------------------------------------------------------------------------

weights = st.dictionaries(st.integers(-20, 20), st.integers(0, 50), min_size=1, max_size=8).filter(
    lambda w: sum(w.values()) > 0
)
dists = weights.map(Dist)


@given(weights)
def test_pmf_sums_to_exactly_one(w):
    d = Dist(w)
    assert sum(d.pmf.values()) == 1
    assert all(p > 0 for _, p in d)
    assert d.pmf == {k: Fraction(v, sum(w.values())) for k, v in w.items() if v}


@settings(max_examples=60)
@given(dists, dists)
def test_mean_and_variance_of_sum_add(a, b):
    s = a + b
    assert sum(s.pmf.values()) == 1
    assert s.mean() == a.mean() + b.mean()
    assert s.variance() == a.variance() + b.variance()


@given(dists, st.lists(st.integers(-25, 25), min_size=2, max_size=10))
def test_cdf_is_monotone(d, xs):
    values = [d.cdf(x) for x in sorted(xs)]
    assert all(0 <= u <= v <= 1 for u, v in zip(values, values[1:], strict=False))
    assert d.cdf(max(d.outcomes)) == 1
    assert all(d.cdf(x) + d.at_least(x + 1) == 1 for x in xs)


# Sampling ----------------------------------------------------------------------------------


@pytest.mark.parametrize("dist", [D6 + D6, CUSTOM, Dist.from_counts({"OPEN": 4, "LOCKED": 2})])
def test_sample_frequencies_within_four_standard_errors(dist):
    n = 20_000
    draws = dist.sample(random.Random(20240601), n)
    assert len(draws) == n
    for outcome, p in dist:
        freq = draws.count(outcome) / n
        # Bound: the count is Binomial(n, p), so the frequency has standard error
        # sqrt(p(1-p)/n); we allow 4 standard errors (two-sided miss chance ~6e-5 each).
        assert abs(freq - p) <= 4 * math.sqrt(p * (1 - p) / n), (outcome, freq, p)


def test_sample_is_deterministic_for_seeded_rng():
    assert D12.sample(random.Random(7), 50) == D12.sample(random.Random(7), 50)
    one = (D6 + D6).sample(random.Random(7))
    assert one in (D6 + D6).outcomes
    assert Dist.constant("x").sample(random.Random(1), 3) == ["x", "x", "x"]


# Display -----------------------------------------------------------------------------------


def test_to_frame_columns_and_exact_column():
    frame = D6.map(lambda x: (x + 1) // 2).to_frame(name="pips")
    assert list(frame.columns) == ["pips", "p", "probability", "cdf"]
    assert frame["pips"].tolist() == [1, 2, 3]
    assert frame["p"].dtype == object
    assert frame["p"].tolist() == [Fraction(1, 3)] * 3
    assert all(type(p) is Fraction for p in frame["p"])
    assert frame["probability"].tolist() == pytest.approx([1 / 3] * 3)
    assert frame["cdf"].tolist() == pytest.approx([1 / 3, 2 / 3, 1.0])
    assert frame["cdf"].iloc[-1] == 1.0


def test_to_frame_without_cdf_for_non_numeric_outcomes():
    frame = Dist.from_counts({"OPEN": 4, "LOCKED": 2}).to_frame()
    assert list(frame.columns) == ["outcome", "p", "probability"]
    assert frame["outcome"].tolist() == ["LOCKED", "OPEN"]
    with pytest.raises(ValueError):
        D6.to_frame(name="p")


def test_repr_html_shows_fractions_as_text():
    html = D6._repr_html_()
    assert "<table" in html and "1/6" in html
    assert isinstance(D6.to_frame(), pd.DataFrame)


@pytest.mark.parametrize("dist", [D6 + D6, Dist.from_counts({"OPEN": 4, "LOCKED": 2})])
def test_chart_is_an_altair_bar_chart(dist):
    chart = dist.chart(title="2d6")
    assert isinstance(chart, alt.Chart)
    spec = chart.to_dict()
    assert "mark" in spec
    assert spec["mark"] in ("bar", {"type": "bar"})
    assert spec["title"] == "2d6"
    tooltips = {t["field"] for t in spec["encoding"]["tooltip"]}
    assert tooltips == {"outcome", "p", "probability"}
    assert "title" not in dist.chart().to_dict()


def test_chart_data_carries_exact_fractions():
    data = (D6 + D6).chart().data
    assert data["p"].tolist()[5] == "1/6"  # outcome 7
    assert data["outcome"].tolist() == list(range(2, 13))
