"""Bad input never crashes: garbage actions, malformed fields and corrupt saves meet one
documented error (IllegalAction / SaveError, both ValueErrors) and change nothing."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from manorkit.blueprince import load_rules
from manorkit.blueprince.engine import (
    Campaign,
    Chance,
    Draft,
    IllegalAction,
    Move,
    Take,
    Unlock,
    Use,
    new_day,
)
from manorkit.blueprince.engine.state import SaveError, State
from manorkit.blueprince.sim.policies import play_day, random_policy

from .test_engine import walk

RULES = load_rules()


STATES = walk(3, limit=60)
GARBAGE = st.one_of(st.none(), st.integers(), st.floats(), st.text(max_size=8),
                    st.dictionaries(st.text(max_size=3), st.integers(), max_size=3),
                    st.lists(st.integers(), max_size=3), st.builds(object),
                    st.sampled_from([Draft, Take, "draft north", b"\x00"]))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(junk=GARBAGE, i=st.integers(0, len(STATES) - 1))
def test_garbage_actions_raise_illegal_action_and_change_nothing(junk, i):
    state = STATES[i]
    before = state.digest()
    with pytest.raises(IllegalAction):
        state.apply(junk)
    assert state.digest() == before


@pytest.mark.parametrize("build", [
    lambda: Draft(7), lambda: Draft("N"), lambda: Draft(None), lambda: Draft(True),
    lambda: Draft(1.0), lambda: Take(None), lambda: Take(0), lambda: Take(1, None),
    lambda: Take(1, "Den", 9), lambda: Unlock("zzz"), lambda: Move((1,)),
    lambda: Move((1, 2), pay=("gold",)), lambda: Chance({}), lambda: Chance([[]]),
    lambda: Use(3), lambda: Use("x", {}),
])
def test_malformed_actions_are_refused_when_built(build):
    with pytest.raises(IllegalAction):
        build()


def test_partial_actions_matching_several_are_ambiguous():
    rules = RULES.with_variants(tile_orientation="player_choice")
    state = new_day(rules).apply(Draft(0))
    for tile in ("Den", "Nook", "Attic"):
        state = state.apply(Chance(tile))
    with pytest.raises(IllegalAction, match="ambiguous"):
        state.apply(Take(1))  # the Den fits in two orientations
    assert state.apply(Take(1, "Den", 0)).board[(2, 3)].room == "Den"


def test_an_action_built_without_its_constructor_is_refused():
    with pytest.raises(IllegalAction, match="malformed"):
        new_day(RULES).apply(Draft.__new__(Draft))


def test_bad_setup_inputs_get_clear_errors():
    with pytest.raises(IllegalAction, match="seed"):
        new_day(seed="abc")
    with pytest.raises(IllegalAction, match="Foundation"):
        new_day(campaign=Campaign(foundation=(1, 3)))
    with pytest.raises(IllegalAction, match="Studio"):
        new_day(campaign=Campaign(unlocked=("Attic",)))
    with pytest.raises(IllegalAction, match="rules"):
        new_day(rules="data/blueprince")
    with pytest.raises(TypeError, match="policy"):
        play_day(new_day(), policy="greedy")


def _save() -> str:
    return play_day(new_day(RULES, seed=2), random_policy, random.Random(2),
                    max_steps=120).to_json()


SAVE = _save()


def _corruptions() -> list[str]:
    data = json.loads(SAVE)
    out = [SAVE[:n] for n in (0, 1, 10, len(SAVE) // 2, len(SAVE) - 1)]
    out += ["[]", "null", "42", '"run"', "{}", "not json"]
    for key in ("format", "rules", "seed", "actions", "digest", "campaign"):
        for value in (None, 7, "x", [], {"a": 1}):
            out.append(json.dumps({**data, key: value}))
        out.append(json.dumps({k: v for k, v in data.items() if k != key}))
    first = data["actions"][0]
    for bad in ({"type": "warp"}, {"type": "draft"}, {"type": "move", "cell": [99, 99]},
                {"type": "draft", "direction": "N"}, {"type": "draft", "direction": 0,
                                                      "colour": "red"}, [], None):
        out.append(json.dumps({**data, "actions": [bad] + data["actions"][1:]}))
    out.append(json.dumps({**data, "actions": data["actions"] + [first]}))
    out.append(json.dumps({**data, "seed": data["seed"] + 1}))
    out.append(json.dumps({**data, "rules": {"path": None, "variants": {"casino_payout": 3}}}))
    out.append(json.dumps({**data, "rules": {"path": "/no/such/folder", "variants": {}}}))
    out.append(json.dumps({**data, "campaign": {"foundation": [1, 3]}}))
    return out


@pytest.mark.parametrize("text", _corruptions())
def test_a_corrupt_save_raises_save_error(text):
    with pytest.raises(SaveError):
        State.from_json(text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(i=st.integers(0, len(SAVE) - 1), c=st.characters(codec="utf-8"))
def test_one_character_mutations_load_or_raise_save_error(i, c):
    text = SAVE[:i] + c + SAVE[i + 1:]
    try:
        state = State.from_json(text)
    except SaveError:
        return
    assert state.digest() == json.loads(text)["digest"]


def test_an_edited_seed_does_not_load_as_another_run():
    data = json.loads(SAVE)
    data["seed"] += 1
    with pytest.raises(SaveError, match="does not reach"):
        State.from_json(json.dumps(data))


def test_a_short_stress_run_keeps_every_invariant():
    from benchmarks.stress_engine import stress

    assert stress(actions=1500, seed=1, replay_every=300) >= 1500
