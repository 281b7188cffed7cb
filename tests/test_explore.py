"""The one-call explorers and the display rules they follow: each explorer has a static view
(chart and table), follows its controls, and never shows numpy, tuple or NaN reprs."""

import html
import re
import threading
from fractions import Fraction

import ipywidgets as widgets
import numpy as np
import pandas as pd
import pytest

from manorkit import budget, display
from manorkit.blueprince import explore, load_rules
from manorkit.widgets import Explorer, Table
from manorkit.widgets.explorer import WORKING

RULES = load_rules()
#: For each explorer, a control and a new value that must change what it shows.
CHANGES = {
    "catalog": ("max_cost", 0),
    "locks": ("rank", 6),
    "decks": ("draws", 7),
    "commissary": ("visit", 5),
    "room_tables": ("room", "Casino"),
    "drafting": ("ivory", 2),
    "variants": ("search", "Library"),
}
BAD = re.compile(r"np\.(int|float)64\(|\bNaN\b|\bnan\b|Fraction\(|\('|\bNone\b")
CHANCE = re.compile(r"\d+/\d+ \(\d+(\.\d)?%\)")


@pytest.fixture(scope="module")
def built():
    return {name: getattr(explore, name)(RULES) for name in explore.__all__}


def _text(html: str) -> str:
    return re.sub(r"base64,[A-Za-z0-9+/=]+", "", html)


def test_every_explorer_is_tried():
    assert set(CHANGES) == set(explore.__all__)


@pytest.mark.parametrize("name", sorted(CHANGES))
def test_static_view_has_a_chart_and_a_table(built, name):
    bundle = built[name]._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    page = bundle["text/html"]
    assert 'src="data:image/svg+xml;base64,' in page and "<table" in page
    assert "<svg" not in bundle["text/plain"] and bundle["text/plain"].strip()
    kinds = {next(iter(b)) for b in built[name].bundles}
    assert {"image/svg+xml", "text/html"} <= kinds  # the live view: chart and table too


@pytest.mark.parametrize("name", sorted(CHANGES))
def test_changing_a_control_changes_the_answer(name):
    ex = getattr(explore, name)(RULES)
    control, value = CHANGES[name]
    before = ex.html()
    ex.controls[control].value = value
    assert ex.html() != before
    assert ex.output.outputs and ex.output.outputs[0]["data"] == ex.bundles[0]


@pytest.mark.parametrize("name", sorted(CHANGES))
def test_no_raw_reprs_in_what_an_explorer_shows(built, name):
    shown = _text(built[name].html()) + "".join(b["text/plain"] for b in built[name].bundles)
    assert not BAD.findall(shown), name


@pytest.mark.parametrize("name", ["locks", "decks", "commissary", "room_tables", "drafting"])
def test_chances_show_as_fraction_and_percentage(built, name):
    assert CHANCE.search(_text(built[name].html()))


def test_sliders_update_on_release(built):
    sliders = [c for ex in built.values() for c in ex.controls.values()
               if isinstance(c, widgets.IntSlider)]
    assert sliders and all(not s.continuous_update for s in sliders)


def test_catalog_scrolls_through_every_room():
    ex = explore.catalog(RULES)
    ex.controls["categories"].value = tuple(ex.controls["categories"].options)
    table = ex.bundles[-1]["text/html"]
    assert "overflow-y:auto" in table
    assert table.count("<tr>") == len(RULES.rooms) + 1  # every room, and the header


def test_commissary_stock_chart_names_its_items(built):
    chart = built["commissary"].parts[1]
    labels = chart.hconcat[1].data["outcome"].tolist()
    card = RULES.deck_cards("commissary_stock").iloc[0]
    assert any(all(item in label for item in card["items"]) for label in labels)


def test_explorers_follow_the_rules_they_are_given():
    other = [r for r in RULES.readings("casino_payout").index
             if r != RULES.variant("casino_payout")][0]
    ex = explore.room_tables(RULES.with_variants(casino_payout=other))
    assert ex.controls["casino_payout"].value == other


