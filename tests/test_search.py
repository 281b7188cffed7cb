"""The search package: determinized days, the clairvoyant solver, the search bot and the
winnability table (§13 Win Condition)."""

from __future__ import annotations

import random
from collections import Counter

import pandas as pd
import pytest

from manorkit.blueprince import load_rules
from manorkit.blueprince.engine import Chance, EndDay, Move, State, new_day
from manorkit.blueprince.search import (
    Determinization,
    SearchPolicy,
    play,
    solve,
    solver,
    winnability,
)
from manorkit.blueprince.search.prove import no_lever
from manorkit.blueprince.search.solver import MEMORY_EVERY, Budget, Found, Search
from manorkit.blueprince.search.space import child, root
from manorkit.blueprince.search.value import deal
from manorkit.blueprince.search.winnability import Winnability
from manorkit.blueprince.sim import GreedyPolicy, PlannerPolicy, RandomPolicy
from tests.golden.won_day import PATH as WON_DAY

RULES = load_rules()


@pytest.fixture(scope="module")
def won() -> State:
    return State.from_json(WON_DAY.read_text())


def no_lever_rules():
    """The shipped rules with every source of a lever item taken out (§6, §7, §8, §12)."""
    return (RULES.with_deck("special_items", **{"Broken Lever": 0})
            .with_deck("dig", **{"Broken Lever": 0, "Secret Garden Key": 0})
            .with_deck("trunk", **{"1 Gem + Secret Garden Key": 0})
            .edit("tables/room_rolls.csv", "Billiard Room/5", special_key="")
            .edit("tables/special_keys.csv", "1-2", key="Silver Key"))


def tiny_rules(steps: int):
    """The shipped rules with ``steps`` starting steps, each draft entering its room for a
    step (``enter_after_draft=auto_enter``): a decision tree small enough to walk whole on
    the days tried here (a day whose drafts bring food grows: seed 0's does)."""
    return RULES.edit("tables/starting_resources.csv", "steps", amount=steps).with_variants(
        enter_after_draft="auto_enter")


# -- determinized days -------------------------------------------------------------------------

def test_a_determinized_outcome_is_an_outcome_of_the_step_and_repeats():
    state = new_day(RULES, seed=5).apply(new_day(RULES, seed=5).legal_actions()[0])
    det = Determinization(11)
    outcome = det.outcome(state)
    assert outcome in [c for c, _ in state.chance_outcomes()]
    assert Determinization(11).outcome(state) == outcome
    assert det.outcome(state, {"tile drawn": 7}) == Determinization(11).outcome(
        state, {"tile drawn": 7})


def test_the_first_tile_of_a_determinized_day_has_its_exact_chance():
    """Over 4,000 day seeds the first tile drawn falls on each tile as often as its exact
    chance says, within 4 standard deviations."""
    state = new_day(RULES, seed=0)
    state = state.apply(state.legal_actions()[0])
    exact = dict(state.chance_outcomes())
    n = 4_000
    seen = Counter(Determinization(seed).outcome(state) for seed in range(n))
    assert set(seen) <= set(exact)
    for outcome, p in exact.items():
        sd = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(seen[outcome] / n - float(p)) <= 4 * sd, outcome


def test_each_deck_deals_the_same_cards_whatever_the_player_does():
    """§8: the k-th card of a deck is fixed by the day's seed, whichever rooms and choices
    lead to it: two bots' days share each deck's first cards, and they are the cards
    ``value.deal`` reads off the determinization."""
    for seed in (3, 8):
        det = Determinization(seed)
        days = [play(RULES, policy, seed) for policy in (GreedyPolicy(), RandomPolicy())]
        for deck in ("special_items", "common_items", "trunk", "dig"):
            label = f"{deck} card"
            drawn = [[a.value for a in d.history if type(a) is Chance and a.label == label]
                     for d in days]
            cards = deal(det, dict(RULES.deck_counts(deck)), {}, label, 0, 40)
            for line in drawn:
                assert line == cards[:len(line)], (seed, deck)


