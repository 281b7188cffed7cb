"""Rules of variant readings made live by the variants probe days (tests/golden/days_variants.py):
the Cupcake's source (§7), moving through dead ends (§4 Action B), tile backs (§2, §4 Step 2),
the Conservatory placeholder (§15), and the reasons an exempt variant gives."""

import pytest

from manorkit.blueprince import load_rules, odds
from manorkit.blueprince.board import E, N, S, Tile, W, paths
from manorkit.blueprince.engine import new_day
from manorkit.ruleset.errors import RulesDataError
from manorkit.ruleset.variants import read_variants

from .golden.days_variants import SCRIPTS, draft
from .golden.play import Script, play

RULES = load_rules()
CLOSET_ONLY = RULES.with_variants(cupcake_source="walk_in_closet_only")


def _special_draw(room: str, rules):
    """The Special Items card the first entry of ``room`` (drafted north) is about to draw."""
    steps = (*draft("north", room), f"move to {room}")
    state = play(Script(steps), rules)
    while state.is_chance and state.pending[0].label() != "special_items card":
        state = state.resolve()
    return {str(c) for c, _ in state.chance_outcomes()}


@pytest.mark.parametrize("rules", [RULES, CLOSET_ONLY])
def test_the_walk_in_closet_always_finds_the_cupcake(rules):
    assert "special_items card: Cupcake" in _special_draw("Walk-in Closet", rules)


def test_the_cupcake_drawn_elsewhere_goes_back_under_walk_in_closet_only():
    assert "special_items card: Cupcake" in _special_draw("Closet", RULES)
    drawn = _special_draw("Closet", CLOSET_ONLY)
    assert drawn and "special_items card: Cupcake" not in drawn
    with pytest.raises(ValueError, match="Cupcake"):
        odds.room_draws("Closet", rules=CLOSET_ONLY)
    assert odds.room_draws("Walk-in Closet", rules=CLOSET_ONLY) == odds.room_draws(
        "Walk-in Closet")


def test_a_route_passes_a_dead_end_only_as_the_example_reads():
    # Entrance Hall (1, 3) opens north and east; the dead end at (1, 4) opens west only; the
    # room at (2, 4) touches it edge to edge with no door between them.
    board = {(1, 3): Tile("Entrance Hall", (1, 3), 0, frozenset({N, E, W})),
             (1, 4): Tile("Coat Check", (1, 4), 0, frozenset({W})),
             (2, 3): Tile("Cloister", (2, 3), 0, frozenset({N, E, S, W})),
             (2, 4): Tile("Spare Room", (2, 4), 0, frozenset({E, W}))}
    assert paths(board, (2, 4), frozenset())[(1, 4)][1] == 3
    assert paths(board, (2, 4), frozenset(), through_walls=True)[(1, 4)][1] == 1
    sealed = paths(board, (2, 4), frozenset(), through_walls=True, sealed=frozenset({(1, 4)}))
    assert sealed[(1, 4)][1] == 3  # the Antechamber still needs its own (opened) door
    day = SCRIPTS["variant_dead_end_transit"]
    for reading, steps in (("doors_only", 3), ("as_example", 1)):
        end = play(day, RULES.with_variants(dead_end_transit=reading))
        assert f"move to Coat Check (1, 4), {steps} step" in " ".join(end.log["action"])


def test_tile_backs_show_the_category_as_a_word_or_a_letter():
    letter = RULES.with_variants(tile_back_category="letter")
    assert odds.drafting_board.back("Casino") == (2, "studio", "")
    assert odds.drafting_board.back("Casino", rules=letter) == (2, "S", "")
    assert odds.drafting_board.back("The Foundation", rules=letter)[1] == "X"
    assert odds.drafting_board.back("Nook", rules=letter)[1] == ""


def test_the_conservatory_placeholder_is_a_green_core_tile():
    assert "Conservatory" not in new_day(RULES).bag
    placeholder = RULES.with_variants(conservatory="placeholder_tile")
    assert new_day(placeholder).bag.get("Conservatory") == 1
    assert placeholder.room("Conservatory")["colours"] == ("green",)


def test_an_exempt_reason_must_be_text():
    text = (b"- id: x\n  title: t\n  sections: ['\xc2\xa73 Setup']\n  kind: gap\n"
            b"  default: a\n  pending: 3\n  readings:\n    a: {text: a, patch: []}\n")
    with pytest.raises(RulesDataError, match="reason"):
        read_variants("variants.yaml", text)
    ok = read_variants("variants.yaml", text.replace(b"pending: 3", b"pending: 'the campaign'"))
    assert ok["x"]["pending"] == "the campaign"
