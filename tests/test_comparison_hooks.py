"""The five-game comparison's game-side pieces: the swing hooks of Mystery Mansion, Nightmare
House and Blue Prince against their calculators, and Blue Prince's random steps by source
(``manorkit.blueprince.sim.comparison``)."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from manorkit.sim.games import event_counts


def _first(game, policy, wanted, seeds=range(40), players=None):
    """The first decision point of games of ``game`` played by ``policy`` where ``wanted``
    holds, and the rules."""
    kwargs = {} if players is None else {"players": players}
    for seed in seeds:
        state = game.new_game(seed=seed, **kwargs)
        rng, chance = random.Random(seed), random.Random(f"chance:{seed}")
        while not state.is_over:
            if state.is_chance:
                state = state.resolve(chance)
                continue
            if wanted(state):
                return state
            state = state.apply(policy(state, rng))
    raise AssertionError("no such decision point in the games tried")


# -- Mystery Mansion ----------------------------------------------------------------------------
def test_mystery_mansion_swing_between_the_door_die_and_a_key():
    from manorkit import mystery_mansion as mm
    from manorkit.mystery_mansion.actions import Play, Roll
    from manorkit.mystery_mansion.policies import heuristic_policy

    def blind_key(state):
        chests = {c.n: c for c in state.board.chests}
        return Roll() in state.legal_actions() and any(
            isinstance(a, Play) and a.card.startswith("Key ")
            and chests[int(a.target)].label is None for a in state.legal_actions())
    state = _first(mm, heuristic_policy, blind_key)
    rules, b = state.rules, state.board
    seen = tuple(c.label for c in b.chests if c.label is not None)
    keys = {int(a.card.split()[1]) for a in state.legal_actions()
            if isinstance(a, Play) and a.card.startswith("Key ")
            and b.chest(a.target).label is None}
    chances = [mm.door_die(rules).p("OPEN")] + [
        mm.key_matches(rules, k, found=1, seen=seen).p(1) for k in keys]
    assert mm.decision_swing(state) == max(chances) - min(chances) > 0


def test_mystery_mansion_swing_is_none_where_no_decision_leads_to_a_random_step():
    from manorkit import mystery_mansion as mm
    from manorkit.mystery_mansion.actions import Move
    from manorkit.mystery_mansion.policies import heuristic_policy

    state = _first(mm, heuristic_policy,  # after OPEN: only moves (no room to add)
                   lambda s: all(isinstance(a, Move) for a in s.legal_actions()))
    assert mm.decision_swing(state) is None


# -- Nightmare House ----------------------------------------------------------------------------
def test_nightmare_house_swing_over_the_hunters_a_haunt_may_fall_on():
    from manorkit import nightmare_house as nh
    from manorkit.nightmare_house.actions import Go
    from manorkit.nightmare_house.haunt_phase import _haunt_by, hunter_roll
    from manorkit.nightmare_house.policies import heuristic_policy

    def onto_hunters(state):
        b = state.board
        return state.player == "House" and b.queue[0].kind == "haunt_move" and sum(
            isinstance(a, Go) and bool(b.present(a.where)) for a in state.legal_actions()) >= 2
    state = _first(nh, heuristic_policy, onto_hunters)
    # each target's chance from the engine's own rolls: the House's total against each
    # Hunter's there (one House roll, each Hunter his own)
    chances = []
    for action in state.legal_actions():
        after = state.apply(action)
        if not after.is_chance or after.board.queue[0].kind != "house_roll":
            continue
        b = after.board
        haunt = _haunt_by(b, b.queue[0].args[0])
        rolls = [hunter_roll(b, after.rules, p, haunt) for p in b.present(haunt.space)]
        beaten = Fraction(0)
        for house, p in after.chance_outcomes():
            held = Fraction(1)
            for roll in rolls:
                held *= roll.p(lambda t, h=house.value: t >= h)
            beaten += p * (1 - held)
        chances.append(beaten)
    assert len(chances) >= 2
    assert nh.decision_swing(state) == max(chances) - min(chances)


def test_nightmare_house_swing_of_a_ward_taken_or_declined_is_zero():
    from manorkit import nightmare_house as nh
    from manorkit.nightmare_house.policies import heuristic_policy

    state = _first(nh, heuristic_policy, lambda s: s.board.queue[0].kind == "ward")
    assert nh.decision_swing(state) == 0  # one roll (warding) against declining it


# -- Blue Prince ----------------------------------------------------------------------------------
def test_every_random_step_of_the_blue_prince_engine_has_a_source():
    from manorkit.blueprince.engine import hooks, pending
    from manorkit.blueprince.sim.comparison import SOURCES, source

    labels = {rule.label for rule in hooks.ROLLS.values()}  # every roll's
    # every other step's label reads its class alone (a card draw's is "<deck> card")
    steps = [c for c in vars(pending).values() if isinstance(c, type)
             and issubclass(c, pending.Step) and c not in (pending.Step, pending.Roll,
                                                           pending.CardDraw)]
    labels |= {step.label(step) for step in steps}
    assert len(steps) >= 5 and {"tile drawn", "lock roll", "orientation"} <= labels
    assert labels <= set(SOURCES)
    assert set(SOURCES.values()) <= {"tile", "dice", "card", "other"}

    class Drawn:
        label = "Dig card"
    assert source(Drawn) == "card"
    assert {source(type("C", (), {"label": k})) for k in ("tile drawn", "lock roll")} == {
        "tile", "dice"}


def test_blue_prince_days_counted_by_source():
    from manorkit.blueprince.engine.actions import Chance
    from manorkit.blueprince.rules import load_rules
    from manorkit.blueprince.sim import GreedyPolicy, simulate
    from manorkit.blueprince.sim.comparison import events_table, source
    from manorkit.blueprince.sim.run import play
    from manorkit.sim.seeds import day_seeds

    table = events_table(GreedyPolicy(), 6, seed=2)
    plain = simulate(GreedyPolicy(), 6, seed=2)
    assert table[list(plain.columns)].equals(plain)  # the same days as simulate's
    assert list(table["decisions"]) == list(plain["actions"])
    rules = load_rules()
    for row, seed in zip(table.itertuples(), day_seeds(2, 6), strict=True):
        history = play(rules, GreedyPolicy(), seed).history
        drawn = [a for a in history if isinstance(a, Chance)]
        assert row.chance_events == len(drawn) > 0
        assert row.chance_tile == sum(a.label.startswith("tile") or a.label == "orientation"
                                      for a in drawn) > 0  # (no Rotunda, no Outer Room)
        by = Counter(source(a) for a in drawn)
        assert [row.chance_dice, row.chance_card, row.chance_other] == [
            by["dice"], by["card"], by["other"]]
    assert event_counts([]) == dict.fromkeys(table.columns[-6:], 0)


def test_the_blue_prince_swing_over_the_doors_a_draft_may_take():
    from manorkit.blueprince import load_rules
    from manorkit.blueprince.board import NAMES, neighbour
    from manorkit.blueprince.engine import new_day
    from manorkit.blueprince.engine.actions import Draft
    from manorkit.blueprince.odds import lock_chance
    from manorkit.blueprince.odds.drafting_redraws import draft_with
    from manorkit.blueprince.sim.comparison import decision_swing

    # the lock die by the cell drafted into: from the Entrance Hall (Rank 1) north leads to
    # Rank 2, east and west stay at Rank 1; no die at either, so the doors differ only in
    # the cells beyond (the board's edge)
    rules = load_rules(lock_rank_basis="target_cell")
    state = new_day(rules, seed=4)
    drafts = state.legal_actions(Draft)
    assert len(drafts) >= 2
    bag = {k: n for k, n in state.bag.items() if n}
    chances = []
    for d in drafts:
        cell = neighbour(state.position, d.direction)
        onward = "".join(NAMES[i] for i in range(4) if i != (d.direction + 2) % 4
                         and neighbour(cell, i) is not None)
        locked = lock_chance(1, "Entrance Hall", direction=NAMES[d.direction], rules=rules)
        chances.append((1 - locked) * draft_with(tuple(bag), bag, "Entrance Hall", cell=cell,
                                                 door=NAMES[d.direction], exit=onward,
                                                 rules=rules))
    assert decision_swing(state) == max(chances) - min(chances)
    assert all(0 <= c <= 1 for c in chances) and len(set(chances)) > 1
    moved = state.apply(drafts[0])
    assert decision_swing(moved) is None  # at a random step's choice: no door to draft


@pytest.mark.parametrize("variants", [{}, {"tile_orientation": "player_choice"}])
def test_blue_prince_is_a_game_of_one_seat_for_the_swing(variants):
    from manorkit.blueprince import load_rules
    from manorkit.blueprince.sim import GreedyPolicy
    from manorkit.sim.compare_games import decision_swing

    swing = decision_swing("manorkit.blueprince.sim.comparison", GreedyPolicy(), 2,
                           rules=load_rules(**variants), seed=5)
    assert swing.points > 0 and 0 <= swing.mean[0] <= swing.largest <= 1