def test_a_dependent_control_moves_with_one_computation():
    ex = explore.decks(RULES)
    ex.controls["deck"].value = "trunk"
    assert list(ex.controls["card"].options) == list(RULES.deck_cards("trunk").index)
    calls, seen = [], []

    def compute(a, b):
        calls.append((a, b))
        seen.append(box[0].status.value if box else None)
        return [f"{a} {b}"]

    def adjust(controls):
        controls["b"].value = controls["a"].value * 2

    box = []
    generic = Explorer({"a": widgets.IntSlider(1, 0, 9), "b": widgets.IntSlider(0, 0, 99)},
                       compute, adjust=adjust)
    box.append(generic)
    calls.clear()
    generic.controls["a"].value = 4
    generic.wait()
    assert calls == [(4, 8)]  # one computation per change, not one per control moved
    assert seen[-1] == WORKING and generic.status.value != WORKING


def test_every_open_decision_is_shown_whole_and_can_be_searched():
    ex = explore.variants(RULES)  # issue 27: 01_catalog showed 10 of 106, titles cut off
    table = ex.bundles[-1]["text/html"]
    assert table.count("<tr>") == len(RULES.variants) + 1 and "overflow-y:auto" in table
    longest = max(RULES.variants["title"], key=len)
    assert html.escape(longest) in table
    ex.controls["search"].value = "foundation §3"
    shown = ex.parts[-1].frame
    assert len(shown) and all(
        "foundation" in (v + t).casefold() and "§3" in sec
        for v, t, sec in zip(shown.index, shown["question"], shown["sections"], strict=True))
    ex.controls["kind"].value = "gap"
    assert (ex.parts[-1].frame["kind"] == "gap").all()


def test_variant_controls_are_labelled_in_words():
    for ex in (explore.decks(RULES), explore.locks(RULES), explore.commissary(RULES)):
        menus = [c for name, c in ex.controls.items() if name in RULES.choices]
        assert menus and all("_" not in c.description and c.tooltip for c in menus)
        assert all("_" not in label for c in menus for label, _ in c.options)


def test_the_deck_explorer_keeps_each_decks_target_card():
    ex = explore.decks(RULES)
    card = ex.controls["card"]
    card.value = "Broken Lever"
    ex.controls["deck"].value = "trunk"
    assert card.value in RULES.deck_cards("trunk").index
    ex.controls["deck"].value = "dig"  # issue 27: the Dig deck's target was forgotten
    assert card.value == "Broken Lever" and "Broken Lever" in ex.parts[0]


def test_a_value_error_is_shown_as_a_sentence():
    def compute(n):
        raise ValueError(f"no answer for {n}")

    ex = Explorer({"n": widgets.IntSlider(3, 0, 9)}, compute)
    assert ex.parts == ("Not computed: no answer for 3",)


def test_a_change_is_answered_off_the_kernel_thread_and_a_newer_one_cancels_it():
    started, finished, cancelled = threading.Event(), [], []

    def compute(n):
        if n == 1:  # a long answer: works until cancelled (or, unbounded, 20 s at most)
            started.set()
            try:
                for _ in range(2000):
                    budget.spend(1)
                    threading.Event().wait(0.01)
            except budget.Cancelled:
                cancelled.append(n)
                raise
        finished.append(n)
        return [f"answer {n}"]

    ex = Explorer({"n": widgets.IntSlider(0, 0, 9)}, compute, seconds=None)
    ex.controls["n"].value = 1  # returns at once: the kernel is free for the next change
    assert started.wait(10) and not ex.wait(0) and ex.status.value == WORKING
    ex.controls["n"].value = 2
    assert ex.parts == ("answer 2",) and ex.wait(10)
    assert ex.status.value != WORKING and ex.output.outputs[0]["data"]["text/plain"] == "answer 2"
    for _ in range(100):  # the cancelled answer stops at its next spend()
        if cancelled:
            break
        threading.Event().wait(0.05)
    assert cancelled == [1] and finished == [0, 2]


def test_an_answer_past_its_time_says_so():
    def compute(n):
        while True:
            budget.spend(1)

    ex = Explorer({"n": widgets.IntSlider(3, 0, 9)}, compute, seconds=0.2)
    assert ex.parts == ("Not computed: not answered within 0.2 s",)


def test_the_drafting_explorer_says_a_question_is_too_large_and_what_to_change():
    ex = explore.drafting(RULES)  # issue 27: this case took 27 s, the controls frozen
    for name, value in dict(ivory=3, affordable=True, gems=0, source="Library",
                            archives=True, target="colour:green").items():
        ex.controls[name].value = value
    text = " ".join(p for p in ex.parts if isinstance(p, str))
    assert f"more than {explore.DRAFT_HANDS:,} hands to weigh" in text
    assert "fewer Ivory Dice" in text and "the Archives off" in text
    assert "the Study off" not in text  # the Study is not in use
    ex.controls["archives"].value = False  # a question small enough is answered
    assert not any(isinstance(p, str) and "Too large" in p for p in ex.parts)
    assert any(isinstance(p, Table) for p in ex.parts)