def test_a_determinized_day_is_played_by_the_engine_and_replays(won):
    """A determinized day's outcomes are ordinary Chance actions: the winning save replays
    to the same win, and ``Determinization.settle`` answers the same outcomes."""
    assert won.won
    det = Determinization(won.seed)
    history = won.history
    state = new_day(RULES, seed=won.seed)
    for action in history:
        if state.is_chance:
            assert det.outcome(state) == action
        state = state.apply(action)
    assert state.won and state.digest() == won.digest()


# -- the solver ---------------------------------------------------------------------------------

def test_a_won_line_replays_to_a_win_from_json_and_through_the_stepper(won):
    from manorkit.widgets import RunStepper

    before = won.at(len(won.history) - 12)
    found = solve(before, seconds=None, nodes=20_000)
    assert found.verdict == "won" and found.won
    assert list(found.actions[:before.depth]) == before.history
    final = found.state()
    assert final.won
    replayed = State.from_json(final.to_json())
    assert replayed.won and replayed.digest() == final.digest()
    stepper = RunStepper(state=final)
    stepper.go_to(0)
    assert stepper.state.depth == 0 and not stepper.state.is_over
    stepper.go_to(final.depth - 8)
    for _ in range(8):  # the last steps of the line, as a person steps them
        stepper.redo()
    assert stepper.state.won and stepper.state.digest() == final.digest()


def test_a_day_with_no_lever_source_is_proved_lost():
    """§13: no Broken Lever or Secret Garden Key can ever be gained, so no lever opens the
    Antechamber; the shipped rules have sources, so nothing is proved there."""
    rules = no_lever_rules()
    found = solve(4, rules, seconds=None, nodes=10)
    assert found.verdict == "lost" and "no lever can be pulled" in found.reason
    assert found.nodes == 0
    assert no_lever(new_day(RULES, seed=4)) == ""
    assert solve(4, seconds=None, nodes=10).verdict == "unknown"


def _brute(det: Determinization, node, decisions_left: int) -> bool:
    """Whether a line of at most ``decisions_left`` decisions from ``node`` wins, every
    decision tried (no memory, no cuts but ending the day): the plain enumeration the
    solver's complete search must agree with."""
    if decisions_left == 0:
        return False
    for action in node.state.legal_actions():
        if type(action) is EndDay:
            continue
        kid = child(det, node, action)
        if kid.state.won or (kid.state.over is None and _brute(det, kid, decisions_left - 1)):
            return True
    return False


@pytest.mark.parametrize("seed", [1, 2])
def test_the_complete_search_agrees_with_brute_force_on_a_small_tree(seed):
    """Three starting steps: the whole decision tree is walked; the solver's complete search
    (keys, cuts) and plain enumeration agree, and the solver says ``lost``."""
    rules = tiny_rules(3)
    det = Determinization(seed)
    first = root(det, new_day(rules, seed=seed))
    search = Search(det, first, Budget(None, 100_000))
    assert search.drive(search.complete()) is True
    assert _brute(det, first, 60) is False
    assert solve(seed, rules, seconds=None, nodes=100_000).verdict == "lost"


def _more_steps(state: State, extra: int) -> State:
    """``state`` with ``extra`` more steps (gained, so its step ledger balances)."""
    from dataclasses import replace

    from manorkit.blueprince.engine.state import freeze

    res = dict(state.resources, steps=state.resources["steps"] + extra)
    return replace(state, resources=freeze(res), steps_gained=state.steps_gained + extra)


FIELDS = ("position", "items", "board", "padlocks", "dirt", "trunks", "fruit", "tokens", "bag",
          "decks", "held_cards", "entered", "flags", "carry", "pending", "drafting", "turn")


@pytest.mark.parametrize("variants", [{}, {"zero_steps": "may_finish_room"}], ids=str)
def test_more_steps_never_take_a_line_away(variants):
    """The complete search's cut (:meth:`Search.complete`): from a moment with more steps,
    all else the same, every line of the day played from the original stays legal and
    reaches moments alike but for as many steps or more, until the original day ends."""
    rules = load_rules(**variants)
    compared = 0
    for seed in range(12):
        rng = random.Random(seed)
        policy = GreedyPolicy() if seed % 2 else RandomPolicy()
        day = [new_day(rules, seed=seed)]
        while not day[-1].is_over:
            s = day[-1]
            day.append(s.resolve(rng) if s.is_chance else s.apply(policy(s, rng)))
        for start in range(0, len(day) - 1, 7):
            more = _more_steps(day[start], 1 + start % 5)
            for original in day[start + 1:]:
                more = more.apply(original.action)  # legal: no IllegalAction
                if original.is_over and more.over != original.over:
                    break  # the original ran out of steps; the richer day goes on
                assert all(getattr(more, f) == getattr(original, f) for f in FIELDS)
                assert more.over == original.over
                res, got = original.resources, more.resources
                assert all(got[r] == n for r, n in res.items() if r != "steps")
                assert got["steps"] >= res["steps"]
                compared += 1
    assert compared > 2_000


