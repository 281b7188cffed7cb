"""Draft odds asked of a state (issue 25): :func:`odds.draft_situation` reads an engine state
at a door as the engine will draft from it, and :func:`odds.draft_with` of that situation
equals a Monte Carlo of the engine's own draws from that state, within 4 standard errors plus
1/n (|p_hat - p| <= 4 sqrt(p(1-p)/n) + 1/n), on 20 states from played days; a situation built
by hand answers as the keywords of old did."""

import random
from dataclasses import replace
from itertools import count

import pytest

from manorkit.blueprince import load_rules, odds
from manorkit.blueprince.board import edge, neighbour
from manorkit.blueprince.engine import Campaign, Chance, Draft, Redraw, Take, new_day
from manorkit.blueprince.engine.drafting import slots
from manorkit.blueprince.engine.fast import FastDay
from manorkit.blueprince.odds import DraftSituation, Wanted, draft_situation, draft_with
from manorkit.blueprince.odds.drafting import targets
from manorkit.blueprince.sim.policies import greedy_policy, play_day

RULES = load_rules()
KINDS = {"a Green Room": Wanted("colour:green"),
         "anything you can pay for": Wanted(affordable=True),
         "a Blueprint room you can pay for": Wanted("colour:blue", affordable=True)}
NAMES = {label: set(targets(k.target, rules=RULES)) if k.target else set(RULES.rows("rooms.csv"))
         for label, k in KINDS.items()}
TRIALS = 1500