def test_bounds_on_work_time_and_cancellation():
    with budget.limit(units=10):
        budget.spend(10)
        with pytest.raises(budget.TooLarge, match="more than 10 hands"):
            budget.spend(1, "hands")
    budget.spend(10**9)  # outside any bound: nothing to stop
    stop = threading.Event()
    with budget.limit(units=100), budget.limit(cancel=stop):
        budget.spend(5)
        stop.set()
        with pytest.raises(budget.Cancelled):
            budget.spend(1)
    with budget.limit(seconds=0), pytest.raises(budget.TooLarge, match="within 0 s"):
        threading.Event().wait(0.01)
        budget.spend(1)
    assert issubclass(budget.TooLarge, ValueError)
    assert not issubclass(budget.Cancelled, ValueError)


def test_a_bound_does_not_change_an_exact_answer():
    from manorkit.blueprince.odds.drafting_redraws import _draft_with, draft_with

    _draft_with.cache_clear()
    with budget.limit(units=10**7, seconds=60):
        bounded = draft_with("colour:green", ivory=2, archives=True, rules=RULES)
    _draft_with.cache_clear()
    assert bounded == draft_with("colour:green", ivory=2, archives=True, rules=RULES)


@pytest.mark.parametrize("p, text", [(Fraction(3, 8), "3/8 (37.5%)"),
                                     (Fraction(1, 2), "1/2 (50%)"),
                                     (Fraction(1), "1 (100%)"), (0, "0 (0%)")])
def test_probability_is_fraction_and_percentage(p, text):
    assert display.probability(p) == text


def test_a_long_fraction_is_shortened_and_keeps_its_exact_value():
    p = Fraction(8442265379, 71003069445)
    assert display.probability(p) == "≈ 0.1189 (11.9%)"
    assert f'title="{p}"' in display.probability_html(p)


@pytest.mark.parametrize("value, text", [
    (np.int64(2), "2"), ((np.int64(2), np.int64(3)), "2, 3"), (float("nan"), ""),
    (None, ""), (frozenset({"b", "a"}), "a, b"), (np.float64(0.5), "0.5"),
    (Fraction(7, 3), "7/3 ≈ 2.333"), (True, "yes")])
def test_plain_text_for_any_cell(value, text):
    assert display.plain(value) == text


def test_tables_drop_a_stray_index_and_keep_a_named_one():
    frame = pd.DataFrame({"x": [np.int64(1), None], "p": [Fraction(1, 4), Fraction(3, 4)]})
    page = display.frame_html(frame, chances=("p",))
    assert ">0<" not in page and "1/4 (25%)" in page and "NaN" not in page
    named = display.frame_html(frame.set_index(pd.Index(["a", "b"], name="room")))
    assert ">room<" in named and ">a<" in named
    assert "1/4 (25%)" in repr(Table(frame, chances=("p",)))


def test_dist_shows_chances_as_fraction_and_percentage():
    from manorkit.dist import Dist

    page = Dist.from_counts({(np.int64(2), np.int64(3)): 1, "x": 3})._repr_html_()
    assert "1/4 (25%)" in page and "np.int64" not in page and "2, 3" in page


def test_a_dist_or_a_frame_is_shown_as_a_table_without_its_index():
    from manorkit.dist import Dist

    ex = Explorer({"n": widgets.IntSlider(3, 1, 9)},
                  lambda n: [Dist.uniform(range(n)), pd.DataFrame({"sides": [n]})])
    dist_html, frame_html = (b["text/html"] for b in ex.bundles)
    assert "1/3 (33.3%)" in dist_html
    assert 'class="mk-table"' in frame_html and ">3<" in frame_html and ">0<" not in frame_html


def test_charts_name_the_font_they_are_measured_in():
    import altair as alt

    from manorkit.charts import FONT, to_svg

    assert alt.theme.active == "manorkit"  # on importing manorkit's charts
    svg = to_svg(alt.Chart(pd.DataFrame({"a": ["Locked Trunk token"], "n": [1]}))
                 .mark_bar().encode(y="a:N", x="n:Q"))
    fonts = set(re.findall(r'font-family="([^"]+)"', svg))
    assert fonts == {FONT}  # not "sans-serif", which vl-convert and a browser resolve apart