def test_the_complete_search_finds_the_win_brute_force_finds(won):
    """Two decisions before the end of the won day both searches find the win."""
    det = Determinization(won.seed)
    decided = [i for i, a in enumerate(won.history) if type(a) is not Chance]
    near = root(det, won.at(decided[-2]))
    assert _brute(det, near, 2) and not _brute(det, near, 1)
    search = Search(det, near, Budget(None, 50_000))
    with pytest.raises(Found) as found:
        search.drive(search.complete())
    assert found.value.node.state.won


def test_every_restart_setting_finds_a_near_win_and_repeats(won):
    """Each walk :meth:`Search.restarts` cycles through (novelty band, jitter, move and
    draft as one) finds the win four decisions before the end of the won day; a jittered
    walk finds the same line again from the same seed."""
    det = Determinization(won.seed)
    decided = [i for i, a in enumerate(won.history) if type(a) is not Chance]
    near = won.at(decided[-4])

    def walk(bucket, noise, by_draft, seed):
        search = Search(det, root(det, near), Budget(None, 20_000))
        with pytest.raises(Found) as found:
            search.drive(search.novel(by_draft, bucket, noise, seed))
        return found.value.node

    for bucket, noise, by_draft in solver.RESTARTS:
        node = walk(bucket, noise, by_draft, seed=3)
        state = near
        for action in node.line():
            state = state.apply(action)
        assert state.won
        if noise:
            assert walk(bucket, noise, by_draft, seed=3).line() == node.line()


def _restart_walks(monkeypatch, walks: int) -> list[tuple]:
    """The walks :meth:`Search.restarts` runs on day 5 with ``RESTART = 40`` and a budget of
    ``walks`` of them: (setting, seed, nodes at its start, its start, the best node then)."""
    monkeypatch.setattr(solver, "RESTART", 40)
    out = []
    novel = Search.novel

    def spy(self, by_draft=False, bucket=0.0, noise=0.0, seed=0, start=None):
        best = self.best[1] if self.best else None
        out.append(((bucket, noise, by_draft), seed, self.budget.nodes, start, best))
        return novel(self, by_draft, bucket, noise, seed, start)

    monkeypatch.setattr(Search, "novel", spy)
    det = Determinization(5)
    search = Search(det, root(det, new_day(RULES, seed=5)), Budget(None, 40 * walks))
    assert search.drive(search.restarts()) is None
    return out


def test_the_restarts_cycle_their_settings_and_return_to_the_best_moment(monkeypatch):
    """Each walk runs ``RESTART`` nodes. The walks from the morning cycle through the
    settings, each with a seed of its own; after every ``RETURN_EVERY`` of them, walks start
    from the best moment met (never twice from one), by draft every other time."""
    walks = _restart_walks(monkeypatch, 30)
    mornings = [w for w in walks if w[3] is None]
    returns = [w for w in walks if w[3] is not None]
    settings = solver.RESTARTS
    assert [w[0] for w in mornings] == [settings[i % len(settings)] for i in range(len(mornings))]
    assert [w[1] for w in mornings] == list(range(len(mornings)))
    assert len(mornings) > len(settings) and returns
    assert all(w[3] is w[4] for w in returns)
    assert len({id(w[3]) for w in returns}) == len(returns)
    assert [w[0][2] for w in returns] == [i % 2 == 0 for i in range(len(returns))]
    for i, w in enumerate(walks):
        if w[3] is not None:
            before = sum(1 for v in walks[:i] if v[3] is None)
            assert before and before % solver.RETURN_EVERY == 0
    assert all(40 <= b[2] - a[2] < 80 for a, b in zip(walks, walks[1:], strict=False))


