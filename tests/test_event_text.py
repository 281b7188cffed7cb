"""An event's effect text: a template and its values, filled in when read (``effect_text``),
reads as the text written out at once would, both in the immutable and the fast mode."""

from __future__ import annotations

import random

from manorkit.blueprince import load_rules
from manorkit.blueprince.engine import new_day
from manorkit.blueprince.engine.fast import FastDay
from manorkit.blueprince.engine.state import effect_text

RULES = load_rules()


def test_effect_text_fills_a_template_and_keeps_plain_text_as_it_is():
    assert effect_text("{:+} {} ({})", (-2, "steps", "moved {north}")) == \
        "-2 steps (moved {north})"
    assert effect_text("placed {} at {}", ("Parlor", (2, 3))) == "placed Parlor at (2, 3)"
    assert effect_text("the {Vault} stays shut", ()) == "the {Vault} stays shut"


def test_a_fast_day_keeps_templates_until_its_events_are_read():
    state = new_day(RULES, seed=3)
    day = FastDay(state, random.Random(0))
    for _ in range(12):
        state = state.resolve(random.Random(state.depth)) if state.is_chance else \
            state.apply(state.legal_actions()[0])
        day.apply(state.history[-1])
    templates = [effect for _, _, _, effect, _, args in day.work.events if args]
    assert templates and all("{}" in effect or "{:+}" in effect for effect in templates)
    assert list(day.log["effect"]) == list(state.log["effect"])  # filled in when read