def _moments(n: int = 20) -> list[tuple]:
    """``n`` moments of greedy days (the campaign's bonuses vary the Ivory Dice and gems
    held) where a draft is offered through a door without a padlock, each with that door:
    the first such moment a third and two thirds into each day, without the Archives (which
    tile to hide is the player's choice) or the Furnace (so is which redraw to spend)."""
    found: list[tuple] = []
    for seed in count():
        morning = Campaign(bonuses=(("ivory_dice", seed % 3), ("gems", seed % 4)))
        day = play_day(new_day(RULES, seed=seed, campaign=morning), greedy_policy,
                       random.Random(seed))
        for start in (day.depth // 3, 2 * day.depth // 3):
            for depth in range(start, day.depth):
                state = day.at(depth)
                if state.is_chance or {"Archives", "Furnace"} & state.on_board():
                    continue
                drafts = [a for a in state.legal_actions(Draft)
                          if edge(state.position, a.direction) not in state.padlocks]
                if drafts:
                    found.append((state, drafts[-1]))
                    break
            if len(found) == n:
                return found
    raise AssertionError("unreachable")


MOMENTS = _moments()


def _holds(day, label: str) -> bool:
    """Whether the hand of ``day`` offers the kind ``label``: a tile of it that fits, or,
    for a kind to pay for, a Take of it the engine offers."""
    names = NAMES[label]
    if KINDS[label].affordable:
        return any(t.room in names for t in day.legal_actions(Take))
    return any(room in names and turns for room, turns, _, _ in slots(day))


def _drafted(state, draft, rng) -> tuple[set, set]:
    """One draft through ``draft``'s door, the engine's own draws (its fast mode, with
    ``rng``) once the door opens: the kinds its first hand offered, and those any hand
    offered, redrawing with the first redraw offered while one is (a free one first) — so
    each kind is seen as by the player who redraws until its first success."""
    day = FastDay(state, rng)
    day.apply(draft)
    first = None
    ever: set = set()
    while True:
        if day.is_chance:
            if day.pending[0].kind == "lock_roll":
                day.apply(Chance("OPEN", "lock roll"))
            else:
                day.resolve()
            continue
        if day.drafting is None:  # the bag ran out
            return first or set(), ever
        hit = {label for label in KINDS if _holds(day, label)}
        ever |= hit
        first = hit if first is None else first
        redraws = day.legal_actions(Redraw)
        if not redraws:
            return first, ever
        day.apply(next((r for r in redraws if r.source == "no_fit"), redraws[0]))


def _close(hits: int, p, n: int) -> bool:
    p = float(p)
    return abs(hits / n - p) <= 4 * (p * (1 - p) / n) ** 0.5 + 1 / n


def test_the_moments_are_varied():
    assert len(MOMENTS) == 20
    situations = [draft_situation(s, d.direction) for s, d in MOMENTS]
    assert len({s.ivory for s in situations}) >= 2 and len({s.gems for s in situations}) >= 3
    assert len({s.cell for s in situations}) >= 10 and len({s.bag for s in situations}) == 20


@pytest.mark.parametrize("index", range(20))
def test_a_states_draft_odds_equal_the_engines_draws(index):
    state, draft = MOMENTS[index]
    situation = draft_situation(state, draft.direction)
    rng = random.Random(index)
    firsts, evers = zip(*(_drafted(state, draft, rng) for _ in range(TRIALS)), strict=True)
    for label, kind in KINDS.items():
        exact_first = draft_with(kind.target or tuple(NAMES[label]), situation.first_hand(),
                                 affordable=kind.affordable)
        exact_end = draft_with(kind.target or tuple(NAMES[label]), situation,
                               affordable=kind.affordable)
        assert _close(sum(label in f for f in firsts), exact_first, TRIALS), (label, "first")
        assert _close(sum(label in e for e in evers), exact_end, TRIALS), (label, "end")


def test_the_situation_reads_the_room_drafted_from():
    state, draft = MOMENTS[0]
    here = state.position

    def standing_in(room: str, **flags):
        tile = replace(state.board[here], room=room)
        return replace(state, board={**state.board, here: tile},
                       flags={**state.flags, **flags})

    door = draft.direction
    library = draft_situation(standing_in("Library"), door)
    assert (library.plan.first, library.plan.redraw) == (4, 4)
    assert draft_situation(standing_in("Drawing Room"), door).plan.free_redraw
    chain = draft_situation(standing_in("Tunnel", sleeve=2), door).plan
    assert (chain.first, chain.sleeve, chain.redraw) == (2, True, 3)
    assert draft_situation(standing_in("Rotunda"), door).plan.rotate
    hovel = draft_situation(standing_in("Spare Room", hovel=True), door)
    assert hovel.hovel and hovel.steps == state.resources["steps"]
    assert draft_situation(state, "NESW"[door]) == draft_situation(state, door)


def test_a_situation_is_asked_before_a_draft_through_a_door_to_an_empty_cell():
    state, draft = MOMENTS[0]
    drawing = state.apply(draft)
    with pytest.raises(ValueError, match="in progress"):
        draft_situation(drawing, draft.direction)
    with pytest.raises(ValueError, match="door must be"):
        draft_situation(state, "X")
    here, door = state.position, draft.direction
    one_door = replace(state.board[here], doors=frozenset({door}))
    with pytest.raises(ValueError, match="has no door"):
        draft_situation(replace(state, board={**state.board, here: one_door}), (door + 1) % 4)
    beyond = neighbour(here, door)
    built = replace(state, board={**state.board, beyond: replace(one_door, cell=beyond)})
    with pytest.raises(ValueError, match="no empty cell"):
        draft_situation(built, door)


@pytest.mark.parametrize("keywords", [
    dict(gems=2, ivory=1, affordable=True),
    dict(draw="Library", cell=(3, 2), door="N", exit="E", study=True, gems=3),
    dict(draw="Drawing Room", furnace=True, silver_key=True),
    dict(draw="Tunnel", sleeve=2, terrace=True, hovel=True, steps=4, affordable=True),
])
def test_a_situation_by_hand_answers_as_the_keywords_did(keywords):
    question = {k: keywords.pop(k) for k in ("affordable", "exit") if k in keywords}
    situation = DraftSituation.of(**keywords)
    assert draft_with("colour:green", situation, **question) == \
        draft_with("colour:green", **keywords, **question)
    alone = {**keywords, "ivory": 0, "study": False, "silver_key": False}
    if keywords.get("draw") == "Drawing Room":  # without its free redraw: 3 tiles, its bag
        alone.update(draw=3, bag=dict(situation.bag))
    assert draft_with("colour:green", situation.first_hand(), **question) == \
        draft_with("colour:green", **alone, **question)
    with pytest.raises(TypeError):
        draft_with("colour:green", situation, gems=1)


def test_the_chances_at_each_door_are_the_situations():
    state, _ = MOMENTS[0]
    rows = odds.door_chances(KINDS)(state)
    doors = sorted({a.direction for a in state.legal_actions(Draft)})
    assert [r["door"] for r in rows] == [w for d in doors for w in ["north", "east", "south",
                                                                    "west"][d:d + 1] * 3]
    for row in rows:
        d = ["north", "east", "south", "west"].index(row["door"])
        kind = KINDS[row["kind"]]
        situation = draft_situation(state, d)
        assert row["first hand"] == kind.chance(situation.first_hand())
        assert row["by the end of the draft"] == kind.chance(situation)
    drawing = state.apply(state.legal_actions(Draft)[0])
    assert odds.door_chances(KINDS)(drawing) == []  # a random step: nothing to draft through