def test_without_returns_the_restarts_only_walk_from_the_morning(monkeypatch):
    monkeypatch.setattr(solver, "RETURN_EVERY", 0)
    starts = [w[3] for w in _restart_walks(monkeypatch, 12)]
    assert len(starts) >= 12 and starts == [None] * len(starts)


def test_a_walk_takes_up_at_once_a_moment_better_than_any_met():
    """Under a value that rates each moment above every one before it, every child is the
    best met when it is scored, so the walk expands the last child of the morning next (the
    best), not the first (the only one new by its rooms and items)."""
    det = Determinization(5)
    first = root(det, new_day(RULES, seed=5))
    rising = iter(range(1, 10**6))
    search = Search(det, first, Budget(None, 10_000), value=lambda node: next(rising))
    expanded = []
    children = search._children

    def spy(node, by_draft=False):
        expanded.append(node)
        return children(node, by_draft)

    search._children = spy
    walk = search.novel()
    next(walk)
    kids = list(children(first))
    assert len(kids) >= 3
    next(walk)
    assert expanded[0] is first
    assert expanded[1].actions == kids[-1].actions


def test_a_won_line_says_which_lever_it_pulled(won):
    """``how`` reads the won line's end: the lever sides pulled and the rooms placed; the
    winnability table counts won days by lever."""
    decided = [i for i, a in enumerate(won.history) if type(a) is not Chance]
    found = solve(won.at(decided[-3]), seconds=None, nodes=20_000)
    assert found.won
    end = found.state()
    assert found.how() == {"lever": " + ".join(end.flags["levers"]), "rooms": len(end.board)}
    assert found.how()["lever"] in {"south", "west", "east"} and found.how()["rooms"] > 2
    assert solve(1, seconds=None, nodes=50).how() == {"lever": "", "rooms": None}
    frame = pd.DataFrame({"verdict": ["won", "won", "won", "unknown"],
                          "lever": ["west", "south", "west", ""],
                          "rooms": pd.array([20, 30, 24, None], dtype="Int64")})
    table = Winnability(frame, ()).won_lines().set_index("lever")
    assert table.loc["west", "days"] == 2 and table.loc["west", "rooms (median)"] == 22
    assert table.loc["south", "share of won days"] == pytest.approx(1 / 3)
    assert list(table.index) == ["south", "west"]


def test_an_exhausted_budget_says_unknown():
    found = solve(1, seconds=None, nodes=50)
    assert found.verdict == "unknown" and not found.decided and found.actions == ()
    with pytest.raises(ValueError, match="budget"):
        solve(1, seconds=None, nodes=None)


def test_a_search_stops_when_its_memory_is_spent():
    """``memory`` bounds what the search adds to the process (here less than nothing: it
    stops at the first reading, after MEMORY_EVERY nodes)."""
    found = solve(1, seconds=None, nodes=10 * MEMORY_EVERY, memory=-1.0)
    assert found.verdict == "unknown" and found.reason.startswith("memory spent")
    assert MEMORY_EVERY <= found.nodes < 2 * MEMORY_EVERY  # (a node's children end first)
    assert solve(1, seconds=None, nodes=MEMORY_EVERY + 1).reason.startswith("budget spent")


# -- the search bot ---------------------------------------------------------------------------

def test_the_search_bot_never_reads_the_days_future():
    """The bot sees the state, not the day's seed: the same moment of a day replayed under
    another seed (so every future random step differs) gets the same decisions."""
    bot = SearchPolicy(samples=2, nodes=150)
    state = new_day(RULES, seed=21)
    chance = random.Random(2)
    for _ in range(25):
        if state.is_over:
            break
        if state.is_chance:
            state = state.resolve(chance)
            continue
        twin = new_day(RULES, seed=987654)
        for action in state.history:
            twin = twin.apply(action)
        assert twin.seed != state.seed and twin.snapshot() == state.snapshot()
        mine = bot(state, random.Random(state.depth))
        assert bot(twin, random.Random(state.depth)) == mine
        state = state.apply(mine)


