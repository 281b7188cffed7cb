"""The fast mode's bookkeeping (``FastDay._run``): what it copies lazily or drops after an
action reads as the immutable mode's fresh copies and frozen states would."""

from __future__ import annotations

import random

from manorkit.blueprince import load_rules
from manorkit.blueprince.engine import new_day
from manorkit.blueprince.engine.fast import FastDay, _DayWork
from manorkit.blueprince.sim import GreedyPolicy, RandomPolicy, day_seeds

RULES = load_rules()


def _play(day: FastDay, policy, rng: random.Random) -> None:
    while not day.is_over:
        day.resolve() if day.pending else day.apply(policy(day, rng))


def test_work_s_flags_are_the_flags_from_before_the_action(monkeypatch):
    """Whenever a rule sets a flag, ``work.flag`` reads the new value and ``work.s.flags``
    still holds every flag as it stood when the action began (copied at the first flag the
    action sets, not per action); between actions they are the day's flags."""
    run, set_flag = FastDay._run, _DayWork.set_flag
    starts, written = {}, []

    def spy_run(day, action):
        assert day.before.flags is day.flags
        starts[id(day)] = dict(day.flags)
        run(day, action)

    def spy_set_flag(work, key, value):
        set_flag(work, key, value)
        assert work.flag(key) == value and work.day.flags[key] == value
        assert dict(work.s.flags) == starts[id(work.day)]
        written.append(key)

    monkeypatch.setattr(FastDay, "_run", spy_run)
    monkeypatch.setattr(_DayWork, "set_flag", spy_set_flag)
    for i, seed in enumerate(day_seeds(5, 40)):
        policy = GreedyPolicy() if i % 2 else RandomPolicy()
        _play(FastDay(new_day(RULES, seed=seed), random.Random(seed)), policy,
              random.Random(seed))
    assert len(written) > 40 and len(set(written)) > 5


def test_two_flags_set_in_one_action_both_leave_the_state_before_alone():
    """The second flag an action sets does not copy again: ``work.s.flags`` keeps neither."""
    day = FastDay(new_day(RULES, seed=1), random.Random(1))
    work = day.work
    day.before.flags = day.flags  # as an action begins
    work.set_flag("a", 1)
    work.set_flag("b", 2)
    work.set_flag("a", 3)
    assert (work.flag("a"), work.flag("b")) == (3, 2)
    assert "a" not in work.s.flags and "b" not in work.s.flags
    assert day.flags == {**work.s.flags, "a": 3, "b": 2}


def test_entries_set_empty_are_dropped_after_the_action_unless_filled_again():
    """The sparse fields share one list of emptied entries: after the action the entries
    still empty are dropped from each field (the bag's names and totals with them), an entry
    filled again in the same action is kept, and the list is empty again."""
    day = FastDay(new_day(RULES, seed=2), random.Random(2))
    work = day.work
    names = list(day.bag)
    work.bag[names[0]] = 0
    work.bag[names[1]] = 0
    work.bag[names[1]] = 2
    work.dirt[(2, 3)] = 0
    work.trunks[(2, 3)] = 1
    work.trunks[(2, 3)] -= 1
    work.held[("dig", "x")] = 0
    work.fruit.setdefault((3, 3), ())
    assert len(day._emptied) == 6  # the Darkroom noted too, though filled again
    day._sparse()
    assert names[0] not in day.bag and day.bag[names[1]] == 2
    assert list(day.bag.order()) == sorted(day.bag)
    assert not day.dirt and not day.trunks and not day.held_cards and not day.fruit
    assert day._emptied == []


def test_played_days_keep_no_empty_entry_and_no_pending_drop():
    """After every action of real days, no sparse field holds an empty entry, no token
    pile is empty, nothing is left to drop, and the rooms named on the board are those on
    it (kept as tiles are added)."""
    checked = 0
    for seed in day_seeds(9, 12):
        day, rng = FastDay(new_day(RULES, seed=seed), random.Random(seed)), random.Random(seed)
        policy = RandomPolicy() if seed % 2 else GreedyPolicy()
        while not day.is_over:
            day.resolve() if day.pending else day.apply(policy(day, rng))
            for field in (day.bag, day.dirt, day.trunks, day.held_cards, day.fruit):
                assert all(field.values())
            assert all(here and all(here.values()) for here in day.tokens.values())
            assert day._emptied == [] and day.depth == len(day.history)
            assert day.on_board() == frozenset(t.room for t in day.board.values())
            checked += 1
    assert checked > 400


def test_work_s_reads_every_field_of_the_state_before_the_action():
    """``work.s`` (no fallback to the day) holds every field of a state but its history
    links (parent, action, events), as the state before the action holds it, its memo of
    the moment included."""
    from dataclasses import fields

    from manorkit.blueprince.engine.state import State

    state = new_day(RULES, seed=3).settle(random.Random(3))
    day = FastDay(state, random.Random(3))
    before = day.work.s
    for f in fields(State):
        if f.name not in ("parent", "action", "events"):
            value, was = getattr(before, f.name), getattr(state, f.name)
            assert (tuple(value) if f.name == "pending" else value) == was or \
                f.name == "_memo", f.name
    assert before._memo is day._memo and before.on_board() == state.on_board()
    assert before.routes() == state.routes()


def test_a_day_copies_the_bag_of_whatever_state_it_starts_from():
    """The sorted names kept for the last morning's bag serve only that bag: days started
    in turn from two mornings and from a moment mid-day each draw from their own bag."""
    from itertools import accumulate

    from manorkit.blueprince.engine import Campaign

    tunnel = new_day(RULES, seed=4, campaign=Campaign(found=("Tunnel", "Tunnel")))
    later = new_day(RULES, seed=4).settle(random.Random(4))
    later = later.apply(later.legal_actions()[0]).settle(random.Random(4))
    for state in (new_day(RULES, seed=3), tunnel, later, new_day(RULES, seed=5), tunnel):
        day = FastDay(state, random.Random(0))
        assert dict(day.bag) == dict(state.bag)
        assert day.bag.order() == sorted(state.bag)
        assert day.bag.totals() == list(accumulate(state.bag[n] for n in sorted(state.bag)))
    assert tunnel.bag["Tunnel"] == new_day(RULES).bag.get("Tunnel", 0) + 2
    assert dict(later.bag) != dict(tunnel.bag) != dict(new_day(RULES).bag)


def test_each_morning_is_its_own_state_with_its_seed():
    """``new_day`` gives each seed a state of its own (its memo too) that equals the
    constructor's, and refuses a bad campaign every time it is asked."""
    from dataclasses import fields

    import pytest

    from manorkit.blueprince.engine import Campaign, IllegalAction
    from manorkit.blueprince.engine.state import State

    a, b = new_day(RULES, seed=5), new_day(RULES, seed=6)
    assert (a.seed, b.seed) == (5, 6) and a._memo is not b._memo and not b._memo
    a.legal_actions()
    assert a._memo and not b._memo
    rebuilt = State(**{f.name: getattr(a, f.name) for f in fields(State) if f.init})
    assert set(vars(a)) == set(vars(rebuilt)) and rebuilt.digest() == a.digest()
    assert a.digest() != b.digest() and a.board is b.board
    for _ in range(2):
        with pytest.raises(IllegalAction, match="Studio Addition"):
            new_day(RULES, campaign=Campaign(unlocked=("Attic",)))