def _there_and_back(seed: int):
    """A moment of a day (the planner deciding) in a room left and entered again at no gain:
    the moment, and the two moves that lead back to it with fewer steps."""
    state, chance, rng, planner = new_day(RULES, seed=seed), random.Random(2), \
        random.Random(0), PlannerPolicy()
    while not state.is_over:
        if state.is_chance:
            state = state.resolve(chance)
            continue
        for go in state.legal_actions(Move):
            there = state.apply(go)
            if go.cell in state.entered and go.cell != state.position and not there.is_chance:
                back = [m for m in there.legal_actions(Move) if m.cell == state.position]
                if back and there.apply(back[0]).resources["coins"] == state.resources["coins"]:
                    return state, go, back[0]
        state = state.apply(planner(state, rng))
    raise AssertionError("no room left and entered again")


def test_the_value_bot_takes_another_decision_where_it_has_been_before():
    """A moment met again on the day's line (all but steps the same) gets a decision not
    taken there before; the memory is the line's, so asked at the first moment again (a
    line that does not go on from the last) the bot chooses as it did."""
    state, go, back = _there_and_back(21)
    bot = SearchPolicy(samples=1, nodes=60)
    first = bot(state, random.Random(0))
    again = state.apply(go).apply(back)
    assert again.position == state.position and again.board == state.board
    assert again.resources["steps"] < state.resources["steps"]
    second = bot(again, random.Random(0))
    assert second != first and second in again.legal_actions()
    assert bot(state, random.Random(0)) == first


def test_the_value_bot_plays_on_to_the_win_from_near_it(won):
    """Four decisions before the end of the won day the bot plays on to the win, the day's
    random steps resolved as the day fixes them."""
    det = Determinization(won.seed)
    decided = [i for i, a in enumerate(won.history) if type(a) is not Chance]
    bot, rng = SearchPolicy(samples=2, nodes=300), random.Random(1)
    node = root(det, won.at(decided[-4]))
    for _ in range(20):
        if node.state.is_over:
            break
        node = child(det, node, bot(node.state, rng))
    assert node.state.won


def test_the_search_bot_plays_days_the_same_on_every_backend():
    from manorkit.blueprince.sim import simulate

    bot = SearchPolicy(samples=1, nodes=60)
    local = simulate(bot, 2, seed=4)
    pooled = simulate(bot, 2, seed=4, backend="processes", processes=2, batch=1)
    assert local.equals(pooled)
    assert (local["actions"] > 0).all()


# -- winnability ----------------------------------------------------------------------------------

def test_winnability_is_the_same_on_every_backend_and_bounds_itself():
    bots = {"greedy": GreedyPolicy()}
    local = winnability(3, seed=2, policies=bots, nodes=300, progress=False)
    pooled = winnability(3, seed=2, policies=bots, nodes=300, backend="processes",
                         processes=2, batch=1, progress=False)
    drop = ["seconds"]
    assert local.frame.drop(columns=drop).equals(pooled.frame.drop(columns=drop))
    summary = local.summary().set_index("measure")
    low = summary.loc["winnable: at least (won or a bot won)", "share"]
    high = summary.loc["winnable: at most (not proved lost)", "share"]
    assert 0 <= low <= high <= 1
    assert list(local.frame.columns) == ["day", "seed", "verdict", "nodes", "seconds", "lever",
                                         "rooms", "greedy"]


def test_a_bot_that_wins_a_day_shows_it_winnable(won):
    """A day a bot wins counts as winnable even where the solver's budget ran out: the bot
    played the same determinized day. Here a bot replays the solver's winning line."""
    line = [a for a in won.history if type(a) is not Chance]

    class Replay:
        needs_state = True

        def __call__(self, state, rng):
            return line[sum(1 for a in state.history if type(a) is not Chance)]

    assert play(RULES, Replay(), won.seed).won
    from manorkit.blueprince.search.winnability import Winnability, _frame

    frame = _frame([{"day": 0, "seed": won.seed, "verdict": "unknown", "nodes": 1,
                     "seconds": 0.0, "replay": True}], {"replay": None})
    result = Winnability(frame, ("replay",))
    assert result.winnable.tolist() == [True]
    summary = result.summary().set_index("measure")
    assert summary.loc["replay: share of the days shown winnable", "share"] == 1.0
    assert summary.loc["winnable: at least (won or a bot won)", "count"] == 1
